//! SE's Bivalue Universal Grave, types 1 to 4: type 1 (5.6) keeps only the BUG digits of the one
//! cell holding more than two; type 2 (5.7) removes the common BUG digit from the cells seeing all
//! BUG cells; type 3 (5.8 for a pair, +0.1 per cell) treats the BUG digits as one cell of a naked set;
//! type 4 (5.7) uses a digit locked in two BUG cells of one house.
//!
//! The rule is SE's alone: the hint engine's BUG+1 is SE's type 1 with one cell of three candidates
//! only, while SE's grave may hold several cells and digits, and gives types 2 to 4.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House};

use super::{BOX_ROW_COLUMN, Combinations, house_of};

/// SE's BUG rule.
pub struct Bug;

/// The cells that break the bivalue pattern and the digits that break it there.
struct Grave {
    cells: Vec<Cell>,
    digits: Vec<DigitSet>,
    all_digits: DigitSet,
    /// The cells seeing every BUG cell (none of them), in cell order; `None` before the first.
    common: Option<CellSet>,
}

impl Producer for Bug {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let grave = find_grave(grid)?;
        let common = grave.common.unwrap_or(CellSet::EMPTY);
        if grave.cells.len() == 1 {
            let cell = grave.cells[0];
            let eliminations =
                (grid.candidates(cell) - grave.all_digits).into_iter().map(|d| Candidate::new(cell, d));
            return Some(step("BUG type 1", 56, eliminations.collect()));
        }
        if grave.all_digits.len() == 1 {
            return type2(grid, &grave, common).or_else(|| type4(grid, &grave));
        }
        if common.is_empty() {
            return None;
        }
        type4(grid, &grave).or_else(|| type3(grid, &grave, common))
    }
}

fn step(rule: &'static str, tenths: u16, eliminations: Vec<Candidate>) -> SeStep {
    SeStep { rule, difficulty: Difficulty(tenths), placements: Vec::new(), eliminations }
}

/// The BUG cells, when removing their BUG digits leaves every empty cell with two candidates and
/// every digit twice (or not at all) in every house.
fn find_grave(grid: &Candidates) -> Option<Grave> {
    let mut reduced = grid.clone();
    let mut grave =
        Grave { cells: Vec::new(), digits: Vec::new(), all_digits: DigitSet::EMPTY, common: None };
    for kind in BOX_ROW_COLUMN {
        for house in House::of_kind(kind) {
            for digit in Digit::ALL {
                let places = grid.house_cells_with(house, digit);
                if places.is_empty() || places.len() == 2 {
                    continue;
                }
                let crowded: Vec<Cell> = places.iter().filter(|&c| grid.candidates(c).len() >= 3).collect();
                match crowded[..] {
                    [] => return None,
                    [cell] => {
                        if grave.add(cell, digit) {
                            return None;
                        }
                        reduced.eliminate(cell, digit);
                    }
                    _ => {}
                }
            }
        }
    }
    let bivalue = grid.unsolved().iter().all(|c| reduced.candidates(c).len() == 2);
    let paired = House::ALL
        .into_iter()
        .all(|h| Digit::ALL.into_iter().all(|d| matches!(reduced.house_cells_with(h, d).len(), 0 | 2)));
    (bivalue && paired).then_some(grave)
}

impl Grave {
    /// Records `digit` as a BUG digit of `cell`; true when the pattern can no longer give a hint
    /// of type 1, 2 or 3 (several cells, several digits, no cell seeing them all).
    fn add(&mut self, cell: Cell, digit: Digit) -> bool {
        let index = match self.cells.iter().position(|&c| c == cell) {
            Some(i) => i,
            None => {
                self.cells.push(cell);
                self.digits.push(DigitSet::EMPTY);
                self.cells.len() - 1
            }
        };
        self.digits[index].insert(digit);
        self.all_digits.insert(digit);
        let mut common = self.common.map_or(cell.peers(), |c| c & cell.peers());
        for &c in &self.cells {
            common.remove(c);
        }
        self.common = Some(common);
        self.cells.len() > 1 && self.all_digits.len() > 1 && common.is_empty()
    }

    fn digits_of(&self, cell: Cell) -> DigitSet {
        self.cells.iter().position(|&c| c == cell).map_or(DigitSet::EMPTY, |i| self.digits[i])
    }
}

/// Type 2: one BUG digit, removed from every cell seeing all BUG cells.
fn type2(grid: &Candidates, grave: &Grave, common: CellSet) -> Option<SeStep> {
    let digit = grave.all_digits.first()?;
    let eliminations: Vec<Candidate> =
        (common & grid.cells_with(digit)).iter().map(|c| Candidate::new(c, digit)).collect();
    (!eliminations.is_empty()).then(|| step("BUG type 2", 57, eliminations))
}

/// The house of each kind (box, row, column) that all BUG cells share.
fn shared_houses(grave: &Grave) -> impl Iterator<Item = House> + '_ {
    BOX_ROW_COLUMN.into_iter().filter_map(|kind| {
        let house = house_of(kind, grave.cells[0]);
        grave.cells.iter().all(|&c| house_of(kind, c) == house).then_some(house)
    })
}

/// Type 4: two BUG cells in one house share one non-BUG digit; each keeps its BUG digits and that
/// digit, losing its other candidate.
fn type4(grid: &Candidates, grave: &Grave) -> Option<SeStep> {
    let [c1, c2] = grave.cells[..] else { return None };
    let common = (grid.candidates(c1) & grid.candidates(c2)) - grave.all_digits;
    let digit = common.single()?;
    shared_houses(grave).next()?;
    let eliminations = [c1, c2]
        .into_iter()
        .flat_map(|c| {
            let removed = grid.candidates(c) - grave.digits_of(c) - DigitSet::from_digit(digit);
            removed.into_iter().map(move |d| Candidate::new(c, d))
        })
        .collect();
    Some(step("BUG type 4", 57, eliminations))
}

/// Type 3: the BUG digits, as one cell, form a naked set with other cells of a house the BUG
/// cells share.
fn type3(grid: &Candidates, grave: &Grave, common: CellSet) -> Option<SeStep> {
    for house in shared_houses(grave).collect::<Vec<_>>() {
        let house_cells: Vec<Cell> = (common & house.cell_set()).iter().collect();
        for degree in 2..=6 {
            if house_cells.len() < degree {
                continue;
            }
            for chosen in Combinations::new(degree - 1, house_cells.len()) {
                let naked_cells: Vec<Cell> = chosen.iter().map(|&i| house_cells[i]).collect();
                if let Some(found) = naked_set(grid, grave, &house_cells, &naked_cells, degree) {
                    return Some(found);
                }
            }
        }
    }
    None
}

fn naked_set(
    grid: &Candidates,
    grave: &Grave,
    house_cells: &[Cell],
    naked_cells: &[Cell],
    degree: usize,
) -> Option<SeStep> {
    let union = naked_cells.iter().fold(DigitSet::EMPTY, |u, &c| u | grid.candidates(c));
    if union.len() != degree || naked_cells.iter().any(|&c| grid.candidates(c).len() < 2) {
        return None;
    }
    let set = union | grave.all_digits;
    if grave.all_digits.len() < 2 || set.len() != degree {
        return None;
    }
    let erasable: Vec<Cell> = house_cells
        .iter()
        .copied()
        .filter(|c| !naked_cells.contains(c) && !grave.cells.contains(c))
        .collect();
    let eliminations: Vec<Candidate> = erasable
        .iter()
        .flat_map(|&c| (grid.candidates(c) & set).into_iter().map(move |d| Candidate::new(c, d)))
        .collect();
    (!eliminations.is_empty()).then(|| step("BUG type 3", 57 + set.len() as u16 - 1, eliminations))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{found, grid};
    use crate::engine::logic::test_support::cands;

    #[test]
    fn no_bug_on_an_empty_grid() {
        assert_eq!(Bug.find(&grid(&".".repeat(81))), None);
    }

    #[test]
    fn bug_type_1_from_a_bank_path() {
        let line = ":0000:x:+63..29+7+5..+824+3.+1+96..9..632.8.5.+6+3+41+94...9+1+5.7.9....6.2+2183..9+6+53..+9+582+7+1+9+5+761+2+84+3:731 734 834 765 766:564 764::";
        let (rule, difficulty, eliminations, _) = found(&Bug, line);
        assert_eq!((rule.as_str(), difficulty), ("BUG type 1", Difficulty(56)));
        assert_eq!(eliminations, cands("564 764"));
    }

    #[test]
    fn bug_type_2_from_a_bank_path() {
        let line = ":0000:x:.+8+3...4+577.2...+89..597.+8+23.+9+7+5186+3+42..4+39+76+8+53+6+8254+1+7+9.3+7.+6192+8.9+6+8..7+148.1.+7.+5+6+3:424 286:122 135::";
        let (rule, difficulty, eliminations, _) = found(&Bug, line);
        assert_eq!((rule.as_str(), difficulty), ("BUG type 2", Difficulty(57)));
        assert_eq!(eliminations, cands("122 135"));
    }
}
