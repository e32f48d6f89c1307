//! Source spans ([`ParseOptions::spans`](crate::ParseOptions::spans)): where in the document's
//! text each node came from ([`NodeSpan`]) and each attribute ([`AttrSpan`]).
//!
//! Every range is a half-open range of bytes of
//! [`Document::source`](crate::dom::Document::source), the decoded text (UTF-8); for UTF-8
//! input these are the input's byte offsets after a BOM.
//! [`LineIndex`](crate::tokenizer::LineIndex) turns an offset into a line and a column.

use std::ops::Range;

/// Where a node came from in the document's text ([`Document::span`](crate::dom::Document::span),
/// [`NodeRef::span`](crate::dom::NodeRef::span)). Ranges are half-open byte ranges of
/// [`Document::source`](crate::dom::Document::source).
///
/// - An element: `start` is its start tag, from `<` to `>` (`None` when the parser implied the
///   element: the `html`, `head`, `body`, `tbody`, ... it creates on its own, a `p` for a
///   stray `</p>`, a `br` for `</br>`); the adoption agency algorithm's clones and the elements
///   re-opened by "reconstruct the active formatting elements" have the start tag of the
///   element they copy. `end` is the end tag token that closed it, when that has the element's
///   name (`None` when the parser closed it without one: `<p>a<p>b`, the end of the input,
///   `</h1>` closing an `h2`); for `body` and `html`, whose end tags close nothing (they stay
///   open to the end of the input), the last `</body>` / `</html>` the parser acted on.
///   `attrs` has one entry per attribute of [`ElementData::attrs`](crate::dom::ElementData::attrs),
///   in the same order (attributes a later `<html>` or `<body>` tag added have that tag's
///   spans).
/// - A Text node: `start` runs from its first character to its last; a node that received
///   several runs of characters (adjacent ones, or text foster-parented next to it) covers all
///   of them, and what lies between (a tag the parser dropped, the `]]>` of a CDATA section,
///   the characters other than white space that a frameset drops). A character reference, a CR (or CRLF) or a NUL counts as the bytes it was
///   written with.
/// - A comment, DOCTYPE or processing instruction: `start` is its whole token (`<!--` to
///   `-->`, `<!DOCTYPE` to `>`, `<?` to `>`); to the end of the input when that ended it.
/// - The Document, DocumentFragments, shadow roots, nodes made by hand and any node of a
///   document parsed without spans: all `None`, no attributes.
///
/// `end` is `None` for everything but elements.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NodeSpan {
    /// The start tag of an element; the whole of a Text node, comment, DOCTYPE or processing
    /// instruction.
    pub start: Option<Range<usize>>,
    /// The end tag of an element.
    pub end: Option<Range<usize>>,
    /// The attributes of an element, in the order of its attributes; empty for other nodes,
    /// or when not known. (They are found again in the start tag's text when asked for, so
    /// that parsing does not pay for them.)
    pub attrs: Vec<AttrSpan>,
}

/// Where an attribute came from: the bytes of its name and of its value in
/// [`Document::source`](crate::dom::Document::source).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttrSpan {
    /// The name as written (`HREF`, `xlink:href`).
    pub name: Range<usize>,
    /// The value as written, between its quotes (`""` is an empty range); `None` for an
    /// attribute written without a value (`<input disabled>`, `<a x=>`).
    pub value: Option<Range<usize>>,
}
