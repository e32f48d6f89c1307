//! The property tests (proptest) over generated input: the tokenizer, the tree builder, the
//! input layer, the fast paths against the scalar twin, streaming against the whole-input
//! parse, and `:has()` against its definition. CI draws from a fixed seed (`PROPTEST_RNG_SEED`); a failure's seed is kept in
//! `tests/proptest-regressions/MODULE.txt` (proptest's place for it beside a `main.rs`).

#[path = "../common/html_gen.rs"]
mod html_gen;

mod complex;
mod fast_path;
mod form_states;
mod has;
mod input;
#[cfg(feature = "links")]
mod links;
mod streaming;
mod tokenizer;
mod tree;
