//! Depth-first search over [`Board`]s: forced moves, then a branch on the cell with the fewest
//! possible digits, each digit tried on a copy of the board.

use super::board::{Board, Outcome};
use crate::engine::Grid;

/// The order in which the digits of a branch cell are tried.
pub(super) trait BranchOrder {
    /// Writes the digit indices of `digits` (bit `i` = digit index `i`) into `out` in the order to
    /// try them and returns how many there are.
    fn order(&mut self, digits: u16, out: &mut [u8; 9]) -> usize;
}

/// Smallest digit first: deterministic.
pub(super) struct Ascending;

impl BranchOrder for Ascending {
    #[inline]
    fn order(&mut self, mut digits: u16, out: &mut [u8; 9]) -> usize {
        let mut len = 0;
        while digits != 0 {
            out[len] = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            len += 1;
        }
        len
    }
}

/// A uniformly shuffled order at every branch.
pub(super) struct Shuffled<'a, R: rand::Rng>(pub(super) &'a mut R);

impl<R: rand::Rng> BranchOrder for Shuffled<'_, R> {
    fn order(&mut self, digits: u16, out: &mut [u8; 9]) -> usize {
        use rand::seq::SliceRandom;
        let len = Ascending.order(digits, out);
        out[..len].shuffle(self.0);
        len
    }
}

/// A search that counts solutions up to a limit and keeps the first one found.
pub(super) struct Search<O: BranchOrder> {
    limit: usize,
    count: usize,
    first: Option<Grid>,
    order: O,
}

impl<O: BranchOrder> Search<O> {
    /// Runs the search from `board`, stopping once `limit` solutions are found.
    pub(super) fn run(board: Board, limit: usize, order: O) -> Search<O> {
        let mut search = Search { limit, count: 0, first: None, order };
        if limit > 0 {
            search.explore(board);
        }
        search
    }

    /// How many solutions were found (at most the limit).
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// The first solution found.
    pub(super) fn first(&self) -> Option<Grid> {
        self.first
    }

    fn explore(&mut self, mut board: Board) {
        match board.propagate() {
            Outcome::DeadEnd => return,
            Outcome::Solved => return self.record(board),
            Outcome::Stuck => {}
        }
        let Some((band, pos, digits)) = board.branch_cell() else { return self.record(board) };
        let mut order = [0; 9];
        let len = self.order.order(digits, &mut order);
        for &digit in &order[..len] {
            let mut next = board;
            if next.place(band, pos, usize::from(digit)) {
                self.explore(next);
            }
            if self.count >= self.limit {
                return;
            }
        }
    }

    fn record(&mut self, board: Board) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(board.to_grid());
        }
    }
}
