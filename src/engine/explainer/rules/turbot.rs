//! The turbot fish family the bank's rater (Sukaku Explainer, SE 1.2.1's successor) adds between
//! hidden triplets and XY-Wings: Skyscraper (4.0: two parallel lines), Two-String Kite (4.1: a
//! column and a row) and Turbot Fish (4.2: a line and a box). Each joins two conjugate pairs of one
//! digit through a house holding one end of each; the digit goes from the cells seeing both other
//! ends. All instances are collected and the easiest applied, the one removing most first.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::{Candidate, Candidates, Cell, Digit, House, HouseKind};

use super::{cells_at, positions};

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
        let mut best: Option<(u16, usize, SeStep)> = None;
        for (base_kind, cover_kind) in PAIRS {
            for digit in Digit::ALL {
                for (i1, base) in House::of_kind(base_kind).into_iter().enumerate() {
                    let Some([b0, b1]) = pair_in(grid, base, digit) else { continue };
                    let first_cover = if base_kind == cover_kind { i1 + 1 } else { 0 };
                    for &cover in &House::of_kind(cover_kind)[first_cover.min(9)..] {
                        let Some([c0, c1]) = pair_in(grid, cover, digit) else { continue };
                        let cells = [b0, b1, c0, c1];
                        if (0..4).any(|i| (i + 1..4).any(|j| cells[i] == cells[j])) {
                            continue;
                        }
                        for i in 0..2 {
                            for j in 2..4 {
                                let (start, bridge1, bridge2, end) =
                                    (cells[i], cells[1 - i], cells[j], cells[5 - j]);
                                let Some(shared) = shared_house(bridge1, bridge2) else { continue };
                                if shared == base || shared == cover {
                                    continue;
                                }
                                let step = fish_step(grid, digit, start, end, base_kind, cover_kind);
                                if let Some(step) = step {
                                    let key = (step.difficulty.0, step.eliminations.len());
                                    let better = best
                                        .as_ref()
                                        .is_none_or(|(d, n, _)| key.0 < *d || (key.0 == *d && key.1 > *n));
                                    if better {
                                        best = Some((key.0, key.1, step));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        best.map(|(_, _, step)| step)
    }
}

/// The two places of `digit` in `house`, when it has exactly two.
fn pair_in(grid: &Candidates, house: House, digit: Digit) -> Option<[Cell; 2]> {
    let bits = positions(grid, house, digit);
    if bits.count_ones() != 2 {
        return None;
    }
    let mut cells = cells_at(house, bits);
    Some([cells.next()?, cells.next()?])
}

/// The house the two bridge cells share, looked up column first, then row, then box.
fn shared_house(a: Cell, b: Cell) -> Option<House> {
    if a.col() == b.col() {
        Some(a.col_house())
    } else if a.row() == b.row() {
        Some(a.row_house())
    } else if a.box_index() == b.box_index() {
        Some(a.box_house())
    } else {
        None
    }
}

fn fish_step(
    grid: &Candidates,
    digit: Digit,
    start: Cell,
    end: Cell,
    base: HouseKind,
    cover: HouseKind,
) -> Option<SeStep> {
    let mut victims = start.peers() & end.peers();
    victims.remove(start);
    victims.remove(end);
    let eliminations: Vec<Candidate> =
        (victims & grid.cells_with(digit)).iter().map(|c| Candidate::new(c, digit)).collect();
    if eliminations.is_empty() {
        return None;
    }
    let (rule, tenths) = match (base, cover) {
        (HouseKind::Row, HouseKind::Row) | (HouseKind::Column, HouseKind::Column) => ("Skyscraper", 40),
        (HouseKind::Column, HouseKind::Row) | (HouseKind::Row, HouseKind::Column) => ("Two-String Kite", 41),
        _ => ("Turbot Fish", 42),
    };
    Some(SeStep { rule, difficulty: Difficulty(tenths), placements: Vec::new(), eliminations })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{cand, grid};

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
}
