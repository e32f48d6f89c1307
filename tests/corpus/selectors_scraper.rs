//! A cross-check of `simdhtml::select` against scraper 0.29 (html5ever's tree, servo's
//! `selectors` 0.41) on the shared corpus: on every page where both parsers build the same
//! tree, each of [`SELECTORS`] must match the same elements.
//!
//! Both parsers get the same text (the page decoded once by our input layer). The trees are
//! compared first, as a dump of every node (element names and namespaces, attributes as a
//! sorted set, text, comments; template contents under their `template`, where scraper
//! keeps them): a page whose trees differ (html5ever 0.40 predates some of the HTML
//! Standard's recent parser changes, such as processing instructions and the `select`
//! content model) is skipped, and counted. On the others, the matches are compared by their
//! position in the tree's pre-order; scraper's matches inside template contents are left out
//! (its `select` walks into them, the DOM's `querySelectorAll` does not).
//!
//! One known difference is allowed and counted: scraper matches every document as no-quirks,
//! so on a quirks-mode page a class or id selector can match more elements with us (ASCII
//! case-insensitively, as the HTML Standard says). Such a difference is checked to be that
//! and nothing else: the page is parsed again with `<!DOCTYPE html>` in front (no-quirks
//! mode), and where that gives the same tree (but for the doctype), our matches in it must
//! be scraper's.
#![cfg(feature = "select")]

use crate::common;

use std::collections::HashMap;
use std::io::Write;

use simdhtml::input::{InputOptions, decode};
use simdhtml::markup::{Namespace, QuirksMode};
use simdhtml::{Arena, Document, NodeData, NodeRef, ParseOptions, parse_document_str};

/// Typical selectors of extraction code, each supported by both (scraper has no HTML
/// pseudo-classes and no `:nth-child(... of S)`).
const SELECTORS: &[&str] = &[
    "a[href]",
    "div.content p",
    "h1, h2, h3",
    "meta[property^=\"og:\"]",
    "table tr:nth-child(odd) td",
    ":is(article, main) p:not(:empty)",
    "img[alt]",
    "ul > li",
    "li:first-child a",
    "li:last-child",
    "p:nth-of-type(2)",
    "div:has(> img)",
    "head > link[rel~=stylesheet]",
    "script[src$=\".js\"]",
    "form input:not([type=hidden])",
    "tr:nth-last-child(-n+2)",
    ":where(div, section)[id]",
    "h2 + p",
    "h1 ~ *",
    "a[target=_blank i]",
    ":root > head > title",
    "span:empty",
    "#content, #main, .clearfix",
    "td:only-child",
    "nav a:not([href^=http])",
];

/// The tree as lines, one per node in pre-order, with the depth; template contents under
/// their template after a `#fragment` line, attributes sorted.
fn our_dump(doc: &Document<'_>, order: &mut HashMap<simdhtml::NodeId, usize>) -> Vec<String> {
    let mut lines = Vec::new();
    let mut stack: Vec<(NodeRef<'_, '_>, usize)> = doc
        .document_node()
        .children()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .map(|n| (n, 0))
        .collect();
    let mut elements = 0;
    while let Some((n, depth)) = stack.pop() {
        let line = match n.value() {
            NodeData::Element(e) => {
                order.insert(n.node_id(), elements);
                elements += 1;
                let ns = match e.ns {
                    Namespace::Html => "html",
                    Namespace::Svg => "svg",
                    Namespace::MathMl => "math",
                };
                let mut attrs: Vec<String> = e
                    .attrs()
                    .iter()
                    .map(|a| format!("{}|{}={:?}", a.ns().url().unwrap_or(""), a.name, a.value))
                    .collect();
                attrs.sort();
                format!("<{ns} {}> {}", e.name(), attrs.join(" "))
            }
            NodeData::Text(t) => format!("{t:?}"),
            NodeData::Comment(c) => format!("<!--{c:?}-->"),
            NodeData::Doctype(d) => format!("<!DOCTYPE {}>", d.name),
            NodeData::ProcessingInstruction(pi) => {
                let (target, data) = (pi.target, pi.data);
                format!("<?{target} {data:?}>")
            }
            NodeData::Document | NodeData::DocumentFragment => "#fragment".to_owned(),
            NodeData::ShadowRoot(_) => "#shadow-root".to_owned(),
        };
        lines.push(format!("{depth} {line}"));
        let children: Vec<(NodeRef<'_, '_>, usize)> = match n.template_contents() {
            Some(contents) => vec![(contents, depth + 1)],
            None => n.children().map(|c| (c, depth + 1)).collect(),
        };
        stack.extend(children.into_iter().rev());
    }
    lines
}

fn scraper_ns(url: &str) -> &'static str {
    match url {
        "http://www.w3.org/1999/xhtml" => "html",
        "http://www.w3.org/2000/svg" => "svg",
        "http://www.w3.org/1998/Math/MathML" => "math",
        _ => "?",
    }
}

/// scraper's tree as [`our_dump`] writes ours; `order` maps its element node ids to their
/// pre-order positions, `in_template` holds the elements inside template contents.
fn scraper_dump<Id: std::hash::Hash + Eq + Copy>(
    html: &scraper::Html,
    id_of: impl Fn(&scraper::ElementRef<'_>) -> Id,
    order: &mut HashMap<Id, (usize, bool)>,
) -> Vec<String> {
    use scraper::Node;
    let mut lines = Vec::new();
    let root = html.tree.root();
    let mut stack: Vec<_> = root.children().rev().map(|n| (n, 0usize, false)).collect();
    let mut elements = 0;
    while let Some((n, depth, in_template)) = stack.pop() {
        let line = match n.value() {
            Node::Element(e) => {
                let element = scraper::ElementRef::wrap(n).expect("an element");
                order.insert(id_of(&element), (elements, in_template));
                elements += 1;
                let mut attrs: Vec<String> = e
                    .attrs
                    .iter()
                    .map(|(name, value)| format!("{}|{}={:?}", &*name.ns, &*name.local, &**value))
                    .collect();
                attrs.sort();
                format!(
                    "<{} {}> {}",
                    scraper_ns(&e.name.ns),
                    &*e.name.local,
                    attrs.join(" ")
                )
            }
            Node::Text(t) => format!("{:?}", &**t),
            Node::Comment(c) => format!("<!--{:?}-->", &**c),
            Node::Doctype(d) => format!("<!DOCTYPE {}>", d.name()),
            Node::ProcessingInstruction(p) => format!("<?{} {:?}>", &*p.target, &*p.data),
            Node::Document | Node::Fragment => "#fragment".to_owned(),
        };
        lines.push(format!("{depth} {line}"));
        let inside = in_template || matches!(n.value(), Node::Fragment);
        let children: Vec<_> = n.children().map(|c| (c, depth + 1, inside)).collect();
        stack.extend(children.into_iter().rev());
    }
    lines
}

/// The dump lines but the doctype's (the shape of the tree without its mode).
fn without_doctypes(dump: &[String]) -> Vec<&String> {
    dump.iter().filter(|l| !l.contains("<!DOCTYPE")).collect()
}

#[test]
fn same_matches_as_scraper_where_the_trees_agree() {
    let Some(pages) = common::corpus::pages("selectors_scraper") else {
        return;
    };
    let ours: Vec<simdhtml::select::Selector> = SELECTORS
        .iter()
        .map(|s| simdhtml::select::Selector::parse(s).expect(s))
        .collect();
    let theirs: Vec<scraper::Selector> = SELECTORS
        .iter()
        .map(|s| scraper::Selector::parse(s).expect(s))
        .collect();
    let (mut compared, mut agree, mut quirks_only, mut matched) = (0, 0, 0, 0);
    let mut skipped = Vec::new();
    let mut failures = Vec::new();
    for page in &pages {
        let arena = Arena::new();
        let bytes = page.bytes();
        let text = decode(&arena, &bytes, &InputOptions::default()).text;
        let doc = parse_document_str(&arena, text, &ParseOptions::default());
        let html = scraper::Html::parse_document(text);
        let mut our_order = HashMap::new();
        let mut their_order = HashMap::new();
        let a = our_dump(&doc, &mut our_order);
        let b = scraper_dump(&html, |e| e.id(), &mut their_order);
        if a != b {
            skipped.push(page.file.as_str());
            continue;
        }
        compared += 1;
        for (i, s) in SELECTORS.iter().enumerate() {
            let positions: Vec<usize> = doc
                .select(&ours[i])
                .map(|n| our_order[&n.node_id()])
                .collect();
            let other: Vec<usize> = html
                .select(&theirs[i])
                .map(|e| their_order[&e.id()])
                .filter(|&(_, in_template)| !in_template)
                .map(|(at, _)| at)
                .collect();
            matched += other.len();
            if positions == other {
                agree += 1;
                continue;
            }
            // In quirks mode: the same matches as scraper once the page is in no-quirks mode.
            let explained = doc.quirks_mode() == QuirksMode::Quirks && {
                let no_quirks = format!("<!DOCTYPE html>{text}");
                let doc2 = parse_document_str(&arena, &no_quirks, &ParseOptions::default());
                let mut order2 = HashMap::new();
                let dump2 = our_dump(&doc2, &mut order2);
                let same_tree = without_doctypes(&dump2) == without_doctypes(&a);
                let mine2: Vec<usize> = doc2
                    .select(&ours[i])
                    .map(|n| order2[&n.node_id()])
                    .collect();
                doc2.quirks_mode() == QuirksMode::NoQuirks && same_tree && mine2 == other
            };
            if explained {
                quirks_only += 1;
            } else {
                failures.push(format!(
                    "{}: `{s}`: simdhtml {positions:?}, scraper {other:?}",
                    page.file
                ));
            }
        }
    }
    let _ = writeln!(
        std::io::stderr().lock(),
        "selectors vs scraper 0.29: {compared} pages compared, {} skipped (html5ever's tree \
         differs: {}), {agree} of {} selector x page pairs agree ({matched} elements matched by scraper), {quirks_only} differ only by \
         quirks-mode case-insensitivity ({} selectors)",
        skipped.len(),
        skipped.join(", "),
        compared * SELECTORS.len(),
        SELECTORS.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared > 0, "no page where the trees agree");
    assert!(
        matched > compared,
        "the selectors matched almost nothing: {matched}"
    );
}
