//! Sudoku Explainer's non-chaining rules, one file per family, each a
//! [`Producer`](super::step::Producer) that returns the step SE would take: the first instance in
//! SE's own search order (houses as SE visits them: boxes, then columns, then rows, unless a rule
//! says otherwise; tuples in increasing bit order).
//!
//! These follow SE 1.2.1's rules, not termdoku's hint engine: SE has no finned fish, skyscrapers or
//! W-wings, restricts some searches by the number of empty cells of a house, and counts its "direct"
//! rules only when they yield a single at once.
//!
//! Where the hint engine (`engine::logic`) finds the same patterns, the rule is SE's policy over the
//! engine's finder: the singles, locked candidates, naked and hidden sets, basic fish, XY- and
//! XYZ-Wings and the WXYZ-Wings (the engine's ALS-XZ with a bivalue cell) take the instances the
//! engine enumerates, keep those SE would, and pick the first in SE's order, with SE's name and
//! difficulty. The rest are SE's alone, each file saying why: the turbot fish family and the three
//! strong links (named and filtered by the kinds of their houses, which the engine's single-digit
//! patterns are not), the unique loops, SE's BUG and aligned exclusion. They still use the engine's
//! conjugate pairs. A rule here never changes the grid.

pub mod aligned;
pub mod bug;
pub mod fish;
pub mod locking;
pub mod sets;
pub mod singles;
pub mod three_links;
pub mod turbot;
pub mod unique_loops;
pub mod wings;
pub mod wxyz;

use crate::engine::explainer::SeStep;
use crate::engine::{Candidate, Candidates, Cell, Digit, DigitSet, House, HouseKind};

/// SE's usual house order: every box, then every column, then every row.
pub(crate) const BOX_COLUMN_ROW: [HouseKind; 3] = [HouseKind::Box, HouseKind::Column, HouseKind::Row];

/// The order SE lists region types in for loops and BUGs: box, row, column.
pub(crate) const BOX_ROW_COLUMN: [HouseKind; 3] = [HouseKind::Box, HouseKind::Row, HouseKind::Column];

/// The number of empty cells of `house`.
pub(crate) fn empty_cells(grid: &Candidates, house: House) -> usize {
    (grid.unsolved() & house.cell_set()).len()
}

/// The house of `kind` holding `cell`.
pub(crate) fn house_of(kind: HouseKind, cell: Cell) -> House {
    match kind {
        HouseKind::Row => cell.row_house(),
        HouseKind::Column => cell.col_house(),
        HouseKind::Box => cell.box_house(),
        HouseKind::Diagonal | HouseKind::Region => {
            unreachable!("Sudoku Explainer's rules walk rows, columns and boxes only")
        }
    }
}

/// `digit` removed from every cell of `cells` that still has it.
pub(crate) fn removals(
    grid: &Candidates,
    cells: impl IntoIterator<Item = Cell>,
    digit: Digit,
) -> Vec<Candidate> {
    cells.into_iter().filter(|&c| grid.has(c, digit)).map(|c| Candidate::new(c, digit)).collect()
}

/// Every digit of `digits` removed from every cell of `cells` that has it, cell by cell.
pub(crate) fn removals_of(
    grid: &Candidates,
    cells: impl IntoIterator<Item = Cell>,
    digits: DigitSet,
) -> Vec<Candidate> {
    cells
        .into_iter()
        .flat_map(|c| (grid.candidates(c) & digits).into_iter().map(move |d| Candidate::new(c, d)))
        .collect()
}

/// The step of a rule that gathers all its instances before applying one: the easiest, among equals
/// the one removing most, then the first in SE's order: the first offered, or for a rule that meets
/// its instances in another order than SE, the one with the smallest order key `K`.
pub(crate) struct EasiestStep<K = ()> {
    kept: Option<(K, SeStep)>,
}

impl<K> Default for EasiestStep<K> {
    fn default() -> Self {
        EasiestStep { kept: None }
    }
}

impl EasiestStep {
    /// Keeps `step` if it beats the one kept so far (offered earlier, so first among equals).
    pub(crate) fn offer(&mut self, step: SeStep) {
        self.offer_in_order((), step);
    }
}

impl<K: Ord> EasiestStep<K> {
    /// Keeps `step`, which comes at `order` in SE's order, if it beats the one kept so far.
    pub(crate) fn offer_in_order(&mut self, order: K, step: SeStep) {
        let rank = |step: &SeStep| (step.difficulty, std::cmp::Reverse(step.eliminations.len()));
        let better = self
            .kept
            .as_ref()
            .is_none_or(|(kept_order, kept)| (rank(&step), &order) < (rank(kept), kept_order));
        if better {
            self.kept = Some((order, step));
        }
    }

    /// The step kept.
    pub(crate) fn into_step(self) -> Option<SeStep> {
        self.kept.map(|(_, step)| step)
    }
}

/// The `k`-element subsets of `0..n` in SE's order: increasing as binary numbers (the largest
/// element varies slowest), each given in increasing order. Yields one empty subset when `k` is 0
/// and `n` is not, and nothing when `k > n` or `n` is 0, as SE's generator does (nor when `k` is
/// above [`Subset::CAPACITY`], which no rule asks for).
pub(crate) struct Combinations {
    n: usize,
    current: Subset,
    done: bool,
}

/// One subset yielded by [`Combinations`]: its indexes in increasing order, held inline so that
/// stepping through thousands of subsets allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Subset {
    len: usize,
    items: [usize; Subset::CAPACITY],
}

impl Subset {
    /// The most indexes a subset holds (a house's nine cells or digits).
    pub(crate) const CAPACITY: usize = 9;
}

impl std::ops::Deref for Subset {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.items[..self.len]
    }
}

impl Combinations {
    /// The `k`-subsets of `0..n`.
    pub(crate) fn new(k: usize, n: usize) -> Combinations {
        let len = k.min(Subset::CAPACITY);
        let current = Subset { len, items: std::array::from_fn(|i| i) };
        Combinations { n, current, done: k > n || n == 0 || k > Subset::CAPACITY }
    }
}

impl Iterator for Combinations {
    type Item = Subset;

    fn next(&mut self) -> Option<Subset> {
        if self.done {
            return None;
        }
        let result = self.current;
        let k = self.current.len;
        let items = &mut self.current.items;
        // Colex successor: bump the first element that can grow without meeting the next one.
        let bump = (0..k).find(|&i| {
            let limit = if i + 1 < k { items[i + 1] } else { self.n };
            items[i] + 1 < limit
        });
        match bump {
            Some(i) => {
                items[i] += 1;
                for (j, slot) in items.iter_mut().enumerate().take(i) {
                    *slot = j;
                }
            }
            None => self.done = true,
        }
        Some(result)
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Positions for the rule tests.

    use crate::engine::explainer::{Difficulty, Producer};
    use crate::engine::logic::test_support::position;
    use crate::engine::{Candidate, Candidates, Cell, Digit, Grid};

    /// The candidates of an 81-character grid (`.` or `0` for blanks).
    pub(crate) fn grid(line: &str) -> Candidates {
        let grid: Grid = line.parse().expect("test grid parses");
        Candidates::from_grid(&grid)
    }

    /// An empty grid whose `cells` (one-based row and column) keep only the listed digits.
    pub(crate) fn narrowed(cells: &[((usize, usize), &[u8])]) -> Candidates {
        let mut g = grid(&".".repeat(81));
        for &((r, c), keep) in cells {
            for d in Digit::ALL {
                if !keep.contains(&d.get()) {
                    g.eliminate(Cell::at(r - 1, c - 1), d);
                }
            }
        }
        g
    }

    /// `r{row}c{col}={digit}` as a candidate (one-based, as printed).
    pub(crate) fn cand(row: usize, col: usize, digit: u8) -> Candidate {
        Candidate::new(Cell::at(row - 1, col - 1), Digit::new(digit).expect("digit 1-9"))
    }

    /// The step `producer` finds in the library-format position `line`: its rule's name, its
    /// difficulty, its removals (sorted) and its placements.
    pub(crate) fn found(
        producer: &dyn Producer,
        line: &str,
    ) -> (String, Difficulty, Vec<Candidate>, Vec<Candidate>) {
        let step = producer.find(&position(line)).expect("the rule fires");
        (step.rule.to_string(), step.difficulty, sorted(step.eliminations), step.placements)
    }

    /// Sorted, so tests can compare sets.
    pub(crate) fn sorted(mut list: Vec<Candidate>) -> Vec<Candidate> {
        list.sort();
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_come_in_increasing_binary_order() {
        let all: Vec<Vec<usize>> = Combinations::new(2, 4).map(|s| s.to_vec()).collect();
        assert_eq!(all, [vec![0, 1], vec![0, 2], vec![1, 2], vec![0, 3], vec![1, 3], vec![2, 3]]);
        assert_eq!(Combinations::new(0, 3).count(), 1);
        assert_eq!(Combinations::new(0, 0).count(), 0);
        assert_eq!(Combinations::new(4, 3).count(), 0);
        assert_eq!(Combinations::new(3, 9).count(), 84);
        assert_eq!(Combinations::new(9, 9).map(|s| s.to_vec()).collect::<Vec<_>>(), [Vec::from_iter(0..9)]);
        assert_eq!(Combinations::new(10, 12).count(), 0);
    }
}
