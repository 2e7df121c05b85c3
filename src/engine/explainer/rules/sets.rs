//! SE's naked sets (pair 3.0, triplet 3.6, quad 5.0), hidden sets (3.4, 4.0, 5.4) and the direct
//! hidden pair and triplet (2.0, 2.5), which count only when the hidden set leaves a hidden single
//! in its house and then place only that single.
//!
//! The sets are the hint engine's ([`naked_sets_in`], [`hidden_sets_in`]); SE keeps its own house
//! order and empty-cell limits, and in a house the first set in its order: its subsets in
//! increasing binary order (by cell position, or by digit), which is the order of their masks.

use std::ops::ControlFlow;

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::logic::subsets::{hidden_sets_in, naked_sets_in};
use crate::engine::{Candidate, Candidates, CellSet, Digit, DigitSet, House};

use super::{BOX_COLUMN_ROW, empty_cells, removals_of};

/// SE's naked set of `degree` cells (2 to 4).
pub struct NakedSet {
    /// The number of cells (and digits) in the set.
    pub degree: usize,
}

impl Producer for NakedSet {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let houses = BOX_COLUMN_ROW.into_iter().flat_map(House::of_kind);
        houses
            .filter(|&house| empty_cells(grid, house) >= self.degree * 2)
            .find_map(|house| self.in_house(grid, house))
    }
}

impl NakedSet {
    /// The first naked set of `house` in SE's order that removes something. A house's cells
    /// increase in position as in index, so SE's order is that of the cell sets' bits.
    fn in_house(&self, grid: &Candidates, house: House) -> Option<SeStep> {
        let mut first: Option<(CellSet, Vec<Candidate>)> = None;
        let _ = naked_sets_in(grid, house, self.degree, |cells, digits| {
            if first.as_ref().is_none_or(|(kept, _)| cells.bits() < kept.bits()) {
                let eliminations = removals_of(grid, house.cell_set() - cells, digits);
                if !eliminations.is_empty() {
                    first = Some((cells, eliminations));
                }
            }
            ControlFlow::Continue(())
        });
        first.map(|(_, eliminations)| SeStep {
            rule: ["Naked Pair", "Naked Triplet", "Naked Quad"][self.degree - 2],
            difficulty: Difficulty([30, 36, 50][self.degree - 2]),
            placements: Vec::new(),
            eliminations,
        })
    }
}

/// SE's hidden set of `degree` digits (2 to 4); `direct` (pairs and triplets only) keeps those
/// that leave a hidden single in the house.
pub struct HiddenSet {
    /// The number of digits (and cells) in the set.
    pub degree: usize,
    /// Whether this is SE's "direct" variant.
    pub direct: bool,
}

impl Producer for HiddenSet {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let houses = BOX_COLUMN_ROW.into_iter().flat_map(House::of_kind);
        houses
            .filter(|&house| {
                let empty = empty_cells(grid, house);
                empty > self.degree * 2 || (self.direct && empty > self.degree)
            })
            .find_map(|house| self.in_house(grid, house))
    }
}

impl HiddenSet {
    /// The first hidden set of `house`, in SE's order (that of the digit sets' bits), that this
    /// variant takes.
    fn in_house(&self, grid: &Candidates, house: House) -> Option<SeStep> {
        let mut sets: Vec<(DigitSet, CellSet)> = Vec::new();
        let _ = hidden_sets_in(grid, house, self.degree, |digits, cells| {
            sets.push((digits, cells));
            ControlFlow::Continue(())
        });
        sets.sort_unstable_by_key(|(digits, _)| digits.bits());
        sets.into_iter().find_map(|(digits, cells)| {
            if self.direct {
                self.direct_step(grid, house, digits, cells)
            } else {
                self.step(grid, digits, cells)
            }
        })
    }

    fn step(&self, grid: &Candidates, set: DigitSet, cells: CellSet) -> Option<SeStep> {
        let eliminations = removals_of(grid, cells, !set);
        (!eliminations.is_empty()).then(|| SeStep {
            rule: ["Hidden Pair", "Hidden Triplet", "Hidden Quad"][self.degree - 2],
            difficulty: Difficulty([34, 40, 54][self.degree - 2]),
            placements: Vec::new(),
            eliminations,
        })
    }

    /// SE's direct hidden set places the first hidden single it leaves and removes nothing.
    fn direct_step(&self, grid: &Candidates, house: House, set: DigitSet, cells: CellSet) -> Option<SeStep> {
        Digit::ALL.into_iter().filter(|d| !set.contains(*d)).find_map(|digit| {
            let places = grid.house_cells_with(house, digit);
            let left = (places - cells).single();
            (places.len() > 1 && left.is_some()).then(|| SeStep {
                rule: ["Direct Hidden Pair", "Direct Hidden Triplet", "Direct Hidden Quad"][self.degree - 2],
                difficulty: Difficulty([20, 25, 43][self.degree - 2]),
                placements: left.map(|cell| Candidate::new(cell, digit)).into_iter().collect(),
                eliminations: Vec::new(),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Cell;
    use crate::engine::explainer::Producer;
    use crate::engine::explainer::rules::test_support::{cand, found, grid, sorted};
    use crate::engine::logic::test_support::cands;

    /// The candidates of a grid given by its first cells.
    fn row_with(prefix: &str) -> Candidates {
        grid(&format!("{prefix}{}", ".".repeat(81 - prefix.len())))
    }

    #[test]
    fn a_naked_pair_clears_its_digits_from_the_house() {
        // Box 1 holds 9 in r1c3, 345 in row 2 and 678 in row 3: r1c1 and r1c2 are left with {1,2}.
        let g = row_with("..9......345......678");
        let step = NakedSet { degree: 2 }.find(&g).expect("naked pair");
        assert_eq!(step.rule, "Naked Pair");
        assert_eq!(step.difficulty, Difficulty(30));
        // In box 1 nothing else is empty; in row 1 the pair removes 1 and 2 from c4..c9.
        let expected: Vec<_> = (4..=9).flat_map(|c| [cand(1, c, 1), cand(1, c, 2)]).collect();
        assert_eq!(sorted(step.eliminations), sorted(expected));
    }

    #[test]
    fn no_naked_set_on_an_empty_grid() {
        let g = grid(&".".repeat(81));
        for degree in 2..=4 {
            assert_eq!(NakedSet { degree }.find(&g), None);
            assert_eq!(HiddenSet { degree, direct: false }.find(&g), None);
        }
    }

    /// 1s and 2s placed so that box 1's 1s and 2s can only be in r1c1 and r1c2.
    fn hidden_pair_position() -> Candidates {
        let mut line = vec!['.'; 81];
        for (i, d) in [(9 + 4, '1'), (18 + 7, '1'), (9 + 6, '2'), (18 + 3, '2'), (27 + 2, '1'), (63 + 2, '2')]
        {
            line[i] = d;
        }
        grid(&line.iter().collect::<String>())
    }

    #[test]
    fn a_hidden_pair_clears_its_cells() {
        let step = HiddenSet { degree: 2, direct: false }.find(&hidden_pair_position()).expect("hidden pair");
        assert_eq!(step.rule, "Hidden Pair");
        assert_eq!(step.difficulty, Difficulty(34));
        let expected: Vec<_> = [1, 2].into_iter().flat_map(|c| (3..=9).map(move |d| cand(1, c, d))).collect();
        assert_eq!(sorted(step.eliminations), sorted(expected));
    }

    #[test]
    fn a_direct_hidden_pair_places_the_single_it_leaves() {
        // Box 1 has seven other empty cells: no digit is left with one place.
        assert_eq!(HiddenSet { degree: 2, direct: true }.find(&hidden_pair_position()), None);
        // With 3s in rows 2 and 3 and column 2, box 1's 3s are at r1c1 and r1c3: the pair leaves r1c3.
        let mut g = hidden_pair_position();
        for cell in [(2, 9), (3, 6), (5, 2)] {
            g.place(Cell::at(cell.0 - 1, cell.1 - 1), Digit::new(3).expect("digit"));
        }
        let step = HiddenSet { degree: 2, direct: true }.find(&g).expect("direct hidden pair");
        assert_eq!(step.rule, "Direct Hidden Pair");
        assert_eq!(step.difficulty, Difficulty(20));
        assert_eq!(step.placements, [cand(1, 3, 3)]);
        assert!(step.eliminations.is_empty());
    }

    #[test]
    fn a_naked_triplet_from_a_bank_path() {
        let line = ":0000:x:.2+6.7.+5+4+9..8...316..9.+6...+8.5.6+8.+1949+6.4+13.+8548+1.+95+63.+2.+5...9+6.614...8..+8+9..2+6+45.:524 426 731 732 234 236 374 384 394:776::";
        let (rule, difficulty, eliminations, _) = found(&NakedSet { degree: 3 }, line);
        assert_eq!((rule.as_str(), difficulty), ("Naked Triplet", Difficulty(36)));
        assert_eq!(eliminations, cands("776"));
    }

    #[test]
    fn a_hidden_triplet_from_a_bank_path() {
        let line = ":0000:x:.5.9+1+2..6...+3+64..+9..9785..2+97.5+43..84..+6+7+1+3+955..2+98.7.8..1269.....4.+9...1+9.+8.7.6.:243 378 787 388 597:417 127 187 287::";
        let (rule, difficulty, eliminations, _) = found(&HiddenSet { degree: 3, direct: false }, line);
        assert_eq!((rule.as_str(), difficulty), ("Hidden Triplet", Difficulty(40)));
        assert_eq!(eliminations, cands("417 127 187 287"));
    }

    #[test]
    fn a_naked_quad_from_a_bank_path() {
        let line = ":0000:x:.4.....9.....5....8.6...4.7..+4.8......5.2.7....21659.+4..76.35..6.9.7.3+42..+8....+7.:111 311 314 116 117 119 319 819 121 321 122 322 324 828 829 132 332 334 741 742 291 292 494 496:214 216 224 924 126 226 926::";
        let (rule, difficulty, eliminations, _) = found(&NakedSet { degree: 4 }, line);
        assert_eq!((rule.as_str(), difficulty), ("Naked Quad", Difficulty(50)));
        assert_eq!(eliminations, cands("214 216 224 924 126 226 926"));
    }

    #[test]
    fn a_direct_hidden_triplet_from_a_bank_path() {
        let line = ":0000:x:.4.7...1.7...8...2..86.29...+31...7.5.6.....3.9+75...1....78.65..6+8..3...1+52...1.8.:::959:";
        let (rule, difficulty, eliminations, placements) =
            found(&HiddenSet { degree: 3, direct: true }, line);
        assert_eq!((rule.as_str(), difficulty), ("Direct Hidden Triplet", Difficulty(25)));
        assert!(eliminations.is_empty());
        assert_eq!(placements, cands("959"));
    }
}
