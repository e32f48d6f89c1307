//! Attributes ([`Attr`]): the one attribute type of tag tokens and elements.

use super::AttrNamespace;

/// An attribute as it goes on an element (local name, value and, through its name, the
/// namespace), and as a tag token carries it ([`tokenizer::Attribute`](crate::tokenizer::Attribute),
/// the same type: name lower-cased, no namespace). 32 bytes on 64-bit targets.
///
/// The namespace is not a field. The attributes that have one are the eleven that "adjust
/// foreign attributes" (13.2.6.1) names (`xlink:href`, `xml:lang`, `xmlns`, ...), and their
/// local names are slices of one static string of this module ([`Attr::namespaced`] gives
/// them); [`Attr::ns`] tells them by where `name` points, not by what it spells. So an
/// attribute built as `Attr { name: "href", value }` has no namespace whatever its name,
/// and one whose `name` is copied from a namespaced attribute keeps the namespace.
#[derive(Clone, Copy, Default)]
pub struct Attr<'a> {
    /// The local name (`href` in `xlink:href`; `viewBox` after SVG case adjustment).
    pub name: &'a str,
    /// The value.
    pub value: &'a str,
}

/// The qualified names of the attributes "adjust foreign attributes" (13.2.6.1) puts in a
/// namespace, one after the other. A `static`, so that it has an address of its own: a local
/// name that points into it is one of these attributes' ([`Attr::ns`]).
static NAMESPACED_NAMES: [u8; 110] = *b"xlink:actuatexlink:arcrolexlink:hrefxlink:rolexlink:showxlink:titlexlink:typexml:langxml:spacexmlnsxmlns:xlink";

/// For each attribute of [`NAMESPACED_NAMES`]: where its qualified name starts and ends there,
/// where its local name starts, and its namespace (13.2.6.1's table, in its order).
const NAMESPACED: [(usize, usize, usize, AttrNamespace); 11] = [
    (0, 13, 6, AttrNamespace::XLink),     // xlink:actuate
    (13, 26, 19, AttrNamespace::XLink),   // xlink:arcrole
    (26, 36, 32, AttrNamespace::XLink),   // xlink:href
    (36, 46, 42, AttrNamespace::XLink),   // xlink:role
    (46, 56, 52, AttrNamespace::XLink),   // xlink:show
    (56, 67, 62, AttrNamespace::XLink),   // xlink:title
    (67, 77, 73, AttrNamespace::XLink),   // xlink:type
    (77, 85, 81, AttrNamespace::Xml),     // xml:lang
    (85, 94, 89, AttrNamespace::Xml),     // xml:space
    (94, 99, 94, AttrNamespace::Xmlns),   // xmlns
    (99, 110, 105, AttrNamespace::Xmlns), // xmlns:xlink
];

impl<'a> Attr<'a> {
    /// An attribute with no namespace.
    pub fn new(name: &'a str, value: &'a str) -> Attr<'a> {
        Attr { name, value }
    }

    /// The attribute whose qualified name is `qualified`, if "adjust foreign attributes"
    /// (13.2.6.1) gives that name a namespace (`xlink:href` is the `href` attribute in the
    /// XLink namespace); `None` for any other name.
    pub fn namespaced(qualified: &str, value: &'a str) -> Option<Attr<'a>> {
        NAMESPACED.iter().find_map(|&(start, end, local, _)| {
            let bytes = &NAMESPACED_NAMES[start..end];
            (bytes == qualified.as_bytes()).then(|| Attr {
                name: static_str(&NAMESPACED_NAMES[local..end]),
                value,
            })
        })
    }

    /// The namespace: [`AttrNamespace::None`] unless the attribute came from
    /// [`Attr::namespaced`] (or "adjust foreign attributes", which uses it).
    #[inline]
    pub fn ns(&self) -> AttrNamespace {
        let offset = (self.name.as_ptr() as usize).wrapping_sub(NAMESPACED_NAMES.as_ptr() as usize);
        if offset >= NAMESPACED_NAMES.len() || self.name.is_empty() {
            return AttrNamespace::None;
        }
        NAMESPACED
            .iter()
            .find(|&&(_, end, local, _)| offset == local && self.name.len() == end - local)
            .map_or(AttrNamespace::None, |&(.., ns)| ns)
    }

    /// Whether this is the attribute with no namespace named `name` (what `getAttribute` and
    /// a CSS attribute selector without a namespace look for).
    #[inline]
    pub fn is_named(&self, name: &str) -> bool {
        self.name == name && self.ns() == AttrNamespace::None
    }

    /// The prefix (`xlink` in `xlink:href`), if any: the one "adjust foreign attributes"
    /// (13.2.6.1) gives the namespace, none for the `xmlns` attribute itself. The parser
    /// creates no other prefixed attributes.
    pub fn prefix(&self) -> Option<&'static str> {
        match self.ns() {
            AttrNamespace::None => None,
            AttrNamespace::XLink => Some("xlink"),
            AttrNamespace::Xml => Some("xml"),
            AttrNamespace::Xmlns if self.name == "xmlns" => None,
            AttrNamespace::Xmlns => Some("xmlns"),
        }
    }
}

/// A slice of [`NAMESPACED_NAMES`] as a string (it is ASCII).
fn static_str(bytes: &'static [u8]) -> &'static str {
    std::str::from_utf8(bytes).unwrap_or_default()
}

impl PartialEq for Attr<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.value == other.value && self.ns() == other.ns()
    }
}

impl Eq for Attr<'_> {}

impl std::fmt::Debug for Attr<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Attr")
            .field("name", &self.name)
            .field("value", &self.value)
            .field("ns", &self.ns())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::{Attr, NAMESPACED, NAMESPACED_NAMES};
    use crate::markup::AttrNamespace;

    #[test]
    fn an_attribute_is_32_bytes() {
        assert_eq!(std::mem::size_of::<Attr<'_>>(), 32);
    }

    /// 13.2.6.1 "adjust foreign attributes": each qualified name, its prefix, local name and
    /// namespace.
    const TABLE: [(&str, Option<&str>, &str, AttrNamespace); 11] = [
        (
            "xlink:actuate",
            Some("xlink"),
            "actuate",
            AttrNamespace::XLink,
        ),
        (
            "xlink:arcrole",
            Some("xlink"),
            "arcrole",
            AttrNamespace::XLink,
        ),
        ("xlink:href", Some("xlink"), "href", AttrNamespace::XLink),
        ("xlink:role", Some("xlink"), "role", AttrNamespace::XLink),
        ("xlink:show", Some("xlink"), "show", AttrNamespace::XLink),
        ("xlink:title", Some("xlink"), "title", AttrNamespace::XLink),
        ("xlink:type", Some("xlink"), "type", AttrNamespace::XLink),
        ("xml:lang", Some("xml"), "lang", AttrNamespace::Xml),
        ("xml:space", Some("xml"), "space", AttrNamespace::Xml),
        ("xmlns", None, "xmlns", AttrNamespace::Xmlns),
        ("xmlns:xlink", Some("xmlns"), "xlink", AttrNamespace::Xmlns),
    ];

    #[test]
    fn the_namespaced_attributes_are_the_specs_eleven() {
        assert_eq!(NAMESPACED.len(), TABLE.len());
        assert_eq!(NAMESPACED.last().map(|e| e.1), Some(NAMESPACED_NAMES.len()));
        for (qualified, prefix, local, ns) in TABLE {
            let a = Attr::namespaced(qualified, "v").expect(qualified);
            assert_eq!(
                (a.name, a.value, a.ns(), a.prefix()),
                (local, "v", ns, prefix)
            );
            // The same letters elsewhere are an attribute without a namespace.
            let plain = Attr::new(&*local.to_owned().leak(), "v");
            assert_eq!((plain.ns(), plain.prefix()), (AttrNamespace::None, None));
            assert_ne!(a, plain);
            assert!(plain.is_named(local) && !a.is_named(local));
            let copied = Attr { value: "w", ..a };
            assert_eq!(copied.ns(), ns, "a copied name keeps its namespace");
        }
        for other in [
            "xlink:foo",
            "href",
            "XLINK:HREF",
            "xml:",
            "xmlns:",
            "",
            "xlink:hre",
        ] {
            assert_eq!(Attr::namespaced(other, "v"), None, "{other}");
        }
        // A slice of the static names that is not a local name has no namespace.
        let a = Attr::namespaced("xlink:href", "").unwrap();
        assert_eq!(Attr::new(&a.name[..2], "").ns(), AttrNamespace::None);
        assert_eq!(Attr::default().ns(), AttrNamespace::None);
    }
}
