//! The `selectors` crate's `SelectorImpl` for our documents: the string types a parsed selector
//! holds, the pseudo-classes we define (HTML Standard 4.16.3) and the parser hooks (which
//! Selectors Level 4 features are on). Nothing here is public: the crate's API wraps it
//! (`super::Selector`).

use std::fmt;

use cssparser::ToCss;
use precomputed_hash::PrecomputedHash;
use selectors::parser::{self, ParseRelative, SelectorImpl, SelectorList};

use super::has::{HasCache, Relative};

/// The selector implementation: our string types and pseudo-classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Impl;

impl SelectorImpl for Impl {
    /// The query's `:has()` results (`super::has`).
    type ExtraMatchingData<'a> = Option<&'a HasCache>;
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

/// The pseudo-classes that are not tree-structural (those `selectors` handles itself) and that
/// a parsed document decides: the HTML Standard's (4.16.3), read from the elements and their
/// attributes (`super::html`). The state a browser gets from the user or from rendering
/// (`:hover`, `:focus`, `:target`, ...) is not there: those names are parse errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PseudoClass {
    /// `:link`: `a` and `area` elements with an `href` attribute (none is visited).
    Link,
    /// `:visited`: matches nothing (no history).
    Visited,
    /// `:any-link`: as `:link`.
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
    /// `:has(<relative-selector-list>)`, matched by `super::has` (not by `selectors`, whose
    /// matching of it is quadratic in the tree's size).
    Has(Box<Relative>),
}

impl PseudoClass {
    /// The pseudo-class named `name` (ASCII case-insensitively), if we support it.
    pub(crate) fn from_name(name: &str) -> Option<PseudoClass> {
        const NAMES: [(&str, PseudoClass); 11] = [
            ("link", PseudoClass::Link),
            ("visited", PseudoClass::Visited),
            ("any-link", PseudoClass::AnyLink),
            ("checked", PseudoClass::Checked),
            ("disabled", PseudoClass::Disabled),
            ("enabled", PseudoClass::Enabled),
            ("required", PseudoClass::Required),
            ("optional", PseudoClass::Optional),
            ("read-only", PseudoClass::ReadOnly),
            ("read-write", PseudoClass::ReadWrite),
            ("defined", PseudoClass::Defined),
        ];
        NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, pc)| pc.clone())
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
            PseudoClass::Has(_) => "has",
        }
    }
}

impl parser::NonTSPseudoClass for PseudoClass {
    fn is_active_or_hover(&self) -> bool {
        false
    }

    fn is_user_action_state(&self) -> bool {
        false
    }
}

impl ToCss for PseudoClass {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        dest.write_char(':')?;
        dest.write_str(self.name())?;
        if let PseudoClass::Has(relative) = self {
            dest.write_char('(')?;
            relative.to_css(dest)?;
            dest.write_char(')')?;
        }
        Ok(())
    }
}

/// No pseudo-element is supported (a parsed document has no generated boxes): the type has no
/// values, and every `::name` is a parse error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PseudoElement {}

impl parser::PseudoElement for PseudoElement {}

impl ToCss for PseudoElement {
    fn to_css<W: fmt::Write>(&self, _dest: &mut W) -> fmt::Result {
        match *self {}
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
/// `:nth-child(An+B of S)` on, our pseudo-classes, no pseudo-elements, no namespace prefixes.
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

    /// `:has()` is parsed by [`parse_non_ts_functional_pseudo_class`](Self::parse_non_ts_functional_pseudo_class),
    /// into our own pseudo-class, which `super::has` matches in linear time.
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
        Err(cssparser::ParseError::custom(
            ParseErrorKind::UnsupportedPseudoClass(format!(":{name}()")),
        ))
    }

    fn parse_pseudo_element(
        &self,
        name: &str,
    ) -> Result<PseudoElement, cssparser::ParseError<ParseErrorKind>> {
        Err(cssparser::ParseError::custom(
            ParseErrorKind::UnsupportedPseudoElement(format!("::{name}")),
        ))
    }

    fn parse_functional_pseudo_element(
        &self,
        name: &str,
        _arguments: &mut cssparser::Parser<'i>,
    ) -> Result<PseudoElement, cssparser::ParseError<ParseErrorKind>> {
        Err(cssparser::ParseError::custom(
            ParseErrorKind::UnsupportedPseudoElement(format!("::{name}()")),
        ))
    }
}
