//! The input byte stream (HTML Standard 13.2.3): from the bytes of a document to the `&str` the
//! tokenizer reads.
//!
//! What it does:
//! - the encoding sniffing algorithm (13.2.3.2) in the spec's order: BOM → transport-layer
//!   charset → prescan of the first 1,024 bytes (`<meta>`, then an XML declaration) → an optional
//!   guess with `chardetng` → the default (windows-1252 unless told otherwise): [`sniff`];
//! - decoding with `encoding_rs` (13.2.3.1, 13.2.3.3), zero-copy where it can be: valid UTF-8
//!   (checked with `simdutf8`) and ASCII-only input in an ASCII-compatible encoding are borrowed
//!   from the input bytes; everything else is decoded into the caller's arena: [`decode`],
//!   [`decode_with`], [`reparse`];
//! - the decision of 13.2.3.4 "changing the encoding while parsing", as a pure function that the
//!   tree builder calls when it meets a `<meta>` charset while the confidence is tentative:
//!   [`change_the_encoding`];
//! - the "algorithm for extracting a character encoding from a meta element":
//!   [`extract_meta_charset`].
//!
//! What it does not do: input stream preprocessing (13.2.3.5: CR/LF normalisation, errors for
//! controls, noncharacters and surrogates) is the tokenizer's; finding `<meta>` elements while
//! parsing is the tree builder's, and re-running the parser the driver's (`parse_document`); the
//! steps of the sniffing algorithm
//! that need a browsing context (user override, parent document, remembered encoding) have no
//! input here. The input is a whole document in memory, not a stream.

mod meta;
mod prescan;

use std::borrow::Cow;
use std::convert::Infallible;
use std::fmt;

use bumpalo::Bump;
pub use encoding_rs::Encoding;
use encoding_rs::{UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED};

pub use meta::extract_meta_charset;

/// How many bytes from the start of a document the `chardetng` guess of step 8 reads (16 KiB).
///
/// The spec leaves the autodetection's input to the user agent. A bounded window keeps the
/// guess's cost per document bounded (`chardetng` costs several times the whole parse per byte,
/// so guessing from all of a large page would dominate the parse), and it is what a streaming
/// parser can have before it must decide: [`crate::stream::Parser`] waits for this many bytes
/// (or the end) when nothing before step 8 decided, so both parsers guess from the same bytes.
///
/// `chardetng` is not fed all of the window: after its first non-ASCII byte, of each run of
/// ASCII bytes with two or more ASCII white space bytes in it, only the bytes up to and
/// including the first white space byte and those after the last one. The bytes left out change
/// none of its candidates' scores or states, so the guess is the one the whole window gives.
pub const GUESS_LIMIT: usize = 16 * 1024;

/// How many bytes from the start of a document the whole-input UTF-8 check of step 8 reads
/// (50 MiB; [`InputOptions::guess_utf8`], [`EncodingSource::Utf8`]): the whole document when it
/// is not longer, else this prefix (valid UTF-8 up to a character the limit cuts).
///
/// The check itself is cheap (`simdutf8`, several GB/s); the limit bounds what
/// [`crate::stream::Parser`] buffers before it may decide: it must see the end of the document,
/// an invalid byte or this many bytes and one more.
pub const UTF8_LIMIT: usize = 50 * 1024 * 1024;
pub use prescan::{PRESCAN_LIMIT, get_xml_encoding, prescan, prescan_with_end};

/// What the encoding sniffing algorithm (13.2.3.2) may use besides the bytes.
#[derive(Debug, Clone)]
pub struct InputOptions {
    /// The transport layer's character encoding (step 4), e.g. the one the `charset` parameter
    /// of an HTTP `Content-Type` names: [`transport_charset`] gives it for a label (`"utf-8"`,
    /// `"Shift_JIS"`, `"latin1"`), refusing one the Encoding Standard does not know, or an
    /// `encoding_rs` constant (`encoding_rs::SHIFT_JIS`) names it directly. It decides the
    /// encoding with confidence certain unless the bytes start with a BOM. Default: none.
    pub transport_charset: Option<&'static Encoding>,
    /// The implementation-defined default of step 9 (the spec's table suggests one per locale).
    /// Default (`None`): windows-1252.
    pub default_encoding: Option<&'static Encoding>,
    /// Step 8: when the prescan finds nothing, with `guess_utf8` read valid UTF-8 input as
    /// UTF-8 (see there), else guess the encoding from the bytes with `chardetng` (as Firefox
    /// does). Only input with non-ASCII bytes is guessed from; ASCII-only input gets the
    /// default. Default: true (the spec's order: prescan, then a guess, then the default). The
    /// html5lib encoding tests assume no guessing and turn it off; false turns off the
    /// whole-input UTF-8 check of `guess_utf8` as well.
    ///
    /// The `chardetng` guess needs the `guess` feature (on by default). Without it that part
    /// of step 8 is skipped: what no BOM, transport charset, prescan or (with `guess_utf8`) the
    /// UTF-8 check decides gets [`InputOptions::default_encoding`] ([`EncodingSource::Default`],
    /// never [`EncodingSource::Guess`]), and the streaming parser does not wait for
    /// [`GUESS_LIMIT`] bytes.
    pub guess: bool,
    /// Read the document as its author wrote it when it declares nothing: with `guess` on, a
    /// document that no BOM, transport charset or prescan decides is UTF-8 when its bytes are
    /// valid UTF-8 throughout (the first [`UTF8_LIMIT`] bytes, 50 MiB, of a longer one) and
    /// not all ASCII ([`EncodingSource::Utf8`]), as Firefox reads `file:` URLs; otherwise the
    /// `chardetng` guess may say UTF-8 as well (`Utf8Detection::Allow`). This is how a browser
    /// reads a local file. Browsers must not do it for network content, so web pages cannot
    /// come to depend on it: false (the default) gives a browser's reading of a page from the
    /// network, where an undeclared UTF-8 page is mojibake (windows-1252, or whatever the
    /// guess says).
    ///
    /// The whole-input check needs no `chardetng`: it runs without the `guess` feature too
    /// (only `guess` must be on). The streaming parser must see the end of the input, an
    /// invalid byte or more than [`UTF8_LIMIT`] bytes before it decides (see
    /// [`crate::stream`]). Default: false; the `simdhtml` command and the Python package read
    /// files and archive records with true.
    pub guess_utf8: bool,
}

impl Default for InputOptions {
    /// No transport charset, windows-1252 default, guessing on without UTF-8 (as browsers do for
    /// network content).
    fn default() -> Self {
        InputOptions {
            transport_charset: None,
            default_encoding: None,
            guess: true,
            guess_utf8: false,
        }
    }
}

/// Which step of the encoding sniffing algorithm (13.2.3.2) decided the encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EncodingSource {
    /// Step 1: a byte order mark (UTF-8, UTF-16LE or UTF-16BE).
    Bom,
    /// Step 4: the transport layer's charset ([`InputOptions::transport_charset`]).
    Transport,
    /// Step 5: the prescan: a `<meta>` charset in the first 1,024 bytes, a BOM-less UTF-16
    /// `<?x`, or, when no `<meta>` decides, an XML declaration's `encoding`.
    Meta,
    /// 13.2.3.4: while the confidence was tentative, the tree builder met a `<meta>` naming
    /// another encoding, and the document was decoded and parsed again with it ([`reparse`]),
    /// or, when all its bytes read the same in both encodings, the encoding was changed on the
    /// fly.
    Reparse,
    /// Step 8: guessed from the bytes by `chardetng` ([`InputOptions::guess`]; only with the
    /// `guess` feature).
    Guess,
    /// Step 8 with [`InputOptions::guess_utf8`]: nothing declared the encoding, and the input
    /// is valid UTF-8 throughout (its first [`UTF8_LIMIT`] bytes) with non-ASCII bytes, so it
    /// is UTF-8 (the author's encoding, as Firefox decides for `file:` URLs). Tentative, as the
    /// guess.
    Utf8,
    /// Step 9: the default ([`InputOptions::default_encoding`], else windows-1252).
    Default,
}

impl EncodingSource {
    /// The step's name in lowercase ASCII: `bom`, `transport`, `meta`, `reparse`, `utf8`,
    /// `guess` or `default`.
    pub fn as_str(self) -> &'static str {
        match self {
            EncodingSource::Bom => "bom",
            EncodingSource::Transport => "transport",
            EncodingSource::Meta => "meta",
            EncodingSource::Reparse => "reparse",
            EncodingSource::Guess => "guess",
            EncodingSource::Utf8 => "utf8",
            EncodingSource::Default => "default",
        }
    }
}

impl fmt::Display for EncodingSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The confidence in the encoding (13.2.3): whether a `<meta>` met while parsing may still
/// change it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// The encoding came from the prescan, step 8 (the whole-input UTF-8 check or the guess) or
    /// the default: a `<meta>` charset seen by
    /// the tree builder runs "change the encoding" ([`change_the_encoding`]).
    Tentative,
    /// The encoding came from a BOM, the transport layer or a re-parse; it stays.
    Certain,
    /// No decoding was needed: the parser was given characters, not bytes.
    Irrelevant,
}

/// The result of the encoding sniffing algorithm (13.2.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    /// The encoding to decode with; becomes the document's character encoding.
    pub encoding: &'static Encoding,
    /// The step that decided it.
    pub source: EncodingSource,
    /// Certain (BOM, transport) or tentative (prescan, guess, default).
    pub confidence: Confidence,
}

/// A decoded document: the characters for the tokenizer, and how their encoding was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The decoded characters, BOM removed, before input stream preprocessing (13.2.3.5).
    /// Borrowed from the input bytes when they are valid UTF-8 decoded as UTF-8, or ASCII-only
    /// in an ASCII-compatible encoding; otherwise allocated in the arena. Malformed sequences
    /// are U+FFFD as the Encoding Standard decodes them.
    pub text: &'a str,
    /// The encoding used (the document's character encoding); `encoding.name()` is its WHATWG
    /// name (`UTF-8`, `windows-1252`, `Shift_JIS`, ...).
    pub encoding: &'static Encoding,
    /// The step that decided it.
    pub source: EncodingSource,
    /// The confidence the parser starts with.
    pub confidence: Confidence,
}

/// Errors of the input layer: a transport charset label it does not know
/// ([`transport_charset`]). Sniffing, decoding and parsing bytes do not fail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputError {
    /// The label given to [`transport_charset`] is not a label of the Encoding Standard. (The
    /// spec skips an unsupported transport encoding; we report it, as the caller named it
    /// explicitly.)
    UnknownTransportLabel {
        /// The label as given.
        label: String,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::UnknownTransportLabel { label } => write!(
                f,
                "unknown character encoding label {label:?} (not a label of the WHATWG Encoding \
                 Standard)"
            ),
        }
    }
}

impl std::error::Error for InputError {}

/// For code written when [`crate::parse_document`] could fail with an [`InputError`]: its
/// `Result<_, Infallible>` converts with `?` into a `Result<_, InputError>`.
impl From<Infallible> for InputError {
    fn from(never: Infallible) -> Self {
        match never {}
    }
}

/// The encoding a transport-layer charset label names ([`InputOptions::transport_charset`]),
/// e.g. the `charset` parameter of an HTTP `Content-Type`: the Encoding Standard's "get an
/// encoding" (any of its labels, ASCII case-insensitive, surrounding ASCII whitespace
/// ignored). The one check of a label a caller gives; sniffing and parsing then take the
/// encoding and cannot fail.
///
/// ```
/// use simdhtml::input::{InputError, transport_charset};
///
/// assert_eq!(transport_charset(" SJIS ").map(|e| e.name()), Ok("Shift_JIS"));
/// assert_eq!(
///     transport_charset("klingon"),
///     Err(InputError::UnknownTransportLabel { label: "klingon".into() })
/// );
/// ```
///
/// # Errors
/// [`InputError::UnknownTransportLabel`] (with `label` as given) when `label` is not a label of
/// the Encoding Standard.
pub fn transport_charset(label: &str) -> Result<&'static Encoding, InputError> {
    Encoding::for_label(label.as_bytes()).ok_or_else(|| InputError::UnknownTransportLabel {
        label: label.to_owned(),
    })
}

/// The encoding sniffing algorithm (13.2.3.2) on a whole document's `bytes`.
///
/// Steps, in the spec's order: 1. a BOM (certain); 4. `options.transport_charset` (certain);
/// 5. [`prescan()`] of the first 1,024 bytes (tentative); 8. if `options.guess`: with
/// `options.guess_utf8`, UTF-8 when the bytes (the first [`UTF8_LIMIT`] of them) are valid
/// UTF-8 and not all ASCII ([`EncodingSource::Utf8`]); else (with the `guess` feature) a
/// `chardetng` guess from the first [`GUESS_LIMIT`] bytes when they contain non-ASCII
/// (tentative); 9. the default (tentative). Steps 2, 3, 6 and 7 need a browser and are
/// skipped.
pub fn sniff(bytes: &[u8], options: &InputOptions) -> Sniffed {
    let sniffed = |encoding, source, confidence| Sniffed {
        encoding,
        source,
        confidence,
    };
    // 1. BOM sniffing.
    if let Some((encoding, _)) = Encoding::for_bom(bytes) {
        return sniffed(encoding, EncodingSource::Bom, Confidence::Certain);
    }
    // 4. The transport layer's character encoding.
    if let Some(encoding) = options.transport_charset {
        return sniffed(encoding, EncodingSource::Transport, Confidence::Certain);
    }
    // 5. The prescan, on the first 1,024 bytes.
    if let Some(encoding) = prescan(bytes) {
        return sniffed(encoding, EncodingSource::Meta, Confidence::Tentative);
    }
    // 8. Autodetection. First the author's encoding: valid UTF-8 throughout (as Firefox reads
    // `file:` URLs; with `guess_utf8`, no `chardetng` needed).
    if checks_utf8(options) && is_utf8_with_non_ascii(bytes) {
        return sniffed(UTF_8, EncodingSource::Utf8, Confidence::Tentative);
    }
    // Then the guess (with the `guess` feature; else always skipped).
    if guesses(options)
        && let Some(encoding) = guess(
            &bytes[..bytes.len().min(GUESS_LIMIT)],
            bytes.len() <= GUESS_LIMIT,
            options.guess_utf8,
        )
    {
        return sniffed(encoding, EncodingSource::Guess, Confidence::Tentative);
    }
    // 9. The default.
    let default = options.default_encoding.unwrap_or(WINDOWS_1252);
    sniffed(default, EncodingSource::Default, Confidence::Tentative)
}

/// Whether [`sniff`] of a document that starts with `bytes` (at least [`PRESCAN_LIMIT`] of
/// them, or all) may still depend on the bytes up to [`GUESS_LIMIT`], and on whether the
/// document goes on after them (the guess reads a window that is the whole document as its
/// end, one that is not as a prefix): nothing before step 8 decides and `options.guess` is on.
/// A streaming parser waits for more bytes while this holds, so for `GUESS_LIMIT + 1` bytes or
/// the end.
pub fn sniff_awaits_guess_bytes(bytes: &[u8], options: &InputOptions) -> bool {
    guesses(options)
        && bytes.len() <= GUESS_LIMIT
        && options.transport_charset.is_none()
        && Encoding::for_bom(bytes).is_none()
        && prescan(bytes).is_none()
}

/// Whether [`sniff`] of a document that starts with `bytes` (at least [`PRESCAN_LIMIT`] of
/// them, or all) runs the whole-input UTF-8 check of step 8 ([`InputOptions::guess_utf8`]):
/// nothing before step 8 decides, and `options.guess` and `options.guess_utf8` are on. Its
/// answer then depends on every byte up to [`UTF8_LIMIT`] and on whether the document goes on
/// after them: a streaming parser waits for more bytes while this holds, the bytes so far are
/// valid UTF-8 (but for a character cut at their end) and there are at most [`UTF8_LIMIT`] of
/// them, so for an invalid byte, `UTF8_LIMIT + 1` bytes or the end.
pub fn sniff_checks_utf8(bytes: &[u8], options: &InputOptions) -> bool {
    checks_utf8(options)
        && options.transport_charset.is_none()
        && Encoding::for_bom(bytes).is_none()
        && prescan(bytes).is_none()
}

/// Whether step 8 starts with the whole-input UTF-8 check: `options.guess` and
/// `options.guess_utf8` (with or without the `guess` feature).
fn checks_utf8(options: &InputOptions) -> bool {
    options.guess && options.guess_utf8
}

/// The whole-input UTF-8 check: the first [`UTF8_LIMIT`] bytes (all of them when there are no
/// more) are valid UTF-8, or, when the input goes on after them, valid up to a character the
/// limit cuts, and they are not all ASCII.
fn is_utf8_with_non_ascii(bytes: &[u8]) -> bool {
    let window = &bytes[..bytes.len().min(UTF8_LIMIT)];
    let last = bytes.len() <= UTF8_LIMIT;
    let valid = simdutf8::basic::from_utf8(window).is_ok()
        || (!last && simdutf8::compat::from_utf8(window).is_err_and(|e| e.error_len().is_none()));
    valid && !window.is_ascii()
}

/// Whether step 8 runs: `options.guess`, and the `guess` feature is on.
fn guesses(options: &InputOptions) -> bool {
    cfg!(feature = "guess") && options.guess
}

/// Step 8 with `chardetng`: `None` when the bytes are all ASCII (nothing to guess from).
/// `last`: `bytes` end the input (a document of at most [`GUESS_LIMIT`] bytes); otherwise they
/// are the first [`GUESS_LIMIT`] bytes of a longer input, and a character cut by the window's end is not an error (chardetng's `feed` with
/// `last` false: fed `true`, a cut GBK or UTF-8 character disqualified the right encoding,
/// and a page of Chinese text was guessed windows-1252).
///
/// Two kinds of input are answered without running the detector, with the answer it gives
/// (chardetng 1.0's `EncodingDetector::feed` and `guess`; the tests compare them): all ASCII
/// (`feed` reports no non-ASCII byte: no guess), and valid UTF-8 with non-ASCII bytes (its
/// UTF-8 candidate stays qualified, and then `guess` returns UTF-8 if allowed, else the
/// encoding of its "generic" top-level domain, windows-1252, whatever the other candidates
/// score). The detector costs hundreds of instructions per byte on UTF-8 input (every
/// candidate decodes every byte), more than the whole parse.
#[cfg(feature = "guess")]
fn guess(bytes: &[u8], last: bool, allow_utf8: bool) -> Option<&'static Encoding> {
    if bytes.is_ascii() {
        return None;
    }
    // Valid UTF-8, or (not `last`) valid up to a character the window's end cuts.
    let utf8 = match simdutf8::compat::from_utf8(bytes) {
        Ok(_) => true,
        Err(e) => !last && e.error_len().is_none(),
    };
    if utf8 {
        return Some(if allow_utf8 { UTF_8 } else { WINDOWS_1252 });
    }
    detect(&detector_input(bytes), last, allow_utf8)
}

/// What [`guess`] feeds `chardetng` of the window `bytes` (which are not all ASCII): the bytes
/// up to the first non-ASCII one as they are, and then of every run of ASCII bytes between
/// non-ASCII ones (or the window's end) with two or more ASCII white space bytes in it
/// (U+0009, U+000A, U+000C, U+000D, U+0020), only the bytes up to and including the first of
/// them and those after the last; the bytes between are left out.
///
/// The guess is the one `chardetng` gives for the whole window (the tests compare them): a
/// white space byte sets each of its candidates to one state whatever came before (the
/// single-byte candidates' "space" class 0 and word, case and ordinal states; the CJK
/// candidates' decoders between characters, a pending lead byte being an error either way,
/// and "other" as the previous character), and from that state ASCII bytes add nothing to
/// any score or count and the next white space byte returns to it ("pairs of ASCII bytes never
/// contribute to the detection", chardetng's README; the ISO-2022-JP candidate, whose escapes
/// are ASCII, is off). The bytes before the first non-ASCII one are kept because `chardetng`
/// reads them itself (an ESC among them, the two bytes before the first non-ASCII one). The
/// markup between text is mostly such runs: on the shared corpus's four undeclared legacy pages
/// `chardetng` reads 4–22 % of the window.
#[cfg(feature = "guess")]
fn detector_input(bytes: &[u8]) -> Vec<u8> {
    let mut fed = Vec::with_capacity(bytes.len());
    let first = bytes
        .iter()
        .position(|b| !b.is_ascii())
        .unwrap_or(bytes.len());
    fed.extend_from_slice(&bytes[..first]);
    let mut rest = &bytes[first..];
    while !rest.is_empty() {
        let non_ascii = rest.iter().position(u8::is_ascii).unwrap_or(rest.len());
        fed.extend_from_slice(&rest[..non_ascii]);
        rest = &rest[non_ascii..];
        let ascii = rest
            .iter()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        let run = &rest[..ascii];
        let first_space = run.iter().position(u8::is_ascii_whitespace);
        let last_space = run.iter().rposition(u8::is_ascii_whitespace);
        match (first_space, last_space) {
            (Some(first), Some(last)) if last > first => {
                fed.extend_from_slice(&run[..=first]);
                fed.extend_from_slice(&run[last + 1..]);
            }
            _ => fed.extend_from_slice(run),
        }
        rest = &rest[ascii..];
    }
    fed
}

/// Step 8 with `chardetng` itself, on every kind of input: what [`guess`] answers.
#[cfg(feature = "guess")]
fn detect(bytes: &[u8], last: bool, allow_utf8: bool) -> Option<&'static Encoding> {
    use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
    // Browsers must not guess ISO-2022-JP for pages that can run script (chardetng's docs).
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    if !detector.feed(bytes, last) {
        return None;
    }
    let allow_utf8 = if allow_utf8 {
        Utf8Detection::Allow
    } else {
        Utf8Detection::Deny
    };
    Some(detector.guess(None, allow_utf8))
}

/// Without the `guess` feature there is no guess ([`guesses`] is false, so this is not called).
#[cfg(not(feature = "guess"))]
fn guess(_bytes: &[u8], _last: bool, _allow_utf8: bool) -> Option<&'static Encoding> {
    None
}

/// Sniffs the encoding of `bytes` ([`sniff`]) and decodes them with it.
///
/// The text is borrowed from `bytes` when it can be (see [`Decoded::text`]), else allocated in
/// `arena`.
pub fn decode<'a>(arena: &'a Bump, bytes: &'a [u8], options: &InputOptions) -> Decoded<'a> {
    decode_sniffed(arena, bytes, sniff(bytes, options))
}

/// Decodes `bytes` with the encoding [`sniff`] gave for them (see [`decode`]).
pub fn decode_sniffed<'a>(arena: &'a Bump, bytes: &'a [u8], sniffed: Sniffed) -> Decoded<'a> {
    let (text, encoding) = decode_bytes(arena, bytes, sniffed.encoding);
    Decoded {
        text,
        encoding,
        source: sniffed.source,
        confidence: sniffed.confidence,
    }
}

/// Decodes `bytes`, a part of a document from a point where the decoder of `encoding` is in its
/// initial state (after ASCII bytes, see [`splits_after_ascii`]), with no BOM handling (a BOM
/// is only one at the document's start). Borrowed from `bytes` when they are valid UTF-8
/// decoded as UTF-8 or ASCII in an ASCII-compatible encoding; otherwise allocated in `arena`.
pub(crate) fn decode_part<'a>(
    arena: &'a Bump,
    bytes: &'a [u8],
    encoding: &'static Encoding,
) -> &'a str {
    decode_without_bom(arena, bytes, encoding)
}

/// Whether a document's decoding in `encoding` can be split after any ASCII byte: ASCII bytes
/// decode to themselves and leave the decoder in its initial state, so decoding the bytes up
/// to a point and the rest on their own gives the decoding of the whole. True of the
/// ASCII-compatible encodings except ISO-2022-JP (whose ESC sequences are ASCII bytes that
/// switch its state); false for UTF-16BE/LE and the replacement encoding.
pub(crate) fn splits_after_ascii(encoding: &'static Encoding) -> bool {
    encoding.is_ascii_compatible() && encoding != encoding_rs::ISO_2022_JP
}

/// The Encoding Standard's "decode" of `bytes` with `encoding` (13.2.3): a leading BOM wins over
/// `encoding` and is skipped. For the parser with a known definite encoding (13.2.3.1).
///
/// Borrowed from `bytes` when they are valid UTF-8 decoded as UTF-8 or ASCII-only in an
/// ASCII-compatible encoding; otherwise allocated in `arena`.
pub fn decode_with<'a>(arena: &'a Bump, bytes: &'a [u8], encoding: &'static Encoding) -> &'a str {
    decode_bytes(arena, bytes, encoding).0
}

/// Step 6 of "changing the encoding while parsing" (13.2.3.4): decodes `bytes` again with the
/// `encoding` a [`EncodingChange::Reparse`] named; the confidence is now certain.
///
/// (A BOM would still win, as "decode" says, but a document with a BOM is certain from the start
/// and is never re-parsed.)
pub fn reparse<'a>(arena: &'a Bump, bytes: &'a [u8], encoding: &'static Encoding) -> Decoded<'a> {
    let (text, encoding) = decode_bytes(arena, bytes, encoding);
    Decoded {
        text,
        encoding,
        source: EncodingSource::Reparse,
        confidence: Confidence::Certain,
    }
}

/// "Decode": BOM sniffing, then UTF-8 through `simdutf8` (borrowed when valid) or `encoding_rs`.
/// Returns the text and the encoding actually used.
fn decode_bytes<'a>(
    arena: &'a Bump,
    bytes: &'a [u8],
    encoding: &'static Encoding,
) -> (&'a str, &'static Encoding) {
    let (encoding, rest) = match Encoding::for_bom(bytes) {
        Some((bom_encoding, bom_length)) => (bom_encoding, &bytes[bom_length..]),
        None => (encoding, bytes),
    };
    (decode_without_bom(arena, rest, encoding), encoding)
}

/// `encoding`'s decoder on `bytes` without BOM handling: UTF-8 through `simdutf8` (borrowed
/// when valid), else `encoding_rs` (borrowed when it can be).
fn decode_without_bom<'a>(
    arena: &'a Bump,
    bytes: &'a [u8],
    encoding: &'static Encoding,
) -> &'a str {
    if encoding == UTF_8
        && let Ok(text) = simdutf8::basic::from_utf8(bytes)
    {
        return text;
    }
    match encoding.decode_without_bom_handling(bytes).0 {
        Cow::Borrowed(text) => text,
        Cow::Owned(text) => arena.alloc_str(&text),
    }
}

/// What the parser does after "changing the encoding while parsing" (13.2.3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncodingChange {
    /// Steps 1 and 4: keep the encoding in use (it is UTF-16, or the new one is the same); the
    /// confidence becomes certain.
    KeepAndMarkCertain,
    /// Step 5: the bytes converted so far read the same in the new encoding: switch decoders
    /// for the bytes after them, without re-parsing. The encoding becomes this one, certain.
    ChangeOnTheFly(&'static Encoding),
    /// Step 6: decode the whole input again with this encoding ([`reparse`]) and parse it from
    /// the start, with confidence certain.
    Reparse(&'static Encoding),
}

/// "Changing the encoding while parsing" (13.2.3.4): what to do when the tree builder meets a
/// `<meta>` whose charset (or `content` charset) names `new` while the confidence is tentative
/// and `current` is the encoding in use. (With any other confidence the spec does not run it.)
///
/// `converted` is the input bytes the current decoder has converted so far (up to and including
/// the `<meta>` tag), if the caller can switch decoders on the fly (step 5); pass `None` to
/// always re-parse on a real change. A byte prefix that reads the same in both encodings (e.g.
/// all ASCII before the `<meta>` in two ASCII-compatible encodings) gives
/// [`EncodingChange::ChangeOnTheFly`].
pub fn change_the_encoding(
    current: &'static Encoding,
    new: &'static Encoding,
    converted: Option<&[u8]>,
) -> EncodingChange {
    // 1. If the encoding in use is UTF-16BE/LE, set the confidence to certain and return.
    if current == UTF_16BE || current == UTF_16LE {
        return EncodingChange::KeepAndMarkCertain;
    }
    // 2. UTF-16BE/LE becomes UTF-8.
    let mut new = new;
    if new == UTF_16BE || new == UTF_16LE {
        new = UTF_8;
    }
    // 3. x-user-defined becomes windows-1252.
    if new == X_USER_DEFINED {
        new = WINDOWS_1252;
    }
    // 4. The same encoding: set the confidence to certain and return.
    if new == current {
        return EncodingChange::KeepAndMarkCertain;
    }
    // 5. Same Unicode interpretation of the bytes converted so far: change on the fly.
    if let Some(converted) = converted
        && same_interpretation(converted, current, new)
    {
        return EncodingChange::ChangeOnTheFly(new);
    }
    // 6. Otherwise re-parse with the new encoding, confidence certain.
    EncodingChange::Reparse(new)
}

/// Whether `bytes` decode to the same characters in both encodings.
fn same_interpretation(bytes: &[u8], a: &'static Encoding, b: &'static Encoding) -> bool {
    // Fast path: ASCII reads the same in every ASCII-compatible encoding except ISO-2022-JP,
    // whose ESC sequences are ASCII bytes too (and the replacement encoding, which is not
    // ASCII-compatible).
    if splits_after_ascii(a) && splits_after_ascii(b) && bytes.is_ascii() {
        return true;
    }
    let (text_a, malformed_a) = a.decode_without_bom_handling(bytes);
    let (text_b, malformed_b) = b.decode_without_bom_handling(bytes);
    !malformed_a && !malformed_b && text_a == text_b
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, ISO_2022_JP, SHIFT_JIS, UTF_16BE, UTF_16LE};

    /// The spec's steps without the optional guess (step 8), so that the default shows.
    fn options() -> InputOptions {
        InputOptions {
            guess: false,
            ..InputOptions::default()
        }
    }

    #[test]
    #[cfg(feature = "guess")]
    fn guessing_is_on_by_default_without_utf8() {
        let o = InputOptions::default();
        assert!(o.guess && !o.guess_utf8);
        let utf8 = "Grüße aus Köln, schöne Straße".as_bytes();
        let sniffed = sniff(utf8, &o);
        assert_eq!(sniffed.source, EncodingSource::Guess);
        assert_ne!(sniffed.encoding, UTF_8);
    }

    #[test]
    fn bom_wins_over_everything() {
        let transport = InputOptions {
            transport_charset: Some(SHIFT_JIS),
            ..options()
        };
        for (bytes, encoding) in [
            (&b"\xEF\xBB\xBF<meta charset=sjis>"[..], UTF_8),
            (b"\xFF\xFEa\0", UTF_16LE),
            (b"\xFE\xFF\0a", UTF_16BE),
        ] {
            let sniffed = sniff(bytes, &transport);
            assert_eq!(sniffed.encoding, encoding);
            assert_eq!(sniffed.source, EncodingSource::Bom);
            assert_eq!(sniffed.confidence, Confidence::Certain);
        }
    }

    #[test]
    fn transport_charset_is_certain_and_must_be_known() {
        let opts = InputOptions {
            transport_charset: Some(transport_charset(" Shift_JIS ").unwrap()),
            ..options()
        };
        let sniffed = sniff(b"<meta charset=utf-8>", &opts);
        assert_eq!(
            (sniffed.encoding, sniffed.source),
            (SHIFT_JIS, EncodingSource::Transport)
        );
        assert_eq!(sniffed.confidence, Confidence::Certain);
        // x-user-defined and UTF-16 from the transport layer are not adjusted.
        let opts = InputOptions {
            transport_charset: Some(transport_charset("x-user-defined").unwrap()),
            ..options()
        };
        assert_eq!(sniff(b"", &opts).encoding, X_USER_DEFINED);

        let error = transport_charset("klingon").unwrap_err();
        assert_eq!(
            error,
            InputError::UnknownTransportLabel {
                label: "klingon".into()
            }
        );
        assert!(error.to_string().contains("\"klingon\""));
        // The label as given, not trimmed; white space other than ASCII's is not ignored.
        assert_eq!(
            transport_charset("\u{a0}utf-8"),
            Err(InputError::UnknownTransportLabel {
                label: "\u{a0}utf-8".into()
            })
        );
    }

    #[test]
    fn prescan_then_default() {
        let sniffed = sniff(b"<meta charset=euc-jp>", &options());
        assert_eq!(
            (sniffed.encoding, sniffed.source),
            (EUC_JP, EncodingSource::Meta)
        );
        assert_eq!(sniffed.confidence, Confidence::Tentative);
        let sniffed = sniff("<p>caf\u{e9}".as_bytes(), &options());
        assert_eq!(
            (sniffed.encoding, sniffed.source),
            (WINDOWS_1252, EncodingSource::Default)
        );
        let opts = InputOptions {
            default_encoding: Some(SHIFT_JIS),
            ..options()
        };
        assert_eq!(sniff(b"", &opts).encoding, SHIFT_JIS);
    }

    #[test]
    #[cfg(feature = "guess")]
    fn the_guess_reads_only_its_window() {
        let text = "日本語のテキストです。これは文字コードの推測の試験です。".repeat(4);
        let (sjis, _, _) = SHIFT_JIS.encode(&text);
        let opts = InputOptions {
            guess: true,
            ..options()
        };
        let with_ascii_head = |head: usize| {
            let mut bytes = b"<!doctype html><p>".to_vec();
            bytes.resize(head, b' ');
            bytes.extend_from_slice(&sjis);
            bytes
        };
        // Non-ASCII inside the window: guessed.
        let inside = with_ascii_head(GUESS_LIMIT - sjis.len());
        let sniffed = sniff(&inside, &opts);
        assert_eq!(
            (sniffed.encoding, sniffed.source),
            (SHIFT_JIS, EncodingSource::Guess)
        );
        // The window is full, but whether the document ends there is not known yet.
        assert!(sniff_awaits_guess_bytes(&inside, &opts));
        assert!(sniff_awaits_guess_bytes(&inside[..GUESS_LIMIT - 1], &opts));
        let mut longer = inside.clone();
        longer.push(b' ');
        assert!(
            !sniff_awaits_guess_bytes(&longer, &opts),
            "a byte after the window"
        );
        // Only after it: nothing to guess from, so the default.
        let after = with_ascii_head(GUESS_LIMIT);
        assert_eq!(sniff(&after, &opts).source, EncodingSource::Default);
        // A declaration decides before the guess: no waiting.
        let mut declared = b"<meta charset=utf-8>".to_vec();
        declared.resize(PRESCAN_LIMIT, b' ');
        assert!(!sniff_awaits_guess_bytes(&declared, &opts));
        assert!(!sniff_awaits_guess_bytes(
            &inside[..PRESCAN_LIMIT],
            &options()
        ));
    }

    #[test]
    #[cfg(feature = "guess")]
    fn guess_only_when_asked_and_only_from_non_ascii() {
        // "日本語のテキストです。" in Shift_JIS, repeated.
        let text = "日本語のテキストです。これは文字コードの推測の試験です。".repeat(4);
        let (sjis, _, _) = SHIFT_JIS.encode(&text);
        let opts = InputOptions {
            guess: true,
            ..options()
        };
        let sniffed = sniff(&sjis, &opts);
        assert_eq!(
            (sniffed.encoding, sniffed.source),
            (SHIFT_JIS, EncodingSource::Guess)
        );
        assert_eq!(sniffed.confidence, Confidence::Tentative);
        assert_eq!(sniff(&sjis, &options()).source, EncodingSource::Default);
        assert_eq!(sniff(b"<p>ascii", &opts).source, EncodingSource::Default);

        let utf8 = "Grüße aus Köln, schöne Straße".as_bytes();
        assert_ne!(sniff(utf8, &opts).encoding, UTF_8);
        let opts = InputOptions {
            guess: true,
            guess_utf8: true,
            ..options()
        };
        assert_eq!(sniff(utf8, &opts).encoding, UTF_8);
    }

    #[test]
    #[cfg(feature = "guess")]
    fn the_guess_shortcuts_agree_with_chardetng() {
        let sjis = SHIFT_JIS.encode("日本語のテキストです。").0.into_owned();
        let mut cases: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"<p>plain ascii".to_vec(),
            b"\x1B$B$\"\x1B(B ascii with escapes".to_vec(),
            "Grüße aus Köln".as_bytes().to_vec(),
            "日本語のテキストです。".as_bytes().to_vec(),
            "Привет, мир! Это проверка.".as_bytes().to_vec(),
            "\u{1F600} emoji \u{10FFFF}".as_bytes().to_vec(),
            b"caf\xE9 latin".to_vec(),
            sjis.clone(),
            // Cut inside a sequence, a lone continuation byte, an encoded surrogate, an
            // overlong form: not UTF-8.
            "日本".as_bytes()[..4].to_vec(),
            b"a\x80b".to_vec(),
            b"\xED\xA0\x80".to_vec(),
            b"\xC0\xAF".to_vec(),
        ];
        // Valid UTF-8 up to the window's end, then cut by it.
        let mut long = "é".repeat(GUESS_LIMIT / 2).into_bytes();
        long.insert(0, b'a');
        cases.push(long[..GUESS_LIMIT].to_vec());
        for bytes in &cases {
            for (last, allow_utf8) in [(true, false), (true, true), (false, false), (false, true)] {
                assert_eq!(
                    guess(bytes, last, allow_utf8),
                    detect(bytes, last, allow_utf8),
                    "{bytes:?} last={last} allow_utf8={allow_utf8}"
                );
            }
        }
        // A prefix cut inside a character: not an error while the input goes on.
        assert_eq!(guess(&long[..GUESS_LIMIT], false, true), Some(UTF_8));
    }

    #[cfg(feature = "guess")]
    proptest::proptest! {
        /// The shortcuts on any text (mostly valid UTF-8 with non-ASCII) and any bytes.
        #[test]
        fn the_guess_shortcuts_agree_on_any_input(
            text in "\\PC{0,40}",
            bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..40),
            allow_utf8: bool,
            last: bool,
            cut in 0usize..8,
        ) {
            let text = &text.as_bytes()[..text.len().saturating_sub(cut)];
            proptest::prop_assert_eq!(
                guess(text, last, allow_utf8),
                detect(text, last, allow_utf8)
            );
            proptest::prop_assert_eq!(
                guess(&bytes, last, allow_utf8),
                detect(&bytes, last, allow_utf8)
            );
        }
    }

    /// Text in the encodings `chardetng` tells apart, ASCII markup with white space, and single
    /// bytes that start or end its states (lead bytes, `ª`, `º`, `©`, no-break space, `N.`,
    /// digits, Roman numerals, capitals): the pieces [`page_like`] strings together.
    #[cfg(feature = "guess")]
    fn guess_pieces() -> Vec<Vec<u8>> {
        use encoding_rs::{
            BIG5, EUC_KR, GBK, IBM866, ISO_8859_2, ISO_8859_7, KOI8_U, WINDOWS_874, WINDOWS_1251,
            WINDOWS_1253, WINDOWS_1255, WINDOWS_1256,
        };
        let texts: [(&str, &'static Encoding); 14] = [
            ("日本語のテキストです。ｶﾞｲﾄﾞ、ﾊﾟﾝ", SHIFT_JIS),
            ("文字コードの推測の試験です", EUC_JP),
            ("한국어 텍스트입니다. 漢字", EUC_KR),
            ("简体中文的网页，编码测试。", GBK),
            ("繁體中文網頁，編碼測試。", BIG5),
            ("Привет, мир! ЭТО Проверка", WINDOWS_1251),
            ("Привіт, світе! Ґанок", KOI8_U),
            ("Здравствуй мир", IBM866),
            ("Καλημέρα κόσμε, ΕΛΛΑΔΑ", WINDOWS_1253),
            ("Γειά σου κόσμε", ISO_8859_7),
            ("שלום עולם, בדיקה.", WINDOWS_1255),
            ("مرحبا بالعالم، Le café", WINDOWS_1256),
            ("Příliš žluťoučký kůň úpěl", ISO_8859_2),
            ("ภาษาไทย ทดสอบ", WINDOWS_874),
        ];
        let mut pieces: Vec<Vec<u8>> = texts
            .iter()
            .map(|(text, encoding)| encoding.encode(text).0.into_owned())
            .collect();
        for latin in [
            "nº 3, Mª José © Nº1 3ª IXº caf\u{e9} ÉTÉ Straße",
            "ÀÉÎõü «»",
        ] {
            pieces.push(WINDOWS_1252.encode(latin).0.into_owned());
        }
        for ascii in [
            "<p class=\"a b\">",
            " ",
            "  ",
            "\n    ",
            "\t",
            "\r\n",
            "\x0c",
            "</div>\n",
            "<a href=x>",
            "Word",
            "ABC",
            "n.",
            "N",
            "M",
            "12",
            "IV",
            ".",
            ",",
            "x",
            "\x1b$B",
        ] {
            pieces.push(ascii.as_bytes().to_vec());
        }
        for byte in [
            0x80, 0x81, 0x8F, 0xA0, 0xA1, 0xA9, 0xAA, 0xBA, 0xC9, 0xFD, 0xFE, 0xFF,
        ] {
            pieces.push(vec![byte]);
        }
        pieces
    }

    /// A page-like string of [`guess_pieces`].
    #[cfg(feature = "guess")]
    fn page_like() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
        use proptest::strategy::Strategy as _;
        let pieces = guess_pieces();
        proptest::collection::vec(0..pieces.len(), 0..80)
            .prop_map(move |chosen| chosen.iter().flat_map(|&i| pieces[i].clone()).collect())
    }

    #[test]
    #[cfg(feature = "guess")]
    fn the_detector_input_keeps_each_encodings_guess() {
        // Each piece of text as the text of an indented page: chardetng guesses many
        // encodings from them, the same from what the guess feeds it, which is shorter.
        let mut guessed = std::collections::HashSet::new();
        for text in guess_pieces().iter().filter(|piece| !piece.is_ascii()) {
            let mut page = b"<!doctype html>\n<html>\n  <head>\n    <title>".to_vec();
            for _ in 0..4 {
                page.extend_from_slice(text);
                page.extend_from_slice(
                    b"</title>\n  </head>\n  <body class=\"page main\">\n    <p>",
                );
            }
            let fed = detector_input(&page);
            assert!(fed.len() < page.len());
            for last in [true, false] {
                let whole = detect(&page, last, false);
                assert_eq!(detect(&fed, last, false), whole, "{page:?}");
                guessed.insert(whole);
            }
        }
        assert!(guessed.len() >= 8, "{guessed:?}");
    }

    #[cfg(feature = "guess")]
    proptest::proptest! {
        /// What the guess feeds chardetng (the white space runs of ASCII cut) gives the guess
        /// of the whole window, on text in the detected encodings among markup.
        #[test]
        fn the_detector_input_gives_the_whole_windows_guess(
            bytes in page_like(),
            allow_utf8: bool,
            last: bool,
        ) {
            proptest::prop_assert_eq!(
                detect(&detector_input(&bytes), last, allow_utf8),
                detect(&bytes, last, allow_utf8)
            );
            proptest::prop_assert_eq!(
                guess(&bytes, last, allow_utf8),
                detect(&bytes, last, allow_utf8)
            );
        }
    }

    /// A page whose first 16 KiB are ASCII (a long `<head>` of scripts) and whose text is UTF-8:
    /// the guess's window holds nothing to guess from, the whole-input check reads it as UTF-8.
    fn ascii_head_then(tail: &[u8]) -> Vec<u8> {
        let mut bytes = b"<!doctype html><title>t</title><script>".to_vec();
        bytes.resize(GUESS_LIMIT + 100, b' ');
        bytes.extend_from_slice(b"</script><p>");
        bytes.extend_from_slice(tail);
        bytes
    }

    #[test]
    fn valid_utf8_throughout_is_utf8_with_guess_utf8() {
        let files = InputOptions {
            guess_utf8: true,
            ..InputOptions::default()
        };
        let page = ascii_head_then("a dash \u{2014} and caf\u{e9}".as_bytes());
        let sniffed = sniff(&page, &files);
        assert_eq!(
            (sniffed.encoding, sniffed.source, sniffed.confidence),
            (UTF_8, EncodingSource::Utf8, Confidence::Tentative)
        );
        assert_eq!(EncodingSource::Utf8.as_str(), "utf8");
        // Without guess_utf8 (a page from the network): the default, windows-1252.
        let sniffed = sniff(&page, &InputOptions::default());
        assert_eq!(
            (sniffed.encoding, sniffed.source),
            (WINDOWS_1252, EncodingSource::Default)
        );
        // `guess: false` turns off the whole of step 8.
        let no_guess = InputOptions {
            guess: false,
            ..files.clone()
        };
        assert_eq!(sniff(&page, &no_guess).source, EncodingSource::Default);
        // An invalid byte anywhere: the guess as before (nothing non-ASCII in its window).
        let mut invalid = page.clone();
        invalid.extend_from_slice(b" \xFF");
        let sniffed = sniff(&invalid, &files);
        assert_eq!(
            (sniffed.encoding, sniffed.source),
            (WINDOWS_1252, EncodingSource::Default)
        );
        // All ASCII: nothing to read as UTF-8.
        assert_eq!(
            sniff(&ascii_head_then(b"plain"), &files).source,
            EncodingSource::Default
        );
        // A declaration wins: a BOM, the transport charset, the prescan.
        let mut declared = b"<meta charset=iso-8859-2>".to_vec();
        declared.extend_from_slice(&page);
        assert_eq!(sniff(&declared, &files).source, EncodingSource::Meta);
        assert!(!sniff_checks_utf8(&declared, &files));
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(&page);
        assert_eq!(sniff(&bom, &files).source, EncodingSource::Bom);
        let transport = InputOptions {
            transport_charset: Some(WINDOWS_1252),
            ..files.clone()
        };
        assert_eq!(sniff(&page, &transport).source, EncodingSource::Transport);
        assert!(!sniff_checks_utf8(&page, &transport));
        assert!(sniff_checks_utf8(&page, &files));
        assert!(!sniff_checks_utf8(&page, &InputOptions::default()));
        assert!(!sniff_checks_utf8(&page, &no_guess));
    }

    #[test]
    #[cfg(feature = "guess")]
    fn utf8_in_the_window_and_an_invalid_byte_after_it_is_the_guess() {
        let files = InputOptions {
            guess_utf8: true,
            ..InputOptions::default()
        };
        let mut early = "caf\u{e9} ".as_bytes().to_vec();
        early.extend_from_slice(&ascii_head_then(b"\xFF"));
        let sniffed = sniff(&early, &files);
        assert_eq!(
            (sniffed.encoding, sniffed.source),
            (UTF_8, EncodingSource::Guess)
        );
    }

    #[test]
    fn the_utf8_check_reads_the_first_utf8_limit_bytes() {
        let mut bytes = vec![b' '; UTF8_LIMIT + 8];
        // All ASCII up to the limit, UTF-8 after it: not read.
        bytes[UTF8_LIMIT..UTF8_LIMIT + 2].copy_from_slice("\u{e9}".as_bytes());
        assert!(!is_utf8_with_non_ascii(&bytes));
        // Non-ASCII inside, an invalid byte after the limit: UTF-8 (the limit's prefix).
        bytes[0..2].copy_from_slice("\u{e9}".as_bytes());
        bytes[UTF8_LIMIT + 4] = 0xFF;
        assert!(is_utf8_with_non_ascii(&bytes));
        // A character cut by the limit: valid while the input goes on, not at its end.
        bytes[UTF8_LIMIT - 1..UTF8_LIMIT + 1].copy_from_slice("\u{e9}".as_bytes());
        assert!(is_utf8_with_non_ascii(&bytes));
        assert!(!is_utf8_with_non_ascii(&bytes[..UTF8_LIMIT]));
        assert!(is_utf8_with_non_ascii(&bytes[..UTF8_LIMIT - 1]));
        // An invalid byte inside: not UTF-8.
        bytes[100] = 0xFF;
        assert!(!is_utf8_with_non_ascii(&bytes));
    }

    #[test]
    fn valid_utf8_is_borrowed_without_bom() {
        let arena = Bump::new();
        let bytes = "\u{FEFF}<p>caf\u{e9}".as_bytes();
        let decoded = decode(&arena, bytes, &options());
        assert_eq!(decoded.text, "<p>caf\u{e9}");
        assert_eq!(decoded.text.as_ptr(), bytes[3..].as_ptr());
        assert_eq!(arena.allocated_bytes(), 0);
    }

    #[test]
    fn invalid_utf8_is_decoded_into_the_arena() {
        let arena = Bump::new();
        let bytes = b"<meta charset=utf-8>\xFFa\xE2\x82";
        let decoded = decode(&arena, bytes, &options());
        assert_eq!(decoded.text, "<meta charset=utf-8>\u{FFFD}a\u{FFFD}");
        assert_eq!(decoded.encoding, UTF_8);
    }

    #[test]
    fn legacy_encodings_decode_and_ascii_is_borrowed() {
        let arena = Bump::new();
        let decoded = decode(&arena, b"<p>caf\xE9", &options());
        assert_eq!(decoded.text, "<p>caf\u{e9}");
        let ascii = b"<p>plain";
        let decoded = decode(&arena, ascii, &options());
        assert_eq!(decoded.text.as_ptr(), ascii.as_ptr());
        // UTF-16LE without BOM, found by the prescan's '<?x'.
        let bytes = b"<\0?\0x\0m\0l\0>\0";
        let decoded = decode(&arena, bytes, &options());
        assert_eq!((decoded.text, decoded.encoding), ("<?xml>", UTF_16LE));
    }

    #[test]
    fn decode_with_lets_a_bom_win() {
        let arena = Bump::new();
        assert_eq!(decode_with(&arena, b"\xFF\xFEa\0", SHIFT_JIS), "a");
        assert_eq!(decode_with(&arena, b"\x82\xA0", SHIFT_JIS), "\u{3042}");
        let decoded = reparse(&arena, b"\x82\xA0", SHIFT_JIS);
        assert_eq!(decoded.source, EncodingSource::Reparse);
        assert_eq!(decoded.confidence, Confidence::Certain);
    }

    #[test]
    fn change_the_encoding_steps() {
        use EncodingChange::*;
        // 1. UTF-16 in use: keep.
        assert_eq!(
            change_the_encoding(UTF_16LE, SHIFT_JIS, None),
            KeepAndMarkCertain
        );
        // 2.–4. Adjustments, then the same encoding: keep.
        assert_eq!(
            change_the_encoding(UTF_8, UTF_16BE, None),
            KeepAndMarkCertain
        );
        assert_eq!(
            change_the_encoding(WINDOWS_1252, X_USER_DEFINED, None),
            KeepAndMarkCertain
        );
        assert_eq!(
            change_the_encoding(EUC_JP, EUC_JP, None),
            KeepAndMarkCertain
        );
        // 6. A real change without on-the-fly support: re-parse.
        assert_eq!(
            change_the_encoding(WINDOWS_1252, UTF_16LE, None),
            Reparse(UTF_8)
        );
        assert_eq!(
            change_the_encoding(UTF_8, X_USER_DEFINED, None),
            Reparse(WINDOWS_1252)
        );
        // 5. On the fly when the prefix reads the same.
        let ascii = Some(&b"<html><meta charset=sjis>"[..]);
        assert_eq!(
            change_the_encoding(WINDOWS_1252, SHIFT_JIS, ascii),
            ChangeOnTheFly(SHIFT_JIS)
        );
        let latin = Some(&b"<title>caf\xE9</title><meta charset=sjis>"[..]);
        assert_eq!(
            change_the_encoding(WINDOWS_1252, SHIFT_JIS, latin),
            Reparse(SHIFT_JIS)
        );
        // ISO-2022-JP's escapes are ASCII bytes that do not read as ASCII.
        let esc = Some(&b"\x1B$B$\"\x1B(B<meta charset=utf-8>"[..]);
        assert_eq!(change_the_encoding(ISO_2022_JP, UTF_8, esc), Reparse(UTF_8));
        let plain = Some(&b"<meta charset=utf-8>"[..]);
        assert_eq!(
            change_the_encoding(ISO_2022_JP, UTF_8, plain),
            ChangeOnTheFly(UTF_8)
        );
    }
}
