//! What a crawler or an indexer takes from a parsed page: the title, the language, the visible
//! text and the links.
//!
//! All of these read the [`Document`] only (no rendering, no CSS): they follow the DOM
//! definitions where there are some (`document.title`, the document base URL) and a reader's
//! expectations where there are none (visible text).
//!
//! The links (`links`, `base_url`, `Link`) are resolved as URLs with the `url` crate and
//! need the `links` feature (on by default); the title, the language and the text need none.

#[cfg(feature = "links")]
use url::Url;

use crate::dom::{Document, NodeData, NodeId};
use crate::tree_builder::Namespace;

/// `document.title` (HTML Standard 3.1.4): the text of the first HTML `title` element in tree
/// order with ASCII white space stripped and collapsed; `None` when there is no `title`
/// element.
pub fn title(doc: &Document<'_>) -> Option<String> {
    let t = doc
        .descendants(doc.root())
        .find(|&n| is_html(doc, n, "title"))?;
    Some(collapse_ascii_whitespace(&doc.text_content(t)))
}

/// The document's language as the author declared it: the `lang` attribute of the document
/// element (`<html lang="de">`), else its `xml:lang`; trimmed; `None` when absent or empty.
pub fn lang(doc: &Document<'_>) -> Option<String> {
    let root = doc
        .children(doc.root())
        .find(|&n| doc.element(n).is_some())?;
    let e = doc.element(root)?;
    let value = e.attr("lang").or_else(|| {
        e.attrs
            .iter()
            .find(|a| a.ns == crate::tree_builder::AttrNamespace::Xml && a.name == "lang")
            .map(|a| a.value)
    })?;
    let v = value.trim_matches(is_ascii_ws);
    (!v.is_empty()).then(|| v.to_owned())
}

/// The document base URL (HTML Standard 2.4.1 and the `base` element's frozen base URL): the
/// first `base` element with an `href`, resolved against `fallback` (the page's own URL); else
/// `fallback`. `None` when neither gives an absolute URL.
#[cfg(feature = "links")]
pub fn base_url(doc: &Document<'_>, fallback: Option<&Url>) -> Option<Url> {
    let href = doc
        .descendants(doc.root())
        .find(|&n| is_html(doc, n, "base") && doc.attr(n, "href").is_some())
        .and_then(|n| doc.attr(n, "href"));
    if let Some(href) = href {
        let parsed = match fallback {
            Some(b) => b.join(href),
            None => Url::parse(href),
        };
        if let Ok(u) = parsed {
            return Some(u);
        }
    }
    fallback.cloned()
}

/// A link found in a page.
#[cfg(feature = "links")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link<'a> {
    /// The element's local name (`a`, `img`, ...).
    pub tag: &'a str,
    /// The attribute the URL came from (`href`, `src`, `action`, ...).
    pub attr: &'static str,
    /// The attribute's value as written.
    pub raw: &'a str,
    /// The value parsed as a URL relative to the document base URL ([`base_url`]); `None`
    /// when it does not parse (for example, a relative URL and no base URL).
    pub url: Option<Url>,
}

#[cfg(feature = "links")]
impl Link<'_> {
    /// The resolved URL if there is one, else the value as written.
    pub fn as_str(&self) -> &str {
        self.url.as_ref().map_or(self.raw, Url::as_str)
    }
}

/// The (element, attribute) pairs whose value is a URL: what `links` reports (with the `links`
/// feature; without it, these are the attributes to read and resolve oneself).
pub const LINK_ATTRIBUTES: &[(&str, &str)] = &[
    ("a", "href"),
    ("area", "href"),
    ("link", "href"),
    ("img", "src"),
    ("script", "src"),
    ("iframe", "src"),
    ("frame", "src"),
    ("embed", "src"),
    ("source", "src"),
    ("track", "src"),
    ("audio", "src"),
    ("video", "src"),
    ("video", "poster"),
    ("input", "src"),
    ("object", "data"),
    ("form", "action"),
    ("button", "formaction"),
    ("blockquote", "cite"),
    ("q", "cite"),
];

/// Every link of the page in tree order: the HTML elements and attributes of
/// [`LINK_ATTRIBUTES`] (template contents excluded: they are not in the document), each
/// resolved against the document base URL ([`base_url`] with `page_url` as the fallback).
/// Values are not trimmed here: the URL parser strips leading and trailing C0 controls and
/// spaces itself. Empty `href`/`src` values resolve to the base URL, as browsers do.
/// `javascript:` URLs are left out (they run code and name nothing to fetch); fragment-only
/// links (`#top`) are kept, resolved like the others.
#[cfg(feature = "links")]
pub fn links<'a>(doc: &Document<'a>, page_url: Option<&Url>) -> Vec<Link<'a>> {
    let base = base_url(doc, page_url);
    let mut out = Vec::new();
    for n in doc.descendants(doc.root()) {
        let Some(e) = doc.element(n) else { continue };
        if e.ns != Namespace::Html {
            continue;
        }
        for &(tag, attr) in LINK_ATTRIBUTES {
            if e.name != tag {
                continue;
            }
            if let Some(raw) = e.attr(attr) {
                let url = match &base {
                    Some(b) => b.join(raw).ok(),
                    None => Url::parse(raw).ok(),
                };
                // `javascript:` runs code; it names no resource to fetch or index.
                if url.as_ref().is_some_and(|u| u.scheme() == "javascript") {
                    continue;
                }
                out.push(Link {
                    tag: e.name,
                    attr,
                    raw,
                    url,
                });
            }
        }
    }
    out
}

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
            NodeData::Element(e) if !is_hidden_element(doc, n, scripting) => {
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

fn is_ascii_ws(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// Strips leading and trailing ASCII white space and replaces each run inside by one space
/// (the Infra standard's "strip and collapse ASCII whitespace").
pub fn collapse_ascii_whitespace(s: &str) -> String {
    s.split(is_ascii_ws)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn is_html(doc: &Document<'_>, n: NodeId, name: &str) -> bool {
    doc.element(n)
        .is_some_and(|e| e.ns == Namespace::Html && e.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Arena, ParseOptions, parse_document_str};

    const PAGE: &str = "<!doctype html><html lang=' en-GB '><head><title> A \n  page </title>\
        <base href='/docs/'><style>p{}</style><script>x()</script></head>\
        <body><h1>Head  line</h1><p>One\n two <b>bold</b><br>next<script>no</script></p>\
        <noscript>ns</noscript><template><p>t</p></template><div hidden>h</div>\
        <ul><li>a<li>b</ul><table><tr><td>c1<td>c2</table><pre>x\n  y</pre>\
        <a href='rel?q=1'>l</a><img src='//cdn.example/i.png'><form action=''></form>\
        <a href='http://[bad'>bad</a> <a href=' JavaScript:go()'>js</a></body></html>";

    #[test]
    fn title_lang_text() {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, PAGE, &ParseOptions::default());
        assert_eq!(title(&doc).as_deref(), Some("A page"));
        assert_eq!(lang(&doc).as_deref(), Some("en-GB"));
        assert_eq!(
            visible_text(&doc, true),
            "Head line\nOne two bold\nnext\na\nb\nc1 c2\nx\n  y\nl\nbad js\n"
        );
    }

    #[test]
    #[cfg(feature = "links")]
    fn links_resolve_against_base() {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, PAGE, &ParseOptions::default());
        let page = Url::parse("https://example.org/a/b.html").unwrap();
        let got: Vec<(&str, String)> = links(&doc, Some(&page))
            .iter()
            .map(|l| (l.tag, l.as_str().to_owned()))
            .collect();
        assert_eq!(
            got,
            [
                ("a", "https://example.org/docs/rel?q=1".to_owned()),
                ("img", "https://cdn.example/i.png".to_owned()),
                ("form", "https://example.org/docs/".to_owned()),
                ("a", "http://[bad".to_owned()),
            ]
        );
        // No page URL: the relative base cannot resolve, relative links stay unresolved.
        let l = links(&doc, None);
        assert_eq!(l[0].url, None);
        assert_eq!(l[0].as_str(), "rel?q=1");
    }
}
