//! How the game shows the killer cages of a position: the cage panel's figures and the colouring of
//! the cages. (The cage rules themselves, conflicts and the digits a cage still allows, are the
//! engine's cage model's.)

use crate::engine::killer::{Cage, Cages, digit_sum};
use crate::engine::{Cell, CellSet, Digit, DigitSet, Grid};
use crate::game::Game;

/// The cage of a cell as the cage panel shows it.
///
/// "Left" counts each placed digit once: a cage cannot hold a digit twice, so with a repeat (two 5s)
/// one of them is wrong, and the sum left is what the distinct digits leave ([`CageStatus::repeated`]
/// says which digits are there twice; the board shows them as conflicts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageStatus {
    /// The cage.
    pub cage: Cage,
    /// Its distinct digits on the board.
    pub placed: DigitSet,
    /// Its digits on the board, one per filled cell, smallest first (a repeated digit as often as
    /// it is placed).
    pub each: Vec<Digit>,
    /// The digits placed more than once in the cage.
    pub repeated: DigitSet,
    /// How many of its cells hold a digit.
    pub filled: usize,
    /// What the empty cells must still add up to: the sum less the distinct placed digits
    /// (negative when they exceed the sum).
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
    let placed = cage.placed_digits(grid);
    let mut each: Vec<Digit> = cage.cells().iter().filter_map(|c| grid.get(c)).collect();
    each.sort_by_key(|d| d.get());
    let repeated: DigitSet = each.windows(2).filter(|pair| pair[0] == pair[1]).map(|pair| pair[0]).collect();
    let filled = each.len();
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
    Some(CageStatus { cage, placed, each, repeated, filled, left, combinations })
}

/// [`stuck_cage_cells`] of `game` (none on a classic game).
pub fn stuck_cells(game: &Game) -> CellSet {
    game.puzzle().cages().map_or(CellSet::EMPTY, |cages| stuck_cage_cells(cages, &game.grid()))
}

/// The filled cells of every cage that no combination of its size and sum can complete any more,
/// given its placed digits alone (a 5 in a two-cell cage of 5, a 1 and a 2 in a three-cell cage of
/// 20): the board flags them as it flags a conflict. The marks and the peers' digits are not
/// weighed here (the cage panel weighs them, and may say "none fits" of more cages).
pub fn stuck_cage_cells(cages: &Cages, grid: &Grid) -> CellSet {
    let mut stuck = CellSet::EMPTY;
    for cage in cages.as_slice() {
        let filled: CellSet = cage.cells().iter().filter(|&c| grid.get(c).is_some()).collect();
        let Some(first) = filled.iter().next() else { continue };
        let status = cage_status(cages, first, grid, |_| DigitSet::ALL);
        if status.is_some_and(|status| status.combinations.iter().all(|c| !c.1)) {
            stuck |= filled;
        }
    }
    stuck
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
    use crate::engine::fixtures::SOLO_FIRST_KILLER as LINE;
    use crate::engine::text::parse_killer_line;

    fn d(n: u8) -> Digit {
        Digit::new(n).expect("digit")
    }

    #[test]
    fn status_follows_the_combinations() {
        let (_, cages) = parse_killer_line(LINE).expect("valid");
        let mut grid = Grid::default();
        grid.set(Cell::at(0, 0), Some(d(2)));
        let status = cage_status(&cages, Cell::at(0, 1), &grid, |_| DigitSet::ALL).expect("cage");
        assert_eq!((status.filled, status.left), (1, 7));
        let possible: Vec<DigitSet> = status.combinations.iter().filter(|c| c.1).map(|c| c.0).collect();
        assert_eq!(possible, vec![DigitSet::from_iter([2, 7].map(d))]);
        let marked =
            cage_status(&cages, Cell::at(0, 1), &grid, |_| DigitSet::from_digit(d(3))).expect("cage");
        assert!(marked.combinations.iter().all(|c| !c.1), "the marks leave no 7");
    }

    #[test]
    fn a_repeated_digit_is_counted_once_and_named() {
        let (_, cages) = parse_killer_line(LINE).expect("valid");
        // Cage 12 at r1c5-r2c5-r3c5: two 5s leave 7, not 2.
        let mut grid = Grid::default();
        grid.set(Cell::at(0, 4), Some(d(5)));
        grid.set(Cell::at(1, 4), Some(d(5)));
        let status = cage_status(&cages, Cell::at(2, 4), &grid, |_| DigitSet::ALL).expect("cage");
        assert_eq!(status.cage.sum(), 12);
        assert_eq!((status.each.clone(), status.repeated, status.left), (vec![d(5), d(5)], d(5).into(), 7));
        assert!(status.combinations.iter().all(|c| !c.1), "no combination holds 5 twice");
    }

    #[test]
    fn a_cage_no_combination_completes_is_stuck() {
        let (_, cages) = parse_killer_line(LINE).expect("valid");
        let mut grid = Grid::default();
        // Cage 5 at r3c1-r4c1: a 5 leaves nothing for the other cell.
        let cage = cages.cage_at(Cell::at(2, 0)).expect("cage");
        assert_eq!((cage.sum(), cage.size()), (5, 2));
        grid.set(Cell::at(2, 0), Some(d(4)));
        assert_eq!(stuck_cage_cells(&cages, &grid), CellSet::EMPTY, "4 and 1 make 5");
        grid.set(Cell::at(2, 0), Some(d(5)));
        assert_eq!(stuck_cage_cells(&cages, &grid), Cell::at(2, 0).set());
        // A digit that fits its cage elsewhere is not flagged.
        grid.set(Cell::at(0, 0), Some(d(2)));
        assert_eq!(stuck_cage_cells(&cages, &grid), Cell::at(2, 0).set());
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
