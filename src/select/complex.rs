//! Complex selectors (Selectors 4, 3.1 and 16 "Combinators") matched for a whole query in one
//! walk of the tree, top down, in linear time.
//!
//! A complex selector `S₀ c₁ S₁ … cₖ Sₖ` (compounds `Sⱼ`, combinators `cⱼ`) matches `x` when
//! `M[k](x)`, where `M[j](x)`, "`x` is the last element of a chain matching `S₀ c₁ … Sⱼ`", is
//! `Sⱼ(x)` and, for `j > 0`, some element in relation `cⱼ` to `x` has `M[j-1]`: a proper
//! ancestor (descendant combinator), the parent (`>`), the previous element sibling (`+`), an
//! earlier element sibling (`~`). So each element's `M` bits follow from four sets of bits
//! known before it in tree order: its parent's `M`, the union of its proper ancestors' `M`
//! (inherited: the parent's union with the parent's `M`), its previous element sibling's `M`
//! and the union of its earlier siblings' `M`. One walk in tree order that keeps these for
//! the open elements (a stack, not recursion) computes every element's bits, each with at
//! most one match of each compound: O(elements x compounds) per query, whatever the tree's
//! shape. Matching each element right to left instead, as `selectors` does, walks its
//! ancestors (or earlier siblings) for each element the rightmost compound admits: O(elements x
//! depth) on deep pages when the chain fails (`section :not(div) a` over 40,000 nested
//! `div`s).
//!
//! Two ways to keep these, by chain:
//!
//! - with a sibling combinator, every element's bits are computed as the walk meets it, from
//!   its parent's and previous sibling's [`Frame`]s;
//! - without one (most selectors: `div.content p`), on demand, from the rightmost compound
//!   leftwards, as `selectors` matches: an element the rightmost compound rejects costs one
//!   check; one it admits asks its parent's or its ancestors' bits, each computed once and
//!   kept in the open elements' [`Memo`]s for their whole subtrees. Each element's bits and
//!   "some ancestor has bit j" are computed at most once per query: the same bound, and no
//!   work for the ancestors of elements that cannot match.
//!
//! Before asking `selectors`, a compound's type, id and class selectors (and the keys of an
//! `:is()` of compounds) are checked directly ([`Filter`]); a compound of nothing else is
//! answered by them.
//!
//! Compounds are matched by `selectors` (`matches_compound_selector_from`), with the query's
//! caches, so every simple selector and pseudo-class means what it means elsewhere; a complex
//! selector inside one (`:not(div p)`, `:is(ul li)`) is matched by `selectors`, right to left.
//!
//! A query from a node ([`super::NodeRef::select`]) matches against the whole tree: the walk
//! starts with a memo for the node and each of its ancestors (O(depth)), and the frames of
//! the chains with a sibling combinator computed from the top of the tree down the ancestor
//! path; when a sibling combinator stands left of a descendant or child combinator (`h2 +
//! div p`, where an ancestor's bits depend on its earlier siblings), from those ancestors'
//! earlier siblings too (O(elements before the node) for such a selector).

use selectors::matching::{self, CompoundSelectorMatchingResult, MatchingContext};
use selectors::parser::{Combinator, Component, Selector};

use crate::dom::{Document, ElementData, NodeData, NodeId};

use super::Key;
use super::element::El;
use super::types::Impl;

/// The most compounds a chain may have: one bit each in a `u64`. A longer selector is matched
/// per element by `selectors`.
const MAX_COMPOUNDS: usize = 64;

/// How the query matches one complex selector of the list.
#[derive(Clone)]
pub(crate) enum Plan {
    /// In the walk, compound by compound.
    Chain(Chain),
    /// Per element, by `selectors` (a selector of one compound, whose matching looks at no
    /// other element but through pseudo-classes; or one longer than [`MAX_COMPOUNDS`]).
    Element,
    /// No element matches (a selector with a pseudo-element).
    Never,
}

/// A complex selector cut into its compounds, left to right.
#[derive(Clone)]
pub(crate) struct Chain {
    compounds: Box<[Compound]>,
    /// By bit `j`: the combinator before compound `j` is a descendant (`desc`), child, next-
    /// sibling or later-sibling one.
    desc: u64,
    child: u64,
    next: u64,
    later: u64,
}

#[derive(Clone)]
struct Compound {
    /// Where the compound starts in the selector (parse order, as `selectors` counts).
    offset: usize,
    /// What an element must have to match it.
    filter: Filter,
}

/// What an element must have to match a compound, checked before `selectors` is asked: every
/// type, id and class selector of the compound, and for each `:is()` / `:where()` of
/// compounds that each have a key (`:is(article, main)`), one of their keys. `exact` when
/// the compound is nothing more (`div.content`): then the filter is the answer.
#[derive(Clone)]
struct Filter {
    /// The compound's key ([`Key::of_compound`]: its type selector, else an id, else a
    /// class), checked first.
    first: Key,
    all: Box<[Key]>,
    any: Box<[Box<[Key]>]>,
    exact: bool,
}

impl Filter {
    /// The filter of the compound whose components `components` begins with (up to the next
    /// combinator).
    fn of<'s>(components: impl Iterator<Item = &'s Component<Impl>>) -> Filter {
        let (mut all, mut any, mut exact) = (Vec::new(), Vec::new(), true);
        for component in components {
            match component {
                Component::Combinator(_) => break,
                Component::LocalName(_) | Component::ID(_) | Component::Class(_) => {
                    all.push(Key::of_compound(std::iter::once(component)));
                }
                Component::ExplicitUniversalType | Component::ExplicitAnyNamespace => {}
                Component::Is(list) | Component::Where(list) => {
                    exact = false;
                    let keys = list
                        .slice()
                        .iter()
                        .map(|item| {
                            let compound = !item
                                .iter_raw_match_order()
                                .any(|c| matches!(c, Component::Combinator(_)));
                            let key = Key::of(item);
                            (compound && !matches!(key, Key::Any)).then_some(key)
                        })
                        .collect::<Option<Box<[Key]>>>();
                    any.extend(keys);
                }
                _ => exact = false,
            }
        }
        let first = all.first().cloned().unwrap_or(Key::Any);
        Filter {
            first,
            all: all.into(),
            any: any.into(),
            exact,
        }
    }

    #[inline(always)]
    fn admits(&self, e: &ElementData<'_>, case: selectors::attr::CaseSensitivity) -> bool {
        self.first.admits(e, case) && self.rest_admits(e, case)
    }

    fn rest_admits(&self, e: &ElementData<'_>, case: selectors::attr::CaseSensitivity) -> bool {
        self.all.iter().skip(1).all(|k| k.admits(e, case))
            && self.any.iter().all(|g| g.iter().any(|k| k.admits(e, case)))
    }
}

impl Plan {
    /// The plan of `selector`, whose key (of its rightmost compound) is `key`.
    pub(crate) fn of(selector: &Selector<Impl>, key: &Key) -> Plan {
        if matches!(key, Key::Never) {
            return Plan::Never;
        }
        let mut compounds = vec![Compound {
            offset: 0,
            filter: Filter::of(selector.iter_raw_parse_order_from(0)),
        }];
        let (mut desc, mut child, mut next, mut later) = (0, 0, 0, 0);
        for (i, component) in selector.iter_raw_parse_order_from(0).enumerate() {
            let Component::Combinator(c) = component else {
                continue;
            };
            let j = compounds.len();
            if j >= MAX_COMPOUNDS {
                return Plan::Element;
            }
            let bit = 1_u64 << j;
            match c {
                Combinator::Descendant => desc |= bit,
                Combinator::Child => child |= bit,
                Combinator::NextSibling => next |= bit,
                Combinator::LaterSibling => later |= bit,
                // Pseudo-elements, `::slotted()`, `::part()`: never here (no element matches
                // a selector with a pseudo-element), matched by `selectors` if they were.
                _ => return Plan::Element,
            }
            compounds.push(Compound {
                offset: i + 1,
                filter: Filter::of(selector.iter_raw_parse_order_from(i + 1)),
            });
        }
        if compounds.len() == 1 {
            return Plan::Element;
        }
        Plan::Chain(Chain {
            compounds: compounds.into(),
            desc,
            child,
            next,
            later,
        })
    }
}

impl Chain {
    /// Whether the chain has a sibling combinator: then it is computed for every element in
    /// the walk ([`Frame`]); without one, on demand, from the rightmost compound ([`Memo`]).
    fn has_siblings(&self) -> bool {
        self.next | self.later != 0
    }

    /// Whether an ancestor's bits depend on its earlier siblings: a sibling combinator left
    /// of a descendant or child one.
    fn ancestors_need_siblings(&self) -> bool {
        let down = self.desc | self.child;
        let sideways = self.next | self.later;
        // The lowest sibling bit is below the highest downward one.
        sideways != 0 && down != 0 && sideways.trailing_zeros() < 63 - down.leading_zeros()
    }

    /// Whether `x` matches compound `j`: its filter, then `selectors` unless the filter is
    /// the whole compound.
    #[inline]
    fn compound(
        &self,
        selector: &Selector<Impl>,
        j: usize,
        x: &Visit<'_, '_, '_>,
        context: &mut MatchingContext<'_, Impl>,
    ) -> bool {
        let compound = &self.compounds[j];
        compound.filter.admits(x.data, x.case)
            && (compound.filter.exact
                || !matches!(
                    matching::matches_compound_selector_from(
                        selector,
                        compound.offset,
                        context,
                        El(x.doc.get(x.id)),
                    ),
                    CompoundSelectorMatchingResult::NotMatched
                ))
    }

    /// The bits `M` of `x` (see the module docs), from the four sets `around` gives.
    #[inline]
    fn bits(
        &self,
        selector: &Selector<Impl>,
        around: Around,
        x: &Visit<'_, '_, '_>,
        context: &mut MatchingContext<'_, Impl>,
    ) -> u64 {
        // The compounds whose combinator's condition holds: bit j when bit j-1 is set in the
        // relevant set.
        let reachable = 1
            | (((around.ancestors | around.parent) << 1) & self.desc)
            | ((around.parent << 1) & self.child)
            | ((around.previous << 1) & self.next)
            | ((around.earlier << 1) & self.later);
        let mut m = 0;
        let mut todo = reachable & (u64::MAX >> (64 - self.compounds.len()));
        while todo != 0 {
            let j = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if self.compound(selector, j, x, context) {
                m |= 1 << j;
            }
        }
        m
    }

    /// The bit of the last compound: the element matches the selector.
    fn last(&self) -> u64 {
        1 << (self.compounds.len() - 1)
    }

    /// `M[j]` of the element of memo `f` (of `memos`, this chain's memos, one per open
    /// element, the topmost element first), computed on demand and kept: its compound `j`,
    /// then the combinator's condition (the parent's `M[j-1]`, or an ancestor's). Recurses
    /// over `j` only (at most twice the compounds deep), never over the tree.
    fn memo_m(
        &self,
        selector: &Selector<Impl>,
        at: &mut MemoAt<'_, '_, '_, '_>,
        f: usize,
        j: usize,
    ) -> bool {
        let bit = 1_u64 << j;
        let memo = at.get(f);
        if memo.known & bit != 0 {
            return memo.m & bit != 0;
        }
        let id = memo.id;
        let doc = at.doc;
        let NodeData::Element(data) = &doc.node(id).data else {
            unreachable!("memos are kept for elements")
        };
        let x = Visit {
            doc,
            id,
            data,
            case: at.case,
        };
        let value = self.compound(selector, j, &x, at.context)
            && (j == 0
                || if self.child & bit != 0 {
                    f > 0 && self.memo_m(selector, at, f - 1, j - 1)
                } else {
                    self.memo_ancestors(selector, at, f, j - 1)
                });
        let memo = at.get_mut(f);
        memo.known |= bit;
        if value {
            memo.m |= bit;
        }
        value
    }

    /// Whether a proper ancestor of the element of memo `f` has `M[j]`: up the memos until
    /// one has it or one's answer is known, which then is every visited memo's (each memo's
    /// answer is computed once).
    fn memo_ancestors(
        &self,
        selector: &Selector<Impl>,
        at: &mut MemoAt<'_, '_, '_, '_>,
        f: usize,
        j: usize,
    ) -> bool {
        let bit = 1_u64 << j;
        let mut g = f;
        let value = loop {
            let memo = at.get(g);
            if memo.ancestors_known & bit != 0 {
                break memo.ancestors & bit != 0;
            }
            if g == 0 {
                // The topmost element: its parent is no element.
                break false;
            }
            if self.memo_m(selector, at, g - 1, j) {
                break true;
            }
            g -= 1;
        };
        for h in g..=f {
            let memo = at.get_mut(h);
            memo.ancestors_known |= bit;
            if value {
                memo.ancestors |= bit;
            }
        }
        value
    }
}

/// The four sets of bits an element's bits follow from, for one chain.
#[derive(Clone, Copy, Default)]
struct Around {
    parent: u64,
    ancestors: u64,
    previous: u64,
    earlier: u64,
}

/// The element being matched.
struct Visit<'x, 'd, 'a> {
    doc: &'d Document<'a>,
    id: NodeId,
    data: &'x ElementData<'a>,
    case: selectors::attr::CaseSensitivity,
}

/// What the walk keeps for an open element (an ancestor of the next node, or the query's
/// root), per chain with a sibling combinator: its bits, its ancestors' union, and, for its
/// children, the previous element child's bits and the union of the earlier ones.
#[derive(Clone, Copy, Default)]
struct Frame {
    own: u64,
    ancestors: u64,
    previous: u64,
    earlier: u64,
}

impl Frame {
    /// The sets a child of this element sees.
    fn around_child(self) -> Around {
        Around {
            parent: self.own,
            ancestors: self.ancestors | self.own,
            previous: self.previous,
            earlier: self.earlier,
        }
    }

    /// The frame of a child whose bits are `own`.
    fn child(self, own: u64) -> Frame {
        Frame {
            own,
            ancestors: self.ancestors | self.own,
            previous: 0,
            earlier: 0,
        }
    }

    /// A child whose bits are `own` is done: its next element sibling sees it.
    fn after_child(&mut self, own: u64) {
        self.previous = own;
        self.earlier |= own;
    }
}

/// What the walk keeps for an open element (the element being matched, its ancestors, up to
/// the top of the tree), per chain without a sibling combinator: which of its bits `M` are
/// known and their values, and which of "a proper ancestor has `M[j]`" are known and theirs.
/// Asked from the rightmost compound leftwards, as `selectors` matches, but each answer is
/// kept for the element's whole subtree: an ancestor is looked at once per query, not once
/// per descendant.
#[derive(Clone, Copy)]
struct Memo {
    id: NodeId,
    known: u64,
    m: u64,
    ancestors_known: u64,
    ancestors: u64,
}

impl Memo {
    fn new(id: NodeId) -> Memo {
        Memo {
            id,
            known: 0,
            m: 0,
            ancestors_known: 0,
            ancestors: 0,
        }
    }
}

/// One chain's memos in the walk's stack (`memos[depth * lazy + chain]`), with what
/// computing them needs.
struct MemoAt<'m, 'd, 'a, 'c> {
    memos: &'m mut [Memo],
    lazy: usize,
    chain: usize,
    doc: &'d Document<'a>,
    case: selectors::attr::CaseSensitivity,
    context: &'m mut MatchingContext<'c, Impl>,
}

impl MemoAt<'_, '_, '_, '_> {
    fn get(&self, f: usize) -> Memo {
        self.memos[f * self.lazy + self.chain]
    }

    fn get_mut(&mut self, f: usize) -> &mut Memo {
        &mut self.memos[f * self.lazy + self.chain]
    }
}

/// The walk of one query over the descendants of its root, in tree order (template contents
/// not entered: they are not children).
pub(crate) struct Walk {
    root: NodeId,
    /// The next node to visit.
    next: Option<NodeId>,
    /// One frame per chain with a sibling combinator for each open element, the root's
    /// first: `frames[depth * eager + c]`.
    frames: Vec<Frame>,
    /// One memo per other chain for each open element from the top of the tree (the
    /// element being visited last): `memos[depth * lazy + c]`.
    memos: Vec<Memo>,
    /// The bits of the element being visited, per chain with a sibling combinator.
    scratch: Vec<u64>,
}

/// The selectors of a query, their keys and plans.
pub(crate) struct Query<'s> {
    selectors: &'s [Selector<Impl>],
    keys: &'s [Key],
    /// The chains with a sibling combinator (in the order of their frames), the others (in
    /// the order of their memos), and the selectors matched per element, by index into
    /// `selectors`.
    eager: Vec<(usize, &'s Chain)>,
    lazy: Vec<(usize, &'s Chain)>,
    elements: Vec<usize>,
}

impl<'s> Query<'s> {
    pub(crate) fn new(selectors: &'s [Selector<Impl>], keys: &'s [Key], plans: &'s [Plan]) -> Self {
        let (mut eager, mut lazy, mut elements) = (Vec::new(), Vec::new(), Vec::new());
        for (i, plan) in plans.iter().enumerate() {
            match plan {
                Plan::Chain(c) if c.has_siblings() => eager.push((i, c)),
                Plan::Chain(c) => lazy.push((i, c)),
                Plan::Element => elements.push(i),
                Plan::Never => {}
            }
        }
        Query {
            selectors,
            keys,
            eager,
            lazy,
            elements,
        }
    }

    /// The bits of element `x` for every chain with a sibling combinator into `out`, given
    /// its parent's frames (`parent`); whether `x` matches one of them.
    fn eager(
        &self,
        x: &Visit<'_, '_, '_>,
        parent: &[Frame],
        out: &mut [u64],
        context: &mut MatchingContext<'_, Impl>,
    ) -> bool {
        let mut matched = false;
        for ((&(i, chain), frame), bits) in self.eager.iter().zip(parent).zip(out.iter_mut()) {
            *bits = chain.bits(&self.selectors[i], frame.around_child(), x, context);
            matched |= *bits & chain.last() != 0;
        }
        matched
    }

    /// Whether a chain without a sibling combinator may match `x` (its rightmost compound's
    /// filter admits it): then `x` needs its memos even without children.
    fn lazy_admits(&self, x: &Visit<'_, '_, '_>) -> bool {
        self.lazy.iter().any(|(_, chain)| {
            chain.compounds[chain.compounds.len() - 1]
                .filter
                .admits(x.data, x.case)
        })
    }

    /// Whether `x`, whose frames and memos are in place (its memos the last, when it has
    /// children or [`lazy_admits`](Self::lazy_admits) it), matches a selector of the query.
    fn matches(
        &self,
        x: &Visit<'_, '_, '_>,
        parent: &[Frame],
        out: &mut [u64],
        memos: &mut [Memo],
        context: &mut MatchingContext<'_, Impl>,
    ) -> bool {
        // The eager chains first: their bits are needed whatever the answer.
        if !self.eager.is_empty() && self.eager(x, parent, out, context) {
            return true;
        }
        let lazy = self.lazy.len();
        for (c, &(i, chain)) in self.lazy.iter().enumerate() {
            let last = chain.compounds.len() - 1;
            // Most elements fail the rightmost compound's filter: no memo is read.
            if !chain.compounds[last].filter.admits(x.data, x.case) {
                continue;
            }
            let top = memos.len() / lazy - 1;
            let mut at = MemoAt {
                memos: &mut *memos,
                lazy,
                chain: c,
                doc: x.doc,
                case: x.case,
                context: &mut *context,
            };
            if chain.memo_m(&self.selectors[i], &mut at, top, last) {
                return true;
            }
        }
        self.elements.iter().any(|&i| {
            self.keys[i].admits(x.data, x.case)
                && matching::matches_selector(
                    &self.selectors[i],
                    0,
                    None,
                    El(x.doc.get(x.id)),
                    context,
                )
        })
    }
}

impl Walk {
    /// The walk of the descendants of `root`, with the frames and memos of `root` and its
    /// ancestors (see the module docs).
    pub(crate) fn new(
        query: &Query<'_>,
        doc: &Document<'_>,
        root: NodeId,
        context: &mut MatchingContext<'_, Impl>,
    ) -> Walk {
        let (eager, lazy) = (query.eager.len(), query.lazy.len());
        let case = context.classes_and_ids_case_sensitivity();
        // The elements from the top of the tree down to the root, the root last.
        let mut path = Vec::new();
        let mut cur = Some(root);
        while let Some(id) = cur {
            if !matches!(doc.node(id).data, NodeData::Element(_)) {
                break;
            }
            path.push(id);
            cur = doc.node(id).parent();
        }
        path.reverse();
        let siblings = query.eager.iter().any(|(_, c)| c.ancestors_need_siblings());
        let mut frames = vec![Frame::default(); eager];
        let mut memos = Vec::with_capacity(path.len() * lazy);
        let mut scratch = vec![0; eager];
        for &id in &path {
            memos.extend(std::iter::repeat_n(Memo::new(id), lazy));
            if eager == 0 {
                continue;
            }
            let parent = frames.clone();
            let mut run = parent.clone();
            if siblings && let Some(p) = doc.node(id).parent() {
                let mut s = doc.node(p).first_child();
                while let Some(sid) = s
                    && sid != id
                {
                    if let NodeData::Element(data) = &doc.node(sid).data {
                        let x = Visit {
                            doc,
                            id: sid,
                            data,
                            case,
                        };
                        query.eager(&x, &run, &mut scratch, context);
                        for (f, &own) in run.iter_mut().zip(&scratch) {
                            f.after_child(own);
                        }
                    }
                    s = doc.node(sid).next_sibling();
                }
            }
            if let NodeData::Element(data) = &doc.node(id).data {
                let x = Visit {
                    doc,
                    id,
                    data,
                    case,
                };
                query.eager(&x, &run, &mut scratch, context);
            }
            for ((f, p), &own) in frames.iter_mut().zip(&parent).zip(&scratch) {
                *f = p.child(own);
            }
        }
        Walk {
            root,
            next: doc.node(root).first_child(),
            frames,
            memos,
            scratch,
        }
    }

    /// The next element of the walk that matches a selector of `query`.
    pub(crate) fn next_match(
        &mut self,
        query: &Query<'_>,
        doc: &Document<'_>,
        context: &mut MatchingContext<'_, Impl>,
    ) -> Option<NodeId> {
        let (eager, lazy) = (query.eager.len(), query.lazy.len());
        let case = context.classes_and_ids_case_sensitivity();
        while let Some(id) = self.next {
            let record = doc.node(id);
            let top = self.frames.len() - eager;
            let mut matched = false;
            let children = record.first_child();
            let mut memo = false;
            let element = if let NodeData::Element(data) = &record.data {
                let x = Visit {
                    doc,
                    id,
                    data,
                    case,
                };
                // An element's memos are read by its descendants, or for itself when a
                // chain may match it: a leaf that no chain can match needs none.
                memo = lazy > 0 && (children.is_some() || query.lazy_admits(&x));
                if memo {
                    self.memos.extend(std::iter::repeat_n(Memo::new(id), lazy));
                }
                matched = query.matches(
                    &x,
                    &self.frames[top..],
                    &mut self.scratch,
                    &mut self.memos,
                    context,
                );
                true
            } else {
                false
            };
            match children.filter(|_| element) {
                Some(child) => {
                    for c in 0..eager {
                        let frame = self.frames[top + c].child(self.scratch[c]);
                        self.frames.push(frame);
                    }
                    self.next = Some(child);
                }
                None => {
                    if element {
                        for c in 0..eager {
                            self.frames[top + c].after_child(self.scratch[c]);
                        }
                    }
                    if memo {
                        self.memos.truncate(self.memos.len() - lazy);
                    }
                    self.next = self.following(doc, id, eager, lazy);
                }
            }
            if matched {
                return Some(id);
            }
        }
        None
    }

    /// The node after `n`, a node with no children to enter, in tree order among the
    /// descendants of the root, closing the frames and memos of the elements left on the
    /// way up.
    fn following(
        &mut self,
        doc: &Document<'_>,
        n: NodeId,
        eager: usize,
        lazy: usize,
    ) -> Option<NodeId> {
        let mut cur = n;
        loop {
            let record = doc.node(cur);
            if let Some(sibling) = record.next_sibling() {
                return Some(sibling);
            }
            let parent = record.parent()?;
            if parent == self.root {
                return None;
            }
            // The parent is done: its frames and memos go, and its next sibling sees its
            // bits.
            self.memos.truncate(self.memos.len() - lazy);
            let top = self.frames.len() - eager;
            for (bits, frame) in self.scratch.iter_mut().zip(&self.frames[top..]) {
                *bits = frame.own;
            }
            self.frames.truncate(top);
            let top = self.frames.len() - eager;
            for (c, &own) in self.scratch.iter().enumerate() {
                self.frames[top + c].after_child(own);
            }
            cur = parent;
        }
    }
}
