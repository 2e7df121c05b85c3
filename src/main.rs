//! The `termdoku` binary: parse the command line, dispatch, map errors to exit codes.

use std::process::ExitCode;

use clap::Parser;
use termdoku::cli::{Cli, run};

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
