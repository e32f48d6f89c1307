//! The html5lib tree-construction suite, overlaid with the newer WPT copies
//! (`html/syntax/parsing/resources/*.dat`), run through `parse_document_str`/`parse_fragment` and
//! compared with the html5lib tree dump.
//!
//! Data: `tree-construction/*.dat` of `common::html5lib_tests_dir()` (the submodule, else
//! `$SIMDHTML_SHARED/html5lib-tests`) and `$SIMDHTML_SHARED/wpt-parsing/*.dat` (a WPT file
//! replaces the html5lib file of the same name). Each case runs in the scripting mode it names,
//! or in both, each case-mode run its own test (`tests1.dat #012 script-on`), through the fast
//! path and through the scalar twin: both must give the expected tree, and the same errors. A
//! complete run checks the table of `docs/conformance.md` (`common::suite`). Without the WPT
//! overlay the html5lib files it replaces are skipped (their html5lib copies predate spec
//! changes), each with a `skipped:` line.
//!
//! Environment: `SIMDHTML_TREE_ERRORS=1` prints the passing runs whose parse error count differs
//! from the case's.

use crate::common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::suite::{self, Block, Missing, Suite, thousands};
use libtest_mimic::{Failed, Trial};
use simdhtml::serialize::html5lib_dump;
use simdhtml::{Arena, FragmentContext, ParseOptions, parse_document_str, parse_fragment};

/// Files that need a JavaScript engine.
const OUT_OF_SCOPE: &[&str] = &["scripted_foster01.dat"];

/// The files of the WPT overlay (`wpt-parsing/`; README, "Test data"): new files, and newer
/// copies of html5lib files. Checked against the folder when it is there.
const WPT_OVERLAY: &[&str] = &[
    "adoption02.dat",
    "comments01.dat",
    "html5test-com.dat",
    "processing-instructions.dat",
    "scripted_foster01.dat",
    "search-element.dat",
    "template.dat",
    "tests1.dat",
    "tests19.dat",
    "tests4.dat",
];

#[derive(Debug, Default, Clone)]
struct Case {
    data: String,
    errors: usize,
    error_lines: String,
    fragment: Option<String>,
    script: Option<bool>,
    document: String,
}

fn parse_dat(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut cur: Option<Case> = None;
    let mut section = "";
    let mut data_lines: Vec<&str> = Vec::new();
    let mut doc_lines: Vec<&str> = Vec::new();
    let lines: Vec<&str> = text.split('\n').collect();
    let finish = |cur: &mut Option<Case>,
                  data_lines: &mut Vec<&str>,
                  doc_lines: &mut Vec<&str>,
                  cases: &mut Vec<Case>| {
        if let Some(mut c) = cur.take() {
            while doc_lines.last() == Some(&"") {
                doc_lines.pop();
            }
            c.document = doc_lines.iter().map(|l| format!("{l}\n")).collect();
            c.data = data_lines.join("\n");
            cases.push(c);
        }
        data_lines.clear();
        doc_lines.clear();
    };
    for (i, &line) in lines.iter().enumerate() {
        let prev_blank = i == 0 || lines[i - 1].is_empty();
        let is_header = |h: &str| line == h;
        if line == "#data" && (section != "#document" || prev_blank) && section != "#data" {
            finish(&mut cur, &mut data_lines, &mut doc_lines, &mut cases);
            cur = Some(Case::default());
            section = "#data";
            continue;
        }
        if line == "#description" && (section.is_empty() || (section == "#document" && prev_blank))
        {
            finish(&mut cur, &mut data_lines, &mut doc_lines, &mut cases);
            section = "#description";
            continue;
        }
        let Some(c) = cur.as_mut() else { continue };
        if section == "#data" && !is_header("#errors") {
            data_lines.push(line);
            continue;
        }
        if section != "#document"
            && matches!(
                line,
                "#errors"
                    | "#new-errors"
                    | "#document-fragment"
                    | "#script-on"
                    | "#script-off"
                    | "#document"
            )
        {
            section = match line {
                "#script-on" => {
                    c.script = Some(true);
                    "#script"
                }
                "#script-off" => {
                    c.script = Some(false);
                    "#script"
                }
                other => other,
            };
            continue;
        }
        match section {
            "#errors" | "#new-errors" if !line.is_empty() => {
                c.errors += 1;
                c.error_lines.push_str(line);
                c.error_lines.push('\n');
            }
            "#document-fragment" if !line.is_empty() => c.fragment = Some(line.to_owned()),
            "#document" => doc_lines.push(line),
            _ => {}
        }
    }
    finish(&mut cur, &mut data_lines, &mut doc_lines, &mut cases);
    cases
}

/// The in-scope `.dat` files by name.
type Files = BTreeMap<String, PathBuf>;

/// The in-scope `.dat` files, and whether the set is complete (the WPT overlay found). `None`
/// when there is no tree-construction data at all.
fn collect_files(suite_name: &str) -> Result<Option<(Files, bool)>, Missing> {
    let Some(html5lib) = suite::optional_dir(
        suite_name,
        common::html5lib_tests_dir().join("tree-construction"),
    )?
    else {
        return Ok(None);
    };
    let wpt = suite::optional_dir(suite_name, common::shared_dir().join("wpt-parsing"))?;
    let mut files = BTreeMap::new();
    let dat = |dir: &PathBuf| -> Vec<(String, PathBuf)> {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| common::missing_data(dir, e))
            .flatten()
            .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
            .filter(|(name, _)| name.ends_with(".dat"))
            .collect();
        v.sort();
        v
    };
    for (name, path) in dat(&html5lib) {
        files.insert(name, path);
    }
    match &wpt {
        Some(dir) => {
            let overlay = dat(dir);
            let names: Vec<&str> = overlay.iter().map(|(n, _)| n.as_str()).collect();
            assert_eq!(
                names,
                WPT_OVERLAY,
                "{}: the overlay's files changed; update WPT_OVERLAY and the README",
                dir.display()
            );
            files.extend(overlay);
        }
        None => {
            for name in WPT_OVERLAY {
                if files.remove(*name).is_some() && !OUT_OF_SCOPE.contains(name) {
                    common::data::print_skip(
                        &format!("html5lib tree-construction {name}"),
                        "html5lib's copy predates spec changes; its WPT copy in wpt-parsing/ is \
                         missing",
                    );
                }
            }
        }
    }
    files.retain(|name, _| !OUT_OF_SCOPE.contains(&name.as_str()));
    Ok(Some((files, wpt.is_some())))
}

/// One parse of a case: the dump and the parse errors (offset and kind).
fn parse_case(case: &Case, scripting: bool, scalar: bool) -> (String, Vec<String>) {
    let arena = Arena::new();
    let options = ParseOptions {
        scripting,
        collect_errors: true,
        scalar,
        ..ParseOptions::default()
    };
    let data = arena.alloc_str(&case.data);
    let doc = match &case.fragment {
        Some(ctx) => parse_fragment(&arena, data, FragmentContext::from_html5lib(ctx), &options),
        None => parse_document_str(&arena, data, &options),
    };
    let errors = doc
        .errors()
        .iter()
        .map(|e| format!("{}: {:?}", e.offset, e.kind))
        .collect();
    (html5lib_dump(&doc), errors)
}

/// Runs one case in one scripting mode: the fast path's tree must be the expected one and the
/// scalar twin's tree and errors the fast path's. Returns whether the error count matched.
fn run_case(case: &Case, scripting: bool, show_errors: bool, label: &str) -> Result<bool, Failed> {
    let (dump, errors) = parse_case(case, scripting, false);
    if dump != case.document {
        return Err(format!(
            "fragment {:?}\n--- data\n{}\n--- expected\n{}--- got\n{}",
            case.fragment, case.data, case.document, dump
        )
        .into());
    }
    let (scalar_dump, scalar_errors) = parse_case(case, scripting, true);
    if scalar_dump != dump || scalar_errors != errors {
        return Err(format!(
            "the scalar twin differs from the fast path\n--- data\n{}\n--- fast\n{dump}{errors:?}\n--- scalar\n{scalar_dump}{scalar_errors:?}",
            case.data
        )
        .into());
    }
    let errors_ok = errors.len() == case.errors;
    if !errors_ok && show_errors {
        println!(
            "ERRORS {label}: expected {}, got {}\n--- data\n{}\n--- expected errors\n{}--- got\n{}\n",
            case.errors,
            errors.len(),
            case.data,
            case.error_lines,
            errors.join("\n")
        );
    }
    Ok(errors_ok)
}

/// The suite's trials (see `common::suite`).
pub fn suite() -> Result<Suite, Missing> {
    const SUITE: &str = "html5lib tree-construction suite";
    let (files, complete) = match collect_files(SUITE) {
        Ok(Some(found)) => found,
        Ok(None) => return Err(Missing::Skipped),
        Err(missing) => return Err(missing),
    };
    let show_errors = std::env::var_os("SIMDHTML_TREE_ERRORS").is_some();
    let errors_matched = Arc::new(AtomicUsize::new(0));
    let mut runs: BTreeMap<String, usize> = BTreeMap::new();
    let mut cases_total = 0;
    let mut trials = Vec::new();
    for (name, path) in &files {
        let bytes = std::fs::read(path).unwrap_or_else(|e| common::missing_data(path, e));
        let text = String::from_utf8_lossy(&bytes);
        let cases = parse_dat(&text);
        cases_total += cases.len();
        for (i, case) in cases.into_iter().enumerate() {
            let case = Arc::new(case);
            let modes: &[bool] = match case.script {
                Some(true) => &[true],
                Some(false) => &[false],
                None => &[true, false],
            };
            for &scripting in modes {
                *runs.entry(name.clone()).or_default() += 1;
                let mode = if scripting { "script-on" } else { "script-off" };
                let label = format!("{name} #{i:03} {mode}");
                let (case, matched) = (Arc::clone(&case), Arc::clone(&errors_matched));
                trials.push(Trial::test(label.clone(), move || {
                    if run_case(&case, scripting, show_errors, &label)? {
                        matched.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(())
                }));
            }
        }
    }
    Ok(Suite::new(SUITE, "tree", trials, complete, move || {
        Ok(vec![table(
            &runs,
            cases_total,
            errors_matched.load(Ordering::Relaxed),
        )])
    }))
}

/// The summary and per-file table of `docs/conformance.md` (written after a run in which every
/// case-mode run passed).
fn table(runs: &BTreeMap<String, usize>, cases: usize, errors_matched: usize) -> Block {
    let total: usize = runs.values().sum();
    let mut text = format!(
        "{} files, {} cases, {} case-mode runs: **{} / {} pass**, with the scalar twin giving the \
         same trees and errors. The number of parse errors matches the case's `#errors` + \
         `#new-errors` count in {} of the passing runs.\n\n| file | runs | pass |\n|---|---:|---:|\n",
        runs.len(),
        thousands(cases),
        thousands(total),
        thousands(total),
        thousands(total),
        thousands(errors_matched)
    );
    for (name, n) in runs {
        text.push_str(&format!(
            "| {name} | {} | {} |\n",
            thousands(*n),
            thousands(*n)
        ));
    }
    text.push_str(&format!(
        "| **total** | **{}** | **{}** |\n",
        thousands(total),
        thousands(total)
    ));
    Block {
        name: "html5lib-tree",
        text,
    }
}
