//! Declarative shadow roots: the "in head" rules for a `template` start tag, steps 6–10
//! (13.2.6.4.4), and the checks of the DOM Standard's "attach a shadow root" that decide whether
//! the template becomes a shadow root or stays an ordinary `template` element.

use super::{InsertionPoint, TreeBuilder, TreeSink};
use crate::markup::{Namespace, ShadowRootData, ShadowRootMode, Tag, is_valid_custom_element_name};
use crate::tokenizer::TagToken;

/// The `shadowrootmode` enumerated attribute: `open` or `closed`, ASCII case-insensitive; missing
/// or any other value is the None state.
fn shadow_root_mode(value: Option<&str>) -> Option<ShadowRootMode> {
    let value = value?;
    if value.eq_ignore_ascii_case("open") {
        Some(ShadowRootMode::Open)
    } else if value.eq_ignore_ascii_case("closed") {
        Some(ShadowRootMode::Closed)
    } else {
        None
    }
}

/// "Attach a shadow root" step 2 (DOM Standard 4.2.14): the element's local name is a valid
/// shadow host name, i.e. a valid custom element name or one of these.
fn is_valid_shadow_host_name(name: &str) -> bool {
    matches!(
        name,
        "article"
            | "aside"
            | "blockquote"
            | "body"
            | "div"
            | "footer"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "header"
            | "main"
            | "nav"
            | "p"
            | "section"
            | "span"
    ) || is_valid_custom_element_name(name)
}

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// Steps 6–10 of the "in head" rules for a `template` start tag (13.2.6.4.4), after the
    /// marker, the frameset-ok flag and the template insertion mode (steps 2–5).
    ///
    /// With a `shadowrootmode` of `open` or `closed`, the parser's "allow declarative shadow
    /// roots", and an adjusted current node that is not the topmost element of the stack of open
    /// elements (the `html` element), the template element is created and pushed onto the stack
    /// without being inserted, and a shadow root is attached to the adjusted current node, with
    /// the template's contents being that shadow root, so everything up to `</template>` goes
    /// into the shadow tree. When "attach a shadow root" would throw (the host is not an HTML
    /// element with a valid shadow host name, or is a shadow host already) the template is
    /// inserted where it would have gone, as an ordinary `template`; without the attribute,
    /// the flag or with the `html` element as the adjusted current node, it is inserted as any
    /// HTML element.
    pub(super) fn insert_template(&mut self, t: &TagToken<'a>) {
        let mode = shadow_root_mode(t.attr("shadowrootmode"));
        let host = self.adjusted_current();
        let (Some(mode), true, Some(host)) = (mode, self.allow_declarative_shadow_roots, host)
        else {
            self.insert_html(t);
            return;
        };
        if self.open.first() == Some(&host) {
            self.insert_html(t);
            return;
        }
        // 6. The adjusted insertion location, before the template is pushed.
        let at: InsertionPoint<S::Handle> = self.adjusted_insertion_location(None);
        // 10.2. "Insert a foreign element ... with HTML namespace and true": created and pushed,
        // not inserted.
        let template = self.create_element(Namespace::Html, t.name, Tag::Template, t.attrs, true);
        self.source_start_tag(template);
        self.push(template);
        let shadow = ShadowRootData {
            mode,
            clonable: t.attr("shadowrootclonable").is_some(),
            serializable: t.attr("shadowrootserializable").is_some(),
            delegates_focus: t.attr("shadowrootdelegatesfocus").is_some(),
            manual_slot_assignment: t
                .attr("shadowrootslotassignment")
                .is_some_and(|v| v.eq_ignore_ascii_case("manual")),
            keep_custom_element_registry_null: t.attr("shadowrootcustomelementregistry").is_some(),
        };
        let h = self.elem(host);
        let (host_ns, host_name, host_handle) = (h.ns, h.name, h.handle);
        let template_handle = self.handle(template);
        // "Attach a shadow root": an HTML element with a valid shadow host name that is not a
        // shadow host yet (the sink knows which elements are); otherwise it throws, and the
        // template goes where it would have gone (10.10.2.1; 10.9 for a host that has one).
        let attached = host_ns == Namespace::Html
            && is_valid_shadow_host_name(host_name)
            && self
                .sink
                .attach_declarative_shadow_root(host_handle, template_handle, shadow);
        if !attached {
            self.sink.insert(at, template_handle);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shadow_host_names_and_modes() {
        assert!(is_valid_shadow_host_name("span") && !is_valid_shadow_host_name("template"));
        assert_eq!(shadow_root_mode(Some("OPEN")), Some(ShadowRootMode::Open));
        assert_eq!(
            shadow_root_mode(Some("closed")),
            Some(ShadowRootMode::Closed)
        );
        assert_eq!(shadow_root_mode(Some("opened")), None);
        assert_eq!(shadow_root_mode(None), None);
    }
}
