//! Sue de Coq: cells of a box-line intersection whose digits split between the rest of the line and
//! the rest of the box.
//!
//! Take two or three unsolved cells `C` where a box meets a row or column, holding the digits `V`
//! (at least two more than cells). Add cells `D` from the rest of the line and `E` from the rest of
//! the box, where no digit of `V` is held by both `D` and `E`. A digit of `V` can then appear only
//! once in `C ∪ D ∪ E` (`C ∪ D` lies in the line, `C ∪ E` in the box); a digit outside `V` at most
//! once in `D` and once in `E`. When those most-possible counts add up to exactly the number of cells,
//! every digit takes its full count: the digits of `D` and those of `V` not in `E` are locked in the
//! line, and leave its other cells; the digits of `E` and those of `V` not in `D` leave the other
//! cells of the box. This covers HoDoKu's extended forms: `D` and `E` may be any number of cells,
//! hold digits outside `V`, and share digits outside `V`.
//!
//! This module only reads the candidate grid; it never changes it.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::engine::{Candidate, Cell, CellSet, DigitSet, House};

use super::step::grouped_removal_text;
use super::{Candidates, Sink, Step, Technique};

/// Reports every Sue de Coq in `grid` to `sink`.
pub(super) fn find(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut reported = HashSet::new();
    for block in House::BOXES {
        for line in House::ROWS.into_iter().chain(House::COLUMNS) {
            let meet = block.cell_set() & line.cell_set() & grid.unsolved();
            if meet.len() < 2 {
                continue;
            }
            let sides = Sides {
                line,
                block,
                line_sets: subsets(grid, (line.cell_set() - block.cell_set()) & grid.unsolved()),
                box_sets: subsets(grid, (block.cell_set() - line.cell_set()) & grid.unsolved()),
            };
            for core in subsets(grid, meet).into_iter().filter(|c| c.cells.len() >= 2) {
                if core.digits.len() < core.cells.len() + 2 {
                    continue;
                }
                sides.search(grid, &core, &mut reported, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A set of cells with the digits they hold between them.
#[derive(Clone, Copy, Debug)]
struct Group {
    cells: CellSet,
    digits: DigitSet,
}

impl Group {
    /// How many digits of `core` the group must hold: its cells less its digits outside `core`.
    fn absorbs(&self, core: DigitSet) -> isize {
        self.cells.len() as isize - (self.digits - core).len() as isize
    }
}

/// Every non-empty subset of `cells` with its digits.
fn subsets(grid: &Candidates, cells: CellSet) -> Vec<Group> {
    let list: Vec<Cell> = cells.iter().collect();
    let mut groups = Vec::with_capacity((1 << list.len()) - 1);
    for mask in 1u32..1 << list.len() {
        let mut group = Group { cells: CellSet::EMPTY, digits: DigitSet::EMPTY };
        for (_, &cell) in list.iter().enumerate().filter(|&(i, _)| mask & (1 << i) != 0) {
            group.cells.insert(cell);
            group.digits |= grid.candidates(cell);
        }
        groups.push(group);
    }
    groups
}

/// One box-line intersection: the line, the box, and the groups of cells in the rest of each.
struct Sides {
    line: House,
    block: House,
    line_sets: Vec<Group>,
    box_sets: Vec<Group>,
}

impl Sides {
    /// Every Sue de Coq on the intersection cells `core`.
    fn search(
        &self,
        grid: &Candidates,
        core: &Group,
        reported: &mut HashSet<Vec<Candidate>>,
        sink: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        let extra = (core.digits.len() - core.cells.len()) as isize;
        for line_set in &self.line_sets {
            let in_line = line_set.absorbs(core.digits);
            if in_line < 1 || in_line >= extra || !line_set.digits.intersects(core.digits) {
                continue;
            }
            for box_set in &self.box_sets {
                if box_set.absorbs(core.digits) != extra - in_line
                    || (line_set.digits & box_set.digits).intersects(core.digits)
                    || !box_set.digits.intersects(core.digits)
                {
                    continue;
                }
                let eliminations = self.eliminations(grid, core, line_set, box_set);
                if eliminations.is_empty() || !reported.insert(eliminations.clone()) {
                    continue;
                }
                sink(self.step(grid, core, line_set, box_set, eliminations))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The digits locked in the line leave its other cells; those locked in the box leave its
    /// other cells.
    fn eliminations(&self, grid: &Candidates, core: &Group, line_set: &Group, box_set: &Group) -> Vec<Candidate> {
        let line_digits = line_set.digits | (core.digits - box_set.digits);
        let box_digits = box_set.digits | (core.digits - line_set.digits);
        let line_rest = self.line.cell_set() - core.cells - line_set.cells;
        let box_rest = self.block.cell_set() - core.cells - box_set.cells;
        let mut eliminations = Vec::new();
        for (cells, digits) in [(line_rest, line_digits), (box_rest, box_digits)] {
            for digit in digits {
                eliminations.extend((cells & grid.cells_with(digit)).iter().map(|c| Candidate::new(c, digit)));
            }
        }
        eliminations.sort();
        eliminations.dedup();
        eliminations
    }

    fn step(
        &self,
        grid: &Candidates,
        core: &Group,
        line_set: &Group,
        box_set: &Group,
        eliminations: Vec<Candidate>,
    ) -> Step {
        let explanation = format!(
            "Sue de Coq: {} in {} and {} hold {}; with {} {} in the rest of {} and {} {} in the rest of {}, \
             these cells hold exactly one of each of their digits, so {}",
            core.cells,
            self.line,
            self.block,
            super::als::digits_in_braces(core.digits),
            line_set.cells,
            super::als::digits_in_braces(line_set.digits),
            self.line,
            box_set.cells,
            super::als::digits_in_braces(box_set.digits),
            self.block,
            grouped_removal_text(&eliminations)
        );
        let cells = core.cells | line_set.cells | box_set.cells;
        let drivers: Vec<Candidate> =
            cells.iter().flat_map(|c| grid.candidates(c).iter().map(move |d| Candidate::new(c, d))).collect();
        Step::new(Technique::SueDeCoq)
            .with_houses([self.line, self.block])
            .with_cells(cells)
            .with_drivers(drivers)
            .with_eliminations(eliminations)
            .with_explanation(explanation)
    }
}
