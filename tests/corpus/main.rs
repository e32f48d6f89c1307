//! The tests over real pages and reference data: the repository's corpus and the shared one
//! (trees, encodings, streaming, round trips through the serialiser and the minifier, against
//! Chromium's and scraper's results), the extraction sets, the web archives and the Encoding
//! Standard's labels. Each module says what it reads; without the shared data a test prints a
//! `skipped:` line (`common::data`).

#[path = "../common/mod.rs"]
mod common;

mod encoding;
mod encoding_labels;
mod extraction_score;
mod generated;
#[cfg(feature = "links")]
mod links;
mod markdown_roundtrip;
#[cfg(feature = "select")]
mod selectors_scraper;
mod serialize_minify;
mod serialize_roundtrip;
mod stream;
mod tree;
#[cfg(feature = "warc")]
mod warc;
