//! The interface through which the tree builder builds a tree ([`TreeSink`]).

use std::ops::Range;

/// The namespace of an element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Namespace {
    /// `http://www.w3.org/1999/xhtml`
    Html,
    /// `http://www.w3.org/2000/svg`
    Svg,
    /// `http://www.w3.org/1998/Math/MathML`
    MathMl,
}

impl Namespace {
    /// The namespace URL.
    pub fn url(self) -> &'static str {
        match self {
            Namespace::Html => "http://www.w3.org/1999/xhtml",
            Namespace::Svg => "http://www.w3.org/2000/svg",
            Namespace::MathMl => "http://www.w3.org/1998/Math/MathML",
        }
    }
}

/// The namespace of an attribute: none for every attribute the parser creates except the ones
/// "adjust foreign attributes" (13.2.6.1) turns into namespaced attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AttrNamespace {
    /// No namespace (all HTML attributes).
    #[default]
    None,
    /// The XLink namespace, prefix `xlink`.
    XLink,
    /// The XML namespace, prefix `xml`.
    Xml,
    /// The XMLNS namespace, prefix `xmlns` (or none, for the `xmlns` attribute itself).
    Xmlns,
}

impl AttrNamespace {
    /// The namespace URL, `None` for no namespace.
    pub fn url(self) -> Option<&'static str> {
        match self {
            AttrNamespace::None => None,
            AttrNamespace::XLink => Some("http://www.w3.org/1999/xlink"),
            AttrNamespace::Xml => Some("http://www.w3.org/XML/1998/namespace"),
            AttrNamespace::Xmlns => Some("http://www.w3.org/2000/xmlns/"),
        }
    }
}

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

/// A shadow root's mode (DOM Standard: "open" or "closed").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShadowRootMode {
    /// `shadowrootmode=open`.
    Open,
    /// `shadowrootmode=closed`.
    Closed,
}

/// A shadow root's flags, as the parser read them from the template's attributes (HTML
/// Standard 13.2.6.4.4, the "in head" rules for a `template` start tag).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShadowRootData {
    /// `shadowrootmode`.
    pub mode: ShadowRootMode,
    /// `shadowrootclonable` present.
    pub clonable: bool,
    /// `shadowrootserializable` present: the serialiser writes it with
    /// `SerializeOptions::serializable_shadow_roots`.
    pub serializable: bool,
    /// `shadowrootdelegatesfocus` present.
    pub delegates_focus: bool,
    /// `shadowrootslotassignment=manual` (else "named").
    pub manual_slot_assignment: bool,
    /// `shadowrootcustomelementregistry` present: the shadow root's custom element registry is
    /// null and its "keep custom element registry null" flag is set.
    pub keep_custom_element_registry_null: bool,
}

/// The document's mode (DOM "quirks mode", set by the DOCTYPE rules of 13.2.6.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum QuirksMode {
    /// "no-quirks"
    #[default]
    NoQuirks,
    /// "limited-quirks"
    LimitedQuirks,
    /// "quirks"
    Quirks,
}

/// A place to insert a node: inside `parent`, before `before` (or as the last child).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InsertionPoint<H> {
    /// The node the new node goes into.
    pub parent: H,
    /// The child it goes before; `None` appends.
    pub before: Option<H>,
}

/// What the tree builder writes through (HTML Standard 13.2.6 "creating and inserting nodes").
///
/// The builder is generic over the sink, so calls are monomorphised. Handles are small copyable
/// node references chosen by the sink. Strings live for `'a` (the input or the caller's arena).
/// Nothing here may fail: the parser never rejects input.
pub trait TreeSink<'a> {
    /// A reference to a node of the tree being built.
    type Handle: Copy + Eq + std::fmt::Debug;

    /// The Document node.
    fn document(&self) -> Self::Handle;
    /// Creates an element (not yet inserted). `name` is the local name (SVG's adjusted, e.g.
    /// `foreignObject`), `tag` the name as a known [`Tag`](crate::Tag) ([`Tag::Other`](crate::Tag::Other)
    /// when no rule mentions it), classified once by the tokenizer: a sink can keep it instead of
    /// classifying the name again. `attrs` are in token order, already adjusted.
    fn create_element(
        &mut self,
        ns: Namespace,
        name: &'a str,
        tag: crate::Tag,
        attrs: &[Attr<'a>],
    ) -> Self::Handle;
    /// [`create_element`](Self::create_element) with attributes that live for `'a` (a tag
    /// token's, in the tokenizer's arena, when they need no adjustment): a sink that stores
    /// `&'a` slices can keep them instead of copying. The default calls `create_element`.
    fn create_element_keeping_attrs(
        &mut self,
        ns: Namespace,
        name: &'a str,
        tag: crate::Tag,
        attrs: &'a [Attr<'a>],
    ) -> Self::Handle {
        self.create_element(ns, name, tag, attrs)
    }
    /// Creates a comment node (not yet inserted).
    fn create_comment(&mut self, data: &'a str) -> Self::Handle;
    /// Creates a processing instruction node (not yet inserted).
    fn create_processing_instruction(&mut self, target: &'a str, data: &'a str) -> Self::Handle;
    /// Creates a document fragment node (used for the fragment parsing algorithm's root insertion
    /// target).
    fn create_document_fragment(&mut self) -> Self::Handle;
    /// Creates a DocumentType node and appends it to the Document.
    fn append_doctype(&mut self, name: &'a str, public_id: &'a str, system_id: &'a str);
    /// Inserts `child` (which has no parent) at `at`.
    fn insert(&mut self, at: InsertionPoint<Self::Handle>, child: Self::Handle);
    /// Inserts text at `at`: appends to the Text node immediately before `at` if there is one,
    /// otherwise creates a Text node there (13.2.6.1 "insert a character").
    fn insert_text(&mut self, at: InsertionPoint<Self::Handle>, text: &'a str);
    /// Removes `node` from its parent, if it has one.
    fn remove_from_parent(&mut self, node: Self::Handle);
    /// Moves all children of `from` to the end of `to`, in order.
    fn reparent_children(&mut self, from: Self::Handle, to: Self::Handle);
    /// The parent of `node`, if any.
    fn parent(&self, node: Self::Handle) -> Option<Self::Handle>;
    /// The template contents (a DocumentFragment) of a `template` element.
    fn template_contents(&mut self, template: Self::Handle) -> Self::Handle;
    /// Adds each attribute that `element` does not already have (by name).
    fn add_attrs_if_missing(&mut self, element: Self::Handle, attrs: &[Attr<'a>]);
    /// Sets the document's mode.
    fn set_quirks_mode(&mut self, mode: QuirksMode);
    /// Reports a tree construction parse error at byte `offset` of the input. Default: ignore.
    fn parse_error(&mut self, message: &'static str, offset: usize) {
        let _ = (message, offset);
    }
    /// The children of `node`, in order (used by the `selectedcontent` cloning steps only).
    fn children(&self, node: Self::Handle) -> Vec<Self::Handle>;
    /// A copy of `node` without its children (element: same name, namespace and attributes).
    fn clone_shallow(&mut self, node: Self::Handle) -> Self::Handle;
    /// Whether the sink's node budget is used up (default: it has none). The builder checks it
    /// while cloning an option's contents into `selectedcontent`, the one step in which a single
    /// token (an option's end tag, or the end of the input popping nested selects) can create
    /// more nodes than the input has bytes, and stops cloning there; the driver then ends the
    /// parse as truncated (`ParseOptions::max_nodes`).
    fn over_budget(&self) -> bool {
        false
    }
    /// Whether `node` is an element with namespace `ns` and local name `name`.
    fn is_element_named(&self, node: Self::Handle, ns: Namespace, name: &str) -> bool;
    /// The value of the no-namespace attribute `name` of element `node`, if any.
    fn element_attr(&self, node: Self::Handle, name: &str) -> Option<&'a str>;
    /// Attaches a shadow root with `shadow`'s flags to `host` for a declarative shadow root
    /// (13.2.6.4.4, "attach a shadow root"; the builder has checked that `host` is an HTML
    /// element that may be a shadow host) and makes it the template contents of `template` (an
    /// HTML `template` element created for the start tag and not inserted anywhere), so that
    /// what the parser inserts into the template goes into the shadow tree. Returns `false`,
    /// changing nothing, when `host` is a shadow host already; the builder then inserts the
    /// template as an ordinary element. Default: `false`, for a tree without shadow roots.
    fn attach_declarative_shadow_root(
        &mut self,
        host: Self::Handle,
        template: Self::Handle,
        shadow: ShadowRootData,
    ) -> bool {
        let _ = (host, template, shadow);
        false
    }

    // ----- Source spans (`ParseOptions::spans`) -----

    /// Whether the sink records where its nodes came from in the input. When `false` (the
    /// default) the parser computes no spans and calls none of the methods below, so spans
    /// cost nothing; when `true` it calls them as it builds. Spans are half-open byte ranges
    /// of the document's decoded text.
    const SOURCE_SPANS: bool = false;
    /// The tokens that follow come from `segment`, the part of the document the tokenizer
    /// reads (all of it, or, streaming, the segment since the document's byte `base`).
    fn source_segment(&mut self, segment: &'a str, base: usize) {
        let _ = (segment, base);
    }
    /// The builder is about to process a start tag, comment, DOCTYPE or processing
    /// instruction token, which came from the bytes `span` of the document (from `<` to `>`,
    /// or to the end of the input; within the last [`source_segment`](Self::source_segment)).
    /// The comment, processing instruction or DOCTYPE node the sink creates next is this
    /// token's; the elements of [`start_tag_source`](Self::start_tag_source) and
    /// [`add_attrs_if_missing`](Self::add_attrs_if_missing) take their attributes from this
    /// start tag.
    fn token_source(&mut self, span: Range<usize>) {
        let _ = span;
    }
    /// `element` was created for the current token, a start tag (13.2.6.1 "create an element
    /// for the token"): its start tag and its attributes are the last
    /// [`token_source`](Self::token_source)'s.
    fn start_tag_source(&mut self, element: Self::Handle) {
        let _ = element;
    }
    /// `element` was closed by the end tag at `span`, which has the element's name.
    fn end_tag_source(&mut self, element: Self::Handle, span: Range<usize>) {
        let _ = (element, span);
    }
    /// `clone` was created for the token `original` was created for (the adoption agency
    /// algorithm, reconstructing the active formatting elements): it gets `original`'s start
    /// tag and attributes.
    fn copy_start_source(&mut self, original: Self::Handle, clone: Self::Handle) {
        let _ = (original, clone);
    }
    /// [`insert_text`](Self::insert_text) of characters that came from the bytes `span` of the
    /// document; a Text node that grows by them takes in their range (from its first to its
    /// last character).
    fn insert_text_with_source(
        &mut self,
        at: InsertionPoint<Self::Handle>,
        text: &'a str,
        span: Range<usize>,
    ) {
        let _ = span;
        self.insert_text(at, text);
    }
}

#[cfg(test)]
mod tests {
    use super::{Attr, AttrNamespace, NAMESPACED, NAMESPACED_NAMES};

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
