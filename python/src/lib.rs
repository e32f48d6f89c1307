//! `simdhtml._simdhtml`: the native part of the Python package (PyO3). The Python names are the
//! contract of `python/simdhtml/__init__.pyi`; `python/simdhtml/__init__.py` re-exports them.
//!
//! Every call goes to the `simdhtml` crate (no second parser): `parse` decodes and parses as
//! the `simdhtml` command does (encoding sniffing of the HTML Standard 13.2.3, the command's node
//! budget), text, Markdown, links and metadata come from `simdhtml::extract`, selectors from
//! `simdhtml::select`, archives from `simdhtml::warc` with `batch`'s rules.
//!
//! # Threads and the GIL
//! A parsed document is one owned value ([`Parsed`]: its arena, its input and the tree that
//! borrows both) behind a mutex, so that Python may share it between threads. Parsing, text
//! and Markdown extraction, link and metadata extraction, selector matching and serialising run
//! with the GIL released (`Python::detach`). The mutex is never held while a Python object is
//! made or Python code runs (results are Rust values until it is released), so a thread that
//! holds it never waits for the GIL, and no lock order can deadlock.
// The methods' doc comments are their Python docstrings (`parse(*, encoding=<the HTTP
// charset>, ...)` signatures), not HTML; the crate's documentation is of its private items
// (the native module exports no Rust API), checked with `cargo doc --document-private-items`.
#![allow(rustdoc::invalid_html_tags, rustdoc::private_intra_doc_links)]

mod warc;

use std::sync::{Mutex, MutexGuard, TryLockError};

use encoding_rs::UTF_8;
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyMemoryView, PyString};
use self_cell::self_cell;
use simdhtml::extract::{self, MainContent, MarkdownOptions, TextOptions};
use simdhtml::input::{Encoding, InputOptions};
use simdhtml::select::Selector;
use simdhtml::serialize::{SerializeOptions, serialize_document};
use simdhtml::tree_builder::QuirksMode;
use simdhtml::{Arena, NodeId, NodeRef, ParseOptions, parse_document, parse_document_str};
use url::Url;

create_exception!(
    _simdhtml,
    SelectorError,
    PyValueError,
    "A CSS selector that does not parse; the message says why and where (byte, line, column)."
);
create_exception!(
    _simdhtml,
    WarcError,
    PyValueError,
    "Bytes of a web archive that are not a good record (or a record over `max_bytes`); \
     `.path` and `.offset` say where."
);

/// The input a document borrows its text from: a `bytes` object's own buffer (immutable), so
/// that a page is not copied before it is parsed; a `str`'s UTF-8 (its encoding, made once
/// under the stable ABI); a copy of a `bytearray` or `memoryview` (which may change under the
/// document).
enum Input {
    /// Bytes, decoded as a browser does.
    Bytes(PyBackedBytes),
    /// Text, parsed as it is.
    Text(PyBackedStr),
}

/// What a parsed tree borrows: the arena its nodes' strings live in and its input.
struct Owner {
    arena: Arena,
    input: Input,
}

type Tree<'a> = simdhtml::Document<'a>;

self_cell!(
    /// A parsed document with what it borrows, as one value.
    struct Parsed {
        owner: Owner,
        #[covariant]
        dependent: Tree,
    }
);

/// The parse options of the `simdhtml` command for a page of `len` bytes: `scripting`, the
/// transport charset `encoding`, and the command's node budget (the larger of 1,000,000 nodes
/// and one per input byte; `simdhtml::page_node_budget`).
fn page_options(
    encoding: Option<&'static Encoding>,
    guess_utf8: bool,
    scripting: bool,
    len: usize,
) -> ParseOptions {
    ParseOptions {
        scripting,
        max_nodes: Some(simdhtml::page_node_budget(len)),
        input: InputOptions {
            transport_charset: encoding,
            guess_utf8,
            ..InputOptions::default()
        },
        ..ParseOptions::default()
    }
}

/// The transport charset an `encoding` label names (`None` without one), by the library's
/// check ([`simdhtml::input::transport_charset`]); `ValueError` for an unknown label.
fn transport_charset(label: Option<&str>) -> PyResult<Option<&'static Encoding>> {
    label
        .map(|l| {
            simdhtml::input::transport_charset(l).map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .transpose()
}

/// Parses `base_url` (an absolute URL).
fn parse_base(base_url: Option<&str>) -> PyResult<Option<Url>> {
    base_url
        .map(|b| {
            Url::parse(b).map_err(|e| PyValueError::new_err(format!("invalid base_url {b:?}: {e}")))
        })
        .transpose()
}

/// Parses `input` (GIL released) into a [`Document`].
fn parse_input(
    py: Python<'_>,
    input: Input,
    encoding: Option<&'static Encoding>,
    guess_utf8: bool,
    base: Option<Url>,
    scripting: bool,
    content_language: Option<String>,
) -> PyResult<Document> {
    let len = match &input {
        Input::Bytes(b) => b.len(),
        Input::Text(s) => s.len(),
    };
    let options = ParseOptions {
        content_language,
        ..page_options(encoding, guess_utf8, scripting, len)
    };
    let reparse = match &input {
        Input::Bytes(_) => options.clone(),
        Input::Text(_) => ParseOptions {
            content_language: options.content_language.clone(),
            ..page_options(Some(UTF_8), guess_utf8, scripting, len)
        },
    };
    let owner = Owner {
        arena: Arena::new(),
        input,
    };
    let parsed = py.detach(move || {
        Parsed::new(owner, |o| match &o.input {
            Input::Bytes(b) => {
                let Ok(doc) = parse_document(&o.arena, b, &options);
                doc
            }
            Input::Text(s) => parse_document_str(&o.arena, s, &options),
        })
    });
    Ok(Document {
        parsed: Mutex::new(parsed),
        options: reparse,
        base,
    })
}

/// parse(data, *, encoding=None, base_url=None, scripting=True, guess_utf8=True, content_language=None)
/// --
///
/// Parses an HTML document as a browser does (HTML Standard 13.2). `data` is the page itself,
/// not a path: read the file first (`open(path, "rb").read()`).
///
/// `data` as `bytes` (or `bytearray`, `memoryview`) is decoded with the encoding sniffing
/// algorithm (13.2.3.2): a byte order mark, then `encoding` as the transport layer's charset
/// (an HTTP `Content-Type` charset: any label of the WHATWG Encoding Standard), then a
/// `<meta charset>` in the first 1,024 bytes, then (with `guess_utf8`) UTF-8 when the bytes are
/// valid UTF-8 throughout and not all ASCII, then a guess from the first 16 KiB, then
/// windows-1252; exactly as the `simdhtml` command reads a file given `--encoding`. With
/// `guess_utf8` (the default) an undeclared page is read in the author's encoding and the guess
/// may say UTF-8, as browsers read local files and as the command reads files and archive
/// records; `guess_utf8=False` reads the bytes as a page from the network, where browsers never
/// read UTF-8 by a guess (the command's `--no-guess-utf8`). A `str` is parsed as it is (`encoding` is
/// checked, then not used). `base_url` (absolute) is what relative links
/// and metadata URLs are resolved against (a `<base href>` in the page is resolved against
/// it and then wins), as `batch --base` does. `scripting` is the scripting flag (with it,
/// `<noscript>` content is raw text, as in a browser). `content_language` is the transport
/// layer's `Content-Language` (an HTTP header's value, as given: `"de-CH"`): the language
/// `:lang()` in `select` gives an element with no `lang`/`xml:lang` on it or an ancestor, in
/// a page with no `<meta http-equiv=content-language>` (HTML 3.2.6.2); a value naming several
/// languages (`"de, fr"`) leaves the language unknown, as the spec says.
///
/// The parse stops at the command's node budget (the larger of 1,000,000 nodes and one per
/// input byte); `Document.truncated` says when it did. The GIL is released while parsing.
///
/// Raises `ValueError` for an unknown encoding label or a base URL that does not parse,
/// `UnicodeEncodeError` for a `str` with lone surrogates, `TypeError` for other types.
#[pyfunction]
#[pyo3(signature = (data, *, encoding = None, base_url = None, scripting = true, guess_utf8 = true, content_language = None))]
fn parse(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    encoding: Option<String>,
    base_url: Option<&str>,
    scripting: bool,
    guess_utf8: bool,
    content_language: Option<String>,
) -> PyResult<Document> {
    let encoding = transport_charset(encoding.as_deref())?;
    let base = parse_base(base_url)?;
    let input = if let Ok(s) = data.cast::<PyString>() {
        Input::Text(PyBackedStr::try_from(s.clone())?)
    } else if let Ok(b) = data.cast::<PyBytes>() {
        Input::Bytes(PyBackedBytes::from(b.clone()))
    } else if let Ok(b) = data.cast::<PyByteArray>() {
        Input::Bytes(PyBackedBytes::from(b.clone()))
    } else if let Ok(m) = data.cast::<PyMemoryView>() {
        // The limited API has no buffer protocol before 3.11: copy through `tobytes()`.
        let b = m.call_method0("tobytes")?;
        Input::Bytes(PyBackedBytes::from(b.cast_into::<PyBytes>()?))
    } else {
        return Err(PyTypeError::new_err(format!(
            "parse() takes bytes, bytearray, memoryview or str, not {}",
            data.get_type().name()?
        )));
    };
    parse_input(
        py,
        input,
        encoding,
        guess_utf8,
        base,
        scripting,
        content_language,
    )
}

/// language(text)
/// --
///
/// The language `text` is written in, detected from the text (its first 4,096 bytes):
/// `(code, score)` with the ISO 639-1 code (`"en"`, `"zh"`, `"ar"`, ...; 70 languages) and how
/// sure the detection is, in 0..1 (low for a few words); `None` when the text has no letters
/// to tell by. The GIL is released while detecting.
#[pyfunction]
fn language(py: Python<'_>, text: &str) -> Option<(&'static str, f64)> {
    py.detach(|| extract::language(text).map(|l| (l.code, l.score)))
}

/// A parsed HTML document: the tree a browser builds for the page, with its text, links,
/// metadata and selectors. Made by `simdhtml.parse` (or `WarcRecord.parse`); immutable;
/// safe to share between threads.
#[pyclass(frozen, module = "simdhtml")]
pub struct Document {
    parsed: Mutex<Parsed>,
    /// The options the input was parsed with (for text input, as UTF-8 bytes), for the parse
    /// with scripting off that `extract::with_main_content` may need.
    options: ParseOptions,
    /// `base_url`, parsed.
    base: Option<Url>,
}

impl Document {
    /// Runs `f` on the tree: at once when the tree is free, else (another thread is using it)
    /// with the GIL released while waiting.
    fn with<R: Send>(&self, py: Python<'_>, f: impl FnOnce(&Tree<'_>) -> R + Send) -> R {
        match self.parsed.try_lock() {
            Ok(g) => f(g.borrow_dependent()),
            Err(TryLockError::Poisoned(p)) => f(p.into_inner().borrow_dependent()),
            Err(TryLockError::WouldBlock) => py.detach(|| f(self.lock().borrow_dependent())),
        }
    }

    /// Runs `f` on the tree with the GIL released (for work that reads much of the tree).
    fn detached<R: Send>(&self, py: Python<'_>, f: impl FnOnce(&Tree<'_>) -> R + Send) -> R {
        py.detach(|| f(self.lock().borrow_dependent()))
    }

    /// Runs `f` on the page's main content (`extract::with_main_content`: the tree, or the
    /// input parsed again with scripting off when the page keeps its content in `noscript`),
    /// with the GIL released.
    fn main_content<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&Tree<'_>, &MainContent) -> R + Send,
    ) -> R {
        py.detach(|| {
            let parsed = self.lock();
            let input = match &parsed.borrow_owner().input {
                Input::Bytes(b) => &b[..],
                Input::Text(t) => t.as_bytes(),
            };
            extract::with_main_content(parsed.borrow_dependent(), input, &self.options, f)
        })
    }

    fn lock(&self) -> MutexGuard<'_, Parsed> {
        self.parsed.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The page's text as `simdhtml text` writes it.
fn text_of(doc: &Tree<'_>) -> String {
    extract::visible_text_with(doc, doc.root(), &TextOptions::new(doc.scripting()))
}

/// The Markdown of the page as `simdhtml text --markdown [--main]` writes it.
fn markdown_of(doc: &Tree<'_>) -> String {
    extract::markdown(doc, doc.root(), &MarkdownOptions::new(doc.scripting()))
}

/// Parses a selector as `simdhtml select` does.
fn selector(css: &str) -> PyResult<Selector> {
    Selector::parse(css)
        .map_err(|e| SelectorError::new_err(format!("invalid selector {css:?}: {e}")))
}

/// The elements of `ids` as Python objects of `doc`.
fn elements<'py>(doc: &Bound<'py, Document>, ids: Vec<NodeId>) -> PyResult<Bound<'py, PyList>> {
    let py = doc.py();
    let list = PyList::empty(py);
    for id in ids {
        list.append(Element {
            doc: doc.clone().unbind(),
            id,
        })?;
    }
    Ok(list)
}

#[pymethods]
impl Document {
    /// The encoding the bytes were decoded with, by its WHATWG name (`"UTF-8"`,
    /// `"windows-1252"`, `"Shift_JIS"`); `"UTF-8"` for a `str`. As `batch`'s `encoding`.
    #[getter]
    fn encoding(&self, py: Python<'_>) -> &'static str {
        self.with(py, |d| d.encoding().name())
    }

    /// `document.title`: the first `<title>`'s text with ASCII white space stripped and
    /// collapsed (SVG's `<title>` in an SVG document), or `None` without one.
    #[getter]
    fn title(&self, py: Python<'_>) -> Option<String> {
        self.with(py, extract::title)
    }

    /// The `lang` attribute of the `<html>` element (trimmed), or `None`.
    #[getter]
    fn lang(&self, py: Python<'_>) -> Option<String> {
        self.with(py, extract::lang)
    }

    /// The document's mode (13.2.6.4.1): `"no-quirks"`, `"quirks"` or `"limited-quirks"`.
    #[getter]
    fn quirks_mode(&self, py: Python<'_>) -> &'static str {
        self.with(py, |d| match d.quirks_mode() {
            QuirksMode::NoQuirks => "no-quirks",
            QuirksMode::Quirks => "quirks",
            QuirksMode::LimitedQuirks => "limited-quirks",
        })
    }

    /// Whether the parse stopped at its node budget (the tree covers the page up to there).
    #[getter]
    fn truncated(&self, py: Python<'_>) -> bool {
        self.with(py, |d| d.truncated())
    }

    /// The document element (`<html>`), or `None` (a document always has one when parsed).
    #[getter]
    fn root(slf: &Bound<'_, Self>) -> Option<Element> {
        let id = slf
            .get()
            .with(slf.py(), |d| d.html().map(NodeRef::node_id))?;
        Some(Element {
            doc: slf.clone().unbind(),
            id,
        })
    }

    /// text(main_content=False)
    /// --
    ///
    /// The text a reader sees, one block per line (white space collapsed as rendered, hidden
    /// elements left out): exactly what `simdhtml text` prints for the page. With
    /// `main_content=True`, only the main content (the article body: no navigation, headers,
    /// footers, sidebars, comments), as `simdhtml text --main` prints it.
    #[pyo3(signature = (main_content = false))]
    fn text(&self, py: Python<'_>, main_content: bool) -> String {
        if main_content {
            self.main_content(py, |d, c| c.text_with(d, &TextOptions::new(d.scripting())))
        } else {
            self.detached(py, text_of)
        }
    }

    /// markdown(main_content=False)
    /// --
    ///
    /// The page as Markdown (CommonMark with GFM tables), exactly as `simdhtml text --markdown`
    /// prints it; with `main_content=True`, the main content only (`--markdown --main`). Link
    /// and image URLs are written as the page wrote them (`links()` resolves them).
    #[pyo3(signature = (main_content = false))]
    fn markdown(&self, py: Python<'_>, main_content: bool) -> String {
        if main_content {
            self.main_content(py, |d, c| {
                c.markdown(d, &MarkdownOptions::new(d.scripting()))
            })
        } else {
            self.detached(py, markdown_of)
        }
    }

    /// The kind of page, as `batch`'s `page_type` field: `"article"`, `"forum"`,
    /// `"product"`, `"collection"`, `"listing"`, `"documentation"`, `"service"` or `"other"`
    /// (a linear model of what the page says of itself in schema.org data, `og:type` and its
    /// URL, and of the shape of its main content; `docs/extraction.md`, "The page type").
    #[getter]
    fn page_type(&self, py: Python<'_>) -> &'static str {
        self.main_content(py, |d, c| c.page_type(d).as_str())
    }

    /// language()
    /// --
    ///
    /// The language of the page's main content (`text(main_content=True)`), detected from
    /// the text itself: `(code, score)` with the ISO 639-1 code (`"en"`, `"zh"`, ...) and how
    /// sure the detection is, in 0..1; `None` when the text has no letters to tell by. Exactly
    /// `batch`'s `language` and `language_score` fields. `lang` is what the page declares
    /// instead.
    fn language(&self, py: Python<'_>) -> Option<(&'static str, f64)> {
        self.main_content(py, |d, c| {
            let text = c.text_with(d, &TextOptions::new(d.scripting()));
            extract::language(&text).map(|l| (l.code, l.score))
        })
    }

    /// links()
    /// --
    ///
    /// The page's links in document order (`a[href]`, `area[href]`, `img[src]`, `link[href]`,
    /// ... but not `javascript:`), resolved against the page's `<base href>` and `base_url`:
    /// exactly `batch`'s `links` field. Without either, relative links stay as written.
    fn links(&self, py: Python<'_>) -> Vec<String> {
        let base = self.base.as_ref();
        self.detached(py, |d| {
            extract::links(d, base)
                .iter()
                .map(|l| l.as_str().to_owned())
                .collect()
        })
    }

    /// The page's metadata, exactly `batch`'s `meta` field: a dict with `description`,
    /// `canonical`, `robots` (`noindex`, `nofollow`, `directives`), `og` (`title`,
    /// `description`, `image`, `type`), `twitter` (`title`, `description`, `image`, `card`),
    /// `published`, `modified`, `author`, `lang`, `refresh` (`delay`, `url`, or `None`);
    /// `None` where the page says nothing. URLs are resolved as `links()` resolves them.
    #[getter]
    fn meta<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let base = self.base.as_ref();
        let m = self.detached(py, |d| extract::meta_resolved(d, base));
        // The layout is `Meta`'s `serde::Serialize` (the library's `serde` feature), the one
        // `batch` writes as JSON.
        Ok(pythonize::pythonize(py, &m)?)
    }

    /// select(css)
    /// --
    ///
    /// The elements that match the CSS selector list `css`, in document order
    /// (`querySelectorAll`). Raises `SelectorError` when it does not parse.
    fn select<'py>(slf: &Bound<'py, Self>, css: &str) -> PyResult<Bound<'py, PyList>> {
        let sel = selector(css)?;
        let ids = slf.get().detached(slf.py(), |d| {
            d.select(&sel).map(NodeRef::node_id).collect::<Vec<_>>()
        });
        elements(slf, ids)
    }

    /// select_one(css)
    /// --
    ///
    /// The first element that matches `css` (`querySelector`), or `None`.
    fn select_one(slf: &Bound<'_, Self>, css: &str) -> PyResult<Option<Element>> {
        let sel = selector(css)?;
        let id = slf
            .get()
            .detached(slf.py(), |d| d.select_first(&sel).map(NodeRef::node_id));
        Ok(id.map(|id| Element {
            doc: slf.clone().unbind(),
            id,
        }))
    }

    /// html()
    /// --
    ///
    /// The document serialised (HTML Standard 13.3, with the doctype): what `simdhtml html`
    /// prints, without its final newline.
    fn html(&self, py: Python<'_>) -> String {
        self.detached(py, |d| {
            let options = SerializeOptions {
                scripting: d.scripting(),
                ..SerializeOptions::default()
            };
            serialize_document(d, &options)
        })
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let (encoding, nodes) = self.with(py, |d| (d.encoding().name(), d.len()));
        format!("<simdhtml.Document encoding={encoding} nodes={nodes}>")
    }
}

/// An element of a `Document` (it keeps its document alive). Elements are equal when they
/// are the same node of the same document.
#[pyclass(frozen, module = "simdhtml")]
pub struct Element {
    doc: Py<Document>,
    id: NodeId,
}

impl Element {
    fn with<R: Send>(&self, py: Python<'_>, f: impl FnOnce(NodeRef<'_, '_>) -> R + Send) -> R {
        let id = self.id;
        self.doc.get().with(py, move |d| f(d.get(id)))
    }

    fn detached<R: Send>(&self, py: Python<'_>, f: impl FnOnce(NodeRef<'_, '_>) -> R + Send) -> R {
        let id = self.id;
        self.doc.get().detached(py, move |d| f(d.get(id)))
    }

    fn element(&self, py: Python<'_>, id: Option<NodeId>) -> Option<Element> {
        id.map(|id| Element {
            doc: self.doc.clone_ref(py),
            id,
        })
    }
}

#[pymethods]
impl Element {
    /// The local name: lower case for HTML (`"div"`), as adjusted for SVG and MathML
    /// (`"foreignObject"`).
    #[getter]
    fn tag(&self, py: Python<'_>) -> String {
        self.with(py, |n| n.name().unwrap_or_default().to_owned())
    }

    /// The attributes in the order the parser added them, name to value; a foreign attribute
    /// by its qualified name (`"xlink:href"`). A new dict at each call.
    #[getter]
    fn attrs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pairs = self.with(py, |n| {
            n.attrs()
                .iter()
                .map(|a| {
                    let name = match a.prefix() {
                        Some(prefix) => format!("{prefix}:{}", a.name),
                        None => a.name.to_owned(),
                    };
                    (name, a.value.to_owned())
                })
                .collect::<Vec<_>>()
        });
        let d = PyDict::new(py);
        for (k, v) in pairs {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// get(name, default=None)
    /// --
    ///
    /// The value of the first attribute whose qualified name is `name` (DOM `getAttribute`:
    /// `"href"`, `"xlink:href"`, `"xmlns"`; ASCII-lower-cased first on an HTML element, as the
    /// parser lower-cases attribute names), or `default`: the keys of `attrs`.
    #[pyo3(signature = (name, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        default: Option<Bound<'py, PyAny>>,
    ) -> Bound<'py, PyAny> {
        let value = self.with(py, |n| {
            let html = n.namespace() == Some(simdhtml::tree_builder::Namespace::Html);
            let name = if html {
                std::borrow::Cow::Owned(name.to_ascii_lowercase())
            } else {
                std::borrow::Cow::Borrowed(name)
            };
            n.attrs()
                .iter()
                .find(|a| match a.prefix() {
                    Some(prefix) => {
                        name.strip_prefix(prefix).and_then(|r| r.strip_prefix(':')) == Some(a.name)
                    }
                    None => a.name == name,
                })
                .map(|a| a.value.to_owned())
        });
        match value {
            Some(v) => PyString::new(py, &v).into_any(),
            None => default.unwrap_or_else(|| py.None().into_bound(py)),
        }
    }

    /// text()
    /// --
    ///
    /// The element's text as `simdhtml text` writes it (blocks one per line, white space
    /// collapsed, hidden descendants left out; the element itself always counts as shown).
    fn text(&self, py: Python<'_>) -> String {
        self.detached(py, |n| n.text())
    }

    /// html()
    /// --
    ///
    /// The element serialised with itself (`outerHTML`, HTML Standard 13.3).
    fn html(&self, py: Python<'_>) -> String {
        self.detached(py, |n| n.outer_html())
    }

    /// inner_html()
    /// --
    ///
    /// The element's children serialised (`innerHTML`; a template's contents for
    /// `<template>`).
    fn inner_html(&self, py: Python<'_>) -> String {
        self.detached(py, |n| n.inner_html())
    }

    /// The parent element, or `None` for the document element (and for an element in a
    /// template's contents or a shadow root, at its top).
    #[getter]
    fn parent(&self, py: Python<'_>) -> Option<Element> {
        let id = self.with(py, |n| n.parent_element().map(NodeRef::node_id));
        self.element(py, id)
    }

    /// The child elements, in order (text and comments left out).
    #[getter]
    fn children<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let ids = self.with(py, |n| n.element_children().map(NodeRef::node_id).collect());
        elements(self.doc.bind(py), ids)
    }

    /// select(css)
    /// --
    ///
    /// The descendants of this element that match `css`, in document order
    /// (`Element.querySelectorAll`). Raises `SelectorError` when it does not parse.
    fn select<'py>(&self, py: Python<'py>, css: &str) -> PyResult<Bound<'py, PyList>> {
        let sel = selector(css)?;
        let ids = self.detached(py, |n| n.select(&sel).map(NodeRef::node_id).collect());
        elements(self.doc.bind(py), ids)
    }

    /// select_one(css)
    /// --
    ///
    /// The first descendant that matches `css`, or `None`.
    fn select_one(&self, py: Python<'_>, css: &str) -> PyResult<Option<Element>> {
        let sel = selector(css)?;
        let id = self.detached(py, |n| n.select_first(&sel).map(NodeRef::node_id));
        Ok(self.element(py, id))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Element>()
            .is_ok_and(|o| o.get().id == self.id && o.get().doc.is(&self.doc))
    }

    fn __hash__(&self) -> u64 {
        let doc = self.doc.as_ptr() as usize as u64;
        doc.rotate_left(32) ^ self.id.index() as u64
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let (name, id, class) = self.with(py, |n| {
            (
                n.name().unwrap_or_default().to_owned(),
                n.id().map(str::to_owned),
                n.attr("class").map(str::to_owned),
            )
        });
        let mut s = format!("<simdhtml.Element {name}");
        if let Some(id) = id {
            s.push_str(&format!(" id={id:?}"));
        }
        if let Some(class) = class {
            s.push_str(&format!(" class={class:?}"));
        }
        s.push('>');
        s
    }
}

/// The native module.
#[pymodule]
fn _simdhtml(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(language, m)?)?;
    m.add_class::<Document>()?;
    m.add_class::<Element>()?;
    m.add_class::<warc::WarcRecord>()?;
    m.add_class::<warc::WarcIterator>()?;
    m.add_function(wrap_pyfunction!(warc::iter_warc, m)?)?;
    m.add("SelectorError", py.get_type::<SelectorError>())?;
    m.add("WarcError", py.get_type::<WarcError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
