//! The one driver of the pipeline (HTML Standard 13.2.1, "Overview of the parsing model"): each
//! token goes from the tokenizer to the tree builder, and the builder's [`Feedback`] goes back to
//! the tokenizer (the state to switch to, whether CDATA sections are allowed) before the next
//! token. Documents, fragments, streams and third-party sinks all run through [`Driver::run`];
//! what differs between them (a node budget, an encoding declaration to act on, input that
//! arrives in pieces) comes back as a [`Pause`] for the caller to handle.

use super::options::ParseOptions;
use crate::Arena;
use crate::dom::{ArenaSink, Document, DocumentParseError, ParseErrorKind};
use crate::input::Encoding;
use crate::tokenizer::{Token, Tokenizer, TokenizerOptions};
use crate::tree_builder::{DriverFeedback, Feedback, TreeBuilder, TreeBuilderOptions, TreeSink};

/// Why [`Driver::run`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pause {
    /// The end-of-file token was processed, or the builder stopped (13.2.7). `truncated`: the
    /// node budget ended the parse (the end-of-file token was sent early).
    Finished { truncated: bool },
    /// A `<meta>` declared this encoding while the confidence was tentative: the caller runs
    /// "change the encoding" (13.2.3.4), then calls `run` again to go on, or starts over.
    Declared(&'static Encoding),
    /// Streaming only: the available input ends inside a token; `run` again after more input.
    NeedInput,
}

/// A tokenizer and a tree builder joined (see the module docs).
pub(crate) struct Driver<'a, S: TreeSink<'a>> {
    pub(crate) tokenizer: Tokenizer<'a>,
    pub(crate) builder: TreeBuilder<'a, S>,
    /// `Some` once the run has finished (with whether it was truncated).
    finished: Option<bool>,
    /// The last token's budget check was skipped to report a declaration: check first.
    budget_pending: bool,
}

impl<'a, S: TreeSink<'a>> Driver<'a, S> {
    /// Joins `tokenizer` and `builder`; the tokenizer learns the builder's first answers to
    /// "are CDATA sections allowed" (a fragment's context element can allow them) and "may a
    /// character token carry the whole text" ([`TreeBuilder::whole_text`]).
    pub(crate) fn new(mut tokenizer: Tokenizer<'a>, builder: TreeBuilder<'a, S>) -> Self {
        tokenizer.set_cdata_allowed(builder.cdata_allowed());
        tokenizer.set_whole_text(builder.whole_text());
        Driver {
            tokenizer,
            builder,
            finished: None,
            budget_pending: false,
        }
    }

    /// The tree builder for a whole document into `sink`, after `tokenizer`.
    pub(crate) fn document(tokenizer: Tokenizer<'a>, sink: S, options: &ParseOptions) -> Self {
        Driver::new(
            tokenizer,
            TreeBuilder::new(sink, builder_options(options, false)),
        )
    }

    /// Runs tokens through until the parse finishes, a `<meta>` declares an encoding, or, with
    /// `partial` (streaming), the available input ends inside a token. `over_budget` is asked
    /// after each token: when it says yes the end-of-file token is processed at once and the
    /// run finishes truncated (`ParseOptions::max_nodes`). After [`Pause::Finished`] every
    /// call returns it again.
    pub(crate) fn run(&mut self, partial: bool, over_budget: impl Fn(&S) -> bool) -> Pause {
        if let Some(truncated) = self.finished {
            return Pause::Finished { truncated };
        }
        if std::mem::take(&mut self.budget_pending) && over_budget(self.builder.sink()) {
            return self.truncate();
        }
        if S::SOURCE_SPANS {
            // The input may have changed since the last run (streaming).
            let (segment, base) = self.tokenizer.segment();
            self.builder.set_source_segment(segment, base);
        }
        let mut slot = None;
        loop {
            let offset = self.tokenizer.offset();
            // `Tokenizer::step` in a loop of our own, the token read in the slot it was written
            // to and handed to the builder by reference (see `Tokenizer::step`).
            if partial {
                slot = self.tokenizer.next_token_partial();
                if slot.is_none() {
                    return Pause::NeedInput;
                }
            } else {
                self.tokenizer.step(&mut slot);
                while slot.is_none() {
                    self.tokenizer.step(&mut slot);
                }
            }
            let Some(token) = &slot else {
                unreachable!("a step loop ends with a token");
            };
            let eof = *token == Token::Eof;
            if let Token::Characters(s) = *token {
                let known = if self.tokenizer.text_has_no_nul() {
                    s
                } else {
                    ""
                };
                self.builder.set_nul_free_text(known);
            }
            if S::SOURCE_SPANS {
                let (start, end) = (self.tokenizer.markup_start(), self.tokenizer.offset());
                self.builder.set_token_bounds(offset, start, end);
            }
            let stopped = match self.builder.process_token_for_driver(token, offset) {
                DriverFeedback::Flags {
                    cdata_allowed,
                    whole_text,
                } => {
                    self.tokenizer.set_cdata_allowed(cdata_allowed);
                    self.tokenizer.set_whole_text(whole_text);
                    false
                }
                // The token switched the tokenizer's state, declared an encoding, stopped
                // the parse or cut a `selectedcontent` clone at the budget.
                DriverFeedback::All(feedback) => {
                    self.apply(feedback);
                    if !eof && !feedback.stopped {
                        if let Some(declared) = feedback.encoding_declaration {
                            self.budget_pending = true;
                            return Pause::Declared(declared);
                        }
                        if self.builder.cut_at_budget() {
                            return self.truncate();
                        }
                    }
                    feedback.stopped
                }
            };
            if eof || stopped {
                // The end of the input can pop selects whose `selectedcontent` clone stopped
                // at the node budget: then the tree is cut short too.
                let truncated = self.builder.cut_at_budget();
                self.finished = Some(truncated);
                return Pause::Finished { truncated };
            }
            if over_budget(self.builder.sink()) {
                return self.truncate();
            }
        }
    }

    /// The builder's feedback to the tokenizer.
    #[inline]
    fn apply(&mut self, feedback: Feedback) {
        self.tokenizer.set_cdata_allowed(feedback.cdata_allowed);
        self.tokenizer.set_whole_text(feedback.whole_text);
        if let Some(state) = feedback.tokenizer_state {
            self.tokenizer.set_state(state);
        }
    }

    /// The node budget is reached: stop as at the end of the input (see `ParseOptions`).
    fn truncate(&mut self) -> Pause {
        let offset = self.tokenizer.offset();
        self.builder.process_token(Token::Eof, offset);
        self.finished = Some(true);
        Pause::Finished { truncated: true }
    }
}

impl<'a, const SPANS: bool> Driver<'a, ArenaSink<'a, SPANS>> {
    /// The document the run built, its parse errors those of the tokenizer and of the tree
    /// builder merged in offset order (the tokenizer's first at equal offsets).
    pub(crate) fn into_document(self) -> Document<'a> {
        let (mut doc, tree) = self.builder.into_sink().finish();
        let mut all: Vec<DocumentParseError> = self
            .tokenizer
            .errors()
            .iter()
            .map(|e| DocumentParseError {
                kind: ParseErrorKind::Tokenizer(e.code),
                offset: e.offset,
            })
            .collect();
        all.extend(tree);
        all.sort_by_key(|e| e.offset);
        doc.set_errors(all);
        doc
    }
}

/// The tokenizer options a parse with `options` uses (the initial state aside).
pub(crate) fn tokenizer_options(options: &ParseOptions) -> TokenizerOptions {
    TokenizerOptions {
        collect_errors: options.collect_errors,
        scalar: options.scalar,
        ..TokenizerOptions::default()
    }
}

/// The tree builder options a parse with `options` uses, of a fragment when `fragment`.
pub(crate) fn builder_options(options: &ParseOptions, fragment: bool) -> TreeBuilderOptions {
    TreeBuilderOptions {
        scripting: options.scripting,
        scalar: options.scalar,
        allow_declarative_shadow_roots: options.allow_declarative_shadow_roots.unwrap_or(!fragment),
    }
}

/// A whole-input tokenizer for a document.
pub(crate) fn document_tokenizer<'a>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
) -> Tokenizer<'a> {
    Tokenizer::new(arena, input, tokenizer_options(options))
}
