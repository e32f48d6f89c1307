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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Tokens(args) => cli::tokens::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("simdhtml: {e:#}");
            ExitCode::from(2)
        }
    }
}
