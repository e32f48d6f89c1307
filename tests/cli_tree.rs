//! `simdhtml tree` (src/cli/tree.rs), compiled here until the binary wires it in.
#![cfg(feature = "cli")]

#[path = "../src/cli/tree.rs"]
#[allow(dead_code)]
mod tree;

use std::process::ExitCode;

use tree::{TreeArgs, run};

fn args(file: Option<String>, fragment: Option<&str>, scripting: &str) -> TreeArgs {
    TreeArgs {
        file,
        fragment: fragment.map(str::to_owned),
        scripting: scripting.to_owned(),
        chunk_size: None,
        scalar: false,
    }
}

#[test]
fn parses_a_file_and_a_fragment() {
    let dir = std::env::temp_dir().join(format!("simdhtml-cli-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("in.html");
    std::fs::write(&path, "<p>x<td>y").unwrap();
    let file = Some(path.to_string_lossy().into_owned());
    assert_eq!(
        run(&args(file.clone(), None, "on")).unwrap(),
        ExitCode::SUCCESS
    );
    assert_eq!(
        run(&args(file.clone(), Some("tr"), "off")).unwrap(),
        ExitCode::SUCCESS
    );
    assert_eq!(
        run(&args(file, Some("svg path"), "on")).unwrap(),
        ExitCode::SUCCESS
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_options_and_unreadable_input_are_errors() {
    let missing = Some("/nonexistent/simdhtml/input.html".to_owned());
    let e = run(&args(missing, None, "on")).unwrap_err();
    assert!(format!("{e:#}").contains("cannot read"), "{e:#}");
    let e = run(&args(None, None, "maybe")).unwrap_err();
    assert!(format!("{e:#}").contains("--scripting"), "{e:#}");
}
