//! Wings: XY-Wing, XYZ-Wing and W-Wing, small patterns of bivalue (and trivalue) cells.
//!
//! - **XY-Wing**: a pivot with candidates `xy` sees two pincers `xz` and `yz`. Whatever the pivot
//!   holds, one pincer is `z`, so `z` leaves every cell that sees both pincers.
//! - **XYZ-Wing**: the pivot holds `xyz`; now the pivot itself may be `z` too, so `z` leaves every cell
//!   that sees the pivot and both pincers.
//! - **W-Wing**: two cells with the same two candidates `xy`, that do not see each other, are joined by
//!   a conjugate pair of `x` (each end sees one of them). One of the two cells must be `y`, so `y`
//!   leaves every cell that sees both.
//!
//! This module only reads the candidate grid; it never changes it.

use std::ops::ControlFlow;

use super::single_digit::ConjugatePair;
use super::{Candidates, Sink, Step, Technique, removal_text};
use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet};

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match technique {
        Technique::XyWing => xy_wings(grid, sink),
        Technique::XyzWing => xyz_wings(grid, sink),
        Technique::WWing => w_wings(grid, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The candidates of `digit` among `cells`, as eliminations.
fn candidates_of(grid: &Candidates, digit: Digit, cells: CellSet) -> Vec<Candidate> {
    (cells & grid.cells_with(digit)).iter().map(|c| Candidate::new(c, digit)).collect()
}

/// Every candidate of `cells`, cell by cell.
fn all_candidates(grid: &Candidates, cells: &[Cell]) -> Vec<Candidate> {
    cells.iter().flat_map(|&c| grid.candidates(c).iter().map(move |d| Candidate::new(c, d))).collect()
}

/// A cell written with its candidates: `r5c5 (3,7)`.
fn with_candidates(grid: &Candidates, cell: Cell) -> String {
    let digits: Vec<String> = grid.candidates(cell).iter().map(|d| d.to_string()).collect();
    format!("{cell} ({})", digits.join(","))
}

/// The two digits of a bivalue cell, smaller first.
fn two_digits(set: DigitSet) -> Option<(Digit, Digit)> {
    let mut digits = set.iter();
    match (digits.next(), digits.next(), digits.next()) {
        (Some(x), Some(y), None) => Some((x, y)),
        _ => None,
    }
}

fn xy_wings(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let bivalue = grid.bivalue_cells();
    for pivot in bivalue {
        let pivot_digits = grid.candidates(pivot);
        let Some((x, y)) = two_digits(pivot_digits) else { continue };
        let pincers = bivalue & pivot.peers();
        for first in
            pincers.iter().filter(|&c| grid.candidates(c).contains(x) && !grid.candidates(c).contains(y))
        {
            let Some(z) = (grid.candidates(first) - pivot_digits).single() else { continue };
            let second_digits = DigitSet::from_digit(y) | DigitSet::from_digit(z);
            for second in pincers.iter().filter(|&c| grid.candidates(c) == second_digits) {
                let eliminations = candidates_of(grid, z, first.peers() & second.peers());
                if eliminations.is_empty() {
                    continue;
                }
                let explanation = format!(
                    "XY-Wing: pivot {} with pincers {} and {}: {}",
                    with_candidates(grid, pivot),
                    with_candidates(grid, first),
                    with_candidates(grid, second),
                    removal_text(&eliminations)
                );
                let cells = [pivot, first, second];
                sink(
                    Step::new(Technique::XyWing)
                        .with_cells(cells)
                        .with_drivers(all_candidates(grid, &cells))
                        .with_eliminations(eliminations)
                        .with_explanation(explanation),
                )?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn xyz_wings(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let bivalue = grid.bivalue_cells();
    for pivot in grid.unsolved().iter().filter(|&c| grid.candidates(c).len() == 3) {
        let pivot_digits = grid.candidates(pivot);
        let pincers: Vec<Cell> = (bivalue & pivot.peers())
            .iter()
            .filter(|&c| grid.candidates(c).is_subset(pivot_digits))
            .collect();
        for (i, &first) in pincers.iter().enumerate() {
            for &second in &pincers[i + 1..] {
                let shared = grid.candidates(first) & grid.candidates(second);
                let Some(z) = shared.single() else { continue };
                let seeing_all = pivot.peers() & first.peers() & second.peers();
                let eliminations = candidates_of(grid, z, seeing_all);
                if eliminations.is_empty() {
                    continue;
                }
                let explanation = format!(
                    "XYZ-Wing: pivot {} with pincers {} and {}: one of them is {z}, so {}",
                    with_candidates(grid, pivot),
                    with_candidates(grid, first),
                    with_candidates(grid, second),
                    removal_text(&eliminations)
                );
                let cells = [pivot, first, second];
                sink(
                    Step::new(Technique::XyzWing)
                        .with_cells(cells)
                        .with_drivers(all_candidates(grid, &cells))
                        .with_eliminations(eliminations)
                        .with_explanation(explanation),
                )?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn w_wings(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let bivalue: Vec<Cell> = grid.bivalue_cells().iter().collect();
    let mut pairs_by_digit: [Option<Vec<ConjugatePair>>; 9] = Default::default();
    for (i, &first) in bivalue.iter().enumerate() {
        let digits = grid.candidates(first);
        let Some((x, y)) = two_digits(digits) else { continue };
        for &second in &bivalue[i + 1..] {
            if grid.candidates(second) != digits || first.sees(second) {
                continue;
            }
            let both = first.peers() & second.peers();
            for (linked, removed) in [(x, y), (y, x)] {
                let eliminations = candidates_of(grid, removed, both);
                if eliminations.is_empty() {
                    continue;
                }
                let pairs =
                    pairs_by_digit[linked.index()].get_or_insert_with(|| ConjugatePair::all(grid, linked));
                for pair in pairs.iter() {
                    let Some([near_first, near_second]) = bridge(pair, first, second) else { continue };
                    let explanation = format!(
                        "W-Wing: {first} and {second} both hold only {x} and {y}, and {} holds {linked} only in \
                         {near_first} and {near_second}, which see them; so one of them is {removed}: {}",
                        pair.house(),
                        removal_text(&eliminations)
                    );
                    let chain = [first, near_first, near_second, second];
                    let drivers = [
                        Candidate::new(first, removed),
                        Candidate::new(first, linked),
                        Candidate::new(near_first, linked),
                        Candidate::new(near_second, linked),
                        Candidate::new(second, linked),
                        Candidate::new(second, removed),
                    ];
                    sink(
                        Step::new(Technique::WWing)
                            .with_houses([pair.house()])
                            .with_cells(chain)
                            .with_drivers(drivers)
                            .with_eliminations(eliminations.clone())
                            .with_explanation(explanation),
                    )?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The ends of `pair` ordered so the first sees `first` and the second sees `second`, if the pair
/// bridges the two cells without touching them.
fn bridge(pair: &ConjugatePair, first: Cell, second: Cell) -> Option<[Cell; 2]> {
    let [a, b] = pair.ends;
    if pair.cells().contains(first) || pair.cells().contains(second) {
        return None;
    }
    if a.sees(first) && b.sees(second) {
        Some([a, b])
    } else if b.sees(first) && a.sees(second) {
        Some([b, a])
    } else {
        None
    }
}
