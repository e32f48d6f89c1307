//! Known tag names as small integers: the one name type of the parser. The tokenizer classifies
//! a tag token's name once, as the name ends ([`crate::tokenizer::TagToken::tag`]); the insertion
//! modes, the stack of open elements and its scopes compare these instead of strings, and every
//! element of the arena DOM keeps its tag ([`crate::dom::ElementData::tag`]), which the
//! serialiser, the extraction and the selectors' pseudo-classes match on.
//!
//! A [`Tag`] says nothing about the namespace: `title` is [`Tag::Title`] in HTML and in SVG
//! alike, and a name none of the tree construction rules, the extraction or the selectors
//! mention is [`Tag::Other`] (its string is the element's name). Every check pairs the tag with
//! the element's namespace.

macro_rules! tags {
    ($($variant:ident => $name:literal,)*) => {
        /// A tag name the tree construction rules, the extraction or the selectors mention, or
        /// [`Tag::Other`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Tag {
            /// Any other name.
            Other,
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }

        /// The number of [`Tag`] values (for per-tag tables).
        pub const TAG_COUNT: usize = [$($name,)*].len() + 1;

        /// The names of the tags after [`Tag::Other`], in declaration order.
        const NAME_LIST: [&str; TAG_COUNT - 1] = [$($name,)*];

        /// [`NAME_LIST`] in one place of memory (what [`Tag::static_name`] lends).
        static NAMES: [&str; TAG_COUNT - 1] = NAME_LIST;

        /// The names of the tags after [`Tag::Other`] (for tests that go through every tag).
        #[cfg(test)]
        pub(crate) fn known_tag_names() -> &'static [&'static str] {
            &NAMES
        }

        impl Tag {
            /// The tag's name (lower case, as HTML elements have it), `None` for
            /// [`Tag::Other`]: a static reference to it, which an element keeps instead of
            /// one of its own ([`ElementData::name`](crate::dom::ElementData::name)).
            #[inline]
            pub(crate) fn static_name(self) -> Option<&'static &'static str> {
                (self as usize).checked_sub(1).map(|i| &NAMES[i])
            }

            /// The tag for a lower-case tag name (or SVG's lower-cased `foreignobject`).
            ///
            /// One probe of a perfect hash table (`NAME_SLOTS`) on the name's `NameKey`
            /// and one comparison of keys, instead of a switch on the length and then on one
            /// byte at a time (whose jump tables the processor mispredicted).
            pub const fn from_name(name: &str) -> Tag {
                let Some(key) = NameKey::of(name.as_bytes()) else {
                    return Tag::Other;
                };
                let tag = NAME_SLOTS[key.slot()];
                if key.equals(&NAME_KEYS[tag as usize]) {
                    tag
                } else {
                    Tag::Other
                }
            }

            /// The tags after [`Tag::Other`], in declaration order.
            const ALL: [Tag; TAG_COUNT - 1] = [$(Tag::$variant,)*];
        }
    };
}

tags! {
    A => "a",
    Address => "address",
    AnnotationXml => "annotation-xml",
    Applet => "applet",
    Area => "area",
    Article => "article",
    Aside => "aside",
    Audio => "audio",
    B => "b",
    Base => "base",
    Basefont => "basefont",
    Bgsound => "bgsound",
    Big => "big",
    Blockquote => "blockquote",
    Body => "body",
    Br => "br",
    Button => "button",
    Canvas => "canvas",
    Caption => "caption",
    Center => "center",
    Code => "code",
    Col => "col",
    Colgroup => "colgroup",
    Datalist => "datalist",
    Dd => "dd",
    Desc => "desc",
    Details => "details",
    Dialog => "dialog",
    Dir => "dir",
    Div => "div",
    Dl => "dl",
    Dt => "dt",
    Em => "em",
    Embed => "embed",
    Fieldset => "fieldset",
    Figcaption => "figcaption",
    Figure => "figure",
    Font => "font",
    Footer => "footer",
    ForeignObject => "foreignobject",
    Form => "form",
    Frame => "frame",
    Frameset => "frameset",
    H1 => "h1",
    H2 => "h2",
    H3 => "h3",
    H4 => "h4",
    H5 => "h5",
    H6 => "h6",
    Head => "head",
    Header => "header",
    Hgroup => "hgroup",
    Hr => "hr",
    Html => "html",
    I => "i",
    Iframe => "iframe",
    Image => "image",
    Img => "img",
    Input => "input",
    Kbd => "kbd",
    Keygen => "keygen",
    Legend => "legend",
    Li => "li",
    Link => "link",
    Listing => "listing",
    Main => "main",
    Malignmark => "malignmark",
    Map => "map",
    Marquee => "marquee",
    Math => "math",
    Menu => "menu",
    Meta => "meta",
    Metadata => "metadata",
    Mglyph => "mglyph",
    Mi => "mi",
    Mn => "mn",
    Mo => "mo",
    Ms => "ms",
    Mtext => "mtext",
    Nav => "nav",
    Nobr => "nobr",
    Noembed => "noembed",
    Noframes => "noframes",
    Noscript => "noscript",
    Object => "object",
    Ol => "ol",
    Optgroup => "optgroup",
    Option => "option",
    P => "p",
    Param => "param",
    Plaintext => "plaintext",
    Pre => "pre",
    Q => "q",
    Rb => "rb",
    Rp => "rp",
    Rt => "rt",
    Rtc => "rtc",
    Ruby => "ruby",
    S => "s",
    Samp => "samp",
    Script => "script",
    Search => "search",
    Section => "section",
    Select => "select",
    Selectedcontent => "selectedcontent",
    Slot => "slot",
    Small => "small",
    Source => "source",
    Span => "span",
    Strike => "strike",
    Strong => "strong",
    Style => "style",
    Sub => "sub",
    Summary => "summary",
    Sup => "sup",
    Svg => "svg",
    Table => "table",
    Tbody => "tbody",
    Td => "td",
    Template => "template",
    Textarea => "textarea",
    Tfoot => "tfoot",
    Th => "th",
    Thead => "thead",
    Time => "time",
    Title => "title",
    Tr => "tr",
    Track => "track",
    Tt => "tt",
    U => "u",
    Ul => "ul",
    Var => "var",
    Video => "video",
    Wbr => "wbr",
    Xmp => "xmp",
}

/// A tag name of 1 to 16 bytes as two words and its length, every byte of the name in the
/// words: a name of up to 3 bytes as its first, middle and last bytes; of 4 to 8 as its first
/// and last 4 (overlapping); of 9 to 16 as its first and last 8. Equal keys are equal names.
#[derive(Debug, Clone, Copy)]
struct NameKey {
    lo: u64,
    hi: u64,
    len: usize,
}

/// The bits of a [`NAME_SLOTS`] index.
const NAME_SLOT_BITS: u32 = 10;

/// The multiplier of [`NameKey::slot`], chosen so that no two known names share a slot (the
/// table's construction fails to compile if they do).
const NAME_HASH: u64 = 0xd4f2_6f93_4fb7_53b9;

impl NameKey {
    /// The key of `b`, `None` if it is empty or longer than 16 bytes (no known tag is).
    #[inline(always)]
    const fn of(b: &[u8]) -> Option<NameKey> {
        let len = b.len();
        let (lo, hi) = if len == 0 || len > 16 {
            return None;
        } else if len <= 3 {
            (
                b[0] as u64 | (b[len / 2] as u64) << 8 | (b[len - 1] as u64) << 16,
                0,
            )
        } else if len <= 8 {
            let (Some(first), Some(last)) = (b.first_chunk::<4>(), b.last_chunk::<4>()) else {
                return None;
            };
            (
                u32::from_le_bytes(*first) as u64 | (u32::from_le_bytes(*last) as u64) << 32,
                0,
            )
        } else {
            let (Some(first), Some(last)) = (b.first_chunk::<8>(), b.last_chunk::<8>()) else {
                return None;
            };
            (u64::from_le_bytes(*first), u64::from_le_bytes(*last))
        };
        Some(NameKey { lo, hi, len })
    }

    /// Its slot in [`NAME_SLOTS`]: the top bits of a multiplicative hash of the key.
    #[inline(always)]
    const fn slot(&self) -> usize {
        let x = (self.lo ^ self.hi.rotate_left(1)).wrapping_add(self.len as u64);
        (x.wrapping_mul(NAME_HASH) >> (64 - NAME_SLOT_BITS)) as usize
    }

    #[inline(always)]
    const fn equals(&self, other: &NameKey) -> bool {
        self.lo == other.lo && self.hi == other.hi && self.len == other.len
    }
}

/// The keys of the known names, at their tags' indices; [`Tag::Other`]'s has length 0, which
/// no name's key has.
const NAME_KEYS: [NameKey; TAG_COUNT] = {
    let mut keys = [NameKey {
        lo: 0,
        hi: 0,
        len: 0,
    }; TAG_COUNT];
    let mut i = 0;
    while i < NAME_LIST.len() {
        match NameKey::of(NAME_LIST[i].as_bytes()) {
            Some(key) => keys[i + 1] = key,
            None => panic!("a known tag name of 1 to 16 bytes"),
        }
        i += 1;
    }
    keys
};

/// The perfect hash table of the known names: at each name's [`NameKey::slot`] its tag,
/// [`Tag::Other`] in the slots no name has.
const NAME_SLOTS: [Tag; 1 << NAME_SLOT_BITS] = {
    let mut slots = [Tag::Other; 1 << NAME_SLOT_BITS];
    let mut i = 0;
    while i < Tag::ALL.len() {
        let tag = Tag::ALL[i];
        let slot = NAME_KEYS[tag as usize].slot();
        assert!(
            matches!(slots[slot], Tag::Other),
            "two known tag names share a slot: change NAME_HASH"
        );
        slots[slot] = tag;
        i += 1;
    }
    slots
};

/// A set of [`Tag`]s: one bit per tag, for every value a `u8` can have (so that a lookup
/// needs no bounds check).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TagSet([u64; 4]);

impl TagSet {
    /// The set of `tags`.
    pub(crate) const fn of(tags: &[Tag]) -> TagSet {
        let mut bits = [0u64; 4];
        let mut i = 0;
        while i < tags.len() {
            let t = tags[i] as usize;
            bits[t / 64] |= 1 << (t % 64);
            i += 1;
        }
        TagSet(bits)
    }

    /// Whether the tag whose `Tag as usize` is `t` is in the set (for tables built in constant
    /// expressions; [`Tag::is_in`] otherwise).
    pub(crate) const fn contains_index(self, t: usize) -> bool {
        t < 256 && self.0[t / 64] >> (t % 64) & 1 != 0
    }
}

/// The start tags "in body" hands to the rules for "in head" (13.2.6.4.7), and "in template"
/// (13.2.6.4.18) too: base, basefont, bgsound, link, meta, noframes, script, style, template,
/// title.
pub(crate) const HEAD_CONTENT: TagSet = TagSet::of(&[
    Tag::Base,
    Tag::Basefont,
    Tag::Bgsound,
    Tag::Link,
    Tag::Meta,
    Tag::Noframes,
    Tag::Script,
    Tag::Style,
    Tag::Template,
    Tag::Title,
]);

/// caption, col, colgroup, tbody, td, tfoot, th, thead, tr: the start tags that close a
/// caption (13.2.6.4.11) or a table cell (13.2.6.4.15).
pub(crate) const TABLE_STRUCTURE: TagSet = TagSet::of(&[
    Tag::Caption,
    Tag::Col,
    Tag::Colgroup,
    Tag::Tbody,
    Tag::Td,
    Tag::Tfoot,
    Tag::Th,
    Tag::Thead,
    Tag::Tr,
]);

/// The end tags the "in body" insertion mode (13.2.6.4.7) handles alike: if the element is
/// not in scope, ignore the token; else generate implied end tags and pop up to the element.
/// address, article, aside, blockquote, button, center, details, dialog, dir, div, dl,
/// fieldset, figcaption, figure, footer, header, hgroup, listing, main, menu, nav, ol, pre,
/// search, section, select, summary, ul. The serialiser's optional-tag check asks of them
/// what the tree builder does with them.
///
/// A pattern (`match tag { in_body_block_end_tag!() => ... }`), not a [`TagSet`], so that the
/// matches it is in stay one jump table: the "in body" end tag rules run for every end tag.
macro_rules! in_body_block_end_tag {
    () => {
        Tag::Address
            | Tag::Article
            | Tag::Aside
            | Tag::Blockquote
            | Tag::Button
            | Tag::Center
            | Tag::Details
            | Tag::Dialog
            | Tag::Dir
            | Tag::Div
            | Tag::Dl
            | Tag::Fieldset
            | Tag::Figcaption
            | Tag::Figure
            | Tag::Footer
            | Tag::Header
            | Tag::Hgroup
            | Tag::Listing
            | Tag::Main
            | Tag::Menu
            | Tag::Nav
            | Tag::Ol
            | Tag::Pre
            | Tag::Search
            | Tag::Section
            | Tag::Select
            | Tag::Summary
            | Tag::Ul
    };
}
pub(crate) use in_body_block_end_tag;

impl Tag {
    /// Whether the tag is in `set`.
    #[inline]
    pub(crate) fn is_in(self, set: TagSet) -> bool {
        let t = self as usize;
        set.0[t / 64] >> (t % 64) & 1 != 0
    }

    /// HTML elements in the special category (13.2.4.2). The MathML and SVG members are checked
    /// with their namespace by the caller.
    pub fn is_special_html(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Address
                | Applet
                | Area
                | Article
                | Aside
                | Base
                | Basefont
                | Bgsound
                | Blockquote
                | Body
                | Br
                | Button
                | Caption
                | Center
                | Col
                | Colgroup
                | Dd
                | Details
                | Dir
                | Div
                | Dl
                | Dt
                | Embed
                | Fieldset
                | Figcaption
                | Figure
                | Footer
                | Form
                | Frame
                | Frameset
                | H1
                | H2
                | H3
                | H4
                | H5
                | H6
                | Head
                | Header
                | Hgroup
                | Hr
                | Html
                | Iframe
                | Img
                | Input
                | Keygen
                | Li
                | Link
                | Listing
                | Main
                | Marquee
                | Menu
                | Meta
                | Nav
                | Noembed
                | Noframes
                | Noscript
                | Object
                | Ol
                | P
                | Param
                | Plaintext
                | Pre
                | Script
                | Search
                | Section
                | Select
                | Source
                | Style
                | Summary
                | Table
                | Tbody
                | Td
                | Template
                | Textarea
                | Tfoot
                | Th
                | Thead
                | Title
                | Tr
                | Track
                | Ul
                | Wbr
                | Xmp
        )
    }

    /// `h1` to `h6`.
    pub fn is_heading(self) -> bool {
        matches!(
            self,
            Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6
        )
    }

    /// The rank of a heading element: `h1` 1 to `h6` 6 (4.3.6, the `h1`–`h6` elements).
    pub(crate) fn heading_rank(self) -> Option<u8> {
        Some(match self {
            Tag::H1 => 1,
            Tag::H2 => 2,
            Tag::H3 => 3,
            Tag::H4 => 4,
            Tag::H5 => 5,
            Tag::H6 => 6,
            _ => return None,
        })
    }

    /// `listing`, `plaintext`, `pre`, `xmp`: the elements the default style sheet lays out as
    /// preformatted text (15.3.3, `white-space: pre`).
    pub(crate) fn is_preformatted(self) -> bool {
        matches!(self, Tag::Listing | Tag::Plaintext | Tag::Pre | Tag::Xmp)
    }

    /// The elements "generate implied end tags" pops (13.2.6.3).
    pub fn has_implied_end_tag(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Dd | Dt | Li | Optgroup | Option | P | Rb | Rp | Rt | Rtc
        )
    }

    /// The elements "generate all implied end tags thoroughly" pops (13.2.6.3).
    pub fn has_implied_end_tag_thoroughly(self) -> bool {
        use Tag::*;
        self.has_implied_end_tag()
            || matches!(
                self,
                Caption | Colgroup | Tbody | Td | Tfoot | Th | Thead | Tr
            )
    }

    /// The elements that may stay open at the end of the body without a parse error.
    pub fn may_stay_open_at_eof(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Dd | Dt
                | Li
                | Optgroup
                | Option
                | P
                | Rb
                | Rp
                | Rt
                | Rtc
                | Tbody
                | Td
                | Tfoot
                | Th
                | Thead
                | Tr
                | Body
                | Html
        )
    }

    /// The formatting elements (13.2.4.2).
    pub fn is_formatting(self) -> bool {
        use Tag::*;
        matches!(
            self,
            A | B | Big | Code | Em | Font | I | Nobr | S | Small | Strike | Strong | Tt | U
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup() {
        assert_eq!(Tag::from_name("table"), Tag::Table);
        assert_eq!(Tag::from_name("annotation-xml"), Tag::AnnotationXml);
        assert_eq!(Tag::from_name("TABLE"), Tag::Other);
        assert_eq!(Tag::from_name("custom-el"), Tag::Other);
        assert_eq!(Tag::from_name("xmp") as usize, TAG_COUNT - 1);
        assert_eq!(Tag::from_name(""), Tag::Other);
        assert_eq!(Tag::from_name("tablex"), Tag::Other);
        assert_eq!(Tag::from_name("tabl"), Tag::Other);
    }

    #[test]
    fn every_name_finds_its_tag() {
        for (i, name) in NAMES.iter().enumerate() {
            assert_eq!(Tag::from_name(name) as usize, i + 1, "{name}");
            assert_eq!(Tag::ALL[i] as usize, i + 1, "{name}");
        }
    }

    /// The tag by a search of the names: what the hash table must answer.
    fn from_name_by_search(name: &str) -> Tag {
        NAMES
            .iter()
            .position(|n| *n == name)
            .map_or(Tag::Other, |i| Tag::ALL[i])
    }

    /// Names next to the known ones (one byte changed, one left out or added at each place,
    /// each half, twice the name, up to 24 bytes) find what a search of the names finds.
    #[test]
    fn names_next_to_the_known_ones_find_what_a_search_finds() {
        let mut tried = 0;
        let mut check = |name: &[u8]| {
            let name = String::from_utf8_lossy(name);
            assert_eq!(
                Tag::from_name(&name),
                from_name_by_search(&name),
                "{name:?}"
            );
            tried += 1;
        };
        for name in NAMES {
            let b = name.as_bytes();
            check(&[b, b].concat());
            for i in 0..=b.len() {
                check(&b[..i]);
                check(&b[i..]);
                for c in [b'a', b'z', b'-', b'1', b'A', 0, 0xC3] {
                    check(&[&b[..i], &[c][..], &b[i..]].concat());
                    if i < b.len() {
                        let mut changed = b.to_vec();
                        changed[i] = c;
                        check(&changed);
                        check(&[&b[..i], &b[i + 1..]].concat());
                    }
                }
            }
        }
        for len in 0..=24 {
            check(&vec![b'a'; len]);
        }
        assert!(tried > 10_000);
    }

    #[test]
    fn the_in_body_block_end_tags_are_the_specs() {
        // 13.2.6.4.7, "An end tag whose tag name is one of: ...", as the standard lists them.
        let spec = "address article aside blockquote button center details dialog dir div dl \
                    fieldset figcaption figure footer header hgroup listing main menu nav ol pre \
                    search section select summary ul";
        let names: Vec<&str> = spec.split_whitespace().collect();
        assert_eq!(names.len(), 28);
        for name in &names {
            assert!(
                matches!(Tag::from_name(name), in_body_block_end_tag!()),
                "{name}"
            );
        }
        let members = NAMES
            .iter()
            .filter(|n| matches!(Tag::from_name(n), in_body_block_end_tag!()));
        assert_eq!(members.count(), names.len());
    }
}
