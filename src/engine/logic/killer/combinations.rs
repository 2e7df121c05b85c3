//! Cage Combinations: the digit sets a cage can still hold on its cells.
//!
//! A cage of n open cells must hold n distinct digits adding up to its sum less its placed digits.
//! Of those sets, only the ones that can be placed (each digit on a different open cell that still
//! allows it) remain; a candidate no remaining placement uses goes. The test is exact for the
//! cage, so it also covers naked and hidden subsets inside a cage and the smallest and largest sums
//! its cells can reach.

use std::ops::ControlFlow;

use crate::engine::Candidates;
use crate::engine::killer::Cages;

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique, cell_list};
use super::{cage_states, sums::sets_text};

/// Reports the combination step of every cage that has one.
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for state in cage_states(grid, cages) {
        if state.open.len() < 2 || state.fit.sets.is_empty() {
            continue;
        }
        let removed = state.unusable(grid);
        if removed.is_empty() {
            continue;
        }
        let cage = state.cage;
        let holds = if state.placed.is_empty() {
            format!("{cage} can only hold {} on its cells", sets_text(&state.fit.sets))
        } else {
            format!(
                "the open cells {} of {cage} must add up to {}: only {} fit",
                cell_list(state.open.iter().copied()),
                state.rest,
                sets_text(&state.fit.sets)
            )
        };
        let technique = Technique::CageCombinations;
        sink(
            Step::new(technique)
                .with_cells(state.open.iter().copied())
                .with_cages([*cage])
                .with_eliminations(removed.iter().copied())
                .with_explanation(format!("{technique}: {holds}, so {}", grouped_removal_text(&removed))),
        )?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, cell, each, killer};
    use crate::engine::Digit;
    use crate::engine::logic::{Technique, find_all};

    #[test]
    fn digits_of_no_combination_go() {
        // 10 in two cells and 23 in three: 5 is never in the pair; 689 is the only triple.
        let grid = killer(vec![cage(&["r1c1", "r1c2"], 10), cage(&["r5c5", "r5c6", "r5c7"], 23)], &[]);
        let found = find_all(Technique::CageCombinations, &grid);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].eliminations, each("5", &["r1c1", "r1c2"]));
        assert_eq!(
            found[0].explanation,
            "Cage Combinations: cage 10 at r1c1-r1c2 can only hold 1+9, 2+8, 3+7 or 4+6 on its cells, so 5 is \
             removed from r1c1 and r1c2"
        );
        assert_eq!(found[1].eliminations, each("123457", &["r5c5", "r5c6", "r5c7"]));
        assert_eq!(found[1].cages, [cage(&["r5c5", "r5c6", "r5c7"], 23)]);
    }

    #[test]
    fn a_combination_must_fit_on_the_cells() {
        // 10 in two cells where r1c1 lacks 1, 9, 4 and 6: only 2+8 and 3+7 can be placed.
        let grid = killer(vec![cage(&["r1c1", "r1c2"], 10)], &[("r1c1", "23578")]);
        let found = find_all(Technique::CageCombinations, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        let mut expected = each("5", &["r1c1"]);
        expected.extend(each("14569", &["r1c2"]));
        expected.sort();
        assert_eq!(found[0].eliminations, expected);
        assert!(found[0].explanation.contains("can only hold 2+8 or 3+7"), "{}", found[0].explanation);
    }

    #[test]
    fn placed_digits_count() {
        // 15 in three cells with 9 placed: the other two make 6 without 9 (1+5, 2+4).
        let mut grid = killer(vec![cage(&["r1c1", "r1c2", "r1c3"], 15)], &[]);
        grid.place(cell("r1c1"), Digit::new(9).expect("a digit"));
        let found = find_all(Technique::CageCombinations, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, each("3678", &["r1c2", "r1c3"]));
        assert_eq!(
            found[0].explanation,
            "Cage Combinations: the open cells r1c2 and r1c3 of cage 15 at r1c1-r1c2-r1c3 must add up to 6: only \
             1+5 or 2+4 fit, so 3, 6, 7 and 8 are removed from r1c2 and r1c3"
        );
    }

    #[test]
    fn a_hidden_pair_inside_a_cage() {
        // 12 in four cells is 1+2+3+6 or 1+2+4+5: both hold 1 and 2, which only r1c1 and r1c2
        // allow, so those two cells keep only 1 and 2.
        let cells = ["r1c1", "r1c2", "r1c3", "r1c4"];
        let grid = killer(
            vec![cage(&cells, 12)],
            &[("r1c1", "1245"), ("r1c2", "1236"), ("r1c3", "3456"), ("r1c4", "3456")],
        );
        let found = find_all(Technique::CageCombinations, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        let mut expected = each("45", &["r1c1"]);
        expected.extend(each("36", &["r1c2"]));
        expected.sort();
        assert_eq!(found[0].eliminations, expected);
    }
}
