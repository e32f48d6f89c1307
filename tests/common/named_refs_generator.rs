// The generator logic for `src/tokenizer/named_refs.rs` (HTML Standard 13.5, "Named character
// references"). It is shared, through `include!`, by `xtask/src/bin/gen_named_refs.rs` (which
// writes the file) and by the freshness unit test in `src/tokenizer/char_ref_table.rs` (which
// checks that the committed file equals what this code makes from `entities.json`). It is here,
// not in xtask/, so that the library's package carries it (cargo leaves a folder with a
// Cargo.toml of its own out of a package) and `cargo test` builds from the package too. No
// integration test uses it (`tests/common/mod.rs` does not declare it).
//
// Plain items only (no inner attributes or `//!` comments), so that `include!` works.

/// Where `entities.json` comes from, for error messages and the generated header.
pub const ENTITIES_SOURCE: &str = "the whatwg/html-build repository, entities/out/entities.json \
     (commit 283a3531a61106d07d9a7d9fb3e6f3b9bfd33d70), published as \
     https://html.spec.whatwg.org/entities.json";

/// The path of `entities.json`: `$SIMDHTML_SHARED/spec/entities.json`, where `SIMDHTML_SHARED`
/// defaults to the `shared` folder beside the repository.
pub fn entities_json_path() -> std::path::PathBuf {
    // The repository's root is the package's folder (the library's unit test) or the one above
    // it (xtask's tool): the first with the workspace's `Cargo.lock`.
    let package = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = package
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(package);
    let shared = std::env::var_os("SIMDHTML_SHARED")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| root.join("../shared"));
    shared.join("spec").join("entities.json")
}

/// Reads `entities.json` (see [`entities_json_path`]); panics with a message saying where to get
/// it when it is missing, so that a test depending on it can never pass silently.
pub fn read_entities_json() -> String {
    let path = entities_json_path();
    std::fs::read_to_string(&path).unwrap_or_else(|err| {
        panic!(
            "cannot read {} ({err}); set SIMDHTML_SHARED to the folder holding spec/entities.json, \
             or get the file from {ENTITIES_SOURCE}",
            path.display()
        )
    })
}

/// One row of the table: the name without the leading '&' (ASCII, with the ';' when the name has
/// one) and the replacement characters (one or two code points).
pub struct NamedRef {
    /// The name in bytes, without the leading '&'.
    pub name: String,
    /// The replacement characters.
    pub characters: String,
}

/// Parses the text of `entities.json` into rows sorted by name bytes, checking what the lookup
/// relies on: names are `&` + ASCII alphanumerics + an optional final ';', and `characters`
/// agrees with `codepoints` (one or two of them).
pub fn parse_entities(json: &str) -> Vec<NamedRef> {
    let value: serde_json::Value = serde_json::from_str(json).expect("entities.json is not JSON");
    let object = value
        .as_object()
        .expect("entities.json is not a JSON object");
    let mut rows = Vec::with_capacity(object.len());
    for (key, entry) in object {
        let name = key
            .strip_prefix('&')
            .unwrap_or_else(|| panic!("entity name {key:?} does not start with '&'"));
        let body = name.strip_suffix(';').unwrap_or(name);
        assert!(
            !body.is_empty() && body.bytes().all(|b| b.is_ascii_alphanumeric()),
            "entity name {key:?} is not '&' + ASCII alphanumerics + optional ';'"
        );
        assert!(name.len() <= 255, "entity name {key:?} is too long");
        let characters = entry["characters"]
            .as_str()
            .unwrap_or_else(|| panic!("entity {key:?} has no \"characters\" string"));
        let codepoints: String = entry["codepoints"]
            .as_array()
            .unwrap_or_else(|| panic!("entity {key:?} has no \"codepoints\" array"))
            .iter()
            .map(|cp| {
                cp.as_u64()
                    .and_then(|cp| u32::try_from(cp).ok())
                    .and_then(char::from_u32)
                    .unwrap_or_else(|| panic!("entity {key:?} has a bad code point {cp}"))
            })
            .collect();
        assert_eq!(
            codepoints, characters,
            "entity {key:?}: codepoints and characters differ"
        );
        let count = characters.chars().count();
        assert!(
            (1..=2).contains(&count),
            "entity {key:?} has {count} code points"
        );
        rows.push(NamedRef {
            name: name.to_owned(),
            characters: characters.to_owned(),
        });
    }
    rows.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
    rows
}

/// Makes the text of `src/tokenizer/named_refs.rs` from the text of `entities.json`.
pub fn generate(json: &str) -> String {
    use std::fmt::Write as _;

    let rows = parse_entities(json);
    assert!(
        rows.len() < usize::from(u16::MAX),
        "too many entities for u16 indices"
    );
    let longest = rows.iter().map(|row| row.name.len()).max().unwrap_or(0);

    // BY_FIRST_BYTE[b]..BY_FIRST_BYTE[b + 1] is the range of rows whose name starts with byte b.
    let mut by_first_byte = [0usize; 129];
    for row in &rows {
        by_first_byte[usize::from(row.name.as_bytes()[0]) + 1] += 1;
    }
    for b in 1..by_first_byte.len() {
        by_first_byte[b] += by_first_byte[b - 1];
    }

    let mut out = String::new();
    out.push_str(
        "// @generated by xtask's gen_named_refs from entities.json. DO NOT EDIT BY HAND.\n\
         //\n\
         // Regenerate (from the repository root, with the shared folder beside it or\n\
         // SIMDHTML_SHARED pointing at it):\n\
         //\n\
         //     cargo run -p xtask --bin gen_named_refs > src/tokenizer/named_refs.rs\n\
         //\n",
    );
    let source_lines = ENTITIES_SOURCE
        .replacen(" (commit", "\n// (commit", 1)
        .replacen(", published", ",\n// published", 1);
    let _ = writeln!(
        out,
        "// Source: {source_lines}.\n\
         // The unit test `named_refs_file_is_fresh` in char_ref_table.rs fails when this file is stale.\n\
         //\n\
         // HTML Standard 13.5 \"Named character references\": {} names, sorted by name bytes.",
        rows.len()
    );
    out.push_str(
        "\n//! The named character reference table (HTML Standard 13.5), generated; the lookup over it\n\
         //! (13.2.5.78) is the hand-written child module `char_ref_table`.\n\
         \n\
         #[path = \"char_ref_table.rs\"]\n\
         mod char_ref_table;\n\
         \n\
         pub(crate) use char_ref_table::{could_extend, longest_match};\n\
         \n",
    );
    let _ = writeln!(
        out,
        "/// The length in bytes of the longest name (without the leading '&', with its ';').\n\
         pub(crate) const LONGEST_NAME: usize = {longest};\n"
    );
    let _ = writeln!(
        out,
        "/// `(name, characters)` for every named character reference, sorted by name bytes: the name\n\
         /// without the leading '&' (ASCII; with the ';' when it has one), and its replacement of one\n\
         /// or two code points.\n\
         #[rustfmt::skip]\n\
         static ENTRIES: [(&str, &str); {}] = [",
        rows.len()
    );
    for row in &rows {
        let _ = write!(out, "    ({:?}, \"", row.name);
        for c in row.characters.chars() {
            let _ = write!(out, "\\u{{{:X}}}", u32::from(c));
        }
        out.push_str("\"),\n");
    }
    out.push_str("];\n\n");
    out.push_str(
        "/// Indices into [`ENTRIES`] by first byte: the names starting with ASCII byte `b` are\n\
         /// `ENTRIES[BY_FIRST_BYTE[b]..BY_FIRST_BYTE[b + 1]]`.\n\
         #[rustfmt::skip]\n\
         static BY_FIRST_BYTE: [u16; 129] = [\n",
    );
    for chunk in by_first_byte.chunks(16) {
        out.push_str("   ");
        for start in chunk {
            let _ = write!(out, " {start},");
        }
        out.push('\n');
    }
    out.push_str("];\n");
    out
}
