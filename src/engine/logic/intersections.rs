//! Intersections: what the cells shared by a box and a line tell about both houses. Under any
//! layout the same holds for every region (a box, or a jigsaw region) and every line (row, column,
//! or an X's diagonal) sharing two or more cells: the region plays the box's part.
//!
//! - Locked Candidates Type 1 (Pointing): a box's candidates for a digit all lie in one line, so the
//!   digit leaves the rest of that line.
//! - Locked Candidates Type 2 (Claiming): a line's candidates for a digit all lie in one box, so the
//!   digit leaves the rest of that box.
//! - Locked Pair / Locked Triple: two (three) cells of a box-line intersection hold only two (three)
//!   digits between them: a naked subset of both houses at once, so those digits leave the rest of
//!   the box *and* the rest of the line. As in HoDoKu it must clear digits from both, the box and
//!   the line beyond the box; one that clears only one house is a naked subset of that house (the
//!   naked subset finders report it then, and leave the locked ones to these two techniques).

use std::ops::ControlFlow;

use crate::engine::{Candidate, CellSet, Digit, DigitSet, House};

use super::houses::{lines, lines_crossing};
use super::step::grouped_removal_text;
use super::subsets::{
    Intersection, for_each_subset, naked_eliminations, naked_pool, split_eliminations, subset_drivers,
};
use super::{Candidates, Sink, Step, Technique, cell_list, digit_list};

/// Reports every instance of `technique` (an intersection technique) in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match technique {
        Technique::LockedCandidatesPointing => {
            pointing_patterns(grid, |found| sink(locked_candidates(technique, found)))
        }
        Technique::LockedCandidatesClaiming => {
            claiming_patterns(grid, |found| sink(locked_candidates(technique, found)))
        }
        Technique::LockedPair => locked_subsets(grid, 2, technique, sink),
        Technique::LockedTriple => locked_subsets(grid, 3, technique, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// Locked Candidates: in `source` the `digit`'s places (`cells`, two or more) all lie in the
/// crossing house `target`, so `digit` leaves the `removed` cells, the rest of `target`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LockedCandidates {
    /// The house whose places of the digit are confined: a box (pointing) or a line (claiming).
    pub(crate) source: House,
    /// The crossing house holding them all.
    pub(crate) target: House,
    /// The digit.
    pub(crate) digit: Digit,
    /// The digit's places in `source`.
    cells: CellSet,
    /// The digit's places in `target` outside `source`: what the pattern removes (never empty).
    pub(crate) removed: CellSet,
}

/// Every pointing pattern (Type 1: a box's candidates of a digit confined to one line) that removes
/// something, box by box, digit by digit, the box's rows before its columns.
pub(crate) fn pointing_patterns(
    grid: &Candidates,
    mut visit: impl FnMut(LockedCandidates) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let layout = grid.layout();
    for block in layout.regions() {
        for digit in Digit::ALL {
            let cells = grid.house_cells_with(block, digit);
            if cells.len() < 2 {
                continue;
            }
            for line in lines_crossing(layout, block) {
                if !cells.is_subset(layout.set(line)) {
                    continue;
                }
                let removed = grid.house_cells_with(line, digit) - layout.set(block);
                if !removed.is_empty() {
                    visit(LockedCandidates { source: block, target: line, digit, cells, removed })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Every claiming pattern (Type 2: a line's candidates of a digit confined to one box) that
/// removes something, rows then columns, digit by digit.
pub(crate) fn claiming_patterns(
    grid: &Candidates,
    mut visit: impl FnMut(LockedCandidates) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let layout = grid.layout();
    for line in lines(layout) {
        for digit in Digit::ALL {
            let cells = grid.house_cells_with(line, digit);
            if cells.len() < 2 {
                continue;
            }
            let Some(first) = cells.first() else { continue };
            let block = layout.region_of(first);
            if !cells.is_subset(layout.set(block)) {
                continue;
            }
            let removed = grid.house_cells_with(block, digit) - layout.set(line);
            if !removed.is_empty() {
                visit(LockedCandidates { source: line, target: block, digit, cells, removed })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A Locked Candidates step of `technique` on `found`.
fn locked_candidates(technique: Technique, found: LockedCandidates) -> Step {
    let LockedCandidates { source, target, digit, cells, removed } = found;
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

/// Locked Pairs (`size` 2) and Triples (`size` 3): naked subsets inside a box-line intersection,
/// reported in HoDoKu's search order (box by box, and within a box by their cells).
fn locked_subsets(
    grid: &Candidates,
    size: usize,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let open = super::singles::open_cells(grid);
    let layout = grid.layout();
    for block in layout.regions() {
        // HoDoKu's order within a box: by the subset's cells, as its combinations of the box's cells
        // in index order meet them.
        let mut found: Vec<(Vec<usize>, Step)> = Vec::new();
        for line in lines_crossing(layout, block) {
            let shared = layout.set(block) & layout.set(line);
            let pool = naked_pool(grid, open & shared, size);
            if pool.len() < size {
                continue;
            }
            let _ = for_each_subset(&pool, size, &mut |cells, digits| {
                let cells: CellSet = cells.iter().copied().collect();
                let (in_box, beyond) = split_eliminations(grid, digits, cells, Intersection { block, line });
                if !in_box.is_empty() && !beyond.is_empty() {
                    let both = layout.set(block) | layout.set(line);
                    let eliminations = naked_eliminations(grid, digits, cells, both);
                    let step = locked_subset(technique, grid, [line, block], cells, digits, eliminations);
                    found.push((cells.iter().map(|c| c.index()).collect(), step));
                }
                ControlFlow::Continue(())
            });
        }
        found.sort_by(|a, b| a.0.cmp(&b.0));
        for (_, step) in found {
            sink(step)?;
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

#[cfg(test)]
mod tests {
    use super::super::subsets::fixtures::{all_of, cells_keeping, digit_only_in};
    use super::*;
    use crate::engine::logic::find_all;

    const BOX_ONE: [&str; 9] = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"];
    const ROW_ONE: [&str; 9] = ["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"];

    fn grid_with_five_only_in(among: &[&str], kept: &[&str]) -> Candidates {
        let mut grid = cells_keeping(&[]);
        digit_only_in(&mut grid, 5, among, kept);
        grid
    }

    #[test]
    fn pointing_clears_the_rest_of_the_line() {
        let grid = grid_with_five_only_in(&BOX_ONE, &["r1c1", "r1c2"]);
        let found = find_all(Technique::LockedCandidatesPointing, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, all_of("5", &ROW_ONE[3..]));
        assert_eq!(found[0].houses, vec![House::block(0), House::row(0)]);
        assert_eq!(
            found[0].explanation,
            "Locked Candidates (Pointing): in box 1 the 5s lie only in row 1, so 5 is removed from r1c4, \
             r1c5, r1c6, r1c7, r1c8 and r1c9"
        );
        assert!(find_all(Technique::LockedCandidatesClaiming, &grid).is_empty());
    }

    #[test]
    fn pointing_not_when_the_digit_spans_two_lines() {
        let grid = grid_with_five_only_in(&BOX_ONE, &["r1c1", "r2c2"]);
        assert!(find_all(Technique::LockedCandidatesPointing, &grid).is_empty());
    }

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        let grid = grid_with_five_only_in(&ROW_ONE, &["r1c1", "r1c2"]);
        let found = find_all(Technique::LockedCandidatesClaiming, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, all_of("5", &BOX_ONE[3..]));
        assert_eq!(
            found[0].explanation,
            "Locked Candidates (Claiming): in row 1 the 5s lie only in box 1, so 5 is removed from r2c1, \
             r2c2, r2c3, r3c1, r3c2 and r3c3"
        );
        assert!(find_all(Technique::LockedCandidatesPointing, &grid).is_empty());
    }

    #[test]
    fn claiming_not_when_the_digit_spans_two_boxes() {
        let grid = grid_with_five_only_in(&ROW_ONE, &["r1c1", "r1c9"]);
        assert!(find_all(Technique::LockedCandidatesClaiming, &grid).is_empty());
    }

    #[test]
    fn locked_pair_clears_box_and_line() {
        let grid = cells_keeping(&[("r1c1", "47"), ("r1c2", "47")]);
        let found = find_all(Technique::LockedPair, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        let mut expected = all_of("47", &ROW_ONE[2..]);
        expected.extend(all_of("47", &BOX_ONE[3..]));
        expected.sort();
        assert_eq!(found[0].eliminations, expected);
        assert_eq!(found[0].houses, vec![House::row(0), House::block(0)]);
        assert!(found[0].explanation.starts_with(
            "Locked Pair: r1c1 and r1c2 hold only 4 and 7 and share row 1 and box 1, so 4 and 7 are removed \
             from r1c3, r1c4"
        ));
    }

    #[test]
    fn locked_pair_not_across_a_box_and_a_line() {
        // A naked pair of box 1 on two rows is no Locked Pair (Naked Pair finds it).
        let grid = cells_keeping(&[("r1c1", "47"), ("r2c2", "47")]);
        assert!(find_all(Technique::LockedPair, &grid).is_empty());
        assert_eq!(find_all(Technique::NakedPair, &grid).len(), 1);
    }

    #[test]
    fn locked_pair_must_clear_the_box_and_the_line_beyond_it() {
        // 4 and 7 are already gone from the rest of box 1: the pair clears only row 1, so it is a
        // Naked Pair of row 1 (HoDoKu's rule), not a Locked Pair.
        let rest_of_box: Vec<(&str, &str)> = BOX_ONE[2..].iter().map(|&c| (c, "123568")).collect();
        let mut cells = vec![("r1c1", "47"), ("r1c2", "47")];
        cells.extend(rest_of_box);
        let grid = cells_keeping(&cells);
        assert!(find_all(Technique::LockedPair, &grid).is_empty());
        let naked = find_all(Technique::NakedPair, &grid);
        assert_eq!(
            naked.iter().map(|s| s.eliminations.clone()).collect::<Vec<_>>(),
            vec![all_of("47", &ROW_ONE[3..])]
        );
        assert_eq!(naked[0].houses, vec![House::row(0)]);
    }

    #[test]
    fn locked_triple_clears_box_and_line() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r2c1", "23"), ("r3c1", "13")]);
        let column_one = ["r4c1", "r5c1", "r6c1", "r7c1", "r8c1", "r9c1"];
        let box_rest = ["r1c2", "r1c3", "r2c2", "r2c3", "r3c2", "r3c3"];
        let mut expected = all_of("123", &column_one);
        expected.extend(all_of("123", &box_rest));
        expected.sort();
        let found = find_all(Technique::LockedTriple, &grid);
        assert_eq!(found.iter().map(|s| &s.eliminations).collect::<Vec<_>>(), vec![&expected]);
        assert!(find_all(Technique::NakedTriple, &grid).is_empty());
    }

    #[test]
    fn locked_triple_not_outside_an_intersection() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r2c1", "23"), ("r4c1", "13")]);
        assert!(find_all(Technique::LockedTriple, &grid).is_empty());
        assert_eq!(find_all(Technique::NakedTriple, &grid).len(), 1);
    }

    #[test]
    fn intersections_pass_library_cases() {
        let cases = [
            ":0100:1:.+92....+365...3+697..3+6.+94...+2.58.1.+9+3+3.96.28.....9.32..+9+5+34+6..2..87+32+9..56+2....3.+9:811 515 715 538 761 595 795:193 198::",
            ":0101:1:..7+1+2+3+5..3+5+16497..6+295+78+3+4+1..+6+4.2.35.+32...4..59+43..+2.....9.61.4.+65214..3......6..:818 819 758 768 791 792 798 799:151::",
            ":0110-1:47:6.......8..2....7.94.........15.98..79....5.2.....4..916...5.2......2..5..3961...::477 479 487 488 491 498 777 779 787 792::",
            ":0111-1:678:....4.3...8...1429..15......76.....8.....2.....9.5..7...8......3.........9.1.863.::618 619 631 632 635 636 719 731 735 736 818 835::",
        ];
        crate::engine::logic::test_support::assert_library_cases_pass(&cases);
    }
}
