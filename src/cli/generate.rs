//! `termdoku generate --difficulty LEVEL [--count N] [--seed S] [--symmetry KIND]`: prints N unique
//! puzzles at the level, one line each in the `rate` format. Puzzle `i` (from 0) of a batch is
//! generated with seed `S + i`, so the same seed gives the same puzzles whatever `--threads` says. A
//! progress bar goes to standard error only when it is a terminal.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rand::RngExt;
use rayon::prelude::*;

use super::OutputFormat as Format;
use super::rate::{format_rated, thread_pool};
use crate::engine::logic::Level;
use crate::engine::{ExplainerRating, GenerateOptions, Generated, Symmetry, explainer_rating, generate};

/// Arguments of `termdoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The level: easy, medium, hard, expert or extreme.
    #[arg(long)]
    pub difficulty: Level,
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// The seed (default: random); puzzle i of the batch uses seed + i.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The symmetry of the givens: none, rotational, mirror or diagonal.
    #[arg(long, default_value_t = Symmetry::Rotational)]
    pub symmetry: Symmetry,
    /// Output format: `text` (the `rate` columns, tab-separated) or `json` (JSON lines).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Worker threads (default: all cores; more than the cores are clamped, with a note).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Also estimate each puzzle's Sudoku Explainer rating, as `rate --se` does (a sixth column).
    #[arg(long)]
    pub se: bool,
}

/// How many puzzles are generated before they are printed.
const CHUNK: u64 = 64;

/// Runs `termdoku generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let pool = thread_pool(args.threads)?;
    let seed = args.seed.unwrap_or_else(|| rand::rng().random());
    let progress = progress_bar(args.count);
    let never = AtomicBool::new(false);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut start = 0;
    while start < args.count {
        let end = args.count.min(start + CHUNK);
        let batch: Vec<Option<(Generated, Option<ExplainerRating>)>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|index| {
                    let options = GenerateOptions {
                        level: args.difficulty,
                        symmetry: args.symmetry,
                        seed: seed.wrapping_add(index),
                    };
                    let generated = generate(&options, &never).map(|generated| {
                        let se = args.se.then(|| explainer_rating(&generated.puzzle));
                        (generated, se)
                    });
                    progress.inc(1);
                    generated
                })
                .collect()
        });
        for (generated, se) in batch.into_iter().flatten() {
            let line = format_rated(&generated.puzzle, &generated.rating, se.as_ref(), args.format);
            writeln!(out, "{line}")?;
        }
        out.flush()?;
        start = end;
    }
    progress.finish_and_clear();
    Ok(ExitCode::SUCCESS)
}

/// A progress bar on standard error when it is a terminal, else a hidden one.
fn progress_bar(count: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} (eta {eta})") {
        bar.set_style(style);
    }
    bar
}
