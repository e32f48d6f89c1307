//! Property of `extract::link_urls`: the same strings, in the same order, as `extract::links`
//! and `Link::as_str` (the `url` crate's parser for every link), for link values drawn from the
//! bytes URLs are made of (the plain shapes `link_urls` resolves without the parser, and the
//! near misses: ports, user info, IP addresses, `xn--`, dot segments, `%2e`, upper case, white
//! space, other schemes) against `http`, `https`, `file` and no base URLs.

use proptest::prelude::*;
use simdhtml::extract::{link_urls, links};
use simdhtml::{Arena, ParseOptions, parse_document_str};
use url::Url;

/// A link value: pieces of URLs, glued.
fn link_value() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("http://".to_owned()),
        Just("https://".to_owned()),
        Just("HTTPS://".to_owned()),
        Just("//".to_owned()),
        Just("example.com".to_owned()),
        Just("xn--bcher-kva.ch".to_owned()),
        Just("1.2.3.4".to_owned()),
        Just("0x7f.1".to_owned()),
        Just(":8080".to_owned()),
        Just("user@".to_owned()),
        Just("/".to_owned()),
        Just("./".to_owned()),
        Just("../".to_owned()),
        Just("%2e".to_owned()),
        Just("%2E%2e/".to_owned()),
        Just("?q=1&r=".to_owned()),
        Just("#frag".to_owned()),
        Just("javascript:".to_owned()),
        Just("mailto:".to_owned()),
        "[a-zA-Z0-9._~!$&'()*+,;=:@%/?#\\\\ \t\n|^`{}<>\u{e9}\u{4e2d}-]{0,6}",
    ];
    prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
}

/// A page whose only links are `values`, as `a href`, `img src` and `video poster`, with a
/// `<base href>` when `base` is given, before them or after them (it applies to all).
fn page(base: Option<&str>, base_last: bool, values: &[String]) -> String {
    let escape = |s: &str| s.replace('&', "&amp;").replace('"', "&quot;");
    let mut html = String::new();
    let base = base.map(|b| format!("<base href=\"{}\">", escape(b)));
    if let Some(b) = base.as_ref().filter(|_| !base_last) {
        html.push_str(b);
    }
    for (i, v) in values.iter().enumerate() {
        let v = escape(v);
        match i % 3 {
            0 => html.push_str(&format!("<a href=\"{v}\">x</a>")),
            1 => html.push_str(&format!("<img src=\"{v}\">")),
            _ => html.push_str(&format!("<video src=x poster=\"{v}\"></video>")),
        }
    }
    if let Some(b) = base.filter(|_| base_last) {
        html.push_str(&b);
    }
    html
}

proptest! {
    #[test]
    fn link_urls_are_the_url_crates(
        values in prop::collection::vec(link_value(), 1..8),
        page_url in prop_oneof![
            Just(None),
            Just(Some("https://example.com/a/b.html?x=1#f")),
            Just(Some("http://www.example.org/")),
            Just(Some("http://example.com:8080/dir/")),
            Just(Some("file:///tmp/page.html")),
        ],
        base_href in prop_oneof![Just(None), Just(Some("/other/")), Just(Some("https://cdn.example.net/c/d"))],
        base_last in any::<bool>(),
    ) {
        let arena = Arena::new();
        let html = page(base_href, base_last, &values);
        let doc = parse_document_str(&arena, &html, &ParseOptions::default());
        let page_url = page_url.and_then(|u| Url::parse(u).ok());
        let want: Vec<String> = links(&doc, page_url.as_ref())
            .iter()
            .map(|l| l.as_str().to_owned())
            .collect();
        let got: Vec<String> = link_urls(&doc, page_url.as_ref())
            .into_iter()
            .map(|l| l.into_owned())
            .collect();
        prop_assert_eq!(got, want, "{}", html);
    }
}
