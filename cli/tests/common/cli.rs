//! Running the built `simdhtml` command in the command-line tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `simdhtml ARGS` with `stdin` as standard input; returns (exit status, stdout, stderr).
pub fn simdhtml(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_simdhtml"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start simdhtml");
    match child.stdin.take().expect("stdin").write_all(stdin) {
        Ok(()) => {}
        // The command may exit (a bad option, say) without reading all of its input.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => panic!("write stdin: {e}"),
    }
    let out = child.wait_with_output().expect("wait for simdhtml");
    (
        out.status.code().expect("exit status"),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

/// Runs `simdhtml ARGS` with `stdin` (text) as standard input.
pub fn simdhtml_str(args: &[&str], stdin: &str) -> (i32, String, String) {
    simdhtml(args, stdin.as_bytes())
}

/// The JSON objects of a JSON-lines output, one per line.
pub fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Reads the first line of `child`'s standard output, closes the pipe (as `| head -1` does),
/// and waits: (that line, exit status, standard error). `child` was spawned with piped
/// standard output and error.
pub fn first_line_then_close(mut child: std::process::Child) -> (String, Option<i32>, String) {
    use std::io::{BufRead, BufReader, Read};
    let mut out = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut line = String::new();
    out.read_line(&mut line).expect("read stdout");
    drop(out);
    let status = child.wait().expect("wait for simdhtml");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("piped stderr")
        .read_to_string(&mut err)
        .expect("read stderr");
    (line, status.code(), err)
}
