//! Complex selectors as a query of all matches matches them (one walk top down, each
//! element's chain state inherited from its ancestors and earlier siblings:
//! `src/select/complex.rs`) against the element-by-element matcher (`NodeRef::matches`, which
//! is `selectors`' right-to-left matching), on generated trees: every combinator, chains of
//! one to five compounds, compounds with `:not()`, structural pseudo-classes and `:has()`,
//! lists mixing chains with single compounds, and queries from every element as well as from
//! the document (a query from a node matches against the whole tree, its ancestors and their
//! earlier siblings included).
#![cfg(feature = "select")]

use proptest::prelude::*;
use simdhtml::select::Selector;
use simdhtml::{Arena, NodeRef, ParseOptions, parse_document_str};

/// The pieces the generated pages are made of (the tree builder closes what is left open and
/// ignores stray end tags).
const PIECES: &[&str] = &[
    "<div>",
    "<div class=x>",
    "</div>",
    "<section>",
    "</section>",
    "<span>",
    "<span class=y>",
    "</span>",
    "<p>",
    "<p class=x>",
    "</p>",
    "<em class='x y'>",
    "</em>",
    "<a>",
    "</a>",
    "<ul><li>",
    "<li class=y>",
    "</ul>",
    "<template><p class=x>t</template>",
    "text",
];

fn page() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..80).prop_map(|v| v.concat())
}

/// A compound: a name or `*`, then zero to two of a class, a `:not()`, a structural
/// pseudo-class, a `:has()`.
fn compound() -> impl Strategy<Value = String> {
    let name = prop::sample::select(&["*", "div", "section", "span", "p", "em", "a", "li"][..]);
    let extra = prop::sample::select(
        &[
            ".x",
            ".y",
            ":not(.x)",
            ":not(div)",
            ":not(p span)",
            ":first-child",
            ":nth-child(odd)",
            ":last-of-type",
            ":has(> .y)",
            ":has(~ p)",
            ":is(div, p) ",
            ":root",
            ":empty",
        ][..],
    );
    (name, prop::collection::vec(extra, 0..3)).prop_map(|(n, e)| format!("{n}{}", e.concat()))
}

fn combinator() -> impl Strategy<Value = &'static str> {
    prop::sample::select(&[" ", " > ", " + ", " ~ "][..])
}

/// A complex selector of one to five compounds.
fn complex() -> impl Strategy<Value = String> {
    (
        compound(),
        prop::collection::vec((combinator(), compound()), 0..5),
    )
        .prop_map(|(first, rest)| {
            let mut s = first;
            for (c, k) in rest {
                s.push_str(c);
                s.push_str(&k);
            }
            s
        })
}

/// A list of one to three complex selectors.
fn list() -> impl Strategy<Value = String> {
    prop::collection::vec(complex(), 1..4).prop_map(|v| v.join(", "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::html_gen::cases(256)))]

    #[test]
    fn chains_match_as_each_element_does(html in page(), css in list()) {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, &html, &ParseOptions::default());
        let selector = Selector::parse(&css).map_err(|e| TestCaseError::fail(format!("{css}: {e}")))?;
        let elements: Vec<NodeRef<'_, '_>> = doc
            .document_node()
            .descendants()
            .filter(|n| n.is_element())
            .collect();
        let want: Vec<NodeRef<'_, '_>> =
            elements.iter().copied().filter(|e| e.matches(&selector)).collect();
        let got: Vec<NodeRef<'_, '_>> = doc.select(&selector).collect();
        prop_assert_eq!(&got, &want, "{} on {:?}", css, html);
        // From each element: its descendants that match, against the whole tree.
        for root in &elements {
            let want: Vec<NodeRef<'_, '_>> = root
                .descendants()
                .filter(|d| d != root && d.is_element() && d.matches(&selector))
                .collect();
            let got: Vec<NodeRef<'_, '_>> = root.select(&selector).collect();
            prop_assert_eq!(&got, &want, "{} from {:?} on {:?}", css, root.name(), html);
        }
        // From template contents, whose tree is their own.
        for t in elements.iter().filter_map(|e| e.template_contents()) {
            let want: Vec<NodeRef<'_, '_>> = t
                .descendants()
                .filter(|d| d.is_element() && d.matches(&selector))
                .collect();
            let got: Vec<NodeRef<'_, '_>> = t.select(&selector).collect();
            prop_assert_eq!(&got, &want, "{} from template contents on {:?}", css, html);
        }
    }
}
