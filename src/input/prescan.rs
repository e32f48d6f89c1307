//! "Prescan a byte stream to determine its encoding" and "get an XML encoding" (HTML Standard
//! 13.2.3.2), transcribed step by step over a byte slice.
//!
//! The slice given is the whole of what the prescan may look at: its end is both "runs out of
//! bytes" and the end condition, which abort the prescan in the same way (the result is then
//! "get an XML encoding" applied to the same bytes).

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED};

use super::meta::extract_meta_charset_bytes;

/// The prescan's end condition that the spec encourages: the first 1,024 bytes (13.2.3.2 step 5
/// of the encoding sniffing algorithm).
pub const PRESCAN_LIMIT: usize = 1024;

/// "Prescan a byte stream to determine its encoding" (13.2.3.2) over the first
/// [`PRESCAN_LIMIT`] (1,024) bytes of `bytes`.
///
/// Returns the encoding a `<meta charset>` / `<meta http-equiv=content-type content=...>`
/// declares (UTF-16BE/LE turned into UTF-8, x-user-defined into windows-1252), UTF-16LE/BE for a
/// BOM-less UTF-16 `<?x` at the very start, or, when the prescan is aborted, the result of
/// [`get_xml_encoding`] on the same bytes. `None` is the spec's "failure". Never panics.
pub fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    prescan_with_end(&bytes[..bytes.len().min(PRESCAN_LIMIT)])
}

/// "Prescan a byte stream to determine its encoding" (13.2.3.2) with the end condition "the end
/// of `bytes`": the prescan looks at every byte of the slice and at nothing after it.
///
/// [`prescan`] is this on the first 1,024 bytes. Same results as [`prescan`].
pub fn prescan_with_end(bytes: &[u8]) -> Option<&'static Encoding> {
    match prescan_steps(bytes) {
        Ok(encoding) => Some(encoding),
        // Aborted (out of bytes or end condition): "return the result get an XML encoding
        // applied to the same bytes".
        Err(Aborted) => get_xml_encoding(bytes),
    }
}

/// The prescan ran out of bytes or reached its end condition.
struct Aborted;

/// The `charset` variable of the `<meta>` steps: null, failure or an encoding.
#[derive(Clone, Copy, PartialEq)]
enum Charset {
    Null,
    Failure,
    Encoding(&'static Encoding),
}

/// A byte cursor: "position" of the spec. Reading past the end aborts the prescan.
struct Cursor<'b> {
    bytes: &'b [u8],
    position: usize,
}

impl Cursor<'_> {
    /// The byte at position, or [`Aborted`] when the pointer went beyond the end.
    fn byte(&self) -> Result<u8, Aborted> {
        self.bytes.get(self.position).copied().ok_or(Aborted)
    }

    /// The bytes from position on (empty past the end).
    fn rest(&self) -> &[u8] {
        self.bytes.get(self.position..).unwrap_or(&[])
    }

    /// Moves position to the first byte at or after `from` that `pred` accepts, or aborts.
    fn advance_to(&mut self, from: usize, pred: impl Fn(u8) -> bool) -> Result<(), Aborted> {
        let rest = self.bytes.get(from..).ok_or(Aborted)?;
        let offset = rest.iter().position(|&b| pred(b)).ok_or(Aborted)?;
        self.position = from + offset;
        Ok(())
    }
}

/// The prescan's steps 1–4: returns the encoding found, or `Err(Aborted)`.
fn prescan_steps(bytes: &[u8]) -> Result<&'static Encoding, Aborted> {
    // 1. Let position be a pointer to a byte in the input byte stream, initially pointing at
    //    the first byte.
    let mut c = Cursor { bytes, position: 0 };

    // 2. Prescan for UTF-16 XML declarations: '<?x' in UTF-16LE or UTF-16BE.
    if bytes.starts_with(&[0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00]) {
        return Ok(UTF_16LE);
    }
    if bytes.starts_with(&[0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78]) {
        return Ok(UTF_16BE);
    }

    // 3. Loop.
    loop {
        let rest = c.rest();
        if rest.is_empty() {
            return Err(Aborted);
        }
        if rest.starts_with(b"<!--") {
            // Advance to the first '>' preceded by two '-' that comes after the '<' (the two
            // '-' may be those of '<!--', so "<!-->" ends here).
            let start = c.position + 2;
            let offset = memchr::memmem::find(&bytes[start..], b"-->").ok_or(Aborted)?;
            c.position = start + offset + 2;
        } else if is_meta_start(rest) {
            if let Some(encoding) = meta(&mut c)? {
                return Ok(encoding);
            }
        } else if is_tag_start(rest) {
            // 1. Advance to the next TAB, LF, FF, CR, SPACE or '>' byte.
            c.advance_to(c.position, |b| b.is_ascii_whitespace() || b == b'>')?;
            // 2. Repeatedly get an attribute until no further attributes can be found.
            while get_an_attribute(&mut c)?.is_some() {}
        } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            // Advance to the first '>' that comes after the '<'.
            c.advance_to(c.position + 1, |b| b == b'>')?;
        }
        // Any other byte: do nothing with that byte.

        // 4. Next byte.
        c.position += 1;
    }
}

/// Case-insensitive `<meta` followed by TAB, LF, FF, CR, SPACE or '/'.
fn is_meta_start(rest: &[u8]) -> bool {
    rest.len() >= 6
        && rest[..5].eq_ignore_ascii_case(b"<meta")
        && (rest[5].is_ascii_whitespace() || rest[5] == b'/')
}

/// '<', optionally '/', then an ASCII letter.
fn is_tag_start(rest: &[u8]) -> bool {
    matches!(rest, [b'<', b'/', b, ..] | [b'<', b, ..] if b.is_ascii_alphabetic())
}

/// The `<meta` branch of the loop (its steps 1–16), with position at the '<'. Returns the
/// encoding to return, or `None` to go on at "next byte".
fn meta(c: &mut Cursor<'_>) -> Result<Option<&'static Encoding>, Aborted> {
    // 1. Advance to the whitespace or '/' byte that followed "<meta".
    c.position += 5;
    // 2.–5. Instead of the attribute list we track the three names that matter: a repeat of
    // any other name changes nothing.
    let (mut seen_http_equiv, mut seen_content, mut seen_charset) = (false, false, false);
    let mut got_pragma = false;
    let mut need_pragma: Option<bool> = None;
    let mut charset = Charset::Null;

    // 6. Attributes: get an attribute and its value.
    while let Some(attribute) = get_an_attribute(c)? {
        // 7.–8. Skip names already in the attribute list.
        let seen = match attribute.name.as_slice() {
            b"http-equiv" => &mut seen_http_equiv,
            b"content" => &mut seen_content,
            b"charset" => &mut seen_charset,
            _ => continue,
        };
        if std::mem::replace(seen, true) {
            continue;
        }
        // 9. Run the appropriate step.
        match attribute.name.as_slice() {
            b"http-equiv" => {
                if attribute.value == b"content-type" {
                    got_pragma = true;
                }
            }
            b"content" => {
                if let Some(encoding) = extract_meta_charset_bytes(&attribute.value)
                    && charset == Charset::Null
                {
                    charset = Charset::Encoding(encoding);
                    need_pragma = Some(true);
                }
            }
            _ => {
                // "charset": the result of getting an encoding from the value.
                charset = match Encoding::for_label(&attribute.value) {
                    Some(encoding) => Charset::Encoding(encoding),
                    None => Charset::Failure,
                };
                need_pragma = Some(false);
            }
        }
        // 10. Return to the step labeled attributes.
    }

    // 11. Processing: if need pragma is null, go to next byte.
    // 12. If need pragma is true but got pragma is false, go to next byte.
    match need_pragma {
        None => return Ok(None),
        Some(true) if !got_pragma => return Ok(None),
        Some(_) => {}
    }
    // 13. If charset is failure, go to next byte.
    let Charset::Encoding(mut encoding) = charset else {
        return Ok(None);
    };
    // 14. If charset is UTF-16BE/LE, then set charset to UTF-8.
    if encoding == UTF_16BE || encoding == UTF_16LE {
        encoding = UTF_8;
    }
    // 15. If charset is x-user-defined, then set charset to windows-1252.
    if encoding == X_USER_DEFINED {
        encoding = WINDOWS_1252;
    }
    // 16. Return charset.
    Ok(Some(encoding))
}

/// An attribute from "get an attribute": name and value lowercased (ASCII A–Z only), one byte
/// per code point as the spec builds them.
struct Attribute {
    name: Vec<u8>,
    value: Vec<u8>,
}

/// "Get an attribute" (13.2.3.2). `Ok(None)`: there isn't one (position is at a '>').
fn get_an_attribute(c: &mut Cursor<'_>) -> Result<Option<Attribute>, Aborted> {
    // 1. Skip TAB, LF, FF, CR, SPACE and '/'.
    while c.byte()?.is_ascii_whitespace() || c.byte()? == b'/' {
        c.position += 1;
    }
    // 2. '>': abort; there isn't one.
    if c.byte()? == b'>' {
        return Ok(None);
    }
    // 3. The byte at position starts the attribute name.
    let mut attribute = Attribute {
        name: Vec::new(),
        value: Vec::new(),
    };
    // 4.–5. The name.
    loop {
        let b = c.byte()?;
        match b {
            b'=' if !attribute.name.is_empty() => {
                c.position += 1;
                return value(c, attribute).map(Some);
            }
            b if b.is_ascii_whitespace() => break,
            b'/' | b'>' => return Ok(Some(attribute)),
            _ => attribute.name.push(b.to_ascii_lowercase()),
        }
        c.position += 1;
    }
    // 6. Spaces.
    while c.byte()?.is_ascii_whitespace() {
        c.position += 1;
    }
    // 7. Not '=': the attribute has an empty value (position stays on that byte).
    if c.byte()? != b'=' {
        return Ok(Some(attribute));
    }
    // 8. Advance past the '='.
    c.position += 1;
    value(c, attribute).map(Some)
}

/// Steps 9–12 of "get an attribute": the value, with position just after the '='.
fn value(c: &mut Cursor<'_>, mut attribute: Attribute) -> Result<Attribute, Aborted> {
    // 9. Value: skip whitespace.
    while c.byte()?.is_ascii_whitespace() {
        c.position += 1;
    }
    // 10. The first byte of the value.
    let b = c.byte()?;
    match b {
        b'"' | b'\'' => {
            // Quote loop: up to the matching quote, which is consumed.
            let quote = b;
            loop {
                c.position += 1;
                let b = c.byte()?;
                if b == quote {
                    c.position += 1;
                    return Ok(attribute);
                }
                attribute.value.push(b.to_ascii_lowercase());
            }
        }
        b'>' => return Ok(attribute),
        _ => {
            attribute.value.push(b.to_ascii_lowercase());
            c.position += 1;
        }
    }
    // 11.–12. Unquoted value up to whitespace or '>' (left at position).
    loop {
        let b = c.byte()?;
        if b.is_ascii_whitespace() || b == b'>' {
            return Ok(attribute);
        }
        attribute.value.push(b.to_ascii_lowercase());
        c.position += 1;
    }
}

/// "Get an XML encoding" (13.2.3.2): the encoding named by `encoding="..."` in an XML
/// declaration `<?xml ... >` at the very start of `bytes`, or `None` (failure).
///
/// UTF-16BE/LE are turned into UTF-8 (step 17); any other label is resolved with the Encoding
/// Standard's table, so `encoding="x-user-defined"` gives x-user-defined. The search for
/// `encoding` stops at the declaration's first `>` (`xmlDeclarationEnd` of step 3, which the
/// spec text computes for this purpose; Blink and WebKit bound it the same way).
pub fn get_xml_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    // 1.–2. `<?xml` at the start of the stream.
    if !bytes.starts_with(b"<?xml") {
        return None;
    }
    // 3. xmlDeclarationEnd: the next '>'; failure if there is none.
    let declaration_end = memchr::memchr(b'>', bytes)?;
    let declaration = &bytes[..declaration_end];
    // 4.–5. The first `encoding`, and past its 'g'.
    let mut position = memchr::memmem::find(declaration, b"encoding")? + b"encoding".len();
    // 6. Skip bytes <= 0x20.
    while declaration.get(position).is_some_and(|&b| b <= 0x20) {
        position += 1;
    }
    // 7.–8. '=' or failure.
    if declaration.get(position) != Some(&b'=') {
        return None;
    }
    position += 1;
    // 9. Skip bytes <= 0x20.
    while declaration.get(position).is_some_and(|&b| b <= 0x20) {
        position += 1;
    }
    // 10.–12. The quote mark.
    let quote = *declaration
        .get(position)
        .filter(|&&b| b == b'"' || b == b'\'')?;
    position += 1;
    // 13.–14. Up to the next quote mark; failure if there is none.
    let rest = &declaration[position..];
    let potential_encoding = &rest[..memchr::memchr(quote, rest)?];
    // 15. Failure if it contains a byte <= 0x20.
    if potential_encoding.iter().any(|&b| b <= 0x20) {
        return None;
    }
    // 16. Get an encoding (isomorphic decode: the bytes are the code points).
    let encoding = Encoding::for_label(potential_encoding)?;
    // 17. UTF-16BE/LE becomes UTF-8.
    if encoding == UTF_16BE || encoding == UTF_16LE {
        return Some(UTF_8);
    }
    Some(encoding)
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, ISO_8859_2, REPLACEMENT, SHIFT_JIS};

    fn p(bytes: &[u8]) -> Option<&'static str> {
        prescan(bytes).map(Encoding::name)
    }

    #[test]
    fn meta_charset_forms() {
        assert_eq!(p(b"<meta charset=utf-8>"), Some("UTF-8"));
        assert_eq!(p(b"<META CHARSET='ISO8859-2'>"), Some("ISO-8859-2"));
        assert_eq!(p(b"<meta/charset=\"sjis\">"), Some("Shift_JIS"));
        assert_eq!(p(b"<meta\ncharset\n=\n\"euc-jp\"\n>"), Some("EUC-JP"));
        // `<metacharset` is another tag.
        assert_eq!(p(b"<metacharset=utf-8>"), None);
        // An empty attribute name cannot take '=' (step 4): "=" becomes part of the name.
        assert_eq!(p(b"<meta =charset=utf-8>"), None);
    }

    #[test]
    fn http_equiv_needs_pragma() {
        let with = b"<meta http-equiv=Content-Type content='text/html; charset=euc-jp'>";
        assert_eq!(prescan(with), Some(EUC_JP));
        let reversed = b"<meta content='text/html; charset=euc-jp' http-equiv=content-type>";
        assert_eq!(prescan(reversed), Some(EUC_JP));
        assert_eq!(p(b"<meta content='text/html; charset=euc-jp'>"), None);
        assert_eq!(
            p(b"<meta http-equiv=refresh content='charset=euc-jp'>"),
            None
        );
    }

    #[test]
    fn first_attribute_of_a_name_wins() {
        assert_eq!(p(b"<meta charset=euc-jp charset=utf-8>"), Some("EUC-JP"));
        // A `charset` that fails to resolve is "failure", not null: `content` cannot replace it.
        let failure = b"<meta charset=bogus http-equiv=content-type content='charset=utf-8'>";
        assert_eq!(prescan(failure), None);
        // `charset` after `content` overrides it and drops the pragma requirement.
        assert_eq!(
            p(b"<meta content='charset=euc-jp' charset=utf-8>"),
            Some("UTF-8")
        );
        // A second `content` is ignored even if the first had no charset.
        let two = b"<meta http-equiv=content-type content=a content='charset=utf-8'>";
        assert_eq!(prescan(two), None);
    }

    #[test]
    fn utf16_and_x_user_defined_in_meta_are_adjusted() {
        assert_eq!(p(b"<meta charset=utf-16>"), Some("UTF-8"));
        assert_eq!(p(b"<meta charset=utf-16be>"), Some("UTF-8"));
        assert_eq!(p(b"<meta charset=x-user-defined>"), Some("windows-1252"));
        // The replacement encoding is returned as is.
        assert_eq!(prescan(b"<meta charset=iso-2022-kr>"), Some(REPLACEMENT));
    }

    #[test]
    fn utf16_xml_declarations_without_bom() {
        assert_eq!(prescan(b"<\0?\0x\0m\0l\0"), Some(UTF_16LE));
        assert_eq!(prescan(b"\0<\0?\0x\0m\0l"), Some(UTF_16BE));
        // Case-sensitive, and the encoding name is not checked.
        assert_eq!(prescan(b"<\0?\0X\0"), None);
    }

    #[test]
    fn comments_are_skipped() {
        assert_eq!(
            p(b"<!-- <meta charset=utf-8> --><meta charset=sjis>"),
            Some("Shift_JIS")
        );
        // "<!-->" is a whole comment: the two '-' of "<!--" end it.
        assert_eq!(p(b"<!--><meta charset=sjis>"), Some("Shift_JIS"));
        assert_eq!(p(b"<!---><meta charset=sjis>"), Some("Shift_JIS"));
        // An unterminated comment aborts.
        assert_eq!(p(b"<!-- <meta charset=sjis>"), None);
    }

    #[test]
    fn bogus_constructs_skip_to_gt() {
        assert_eq!(p(b"<!DOCTYPE html><meta charset=sjis>"), Some("Shift_JIS"));
        assert_eq!(
            p(b"<? <meta charset=utf-8> ><meta charset=sjis>"),
            Some("Shift_JIS")
        );
        assert_eq!(p(b"</> <meta charset=sjis>"), Some("Shift_JIS"));
        // `</x` is an end tag whose "attributes" are read like a start tag's.
        assert_eq!(p(b"</p a='>' ><meta charset=sjis>"), Some("Shift_JIS"));
        assert_eq!(
            p(b"</p a='><meta charset=utf-8>'><meta charset=sjis>"),
            Some("Shift_JIS")
        );
        // `<!` skips to the first '>', even inside what looks like a quoted string.
        assert_eq!(p(b"<!x '>'<meta charset=sjis>"), Some("Shift_JIS"));
    }

    #[test]
    fn other_tags_hide_attribute_values() {
        assert_eq!(
            p(b"<p title='<meta charset=utf-8>'><meta charset=sjis>"),
            Some("Shift_JIS")
        );
        assert_eq!(p(b"<p title=\"x>\n<meta charset=sjis>"), None);
        // A '<' not followed by a letter, '!', '/' or '?' is just a byte.
        assert_eq!(p(b"< <1<meta charset=sjis>"), Some("Shift_JIS"));
        // A tag name runs up to whitespace or '>' only: `<a<meta` is one tag, whose attributes
        // are not looked at.
        assert_eq!(p(b"<a<meta charset=sjis>"), None);
    }

    #[test]
    fn end_condition_is_1024_bytes() {
        let meta = b"<meta charset=sjis>";
        let mut doc = vec![b' '; PRESCAN_LIMIT - meta.len()];
        doc.extend_from_slice(meta);
        assert_eq!(prescan(&doc), Some(SHIFT_JIS));
        doc.insert(0, b' ');
        assert_eq!(prescan(&doc), None);
        assert_eq!(prescan_with_end(&doc), Some(SHIFT_JIS));
    }

    #[test]
    fn running_out_of_bytes_aborts() {
        for input in [
            &b"<meta"[..],
            b"<meta charset",
            b"<meta charset=",
            b"<meta charset=utf-8",
        ] {
            assert_eq!(prescan(input), None, "{input:?}");
        }
        // ... but a complete meta before the end is enough.
        assert_eq!(prescan(b"<meta charset=utf-8 "), None);
        assert_eq!(p(b"<meta charset=utf-8>"), Some("UTF-8"));
    }

    #[test]
    fn xml_declaration_when_prescan_aborts() {
        let decl = b"<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><html>";
        assert_eq!(prescan(decl), Some(SHIFT_JIS));
        // A meta wins over the XML declaration.
        let both = b"<?xml version='1.0' encoding='Shift_JIS'?><meta charset=iso-8859-2>";
        assert_eq!(prescan(both), Some(ISO_8859_2));
        // Not at the very start: ignored.
        assert_eq!(prescan(b" <?xml encoding='Shift_JIS'?>"), None);
    }

    #[test]
    fn get_xml_encoding_steps() {
        let g = |b: &[u8]| get_xml_encoding(b).map(Encoding::name);
        assert_eq!(g(b"<?xml encoding = 'euc-jp' ?>"), Some("EUC-JP"));
        assert_eq!(g(b"<?xml encoding\t=\x01\"utf-16\"?>"), Some("UTF-8"));
        assert_eq!(
            g(b"<?xml encoding=\"x-user-defined\"?>"),
            Some("x-user-defined")
        );
        assert_eq!(g(b"<?xml encoding=euc-jp ?>"), None);
        assert_eq!(g(b"<?xml encoding=' euc-jp'?>"), None);
        assert_eq!(g(b"<?xml encoding='euc-jp?>"), None);
        assert_eq!(g(b"<?xml encoding='euc-jp'"), None);
        assert_eq!(g(b"<?XML encoding='euc-jp'?>"), None);
        assert_eq!(g(b"<?xml version='1.0'?><p encoding='euc-jp'>"), None);
    }
}
