//! The "+" of SE's Dynamic Forcing Chains (+): basic rules applied inside a propagation.
//!
//! When a dynamic propagation runs dry, SE tries, on the working grid (the offs so far struck out),
//! locked candidates, hidden pairs, naked pairs and X-wings, in that order, and stops at the first
//! rule that finds something. A pattern counts only if it rests on struck candidates (its *rule
//! parents*; a pattern already present in the real grid is no deduction of the chain). Its
//! eliminations become new offs whose parents are those struck candidates.

use super::potential::Board;
use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet, House};

/// One basic-rule deduction inside a propagation: the candidates it removes and the struck
/// candidates it rests on.
pub(super) type Deduction = (Vec<Candidate>, Vec<Candidate>);

/// The deductions of the first of SE's basic rules that finds any on `work`, `source` being the grid
/// the propagation started from.
pub(super) fn deductions(source: &Board, work: &Board) -> Vec<Deduction> {
    let rules: [fn(&Board, &Board, &mut Vec<Deduction>); 4] = [locking, hidden_pairs, naked_pairs, x_wings];
    let mut found = Vec::new();
    for rule in rules {
        rule(source, work, &mut found);
        if !found.is_empty() {
            break;
        }
    }
    found
}

/// Whether `cand` was struck out by the propagation.
fn struck(source: &Board, work: &Board, cand: Candidate) -> bool {
    source.has(cand) && !work.has(cand)
}

/// The candidates of `digit` in `cells`, in reading order.
fn cands_in(cells: CellSet, digit: Digit) -> impl Iterator<Item = Candidate> {
    cells.into_iter().map(move |c| Candidate::new(c, digit))
}

/// Records a pattern's deduction when it removes something and rests on struck candidates.
fn record(found: &mut Vec<Deduction>, removable: Vec<Candidate>, parents: Vec<Candidate>) {
    if !removable.is_empty() && !parents.is_empty() {
        found.push((removable, parents));
    }
}

/// SE's pointing and claiming: (box, column), (box, row), (column, box), (row, box).
fn locking(source: &Board, work: &Board, found: &mut Vec<Deduction>) {
    let pairs: [(&[House; 9], &[House; 9]); 4] = [
        (&House::BOXES, &House::COLUMNS),
        (&House::BOXES, &House::ROWS),
        (&House::COLUMNS, &House::BOXES),
        (&House::ROWS, &House::BOXES),
    ];
    for (firsts, seconds) in pairs {
        for &first in firsts {
            for &second in seconds {
                if !first.cell_set().intersects(second.cell_set()) {
                    continue;
                }
                for digit in Digit::ALL {
                    let places = work.house_cells_with(first, digit);
                    if places.len() < 2 || !places.is_subset(second.cell_set()) {
                        continue;
                    }
                    let removable = cands_in(work.house_cells_with(second, digit) - first.cell_set(), digit);
                    let parents = cands_in(first.cell_set() - second.cell_set(), digit)
                        .filter(|&c| struck(source, work, c));
                    record(found, removable.collect(), parents.collect());
                }
            }
        }
    }
}

/// The houses in SE's order for sets: boxes, columns, rows.
fn set_houses() -> impl Iterator<Item = House> {
    House::BOXES.into_iter().chain(House::COLUMNS).chain(House::ROWS)
}

/// SE's hidden pairs: two digits with the same two places (each at least two) in a house of more
/// than four empty cells.
fn hidden_pairs(source: &Board, work: &Board, found: &mut Vec<Deduction>) {
    for house in set_houses() {
        if (source.empty_cells() & house.cell_set()).len() <= 4 {
            continue;
        }
        for (i, &a) in Digit::ALL.iter().enumerate() {
            let places_a = work.house_cells_with(house, a);
            if places_a.len() != 2 {
                continue;
            }
            for &b in &Digit::ALL[i + 1..] {
                if work.house_cells_with(house, b) != places_a {
                    continue;
                }
                let pair = DigitSet::from_digit(a) | DigitSet::from_digit(b);
                let removable = places_a
                    .iter()
                    .flat_map(|c| (work.candidates(c) - pair).into_iter().map(move |d| Candidate::new(c, d)));
                let parents = (house.cell_set() - places_a).iter().flat_map(|c| {
                    (source.candidates(c) & pair).into_iter().map(move |d| Candidate::new(c, d))
                });
                record(found, removable.collect(), parents.collect());
            }
        }
    }
}

/// SE's naked pairs: two cells of a house (of at least four empty cells) holding the same two digits.
fn naked_pairs(source: &Board, work: &Board, found: &mut Vec<Deduction>) {
    for house in set_houses() {
        if (source.empty_cells() & house.cell_set()).len() < 4 {
            continue;
        }
        let cells = house.cells();
        for (i, &a) in cells.iter().enumerate() {
            let pair = work.candidates(a);
            if pair.len() != 2 {
                continue;
            }
            for &b in &cells[i + 1..] {
                if work.candidates(b) != pair {
                    continue;
                }
                let both = a.set() | b.set();
                let removable = (house.cell_set() - both)
                    .iter()
                    .flat_map(|c| (work.candidates(c) & pair).into_iter().map(move |d| Candidate::new(c, d)));
                let parents = [a, b].into_iter().flat_map(|c| pair_parents(source, c, pair));
                record(found, removable.collect(), parents.collect());
            }
        }
    }
}

/// A naked pair cell's other candidates in the source grid: they must have gone for the pair to be.
fn pair_parents(source: &Board, cell: Cell, pair: DigitSet) -> impl Iterator<Item = Candidate> {
    (source.candidates(cell) - pair).into_iter().map(move |d| Candidate::new(cell, d))
}

/// SE's X-wings: columns as base then rows as base; two base lines whose places for a digit (two
/// each at least) lie in the same two cover lines.
fn x_wings(source: &Board, work: &Board, found: &mut Vec<Deduction>) {
    for (bases, covers) in [(&House::COLUMNS, &House::ROWS), (&House::ROWS, &House::COLUMNS)] {
        for (i, &base_a) in bases.iter().enumerate() {
            for &base_b in &bases[i + 1..] {
                for digit in Digit::ALL {
                    if source.placed_count(digit) + 4 > 9 {
                        continue;
                    }
                    x_wing(source, work, [base_a, base_b], covers, digit, found);
                }
            }
        }
    }
}

fn x_wing(
    source: &Board,
    work: &Board,
    bases: [House; 2],
    covers: &[House; 9],
    digit: Digit,
    found: &mut Vec<Deduction>,
) {
    let places = bases.map(|b| work.house_cells_with(b, digit));
    if places.iter().any(|p| p.len() < 2) {
        return;
    }
    let cover_lines: Vec<House> =
        covers.iter().copied().filter(|c| (places[0] | places[1]).intersects(c.cell_set())).collect();
    if cover_lines.len() != 2 {
        return;
    }
    let base_cells = bases[0].cell_set() | bases[1].cell_set();
    let cover_cells = cover_lines[0].cell_set() | cover_lines[1].cell_set();
    let removable =
        cover_lines.iter().flat_map(|&c| cands_in(work.house_cells_with(c, digit) - base_cells, digit));
    let parents = bases
        .iter()
        .flat_map(|&b| cands_in(b.cell_set() - cover_cells, digit))
        .filter(|&c| struck(source, work, c));
    record(found, removable.collect(), parents.collect());
}
