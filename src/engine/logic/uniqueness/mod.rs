//! The uniqueness techniques: deductions from the fact that a proper puzzle has exactly one solution.
//!
//! Four non-given cells in two rows, two columns and two boxes can never end up holding only two
//! digits: those could be swapped, giving a second solution (a *deadly pattern*). The Uniqueness
//! Tests (types 1 to 6) and the Hidden Rectangle read this on four unsolved cells, the Avoidable
//! Rectangles on cells already solved (but not given); BUG+1 applies the same idea to the whole grid.
//! Definitions follow HoDoKu's, including rectangles whose corners lost a digit of the pair to an
//! earlier step (but not to a given).
//!
//! # On a killer
//!
//! Let the solution hold a deadly pattern: digit `x` in two diagonal corners, `y` in the other two.
//! Swapping `x` and `y` in the four corners keeps the rows, columns and boxes (each holds one corner
//! of each diagonal) and the givens (no corner is one). A cage's sum changes by `(y - x)` times the
//! difference between its `x`-corners and its `y`-corners, so it is kept only when the cage holds
//! as many corners of one diagonal as of the other. The rectangle techniques fire on a killer only
//! when **every cage holds no corner, or exactly two corners that share a row or a column** (corners
//! in no cage are free). That is sufficient: such a cage holds one `x`-corner and one `y`-corner, the
//! swap exchanges their digits, so the cage keeps the same digits, hence its sum and its rule that no
//! digit repeats; the swapped grid is a second solution, and the rectangle is deadly as in classic.
//! Every other case is left out: a cage with one or three corners changes its sum, so the swapped
//! grid is no solution and nothing may be deduced; a cage holding two diagonal corners (or all four)
//! would repeat a digit, so the pattern cannot occur at all: not a deadly pattern, and the cage
//! techniques read that cage themselves. The rectangles are filtered where they are found
//! (`rectangle`), once for every Uniqueness Test, the Hidden Rectangle and both Avoidable Rectangles
//! (on a killer every cell is non-given unless the puzzle has givens), and their explanations say
//! which corners share which cage. Classic positions are untouched. As in classic, the deductions
//! hold only for a puzzle with one solution: a proof of uniqueness made by solving with logic (as the
//! killer generator's) must leave these techniques out.
//!
//! BUG+1 stays off on killers. Its argument is not a swap of two digits: in a BUG every unsolved cell
//! has two candidates and every digit two places in each house, so from any solution, every unsolved
//! cell taking its other candidate gives another. That changes every unsolved cell, and nothing makes
//! the cages keep their sums: on a killer a BUG may have exactly one solution.

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
    match technique {
        UniquenessTest1 | UniquenessTest2 | UniquenessTest3 | UniquenessTest4 | UniquenessTest5
        | UniquenessTest6 => unique::find(technique, grid, sink),
        HiddenRectangle => hidden::find(grid, sink),
        AvoidableRectangle1 | AvoidableRectangle2 => avoidable::find(technique, grid, sink),
        BugPlusOne if grid.cages().is_none() => bug::find(grid, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// Whether the uniqueness technique `technique` holds on the non-classic `layout`. The rectangles
/// are found among the boxes, so they need a layout with boxes (Sudoku X); there the rectangles
/// with a corner on a diagonal are left out where they are found (`rectangle`), since swapping
/// their digits would break the diagonal. The rest of their argument reads rows, columns and boxes,
/// which an X keeps. BUG+1 checks that every digit has two places in each classic house, not in the
/// diagonals, so it stays off beyond the classic layout; so does everything on a jigsaw, whose
/// regions are not the boxes the rectangles are built in.
pub(super) fn holds_on(technique: Technique, layout: &crate::engine::Layout) -> bool {
    technique != Technique::BugPlusOne && layout.has_boxes()
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
    use super::super::killer::fixtures::{cage, killer};
    use super::super::test_support::{assert_every_instance_sound, cands, cells_keeping, position};
    use super::super::{Technique, find_all};
    use crate::engine::House;

    /// Every instance (not only the first) found along the logical paths of hard puzzles keeps the
    /// solution: digits placed by steps are not givens, so Avoidable Rectangles get exercised too.
    #[test]
    fn every_instance_along_hard_paths_is_sound() {
        let found = assert_every_instance_sound(&["tdoku/top1465.txt"], 60, &Technique::UNIQUENESS);
        let silent: Vec<Technique> =
            Technique::UNIQUENESS.iter().zip(found).filter(|&(_, n)| n == 0).map(|(&t, _)| t).collect();
        // Type 5 and BUG+1 are rare; every other technique must have been exercised.
        let rare = [Technique::UniquenessTest5, Technique::BugPlusOne];
        assert!(silent.iter().all(|t| rare.contains(t)), "never fired on these paths: {silent:?}");
    }

    /// The corners of the killer tests: 1/2 in r1c1, r1c4 and r2c1, with an extra 3 in r2c4.
    const CORNERS: [(&str, &str); 4] = [("r1c1", "12"), ("r1c4", "12"), ("r2c1", "12"), ("r2c4", "123")];

    #[test]
    fn on_a_killer_a_rectangle_whose_cages_keep_their_sums_is_deadly() {
        // r1c1 and r2c1 make cage 3, r1c4 and r2c4 lie in cage 6 with r3c4: swapping 1 and 2 keeps both.
        let cages = vec![cage(&["r1c1", "r2c1"], 3), cage(&["r1c4", "r2c4", "r3c4"], 6)];
        let grid = killer(cages, &CORNERS);
        let steps = find_all(Technique::UniquenessTest1, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, cands("124 224"));
        assert_eq!(
            steps[0].explanation,
            "Uniqueness Test 1: r1c1, r1c4, r2c1 and r2c4 would form a deadly rectangle on 1 and 2 (two \
             solutions: r1c1 and r2c1 share cage 3 and r1c4 and r2c4 share cage 6, so swapping 1 and 2 \
             keeps every cage sum) unless r2c4 takes another digit, so 1 and 2 are removed from r2c4"
        );
    }

    #[test]
    fn on_a_killer_a_rectangle_is_not_deadly_when_a_cage_would_change_its_sum() {
        // The same corners, deadly under the classic rules; but r1c1 is the only corner of its cage
        // (with r1c2), whose sum a swap would change.
        let classic = cells_keeping(&CORNERS);
        assert_eq!(find_all(Technique::UniquenessTest1, &classic).len(), 1);
        let alone = vec![cage(&["r1c1", "r1c2"], 10), cage(&["r1c4", "r2c4", "r3c4"], 6)];
        // r1c1 and r2c4 are diagonal (both would hold the same digit), in one cage along row 1.
        let diagonal = vec![cage(&["r1c1", "r1c2", "r1c3", "r1c4", "r2c4"], 20), cage(&["r2c1", "r3c1"], 5)];
        // All four corners in one cage: the pattern would repeat a digit in it.
        let four = vec![cage(&["r1c1", "r1c2", "r1c3", "r1c4", "r2c4", "r2c3", "r2c2", "r2c1"], 40)];
        for cages in [alone, diagonal, four] {
            let grid = killer(cages, &CORNERS);
            for technique in Technique::UNIQUENESS {
                assert!(find_all(technique, &grid).is_empty(), "{technique}");
            }
        }
    }

    #[test]
    fn on_a_killer_an_avoidable_rectangle_needs_the_cages_to_keep_their_sums() {
        // r1c1 = 1, r1c4 = 2 and r2c1 = 2 were placed (a killer has no givens): r2c4 cannot be 1.
        let place = |grid: &mut crate::engine::Candidates, name: &str, digit: u8| {
            let digit = crate::engine::Digit::new(digit).expect("a digit");
            grid.place(name.parse().expect("a cell"), digit);
        };
        let kept = [("r2c4", "13")];
        let keeping = vec![cage(&["r1c1", "r2c1"], 3), cage(&["r1c4", "r2c4", "r3c4"], 6)];
        let breaking = vec![cage(&["r1c1", "r1c2"], 10), cage(&["r1c4", "r2c4", "r3c4"], 6)];
        let mut found = Vec::new();
        for cages in [keeping, breaking] {
            let mut grid = killer(cages, &kept);
            place(&mut grid, "r1c1", 1);
            place(&mut grid, "r1c4", 2);
            place(&mut grid, "r2c1", 2);
            found.push(find_all(Technique::AvoidableRectangle1, &grid));
        }
        assert_eq!(found[0].len(), 1, "{:?}", found[0]);
        assert_eq!(found[0][0].eliminations, cands("124"));
        assert!(found[0][0].explanation.contains(
            "would allow swapping them (two solutions: r1c1 and r2c1 share cage 3 and r1c4 and r2c4 share \
             cage 6, so swapping 1 and 2 keeps every cage sum), so 1 is removed from r2c4"
        ));
        assert!(found[1].is_empty(), "{:?}", found[1]);
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
