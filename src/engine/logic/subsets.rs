//! Subsets: Naked Pair, Triple and Quadruple (n cells of a house holding only n digits between them:
//! those digits leave the rest of the house) and Hidden Pair, Triple and Quadruple (n digits of a
//! house confined to n cells: those cells lose every other digit).
//!
//! As in HoDoKu, a naked pair or triple whose cells share a box *and* a line is a Locked Pair or
//! Locked Triple (see `intersections`), which clears both houses at once; the naked finders here
//! leave such subsets alone, so every subset is reported under exactly one name.

use std::ops::{BitOr, ControlFlow};

use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet, House};

use super::step::grouped_removal_text;
use super::{Candidates, Sink, Step, Technique, join_and};

/// Reports every instance of `technique` (a naked or hidden subset) in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match technique {
        Technique::NakedPair => naked_subsets(grid, 2, technique, sink),
        Technique::NakedTriple => naked_subsets(grid, 3, technique, sink),
        Technique::NakedQuadruple => naked_subsets(grid, 4, technique, sink),
        Technique::HiddenPair => hidden_subsets(grid, 2, technique, sink),
        Technique::HiddenTriple => hidden_subsets(grid, 3, technique, sink),
        Technique::HiddenQuadruple => hidden_subsets(grid, 4, technique, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// A bitset whose members can be united and counted: the digits of cells, or the cells of digits.
pub(super) trait Members: Copy + BitOr<Output = Self> + Default {
    /// The number of members.
    fn count(self) -> usize;
}

impl Members for DigitSet {
    fn count(self) -> usize {
        self.len()
    }
}

impl Members for CellSet {
    fn count(self) -> usize {
        self.len()
    }
}

/// Calls `visit` with every choice of `size` entries of `pool` whose sets hold exactly `size`
/// members together, and that union. Choices are made in pool order; a choice whose union already
/// exceeds `size` is not extended.
pub(super) fn for_each_subset<K: Copy, S: Members>(
    pool: &[(K, S)],
    size: usize,
    visit: &mut dyn FnMut(&[K], S) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut chosen = Vec::with_capacity(size);
    extend_subset(pool, size, &mut chosen, S::default(), visit)
}

fn extend_subset<K: Copy, S: Members>(
    pool: &[(K, S)],
    size: usize,
    chosen: &mut Vec<K>,
    union: S,
    visit: &mut dyn FnMut(&[K], S) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if chosen.len() == size {
        return if union.count() == size { visit(chosen, union) } else { ControlFlow::Continue(()) };
    }
    let missing = size - chosen.len();
    for (i, &(key, set)) in pool.iter().enumerate() {
        if pool.len() - i < missing {
            break;
        }
        let grown = union | set;
        if grown.count() > size {
            continue;
        }
        chosen.push(key);
        extend_subset(&pool[i + 1..], size, chosen, grown, visit)?;
        chosen.pop();
    }
    ControlFlow::Continue(())
}

/// The empty cells of `house` with two to `size` candidates, with their candidates.
pub(super) fn naked_pool(grid: &Candidates, cells: CellSet, size: usize) -> Vec<(Cell, DigitSet)> {
    cells
        .iter()
        .map(|cell| (cell, grid.candidates(cell)))
        .filter(|(_, digits)| (2..=size).contains(&digits.len()))
        .collect()
}

/// The candidates of `digits` in `houses` outside `cells`: what a naked subset removes.
pub(super) fn naked_eliminations(
    grid: &Candidates,
    digits: DigitSet,
    cells: CellSet,
    houses: CellSet,
) -> Vec<Candidate> {
    digits
        .iter()
        .flat_map(|digit| {
            (grid.cells_with(digit) & houses - cells).iter().map(move |c| Candidate::new(c, digit))
        })
        .collect()
}

/// The candidates of `digits` in `cells`: the drivers of a subset.
pub(super) fn subset_drivers(grid: &Candidates, digits: DigitSet, cells: CellSet) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|cell| (grid.candidates(cell) & digits).iter().map(move |d| Candidate::new(cell, d)))
        .collect()
}

/// Digits written `4 and 8`, `2, 5 and 6`.
pub(super) fn digit_list(digits: DigitSet) -> String {
    join_and(digits.iter().map(|d| d.to_string()).collect())
}

/// Naked subsets of `size` cells in every house.
fn naked_subsets(
    grid: &Candidates,
    size: usize,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let open = super::singles::open_cells(grid);
    for house in House::ALL {
        let pool = naked_pool(grid, open & house.cell_set(), size);
        if pool.len() < size {
            continue;
        }
        for_each_subset(&pool, size, &mut |cells, digits| {
            let cells: CellSet = cells.iter().copied().collect();
            if lies_in_box_and_line(cells) {
                return ControlFlow::Continue(());
            }
            let eliminations = naked_eliminations(grid, digits, cells, house.cell_set());
            if eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            sink(naked_step(technique, grid, house, cells, digits, eliminations))
        })?;
    }
    ControlFlow::Continue(())
}

/// Whether `cells` all lie in one box and in one row or column (a box-line intersection).
pub(super) fn lies_in_box_and_line(cells: CellSet) -> bool {
    let Some(first) = cells.first() else { return false };
    let in_box = cells.is_subset(first.box_house().cell_set());
    in_box && (cells.is_subset(first.row_house().cell_set()) || cells.is_subset(first.col_house().cell_set()))
}

fn naked_step(
    technique: Technique,
    grid: &Candidates,
    house: House,
    cells: CellSet,
    digits: DigitSet,
    eliminations: Vec<Candidate>,
) -> Step {
    let explanation = format!(
        "{technique}: in {house}, {} hold only {}, so {}",
        super::cell_list(cells),
        digit_list(digits),
        grouped_removal_text(&eliminations)
    );
    Step::new(technique)
        .with_houses([house])
        .with_cells(cells)
        .with_drivers(subset_drivers(grid, digits, cells))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}

/// Hidden subsets of `size` digits in every house. The same subset found in a line and in its box
/// is reported once.
fn hidden_subsets(
    grid: &Candidates,
    size: usize,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let mut reported: Vec<CellSet> = Vec::new();
    for house in House::ALL {
        let pool: Vec<(Digit, CellSet)> = Digit::ALL
            .into_iter()
            .map(|digit| (digit, grid.house_cells_with(house, digit)))
            .filter(|(_, cells)| (2..=size).contains(&cells.len()))
            .collect();
        if pool.len() < size {
            continue;
        }
        for_each_subset(&pool, size, &mut |digits, cells| {
            let digits: DigitSet = digits.iter().copied().collect();
            let eliminations: Vec<Candidate> = cells
                .iter()
                .flat_map(|cell| {
                    (grid.candidates(cell) - digits).iter().map(move |d| Candidate::new(cell, d))
                })
                .collect();
            if eliminations.is_empty() || reported.contains(&cells) {
                return ControlFlow::Continue(());
            }
            reported.push(cells);
            sink(hidden_step(technique, grid, house, cells, digits, eliminations))
        })?;
    }
    ControlFlow::Continue(())
}

fn hidden_step(
    technique: Technique,
    grid: &Candidates,
    house: House,
    cells: CellSet,
    digits: DigitSet,
    eliminations: Vec<Candidate>,
) -> Step {
    let explanation = format!(
        "{technique}: in {house}, {} fit only in {}, so those cells keep only {}",
        digit_list(digits),
        super::cell_list(cells),
        digit_list(digits)
    );
    Step::new(technique)
        .with_houses([house])
        .with_cells(cells)
        .with_drivers(subset_drivers(grid, digits, cells))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}
