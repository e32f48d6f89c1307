//! Custom element names (HTML Standard 4.13.3 "valid custom element name"): the one rule the
//! tree builder (declarative shadow roots' valid shadow host names), the selectors (`:defined`)
//! and the serialiser (the `p` end tag's parent condition) share.

/// The names the SVG and MathML specifications use that would otherwise match
/// `PotentialCustomElementName`: none of them is a valid custom element name.
const RESERVED: [&str; 8] = [
    "annotation-xml",
    "color-profile",
    "font-face",
    "font-face-src",
    "font-face-uri",
    "font-face-format",
    "font-face-name",
    "missing-glyph",
];

/// A `PCENChar` of the `PotentialCustomElementName` production.
fn is_pcen_char(c: char) -> bool {
    matches!(c,
        '-' | '.' | '0'..='9' | '_' | 'a'..='z' | '\u{B7}'
        | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{37D}'
        | '\u{37F}'..='\u{1FFF}' | '\u{200C}'..='\u{200D}' | '\u{203F}'..='\u{2040}'
        | '\u{2070}'..='\u{218F}' | '\u{2C00}'..='\u{2FEF}' | '\u{3001}'..='\u{D7FF}'
        | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}' | '\u{10000}'..='\u{EFFFF}')
}

/// A valid custom element name (4.13.3): it matches `PotentialCustomElementName`
/// (`[a-z] (PCENChar)* '-' (PCENChar)*`) and is none of the names the SVG and MathML
/// specifications use.
pub(crate) fn is_valid_custom_element_name(name: &str) -> bool {
    may_be_custom_element_name(name) && name.chars().all(is_pcen_char)
}

/// [`is_valid_custom_element_name`] without its check of the characters after the first: the
/// name starts with an ASCII lower alpha, has a hyphen and is not reserved. The serialiser's
/// reading of "an autonomous custom element" (the `p` end tag's rule), which only ever counts
/// more names as custom and so keeps more `</p>`.
pub(crate) fn may_be_custom_element_name(name: &str) -> bool {
    name.as_bytes().first().is_some_and(u8::is_ascii_lowercase)
        && name.contains('-')
        && !RESERVED.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_element_names() {
        for ok in [
            "my-element",
            "x-",
            "a-",
            "a-b.c_d",
            "math-α",
            "math-\u{3b1}",
            "emotion-😍",
        ] {
            assert!(is_valid_custom_element_name(ok), "{ok}");
            assert!(may_be_custom_element_name(ok), "{ok}");
        }
        for bad in [
            "div",
            "My-element",
            "-x",
            "-a",
            "1-x",
            "1-a",
            "font-face",
            "annotation-xml",
            "",
        ] {
            assert!(!is_valid_custom_element_name(bad), "{bad}");
            assert!(!may_be_custom_element_name(bad), "{bad}");
        }
        // Characters `PCENChar` leaves out: not valid, but the serialiser's looser reading
        // counts them as custom.
        for odd in ["a b-c", "a-b:c", "x-$"] {
            assert!(!is_valid_custom_element_name(odd), "{odd}");
            assert!(may_be_custom_element_name(odd), "{odd}");
        }
    }
}
