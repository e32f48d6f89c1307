//! `simdhtml tokens`: the token stream of one input in the html5lib tokenizer-test format.

use anyhow::{Result, bail};
use clap::Args;
use simdhtml::Arena;
use simdhtml::input::decode;
use simdhtml::stream::TokenStream;
use simdhtml::tokenizer::{State, Tokenizer, TokenizerOptions};
use std::io::Write;
use std::process::ExitCode;

use super::load::{SniffArgs, read_input};

/// Arguments of `simdhtml tokens`.
#[derive(Debug, Args)]
pub struct TokensArgs {
    /// The input file, or `-` (the default) for standard input. Its bytes are decoded as a
    /// browser would (BOM, `--encoding`, `<meta>` prescan, guess, else windows-1252). A name
    /// ending in `.gz` is decompressed; binary data is refused.
    #[arg(default_value = "-")]
    pub file: String,
    /// The initial tokenizer state, spelled as the html5lib suites spell it: "Data state",
    /// "PLAINTEXT state", "RCDATA state", "RAWTEXT state", "Script data state",
    /// "CDATA section state".
    #[arg(long, default_value = "Data state")]
    pub state: String,
    /// The tag name of the last start tag emitted, for the appropriate end tag check.
    #[arg(long)]
    pub last_start_tag: Option<String>,
    #[command(flatten)]
    pub input: SniffArgs,
    /// Feed the input to the streaming tokenizer in chunks of this many bytes (the output
    /// must not change).
    #[arg(long, value_name = "N")]
    pub chunk_size: Option<usize>,
    /// Run the scalar twin: every fast path off (the output must not change).
    #[arg(long)]
    pub scalar: bool,
}

/// Prints `{"output": [...], "errors": [...]}` for the input.
///
/// # Errors
/// A bad option value (unknown state or `--encoding` label, `--chunk-size 0`), unreadable,
/// binary or bad gzip input, a failure to write; the caller prints them as one line.
pub fn run(args: &TokensArgs) -> Result<ExitCode> {
    let Some(state) = State::from_test_name(&args.state) else {
        bail!(
            "unknown state {:?} (expected one of \"Data state\", \"PLAINTEXT state\", \
             \"RCDATA state\", \"RAWTEXT state\", \"Script data state\", \"CDATA section state\")",
            args.state
        );
    };
    if args.chunk_size == Some(0) {
        bail!("--chunk-size must be at least 1");
    }
    let input_options = args.input.input_options()?;
    let bytes = read_input(&args.file, input_options.transport_charset)?;
    let arena = Arena::new();
    let options = TokenizerOptions {
        initial_state: Some(state),
        last_start_tag: args.last_start_tag.clone(),
        collect_errors: true,
        coerce_to_infoset: false,
        scalar: args.scalar,
    };
    let (output, errors) = match args.chunk_size {
        Some(n) => {
            let mut stream =
                TokenStream::with_input_options(&arena, options, input_options.clone());
            let mut tokens = Vec::new();
            for chunk in bytes.chunks(n) {
                stream.feed(chunk);
                tokens.extend(std::iter::from_fn(|| stream.next_token()));
            }
            stream.finish();
            tokens.extend(std::iter::from_fn(|| stream.next_token()));
            // The stream keeps only the input it may still need; lines and columns are
            // counted in the whole decoded text (the same sniffing and decoding).
            let input = decode(&arena, &bytes, &input_options).text;
            (
                simdhtml::html5lib::tokens_to_json(tokens),
                simdhtml::html5lib::errors_to_json(input, stream.errors()),
            )
        }
        None => {
            let text = decode(&arena, &bytes, &input_options).text;
            let mut tokenizer = Tokenizer::new(&arena, text, options);
            simdhtml::html5lib::tokenize_to_json(&mut tokenizer)
        }
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}",
        serde_json::json!({"output": output, "errors": errors})
    )?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
