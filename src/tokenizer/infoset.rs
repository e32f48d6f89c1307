//! The token-level part of 13.2.9 "Coercing an HTML DOM into an infoset", offered as
//! [`TokenizerOptions::coerce_to_infoset`](super::TokenizerOptions::coerce_to_infoset).
//!
//! - U+000C FORM FEED in text and attribute values becomes U+0020 SPACE;
//! - characters that do not match XML's `Char` production become U+FFFD;
//! - a comment's `--` becomes `- -`, and a comment ending in `-` gets a trailing space.
//!
//! Strings that need no change are returned as they are (no copy).

use super::{Attribute, TagToken, Token};
use bumpalo::Bump;

/// Matches XML 1.0's `Char` production.
fn is_xml_char(c: char) -> bool {
    matches!(c as u32,
        0x09 | 0x0A | 0x0D | 0x20..=0xD7FF | 0xE000..=0xFFFD | 0x10000..=0x10FFFF)
}

/// Text or an attribute value coerced: form feeds to spaces, non-XML characters to U+FFFD.
fn coerce_text<'a>(arena: &'a Bump, s: &'a str) -> &'a str {
    if s.chars().all(|c| c != '\x0C' && is_xml_char(c)) {
        return s;
    }
    let out: String = s
        .chars()
        .map(|c| match c {
            '\x0C' => ' ',
            c if is_xml_char(c) => c,
            _ => '\u{FFFD}',
        })
        .collect();
    arena.alloc_str(&out)
}

/// Comment data coerced: `--` becomes `- -` (repeatedly), a trailing `-` gets a space.
fn coerce_comment<'a>(arena: &'a Bump, s: &'a str) -> &'a str {
    if !s.contains("--") && !s.ends_with('-') {
        return s;
    }
    let mut out = String::with_capacity(s.len() + 4);
    for c in s.chars() {
        if c == '-' && out.ends_with('-') {
            out.push(' ');
        }
        out.push(c);
    }
    if out.ends_with('-') {
        out.push(' ');
    }
    arena.alloc_str(&out)
}

/// Applies the coercion to one token.
pub(super) fn coerce_token<'a>(arena: &'a Bump, token: Token<'a>) -> Token<'a> {
    match token {
        Token::Characters(s) => Token::Characters(coerce_text(arena, s)),
        Token::Comment(s) => Token::Comment(coerce_comment(arena, s)),
        Token::StartTag(tag) => Token::StartTag(coerce_tag(arena, tag)),
        Token::EndTag(tag) => Token::EndTag(coerce_tag(arena, tag)),
        other => other,
    }
}

fn coerce_tag<'a>(arena: &'a Bump, tag: TagToken<'a>) -> TagToken<'a> {
    let attrs = arena.alloc_slice_fill_iter(tag.attrs.iter().map(|a| Attribute {
        value: coerce_text(arena, a.value),
        ..*a
    }));
    TagToken { attrs, ..tag }
}
