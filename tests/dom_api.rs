//! The arena DOM's read API on a parsed document and fragment.

use simdhtml::tree_builder::{AttrNamespace, Namespace, QuirksMode};
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
        (e.attrs()[0].ns, e.attrs()[0].prefix(), e.attrs()[0].name),
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
