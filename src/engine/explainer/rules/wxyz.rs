//! The bank rater's WXYZ-Wing and VWXYZ-Wing (after the three strong links): an almost locked set
//! of three (four) mutually visible cells holding four (five) digits, and a bivalue cell holding two
//! of them. A digit of the bivalue cell whose every place in the set sees it is a restricted common;
//! the other digit then goes from the cells seeing the bivalue cell and all its places in the set.
//! With both digits restricted (doubly linked) each set digit goes from the cells seeing all its
//! places in the set. WXYZ rates 5.5, plus 0.1 when the set's largest cell holds three digits;
//! VWXYZ rates 6.2, plus 0.1 per step of its largest cell towards three (6.3 for 2 or 4, 6.4 for
//! 3). All instances are collected and the easiest applied, the one removing most first.
//!
//! This is the hint engine's ALS-XZ between an almost locked set and a bivalue cell (a set of one
//! cell): the sets are the engine's ([`sets_of_size`]), those with a cell of fewer than two
//! candidates left out as the rater does, and the removals are the ALS-XZ's ([`singly_linked`],
//! [`doubly_linked`]). The rater meets the sets in the order of their cells' lists, and the
//! bivalue cells in cell order; that order breaks ties.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::logic::als::xz::{doubly_linked, singly_linked};
use crate::engine::logic::als::{Als, sets_of_size};
use crate::engine::{Candidates, DigitSet};

use super::EasiestStep;

/// The WXYZ-Wing (`cells` 3) or VWXYZ-Wing (`cells` 4) of the bank's rater.
pub struct AlsWing {
    /// The number of cells of the almost locked set (3 or 4).
    pub cells: usize,
}

impl Producer for AlsWing {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let mut best = EasiestStep::default();
        let rule = if self.cells == 3 { "WXYZ-Wing" } else { "VWXYZ-Wing" };
        for set in sets_of_size(grid, self.cells) {
            if set.cells.iter().any(|c| grid.candidates(c).len() < 2) {
                continue;
            }
            let mut order = [0u8; 4];
            for (slot, cell) in order.iter_mut().zip(set.cells) {
                *slot = cell.index() as u8;
            }
            let tenths = self.tenths(grid, &set);
            for pivot in grid.bivalue_cells() - set.cells {
                let yz = grid.candidates(pivot);
                if !yz.is_subset(set.digits) {
                    continue;
                }
                let restricted: DigitSet = yz.iter().filter(|&d| set.seen_by(d).contains(pivot)).collect();
                if restricted.is_empty() {
                    continue;
                }
                let wing = Als::new(grid, pivot.box_house(), pivot.set(), yz);
                let mut removed = if restricted == yz {
                    doubly_linked(grid, &set, &wing, yz)
                } else {
                    singly_linked(grid, &set, &wing, restricted)
                };
                removed.sort();
                removed.dedup();
                if removed.is_empty() {
                    continue;
                }
                let step = SeStep {
                    rule,
                    difficulty: Difficulty(tenths),
                    placements: Vec::new(),
                    eliminations: removed,
                };
                best.offer_in_order((order, pivot.index()), step);
            }
        }
        best.into_step()
    }
}

impl AlsWing {
    /// The rater's difficulty: its base, plus 0.1 per step of the set's largest cell towards three
    /// digits, from `cells - 2` steps away.
    fn tenths(&self, grid: &Candidates, set: &Als) -> u16 {
        let base = if self.cells == 3 { 55 } else { 62 };
        let largest = set.cells.iter().map(|c| grid.candidates(c).len()).max().unwrap_or(0);
        let reach = self.cells.saturating_sub(2);
        base + reach.saturating_sub(largest.abs_diff(3)) as u16
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
