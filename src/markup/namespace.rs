//! Namespaces: of elements ([`Namespace`]) and of the attributes foreign content puts in one
//! ([`AttrNamespace`]).

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
