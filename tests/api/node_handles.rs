//! `NodeRef` (the node handle) and the mutation API of `Document`, against the DOM's
//! definitions: element-only navigation skips text and comments, template contents are not
//! children, `classList` splits on ASCII white space, `textContent`, `innerHTML`/`outerHTML`
//! (13.3), the pre-insertion validity rules.

use simdhtml::dom::MutationError;
use simdhtml::markup::Namespace;
use simdhtml::{Arena, NodeData, ParseOptions, parse_document_str, parse_fragment};

/// The first element of `doc` (in tree order) that is the HTML element `name`.
fn first_named(doc: &simdhtml::Document<'_>, name: &str) -> simdhtml::NodeId {
    doc.document_node()
        .descendants()
        .find(|n| n.is_html_element(name))
        .unwrap_or_else(|| panic!("no {name}"))
        .node_id()
}

const PAGE: &str = "<!DOCTYPE html><html lang=en><head><title> The  page </title></head>\
    <body><!-- c --><div id=main class=' a  b\tc '>one <b>two</b> <i>three</i></div>\
    <template><p>inside</p></template><svg><rect id=r /></svg>\
    <p>x<script>hidden()</script>y</p></body></html>";

#[test]
fn document_level_handles() {
    let arena = Arena::new();
    let doc = parse_document_str(&arena, PAGE, &ParseOptions::default());
    let html = doc.html().expect("document element");
    assert_eq!(html.name(), Some("html"));
    assert_eq!(html.attr("lang"), Some("en"));
    assert_eq!(doc.head().unwrap().name(), Some("head"));
    assert_eq!(doc.body().unwrap().name(), Some("body"));
    assert_eq!(doc.title().as_deref(), Some("The page"));
    assert!(matches!(doc.document_node().value(), NodeData::Document));
    assert_eq!(doc.document_node().node_id(), doc.root());
    assert_eq!(html.parent(), Some(doc.document_node()));
    assert_eq!(html.parent_element(), None);
}

#[test]
fn navigation_skips_text_and_comments_for_elements() {
    let arena = Arena::new();
    let doc = parse_document_str(&arena, PAGE, &ParseOptions::default());
    let body = doc.body().unwrap();
    // The first child is the comment; the first element child the div.
    assert!(body.first_child().unwrap().as_comment().is_some());
    let div = body.first_element_child().unwrap();
    assert_eq!(div.id(), Some("main"));
    assert_eq!(div.prev_element_sibling(), None);
    assert_eq!(div.prev_sibling(), body.first_child());
    let names: Vec<_> = body.element_children().map(|e| e.name().unwrap()).collect();
    assert_eq!(names, ["div", "template", "svg", "p"]);
    assert_eq!(body.last_element_child().unwrap().name(), Some("p"));
    let b = div.first_element_child().unwrap();
    assert_eq!(b.next_element_sibling().unwrap().name(), Some("i"));
    assert_eq!(b.next_sibling().unwrap().as_text(), Some(" "));
    let kids: Vec<_> = div.children().map(|c| c.node_id()).collect();
    assert_eq!(kids.len(), 4, "text, b, text, i");
    let up: Vec<_> = b.ancestors().filter_map(|a| a.name()).collect();
    assert_eq!(up, ["div", "body", "html"]);
    assert_eq!(b.ancestors().last(), Some(doc.document_node()));
}

#[test]
fn element_data_classes_and_namespaces() {
    let arena = Arena::new();
    let doc = parse_document_str(&arena, PAGE, &ParseOptions::default());
    let div = doc.body().unwrap().first_element_child().unwrap();
    assert_eq!(div.classes().collect::<Vec<_>>(), ["a", "b", "c"]);
    assert!(div.has_class("b") && !div.has_class("B"));
    assert_eq!(div.attrs().len(), 2);
    assert_eq!(div.namespace(), Some(Namespace::Html));
    let rect = doc
        .document_node()
        .descendants()
        .find(|n| n.id() == Some("r"))
        .unwrap();
    assert_eq!(rect.namespace(), Some(Namespace::Svg));
    assert_eq!(rect.parent().unwrap().name(), Some("svg"));
    // Not an element: no name, attributes or classes.
    let text = div.first_child().unwrap();
    assert_eq!(
        (text.name(), text.attrs().len(), text.classes().count()),
        (None, 0, 0)
    );
}

#[test]
fn template_contents_are_not_descendants() {
    let arena = Arena::new();
    let doc = parse_document_str(&arena, PAGE, &ParseOptions::default());
    assert!(
        !doc.document_node()
            .descendants()
            .any(|n| n.as_text() == Some("inside"))
    );
    let template = doc.get(first_named(&doc, "template"));
    assert_eq!(template.children().count(), 0);
    let contents = template.template_contents().unwrap();
    assert_eq!(contents.first_element_child().unwrap().text(), "inside\n");
    assert_eq!(template.inner_html(), "<p>inside</p>");
    assert_eq!(template.outer_html(), "<template><p>inside</p></template>");
}

#[test]
fn text_html_and_text_content() {
    let arena = Arena::new();
    let doc = parse_document_str(&arena, PAGE, &ParseOptions::default());
    let div = doc.body().unwrap().first_element_child().unwrap();
    assert_eq!(div.text(), "one two three\n");
    assert_eq!(div.text_content(), "one two three");
    assert_eq!(div.inner_html(), "one <b>two</b> <i>three</i>");
    assert_eq!(
        div.outer_html(),
        "<div id=\"main\" class=\" a  b\tc \">one <b>two</b> <i>three</i></div>"
    );
    // Hidden descendants are left out of `text()`, kept in `text_content()`.
    let p = doc.body().unwrap().last_element_child().unwrap();
    assert_eq!(p.text(), "xy\n");
    assert_eq!(p.text_content(), "xhidden()y");
    // The node itself always counts as shown.
    let title = doc.head().unwrap().first_element_child().unwrap();
    assert_eq!(title.text(), "The page\n");
    // Inside a pre, white space is kept.
    let doc2 = parse_document_str(
        &arena,
        "<pre>a\n  <b>b  c</b></pre>",
        &ParseOptions::default(),
    );
    let b = doc2.get(first_named(&doc2, "b"));
    assert_eq!(b.text(), "b  c\n");
}

#[test]
fn scripting_is_recorded_and_read() {
    let arena = Arena::new();
    let page = "<body><noscript><p>no script</p></noscript><p>shown</p>";
    let on = parse_document_str(&arena, page, &ParseOptions::default());
    let off = parse_document_str(
        &arena,
        page,
        &ParseOptions {
            scripting: false,
            ..ParseOptions::default()
        },
    );
    assert!(on.scripting() && !off.scripting());
    assert_eq!(on.body().unwrap().text(), "shown\n");
    assert_eq!(off.body().unwrap().text(), "no script\nshown\n");
}

#[test]
fn handles_of_a_fragment() {
    let arena = Arena::new();
    let frag = parse_fragment(
        &arena,
        "<td>a</td><td>b",
        simdhtml::FragmentContext::html("tr"),
        &ParseOptions::default(),
    );
    let cells: Vec<_> = frag
        .document_node()
        .element_children()
        .map(|c| c.text())
        .collect();
    assert_eq!(cells, ["a\n", "b\n"]);
    assert_eq!(frag.body(), None);
}

#[test]
fn mutation_is_seen_by_serialiser_and_handles() {
    let arena = Arena::new();
    let mut doc = parse_document_str(&arena, PAGE, &ParseOptions::default());
    let body = doc.body().unwrap().node_id();
    let div = doc.get(body).first_element_child().unwrap().node_id();
    // Strip the script, rewrite an attribute, add a link.
    let script = first_named(&doc, "script");
    doc.detach(script);
    doc.set_attr(&arena, div, "ID", "content").unwrap();
    assert!(doc.remove_attr(&arena, div, "class").unwrap());
    assert!(!doc.remove_attr(&arena, div, "class").unwrap());
    let a = doc.create_element(&arena, "A");
    doc.set_attr(&arena, a, "href", "/x?a=1&b=2").unwrap();
    let t = doc.create_text(&arena, "go <now>");
    doc.append_child(a, t).unwrap();
    let first = doc.first_child(div);
    doc.insert_before(div, a, first).unwrap();
    assert_eq!(
        doc.get(div).outer_html(),
        "<div id=\"content\"><a href=\"/x?a=1&amp;b=2\">go &lt;now&gt;</a>one <b>two</b> <i>three</i></div>"
    );
    let p = doc.get(body).last_element_child().unwrap().node_id();
    assert_eq!(doc.get(p).text_content(), "xy");
    doc.set_text(&arena, p, "replaced");
    assert_eq!(doc.get(p).inner_html(), "replaced");
    doc.set_text(&arena, p, "");
    assert_eq!(doc.get(p).children().count(), 0);
    // A detached node can be inserted again, elsewhere.
    doc.append_child(p, script).unwrap();
    assert_eq!(doc.get(p).inner_html(), "<script>hidden()</script>");
}

#[test]
fn insertion_keeps_the_tree_a_tree() {
    let arena = Arena::new();
    let mut doc = parse_document_str(&arena, PAGE, &ParseOptions::default());
    let body = doc.body().unwrap().node_id();
    let html = doc.html().unwrap().node_id();
    let div = doc.get(body).first_element_child().unwrap().node_id();
    let b = doc.get(div).first_element_child().unwrap().node_id();
    let text = doc.get(div).first_child().unwrap().node_id();
    let before = simdhtml::serialize::html5lib_dump(&doc);
    let e = |r: Result<(), MutationError>| r.unwrap_err();
    assert_eq!(
        e(doc.append_child(b, html)),
        MutationError::WouldCreateCycle
    );
    assert_eq!(
        e(doc.append_child(div, div)),
        MutationError::WouldCreateCycle
    );
    assert_eq!(
        e(doc.append_child(text, b)),
        MutationError::ParentCannotHaveChildren
    );
    assert_eq!(
        e(doc.append_child(div, doc.root())),
        MutationError::WouldCreateCycle
    );
    let loose = doc.create_element(&arena, "div");
    assert_eq!(
        e(doc.append_child(loose, doc.root())),
        MutationError::InvalidChild
    );
    let t = doc.create_text(&arena, "t");
    assert_eq!(
        e(doc.append_child(doc.root(), t)),
        MutationError::InvalidChild
    );
    assert_eq!(
        e(doc.insert_before(body, b, Some(text))),
        MutationError::ReferenceNotChild
    );
    assert_eq!(
        doc.set_attr(&arena, text, "x", "y"),
        Err(MutationError::NotAnElement)
    );
    // A template cannot go into its own contents.
    let template = first_named(&doc, "template");
    let contents = doc.template_contents(template).unwrap();
    let inner = doc.first_child(contents).unwrap();
    assert_eq!(
        e(doc.append_child(contents, template)),
        MutationError::WouldCreateCycle
    );
    assert_eq!(
        e(doc.append_child(inner, template)),
        MutationError::WouldCreateCycle
    );
    assert_eq!(
        simdhtml::serialize::html5lib_dump(&doc),
        before,
        "nothing changed"
    );
    // Inserting a node before itself leaves it where it is.
    doc.insert_before(div, b, Some(b)).unwrap();
    assert_eq!(simdhtml::serialize::html5lib_dump(&doc), before);
    // A fragment's children move, in order (here a template's contents).
    let p2 = doc.create_element(&arena, "p");
    doc.append_child(contents, p2).unwrap();
    doc.append_child(div, contents).unwrap();
    assert_eq!(doc.children(contents).count(), 0);
    assert!(doc.get(div).inner_html().ends_with("<p>inside</p><p></p>"));
}

#[test]
fn created_elements_and_templates() {
    let arena = Arena::new();
    let mut doc = parse_document_str(&arena, "<body>", &ParseOptions::default());
    let body = doc.body().unwrap().node_id();
    let template = doc.create_element(&arena, "TEMPLATE");
    assert!(doc.template_contents(template).is_some());
    let svg = doc.create_element_ns(&arena, Namespace::Svg, "foreignObject");
    doc.set_attr(&arena, svg, "viewBox", "0 0 1 1").unwrap();
    doc.append_child(body, template).unwrap();
    doc.append_child(body, svg).unwrap();
    let c = doc.create_comment(&arena, "note");
    doc.append_child(body, c).unwrap();
    assert_eq!(
        doc.get(body).inner_html(),
        "<template></template><foreignObject viewBox=\"0 0 1 1\"></foreignObject><!--note-->"
    );
}
