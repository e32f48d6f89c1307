//! The HTML Standard's pseudo-classes (4.16.3 "Pseudo-classes"), decided from the tree: the
//! elements, their attributes and their places. A parsed document has had no user
//! interaction and runs no script, so each element's state is the one its content
//! attributes give it when it is inserted by the parser: checkedness from `checked`,
//! selectedness from `selected` (then the `select` element's selectedness setting
//! algorithm), no dirty flags, no custom element definitions.
//!
//! Every function here walks a bounded part of the tree and allocates nothing.

use crate::dom::NodeRef;
use crate::markup::{Namespace, Tag, is_valid_custom_element_name};

use super::types::PseudoClass;

/// Whether `e` (an element) matches the pseudo-class.
pub(crate) fn matches(e: NodeRef<'_, '_>, pc: &PseudoClass) -> bool {
    match pc {
        PseudoClass::Link | PseudoClass::AnyLink => is_link(e),
        PseudoClass::Visited => false,
        PseudoClass::Checked => is_checked(e),
        PseudoClass::Disabled => is_actually_disabled(e),
        PseudoClass::Enabled => is_enableable(e) && !is_actually_disabled(e),
        PseudoClass::Required => required_state(e) == Some(true),
        PseudoClass::Optional => required_state(e) == Some(false),
        PseudoClass::ReadWrite => is_read_write(e),
        PseudoClass::ReadOnly => e.namespace() == Some(Namespace::Html) && !is_read_write(e),
        PseudoClass::Defined => is_defined(e),
        // Matched with the query's caches by `super::has`, never here.
        PseudoClass::Has(_) => {
            debug_assert!(false, ":has() is matched by select::has");
            false
        }
    }
}

fn has_attr(e: NodeRef<'_, '_>, name: &str) -> bool {
    e.attr(name).is_some()
}

/// `:link` / `:any-link` (4.16.3): "all `a` elements that have an `href` attribute, and all
/// `area` elements that have an `href` attribute". (`link` elements are not in the list.)
pub(crate) fn is_link(e: NodeRef<'_, '_>) -> bool {
    (e.is_html(Tag::A) || e.is_html(Tag::Area)) && has_attr(e, "href")
}

/// The states of the `input` element's `type` attribute (4.10.5) that the pseudo-classes tell
/// apart; a missing or unknown value is the Text state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum InputType {
    /// Text, Search, Telephone, URL, Email, Password, the date and time states, Number: the
    /// states to which both `readonly` and `required` apply.
    TextLike,
    Checkbox,
    Radio,
    File,
    /// Hidden, Range, Color, Submit, Image, Reset, Button: neither `readonly` nor `required`
    /// applies.
    Other,
}

fn input_type(e: NodeRef<'_, '_>) -> InputType {
    let Some(t) = e.attr("type") else {
        return InputType::TextLike;
    };
    const OTHER: [&str; 7] = [
        "hidden", "range", "color", "submit", "image", "reset", "button",
    ];
    let is = |k: &str| t.eq_ignore_ascii_case(k);
    if is("checkbox") {
        InputType::Checkbox
    } else if is("radio") {
        InputType::Radio
    } else if is("file") {
        InputType::File
    } else if OTHER.iter().any(|k| is(k)) {
        InputType::Other
    } else {
        // text, search, tel, url, email, password, date, month, week, time,
        // datetime-local, number, and any invalid value (the Text state).
        InputType::TextLike
    }
}

/// The elements `:enabled` can match (4.16.3): `button`, `input`, `select`, `textarea`,
/// `optgroup`, `option`, `fieldset` (form-associated custom elements need a definition, and
/// there are none).
fn is_enableable(e: NodeRef<'_, '_>) -> bool {
    e.as_element().is_some_and(|e| {
        e.ns == Namespace::Html
            && matches!(
                e.tag,
                Tag::Button
                    | Tag::Input
                    | Tag::Select
                    | Tag::Textarea
                    | Tag::Optgroup
                    | Tag::Option
                    | Tag::Fieldset
            )
    })
}

/// "Actually disabled" (4.15): a disabled `button`, `input`, `select` or `textarea` (its
/// `disabled` attribute, or a disabled fieldset ancestor: 4.10.18.2), an `optgroup` with a
/// `disabled` attribute, a disabled `option` (its attribute or its parent `optgroup`'s), a
/// disabled fieldset.
pub(crate) fn is_actually_disabled(e: NodeRef<'_, '_>) -> bool {
    let Some(el) = e.as_element().filter(|el| el.ns == Namespace::Html) else {
        return false;
    };
    match el.tag {
        Tag::Button | Tag::Input | Tag::Select | Tag::Textarea | Tag::Fieldset => {
            has_attr(e, "disabled") || in_disabled_fieldset(e)
        }
        Tag::Optgroup => has_attr(e, "disabled"),
        Tag::Option => {
            has_attr(e, "disabled")
                || e.parent()
                    .is_some_and(|p| p.is_html(Tag::Optgroup) && has_attr(p, "disabled"))
        }
        _ => false,
    }
}

/// Whether `e` is a descendant of a `fieldset` with a `disabled` attribute and not a
/// descendant of that fieldset's first `legend` child (4.10.18.2, "disabled" of a form
/// control and "disabled fieldset").
fn in_disabled_fieldset(e: NodeRef<'_, '_>) -> bool {
    let mut child = e;
    for a in e.ancestors() {
        if a.is_html(Tag::Fieldset) && has_attr(a, "disabled") {
            let first_legend = a.element_children().find(|c| c.is_html(Tag::Legend));
            if first_legend != Some(child) {
                return true;
            }
        }
        child = a;
    }
    false
}

/// `:required` / `:optional` (4.16.3): for an `input` to which `required` applies, a `select`
/// or a `textarea`, whether it has a `required` attribute; `None` for other elements (they
/// match neither).
fn required_state(e: NodeRef<'_, '_>) -> Option<bool> {
    let el = e.as_element().filter(|el| el.ns == Namespace::Html)?;
    match el.tag {
        Tag::Input if input_type(e) != InputType::Other => Some(has_attr(e, "required")),
        Tag::Select | Tag::Textarea => Some(has_attr(e, "required")),
        _ => None,
    }
}

/// `:read-write` (4.16.3): an `input` to which `readonly` applies that is mutable (no
/// `readonly` attribute, not disabled), a `textarea` with no `readonly` attribute that is not
/// disabled, or another element that is an editing host or editable.
fn is_read_write(e: NodeRef<'_, '_>) -> bool {
    if e.is_html(Tag::Input) {
        input_type(e) == InputType::TextLike && !has_attr(e, "readonly") && !is_actually_disabled(e)
    } else if e.is_html(Tag::Textarea) {
        !has_attr(e, "readonly") && !is_actually_disabled(e)
    } else {
        is_editable(e)
    }
}

/// Whether `e` is an editing host or editable (6.8.1 "contenteditable"): the nearest
/// inclusive ancestor that is an HTML element whose `contenteditable` attribute has a valid
/// value decides: `""`, `true` or `plaintext-only` (an editing host, whose descendants are
/// editable) or `false` (not editable, nor are its descendants unless they are hosts
/// themselves). Invalid values and a missing attribute inherit. (No document is in design
/// mode.)
fn is_editable(e: NodeRef<'_, '_>) -> bool {
    for a in std::iter::once(e).chain(e.ancestors()) {
        if a.namespace() != Some(Namespace::Html) {
            continue;
        }
        match a.attr("contenteditable") {
            Some(v)
                if v.is_empty()
                    || v.eq_ignore_ascii_case("true")
                    || v.eq_ignore_ascii_case("plaintext-only") =>
            {
                return true;
            }
            Some(v) if v.eq_ignore_ascii_case("false") => return false,
            _ => {}
        }
    }
    false
}

/// `:defined` (4.16.3, DOM "defined"): an element is defined unless its custom element state
/// is "undefined", which the DOM's "create an element" gives an HTML element whose local name
/// is a valid custom element name or that has an `is` value (the parser passes the `is`
/// attribute), when no definition exists: without scripts, none ever does.
fn is_defined(e: NodeRef<'_, '_>) -> bool {
    match (e.namespace(), e.name()) {
        (Some(Namespace::Html), Some(name)) => {
            !(is_valid_custom_element_name(name) || has_attr(e, "is"))
        }
        _ => true,
    }
}

/// `:checked` (4.16.3): a checkbox whose checkedness is true, a radio button whose checkedness
/// is true, an option whose selectedness is true.
fn is_checked(e: NodeRef<'_, '_>) -> bool {
    if e.is_html(Tag::Input) {
        match input_type(e) {
            InputType::Checkbox => has_attr(e, "checked"),
            InputType::Radio => has_attr(e, "checked") && !checked_later_in_group(e),
            _ => false,
        }
    } else if e.is_html(Tag::Option) {
        is_selected_option(e)
    } else {
        false
    }
}

/// Whether a radio button after `radio` in tree order, in its radio button group (4.10.5.1.16:
/// same tree, same form owner, same non-empty `name`), has a `checked` attribute: that one's
/// becoming connected set the checkedness of the others in the group to false, so the last
/// checked radio button of a group is the checked one.
fn checked_later_in_group(radio: NodeRef<'_, '_>) -> bool {
    let Some(name) = radio.attr("name").filter(|n| !n.is_empty()) else {
        return false;
    };
    let owner = form_owner(radio);
    following(radio).any(|b| {
        b.is_html(Tag::Input)
            && input_type(b) == InputType::Radio
            && has_attr(b, "checked")
            && b.attr("name") == Some(name)
            && form_owner(b) == owner
    })
}

/// The nodes after `node` in tree order, within its tree.
fn following<'d, 'a>(node: NodeRef<'d, 'a>) -> impl Iterator<Item = NodeRef<'d, 'a>> {
    let mut cur = Some(node);
    std::iter::from_fn(move || {
        let n = cur?;
        cur = n.first_child().or_else(|| {
            let mut c = n;
            loop {
                if let Some(s) = c.next_sibling() {
                    return Some(s);
                }
                c = c.parent()?;
            }
        });
        cur
    })
}

/// The form owner of a form-associated element (4.10.17.3 "reset the form owner"), as the
/// tree gives it: with a `form` attribute, in a document, the first element of the tree with
/// that ID if it is a `form` (else none); otherwise the nearest `form` ancestor. (The parser's
/// form element pointer, which can also associate an element with a form it is not inside
/// of, is not kept in the tree.)
fn form_owner<'d, 'a>(e: NodeRef<'d, 'a>) -> Option<NodeRef<'d, 'a>> {
    let root = e.ancestors().last();
    let connected = root.is_some_and(|r| r.node_id() == crate::NodeId::DOCUMENT);
    if let (Some(id), true, Some(root)) = (e.attr("form"), connected, root) {
        return root
            .descendants()
            .find(|n| n.is_element() && n.attr("id") == Some(id))
            .filter(|f| f.is_html(Tag::Form));
    }
    e.ancestors().find(|a| a.is_html(Tag::Form))
}

/// The `select` element whose list of options `option` is in (4.10.7, updated for the 2025
/// `select` content model): the nearest `select` ancestor, unless an `option`, `hr`,
/// `datalist` or a second `optgroup` stands between them.
fn option_select<'d, 'a>(option: NodeRef<'d, 'a>) -> Option<NodeRef<'d, 'a>> {
    let mut optgroups = 0;
    for a in option.ancestors() {
        let Some(el) = a.as_element().filter(|el| el.ns == Namespace::Html) else {
            continue;
        };
        match el.tag {
            Tag::Select => return Some(a),
            Tag::Option | Tag::Hr | Tag::Datalist => return None,
            Tag::Optgroup => {
                optgroups += 1;
                if optgroups > 1 {
                    return None;
                }
            }
            _ => {}
        }
    }
    None
}

/// The rules for parsing non-negative integers (2.3.4.1) on `value`.
fn parse_non_negative_integer(value: &str) -> Option<u64> {
    let s = value.trim_start_matches(['\t', '\n', '\x0C', '\r', ' ']);
    let (negative, s) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let n = s[..digits].bytes().fold(0u64, |n, d| {
        n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    });
    (!negative || n == 0).then_some(n)
}

/// An option's selectedness once the parser has inserted it (4.10.7, 4.10.10): the `selected`
/// attribute, then its `select` element's selectedness setting algorithm. In a `select` with
/// no `multiple` attribute only the last option with `selected` is selected, and when none
/// has it and the display size is 1, the first option that is not disabled is.
fn is_selected_option(option: NodeRef<'_, '_>) -> bool {
    let selected = has_attr(option, "selected");
    let Some(select) = option_select(option) else {
        return selected;
    };
    if has_attr(select, "multiple") {
        return selected;
    }
    let options = || {
        select
            .descendants()
            .filter(|n| n.is_html(Tag::Option) && option_select(*n) == Some(select))
    };
    if selected {
        // The last selected option of the list wins.
        return !options()
            .skip_while(|o| *o != option)
            .skip(1)
            .any(|o| has_attr(o, "selected"));
    }
    let display_size = select
        .attr("size")
        .and_then(parse_non_negative_integer)
        .unwrap_or(1);
    display_size == 1
        && !options().any(|o| has_attr(o, "selected"))
        && options().find(|o| !is_actually_disabled(*o)) == Some(option)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_negative_integers() {
        assert_eq!(parse_non_negative_integer(" 4x"), Some(4));
        assert_eq!(parse_non_negative_integer("+1"), Some(1));
        assert_eq!(parse_non_negative_integer("-0"), Some(0));
        assert_eq!(parse_non_negative_integer("-1"), None);
        assert_eq!(parse_non_negative_integer("x"), None);
        assert_eq!(parse_non_negative_integer(""), None);
    }
}
