//! The html5lib tree-construction test format's `#document` dump (html5lib-tests
//! `tree-construction/README.md`, plus WPT's processing instruction line `<?target data?>`).
//!
//! One line per node, `| ` then two spaces per ancestor below the root, then: `<name>` for
//! elements (`<svg name>`/`<math name>` for SVG and MathML), attributes on the following lines
//! one level deeper sorted by their name string (`xlink href`, `xml lang`, `xmlns xlink` for
//! namespaced ones), `"text"`, `<!-- data -->`, `<!DOCTYPE name>` or `<!DOCTYPE name "public"
//! "system">`, `<?target data?>`, and `content` above a template's contents. Iterative.

use crate::dom::{DoctypeData, Document, NodeData, NodeId};
use crate::tree_builder::{AttrNamespace, Namespace};

/// Dumps the children of the Document node of `doc` (for a fragment parse: the fragment's
/// nodes). Every line, the last included, ends with `\n`.
pub fn html5lib_dump(doc: &Document<'_>) -> String {
    let mut out = String::new();
    enum Item {
        Node(NodeId, usize),
        Content(NodeId, usize),
    }
    let mut stack: Vec<Item> = doc.children(doc.root()).map(|c| Item::Node(c, 0)).collect();
    stack.reverse();
    while let Some(item) = stack.pop() {
        let (id, depth) = match item {
            Item::Node(id, d) => (id, d),
            Item::Content(contents, d) => {
                line(&mut out, d);
                out.push_str("content\n");
                let start = stack.len();
                stack.extend(doc.children(contents).map(|c| Item::Node(c, d + 1)));
                stack[start..].reverse();
                continue;
            }
        };
        line(&mut out, depth);
        match doc.data(id) {
            NodeData::Document | NodeData::DocumentFragment => {}
            NodeData::Doctype(DoctypeData {
                name,
                public_id,
                system_id,
            }) => {
                out.push_str("<!DOCTYPE ");
                out.push_str(name);
                if !public_id.is_empty() || !system_id.is_empty() {
                    out.push_str(" \"");
                    out.push_str(public_id);
                    out.push_str("\" \"");
                    out.push_str(system_id);
                    out.push('"');
                }
                out.push('>');
            }
            NodeData::Element(e) => {
                out.push('<');
                match e.ns {
                    Namespace::Html => {}
                    Namespace::Svg => out.push_str("svg "),
                    Namespace::MathMl => out.push_str("math "),
                }
                out.push_str(e.name);
                out.push('>');
                let mut attrs: Vec<(String, &str)> = e
                    .attrs
                    .iter()
                    .map(|a| {
                        let prefix = match a.ns {
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
                    out.push('\n');
                    line(&mut out, depth + 1);
                    out.push_str(&name);
                    out.push_str("=\"");
                    out.push_str(value);
                    out.push('"');
                }
            }
            NodeData::Text(t) => {
                out.push('"');
                out.push_str(t);
                out.push('"');
            }
            NodeData::Comment(c) => {
                out.push_str("<!-- ");
                out.push_str(c);
                out.push_str(" -->");
            }
            NodeData::ProcessingInstruction { target, data } => {
                out.push_str("<?");
                out.push_str(target);
                out.push(' ');
                out.push_str(data);
                out.push_str("?>");
            }
        }
        out.push('\n');
        let start = stack.len();
        if let Some(contents) = doc.template_contents(id) {
            stack.push(Item::Content(contents, depth + 1));
        }
        stack.extend(doc.children(id).map(|c| Item::Node(c, depth + 1)));
        stack[start..].reverse();
    }
    out
}

fn line(out: &mut String, depth: usize) {
    out.push_str("| ");
    for _ in 0..depth {
        out.push_str("  ");
    }
}
