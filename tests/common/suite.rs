//! The harness of the conformance suites (`tests/conformance/`, one binary, `harness = false`):
//! every case (and scripting mode, and initial state) is its own libtest-mimic trial, of its
//! suite's kind and named after its file and index (`[tree] tests1.dat #012 script-on`), so a
//! regression names the case and `cargo test --test conformance -- '[tree] tests1.dat'` runs a
//! subset. After a complete run (no filter, no `--skip`), each suite's results are rendered as
//! the tables of `docs/conformance.md` and compared with the blocks there: a stale document
//! fails the run; `SIMDHTML_BLESS=1` rewrites the blocks instead.
//!
//! A generated block in the document is the text between `<!-- begin generated: NAME -->` and
//! `<!-- end generated: NAME -->`, each on a line of its own.

use std::path::PathBuf;
use std::process::ExitCode;

use libtest_mimic::{Arguments, Trial};

/// A block of `docs/conformance.md` that a suite writes: its name and its text.
pub struct Block {
    /// The name in the block's markers.
    pub name: &'static str,
    /// The Markdown between the markers (without the markers).
    pub text: String,
}

/// What a complete run of a suite checks: suite-wide facts (every override used, the expected
/// number of files), then the document blocks it returns.
type Finish = Box<dyn FnOnce() -> Result<Vec<Block>, String>>;

/// One suite's trials and what a complete run of them checks.
pub struct Suite {
    /// The suite's name, for messages (`html5lib tree-construction suite`).
    name: &'static str,
    trials: Vec<Trial>,
    /// Whether the trials are the whole suite (not, for example, without an overlay).
    complete: bool,
    finish: Finish,
}

impl Suite {
    /// The suite `name` of `trials`, each given the kind `kind` (shown as `[kind] name`, and
    /// matched by filters). When the run is complete (`complete`, no filter or `--skip`, not
    /// `--list` or `--ignored`) and every trial passed, `finish` is called: it checks
    /// suite-wide facts and returns the document blocks, which are compared with
    /// `docs/conformance.md` (or written there with `SIMDHTML_BLESS=1`). An `Err` from
    /// `finish` or a stale block fails the run.
    pub fn new(
        name: &'static str,
        kind: &str,
        trials: Vec<Trial>,
        complete: bool,
        finish: impl FnOnce() -> Result<Vec<Block>, String> + 'static,
    ) -> Suite {
        Suite {
            name,
            trials: trials.into_iter().map(|t| t.with_kind(kind)).collect(),
            complete,
            finish: Box::new(finish),
        }
    }
}

/// A suite that cannot run because its data folder is missing.
pub enum Missing {
    /// The `skipped:` line was printed: the suite checks nothing.
    Skipped,
    /// CI or `SIMDHTML_REQUIRE_SHARED` is set: a failure (the message was printed).
    Required,
}

/// Runs the trials of `suites` together with the command line's arguments (as `cargo test`
/// passes them), then, after a complete run without failures, each complete suite's `finish`
/// and its blocks (see [`Suite::new`]). A suite whose data is required and missing fails the
/// run.
pub fn run(suites: Vec<Result<Suite, Missing>>) -> ExitCode {
    let args = Arguments::from_args();
    let whole = args.filter.is_none()
        && args.skip.is_empty()
        && !args.list
        && !args.ignored
        && !args.include_ignored;
    let mut missing = false;
    let mut trials = Vec::new();
    let mut finishes = Vec::new();
    for suite in suites {
        match suite {
            Ok(suite) => {
                trials.extend(suite.trials);
                if suite.complete {
                    finishes.push((suite.name, suite.finish));
                }
            }
            Err(Missing::Skipped) => {}
            Err(Missing::Required) => missing = true,
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    if conclusion.has_failed() {
        return conclusion.exit_code();
    }
    if missing {
        return ExitCode::FAILURE;
    }
    if !whole {
        return ExitCode::SUCCESS;
    }
    let mut failed = false;
    for (name, finish) in finishes {
        let checked = finish().and_then(|blocks| check_blocks(&blocks));
        if let Err(why) = checked {
            eprintln!("{name}: {why}");
            failed = true;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The path of `docs/conformance.md`.
fn doc_path() -> PathBuf {
    super::data::repository_root().join("docs/conformance.md")
}

/// Compares `blocks` with `docs/conformance.md`, or with `SIMDHTML_BLESS=1` writes them there.
pub fn check_blocks(blocks: &[Block]) -> Result<(), String> {
    let path = doc_path();
    let doc = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let bless = std::env::var_os("SIMDHTML_BLESS").is_some_and(|v| v == "1");
    let mut updated = doc.clone();
    let mut stale = Vec::new();
    for block in blocks {
        let begin = format!("<!-- begin generated: {} -->\n", block.name);
        let end = format!("<!-- end generated: {} -->", block.name);
        let Some(start) = updated.find(&begin).map(|i| i + begin.len()) else {
            return Err(format!(
                "{} has no line `{}`",
                path.display(),
                begin.trim_end()
            ));
        };
        let Some(stop) = updated[start..].find(&end).map(|i| start + i) else {
            return Err(format!("{} has no line `{end}`", path.display()));
        };
        let want = format!("{}\n", block.text.trim_end());
        if updated[start..stop] != want {
            stale.push(format!(
                "block `{}`: {}",
                block.name,
                super::first_diff(&updated[start..stop], &want, "document", "results")
            ));
            updated.replace_range(start..stop, &want);
        }
    }
    if stale.is_empty() {
        return Ok(());
    }
    if bless {
        std::fs::write(&path, updated)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {} block(s) of {}", stale.len(), path.display());
        return Ok(());
    }
    Err(format!(
        "docs/conformance.md is stale (rerun with SIMDHTML_BLESS=1 to rewrite it from these \
         results):\n  {}",
        stale.join("\n  ")
    ))
}

/// `n` with thousands separated by commas, as the document writes counts (`6,810`).
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The data folder `dir` the whole of `suite` needs. When it is missing: the `skipped:` line
/// and [`Missing::Skipped`]; with CI / `SIMDHTML_REQUIRE_SHARED`, [`Missing::Required`] (see
/// `data`).
pub fn require_dir(suite: &str, dir: PathBuf) -> Result<PathBuf, Missing> {
    optional_dir(suite, dir)?.ok_or(Missing::Skipped)
}

/// The data folder `dir` of `suite`, or, when it is missing, the `skipped:` line (and `None`),
/// or with CI / `SIMDHTML_REQUIRE_SHARED` a failure (see `data`).
pub fn optional_dir(suite: &str, dir: PathBuf) -> Result<Option<PathBuf>, Missing> {
    if dir.is_dir() {
        return Ok(Some(dir));
    }
    let why = format!(
        "{} is missing; {}",
        dir.display(),
        super::data::how_to_get(&dir)
    );
    if super::data::data_required() {
        eprintln!(
            "{suite}: {why} (CI or SIMDHTML_REQUIRE_SHARED is set, so missing data is a failure)"
        );
        return Err(Missing::Required);
    }
    super::data::print_skip(suite, &why);
    Ok(None)
}
