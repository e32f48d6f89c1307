//! `:has()` (Selectors 4, 4.5 "The Relational Pseudo-class"), matched in linear time.
//!
//! A relative selector `:has(c₀ S₀ c₁ S₁ … cₖ₋₁ Sₖ₋₁)` (combinators `cⱼ`, compounds `Sⱼ`)
//! matches an anchor `A` when a chain of elements `A c₀ e₀ c₁ e₁ …` exists with each `eⱼ`
//! matching `Sⱼ`. Read from the left, whether an element `x` can stand at place `j` of
//! such a chain does not depend on the anchor:
//!
//! - `R[j](x)`: `x` matches `Sⱼ` and, unless `j` is the last place, `Rel[j+1](x)`;
//! - `Rel[j](x)`: some element `y` in relation `cⱼ` to `x` (a descendant, a child, the next
//!   sibling, a later sibling) has `R[j](y)`;
//!
//! and the anchor matches when `Rel[0](A)`. Both are answered from the elements after `x` in
//! tree order: a child's values, or the next sibling's (`Rel[j](x)` for the descendant
//! combinator is "some child `c` has `R[j](c)` or `Rel[j](c)`", for the later-sibling one "the
//! next sibling `n` has `R[j](n)` or `Rel[j](n)`"). So one pass over a part of the tree in
//! reverse tree order computes every value of every element in it, each from a bounded number
//! of others, and a table (one byte per element and place) keeps them for the rest of the
//! query. This is the per-element caching of `:has()` results that Chromium and Firefox do,
//! made complete: a query costs O(elements x the relative selector's compounds) whatever the
//! tree's shape (deep nesting, long sibling runs), where matching each anchor's subtree or
//! sibling run anew costs O(elements²). Nothing here recurses over the tree.
//!
//! The part of the tree a pass covers, for an anchor whose value is not known yet: its
//! subtree; or, when the relative selector has a sibling combinator (so an element's values
//! depend on its later siblings too), all descendants of the anchor's parent. Either part
//! holds every element its elements' values depend on, and parts already computed are
//! skipped (a computed element's subtree is computed), so each element is computed once per
//! query.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use cssparser::ToCss;
use selectors::matching::{self, CompoundSelectorMatchingResult, MatchingContext};
use selectors::parser::{Combinator, Component, SelectorList};

use crate::dom::NodeRef;

use super::element::{self, El};
use super::types::Impl;

/// The argument of a `:has()`: a list of relative selectors, with how to match each.
#[derive(Clone)]
pub(crate) struct Relative {
    list: SelectorList<Impl>,
    /// One per selector of `list`.
    plans: Box<[Plan]>,
}

/// A relative selector cut into its places: the combinator before each compound and where
/// the compound starts (its offset in parse order, as `selectors` counts).
#[derive(Clone, Debug)]
struct Plan {
    steps: Box<[Step]>,
    /// Whether a combinator is `+` or `~`.
    sibling: bool,
}

#[derive(Clone, Copy, Debug)]
struct Step {
    relation: Relation,
    offset: usize,
}

/// The combinators of a relative selector, as relations from an element to the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Relation {
    Descendant,
    Child,
    NextSibling,
    LaterSibling,
}

impl Relative {
    /// The plan of each selector of `list` (parsed with `ParseRelative::ForHas`: each starts
    /// with the anchor and a combinator); `None` if a combinator is not one of the four.
    pub(crate) fn new(list: SelectorList<Impl>) -> Option<Relative> {
        let plans = list
            .slice()
            .iter()
            .map(|selector| {
                let mut steps = Vec::new();
                let mut components = selector.iter_raw_parse_order_from(0).enumerate();
                // The anchor.
                if !matches!(
                    components.next(),
                    Some((_, Component::RelativeSelectorAnchor))
                ) {
                    return None;
                }
                for (i, component) in components {
                    if let Component::Combinator(c) = component {
                        let relation = match c {
                            Combinator::Descendant => Relation::Descendant,
                            Combinator::Child => Relation::Child,
                            Combinator::NextSibling => Relation::NextSibling,
                            Combinator::LaterSibling => Relation::LaterSibling,
                            _ => return None,
                        };
                        steps.push(Step {
                            relation,
                            offset: i + 1,
                        });
                    }
                }
                let sibling = steps
                    .iter()
                    .any(|s| matches!(s.relation, Relation::NextSibling | Relation::LaterSibling));
                (!steps.is_empty()).then(|| Plan {
                    steps: steps.into(),
                    sibling,
                })
            })
            .collect::<Option<Box<[Plan]>>>()?;
        Some(Relative { list, plans })
    }

    /// The identity of plan `i` of this argument in a [`HasCache`]: the argument's address
    /// (it is borrowed, with its selector, for the whole query) and `i`.
    fn key(&self, i: usize) -> (usize, usize) {
        (std::ptr::from_ref(self) as usize, i)
    }
}

impl PartialEq for Relative {
    fn eq(&self, other: &Self) -> bool {
        self.list == other.list
    }
}

impl Eq for Relative {}

impl fmt::Debug for Relative {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, ":has(")?;
        self.list.to_css(f)?;
        write!(f, ")")
    }
}

impl ToCss for Relative {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        self.list.to_css(dest)
    }
}

/// The values of one relative selector for the elements of one document, for one query.
struct Table {
    /// By node index: whether the element's values are known (and so are those of its
    /// subtree).
    done: Vec<bool>,
    /// By node index x places: bit 0 `R[j]`, bit 1 `Rel[j]`.
    bits: Vec<u8>,
    places: usize,
}

const R: u8 = 1;
const REL: u8 = 2;

impl Table {
    fn new(nodes: usize, places: usize) -> Table {
        Table {
            done: vec![false; nodes],
            bits: vec![0; nodes * places],
            places,
        }
    }

    #[inline]
    fn get(&self, node: NodeRef<'_, '_>, place: usize, bit: u8) -> bool {
        self.bits[node.node_id().index() * self.places + place] & bit != 0
    }

    #[inline]
    fn set(&mut self, node: NodeRef<'_, '_>, place: usize, bit: u8) {
        self.bits[node.node_id().index() * self.places + place] |= bit;
    }

    fn is_done(&self, node: NodeRef<'_, '_>) -> bool {
        self.done[node.node_id().index()]
    }
}

/// The `:has()` values a query has computed, by relative selector (see the module docs).
/// One per query and document: node indexes name the elements.
#[derive(Default)]
pub(crate) struct HasCache {
    tables: RefCell<HashMap<(usize, usize), Table>>,
}

/// Whether `anchor` matches `:has(relative)`, in `context` (whose `extra_data` is the query's
/// [`HasCache`]; without one, a cache for this one call).
pub(crate) fn matches(
    relative: &Relative,
    anchor: NodeRef<'_, '_>,
    context: &mut MatchingContext<'_, Impl>,
) -> bool {
    let own;
    let cache = match context.extra_data {
        Some(cache) => &cache.has,
        None => {
            own = HasCache::default();
            &own
        }
    };
    relative.plans.iter().enumerate().any(|(i, plan)| {
        let key = relative.key(i);
        let selector = &relative.list.slice()[i];
        // The table is taken out while it is filled: matching a compound may match other
        // pseudo-classes (never another `:has()`, which cannot nest).
        let taken = cache.tables.borrow_mut().remove(&key);
        let mut table =
            taken.unwrap_or_else(|| Table::new(anchor.document().len(), plan.steps.len()));
        if !table.is_done(anchor) {
            fill(&mut table, plan, selector, anchor, context);
        }
        let matched = table.get(anchor, 0, REL);
        cache.tables.borrow_mut().insert(key, table);
        matched
    })
}

/// Computes the values of the part of the tree that `anchor`'s depend on (see the module
/// docs), skipping what is done.
fn fill(
    table: &mut Table,
    plan: &Plan,
    selector: &selectors::parser::Selector<Impl>,
    anchor: NodeRef<'_, '_>,
    context: &mut MatchingContext<'_, Impl>,
) {
    let region = match anchor.parent().filter(|_| plan.sibling) {
        Some(parent) => Region::Below(parent),
        None => Region::Subtree(anchor),
    };
    let elements = collect(region, table);
    let last = plan.steps.len() - 1;
    for &x in elements.iter().rev() {
        for (j, step) in plan.steps.iter().enumerate().rev() {
            let related = match step.relation {
                Relation::Descendant => x
                    .element_children()
                    .any(|c| table.get(c, j, R) || table.get(c, j, REL)),
                Relation::Child => x.element_children().any(|c| table.get(c, j, R)),
                Relation::NextSibling => {
                    x.next_element_sibling().is_some_and(|n| table.get(n, j, R))
                }
                Relation::LaterSibling => x
                    .next_element_sibling()
                    .is_some_and(|n| table.get(n, j, R) || table.get(n, j, REL)),
            };
            if related {
                table.set(x, j, REL);
            }
            let rest = j == last || table.get(x, j + 1, REL);
            if rest && compound_matches(selector, step.offset, x, context) {
                table.set(x, j, R);
            }
        }
    }
    for x in elements {
        table.done[x.node_id().index()] = true;
    }
}

/// Whether `x` matches the compound of `selector` that starts at `offset` (parse order).
fn compound_matches(
    selector: &selectors::parser::Selector<Impl>,
    offset: usize,
    x: NodeRef<'_, '_>,
    context: &mut MatchingContext<'_, Impl>,
) -> bool {
    !matches!(
        matching::matches_compound_selector_from(selector, offset, context, El(x)),
        CompoundSelectorMatchingResult::NotMatched
    )
}

/// A part of the tree that one pass computes.
#[derive(Clone, Copy)]
enum Region<'d, 'a> {
    /// An element and its descendants.
    Subtree(NodeRef<'d, 'a>),
    /// The descendants of a node.
    Below(NodeRef<'d, 'a>),
}

/// The elements of `region` whose values are not known, in tree order (the subtrees of
/// those whose values are known are skipped: they are known too). Template contents are not
/// entered: they are not children.
fn collect<'d, 'a>(region: Region<'d, 'a>, table: &Table) -> Vec<NodeRef<'d, 'a>> {
    let (top, first) = match region {
        Region::Subtree(e) => (e, Some(e)),
        Region::Below(p) => (p, p.first_child()),
    };
    let mut out = Vec::new();
    let mut cur = first;
    while let Some(n) = cur {
        let enter = n.is_element() && !table.is_done(n);
        if enter {
            out.push(n);
        }
        cur = element::next_within(n, top, enter);
    }
    out
}
