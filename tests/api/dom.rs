//! The arena DOM's read API on a parsed document and fragment.

use simdhtml::markup::{AttrNamespace, Namespace, QuirksMode};
use simdhtml::{
    Arena, FragmentContext, NodeData, ParseOptions, parse_document_str, parse_fragment,
};

#[test]
fn navigation_attributes_and_text() {
    let arena = Arena::new();
    let input = "<!DOCTYPE html><title>T</title><p id=a class='x y'>Hello <b>big</b> &amp; bold<!--c--></p><svg><a xlink:href=u /></svg><template><i>t</i></template>";
    let doc = parse_document_str(&arena, input, &ParseOptions::default());
    assert_eq!(doc.quirks_mode(), QuirksMode::NoQuirks);
    let root = doc.root();
    let kinds: Vec<&str> = doc
        .children(root)
        .map(|n| match doc.data(n) {
            NodeData::Doctype(_) => "doctype",
            NodeData::Element(e) => e.name(),
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["doctype", "html"]);
    // Descendants in document order (template contents are not entered).
    let names: Vec<&str> = doc
        .descendants(root)
        .filter_map(|n| doc.element(n).map(|e| e.name()))
        .collect();
    assert_eq!(
        names,
        [
            "html", "head", "title", "body", "p", "b", "svg", "a", "template"
        ]
    );
    let p = doc
        .descendants(root)
        .find(|&n| doc.attr(n, "id") == Some("a"))
        .expect("p");
    assert_eq!(doc.attr(p, "class"), Some("x y"));
    assert_eq!(doc.text_content(p), "Hello big & bold");
    // Siblings and parents agree.
    let b = doc
        .children(p)
        .find(|&n| doc.element(n).is_some_and(|e| e.name() == "b"))
        .unwrap();
    assert_eq!(doc.parent(b), Some(p));
    let before = doc.prev_sibling(b).unwrap();
    assert!(matches!(doc.data(before), NodeData::Text("Hello ")));
    assert_eq!(doc.next_sibling(before), Some(b));
    // Foreign elements and attributes.
    let a = doc
        .descendants(root)
        .find(|&n| doc.element(n).is_some_and(|e| e.name() == "a"))
        .unwrap();
    let e = doc.element(a).unwrap();
    assert_eq!(e.ns, Namespace::Svg);
    assert_eq!(
        (e.attrs()[0].ns(), e.attrs()[0].prefix(), e.attrs()[0].name),
        (AttrNamespace::XLink, Some("xlink"), "href")
    );
    // Template contents.
    let t = doc
        .descendants(root)
        .find(|&n| doc.element(n).is_some_and(|e| e.name() == "template"))
        .unwrap();
    assert_eq!(doc.first_child(t), None);
    let contents = doc.template_contents(t).unwrap();
    assert_eq!(doc.text_content(contents), "t");
}

#[test]
fn unchanged_text_borrows_the_input() {
    let arena = Arena::new();
    let input = String::from("<p>plain text here</p>");
    let doc = parse_document_str(&arena, &input, &ParseOptions::default());
    let text = doc
        .descendants(doc.root())
        .find_map(|n| match doc.data(n) {
            NodeData::Text(t) => Some(*t),
            _ => None,
        })
        .unwrap();
    let range = input.as_ptr() as usize..input.as_ptr() as usize + input.len();
    assert!(
        range.contains(&(text.as_ptr() as usize)),
        "text is a slice of the input"
    );
}

/// A `<`, `-`, `>`, `/` or `]` that the tokenizer gives as a character token of its own (in a
/// script, a style sheet, a title, text like `a < b`, a CDATA section) is the input's own
/// character, so that the text around it stays one slice of the input instead of a copy.
#[test]
fn text_with_markup_characters_borrows_the_input() {
    let cases = [
        ("<style>a<b{}</style>", "a<b{}"),
        ("<title>1 < 2 </ 3</title>", "1 < 2 </ 3"),
        ("<textarea>x</y</textarea>", "x</y"),
        (
            "<script>if (a < b) s = '</div>';</script>",
            "if (a < b) s = '</div>';",
        ),
        ("<script>x<!-- y --> z</script>", "x<!-- y --> z"),
        (
            "<script><!--<script>a</script>-</script>",
            "<!--<script>a</script>-",
        ),
        (
            "<script><!--<script>a--<b</script>--></script>",
            "<!--<script>a--<b</script>-->",
        ),
        ("<p>a < b <", "a < b <"),
        ("<p>a <1 b</p>", "a <1 b"),
        ("<svg><![CDATA[a]b]]c]]>", "a]b]]c"),
        ("x</", "x</"),
    ];
    for (input, want) in cases {
        let input = String::from(input);
        let arena = Arena::new();
        let doc = parse_document_str(&arena, &input, &ParseOptions::default());
        let texts: Vec<&str> = doc
            .descendants(doc.root())
            .filter_map(|n| match doc.data(n) {
                NodeData::Text(t) => Some(*t),
                _ => None,
            })
            .collect();
        assert_eq!(texts, [want], "{input}");
        let range = input.as_ptr() as usize..input.as_ptr() as usize + input.len();
        assert!(
            range.contains(&(texts[0].as_ptr() as usize)),
            "{input}: the text is a slice of the input"
        );
    }
}

#[test]
fn fragment_root_children_and_errors() {
    let arena = Arena::new();
    let options = ParseOptions {
        scripting: true,
        collect_errors: true,
        ..ParseOptions::default()
    };
    let doc = parse_fragment(
        &arena,
        "<td>a</td><tr>",
        FragmentContext::html("tr"),
        &options,
    );
    let top: Vec<&str> = doc
        .children(doc.root())
        .filter_map(|n| doc.element(n).map(|e| e.name()))
        .collect();
    assert_eq!(top, ["td"]);
    assert!(!doc.errors().is_empty(), "the stray <tr> is a parse error");
}

/// The text of the first `selectedcontent` element after parsing `input`.
fn selectedcontent_text(input: &str) -> String {
    let arena = Arena::new();
    let doc = parse_document_str(&arena, input, &ParseOptions::default());
    let sc = doc
        .descendants(doc.root())
        .find(|&n| {
            doc.element(n)
                .is_some_and(|e| e.name() == "selectedcontent")
        })
        .expect("a selectedcontent element");
    doc.text_content(sc)
}

#[test]
fn selectedcontent_mirrors_the_selected_option() {
    let head = "<select><button><selectedcontent></selectedcontent></button>";
    assert_eq!(
        selectedcontent_text(&format!("{head}<option>A<option>B</select>")),
        "A"
    );
    assert_eq!(
        selectedcontent_text(&format!("{head}<option>A<option selected>B</select>")),
        "B"
    );
    assert_eq!(
        selectedcontent_text(&format!("{head}<option disabled>A<option>B</select>")),
        "B"
    );
    assert_eq!(
        selectedcontent_text(&format!("{head}<optgroup><option>A</select>")),
        "A"
    );
    assert_eq!(
        selectedcontent_text(&format!("{head}<option><b>x</b>y</select>")),
        "xy"
    );
    // No enabled selectedcontent in a multiple select; an option inside a datalist has no
    // nearest ancestor select.
    let multiple =
        "<select multiple><button><selectedcontent></selectedcontent></button><option>A</select>";
    assert_eq!(selectedcontent_text(multiple), "");
    assert_eq!(
        selectedcontent_text(&format!("{head}<datalist><option>A</select>")),
        ""
    );
}

/// An element keeps its name as it was given even where its tag is a known one (the tag is
/// `Tag::from_name` of the lower-cased name): a fragment's context element, and a third
/// party's calls to the sink. A fragment's context is classified by that tag for the tokenizer
/// state too, as for the insertion mode.
#[test]
fn element_names_keep_their_spelling_when_the_tag_is_known() {
    use simdhtml::Tag;
    use simdhtml::dom::ArenaSink;
    use simdhtml::tree_builder::{InsertionPoint, TreeSink};
    let arena = Arena::new();
    for (context, ns) in [
        (FragmentContext::html("TD"), Namespace::Html),
        (
            FragmentContext {
                ns: Namespace::MathMl,
                name: "MI",
                attrs: &[],
            },
            Namespace::MathMl,
        ),
    ] {
        let name = context.name;
        let doc = parse_fragment(&arena, "x", context, &ParseOptions::default());
        let named: Vec<(Namespace, &str)> = doc
            .node_ids()
            .filter_map(|id| doc.element(id).map(|e| (e.ns, e.name())))
            .collect();
        assert_eq!(named, [(Namespace::Html, "html"), (ns, name)]);
    }
    let title = parse_fragment(
        &arena,
        "<b>x</b>",
        FragmentContext::html("TITLE"),
        &ParseOptions::default(),
    );
    assert_eq!(title.text_content(title.root()), "<b>x</b>");

    let mut sink = ArenaSink::new(&arena, "", false);
    let mut names = Vec::new();
    for (ns, name) in [
        (Namespace::Html, "DIV"),
        (Namespace::Html, "Td"),
        (Namespace::MathMl, "MI"),
        (Namespace::Svg, "foreignObject"),
        (Namespace::Html, "div"),
    ] {
        let el = sink.create_element(ns, name, Tag::from_name(&name.to_ascii_lowercase()), &[]);
        let parent = sink.document();
        sink.insert(
            InsertionPoint {
                parent,
                before: None,
            },
            el,
        );
        names.push(name);
    }
    let (doc, _) = sink.finish();
    let got: Vec<&str> = doc
        .children(doc.root())
        .filter_map(|n| doc.element(n).map(|e| e.name()))
        .collect();
    assert_eq!(got, names);
}

/// The vocabulary moved to `simdhtml::markup`; the paths it had before are re-exports of the
/// same types (CHANGELOG.md), so code written against them still builds.
#[test]
fn the_old_paths_name_the_moved_types() {
    use simdhtml::markup;
    let _: simdhtml::tree_builder::Namespace = markup::Namespace::Html;
    let _: simdhtml::tree_builder::AttrNamespace = markup::AttrNamespace::None;
    let _: simdhtml::tree_builder::QuirksMode = markup::QuirksMode::Quirks;
    let _: simdhtml::tree_builder::ShadowRootMode = markup::ShadowRootMode::Open;
    let _: simdhtml::dom::ShadowRootMode = markup::ShadowRootMode::Closed;
    let _: Option<simdhtml::tree_builder::ShadowRootData> = None::<markup::ShadowRootData>;
    let _: Option<simdhtml::dom::ShadowRootData> = None::<markup::ShadowRootData>;
    let _: simdhtml::tree_builder::Attr<'_> = markup::Attr::new("a", "b");
    let _: simdhtml::tokenizer::Attribute<'_> = markup::Attr::new("a", "b");
    let _: simdhtml::tag::Tag = markup::Tag::Div;
    let _: simdhtml::tree_builder::Tag = markup::Tag::Div;
    let _: simdhtml::Tag = markup::Tag::Div;
    assert_eq!(simdhtml::tag::TAG_COUNT, markup::TAG_COUNT);
    let _: simdhtml::dom::NodeSpan = markup::NodeSpan::default();
    let _: simdhtml::NodeSpan = markup::NodeSpan::default();
    let _: Option<simdhtml::dom::AttrSpan> = None::<markup::AttrSpan>;
    let _: Option<simdhtml::AttrSpan> = None::<markup::AttrSpan>;
}
