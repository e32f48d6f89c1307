//! Extraction (main text, the page type, visible text, metadata, Markdown) stays linear on pathological pages: deep nesting of the elements the main-content
//! heuristics look at twice (bylines, headings, tables, links), and huge flat lists. Each page
//! would take minutes if any step were quadratic in its depth or width; linear, they take
//! milliseconds, and the test allows seconds (an unoptimised build on a loaded machine).

use std::time::{Duration, Instant};

use simdhtml::{Arena, ParseOptions, extract, parse_document_str};

fn nested(open: &str, close: &str, n: usize) -> String {
    let mut s = String::with_capacity(n * (open.len() + close.len()));
    for _ in 0..n {
        s.push_str(open);
    }
    for _ in 0..n {
        s.push_str(close);
    }
    s
}

fn check(name: &str, page: &str) {
    let arena = Arena::new();
    let doc = parse_document_str(&arena, page, &ParseOptions::default());
    let timed = |what: &str, f: &dyn Fn() -> usize| {
        let start = Instant::now();
        let size = f();
        let took = start.elapsed();
        assert!(
            took < Duration::from_secs(10),
            "{name}: {what} took {took:?} on {} nodes",
            doc.len()
        );
        eprintln!(
            "{name}: {what} {took:?}, {} nodes, {size} bytes out",
            doc.len()
        );
    };
    timed("main_text", &|| extract::main_text(&doc).len());
    timed("page_type", &|| {
        extract::MainContent::find(&doc)
            .page_type(&doc)
            .as_str()
            .len()
    });
    timed("with_main_content", &|| {
        extract::with_main_content(&doc, page.as_bytes(), &ParseOptions::default(), |d, c| {
            c.text(d)
        })
        .len()
    });
    timed("visible_text", &|| extract::visible_text(&doc, true).len());
    timed("meta", &|| format!("{:?}", extract::meta(&doc)).len());
    timed("markdown", &|| {
        extract::markdown(&doc, doc.root(), &extract::MarkdownOptions::new(true)).len()
    });
}

#[test]
fn deep_nesting_is_linear() {
    let n = 50_000;
    check(
        "bylines",
        &nested("<div class=author>by someone, somewhere, ", "</div>", n),
    );
    check(
        "headings",
        &format!(
            "<title>a b c</title>{}",
            nested("<h1>a b c d e f<div>", "</div></h1>", n)
        ),
    );
    check(
        "paragraph text",
        &nested(
            "<div>Some words, and more words, in a sentence. <span>",
            "</span></div>",
            n,
        ),
    );
    check(
        "share bars",
        &format!(
            "<article>{}</article>",
            nested(
                "<div class=share><p>Text, text, text, and text.</p>",
                "</div>",
                n
            )
        ),
    );
    check(
        "tables",
        &nested("<table><tr><td>cell, text", "</td></tr></table>", 5_000),
    );
    check("links", &nested("<a href=x>link text, more", "</a>", n));
    check(
        "times",
        &format!("<article>{}</article>", nested("<time>May, ", "</time>", n)),
    );
    check(
        "details",
        &nested("<details><summary>s</summary>text", "</details>", n),
    );
    // Main landmarks inside hidden, furniture-named wrappers, each marked once.
    check(
        "main landmarks",
        &nested(
            "<div class='sidebar hide'>text, more<main>",
            "</main></div>",
            n,
        ),
    );
    // Boxes titled as links elsewhere, each in the one before (step 10b reads at most a few
    // thousand nodes for each).
    check(
        "titled boxes",
        &nested(
            "<div><h2>Related</h2><span><a href=/x>a link to read</a>, more words, ",
            "</span></div>",
            n,
        ),
    );
    // A page of furniture only whose content an inline style hides, blocks in blocks: the
    // outermost is read as shown and the steps run once more (step 13).
    check(
        "hidden content",
        &format!(
            "<header class=site-header><a href=/>Shop</a></header>{}",
            nested(
                "<div style='display:none'>Some words, and more words. ",
                "</div>",
                n
            )
        ),
    );
}

#[test]
fn wide_pages_are_linear() {
    let n = 200_000;
    let mut list = String::from("<ul>");
    for i in 0..n {
        list.push_str(&format!("<li><a href=/{i}>item {i}</a>, text"));
    }
    check("flat list", &list);
    let mut paragraphs = String::from("<div>");
    for i in 0..n {
        paragraphs.push_str(&format!(
            "<p>Paragraph {i}, with commas, and words enough.</p>"
        ));
    }
    check("flat paragraphs", &paragraphs);
    let mut siblings = String::new();
    for i in 0..n {
        siblings.push_str(&format!(
            "<div class=c><p>Block {i}, with commas, and words.</p></div>"
        ));
    }
    check("flat siblings", &siblings);
    // A page of furniture only with a thousand hidden blocks of prose, each a candidate of
    // step 13 (its text measured once).
    let mut hidden = String::from("<header class=site-header><a href=/>Shop</a></header>");
    for i in 0..1_000 {
        hidden.push_str("<div style='display:none'>");
        for j in 0..45 {
            hidden.push_str(&format!(
                "<p>Block {i}, paragraph {j}, with commas, and words.</p>"
            ));
        }
        hidden.push_str("</div>");
    }
    check("hidden blocks", &hidden);
    let mut ld = String::from("<script type=application/ld+json>[");
    for i in 0..n {
        ld.push_str(&format!(
            "{{\"@type\": \"Thing\", \"name\": \"n{i}\", \"author\": [\"a\"]}},"
        ));
    }
    ld.push_str("{}]</script>");
    check("JSON-LD", &ld);
    let metas = "<meta name=robots content='noindex, nofollow, noarchive'>".repeat(n);
    check("metas", &metas);
    let mut thread =
        String::from("<script type=application/ld+json>{\"@type\": \"QAPage\"}</script>");
    for i in 0..n {
        thread.push_str(&format!(
            "<div class=comment><div class=comment-body>Reply {i}, with commas, and words.</div></div>"
        ));
    }
    check("discussion", &thread);
    // Answers in answers, each with a comment (left out: a comment on a post).
    let qa = nested(
        "<div itemscope itemtype=https://schema.org/Answer><p>An answer, with commas, and words.</p>\
         <div itemscope itemtype=https://schema.org/Comment>A comment, with commas.</div>",
        "</div>",
        n / 2,
    );
    check("comments on answers", &qa);
    // Forms of fields beside the text (step 11 leaves each out once).
    let forms = "<p>A paragraph, with commas, and words enough to count.</p>\
                 <form><input name=q><button>Search</button></form>"
        .repeat(n / 2);
    check("forms of fields", &forms);
    // Posts that each repeat a user card and a button, on a thread, and cards that each repeat
    // a link (step 9b counts every short block once).
    let chrome = "<script type=application/ld+json>{\"@type\": \"QAPage\"}</script>".to_owned()
        + &"<div class=post><dl><dd>Member</dd><dd>Posts: 12</dd></dl>\
            <p>A reply, with commas, and words enough to count.</p><a href=/r>Reply</a></div>"
            .repeat(n / 4);
    check("post chrome", &chrome);
    // Headings titled as links elsewhere, each with prose under it (kept) or links (left
    // out), under one that titles them all: each heading reads up to the next of its rank.
    let titled = "<h2>Related articles</h2>".to_owned()
        + &"<h3>More from us</h3><p>A paragraph, with commas, and words enough to count.</p>\
            <h3>Related</h3><ul><li><a href=/r>A link to another page</a></ul>"
            .repeat(n / 4);
    check("titled sections", &titled);
    // Links alone between blocks (lines of their own), with hidden elements between them and
    // their blocks: each run of siblings is read by the two kept ones around it.
    let lines = "<div>".to_owned()
        + &"<p>A paragraph, with commas, and words enough to count.</p>\
            <span hidden>h</span><span hidden>h</span><a href=/s>Shop now</a>\
            <span hidden>h</span><span hidden>h</span>"
            .repeat(n / 4);
    check("lines of their own", &lines);
    // Headings titled as links elsewhere in a block that thousands of roots follow (step 7's
    // sections of a landing page, mostly links): step 10b asks whether a node is a root in
    // constant time, not by reading the roots.
    let mut landing = String::from("<div id=content>");
    for i in 0..n / 20 {
        landing.push_str(&format!(
            "<p>The river rose two metres overnight, and by the morning the lower town was \
             under water, its streets closed, paragraph {i}.</p>"
        ));
    }
    landing.push_str(&"<h3>Related</h3>".repeat(4 * n));
    landing.push_str("</div>");
    for i in 0..n / 5 {
        landing.push_str(&format!(
            "<section class=feature><a href=/f{i}>Feature {i} does many useful things for \
             you, with commas, and more, and then some more of them, and again, and again, \
             with commas, and more, and then some more of them, and again, and more, and more \
             of it, to read.</a></section>"
        ));
    }
    check("titled headings before many roots", &landing);
    let ctas = "<div class=card><p>A card, with commas, and words enough.</p>\
                <div><a href=/c>Learn more</a></div></div>"
        .repeat(n / 2);
    check("repeated links", &ctas);
    let mut kept = String::from("<body><div id=app></div><noscript>");
    for i in 0..n {
        kept.push_str(&format!(
            "<div class=post><p>Post {i}, with commas, and words.</p></div>"
        ));
    }
    check("noscript content", &kept);
    let types = "<script type=application/ld+json>[".to_owned()
        + &"{\"@type\": [\"Thing\", \"Product\", \"Offer\"]},".repeat(n)
        + "{}]</script>";
    check("JSON-LD types", &types);
    // Every block a repeat of the first (step 10 reads each block once), in list items and
    // in containers of inline text.
    let repeated = "<li>The same sentence, with commas, over and over, as long as before.</li>\
                    <div><b>A container of inline text</b>, with commas, said once more.</div>"
        .repeat(n / 2);
    check("repeated blocks", &format!("<ul>{repeated}</ul>"));
    // A block of paragraphs and, outside it, the sections of a landing page (step 7c takes
    // each section once and merges them with the roots once).
    let mut landing = String::from("<div class=text>");
    for i in 0..n / 2 {
        landing.push_str(&format!(
            "<p>Paragraph {i}, with commas, and words enough to count as prose of a page.</p>"
        ));
    }
    landing.push_str("</div>");
    for i in 0..n / 20 {
        landing.push_str(&format!(
            "<div class=feature><p>Feature {i}, with commas, and words enough to count, said \
             at length so that it passes two hundred characters of text, which takes a while \
             to write, so here it goes on and on, and on, and on again, for good.</p></div>"
        ));
    }
    check("landing sections", &landing);
    // Long `class` and `id` values full of the pieces the rules read (one pass over each value
    // per page, however many lists and walks ask), in blocks nested inside each other.
    let pieces = "sidebar-comment post-content hero-feature faq tab-pane modal byline ".repeat(40);
    let classes = nested(
        &format!("<div class='{pieces}' id='{pieces}'><p>Text, with commas, and words.</p>"),
        "</div>",
        n / 100,
    );
    check("long class names", &classes);
}
