//! `--chunk-size N` and `--scalar` on `simdhtml tree` and `simdhtml tokens` leave the output
//! unchanged (streaming and the scalar twin agree with the whole-input fast path).

use std::process::Command;

fn output(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_simdhtml"))
        .args(args)
        .output()
        .expect("run simdhtml");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn chunked_and_scalar_runs_print_the_same() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/edge-cases.html");
    for command in ["tree", "tokens"] {
        let expected = output(&[command, file]);
        assert!(!expected.is_empty());
        for extra in [
            &["--scalar"][..],
            &["--chunk-size", "1"],
            &["--chunk-size", "3", "--scalar"],
            &["--chunk-size", "64"],
            &["--chunk-size", "100000"],
        ] {
            let mut args = vec![command, file];
            args.extend_from_slice(extra);
            assert_eq!(output(&args), expected, "{args:?}");
        }
    }
}

#[test]
fn chunk_size_zero_is_an_error() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/edge-cases.html");
    for command in ["tree", "tokens"] {
        let out = Command::new(env!("CARGO_BIN_EXE_simdhtml"))
            .args([command, file, "--chunk-size", "0"])
            .output()
            .expect("run simdhtml");
        assert!(!out.status.success());
    }
}
