//! Cage Splitting: a cage that sticks out of a region whose rule of 45 fixes the sum of the part
//! inside (or outside) is cut in two cages with known sums, each with its own combinations.

use std::ops::ControlFlow;

use crate::engine::killer::{Cage, Cages, digit_sum};
use crate::engine::{Candidate, Candidates, Cell, CellSet, DigitSet};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique};
use super::regions::{cell_vec, one_sided, regions};
use super::{sums, unusable};

/// Reports every Cage Splitting step to `sink`.
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for region in regions(grid.layout()).iter() {
        for equation in one_sided(grid, cages, region) {
            let [cage] = equation.sticking.as_slice() else { continue };
            let part = equation.cells();
            if !part.is_subset(cage.cells()) {
                continue;
            }
            let part_sum = if equation.outies.is_empty() { equation.value } else { -equation.value };
            let placed: DigitSet = cage.cells().iter().filter_map(|c| grid.value(c)).collect();
            let rest = cage.cells().iter().filter(|&c| grid.value(c).is_none()).collect::<CellSet>() - part;
            let (Ok(part_sum), Some(whole)) =
                (u32::try_from(part_sum), cage.sum().checked_sub(digit_sum(placed)))
            else {
                continue;
            };
            let Some(rest_sum) = whole.checked_sub(part_sum) else { continue };
            if rest.is_empty() {
                continue;
            }
            let (first, first_fit, mut removed) = split(grid, cell_vec(part), part_sum, placed);
            let (second, second_fit, more) = split(grid, cell_vec(rest), rest_sum, placed);
            if first_fit.sets.is_empty() || second_fit.sets.is_empty() {
                continue;
            }
            // A digit of a combination that no placement puts on its cell says why.
            let mut reasons = sums::placement_reasons(&cell_vec(part), &first_fit.sets, &removed);
            reasons.extend(sums::placement_reasons(&cell_vec(rest), &second_fit.sets, &more));
            let why = if reasons.is_empty() { String::new() } else { format!(" ({})", reasons.join("; ")) };
            removed.extend(more);
            if removed.is_empty() {
                continue;
            }
            let technique = Technique::CageSplitting;
            let placed_text =
                if placed.is_empty() { String::new() } else { " (less its placed digits)".to_string() };
            sink(
                Step::new(technique)
                    .with_houses(region.houses.iter().copied())
                    .with_cells(cage.cells())
                    .with_cages([first, second, *cage])
                    .with_eliminations(removed.iter().copied())
                    .with_explanation(format!(
                        "{technique}: {}, so the rest of {cage}{placed_text} adds up to {whole} - {part_sum} = \
                         {rest_sum}: {first} can only hold {} and {second} only {}{why}, so {}",
                        equation.reason(),
                        sums::sets_text(&first_fit.sets),
                        sums::sets_text(&second_fit.sets),
                        grouped_removal_text(&removed)
                    )),
            )?;
        }
    }
    ControlFlow::Continue(())
}

/// The part `cells` of a cage as a cage of `sum`, what fits it and the candidates it removes.
fn split(
    grid: &Candidates,
    cells: Vec<Cell>,
    sum: u32,
    placed: DigitSet,
) -> (Cage, std::rc::Rc<sums::Fit>, Vec<Candidate>) {
    let cands: Vec<DigitSet> = cells.iter().map(|&c| grid.candidates(c)).collect();
    let fit = sums::fit_distinct(&cands, sum, placed, DigitSet::EMPTY);
    let removed = unusable(grid, &cells, &fit.usable);
    (Cage::new(cells.into_iter().collect(), sum), fit, removed)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, each, killer, row_one_inside};
    use crate::engine::logic::{Technique, find_all};

    #[test]
    fn a_cage_across_a_row_is_cut_where_the_rule_of_45_fixes_its_part() {
        // Row 1: cages 3, 12 and 17 inside add up to 32; cage 20 at r1c8-r1c9-r2c9 sticks out,
        // so r1c8 + r1c9 = 13 and r2c9 = 20 - 13 = 7.
        let mut cages = row_one_inside();
        cages.extend([cage(&["r1c6", "r1c7"], 17), cage(&["r1c8", "r1c9", "r2c9"], 20)]);
        let grid = killer(cages, &[]);
        let found = find_all(Technique::CageSplitting, &grid);
        let step = found.iter().find(|s| s.houses.len() == 1).expect("row 1");
        let mut expected = each("123", &["r1c8", "r1c9"]);
        expected.extend(each("12345689", &["r2c9"]));
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cages[..2], [cage(&["r1c8", "r1c9"], 13), cage(&["r2c9"], 7)]);
        assert_eq!(
            step.explanation,
            "Cage Splitting: Rule of 45 on row 1: row 1 adds up to 45 and the cages covering it but for r1c8 and \
             r1c9 add up to 32, so r1c8 + r1c9 = 13, so the rest of cage 20 at r1c8-r1c9-r2c9 adds up to 20 - \
             13 = 7: cage 13 at r1c8-r1c9 can only hold 4+9, 5+8 or 6+7 and cage 7 at r2c9 only 7, so 1, 2 \
             and 3 are removed from r1c8, r1c9 and r2c9; 4, 5, 6, 8 and 9 from r2c9"
        );
        assert_eq!(step.summary(), "Cage Splitting in row 1");
    }

    #[test]
    fn a_digit_of_a_listed_combination_is_removed_with_its_reason() {
        // As above, with r1c8 without 5: 5+8 still fits (5 on r1c9), but 8 cannot go on r1c9.
        let mut cages = row_one_inside();
        cages.extend([cage(&["r1c6", "r1c7"], 17), cage(&["r1c8", "r1c9", "r2c9"], 20)]);
        let grid = killer(cages, &[("r1c8", "12346789")]);
        let found = find_all(Technique::CageSplitting, &grid);
        let step = found.iter().find(|s| s.houses.len() == 1).expect("row 1");
        let mut expected = each("123", &["r1c8", "r1c9"]);
        expected.extend(each("8", &["r1c9"]));
        expected.extend(each("12345689", &["r2c9"]));
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert!(
            step.explanation.ends_with(
                "cage 13 at r1c8-r1c9 can only hold 4+9, 5+8 or 6+7 and cage 7 at r2c9 only 7 (r1c8 cannot be \
                 5, so r1c9 cannot be 8), so 1, 2 and 3 are removed from r1c8, r1c9 and r2c9; 4, 5, 6 and 9 \
                 from r2c9; 8 from r1c9 and r2c9"
            ),
            "{}",
            step.explanation
        );
    }
}
