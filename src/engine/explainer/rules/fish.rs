//! SE's basic fish: X-Wing (3.2), Swordfish (3.8) and Jellyfish (5.2), columns as base lines first,
//! then rows. SE knows no finned or mutant fish.
//!
//! The fish are the hint engine's basic fish ([`basic_fish_of`]); SE adds its filters (each base
//! line holds the digit twice or more; no digit placed so often that fewer than twice the fish's
//! lines are open) and its order: the base lines' sets in increasing binary order, then digits.

use std::ops::ControlFlow;

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::logic::fish::basic_fish_of;
use crate::engine::logic::fish::lines::Orientation;
use crate::engine::{Candidate, Candidates, Cell, Digit};

/// SE's fish of `degree` base lines (2 to 4).
pub struct Fish {
    /// The number of base (and cover) lines.
    pub degree: usize,
}

impl Producer for Fish {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let placed = Digit::ALL.map(|d| Cell::ALL.iter().filter(|&&c| grid.value(c) == Some(d)).count());
        [Orientation::Columns, Orientation::Rows]
            .into_iter()
            .find_map(|base| self.with_base(grid, base, &placed))
    }
}

impl Fish {
    /// SE's first fish with base lines of `orientation`, leaving out the digits placed in more cells
    /// (`placed`, by digit) than the fish's lines allow.
    fn with_base(&self, grid: &Candidates, orientation: Orientation, placed: &[usize; 9]) -> Option<SeStep> {
        // SE's first fish: the smallest set of base lines (as a mask), then the smallest digit.
        let mut first: Option<((u16, Digit), Vec<Candidate>)> = None;
        for digit in Digit::ALL {
            if placed[digit.index()] + self.degree * 2 > 9 {
                continue;
            }
            let _ = basic_fish_of(grid, digit, orientation, self.degree, |fish| {
                let key = (fish.base.bits(), digit);
                if first.as_ref().is_some_and(|(kept, _)| *kept <= key) {
                    return ControlFlow::Continue(());
                }
                let doubled = fish
                    .base
                    .iter()
                    .all(|line| grid.house_cells_with(orientation.base_house(line), digit).len() >= 2);
                if doubled {
                    // SE lists the removals cover line by cover line, along each in order.
                    let mut cells: Vec<Cell> = fish.eliminations.iter().collect();
                    if orientation == Orientation::Rows {
                        cells.sort_by_key(|cell| (cell.col(), cell.row()));
                    }
                    first = Some((key, cells.into_iter().map(|cell| Candidate::new(cell, digit)).collect()));
                }
                ControlFlow::Continue(())
            });
        }
        first.map(|(_, eliminations)| SeStep {
            rule: ["X-Wing", "Swordfish", "Jellyfish"][self.degree - 2],
            difficulty: Difficulty([32, 38, 52][self.degree - 2]),
            placements: Vec::new(),
            eliminations,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{cand, found, grid, sorted};
    use crate::engine::logic::test_support::{cands, position};

    #[test]
    fn an_x_wing_on_columns_clears_its_rows() {
        // Columns 1 and 5 are filled but for rows 1 and 5, so their 1s (and 5s) form an X-Wing.
        let mut line = vec!['.'; 81];
        let column1 = [(2, '2'), (3, '3'), (4, '4'), (6, '6'), (7, '7'), (8, '8'), (9, '9')];
        let column5 = [(2, '3'), (3, '2'), (4, '6'), (6, '4'), (7, '8'), (8, '9'), (9, '7')];
        for ((row, d1), (_, d5)) in column1.into_iter().zip(column5) {
            line[(row - 1) * 9] = d1;
            line[(row - 1) * 9 + 4] = d5;
        }
        let g = grid(&line.iter().collect::<String>());
        let step = Fish { degree: 2 }.find(&g).expect("x-wing");
        assert_eq!(step.rule, "X-Wing");
        assert_eq!(step.difficulty, Difficulty(32));
        let expected: Vec<_> =
            [1, 5].into_iter().flat_map(|r| [2, 3, 4, 6, 7, 8, 9].map(|c| cand(r, c, 1))).collect();
        assert_eq!(sorted(step.eliminations), expected);
    }

    #[test]
    fn no_fish_on_an_empty_grid() {
        let g = grid(&".".repeat(81));
        for degree in 2..=4 {
            assert_eq!(Fish { degree }.find(&g), None);
        }
    }

    #[test]
    fn a_swordfish_from_a_bank_path() {
        let line = ":0000:x:+48.1+36+75..+3.+57....+7.5.4.3+6..+54.1.6.+7..+7.6.+5..+36.795.8.27+8.5..46+59..+8.+27+3.+43.+2+78.+5:921 223 229 239 151 259 459 169:123 127::";
        let (rule, difficulty, eliminations, _) = found(&Fish { degree: 3 }, line);
        assert_eq!((rule.as_str(), difficulty), ("Swordfish", Difficulty(38)));
        assert_eq!(eliminations, cands("123 127"));
    }

    #[test]
    fn a_jellyfish_from_a_bank_path() {
        let line = ":0000:x:.+345+6+27..+72.8+4..6..6+8.714+2.+4.......6+8.64172+3.3..+6...+4..+4713.+69..8.+7.6+35+4+6.3..41..:542 942 143 848 562 962 163 569 869 969 283 295 995:929 944 981::";
        let (rule, difficulty, eliminations, _) = found(&Fish { degree: 4 }, line);
        assert_eq!((rule.as_str(), difficulty), ("Jellyfish", Difficulty(52)));
        assert_eq!(eliminations, cands("929 944 981"));
        // No smaller fish there.
        assert_eq!(Fish { degree: 2 }.find(&position(line)), None);
    }
}
