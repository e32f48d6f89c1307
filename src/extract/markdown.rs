//! The page (or a part of it, such as its main content) as CommonMark with GitHub's tables
//! ([`markdown`], [`MarkdownOptions`], [`MainContent::markdown`](super::MainContent::markdown)).

use super::flat_tree::{Children, FlatTree};
use crate::dom::{Document, NodeData, NodeId};
use crate::markup::{Namespace, Tag, is_ascii_whitespace};

use super::visible::{Display, display, display_as};

/// What [`markdown`] writes besides the text and its structure.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MarkdownOptions {
    /// Whether scripting is on (as the page was parsed): `noscript` content is then hidden.
    pub scripting: bool,
    /// Write images as `![alt](src)` (off: images are left out).
    pub images: bool,
}

impl MarkdownOptions {
    /// The default options with `scripting` as given.
    pub fn new(scripting: bool) -> MarkdownOptions {
        MarkdownOptions {
            scripting,
            ..MarkdownOptions::default()
        }
    }

    /// These options with `images` set.
    pub fn with_images(mut self, on: bool) -> MarkdownOptions {
        self.images = on;
        self
    }
}

/// The subtree of `node` (the whole page for `doc.root()`) as Markdown: CommonMark, with
/// GitHub Flavored Markdown's tables.
///
/// What is shown is what [`visible_text`](super::visible_text) shows; the structure is
/// written as Markdown: headings (`#` to `######`), paragraphs (`p`, `div` and other blocks;
/// one blank line between blocks), `<br>` as a hard line break (a backslash at the line's
/// end), `**strong**` (`strong`, `b`), `*emphasis*` (`em`, `i`), `` `code` `` (`code`, `kbd`,
/// `samp`, `tt`), `[links](href)` (the `href` as written, spaces and parentheses
/// percent-encoded; `javascript:` links are their text), bullet and ordered lists (nested,
/// `ol start` kept), `>` block quotes, `pre` as a fenced code block (its language from a
/// `language-*` or `lang-*` class of the `pre` or its `code`), tables with at least two columns
/// as GFM tables (the first row is the header; a cell's blocks are joined by spaces), other
/// tables (one column, or tables nested in tables) as their cells' paragraphs, `hr` as `---`,
/// images with [`MarkdownOptions::images`]. Text is escaped so that it reads as text
/// (`\*`, `\_`, `\[`, `\<`, `\#` at a line's start, …), so the output is valid CommonMark
/// whose text is the page's. Emphasis that CommonMark could not parse back as such (its
/// content starts or ends with punctuation or spans blocks) is written as plain text. One
/// pass over the tree, iterative.
///
/// ```
/// use simdhtml::extract::{MarkdownOptions, markdown};
/// use simdhtml::{Arena, ParseOptions, parse_document_str};
///
/// let arena = Arena::new();
/// let page = "<h1>Rain</h1><p>It <b>rained</b>, see <a href='/w x'>the map</a>.<ul><li>one\
///     <ul><li>two</ul></ul><pre class=language-sh>ls *</pre><table><tr><th>a<th>b\
///     <tr><td>1<td>2|3</table>";
/// let doc = parse_document_str(&arena, page, &ParseOptions::default());
/// assert_eq!(
///     markdown(&doc, doc.root(), &MarkdownOptions::new(true)),
///     "# Rain\n\nIt **rained**, see [the map](/w%20x).\n\n- one\n  - two\n\n\
///      ```sh\nls *\n```\n\n| a | b |\n| --- | --- |\n| 1 | 2\\|3 |\n"
/// );
/// ```
pub fn markdown(doc: &Document<'_>, node: NodeId, options: &MarkdownOptions) -> String {
    markdown_filtered(doc, &[node], options, &|_| false, false)
}

/// [`markdown`] of each of `roots` in turn (one document: lists and blocks continue across
/// them), with the elements for which `skip` is true left out (their whole subtree); with
/// `panels_open`, the `hidden` attribute and a closed `details` hide nothing (as in
/// [`text_of_filtered`](super::visible::text_of_filtered)).
pub(crate) fn markdown_filtered(
    doc: &Document<'_>,
    roots: &[NodeId],
    options: &MarkdownOptions,
    skip: &dyn Fn(NodeId) -> bool,
    panels_open: bool,
) -> String {
    let mut w = Writer::default();
    for &root in roots {
        walk(doc, root, options, skip, panels_open, &mut w);
    }
    w.boundary();
    w.out
}

fn walk<'a>(
    doc: &Document<'a>,
    node: NodeId,
    options: &MarkdownOptions,
    skip: &dyn Fn(NodeId) -> bool,
    panels_open: bool,
    w: &mut Writer,
) {
    let closed_details = |n| !panels_open && is_closed_details(doc, n);
    let mut stack: Vec<Open<'a>> = Vec::new();
    let mut flat = FlatTree::default();
    let tree = FlatTree::tree_of(doc, node);
    match doc.data(node) {
        NodeData::Text(s) => {
            w.text(s);
            w.boundary();
            return;
        }
        NodeData::Element(_) => {
            let close = w.open(doc, node, options, true);
            stack.push(Open {
                children: flat.children(doc, node, tree),
                close,
                closed_details: closed_details(node),
                summary_seen: false,
            });
        }
        NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {
            stack.push(Open {
                children: Children::of_root(doc, node, tree),
                close: Close::Nothing,
                closed_details: false,
                summary_seen: false,
            })
        }
        _ => return,
    }
    while let Some(parent) = stack.last_mut() {
        let Some(n) = parent.children.next(doc) else {
            let Some(o) = stack.pop() else { break };
            w.close(doc, o.close);
            continue;
        };
        let tree = parent.children.tree();
        if parent.closed_details {
            let is_summary = doc
                .element(n)
                .is_some_and(|e| e.ns == Namespace::Html && e.tag == Tag::Summary);
            if !is_summary || parent.summary_seen {
                continue;
            }
            parent.summary_seen = true;
        }
        match doc.data(n) {
            NodeData::Text(s) => w.text(s),
            NodeData::Element(_) => {
                if display_as(doc, n, options.scripting, panels_open) == Display::None || skip(n) {
                    continue;
                }
                let close = w.open(doc, n, options, false);
                stack.push(Open {
                    children: flat.children(doc, n, tree),
                    close,
                    closed_details: closed_details(n),
                    summary_seen: false,
                });
            }
            _ => {}
        }
    }
}

fn is_closed_details(doc: &Document<'_>, n: NodeId) -> bool {
    doc.element(n).is_some_and(|e| {
        e.ns == Namespace::Html && e.tag == Tag::Details && e.attr("open").is_none()
    })
}

struct Open<'a> {
    /// Its children, in the flat tree (shadow content where a browser shows it).
    children: Children<'a>,
    close: Close,
    closed_details: bool,
    summary_seen: bool,
}

/// What closing an element does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Close {
    Nothing,
    Block,
    Heading,
    Quote,
    List,
    Item,
    Pre,
    Table,
    Cell,
    Frame,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum FrameKind {
    Strong,
    Em,
    Code,
    Link(NodeId),
}

/// An inline element whose content is being gathered.
struct Frame {
    kind: FrameKind,
    buf: String,
    /// A block started inside it: its markup is dropped.
    broken: bool,
}

enum Container {
    Quote {
        started: bool,
    },
    Item {
        marker: String,
        started: bool,
        first: bool,
    },
}

struct List {
    ordered: bool,
    next: u64,
    /// `-` or `*` for bullets, `.` or `)` for ordered lists.
    delimiter: char,
    items: u32,
}

struct Table {
    rows: Vec<Vec<String>>,
    /// A table inside a cell (its text went into the cell): not a data table.
    nested: bool,
}

#[derive(Default)]
struct Writer {
    out: String,
    containers: Vec<Container>,
    lists: Vec<List>,
    para: String,
    frames: Vec<Frame>,
    pending_space: bool,
    /// The level of the heading being written (0: none).
    heading: u8,
    /// Inside `pre` (nesting depth) and the code gathered, with its language.
    pre_depth: u32,
    code: String,
    lang: String,
    table: Option<Table>,
    /// Open table cells (of the table or of tables nested in it).
    cells: u32,
    /// Tables opened inside a cell.
    nested_tables: u32,
    /// Code frames open (their text is not escaped).
    code_depth: u32,
    /// Blocks written so far, and (blocks, depth, ordered, delimiter) when the last list ended:
    /// a list right after a list of the same kind takes the other delimiter, or CommonMark
    /// would join them.
    blocks: u64,
    last_list: Option<(u64, usize, bool, char)>,
}

impl Writer {
    /// Opens element `n` and says what its end will do.
    fn open(
        &mut self,
        doc: &Document<'_>,
        n: NodeId,
        options: &MarkdownOptions,
        root: bool,
    ) -> Close {
        let e = doc.element(n).expect("an element");
        let d = match display(doc, n, options.scripting) {
            Display::None if root => Display::Block,
            d => d,
        };
        if e.ns != Namespace::Html {
            return Close::Nothing;
        }
        if self.pre_depth > 0 {
            if e.tag == Tag::Br {
                self.code.push('\n');
            }
            if e.tag == Tag::Pre {
                self.pre_depth += 1;
                return Close::Pre;
            }
            return Close::Nothing;
        }
        match e.tag {
            Tag::Br => {
                self.line_break();
                return Close::Nothing;
            }
            Tag::Img => {
                if options.images
                    && let Some(src) = e.attr("src")
                {
                    let alt = escape(e.attr("alt").unwrap_or(""));
                    let atom = format!("![{alt}]({})", destination(src));
                    self.atom(&atom);
                }
                return Close::Nothing;
            }
            Tag::Strong | Tag::B => return self.frame(FrameKind::Strong),
            Tag::Em | Tag::I => return self.frame(FrameKind::Em),
            Tag::Code | Tag::Kbd | Tag::Samp | Tag::Tt => {
                self.code_depth += 1;
                return self.frame(FrameKind::Code);
            }
            Tag::A if e.attr("href").is_some_and(|h| !is_javascript(h)) => {
                return self.frame(FrameKind::Link(n));
            }
            _ => {}
        }
        if self.cells > 0 {
            // Inside a table cell everything is inline; a nested table only joins text.
            if e.tag == Tag::Table {
                self.nested_tables += 1;
                if let Some(t) = &mut self.table {
                    t.nested = true;
                }
                self.pending_space = true;
                return Close::Table;
            }
            if matches!(e.tag, Tag::Td | Tag::Th) {
                self.cells += 1;
                self.pending_space = true;
                return Close::Cell;
            }
            if d != Display::Inline {
                self.pending_space = true;
            }
            return Close::Nothing;
        }
        match e.tag {
            t if t.is_heading() && self.heading == 0 => {
                self.boundary();
                self.heading = e.name().as_bytes()[1] - b'0';
                Close::Heading
            }
            Tag::Blockquote => {
                self.boundary();
                self.containers.push(Container::Quote { started: false });
                Close::Quote
            }
            Tag::Ul | Tag::Ol | Tag::Menu | Tag::Dir => {
                self.boundary();
                let ordered = e.tag == Tag::Ol;
                let depth = self.containers.len();
                let mut delimiter = if ordered { '.' } else { '-' };
                if let Some((blocks, d, o, c)) = self.last_list
                    && blocks == self.blocks
                    && d == depth
                    && o == ordered
                    && c == delimiter
                {
                    delimiter = if ordered { ')' } else { '*' };
                }
                let start = if ordered {
                    e.attr("start")
                        .and_then(|s| s.trim_matches(is_ascii_whitespace).parse::<u64>().ok())
                        .unwrap_or(1)
                        .min(999_999_999)
                } else {
                    1
                };
                self.lists.push(List {
                    ordered,
                    next: start,
                    delimiter,
                    items: 0,
                });
                Close::List
            }
            Tag::Li => {
                self.boundary();
                let marker = match self.lists.last_mut() {
                    Some(l) if l.ordered => {
                        let m = format!("{}{} ", l.next, l.delimiter);
                        l.next = (l.next + 1).min(999_999_999);
                        m
                    }
                    Some(l) => format!("{} ", l.delimiter),
                    None => "- ".to_owned(),
                };
                let first = self.lists.last_mut().is_none_or(|l| {
                    l.items += 1;
                    l.items == 1
                });
                self.containers.push(Container::Item {
                    marker,
                    started: false,
                    first,
                });
                Close::Item
            }
            t if t.is_preformatted() => {
                self.boundary();
                self.pre_depth = 1;
                self.code.clear();
                self.lang = code_language(doc, n);
                Close::Pre
            }
            Tag::Hr => {
                self.boundary();
                self.block(vec!["---".to_owned()]);
                Close::Nothing
            }
            Tag::Table => {
                self.boundary();
                if self.table.is_some() {
                    // A table in a table but outside its cells (foster-parented content is
                    // elsewhere): its cells join the outer table's rows.
                    return Close::Nothing;
                }
                self.table = Some(Table {
                    rows: Vec::new(),
                    nested: false,
                });
                Close::Table
            }
            Tag::Tr => {
                if let Some(t) = &mut self.table {
                    t.rows.push(Vec::new());
                }
                Close::Nothing
            }
            Tag::Td | Tag::Th if self.table.is_some() => {
                self.boundary();
                self.cells += 1;
                if let Some(t) = &mut self.table
                    && t.rows.is_empty()
                {
                    t.rows.push(Vec::new());
                }
                Close::Cell
            }
            _ if matches!(d, Display::Block | Display::Row | Display::Cell) => {
                self.boundary();
                Close::Block
            }
            _ => Close::Nothing,
        }
    }

    fn close(&mut self, doc: &Document<'_>, close: Close) {
        match close {
            Close::Nothing => {}
            Close::Block => self.boundary(),
            Close::Heading => {
                self.boundary();
                self.heading = 0;
            }
            Close::Quote => {
                self.boundary();
                self.containers.pop();
            }
            Close::List => {
                self.boundary();
                if let Some(l) = self.lists.pop() {
                    self.last_list =
                        Some((self.blocks, self.containers.len(), l.ordered, l.delimiter));
                }
            }
            Close::Item => {
                self.boundary();
                if let Some(Container::Item { started: false, .. }) = self.containers.last() {
                    // An empty item keeps its place (and the numbering).
                    self.block(vec![String::new()]);
                }
                self.containers.pop();
            }
            Close::Pre => {
                self.pre_depth -= 1;
                if self.pre_depth == 0 {
                    let code = std::mem::take(&mut self.code);
                    self.code_block(&code);
                }
            }
            Close::Table if self.nested_tables > 0 => {
                self.nested_tables -= 1;
                self.pending_space = true;
            }
            Close::Table => {
                self.boundary();
                if let Some(t) = self.table.take() {
                    self.table_block(t);
                }
            }
            Close::Cell => {
                self.cells -= 1;
                if self.cells > 0 {
                    self.pending_space = true;
                    return;
                }
                self.fold_frames();
                let cell = std::mem::take(&mut self.para)
                    .replace("\\\n", " ")
                    .trim_matches(' ')
                    .to_owned();
                self.pending_space = false;
                if let Some(row) = self.table.as_mut().and_then(|t| t.rows.last_mut()) {
                    row.push(cell);
                }
            }
            Close::Frame => self.close_frame(doc),
        }
    }

    fn frame(&mut self, kind: FrameKind) -> Close {
        self.frames.push(Frame {
            kind,
            buf: String::new(),
            broken: false,
        });
        Close::Frame
    }

    fn close_frame(&mut self, doc: &Document<'_>) {
        let Some(f) = self.frames.pop() else { return };
        if f.kind == FrameKind::Code {
            self.code_depth -= 1;
        }
        let lead = f.buf.len() - f.buf.trim_start_matches(' ').len();
        let core = f.buf.trim_matches(' ');
        let trail = if core.is_empty() {
            0
        } else {
            f.buf.len() - f.buf.trim_end_matches(' ').len()
        };
        let parent_ends_with_star = self.target_ref().ends_with('*');
        let wrapped = if f.broken || core.is_empty() {
            None
        } else {
            match f.kind {
                FrameKind::Strong | FrameKind::Em
                    if !parent_ends_with_star && can_emphasise(core) =>
                {
                    let mark = if f.kind == FrameKind::Strong {
                        "**"
                    } else {
                        "*"
                    };
                    Some(format!("{mark}{core}{mark}"))
                }
                FrameKind::Code => Some(code_span(core)),
                FrameKind::Link(a) => {
                    let href = doc.attr(a, "href").unwrap_or("");
                    Some(format!("[{core}]({})", destination(href)))
                }
                _ => None,
            }
        };
        let text = match wrapped {
            Some(w) => format!("{}{w}{}", " ".repeat(lead.min(1)), " ".repeat(trail.min(1))),
            None if f.kind == FrameKind::Code && self.code_depth == 0 => escape(&f.buf),
            None => f.buf,
        };
        self.target().push_str(&text);
    }

    /// Where inline content goes: the innermost open frame, else the paragraph.
    fn target(&mut self) -> &mut String {
        match self.frames.last_mut() {
            Some(f) => &mut f.buf,
            None => &mut self.para,
        }
    }

    fn target_ref(&self) -> &str {
        self.frames.last().map_or(&self.para, |f| &f.buf)
    }

    fn has_content(&self) -> bool {
        !self.para.is_empty() || self.frames.iter().any(|f| !f.buf.is_empty())
    }

    fn text(&mut self, s: &str) {
        if self.pre_depth > 0 {
            self.code.push_str(s);
            return;
        }
        for (i, word) in s.split(is_ascii_whitespace).enumerate() {
            if i > 0 {
                self.pending_space = true;
            }
            if !word.is_empty() {
                let escaped = if self.code_depth > 0 {
                    word.to_owned()
                } else {
                    escape(word)
                };
                self.atom(&escaped);
            }
        }
    }

    /// Adds a piece of inline Markdown, after a space if one is pending.
    fn atom(&mut self, s: &str) {
        if self.pending_space && self.has_content() {
            self.target().push(' ');
        }
        self.pending_space = false;
        self.target().push_str(s);
    }

    fn line_break(&mut self) {
        if self.cells > 0 || self.heading > 0 {
            self.pending_space = true;
        } else if self.has_content() {
            self.pending_space = false;
            self.target().push_str("\\\n");
        }
    }

    /// Inline frames open across a block boundary lose their markup.
    fn fold_frames(&mut self) {
        for i in 0..self.frames.len() {
            let f = &mut self.frames[i];
            let buf = std::mem::take(&mut f.buf);
            f.broken = true;
            let code = f.kind == FrameKind::Code;
            self.para.push_str(&if code { escape(&buf) } else { buf });
        }
    }

    /// Ends the current block of inline content (a paragraph or a heading) and writes it.
    fn boundary(&mut self) {
        if self.cells > 0 {
            self.pending_space = true;
            return;
        }
        self.fold_frames();
        self.pending_space = false;
        let para = std::mem::take(&mut self.para);
        let mut text = para.trim_matches(' ');
        while let Some(t) = text.strip_suffix("\\\n") {
            text = t.trim_end_matches(' ');
        }
        while let Some(t) = text.strip_prefix("\\\n") {
            text = t.trim_start_matches(' ');
        }
        if text.is_empty() {
            return;
        }
        if self.heading > 0 {
            let mut line = text.replace("\\\n", " ");
            if line.ends_with('#') {
                line.insert(line.len() - 1, '\\');
            }
            let hashes = "#".repeat(self.heading.into());
            self.block(vec![format!("{hashes} {}", escape_line_start(&line))]);
        } else {
            let lines: Vec<&str> = text.split("\\\n").collect();
            let last = lines.len() - 1;
            let lines = lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let l = escape_line_start(l.trim_matches(' '));
                    if i < last { format!("{l}\\") } else { l }
                })
                .collect();
            self.block(lines);
        }
    }

    fn code_block(&mut self, code: &str) {
        let code = code.trim_end_matches(['\n', '\r', ' ', '\t']);
        let code = code.trim_start_matches('\n');
        if code.is_empty() {
            return;
        }
        if self.cells > 0 {
            let code = code.to_owned();
            self.text(&code);
            return;
        }
        let fence = "`".repeat((longest_run(code, '`') + 1).max(3));
        let mut lines = vec![format!("{fence}{}", self.lang)];
        lines.extend(
            code.split('\n')
                .map(|l| l.trim_end_matches('\r').to_owned()),
        );
        lines.push(fence);
        self.block(lines);
    }

    fn table_block(&mut self, t: Table) {
        let cols = t.rows.iter().map(Vec::len).max().unwrap_or(0);
        let rows: Vec<&Vec<String>> = t.rows.iter().filter(|r| !r.is_empty()).collect();
        if rows.is_empty() {
            return;
        }
        if cols < 2 || t.nested {
            // Layout, not data: the cells as paragraphs.
            for row in rows {
                for cell in row {
                    self.para = cell.clone();
                    self.boundary();
                }
            }
            return;
        }
        let line = |row: &[String]| {
            let mut s = String::from("|");
            for i in 0..cols {
                let cell = row.get(i).map_or("", String::as_str);
                s.push(' ');
                s.push_str(&cell.replace('|', "\\|"));
                s.push_str(" |");
            }
            s
        };
        let mut lines = vec![line(rows[0])];
        lines.push(format!("|{}", " --- |".repeat(cols)));
        lines.extend(rows[1..].iter().map(|r| line(r)));
        self.block(lines);
    }

    /// Writes a block's lines with the containers' prefixes, after a blank line unless it
    /// starts a list item that follows another.
    fn block(&mut self, lines: Vec<String>) {
        if !self.out.is_empty() {
            let tight = match self.containers.last() {
                Some(Container::Item {
                    started: false,
                    first,
                    ..
                }) => {
                    !*first
                        || (self.containers.len() >= 2
                            && matches!(
                                self.containers[self.containers.len() - 2],
                                Container::Item { started: true, .. }
                            )
                            && self.lists.last().is_some_and(|l| !l.ordered || l.next == 2))
                }
                _ => false,
            };
            if !tight {
                let mut blank = String::new();
                for c in &self.containers {
                    match c {
                        Container::Quote { started: true } => blank.push_str("> "),
                        Container::Item {
                            started: true,
                            marker,
                            ..
                        } => blank.push_str(&" ".repeat(marker.len())),
                        _ => break,
                    }
                }
                self.out.push_str(blank.trim_end());
                self.out.push('\n');
            }
        }
        for line in lines {
            let mut prefix = String::new();
            for c in &mut self.containers {
                match c {
                    Container::Quote { started } => {
                        *started = true;
                        prefix.push_str("> ");
                    }
                    Container::Item {
                        marker, started, ..
                    } => {
                        if *started {
                            prefix.push_str(&" ".repeat(marker.len()));
                        } else {
                            *started = true;
                            prefix.push_str(marker);
                        }
                    }
                }
            }
            prefix.push_str(&line);
            self.out.push_str(prefix.trim_end_matches(' '));
            self.out.push('\n');
        }
        self.blocks += 1;
    }
}

/// Whether `*`/`**` around `core` parse back as emphasis: it starts and ends with a
/// character that is neither white space nor punctuation (nested markup looked through).
fn can_emphasise(core: &str) -> bool {
    let inner = core.trim_matches('*');
    let ok = |c: Option<char>| c.is_some_and(|c| !c.is_whitespace() && !is_punctuation(c));
    ok(inner.chars().next()) && ok(inner.chars().next_back())
}

/// CommonMark's punctuation: ASCII punctuation and the Unicode P and S categories (here:
/// everything that is not alphanumeric among the non-ASCII symbols and punctuation marks).
fn is_punctuation(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_punctuation()
    } else {
        !c.is_alphanumeric() && !c.is_whitespace() && !is_mark(c)
    }
}

/// Combining marks (they continue the letter before them).
fn is_mark(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x0610..=0x061A
        | 0x064B..=0x065F | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0E31..=0x0E3A | 0x0E47..=0x0E4E
        | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// A code span around `s` (no escaping inside): a backtick fence longer than any run of
/// backticks in it, with a space inside when `s` starts or ends with a backtick.
fn code_span(s: &str) -> String {
    let fence = "`".repeat(longest_run(s, '`') + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{s}{pad}{fence}")
}

fn longest_run(s: &str, c: char) -> usize {
    let (mut best, mut run) = (0, 0);
    for x in s.chars() {
        if x == c {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

/// A link destination: the URL with ASCII white space stripped and the characters that would
/// end or break a destination (spaces, parentheses, angle brackets, backslashes, controls)
/// percent-encoded.
fn destination(href: &str) -> String {
    let mut out = String::new();
    for c in href.trim_matches(is_ascii_whitespace).chars() {
        match c {
            ' ' | '(' | ')' | '<' | '>' | '\\' | '\u{0}'..='\u{1f}' | '\u{7f}' => {
                out.push_str(&format!("%{:02X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

fn is_javascript(href: &str) -> bool {
    href.trim_matches(is_ascii_whitespace)
        .get(..11)
        .is_some_and(|s| s.eq_ignore_ascii_case("javascript:"))
}

/// The language of a `pre`: a `language-X` or `lang-X` class on it or on its first element
/// child if that is a `code`.
fn code_language(doc: &Document<'_>, pre: NodeId) -> String {
    let node = doc.get(pre);
    let code = node.first_element_child().filter(|c| c.is_html(Tag::Code));
    for n in std::iter::once(node).chain(code) {
        for class in n.classes() {
            if let Some(lang) = class
                .strip_prefix("language-")
                .or_else(|| class.strip_prefix("lang-"))
                && !lang.is_empty()
                && !lang.contains('`')
            {
                return lang.to_owned();
            }
        }
    }
    String::new()
}

/// Escapes text so that CommonMark reads it as that text (line starts aside:
/// [`escape_line_start`]).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let escape = match c {
            '\\' | '`' | '*' | '[' | ']' | '<' | '~' => true,
            // `_` between two letters or digits cannot open or close emphasis.
            '_' => {
                let alnum = |j: Option<&char>| j.is_some_and(|c| c.is_alphanumeric());
                !(i > 0 && alnum(chars.get(i - 1)) && alnum(chars.get(i + 1)))
            }
            // `&` only where it could start a character reference.
            '&' => chars
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_alphanumeric() || *n == '#'),
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes what would start a block at the start of a line: `#`, `>`, `-`, `+`, `=`, `|`, and
/// the `.` or `)` after digits (an ordered list item).
fn escape_line_start(line: &str) -> String {
    let b = line.as_bytes();
    match b.first() {
        Some(b'#' | b'>' | b'-' | b'+' | b'=' | b'|') => format!("\\{line}"),
        Some(b'0'..=b'9') => {
            let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
            match b.get(digits) {
                Some(b'.' | b')') => format!("{}\\{}", &line[..digits], &line[digits..]),
                _ => line.to_owned(),
            }
        }
        _ => line.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Arena, ParseOptions, parse_document_str};

    fn md(html: &str) -> String {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        markdown(
            &doc,
            doc.root(),
            &MarkdownOptions::new(true).with_images(true),
        )
    }

    #[test]
    fn escapes_text_that_would_be_markup() {
        assert_eq!(
            md("<p>1. a *b* [c] &lt;d> snake_case _x_ &amp;amp; \\ `q`</p><p># no</p><p>- no</p>"),
            "1\\. a \\*b\\* \\[c\\] \\<d> snake_case \\_x\\_ \\&amp; \\\\ \\`q\\`\n\n\\# no\n\n\\- no\n"
        );
    }

    #[test]
    fn shadow_content_where_the_flat_tree_shows_it() {
        assert_eq!(
            md(
                "<article><template shadowrootmode=open><h2><slot name=t></slot></h2>\
                <p><slot></slot></p></template><span slot=t>Title</span>Body <b>text</b>\
                </article>"
            ),
            "## Title\n\nBody **text**\n"
        );
    }

    #[test]
    fn inline_markup() {
        assert_eq!(
            md("<p>a<b> b </b>c <i>d</i>, <em>\"q\"</em> <code>x `y` z</code> <code>`</code>"),
            "a **b** c *d*, \"q\" ``x `y` z`` `` ` ``\n"
        );
        assert_eq!(
            md("<p><a href='/a b(c)'>link</a> <a href='javascript:x()'>js</a> <a href=/e></a>"),
            "[link](/a%20b%28c%29) js\n"
        );
        assert_eq!(
            md("<p>x<img src=i.png alt='a [b]'>"),
            "x![a \\[b\\]](i.png)\n"
        );
        assert_eq!(md("<p>one<br>two<br></p>"), "one\\\ntwo\n");
        // Emphasis across blocks loses its markup.
        assert_eq!(md("<b>a<p>b</p>c</b>"), "a\n\nb\n\nc\n");
    }

    #[test]
    fn blocks() {
        assert_eq!(
            md(
                "<h2>T #</h2><blockquote><p>q1<p>q2</blockquote><blockquote>r</blockquote><hr>\
                <ol start=3><li>a<li><p>b<p>c</ol><ol><li>d</ol><pre>  code\n```\n</pre>"
            ),
            "## T \\#\n\n> q1\n>\n> q2\n\n> r\n\n---\n\n3. a\n4. b\n\n   c\n\n1) d\n\n````\n  code\n```\n````\n"
        );
        assert_eq!(md("<ul><li><li>x</ul>"), "-\n- x\n");
    }

    #[test]
    fn tables() {
        assert_eq!(
            md("<table><tr><td>a<td>b<tr><td><p>c<p>d<td></table>"),
            "| a | b |\n| --- | --- |\n| c d |  |\n"
        );
        assert_eq!(
            md("<table><tr><td>layout<td><table><tr><td>x<td>y</table></table>"),
            "layout\n\nx y\n"
        );
        assert_eq!(md("<table><tr><td>one column</table>"), "one column\n");
    }
}
