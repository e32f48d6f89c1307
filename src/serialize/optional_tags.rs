//! Which start and end tags the serialiser leaves out: the HTML Standard's optional-tag rules
//! (13.1.2.4, "Optional tags") for [`OptionalTags::Omit`], and for [`OptionalTags::OmitSafe`]
//! those rules with the conditions under which the parser, reading the output, closes and opens
//! the elements where the tree has them (13.2.6).
//!
//! The rules read the tree, not a token stream: "the first thing inside" an element is its
//! first child, "immediately followed by" is about its next sibling, "no more content in the
//! parent element" means it is the last child. Empty Text nodes are passed over (they write
//! nothing). A processing instruction counts as a comment: the parser treats the two alike
//! (13.2.6, every insertion mode). Only HTML elements have optional tags, and a start tag with
//! attributes is never left out.
//!
//! The safe conditions compare the parser in two states: after the element's end tag is
//! written (the 13.3 output), and with the element and the elements whose end tags were left
//! out at the end of it (the *pending* chain) still open. The next token must leave both the
//! same: close exactly the pending elements. The stack of open elements is modelled by the
//! element's ancestors in the output (outside the output nothing is assumed: a `select`
//! around a serialised fragment is not "in scope").

use super::html::OptionalTags;
use crate::dom::{Document, ElementData, NodeData, NodeId};
use crate::markup::Namespace;
use crate::markup::{
    HEAD_CONTENT, TABLE_STRUCTURE, Tag, in_body_block_end_tag, may_be_custom_element_name,
};

/// What begins an element's contents or follows an element, as the rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Thing {
    /// Nothing: the element is empty, or the last child of its parent (or of the output).
    Nothing,
    /// A Text node; `ws`: its data starts with ASCII whitespace.
    Text {
        /// Whether the data starts with ASCII whitespace.
        ws: bool,
    },
    /// A comment or a processing instruction.
    Comment,
    /// An element.
    Element(Namespace, Tag),
    /// A doctype out of place (no tree the parser builds has one there).
    Other,
}

impl Thing {
    fn is_html(self, tags: &[Tag]) -> bool {
        matches!(self, Thing::Element(Namespace::Html, t) if tags.contains(&t))
    }
}

/// `n`, or the first sibling after it that is not an empty Text node.
pub(super) fn significant(doc: &Document<'_>, mut n: Option<NodeId>) -> Option<NodeId> {
    while let Some(id) = n {
        match doc.data(id) {
            NodeData::Text("") => n = doc.next_sibling(id),
            _ => return Some(id),
        }
    }
    None
}

/// The rules' view of node `n` (`None`: nothing).
pub(super) fn thing(doc: &Document<'_>, n: Option<NodeId>) -> Thing {
    let Some(n) = n else {
        return Thing::Nothing;
    };
    match doc.data(n) {
        NodeData::Element(e) => Thing::Element(e.ns, e.tag),
        NodeData::Text(t) => Thing::Text {
            ws: t
                .as_bytes()
                .first()
                .is_some_and(|&b| matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')),
        },
        NodeData::Comment(_) | NodeData::ProcessingInstruction(_) => Thing::Comment,
        _ => Thing::Other,
    }
}

fn html_is(e: &ElementData<'_>, tags: &[Tag]) -> bool {
    e.ns == Namespace::Html && tags.contains(&e.tag)
}

/// What a start-tag rule looks at.
pub(super) struct Start<'x, 'a> {
    /// The first thing inside the element.
    pub first: Thing,
    /// The immediately preceding sibling, when its end tag was left out.
    pub prev_end_omitted: Option<&'x ElementData<'a>>,
    /// The parent element in the markup (for the top of the output: the element whose
    /// children are serialised, if any).
    pub parent: Option<&'x ElementData<'a>>,
}

/// Whether element `e`'s start tag is left out.
pub(super) fn omit_start(mode: OptionalTags, e: &ElementData<'_>, s: &Start<'_, '_>) -> bool {
    if mode == OptionalTags::Keep || e.ns != Namespace::Html || !e.attrs().is_empty() {
        return false;
    }
    let safe = mode == OptionalTags::OmitSafe;
    let parent_is_table = || s.parent.is_some_and(|p| html_is(p, &[Tag::Table]));
    match e.tag {
        // "An html element's start tag can be omitted if the first thing inside the html
        // element is not a comment."
        Tag::Html => !matches!(s.first, Thing::Comment | Thing::Other),
        // "A head element's start tag can be omitted if the element is empty, or if the first
        // thing inside the head element is an element."
        Tag::Head => matches!(s.first, Thing::Nothing | Thing::Element(..)),
        // "A body element's start tag can be omitted if the element is empty, or if the first
        // thing inside the body element is not ASCII whitespace or a comment, except if the
        // first thing inside the body element is a meta, noscript, link, script, style, or
        // template element." Safe: none of the elements the "in head" and "after head" rules
        // put in the head (base, basefont, bgsound, noframes, title too).
        Tag::Body => match s.first {
            Thing::Nothing | Thing::Text { ws: false } => true,
            Thing::Element(Namespace::Html, t) => {
                let excepted = matches!(
                    t,
                    Tag::Meta
                        | Tag::Noscript
                        | Tag::Link
                        | Tag::Script
                        | Tag::Style
                        | Tag::Template
                );
                let head_content = safe && t.is_in(HEAD_CONTENT);
                !excepted && !head_content
            }
            Thing::Element(..) => true,
            Thing::Text { ws: true } | Thing::Comment | Thing::Other => false,
        },
        // "A colgroup element's start tag can be omitted if the first thing inside the colgroup
        // element is a col element, and if the element is not immediately preceded by another
        // colgroup element whose end tag has been omitted. (It can't be omitted if the element
        // is empty.)" Safe: in a table (a template's `<col>` implies no colgroup).
        Tag::Colgroup => {
            s.first.is_html(&[Tag::Col])
                && !s
                    .prev_end_omitted
                    .is_some_and(|p| html_is(p, &[Tag::Colgroup]))
                && (!safe || parent_is_table())
        }
        // "A tbody element's start tag can be omitted if the first thing inside the tbody
        // element is a tr element, and if the element is not immediately preceded by a tbody,
        // thead, or tfoot element whose end tag has been omitted. (It can't be omitted if the
        // element is empty.)" Safe: in a table.
        Tag::Tbody => {
            s.first.is_html(&[Tag::Tr])
                && !s
                    .prev_end_omitted
                    .is_some_and(|p| html_is(p, &[Tag::Tbody, Tag::Thead, Tag::Tfoot]))
                && (!safe || parent_is_table())
        }
        _ => false,
    }
}

/// What an end-tag rule looks at.
pub(super) struct End<'x> {
    /// What follows the element.
    pub next: Thing,
    /// The parent element in the markup (for the top of the output: the element whose
    /// children are serialised, if any).
    pub parent: Option<NodeId>,
    /// The element's ancestors in the output, outermost first (empty at the top of the
    /// output, where the end of the parent is the end of the input).
    pub open: &'x [NodeId],
    /// The element whose children are serialised (its insertion mode is the fragment's).
    pub context: Option<NodeId>,
    /// The elements inside it whose end tags were left out and that the parser still has
    /// open, outermost first.
    pub pending: &'x [NodeId],
    /// Whether the document is in quirks mode (where `<table>` does not close a `p`).
    pub quirks: bool,
}

/// The start tags a `p` element's end tag may be left out before.
const P_CLOSERS: &[Tag] = &[
    Tag::Address,
    Tag::Article,
    Tag::Aside,
    Tag::Blockquote,
    Tag::Details,
    Tag::Dialog,
    Tag::Div,
    Tag::Dl,
    Tag::Fieldset,
    Tag::Figcaption,
    Tag::Figure,
    Tag::Footer,
    Tag::Form,
    Tag::H1,
    Tag::H2,
    Tag::H3,
    Tag::H4,
    Tag::H5,
    Tag::H6,
    Tag::Header,
    Tag::Hgroup,
    Tag::Hr,
    Tag::Main,
    Tag::Menu,
    Tag::Nav,
    Tag::Ol,
    Tag::P,
    Tag::Pre,
    Tag::Search,
    Tag::Section,
    Tag::Table,
    Tag::Ul,
];

/// Whether element `el`'s end tag is left out.
pub(super) fn omit_end(doc: &Document<'_>, mode: OptionalTags, el: NodeId, c: &End<'_>) -> bool {
    let Some(e) = doc.element(el) else {
        return false;
    };
    if mode == OptionalTags::Keep || e.ns != Namespace::Html {
        return false;
    }
    let safe = mode == OptionalTags::OmitSafe;
    let next = c.next;
    let at_end = next == Thing::Nothing;
    let not_ws_or_comment = !matches!(
        next,
        Thing::Comment | Thing::Other | Thing::Text { ws: true }
    );
    let pending = || c.pending.iter().filter_map(|&n| doc.element(n));
    // The end of the parent: in safe mode, the parent's end tag (written: if it is left out
    // too, its own rule sees this element in its pending chain) or the end of the output.
    let parent_closes = || !safe || closes_at_end(doc, el, c);
    // "li"/"dd"/"dt" start tags close the element when the walk down the stack from the
    // current node reaches it through nodes that are not special (address, div and p aside).
    let list_chain = || pending().all(|x| !is_special(x) || html_is(x, &[Tag::P]));
    let implied = |except: Option<Tag>| {
        pending().all(|x| {
            x.ns == Namespace::Html && x.tag.has_implied_end_tag() && Some(x.tag) != except
        })
    };
    let select_in_scope = || in_scope(doc, el, c, Tag::Select);
    match e.tag {
        // "An html element's end tag can be omitted if the html element is not immediately
        // followed by a comment." "A body element's end tag can be omitted if the body element
        // is not immediately followed by a comment."
        Tag::Html | Tag::Body => !matches!(next, Thing::Comment | Thing::Other),
        // "A head element's end tag can be omitted if the head element is not immediately
        // followed by ASCII whitespace or a comment."
        Tag::Head => not_ws_or_comment,
        // "An li element's end tag can be omitted if the li element is immediately followed by
        // another li element or if there is no more content in the parent element."
        Tag::Li => {
            if next.is_html(&[Tag::Li]) {
                !safe || list_chain()
            } else {
                at_end && parent_closes()
            }
        }
        // "A dt element's end tag can be omitted if the dt element is immediately followed by
        // another dt element or a dd element."
        Tag::Dt => next.is_html(&[Tag::Dt, Tag::Dd]) && (!safe || list_chain()),
        // "A dd element's end tag can be omitted if the dd element is immediately followed by
        // another dd element or a dt element, or if there is no more content in the parent
        // element."
        Tag::Dd => {
            if next.is_html(&[Tag::Dd, Tag::Dt]) {
                !safe || list_chain()
            } else {
                at_end && parent_closes()
            }
        }
        // "A p element's end tag can be omitted if the p element is immediately followed by an
        // address, article, aside, blockquote, details, dialog, div, dl, fieldset, figcaption,
        // figure, footer, form, h1, h2, h3, h4, h5, h6, header, hgroup, hr, main, menu, nav,
        // ol, p, pre, search, section, table, or ul element, or if there is no more content in
        // the parent element and the parent element is an HTML element that is not an a,
        // audio, del, ins, map, noscript, or video element, or an autonomous custom element."
        Tag::P => {
            if next.is_html(P_CLOSERS) {
                // "Close a p element" pops everything above the p it finds in button scope;
                // `<table>` closes none in quirks mode, and the table modes' own rules for
                // `<form>` and `<table>` none at all.
                let stops = pending().any(|x| is_scope_boundary(x) || html_is(x, &[Tag::Button]));
                let quirks_table = c.quirks && next.is_html(&[Tag::Table]);
                let table_mode = next.is_html(&[Tag::Form, Tag::Table]) && in_table_mode(doc, c);
                !safe || !(stops || quirks_table || table_mode)
            } else {
                at_end && p_parent_allows(doc, c.parent) && parent_closes()
            }
        }
        // "An rt element's end tag can be omitted if the rt element is immediately followed by
        // an rt or rp element, or if there is no more content in the parent element." (rp
        // alike.) Safe: an rt or rp start tag closes it only with a ruby in scope.
        Tag::Rt | Tag::Rp => {
            if next.is_html(&[Tag::Rt, Tag::Rp]) {
                !safe || (in_scope(doc, el, c, Tag::Ruby) && implied(Some(Tag::Rtc)))
            } else {
                at_end && parent_closes()
            }
        }
        // "An optgroup element's end tag can be omitted if the optgroup element is immediately
        // followed by another optgroup element, if it is immediately followed by an hr element,
        // or if there is no more content in the parent element." Safe: those start tags close
        // it only inside a select.
        Tag::Optgroup => {
            if next.is_html(&[Tag::Optgroup, Tag::Hr]) {
                !safe || (select_in_scope() && implied(None))
            } else {
                at_end && parent_closes()
            }
        }
        // "An option element's end tag can be omitted if the option element is immediately
        // followed by another option element, if it is immediately followed by an optgroup
        // element, if it is immediately followed by an hr element, or if there is no more
        // content in the parent element." Safe: outside a select, an option or optgroup start
        // tag closes only an option that is the current node, and hr none.
        Tag::Option => {
            if next.is_html(&[Tag::Option, Tag::Optgroup]) {
                let except = next.is_html(&[Tag::Option]).then_some(Tag::Optgroup);
                !safe
                    || if select_in_scope() {
                        implied(except)
                    } else {
                        c.pending.is_empty()
                    }
            } else if next.is_html(&[Tag::Hr]) {
                !safe || (select_in_scope() && implied(None))
            } else {
                at_end && parent_closes()
            }
        }
        // "A colgroup element's end tag can be omitted if the colgroup element is not
        // immediately followed by ASCII whitespace or a comment." Safe: not before a template
        // (the "in column group" rules put it inside).
        Tag::Colgroup => {
            not_ws_or_comment
                && (!safe
                    || if at_end {
                        parent_closes()
                    } else {
                        !next.is_html(&[Tag::Template])
                    })
        }
        // "A caption element's end tag can be omitted if the caption element is not
        // immediately followed by ASCII whitespace or a comment." Safe: only the table
        // structure start tags close it ("in caption").
        Tag::Caption => {
            not_ws_or_comment
                && (!safe
                    || if at_end {
                        parent_closes()
                    } else {
                        matches!(next, Thing::Element(Namespace::Html, t) if t.is_in(TABLE_STRUCTURE))
                    })
        }
        // "A thead element's end tag can be omitted if the thead element is immediately
        // followed by a tbody or tfoot element."
        Tag::Thead => next.is_html(&[Tag::Tbody, Tag::Tfoot]),
        // "A tbody element's end tag can be omitted if the tbody element is immediately
        // followed by a tbody or tfoot element, or if there is no more content in the parent
        // element."
        Tag::Tbody => next.is_html(&[Tag::Tbody, Tag::Tfoot]) || (at_end && parent_closes()),
        // "A tfoot element's end tag can be omitted if there is no more content in the parent
        // element."
        Tag::Tfoot => at_end && parent_closes(),
        // "A tr element's end tag can be omitted if the tr element is immediately followed by
        // another tr element, or if there is no more content in the parent element."
        Tag::Tr => next.is_html(&[Tag::Tr]) || (at_end && parent_closes()),
        // "A td element's end tag can be omitted if the td element is immediately followed by a
        // td or th element, or if there is no more content in the parent element." (th alike.)
        Tag::Td | Tag::Th => next.is_html(&[Tag::Td, Tag::Th]) || (at_end && parent_closes()),
        _ => false,
    }
}

/// The `p` rule's condition on the parent: an HTML element that is not an a, audio, del, ins,
/// map, noscript or video element, or an autonomous custom element.
fn p_parent_allows(doc: &Document<'_>, parent: Option<NodeId>) -> bool {
    parent.and_then(|p| doc.element(p)).is_some_and(|p| {
        p.ns == Namespace::Html
            && !matches!(
                p.name(),
                "a" | "audio" | "del" | "ins" | "map" | "noscript" | "video"
            )
            && !may_be_custom_element_name(p.name())
    })
}

/// The special category (13.2.4.2).
fn is_special(e: &ElementData<'_>) -> bool {
    match e.ns {
        Namespace::Html => e.tag.is_special_html(),
        Namespace::MathMl => matches!(
            e.tag,
            Tag::Mi | Tag::Mo | Tag::Mn | Tag::Ms | Tag::Mtext | Tag::AnnotationXml
        ),
        Namespace::Svg => matches!(e.tag, Tag::ForeignObject | Tag::Desc | Tag::Title),
    }
}

/// The elements that end the default scope ("has an element in scope", 13.2.4.2; `select`
/// since the 2025 customizable select).
fn is_scope_boundary(e: &ElementData<'_>) -> bool {
    match e.ns {
        Namespace::Html => matches!(
            e.tag,
            Tag::Applet
                | Tag::Caption
                | Tag::Html
                | Tag::Table
                | Tag::Td
                | Tag::Th
                | Tag::Marquee
                | Tag::Object
                | Tag::Select
                | Tag::Template
        ),
        _ => is_special(e),
    }
}

/// Whether an HTML element `target` is in the default scope with `el` and its pending chain
/// open above the ancestors in the output.
fn in_scope(doc: &Document<'_>, el: NodeId, c: &End<'_>, target: Tag) -> bool {
    let stack = c
        .pending
        .iter()
        .rev()
        .chain(std::iter::once(&el))
        .chain(c.open.iter().rev());
    for &n in stack {
        let Some(x) = doc.element(n) else { continue };
        if html_is(x, &[target]) {
            return true;
        }
        if is_scope_boundary(x) {
            return false;
        }
    }
    false
}

/// Whether the parser reads the element's following siblings in a table insertion mode ("in
/// table", "in table body", "in row", "in column group"): inside a table section or a row
/// (not in a cell or caption), or in a template whose first element that the "in head" rules do
/// not take is table structure ("in template" switches to those modes for it, 13.2.6.4.18).
fn in_table_mode(doc: &Document<'_>, c: &End<'_>) -> bool {
    let above = std::iter::successors(c.context, |&n| doc.parent(n));
    for n in c.open.iter().rev().copied().chain(above) {
        let Some(e) = doc.element(n) else { continue };
        if e.ns != Namespace::Html {
            continue;
        }
        match e.tag {
            Tag::Td | Tag::Th | Tag::Caption | Tag::Body | Tag::Html => return false,
            Tag::Table | Tag::Tbody | Tag::Thead | Tag::Tfoot | Tag::Tr | Tag::Colgroup => {
                return true;
            }
            Tag::Template => {
                // The first start tag that the "in head" rules do not take.
                let first = doc.template_contents(n).and_then(|f| {
                    doc.children(f).find_map(|k| {
                        doc.element(k)
                            .filter(|e| !(e.ns == Namespace::Html && e.tag.is_in(HEAD_CONTENT)))
                    })
                });
                return first
                    .is_some_and(|f| f.ns == Namespace::Html && f.tag.is_in(TABLE_STRUCTURE));
            }
            _ => {}
        }
    }
    false
}

/// Safe mode, "no more content in the parent": whether the parent's end tag closes `el` and its
/// pending chain (the end of the output always does).
fn closes_at_end(doc: &Document<'_>, el: NodeId, c: &End<'_>) -> bool {
    let Some(p) = c.open.last().and_then(|&p| doc.element(p)) else {
        return true;
    };
    let full = || {
        std::iter::once(el)
            .chain(c.pending.iter().copied())
            .filter_map(|n| doc.element(n))
    };
    end_tag_closes(p, full)
}

/// Whether the end tag of `p`, with the elements `full` (outermost first) open above it, pops
/// them all and `p` (the "in body" and table rules for end tags, 13.2.6.4).
fn end_tag_closes<'d, 'a: 'd, I>(p: &ElementData<'_>, full: impl Fn() -> I) -> bool
where
    I: Iterator<Item = &'d ElementData<'a>>,
{
    if p.ns != Namespace::Html {
        // A foreign element's end tag after an HTML element goes to the "in body" rules,
        // which stop at the special foreign element.
        return false;
    }
    let none_ends_scope =
        |extra: &[Tag]| !full().any(|x| is_scope_boundary(x) || html_is(x, extra));
    // The end tags pop down to the first element of their name: one left open above would
    // stop them (`<dd><li><dd>`: `</dd>` closes the inner `dd`).
    if !matches!(p.tag, Tag::Template | Tag::Body | Tag::Html)
        && full().any(|x| x.ns == Namespace::Html && x.name() == p.name())
    {
        return false;
    }
    match p.tag {
        // After `</body>` and `</html>` only comments follow, which go to the html element and
        // the Document.
        Tag::Body | Tag::Html => true,
        // `</template>` clears the list of active formatting elements up to one marker: a
        // caption or cell left open would leave its own marker there, and the template's.
        Tag::Template => !full().any(|x| html_is(x, &[Tag::Caption, Tag::Td, Tag::Th])),
        // "Generate implied end tags", then the form is removed from the stack.
        Tag::Form => full().all(|x| x.ns == Namespace::Html && x.tag.has_implied_end_tag()),
        // The table rules close cells, rows and sections (table scope).
        Tag::Table
        | Tag::Tbody
        | Tag::Thead
        | Tag::Tfoot
        | Tag::Tr
        | Tag::Td
        | Tag::Th
        | Tag::Caption => !full().any(|x| html_is(x, &[Tag::Html, Tag::Table, Tag::Template])),
        Tag::Li => none_ends_scope(&[Tag::Ol, Tag::Ul]),
        Tag::P => none_ends_scope(&[Tag::Button]),
        // "Generate implied end tags", then pop up to the element.
        in_body_block_end_tag!()
        | Tag::Dd
        | Tag::Dt
        | Tag::H1
        | Tag::H2
        | Tag::H3
        | Tag::H4
        | Tag::H5
        | Tag::H6
        | Tag::Applet
        | Tag::Marquee
        | Tag::Object => none_ends_scope(&[]),
        // The adoption agency algorithm pops up to the formatting element only when it is
        // still on the stack, which misnested markup (the algorithm run for another element)
        // can undo while the element stays in the tree: the end tag is kept.
        t if t.is_formatting() => false,
        // "Any other end tag": the walk down the stack stops at a special element.
        _ => full().all(|x| !is_special(x)),
    }
}
