//! CSS selectors, matched as browsers match them: [`Selector::parse`], then
//! [`Document::select`], [`NodeRef::select`], [`NodeRef::matches`] and the `select_first`s.
//!
//! ```
//! use simdhtml::{Arena, ParseOptions, parse_document_str, select::Selector};
//!
//! let arena = Arena::new();
//! let html = "<ul><li class=x>one<li>two<li class=x><a href=/3>three</a></ul>";
//! let doc = parse_document_str(&arena, html, &ParseOptions::default());
//!
//! let items = Selector::parse("li.x")?;
//! let texts: Vec<String> = doc.select(&items).map(|li| li.text_content()).collect();
//! assert_eq!(texts, ["one", "three"]);
//!
//! // Queries from a node see its descendants; :scope is that node.
//! let ul = doc.select_first(&Selector::parse("ul")?).unwrap();
//! let second = Selector::parse(":scope > :nth-child(2 of .x)")?;
//! assert_eq!(ul.select_first(&second).map(|li| li.text_content()).as_deref(), Some("three"));
//! assert!(ul.matches(&Selector::parse("body > ul:has(a[href^='/'])")?));
//!
//! // What needs a user or rendering parses, as in a browser, and matches nothing.
//! assert_eq!(doc.select(&Selector::parse("li:hover, li::marker")?).count(), 0);
//!
//! // A selector that does not parse says where and why.
//! let err = Selector::parse("li:hovr").unwrap_err();
//! assert_eq!((err.offset(), err.found()), (2, Some(":hovr")));
//! # Ok::<(), simdhtml::select::SelectorError>(())
//! ```
//!
//! # What is supported
//!
//! Everything servo's `selectors` crate (0.42) implements of Selectors Level 4
//! (<https://drafts.csswg.org/selectors-4/>): type and universal selectors, `.class`, `#id`,
//! attribute selectors with every operator (`[a]`, `=`, `~=`, `|=`, `^=`, `$=`, `*=`) and the
//! `i` / `s` flags, the four combinators (descendant, `>`, `+`, `~`), selector lists,
//! `:not()`, `:is()` and `:where()` (forgiving: an invalid selector in their list is dropped,
//! as the spec says), `:has()` with relative selectors, the structural pseudo-classes
//! (`:root`, `:empty`, `:first-child`, `:last-child`, `:only-child`, `:nth-child(An+B [of S])`,
//! `:nth-last-child()`, `:first-of-type`, `:last-of-type`, `:only-of-type`, `:nth-of-type()`,
//! `:nth-last-of-type()`) and `:scope`; and every other pseudo-class and pseudo-element that
//! Chromium's `querySelectorAll` accepts, with the meaning it has on a parsed document: the
//! HTML Standard's pseudo-classes (4.16.3) and `:lang()` / `:dir()` are decided from the
//! tree as the parser built it; what needs a user, a focus, a clock or rendering matches
//! nothing.
//!
//! | pseudo-class | matches |
//! |---|---|
//! | `:link`, `:any-link` (`:-webkit-any-link`) | `a` and `area` elements with an `href` attribute; SVG `a` elements with `href` or `xlink:href` (SVG 2, 16.2) |
//! | `:visited` | nothing (no history) |
//! | `:checked` | `input` checkboxes with a `checked` attribute; radio buttons with one, unless a later radio button of the same group (same form, same `name`) has one too; `option`s that are selected: with a `selected` attribute (in a `select` without `multiple`, the last such), or, in a `select` without `multiple` and of display size 1 where none has it, the first option that is not disabled |
//! | `:disabled` | "actually disabled" elements (4.15): `button`, `input`, `select`, `textarea`, `fieldset` with a `disabled` attribute or inside a `fieldset` with one (not in its first `legend`); `optgroup` with `disabled`; `option` with `disabled` or under an `optgroup` with `disabled` (at any depth, with no `select`, `hr`, `datalist` or `option` between: the 2025 content model); and an `optgroup` or `option` whose nearest ancestor `select` is disabled (whatwg/html#12205, 2026; Chromium 148 does not match these yet) |
//! | `:enabled` | `button`, `input`, `select`, `textarea`, `optgroup`, `option`, `fieldset` that are not actually disabled |
//! | `:required`, `:optional` | `input` (of the types `required` applies to), `select`, `textarea` with and without a `required` attribute |
//! | `:read-write` | text-like `input`s without `readonly` that are not disabled, `textarea`s likewise, and elements made editable by `contenteditable` |
//! | `:read-only` | every other HTML element |
//! | `:defined` | every element except HTML elements whose name is a valid custom element name (`my-widget`) or that have an `is` attribute: with no scripts, no custom element is ever defined |
//! | `:default` | the default button of each form (its first submit button in tree order), checkboxes and radio buttons with `checked`, `option`s with `selected` |
//! | `:indeterminate` | radio buttons whose group has no `checked` one, `progress` without `value` (a checkbox is indeterminate only by script) |
//! | `:placeholder-shown` | `input`s (of the types `placeholder` applies to) and `textarea`s with a `placeholder` attribute and an empty value |
//! | `:valid`, `:invalid` | candidates for constraint validation (not disabled, read-only, in a `datalist`, hidden, reset or button) by the constraints the markup decides: a missing `required` value (text, file, checkbox, radio group, `select` with its placeholder option, `textarea`); for `number`, `date`, `month`, `week`, `time` and `datetime-local`, a value below `min`, above `max` or off the steps of `step` (in decimal, as browsers check it: 0.3 is on the steps of 0.1); an `email` value (each item with `multiple`) that is not a valid e-mail address; a `url` value that does not parse as an absolute URL (the `url` crate: the URL Standard's parser, as browsers check it); `form` and `fieldset` by their controls. `maxlength` and `minlength` never apply (they need a user edit); `pattern` is not evaluated (it counts as satisfied: a JavaScript regular expression with the `v` flag, whose semantics no Rust regular expression crate we know of reproduces, and whose backreferences and lookarounds need a backtracking matcher, which a crafted pattern and value can hold for exponential time) |
//! | `:in-range`, `:out-of-range` | `input`s of the types `number`, `date`, `month`, `week`, `time` and `datetime-local` with a `min` or `max` that converts to a number, by their value (an empty or invalid value is in range; a `time` range whose `max` is below its `min` wraps past midnight); `type=range` (always in range: its value is clamped) |
//! | `:open` | `details` and `dialog` with an `open` attribute |
//! | `:lang(range, ...)` | elements whose language (the nearest `xml:lang`, or `lang` on an HTML or SVG element; else the last `<meta http-equiv=content-language>`'s; else the transport layer's, [`ParseOptions::content_language`](crate::ParseOptions::content_language) when it names one language; else unknown, `""`) matches a range by extended filtering (RFC 4647 3.3.2, as Selectors 4 says: `de-DE` matches `de-Latn-DE`, `*-CH` matches `fr-CH`) |
//! | `:dir(ltr)`, `:dir(rtl)` | elements of that directionality (HTML's "dir attribute"): their `dir`, `auto` (and `bdi`) from the first strong character of their text (Unicode's bidirectional class L, or R / AL, from the `unicode-bidi` crate's tables), `input type=tel` ltr, else their parent's, ltr at the root |
//! | `:hover`, `:active`, `:focus`, `:focus-visible`, `:focus-within`, `:target`, `:target-within`, `:target-current`, `:popover-open`, `:modal`, `:fullscreen`, `:picture-in-picture`, `:playing`, `:paused`, `:seeking`, `:buffering`, `:stalled`, `:muted`, `:volume-locked`, `:autofill`, `:user-valid`, `:user-invalid`, `:current`, `:past`, `:future`, `:has-slotted`, `:xr-overlay`, `:active-view-transition`, `:host`, `:host()`, `:host-context()`, `:state()`, `:active-view-transition-type()` | nothing: a parsed document has no user, focus, media or rendering state |
//!
//! Pseudo-elements (`::before`, `::after`, `::marker`, `::placeholder`, `::selection`,
//! `::first-line`, `::first-letter`, `::backdrop`, `::file-selector-button`, `::part()`,
//! `::slotted()`, `::highlight()`, the view-transition ones, any `::-webkit-` name; `:before`,
//! `:after`, `:first-line`, `:first-letter` with one colon) parse, and a selector with one
//! matches no element (`querySelectorAll('p::before')` is empty). A closing bracket that
//! closes nothing is dropped with its item from a forgiving list (`p:is(.a, ], .b)`), whose
//! invalid items serialise as written (`Display`: `p:is(.a, ], .b)`).
//!
//! What no browser accepts is a parse error with its position ([`SelectorError`]): an
//! unknown pseudo-class or pseudo-element (`:hovr`), `:has()` inside `:has()` or a
//! pseudo-element inside `:has()`, namespace prefixes other than `*|` and `|` (a selector
//! string cannot declare one).
//!
//! # How elements are matched
//!
//! As the HTML Standard's 4.16.2 "Case-sensitivity of selectors" and the DOM's
//! `querySelectorAll` say:
//!
//! - Type selectors and attribute names are matched ASCII case-insensitively against HTML
//!   elements and case-sensitively against SVG and MathML ones (`foreignObject`,
//!   `[viewBox]`). The values of the attributes HTML lists (`type`, `lang`, `rel`, ...; 46
//!   of them) are ASCII case-insensitive on HTML elements only; the `s` flag makes them
//!   sensitive, `i` makes any value insensitive.
//! - In a quirks-mode document ([`Document::quirks_mode`]) class and id selectors match ASCII
//!   case-insensitively; in no-quirks and limited-quirks mode, case-sensitively.
//!   `[class=...]` and `[id=...]` are always case-sensitive.
//! - Sibling, child and nth lookups skip text and comments. Template contents are not
//!   descendants of their `template` (they are a separate tree): [`Document::select`] never
//!   enters them; a query from [`NodeRef::template_contents`] searches them.
//! - `node.select(s)` returns the descendants of `node` that match `s`, matched against the
//!   whole tree (in `div.a p`, the `div` may be an ancestor of `node`), with `:scope` being
//!   `node` when it is an element; [`Document::select`]'s `:scope` is the root element, as
//!   `:root`. [`NodeRef::matches`] is `Element.matches()`: `:scope` is the element itself.
//!
//! A [`Selector`] is `Send + Sync + Clone`: parse it once and match it against any number of
//! documents, from any number of threads. Matching reads the tree and keeps caches for one
//! query: `selectors`' for `:nth-*`, and ours for `:has()`, which is matched in one pass over
//! each part of the tree it looks at and so costs O(elements x the relative selector's
//! compounds) per query, whatever the tree's shape (a naive matcher looks at an anchor's whole
//! subtree or sibling run for each anchor: quadratic on deep nesting and long lists). The
//! combinators of a query of all matches ([`Document::select`], [`NodeRef::select`]) are
//! linear too: the query walks the tree once, top down, keeping for each open element which
//! compounds of each complex selector it and its ancestors match (and, with `+` or `~`, its
//! earlier siblings), so `section :not(div) a` over 100,000 nested `div`s, or `.x ~ li`
//! over a list of 50,000 items, looks at each element a bounded number of times
//! (O(elements x compounds), with O(depth) memory for the open elements), where matching
//! each element from the right walks its ancestors or earlier siblings every time.
//! [`NodeRef::matches`] matches one element from the right, as `selectors` does. Nothing
//! recurses over the tree: deep nesting cannot overflow the stack.

mod ancestry;
mod complex;
mod element;
mod error;
mod has;
mod input_value;
mod pseudo_classes;
mod types;

use std::fmt;
use std::str::FromStr;

use cssparser::ToCss;
use selectors::OpaqueElement;
use selectors::attr::CaseSensitivity;
use selectors::matching::{
    self, MatchingContext, MatchingForInvalidation, MatchingMode, NeedsSelectorFlags,
    SelectorCaches,
};
use selectors::parser::{Component, ParseRelative, SelectorList};

use crate::dom::{Document, ElementData, NodeData, NodeId, NodeRef};
use crate::markup::{Namespace, QuirksMode, is_ascii_whitespace};

pub use error::SelectorError;

use complex::{Plan, Query, Walk};
use element::El;
use types::{CssIdent, Impl, QueryCache};

/// A parsed selector list (`a[href], h1`), ready to match. See the [module docs](self) for
/// what it supports and how it matches.
#[derive(Clone)]
pub struct Selector {
    list: SelectorList<Impl>,
    /// One per complex selector of `list`: what an element needs to have to match it.
    keys: Box<[Key]>,
    /// The markers of the `!`s written into the parsed text, if any ([`closed_at_end`]).
    marker: Option<Marker>,
    /// One per complex selector of `list`: how a query of all matches matches it
    /// (`complex`).
    plans: Box<[Plan]>,
    /// How many of `plans` are chains, matched top down in one walk: with none, each element
    /// is matched on its own.
    chains: usize,
}

/// What an element must have to match a complex selector, read from the selector's rightmost
/// compound: a local name, else an id, else a class (else nothing). Checking it first spares
/// most elements the matching machinery.
#[derive(Clone)]
enum Key {
    /// A type selector: the name as written and ASCII-lowercased (for HTML elements).
    Name {
        name: CssIdent,
        lower: CssIdent,
    },
    Id(CssIdent),
    Class(CssIdent),
    Any,
    /// A selector with a pseudo-element (`p::before`): it parses, and no element matches it
    /// (a parsed document has no generated boxes).
    Never,
}

impl Key {
    fn of(selector: &selectors::parser::Selector<Impl>) -> Key {
        if selector.has_pseudo_element() {
            return Key::Never;
        }
        Key::of_compound(selector.iter())
    }

    /// The key of the compound whose components `components` begins with (up to the next
    /// combinator).
    fn of_compound<'s>(components: impl Iterator<Item = &'s Component<Impl>>) -> Key {
        let (mut id, mut class) = (None, None);
        for component in components {
            match component {
                Component::Combinator(_) => break,
                Component::LocalName(n) => {
                    return Key::Name {
                        name: n.name.clone(),
                        lower: n.lower_name.clone(),
                    };
                }
                Component::ID(i) => id = id.or_else(|| Some(i.clone())),
                Component::Class(c) => class = class.or_else(|| Some(c.clone())),
                _ => {}
            }
        }
        id.map(Key::Id)
            .or_else(|| class.map(Key::Class))
            .unwrap_or(Key::Any)
    }

    /// `false` when `e` cannot match; `case` is the document's for classes and ids.
    #[inline(always)]
    fn admits(&self, e: &ElementData<'_>, case: CaseSensitivity) -> bool {
        match self {
            Key::Name { name, lower } => {
                // A type selector may name any element, a known tag or not: by name.
                let want = if e.ns == Namespace::Html { lower } else { name };
                element::same_name(e.name(), want.as_str())
            }
            Key::Id(id) => e
                .attr("id")
                .is_some_and(|v| case.eq(v.as_bytes(), id.as_str().as_bytes())),
            Key::Class(class) => e.attr("class").is_some_and(|v| {
                v.split(is_ascii_whitespace)
                    .any(|c| case.eq(c.as_bytes(), class.as_str().as_bytes()))
            }),
            Key::Any => true,
            Key::Never => false,
        }
    }
}

/// `source` with what its end leaves open closed explicitly: a trailing escape, a comment, a
/// string, blocks (`(`, `[`, `{`, innermost first). CSS Syntax closes them at the end of the
/// input, so the component values, and the selector, are the same; but servo keeps an
/// invalid selector of a forgiving list (`:is()`, `:where()`) as its text, verbatim, and
/// `:is(::x{` would then serialise to `:is(::x{)`, whose `)` is inside the `{` block: text
/// that no longer parses. Likewise servo trims such an item of what Rust calls white space,
/// which is more than CSS does, so four kinds of character are written otherwise first:
/// - an escaped space, tab or other Rust white space (`\ `, `\` U+00A0, ...): as a hex escape
///   of the same code point (`\20 `), which survives the trim (trimmed, the backslash escaped
///   what followed);
/// - the newline that ends a bad string (a string the line ends): followed by `!` unless it
///   is already, which keeps the newline inside the item (trimmed, the string went on over
///   the `,` after the item);
/// - unescaped Rust white space that CSS takes for an ident code point (U+0085, U+00A0,
///   U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, U+3000): as a hex escape too,
///   the same ident;
/// - an unescaped U+000B (a delimiter to CSS, which makes the selector invalid wherever it
///   stands outside a string): as `!`, another delimiter that makes it invalid (trimmed, `:is(`
///   U+000B `*)` became `:is(*)`); likewise a backslash before a newline outside a string (no
///   escape: a delimiter; with the newline trimmed it escaped the `,` servo writes next).
///
/// - a closing bracket that closes no block (`:is(.a, ], .b)`): as `!`, for the same reason
///   (`selectors` would reject the whole forgiving list, not just the item).
///
/// Each `!` so written or inserted stands in a [`Marker`]: `!`, the sentinel, the replaced
/// text's bytes in hex, the sentinel, so that the serialisation, which writes an invalid
/// item of a forgiving list verbatim, can write the item as the source has it
/// ([`Marker::restore`]; `p:is(.a, ], .b)`, not `p:is(.a, !, .b)`). The marker's `!` makes
/// the item invalid as the one `!` did; the sentinel's characters are delimiters too.
///
/// `source` itself when there is nothing to close or rewrite (the usual case), and the
/// marker's sentinel when a `!` was written.
fn closed_at_end(source: &str) -> (std::borrow::Cow<'_, str>, Option<Marker>) {
    #[derive(PartialEq)]
    enum In {
        Markup,
        Comment,
        String(u8),
    }
    let b = source.as_bytes();
    let (mut i, mut state, mut open) = (0, In::Markup, Vec::new());
    // What to write instead of `source[start..end]`, in order: a text, or `None` for a `!`
    // marker (which stands in for `source[start..end]`).
    let mut rewrites: Vec<(usize, usize, Option<String>)> = Vec::new();
    // The character at `at` when Rust's `trim` would take it, with its length in bytes.
    let trimmed_at = |at: usize| -> Option<(char, usize)> {
        let c = source.get(at..)?.chars().next()?;
        c.is_whitespace().then_some((c, c.len_utf8()))
    };
    while i < b.len() {
        match state {
            In::Comment => {
                if b[i..].starts_with(b"*/") {
                    state = In::Markup;
                    i += 1;
                }
            }
            In::String(quote) => match b[i] {
                b'\\' => {
                    if let Some((c, len)) = trimmed_at(i + 1).filter(|(c, _)| !is_newline(*c)) {
                        rewrites.push((i, i + 1 + len, Some(format!("\\{:x} ", u32::from(c)))));
                    }
                    i += escaped_len(&b[i + 1..]);
                }
                // A newline ends a string (a bad string) without being part of it. A `!` after
                // it (unless one is there) keeps it from ending an item, where servo's trim
                // would cut it and leave the string open over what follows; the selector is
                // invalid either way.
                b'\n' | b'\r' | 0x0C => {
                    if b.get(i + 1) != Some(&b'!') {
                        rewrites.push((i + 1, i + 1, None));
                    }
                    state = In::Markup;
                }
                c if c == quote => state = In::Markup,
                _ => {}
            },
            In::Markup => match b[i] {
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    state = In::Comment;
                    i += 1;
                }
                q @ (b'"' | b'\'') => state = In::String(q),
                b'\\' => match trimmed_at(i + 1) {
                    // Before a newline a backslash escapes nothing: it is a delimiter (the
                    // selector is invalid), and servo's trim of the newline would leave it to
                    // escape what follows. Another delimiter instead.
                    Some((c, _)) if is_newline(c) => rewrites.push((i, i + 1, None)),
                    Some((c, len)) => {
                        rewrites.push((i, i + 1 + len, Some(format!("\\{:x} ", u32::from(c)))));
                        i += 1;
                    }
                    None => i += 1,
                },
                0x0B => rewrites.push((i, i + 1, None)),
                c if c >= 0x80 => {
                    if let Some((c, len)) = trimmed_at(i) {
                        rewrites.push((i, i + len, Some(format!("\\{:x} ", u32::from(c)))));
                    }
                }
                b'(' => open.push(b')'),
                b'[' => open.push(b']'),
                b'{' => open.push(b'}'),
                c if open.last() == Some(&c) => {
                    open.pop();
                }
                // A closing bracket that closes no block is a token of its own to CSS Syntax,
                // which `cssparser` takes for an error token and `selectors` then rejects a
                // whole forgiving list for; Selectors 4 drops only the item it is in. Another
                // delimiter that makes the item invalid instead.
                b')' | b']' | b'}' => rewrites.push((i, i + 1, None)),
                _ => {}
            },
        }
        i += 1;
    }
    // `i` past the end: the input ends with a backslash that escapes nothing.
    let trailing_escape = i > b.len();
    if state == In::Markup && open.is_empty() && !trailing_escape && rewrites.is_empty() {
        return (std::borrow::Cow::Borrowed(source), None);
    }
    let marker = rewrites
        .iter()
        .any(|(_, _, with)| with.is_none())
        .then(|| Marker::for_source(source));
    let mut s = String::with_capacity(source.len() + open.len() + 8 * rewrites.len() + 4);
    let mut from = 0;
    for (at, to, with) in &rewrites {
        s.push_str(&source[from..*at]);
        match (with, &marker) {
            (Some(with), _) => s.push_str(with),
            (None, Some(marker)) => marker.write(&source[*at..*to], &mut s),
            (None, None) => unreachable!("a marker is made when one is needed"),
        }
        from = *to;
    }
    s.push_str(&source[from..]);
    match state {
        // An escape of the end of the input is U+FFFD; in a string it is nothing (a backslash
        // and a newline: a line continuation).
        In::Markup if trailing_escape => s.push('\u{FFFD}'),
        In::String(_) if trailing_escape => s.push('\n'),
        _ => {}
    }
    match state {
        In::Comment => s.push_str("*/"),
        In::String(q) => s.push(char::from(q)),
        In::Markup => {}
    }
    s.extend(open.iter().rev().map(|&c| char::from(c)));
    (std::borrow::Cow::Owned(s), marker)
}

/// The `!` that [`closed_at_end`] writes to make an item of a forgiving list invalid, made so
/// that the text it replaced can be found again: `!`, a sentinel, that text's bytes in hex
/// (none for a `!` inserted), the sentinel. The sentinel is the first string of control
/// characters (U+0001 to U+0008, U+000E to U+001F, U+007F: delimiters to CSS, which no
/// serialisation of a name or a string writes unescaped, and which Rust's `trim` keeps) that
/// does not occur in the source, so every occurrence of `!` and the sentinel in a
/// serialisation is a marker.
#[derive(Clone, Debug)]
struct Marker {
    sentinel: Box<str>,
}

impl Marker {
    const ALPHABET: [u8; 27] = [
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0E, 0x0F, 0x10, 0x11, 0x12, 0x13, 0x14,
        0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F, 0x7F,
    ];

    /// The shortest sentinel (then the first in the alphabet's order) that `source` does not
    /// hold: at most as many are tried as `source` has windows of that length, plus one.
    fn for_source(source: &str) -> Marker {
        let b = source.as_bytes();
        let base = Self::ALPHABET.len();
        for len in 1_u32.. {
            let present: std::collections::HashSet<&[u8]> = b
                .windows(len as usize)
                .filter(|w| w.iter().all(|c| Self::ALPHABET.contains(c)))
                .collect();
            let Some(count) = base.checked_pow(len) else {
                break;
            };
            for k in 0..count {
                let mut candidate = Vec::with_capacity(len as usize);
                let mut rest = k;
                for _ in 0..len {
                    candidate.push(Self::ALPHABET[rest % base]);
                    rest /= base;
                }
                if !present.contains(candidate.as_slice()) {
                    let sentinel = candidate.into_iter().map(char::from).collect::<String>();
                    return Marker {
                        sentinel: sentinel.into(),
                    };
                }
            }
        }
        unreachable!("a string longer than the source is not in it")
    }

    /// Writes the marker that stands in for `replaced` to `out`.
    fn write(&self, replaced: &str, out: &mut String) {
        out.push('!');
        out.push_str(&self.sentinel);
        for byte in replaced.bytes() {
            out.push_str(&format!("{byte:02x}"));
        }
        out.push_str(&self.sentinel);
    }

    /// `text` with each marker replaced by the text it stands in for (and a backslash that
    /// escapes nothing followed by its newline).
    fn restore(&self, text: &str) -> String {
        let open = format!("!{}", self.sentinel);
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find(&open) {
            out.push_str(&rest[..at]);
            let after = &rest[at + open.len()..];
            let Some(end) = after.find(&*self.sentinel) else {
                // Not written by `write`: kept as it is.
                out.push_str(&rest[at..]);
                return out;
            };
            let hex = &after.as_bytes()[..end];
            let bytes: Vec<u8> = hex
                .chunks(2)
                .filter_map(|pair| {
                    std::str::from_utf8(pair)
                        .ok()
                        .and_then(|p| u8::from_str_radix(p, 16).ok())
                })
                .collect();
            rest = &after[end + self.sentinel.len()..];
            out.push_str(&String::from_utf8_lossy(&bytes));
            // A backslash that escapes nothing (it stood before a newline) is written with a
            // newline after it (CSS Syntax, 9 "Serialization"), which the item's trim may
            // have cut: without it, it would escape what follows.
            if bytes == b"\\" && !rest.starts_with(['\n', '\r', '\x0C']) {
                out.push('\n');
            }
        }
        out.push_str(rest);
        out
    }
}

/// A newline to CSS Syntax (after its preprocessing: LF, CR, FF): after a backslash it is no
/// escape.
fn is_newline(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\x0C')
}

/// How many bytes of `rest` (what follows a backslash) [`closed_at_end`] skips as escaped: a
/// CR LF pair is one newline (CSS Syntax's input preprocessing), so in a string the pair is a
/// line continuation and the LF does not end the string; otherwise one byte.
fn escaped_len(rest: &[u8]) -> usize {
    if rest.starts_with(b"\r\n") { 2 } else { 1 }
}

/// Parses `source` as a selector list.
fn parse_list(
    source: &str,
) -> Result<SelectorList<Impl>, cssparser::ParseError<types::ParseErrorKind>> {
    let mut input = cssparser::Parser::new(source);
    SelectorList::parse(&types::Parser::default(), &mut input, ParseRelative::No)
}

impl Selector {
    /// Parses a selector list, as `querySelectorAll` takes it: one or more complex selectors
    /// separated by commas.
    ///
    /// # Errors
    /// The text is not a selector list, or uses what we do not support (see the module
    /// docs); the error says where and why.
    pub fn parse(source: &str) -> Result<Selector, SelectorError> {
        let (text, marker) = closed_at_end(source);
        match parse_list(&text) {
            Ok(list) => {
                let keys: Box<[Key]> = list.slice().iter().map(Key::of).collect();
                let plans: Box<[Plan]> = list
                    .slice()
                    .iter()
                    .zip(&keys)
                    .map(|(s, k)| Plan::of(s, k))
                    .collect();
                let chains = plans.iter().filter(|p| matches!(p, Plan::Chain(_))).count();
                Ok(Selector {
                    list,
                    keys,
                    marker,
                    plans,
                    chains,
                })
            }
            Err(e) => Err(error::locate(source, &e)),
        }
    }

    /// Whether the element `node` (whose data is `data`) matches, in `context` (which holds
    /// the `:scope` element and the caches of the whole query).
    #[inline]
    fn matches_in(
        &self,
        node: NodeRef<'_, '_>,
        data: &ElementData<'_>,
        context: &mut MatchingContext<'_, Impl>,
    ) -> bool {
        let case = context.classes_and_ids_case_sensitivity();
        let selectors = self.list.slice();
        if let ([selector], [key]) = (selectors, &*self.keys) {
            return key.admits(data, case)
                && matching::matches_selector(selector, 0, None, El(node), context);
        }
        selectors
            .iter()
            .zip(self.keys.iter())
            .any(|(selector, key)| {
                key.admits(data, case)
                    && matching::matches_selector(selector, 0, None, El(node), context)
            })
    }
}

/// A matching context for one query, whose caches are `caches` and `has` (ours).
fn context<'c>(
    caches: &'c mut SelectorCaches,
    has: &'c QueryCache,
    quirks_mode: matching::QuirksMode,
    scope: Option<OpaqueElement>,
) -> MatchingContext<'c, Impl> {
    let mut context = MatchingContext::new(
        MatchingMode::Normal,
        None,
        caches,
        quirks_mode,
        NeedsSelectorFlags::No,
        MatchingForInvalidation::No,
    );
    context.scope_element = scope;
    context.extra_data = Some(has);
    context
}

impl FromStr for Selector {
    type Err = SelectorError;

    fn from_str(s: &str) -> Result<Selector, SelectorError> {
        Selector::parse(s)
    }
}

/// The selector serialised as CSS (CSSOM's "serialize a selector list": `A[HREF]` is written
/// `a[href]`, quotes normalised; an invalid item of a forgiving list as written, as Selectors
/// 4 keeps it).
impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.marker {
            None => self.list.to_css(f),
            Some(marker) => f.write_str(&marker.restore(&self.list.to_css_string())),
        }
    }
}

impl fmt::Debug for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Selector({:?})", self.to_string())
    }
}

fn quirks(doc: &Document<'_>) -> matching::QuirksMode {
    match doc.quirks_mode() {
        QuirksMode::NoQuirks => matching::QuirksMode::NoQuirks,
        QuirksMode::LimitedQuirks => matching::QuirksMode::LimitedQuirks,
        QuirksMode::Quirks => matching::QuirksMode::Quirks,
    }
}

/// The elements that match a selector, in document order ([`Document::select`],
/// [`NodeRef::select`]).
pub struct Select<'d, 'a, 's> {
    selector: &'s Selector,
    doc: &'d Document<'a>,
    /// The node whose descendants are searched.
    root: NodeId,
    /// The next node in tree order, if any.
    next: Option<NodeId>,
    scope: Option<OpaqueElement>,
    quirks_mode: matching::QuirksMode,
    caches: SelectorCaches,
    has: QueryCache,
    /// The walk that matches the chains top down (`complex`), once started; `None` for a
    /// selector without chains, which walks with `next`.
    walk: Option<(Query<'s>, Walk)>,
}

impl<'d, 'a, 's> Select<'d, 'a, 's> {
    fn new(root: NodeRef<'d, 'a>, selector: &'s Selector) -> Self {
        let doc = root.document();
        Select {
            selector,
            doc,
            root: root.node_id(),
            next: doc.node(root.node_id()).first_child(),
            scope: root.is_element().then(|| element::opaque(root)),
            quirks_mode: quirks(doc),
            caches: SelectorCaches::default(),
            has: QueryCache::default(),
            walk: None,
        }
    }
}

/// The node after `n` in tree order among the descendants of `root` (template contents not
/// entered: they are not children), read straight from the node records.
#[inline]
fn following(doc: &Document<'_>, root: NodeId, n: NodeId) -> Option<NodeId> {
    let mut record = doc.node(n);
    if let Some(child) = record.first_child() {
        return Some(child);
    }
    let mut cur = n;
    loop {
        if cur == root {
            return None;
        }
        if let Some(sibling) = record.next_sibling() {
            return Some(sibling);
        }
        cur = record.parent()?;
        if cur == root {
            return None;
        }
        record = doc.node(cur);
    }
}

impl<'d, 'a> Iterator for Select<'d, 'a, '_> {
    type Item = NodeRef<'d, 'a>;

    fn next(&mut self) -> Option<NodeRef<'d, 'a>> {
        let doc = self.doc;
        if self.selector.chains > 0 {
            let mut context = context(&mut self.caches, &self.has, self.quirks_mode, self.scope);
            if self.walk.is_none() {
                self.next?;
                self.next = None;
                let selector = self.selector;
                let query = Query::new(selector.list.slice(), &selector.keys, &selector.plans);
                let walk = Walk::new(&query, doc, self.root, &mut context);
                self.walk = Some((query, walk));
            }
            let (query, walk) = self.walk.as_mut()?;
            return walk
                .next_match(query, doc, &mut context)
                .map(|id| doc.get(id));
        }
        let mut context = context(&mut self.caches, &self.has, self.quirks_mode, self.scope);
        while let Some(id) = self.next {
            self.next = following(doc, self.root, id);
            if let NodeData::Element(data) = &doc.node(id).data {
                let node = doc.get(id);
                if self.selector.matches_in(node, data, &mut context) {
                    return Some(node);
                }
            }
        }
        None
    }
}

impl fmt::Debug for Select<'_, '_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Select")
            .field("selector", self.selector)
            .finish_non_exhaustive()
    }
}

impl<'a> Document<'a> {
    /// The elements of the document that match `selector`, in document order (DOM
    /// `document.querySelectorAll`); template contents are not searched. See the
    /// [`select`](crate::select) module for what matches what.
    pub fn select<'d, 's>(&'d self, selector: &'s Selector) -> Select<'d, 'a, 's> {
        Select::new(self.document_node(), selector)
    }

    /// The first element in document order that matches `selector`
    /// (`document.querySelector`).
    pub fn select_first<'d>(&'d self, selector: &Selector) -> Option<NodeRef<'d, 'a>> {
        self.select(selector).next()
    }
}

impl<'d, 'a> NodeRef<'d, 'a> {
    /// The descendants of this node that match `selector`, in document order
    /// (`element.querySelectorAll`): matched against the whole tree, with `:scope` being
    /// this node when it is an element. From a template's contents
    /// ([`NodeRef::template_contents`]) this searches the contents.
    pub fn select<'s>(self, selector: &'s Selector) -> Select<'d, 'a, 's> {
        Select::new(self, selector)
    }

    /// The first descendant in document order that matches `selector`
    /// (`element.querySelector`).
    pub fn select_first(self, selector: &Selector) -> Option<NodeRef<'d, 'a>> {
        self.select(selector).next()
    }

    /// Whether this node is an element that matches `selector` (`element.matches`;
    /// `:scope` is the element itself). Always `false` for other nodes.
    pub fn matches(self, selector: &Selector) -> bool {
        let Some(data) = self.as_element() else {
            return false;
        };
        let (mut caches, has) = (SelectorCaches::default(), QueryCache::default());
        let scope = Some(element::opaque(self));
        let mut context = context(&mut caches, &has, quirks(self.document()), scope);
        selector.matches_in(self, data, &mut context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync_clone<T: Send + Sync + Clone>() {}

    #[test]
    fn selector_is_send_sync_clone() {
        assert_send_sync_clone::<Selector>();
        assert_send_sync_clone::<SelectorError>();
    }
}
