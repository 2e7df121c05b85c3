//! What the game knows about the killer cages of a position: cage conflicts, the digits the cage
//! combinations still allow, the cage panel's figures, and the colouring of the cages.

use crate::engine::killer::{Cage, Cages, digit_sum};
use crate::engine::{Cell, CellSet, Digit, DigitSet, Grid};

/// The cells of every cage in trouble: a repeated digit, placed digits above the sum, or a full
/// cage whose digits do not add up to it.
pub fn cage_conflicts(cages: &Cages, grid: &Grid) -> CellSet {
    let mut bad = CellSet::EMPTY;
    for cage in cages.as_slice() {
        let placed: Vec<(Cell, Digit)> =
            cage.cells().iter().filter_map(|c| grid.get(c).map(|d| (c, d))).collect();
        let total: u32 = placed.iter().map(|&(_, d)| u32::from(d.get())).sum();
        let full = placed.len() == cage.size();
        if total > cage.sum() || (full && total != cage.sum()) {
            bad |= placed.iter().map(|&(c, _)| c).collect::<CellSet>();
        }
        for (i, &(cell, digit)) in placed.iter().enumerate() {
            if placed.iter().enumerate().any(|(j, &(_, other))| i != j && other == digit) {
                bad.insert(cell);
            }
        }
    }
    bad
}

/// The digits placed in `cage`.
pub fn placed_digits(cage: &Cage, grid: &Grid) -> DigitSet {
    cage.cells().iter().filter_map(|c| grid.get(c)).collect()
}

/// The digits the empty cells of `cage` may still hold: those of the combinations that contain
/// every placed digit, less the placed digits.
pub fn cage_allowed(cage: &Cage, grid: &Grid) -> DigitSet {
    let placed = placed_digits(cage, grid);
    let union = cage
        .combinations()
        .iter()
        .filter(|combo| combo.bits() & placed.bits() == placed.bits())
        .fold(0, |acc, combo| acc | combo.bits());
    DigitSet::from_bits(union & !placed.bits())
}

/// The cage of a cell as the cage panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageStatus {
    /// The cage.
    pub cage: Cage,
    /// Its digits on the board.
    pub placed: DigitSet,
    /// How many of its cells hold a digit.
    pub filled: usize,
    /// What the empty cells must still add up to (negative when the placed digits exceed the sum).
    pub left: i64,
    /// Every combination of the cage's size and sum, and whether it can still make the cage.
    pub combinations: Vec<(DigitSet, bool)>,
}

/// The status of the cage of `cell` on `grid`, where `options(cell)` are the digits an empty cell
/// may hold (its marks, or every digit its peers leave).
pub fn cage_status(
    cages: &Cages,
    cell: Cell,
    grid: &Grid,
    options: impl Fn(Cell) -> DigitSet,
) -> Option<CageStatus> {
    let cage = *cages.cage_at(cell)?;
    let placed = placed_digits(&cage, grid);
    let filled = cage.cells().iter().filter(|&c| grid.get(c).is_some()).count();
    let left = i64::from(cage.sum()) - i64::from(digit_sum(placed));
    let empty: Vec<DigitSet> = cage.cells().iter().filter(|&c| grid.get(c).is_none()).map(&options).collect();
    let mut combinations: Vec<(DigitSet, bool)> = cage
        .combinations()
        .iter()
        .map(|&combo| {
            let possible = combo.bits() & placed.bits() == placed.bits()
                && filled == placed.len()
                && assignable(&empty, DigitSet::from_bits(combo.bits() & !placed.bits()));
            (combo, possible)
        })
        .collect();
    // Smallest digits first, as players list them (19 28 37 46).
    combinations.sort_by_key(|(combo, _)| combo.iter().map(Digit::get).collect::<Vec<u8>>());
    Some(CageStatus { cage, placed, filled, left, combinations })
}

/// Whether the cells with `options` can take the digits of `digits`, one each, all of them.
fn assignable(options: &[DigitSet], digits: DigitSet) -> bool {
    let Some((first, rest)) = options.split_first() else { return digits.is_empty() };
    if digits.len() != options.len() {
        return false;
    }
    (*first & digits).iter().any(|d| assignable(rest, digits - DigitSet::from_digit(d)))
}

/// A background number (below `fills`) for every cage, in cage order, such that no two cages
/// whose cells touch (side or corner) share one where `fills` allow it.
pub fn cage_colouring(cages: &Cages, fills: usize) -> Vec<usize> {
    let slice = cages.as_slice();
    let mut colours: Vec<usize> = Vec::with_capacity(slice.len());
    for (i, cage) in slice.iter().enumerate() {
        let near = touching(cage.cells());
        let used: Vec<usize> =
            (0..i).filter(|&j| !(slice[j].cells() & near).is_empty()).map(|j| colours[j]).collect();
        let free = (0..fills).find(|c| !used.contains(c)).unwrap_or(i % fills.max(1));
        colours.push(free);
    }
    colours
}

/// The cells next to `cells` (side or corner), `cells` excluded.
fn touching(cells: CellSet) -> CellSet {
    let mut near = CellSet::EMPTY;
    for cell in cells {
        for dr in -1i32..=1 {
            for dc in -1i32..=1 {
                let (r, c) = (cell.row() as i32 + dr, cell.col() as i32 + dc);
                if (0..9).contains(&r) && (0..9).contains(&c) {
                    near.insert(Cell::at(r as usize, c as usize));
                }
            }
        }
    }
    near - cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::text::parse_killer_line;

    const LINE: &str = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";

    fn d(n: u8) -> Digit {
        Digit::new(n).expect("digit")
    }

    #[test]
    fn repeats_excess_and_wrong_totals_are_conflicts() {
        let (_, cages) = parse_killer_line(LINE).expect("valid");
        // Cage a (r1c1, r1c2) sums to 9.
        let mut grid = Grid::default();
        grid.set(Cell::at(0, 0), Some(d(4)));
        assert!(cage_conflicts(&cages, &grid).is_empty());
        grid.set(Cell::at(0, 1), Some(d(4)));
        assert_eq!(cage_conflicts(&cages, &grid).len(), 2, "repeated 4");
        grid.set(Cell::at(0, 1), Some(d(6)));
        assert_eq!(cage_conflicts(&cages, &grid).len(), 2, "10 is not 9");
        grid.set(Cell::at(0, 1), Some(d(5)));
        assert!(cage_conflicts(&cages, &grid).is_empty());
        grid.set(Cell::at(0, 1), None);
        grid.set(Cell::at(0, 0), Some(d(9)));
        assert!(cage_conflicts(&cages, &grid).is_empty(), "9 is not above 9 yet");
    }

    #[test]
    fn allowed_digits_and_status_follow_the_combinations() {
        let (_, cages) = parse_killer_line(LINE).expect("valid");
        let mut grid = Grid::default();
        let cage = *cages.cage_at(Cell::at(0, 0)).expect("cage");
        assert_eq!(cage_allowed(&cage, &grid), DigitSet::from_iter([1, 2, 3, 4, 5, 6, 7, 8].map(d)));
        grid.set(Cell::at(0, 0), Some(d(2)));
        assert_eq!(cage_allowed(&cage, &grid), DigitSet::from_digit(d(7)));
        let status = cage_status(&cages, Cell::at(0, 1), &grid, |_| DigitSet::ALL).expect("cage");
        assert_eq!((status.filled, status.left), (1, 7));
        let possible: Vec<DigitSet> = status.combinations.iter().filter(|c| c.1).map(|c| c.0).collect();
        assert_eq!(possible, vec![DigitSet::from_iter([2, 7].map(d))]);
        let marked =
            cage_status(&cages, Cell::at(0, 1), &grid, |_| DigitSet::from_digit(d(3))).expect("cage");
        assert!(marked.combinations.iter().all(|c| !c.1), "the marks leave no 7");
    }

    #[test]
    fn touching_cages_get_different_colours() {
        let (_, cages) = parse_killer_line(LINE).expect("valid");
        let colours = cage_colouring(&cages, 6);
        for (i, a) in cages.as_slice().iter().enumerate() {
            for (j, b) in cages.as_slice().iter().enumerate().skip(i + 1) {
                if !(touching(a.cells()) & b.cells()).is_empty() {
                    assert_ne!(colours[i], colours[j], "{a} and {b}");
                }
            }
        }
    }
}
