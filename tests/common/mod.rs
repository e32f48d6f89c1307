//! Helpers shared by the integration tests: where the shared reference data lives.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The shared reference folder: `$SIMDHTML_SHARED`, or `../shared` beside the repository.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("SIMDHTML_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// Fails the test with a message that says where to get the missing data.
pub fn missing_data(path: &Path, err: impl std::fmt::Display) -> ! {
    panic!(
        "conformance data missing at {} ({err}).\n\
         Set SIMDHTML_SHARED to the shared folder. README.md \"Test data\" says where each of \
         its folders comes from (html5lib-tests and the WPT files at pinned commits; the \
         real-page corpus is project-internal) and which tests need the corpus.",
        path.display()
    )
}

/// The first line where two texts differ, both sides shown (clipped to 200 characters) under
/// the names given, for failure messages.
pub fn first_diff(a: &str, b: &str, a_name: &str, b_name: &str) -> String {
    let (x, y): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let i = x
        .iter()
        .zip(&y)
        .position(|(l, r)| l != r)
        .unwrap_or(x.len().min(y.len()));
    let clip = |s: Option<&&str>| s.map(|s| s.chars().take(200).collect::<String>());
    format!(
        "line {}: {a_name} {:?}, {b_name} {:?}",
        i + 1,
        clip(x.get(i)),
        clip(y.get(i))
    )
}

#[cfg(feature = "cli")]
pub mod cli;
pub mod corpus;
