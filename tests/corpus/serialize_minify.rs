//! `SerializeOptions::minify` (`simdhtml html --minify`): parse → minify → parse gives the same
//! tree, compared as html5lib dumps, over the repository's pages, the shared corpus and
//! generated documents; and the optional-tag rules on small cases.

use crate::common;

use std::path::PathBuf;

use simdhtml::input::{InputOptions, decode};
use simdhtml::serialize::{
    AttributeQuotes, OptionalTags, SerializeOptions, ShadowRoots, html5lib_dump, serialize_document,
};
use simdhtml::{
    Arena, Document, FragmentContext, ParseOptions, parse_document_str, parse_fragment,
};

/// The minified serialisation of `doc`, its shadow roots included (`html --minify
/// --shadow-roots all`), so that the whole tree comes back.
fn minify(doc: &Document<'_>) -> String {
    let options = SerializeOptions {
        scripting: doc.scripting(),
        shadow_roots: ShadowRoots::All,
        ..SerializeOptions::minify()
    };
    serialize_document(doc, &options)
}

/// `html` parsed, minified and parsed again: the minified text, or where the trees differ.
fn check(html: &str) -> Result<String, String> {
    let arena = Arena::new();
    let options = ParseOptions::default();
    let first = parse_document_str(&arena, html, &options);
    let min = minify(&first);
    let second = parse_document_str(&arena, &min, &options);
    let (a, b) = (html5lib_dump(&first), html5lib_dump(&second));
    if a == b {
        return Ok(min);
    }
    let clip: String = min.chars().take(300).collect();
    Err(format!(
        "minified {clip:?}…\n{}",
        common::first_diff(&a, &b, "original", "re-parsed")
    ))
}

fn min(html: &str) -> String {
    check(html).unwrap_or_else(|e| panic!("{html:?}: {e}"))
}

#[test]
fn documents() {
    assert_eq!(
        min(
            "<!DOCTYPE html><html><head><title>T</title></head><body><p class=\"a\">x</p><p>y</p></body></html>"
        ),
        "<!DOCTYPE html><title>T</title><p class=a>x<p>y"
    );
    assert_eq!(
        min("<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul><dl><dt>t</dt><dd>d</dd></dl>"),
        "<ul><li>a<li>b<ul><li>c</ul></ul><dl><dt>t<dd>d</dl>"
    );
    assert_eq!(
        min("<table><caption>c</caption><tr><td>1</td><td>2</td></tr><tr><th>3</th></tr></table>"),
        "<table><caption>c<tr><td>1<td>2<tr><th>3</table>"
    );
    assert_eq!(
        min(
            "<table><colgroup><col></colgroup><thead><tr><td>h</td></tr></thead><tbody><tr><td>b</td></tr></tbody></table>"
        ),
        "<table><col><thead><tr><td>h<tbody><tr><td>b</table>"
    );
    assert_eq!(
        min(
            "<select><option selected>a</option><optgroup label=\"g h\"><option>b</option></optgroup></select>"
        ),
        "<select><option selected>a<optgroup label=\"g h\"><option>b</select>"
    );
    // Comments and whitespace keep the tags the rules say they keep.
    assert_eq!(
        min("<!DOCTYPE html><html><!--a--><head></head> <body> x</body></html><!--b-->"),
        "<!DOCTYPE html><html><!--a--></head> <body> x</html><!--b-->"
    );
    assert_eq!(
        min("<svg viewBox='0 0 1 1'><path d='M0 0'/><g></g></svg><math><mi>x</mi></math>"),
        "<svg viewBox=\"0 0 1 1\"><path d=\"M0 0\"/><g/></svg><math><mi>x</mi></math>"
    );
    assert_eq!(
        min(
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\"><pre>\n\nx</pre>"
        ),
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\"><pre>\n\nx</pre>"
    );
}

/// Where the spec's rules, as written, would change the tree, the safe mode keeps the tag.
#[test]
fn unsafe_omissions_are_kept() {
    for (html, kept) in [
        // `</span>` and `</b>` do not close a `p` (any other end tag; adoption agency).
        ("<span><p>a</p></span>x", "</p>"),
        ("<b><li>a</li></b>x", "</li>"),
        // A `title` first in the body would go to the head.
        ("<head></head><body><title>t</title>", "<body>"),
        // `<table>` does not close a `p` in quirks mode.
        ("<p>a</p><table></table>", "</p>"),
        // An rt start tag outside a ruby closes nothing.
        ("<div><rt>a</rt><rt>b</rt></div>", "</rt>"),
        // Outside a select, an optgroup start tag closes no optgroup.
        (
            "<div><optgroup>a</optgroup><optgroup>b</optgroup></div>",
            "</optgroup>",
        ),
        // A foreign element's end tag does not close an HTML li.
        (
            "<svg><foreignObject><li>a</li></foreignObject></svg>x",
            "</li>",
        ),
        // A dd left open stops the li start tag's walk.
        ("<ul><li><dd>a</dd></li><li>b</ul>", "</li>"),
        // A template's `<tr>` implies no tbody.
        (
            "<template><tbody><tr><td>a</td></tr></tbody></template>",
            "<tbody>",
        ),
        // A caption closes only before table structure.
        (
            "<template><caption>a</caption><script></script></template>",
            "</caption>",
        ),
    ] {
        let out = min(html);
        assert!(out.contains(kept), "{html:?} -> {out:?} lost {kept}");
        // The spec's rules as written leave it out.
        let arena = Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        let spec = SerializeOptions {
            optional_tags: OptionalTags::Omit,
            ..SerializeOptions::default()
        };
        let omitted = serialize_document(&doc, &spec);
        assert!(
            !omitted.contains(kept),
            "{html:?}: Omit keeps {kept}: {omitted:?}"
        );
    }
}

#[test]
fn attributes() {
    assert_eq!(
        min(
            "<input value=\"\" disabled=\"\" title='a \"b\"' alt=\"it's\" class=x&amp;y data-x=\"a=b\">"
        ),
        "<input value disabled title='a \"b\"' alt=\"it's\" class=x&amp;y data-x=\"a=b\">"
    );
    // A boolean attribute's value is kept: minify does not change the tree.
    assert_eq!(
        min("<input disabled=disabled>"),
        "<input disabled=disabled>"
    );
    // `/` after an unquoted value would join the value.
    assert_eq!(min("<svg><path d='M0'/></svg>"), "<svg><path d=M0 /></svg>");
}

#[test]
fn fragments() {
    let arena = Arena::new();
    let doc = parse_fragment(
        &arena,
        "<tr><td>a</td><td>b</td></tr>",
        FragmentContext::html("tbody"),
        &ParseOptions::default(),
    );
    assert_eq!(
        serialize_document(&doc, &SerializeOptions::minify()),
        "<tr><td>a<td>b"
    );
    let quoted = SerializeOptions {
        attribute_quotes: AttributeQuotes::Always,
        ..SerializeOptions::minify()
    };
    let doc = parse_fragment(
        &arena,
        "<p id=a>x</p>",
        FragmentContext::html("div"),
        &ParseOptions::default(),
    );
    // A fragment's own parent is not known: the `p` rule's condition on it does not hold.
    assert_eq!(serialize_document(&doc, &quoted), "<p id=\"a\">x</p>");
}

/// What minifying some pages came to.
#[derive(Default)]
struct Totals {
    pages: usize,
    /// Bytes of the 13.3 serialisations and of the minified ones.
    spec_bytes: usize,
    min_bytes: usize,
    failures: Vec<String>,
}

/// Parses each page (decoded as sniffed, scripting on), minifies it and parses it again.
fn minify_pages(entries: &[PathBuf]) -> Totals {
    let mut t = Totals::default();
    for path in entries {
        let bytes = std::fs::read(path).unwrap();
        let arena = Arena::new();
        let text = decode(&arena, &bytes, &InputOptions::default()).text;
        let doc = parse_document_str(&arena, text, &ParseOptions::default());
        t.pages += 1;
        t.spec_bytes += serialize_document(&doc, &SerializeOptions::default()).len();
        match check(text) {
            Ok(min) => t.min_bytes += min.len(),
            Err(e) => t.failures.push(format!(
                "{}: {e}",
                path.file_name().unwrap().to_string_lossy()
            )),
        }
    }
    assert!(
        t.failures.is_empty(),
        "{} pages do not come back the same:\n{}",
        t.failures.len(),
        t.failures.join("\n")
    );
    t
}

/// The repository's own pages (`corpus/`, `corpus/generated/`): these always run.
#[test]
fn repository_corpus_minifies() {
    let entries = common::repository_pages();
    assert_eq!(entries.len(), 15);
    let t = minify_pages(&entries);
    assert!(t.min_bytes < t.spec_bytes);
}

#[test]
fn corpus_minifies() {
    let Some(dir) = common::require_data("corpus_minifies", common::shared_dir().join("corpus"))
    else {
        return;
    };
    let entries = common::pages_in(&dir);
    assert!(entries.len() > 200, "corpus has {} pages", entries.len());
    let t = minify_pages(&entries);
    let percent = |n: usize| n as f64 * 100.0 / t.spec_bytes as f64;
    let text = format!(
        "Over the {} pages of `../shared/corpus` (decoded as sniffed, scripting on): **{} / {}** \
         parse back to the same tree (html5lib dumps compared); the minified pages are {} bytes \
         against {} for the 13.3 serialisation ({:.1} %, {:.1} % smaller).",
        t.pages,
        t.pages - t.failures.len(),
        t.pages,
        common::suite::thousands(t.min_bytes),
        common::suite::thousands(t.spec_bytes),
        percent(t.min_bytes),
        100.0 - percent(t.min_bytes),
    );
    if let Err(why) = common::suite::check_blocks(&[common::suite::Block {
        name: "minify",
        text,
    }]) {
        panic!("{why}");
    }
}

mod props {
    use proptest::prelude::*;
    use simdhtml::serialize::{SerializeOptions, html5lib_dump, serialize_document};
    use simdhtml::{Arena, ParseOptions, parse_document_str};

    /// Markup soup from pieces: the optional-tag elements in and out of their places, with
    /// what decides whether their tags can go (whitespace, comments, the elements that close
    /// them, the parents that do not, tables in templates, misnesting, foreign content).
    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "<html>",
            "<head>",
            "</head>",
            "<body>",
            "</body>",
            "</html>",
            "<div>",
            "</div>",
            "<p>",
            "</p>",
            "<b>",
            "</b>",
            "<a href=x>",
            "</a>",
            "<span>",
            "</span>",
            "<x-y>",
            "</x-y>",
            "<ul>",
            "</ul>",
            "<li>",
            "</li>",
            "<dl>",
            "<dt>",
            "<dd>",
            "</dl>",
            "<h1>",
            "</h1>",
            "<button>",
            "</button>",
            "<form>",
            "</form>",
            "<table>",
            "</table>",
            "<caption>",
            "<colgroup>",
            "<col>",
            "<thead>",
            "<tbody>",
            "<tfoot>",
            "<tr>",
            "<td>",
            "<th>",
            "</td>",
            "</tr>",
            "<select>",
            "</select>",
            "<option>",
            "<optgroup>",
            "</optgroup>",
            "<hr>",
            "<datalist>",
            "</datalist>",
            "<ruby>",
            "<rt>",
            "<rp>",
            "</ruby>",
            "<template>",
            "</template>",
            "<svg><path/>",
            "</svg>",
            "<math><mi>",
            "</math>",
            "<title>t</title>",
            "<meta charset=utf-8>",
            "<script>1</script>",
            "<style>a</style>",
            "<noscript>n</noscript>",
            "<video>",
            "</video>",
            "text",
            " ",
            "\n",
            "<!--c-->",
            "<?pi x?>",
            "<input disabled=''>",
            "<img alt='a b'>",
            "<pre>\n",
            "</pre>",
            "</caption>",
            "</colgroup>",
            "</tbody>",
            "</thead>",
            "</tfoot>",
            "</th>",
            "</option>",
            "</rt>",
            "</rp>",
            "<rb>",
            "<rtc>",
            "</rtc>",
            "</dd>",
            "</dt>",
            "<address>",
            "</address>",
            "<dialog>",
            "<details>",
            "<summary>",
            "</details>",
            "<object>",
            "</object>",
            "<marquee>",
            "</marquee>",
            "<textarea>\nx</textarea>",
            "<listing>",
            "<math><annotation-xml encoding=text/html>",
            "</annotation-xml>",
            "<svg><foreignObject>",
            "</foreignObject>",
            "<svg><desc>",
            "</desc>",
            "<label>",
            "</label>",
            "<audio>",
            "</audio>",
            "<del>",
            "</del>",
            "<map>",
            "</map>",
            "<nobr>",
            "<i>",
            "</i>",
            "<em>",
            "<font color=red>",
            "</font>",
            "<h2>",
            "</h2>",
            "<main>",
            "<search>",
            "<menu>",
            "<base href=x>",
            "<link rel=x>",
            "<noframes>x</noframes>",
            "<selectedcontent>",
            "<input type=hidden>",
            "\t",
            "&#13;",
            "a&amp;b",
            "<img alt=\"\">",
            "<p class=\"\">",
            "<frameset>",
            "<iframe>x</iframe>",
            "<xmp>a</xmp>",
            "<noembed>x</noembed>",
            "<image>",
            "<br/>",
            "</br>",
            "<center>",
            "<dir>",
            "<figure>",
            "<figcaption>",
            "<hgroup>",
            "<fieldset>",
            "<legend>",
            "<article>",
            "<section>",
            "<nav>",
            "<aside>",
            "<header>",
            "<footer>",
            "<blockquote>",
            "<col span=2>",
            "<colgroup span=2>",
            "<tbody class=a>",
            "<body class=b>",
            "<html lang=en>",
            "<head id=h>",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1024),
            rng_seed: std::env::var("PROPTEST_RNG_SEED")
                .ok()
                .and_then(|v| v.parse().ok())
                .map_or(proptest::test_runner::RngSeed::Fixed(0x0d17_7a65), |seed| {
                    proptest::test_runner::RngSeed::Fixed(seed)
                }),
            ..ProptestConfig::default()
        })]
        /// Where the 13.3 serialisation parses back to the tree, the minified one does too.
        #[test]
        fn minified_round_trips_where_13_3_does(
            doctype in prop::sample::select(vec!["<!DOCTYPE html>", ""]),
            pieces in prop::collection::vec(piece(), 0..60),
            scripting in any::<bool>(),
        ) {
            let input = format!("{doctype}{}", pieces.concat());
            let arena = Arena::new();
            let options = ParseOptions { scripting, ..ParseOptions::default() };
            let first = parse_document_str(&arena, &input, &options);
            let tree = html5lib_dump(&first);
            let full = serialize_document(&first, &SerializeOptions {
                scripting,
                pre_newline: true,
                doctype_identifiers: true,
                ..SerializeOptions::default()
            });
            if html5lib_dump(&parse_document_str(&arena, &full, &options)) == tree {
                let min = serialize_document(&first, &SerializeOptions { scripting, ..SerializeOptions::minify() });
                let again = html5lib_dump(&parse_document_str(&arena, &min, &options));
                prop_assert_eq!(tree, again, "{}\n13.3: {}\nminified: {}", input, full, min);
            }
        }
    }
}
