//! The HTTP layer of a `response` record: the status line and header fields of the stored
//! response (RFC 9112 2–5, read leniently, as real archives hold broken ones), the message body
//! with its transfer coding undone (RFC 9112 7.1, chunked) and its content codings decoded
//! (RFC 9110 8.4: gzip, deflate, br), and the `Content-Type`'s MIME type and charset (Fetch's
//! "extract a MIME type").

use std::io::Read;

/// The head of a stored HTTP response: status line and header fields.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResponseHead {
    /// The status code: the first three digits after the protocol version (`HTTP/1.1 200 OK`
    /// gives 200); `None` when the status line has none.
    pub status: Option<u16>,
    /// The header fields in order, names as written, values with surrounding whitespace
    /// trimmed; bytes that are not UTF-8 are read as ISO-8859-1, as HTTP field values are.
    /// Obsolete line folding (a line starting with SP or HT) continues the previous value.
    pub headers: Vec<(String, String)>,
    /// The offset of the body in the block: just after the empty line that ends the head.
    pub body_start: usize,
    /// The head has no empty line: the block ends inside it (`body_start` is the block's
    /// length).
    pub cut: bool,
}

impl ResponseHead {
    /// The first field named `name` (ASCII case-insensitively).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Every value of the fields named `name`, in order.
    pub fn all<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'s str> + 's {
        self.headers
            .iter()
            .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The response's MIME type from its `Content-Type` fields ([`extract_mime_type`]).
    pub fn mime_type(&self) -> Option<MimeType> {
        extract_mime_type(self.all("content-type"))
    }

    /// The codings of the `Transfer-Encoding` and `Content-Encoding` fields, lower-case, in
    /// the order they were applied.
    fn codings<'s>(&'s self, name: &'s str) -> Vec<String> {
        self.all(name)
            .flat_map(|v| v.split(','))
            .map(|c| c.trim().to_ascii_lowercase())
            .filter(|c| !c.is_empty() && c != "identity")
            .collect()
    }
}

/// Reads the head of an HTTP response stored at the start of `block`: `None` unless it starts
/// with `HTTP/` (ASCII case-insensitively, after any CR/LF). Lines end with CRLF or a bare LF;
/// a line without a colon is passed over; the head ends at the first empty line.
pub fn parse_response_head(block: &[u8]) -> Option<ResponseHead> {
    let skip = block
        .iter()
        .position(|&b| b != b'\r' && b != b'\n')
        .unwrap_or(block.len());
    let rest = &block[skip..];
    if rest.len() < 5 || !rest[..5].eq_ignore_ascii_case(b"HTTP/") {
        return None;
    }
    let mut head = ResponseHead::default();
    let mut pos = skip;
    let mut first = true;
    loop {
        let (line, next) = match memchr::memchr(b'\n', &block[pos..]) {
            Some(i) => (&block[pos..pos + i], pos + i + 1),
            None => {
                // The block ends inside the head.
                let line = &block[pos..];
                if first {
                    head.status = status_of(line);
                } else {
                    add_field(&mut head.headers, line);
                }
                head.body_start = block.len();
                head.cut = true;
                return Some(head);
            }
        };
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        pos = next;
        if first {
            head.status = status_of(line);
            first = false;
            continue;
        }
        if line.is_empty() {
            head.body_start = pos;
            return Some(head);
        }
        add_field(&mut head.headers, line);
    }
}

/// The status code of a status line: the first run of 3 digits after the version and spaces.
fn status_of(line: &[u8]) -> Option<u16> {
    let after = line.iter().position(|&b| b == b' ' || b == b'\t')?;
    let rest = &line[after..];
    let start = rest.iter().position(|&b| b != b' ' && b != b'\t')?;
    let digits = &rest[start..];
    if digits.len() >= 3
        && digits[..3].iter().all(u8::is_ascii_digit)
        && digits.get(3).is_none_or(|b| !b.is_ascii_digit())
    {
        std::str::from_utf8(&digits[..3]).ok()?.parse().ok()
    } else {
        None
    }
}

/// Adds a header line (`Name: value`, or a continuation line) to `headers`.
fn add_field(headers: &mut Vec<(String, String)>, line: &[u8]) {
    if matches!(line.first(), Some(b' ' | b'\t')) {
        if let Some((_, v)) = headers.last_mut() {
            let more = latin1(line);
            let more = more.trim();
            if !more.is_empty() {
                v.push(' ');
                v.push_str(more);
            }
        }
        return;
    }
    if let Some(colon) = memchr::memchr(b':', line) {
        let name = latin1(&line[..colon]).trim().to_owned();
        if !name.is_empty() {
            headers.push((name, latin1(&line[colon + 1..]).trim().to_owned()));
        }
    }
}

/// `bytes` as text: UTF-8 when valid, else one character per byte (ISO-8859-1).
pub(crate) fn latin1(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// A MIME type's essence and `charset` parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MimeType {
    /// `type/subtype`, ASCII lower-case (`text/html`).
    pub essence: String,
    /// The `charset` parameter's value as written (quotes removed), if any.
    pub charset: Option<String>,
}

impl MimeType {
    /// Whether the essence is an HTML one: `text/html` or `application/xhtml+xml`.
    pub fn is_html(&self) -> bool {
        self.essence == "text/html" || self.essence == "application/xhtml+xml"
    }

    /// Whether a browser would sniff the payload instead of trusting this type (MIME
    /// Sniffing Standard 7: `unknown/unknown`, `application/unknown`, `*/*`).
    pub fn is_unknown(&self) -> bool {
        matches!(
            self.essence.as_str(),
            "unknown/unknown" | "application/unknown" | "*/*"
        )
    }
}

/// Parses one MIME type (`text/html; charset="utf-8"`): `None` unless the essence is
/// `type/subtype` with both parts non-empty tokens.
pub fn parse_mime_type(value: &str) -> Option<MimeType> {
    let mut parts = value.split(';');
    let essence = parts.next()?.trim().to_ascii_lowercase();
    let (t, s) = essence.split_once('/')?;
    let token = |x: &str| {
        !x.is_empty()
            && x.bytes()
                .all(|b| b.is_ascii_graphic() && !b"\"(),/:;<=>?@[\\]{}".contains(&b))
    };
    if !token(t) || !token(s) {
        return None;
    }
    let mut charset = None;
    for p in parts {
        if let Some((k, v)) = p.split_once('=')
            && k.trim().eq_ignore_ascii_case("charset")
            && charset.is_none()
        {
            let v = v.trim();
            let v = v
                .strip_prefix('"')
                .map_or(v, |v| v.split('"').next().unwrap_or(v));
            if !v.is_empty() {
                charset = Some(v.to_owned());
            }
        }
    }
    Some(MimeType { essence, charset })
}

/// Fetch's "extract a MIME type" over the values of the `Content-Type` fields: each value
/// split at commas, the last valid MIME type wins, keeping the charset of the one before when
/// it has the same essence and no charset of its own. `None` when there is none.
pub fn extract_mime_type<'v>(values: impl Iterator<Item = &'v str>) -> Option<MimeType> {
    let mut result: Option<MimeType> = None;
    for v in values {
        for part in v.split(',') {
            let Some(mut m) = parse_mime_type(part) else {
                continue;
            };
            if let Some(prev) = &result
                && prev.essence == m.essence
                && m.charset.is_none()
            {
                m.charset.clone_from(&prev.charset);
            }
            result = Some(m);
        }
    }
    result
}

/// The body of a stored response, decoded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Body {
    /// The payload: transfer coding undone, content codings decoded.
    pub bytes: Vec<u8>,
    /// What was done or given up, for the record (`"chunked"`, `"gzip"`, …); empty when the
    /// body was stored as it is parsed.
    pub decoded: Vec<String>,
    /// Why the payload is shorter than the response's: the chunked body or a content coding
    /// ends early. `None` when it is whole.
    pub cut: Option<String>,
    /// The decoded payload would exceed the limit given to [`decode_body`].
    pub over_limit: bool,
}

/// `body` itself when [`decode_body`] would give it unchanged, decoding nothing and trying to
/// decode nothing: no `Transfer-Encoding` ending in `chunked`, and no `Content-Encoding` it
/// undoes (gzip when the body starts with gzip's magic bytes, deflate, br); `None` otherwise.
/// So a caller can read most payloads where they are stored, without a copy.
pub fn stored_body<'b>(head: &ResponseHead, body: &'b [u8]) -> Option<&'b [u8]> {
    if head
        .codings("transfer-encoding")
        .last()
        .is_some_and(|c| c == "chunked")
    {
        return None;
    }
    let decoded = head
        .codings("content-encoding")
        .iter()
        .any(|c| match c.as_str() {
            "gzip" | "x-gzip" => body.starts_with(&[0x1F, 0x8B]),
            "deflate" | "br" => true,
            _ => false,
        });
    (!decoded).then_some(body)
}

/// The payload of a response whose head is `head` and whose stored body is `body`, at most
/// `limit` bytes after decoding:
///
/// - `Transfer-Encoding: chunked` (RFC 9112 7.1) is undone when the body really has chunk
///   framing; archivers such as Webrecorder store the body already de-chunked with the header
///   kept, and a body whose first chunk-size line is not hexadecimal is taken as it is. A body
///   cut inside a chunk keeps the chunks before the cut (and says so in [`Body::cut`]).
/// - `Content-Encoding` gzip (`x-gzip`), deflate (zlib or raw) and br are decoded, last
///   applied first, when the payload still carries them (a gzip payload starts with its magic
///   bytes; some archivers store the decoded body with the header kept): one that does not
///   decode is taken as it is; one that decodes partly (a cut payload) keeps what decoded.
///
/// Common Crawl's `X-Crawler-Transfer-Encoding` and `X-Crawler-Content-Encoding` (the original
/// headers of a body stored decoded) are not codings of the stored body and are ignored.
pub fn decode_body(head: &ResponseHead, body: &[u8], limit: u64) -> Body {
    let mut out = Body::default();
    let mut bytes: Vec<u8>;
    let transfer = head.codings("transfer-encoding");
    if transfer.last().is_some_and(|c| c == "chunked") {
        match dechunk(body) {
            Some((data, cut)) => {
                bytes = data;
                out.decoded.push("chunked".to_owned());
                if cut {
                    out.cut = Some("the chunked body ends inside a chunk".to_owned());
                }
            }
            None => bytes = body.to_vec(),
        }
    } else {
        bytes = body.to_vec();
    }
    for coding in head.codings("content-encoding").iter().rev() {
        let decoded = match coding.as_str() {
            "gzip" | "x-gzip" if bytes.starts_with(&[0x1F, 0x8B]) => {
                inflate(flate2::read::MultiGzDecoder::new(&bytes[..]), limit)
            }
            "deflate" => {
                let zlib = bytes.len() >= 2
                    && bytes[0] & 0x0F == 8
                    && u16::from_be_bytes([bytes[0], bytes[1]]).is_multiple_of(31);
                if zlib {
                    inflate(flate2::read::ZlibDecoder::new(&bytes[..]), limit)
                } else {
                    inflate(flate2::read::DeflateDecoder::new(&bytes[..]), limit)
                }
            }
            "br" => inflate(
                brotli_decompressor::Decompressor::new(&bytes[..], 4096),
                limit,
            ),
            _ => continue,
        };
        match decoded {
            Inflated::Whole(data) => {
                bytes = data;
                out.decoded.push(coding.clone());
            }
            Inflated::Partial(data, e) if !data.is_empty() => {
                bytes = data;
                out.decoded.push(coding.clone());
                out.cut = Some(format!(
                    "the {coding} payload does not decode to its end: {e}"
                ));
            }
            Inflated::Partial(..) => {}
            Inflated::OverLimit => {
                out.over_limit = true;
                break;
            }
        }
    }
    out.bytes = bytes;
    out
}

enum Inflated {
    Whole(Vec<u8>),
    Partial(Vec<u8>, std::io::Error),
    OverLimit,
}

fn inflate(r: impl Read, limit: u64) -> Inflated {
    let mut data = Vec::new();
    match r.take(limit.saturating_add(1)).read_to_end(&mut data) {
        Ok(_) if data.len() as u64 > limit => Inflated::OverLimit,
        Ok(_) => Inflated::Whole(data),
        Err(e) => Inflated::Partial(data, e),
    }
}

/// Undoes chunked framing (RFC 9112 7.1): chunk-size lines in hexadecimal (extensions after
/// `;` ignored), CRLF or LF line ends, a last chunk of size 0, trailer fields dropped. `None`
/// when the body does not start with a chunk-size line; `Some((data, true))` when it ends
/// before its last chunk (the chunks so far, the last one as far as it goes).
pub fn dechunk(body: &[u8]) -> Option<(Vec<u8>, bool)> {
    let mut out = Vec::with_capacity(body.len());
    let mut pos = 0;
    let mut first = true;
    loop {
        let Some(nl) = memchr::memchr(b'\n', &body[pos..]) else {
            // The body ends in or before a chunk-size line.
            return (!first).then_some((out, true));
        };
        let line = &body[pos..pos + nl];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let size = line.split(|&b| b == b';').next().unwrap_or(b"");
        let size = size.trim_ascii();
        let valid = !size.is_empty() && size.len() <= 15 && size.iter().all(u8::is_ascii_hexdigit);
        if !valid {
            if first {
                return None;
            }
            // Bad framing after good chunks: keep them, say it is cut.
            return Some((out, true));
        }
        first = false;
        let n = usize::from_str_radix(std::str::from_utf8(size).ok()?, 16).ok()?;
        pos += nl + 1;
        if n == 0 {
            return Some((out, false));
        }
        let end = pos.saturating_add(n);
        if end > body.len() {
            out.extend_from_slice(&body[pos..]);
            return Some((out, true));
        }
        out.extend_from_slice(&body[pos..end]);
        pos = end;
        // The CRLF after the chunk's data.
        if body[pos..].starts_with(b"\r\n") {
            pos += 2;
        } else if body[pos..].starts_with(b"\n") {
            pos += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lenient_heads() {
        let raw = b"HTTP/1.1 200 \r\ncontent-type: text/html;charset=\"UTF-8\"\r\nX:  a\r\n  b\nNoColon\r\n\r\nbody";
        let h = parse_response_head(raw).unwrap();
        assert_eq!(h.status, Some(200));
        assert_eq!(
            h.header("Content-Type"),
            Some("text/html;charset=\"UTF-8\"")
        );
        assert_eq!(h.header("x"), Some("a b"));
        assert_eq!(&raw[h.body_start..], b"body");
        assert!(!h.cut);
        let m = h.mime_type().unwrap();
        assert_eq!(
            (m.essence.as_str(), m.charset.as_deref()),
            ("text/html", Some("UTF-8"))
        );
        assert!(m.is_html());
        // LF only, no reason phrase, a cut head, a bad status.
        let h = parse_response_head(b"\nHTTP/1.0 404\nServer: x\n\n<p>").unwrap();
        assert_eq!((h.status, h.body_start), (Some(404), 25));
        let h = parse_response_head(b"HTTP/1.1 20x OK\r\nContent-Ty").unwrap();
        assert_eq!((h.status, h.cut, h.headers.len()), (None, true, 0));
        assert!(parse_response_head(b"GET / HTTP/1.1\r\n\r\n").is_none());
        assert!(parse_response_head(b"").is_none());
    }

    #[test]
    fn mime_types_as_fetch_extracts_them() {
        let m = |vals: &[&str]| extract_mime_type(vals.iter().copied());
        assert_eq!(m(&["text/html"]).unwrap().charset, None);
        assert_eq!(m(&["; charset=UTF-8"]), None);
        assert_eq!(m(&[""]), None);
        let last = m(&["text/plain; charset=x", "text/html"]).unwrap();
        assert_eq!((last.essence.as_str(), last.charset), ("text/html", None));
        let kept = m(&["text/html; charset=gbk, text/html"]).unwrap();
        assert_eq!(kept.charset.as_deref(), Some("gbk"));
        assert_eq!(
            parse_mime_type("TEXT/HTML; Charset = shift_jis ")
                .unwrap()
                .charset
                .as_deref(),
            Some("shift_jis")
        );
        assert!(parse_mime_type("text/html").unwrap().is_html());
        assert!(parse_mime_type("application/xhtml+xml").unwrap().is_html());
        assert!(parse_mime_type("unknown/unknown").unwrap().is_unknown());
    }

    fn head(fields: &str) -> ResponseHead {
        parse_response_head(format!("HTTP/1.1 200 OK\r\n{fields}\r\n").as_bytes()).unwrap()
    }

    #[test]
    fn chunked_bodies_and_false_chunked_headers() {
        let h = head("Transfer-Encoding: chunked\r\n");
        let b = decode_body(
            &h,
            b"5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\n",
            100,
        );
        assert_eq!(
            (b.bytes.as_slice(), b.cut.is_none()),
            (&b"hello world"[..], true)
        );
        assert_eq!(b.decoded, ["chunked"]);
        // Stored de-chunked with the header kept: taken as it is.
        let b = decode_body(&h, b"<html>stored decoded</html>", 100);
        assert_eq!(b.bytes, b"<html>stored decoded</html>");
        assert!(b.decoded.is_empty());
        // Cut inside a chunk.
        let b = decode_body(&h, b"a\r\n<html>", 100);
        assert_eq!(b.bytes, b"<html>");
        assert!(b.cut.is_some());
    }

    #[test]
    fn content_codings_decode_when_the_payload_carries_them() {
        use std::io::Write;
        let page = b"<html><title>x</title>".repeat(20);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&page).unwrap();
        let gz = gz.finish().unwrap();
        let h = head("Content-Encoding: gzip\r\n");
        assert_eq!(decode_body(&h, &gz, 1 << 20).bytes, page);
        // The header says gzip but the body is stored decoded.
        assert_eq!(decode_body(&h, &page, 1 << 20).bytes, page);
        // A cut gzip payload keeps what decoded.
        let cut = decode_body(&h, &gz[..gz.len() - 4], 1 << 20);
        assert_eq!(cut.bytes, page);
        assert!(cut.cut.is_some());
        // Over the limit.
        assert!(decode_body(&h, &gz, 10).over_limit);
        // deflate, zlib-wrapped and raw.
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(&page).unwrap();
        let h = head("Content-Encoding: deflate\r\n");
        assert_eq!(decode_body(&h, &z.finish().unwrap(), 1 << 20).bytes, page);
        let mut d = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
        d.write_all(&page).unwrap();
        assert_eq!(decode_body(&h, &d.finish().unwrap(), 1 << 20).bytes, page);
        // br that is not brotli data: taken as it is.
        let h = head("Content-Encoding: br\r\n");
        assert_eq!(decode_body(&h, &page, 1 << 20).bytes, page);
        // Chunked and gzip together.
        let mut chunked = format!("{:x}\r\n", gz.len()).into_bytes();
        chunked.extend_from_slice(&gz);
        chunked.extend_from_slice(b"\r\n0\r\n\r\n");
        let h = head("Transfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n");
        let b = decode_body(&h, &chunked, 1 << 20);
        assert_eq!(
            (b.bytes, b.decoded),
            (page.clone(), vec!["chunked".into(), "gzip".into()])
        );
    }
}
