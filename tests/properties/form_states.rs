//! The form pseudo-classes that read an element's ancestors (`:disabled` / `:enabled` through
//! fieldsets, `select` and `optgroup`; `option:checked` through its `select`; `:valid` /
//! `:invalid` of a `form` or `fieldset` through its controls), which a query answers from
//! what it keeps per element (`src/select/ancestry.rs`, found once top down), against a
//! naive matcher written here from the HTML Standard's definitions, which walks every
//! element's ancestors (4.10.18.2 "disabled", 4.10.10 "option element nearest ancestor
//! select" and "an option is disabled", 4.15 "actually disabled", 4.10.7 selectedness,
//! 4.16.3 `:valid` of a form and a fieldset). Every element's `matches()` (a query of its
//! own) must agree with `select()`.
#![cfg(feature = "select")]

use proptest::prelude::*;
use simdhtml::select::Selector;
use simdhtml::{Arena, NodeRef, ParseOptions, parse_document_str};

/// The pieces the generated pages are made of: the elements the definitions name, with and
/// without the attributes they read, nested and not (the tree builder closes what is left
/// open and ignores stray end tags).
const PIECES: &[&str] = &[
    "<div>",
    "</div>",
    "<fieldset>",
    "<fieldset disabled>",
    "</fieldset>",
    "<legend>",
    "</legend>",
    "<form>",
    "<form id=f>",
    "</form>",
    "<input>",
    "<input disabled>",
    "<input required>",
    "<input form=f required>",
    "<button>",
    "<select>",
    "<select disabled>",
    "<select required>",
    "</select>",
    "<optgroup>",
    "<optgroup disabled>",
    "</optgroup>",
    "<option>",
    "<option selected>",
    "<option disabled>",
    "<option value=''>",
    "</option>",
    "<hr>",
    "<datalist>",
    "</datalist>",
    "<textarea required></textarea>",
    "text",
];

fn page() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..50).prop_map(|v| v.concat())
}

fn is(e: NodeRef<'_, '_>, name: &str) -> bool {
    e.is_element() && e.name() == Some(name)
}

fn has(e: NodeRef<'_, '_>, attr: &str) -> bool {
    e.attr(attr).is_some()
}

/// 4.10.18.2: a form control is disabled by its attribute, or by a `fieldset` ancestor with
/// `disabled` when it is not in that fieldset's first `legend` child.
fn fe_disabled(e: NodeRef<'_, '_>) -> bool {
    has(e, "disabled")
        || e.ancestors().any(|f| {
            is(f, "fieldset")
                && has(f, "disabled")
                && !f
                    .children()
                    .find(|c| is(*c, "legend"))
                    .is_some_and(|legend| e.ancestors().any(|a| a == legend))
        })
}

/// 4.10.10 "option element nearest ancestor select", for any element.
fn nearest_select<'d, 'a>(e: NodeRef<'d, 'a>) -> Option<NodeRef<'d, 'a>> {
    let mut optgroup = false;
    for a in e.ancestors() {
        if is(a, "datalist") || is(a, "hr") || is(a, "option") {
            return None;
        }
        if is(a, "optgroup") {
            if optgroup {
                return None;
            }
            optgroup = true;
        }
        if is(a, "select") {
            return Some(a);
        }
    }
    None
}

/// 4.10.10 "an option is disabled".
fn option_disabled(o: NodeRef<'_, '_>) -> bool {
    if has(o, "disabled") {
        return true;
    }
    for a in o.ancestors() {
        if is(a, "select") || is(a, "hr") || is(a, "datalist") || is(a, "option") {
            return false;
        }
        if is(a, "optgroup") && has(a, "disabled") {
            return true;
        }
    }
    false
}

/// 4.15 "actually disabled" (with whatwg/html#12205 for `optgroup` and `option`).
fn actually_disabled(e: NodeRef<'_, '_>) -> bool {
    let select_disabled = || nearest_select(e).is_some_and(fe_disabled);
    match e.name().unwrap_or("") {
        "button" | "input" | "select" | "textarea" | "fieldset" => fe_disabled(e),
        "optgroup" => has(e, "disabled") || select_disabled(),
        "option" => option_disabled(e) || select_disabled(),
        _ => false,
    }
}

fn enableable(e: NodeRef<'_, '_>) -> bool {
    [
        "button", "input", "select", "textarea", "optgroup", "option", "fieldset",
    ]
    .iter()
    .any(|n| is(e, n))
}

/// 4.10.7: the options of `select`'s list, in tree order.
fn options<'d, 'a>(select: NodeRef<'d, 'a>) -> Vec<NodeRef<'d, 'a>> {
    select
        .descendants()
        .filter(|o| is(*o, "option") && nearest_select(*o) == Some(select))
        .collect()
}

/// An option's selectedness as the parser leaves it (no `multiple` and no `size` on the
/// generated selects): the last option with `selected`, else the first that is not
/// disabled.
fn checked_option(o: NodeRef<'_, '_>) -> bool {
    let Some(select) = nearest_select(o) else {
        return has(o, "selected");
    };
    let list = options(select);
    match list.iter().rev().find(|x| has(**x, "selected")) {
        Some(last) => *last == o,
        None => list.iter().find(|x| !actually_disabled(**x)) == Some(&o),
    }
}

/// The form owner as the tree gives it: the element with the `form` attribute's ID if it
/// is a `form`, else the nearest `form` ancestor.
fn form_owner<'d, 'a>(e: NodeRef<'d, 'a>) -> Option<NodeRef<'d, 'a>> {
    if let Some(id) = e.attr("form") {
        return e
            .document()
            .document_node()
            .descendants()
            .find(|n| n.attr("id") == Some(id))
            .filter(|f| is(*f, "form"));
    }
    e.ancestors().find(|a| is(*a, "form"))
}

fn ids(nodes: impl Iterator<Item = usize>) -> Vec<usize> {
    nodes.collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn ancestor_states_match_their_definitions(html in page()) {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, &html, &ParseOptions::default());
        let elements: Vec<NodeRef<'_, '_>> =
            doc.document_node().descendants().filter(|n| n.is_element()).collect();
        let select = |css: &str| {
            let s = Selector::parse(css).unwrap();
            let found = ids(doc.select(&s).map(|n| n.node_id().index()));
            let one_by_one =
                ids(elements.iter().filter(|e| e.matches(&s)).map(|e| e.node_id().index()));
            (found, one_by_one)
        };
        let naive = |f: &dyn Fn(NodeRef<'_, '_>) -> bool| {
            ids(elements.iter().filter(|e| f(**e)).map(|e| e.node_id().index()))
        };

        let (found, one) = select(":disabled");
        let want = naive(&|e| actually_disabled(e));
        prop_assert_eq!(&found, &want, ":disabled on {:?}", html);
        prop_assert_eq!(&one, &want, ":disabled matches() on {:?}", html);

        let (found, one) = select(":enabled");
        let want = naive(&|e| enableable(e) && !actually_disabled(e));
        prop_assert_eq!(&found, &want, ":enabled on {:?}", html);
        prop_assert_eq!(&one, &want, ":enabled matches() on {:?}", html);

        let (found, one) = select("option:checked");
        let want = naive(&|e| is(e, "option") && checked_option(e));
        prop_assert_eq!(&found, &want, "option:checked on {:?}", html);
        prop_assert_eq!(&one, &want, "option:checked matches() on {:?}", html);

        // A form or fieldset is invalid when a control it owns or holds is: the controls'
        // answers come from the engine, the forms' and fieldsets' from the definition.
        let invalid = Selector::parse(":invalid").unwrap();
        let controls: Vec<NodeRef<'_, '_>> = elements
            .iter()
            .copied()
            .filter(|e| {
                ["input", "select", "textarea", "button"].iter().any(|n| is(*e, n))
                    && e.matches(&invalid)
            })
            .collect();
        let (found, one) = select("form:invalid, fieldset:invalid");
        let invalid_owners = naive(&|e| {
            (is(e, "form") && controls.iter().any(|c| form_owner(*c) == Some(e)))
                || (is(e, "fieldset") && controls.iter().any(|c| c.ancestors().any(|a| a == e)))
        });
        prop_assert_eq!(&found, &invalid_owners, "form/fieldset:invalid on {:?}", html);
        prop_assert_eq!(&one, &invalid_owners, "form/fieldset:invalid matches() on {:?}", html);
        let (found, _) = select("form:valid, fieldset:valid");
        let want = naive(&|e| {
            (is(e, "form") || is(e, "fieldset")) && !found_has(&invalid_owners, e)
        });
        prop_assert_eq!(&found, &want, "form/fieldset:valid on {:?}", html);
    }
}

fn found_has(list: &[usize], e: NodeRef<'_, '_>) -> bool {
    list.contains(&e.node_id().index())
}
