//! The HTML part of the MIME Sniffing Standard's "rules for identifying an unknown MIME type"
//! (MIME Sniffing Standard, 7.1), with the sniff-scriptable flag set, as a browser navigating
//! to a response without a usable `Content-Type` runs it.

/// How many bytes of a resource the sniffing reads: the "resource header" (MIME Sniffing
/// Standard, 5.2: at most 1,445 bytes).
pub const RESOURCE_HEADER: usize = 1445;

/// The patterns of 7.1's table that identify `text/html`, upper-case: each matches ASCII
/// case-insensitively after leading whitespace bytes, and must be followed by a
/// tag-terminating byte (0x20 SP or 0x3E `>`).
const HTML_PATTERNS: [&[u8]; 17] = [
    b"<!DOCTYPE HTML",
    b"<HTML",
    b"<HEAD",
    b"<SCRIPT",
    b"<IFRAME",
    b"<H1",
    b"<DIV",
    b"<FONT",
    b"<TABLE",
    b"<A",
    b"<STYLE",
    b"<TITLE",
    b"<B",
    b"<BODY",
    b"<BR",
    b"<P",
    b"<!--",
];

/// Whether the first bytes of `payload` make the rules for identifying an unknown MIME type
/// (MIME Sniffing Standard 7.1, sniff-scriptable flag set) say `text/html`: after any
/// whitespace bytes (0x09, 0x0A, 0x0C, 0x0D, 0x20), one of the HTML patterns (`<!DOCTYPE
/// HTML`, `<HTML`, `<HEAD`, `<SCRIPT`, `<IFRAME`, `<H1`, `<DIV`, `<FONT`, `<TABLE`, `<A`,
/// `<STYLE`, `<TITLE`, `<B`, `<BODY`, `<BR`, `<P`, `<!--`), letters matched ASCII
/// case-insensitively, followed by a tag-terminating byte (0x20 or `>`), all within the first
/// [`RESOURCE_HEADER`] bytes.
///
/// ```
/// use simdhtml::warc::sniffs_as_html;
/// assert!(sniffs_as_html(b"\r\n  <!doctype html>"));
/// assert!(sniffs_as_html(b"<p>text"));
/// assert!(!sniffs_as_html(b"<pre>text")); // `<P` must be followed by SP or `>`
/// assert!(!sniffs_as_html(b"<html")); // the terminating byte must be there
/// assert!(!sniffs_as_html(b"%PDF-1.4"));
/// ```
pub fn sniffs_as_html(payload: &[u8]) -> bool {
    let header = &payload[..payload.len().min(RESOURCE_HEADER)];
    let start = header
        .iter()
        .position(|b| !matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20))
        .unwrap_or(header.len());
    let rest = &header[start..];
    HTML_PATTERNS.iter().any(|p| {
        rest.len() > p.len()
            && rest[..p.len()].eq_ignore_ascii_case(p)
            && matches!(rest[p.len()], b' ' | b'>')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_with_both_terminators_and_leading_whitespace() {
        for p in HTML_PATTERNS {
            for tt in [b' ', b'>'] {
                let mut upper = p.to_vec();
                upper.push(tt);
                assert!(sniffs_as_html(&upper), "{upper:?}");
                let mut lower = b"\t\n\x0C\r ".to_vec();
                lower.extend(p.to_ascii_lowercase());
                lower.push(tt);
                assert!(sniffs_as_html(&lower), "{lower:?}");
            }
        }
    }

    #[test]
    fn near_misses_are_not_html() {
        for bad in [
            &b""[..],
            b"   ",
            b"<p",     // no terminating byte
            b"<p\t",   // a tab is not a tag-terminating byte
            b"<p/>",   // nor is `/`
            b"<pre>",  // a longer name
            b"<abbr>", // `<A` then a letter
            b"<!-- x", // `<!--` needs SP or `>` next: here SP, so this one IS html
            b"<?xml version='1.0'?><html>",
            b"\xEF\xBB\xBF<html>", // a BOM is not whitespace
            b"\x0B<html>",         // nor is VT
            b"text <html>",
            b"%PDF-1.4",
            b"{\"json\": 1}",
        ] {
            let expected = bad == b"<!-- x";
            assert_eq!(
                sniffs_as_html(bad),
                expected,
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }

    #[test]
    fn only_the_resource_header_is_read() {
        let mut late = vec![b' '; RESOURCE_HEADER - 3];
        late.extend_from_slice(b"<p>");
        assert!(sniffs_as_html(&late));
        let mut later = vec![b' '; RESOURCE_HEADER - 2];
        later.extend_from_slice(b"<p>");
        assert!(!sniffs_as_html(&later));
    }
}
