//! Uniqueness Tests 1 to 6: a rectangle of four unsolved cells that would be deadly on two digits,
//! broken only by the extra candidates of some corners.

use std::ops::ControlFlow;

use crate::engine::{Candidate, Candidates, Cell, CellSet, DigitSet, House};

use super::super::step::a_digit;
use super::super::{Sink, Step, Technique, cell_list, digit_list, join_and, join_or, removal_text};
use super::rectangle::{DeadlyRectangle, corner_candidates, unique_rectangles};
use super::{cell_removal, or_list};

/// Reports every Uniqueness Test of the requested type (`technique` is one of types 1 to 6).
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for ur in unique_rectangles(grid).iter() {
        for step in steps_of(technique, grid, ur) {
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The steps of one type on one rectangle.
fn steps_of(technique: Technique, grid: &Candidates, ur: &DeadlyRectangle) -> Vec<Step> {
    match technique {
        Technique::UniquenessTest1 => type1(grid, ur).into_iter().collect(),
        Technique::UniquenessTest2 | Technique::UniquenessTest5 => {
            one_extra_digit(technique, grid, ur).into_iter().collect()
        }
        Technique::UniquenessTest3 => type3(grid, ur),
        Technique::UniquenessTest4 => type4(grid, ur),
        Technique::UniquenessTest6 => type6(grid, ur),
        _ => Vec::new(),
    }
}

/// Type 1: only one corner has extra candidates, so it must take one of them: the pair goes.
fn type1(grid: &Candidates, ur: &DeadlyRectangle) -> Option<Step> {
    let cell = ur.extra_cells.single()?;
    let eliminations = corner_candidates(grid, cell.set(), ur.pair);
    if eliminations.is_empty() {
        return None;
    }
    let explanation = format!(
        "Uniqueness Test 1: {} unless {cell} takes another digit, so {}",
        ur.intro(grid),
        cell_removal(cell, &eliminations)
    );
    Some(ur.step(
        Technique::UniquenessTest1,
        ur.rect.boxes(),
        ur.pair_drivers(grid),
        eliminations,
        explanation,
    ))
}

/// Types 2 and 5: every extra cell has the same single extra digit, which must be in one of them, so
/// it goes from every cell that sees them all. Two extra cells in a line make type 2; two diagonal
/// extra cells, or three, make type 5.
fn one_extra_digit(technique: Technique, grid: &Candidates, ur: &DeadlyRectangle) -> Option<Step> {
    let extra_cells = ur.extra_cells;
    let is_type2 = ur.extra_cells_in_line().is_some();
    let fits = match technique {
        Technique::UniquenessTest2 => is_type2,
        _ => !is_type2 && matches!(extra_cells.len(), 2 | 3),
    };
    if !fits {
        return None;
    }
    let extra = extra_cells.iter().map(|c| ur.extras(grid, c)).reduce(|a, b| a | b)?.single()?;
    let targets = extra_cells.common_peers() & grid.cells_with(extra);
    let eliminations: Vec<Candidate> = targets.iter().map(|c| Candidate::new(c, extra)).collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut drivers = ur.pair_drivers(grid);
    drivers.extend(extra_cells.iter().map(|c| Candidate::new(c, extra)));
    // Diagonal extra cells share no house: then the rectangle's boxes show where to look.
    let mut houses: Vec<House> = extra_cells.common_houses().collect();
    if houses.is_empty() {
        houses.extend(ur.rect.boxes());
    }
    let explanation = format!(
        "{}: {} unless {extra} goes in {}, so {}",
        technique.name(),
        ur.intro(grid),
        or_list(extra_cells),
        removal_text(&eliminations)
    );
    Some(ur.step(technique, houses, drivers, eliminations, explanation))
}

/// The houses holding both cells, lines first.
fn shared_houses(first: Cell, second: Cell) -> Vec<House> {
    (first.set() | second.set()).common_houses().collect()
}

/// Type 3: two extra cells in a line act as one virtual cell holding their extra digits; with other
/// cells of a shared house it forms a naked subset, whose digits leave the rest of the house. As in
/// HoDoKu the subset may have any size, and its other cells hold neither digit of the rectangle.
fn type3(grid: &Candidates, ur: &DeadlyRectangle) -> Vec<Step> {
    let Some((first, second)) = ur.extra_cells_in_line() else { return Vec::new() };
    let virtual_digits = ur.extras(grid, first) | ur.extras(grid, second);
    let houses = shared_houses(first, second);
    let mut steps = Vec::new();
    for (index, &house) in houses.iter().enumerate() {
        // As HoDoKu: the other cells of the house without either digit of the rectangle, in
        // subsets of any size.
        let pool: Vec<Cell> = (house.cell_set() & (grid.unsolved() - ur.rect.cells()))
            .iter()
            .filter(|&c| !grid.candidates(c).intersects(ur.pair))
            .collect();
        for_each_small_subset(&pool, pool.len(), CellSet::EMPTY, &mut |subset_cells| {
            // A subset lying in an earlier shared house was reported there, with both houses.
            if houses[..index].iter().any(|h| subset_cells.is_subset(h.cell_set())) {
                return;
            }
            let digits = subset_cells.iter().fold(virtual_digits, |acc, c| acc | grid.candidates(c));
            if digits.len() != subset_cells.len() + 1 {
                return;
            }
            if let Some(step) = type3_step(grid, ur, (first, second), &houses, subset_cells, digits) {
                steps.push(step);
            }
        });
    }
    steps
}

/// The Uniqueness Test 3 step of one virtual naked subset, removing its digits from every shared
/// house holding all of its cells.
fn type3_step(
    grid: &Candidates,
    ur: &DeadlyRectangle,
    (first, second): (Cell, Cell),
    houses: &[House],
    subset_cells: CellSet,
    digits: DigitSet,
) -> Option<Step> {
    let locked_in: Vec<House> =
        houses.iter().copied().filter(|h| subset_cells.is_subset(h.cell_set())).collect();
    let mut eliminations = Vec::new();
    for house in &locked_in {
        let others = house.cell_set() - subset_cells - ur.rect.cells();
        eliminations.extend(corner_candidates(grid, others, digits));
    }
    eliminations.sort();
    eliminations.dedup();
    if eliminations.is_empty() {
        return None;
    }
    let extras = ur.extras(grid, first) | ur.extras(grid, second);
    let mut drivers = ur.pair_drivers(grid);
    drivers.extend(corner_candidates(grid, first.set() | second.set(), extras));
    drivers.extend(corner_candidates(grid, subset_cells, digits));
    let where_ = join_and(locked_in.iter().map(|h| h.to_string()).collect());
    let explanation = format!(
        "Uniqueness Test 3: {} unless {first} or {second} takes {}; with {} that locks {} \
         into {where_} (a naked {}), so {}",
        ur.intro(grid),
        join_or(extras.iter().map(|d| d.to_string()).collect()),
        cell_list(subset_cells),
        digit_list(digits),
        subset_name(digits.len()),
        removal_text(&eliminations)
    );
    Some(ur.step(Technique::UniquenessTest3, locked_in, drivers, eliminations, explanation))
}

/// `pair`, `triple`, `quadruple` for a subset of `size` digits.
fn subset_name(size: usize) -> &'static str {
    match size {
        2 => "pair",
        3 => "triple",
        4 => "quadruple",
        _ => "subset",
    }
}

/// Calls `visit` with every subset of `pool` that extends `chosen` by one to `max - chosen.len()`
/// cells, depth first: each subset before its extensions, in pool order. No allocation.
fn for_each_small_subset(pool: &[Cell], max: usize, chosen: CellSet, visit: &mut dyn FnMut(CellSet)) {
    if chosen.len() >= max {
        return;
    }
    for (i, &cell) in pool.iter().enumerate() {
        let grown = chosen | cell.set();
        visit(grown);
        for_each_small_subset(&pool[i + 1..], max, grown, visit);
    }
}

/// Type 4: two extra cells in a line; if one digit of the pair can go nowhere else in a house they
/// share, one of them holds it, so neither may hold the other digit.
fn type4(grid: &Candidates, ur: &DeadlyRectangle) -> Vec<Step> {
    let Some((first, second)) = ur.extra_cells_in_line() else { return Vec::new() };
    let extra_cells = first.set() | second.set();
    let mut steps = Vec::new();
    for digit in ur.pair {
        let houses: Vec<House> = shared_houses(first, second)
            .into_iter()
            .filter(|&h| {
                let spots = grid.house_cells_with(h, digit);
                !spots.is_empty() && spots.is_subset(extra_cells)
            })
            .collect();
        let Some(&house) = houses.first() else { continue };
        let other = ur.other(digit);
        let eliminations = corner_candidates(grid, extra_cells, DigitSet::from_digit(other));
        if eliminations.is_empty() {
            continue;
        }
        let explanation = format!(
            "Uniqueness Test 4: {}; in {house} the {digit}s lie only in {first} and {second}: \
             one of them is {digit}, so {} (next to that {digit} it would complete the pattern)",
            ur.intro(grid),
            removal_text(&eliminations)
        );
        steps.push(ur.step(
            Technique::UniquenessTest4,
            houses,
            ur.pair_drivers(grid),
            eliminations,
            explanation,
        ));
    }
    steps
}

/// Type 6: two diagonal extra cells; if one digit of the pair lies only in the rectangle within both
/// rows and both columns (an X-Wing), placing it in an extra cell would force the deadly pattern.
fn type6(grid: &Candidates, ur: &DeadlyRectangle) -> Vec<Step> {
    let Some((first, second)) = ur.extra_cells_on_diagonal() else { return Vec::new() };
    let lines: Vec<House> = ur.rect.rows().into_iter().chain(ur.rect.columns()).collect();
    let mut steps = Vec::new();
    for digit in ur.pair {
        let x_wing = lines.iter().all(|&line| {
            let spots = grid.house_cells_with(line, digit);
            !spots.is_empty() && spots.is_subset(ur.rect.cells())
        });
        if !x_wing {
            continue;
        }
        let eliminations = corner_candidates(grid, first.set() | second.set(), DigitSet::from_digit(digit));
        if eliminations.is_empty() {
            continue;
        }
        let [row1, row2] = ur.rect.rows();
        let [col1, col2] = ur.rect.columns();
        let explanation = format!(
            "Uniqueness Test 6: {}; the {digit}s of {row1}, {row2}, {col1} and {col2} lie only \
             in the rectangle (an X-Wing), so {} in {first} or {second} would force the pattern and {}",
            ur.intro(grid),
            a_digit(digit),
            removal_text(&eliminations)
        );
        steps.push(ur.step(
            Technique::UniquenessTest6,
            lines.clone(),
            corner_candidates(grid, ur.rect.cells(), DigitSet::from_digit(digit)),
            eliminations,
            explanation,
        ));
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::super::super::test_support::{cands, position};
    use super::super::test_util::{cells_keeping, eliminations};
    use super::*;
    use crate::engine::logic::find_all;

    const TYPE1: &str = ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::";
    const TYPE2: &str = ":0601-1:34:.9..+52+6+4.6..4+8..+53..5..628....8....4.1..+4......+4.27........341+8+1+865+743+92..9+21+8+576::711 713 722 723 734 739::";
    const TYPE3: &str = ":0602-1:89:3.......7...98.+5.3.5.....2+6+2+31+4..+6+85+7968+512+3+4...+6237+9+1..4...+1+79..+371.+45.......36.::212 222 293 722 793::";
    const TYPE4: &str = ":0603-1:14:..+9+4.+6+3+8....3.9+5+6..+6.+8.7149...+2+9+4+631.2.+5+689+74+496+17+3+2+58+9+58+7+3+2+4+1+6+7326+4+1+8+9+5+6..9+8+572+3::122 123::";
    const TYPE5: &str = ":0604-1:26:+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17..+7+96+34+2+185..1+6+7+5.+93:121 122 227 229 629 639 479:448::";
    const TYPE6: &str = ":0605-1:67:+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9..+3...+34.......+8+6+75123+4+9::675 687::";

    /// Whether `technique` finds a step with exactly the eliminations `expected` in `line`.
    fn finds(technique: Technique, line: &str, expected: &str) -> bool {
        eliminations(technique, &position(line)).contains(&cands(expected))
    }

    #[test]
    fn type1_removes_the_pair_from_the_only_extra_cell() {
        assert!(finds(Technique::UniquenessTest1, TYPE1, "227 327"));
    }

    #[test]
    fn type1_needs_a_rectangle_in_two_boxes() {
        // Three corners on 1/2 and a fourth with an extra 3, but spread over four boxes.
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c4", "12"), ("r4c1", "12"), ("r4c4", "123")]);
        assert!(find_all(Technique::UniquenessTest1, &grid).is_empty());
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c4", "12"), ("r2c1", "12"), ("r2c4", "123")]);
        assert_eq!(eliminations(Technique::UniquenessTest1, &grid), vec![cands("124 224")]);
    }

    #[test]
    fn type2_removes_the_shared_extra_digit_from_cells_seeing_both() {
        assert!(finds(Technique::UniquenessTest2, TYPE2, "711 713 722 723 734 739"));
    }

    #[test]
    fn type2_needs_the_same_single_extra_digit() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c4", "12"), ("r2c1", "123"), ("r2c4", "124")]);
        assert!(find_all(Technique::UniquenessTest2, &grid).is_empty());
        // Diagonal extra cells are type 5, not type 2.
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c4", "123"), ("r2c1", "123"), ("r2c4", "12")]);
        assert!(find_all(Technique::UniquenessTest2, &grid).is_empty());
        assert!(!find_all(Technique::UniquenessTest5, &grid).is_empty());
    }

    #[test]
    fn type3_forms_a_naked_subset_with_the_extra_digits() {
        assert!(finds(Technique::UniquenessTest3, TYPE3, "212 222 293 722 793"));
    }

    #[test]
    fn type3_subsets_have_any_size_and_leave_out_cells_with_the_rectangle_digits() {
        // The virtual cell on 3/4 and four cells of row 2 hold exactly 3-7: a naked quintuple (as
        // HoDoKu finds them); the rest of row 2 still holds 1 and 2, so it takes no part.
        let grid = cells_keeping(&[
            ("r1c1", "12"),
            ("r1c4", "12"),
            ("r2c1", "123"),
            ("r2c4", "124"),
            ("r2c2", "35"),
            ("r2c3", "56"),
            ("r2c5", "67"),
            ("r2c6", "47"),
        ]);
        let steps = find_all(Technique::UniquenessTest3, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let removed = "327 328 329 427 428 429 527 528 529 627 628 629 727 728 729";
        assert_eq!(steps[0].eliminations, cands(removed));
        assert!(steps[0].explanation.contains("(a naked subset)"), "{}", steps[0].explanation);
    }

    #[test]
    fn type3_needs_a_subset_closing_on_the_extra_digits() {
        let base = [("r1c1", "12"), ("r1c4", "12"), ("r2c1", "123"), ("r2c4", "124")];
        let grid = cells_keeping(&[base[0], base[1], base[2], base[3], ("r2c7", "35")]);
        assert!(find_all(Technique::UniquenessTest3, &grid).is_empty());
        // With r2c7 on 3/4 instead, 3 and 4 are locked in row 2.
        let grid = cells_keeping(&[base[0], base[1], base[2], base[3], ("r2c7", "34")]);
        let steps = find_all(Technique::UniquenessTest3, &grid);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].houses, vec![House::row(1)]);
        assert_eq!(steps[0].eliminations.len(), 12, "3 and 4 leave the six other cells of row 2");
    }

    #[test]
    fn type4_removes_the_other_digit_when_one_is_locked_in_the_extra_cells() {
        assert!(finds(Technique::UniquenessTest4, TYPE4, "122 123"));
    }

    #[test]
    fn type4_needs_a_pair_digit_confined_to_the_extra_cells() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c4", "12"), ("r2c1", "123"), ("r2c4", "124")]);
        assert!(find_all(Technique::UniquenessTest4, &grid).is_empty());
    }

    #[test]
    fn type5_removes_the_extra_digit_seen_by_every_extra_cell() {
        assert!(finds(Technique::UniquenessTest5, TYPE5, "448"));
    }

    #[test]
    fn type5_needs_one_extra_digit_everywhere() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c4", "123"), ("r2c1", "124"), ("r2c4", "12")]);
        assert!(find_all(Technique::UniquenessTest5, &grid).is_empty());
    }

    #[test]
    fn type6_removes_the_x_wing_digit_from_the_extra_cells() {
        assert!(finds(Technique::UniquenessTest6, TYPE6, "675 687"));
    }

    #[test]
    fn type6_needs_the_digit_confined_to_the_rectangle() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c4", "123"), ("r2c1", "124"), ("r2c4", "12")]);
        assert!(find_all(Technique::UniquenessTest6, &grid).is_empty());
    }

    #[test]
    fn no_test_uses_a_rectangle_with_a_solved_corner() {
        let mut grid = cells_keeping(&[("r1c1", "12"), ("r1c4", "12"), ("r2c1", "12"), ("r2c4", "123")]);
        grid.place("r2c4".parse().expect("cell"), crate::engine::Digit::new(3).expect("digit"));
        for technique in [Technique::UniquenessTest1, Technique::HiddenRectangle] {
            assert!(find_all(technique, &grid).is_empty(), "{technique}");
        }
    }
}
