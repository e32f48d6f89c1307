//! [`Document::title`] and [`NodeRef::text`]: the DOM handles' text methods, kept with the
//! extraction rules they call, so that `dom/` does not depend on this module (an inherent
//! `impl` may stand anywhere in the crate; `serialize/` adds `NodeRef::inner_html` the same
//! way).

use crate::dom::{Document, NodeRef};

impl Document<'_> {
    /// `document.title` (HTML Standard 3.1.4): the text of the first HTML `title` element in
    /// tree order, ASCII white space stripped and collapsed; `None` without a `title` element.
    pub fn title(&self) -> Option<String> {
        super::title(self)
    }
}

impl NodeRef<'_, '_> {
    /// The node's text by the rules of `simdhtml text` ([`crate::extract::visible_text_of`]):
    /// blocks one per line, white space collapsed, hidden elements inside it left out (the
    /// node itself always counts as shown). The scripting flag is the one the document was
    /// parsed with.
    pub fn text(self) -> String {
        let doc = self.document();
        super::visible_text_of(doc, self.node_id(), doc.scripting())
    }
}
