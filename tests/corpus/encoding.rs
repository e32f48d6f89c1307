//! The encoding `parse_document` ends up with for each page of the shared corpus (bytes in:
//! sniffing, then "changing the encoding while parsing", 13.2.3.4), against the
//! `document.characterSet` Chromium reported for the same bytes (`corpus-chromium/INDEX.tsv`).
//!
//! Configuration: Chromium's ([`common::corpus::chromium_options`]).
//!
//! Every page must match Chromium, except where Chromium departs from the standard. Those are
//! not listed per page but found by a rule ([`common::corpus::chromium_ignores_late_meta`]: a
//! charset `<meta>` after body content, which the standard acts on and Chromium ignores), and
//! for each of them the test checks that Chromium's encoding really is the one sniffing gave
//! before the `<meta>` changed it, so the exception cannot hide another difference.

use crate::common;

use bumpalo::Bump;
use common::corpus::{chromium_ignores_late_meta, chromium_options, pages};
use simdhtml::input::{EncodingSource, sniff};
use simdhtml::parse_document;

#[test]
fn corpus_encoding_matches_chromium() {
    let options = chromium_options();
    let Some(pages) = pages("corpus_encoding_matches_chromium") else {
        return;
    };
    let (mut matching, mut changed_while_parsing) = (0, 0);
    let (mut departures, mut failures) = (Vec::new(), Vec::new());
    for page in &pages {
        let bytes = page.bytes();
        let chromium = page.chromium_encoding();
        let arena = Bump::new();
        let Ok(doc) = parse_document(&arena, &bytes, &options);
        let source = doc.encoding_source().expect("parsed from bytes");
        if source == EncodingSource::Reparse {
            changed_while_parsing += 1;
        }
        let ours = doc.encoding();
        let departure = chromium_ignores_late_meta(&doc);
        match departure {
            None if ours == chromium => matching += 1,
            None => failures.push(format!(
                "{}: {} ({source}), Chromium {}",
                page.file,
                ours.name(),
                chromium.name()
            )),
            Some(reason) => {
                // Chromium kept what sniffing gave, and that is not what the standard ends with.
                let sniffed = sniff(&bytes, &options.input);
                if sniffed.encoding == chromium && ours != chromium {
                    departures.push(format!(
                        "{}: {} ({source}), Chromium {}: {reason}",
                        page.file,
                        ours.name(),
                        chromium.name()
                    ));
                } else {
                    failures.push(format!(
                        "{}: {} ({source}), sniffed {}, Chromium {}: the rule says Chromium \
                         ignored a late <meta>, but its encoding is not the sniffed one ({reason})",
                        page.file,
                        ours.name(),
                        sniffed.encoding.name(),
                        chromium.name()
                    ));
                }
            }
        }
    }
    println!(
        "corpus encoding: {matching}/{} pages match Chromium ({changed_while_parsing} changed \
         while parsing); {} follow the standard where Chromium departs from it:\n  {}",
        pages.len(),
        departures.len(),
        departures.join("\n  ")
    );
    assert!(
        failures.is_empty(),
        "{} pages differ from Chromium:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(matching + departures.len(), pages.len());
    let text = format!(
        "**{matching} / {} match**; {changed_while_parsing} pages have their encoding changed \
         while parsing (a charset `<meta>` past byte 1,024), and {} follow the standard where \
         Chromium departs from it (below).",
        pages.len(),
        departures.len()
    );
    if let Err(why) = common::suite::check_blocks(&[common::suite::Block {
        name: "corpus-encoding",
        text,
    }]) {
        panic!("{why}");
    }
}
