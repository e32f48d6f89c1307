//! Tree construction errors (13.2.6): the parse errors the insertion modes raise, as a type.
//!
//! The standard gives tree construction errors no codes (its table of codes, 13.2.2, covers
//! the tokenizer's); each rule says only "this is a parse error". The variants name the
//! situations, one per situation the rules distinguish, and [`TreeConstructionError::as_str`]
//! (and `Display`) gives each a fixed description, the string these errors have always had.

use std::fmt;

/// Declares [`TreeConstructionError`] and its descriptions, one line per variant.
macro_rules! tree_construction_errors {
    ($($variant:ident => $message:literal,)*) => {
        /// A tree construction parse error: what the rule that raised it found (see the
        /// module's docs). Its `Display` is [`as_str`](Self::as_str).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum TreeConstructionError {
            $(
                #[doc = concat!("\"", $message, "\"")]
                $variant,
            )*
        }

        impl TreeConstructionError {
            /// Every variant, in declaration order.
            pub const ALL: &[TreeConstructionError] = &[$(TreeConstructionError::$variant,)*];

            /// The error's description (e.g. `"unexpected DOCTYPE"`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(TreeConstructionError::$variant => $message,)*
                }
            }
        }
    };
}

tree_construction_errors! {
    BadDoctype => "bad DOCTYPE",
    BodyEndTagWithOpenElements => "body end tag with open elements",
    BodyEndTagWithoutBodyInScope => "body end tag without body in scope",
    BrEndTag => "br end tag",
    CaptionEndWithOpenChildren => "caption end with open children",
    CaptionNotOpen => "caption not open",
    CellClosedWithOpenChildren => "cell closed with open children",
    CellEndTagWithOpenChildren => "cell end tag with open children",
    CellEndTagWithoutOpenCell => "cell end tag without open cell",
    CellOutsideRow => "cell outside row",
    CharacterInColgroup => "character in colgroup",
    CharacterInTable => "character in table",
    ColEndTag => "col end tag",
    ColgroupEndTagWithoutOpenColgroup => "colgroup end tag without open colgroup",
    ContentAfterBody => "content after body",
    ContentAfterFrameset => "content after frameset",
    ContentAfterHtml => "content after html",
    EndOfFileInFrameset => "end of file in frameset",
    EndOfFileInTemplate => "end of file in template",
    EndOfFileInText => "end of file in text",
    EndOfFileWithOpenElements => "end of file with open elements",
    EndTagForUnopenedElement => "end tag for unopened element",
    EndTagWithOpenChildren => "end tag with open children",
    EndTagWithoutOpenElement => "end tag without open element",
    FormEndTagWithOpenChildren => "form end tag with open children",
    FormEndTagWithoutOpenForm => "form end tag without open form",
    FormInTable => "form in table",
    FormattingElementNotInScope => "formatting element not in scope",
    FormattingElementNotOpen => "formatting element not open",
    FramesetEndTagAtRoot => "frameset end tag at root",
    HeadElementAfterHead => "head element after head",
    HeadingEndTagWithOpenChildren => "heading end tag with open children",
    HeadingEndTagWithoutOpenHeading => "heading end tag without open heading",
    HrInOption => "hr in option",
    HtmlEndTagInForeignContent => "HTML end tag in foreign content",
    HtmlEndTagInFragment => "html end tag in fragment",
    HtmlStartTagInForeignContent => "HTML start tag in foreign content",
    ImageStartTag => "image start tag",
    InputInSelect => "input in select",
    InputInTable => "input in table",
    LiEndTagWithOpenChildren => "li end tag with open children",
    LiEndTagWithoutOpenLi => "li end tag without open li",
    MisnestedFormattingElementEndTag => "misnested formatting element end tag",
    MissingDoctype => "missing DOCTYPE",
    NestedA => "nested a",
    NestedButton => "nested button",
    NestedForm => "nested form",
    NestedHeading => "nested heading",
    NestedNobr => "nested nobr",
    NestedOptgroup => "nested optgroup",
    NestedOption => "nested option",
    NestedTable => "nested table",
    NoCellOpen => "no cell open",
    NoTableSectionOpen => "no table section open",
    NoTrOpen => "no tr open",
    NonSpaceCharactersInTable => "non-space characters in table",
    PEndTagWithoutOpenP => "p end tag without open p",
    RbOutsideRuby => "rb outside ruby",
    RtOutsideRuby => "rt outside ruby",
    SelectInSelect => "select in select",
    TableEndTagWithoutOpenTable => "table end tag without open table",
    TableSectionEndTagWithoutOpenSection => "table section end tag without open section",
    TemplateEndTagWithOpenChildren => "template end tag with open children",
    TemplateEndTagWithoutOpenTemplate => "template end tag without open template",
    TextAfterBody => "text after body",
    TextAfterHtml => "text after html",
    TrEndTagWithoutOpenTr => "tr end tag without open tr",
    UnclosedElementsInDdDt => "unclosed elements in dd/dt",
    UnclosedElementsInLi => "unclosed elements in li",
    UnclosedElementsInsideP => "unclosed elements inside p",
    UnexpectedBodyStartTag => "unexpected body start tag",
    UnexpectedCharacterAfterFrameset => "unexpected character after frameset",
    UnexpectedCharacterInFrameset => "unexpected character in frameset",
    UnexpectedDoctype => "unexpected DOCTYPE",
    UnexpectedEndTag => "unexpected end tag",
    UnexpectedEndTagAfterHead => "unexpected end tag after head",
    UnexpectedEndTagInCaption => "unexpected end tag in caption",
    UnexpectedEndTagInCell => "unexpected end tag in cell",
    UnexpectedEndTagInForeignContent => "unexpected end tag in foreign content",
    UnexpectedEndTagInHead => "unexpected end tag in head",
    UnexpectedEndTagInNoscript => "unexpected end tag in noscript",
    UnexpectedEndTagInRow => "unexpected end tag in row",
    UnexpectedEndTagInTable => "unexpected end tag in table",
    UnexpectedEndTagInTableBody => "unexpected end tag in table body",
    UnexpectedEndTagInTemplate => "unexpected end tag in template",
    UnexpectedFramesetStartTag => "unexpected frameset start tag",
    UnexpectedHeadStartTag => "unexpected head start tag",
    UnexpectedHtmlStartTag => "unexpected html start tag",
    UnexpectedNullCharacter => "unexpected null character",
    UnexpectedStartTagInNoscript => "unexpected start tag in noscript",
    UnexpectedTableStartTagInBody => "unexpected table start tag in body",
    UnexpectedTokenAfterFrameset => "unexpected token after frameset",
    UnexpectedTokenInColgroup => "unexpected token in colgroup",
    UnexpectedTokenInFrameset => "unexpected token in frameset",
    UnexpectedTokenInNoscript => "unexpected token in noscript",
    UnexpectedTokenInTable => "unexpected token in table",
}

impl fmt::Display for TreeConstructionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::TreeConstructionError;

    #[test]
    fn the_descriptions_are_distinct_and_display_as_before() {
        let mut seen = std::collections::HashSet::new();
        for &e in TreeConstructionError::ALL {
            assert!(seen.insert(e.as_str()), "{e:?}");
            assert_eq!(e.to_string(), e.as_str());
        }
        assert_eq!(
            TreeConstructionError::UnexpectedDoctype.to_string(),
            "unexpected DOCTYPE"
        );
    }
}
