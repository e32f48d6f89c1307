//! Source spans (`ParseOptions::spans`): on every page of the repository's corpus and of the
//! shared corpus, and on generated documents, every span slices to what it must
//! (`common::spans::check`: start tags to `<name ...>`, end tags to `</name ...>`, attribute
//! names to the names as written, text to the node's text where the source had no character
//! reference, CR or NUL), the tree is the one a parse without spans builds, and the scalar twin
//! and the streaming parser give the same spans; then the tree builder's cases one by one
//! (implied tags, foster parenting, the adoption agency's clones, merged text, template
//! contents, foreign content, a BOM, windows-1252, the re-parse for a late `<meta>`, fragments).

use crate::common;
use crate::html_gen;

use common::spans::{check, dump, end_text, start_text};
use proptest::prelude::*;
use simdhtml::serialize::html5lib_dump;
use simdhtml::stream::Parser;
use simdhtml::tokenizer::{LineCol, LineIndex};
use simdhtml::{
    Arena, Document, FragmentContext, NodeData, NodeId, ParseOptions, parse_document,
    parse_document_str, parse_fragment,
};

fn spans_on() -> ParseOptions {
    ParseOptions {
        spans: true,
        ..ParseOptions::default()
    }
}

/// `html` parsed as a document with spans.
fn parse<'a>(arena: &'a Arena, html: &'a str) -> Document<'a> {
    let doc = parse_document_str(arena, html, &spans_on());
    let bad = check(&doc, html);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    doc
}

/// The elements named `name`, in creation order (detached ones and template contents too).
fn elements(doc: &Document<'_>, name: &str) -> Vec<NodeId> {
    doc.node_ids()
        .filter(|&id| doc.element(id).is_some_and(|e| e.name() == name))
        .collect()
}

/// The one element named `name`.
fn element(doc: &Document<'_>, name: &str) -> NodeId {
    let all = elements(doc, name);
    assert_eq!(all.len(), 1, "{name}: {all:?}");
    all[0]
}

/// The Text nodes' data and span text, in creation order.
fn texts<'a>(doc: &Document<'a>) -> Vec<(&'a str, Option<&'a str>)> {
    doc.node_ids()
        .filter_map(|id| match doc.data(id) {
            NodeData::Text(t) => Some((*t, start_text(doc, id))),
            _ => None,
        })
        .collect()
}

/// The start and end span texts of `id`.
fn tags<'a>(doc: &Document<'a>, id: NodeId) -> (Option<&'a str>, Option<&'a str>) {
    (start_text(doc, id), end_text(doc, id))
}

/// Checks `doc` (parsed from `bytes` with spans and `options`) against the same parse without
/// spans (the same tree), the scalar twin (the same spans) and the streaming parser in
/// `chunk`-byte pieces (the same spans and source).
fn same_everywhere(bytes: &[u8], options: &ParseOptions, chunk: usize, label: &str) -> Vec<String> {
    let arena = Arena::new();
    let on = ParseOptions {
        spans: true,
        ..options.clone()
    };
    let Ok(doc) = parse_document(&arena, bytes, &on);
    let mut bad = check(&doc, label);
    let off = ParseOptions {
        spans: false,
        ..options.clone()
    };
    let Ok(plain) = parse_document(&arena, bytes, &off);
    if html5lib_dump(&plain) != html5lib_dump(&doc) {
        bad.push(format!("{label}: the tree changes with spans on"));
    }
    if plain.source() != doc.source() || plain.has_spans() || !doc.has_spans() {
        bad.push(format!("{label}: source or has_spans differ"));
    }
    let scalar = ParseOptions {
        scalar: true,
        ..on.clone()
    };
    let Ok(twin) = parse_document(&arena, bytes, &scalar);
    if dump(&twin) != dump(&doc) {
        bad.push(format!(
            "{label}: the scalar twin's spans differ: {}",
            common::first_diff(&dump(&twin), &dump(&doc), "scalar", "vector")
        ));
    }
    let mut parser = Parser::new(&arena, on.clone());
    for piece in bytes.chunks(chunk) {
        parser.feed(piece);
    }
    let streamed = parser.finish();
    if streamed.source() != doc.source() || dump(&streamed) != dump(&doc) {
        bad.push(format!(
            "{label}: the streamed spans differ ({chunk}-byte chunks): {}",
            common::first_diff(&dump(&streamed), &dump(&doc), "streamed", "whole")
        ));
    }
    bad
}

#[test]
fn repository_corpus_pages() {
    let mut bad = Vec::new();
    for path in common::repository_pages() {
        let bytes = std::fs::read(&path).unwrap();
        let label = path.file_name().unwrap().to_string_lossy().into_owned();
        for chunk in [7, 1024] {
            bad.extend(same_everywhere(
                &bytes,
                &ParseOptions::default(),
                chunk,
                &label,
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn shared_corpus_pages() {
    let Some(pages) = common::corpus::pages("spans::shared_corpus_pages") else {
        return;
    };
    let options = common::corpus::chromium_options();
    let mut bad = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let bytes = page.bytes();
        // The scalar twin is quadratic on deep pages and the stream is checked on every page
        // by corpus/stream.rs: here every page is checked and compared with the parse without
        // spans, and one page in eight also with the twin and the stream.
        if i % 8 == 0 {
            bad.extend(same_everywhere(&bytes, &options, 4093, &page.file));
            continue;
        }
        let arena = Arena::new();
        let on = ParseOptions {
            spans: true,
            ..options.clone()
        };
        let Ok(doc) = parse_document(&arena, &bytes, &on);
        bad.extend(check(&doc, &page.file));
        let Ok(plain) = parse_document(&arena, &bytes, &options);
        if html5lib_dump(&plain) != html5lib_dump(&doc) {
            bad.push(format!("{}: the tree changes with spans on", page.file));
        }
    }
    assert!(
        bad.is_empty(),
        "{} problems:\n{}",
        bad.len(),
        bad.join("\n")
    );
    assert_eq!(pages.len(), 279, "the shared corpus has 279 pages");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(html_gen::cases(256)))]

    /// Generated documents: the spans check out, the tree does not change, the scalar twin
    /// and the stream (in 1- to 64-byte chunks) give the same spans.
    #[test]
    fn generated_documents(html in html_gen::html_like(), chunk in 1usize..64) {
        let bad = same_everywhere(html.as_bytes(), &ParseOptions::default(), chunk, &format!("{html:?}"));
        prop_assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}

#[test]
fn start_tags_end_tags_and_attributes() {
    let arena = Arena::new();
    let html = "<div ID=a Class = 'b c' hidden data-x=\"\" v=&amp;>x</DIV >";
    let doc = parse(&arena, html);
    let div = element(&doc, "div");
    assert_eq!(
        tags(&doc, div),
        (
            Some("<div ID=a Class = 'b c' hidden data-x=\"\" v=&amp;>"),
            Some("</DIV >")
        )
    );
    let spans = doc.span(div);
    let written: Vec<(&str, Option<&str>)> = spans
        .attrs
        .iter()
        .map(|a| (&html[a.name.clone()], a.value.clone().map(|v| &html[v])))
        .collect();
    assert_eq!(
        written,
        [
            ("ID", Some("a")),
            ("Class", Some("b c")),
            ("hidden", None),
            ("data-x", Some("")),
            ("v", Some("&amp;"))
        ]
    );
    // The same through a NodeRef.
    assert_eq!(doc.get(div).span(), spans);
    // Duplicates are dropped as the tokenizer drops them: the first wins.
    let doc = parse(&arena, "<p a=1 A=2 b>");
    let p = element(&doc, "p");
    let names: Vec<_> = doc.span(p).attrs.iter().map(|a| a.name.clone()).collect();
    assert_eq!(names, [3..4, 11..12]);
    // Self-closing and void elements have no end tag.
    let doc = parse(&arena, "<br/><img src=x><input>");
    assert_eq!(tags(&doc, element(&doc, "br")), (Some("<br/>"), None));
    assert_eq!(
        tags(&doc, element(&doc, "img")),
        (Some("<img src=x>"), None)
    );
}

#[test]
fn implied_elements_have_no_start_tag() {
    let arena = Arena::new();
    let doc = parse(&arena, "<table><tr><td>x<p>a<p>b</table></p></br>");
    for name in ["html", "head", "body", "tbody"] {
        assert_eq!(tags(&doc, element(&doc, name)), (None, None), "{name}");
    }
    assert_eq!(tags(&doc, element(&doc, "tr")), (Some("<tr>"), None));
    assert_eq!(
        tags(&doc, element(&doc, "table")),
        (Some("<table>"), Some("</table>"))
    );
    // `<p>` closes the first p, `</table>` the second; the stray `</p>` makes a p of its own,
    // and `</br>` a br.
    let ps = elements(&doc, "p");
    assert_eq!(tags(&doc, ps[0]), (Some("<p>"), None));
    assert_eq!(tags(&doc, ps[1]), (Some("<p>"), None));
    assert_eq!(tags(&doc, ps[2]), (None, Some("</p>")));
    assert_eq!(tags(&doc, element(&doc, "br")), (None, Some("</br>")));
    // `</h1>` closes an h2, but is not its end tag.
    let doc = parse(&arena, "<h2>x</h1>");
    assert_eq!(tags(&doc, element(&doc, "h2")), (Some("<h2>"), None));
    // `<image>` becomes an img.
    let doc = parse(&arena, "<image src=x>");
    assert_eq!(tags(&doc, element(&doc, "img")).0, Some("<image src=x>"));
}

#[test]
fn body_and_html_take_their_end_tags() {
    let arena = Arena::new();
    let doc = parse(&arena, "<html><body>x</body>y</body>\n</html><!--c-->");
    assert_eq!(
        tags(&doc, element(&doc, "html")),
        (Some("<html>"), Some("</html>"))
    );
    // The last `</body>` the parser acted on.
    let body = element(&doc, "body");
    assert_eq!(doc.span(body).end, Some(21..28));
    // Attributes a later `<html>` adds have that tag's spans.
    let html = "<html a=1><body><html b=2 a=3>";
    let doc = parse(&arena, html);
    let root = element(&doc, "html");
    let spans: Vec<_> = doc
        .span(root)
        .attrs
        .iter()
        .map(|a| &html[a.name.clone()])
        .collect();
    assert_eq!(spans, ["a", "b"]);
    assert_eq!(doc.span(root).attrs[1].name, 22..23);
}

#[test]
fn foster_parenting() {
    let arena = Arena::new();
    let html = "<table>a<tr><td>b</td></tr>c<div id=d>e</div></table>";
    let doc = parse(&arena, html);
    // "a" and "c" go before the table into one Text node, which covers both; the div goes
    // there too, with its own tags.
    assert_eq!(
        texts(&doc),
        [
            ("ac", Some("a<tr><td>b</td></tr>c")),
            ("b", Some("b")),
            ("e", Some("e"))
        ]
    );
    let div = element(&doc, "div");
    assert_eq!(tags(&doc, div), (Some("<div id=d>"), Some("</div>")));
    assert_eq!(doc.parent(div), doc.parent(element(&doc, "table")));
    // Whitespace-only table text stays in the table, with its range.
    let doc = parse(&arena, "<table> <tr>\n</table>");
    assert_eq!(texts(&doc), [(" ", Some(" ")), ("\n", Some("\n"))]);
}

#[test]
fn adoption_agency_clones_take_the_start_tag() {
    let arena = Arena::new();
    let html = "<b class=x>1<p>2</b>3</p>";
    let doc = parse(&arena, html);
    let bs = elements(&doc, "b");
    assert_eq!(bs.len(), 2);
    // The original keeps its start tag and takes `</b>`; the clone in the p has the same start
    // tag and attributes, and no end tag.
    assert_eq!(tags(&doc, bs[0]), (Some("<b class=x>"), Some("</b>")));
    assert_eq!(tags(&doc, bs[1]), (Some("<b class=x>"), None));
    assert_eq!(doc.span(bs[1]).attrs, doc.span(bs[0]).attrs);
    assert_eq!(doc.span(bs[1]).start, Some(0..11));
    // Reconstructing the active formatting elements clones too.
    let doc = parse(&arena, "<p><i>x</p><p>y</i>");
    let is = elements(&doc, "i");
    assert_eq!(tags(&doc, is[0]), (Some("<i>"), None));
    assert_eq!(tags(&doc, is[1]), (Some("<i>"), Some("</i>")));
    // The inner loop's clones.
    let doc = parse(&arena, "<a><b><div>x</a>y");
    for b in elements(&doc, "b") {
        assert_eq!(start_text(&doc, b), Some("<b>"));
    }
    let a = elements(&doc, "a");
    assert_eq!(tags(&doc, a[0]), (Some("<a>"), Some("</a>")));
    assert_eq!(tags(&doc, a[1]), (Some("<a>"), None));
}

#[test]
fn merged_text_covers_all_its_runs() {
    let arena = Arena::new();
    // A character reference, a CRLF and a NUL each end a run of characters; the Text node
    // covers them all, with the bytes they were written with.
    let html = "<p>a&amp;b\r\nc&lt\0d</p>";
    let doc = parse(&arena, html);
    assert_eq!(texts(&doc), [("a&b\nc<d", Some("a&amp;b\r\nc&lt\0d"))]);
    // Text on both sides of a tag the parser drops.
    let doc = parse(&arena, "<p>a</span>b</p>");
    assert_eq!(texts(&doc), [("ab", Some("a</span>b"))]);
    // A leading newline after `<pre>` is dropped, and not covered.
    let doc = parse(&arena, "<pre>\nx</pre><textarea>\r\ny</textarea>");
    assert_eq!(texts(&doc), [("x", Some("x")), ("y", Some("y"))]);
    // In a frameset only white space is kept: the node covers what was dropped between.
    let doc = parse(&arena, "<frameset> a <frame></frameset>");
    assert_eq!(texts(&doc), [("  ", Some(" a "))]);
    // A character reference right after a `</>` (which makes no token).
    let doc = parse(&arena, "<p></>&amp;</p>");
    assert_eq!(texts(&doc), [("&", Some("&amp;"))]);
    // Raw text, RCDATA and script data.
    let doc = parse(
        &arena,
        "<title>a&amp;b</title><script>x<y</script><style>--></style>",
    );
    assert_eq!(
        texts(&doc),
        [
            ("a&b", Some("a&amp;b")),
            ("x<y", Some("x<y")),
            ("-->", Some("-->"))
        ]
    );
}

#[test]
fn template_contents() {
    let arena = Arena::new();
    let doc = parse(&arena, "<template id=t><td>x</td><p>y</template>");
    let template = element(&doc, "template");
    assert_eq!(
        tags(&doc, template),
        (Some("<template id=t>"), Some("</template>"))
    );
    let contents = doc.template_contents(template).unwrap();
    assert_eq!(tags(&doc, contents), (None, None));
    assert_eq!(
        tags(&doc, element(&doc, "td")),
        (Some("<td>"), Some("</td>"))
    );
    assert_eq!(tags(&doc, element(&doc, "p")), (Some("<p>"), None));
    // A declarative shadow root's template.
    let doc = parse(
        &arena,
        "<div><template shadowrootmode=open><b>x</b></template></div>",
    );
    let div = element(&doc, "div");
    let root = doc.shadow_root(div).unwrap();
    assert_eq!(tags(&doc, root), (None, None));
    assert_eq!(tags(&doc, element(&doc, "b")), (Some("<b>"), Some("</b>")));
    assert_eq!(
        tags(&doc, element(&doc, "template")),
        (Some("<template shadowrootmode=open>"), Some("</template>"))
    );
}

#[test]
fn foreign_content() {
    let arena = Arena::new();
    let html = "<svg viewbox='0 0 1 1' xlink:href=#a><foreignObject/><path d=1></PATH>\
                <![CDATA[x<y]]></svg><math definitionurl=u><mi>z</mi></math>";
    let doc = parse(&arena, html);
    let svg = element(&doc, "svg");
    assert_eq!(end_text(&doc, svg), Some("</svg>"));
    let names: Vec<_> = doc
        .span(svg)
        .attrs
        .iter()
        .map(|a| &html[a.name.clone()])
        .collect();
    assert_eq!(names, ["viewbox", "xlink:href"]);
    assert_eq!(doc.element(svg).unwrap().attrs()[0].name, "viewBox");
    assert_eq!(
        tags(&doc, element(&doc, "foreignObject")),
        (Some("<foreignObject/>"), None)
    );
    assert_eq!(
        tags(&doc, element(&doc, "path")),
        (Some("<path d=1>"), Some("</PATH>"))
    );
    assert_eq!(
        tags(&doc, element(&doc, "mi")),
        (Some("<mi>"), Some("</mi>"))
    );
    let math = element(&doc, "math");
    assert_eq!(&html[doc.span(math).attrs[0].name.clone()], "definitionurl");
    // The CDATA section's characters, without `<![CDATA[` and `]]>`.
    assert!(texts(&doc).contains(&("x<y", Some("x<y"))));
}

#[test]
fn comments_doctypes_and_processing_instructions() {
    let arena = Arena::new();
    let doc = parse(
        &arena,
        "<!DOCTYPE html><!-- a --><?pi x?><p><!x></p></ y><!-- open",
    );
    let kinds: Vec<(&str, Option<&str>)> = doc
        .node_ids()
        .filter_map(|id| match doc.data(id) {
            NodeData::Doctype(_) => Some(("doctype", start_text(&doc, id))),
            NodeData::Comment(_) => Some(("comment", start_text(&doc, id))),
            NodeData::ProcessingInstruction(_) => Some(("pi", start_text(&doc, id))),
            _ => None,
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("doctype", Some("<!DOCTYPE html>")),
            ("comment", Some("<!-- a -->")),
            ("pi", Some("<?pi x?>")),
            ("comment", Some("<!x>")),
            ("comment", Some("</ y>")),
            ("comment", Some("<!-- open"))
        ]
    );
}

#[test]
fn selectedcontent_clones_keep_their_spans() {
    let arena = Arena::new();
    let doc = parse(
        &arena,
        "<select><button><selectedcontent></selectedcontent></button>\
         <option><b>A</b></option></select>",
    );
    let bs = elements(&doc, "b");
    assert_eq!(bs.len(), 2);
    assert_eq!(doc.span(bs[1]).start, doc.span(bs[0]).start);
    assert!(texts(&doc).iter().all(|t| *t == ("A", Some("A"))));
}

#[test]
fn offsets_are_of_the_decoded_text() {
    let arena = Arena::new();
    // A BOM is not part of the source: offsets are the input's, less three.
    let bytes = b"\xEF\xBB\xBF<p id=x>caf\xC3\xA9</p>";
    let Ok(doc) = parse_document(&arena, bytes, &spans_on());
    assert_eq!(doc.source(), "<p id=x>caf\u{e9}</p>");
    let p = element(&doc, "p");
    assert_eq!(doc.span(p).start, Some(0..8));
    assert_eq!(texts(&doc), [("caf\u{e9}", Some("caf\u{e9}"))]);
    assert!(check(&doc, "bom").is_empty());
    // windows-1252: each é is one byte of input and two of the source.
    let options = ParseOptions {
        input: simdhtml::input::InputOptions {
            guess: false,
            ..Default::default()
        },
        ..spans_on()
    };
    let bytes = b"<p title=\xE9t\xE9>caf\xE9</p>";
    let Ok(doc) = parse_document(&arena, bytes, &options);
    assert_eq!(doc.encoding(), encoding_rs::WINDOWS_1252);
    assert_eq!(doc.source(), "<p title=\u{e9}t\u{e9}>caf\u{e9}</p>");
    let p = element(&doc, "p");
    assert_eq!(doc.span(p).start, Some(0..15));
    assert_eq!(doc.span(p).attrs[0].value, Some(9..14));
    assert_eq!(doc.span(p).end, Some(20..24));
    assert!(check(&doc, "windows-1252").is_empty());
    // A late `<meta charset>` re-parses: the spans are of the text in the final encoding.
    let mut bytes = b"<head><title>".to_vec();
    bytes.extend(std::iter::repeat_n(b'x', 1100));
    bytes.extend(b"</title><meta charset=shift_jis><p>\x82\xA0</p>");
    let Ok(doc) = parse_document(&arena, &bytes, &options);
    assert_eq!(doc.encoding(), encoding_rs::SHIFT_JIS);
    assert!(doc.source().ends_with("<p>\u{3042}</p>"));
    assert_eq!(texts(&doc).last(), Some(&("\u{3042}", Some("\u{3042}"))));
    let p = element(&doc, "p");
    assert_eq!(doc.span(p).end.unwrap().end, doc.source().len());
    assert!(check(&doc, "re-parse").is_empty());
}

#[test]
fn line_and_column() {
    let arena = Arena::new();
    let doc = parse(
        &arena,
        "<html>\n<body>\r\n  <p\n   id=x>\u{e9}\u{1F600}<b>y</b>",
    );
    let index = LineIndex::new(doc.source());
    let b = element(&doc, "b");
    let at = |offset: usize| index.line_col(offset);
    assert_eq!(
        at(doc.span(element(&doc, "p")).start.unwrap().start),
        LineCol { line: 3, col: 3 }
    );
    assert_eq!(
        at(doc.span(element(&doc, "p")).attrs[0].name.start),
        LineCol { line: 4, col: 4 }
    );
    // Columns count UTF-16 code units: é is one, 😀 two.
    assert_eq!(
        at(doc.span(b).start.unwrap().start),
        LineCol { line: 4, col: 12 }
    );
    assert_eq!(index.line_start(4), doc.source().find("   id").unwrap());
}

#[test]
fn fragments_and_streams() {
    let arena = Arena::new();
    let html = "<td>a</td><td b=1>c";
    let doc = parse_fragment(&arena, html, FragmentContext::html("tr"), &spans_on());
    assert!(check(&doc, html).is_empty());
    let tds = elements(&doc, "td");
    assert_eq!(tags(&doc, tds[0]), (Some("<td>"), Some("</td>")));
    assert_eq!(tags(&doc, tds[1]), (Some("<td b=1>"), None));
    // The scaffolding html element of a fragment parse has no span.
    assert_eq!(tags(&doc, element(&doc, "html")), (None, None));
    // A stream keeps its text only with spans.
    let mut parser = Parser::new(&arena, ParseOptions::default());
    parser.feed(b"<p>x");
    assert_eq!(parser.finish().source(), "");
    let mut parser = Parser::new(&arena, spans_on());
    parser.feed(b"<p>x");
    parser.feed(b"y</p>");
    let doc = parser.finish();
    assert_eq!(doc.source(), "<p>xy</p>");
    assert_eq!(texts(&doc), [("xy", Some("xy"))]);
}

#[test]
fn without_spans_and_after_changes() {
    let arena = Arena::new();
    let doc = parse_document_str(&arena, "<p id=x>y", &ParseOptions::default());
    assert!(!doc.has_spans());
    assert_eq!(doc.source(), "<p id=x>y");
    let p = element(&doc, "p");
    assert_eq!(doc.span(p), simdhtml::NodeSpan::default());
    // Changing an element's attributes forgets their spans, not its tags'.
    let mut doc = parse_document_str(&arena, "<p id=x class=y>z</p>", &spans_on());
    let p = element(&doc, "p");
    doc.set_attr(&arena, p, "id", "w").unwrap();
    assert!(doc.span(p).attrs.is_empty());
    assert_eq!(doc.span(p).start, Some(0..16));
    let made = doc.create_element(&arena, "div");
    assert_eq!(doc.span(made), simdhtml::NodeSpan::default());
}

/// Text that a mode splits or reports errors in, character by character, keeps each piece at
/// its own bytes though the data state makes one token of a text with references and CRs in
/// "in body": the tree builder asks for whole-text tokens only where it inserts text whole.
#[test]
fn split_text_keeps_its_pieces_at_their_own_bytes() {
    let arena = simdhtml::Arena::new();
    let options = simdhtml::ParseOptions {
        spans: true,
        collect_errors: true,
        ..simdhtml::ParseOptions::default()
    };
    let text_spans = |input: &'static str| -> Vec<(String, std::ops::Range<usize>)> {
        let doc = simdhtml::parse_document_str(&arena, input, &options);
        doc.descendants(doc.root())
            .filter_map(|id| match doc.data(id) {
                simdhtml::dom::NodeData::Text(t) => Some((t.to_string(), doc.span(id).start?)),
                _ => None,
            })
            .collect()
    };
    let tree_errors = |input: &'static str| -> Vec<usize> {
        let doc = simdhtml::parse_document_str(&arena, input, &options);
        doc.errors()
            .iter()
            .filter(|e| matches!(e.kind, simdhtml::dom::ParseErrorKind::TreeConstruction(_)))
            .map(|e| e.offset)
            .collect()
    };
    // "in head" splits off the leading white space; the rest goes to "in body".
    assert_eq!(
        text_spans("<head> &amp; x"),
        [(" ".to_string(), 6..7), ("& x".to_string(), 7..14)]
    );
    // The line feed after `<pre>` is dropped; the text keeps its own byte.
    assert_eq!(
        text_spans("<!DOCTYPE html><pre>\r\nA</pre>"),
        [("A".to_string(), 22..23)]
    );
    // "in table" reports each character at its byte: `a`, the `&amp;`, `b` (then the end of
    // the input's errors).
    assert_eq!(
        tree_errors("<!DOCTYPE html><table>a&amp;b")[..3],
        [22, 23, 28]
    );
    // In "in body" the text is one node either way.
    assert_eq!(
        text_spans("<!DOCTYPE html><p>a &amp; b\r\nc"),
        [("a & b\nc".to_string(), 18..30)]
    );
}
