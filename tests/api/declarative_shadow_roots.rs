//! Declarative shadow roots (HTML Standard 13.2.6.4.4, the "in head" rules for a `template` start
//! tag; DOM Standard "attach a shadow root"): each expectation is read off those steps.

use simdhtml::dom::{MutationError, ShadowRootData, ShadowRootMode};
use simdhtml::serialize::html5lib_dump;
use simdhtml::{
    Arena, Document, FragmentContext, NodeData, ParseOptions, parse_document_str, parse_fragment,
};

fn parse<'a>(arena: &'a Arena, html: &str, allow: Option<bool>) -> Document<'a> {
    let options = ParseOptions {
        allow_declarative_shadow_roots: allow,
        ..ParseOptions::default()
    };
    parse_document_str(arena, arena.alloc_str(html), &options)
}

/// The dump below `<body>`, without the document's scaffolding.
fn body_dump(doc: &Document<'_>) -> String {
    let dump = html5lib_dump(doc);
    let start = dump.find("|   <body>\n").expect("a body") + "|   <body>\n".len();
    dump[start..].to_string()
}

fn shadow_data(doc: &Document<'_>, host_id: &str) -> Option<ShadowRootData> {
    let host = doc
        .document_node()
        .descendants()
        .find(|n| n.id() == Some(host_id))?;
    match host.shadow_root()?.value() {
        NodeData::ShadowRoot(data) => Some(*data),
        _ => None,
    }
}

#[test]
fn a_template_with_shadowrootmode_becomes_its_parents_shadow_root() {
    let arena = Arena::new();
    let doc = parse(
        &arena,
        "<div id=host><template shadowrootmode=open><p>shadow</p></template><span>light</span></div>",
        None,
    );
    assert_eq!(
        body_dump(&doc),
        "|     <div>\n|       id=\"host\"\n|       #shadow-root (open)\n|         <p>\n|           \"shadow\"\n|       <span>\n|         \"light\"\n"
    );
    let host = doc.body().unwrap().first_element_child().unwrap();
    // The template element is in no tree; the shadow tree is not among the host's descendants.
    assert_eq!(host.children().count(), 1);
    assert!(
        !doc.document_node()
            .descendants()
            .any(|n| n.name() == Some("p"))
    );
    assert!(
        doc.document_node()
            .descendants()
            .all(|n| n.name() != Some("template"))
    );
    let root = host.shadow_root().unwrap();
    assert_eq!(root.parent(), None);
    assert_eq!(root.first_element_child().unwrap().text_content(), "shadow");
}

#[test]
fn the_mode_is_an_enumerated_attribute_and_the_flags_are_read() {
    let arena = Arena::new();
    let doc = parse(
        &arena,
        "<div id=a><template shadowrootmode=CLOSED shadowrootclonable shadowrootserializable \
         shadowrootdelegatesfocus shadowrootslotassignment=Manual \
         shadowrootcustomelementregistry></template></div>\
         <div id=b><template shadowrootmode=open shadowrootslotassignment=other></template></div>\
         <div id=c><template shadowrootmode=opened>x</template></div>",
        None,
    );
    assert_eq!(
        shadow_data(&doc, "a"),
        Some(ShadowRootData {
            mode: ShadowRootMode::Closed,
            clonable: true,
            serializable: true,
            delegates_focus: true,
            manual_slot_assignment: true,
            keep_custom_element_registry_null: true,
        })
    );
    assert_eq!(
        shadow_data(&doc, "b"),
        Some(ShadowRootData {
            mode: ShadowRootMode::Open,
            clonable: false,
            serializable: false,
            delegates_focus: false,
            manual_slot_assignment: false,
            keep_custom_element_registry_null: false,
        })
    );
    // An invalid value is the None state: an ordinary template.
    assert_eq!(shadow_data(&doc, "c"), None);
    assert!(body_dump(&doc).contains("|       <template>\n|         shadowrootmode=\"opened\"\n|         content\n|           \"x\"\n"));
}

#[test]
fn a_second_declarative_shadow_root_is_an_ordinary_template() {
    // Step 10.9: the host is a shadow host already: the template is inserted where it was.
    let arena = Arena::new();
    let doc = parse(
        &arena,
        "<section id=s><template shadowrootmode=open>1</template><template shadowrootmode=closed>2</template></section>",
        None,
    );
    assert_eq!(
        body_dump(&doc),
        "|     <section>\n|       id=\"s\"\n|       #shadow-root (open)\n|         \"1\"\n|       <template>\n|         shadowrootmode=\"closed\"\n|         content\n|           \"2\"\n"
    );
}

#[test]
fn hosts_that_attach_a_shadow_root_rejects_keep_an_ordinary_template() {
    // "Attach a shadow root" throws for an element whose local name is neither a valid custom
    // element name nor one of article, aside, blockquote, body, div, footer, h1-h6, header,
    // main, nav, p, section, span; then the template is inserted (step 10.10.2).
    let arena = Arena::new();
    for (host, ok) in [
        ("ul", false),
        ("a", false),
        ("button", false),
        ("blockquote", true),
        ("h6", true),
        ("my-widget", true),
        ("font-face", false),
    ] {
        let html = format!("<{host} id=h><template shadowrootmode=open>t</template></{host}>");
        let doc = parse(&arena, &html, None);
        assert_eq!(shadow_data(&doc, "h").is_some(), ok, "{host}");
        assert_eq!(body_dump(&doc).contains("<template>"), !ok, "{host}");
    }
    // The body itself is a valid host.
    let doc = parse(
        &arena,
        "<body id=h><template shadowrootmode=open>t</template>",
        None,
    );
    assert!(shadow_data(&doc, "h").is_some());
}

#[test]
fn in_the_head_the_head_is_no_valid_host() {
    let arena = Arena::new();
    let doc = parse(
        &arena,
        "<head><template shadowrootmode=open>x</template></head>",
        None,
    );
    assert!(html5lib_dump(&doc).contains("|   <head>\n|     <template>\n"));
}

#[test]
fn the_flag_is_on_for_documents_and_off_for_fragments_by_default() {
    let arena = Arena::new();
    let html = "<div id=h><template shadowrootmode=open>x</template></div>";
    assert!(shadow_data(&parse(&arena, html, None), "h").is_some());
    assert!(shadow_data(&parse(&arena, html, Some(false)), "h").is_none());
    let fragment = |allow| {
        parse_fragment(
            &arena,
            html,
            FragmentContext::html("body"),
            &ParseOptions {
                allow_declarative_shadow_roots: allow,
                ..ParseOptions::default()
            },
        )
    };
    assert!(shadow_data(&fragment(None), "h").is_none());
    assert!(shadow_data(&fragment(Some(true)), "h").is_some());
}

#[test]
fn scalar_twin_and_streaming_build_the_same_shadow_trees() {
    let html = "<!DOCTYPE html><div id=h><template shadowrootmode=open><b>x<i>y</b>z</template>w</div>\
                <article><template shadowrootmode=closed><table><tr><td>c</table></template></article>";
    let arena = Arena::new();
    let whole = html5lib_dump(&parse(&arena, html, None));
    assert!(whole.contains("#shadow-root (closed)"));
    let scalar = parse_document_str(
        &arena,
        html,
        &ParseOptions {
            scalar: true,
            ..ParseOptions::default()
        },
    );
    assert_eq!(html5lib_dump(&scalar), whole);
    for size in [1, 7, 64] {
        let mut parser = simdhtml::stream::Parser::new(&arena, ParseOptions::default());
        for chunk in html.as_bytes().chunks(size) {
            parser.feed(chunk);
        }
        assert_eq!(html5lib_dump(&parser.finish()), whole, "{size}-byte chunks");
    }
}

#[test]
fn shadow_roots_are_never_children_and_hosts_are_ancestors_of_their_shadow_trees() {
    let arena = Arena::new();
    let mut doc = parse(
        &arena,
        "<div id=h><template shadowrootmode=open><p>s</p></template></div>",
        None,
    );
    let host = doc.body().unwrap().first_element_child().unwrap().node_id();
    let root = doc.shadow_root(host).unwrap();
    let p = doc.first_child(root).unwrap();
    let body = doc.body().unwrap().node_id();
    assert_eq!(
        doc.append_child(body, root),
        Err(MutationError::InvalidChild)
    );
    // The host is a host-including ancestor of the shadow tree: no cycle through it.
    assert_eq!(
        doc.append_child(p, host),
        Err(MutationError::WouldCreateCycle)
    );
    // A shadow root takes children.
    let extra = doc.create_element(&arena, "span");
    doc.append_child(root, extra).unwrap();
    assert_eq!(doc.children(root).count(), 2);
}
