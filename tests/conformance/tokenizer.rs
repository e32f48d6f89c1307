//! The html5lib tokenizer suite (`html5lib-tests/tokenizer/*.test`), tokens and errors.
//!
//! Every case of every file runs once per initial state it names, each run its own test
//! (`test3.test #0042 (Data state): <description>`), through the fast path and through the
//! scalar twin, which must agree. Tokens are compared in the suite's JSON format (adjacent
//! character tokens coalesced); errors are compared as `(code, line, col)` lists. Cases the 2026
//! processing-instruction rules made outdated are checked against the reviewed expectations in
//! `tests/data/tokenizer-overrides.json` instead; cases whose input cannot exist in UTF-8 (lone
//! surrogates) are counted as not applicable. A complete run checks the table of
//! `docs/conformance.md` (`common::suite`). The data: `common::html5lib_tests_dir()` (the
//! submodule, else `$SIMDHTML_SHARED/html5lib-tests`).

use crate::common;

use serde_json::{Value, json};
use simdhtml::Arena;
use simdhtml::tokenizer::{State, Tokenizer, TokenizerOptions};
use std::collections::{BTreeMap, HashMap};

use common::suite::{self, Block, Missing, Suite, thousands};
use libtest_mimic::{Failed, Trial};

/// One reviewed override: the expectation under today's spec for an html5lib case.
struct Override {
    output: Value,
    errors: Value,
    used: bool,
}

fn load_overrides() -> HashMap<(String, String, String), Override> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tokenizer-overrides.json"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/tokenizer-overrides.json");
    let json: Value = serde_json::from_str(&text).expect("overrides are JSON");
    let mut map = HashMap::new();
    for o in json["overrides"].as_array().expect("an `overrides` array") {
        let key = (
            o["file"].as_str().unwrap().to_string(),
            o["description"].as_str().unwrap().to_string(),
            o["input"].as_str().unwrap().to_string(),
        );
        assert!(
            o["reason"].as_str().is_some_and(|r| !r.is_empty()),
            "override {key:?} has no reason"
        );
        let prev = map.insert(
            key.clone(),
            Override {
                output: o["output"].clone(),
                errors: o["errors"].clone(),
                used: false,
            },
        );
        assert!(prev.is_none(), "override {key:?} listed twice");
    }
    map
}

/// Undoes the suite's `doubleEscaped` escaping (`\uHHHH` sequences). `None` if the result
/// would hold a lone surrogate, which no UTF-8 input can.
fn unescape(s: &str) -> Option<String> {
    let mut units: Vec<u16> = Vec::new();
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        let hex = &rest[i + 2..i + 6];
        units.clear();
        units.push(u16::from_str_radix(hex, 16).ok()?);
        rest = &rest[i + 6..];
        // A high surrogate followed by an escaped low surrogate is one code point.
        if (0xD800..0xDC00).contains(&units[0])
            && rest.starts_with("\\u")
            && let Ok(low) = u16::from_str_radix(&rest[2..6], 16)
            && (0xDC00..0xE000).contains(&low)
        {
            units.push(low);
            rest = &rest[6..];
        }
        out.push_str(&String::from_utf16(&units).ok()?);
    }
    out.push_str(rest);
    Some(out)
}

fn unescape_value(v: &Value) -> Option<Value> {
    Some(match v {
        Value::String(s) => Value::String(unescape(s)?),
        Value::Array(a) => Value::Array(a.iter().map(unescape_value).collect::<Option<_>>()?),
        Value::Object(o) => {
            let mut m = serde_json::Map::new();
            for (k, v) in o {
                m.insert(unescape(k)?, unescape_value(v)?);
            }
            Value::Object(m)
        }
        other => other.clone(),
    })
}

/// Tokenizes `input` and renders tokens and errors in the suite's JSON shapes. Runs both the
/// vectorised scanning layer and its scalar twin and checks that they agree.
fn run(
    input: &str,
    state: State,
    last_start_tag: Option<&str>,
    infoset: bool,
) -> Result<(Value, Value), String> {
    let tokenize = |scalar: bool| {
        let arena = Arena::new();
        let options = TokenizerOptions {
            initial_state: Some(state),
            last_start_tag: last_start_tag.map(str::to_string),
            collect_errors: true,
            coerce_to_infoset: infoset,
            scalar,
        };
        let mut tokenizer = Tokenizer::new(&arena, input, options);
        simdhtml::html5lib::tokenize_to_json(&mut tokenizer)
    };
    let fast = tokenize(false);
    let scalar = tokenize(true);
    if fast != scalar {
        return Err(format!(
            "the scalar twin differs from the fast path on {input:?}:\n  fast   {} {}\n  scalar {} {}",
            fast.0, fast.1, scalar.0, scalar.1
        ));
    }
    Ok(fast)
}

/// Per file: cases, applicable cases, not applicable, via override.
type Counts = BTreeMap<String, [usize; 4]>;

/// The suite's trials (see `common::suite`).
pub fn suite() -> Result<Suite, Missing> {
    const SUITE: &str = "html5lib tokenizer suite";
    let dir = suite::require_dir(SUITE, common::html5lib_tests_dir().join("tokenizer"))?;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| common::missing_data(&dir, e))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "test"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .test files in {}", dir.display());

    let mut overrides = load_overrides();
    let mut counts = Counts::new();
    let mut trials = Vec::new();

    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let json: Value = serde_json::from_str(&text).unwrap();
        let (tests, infoset) = match json.get("tests") {
            Some(t) => (t, false),
            None => (&json["xmlViolationTests"], true),
        };
        let c = counts.entry(file.clone()).or_default();
        for (index, test) in tests.as_array().unwrap().iter().enumerate() {
            c[0] += 1;
            let description = test["description"].as_str().unwrap_or("");
            let raw_input = test["input"].as_str().unwrap();
            let double_escaped = test["doubleEscaped"].as_bool().unwrap_or(false);
            // The xmlViolation tests predate error lists and give none: only their (coerced)
            // output is compared.
            let (input, mut output, mut errors) = if double_escaped {
                match (unescape(raw_input), unescape_value(&test["output"])) {
                    (Some(i), Some(o)) => (i, o, test.get("errors").cloned().unwrap_or(json!([]))),
                    _ => {
                        // A lone surrogate: cannot occur in UTF-8 input.
                        c[2] += 1;
                        continue;
                    }
                }
            } else {
                (
                    raw_input.to_string(),
                    test["output"].clone(),
                    test.get("errors").cloned().unwrap_or(json!([])),
                )
            };
            c[1] += 1;
            let key = (file.clone(), description.to_string(), raw_input.to_string());
            if let Some(o) = overrides.get_mut(&key) {
                output = o.output.clone();
                errors = o.errors.clone();
                o.used = true;
                c[3] += 1;
            }
            let states: Vec<String> = match test.get("initialStates") {
                Some(s) => s
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap().to_string())
                    .collect(),
                None => vec!["Data state".to_string()],
            };
            let last = test["lastStartTag"].as_str().map(str::to_string);
            for state_name in states {
                let state = State::from_test_name(&state_name)
                    .unwrap_or_else(|| panic!("unknown initial state {state_name}"));
                // Descriptions run to 200 characters; the name keeps the first 60.
                let short: String = description.escape_debug().take(60).collect();
                let name = format!("{file} #{index:04} ({state_name}): {short}");
                let (input, output, errors, last) =
                    (input.clone(), output.clone(), errors.clone(), last.clone());
                trials.push(Trial::test(name, move || {
                    let (got_output, got_errors) = run(&input, state, last.as_deref(), infoset)?;
                    if got_output != output || (!infoset && got_errors != errors) {
                        return Err(Failed::from(format!(
                            "input {input:?}\n  expected {output}\n       got {got_output}\n  expected errors {errors}\n       got errors {got_errors}"
                        )));
                    }
                    Ok(())
                }));
            }
        }
    }

    let unused: Vec<_> = overrides
        .iter()
        .filter(|(_, o)| !o.used)
        .map(|(k, _)| format!("{k:?}"))
        .collect();
    Ok(Suite::new(SUITE, "tokenizer", trials, true, move || {
        if !unused.is_empty() {
            return Err(format!(
                "overrides that match no case: {}",
                unused.join(", ")
            ));
        }
        Ok(vec![table(&counts)])
    }))
}

/// The per-file table of `docs/conformance.md` (every applicable case passed: the table is
/// written only after a run without failures).
fn table(counts: &Counts) -> Block {
    let mut total = [0usize; 4];
    for c in counts.values() {
        for i in 0..4 {
            total[i] += c[i];
        }
    }
    let mut text = format!(
        "{} cases; {} applicable, {} pass.\n\n",
        thousands(total[0]),
        thousands(total[1]),
        thousands(total[1])
    );
    text.push_str(
        "| file | cases | pass | fail | n/a | via override |\n|---|---:|---:|---:|---:|---:|\n",
    );
    // cases, pass (every applicable case: the table is written after a run without failures),
    // fail, n/a, via override.
    let row = |file: &str, c: &[usize; 4], bold: &str| {
        let cells = [c[0], c[1], 0, c[2], c[3]].map(|n| format!("{bold}{}{bold}", thousands(n)));
        format!("| {bold}{file}{bold} | {} |\n", cells.join(" | "))
    };
    for (file, c) in counts {
        text.push_str(&row(file, c, ""));
    }
    text.push_str(&row("total", &total, "**"));
    Block {
        name: "html5lib-tokenizer",
        text,
    }
}
