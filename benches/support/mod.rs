//! Shared by `benches/tokenizer.rs`, `benches/select.rs` and the corpus tools of `xtask/`
//! (`tokenize_corpus`, `parse_corpus`, `peak_heap`): loading the corpora (decoded once with our input layer, so every contender gets the same text) and the
//! tokenizer drivers that do the same minimal work per token.
//!
//! Without a tree builder, the drivers imitate its raw-text switching (13.2.6.2, scripting
//! off): after a start tag `script` → script data, `style`/`xmp`/`iframe`/`noembed`/`noframes`
//! → RAWTEXT, `title`/`textarea` → RCDATA, `plaintext` → PLAINTEXT. The html5ever sink does the
//! same through `TokenSinkResult::RawData`/`Plaintext`.

#![allow(dead_code)] // each including target uses a different part

use std::cell::Cell;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use bumpalo::Bump;
use simdhtml::input::{InputOptions, decode};
use simdhtml::tokenizer::{State, Token, Tokenizer, TokenizerOptions};

/// One decoded page.
pub struct Page {
    /// File name in its corpus folder.
    pub name: String,
    /// The decoded text (the input layer's output, owned).
    pub text: String,
    /// The file's bytes as read (for the measurements that include sniffing and decoding).
    pub bytes: Vec<u8>,
}

/// The repository's root: the package's folder (the benches) or the one above it (the xtask's
/// tools), the first with the workspace's `Cargo.lock`.
pub fn repository_root() -> PathBuf {
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    package
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(package)
        .to_path_buf()
}

/// `$SIMDHTML_SHARED`, default `../shared` beside the repository.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("SIMDHTML_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => repository_root().join("../shared"),
    }
}

/// The shared corpus: the pages listed in `$SIMDHTML_SHARED/corpus/MANIFEST.tsv` (279 real
/// pages). Panics if it is missing.
pub fn shared_corpus() -> Vec<Page> {
    let dir = shared_dir().join("corpus");
    let manifest = dir.join("MANIFEST.tsv");
    let listing = std::fs::read_to_string(&manifest).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}. The shared corpus (real pages listed in MANIFEST.tsv) is the \
             project's shared/corpus folder; set SIMDHTML_SHARED to the shared/ folder that \
             holds it (default: ../shared beside the repository)",
            manifest.display()
        )
    });
    let paths: Vec<PathBuf> = listing
        .lines()
        .skip(1)
        .filter_map(|line| line.split('\t').next())
        .filter(|name| !name.is_empty())
        .map(|name| dir.join(name))
        .collect();
    assert!(!paths.is_empty(), "{} lists no page", manifest.display());
    load(&paths)
}

/// The repository's own `corpus/`: the hand-written pages and `corpus/generated/` (written by
/// `xtask/src/bin/gen_corpus.rs`). Panics if it is missing.
pub fn repo_corpus() -> Vec<Page> {
    let dir = repository_root().join("corpus");
    let mut pages = load_dir(&dir);
    pages.extend(load_dir(&dir.join("generated")));
    assert!(!pages.is_empty(), "no .html pages in {}", dir.display());
    pages
}

/// Every `*.html` / `*.htm` file of `dir`, sorted by name, decoded (see [`load`]).
pub fn load_dir(dir: &Path) -> Vec<Page> {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "html" || x == "htm"))
        .collect();
    paths.sort();
    load(&paths)
}

/// Reads and decodes each file with [`simdhtml::input::decode`] (default options: BOM,
/// `<meta>` prescan, else windows-1252, as a browser without a transport charset).
pub fn load(paths: &[PathBuf]) -> Vec<Page> {
    let arena = Bump::new();
    paths
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let text = decode(&arena, &bytes, &InputOptions::default())
                .text
                .to_owned();
            Page {
                name: path.file_name().unwrap().to_string_lossy().into_owned(),
                text,
                bytes,
            }
        })
        .collect()
}

/// Total bytes of the pages' decoded (UTF-8) text: the throughput unit.
pub fn total_bytes(pages: &[Page]) -> u64 {
    pages.iter().map(|p| p.text.len() as u64).sum()
}

/// The tokenizer state the tree builder would switch to after this start tag (scripting off).
#[inline]
fn raw_text_state(name: &str) -> Option<State> {
    match name {
        "script" => Some(State::ScriptData),
        "style" | "xmp" | "iframe" | "noembed" | "noframes" => Some(State::Rawtext),
        "title" | "textarea" => Some(State::Rcdata),
        "plaintext" => Some(State::Plaintext),
        _ => None,
    }
}

/// Token counts of one run (to check the drivers see comparable streams).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Start and end tags.
    pub tags: u64,
    /// Character tokens (runs for simdhtml and html5ever's `CharacterTokens`).
    pub text_runs: u64,
    /// Bytes in character tokens.
    pub text_bytes: u64,
    /// Everything else (comments, doctypes, processing instructions, NULs).
    pub other: u64,
}

/// Tokenizes `text` with simdhtml, touching every token. The arena is reset afterwards.
#[inline(never)]
pub fn simdhtml_tokenize(arena: &mut Bump, text: &str) -> Counts {
    simdhtml_tokenize_with(arena, text, false)
}

/// [`simdhtml_tokenize`] with the scalar twin of the scanning layer when `scalar`.
#[inline(never)]
pub fn simdhtml_tokenize_with(arena: &mut Bump, text: &str, scalar: bool) -> Counts {
    let mut counts = Counts::default();
    {
        let options = TokenizerOptions {
            scalar,
            ..TokenizerOptions::default()
        };
        let mut tok = Tokenizer::new(arena, text, options);
        loop {
            let token = tok.next_token();
            match black_box(token) {
                Token::StartTag(tag) => {
                    counts.tags += 1;
                    if let Some(state) = raw_text_state(tag.name) {
                        tok.set_state(state);
                    }
                }
                Token::EndTag(_) => counts.tags += 1,
                Token::Characters(s) => {
                    counts.text_runs += 1;
                    counts.text_bytes += s.len() as u64;
                }
                Token::Eof => break,
                _ => counts.other += 1,
            }
        }
    }
    arena.reset();
    counts
}

/// An html5ever sink doing the same work as [`simdhtml_tokenize`]'s loop.
struct Html5everSink {
    counts: Cell<Counts>,
}

impl html5ever::tokenizer::TokenSink for Html5everSink {
    type Handle = ();

    fn process_token(
        &self,
        token: html5ever::tokenizer::Token,
        _line_number: u64,
    ) -> html5ever::tokenizer::TokenSinkResult<()> {
        use html5ever::tokenizer::states::RawKind;
        use html5ever::tokenizer::{TagKind, Token as T, TokenSinkResult as R};
        let mut counts = self.counts.get();
        let mut result = R::Continue;
        match black_box(token) {
            T::TagToken(tag) => {
                counts.tags += 1;
                if tag.kind == TagKind::StartTag {
                    result = match raw_text_state(&tag.name) {
                        Some(State::ScriptData) => R::RawData(RawKind::ScriptData),
                        Some(State::Rawtext) => R::RawData(RawKind::Rawtext),
                        Some(State::Rcdata) => R::RawData(RawKind::Rcdata),
                        Some(State::Plaintext) => R::Plaintext,
                        _ => R::Continue,
                    };
                }
            }
            T::CharacterTokens(s) => {
                counts.text_runs += 1;
                counts.text_bytes += s.len() as u64;
            }
            T::ParseError(_) | T::EOFToken => {}
            _ => counts.other += 1,
        }
        self.counts.set(counts);
        result
    }
}

/// Tokenizes `text` with html5ever's tokenizer (one `feed` of the whole text, then `end`).
#[inline(never)]
pub fn html5ever_tokenize(text: &str) -> Counts {
    use html5ever::tendril::StrTendril;
    use html5ever::tokenizer::{BufferQueue, Tokenizer as H5Tokenizer, TokenizerOpts};
    let sink = Html5everSink {
        counts: Cell::new(Counts::default()),
    };
    let tok = H5Tokenizer::new(sink, TokenizerOpts::default());
    let queue = BufferQueue::default();
    queue.push_back(StrTendril::from_slice(text));
    let _ = tok.feed(&queue);
    tok.end();
    tok.sink.counts.get()
}

/// Runs `text`'s UTF-8 bytes through a lol_html `HtmlRewriter` with no handlers; returns the
/// number of output bytes.
#[inline(never)]
pub fn lol_html_rewrite(text: &str) -> u64 {
    let mut out = 0u64;
    let mut rewriter = lol_html::HtmlRewriter::new(lol_html::Settings::new(), |chunk: &[u8]| {
        out += black_box(chunk).len() as u64;
    });
    rewriter.write(text.as_bytes()).expect("lol_html write");
    rewriter.end().expect("lol_html end");
    out
}

/// The `text-heavy` group: the quarter of `pages` (rounded up) with the largest
/// [`text_share`], most text-heavy first.
pub fn text_heavy(pages: &[Page]) -> Vec<Page> {
    let mut by_share: Vec<(f64, &Page)> = pages.iter().map(|p| (text_share(&p.text), p)).collect();
    by_share.sort_by(|a, b| b.0.total_cmp(&a.0));
    by_share[..pages.len().div_ceil(4)]
        .iter()
        .map(|(_, p)| Page {
            name: p.name.clone(),
            text: p.text.clone(),
            bytes: p.bytes.clone(),
        })
        .collect()
}

/// The share of a page's bytes that simdhtml's tokenizer emits as character tokens outside
/// raw-text elements (script, style, ...): the "text-heavy" measure.
pub fn text_share(text: &str) -> f64 {
    if text.is_empty() {
        return 0.0;
    }
    let arena = Bump::new();
    let mut tok = Tokenizer::new(&arena, text, TokenizerOptions::default());
    let mut in_raw = false;
    let mut text_bytes = 0usize;
    loop {
        match tok.next_token() {
            Token::StartTag(tag) => {
                in_raw = false;
                if let Some(state) = raw_text_state(tag.name) {
                    tok.set_state(state);
                    in_raw = true;
                }
            }
            Token::Characters(s) if !in_raw => text_bytes += s.len(),
            Token::Eof => break,
            Token::Characters(_) => {}
            _ => in_raw = false,
        }
    }
    text_bytes as f64 / text.len() as f64
}

/// Parses `text` into simdhtml's arena DOM (tokenizer, tree builder, tree; default options:
/// scripting on, no error collection); returns the node count. The arena is reset afterwards.
#[inline(never)]
pub fn simdhtml_tree(arena: &mut Bump, text: &str) -> usize {
    let nodes = {
        let doc = simdhtml::parse_document_str(arena, text, &simdhtml::ParseOptions::default());
        black_box(&doc);
        doc.len()
    };
    arena.reset();
    nodes
}

/// Parses `text` into simdhtml's arena DOM in a fresh arena, dropped afterwards (the cost of a
/// page parsed on its own, allocation included); returns the node count.
#[inline(never)]
pub fn simdhtml_dom(text: &str) -> usize {
    let arena = Bump::new();
    let doc = simdhtml::parse_document_str(&arena, text, &simdhtml::ParseOptions::default());
    black_box(&doc);
    doc.len()
}

/// Parses a page's `bytes` with `parse_document` and `options` (sniffing, decoding, the parse)
/// in a fresh arena, dropped afterwards; returns the node count.
#[inline(never)]
pub fn simdhtml_dom_bytes(bytes: &[u8], options: &simdhtml::ParseOptions) -> usize {
    let arena = Bump::new();
    let Ok(doc) = simdhtml::parse_document(&arena, bytes, options);
    black_box(&doc);
    doc.len()
}

/// The [`simdhtml::ParseOptions`] of a page served with the transport charset UTF-8.
pub fn utf8_transport() -> simdhtml::ParseOptions {
    simdhtml::ParseOptions {
        input: InputOptions {
            transport_charset: Some(encoding_rs::UTF_8),
            ..InputOptions::default()
        },
        ..simdhtml::ParseOptions::default()
    }
}

/// Parses `text` with `tl` (default options: no id or class index), a parser that does not
/// follow the standard's tree construction; returns its node count.
#[inline(never)]
pub fn tl_parse(text: &str) -> usize {
    let dom = tl::parse(text, tl::ParserOptions::default()).expect("tl parses any text");
    black_box(&dom);
    dom.nodes().len()
}

/// The `smallest` pages of `pages` by decoded size, smallest first.
pub fn smallest(pages: &[Page], count: usize) -> Vec<Page> {
    let mut by_size: Vec<&Page> = pages.iter().collect();
    by_size.sort_by_key(|p| p.text.len());
    by_size[..count.min(pages.len())]
        .iter()
        .map(|p| Page {
            name: p.name.clone(),
            text: p.text.clone(),
            bytes: p.bytes.clone(),
        })
        .collect()
}

/// Parses `text` with html5ever's tree builder into a `markup5ever_rcdom::RcDom` (default
/// options: scripting on); returns the number of children of the document node.
#[inline(never)]
pub fn html5ever_rcdom(text: &str) -> usize {
    use html5ever::tendril::TendrilSink;
    let dom = html5ever::parse_document(markup5ever_rcdom::RcDom::default(), Default::default())
        .one(text);
    black_box(&dom);
    dom.document.children.borrow().len()
}
