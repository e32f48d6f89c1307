//! `:has()` (Selectors 4, 4.5) as the selector engine matches it (one pass per part of the
//! tree, results kept for the query: `src/select/has.rs`) against a naive matcher written
//! here from the definition, on generated trees: an anchor matches `:has(c₀ S₀ … cₖ Sₖ)` when
//! some chain of elements `anchor c₀ e₀ c₁ e₁ …` has each `eⱼ` matching `Sⱼ`, found by
//! trying every related element in turn. The selectors put `:has()` in the subject, under
//! `:not()`, in a list, and left of a combinator (where the engine meets anchors out of tree
//! order); every element's `matches()` (a query of its own) must agree with `select()`.
#![cfg(feature = "select")]

use proptest::prelude::*;
use simdhtml::select::Selector;
use simdhtml::{Arena, NodeRef, ParseOptions, parse_document_str};

/// The pieces the generated pages are made of: a few element names and classes, nested and
/// not (the tree builder closes what is left open and ignores stray end tags).
const PIECES: &[&str] = &[
    "<div>",
    "<div class=x>",
    "</div>",
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
    "text",
];

fn page() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..60).prop_map(|v| v.concat())
}

/// A compound of the generated selectors: a name, a class or both.
#[derive(Debug, Clone, Copy)]
struct Compound {
    name: Option<&'static str>,
    class: Option<&'static str>,
}

impl Compound {
    fn css(self) -> String {
        match (self.name, self.class) {
            (None, None) => "*".to_owned(),
            (n, c) => format!(
                "{}{}",
                n.unwrap_or(""),
                c.map(|c| format!(".{c}")).unwrap_or_default()
            ),
        }
    }

    fn matches(self, e: NodeRef<'_, '_>) -> bool {
        self.name.is_none_or(|n| e.name() == Some(n))
            && self.class.is_none_or(|c| e.classes().any(|have| have == c))
    }
}

fn compound() -> impl Strategy<Value = Compound> {
    let name = prop::option::of(prop::sample::select(
        &["div", "span", "p", "em", "a", "li"][..],
    ));
    let class = prop::option::of(prop::sample::select(&["x", "y"][..]));
    (name, class).prop_map(|(name, class)| Compound { name, class })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Comb {
    Descendant,
    Child,
    Next,
    Later,
}

impl Comb {
    fn css(self) -> &'static str {
        match self {
            Comb::Descendant => " ",
            Comb::Child => " > ",
            Comb::Next => " + ",
            Comb::Later => " ~ ",
        }
    }

    /// The elements in this relation to `e`, found the slow way.
    fn related<'d, 'a>(self, e: NodeRef<'d, 'a>) -> Vec<NodeRef<'d, 'a>> {
        match self {
            Comb::Descendant => e.descendants().filter(|d| d.is_element()).collect(),
            Comb::Child => e.element_children().collect(),
            Comb::Next => e.next_element_sibling().into_iter().collect(),
            Comb::Later => {
                std::iter::successors(e.next_element_sibling(), |s| s.next_element_sibling())
                    .collect()
            }
        }
    }
}

fn comb() -> impl Strategy<Value = Comb> {
    prop::sample::select(&[Comb::Descendant, Comb::Child, Comb::Next, Comb::Later][..])
}

/// A relative selector: one to three (combinator, compound) steps.
type Relative = Vec<(Comb, Compound)>;

fn relative() -> impl Strategy<Value = Relative> {
    prop::collection::vec((comb(), compound()), 1..4)
}

fn relative_css(r: &Relative) -> String {
    let mut s = String::new();
    for (i, (c, k)) in r.iter().enumerate() {
        if i == 0 {
            s.push_str(c.css().trim_start());
        } else {
            s.push_str(c.css());
        }
        s.push_str(&k.css());
    }
    s
}

/// The definition: some chain from `anchor` through the steps of `r`.
fn naive_has(anchor: NodeRef<'_, '_>, r: &[(Comb, Compound)]) -> bool {
    let Some(((c, k), rest)) = r.split_first() else {
        return true;
    };
    c.related(anchor)
        .into_iter()
        .any(|e| k.matches(e) && naive_has(e, rest))
}

/// The selectors tried: `:has()` in several places.
#[derive(Debug, Clone)]
enum Form {
    /// `K:has(R1, R2)`.
    Subject(Compound, Vec<Relative>),
    /// `:not(K:has(R))`.
    Not(Compound, Relative),
    /// `K:has(R) C L`: the anchor left of a combinator.
    Left(Compound, Relative, Comb, Compound),
}

fn form() -> impl Strategy<Value = Form> {
    prop_oneof![
        (compound(), prop::collection::vec(relative(), 1..3))
            .prop_map(|(k, rs)| Form::Subject(k, rs)),
        (compound(), relative()).prop_map(|(k, r)| Form::Not(k, r)),
        (compound(), relative(), comb(), compound())
            .prop_map(|(k, r, c, l)| Form::Left(k, r, c, l)),
    ]
}

impl Form {
    fn css(&self) -> String {
        let has = |k: &Compound, rs: &[Relative]| {
            let args: Vec<String> = rs.iter().map(relative_css).collect();
            format!("{}:has({})", k.css(), args.join(", "))
        };
        match self {
            Form::Subject(k, rs) => has(k, rs),
            Form::Not(k, r) => format!(":not({})", has(k, std::slice::from_ref(r))),
            Form::Left(k, r, c, l) => {
                format!("{}{}{}", has(k, std::slice::from_ref(r)), c.css(), l.css())
            }
        }
    }

    fn naive(&self, e: NodeRef<'_, '_>) -> bool {
        let anchor = |a: NodeRef<'_, '_>, k: &Compound, rs: &[Relative]| {
            k.matches(a) && rs.iter().any(|r| naive_has(a, r))
        };
        match self {
            Form::Subject(k, rs) => anchor(e, k, rs),
            Form::Not(k, r) => !anchor(e, k, std::slice::from_ref(r)),
            Form::Left(k, r, c, l) => {
                // `e` matches `l` and has, in the reverse relation `c`, an anchor.
                l.matches(e)
                    && e.document()
                        .document_node()
                        .descendants()
                        .filter(|a| a.is_element())
                        .any(|a| c.related(a).contains(&e) && anchor(a, k, std::slice::from_ref(r)))
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::html_gen::cases(256)))]

    #[test]
    fn has_matches_its_definition(html in page(), form in form()) {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, &html, &ParseOptions::default());
        let css = form.css();
        let selector = Selector::parse(&css).map_err(|e| TestCaseError::fail(format!("{css}: {e}")))?;
        let elements: Vec<NodeRef<'_, '_>> = doc
            .document_node()
            .descendants()
            .filter(|n| n.is_element())
            .collect();
        let want: Vec<NodeRef<'_, '_>> =
            elements.iter().copied().filter(|e| form.naive(*e)).collect();
        let got: Vec<NodeRef<'_, '_>> = doc.select(&selector).collect();
        prop_assert_eq!(&got, &want, "{} on {:?}", css, html);
        for e in elements {
            prop_assert_eq!(e.matches(&selector), want.contains(&e), "{} matches() on {:?}", css, html);
        }
    }
}
