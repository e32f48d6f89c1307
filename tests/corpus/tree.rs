//! The tree `parse_document` builds from the bytes of every page of the shared corpus (sniffing,
//! decoding, a re-parse if a `<meta>` changes the encoding), against the tree Chromium built
//! from the same bytes (`corpus-chromium/NAME.dump.gz`, html5lib dump format, scripting on), and
//! the quirks mode against Chromium's `compatMode`.
//!
//! Every page must match byte for byte, except where Chromium departs from the standard; those
//! are found by rules, not listed per page, and the test checks each one really differs:
//! - a charset `<meta>` after body content ([`common::corpus::chromium_ignores_late_meta`]):
//!   the standard re-parses, Chromium keeps the sniffed encoding. Parsing the page with
//!   Chromium's encoding (as the transport charset) must then give Chromium's tree, so the
//!   encoding is the only difference;
//!
//! And one page listed with its reason ([`WHITESPACE_AFTER_BODY`]), checked to differ only in
//! where whitespace-only text goes.

use crate::common;

use common::corpus::{Page, chromium_ignores_late_meta, chromium_options, pages};
use simdhtml::input::InputOptions;
use simdhtml::markup::QuirksMode;
use simdhtml::serialize::html5lib_dump;
use simdhtml::{Arena, ParseOptions, parse_document};

/// Pages where Chromium inserts whitespace that comes after `</body>` or `</html>` without first
/// reconstructing the active formatting elements. The standard's "after body" and "after after
/// body" modes (13.2.6.4.17, 13.2.6.4.20) say for such a character token: "Process the token
/// using the rules for the "in body" insertion mode", whose whitespace rule is "Reconstruct the
/// active formatting elements, if any. Insert the token's character." Chromium's
/// `HTMLTreeBuilder::ProcessCharacterBuffer` (`kAfterBodyMode`/`kAfterAfterBodyMode`) calls
/// `InsertTextNode` for the leading whitespace directly, so the whitespace lands in the current
/// node and the formatting elements are reconstructed by the next token instead. The test checks
/// each listed page differs, and only in whitespace-only text nodes.
const WHITESPACE_AFTER_BODY: &[(&str, &str)] = &[(
    "wpull-003-webtv-countdownto666.html",
    "the newline after `O:</center></font></html>` (line 17): font, i and b from line 15 are \
     in the list of active formatting elements but not open, so the standard reconstructs them \
     and puts the newline in the new b; Chromium puts it in the h1 and reconstructs them at \
     the next `<font>`",
)];

/// The dump without its whitespace-only text nodes (a node is a line starting with `| ` and
/// the continuation lines of a multi-line text or comment).
fn without_whitespace_text(dump: &str) -> String {
    let mut nodes: Vec<String> = Vec::new();
    for line in dump.lines() {
        match nodes.last_mut() {
            Some(node) if !line.starts_with("| ") => {
                node.push('\n');
                node.push_str(line);
            }
            _ => nodes.push(line.to_string()),
        }
    }
    nodes.retain(|node| {
        let body = node.trim_start_matches("| ").trim_start_matches(' ');
        let whitespace_text = body.len() >= 2
            && body.starts_with('"')
            && body.ends_with('"')
            && body[1..body.len() - 1]
                .bytes()
                .all(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '));
        !whitespace_text
    });
    nodes.join("\n")
}

/// Parses `page` with Chromium's encoding as the transport charset and compares with Chromium's
/// dump.
fn matches_with_chromium_encoding(page: &Page, bytes: &[u8], want: &str) -> Result<(), String> {
    let options = ParseOptions {
        input: InputOptions {
            transport_charset: Some(page.chromium_encoding()),
            ..chromium_options().input
        },
        ..chromium_options()
    };
    let arena = Arena::new();
    let Ok(doc) = parse_document(&arena, bytes, &options);
    let got = html5lib_dump(&doc);
    if got == want {
        Ok(())
    } else {
        Err(common::first_diff(&got, want, "got", "Chromium"))
    }
}

#[test]
fn corpus_trees_match_chromium() {
    let options = chromium_options();
    let Some(pages) = pages("corpus_trees_match_chromium") else {
        return;
    };
    let (mut same, mut departures, mut failures) = (0, Vec::new(), Vec::new());
    let mut scalar_same = 0;
    for page in &pages {
        let bytes = page.bytes();
        let want = page.chromium_dump();
        let arena = Arena::new();
        let Ok(doc) = parse_document(&arena, &bytes, &options);
        let got = html5lib_dump(&doc);
        match scalar_twin_differs(&bytes, &got) {
            None => scalar_same += 1,
            Some(diff) => failures.push(format!(
                "{}: the scalar twin differs from the fast path: {diff}",
                page.file
            )),
        }
        let quirks = doc.quirks_mode() == QuirksMode::Quirks;
        let chromium_quirks = page.compat_mode == "BackCompat";
        if quirks != chromium_quirks {
            failures.push(format!(
                "{}: quirks mode {quirks}, Chromium compatMode {}",
                page.file, page.compat_mode
            ));
            continue;
        }
        let late_meta = chromium_ignores_late_meta(&doc);
        let listed = WHITESPACE_AFTER_BODY
            .iter()
            .find(|(file, _)| *file == page.file)
            .map(|(_, reason)| *reason);
        if page.has_shadow_root && !got.contains("#shadow-root") {
            failures.push(format!(
                "{}: Chromium attached a declarative shadow root, our tree has none",
                page.file
            ));
        }
        if got == want {
            same += 1;
            if listed.is_some() {
                failures.push(format!(
                    "{}: listed in WHITESPACE_AFTER_BODY but matches Chromium",
                    page.file
                ));
            }
            continue;
        }
        let diff = common::first_diff(&got, &want, "got", "Chromium");
        if let Some(reason) = listed {
            if without_whitespace_text(&got) == without_whitespace_text(&want) {
                departures.push(format!(
                    "{}: whitespace after </body> or </html> is processed with the \"in body\" \
                     rules, which reconstruct the active formatting elements; Chromium does not \
                     reconstruct: {reason}\n    {diff}",
                    page.file
                ));
            } else {
                failures.push(format!(
                    "{}: listed in WHITESPACE_AFTER_BODY, but differs in more than whitespace: \
                     {diff}",
                    page.file
                ));
            }
        } else if let Some(reason) = late_meta {
            match matches_with_chromium_encoding(page, &bytes, &want) {
                Ok(()) => departures.push(format!("{}: {reason}\n    {diff}", page.file)),
                Err(other) => failures.push(format!(
                    "{}: differs beyond Chromium's ignored <meta>: with Chromium's encoding, \
                     {other}",
                    page.file
                )),
            }
        } else {
            failures.push(format!("{}: {diff}", page.file));
        }
    }
    println!(
        "corpus tree: {same}/{} pages give Chromium's tree; {} follow the standard where \
         Chromium departs from it",
        pages.len(),
        departures.len()
    );
    for d in &departures {
        println!("  {d}");
    }
    assert!(
        failures.is_empty(),
        "{} pages whose tree differs from Chromium's:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let text = format!(
        "**{same} / {} identical** to Chromium's tree; {} follow the standard where Chromium \
         departs from it (below). The scalar twin (`ParseOptions::scalar`: no fast path) gives the \
         fast path's tree and parse errors on {scalar_same} / {} pages.",
        pages.len(),
        departures.len(),
        pages.len()
    );
    if let Err(why) = common::suite::check_blocks(&[common::suite::Block {
        name: "corpus-tree",
        text,
    }]) {
        panic!("{why}");
    }
}

/// Whether the scalar twin's tree and parse errors differ from the fast path's (`fast_dump`,
/// Chromium's configuration) on `bytes`: the first difference, if any.
fn scalar_twin_differs(bytes: &[u8], fast_dump: &str) -> Option<String> {
    let parse = |scalar: bool| {
        let options = ParseOptions {
            collect_errors: true,
            scalar,
            ..chromium_options()
        };
        let arena = Arena::new();
        let Ok(doc) = parse_document(&arena, bytes, &options);
        let errors: Vec<String> = doc
            .errors()
            .iter()
            .map(|e| format!("{}: {:?}", e.offset, e.kind))
            .collect();
        (html5lib_dump(&doc), errors.join("\n"))
    };
    let (fast, scalar) = (parse(false), parse(true));
    if fast.0 != fast_dump {
        return Some("collecting errors changed the tree".into());
    }
    if scalar.0 != fast.0 {
        return Some(common::first_diff(&scalar.0, &fast.0, "scalar", "fast"));
    }
    if scalar.1 != fast.1 {
        return Some(common::first_diff(&scalar.1, &fast.1, "scalar", "fast"));
    }
    None
}
