//! Source spans of attributes: a start tag's attributes found again in its text.
//!
//! The tokenizer builds attributes without recording where they were (that would cost every
//! parse, spans or not). With spans on, the tree builder's sink hands the text of each start
//! tag it keeps, from `<` to `>`, to [`start_tag_attribute_spans`], which walks it through the
//! states the tokenizer went through (13.2.5.8 tag name, 13.2.5.32–40 the attribute states):
//! where an attribute's name and value start and end depends only on whitespace, `/`, `=`,
//! quotes and `>`, never on what a character reference or a NUL turns into, so the walk needs
//! none of the tokenizer's other work.

use std::collections::HashSet;

use crate::markup::AttrSpan;

/// Above this many attributes, duplicates are found with a hash set (as the tokenizer does).
const LINEAR_LIMIT: usize = 16;

/// Appends to `out` the spans of the attributes of the start tag token whose text is `tag`
/// (from its `<` to its `>`, as the tokenizer consumed it), each range shifted by `base`: one
/// per attribute of the token, in order, the later duplicates of a name dropped as the
/// tokenizer drops them. `expected` is the token's number of attributes: when the tag has as
/// many, it has no duplicates to look for. Names compare as the tokenizer's do (ASCII lower
/// case, NUL as U+FFFD).
pub(crate) fn start_tag_attribute_spans(
    tag: &str,
    base: usize,
    expected: usize,
    out: &mut Vec<AttrSpan>,
) {
    let first = out.len();
    let b = tag.as_bytes();
    let n = b.len();
    let mut add = |name: (usize, usize), value: Option<(usize, usize)>| {
        out.push(AttrSpan {
            name: base + name.0..base + name.1,
            value: value.map(|(s, e)| base + s..base + e),
        });
    };
    // 13.2.5.8 Tag name state: up to whitespace, `/` or `>`.
    let mut i = 1;
    while i < n && !b[i].is_ascii_whitespace() && b[i] != b'/' && b[i] != b'>' {
        i += 1;
    }
    loop {
        // 13.2.5.32 Before attribute name state.
        while i < n && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= n || b[i] == b'>' {
            break;
        }
        if b[i] == b'/' {
            // 13.2.5.40 Self-closing start tag state: `>` ends the tag, anything else is
            // reconsumed in the before attribute name state.
            i += 1;
            continue;
        }
        // 13.2.5.33 Attribute name state (a leading `=` is part of the name).
        let name_start = i;
        i += 1;
        while i < n && !b[i].is_ascii_whitespace() && !matches!(b[i], b'/' | b'>' | b'=') {
            i += 1;
        }
        let name = (name_start, i);
        // 13.2.5.34 After attribute name state.
        while i < n && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= n || b[i] != b'=' {
            // No value: `/`, `>` or the next attribute's name (reconsumed).
            add(name, None);
            continue;
        }
        // 13.2.5.35 Before attribute value state.
        i += 1;
        while i < n && b[i].is_ascii_whitespace() {
            i += 1;
        }
        match b.get(i) {
            None | Some(b'>') => add(name, None),
            Some(&q @ (b'"' | b'\'')) => {
                // 13.2.5.36–37 Attribute value (double- / single-quoted) states.
                let start = i + 1;
                let end = memchr::memchr(q, &b[start..]).map_or(n, |e| start + e);
                add(name, Some((start, end)));
                // 13.2.5.39 After attribute value (quoted) state: whatever follows is handled
                // by the before attribute name state (a missing space is a parse error).
                i = (end + 1).min(n);
            }
            Some(_) => {
                // 13.2.5.38 Attribute value (unquoted) state.
                let start = i;
                while i < n && !b[i].is_ascii_whitespace() && b[i] != b'>' {
                    i += 1;
                }
                add(name, Some((start, i)));
            }
        }
    }
    if out.len() - first != expected {
        drop_duplicates(tag, base, out, first);
    }
}

/// Drops from `out[first..]` each attribute whose name an earlier one has (13.2.5.33: the
/// tokenizer drops it).
fn drop_duplicates(tag: &str, base: usize, out: &mut Vec<AttrSpan>, first: usize) {
    let b = tag.as_bytes();
    let name = |a: &AttrSpan| &b[a.name.start - base..a.name.end - base];
    let mut kept = first;
    let mut names: Option<HashSet<Vec<u8>>> = None;
    for i in first..out.len() {
        let raw = name(&out[i]);
        let duplicate = if kept - first < LINEAR_LIMIT {
            out[first..kept].iter().any(|a| same_name(name(a), raw))
        } else {
            let set = names.get_or_insert_with(|| {
                out[first..kept]
                    .iter()
                    .map(|a| normalized(name(a)))
                    .collect()
            });
            !set.insert(normalized(raw))
        };
        if !duplicate {
            out.swap(kept, i);
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Whether two attribute names as written are the same token name.
fn same_name(a: &[u8], b: &[u8]) -> bool {
    if !a.contains(&0) && !b.contains(&0) {
        return a.eq_ignore_ascii_case(b);
    }
    normalized(a) == normalized(b)
}

/// An attribute name as the tokenizer makes it: ASCII lower case, NUL as U+FFFD.
fn normalized(name: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(name.len());
    for &c in name {
        if c == 0 {
            v.extend_from_slice("\u{FFFD}".as_bytes());
        } else {
            v.push(c.to_ascii_lowercase());
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokenizer::{Token, Tokenizer, TokenizerOptions};

    fn spans(tag: &str) -> Vec<(&str, Option<&str>)> {
        let mut out = Vec::new();
        // An expected count that never matches: duplicates are always looked for.
        start_tag_attribute_spans(tag, 0, usize::MAX, &mut out);
        out.iter()
            .map(|a| (&tag[a.name.clone()], a.value.clone().map(|v| &tag[v])))
            .collect()
    }

    #[test]
    fn the_attribute_states() {
        assert_eq!(spans("<a>"), vec![]);
        assert_eq!(spans("<a/>"), vec![]);
        assert_eq!(
            spans("<a href=x id='y' class=\"z\" hidden>"),
            vec![
                ("href", Some("x")),
                ("id", Some("y")),
                ("class", Some("z")),
                ("hidden", None)
            ]
        );
        assert_eq!(spans("<a x = 1 y=>"), vec![("x", Some("1")), ("y", None)]);
        assert_eq!(
            spans("<a =x b\"c=d>"),
            vec![("=x", None), ("b\"c", Some("d"))]
        );
        assert_eq!(
            spans("<a x='1'y=2/>"),
            vec![("x", Some("1")), ("y", Some("2/"))]
        );
        assert_eq!(spans("<a x/y>"), vec![("x", None), ("y", None)]);
        assert_eq!(
            spans("<a X=1 x=2 Y=3>"),
            vec![("X", Some("1")), ("Y", Some("3"))]
        );
        assert_eq!(spans("<a\r\nx=''>"), vec![("x", Some(""))]);
        assert_eq!(spans("<a x='>'>"), vec![("x", Some(">"))]);
    }

    #[test]
    fn duplicates_beyond_the_linear_limit() {
        let tag: String = format!(
            "<a {} a0=x a17=y b=z>",
            (0..20)
                .map(|i| format!("a{i}=v"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let got = spans(&tag);
        assert_eq!(got.len(), 21);
        assert_eq!(got[20], ("b", Some("z")));
    }

    #[test]
    fn the_same_attributes_as_the_tokenizer() {
        let arena = bumpalo::Bump::new();
        for tag in [
            "<a href=x id='y' hidden>",
            "<A B=1 b=2 C\0=3 c\u{FFFD}=4 d=&amp; e='&lt;'>",
            "<a x=1/ y z='2'w>",
            "<a ==x =y>",
            "<svg viewBox='0 0 1 1' xlink:href=#a>",
        ] {
            let mut tokenizer = Tokenizer::new(&arena, tag, TokenizerOptions::default());
            let Token::StartTag(t) = tokenizer.next_token() else {
                panic!("{tag:?}");
            };
            let got = spans(tag);
            assert_eq!(got.len(), t.attrs.len(), "{tag:?}");
            for (a, (name, _)) in t.attrs.iter().zip(&got) {
                assert_eq!(
                    a.name,
                    String::from_utf8(normalized(name.as_bytes())).unwrap()
                );
            }
        }
    }
}
