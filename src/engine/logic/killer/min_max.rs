//! Min/Max Sum: the bounds of a rule-of-45 sum.
//!
//! When the rule of 45 gives `innies - outies = value` over more cells than a derived cage or an
//! innie-outie difference handles (cells in several houses, or innies and outies mixed), each cell
//! can still only take a digit the other cells can balance: if the rest of the sum cannot get as
//! low or as high as needed with the candidates left, the digit goes. (On a cage itself the same
//! reasoning is part of the exact test of Cage Combinations.)

use std::ops::ControlFlow;

use crate::engine::killer::Cages;
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet};

use super::super::{Sink, Step, Technique, join_or};
use super::regions::{Equation, equations, one_sided, regions};

/// Reports every Min/Max Sum step to `sink`.
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut seen: Vec<(CellSet, CellSet, i32)> = Vec::new();
    for region in regions(grid.layout()).iter() {
        let mut found = one_sided(grid, cages, region);
        let _ = equations(grid, cages, region, 4, &mut |equation| {
            found.push(equation);
            ControlFlow::Continue(())
        });
        for equation in found {
            let key = (equation.innies, equation.outies, equation.value);
            if equation.cells().len() < 2 || seen.contains(&key) {
                continue;
            }
            seen.push(key);
            if let Some(step) = bounds(grid, &equation) {
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The smallest and largest a cell adds to the sum: its candidates, negated for an outie.
fn range(grid: &Candidates, cell: Cell, outie: bool) -> Option<(i32, i32)> {
    let cands = grid.candidates(cell);
    let low = i32::from(cands.first()?.get());
    let high = i32::from(cands.iter().last()?.get());
    Some(if outie { (-high, -low) } else { (low, high) })
}

/// The step removing what the bounds of `equation` rule out, if anything.
fn bounds(grid: &Candidates, equation: &Equation<'_>) -> Option<Step> {
    let (removed, clauses) = bound_removals(grid, equation.innies, equation.outies, equation.value)?;
    let technique = Technique::MinMaxSum;
    Some(
        Step::new(technique)
            .with_houses(equation.region.houses.iter().copied())
            .with_cells(equation.cells())
            .with_cages(equation.sticking.iter().copied())
            .with_eliminations(removed)
            .with_explanation(format!("{technique}: {}; {}", equation.reason(), clauses.join("; "))),
    )
}

/// What the bounds of `innies - outies = value` rule out: the candidates a cell cannot take because
/// the other cells cannot balance them, and one clause per cell saying so (`r1c8 cannot be 1, 2 or
/// 3 (the outies make 2 to 18)`); `None` when they rule out nothing.
pub(super) fn bound_removals(
    grid: &Candidates,
    innies: CellSet,
    outies: CellSet,
    value: i32,
) -> Option<(Vec<Candidate>, Vec<String>)> {
    let terms: Vec<(Cell, bool)> =
        innies.iter().map(|c| (c, false)).chain(outies.iter().map(|c| (c, true))).collect();
    let ranges: Vec<(i32, i32)> =
        terms.iter().map(|&(c, outie)| range(grid, c, outie)).collect::<Option<_>>()?;
    let (low, high) = ranges.iter().fold((0, 0), |(l, h), &(a, b)| (l + a, h + b));
    let mut removed = Vec::new();
    let mut clauses = Vec::new();
    for (&(cell, outie), &(a, b)) in terms.iter().zip(&ranges) {
        let (rest_low, rest_high) = (low - a, high - b);
        let gone: DigitSet = (grid.candidates(cell).iter())
            .filter(|d| {
                let term = if outie { -i32::from(d.get()) } else { i32::from(d.get()) };
                !(rest_low..=rest_high).contains(&(value - term))
            })
            .collect();
        if gone.is_empty() {
            continue;
        }
        removed.extend(gone.iter().map(|d: Digit| Candidate::new(cell, d)));
        clauses.push(format!(
            "{cell} cannot be {} ({})",
            join_or(gone.iter().map(|d| d.to_string()).collect()),
            others_text(grid, innies, outies, cell, outie)
        ));
    }
    (!removed.is_empty()).then_some((removed, clauses))
}

/// The least and most `cells` add up to, their candidates taken one by one.
fn span(grid: &Candidates, cells: CellSet) -> (i32, i32) {
    cells.iter().filter_map(|c| range(grid, c, false)).fold((0, 0), |(l, h), (a, b)| (l + a, h + b))
}

/// What the other cells of `innies - outies` make, beside `cell` (an outie when `outie`), with no
/// negative number: `the other cells make 13 to 21` on one side, `the other innies make 5 to 17
/// and the outies 2 to 9` (or `the outies make 2 to 9`, when `cell` is the only innie) across both.
fn others_text(grid: &Candidates, innies: CellSet, outies: CellSet, cell: Cell, outie: bool) -> String {
    let (mut same, other, same_name, other_name) =
        if outie { (outies, innies, "outies", "innies") } else { (innies, outies, "innies", "outies") };
    same.remove(cell);
    let (same_low, same_high) = span(grid, same);
    let (other_low, other_high) = span(grid, other);
    match (same.is_empty(), other.is_empty()) {
        (_, true) => format!("the other cells make {same_low} to {same_high}"),
        (true, false) => format!("the {other_name} make {other_low} to {other_high}"),
        (false, false) => format!(
            "the other {same_name} make {same_low} to {same_high} and the {other_name} {other_low} to \
             {other_high}"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, cell, each, killer, row_one_inside};
    use crate::engine::House;
    use crate::engine::killer::Cage;
    use crate::engine::logic::{Technique, find_all};

    /// Rows 1 and 2 covered by a cage 1 at r1c1 and cages 9 at r1cN-r2cN (columns 2 to 8): 64
    /// inside; r2c1 sticks down in a cage with r3c1, r1c9 and r2c9 in one with r3c9.
    fn layout() -> Vec<Cage> {
        let mut cages =
            vec![cage(&["r1c1"], 1), cage(&["r2c1", "r3c1"], 10), cage(&["r1c9", "r2c9", "r3c9"], 20)];
        for col in 2..=8 {
            let (top, bottom) = (format!("r1c{col}"), format!("r2c{col}"));
            cages.push(cage(&[top.as_str(), bottom.as_str()], 9));
        }
        cages
    }

    #[test]
    fn innies_in_no_common_house_are_bounded() {
        // r2c1 + r1c9 + r2c9 = 90 - 64 = 26: the other two make at most 18, so each is 8 or 9.
        let grid = killer(layout(), &[]);
        let found = find_all(Technique::MinMaxSum, &grid);
        let innies = [cell("r1c9"), cell("r2c1"), cell("r2c9")];
        let step = found.iter().find(|s| s.cells == innies).expect("the rows 1-2 innies");
        assert_eq!(step.houses, [House::row(0), House::row(1)]);
        assert_eq!(step.eliminations, each("1234567", &["r1c9", "r2c1", "r2c9"]));
        assert!(
            step.explanation.starts_with(
                "Min/Max Sum: Rule of 45 on rows 1 and 2: rows 1 and 2 add up to 90 and the cages covering \
                 them but for r1c9, r2c1 and r2c9 add up to 64, so r1c9 + r2c1 + r2c9 = 26; r1c9 cannot be \
                 1, 2, 3, 4, 5, 6 or 7 (the other cells make 2 to 18)"
            ),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn innies_and_outies_are_bounded_without_negative_sums() {
        // Row 1: 3 + 12 + 17 inside; r1c8 left out with cage 10 at r1c8-r2c8, cage 10 at
        // r1c9-r2c9-r3c9 taken: r1c8 - r2c9 - r3c9 = 45 - 42 = 3, written r1c8 = r2c9 + r3c9 + 3.
        let mut cages = row_one_inside();
        cages.extend([
            cage(&["r1c6", "r1c7"], 17),
            cage(&["r1c8", "r2c8"], 10),
            cage(&["r1c9", "r2c9", "r3c9"], 10),
        ]);
        let grid = killer(cages, &[]);
        let found = find_all(Technique::MinMaxSum, &grid);
        let cells = [cell("r1c8"), cell("r2c9"), cell("r3c9")];
        let step = found.iter().find(|s| s.cells == cells && s.houses.len() == 1).expect("row 1");
        let mut expected = each("1234", &["r1c8"]);
        expected.extend(each("6789", &["r2c9", "r3c9"]));
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert_eq!(
            step.explanation,
            "Min/Max Sum: Rule of 45 on row 1: row 1 adds up to 45 and the cages covering it but for r1c8 \
             (and r2c9 and r3c9 outside) add up to 42, so r1c8 = r2c9 + r3c9 + 3; r1c8 cannot be 1, 2, 3 or 4 \
             (the outies make 2 to 18); r2c9 cannot be 6, 7, 8 or 9 (the other outies make 1 to 9 and the \
             innies 1 to 9); r3c9 cannot be 6, 7, 8 or 9 (the other outies make 1 to 9 and the innies 1 to 9)"
        );
        // The first hint names row 1, where the outies r2c9 and r3c9 are not.
        assert_eq!(step.summary(), "Min/Max Sum in row 1");
        assert_eq!(step.pattern_houses(), [House::row(0)]);
    }

    #[test]
    fn nothing_when_the_bounds_allow_every_candidate() {
        // The three innies already hold only 8 and 9: their sum removes nothing more.
        let kept = [("r2c1", "89"), ("r1c9", "89"), ("r2c9", "89")];
        let grid = killer(layout(), &kept);
        let innies = [cell("r1c9"), cell("r2c1"), cell("r2c9")];
        assert!(find_all(Technique::MinMaxSum, &grid).iter().all(|s| s.cells != innies));
    }
}
