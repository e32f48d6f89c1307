//! What the fuzz targets share: reading options from the input's first bytes, the option
//! tables they index, the tree invariants, and a linear digest of a tree for comparing two
//! parses.
//!
//! Everything here is iterative: a 64 KiB input can nest 20,000 elements deep.

use simdhtml::dom::ElementData;
use simdhtml::input::{self, InputOptions};
use simdhtml::tokenizer::{Attribute, State, Token};
use simdhtml::markup::{AttrNamespace, Namespace, QuirksMode};
use simdhtml::{Document, FragmentContext, NodeData, NodeId};
use std::fmt::Write as _;

/// The node budget every target parses with ([`simdhtml::ParseOptions::max_nodes`]): the spec's
/// tree construction can build trees quadratic in the input (formatting elements reconstructed
/// per paragraph), and the fuzzer should spend its time on parsing, not on allocating.
pub const MAX_NODES: usize = 20_000;

/// Reads option bytes off the front of the fuzz input; past the end, every byte is 0.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// The fuzz input.
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// The next byte (0 when none is left).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The bytes not read as options: the document.
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}

/// The initial states the html5lib tokenizer suites use.
pub const STATES: [State; 6] = [
    State::Data,
    State::Plaintext,
    State::Rcdata,
    State::Rawtext,
    State::ScriptData,
    State::CdataSection,
];

/// Candidates for "the last start tag to have been emitted" (the suites' `lastStartTag`), so
/// that an appropriate end tag can end RCDATA / RAWTEXT / script data.
pub const LAST_START_TAGS: [Option<&str>; 8] = [
    None,
    Some("script"),
    Some("textarea"),
    Some("title"),
    Some("style"),
    Some("xmp"),
    Some("a"),
    Some("plaintext"),
];

/// Transport-layer charset labels (`input::transport_charset`); the last is not a label, so
/// `transport_charset` must refuse it.
pub const TRANSPORT_LABELS: [&str; 16] = [
    "utf-8",
    "windows-1252",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "utf-16le",
    "utf-16be",
    "gb18030",
    "big5",
    "euc-kr",
    "x-user-defined",
    "iso-2022-kr",
    "koi8-r",
    " Latin1 ",
    "windows-874",
    "bogus",
];

/// Whether `label` is the one in [`TRANSPORT_LABELS`] that the Encoding Standard does not know.
pub fn is_bogus_label(label: &str) -> bool {
    label == "bogus"
}

/// The transport label of an input-options byte ([`input_options`]): bits 2.. index
/// [`TRANSPORT_LABELS`]; indices past the table give none.
pub fn transport_label(b: u8) -> Option<&'static str> {
    TRANSPORT_LABELS.get(usize::from(b >> 2)).copied()
}

/// Input options from one byte: bit 0 guess, bit 1 guess UTF-8, bits 2..: the transport
/// charset of [`transport_label`] (none for no label or the unknown one, so more than half the
/// inputs are sniffed from their bytes).
pub fn input_options(b: u8) -> InputOptions {
    InputOptions {
        transport_charset: transport_label(b).and_then(|l| input::transport_charset(l).ok()),
        guess: b & 1 != 0,
        guess_utf8: b & 2 != 0,
        ..InputOptions::default()
    }
}

/// The fragment parsing contexts: `(namespace, local name)`.
pub const CONTEXTS: [(Namespace, &str); 48] = [
    (Namespace::Html, "body"),
    (Namespace::Html, "div"),
    (Namespace::Html, "html"),
    (Namespace::Html, "head"),
    (Namespace::Html, "template"),
    (Namespace::Html, "select"),
    (Namespace::Html, "option"),
    (Namespace::Html, "optgroup"),
    (Namespace::Html, "table"),
    (Namespace::Html, "caption"),
    (Namespace::Html, "colgroup"),
    (Namespace::Html, "col"),
    (Namespace::Html, "tbody"),
    (Namespace::Html, "thead"),
    (Namespace::Html, "tfoot"),
    (Namespace::Html, "tr"),
    (Namespace::Html, "td"),
    (Namespace::Html, "th"),
    (Namespace::Html, "textarea"),
    (Namespace::Html, "title"),
    (Namespace::Html, "script"),
    (Namespace::Html, "style"),
    (Namespace::Html, "xmp"),
    (Namespace::Html, "iframe"),
    (Namespace::Html, "noembed"),
    (Namespace::Html, "noframes"),
    (Namespace::Html, "noscript"),
    (Namespace::Html, "plaintext"),
    (Namespace::Html, "frameset"),
    (Namespace::Html, "p"),
    (Namespace::Html, "pre"),
    (Namespace::Html, "li"),
    (Namespace::Html, "a"),
    (Namespace::Html, "form"),
    (Namespace::Html, "button"),
    (Namespace::Html, "br"),
    (Namespace::Html, "search"),
    (Namespace::Svg, "svg"),
    (Namespace::Svg, "foreignObject"),
    (Namespace::Svg, "desc"),
    (Namespace::Svg, "title"),
    (Namespace::Svg, "path"),
    (Namespace::MathMl, "math"),
    (Namespace::MathMl, "mi"),
    (Namespace::MathMl, "mo"),
    (Namespace::MathMl, "mtext"),
    (Namespace::MathMl, "annotation-xml"),
    (Namespace::MathMl, "ms"),
];

/// `encoding` values for a MathML `annotation-xml` context (the first two make it an HTML
/// integration point).
pub const ANNOTATION_ENCODINGS: [&[Attribute<'static>]; 4] = [
    &[],
    &[Attribute {
        name: "encoding",
        value: "text/html",
    }],
    &[Attribute {
        name: "encoding",
        value: "Application/XHTML+XML",
    }],
    &[Attribute {
        name: "encoding",
        value: "image/svg+xml",
    }],
];

/// A fragment context from one byte (its high bits pick `annotation-xml`'s encoding).
pub fn fragment_context(b: u8) -> FragmentContext<'static> {
    let (ns, name) = CONTEXTS[usize::from(b) % CONTEXTS.len()];
    let attrs = if name == "annotation-xml" {
        ANNOTATION_ENCODINGS[usize::from(b >> 6)]
    } else {
        &[]
    };
    FragmentContext { ns, name, attrs }
}

/// The HTML void elements (13.1.2) and the legacy elements 13.3 serialises as void: the
/// parser never gives them children. Spelled out here rather than taken from the library, so
/// that the check does not share a mistake with it.
pub const VOID_ELEMENTS: [&str; 18] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr", "basefont", "bgsound", "frame", "keygen", "param",
];

/// What kind of parse built a tree (documents have more invariants).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeKind {
    /// `parse_document` / `stream::Parser`: a Document with one `html` element.
    Document,
    /// `parse_fragment`: the Document node holds the fragment's nodes.
    Fragment,
}

fn is_html(e: &ElementData<'_>, name: &str) -> bool {
    e.ns == Namespace::Html && e.name() == name
}

/// Checks the tree invariants of `doc`, walking it iteratively from the Document node (and
/// into template contents):
/// - links: every child's `parent` is its parent, `prev_sibling`/`next_sibling` are mutual,
///   `first_child`/`last_child` are the ends of the sibling chain, no cycles;
/// - every node reachable from the Document is reached exactly once (no node is in two
///   places; each template contents fragment belongs to one template and has no parent);
/// - only Documents, fragments and elements have children; HTML void elements
///   (area base br col embed hr img input link meta source track wbr,
///   basefont bgsound frame keygen param) and `template` elements (their content lives in the
///   contents fragment) have none; Text nodes are not empty;
/// - elements have a non-empty name (HTML ones without ASCII upper case) and no two
///   attributes with the same namespace and name;
/// - documents: at most one doctype, before the one element child of the Document, which is
///   the HTML `html` element; it is the only `html` element, with exactly one `head`;
///   fragments hold no `html` element.
///
/// Panics with a description on the first violation.
pub fn check_tree(doc: &Document<'_>, kind: TreeKind) {
    let len = doc.len();
    let root = doc.root();
    let mut seen = vec![false; len];
    let mut stack: Vec<NodeId> = vec![root];
    let (mut html_elements, mut heads) = (0usize, 0usize);
    {
        assert!(
            doc.parent(root).is_none()
                && doc.prev_sibling(root).is_none()
                && doc.next_sibling(root).is_none(),
            "the Document node has a parent or siblings"
        );
    }
    while let Some(n) = stack.pop() {
        assert!(n.index() < len, "node {n:?} outside the node table ({len})");
        assert!(
            !std::mem::replace(&mut seen[n.index()], true),
            "node {n:?} is reached twice"
        );
        let node = doc.node(n);
        if n != root {
            assert!(
                !matches!(node.data, NodeData::Document),
                "a Document node {n:?} inside the tree"
            );
        }
        // The children chain.
        let mut prev: Option<NodeId> = None;
        let mut next = node.first_child();
        let mut count = 0usize;
        while let Some(c) = next {
            count += 1;
            assert!(count <= len, "the children of {n:?} loop");
            assert!(
                c.index() < len,
                "child {c:?} outside the node table ({len})"
            );
            let child = doc.node(c);
            assert_eq!(child.parent(), Some(n), "child {c:?} of {n:?}: wrong parent");
            assert_eq!(
                doc.prev_sibling(c),
                prev,
                "child {c:?} of {n:?}: wrong prev_sibling"
            );
            stack.push(c);
            prev = Some(c);
            next = child.next_sibling();
        }
        assert_eq!(
            doc.last_child(n),
            prev,
            "{n:?}: last_child is not the last child"
        );
        if count > 0 {
            let ok = match &node.data {
                NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => true,
                NodeData::Element(e) => {
                    !(e.ns == Namespace::Html
                        && (VOID_ELEMENTS.contains(&e.name()) || e.name() == "template"))
                }
                _ => false,
            };
            assert!(ok, "{n:?} ({:?}) has {count} children", node.data);
        }
        match &node.data {
            NodeData::Text(t) => assert!(!t.is_empty(), "{n:?}: an empty Text node"),
            NodeData::Element(e) => {
                assert!(!e.name().is_empty(), "{n:?}: an element without a name");
                if e.ns == Namespace::Html {
                    assert!(
                        !e.name().bytes().any(|b| b.is_ascii_uppercase()),
                        "{n:?}: HTML element name {:?} has upper case",
                        e.name()
                    );
                }
                for (i, a) in e.attrs().iter().enumerate() {
                    assert!(
                        !e.attrs()[..i]
                            .iter()
                            .any(|b| b.ns() == a.ns() && b.name == a.name),
                        "{n:?} <{}>: attribute {:?} twice",
                        e.name(),
                        a.name
                    );
                    if a.ns() == AttrNamespace::None {
                        assert!(!a.name.is_empty(), "{n:?}: an attribute without a name");
                    }
                }
                html_elements += usize::from(is_html(e, "html"));
                heads += usize::from(is_html(e, "head"));
                match e.contents {
                    Some(c) => {
                        assert!(c.index() < len, "contents {c:?} outside the table");
                        let contents = doc.node(c);
                        // A template's contents are a DocumentFragment; any other element's
                        // contents are its (declarative) shadow root.
                        if is_html(e, "template") {
                            assert!(
                                matches!(contents.data, NodeData::DocumentFragment),
                                "template contents {c:?} is not a DocumentFragment"
                            );
                        } else {
                            assert!(
                                matches!(contents.data, NodeData::ShadowRoot(_)),
                                "{n:?} <{}> has contents {c:?} that are no shadow root",
                                e.name()
                            );
                        }
                        assert!(
                            contents.parent().is_none()
                                && doc.prev_sibling(c).is_none()
                                && contents.next_sibling().is_none(),
                            "contents {c:?} linked into a tree"
                        );
                        stack.push(c);
                    }
                    None => assert!(
                        !is_html(e, "template"),
                        "{n:?}: a template without contents"
                    ),
                }
            }
            _ => {}
        }
    }
    match kind {
        TreeKind::Document => {
            let mut doctypes = 0;
            let mut elements = Vec::new();
            for c in doc.children(root) {
                match doc.data(c) {
                    NodeData::Doctype(_) => {
                        assert!(elements.is_empty(), "a doctype after the document element");
                        doctypes += 1;
                    }
                    NodeData::Element(_) => elements.push(c),
                    NodeData::Comment(_) | NodeData::ProcessingInstruction(_) => {}
                    other => panic!("a Document child {c:?} that is {other:?}"),
                }
            }
            assert!(doctypes <= 1, "{doctypes} doctypes");
            assert_eq!(
                elements.len(),
                1,
                "the Document has {} element children",
                elements.len()
            );
            let e = doc.element(elements[0]).expect("an element");
            assert!(is_html(e, "html"), "the document element is <{}>", e.name());
            assert_eq!(html_elements, 1, "{html_elements} html elements");
            assert_eq!(heads, 1, "{heads} head elements");
        }
        TreeKind::Fragment => {
            assert_eq!(
                html_elements, 0,
                "{html_elements} html elements in a fragment"
            );
        }
    }
}

/// A linear description of the tree (unlike the html5lib dump, whose indentation makes it
/// quadratic in the depth): each node in tree order, its children between `(` and `)`,
/// template contents after `#content`. Two documents with equal digests have equal trees.
pub fn tree_digest(doc: &Document<'_>) -> String {
    let mut out = String::new();
    // (node, entering): entering writes the node and schedules its close.
    let mut stack: Vec<(NodeId, bool)> = vec![(doc.root(), true)];
    while let Some((n, entering)) = stack.pop() {
        if !entering {
            out.push_str(")\n");
            continue;
        }
        match doc.data(n) {
            NodeData::Document => out.push_str("#document"),
            NodeData::DocumentFragment => out.push_str("#content"),
            NodeData::ShadowRoot(r) => {
                let _ = write!(out, "#shadow-root {r:?}");
            }
            NodeData::Doctype(d) => {
                let _ = write!(
                    out,
                    "<!DOCTYPE {:?} {:?} {:?}>",
                    d.name, d.public_id, d.system_id
                );
            }
            NodeData::Element(e) => {
                let _ = write!(out, "<{:?} {:?}", e.ns, e.name());
                for a in e.attrs() {
                    let _ = write!(out, " {:?}:{:?}={:?}", a.ns(), a.name, a.value);
                }
                out.push('>');
            }
            NodeData::Text(t) => {
                let _ = write!(out, "{t:?}");
            }
            NodeData::Comment(c) => {
                let _ = write!(out, "<!--{c:?}-->");
            }
            NodeData::ProcessingInstruction(pi) => {
                let (target, data) = (pi.target, pi.data);
                let _ = write!(out, "<?{target:?} {data:?}>");
            }
        }
        out.push_str("(\n");
        stack.push((n, false));
        // Children pushed last-first so that they pop in order; template contents or a shadow
        // root last.
        if let Some(c) = doc.template_contents(n).or_else(|| doc.shadow_root(n)) {
            stack.push((c, true));
        }
        let children: Vec<NodeId> = doc.children(n).collect();
        for &c in children.iter().rev() {
            stack.push((c, true));
        }
    }
    let _ = write!(out, "quirks {:?}", doc.quirks_mode());
    out
}

/// Checks the tokens of one tokenizer run over `input` (already drained to [`Token::Eof`]):
/// no empty character runs, tag and attribute names non-empty and ASCII-lowercase, no
/// duplicate attributes, and at most one token per input byte (plus the end-of-file token).
pub fn check_tokens(tokens: &[Token<'_>], input: &str) {
    assert!(
        tokens.len() <= input.len() + 1,
        "{} tokens from {} bytes",
        tokens.len(),
        input.len()
    );
    assert_eq!(
        tokens.last(),
        Some(&Token::Eof),
        "the tokens do not end with Eof"
    );
    for t in &tokens[..tokens.len() - 1] {
        match t {
            Token::Characters(s) => assert!(!s.is_empty(), "an empty Characters token"),
            Token::StartTag(tag) | Token::EndTag(tag) => {
                assert!(!tag.name.is_empty(), "a tag without a name: {t:?}");
                assert!(
                    !tag.name.bytes().any(|b| b.is_ascii_uppercase()),
                    "tag name not lower-cased: {t:?}"
                );
                for (i, a) in tag.attrs.iter().enumerate() {
                    assert!(!a.name.is_empty(), "an attribute without a name: {t:?}");
                    assert!(
                        !a.name.bytes().any(|b| b.is_ascii_uppercase()),
                        "attribute name not lower-cased: {t:?}"
                    );
                    assert!(
                        !tag.attrs[..i].iter().any(|b| b.name == a.name),
                        "duplicate attribute {:?}: {t:?}",
                        a.name
                    );
                }
            }
            Token::Eof => panic!("Eof before the last token"),
            _ => {}
        }
    }
}

/// The input stream preprocessing (13.2.3.5) the tokenizer applies to text that it passes
/// through unchanged in PLAINTEXT (and RAWTEXT / script data without an appropriate end tag):
/// CRLF and CR become LF, U+0000 becomes U+FFFD.
pub fn preprocessed_raw_text(input: &str) -> String {
    input
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\0', "\u{FFFD}")
}

/// HTML elements of the "special" category (13.2.4.3).
const SPECIAL: [&str; 83] = [
    "address",
    "applet",
    "area",
    "article",
    "aside",
    "base",
    "basefont",
    "bgsound",
    "blockquote",
    "body",
    "br",
    "button",
    "caption",
    "center",
    "col",
    "colgroup",
    "dd",
    "details",
    "dir",
    "div",
    "dl",
    "dt",
    "embed",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "frame",
    "frameset",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "header",
    "hgroup",
    "hr",
    "html",
    "iframe",
    "img",
    "input",
    "keygen",
    "li",
    "link",
    "listing",
    "main",
    "marquee",
    "menu",
    "meta",
    "nav",
    "noembed",
    "noframes",
    "noscript",
    "object",
    "ol",
    "p",
    "param",
    "plaintext",
    "pre",
    "script",
    "search",
    "section",
    "select",
    "source",
    "style",
    "summary",
    "table",
    "tbody",
    "td",
    "template",
    "textarea",
    "tfoot",
    "th",
    "thead",
    "title",
    "tr",
    "track",
    "ul",
    "wbr",
    "xmp",
];

/// Start tags that "close a p element" when one is in button scope (13.2.6.4.7; `table` only
/// outside quirks mode, `plaintext` is a hazard of its own).
const CLOSES_P: [&str; 39] = [
    "li",
    "dd",
    "dt",
    "address",
    "article",
    "aside",
    "blockquote",
    "center",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "header",
    "hgroup",
    "main",
    "menu",
    "nav",
    "ol",
    "p",
    "search",
    "section",
    "summary",
    "ul",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "pre",
    "listing",
    "form",
    "hr",
    "xmp",
];

const HEADINGS: [&str; 6] = ["h1", "h2", "h3", "h4", "h5", "h6"];

fn in_html(e: &ElementData<'_>, names: &[&str]) -> bool {
    e.ns == Namespace::Html && names.contains(&e.name())
}

/// The elements "generate implied end tags" (13.2.6.3) pops.
const IMPLIED_END_TAGS: [&str; 10] = [
    "dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc",
];

/// A MathML text integration point or an HTML integration point (13.2.6): an element whose
/// children's start tags go through the "in body" rules.
fn is_integration_point(e: &ElementData<'_>) -> bool {
    match e.ns {
        Namespace::MathMl => {
            matches!(e.name(), "mi" | "mo" | "mn" | "ms" | "mtext")
                || (e.name() == "annotation-xml"
                    && e.attr("encoding").is_some_and(|v| {
                        v.eq_ignore_ascii_case("text/html")
                            || v.eq_ignore_ascii_case("application/xhtml+xml")
                    }))
        }
        Namespace::Svg => matches!(e.name(), "foreignObject" | "desc" | "title"),
        Namespace::Html => false,
    }
}

/// An element that bounds "has an element in scope" (13.2.4.2, the default scope).
fn is_scope_boundary(e: &ElementData<'_>) -> bool {
    match e.ns {
        Namespace::Html => matches!(
            e.name(),
            "applet"
                | "caption"
                | "html"
                | "table"
                | "td"
                | "th"
                | "marquee"
                | "object"
                | "template"
        ),
        Namespace::MathMl => matches!(
            e.name(),
            "mi" | "mo" | "mn" | "ms" | "mtext" | "annotation-xml"
        ),
        Namespace::Svg => matches!(e.name(), "foreignObject" | "desc" | "title"),
    }
}

fn is_special(e: &ElementData<'_>) -> bool {
    match e.ns {
        Namespace::Html => SPECIAL.contains(&e.name()),
        Namespace::MathMl => matches!(
            e.name(),
            "mi" | "mo" | "mn" | "ms" | "mtext" | "annotation-xml"
        ),
        Namespace::Svg => matches!(e.name(), "foreignObject" | "desc" | "title"),
    }
}

/// What an element's ancestors leave open for it (see [`round_trip_hazard`]).
#[derive(Clone, Copy, Default)]
struct Open {
    /// An HTML `a` since the last element that inserts a marker in the list of active
    /// formatting elements.
    a: bool,
    /// An HTML `nobr` in scope.
    nobr: bool,
    /// An HTML `p` in button scope.
    p: bool,
    /// An `li` that an `li` start tag would close (no special element other than address,
    /// div, p in between).
    li: bool,
    /// The same for `dd` / `dt`.
    dd_dt: bool,
    /// An HTML `selectedcontent`.
    selectedcontent: bool,
    /// An HTML `select` in scope.
    select: bool,
    /// An HTML `ruby` in scope.
    ruby: bool,
    /// An HTML `option` in scope.
    option: bool,
    /// An HTML `optgroup` in scope.
    optgroup: bool,
    /// An HTML `form` (with no `template` in between: the form element pointer).
    form: bool,
    /// An HTML `button` in scope.
    button: bool,
}

/// Whether the round trip of `doc` (13.3 serialisation, then parsing) may change it for a reason
/// the standard gives, and which: `None` when nothing in the tree is known to prevent an exact
/// round trip. The reasons (13.3 "It is possible that the output of this algorithm, if parsed
/// with an HTML parser, will not return the original tree structure"):
/// - `"carriage return"`: a U+000D in text, an attribute value, a comment or a processing
///   instruction; the serialiser writes it as it is (13.3 escapes only `&`, U+00A0, `<`, `>`
///   and, in attributes, `"`) and the input stream preprocessing turns it into U+000A;
/// - `"plaintext"`: a `plaintext` element: nothing ends it, so its end tag and all that
///   follows it are text when parsed again;
/// - `"script escape"`: a `script` whose text contains `<!--` (the script data escape states:
///   the `</script>` the serialiser writes may not end it);
/// - `"doctype"`: a doctype whose quirks mode is not the one of what 13.3 writes for it
///   (`<!DOCTYPE name>`, without identifiers or the force-quirks flag: no-quirks for `html`,
///   quirks for any other name);
/// - `"misnesting"`: a nesting the parser builds but whose markup parses otherwise (the
///   adoption agency algorithm's and foster parenting's trees, 13.3's "p element that contains
///   a ul element"): an `a` inside an `a` (no marker between), a `nobr` inside a `nobr` in
///   scope, an element whose start tag closes a `p` inside a `p` in button scope, a heading
///   whose parent is a heading, an `li` inside an `li` / a `dd` or `dt` inside a `dd` or `dt`
///   that its start tag would close, a `select` or `input` inside a `select` in scope, an
///   `option`, `optgroup` or `hr` inside an `option` in scope (or the last two inside an
///   `optgroup`, in a `select`), an `option` or `optgroup` whose parent is an element that
///   "generate implied end tags" pops (`li`, `dd`, `dt`, `p`, `rb`, `rp`, `rt`, `rtc`) with a
///   `select` in scope (its start tag pops that parent; foster parenting can build it, the
///   table it happened in being a scope boundary), likewise an `rb` or `rtc` whose parent is
///   one of those (or an `optgroup` or `option`) and an `rp` or `rt` whose parent is one of
///   them but `rtc`, with a `ruby` in scope (their start tags generate implied end tags when
///   a `ruby` is in scope), a `form` inside a `form`, a `button` inside a `button` in scope;
/// - `"option in selectedcontent"`: an `option` inside a `selectedcontent`: cloning the
///   selected option into the `selectedcontent` (4.10.10) replaces the children of the
///   `selectedcontent`, that option's ancestors included, so a tree with an option left inside
///   one (a disabled one, or one cloning has not reached yet) can parse otherwise. (A library
///   bug had the same shape, `an_option_removed_by_selectedcontent_cloning_is_not_the_selected_one`,
///   fixed; the 90-second strict check after the fix still found this reason on its own.)
/// - `"selectedcontent not its option's copy"`: a `select` whose `selectedcontent` comes
///   before the select's selected option and whose children are not a copy of that option's.
///   Parsed again, popping the option (its end tag, which 13.3 writes) clones its children
///   into the `selectedcontent` (4.10.10). The parser builds such a tree when the option
///   leaves the stack of open elements without being popped: the adoption agency algorithm
///   removes the elements between the formatting element and the furthest block from the
///   stack, and cloning runs when an option is popped:
///   `<select><button><selectedcontent><i><button><option>X<h3></i>` leaves the
///   `selectedcontent` with its `<i>` and without the `X`.
/// - `"template mode"`: a template's contents with a table part (`caption`, `colgroup`, `col`,
///   `tbody`, `thead`, `tfoot`, `tr`, `td`, `th`) after an element child that is neither a
///   table part nor one the "in head" rules insert. In markup the first such start tag decides
///   the template insertion mode ("in template", 13.2.6.4.18): an `<s>` switches it to "in
///   body", where a table part's start tag is ignored. The parser builds the tree when the
///   earlier element came without a start tag of its own, reconstructed from the list of
///   active formatting elements for text ("in template" processes characters with the "in
///   body" rules and keeps its mode): `<template><template><tr><s><th></template>` LF
///   `<tbody>`, where `</template>` clears the list only up to the `th`'s marker.
/// - `"html in foreign content"`: an HTML element whose parent is an SVG or MathML element
///   that is neither an HTML integration point nor a MathML text integration point. Markup
///   cannot say it: there its start tag makes a foreign element (or, for the tags that break
///   out of foreign content, closes the foreign elements). The parser builds it when an
///   `<svg>` start tag in a MathML `annotation-xml` goes through the "in body" rules (the
///   tree construction dispatcher), which reconstruct the active formatting elements into the
///   `annotation-xml`: `<math><mtext><i><font>x</i></mtext><annotation-xml><svg>`.
/// - `"shadow root not written"`: a `template` with `shadowrootmode` open or closed in a host
///   that has a shadow root already (an earlier declarative one took the host, so this one
///   stayed a template). 13.3 writes no shadow roots by default, so in the markup this
///   template is the host's first declarative shadow root, and it attaches.
/// - `"after frameset"`: an element other than `noframes` after a `frameset` in `html`. The
///   "after after frameset" insertion mode processes whitespace with the "in body" rules,
///   whose "reconstruct the active formatting elements" inserts the formatting elements still
///   in the list (a `<b>` from before the frameset) into `html`; parsed again, those start tags
///   come in "after frameset", which ignores them.
pub fn round_trip_hazard(doc: &Document<'_>) -> Option<&'static str> {
    let quirks = doc.quirks_mode() == QuirksMode::Quirks;
    let mut stack: Vec<(NodeId, Open)> = vec![(doc.root(), Open::default())];
    let mut found: Option<&'static str> = None;
    let mut note = |what: &'static str| {
        // The first reason in this order wins, for stable reports.
        let rank = |w: &str| {
            [
                "carriage return",
                "plaintext",
                "script escape",
                "doctype",
                "misnesting",
                "option in selectedcontent",
                "selectedcontent not its option's copy",
                "template mode",
                "after frameset",
                "html in foreign content",
                "shadow root not written",
            ]
            .iter()
            .position(|x| *x == w)
        };
        if found.is_none_or(|f| rank(what) < rank(f)) {
            found = Some(what);
        }
    };
    while let Some((n, open)) = stack.pop() {
        let mut inner = open;
        match doc.data(n) {
            NodeData::Text(t) | NodeData::Comment(t) => {
                if t.contains('\r') {
                    note("carriage return");
                }
                if let Some(p) = doc.parent(n).and_then(|p| doc.element(p))
                    && is_html(p, "script")
                    && t.contains("<!--")
                {
                    note("script escape");
                }
            }
            NodeData::ProcessingInstruction(pi) => {
                let (target, data) = (pi.target, pi.data);
                if target.contains('\r') || data.contains('\r') {
                    note("carriage return");
                }
            }
            NodeData::Doctype(d) => {
                // 13.3 writes `<!DOCTYPE name>`: no-quirks for `html`, quirks otherwise.
                let written = if d.name == "html" {
                    QuirksMode::NoQuirks
                } else {
                    QuirksMode::Quirks
                };
                if doc.quirks_mode() != written {
                    note("doctype");
                }
            }
            NodeData::Element(e) => {
                if e.attrs().iter().any(|a| a.value.contains('\r')) {
                    note("carriage return");
                }
                if is_html(e, "plaintext") {
                    note("plaintext");
                }
                let misnested = (is_html(e, "a") && open.a)
                    || (is_html(e, "nobr") && open.nobr)
                    || ((in_html(e, &CLOSES_P) || (is_html(e, "table") && !quirks)) && open.p)
                    || (in_html(e, &["li"]) && open.li)
                    || (in_html(e, &["dd", "dt"]) && open.dd_dt)
                    || (in_html(e, &HEADINGS)
                        && doc
                            .parent(n)
                            .and_then(|p| doc.element(p))
                            .is_some_and(|p| in_html(p, &HEADINGS)))
                    || (in_html(e, &["select", "input"]) && open.select)
                    || (in_html(e, &["option", "optgroup", "hr"]) && open.option)
                    || (in_html(e, &["optgroup", "hr"]) && open.select && open.optgroup)
                    || (in_html(e, &["option", "optgroup"])
                        && open.select
                        && doc.parent(n).and_then(|p| doc.element(p)).is_some_and(|p| {
                            in_html(p, &["li", "dd", "dt", "p", "rb", "rp", "rt", "rtc"])
                        }))
                    || (in_html(e, &["rb", "rtc", "rp", "rt"])
                        && open.ruby
                        && doc.parent(n).and_then(|p| doc.element(p)).is_some_and(|p| {
                            in_html(p, &IMPLIED_END_TAGS)
                                && !(in_html(e, &["rp", "rt"]) && is_html(p, "rtc"))
                        }))
                    || (is_html(e, "form") && open.form)
                    || (is_html(e, "button") && open.button);
                if misnested {
                    note("misnesting");
                }
                if is_html(e, "option") && open.selectedcontent {
                    note("option in selectedcontent");
                }
                if is_html(e, "template")
                    && e.attr("shadowrootmode").is_some_and(|m| {
                        m.eq_ignore_ascii_case("open") || m.eq_ignore_ascii_case("closed")
                    })
                    && doc.parent(n).is_some_and(|p| doc.shadow_root(p).is_some())
                {
                    note("shadow root not written");
                }
                if e.ns == Namespace::Html
                    && doc
                        .parent(n)
                        .and_then(|p| doc.element(p))
                        .is_some_and(|p| p.ns != Namespace::Html && !is_integration_point(p))
                {
                    note("html in foreign content");
                }
                if !is_html(e, "noframes")
                    && doc
                        .parent(n)
                        .and_then(|p| doc.element(p))
                        .is_some_and(|p| is_html(p, "html"))
                    && doc
                        .children(doc.parent(n).unwrap_or(n))
                        .take_while(|&c| c != n)
                        .any(|c| doc.element(c).is_some_and(|s| is_html(s, "frameset")))
                {
                    note("after frameset");
                }
                let boundary = is_scope_boundary(e);
                let marker = e.ns == Namespace::Html
                    && matches!(
                        e.name(),
                        "applet" | "marquee" | "object" | "td" | "th" | "caption" | "template"
                    );
                inner.a = !marker && (open.a || is_html(e, "a"));
                inner.nobr = !boundary && (open.nobr || is_html(e, "nobr"));
                inner.p = !(boundary || is_html(e, "button")) && (open.p || is_html(e, "p"));
                let blocks_li = is_special(e) && !in_html(e, &["address", "div", "p"]);
                inner.li = is_html(e, "li") || (open.li && !blocks_li);
                inner.dd_dt = in_html(e, &["dd", "dt"]) || (open.dd_dt && !blocks_li);
                inner.selectedcontent = open.selectedcontent || is_html(e, "selectedcontent");
                inner.select = !boundary && (open.select || is_html(e, "select"));
                inner.ruby = !boundary && (open.ruby || is_html(e, "ruby"));
                inner.option = !boundary && (open.option || is_html(e, "option"));
                inner.optgroup = !boundary && (open.optgroup || is_html(e, "optgroup"));
                inner.button = !boundary && (open.button || is_html(e, "button"));
                inner.form = !is_html(e, "template") && (open.form || is_html(e, "form"));
                if let Some(c) = e.contents {
                    stack.push((c, Open::default()));
                }
            }
            NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {}
        }
        let children: Vec<NodeId> = doc.children(n).collect();
        for &c in children.iter().rev() {
            stack.push((c, inner));
        }
    }
    if selectedcontent_not_its_options_copy(doc) {
        note("selectedcontent not its option's copy");
    }
    if table_part_after_body_element_in_template(doc) {
        note("template mode");
    }
    found
}

/// The `"template mode"` reason of [`round_trip_hazard`].
fn table_part_after_body_element_in_template(doc: &Document<'_>) -> bool {
    const TABLE_PARTS: [&str; 9] = [
        "caption", "colgroup", "col", "tbody", "thead", "tfoot", "tr", "td", "th",
    ];
    const IN_HEAD: [&str; 10] = [
        "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template",
        "title",
    ];
    doc.node_ids()
        .filter_map(|t| doc.template_contents(t))
        .any(|contents| {
            let mut body_element = false;
            for c in doc.children(contents) {
                let Some(e) = doc.element(c) else {
                    continue;
                };
                if in_html(e, &TABLE_PARTS) {
                    if body_element {
                        return true;
                    }
                } else if !in_html(e, &IN_HEAD) {
                    body_element = true;
                }
            }
            false
        })
}

/// The `"selectedcontent not its option's copy"` reason of [`round_trip_hazard`]: a `select`
/// (without `multiple`) whose first `selectedcontent` comes before its selected option (the
/// last option with `selected`, else the first enabled one) in tree order, with children
/// that serialise otherwise than the option's.
fn selectedcontent_not_its_options_copy(doc: &Document<'_>) -> bool {
    let options = simdhtml::serialize::SerializeOptions::default();
    let inner = |n| simdhtml::serialize::serialize_children(doc, n, &options);
    let nearest_select = |n: NodeId| {
        let mut p = doc.parent(n);
        while let Some(a) = p {
            if doc.element(a).is_some_and(|e| is_html(e, "select")) {
                return Some(a);
            }
            p = doc.parent(a);
        }
        None
    };
    for select in doc.descendants(doc.root()) {
        let Some(e) = doc.element(select) else {
            continue;
        };
        if !is_html(e, "select") || e.attr("multiple").is_some() {
            continue;
        }
        let (mut selectedcontent, mut last_selected, mut first_enabled) = (None, None, None);
        for n in doc.descendants(select) {
            let Some(el) = doc.element(n) else {
                continue;
            };
            if is_html(el, "selectedcontent") && selectedcontent.is_none() {
                selectedcontent = Some(n);
            } else if is_html(el, "option") && nearest_select(n) == Some(select) {
                let disabled = el.attr("disabled").is_some()
                    || doc
                        .parent(n)
                        .and_then(|p| doc.element(p))
                        .is_some_and(|p| is_html(p, "optgroup") && p.attr("disabled").is_some());
                if el.attr("selected").is_some() {
                    last_selected = Some((n, selectedcontent.is_some()));
                }
                if first_enabled.is_none() && !disabled {
                    first_enabled = Some((n, selectedcontent.is_some()));
                }
            }
        }
        if let (Some(sc), Some((option, after))) =
            (selectedcontent, last_selected.or(first_enabled))
            && after
            && inner(sc) != inner(option)
        {
            return true;
        }
    }
    false
}
