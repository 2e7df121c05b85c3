//! SE's aligned exclusion: Aligned Pair Exclusion (6.2, among the basic rules) and Aligned Triplet
//! Exclusion (7.5, among the chaining rules). Base cells that see enough small cells ("excluders",
//! two candidates for a pair, two or three for a triplet) rule out every combination of their
//! digits that would empty an excluder or repeat a digit in a house; a digit no allowed
//! combination uses goes.
//!
//! As in SE, base cells need a small peer and no peer with a single candidate, the base cells need
//! not share a house, and a triplet's third cell is itself a small cell seen by one of the first two.
//!
//! The hint engine has no aligned exclusion: the rule is SE's alone.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::{ByCell, Candidate, Candidates, Cell, CellSet, Digit, DigitSet};

use super::Combinations;

/// SE's aligned exclusion of `degree` base cells (2 or 3).
pub struct AlignedExclusion {
    /// The number of base cells.
    pub degree: usize,
}

impl Producer for AlignedExclusion {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let bases = self.base_cells(grid);
        if bases.len() < self.degree {
            return None;
        }
        let mut base_at = ByCell::default();
        for (i, base) in bases.iter().enumerate() {
            base_at[base.cell] = Some(i);
        }
        let mut cells = Vec::with_capacity(self.degree);
        for pair in Combinations::new(2, bases.len()) {
            let (first, second) = (&bases[pair[0]], &bases[pair[1]]);
            if (first.excluder_set & second.excluder_set).len() < 2 {
                // Every exclusion needs two excluders common to all its base cells.
                continue;
            }
            if self.degree == 2 {
                if let Some(step) = self.exclusion(grid, &[first, second]) {
                    return Some(step);
                }
                continue;
            }
            let tails = twin_area(&bases, &base_at, first, second);
            for tail in Combinations::new(self.degree - 2, tails.len()) {
                cells.clear();
                cells.extend([first, second].into_iter().chain(tail.iter().map(|&i| tails[i])));
                if let Some(step) = self.exclusion(grid, &cells) {
                    return Some(step);
                }
            }
        }
        None
    }
}

/// The other base cells among the excluders of `first` or `second`, in SE's order (`base_at` gives
/// each cell's place in `bases`).
fn twin_area<'a>(
    bases: &'a [Base],
    base_at: &ByCell<Option<usize>>,
    first: &Base,
    second: &Base,
) -> Vec<&'a Base> {
    let mut seen = first.cell.set() | second.cell.set();
    let mut area = Vec::with_capacity(first.excluders.len() + second.excluders.len());
    for &cell in first.excluders.iter().chain(&second.excluders) {
        if !seen.contains(cell) {
            seen.insert(cell);
            area.extend(base_at[cell].map(|i| &bases[i]));
        }
    }
    area
}

/// A base cell and its excluders, in SE's order and as a set.
struct Base {
    cell: Cell,
    excluders: Vec<Cell>,
    excluder_set: CellSet,
}

impl AlignedExclusion {
    /// Cells (row by row) with two or more candidates, no single-candidate peer, and at least one
    /// peer with 2..=degree candidates.
    fn base_cells(&self, grid: &Candidates) -> Vec<Base> {
        let small = |c: Cell| (2..=self.degree).contains(&grid.candidates(c).len());
        Cell::ALL
            .into_iter()
            .filter(|&c| grid.candidates(c).len() >= 2)
            .filter(|&c| !c.peers().iter().any(|p| grid.candidates(p).len() == 1))
            .filter_map(|cell| {
                let excluders: Vec<Cell> = house_order_peers(cell).filter(|&p| small(p)).collect();
                let excluder_set = excluders.iter().copied().collect();
                (!excluders.is_empty()).then_some(Base { cell, excluders, excluder_set })
            })
            .collect()
    }

    fn exclusion(&self, grid: &Candidates, cells: &[&Base]) -> Option<SeStep> {
        let common = cells.iter().fold(CellSet::ALL, |common, b| common & b.excluder_set);
        if common.len() < 2 {
            return None;
        }
        let cands: Vec<Vec<Digit>> =
            cells.iter().map(|b| grid.candidates(b.cell).into_iter().collect()).collect();
        let mut allowed = vec![DigitSet::EMPTY; cells.len()];
        let mut choice = vec![0usize; cells.len()];
        let mut digits = vec![Digit::ALL[0]; cells.len()];
        loop {
            for ((digit, &i), options) in digits.iter_mut().zip(&choice).zip(&cands) {
                *digit = options[i];
            }
            if self.is_allowed(grid, cells, &digits, common) {
                for (slot, &d) in allowed.iter_mut().zip(&digits) {
                    slot.insert(d);
                }
            }
            if !advance(&mut choice, &cands) {
                break;
            }
        }
        let eliminations: Vec<Candidate> = cells
            .iter()
            .zip(&allowed)
            .flat_map(|(b, &ok)| {
                (grid.candidates(b.cell) - ok).into_iter().map(move |d| Candidate::new(b.cell, d))
            })
            .collect();
        (!eliminations.is_empty()).then(|| SeStep {
            rule: if self.degree == 2 { "Aligned Pair Exclusion" } else { "Aligned Triplet Exclusion" },
            difficulty: Difficulty(if self.degree == 2 { 62 } else { 75 }),
            placements: Vec::new(),
            eliminations,
        })
    }

    /// Whether the base cells may hold `digits` at once: no digit twice in a house, no common
    /// excluder left without a candidate.
    fn is_allowed(&self, grid: &Candidates, cells: &[&Base], digits: &[Digit], common: CellSet) -> bool {
        for i in 0..cells.len() {
            for j in i + 1..cells.len() {
                if digits[i] == digits[j] && cells[i].cell.sees(cells[j].cell) {
                    return false;
                }
            }
        }
        let chosen: DigitSet = digits.iter().copied().collect();
        common.iter().all(|e| !grid.candidates(e).is_subset(chosen))
    }
}

/// Steps an odometer over the candidate indexes; false after the last combination.
fn advance(choice: &mut [usize], cands: &[Vec<Digit>]) -> bool {
    for (slot, options) in choice.iter_mut().zip(cands) {
        *slot += 1;
        if *slot < options.len() {
            return true;
        }
        *slot = 0;
    }
    false
}

/// The peers of `cell` in SE's order: its box, then its row, then its column.
fn house_order_peers(cell: Cell) -> impl Iterator<Item = Cell> {
    let mut seen = CellSet::EMPTY;
    let mut order = Vec::with_capacity(20);
    for house in [cell.box_house(), cell.row_house(), cell.col_house()] {
        for &c in house.cells() {
            if c != cell && !seen.contains(c) {
                seen.insert(c);
                order.push(c);
            }
        }
    }
    order.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::found;
    use crate::engine::logic::test_support::{cands, position};

    #[test]
    fn nothing_on_an_empty_grid() {
        let g = crate::engine::explainer::rules::test_support::grid(&".".repeat(81));
        assert_eq!(AlignedExclusion { degree: 2 }.find(&g), None);
        assert_eq!(AlignedExclusion { degree: 3 }.find(&g), None);
    }

    #[test]
    fn aligned_pair_exclusion_from_a_bank_path() {
        let line = ":0000:x:..+7..+81.+4..84+7.5..39+4+6+15+72+8..5237.4.+9+7+31+46+2+8+5.4+25893.+7.2+68.+1.73..1..48....9......:918 621:571::";
        let (rule, difficulty, eliminations, _) = found(&AlignedExclusion { degree: 2 }, line);
        assert_eq!((rule.as_str(), difficulty), ("Aligned Pair Exclusion", Difficulty(62)));
        assert_eq!(eliminations, cands("571"));
    }

    #[test]
    fn aligned_triplet_exclusion_from_a_bank_path() {
        let line = ":0000:x:2.........47.1...9.+6..+7348..7.62....4.6.9.2.5....35.6..981.....6...4.51+8..+4+3....6:112 312 814 515 616 816 317 521 824 226 328 141 846 347 856 862 371 776 378 778 779 284 286 591 292 796 996:448::";
        let (rule, difficulty, eliminations, _) = found(&AlignedExclusion { degree: 3 }, line);
        assert_eq!((rule.as_str(), difficulty), ("Aligned Triplet Exclusion", Difficulty(75)));
        assert_eq!(eliminations, cands("448"));
        // No pair of those cells suffices there.
        assert_eq!(AlignedExclusion { degree: 2 }.find(&position(line)), None);
    }
}
