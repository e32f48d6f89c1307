//! The `selectors` crate's `SelectorImpl` for our documents: the string types a parsed selector
//! holds, the pseudo-classes we define (HTML Standard 4.16.3) and the parser hooks (which
//! Selectors Level 4 features are on). Nothing here is public: the crate's API wraps it
//! (`super::Selector`).

use std::fmt;

use cssparser::ToCss;
use precomputed_hash::PrecomputedHash;
use selectors::parser::{self, ParseRelative, SelectorImpl, SelectorList};

use super::has::{HasCache, Relative};
use super::pseudo_classes::TreeCache;

/// The selector implementation: our string types and pseudo-classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Impl;

impl SelectorImpl for Impl {
    /// The query's caches.
    type ExtraMatchingData<'a> = Option<&'a QueryCache>;
    type AttrValue = CssString;
    type Identifier = CssIdent;
    type LocalName = CssIdent;
    type NamespacePrefix = CssIdent;
    type NamespaceUrl = CssIdent;
    type BorrowedNamespaceUrl = CssIdent;
    type BorrowedLocalName = CssIdent;
    type NonTSPseudoClass = PseudoClass;
    type PseudoElement = PseudoElement;
}

/// What one query keeps so that its cost stays linear in the tree's size: the `:has()`
/// results (`super::has`) and what the pseudo-classes inherit down the tree or look up
/// across it (`super::pseudo_classes`).
#[derive(Default)]
pub(crate) struct QueryCache {
    pub(crate) has: HasCache,
    pub(crate) tree: TreeCache,
}

/// A name in a selector (element, attribute, class, id, namespace), with the hash `selectors`
/// asks for (it feeds bloom filters we do not use, but the trait bound is there). An empty
/// name is the "no namespace" URL.
#[derive(Debug, Clone, Default)]
pub(crate) struct CssIdent {
    name: Box<str>,
    hash: u32,
}

impl CssIdent {
    pub(crate) fn as_str(&self) -> &str {
        &self.name
    }
}

impl PartialEq for CssIdent {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for CssIdent {}

impl From<&str> for CssIdent {
    fn from(name: &str) -> Self {
        // FNV-1a: any stable hash of the name will do.
        let hash = name.bytes().fold(0x811c_9dc5_u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        });
        CssIdent {
            name: name.into(),
            hash: if name.is_empty() { 0 } else { hash },
        }
    }
}

impl PrecomputedHash for CssIdent {
    fn precomputed_hash(&self) -> u32 {
        self.hash
    }
}

impl ToCss for CssIdent {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_identifier(&self.name, dest)
    }
}

/// An attribute value in a selector (`[lang="en"]`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct CssString(Box<str>);

impl From<&str> for CssString {
    fn from(value: &str) -> Self {
        CssString(value.into())
    }
}

impl AsRef<str> for CssString {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl ToCss for CssString {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_string(&self.0, dest)
    }
}

/// The pseudo-classes that are not tree-structural (those `selectors` handles itself): the
/// HTML Standard's (4.16.3), decided from the elements, their attributes and their places
/// (`super::pseudo_classes`); `:has()`; and the states a parsed document never has (user
/// interaction, focus, media playback, fullscreen, ...), which parse, as in a browser, and
/// match nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PseudoClass {
    /// `:link`: `a` and `area` elements, and SVG `a` elements, with a link (none is visited).
    Link,
    /// `:visited`: matches nothing (no history).
    Visited,
    /// `:any-link` (and its alias `:-webkit-any-link`): as `:link`.
    AnyLink,
    /// `:checked`: checked checkboxes and radio buttons, selected options.
    Checked,
    /// `:disabled`: actually disabled form elements (4.15).
    Disabled,
    /// `:enabled`: form elements that are not actually disabled.
    Enabled,
    /// `:required`: required `input`, `select`, `textarea`.
    Required,
    /// `:optional`: `input`, `select`, `textarea` that could be required and are not.
    Optional,
    /// `:read-only`: HTML elements that do not match `:read-write`.
    ReadOnly,
    /// `:read-write`: mutable text fields and editable content.
    ReadWrite,
    /// `:defined`: every element but an undefined custom element.
    Defined,
    /// `:default`: default buttons, checked-by-default checkboxes and radios, options with
    /// `selected`.
    Default,
    /// `:indeterminate`: radio buttons of a group with none checked, `progress` without value.
    Indeterminate,
    /// `:placeholder-shown`: `input` and `textarea` showing their placeholder.
    PlaceholderShown,
    /// `:valid`: candidates for constraint validation that satisfy their constraints, and
    /// forms and fieldsets without an invalid one.
    Valid,
    /// `:invalid`: the others.
    Invalid,
    /// `:in-range`: `input`s with range limitations whose value is within them.
    InRange,
    /// `:out-of-range`: those whose value is not.
    OutOfRange,
    /// `:open`: `details` and `dialog` with an `open` attribute.
    Open,
    /// `:lang(range, ...)`: the element's language matches a range (extended filtering).
    Lang(Box<[Box<str>]>),
    /// `:dir(ltr)`, `:dir(rtl)` (another name parses and matches nothing): directionality.
    Dir(Box<str>),
    /// A state a parsed document never has (`:hover`, `:focus`, ...): the name as listed.
    Never(&'static str),
    /// A functional pseudo-class a parsed document never matches (`:state(x)`): its name as
    /// listed and its argument as written (for serialisation).
    NeverFunction(&'static str, Box<str>),
    /// `:has(<relative-selector-list>)`, matched by `super::has` (not by `selectors`, whose
    /// matching of it is quadratic in the tree's size).
    Has(Box<Relative>),
}

/// The pseudo-classes Chromium's `querySelectorAll` accepts that need a user, a focus, a
/// clock or rendering: on a parsed document they match nothing. (`-webkit-autofill` and
/// `-webkit-full-screen` are Chromium's aliases; `:user-valid` and `:user-invalid` need the
/// user to have interacted with the control.)
const NEVER: &[&str] = &[
    "active",
    "active-view-transition",
    "autofill",
    "-webkit-autofill",
    "buffering",
    "current",
    "focus",
    "focus-visible",
    "focus-within",
    "fullscreen",
    "-webkit-full-screen",
    "future",
    "has-slotted",
    // A shadow host: a query of the document tree sees none.
    "host",
    "hover",
    "modal",
    "muted",
    "past",
    "paused",
    "picture-in-picture",
    "playing",
    "popover-open",
    "seeking",
    "stalled",
    "target",
    "target-current",
    "target-within",
    "user-invalid",
    "user-valid",
    "volume-locked",
    "xr-overlay",
];

/// The functional ones: `:state(<ident>)` (a custom element's custom state: no custom
/// element is defined), `:host-context()` (a shadow host's) and
/// `:active-view-transition-type(<ident>#)`.
const NEVER_FUNCTIONS: &[&str] = &["state", "host-context", "active-view-transition-type"];

/// The pseudo-classes of [`NEVER`] that are user action pseudo-classes (Selectors 4, 9), which
/// may follow a pseudo-element (`p::before:hover`).
const USER_ACTIONS: &[&str] = &["hover", "active", "focus", "focus-visible", "focus-within"];

impl PseudoClass {
    /// The pseudo-class named `name` (ASCII case-insensitively), if there is one.
    pub(crate) fn from_name(name: &str) -> Option<PseudoClass> {
        const NAMES: [(&str, PseudoClass); 20] = [
            ("link", PseudoClass::Link),
            ("visited", PseudoClass::Visited),
            ("any-link", PseudoClass::AnyLink),
            ("-webkit-any-link", PseudoClass::AnyLink),
            ("checked", PseudoClass::Checked),
            ("disabled", PseudoClass::Disabled),
            ("enabled", PseudoClass::Enabled),
            ("required", PseudoClass::Required),
            ("optional", PseudoClass::Optional),
            ("read-only", PseudoClass::ReadOnly),
            ("read-write", PseudoClass::ReadWrite),
            ("defined", PseudoClass::Defined),
            ("default", PseudoClass::Default),
            ("indeterminate", PseudoClass::Indeterminate),
            ("placeholder-shown", PseudoClass::PlaceholderShown),
            ("valid", PseudoClass::Valid),
            ("invalid", PseudoClass::Invalid),
            ("in-range", PseudoClass::InRange),
            ("out-of-range", PseudoClass::OutOfRange),
            ("open", PseudoClass::Open),
        ];
        if let Some((_, pc)) = NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            return Some(pc.clone());
        }
        NEVER
            .iter()
            .find(|n| n.eq_ignore_ascii_case(name))
            .map(|n| PseudoClass::Never(n))
    }

    fn name(&self) -> &'static str {
        match self {
            PseudoClass::Link => "link",
            PseudoClass::Visited => "visited",
            PseudoClass::AnyLink => "any-link",
            PseudoClass::Checked => "checked",
            PseudoClass::Disabled => "disabled",
            PseudoClass::Enabled => "enabled",
            PseudoClass::Required => "required",
            PseudoClass::Optional => "optional",
            PseudoClass::ReadOnly => "read-only",
            PseudoClass::ReadWrite => "read-write",
            PseudoClass::Defined => "defined",
            PseudoClass::Default => "default",
            PseudoClass::Indeterminate => "indeterminate",
            PseudoClass::PlaceholderShown => "placeholder-shown",
            PseudoClass::Valid => "valid",
            PseudoClass::Invalid => "invalid",
            PseudoClass::InRange => "in-range",
            PseudoClass::OutOfRange => "out-of-range",
            PseudoClass::Open => "open",
            PseudoClass::Lang(_) => "lang",
            PseudoClass::Dir(_) => "dir",
            PseudoClass::Never(name) | PseudoClass::NeverFunction(name, _) => name,
            PseudoClass::Has(_) => "has",
        }
    }
}

impl parser::NonTSPseudoClass for PseudoClass {
    fn is_active_or_hover(&self) -> bool {
        // Used for the :hover and :active quirk; they match nothing anyway.
        false
    }

    fn is_user_action_state(&self) -> bool {
        matches!(self, PseudoClass::Never(name) if USER_ACTIONS.contains(name))
    }
}

impl ToCss for PseudoClass {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        dest.write_char(':')?;
        dest.write_str(self.name())?;
        match self {
            PseudoClass::Has(relative) => {
                dest.write_char('(')?;
                relative.to_css(dest)?;
                dest.write_char(')')
            }
            PseudoClass::Lang(ranges) => {
                dest.write_char('(')?;
                for (i, range) in ranges.iter().enumerate() {
                    if i > 0 {
                        dest.write_str(", ")?;
                    }
                    cssparser::serialize_string(range, dest)?;
                }
                dest.write_char(')')
            }
            PseudoClass::Dir(name) => {
                dest.write_char('(')?;
                cssparser::serialize_identifier(name, dest)?;
                dest.write_char(')')
            }
            PseudoClass::NeverFunction(_, argument) => {
                dest.write_char('(')?;
                dest.write_str(argument)?;
                dest.write_char(')')
            }
            _ => Ok(()),
        }
    }
}

/// A pseudo-element (`::before`, `::marker`, `:after`, ...): it parses, as in a browser, and
/// a selector with one matches no element (a parsed document has no generated boxes). The
/// name as listed, and the argument of a functional one as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PseudoElement {
    name: &'static str,
    argument: Option<Box<str>>,
}

/// The pseudo-elements Chromium's `querySelectorAll` accepts (besides any `::-webkit-` name,
/// kept as [`WEBKIT`]). `before`, `after`, `first-line` and `first-letter` also parse with
/// one colon (CSS 2).
const PSEUDO_ELEMENTS: &[&str] = &[
    "after",
    "backdrop",
    "before",
    "checkmark",
    "column",
    "cue",
    "details-content",
    "file-selector-button",
    "first-letter",
    "first-line",
    "grammar-error",
    "marker",
    "picker-icon",
    "placeholder",
    "scroll-button",
    "scroll-marker",
    "scroll-marker-group",
    "search-text",
    "selection",
    "spelling-error",
    "target-text",
    "view-transition",
];

/// The functional ones.
const PSEUDO_ELEMENT_FUNCTIONS: &[&str] = &[
    "cue",
    "highlight",
    "part",
    "picker",
    "scroll-button",
    "slotted",
    "view-transition-group",
    "view-transition-image-pair",
    "view-transition-new",
    "view-transition-old",
];

/// The name kept for a `::-webkit-` pseudo-element (Chromium accepts any such name).
const WEBKIT: &str = "-webkit-";

impl parser::PseudoElement for PseudoElement {
    fn accepts_state_pseudo_classes(&self) -> bool {
        true
    }

    fn valid_after_before_or_after(&self) -> bool {
        self.name == "marker"
    }

    fn is_before_or_after(&self) -> bool {
        matches!(self.name, "before" | "after")
    }
}

impl ToCss for PseudoElement {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        dest.write_str("::")?;
        dest.write_str(self.name)?;
        if let Some(argument) = &self.argument {
            dest.write_char('(')?;
            dest.write_str(argument)?;
            dest.write_char(')')?;
        }
        Ok(())
    }
}

/// The argument of a functional pseudo-class or pseudo-element that matches nothing, as
/// written (trimmed); it must not be empty.
fn argument_text(
    input: &mut cssparser::Parser<'_>,
) -> Result<Box<str>, cssparser::ParseError<ParseErrorKind>> {
    let start = input.position();
    while input.next_including_whitespace_and_comments().is_ok() {}
    let text = input
        .slice_from(start)
        .trim_matches(|c: char| c.is_ascii_whitespace());
    if text.is_empty() {
        return Err(cssparser::ParseError::custom(ParseErrorKind::Selectors(
            parser::SelectorParseErrorKind::EmptySelector,
        )));
    }
    Ok(text.into())
}

/// Why a selector did not parse, beyond what `selectors` reports itself.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ParseErrorKind {
    /// An error `selectors` found.
    Selectors(parser::SelectorParseErrorKind),
    /// A pseudo-class (`:hover`, `:lang(en)`) we do not support; the name as written.
    UnsupportedPseudoClass(String),
    /// A pseudo-element (`::before`, `:after`).
    UnsupportedPseudoElement(String),
}

impl From<parser::SelectorParseErrorKind> for ParseErrorKind {
    fn from(kind: parser::SelectorParseErrorKind) -> Self {
        ParseErrorKind::Selectors(kind)
    }
}

/// The parser hooks: Selectors Level 4's `:is()`, `:where()`, `:has()` and
/// `:nth-child(An+B of S)` on, our pseudo-classes and pseudo-elements, no namespace prefixes.
#[derive(Default)]
pub(crate) struct Parser {
    /// Whether the parser is inside a `:has()` argument, where neither another `:has()` nor
    /// a pseudo-element may stand (Selectors 4, 4.5).
    in_has: std::cell::Cell<bool>,
}

impl<'i> parser::Parser<'i> for Parser {
    type Impl = Impl;
    type Error = ParseErrorKind;

    fn parse_nth_child_of(&self) -> bool {
        true
    }

    fn parse_is_and_where(&self) -> bool {
        true
    }

    /// `:has()` is parsed by `parse_non_ts_functional_pseudo_class` (below), into our own
    /// pseudo-class, which `super::has` matches in linear time.
    fn parse_has(&self) -> bool {
        false
    }

    fn parse_non_ts_pseudo_class(
        &self,
        name: &str,
    ) -> Result<PseudoClass, cssparser::ParseError<ParseErrorKind>> {
        PseudoClass::from_name(name).ok_or_else(|| {
            cssparser::ParseError::custom(ParseErrorKind::UnsupportedPseudoClass(format!(
                ":{name}"
            )))
        })
    }

    fn parse_non_ts_functional_pseudo_class(
        &self,
        name: &str,
        input: &mut cssparser::Parser<'i>,
        _after_part: bool,
    ) -> Result<PseudoClass, cssparser::ParseError<ParseErrorKind>> {
        if name.eq_ignore_ascii_case("has") {
            return self.parse_has_argument(input);
        }
        if name.eq_ignore_ascii_case("lang") {
            // `:lang( [ <ident> | <string> ]# )` (Selectors 4, 7.2).
            let ranges = input.parse_comma_separated(|input| {
                Ok(input.expect_ident_or_string()?.as_ref().into())
            })?;
            return Ok(PseudoClass::Lang(ranges.into()));
        }
        if name.eq_ignore_ascii_case("dir") {
            // `:dir(<ident>)` (Selectors 4, 7.1): `ltr`, `rtl`; another name matches nothing.
            let dir = input.expect_ident()?.to_ascii_lowercase();
            return Ok(PseudoClass::Dir(dir.into()));
        }
        if let Some(known) = NEVER_FUNCTIONS
            .iter()
            .find(|n| n.eq_ignore_ascii_case(name))
        {
            return Ok(PseudoClass::NeverFunction(known, argument_text(input)?));
        }
        Err(cssparser::ParseError::custom(
            ParseErrorKind::UnsupportedPseudoClass(format!(":{name}()")),
        ))
    }

    fn parse_pseudo_element(
        &self,
        name: &str,
    ) -> Result<PseudoElement, cssparser::ParseError<ParseErrorKind>> {
        let known = PSEUDO_ELEMENTS
            .iter()
            .find(|n| n.eq_ignore_ascii_case(name));
        let webkit = name.len() > WEBKIT.len()
            && name.as_bytes()[..WEBKIT.len()].eq_ignore_ascii_case(WEBKIT.as_bytes());
        match (known, webkit) {
            (Some(name), _) if !self.in_has.get() => Ok(PseudoElement {
                name,
                argument: None,
            }),
            (None, true) if !self.in_has.get() => Ok(PseudoElement {
                name: WEBKIT,
                argument: Some(name[WEBKIT.len()..].to_ascii_lowercase().into()),
            }),
            _ => Err(cssparser::ParseError::custom(
                ParseErrorKind::UnsupportedPseudoElement(format!("::{name}")),
            )),
        }
    }

    fn parse_functional_pseudo_element(
        &self,
        name: &str,
        arguments: &mut cssparser::Parser<'i>,
    ) -> Result<PseudoElement, cssparser::ParseError<ParseErrorKind>> {
        match PSEUDO_ELEMENT_FUNCTIONS
            .iter()
            .find(|n| n.eq_ignore_ascii_case(name))
        {
            Some(name) if !self.in_has.get() => Ok(PseudoElement {
                name,
                argument: Some(argument_text(arguments)?),
            }),
            _ => Err(cssparser::ParseError::custom(
                ParseErrorKind::UnsupportedPseudoElement(format!("::{name}()")),
            )),
        }
    }
}

impl Parser {
    /// The argument of `:has()`: a relative selector list, unforgiving (Selectors 4, 4.5),
    /// with no `:has()` and no pseudo-element in it.
    fn parse_has_argument(
        &self,
        input: &mut cssparser::Parser<'_>,
    ) -> Result<PseudoClass, cssparser::ParseError<ParseErrorKind>> {
        if self.in_has.get() {
            return Err(cssparser::ParseError::custom(ParseErrorKind::Selectors(
                parser::SelectorParseErrorKind::InvalidState,
            )));
        }
        self.in_has.set(true);
        let list = SelectorList::parse(self, input, ParseRelative::ForHas);
        self.in_has.set(false);
        Relative::new(list?)
            .map(|r| PseudoClass::Has(Box::new(r)))
            .ok_or_else(|| {
                cssparser::ParseError::custom(ParseErrorKind::Selectors(
                    parser::SelectorParseErrorKind::InvalidState,
                ))
            })
    }
}
