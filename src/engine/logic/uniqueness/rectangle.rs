//! The shape shared by every rectangle technique: four cells in two rows, two columns and exactly two
//! boxes, and the two digits that could turn them into a deadly pattern. On a killer only the
//! rectangles whose swap keeps every cage are kept ([`swap_keeps_cages`]), here, once, so that every
//! rectangle technique sees only those.

use std::rc::Rc;

use crate::engine::killer::Cages;
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House};

use super::super::memo::LastPosition;
use super::super::{Step, Technique, cell_list, join_and};

/// Four cells at the crossings of two rows and two columns that lie in exactly two boxes. If such
/// cells held only two digits, the digits could be swapped without breaking any house: two solutions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Rectangle {
    /// Top left, top right, bottom left, bottom right.
    corners: [Cell; 4],
}

impl Rectangle {
    /// The rectangle on zero-based rows `r1 < r2` and columns `c1 < c2`, if it spans exactly two boxes.
    fn new(r1: usize, r2: usize, c1: usize, c2: usize) -> Option<Rectangle> {
        let same_band = r1 / 3 == r2 / 3;
        let same_stack = c1 / 3 == c2 / 3;
        (same_band != same_stack).then(|| Rectangle {
            corners: [Cell::at(r1, c1), Cell::at(r1, c2), Cell::at(r2, c1), Cell::at(r2, c2)],
        })
    }

    /// Every rectangle of the grid (486 of them).
    pub(super) fn all() -> impl Iterator<Item = Rectangle> {
        (0..9).flat_map(|r1| {
            (r1 + 1..9).flat_map(move |r2| {
                (0..9).flat_map(move |c1| (c1 + 1..9).filter_map(move |c2| Rectangle::new(r1, r2, c1, c2)))
            })
        })
    }

    /// The four cells in reading order.
    pub(super) fn corners(self) -> [Cell; 4] {
        self.corners
    }

    /// The four cells as a set.
    pub(super) fn cells(self) -> CellSet {
        self.corners.into_iter().collect()
    }

    /// The corner diagonally opposite `corner` (which must be a corner).
    pub(super) fn opposite(self, corner: Cell) -> Cell {
        let [top_left, top_right, bottom_left, bottom_right] = self.corners;
        match corner {
            c if c == top_left => bottom_right,
            c if c == top_right => bottom_left,
            c if c == bottom_left => top_right,
            _ => top_left,
        }
    }

    /// The two rows.
    pub(super) fn rows(self) -> [House; 2] {
        [self.corners[0].row_house(), self.corners[3].row_house()]
    }

    /// The two boxes.
    pub(super) fn boxes(self) -> [House; 2] {
        [self.corners[0].box_house(), self.corners[3].box_house()]
    }

    /// The two columns.
    pub(super) fn columns(self) -> [House; 2] {
        [self.corners[0].col_house(), self.corners[3].col_house()]
    }
}

/// Whether two corners of a rectangle are diagonal (share neither row nor column).
fn diagonal(a: Cell, b: Cell) -> bool {
    a.row() != b.row() && a.col() != b.col()
}

/// A rectangle with two digits that would make it deadly: every corner is a non-given cell, and
/// the solution cannot hold only these two digits in all four corners. The corners whose candidates
/// go beyond the pair are the *extra* cells; one of them must take an extra digit.
#[derive(Clone, Copy, Debug)]
pub(super) struct DeadlyRectangle {
    /// The four cells.
    pub rect: Rectangle,
    /// The two digits.
    pub pair: DigitSet,
    /// The unsolved corners with candidates other than the pair.
    pub extra_cells: CellSet,
}

impl DeadlyRectangle {
    /// The rectangle on `pair`, its extra cells read from `grid`.
    fn new(grid: &Candidates, rect: Rectangle, pair: DigitSet) -> DeadlyRectangle {
        let extra_cells =
            rect.corners().into_iter().filter(|&c| !grid.candidates(c).is_subset(pair)).collect();
        DeadlyRectangle { rect, pair, extra_cells }
    }

    /// The two digits, smaller first.
    pub(super) fn digits(&self) -> (Digit, Digit) {
        let mut digits = self.pair.iter();
        let first = digits.next().expect("a deadly pair has two digits");
        let second = digits.next().expect("a deadly pair has two digits");
        (first, second)
    }

    /// The other digit of the pair.
    pub(super) fn other(&self, digit: Digit) -> Digit {
        let (a, b) = self.digits();
        if digit == a { b } else { a }
    }

    /// The candidates of `cell` beyond the pair.
    pub(super) fn extras(&self, grid: &Candidates, cell: Cell) -> DigitSet {
        grid.candidates(cell) - self.pair
    }

    /// The corners without extra candidates.
    pub(super) fn plain_cells(&self) -> CellSet {
        self.rect.cells() - self.extra_cells
    }

    /// The two extra cells, when there are exactly two.
    pub(super) fn two_extra_cells(&self) -> Option<(Cell, Cell)> {
        let mut cells = self.extra_cells.iter();
        match (cells.next(), cells.next(), cells.next()) {
            (Some(first), Some(second), None) => Some((first, second)),
            _ => None,
        }
    }

    /// The two extra cells, when there are exactly two and they share a row or a column.
    pub(super) fn extra_cells_in_line(&self) -> Option<(Cell, Cell)> {
        self.two_extra_cells().filter(|&(first, second)| !diagonal(first, second))
    }

    /// The two extra cells, when there are exactly two and they are diagonal.
    pub(super) fn extra_cells_on_diagonal(&self) -> Option<(Cell, Cell)> {
        self.two_extra_cells().filter(|&(first, second)| diagonal(first, second))
    }

    /// The pair's candidates in the four corners.
    pub(super) fn pair_drivers(&self, grid: &Candidates) -> Vec<Candidate> {
        corner_candidates(grid, self.rect.cells(), self.pair)
    }

    /// A step of `technique` drawn on the rectangle: its four corners are the pattern cells.
    pub(super) fn step(
        &self,
        technique: Technique,
        houses: impl IntoIterator<Item = House>,
        drivers: Vec<Candidate>,
        eliminations: Vec<Candidate>,
        explanation: String,
    ) -> Step {
        Step::new(technique)
            .with_houses(houses)
            .with_cells(self.rect.corners())
            .with_drivers(drivers)
            .with_eliminations(eliminations)
            .with_explanation(explanation)
    }

    /// `r2c3, r2c7, r5c3 and r5c7 would form a deadly rectangle on 4 and 9 (two solutions)`, with
    /// on a killer why the swap keeps the cages ([`DeadlyRectangle::two_solutions`]).
    pub(super) fn intro(&self, grid: &Candidates) -> String {
        let (a, b) = self.digits();
        format!(
            "{} would form a deadly rectangle on {a} and {b} {}",
            cell_list(self.rect.corners()),
            self.two_solutions(grid)
        )
    }

    /// `(two solutions)`; on a killer `(two solutions: r1c1 and r1c2 share cage 13 and r2c1 and r2c2
    /// share cage 9, so swapping 4 and 7 keeps every cage sum)`.
    pub(super) fn two_solutions(&self, grid: &Candidates) -> String {
        let Some(cages) = grid.cages() else { return "(two solutions)".to_string() };
        let (a, b) = self.digits();
        format!(
            "(two solutions: {}, so swapping {a} and {b} keeps every cage sum)",
            cage_clauses(cages, self.rect)
        )
    }
}

/// Whether swapping the two digits of a deadly pattern on `rect` keeps every cage of `cages`: each
/// cage holds none of the corners, or two that share a row or a column (see the module doc of
/// `uniqueness` for why this is the condition).
fn swap_keeps_cages(cages: &Cages, rect: Rectangle) -> bool {
    rect.corners().into_iter().all(|corner| {
        cages.cage_at(corner).is_none_or(|cage| {
            let inside = cage.cells() & rect.cells();
            inside.len() == 2 && !inside.contains(rect.opposite(corner))
        })
    })
}

/// `r1c1 and r1c2 share cage 13 and r2c1 and r2c2 share cage 9`: the corners of `rect` cage by
/// cage, in the order of their first corner, then those in no cage (`r2c1 lies in no cage`).
fn cage_clauses(cages: &Cages, rect: Rectangle) -> String {
    let mut clauses = Vec::new();
    let mut told = CellSet::EMPTY;
    for corner in rect.corners() {
        if told.contains(corner) {
            continue;
        }
        if let Some(cage) = cages.cage_at(corner) {
            let inside = cage.cells() & rect.cells();
            told |= inside;
            clauses.push(format!("{} share cage {}", cell_list(inside), cage.sum()));
        }
    }
    let uncaged = rect.cells() - told;
    match uncaged.len() {
        0 => {}
        1 => clauses.push(format!("{} lies in no cage", cell_list(uncaged))),
        _ => clauses.push(format!("{} lie in no cage", cell_list(uncaged))),
    }
    join_and(clauses)
}

/// Whether `rect` may be deadly on `grid`: always under the classic rules, on a killer only when the
/// swap keeps every cage ([`swap_keeps_cages`]).
fn may_be_deadly(grid: &Candidates, rect: Rectangle) -> bool {
    grid.cages().is_none_or(|cages| swap_keeps_cages(cages, rect)) && swap_keeps_diagonals(grid, rect)
}

/// Whether swapping the rectangle's digits keeps the layout's diagonals (Sudoku X): only when no
/// corner lies on one. A diagonal through one corner would change its digit there to the other
/// digit of the pair, which the diagonal holds elsewhere: the swapped grid is no solution, and the
/// rectangle is not deadly. (A diagonal never holds two corners sharing a row or column, the only
/// pairs a swap leaves in place.) The layouts without diagonals keep every rectangle.
pub(super) fn swap_keeps_diagonals(grid: &Candidates, rect: Rectangle) -> bool {
    let layout = grid.layout();
    !layout.has_diagonals() || House::DIAGONALS.iter().all(|&d| !layout.set(d).intersects(rect.cells()))
}

/// The candidates of `digits` in `cells`, cell by cell.
pub(super) fn corner_candidates(grid: &Candidates, cells: CellSet, digits: DigitSet) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|cell| (grid.candidates(cell) & digits).into_iter().map(move |d| Candidate::new(cell, d)))
        .collect()
}

/// The cells holding each digit as a given.
fn givens_by_digit(grid: &Candidates) -> [CellSet; 9] {
    let mut by_digit = [CellSet::EMPTY; 9];
    for cell in grid.givens() {
        if let Some(digit) = grid.value(cell) {
            by_digit[digit.index()].insert(cell);
        }
    }
    by_digit
}

thread_local! {
    /// The Unique Rectangles of the last position asked for on this thread: the six Uniqueness
    /// Tests and the Hidden Rectangle all start from them, one after another on one position.
    static LAST_UNIQUE: LastPosition<(), Vec<DeadlyRectangle>> = const { LastPosition::new() };
    /// The Avoidable Rectangles of the last position asked for (types 1 and 2 share them).
    static LAST_AVOIDABLE: LastPosition<(), Vec<DeadlyRectangle>> = const { LastPosition::new() };
}

/// The rectangles of four unsolved cells that could become deadly (the Unique Rectangles), found
/// once per position.
pub(super) fn unique_rectangles(grid: &Candidates) -> Rc<Vec<DeadlyRectangle>> {
    LAST_UNIQUE.with(|last| last.get_or_make(grid, (), || find_unique_rectangles(grid)))
}

/// The Avoidable Rectangles ([`find_avoidable_rectangles`]), found once per position.
pub(super) fn avoidable_rectangles(grid: &Candidates) -> Rc<Vec<DeadlyRectangle>> {
    LAST_AVOIDABLE.with(|last| last.get_or_make(grid, (), || find_avoidable_rectangles(grid)))
}

/// The rectangles of four unsolved cells that could become deadly (the Unique Rectangles), in the
/// order HoDoKu's scan meets them ([`hodoku_scan_key`]; its solving path takes the first step it
/// finds). The pair comes from a corner holding exactly two candidates. A corner may miss a digit
/// of the pair that an earlier step removed, but not one a given rules out, and it must hold at
/// least one of them. On a killer, only rectangles whose swap keeps every cage.
fn find_unique_rectangles(grid: &Candidates) -> Vec<DeadlyRectangle> {
    let givens = givens_by_digit(grid);
    let could_hold = |cell: Cell, pair: DigitSet| {
        let cands = grid.candidates(cell);
        cands.intersects(pair)
            && (pair - cands).into_iter().all(|d| !givens[d.index()].intersects(cell.peers()))
    };
    let mut found = Vec::new();
    for rect in Rectangle::all().filter(|&rect| may_be_deadly(grid, rect)) {
        let corners = rect.corners();
        if corners.iter().any(|&c| grid.value(c).is_some()) {
            continue;
        }
        let mut pairs: Vec<DigitSet> = Vec::new();
        for cell in corners {
            let cands = grid.candidates(cell);
            if cands.len() == 2 && !pairs.contains(&cands) {
                pairs.push(cands);
            }
        }
        for pair in pairs {
            if corners.iter().all(|&c| could_hold(c, pair)) {
                found.push(DeadlyRectangle::new(grid, rect, pair));
            }
        }
    }
    found.sort_by_cached_key(|ur| hodoku_scan_key(grid, ur));
    found
}

/// Where HoDoKu's scan meets a rectangle first: it starts from each cell holding exactly the
/// pair, in index order, takes the corner sharing its box, and walks the start cell's other line
/// (its column when the two share a row, its row otherwise) to the corner there.
fn hodoku_scan_key(grid: &Candidates, ur: &DeadlyRectangle) -> (usize, usize, usize) {
    let corners = ur.rect.corners();
    corners
        .iter()
        .filter(|&&c| grid.candidates(c) == ur.pair)
        .map(|&start| {
            let partner = corners
                .iter()
                .copied()
                .find(|&c| c != start && c.box_index() == start.box_index())
                .expect("a rectangle has two corners in each of its boxes");
            let in_box = 3 * (partner.row() % 3) + partner.col() % 3;
            let across = if partner.row() == start.row() {
                corners.iter().find(|&&c| c.col() == start.col() && c != start).map(|c| c.row())
            } else {
                corners.iter().find(|&&c| c.row() == start.row() && c != start).map(|c| c.col())
            };
            (start.index(), in_box, across.unwrap_or(0))
        })
        .min()
        .unwrap_or((usize::MAX, 0, 0))
}

/// The rectangles without givens where some corners hold placed digits and the rest could complete a
/// deadly pattern (the Avoidable Rectangles): placed digits on a diagonal are equal, and every empty
/// corner still holds a digit of the pair. On a killer, only rectangles whose swap keeps every cage.
fn find_avoidable_rectangles(grid: &Candidates) -> Vec<DeadlyRectangle> {
    let givens = grid.givens();
    let mut found = Vec::new();
    for rect in Rectangle::all().filter(|&rect| may_be_deadly(grid, rect)) {
        let corners = rect.corners();
        if givens.intersects(rect.cells()) {
            continue;
        }
        let placed: Vec<(Cell, Digit)> =
            corners.iter().filter_map(|&c| grid.value(c).map(|d| (c, d))).collect();
        let Some(&(_, first)) = placed.first() else { continue };
        let values: DigitSet = placed.iter().map(|&(_, d)| d).collect();
        let diagonals_agree =
            placed.iter().all(|&(c, d)| grid.value(rect.opposite(c)).is_none_or(|other| other == d));
        if values.len() > 2 || !diagonals_agree {
            continue;
        }
        let partners = if values.len() == 2 {
            values - DigitSet::from_digit(first)
        } else {
            DigitSet::ALL - DigitSet::from_digit(first)
        };
        for partner in partners {
            let pair = DigitSet::from_digit(first) | DigitSet::from_digit(partner);
            let open_ok = corners
                .iter()
                .filter(|&&c| grid.value(c).is_none())
                .all(|&c| grid.candidates(c).intersects(pair));
            if open_ok {
                found.push(DeadlyRectangle::new(grid, rect, pair));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_rectangles_come_in_hodokus_scan_order() {
        // The only cells with two candidates: r2c4 {1,2} and r1c7 {3,4}. By rows and columns a
        // rectangle through r2c4 (rows 1-2) comes first; HoDoKu's scan starts from the cells in index
        // order, so every rectangle through r1c7 (index 6) comes before those through r2c4 (12).
        let grid = crate::engine::logic::test_support::cells_keeping(&[("r2c4", "12"), ("r1c7", "34")]);
        let found = unique_rectangles(&grid);
        let (r1c7, r2c4): (Cell, Cell) = ("r1c7".parse().expect("a cell"), "r2c4".parse().expect("a cell"));
        let by_rows = Rectangle::all().find(|r| r.cells().contains(r1c7) || r.cells().contains(r2c4));
        assert!(by_rows.is_some_and(|r| r.cells().contains(r2c4)));
        let last_from_r1c7 = found.iter().rposition(|ur| ur.pair == grid.candidates(r1c7));
        let first_from_r2c4 = found.iter().position(|ur| ur.pair == grid.candidates(r2c4));
        assert!(matches!((last_from_r1c7, first_from_r2c4), (Some(last), Some(first)) if last < first));
    }

    #[test]
    fn on_a_killer_corners_in_no_cage_are_free_and_named() {
        use crate::engine::logic::killer::fixtures::{cage, killer};
        // Only r1c1 and r2c1 lie in a cage; r1c4 and r2c4 are in none, so nothing binds them.
        let grid = killer(vec![cage(&["r1c1", "r2c1"], 3)], &[]);
        let rect = Rectangle::new(0, 1, 0, 3).expect("two boxes");
        let cages = grid.cages().expect("a killer");
        assert!(swap_keeps_cages(cages, rect));
        assert_eq!(cage_clauses(cages, rect), "r1c1 and r2c1 share cage 3 and r1c4 and r2c4 lie in no cage");
        // A cage of r1c4 alone with r1c5: its sum would change.
        let grid = killer(vec![cage(&["r1c1", "r2c1"], 3), cage(&["r1c4", "r1c5"], 9)], &[]);
        assert!(!swap_keeps_cages(grid.cages().expect("a killer"), rect));
    }

    #[test]
    fn there_are_486_rectangles_each_in_two_boxes() {
        let all: Vec<Rectangle> = Rectangle::all().collect();
        assert_eq!(all.len(), 486);
        for rect in all {
            assert_eq!(rect.cells().boxes_mask().count_ones(), 2);
            assert_eq!(rect.cells().rows_mask().count_ones(), 2);
            assert_eq!(rect.cells().cols_mask().count_ones(), 2);
        }
    }

    #[test]
    fn opposite_corners_are_diagonal() {
        let rect = Rectangle::new(1, 4, 3, 5).expect("two boxes");
        for corner in rect.corners() {
            let opposite = rect.opposite(corner);
            assert!(diagonal(corner, opposite));
            assert_eq!(rect.opposite(opposite), corner);
        }
        assert!(Rectangle::new(0, 1, 0, 1).is_none(), "one box");
        assert!(Rectangle::new(0, 4, 0, 4).is_none(), "four boxes");
    }
}
