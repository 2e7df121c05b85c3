//! Cage Comparison: a combination of one cage that would leave a cage it sees with no combination.
//!
//! Take a cage A and one of its remaining combinations S (the digits its open cells would hold).
//! Every digit of S then lands on one of A's open cells, so a cell that sees every open cell of A
//! can take no digit of S. Take another cage B with at least one such open cell: with those cells
//! stripped of S, B must still have a combination that fits on its open cells. When it has none,
//! S is not A's combination. What only the combinations removed this way put on a cell of A (a
//! candidate some placement of them uses and no placement of A's other combinations does) leaves
//! that cell.
//!
//! The usual case is two cages in one house (every cell of the one sees every cell of the other):
//! beside a cage 11 that can only be 2+9, a cage 10 holding 1+9 or 2+8 would leave it nothing, so
//! the cage 10 is 3+7 or 4+6.

use std::ops::ControlFlow;

use crate::engine::killer::Cages;
use crate::engine::{Candidate, Candidates, Cell, CellSet, DigitSet};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique, cell_list};
use super::sums::{fit_distinct, sets_text};
use super::{CageState, cage_states};

/// Reports every Cage Comparison step to `sink`: one per pair of cages (the one whose combinations
/// go, the one they would leave empty) that removes a candidate.
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let states = cage_states(grid, cages);
    for a in states.iter().filter(|s| s.fit.sets.len() > 1) {
        let seers = a.open.iter().fold(CellSet::ALL, |acc, &c| acc & grid.peers(c));
        for b in &states {
            if std::ptr::eq(a, b) || b.fit.sets.is_empty() || !b.open.iter().any(|&c| seers.contains(c)) {
                continue;
            }
            report(grid, a, b, seers, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// The step of cage `a` against cage `b`, whose cells in `seers` see every open cell of `a`.
fn report(
    grid: &Candidates,
    a: &CageState<'_>,
    b: &CageState<'_>,
    seers: CellSet,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let (killed, kept): (Vec<DigitSet>, Vec<DigitSet>) =
        a.fit.sets.iter().copied().partition(|&set| leaves_nothing(grid, b, seers, set));
    if killed.is_empty() || kept.is_empty() {
        // Nothing to remove, or a broken grid (no combination of `a` left at all).
        return ControlFlow::Continue(());
    }
    let usable = usable_with(grid, a, &kept);
    let mut removed = Vec::new();
    for ((&cell, &before), &after) in a.open.iter().zip(&a.fit.usable).zip(&usable) {
        removed.extend((grid.candidates(cell) & (before - after)).iter().map(|d| Candidate::new(cell, d)));
    }
    if removed.is_empty() {
        return ControlFlow::Continue(());
    }
    removed.sort();
    let technique = Technique::CageComparison;
    let seeing: Vec<Cell> = b.open.iter().copied().filter(|&c| seers.contains(c)).collect();
    let all_seen = seeing.len() == b.open.len();
    let which = if all_seen {
        format!("every open cell of {} sees every open cell of {}", b.cage, a.cage)
    } else {
        let verb = if seeing.len() == 1 { "sees" } else { "see" };
        format!("{} of {} {verb} every open cell of {}", cell_list(seeing.iter().copied()), b.cage, a.cage)
    };
    let explanation = format!(
        "{technique}: {which}; with {} in {}, {} would have no combination left that fits on its cells, \
         so {} holds {}: {}",
        sets_text(&killed),
        a.cage,
        b.cage,
        a.cage,
        sets_text(&kept),
        grouped_removal_text(&removed)
    );
    sink(
        Step::new(technique)
            .with_cells(a.open.iter().copied())
            .with_cages([*a.cage, *b.cage])
            .with_eliminations(removed)
            .with_explanation(explanation),
    )
}

/// Whether cage `b` has no combination left when the cells of it in `seers` cannot take `set`.
fn leaves_nothing(grid: &Candidates, b: &CageState<'_>, seers: CellSet, set: DigitSet) -> bool {
    let cands: Vec<DigitSet> = (b.open.iter())
        .map(|&c| if seers.contains(c) { grid.candidates(c) - set } else { grid.candidates(c) })
        .collect();
    fit_distinct(&cands, b.rest, b.placed, DigitSet::EMPTY).sets.is_empty()
}

/// Per open cell of `a`, the digits some placement of one of `sets` uses.
fn usable_with(grid: &Candidates, a: &CageState<'_>, sets: &[DigitSet]) -> Vec<DigitSet> {
    let mut usable = vec![DigitSet::EMPTY; a.open.len()];
    for &set in sets {
        let cands: Vec<DigitSet> = a.open.iter().map(|&c| grid.candidates(c) & set).collect();
        let fit = fit_distinct(&cands, a.rest, a.placed, set);
        for (slot, digits) in usable.iter_mut().zip(&fit.usable) {
            *slot |= *digits;
        }
    }
    usable
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, each, killer};
    use crate::engine::logic::{Technique, find_all};

    #[test]
    fn a_combination_that_empties_a_cage_in_the_same_row_goes() {
        // Row 1: cage 10 at r1c1-r1c2 (1+9, 2+8, 3+7 or 4+6) and cage 11 at r1c3-r1c4, whose cells
        // keep only 2, 3, 8 and 9: it is 2+9 or 3+8. 1+9 in the cage 10 leaves it 3+8, 3+7 leaves
        // 2+9, 4+6 leaves both, but 2+8 leaves neither.
        let a = ["r1c1", "r1c2"];
        let grid = killer(
            vec![cage(&a, 10), cage(&["r1c3", "r1c4"], 11)],
            &[("r1c1", "1234678"), ("r1c2", "1234689"), ("r1c3", "2389"), ("r1c4", "2389")],
        );
        let found = find_all(Technique::CageComparison, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        // 2+8 goes; 8 is only in 2+8 and 2 only in 2+8: both leave r1c1 and r1c2.
        assert_eq!(found[0].eliminations, each("28", &a));
        assert_eq!(
            found[0].explanation,
            "Cage Comparison: every open cell of cage 11 at r1c3-r1c4 sees every open cell of cage 10 at \
             r1c1-r1c2; with 2+8 in cage 10 at r1c1-r1c2, cage 11 at r1c3-r1c4 would have no combination left \
             that fits on its cells, so cage 10 at r1c1-r1c2 holds 1+9, 3+7 or 4+6: 2 and 8 are removed from \
             r1c1 and r1c2"
        );
        assert_eq!(found[0].cages, [cage(&a, 10), cage(&["r1c3", "r1c4"], 11)]);
    }

    #[test]
    fn only_the_cells_that_see_the_whole_cage_are_stripped() {
        // Cage 5 at r1c1-r1c2 (1+4 or 2+3) and cage 7 at r2c1-r3c1 whose r2c1 keeps 1, 2 and r3c1
        // keeps 5, 6: 2+5 or 1+6. Both cells see both cells of the cage 5 (box 1): with 1+4, r2c1
        // must be 2 (2+5 stays); with 2+3, r2c1 is 1 (1+6 stays). Nothing goes.
        let grid = killer(
            vec![cage(&["r1c1", "r1c2"], 5), cage(&["r2c1", "r3c1"], 7)],
            &[("r2c1", "12"), ("r3c1", "56")],
        );
        assert!(find_all(Technique::CageComparison, &grid).is_empty());
        // With r3c1 keeping only 5, the cage 7 is 2+5: 2+3 in the cage 5 takes r2c1's 2 and
        // leaves it nothing, so the cage 5 is 1+4: 2 and 3 leave r1c1 and r1c2.
        let grid = killer(
            vec![cage(&["r1c1", "r1c2"], 5), cage(&["r2c1", "r3c1"], 7)],
            &[("r2c1", "12"), ("r3c1", "5")],
        );
        let found = find_all(Technique::CageComparison, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, each("23", &["r1c1", "r1c2"]));
    }

    #[test]
    fn a_cage_seen_only_in_part() {
        // Cage 5 at r1c1-r1c2 (1+4 or 2+3) and cage 9 at r1c5-r2c5 whose cells keep 1, 2, 3, 4 and
        // 7, 8 in r2c5: r1c5 sees the cage 5, r2c5 does not. 9 is 1+8 or 2+7 (r1c5 must take 1 or
        // 2): 1+4 leaves 2+7, 2+3 leaves 1+8; nothing goes.
        let b = ["r1c5", "r2c5"];
        let grid = killer(vec![cage(&["r1c1", "r1c2"], 5), cage(&b, 9)], &[("r1c5", "1234"), ("r2c5", "78")]);
        assert!(find_all(Technique::CageComparison, &grid).is_empty());
        // With r2c5 only 8, 9 is 1+8: 1+4 in the cage 5 takes r1c5's 1, so the cage 5 is 2+3.
        let grid = killer(vec![cage(&["r1c1", "r1c2"], 5), cage(&b, 9)], &[("r1c5", "1234"), ("r2c5", "8")]);
        let found = find_all(Technique::CageComparison, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, each("14", &["r1c1", "r1c2"]));
        assert_eq!(
            found[0].explanation,
            "Cage Comparison: r1c5 of cage 9 at r1c5-r2c5 sees every open cell of cage 5 at r1c1-r1c2; with 1+4 in \
             cage 5 at r1c1-r1c2, cage 9 at r1c5-r2c5 would have no combination left that fits on its cells, so \
             cage 5 at r1c1-r1c2 holds 2+3: 1 and 4 are removed from r1c1 and r1c2"
        );
    }
}
