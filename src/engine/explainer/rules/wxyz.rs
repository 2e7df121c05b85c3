//! The bank rater's WXYZ-Wing (after XYZ-Wings, before unique loops): an almost locked set of three
//! mutually visible cells holding four digits, and a bivalue cell holding two of them. A digit of
//! the bivalue cell whose every place in the set sees it is a restricted common; the other digit
//! then goes from the cells seeing the bivalue cell and all its places in the set. With both digits
//! restricted (doubly linked) each set digit goes from the cells seeing all its places in the set.
//! Rated 5.6 when the set's largest cell holds three digits, 5.5 otherwise; all instances are
//! collected and the easiest applied, the one removing most first.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet};

/// SE's WXYZ-Wing.
pub struct WxyzWing;

impl Producer for WxyzWing {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let mut best: Option<SeStep> = None;
        for first in Cell::ALL {
            let a = grid.candidates(first);
            if !(2..=4).contains(&a.len()) {
                continue;
            }
            for second in later_peers(first) {
                let b = grid.candidates(second);
                if b.len() < 2 || (a | b).len() >= 5 {
                    continue;
                }
                for third in later_peers(second).iter().filter(|c| first.sees(*c)) {
                    let c = grid.candidates(third);
                    if c.len() < 2 || (a | b | c).len() != 4 {
                        continue;
                    }
                    let set = AlmostLockedSet { grid, cells: [first, second, third] };
                    set.offer_wings(&mut best);
                }
            }
        }
        best
    }
}

/// The peers of `cell` after it in reading order.
fn later_peers(cell: Cell) -> CellSet {
    cell.peers().iter().filter(|p| p.index() > cell.index()).collect()
}

struct AlmostLockedSet<'a> {
    grid: &'a Candidates,
    cells: [Cell; 3],
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

    fn offer_wings(&self, best: &mut Option<SeStep>) {
        let set_cells: CellSet = self.cells.iter().copied().collect();
        let digits = self.digits();
        let seen = self.cells.iter().fold(CellSet::EMPTY, |u, c| u | c.peers()) - set_cells;
        let largest = self.cells.iter().map(|&c| self.grid.candidates(c).len()).max().unwrap_or(0);
        let tenths = if largest == 3 { 56 } else { 55 };
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
                rule: "WXYZ-Wing",
                difficulty: Difficulty(tenths),
                placements: Vec::new(),
                eliminations: removed,
            };
            let better = best.as_ref().is_none_or(|b| {
                step.difficulty < b.difficulty
                    || (step.difficulty == b.difficulty && step.eliminations.len() > b.eliminations.len())
            });
            if better {
                *best = Some(step);
            }
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
    use crate::engine::Candidate;
    use crate::engine::explainer::rules::test_support::grid;
    use crate::engine::logic::test_support::{cands, position};

    #[test]
    fn nothing_on_an_empty_grid() {
        assert_eq!(WxyzWing.find(&grid(&".".repeat(81))), None);
    }

    /// The step `producer` finds in the library-format position `line`: its name, difficulty and
    /// sorted removals.
    fn found(producer: &dyn Producer, line: &str) -> (String, Difficulty, Vec<Candidate>) {
        let step = producer.find(&position(line)).expect("the rule fires");
        let mut eliminations = step.eliminations;
        eliminations.sort();
        (step.rule.to_string(), step.difficulty, eliminations)
    }

    #[test]
    fn a_wxyz_wing_from_a_bank_path() {
        let line = ":0000:x:9+4+8+2+5+7+3+616+71.+4.2+59+35+2...+78+45+1+7+43..+26.3+9.6.+14+7+4.+67.1.+3+5+193.8.47+2.+64...5+9+8..+59.4+6+1+3::256 285 295::";
        assert_eq!(found(&WxyzWing, line), ("WXYZ-Wing".to_string(), Difficulty(55), cands("256 285 295")));
    }
}
