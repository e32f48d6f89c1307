//! The library's behaviour on hand-written cases, API by API: the DOM and its node handles,
//! custom tree sinks, declarative shadow roots, selectedness, CSS selectors, source spans,
//! extraction on pathological pages, deep inputs, and the inputs the fuzz targets found.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/html_gen.rs"]
mod html_gen;

mod custom_sink;
mod declarative_shadow_roots;
mod dom;
mod extraction_bounds;
mod fuzz_regressions;
mod node_handles;
mod selectedness;
#[cfg(feature = "select")]
mod selectors;
mod spans;
mod tree_robustness;
