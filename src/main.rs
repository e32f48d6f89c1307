//! The `simdhtml` command.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// simdhtml: a browser-exact HTML parser for batch work on real pages.
#[derive(Debug, Parser)]
#[command(name = "simdhtml", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the tokens of one input as JSON in the html5lib tokenizer-test format:
    /// {"output": [...], "errors": [{"code", "line", "col"}, ...]}.
    Tokens(cli::tokens::TokensArgs),
    /// Print, for each file, the encoding a browser would decode it with and the step of the
    /// encoding sniffing algorithm (13.2.3) that decided it: PATH<TAB>ENCODING<TAB>STEP.
    Encoding(cli::encoding::EncodingArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Tokens(args) => cli::tokens::run(args),
        Command::Encoding(args) => cli::encoding::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("simdhtml: {e:#}");
            ExitCode::from(2)
        }
    }
}
