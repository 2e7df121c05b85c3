//! Intersections: what the three cells shared by a box and a line tell about both houses.
//!
//! - Locked Candidates Type 1 (Pointing): a box's candidates for a digit all lie in one line, so the
//!   digit leaves the rest of that line.
//! - Locked Candidates Type 2 (Claiming): a line's candidates for a digit all lie in one box, so the
//!   digit leaves the rest of that box.
//! - Locked Pair / Locked Triple: two (three) cells of a box-line intersection hold only two (three)
//!   digits between them: a naked subset of both houses at once, so those digits leave the rest of
//!   the box *and* the rest of the line (HoDoKu's definition; the naked subset finders leave such
//!   subsets to these two techniques).

use std::ops::ControlFlow;

use crate::engine::{Candidate, CellSet, Digit, DigitSet, House};

use super::step::grouped_removal_text;
use super::subsets::{digit_list, for_each_subset, naked_eliminations, naked_pool, subset_drivers};
use super::{Candidates, Sink, Step, Technique, cell_list};

/// Reports every instance of `technique` (an intersection technique) in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match technique {
        Technique::LockedCandidatesPointing => pointing(grid, sink),
        Technique::LockedCandidatesClaiming => claiming(grid, sink),
        Technique::LockedPair => locked_subsets(grid, 2, technique, sink),
        Technique::LockedTriple => locked_subsets(grid, 3, technique, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The six lines crossing `block`: its three rows, then its three columns.
pub(super) fn lines_through(block: House) -> [House; 6] {
    let first = block.cell(0);
    let (row, col) = (first.row(), first.col());
    [
        House::row(row),
        House::row(row + 1),
        House::row(row + 2),
        House::column(col),
        House::column(col + 1),
        House::column(col + 2),
    ]
}

/// Type 1: for each box and digit, candidates confined to one line of the box.
fn pointing(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for block in House::BOXES {
        for digit in Digit::ALL {
            let cells = grid.house_cells_with(block, digit);
            if cells.len() < 2 {
                continue;
            }
            for line in lines_through(block) {
                if !cells.is_subset(line.cell_set()) {
                    continue;
                }
                let removed = grid.house_cells_with(line, digit) - block.cell_set();
                if !removed.is_empty() {
                    sink(locked_candidates(
                        Technique::LockedCandidatesPointing,
                        block,
                        line,
                        digit,
                        cells,
                        removed,
                    ))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Type 2: for each line and digit, candidates confined to one box.
fn claiming(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for line in House::ROWS.into_iter().chain(House::COLUMNS) {
        for digit in Digit::ALL {
            let cells = grid.house_cells_with(line, digit);
            if cells.len() < 2 {
                continue;
            }
            let Some(first) = cells.first() else { continue };
            let block = first.box_house();
            if !cells.is_subset(block.cell_set()) {
                continue;
            }
            let removed = grid.house_cells_with(block, digit) - line.cell_set();
            if !removed.is_empty() {
                sink(locked_candidates(
                    Technique::LockedCandidatesClaiming,
                    line,
                    block,
                    digit,
                    cells,
                    removed,
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A Locked Candidates step: in `source` the `digit`s (in `cells`) lie only in `target`, so `digit`
/// leaves the `removed` cells of `target`.
fn locked_candidates(
    technique: Technique,
    source: House,
    target: House,
    digit: Digit,
    cells: CellSet,
    removed: CellSet,
) -> Step {
    Step::new(technique)
        .with_houses([source, target])
        .with_cells(cells)
        .with_drivers(cells.iter().map(|c| Candidate::new(c, digit)))
        .with_eliminations(removed.iter().map(|c| Candidate::new(c, digit)))
        .with_explanation(format!(
            "{technique}: in {source} the {digit}s lie only in {target}, so {digit} is removed from {}",
            cell_list(removed)
        ))
}

/// Locked Pairs (`size` 2) and Triples (`size` 3): naked subsets inside a box-line intersection.
fn locked_subsets(
    grid: &Candidates,
    size: usize,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let open = super::singles::open_cells(grid);
    for block in House::BOXES {
        for line in lines_through(block) {
            let shared = block.cell_set() & line.cell_set();
            let pool = naked_pool(grid, open & shared, size);
            if pool.len() < size {
                continue;
            }
            for_each_subset(&pool, size, &mut |cells, digits| {
                let cells: CellSet = cells.iter().copied().collect();
                let both = block.cell_set() | line.cell_set();
                let eliminations = naked_eliminations(grid, digits, cells, both);
                if eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                sink(locked_subset(technique, grid, [line, block], cells, digits, eliminations))
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// A Locked Pair or Triple step.
fn locked_subset(
    technique: Technique,
    grid: &Candidates,
    [line, block]: [House; 2],
    cells: CellSet,
    digits: DigitSet,
    eliminations: Vec<Candidate>,
) -> Step {
    let explanation = format!(
        "{technique}: {} hold only {} and share {line} and {block}, so {}",
        cell_list(cells),
        digit_list(digits),
        grouped_removal_text(&eliminations)
    );
    Step::new(technique)
        .with_houses([line, block])
        .with_cells(cells)
        .with_drivers(subset_drivers(grid, digits, cells))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}
