//! A record's JSON line: the bytes `serde_json::to_vec` writes for a [`Value`] (compact, keys
//! in the map's order), with strings escaped eight bytes at a time. Most of a line is page
//! text, and serde_json looks its bytes up one at a time; here a run of eight that needs no
//! escape (no `"`, `\` or control character below U+0020) is copied as it is.

use serde_json::Value;

/// Appends `v` to `out` as `serde_json::to_vec(v)` would write it, then nothing else.
pub(crate) fn write_value(out: &mut Vec<u8>, v: &Value) {
    match v {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        // serde_json's own digits (itoa, ryu); a number cannot fail to serialise.
        Value::Number(n) => out.extend_from_slice(&serde_json::to_vec(n).unwrap_or_default()),
        Value::String(s) => write_str(out, s),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_value(out, item);
            }
            out.push(b']');
        }
        Value::Object(m) => {
            out.push(b'{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_str(out, k);
                out.push(b':');
                write_value(out, item);
            }
            out.push(b'}');
        }
    }
}

/// Every byte of a `u64` set to `b`.
const fn splat(b: u8) -> u64 {
    u64::from_ne_bytes([b; 8])
}

/// Whether one of the eight bytes of `x` is a control character (below 0x20), `"` or `\`:
/// exact for the word as a whole (the borrow of the subtraction can only flag a byte after one
/// that is flagged already).
fn needs_escape(x: u64) -> bool {
    let high = splat(0x80);
    let zero_byte = |y: u64| y.wrapping_sub(splat(0x01)) & !y & high != 0;
    let below_space = x.wrapping_sub(splat(0x20)) & !x & high != 0;
    below_space || zero_byte(x ^ splat(b'"')) || zero_byte(x ^ splat(b'\\'))
}

/// Appends `s` as a JSON string, escaped as serde_json escapes it: `\"`, `\\`, `\b`, `\f`,
/// `\n`, `\r`, `\t`, other control characters as `\u00XX` (lower-case hex); everything else,
/// U+007F and non-ASCII included, as it is.
fn write_str(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut clean = 0;
    let mut i = 0;
    while i < bytes.len() {
        if let Some(word) = bytes.get(i..i + 8) {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(word);
            if !needs_escape(u64::from_ne_bytes(eight)) {
                i += 8;
                continue;
            }
        }
        let end = (i + 8).min(bytes.len());
        for (j, &b) in bytes[..end].iter().enumerate().skip(i) {
            let short = match b {
                b'"' => b'"',
                b'\\' => b'\\',
                0x08 => b'b',
                0x0C => b'f',
                b'\n' => b'n',
                b'\r' => b'r',
                b'\t' => b't',
                0x00..=0x1F => b'u',
                _ => continue,
            };
            out.extend_from_slice(&bytes[clean..j]);
            clean = j + 1;
            out.push(b'\\');
            out.push(short);
            if short == b'u' {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"00");
                out.push(HEX[usize::from(b >> 4)]);
                out.push(HEX[usize::from(b & 0xF)]);
            }
        }
        i = end;
    }
    out.extend_from_slice(&bytes[clean..]);
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn same(v: &Value) {
        let mut ours = Vec::new();
        write_value(&mut ours, v);
        let theirs = serde_json::to_vec(v).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&theirs)
        );
    }

    #[test]
    fn every_ascii_byte_at_every_place_of_a_word() {
        for b in 0u8..=0x7F {
            for at in 0..20 {
                for len in [at + 1, at + 3, at + 9, 24] {
                    let mut s = vec![b'a'; len.max(at + 1)];
                    s[at] = b;
                    let s = String::from_utf8(s).unwrap();
                    same(&Value::String(s));
                }
            }
        }
    }

    #[test]
    fn pairs_of_bytes_that_need_escapes_and_non_ascii() {
        let specials = [
            '"', '\\', '\n', '\u{1}', '\u{1F}', '\u{7F}', 'é', '中', '😀', ' ', '!',
        ];
        for &a in &specials {
            for &b in &specials {
                for gap in 0..10 {
                    let s = format!("{a}{}{b}xyz", "q".repeat(gap));
                    same(&Value::String(s.clone()));
                    same(&json!({ s.clone(): [s, null, true, false] }));
                }
            }
        }
        same(&Value::String(String::new()));
    }

    #[test]
    fn records_of_every_shape() {
        same(&json!({
            "path": "a.warc.gz", "offset": 0, "offset_in_member": 18446744073709551615u64,
            "url": null, "status": 200, "bytes": -3, "score": 0.357, "big": 1e300,
            "small": 5e-324, "links": ["https://example.com/a?b=\"c\"", ""], "empty": [],
            "meta": { "og:title": "T\ti\tt\u{2028}le", "nested": { "k": [1, [2, {}]] } },
            "truncated": true
        }));
    }
}
