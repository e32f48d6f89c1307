//! Writes `src/tokenizer/named_refs.rs` (HTML Standard 13.5 "Named character references") to
//! standard output, from `$SIMDHTML_SHARED/spec/entities.json` (default: `../shared`):
//!
//! ```text
//! cargo run --example gen_named_refs > src/tokenizer/named_refs.rs
//! ```

include!("generate.rs");

fn main() {
    print!("{}", generate(&read_entities_json()));
}
