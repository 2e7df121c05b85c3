//! Depth-first search over [`Board`]s: forced moves, then a branch on the cell with the fewest
//! possible digits, each digit tried on a copy of the board.

use super::board::{Board, Outcome};
use crate::engine::Grid;

/// The order in which the digits of a branch cell are tried.
pub(super) trait BranchOrder {
    /// Writes the digit indices of `digits` (bit `i` = digit index `i`), the candidates of the
    /// branch cell, into `out` in the order to try them and returns how many there are.
    fn order(&mut self, board: &Board, digits: u16, out: &mut [u8; 9]) -> usize;
}

/// The digit indices of `digits`, smallest first.
fn digit_list(mut digits: u16, out: &mut [u8; 9]) -> usize {
    let mut len = 0;
    while digits != 0 {
        out[len] = digits.trailing_zeros() as u8;
        digits &= digits - 1;
        len += 1;
    }
    len
}

/// Smallest digit first. For counting: a unique grid's whole tree is explored whatever the
/// order, so the cheapest order wins (forum_hardest_1106, count up to 2: 265.5M instructions with
/// the most-constraining order tried before [`MostPlacesFirst`], 256.6M with this).
pub(super) struct Ascending;

impl BranchOrder for Ascending {
    #[inline]
    fn order(&mut self, _: &Board, digits: u16, out: &mut [u8; 9]) -> usize {
        digit_list(digits, out)
    }
}

/// Deterministic. For a two-candidate cell (the usual branch): the digit with the most unplaced
/// cells left in the whole grid first, smaller digit on ties; otherwise smallest digit first.
/// Instructions to the first solution (cachegrind, 3000 puzzles incl. parsing; 17_clue, top1465,
/// forum_hardest_1106, se11): ascending 56.1M, 65.7M, 124.8M, -; the most other places in the
/// cell's houses first 55.7M, 68.9M, 122.1M, 673.4M; fewest unplaced cells first 56.3M, 67.5M,
/// 135.5M, 701.8M; this 55.7M, 68.2M, 122.0M, 650.9M.
pub(super) struct MostPlacesFirst;

impl BranchOrder for MostPlacesFirst {
    #[inline]
    fn order(&mut self, board: &Board, digits: u16, out: &mut [u8; 9]) -> usize {
        let len = digit_list(digits, out);
        let places = |digit: u8| board.open_places(usize::from(digit));
        if len == 2 && places(out[1]) > places(out[0]) {
            out.swap(0, 1);
        }
        len
    }
}

/// A uniformly shuffled order at every branch.
pub(super) struct Shuffled<'a, R: rand::Rng>(pub(super) &'a mut R);

impl<R: rand::Rng> BranchOrder for Shuffled<'_, R> {
    fn order(&mut self, _: &Board, digits: u16, out: &mut [u8; 9]) -> usize {
        use rand::seq::SliceRandom;
        let len = digit_list(digits, out);
        out[..len].shuffle(self.0);
        len
    }
}

/// A search that counts solutions up to a limit and keeps the first one found.
pub(super) struct Search<O: BranchOrder> {
    limit: usize,
    count: usize,
    first: Option<Grid>,
    /// Whether the first solution is wanted (a count alone skips building its grid).
    keep_first: bool,
    order: O,
}

impl<O: BranchOrder> Search<O> {
    /// Runs the search from `board`, stopping once `limit` solutions are found, and keeps the
    /// first solution.
    pub(super) fn run(board: Board, limit: usize, order: O) -> Search<O> {
        Search::start(board, limit, true, order)
    }

    /// How many solutions `board` has, up to `limit`, without building any of them.
    pub(super) fn count_only(board: Board, limit: usize, order: O) -> usize {
        Search::start(board, limit, false, order).count
    }

    fn start(mut board: Board, limit: usize, keep_first: bool, order: O) -> Search<O> {
        let mut search = Search { limit, count: 0, first: None, keep_first, order };
        if limit > 0 {
            search.explore(&mut board);
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

    /// Searches from `board`, which it uses as its working copy.
    fn explore(&mut self, board: &mut Board) {
        // A loop rather than a call for the last digit of each branch, which reuses the board.
        loop {
            let pairs = match board.propagate() {
                Outcome::DeadEnd => return,
                Outcome::Solved => return self.record(board),
                Outcome::Stuck(pairs) => pairs,
            };
            let Some((band, pos, digits)) = board.branch_cell(pairs) else { return self.record(board) };
            let mut order = [0; 9];
            let len = self.order.order(board, digits, &mut order);
            let Some((&last, others)) = order[..len].split_last() else { return };
            for &digit in others {
                let mut next = *board;
                if next.place(band, pos, usize::from(digit), digits) {
                    self.explore(&mut next);
                }
                if self.count >= self.limit {
                    return;
                }
            }
            // The last digit needs no copy: this board is not needed afterwards.
            if !board.place(band, pos, usize::from(last), digits) {
                return;
            }
        }
    }

    fn record(&mut self, board: &Board) {
        self.count += 1;
        if self.keep_first && self.first.is_none() {
            self.first = Some(board.grid());
        }
    }
}
