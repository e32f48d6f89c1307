//! Inputs the fuzz targets (`fuzz/`, see `docs/fuzzing.md`) found, minimised, one test each.
//! Each test names the target and what it checked.

use simdhtml::extract::MainContent;
use simdhtml::serialize::html5lib_dump;
use simdhtml::stream::TokenStream;
use simdhtml::tokenizer::{Token, Tokenizer, TokenizerOptions};
use simdhtml::{Arena, ParseOptions, parse_document_str};

/// Tokens of `text` through `TokenStream::feed_str` in `chunk`-byte pieces.
/// The html5lib dump of the document `html` parses to (default options).
fn dump_of(html: &str) -> String {
    let arena = Arena::new();
    html5lib_dump(&parse_document_str(&arena, html, &ParseOptions::default()))
}

fn streamed<'a>(arena: &'a Arena, text: &str, chunk: usize) -> Vec<Token<'a>> {
    let mut stream = TokenStream::new(arena, TokenizerOptions::default());
    let mut tokens = Vec::new();
    for piece in text.as_bytes().chunks(chunk) {
        stream.feed_str(std::str::from_utf8(piece).expect("ASCII"));
        tokens.extend(std::iter::from_fn(|| stream.next_token()));
    }
    stream.finish();
    tokens.extend(std::iter::from_fn(|| stream.next_token()));
    tokens
}

/// Target `stream` (TokenStream vs Tokenizer): `TokenStream` promises the tokens of
/// `Tokenizer` over the whole input, but after a `&` that starts no character reference it
/// ends a character run where a chunk ended: `&aaaa` in pieces `&a`, `aa`, `a` gives
/// `"&"`, `"aaa"`, `"a"` instead of `"&"`, `"aaaa"`. The text is the same (the tree too);
/// only the run boundaries differ. Found by the fuzzer on a 1 KiB page fed one byte at a
/// time after the prescan (`&middypeQQ…ng`).
#[test]
fn token_stream_splits_runs_like_the_tokenizer() {
    for (text, chunk) in [("&aaaa", 1), ("&aaaa", 2), ("&xyQx", 1), ("&miQQQQQx", 3)] {
        let arena = Arena::new();
        let whole: Vec<Token<'_>> =
            Tokenizer::new(&arena, text, TokenizerOptions::default()).collect();
        assert_eq!(
            streamed(&arena, text, chunk),
            whole,
            "{text:?} in {chunk}-byte chunks"
        );
    }
}

/// Target `stream` (a libFuzzer slow unit: 10 s, 580 MB for a 32 KB page fed a byte at a
/// time): `TokenStream::next_token`, asked for a token after each byte, scanned the unfinished
/// token from its start again every time, though `StreamInput::publish` had given the tokenizer
/// nothing new (it publishes only when the pending text has doubled), and each such scan of a
/// token that needs its own copy (there a 30 KB bogus comment to the end of the page, its
/// NULs replaced) allocated that copy in the arena: quadratic time and memory. The tokenizer
/// now remembers that it is starved until `push_input` (or a setter) changes what it can read.
/// Measured by the arena, not by time: a 64 KB bogus comment with NULs fed a byte at a time
/// took 4 GB before (3.3 s), now less than 16 bytes per input byte.
#[test]
fn a_token_stream_asked_after_every_byte_does_not_rescan_the_unfinished_token() {
    let text = format!("<!x{}>", "ab\0 ".repeat(16_384));
    let arena = Arena::new();
    let tokens = streamed(&arena, &text, 1);
    let whole: Vec<Token<'_>> =
        Tokenizer::new(&arena, &text, TokenizerOptions::default()).collect();
    assert_eq!(tokens.len(), whole.len());
    assert!(
        arena.allocated_bytes() < 16 * text.len(),
        "{} arena bytes for {} bytes of input",
        arena.allocated_bytes(),
        text.len()
    );
}

/// Target `roundtrip` (with the `option in selectedcontent` reason off): an `option` inside a
/// `selectedcontent`. When the first option is popped (by the second `<option>`), it is the
/// select's first enabled option, so it is cloned into the `selectedcontent`, which first
/// loses its children: the option itself leaves the tree. The second option, inserted into
/// the now empty `selectedcontent`, is then the select's first enabled option, so when it is
/// popped (at the end of the input) it is cloned in the same way and leaves the tree too. The
/// builder skips that step: `select.rs` does not look for the selected option again for an
/// option without `selected` once an earlier enabled option of the same select was popped,
/// assuming that earlier option is still the selected one, but it was removed. The tree keeps
/// the second option; its serialisation, `<select><selectedcontent><option></option>
/// </selectedcontent></select>`, parses to an empty `selectedcontent` (the full walk), so the
/// round trip is unstable.
#[test]
fn an_option_removed_by_selectedcontent_cloning_is_not_the_selected_one() {
    assert_eq!(
        dump_of("<select><selectedcontent><option><option>"),
        "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       <selectedcontent>\n"
    );
}

/// Target `roundtrip`, not a library bug (its `round_trip_hazard` now names it, "after
/// frameset"): whitespace after `</html>` in a frameset document is processed with the "in
/// body" rules ("after after frameset"), which reconstruct the active formatting elements, so a
/// `b` opened before the frameset is inserted into `html` after it, as Chromium does. Its
/// serialisation, `<frameset></frameset><b> </b>`, parses without the `b`: "after frameset"
/// ignores the start tag. This pins the first tree (a parser that skipped the reconstruction
/// would round-trip, and be wrong).
#[test]
fn whitespace_after_after_frameset_reconstructs_the_formatting_elements() {
    assert_eq!(
        dump_of("<b><frameset></frameset></html> "),
        "| <html>\n|   <head>\n|   <frameset>\n|   <b>\n|     \" \"\n"
    );
}

/// Target `roundtrip`, not a library bug (`round_trip_hazard` names it "selectedcontent not
/// its option's copy"): the `</i>` runs the adoption agency algorithm, which removes the
/// `option` between the `i` and the furthest block (`h3`) from the stack of open elements
/// without popping it, and "maybe clone an option into selectedcontent" runs when an option is
/// popped (4.10.10), so the `selectedcontent` keeps its `i` and gets no `X`. The serialisation
/// ends the option with `</option>`, which pops it, and parsed again the `selectedcontent`
/// holds a copy of the option's children. This pins the first tree.
#[test]
fn an_option_the_adoption_agency_removes_from_the_stack_is_not_cloned() {
    assert_eq!(
        dump_of("<select><button><selectedcontent><i><button><option>X<h3></i>"),
        "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       <button>\n\
         |         <selectedcontent>\n|           <i>\n|       <i>\n|       <button>\n\
         |         <i>\n|           <option>\n|             \"X\"\n|         <h3>\n\
         |           <i>\n"
    );
}

/// Target `roundtrip`, not a library bug (`round_trip_hazard` names it "template mode"): the
/// `th` pushes a marker after the `s` in the list of active formatting elements, so the inner
/// `</template>` clears the list only up to it and the `s` stays; the line feed, which "in
/// template" processes with the "in body" rules without changing its mode, reconstructs an
/// `s` in the outer template's contents, and the `tbody` then switches the template to "in
/// table" and is inserted. In the serialisation the `s` has a start tag, which switches the
/// template to "in body", where the `tbody` is ignored. This pins the first tree.
#[test]
fn a_reconstructed_element_leaves_the_template_insertion_mode_as_it_was() {
    assert_eq!(
        dump_of("<template><template><tr><s><th></template>\n<tbody>"),
        "| <html>\n|   <head>\n|     <template>\n|       content\n|         <template>\n\
         |           content\n|             <tr>\n|               <th>\n|             <s>\n\
         |         <s>\n|           \"\n\"\n|         <tbody>\n|   <body>\n"
    );
}

/// Target `roundtrip`, not a library bug (`round_trip_hazard` names it "html in foreign
/// content"): an `<svg>` start tag in a MathML `annotation-xml` goes through the "in body"
/// rules (13.2.6, the tree construction dispatcher), which reconstruct the active formatting
/// elements, so the `font` that `</i>` left in the list is inserted as an HTML element into
/// the `annotation-xml`. Its serialisation, `<annotation-xml><font><svg>`, parses to a MathML
/// `font` and a MathML `svg` (foreign content's "any other start tag"), and the `<b>` in the
/// `desc` then breaks out of the `math`. This pins the first tree.
#[test]
fn svg_in_annotation_xml_reconstructs_formatting_elements_as_html() {
    assert_eq!(
        dump_of("<math><mtext><i><font>x</i></mtext><annotation-xml><svg><desc><b>y"),
        "| <html>\n|   <head>\n|   <body>\n|     <math math>\n|       <math mtext>\n\
         |         <i>\n|           <font>\n|             \"x\"\n\
         |       <math annotation-xml>\n|         <font>\n|           <svg svg>\n\
         |             <svg desc>\n|               <b>\n|                 \"y\"\n"
    );
}

/// `warc` (the reader ends, every record's fields can be read): an ARC record whose URL has a
/// two-byte character across byte 11 made `Record::record_type` slice the URL inside that
/// character (it compared the first 11 bytes with `filedesc://` as a `str`).
#[cfg(feature = "warc")]
#[test]
fn an_arc_url_with_a_multibyte_character_at_byte_11_has_a_record_type() {
    use simdhtml::warc::{Event, Reader, ReaderOptions};
    let arc = "filedesc://x.arc 0.0.0.0 20140301000000 text/plain 0\n\n\
               http://exa\u{cf}\u{cf}mple.com/ 1.2.3.4 20140101000000 text/html 3\nabc\n";
    let reader = Reader::new(
        std::io::Cursor::new(arc.as_bytes().to_vec()),
        ReaderOptions::default(),
    )
    .expect("an in-memory archive opens");
    let types: Vec<(String, Option<String>)> = reader
        .filter_map(|e| match e {
            Event::Record(r) => Some((
                r.record_type().to_string(),
                r.target_uri().map(str::to_owned),
            )),
            Event::Error(_) => None,
        })
        .collect();
    assert_eq!(
        types,
        [
            ("arc_header".to_owned(), Some("filedesc://x.arc".to_owned())),
            (
                "response".to_owned(),
                Some("http://exaÏÏmple.com/".to_owned())
            ),
        ]
    );
}

/// `selector` (a timeout): the error of a selector that does not parse was located by parsing
/// every prefix of it again, quadratic in its length (a 3 KB selector of `+` combinators took a
/// quarter of a second; 100 KB would take hours). A binary search over the prefixes keeps the
/// same error; this 100 KB selector gets its error at the `!` at once.
#[cfg(feature = "select")]
#[test]
fn a_long_selector_that_does_not_parse_is_located_in_n_log_n() {
    let mut source = "a + ".repeat(25_000);
    let at = source.len();
    source.push_str("! b");
    let e = simdhtml::select::Selector::parse(&source).expect_err("`!` is not a selector");
    assert_eq!((e.offset(), e.found()), (at, Some("!")), "{e}");
}

/// `fragment` (out of memory: 3.8 GB for 44 KB with a budget of 20,000 nodes): a `select`
/// (with a `selectedcontent`) in an `option` of a `select` in MathML text content nests, and when
/// the input ends each popped option is cloned into its select's `selectedcontent`, clones of
/// the inner ones included, so every level doubles the tree: 948 bytes give 32,764 nodes, and
/// 40 levels would give 2⁴⁰. All of it happened within the end-of-file token, after which the
/// budget was checked. The cloning now stops once the sink's budget is used up, and the parse
/// is marked truncated.
#[test]
fn nested_selectedcontent_clones_stop_at_the_node_budget() {
    let page = "<math><mi><select><button><selectedcontent></selectedcontent></button><option>x"
        .repeat(40);
    let arena = Arena::new();
    let options = ParseOptions {
        max_nodes: Some(100_000),
        ..ParseOptions::default()
    };
    let doc = parse_document_str(&arena, &page, &options);
    assert!(doc.truncated(), "the parse stopped at the budget");
    assert!(doc.len() <= 100_000 + 16, "{} nodes", doc.len());
    // Under the budget, nothing changes: 12 levels build their 32,764 nodes in full.
    let page = page[..page.len() / 40 * 12].to_owned();
    let full = parse_document_str(&arena, &page, &ParseOptions::default());
    let budgeted = parse_document_str(&arena, &page, &options);
    assert!(!budgeted.truncated());
    assert_eq!(html5lib_dump(&budgeted), html5lib_dump(&full));
}

/// `selector` (the serialisation did not parse): servo keeps an invalid selector of a
/// forgiving `:is()` list as its text, and when the end of the input closed a block in that
/// text (`{` here; CSS Syntax closes what is open at the end), the serialisation `:is(::x{)`
/// put the list's `)` inside the block. What the end leaves open is now closed explicitly
/// before parsing, which gives the same selector. Likewise servo trims such an item, so one
/// ending in an escaped space (`\ `) kept a backslash that escaped the `, ` after it; such
/// escapes are now written as hex escapes (`\20 `) first. And a backslash before CR LF in a
/// string is a line continuation (CR LF is one newline): the scan that finds what is left
/// open took the LF for the end of the string, so an open string was not closed. And servo
/// trims an invalid item of Rust's white space, more than CSS's: `:is(` U+000B `*` (U+000B is
/// a CSS delimiter: the item is invalid) serialised to `:is(*)`, which matches everything.
#[cfg(feature = "select")]
#[test]
fn an_invalid_selector_in_is_cut_by_the_end_serialises_to_one_that_parses() {
    use simdhtml::select::Selector;
    for source in [
        ":is(::x{",
        "p:is(::<!</object{/object>?>->bje",
        "a:where([x=\"b",
        "a:is(::x /* c",
        "a:is(::x\\",
        "a:is(::x \"s\\",
        "div:is(p, ::x[[(",
        // An item ending in an escaped space or tab, which servo's trim would cut in two.
        "a:is(::x\\ ,b)",
        "a:is(::x\\\t)",
        "a:is(::x[y=\"\\ \"] )",
        // A string with a line continuation written as a backslash and CR LF (one newline
        // after preprocessing: the string goes on), left open by the end of the input.
        "\u{f3}:is(:</s</m\"\\\r\n,\u{ca}##,\u{8f},r\0\"\\\r\n,\u{ca}#u  ",
        "a:is(::x \"\\\r\n, b",
        // An item that Rust's trim (servo trims invalid items) makes valid: a leading U+000B
        // (a CSS delimiter) or a leading ident code point that Rust calls white space, and an
        // escaped one at the end.
        ":is(\u{b}*",
        ":is(\u{a0}*)",
        "p:is(\u{3000}*, b)",
        ":is(!\\\u{a0})",
        ":is(!\\\u{b})",
        // A backslash before a newline outside a string: a delimiter, not an escape.
        ":is(-\\\u{c},M:is(A\\\n,b",
        ":is(x\\\r\n)",
        // A bad string (ended by a newline) at the end of an item: servo's trim took the
        // newline, and the string went on over the rest.
        ":is(.\"\u{c},(\n",
        ":is(.\"\n,(\n",
        "p:is([a=\"b\r\n], b)",
    ] {
        let selector = Selector::parse(source).unwrap_or_else(|e| panic!("{source:?}: {e}"));
        let text = selector.to_string();
        let again = Selector::parse(&text)
            .unwrap_or_else(|e| panic!("{source:?} serialises to {text:?}, which fails: {e}"));
        assert_eq!(again.to_string(), text, "{source:?}");
        let arena = Arena::new();
        let doc = parse_document_str(&arena, "<p><a>x</a><b>y</b>", &ParseOptions::default());
        let ids = |s: &Selector| doc.select(s).map(|n| n.node_id()).collect::<Vec<_>>();
        assert_eq!(
            ids(&selector),
            ids(&again),
            "{source:?} and {text:?} match otherwise"
        );
    }
    // Where nothing is left open, the text is parsed as it is.
    assert_eq!(Selector::parse("a:is(b)").unwrap().to_string(), "a:is(b)");
}

/// `extract` (a root written twice): step 7b joins a grid of cards that cleaning took out of
/// the chosen block as one more root, after it; but where cleaning had left out only some of
/// the grid's cards (not the grid, nor an element between it and the block), the block's own
/// text reached the grid too once its cards were back, and every card was written twice. The
/// `a` here is reconstructed in each `div` after the first, so the `div`s are linked cards of
/// one class. (One page of WCXB's development split had it: a shop's listing, 4112, whose
/// products came out twice; F1 0.638 to 0.913.) Such a grid now comes back in its place.
#[test]
fn a_grid_that_cleaning_thinned_inside_the_choice_is_written_once() {
    let page = r#"<n id=main><v><div>n, a bthxxxxr am.v>m"><a>Ex/</div><div class="fig-xi606m">o</div><div class="fig-xi606m">a/</div><div>></div><div class="fig-xi606m">pla/</div><div class="fig-xi606m">s=1vuo</div><div class="fig-xi606m"><>Expla/</div><div class="fig-xi606m">ss=o"#;
    let arena = Arena::new();
    let doc = parse_document_str(&arena, page, &ParseOptions::default());
    let content = MainContent::find(&doc);
    assert_eq!(
        content.text(&doc),
        "n, a bthxxxxr am.v>m\">Ex/\no\na/\n>\npla/\ns=1vuo\n<>Expla/\nss=o\n"
    );
    assert_eq!(
        content.roots().len(),
        1,
        "the grid is not a root of its own"
    );
}
