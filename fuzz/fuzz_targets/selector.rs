//! The CSS selector parser (`simdhtml::select`) on arbitrary text, and matching what parses.
//! Input: the selector text (decoded lossily).
//!
//! Checks: no panic; a selector that parses serialises to text that parses again, to a selector
//! that matches the same elements; matching a small document (quirks and no-quirks, SVG,
//! templates, forms) gives at most one match per element, in document order, and `select`
//! agrees with `matches` on every element.

#![no_main]

use libfuzzer_sys::fuzz_target;
use simdhtml::select::Selector;
use simdhtml::{Arena, Document, NodeId, ParseOptions, parse_document_str};

const PAGES: [&str; 2] = [
    "<!DOCTYPE html><html lang=en><body><div id=a class='x Y'><p>one<p class=x>two</div>\
     <ul><li>1<li>2<li>3</ul><form><input type=checkbox checked><input required disabled>\
     <select><option>a<option selected>b</select><textarea readonly></textarea></form>\
     <svg viewBox='0 0 1 1'><foreignObject><span>f</span></foreignObject></svg>\
     <template><b>t</b></template><a href=/x>l</a><my-el></my-el><table><tr><td>c</table>",
    "<p class=X id=Q>quirks <b>mode</b><div class=x></div>",
];

fn matches_all(doc: &Document<'_>, sel: &Selector) -> Vec<NodeId> {
    doc.select(sel).map(|n| n.node_id()).collect()
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(selector) = Selector::parse(&text) else {
        return;
    };
    let again = Selector::parse(&selector.to_string()).unwrap_or_else(|e| {
        panic!(
            "{:?} serialises to {:?}, which does not parse: {e}",
            text,
            selector.to_string()
        )
    });
    for page in PAGES {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, page, &ParseOptions::default());
        let found = matches_all(&doc, &selector);
        assert!(
            found.windows(2).all(|w| w[0] < w[1]),
            "matches out of document order"
        );
        let by_matches: Vec<NodeId> = doc
            .document_node()
            .descendants()
            .filter(|n| n.is_element() && n.matches(&selector))
            .map(|n| n.node_id())
            .collect();
        assert_eq!(found, by_matches, "select and matches disagree on {text:?}");
        assert_eq!(
            found,
            matches_all(&doc, &again),
            "the serialisation matches otherwise"
        );
    }
});
