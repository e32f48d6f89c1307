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
//! Iterative: an explicit stack of open elements, so a 100,000-deep tree needs no deep call
//! stack.

use std::io::{self, Write};

use crate::dom::{DoctypeData, Document, NodeData, NodeId};
use crate::tree_builder::{AttrNamespace, Namespace};

/// Options of the serialiser.
#[derive(Debug, Clone, Copy)]
pub struct SerializeOptions {
    /// Whether scripting is enabled for the nodes (default `true`, as [`crate::ParseOptions`]):
    /// then text in `noscript` is written literally, as it was parsed as raw text.
    pub scripting: bool,
    /// Write a line feed after the start tag of `pre`, `textarea` and `listing` when their first
    /// child is a Text node starting with a line feed (default `false`: the spec today does
    /// not; `true` is what the spec said before 2017 and makes such trees round-trip).
    pub pre_newline: bool,
}

impl Default for SerializeOptions {
    fn default() -> Self {
        SerializeOptions {
            scripting: true,
            pre_newline: false,
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
        && serializes_as_void(e.name)
    {
        return Ok(());
    }
    let mut w = Writer { doc, options, out };
    let start = first_child_to_serialize(doc, node);
    w.walk(start, false)
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
        NodeData::Document | NodeData::DocumentFragment => {
            serialize_children_to(doc, node, options, out)
        }
        _ => {
            let mut w = Writer { doc, options, out };
            w.walk(Some(node), true)
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

struct Writer<'d, 'a, 'w, W: Write> {
    doc: &'d Document<'a>,
    options: &'d SerializeOptions,
    out: &'w mut W,
}

impl<W: Write> Writer<'_, '_, '_, W> {
    /// Serialises `first` and its following siblings (or, with `only_first`, `first` alone).
    /// The walk: `stack` holds the open elements whose end tags are still to be written, each
    /// with the sibling to continue with after it.
    fn walk(&mut self, first: Option<NodeId>, only_first: bool) -> io::Result<()> {
        // (element, the next sibling to serialise after its end tag)
        let mut stack: Vec<(NodeId, Option<NodeId>)> = Vec::new();
        let mut next = first;
        let sibling = |doc: &Document<'_>, n: NodeId, top: bool| {
            if top && only_first {
                None
            } else {
                doc.next_sibling(n)
            }
        };
        loop {
            let Some(node) = next else {
                // End of a child list: close the innermost open element.
                match stack.pop() {
                    Some((el, after)) => {
                        self.end_tag(el)?;
                        next = after;
                        continue;
                    }
                    None => return Ok(()),
                }
            };
            let top = stack.is_empty();
            match *self.doc.data(node) {
                NodeData::Element(e) => {
                    self.start_tag(node)?;
                    if e.ns == Namespace::Html && serializes_as_void(e.name) {
                        next = sibling(self.doc, node, top);
                        continue;
                    }
                    let child = first_child_to_serialize(self.doc, node);
                    if self.options.pre_newline
                        && e.ns == Namespace::Html
                        && matches!(e.name, "pre" | "textarea" | "listing")
                        && let Some(c) = child
                        && let NodeData::Text(t) = self.doc.data(c)
                        && t.starts_with('\n')
                    {
                        self.out.write_all(b"\n")?;
                    }
                    stack.push((node, sibling(self.doc, node, top)));
                    next = child;
                }
                NodeData::Text(t) => {
                    let literal = self
                        .text_parent(node, stack.last().map(|s| s.0))
                        .is_some_and(|p| self.is_literal(p));
                    if literal {
                        self.out.write_all(t.as_bytes())?;
                    } else {
                        escape(t, false, self.out)?;
                    }
                    next = sibling(self.doc, node, top);
                }
                NodeData::Comment(c) => {
                    self.out.write_all(b"<!--")?;
                    self.out.write_all(c.as_bytes())?;
                    self.out.write_all(b"-->")?;
                    next = sibling(self.doc, node, top);
                }
                NodeData::ProcessingInstruction { target, data } => {
                    self.out.write_all(b"<?")?;
                    self.out.write_all(target.as_bytes())?;
                    self.out.write_all(b" ")?;
                    self.out.write_all(data.as_bytes())?;
                    self.out.write_all(b"?>")?;
                    next = sibling(self.doc, node, top);
                }
                NodeData::Doctype(DoctypeData { name, .. }) => {
                    self.out.write_all(b"<!DOCTYPE ")?;
                    self.out.write_all(name.as_bytes())?;
                    self.out.write_all(b">")?;
                    next = sibling(self.doc, node, top);
                }
                // A shadow root is never a child; 13.3's serializable shadow roots are not
                // written (the default of the algorithm's serializableShadowRoots).
                NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {
                    next = sibling(self.doc, node, top);
                }
            }
        }
    }

    /// The element whose text-escaping rule applies to Text node `node`: the open element it
    /// is serialised in, else (serialising the node alone, or the children of an element) its
    /// parent in the tree.
    fn text_parent(&self, node: NodeId, open: Option<NodeId>) -> Option<NodeId> {
        // (A template's contents are a DocumentFragment: not an element, so escaped.)
        open.or_else(|| self.doc.parent(node))
    }

    fn is_literal(&self, el: NodeId) -> bool {
        self.doc.element(el).is_some_and(|e| {
            e.ns == Namespace::Html && is_literal_text_parent(e.name, self.options.scripting)
        })
    }

    fn start_tag(&mut self, node: NodeId) -> io::Result<()> {
        let e = self.doc.element(node).expect("an element");
        self.out.write_all(b"<")?;
        self.out.write_all(e.name.as_bytes())?;
        for a in e.attrs {
            self.out.write_all(b" ")?;
            match a.ns {
                AttrNamespace::None => {}
                AttrNamespace::Xml => self.out.write_all(b"xml:")?,
                AttrNamespace::XLink => self.out.write_all(b"xlink:")?,
                AttrNamespace::Xmlns => {
                    if a.name != "xmlns" {
                        self.out.write_all(b"xmlns:")?;
                    }
                }
            }
            self.out.write_all(a.name.as_bytes())?;
            self.out.write_all(b"=\"")?;
            escape(a.value, true, self.out)?;
            self.out.write_all(b"\"")?;
        }
        self.out.write_all(b">")
    }

    fn end_tag(&mut self, node: NodeId) -> io::Result<()> {
        let e = self.doc.element(node).expect("an element");
        self.out.write_all(b"</")?;
        self.out.write_all(e.name.as_bytes())?;
        self.out.write_all(b">")
    }
}

/// "Escaping a string" (13.3): `&` → `&amp;`, U+00A0 → `&nbsp;`, `<` → `&lt;`, `>` → `&gt;`,
/// and in attribute mode `"` → `&quot;`. Writes the result to `out`.
///
/// # Errors
/// The errors of `out`.
pub fn escape<W: Write + ?Sized>(s: &str, attribute_mode: bool, out: &mut W) -> io::Result<()> {
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let rep: &[u8] = match bytes[i] {
            b'&' => b"&amp;",
            b'<' => b"&lt;",
            b'>' => b"&gt;",
            b'"' if attribute_mode => b"&quot;",
            // U+00A0 is C2 A0 in UTF-8; 0xC2 never appears as a continuation byte.
            0xC2 if bytes.get(i + 1) == Some(&0xA0) => {
                out.write_all(&bytes[start..i])?;
                out.write_all(b"&nbsp;")?;
                i += 2;
                start = i;
                continue;
            }
            _ => {
                i += 1;
                continue;
            }
        };
        out.write_all(&bytes[start..i])?;
        out.write_all(rep)?;
        i += 1;
        start = i;
    }
    out.write_all(&bytes[start..])
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
}
