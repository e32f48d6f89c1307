//! A link's URL resolved without the `url` crate's parser when the answer is plain: an
//! `http`/`https` URL already in the form the URL Standard serialises it to, or a path, query or
//! fragment of one against an `http`/`https` base. Anything else (ports, user info, IP
//! addresses, IDNA, dot segments, bytes the parser would percent-encode, white space, other
//! schemes) gives `None`, and the caller asks `url` (`Url::join`, `Url::parse`). So the
//! answer is always the `url` crate's; `tests/properties` and the tests below compare the two.
//! The parser costs about 4,000 instructions per link; on crawled pages most links are of the
//! plain shapes (`batch --fields links`, docs/performance-history.md, issue 27 fifth round).

use std::borrow::Cow;

use url::{Position, Url};

/// `raw` resolved against `base` (parsed on its own without one) and serialised, as
/// `base.join(raw)` / `Url::parse(raw)` then `Url::as_str` would give it; `None` when the
/// answer is not plain (the caller then asks the `url` crate; an error there is not plain
/// either).
pub(crate) fn resolve_plain<'a>(base: Option<&Url>, raw: &'a str) -> Option<Cow<'a, str>> {
    if let Some(rest) = raw
        .strip_prefix("https://")
        .or_else(|| raw.strip_prefix("http://"))
    {
        return absolute(raw, rest);
    }
    let base = base.filter(|b| matches!(b.scheme(), "http" | "https"))?;
    let first = *raw.as_bytes().first()?;
    let joined = match first {
        b'/' => {
            // `//host` and `/\host` are scheme-relative: not plain.
            if matches!(raw.as_bytes().get(1), Some(b'/' | b'\\')) {
                return None;
            }
            if !plain_path(raw) {
                return None;
            }
            [&base[..Position::BeforePath], raw].concat()
        }
        b'?' => {
            if !plain_query_then_fragment(&raw[1..]) {
                return None;
            }
            [&base[..Position::AfterPath], raw].concat()
        }
        b'#' => {
            if !plain_fragment(&raw[1..]) {
                return None;
            }
            [&base[..Position::AfterQuery], raw].concat()
        }
        _ => {
            // A path relative to the base's directory; a first segment with `:` may be a
            // scheme, one starting with `.` or `%` a dot segment.
            let segment = raw.split(['/', '?', '#']).next().unwrap_or(raw);
            if segment.contains(':') || !plain_path_from_segment(raw) {
                return None;
            }
            let path = &base[Position::BeforePath..Position::AfterPath];
            let dir = &path[..path.rfind('/')? + 1];
            [&base[..Position::BeforePath], dir, raw].concat()
        }
    };
    Some(Cow::Owned(joined))
}

/// `raw` = `http(s)://` + `rest`: itself when it is serialised already; with the `/` the
/// parser adds when the path is empty; `None` when not plain.
fn absolute<'a>(raw: &'a str, rest: &str) -> Option<Cow<'a, str>> {
    let host_end = plain_host_end(rest)?;
    let after = &rest[host_end..];
    if after.starts_with('/') {
        return plain_path(after).then_some(Cow::Borrowed(raw));
    }
    // An empty path: serialised as `/`, before the query or fragment.
    let checked = match after.as_bytes().first() {
        None => true,
        Some(b'?') => plain_query_then_fragment(&after[1..]),
        Some(_) => plain_fragment(&after[1..]),
    };
    if !checked {
        return None;
    }
    let at = raw.len() - after.len();
    Some(Cow::Owned([&raw[..at], "/", after].concat()))
}

/// Where the host at the start of `rest` ends (at `/`, `?`, `#` or the end) when it is one the
/// URL parser keeps as written: lower-case ASCII letters, digits and `-`, in non-empty labels
/// separated by `.`, no `xn--` label (IDNA would decode and check it), the last label starting
/// with a letter (one that is a number makes the host an IPv4 address); `None` otherwise (a
/// port or user info too).
fn plain_host_end(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let end = bytes
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(bytes.len());
    let mut label = 0;
    for (i, &b) in bytes[..end].iter().enumerate() {
        match b {
            b'a'..=b'z' | b'0'..=b'9' | b'-' => {}
            b'.' if i > label && !bytes[label..].starts_with(b"xn--") => label = i + 1,
            _ => return None,
        }
    }
    let last = &bytes[label..end];
    (last.first()?.is_ascii_lowercase() && !last.starts_with(b"xn--")).then_some(end)
}

/// Bytes that every component keeps as written (none is percent-encoded, none is a
/// delimiter): ASCII letters and digits and `-._~!$&()*+,;=:@%`.
fn plain_byte(b: u8) -> bool {
    PLAIN[usize::from(b)]
}

/// [`plain_byte`] as a table.
static PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric();
        b += 1;
    }
    let others = b"-._~!$&()*+,;=:@%";
    let mut i = 0;
    while i < others.len() {
        t[others[i] as usize] = true;
        i += 1;
    }
    t
};

/// A path (from its leading `/`), with its query and fragment, that the parser keeps as
/// written: no segment that starts with `.` or `%` (a dot segment, `%2e` too), bytes that
/// each component keeps (`'` in the path and fragment, not in the query of an `http` URL).
fn plain_path(s: &str) -> bool {
    s.starts_with('/') && plain_path_from_segment(&s[1..])
}

/// [`plain_path`] from the start of a segment.
fn plain_path_from_segment(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut segment_start = true;
    for (i, &b) in bytes.iter().enumerate() {
        match PATH[usize::from(b)] {
            Path::Plain => segment_start = false,
            Path::Slash => segment_start = true,
            Path::DotOrPercent if !segment_start => {}
            Path::Query => return plain_query_then_fragment(&s[i + 1..]),
            Path::Fragment => return plain_fragment(&s[i + 1..]),
            Path::DotOrPercent | Path::Other => return false,
        }
    }
    true
}

/// What a byte is to [`plain_path_from_segment`].
#[derive(Clone, Copy)]
enum Path {
    /// Kept as written.
    Plain,
    /// `.` or `%`: kept, but not at a segment's start (a dot segment, perhaps `%2e`).
    DotOrPercent,
    /// `/`: a segment starts.
    Slash,
    /// `?`: the query starts.
    Query,
    /// `#`: the fragment starts.
    Fragment,
    /// Not plain.
    Other,
}

/// [`Path`] by byte.
static PATH: [Path; 256] = {
    let mut t = [Path::Other; 256];
    let mut b = 0;
    while b < 256 {
        if PLAIN[b] || b == b'\'' as usize {
            t[b] = Path::Plain;
        }
        b += 1;
    }
    t[b'.' as usize] = Path::DotOrPercent;
    t[b'%' as usize] = Path::DotOrPercent;
    t[b'/' as usize] = Path::Slash;
    t[b'?' as usize] = Path::Query;
    t[b'#' as usize] = Path::Fragment;
    t
};

/// A query, then perhaps `#` and a fragment, kept as written.
fn plain_query_then_fragment(s: &str) -> bool {
    match s.split_once('#') {
        Some((q, f)) => plain_query(q) && plain_fragment(f),
        None => plain_query(s),
    }
}

/// A query (after `?`; no `#`) kept as written: `'` is percent-encoded in a special URL's
/// query.
fn plain_query(s: &str) -> bool {
    s.bytes().all(|b| plain_byte(b) || matches!(b, b'/' | b'?'))
}

/// A fragment (after `#`) kept as written.
fn plain_fragment(s: &str) -> bool {
    s.bytes()
        .all(|b| plain_byte(b) || matches!(b, b'/' | b'?' | b'\''))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `url` crate's answer, serialised, or `raw` when it fails (what `Link::as_str`
    /// gives).
    fn slow(base: Option<&Url>, raw: &str) -> String {
        let url = match base {
            Some(b) => b.join(raw),
            None => Url::parse(raw),
        };
        url.map_or_else(|_| raw.to_owned(), String::from)
    }

    #[test]
    fn plain_links_resolve_as_the_url_crate_does() {
        let bases = [
            Url::parse("https://example.com/a/b.html?q=1#f").ok(),
            Url::parse("http://www.example.org/").ok(),
            Url::parse("https://ex-ample.co.uk/dir/").ok(),
            Url::parse("http://example.com:8080/x/y").ok(),
            Url::parse("file:///tmp/a.html").ok(),
            None,
        ];
        let raws = [
            "https://example.com/path/to?x=1&y=2#frag",
            "http://example.com",
            "http://example.com?x",
            "http://example.com#x",
            "https://sub.example.com/a'b?c'd#e'f",
            "https://EXAMPLE.com/",
            "https://example.com:443/",
            "https://xn--bcher-kva.example/",
            "https://1.2.3.4/",
            "https://a.b.0x10/",
            "https://example.com/./a",
            "https://example.com/a/../b",
            "https://example.com/%2e/b",
            "https://example.com/a b",
            "https://example.com/a|b",
            "https://user@example.com/",
            "/abs/path.html?x#y",
            "//cdn.example.com/x.js",
            "/\\evil",
            "?only=query",
            "#top",
            "",
            "rel/file.html",
            "./rel",
            "../up",
            "mailto:a@b.c",
            "javascript:void(0)",
            "a:b/c",
            "a@b:c",
            "%2e%2e/x",
            " https://example.com/",
            "https://example.com/\t",
            "https://ex..ample.com/",
            "https://example.com./",
            "https://-a-.example.com/",
            "https://example.com/a#b#c",
            "https://example.com/a?b?c",
        ];
        for base in &bases {
            for raw in raws {
                if let Some(fast) = resolve_plain(base.as_ref(), raw) {
                    assert_eq!(fast, slow(base.as_ref(), raw), "{base:?} {raw:?}");
                }
            }
        }
        // The common shapes are plain.
        let b = bases[0].as_ref();
        for raw in [
            "https://example.com/path/to?x=1&y=2#frag",
            "/abs/path.html?x#y",
            "rel/file.html",
            "#top",
        ] {
            assert!(resolve_plain(b, raw).is_some(), "{raw}");
        }
    }
}
