//! The extractors the command's `text`/`batch` and the Python package run on every page, on
//! one parse with scripting on and one with it off. Input: byte 0 the input options
//! (`input_options`, as `parse_document`); byte 1 bit 0 image `alt` text, bit 1 link URLs
//! (`TextOptions`, and images in Markdown), bits 2..5 the page URL (`PAGE_URLS`, or none); the
//! rest is the page.
//!
//! Runs: `title`, `lang`, `visible_text` and `visible_text_with`, `markdown` of the page,
//! `main_text`, `MainContent::find` (its `text`, `text_with`, `markdown`, `page_type`,
//! `page_type_with_text`, `page_type_features`), `with_main_content` (which parses again
//! with scripting off for a page whose content is in `noscript`), `language` of the main
//! text, `meta`, `meta_resolved`, `base_url`, `links` and `link_urls` with the page URL.
//!
//! Checks (what the documentation promises): no panic; every text (visible, main, with or
//! without options) is `""` or lines that each end in `\n`, none empty, none ending in white
//! space or a no-break space; `main_text` is `MainContent::find(..).text`; `page_type` is
//! `page_type_with_text` of that text, `Other` when there are no features (a page without text)
//! and for content in `noscript`, which is flagged only with scripting on; the features are
//! finite; the roots are in tree order, none written by another's walk; `with_main_content` gives the
//! same document and content unless the content is in `noscript`, and then a document parsed
//! with scripting off; the language's score is in 0..=1; `link_urls` is `links` as
//! `Link::as_str` gives them, in order; with a page URL the document has a base URL;
//! `meta_resolved` without a page URL or `base` is `meta`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use simdhtml::extract::{
    self, MainContent, MarkdownOptions, PageType, TextOptions, with_main_content,
};
use simdhtml::{Arena, Document, NodeId, ParseOptions, parse_document};
use simdhtml_fuzz::{Input, MAX_NODES, input_options};
use url::Url;

/// Page URLs the links are resolved against (index by bits 2..5 of byte 1; past the end: none).
const PAGE_URLS: [&str; 6] = [
    "https://example.org/dir/page.html?q=1#top",
    "http://example.com",
    "https://user:pw@xn--r8jz45g.jp:8443/a/b/",
    "file:///tmp/page.html",
    "https://example.org/%7Euser/a%20b/index.php?x=%zz",
    "http://192.168.0.1/",
];

/// Checks the shape every text of the extractors has: `""`, or lines each ending in `\n`,
/// none empty, none ending in ASCII white space or U+00A0 (lines are trimmed).
fn check_text(what: &str, text: &str) {
    if text.is_empty() {
        return;
    }
    assert!(
        text.ends_with('\n'),
        "{what}: the text does not end in a line feed"
    );
    for (i, line) in text[..text.len() - 1].split('\n').enumerate() {
        assert!(!line.is_empty(), "{what}: line {i} is empty");
        assert!(
            !line.ends_with(|c: char| c == '\u{a0}' || c.is_ascii_whitespace()),
            "{what}: line {i} ends in white space: {line:?}"
        );
    }
}

/// The roots are in tree order and no root is written by another's walk: one inside another
/// has a left-out element between them (roots in shadow trees, which the document's
/// descendants do not reach, are not checked).
fn check_roots(doc: &Document<'_>, content: &MainContent) {
    let roots = content.roots();
    let mut is_root = vec![false; doc.len()];
    for &r in roots {
        assert!(!is_root[r.index()], "main content: root {r:?} twice");
        is_root[r.index()] = true;
    }
    // `shown[n]`: the walk of a root above `n` writes `n` (a root's walk writes the root
    // itself whatever its flag, and skips a left-out element with its subtree).
    let mut shown = vec![false; doc.len()];
    let mut reached = vec![false; doc.len()];
    let mut order = Vec::new();
    for n in doc.descendants(doc.root()) {
        if let Some(p) = doc.parent(n) {
            shown[n.index()] = (is_root[p.index()] || shown[p.index()]) && !content.is_left_out(n);
        }
        if is_root[n.index()] {
            assert!(
                !shown[n.index()],
                "main content: root {n:?} written by another root's walk too"
            );
            order.push(n);
            reached[n.index()] = true;
        }
    }
    let reached: Vec<NodeId> = roots
        .iter()
        .copied()
        .filter(|r| reached[r.index()])
        .collect();
    assert_eq!(reached, order, "main content: roots out of tree order");
}

fn extract_all(
    doc: &Document<'_>,
    bytes: &[u8],
    options: &ParseOptions,
    opt: u8,
    url: Option<&Url>,
) {
    let scripting = options.scripting;
    let text_options = TextOptions::new(scripting)
        .with_alt_text(opt & 1 != 0)
        .with_link_urls(opt & 2 != 0);
    let md_options = MarkdownOptions::new(scripting).with_images(opt & 1 != 0);

    let _ = extract::title(doc);
    let _ = extract::lang(doc);
    check_text("visible_text", &extract::visible_text(doc, scripting));
    check_text(
        "visible_text_with",
        &extract::visible_text_with(doc, doc.root(), &text_options),
    );
    let _ = extract::markdown(doc, doc.root(), &md_options);

    let main = extract::main_text(doc);
    check_text("main_text", &main);
    let content = MainContent::find(doc);
    let text = content.text(doc);
    assert!(text == main, "main_text is not MainContent::find(..).text");
    check_text(
        "MainContent::text_with",
        &content.text_with(doc, &text_options),
    );
    let _ = content.markdown(doc, &md_options);
    check_roots(doc, &content);
    if content.is_in_noscript() {
        assert!(scripting, "content in noscript with scripting off");
    }
    let page_type = content.page_type(doc);
    assert_eq!(
        page_type,
        content.page_type_with_text(&text),
        "page_type vs page_type_with_text"
    );
    match content.page_type_features(doc) {
        Some(features) => assert!(
            features.iter().all(|f| f.is_finite()),
            "page type features not finite: {features:?}"
        ),
        None => assert_eq!(page_type, PageType::Other, "no features, yet a page type"),
    }
    if content.is_in_noscript() {
        assert_eq!(
            page_type,
            PageType::Other,
            "content in noscript, yet a page type"
        );
    }
    if let Some(language) = extract::language(&text) {
        assert!(
            (0.0..=1.0).contains(&language.score) && !language.code.is_empty(),
            "language {language:?}"
        );
    }

    with_main_content(doc, bytes, options, |d, c| {
        let t = c.text(d);
        check_text("with_main_content", &t);
        if content.is_in_noscript() {
            assert!(
                !d.scripting(),
                "noscript content read from a scripting document"
            );
            check_roots(d, c);
            let _ = c.markdown(d, &MarkdownOptions::new(false));
            let _ = c.page_type_with_text(&t);
            let _ = c.page_type_features(d);
        } else {
            assert!(std::ptr::eq(d, doc), "with_main_content parsed again");
            assert!(t == text, "with_main_content's text differs from find's");
            assert_eq!(c.roots(), content.roots(), "with_main_content's roots");
        }
    });

    let meta = extract::meta(doc);
    if extract::base_url(doc, None).is_none() {
        assert_eq!(
            extract::meta_resolved(doc, None),
            meta,
            "meta_resolved without a base URL"
        );
    }
    let _ = extract::meta_resolved(doc, url);
    if url.is_some() {
        assert!(
            extract::base_url(doc, url).is_some(),
            "a page URL, yet no base URL"
        );
    }
    let links = extract::links(doc, url);
    let urls = extract::link_urls(doc, url);
    let as_str: Vec<&str> = links.iter().map(|l| l.as_str()).collect();
    let urls: Vec<&str> = urls.iter().map(|u| u.as_ref()).collect();
    if as_str != urls {
        let i = as_str
            .iter()
            .zip(&urls)
            .position(|(a, b)| a != b)
            .unwrap_or(as_str.len().min(urls.len()));
        panic!(
            "link_urls vs links ({url:?}): at {i}, {:?} vs {:?} (raw {:?})",
            urls.get(i),
            as_str.get(i),
            links.get(i).map(|l| l.raw)
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let input_opts = input_options(input.byte());
    let opt = input.byte();
    let url = PAGE_URLS
        .get(usize::from(opt >> 2) & 7)
        .map(|u| Url::parse(u).expect("a page URL"));
    let bytes = input.rest();
    for scripting in [true, false] {
        let options = ParseOptions {
            scripting,
            input: input_opts.clone(),
            max_nodes: Some(MAX_NODES),
            ..ParseOptions::default()
        };
        let arena = Arena::new();
        let Ok(doc) = parse_document(&arena, bytes, &options);
        extract_all(&doc, bytes, &options, opt, url.as_ref());
    }
});
