//! Brute Force: the honest last resort. When no technique in the catalogue applies, place the
//! solution digit of the empty cell with the fewest candidates, and say so.

use std::ops::ControlFlow;

use crate::engine::{Candidate, Cell, Digit, solve_of};

use super::{Candidates, Sink, Step, Technique};

/// Reports the one brute-force step for `grid`, if the grid has a solution.
pub(super) fn find(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(cell) = grid
        .unsolved()
        .iter()
        .filter(|&c| !grid.candidates(c).is_empty())
        .min_by_key(|&c| grid.candidates(c).len())
    else {
        return ControlFlow::Continue(());
    };
    let Some(digit) = solution_digit(grid, cell) else { return ControlFlow::Continue(()) };
    let count = grid.candidates(cell).len();
    sink(
        Step::new(Technique::BruteForce)
            .with_cells([cell])
            .with_placements([Candidate::new(cell, digit)])
            .with_explanation(format!(
                "Brute Force: no technique in the catalogue applies, so we try the cell with the fewest \
                 candidates ({cell}, {count} of them); only {digit} leads to a solution, so {cell} is {digit}"
            )),
    )
}

/// The digit `cell` takes in the solution of the grid's placed digits, provided that solution also
/// keeps every remaining candidate it needs (the candidates restrict the placed grid further).
/// `None` when the grid has no solution, or when the solution found was ruled out by eliminations
/// (possible only on a grid with several solutions). The grid is solved under its layout of
/// houses and its cages, if any.
fn solution_digit(grid: &Candidates, cell: Cell) -> Option<Digit> {
    let placed = grid.to_grid();
    let solution = solve_of(&placed, grid.layout(), grid.cages())?;
    let digit = solution.get(cell)?;
    let agrees = grid.unsolved().iter().all(|c| solution.get(c).is_some_and(|d| grid.has(c, d)));
    if agrees && grid.has(cell, digit) { Some(digit) } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Grid;

    #[test]
    fn places_the_solution_digit_of_the_fewest_candidates_cell() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("valid");
        let grid = Candidates::from_grid(&puzzle);
        let solution = solve(&puzzle).expect("solvable");
        let step = super::super::find_first(Technique::BruteForce, &grid).expect("fires");
        let placed = step.placements[0];
        assert_eq!(solution.get(placed.cell), Some(placed.digit));
    }

    #[test]
    fn does_not_fire_without_a_solution() {
        let mut line = ".".repeat(81);
        line.replace_range(0..2, "11");
        let grid = Candidates::from_grid(&line.parse().expect("grid"));
        assert!(super::super::find_first(Technique::BruteForce, &grid).is_none());
    }
}
