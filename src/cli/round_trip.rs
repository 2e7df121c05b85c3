//! What termdoku writes, termdoku reads: every JSON line a subcommand prints about a puzzle
//! (`generate`, `rate`, `solve` and its `--count` and `--steps` forms, `hint`, `export`) is read
//! back as the same puzzle by every reader (`solve`, `rate` and `export --puzzle` on standard input
//! or a file, with or without a byte-order mark; `hint`; `play --puzzle`), for generated classic and
//! killer puzzles.

use std::sync::atomic::AtomicBool;

use proptest::prelude::*;

use super::OutputFormat;
use super::export::{FormatArg, convert_one};
use super::generate::{GenerateFormat, format_generated};
use super::hint::{hint_json, pick_puzzle};
use super::input::{Answer, Entry, Place, looks_like_a_file, stdin_entries};
use super::play::read_puzzle;
use super::rate::format_solved;
use super::solve::{Mode, solve_entry};
use crate::engine::logic::{Level, next_step};
use crate::engine::text::{parse_puzzle, puzzle_json};
use crate::engine::{
    Candidates, GenerateOptions, Puzzle, PuzzleSetup, Symmetry, Variant, explainer_rating, generate,
};

/// Every JSON line the subcommands print about `puzzle` (generated with `rating`), named by the
/// command that prints it.
fn printed(generated: &crate::engine::Generated) -> Vec<(&'static str, String)> {
    let puzzle = &generated.puzzle;
    let line = puzzle.to_line();
    let solve = |mode| match solve_entry(Place::Line(1), &line, mode, OutputFormat::Json) {
        Answer::Done(json) => json,
        Answer::Failed { reason, .. } => panic!("{line}: {reason}"),
    };
    let se = (puzzle.variant() == Variant::Classic).then(|| explainer_rating(puzzle));
    let full = match puzzle.cages() {
        Some(cages) => Puzzle::new_killer(*puzzle.solution(), cages.clone()),
        None => Puzzle::new(*puzzle.solution()),
    }
    .expect("a full grid is a puzzle");
    let setup = PuzzleSetup::of_puzzle(puzzle);
    let step = next_step(&Candidates::from_puzzle(puzzle));
    let json = |result: serde_json::Result<String>| result.expect("serialises");
    vec![
        ("generate", format_generated(generated, None, GenerateFormat::Json)),
        ("generate --se", format_generated(generated, se.as_ref(), GenerateFormat::Json)),
        ("solve", solve(Mode::Solution)),
        ("solve --count", solve(Mode::Count)),
        ("solve --steps", solve(Mode::Steps)),
        ("hint", json(hint_json(puzzle, step.as_ref()))),
        ("export --puzzle", convert_one(&setup, FormatArg::Json)),
        ("export --with-entries", puzzle_json(puzzle.givens(), puzzle.cages(), Some(puzzle.solution()))),
        // What `rate` and `hint` print for a solved puzzle: read back as the full grid.
        ("rate (solved)", format_solved(&full, OutputFormat::Json)),
        ("hint (solved)", json(hint_json(&full, None))),
    ]
}

/// The puzzle each reader reads from `text`, one line, named by the reader.
fn read_back(text: &str) -> Vec<(&'static str, Result<String, String>)> {
    let batch = |input: &str| -> Result<String, String> {
        let entries: Vec<Entry> = stdin_entries(input.as_bytes()).map(|e| e.expect("in memory")).collect();
        match entries.as_slice() {
            [Entry::Puzzle { text, .. }] => {
                parse_puzzle(text).map(|p| p.to_line()).map_err(|e| e.to_string())
            }
            other => Err(format!("not one puzzle: {other:?}")),
        }
    };
    let hint = pick_puzzle(stdin_entries(text.as_bytes()), "standard input", None)
        .map_err(|e| e.to_string())
        .and_then(|(_, text)| parse_puzzle(&text).map(|p| p.to_line()).map_err(|e| e.to_string()));
    let play = read_puzzle(text, None).map(|p| p.to_line()).map_err(|e| format!("{e:#}"));
    vec![
        ("solve, rate, export --puzzle", batch(&format!("{text}\n"))),
        ("the same after a byte-order mark", batch(&format!("\u{feff}{text}\r\n"))),
        (
            "an argument",
            if looks_like_a_file(text) { Err("read as a file name".into()) } else { batch(text) },
        ),
        ("hint -", hint),
        ("play --puzzle", play),
    ]
}

/// Generates a puzzle of `variant` at `level` with `seed`.
fn generated(variant: Variant, level: Level, seed: u64) -> crate::engine::Generated {
    let options = GenerateOptions { variant, level, symmetry: Symmetry::default(), seed };
    generate(&options, &AtomicBool::new(false)).expect("never cancelled")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_json_line_printed_reads_back_as_its_puzzle(
        killer in any::<bool>(),
        level in prop::sample::select(vec![Level::Easy, Level::Medium, Level::Hard]),
        seed in any::<u64>(),
    ) {
        let variant = if killer { Variant::Killer } else { Variant::Classic };
        let generated = generated(variant, level, seed);
        let puzzle = &generated.puzzle;
        let solved = match puzzle.cages() {
            Some(cages) => PuzzleSetup::killer(*puzzle.solution(), cages.clone()),
            None => PuzzleSetup::classic(*puzzle.solution()),
        };
        for (printer, line) in printed(&generated) {
            let want = if printer.contains("(solved)") { solved.to_line() } else { puzzle.to_line() };
            for (reader, read) in read_back(&line) {
                prop_assert_eq!(read.as_deref(), Ok(want.as_str()), "{} read by {}: {}", printer, reader, line);
            }
        }
    }
}

#[test]
fn the_error_line_of_a_bad_puzzle_is_no_puzzle_and_says_why() {
    let error = Answer::failed(Place::Line(4), "expected 81 cells, found 80").output(OutputFormat::Json);
    let read = parse_puzzle(&error).expect_err("no puzzle").to_string();
    assert_eq!(
        read,
        "JSON: no puzzle: the line of a puzzle that could not be read (line 4: expected 81 cells, found 80)"
    );
}
