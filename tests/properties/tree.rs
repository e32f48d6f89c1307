//! Property tests of tree construction: markup soups built from the tags the insertion modes
//! treat specially (tables, formatting, foreign content, select, template, frameset, forms, raw
//! text) parse as documents and as fragments in many contexts without panicking, in both
//! scripting modes; the tree is well formed (every node reachable once, parent links agree);
//! and in debug builds the scope bookkeeping is checked against the spec's walk on every query.

use proptest::prelude::*;
use simdhtml::serialize::html5lib_dump;
use simdhtml::{
    Arena, Document, FragmentContext, NodeId, ParseOptions, parse_document_str, parse_fragment,
};

const PIECES: &[&str] = &[
    "<html>",
    "</html>",
    "<head>",
    "</head>",
    "<body>",
    "</body>",
    "<p>",
    "</p>",
    "<div>",
    "</div>",
    "<table>",
    "</table>",
    "<tr>",
    "</tr>",
    "<td>",
    "</td>",
    "<th>",
    "<tbody>",
    "</tbody>",
    "<caption>",
    "</caption>",
    "<colgroup>",
    "<col>",
    "<a>",
    "</a>",
    "<b>",
    "</b>",
    "<i>",
    "</i>",
    "<nobr>",
    "</nobr>",
    "<font color=red>",
    "</font>",
    "<svg>",
    "</svg>",
    "<math>",
    "</math>",
    "<mi>",
    "<mtext>",
    "<annotation-xml encoding=text/html>",
    "<foreignObject>",
    "<desc>",
    "<g>",
    "</g>",
    "<path/>",
    "<![CDATA[x]]>",
    "<select>",
    "</select>",
    "<option>",
    "</option>",
    "<optgroup>",
    "<selectedcontent>",
    "<button>",
    "</button>",
    "<input>",
    "<hr>",
    "<template>",
    "</template>",
    "<frameset>",
    "</frameset>",
    "<frame>",
    "<noframes>",
    "<form>",
    "</form>",
    "<li>",
    "<dd>",
    "<dt>",
    "<ul>",
    "</ul>",
    "<h1>",
    "</h2>",
    "<pre>\n",
    "<textarea>",
    "</textarea>",
    "<title>",
    "</title>",
    "<script>",
    "</script>",
    "<style>",
    "<noscript>",
    "</noscript>",
    "<plaintext>",
    "<xmp>",
    "<iframe>",
    "<marquee>",
    "</marquee>",
    "<object>",
    "<applet>",
    "<ruby>",
    "<rt>",
    "<rp>",
    "<rtc>",
    "<image>",
    "<isindex>",
    "<br>",
    "</br>",
    "<custom-el>",
    "</custom-el>",
    "<!DOCTYPE html>",
    "<!-- c -->",
    "<?pi x?>",
    "x",
    " ",
    "\n",
    "\0",
    "&amp;",
    "<meta charset=utf-8>",
    "<base>",
    "<link>",
    "<span>",
    "</span>",
    "<em>",
    "<s>",
];

const CONTEXTS: &[&str] = &[
    "body",
    "div",
    "td",
    "tr",
    "tbody",
    "table",
    "caption",
    "colgroup",
    "select",
    "option",
    "template",
    "html",
    "head",
    "frameset",
    "title",
    "textarea",
    "script",
    "style",
    "plaintext",
    "noscript",
    "svg svg",
    "svg foreignObject",
    "svg path",
    "math math",
    "math mi",
    "math annotation-xml",
    "ruby",
    "form",
    "p",
];

fn check_tree(doc: &Document<'_>) {
    let mut seen = vec![false; doc.len()];
    let mut stack = vec![doc.root()];
    while let Some(n) = stack.pop() {
        assert!(!seen[n.index()], "node {n:?} reachable twice");
        seen[n.index()] = true;
        for c in doc.children(n) {
            assert_eq!(doc.parent(c), Some(n), "parent link of {c:?}");
            stack.push(c);
        }
        if let Some(t) = doc.template_contents(n) {
            stack.push(t);
        }
    }
    let _ = NodeId::DOCUMENT;
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn soups_parse(pieces in prop::collection::vec(0..PIECES.len(), 0..60), scripting: bool, ctx in 0..CONTEXTS.len()) {
        let input: String = pieces.iter().map(|&i| PIECES[i]).collect();
        let arena = Arena::new();
        let options = ParseOptions { scripting, collect_errors: true, ..ParseOptions::default() };
        let doc = parse_document_str(&arena, &input, &options);
        check_tree(&doc);
        prop_assert!(html5lib_dump(&doc).starts_with("| "));
        let frag = parse_fragment(&arena, &input, FragmentContext::from_html5lib(CONTEXTS[ctx]), &options);
        check_tree(&frag);
        let _ = html5lib_dump(&frag);
    }
}
