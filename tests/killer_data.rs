//! The killer model and exact solver against Solo's 336 shared killer puzzles
//! (`../shared/data/killer/solo_killer.txt`): every line reads, its layout is valid, and its one
//! solution is the one the file gives.

use std::time::{Duration, Instant};

mod killer_support;

use termdoku::engine::killer::{Cage, Cages};
use termdoku::engine::text::{killer_line, parse_killer_line};
use termdoku::engine::{
    Cell, DigitSet, Grid, Puzzle, Uniqueness, Variant, check_unique_killer, count_killer_solutions,
};

/// The puzzle lines of the shared killer file: (puzzle line, solution, Solo's level).
fn solo_killers() -> Vec<(String, String, String)> {
    killer_support::shared_lines()
        .into_iter()
        .map(|fields| {
            assert!(fields.len() >= 3, "{fields:?}: expected TAB-separated fields");
            (fields[0].clone(), fields[1].clone(), fields[2].clone())
        })
        .collect()
}

#[test]
fn every_shared_killer_has_the_files_solution_and_only_that() {
    let killers = solo_killers();
    assert_eq!(killers.len(), 336);
    let mut times: Vec<Duration> = Vec::new();
    for (line, solution, level) in &killers {
        let (givens, cages) = parse_killer_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(cages.covers_grid(), "{line}: every cell is in a cage");
        assert_eq!(&killer_line(&givens, &cages), line, "the line goes round");
        let start = Instant::now();
        let puzzle = Puzzle::new_killer(givens, cages).unwrap_or_else(|e| panic!("{level} {line}: {e}"));
        times.push(start.elapsed());
        assert_eq!(puzzle.variant(), Variant::Killer);
        assert_eq!(&puzzle.solution().to_line(), solution, "{line}");
    }
    times.sort();
    eprintln!(
        "killer uniqueness check: median {:?}, worst {:?}",
        times[times.len() / 2],
        times[times.len() - 1]
    );
}

/// Every layout made from a shared puzzle's by merging two touching cages whose solution digits
/// differ (so the file's solution still fits): the solver finds either that solution alone or
/// several, and over the first puzzles merges that lose uniqueness do occur.
#[test]
fn merging_two_cages_keeps_the_solution_and_can_lose_uniqueness() {
    let mut multiple = 0;
    let mut unique = 0;
    for (line, solution, _) in solo_killers().iter().take(12) {
        let (givens, cages) = parse_killer_line(line).expect("valid line");
        let solution: Grid = solution.parse().expect("a solution grid");
        let digits =
            |cage: &Cage| -> DigitSet { cage.cells().iter().filter_map(|c| solution.get(c)).collect() };
        let all = cages.as_slice();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                let touching =
                    a.cells().iter().any(|cell| b.cells().iter().any(|other| is_beside(cell, other)));
                if !touching || digits(a).intersects(digits(b)) || a.size() + b.size() > 9 {
                    continue;
                }
                let mut merged: Vec<Cage> = all.iter().filter(|c| *c != a && *c != b).copied().collect();
                merged.push(Cage::new(a.cells() | b.cells(), a.sum() + b.sum()));
                let merged = Cages::new(merged).expect("a merge of touching cages is a layout");
                let count = count_killer_solutions(&givens, &merged, 2);
                match check_unique_killer(&givens, &merged) {
                    Uniqueness::Unique(found) => {
                        assert_eq!(found, solution, "{line}: merging {a} and {b}");
                        assert_eq!(count, 1);
                        unique += 1;
                    }
                    Uniqueness::Multiple => {
                        assert_eq!(count, 2);
                        multiple += 1;
                    }
                    Uniqueness::NoSolution => panic!("{line}: merging {a} and {b} lost the solution"),
                }
            }
        }
    }
    eprintln!("merged layouts: {unique} still unique, {multiple} with several solutions");
    assert!(multiple > 0, "some merge must lose uniqueness");
    assert!(unique > 0, "some merge keeps it");
}

fn is_beside(a: Cell, b: Cell) -> bool {
    a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) == 1
}
