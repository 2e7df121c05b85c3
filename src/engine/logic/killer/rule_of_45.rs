//! The rule of 45: a region of k whole houses adds up to 45k, so what the cages inside it do not
//! cover (the innies) and what the cages sticking out cover beyond it (the outies) add up to known
//! amounts (see [`super::regions`]).
//!
//! - Rule of 45 (Single Innie): a house whose cages leave one open cell places it.
//! - Rule of 45 (Innie Cage): the open innies of a house form a cage with a known sum; a digit in
//!   none of its combinations leaves them.
//! - Rule of 45 (Outies or Several Houses): the same two deductions with outies, or on two or three
//!   adjacent rows, columns or boxes (a derived cage only when its cells share a house) - harder to
//!   see, so later in the order.
//! - Innie-Outie Difference: one open innie and one open outie differ by a known amount; each keeps
//!   only the digits the other can match.

use std::ops::ControlFlow;

use crate::engine::killer::{Cage, Cages};
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, Layout};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique};
use super::regions::{Equation, cell_vec, equations, one_sided, regions};
use super::{sums, unusable};

/// Reports every instance of `technique` (a rule-of-45 technique) to `sink`.
pub(super) fn find(
    technique: Technique,
    grid: &Candidates,
    cages: &Cages,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::Rule45Single => singles(technique, grid, cages, sink),
        Technique::Rule45Cage => derived_cages(technique, grid, cages, sink),
        Technique::Rule45Wide => {
            singles(technique, grid, cages, sink)?;
            derived_cages(technique, grid, cages, sink)
        }
        Technique::InnieOutieDifference => differences(grid, cages, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The houses and cells of a step built on `equation`.
fn equation_step(technique: Technique, equation: &Equation<'_>) -> Step {
    Step::new(technique)
        .with_houses(equation.region.houses.iter().copied())
        .with_cells(equation.cells())
        .with_cages(equation.sticking.iter().copied())
}

/// Whether `equation` belongs to `technique`: the innies of one house to the first two rule-of-45
/// techniques, outies and regions of several houses to [`Technique::Rule45Wide`].
fn is_for(technique: Technique, equation: &Equation<'_>) -> bool {
    let narrow = equation.region.houses.len() == 1 && equation.outies.is_empty();
    narrow == (technique != Technique::Rule45Wide)
}

fn singles(technique: Technique, grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for region in regions(grid.layout()).iter() {
        equations(grid, cages, region, 1, &mut |equation| {
            if !is_for(technique, &equation) {
                return ControlFlow::Continue(());
            }
            let (cell, value) = match (equation.innies.single(), equation.outies.single()) {
                (Some(cell), None) => (cell, equation.value),
                (None, Some(cell)) => (cell, -equation.value),
                _ => return ControlFlow::Continue(()),
            };
            let Some(digit) = u8::try_from(value).ok().and_then(Digit::new) else {
                return ControlFlow::Continue(());
            };
            if !grid.has(cell, digit) {
                return ControlFlow::Continue(());
            }
            let step = equation_step(technique, &equation).with_placements([Candidate::new(cell, digit)]);
            let title = step.title();
            sink(step.with_explanation(format!("{title} on {}", equation.statement())))
        })?;
    }
    ControlFlow::Continue(())
}

fn derived_cages(
    technique: Technique,
    grid: &Candidates,
    cages: &Cages,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for region in regions(grid.layout()).iter() {
        for equation in one_sided(grid, cages, region) {
            if !is_for(technique, &equation) {
                continue;
            }
            let cells = equation.cells();
            if !(2..=8).contains(&cells.len()) || grid.layout().common_houses(cells).next().is_none() {
                continue;
            }

            let sum = if equation.outies.is_empty() { equation.value } else { -equation.value };
            let Ok(sum) = u32::try_from(sum) else { continue };
            let (cage, removed, fit) = derived(grid, cell_vec(cells), sum);
            if fit.sets.is_empty() || removed.is_empty() {
                continue;
            }
            let step = equation_step(technique, &equation);
            let title = step.title();
            let mut used = vec![cage];
            used.extend(step.cages.iter().copied());
            let holds = holds_text(grid.layout(), cells, sum, &fit.sets);
            sink(step.with_cages(used).with_eliminations(removed.iter().copied()).with_explanation(
                format!(
                    "{title} on {}: a derived {cage} {holds}, so {}",
                    equation.statement(),
                    grouped_removal_text(&removed)
                ),
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// What a derived cage of `cells` adding up to `sum` can hold, given its combinations `sets`:
/// `that can only hold 4+9, 5+8 or 6+7`; a cage of six cells or more of one house is read as a
/// person reads it, by the few digits of the house it leaves out: `whose 7 cells leave out the
/// other 2 digits of column 6, adding up to 45 - 41 = 4: 1+3`.
pub(super) fn holds_text(layout: &Layout, cells: CellSet, sum: u32, sets: &[DigitSet]) -> String {
    let house = layout.common_houses(cells).next();
    match house {
        Some(house) if cells.len() >= 6 && sum <= 45 => {
            let left_out: Vec<DigitSet> = sets.iter().map(|&s| DigitSet::ALL - s).collect();
            format!(
                "whose {} cells leave out the other {} digits of {house}, adding up to 45 - {sum} = {}: {}",
                cells.len(),
                9 - cells.len(),
                45 - sum,
                sums::sets_text(&left_out)
            )
        }
        _ => format!("that can only hold {}", sums::sets_text(sets)),
    }
}

/// The cage of `cells` with `sum` (distinct digits), the candidates it removes (the digits in none
/// of the combinations that fit) and what fits it.
pub(super) fn derived(
    grid: &Candidates,
    cells: Vec<Cell>,
    sum: u32,
) -> (Cage, Vec<Candidate>, std::rc::Rc<sums::Fit>) {
    let cands: Vec<DigitSet> = cells.iter().map(|&c| grid.candidates(c)).collect();
    let fit = sums::fit_distinct(&cands, sum, DigitSet::EMPTY, DigitSet::EMPTY);
    let union = fit.sets.iter().fold(DigitSet::EMPTY, |a, &s| a | s);
    let removed = unusable(grid, &cells, &vec![union; cells.len()]);

    (Cage::new(cells.into_iter().collect(), sum), removed, fit)
}

fn differences(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for region in regions(grid.layout()).iter() {
        equations(grid, cages, region, 2, &mut |equation| {
            let (Some(innie), Some(outie)) = (equation.innies.single(), equation.outies.single()) else {
                return ControlFlow::Continue(());
            };
            let shift = equation.value;
            let matched = |digits: DigitSet, by: i32| -> DigitSet {
                digits
                    .iter()
                    .filter_map(|d| u8::try_from(i32::from(d.get()) + by).ok().and_then(Digit::new))
                    .collect()
            };
            // innie = outie + shift.
            let keep_innie = matched(grid.candidates(outie), shift);
            let keep_outie = matched(grid.candidates(innie), -shift);
            let mut removed: Vec<Candidate> =
                (grid.candidates(innie) - keep_innie).iter().map(|d| Candidate::new(innie, d)).collect();
            removed.extend((grid.candidates(outie) - keep_outie).iter().map(|d| Candidate::new(outie, d)));
            if removed.is_empty() {
                return ControlFlow::Continue(());
            }
            let technique = Technique::InnieOutieDifference;
            sink(
                equation_step(technique, &equation)
                    .with_eliminations(removed.iter().copied())
                    .with_explanation(format!(
                        "{technique}: {}: {}",
                        equation.reason(),
                        grouped_removal_text(&removed)
                    )),
            )
        })?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, cell, each, killer, row_one_inside};
    use crate::engine::logic::{Technique, find_all};
    use crate::engine::{Candidate, Digit};

    /// Cages 3 at r1c1-r1c2 and 12 at r1c3-r1c4-r1c5, inside row 1: each test adds the rest.
    #[test]
    fn a_single_innie_is_placed() {
        // Row 1: cages inside add up to 3 + 12 + 23 = 38; r1c9 sticks down with r2c9: r1c9 = 7.
        let mut cages = row_one_inside();
        cages.push(cage(&["r1c6", "r1c7", "r1c8"], 23));
        cages.push(cage(&["r1c9", "r2c9"], 15));
        let grid = killer(cages, &[]);
        let found = find_all(Technique::Rule45Single, &grid);
        let placements: Vec<Vec<Candidate>> = found.iter().map(|s| s.placements.clone()).collect();
        let seven = Candidate::new(cell("r1c9"), Digit::new(7).expect("a digit"));
        assert!(placements.contains(&vec![seven]), "{found:?}");
        let step = found.iter().find(|s| s.placements == [seven]).expect("the row-1 step");
        assert_eq!(
            step.explanation,
            "Rule of 45 (Single Innie) on row 1: row 1 adds up to 45 and the cages covering it but for \
             r1c9 add up to 38, so r1c9 = 7"
        );
        assert_eq!(step.cages, [cage(&["r1c9", "r2c9"], 15)]);
    }

    #[test]
    fn a_single_outie_is_placed() {
        // Row 1: 3 + 12 inside; cage 33 at r1c6-r1c9 and r2c9 covers the rest of the row and
        // sticks out at r2c9: r2c9 = 3 + 12 + 33 - 45 = 3.
        let mut cages = row_one_inside();
        cages.push(cage(&["r1c6", "r1c7", "r1c8", "r1c9", "r2c9"], 33));
        let grid = killer(cages, &[]);
        assert!(
            find_all(Technique::Rule45Single, &grid).iter().all(|s| s.placements[0].cell != cell("r2c9"))
        );
        let found = find_all(Technique::Rule45Wide, &grid);
        let three = Candidate::new(cell("r2c9"), Digit::new(3).expect("a digit"));
        let step = found.iter().find(|s| s.placements == [three]).expect("an outie step");
        assert!(
            step.explanation.ends_with("the cages covering it (and r2c9 outside) add up to 48, so r2c9 = 3"),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn innies_in_one_house_make_a_derived_cage() {
        // Row 1: 3 + 12 + 17 (r1c6-r1c7) inside; r1c8 and r1c9 stick out (cages with r2c8, r2c9):
        // r1c8 + r1c9 = 13: 4+9, 5+8 or 6+7, so 1, 2 and 3 go from both.
        let mut cages = row_one_inside();
        cages.push(cage(&["r1c6", "r1c7"], 17));
        cages.push(cage(&["r1c8", "r2c8"], 10));
        cages.push(cage(&["r1c9", "r2c9"], 10));
        let grid = killer(cages, &[]);
        let found = find_all(Technique::Rule45Cage, &grid);
        let step = found.iter().find(|s| s.houses.len() == 1).expect("row 1");
        assert_eq!(step.eliminations, each("123", &["r1c8", "r1c9"]));
        assert_eq!(step.cages[0], cage(&["r1c8", "r1c9"], 13));
        assert_eq!(
            step.explanation,
            "Rule of 45 (Innie Cage) on row 1: row 1 adds up to 45 and the cages covering it but \
             for r1c8 and r1c9 add up to 32, so r1c8 + r1c9 = 13: a derived cage 13 at r1c8-r1c9 that can \
             only hold 4+9, 5+8 or 6+7, so 1, 2 and 3 are removed from r1c8 and r1c9"
        );
    }

    #[test]
    fn outies_in_one_house_make_a_derived_cage_later() {
        // Row 1: 3 + 12 inside; cage 39 at r1c6-r1c9, r2c8 and r2c9 covers the rest and sticks out
        // at r2c8 and r2c9: they add up to 3 + 12 + 39 - 45 = 9, so neither is 9.
        let mut cages = row_one_inside();
        cages.push(cage(&["r1c6", "r1c7", "r1c8", "r1c9", "r2c8", "r2c9"], 39));
        let grid = killer(cages, &[]);
        let found = find_all(Technique::Rule45Wide, &grid);
        let step = found.iter().find(|s| s.cells == [cell("r2c8"), cell("r2c9")]).expect("the outie pair");
        assert_eq!(step.eliminations, each("9", &["r2c8", "r2c9"]));
        assert_eq!(step.cages[0], cage(&["r2c8", "r2c9"], 9));
        assert!(
            step.explanation.contains(
                "the cages covering it (and r2c8 and r2c9 outside) add up to 54, so r2c8 + r2c9 = 9: a derived \
                 cage 9 at r2c8-r2c9 that can only hold 1+8, 2+7, 3+6 or 4+5"
            ),
            "{}",
            step.explanation
        );
        // Its cells are outies of one house: named so, on the house it works on.
        assert!(step.explanation.starts_with("Rule of 45 (Outies) on row 1: "), "{}", step.explanation);
        assert_eq!(step.summary(), "Rule of 45 (Outies) in row 1");
        // The innie cage of row 1 (6+7+8+9) is the early technique's; outies are not.
        let early = find_all(Technique::Rule45Cage, &grid);
        assert!(early.iter().any(|s| s.eliminations == each("12345", &["r1c6", "r1c7", "r1c8", "r1c9"])));
        assert!(early.iter().all(|s| s.houses.len() == 1 && !s.cells.contains(&cell("r2c8"))));
    }

    #[test]
    fn an_innie_and_an_outie_differ_by_a_known_amount() {
        // Row 1: 3 + 12 + 17 inside; cage 10 at r1c8-r2c8 left out (innie r1c8), cage 9 at
        // r1c9-r2c9 taken (outie r2c9): r1c8 - r2c9 = 45 - 32 - 9 = 4.
        let mut cages = row_one_inside();
        cages.push(cage(&["r1c6", "r1c7"], 17));
        cages.push(cage(&["r1c8", "r2c8"], 10));
        cages.push(cage(&["r1c9", "r2c9"], 9));
        let grid = killer(cages, &[("r2c9", "1256")]);
        let found = find_all(Technique::InnieOutieDifference, &grid);
        let step = found
            .iter()
            .find(|s| s.houses.len() == 1 && s.cells == [cell("r1c8"), cell("r2c9")])
            .expect("row 1, r1c8 against r2c9");
        // r1c8 = r2c9 + 4 keeps 5, 6 and 9; r2c9 loses 6 (r1c8 cannot be 10).
        let mut expected = each("123478", &["r1c8"]);
        expected.extend(each("6", &["r2c9"]));
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert!(step.explanation.contains("so r1c8 is 4 more than r2c9: "), "{}", step.explanation);
        assert_eq!(step.summary(), "Innie-Outie Difference in row 1");
    }

    #[test]
    fn a_difference_names_the_larger_cell_first() {
        // As above with cage 17 at r1c9-r2c9: r1c8 - r2c9 = 45 - 32 - 17 = -4, read as "r2c9 is 4
        // more than r1c8" (never "r1c8 - r2c9 = -4").
        let mut cages = row_one_inside();
        cages.push(cage(&["r1c6", "r1c7"], 17));
        cages.push(cage(&["r1c8", "r2c8"], 10));
        cages.push(cage(&["r1c9", "r2c9"], 17));
        let grid = killer(cages, &[]);
        let found = find_all(Technique::InnieOutieDifference, &grid);
        let step = found
            .iter()
            .find(|s| s.houses.len() == 1 && s.cells == [cell("r1c8"), cell("r2c9")])
            .expect("row 1, r1c8 against r2c9");
        let mut expected = each("6789", &["r1c8"]);
        expected.extend(each("1234", &["r2c9"]));
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert_eq!(
            step.explanation,
            "Innie-Outie Difference: Rule of 45 on row 1: row 1 adds up to 45 and the cages covering it but \
             for r1c8 (and r2c9 outside) add up to 49, so r2c9 is 4 more than r1c8: 1, 2, 3 and 4 are removed \
             from r2c9; 6, 7, 8 and 9 from r1c8"
        );
    }

    #[test]
    fn a_seven_cell_innie_cage_is_read_by_the_two_digits_it_leaves_out() {
        // Row 1: cage 4 at r1c1-r1c2 inside; r1c3 to r1c9 stick down in cages of 10: the seven
        // innies add up to 41, so they leave out 1+3, the digits of the cage 4.
        let mut cages = vec![cage(&["r1c1", "r1c2"], 4)];
        let names: Vec<(String, String)> = (3..=9).map(|c| (format!("r1c{c}"), format!("r2c{c}"))).collect();
        for (top, bottom) in &names {
            cages.push(cage(&[top.as_str(), bottom.as_str()], 10));
        }
        let grid = killer(cages, &[]);
        let found = find_all(Technique::Rule45Cage, &grid);
        let step = found.iter().find(|s| s.houses.len() == 1 && s.cells.len() == 7).expect("row 1");
        let innies: Vec<&str> = names.iter().map(|(top, _)| top.as_str()).collect();
        assert_eq!(step.eliminations, each("13", &innies));
        assert_eq!(
            step.explanation,
            "Rule of 45 (Innie Cage) on row 1: row 1 adds up to 45 and the cages covering it but for r1c3, \
             r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9 add up to 4, so r1c3 + r1c4 + r1c5 + r1c6 + r1c7 + r1c8 + \
             r1c9 = 41: a derived cage 41 at r1c3-r1c4-r1c5-r1c6-r1c7-r1c8-r1c9 whose 7 cells leave out the \
             other 2 digits of row 1, adding up to 45 - 41 = 4: 1+3, so 1 and 3 are removed from r1c3, r1c4, \
             r1c5, r1c6, r1c7, r1c8 and r1c9"
        );
    }
}
