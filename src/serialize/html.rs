//! The HTML fragment serialisation algorithm (HTML Standard 13.3, "Serializing HTML fragments").
//!
//! - [`serialize_document`]: the Document's children (what `document.documentElement.outerHTML`
//!   plus the doctype and top-level comments give; a browser's "view the DOM as HTML").
//! - [`serialize_children`]: a node's children (`innerHTML`; for a `template`, its contents).
//! - [`serialize_node`]: a node itself (`outerHTML` for elements; escaping of a Text node follows
//!   its parent).
//! - the `*_to` variants write to any [`std::io::Write`] instead of returning a `String`.
//!
//! What the spec says, as implemented: elements are written with their local name (HTML, SVG and
//! MathML elements: the parser creates no others); attributes in document order with their
//! serialised names (`xlink:href`, `xml:lang`, `xmlns`, `xmlns:xlink`) and `"`-quoted values
//! escaped in attribute mode (`&` `&amp;`, U+00A0 `&nbsp;`, `<` `&lt;`, `>` `&gt;`, `"` `&quot;`);
//! void elements (and `basefont`, `bgsound`, `frame`, `keygen`, `param`) get no content and no end
//! tag; text in `style`, `script`, `xmp`, `iframe`, `noembed`, `noframes`, `plaintext` (and
//! `noscript` when scripting is on) is written literally, other text is escaped (`&`, U+00A0, `<`,
//! `>`); a `template` contributes its template contents; comments `<!--data-->`, processing
//! instructions `<?target data?>`, doctypes `<!DOCTYPE name>`.
//!
//! The spec no longer adds a line feed after `<pre>`, `<textarea>` and `<listing>` (whatwg/html
//! removed it in 2017), so a text child that starts with a line feed loses it when the output is
//! parsed again; [`SerializeOptions::pre_newline`] restores the old behaviour, which round-trips.
//!
//! # Options
//!
//! [`SerializeOptions::default`] is 13.3 exactly. The other fields change the markup in the ways
//! html5lib's serialiser offers (its test suite, `serializer/*.test`, runs with them:
//! `docs/conformance.md`); each is independent of the others:
//!
//! | field | default (13.3) | other values |
//! |---|---|---|
//! | [`optional_tags`](SerializeOptions::optional_tags) | [`OptionalTags::Keep`] | [`Omit`](OptionalTags::Omit): the optional-tag rules of 13.1.2.4 as written; [`OmitSafe`](OptionalTags::OmitSafe): those that the parser undoes exactly |
//! | [`attribute_quotes`](SerializeOptions::attribute_quotes) | [`AttributeQuotes::Always`] | [`WhenNeeded`](AttributeQuotes::WhenNeeded): `title=foo`, quotes only where 13.1.2.3 forbids the unquoted syntax |
//! | [`quote_char`](SerializeOptions::quote_char) | [`QuoteChar::Double`] | [`Single`](QuoteChar::Single) (`'` escaped as `&#39;`), [`Best`](QuoteChar::Best): `'` for a value with `"` and no `'` |
//! | [`bare_empty_attributes`](SerializeOptions::bare_empty_attributes) | `false`: `hidden=""` | `true`: `hidden` (the same attribute when parsed) |
//! | [`minimize_boolean_attributes`](SerializeOptions::minimize_boolean_attributes) | `false` | `true`: a boolean attribute whose value is empty or its name, `disabled=disabled`, as `disabled` |
//! | [`escape_lt_gt_in_attributes`](SerializeOptions::escape_lt_gt_in_attributes) | `true`: `&lt;` `&gt;` in values | `false`: `<` `>` written as they are (13.3 before 2025) |
//! | [`trailing_solidus`](SerializeOptions::trailing_solidus) | `false`: `<br>` | `true`: `<br />` |
//! | [`self_closing_foreign`](SerializeOptions::self_closing_foreign) | `false`: `<path></path>` | `true`: `<path/>` for childless SVG and MathML elements |
//! | [`escape_raw_text`](SerializeOptions::escape_raw_text) | `false` | `true`: text in `script`, `style`, … escaped like other text |
//! | [`strip_whitespace`](SerializeOptions::strip_whitespace) | `false` | `true`: runs of ASCII whitespace in text written as one space, outside `pre`, `textarea`, `listing`, `plaintext` and the raw text elements |
//! | [`escape_cr`](SerializeOptions::escape_cr) | `false` | `true`: U+000D as `&#13;` in text and values (a raw one comes back as a line feed) |
//! | [`doctype_identifiers`](SerializeOptions::doctype_identifiers) | `false`: `<!DOCTYPE html>` | `true`: `<!DOCTYPE html PUBLIC "…" "…">` |
//! | [`meta_charset`](SerializeOptions::meta_charset) | `None` | `Some(encoding)`: `<meta charset>` and `<meta http-equiv=content-type content>` name the encoding, and a `head` without either gets `<meta charset=…>` first |
//!
//! [`SerializeOptions::minify`] combines the ones under which parsing the output gives the same
//! tree as parsing the 13.3 output: `simdhtml html --minify`.
//!
//! ## Optional tags (13.1.2.4)
//!
//! [`OptionalTags::Omit`] leaves out the tags 13.1.2.4 allows, reading the rules on the tree:
//! "the first thing inside" an element is its first child, "immediately followed by" is its next
//! sibling, "no more content in the parent element" means it is the last child (empty Text nodes
//! are passed over; a processing instruction counts as a comment, as the parser treats the two
//! alike); a start tag with attributes is never left out:
//!
//! - `html` start: the first thing inside is not a comment; end: not followed by a comment.
//! - `head` start: empty, or the first thing inside is an element; end: not followed by ASCII
//!   whitespace or a comment.
//! - `body` start: empty, or the first thing inside is not ASCII whitespace or a comment, except a
//!   `meta`, `noscript`, `link`, `script`, `style` or `template` element; end: not followed by a
//!   comment.
//! - `li` end: followed by an `li`, or the last child. `dt` end: followed by a `dt` or `dd`. `dd`
//!   end: followed by a `dd` or `dt`, or the last child.
//! - `p` end: followed by an `address`, `article`, `aside`, `blockquote`, `details`, `dialog`,
//!   `div`, `dl`, `fieldset`, `figcaption`, `figure`, `footer`, `form`, `h1`–`h6`, `header`,
//!   `hgroup`, `hr`, `main`, `menu`, `nav`, `ol`, `p`, `pre`, `search`, `section`, `table` or `ul`,
//!   or the last child of an HTML element that is not an `a`, `audio`, `del`, `ins`, `map`,
//!   `noscript` or `video` element or an autonomous custom element.
//! - `rt`, `rp` end: followed by an `rt` or `rp`, or the last child.
//! - `optgroup` end: followed by an `optgroup` or `hr`, or the last child. `option` end: followed
//!   by an `option`, `optgroup` or `hr`, or the last child.
//! - `colgroup` start: the first thing inside is a `col`, and the element does not follow a
//!   `colgroup` whose end tag was left out; end: not followed by ASCII whitespace or a comment.
//! - `caption` end: not followed by ASCII whitespace or a comment.
//! - `thead` end: followed by a `tbody` or `tfoot`. `tbody` start: the first thing inside is a
//!   `tr`, and the element does not follow a `tbody`, `thead` or `tfoot` whose end tag was left
//!   out; end: followed by a `tbody` or `tfoot`, or the last child. `tfoot` end: the last child.
//! - `tr` end: followed by a `tr`, or the last child. `td`, `th` end: followed by a `td` or `th`,
//!   or the last child.
//!
//! At the top of the output, the parent is the node whose children are serialised (for
//! [`serialize_node`], the node's parent) and nothing follows the last node.
//!
//! The rules are written for conforming documents. On a tree that the parser built from other
//! markup, [`OptionalTags::Omit`] can give markup that parses to another tree: `<span><p>a</p>
//! </span>` without `</p>` leaves the `p` open (the `</span>` does not close it). With
//! [`OptionalTags::OmitSafe`] a tag is left out only where, besides, the parser reading the
//! output closes or opens the element exactly where the 13.3 output does: the token that follows
//! must close the element and every element inside it whose end tag was left out (modelled on
//! the element's ancestors in the output, 13.2.6.4):
//!
//! - an end tag left out at the end of the parent needs the parent's end tag to close it: the
//!   "generate implied end tags" end tags (`div`, `ul`, `li`, `td`, `table`, …) close anything,
//!   a formatting element's (`b`, `a`, …) and "any other end tag" (`span`, a custom element, …)
//!   only elements that are not special (`option`, `rt`), a foreign element's none;
//! - `li`, `dd`, `dt` before their siblings: no special element (but `p`) left open inside;
//!   `p` before `table` not in quirks mode; `rt`, `rp` before their siblings only with a `ruby`
//!   in scope; `option`, `optgroup` before their siblings only inside a `select` (or, for an
//!   `option`, when nothing inside it was left open); `colgroup` not before a `template`;
//!   `caption` only before a table structure element (`tr`, `tbody`, `col`, …);
//! - `body` start not before the elements the "in head" rules take (`title`, `base`,
//!   `basefont`, `bgsound`, `noframes` too); `colgroup` and `tbody` start only in a `table`.
//!
//! So for a tree whose 13.3 serialisation parses back to it, the [`OptionalTags::OmitSafe`]
//! output does too (`tests/corpus/serialize_minify.rs` checks it with a property test, and on the
//! shared corpus, where every page's minified output parses back to the page's tree). For
//! [`serialize_children`] and [`serialize_node`] nothing is known of what the output is parsed
//! in, so a `select` or `ruby` around the serialised node does not count.
//!
//! Iterative: an explicit stack of open elements, so a 100,000-deep tree needs no deep call
//! stack.

use std::io::{self, Write};

use super::optional_tags::{self, End, Start, Thing, significant, thing};
use crate::dom::{DoctypeData, Document, ElementData, NodeData, NodeId};
use crate::input::Encoding;
use crate::markup::{Attr, AttrNamespace, Namespace, QuirksMode, ShadowRootMode, Tag};

/// Which optional tags (13.1.2.4) the serialiser leaves out: see the [module
/// documentation](self#optional-tags-13124).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OptionalTags {
    /// Every start and end tag is written (13.3).
    #[default]
    Keep,
    /// The tags 13.1.2.4 says can be omitted are, as the rules are written (html5lib's
    /// `omit_optional_tags`). The rules assume a conforming document: the output of a tree the
    /// parser built from other markup can parse to another tree.
    Omit,
    /// The tags of [`OptionalTags::Omit`] where the parser reading the output closes and opens
    /// the elements where the 13.3 output has them: parsing the output gives the tree parsing
    /// the 13.3 output gives. What [`SerializeOptions::minify`] uses.
    OmitSafe,
}

/// When attribute values are quoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AttributeQuotes {
    /// Every value (13.3).
    #[default]
    Always,
    /// Only a value that the unquoted attribute value syntax (13.1.2.3) cannot hold once
    /// escaped: an empty one, or one with ASCII whitespace, `"`, `'`, `=`, `` ` `` (or `<`, `>`
    /// when they are not escaped). `title=foo`, `title=a&amp;b`, `title="a b"`.
    WhenNeeded,
}

/// The character that quotes attribute values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum QuoteChar {
    /// `"`, with `"` in the value escaped as `&quot;` (13.3).
    #[default]
    Double,
    /// `'`, with `'` in the value escaped as `&#39;`.
    Single,
    /// `'` for a value that has `"` and no `'`, else `"`: fewer escapes (html5lib's default).
    Best,
}

/// Options of the serialiser: [`SerializeOptions::default`] is the 13.3 algorithm; the module
/// documentation lists what each field changes.
#[derive(Debug, Clone, Copy)]
pub struct SerializeOptions {
    /// Whether scripting is enabled for the nodes (default `true`, as [`crate::ParseOptions`]):
    /// then text in `noscript` is written literally, as it was parsed as raw text.
    pub scripting: bool,
    /// Write a line feed after the start tag of `pre`, `textarea` and `listing` when their first
    /// child is a Text node starting with a line feed (default `false`: the spec today does
    /// not; `true` is what the spec said before 2017 and makes such trees round-trip).
    pub pre_newline: bool,
    /// Which optional tags are left out (default: none, [`OptionalTags::Keep`]).
    pub optional_tags: OptionalTags,
    /// When attribute values are quoted (default [`AttributeQuotes::Always`]).
    pub attribute_quotes: AttributeQuotes,
    /// What quotes them (default [`QuoteChar::Double`]).
    pub quote_char: QuoteChar,
    /// Write an attribute whose value is empty as its name alone (`<input disabled>`), which the
    /// parser reads as the same attribute (default `false`: `disabled=""`).
    pub bare_empty_attributes: bool,
    /// Write a boolean attribute of the HTML Standard (its index of attributes: `checked`,
    /// `disabled`, `hidden` is not one) whose value is empty or its own name, ASCII
    /// case-insensitively, as its name alone: `<button disabled=disabled>` as `<button
    /// disabled>` (html5lib's `minimize_boolean_attributes`). Such an attribute means only that
    /// it is present (2.3.2); parsed again its value is the empty string (default `false`).
    pub minimize_boolean_attributes: bool,
    /// Escape `<` and `>` in attribute values as `&lt;` and `&gt;` (default `true`: 13.3 since
    /// 2025; `false` writes them as they are, as 13.3 and browsers did before).
    pub escape_lt_gt_in_attributes: bool,
    /// Write ` /` before the `>` of an element that serialises as void: `<br />` (default
    /// `false`).
    pub trailing_solidus: bool,
    /// Write a childless SVG or MathML element as a self-closing start tag, `<path d=…/>`,
    /// which the parser treats as the start and end tag (13.2.6.5; default `false`).
    pub self_closing_foreign: bool,
    /// Escape the text of `style`, `script`, `xmp`, `iframe`, `noembed`, `noframes`, `plaintext`
    /// (and `noscript`) like other text (html5lib's `escape_rcdata`; such text then no longer
    /// parses to the same text; default `false`).
    pub escape_raw_text: bool,
    /// Write each run of ASCII whitespace in a Text node as one space, except inside `pre`,
    /// `textarea`, `listing`, `plaintext`, `script`, `style`, `xmp`, `iframe`, `noembed`,
    /// `noframes` and `noscript` (html5lib's `strip_whitespace`; default `false`).
    pub strip_whitespace: bool,
    /// Write U+000D CARRIAGE RETURN as `&#13;` in escaped text and in attribute values (default
    /// `false`). The parser turns a CR in its input into a line feed (13.2.3.5, "Preprocessing
    /// the input stream"), so only a character reference brings one back (a page's `&#13;`).
    pub escape_cr: bool,
    /// Write a doctype's public and system identifiers: `<!DOCTYPE html PUBLIC "…" "…">` (or
    /// `SYSTEM "…"`), quoted with `'` when an identifier holds `"`. 13.3 writes the name only
    /// (default `false`), which can change the document's quirks mode when parsed again.
    pub doctype_identifiers: bool,
    /// Declare this encoding in the output (html5lib's `inject_meta_charset` with its
    /// `encoding`): the `charset` of every HTML `meta` element, and the `content` of one with
    /// `http-equiv=content-type` and no `charset`, are written as the encoding's name in lower
    /// case (`utf-8`, `shift_jis`); the first `head` element that has neither among its
    /// descendants gets `<meta charset=NAME>` as its first child. The serialiser writes UTF-8:
    /// naming another encoding is for a caller that encodes the output itself (default `None`:
    /// nothing changes).
    pub meta_charset: Option<&'static Encoding>,
    /// Which shadow roots are written, as a `<template shadowrootmode>` first in their host
    /// (13.3 step 4; default [`ShadowRoots::None`], as `innerHTML` and `getHTML()`).
    pub shadow_roots: ShadowRoots,
}

/// The shadow roots the serialiser writes (13.3's serializableShadowRoots and shadowRoots
/// parameters): each as `<template shadowrootmode="open|closed">` with its flags
/// (`shadowrootdelegatesfocus`, `shadowrootserializable`, `shadowrootslotassignment`,
/// `shadowrootclonable`, `shadowrootcustomelementregistry`), its children inside, as the first
/// thing in its host; parsed again (allowing declarative shadow roots) it gives the shadow root
/// back. Optional tags are kept inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ShadowRoots {
    /// None (13.3's defaults: serializableShadowRoots false, shadowRoots empty).
    #[default]
    None,
    /// Those whose serializable flag is set (`shadowrootserializable`;
    /// `getHTML({serializableShadowRoots: true})`).
    Serializable,
    /// Every one, open or closed (as if each were in shadowRoots): the whole tree.
    All,
}

impl Default for SerializeOptions {
    fn default() -> Self {
        SerializeOptions {
            scripting: true,
            pre_newline: false,
            optional_tags: OptionalTags::Keep,
            attribute_quotes: AttributeQuotes::Always,
            quote_char: QuoteChar::Double,
            bare_empty_attributes: false,
            minimize_boolean_attributes: false,
            escape_lt_gt_in_attributes: true,
            trailing_solidus: false,
            self_closing_foreign: false,
            escape_raw_text: false,
            strip_whitespace: false,
            escape_cr: false,
            doctype_identifiers: false,
            meta_charset: None,
            shadow_roots: ShadowRoots::None,
        }
    }
}

impl SerializeOptions {
    /// Markup that parses to the tree the 13.3 serialisation parses to, with what it can do
    /// without left out (what `simdhtml html --minify` writes): optional tags left out where that is safe
    /// ([`OptionalTags::OmitSafe`]), values quoted only when needed and with the quote that
    /// needs fewer escapes, empty attribute values left out, childless SVG and MathML elements
    /// self-closed, no end tags after a `plaintext` start tag (the parser reads the rest as
    /// text); plus what makes more trees round-trip than 13.3 does: the doctype's identifiers
    /// (they decide the quirks mode), the line feed after `<pre>` ([`Self::pre_newline`]) and
    /// carriage returns as `&#13;` ([`Self::escape_cr`]). Text is otherwise escaped as 13.3
    /// escapes it. Set [`Self::scripting`] as the document was parsed (`doc.scripting()`).
    pub fn minify() -> Self {
        SerializeOptions {
            pre_newline: true,
            optional_tags: OptionalTags::OmitSafe,
            attribute_quotes: AttributeQuotes::WhenNeeded,
            quote_char: QuoteChar::Best,
            bare_empty_attributes: true,
            self_closing_foreign: true,
            escape_cr: true,
            doctype_identifiers: true,
            ..SerializeOptions::default()
        }
    }
}

/// Whether an HTML element with this local name "serializes as void" (13.3): the void elements
/// (13.1.2) plus `basefont`, `bgsound`, `frame`, `keygen`, `param`.
pub fn serializes_as_void(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "br"
            | "col"
            | "embed"
            | "hr"
            | "img"
            | "input"
            | "link"
            | "meta"
            | "source"
            | "track"
            | "wbr"
            | "basefont"
            | "bgsound"
            | "frame"
            | "keygen"
            | "param"
    )
}

/// Whether text children of an HTML element with this local name are written without escaping
/// (13.3, "If current node is a Text node").
pub fn is_literal_text_parent(name: &str, scripting: bool) -> bool {
    matches!(
        name,
        "style" | "script" | "xmp" | "iframe" | "noembed" | "noframes" | "plaintext"
    ) || (scripting && name == "noscript")
}

/// Whether [`SerializeOptions::strip_whitespace`] leaves the text inside an HTML element with
/// this local name as it is.
fn preserves_whitespace(e: &ElementData<'_>) -> bool {
    e.ns == Namespace::Html
        && matches!(
            e.name(),
            "pre"
                | "textarea"
                | "listing"
                | "plaintext"
                | "script"
                | "style"
                | "xmp"
                | "iframe"
                | "noembed"
                | "noframes"
                | "noscript"
        )
}

/// Whether `attr` is a boolean attribute (2.3.2) of the HTML element `element` in the HTML
/// Standard's index of attributes.
fn is_boolean_attribute(element: &str, attr: &str) -> bool {
    match attr {
        "autofocus" | "inert" | "itemscope" => true,
        "allowfullscreen" => element == "iframe",
        "alpha" | "checked" => element == "input",
        "async" | "defer" | "nomodule" => element == "script",
        "autoplay" | "controls" | "loop" | "muted" => matches!(element, "audio" | "video"),
        "playsinline" => element == "video",
        "default" => element == "track",
        "disabled" => matches!(
            element,
            "button"
                | "fieldset"
                | "input"
                | "link"
                | "optgroup"
                | "option"
                | "select"
                | "textarea"
        ),
        "formnovalidate" => matches!(element, "button" | "input"),
        "ismap" => element == "img",
        "multiple" => matches!(element, "input" | "select"),
        "novalidate" => element == "form",
        "open" => matches!(element, "details" | "dialog"),
        "readonly" => matches!(element, "input" | "textarea"),
        "required" => matches!(element, "input" | "select" | "textarea"),
        "reversed" => element == "ol",
        "selected" => element == "option",
        "shadowrootclonable"
        | "shadowrootdelegatesfocus"
        | "shadowrootserializable"
        | "shadowrootcustomelementregistry" => element == "template",
        _ => false,
    }
}

/// Serialises the children of the Document node of `doc` (for a fragment parse: the fragment).
pub fn serialize_document(doc: &Document<'_>, options: &SerializeOptions) -> String {
    serialize_children(doc, doc.root(), options)
}

/// The HTML fragment serialisation algorithm on `node` (its children; a `template`'s contents;
/// the empty string for an element that serialises as void).
pub fn serialize_children(doc: &Document<'_>, node: NodeId, options: &SerializeOptions) -> String {
    let mut out = Vec::new();
    serialize_children_to(doc, node, options, &mut out).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("the serialisation of UTF-8 strings is UTF-8")
}

/// `node` itself: `outerHTML` for an element; for a Text node, its data escaped as its parent
/// requires; for other nodes, their markup.
pub fn serialize_node(doc: &Document<'_>, node: NodeId, options: &SerializeOptions) -> String {
    let mut out = Vec::new();
    serialize_node_to(doc, node, options, &mut out).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("the serialisation of UTF-8 strings is UTF-8")
}

/// [`serialize_document`] into `out`.
///
/// # Errors
/// The errors of `out`.
pub fn serialize_document_to<W: Write>(
    doc: &Document<'_>,
    options: &SerializeOptions,
    out: &mut W,
) -> io::Result<()> {
    serialize_children_to(doc, doc.root(), options, out)
}

/// [`serialize_children`] into `out`.
///
/// # Errors
/// The errors of `out`.
pub fn serialize_children_to<W: Write>(
    doc: &Document<'_>,
    node: NodeId,
    options: &SerializeOptions,
    out: &mut W,
) -> io::Result<()> {
    if let Some(e) = doc.element(node)
        && e.ns == Namespace::Html
        && serializes_as_void(e.name())
    {
        return Ok(());
    }
    let context = doc.element(node).map(|_| node);
    let start = first_child_to_serialize(doc, node);
    let mut writer = Writer::new(doc, options, out, context, false);
    match writer.shadow_root_to_write(node) {
        Some(root) => {
            writer.shadow_start(root)?;
            writer.open.push(root);
            writer.after.push(start);
            writer.walk(doc.first_child(root))
        }
        None => writer.walk(start),
    }
}

/// [`serialize_node`] into `out`.
///
/// # Errors
/// The errors of `out`.
pub fn serialize_node_to<W: Write>(
    doc: &Document<'_>,
    node: NodeId,
    options: &SerializeOptions,
    out: &mut W,
) -> io::Result<()> {
    match doc.data(node) {
        NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {
            serialize_children_to(doc, node, options, out)
        }
        _ => {
            let parent = doc.parent(node).filter(|&p| doc.element(p).is_some());
            Writer::new(doc, options, out, parent, true).walk(Some(node))
        }
    }
}

/// The first node whose markup makes up `node`'s serialisation: a template's contents' first
/// child, else the first child.
fn first_child_to_serialize(doc: &Document<'_>, node: NodeId) -> Option<NodeId> {
    match doc.template_contents(node) {
        Some(contents) => doc.first_child(contents),
        None => doc.first_child(node),
    }
}

/// Whether `head` has a `meta` that declares an encoding, in the sense of
/// [`SerializeOptions::meta_charset`].
fn declares_charset(doc: &Document<'_>, head: NodeId) -> bool {
    doc.descendants(head).any(|n| {
        doc.element(n).is_some_and(|e| {
            e.ns == Namespace::Html && e.tag == Tag::Meta && charset_attr(e).is_some()
        })
    })
}

/// The attribute of a `meta` element that names its encoding: `charset`, else the `content` of
/// an `http-equiv=content-type` (its index, and whether it is `content`).
fn charset_attr(e: &ElementData<'_>) -> Option<(usize, bool)> {
    let plain = |a: &Attr<'_>| a.ns() == AttrNamespace::None;
    if let Some(i) = e
        .attrs()
        .iter()
        .position(|a| plain(a) && a.name.eq_ignore_ascii_case("charset"))
    {
        return Some((i, false));
    }
    let content_type = e.attrs().iter().any(|a| {
        plain(a) && a.name == "http-equiv" && a.value.eq_ignore_ascii_case("content-type")
    });
    let content = e
        .attrs()
        .iter()
        .position(|a| plain(a) && a.name == "content")?;
    content_type.then_some((content, true))
}

/// What ends a start tag before its `>`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Solidus {
    None,
    /// ` /` ([`SerializeOptions::trailing_solidus`]).
    Spaced,
    /// `/`, or ` /` after an unquoted value ([`SerializeOptions::self_closing_foreign`]).
    SelfClosing,
}

struct Writer<'d, 'a, 'w, W: Write> {
    doc: &'d Document<'a>,
    options: &'d SerializeOptions,
    out: &'w mut W,
    /// `serialize_node` of one node (its siblings are not written).
    only_first: bool,
    /// The parent in the markup of the nodes at the top of the output.
    context: Option<NodeId>,
    /// The open elements whose end tags are still to be written (outermost first), and the
    /// sibling to continue with after each.
    open: Vec<NodeId>,
    after: Vec<Option<NodeId>>,
    /// Elements whose end tags were left out and that the parser reading the output still has
    /// open until the next token (outermost first).
    pending: Vec<NodeId>,
    /// The element whose end tag was left out just before this point.
    prev_end_omitted: Option<NodeId>,
    /// [`SerializeOptions::meta_charset`]'s name, lower-cased.
    charset: Option<String>,
    /// A `head` was met (only the first gets a `<meta charset>`).
    head_seen: bool,
    /// How many open elements (and ancestors of the context) keep their whitespace.
    preserve: usize,
    quirks: bool,
    /// A `plaintext` start tag was written with [`OptionalTags::OmitSafe`]: the parser reads
    /// the rest as text, so no end tag is written.
    in_plaintext: bool,
    /// How many shadow roots are open in the output (no optional tag is left out in them).
    in_shadow: usize,
}

impl<'d, 'a, 'w, W: Write> Writer<'d, 'a, 'w, W> {
    fn new(
        doc: &'d Document<'a>,
        options: &'d SerializeOptions,
        out: &'w mut W,
        context: Option<NodeId>,
        only_first: bool,
    ) -> Self {
        let mut preserve = 0;
        if options.strip_whitespace {
            let mut n = context;
            while let Some(id) = n {
                if doc.element(id).is_some_and(preserves_whitespace) {
                    preserve += 1;
                }
                n = doc.parent(id);
            }
        }
        Writer {
            doc,
            options,
            out,
            only_first,
            context,
            open: Vec::new(),
            after: Vec::new(),
            pending: Vec::new(),
            prev_end_omitted: None,
            charset: options.meta_charset.map(|e| e.name().to_ascii_lowercase()),
            head_seen: false,
            preserve,
            quirks: doc.quirks_mode() == QuirksMode::Quirks,
            in_plaintext: false,
            in_shadow: 0,
        }
    }

    /// Serialises `first` and its following siblings (or, with `only_first`, `first` alone).
    fn walk(&mut self, first: Option<NodeId>) -> io::Result<()> {
        let mut next = first;
        loop {
            let Some(node) = next else {
                // End of a child list: close the innermost open element.
                let Some(el) = self.open.pop() else {
                    return Ok(());
                };
                let after = self.after.pop().flatten();
                if let NodeData::ShadowRoot(_) = self.doc.data(el) {
                    // The shadow root's template ends; the host's children follow.
                    self.in_shadow -= 1;
                    self.token();
                    self.out.write_all(b"</template>")?;
                } else {
                    self.end_tag(el, after)?;
                }
                next = after;
                continue;
            };
            let after = if self.open.is_empty() && self.only_first {
                None
            } else {
                self.doc.next_sibling(node)
            };
            match *self.doc.data(node) {
                NodeData::Element(e) => {
                    if self.start_element(node, &e)? {
                        self.open.push(node);
                        self.after.push(after);
                        let children = first_child_to_serialize(self.doc, node);
                        next = match self.shadow_root_to_write(node) {
                            Some(root) => {
                                self.shadow_start(root)?;
                                self.open.push(root);
                                self.after.push(children);
                                self.doc.first_child(root)
                            }
                            None => children,
                        };
                        continue;
                    }
                }
                NodeData::Text(t) => self.text(node, t)?,
                NodeData::Comment(c) => {
                    self.token();
                    self.out.write_all(b"<!--")?;
                    self.out.write_all(c.as_bytes())?;
                    self.out.write_all(b"-->")?;
                }
                NodeData::ProcessingInstruction(pi) => {
                    let (target, data) = (pi.target, pi.data);
                    self.token();
                    self.out.write_all(b"<?")?;
                    self.out.write_all(target.as_bytes())?;
                    self.out.write_all(b" ")?;
                    self.out.write_all(data.as_bytes())?;
                    self.out.write_all(b"?>")?;
                }
                NodeData::Doctype(d) => self.doctype(d)?,
                // A shadow root is never a child (its host writes it, `shadow_root_to_write`).
                NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {}
            }
            next = after;
        }
    }

    /// The shadow root of `host` when [`SerializeOptions::shadow_roots`] says to write it.
    fn shadow_root_to_write(&self, host: NodeId) -> Option<NodeId> {
        if self.options.shadow_roots == ShadowRoots::None {
            return None;
        }
        let root = self.doc.shadow_root(host)?;
        let NodeData::ShadowRoot(data) = self.doc.data(root) else {
            return None;
        };
        match self.options.shadow_roots {
            ShadowRoots::None => None,
            ShadowRoots::Serializable => data.serializable.then_some(root),
            ShadowRoots::All => Some(root),
        }
    }

    /// Writes the start of a shadow root's template (13.3 step 4.2.1 to 4.2.10).
    fn shadow_start(&mut self, root: NodeId) -> io::Result<()> {
        let NodeData::ShadowRoot(data) = *self.doc.data(root) else {
            return Ok(());
        };
        self.token();
        self.in_shadow += 1;
        self.out.write_all(match data.mode {
            ShadowRootMode::Open => b"<template shadowrootmode=\"open\"",
            ShadowRootMode::Closed => b"<template shadowrootmode=\"closed\"",
        })?;
        if data.delegates_focus {
            self.out.write_all(b" shadowrootdelegatesfocus=\"\"")?;
        }
        if data.serializable {
            self.out.write_all(b" shadowrootserializable=\"\"")?;
        }
        if data.manual_slot_assignment {
            self.out
                .write_all(b" shadowrootslotassignment=\"manual\"")?;
        }
        if data.clonable {
            self.out.write_all(b" shadowrootclonable=\"\"")?;
        }
        // The document's registry is a global one; the shadow root's is null exactly when
        // the template had `shadowrootcustomelementregistry` (step 4.2.8).
        if data.keep_custom_element_registry_null {
            self.out
                .write_all(b" shadowrootcustomelementregistry=\"\"")?;
        }
        self.out.write_all(b">")
    }

    /// A token is written: the parser closes what was left open (the omission rules checked
    /// that it does).
    fn token(&mut self) {
        self.pending.clear();
        self.prev_end_omitted = None;
    }

    /// The parent in the markup of a node at this point of the walk.
    fn parent(&self) -> Option<NodeId> {
        self.open.last().copied().or(self.context)
    }

    /// The sibling before `node` in the output, empty Text nodes passed over.
    fn prev_in_output(&self, node: NodeId) -> Option<NodeId> {
        if self.open.is_empty() && self.only_first {
            return None;
        }
        let mut p = self.doc.prev_sibling(node);
        while let Some(id) = p {
            match self.doc.data(id) {
                NodeData::Text("") => p = self.doc.prev_sibling(id),
                _ => return Some(id),
            }
        }
        None
    }

    /// Writes (or leaves out) `node`'s start tag; whether its children follow (not for an
    /// element that serialises as void or is self-closed).
    fn start_element(&mut self, node: NodeId, e: &ElementData<'a>) -> io::Result<bool> {
        let o = self.options;
        let void = e.ns == Namespace::Html && serializes_as_void(e.name());
        let inject = self.charset.is_some()
            && e.ns == Namespace::Html
            && e.tag == Tag::Head
            && !std::mem::replace(&mut self.head_seen, true)
            && !declares_charset(self.doc, node);
        let child = first_child_to_serialize(self.doc, node);
        let first = if void {
            None
        } else {
            significant(self.doc, child)
        };
        let self_close = o.self_closing_foreign && e.ns != Namespace::Html && first.is_none();
        // A host whose shadow root is written keeps its start tag (its first thing is the
        // shadow root's template), and nothing in a shadow root is left out.
        let omit = !void
            && o.optional_tags != OptionalTags::Keep
            && self.in_shadow == 0
            && self.shadow_root_to_write(node).is_none()
            && {
                let first = if inject {
                    Thing::Element(Namespace::Html, Tag::Meta)
                } else {
                    thing(self.doc, first)
                };
                let prev = self
                    .prev_end_omitted
                    .filter(|&p| Some(p) == self.prev_in_output(node))
                    .and_then(|p| self.doc.element(p));
                let parent = self.parent().and_then(|p| self.doc.element(p));
                optional_tags::omit_start(
                    o.optional_tags,
                    e,
                    &Start {
                        first,
                        prev_end_omitted: prev,
                        parent,
                    },
                )
            };
        if !omit {
            self.token();
            let solidus = if void && o.trailing_solidus {
                Solidus::Spaced
            } else if self_close {
                Solidus::SelfClosing
            } else {
                Solidus::None
            };
            self.start_tag(e, solidus)?;
            if o.optional_tags == OptionalTags::OmitSafe
                && e.ns == Namespace::Html
                && e.tag == Tag::Plaintext
            {
                self.in_plaintext = true;
            }
        }
        if void || self_close {
            return Ok(false);
        }
        if o.pre_newline
            && e.ns == Namespace::Html
            && matches!(e.name(), "pre" | "textarea" | "listing")
            && let Some(c) = child
            && let NodeData::Text(t) = self.doc.data(c)
            && t.starts_with('\n')
        {
            self.token();
            self.out.write_all(b"\n")?;
        }
        if inject && let Some(charset) = self.charset.take() {
            self.token();
            self.out.write_all(b"<meta")?;
            self.attribute(None, AttrNamespace::None, "charset", &charset, None)?;
            self.out.write_all(b">")?;
            self.charset = Some(charset);
        }
        if o.strip_whitespace && preserves_whitespace(e) {
            self.preserve += 1;
        }
        Ok(true)
    }

    /// Writes (or leaves out) the end tag of `el`, followed by `after` in the tree.
    fn end_tag(&mut self, el: NodeId, after: Option<NodeId>) -> io::Result<()> {
        let e = *self.doc.element(el).expect("an element");
        if self.options.strip_whitespace && preserves_whitespace(&e) {
            self.preserve -= 1;
        }
        if self.in_plaintext {
            return Ok(());
        }
        let mode = self.options.optional_tags;
        let omit = mode != OptionalTags::Keep
            && self.in_shadow == 0
            && optional_tags::omit_end(
                self.doc,
                mode,
                el,
                &End {
                    next: thing(self.doc, significant(self.doc, after)),
                    parent: self.parent(),
                    open: &self.open,
                    context: self.context,
                    pending: &self.pending,
                    quirks: self.quirks,
                },
            );
        if omit {
            self.pending.insert(0, el);
            self.prev_end_omitted = Some(el);
            return Ok(());
        }
        self.token();
        self.out.write_all(b"</")?;
        self.out.write_all(e.name().as_bytes())?;
        self.out.write_all(b">")
    }

    fn text(&mut self, node: NodeId, t: &str) -> io::Result<()> {
        if t.is_empty() {
            return Ok(());
        }
        self.token();
        // The element whose rule applies: the open element the text is serialised in, else
        // (serialising the node alone, or the children of an element) its parent in the tree.
        // (A template's contents are a DocumentFragment: not an element, so escaped.)
        let parent = self.open.last().copied().or_else(|| self.doc.parent(node));
        let literal = !self.options.escape_raw_text
            && parent.and_then(|p| self.doc.element(p)).is_some_and(|e| {
                e.ns == Namespace::Html && is_literal_text_parent(e.name(), self.options.scripting)
            });
        let collapsed;
        let t = if self.options.strip_whitespace && self.preserve == 0 {
            collapsed = collapse_whitespace(t);
            collapsed.as_str()
        } else {
            t
        };
        if literal {
            self.out.write_all(t.as_bytes())
        } else {
            let cr = self.options.escape_cr;
            escape_with(
                t,
                |b| match b {
                    b'&' => Some(b"&amp;"),
                    b'<' => Some(b"&lt;"),
                    b'>' => Some(b"&gt;"),
                    b'\r' if cr => Some(b"&#13;"),
                    _ => None,
                },
                self.out,
            )
        }
    }

    fn doctype(&mut self, d: &DoctypeData<'_>) -> io::Result<()> {
        self.token();
        self.out.write_all(b"<!DOCTYPE ")?;
        self.out.write_all(d.name.as_bytes())?;
        if self.options.doctype_identifiers {
            let mut id = |keyword: &[u8], s: &str| -> io::Result<()> {
                let q: &[u8] = if s.contains('"') { b"'" } else { b"\"" };
                self.out.write_all(keyword)?;
                self.out.write_all(q)?;
                self.out.write_all(s.as_bytes())?;
                self.out.write_all(q)
            };
            if !d.public_id.is_empty() {
                id(b" PUBLIC ", d.public_id)?;
                if !d.system_id.is_empty() {
                    id(b" ", d.system_id)?;
                }
            } else if !d.system_id.is_empty() {
                id(b" SYSTEM ", d.system_id)?;
            }
        }
        self.out.write_all(b">")
    }

    fn start_tag(&mut self, e: &ElementData<'a>, solidus: Solidus) -> io::Result<()> {
        self.out.write_all(b"<")?;
        self.out.write_all(e.name().as_bytes())?;
        // With `meta_charset`, the attribute of a `meta` that names the encoding.
        let rewrite = match &self.charset {
            Some(name) if e.ns == Namespace::Html && e.tag == Tag::Meta => {
                charset_attr(e).map(|(i, content)| {
                    let v = if content {
                        format!("text/html; charset={name}")
                    } else {
                        name.clone()
                    };
                    (i, v)
                })
            }
            _ => None,
        };
        let mut unquoted = false;
        for (i, a) in e.attrs().iter().enumerate() {
            let value = match &rewrite {
                Some((j, v)) if *j == i => v.as_str(),
                _ => a.value,
            };
            unquoted = self.attribute(Some(e), a.ns(), a.name, value, e.attrs().get(i + 1))?;
        }
        match solidus {
            Solidus::None => {}
            Solidus::Spaced => self.out.write_all(b" /")?,
            Solidus::SelfClosing if unquoted => self.out.write_all(b" /")?,
            Solidus::SelfClosing => self.out.write_all(b"/")?,
        }
        self.out.write_all(b">")
    }

    /// Writes ` name="value"` (or the forms the options allow) for an attribute of `e`;
    /// whether the value was written unquoted.
    fn attribute(
        &mut self,
        e: Option<&ElementData<'_>>,
        ns: AttrNamespace,
        name: &str,
        value: &str,
        next: Option<&Attr<'_>>,
    ) -> io::Result<bool> {
        let o = self.options;
        self.out.write_all(b" ")?;
        match ns {
            AttrNamespace::None => {}
            AttrNamespace::Xml => self.out.write_all(b"xml:")?,
            AttrNamespace::XLink => self.out.write_all(b"xlink:")?,
            AttrNamespace::Xmlns => {
                if name != "xmlns" {
                    self.out.write_all(b"xmlns:")?;
                }
            }
        }
        self.out.write_all(name.as_bytes())?;
        // A name alone, unless the next attribute's name starts with `=` (which would then be
        // read as this one's value).
        let bare_ok =
            next.is_none_or(|n| !(n.ns() == AttrNamespace::None && n.name.starts_with('=')));
        let bare = bare_ok
            && ((o.bare_empty_attributes && value.is_empty())
                || (o.minimize_boolean_attributes
                    && ns == AttrNamespace::None
                    && e.is_some_and(|e| {
                        e.ns == Namespace::Html && is_boolean_attribute(e.name(), name)
                    })
                    && (value.is_empty() || value.eq_ignore_ascii_case(name))));
        if bare {
            return Ok(false);
        }
        self.out.write_all(b"=")?;
        let lt_gt = o.escape_lt_gt_in_attributes;
        let quoted = match o.attribute_quotes {
            AttributeQuotes::Always => true,
            AttributeQuotes::WhenNeeded => {
                // A character that stays raw after escaping and that the unquoted syntax forbids.
                value.is_empty()
                    || value.bytes().any(|b| {
                        matches!(
                            b,
                            b'\t' | b'\n' | b'\x0c' | b' ' | b'"' | b'\'' | b'=' | b'`'
                        ) || (b == b'\r' && !o.escape_cr)
                            || (!lt_gt && matches!(b, b'<' | b'>'))
                    })
            }
        };
        if !quoted {
            escape_attribute(value, lt_gt, o.escape_cr, None, self.out)?;
            return Ok(true);
        }
        let q = match o.quote_char {
            QuoteChar::Double => b'"',
            QuoteChar::Single => b'\'',
            QuoteChar::Best if value.contains('"') && !value.contains('\'') => b'\'',
            QuoteChar::Best => b'"',
        };
        self.out.write_all(&[q])?;
        escape_attribute(value, lt_gt, o.escape_cr, Some(q), self.out)?;
        self.out.write_all(&[q])?;
        Ok(false)
    }
}

/// `t` with each run of ASCII whitespace replaced by one space.
fn collapse_whitespace(t: &str) -> String {
    let mut s = String::with_capacity(t.len());
    let mut in_run = false;
    for c in t.chars() {
        if matches!(c, '\t' | '\n' | '\x0c' | '\r' | ' ') {
            if !in_run {
                s.push(' ');
            }
            in_run = true;
        } else {
            s.push(c);
            in_run = false;
        }
    }
    s
}

/// Writes `s` with U+00A0 as `&nbsp;` and each byte `rep` maps replaced.
fn escape_with<W: Write + ?Sized>(
    s: &str,
    rep: impl Fn(u8) -> Option<&'static [u8]>,
    out: &mut W,
) -> io::Result<()> {
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        // U+00A0 is C2 A0 in UTF-8; 0xC2 never appears as a continuation byte.
        if bytes[i] == 0xC2 && bytes.get(i + 1) == Some(&0xA0) {
            out.write_all(&bytes[start..i])?;
            out.write_all(b"&nbsp;")?;
            i += 2;
            start = i;
            continue;
        }
        let Some(r) = rep(bytes[i]) else {
            i += 1;
            continue;
        };
        out.write_all(&bytes[start..i])?;
        out.write_all(r)?;
        i += 1;
        start = i;
    }
    out.write_all(&bytes[start..])
}

/// "Escaping a string" (13.3): `&` → `&amp;`, U+00A0 → `&nbsp;`, `<` → `&lt;`, `>` → `&gt;`,
/// and in attribute mode `"` → `&quot;`. Writes the result to `out`.
///
/// # Errors
/// The errors of `out`.
pub fn escape<W: Write + ?Sized>(s: &str, attribute_mode: bool, out: &mut W) -> io::Result<()> {
    escape_with(
        s,
        |b| match b {
            b'&' => Some(b"&amp;"),
            b'<' => Some(b"&lt;"),
            b'>' => Some(b"&gt;"),
            b'"' if attribute_mode => Some(b"&quot;"),
            _ => None,
        },
        out,
    )
}

/// An attribute value escaped for the options: `&`, U+00A0, `<` and `>` with `lt_gt`, CR with
/// `cr`, and the quote character (`&quot;`, `&#39;`).
fn escape_attribute<W: Write + ?Sized>(
    s: &str,
    lt_gt: bool,
    cr: bool,
    quote: Option<u8>,
    out: &mut W,
) -> io::Result<()> {
    escape_with(
        s,
        |b| match b {
            b'&' => Some(b"&amp;"),
            b'<' if lt_gt => Some(b"&lt;"),
            b'>' if lt_gt => Some(b"&gt;"),
            b'"' if quote == Some(b'"') => Some(b"&quot;"),
            b'\'' if quote == Some(b'\'') => Some(b"&#39;"),
            b'\r' if cr => Some(b"&#13;"),
            _ => None,
        },
        out,
    )
}

/// [`escape`] into a new `String`.
pub fn escape_string(s: &str, attribute_mode: bool) -> String {
    let mut out = Vec::with_capacity(s.len());
    escape(s, attribute_mode, &mut out).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("escaping keeps UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Arena, FragmentContext, ParseOptions, parse_document_str, parse_fragment};

    fn round(html: &str) -> String {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        serialize_document(&doc, &SerializeOptions::default())
    }

    fn inner(html: &str, ctx: &str) -> String {
        let arena = Arena::new();
        let doc = parse_fragment(
            &arena,
            html,
            FragmentContext::html(ctx),
            &ParseOptions::default(),
        );
        serialize_document(&doc, &SerializeOptions::default())
    }

    /// `html` parsed and serialised with `shadow_roots` (and the minifier's options when
    /// `minify`), and whether parsing the output gives the same tree back.
    fn with_shadow(html: &str, shadow_roots: ShadowRoots, minify: bool) -> (String, bool) {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        let base = if minify {
            SerializeOptions::minify()
        } else {
            SerializeOptions::default()
        };
        let out = serialize_document(
            &doc,
            &SerializeOptions {
                shadow_roots,
                ..base
            },
        );
        let again = parse_document_str(&arena, &out, &ParseOptions::default());
        let same = crate::serialize::html5lib_dump(&doc) == crate::serialize::html5lib_dump(&again);
        (out, same)
    }

    #[test]
    fn shadow_roots() {
        let page = "<div id=h><template shadowrootmode=open shadowrootserializable \
                    shadowrootdelegatesfocus><p>in</template>out</div>";
        let written = "<html><head></head><body><div id=\"h\"><template shadowrootmode=\"open\" \
                       shadowrootdelegatesfocus=\"\" shadowrootserializable=\"\"><p>in</p></template>\
                       out</div></body></html>";
        assert_eq!(
            with_shadow(page, ShadowRoots::Serializable, false),
            (written.into(), true)
        );
        assert_eq!(
            with_shadow(page, ShadowRoots::All, false),
            (written.into(), true)
        );
        let (left_out, same) = with_shadow(page, ShadowRoots::None, false);
        assert_eq!(
            (left_out.as_str(), same),
            (
                "<html><head></head><body><div id=\"h\">out</div></body></html>",
                false
            )
        );
        // Not serializable: only `All` writes it; closed, clonable, manual slots, null registry.
        let closed = "<span><template shadowrootmode=closed shadowrootclonable \
                      shadowrootslotassignment=manual shadowrootcustomelementregistry>\
                      <b>x</b></template></span>";
        let (out, same) = with_shadow(closed, ShadowRoots::Serializable, false);
        assert!(!out.contains("template") && !same, "{out}");
        assert_eq!(
            with_shadow(closed, ShadowRoots::All, false),
            (
                "<html><head></head><body><span><template shadowrootmode=\"closed\" \
                 shadowrootslotassignment=\"manual\" shadowrootclonable=\"\" \
                 shadowrootcustomelementregistry=\"\"><b>x</b></template></span></body></html>"
                    .into(),
                true
            )
        );
        // Minified: the host keeps its start tag (`body`'s would be left out), nothing inside
        // the shadow root is left out, and the rest is minified as ever.
        let body = "<body><template shadowrootmode=open><ul><li>a<li>b</ul></template><p>y<p>z";
        assert_eq!(
            with_shadow(body, ShadowRoots::All, true),
            (
                "<body><template shadowrootmode=\"open\"><ul><li>a</li><li>b</li></ul></template>\
                 <p>y<p>z"
                    .into(),
                true
            )
        );
        // Nested shadow roots, and a host's own shadow root from serialize_children.
        let nested = "<div><template shadowrootmode=open><section><template shadowrootmode=open>\
                      deep</template>mid</section></template>top</div>";
        let (out, same) = with_shadow(nested, ShadowRoots::All, false);
        assert!(same, "{out}");
        let arena = Arena::new();
        let doc = parse_document_str(&arena, nested, &ParseOptions::default());
        let div = doc.body().and_then(|b| b.first_element_child()).unwrap();
        let options = SerializeOptions {
            shadow_roots: ShadowRoots::All,
            ..SerializeOptions::default()
        };
        assert_eq!(
            serialize_children(&doc, div.node_id(), &options),
            "<template shadowrootmode=\"open\"><section><template shadowrootmode=\"open\">deep\
             </template>mid</section></template>top"
        );
        assert_eq!(div.inner_html(), "top");
    }

    #[test]
    fn document() {
        assert_eq!(
            round("<!doctype html><title>a&amp;b</title><p class=\"x\" id=a>1 &lt; 2<br>"),
            "<!DOCTYPE html><html><head><title>a&amp;b</title></head>\
             <body><p class=\"x\" id=\"a\">1 &lt; 2<br></p></body></html>"
        );
    }

    #[test]
    fn escaping() {
        assert_eq!(
            inner("<a title='&quot;<>&amp;&nbsp;'>\"<>&amp;&nbsp;</a>", "div"),
            "<a title=\"&quot;&lt;&gt;&amp;&nbsp;\">\"&lt;&gt;&amp;&nbsp;</a>"
        );
        assert_eq!(escape_string("a\u{a0}é<", false), "a&nbsp;é&lt;");
    }

    #[test]
    fn raw_text_and_void() {
        assert_eq!(
            inner(
                "<script>a<b&c</script><style>x>y</style><textarea>a<b</textarea><img src=x><param>",
                "div"
            ),
            "<script>a<b&c</script><style>x>y</style><textarea>a&lt;b</textarea>\
             <img src=\"x\"><param>"
        );
        let arena = Arena::new();
        let scripting_off = ParseOptions {
            scripting: false,
            ..ParseOptions::default()
        };
        let doc = parse_fragment(
            &arena,
            "<noscript>a&amp;b</noscript>",
            FragmentContext::html("div"),
            &scripting_off,
        );
        let off = SerializeOptions {
            scripting: false,
            ..SerializeOptions::default()
        };
        assert_eq!(
            serialize_document(&doc, &off),
            "<noscript>a&amp;b</noscript>"
        );
        let doc = parse_fragment(
            &arena,
            "<noscript>a&amp;b</noscript>",
            FragmentContext::html("div"),
            &ParseOptions::default(),
        );
        // Scripting on: raw text `a&amp;b`, written literally.
        assert_eq!(
            serialize_document(&doc, &SerializeOptions::default()),
            "<noscript>a&amp;b</noscript>"
        );
    }

    #[test]
    fn foreign_template_pi() {
        assert_eq!(
            inner(
                "<svg viewbox='0 0 1 1' xlink:href=a xmlns:xlink=x><foreignobject/><path/></svg><template><b>t</b></template><?pi x?><!--c-->",
                "div"
            ),
            "<svg viewBox=\"0 0 1 1\" xlink:href=\"a\" xmlns:xlink=\"x\"><foreignObject></foreignObject>\
             <path></path></svg><template><b>t</b></template><?pi x?><!--c-->"
        );
    }

    #[test]
    fn pre_newline() {
        let arena = Arena::new();
        let doc = parse_fragment(
            &arena,
            "<pre>\n\nx</pre>",
            FragmentContext::html("div"),
            &ParseOptions::default(),
        );
        assert_eq!(
            serialize_document(&doc, &SerializeOptions::default()),
            "<pre>\nx</pre>"
        );
        let old = SerializeOptions {
            pre_newline: true,
            ..SerializeOptions::default()
        };
        assert_eq!(serialize_document(&doc, &old), "<pre>\n\nx</pre>");
    }

    #[test]
    fn node_and_children() {
        let arena = Arena::new();
        let doc = parse_document_str(
            &arena,
            "<p id=a>x<i>y</i></p><script>1<2</script>",
            &ParseOptions::default(),
        );
        let p = doc
            .descendants(doc.root())
            .find(|&n| doc.attr(n, "id") == Some("a"))
            .unwrap();
        let o = SerializeOptions::default();
        assert_eq!(serialize_node(&doc, p, &o), "<p id=\"a\">x<i>y</i></p>");
        assert_eq!(serialize_children(&doc, p, &o), "x<i>y</i>");
        let script_text = doc
            .descendants(doc.root())
            .find(|&n| matches!(doc.data(n), NodeData::Text("1<2")))
            .unwrap();
        assert_eq!(serialize_node(&doc, script_text, &o), "1<2");
    }

    #[test]
    fn deep_tree_is_iterative() {
        let depth = 100_000;
        let html = "<div>".repeat(depth);
        let arena = Arena::new();
        let doc = parse_document_str(&arena, &html, &ParseOptions::default());
        let out = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn_scoped(scope, || {
                    let s = serialize_document(&doc, &SerializeOptions::default());
                    s.matches("<div>").count()
                })
                .unwrap()
                .join()
                .unwrap()
        });
        assert_eq!(out, depth);
    }

    fn with(html: &str, ctx: &str, o: SerializeOptions) -> String {
        let arena = Arena::new();
        let doc = parse_fragment(
            &arena,
            html,
            FragmentContext::html(ctx),
            &ParseOptions::default(),
        );
        serialize_document(&doc, &o)
    }

    #[test]
    fn attribute_quoting() {
        let o = SerializeOptions {
            attribute_quotes: AttributeQuotes::WhenNeeded,
            ..SerializeOptions::default()
        };
        assert_eq!(
            with(
                "<a href=x&amp;y title='a b' data-a='x=y' data-b=\"\" data-c='<>' data-d='\x0b'>",
                "div",
                o
            ),
            "<a href=x&amp;y title=\"a b\" data-a=\"x=y\" data-b=\"\" data-c=&lt;&gt; data-d=\x0b></a>"
        );
        let best = SerializeOptions {
            quote_char: QuoteChar::Best,
            ..o
        };
        assert_eq!(
            with(
                "<a title='say \"hi\"' alt=\"it's\" x='\"&apos;'>",
                "div",
                best
            ),
            "<a title='say \"hi\"' alt=\"it's\" x=\"&quot;'\"></a>"
        );
        let single = SerializeOptions {
            quote_char: QuoteChar::Single,
            attribute_quotes: AttributeQuotes::Always,
            ..o
        };
        assert_eq!(
            with("<a title=\"it's\">", "div", single),
            "<a title='it&#39;s'></a>"
        );
        let raw = SerializeOptions {
            escape_lt_gt_in_attributes: false,
            ..o
        };
        assert_eq!(with("<a title='a<b'>", "div", raw), "<a title=\"a<b\"></a>");
    }

    #[test]
    fn attribute_forms() {
        let o = SerializeOptions {
            minimize_boolean_attributes: true,
            ..SerializeOptions::default()
        };
        assert_eq!(
            with(
                "<input disabled=DISABLED checked='' value=checked><div disabled=disabled>",
                "div",
                o
            ),
            "<input disabled checked value=\"checked\"><div disabled=\"disabled\"></div>"
        );
        let bare = SerializeOptions {
            bare_empty_attributes: true,
            trailing_solidus: true,
            ..SerializeOptions::default()
        };
        // Not before an attribute whose name starts with `=`: it would read as the value.
        assert_eq!(
            with("<img alt='' =y><br>", "div", bare),
            "<img alt=\"\" =y /><br />"
        );
        let foreign = SerializeOptions {
            self_closing_foreign: true,
            attribute_quotes: AttributeQuotes::WhenNeeded,
            ..SerializeOptions::default()
        };
        assert_eq!(
            with(
                "<svg><path d='a'/><g id='a b'></g><text>t</text></svg>",
                "div",
                foreign
            ),
            "<svg><path d=a /><g id=\"a b\"/><text>t</text></svg>"
        );
    }

    #[test]
    fn text_options() {
        let o = SerializeOptions {
            strip_whitespace: true,
            ..SerializeOptions::default()
        };
        assert_eq!(
            with(
                "a \t\n b<pre> x \n y <b> z  w</b></pre><textarea>p  q</textarea><script>s  t</script>",
                "div",
                o
            ),
            "a b<pre> x \n y <b> z  w</b></pre><textarea>p  q</textarea><script>s  t</script>"
        );
        let arena = Arena::new();
        let doc = parse_fragment(
            &arena,
            "<pre>",
            FragmentContext::html("div"),
            &ParseOptions::default(),
        );
        let pre = doc.first_child(doc.root()).unwrap();
        assert_eq!(serialize_children(&doc, pre, &o), "");
        let escaped = SerializeOptions {
            escape_raw_text: true,
            escape_cr: true,
            ..SerializeOptions::default()
        };
        assert_eq!(
            with(
                "<script>a<b</script>x&#13;y<p title='&#13;'>",
                "div",
                escaped
            ),
            "<script>a&lt;b</script>x&#13;y<p title=\"&#13;\"></p>"
        );
    }

    #[test]
    fn doctype_identifiers() {
        let o = SerializeOptions {
            doctype_identifiers: true,
            ..SerializeOptions::default()
        };
        for (input, output) in [
            ("<!DOCTYPE html>", "<!DOCTYPE html>"),
            (
                "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\">",
                "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\">",
            ),
            (
                "<!DOCTYPE html PUBLIC 'p' 'a\"b'>",
                "<!DOCTYPE html PUBLIC \"p\" 'a\"b'>",
            ),
            (
                "<!DOCTYPE html SYSTEM \"about:legacy-compat\">",
                "<!DOCTYPE html SYSTEM \"about:legacy-compat\">",
            ),
        ] {
            let arena = Arena::new();
            let doc = parse_document_str(&arena, input, &ParseOptions::default());
            let d = doc.first_child(doc.root()).unwrap();
            assert_eq!(serialize_node(&doc, d, &o), output);
        }
    }

    #[test]
    fn meta_charset() {
        let o = SerializeOptions {
            meta_charset: Some(crate::input::Encoding::for_label(b"sjis").unwrap()),
            ..SerializeOptions::default()
        };
        let page = |html: &str| {
            let arena = Arena::new();
            let doc = parse_document_str(&arena, html, &ParseOptions::default());
            serialize_document(&doc, &o)
        };
        assert_eq!(
            page("<title>t</title>"),
            "<html><head><meta charset=\"shift_jis\"><title>t</title></head><body></body></html>"
        );
        assert_eq!(
            page(
                "<meta http-equiv=Content-Type content='text/html; charset=utf-8'><body><meta charset=x>"
            ),
            "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=shift_jis\">\
             </head><body><meta charset=\"shift_jis\"></body></html>"
        );
    }

    #[test]
    fn optional_tags_as_written() {
        let o = SerializeOptions {
            optional_tags: OptionalTags::Omit,
            ..SerializeOptions::default()
        };
        let arena = Arena::new();
        let doc = parse_document_str(
            &arena,
            "<!DOCTYPE html><html><head><title>t</title></head><body><p>a</p><p>b</p>\
             <ul><li>x</li><li>y</li></ul><table><tbody><tr><td>1</td></tr></tbody></table></body></html>",
            &ParseOptions::default(),
        );
        assert_eq!(
            serialize_document(&doc, &o),
            "<!DOCTYPE html><title>t</title><p>a<p>b<ul><li>x<li>y</ul><table><tr><td>1</table>"
        );
        // A p in an a, an autonomous custom element or a template keeps its end tag where the
        // parent's end tag would not close it.
        assert_eq!(
            with(
                "<a><p>x</p></a><x-y><p>y</p></x-y><div><p>z</p></div>",
                "div",
                o
            ),
            "<a><p>x</p></a><x-y><p>y</p></x-y><div><p>z</div>"
        );
        // Top-level nodes: the context's children end with the output.
        let doc = parse_fragment(
            &arena,
            "<li>a</li><li>b</li>",
            FragmentContext::html("ul"),
            &ParseOptions::default(),
        );
        assert_eq!(serialize_document(&doc, &o), "<li>a<li>b");
        let li = doc.first_child(doc.root()).unwrap();
        assert_eq!(serialize_node(&doc, li, &o), "<li>a");
    }
}
