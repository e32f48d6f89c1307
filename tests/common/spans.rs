//! Checking source spans (`ParseOptions::spans`): what every span must slice to, and a dump of
//! all spans for comparing two parses.

use std::fmt::Write as _;

use simdhtml::markup::AttrNamespace;
use simdhtml::{Document, NodeData, NodeId};

/// Whether `s` starts with `<` + `name` (ASCII case-insensitively, `prefix` before it: `/`
/// for an end tag) and the name ends there (whitespace, `/` or `>` follows), and ends with `>`.
fn is_tag(s: &str, prefix: &str, name: &str) -> bool {
    let Some(rest) = s.strip_prefix('<').and_then(|r| r.strip_prefix(prefix)) else {
        return false;
    };
    let n = rest
        .bytes()
        .position(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/' | b'>'))
        .unwrap_or(rest.len());
    let written = rest[..n].replace('\0', "\u{FFFD}");
    s.ends_with('>') && written.eq_ignore_ascii_case(name)
}

/// Whether `t` is made of characters of `s` in order, starting with its first and ending
/// with its last: the text of a node whose span covers tags the parser dropped or moved
/// (`a</x>b`, text foster-parented next to the text before a table).
fn is_spread_over(t: &str, s: &str) -> bool {
    let mut rest = s.chars();
    let ok = t.chars().all(|c| rest.by_ref().any(|d| d == c));
    ok && s.chars().next() == t.chars().next() && s.chars().last() == t.chars().last()
}

/// Whether the text `s` of the source reads as written: no character reference, CR or NUL
/// (which the tokenizer changes).
fn literal(s: &str) -> bool {
    !s.contains(['&', '\r', '\0'])
}

/// The problems with `doc`'s spans, one line each (empty when all is well): every span lies
/// in the source on character boundaries; an element's start span slices to `<name ...>` and
/// its end span to `</name ...>` (ASCII case-insensitively; `<image>` for an `img`); each
/// attribute's name span to its name as written and its value span to its value where the
/// source has no character reference, CR or NUL; a Text node has a span, which slices to its
/// text (or, where tags or frameset text the parser dropped lie inside, spreads over it);
/// comments, DOCTYPEs
/// and processing instructions have a span from `<` to `>` (or the end of the input).
pub fn check(doc: &Document<'_>, label: &str) -> Vec<String> {
    let src = doc.source();
    let mut bad = Vec::new();
    let slice = |r: &std::ops::Range<usize>| -> Option<&str> { src.get(r.clone()) };
    for id in doc.node_ids() {
        let span = doc.span(id);
        let mut problems = Vec::new();
        let mut fail = |what: String| problems.push(what);
        if let Some(r) = span
            .start
            .iter()
            .chain(span.end.iter())
            .find(|r| slice(r).is_none())
        {
            bad.push(format!(
                "{label}: node {}: span {r:?} outside the source ({} bytes)",
                id.index(),
                src.len()
            ));
            continue;
        }
        let start = span.start.as_ref().and_then(slice);
        let end = span.end.as_ref().and_then(slice);
        match doc.data(id) {
            NodeData::Element(e) => {
                if let Some(s) = start
                    && !is_tag(s, "", e.name())
                    && !(e.name() == "img" && is_tag(s, "", "image"))
                {
                    fail(format!("<{}> has the start span {s:?}", e.name()));
                }
                if let Some(s) = end
                    && !is_tag(s, "/", e.name())
                {
                    fail(format!("<{}> has the end span {s:?}", e.name()));
                }
                if !span.attrs.is_empty() && span.attrs.len() != e.attrs().len() {
                    fail(format!(
                        "<{}>: {} attributes, {} attribute spans",
                        e.name(),
                        e.attrs().len(),
                        span.attrs.len()
                    ));
                }
                if start.is_some() && span.attrs.len() != e.attrs().len() {
                    fail(format!("<{}>: attribute spans missing", e.name()));
                }
                for (a, s) in e.attrs().iter().zip(span.attrs) {
                    let Some(name) = slice(&s.name) else {
                        fail(format!("attribute span {:?} outside the source", s.name));
                        continue;
                    };
                    let want = match (a.ns(), a.prefix()) {
                        (AttrNamespace::None, _) | (_, None) => a.name.to_string(),
                        (_, Some(p)) => format!("{p}:{}", a.name),
                    };
                    if !name.replace('\0', "\u{FFFD}").eq_ignore_ascii_case(&want) {
                        fail(format!("attribute {want:?} has the name span {name:?}"));
                    }
                    match s.value.as_ref().map(&slice) {
                        None if !a.value.is_empty() => fail(format!(
                            "attribute {want:?}={:?} has no value span",
                            a.value
                        )),
                        Some(None) => fail(format!("value span {:?} outside the source", s.value)),
                        Some(Some(v)) if literal(v) && v != a.value => fail(format!(
                            "attribute {want:?}={:?} has the value span {v:?}",
                            a.value
                        )),
                        _ => {}
                    }
                }
            }
            NodeData::Text(t) => match start {
                None => fail(format!("text {t:?} has no span")),
                Some(s) if s == *t => {}
                // Characters the parser dropped lie inside: tags, the end of a CDATA section,
                // or, in a frameset, the non-white-space characters between the white space it
                // keeps.
                Some(s)
                    if literal(s)
                        && !((s.contains('<')
                            || s.contains("]]>")
                            || t.bytes().all(|b| b.is_ascii_whitespace()))
                            && is_spread_over(t, s)) =>
                {
                    fail(format!("text {t:?} has the span {s:?}"))
                }
                Some(_) => {}
            },
            NodeData::Comment(c) => match start {
                Some(s)
                    if s.starts_with('<')
                        && (s.ends_with('>') || span.start.as_ref().unwrap().end == src.len())
                        && (!literal(s) || s.contains(c)) => {}
                s => fail(format!("comment {c:?} has the span {s:?}")),
            },
            NodeData::Doctype(_) | NodeData::ProcessingInstruction(_) => match start {
                Some(s)
                    if (s.get(..2) == Some("<!") || s.get(..2) == Some("<?"))
                        && (s.ends_with('>') || span.start.as_ref().unwrap().end == src.len()) => {}
                s => fail(format!("{:?} has the span {s:?}", doc.data(id))),
            },
            NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {
                if start.is_some() || end.is_some() {
                    fail("a document, fragment or shadow root has a span".into());
                }
            }
        }
        if end.is_some() && !matches!(doc.data(id), NodeData::Element(_)) {
            fail("an end span on a non-element".into());
        }
        bad.extend(
            problems
                .into_iter()
                .map(|p| format!("{label}: node {}: {p}", id.index())),
        );
    }
    bad
}

/// Every node's span, one line per node in creation order: for comparing two parses of the
/// same text (streamed and whole, scalar and vectorised).
pub fn dump(doc: &Document<'_>) -> String {
    let mut out = String::new();
    for id in doc.node_ids() {
        let s = doc.span(id);
        let _ = writeln!(
            out,
            "{} {:?} {:?} {:?}",
            id.index(),
            s.start,
            s.end,
            s.attrs
        );
    }
    out
}

/// The node `id`'s start span's text, for the unit tests.
pub fn start_text<'a>(doc: &Document<'a>, id: NodeId) -> Option<&'a str> {
    doc.span(id).start.map(|r| &doc.source()[r])
}

/// The node `id`'s end span's text, for the unit tests.
pub fn end_text<'a>(doc: &Document<'a>, id: NodeId) -> Option<&'a str> {
    doc.span(id).end.map(|r| &doc.source()[r])
}
