//! The html5lib tree-construction test format's `#document` dump (html5lib-tests
//! `tree-construction/README.md`, plus WPT's processing instruction line `<?target data?>`).
//!
//! One line per node, `| ` then two spaces per ancestor below the root, then: `<name>` for
//! elements (`<svg name>`/`<math name>` for SVG and MathML), attributes on the following lines
//! one level deeper sorted by their name string (`xlink href`, `xml lang`, `xmlns xlink` for
//! namespaced ones), `"text"`, `<!-- data -->`, `<!DOCTYPE name>` or `<!DOCTYPE name "public"
//! "system">`, `<?target data?>`, and `content` above a template's contents. Iterative, and
//! [`html5lib_dump_to`] writes as it walks, so a deep tree's large dump is never held whole.

use std::io::{self, Write};

use crate::dom::{DoctypeData, Document, NodeData, NodeId, ShadowRootMode};
use crate::markup::{AttrNamespace, Namespace};

/// Dumps the children of the Document node of `doc` (for a fragment parse: the fragment's
/// nodes). Every line, the last included, ends with `\n`. The same bytes as
/// [`html5lib_dump_to`], collected in a `String`; a deep tree's dump grows with the square of its
/// depth (each line is indented by its depth), so write large ones with [`html5lib_dump_to`].
pub fn html5lib_dump(doc: &Document<'_>) -> String {
    let mut out = Vec::new();
    html5lib_dump_to(doc, &mut out).expect("writing to a Vec<u8> cannot fail");
    String::from_utf8(out).expect("the dump of UTF-8 text is UTF-8")
}

/// Writes the dump of [`html5lib_dump`] to `out` as it walks the tree, holding no more than
/// one line's indentation and a node's sorted attributes; wrap an unbuffered `out` (a file,
/// standard output) in a [`std::io::BufWriter`].
///
/// # Errors
/// The first error `out` returns; what was written before it stays written.
pub fn html5lib_dump_to<W: Write + ?Sized>(doc: &Document<'_>, out: &mut W) -> io::Result<()> {
    // `| ` then two spaces per level; grown to the deepest line met so far.
    let mut indent: Vec<u8> = b"| ".to_vec();
    let mut line = |out: &mut W, depth: usize| -> io::Result<()> {
        let len = 2 + 2 * depth;
        if indent.len() < len {
            indent.resize(len, b' ');
        }
        out.write_all(&indent[..len])
    };
    enum Item {
        Node(NodeId, usize),
        Content(NodeId, usize),
        Shadow(NodeId, usize),
    }
    let mut stack: Vec<Item> = doc.children(doc.root()).map(|c| Item::Node(c, 0)).collect();
    stack.reverse();
    while let Some(item) = stack.pop() {
        let (id, depth) = match item {
            Item::Node(id, d) => (id, d),
            Item::Content(contents, d) => {
                line(out, d)?;
                out.write_all(b"content\n")?;
                let start = stack.len();
                stack.extend(doc.children(contents).map(|c| Item::Node(c, d + 1)));
                stack[start..].reverse();
                continue;
            }
            // As Chromium dumps a shadow root: one level below its host, the shadow tree below it.
            Item::Shadow(root, d) => {
                line(out, d)?;
                let mode = match doc.data(root) {
                    NodeData::ShadowRoot(s) if s.mode == ShadowRootMode::Closed => "closed",
                    _ => "open",
                };
                out.write_all(b"#shadow-root (")?;
                out.write_all(mode.as_bytes())?;
                out.write_all(b")\n")?;
                let start = stack.len();
                stack.extend(doc.children(root).map(|c| Item::Node(c, d + 1)));
                stack[start..].reverse();
                continue;
            }
        };
        line(out, depth)?;
        match doc.data(id) {
            NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {}
            NodeData::Doctype(DoctypeData {
                name,
                public_id,
                system_id,
            }) => {
                out.write_all(b"<!DOCTYPE ")?;
                out.write_all(name.as_bytes())?;
                if !public_id.is_empty() || !system_id.is_empty() {
                    out.write_all(b" \"")?;
                    out.write_all(public_id.as_bytes())?;
                    out.write_all(b"\" \"")?;
                    out.write_all(system_id.as_bytes())?;
                    out.write_all(b"\"")?;
                }
                out.write_all(b">")?;
            }
            NodeData::Element(e) => {
                out.write_all(b"<")?;
                match e.ns {
                    Namespace::Html => {}
                    Namespace::Svg => out.write_all(b"svg ")?,
                    Namespace::MathMl => out.write_all(b"math ")?,
                }
                out.write_all(e.name().as_bytes())?;
                out.write_all(b">")?;
                let mut attrs: Vec<(String, &str)> = e
                    .attrs()
                    .iter()
                    .map(|a| {
                        let prefix = match a.ns() {
                            AttrNamespace::None => "",
                            AttrNamespace::XLink => "xlink ",
                            AttrNamespace::Xml => "xml ",
                            AttrNamespace::Xmlns => "xmlns ",
                        };
                        (format!("{prefix}{}", a.name), a.value)
                    })
                    .collect();
                attrs.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
                for (name, value) in attrs {
                    out.write_all(b"\n")?;
                    line(out, depth + 1)?;
                    out.write_all(name.as_bytes())?;
                    out.write_all(b"=\"")?;
                    out.write_all(value.as_bytes())?;
                    out.write_all(b"\"")?;
                }
            }
            NodeData::Text(t) => {
                out.write_all(b"\"")?;
                out.write_all(t.as_bytes())?;
                out.write_all(b"\"")?;
            }
            NodeData::Comment(c) => {
                out.write_all(b"<!-- ")?;
                out.write_all(c.as_bytes())?;
                out.write_all(b" -->")?;
            }
            NodeData::ProcessingInstruction(pi) => {
                let (target, data) = (pi.target, pi.data);
                out.write_all(b"<?")?;
                out.write_all(target.as_bytes())?;
                out.write_all(b" ")?;
                out.write_all(data.as_bytes())?;
                out.write_all(b"?>")?;
            }
        }
        out.write_all(b"\n")?;
        let start = stack.len();
        if let Some(contents) = doc.template_contents(id) {
            stack.push(Item::Content(contents, depth + 1));
        }
        if let Some(root) = doc.shadow_root(id) {
            stack.push(Item::Shadow(root, depth + 1));
        }
        stack.extend(doc.children(id).map(|c| Item::Node(c, depth + 1)));
        stack[start..].reverse();
    }
    Ok(())
}
