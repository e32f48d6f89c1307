//! The HTML Standard's pseudo-classes (4.16.3 "Pseudo-classes"), decided from the tree: the
//! elements, their attributes and their places. A parsed document has had no user
//! interaction and runs no script, so each element's state is the one its content
//! attributes give it when it is inserted by the parser: checkedness from `checked`,
//! selectedness from `selected` (then the `select` element's selectedness setting
//! algorithm), no dirty flags, no custom element definitions.
//!
//! Every function here walks a bounded part of the tree and allocates nothing.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;

use crate::dom::{NodeId, NodeRef};
use crate::markup::{
    AttrNamespace, Namespace, Tag, is_ascii_whitespace, is_valid_custom_element_name,
};

use super::ancestry::Known;
use super::input_value::{self, NumericType};
use super::types::PseudoClass;

/// Whether `e` (an element) matches the pseudo-class.
pub(crate) fn matches(e: NodeRef<'_, '_>, pc: &PseudoClass, cache: Option<&TreeCache>) -> bool {
    let own;
    let cache = match cache {
        Some(cache) => cache,
        None => {
            own = TreeCache::default();
            &own
        }
    };
    match pc {
        PseudoClass::Link | PseudoClass::AnyLink => is_link(e),
        PseudoClass::Visited => false,
        PseudoClass::Checked => is_checked(e, cache),
        PseudoClass::Disabled => is_actually_disabled(e, cache),
        PseudoClass::Enabled => is_enableable(e) && !is_actually_disabled(e, cache),
        PseudoClass::Required => required_state(e) == Some(true),
        PseudoClass::Optional => required_state(e) == Some(false),
        PseudoClass::ReadWrite => is_read_write(e, cache),
        PseudoClass::ReadOnly => e.namespace() == Some(Namespace::Html) && !is_read_write(e, cache),
        PseudoClass::Defined => is_defined(e),
        PseudoClass::Default => is_default(e, cache),
        PseudoClass::Indeterminate => is_indeterminate(e, cache),
        PseudoClass::PlaceholderShown => is_placeholder_shown(e),
        PseudoClass::Valid => validity(e, cache) == Some(true),
        PseudoClass::Invalid => validity(e, cache) == Some(false),
        PseudoClass::InRange => range_state(e, cache) == Some(true),
        PseudoClass::OutOfRange => range_state(e, cache) == Some(false),
        PseudoClass::Open => {
            (e.is_html(Tag::Details) || e.is_html(Tag::Dialog)) && has_attr(e, "open")
        }
        PseudoClass::Lang(ranges) => {
            let language = language_of(e, cache);
            ranges.iter().any(|r| language_range_matches(r, language))
        }
        PseudoClass::Dir(dir) => match &**dir {
            "ltr" => directionality(e, cache) == Direction::Ltr,
            "rtl" => directionality(e, cache) == Direction::Rtl,
            _ => false,
        },
        PseudoClass::Never(_) | PseudoClass::NeverFunction(..) => false,
        // Matched with the query's caches by `super::has`, never here.
        PseudoClass::Has(_) => {
            debug_assert!(false, ":has() is matched by select::has");
            false
        }
    }
}

/// What the pseudo-classes of one query keep, so that a query costs O(elements) however
/// deep the tree: the language and the directionality of the elements met (inherited down
/// the tree: each is computed once, from the nearest element whose value is known), whether
/// they are editable and what their ancestors say of their forms (likewise, [`Known`]); the
/// pragma-set default language, each form's default button, the radio groups, the IDs,
/// each `select`'s selected option and the forms and fieldsets with an invalid control (each
/// looked up across the whole tree once).
#[derive(Default)]
pub(crate) struct TreeCache {
    /// By node index: 0 when not known yet, [`UNTAGGED`] when no element gives a language,
    /// else 1 + the index of the element whose attribute does.
    lang: RefCell<Vec<u32>>,
    /// By node index: 0 when not known yet, 1 ltr, 2 rtl.
    dir: RefCell<Vec<u8>>,
    /// By node index: 0 when not known yet, 1 not editable, 2 editable (`contenteditable`).
    editable: RefCell<Vec<u8>>,
    /// The `meta` element that sets the pragma-set default language, if any.
    pragma: OnceCell<Option<NodeId>>,
    /// The default button of each form of the document: form, button.
    default_buttons: OnceCell<HashMap<NodeId, NodeId>>,
    /// The named radio button groups of the document (form owner, name): its last radio
    /// button with `checked`, whether one has `required`.
    radio_groups: OnceCell<HashMap<RadioGroup, (Option<NodeId>, bool)>>,
    /// What each element's ancestors say of its form, fieldsets, `select` and `optgroup`.
    ancestry: Known,
    /// The first element of the document with each ID (for `form` attributes).
    ids: OnceCell<HashMap<Box<str>, NodeId>>,
    /// Each `select` element's list of options, as far as the pseudo-classes read it.
    selects: RefCell<HashMap<NodeId, Options>>,
    /// By node index: whether the node is a form or a fieldset that has a control that is
    /// not valid ([`validity`]).
    invalid: OnceCell<Vec<bool>>,
}

/// What `:checked`, `:valid` and `:invalid` read of a `select` element's list of options
/// (4.10.7): its first option, the last with a `selected` attribute, the first that is not
/// disabled, whether one has `selected`.
#[derive(Debug, Clone, Copy, Default)]
struct Options {
    first: Option<NodeId>,
    first_selected: Option<NodeId>,
    last_selected: Option<NodeId>,
    first_enabled: Option<NodeId>,
}

/// A named radio button group: its form owner and its name.
type RadioGroup = (Option<NodeId>, String);

const UNTAGGED: u32 = u32::MAX;

fn has_attr(e: NodeRef<'_, '_>, name: &str) -> bool {
    e.attr(name).is_some()
}

/// `:link` / `:any-link` (4.16.3): "all `a` elements that have an `href` attribute, and all
/// `area` elements that have an `href` attribute" (`link` elements are not in the list); and
/// SVG `a` elements with an `href` or `xlink:href` attribute, which SVG 2 makes links (its
/// 16.2) and browsers match.
pub(crate) fn is_link(e: NodeRef<'_, '_>) -> bool {
    if e.is_html(Tag::A) || e.is_html(Tag::Area) {
        return has_attr(e, "href");
    }
    e.namespace() == Some(Namespace::Svg)
        && e.name() == Some("a")
        && e.attrs().iter().any(|a| {
            a.name == "href" && matches!(a.ns(), AttrNamespace::None | AttrNamespace::XLink)
        })
}

/// Whether `e` is the HTML element named `name` (for the elements [`Tag`] does not list).
fn is_html_named(e: NodeRef<'_, '_>, name: &str) -> bool {
    e.namespace() == Some(Namespace::Html) && e.name() == Some(name)
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

/// "Actually disabled" (4.15, with whatwg/html#12205): a disabled `button`, `input`,
/// `select` or `textarea` (its `disabled` attribute, or a disabled fieldset ancestor:
/// 4.10.18.2), a disabled fieldset, an `optgroup` with a `disabled` attribute or whose
/// nearest ancestor `select` is disabled, an `option` that is disabled (its attribute, or a
/// disabled `optgroup` before any `select`, `hr`, `datalist` or `option` among its ancestors:
/// 4.10.10) or whose nearest ancestor `select` is disabled.
pub(crate) fn is_actually_disabled(e: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    let Some(el) = e.as_element().filter(|el| el.ns == Namespace::Html) else {
        return false;
    };
    let select_disabled = || {
        let select = cache.ancestry.of(e).select;
        select.is_some_and(|s| is_actually_disabled(e.document().get(s), cache))
    };
    match el.tag {
        Tag::Button | Tag::Input | Tag::Select | Tag::Textarea | Tag::Fieldset => {
            has_attr(e, "disabled") || cache.ancestry.of(e).in_disabled_fieldset
        }
        Tag::Optgroup => has_attr(e, "disabled") || select_disabled(),
        Tag::Option => {
            has_attr(e, "disabled")
                || cache.ancestry.of(e).in_disabled_optgroup
                || select_disabled()
        }
        _ => false,
    }
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
fn is_read_write(e: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    if e.is_html(Tag::Input) {
        input_type(e) == InputType::TextLike
            && !has_attr(e, "readonly")
            && !is_actually_disabled(e, cache)
    } else if e.is_html(Tag::Textarea) {
        !has_attr(e, "readonly") && !is_actually_disabled(e, cache)
    } else {
        is_editable(e, cache)
    }
}

/// Whether `e` is an editing host or editable (6.8.1 "contenteditable"): the nearest
/// inclusive ancestor that is an HTML element whose `contenteditable` attribute has a valid
/// value decides: `""`, `true` or `plaintext-only` (an editing host, whose descendants are
/// editable) or `false` (not editable, nor are its descendants unless they are hosts
/// themselves). Invalid values and a missing attribute inherit. (No document is in design
/// mode.) Kept in `cache` for the element and the ancestors it was found through.
fn is_editable(e: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    let mut known = cache.editable.borrow_mut();
    if known.len() < e.document().len() {
        known.resize(e.document().len(), 0);
    }
    let mut path = Vec::new();
    let mut answer = false;
    for a in std::iter::once(e).chain(e.ancestors()) {
        let i = a.node_id().index();
        match known[i] {
            1 => break,
            2 => {
                answer = true;
                break;
            }
            _ => {}
        }
        path.push(i);
        if a.namespace() != Some(Namespace::Html) {
            continue;
        }
        match a.attr("contenteditable") {
            Some(v)
                if v.is_empty()
                    || v.eq_ignore_ascii_case("true")
                    || v.eq_ignore_ascii_case("plaintext-only") =>
            {
                answer = true;
                break;
            }
            Some(v) if v.eq_ignore_ascii_case("false") => break,
            _ => {}
        }
    }
    for i in path {
        known[i] = if answer { 2 } else { 1 };
    }
    answer
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
fn is_checked(e: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    if e.is_html(Tag::Input) {
        match input_type(e) {
            InputType::Checkbox => has_attr(e, "checked"),
            InputType::Radio => radio_group_state(e, cache).0 == Some(e.node_id()),
            _ => false,
        }
    } else if e.is_html(Tag::Option) {
        is_selected_option(e, cache)
    } else {
        false
    }
}

/// Whether a radio button after `radio` in tree order, in its radio button group (4.10.5.1.16:
/// same tree, same form owner, same non-empty `name`), has a `checked` attribute: that one's
/// becoming connected set the checkedness of the others in the group to false, so the last
/// checked radio button of a group is the checked one.
fn checked_later_in_group(radio: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    let Some(name) = radio.attr("name").filter(|n| !n.is_empty()) else {
        return false;
    };
    let owner = form_owner(radio, cache);
    following(radio).any(|b| {
        b.is_html(Tag::Input)
            && input_type(b) == InputType::Radio
            && has_attr(b, "checked")
            && b.attr("name") == Some(name)
            && form_owner(b, cache) == owner
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
fn form_owner<'d, 'a>(e: NodeRef<'d, 'a>, cache: &TreeCache) -> Option<NodeRef<'d, 'a>> {
    let doc = e.document();
    let ancestry = cache.ancestry.of(e);
    if let Some(id) = e.attr("form")
        && ancestry.root == crate::NodeId::DOCUMENT
    {
        let ids = cache.ids.get_or_init(|| {
            let mut ids = HashMap::new();
            for n in doc.document_node().descendants() {
                if let Some(id) = n.attr("id") {
                    ids.entry(id.into()).or_insert(n.node_id());
                }
            }
            ids
        });
        return ids
            .get(id)
            .map(|&f| doc.get(f))
            .filter(|f| f.is_html(Tag::Form));
    }
    ancestry.form.map(|f| doc.get(f))
}

/// The `select` element whose list of options `option` is in (4.10.10, "option element
/// nearest ancestor select", for the 2025 `select` content model): the nearest `select`
/// ancestor, unless an `option`, `hr`, `datalist` or a second `optgroup` stands between them.
fn option_select<'d, 'a>(option: NodeRef<'d, 'a>, cache: &TreeCache) -> Option<NodeRef<'d, 'a>> {
    let select = cache.ancestry.of(option).select?;
    Some(option.document().get(select))
}

/// The rules for parsing non-negative integers (2.3.4.1) on `value`.
fn parse_non_negative_integer(value: &str) -> Option<u64> {
    let s = value.trim_start_matches(is_ascii_whitespace);
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
fn is_selected_option(option: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    let selected = has_attr(option, "selected");
    let Some(select) = option_select(option, cache) else {
        return selected;
    };
    if has_attr(select, "multiple") {
        return selected;
    }
    let list = options_of(select, cache);
    if selected {
        // The last selected option of the list wins.
        return list.last_selected == Some(option.node_id());
    }
    let display_size = select
        .attr("size")
        .and_then(parse_non_negative_integer)
        .unwrap_or(1);
    display_size == 1
        && list.last_selected.is_none()
        && list.first_enabled == Some(option.node_id())
}

/// What the pseudo-classes read of `select`'s list of options ([`Options`]): found once per
/// query, over the select's descendants.
fn options_of(select: NodeRef<'_, '_>, cache: &TreeCache) -> Options {
    if let Some(list) = cache.selects.borrow().get(&select.node_id()) {
        return *list;
    }
    let mut list = Options::default();
    for o in select.descendants() {
        if !o.is_html(Tag::Option) || option_select(o, cache) != Some(select) {
            continue;
        }
        let id = Some(o.node_id());
        list.first = list.first.or(id);
        if has_attr(o, "selected") {
            list.first_selected = list.first_selected.or(id);
            list.last_selected = id;
        }
        if list.first_enabled.is_none() && !is_actually_disabled(o, cache) {
            list.first_enabled = id;
        }
    }
    cache.selects.borrow_mut().insert(select.node_id(), list);
    list
}

/// Whether `e` is a submit button (4.10.6, 4.10.5.1.18-19): a `button` whose `type` is
/// `submit`, missing or invalid, or an `input` of type `submit` or `image`.
fn is_submit_button(e: NodeRef<'_, '_>) -> bool {
    if e.is_html(Tag::Button) {
        return e.attr("type").is_none_or(|t| {
            !(t.eq_ignore_ascii_case("reset") || t.eq_ignore_ascii_case("button"))
        });
    }
    e.is_html(Tag::Input)
        && e.attr("type")
            .is_some_and(|t| t.eq_ignore_ascii_case("submit") || t.eq_ignore_ascii_case("image"))
}

/// `:default` (4.16.3): submit buttons that are the default button of their form (the first
/// submit button in tree order whose form owner it is), `input`s to which `checked` applies
/// with a `checked` attribute, `option`s with a `selected` attribute.
fn is_default(e: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    if e.is_html(Tag::Input) && matches!(input_type(e), InputType::Checkbox | InputType::Radio) {
        return has_attr(e, "checked");
    }
    if e.is_html(Tag::Option) {
        return has_attr(e, "selected");
    }
    if !is_submit_button(e) {
        return false;
    }
    let defaults = cache.default_buttons.get_or_init(|| {
        let mut defaults = HashMap::new();
        for b in e.document().document_node().descendants() {
            if is_submit_button(b)
                && let Some(form) = form_owner(b, cache)
            {
                defaults.entry(form.node_id()).or_insert(b.node_id());
            }
        }
        defaults
    });
    form_owner(e, cache).is_some_and(|f| defaults.get(&f.node_id()) == Some(&e.node_id()))
}

/// The last radio button with a `checked` attribute of `radio`'s group (4.10.5.1.16: same
/// tree, same form owner, same non-empty `name`; itself alone when it has no name), and
/// whether one of the group has a `required` attribute.
fn radio_group_state(radio: NodeRef<'_, '_>, cache: &TreeCache) -> (Option<NodeId>, bool) {
    let own = (
        has_attr(radio, "checked").then(|| radio.node_id()),
        has_attr(radio, "required"),
    );
    let Some(name) = radio.attr("name").filter(|n| !n.is_empty()) else {
        return own;
    };
    let groups = cache.radio_groups.get_or_init(|| {
        let mut groups: HashMap<RadioGroup, (Option<NodeId>, bool)> = HashMap::new();
        for b in radio.document().document_node().descendants() {
            let is_radio = b.is_html(Tag::Input) && input_type(b) == InputType::Radio;
            if let Some(name) = b.attr("name").filter(|n| is_radio && !n.is_empty()) {
                let key = (form_owner(b, cache).map(|f| f.node_id()), name.to_owned());
                let state = groups.entry(key).or_default();
                if has_attr(b, "checked") {
                    state.0 = Some(b.node_id());
                }
                state.1 |= has_attr(b, "required");
            }
        }
        groups
    });
    let key = (
        form_owner(radio, cache).map(|f| f.node_id()),
        name.to_owned(),
    );
    match groups.get(&key) {
        Some(state) => *state,
        // Outside the document's tree (in template contents): looked up on its own.
        None => (
            has_attr(radio, "checked")
                .then(|| radio.node_id())
                .filter(|_| !checked_later_in_group(radio, cache)),
            own.1,
        ),
    }
}

/// `:indeterminate` (4.16.3): radio buttons whose group has no checked button, `progress`
/// elements with no `value` attribute. (A checkbox is indeterminate only through its IDL
/// attribute, which only a script sets.)
fn is_indeterminate(e: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    if e.is_html(Tag::Input) && input_type(e) == InputType::Radio {
        return radio_group_state(e, cache).0.is_none();
    }
    is_html_named(e, "progress") && !has_attr(e, "value")
}

/// The `type`s of `input` to which `placeholder` applies (4.10.5.1): text, search, url,
/// tel, email, password, number.
fn placeholder_applies(e: NodeRef<'_, '_>) -> bool {
    const TYPES: [&str; 7] = [
        "text", "search", "url", "tel", "email", "password", "number",
    ];
    match e.attr("type") {
        None => true,
        Some(t) => {
            TYPES.iter().any(|k| t.eq_ignore_ascii_case(k))
                || input_type(e) == InputType::TextLike && !is_date_or_time(t)
        }
    }
}

/// Whether `t` names one of the date and time states of `input`.
fn is_date_or_time(t: &str) -> bool {
    ["date", "month", "week", "time", "datetime-local"]
        .iter()
        .any(|k| t.eq_ignore_ascii_case(k))
}

/// An `input`'s value as the parser leaves it: its `value` attribute, with the Text-like
/// states' sanitisation (line breaks removed); empty without one.
fn input_value<'a>(e: NodeRef<'_, 'a>) -> std::borrow::Cow<'a, str> {
    let v = e.attr("value").unwrap_or("");
    if v.contains(['\r', '\n']) {
        std::borrow::Cow::Owned(v.replace(['\r', '\n'], ""))
    } else {
        std::borrow::Cow::Borrowed(v)
    }
}

/// A `textarea`'s value as the parser leaves it: its child text (the leading newline the
/// parser drops is already gone).
fn textarea_is_empty(e: NodeRef<'_, '_>) -> bool {
    !e.children()
        .any(|c| c.as_text().is_some_and(|t| !t.is_empty()))
}

/// `:placeholder-shown` (4.16.3): `input` and `textarea` elements with a `placeholder`
/// attribute whose value is presented: the control's value is empty.
fn is_placeholder_shown(e: NodeRef<'_, '_>) -> bool {
    if !has_attr(e, "placeholder") {
        return false;
    }
    if e.is_html(Tag::Input) {
        return placeholder_applies(e) && input_value(e).is_empty();
    }
    e.is_html(Tag::Textarea) && textarea_is_empty(e)
}

/// Whether `e` is barred from constraint validation (4.10.20.1 and each element's section):
/// actually disabled, in a `datalist`, a read-only `input` or `textarea`, an `input` of type
/// hidden, reset or button, a `button` that is not a submit button.
fn barred(e: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    if is_actually_disabled(e, cache) || cache.ancestry.of(e).in_datalist {
        return true;
    }
    if e.is_html(Tag::Input) {
        let t = e.attr("type").unwrap_or("");
        return ["hidden", "reset", "button"]
            .iter()
            .any(|k| t.eq_ignore_ascii_case(k))
            || (readonly_applies(e) && has_attr(e, "readonly"));
    }
    if e.is_html(Tag::Textarea) {
        return has_attr(e, "readonly");
    }
    e.is_html(Tag::Button) && !is_submit_button(e)
}

/// Whether `readonly` applies to the `input` (4.10.5.1): the text-like, date and time and
/// number states.
fn readonly_applies(e: NodeRef<'_, '_>) -> bool {
    input_type(e) == InputType::TextLike
}

/// Whether the form control `e` suffers from being missing (4.10.5.3.4, 4.10.7, 4.10.11):
/// required and with no value, as the markup leaves it.
fn value_missing(e: NodeRef<'_, '_>, cache: &TreeCache) -> bool {
    if e.is_html(Tag::Input) {
        return match input_type(e) {
            InputType::TextLike => has_attr(e, "required") && input_value(e).is_empty(),
            InputType::File => has_attr(e, "required"),
            InputType::Checkbox => has_attr(e, "required") && !has_attr(e, "checked"),
            InputType::Radio => {
                let (checked, required) = radio_group_state(e, cache);
                required && checked.is_none()
            }
            InputType::Other => false,
        };
    }
    if e.is_html(Tag::Textarea) {
        return has_attr(e, "required") && textarea_is_empty(e);
    }
    if e.is_html(Tag::Select) && has_attr(e, "required") {
        let list = options_of(e, cache);
        if has_attr(e, "multiple") {
            return list.first_selected.is_none();
        }
        let size = e
            .attr("size")
            .and_then(parse_non_negative_integer)
            .unwrap_or(1);
        // Its selected option ([`is_selected_option`]).
        let selected = list
            .last_selected
            .or_else(|| list.first_enabled.filter(|_| size == 1));
        // The placeholder label option: the first option, a child of the select, with an
        // empty value (4.10.7), of a select with display size 1 and no `multiple`.
        let placeholder = list.first.map(|o| e.document().get(o)).filter(|o| {
            size == 1
                && o.parent() == Some(e)
                && o.attr("value")
                    .map_or_else(|| o.text_content().is_empty(), str::is_empty)
        });
        return selected.is_none() || selected == placeholder.map(|o| o.node_id());
    }
    false
}

/// The range state of an `input` with range limitations (4.10.5.3.7-8: the number, range,
/// date, month, week, time and local date and time states with a `min` or `max` that
/// converts to a number; `range` always has them): `Some(true)` when its value is within
/// them, `Some(false)` when it underflows or overflows; `None` for other elements and for
/// elements barred from constraint validation (they match neither).
fn range_state(e: NodeRef<'_, '_>, cache: &TreeCache) -> Option<bool> {
    let c = numeric_constraints(e, cache)?;
    c.has_range.then_some(!c.out_of_range)
}

/// The constraints of an `input` of a numeric state (`super::input_value`), unless it is
/// barred from constraint validation.
fn numeric_constraints(e: NodeRef<'_, '_>, cache: &TreeCache) -> Option<input_value::Constraints> {
    if !e.is_html(Tag::Input) || barred(e, cache) {
        return None;
    }
    let ty = NumericType::of(e.attr("type")?)?;
    Some(input_value::constraints(
        ty,
        &input_value(e),
        e.attr("min"),
        e.attr("max"),
        e.attr("step"),
    ))
}

/// `:valid` / `:invalid` (4.16.3) as the markup decides them: `Some(true)` for a candidate
/// for constraint validation that satisfies its constraints, `Some(false)` for one that
/// does not, a `form` or `fieldset` by its candidates (invalid if one is); `None` for other
/// elements. The constraints checked are those the markup alone decides: value missing
/// (`required`); for the numeric states, range underflow and overflow and step mismatch
/// ([`numeric_constraints`]); type mismatch of `type=email` ([`email_mismatch`]) and
/// `type=url` ([`input_value::url_mismatch`]). `pattern` is not checked (it counts as
/// satisfied): it is a JavaScript regular expression compiled with the `v` flag, whose
/// syntax and semantics (Unicode sets, string properties, case folding) no regular
/// expression crate we could check reproduces. `maxlength` and `minlength` never apply: too
/// long and too short need a value last changed by a user edit (4.10.5.3.1-2).
fn validity(e: NodeRef<'_, '_>, cache: &TreeCache) -> Option<bool> {
    let el = e.as_element().filter(|el| el.ns == Namespace::Html)?;
    match el.tag {
        Tag::Input | Tag::Select | Tag::Textarea | Tag::Button => {
            if barred(e, cache) {
                return None;
            }
            let numeric = numeric_constraints(e, cache);
            Some(
                !value_missing(e, cache)
                    && !numeric.is_some_and(|c| c.out_of_range || c.step_mismatch)
                    && !email_mismatch(e)
                    && !url_mismatch(e),
            )
        }
        Tag::Form | Tag::Fieldset => Some(!invalid_owners(e, cache)[e.node_id().index()]),
        _ => None,
    }
}

/// By node index, the forms that are the form owner of a control that is not valid and the
/// fieldsets that have one as a descendant: one pass over the document's nodes (template
/// contents included), each fieldset marked once (going up the fieldsets from an invalid
/// control stops at one already marked).
fn invalid_owners<'c>(e: NodeRef<'_, '_>, cache: &'c TreeCache) -> &'c [bool] {
    cache.invalid.get_or_init(|| {
        let doc = e.document();
        let mut marked = vec![false; doc.len()];
        for i in 0..doc.len() {
            let c = doc.get(NodeId::from_index(i));
            if validity_of_control(c, cache) != Some(false) {
                continue;
            }
            if let Some(form) = form_owner(c, cache) {
                marked[form.node_id().index()] = true;
            }
            let mut up = cache.ancestry.of(c).fieldset;
            while let Some(f) = up.filter(|f| !marked[f.index()]) {
                marked[f.index()] = true;
                up = cache.ancestry.of(doc.get(f)).fieldset;
            }
        }
        marked
    })
}

/// Whether an `input type=url` suffers from a type mismatch ([`input_value::url_mismatch`]).
fn url_mismatch(e: NodeRef<'_, '_>) -> bool {
    e.is_html(Tag::Input)
        && e.attr("type")
            .is_some_and(|t| t.eq_ignore_ascii_case("url"))
        && input_value::url_mismatch(&input_value(e))
}

/// Whether an `input type=email` suffers from a type mismatch (4.10.5.1.5): its value, after
/// value sanitisation (line breaks removed, leading and trailing ASCII white space stripped;
/// with `multiple`, each comma-separated item stripped), is not empty and is not a valid
/// e-mail address (or, with `multiple`, one of its items is not).
fn email_mismatch(e: NodeRef<'_, '_>) -> bool {
    if !e.is_html(Tag::Input)
        || !e
            .attr("type")
            .is_some_and(|t| t.eq_ignore_ascii_case("email"))
    {
        return false;
    }
    let value = input_value(e);
    let value = value.trim_matches(is_ascii_whitespace);
    if value.is_empty() {
        return false;
    }
    if has_attr(e, "multiple") {
        value
            .split(',')
            .any(|item| !is_valid_email(item.trim_matches(is_ascii_whitespace)))
    } else {
        !is_valid_email(value)
    }
}

/// A valid e-mail address (4.10.5.1.5): one or more of ASCII letters, digits and
/// ``.!#$%&'*+/=?^_`{|}~-``, `@`, then labels of ASCII letters, digits and `-` (1 to 63, not
/// starting or ending with `-`) joined by `.`.
fn is_valid_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".!#$%&'*+/=?^_`{|}~-".contains(&b));
    let label_ok = |l: &str| {
        let b = l.as_bytes();
        (1..=63).contains(&b.len())
            && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-')
            && b[0] != b'-'
            && b[b.len() - 1] != b'-'
    };
    local_ok && domain.split('.').all(label_ok)
}

/// [`validity`] of a form control (not of a form or fieldset).
fn validity_of_control(e: NodeRef<'_, '_>, cache: &TreeCache) -> Option<bool> {
    let is_control = e.is_html(Tag::Input)
        || e.is_html(Tag::Select)
        || e.is_html(Tag::Textarea)
        || e.is_html(Tag::Button);
    is_control.then(|| validity(e, cache)).flatten()
}

/// The language an element's own attributes give it (HTML 3.2.6.2 "The lang and xml:lang
/// attributes"): `xml:lang`, else `lang` on an HTML or SVG element.
fn own_language<'a>(e: NodeRef<'_, 'a>) -> Option<&'a str> {
    let el = e.as_element()?;
    if let Some(x) = e
        .attrs()
        .iter()
        .find(|x| x.name == "lang" && x.ns() == AttrNamespace::Xml)
    {
        return Some(x.value);
    }
    if matches!(el.ns, Namespace::Html | Namespace::Svg) {
        return e.attr("lang");
    }
    None
}

/// The language of an element (HTML 3.2.6.2): the nearest inclusive ancestor's own language
/// ([`own_language`]); else the pragma-set default language; else the transport layer's
/// (the `Content-Language` the caller gave, [`crate::Document::transport_language`]); else
/// unknown, the empty string. Kept in `cache` for the element and the ancestors it was
/// found through.
fn language_of<'d>(e: NodeRef<'d, '_>, cache: &TreeCache) -> &'d str {
    let doc = e.document();
    let mut known = cache.lang.borrow_mut();
    if known.len() < doc.len() {
        known.resize(doc.len(), 0);
    }
    let mut path = Vec::new();
    let mut answer = UNTAGGED;
    for a in std::iter::once(e).chain(e.ancestors()) {
        if !a.is_element() {
            break;
        }
        let i = a.node_id().index();
        if known[i] != 0 {
            answer = known[i];
            break;
        }
        path.push(i);
        if own_language(a).is_some() {
            answer = u32::try_from(i + 1).unwrap_or(UNTAGGED);
            break;
        }
    }
    for i in path {
        known[i] = answer;
    }
    drop(known);
    if answer != UNTAGGED {
        let by = doc.get(NodeId::from_index(answer as usize - 1));
        return own_language(by).unwrap_or("");
    }
    let pragma = cache
        .pragma
        .get_or_init(|| pragma_set_default_language(doc.document_node()));
    pragma
        .and_then(|m| pragma_candidate(doc.get(m)))
        .or_else(|| doc.transport_language())
        .unwrap_or("")
}

/// The `meta` element that sets the pragma-set default language of the tree below `root`
/// (4.2.5.3, `http-equiv=content-language`): the last one whose content gives a language.
fn pragma_set_default_language(root: NodeRef<'_, '_>) -> Option<NodeId> {
    root.descendants()
        .filter(|m| {
            m.is_html(Tag::Meta)
                && m.attr("http-equiv")
                    .is_some_and(|h| h.eq_ignore_ascii_case("content-language"))
                && pragma_candidate(*m).is_some()
        })
        .last()
        .map(|m| m.node_id())
}

/// The language a `content-language` pragma's content gives: none when it has a comma, else
/// up to its first white space after leading white space, if not empty.
fn pragma_candidate<'a>(meta: NodeRef<'_, 'a>) -> Option<&'a str> {
    let content = meta.attr("content")?;
    if content.contains(',') {
        return None;
    }
    let candidate = content
        .trim_start_matches(is_ascii_whitespace)
        .split(is_ascii_whitespace)
        .next()?;
    (!candidate.is_empty()).then_some(candidate)
}

/// Whether `language` matches the language range `range` by extended filtering (RFC 4647,
/// 3.3.2), as Selectors 4's `:lang()` says: ASCII case-insensitively, subtag by subtag, a
/// `*` matching any sequence of subtags, the range's subtags matched in order with others
/// between them allowed except singletons. An empty range matches an unknown (empty)
/// language only, and a wildcard-led range a known one only.
pub(crate) fn language_range_matches(range: &str, language: &str) -> bool {
    if range.is_empty() || language.is_empty() {
        return range.is_empty() && language.is_empty();
    }
    let mut r = range.split('-');
    let mut t = language.split('-');
    let (Some(r0), Some(t0)) = (r.next(), t.next()) else {
        return false;
    };
    if r0 != "*" && !r0.eq_ignore_ascii_case(t0) {
        return false;
    }
    let mut tag = t.peekable();
    for sub in r {
        if sub == "*" {
            continue;
        }
        loop {
            let Some(next) = tag.next() else {
                return false;
            };
            if next.eq_ignore_ascii_case(sub) {
                break;
            }
            if next.len() == 1 {
                return false;
            }
        }
    }
    true
}

/// A directionality (HTML 3.2.6.4 "The dir attribute").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    Ltr,
    Rtl,
}

/// The `dir` attribute's state on an HTML element: ltr, rtl, auto (`None` when missing or
/// invalid).
fn dir_state(e: NodeRef<'_, '_>) -> Option<&'static str> {
    let v = e.attr("dir")?;
    ["ltr", "rtl", "auto"]
        .into_iter()
        .find(|k| v.eq_ignore_ascii_case(k))
}

/// The directionality an HTML element's own markup gives it (HTML 3.2.6.4): its `dir`
/// attribute's `ltr` / `rtl`; the auto directionality for `auto` (and for a `bdi` without a
/// valid `dir`), ltr when that finds no strong character; ltr for an `input` of type `tel`
/// without a valid `dir`. `None` when it inherits its parent's.
fn own_directionality(a: NodeRef<'_, '_>) -> Option<Direction> {
    if a.namespace() != Some(Namespace::Html) {
        return None;
    }
    match dir_state(a) {
        Some("ltr") => Some(Direction::Ltr),
        Some("rtl") => Some(Direction::Rtl),
        Some(_) => Some(auto_directionality(a).unwrap_or(Direction::Ltr)),
        None if is_html_named(a, "bdi") => Some(auto_directionality(a).unwrap_or(Direction::Ltr)),
        None if a.is_html(Tag::Input)
            && a.attr("type")
                .is_some_and(|t| t.eq_ignore_ascii_case("tel")) =>
        {
            Some(Direction::Ltr)
        }
        None => None,
    }
}

/// The directionality of an element (HTML 3.2.6.4): its own ([`own_directionality`]), else
/// its parent element's, ltr at the root. Kept in `cache` for the element and the ancestors
/// it was found through.
fn directionality(e: NodeRef<'_, '_>, cache: &TreeCache) -> Direction {
    let mut known = cache.dir.borrow_mut();
    if known.len() < e.document().len() {
        known.resize(e.document().len(), 0);
    }
    let mut path = Vec::new();
    let mut answer = Direction::Ltr;
    for a in std::iter::once(e).chain(e.ancestors()) {
        if !a.is_element() {
            break;
        }
        let i = a.node_id().index();
        match known[i] {
            1 => break,
            2 => {
                answer = Direction::Rtl;
                break;
            }
            _ => {}
        }
        path.push(i);
        if let Some(d) = own_directionality(a) {
            answer = d;
            break;
        }
    }
    for i in path {
        known[i] = if answer == Direction::Rtl { 2 } else { 1 };
    }
    answer
}

/// The auto directionality (HTML 3.2.6.4): for an `input` or `textarea`, its value's first
/// strong character; otherwise the first strong character of the descendant text, skipping
/// `bdi`, `script`, `style` and `textarea` elements and elements with a valid `dir`.
fn auto_directionality(e: NodeRef<'_, '_>) -> Option<Direction> {
    if e.is_html(Tag::Input) {
        return first_strong(&input_value(e));
    }
    let mut cur = e.first_child();
    while let Some(n) = cur {
        let skip = n.namespace() == Some(Namespace::Html)
            && (n.is_html(Tag::Script)
                || n.is_html(Tag::Style)
                || n.is_html(Tag::Textarea)
                || is_html_named(n, "bdi")
                || dir_state(n).is_some());
        if let Some(d) = n.as_text().and_then(first_strong) {
            return Some(d);
        }
        cur = super::element::next_within(n, e, !skip);
    }
    None
}

/// The direction of the first character of `text` whose bidirectional class (Unicode's
/// `Bidi_Class`, from the `unicode-bidi` crate's tables) is L (ltr) or R / AL (rtl).
fn first_strong(text: &str) -> Option<Direction> {
    use unicode_bidi::{BidiClass, bidi_class};
    text.chars().find_map(|c| match bidi_class(c) {
        BidiClass::L => Some(Direction::Ltr),
        BidiClass::R | BidiClass::AL => Some(Direction::Rtl),
        _ => None,
    })
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
