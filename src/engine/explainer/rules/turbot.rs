//! The turbot fish family the bank's rater (Sukaku Explainer, SE 1.2.1's successor) adds between
//! hidden triplets and XY-Wings: Skyscraper (4.0: two parallel lines), Two-String Kite (4.1: a
//! column and a row) and Turbot Fish (4.2: a line and a box). Each joins two conjugate pairs of one
//! digit through a house holding one end of each; the digit goes from the cells seeing both other
//! ends. The line-and-box search also takes empty rectangles (4.3): a box whose digit lies only in
//! one row and one column. All instances are collected and the easiest applied, the one removing
//! most first.
//!
//! The search stays the rater's own. The hint engine's single-digit finders name and filter their
//! chains HoDoKu's way: a Skyscraper joins two line pairs at same-side ends in one cross line, every
//! other chain is a Turbot Fish, a pair conjugate in a line and in a box is one pair, and an empty
//! rectangle needs a candidate on both arms. The rater names a chain by the kinds of its two pair
//! houses (two rows linked through a box make a Skyscraper here), rejects a link through either pair
//! house, and takes as an empty rectangle's heart the first box cell whose row and column hold the
//! digit's three to five places, arms or not. Its instances are not the engine's, so the engine's
//! cannot be filtered into them; what it shares is the conjugate pair of a house
//! ([`conjugate_pair_in`]) and the house two cells share ([`Cell::shared_house`]).

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::logic::single_digit::conjugate_pair_in;
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, House, HouseKind};

use super::EasiestStep;

/// The (base, cover) house kinds searched, in the rater's order.
const PAIRS: [(HouseKind, HouseKind); 5] = [
    (HouseKind::Row, HouseKind::Row),
    (HouseKind::Column, HouseKind::Column),
    (HouseKind::Column, HouseKind::Row),
    (HouseKind::Row, HouseKind::Box),
    (HouseKind::Column, HouseKind::Box),
];

/// Skyscrapers, two-string kites and turbot fish.
pub struct TurbotFish;

impl Producer for TurbotFish {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let mut best = EasiestStep::default();
        for (base_kind, cover_kind) in PAIRS {
            for digit in Digit::ALL {
                for (i1, base) in House::of_kind(base_kind).into_iter().enumerate() {
                    let Some(base_pair) = conjugate_pair_in(grid, base, digit) else { continue };
                    let first_cover = if base_kind == cover_kind { i1 + 1 } else { 0 };
                    for &cover in &House::of_kind(cover_kind)[first_cover.min(9)..] {
                        let fish = Fish { grid, digit, base, cover, base_pair };
                        if let Some(cover_pair) = conjugate_pair_in(grid, cover, digit) {
                            fish.offer_turbot(cover_pair, &mut best);
                        } else if let Some(heart) = empty_rectangle_heart(grid, cover, digit) {
                            fish.offer_empty_rectangle(heart, &mut best);
                        }
                    }
                }
            }
        }
        best.into_step()
    }
}

/// A conjugate pair of `digit` in `base` and the `cover` house it may join.
struct Fish<'a> {
    grid: &'a Candidates,
    digit: Digit,
    base: House,
    cover: House,
    base_pair: [Cell; 2],
}

impl Fish<'_> {
    /// Two conjugate pairs joined by a third house holding one end of each.
    fn offer_turbot(&self, cover_pair: [Cell; 2], best: &mut EasiestStep) {
        let cells = [self.base_pair[0], self.base_pair[1], cover_pair[0], cover_pair[1]];
        if (0..4).any(|i| (i + 1..4).any(|j| cells[i] == cells[j])) {
            return;
        }
        for i in 0..2 {
            for j in 2..4 {
                let (start, bridge1, bridge2, end) = (cells[i], cells[1 - i], cells[j], cells[5 - j]);
                if self.links(bridge1, bridge2) {
                    self.offer(start, end, CellSet::EMPTY, best);
                }
            }
        }
    }

    /// A conjugate pair with one end in line with the heart of a box whose `digit`s all lie in the
    /// heart's row and column.
    fn offer_empty_rectangle(&self, heart: Cell, best: &mut EasiestStep) {
        if self.base_pair.contains(&heart)
            || self.base_pair.iter().any(|c| c.box_index() == heart.box_index())
        {
            return;
        }
        for i in 0..2 {
            let (start, bridge) = (self.base_pair[i], self.base_pair[1 - i]);
            if self.links(bridge, heart) {
                self.offer(start, heart, self.base.cell_set() | self.cover.cell_set(), best);
            }
        }
    }

    /// Whether `a` and `b` (two different cells) share a house other than the base and the cover.
    /// The rater looks the house up column first, then row, then box, and takes the first: two
    /// different cells share at most one line, so that is the house [`Cell::shared_house`] finds.
    fn links(&self, a: Cell, b: Cell) -> bool {
        a.shared_house(b).is_some_and(|h| h != self.base && h != self.cover)
    }

    fn offer(&self, start: Cell, end: Cell, spared: CellSet, best: &mut EasiestStep) {
        let victims = (start.peers() & end.peers()) - start.set() - end.set() - spared;
        let eliminations: Vec<Candidate> = (victims & self.grid.cells_with(self.digit))
            .iter()
            .map(|c| Candidate::new(c, self.digit))
            .collect();
        if eliminations.is_empty() {
            return;
        }
        let (rule, tenths) = if !spared.is_empty() {
            ("Empty Rectangle", 43)
        } else {
            match (self.base.kind(), self.cover.kind()) {
                (HouseKind::Row, HouseKind::Row) | (HouseKind::Column, HouseKind::Column) => {
                    ("Skyscraper", 40)
                }
                (HouseKind::Column, HouseKind::Row) | (HouseKind::Row, HouseKind::Column) => {
                    ("Two-String Kite", 41)
                }
                _ => ("Turbot Fish", 42),
            }
        };
        best.offer(SeStep { rule, difficulty: Difficulty(tenths), placements: Vec::new(), eliminations });
    }
}

/// The heart of an empty rectangle in box `cover`: the first cell (in box order) whose row and
/// column within the box hold all of `digit`'s three to five places there.
pub(super) fn empty_rectangle_heart(grid: &Candidates, cover: House, digit: Digit) -> Option<Cell> {
    if cover.kind() != HouseKind::Box {
        return None;
    }
    let places = grid.house_cells_with(cover, digit);
    if !(3..=5).contains(&places.len()) {
        return None;
    }
    cover.cells().iter().copied().find(|&heart| {
        let cross = (heart.row_house().cell_set() | heart.col_house().cell_set()) & cover.cell_set();
        places.is_subset(cross)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{cand, found, grid};
    use crate::engine::logic::test_support::cands;

    fn without(cells: &[(usize, usize)], digit: u8) -> Candidates {
        let mut g = grid(&".".repeat(81));
        for &(r, c) in cells {
            g.eliminate(Cell::at(r - 1, c - 1), Digit::new(digit).expect("digit"));
        }
        g
    }

    #[test]
    fn a_skyscraper_clears_the_cells_seeing_both_tops() {
        // Row 1 keeps its 1s in c1 and c5, row 5 in c1 and c6: linked through column 1, the tops
        // r1c5 and r5c6 see r2c6, r3c6 (box 2) and r4c5, r6c5 (box 5).
        let mut removed: Vec<(usize, usize)> = [2, 3, 4, 6, 7, 8, 9].iter().map(|&c| (1, c)).collect();
        removed.extend([2, 3, 4, 5, 7, 8, 9].iter().map(|&c| (5, c)));
        let g = without(&removed, 1);
        let step = TurbotFish.find(&g).expect("skyscraper");
        assert_eq!(step.rule, "Skyscraper");
        assert_eq!(step.difficulty, Difficulty(40));
        let mut got = step.eliminations;
        got.sort();
        assert_eq!(got, [cand(2, 6, 1), cand(3, 6, 1), cand(4, 5, 1), cand(6, 5, 1)]);
    }

    #[test]
    fn nothing_without_conjugate_pairs() {
        assert_eq!(TurbotFish.find(&grid(&".".repeat(81))), None);
    }

    #[test]
    fn an_empty_rectangle_from_a_bank_path() {
        let line = ":0000:x:619....+8+34+5+7398+6+21+8+32......2.+8.+361.5.+65.2.8+3.3.18...+62..+6.+8+34+5+95+8+3974+2+16..+4...378:434 435 535 766 595:734::";
        let (rule, difficulty, eliminations, placements) = found(&TurbotFish, line);
        assert_eq!((rule.as_str(), difficulty), ("Empty Rectangle", Difficulty(43)));
        assert_eq!(eliminations, cands("734"));
        assert!(placements.is_empty());
    }

    #[test]
    fn a_two_string_kite_from_a_bank_path() {
        let line = ":0000:x:21+795+3..4.9..6..37...7.......+1...3.892..+7..158.5.........+6.2...68..1.+74.1...47.96:827 532 637 837 638 838 446 646 965 966 571 594:373::";
        let (rule, difficulty, eliminations, _) = found(&TurbotFish, line);
        assert_eq!((rule.as_str(), difficulty), ("Two-String Kite", Difficulty(41)));
        assert_eq!(eliminations, cands("373"));
    }
}
