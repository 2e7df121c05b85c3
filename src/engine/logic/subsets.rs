//! Subsets: Naked Pair, Triple and Quadruple (n cells of a house holding only n digits between them:
//! those digits leave the rest of the house) and Hidden Pair, Triple and Quadruple (n digits of a
//! house confined to n cells: those cells lose every other digit).
//!
//! Following HoDoKu's definition, a naked pair or triple whose cells share a box *and* a line, and
//! which clears digits from both (from the rest of the box and from the line beyond the box), is a
//! Locked Pair or Locked Triple (see `intersections`); the naked finders here leave such subsets
//! alone, so every subset is reported under exactly one name. One that clears only one of the two
//! houses is a naked subset of that house.

use std::ops::{BitOr, ControlFlow};

use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet, House};

use super::step::grouped_removal_text;
use super::{Candidates, Sink, Step, Technique, digit_list};

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

/// Extends the `chosen` entries (whose sets unite to `union`) with entries of `pool`.
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

/// Every non-empty subset of `cells` with the digits its cells hold between them, in the order of
/// their masks over `cells` in reading order (the subset of mask `m` at `m - 1`); each is built
/// from the subset without its first cell, so a subset costs one union.
pub(super) fn cell_subsets(grid: &Candidates, cells: CellSet) -> Vec<(CellSet, DigitSet)> {
    let list: Vec<Cell> = cells.iter().collect();
    let mut subsets: Vec<(CellSet, DigitSet)> = Vec::with_capacity((1 << list.len()) - 1);
    for mask in 1usize..1 << list.len() {
        let rest = mask & (mask - 1);
        let (cells, digits) = if rest == 0 { (CellSet::EMPTY, DigitSet::EMPTY) } else { subsets[rest - 1] };
        let cell = list[mask.trailing_zeros() as usize];
        subsets.push((cells | cell.set(), digits | grid.candidates(cell)));
    }
    subsets
}

/// Those of the empty `cells` with two to `size` candidates, with their candidates.
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
            (grid.cells_with(digit) & (houses - cells)).iter().map(move |c| Candidate::new(c, digit))
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

/// The houses in the order HoDoKu searches them for subsets: boxes, rows, columns (a jigsaw's
/// regions in place of the boxes, an X's diagonals last). The hint policy takes a subset
/// technique's first instance, so this order decides which one it shows.
fn hodoku_house_order(grid: &Candidates) -> impl Iterator<Item = House> + '_ {
    super::houses::regions_then_lines(grid.layout())
}

/// Every naked set of `size` cells in `house`: `size` cells with two or more candidates each that
/// hold `size` digits between them, handed to `visit` with those digits, whether they remove
/// anything or not. Sets come in [`for_each_subset`]'s order over the house's cells.
pub(crate) fn naked_sets_in(
    grid: &Candidates,
    house: House,
    size: usize,
    mut visit: impl FnMut(CellSet, DigitSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // Placed cells hold no candidate, so the pool leaves them out.
    let pool = naked_pool(grid, grid.house_set(house), size);
    if pool.len() < size {
        return ControlFlow::Continue(());
    }
    for_each_subset(&pool, size, &mut |cells, digits| visit(cells.iter().copied().collect(), digits))
}

/// Every hidden set of `size` digits in `house`: `size` digits with two or more places each that
/// lie in `size` cells between them, handed to `visit` with those cells, whether they remove
/// anything or not. Sets come in [`for_each_subset`]'s order over the digits.
pub(crate) fn hidden_sets_in(
    grid: &Candidates,
    house: House,
    size: usize,
    mut visit: impl FnMut(DigitSet, CellSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let pool: Vec<(Digit, CellSet)> = Digit::ALL
        .into_iter()
        .map(|digit| (digit, grid.house_cells_with(house, digit)))
        .filter(|(_, cells)| (2..=size).contains(&cells.len()))
        .collect();
    if pool.len() < size {
        return ControlFlow::Continue(());
    }
    for_each_subset(&pool, size, &mut |digits, cells| visit(digits.iter().copied().collect(), cells))
}

/// Naked subsets of `size` cells in every house.
fn naked_subsets(
    grid: &Candidates,
    size: usize,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for house in hodoku_house_order(grid) {
        naked_sets_in(grid, house, size, |cells, digits| {
            let eliminations = match intersection_of(grid, cells) {
                Some(houses) => intersection_naked_eliminations(grid, digits, cells, houses, house),
                None => naked_eliminations(grid, digits, cells, grid.house_set(house)),
            };
            if eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            sink(subset_step(technique, grid, house, cells, digits, eliminations))
        })?;
    }
    ControlFlow::Continue(())
}

/// The region (box) and the line holding all of `cells`, when they lie in a region-line
/// intersection: the row, else the column, else a diagonal of the layout.
pub(super) fn intersection_of(grid: &Candidates, cells: CellSet) -> Option<Intersection> {
    let layout = grid.layout();
    let first = cells.first()?;
    let block = layout.region_of(first);
    let line = (layout.houses_of(first).iter().copied())
        .find(|l| l.kind() != block.kind() && cells.is_subset(layout.set(*l)))?;
    cells.is_subset(layout.set(block)).then_some(Intersection { block, line })
}

/// A region (a box, or a jigsaw region) and a line crossing it (a row, column or diagonal).
#[derive(Clone, Copy, Debug)]
pub(super) struct Intersection {
    /// The region.
    pub block: House,
    /// The row, column or diagonal.
    pub line: House,
}

/// What a naked subset of `cells` (holding only `digits`) inside `houses` removes: from the rest of
/// the box, and from the line beyond the box. HoDoKu calls the subset locked when both are
/// non-empty.
pub(super) fn split_eliminations(
    grid: &Candidates,
    digits: DigitSet,
    cells: CellSet,
    houses: Intersection,
) -> (Vec<Candidate>, Vec<Candidate>) {
    let (block, line) = (grid.house_set(houses.block), grid.house_set(houses.line));
    let in_box = naked_eliminations(grid, digits, cells, block);
    let beyond = naked_eliminations(grid, digits, cells, line - block);
    (in_box, beyond)
}

/// The eliminations a naked subset of an intersection makes as a naked subset of `house` (its box
/// or its line): none when it is locked (it clears both), else those of the one house it clears,
/// reported from that house only.
fn intersection_naked_eliminations(
    grid: &Candidates,
    digits: DigitSet,
    cells: CellSet,
    houses: Intersection,
    house: House,
) -> Vec<Candidate> {
    let (in_box, beyond) = split_eliminations(grid, digits, cells, houses);
    match (in_box.is_empty(), beyond.is_empty()) {
        (false, true) if house == houses.block => in_box,
        (true, false) if house == houses.line => beyond,
        _ => Vec::new(),
    }
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
    for house in hodoku_house_order(grid) {
        hidden_sets_in(grid, house, size, |digits, cells| {
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
            sink(subset_step(technique, grid, house, cells, digits, eliminations))
        })?;
    }
    ControlFlow::Continue(())
}

/// The step of a naked subset (`cells` holding only `digits`) or a hidden one (`digits` fitting only
/// in `cells`) of `house`.
fn subset_step(
    technique: Technique,
    grid: &Candidates,
    house: House,
    cells: CellSet,
    digits: DigitSet,
    eliminations: Vec<Candidate>,
) -> Step {
    let (cell_text, digit_text) = (super::cell_list(cells), digit_list(digits));
    let hidden =
        matches!(technique, Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuadruple);
    let explanation = if hidden {
        format!(
            "{technique}: in {house}, {digit_text} fit only in {cell_text}, so those cells keep only \
             {digit_text}"
        )
    } else {
        let removed = grouped_removal_text(&eliminations);
        format!("{technique}: in {house}, {cell_text} hold only {digit_text}, so {removed}")
    };
    Step::new(technique)
        .with_houses([house])
        .with_cells(cells)
        .with_drivers(subset_drivers(grid, digits, cells))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}

#[cfg(test)]
pub(super) mod fixtures {
    //! Small hand-made positions: an empty grid with a few candidates removed.

    use crate::engine::{Candidate, Candidates, Cell, Digit, DigitSet};

    fn cell(name: &str) -> Cell {
        name.parse().expect("test cell")
    }

    fn digits(text: &str) -> DigitSet {
        text.chars().map(|c| Digit::from_char(c).expect("test digit")).collect()
    }

    pub use crate::engine::logic::test_support::cells_keeping;

    /// Removes `digit` from every cell of `among` except `kept`.
    pub fn digit_only_in(grid: &mut Candidates, digit: u8, among: &[&str], kept: &[&str]) {
        let digit = Digit::new(digit).expect("test digit");
        for &name in among {
            if !kept.contains(&name) {
                grid.eliminate(cell(name), digit);
            }
        }
    }

    /// The cells `r<row>c1` to `r<row>c9` by name.
    pub fn row_cells(row: usize) -> Vec<String> {
        (1..=9).map(|col| format!("r{row}c{col}")).collect()
    }

    /// Every candidate of `digits` in the listed cells (expected eliminations, sorted).
    pub fn all_of(digit_text: &str, cells: &[&str]) -> Vec<Candidate> {
        let mut out: Vec<Candidate> = cells
            .iter()
            .flat_map(|&name| digits(digit_text).iter().map(move |d| Candidate::new(cell(name), d)))
            .collect();
        out.sort();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{all_of, cells_keeping, digit_only_in, row_cells};
    use super::*;
    use crate::engine::logic::find_all;

    fn eliminations(technique: Technique, grid: &Candidates) -> Vec<Vec<Candidate>> {
        find_all(technique, grid).into_iter().map(|s| s.eliminations).collect()
    }

    #[test]
    fn naked_pair_clears_its_row() {
        let grid = cells_keeping(&[("r1c1", "48"), ("r1c5", "48")]);
        let found = find_all(Technique::NakedPair, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        let others = ["r1c2", "r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9"];
        assert_eq!(found[0].eliminations, all_of("48", &others));
        assert_eq!(found[0].houses, vec![House::row(0)]);
        assert_eq!(found[0].cells, vec![Cell::at(0, 0), Cell::at(0, 4)]);
        assert_eq!(
            found[0].explanation,
            "Naked Pair: in row 1, r1c1 and r1c5 hold only 4 and 8, so 4 and 8 are removed from r1c2, r1c3, \
             r1c4, r1c6, r1c7, r1c8 and r1c9"
        );
    }

    #[test]
    fn naked_pair_of_an_intersection_clearing_only_its_box() {
        // Row 1 has no other 4 or 7: the pair of r1c1 and r1c3 clears only box 1.
        let row_rest: Vec<(String, &str)> = row_cells(1)[3..].iter().map(|c| (c.clone(), "12356")).collect();
        let mut cells: Vec<(&str, &str)> = vec![("r1c1", "47"), ("r1c3", "47"), ("r1c2", "12356")];
        cells.extend(row_rest.iter().map(|(c, k)| (c.as_str(), *k)));
        let grid = cells_keeping(&cells);
        let found = find_all(Technique::NakedPair, &grid);
        let box_rest = ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"];
        assert_eq!(
            found.iter().map(|s| s.eliminations.clone()).collect::<Vec<_>>(),
            vec![all_of("47", &box_rest)]
        );
        assert_eq!(found[0].houses, vec![House::block(0)]);
        assert!(find_all(Technique::LockedPair, &grid).is_empty());
    }

    #[test]
    fn naked_pair_needs_the_same_two_digits() {
        let grid = cells_keeping(&[("r1c1", "48"), ("r1c5", "49")]);
        assert!(find_all(Technique::NakedPair, &grid).is_empty());
    }

    #[test]
    fn naked_pair_leaves_locked_pairs_to_the_intersection_finder() {
        let grid = cells_keeping(&[("r1c1", "48"), ("r1c2", "48")]);
        assert!(find_all(Technique::NakedPair, &grid).is_empty());
        assert_eq!(find_all(Technique::LockedPair, &grid).len(), 1);
    }

    #[test]
    fn naked_triple_needs_not_every_digit_in_every_cell() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c5", "23"), ("r1c9", "13")]);
        let others = ["r1c2", "r1c3", "r1c4", "r1c6", "r1c7", "r1c8"];
        assert_eq!(eliminations(Technique::NakedTriple, &grid), vec![all_of("123", &others)]);
        assert!(find_all(Technique::NakedPair, &grid).is_empty());
    }

    #[test]
    fn naked_triple_not_with_four_digits() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c5", "23"), ("r1c9", "14")]);
        assert!(find_all(Technique::NakedTriple, &grid).is_empty());
    }

    #[test]
    fn naked_quadruple_in_a_row() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c3", "23"), ("r1c5", "34"), ("r1c7", "14")]);
        let others = ["r1c2", "r1c4", "r1c6", "r1c8", "r1c9"];
        assert_eq!(eliminations(Technique::NakedQuadruple, &grid), vec![all_of("1234", &others)]);
        assert!(find_all(Technique::NakedTriple, &grid).is_empty());
    }

    #[test]
    fn naked_quadruple_not_with_five_digits() {
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c3", "23"), ("r1c5", "34"), ("r1c7", "15")]);
        assert!(find_all(Technique::NakedQuadruple, &grid).is_empty());
    }

    /// An empty grid where, in row 1, each digit keeps only the listed cells.
    fn row_one_with(digits: &[(u8, &[&str])]) -> Candidates {
        let mut grid = cells_keeping(&[]);
        let row = row_cells(1);
        let row: Vec<&str> = row.iter().map(String::as_str).collect();
        for &(digit, kept) in digits {
            digit_only_in(&mut grid, digit, &row, kept);
        }
        grid
    }

    #[test]
    fn hidden_pair_strips_its_cells() {
        let grid = row_one_with(&[(6, &["r1c2", "r1c8"]), (9, &["r1c2", "r1c8"])]);
        let found = find_all(Technique::HiddenPair, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, all_of("1234578", &["r1c2", "r1c8"]));
        assert_eq!(found[0].houses, vec![House::row(0)]);
        assert_eq!(
            found[0].explanation,
            "Hidden Pair: in row 1, 6 and 9 fit only in r1c2 and r1c8, so those cells keep only 6 and 9"
        );
    }

    #[test]
    fn hidden_pair_not_when_the_cells_differ() {
        let grid = row_one_with(&[(6, &["r1c2", "r1c8"]), (9, &["r1c2", "r1c7"])]);
        assert!(find_all(Technique::HiddenPair, &grid).is_empty());
    }

    #[test]
    fn hidden_pair_in_a_row_and_its_box_is_reported_once() {
        let mut grid = row_one_with(&[(6, &["r1c1", "r1c2"]), (9, &["r1c1", "r1c2"])]);
        let box_one = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"];
        digit_only_in(&mut grid, 6, &box_one, &["r1c1", "r1c2"]);
        digit_only_in(&mut grid, 9, &box_one, &["r1c1", "r1c2"]);
        assert_eq!(eliminations(Technique::HiddenPair, &grid), vec![all_of("1234578", &["r1c1", "r1c2"])]);
    }

    #[test]
    fn hidden_triple_in_a_row() {
        let grid = row_one_with(&[(1, &["r1c1", "r1c4"]), (2, &["r1c4", "r1c7"]), (3, &["r1c1", "r1c7"])]);
        assert_eq!(
            eliminations(Technique::HiddenTriple, &grid),
            vec![all_of("456789", &["r1c1", "r1c4", "r1c7"])]
        );
        assert!(find_all(Technique::HiddenPair, &grid).is_empty());
    }

    #[test]
    fn hidden_triple_not_with_a_fourth_cell() {
        let grid =
            row_one_with(&[(1, &["r1c1", "r1c4"]), (2, &["r1c4", "r1c7"]), (3, &["r1c1", "r1c7", "r1c9"])]);
        assert!(find_all(Technique::HiddenTriple, &grid).is_empty());
    }

    const QUAD: [&str; 4] = ["r1c1", "r1c3", "r1c5", "r1c7"];

    #[test]
    fn hidden_quadruple_in_a_row() {
        let grid = row_one_with(&[(1, &QUAD), (2, &QUAD), (3, &QUAD), (4, &QUAD)]);
        assert_eq!(eliminations(Technique::HiddenQuadruple, &grid), vec![all_of("56789", &QUAD)]);
        assert!(find_all(Technique::HiddenTriple, &grid).is_empty());
    }

    #[test]
    fn hidden_quadruple_not_with_a_fifth_cell() {
        let grid = row_one_with(&[(1, &QUAD), (2, &QUAD), (3, &QUAD), (4, &["r1c1", "r1c9"])]);
        assert!(find_all(Technique::HiddenQuadruple, &grid).is_empty());
    }

    #[test]
    fn subsets_pass_library_cases() {
        let cases = [
            ":0200:16:7.+9...+3+4.+3.274.58+948+59..+7+2..3+1..8+49+7.47.9.86..9+84.+7+21.+8+2+3.+79.54+176+2549+3+8+9+5+4....+72::114 115 116 614 615 616::",
            ":0201:258:.1.......3.45......76.9...47+2+14+8+9+563.3.627+41+946+9+3+15+8+276...3.94...+3..82.6.......3.:714 819 728 829 573 581 785 591 593 795 196 296:211 216 511 518 811 818::",
            ":0202:4679:+53+2+78+6...9+78+241.+6...19+5+32+87.254..6+7...3+617.5+27..+5........+1........+8.51.6...3...98::471 472 481 491 492 671 672 691 692 972::",
            ":0210:29:.6...1..4.48....9+1....+4...+2+4..2.87+5+658+2967+143..65.4+9+2+8+6.....+4+1.+85+4+1.+326.1..4.+6+38.:913 315 325 932 933:311 515 711 715 815::",
            ":0211:458:....+23.9.82.9...+5.4.9.1..+2..8.+25+94+7..9+4671.8+5..5.3..1...+8.9.5+42+9.+2..5+837+54+73+8+2.+6.::112 119 612 619 712 714::",
            ":0212:4579:...........5.2....9.7...1.....94.5.........6....5.78.16....5..2..43...163.9.1..8+5::151 152 251 252 257 352 357 359 851 852::",
        ];
        crate::engine::logic::test_support::assert_library_cases_pass(&cases);
    }
}

#[cfg(test)]
mod soundness {
    //! Every instance (not only the first) of the singles, intersections and subsets, along the
    //! logical paths of real puzzles, keeps the solution.

    use crate::engine::logic::Technique;
    use crate::engine::logic::test_support::assert_every_instance_sound;

    const BASIC: [Technique; 13] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuadruple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuadruple,
    ];

    #[test]
    fn every_instance_keeps_the_solution() {
        let found = assert_every_instance_sound(&["se_solutions/hard_puzzle_and_solution.txt"], 500, &BASIC);
        let checked: usize = found.iter().sum();
        assert!(checked > 10_000, "only {checked} instances checked");
    }
}
