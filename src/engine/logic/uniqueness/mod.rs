//! The uniqueness techniques: deductions from the fact that a proper puzzle has exactly one solution.
//!
//! Four non-given cells in two rows, two columns and two boxes can never end up holding only two
//! digits: those could be swapped, giving a second solution (a *deadly pattern*). The Uniqueness
//! Tests (types 1 to 6) and the Hidden Rectangle read this on four unsolved cells, the Avoidable
//! Rectangles on cells already solved (but not given); BUG+1 applies the same idea to the whole grid.
//! Definitions follow HoDoKu's, including rectangles whose corners lost a digit of the pair to an
//! earlier step (but not to a given).
//!
//! On a killer grid the swap of two digits may break a cage sum, so a deadly pattern need not be
//! deadly there: these techniques do not run on killer positions at all.

mod avoidable;
mod bug;
mod hidden;
mod rectangle;
mod unique;

use std::ops::ControlFlow;

use crate::engine::{Candidate, Candidates, Cell, CellSet};

use super::{Sink, Technique, join_and, join_or};

/// Reports every instance of the uniqueness technique `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    use Technique::*;
    if grid.cages().is_some() {
        return ControlFlow::Continue(());
    }
    match technique {
        UniquenessTest1 | UniquenessTest2 | UniquenessTest3 | UniquenessTest4 | UniquenessTest5
        | UniquenessTest6 => unique::find(technique, grid, sink),
        HiddenRectangle => hidden::find(grid, sink),
        AvoidableRectangle1 | AvoidableRectangle2 => avoidable::find(technique, grid, sink),
        BugPlusOne => bug::find(grid, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// `4 and 9 are removed from r5c7` for eliminations all in `cell`.
fn cell_removal(cell: Cell, eliminations: &[Candidate]) -> String {
    let digits: Vec<String> = eliminations.iter().map(|e| e.digit.to_string()).collect();
    let verb = if digits.len() == 1 { "is" } else { "are" };
    format!("{} {verb} removed from {cell}", join_and(digits))
}

/// `r1c2 or r3c4`, `r1c2, r3c4 or r5c6`.
fn or_list(cells: CellSet) -> String {
    join_or(cells.iter().map(|c| c.to_string()).collect())
}

#[cfg(test)]
pub(super) mod test_util {
    //! Shared helpers for the uniqueness unit tests.

    use crate::engine::logic::{Step, Technique, find_all};
    use crate::engine::{Candidate, Candidates};

    pub use crate::engine::logic::test_support::cells_keeping;

    /// The eliminations of every step `technique` finds in `grid`.
    pub fn eliminations(technique: Technique, grid: &Candidates) -> Vec<Vec<Candidate>> {
        find_all(technique, grid).into_iter().map(|s: Step| s.eliminations).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{assert_every_instance_sound, cands, position};
    use super::super::{Technique, find_all};
    use crate::engine::House;

    const FAMILY: [Technique; 10] = [
        Technique::UniquenessTest1,
        Technique::UniquenessTest2,
        Technique::UniquenessTest3,
        Technique::UniquenessTest4,
        Technique::UniquenessTest5,
        Technique::UniquenessTest6,
        Technique::HiddenRectangle,
        Technique::AvoidableRectangle1,
        Technique::AvoidableRectangle2,
        Technique::BugPlusOne,
    ];

    /// Every instance (not only the first) found along the logical paths of hard puzzles keeps the
    /// solution: digits placed by steps are not givens, so Avoidable Rectangles get exercised too.
    #[test]
    fn every_instance_along_hard_paths_is_sound() {
        let found = assert_every_instance_sound(&["tdoku/top1465.txt"], 60, &FAMILY);
        let silent: Vec<Technique> =
            FAMILY.iter().zip(found).filter(|&(_, n)| n == 0).map(|(&t, _)| t).collect();
        // Type 5 and BUG+1 are rare; every other technique must have been exercised.
        let rare = [Technique::UniquenessTest5, Technique::BugPlusOne];
        assert!(silent.iter().all(|t| rare.contains(t)), "never fired on these paths: {silent:?}");
    }

    #[test]
    fn a_regression_case_finds_its_step_with_a_readable_explanation() {
        // HoDoKu's Uniqueness Test 1 example: 8/9 in r2c23 and r6c23, r2c2 keeps its 3.
        let grid = position(
            ":0600:89:+5.+2..896+71..7..+4+5+2.675..3+8+121+3+6+578+4+9+6+5489+1+2+737....4+6+15+8219...+34+3.+6....+9+8..+5.+8+3.26::822 922:",
        );
        let steps = find_all(Technique::UniquenessTest1, &grid);
        assert_eq!(steps.len(), 1);
        let step = &steps[0];
        assert_eq!(step.eliminations, cands("822 922"));
        assert_eq!(step.cells.len(), 4);
        assert_eq!(step.houses, vec![House::block(0), House::block(3)]);
        assert_eq!(step.summary(), "Uniqueness Test 1 in boxes 1 and 4");
        assert_eq!(
            step.explanation,
            "Uniqueness Test 1: r2c2, r2c3, r6c2 and r6c3 would form a deadly rectangle on 8 and 9 (two \
             solutions) unless r2c2 takes another digit, so 8 and 9 are removed from r2c2"
        );
    }
}
