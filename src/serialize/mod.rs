//! Serialisations of a parsed [`crate::dom::Document`].

pub mod html;
pub mod html5lib_dump;
mod node_ref;
mod optional_tags;

pub use html::{
    AttributeQuotes, OptionalTags, QuoteChar, SerializeOptions, ShadowRoots, serialize_children,
    serialize_children_to, serialize_document, serialize_document_to, serialize_node,
    serialize_node_to,
};
pub use html5lib_dump::{html5lib_dump, html5lib_dump_to};
