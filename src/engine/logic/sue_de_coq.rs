//! Sue de Coq: cells of a box-line intersection whose digits split between the rest of the line and
//! the rest of the box.
//!
//! Take two or three unsolved cells `C` where a box meets a row or column, holding the digits `V`
//! (at least two more than cells). Add cells `D` from the rest of the line and `E` from the rest of
//! the box, no cell in both (a cell of the intersection left out of `C` may join either), where no
//! digit of `V` is held by both `D` and `E`. A digit of `V` can then appear only once in
//! `C ∪ D ∪ E` (`C ∪ D` lies in the line, `C ∪ E` in the box); a digit outside `V` at most once
//! in `D` and once in `E`. When those most-possible counts add up to exactly the number of cells,
//! every digit takes its full count: the digits of `D` and those of `V` not in `E` are locked in
//! the line, and leave its other cells; the digits of `E` and those of `V` not in `D` leave the
//! other cells of the box. This covers HoDoKu's extended forms: `D` and `E` may be any number of
//! cells, hold digits outside `V`, and share digits outside `V`.
//!
//! This module only reads the candidate grid; it never changes it.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::engine::{Candidate, Cell, CellSet, DigitSet, House};

use super::step::{all_candidates_in, grouped_removal_text};
use super::{Candidates, Sink, Step, Technique};

/// Reports every Sue de Coq in `grid` to `sink`, in HoDoKu's search order (whose solving path
/// takes the first it finds): rows, then columns, each against the boxes in order; inside an
/// intersection, its cells, then the line's and then the box's cell sets in [`subsets`] order.
///
/// The houses are the layout's: a jigsaw's regions take the boxes' part (a region may meet a line
/// in more than three cells, and the core may then be larger), and the diagonals of a Sudoku X are
/// lines too, after the columns.
pub(super) fn find(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut reported = HashSet::new();
    let layout = grid.layout();
    let diagonals = if layout.has_diagonals() { &House::DIAGONALS[..] } else { &[] };
    for line in House::ROWS.into_iter().chain(House::COLUMNS).chain(diagonals.iter().copied()) {
        for block in layout.regions() {
            let meet = grid.house_set(block) & grid.house_set(line) & grid.unsolved();
            if meet.len() < 2 {
                continue;
            }
            let sides = Sides { line, block };
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

/// Every non-empty subset of `cells` with its digits, depth first in reading order: each subset is
/// followed by its extensions with later cells, so `{a}, {a,b}, {a,b,c}, {a,c}, {b}, {b,c}, {c}`.
/// This is the order in which HoDoKu walks the cells of a line or a box.
fn subsets(grid: &Candidates, cells: CellSet) -> Vec<Group> {
    fn extend(grid: &Candidates, rest: &[Cell], base: Group, out: &mut Vec<Group>) {
        for (at, &cell) in rest.iter().enumerate() {
            let group = Group { cells: base.cells | cell.set(), digits: base.digits | grid.candidates(cell) };
            out.push(group);
            extend(grid, &rest[at + 1..], group, out);
        }
    }
    let list: Vec<Cell> = cells.iter().collect();
    let mut out = Vec::with_capacity((1 << list.len()) - 1);
    extend(grid, &list, Group { cells: CellSet::EMPTY, digits: DigitSet::EMPTY }, &mut out);
    out
}

/// One box-line intersection: the line and the box.
struct Sides {
    line: House,
    block: House,
}

impl Sides {
    /// Every Sue de Coq on the intersection cells `core`. The line's and the box's sets come from
    /// their cells outside `core`: an intersection cell left out of `core` may join either side (but
    /// not both), as in HoDoKu.
    fn search(
        &self,
        grid: &Candidates,
        core: &Group,
        reported: &mut HashSet<Vec<Candidate>>,
        sink: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        let extra = (core.digits.len() - core.cells.len()) as isize;
        // The line groups that can take part: holding a digit of the core, and absorbing 1 to
        // `extra - 1` of its digits (the box group absorbs the rest, at least one).
        let line_sets: Vec<Group> = subsets(grid, (grid.house_set(self.line) & grid.unsolved()) - core.cells)
            .into_iter()
            .filter(|l| l.digits.intersects(core.digits) && (1..extra).contains(&l.absorbs(core.digits)))
            .collect();
        if line_sets.is_empty() {
            return ControlFlow::Continue(());
        }
        // The box groups holding a digit of the core, by how many of its digits they absorb, in
        // their own order: worked out once per core rather than once per line group.
        let box_sets = subsets(grid, (grid.house_set(self.block) & grid.unsolved()) - core.cells);
        let mut box_by_absorbs: Vec<Vec<&Group>> = vec![Vec::new(); extra as usize];
        for box_set in box_sets.iter().filter(|b| b.digits.intersects(core.digits)) {
            let absorbs = box_set.absorbs(core.digits);
            if (1..extra).contains(&absorbs) {
                box_by_absorbs[absorbs as usize].push(box_set);
            }
        }
        for line_set in &line_sets {
            let in_line = line_set.absorbs(core.digits);
            for &box_set in &box_by_absorbs[(extra - in_line) as usize] {
                if box_set.cells.intersects(line_set.cells)
                    || (line_set.digits & box_set.digits).intersects(core.digits)
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
    fn eliminations(
        &self,
        grid: &Candidates,
        core: &Group,
        line_set: &Group,
        box_set: &Group,
    ) -> Vec<Candidate> {
        let line_digits = line_set.digits | (core.digits - box_set.digits);
        let box_digits = box_set.digits | (core.digits - line_set.digits);
        let line_rest = grid.house_set(self.line) - core.cells - line_set.cells;
        let box_rest = grid.house_set(self.block) - core.cells - box_set.cells;
        let mut eliminations = Vec::new();
        for (cells, digits) in [(line_rest, line_digits), (box_rest, box_digits)] {
            for digit in digits {
                eliminations
                    .extend((cells & grid.cells_with(digit)).iter().map(|c| Candidate::new(c, digit)));
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
             these cells take each of their digits as often as the two houses allow, no fewer, so {}",
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
        Step::new(Technique::SueDeCoq)
            .with_houses([self.line, self.block])
            .with_cells(cells)
            .with_drivers(all_candidates_in(grid, cells))
            .with_eliminations(eliminations)
            .with_explanation(explanation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::find_all;
    use crate::engine::logic::test_support::{
        assert_every_instance_sound, assert_sound_in_library, cands, first_on_path, position,
    };

    /// Extended: the sets in the line and the box hold digits outside the intersection.
    const EXTENDED: &str = ":1101:467:5+7..4.9.2.......41+413+9+265..+8...17.2.3.........61.98...98......5.+3...+9.......84.+93:314 818 324 727 827 443 453 374:449 457 459 657 677 687 697 757 758 759 768::";
    const BASIC: &str = ":1101:234589:+3+24+8+6+1+59765+7+9+4+3+82191+8+5+273+642.1+43....5.32.6...+4..+7.....+1..6.....+8..1746..7..+39..1.::277 378 477 478 578 849 869 949 969::";

    #[test]
    fn subsets_come_depth_first_with_their_digits() {
        let grid = position(BASIC);
        let cells: Vec<Cell> = grid.unsolved().iter().take(3).collect();
        let groups = subsets(&grid, cells.iter().copied().collect());
        let order: [&[usize]; 7] = [&[0], &[0, 1], &[0, 1, 2], &[0, 2], &[1], &[1, 2], &[2]];
        assert_eq!(groups.len(), order.len());
        for (group, chosen) in groups.iter().zip(order) {
            let chosen: Vec<Cell> = chosen.iter().map(|&i| cells[i]).collect();
            assert_eq!(group.cells, chosen.iter().copied().collect::<CellSet>(), "{chosen:?}");
            let digits = chosen.iter().fold(DigitSet::EMPTY, |acc, &c| acc | grid.candidates(c));
            assert_eq!(group.digits, digits, "{chosen:?}");
        }
    }

    fn step_with(line: &str, expected: &str) -> Step {
        let expected = cands(expected);
        let found = find_all(Technique::SueDeCoq, &position(line));
        found.into_iter().find(|s| s.eliminations == expected).unwrap_or_else(|| panic!("no such step"))
    }

    #[test]
    fn fires_with_the_library_eliminations() {
        let step = step_with(BASIC, "277 378 477 478 578 849 869 949 969");
        assert!(step.explanation.starts_with("Sue de Coq: "), "{}", step.explanation);
        assert_eq!(step.houses.len(), 2);
        let step = step_with(EXTENDED, "449 457 459 657 677 687 697 757 758 759 768");
        assert!(step.explanation.contains("in the rest of"), "{}", step.explanation);
    }

    #[test]
    fn a_drawn_basic_pattern() {
        // r1c1,r1c2 hold {1,2,3,4}; r1c5 holds {1,2} in the row, r2c3 holds {3,4} in the box.
        let grid = crate::engine::logic::test_support::cells_keeping(&[
            ("r1c1", "1234"),
            ("r1c2", "1234"),
            ("r1c3", "5678"),
            ("r1c5", "12"),
            ("r2c3", "34"),
        ]);
        let found = find_all(Technique::SueDeCoq, &grid);
        let expected: Vec<Candidate> = ["r1c4", "r1c6", "r1c7", "r1c8", "r1c9"]
            .iter()
            .flat_map(|c| [1, 2].map(|d| (*c, d)))
            .chain(["r2c1", "r2c2", "r3c1", "r3c2", "r3c3"].iter().flat_map(|c| [3, 4].map(|d| (*c, d))))
            .map(|(c, d)| {
                Candidate::new(c.parse().expect("a cell"), crate::engine::Digit::new(d).expect("a digit"))
            })
            .collect();
        let mut expected = expected;
        expected.sort();
        assert!(found.iter().any(|s| s.eliminations == expected), "{found:#?}");
        let step = found.iter().find(|s| s.eliminations == expected).expect("the step");
        assert_eq!(
            step.explanation,
            "Sue de Coq: r1c1,r1c2 in row 1 and box 1 hold {1,2,3,4}; with r1c5 {1,2} in the rest of row 1 and \
             r2c3 {3,4} in the rest of box 1, these cells take each of their digits as often as the two houses \
             allow, no fewer, so 1 and 2 are removed from r1c4, r1c6, r1c7, r1c8 and r1c9; 3 and 4 from r2c1, \
             r2c2, r3c1, r3c2 and r3c3"
        );
    }

    /// HoDoKu 2.2.4's path on this puzzle, after singles and one Locked Candidates: Sue de Coq
    /// r1c78 {12679}, r1c6 {16} in the row, r1c9,r3c8 {279} in the box. r1c9 lies in the row and
    /// the box but is left out of the intersection set, so it may join the box's side. Several Sue
    /// de Coqs are there; the hint path takes this one, the first in HoDoKu's order.
    #[test]
    fn a_cell_of_the_intersection_left_out_may_join_a_side_and_the_path_takes_hodokus_first() {
        let puzzle = "85.4............34..6..9....1........7...824.......783987.1...6...........2563...";
        let (grid, step) = first_on_path(puzzle, &[Technique::SueDeCoq]);
        assert_eq!(step.eliminations, cands("927 739 113"), "{}", step.explanation);
        assert!(find_all(Technique::SueDeCoq, &grid).len() > 1);
    }

    #[test]
    fn needs_sets_that_split_the_digits() {
        // The box cell shares 2 with the row cell: no digit split.
        let grid = crate::engine::logic::test_support::cells_keeping(&[
            ("r1c1", "1234"),
            ("r1c2", "1234"),
            ("r1c3", "5678"),
            ("r1c5", "12"),
            ("r2c3", "23"),
        ]);
        assert!(find_all(Technique::SueDeCoq, &grid).is_empty());
        // Line 1504 with 7 back in r2c7: the extended pattern is gone.
        let line = EXTENDED.replace(":314 818 324 727 827", ":314 818 324 827");
        assert!(find_all(Technique::SueDeCoq, &position(&line)).is_empty());
    }

    #[test]
    fn every_instance_is_sound() {
        assert!(assert_sound_in_library(&[Technique::SueDeCoq]) >= 30);
        let seen = assert_every_instance_sound(&["tdoku/top1465.txt"], 40, &[Technique::SueDeCoq]);
        assert!(seen[0] > 0, "{seen:?}");
    }

    #[test]
    fn a_jigsaw_region_meets_a_row_in_four_cells() {
        use crate::engine::Layout;
        use crate::engine::logic::test_support::{jigsaw, keeping};
        // Row 1 meets region 1 in r1c1-r1c4; r1c3 and r1c4 hold {1,2,3,4}; r1c6 {1,2} in the rest of
        // the row, r2c1 {3,4} in the rest of the region.
        let cells = [("r1c3", "1234"), ("r1c4", "1234"), ("r1c6", "12"), ("r2c1", "34")];
        let mut expected = cands(
            "111 211 112 212 115 215 117 217 118 218 119 219 311 411 312 412 322 422 323 423 331 431 332 432",
        );
        expected.sort();
        let steps = find_all(Technique::SueDeCoq, &keeping(&jigsaw(), &cells));
        let step = steps.iter().find(|s| s.eliminations == expected).unwrap_or_else(|| panic!("{steps:?}"));
        assert_eq!(step.houses, [House::row(0), House::region(0)]);
        let classic = find_all(Technique::SueDeCoq, &keeping(&Layout::classic(), &cells));
        assert!(classic.iter().all(|s| s.eliminations != expected), "{classic:?}");
    }

    #[test]
    fn an_x_diagonal_meets_a_box_as_a_line_does() {
        use crate::engine::Layout;
        use crate::engine::logic::test_support::keeping;
        // The main diagonal meets box 1 in r1c1, r2c2, r3c3; r1c1 and r2c2 hold {1,2,3,4}; r5c5
        // {1,2} in the rest of the diagonal, r1c3 {3,4} in the rest of the box.
        let cells = [("r1c1", "1234"), ("r2c2", "1234"), ("r5c5", "12"), ("r1c3", "34")];
        let mut expected = cands(
            "312 412 321 421 323 423 331 431 332 432 133 233 333 433 144 244 166 266 177 277 188 288 199 299",
        );
        expected.sort();
        let steps = find_all(Technique::SueDeCoq, &keeping(&Layout::x(), &cells));
        let step = steps.iter().find(|s| s.eliminations == expected).unwrap_or_else(|| panic!("{steps:?}"));
        assert_eq!(step.houses, [House::diagonal(0), House::block(0)]);
        let classic = find_all(Technique::SueDeCoq, &keeping(&Layout::classic(), &cells));
        assert!(classic.iter().all(|s| s.eliminations != expected), "{classic:?}");
    }
}
