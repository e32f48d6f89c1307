//! The Markdown output parses back (with pulldown-cmark, a CommonMark parser with GFM tables)
//! to the same text: the words of the parsed document's text are the words of the visible
//! text (or of the main content's text), so no text was lost, none became markup, and no
//! markup was left as text. Run on hand-made pages and on the shared extraction pages when
//! present.

use crate::common;

use common::{require_data, shared_dir};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use simdhtml::extract::{self, MainContent, MarkdownOptions};
use simdhtml::{Arena, ParseOptions, parse_document, parse_document_str};

fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The text of a Markdown document as a CommonMark parser reads it, blocks on lines.
fn parsed_text(md: &str) -> String {
    let mut out = String::new();
    for ev in Parser::new_ext(md, Options::ENABLE_TABLES) {
        match ev {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak | Event::HardBreak => out.push('\n'),
            Event::Start(Tag::TableCell) | Event::End(TagEnd::TableCell) => out.push('\t'),
            // Inline markup joins its text to what is around it; blocks end lines.
            Event::Start(Tag::Emphasis | Tag::Strong | Tag::Link { .. } | Tag::Image { .. })
            | Event::End(TagEnd::Emphasis | TagEnd::Strong | TagEnd::Link | TagEnd::Image) => {}
            Event::End(_) | Event::Start(_) => out.push('\n'),
            _ => {}
        }
    }
    out
}

fn check(name: &str, html: &[u8]) {
    let arena = Arena::new();
    let Ok(doc) = parse_document(&arena, html, &ParseOptions::default());
    let md = extract::markdown(&doc, doc.root(), &MarkdownOptions::new(true));
    let text = extract::visible_text(&doc, true);
    let back = parsed_text(&md);
    assert!(
        words(&back) == words(&text),
        "{name}: the page's Markdown does not read back as its text: {}",
        common::first_diff(
            &words(&back).join("\n"),
            &words(&text).join("\n"),
            "markdown",
            "text"
        )
    );
    let main = MainContent::find(&doc);
    let md = main.markdown(&doc, &MarkdownOptions::new(true));
    let back = parsed_text(&md);
    let text = main.text(&doc);
    assert!(
        words(&back) == words(&text),
        "{name}: the main content's Markdown does not read back as its text: {}",
        common::first_diff(
            &words(&back).join("\n"),
            &words(&text).join("\n"),
            "markdown",
            "text"
        )
    );
}

#[test]
fn hand_made_pages_read_back() {
    let pages = [
        "<h1>A *title* #</h1><p>1. not a list, 2) nor this; - or + this</p><p># nor a heading",
        "<p>snake_case and _under_ and **stars** and `ticks` and [brackets] and &amp;amp;</p>",
        "<ul><li>a<ul><li>b<ol start=7><li>c</ol></ul><li><p>d<p>e</ul><ul><li>f</ul>",
        "<blockquote><p>q<blockquote>qq</blockquote></blockquote><pre>x\n\n  *y*\n```</pre>",
        "<table><tr><th>a|b<th>c<tr><td><ul><li>d</ul><td>e</table><hr><p>z",
        "<p><b>bold <i>both</i></b>, <i>\"quoted\"</i>, <a href='/x y'>link <b>b</b></a>",
        "<p>line<br>break<br><br>- dash</p><dl><dt>term<dd>definition</dl>",
    ];
    for (i, p) in pages.iter().enumerate() {
        check(&format!("page {i}"), p.as_bytes());
    }
    let arena = Arena::new();
    let doc = parse_document_str(&arena, pages[2], &ParseOptions::default());
    let md = extract::markdown(&doc, doc.root(), &MarkdownOptions::new(true));
    // Structure: two lists (the second with the other bullet), nested three deep.
    let lists = Parser::new(&md)
        .filter(|e| matches!(e, Event::Start(Tag::List(_))))
        .count();
    assert_eq!(lists, 4, "{md}");
}

#[test]
fn extraction_pages_read_back() {
    let Some(dir) = require_data(
        "extraction_pages_read_back",
        shared_dir().join("extraction"),
    ) else {
        return;
    };
    let mut n = 0;
    for set in ["readability", "goose3", "cwced-zh"] {
        let mut files: Vec<_> = std::fs::read_dir(dir.join(set))
            .expect("a set folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "html"))
            .collect();
        files.sort();
        for f in files {
            check(
                &f.display().to_string(),
                &std::fs::read(&f).expect("readable"),
            );
            n += 1;
        }
    }
    assert!(n > 0);
}
