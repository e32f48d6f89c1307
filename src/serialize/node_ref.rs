//! [`NodeRef::inner_html`] and [`NodeRef::outer_html`]: the DOM handle's serialisations, kept
//! with the serialiser they call, so that `dom/` does not depend on this module (an inherent
//! `impl` may stand anywhere in the crate; `select/` adds `NodeRef::select` the same way).

use super::{SerializeOptions, serialize_children, serialize_node};
use crate::dom::NodeRef;

impl NodeRef<'_, '_> {
    /// The node's children serialised (DOM `innerHTML`, the HTML fragment serialisation
    /// algorithm of 13.3; a template's contents for a `template`).
    pub fn inner_html(self) -> String {
        let options = self.serialize_options();
        match self.template_contents() {
            Some(contents) => serialize_children(self.document(), contents.node_id(), &options),
            None => serialize_children(self.document(), self.node_id(), &options),
        }
    }

    /// The node serialised with itself (DOM `outerHTML`; 13.3).
    pub fn outer_html(self) -> String {
        serialize_node(self.document(), self.node_id(), &self.serialize_options())
    }

    fn serialize_options(self) -> SerializeOptions {
        SerializeOptions {
            scripting: self.document().scripting(),
            ..SerializeOptions::default()
        }
    }
}
