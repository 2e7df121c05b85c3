//! The `termdoku` binary: parse the command line, dispatch, hand a game to play to the game, map
//! errors to exit codes.

use std::process::ExitCode;

use clap::Parser;
use termdoku::cli::{Cli, Run, run};

fn main() -> ExitCode {
    let ran = run(Cli::parse()).and_then(|run| match run {
        Run::Done(code) => Ok(code),
        Run::Play(request) => termdoku::tui::launch::play(*request),
    });
    match ran {
        Ok(code) => code,
        // A reader that stops early (`termdoku solve < big.txt | head`) is not an error.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
