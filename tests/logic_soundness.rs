//! Soundness of the hint engine over real puzzles: along the whole logical path, no step removes a
//! solution digit or places a wrong one, and the path always ends solved.

use std::fs;
use std::path::PathBuf;

use rayon::prelude::*;
use termdoku::engine::logic::{Technique, next_step};
use termdoku::engine::{Candidates, Grid, Puzzle};

fn data(path: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data")).join(path)
}

/// The first 81-character field of every puzzle line of a file.
fn puzzles(path: &str) -> Vec<String> {
    let text = fs::read_to_string(data(path)).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().next().unwrap_or_default().to_string())
        .collect()
}

/// Walks the logical path of `line`, checking every step against the solution; returns the
/// techniques used, or a description of the first unsound step.
fn check_path(line: &str) -> Result<Vec<Technique>, String> {
    let puzzle: Puzzle = line.parse().map_err(|e| format!("{line}: {e}"))?;
    let solution: &Grid = puzzle.solution();
    let mut grid = Candidates::from_grid(puzzle.givens());
    let mut used = Vec::new();
    for _ in 0..2000 {
        let Some(step) = next_step(&grid) else { break };
        for e in &step.eliminations {
            if solution.get(e.cell) == Some(e.digit) {
                return Err(format!(
                    "{line}: {} removed the solution digit {e}: {}",
                    step.technique, step.explanation
                ));
            }
        }
        for p in &step.placements {
            if solution.get(p.cell) != Some(p.digit) {
                return Err(format!(
                    "{line}: {} placed a wrong digit {p}: {}",
                    step.technique, step.explanation
                ));
            }
        }
        if step.is_empty() {
            return Err(format!("{line}: {} changed nothing", step.technique));
        }
        step.apply_to(&mut grid);
        used.push(step.technique);
    }
    if grid.to_grid() != *solution {
        return Err(format!("{line}: the logical path stopped before the solution"));
    }
    Ok(used)
}

fn check_file(path: &str) -> Vec<Technique> {
    let lines = puzzles(path);
    assert!(!lines.is_empty(), "{path} has no puzzles");
    let results: Vec<Result<Vec<Technique>, String>> = lines.par_iter().map(|l| check_path(l)).collect();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(failures.is_empty(), "{} unsound paths in {path}, first: {}", failures.len(), failures[0]);
    results.into_iter().flat_map(Result::unwrap_or_default).collect()
}

#[test]
fn every_step_is_sound_on_the_graded_sets() {
    for band in ["easy", "medium", "hard", "hard1", "hard2", "diabolical"] {
        check_file(&format!("se_solutions/{band}_puzzle_and_solution.txt"));
    }
}

#[test]
fn every_step_is_sound_on_top1465() {
    let used = check_file("tdoku/top1465.txt");
    // The hard list must exercise far more than singles: make the test fail if techniques go missing.
    let distinct: std::collections::BTreeSet<Technique> = used.into_iter().collect();
    assert!(distinct.len() >= 10, "only {} techniques used on top1465: {distinct:?}", distinct.len());
}
