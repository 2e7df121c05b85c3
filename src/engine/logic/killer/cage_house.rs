//! A cage and a house that share cells, both ways.
//!
//! - Cage Pointing: a digit in every combination left for a cage is in the cage; when the cage cells
//!   that allow it all see some other cells (they lie in one house, typically), it leaves those.
//! - Cage Claiming: when a house can hold a digit only in cells of one cage, the cage holds the
//!   digit there: its combinations without the digit go, and so does the digit from the cage's
//!   cells outside the house.

use std::ops::ControlFlow;

use crate::engine::killer::Cages;
use crate::engine::{Candidate, Candidates, CellSet, Digit, DigitSet, House};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique, cell_list, join_or};
use super::{cage_state, cage_states, sums, unusable};

/// Reports every instance of `technique` (Cage Pointing or Cage Claiming) to `sink`.
pub(super) fn find(
    technique: Technique,
    grid: &Candidates,
    cages: &Cages,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::CagePointing => pointing(grid, cages, sink),
        Technique::CageClaiming => claiming(grid, cages, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// Each compulsory digit of each cage, removed from the cells that see all its places in the cage.
fn pointing(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for state in cage_states(grid, cages) {
        let cage = state.cage;
        for digit in state.fit.compulsory() {
            let places: CellSet = (state.open.iter().zip(&state.fit.usable))
                .filter(|(_, usable)| usable.contains(digit))
                .map(|(&cell, _)| cell)
                .collect();
            if places.is_empty() {
                continue;
            }
            let removed = grid.layout().common_peers(places) & (grid.cells_with(digit) - cage.cells());
            if removed.is_empty() {
                continue;
            }
            let houses: Vec<House> = grid.layout().common_houses(places).collect();
            let (where_, seeing) = match houses.first() {
                Some(house) => (format!(" (all in {house})"), ""),
                None if removed.len() == 1 => (String::new(), ", which sees all of them"),
                None => (String::new(), ", which see all of them"),
            };
            let combos = if state.fit.sets.len() == 1 {
                format!(
                    "the only combination left for {cage} ({}) holds {digit}",
                    sums::sets_text(&state.fit.sets)
                )
            } else {
                format!(
                    "every combination left for {cage} ({}) holds {digit}",
                    sums::sets_text(&state.fit.sets)
                )
            };
            let technique = Technique::CagePointing;
            let eliminations: Vec<Candidate> = removed.iter().map(|c| Candidate::new(c, digit)).collect();
            sink(
                Step::new(technique)
                    .with_houses(houses.iter().copied())
                    .with_cells(places)
                    .with_cages([*cage])
                    .with_drivers(places.iter().map(|c| Candidate::new(c, digit)))
                    .with_eliminations(eliminations)
                    .with_explanation(format!(
                        "{technique}: {combos}, and its {digit} can only go in {}{where_}, so {digit} is \
                         removed from {}{seeing}",
                        join_or(places.iter().map(|c| c.to_string()).collect()),
                        cell_list(removed)
                    )),
            )?;
        }
    }
    ControlFlow::Continue(())
}

/// Each house and digit whose places all lie in one cage.
fn claiming(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for &house in grid.houses() {
        for digit in Digit::ALL {
            let places = grid.house_cells_with(house, digit);
            let Some(first) = places.first() else { continue };
            let Some(cage) = cages.cage_at(first) else { continue };
            if !places.is_subset(cage.cells()) {
                continue;
            }
            let Some(state) = cage_state(grid, cage) else { continue };
            if state.placed.contains(digit) {
                continue;
            }
            // The cage's digit is in the house: it leaves the cage's cells outside the house.
            let cands: Vec<DigitSet> = (state.open.iter())
                .map(|&c| {
                    let mut cands = grid.candidates(c);
                    if !grid.house_set(house).contains(c) {
                        cands.remove(digit);
                    }
                    cands
                })
                .collect();
            let fit = sums::fit_distinct(&cands, state.rest, state.placed, DigitSet::from_digit(digit));
            if fit.sets.is_empty() {
                continue;
            }
            let removed = unusable(grid, &state.open, &fit.usable);
            if removed.is_empty() {
                continue;
            }
            let technique = Technique::CageClaiming;
            sink(
                Step::new(technique)
                    .with_houses([house])
                    .with_cells(places)
                    .with_cages([*cage])
                    .with_drivers(places.iter().map(|c| Candidate::new(c, digit)))
                    .with_eliminations(removed.iter().copied())
                    .with_explanation(format!(
                        "{technique}: in {house} the {digit}s lie only in {cage}, so the cage holds {digit} in \
                         {house}: it keeps only {} on its cells, so {}",
                        sums::sets_text(&fit.sets),
                        grouped_removal_text(&removed)
                    )),
            )?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, each, killer};
    use crate::engine::logic::{Technique, find_all};

    const ROW_ONE: [&str; 9] = ["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"];

    #[test]
    fn a_compulsory_digit_points_out_of_the_cage() {
        // 22 in three cells: 5+8+9 or 6+7+9; 9 is in both, and only r1c1 and r1c2 allow it.
        let grid = killer(vec![cage(&["r1c1", "r1c2", "r2c2"], 22)], &[("r2c2", "5678")]);
        let found = find_all(Technique::CagePointing, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        let mut expected = each("9", &ROW_ONE[2..]);
        expected.extend(each("9", &["r2c1", "r2c3", "r3c1", "r3c2", "r3c3"]));
        expected.sort();
        assert_eq!(found[0].eliminations, expected);
        assert_eq!(
            found[0].explanation,
            "Cage Pointing: every combination left for cage 22 at r1c1-r1c2-r2c2 (5+8+9 or 6+7+9) holds 9, and \
             its 9 can only go in r1c1 or r1c2 (all in row 1), so 9 is removed from r1c3, r1c4, r1c5, r1c6, \
             r1c7, r1c8, r1c9, r2c1, r2c3, r3c1, r3c2 and r3c3"
        );
    }

    #[test]
    fn pointing_to_the_cells_that_see_every_place() {
        // 35 in five cells is 5+6+7+8+9; its 9 can go only in r1c1 and r2c4, which share no house:
        // the cells seeing both lose 9.
        let cells = ["r1c1", "r1c2", "r1c3", "r1c4", "r2c4"];
        let grid = killer(vec![cage(&cells, 35)], &[("r1c2", "5678"), ("r1c3", "5678"), ("r1c4", "5678")]);
        let found = find_all(Technique::CagePointing, &grid);
        let nine = found.iter().find(|s| s.drivers.iter().all(|d| d.digit.get() == 9)).expect("the 9");
        assert_eq!(nine.eliminations, each("9", &["r1c5", "r1c6", "r2c1", "r2c2", "r2c3"]));
        assert!(nine.houses.is_empty());
        assert!(
            nine.explanation.ends_with(
                "its 9 can only go in r1c1 or r2c4, so 9 is removed from r1c5, r1c6, r2c1, r2c2 and r2c3, which \
                 see all of them"
            ),
            "{}",
            nine.explanation
        );
    }

    #[test]
    fn pointing_needs_a_compulsory_digit() {
        // 17 is 8+9 in two cells of one column and box: both digits are compulsory and point out of
        // the cage into column 1 and box 1.
        let grid = killer(vec![cage(&["r1c1", "r2c1"], 17)], &[]);
        assert_eq!(find_all(Technique::CagePointing, &grid).len(), 2);
        // 10 has no compulsory digit.
        let grid = killer(vec![cage(&["r1c1", "r2c1"], 10)], &[]);
        assert!(find_all(Technique::CagePointing, &grid).is_empty());
    }

    #[test]
    fn a_house_confines_a_digit_to_one_cage() {
        // Row 1 holds 4 only in r1c1 and r1c2, both in cage 12 at r1c1-r1c2-r2c1: the cage holds 4
        // in row 1, so r2c1 loses 4 and the sets without 4 (1+2+9, 1+3+8, 1+5+6, 2+3+7) go:
        // 1+4+7, 2+4+6 and 3+4+5 stay, which takes 8 and 9 from the cage.
        let mut kept: Vec<(&str, &str)> = ROW_ONE[2..].iter().map(|&c| (c, "12356789")).collect();
        kept.push(("r1c1", "12345679"));
        let grid = killer(vec![cage(&["r1c1", "r1c2", "r2c1"], 12)], &kept);
        let found = find_all(Technique::CageClaiming, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        let mut expected = each("89", &["r1c1", "r1c2", "r2c1"]);
        expected.extend(each("4", &["r2c1"]));
        expected.retain(|c| !(c.cell.to_string() == "r1c1" && c.digit.get() == 8));
        expected.sort();
        assert_eq!(found[0].eliminations, expected);
        assert!(
            found[0].explanation.starts_with(
                "Cage Claiming: in row 1 the 4s lie only in cage 12 at r1c1-r1c2-r2c1, so the cage holds 4 in \
                 row 1: it keeps only 1+4+7, 2+4+6 or 3+4+5 on its cells, so"
            ),
            "{}",
            found[0].explanation
        );
    }
}
