//! Inputs the fuzz targets (`fuzz/`, see `docs/fuzzing.md`) found, minimised, one test each.
//! Each test names the target and what it checked.

use simdhtml::Arena;
use simdhtml::stream::TokenStream;
use simdhtml::tokenizer::{Token, Tokenizer, TokenizerOptions};

/// Tokens of `text` through `TokenStream::feed_str` in `chunk`-byte pieces.
fn streamed<'a>(arena: &'a Arena, text: &str, chunk: usize) -> Vec<Token<'a>> {
    let mut stream = TokenStream::new(arena, TokenizerOptions::default());
    let mut tokens = Vec::new();
    for piece in text.as_bytes().chunks(chunk) {
        stream.feed_str(std::str::from_utf8(piece).expect("ASCII"));
        tokens.extend(std::iter::from_fn(|| stream.next_token()));
    }
    stream.finish();
    tokens.extend(std::iter::from_fn(|| stream.next_token()));
    tokens
}

/// Target `stream` (TokenStream vs Tokenizer): `TokenStream` promises the tokens of
/// `Tokenizer` over the whole input, but after a `&` that starts no character reference it
/// ends a character run where a chunk ended: `&aaaa` in pieces `&a`, `aa`, `a` gives
/// `"&"`, `"aaa"`, `"a"` instead of `"&"`, `"aaaa"`. The text is the same (the tree too);
/// only the run boundaries differ. Found by the fuzzer on a 1 KiB page fed one byte at a
/// time after the prescan (`&middypeQQ…ng`).
#[test]
fn token_stream_splits_runs_like_the_tokenizer() {
    for (text, chunk) in [("&aaaa", 1), ("&aaaa", 2), ("&xyQx", 1), ("&miQQQQQx", 3)] {
        let arena = Arena::new();
        let whole: Vec<Token<'_>> =
            Tokenizer::new(&arena, text, TokenizerOptions::default()).collect();
        assert_eq!(streamed(&arena, text, chunk), whole, "{text:?} in {chunk}-byte chunks");
    }
}
