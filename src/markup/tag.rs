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
    ($($variant:ident => $name:literal [$($byte:literal),*],)*) => {
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
        static NAMES: [&str; TAG_COUNT - 1] = [$($name,)*];

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
            pub const fn from_name(name: &str) -> Tag {
                // Byte patterns, not string patterns: the match becomes a switch on the length
                // and then on one byte at a time, instead of a string comparison per name.
                match name.as_bytes() {
                    $([$($byte),*] => Tag::$variant,)*
                    _ => Tag::Other,
                }
            }
        }
    };
}

tags! {
    A => "a" [b'a'],
    Address => "address" [b'a', b'd', b'd', b'r', b'e', b's', b's'],
    AnnotationXml => "annotation-xml" [b'a', b'n', b'n', b'o', b't', b'a', b't', b'i', b'o', b'n', b'-', b'x', b'm', b'l'],
    Applet => "applet" [b'a', b'p', b'p', b'l', b'e', b't'],
    Area => "area" [b'a', b'r', b'e', b'a'],
    Article => "article" [b'a', b'r', b't', b'i', b'c', b'l', b'e'],
    Aside => "aside" [b'a', b's', b'i', b'd', b'e'],
    Audio => "audio" [b'a', b'u', b'd', b'i', b'o'],
    B => "b" [b'b'],
    Base => "base" [b'b', b'a', b's', b'e'],
    Basefont => "basefont" [b'b', b'a', b's', b'e', b'f', b'o', b'n', b't'],
    Bgsound => "bgsound" [b'b', b'g', b's', b'o', b'u', b'n', b'd'],
    Big => "big" [b'b', b'i', b'g'],
    Blockquote => "blockquote" [b'b', b'l', b'o', b'c', b'k', b'q', b'u', b'o', b't', b'e'],
    Body => "body" [b'b', b'o', b'd', b'y'],
    Br => "br" [b'b', b'r'],
    Button => "button" [b'b', b'u', b't', b't', b'o', b'n'],
    Canvas => "canvas" [b'c', b'a', b'n', b'v', b'a', b's'],
    Caption => "caption" [b'c', b'a', b'p', b't', b'i', b'o', b'n'],
    Center => "center" [b'c', b'e', b'n', b't', b'e', b'r'],
    Code => "code" [b'c', b'o', b'd', b'e'],
    Col => "col" [b'c', b'o', b'l'],
    Colgroup => "colgroup" [b'c', b'o', b'l', b'g', b'r', b'o', b'u', b'p'],
    Datalist => "datalist" [b'd', b'a', b't', b'a', b'l', b'i', b's', b't'],
    Dd => "dd" [b'd', b'd'],
    Desc => "desc" [b'd', b'e', b's', b'c'],
    Details => "details" [b'd', b'e', b't', b'a', b'i', b'l', b's'],
    Dialog => "dialog" [b'd', b'i', b'a', b'l', b'o', b'g'],
    Dir => "dir" [b'd', b'i', b'r'],
    Div => "div" [b'd', b'i', b'v'],
    Dl => "dl" [b'd', b'l'],
    Dt => "dt" [b'd', b't'],
    Em => "em" [b'e', b'm'],
    Embed => "embed" [b'e', b'm', b'b', b'e', b'd'],
    Fieldset => "fieldset" [b'f', b'i', b'e', b'l', b'd', b's', b'e', b't'],
    Figcaption => "figcaption" [b'f', b'i', b'g', b'c', b'a', b'p', b't', b'i', b'o', b'n'],
    Figure => "figure" [b'f', b'i', b'g', b'u', b'r', b'e'],
    Font => "font" [b'f', b'o', b'n', b't'],
    Footer => "footer" [b'f', b'o', b'o', b't', b'e', b'r'],
    ForeignObject => "foreignobject" [b'f', b'o', b'r', b'e', b'i', b'g', b'n', b'o', b'b', b'j', b'e', b'c', b't'],
    Form => "form" [b'f', b'o', b'r', b'm'],
    Frame => "frame" [b'f', b'r', b'a', b'm', b'e'],
    Frameset => "frameset" [b'f', b'r', b'a', b'm', b'e', b's', b'e', b't'],
    H1 => "h1" [b'h', b'1'],
    H2 => "h2" [b'h', b'2'],
    H3 => "h3" [b'h', b'3'],
    H4 => "h4" [b'h', b'4'],
    H5 => "h5" [b'h', b'5'],
    H6 => "h6" [b'h', b'6'],
    Head => "head" [b'h', b'e', b'a', b'd'],
    Header => "header" [b'h', b'e', b'a', b'd', b'e', b'r'],
    Hgroup => "hgroup" [b'h', b'g', b'r', b'o', b'u', b'p'],
    Hr => "hr" [b'h', b'r'],
    Html => "html" [b'h', b't', b'm', b'l'],
    I => "i" [b'i'],
    Iframe => "iframe" [b'i', b'f', b'r', b'a', b'm', b'e'],
    Image => "image" [b'i', b'm', b'a', b'g', b'e'],
    Img => "img" [b'i', b'm', b'g'],
    Input => "input" [b'i', b'n', b'p', b'u', b't'],
    Kbd => "kbd" [b'k', b'b', b'd'],
    Keygen => "keygen" [b'k', b'e', b'y', b'g', b'e', b'n'],
    Legend => "legend" [b'l', b'e', b'g', b'e', b'n', b'd'],
    Li => "li" [b'l', b'i'],
    Link => "link" [b'l', b'i', b'n', b'k'],
    Listing => "listing" [b'l', b'i', b's', b't', b'i', b'n', b'g'],
    Main => "main" [b'm', b'a', b'i', b'n'],
    Malignmark => "malignmark" [b'm', b'a', b'l', b'i', b'g', b'n', b'm', b'a', b'r', b'k'],
    Map => "map" [b'm', b'a', b'p'],
    Marquee => "marquee" [b'm', b'a', b'r', b'q', b'u', b'e', b'e'],
    Math => "math" [b'm', b'a', b't', b'h'],
    Menu => "menu" [b'm', b'e', b'n', b'u'],
    Meta => "meta" [b'm', b'e', b't', b'a'],
    Metadata => "metadata" [b'm', b'e', b't', b'a', b'd', b'a', b't', b'a'],
    Mglyph => "mglyph" [b'm', b'g', b'l', b'y', b'p', b'h'],
    Mi => "mi" [b'm', b'i'],
    Mn => "mn" [b'm', b'n'],
    Mo => "mo" [b'm', b'o'],
    Ms => "ms" [b'm', b's'],
    Mtext => "mtext" [b'm', b't', b'e', b'x', b't'],
    Nav => "nav" [b'n', b'a', b'v'],
    Nobr => "nobr" [b'n', b'o', b'b', b'r'],
    Noembed => "noembed" [b'n', b'o', b'e', b'm', b'b', b'e', b'd'],
    Noframes => "noframes" [b'n', b'o', b'f', b'r', b'a', b'm', b'e', b's'],
    Noscript => "noscript" [b'n', b'o', b's', b'c', b'r', b'i', b'p', b't'],
    Object => "object" [b'o', b'b', b'j', b'e', b'c', b't'],
    Ol => "ol" [b'o', b'l'],
    Optgroup => "optgroup" [b'o', b'p', b't', b'g', b'r', b'o', b'u', b'p'],
    Option => "option" [b'o', b'p', b't', b'i', b'o', b'n'],
    P => "p" [b'p'],
    Param => "param" [b'p', b'a', b'r', b'a', b'm'],
    Plaintext => "plaintext" [b'p', b'l', b'a', b'i', b'n', b't', b'e', b'x', b't'],
    Pre => "pre" [b'p', b'r', b'e'],
    Q => "q" [b'q'],
    Rb => "rb" [b'r', b'b'],
    Rp => "rp" [b'r', b'p'],
    Rt => "rt" [b'r', b't'],
    Rtc => "rtc" [b'r', b't', b'c'],
    Ruby => "ruby" [b'r', b'u', b'b', b'y'],
    S => "s" [b's'],
    Samp => "samp" [b's', b'a', b'm', b'p'],
    Script => "script" [b's', b'c', b'r', b'i', b'p', b't'],
    Search => "search" [b's', b'e', b'a', b'r', b'c', b'h'],
    Section => "section" [b's', b'e', b'c', b't', b'i', b'o', b'n'],
    Select => "select" [b's', b'e', b'l', b'e', b'c', b't'],
    Selectedcontent => "selectedcontent" [b's', b'e', b'l', b'e', b'c', b't', b'e', b'd', b'c', b'o', b'n', b't', b'e', b'n', b't'],
    Slot => "slot" [b's', b'l', b'o', b't'],
    Small => "small" [b's', b'm', b'a', b'l', b'l'],
    Source => "source" [b's', b'o', b'u', b'r', b'c', b'e'],
    Span => "span" [b's', b'p', b'a', b'n'],
    Strike => "strike" [b's', b't', b'r', b'i', b'k', b'e'],
    Strong => "strong" [b's', b't', b'r', b'o', b'n', b'g'],
    Style => "style" [b's', b't', b'y', b'l', b'e'],
    Sub => "sub" [b's', b'u', b'b'],
    Summary => "summary" [b's', b'u', b'm', b'm', b'a', b'r', b'y'],
    Sup => "sup" [b's', b'u', b'p'],
    Svg => "svg" [b's', b'v', b'g'],
    Table => "table" [b't', b'a', b'b', b'l', b'e'],
    Tbody => "tbody" [b't', b'b', b'o', b'd', b'y'],
    Td => "td" [b't', b'd'],
    Template => "template" [b't', b'e', b'm', b'p', b'l', b'a', b't', b'e'],
    Textarea => "textarea" [b't', b'e', b'x', b't', b'a', b'r', b'e', b'a'],
    Tfoot => "tfoot" [b't', b'f', b'o', b'o', b't'],
    Th => "th" [b't', b'h'],
    Thead => "thead" [b't', b'h', b'e', b'a', b'd'],
    Time => "time" [b't', b'i', b'm', b'e'],
    Title => "title" [b't', b'i', b't', b'l', b'e'],
    Tr => "tr" [b't', b'r'],
    Track => "track" [b't', b'r', b'a', b'c', b'k'],
    Tt => "tt" [b't', b't'],
    U => "u" [b'u'],
    Ul => "ul" [b'u', b'l'],
    Var => "var" [b'v', b'a', b'r'],
    Video => "video" [b'v', b'i', b'd', b'e', b'o'],
    Wbr => "wbr" [b'w', b'b', b'r'],
    Xmp => "xmp" [b'x', b'm', b'p'],
}

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
    fn byte_patterns_spell_the_names() {
        for (i, name) in NAMES.iter().enumerate() {
            assert_eq!(Tag::from_name(name) as usize, i + 1, "{name}");
        }
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
