//! `termdoku generate --difficulty LEVEL [--variant classic|killer|x|jigsaw|killer-x|killer-jigsaw]
//! [--count N] [--seed S] [--symmetry KIND]`: prints N unique puzzles at the level, one line each in
//! the `rate` format (our one-line form of the variant: a killer as its killer line, an X with ` x`,
//! a jigsaw with its regions; or, for classic and killer, with `--format solo` as Solo's game id).
//! Puzzle `i` (from 0) of a batch is generated with seed `S + i`, so the same seed gives the same
//! puzzles whatever `--threads` says. A progress bar goes to standard error only when it is a terminal.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::bail;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use rand::RngExt;
use rayon::prelude::*;

use super::OutputFormat;
use super::rate::{format_rated, thread_pool};
use crate::engine::logic::Level;
use crate::engine::text::solo_id;
use crate::engine::{
    ExplainerRating, GenerateOptions, Generated, Symmetry, Variant, explainer_rating, generate,
};

/// How `generate` prints its puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// The `rate` columns, tab-separated: puzzle (81 characters, or a killer line), level, score,
    /// hardest technique id, steps.
    #[default]
    Text,
    /// JSON lines with the same fields.
    Json,
    /// Solo's game id (`3x3k:...` for a killer, `3x3:...` for a classic puzzle), then the same
    /// tab-separated rating columns.
    Solo,
}

/// Arguments of `termdoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The level: easy, medium, hard, expert or extreme.
    #[arg(long, short, value_name = "LEVEL")]
    pub difficulty: Level,
    /// The rules: classic, killer (cages with sums, no givens), x (both long diagonals hold 1-9
    /// once), jigsaw (nine irregular regions, a random layout), killer-x or killer-jigsaw.
    #[arg(long, default_value_t = Variant::Classic, value_parser = parse_variant)]
    pub variant: Variant,
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// The seed (default: random); puzzle i of the batch uses seed + i.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The symmetry of the givens' pattern: none, rotational, mirror or diagonal (puzzles with
    /// givens only: classic, x, jigsaw; default: rotational).
    #[arg(long)]
    pub symmetry: Option<Symmetry>,
    /// Output format: `text` (the `rate` columns, tab-separated), `json` (JSON lines) or `solo`
    /// (Solo's game id, then the rating columns; classic and killer puzzles).
    #[arg(long, value_enum, default_value_t = GenerateFormat::Text)]
    pub format: GenerateFormat,
    /// Worker threads (default: all cores; more than the cores are clamped, with a note).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Also estimate each puzzle's Sudoku Explainer rating, as `rate --se` does (a sixth column;
    /// classic puzzles only).
    #[arg(long)]
    pub se: bool,
}

/// The variant named on the command line; the error lists every name.
pub(crate) fn parse_variant(name: &str) -> Result<Variant, String> {
    Variant::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        format!("unknown variant `{name}`: expected one of {}", names.join(", "))
    })
}

/// How many puzzles are generated before they are printed.
const CHUNK: u64 = 64;

/// Runs `termdoku generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    check_variant_options(args)?;
    let symmetry = args.symmetry.unwrap_or_default();
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
                        variant: args.variant,
                        level: args.difficulty,
                        symmetry,
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
            writeln!(out, "{}", format_generated(&generated, se.as_ref(), args.format))?;
        }
        out.flush()?;
        start = end;
    }
    progress.finish_and_clear();
    Ok(ExitCode::SUCCESS)
}

/// Refuses the options `args.variant` does not take: a symmetry without givens, the Sudoku
/// Explainer estimate off classic, Solo's game id for the variants it is not written for here.
fn check_variant_options(args: &GenerateArgs) -> anyhow::Result<()> {
    let variant = args.variant;
    if variant.has_cages() && args.symmetry.is_some() {
        bail!("--symmetry: {variant} puzzles have no givens, so no symmetry to choose");
    }
    if variant != Variant::Classic && args.se {
        bail!("--se: the Sudoku Explainer estimate is for classic puzzles only");
    }
    if !matches!(variant, Variant::Classic | Variant::Killer) && args.format == GenerateFormat::Solo {
        bail!("--format solo: Solo game ids are written for classic and killer puzzles only, not {variant}");
    }
    Ok(())
}

/// The output line of one generated puzzle.
pub(super) fn format_generated(
    generated: &Generated,
    se: Option<&ExplainerRating>,
    format: GenerateFormat,
) -> String {
    let (puzzle, rating) = (&generated.puzzle, &generated.rating);
    match format {
        GenerateFormat::Text => format_rated(puzzle, rating, se, OutputFormat::Text),
        GenerateFormat::Json => format_rated(puzzle, rating, se, OutputFormat::Json),
        GenerateFormat::Solo => {
            let rated = format_rated(puzzle, rating, se, OutputFormat::Text);
            let columns = rated.split_once('\t').map_or("", |(_, columns)| columns);
            format!("{}\t{columns}", solo_id(puzzle.givens(), puzzle.cages(), None))
        }
    }
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
