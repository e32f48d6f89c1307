//! What a crawler or an indexer takes from a parsed page: the title, the language, the visible
//! text, the main content, Markdown, the page's metadata and the links.
//!
//! - [`title`], [`lang`]: `document.title` and the root's `lang`.
//! - [`visible_text`], [`visible_text_of`], [`visible_text_with`] ([`TextOptions`]): the text
//!   as `innerText` lays it out by the HTML Standard's default style sheet (15.3), one block
//!   per line, table cells tab-separated.
//! - [`main_text`], [`MainContent`]: the article body (or central content) without the
//!   page's furniture, by the same rules; deterministic, linear, any script.
//! - [`markdown()`] ([`MarkdownOptions`]), [`MainContent::markdown`]: CommonMark with GFM
//!   tables.
//! - [`meta()`] ([`Meta`]), `meta_resolved` (with `links`), [`parse_refresh`]: description,
//!   canonical, robots, Open Graph and Twitter cards, dates, author, language, refresh.
//! - `links`, `base_url`, `Link` (with `links`): the page's URLs, resolved.
//! - `language`, `Language` (with `language`): the language a text is written in, detected
//!   from the text (the main text's, say), with a score in 0..=1.
//!
//! All of these read the [`Document`] only (no rendering, no page CSS): they follow the DOM
//! and HTML definitions where there are some (`document.title`, the document base URL, the
//! default style sheet, the declarative refresh steps) and a reader's expectations where there
//! are none (the main content). Each is one pass over the tree (the main content a few),
//! linear in the page.
//!
//! The links (`links`, `base_url`, `Link`, `meta_resolved`) are resolved as URLs with the
//! `url` crate and need the `links` feature; the rest needs none.

#[cfg(feature = "links")]
use std::borrow::Cow;

#[cfg(feature = "links")]
use url::Url;

use crate::dom::{Document, NodeData, NodeId};

mod flat_tree;
mod json;
#[cfg(feature = "language")]
mod language;
mod main_content;
mod markdown;
mod meta;
mod node_ref;
mod page_type;
#[cfg(feature = "links")]
mod resolve;
mod visible;

#[cfg(feature = "links")]
use crate::markup::Namespace;
use crate::markup::Tag;
use crate::markup::is_ascii_whitespace;
#[cfg(feature = "language")]
pub use language::{LANGUAGE_SAMPLE, Language, language};
pub use main_content::{MainContent, main_text, with_main_content};
pub use markdown::{MarkdownOptions, markdown};
#[cfg(feature = "links")]
pub use meta::meta_resolved;
pub use meta::{Meta, Refresh, Robots, Social, meta, parse_refresh};
pub use page_type::PageType;
pub use visible::{TextOptions, visible_text, visible_text_of, visible_text_with};

/// `document.title` (HTML Standard 3.1.4): the text of the first HTML `title` element in tree
/// order with ASCII white space stripped and collapsed; `None` when there is no `title`
/// element.
pub fn title(doc: &Document<'_>) -> Option<String> {
    let t = doc
        .descendants(doc.root())
        .find(|&n| doc.get(n).is_html(Tag::Title))?;
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
        e.attrs()
            .iter()
            .find(|a| a.ns() == crate::markup::AttrNamespace::Xml && a.name == "lang")
            .map(|a| a.value)
    })?;
    let v = value.trim_matches(is_ascii_whitespace);
    (!v.is_empty()).then(|| v.to_owned())
}

/// The document base URL (HTML Standard 2.4.1 and the `base` element's frozen base URL): the
/// first `base` element with an `href`, resolved against `fallback` (the page's own URL); else
/// `fallback`. `None` when neither gives an absolute URL.
#[cfg(feature = "links")]
pub fn base_url(doc: &Document<'_>, fallback: Option<&Url>) -> Option<Url> {
    let href = doc
        .descendants(doc.root())
        .find(|&n| doc.get(n).is_html(Tag::Base) && doc.attr(n, "href").is_some())
        .and_then(|n| doc.attr(n, "href"));
    base_url_from(href, fallback)
}

/// [`base_url`] from the first `base` element's `href` (`None`: there is none).
#[cfg(feature = "links")]
fn base_url_from(href: Option<&str>, fallback: Option<&Url>) -> Option<Url> {
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

/// The elements of [`LINK_ATTRIBUTES`] as tags, each a known one (so that the tag decides).
#[cfg(feature = "links")]
const LINK_TAGS: [Tag; LINK_ATTRIBUTES.len()] = {
    let mut tags = [Tag::Other; LINK_ATTRIBUTES.len()];
    let mut i = 0;
    while i < tags.len() {
        tags[i] = Tag::from_name(LINK_ATTRIBUTES[i].0);
        assert!(
            !matches!(tags[i], Tag::Other),
            "a LINK_ATTRIBUTES element is a known tag"
        );
        i += 1;
    }
    tags
};

/// Whether a tag (as `u8`) is one of [`LINK_TAGS`]: most elements are not, and are passed by
/// one look-up instead of a comparison with each.
#[cfg(feature = "links")]
static IS_LINK_TAG: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < LINK_TAGS.len() {
        t[LINK_TAGS[i] as usize] = true;
        i += 1;
    }
    t
};

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
    each_link_value(doc, |tag, attr, raw| {
        let url = match &base {
            Some(b) => b.join(raw).ok(),
            None => Url::parse(raw).ok(),
        };
        // `javascript:` runs code; it names no resource to fetch or index.
        if url.as_ref().is_some_and(|u| u.scheme() == "javascript") {
            return;
        }
        out.push(Link {
            tag,
            attr,
            raw,
            url,
        });
    });
    out
}

/// The URLs of [`links`], as [`Link::as_str`] gives them (the same strings, in the same
/// order), without a [`Url`] for each: the plain ones (an `http`/`https` URL already
/// serialised, or a path, query or fragment against an `http`/`https` base) are resolved
/// without the URL parser, and the others by it. What `batch --fields links` writes.
#[cfg(feature = "links")]
pub fn link_urls<'a>(doc: &Document<'a>, page_url: Option<&Url>) -> Vec<Cow<'a, str>> {
    // One walk finds the values and the `base` element (which may come after links it
    // applies to), where `links` walks the tree for each.
    let mut raws = Vec::new();
    let mut base_href = None;
    for n in doc.descendants(doc.root()) {
        let Some(e) = doc.element(n) else { continue };
        if e.ns != Namespace::Html {
            continue;
        }
        if e.tag == Tag::Base && base_href.is_none() {
            base_href = e.attr("href");
        }
        if IS_LINK_TAG[e.tag as usize] {
            link_values(e, |_, _, raw| raws.push(raw));
        }
    }
    let base = base_url_from(base_href, page_url);
    let mut out = Vec::with_capacity(raws.len());
    for raw in raws {
        if let Some(plain) = resolve::resolve_plain(base.as_ref(), raw) {
            out.push(plain);
            continue;
        }
        let url = match &base {
            Some(b) => b.join(raw),
            None => Url::parse(raw),
        };
        match url {
            // `javascript:` runs code; it names no resource to fetch or index.
            Ok(u) if u.scheme() == "javascript" => {}
            Ok(u) => out.push(Cow::Owned(u.into())),
            Err(_) => out.push(Cow::Borrowed(raw)),
        }
    }
    out
}

/// Calls `f(tag, attribute, value)` for each link value of the page in tree order: the HTML
/// elements and attributes of [`LINK_ATTRIBUTES`].
#[cfg(feature = "links")]
fn each_link_value<'a>(doc: &Document<'a>, mut f: impl FnMut(&'a str, &'static str, &'a str)) {
    for n in doc.descendants(doc.root()) {
        let Some(e) = doc.element(n) else { continue };
        if e.ns != Namespace::Html || !IS_LINK_TAG[e.tag as usize] {
            continue;
        }
        link_values(e, &mut f);
    }
}

/// Calls `f(tag, attribute, value)` for each link value of the HTML element `e`.
#[cfg(feature = "links")]
fn link_values<'a>(
    e: &crate::dom::ElementData<'a>,
    mut f: impl FnMut(&'a str, &'static str, &'a str),
) {
    for (&(_, attr), &tag) in LINK_ATTRIBUTES.iter().zip(&LINK_TAGS) {
        if e.tag != tag {
            continue;
        }
        if let Some(raw) = e.attr(attr) {
            f(e.name(), attr, raw);
        }
    }
}

/// Strips leading and trailing ASCII white space and replaces each run inside by one space
/// (the Infra standard's "strip and collapse ASCII whitespace").
pub fn collapse_ascii_whitespace(s: &str) -> String {
    s.split(is_ascii_whitespace)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// How many nodes under an element [`capped_text`] reads at most, for a cap of `max` bytes:
/// past them it gives `None`.
pub(crate) const fn capped_nodes(max: usize) -> usize {
    4 * max
}

/// The text content of `n` when it is shorter than `max` bytes and its subtree has fewer
/// than [`capped_nodes`]`(max)` nodes; `None` otherwise (so that asking costs at most that much).
pub(crate) fn capped_text(doc: &Document<'_>, n: NodeId, max: usize) -> Option<String> {
    let mut out = String::new();
    for (i, d) in doc.descendants(n).enumerate() {
        if i >= capped_nodes(max) {
            return None;
        }
        if let NodeData::Text(t) = doc.data(d) {
            out.push_str(t);
            if out.len() >= max {
                return None;
            }
        }
    }
    Some(out)
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
            "Head line\nOne two bold\nnext\na\nb\nc1\tc2\nx\n  y\nl\nbad js\n"
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
