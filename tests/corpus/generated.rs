//! The committed `corpus/generated/` pages are exactly what `xtask/src/bin/gen_corpus.rs`
//! writes, so they cannot go stale (regenerate with `cargo run -p xtask --bin gen_corpus`).

#[path = "../../xtask/src/bin/gen_corpus.rs"]
#[allow(dead_code)]
mod gen_corpus;

use std::path::Path;

#[test]
fn committed_pages_equal_the_generator_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/generated");
    let pages = gen_corpus::pages();
    let mut committed: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    committed.sort();
    let mut names: Vec<String> = pages.iter().map(|(n, _)| n.clone()).collect();
    names.sort();
    assert_eq!(
        committed, names,
        "corpus/generated/ holds other files than the generator writes; \
         run `cargo run -p xtask --bin gen_corpus`"
    );
    for (name, html) in &pages {
        let on_disk = std::fs::read_to_string(dir.join(name)).expect("read a generated page");
        assert!(
            on_disk == *html,
            "corpus/generated/{name} differs from the generator's output; \
             run `cargo run -p xtask --bin gen_corpus`"
        );
    }
}

#[test]
fn generated_pages_are_sizeable_and_distinct() {
    let pages = gen_corpus::pages();
    assert_eq!(pages.len(), 10);
    let total: usize = pages.iter().map(|(_, h)| h.len()).sum();
    assert!((100_000..500_000).contains(&total), "{total} bytes in all");
    for pair in pages.chunks(2) {
        // Each kind's large page is several times its small one.
        assert!(
            pair[1].1.len() > 4 * pair[0].1.len(),
            "{} vs {}",
            pair[1].0,
            pair[0].0
        );
    }
}
