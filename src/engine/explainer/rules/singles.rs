//! SE's singles: the hidden single (1.0 as the last empty cell of a house, 1.2 in a box, 1.5 in a
//! line) and the naked single (2.3), found by the hint engine's singles finders
//! ([`hidden_single_placements`], [`naked_single_placements`]) in SE's order.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::logic::singles::{hidden_single_placements, naked_single_placements};
use crate::engine::{Candidates, House, HouseKind};

use super::{BOX_COLUMN_ROW, empty_cells};

/// SE's hidden single: first the last empty cells of houses (boxes, columns, rows), then the
/// proper hidden singles in the same order.
pub struct HiddenSingle;

impl Producer for HiddenSingle {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        [true, false].into_iter().find_map(|alone| find_hidden_single(grid, alone))
    }
}

/// The first hidden single whose house has one empty cell (`alone`) or more.
fn find_hidden_single(grid: &Candidates, alone: bool) -> Option<SeStep> {
    for kind in BOX_COLUMN_ROW {
        for house in House::of_kind(kind) {
            let is_alone = empty_cells(grid, house) == 1;
            if is_alone != alone {
                continue;
            }
            if let Some(placement) = hidden_single_placements(grid, house).next() {
                let difficulty = match (is_alone, kind) {
                    (true, _) => 10,
                    (false, HouseKind::Box) => 12,
                    (false, _) => 15,
                };
                return Some(SeStep {
                    rule: "Hidden Single",
                    difficulty: Difficulty(difficulty),
                    placements: vec![placement],
                    eliminations: Vec::new(),
                });
            }
        }
    }
    None
}

/// SE's naked single (2.3): the first cell, row by row, with one candidate left.
pub struct NakedSingle;

impl Producer for NakedSingle {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        naked_single_placements(grid).next().map(|placement| SeStep {
            rule: "Naked Single",
            difficulty: Difficulty(23),
            placements: vec![placement],
            eliminations: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{cand, grid};

    #[test]
    fn the_last_empty_cell_of_a_house_rates_one() {
        let g = grid(&format!("12345678.{}", ".".repeat(72)));
        let step = HiddenSingle.find(&g).expect("full house");
        assert_eq!(step.placements, [cand(1, 9, 9)]);
        assert_eq!(step.difficulty, Difficulty(10));
    }

    #[test]
    fn a_hidden_single_in_a_box_rates_one_point_two() {
        // The 1s of rows 2 and 3 and columns 2 and 3 leave r1c1 the only place for 1 in box 1.
        let mut line = vec!['.'; 81];
        line[9 + 5] = '1'; // r2c6
        line[18 + 7] = '1'; // r3c8
        line[27 + 1] = '1'; // r4c2
        line[63 + 2] = '1'; // r8c3
        let g = grid(&line.iter().collect::<String>());
        let step = HiddenSingle.find(&g).expect("hidden single");
        assert_eq!(step.placements, [cand(1, 1, 1)]);
        assert_eq!(step.difficulty, Difficulty(12));
    }

    #[test]
    fn nothing_on_an_empty_grid() {
        let g = grid(&".".repeat(81));
        assert_eq!(HiddenSingle.find(&g), None);
        assert_eq!(NakedSingle.find(&g), None);
    }

    #[test]
    fn a_naked_single_rates_two_point_three() {
        // r1c1 sees 2-5 in its row, 6-7 in its column and 8-9 in its box: only 1 is left.
        let g = grid(&format!("..2345...{}.89......6{}7{}", ".".repeat(9), ".".repeat(35), ".".repeat(17)));
        let step = NakedSingle.find(&g).expect("naked single");
        assert_eq!(step.placements, [cand(1, 1, 1)]);
        assert_eq!(step.difficulty, Difficulty(23));
    }
}
