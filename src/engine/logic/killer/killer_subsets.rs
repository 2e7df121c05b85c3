//! Killer Subsets: a naked subset of a house whose members may be cages, or the parts of cages that
//! lie in the house, counted by the digit sets they can hold rather than by their cells' candidates.
//!
//! Take a house and a set D of k digits (two to four). A member is one of:
//!
//! - an open cell of the house whose candidates all lie in D: it holds one digit of D;
//! - a cage with two or more open cells, all in the house (a whole cage), each of whose remaining
//!   combinations holds at least c digits of D: it holds c of them, whatever its combination;
//! - the part of a cage in the house, when the cage has two or more open cells in the house and
//!   others outside it: it holds at least c digits of D, where c is the least number of digits of D
//!   among the digit sets the part can hold ([`CageState::part_sets`]: for each remaining combination of the
//!   cage, each split of it between the part and the cage's open cells outside the house that both
//!   sides can take, one digit per cell on a cell that allows it), however many they are.
//!
//! Why the part's count is sound: in the solution the cage's open cells hold one of its remaining
//! combinations (the combinations are worked out from candidates, which keep the solution's digits,
//! and leave out the digits already placed in the cage, so its solved cells are counted, wherever
//! they lie), and the part holds the split of it that the solution makes. That split is one the
//! candidates allow on both sides, so it is among the part's digit sets, and it holds at least c
//! digits of D. Only the cage's own rule and the candidates bound the cells outside; that they
//! also lie in other houses can only forbid more splits, which could only raise c, never make the
//! count too high. What the count must not do is assume the part holds the digits of D its
//! combination has: a cage 22 of 5+8+9 or 6+7+9 with two cells in the row and one outside that can
//! be 8 holds one of 7 and 8 in the row only if that cell cannot take the 8.
//!
//! The members share no cell and lie in one house, so the digits of D they hold are all different:
//! when their counts add up to k, they hold every digit of D, and D leaves the house's other cells.
//!
//! A step uses at least one cage or part for more than its cells' candidates show (more digits of
//! D than it has cells whose candidates lie in D), and at least two members: one cage alone is Cage
//! Pointing, cells alone a classic naked subset, cages whose combinations lie in D the Cage-House
//! Subset. The usual case is a killer pair: a cell limited to 8 or 9 beside a cage 15 of two cells
//! (6+9 or 7+8, each with one of 8 and 9) holds both 8 and 9 between them. A part of one open cell
//! is not a member: a digit every placement puts on one cell is all Cage Combinations leaves it.

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::OnceLock;

use crate::engine::killer::Cages;
use crate::engine::{Candidate, Candidates, Cell, CellSet, DigitSet, House};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique, cell_list, digit_list, join_and, join_or};
use super::CageState;
use super::cage_states;
use super::sums::sets_text;

/// The largest digit set tried.
const MAX_DIGITS: usize = 4;

/// Reports every Killer Subsets step to `sink`, houses in catalogue order, smaller digit sets first.
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let states = cage_states(grid, cages);
    let mut owner: [Option<usize>; 81] = [None; 81];
    for (i, state) in states.iter().enumerate() {
        for &cell in &state.open {
            owner[cell.index()] = Some(i);
        }
    }
    for &house in grid.houses() {
        let open: Vec<Cell> =
            grid.layout().cells(house).iter().copied().filter(|&c| grid.value(c).is_none()).collect();
        let mut at: Vec<usize> = open.iter().filter_map(|c| owner[c.index()]).collect();
        at.sort_unstable();
        at.dedup();
        let pieces: Vec<Piece<'_, '_>> =
            at.iter().filter_map(|&i| Piece::of(grid, &states[i], house)).collect();
        if pieces.is_empty() {
            continue;
        }
        // Each open cell's candidates and the piece it belongs to, for the quick count.
        let tally: Vec<(DigitSet, Option<usize>)> = (open.iter())
            .map(|&c| (grid.candidates(c), pieces.iter().position(|p| p.cells.contains(c))))
            .collect();
        let digits = open.iter().fold(DigitSet::EMPTY, |acc, &c| acc | grid.candidates(c));
        let mut found: Vec<DigitSet> = Vec::new();
        for &set in digit_sets() {
            if !set.is_subset(digits)
                || !holds_all(&tally, &pieces, set)
                || found.iter().any(|f| f.is_subset(set))
            {
                continue;
            }
            let subset = Subset::of(grid, &open, &pieces, set);
            let removed = subset.removal(grid, house);
            if removed.is_empty() {
                continue;
            }
            found.push(set);
            sink(subset.step(grid, house, removed))?;
        }
    }
    ControlFlow::Continue(())
}

/// The digit sets tried, smaller sets first and, within a size, in increasing order of their bits.
fn digit_sets() -> &'static [DigitSet] {
    static SETS: OnceLock<Vec<DigitSet>> = OnceLock::new();
    SETS.get_or_init(|| {
        (2..=MAX_DIGITS)
            .flat_map(|size| (1u16..512).map(DigitSet::from_bits).filter(move |s| s.len() == size))
            .collect()
    })
}

/// Whether the open cells of a house (`tally`: each one's candidates and its piece among `pieces`)
/// make a Killer Subset on `digits`, counted without building it ([`Subset::of`] builds it).
fn holds_all(tally: &[(DigitSet, Option<usize>)], pieces: &[Piece<'_, '_>], digits: DigitSet) -> bool {
    // At most four pieces of two or more cells fit in the nine cells of a house.
    let mut least = [0usize; 9];
    for (slot, piece) in least.iter_mut().zip(pieces) {
        *slot = piece.least(digits);
    }
    if least.iter().all(|&l| l == 0) {
        // No piece holds a digit of the set for sure, so none counts for more than its cells.
        return false;
    }
    let mut within = [0usize; 9];
    let mut loose = 0;
    for &(cands, piece) in tally {
        if cands.is_empty() || !cands.is_subset(digits) {
            continue;
        }
        match piece {
            Some(p) => within[p] += 1,
            None => loose += 1,
        }
    }
    let (mut held, mut members, mut counted) = (loose, loose, false);
    for (&least, &cells) in least.iter().zip(&within).take(pieces.len()) {
        if least > cells {
            (held, members, counted) = (held + least, members + 1, true);
        } else {
            (held, members) = (held + cells, members + cells);
        }
    }
    counted && members >= 2 && held == digits.len()
}

/// A cage with two or more open cells in a house: the whole cage, or its part in the house.
struct Piece<'s, 'a> {
    /// The cage.
    state: &'s CageState<'a>,
    /// Its open cells in the house.
    cells: CellSet,
    /// Its open cells outside the house (none for a whole cage).
    outside: Vec<Cell>,
    /// The digit sets the cells in the house can hold: the cage's combinations for a whole cage.
    holds: Cow<'s, [DigitSet]>,
}

impl<'s, 'a> Piece<'s, 'a> {
    /// The piece of `state` in `house`, if it has two or more open cells there and something fits.
    fn of(grid: &Candidates, state: &'s CageState<'a>, house: House) -> Option<Self> {
        if state.open.len() < 2 || state.fit.sets.is_empty() {
            return None;
        }
        let cells = state.open_set() & grid.house_set(house);
        let outside: Vec<Cell> = state.open.iter().copied().filter(|&c| !cells.contains(c)).collect();
        if cells.len() < 2 {
            return None;
        }
        let holds = if outside.is_empty() {
            Cow::Borrowed(state.fit.sets.as_slice())
        } else {
            Cow::Owned(state.part_sets(grid, cells.iter(), &outside))
        };
        (!holds.is_empty()).then_some(Piece { state, cells, outside, holds })
    }

    /// The fewest digits of `digits` the piece holds, whatever it holds.
    fn least(&self, digits: DigitSet) -> usize {
        let mut least = usize::MAX;
        for &set in self.holds.iter() {
            least = least.min((set & digits).len());
            if least == 0 {
                break;
            }
        }
        least
    }

    /// What the piece holds, for the explanation: `cage 15 at r1c1-r1c2 holds at least 1 of them in
    /// each of its combinations (6+9 or 7+8)`, or for a part `r1c1 and r1c2 of cage 22 at
    /// r1c1-r1c2-r2c1 hold at least 1 of them in each of the cage's combinations (5+8+9 or 6+7+9),
    /// with r2c1 (5, 6 or 9) outside row 1`.
    fn text(&self, grid: &Candidates, house: House, least: usize) -> String {
        let (cage, combinations) = (self.state.cage, sets_text(&self.state.fit.sets));
        if self.outside.is_empty() {
            return format!(
                "{cage} holds at least {least} of them in each of its combinations ({combinations})"
            );
        }
        let outside: Vec<String> = (self.outside.iter())
            .map(|&c| {
                format!("{c} ({})", join_or(grid.candidates(c).iter().map(|d| d.to_string()).collect()))
            })
            .collect();
        format!(
            "{} of {cage} hold at least {least} of them in each of the cage's combinations ({combinations}), \
             with {} outside {house}",
            cell_list(self.cells.iter()),
            join_and(outside)
        )
    }
}

/// The members of a Killer Subset on one digit set.
struct Subset<'p, 's, 'a> {
    /// The digits.
    digits: DigitSet,
    /// The open cells that hold a digit of them on their own.
    cells: Vec<Cell>,
    /// The cages and parts counted by what they can hold, with the digits of the set each holds at
    /// least.
    pieces: Vec<(&'p Piece<'s, 'a>, usize)>,
}

impl<'p, 's, 'a> Subset<'p, 's, 'a> {
    /// The members of the Killer Subset of `pieces` and `open`'s cells on `digits`, which
    /// [`holds_all`] has found: each piece that holds more digits of the set than its cells'
    /// candidates show counts as one member, every other open cell whose candidates lie in the set
    /// as one.
    fn of(grid: &Candidates, open: &[Cell], pieces: &'p [Piece<'s, 'a>], digits: DigitSet) -> Self {
        let within = |c: &Cell| !grid.candidates(*c).is_empty() && grid.candidates(*c).is_subset(digits);
        let mut subset = Subset { digits, cells: Vec::new(), pieces: Vec::new() };
        let mut in_pieces = CellSet::EMPTY;
        for piece in pieces {
            in_pieces |= piece.cells;
            let least = piece.least(digits);
            let cells: Vec<Cell> = piece.cells.iter().filter(within).collect();
            if least > cells.len() {
                subset.pieces.push((piece, least));
            } else {
                subset.cells.extend(cells);
            }
        }
        subset.cells.extend(open.iter().copied().filter(|c| !in_pieces.contains(*c)).filter(within));
        subset.cells.sort();
        debug_assert_eq!(
            subset.cells.len() + subset.pieces.iter().map(|&(_, least)| least).sum::<usize>(),
            digits.len(),
            "holds_all and the members it found disagree"
        );
        subset
    }
}

impl Subset<'_, '_, '_> {
    /// The open cells of the members, all in the house.
    fn cell_set(&self) -> CellSet {
        let cells: CellSet = self.cells.iter().copied().collect();
        self.pieces.iter().fold(cells, |acc, (p, _)| acc | p.cells)
    }

    /// The digits of the set in `house` outside the members.
    fn removal(&self, grid: &Candidates, house: House) -> Vec<Candidate> {
        let members = self.cell_set();
        let mut removed: Vec<Candidate> = (self.digits.iter())
            .flat_map(|d| {
                (grid.house_cells_with(house, d) - members).iter().map(move |c| Candidate::new(c, d))
            })
            .collect();
        removed.sort();
        removed
    }

    /// The step that removes `removed`.
    fn step(&self, grid: &Candidates, house: House, removed: Vec<Candidate>) -> Step {
        let technique = Technique::KillerSubsets;
        let digits = digit_list(self.digits);
        let mut parts: Vec<String> = (self.cells.iter())
            .map(|&c| {
                format!("{c} holds {}", join_or(grid.candidates(c).iter().map(|d| d.to_string()).collect()))
            })
            .collect();
        parts.extend(self.pieces.iter().map(|&(p, least)| p.text(grid, house, least)));
        let explanation = format!(
            "{technique}: {digits} in {house}: {}; these hold {} different digits of the {}, so all of them: {}",
            join_and(parts),
            self.digits.len(),
            self.digits.len(),
            grouped_removal_text(&removed)
        );
        Step::new(technique)
            .with_houses([house])
            .with_cells(self.cell_set())
            .with_cages(self.pieces.iter().map(|(p, _)| *p.state.cage))
            .with_eliminations(removed)
            .with_explanation(explanation)
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, cell, digits, each, killer};
    use crate::engine::logic::{Technique, find_all};
    use crate::engine::{Candidates, Digit};

    const REST: [&str; 6] = ["r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9"];

    #[test]
    fn a_cell_and_a_cage_make_a_killer_pair() {
        // Row 1: r1c5 is 8 or 9; cage 15 at r1c1-r1c2 is 6+9 or 7+8, one of 8 and 9 either way.
        let grid =
            killer(vec![cage(&["r1c1", "r1c2"], 15)], &[("r1c1", "6789"), ("r1c2", "6789"), ("r1c5", "89")]);
        let found = find_all(Technique::KillerSubsets, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, each("89", &REST));
        assert_eq!(
            found[0].explanation,
            "Killer Subsets: 8 and 9 in row 1: r1c5 holds 8 or 9 and cage 15 at r1c1-r1c2 holds at least 1 of them \
             in each of its combinations (6+9 or 7+8); these hold 2 different digits of the 2, so all of them: 8 \
             and 9 are removed from r1c3, r1c4, r1c6, r1c7, r1c8 and r1c9"
        );
        assert!(find_all(Technique::NakedPair, &grid).is_empty(), "the cells alone show no subset");
    }

    #[test]
    fn a_cage_of_three_holds_one_of_a_pair() {
        // Cage 22 at r1c1-r1c3 is 5+8+9 or 6+7+9: one of 7 and 8 either way; r1c5 is 7 or 8. The
        // triple 7, 8, 9 (the 9 is the cage's own) is not reported on top of the pair.
        let grid = killer(
            vec![cage(&["r1c1", "r1c2", "r1c3"], 22)],
            &[("r1c1", "56789"), ("r1c2", "56789"), ("r1c3", "56789"), ("r1c5", "78")],
        );
        let found = find_all(Technique::KillerSubsets, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, each("78", &["r1c4", "r1c6", "r1c7", "r1c8", "r1c9"]));
    }

    /// Row 1 beside cage 22 at r1c1-r1c2-r2c1 (5+8+9 or 6+7+9): r1c5 is 7 or 8, and r2c1, the
    /// cage's cell outside the row, keeps `outside`.
    fn part_beside_a_cell(outside: &'static str) -> Candidates {
        killer(vec![cage(&["r1c1", "r1c2", "r2c1"], 22)], &[("r2c1", outside), ("r1c5", "78")])
    }

    #[test]
    fn the_part_of_a_cage_in_the_row_makes_a_killer_pair() {
        // r2c1 is 5, 6 or 9: of 5+8+9 it takes 5 or 9 and leaves the 8 to r1c1-r1c2, of 6+7+9 it
        // takes 6 or 9 and leaves the 7. So the part holds one of 7 and 8, r1c5 the other.
        let grid = part_beside_a_cell("569");
        let found = find_all(Technique::KillerSubsets, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, each("78", &REST));
        assert_eq!(
            found[0].explanation,
            "Killer Subsets: 7 and 8 in row 1: r1c5 holds 7 or 8 and r1c1 and r1c2 of cage 22 at r1c1-r1c2-r2c1 \
             hold at least 1 of them in each of the cage's combinations (5+8+9 or 6+7+9), with r2c1 (5, 6 or 9) \
             outside row 1; these hold 2 different digits of the 2, so all of them: 7 and 8 are removed from \
             r1c3, r1c4, r1c6, r1c7, r1c8 and r1c9"
        );
        let names: Vec<String> = found[0].cells.iter().map(|c| c.to_string()).collect();
        assert_eq!(names, ["r1c1", "r1c2", "r1c5"], "the members' cells in the row");
        assert_eq!(found[0].cages.len(), 1);
        // Neither the cells alone nor the cage taken whole (it sticks out of the row) show it.
        assert!(find_all(Technique::NakedPair, &grid).is_empty());
        assert!(find_all(Technique::CageHouseSubset, &grid).is_empty());
    }

    #[test]
    fn no_pair_when_the_cell_outside_may_take_the_digit() {
        // r2c1 may also be 8: 5+8+9 can then put 8 on r2c1 and 5+9 in the row, with neither 7 nor 8.
        // Every combination still holds one of 7 and 8, so a count that gave the part its
        // combination's digits would pair it with r1c5 and remove 7 and 8 from the row, wrongly when
        // r2c1 is 8, r1c1-r1c2 5+9, r1c5 7 and the row's 8 elsewhere.
        let grid = part_beside_a_cell("5689");
        let cages = grid.cages().expect("a killer");
        let states = super::cage_states(&grid, cages);
        let pair = digits("78");
        assert!(states[0].fit.sets.iter().all(|s| (*s & pair).len() == 1), "{:?}", states[0].fit.sets);
        assert!(find_all(Technique::KillerSubsets, &grid).is_empty());
    }

    #[test]
    fn a_solved_cell_of_the_cage_counts() {
        // Cage 26 at r1c1-r1c2-r2c1-r2c2 with r2c2 solved as 4: its open cells make 22 without a 4,
        // 5+8+9 or 6+7+9 (26 on the three open cells alone could not be made), and the pair of the
        // test above stands.
        let mut grid =
            killer(vec![cage(&["r1c1", "r1c2", "r2c1", "r2c2"], 26)], &[("r2c1", "569"), ("r1c5", "78")]);
        grid.place(cell("r2c2"), Digit::from_char('4').expect("a digit"));
        let found = find_all(Technique::KillerSubsets, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].eliminations, each("78", &REST));
        assert!(found[0].explanation.contains(
            "r1c1 and r1c2 of cage 26 at r1c1-r1c2-r2c1-r2c2 hold at least 1 of them in each of the cage's \
             combinations (5+8+9 or 6+7+9), with r2c1 (5, 6 or 9) outside row 1"
        ));
    }

    #[test]
    fn a_part_holding_many_digit_sets_is_a_member() {
        // Cage 23 at r1c1-r1c3+r2c1: every combination of four digits making 23 holds 8 or 9, and r2c1
        // can take neither, so r1c1-r1c3 always hold one of them, whichever of their many digit sets
        // they hold; with r1c5 (8 or 9) they make a pair of row 1.
        let grid =
            killer(vec![cage(&["r1c1", "r1c2", "r1c3", "r2c1"], 23)], &[("r2c1", "1234567"), ("r1c5", "89")]);
        let states = super::cage_states(&grid, grid.cages().expect("a killer"));
        let all = states[0].part_sets(&grid, ["r1c1", "r1c2", "r1c3"].map(cell), &[cell("r2c1")]);
        assert_eq!(all.len(), 25, "{all:?}");
        let pair = digits("89");
        assert!(all.iter().all(|s| s.intersects(pair)), "{all:?}");
        let found = find_all(Technique::KillerSubsets, &grid);
        let first = found.first().expect("a pair of row 1");
        assert_eq!(first.eliminations, each("89", &["r1c4", "r1c6", "r1c7", "r1c8", "r1c9"]));
        assert_eq!(
            first.explanation,
            "Killer Subsets: 8 and 9 in row 1: r1c5 holds 8 or 9 and r1c1, r1c2 and r1c3 of cage 23 at \
             r1c1-r1c2-r1c3-r2c1 hold at least 1 of them in each of the cage's combinations (1+5+8+9, 1+6+7+9, \
             2+4+8+9, 2+5+7+9, 2+6+7+8, 3+4+7+9, 3+5+6+9, 3+5+7+8 or 4+5+6+8), with r2c1 (1, 2, 3, 4, 5, 6 or 7) \
             outside row 1; these hold 2 different digits of the 2, so all of them: 8 and 9 are removed from \
             r1c4, r1c6, r1c7, r1c8 and r1c9"
        );
    }

    #[test]
    fn no_subset_when_a_combination_misses_the_digits() {
        // Cage 13 at r1c1-r1c2 can be 6+7, with neither 8 nor 9.
        let grid = killer(
            vec![cage(&["r1c1", "r1c2"], 13)],
            &[("r1c1", "456789"), ("r1c2", "456789"), ("r1c5", "89")],
        );
        assert!(find_all(Technique::KillerSubsets, &grid).is_empty());
    }
}
