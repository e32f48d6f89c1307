//! A third party's `TreeSink` (`examples/count_nodes.rs`, a node counter) driven by
//! `parse_with_sink` creates exactly the elements, comments and quirks mode the arena DOM gets
//! from `parse_document_str`, on the repository's own pages: the trait is enough for a tree
//! of one's own.

use crate::common;

#[path = "../../examples/count_nodes.rs"]
#[allow(dead_code)]
mod count_nodes;

use simdhtml::{Arena, NodeData, ParseOptions, parse_document_str, parse_with_sink};

#[test]
fn a_counting_sink_sees_what_the_arena_dom_builds() {
    let pages = common::repository_pages();
    assert_eq!(pages.len(), 15);
    for path in &pages {
        // The pages are UTF-8 but for one Shift_JIS and one windows-1252 page: read lossily,
        // the same text for both parsers.
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let arena = Arena::new();
        let options = ParseOptions::default();
        let doc = parse_document_str(&arena, &text, &options);
        let counter = parse_with_sink(
            &arena,
            &text,
            count_nodes::Counter::with_document(),
            &options,
        );
        let count =
            |f: fn(&NodeData<'_>) -> bool| doc.node_ids().filter(|&id| f(doc.data(id))).count();
        let elements = count(|d| matches!(d, NodeData::Element(_)));
        let comments = count(|d| matches!(d, NodeData::Comment(_)));
        let got = |k: &str| counter.counts.get(k).copied().unwrap_or(0);
        assert_eq!(got("element"), elements, "{}", path.display());
        assert_eq!(got("comment"), comments, "{}", path.display());
        assert_eq!(counter.quirks, doc.quirks_mode(), "{}", path.display());
    }
}
