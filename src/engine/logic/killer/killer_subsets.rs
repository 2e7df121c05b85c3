//! Killer Subsets: a naked subset of a house whose members may be whole cages, counted by their
//! combinations rather than by their cells' candidates.
//!
//! Take a house and a set D of k digits (two to four). A member is an open cell of the house whose
//! candidates all lie in D (it holds one digit of D), or a cage whose open cells all lie in the
//! house and each of whose remaining combinations holds at least c digits of D (it holds c of
//! them, whatever its combination). The members share no cell and lie in one house, so the digits
//! of D they hold are all different: when their counts add up to k, they hold every digit of D,
//! and D leaves the house's other cells.
//!
//! A step uses at least one cage for more than its cells' candidates show (more digits of D than
//! it has cells whose candidates lie in D), and at least two members: one cage alone is Cage
//! Pointing, cells alone a classic naked subset, cages whose combinations lie in D the Cage-House
//! Subset. The usual case is a killer pair: a cell limited to 8 or 9 beside a cage 15 of two cells
//! (6+9 or 7+8, each with one of 8 and 9) holds both 8 and 9 between them.

use std::ops::ControlFlow;

use crate::engine::killer::Cages;
use crate::engine::{Candidate, Candidates, Cell, CellSet, DigitSet, House};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique, digit_list, join_and, join_or};
use super::sums::sets_text;
use super::{CageState, cage_states};

/// The largest digit set tried.
const MAX_DIGITS: usize = 4;

/// Reports every Killer Subsets step to `sink`, houses in catalogue order, smaller digit sets first.
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let states = cage_states(grid, cages);
    for &house in grid.houses() {
        let inside: Vec<&CageState<'_>> = (states.iter())
            .filter(|s| s.open.len() >= 2 && !s.fit.sets.is_empty())
            .filter(|s| s.open_set().is_subset(grid.house_set(house)))
            .collect();
        if inside.is_empty() {
            continue;
        }
        let open: Vec<Cell> =
            grid.layout().cells(house).iter().copied().filter(|&c| grid.value(c).is_none()).collect();
        let digits = open.iter().fold(DigitSet::EMPTY, |acc, &c| acc | grid.candidates(c));
        let mut found: Vec<DigitSet> = Vec::new();
        for size in 2..=MAX_DIGITS {
            for bits in 1u16..512 {
                let set = DigitSet::from_bits(bits);
                if set.len() != size || !set.is_subset(digits) || found.iter().any(|f| f.is_subset(set)) {
                    continue;
                }
                let Some(subset) = subset_of(grid, &open, &inside, set) else { continue };
                let removed = subset.removal(grid, house);
                if removed.is_empty() {
                    continue;
                }
                found.push(set);
                sink(subset.step(grid, house, removed))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The members of a Killer Subset on one digit set.
struct Subset<'a, 'b> {
    /// The digits.
    digits: DigitSet,
    /// The open cells that hold a digit of them on their own.
    cells: Vec<Cell>,
    /// The cages counted by their combinations, with the digits of the set each holds at least.
    cages: Vec<(&'b CageState<'a>, usize)>,
}

/// The Killer Subset of `inside`'s cages and `open`'s cells on `digits`, if there is one.
fn subset_of<'a, 'b>(
    grid: &Candidates,
    open: &[Cell],
    inside: &[&'b CageState<'a>],
    digits: DigitSet,
) -> Option<Subset<'a, 'b>> {
    let within = |c: &Cell| !grid.candidates(*c).is_empty() && grid.candidates(*c).is_subset(digits);
    let mut subset = Subset { digits, cells: Vec::new(), cages: Vec::new() };
    let mut in_cages = CellSet::EMPTY;
    for &state in inside {
        in_cages |= state.open_set();
        let least = state.fit.sets.iter().map(|&s| (s & digits).len()).min().unwrap_or(0);
        let cells: Vec<Cell> = state.open.iter().copied().filter(within).collect();
        if least > cells.len() {
            subset.cages.push((state, least));
        } else {
            subset.cells.extend(cells);
        }
    }
    subset.cells.extend(open.iter().copied().filter(|c| !in_cages.contains(*c)).filter(within));
    subset.cells.sort();
    let held = subset.cells.len() + subset.cages.iter().map(|&(_, least)| least).sum::<usize>();
    let members = subset.cells.len() + subset.cages.len();
    (!subset.cages.is_empty() && members >= 2 && held == digits.len()).then_some(subset)
}

impl Subset<'_, '_> {
    /// The open cells of the members.
    fn cell_set(&self) -> CellSet {
        let cells: CellSet = self.cells.iter().copied().collect();
        self.cages.iter().fold(cells, |acc, (s, _)| acc | s.open_set())
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
        parts.extend(self.cages.iter().map(|&(s, least)| {
            format!(
                "{} holds at least {least} of them in each of its combinations ({})",
                s.cage,
                sets_text(&s.fit.sets)
            )
        }));
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
            .with_cages(self.cages.iter().map(|(s, _)| *s.cage))
            .with_eliminations(removed)
            .with_explanation(explanation)
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, each, killer};
    use crate::engine::logic::{Technique, find_all};

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
