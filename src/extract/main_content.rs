//! The main content of a page: its article body, or on a page that is not an article its
//! central block of text, without the navigation, headers, footers, sidebars, share bars,
//! related links, cookie notices and comment sections around it ([`main_text`],
//! [`MainContent`]).
//!
//! The method (deterministic, no model, no network, any script; `docs/extraction.md` says
//! what was tried, what was kept and how it scores):
//!
//! 1. **Walk** the body once in tree order. Leave out what a reader does not see: scripts,
//!    styles, form controls, `hidden` (but for React's streamed segments), inline
//!    `display: none` (not `visibility: hidden`, which hides a page until its scripts run),
//!    `aria-hidden="true"`, a closed `dialog`, and the classes of CSS frameworks that hide
//!    text or keep it for screen readers only (`sr-only`, `visually-hidden`, `d-none`,
//!    `hidden`, …), but not on an element around the main landmark (`main`, role `main`):
//!    a page that a class hides until its scripts run. Keep what a reader opens: the closed
//!    panels of tabs, accordions and disclosures (ARIA `tabpanel` and `region`, classes such
//!    as `tab-pane`, `accordion`, `faq`, `collapse`; closed `details`; a hidden element
//!    right after a button) and the
//!    text of the buttons that open them (`aria-expanded` with `aria-controls`, or right
//!    before a hidden panel: a FAQ's questions). Leave out `nav`, `aside` and `footer` and,
//!    on the first attempt, the rest of the page furniture: ARIA landmarks of furniture
//!    (`navigation`, `complementary`, `menu`, `dialog`, …) and elements whose `class` or
//!    `id` names a furniture part (`comment`, `sidebar`, `footer`, `menu`, `related`,
//!    `share`, `cookie`, a forum's `user-info` cards, `signature`s and vote counts,
//!    `recommend`ations, `upsell`s, an article's `author-bio`, …)
//!    unless they also name content (`article`, `content`, `main`, `body`, …) or are the
//!    main landmark (`main`, role `main`), an element around it (an `aside` left open, a
//!    wrapper named `has-sidebar`) or an `article` element. Inside the main landmark
//!    a `header` class is a section's heading and introduction, not the page's, and one that
//!    holds 2,000 bytes of shown text outside links wraps the page's content, as does a `footer`
//!    class that holds as much (a layout's region around the content); on a page
//!    that says it is a product (schema.org `Product`, `og:type` `product`, a product URL), a `review`
//!    or `carousel` class is furniture too: the customers' reviews and the other products
//!    (or the pictures), not the description. Comments
//!    and replies are content on a page that says it is a discussion (schema.org
//!    `DiscussionForumPosting`, `QAPage`, microdata `Comment`s).
//!    The first `h1`/`h2` (not inside another) that repeats the document's title and the first
//!    byline are left out too: they are the page's metadata, not its text.
//! 2. **Measure** every element bottom-up: its text length, the part of it inside links, its
//!    commas, paragraphs, images, list items and form inputs. Lengths are in characters, not
//!    words, with a character of a CJK script (Han, kana, Hangul) counted three times, as
//!    it carries about as much text as three Latin letters: pages without spaces score as
//!    pages with them.
//! 3. **Score** each block of text (a `p` or a `div` around only a `p`, a `div` with inline
//!    content, a `td`, …) of 25
//!    characters or more, 2 points plus one per comma plus one per 100 characters (at most
//!    3), scaled down by the share of it inside links, and add the score to the block's
//!    container (fully), the container's parent (half) and three more ancestors (a third of
//!    their level); containers start from a bonus or penalty for their tag (`div` +5,
//!    lists −3, headings −5) and for their `class`/`id` (±25). A container's score is scaled
//!    by one minus its link density.
//! 4. **Choose** the best container; move up to a common ancestor when three other
//!    containers score almost as well inside it, or to a parent that scores better; then add
//!    the siblings that score at least a fifth as well, paragraphs beside it that read as
//!    prose, and, when the choice is a `section` that starts with a heading, the sections
//!    beside it that start with one too (the parts of one document), unless they are mostly
//!    links or lists.
//! 5. **Clean** the choice bottom-up: drop forms, `footer`s, `aside`s, headings whose
//!    `class` says furniture, small share bars, copyright notices, and lists, tables and `div`s that look like
//!    link lists, galleries or widgets (link density, images per paragraph, form controls,
//!    which on a page that says it is an article do not include buttons, as Readability
//!    counts only `input`s; `class`), keeping data tables (not tables that are more than half links: menus) and,
//!    on a page that does not say it is a product, a discussion or an article, a grid of
//!    cards (see step 7) that holds half the choice's text or more: a listing's items. On a
//!    page that says it is an article, a container whose `class`/`id` names a byline but that
//!    holds 100 to 2,000 characters (a byline is shorter, a section of the article longer) is
//!    the author's card, and goes too (on the first attempt, which leaves out furniture).
//! 6. If what is left is under 500 characters, try again less strictly (keep furniture by
//!    `class`, then ignore `class` weights, then skip cleaning), and keep the longest result.
//! 7. **Whole page or one block.** An article is one block among furniture; a service page
//!    (sections of hero, features, pricing, FAQ), a listing of cards or a forum thread is the
//!    whole page less its furniture, and step 4's choice then holds only a part of it. When the
//!    choice holds at most a quarter of the text step 1 keeps (unless that text is mostly
//!    links around a choice of long prose lines: an article among its menus), or at most half
//!    of it (three quarters on a forum thread, whose replies are content beside its first
//!    post) in a page with few links, or at most three fifths in a page with fewer links
//!    still around a choice of short lines (not prose), the content is the whole page as step 1's strict walk
//!    keeps it, without its furniture (or, when that leaves almost no text, as the attempt of
//!    step 6 that gave the choice walks it); when a main landmark (`main`, role `main`)
//!    holds a fifth of that text or more, the whole page is the landmark. The
//!    thresholds were fitted on part of the WCXB development split and checked on the rest
//!    and on the article sets (`docs/extraction.md`).
//!    Before it, step 4's choice moves up to the list it is an item of (at least three
//!    siblings of one tag and first class holding twice its text: posts, cards). When the
//!    choice stays one block, a **grid of cards** elsewhere on the page (or inside the choice,
//!    where step 5 took it out) that holds more text than it joins it (six or more children
//!    of one tag and first class, each with text, most with a link: the products below a
//!    category's introduction, the items of a listing). On a page that does not say it is an
//!    article, the **sections of a landing page** outside the choice join it too: an element
//!    whose `class`/`id` names a `hero`, `feature`s (not `featured` items), a `faq` or
//!    `testimonial`s, with at least [`LANDING_SECTION_TEXT`] characters of text.
//! 8. **Content for readers without scripts.** A page that shows almost nothing with scripts
//!    on but keeps its content in `noscript` (forums that render posts by script keep a copy
//!    for crawlers there) is flagged ([`MainContent::is_in_noscript`]); [`with_main_content`]
//!    then reads the page parsed with scripting off.
//! 9. **Quoted posts.** On a page that says it is a forum thread, an element whose
//!    `class`/`id` names a `quote` (not as the end of `blockquote`, a block quotation's
//!    style) with the reply's own text beside it is a post the reply
//!    quotes, shown again where it was written: it is left out of the text (not of the choice
//!    above, which it still counts towards).
//!    **Repeated chrome.** (Here and in step 10 a block of text is a paragraph, a list item,
//!    a container of inline content, or an inline element alone between blocks, which a
//!    browser lays out as a line of its own.) The short links each card repeats are left out: a link of up to 25
//!    characters and no digit whose text comes back three times or more ("Learn more", "Add
//!    to cart"). On a thread, so are the short blocks each post carries: any text that short
//!    that comes back as often (a rank, "Offline", "Reply", a post's date), and a line of up
//!    to 60 characters that gives a value after a label the thread repeats as often ("Posts:
//!    138", "Joined: May 2019").
//!    **Controls' labels.** A block whose whole text is the label of a control of the page's
//!    interface ("Share", "Add to cart", "Sort by", "Read more", "Load more", … in English)
//!    is left out wherever it stands, once or repeated.
//! 10. **Repeated blocks.** A paragraph, list item or container of inline content of 40
//!     characters or more that repeats word for word one before it in the content (a section
//!     written twice for narrow and wide screens, a post quoted in a thread) is left out;
//!     headings, code, preformatted text and tables keep their repeats.
//!     **Links titled as other pages.** A section that a heading (`h2`–`h6`) titles as other
//!     pages ("Related articles", "You may also like", "More from …", in English and a few
//!     other languages) and whose text past the heading is a third or more in links (or
//!     already left out) is left out: what else to read or buy, in the content, that no
//!     `class` names. The section is the element the heading opens (climbing while it is the
//!     first thing with text in its parent, up to five levels), else the heading and its
//!     siblings up to the next heading of its rank or higher; a box of links, not a part of
//!     the page, so a section of more than 2,000 kept nodes stays, as does a section of prose
//!     under such a heading, and a heading that opens a root of the content (or is one)
//!     titles the content, not a box in it: the section is always inside a root.
//! 11. **Forms of fields.** A form with two inputs or more (a button counts) and under 500
//!     characters of text (a search box, a newsletter's sign-up, a contact or review form)
//!     is left out of the content, whole page or block, unless it holds half of the content's
//!     text (an error page's login form); a form that holds posts or a page's text stays.
//! 12. **A page of furniture only.** When the page without its furniture (step 1's strict
//!     walk) holds less text than a block that scores (25 characters, step 3), the content is
//!     what a laxer attempt of step 6 found, under 500 characters, and none of it is text the
//!     strict walk keeps, the page's only text is its menus, header and footer (a page whose
//!     content a script renders, an empty shop category): it has no main content.
//! 13. **Content hidden until the scripts run.** On such a page, of the elements step 12's
//!     strict walk leaves out only for an inline `display: none` (not furniture, not inside
//!     furniture or anything else the walk leaves out), the one that shows the most text
//!     outside links once shown (not what is hidden inside it), at least 2,000 bytes of it (a
//!     shop's product page, written out and hidden until its scripts have laid it out), is
//!     read as shown, and steps 1–12 run again; if that still finds furniture only, the page
//!     has no main content.
//!
//! Every step is one pass over the page's nodes or a bounded walk up from one node (at most
//! five ancestors), and step 13 runs steps 1–12 once more at most, so the time is linear in
//! the page and the memory is one small record per node. Steps 3–5 follow the scoring of
//! Arc90's Readability (as in Mozilla's Readability.js), reimplemented on the parsed tree with
//! these changes: lengths in characters with CJK weighting, link density applied to each
//! block's score, furniture tags and landmarks left out by the walk, and cleaning in one
//! bottom-up pass.

use std::collections::{HashMap, HashSet};

use crate::dom::{Document, NodeData, NodeId};
use crate::markup::{Namespace, Tag, is_ascii_whitespace};
use crate::{Arena, ParseOptions, parse_document};

use super::markdown::{MarkdownOptions, markdown_filtered};
use super::page_type::{self, Facts, PageType, Shape, Signals};
use super::visible::{TextOptions, text_of_filtered};
use super::{capped_nodes, capped_text};

mod flags;
mod labels;
mod names;
#[cfg(test)]
mod tests;
mod walk_attrs;

use flags::Flags;
use labels::{is_interface_label, titles_other_pages};
use names::Names;
use walk_attrs::{
    WalkAttrs, content_hidden_by_style, follows_button, is_main_landmark, precedes_panel,
    style_hides,
};

/// The text of the page's main content ([`MainContent::find`]), one block (heading,
/// paragraph, list item, table row, `<br>`-separated line) per line, each line ending in
/// `\n`, by the rules of [`visible_text`](super::visible_text). `""` for a page without text.
///
/// ```
/// use simdhtml::{Arena, ParseOptions, extract, parse_document_str};
///
/// let page = "<title>Rain - The Daily</title><nav><a href=/>Home</a> <a href=/w>Weather</a></nav>\
///     <article><h1>Rain</h1><p>It rained all day, and then, in the evening, it rained more.</p>\
///     <p>Tomorrow, forecasters say, the sun will come out, at least for a while.</p></article>\
///     <footer>© The Daily</footer>";
/// let arena = Arena::new();
/// let doc = parse_document_str(&arena, page, &ParseOptions::default());
/// assert_eq!(
///     extract::main_text(&doc),
///     "It rained all day, and then, in the evening, it rained more.\n\
///      Tomorrow, forecasters say, the sun will come out, at least for a while.\n"
/// );
/// ```
///
/// This reads `doc` as it is; [`with_main_content`] also reads the content a page keeps for
/// readers without scripts, as the `simdhtml` command does.
pub fn main_text(doc: &Document<'_>) -> String {
    MainContent::find(doc).text(doc)
}

/// Runs `f` on the page's main content: [`MainContent::find`] in `doc`, or, when the page keeps
/// its content in `noscript` elements ([`MainContent::is_in_noscript`]), in `input` parsed again
/// with `options` and the scripting flag off. `input` and `options` are what `doc` was parsed
/// from.
///
/// This is the main content as the `simdhtml` command (`text --main`, `batch`'s `main_text`
/// and `markdown`) and the Python package give it.
pub fn with_main_content<R>(
    doc: &Document<'_>,
    input: &[u8],
    options: &ParseOptions,
    f: impl FnOnce(&Document<'_>, &MainContent) -> R,
) -> R {
    let content = MainContent::find(doc);
    if content.is_in_noscript() {
        let arena = Arena::new();
        let options = ParseOptions {
            scripting: false,
            ..options.clone()
        };
        let Ok(again) = parse_document(&arena, input, &options);
        let content = MainContent::find(&again);
        return f(&again, &content);
    }
    f(doc, &content)
}

/// Where a page's main content is: the elements that hold it, in tree order, and the nodes
/// inside them that are left out (furniture, hidden parts, cleaned-out widgets). See the
/// module documentation for how it is found.
#[derive(Debug, Clone)]
pub struct MainContent {
    roots: Vec<NodeId>,
    /// One bit per node of the document: left out of the content.
    left_out: Vec<bool>,
    scripting: bool,
    in_noscript: bool,
    /// What the page type is read from, but for the content's lines
    /// ([`page_type`](Self::page_type)); `None` for [`PageType::Other`].
    page: Option<Facts>,
}

impl MainContent {
    /// Finds the main content of `doc`: linear in the page, deterministic.
    pub fn find(doc: &Document<'_>) -> MainContent {
        find(doc)
    }

    /// Whether the page shows a reader with scripts almost nothing (under 500 characters of
    /// main content) and keeps its content in `noscript` elements for readers without
    /// scripts (at least 2,000 bytes of their markup in the body), as forums that render their
    /// posts by script do for crawlers. Only with the scripting flag on (a `noscript`'s
    /// content is then text, not elements). The page's main content is then that of the same
    /// input parsed again with scripting off ([`ParseOptions::scripting`](crate::ParseOptions)),
    /// as the `simdhtml` command and the Python package do.
    pub fn is_in_noscript(&self) -> bool {
        self.in_noscript
    }

    /// What kind of page this is ([`PageType`]): from what the page says of itself in
    /// schema.org data, `og:type` and its URL, else from the content's shape (the whole page,
    /// or lines of prose). [`PageType::Other`] for a page without text, and for one whose
    /// content is in `noscript` ([`is_in_noscript`](Self::is_in_noscript); the page parsed
    /// with scripting off has the type). `doc` is the document the content was found in.
    pub fn page_type(&self, doc: &Document<'_>) -> PageType {
        match self.page {
            Some(_) => self.page_type_with_text(&self.text(doc)),
            None => PageType::Other,
        }
    }

    /// [`page_type`](Self::page_type) with the content's text at hand (what
    /// [`text`](Self::text) returned for this content), so that it is not read again.
    pub fn page_type_with_text(&self, text: &str) -> PageType {
        self.page
            .as_ref()
            .map_or(PageType::Other, |f| page_type::classify(&f.features(text)))
    }

    /// The numbers [`page_type`](Self::page_type) is read from (`xtask/page_type_model.py`
    /// trains the model on them); `None` for a page without text. Not a stable API.
    #[doc(hidden)]
    pub fn page_type_features(&self, doc: &Document<'_>) -> Option<Vec<f32>> {
        self.page
            .as_ref()
            .map(|f| f.features(&self.text(doc)).to_vec())
    }

    /// The elements that hold the content, in tree order: siblings, and a grid of cards
    /// elsewhere on the page. None is inside another but a grid of cards that cleaning took
    /// out of one with an element around it, which that root's text leaves out (no node's
    /// text is written twice). Empty when the page has no body.
    pub fn roots(&self) -> &[NodeId] {
        &self.roots
    }

    /// Whether `node`, inside one of the [`roots`](Self::roots), is left out of the content
    /// (with its subtree).
    pub fn is_left_out(&self, node: NodeId) -> bool {
        self.left_out.get(node.index()).copied().unwrap_or(false)
    }

    /// The content's text (what [`main_text`] returns).
    pub fn text(&self, doc: &Document<'_>) -> String {
        self.text_with(doc, &TextOptions::new(self.scripting))
    }

    /// The content as Markdown, by the rules of [`markdown`](super::markdown()).
    pub fn markdown(&self, doc: &Document<'_>, options: &MarkdownOptions) -> String {
        markdown_filtered(doc, &self.roots, options, &|n| self.is_left_out(n), true)
    }

    /// The content's text with [`TextOptions`] (image `alt` text, link URLs), by the rules of
    /// [`visible_text_with`](super::visible_text_with).
    pub fn text_with(&self, doc: &Document<'_>, options: &TextOptions) -> String {
        let skip = |n: NodeId| self.is_left_out(n);
        let mut out = String::new();
        for &r in &self.roots {
            out.push_str(&text_of_filtered(doc, r, options, &skip, true));
        }
        out
    }
}

/// An element that names a `header` or a `footer` but holds this much text outside links (in
/// bytes, [`holds_prose`]) is a wrapper of the page's content, not its header or footer; step
/// 13's hidden content holds at least as much ([`Finder::hidden_content`]).
const WRAPPER_TEXT: usize = 2000;

/// The text (weighted characters) of an article's author card ([`Finder::is_author_card`]):
/// from the longest byline ([`Finder::is_byline`] reads under 100 characters) to a few
/// paragraphs, not a section of the article that a theme names for its author.
const AUTHOR_CARD_TEXT: std::ops::Range<f32> = 100.0..2000.0;

/// A short block read whole for a copyright notice (step 5): at most this many bytes of text.
const COPYRIGHT_TEXT: usize = 800;
/// Step 9 looks at this many siblings on either side of a quote for the reply's own text…
const SIBLINGS_LOOKED_AT: usize = 8;
/// …and at this many nodes of each sibling's subtree.
const NODES_LOOKED_AT: usize = 200;

/// Blocks shorter than this (in weighted characters) do not score.
const MIN_PARAGRAPH: f32 = 25.0;
/// A result shorter than this is tried again less strictly.
const ENOUGH_TEXT: f32 = 500.0;
/// A less strict attempt replaces a stricter one when it finds this much more text (more of
/// the same content, not the few lines of furniture a laxer pass lets in).
const RETRY_GAIN: f32 = 1.5;
/// The whole page is the strict walk's (without furniture) when that keeps this much text.
const WHOLE_PAGE_TEXT: f32 = 200.0;
/// A page whose strict walk keeps less text than a block that scores ([`MIN_PARAGRAPH`])
/// and whose laxer attempts find less than this, none of it kept by the strict walk, is a
/// page of furniture only (step 12): as little as makes an attempt try again
/// ([`ENOUGH_TEXT`]).
const FURNITURE_ONLY_TEXT: f32 = ENOUGH_TEXT;
/// A choice with at most this share of the page's text gives way to the whole page, unless
/// the page is mostly links ([`LINKED_PAGE`]) around lines of prose ([`LONG_LINE`]).
const WHOLE_PAGE_SHARE: f32 = 0.25;
/// Step 7's whole page is its main landmark when that holds this share of the page's text or
/// more.
const MAIN_SHARE: f32 = 0.2;
/// A choice with at most this share gives way to a page with few links ([`FEW_LINKS`]).
const HALF_PAGE_SHARE: f32 = 0.5;
/// A choice with at most this share and short lines (under [`LONG_LINE`]) gives way to a
/// page with fewer links still ([`FEWER_LINKS`]).
const THREE_FIFTHS_SHARE: f32 = 0.6;
/// See [`THREE_FIFTHS_SHARE`].
const FEWER_LINKS: f32 = 0.1;
/// On a forum thread, a choice with at most this share gives way to a page with few links:
/// the posts are the content, and a choice of one post (the first, apart from the list of
/// replies) holds only a part of them.
const THREAD_SHARE: f32 = 0.75;
/// The link density of a page that is mostly navigation.
const LINKED_PAGE: f32 = 0.42;
/// The mean length of a line of prose paragraphs (characters).
const LONG_LINE: f32 = 137.0;
/// The link density of a page whose text is mostly its own.
const FEW_LINKS: f32 = 0.13;
/// A titled `section` beside a chosen titled `section` joins it below this link density…
const SECTION_LINKS: f32 = 0.3;
/// …and with less than this share of its text in lists.
const SECTION_LIST: f32 = 0.5;
/// How many elements of one tag and first class make a list of items (posts, cards).
const REPEATED_ITEMS: usize = 3;
/// How many children of one tag and first class make a grid of cards (step 7b).
const CARD_GRID_ITEMS: usize = 6;
/// The share of a grid's cards that hold a link.
const LINKED_CARDS: f32 = 0.8;
/// The mean text of a grid's card at most (weighted characters): cards, not sections.
const CARD_TEXT: f32 = 1500.0;
/// The share of the chosen content's text a grid of cards holds at least for step 5 to keep
/// it whole (on a page that does not say it is a product, discussion or article).
const GRID_SHARE: f32 = 0.5;
/// The kinds of children (tag and first class) told apart under one parent.
const CARD_KINDS: usize = 8;
/// The `noscript` markup (bytes) of a page that keeps its content there
/// ([`MainContent::is_in_noscript`]).
const NOSCRIPT_CONTENT: usize = 2000;
/// How far up a block's score goes.
const SCORE_LEVELS: usize = 5;

/// What an attempt may do (step 6 drops them one by one).
#[derive(Clone, Copy)]
struct Strictness {
    strip_furniture: bool,
    weigh_classes: bool,
    clean: bool,
}

/// The element kinds the heuristics tell apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// An inline element (`span`, `b`, `font`, unknown elements…).
    Inline,
    /// A block that holds prose itself: `p`, headings, list items, `pre`, `blockquote`…
    Para,
    /// A block that groups others: `div`, `section`, `article`, `td`, `body`…
    Container,
    A,
    Img,
    Br,
    Table,
    Tr,
    /// `td`, `th`: containers that count as row cells.
    Cell,
    /// `thead`, `tfoot`, `colgroup`, `col`, `caption`: signs of a data table.
    TablePart,
    List,
    Li,
    Heading,
    Form,
    Code,
    Figure,
    /// Left out of any text: scripts, styles, embedded content, form controls.
    Skip,
    /// Form controls (counted, then left out).
    Input,
    /// Furniture by tag: `nav`, `aside`, `footer`.
    Furniture,
}

fn kind_of(doc: &Document<'_>, n: NodeId, scripting: bool) -> Kind {
    use Tag::*;
    let Some(e) = doc.element(n) else {
        return Kind::Skip;
    };
    if e.ns != Namespace::Html {
        // MathML is text (formulas); SVG is drawings and icons.
        return if e.ns == Namespace::MathMl {
            Kind::Inline
        } else {
            Kind::Skip
        };
    }
    match e.tag {
        P | Pre | Blockquote | Address | Dt | Dd | Figcaption | Summary | Legend | Listing
        | Xmp | Plaintext => Kind::Para,
        t if t.is_heading() => Kind::Heading,
        Li => Kind::Li,
        Ul | Ol | Dl | Menu | Dir => Kind::List,
        Noscript if scripting => Kind::Skip,
        // A closed dialog is not shown (an open one is read, then left out as a modal or
        // as furniture by its role).
        Dialog if e.attr("open").is_none() => Kind::Skip,
        Div | Section | Article | Main | Body | Center | Header | Hgroup | Details | Dialog
        | Fieldset | Tbody | Noscript => Kind::Container,
        Td | Th => Kind::Cell,
        Tr => Kind::Tr,
        Table => Kind::Table,
        Thead | Tfoot | Colgroup | Col | Caption => Kind::TablePart,
        A => Kind::A,
        Img => Kind::Img,
        Br => Kind::Br,
        Form => Kind::Form,
        Code => Kind::Code,
        Figure => Kind::Figure,
        Nav | Aside | Footer => Kind::Furniture,
        Input | Textarea | Select | Button => Kind::Input,
        Head | Script | Style | Template | Title | Iframe | Noembed | Noframes | Object | Embed
        | Svg | Canvas | Audio | Video | Map | Link | Meta | Option | Optgroup | Datalist => {
            Kind::Skip
        }
        _ => Kind::Inline,
    }
}

impl Kind {
    /// Whether the element starts its own block of text.
    fn is_block(self) -> bool {
        matches!(
            self,
            Kind::Para
                | Kind::Heading
                | Kind::Li
                | Kind::List
                | Kind::Container
                | Kind::Cell
                | Kind::Tr
                | Kind::Table
                | Kind::TablePart
                | Kind::Form
                | Kind::Figure
                | Kind::Furniture
        )
    }
}

/// What is counted for each element (its subtree).
#[derive(Clone, Copy, Default, Debug)]
struct Stats {
    /// Text length in weighted characters (white space runs count one).
    text: f32,
    /// The part of `text` inside links (a link to a fragment of the page counts 0.3).
    link: f32,
    commas: u32,
    /// `p` elements and `div`s with inline content only.
    paragraphs: u32,
    images: u32,
    items: u32,
    /// Form controls but buttons: `input`, `select`, `textarea`.
    inputs: u32,
    buttons: u32,
    /// Text inside headings.
    heading: f32,
    /// Text inside lists.
    list: f32,
    /// `pre` elements (code blocks).
    pres: u32,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.text += o.text;
        self.link += o.link;
        self.commas += o.commas;
        self.paragraphs += o.paragraphs;
        self.images += o.images;
        self.items += o.items;
        self.inputs += o.inputs;
        self.buttons += o.buttons;
        self.heading += o.heading;
        self.list += o.list;
        self.pres += o.pres;
    }
}

impl Stats {
    fn link_density(&self) -> f32 {
        if self.text > 0.0 {
            (self.link / self.text).min(1.0)
        } else {
            0.0
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Info {
    stats: Stats,
    /// Inline text whose nearest block is this element (for a block), or that passes up
    /// (for an inline element).
    own: f32,
    own_link: f32,
    own_commas: u32,
    score: f32,
    /// The container's tag and `class`/`id` bonus (or penalty), kept apart from `score` (its
    /// content) until the choice.
    bonus: f32,
    /// Form controls among the children, buttons apart (counted by the walk, which leaves
    /// them out).
    inputs: u32,
    buttons: u32,
    /// Rows and most cells in a row, gathered up to the nearest table.
    rows: u32,
    cols: u32,
    flags: Flags,
}

struct Finder<'d, 'a> {
    doc: &'d Document<'a>,
    scripting: bool,
    root: NodeId,
    title: Option<String>,
    /// The title's words ([`words`]), once per page: a page of many headings and a long title
    /// would split it for each.
    title_words: HashSet<String>,
    info: Vec<Info>,
    kinds: Vec<Kind>,
    /// Included nodes in tree order, and each one's place in it and the end of its subtree.
    order: Vec<NodeId>,
    pos: Vec<u32>,
    end: Vec<u32>,
    candidates: Vec<NodeId>,
    buf: String,
    /// The page says it is a discussion (a forum thread, questions and answers): its
    /// comments are its content.
    discussion: bool,
    /// The page does not say it is a product, a discussion or an article: a grid of cards
    /// in its content is the content (a listing's items), not related links.
    cards_are_content: bool,
    /// The page says it is a product: its customers' reviews and its carousels are not its
    /// description.
    product: bool,
    /// The page says it is an article: a long element named for its author is the author's
    /// card, not the byline ([`Finder::is_author_card`]).
    article: bool,
    /// The page says it is a forum thread (by schema.org types or its URL): the posts it
    /// quotes inside replies are not its text twice.
    thread: bool,
    /// Per node: it is or holds a main landmark ([`Finder::mark_main_landmarks`]).
    holds_main: Vec<bool>,
    /// The main landmarks, in tree order ([`Finder::mark_main_landmarks`]).
    landmarks: Vec<NodeId>,
    /// Per node: the landmark's content hidden until the page's scripts run
    /// ([`Finder::mark_main_landmarks`]).
    unveiled: Vec<bool>,
    /// Step 13's candidates, when step 12 asks the walk for them: the elements the walk
    /// leaves out for an inline `display: none` ([`style_hides`]) and would keep unveiled
    /// (not furniture, not the `hidden` attribute, not inside anything the walk leaves out),
    /// in tree order.
    hidden_by_style: Option<Vec<NodeId>>,
    /// Per element: the lists of pieces its `class` and its `id` name, once read (each value
    /// is read once per page, however many walks and scores ask).
    names: Vec<Option<(Names, Names)>>,
}

/// The element whose text the finder reads: the body, else the `html` element, else the
/// document.
fn content_root(doc: &Document<'_>) -> NodeId {
    doc.body()
        .or_else(|| doc.html())
        .map_or(doc.root(), |n| n.node_id())
}

/// Steps 1–12, then step 13: a page of furniture only that hides its content by an inline
/// style until its scripts run ([`Finder::hidden_content`]) is read again with that content
/// shown. At most two runs of steps 1–12.
fn find(doc: &Document<'_>) -> MainContent {
    let (content, step12) = find_with(doc, None);
    if let Step12::FurnitureOnly {
        hidden: Some(hidden),
    } = step12
    {
        let (shown, again) = find_with(doc, Some(hidden));
        if again == Step12::Content {
            return shown;
        }
    }
    content
}

/// What step 12 found of a page.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step12 {
    /// The page has content (or keeps it in `noscript`, step 8).
    Content,
    /// The page's only text is its furniture; `hidden` is step 13's content hidden until its
    /// scripts run ([`Finder::hidden_content`]), if it has one.
    FurnitureOnly { hidden: Option<NodeId> },
}

/// Steps 1–12 with `unveil` (an element an inline style hides) read as shown: the content
/// and what step 12 found.
fn find_with(doc: &Document<'_>, unveil: Option<NodeId>) -> (MainContent, Step12) {
    let scripting = doc.scripting();
    let root = content_root(doc);
    let title = super::title(doc);
    let mut f = Finder {
        doc,
        scripting,
        root,
        title_words: title.as_deref().map_or_else(HashSet::new, words),
        title,
        info: Vec::new(),
        kinds: vec![Kind::Skip; doc.len()],
        order: Vec::new(),
        pos: vec![0; doc.len()],
        end: vec![0; doc.len()],
        candidates: Vec::new(),
        buf: String::new(),
        discussion: false,
        cards_are_content: false,
        product: false,
        article: false,
        thread: false,
        holds_main: Vec::new(),
        landmarks: Vec::new(),
        unveiled: Vec::new(),
        hidden_by_style: None,
        names: vec![None; doc.len()],
    };
    f.mark_main_landmarks();
    if let Some(n) = unveil {
        f.unveiled[n.index()] = true;
    }
    let signals = Signals::of(doc);
    f.discussion = signals.is_discussion();
    let said = signals.said();
    f.product = said == Some(PageType::Product);
    f.article = said == Some(PageType::Article);
    f.thread = f.discussion || said == Some(PageType::Forum);
    f.cards_are_content = !matches!(
        said,
        Some(PageType::Product | PageType::Forum | PageType::Article)
    );
    let attempts = [
        Strictness {
            strip_furniture: true,
            weigh_classes: true,
            clean: true,
        },
        Strictness {
            strip_furniture: false,
            weigh_classes: true,
            clean: true,
        },
        Strictness {
            strip_furniture: false,
            weigh_classes: false,
            clean: true,
        },
        Strictness {
            strip_furniture: false,
            weigh_classes: false,
            clean: false,
        },
    ];
    // (attempt, its length, its content, the page's counts as its walk keeps the page)
    let mut best: Option<(usize, f32, MainContent, Stats)> = None;
    let mut last = 0;
    // The text of the page as the strict walk keeps it (without its furniture).
    let mut strict_page = 0.0;
    for (i, s) in attempts.into_iter().enumerate() {
        let (len, content) = f.attempt(s);
        last = i;
        let page = f.info[f.root.index()].stats;
        if i == 0 {
            strict_page = page.text;
        }
        if len >= ENOUGH_TEXT {
            best = Some((i, len, content, page));
            break;
        }
        if best.as_ref().is_none_or(|b| len > b.1 * RETRY_GAIN) {
            best = Some((i, len, content, page));
        }
    }
    let (chosen, len, mut focused, page) = best.expect("at least one attempt");
    if chosen != last {
        // The later attempts' counts, back to the chosen one's (for the whole page and the
        // cards below).
        f.attempt(attempts[chosen]);
    }
    let forms = f.forms_of_fields();
    if len < ENOUGH_TEXT && scripting && f.noscript_markup() >= NOSCRIPT_CONTENT {
        focused.in_noscript = true;
        focused.page = None;
        return (focused, Step12::Content);
    }
    if f.prefers_whole_page(len, &page, &focused) {
        // The main landmark that holds a fifth of the page's text or more, by the chosen
        // attempt's counts: the page less its header, footer and side panels.
        let main = f
            .main_landmark()
            .filter(|&m| f.info[m.index()].stats.text >= MAIN_SHARE * page.text);
        f.info.clear();
        f.info.resize(f.doc.len(), Info::default());
        // The page (or its main landmark) less its furniture, unless that leaves (almost)
        // nothing: then the page as the laxer attempt that found the content walks it.
        let walk = if strict_page >= WHOLE_PAGE_TEXT {
            attempts[0]
        } else {
            attempts[chosen]
        };
        f.walk(walk);
        let mut whole = f.whole();
        if let Some(m) = main
            && f.flags(m).contains(Flags::INCLUDED)
        {
            whole.roots = vec![m];
        }
        f.leave_out_forms(&mut whole, &forms, page.text);
        let grid = f.content_grid(&whole);
        whole.page = (page.text > 0.0)
            .then(|| Facts::of(&signals, &f.shape(len, &page, true, chosen, grid)));
        f.leave_out_quoted_posts(&mut whole);
        let blocks = f.text_blocks(&whole);
        f.leave_out_repeated_chrome(&mut whole, &blocks);
        f.leave_out_repeated_blocks(&mut whole, &blocks);
        f.leave_out_links_elsewhere(&mut whole);
        f.drop_left_out_roots(&mut whole);
        let step12 = f.leave_out_furniture_only(&mut whole, chosen, strict_page, attempts[0]);
        return (whole, step12);
    }
    if let Some(grid) = f.card_grid(len, &focused) {
        f.join(&mut focused, &[grid]);
    }
    if said != Some(PageType::Article) {
        let sections = f.landing_sections(&focused);
        f.join(&mut focused, &sections);
    }
    f.leave_out_forms(&mut focused, &forms, len);
    let grid = f.content_grid(&focused);
    focused.page =
        (len > 0.0).then(|| Facts::of(&signals, &f.shape(len, &page, false, chosen, grid)));
    f.leave_out_quoted_posts(&mut focused);
    let blocks = f.text_blocks(&focused);
    f.leave_out_repeated_chrome(&mut focused, &blocks);
    f.leave_out_repeated_blocks(&mut focused, &blocks);
    f.leave_out_links_elsewhere(&mut focused);
    f.drop_left_out_roots(&mut focused);
    let step12 = f.leave_out_furniture_only(&mut focused, chosen, strict_page, attempts[0]);
    (focused, step12)
}

impl<'d, 'a> Finder<'d, 'a> {
    /// The page's shape for its type ([`Shape`]): `len` the chosen block's text, `page` the
    /// page's counts by the chosen attempt, `whole` whether the content is the whole page.
    fn shape(
        &self,
        len: f32,
        page: &Stats,
        whole: bool,
        attempt: usize,
        grid: Option<page_type::CardGrid>,
    ) -> Shape {
        Shape {
            share: if page.text > 0.0 {
                len / page.text
            } else {
                0.0
            },
            link_density: page.link_density(),
            whole,
            main_landmark: !self.landmarks.is_empty(),
            attempt,
            page_text: page.text,
            content_text: len,
            grid,
        }
    }

    fn attempt(&mut self, s: Strictness) -> (f32, MainContent) {
        self.info.clear();
        self.info.resize(self.doc.len(), Info::default());
        self.candidates.clear();
        self.walk(s);
        self.measure(s);
        let roots = self.choose(s);
        let mut len = 0.0;
        for &r in &roots {
            len += self.clean(r, s);
        }
        let left_out = self
            .info
            .iter()
            .map(|i| !i.flags.contains(Flags::INCLUDED) || i.flags.contains(Flags::REMOVED))
            .collect();
        (
            len,
            MainContent {
                roots,
                left_out,
                scripting: self.scripting,
                in_noscript: false,
                page: None,
            },
        )
    }

    /// Whether the page's content is the whole page (less its furniture) rather than the
    /// block the scoring chose: the choice holds a small part of the page's text, and the
    /// rest is not a page of links around a text of long paragraphs (an article among its
    /// menus), or it holds under half and the page around it has few links (a service page
    /// of many sections, a listing of cards, a forum thread), or under three fifths in a page
    /// with fewer links still around a choice of short lines (not an article's prose; the
    /// main landmark, step 7, keeps the page's chrome out). `len` is the choice's cleaned
    /// text, `page` the counts of the page without its furniture (the strict walk's root).
    fn prefers_whole_page(&self, len: f32, page: &Stats, focused: &MainContent) -> bool {
        if page.text <= 0.0 {
            return false;
        }
        let share = len / page.text;
        let ld = page.link_density();
        if share <= WHOLE_PAGE_SHARE {
            ld <= LINKED_PAGE || mean_line(&focused.text(self.doc)) <= LONG_LINE
        } else if share <= HALF_PAGE_SHARE || (self.thread && share <= THREAD_SHARE) {
            ld <= FEW_LINKS
        } else if share <= THREE_FIFTHS_SHARE {
            ld <= FEWER_LINKS && mean_line(&focused.text(self.doc)) <= LONG_LINE
        } else {
            false
        }
    }

    /// Adds `add` (in tree order, none around a root) to the roots of `content` in tree
    /// order, each as the walk keeps it (cleaning may have taken parts of it inside a root: a
    /// grid's cards as link lists). A node inside a root comes back in its place when the
    /// root's text reaches it (nothing between them left out), else it follows that root, so
    /// that no text is written twice. One merge of the two lists, one pass over each added
    /// subtree and, for a node inside a root, one walk up to it.
    fn join(&self, content: &mut MainContent, add: &[NodeId]) {
        if add.is_empty() {
            return;
        }
        // Whether `n`, inside a root, is written by that root's walk once its own subtree is
        // back: no element between them is left out. The root that holds `n` is the last that
        // starts before it (step 7c's sections, joined after step 7b's grid, are outside the
        // roots).
        let in_place = |content: &MainContent, n: NodeId| {
            let k = content
                .roots
                .partition_point(|r| self.pos[r.index()] < self.pos[n.index()]);
            let Some(&r) = k.checked_sub(1).map(|k| &content.roots[k]) else {
                return false;
            };
            self.is_ancestor(r, n)
                && std::iter::successors(self.doc.parent(n), |&x| self.doc.parent(x))
                    .take_while(|&x| x != r)
                    .all(|x| !content.is_left_out(x))
        };
        let mut joined = Vec::with_capacity(add.len());
        for &n in add {
            for &d in self.subtree(n) {
                content.left_out[d.index()] = !self.flags(d).contains(Flags::INCLUDED);
            }
            if !in_place(content, n) {
                joined.push(n);
            }
        }
        let pos = |n: &NodeId| self.pos[n.index()];
        let mut roots = Vec::with_capacity(content.roots.len() + joined.len());
        let (mut old, mut new) = (content.roots.iter().peekable(), joined.iter().peekable());
        while let (Some(o), Some(n)) = (old.peek(), new.peek()) {
            if pos(o) < pos(n) {
                roots.push(**o);
                old.next();
            } else {
                roots.push(**n);
                new.next();
            }
        }
        roots.extend(old.chain(new));
        content.roots = roots;
    }

    /// Step 12: a page of furniture only. When the page without its furniture holds less text than
    /// a block that scores ([`MIN_PARAGRAPH`]; `strict_page`, the counts of the `strict` attempt),
    /// the content is what a laxer attempt found (`chosen` is not the first) and it is short
    /// ([`FURNITURE_ONLY_TEXT`]), the strict walk is taken again: if it keeps none of the content's
    /// text, that text is the page's menus, header or footer (a page whose content a script
    /// renders, an empty shop category), and the page has no main content, with step 13's hidden
    /// content if it has one: that walk gathers its candidates ([`Finder::hidden_by_style`]). Only
    /// on such a page: one more walk and one pass over the content.
    fn leave_out_furniture_only(
        &mut self,
        content: &mut MainContent,
        chosen: usize,
        strict_page: f32,
        strict: Strictness,
    ) -> Step12 {
        if chosen == 0
            || strict_page >= MIN_PARAGRAPH
            || text_weight(&content.text(self.doc)).0 >= FURNITURE_ONLY_TEXT
        {
            return Step12::Content;
        }
        self.info.clear();
        self.info.resize(self.doc.len(), Info::default());
        self.hidden_by_style = Some(Vec::new());
        self.walk(strict);
        let doc = self.doc;
        let kept = |d: NodeId| {
            let shows = |t: &str| !t.trim_matches(is_ascii_whitespace).is_empty();
            matches!(doc.data(d), NodeData::Text(t) if shows(t))
                && !content.is_left_out(d)
                && self.flags(d).contains(Flags::INCLUDED)
        };
        if !content
            .roots
            .iter()
            .any(|&r| kept(r) || doc.descendants(r).any(kept))
        {
            content.roots.clear();
            content.page = None;
            return Step12::FurnitureOnly {
                hidden: self.hidden_content(),
            };
        }
        self.hidden_by_style = None;
        Step12::Content
    }

    /// Step 13: of the elements step 12's walk left out only for an inline `display: none`
    /// ([`Finder::hidden_by_style`]), the one with the most prose once shown ([`prose_len`]: not
    /// what the elements inside it hide; the first of equals), at least [`WRAPPER_TEXT`] bytes of
    /// it: the content of a page that shows nothing but its furniture until its scripts run (a
    /// shop's product, written out and hidden until the scripts have laid it out). The walk leaves
    /// each candidate out with its subtree, so none holds another: one pass over their subtrees.
    fn hidden_content(&mut self) -> Option<NodeId> {
        let doc = self.doc;
        let mut best: Option<(usize, NodeId)> = None;
        for n in self.hidden_by_style.take()? {
            let len = prose_len(doc, n, usize::MAX);
            if len >= WRAPPER_TEXT && best.is_none_or(|(l, _)| len > l) {
                best = Some((len, n));
            }
        }
        best.map(|(_, n)| n)
    }

    /// Step 7c: the sections of a landing page outside the chosen block (and not around it):
    /// the outermost elements the walk keeps whose `class` or `id` names one
    /// ([`Names::LANDING_SECTION`], not [`Names::NOT_LANDING_SECTION`]) and that hold at least
    /// [`LANDING_SECTION_TEXT`] characters (weighted) of text, in tree order. A service
    /// page's hero, features, FAQ and testimonials are its content (WCXB's expected texts keep
    /// them), and the block that scores best is often one of them. One pass over the page's
    /// nodes beside one over the roots' spans (sorted), skipping the subtree of each root and
    /// of each section taken.
    fn landing_sections(&mut self, focused: &MainContent) -> Vec<NodeId> {
        let span = |f: &Self, n: NodeId| (f.pos[n.index()] as usize, f.end[n.index()] as usize);
        let mut spans: Vec<(usize, usize)> = focused.roots.iter().map(|&r| span(self, r)).collect();
        spans.sort_unstable();
        // The first root's span that ends after the walk's place.
        let mut next = 0;
        let mut sections = Vec::new();
        let mut i = 0;
        while i < self.order.len() {
            while spans.get(next).is_some_and(|&(_, to)| to <= i) {
                next += 1;
            }
            let root = spans.get(next).copied();
            if let Some((from, to)) = root
                && from <= i
            {
                i = to.max(i + 1);
                continue;
            }
            let n = self.order[i];
            let past = span(self, n).1.max(i + 1);
            // Around a root: the next root starts inside this element.
            let around = root.is_some_and(|(from, _)| from < past);
            let named = |f: &mut Self| {
                let (class, id) = f.names_of(n);
                let names = class | id;
                names.any(Names::LANDING_SECTION) && !names.any(Names::NOT_LANDING_SECTION)
            };
            if !around
                && self.doc.element(n).is_some()
                && self.flags(n).contains(Flags::INCLUDED)
                && self.info[n.index()].stats.text >= LANDING_SECTION_TEXT
                && named(self)
            {
                sections.push(n);
                i = past;
                continue;
            }
            i += 1;
        }
        sections
    }

    /// Step 7b: the grid of cards outside the chosen block (or inside it, where cleaning took
    /// it out: [`cleaned_away`](Self::cleaned_away)) that holds more text than it (the
    /// products of a shop's category page below its introduction, the items of a listing):
    /// the element with the most text in [`CARD_GRID_ITEMS`] or more children of one tag and
    /// first class, each with text (at most [`CARD_TEXT`] on average), most with a link
    /// ([`LINKED_CARDS`]). Paragraphs, table rows and list items without a class are an
    /// article's own parts, not cards. One pass over the included elements and their children.
    fn card_grid(&self, len: f32, focused: &MainContent) -> Option<NodeId> {
        let mut groups = Vec::new();
        let mut best: Option<(f32, NodeId)> = None;
        for &p in &self.order {
            if self.doc.element(p).is_none() || focused.is_left_out(p) {
                continue;
            }
            self.card_groups(p, &mut groups);
            for g in &groups {
                if g.is_grid() && best.is_none_or(|(t, _)| g.text > t) {
                    best = Some((g.text, p));
                }
            }
        }
        let (text, grid) = best?;
        let apart = focused.roots.iter().all(|&r| {
            r != grid
                && !self.is_ancestor(grid, r)
                && (!self.is_ancestor(r, grid) || self.cleaned_away(grid, r, focused))
        });
        (text >= len && apart).then_some(grid)
    }

    /// The page type's grid of cards ([`page_type::CardGrid`]): the grid of cards in
    /// `content` with the most text, if it holds [`page_type::GRID_CONTENT`] of the
    /// content's text or more; priced when half its cards or more show a price. One pass
    /// over the content's elements and their children, and one over the grid.
    fn content_grid(&self, content: &MainContent) -> Option<page_type::CardGrid> {
        let mut groups = Vec::new();
        let mut best: Option<(f32, NodeId, usize)> = None;
        let mut total = 0.0;
        for &r in &content.roots {
            total += self.info[r.index()].stats.text;
            for &p in self.subtree(r) {
                if self.doc.element(p).is_none() || content.is_left_out(p) {
                    continue;
                }
                self.card_groups(p, &mut groups);
                for g in groups.iter().filter(|g| g.is_grid()) {
                    if best.is_none_or(|(t, _, _)| g.text > t) {
                        best = Some((g.text, p, g.cards));
                    }
                }
            }
        }
        let (text, grid, cards) = best?;
        if text < page_type::GRID_CONTENT * total {
            return None;
        }
        let priced = self
            .included_element_children(grid)
            .filter(|&c| {
                self.subtree(c).iter().any(
                    |&d| matches!(self.doc.data(d), NodeData::Text(t) if page_type::shows_price(t)),
                )
            })
            .count();
        Some(page_type::CardGrid {
            priced: 2 * priced >= cards,
        })
    }

    /// Whether step 5 took `grid`, inside the chosen `root`, out of `focused`: it or an
    /// element between it and `root` is left out, or half of its cards or more are (cleaning
    /// takes a grid's cards one by one as link lists). A walk up to `root` and a look at the
    /// grid's children, once per page.
    fn cleaned_away(&self, grid: NodeId, root: NodeId, focused: &MainContent) -> bool {
        let doc = self.doc;
        let mut path =
            std::iter::successors(Some(grid), |&x| doc.parent(x)).take_while(|&x| x != root);
        if path.any(|x| focused.is_left_out(x)) {
            return true;
        }
        let (mut cards, mut out) = (0, 0);
        for c in self.included_element_children(grid) {
            cards += 1;
            out += usize::from(focused.is_left_out(c));
        }
        2 * out >= cards
    }

    /// The children of `p` grouped by tag and first class, as cards: with text, and not an
    /// article's own parts (paragraphs, table rows, list items without a class: a shop's
    /// `li class=product` is a card, a plain one an article's own list or a thread's
    /// replies). At most [`CARD_KINDS`] groups.
    fn card_groups(&self, p: NodeId, groups: &mut Vec<CardGroup<'a>>) {
        groups.clear();
        for c in self.included_element_children(p) {
            let e = self.doc.element(c).expect("an element");
            let st = self.info[c.index()].stats;
            let class = e
                .attr("class")
                .and_then(|c| c.split_ascii_whitespace().next())
                .unwrap_or("");
            let own_part = matches!(e.tag, Tag::P | Tag::Tr | Tag::Td | Tag::Br)
                || (e.tag == Tag::Li && class.is_empty());
            if st.text <= 0.0 || own_part {
                continue;
            }
            let linked = usize::from(st.link > 0.0);
            // By name: elements of `Tag::Other` (custom elements) differ by name.
            if let Some(g) = groups
                .iter_mut()
                .find(|g| g.name == e.name() && g.class == class)
            {
                g.cards += 1;
                g.text += st.text;
                g.linked += linked;
            } else if groups.len() < CARD_KINDS {
                groups.push(CardGroup {
                    name: e.name(),
                    class,
                    cards: 1,
                    text: st.text,
                    linked,
                });
            }
        }
    }

    /// Whether `p` holds a grid of cards with at least `min_text` of text (step 5 keeps it).
    fn holds_grid(&self, p: NodeId, min_text: f32, groups: &mut Vec<CardGroup<'a>>) -> bool {
        self.card_groups(p, groups);
        groups.iter().any(|g| g.is_grid() && g.text >= min_text)
    }

    /// The main landmark (`main`, role `main`) with the most text in the current walk, if
    /// the page has one (the first of equals).
    fn main_landmark(&self) -> Option<NodeId> {
        let mut best: Option<(f32, NodeId)> = None;
        for &n in &self.landmarks {
            let text = self.info[n.index()].stats.text;
            if best.is_none_or(|(t, _)| text > t) {
                best = Some((text, n));
            }
        }
        best.map(|(_, n)| n)
    }

    /// The nodes of `n`'s subtree as the current walk keeps them, `n` first.
    fn subtree(&self, n: NodeId) -> &[NodeId] {
        &self.order[self.pos[n.index()] as usize..self.end[n.index()] as usize]
    }

    /// Step 11: the forms of [`FORM_FIELDS`] inputs or more (buttons included) and under
    /// [`FORM_TEXT`] of text, with their text, by the chosen attempt's counts.
    fn forms_of_fields(&self) -> Vec<(NodeId, f32)> {
        self.order
            .iter()
            .filter_map(|&n| {
                let st = self.info[n.index()].stats;
                (self.kind(n) == Kind::Form
                    && st.inputs + st.buttons >= FORM_FIELDS
                    && st.text < FORM_TEXT)
                    .then_some((n, st.text))
            })
            .collect()
    }

    /// Leaves the `forms` (and their subtrees, as the current walk keeps them) out of
    /// `content`, unless one holds half of its text `len` or more (an error page's login
    /// form is all it says).
    fn leave_out_forms(&self, content: &mut MainContent, forms: &[(NodeId, f32)], len: f32) {
        for &(n, text) in forms {
            if 2.0 * text >= len
                || !self.flags(n).contains(Flags::INCLUDED)
                || content.is_left_out(n)
            {
                continue;
            }
            for &d in self.subtree(n) {
                content.left_out[d.index()] = true;
            }
        }
    }

    /// Step 9, on a forum thread: leave out of `content` the posts that replies quote (an
    /// element whose `class`/`id` names a `quote`, beside the reply's own text), which the
    /// thread shows again where they were written. Not an `article` (a post itself) or the
    /// main landmark. After the choice, so that the quotes
    /// still count towards it. One pass over the walk's nodes, each looking at a few
    /// siblings.
    fn leave_out_quoted_posts(&mut self, content: &mut MainContent) {
        if !self.thread {
            return;
        }
        let doc = self.doc;
        for i in 0..self.order.len() {
            let n = self.order[i];
            let Some(e) = doc.element(n) else { continue };
            if e.tag == Tag::Article || content.is_left_out(n) {
                continue;
            }
            let attrs = WalkAttrs::of(e);
            let quote = |v: Option<&str>| v.is_some_and(names_quoted_post);
            if (quote(attrs.class) || quote(attrs.id))
                && !attrs.is_main_landmark(e)
                && self.has_text_beside(n, content)
            {
                content.left_out[n.index()] = true;
            }
        }
    }

    /// Step 9b: leave out of `content` the chrome that each card or post repeats. On every
    /// page, a link of up to [`POST_CHROME_TEXT`] characters and no digit whose text comes
    /// back [`POST_CHROME_REPEATS`] times or more: each card's "Learn more", "Add to cart",
    /// "Book now". On a forum thread, also any text block that short that comes back as
    /// often (a rank, "Offline", "Reply", a post's date: the user cards and buttons of each
    /// post), and a line of up to [`POST_LABEL_LINE`] characters that gives a value after a
    /// label the content repeats as often ("Posts: 138", "Joined: May 2019"). A post's or a
    /// card's own text is longer, or says what it says once. Two passes over the content's
    /// text blocks.
    fn leave_out_repeated_chrome(&self, content: &mut MainContent, blocks: &TextBlocks) {
        let mut same: HashMap<&str, usize> = HashMap::new();
        let mut labels: HashMap<&str, usize> = HashMap::new();
        let short = blocks
            .iter()
            .filter(|&(_, _, chars)| (1..=POST_LABEL_LINE).contains(&chars));
        for (_, text, chars) in short.clone() {
            if chars <= POST_CHROME_TEXT {
                *same.entry(text).or_default() += 1;
            }
            if self.thread
                && let Some(label) = label_of(text)
            {
                *labels.entry(label).or_default() += 1;
            }
        }
        for (n, text, chars) in short {
            let repeated = chars <= POST_CHROME_TEXT && same[text] >= POST_CHROME_REPEATS;
            let chrome = if self.thread {
                repeated || label_of(text).is_some_and(|l| labels[l] >= POST_CHROME_REPEATS)
            } else {
                let st = self.info[n.index()].stats;
                repeated && st.link >= st.text && !text.bytes().any(|b| b.is_ascii_digit())
            };
            if chrome || is_interface_label(text) {
                content.left_out[n.index()] = true;
            }
        }
    }

    /// Step 10: leave out of `content` a block of text (a paragraph or list item, or a
    /// container of inline content only) of [`REPEATED_BLOCK`] characters or more that says
    /// word for word (white space aside) what a block of the same kind before it in the
    /// content says: the copy of a section that a page writes twice for narrow and wide
    /// screens, a post quoted again. Headings stay (a table of contents lists them first), and
    /// so do code, preformatted text and tables, whose lines and cells repeat by nature. One
    /// pass over the content's text blocks.
    fn leave_out_repeated_blocks(&self, content: &mut MainContent, blocks: &TextBlocks) {
        let mut seen = std::collections::HashSet::new();
        let mut key: Vec<u8> = Vec::new();
        for (n, text, chars) in blocks.iter() {
            if chars < REPEATED_BLOCK {
                continue;
            }
            key.clear();
            key.extend_from_slice(text.as_bytes());
            // A list item apart from paragraphs: a table of contents, a list of links,
            // says what the sections' own text says again.
            key.push(if self.kind(n) == Kind::Li { 1 } else { 2 });
            if !seen.insert(hash_of(&key)) {
                content.left_out[n.index()] = true;
            }
        }
    }

    /// Step 10b: leave out of `content` the sections that a heading titles as other pages
    /// ("Related articles", "You may also like", "More from …": [`titles_other_pages`]) and
    /// that are mostly links ([`ELSEWHERE_LINKS`]): a box of links to what else to read or
    /// buy, inside the content, that no `class` names. A section is the heading's
    /// ([`titled_section`](Self::titled_section)). A section of prose under such a heading
    /// (an essay's related work) stays. One pass over the content's nodes; each heading so
    /// titled reads at most [`ELSEWHERE_NODES`] kept nodes of its section, the few siblings
    /// before it and its ancestors that [`opens`](Self::opens) reads, and the siblings up to
    /// the next heading of its rank or higher (so each sibling at most once for each rank).
    fn leave_out_links_elsewhere(&self, content: &mut MainContent) {
        let doc = self.doc;
        // The roots, to ask of a node in constant time (a page can have thousands: step 7's
        // sections of a landing page).
        let roots: HashSet<NodeId> = content.roots.iter().copied().collect();
        for (mut i, to) in self.root_spans(&content.roots) {
            while i < to {
                let n = self.order[i];
                if content.is_left_out(n) {
                    i = (self.end[n.index()] as usize).max(i + 1);
                    continue;
                }
                let titled = doc
                    .element(n)
                    .is_some_and(|e| e.tag.heading_rank() > Some(1))
                    && capped_text(doc, n, HEADING_TEXT).is_some_and(|t| titles_other_pages(&t));
                let section = if titled {
                    self.titled_section(n, content, &roots)
                } else {
                    None
                };
                let Some(parts) = section.filter(|p| self.mostly_links(n, p, content)) else {
                    i += 1;
                    continue;
                };
                for &x in &parts {
                    content.left_out[x.index()] = true;
                    i = i.max(self.end[x.index()] as usize);
                }
            }
        }
    }

    /// The section a heading `h` of the content titles, as the elements that make it up: the
    /// element it opens (climbing while it is the first thing with text in its parent, at most
    /// [`SCORE_LEVELS`] levels: a box and its title), else the heading and its siblings up to
    /// the next heading of its rank or higher (a section of a flat text). Always inside one
    /// of the `roots` of `content`: `None` for a heading that opens a root or is one (it
    /// titles the content, or a part that the content joined whole, not a box inside it), and
    /// past [`ELSEWHERE_NODES`] kept nodes (not a box of links).
    fn titled_section(
        &self,
        h: NodeId,
        content: &MainContent,
        roots: &HashSet<NodeId>,
    ) -> Option<Vec<NodeId>> {
        let doc = self.doc;
        let size = |x: NodeId| (self.end[x.index()] - self.pos[x.index()]) as usize;
        if roots.contains(&h) {
            return None;
        }
        let mut top = h;
        for _ in 0..SCORE_LEVELS {
            let Some(p) = doc.parent(top) else { break };
            if !self.flags(p).contains(Flags::INCLUDED)
                || size(p) > ELSEWHERE_NODES
                || !self.opens(top, content)
            {
                break;
            }
            if roots.contains(&p) {
                return None;
            }
            top = p;
        }
        if top != h {
            return Some(vec![top]);
        }
        let rank = doc.element(h).and_then(|e| e.tag.heading_rank());
        let mut parts = vec![h];
        let mut nodes = size(h);
        let mut next = doc.next_sibling(h);
        while let Some(x) = next {
            if doc
                .element(x)
                .and_then(|e| e.tag.heading_rank())
                .is_some_and(|r| Some(r) <= rank)
            {
                break;
            }
            if self.flags(x).contains(Flags::INCLUDED) && !content.is_left_out(x) {
                nodes += size(x);
                if nodes > ELSEWHERE_NODES {
                    return None;
                }
                parts.push(x);
            }
            next = doc.next_sibling(x);
        }
        Some(parts)
    }

    /// Whether `n` is the first thing in its parent that `content` shows with text: none of
    /// the [`SIBLINGS_LOOKED_AT`] siblings before it has any (and there are no more).
    fn opens(&self, n: NodeId, content: &MainContent) -> bool {
        let before = std::iter::successors(self.doc.prev_sibling(n), |&x| self.doc.prev_sibling(x));
        let mut looked = 0;
        for x in before {
            if !self.flags(x).contains(Flags::INCLUDED) || content.is_left_out(x) {
                continue;
            }
            looked += 1;
            if looked > SIBLINGS_LOOKED_AT || self.shows_text(x, content) {
                return false;
            }
        }
        true
    }

    /// Whether the kept nodes of `x` (at most [`NODES_LOOKED_AT`] of them) hold a letter or
    /// digit that `content` shows.
    fn shows_text(&self, x: NodeId, content: &MainContent) -> bool {
        let (from, to) = (self.pos[x.index()] as usize, self.end[x.index()] as usize);
        self.order[from..to.max(from + 1)]
            .iter()
            .take(NODES_LOOKED_AT)
            .any(|&d| {
                !content.is_left_out(d)
                    && matches!(self.doc.data(d), NodeData::Text(t) if t.chars().any(char::is_alphanumeric))
            })
    }

    /// Whether [`ELSEWHERE_LINKS`] or more of the text that `content` shows in `parts`,
    /// besides the heading `h`'s, is inside links, or there is none (what the heading titles
    /// is already left out).
    fn mostly_links(&self, h: NodeId, parts: &[NodeId], content: &MainContent) -> bool {
        let (mut text, mut link) = (0, 0);
        for &x in parts {
            let (from, to) = (self.pos[x.index()] as usize, self.end[x.index()] as usize);
            let mut j = from;
            while j < to.max(from + 1) {
                let d = self.order[j];
                if content.is_left_out(d) || d == h {
                    j = (self.end[d.index()] as usize).max(j + 1);
                    continue;
                }
                if let NodeData::Text(t) = self.doc.data(d) {
                    let len = t.trim().len();
                    text += len;
                    if self.flags(d).contains(Flags::IN_LINK) {
                        link += len;
                    }
                }
                j += 1;
            }
        }
        link as f32 >= ELSEWHERE_LINKS * text as f32
    }

    /// The text blocks of `content` ([`is_text_block`](Self::is_text_block), and an inline
    /// element on a line of its own: [`is_line_of_its_own`](Self::is_line_of_its_own)) in
    /// tree order, not inside another, with their text (white space runs as one space,
    /// trimmed) and its length in characters; not code, preformatted text or tables, whose
    /// lines and cells repeat by nature, nor what is left out. Roots in document order; one
    /// inside another (step 7's grid inside the choice) is read with it. One pass over the
    /// content's nodes.
    fn text_blocks(&self, content: &MainContent) -> TextBlocks {
        let doc = self.doc;
        let mut blocks = TextBlocks::default();
        for (mut i, to) in self.root_spans(&content.roots) {
            while i < to {
                let n = self.order[i];
                let next = (self.end[n.index()] as usize).max(i + 1);
                let Some(e) = doc.element(n) else {
                    i += 1;
                    continue;
                };
                if content.is_left_out(n)
                    || e.tag.is_preformatted()
                    || matches!(self.kind(n), Kind::Code | Kind::Table)
                    || self.flags(n).intersects(Flags::IN_CODE | Flags::IN_TABLE)
                {
                    i = next;
                    continue;
                }
                if !self.is_text_block(n) && !self.is_line_of_its_own(n, content) {
                    i += 1;
                    continue;
                }
                let from = blocks.text.len();
                let (mut chars, mut space) = (0, false);
                let mut j = i + 1;
                while j < next {
                    let m = self.order[j];
                    if content.is_left_out(m) {
                        j = (self.end[m.index()] as usize).max(j + 1);
                        continue;
                    }
                    if let NodeData::Text(t) = doc.data(m) {
                        // White space before a word, in this text or the one before it.
                        space |= t.starts_with(|c: char| c.is_ascii_whitespace());
                        for (k, word) in t.split_ascii_whitespace().enumerate() {
                            if (space || k > 0) && blocks.text.len() > from {
                                blocks.text.push(' ');
                                chars += 1;
                            }
                            space = false;
                            blocks.text.push_str(word);
                            chars += word.bytes().filter(|&b| b & 0xC0 != 0x80).count();
                        }
                        space |= t.ends_with(|c: char| c.is_ascii_whitespace());
                    }
                    j += 1;
                }
                blocks.blocks.push((n, from, chars));
                i = next;
            }
        }
        blocks
    }

    /// Takes out of the roots of `content` those that a step left out whole (a section of a
    /// landing page that repeats one before it, step 10): the text and Markdown write each
    /// root whatever its own mark, so a root left out stays one no more. A root inside one
    /// before it (step 7's grid inside the choice) is left out of that root's text by design,
    /// and stays.
    fn drop_left_out_roots(&self, content: &mut MainContent) {
        let mut end = 0;
        let mut keep = Vec::with_capacity(content.roots.len());
        for &r in &content.roots {
            let (from, to) = (self.pos[r.index()] as usize, self.end[r.index()] as usize);
            let inside = from < end;
            end = end.max(to);
            keep.push(inside || !content.is_left_out(r));
        }
        let mut k = keep.into_iter();
        content.roots.retain(|_| k.next().unwrap_or(true));
    }

    /// Where the `roots` (in document order) are in the walk's order: each one's span of
    /// [`Finder::order`], but for a root inside one before it (step 7's grid inside the
    /// choice), which that root's span covers.
    fn root_spans(&self, roots: &[NodeId]) -> Vec<(usize, usize)> {
        let mut spans: Vec<(usize, usize)> = Vec::with_capacity(roots.len());
        for &r in roots {
            let (from, to) = (self.pos[r.index()] as usize, self.end[r.index()] as usize);
            if spans.last().is_none_or(|&(_, end)| from >= end) {
                spans.push((from, to));
            }
        }
        spans
    }

    /// A block of text for [`leave_out_repeated_blocks`](Self::leave_out_repeated_blocks): a
    /// list item, or a paragraph or container whose element children are all inline (a
    /// `blockquote` of paragraphs is read paragraph by paragraph; a list item whole, as the
    /// items of a list repeat their fields).
    fn is_text_block(&self, n: NodeId) -> bool {
        match self.kind(n) {
            // A thread's posts are often items of a list, with the posts they quote inside.
            Kind::Li => !self.thread || self.holds_inline_only(n),
            Kind::Para | Kind::Container => self.holds_inline_only(n),
            _ => false,
        }
    }

    /// Whether the element children that the walk keeps of `n` are all inline.
    fn holds_inline_only(&self, n: NodeId) -> bool {
        self.included_element_children(n).all(|c| {
            matches!(
                self.kind(c),
                Kind::Inline | Kind::A | Kind::Br | Kind::Img | Kind::Code
            )
        })
    }

    /// An inline element of inline content alone between blocks in a block (white space and
    /// what `content` leaves out aside), which a browser lays out as a line of its own (an
    /// anonymous block): a card's "Shop now" link under its price, a post's title above
    /// it. A text block for [`text_blocks`](Self::text_blocks) (its parent, which holds
    /// blocks too, is not one). Each run of siblings between two kept ones is read by those
    /// two at most.
    fn is_line_of_its_own(&self, n: NodeId, content: &MainContent) -> bool {
        let doc = self.doc;
        if !matches!(self.kind(n), Kind::A | Kind::Inline)
            || !doc.parent(n).is_some_and(|p| self.kind(p).is_block())
            || !self.holds_inline_only(n)
        {
            return false;
        }
        let ends_line =
            |mut x: Option<NodeId>, step: fn(&Document<'_>, NodeId) -> Option<NodeId>| {
                while let Some(y) = x {
                    let kept = self.flags(y).contains(Flags::INCLUDED) && !content.is_left_out(y);
                    match doc.data(y) {
                        _ if !kept => {}
                        NodeData::Text(t) if t.trim_ascii().is_empty() => {}
                        NodeData::Text(_) => return false,
                        _ => return self.kind(y).is_block() || self.kind(y) == Kind::Br,
                    }
                    x = step(doc, y);
                }
                true
            };
        ends_line(doc.prev_sibling(n), |d, y| d.prev_sibling(y))
            && ends_line(doc.next_sibling(n), |d, y| d.next_sibling(y))
    }

    /// Whether one of the [`SIBLINGS_LOOKED_AT`] siblings on either side of `n`, kept in
    /// `content`, has text (a letter or digit).
    fn has_text_beside(&self, n: NodeId, content: &MainContent) -> bool {
        let doc = self.doc;
        let has_text = |x: NodeId| {
            std::iter::once(x)
                .chain(doc.descendants(x))
                .take(NODES_LOOKED_AT)
                .any(|d| match doc.data(d) {
                    NodeData::Text(t) => t.chars().any(char::is_alphanumeric),
                    _ => false,
                })
        };
        let after = std::iter::successors(doc.next_sibling(n), |&x| doc.next_sibling(x));
        let before = std::iter::successors(doc.prev_sibling(n), |&x| doc.prev_sibling(x));
        after
            .take(SIBLINGS_LOOKED_AT)
            .chain(before.take(SIBLINGS_LOOKED_AT))
            .any(|x| !content.is_left_out(x) && has_text(x))
    }

    /// The bytes of markup in the root's `noscript` elements (raw text with scripting on).
    fn noscript_markup(&self) -> usize {
        let doc = self.doc;
        doc.descendants(self.root)
            .filter(|&n| {
                doc.element(n)
                    .is_some_and(|e| e.ns == Namespace::Html && e.tag == Tag::Noscript)
            })
            .flat_map(|n| doc.children(n))
            .map(|c| match doc.data(c) {
                NodeData::Text(t) => t.len(),
                _ => 0,
            })
            .sum()
    }

    /// The whole page as the walk keeps it (the root, without what the walk left out).
    fn whole(&self) -> MainContent {
        let left_out = self
            .info
            .iter()
            .map(|i| !i.flags.contains(Flags::INCLUDED))
            .collect();
        MainContent {
            roots: vec![self.root],
            left_out,
            scripting: self.scripting,
            in_noscript: false,
            page: None,
        }
    }

    fn flags(&self, n: NodeId) -> Flags {
        self.info[n.index()].flags
    }

    fn kind(&self, n: NodeId) -> Kind {
        self.kinds[n.index()]
    }

    /// Step 1: the nodes to look at, in tree order.
    fn walk(&mut self, s: Strictness) {
        let doc = self.doc;
        self.order.clear();
        let root = self.root;
        self.kinds[root.index()] = kind_of(doc, root, self.scripting);
        self.include(root, Flags::default());
        let mut stack = vec![root];
        let mut byline_done = false;
        let mut title_done = self.title.is_none();
        let mut cur = doc.first_child(root);
        loop {
            let Some(n) = cur else {
                let Some(p) = stack.pop() else { break };
                self.end[p.index()] = self.order.len() as u32;
                if stack.is_empty() {
                    break;
                }
                cur = doc.next_sibling(p);
                continue;
            };
            let parent = *stack.last().expect("the root is on the stack");
            let pflags = self.flags(parent);
            let pkind = self.kind(parent);
            let mut anc = pflags
                & (Flags::IN_TABLE
                    | Flags::IN_CODE
                    | Flags::IN_FIGURE
                    | Flags::IN_LINK
                    | Flags::IN_MAIN
                    | Flags::IN_WRAPPER
                    | Flags::IN_POST
                    | Flags::IN_TITLE_HEADING);
            match pkind {
                Kind::Table => anc |= Flags::IN_TABLE,
                Kind::Code => anc |= Flags::IN_CODE,
                Kind::Figure => anc |= Flags::IN_FIGURE,
                Kind::A => anc |= Flags::IN_LINK,
                // Comparing each heading of a nest with a long title would read the nest again
                // for every level.
                Kind::Heading if self.is_title_heading(parent) => anc |= Flags::IN_TITLE_HEADING,
                _ => {}
            }
            let mut main_landmark = false;
            let keep = match doc.data(n) {
                NodeData::Text(_) => true,
                NodeData::Element(e) => {
                    let kind = kind_of(doc, n, self.scripting);
                    self.kinds[n.index()] = kind;
                    let attrs = WalkAttrs::of(e);
                    if let Some((class, id)) = self.names[n.index()] {
                        attrs.know_names(class, id);
                    }
                    main_landmark = attrs.is_main_landmark(e);
                    // An element around the main landmark is not furniture, nor hidden by
                    // its class: a page hidden until its scripts run, an `aside` left open.
                    let wraps_main = self.holds_main[n.index()] && !attrs.is_main_landmark(e);
                    let mut keep = kind != Kind::Skip
                        && (attrs.visible()
                            || attrs.may_be_panel() && follows_button(doc, n)
                            || wraps_main && attrs.visible_but_for_class()
                            || self.unveiled[n.index()] && !attrs.hidden);
                    // Step 13's candidate: left out for its inline style; unveiled, it is kept
                    // whatever else hides it but the `hidden` attribute. Gathered only by the
                    // walk of step 12 ([`Finder::hidden_by_style`]).
                    let mut unveilable = !keep
                        && self.hidden_by_style.is_some()
                        && !matches!(kind, Kind::Skip | Kind::Input)
                        && !attrs.hidden
                        && attrs.style.is_some_and(style_hides);
                    if keep
                        && kind == Kind::Input
                        && doc.element(n).is_some_and(|e| e.tag == Tag::Button)
                        && (attrs.opens_panel() || precedes_panel(doc, n))
                    {
                        // A panel's heading, read as a paragraph.
                        self.kinds[n.index()] = Kind::Para;
                    } else if keep && kind == Kind::Input {
                        // Counted by its container, never shown.
                        let info = &mut self.info[parent.index()];
                        if doc.element(n).is_some_and(|e| e.tag == Tag::Button) {
                            info.buttons += 1;
                        } else {
                            info.inputs += 1;
                        }
                        keep = false;
                    }
                    // A comment on a question or an answer is not one of the page's posts.
                    if anc.contains(Flags::IN_POST) && is_item_of(attrs.itemtype, &["Comment"]) {
                        keep = false;
                        unveilable = false;
                    }
                    if is_item_of(attrs.itemtype, &["Question", "Answer"]) {
                        anc |= Flags::IN_POST;
                    }
                    if keep && !byline_done && self.is_byline(n, &attrs) {
                        byline_done = true;
                        keep = false;
                    }
                    if keep
                        && !title_done
                        && !anc.contains(Flags::IN_TITLE_HEADING)
                        && self.repeats_title(n)
                    {
                        title_done = true;
                        keep = false;
                    }
                    // `nav`, `aside` and `footer` are furniture on every attempt; the
                    // laxer ones keep only what names itself furniture by role or class.
                    if (keep || unveilable)
                        && !wraps_main
                        && (kind == Kind::Furniture
                            || s.strip_furniture && self.is_furniture(n, kind, &mut anc, &attrs))
                    {
                        keep = false;
                        unveilable = false;
                    }
                    if unveilable && let Some(hidden) = self.hidden_by_style.as_mut() {
                        hidden.push(n);
                    }
                    if let (Some(&class), Some(&id)) =
                        (attrs.class_names.get(), attrs.id_names.get())
                    {
                        self.names[n.index()] = Some((class, id));
                    }
                    keep
                }
                _ => false,
            };
            if keep {
                self.include(n, anc);
                if main_landmark {
                    self.info[n.index()].flags |= Flags::IN_MAIN;
                }
                if doc.element(n).is_some()
                    && let Some(c) = doc.first_child(n)
                {
                    stack.push(n);
                    cur = Some(c);
                    continue;
                }
                self.end[n.index()] = self.order.len() as u32;
            }
            cur = doc.next_sibling(n);
        }
    }

    /// Fills [`Finder::landmarks`] and [`Finder::holds_main`]: the main landmarks (`main`,
    /// role `main`) and their ancestors. One pass over the nodes; each ancestor is marked once (the walk up stops at
    /// a marked one), so nested landmarks cost no more.
    ///
    /// Fills [`Finder::unveiled`] too: where every child of a landmark that can show anything
    /// is hidden by an inline `display: none` (and the landmark has no text of its own), the
    /// page's content is hidden until its scripts run (a storefront's lock, an anti-flicker
    /// snippet), and those children are its content.
    fn mark_main_landmarks(&mut self) {
        let doc = self.doc;
        let mut holds = vec![false; doc.len()];
        let mut unveiled = vec![false; doc.len()];
        let mut landmarks = Vec::new();
        for n in doc.descendants(self.root) {
            let Some(e) = doc.element(n) else { continue };
            let landmark = is_main_landmark(e, e.attr("role"));
            if landmark {
                landmarks.push(n);
            }
            if landmark && content_hidden_by_style(doc, n, self.scripting) {
                for c in doc.children(n) {
                    unveiled[c.index()] = doc.element(c).is_some();
                }
            }
            let mut up = landmark.then_some(n);
            while let Some(x) = up {
                if holds[x.index()] {
                    break;
                }
                holds[x.index()] = true;
                up = if x == self.root { None } else { doc.parent(x) };
            }
        }
        self.holds_main = holds;
        self.landmarks = landmarks;
        self.unveiled = unveiled;
    }

    fn include(&mut self, n: NodeId, anc: Flags) {
        self.pos[n.index()] = self.order.len() as u32;
        self.order.push(n);
        self.info[n.index()].flags = Flags::INCLUDED | anc;
    }

    /// Page furniture by tag, ARIA role or `class`/`id`. An element that names a `header` or a
    /// `footer` but holds the page's text is not: `anc` gains [`Flags::IN_WRAPPER`] for it and
    /// its subtree.
    fn is_furniture(&mut self, n: NodeId, kind: Kind, anc: &mut Flags, a: &WalkAttrs<'_>) -> bool {
        let e = self.doc.element(n).expect("an element");
        if kind == Kind::Furniture {
            return true;
        }
        if let Some(role) = a.role {
            let role = role.trim().to_ascii_lowercase();
            if matches!(
                role.as_str(),
                "menu"
                    | "menubar"
                    | "complementary"
                    | "navigation"
                    | "alert"
                    | "alertdialog"
                    | "dialog"
                    | "banner"
                    | "contentinfo"
                    | "search"
            ) {
                return true;
            }
        }
        if anc.intersects(Flags::IN_TABLE | Flags::IN_CODE)
            || matches!(e.tag, Tag::Body | Tag::A | Tag::Article)
            || a.is_main_landmark(e)
        {
            return false;
        }
        // Inside the main landmark a `header` is a section's (its heading and introduction),
        // not the page's.
        let header =
            !anc.intersects(Flags::IN_MAIN | Flags::IN_WRAPPER) && a.names().any(Names::HEADER);
        let named = a.names().any(Names::FURNITURE)
            || self.product && a.names().any(Names::NOT_THE_PRODUCT);
        if !(named || header)
            || a.names().any(Names::MAYBE_CONTENT)
            || self.discussion
                && a.names().any(Names::DISCUSSION)
                && !a.names().any(Names::NOT_DISCUSSION)
        {
            return false;
        }
        // A `header` (or a `footer`) that holds the page's text is its wrapper: a region of
        // the layout named for its place, around the content. Asked last, of an element that
        // is otherwise left out, or whose subtree is then never asked again: each node is read
        // at most once per walk.
        let footer = !anc.contains(Flags::IN_WRAPPER) && a.names().any(Names::FOOTER);
        if (!named || footer) && holds_prose(self.doc, n, WRAPPER_TEXT) {
            anc.insert(Flags::IN_WRAPPER);
            return false;
        }
        true
    }

    /// The element's `class` and `id`, a space between, in ASCII lower case (in a reused
    /// buffer).
    fn class_and_id(&mut self, n: NodeId) -> &str {
        let e = self.doc.element(n).expect("an element");
        self.buf.clear();
        self.buf.push_str(e.attr("class").unwrap_or(""));
        self.buf.push(' ');
        self.buf.push_str(e.attr("id").unwrap_or(""));
        self.buf.make_ascii_lowercase();
        &self.buf
    }

    /// A byline: `rel="author"`, `itemprop` with `author`, or a `class`/`id` naming one, with
    /// a short text.
    fn is_byline(&mut self, n: NodeId, a: &WalkAttrs<'_>) -> bool {
        let rel = a.rel == Some("author");
        let itemprop = a.itemprop.is_some_and(|v| v.contains("author"));
        let named = a.names().any(Names::BYLINE);
        if !(rel || itemprop || named) {
            return false;
        }
        capped_text(self.doc, n, 400).is_some_and(|t| (1..100).contains(&t.trim().chars().count()))
    }

    /// An `h1` or `h2` whose words are (mostly) the document title's.
    fn repeats_title(&self, n: NodeId) -> bool {
        if !self.is_title_heading(n) {
            return false;
        }
        let Some(title) = &self.title else {
            return false;
        };
        let cap = 4 * title.len() + 16;
        capped_text(self.doc, n, cap).is_some_and(|h| similarity(&self.title_words, &h) > 0.75)
    }

    /// An `h1` or `h2` element (by its kind, a heading).
    fn is_title_heading(&self, n: NodeId) -> bool {
        self.kind(n) == Kind::Heading
            && self
                .doc
                .element(n)
                .is_some_and(|e| matches!(e.tag, Tag::H1 | Tag::H2))
    }

    /// Step 2 and 3: bottom-up counts, and the scores of the blocks given to their
    /// containers.
    fn measure(&mut self, s: Strictness) {
        for i in (0..self.order.len()).rev() {
            let n = self.order[i];
            let parent = if n == self.root {
                None
            } else {
                self.doc.parent(n)
            };
            if let NodeData::Text(t) = self.doc.data(n) {
                let (w, commas) = text_weight(t);
                let info = &mut self.info[n.index()];
                info.stats.text = w;
                info.stats.commas = commas;
                if let Some(p) = parent {
                    let pi = &mut self.info[p.index()];
                    pi.stats.text += w;
                    pi.stats.commas += commas;
                    pi.own += w;
                    pi.own_commas += commas;
                }
                continue;
            }
            self.finish_element(n, s);
            let Some(p) = parent else { continue };
            let kind = self.kind(n);
            let info = self.info[n.index()];
            let pkind = self.kind(p);
            let pi = &mut self.info[p.index()];
            pi.stats += info.stats;
            if kind.is_block() || kind == Kind::Img {
                pi.flags |= Flags::HAS_BLOCK;
            } else {
                pi.own += info.own;
                pi.own_link += info.own_link;
                pi.own_commas += info.own_commas;
                pi.flags |= info.flags & Flags::HAS_BLOCK;
            }
            if kind == Kind::Table {
                pi.flags |= Flags::T_NESTED;
            } else {
                pi.rows += info.rows;
                pi.cols = pi.cols.max(info.cols);
                pi.flags |= info.flags & (Flags::T_HEADERS | Flags::T_NESTED);
            }
            if kind == Kind::Cell && pkind == Kind::Tr {
                let span = self
                    .doc
                    .attr(n, "colspan")
                    .and_then(|v| v.trim().parse::<u32>().ok())
                    .unwrap_or(1)
                    .clamp(1, 1000);
                pi.cols += span;
            }
        }
    }

    fn finish_element(&mut self, n: NodeId, s: Strictness) {
        let kind = self.kind(n);
        let idx = n.index();
        match kind {
            Kind::A => {
                let coef = link_weight(self.doc, n);
                let info = &mut self.info[idx];
                info.stats.link = info.stats.text * coef;
                info.own_link = info.own * coef;
            }
            Kind::Img => self.info[idx].stats.images += 1,
            Kind::Li => self.info[idx].stats.items += 1,
            Kind::Heading => {
                let info = &mut self.info[idx];
                info.stats.heading = info.stats.text;
            }
            Kind::List => {
                let info = &mut self.info[idx];
                info.stats.list = info.stats.text;
            }
            Kind::Tr => {
                // `cols` so far is this row's cells.
                let info = &mut self.info[idx];
                info.rows += 1;
            }
            Kind::TablePart => self.info[idx].flags |= Flags::T_HEADERS,
            Kind::Cell if self.doc.element(n).is_some_and(|e| e.tag == Tag::Th) => {
                self.info[idx].flags |= Flags::T_HEADERS
            }
            Kind::Table if self.is_data_table(n) => self.info[idx].flags |= Flags::DATA_TABLE,
            _ => {}
        }
        let info = &mut self.info[idx];
        info.stats.inputs += info.inputs;
        info.stats.buttons += info.buttons;
        let pure = !info.flags.contains(Flags::HAS_BLOCK);
        let tag = self.doc.element(n).map_or(Tag::Other, |e| e.tag);
        if tag == Tag::P || (pure && info.own > 0.0 && matches!(tag, Tag::Div | Tag::Section)) {
            info.stats.paragraphs += 1;
        }
        if tag == Tag::Pre {
            info.stats.pres += 1;
        }
        if kind.is_block() && info.own >= MIN_PARAGRAPH {
            let own = info.own;
            let ld = (info.own_link / own).min(1.0);
            let score =
                (2.0 + info.own_commas as f32 + (own / 100.0).floor().min(3.0)) * (1.0 - ld);
            // A block of prose scores its container; a container's own loose text scores
            // itself.
            let start = if pure && matches!(kind, Kind::Para | Kind::Heading | Kind::Li) {
                // A `div` around nothing but this paragraph is the paragraph.
                let parent = self.parent_in(n);
                match parent {
                    Some(p) if ld < 0.25 && self.wrapped_paragraph(p) == Some(n) => {
                        self.parent_in(p)
                    }
                    _ => parent,
                }
            } else {
                Some(n)
            };
            self.propagate(start, score, s);
        }
    }

    fn parent_in(&self, n: NodeId) -> Option<NodeId> {
        if n == self.root {
            None
        } else {
            self.doc.parent(n)
        }
    }

    fn propagate(&mut self, start: Option<NodeId>, score: f32, s: Strictness) {
        let mut cur = start;
        for level in 0..SCORE_LEVELS {
            let Some(a) = cur else { break };
            if self.doc.element(a).is_none() {
                break;
            }
            if !self.flags(a).contains(Flags::CANDIDATE) {
                let init = self.initial_score(a, s);
                let info = &mut self.info[a.index()];
                info.flags |= Flags::CANDIDATE;
                info.bonus = init;
                self.candidates.push(a);
            }
            let divider = match level {
                0 => 1.0,
                1 => 2.0,
                l => l as f32 * 3.0,
            };
            self.info[a.index()].score += score / divider;
            cur = self.parent_in(a);
        }
    }

    fn initial_score(&mut self, n: NodeId, s: Strictness) -> f32 {
        use Tag::*;
        let name = self.doc.element(n).map_or(Other, |e| e.tag);
        let tag = match name {
            Div => 5.0,
            Pre | Td | Blockquote => 3.0,
            Address | Ol | Ul | Dl | Dd | Dt | Li | Form => -3.0,
            t if t.is_heading() || t == Th => -5.0,
            _ => 0.0,
        };
        tag + self.class_weight(n, s)
    }

    /// The lists of pieces the `class` and the `id` of element `n` name ([`Names::of`]), read
    /// once per page ([`Finder::names`]; the walk fills it too).
    fn names_of(&mut self, n: NodeId) -> (Names, Names) {
        let doc = self.doc;
        *self.names[n.index()].get_or_insert_with(|| {
            let of = |a: &str| doc.attr(n, a).map_or(Names::default(), Names::of);
            (of("class"), of("id"))
        })
    }

    /// ±25 for a `class`, and again for an `id`, that names content or furniture.
    fn class_weight(&mut self, n: NodeId, s: Strictness) -> f32 {
        if !s.weigh_classes {
            return 0.0;
        }
        let (class, id) = self.names_of(n);
        let e = self.doc.element(n).expect("an element");
        let mut w = 0.0;
        for (v, names) in [(e.attr("class"), class), (e.attr("id"), id)] {
            if v.is_none_or(str::is_empty) {
                continue;
            }
            let discussion_post = self.discussion && names.any(Names::DISCUSSION);
            if names.any(Names::NEGATIVE) && !discussion_post {
                w -= 25.0;
            }
            if names.any(Names::POSITIVE) {
                w += 25.0;
            }
        }
        w
    }

    /// Whether a table holds data rather than layout.
    fn is_data_table(&self, n: NodeId) -> bool {
        let e = self.doc.element(n).expect("an element");
        if e.attr("role") == Some("presentation") || e.attr("datatable") == Some("0") {
            return false;
        }
        if e.attr("summary").is_some() {
            return true;
        }
        let info = &self.info[n.index()];
        if info.flags.contains(Flags::T_HEADERS) {
            return true;
        }
        if info.flags.contains(Flags::T_NESTED) {
            return false;
        }
        // A grid of links is a menu laid out as a table, not data.
        if info.stats.link_density() > 0.5 {
            return false;
        }
        let (rows, cols) = (info.rows, info.cols);
        rows >= 10 || cols > 4 || rows * cols > 10
    }

    /// Step 4: the best container and the siblings that go with it.
    fn choose(&mut self, s: Strictness) -> Vec<NodeId> {
        // Scale by link density; keep the five best.
        let mut top: Vec<NodeId> = Vec::with_capacity(6);
        for i in 0..self.candidates.len() {
            let c = self.candidates[i];
            let info = &mut self.info[c.index()];
            info.score = (info.score + info.bonus) * (1.0 - info.stats.link_density());
            let score = info.score;
            let info = &self.info;
            let at = top
                .iter()
                .position(|&t| score > info[t.index()].score)
                .unwrap_or(top.len());
            if at < 5 {
                top.insert(at, c);
                top.truncate(5);
            }
        }
        let Some(&first) = top.first() else {
            return vec![self.root];
        };
        if first == self.root {
            return vec![self.root];
        }
        let mut best = first;
        let best_score = self.score(best);
        // Three other top containers almost as good: take their common ancestor.
        let close: Vec<NodeId> = top[1..]
            .iter()
            .copied()
            .filter(|&t| self.score(t) >= 0.75 * best_score)
            .collect();
        if close.len() >= 3 {
            let mut a = self.parent_in(best);
            while let Some(p) = a {
                if p == self.root {
                    break;
                }
                let holding = close.iter().filter(|&&t| self.is_ancestor(p, t)).count();
                if holding >= 3 {
                    best = p;
                    break;
                }
                a = self.parent_in(p);
            }
        }
        self.ensure_candidate(best, s);
        // A parent that scores better than its child.
        let mut last = self.score(best);
        let threshold = last / 3.0;
        let mut a = self.parent_in(best);
        while let Some(p) = a {
            if p == self.root {
                break;
            }
            if !self.flags(p).contains(Flags::CANDIDATE) {
                a = self.parent_in(p);
                continue;
            }
            let ps = self.score(p);
            if ps < threshold {
                break;
            }
            if ps > last {
                best = p;
                break;
            }
            last = ps;
            a = self.parent_in(p);
        }
        best = self.repeated_items(best);
        // An only child: its parent instead, so that the siblings step sees more.
        while let Some(p) = self.parent_in(best) {
            if p == self.root || self.included_element_children(p).nth(1).is_some() {
                break;
            }
            best = p;
        }
        self.ensure_candidate(best, s);
        if best == self.root {
            return vec![self.root];
        }
        let Some(parent) = self.parent_in(best) else {
            return vec![best];
        };
        let best_score = self.score(best);
        let threshold = (best_score * 0.2).max(10.0);
        let best_class = self.doc.attr(best, "class").unwrap_or("");
        let best_is_section = self.is_titled_section(best);
        let mut roots = Vec::new();
        let siblings: Vec<NodeId> = self.included_element_children(parent).collect();
        for sib in siblings {
            let take = if sib == best {
                true
            } else {
                let mut bonus = 0.0;
                if !best_class.is_empty() && self.doc.attr(sib, "class") == Some(best_class) {
                    bonus = best_score * 0.2;
                }
                if self.flags(sib).contains(Flags::CANDIDATE)
                    && self.score(sib) + bonus >= threshold
                {
                    true
                } else if best_is_section && self.is_titled_section(sib) {
                    // The next part of the same text (a document's sections), unless it is
                    // links or a list (further reading, references).
                    let st = self.info[sib.index()].stats;
                    st.text > 0.0
                        && st.link_density() < SECTION_LINKS
                        && st.list < SECTION_LIST * st.text
                } else if let Some(para) = self.as_paragraph(sib) {
                    let st = self.info[para.index()].stats;
                    let ld = st.link_density();
                    if st.text > 80.0 {
                        ld < 0.25
                    } else {
                        st.text > 0.0 && ld == 0.0 && ends_sentence(&self.doc.text_content(para))
                    }
                } else {
                    false
                }
            };
            if take {
                roots.push(sib);
            }
        }
        roots
    }

    /// The list that `best` (or one of its four nearest ancestors) is one item of: the parent
    /// of an element with at least two siblings of its tag and first class (three items) that
    /// hold together at least twice its text (the posts of a thread, the cards of a listing).
    /// Paragraphs, list items and table rows are an article's own parts, not items.
    fn repeated_items(&self, best: NodeId) -> NodeId {
        let mut a = best;
        for _ in 0..4 {
            let Some(p) = self.parent_in(a) else { break };
            if p == self.root {
                break;
            }
            let e = self.doc.element(a).expect("an element");
            let class = e
                .attr("class")
                .and_then(|c| c.split_ascii_whitespace().next())
                .unwrap_or("");
            let (mut count, mut text) = (0, 0.0);
            for c in self.included_element_children(p) {
                let ce = self.doc.element(c).expect("an element");
                // By name: elements of `Tag::Other` (custom elements) differ by name.
                if ce.name() == e.name()
                    && ce
                        .attr("class")
                        .and_then(|c| c.split_ascii_whitespace().next())
                        .unwrap_or("")
                        == class
                {
                    count += 1;
                    text += self.info[c.index()].stats.text;
                }
            }
            if count >= REPEATED_ITEMS
                && text >= 2.0 * self.info[a.index()].stats.text
                && !matches!(e.tag, Tag::P | Tag::Li | Tag::Tr | Tag::Td)
            {
                return p;
            }
            a = p;
        }
        best
    }

    /// `n` if it is a `p`, or the `p` a `div` or `section` wraps.
    fn as_paragraph(&self, n: NodeId) -> Option<NodeId> {
        if self.doc.element(n).is_some_and(|e| e.tag == Tag::P) {
            Some(n)
        } else {
            self.wrapped_paragraph(n)
        }
    }

    /// The `p` that is all of a `div` or `section` (its only element, no text beside it).
    fn wrapped_paragraph(&self, n: NodeId) -> Option<NodeId> {
        let e = self.doc.element(n)?;
        if e.ns != Namespace::Html || !matches!(e.tag, Tag::Div | Tag::Section) || n == self.root {
            return None;
        }
        let node = self.doc.get(n);
        let first = node.first_element_child()?;
        if first != node.last_element_child()? || !first.is_html(Tag::P) {
            return None;
        }
        // Only now walk the children: a parent with one element child is walked once.
        let loose_text = node.children().any(|c| {
            c.as_text()
                .is_some_and(|t| !t.trim_matches(is_ascii_whitespace).is_empty())
        });
        (!loose_text).then_some(first.node_id())
    }

    /// A `section` element that starts with a heading (in its first two included children).
    fn is_titled_section(&self, n: NodeId) -> bool {
        let is_section = self
            .doc
            .element(n)
            .is_some_and(|e| e.ns == Namespace::Html && e.tag == Tag::Section);
        is_section
            && self
                .included_element_children(n)
                .take(2)
                .any(|c| self.kind(c) == Kind::Heading)
    }

    fn score(&self, n: NodeId) -> f32 {
        self.info[n.index()].score
    }

    fn ensure_candidate(&mut self, n: NodeId, s: Strictness) {
        if !self.flags(n).contains(Flags::CANDIDATE) {
            let init = self.initial_score(n, s);
            let info = &mut self.info[n.index()];
            info.flags |= Flags::CANDIDATE;
            info.bonus = init;
            info.score = init.min(0.0) * (1.0 - info.stats.link_density());
        }
    }

    fn is_ancestor(&self, a: NodeId, n: NodeId) -> bool {
        let (pa, pn) = (self.pos[a.index()], self.pos[n.index()]);
        pa < pn && pn < self.end[a.index()]
    }

    fn included_element_children(&self, n: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.doc
            .children(n)
            .filter(|&c| self.doc.element(c).is_some() && self.flags(c).contains(Flags::INCLUDED))
    }

    /// Step 5: clean the subtree of `root` bottom-up; returns the length of the text left.
    fn clean(&mut self, root: NodeId, s: Strictness) -> f32 {
        let (from, to) = (
            self.pos[root.index()] as usize,
            self.end[root.index()] as usize,
        );
        // Top-down: ancestor flags that depend on the measured tables, and small share bars
        // (never the root itself).
        let mut in_dt = false;
        let mut a = self.doc.parent(root);
        while let Some(p) = a {
            in_dt |= self.flags(p).contains(Flags::INCLUDED | Flags::DATA_TABLE);
            a = self.doc.parent(p);
        }
        if in_dt {
            self.info[root.index()].flags |= Flags::IN_DATA_TABLE;
        }
        // A grid of cards with half the text or more is what the content lists (a listing's
        // items): link density does not take it away.
        let grid_min = GRID_SHARE * self.info[root.index()].stats.text;
        let mut groups = Vec::new();
        let mut holds_grid = |f: &Finder<'d, 'a>, n: NodeId| {
            f.cards_are_content && f.holds_grid(n, grid_min, &mut groups)
        };
        if holds_grid(self, root) {
            self.info[root.index()].flags |= Flags::IN_GRID;
        }
        for i in from + 1..to {
            let n = self.order[i];
            let p = self.doc.parent(n).expect("inside the root");
            let pf = self.flags(p);
            in_dt = pf.contains(Flags::IN_DATA_TABLE) || pf.contains(Flags::DATA_TABLE);
            let mut f = self.flags(n);
            if in_dt {
                f |= Flags::IN_DATA_TABLE;
            }
            let share_bar = s.clean
                && p != root
                && self.doc.element(n).is_some()
                && self.info[n.index()].stats.text < ENOUGH_TEXT
                && self.is_share_bar(n);
            if pf.contains(Flags::REMOVED) || share_bar {
                f |= Flags::REMOVED;
            }
            if pf.contains(Flags::IN_GRID) || (self.doc.element(n).is_some() && holds_grid(self, n))
            {
                f |= Flags::IN_GRID;
            }
            self.info[n.index()].flags = f;
        }
        // Bottom-up: counts of what is left, and the verdict on each element.
        for i in (from..to).rev() {
            let n = self.order[i];
            if self.doc.element(n).is_none() {
                // Text keeps the weight measured in step 2.
                let st = self.info[n.index()].stats;
                self.info[n.index()].stats = Stats {
                    text: st.text,
                    commas: st.commas,
                    ..Stats::default()
                };
            } else {
                self.recount(n);
                if n != root && !self.flags(n).contains(Flags::REMOVED) && self.must_go(n, s) {
                    self.info[n.index()].flags |= Flags::REMOVED;
                }
            }
        }
        self.info[root.index()].stats.text
    }

    /// Starts an element's cleaned counts: what its children added (after they were cleaned),
    /// plus what the element itself is.
    fn recount(&mut self, n: NodeId) {
        let mut st = Stats::default();
        let mut c = self.doc.first_child(n);
        let mut cdt = Flags::default();
        while let Some(ch) = c {
            let f = self.flags(ch);
            if f.contains(Flags::INCLUDED) && !f.contains(Flags::REMOVED) {
                st += self.info[ch.index()].stats;
                cdt |= f & (Flags::DATA_TABLE | Flags::CONTAINS_DATA_TABLE);
            }
            c = self.doc.next_sibling(ch);
        }
        let kind = self.kind(n);
        match kind {
            Kind::A => {
                let coef = link_weight(self.doc, n);
                st.link = st.text * coef;
            }
            Kind::Img => st.images += 1,
            Kind::Li => st.items += 1,
            Kind::Heading => st.heading = st.text,
            Kind::List => st.list = st.text,
            _ => {}
        }
        let old = self.info[n.index()];
        st.inputs += old.inputs;
        st.buttons += old.buttons;
        let tag = self.doc.element(n).map_or(Tag::Other, |e| e.tag);
        if tag == Tag::P
            || (!old.flags.contains(Flags::HAS_BLOCK)
                && old.own > 0.0
                && matches!(tag, Tag::Div | Tag::Section))
        {
            st.paragraphs += 1;
        }
        if tag == Tag::Pre {
            st.pres += 1;
        }
        let info = &mut self.info[n.index()];
        info.stats = st;
        info.flags.remove(Flags::CONTAINS_DATA_TABLE);
        if !cdt.is_empty() {
            info.flags.insert(Flags::CONTAINS_DATA_TABLE);
        }
    }

    /// An article's card of its author (a short biography): a container whose `class`/`id`
    /// names a byline (and no content) but which holds more text than a byline
    /// ([`AUTHOR_CARD_TEXT`]), by its cleaned counts.
    fn is_author_card(&mut self, n: NodeId) -> bool {
        if !AUTHOR_CARD_TEXT.contains(&self.info[n.index()].stats.text) {
            return false;
        }
        let (class, id) = self.names_of(n);
        let names = class | id;
        names.any(Names::BYLINE) && !names.any(Names::MAYBE_CONTENT)
    }

    /// A share bar: `share`/`sharedaddy` as a word of the `class` or `id`.
    fn is_share_bar(&mut self, n: NodeId) -> bool {
        let s = self.class_and_id(n);
        has_word(s, "share") || has_word(s, "sharedaddy")
    }

    /// Whether an element of the chosen content is cleaned out (its counts are those of what
    /// is left inside it).
    fn must_go(&mut self, n: NodeId, s: Strictness) -> bool {
        let kind = self.kind(n);
        let tag = self.doc.element(n).map_or(Tag::Other, |e| e.tag);
        if kind == Kind::Furniture {
            return true;
        }
        if matches!(tag, Tag::H1 | Tag::H2) && self.class_weight(n, s) < 0.0 {
            return true;
        }
        if s.strip_furniture && self.article && kind == Kind::Container && self.is_author_card(n) {
            return true;
        }
        if !s.clean {
            return false;
        }
        if matches!(kind, Kind::Para | Kind::Container)
            && self.info[n.index()].stats.text < 200.0
            && !self.flags(n).contains(Flags::IN_FIGURE)
            // `capped_text` gives `None` past `capped_nodes` descendants, and the walk's count
            // of the subtree (the element and the descendants it keeps) says so at once: in a
            // deep nest of blocks each would read 3,200 nodes.
            && self.subtree(n).len() <= capped_nodes(COPYRIGHT_TEXT) + 1
            && capped_text(self.doc, n, COPYRIGHT_TEXT).is_some_and(|t| is_copyright_notice(&t))
        {
            return true;
        }
        let conditional = matches!(
            tag,
            Tag::Form | Tag::Fieldset | Tag::Table | Tag::Ul | Tag::Ol | Tag::Div | Tag::Section
        );
        if !conditional {
            return false;
        }
        let f = self.flags(n);
        if f.intersects(
            Flags::DATA_TABLE
                | Flags::IN_DATA_TABLE
                | Flags::IN_CODE
                | Flags::CONTAINS_DATA_TABLE
                | Flags::IN_GRID,
        ) {
            return false;
        }
        let weight = self.class_weight(n, s);
        if weight < 0.0 {
            return true;
        }
        let st = self.info[n.index()].stats;
        if st.commas >= 10 {
            return false;
        }
        let is_list =
            matches!(tag, Tag::Ul | Tag::Ol) || (st.text > 0.0 && st.list / st.text > 0.9);
        let p = st.paragraphs as f32;
        let img = st.images as f32;
        let li = st.items as f32 - 100.0;
        // An article's buttons ("Continue reading" under each item of a list, a share or
        // copy button) are not a form's fields: as Readability counts only `input`s. A
        // product's or a landing page's (a buy box, a picker of sizes) are.
        let input = (st.inputs + if self.article { 0 } else { st.buttons }) as f32;
        let heading_density = if st.text > 0.0 {
            st.heading / st.text
        } else {
            0.0
        };
        let ld = st.link_density();
        let in_figure = f.contains(Flags::IN_FIGURE);
        // Images without paragraphs are a gallery, unless the text beside them is more than
        // a caption's (a forum post with its attachments, a card of text and pictures).
        let mut bad = (!in_figure && img > 1.0 && p / img < 0.5 && st.text < GALLERY_TEXT)
            || (!is_list && li > p)
            // A code block's copy button is not a form.
            || (input > (p / 3.0).floor() && st.pres == 0)
            || (!is_list
                && !in_figure
                && heading_density < 0.9
                && st.text < 25.0
                && (img == 0.0 || img > 2.0)
                && ld > 0.0)
            || (!is_list && weight < 25.0 && ld > 0.2)
            || (weight >= 25.0 && ld > 0.5);
        if bad && is_list {
            // A list of images (every item one image) stays.
            let items = st.items;
            if items > 0 && st.images == items {
                bad = false;
            }
        }
        bad
    }
}

/// Children of one parent with one tag and first class ([`Finder::card_groups`]).
struct CardGroup<'a> {
    /// The children's element name (by name: custom elements are all `Tag::Other`).
    name: &'a str,
    class: &'a str,
    cards: usize,
    /// Their text (weighted characters).
    text: f32,
    /// How many of them hold a link.
    linked: usize,
}

impl CardGroup<'_> {
    /// A grid of cards: [`CARD_GRID_ITEMS`] or more, at most [`CARD_TEXT`] of text each on
    /// average, most with a link ([`LINKED_CARDS`]).
    fn is_grid(&self) -> bool {
        let n = self.cards as f32;
        self.cards >= CARD_GRID_ITEMS
            && self.linked as f32 >= LINKED_CARDS * n
            && self.text <= CARD_TEXT * n
    }
}

/// Step 7c: the least text (weighted characters) of a landing page's section that joins
/// the block.
const LANDING_SECTION_TEXT: f32 = 200.0;

/// The length (characters, white space runs as one space) from which a block that repeats
/// one before it is left out (step 10): 40 or more.
const REPEATED_BLOCK: usize = 40;

/// How often a short text or a label comes back in a thread for step 9b to read it as the
/// chrome of each post: in three posts or more.
const POST_CHROME_REPEATS: usize = 3;
/// The longest text (characters) that step 9b reads as a post's chrome when it repeats.
const POST_CHROME_TEXT: usize = 25;
/// The longest line (characters) that step 9b reads as a label and its value.
const POST_LABEL_LINE: usize = 60;
/// The longest label (characters, before the colon) of a label and its value.
const LABEL_CHARS: usize = 24;

/// The label of a line that gives a value after it: the letters and spaces before its first
/// colon (2 to [`LABEL_CHARS`] characters), with something after the colon ("Posts: 138").
fn label_of(line: &str) -> Option<&str> {
    let (label, value) = line.split_once(':')?;
    let label = label.trim();
    let n = label.chars().count();
    ((2..=LABEL_CHARS).contains(&n)
        && label.chars().all(|c| c.is_alphabetic() || c == ' ')
        && !value.trim().is_empty())
    .then_some(label)
}

/// The text blocks of a main content ([`Finder::text_blocks`]): each block's node, where its
/// text starts in `text` and its length in characters.
#[derive(Default)]
struct TextBlocks {
    text: String,
    blocks: Vec<(NodeId, usize, usize)>,
}

impl TextBlocks {
    /// Each block's node, text and length in characters, in tree order.
    fn iter(&self) -> impl Iterator<Item = (NodeId, &str, usize)> + Clone + '_ {
        self.blocks
            .iter()
            .enumerate()
            .map(|(k, &(n, from, chars))| {
                let to = self.blocks.get(k + 1).map_or(self.text.len(), |b| b.1);
                (n, &self.text[from..to], chars)
            })
    }
}
/// Step 5: an element of two images or more and few paragraphs is a gallery when it holds
/// less text than this (weighted characters).
const GALLERY_TEXT: f32 = 200.0;
/// A form with this many inputs or more (buttons included) and under [`FORM_TEXT`] of text
/// is left out (step 11).
const FORM_FIELDS: u32 = 2;
/// See [`FORM_FIELDS`] (weighted characters).
const FORM_TEXT: f32 = 500.0;

/// The longest heading (bytes) read for [`titles_other_pages`].
const HEADING_TEXT: usize = 80;
/// The share of a section's text in links from which step 10b reads it as links to other
/// pages.
const ELSEWHERE_LINKS: f32 = 0.3;
/// The most kept nodes of a section that step 10b leaves out: a box of links, not a part of
/// the page.
const ELSEWHERE_NODES: usize = 2000;

/// A hash of a block's text, to find the blocks that repeat.
fn hash_of(text: &[u8]) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(text)
}

/// How much a link's text counts as link text: a link to a fragment of the page (a table of
/// contents, footnotes) 0.3, any other 1.
fn link_weight(doc: &Document<'_>, n: NodeId) -> f32 {
    let href = doc.attr(n, "href");
    if href.is_some_and(|h| h.starts_with('#') && h.len() > 1) {
        0.3
    } else {
        1.0
    }
}

/// Whether a short text is a copyright notice (`© 2024 …`, `Copyright …`, `(c) …`).
fn is_copyright_notice(text: &str) -> bool {
    let t = text.trim_start_matches(|c: char| c.is_whitespace());
    let head: String = t.chars().take(10).collect::<String>().to_lowercase();
    head.starts_with('©') || head.starts_with("copyright") || head.starts_with("(c) ")
}

/// Whether the subtree of `n` holds `min` bytes of text (without its edges' white space)
/// outside links (text whose parent or grandparent is an `a`), not counting the text of
/// scripts, styles, templates and `noscript` (with scripting on, its markup), nor what the
/// elements inside hide ([`prose_len`]). Stops at `min`.
fn holds_prose(doc: &Document<'_>, n: NodeId, min: usize) -> bool {
    prose_len(doc, n, min) >= min
}

/// The bytes of text (without their edges' white space) in the subtree of `n` outside links,
/// as [`holds_prose`] counts them, up to `cap`: not the text of the elements inside that the
/// `hidden` attribute or an inline style hides (what `n` shows, or shows once its own style
/// no longer hides it, step 13). One pass over the subtree, stopping at `cap`.
fn prose_len(doc: &Document<'_>, n: NodeId, cap: usize) -> usize {
    let is_link = |p: Option<NodeId>| {
        p.and_then(|p| doc.element(p))
            .is_some_and(|e| e.tag == Tag::A)
    };
    let hides = |d: NodeId| {
        doc.element(d)
            .is_some_and(|e| e.attr("hidden").is_some() || e.attr("style").is_some_and(style_hides))
    };
    let mut len = 0;
    let mut next = doc.first_child(n);
    while let Some(d) = next {
        let skip = hides(d);
        if let NodeData::Text(t) = doc.data(d) {
            let parent = doc.parent(d);
            let raw = parent.and_then(|p| doc.element(p)).is_some_and(|e| {
                matches!(
                    e.tag,
                    Tag::Script | Tag::Style | Tag::Template | Tag::Noscript
                )
            });
            if !raw && !is_link(parent) && !is_link(parent.and_then(|p| doc.parent(p))) {
                len += t.trim().len();
                if len >= cap {
                    return len;
                }
            }
        }
        // The next node in tree order inside `n`, past `d`'s subtree when it hides it.
        next = doc.first_child(d).filter(|_| !skip).or_else(|| {
            std::iter::successors(Some(d), |&x| doc.parent(x))
                .take_while(|&x| x != n)
                .find_map(|x| doc.next_sibling(x))
        });
    }
    len
}

/// Whether a microdata `itemtype` names one of the schema.org `types`
/// ([`page_type::item_type_names`]).
fn is_item_of(itemtype: Option<&str>, types: &[&str]) -> bool {
    itemtype.is_some_and(|t| page_type::item_type_names(t).any(|name| types.contains(&name)))
}

/// Whether a `class`/`id` names a post quoted in a reply: `quote` anywhere (ASCII
/// case-insensitively), except as the end of `blockquote`, which names a block quotation's
/// style (an editor's or a style sheet's), not a quoted post.
fn names_quoted_post(s: &str) -> bool {
    let b = s.as_bytes();
    b.windows(5).enumerate().any(|(i, w)| {
        w.eq_ignore_ascii_case(b"quote") && !(i >= 5 && b[i - 5..i].eq_ignore_ascii_case(b"block"))
    })
}

/// Whether `word` stands in `s` between non-alphanumeric characters (or the ends).
/// A scan of the bytes, not `str::find`: the strings are short `class` values, and a
/// substring searcher's set-up per call cost more than the search.
fn has_word(s: &str, word: &str) -> bool {
    let (b, w) = (s.as_bytes(), word.as_bytes());
    if w.is_empty() || b.len() < w.len() {
        return false;
    }
    (0..=b.len() - w.len()).any(|at| {
        let end = at + w.len();
        // The first byte alone first: comparing the slices calls `memcmp`.
        b[at] == w[0]
            && b[at..end] == *w
            && (at == 0 || !b[at - 1].is_ascii_alphanumeric())
            && (end == b.len() || !b[end].is_ascii_alphanumeric())
    })
}

/// Whether a character is of a script written without spaces between words, or with
/// syllable blocks (Han, Hiragana, Katakana, Hangul): three Latin letters' worth of text.
fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF
        | 0x3040..=0x30FF
        | 0x3130..=0x318F
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7AF
        | 0xF900..=0xFAFF
        | 0x20000..=0x3FFFF)
}

/// Commas of the world's scripts (Latin, Arabic, CJK full-width and ideographic, …).
fn is_comma(c: char) -> bool {
    matches!(
        c,
        ',' | '\u{060C}'
            | '\u{FE50}'
            | '\u{FE10}'
            | '\u{FE11}'
            | '\u{2E41}'
            | '\u{2E34}'
            | '\u{2E32}'
            | '\u{FF0C}'
            | '\u{3001}'
    )
}

/// A text's length for the heuristics (non-space characters, CJK ones three times, plus
/// one for each run of white space between them) and its commas.
fn text_weight(s: &str) -> (f32, u32) {
    // One branch-free pass over the bytes (it vectorises): characters are the bytes that
    // start one (not UTF-8 continuation bytes) and are not white space; a run of white space
    // after a character counts one.
    let (mut chars, mut runs, mut commas, mut high) = (0u32, 0u32, 0u32, 0u8);
    let mut prev_ws = true;
    for &b in s.as_bytes() {
        let ws = b.is_ascii_whitespace();
        let starts = (b as i8) >= -64;
        chars += u32::from(!ws & starts);
        runs += u32::from(!prev_ws & ws);
        commas += u32::from(b == b',');
        high |= b;
        prev_ws = ws;
    }
    let mut w = chars + runs;
    if high >= 0x80 {
        // Non-ASCII: weigh wide characters and count the other commas.
        for c in s.chars() {
            if is_wide(c) {
                w += 2;
            } else if !c.is_ascii() && is_comma(c) {
                commas += 1;
            }
        }
    }
    (w as f32, commas)
}

/// The mean length in characters of the non-empty lines of `text`.
fn mean_line(text: &str) -> f32 {
    let (mut chars, mut lines) = (0usize, 0usize);
    for l in text.lines().filter(|l| !l.trim().is_empty()) {
        chars += l.chars().count();
        lines += 1;
    }
    chars as f32 / lines.max(1) as f32
}

/// Whether a short paragraph ends a sentence (`.` followed by a space or the end, or a
/// full stop of another script).
fn ends_sentence(s: &str) -> bool {
    let b = s.as_bytes();
    for (i, _) in s.match_indices('.') {
        if i + 1 == b.len() || b[i + 1] == b' ' {
            return true;
        }
    }
    s.contains(['。', '։', '۔', '।'])
}

/// The words of `s` (runs of alphanumeric characters), lower-cased: what [`similarity`]
/// compares.
fn words<C: FromIterator<String>>(s: &str) -> C {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// How much of `b`'s words are in `wa` (the [`words`] of another text): one minus the share of
/// `b`'s word characters that are in words `wa` does not have (case-insensitive). A set, so
/// that a long title against a long heading is not every word against every word.
fn similarity(wa: &HashSet<String>, b: &str) -> f32 {
    let wb: Vec<String> = words(b);
    if wa.is_empty() || wb.is_empty() {
        return 0.0;
    }
    let total: usize = wb.iter().map(|w| w.len()).sum::<usize>() + wb.len() - 1;
    let unique: Vec<&String> = wb.iter().filter(|w| !wa.contains(*w)).collect();
    let missing: usize =
        unique.iter().map(|w| w.len()).sum::<usize>() + unique.len().saturating_sub(1);
    1.0 - missing as f32 / total as f32
}
