//! The bank rater's WXYZ-Wing and VWXYZ-Wing (after the three strong links): an almost locked set
//! of three (four) mutually visible cells holding four (five) digits, and a bivalue cell holding two
//! of them. A digit of the bivalue cell whose every place in the set sees it is a restricted common;
//! the other digit then goes from the cells seeing the bivalue cell and all its places in the set.
//! With both digits restricted (doubly linked) each set digit goes from the cells seeing all its
//! places in the set. WXYZ rates 5.5, plus 0.1 when the set's largest cell holds three digits;
//! VWXYZ rates 6.2, plus 0.1 per step of its largest cell towards three (6.3 for 2 or 4, 6.4 for
//! 3). All instances are collected and the easiest applied, the one removing most first.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet};

use super::EasiestStep;

/// The WXYZ-Wing (`cells` 3) or VWXYZ-Wing (`cells` 4) of the bank's rater.
pub struct AlsWing {
    /// The number of cells of the almost locked set (3 or 4).
    pub cells: usize,
}

impl Producer for AlsWing {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let mut best = EasiestStep::default();
        let mut chosen = Vec::with_capacity(self.cells);
        for first in Cell::ALL {
            let digits = grid.candidates(first);
            if digits.len() < 2 || digits.len() > self.cells + 1 {
                continue;
            }
            chosen.push(first);
            self.extend(grid, &mut chosen, digits, later_peers(first), &mut best);
            chosen.pop();
        }
        best.into_step()
    }
}

impl AlsWing {
    /// Grows the set with cells after the last one seeing all chosen ones, keeping at most one digit
    /// more than cells; a full set with exactly that many digits is tried as a wing.
    fn extend(
        &self,
        grid: &Candidates,
        chosen: &mut Vec<Cell>,
        digits: DigitSet,
        seeing_all: CellSet,
        best: &mut EasiestStep,
    ) {
        let last = *chosen.last().expect("a first cell");
        for next in seeing_all.iter().filter(|c| c.index() > last.index()) {
            let here = grid.candidates(next);
            let union = digits | here;
            if here.len() < 2 || union.len() > self.cells + 1 {
                continue;
            }
            chosen.push(next);
            if chosen.len() == self.cells {
                if union.len() == self.cells + 1 {
                    let set = AlmostLockedSet { grid, cells: chosen.clone() };
                    set.offer_wings(self.base_tenths(), best);
                }
            } else {
                self.extend(grid, chosen, union, seeing_all & next.peers(), best);
            }
            chosen.pop();
        }
    }

    fn base_tenths(&self) -> u16 {
        if self.cells == 3 { 55 } else { 62 }
    }
}

/// The peers of `cell` after it in reading order.
fn later_peers(cell: Cell) -> CellSet {
    cell.peers().iter().filter(|p| p.index() > cell.index()).collect()
}

struct AlmostLockedSet<'a> {
    grid: &'a Candidates,
    cells: Vec<Cell>,
}

impl AlmostLockedSet<'_> {
    fn digits(&self) -> DigitSet {
        self.cells.iter().fold(DigitSet::EMPTY, |u, &c| u | self.grid.candidates(c))
    }

    /// The set's cells holding `digit`.
    fn places(&self, digit: Digit) -> CellSet {
        self.cells.iter().copied().filter(|&c| self.grid.has(c, digit)).collect()
    }

    /// Whether every place of `digit` in the set sees `pivot`.
    fn restricted(&self, digit: Digit, pivot: Cell) -> bool {
        self.places(digit).iter().all(|c| c.sees(pivot))
    }

    /// The rater's size bonus: 0.1 per step of the largest cell towards three digits, from
    /// `cells - 2` steps away.
    fn tenths(&self, base: u16) -> u16 {
        let largest = self.cells.iter().map(|&c| self.grid.candidates(c).len()).max().unwrap_or(0);
        let reach = self.cells.len().saturating_sub(2);
        base + reach.saturating_sub(largest.abs_diff(3)) as u16
    }

    fn offer_wings(&self, base: u16, best: &mut EasiestStep) {
        let set_cells: CellSet = self.cells.iter().copied().collect();
        let digits = self.digits();
        let seen = self.cells.iter().fold(CellSet::EMPTY, |u, c| u | c.peers()) - set_cells;
        let tenths = self.tenths(base);
        let rule = if self.cells.len() == 3 { "WXYZ-Wing" } else { "VWXYZ-Wing" };
        for pivot in seen {
            let yz = self.grid.candidates(pivot);
            if yz.len() != 2 || !yz.is_subset(digits) {
                continue;
            }
            let mut pair = yz.iter();
            let (Some(x), Some(z)) = (pair.next(), pair.next()) else { continue };
            let removed = match (self.restricted(x, pivot), self.restricted(z, pivot)) {
                (true, true) => self.doubly_linked(pivot, yz),
                (true, false) => self.removals(z, Some(pivot), set_cells),
                (false, true) => self.removals(x, Some(pivot), set_cells),
                (false, false) => continue,
            };
            if removed.is_empty() {
                continue;
            }
            let step = SeStep {
                rule,
                difficulty: Difficulty(tenths),
                placements: Vec::new(),
                eliminations: removed,
            };
            best.offer(step);
        }
    }

    /// `digit` removed from the cells seeing all its places in the set (and `pivot`, when given).
    fn removals(&self, digit: Digit, pivot: Option<Cell>, set_cells: CellSet) -> Vec<Candidate> {
        let mut victims = self.places(digit).iter().fold(CellSet::ALL, |v, c| v & c.peers());
        if let Some(pivot) = pivot {
            victims = (victims & pivot.peers()) - pivot.set();
        }
        victims -= set_cells;
        (victims & self.grid.cells_with(digit)).iter().map(|c| Candidate::new(c, digit)).collect()
    }

    /// Both bivalue digits restricted: each other set digit is locked in the set, each bivalue digit
    /// is locked between the set and the pivot.
    fn doubly_linked(&self, pivot: Cell, yz: DigitSet) -> Vec<Candidate> {
        let set_cells: CellSet = self.cells.iter().copied().collect();
        let mut removed = Vec::new();
        for digit in self.digits() - yz {
            removed.extend(self.removals(digit, None, set_cells | pivot.set()));
        }
        for digit in yz {
            removed.extend(self.removals(digit, Some(pivot), set_cells));
        }
        removed.sort();
        removed.dedup();
        removed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{found, grid};
    use crate::engine::logic::test_support::{cands, position};

    #[test]
    fn nothing_on_an_empty_grid() {
        assert_eq!(AlsWing { cells: 3 }.find(&grid(&".".repeat(81))), None);
        assert_eq!(AlsWing { cells: 4 }.find(&grid(&".".repeat(81))), None);
    }

    #[test]
    fn a_wxyz_wing_from_a_bank_path() {
        let line = ":0000:x:9+4+8+2+5+7+3+616+71.+4.2+59+35+2...+78+45+1+7+43..+26.3+9.6.+14+7+4.+67.1.+3+5+193.8.47+2.+64...5+9+8..+59.4+6+1+3::256 285 295::";
        assert_eq!(
            found(&AlsWing { cells: 3 }, line),
            ("WXYZ-Wing".to_string(), Difficulty(55), cands("256 285 295"), vec![])
        );
    }

    #[test]
    fn a_vwxyz_wing_from_a_bank_path() {
        let line = ":0000:x:+431+2.6.+79....4..6...8..73.+4184.7..2....+4....+7.9..2+5148..58+3.4..+84.+76....3..5.+478.:221 222 223 924 126 926 527 529 531 931 532 135 947 649 955 356 956 557 558 189 289:722::";
        assert_eq!(
            found(&AlsWing { cells: 4 }, line),
            ("VWXYZ-Wing".to_string(), Difficulty(63), cands("722"), vec![])
        );
        assert_eq!(AlsWing { cells: 3 }.find(&position(line)), None);
    }
}
