//! The side table of source spans ([`ParseOptions::spans`](crate::ParseOptions::spans)): where
//! in the document's text each node came from, kept beside the [`Document`](super::Document)'s
//! nodes and empty when spans are off, so that node records stay as they are. The types it
//! gives out, [`NodeSpan`] and [`AttrSpan`], are the vocabulary's ([`crate::markup`]).

use std::ops::Range;

use crate::markup::{AttrSpan, NodeSpan};
use crate::tokenizer::start_tag_attribute_spans;

/// `usize::MAX` as a range's start: no range.
const NONE: usize = usize::MAX;

/// One node's entry of the side table.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NodeSource {
    start: (usize, usize),
    end: (usize, usize),
    /// The spans of the attributes added to the element after its start tag (by a later
    /// `<html>` or `<body>` tag): `added[from..from + len]` of the table; `from` is `NONE`
    /// when the element's attributes were changed after parsing (their spans are unknown).
    /// The spans of the start tag's own attributes are found again in its text when asked for
    /// ([`SpanTable::get`]), so that parsing does not pay for them.
    added: (usize, usize),
}

impl NodeSource {
    const EMPTY: NodeSource = NodeSource {
        start: (NONE, NONE),
        end: (NONE, NONE),
        added: (0, 0),
    };
}

fn range((s, e): (usize, usize)) -> Option<Range<usize>> {
    (s != NONE).then_some(s..e)
}

/// The side table: one entry per node up to the last node with a span, and the spans of
/// attributes added after the start tag. Empty when spans are off.
#[derive(Debug, Clone, Default)]
pub(crate) struct SpanTable {
    /// Whether the parse recorded spans.
    recorded: bool,
    nodes: Vec<NodeSource>,
    added: Vec<AttrSpan>,
}

impl SpanTable {
    /// A table for a parse that records spans, with room for `nodes` nodes.
    pub(crate) fn recording(nodes: usize) -> SpanTable {
        SpanTable {
            recorded: true,
            nodes: Vec::with_capacity(nodes),
            added: Vec::new(),
        }
    }

    /// The span of node `index`; `attrs` is its number of attributes when it is an element,
    /// `source` the document's text.
    pub(crate) fn get(&self, index: usize, attrs: Option<usize>, source: &str) -> NodeSpan {
        let Some(n) = self.nodes.get(index) else {
            return NodeSpan::default();
        };
        let mut span = NodeSpan {
            start: range(n.start),
            end: range(n.end),
            attrs: Vec::new(),
        };
        if let Some(count) = attrs
            && n.added.0 != NONE
        {
            let added = &self.added[n.added.0..n.added.0 + n.added.1];
            let own = count.saturating_sub(added.len());
            if own > 0 {
                if let Some(tag) = span.start.clone().and_then(|s| source.get(s)) {
                    let base = n.start.0;
                    start_tag_attribute_spans(tag, base, own, &mut span.attrs);
                }
                if span.attrs.len() != own {
                    span.attrs.clear();
                    return span;
                }
            }
            span.attrs.extend_from_slice(added);
        }
        span
    }

    #[inline]
    fn entry(&mut self, index: usize) -> &mut NodeSource {
        if self.nodes.len() <= index {
            self.nodes.resize(index + 1, NodeSource::EMPTY);
        }
        &mut self.nodes[index]
    }

    /// Sets the start range of node `index`.
    #[inline]
    pub(crate) fn set_start(&mut self, index: usize, span: Range<usize>) {
        // Nodes get their spans as they are created: usually the next entry.
        if self.nodes.len() == index {
            self.nodes.push(NodeSource {
                start: (span.start, span.end),
                ..NodeSource::EMPTY
            });
        } else {
            self.entry(index).start = (span.start, span.end);
        }
    }

    /// Sets the end range of node `index`.
    pub(crate) fn set_end(&mut self, index: usize, span: Range<usize>) {
        self.entry(index).end = (span.start, span.end);
    }

    /// Widens the start range of node `index` to cover `span` too (text that grew).
    pub(crate) fn extend_start(&mut self, index: usize, span: Range<usize>) {
        let e = self.entry(index);
        e.start = if e.start.0 == NONE {
            (span.start, span.end)
        } else {
            (e.start.0.min(span.start), e.start.1.max(span.end))
        };
    }

    /// Node `to` gets node `from`'s start range and attribute spans.
    pub(crate) fn copy_start(&mut self, from: usize, to: usize) {
        let Some(&f) = self.nodes.get(from) else {
            return;
        };
        let t = self.entry(to);
        t.start = f.start;
        t.added = f.added;
    }

    /// Element `index`, whose attributes were `old` spans, took the attributes of `extra`.
    pub(crate) fn add_attrs(&mut self, index: usize, extra: &[AttrSpan]) {
        let (from, len) = self.entry(index).added;
        if from == NONE {
            return;
        }
        let old = self.added[from..from + len].to_vec();
        let at = self.added.len();
        self.added.extend(old);
        self.added.extend_from_slice(extra);
        let len = self.added.len() - at;
        self.entry(index).added = (at, len);
    }

    /// Node `index`'s attributes changed: its attribute spans are no longer known.
    pub(crate) fn forget_attrs(&mut self, index: usize) {
        if let Some(n) = self.nodes.get_mut(index) {
            n.added = (NONE, 0);
        }
    }

    /// Whether the parse recorded spans.
    pub(crate) fn recorded(&self) -> bool {
        self.recorded
    }
}
