//! What the whole-input parses (a document's text, its bytes in one or two parts, a fragment)
//! share: the node table sized from the markup ([`SizeHint`]), the arena sink with or without
//! source spans (`with_arena_sink!`), the driver's run with the encoding state of "change the
//! encoding" (13.2.3.4, [`drive`]), and the document a finished run built.

use super::driver::{Driver, Pause};
use super::options::ParseOptions;
use crate::dom::{ArenaSink, Document};
use crate::input::{EncodingChange, change_the_encoding};
use encoding_rs::Encoding;

/// Evaluates `$run` with `$sink` bound to a new [`ArenaSink`] over `$input` with room for
/// `$nodes` nodes and `$options.max_nodes` as its node budget: with source spans when
/// `$options.spans` (a sink of another type, so `$run` is compiled once for each).
macro_rules! with_arena_sink {
    ($arena:expr, $input:expr, $options:expr, $nodes:expr, $sink:ident => $run:expr) => {
        if $options.spans {
            let mut $sink = ArenaSink::with_spans($arena, $input, $options.collect_errors, $nodes);
            $sink.set_max_nodes($options.max_nodes);
            $run
        } else {
            let mut $sink =
                ArenaSink::with_capacity($arena, $input, $options.collect_errors, $nodes);
            $sink.set_max_nodes($options.max_nodes);
            $run
        }
    };
}
pub(super) use with_arena_sink;

/// How a run of the tokenizer and tree builder over the input ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Driven {
    /// Parsed to the end, or, with `truncated`, to where the document reached
    /// `ParseOptions::max_nodes` (the parse stopped there as at the end of the input).
    Finished { truncated: bool },
    /// A `<meta>` changed the encoding and the bytes read differently in it: the parse stopped
    /// and must start again from the first byte with this encoding, confidence certain
    /// (13.2.3.4 step 6).
    Reparse(&'static Encoding),
    /// A partial run (over the first part of the input, `document::parse_in_two_parts`)
    /// stopped: its input ended, or a `<meta>` made the confidence certain, so the encoding of
    /// the rest is known.
    Paused,
}

/// What the driver knows about the input's encoding while the confidence is tentative: the
/// encoding in use and the bytes it has converted so far (13.2.3.4 step 5).
#[derive(Debug, Clone, Copy)]
pub(super) struct Tentative<'b> {
    pub(super) encoding: &'static Encoding,
    pub(super) converted: &'b [u8],
}

/// The input's encoding as a document parse goes: tentative (until a `<meta>` acts), the
/// encoding in use, whether a `<meta>` changed it on the fly and whether one made it certain.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct EncodingState<'b> {
    /// `Some` while the confidence is tentative and no `<meta>` has acted.
    pub(super) tentative: Option<Tentative<'b>>,
    /// Changed on the fly to this encoding (13.2.3.4 step 5).
    pub(super) changed: Option<&'static Encoding>,
    /// A `<meta>` made the confidence certain.
    pub(super) certain: bool,
}

/// Runs a document parse (13.2.1's pipeline, [`Driver::run`]) to its end, or, with `partial`,
/// to the end of the input available. While `state` is tentative, an encoding a `<meta>`
/// declares goes through "change the encoding" (13.2.3.4) with the bytes converted so far:
/// keep going (the same encoding, or bytes that read the same in the new one), or stop for a
/// re-parse. With `max_nodes`, the run stops once the document has that many nodes
/// ([`Driven::Finished`] with `truncated`).
pub(super) fn drive<'a, const SPANS: bool>(
    driver: &mut Driver<'a, ArenaSink<'a, SPANS>>,
    state: &mut EncodingState<'_>,
    max_nodes: Option<usize>,
    partial: bool,
) -> Driven {
    driver
        .builder
        .set_encoding_tentative(state.tentative.is_some());
    let over_budget =
        |sink: &ArenaSink<'a, SPANS>| max_nodes.is_some_and(|max| sink.node_count() >= max);
    loop {
        match driver.run(partial, over_budget) {
            Pause::Finished { truncated } => return Driven::Finished { truncated },
            Pause::NeedInput => return Driven::Paused,
            Pause::Declared(declared) => {
                // The builder reports one declaration, and only while tentative.
                let Some(t) = state.tentative.take() else {
                    continue;
                };
                // Every outcome leaves the confidence certain.
                state.certain = true;
                match change_the_encoding(t.encoding, declared, Some(t.converted)) {
                    EncodingChange::KeepAndMarkCertain => {}
                    EncodingChange::ChangeOnTheFly(new) => state.changed = Some(new),
                    EncodingChange::Reparse(new) => return Driven::Reparse(new),
                }
                if partial {
                    return Driven::Paused;
                }
            }
        }
    }
}

/// How many nodes a parse of some input will create, estimated from its markup, so that the
/// node table is allocated once instead of growing (each growth copies the whole table, and
/// for a moment holds both copies). (The builder's element table needs no hint: its slots are
/// reused, so it holds about as many entries as the deepest stack of open elements.)
///
/// Each `<` followed by an ASCII letter, `!` or `?` may start an element, a comment or a
/// DOCTYPE, and each `<` not right after a `>` may end a text node
/// (`tokenizer::count_node_marks`); a sixteenth more (at most one node per two bytes) and 16
/// cover the elements the tree builder creates without a tag (`html`, `head`, `body`, `tbody`, ...). On the shared corpus
/// every page has fewer nodes than this (at most 0.95 of it; 1.11 estimated nodes per node on
/// the whole corpus, where the earlier 1.5 nodes per `<` gave 1.26 and fell short on a page).
/// The byte count is a much worse guide: 20 to thousands of bytes per node. Input made to
/// create more nodes (misnested formatting elements) grows the table by a quarter at a time
/// (`Document::push`).
#[derive(Debug, Clone, Copy)]
pub(super) struct SizeHint {
    pub(super) nodes: usize,
}

impl SizeHint {
    pub(super) fn of(input: &str, options: &ParseOptions) -> SizeHint {
        SizeHint::of_bytes(input.as_bytes(), options)
    }

    /// From the bytes before decoding (in an ASCII-compatible encoding `<`, `>`, `!` and the
    /// ASCII letters are the same bytes); counted by the scanning layer, byte at a time for
    /// the scalar twin.
    pub(super) fn of_bytes(input: &[u8], options: &ParseOptions) -> SizeHint {
        let marks = crate::tokenizer::count_node_marks(input, options.scalar);
        // The input's own nodes take two bytes each at least (a tag or comment three, the
        // text before one a byte or more); those the tree builder makes up are not
        // estimated. So no more than one slot per two bytes, however many marks input like
        // `<a<a<a` (one element) has.
        SizeHint {
            nodes: (marks + marks / 16).min(input.len() / 2) + 16,
        }
    }
}

/// The document a finished run built, with its errors, scripting flag and truncation.
pub(super) fn finish_document<'a, const SPANS: bool>(
    driver: Driver<'a, ArenaSink<'a, SPANS>>,
    options: &ParseOptions,
    truncated: bool,
) -> Document<'a> {
    let mut doc = driver.into_document();
    doc.set_scripting(options.scripting);
    doc.set_truncated(truncated);
    doc.set_content_language(options.content_language.as_deref());
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The node table estimate: a sixteenth over the marks, 16 more, and never more than one
    /// slot per two bytes; the scalar twin counts the same.
    #[test]
    fn the_node_estimate_follows_the_marks_within_one_per_two_bytes() {
        let options = ParseOptions::default();
        let scalar = ParseOptions {
            scalar: true,
            ..ParseOptions::default()
        };
        let page = "<p>one</p><p>two &amp; three</p><!-- c -->".repeat(100);
        // Per copy: `<p` (after the `>` ending the copy before, except the first), text
        // before `</p>`, `<p`, text before `</p>`, `<!`.
        let marks = 100 * 5 + 1;
        assert_eq!(SizeHint::of(&page, &options).nodes, marks + marks / 16 + 16);
        assert_eq!(SizeHint::of(&page, &scalar).nodes, marks + marks / 16 + 16);
        // One element however long: 2 marks per 2 bytes, capped at one slot per two bytes.
        let tag = "<a".repeat(1000);
        assert_eq!(SizeHint::of(&tag, &options).nodes, 1000 + 16);
        assert_eq!(SizeHint::of("", &options).nodes, 16);
    }
}
