//! Streaming input: [`Parser`] (bytes in pieces to a [`Document`]) and [`TokenStream`] (bytes
//! in pieces to borrowed tokens, for users who need no tree).
//!
//! How it works. The decoded characters are appended to a `String` of pending text. The
//! tokenizer reads one segment at a time: when the pending text is at least as long as the part
//! of the current segment the tokenizer still needs ([`Tokenizer::retained_start`]: the start
//! of the token it could not finish, or of a `<`/`&` construct still open), a new arena string
//! of that part followed by the pending text becomes the next segment
//! ([`Tokenizer::push_input`], with its offset in the document) and the pending `String` is
//! freed. Old segments stay alive in the arena, so tokens and nodes that borrow them stay
//! valid; offsets (tokens' positions, parse errors) are the document's. The arena therefore
//! holds about one copy of the text (each character is copied once more only while it belongs
//! to an unfinished token), and the heap besides only the text decoded since the last segment.
//!
//! The tokenizer tells "end of the available input" from "end of file": a token that runs into
//! the end of the available input (inside a tag, an attribute value, a character reference,
//! `</script`, a comment, a CR that may start a CRLF pair, ...) is abandoned and redone from
//! its start once more input is there; the input before it is never scanned again. Because
//! the unfinished part at least doubles between attempts, the re-scanning and re-copying are
//! linear as well.
//! Multi-byte UTF-8 (and other encodings') sequences cut by a chunk boundary are kept by
//! `encoding_rs`'s streaming decoder until they are complete.
//!
//! Encoding: the sniffing algorithm (13.2.3.2) runs when the first
//! [`PRESCAN_LIMIT`] (1,024) bytes have arrived, or at `finish`
//! for shorter documents, as the spec allows; when neither a BOM, the transport charset nor the
//! prescan decides and guessing is on ([`crate::input::InputOptions::guess`], with the `guess`
//! feature), it waits for
//! one byte more than [`GUESS_LIMIT`] (16 KiB), the `chardetng` guess's window (and whether the
//! document goes on after it), so that it guesses from the same bytes as the whole-input parse.
//!
//! With [`crate::input::InputOptions::guess_utf8`] (a file's reading: the author's encoding),
//! step 8 first reads an undeclared document as UTF-8 when it is valid UTF-8 throughout and not
//! all ASCII ([`EncodingSource::Utf8`]), which depends on every byte: the stream then buffers
//! the bytes, undecoded and untokenized, while they are valid UTF-8, until the end of the
//! input, the first byte that cannot be UTF-8 (then it decides at once, or at the guess's
//! window if that is further), or more than [`UTF8_LIMIT`] (50 MiB) bytes (the check's window,
//! which the whole-input parse reads too). Memory stays bounded by that limit (the buffered
//! bytes become the bytes kept for a re-parse, not a second copy), and the decision is the
//! whole-input parse's for any chunking; the price is latency: such a stream (an ASCII or UTF-8
//! page with no BOM, transport charset or `<meta>`) gives its first tokens only at the end or
//! at 50 MiB. (Decoding tentatively as UTF-8 and re-parsing at the first invalid byte would
//! give tokens earlier, but [`TokenStream`]'s tokens, once given, cannot be taken back.)
//! Without `guess_utf8` (the library's default, a browser's reading of network content)
//! nothing of this applies.
//!
//! While the encoding is tentative the fed bytes are kept: a charset `<meta>` that
//! agrees with it makes it certain (and the kept bytes are dropped); one that names another
//! encoding (typically after byte 1,024) changes the decoder on the fly when the bytes fed so far
//! read the same in it (all ASCII, the usual case), and otherwise throws the tree away and
//! parses the kept bytes again with that encoding, certain (13.2.3.4); either gives the document
//! the whole-input parse gives.
//!
//! The result equals the whole-input parse: any split of the input into chunks gives the same
//! tokens, errors and tree (tested in `tests/properties/streaming.rs`).

use super::driver::{Driver, Pause, tokenizer_options};
use super::options::ParseOptions;
use crate::Arena;
use crate::dom::{ArenaSink, Document};
use crate::input::{
    Confidence, EncodingChange, EncodingSource, GUESS_LIMIT, InputOptions, PRESCAN_LIMIT, Sniffed,
    UTF8_LIMIT, change_the_encoding, sniff, sniff_awaits_guess_bytes, sniff_checks_utf8,
};
use crate::tokenizer::{Token, Tokenizer, TokenizerOptions};
use encoding_rs::{CoderResult, Decoder, Encoding, UTF_8};

/// Where the bytes-to-characters step is.
enum Decoding {
    /// Waiting for enough bytes to sniff the encoding: the bytes so far.
    Sniffing(Vec<u8>),
    /// Decoding with the sniffed (or given) encoding.
    Running(Decoder),
    /// The caller feeds characters ([`Parser::feed_str`]); nothing to decode.
    Text,
}

/// The decoded characters of a stream and their arena copies.
struct StreamInput<'a> {
    arena: &'a Arena,
    options: InputOptions,
    decoding: Decoding,
    sniffed: Option<Sniffed>,
    /// The characters decoded since the last [`publish`](Self::publish).
    pending: String,
    /// What the tokenizer reads: an arena copy of the document's characters from `base` up to
    /// `pending`.
    published: &'a str,
    /// The document offset of `published`'s first byte.
    base: usize,
    /// An encoding decided before sniffing (a re-parse): used instead of sniffing.
    forced: Option<Sniffed>,
    /// Set once [`PRESCAN_LIMIT`] bytes are in: whether nothing before the guess decides, so
    /// sniffing waits for more than [`GUESS_LIMIT`] bytes (the guess's window and whether the
    /// document goes on after it) or the end.
    awaits_guess_bytes: Option<bool>,
    /// Set once [`PRESCAN_LIMIT`] bytes are in: whether sniffing runs the whole-input UTF-8
    /// check ([`sniff_checks_utf8`]), so it waits, while the bytes are valid UTF-8, for more
    /// than [`UTF8_LIMIT`] bytes or the end.
    checks_utf8: Option<bool>,
    /// While sniffing with `checks_utf8`: how many of the bytes so far are known to be valid
    /// UTF-8 (up to a character boundary), or `None` once an invalid byte was found.
    utf8_valid_up_to: Option<usize>,
    /// Whether [`start_decoding`](Self::start_decoding) keeps the bytes it sniffed from in
    /// `sniffed_bytes` (for [`Parser`], whose kept bytes they become, not copied while sniffing).
    keep_sniffed_bytes: bool,
    /// The bytes sniffing waited for, once decoding started (with `keep_sniffed_bytes`).
    sniffed_bytes: Option<Vec<u8>>,
    /// Source spans: all the text decoded so far, for [`Document::source`] (`None` without
    /// spans: the segments overlap and are not kept in one piece otherwise).
    whole: Option<String>,
}

impl<'a> StreamInput<'a> {
    fn new(arena: &'a Arena, options: InputOptions) -> Self {
        StreamInput {
            whole: None,
            arena,
            options,
            decoding: Decoding::Sniffing(Vec::new()),
            sniffed: None,
            pending: String::new(),
            published: "",
            base: 0,
            forced: None,
            awaits_guess_bytes: None,
            checks_utf8: None,
            utf8_valid_up_to: Some(0),
            keep_sniffed_bytes: false,
            sniffed_bytes: None,
        }
    }

    /// Takes `bytes` of the document.
    fn feed(&mut self, bytes: &[u8]) {
        match &mut self.decoding {
            Decoding::Sniffing(pending) => {
                pending.extend_from_slice(bytes);
                if pending.len() < PRESCAN_LIMIT {
                    return;
                }
                // Once the first 1,024 bytes are in, whether the guess decides is known (BOM
                // and prescan read no further); it then needs GUESS_LIMIT bytes and one more (or the
                // end), for the guess reads a window that ends the document otherwise.
                let awaits = *self.awaits_guess_bytes.get_or_insert_with(|| {
                    self.forced.is_none() && sniff_awaits_guess_bytes(pending, &self.options)
                });
                // And whether the whole-input UTF-8 check runs; it then needs every byte up to
                // UTF8_LIMIT and one more, or the end, unless a byte that is not UTF-8 came.
                let checks_utf8 = *self.checks_utf8.get_or_insert_with(|| {
                    self.forced.is_none() && sniff_checks_utf8(pending, &self.options)
                });
                let awaits_utf8 = checks_utf8
                    && pending.len() <= UTF8_LIMIT
                    && still_utf8(pending, &mut self.utf8_valid_up_to);
                if !awaits_utf8 && (!awaits || pending.len() > GUESS_LIMIT) {
                    self.start_decoding();
                }
            }
            Decoding::Running(_) => self.decode(bytes, false),
            Decoding::Text => {
                self.decoding = Decoding::Running(UTF_8.new_decoder_without_bom_handling());
                self.decode(bytes, false);
            }
        }
    }

    /// Whether the bytes fed so far are waiting for the encoding to be sniffed.
    fn is_sniffing(&self) -> bool {
        matches!(self.decoding, Decoding::Sniffing(_))
    }

    /// Takes already decoded characters.
    fn feed_str(&mut self, text: &str) {
        if let Decoding::Sniffing(pending) = &self.decoding {
            if pending.is_empty() {
                self.decoding = Decoding::Text;
            } else {
                self.start_decoding();
            }
        }
        self.pending.push_str(text);
    }

    /// Runs the encoding sniffing algorithm on the bytes so far and decodes them.
    /// Does nothing once decoding has started.
    fn start_decoding(&mut self) {
        let pending = match &mut self.decoding {
            Decoding::Sniffing(pending) => std::mem::take(pending),
            Decoding::Running(_) | Decoding::Text => return,
        };
        let sniffed = match self.forced {
            Some(forced) => forced,
            None => sniff(&pending, &self.options),
        };
        self.sniffed = Some(sniffed);
        // "Decode" (Encoding Standard): a BOM wins and is removed.
        self.decoding = Decoding::Running(sniffed.encoding.new_decoder());
        self.decode(&pending, false);
        if self.keep_sniffed_bytes {
            self.sniffed_bytes = Some(pending);
        }
    }

    /// Decodes `bytes` onto `text`; `last`: they end the document.
    fn decode(&mut self, mut bytes: &[u8], last: bool) {
        let Decoding::Running(decoder) = &mut self.decoding else {
            return;
        };
        loop {
            let room = decoder
                .max_utf8_buffer_length(bytes.len())
                .unwrap_or(bytes.len() * 3 + 16);
            self.pending.reserve(room);
            let (result, read, _) = decoder.decode_to_string(bytes, &mut self.pending, last);
            bytes = &bytes[read..];
            if result == CoderResult::InputEmpty {
                break;
            }
        }
    }

    /// The end of the document: sniff if not done yet and flush the decoder.
    fn finish(&mut self) {
        if matches!(self.decoding, Decoding::Sniffing(_)) {
            self.start_decoding();
        }
        self.decode(&[], true);
    }

    /// The next input for the tokenizer and its document offset, or `None` to wait for more
    /// text: the characters from `keep` (the tokenizer's
    /// [`retained_start`](Tokenizer::retained_start)) to the end of the text decoded so far, in
    /// a new arena copy when there is pending text. It is published when the pending text is at
    /// least as long as the carried part `keep..` (so the unfinished token the tokenizer scans
    /// again has at least doubled), or always when `is_final`.
    fn publish(&mut self, keep: usize, is_final: bool) -> Option<(&'a str, usize)> {
        let carried = &self.published[keep - self.base..];
        let grown = !self.pending.is_empty() && self.pending.len() >= carried.len();
        if !(grown || is_final) {
            return None;
        }
        if let Some(whole) = &mut self.whole {
            whole.push_str(&self.pending);
        }
        self.published = if self.pending.is_empty() {
            carried
        } else {
            let mut copy = bumpalo::collections::String::with_capacity_in(
                carried.len() + self.pending.len(),
                self.arena,
            );
            copy.push_str(carried);
            copy.push_str(&self.pending);
            self.pending = String::new();
            copy.into_bump_str()
        };
        self.base = keep;
        Some((self.published, keep))
    }
}

/// Whether `bytes` are still valid UTF-8 but for a character cut at their end, checking only
/// the bytes after `*valid_up_to` (the bytes known valid so far, updated; `None` once an
/// invalid byte was found), so that a stream fed in small pieces checks each byte about once.
fn still_utf8(bytes: &[u8], valid_up_to: &mut Option<usize>) -> bool {
    let Some(valid) = *valid_up_to else {
        return false;
    };
    *valid_up_to = match simdutf8::compat::from_utf8(&bytes[valid..]) {
        Ok(_) => Some(bytes.len()),
        Err(e) if e.error_len().is_none() => Some(valid + e.valid_up_to()),
        Err(_) => None,
    };
    valid_up_to.is_some()
}

/// A streaming document parser: [`new`](Self::new), [`feed`](Self::feed) any number of times,
/// [`finish`](Self::finish). The result equals [`parse_document`](crate::parse_document) of
/// the whole (decoded) input.
///
/// ```
/// use simdhtml::{Arena, ParseOptions, stream::Parser};
/// let arena = Arena::new();
/// let mut parser = Parser::new(&arena, ParseOptions::default());
/// parser.feed(b"<p class=gre");
/// parser.feed(b"eting>Hello, w");
/// parser.feed("orld\u{e9}".as_bytes());
/// let doc = parser.finish();
/// # let _ = doc;
/// ```
pub struct Parser<'a> {
    arena: &'a Arena,
    options: ParseOptions,
    input: StreamInput<'a>,
    driver: Stages<'a>,
    done: bool,
    /// Every byte fed while the encoding is not certain, for a re-parse (13.2.3.4).
    raw: Vec<u8>,
    /// Set when a `<meta>` asked for another encoding: parse again from the first byte.
    reparse: Option<&'static Encoding>,
    /// Set when the document reached `options.max_nodes` and the parse stopped there.
    truncated: bool,
}

/// The tokenizer and tree builder of a [`Parser`], into a sink with or without source spans.
enum Stages<'a> {
    Plain(Driver<'a, ArenaSink<'a>>),
    Spans(Driver<'a, ArenaSink<'a, true>>),
}

/// Runs `$body` with `$d` bound to the driver of `$stages`, whichever sink it has.
macro_rules! with_driver {
    ($stages:expr, $d:ident => $body:expr) => {
        match $stages {
            Stages::Plain($d) => $body,
            Stages::Spans($d) => $body,
        }
    };
}

impl<'a> Parser<'a> {
    /// A parser with the input options of `options.input` (sniffing: BOM, transport charset,
    /// `<meta>` prescan of the first 1,024 bytes, guess, default).
    pub fn new(arena: &'a Arena, options: ParseOptions) -> Parser<'a> {
        let input = options.input.clone();
        Parser::with_input_options(arena, options, input)
    }

    /// A parser with `input` options for encoding sniffing (transport charset, default
    /// encoding, guessing).
    pub fn with_input_options(
        arena: &'a Arena,
        options: ParseOptions,
        input: InputOptions,
    ) -> Parser<'a> {
        let driver = Parser::stages(arena, &options);
        let mut input = StreamInput::new(arena, input);
        input.keep_sniffed_bytes = true;
        if options.spans {
            input.whole = Some(String::new());
        }
        Parser {
            arena,
            input,
            options,
            driver,
            done: false,
            raw: Vec::new(),
            reparse: None,
            truncated: false,
        }
    }

    /// A fresh tokenizer and tree builder for `options`.
    fn stages(arena: &'a Arena, options: &ParseOptions) -> Stages<'a> {
        let tokenizer = Tokenizer::new_streaming(arena, tokenizer_options(options));
        if options.spans {
            let mut sink = ArenaSink::with_spans(arena, "", options.collect_errors, 16);
            sink.set_max_nodes(options.max_nodes);
            Stages::Spans(Driver::document(tokenizer, sink, options))
        } else {
            let mut sink = ArenaSink::new(arena, "", options.collect_errors);
            sink.set_max_nodes(options.max_nodes);
            Stages::Plain(Driver::document(tokenizer, sink, options))
        }
    }

    /// Whether the bytes fed so far must be kept for a possible re-parse: the encoding is not
    /// decided yet, or decided tentatively.
    fn keeps_bytes(&self) -> bool {
        self.input
            .sniffed
            .is_none_or(|s| s.confidence == Confidence::Tentative)
    }

    /// "Changing the encoding while parsing" (13.2.3.4), step 6: throw the tree away and parse
    /// the kept bytes again with `encoding`, confidence certain.
    fn restart(&mut self, encoding: &'static Encoding) {
        let raw = std::mem::take(&mut self.raw);
        self.driver = Parser::stages(self.arena, &self.options);
        self.done = false;
        self.reparse = None;
        self.truncated = false;
        let whole = self.input.whole.as_ref().map(|_| String::new());
        self.input = StreamInput::new(self.arena, self.input.options.clone());
        self.input.whole = whole;
        self.input.forced = Some(Sniffed {
            encoding,
            source: EncodingSource::Reparse,
            confidence: Confidence::Certain,
        });
        self.input.feed(&raw);
        self.input.start_decoding();
    }

    /// Parses the next `bytes` of the document, as far as they go.
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.reparse.is_some() {
            // The document is being parsed again: everything goes to the kept bytes first.
            self.raw.extend_from_slice(bytes);
            return;
        }
        // While sniffing, the input holds the bytes; they become the kept bytes when decoding
        // starts (see `take_sniffed_bytes`), so they are not held twice.
        if self.keeps_bytes() && !self.input.is_sniffing() {
            self.raw.extend_from_slice(bytes);
        }
        self.input.feed(bytes);
        self.take_sniffed_bytes();
        self.run(false);
        if !self.keeps_bytes() {
            self.raw = Vec::new();
        }
        if let Some(encoding) = self.reparse {
            self.restart(encoding);
            self.run(false);
        }
    }

    /// Once decoding has started: the bytes sniffing waited for are the bytes fed so far, kept
    /// for a re-parse while the encoding is tentative.
    fn take_sniffed_bytes(&mut self) {
        if let Some(bytes) = self.input.sniffed_bytes.take()
            && self.keeps_bytes()
        {
            self.raw = bytes;
        }
    }

    /// Parses the next characters of an already decoded document (no encoding sniffing;
    /// do not mix with [`feed`](Self::feed) on one parser).
    pub fn feed_str(&mut self, text: &str) {
        self.input.feed_str(text);
        self.take_sniffed_bytes();
        self.run(false);
    }

    /// The encoding decision, once made (after 1,024 bytes, after the guess's or the UTF-8
    /// check's bytes when nothing before step 8 decides, or at `finish`: see the
    /// [module documentation](self); `None` for [`feed_str`](Self::feed_str) input).
    pub fn sniffed(&self) -> Option<Sniffed> {
        self.input.sniffed
    }

    /// Ends the input and returns the document.
    pub fn finish(mut self) -> Document<'a> {
        self.input.finish();
        self.take_sniffed_bytes();
        self.run(true);
        if let Some(encoding) = self.reparse {
            self.restart(encoding);
            self.input.finish();
            self.run(true);
        }
        let mut doc = match self.driver {
            Stages::Plain(driver) => driver.into_document(),
            Stages::Spans(driver) => driver.into_document(),
        };
        if let Some(whole) = &self.input.whole {
            doc.set_source(self.arena.alloc_str(whole));
        }
        doc.set_truncated(self.truncated);
        doc.set_scripting(self.options.scripting);
        doc.set_content_language(self.options.content_language.as_deref());
        // The encoding the bytes were decoded with and how it was decided (none for
        // `feed_str` input, which arrives decoded).
        if let Some(sniffed) = self.input.sniffed {
            doc.set_encoding(sniffed.encoding, Some(sniffed.source), sniffed.confidence);
        }
        doc
    }

    /// Publishes new text to the tokenizer and runs tokenizer and tree builder until the
    /// available input ends inside a token.
    fn run(&mut self, is_final: bool) {
        if self.done {
            return;
        }
        let keep = with_driver!(&self.driver, d => d.tokenizer.retained_start());
        let Some((text, base)) = self.input.publish(keep, is_final) else {
            return;
        };
        // While the encoding is tentative the builder reports charset `<meta>`s (13.2.3.4).
        let tentative = self
            .input
            .sniffed
            .is_some_and(|s| s.confidence == Confidence::Tentative);
        with_driver!(&mut self.driver, d => {
            d.tokenizer.push_input(text, base, is_final);
            d.builder.sink_mut().set_input(text);
            d.builder.set_encoding_tentative(tentative);
        });
        let max_nodes = self.options.max_nodes;
        loop {
            let pause = with_driver!(&mut self.driver, d => {
                d.run(true, |sink| max_nodes.is_some_and(|max| sink.node_count() >= max))
            });
            match pause {
                Pause::NeedInput => return,
                Pause::Finished { truncated } => {
                    self.truncated = truncated;
                    self.done = true;
                    return;
                }
                Pause::Declared(declared) => {
                    let Some(sniffed) = &mut self.input.sniffed else {
                        continue;
                    };
                    if sniffed.confidence != Confidence::Tentative {
                        continue;
                    }
                    // The bytes converted so far are every byte fed (decoded as they came).
                    match change_the_encoding(sniffed.encoding, declared, Some(&self.raw)) {
                        EncodingChange::KeepAndMarkCertain => {
                            sniffed.confidence = Confidence::Certain;
                        }
                        // They read the same in the new encoding, so the text decoded so far
                        // stands (and the old decoder holds no partial sequence, which would
                        // not read the same): a decoder of the new encoding takes the bytes
                        // from here on.
                        EncodingChange::ChangeOnTheFly(new) => {
                            *sniffed = Sniffed {
                                encoding: new,
                                source: EncodingSource::Reparse,
                                confidence: Confidence::Certain,
                            };
                            self.input.decoding =
                                Decoding::Running(new.new_decoder_without_bom_handling());
                        }
                        EncodingChange::Reparse(new) => {
                            self.reparse = Some(new);
                            self.done = true;
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// A streaming tokenizer: bytes (or characters) in pieces, borrowed tokens out.
///
/// [`feed`](Self::feed) input, then take tokens with [`next_token`](Self::next_token) until it
/// returns `None` (the rest needs more input); after [`finish`](Self::finish) the tokens run to
/// [`Token::Eof`]. Tokens are identical to [`Tokenizer::new`] over the whole input. The
/// tokenizer does not switch to RCDATA/RAWTEXT/script data by itself (that is the tree
/// builder's job): call [`tokenizer_mut`](Self::tokenizer_mut)`.set_state` after a start tag
/// when you need it.
pub struct TokenStream<'a> {
    input: StreamInput<'a>,
    tokenizer: Tokenizer<'a>,
    finished: bool,
    eof_seen: bool,
}

impl<'a> TokenStream<'a> {
    /// A streaming tokenizer with the default input options.
    pub fn new(arena: &'a Arena, options: TokenizerOptions) -> TokenStream<'a> {
        TokenStream::with_input_options(arena, options, InputOptions::default())
    }

    /// A streaming tokenizer with `input` options for encoding sniffing.
    pub fn with_input_options(
        arena: &'a Arena,
        options: TokenizerOptions,
        input: InputOptions,
    ) -> TokenStream<'a> {
        TokenStream {
            input: StreamInput::new(arena, input),
            tokenizer: Tokenizer::new_streaming(arena, options),
            finished: false,
            eof_seen: false,
        }
    }

    /// Takes the next `bytes` of the document (ignored after [`finish`](Self::finish)).
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.finished {
            return;
        }
        self.input.feed(bytes);
        self.publish(false);
    }

    /// Takes the next characters of an already decoded document (ignored after
    /// [`finish`](Self::finish); do not mix with [`feed`](Self::feed)).
    pub fn feed_str(&mut self, text: &str) {
        if self.finished {
            return;
        }
        self.input.feed_str(text);
        self.publish(false);
    }

    /// Ends the input: the remaining tokens, then [`Token::Eof`], become available.
    pub fn finish(&mut self) {
        if !self.finished {
            self.finished = true;
            self.input.finish();
            self.publish(true);
        }
    }

    fn publish(&mut self, is_final: bool) {
        let keep = self.tokenizer.retained_start();
        if let Some((text, base)) = self.input.publish(keep, is_final) {
            self.tokenizer.push_input(text, base, is_final);
        }
    }

    /// The next token, or `None` when more input is needed (or after [`Token::Eof`]).
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        if self.eof_seen {
            return None;
        }
        let token = self.tokenizer.next_token_partial()?;
        if token == Token::Eof {
            self.eof_seen = true;
        }
        Some(token)
    }

    /// The tokenizer (for `set_state`, `set_cdata_allowed`, `errors`).
    pub fn tokenizer_mut(&mut self) -> &mut Tokenizer<'a> {
        &mut self.tokenizer
    }

    /// The parse errors so far (with
    /// [`TokenizerOptions::collect_errors`](crate::tokenizer::TokenizerOptions::collect_errors)).
    pub fn errors(&self) -> &[crate::tokenizer::ParseError] {
        self.tokenizer.errors()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A late `<meta>` after ASCII bytes switches the decoder: no re-parse, the kept bytes
    /// dropped, the text after it decoded with the new encoding.
    #[test]
    fn a_late_meta_after_ascii_changes_the_decoder_on_the_fly() {
        let arena = Arena::new();
        let mut options = ParseOptions::default();
        options.input.guess = false;
        let mut parser = Parser::new(&arena, options);
        let mut head = b"<title>".to_vec();
        head.resize(1100, b'x');
        head.extend(b"</title><meta charset=utf-8><p>");
        parser.feed(&head);
        assert!(parser.reparse.is_none() && parser.raw.is_empty());
        // One copy of the text in the arena, not a second one from a re-parse.
        assert!(
            arena.allocated_bytes() < 2 * head.len(),
            "{}",
            arena.allocated_bytes()
        );
        parser.feed("caf\u{e9}".as_bytes());
        let doc = parser.finish();
        assert!(doc.text_content(doc.root()).ends_with("caf\u{e9}"));
        assert_eq!(
            (doc.encoding(), doc.encoding_source(), doc.confidence()),
            (UTF_8, Some(EncodingSource::Reparse), Confidence::Certain)
        );
    }
}
