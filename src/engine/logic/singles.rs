//! Singles, the techniques that place a digit: Full House (the last empty cell of a house), Naked
//! Single (a cell with one candidate) and Hidden Single (a digit with one place in a house, boxes
//! searched first, then rows, then columns).
//!
//! These run before every other technique on every step of a hint or a logical solve, so they are
//! written to be cheap: a few bitset operations per house, no allocation until a step is reported.

use std::ops::ControlFlow;

use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet, House};

use super::{Candidates, Sink, Step, Technique};

/// Reports every instance of `technique` (a single) in `grid` to `sink`, one step per placement.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match technique {
        Technique::FullHouse => full_houses(grid, sink),
        Technique::NakedSingle => naked_singles(grid, sink),
        Technique::HiddenSingle => hidden_singles(grid, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The empty cells that still hold at least one candidate.
pub(super) fn open_cells(grid: &Candidates) -> CellSet {
    Digit::ALL.into_iter().fold(CellSet::EMPTY, |open, d| open | grid.cells_with(d))
}

/// Houses with one empty cell left: that cell takes the one digit the house misses.
fn full_houses(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let open = open_cells(grid);
    let mut filled = CellSet::EMPTY;
    for &house in grid.houses() {
        let Some(cell) = (open & grid.house_set(house)).single() else { continue };
        if filled.contains(cell) {
            continue;
        }
        let missing = !grid.placed_in(house);
        let Some(digit) = missing.single() else { continue };
        if !grid.has(cell, digit) {
            continue;
        }
        filled.insert(cell);
        let placement = Candidate::new(cell, digit);
        sink(
            Step::new(Technique::FullHouse)
                .with_houses([house])
                .with_cells([cell])
                .with_drivers([placement])
                .with_placements([placement])
                .with_explanation(format!(
                    "Full House: {cell} is the last empty cell of {house}, so it takes the missing {digit}"
                )),
        )?;
    }
    ControlFlow::Continue(())
}

/// The naked singles of `grid`: each empty cell with one candidate left, in reading order, with
/// that candidate. The Sudoku Explainer estimate takes the first.
pub(crate) fn naked_single_placements(grid: &Candidates) -> impl Iterator<Item = Candidate> + '_ {
    open_cells(grid)
        .into_iter()
        .filter_map(|cell| grid.candidates(cell).single().map(|d| Candidate::new(cell, d)))
}

/// Cells with exactly one candidate left.
fn naked_singles(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for placement in naked_single_placements(grid) {
        let (cell, digit) = (placement.cell, placement.digit);
        sink(
            Step::new(Technique::NakedSingle)
                .with_cells([cell])
                .with_drivers([placement])
                .with_placements([placement])
                .with_explanation(format!(
                    "Naked Single: {digit} is the last candidate of {cell}, so {cell} is {digit}"
                )),
        )?;
    }
    ControlFlow::Continue(())
}

/// Digits with one place left in a house, searched in HoDoKu's order (boxes, then rows, then
/// columns; the regions of a jigsaw in place of the boxes, the diagonals of an X last). A placement
/// found in several houses is reported once, in the first house searched.
fn hidden_singles(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut placed = [DigitSet::EMPTY; 81];
    for house in super::houses::regions_then_lines(grid.layout()) {
        for Candidate { cell, digit } in hidden_single_placements(grid, house) {
            let seen = &mut placed[cell.index()];
            if seen.contains(digit) {
                continue;
            }
            seen.insert(digit);
            sink(hidden_single(house, cell, digit))?;
        }
    }
    ControlFlow::Continue(())
}

/// The hidden singles of `house`: each digit with one place left there, in digit order, placed
/// there. The Sudoku Explainer estimate takes the first, in houses of its own order.
pub(crate) fn hidden_single_placements(
    grid: &Candidates,
    house: House,
) -> impl Iterator<Item = Candidate> + '_ {
    Digit::ALL.into_iter().filter_map(move |digit| {
        grid.house_cells_with(house, digit).single().map(|cell| Candidate::new(cell, digit))
    })
}

/// The step placing `digit` in `cell`, its only place in `house`.
fn hidden_single(house: House, cell: Cell, digit: Digit) -> Step {
    let placement = Candidate::new(cell, digit);
    Step::new(Technique::HiddenSingle)
        .with_houses([house])
        .with_cells([cell])
        .with_drivers([placement])
        .with_placements([placement])
        .with_explanation(format!(
            "Hidden Single: in {house} the {digit} fits only in {cell}, so {cell} is {digit}"
        ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::find_all;
    use crate::engine::logic::test_support::{cands, position};

    fn placements(technique: Technique, line: &str) -> Vec<Vec<Candidate>> {
        find_all(technique, &position(line)).into_iter().map(|s| s.placements).collect()
    }

    /// A solved grid with some cells blanked (`.`).
    fn solved_with_blanks(blanks: &[(usize, usize)]) -> String {
        let mut cells: Vec<char> =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .chars()
                .collect();
        for &(row, col) in blanks {
            cells[row * 9 + col] = '.';
        }
        format!(":0000:1:{}::::", cells.into_iter().collect::<String>())
    }

    #[test]
    fn full_house_places_the_missing_digit() {
        // Row 1 misses only r1c9 (a 2), column 8 only r2c8 (a 4); r2c9 is in no full house.
        let line = solved_with_blanks(&[(0, 8), (1, 7), (1, 8)]);
        let found = find_all(Technique::FullHouse, &position(&line));
        let placed: Vec<Vec<Candidate>> = found.iter().map(|s| s.placements.clone()).collect();
        assert_eq!(placed, vec![cands("219"), cands("428")]);
        assert_eq!(found[0].houses, vec![House::row(0)]);
        assert_eq!(
            found[0].explanation,
            "Full House: r1c9 is the last empty cell of row 1, so it takes the missing 2"
        );
    }

    #[test]
    fn full_house_needs_a_single_empty_cell() {
        let line = solved_with_blanks(&[(0, 0), (0, 1), (1, 0), (1, 1)]);
        assert!(placements(Technique::FullHouse, &line).is_empty());
        // The same cells are naked singles, though.
        assert_eq!(placements(Technique::NakedSingle, &line).len(), 4);
    }

    #[test]
    fn naked_single_finds_the_cell_with_one_candidate() {
        // Library case: 8 goes to r2c9.
        let line = ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:";
        let found = find_all(Technique::NakedSingle, &position(line));
        let step = found.iter().find(|s| s.placements == cands("829")).expect("naked single 8 in r2c9");
        assert_eq!(step.cells, vec![Cell::at(1, 8)]);
        assert_eq!(step.explanation, "Naked Single: 8 is the last candidate of r2c9, so r2c9 is 8");
        assert!(found.iter().all(|s| s.placements.len() == 1));
    }

    #[test]
    fn naked_single_not_on_an_empty_grid() {
        let empty = format!(":0003:1:{}::::", ".".repeat(81));
        assert!(placements(Technique::NakedSingle, &empty).is_empty());
    }

    #[test]
    fn hidden_single_prefers_the_box_and_reports_once() {
        // Row 1 and box 1 both force the 1 into r1c1: 1s sit in r2, r3 (outside box 1's other cells)
        // and in columns 2 and 3.
        let mut givens = vec!['.'; 81];
        for (cell, digit) in
            [(Cell::at(1, 3), '1'), (Cell::at(2, 6), '1'), (Cell::at(3, 1), '1'), (Cell::at(6, 2), '1')]
        {
            givens[cell.index()] = digit;
        }
        let line = format!(":0002:1:{}::::", givens.iter().collect::<String>());
        let found = find_all(Technique::HiddenSingle, &position(&line));
        let r1c1: Vec<&Step> = found.iter().filter(|s| s.placements == cands("111")).collect();
        assert_eq!(r1c1.len(), 1, "{found:?}");
        assert_eq!(r1c1[0].houses, vec![House::block(0)]);
        assert_eq!(r1c1[0].explanation, "Hidden Single: in box 1 the 1 fits only in r1c1, so r1c1 is 1");
    }

    #[test]
    fn hidden_single_not_on_an_empty_grid() {
        let empty = format!(":0002:1:{}::::", ".".repeat(81));
        assert!(placements(Technique::HiddenSingle, &empty).is_empty());
    }

    #[test]
    fn singles_pass_library_cases() {
        let cases = [
            ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:",
            ":0002:1:2+8.+64...74+6....+2.+8317+9+285+46.5+3..9.2+4.+42.3.7.+9.9.4...8+35+382+9+6471.+7......21+2..8...5:::163:",
            ":0003:1:8.9.4..2..46.1....3..9........1..9455.......6983..6........4..1....9.37..3..7.4.9:::168:",
        ];
        crate::engine::logic::test_support::assert_library_cases_pass(&cases);
    }
}
