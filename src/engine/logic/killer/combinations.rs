//! What the combinations of a cage allow on its cells.
//!
//! A cage of n open cells must hold n distinct digits adding up to its sum less its placed digits.
//! Of those sets, only the ones that can be placed (each digit on a different open cell that still
//! allows it) remain.
//!
//! - Cage Combinations: a digit in no remaining set leaves the cage.
//! - Subset in a Cage: a digit of some remaining set that no placement of a set puts on a given
//!   cell leaves that cell. This is the cage as a house for its digits: naked subsets (n cells with
//!   n digits between them), hidden subsets (digits every set needs, confined to as many cells) and
//!   the smallest and largest sums the other cells can reach, all in one exact test.

use std::ops::ControlFlow;

use crate::engine::killer::Cages;
use crate::engine::{Candidate, Candidates, DigitSet};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique, cell_list};
use super::cage_states;
use super::sums::{placement_reasons, sets_text};

/// Reports the `technique` step (Cage Combinations or Subset in a Cage) of every cage that has one.
pub(super) fn find(
    technique: Technique,
    grid: &Candidates,
    cages: &Cages,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for state in cage_states(grid, cages) {
        if state.open.len() < 2 || state.fit.sets.is_empty() {
            continue;
        }
        let union = state.fit.sets.iter().fold(DigitSet::EMPTY, |acc, &s| acc | s);
        let outside: Vec<Candidate> = (state.open.iter())
            .flat_map(|&c| (grid.candidates(c) - union).iter().map(move |d| Candidate::new(c, d)))
            .collect();
        let removed = match technique {
            Technique::CageCombinations => outside,
            _ => state.unusable(grid).into_iter().filter(|c| !outside.contains(c)).collect(),
        };
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
        let explanation = if technique == Technique::CageCombinations {
            format!("{technique}: {holds}, so {}", grouped_removal_text(&removed))
        } else {
            let reasons = placement_reasons(&state.open, &state.fit.sets, &removed);
            format!("{technique}: {holds}; {}: {}", reasons.join("; "), grouped_removal_text(&removed))
        };
        sink(
            Step::new(technique)
                .with_cells(state.open.iter().copied())
                .with_cages([*cage])
                .with_eliminations(removed.iter().copied())
                .with_explanation(explanation),
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
        assert_eq!(
            found[0].explanation,
            "Cage Combinations: cage 10 at r1c1-r1c2 can only hold 2+8 or 3+7 on its cells, so 1, 4, 6 and 9 are \
             removed from r1c2; 5 from r1c1 and r1c2"
        );
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
    fn a_hidden_pair_inside_a_cage_is_a_subset_in_the_cage() {
        // 12 in four cells is 1+2+3+6 or 1+2+4+5: both hold 1 and 2, which only r1c1 and r1c2
        // allow, so those two cells keep only 1 and 2.
        let cells = ["r1c1", "r1c2", "r1c3", "r1c4"];
        let grid = killer(
            vec![cage(&cells, 12)],
            &[("r1c1", "1245"), ("r1c2", "1236"), ("r1c3", "3456"), ("r1c4", "3456")],
        );
        assert!(find_all(Technique::CageCombinations, &grid).is_empty(), "every digit is in some set");
        let found = find_all(Technique::CageInnerSubset, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        let mut expected = each("45", &["r1c1"]);
        expected.extend(each("36", &["r1c2"]));
        expected.sort();
        assert_eq!(found[0].eliminations, expected);
        assert_eq!(
            found[0].explanation,
            "Subset in a Cage: cage 12 at r1c1-r1c2-r1c3-r1c4 can only hold 1+2+3+6 or 1+2+4+5 on its cells; \
             r1c1 cannot be 4 or 5, as r1c2, r1c3 and r1c4 cannot hold 1+2+5 (for 4) or 1+2+4 (for 5); r1c2 \
             cannot be 3 or 6, as r1c1, r1c3 and r1c4 cannot hold 1+2+6 (for 3) or 1+2+3 (for 6): 3 and 6 are \
             removed from r1c2; 4 and 5 from r1c1"
        );
    }

    #[test]
    fn a_pair_cage_says_which_partner_is_missing() {
        // 10 in two cells, r1c2 without 8 and 9: every set can still be placed, but r1c1 cannot be
        // 1 or 2, whose partners 9 and 8 r1c2 lacks.
        let grid = killer(vec![cage(&["r1c1", "r1c2"], 10)], &[("r1c2", "1234567")]);
        let found = find_all(Technique::CageInnerSubset, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, each("12", &["r1c1"]));
        assert_eq!(
            found[0].explanation,
            "Subset in a Cage: cage 10 at r1c1-r1c2 can only hold 1+9, 2+8, 3+7 or 4+6 on its cells; r1c2 \
             cannot be 9 or 8, so r1c1 cannot be 1 or 2: 1 and 2 are removed from r1c1"
        );
    }
}
