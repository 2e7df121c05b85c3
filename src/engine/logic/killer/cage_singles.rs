//! Cage singles: digits a cage's sum gives away at once.
//!
//! - One-Cell Cage: a cage of one cell holds its sum.
//! - Last Cell of a Cage: when every cell of a cage but one holds a digit, the last one holds the
//!   sum less those digits.

use std::ops::ControlFlow;

use crate::engine::killer::{Cages, digit_sum};
use crate::engine::{Candidate, Candidates, Digit, DigitSet};

use super::super::{Sink, Step, Technique, digit_list};

/// Reports every instance of `technique` (one of the two cage singles) to `sink`.
pub(super) fn find(
    technique: Technique,
    grid: &Candidates,
    cages: &Cages,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for cage in cages.as_slice() {
        let mut open = cage.cells().iter().filter(|&c| grid.value(c).is_none());
        let (Some(cell), None) = (open.next(), open.next()) else { continue };
        let placed: DigitSet = cage.cells().iter().filter_map(|c| grid.value(c)).collect();
        let Some(rest) = cage.sum().checked_sub(digit_sum(placed)) else { continue };
        let Some(digit) = u8::try_from(rest).ok().and_then(Digit::new) else { continue };
        if !grid.has(cell, digit) {
            continue;
        }
        let step = Step::new(technique)
            .with_cells(cage.cells())
            .with_cages([*cage])
            .with_placements([Candidate::new(cell, digit)]);
        let step = match (technique, cage.size()) {
            (Technique::OneCellCage, 1) => {
                step.with_explanation(format!("{technique}: {cage} has a single cell, so {cell} is {digit}"))
            }
            (Technique::CageLastCell, 2..) => {
                let others = match placed.single() {
                    Some(other) => format!("its other digit is {other}"),
                    None => {
                        format!("its other digits {} add up to {}", digit_list(placed), digit_sum(placed))
                    }
                };
                step.with_explanation(format!(
                    "{technique}: {cell} is the last open cell of {cage}; {others}, so {cell} is {} - {} = {digit}",
                    cage.sum(),
                    digit_sum(placed)
                ))
            }
            _ => continue,
        };
        sink(step)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, cell, killer};
    use crate::engine::logic::{Technique, find_all};
    use crate::engine::{Candidate, Digit, Grid};

    fn at(name: &str, digit: u8) -> Candidate {
        Candidate::new(cell(name), Digit::new(digit).expect("a digit"))
    }

    #[test]
    fn a_one_cell_cage_holds_its_sum() {
        let grid = killer(vec![cage(&["r3c4"], 7), cage(&["r1c1", "r1c2"], 3)], &[]);
        let found = find_all(Technique::OneCellCage, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].placements, [at("r3c4", 7)]);
        assert_eq!(found[0].cages, [cage(&["r3c4"], 7)]);
        assert_eq!(found[0].explanation, "One-Cell Cage: cage 7 at r3c4 has a single cell, so r3c4 is 7");
        assert!(find_all(Technique::CageLastCell, &grid).is_empty());
    }

    #[test]
    fn the_last_cell_of_a_cage_takes_what_the_sum_leaves() {
        let mut grid = killer(vec![cage(&["r1c1", "r1c2", "r2c1"], 15)], &[]);
        grid.place(cell("r1c1"), Digit::new(2).expect("a digit"));
        assert!(find_all(Technique::CageLastCell, &grid).is_empty(), "two cells open");
        grid.place(cell("r1c2"), Digit::new(7).expect("a digit"));
        let found = find_all(Technique::CageLastCell, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].placements, [at("r2c1", 6)]);
        assert_eq!(
            found[0].explanation,
            "Last Cell of a Cage: r2c1 is the last open cell of cage 15 at r1c1-r1c2-r2c1; its other digits 2 \
             and 7 add up to 9, so r2c1 is 15 - 9 = 6"
        );
        assert!(find_all(Technique::OneCellCage, &grid).is_empty());
    }

    #[test]
    fn nothing_on_a_classic_grid_or_when_the_digit_is_gone() {
        let classic = crate::engine::Candidates::from_grid(&Grid::empty());
        assert!(find_all(Technique::OneCellCage, &classic).is_empty());
        let grid = killer(vec![cage(&["r3c4"], 7)], &[("r3c4", "12")]);
        assert!(find_all(Technique::OneCellCage, &grid).is_empty());
    }
}
