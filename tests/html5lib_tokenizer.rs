//! The html5lib tokenizer suite (`html5lib-tests/tokenizer/*.test`), tokens and errors.
//!
//! Every case of every file runs once per initial state it names. Tokens are compared in the
//! suite's JSON format (adjacent character tokens coalesced); errors are compared as
//! `(code, line, col)` lists. Cases the 2026 processing-instruction rules made outdated are
//! checked against the reviewed expectations in `tests/data/tokenizer-overrides.json`
//! instead; cases whose input cannot exist in UTF-8 (lone surrogates) are counted as not
//! applicable. The data is found through `SIMDHTML_SHARED` (default `../shared`).

mod common;

use serde_json::{Value, json};
use simdhtml::Arena;
use simdhtml::tokenizer::{State, Tokenizer, TokenizerOptions};
use std::collections::{BTreeMap, HashMap};

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
fn run(input: &str, state: State, last_start_tag: Option<&str>, infoset: bool) -> (Value, Value) {
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
    assert_eq!(fast, tokenize(true), "scalar twin differs on {input:?}");
    fast
}

#[test]
fn html5lib_tokenizer_suite() {
    let dir = common::shared_dir().join("html5lib-tests/tokenizer");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| common::missing_data(&dir, e))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "test"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .test files in {}", dir.display());

    let mut overrides = load_overrides();
    // file -> (cases, runs passed, runs failed, not applicable, overridden)
    let mut counts: BTreeMap<String, [usize; 5]> = BTreeMap::new();
    let mut failures: Vec<String> = Vec::new();

    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let json: Value = serde_json::from_str(&text).unwrap();
        let (tests, infoset) = match json.get("tests") {
            Some(t) => (t, false),
            None => (&json["xmlViolationTests"], true),
        };
        let c = counts.entry(file.clone()).or_default();
        for test in tests.as_array().unwrap() {
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
                        c[3] += 1;
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
            let key = (file.clone(), description.to_string(), raw_input.to_string());
            if let Some(o) = overrides.get_mut(&key) {
                output = o.output.clone();
                errors = o.errors.clone();
                o.used = true;
                c[4] += 1;
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
            let last = test["lastStartTag"].as_str();
            let mut case_ok = true;
            for state_name in &states {
                let state = State::from_test_name(state_name)
                    .unwrap_or_else(|| panic!("unknown initial state {state_name}"));
                let (got_output, got_errors) = run(&input, state, last, infoset);
                if got_output != output || (!infoset && got_errors != errors) {
                    case_ok = false;
                    failures.push(format!(
                        "{file}: {description:?} ({state_name}) input {input:?}\n  expected {output}\n       got {got_output}\n  expected errors {errors}\n       got errors {got_errors}"
                    ));
                }
            }
            if case_ok {
                c[1] += 1;
            } else {
                c[2] += 1;
            }
        }
    }

    let mut total = [0usize; 5];
    println!(
        "{:<30} {:>6} {:>6} {:>6} {:>5} {:>9}",
        "file", "cases", "pass", "fail", "n/a", "override"
    );
    for (file, c) in &counts {
        println!(
            "{file:<30} {:>6} {:>6} {:>6} {:>5} {:>9}",
            c[0], c[1], c[2], c[3], c[4]
        );
        for i in 0..5 {
            total[i] += c[i];
        }
    }
    println!(
        "{:<30} {:>6} {:>6} {:>6} {:>5} {:>9}",
        "total", total[0], total[1], total[2], total[3], total[4]
    );
    let unused: Vec<_> = overrides
        .iter()
        .filter(|(_, o)| !o.used)
        .map(|(k, _)| k)
        .collect();
    assert!(
        unused.is_empty(),
        "overrides that match no case: {unused:?}"
    );
    for f in failures.iter().take(40) {
        println!("FAIL {f}");
    }
    assert!(
        failures.is_empty(),
        "{} tokenizer case runs failed",
        failures.len()
    );
}
