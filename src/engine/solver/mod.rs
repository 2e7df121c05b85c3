//! The exact solver: forced moves plus fewest-candidates backtracking.
//!
//! Used for solutions, uniqueness checks, the generator and brute-force hints. It must be right on
//! every grid, including grids with conflicting digits (which have no solution).

use super::{Cell, Digit, Grid};

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

/// Search state: the digits used in every row, column and box, as nine-bit masks.
#[derive(Clone, Copy)]
struct State {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl State {
    /// The state for `grid`, or `None` if two of its digits conflict.
    fn new(grid: &Grid) -> Option<State> {
        let mut state = State { cells: [0; 81], rows: [0; 9], cols: [0; 9], boxes: [0; 9] };
        for cell in Cell::ALL {
            if let Some(digit) = grid.get(cell) {
                let bit = 1 << digit.index();
                if state.used(cell) & bit != 0 {
                    return None;
                }
                state.set(cell, digit.index());
            }
        }
        Some(state)
    }

    fn used(&self, cell: Cell) -> u16 {
        self.rows[cell.row()] | self.cols[cell.col()] | self.boxes[cell.box_index()]
    }

    fn set(&mut self, cell: Cell, index: usize) {
        let bit = 1 << index;
        self.cells[cell.index()] = index as u8 + 1;
        self.rows[cell.row()] |= bit;
        self.cols[cell.col()] |= bit;
        self.boxes[cell.box_index()] |= bit;
    }

    fn unset(&mut self, cell: Cell, index: usize) {
        let bit = !(1 << index);
        self.cells[cell.index()] = 0;
        self.rows[cell.row()] &= bit;
        self.cols[cell.col()] &= bit;
        self.boxes[cell.box_index()] &= bit;
    }

    fn to_grid(self) -> Grid {
        let mut grid = Grid::empty();
        for cell in Cell::ALL {
            let v = self.cells[cell.index()];
            if v != 0 {
                grid.set(cell, Some(Digit::from_index(v as usize - 1)));
            }
        }
        grid
    }

    /// Counts solutions up to `limit`, recording the first in `first`.
    fn search(&mut self, limit: usize, count: &mut usize, first: &mut Option<Grid>) {
        // The empty cell with the fewest candidates.
        let mut best: Option<(Cell, u16)> = None;
        for cell in Cell::ALL {
            if self.cells[cell.index()] != 0 {
                continue;
            }
            let free = !self.used(cell) & 0x1ff;
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
                if free.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, mut free)) = best else {
            *count += 1;
            if first.is_none() {
                *first = Some(self.to_grid());
            }
            return;
        };
        while free != 0 && *count < limit {
            let index = free.trailing_zeros() as usize;
            free &= free - 1;
            self.set(cell, index);
            self.search(limit, count, first);
            self.unset(cell, index);
        }
    }
}

/// Counts the solutions of `grid`, stopping at `limit`; a grid with conflicts has 0.
///
/// ```
/// use termdoku::engine::{count_solutions, Grid};
/// assert_eq!(count_solutions(&Grid::empty(), 2), 2);
/// ```
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    let Some(mut state) = State::new(grid) else { return 0 };
    let mut count = 0;
    let mut first = None;
    if limit > 0 {
        state.search(limit, &mut count, &mut first);
    }
    count
}

/// A solution of `grid`, if it has one (the first found when it has several).
pub fn solve(grid: &Grid) -> Option<Grid> {
    let mut state = State::new(grid)?;
    let mut count = 0;
    let mut first = None;
    state.search(1, &mut count, &mut first);
    first
}

/// Whether `grid` has no solution, exactly one, or more.
pub fn check_unique(grid: &Grid) -> Uniqueness {
    let Some(mut state) = State::new(grid) else { return Uniqueness::NoSolution };
    let mut count = 0;
    let mut first = None;
    state.search(2, &mut count, &mut first);
    match (count, first) {
        (1, Some(solution)) => Uniqueness::Unique(solution),
        (0, _) | (_, None) => Uniqueness::NoSolution,
        _ => Uniqueness::Multiple,
    }
}

/// A uniformly shuffled list of the digit indices in `free`, for a random branch order.
fn shuffled_indices(free: u16, rng: &mut impl rand::Rng) -> ([usize; 9], usize) {
    use rand::seq::SliceRandom;
    let mut indices = [0; 9];
    let mut len = 0;
    for index in 0..9 {
        if free & (1 << index) != 0 {
            indices[len] = index;
            len += 1;
        }
    }
    indices[..len].shuffle(rng);
    (indices, len)
}

impl State {
    /// Depth-first search that tries the candidates of each branch cell in random order; the first
    /// solution found is returned.
    fn search_random(&mut self, rng: &mut impl rand::Rng) -> Option<Grid> {
        let mut best: Option<(Cell, u16)> = None;
        for cell in Cell::ALL {
            if self.cells[cell.index()] != 0 {
                continue;
            }
            let free = !self.used(cell) & 0x1ff;
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
                if free.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, free)) = best else { return Some(self.to_grid()) };
        let (indices, len) = shuffled_indices(free, rng);
        for &index in &indices[..len] {
            self.set(cell, index);
            if let Some(solution) = self.search_random(rng) {
                return Some(solution);
            }
            self.unset(cell, index);
        }
        None
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
    let mut state = State::new(grid)?;
    state.search_random(rng)
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
