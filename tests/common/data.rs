// Where the tests find the reference data the repository does not carry, and what they do when
// it is missing. One copy for every test: the integration tests use it as `common::data`, the
// library's unit tests (`src/tokenizer/char_ref_table.rs`) through `include!`, so it holds plain
// items only (no inner attributes or `//!` comments).
//
// - `html5lib-tests/`: the `tests/html5lib-tests` git submodule when it is populated
//   (`git submodule update --init`), else `$SIMDHTML_SHARED/html5lib-tests`.
// - everything else (the WPT overlay, `spec/`, the real-page corpus and Chromium's results for
//   it): `$SIMDHTML_SHARED`, default `../shared` beside the repository.
//
// A test whose data is missing writes one line to standard error, `skipped: TEST: PATH is
// missing; HOW TO GET IT`, straight to the stderr handle (libtest captures `eprintln!` in
// passing tests, not the handle), and passes. When the environment variable `CI` is set (to
// anything but empty, `0` or `false`) or `SIMDHTML_REQUIRE_SHARED=1`, missing data fails the
// test instead, so CI always runs everything.

/// The repository's root folder, from any of its packages: the nearest folder up from the
/// package being tested that holds `Cargo.lock` (the library's own folder, the parent of the
/// command's `cli/`).
pub fn repository_root() -> std::path::PathBuf {
    let package = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    package
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(package)
        .to_path_buf()
}

/// The shared reference folder: `$SIMDHTML_SHARED`, or `../shared` beside the repository.
pub fn shared_dir() -> std::path::PathBuf {
    match std::env::var_os("SIMDHTML_SHARED") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => repository_root().join("../shared"),
    }
}

/// The `tests/html5lib-tests` submodule of the repository (empty until
/// `git submodule update --init`).
pub fn html5lib_submodule() -> std::path::PathBuf {
    repository_root().join("tests/html5lib-tests")
}

/// The html5lib-tests checkout: the submodule when populated (it has `tokenizer/`), else
/// `$SIMDHTML_SHARED/html5lib-tests`.
pub fn html5lib_tests_dir() -> std::path::PathBuf {
    let submodule = html5lib_submodule();
    if submodule.join("tokenizer").is_dir() {
        submodule
    } else {
        shared_dir().join("html5lib-tests")
    }
}

/// Whether missing data is a failure rather than a skip: `CI` is set (not empty, `0` or
/// `false`), or `SIMDHTML_REQUIRE_SHARED=1`.
pub fn data_required() -> bool {
    let set = |name: &str| {
        std::env::var(name)
            .ok()
            .is_some_and(|v| !matches!(v.trim(), "" | "0" | "false"))
    };
    set("CI") || set("SIMDHTML_REQUIRE_SHARED")
}

/// How to get the data at `path`, for the `skipped:` line and the failure message.
pub fn how_to_get(path: &std::path::Path) -> &'static str {
    let under = |name: &str| path.components().any(|c| c.as_os_str() == name);
    if under("html5lib-tests") {
        "the tests/html5lib-tests submodule is empty too: run `git submodule update --init` \
         (html5lib-tests at the pinned commit) or set SIMDHTML_SHARED to the shared data folder \
         (README.md, \"Test data\")"
    } else if under("corpus") || under("corpus-chromium") {
        "the real-page corpus and Chromium's results for it are project-internal (not \
         redistributable); set SIMDHTML_SHARED to the shared data folder that holds them \
         (README.md, \"Test data\")"
    } else {
        "set SIMDHTML_SHARED to the shared data folder (README.md, \"Test data\" says where each \
         part comes from)"
    }
}

/// Writes `skipped: {test}: {why}` to the standard error handle itself (not through the
/// captured `eprintln!`), so the line shows in `cargo test` output.
pub fn print_skip(test: &str, why: &str) {
    use std::io::Write;
    let line = format!("skipped: {test}: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// `path` when it exists. When it does not: with [`data_required`], panics naming the path and
/// how to get it; otherwise prints the `skipped:` line for `test` and returns `None`, and the
/// caller returns without checking anything.
pub fn require_data(test: &str, path: std::path::PathBuf) -> Option<std::path::PathBuf> {
    if path.exists() {
        return Some(path);
    }
    let why = format!("{} is missing; {}", path.display(), how_to_get(&path));
    if data_required() {
        panic!(
            "{test}: {why} (CI or SIMDHTML_REQUIRE_SHARED is set, so missing data is a failure)"
        );
    }
    print_skip(test, &why);
    None
}
