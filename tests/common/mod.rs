//! Helpers shared by the integration tests: where the reference data lives and what a test does
//! without it (`data`), failure messages.
#![allow(dead_code)]

use std::path::Path;

pub mod data;
#[allow(unused_imports)]
pub use data::{html5lib_tests_dir, repository_root, require_data, shared_dir};

/// Fails the test: a file inside a data folder that exists is missing or unreadable (the
/// folder is incomplete, which is never skipped).
pub fn missing_data(path: &Path, err: impl std::fmt::Display) -> ! {
    panic!(
        "reference data missing at {} ({err}); {}",
        path.display(),
        data::how_to_get(path)
    )
}

/// The pages (`.html`, `.htm`) directly in `dir`, sorted.
pub fn pages_in(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| missing_data(dir, e))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "html" || x == "htm"))
        .collect();
    entries.sort();
    entries
}

/// The repository's own pages: `corpus/` and `corpus/generated/` (15 pages), which every
/// clone has.
pub fn repository_pages() -> Vec<std::path::PathBuf> {
    let root = repository_root().join("corpus");
    let mut pages = pages_in(&root);
    pages.extend(pages_in(&root.join("generated")));
    pages
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

/// The dump without its shadow roots (each `#shadow-root` line and the lines below it, deeper
/// indented): what 13.3 writes of a page whose shadow roots are not serializable, or not asked
/// for (the fragment serialization algorithm's serializableShadowRoots is false by default).
pub fn without_shadow_roots(dump: &str) -> String {
    let mut out = String::new();
    let mut skip_below: Option<usize> = None;
    for line in dump.lines() {
        let depth = line.len() - line.trim_start_matches(['|', ' ']).len();
        if let Some(d) = skip_below {
            if depth > d {
                continue;
            }
            skip_below = None;
        }
        if line
            .trim_start_matches(['|', ' '])
            .starts_with("#shadow-root (")
        {
            skip_below = Some(depth);
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

pub mod corpus;
pub mod spans;
pub mod suite;
pub mod warc;
