//! Serialisations of a parsed [`crate::dom::Document`].

pub mod html5lib_dump;

pub use html5lib_dump::html5lib_dump;
