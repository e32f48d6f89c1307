//! Deep and pathological inputs: the tree builder, the DOM and the dump are iterative, so
//! 100,000 levels of nesting parse on a thread with a 2 MiB stack. Nothing here is timed (speed
//! is measured in the benches): a quadratic path would show as a test that takes minutes, and
//! each test also checks the shape of what it built.

use simdhtml::dom::ArenaSink;
use simdhtml::serialize::html5lib_dump;
use simdhtml::tokenizer::{Attribute, TagToken, Token};
use simdhtml::tree_builder::{TreeBuilder, TreeBuilderOptions};
use simdhtml::{Arena, Document, ParseOptions, parse_document_str};

const N: usize = 100_000;

/// Runs `f` on a thread with the default 2 MiB stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no stack overflow")
}

fn start(name: &str) -> Token<'_> {
    Token::StartTag(TagToken::new(name, &[], false))
}

fn end(name: &str) -> Token<'_> {
    Token::EndTag(TagToken::new(name, &[], false))
}

/// Feeds `tokens` straight into the tree builder (independent of the tokenizer).
fn build<'a>(arena: &'a Arena, tokens: impl Iterator<Item = Token<'a>>) -> (Document<'a>, usize) {
    let mut tb = TreeBuilder::new(
        ArenaSink::new(arena, "", false),
        TreeBuilderOptions::default(),
    );
    for t in tokens {
        tb.process_token(t, 0);
    }
    tb.process_token(Token::Eof, 0);
    let (doc, _) = tb.into_sink().finish();
    let n = doc.len();
    (doc, n)
}

fn depth_of_last_node(doc: &Document<'_>) -> usize {
    let last = doc.descendants(doc.root()).last().expect("nodes");
    let mut d = 0;
    let mut n = last;
    while let Some(p) = doc.parent(n) {
        d += 1;
        n = p;
    }
    d
}

#[test]
fn nested_divs_tokens() {
    on_small_stack(|| {
        let arena = Arena::new();
        let (doc, _) = build(&arena, (0..N).map(|_| start("div")));
        assert_eq!(depth_of_last_node(&doc), N + 2);
    });
}

#[test]
fn nested_formatting_tokens() {
    on_small_stack(|| {
        let arena = Arena::new();
        let (doc, _) = build(&arena, (0..N).map(|_| start("b")));
        assert_eq!(depth_of_last_node(&doc), N + 2);
        let arena = Arena::new();
        // Misnested formatting: every </b> runs the adoption agency algorithm around a block.
        let toks =
            (0..N).flat_map(|_| [start("b"), start("div"), end("b"), Token::Characters("x")]);
        let (doc, _) = build(&arena, toks);
        assert!(doc.len() > N);
    });
}

#[test]
fn formatting_elements_with_distinct_attributes() {
    // The Noah's Ark clause must not walk the whole list of active formatting elements on every
    // push: 100,000 open <b>s, each with its own attribute value, then three more identical ones.
    on_small_stack(|| {
        let arena = Arena::new();
        let attrs: Vec<&[Attribute<'_>]> = (0..N)
            .map(|i| {
                let value = arena.alloc_str(&i.to_string());
                &*arena.alloc_slice_copy(&[Attribute { name: "id", value }])
            })
            .collect();
        let same: &[Attribute<'_>] = &[Attribute {
            name: "class",
            value: "x",
        }];
        let toks = attrs
            .iter()
            .map(|&attrs| Token::StartTag(TagToken::new("b", attrs, false)))
            .chain((0..N).map(|_| Token::StartTag(TagToken::new("b", same, false))));
        let (doc, _) = build(&arena, toks);
        assert_eq!(depth_of_last_node(&doc), 2 * N + 2);
    });
}

#[test]
fn nested_tables_tokens() {
    on_small_stack(|| {
        let arena = Arena::new();
        let toks = (0..N / 3).flat_map(|_| {
            [
                start("table"),
                start("tr"),
                start("td"),
                Token::Characters("x"),
            ]
        });
        let (doc, _) = build(&arena, toks);
        assert!(depth_of_last_node(&doc) > N / 3 * 4);
    });
}

#[test]
fn deep_documents_from_text() {
    on_small_stack(|| {
        for unit in [
            "<div>",
            "<ul><li>",
            "<b>",
            "<table><tr><td>",
            "<b><p></b></p>",
            "<a><div></a>",
            "<svg><g>",
        ] {
            let input = unit.repeat(N);
            let arena = Arena::new();
            let doc = parse_document_str(&arena, &input, &ParseOptions::default());
            assert!(doc.descendants(doc.root()).count() >= 3, "{unit}");
            // Units that only open elements nest all the way down (html, body, then the units).
            if matches!(unit, "<div>" | "<ul><li>" | "<svg><g>") {
                let per_unit = unit.matches('<').count();
                assert!(depth_of_last_node(&doc) >= N * per_unit, "{unit}");
            }
        }
    });
}

#[test]
fn dump_is_iterative() {
    // The dump's size is quadratic in the depth (indentation), so this one stays smaller.
    on_small_stack(|| {
        let arena = Arena::new();
        let (doc, _) = build(&arena, (0..5_000).map(|_| start("div")));
        let dump = html5lib_dump(&doc);
        assert_eq!(dump.lines().count(), 5_003);
    });
}

#[test]
fn end_tags_for_unopened_elements_under_a_deep_stack() {
    // Each of these end tags would make the tree builder walk the whole stack if it did not know
    // that no element with that name is open: "any other end tag" (known and unknown names), the
    // adoption agency's fallback, foreign content's end tag walk, the `</body>` check, and
    // "reset the insertion mode appropriately" after `</table>`.
    on_small_stack(|| {
        let cases: Vec<(Vec<Token<'static>>, Vec<Token<'static>>)> = vec![
            (vec![start("span")], vec![end("foo")]),
            (vec![start("custom-a")], vec![end("custom-b")]),
            (vec![start("span")], vec![end("i")]),
            (vec![start("span")], vec![end("address")]),
            (vec![start("g")], vec![end("x")]),
            (
                vec![start("div")],
                vec![end("body"), Token::Characters("x")],
            ),
            (vec![start("div")], vec![start("table"), end("table")]),
            (vec![start("span")], vec![start("li")]),
        ];
        for (i, (open, repeat)) in cases.into_iter().enumerate() {
            let arena = Arena::new();
            let prefix = if i == 4 {
                vec![start("svg")]
            } else {
                Vec::new()
            };
            let toks = prefix
                .into_iter()
                .chain(std::iter::repeat_n(open, N / 2).flatten())
                .chain(std::iter::repeat_n(repeat, N / 2).flatten());
            let (doc, _) = build(&arena, toks);
            assert!(doc.len() > N / 2, "case {i}");
        }
    });
}

#[test]
fn many_options_with_selectedcontent() {
    on_small_stack(|| {
        let arena = Arena::new();
        let toks = [
            start("select"),
            start("button"),
            start("selectedcontent"),
            end("button"),
        ]
        .into_iter()
        .chain((0..N).flat_map(|_| [start("option"), Token::Characters("x")]));
        let (doc, _) = build(&arena, toks);
        assert!(doc.len() > N);
    });
}

/// `<p><b id=i>x</p>` repeated: every `<b>` start tag reconstructs all the earlier `b`
/// elements (distinct attributes, so the Noah's Ark clause keeps them all), so the tree the
/// spec builds has about n²/2 elements. `ParseOptions::max_nodes` bounds it: the parse stops
/// at the budget, closes what is open as at the end of the input, and says it was truncated;
/// the streaming parser stops at the same token.
#[test]
fn a_node_budget_bounds_the_quadratic_reconstruction() {
    let html = |n: usize| -> String { (0..n).map(|i| format!("<p><b id={i}>x</p>")).collect() };
    let arena = Arena::new();
    // Without a budget, the spec's tree: paragraph i holds i + 1 nested `b` elements.
    let small_input = html(200);
    let small = parse_document_str(&arena, &small_input, &ParseOptions::default());
    let elements = small
        .descendants(small.root())
        .filter(|&id| small.element(id).is_some_and(|e| e.name() == "b"))
        .count();
    assert_eq!(elements, 200 * 201 / 2);
    assert!(!small.truncated());

    let budget = 50_000;
    let options = ParseOptions {
        max_nodes: Some(budget),
        ..ParseOptions::default()
    };
    let input = html(3_000); // ~4.5 million elements without the budget
    let doc = parse_document_str(&arena, &input, &options);
    assert!(doc.truncated());
    assert!(
        doc.len() >= budget && doc.len() < budget + 3_000,
        "{} nodes for a budget of {budget}",
        doc.len()
    );
    // A budget the document stays under changes nothing.
    let roomy = ParseOptions {
        max_nodes: Some(small.len() + 1),
        ..ParseOptions::default()
    };
    let same = parse_document_str(&arena, &small_input, &roomy);
    assert!(!same.truncated());
    assert_eq!(html5lib_dump(&same), html5lib_dump(&small));

    // The streaming parser stops at the same token.
    for chunk in [1_000, 65_536] {
        let mut parser = simdhtml::stream::Parser::new(&arena, options.clone());
        for piece in input.as_bytes().chunks(chunk) {
            parser.feed(piece);
        }
        let streamed = parser.finish();
        assert!(streamed.truncated());
        assert_eq!(streamed.len(), doc.len(), "chunk {chunk}");
        assert_eq!(
            html5lib_dump(&streamed),
            html5lib_dump(&doc),
            "chunk {chunk}"
        );
    }
}
