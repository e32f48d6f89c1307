//! `extract::main_text` scored on the shared main-content sets (`$SIMDHTML_SHARED/extraction`:
//! `readability`, `goose3`, `cwced-zh`), the way `extraction/score.py` scores a command: 4-token
//! shingles of `\w+` tokens, precision and recall per page, averaged (prefix-truth pages count
//! towards recall only), F1 of the means. The floors sit a little under the figures measured
//! when they were set (`docs/extraction.md`; pages read as `text --main FILE` reads them, the
//! encoding guess allowed to say UTF-8), so that a change that makes extraction worse
//! fails here. The port of the metric agrees with `score.py` to the third decimal on these
//! pages (Python's `\w` and Rust's alphanumeric classes differ only on some combining marks).

mod common;

use std::collections::HashMap;
use std::path::Path;

use common::{missing_data, require_data, shared_dir};
use simdhtml::input::InputOptions;
use simdhtml::{Arena, ParseOptions, extract, parse_document};

/// (set, floor of F1, floor of P, floor of R); P of goose3 is over its 5 full-truth pages.
const FLOORS: &[(&str, f64, f64, f64)] = &[
    ("readability", 0.96, 0.97, 0.95),
    ("goose3", 0.95, 0.94, 0.96),
    ("cwced-zh", 0.90, 0.88, 0.92),
];
const OVERALL_FLOOR: f64 = 0.94;

fn tokens(text: &str) -> Vec<&str> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.split(|c: char| !word(c))
        .filter(|t| !t.is_empty())
        .collect()
}

fn shingles(text: &str) -> HashMap<Vec<&str>, usize> {
    let toks = tokens(text);
    let mut out = HashMap::new();
    if toks.is_empty() {
        return out;
    }
    if toks.len() < 4 {
        out.insert(toks, 1);
        return out;
    }
    for w in toks.windows(4) {
        *out.entry(w.to_vec()).or_insert(0) += 1;
    }
    out
}

/// (tp, fp, fn) shingle counts of a prediction against the truth.
fn counts(truth: &str, pred: &str) -> (usize, usize, usize) {
    let (t, p) = (shingles(truth), shingles(pred));
    let mut tp = 0;
    let mut fp = 0;
    for (s, &n) in &p {
        let m = t.get(s).copied().unwrap_or(0);
        tp += n.min(m);
        fp += n.saturating_sub(m);
    }
    let fneg = t
        .iter()
        .map(|(s, &n)| n.saturating_sub(p.get(s).copied().unwrap_or(0)))
        .sum();
    (tp, fp, fneg)
}

fn precision(tp: usize, fp: usize, fneg: usize) -> f64 {
    if fp == 0 && fneg == 0 {
        1.0
    } else if tp + fp == 0 {
        0.0
    } else {
        tp as f64 / (tp + fp) as f64
    }
}

fn recall(tp: usize, fp: usize, fneg: usize) -> f64 {
    if fp == 0 && fneg == 0 {
        1.0
    } else if tp + fneg == 0 {
        0.0
    } else {
        tp as f64 / (tp + fneg) as f64
    }
}

#[derive(Default)]
struct Score {
    ps: Vec<f64>,
    rs: Vec<f64>,
}

impl Score {
    fn add(&mut self, (tp, fp, fneg): (usize, usize, usize), prefix: bool) {
        if tp + fp > 0 && !prefix {
            self.ps.push(precision(tp, fp, fneg));
        }
        if tp + fneg > 0 {
            self.rs.push(recall(tp, fp, fneg));
        }
    }

    fn prf(&self) -> (f64, f64, f64) {
        let mean = |v: &[f64]| {
            if v.is_empty() {
                0.0
            } else {
                v.iter().sum::<f64>() / v.len() as f64
            }
        };
        let (p, r) = (mean(&self.ps), mean(&self.rs));
        let f = if p + r > 0.0 {
            2.0 * p * r / (p + r)
        } else {
            0.0
        };
        (f, p, r)
    }
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| missing_data(path, e))
}

#[test]
fn main_text_scores_at_least_the_floors_on_the_extraction_sets() {
    let Some(dir) = require_data(
        "main_text_scores_at_least_the_floors_on_the_extraction_sets",
        shared_dir().join("extraction"),
    ) else {
        return;
    };
    let manifest = String::from_utf8(read(&dir.join("MANIFEST.tsv"))).expect("UTF-8 manifest");
    let mut rows = manifest.lines();
    let header: Vec<&str> = rows.next().expect("a header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (c_set, c_id, c_scope) = (col("set"), col("id"), col("truth_scope"));
    let mut overall = Score::default();
    let mut report = String::new();
    let mut failures = Vec::new();
    for &(set, f_floor, p_floor, r_floor) in FLOORS {
        let mut score = Score::default();
        let mut pages = 0;
        for row in manifest.lines().skip(1) {
            let cols: Vec<&str> = row.split('\t').collect();
            if cols[c_set] != set {
                continue;
            }
            let id = cols[c_id];
            let html = read(&dir.join(set).join(format!("{id}.html")));
            let truth = String::from_utf8(read(&dir.join(set).join(format!("{id}.txt"))))
                .expect("UTF-8 truth");
            let arena = Arena::new();
            // As `text --main FILE` reads a local file: the guess may say UTF-8.
            let options = ParseOptions {
                input: InputOptions {
                    guess_utf8: true,
                    ..InputOptions::default()
                },
                ..ParseOptions::default()
            };
            let doc = parse_document(&arena, &html, &options).expect("parses");
            let pred = extract::main_text(&doc);
            let c = counts(&truth, &pred);
            let prefix = cols[c_scope] == "prefix";
            score.add(c, prefix);
            overall.add(c, prefix);
            pages += 1;
        }
        assert!(pages > 0, "no pages of set {set} in the manifest");
        let (f, p, r) = score.prf();
        report.push_str(&format!(
            "{set}: {pages} pages, F1 {f:.3} P {p:.3} R {r:.3}\n"
        ));
        if f < f_floor || p < p_floor || r < r_floor {
            failures.push(format!(
                "{set}: F1 {f:.3} P {p:.3} R {r:.3}, floors {f_floor} / {p_floor} / {r_floor}"
            ));
        }
    }
    let (f, p, r) = overall.prf();
    report.push_str(&format!("overall: F1 {f:.3} P {p:.3} R {r:.3}\n"));
    if f < OVERALL_FLOOR {
        failures.push(format!("overall: F1 {f:.3}, floor {OVERALL_FLOOR}"));
    }
    eprint!("{report}");
    assert!(
        failures.is_empty(),
        "main_text scores below the floors:\n{}\n{report}",
        failures.join("\n")
    );
}
