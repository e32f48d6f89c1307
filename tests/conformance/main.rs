//! The conformance suites, one binary (`harness = false`): the html5lib tokenizer suite
//! (`tokenizer.rs`, with the `html5lib` feature), the html5lib + WPT tree-construction suite
//! (`tree.rs`), the html5lib encoding suite (`encoding.rs`) and the html5lib serializer suite
//! (`serializer.rs`). Every case is its own libtest-mimic trial, of the kind of its suite
//! (`[tree] tests1.dat #012 script-on`), so `cargo test --test conformance -- '[tree]
//! tests1.dat'` runs one file's cases; after a complete run each suite checks its table of
//! `docs/conformance.md` (`common::suite`).

#[path = "../common/mod.rs"]
mod common;

mod encoding;
mod serializer;
#[cfg(feature = "html5lib")]
mod tokenizer;
mod tree;

use std::process::ExitCode;

fn main() -> ExitCode {
    common::suite::run(vec![
        #[cfg(feature = "html5lib")]
        tokenizer::suite(),
        tree::suite(),
        encoding::suite(),
        serializer::suite(),
    ])
}
