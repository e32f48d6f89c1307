//! Lookup in the named character reference table (HTML Standard 13.5) for the named character
//! reference state (13.2.5.78). Hand-written; the table itself is the generated parent module
//! `named_refs`.

// Design: `ENTRIES` holds every name (without the '&') sorted by its bytes, so the names that
// start with a given prefix form one contiguous range, and inside that range the names are
// sorted by their next byte. A lookup starts from the range for the first byte
// (`BY_FIRST_BYTE`, a 129-slot index), then for each following input byte narrows the range
// with two binary searches on that byte position. A name exactly as long as the bytes matched
// so far sorts first in the range (a prefix sorts before its extensions), so it is seen before
// narrowing and is the longest match so far. The walk stops as soon as the range is empty, so
// it reads at most `LONGEST_NAME` + 1 input bytes. No allocation, no hashing; about
// 2 * log2(range) byte comparisons per input byte, with ranges shrinking fast (at most a few
// hundred names share a first byte).

use super::{BY_FIRST_BYTE, ENTRIES};

/// Longest match (13.2.5.78): among all names in the table (without the leading '&'), the
/// longest one that is a prefix of `input` (the bytes right after the '&').
///
/// Returns the matched length in bytes (including the ';' when the matched name ends in one)
/// and the replacement characters (one or two code points). Names are case-sensitive; `None`
/// when no name is a prefix of `input`.
#[inline(always)]
pub(crate) fn longest_match(input: &[u8]) -> Option<(usize, &'static str)> {
    if let Some(hit) = common_match(input) {
        return Some(hit);
    }
    let (&first, _) = input.split_first()?;
    let (mut lo, mut hi) = first_byte_range(first);
    let mut best = None;
    let mut depth = 1;
    // Invariant: ENTRIES[lo..hi] are exactly the names that start with input[..depth].
    while lo < hi {
        let (name, characters) = ENTRIES[lo];
        if name.len() == depth {
            best = Some((depth, characters));
            lo += 1;
        }
        let Some(&byte) = input.get(depth) else { break };
        (lo, hi) = narrow(lo, hi, depth, byte);
        depth += 1;
    }
    best
}

/// The names that make up nearly all references in real pages (`&quot;` alone is over half of
/// the shared corpus's), tried before the table walk. Each ends in ';', and no name in the
/// table has a ';' before its end, so no longer name can extend one: a hit is the longest
/// match.
const COMMON: [(&[u8], &str); 6] = [
    (b"quot;", "\""),
    (b"amp;", "&"),
    (b"apos;", "'"),
    (b"gt;", ">"),
    (b"lt;", "<"),
    (b"nbsp;", "\u{A0}"),
];

/// [`longest_match`] for the [`COMMON`] names; `None` for anything else.
#[inline]
fn common_match(input: &[u8]) -> Option<(usize, &'static str)> {
    COMMON
        .iter()
        .find(|(name, _)| input.starts_with(name))
        .map(|&(name, characters)| (name.len(), characters))
}

/// Whether some name in the table (without the leading '&') starts with `prefix` and is longer
/// than it, i.e. whether more input bytes could still give a longer match (13.2.5.78) — what a
/// streaming tokenizer needs to know when a chunk ends inside a name. True for an empty prefix.
pub(crate) fn could_extend(prefix: &[u8]) -> bool {
    let (lo, hi) = match prefix.split_first() {
        None => (0, ENTRIES.len()),
        Some((&first, rest)) => {
            let (mut lo, mut hi) = first_byte_range(first);
            for (i, &byte) in rest.iter().enumerate() {
                if lo == hi {
                    break;
                }
                (lo, hi) = narrow(lo, hi, i + 1, byte);
            }
            (lo, hi)
        }
    };
    // The name equal to `prefix`, if any, is the first of the range.
    let exact = lo < hi && ENTRIES[lo].0.len() == prefix.len();
    hi - lo > usize::from(exact)
}

/// The range of `ENTRIES` whose names start with `byte` (empty for a non-ASCII byte).
fn first_byte_range(byte: u8) -> (usize, usize) {
    let b = usize::from(byte);
    match BY_FIRST_BYTE.get(b..b + 2) {
        Some(&[start, end]) => (usize::from(start), usize::from(end)),
        _ => (0, 0),
    }
}

/// Narrows `ENTRIES[lo..hi]`, whose names share their first `depth` bytes, to those whose byte
/// at `depth` is `byte` (names of exactly `depth` bytes drop out).
fn narrow(lo: usize, hi: usize, depth: usize, byte: u8) -> (usize, usize) {
    let key = |name: &str| name.as_bytes().get(depth).copied();
    let range = &ENTRIES[lo..hi];
    let start = range.partition_point(|(name, _)| key(name) < Some(byte));
    let len = range[start..].partition_point(|(name, _)| key(name) == Some(byte));
    (lo + start, lo + start + len)
}

#[cfg(test)]
mod tests {
    use super::{ENTRIES, could_extend, longest_match};

    mod generator {
        include!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/common/named_refs_generator.rs"
        ));
    }

    /// Where the tests' reference data is, and the `skipped:` lines (the integration tests'
    /// `common::data`).
    #[allow(dead_code)]
    mod data {
        include!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/common/data.rs"));
    }

    /// `entities.json`, or `None` after the `skipped:` line for `test` when it is missing.
    fn entities_json(test: &str) -> Option<String> {
        data::require_data(test, data::shared_dir().join("spec/entities.json"))?;
        Some(generator::read_entities_json())
    }

    /// The number of entries in entities.json (HTML Standard 13.5).
    const ENTITY_COUNT: usize = 2231;

    #[test]
    fn named_refs_file_is_fresh() {
        let Some(json) = entities_json("named_refs_file_is_fresh") else {
            return;
        };
        let expected = generator::generate(&json);
        let committed = include_str!("named_refs.rs");
        assert!(
            committed == expected,
            "src/tokenizer/named_refs.rs is stale; regenerate it with \
             `cargo run -p xtask --bin gen_named_refs > src/tokenizer/named_refs.rs`"
        );
    }

    #[test]
    fn every_entity_matches_in_full() {
        let Some(json) = entities_json("every_entity_matches_in_full") else {
            return;
        };
        let rows = generator::parse_entities(&json);
        assert_eq!(rows.len(), ENTITY_COUNT);
        assert_eq!(ENTRIES.len(), ENTITY_COUNT);
        for row in &rows {
            let mut input = row.name.clone().into_bytes();
            input.push(b'x');
            assert_eq!(
                longest_match(&input),
                Some((row.name.len(), row.characters.as_str())),
                "&{}x",
                row.name
            );
            assert_eq!(
                longest_match(row.name.as_bytes()).map(|m| m.0),
                Some(row.name.len())
            );
        }
    }

    /// The longest-match rule computed the slow way, straight from entities.json's names.
    fn naive_longest(rows: &[generator::NamedRef], input: &[u8]) -> Option<(usize, String)> {
        rows.iter()
            .filter(|row| input.starts_with(row.name.as_bytes()))
            .max_by_key(|row| row.name.len())
            .map(|row| (row.name.len(), row.characters.clone()))
    }

    #[test]
    fn agrees_with_naive_search_on_every_prefix() {
        let Some(json) = entities_json("agrees_with_naive_search_on_every_prefix") else {
            return;
        };
        let rows = generator::parse_entities(&json);
        let mut checked = 0;
        for row in &rows {
            let name = row.name.as_bytes();
            for end in 0..=name.len() {
                for tail in [&b""[..], b";", b"x", b"a;", b"\xC3\xA9"] {
                    let input = [&name[..end], tail].concat();
                    let got = longest_match(&input).map(|(n, s)| (n, s.to_owned()));
                    assert_eq!(
                        got,
                        naive_longest(&rows, &input),
                        "{:?}",
                        input.escape_ascii()
                    );
                    let extends = rows.iter().any(|r| {
                        r.name.len() > input.len() && r.name.as_bytes().starts_with(&input)
                    });
                    assert_eq!(could_extend(&input), extends, "{:?}", input.escape_ascii());
                    checked += 1;
                }
            }
        }
        assert!(checked > ENTITY_COUNT * 10);
    }

    #[test]
    fn longest_match_edge_cases() {
        assert_eq!(longest_match(b"notin;x"), Some((6, "\u{2209}")));
        assert_eq!(longest_match(b"notit;"), Some((3, "\u{AC}")));
        assert_eq!(longest_match(b"not"), Some((3, "\u{AC}")));
        assert_eq!(longest_match(b"amp"), Some((3, "&")));
        assert_eq!(longest_match(b"ampx"), Some((3, "&")));
        assert_eq!(longest_match(b"amp;"), Some((4, "&")));
        assert_eq!(longest_match(b"AMP;"), Some((4, "&")));
        assert_eq!(longest_match(b"Amp;"), None);
        assert_eq!(longest_match(b"nbsp"), Some((4, "\u{A0}")));
        assert_eq!(longest_match(b"NBSP;"), None);
        assert_eq!(longest_match(b"xyz"), None);
        assert_eq!(longest_match(b""), None);
        assert_eq!(longest_match(b";"), None);
        assert_eq!(longest_match(b"\xC3\xA9"), None);
        assert_eq!(longest_match(b"lt;"), Some((3, "<")));
        assert_eq!(longest_match(b"ltimes;"), Some((7, "\u{22C9}")));
        // Two code points.
        assert_eq!(
            longest_match(b"NotEqualTilde;"),
            Some((14, "\u{2242}\u{338}"))
        );
        // The longest name (32 bytes).
        let longest = b"CounterClockwiseContourIntegral;";
        assert_eq!(longest.len(), super::super::LONGEST_NAME);
        assert_eq!(longest_match(longest), Some((32, "\u{2233}")));
    }

    #[test]
    fn common_names_agree_with_the_table_walk() {
        for (name, characters) in super::COMMON {
            let entry = ENTRIES.iter().find(|(n, _)| n.as_bytes() == name);
            assert_eq!(entry.map(|e| e.1), Some(characters), "{name:?}");
            assert!(!could_extend(name), "{name:?} must be maximal");
        }
    }

    #[test]
    fn could_extend_edge_cases() {
        assert!(could_extend(b""));
        assert!(could_extend(b"n"));
        assert!(could_extend(b"amp"));
        assert!(could_extend(b"noti"));
        assert!(!could_extend(b"amp;"));
        assert!(!could_extend(b"notin;"));
        assert!(!could_extend(b"xyz"));
        assert!(!could_extend(b"\xC3"));
        assert!(!could_extend(b"CounterClockwiseContourIntegral;"));
    }
}
