//! Finding the next significant byte in the text-like states.
//!
//! Each function returns the offset, in `haystack`, of the first byte that the calling state
//! must look at (a stop byte), or `None` when the rest of the input is ordinary text. Every
//! stop-byte set is ASCII, so a returned offset is always on a `char` boundary of UTF-8 input.
//!
//! These use `memchr`'s vectorised searches (SSE2/AVX2/NEON chosen at run time inside
//! `memchr`). `memchr3` covers three needles; states with a fourth stop byte (always U+0000
//! NULL, which is rare in real pages) search for the first three and then for NUL only in the
//! stretch before that hit, which stays in cache.

use memchr::{memchr, memchr2, memchr3};

/// The first of `a`, `b`, `c` or NUL in `haystack`.
#[inline]
pub(crate) fn find3_or_nul(haystack: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
    match memchr3(a, b, c, haystack) {
        Some(i) => Some(find_nul(&haystack[..i]).unwrap_or(i)),
        None => memchr(0, haystack),
    }
}

/// Up to this length, [`find_nul`] checks the stretch before a `memchr3` hit inline.
const SHORT_STRETCH: usize = 64;

/// The first NUL in `stretch`. Most stretches are short (a text run between tags, an
/// attribute value) and NUL-free: for those a branch-free "any NUL?" pass, which the compiler
/// vectorises, is cheaper than a call into `memchr`.
#[inline]
fn find_nul(stretch: &[u8]) -> Option<usize> {
    if stretch.len() > SHORT_STRETCH {
        return memchr(0, stretch);
    }
    if !stretch.iter().fold(false, |any, &b| any | (b == 0)) {
        return None;
    }
    stretch.iter().position(|&b| b == 0)
}

/// The first of `a`, `b` or NUL in `haystack`.
#[inline]
pub(crate) fn find2_or_nul(haystack: &[u8], a: u8, b: u8) -> Option<usize> {
    memchr3(a, b, 0, haystack)
}

/// The first CR or NUL in `haystack` (PLAINTEXT state).
#[inline]
pub(crate) fn find_cr_or_nul(haystack: &[u8]) -> Option<usize> {
    memchr2(b'\r', 0, haystack)
}

/// The first `a` or CR (CDATA section state, where NUL is passed through).
#[inline]
pub(crate) fn find1_or_cr(haystack: &[u8], a: u8) -> Option<usize> {
    memchr2(a, b'\r', haystack)
}

#[cfg(test)]
mod tests {
    use super::find3_or_nul;

    #[test]
    fn find3_or_nul_finds_the_first_stop_at_every_length() {
        for len in 0usize..200 {
            for nul in [None, Some(0), Some(len / 2), Some(len.saturating_sub(1))] {
                for stop in [None, Some(0), Some(len / 3), Some(len.saturating_sub(1))] {
                    let mut hay = vec![b'x'; len];
                    if let Some(i) = nul.filter(|&i| i < len) {
                        hay[i] = 0;
                    }
                    if let Some(i) = stop.filter(|&i| i < len) {
                        hay[i] = b'<';
                    }
                    let expected = hay
                        .iter()
                        .position(|&b| matches!(b, b'<' | b'&' | b'\r' | 0));
                    assert_eq!(
                        find3_or_nul(&hay, b'<', b'&', b'\r'),
                        expected,
                        "{len} {nul:?} {stop:?}"
                    );
                }
            }
        }
    }
}
