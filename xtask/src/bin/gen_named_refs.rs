//! Writes `src/tokenizer/named_refs.rs` (HTML Standard 13.5 "Named character references") to
//! standard output, from `$SIMDHTML_SHARED/spec/entities.json` (default: `../shared`):
//!
//! ```text
//! cargo run -p xtask --bin gen_named_refs > src/tokenizer/named_refs.rs
//! ```

// The generator is shared with the library's freshness test (`src/tokenizer/char_ref_table.rs`),
// so it lives in the library's package, beside the tests' other shared helpers.
include!("../../../tests/common/named_refs_generator.rs");

fn main() {
    print!("{}", generate(&read_entities_json()));
}
