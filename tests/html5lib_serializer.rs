//! html5lib-tests `serializer/*.test` against the spec serialiser (13.3).
//!
//! Each case is a token stream. We build the nodes in an arena DOM as the tokens say (a start
//! tag opens an element, an end tag closes it, characters go into the open element) and write
//! each token's piece with the serialiser: the start tag is the element's serialisation without
//! its end tag, characters are the Text node's serialisation (escaped or literal as its parent
//! requires), and so on. Then:
//!
//! - a case with `options` (html5lib serialiser options: `inject_meta_charset`,
//!   `strip_whitespace`, `quote_char`, ...) is skipped: those are html5lib features, not 13.3;
//! - a case passes when our output is one of its `expected` strings;
//! - otherwise it is skipped only when the difference is one of html5lib's default behaviours
//!   that 13.3 does not have, checked here, not listed:
//!   - *attribute quoting* (html5lib's `quote_attr_values="legacy"`: `title=foo`, `'...'`): both
//!     strings tokenize to the same tokens;
//!   - *tag omission* (html5lib's `omit_optional_tags=True`): the expected tokens are ours with
//!     some start or end tags removed;
//!   - *doctype identifiers* (html5lib writes `PUBLIC "..." "..."`; 13.3 writes the name only):
//!     ours is `<!DOCTYPE name>` and the expected string starts with `<!DOCTYPE name `.
//!
//!   Every other difference fails. Each case is its own test (`core.test #03: ...`); a complete
//!   run checks the table of `docs/conformance.md` (`common::suite`).

mod common;

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use common::suite::{self, Block, thousands};
use libtest_mimic::{Failed, Trial};

use simdhtml::dom::ArenaSink;
use simdhtml::serialize::{SerializeOptions, serialize_node};
use simdhtml::tokenizer::{Token, Tokenizer, TokenizerOptions};
use simdhtml::tree_builder::{Attr, AttrNamespace, InsertionPoint, Namespace, TreeSink};
use simdhtml::{Arena, NodeId, Tag};

use serde_json::Value;

fn ns_of(url: &str) -> Option<Namespace> {
    match url {
        "http://www.w3.org/1999/xhtml" => Some(Namespace::Html),
        "http://www.w3.org/2000/svg" => Some(Namespace::Svg),
        "http://www.w3.org/1998/Math/MathML" => Some(Namespace::MathMl),
        _ => None,
    }
}

fn attrs<'a>(arena: &'a Arena, v: &Value) -> Vec<Attr<'a>> {
    let list: Vec<(Option<&str>, &str, &str)> = match v {
        Value::Array(a) => a
            .iter()
            .map(|a| {
                (
                    a["namespace"].as_str(),
                    a["name"].as_str().unwrap(),
                    a["value"].as_str().unwrap(),
                )
            })
            .collect(),
        Value::Object(o) => o
            .iter()
            .map(|(k, v)| (None, k.as_str(), v.as_str().unwrap()))
            .collect(),
        _ => Vec::new(),
    };
    list.into_iter()
        .map(|(ns, name, value)| {
            let ns = match ns {
                None => AttrNamespace::None,
                Some("http://www.w3.org/1999/xlink") => AttrNamespace::XLink,
                Some("http://www.w3.org/XML/1998/namespace") => AttrNamespace::Xml,
                Some("http://www.w3.org/2000/xmlns/") => AttrNamespace::Xmlns,
                Some(other) => panic!("attribute namespace {other} not in the arena DOM"),
            };
            Attr {
                ns,
                prefix: None,
                name: arena.alloc_str(name),
                value: arena.alloc_str(value),
            }
        })
        .collect()
}

/// Our serialisation of the case's tokens.
fn serialize_tokens(input: &[Value]) -> String {
    let arena = Arena::new();
    let mut sink = ArenaSink::new(&arena, "", false);
    // The open elements: (namespace, name) of each start tag not yet closed.
    let mut open: Vec<(Namespace, &str)> = Vec::new();
    // Each piece: the node whose serialisation it is, and an end tag to strip from that.
    let mut pieces: Vec<(Option<NodeId>, String)> = Vec::new();
    let detached = InsertionPoint {
        parent: sink.create_document_fragment(),
        before: None,
    };
    for t in input {
        let t = t.as_array().unwrap();
        let s = |i: usize| arena.alloc_str(t.get(i).and_then(Value::as_str).unwrap_or(""));
        match t[0].as_str().unwrap() {
            "StartTag" => {
                let ns = ns_of(t[1].as_str().unwrap()).expect("known element namespace");
                let a = attrs(&arena, &t[3]);
                // A childless element: its serialisation is the start tag and the end tag.
                let el = sink.create_element(ns, s(2), Tag::from_name(s(2)), &a);
                pieces.push((Some(el), format!("</{}>", s(2))));
                open.push((ns, s(2)));
            }
            "EmptyTag" => {
                let a = attrs(&arena, &t[2]);
                let el = sink.create_element(Namespace::Html, s(1), Tag::from_name(s(1)), &a);
                pieces.push((Some(el), format!("</{}>", s(1))));
            }
            "EndTag" => {
                open.pop();
                pieces.push((None, format!("</{}>", s(2))));
            }
            "Characters" | "SpaceCharacters" => {
                // The Text node, alone in a childless copy of the open element (whose name
                // decides the escaping), or in a fragment at the top level.
                let parent = match open.last() {
                    Some(&(ns, name)) => sink.create_element(ns, name, Tag::from_name(name), &[]),
                    None => sink.create_document_fragment(),
                };
                sink.insert(detached, parent);
                let at = InsertionPoint {
                    parent,
                    before: None,
                };
                sink.insert_text(at, s(1));
                pieces.push((Some(sink.children(parent)[0]), String::new()));
            }
            "Comment" => {
                let c = sink.create_comment(s(1));
                pieces.push((Some(c), String::new()));
            }
            "Doctype" => {
                sink.append_doctype(s(1), s(2), s(3));
                let d = *sink.children(sink.document()).last().unwrap();
                pieces.push((Some(d), String::new()));
            }
            other => panic!("unknown token type {other}"),
        }
    }
    let (doc, _) = sink.finish();
    let options = SerializeOptions::default();
    pieces
        .into_iter()
        .map(|(node, strip)| match node {
            None => strip,
            Some(n) => {
                let out = serialize_node(&doc, n, &options);
                match out.strip_suffix(&strip) {
                    Some(o) if !strip.is_empty() => o.to_owned(),
                    _ => out,
                }
            }
        })
        .collect()
}

/// The tokens of `s` in the data state, adjacent character runs merged.
fn tokens(s: &str) -> Vec<String> {
    let arena = Arena::new();
    let mut out: Vec<String> = Vec::new();
    let mut text = String::new();
    for t in Tokenizer::new(&arena, s, TokenizerOptions::default()) {
        match t {
            Token::Characters(c) => text.push_str(c),
            Token::Eof => {}
            other => {
                if !text.is_empty() {
                    out.push(format!("text {text:?}"));
                    text.clear();
                }
                out.push(format!("{other:?}"));
            }
        }
    }
    if !text.is_empty() {
        out.push(format!("text {text:?}"));
    }
    out
}

fn is_tag(t: &str) -> bool {
    t.starts_with("StartTag") || t.starts_with("EndTag")
}

/// Whether `expected` is `ours` with some tags removed.
fn only_tags_omitted(ours: &[String], expected: &[String]) -> bool {
    let mut e = expected.iter().peekable();
    for o in ours {
        if e.peek() == Some(&o) {
            e.next();
        } else if !is_tag(o) {
            return false;
        }
    }
    e.next().is_none()
}

/// What a case came to (every outcome but a failure counts in the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// Our output is one of the expected strings.
    Pass,
    /// The case sets html5lib serialiser options.
    Options,
    /// The expected tokens are ours with optional tags removed.
    Omission,
    /// Both strings tokenize to the same tokens (attribute quoting).
    Quoting,
    /// html5lib writes the doctype's identifiers.
    Doctype,
}

/// One case: its outcome, or the failure.
fn run_case(file: &str, case: &Value) -> Result<Outcome, Failed> {
    if case.get("options").is_some() {
        return Ok(Outcome::Options);
    }
    let ours = serialize_tokens(case["input"].as_array().unwrap());
    let expected: Vec<&str> = case["expected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    if expected.contains(&ours.as_str()) {
        return Ok(Outcome::Pass);
    }
    let want = expected[0];
    let (o, w) = (tokens(&ours), tokens(want));
    if o == w {
        Ok(Outcome::Quoting)
    } else if only_tags_omitted(&o, &w) {
        Ok(Outcome::Omission)
    } else if ours.starts_with("<!DOCTYPE ")
        && ours.ends_with('>')
        && want.starts_with(&format!("{} ", &ours[..ours.len() - 1]))
    {
        Ok(Outcome::Doctype)
    } else {
        Err(format!("{file}: got {ours:?}, want {want:?}").into())
    }
}

const FILES: [&str; 5] = [
    "core",
    "injectmeta",
    "optionaltags",
    "options",
    "whitespace",
];

fn main() -> ExitCode {
    const SUITE: &str = "html5lib serializer suite";
    let dir = match suite::require_dir(SUITE, common::html5lib_tests_dir().join("serializer")) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    let outcomes: Arc<Mutex<BTreeMap<Outcome, usize>>> = Arc::default();
    let mut trials = Vec::new();
    for name in FILES {
        let path = dir.join(format!("{name}.test"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| common::missing_data(&path, e));
        let json: Value = serde_json::from_str(&text).unwrap();
        for (i, case) in json["tests"].as_array().unwrap().iter().enumerate() {
            let description: String = case["description"]
                .as_str()
                .unwrap_or("")
                .escape_debug()
                .take(60)
                .collect();
            let (case, outcomes) = (case.clone(), Arc::clone(&outcomes));
            trials.push(Trial::test(
                format!("{name}.test #{i:02}: {description}"),
                move || {
                    let outcome = run_case(name, &case)?;
                    *outcomes.lock().unwrap().entry(outcome).or_default() += 1;
                    Ok(())
                },
            ));
        }
    }
    let cases = trials.len();
    suite::run(SUITE, trials, true, move || {
        let counts = outcomes.lock().unwrap();
        let n = |o: Outcome| thousands(counts.get(&o).copied().unwrap_or(0));
        let text = format!(
            "{} cases in {} files.

| outcome | cases | why |
|---|---|---|
| pass (output is one of the expected strings) | {} | |
| skipped: the case sets html5lib serialiser `options` | {} | `inject_meta_charset`, `strip_whitespace`, `quote_char`, … are html5lib features, not 13.3 (all of `injectmeta`, `options`, `whitespace`, 1 of `core`) |
| skipped: optional tags omitted | {} | html5lib omits optional tags by default; 13.3 never does. Checked: the expected tokens are ours with tags removed |
| skipped: attribute quoting | {} | html5lib's default `quote_attr_values=\"legacy\"` writes `title=foo` / `'…'`; 13.3 always writes `\"…\"`. Checked: both tokenize to the same tokens |
| skipped: doctype identifiers | {} | html5lib writes `PUBLIC \"…\" \"…\"`; 13.3 writes `<!DOCTYPE name>` only. Checked: the expected string starts with ours less `>` |
",
            thousands(cases),
            FILES.len(),
            n(Outcome::Pass),
            n(Outcome::Options),
            n(Outcome::Omission),
            n(Outcome::Quoting),
            n(Outcome::Doctype),
        );
        Ok(vec![Block {
            name: "html5lib-serializer",
            text,
        }])
    })
}
