//! What the walk reads of an element's attributes ([`WalkAttrs`], gathered in one pass over
//! them) and what they say: hidden or shown (the `hidden` attribute, an inline
//! `display: none`, `aria-hidden`, a hiding class of the CSS frameworks), a panel a reader
//! opens (tabs, accordions, disclosures), a main landmark, and the lists of `class`/`id`
//! pieces they name ([`Names`]).

use std::cell::OnceCell;

use crate::dom::{Document, ElementData, NodeData, NodeId};
use crate::markup::{AttrNamespace, Namespace, Tag, is_ascii_whitespace};

use super::names::Names;
use super::{Kind, kind_of};

/// The attributes the walk reads, gathered in one pass over an element's attributes.
#[derive(Default)]
pub(super) struct WalkAttrs<'a> {
    pub(super) hidden: bool,
    pub(super) style: Option<&'a str>,
    pub(super) aria_hidden: Option<&'a str>,
    pub(super) aria_modal: Option<&'a str>,
    pub(super) aria_expanded: Option<&'a str>,
    pub(super) aria_controls: Option<&'a str>,
    pub(super) role: Option<&'a str>,
    pub(super) class: Option<&'a str>,
    pub(super) id: Option<&'a str>,
    pub(super) rel: Option<&'a str>,
    pub(super) itemprop: Option<&'a str>,
    pub(super) itemtype: Option<&'a str>,
    /// The lists of pieces the `class` and the `id` name, once read
    /// ([`class_names`](Self::class_names), [`names`](Self::names)).
    pub(super) class_names: OnceCell<Names>,
    pub(super) id_names: OnceCell<Names>,
}

impl<'a> WalkAttrs<'a> {
    pub(super) fn of(e: &ElementData<'a>) -> WalkAttrs<'a> {
        let mut w = WalkAttrs::default();
        for a in e.attrs() {
            if a.ns() != AttrNamespace::None {
                continue;
            }
            let slot = match a.name {
                "hidden" => {
                    w.hidden = true;
                    continue;
                }
                "style" => &mut w.style,
                "aria-hidden" => &mut w.aria_hidden,
                "aria-modal" => &mut w.aria_modal,
                "aria-expanded" => &mut w.aria_expanded,
                "aria-controls" => &mut w.aria_controls,
                "role" => &mut w.role,
                "class" => &mut w.class,
                "id" => &mut w.id,
                "rel" => &mut w.rel,
                "itemprop" => &mut w.itemprop,
                "itemtype" => &mut w.itemtype,
                _ => continue,
            };
            // The first of duplicate attributes wins, as the parser keeps it first.
            slot.get_or_insert(a.value);
        }
        w
    }

    /// Not hidden by the `hidden` attribute (but for a streamed segment:
    /// [`is_streamed_segment`](Self::is_streamed_segment)), an inline `display: none`
    /// ([`style_hides`]), `aria-hidden="true"` or a class that hides ([`class_hides`]); not a
    /// modal dialog. A closed panel ([`is_panel`](Self::is_panel)) is not hidden: a reader
    /// opens it.
    pub(super) fn visible(&self) -> bool {
        self.is_panel() || (self.visible_but_for_class() && !self.class.is_some_and(class_hides))
    }

    /// A panel of a tab list, an accordion or a disclosure, which the page shows when the reader
    /// opens it (its text is the page's, whether it starts open or closed): ARIA role `tabpanel`
    /// or `region`, or a `class` naming one ([`Names::PANEL`]) and not an overlay
    /// ([`Names::NOT_PANEL`]).
    pub(super) fn is_panel(&self) -> bool {
        if self
            .role
            .is_some_and(|r| matches!(r.trim(), "tabpanel" | "region"))
        {
            return true;
        }
        let names = self.class_names();
        names.any(Names::PANEL) && !names.any(Names::NOT_PANEL)
    }

    /// Whether a hidden element may be a closed panel: not a modal dialog, not named an
    /// overlay ([`Names::NOT_PANEL`]).
    pub(super) fn may_be_panel(&self) -> bool {
        let modal =
            self.aria_modal == Some("true") || self.role.is_some_and(|r| r.trim() == "dialog");
        let overlay = self.class_names().any(Names::NOT_PANEL);
        !modal && !overlay
    }

    /// [`visible`](Self::visible) but for the hiding classes ([`class_hides`]) and panels:
    /// what a wrapper of the main landmark must pass.
    pub(super) fn visible_but_for_class(&self) -> bool {
        let aria_hidden = self.aria_hidden.is_some_and(|v| v.trim() == "true")
            && !self.class.is_some_and(|c| c.contains("fallback-image"));
        !((self.hidden && !self.is_streamed_segment())
            || self.style.is_some_and(style_hides)
            || aria_hidden
            || (self.aria_modal == Some("true") && self.role == Some("dialog")))
    }

    /// The main landmark: a `main` element, or an element with ARIA role `main`.
    pub(super) fn is_main_landmark(&self, e: &ElementData<'_>) -> bool {
        is_main_landmark(e, self.role)
    }

    /// The lists of pieces the `class` names ([`Names::of`]; read once).
    pub(super) fn class_names(&self) -> Names {
        *self
            .class_names
            .get_or_init(|| self.class.map_or(Names::default(), Names::of))
    }

    /// The lists of pieces the `class` or the `id` names (each read once).
    pub(super) fn names(&self) -> Names {
        self.class_names()
            | *self
                .id_names
                .get_or_init(|| self.id.map_or(Names::default(), Names::of))
    }

    /// Takes what the `class` and the `id` name as known (read by an earlier walk).
    pub(super) fn know_names(&self, class: Names, id: Names) {
        let _ = self.class_names.set(class);
        let _ = self.id_names.set(id);
    }

    /// A segment of a page streamed by React's server rendering: the content of a suspended
    /// part, sent later in a `hidden` `div` with the `id` `S:` and a number in hexadecimal
    /// (`S:2e`), which a script moves into its place (the `template` `B:` and the number) as
    /// soon as it arrives.
    pub(super) fn is_streamed_segment(&self) -> bool {
        self.id
            .and_then(|id| id.strip_prefix("S:"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_hexdigit()))
    }

    /// A button that opens a panel (`aria-expanded` and `aria-controls`, the WAI-ARIA
    /// disclosure and accordion patterns; or a button right before a hidden panel,
    /// [`precedes_panel`]): its text is the panel's heading (a question of a FAQ, a section's
    /// title), not a control's label.
    pub(super) fn opens_panel(&self) -> bool {
        self.aria_expanded.is_some() && self.aria_controls.is_some()
    }
}

/// Classes (whole, ASCII case-insensitive) that hide an element in the CSS frameworks most
/// pages use: text for screen readers only (`sr-only`, `visually-hidden`,
/// `screen-reader-text`, …) and hidden utilities (`hidden`, `d-none`, …).
const HIDING_CLASSES: &[&str] = &[
    "sr-only",
    "visually-hidden",
    "visuallyhidden",
    "u-visually-hidden",
    "screen-reader-text",
    "screenreader",
    "element-invisible",
    "v-visible-sr",
    "hidden",
    "is-hidden",
    "u-hidden",
    "hide",
    "d-none",
];

/// Whether a `class` attribute hides the element ([`HIDING_CLASSES`]), except Bootstrap's
/// `d-none` beside a `d-*` class that shows it again at some width (`d-none d-md-block`).
fn class_hides(class: &str) -> bool {
    let (mut hides, mut shown) = (false, false);
    for t in class.split_ascii_whitespace() {
        if HIDING_CLASSES.iter().any(|h| t.eq_ignore_ascii_case(h)) {
            hides = true;
        } else if t.len() > 2 && t.as_bytes()[..2].eq_ignore_ascii_case(b"d-") {
            shown = true;
        }
    }
    hides && !shown
}

/// Whether an inline `style` hides the element: `display: none`. Not `visibility: hidden`,
/// which pages put on their whole body or content until their scripts have run (the
/// "anti-flicker" snippets of A/B testing, frameworks that fade the page in).
pub(super) fn style_hides(style: &str) -> bool {
    style.split(';').any(|decl| {
        let Some((name, value)) = decl.split_once(':') else {
            return false;
        };
        let name = name.trim_matches(is_ascii_whitespace);
        let value = value.trim_matches(is_ascii_whitespace);
        let value = value
            .strip_suffix("!important")
            .unwrap_or(value)
            .trim_matches(is_ascii_whitespace);
        name.eq_ignore_ascii_case("display") && value.eq_ignore_ascii_case("none")
    })
}

/// Whether `e` is a main landmark: a `main` element or role `main` (its `role` attribute).
pub(super) fn is_main_landmark(e: &ElementData<'_>, role: Option<&str>) -> bool {
    (e.ns == Namespace::Html && e.tag == Tag::Main)
        || role.is_some_and(|r| r.trim().eq_ignore_ascii_case("main"))
}

/// Whether every child of `n` that can show anything is an element hidden by an inline
/// `display: none` ([`style_hides`]), and there is at least one: no text but white space, and
/// no element other than those the walk never shows (`script`, `style`, `template`, …).
pub(super) fn content_hidden_by_style(doc: &Document<'_>, n: NodeId, scripting: bool) -> bool {
    let mut hidden = false;
    for c in doc.children(n) {
        match doc.data(c) {
            NodeData::Text(t) if !t.trim_matches(is_ascii_whitespace).is_empty() => return false,
            NodeData::Element(e) => {
                if kind_of(doc, c, scripting) == Kind::Skip {
                    continue;
                }
                if !e.attr("style").is_some_and(style_hides) {
                    return false;
                }
                hidden = true;
            }
            _ => {}
        }
    }
    hidden
}

/// Whether the element comes right after a button (a `button`, or an element with
/// `aria-expanded`): a hidden element there is the panel the button opens (a FAQ's answer
/// after its question).
pub(super) fn follows_button(doc: &Document<'_>, n: NodeId) -> bool {
    doc.get(n)
        .prev_element_sibling()
        .is_some_and(|p| p.is_html(Tag::Button) || p.attr("aria-expanded").is_some())
}

/// Whether the element comes right before a hidden element that may be a panel
/// ([`follows_button`] from the other side): a button there opens it.
pub(super) fn precedes_panel(doc: &Document<'_>, n: NodeId) -> bool {
    doc.get(n).next_element_sibling().is_some_and(|next| {
        let a = WalkAttrs::of(doc.element(next.node_id()).expect("an element"));
        !a.visible() && a.may_be_panel()
    })
}
