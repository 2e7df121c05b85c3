//! BUG+1 (Binary Universal Grave + 1): every unsolved cell has two candidates but one, which has a
//! third; without that third candidate every digit would appear exactly twice in each house, a
//! deadly pattern with two solutions. So the third candidate is the cell's digit.

use std::ops::ControlFlow;

use crate::engine::{Candidate, Candidates, Cell, Digit, House};

use super::super::{Sink, Step, Technique};
use super::cell_removal;

/// Reports the BUG+1 of the grid, if there is one.
pub(super) fn find(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match bug_plus_one(grid) {
        Some(step) => sink(step),
        None => ControlFlow::Continue(()),
    }
}

/// The one unsolved cell with three candidates, when every other unsolved cell has two.
fn the_trivalue_cell(grid: &Candidates) -> Option<Cell> {
    let mut found = None;
    for cell in grid.unsolved() {
        match grid.candidates(cell).len() {
            2 => {}
            3 if found.is_none() => found = Some(cell),
            _ => return None,
        }
    }
    found
}

/// How many cells of `house` hold candidate `digit`.
fn count(grid: &Candidates, house: House, digit: Digit) -> usize {
    grid.house_cells_with(house, digit).len()
}

/// Whether every digit appears zero or two times in every house, except `extra`, which appears three
/// times in each house of `cell`.
fn is_bug_but(grid: &Candidates, cell: Cell, extra: Digit) -> bool {
    let cell_houses = cell.houses();
    House::ALL.into_iter().all(|house| {
        Digit::ALL.into_iter().all(|digit| {
            let expected_extra = digit == extra && cell_houses.contains(&house);
            match count(grid, house, digit) {
                3 => expected_extra,
                0 | 2 => !expected_extra,
                _ => false,
            }
        })
    })
}

fn bug_plus_one(grid: &Candidates) -> Option<Step> {
    let cell = the_trivalue_cell(grid)?;
    let cands = grid.candidates(cell);
    let extra = cands.iter().find(|&d| cell.houses().iter().all(|&h| count(grid, h, d) == 3))?;
    if !is_bug_but(grid, cell, extra) {
        return None;
    }
    let eliminations: Vec<Candidate> =
        cands.iter().filter(|&d| d != extra).map(|d| Candidate::new(cell, d)).collect();
    let [row, column, block] = cell.houses();
    let explanation = format!(
        "BUG+1: every unsolved cell but {cell} has two candidates and every candidate appears twice in each \
         house, except {extra} three times in {row}, {column} and {block}; without its {extra}, {cell} would \
         complete a deadly pattern (two solutions), so {cell} must be {extra}: {}",
        cell_removal(cell, &eliminations)
    );
    Some(
        Step::new(Technique::BugPlusOne)
            .with_houses(cell.houses())
            .with_cells([cell])
            .with_drivers([Candidate::new(cell, extra)])
            .with_eliminations(eliminations)
            .with_explanation(explanation),
    )
}

#[cfg(test)]
mod tests {
    use super::super::super::test_support::{cands, position};
    use super::*;
    use crate::engine::logic::find_all;

    #[test]
    fn the_third_candidate_is_the_cells_digit() {
        let line = ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::";
        let steps = find_all(Technique::BugPlusOne, &position(line));
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].eliminations, cands("373 673"));
        assert!(steps[0].explanation.starts_with("BUG+1: every unsolved cell but r7c3 has two candidates"));
    }

    #[test]
    fn no_bug_when_a_digit_appears_three_times_elsewhere() {
        let line = ":0610-x::+9+5+2..+17+3+6..8+5+76+249476+9+2+3+18+5+78..92+5+61+69+17.5+42.2.+516.+97..2.+6.+981786+92+1+73+5+4..7...+6+9+2:391 392 494 395 495::";
        assert!(find_all(Technique::BugPlusOne, &position(line)).is_empty());
    }
}
