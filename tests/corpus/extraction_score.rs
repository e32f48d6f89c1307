//! `extract::main_text` scored on the shared main-content sets (`$SIMDHTML_SHARED/extraction`:
//! `readability`, `goose3`, `cwced-zh`), the way `extraction/score.py` scores a command: 4-token
//! shingles of `\w+` tokens, precision and recall per page, averaged (prefix-truth pages count
//! towards recall only), F1 of the means. The floors sit a little under the figures measured
//! when they were set (`docs/extraction.md`; pages read as `text --main FILE` reads them, the
//! encoding guess allowed to say UTF-8), so that a change that makes extraction worse
//! fails here. The port of the metric agrees with `score.py` to the third decimal on these
//! pages (Python's `\w` and Rust's alphanumeric classes differ only on some combining marks).
//! And `extract::with_main_content` (as `text --main` gives the main content) scored on WCXB's
//! development split (`extraction/wcxb-dev`) as its own `score.py` scores it: word F1 per page,
//! the mean per page type.

use crate::common;

use std::collections::HashMap;
use std::path::Path;

use common::{missing_data, require_data, shared_dir};
use simdhtml::input::InputOptions;
use simdhtml::{Arena, ParseOptions, extract, parse_document};

/// (set, floor of F1, floor of P, floor of R); P of goose3 is over its 5 full-truth pages.
/// The F1 floors are the figures of issue 24 (no set may score lower).
const FLOORS: &[(&str, f64, f64, f64)] = &[
    ("readability", 0.975, 0.975, 0.965),
    ("goose3", 0.967, 0.95, 0.97),
    ("cwced-zh", 0.916, 0.88, 0.945),
];
const OVERALL_FLOOR: f64 = 0.95;

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

/// The options `text --main FILE` reads a page with: a local file's (the guess may say UTF-8).
fn file_options() -> ParseOptions {
    ParseOptions {
        input: InputOptions {
            guess_utf8: true,
            ..InputOptions::default()
        },
        ..ParseOptions::default()
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
            let Ok(doc) = parse_document(&arena, &html, &file_options());
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

/// (page type, floor of the mean word F1) on WCXB's development split; the overall floor
/// after. A little under the figures measured when they were set (`docs/extraction.md`).
const WCXB_FLOORS: &[(&str, f64)] = &[
    ("article", 0.955),
    ("forum", 0.809),
    ("product", 0.705),
    ("collection", 0.731),
    ("listing", 0.741),
    ("documentation", 0.933),
    // rs-trafilatura's published figure.
    ("service", 0.844),
];
/// The bar (0.8801 measured).
const WCXB_OVERALL_FLOOR: f64 = 0.880;
/// Floor of the share of WCXB's pages whose page type (`MainContent::page_type`) is the
/// labelled one (`docs/extraction.md`, "The page type"). The type's model was fitted on these
/// pages (0.857 with its weights): this holds the shipped weights and the features they read
/// to what they gave, not an estimate of the model elsewhere (0.82 cross-validated by domain).
const WCXB_PAGE_TYPE_FLOOR: f64 = 0.85;

/// WCXB's metric for one page: precision, recall and F1 of the lowercased `\w+` tokens as
/// bags of words (`wcxb-dev/score.py`); an empty truth scores 1 for an empty prediction.
fn word_f1(pred: &str, truth: &str) -> f64 {
    let bag = |t: &str| {
        let lower = t.to_lowercase();
        let mut m: HashMap<String, usize> = HashMap::new();
        for w in tokens(&lower) {
            *m.entry(w.to_owned()).or_insert(0) += 1;
        }
        m
    };
    let (p, t) = (bag(pred), bag(truth));
    let (np, nt): (usize, usize) = (p.values().sum(), t.values().sum());
    if nt == 0 {
        return if np == 0 { 1.0 } else { 0.0 };
    }
    if np == 0 {
        return 0.0;
    }
    let overlap: usize = p
        .iter()
        .map(|(w, &n)| n.min(t.get(w).copied().unwrap_or(0)))
        .sum();
    let (pr, rc) = (overlap as f64 / np as f64, overlap as f64 / nt as f64);
    if pr + rc > 0.0 {
        2.0 * pr * rc / (pr + rc)
    } else {
        0.0
    }
}

#[test]
fn main_text_scores_at_least_the_floors_on_wcxb() {
    use std::io::Read;
    let Some(dir) = require_data(
        "main_text_scores_at_least_the_floors_on_wcxb",
        shared_dir().join("extraction/wcxb-dev"),
    ) else {
        return;
    };
    let mut ids: Vec<String> = std::fs::read_dir(dir.join("ground-truth"))
        .unwrap_or_else(|e| missing_data(&dir.join("ground-truth"), e))
        .filter_map(|e| {
            let name = e.expect("a directory entry").file_name();
            name.to_str()?.strip_suffix(".json").map(str::to_owned)
        })
        .collect();
    ids.sort();
    assert!(ids.len() > 1000, "only {} WCXB pages", ids.len());
    let mut by_type: HashMap<String, Vec<f64>> = HashMap::new();
    let mut typed_right = 0;
    for id in &ids {
        let g: serde_json::Value =
            serde_json::from_slice(&read(&dir.join("ground-truth").join(format!("{id}.json"))))
                .expect("JSON ground truth");
        // As the benchmark's score.py reads the page type and the text.
        let pt = &g["_internal"]["page_type"];
        let pt = pt["primary"]
            .as_str()
            .or_else(|| pt.as_str())
            .unwrap_or("article");
        let pt = if pt == "category" { "collection" } else { pt };
        let truth = g["ground_truth"]["main_content"].as_str().unwrap_or("");
        let mut html = Vec::new();
        flate2::read::GzDecoder::new(&read(&dir.join("html").join(format!("{id}.html.gz")))[..])
            .read_to_end(&mut html)
            .expect("a gzip page");
        let arena = Arena::new();
        let options = file_options();
        let Ok(doc) = parse_document(&arena, &html, &options);
        let (pred, given) =
            extract::with_main_content(&doc, &html, &options, |d, c| (c.text(d), c.page_type(d)));
        typed_right += usize::from(given.as_str() == pt);
        by_type
            .entry(pt.to_owned())
            .or_default()
            .push(word_f1(&pred, truth));
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let mut report = String::new();
    let mut failures = Vec::new();
    for &(pt, floor) in WCXB_FLOORS {
        let v = by_type.get(pt).map_or(&[][..], Vec::as_slice);
        assert!(!v.is_empty(), "no WCXB pages of type {pt}");
        let f = mean(v);
        report.push_str(&format!("wcxb {pt}: {} pages, F1 {f:.3}\n", v.len()));
        if f < floor {
            failures.push(format!("wcxb {pt}: F1 {f:.3}, floor {floor}"));
        }
    }
    let all: Vec<f64> = by_type.values().flatten().copied().collect();
    let f = mean(&all);
    report.push_str(&format!("wcxb overall: {} pages, F1 {f:.3}\n", all.len()));
    if f < WCXB_OVERALL_FLOOR {
        failures.push(format!(
            "wcxb overall: F1 {f:.3}, floor {WCXB_OVERALL_FLOOR}"
        ));
    }
    let typed = typed_right as f64 / ids.len() as f64;
    report.push_str(&format!(
        "wcxb page type: {typed:.3} of the pages as labelled\n"
    ));
    if typed < WCXB_PAGE_TYPE_FLOOR {
        failures.push(format!(
            "wcxb page type: {typed:.3} right, floor {WCXB_PAGE_TYPE_FLOOR}"
        ));
    }
    eprint!("{report}");
    assert!(
        failures.is_empty(),
        "main_text scores below the floors on WCXB:\n{}\n{report}",
        failures.join("\n")
    );
}
