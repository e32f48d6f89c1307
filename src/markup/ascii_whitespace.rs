//! ASCII whitespace (the Infra Standard, 4.6 "Code points"): U+0009 TAB, U+000A LF, U+000C FF,
//! U+000D CR and U+0020 SPACE, the white space of attribute values, class lists, `<meta>`
//! contents and the text steps. It is the set of `u8::is_ascii_whitespace` and
//! `char::is_ascii_whitespace` (which byte code uses directly); this function is the same test
//! by value, so that it serves as a `str` pattern (`trim_matches`, `split`).

/// Whether `c` is ASCII whitespace (U+0009, U+000A, U+000C, U+000D or U+0020; not U+000B).
pub(crate) fn is_ascii_whitespace(c: char) -> bool {
    c.is_ascii_whitespace()
}
