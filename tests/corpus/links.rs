//! `extract::link_urls` on every page of the shared corpus gives the strings `extract::links`
//! gives (`Link::as_str`: the `url` crate's parser for each link), in the same order, against a
//! page URL of the `https` and of the `http` scheme; and most of them resolve without the parser
//! (the shapes `link_urls` takes as plain), which is what it is for.

use simdhtml::extract::{link_urls, links};
use simdhtml::{Arena, ParseOptions, parse_document};
use url::Url;

use crate::common::corpus::pages;

#[test]
fn corpus_link_urls_are_the_url_crates() {
    let Some(pages) = pages("corpus_link_urls_are_the_url_crates") else {
        return;
    };
    let bases = [
        Url::parse("https://www.example.com/section/page.html?id=7"),
        Url::parse("http://example.org/"),
    ];
    let mut total = 0;
    for page in &pages {
        let bytes = page.bytes();
        let arena = Arena::new();
        let Ok(doc) = parse_document(&arena, &bytes, &ParseOptions::default());
        for base in bases.iter().flatten() {
            let want: Vec<String> = links(&doc, Some(base))
                .iter()
                .map(|l| l.as_str().to_owned())
                .collect();
            let got: Vec<String> = link_urls(&doc, Some(base))
                .into_iter()
                .map(|l| l.into_owned())
                .collect();
            assert_eq!(got.len(), want.len(), "{}: link count", page.file);
            for (g, w) in got.iter().zip(&want) {
                assert_eq!(g, w, "{} against {base}", page.file);
            }
            total += want.len();
        }
    }
    assert!(total > 10_000, "the corpus has links: {total}");
}
