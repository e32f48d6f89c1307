//! Visible text: the page's text one block per line ([`visible_text`], [`visible_text_of`]).

use crate::dom::{Document, NodeData, NodeId};
use crate::tree_builder::Namespace;

/// Elements whose content a reader does not see.
fn is_hidden_element(doc: &Document<'_>, n: NodeId, scripting: bool) -> bool {
    let Some(e) = doc.element(n) else {
        return false;
    };
    match e.ns {
        Namespace::Html => {
            matches!(
                e.name,
                "head"
                    | "script"
                    | "style"
                    | "template"
                    | "title"
                    | "iframe"
                    | "noembed"
                    | "noframes"
                    | "object"
            ) || (scripting && e.name == "noscript")
                || e.attr("hidden").is_some()
        }
        _ => matches!(e.name, "script" | "style" | "title" | "desc" | "metadata"),
    }
}

/// HTML elements that start and end a line of text.
fn is_block(name: &str) -> bool {
    matches!(
        name,
        "address"
            | "article"
            | "aside"
            | "blockquote"
            | "body"
            | "caption"
            | "center"
            | "dd"
            | "details"
            | "dialog"
            | "dir"
            | "div"
            | "dl"
            | "dt"
            | "fieldset"
            | "figcaption"
            | "figure"
            | "footer"
            | "form"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "header"
            | "hgroup"
            | "hr"
            | "html"
            | "legend"
            | "li"
            | "listing"
            | "main"
            | "menu"
            | "nav"
            | "ol"
            | "optgroup"
            | "option"
            | "p"
            | "plaintext"
            | "pre"
            | "section"
            | "summary"
            | "table"
            | "tbody"
            | "textarea"
            | "tfoot"
            | "thead"
            | "tr"
            | "ul"
            | "xmp"
    )
}

/// The visible text of the page, one block per line, each line ending in `\n`.
///
/// What counts: Text nodes outside `head`, `script`, `style`, `template`, `title`, `iframe`,
/// `noembed`, `noframes`, `object`, elements with a `hidden` attribute, and (when `scripting`, as
/// the page was parsed) `noscript`. White space: runs of ASCII white space become one space, and
/// lines are trimmed (of no-break spaces too); inside `pre`, `listing`, `textarea` and
/// `plaintext` white space is kept as written (line feeds end lines; a line's leading spaces
/// and tabs, such as code indentation, stay; trailing ones go). Lines: block-level elements (`p`, `div`, `li`, `h1`…, `tr`, …) and `br` end the
/// current line; table cells on one row are separated by a space. Empty lines are dropped.
/// Iterative.
pub fn visible_text(doc: &Document<'_>, scripting: bool) -> String {
    visible_text_of(doc, doc.root(), scripting)
}

/// [`visible_text`] of the subtree of `node` (itself included): what the page's text would be
/// if `node` were shown, by the same rules. `node` itself counts as shown whatever it is (the
/// text of a `title` or `script` element is its text); hidden elements inside it are left out,
/// and white space is kept as written when `node` is inside `pre`, `listing`, `textarea` or
/// `plaintext`. A Text node gives its own data by those rules; a comment gives `""`.
pub fn visible_text_of(doc: &Document<'_>, node: NodeId, scripting: bool) -> String {
    text_of_filtered(doc, node, scripting, &|_| false)
}

/// [`visible_text_of`] with the elements for which `skip` is true left out as well (their
/// whole subtree), for extraction of part of a page (the main content).
pub(crate) fn text_of_filtered(
    doc: &Document<'_>,
    node: NodeId,
    scripting: bool,
    skip: &dyn Fn(NodeId) -> bool,
) -> String {
    let mut t = TextBuilder::default();
    let html_named = |n: NodeId, names: &[&str]| {
        doc.element(n)
            .is_some_and(|e| e.ns == Namespace::Html && names.contains(&e.name))
    };
    const KEEPS: &[&str] = &["pre", "listing", "textarea", "plaintext"];
    let mut inherited_pre = false;
    let mut a = doc.parent(node);
    while let Some(p) = a {
        if html_named(p, KEEPS) {
            inherited_pre = true;
            break;
        }
        a = doc.parent(p);
    }
    // (element, whether it is a block, whether it preserves line feeds); the bottom entry is
    // `node`, and popping it ends the walk.
    let mut stack: Vec<(NodeId, bool, bool)> = Vec::new();
    match doc.data(node) {
        NodeData::Text(s) => {
            t.push(s, inherited_pre);
            t.break_line();
            return t.out;
        }
        NodeData::Element(e) => {
            let html = e.ns == Namespace::Html;
            let block = html && is_block(e.name);
            if block || (html && e.name == "br") {
                t.break_line();
            }
            stack.push((node, block, inherited_pre || html_named(node, KEEPS)));
        }
        NodeData::Document | NodeData::DocumentFragment => stack.push((node, false, false)),
        _ => return t.out,
    }
    let mut next = doc.first_child(node);
    loop {
        let Some(n) = next else {
            match stack.pop() {
                Some((el, block, _)) => {
                    if block {
                        t.break_line();
                    }
                    if stack.is_empty() {
                        break;
                    }
                    next = doc.next_sibling(el);
                    continue;
                }
                None => break,
            }
        };
        let pre = stack.last().is_some_and(|s| s.2);
        match doc.data(n) {
            NodeData::Text(s) => {
                t.push(s, pre);
                next = doc.next_sibling(n);
            }
            NodeData::Element(e) if !is_hidden_element(doc, n, scripting) && !skip(n) => {
                let html = e.ns == Namespace::Html;
                if html && e.name == "br" {
                    t.break_line();
                } else if html && matches!(e.name, "td" | "th") {
                    t.pending_space = true;
                }
                let block = html && is_block(e.name);
                if block {
                    t.break_line();
                }
                let keeps = pre || (html && KEEPS.contains(&e.name));
                match doc.first_child(n) {
                    Some(c) => {
                        stack.push((n, block, keeps));
                        next = Some(c);
                    }
                    None => {
                        if block {
                            t.break_line();
                        }
                        next = doc.next_sibling(n);
                    }
                }
            }
            _ => next = doc.next_sibling(n),
        }
    }
    t.break_line();
    t.out
}

#[derive(Default)]
struct TextBuilder {
    out: String,
    line: String,
    pending_space: bool,
    /// The current line holds preformatted text (keep its leading white space).
    line_pre: bool,
}

impl TextBuilder {
    fn push(&mut self, s: &str, pre: bool) {
        for c in s.chars() {
            if pre && c == '\n' {
                self.break_line();
            } else if pre {
                // Preformatted: spaces and tabs are kept as written (code indentation).
                if self.pending_space && !self.line.is_empty() {
                    self.line.push(' ');
                }
                self.pending_space = false;
                self.line_pre = true;
                self.line.push(c);
            } else if is_ascii_ws(c) {
                self.pending_space = true;
            } else {
                if self.pending_space && !self.line.is_empty() {
                    self.line.push(' ');
                }
                self.pending_space = false;
                self.line.push(c);
            }
        }
    }

    fn break_line(&mut self) {
        // No-break spaces at a line's ends are space to a reader too; a line with
        // preformatted text keeps its indentation.
        let space = |c: char| c == '\u{a0}' || is_ascii_ws(c);
        let line = if self.line_pre {
            self.line.trim_end_matches(space)
        } else {
            self.line.trim_matches(space)
        };
        if !line.is_empty() {
            self.out.push_str(line);
            self.out.push('\n');
        }
        self.line.clear();
        self.pending_space = false;
        self.line_pre = false;
    }
}

pub(crate) fn is_ascii_ws(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}
