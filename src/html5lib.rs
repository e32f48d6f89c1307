//! The html5lib test-suite formats as JSON: tokens and parse errors as the html5lib tokenizer
//! tests write them, for the `simdhtml tokens` command, the conformance harnesses, and anyone
//! comparing with another html5lib-tested parser.
//!
//! Available with the `html5lib` feature (it brings in `serde_json`; the command turns it on). The tree
//! dump format needs no feature: [`crate::serialize::html5lib_dump()`].

use crate::tokenizer::{LineIndex, ParseError, Token, Tokenizer};
use serde_json::{Map, Value, json};

/// Runs `tokenizer` to the end and renders what it emitted in the html5lib tokenizer-test
/// format: the token list (adjacent character tokens coalesced into one `["Character", data]`,
/// start tags as `["StartTag", name, {attrs}]` with a fourth `true` when self-closing,
/// `["EndTag", name]`, `["Comment", data]`, `["DOCTYPE", name, public, system, correctness]`,
/// and `["ProcessingInstruction", target, data]`), and the errors as
/// `{"code", "line", "col"}` objects (1-based, columns in UTF-16 code units).
pub fn tokenize_to_json(tokenizer: &mut Tokenizer<'_>) -> (Value, Value) {
    let output = tokens_to_json(std::iter::from_fn(|| Some(tokenizer.next_token())));
    let errors = errors_to_json(tokenizer.input(), tokenizer.errors());
    (output, errors)
}

/// Renders `tokens`, up to the first [`Token::Eof`], as the token list of
/// [`tokenize_to_json`].
pub fn tokens_to_json<'a>(tokens: impl IntoIterator<Item = Token<'a>>) -> Value {
    let mut output: Vec<Value> = Vec::new();
    let mut text = String::new();
    for token in tokens.into_iter().chain(std::iter::once(Token::Eof)) {
        if let Token::Characters(s) = token {
            text.push_str(s);
            continue;
        }
        if !text.is_empty() {
            output.push(json!(["Character", std::mem::take(&mut text)]));
        }
        match token {
            Token::Eof => break,
            Token::Doctype(d) => output.push(json!([
                "DOCTYPE",
                d.name,
                d.public_id,
                d.system_id,
                !d.force_quirks
            ])),
            Token::StartTag(t) => {
                let attrs: Map<String, Value> = t
                    .attrs
                    .iter()
                    .map(|a| (a.name.to_string(), json!(a.value)))
                    .collect();
                if t.self_closing {
                    output.push(json!(["StartTag", t.name, attrs, true]));
                } else {
                    output.push(json!(["StartTag", t.name, attrs]));
                }
            }
            Token::EndTag(t) => output.push(json!(["EndTag", t.name])),
            Token::Comment(c) => output.push(json!(["Comment", c])),
            Token::ProcessingInstruction(pi) => {
                output.push(json!(["ProcessingInstruction", pi.target, pi.data]))
            }
            Token::Characters(_) => unreachable!("coalesced above"),
        }
    }
    Value::Array(output)
}

/// Renders parse errors of `input` as html5lib `{"code", "line", "col"}` objects.
pub fn errors_to_json(input: &str, errors: &[ParseError]) -> Value {
    let index = LineIndex::new(input);
    Value::Array(
        errors
            .iter()
            .map(|e| {
                let lc = index.line_col(e.offset);
                json!({"code": e.code.as_str(), "line": lc.line, "col": lc.col})
            })
            .collect(),
    )
}
