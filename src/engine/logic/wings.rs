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
//! Each finder reports its wings in the order HoDoKu's search meets them (see each), since the hint
//! policy takes the first, as HoDoKu does. This module only reads the candidate grid; it never
//! changes it.

use std::ops::ControlFlow;

use super::single_digit::ConjugatePair;
use super::step::candidates_in;
use super::{Candidates, Sink, Step, Technique, removal_text};
use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet};

/// Reports every instance of `technique` in `grid` to `sink`, in HoDoKu's order.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut found: Vec<(Vec<usize>, Step)> = Vec::new();
    let mut keep = |order: Vec<usize>, step: Step| found.push((order, step));
    match technique {
        Technique::XyWing => xy_wings(grid, &mut keep),
        Technique::XyzWing => xyz_wings(grid, &mut keep),
        Technique::WWing => w_wings(grid, &mut keep),
        _ => {}
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    for (_, step) in found {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// Receives each wing found with its place in HoDoKu's search order (compared as a list).
type Keep<'a> = dyn FnMut(Vec<usize>, Step) + 'a;

/// The candidates of `digit` among `cells`, as eliminations.
fn candidates_of(grid: &Candidates, digit: Digit, cells: CellSet) -> Vec<Candidate> {
    candidates_in(cells & grid.cells_with(digit), digit)
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

/// An XY-Wing or XYZ-Wing: a `pivot` seeing two bivalue `pincers` (the pincer holding the pivot's
/// smaller digit first, for an XY-Wing), which share the digit `z`; `z` goes from `removed`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wing {
    /// The pivot: two candidates (XY-Wing) or three (XYZ-Wing).
    pub(crate) pivot: Cell,
    /// The two pincers.
    pub(crate) pincers: [Cell; 2],
    /// The digit the pincers share.
    pub(crate) z: Digit,
    /// The cells `z` goes from (never empty): those seeing both pincers (and the pivot, for an
    /// XYZ-Wing).
    pub(crate) removed: CellSet,
}

/// Every XY-Wing that removes something, each once: bivalue pivots in cell order, the first pincer
/// (holding the pivot's smaller digit) and then the second in cell order.
pub(crate) fn xy_wing_patterns(grid: &Candidates, mut visit: impl FnMut(Wing)) {
    let bivalue = grid.bivalue_cells();
    for pivot in bivalue {
        let pivot_digits = grid.candidates(pivot);
        let Some((x, y)) = two_digits(pivot_digits) else { continue };
        let pincers = bivalue & grid.peers(pivot);
        for first in
            pincers.iter().filter(|&c| grid.candidates(c).contains(x) && !grid.candidates(c).contains(y))
        {
            let Some(z) = (grid.candidates(first) - pivot_digits).single() else { continue };
            let second_digits = DigitSet::from_digit(y) | DigitSet::from_digit(z);
            for second in pincers.iter().filter(|&c| grid.candidates(c) == second_digits) {
                let removed = grid.peers(first) & grid.peers(second) & grid.cells_with(z);
                if !removed.is_empty() {
                    visit(Wing { pivot, pincers: [first, second], z, removed });
                }
            }
        }
    }
}

/// XY-Wings. HoDoKu tries every three bivalue cells in cell order, each as pivot in turn: the
/// first, then the second, then the third.
fn xy_wings(grid: &Candidates, keep: &mut Keep<'_>) {
    xy_wing_patterns(grid, |wing| {
        let Wing { pivot, pincers: [first, second], z, removed } = wing;
        let reason = format!("whatever the pivot is, one pincer is {z}");
        let mut cells = [pivot.index(), first.index(), second.index()];
        cells.sort_unstable();
        let pivot_place = cells.iter().position(|&c| c == pivot.index()).unwrap_or(0);
        let order = vec![cells[0], cells[1], cells[2], pivot_place];
        let eliminations = candidates_in(removed, z);
        keep(order, wing_step(Technique::XyWing, grid, [pivot, first, second], &reason, eliminations));
    });
}

/// Every XYZ-Wing that removes something, each once: trivalue pivots in cell order, with every two
/// bivalue pincers (holding two of its digits) in cell order.
pub(crate) fn xyz_wing_patterns(grid: &Candidates, mut visit: impl FnMut(Wing)) {
    let bivalue = grid.bivalue_cells();
    for pivot in grid.unsolved().iter().filter(|&c| grid.candidates(c).len() == 3) {
        let pivot_digits = grid.candidates(pivot);
        let pincers: Vec<Cell> = (bivalue & grid.peers(pivot))
            .iter()
            .filter(|&c| grid.candidates(c).is_subset(pivot_digits))
            .collect();
        for (i, &first) in pincers.iter().enumerate() {
            for &second in &pincers[i + 1..] {
                let shared = grid.candidates(first) & grid.candidates(second);
                let Some(z) = shared.single() else { continue };
                let removed = grid.peers(pivot) & grid.peers(first) & grid.peers(second) & grid.cells_with(z);
                if !removed.is_empty() {
                    visit(Wing { pivot, pincers: [first, second], z, removed });
                }
            }
        }
    }
}

/// XYZ-Wings. HoDoKu tries each trivalue pivot in cell order, with every two bivalue pincers in
/// cell order.
fn xyz_wings(grid: &Candidates, keep: &mut Keep<'_>) {
    xyz_wing_patterns(grid, |wing| {
        let Wing { pivot, pincers: [first, second], z, removed } = wing;
        let reason = format!("one of the three is {z}");
        let (a, b) = (first.index().min(second.index()), first.index().max(second.index()));
        let eliminations = candidates_in(removed, z);
        let step = wing_step(Technique::XyzWing, grid, [pivot, first, second], &reason, eliminations);
        keep(vec![pivot.index(), a, b], step);
    });
}

/// The step of an XY- or XYZ-Wing on `pivot, first pincer, second pincer`:
/// `<technique>: pivot r5c5 (3,7) with pincers r5c1 (3,9) and r2c5 (7,9): <reason>, so <removal>`.
fn wing_step(
    technique: Technique,
    grid: &Candidates,
    cells: [Cell; 3],
    reason: &str,
    eliminations: Vec<Candidate>,
) -> Step {
    let [pivot, first, second] = cells;
    let explanation = format!(
        "{technique}: pivot {} with pincers {} and {}: {reason}, so {}",
        with_candidates(grid, pivot),
        with_candidates(grid, first),
        with_candidates(grid, second),
        removal_text(&eliminations)
    );
    Step::new(technique)
        .with_cells(cells)
        .with_drivers(all_candidates(grid, &cells))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}

/// W-Wings. HoDoKu tries every two bivalue cells with the same digits in cell order, first
/// removing the smaller digit (joined by the larger), then the larger; the conjugate pair in
/// house order (rows, columns, boxes).
fn w_wings(grid: &Candidates, keep: &mut Keep<'_>) {
    let bivalue: Vec<Cell> = grid.bivalue_cells().iter().collect();
    let mut pairs_by_digit: [Option<Vec<ConjugatePair>>; 9] = Default::default();
    for (i, &first) in bivalue.iter().enumerate() {
        let digits = grid.candidates(first);
        let Some((x, y)) = two_digits(digits) else { continue };
        for &second in &bivalue[i + 1..] {
            if grid.candidates(second) != digits || grid.layout().sees(first, second) {
                continue;
            }
            let both = grid.peers(first) & grid.peers(second);
            for (linked, removed) in [(x, y), (y, x)] {
                let eliminations = candidates_of(grid, removed, both);
                if eliminations.is_empty() {
                    continue;
                }
                let pairs =
                    pairs_by_digit[linked.index()].get_or_insert_with(|| ConjugatePair::all(grid, linked));
                for pair in pairs.iter() {
                    let Some([near_first, near_second]) = bridge(grid, pair, first, second) else { continue };
                    let explanation = format!(
                        "W-Wing: {first} and {second} hold only {x} and {y}, and {} holds {linked} only in \
                         {near_first} and {near_second}, which see one each; so {first} or {second} is {removed} \
                         and {}",
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
                    let order = vec![first.index(), second.index(), removed.index(), pair.house().index()];
                    keep(
                        order,
                        Step::new(Technique::WWing)
                            .with_houses([pair.house()])
                            .with_cells(chain)
                            .with_drivers(drivers)
                            .with_eliminations(eliminations.clone())
                            .with_explanation(explanation),
                    );
                }
            }
        }
    }
}

/// The ends of `pair` ordered so the first sees `first` and the second sees `second`, if the pair
/// bridges the two cells without touching them.
fn bridge(grid: &Candidates, pair: &ConjugatePair, first: Cell, second: Cell) -> Option<[Cell; 2]> {
    let [a, b] = pair.ends;
    let sees = |x: Cell, y: Cell| grid.layout().sees(x, y);
    if pair.cells().contains(first) || pair.cells().contains(second) {
        return None;
    }
    if sees(a, first) && sees(b, second) {
        Some([a, b])
    } else if sees(b, first) && sees(a, second) {
        Some([b, a])
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::find_all;
    use crate::engine::logic::test_support::{cands, cells_keeping, position};

    /// Removes `digit` from every cell of column `col` (zero-based) but those in `keep_rows`.
    fn restrict_column(grid: &mut Candidates, digit: u8, col: usize, keep_rows: &[usize]) {
        let digit = Digit::new(digit).expect("test digit");
        for row in (0..9).filter(|r| !keep_rows.contains(r)) {
            grid.eliminate(Cell::at(row, col), digit);
        }
    }

    fn library_step(technique: Technique, line: &str, expected: &str) -> Step {
        let expected = cands(expected);
        let found = find_all(technique, &position(line));
        found.iter().find(|s| s.eliminations == expected).cloned().unwrap_or_else(|| panic!("{found:?}"))
    }

    #[test]
    fn every_instance_is_sound_on_hard_puzzles() {
        let techniques = [Technique::WWing, Technique::XyWing, Technique::XyzWing];
        let sample = crate::engine::logic::single_digit::tests::SAMPLE;
        let seen = crate::engine::logic::test_support::assert_every_instance_sound(&sample, 120, &techniques);
        assert!(seen.iter().all(|&n| n > 0), "every technique is exercised: {seen:?}");
    }

    #[test]
    fn xy_wing_in_a_drawn_position() {
        let grid = cells_keeping(&[("r5c5", "37"), ("r5c1", "39"), ("r2c5", "79")]);
        let steps = find_all(Technique::XyWing, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, cands("921"));
        assert_eq!(
            steps[0].explanation,
            "XY-Wing: pivot r5c5 (3,7) with pincers r5c1 (3,9) and r2c5 (7,9): whatever the pivot is, one \
             pincer is 9, so 9 is removed from r2c1"
        );
        assert_eq!(steps[0].drivers.len(), 6);
    }

    #[test]
    fn xy_wing_needs_a_shared_third_digit() {
        let grid = cells_keeping(&[("r5c5", "37"), ("r5c1", "39"), ("r2c5", "78")]);
        assert!(find_all(Technique::XyWing, &grid).is_empty());
    }

    #[test]
    fn xy_wing_fires_with_the_library_eliminations() {
        let line = ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::";
        let step = library_step(Technique::XyWing, line, "942 943 954 955 956");
        assert!(step.explanation.starts_with("XY-Wing: pivot "), "{}", step.explanation);
    }

    #[test]
    fn xyz_wing_in_a_drawn_position() {
        let grid = cells_keeping(&[("r5c5", "379"), ("r5c1", "39"), ("r4c6", "79")]);
        let steps = find_all(Technique::XyzWing, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, cands("954 956"));
        assert_eq!(
            steps[0].explanation,
            "XYZ-Wing: pivot r5c5 (3,7,9) with pincers r4c6 (7,9) and r5c1 (3,9): one of the three is 9, so 9 is \
             removed from r5c4 and r5c6"
        );
    }

    #[test]
    fn xyz_wing_needs_pincers_within_the_pivot() {
        let grid = cells_keeping(&[("r5c5", "379"), ("r5c1", "39"), ("r4c6", "78")]);
        assert!(find_all(Technique::XyzWing, &grid).is_empty());
    }

    #[test]
    fn xyz_wing_fires_with_the_library_eliminations() {
        let line = ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+614.9+2+8..+1..835+4..+8...1+67::635 636::";
        library_step(Technique::XyzWing, line, "635 636");
    }

    #[test]
    fn w_wing_in_a_drawn_position() {
        // r1c1 and r9c9 hold 1 and 2; column 5 holds 1 only in r1c5 and r9c5, which see them.
        let mut grid = cells_keeping(&[("r1c1", "12"), ("r9c9", "12")]);
        restrict_column(&mut grid, 1, 4, &[0, 8]);
        let steps = find_all(Technique::WWing, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, cands("219 291"));
        assert_eq!(
            steps[0].explanation,
            "W-Wing: r1c1 and r9c9 hold only 1 and 2, and column 5 holds 1 only in r1c5 and r9c5, which see \
             one each; so r1c1 or r9c9 is 2 and 2 is removed from r1c9 and r9c1"
        );
        assert_eq!(steps[0].cells, [Cell::at(0, 0), Cell::at(0, 4), Cell::at(8, 4), Cell::at(8, 8)]);
    }

    #[test]
    fn w_wing_needs_a_strong_link() {
        let mut grid = cells_keeping(&[("r1c1", "12"), ("r9c9", "12")]);
        restrict_column(&mut grid, 1, 4, &[0, 4, 8]);
        assert!(find_all(Technique::WWing, &grid).is_empty());
    }

    #[test]
    fn w_wing_fires_with_the_library_eliminations() {
        let line = ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::";
        library_step(Technique::WWing, line, "417 427 437 489 499");
    }
}
