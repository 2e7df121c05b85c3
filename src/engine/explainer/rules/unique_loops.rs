//! SE's unique rectangles and loops, types 1 to 4: 4.5 for a rectangle, 4.6 for a loop of six
//! cells, 4.7 for eight, 5.0 for ten or more; type 3 adds 0.1 per extra cell of its naked or
//! hidden set. SE collects every instance and applies the easiest (then the lowest type).
//!
//! The loop search follows SE's: from each bivalue cell, walk through cells holding both digits,
//! changing house kind at each step, with at most two cells holding more digits (more when they
//! all add the same single digit). Like SE's, the record of extra digits is shared by the cells
//! tried from one position, which prunes some walks.
//!
//! The rule is SE's alone: the hint engine's uniqueness tests are HoDoKu's rectangles (four cells,
//! its types 1 to 6, no loops), while SE's rectangles and loops come out of the one walk above, in
//! its order and with its pruning.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House};

use super::{BOX_ROW_COLUMN, Combinations, empty_cells, house_of, removals, removals_of};

/// The most cells the loop search visits from one start cell; a guard against pathological grids
/// (SE has none; real grids stay far below it).
const SEARCH_BUDGET: usize = 200_000;

/// SE's unique rectangles and loops.
pub struct UniqueLoops;

impl Producer for UniqueLoops {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let mut best = Best::default();
        for cell in Cell::ALL {
            let pair = grid.candidates(cell);
            if pair.len() != 2 {
                continue;
            }
            let mut search = LoopSearch { grid, pair, loops: Vec::new(), budget: SEARCH_BUDGET };
            search.extend(&mut Vec::new(), cell, 2, DigitSet::EMPTY, None);
            for cells in search.loops.iter().filter(|l| is_valid_loop(l)) {
                Pattern { grid, cells, pair }.offer_hints(&mut best);
            }
        }
        best.step
    }
}

/// The easiest hint seen so far, ties going to the first (SE sorts stably by difficulty, then type).
#[derive(Default)]
struct Best {
    key: Option<(u16, u8)>,
    step: Option<SeStep>,
}

impl Best {
    fn offer(&mut self, kind: u8, step: SeStep) {
        let key = (step.difficulty.0, kind);
        if self.key.is_none_or(|best| key < best) {
            self.key = Some(key);
            self.step = Some(step);
        }
    }
}

/// The walk through cells holding both digits of `pair`.
struct LoopSearch<'a> {
    grid: &'a Candidates,
    pair: DigitSet,
    loops: Vec<Vec<Cell>>,
    budget: usize,
}

impl LoopSearch<'_> {
    fn extend(
        &mut self,
        path: &mut Vec<Cell>,
        cell: Cell,
        allowed_extra: i32,
        extra: DigitSet,
        last: Option<House>,
    ) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        path.push(cell);
        let mut extra = extra;
        for kind in BOX_ROW_COLUMN {
            if last.is_some_and(|h| h.kind() == kind) {
                continue;
            }
            let house = house_of(kind, cell);
            for &next in house.cells() {
                if next == path[0] && path.len() >= 4 {
                    self.loops.push(path.clone());
                } else if !path.contains(&next) {
                    let here = self.grid.candidates(next);
                    if !self.pair.is_subset(here) {
                        continue;
                    }
                    extra |= here - self.pair;
                    if here.len() == 2 || extra.len() == 1 || allowed_extra > 0 {
                        let left = allowed_extra - i32::from(here.len() > 2);
                        self.extend(path, next, left, extra, Some(house));
                    }
                }
            }
        }
        path.pop();
    }
}

/// Whether each house the loop visits is visited exactly twice, by cells of opposite parity along it.
fn is_valid_loop(cells: &[Cell]) -> bool {
    let mut visited = [0u32; 2];
    for (i, cell) in cells.iter().enumerate() {
        for house in cell.houses() {
            let bit = 1u32 << house.index();
            if visited[i % 2] & bit != 0 {
                return false;
            }
            visited[i % 2] |= bit;
        }
    }
    visited[0] == visited[1]
}

/// One valid loop on the digits `pair`.
struct Pattern<'a> {
    grid: &'a Candidates,
    cells: &'a [Cell],
    pair: DigitSet,
}

impl Pattern<'_> {
    fn base_difficulty(&self) -> u16 {
        let n = self.cells.len();
        45 + if n >= 10 { 3 } else { 0 }
            + if n >= 8 {
                2
            } else if n >= 6 {
                1
            } else {
                0
            }
    }

    fn rule(&self, kind: u8) -> &'static str {
        let rectangle = self.cells.len() == 4;
        match (rectangle, kind) {
            (true, 1) => "Unique Rectangle type 1",
            (true, 2) => "Unique Rectangle type 2",
            (true, 3) => "Unique Rectangle type 3",
            (true, _) => "Unique Rectangle type 4",
            (false, 1) => "Unique Loop type 1",
            (false, 2) => "Unique Loop type 2",
            (false, 3) => "Unique Loop type 3",
            (false, _) => "Unique Loop type 4",
        }
    }

    fn step(&self, kind: u8, extra_tenths: u16, eliminations: Vec<Candidate>) -> SeStep {
        SeStep {
            rule: self.rule(kind),
            difficulty: Difficulty(self.base_difficulty() + extra_tenths),
            placements: Vec::new(),
            eliminations,
        }
    }

    /// Every hint SE draws from this loop, offered in SE's order.
    fn offer_hints(&self, best: &mut Best) {
        let extra: Vec<Cell> =
            self.cells.iter().copied().filter(|&c| self.grid.candidates(c).len() > 2).collect();
        match extra[..] {
            [] => {}
            [rescue] => best.offer(1, self.step(1, 0, removals_of(self.grid, [rescue], self.pair))),
            [c1, c2] => {
                let others = (self.grid.candidates(c1) | self.grid.candidates(c2)) - self.pair;
                if others.len() == 1 {
                    self.offer_type2(&extra, best);
                } else {
                    self.offer_type3(c1, c2, others, best);
                }
                self.offer_type4(c1, c2, best);
            }
            _ => self.offer_type2(&extra, best),
        }
    }

    /// Type 2: the extra cells share one extra digit, removed from every cell seeing them all.
    fn offer_type2(&self, extra: &[Cell], best: &mut Best) {
        let Some(digit) = (self.grid.candidates(extra[0]) - self.pair).first() else { return };
        let mut common = CellSet::ALL;
        for &cell in extra {
            common &= cell.peers();
        }
        let eliminations = removals(self.grid, common.iter().filter(|c| !extra.contains(c)), digit);
        if !eliminations.is_empty() {
            best.offer(2, self.step(2, 0, eliminations));
        }
    }

    /// Type 3: the extra digits of `c1` and `c2` act as one cell of a naked set (or the loop digits
    /// as part of a hidden set) in a house both share.
    fn offer_type3(&self, c1: Cell, c2: Cell, others: DigitSet, best: &mut Best) {
        for degree in others.len()..=7 {
            for kind in BOX_ROW_COLUMN {
                let house = house_of(kind, c1);
                if house != house_of(kind, c2) {
                    continue;
                }
                let empty = empty_cells(self.grid, house);
                if degree * 2 <= empty {
                    self.offer_naked(house, c1, c2, others, degree, best);
                }
                if degree * 2 < empty {
                    self.offer_hidden(house, c1, c2, others, degree, best);
                }
            }
        }
    }

    fn offer_naked(
        &self,
        house: House,
        c1: Cell,
        c2: Cell,
        others: DigitSet,
        degree: usize,
        best: &mut Best,
    ) {
        let (index1, index2) = (position_in(house, c1), position_in(house, c2));
        for indexes in Combinations::new(degree, 9) {
            if !indexes.contains(&index1) || indexes.contains(&index2) {
                continue;
            }
            let mut naked = others & self.grid.candidates(c1) & self.grid.candidates(c2);
            let mut union = DigitSet::EMPTY;
            let mut all_plural = true;
            let mut set_cells = Vec::new();
            for &i in indexes.iter() {
                let here = if i == index1 {
                    others
                } else {
                    let cell = house.cell(i);
                    set_cells.push(cell);
                    let here = self.grid.candidates(cell);
                    naked |= here;
                    here
                };
                all_plural &= here.len() > 1;
                union |= here;
            }
            if naked.len() != degree || !all_plural || union.len() != degree {
                continue;
            }
            let rest =
                house.cells().iter().copied().filter(|c| !set_cells.contains(c) && *c != c1 && *c != c2);
            let eliminations = removals_of(self.grid, rest, union);
            if !eliminations.is_empty() {
                best.offer(3, self.step(3, degree as u16 - 1, eliminations));
            }
        }
    }

    fn offer_hidden(
        &self,
        house: House,
        c1: Cell,
        c2: Cell,
        others: DigitSet,
        degree: usize,
        best: &mut Best,
    ) {
        let spare: Vec<Digit> =
            Digit::ALL.into_iter().filter(|&d| !self.pair.contains(d) && !others.contains(d)).collect();
        if degree - 2 > spare.len() {
            return;
        }
        for chosen in Combinations::new(degree - 2, spare.len()) {
            let hidden: DigitSet = chosen.iter().map(|&i| spare[i]).chain(self.pair).collect();
            let mut union = CellSet::EMPTY;
            let mut all_present = true;
            for digit in hidden {
                let places = self.grid.house_cells_with(house, digit) - c2.set();
                all_present &= !places.is_empty();
                union |= places;
            }
            if !all_present || union.len() != degree {
                continue;
            }
            let set_cells = union - c1.set() - c2.set();
            let eliminations = removals_of(self.grid, set_cells, !hidden);
            if !eliminations.is_empty() {
                best.offer(3, self.step(3, (set_cells.len() as u16).saturating_sub(1), eliminations));
            }
        }
    }

    /// Type 4: one loop digit lies only in `c1` and `c2` within a house they share, so the other
    /// loop digit goes from both.
    fn offer_type4(&self, c1: Cell, c2: Cell, best: &mut Best) {
        let mut digits = self.pair.iter();
        let (Some(v1), Some(v2)) = (digits.next(), digits.next()) else { return };
        let mut locked = [None, None];
        for kind in BOX_ROW_COLUMN {
            let house = house_of(kind, c1);
            if house != house_of(kind, c2) {
                continue;
            }
            let rest = house.cell_set() - c1.set() - c2.set();
            for (slot, digit) in locked.iter_mut().zip([v1, v2]) {
                if (rest & self.grid.cells_with(digit)).is_empty() {
                    *slot = Some(house);
                }
            }
        }
        let removed = match locked {
            [Some(_), _] => v2,
            [None, Some(_)] => v1,
            [None, None] => return,
        };
        best.offer(4, self.step(4, 0, removals(self.grid, [c1, c2], removed)));
    }
}

/// The position (0-8) of `cell` in `house`.
fn position_in(house: House, cell: Cell) -> usize {
    house.cells().iter().position(|&c| c == cell).expect("the cell lies in the house")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{cand, found, narrowed};
    use crate::engine::logic::test_support::cands;

    #[test]
    fn a_type_1_rectangle_clears_the_loop_digits_from_its_rescue_cell() {
        // r1c1, r1c4, r2c1 {1,2} and r2c4 {1,2,5}: a rectangle over two boxes.
        let g = narrowed(&[((1, 1), &[1, 2]), ((1, 4), &[1, 2]), ((2, 1), &[1, 2]), ((2, 4), &[1, 2, 5])]);
        let step = UniqueLoops.find(&g).expect("unique rectangle");
        assert_eq!(step.rule, "Unique Rectangle type 1");
        assert_eq!(step.difficulty, Difficulty(45));
        let mut removed = step.eliminations;
        removed.sort();
        assert_eq!(removed, [cand(2, 4, 1), cand(2, 4, 2)]);
    }

    #[test]
    fn no_rectangle_within_one_box_band_and_stack() {
        // The four cells lie in one box: not a deadly pattern, SE's parity check rejects it.
        let g = narrowed(&[((1, 1), &[1, 2]), ((1, 2), &[1, 2]), ((2, 1), &[1, 2]), ((2, 2), &[1, 2, 5])]);
        assert_eq!(UniqueLoops.find(&g), None);
    }

    #[test]
    fn a_type_4_rectangle_removes_the_unlocked_digit() {
        // r2c1 and r2c4 hold 1, 2 and extras; 1 appears nowhere else in row 2: 2 goes from both.
        let mut g =
            narrowed(&[((1, 1), &[1, 2]), ((1, 4), &[1, 2]), ((2, 1), &[1, 2, 5]), ((2, 4), &[1, 2, 6])]);
        for c in [1, 2, 4, 5, 6, 7, 8] {
            g.eliminate(Cell::at(1, c), Digit::new(1).expect("digit"));
        }
        let step = UniqueLoops.find(&g).expect("unique rectangle");
        assert_eq!(step.rule, "Unique Rectangle type 4");
        assert_eq!(step.eliminations, [cand(2, 1, 2), cand(2, 4, 2)]);
    }

    #[test]
    fn a_type_2_rectangle_from_a_bank_path() {
        let line = ":0000:x:51.....27+4+7.512...+8+2.+7..+5+1.36+1+2...959+54.3.6.22+87+6+5+91+436+423789+51+1+3+8925...+7+9+5.6.+2+3+8:416 817 436:923::";
        let (rule, difficulty, eliminations, _) = found(&UniqueLoops, line);
        assert_eq!((rule.as_str(), difficulty), ("Unique Rectangle type 2", Difficulty(45)));
        assert_eq!(eliminations, cands("923"));
    }

    #[test]
    fn a_type_3_rectangle_from_a_bank_path() {
        let line = ":0000:x:.4+7139.2+55+9.+24+8..7.+2.+5+6+7+4+9.9+5.7.3+2.4+43.6+52.7..+72.+9.5..3+8+49.6.+52.6+5....8..1+9..+5.4.::175::";
        let (rule, difficulty, eliminations, _) = found(&UniqueLoops, line);
        assert_eq!(rule, "Unique Rectangle type 3");
        assert_eq!(difficulty, Difficulty(45));
        assert_eq!(eliminations, cands("175"));
    }

    #[test]
    fn a_loop_of_six_from_a_bank_path() {
        let line = ":0000:x:+13+7+4+5.+98....791.....5+8..7..+3.4+18+95..+8+512.43+9.2.+93.5..8..25+486.....+9.....5+43+61.8.9:622 228 428 628 229 429 629 631 632 635 236 238 338 239 339 639 748 668 768 772 779 682 782 785 286 288 388 289 389 789:649 749::";
        let (rule, difficulty, eliminations, _) = found(&UniqueLoops, line);
        assert_eq!((rule.as_str(), difficulty), ("Unique Loop type 1", Difficulty(46)));
        assert_eq!(eliminations, cands("649 749"));
    }
}
