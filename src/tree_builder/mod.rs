//! The tree construction stage (HTML Standard 13.2.6) and the parse state it keeps (13.2.4).
//!
//! [`TreeBuilder`] takes the tokenizer's tokens one at a time ([`TreeBuilder::process_token`]) and
//! writes the tree through a [`TreeSink`]. What the tokenizer and the driver must do next comes
//! back from each token as its [`Feedback`]: the tokenizer state to switch to (after `<title>`,
//! `<script>`, `<plaintext>`, ...), whether CDATA sections are allowed (13.2.5.42), an encoding
//! a `<meta>` declared while the confidence is tentative (13.2.3.4), and whether parsing stopped.
//!
//! Everything is iterative: reprocessing a token loops in [`TreeBuilder::process_token`], and no
//! algorithm recurses over the document.
//!
//! Layout: one file per insertion mode or group of them, named after the mode: `initial.rs`
//! ("initial", "before html", "before head"), `in_head.rs` ("in head", "in head noscript",
//! "after head"), `in_body.rs`, `text.rs`, `in_table.rs` (the table modes: "in table" to "in
//! cell"), `in_template.rs`, `after_body.rs` ("after body" and the frameset modes);
//! `in_body_table.rs` (the per-tag table of the "in body" common case), `open_elements.rs`
//! (the stack of open elements and its scopes), `formatting.rs` (the list of active formatting
//! elements and the adoption agency algorithm), `foreign.rs` (13.2.6.5 and
//! the SVG/MathML adjustments), `quirks.rs` (the DOCTYPE tables), `insert.rs` (13.2.6.1,
//! creating and inserting nodes), `selectedcontent.rs` (the `selectedcontent` steps),
//! `shadow.rs` (declarative shadow roots), `source.rs` (source spans), `meta_charset.rs`
//! (13.2.3.4's half in the builder), `sink.rs` ([`TreeSink`]). The names they share with the
//! other layers (tags, namespaces, attributes, quirks mode) are [`crate::markup`]'s.

mod after_body;
mod error;
mod foreign;
mod formatting;
pub(crate) mod fxhash;
mod in_body;
mod in_body_table;
mod in_head;
mod in_table;
mod in_template;
mod initial;
mod insert;
mod meta_charset;
mod open_elements;
mod quirks;
mod selectedcontent;
mod shadow;
mod sink;
mod source;
mod text;

/// The vocabulary's names, re-exported where they were defined before they moved to
/// [`crate::markup`], so that the old paths keep working.
pub use crate::markup::{
    Attr, AttrNamespace, Namespace, QuirksMode, ShadowRootData, ShadowRootMode, Tag,
};
pub use error::TreeConstructionError;
pub use sink::{InsertionPoint, TreeSink};

use crate::markup::TAG_COUNT;
use crate::tokenizer::{Attribute, State, Token};
use formatting::FormattingEntry;

/// The insertion modes of 13.2.4.1 (21 of them since the 2025 removal of "in select" and "in
/// select in table").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InsertionMode {
    /// "initial" (13.2.6.4.1)
    Initial,
    /// "before html" (13.2.6.4.2)
    BeforeHtml,
    /// "before head" (13.2.6.4.3)
    BeforeHead,
    /// "in head" (13.2.6.4.4)
    InHead,
    /// "in head noscript" (13.2.6.4.5)
    InHeadNoscript,
    /// "after head" (13.2.6.4.6)
    AfterHead,
    /// "in body" (13.2.6.4.7)
    InBody,
    /// "text" (13.2.6.4.8)
    Text,
    /// "in table" (13.2.6.4.9)
    InTable,
    /// "in table text" (13.2.6.4.10)
    InTableText,
    /// "in caption" (13.2.6.4.11)
    InCaption,
    /// "in column group" (13.2.6.4.12)
    InColumnGroup,
    /// "in table body" (13.2.6.4.13)
    InTableBody,
    /// "in row" (13.2.6.4.14)
    InRow,
    /// "in cell" (13.2.6.4.15)
    InCell,
    /// "in template" (13.2.6.4.16)
    InTemplate,
    /// "after body" (13.2.6.4.17)
    AfterBody,
    /// "in frameset" (13.2.6.4.18)
    InFrameset,
    /// "after frameset" (13.2.6.4.19)
    AfterFrameset,
    /// "after after body" (13.2.6.4.20)
    AfterAfterBody,
    /// "after after frameset" (13.2.6.4.21)
    AfterAfterFrameset,
}

/// Options for a [`TreeBuilder`].
#[derive(Debug, Clone, Copy)]
pub struct TreeBuilderOptions {
    /// The scripting flag: `true` is scripting mode Normal/Inert (a `noscript` element's content
    /// is raw text), `false` is Disabled ("in head noscript", `noscript` parsed as markup).
    pub scripting: bool,
    /// The scalar twin: run the spec's algorithms as written, without the builder's shortcuts
    /// (the scope queries walk the stack of open elements instead of reading the per-tag
    /// bookkeeping, "reset the insertion mode appropriately" always walks the stack, the
    /// Noah's Ark clause always walks the list of active formatting elements, "in body" tags
    /// take the full rules, not the per-tag table of the common case, "in cell" tokens go
    /// through the dispatcher, and an HTML element is created, then inserted, not made in its
    /// place with [`TreeSink::create_element_at`]). The same tree and errors, as the oracle the shortcuts are tested against; the walks make deep stacks
    /// quadratic, so it is for tests (default `false`). Set by [`crate::ParseOptions::scalar`].
    pub scalar: bool,
    /// The parser's "allow declarative shadow roots" (13.2.4.5): a `template` start tag with a
    /// `shadowrootmode` attaches a shadow root to its parent element (13.2.6.4.4). Default
    /// `true`, as for a document a browser loads; the fragment parser (`innerHTML`) turns it off
    /// unless asked ([`crate::ParseOptions::allow_declarative_shadow_roots`]).
    pub allow_declarative_shadow_roots: bool,
}

impl Default for TreeBuilderOptions {
    fn default() -> Self {
        TreeBuilderOptions {
            scripting: true,
            scalar: false,
            allow_declarative_shadow_roots: true,
        }
    }
}

/// What the tree builder tells the tokenizer and the driver after a token
/// ([`TreeBuilder::process_token`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Feedback {
    /// The state the tokenizer must switch to before the next token, if this token changed it
    /// (13.2.6.2 "the generic raw text / RCDATA element parsing algorithm", `script`,
    /// `plaintext`, ...).
    pub tokenizer_state: Option<State>,
    /// Whether the adjusted current node is an element that is not in the HTML namespace, which
    /// makes `<![CDATA[` open a CDATA section (13.2.5.42); for the tokenizer's
    /// [`set_cdata_allowed`](crate::tokenizer::Tokenizer::set_cdata_allowed).
    pub cdata_allowed: bool,
    /// The encoding a `<meta>` declared while the confidence was tentative
    /// ([`TreeBuilder::set_encoding_tentative`]): the driver runs "change the encoding"
    /// (13.2.3.4, `input::change_the_encoding`) with it. After a declaration the builder
    /// considers the confidence certain and reports no other.
    pub encoding_declaration: Option<&'static crate::input::Encoding>,
    /// Parsing has stopped (13.2.7 "the end" ran): later tokens are ignored.
    pub stopped: bool,
    /// Whether the next character token may carry the whole text of the data state
    /// ([`TreeBuilder::whole_text`]); for the tokenizer's
    /// [`set_whole_text`](crate::tokenizer::Tokenizer::set_whole_text).
    pub whole_text: bool,
}

/// What [`TreeBuilder::process_token_for_driver`] returns: the tokenizer's two flags of
/// [`Feedback`] when the token set nothing else, or the whole feedback.
#[derive(Debug, Clone, Copy)]
pub(crate) enum DriverFeedback {
    Flags {
        cdata_allowed: bool,
        whole_text: bool,
    },
    All(Feedback),
}

/// The context element of the fragment parsing algorithm (13.4): namespace, local name and
/// attributes (attributes matter for `annotation-xml`'s `encoding`).
#[derive(Debug, Clone, Copy)]
pub struct ContextElement<'a> {
    /// The context element's namespace.
    pub ns: Namespace,
    /// Its local name, as the DOM has it (`foreignObject`, `annotation-xml`, `td`).
    pub name: &'a str,
    /// Its attributes.
    pub attrs: &'a [Attribute<'a>],
}

impl ContextElement<'_> {
    /// Its tag: `Tag::from_name` of the ASCII-lower-cased name, by which both the tokenizer
    /// state and "reset the insertion mode appropriately" classify it.
    fn tag(&self) -> Tag {
        Tag::from_name(&self.name.to_ascii_lowercase())
    }
}

/// An index into the builder's table of the elements it created.
pub(crate) type ElemId = u32;

/// The room the builder's element table, its free slots and the stack of open elements start
/// with: a usual page's deepest stack, so that they are allocated once, not grown four or five
/// times from nothing on every page.
const STACK_ROOM: usize = 32;
/// The same for the shorter lists (the elements that left the stack during a token, the scope
/// boundaries, the list of active formatting elements).
const LIST_ROOM: usize = 8;

/// No element: the end of a [`TagList`].
pub(crate) const NO_ELEM: ElemId = ElemId::MAX;

/// The open HTML elements of one tag, in stack order: a list linked through the elements'
/// `below_same` and `above_same`, so that the usual page needs no allocation for it and an
/// element leaves it in constant time wherever it is.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TagList {
    /// The lowest (most recently pushed) of them, or [`NO_ELEM`].
    pub last: ElemId,
    /// How many there are.
    pub len: u32,
}

impl TagList {
    const EMPTY: TagList = TagList {
        last: NO_ELEM,
        len: 0,
    };
}

/// What the builder remembers about an element it created.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Elem<'a, H> {
    pub handle: H,
    pub ns: Namespace,
    pub tag: Tag,
    /// The local name (after SVG case adjustment).
    pub name: &'a str,
    /// The name of the token the element was created for (lower case; `foreignobject` for SVG's
    /// `foreignObject`).
    pub lname: &'a str,
    /// The attributes of the token the element was created for (for the adoption agency
    /// algorithm, reconstruction and the Noah's Ark clause).
    pub attrs: &'a [Attribute<'a>],
    /// An HTML integration point (13.2.6).
    pub html_integration_point: bool,
    pub in_stack: bool,
    /// The element's index in the stack of open elements while `in_stack`.
    pub pos: u32,
    /// While an HTML element is on the stack: the open HTML elements of its tag just below and
    /// just above it in the stack ([`NO_ELEM`] at either end), the links of its tag's list
    /// ([`TagList`]).
    pub below_same: ElemId,
    pub above_same: ElemId,
    pub in_formatting_list: bool,
    /// The slot is free (in `TreeBuilder::free_elems`): the element it held is gone from
    /// every list the builder keeps.
    pub freed: bool,
    /// The Noah's Ark family of a formatting element's token (0 until the list of active
    /// formatting elements needs it).
    pub family: u64,
}

impl<H> Elem<'_, H> {
    #[inline]
    pub fn is_html(&self, tag: Tag) -> bool {
        self.tag == tag && self.ns == Namespace::Html
    }
    /// MathML mi, mo, mn, ms, mtext.
    pub fn is_mathml_text_integration_point(&self) -> bool {
        self.ns == Namespace::MathMl
            && matches!(self.tag, Tag::Mi | Tag::Mo | Tag::Mn | Tag::Ms | Tag::Mtext)
    }
    pub fn is_special(&self) -> bool {
        match self.ns {
            Namespace::Html => self.tag.is_special_html(),
            Namespace::MathMl => matches!(
                self.tag,
                Tag::Mi | Tag::Mo | Tag::Mn | Tag::Ms | Tag::Mtext | Tag::AnnotationXml
            ),
            Namespace::Svg => matches!(self.tag, Tag::ForeignObject | Tag::Desc | Tag::Title),
        }
    }
}

/// What a mode function hands back: `Some(token)` to reprocess `token` (the whole token or the
/// rest of a character run) through the tree construction dispatcher, `None` when done.
type Step<'a> = Option<Token<'a>>;

/// The HTML tree builder (13.2.6), generic over the [`TreeSink`] it writes to.
pub struct TreeBuilder<'a, S: TreeSink<'a>> {
    sink: S,
    /// The elements the builder can still refer to, by [`ElemId`]. A slot is reused once its
    /// element has left the stack of open elements and the list of active formatting elements
    /// and is not the head, form or context element, so the table holds about as many entries
    /// as the deepest stack, not one per element of the page.
    elems: Vec<Elem<'a, S::Handle>>,
    /// The slots of `elems` free for new elements.
    free_elems: Vec<ElemId>,
    /// The elements that left the stack or the list of active formatting elements while the
    /// current token was processed: their slots are freed when it is done (not at once, since
    /// the algorithms read a removed element's token, as the adoption agency does).
    left: Vec<ElemId>,
    mode: InsertionMode,
    original_mode: InsertionMode,
    template_modes: Vec<InsertionMode>,
    /// The stack of open elements, top (html) first.
    open: Vec<ElemId>,
    /// The open HTML elements of each tag, in stack order.
    open_by_tag: Box<[TagList; TAG_COUNT]>,
    /// The open elements that bound the "in scope" scope (13.2.4.2), in stack order.
    default_scope_boundaries: Vec<ElemId>,
    /// How many elements with each token name are on the stack, for HTML elements of
    /// [`Tag::Other`] and for all SVG and MathML elements (so that end tags for elements that are
    /// not open are ignored without walking the stack).
    open_names: fxhash::FxHashMap<&'a str, u32>,
    /// Whether the adjusted current node is an element not in the HTML namespace (kept by
    /// [`Self::note_current_changed`] as the stack changes).
    acn_foreign: bool,
    /// The list of active formatting elements.
    formatting: Vec<FormattingEntry>,
    /// A text the driver knows to hold no NUL (the tokenizer's data state made it): the "in
    /// body" rules for characters within it need not look for one (not for the scalar twin).
    nul_free_text: &'a str,
    /// Entries per Noah's Ark family in each marker segment of `formatting`.
    families: formatting::FamilyCounts,
    head: Option<ElemId>,
    form: Option<ElemId>,
    frameset_ok: bool,
    foster_parenting: bool,
    scripting: bool,
    /// The context element (fragment case).
    context: Option<ElemId>,
    /// The parser's root insertion target (fragment case).
    root_insertion_target: Option<S::Handle>,
    /// The pending table character tokens, with the offset of each.
    pending_table_text: Vec<(&'a str, usize)>,
    /// Source spans: the range of each pending table character token.
    pending_table_spans: Vec<std::ops::Range<usize>>,
    /// Source spans: the token being processed.
    source: source::TokenSource<'a>,
    pending_table_text_dirty: bool,
    /// Ignore a leading LF in the next token (after `<pre>`, `<listing>`, `<textarea>`).
    ignore_lf: bool,
    tokenizer_state: Option<State>,
    offset: usize,
    quirks_mode: QuirksMode,
    stopped: bool,
    attr_buf: Vec<Attr<'a>>,
    /// Whether a `selectedcontent` element was ever created (the cloning steps are skipped
    /// otherwise).
    saw_selectedcontent: bool,
    /// A `selectedcontent` clone stopped at the sink's node budget ([`TreeSink::over_budget`]).
    cut_at_budget: bool,
    /// This token set feedback besides the tokenizer's two flags: a tokenizer state, an
    /// encoding declaration, the stop (13.2.7) or `cut_at_budget`. The parser's driver looks at
    /// those only then ([`Self::process_token_for_driver`]), one test a token.
    more_feedback: bool,
    /// The selects one of whose options was popped already (the `selectedcontent` steps).
    selects_with_popped_option: Vec<(S::Handle, S::Handle)>,
    /// The encoding confidence and a pending `<meta>` declaration (13.2.3.4).
    meta_charset: meta_charset::MetaCharset,
    /// [`TreeBuilderOptions::scalar`]: no shortcuts.
    scalar: bool,
    /// [`TreeBuilderOptions::allow_declarative_shadow_roots`].
    allow_declarative_shadow_roots: bool,
}

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// A builder for a whole document (13.2.6, starting in the "initial" insertion mode).
    pub fn new(sink: S, options: TreeBuilderOptions) -> Self {
        TreeBuilder {
            sink,
            elems: Vec::with_capacity(STACK_ROOM),
            free_elems: Vec::with_capacity(STACK_ROOM),
            left: Vec::with_capacity(LIST_ROOM),
            mode: InsertionMode::Initial,
            original_mode: InsertionMode::Initial,
            template_modes: Vec::new(),
            open: Vec::with_capacity(STACK_ROOM),
            open_by_tag: Box::new([TagList::EMPTY; TAG_COUNT]),
            default_scope_boundaries: Vec::with_capacity(LIST_ROOM),
            open_names: fxhash::FxHashMap::default(),
            acn_foreign: false,
            formatting: Vec::with_capacity(LIST_ROOM),
            nul_free_text: "",
            families: formatting::FamilyCounts::default(),
            head: None,
            form: None,
            frameset_ok: true,
            foster_parenting: false,
            scripting: options.scripting,
            context: None,
            root_insertion_target: None,
            pending_table_text: Vec::new(),
            pending_table_spans: Vec::new(),
            source: source::TokenSource::default(),
            pending_table_text_dirty: false,
            ignore_lf: false,
            tokenizer_state: None,
            offset: 0,
            quirks_mode: QuirksMode::NoQuirks,
            stopped: false,
            attr_buf: Vec::new(),
            saw_selectedcontent: false,
            cut_at_budget: false,
            more_feedback: false,
            selects_with_popped_option: Vec::new(),
            meta_charset: meta_charset::MetaCharset::default(),
            scalar: options.scalar,
            allow_declarative_shadow_roots: options.allow_declarative_shadow_roots,
        }
    }

    /// A builder for the HTML fragment parsing algorithm (13.4, steps 12–20) with the given
    /// context element. `quirks_mode` is the context document's mode. The fragment's nodes
    /// become the children of the returned [`Self::fragment_root`]. The caller sets the
    /// tokenizer's initial state with [`fragment_tokenizer_state`].
    pub fn new_fragment(
        sink: S,
        options: TreeBuilderOptions,
        context: ContextElement<'a>,
        quirks_mode: QuirksMode,
    ) -> Self {
        let mut tb = TreeBuilder::new(sink, options);
        tb.quirks_mode = quirks_mode;
        tb.sink.set_quirks_mode(quirks_mode);
        // Step 12-14: the root html element, appended to the document, alone on the stack.
        let root = tb.create_element(Namespace::Html, "html", Tag::Html, &[], false);
        let doc = tb.sink.document();
        let root_handle = tb.elems[root as usize].handle;
        tb.sink.insert(
            InsertionPoint {
                parent: doc,
                before: None,
            },
            root_handle,
        );
        tb.push(root);
        // Step 15-16: the fragment is the root insertion target.
        let fragment = tb.sink.create_document_fragment();
        tb.root_insertion_target = Some(fragment);
        // The context element (never inserted anywhere).
        let ctx_tag = context.tag();
        let ctx = tb.create_element(context.ns, context.name, ctx_tag, context.attrs, true);
        tb.context = Some(ctx);
        tb.note_current_changed();
        // Step 17.
        if tb.elems[ctx as usize].is_html(Tag::Template) {
            tb.template_modes.push(InsertionMode::InTemplate);
        }
        // Step 19.
        tb.reset_insertion_mode();
        // Step 20: the nearest form ancestor of the context, the context itself here.
        if tb.elems[ctx as usize].is_html(Tag::Form) {
            tb.form = Some(ctx);
        }
        tb
    }

    /// Reserves room for `elements` more elements in the builder's element table. The table
    /// holds the elements still on the stack of open elements or in the list of active
    /// formatting elements (and the head and form elements), its slots reused: a few hundred
    /// entries for most pages, whatever their size.
    pub fn reserve(&mut self, elements: usize) {
        self.elems.reserve(elements);
    }

    /// The root insertion target of a fragment parse (the DocumentFragment whose children are
    /// the result), `None` for a document parse.
    pub fn fragment_root(&self) -> Option<S::Handle> {
        self.root_insertion_target
    }

    /// Tells the builder that `text`, the next character token's text (or, empty, nothing), holds
    /// no NUL.
    #[inline]
    pub(crate) fn set_nul_free_text(&mut self, text: &'a str) {
        self.nul_free_text = text;
    }

    /// Whether `s` is part of the text of [`Self::set_nul_free_text`] (so holds no NUL); never
    /// for the scalar twin.
    #[inline]
    fn known_nul_free(&self, s: &str) -> bool {
        let (known, at) = (self.nul_free_text.as_ptr() as usize, s.as_ptr() as usize);
        !self.scalar && at >= known && at + s.len() <= known + self.nul_free_text.len()
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, mutably (streaming updates the sink's view of the input).
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Consumes the builder, handing back the sink.
    pub fn into_sink(self) -> S {
        self.sink
    }

    /// Whether a `selectedcontent` clone stopped at the sink's node budget
    /// ([`TreeSink::over_budget`]): the tree is cut short, as a truncated parse's is.
    pub fn cut_at_budget(&self) -> bool {
        self.cut_at_budget
    }

    /// The document's mode as the DOCTYPE rules set it.
    pub fn quirks_mode(&self) -> QuirksMode {
        self.quirks_mode
    }

    /// Whether the adjusted current node is an element that is not in the HTML namespace, which
    /// makes `<![CDATA[` open a CDATA section (13.2.5.42).
    pub fn cdata_allowed(&self) -> bool {
        debug_assert_eq!(
            self.acn_foreign,
            self.adjusted_current()
                .is_some_and(|e| self.elems[e as usize].ns != Namespace::Html)
        );
        self.acn_foreign
    }

    /// Whether the next character token may carry the whole text of the data state up to the
    /// next `<` or NUL, character references and CR normalisation included (so not a slice of
    /// the input): the insertion mode is "in body" (or "in cell", "in caption", "in template",
    /// which hand characters to the "in body" rules), the adjusted current node is an HTML
    /// element, and no leading line feed is to be dropped. There characters are inserted
    /// whole and raise no error at a position inside their token (NUL, the one that does, is
    /// never part of such a token). Elsewhere (the modes that split off leading white space or
    /// report an error per character, foreign content) each run, reference and line feed is a
    /// token of its own, so that error offsets and source spans point at their own bytes.
    pub fn whole_text(&self) -> bool {
        !self.cdata_allowed() && self.whole_text_mode()
    }

    /// [`Self::whole_text`] less the adjusted current node: a mode whose characters go to
    /// the "in body" rules whole ("in body", and "in cell", "in caption" and "in template",
    /// which hand characters to them), no line feed to drop.
    #[inline]
    fn whole_text_mode(&self) -> bool {
        use InsertionMode::*;
        matches!(self.mode, InBody | InCell | InCaption | InTemplate) && !self.ignore_lf
    }

    /// Whether parsing has stopped (13.2.7 "the end" ran).
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Processes one token (the tree construction dispatcher, 13.2.6) and returns what the
    /// tokenizer and the driver must do before the next one. `offset` is the byte offset of the
    /// token in the input, used for parse errors.
    #[inline(always)]
    pub fn process_token(&mut self, token: Token<'a>, offset: usize) -> Feedback {
        self.process_token_in_place(&token, offset)
    }

    /// [`process_token`](Self::process_token) for a token the caller keeps where it is: the
    /// common case's rules read it there (the parser's driver, whose token the tokenizer has
    /// just written; a copy would load it in other pieces than it was stored in).
    #[inline(always)]
    pub(crate) fn process_token_in_place(&mut self, token: &Token<'a>, offset: usize) -> Feedback {
        self.process(token, offset);
        if !self.left.is_empty() {
            self.free_left_elements();
        }
        self.more_feedback = false;
        self.feedback()
    }

    /// The token's feedback, the tokenizer state and the encoding declaration taken.
    #[inline(always)]
    fn feedback(&mut self) -> Feedback {
        let (cdata_allowed, whole_text) = self.tokenizer_flags();
        Feedback {
            tokenizer_state: self.tokenizer_state.take(),
            cdata_allowed,
            encoding_declaration: self.meta_charset.take_declared(),
            stopped: self.stopped,
            whole_text,
        }
    }

    /// The tokenizer's two flags of [`Feedback`] after this token: `cdata_allowed` and
    /// `whole_text`.
    #[inline(always)]
    fn tokenizer_flags(&self) -> (bool, bool) {
        let cdata_allowed = self.cdata_allowed();
        (cdata_allowed, !cdata_allowed && self.whole_text_mode())
    }

    /// [`Self::process_token_in_place`] for the parser's driver: the whole feedback only when
    /// the token set more than the tokenizer's two flags (`more_feedback`), which are returned
    /// as they are otherwise (`cdata_allowed`, `whole_text`). Most tokens set nothing else, and
    /// the driver then tests one flag for the state, the declaration, the stop and the cut.
    #[inline(always)]
    pub(crate) fn process_token_for_driver(
        &mut self,
        token: &Token<'a>,
        offset: usize,
    ) -> DriverFeedback {
        self.process(token, offset);
        if !self.left.is_empty() {
            self.free_left_elements();
        }
        if std::mem::take(&mut self.more_feedback) {
            return DriverFeedback::All(self.feedback());
        }
        debug_assert!(
            self.tokenizer_state.is_none(),
            "a state set without the flag"
        );
        let (cdata_allowed, whole_text) = self.tokenizer_flags();
        DriverFeedback::Flags {
            cdata_allowed,
            whole_text,
        }
    }

    /// Switches the tokenizer to `state` before the next token (the driver's feedback).
    #[inline(always)]
    fn switch_tokenizer_to(&mut self, state: State) {
        self.tokenizer_state = Some(state);
        self.more_feedback = true;
    }

    /// Frees the slots of the elements in `left` that nothing refers to any more.
    #[inline(always)]
    fn free_left_elements(&mut self) {
        while let Some(id) = self.left.pop() {
            let e = &self.elems[id as usize];
            if e.in_stack
                || e.in_formatting_list
                || e.freed
                || self.head == Some(id)
                || self.form == Some(id)
                || self.context == Some(id)
            {
                continue;
            }
            self.elems[id as usize].freed = true;
            self.free_elems.push(id);
        }
    }

    /// [`Self::process_token`] without the feedback.
    #[inline(always)]
    fn process(&mut self, token: &Token<'a>, offset: usize) {
        if self.stopped {
            return;
        }
        self.offset = offset;
        self.source_token(token);
        // The commonest case first: in "in body" with an HTML adjusted current node, the
        // dispatcher below would hand the token to the "in body" rules; go there directly (a
        // character token is consumed without reprocessing). In "in cell", the same for the
        // tokens its rules hand to "in body" as they are (not for the scalar twin).
        if !self.ignore_lf
            && (self.mode == InsertionMode::InBody
                || (self.mode == InsertionMode::InCell
                    && !self.scalar
                    && Self::in_cell_uses_in_body(token)))
            && self.use_html_content_rules(token)
        {
            let next = match token {
                Token::Characters(s) => {
                    self.in_body_characters(s);
                    return;
                }
                Token::StartTag(t) => self.in_body_start_tag(t),
                Token::EndTag(t) => self.in_body_end_tag(t),
                _ => self.in_body(*token),
            };
            self.reprocess(next);
            return;
        }
        if self.ignore_lf {
            self.ignore_lf = false;
            if let Token::Characters(s) = token
                && let Some(rest) = s.strip_prefix('\n')
            {
                if !rest.is_empty() {
                    self.reprocess(Some(Token::Characters(rest)));
                }
                return;
            }
        }
        // The token where it is (the driver's slot), not a copy of it: the copy's 16-byte
        // loads would wait for the tokenizer's smaller stores that made it.
        let next = self.dispatch(token);
        self.reprocess(next);
    }

    /// Runs the dispatcher on `next` and on every token the rules hand back for reprocessing.
    fn reprocess(&mut self, next: Step<'a>) {
        let mut next = next;
        while let Some(t) = next {
            if self.stopped {
                break;
            }
            next = self.dispatch(&t);
        }
    }

    /// The tree construction dispatcher: HTML content rules or foreign content rules.
    fn dispatch(&mut self, token: &Token<'a>) -> Step<'a> {
        if self.use_html_content_rules(token) {
            self.process_in_mode(self.mode, token)
        } else {
            self.foreign_content(*token)
        }
    }

    /// Whether the tree construction dispatcher uses the rules of the current insertion mode
    /// (not the rules for parsing tokens in foreign content) for `token`.
    #[inline(always)]
    fn use_html_content_rules(&self, token: &Token<'a>) -> bool {
        if !self.cdata_allowed() {
            // No adjusted current node, or an HTML element.
            return true;
        }
        let Some(acn) = self.adjusted_current() else {
            return true;
        };
        Self::html_rules_in_foreign(&self.elems[acn as usize], token)
    }

    /// [`Self::use_html_content_rules`] when the adjusted current node `e` is not an HTML
    /// element.
    fn html_rules_in_foreign(e: &Elem<'a, S::Handle>, token: &Token<'a>) -> bool {
        match token {
            Token::Eof => true,
            Token::StartTag(t) => {
                (e.is_mathml_text_integration_point()
                    && t.tag != Tag::Mglyph
                    && t.tag != Tag::Malignmark)
                    || (e.ns == Namespace::MathMl
                        && e.tag == Tag::AnnotationXml
                        && t.tag == Tag::Svg)
                    || e.html_integration_point
            }
            Token::Characters(_) => {
                e.is_mathml_text_integration_point() || e.html_integration_point
            }
            _ => false,
        }
    }

    /// Processes `token` with the rules of insertion mode `mode` (13.2.6.4).
    fn process_in_mode(&mut self, mode: InsertionMode, token: &Token<'a>) -> Step<'a> {
        use InsertionMode::*;
        match mode {
            Initial => self.initial(*token),
            BeforeHtml => self.before_html(*token),
            BeforeHead => self.before_head(*token),
            InHead => self.in_head(*token),
            InHeadNoscript => self.in_head_noscript(*token),
            AfterHead => self.after_head(*token),
            InBody => self.in_body(*token),
            Text => self.text(*token),
            InTable => self.in_table(*token),
            InTableText => self.in_table_text(*token),
            InCaption => self.in_caption(*token),
            InColumnGroup => self.in_column_group(*token),
            InTableBody => self.in_table_body(*token),
            InRow => self.in_row(*token),
            InCell => self.in_cell(*token),
            InTemplate => self.in_template(*token),
            AfterBody => self.after_body(*token),
            InFrameset => self.in_frameset(*token),
            AfterFrameset => self.after_frameset(*token),
            AfterAfterBody => self.after_after_body(*token),
            AfterAfterFrameset => self.after_after_frameset(*token),
        }
    }

    // ----- shared helpers -----

    /// One parse error per character of `chars`: the spec's character tokens are single
    /// characters, so errors that the rules raise per token are counted per character, which
    /// keeps the error list independent of how the tokenizer splits text into runs.
    ///
    /// `chars` is a part of `token`, the text of the character token being processed (which
    /// started at byte offset `self.offset`); each error carries its character's offset.
    pub(crate) fn character_errors(
        &mut self,
        chars: &str,
        token: &str,
        error: TreeConstructionError,
    ) {
        let start = self.offset + (chars.as_ptr() as usize).saturating_sub(token.as_ptr() as usize);
        for (i, _) in chars.char_indices() {
            self.sink.parse_error(error, start + i);
        }
    }

    /// Sets the frameset-ok flag to "not ok". What happens inside a template's contents does not
    /// change the flag (WPT template.dat: `<template>x</template><p><frameset>` still makes a
    /// frameset).
    fn frameset_not_ok(&mut self) {
        if !self.has_open(Tag::Template) {
            self.frameset_ok = false;
        }
    }

    /// Whether the form element pointer is ignored: a `template` element is on the stack of open
    /// elements, or the fragment's context element is a `template` (whose contents the fragment
    /// is).
    fn in_template_contents(&self) -> bool {
        self.has_open(Tag::Template)
            || self
                .context
                .is_some_and(|c| self.elem(c).is_html(Tag::Template))
    }

    fn error(&mut self, error: TreeConstructionError) {
        self.sink.parse_error(error, self.offset);
    }

    #[inline]
    fn elem(&self, id: ElemId) -> &Elem<'a, S::Handle> {
        &self.elems[id as usize]
    }

    #[inline]
    fn handle(&self, id: ElemId) -> S::Handle {
        self.elems[id as usize].handle
    }

    /// Reset the insertion mode appropriately (13.2.4.1).
    fn reset_insertion_mode(&mut self) {
        // Fast path: with no table, template, head or frameset element open, the walk from the
        // bottom of the stack would meet `body` (or `html`) first.
        const DECISIVE: &[Tag] = &[
            Tag::Td,
            Tag::Th,
            Tag::Tr,
            Tag::Tbody,
            Tag::Thead,
            Tag::Tfoot,
            Tag::Caption,
            Tag::Colgroup,
            Tag::Table,
            Tag::Template,
            Tag::Head,
            Tag::Frameset,
        ];
        if !self.scalar
            && self.context.is_none()
            && self.has_open(Tag::Body)
            && DECISIVE.iter().all(|&t| !self.has_open(t))
        {
            self.mode = InsertionMode::InBody;
            return;
        }
        let mut i = self.open.len();
        while i > 0 {
            i -= 1;
            let mut node = self.open[i];
            let last = i == 0;
            if last && let Some(ctx) = self.context {
                node = ctx;
            }
            let e = self.elem(node);
            if e.ns == Namespace::Html {
                let mode = match e.tag {
                    Tag::Td | Tag::Th if !last => Some(InsertionMode::InCell),
                    Tag::Tr => Some(InsertionMode::InRow),
                    Tag::Tbody | Tag::Thead | Tag::Tfoot => Some(InsertionMode::InTableBody),
                    Tag::Caption => Some(InsertionMode::InCaption),
                    Tag::Colgroup => Some(InsertionMode::InColumnGroup),
                    Tag::Table => Some(InsertionMode::InTable),
                    Tag::Template => Some(
                        *self
                            .template_modes
                            .last()
                            .unwrap_or(&InsertionMode::InTemplate),
                    ),
                    Tag::Head if !last => Some(InsertionMode::InHead),
                    Tag::Body => Some(InsertionMode::InBody),
                    Tag::Frameset => Some(InsertionMode::InFrameset),
                    Tag::Html => Some(if self.head.is_none() {
                        InsertionMode::BeforeHead
                    } else {
                        InsertionMode::AfterHead
                    }),
                    _ => None,
                };
                if let Some(m) = mode {
                    self.mode = m;
                    return;
                }
            }
            if last {
                self.mode = InsertionMode::InBody;
                return;
            }
        }
        self.mode = InsertionMode::InBody;
    }

    /// 13.2.7 "the end": pop all the nodes off the stack of open elements.
    fn stop_parsing(&mut self) {
        while !self.open.is_empty() {
            self.pop();
        }
        self.stopped = true;
        self.more_feedback = true;
    }
}

/// The tokenizer state for a fragment parse with the given context element (13.4 step 11).
/// The context is classified by its tag, as the tree builder classifies it for "reset the
/// insertion mode appropriately" (so a context named `TITLE` is a `title` element for both).
pub fn fragment_tokenizer_state(context: &ContextElement<'_>, scripting: bool) -> State {
    if context.ns != Namespace::Html {
        return State::Data;
    }
    match context.tag() {
        Tag::Title | Tag::Textarea => State::Rcdata,
        Tag::Style | Tag::Xmp | Tag::Iframe | Tag::Noembed | Tag::Noframes => State::Rawtext,
        Tag::Script => State::ScriptData,
        Tag::Noscript if scripting => State::Rawtext,
        Tag::Plaintext => State::Plaintext,
        _ => State::Data,
    }
}

/// Whether `c` is ASCII whitespace as the tree construction rules mean it (tab, LF, FF, CR,
/// space).
#[inline]
pub(crate) fn is_ws(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Splits `s` into its leading whitespace and the rest.
#[inline]
pub(crate) fn split_leading_ws(s: &str) -> (&str, &str) {
    let n = s.bytes().take_while(|&b| is_ws(b)).count();
    s.split_at(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dom::ArenaSink;
    use crate::tokenizer::{Attribute, TagToken};

    fn start<'a>(name: &'a str, attrs: &'a [Attribute<'a>]) -> Token<'a> {
        Token::StartTag(TagToken::new(name, attrs, false))
    }

    #[test]
    fn tokenizer_state_feedback() {
        let arena = bumpalo::Bump::new();
        let mut tb = TreeBuilder::new(
            ArenaSink::new(&arena, "", false),
            TreeBuilderOptions::default(),
        );
        assert_eq!(
            tb.process_token(start("title", &[]), 0).tokenizer_state,
            Some(State::Rcdata)
        );
        tb.process_token(Token::EndTag(TagToken::new("title", &[], false)), 0);
        assert!(tb.process_token(start("svg", &[]), 0).cdata_allowed);
        let after = tb.process_token(Token::EndTag(TagToken::new("svg", &[], false)), 0);
        assert!(!after.cdata_allowed && after.tokenizer_state.is_none());
        assert_eq!(
            tb.process_token(start("plaintext", &[]), 0).tokenizer_state,
            Some(State::Plaintext)
        );
    }

    /// The element table's slots are reused: 10,000 closed `div`s holding a misnested `b`
    /// (reconstructed, adopted) leave it as small as the deepest stack, and the tree is whole.
    #[test]
    fn the_element_table_reuses_the_slots_of_closed_elements() {
        let arena = bumpalo::Bump::new();
        let mut tb = TreeBuilder::new(
            ArenaSink::new(&arena, "", false),
            TreeBuilderOptions::default(),
        );
        let end = |name| Token::EndTag(TagToken::new(name, &[], false));
        for _ in 0..10_000 {
            tb.process_token(start("div", &[]), 0);
            tb.process_token(start("b", &[]), 0);
            tb.process_token(Token::Characters("x"), 0);
            tb.process_token(end("div"), 0);
            tb.process_token(Token::Characters("y"), 0);
            tb.process_token(end("b"), 0);
        }
        assert!(tb.elems.len() < 16, "{} slots", tb.elems.len());
        tb.process_token(Token::Eof, 0);
        let (doc, _) = tb.into_sink().finish();
        let elements = (0..doc.len())
            .filter(|&i| {
                matches!(
                    doc.data(crate::NodeId::from_index(i)),
                    crate::NodeData::Element(_)
                )
            })
            .count();
        // html, head, body; per round a div, the b in it and the b reconstructed after it.
        assert_eq!(elements, 3 + 3 * 10_000);
    }
}
