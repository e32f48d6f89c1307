//! Visible text: the page's text one block per line, close to what a browser's `innerText`
//! gives ([`visible_text`], [`visible_text_of`], [`visible_text_with`], [`TextOptions`]).

use super::flat_tree::{Children, FlatTree};
use crate::dom::{Document, ElementData, NodeData, NodeId};
use crate::markup::{Namespace, Tag, is_ascii_whitespace};

/// What [`visible_text_with`] writes besides the text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct TextOptions {
    /// Whether scripting is on (as the page was parsed): `noscript` content is then hidden.
    pub scripting: bool,
    /// Write each image's `alt` text where the image stands, as a browser shows it when the
    /// image is not loaded (`<img alt="A map">` gives `A map`).
    pub alt_text: bool,
    /// After the text of each link (`a` with an `href`), write its `href` as written in
    /// parentheses: `the docs (/docs/)`. Links to `javascript:` and to a fragment of the page
    /// (`#top`) get none, nor a link whose text is its URL.
    pub link_urls: bool,
}

impl TextOptions {
    /// The default options with `scripting` as given.
    pub fn new(scripting: bool) -> TextOptions {
        TextOptions {
            scripting,
            ..TextOptions::default()
        }
    }

    /// These options with `alt_text` set.
    pub fn with_alt_text(mut self, on: bool) -> TextOptions {
        self.alt_text = on;
        self
    }

    /// These options with `link_urls` set.
    pub fn with_link_urls(mut self, on: bool) -> TextOptions {
        self.link_urls = on;
        self
    }
}

/// How an element is laid out, as far as its text goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Display {
    /// Not rendered (`display: none`, or fallback content that is not shown).
    None,
    Inline,
    /// Starts and ends a line.
    Block,
    /// A table row: a line whose cells are tab-separated.
    Row,
    /// A table cell: a tab before it unless it is the first of its row.
    Cell,
    /// `br`.
    LineBreak,
}

pub(crate) fn display(doc: &Document<'_>, n: NodeId, scripting: bool) -> Display {
    display_as(doc, n, scripting, false)
}

/// [`display`], with the `hidden` attribute hiding nothing when `panels_open` (a panel a
/// reader opens: see [`text_of_filtered`]).
pub(crate) fn display_as(
    doc: &Document<'_>,
    n: NodeId,
    scripting: bool,
    panels_open: bool,
) -> Display {
    match doc.element(n) {
        Some(e) => element_display(e, scripting, panels_open),
        None => Display::Inline,
    }
}

/// [`display_as`] of an element's data.
#[inline]
fn element_display(e: &ElementData<'_>, scripting: bool, panels_open: bool) -> Display {
    use Tag::*;
    match e.ns {
        Namespace::Html => {}
        // SVG and MathML: their text is inline; metadata is not shown.
        _ => {
            return if matches!(e.tag, Script | Style | Title | Desc | Metadata) {
                Display::None
            } else {
                Display::Inline
            };
        }
    }
    if !panels_open && e.attr("hidden").is_some() {
        return Display::None;
    }
    match e.tag {
        // 15.3.1 Hidden elements; embedded content whose children are fallback (15.4.1,
        // 15.4.3: replaced elements); `input` and `select` are controls (15.5).
        Area | Base | Basefont | Datalist | Head | Link | Meta | Noembed | Noframes | Param
        | Rp | Script | Style | Template | Title | Iframe | Object | Embed | Video | Audio
        | Canvas | Frame | Frameset => Display::None,
        Noscript if scripting => Display::None,
        Dialog if e.attr("open").is_none() => Display::None,
        Br => Display::LineBreak,
        Tr => Display::Row,
        Td | Th => Display::Cell,
        // 15.3.3 flow content, 15.3.6 sections and headings, 15.3.7 lists, 15.3.8 tables,
        // 15.3.13 fieldset, 15.4 details and summary; `option`s one per line, `textarea` and
        // the preformatted elements on lines of their own.
        Html | Body | Address | Blockquote | Center | Dialog | Div | Figure | Figcaption
        | Footer | Form | Header | Hr | Legend | Listing | Main | P | Plaintext | Pre | Search
        | Xmp | Article | Aside | H1 | H2 | H3 | H4 | H5 | H6 | Hgroup | Nav | Section | Dir
        | Dd | Dl | Dt | Menu | Ol | Ul | Li | Table | Caption | Fieldset | Details | Summary
        | Optgroup | Option | Textarea => Display::Block,
        _ => Display::Inline,
    }
}

/// Elements whose text is kept as written (`white-space: pre` in the default style sheet).
fn keeps_white_space(doc: &Document<'_>, n: NodeId) -> bool {
    doc.element(n).is_some_and(|e| {
        e.ns == Namespace::Html && (e.tag.is_preformatted() || e.tag == Tag::Textarea)
    })
}

/// The visible text of the page, one block per line, each line ending in `\n`: close to what
/// a browser's `innerText` gives for the page laid out by the HTML Standard's default style
/// sheet (15.3, Rendering); styles from the page (stylesheets, `style` attributes) are not
/// read.
///
/// Lines: a line is a block (an element the default style sheet gives `display: block`,
/// `list-item`, `table`, `table-caption` or `table-row`: `p`, `div`, headings, `li`, `tr`, …;
/// also `option` and `textarea`), or a part of one that `<br>` or a line feed in
/// preformatted text ends; no empty lines. The cells of a table row are separated by a tab
/// (an empty cell between two keeps its tab). Left out: elements the default style sheet
/// gives `display: none` (`head`, `script`, `style`, `template`, `[hidden]`, `noscript` with
/// scripting on, a `dialog` that is not `open`, `rp`, `area`, …), embedded content whose
/// children are fallback (`iframe`, `object`, `embed`, `video`, `audio`, `canvas`), a
/// closed `details` element's content other than its `summary`, and SVG/MathML `script`,
/// `style`, `title`, `desc` and `metadata`.
///
/// White space: runs of ASCII white space become one space, and lines are trimmed (of
/// no-break spaces too); inside `pre`, `listing`, `xmp`, `textarea` and `plaintext` white
/// space is kept as written (line feeds end lines; a line's leading spaces and tabs, such as
/// code indentation, stay; trailing ones go). `scripting` is whether the page was parsed with
/// scripting on (then `noscript` is hidden). One pass over the tree, iterative.
pub fn visible_text(doc: &Document<'_>, scripting: bool) -> String {
    visible_text_with(doc, doc.root(), &TextOptions::new(scripting))
}

/// [`visible_text`] of the subtree of `node` (itself included): what the page's text would be
/// if `node` were shown, by the same rules. `node` itself counts as shown whatever it is (the
/// text of a `title` or `script` element is its text); hidden elements inside it are left out,
/// and white space is kept as written when `node` is inside `pre`, `listing`, `xmp`,
/// `textarea` or `plaintext`. A Text node gives its own data by those rules; a comment gives
/// `""`.
pub fn visible_text_of(doc: &Document<'_>, node: NodeId, scripting: bool) -> String {
    visible_text_with(doc, node, &TextOptions::new(scripting))
}

/// [`visible_text_of`] with [`TextOptions`]: image `alt` text and link URLs inline.
///
/// ```
/// use simdhtml::extract::{TextOptions, visible_text_with};
/// use simdhtml::{Arena, ParseOptions, parse_document_str};
///
/// let arena = Arena::new();
/// let page = "<p>See <a href=/map>the map</a>: <img src=m.png alt='A map'></p>\
///     <table><tr><th>Day<th>Rain<tr><td>Mon<td>2 mm</table>";
/// let doc = parse_document_str(&arena, page, &ParseOptions::default());
/// let options = TextOptions::new(true).with_alt_text(true).with_link_urls(true);
/// assert_eq!(
///     visible_text_with(&doc, doc.root(), &options),
///     "See the map (/map): A map\nDay\tRain\nMon\t2 mm\n"
/// );
/// ```
pub fn visible_text_with(doc: &Document<'_>, node: NodeId, options: &TextOptions) -> String {
    text_of_filtered(doc, node, options, &|_| false, false)
}

/// One open element of the walk.
struct Open<'a> {
    /// Its children, in the flat tree.
    children: Children<'a>,
    display: Display,
    /// Text inside is kept as written.
    pre: bool,
    /// A closed `details`: only its first `summary` child is shown.
    closed_details: bool,
    /// A closed `details` whose `summary` was met.
    summary_seen: bool,
    /// Cells met so far, for a row.
    cells: u32,
    /// The URL to write after a link's text.
    url: Option<NodeId>,
}

/// [`visible_text_with`] with the elements for which `skip` is true left out as well (their
/// whole subtree), for extraction of part of a page (the main content). With `panels_open`,
/// the `hidden` attribute and a closed `details` hide nothing: `skip` decides (the main
/// content's walk, which shows the closed panels of tabs and accordions a reader opens).
pub(crate) fn text_of_filtered(
    doc: &Document<'_>,
    node: NodeId,
    options: &TextOptions,
    skip: &dyn Fn(NodeId) -> bool,
    panels_open: bool,
) -> String {
    let mut t = TextBuilder::default();
    let mut inherited_pre = false;
    let mut a = doc.parent(node);
    while let Some(p) = a {
        if keeps_white_space(doc, p) {
            inherited_pre = true;
            break;
        }
        a = doc.parent(p);
    }
    let mut stack: Vec<Open> = Vec::new();
    let mut flat = FlatTree::default();
    let tree = FlatTree::tree_of(doc, node);
    match doc.data(node) {
        NodeData::Text(s) => {
            t.push(s, inherited_pre);
            t.break_line();
            return t.out;
        }
        NodeData::Element(_) => {
            // The node itself is shown whatever its display.
            let d = match display(doc, node, options.scripting) {
                Display::None => Display::Block,
                d => d,
            };
            if d == Display::LineBreak {
                return String::new();
            }
            let mut open = open(doc, node, d, inherited_pre, options, tree, &mut flat);
            open.closed_details &= !panels_open;
            stack.push(open);
            if matches!(d, Display::Block | Display::Row) {
                t.break_line();
            }
        }
        NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {
            stack.push(Open {
                children: Children::of_root(doc, node, tree),
                display: Display::Inline,
                pre: false,
                closed_details: false,
                summary_seen: false,
                cells: 0,
                url: None,
            })
        }
        _ => return t.out,
    }
    while let Some(parent) = stack.last_mut() {
        let Some(n) = parent.children.next(doc) else {
            let Some(el) = stack.pop() else { break };
            close(doc, &el, &mut t);
            continue;
        };
        let pre = parent.pre;
        let tree = parent.children.tree();
        if parent.closed_details {
            // Only the first `summary` child of a closed `details` is rendered.
            let is_summary = doc
                .element(n)
                .is_some_and(|e| e.ns == Namespace::Html && e.tag == Tag::Summary);
            if !is_summary || parent.summary_seen {
                continue;
            }
            parent.summary_seen = true;
        }
        match doc.data(n) {
            NodeData::Text(s) => t.push(s, pre),
            NodeData::Element(e) => {
                let d = element_display(e, options.scripting, panels_open);
                if d == Display::None || skip(n) {
                    continue;
                }
                match d {
                    Display::LineBreak => {
                        t.break_line();
                        continue;
                    }
                    Display::Block | Display::Row => t.break_line(),
                    Display::Cell => {
                        if let Some(row) = stack.last_mut().filter(|o| o.display == Display::Row) {
                            if row.cells > 0 {
                                t.pending_tab();
                            }
                            row.cells += 1;
                        } else {
                            t.pending_space = true;
                        }
                    }
                    _ => {}
                }
                if options.alt_text
                    && e.ns == Namespace::Html
                    && e.tag == Tag::Img
                    && let Some(alt) = e.attr("alt")
                {
                    t.push(alt, false);
                }
                // An element without children in the flat tree and without a link URL to
                // write has nothing to close: its line break, if any, was written.
                let html = e.ns == Namespace::Html;
                if e.contents.is_none()
                    && doc.first_child(n).is_none()
                    && !(html && (e.tag == Tag::Slot || options.link_urls && e.tag == Tag::A))
                {
                    continue;
                }
                let mut open = open(doc, n, d, pre, options, tree, &mut flat);
                open.closed_details &= !panels_open;
                stack.push(open);
            }
            _ => {}
        }
    }
    t.break_line();
    t.out
}

/// The walk's record of element `n` (in the tree whose shadow root is `tree`), opened: its
/// children in the flat tree, and how it shows them.
#[inline]
fn open<'a>(
    doc: &Document<'a>,
    n: NodeId,
    d: Display,
    pre: bool,
    options: &TextOptions,
    tree: Option<NodeId>,
    flat: &mut FlatTree<'a>,
) -> Open<'a> {
    let e = doc.element(n).expect("an element");
    let html = e.ns == Namespace::Html;
    let url = (options.link_urls
        && html
        && e.tag == Tag::A
        && e.attr("href").is_some_and(|h| {
            let h = h.trim_matches(is_ascii_whitespace);
            !h.is_empty()
                && !h.starts_with('#')
                && !h
                    .get(..11)
                    .is_some_and(|s| s.eq_ignore_ascii_case("javascript:"))
        }))
    .then_some(n);
    Open {
        children: flat.children(doc, n, tree),
        display: d,
        pre: pre || keeps_white_space(doc, n),
        closed_details: html && e.tag == Tag::Details && e.attr("open").is_none(),
        summary_seen: false,
        cells: 0,
        url,
    }
}

fn close(doc: &Document<'_>, o: &Open, t: &mut TextBuilder) {
    if let Some(a) = o.url {
        let href = doc
            .attr(a, "href")
            .unwrap_or("")
            .trim_matches(is_ascii_whitespace);
        if !t.line_ends_with(href) {
            t.pending_space = true;
            t.push("(", false);
            t.push(href, false);
            t.push(")", false);
        }
    }
    if matches!(o.display, Display::Block | Display::Row) {
        t.break_line();
    }
}

/// The text written so far: the finished lines and, after them, the current line (from
/// `line_start`), which is written in place and trimmed when it ends (no copy of each line).
#[derive(Default)]
struct TextBuilder {
    out: String,
    /// Where the current line starts in `out`.
    line_start: usize,
    pending_space: bool,
    /// Tabs to write before the next text on this line (table cells).
    pending_tabs: u32,
    /// The current line holds preformatted text (keep its leading white space).
    line_pre: bool,
}

impl TextBuilder {
    fn pending_tab(&mut self) {
        self.pending_tabs += 1;
    }

    /// The current line as written so far.
    fn line(&self) -> &str {
        &self.out[self.line_start..]
    }

    /// Writes what is pending before the next character of text.
    fn separate(&mut self) {
        if self.out.len() > self.line_start {
            if self.pending_tabs > 0 {
                for _ in 0..self.pending_tabs {
                    self.out.push('\t');
                }
            } else if self.pending_space {
                self.out.push(' ');
            }
        }
        self.pending_space = false;
        self.pending_tabs = 0;
    }

    fn push(&mut self, s: &str, pre: bool) {
        if pre {
            for (i, piece) in s.split('\n').enumerate() {
                if i > 0 {
                    self.break_line();
                }
                if !piece.is_empty() {
                    // Preformatted: spaces and tabs are kept as written (code indentation).
                    self.separate();
                    self.line_pre = true;
                    self.out.push_str(piece);
                }
            }
            return;
        }
        // ASCII white space is found byte by byte (those bytes are never inside a UTF-8
        // sequence, so no character is decoded), and a run of words that single spaces join
        // is copied at once: what pushing word after word with a pending space gives.
        let bytes = s.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_whitespace() {
                self.pending_space = true;
                i = ws_end(bytes, i + 1);
                continue;
            }
            let start = i;
            i = run_end(bytes, i);
            self.separate();
            self.out.push_str(&s[start..i]);
        }
    }

    /// Whether the current line ends with `s` (a link whose text is its URL).
    fn line_ends_with(&self, s: &str) -> bool {
        self.line().ends_with(s)
    }

    fn break_line(&mut self) {
        let len = self.out.len();
        if len > self.line_start {
            self.end_line();
        }
        self.pending_space = false;
        self.pending_tabs = 0;
        self.line_pre = false;
    }

    /// Trims the current line (not empty) and ends it with a line feed if anything is left.
    fn end_line(&mut self) {
        // No-break spaces at a line's ends are space to a reader too (U+00A0 ends in the byte
        // 0xA0 and starts with 0xC2); a line with preformatted text keeps its indentation.
        let space = |c: char| c == '\u{a0}' || is_ascii_whitespace(c);
        let may_trim = |b: u8| b == 0xA0 || b == 0xC2 || b.is_ascii_whitespace();
        let bytes = self.out.as_bytes();
        if may_trim(bytes[bytes.len() - 1]) {
            let end = self.line_start + self.line().trim_end_matches(space).len();
            self.out.truncate(end);
        }
        if !self.line_pre
            && self.out.len() > self.line_start
            && may_trim(self.out.as_bytes()[self.line_start])
        {
            let line = self.line();
            let lead = line.len() - line.trim_start_matches(space).len();
            self.out.drain(self.line_start..self.line_start + lead);
        }
        if self.out.len() > self.line_start {
            self.out.push('\n');
        }
        self.line_start = self.out.len();
    }
}

/// The high bit of each byte of `x` that is ASCII white space (tab, line feed, form feed,
/// carriage return, space), and no other bit: each test is "this byte is zero" on `x` with the
/// value sought XORed out, computed without a carry from one byte into the next.
fn ws_bytes(x: u64) -> u64 {
    const LOW: u64 = u64::from_ne_bytes([0x7F; 8]);
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    let zero = |v: u64| !(((v & LOW) + LOW) | v | LOW);
    // Form feed and carriage return (0x0C, 0x0D) are the two bytes that OR 0x01 makes 0x0D.
    zero(x ^ (ONES * 0x20))
        | zero(x ^ (ONES * 0x0A))
        | zero(x ^ (ONES * 0x09))
        | zero((x | ONES) ^ (ONES * 0x0D))
}

/// The index of the first byte in `bytes` from `i` that is not ASCII white space, or its
/// length: eight bytes at a time ([`ws_bytes`]; the indentation between tags is long runs of
/// spaces), then byte by byte.
fn ws_end(bytes: &[u8], mut i: usize) -> usize {
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let other = !ws_bytes(u64::from_ne_bytes(word)) & HIGH;
        if other != 0 {
            return i + first_marked(other);
        }
        i += 8;
    }
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The index in a chunk of eight bytes of the first byte (in memory order) whose high bit
/// `marks` has (`marks` not zero, and no other bits).
fn first_marked(marks: u64) -> usize {
    // The first byte in memory order is the lowest on a little-endian machine.
    (if cfg!(target_endian = "little") {
        marks.trailing_zeros()
    } else {
        marks.leading_zeros()
    } / 8) as usize
}

/// The end of the run of words joined by single spaces that starts at `i` in `bytes` (not
/// white space): the index of the first white space byte that is not a space followed by a
/// byte that is not white space, or the length of `bytes`. What pushing word after word with
/// a pending space between them writes, copied at once. The bytes below `!` are found eight at
/// a time (white space is among them; so are the other C0 controls, which belong to a word).
fn run_end(bytes: &[u8], mut i: usize) -> usize {
    const LOW: u64 = u64::from_ne_bytes([0x7F; 8]);
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    loop {
        // The next byte below 0x21 from `i`.
        let at = loop {
            let Some(chunk) = bytes.get(i..i + 8) else {
                match bytes[i..].iter().position(|&b| b < 0x21) {
                    Some(p) => break i + p,
                    None => return bytes.len(),
                }
            };
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            let x = u64::from_ne_bytes(word);
            // A byte's low seven bits plus 0x5F reach its high bit when they are 0x21 or
            // more, without a carry into the next byte.
            let low = !(((x & LOW) + ONES * 0x5F) | x) & HIGH;
            if low != 0 {
                break i + first_marked(low);
            }
            i += 8;
        };
        match bytes[at] {
            b' ' if bytes.get(at + 1).is_some_and(|b| !b.is_ascii_whitespace()) => {}
            b if b.is_ascii_whitespace() => return at,
            // Another C0 control, or a single space between two words.
            _ => {}
        }
        i = at + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words pushed one by one with a pending space between them (what `push` did before it
    /// copied runs of words at once), for comparison.
    fn push_word_by_word(t: &mut TextBuilder, s: &str) {
        for (i, word) in s.split(is_ascii_whitespace).enumerate() {
            if i > 0 {
                t.pending_space = true;
            }
            if !word.is_empty() {
                t.separate();
                t.out.push_str(word);
            }
        }
    }

    #[test]
    fn white_space_and_word_runs_end_where_the_byte_loops_end_them() {
        let naive = |bytes: &[u8], mut i: usize| {
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            i
        };
        // The words joined by single spaces, word by word.
        let naive_run_end = |bytes: &[u8], mut i: usize| loop {
            while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            match bytes.get(i..i + 2) {
                Some([b' ', next]) if !next.is_ascii_whitespace() => i += 1,
                _ => break i,
            }
        };
        let fill = [b' ', b'\n', b'\t', b'\r', 0x0C];
        for b in 0..=255u8 {
            for at in 0..20 {
                for (k, &f) in fill.iter().enumerate() {
                    let mut bytes: Vec<u8> = (0..20).map(|j| fill[(j + k) % 5].max(f)).collect();
                    bytes[at] = b;
                    for from in 0..3 {
                        assert_eq!(ws_end(&bytes, from), naive(&bytes, from), "{b:#x} at {at}");
                        // Words of `b` bytes, with white space `f` at `at` (and a space
                        // after it) or `f` and `b` at `at` (in a word, after its space).
                        for gap in [vec![f, b' '], vec![f], vec![b' ', f], vec![b' ', b]] {
                            let mut words = vec![b'x'; 20];
                            words[at] = b;
                            words.splice(at..at, gap.iter().copied());
                            assert_eq!(
                                run_end(&words, from),
                                naive_run_end(&words, from),
                                "{b:#x}, {gap:?} at {at}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn runs_of_words_are_pushed_as_word_by_word() {
        let pieces = [
            "a",
            "word",
            "éé",
            "中文",
            " ",
            "  ",
            "\n",
            "\t",
            "\r\n",
            "\x0C",
            "\x01",
            "x\x01y",
            "0123456789abcdef",
        ];
        // Every sequence of up to four pieces, after an empty line, a word or a pending tab.
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for t in &texts {
                for p in pieces {
                    next.push(format!("{t}{p}"));
                }
            }
            texts.extend(next);
            texts.sort();
            texts.dedup();
        }
        for text in &texts {
            for before in 0..3 {
                let start = |t: &mut TextBuilder| match before {
                    0 => {}
                    1 => t.push("lead", false),
                    _ => {
                        t.push("cell", false);
                        t.pending_tab();
                    }
                };
                let (mut fast, mut slow) = (TextBuilder::default(), TextBuilder::default());
                start(&mut fast);
                start(&mut slow);
                fast.push(text, false);
                push_word_by_word(&mut slow, text);
                fast.push("end", false);
                slow.push("end", false);
                assert_eq!(fast.line(), slow.line(), "{text:?}");
                assert_eq!(fast.pending_space, slow.pending_space, "{text:?}");
            }
        }
    }
    use crate::{Arena, ParseOptions, parse_document_str};

    fn text(html: &str) -> String {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        visible_text(&doc, true)
    }

    fn text_with(html: &str, options: TextOptions) -> String {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        visible_text_with(&doc, doc.root(), &options)
    }

    #[test]
    fn shadow_content_is_read_where_the_flat_tree_shows_it() {
        // No slot: the shadow tree is shown instead of the host's children.
        assert_eq!(
            text("<p>a</p><div><template shadowrootmode=open><p>in</template>light</div><p>b"),
            "a\nin\nb\n"
        );
        // The default slot takes the text and unnamed elements; a named slot its own; a
        // slot with nothing assigned shows its fallback; a second slot of a name gets nothing.
        assert_eq!(
            text(
                "<div><template shadowrootmode=open><h1><slot name=t>No title</slot></h1>\
                 <p>[<slot></slot>]<p><slot name=x>fallback</slot><p><slot name=t>again</slot>\
                 </template>body <b>bold</b><span slot=t>Title</span><i slot=none>gone</i></div>"
            ),
            "Title\n[body bold]\nfallback\nagain\n"
        );
        // Manual slot assignment: nothing is assigned without script.
        assert_eq!(
            text(
                "<div><template shadowrootmode=open shadowrootslotassignment=manual>\
                 <slot>fb</slot></template>light</div>"
            ),
            "fb\n"
        );
        // Nested: a host inside a shadow tree, whose light children hold the outer tree's slot.
        assert_eq!(
            text(
                "<div><template shadowrootmode=open><section><template shadowrootmode=open>\
                 <p>inner <slot></slot></template><slot></slot> via inner</section></template>\
                 outer light</div>"
            ),
            "inner outer light via inner\n"
        );
        // Hidden shadow content stays hidden; the host's own display still counts.
        assert_eq!(
            text("<div><template shadowrootmode=open><script>x</script>s</template>l</div>t"),
            "s\nt\n"
        );
    }

    #[test]
    fn deeply_nested_shadow_roots_need_no_deep_stack() {
        let n = 20_000;
        let mut page = String::new();
        for _ in 0..n {
            page.push_str("<div><template shadowrootmode=open>");
        }
        page.push_str("deep");
        assert_eq!(text(&page), "deep\n");
    }

    #[test]
    fn tables_are_tab_separated_cells_one_row_per_line() {
        assert_eq!(
            text(
                "<table><caption>Rain</caption><tr><th>Day<th>mm<tr><td>Mon<td>2<tr><td><td>3</table>"
            ),
            "Rain\nDay\tmm\nMon\t2\n3\n"
        );
        // An empty cell between two keeps its column; blocks inside a cell break lines.
        assert_eq!(text("<table><tr><td>a<td><td>c</table>"), "a\t\tc\n");
        assert_eq!(text("<table><tr><td><p>a<p>b<td>c</table>"), "a\nb\nc\n");
        // Nested tables have rows of their own.
        assert_eq!(
            text("<table><tr><td>x<td><table><tr><td>1<td>2</table></table>"),
            "x\n1\t2\n"
        );
    }

    #[test]
    fn what_the_default_style_sheet_hides() {
        assert_eq!(
            text(
                "<p>a<rp>(</rp>b<dialog>d</dialog><dialog open>o</dialog>\
                <video>fallback</video><canvas>c</canvas><span hidden>h</span>"
            ),
            "ab\no\n"
        );
        assert_eq!(
            text(
                "<details><summary>More</summary><p>inside</details>\
                <details open><summary>Open</summary><p>shown</details>"
            ),
            "More\nOpen\nshown\n"
        );
        assert_eq!(text("<noscript>ns</noscript>x"), "x\n");
    }

    #[test]
    fn lists_breaks_and_preformatted_text() {
        assert_eq!(text("<ul><li>a<li>b<ol><li>c</ol></ul>"), "a\nb\nc\n");
        assert_eq!(text("one<br>two<br><br>three"), "one\ntwo\nthree\n");
        assert_eq!(text("<pre>a\n  b\tc\n</pre>"), "a\n  b\tc\n");
        assert_eq!(text("<xmp>  <b>x</b></xmp>"), "  <b>x</b>\n");
    }

    #[test]
    fn alt_text_and_link_urls() {
        let page = "<p>A <img alt=cat src=c.png> and <a href='/dogs'>dogs</a>, \
            <a href='#top'>top</a>, <a href='javascript:go()'>go</a>, \
            <a href='https://example.org/'>https://example.org/</a>";
        assert_eq!(text(page), "A and dogs, top, go, https://example.org/\n");
        assert_eq!(
            text_with(page, TextOptions::new(true).with_alt_text(true)),
            "A cat and dogs, top, go, https://example.org/\n"
        );
        assert_eq!(
            text_with(page, TextOptions::new(true).with_link_urls(true)),
            "A and dogs (/dogs), top, go, https://example.org/\n"
        );
    }
}
