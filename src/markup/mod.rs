//! The vocabulary every layer shares: the names of HTML's markup, below the tokenizer and the
//! tree builder (as `markup5ever` sits under html5ever). It depends on nothing else of the
//! crate; the tokenizer, the tree builder, the DOM, the serialisers, the selectors and the
//! extraction all name things with it.
//!
//! - `ascii_whitespace.rs`: `is_ascii_whitespace`, the Infra Standard's white space as a
//!   `str` pattern.
//! - `tag.rs`: [`Tag`], the known tag names as small integers, and the named tag sets the
//!   rules share (`TagSet`, e.g. the head content, the table structure).
//! - `custom_element.rs`: the valid custom element name rule.
//! - `namespace.rs`: [`Namespace`] (of an element) and [`AttrNamespace`] (of an attribute).
//! - `attr.rs`: [`Attr`], the one attribute type of tag tokens and elements.
//! - `quirks_mode.rs`: [`QuirksMode`], the document's mode.
//! - `shadow_root.rs`: [`ShadowRootMode`] and [`ShadowRootData`], a declarative shadow root's
//!   mode and flags.
//! - `span.rs`: [`NodeSpan`] and [`AttrSpan`], where a node and an attribute came from in the
//!   source.

mod ascii_whitespace;
mod attr;
mod custom_element;
mod namespace;
mod quirks_mode;
mod shadow_root;
mod span;
mod tag;

pub(crate) use ascii_whitespace::is_ascii_whitespace;
pub use attr::Attr;
pub(crate) use custom_element::{is_valid_custom_element_name, may_be_custom_element_name};
pub use namespace::{AttrNamespace, Namespace};
pub use quirks_mode::QuirksMode;
pub use shadow_root::{ShadowRootData, ShadowRootMode};
pub use span::{AttrSpan, NodeSpan};
#[cfg(test)]
pub(crate) use tag::known_tag_names;
pub(crate) use tag::{HEAD_CONTENT, TABLE_STRUCTURE, TagSet, in_body_block_end_tag};
pub use tag::{TAG_COUNT, Tag};
