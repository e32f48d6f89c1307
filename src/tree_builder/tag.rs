//! Known tag names as small integers, so that the stack of open elements, the scopes and the
//! insertion modes compare integers instead of strings.
//!
//! A [`Tag`] says nothing about the namespace: `title` is [`Tag::Title`] in HTML and in SVG alike.
//! Every check in the tree builder pairs the tag with the element's namespace.

macro_rules! tags {
    ($($variant:ident => $name:literal,)*) => {
        /// A tag name the tree construction rules mention, or [`Tag::Other`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Tag {
            /// Any name the rules do not mention.
            Other,
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }

        /// The number of [`Tag`] values (for per-tag tables).
        pub const TAG_COUNT: usize = [$($name,)*].len() + 1;

        impl Tag {
            /// The tag for a lower-case tag name (or SVG's lower-cased `foreignobject`).
            pub fn from_name(name: &str) -> Tag {
                match name {
                    $($name => Tag::$variant,)*
                    _ => Tag::Other,
                }
            }
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
    B => "b",
    Base => "base",
    Basefont => "basefont",
    Bgsound => "bgsound",
    Big => "big",
    Blockquote => "blockquote",
    Body => "body",
    Br => "br",
    Button => "button",
    Caption => "caption",
    Center => "center",
    Code => "code",
    Col => "col",
    Colgroup => "colgroup",
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
    Keygen => "keygen",
    Li => "li",
    Link => "link",
    Listing => "listing",
    Main => "main",
    Malignmark => "malignmark",
    Marquee => "marquee",
    Math => "math",
    Menu => "menu",
    Meta => "meta",
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
    Rb => "rb",
    Rp => "rp",
    Rt => "rt",
    Rtc => "rtc",
    Ruby => "ruby",
    S => "s",
    Script => "script",
    Search => "search",
    Section => "section",
    Select => "select",
    Selectedcontent => "selectedcontent",
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
    Title => "title",
    Tr => "tr",
    Track => "track",
    Tt => "tt",
    U => "u",
    Ul => "ul",
    Var => "var",
    Wbr => "wbr",
    Xmp => "xmp",
}

/// A set of [`Tag`]s: one bit per tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TagSet(u128);

const _: () = assert!(TAG_COUNT <= 128, "a TagSet has one bit per tag");

impl TagSet {
    /// The set of `tags`.
    pub(crate) const fn of(tags: &[Tag]) -> TagSet {
        let mut bits = 0u128;
        let mut i = 0;
        while i < tags.len() {
            bits |= 1 << tags[i] as u8;
            i += 1;
        }
        TagSet(bits)
    }
}

impl Tag {
    /// Whether the tag is in `set`.
    #[inline]
    pub(crate) fn is_in(self, set: TagSet) -> bool {
        set.0 >> (self as u8) & 1 != 0
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
    }
}
