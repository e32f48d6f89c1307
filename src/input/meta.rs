//! The "algorithm for extracting a character encoding from a meta element" (HTML Standard,
//! chapter 2 "Common infrastructure", "Extracting character encodings from meta elements"), used
//! by the prescan (13.2.3.2) and by the tree builder for
//! `<meta http-equiv=content-type content=...>` ("in head", 13.2.6.4.4).

use encoding_rs::Encoding;

/// The spec's "algorithm for extracting a character encoding from a meta element": finds
/// `charset` (ASCII case-insensitive) in a `content` attribute value such as
/// `"text/html; charset=utf-8"` and returns the encoding its value names.
///
/// `content` is the attribute value as text. Returns `None` ("nothing") when there is no
/// `charset=`, when the value after it is an unmatched quote or empty, or when the label is not
/// one the Encoding Standard knows ("getting an encoding" fails). UTF-16 and x-user-defined are
/// returned as they are; the callers (prescan, "change the encoding") adjust them.
pub fn extract_meta_charset(content: &str) -> Option<&'static Encoding> {
    extract_meta_charset_bytes(content.as_bytes())
}

/// [`extract_meta_charset`] over bytes. Only ASCII bytes take part in the match, so running it
/// on the UTF-8 bytes of a string and on the prescan's byte-for-code-point values gives the
/// same answer.
pub(crate) fn extract_meta_charset_bytes(s: &[u8]) -> Option<&'static Encoding> {
    // 1. Let position be a pointer into s, initially pointing at the start of the string.
    let mut position = 0;
    loop {
        // 2. Loop: Find the first seven characters in s after position that are an ASCII
        //    case-insensitive match for the word "charset". If no such match is found, return
        //    nothing.
        let found = s
            .get(position..)?
            .windows(7)
            .position(|w| w.eq_ignore_ascii_case(b"charset"))?;
        position += found + 7;
        // 3. Skip any ASCII whitespace that immediately follow the word "charset".
        while s
            .get(position)
            .copied()
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            position += 1;
        }
        // 4. If the next character is not a U+003D EQUALS SIGN (=), then move position to point
        //    just before that next character, and jump back to the step labeled loop.
        if s.get(position) != Some(&b'=') {
            continue;
        }
        position += 1;
        break;
    }
    // 5. Skip any ASCII whitespace that immediately follow the equals sign.
    while s
        .get(position)
        .copied()
        .is_some_and(|b| b.is_ascii_whitespace())
    {
        position += 1;
    }
    // 6. Process the next character.
    let &next = s.get(position)?; // No next character: return nothing.
    if next == b'"' || next == b'\'' {
        // A quote with a later matching quote: the substring between them; an unmatched quote
        // returns nothing.
        let rest = &s[position + 1..];
        let end = memchr::memchr(next, rest)?;
        return Encoding::for_label(&rest[..end]);
    }
    // Otherwise: up to the first ASCII whitespace or U+003B (;), or the end of s.
    let rest = &s[position..];
    let end = rest
        .iter()
        .position(|&b| b.is_ascii_whitespace() || b == b';')
        .unwrap_or(rest.len());
    Encoding::for_label(&rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{ISO_8859_2, UTF_8, WINDOWS_1252};

    #[test]
    fn plain_value() {
        assert_eq!(
            extract_meta_charset("text/html; charset=utf-8"),
            Some(UTF_8)
        );
        assert_eq!(
            extract_meta_charset("text/html;charset=ISO-8859-2;x=y"),
            Some(ISO_8859_2)
        );
        assert_eq!(
            extract_meta_charset("CHARSET = latin1 foo"),
            Some(WINDOWS_1252)
        );
    }

    #[test]
    fn quoted_values() {
        assert_eq!(extract_meta_charset("charset=\"utf-8\""), Some(UTF_8));
        assert_eq!(extract_meta_charset("charset='utf-8' ; x"), Some(UTF_8));
        // Unmatched quotes return nothing.
        assert_eq!(extract_meta_charset("charset='utf-8"), None);
        assert_eq!(extract_meta_charset("charset=\"utf-8"), None);
        // Whitespace inside quotes is trimmed by "get an encoding".
        assert_eq!(extract_meta_charset("charset=\" utf-8 \""), Some(UTF_8));
    }

    #[test]
    fn charset_not_followed_by_equals_keeps_looking() {
        assert_eq!(extract_meta_charset("charsetcharset=utf-8"), Some(UTF_8));
        assert_eq!(extract_meta_charset("charset;charset=utf-8"), Some(UTF_8));
        assert_eq!(extract_meta_charset("charset"), None);
        assert_eq!(extract_meta_charset("charset="), None);
        assert_eq!(extract_meta_charset("charset=   "), None);
    }

    #[test]
    fn unknown_label_is_nothing() {
        assert_eq!(extract_meta_charset("charset=bogus"), None);
        assert_eq!(extract_meta_charset("charset=;utf-8"), None);
    }

    #[test]
    fn non_ascii_around_is_harmless() {
        assert_eq!(extract_meta_charset("é charset=utf-8"), Some(UTF_8));
        assert_eq!(extract_meta_charset("charset=utf-8é"), None);
    }
}
