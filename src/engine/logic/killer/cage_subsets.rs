//! Cage-House Subset: two or three cages lying in one house that can only hold, between them, as many
//! digits as they have open cells: those digits are theirs, and leave the rest of the house.

use std::ops::ControlFlow;

use crate::engine::killer::Cages;
use crate::engine::{Candidate, Candidates, CellSet, DigitSet, House};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique, digit_list, join_and};
use super::{CageState, cage_states};

/// Reports every Cage Subset step to `sink`.
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let states = cage_states(grid, cages);
    for &house in grid.houses() {
        // Cages inside the house that are not already locked on their own (Cage Pointing's case).
        let inside: Vec<&CageState<'_>> = (states.iter())
            .filter(|s| s.cage.cells().is_subset(grid.house_set(house)) && !s.fit.sets.is_empty())
            .filter(|s| s.fit.digits().len() > s.open.len())
            .collect();
        for (i, a) in inside.iter().enumerate() {
            for (j, b) in inside.iter().enumerate().skip(i + 1) {
                report(grid, house, &[a, b], sink)?;
                for c in inside.iter().skip(j + 1) {
                    report(grid, house, &[a, b, c], sink)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step of `group` in `house`, if its digits are as many as its open cells and it removes some.
fn report(grid: &Candidates, house: House, group: &[&CageState<'_>], sink: &mut Sink<'_>) -> ControlFlow<()> {
    let digits = group.iter().fold(DigitSet::EMPTY, |acc, s| acc | s.fit.digits());
    let cells = group.iter().fold(CellSet::EMPTY, |acc, s| acc | s.open_set());
    if digits.len() != cells.len() {
        return ControlFlow::Continue(());
    }
    let mut removed = Vec::new();
    for digit in digits {
        removed
            .extend((grid.house_cells_with(house, digit) - cells).iter().map(|c| Candidate::new(c, digit)));
    }
    if removed.is_empty() {
        return ControlFlow::Continue(());
    }
    let technique = Technique::CageHouseSubset;
    let names = join_and(group.iter().map(|s| s.cage.to_string()).collect());
    sink(
        Step::new(technique)
            .with_houses([house])
            .with_cells(cells)
            .with_cages(group.iter().map(|s| *s.cage))
            .with_eliminations(removed.iter().copied())
            .with_explanation(format!(
                "{technique}: {names} lie in {house} and can only hold {} between their {} open cells, so {}",
                digit_list(digits),
                cells.len(),
                grouped_removal_text(&removed)
            )),
    )
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, each, killer};
    use crate::engine::logic::{Technique, find_all};

    #[test]
    fn two_cages_share_four_digits_in_a_row() {
        // Row 1: cage 5 at r1c1-r1c2 (1+4 or 2+3) and cage 5 at r1c3-r1c4 hold 1, 2, 3 and 4
        // between their four cells: those leave r1c5 to r1c9.
        let grid = killer(vec![cage(&["r1c1", "r1c2"], 5), cage(&["r1c3", "r1c4"], 5)], &[]);
        let found = find_all(Technique::CageHouseSubset, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, each("1234", &["r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]));
        assert_eq!(
            found[0].explanation,
            "Cage-House Subset: cage 5 at r1c1-r1c2 and cage 5 at r1c3-r1c4 lie in row 1 and can only hold 1, 2, 3 \
             and 4 between their 4 open cells, so 1, 2, 3 and 4 are removed from r1c5, r1c6, r1c7, r1c8 and r1c9"
        );
    }

    #[test]
    fn no_subset_when_the_cages_hold_more_digits() {
        let grid = killer(vec![cage(&["r1c1", "r1c2"], 5), cage(&["r1c3", "r1c4"], 7)], &[]);
        assert!(find_all(Technique::CageHouseSubset, &grid).is_empty());
    }
}
