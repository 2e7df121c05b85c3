//! The exact solver: forced moves until none is left, then a branch on the cell with the fewest
//! possible digits, backtracking on dead ends.
//!
//! Forced moves: naked singles, hidden singles in every row, column and box, and box/line locked
//! candidates (which is how the hidden singles of boxes and columns are found). A dead end is
//! detected as soon as a cell has no digit left or a house has no place left for a digit. Among
//! the cells with two candidates the branch takes the one with the most open peers. Used for
//! solutions, uniqueness checks, the generator and brute-force hints; it must be right on every
//! grid, including grids with conflicting digits (which have no solution). The board layout
//! (bitsets per band and digit) is in [`board`], the search in [`search`]. Speed is measured
//! against the `sudoku` crate by `cargo bench --bench solver`. Killer puzzles have their own exact
//! solver in [`general`], which reads any layout of houses (X, jigsaw) and adds the cages to them.

mod board;
mod general;
mod search;

use board::Board;
use search::{Ascending, MostPlacesFirst, Search, Shuffled};

pub use general::{
    check_unique_killer, check_unique_under, count_killer_solutions, count_killer_solutions_within,
    count_solutions_under, count_solutions_under_within, random_solution_under, random_solution_under_within,
    solve_killer, solve_under,
};

use super::killer::Cages;
use super::{Grid, Layout};

/// How many solutions a grid has, as far as a uniqueness check needs to know.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// No solution (this includes grids with conflicting digits).
    NoSolution,
    /// Exactly one solution, given.
    Unique(Grid),
    /// Two or more solutions.
    Multiple,
}

/// Counts the solutions of `grid`, stopping at `limit`; a grid with conflicts has 0.
///
/// ```
/// use termdoku::engine::{count_solutions, Grid};
/// assert_eq!(count_solutions(&Grid::empty(), 2), 2);
/// ```
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    let Some(board) = Board::new(grid) else { return 0 };
    Search::count_only(board, limit, Ascending)
}

/// A solution of `grid`, if it has one (the first found when it has several).
pub fn solve(grid: &Grid) -> Option<Grid> {
    Search::run(Board::new(grid)?, 1, MostPlacesFirst).first()
}

/// Whether `grid` has no solution, exactly one, or more.
pub fn check_unique(grid: &Grid) -> Uniqueness {
    let Some(board) = Board::new(grid) else { return Uniqueness::NoSolution };
    let search = Search::run(board, 2, Ascending);
    match (search.count(), search.first()) {
        (1, Some(solution)) => Uniqueness::Unique(solution),
        (0, _) | (_, None) => Uniqueness::NoSolution,
        _ => Uniqueness::Multiple,
    }
}

/// Counts the solutions of `grid` under any rules (the houses of `layout`, and `cages` if any),
/// stopping at `limit`: the band solver for classic Sudoku, the general one for the rest.
pub fn count_solutions_of(grid: &Grid, layout: &Layout, cages: Option<&Cages>, limit: usize) -> usize {
    match (layout.is_classic(), cages) {
        (true, None) => count_solutions(grid, limit),
        _ => count_solutions_under(grid, layout, cages, limit),
    }
}

/// A solution of `grid` under any rules, the first found.
pub fn solve_of(grid: &Grid, layout: &Layout, cages: Option<&Cages>) -> Option<Grid> {
    match (layout.is_classic(), cages) {
        (true, None) => solve(grid),
        _ => solve_under(grid, layout, cages),
    }
}

/// Whether `grid` under any rules has no solution, exactly one, or more.
pub fn check_unique_of(grid: &Grid, layout: &Layout, cages: Option<&Cages>) -> Uniqueness {
    match (layout.is_classic(), cages) {
        (true, None) => check_unique(grid),
        _ => check_unique_under(grid, layout, cages),
    }
}

/// A random solution of `grid`: at every branch the candidates are tried in a uniformly shuffled
/// order, so from the empty grid this yields a random complete grid. `None` if there is no solution.
///
/// ```
/// use rand::SeedableRng;
/// use termdoku::engine::{random_solution, Grid};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let full = random_solution(&Grid::empty(), &mut rng).expect("the empty grid has solutions");
/// assert!(full.is_solved());
/// ```
pub fn random_solution(grid: &Grid, rng: &mut impl rand::Rng) -> Option<Grid> {
    Search::run(Board::new(grid)?, 1, Shuffled(rng)).first()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_solutions_are_valid_varied_and_keep_the_givens() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let first = random_solution(&Grid::empty(), &mut rng).expect("empty grid is solvable");
        let second = random_solution(&Grid::empty(), &mut rng).expect("empty grid is solvable");
        assert!(first.is_solved() && second.is_solved());
        assert_ne!(first, second);
        let givens: Grid = format!("123{}", ".".repeat(78)).parse().expect("valid line");
        let filled = random_solution(&givens, &mut rng).expect("solvable");
        assert!(filled.is_solved() && givens.is_consistent_with(&filled));
        let conflict: Grid = format!("11{}", ".".repeat(79)).parse().expect("valid line");
        assert_eq!(random_solution(&conflict, &mut rng), None);
    }
}
