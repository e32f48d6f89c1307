//! Tokens emitted by the tokenizer (HTML Standard 13.2.5, "Tokenization").
//!
//! Every string in a token has the lifetime `'a` of the input: it is a slice of the input
//! whenever the token's characters equal the input characters, and a copy in the caller's
//! arena only when the tokenizer changed them (character references, CR/CRLF normalisation,
//! U+0000 replacement, ASCII lower-casing of names). Strings from the named character
//! reference table are `&'static str`.

use crate::markup::Tag;

/// One token. Strings borrow the input or the arena for `'a`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// A DOCTYPE token (13.2.5.53–68), in the arena (it is the largest token and the rarest,
    /// so the others stay small: a `Token` is 48 bytes, a tag token and its discriminant).
    Doctype(&'a Doctype<'a>),
    /// A start tag token.
    StartTag(TagToken<'a>),
    /// An end tag token. Its attributes and self-closing flag are kept (they are parse errors,
    /// already reported by the tokenizer) but the tree builder ignores them.
    EndTag(TagToken<'a>),
    /// A comment token's data.
    Comment(&'a str),
    /// A run of character tokens, never empty. Adjacent runs are not guaranteed to be merged
    /// (a character reference, a CR or a state change ends a run). In the data state a U+0000
    /// NULL is always emitted as its own one-character run `"\0"`, so a consumer that treats
    /// NULL specially can test for it without scanning.
    Characters(&'a str),
    /// A processing instruction token (13.2.5.72–76, added to the standard in 2026).
    ProcessingInstruction(ProcessingInstruction<'a>),
    /// The end-of-file token; emitted exactly once, and then again on every later call.
    Eof,
}

/// A DOCTYPE token. `None` is the spec's "missing", distinct from the empty string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Doctype<'a> {
    /// The name, ASCII-lowercased, or `None` if missing.
    pub name: Option<&'a str>,
    /// The public identifier, or `None` if missing.
    pub public_id: Option<&'a str>,
    /// The system identifier, or `None` if missing.
    pub system_id: Option<&'a str>,
    /// The force-quirks flag.
    pub force_quirks: bool,
}

/// A start or end tag token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagToken<'a> {
    /// The tag name, ASCII-lowercased.
    pub name: &'a str,
    /// The name as a known tag ([`Tag::Other`] for another name), classified once by the
    /// tokenizer as the name ends.
    pub tag: Tag,
    /// The attributes in source order, duplicates already dropped (the first one wins).
    pub attrs: &'a [Attribute<'a>],
    /// The self-closing flag (`<br/>`).
    pub self_closing: bool,
}

impl<'a> TagToken<'a> {
    /// A tag token named `name` (ASCII lower case, as the tokenizer makes them), its
    /// [`tag`](Self::tag) classified from the name: for feeding a tree builder tokens of one's
    /// own.
    pub fn new(name: &'a str, attrs: &'a [Attribute<'a>], self_closing: bool) -> Self {
        TagToken {
            name,
            tag: Tag::from_name(name),
            attrs,
            self_closing,
        }
    }

    /// The value of the attribute whose (lower-cased) name is `name`, if present.
    pub fn attr(&self, name: &str) -> Option<&'a str> {
        self.attrs.iter().find(|a| a.name == name).map(|a| a.value)
    }
}

/// An attribute of a tag token: name ASCII-lowercased, value with character references
/// resolved, namespace [`AttrNamespace::None`](crate::markup::AttrNamespace::None).
/// It is the element's attribute type, [`Attr`](crate::markup::Attr), so that an HTML
/// element keeps its token's attributes (the tokenizer's arena copy) without another copy; the
/// tree builder's foreign adjustments (13.2.6.1) set the namespace and local name.
pub type Attribute<'a> = crate::markup::Attr<'a>;

/// A processing instruction token (`<?target data?>`). The target keeps its case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcessingInstruction<'a> {
    /// The target: an ASCII alpha or `_`, then ASCII alphanumerics, `-` and `_`.
    pub target: &'a str,
    /// The data, without the leading white space and without a `?` directly before `>`.
    pub data: &'a str,
}

#[cfg(all(test, target_pointer_width = "64"))]
mod tests {
    /// Every token is moved out of the state that emits it and out of `next_token`: a tag
    /// token's size (the DOCTYPE, the largest, is behind a reference).
    #[test]
    fn a_token_is_48_bytes() {
        assert_eq!(std::mem::size_of::<super::TagToken<'_>>(), 40);
        assert_eq!(std::mem::size_of::<super::Token<'_>>(), 48);
    }
}
