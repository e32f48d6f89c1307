//! The shared corpus (`corpus/`) and Chromium's results for it (`corpus-chromium/`), read in
//! place, and the rule for where Chromium departs from the standard on a page's encoding.

use std::process::Command;

use simdhtml::input::{Encoding, EncodingSource, InputOptions, extract_meta_charset};
use simdhtml::markup::Namespace;
use simdhtml::{Document, NodeData, NodeId, ParseOptions};

use super::{missing_data, require_data, shared_dir};

/// One row of `corpus-chromium/INDEX.tsv`.
#[derive(Debug, Clone)]
pub struct Page {
    /// The file name in `corpus/`.
    pub file: String,
    /// Chromium's `document.characterSet`.
    pub character_set: String,
    /// Chromium's `document.compatMode` (`BackCompat` is quirks mode).
    pub compat_mode: String,
    /// Whether Chromium's dump has a declarative shadow root (`yes`/`no`).
    pub has_shadow_root: bool,
}

impl Page {
    /// The page's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        let path = shared_dir().join("corpus").join(&self.file);
        std::fs::read(&path).unwrap_or_else(|e| missing_data(&path, e))
    }

    /// Chromium's encoding for the page.
    pub fn chromium_encoding(&self) -> &'static Encoding {
        Encoding::for_label(self.character_set.as_bytes())
            .unwrap_or_else(|| panic!("{}: unknown characterSet {}", self.file, self.character_set))
    }

    /// Chromium's tree (`NAME.dump.gz`, html5lib dump format), read through the `gzip` command.
    pub fn chromium_dump(&self) -> String {
        let path = shared_dir()
            .join("corpus-chromium")
            .join(format!("{}.dump.gz", self.file));
        if !path.exists() {
            missing_data(&path, "no such file");
        }
        let out = Command::new("gzip")
            .arg("-dc")
            .arg(&path)
            .output()
            .unwrap_or_else(|e| panic!("this test needs the gzip command: {e}"));
        assert!(out.status.success(), "gzip -dc {} failed", path.display());
        String::from_utf8(out.stdout).expect("dump is UTF-8")
    }
}

/// Every row of `corpus-chromium/INDEX.tsv`, by column name; `None` (after the `skipped:` line
/// for `test`) when the corpus or Chromium's results are missing and data is not required.
pub fn pages(test: &str) -> Option<Vec<Page>> {
    require_data(test, shared_dir().join("corpus"))?;
    let path = require_data(test, shared_dir().join("corpus-chromium/INDEX.tsv"))?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| missing_data(&path, e));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|&h| h == name)
            .unwrap_or_else(|| panic!("{}: no column {name}", path.display()))
    };
    let (file, charset, compat, shadow) = (
        column("file"),
        column("characterSet"),
        column("compatMode"),
        column("has_shadow_root"),
    );
    let pages: Vec<Page> = lines
        .filter(|line| !line.is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Page {
                file: f[file].to_string(),
                character_set: f[charset].to_string(),
                compat_mode: f[compat].to_string(),
                has_shadow_root: f[shadow] == "yes",
            }
        })
        .collect();
    assert!(pages.len() >= 279, "{}: expected 279 pages", path.display());
    Some(pages)
}

/// Chromium's configuration for the corpus: the pages were served as `text/html` without a
/// charset (no transport charset), the default is windows-1252, nothing is guessed from the
/// content (the corpus README: Chromium guessed no page). Spelled out rather than
/// `ParseOptions::default()`, so the suite's configuration stays whatever the defaults become.
pub fn chromium_options() -> ParseOptions {
    ParseOptions {
        scripting: true,
        collect_errors: false,
        input: InputOptions {
            transport_charset: None,
            default_encoding: Some(encoding_rs::WINDOWS_1252),
            guess: false,
            guess_utf8: false,
        },
        scalar: false,
        max_nodes: None,
        allow_declarative_shadow_roots: Some(true),
        spans: false,
        content_language: None,
    }
}

/// The encoding a `meta` element declares as the "in head" rules read it (13.2.6.4.4): its
/// `charset`, else `http-equiv=Content-Type` + `content`.
fn meta_declaration(doc: &Document<'_>, id: NodeId) -> Option<&'static Encoding> {
    let e = doc.element(id)?;
    if e.ns != Namespace::Html || e.name() != "meta" {
        return None;
    }
    if let Some(declared) = e
        .attr("charset")
        .and_then(|v| Encoding::for_label(v.as_bytes()))
    {
        return Some(declared);
    }
    if e.attr("http-equiv")
        .is_some_and(|v| v.eq_ignore_ascii_case("content-type"))
    {
        return e.attr("content").and_then(extract_meta_charset);
    }
    None
}

/// Chromium's known departure from "changing the encoding while parsing" (13.2.3.4; corpus
/// README "Ignored `<meta>` charset"): it acts on a `<meta>` charset only while it is still in
/// the document's head, and ignores one after body content, where the standard re-parses.
///
/// The rule, derived from the parsed document rather than listed per page: the encoding was
/// changed while parsing ([`EncodingSource::Reparse`]) and the first `meta` element that
/// declares an encoding is inside `body` (the tree builder put it there because body content
/// came before it). Returns a reason naming the element, or `None`.
pub fn chromium_ignores_late_meta(doc: &Document<'_>) -> Option<String> {
    if doc.encoding_source() != Some(EncodingSource::Reparse) {
        return None;
    }
    let meta = doc
        .descendants(doc.root())
        .find(|&id| meta_declaration(doc, id).is_some())?;
    let in_body = std::iter::successors(doc.parent(meta), |&p| doc.parent(p)).any(|p| {
        matches!(doc.data(p), NodeData::Element(e) if e.ns == Namespace::Html && e.name() == "body")
    });
    in_body.then(|| {
        format!(
            "the <meta> declaring {} comes after body content (it is in <body>): the standard \
             changes the encoding and re-parses (13.2.3.4), Chromium ignores a charset <meta> \
             outside the head (corpus-chromium README, \"Ignored <meta> charset\")",
            meta_declaration(doc, meta).map_or("?", |e| e.name())
        )
    })
}
