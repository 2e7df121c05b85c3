//! Killer techniques: what the cages and their sums tell, the way a person solves a killer.
//!
//! Every technique here runs only on a killer position (`grid.cages()` is `Some`); on a classic
//! grid it finds nothing, so classic paths are untouched. One file per family:
//!
//! - [`cage_singles`]: a one-cell cage, and a cage whose last open cell its sum forces;
//! - [`combinations`]: the digit sets a cage can still hold on its cells, and what placing them on
//!   the cells rules out (naked and hidden subsets inside a cage);
//! - [`rule_of_45`]: innies and outies of one to three adjacent houses (a single innie or outie, an
//!   innie group made a derived cage, an innie-outie difference);
//! - [`cage_house`]: a cage's compulsory digit pointing out of it, and a house's digit confined to
//!   one cage (cage claiming);
//! - [`cage_subsets`]: several cages inside one house holding as many digits as they have cells;
//! - [`min_max`]: the bounds of a rule-of-45 sum too loose for the techniques above;
//! - [`splitting`]: a cage cut in two by a region whose sum fixes the part inside;
//! - [`comparison`]: a cage's combination that would leave a cage it sees with none;
//! - [`killer_subsets`]: naked subsets of a house whose members may be whole cages or parts of
//!   cages, counted by the digit sets they can hold;
//! - [`tiling`]: the cages and parts of cages of a house, their digit sets chosen together;
//! - [`band_tiling`]: the same over two or three houses of one kind, each crossing cage's digits
//!   shared among the houses it crosses;
//! - [`set_equivalence`]: two sets of as many houses beyond one band (rows against boxes, rows
//!   against columns, the Phistomefel ring): the cells one covers beyond the other hold the same
//!   digits, so the same sum.
//!
//! The shared arithmetic (which digit sets fit a group of cells) is in [`sums`], what the part of
//! a cage in a house can hold in [`parts`], the regions and their rule-of-45 equations in
//! [`regions`].
//!
//! The order in the catalogue follows how hard a deduction is to see, which is also what makes the
//! grade of a killer follow Solo's levels: cage combinations and the innies of one house come with
//! the singles and before the classic Medium techniques; the per-cell placement test, cage
//! pointing and claiming after them; outies, several houses, differences, min/max and splitting
//! with the Hard techniques; cage comparison and killer subsets, at Expert, right after them and
//! before the classic Hard fish (they fire where the other killer techniques are spent); band
//! tiling, extreme, after the finned fish and Sue de Coq and before the chains.

mod band_tiling;
mod cage_house;
mod cage_singles;
mod cage_subsets;
mod combinations;
mod comparison;
mod killer_subsets;
mod min_max;
mod parts;
mod regions;
mod rule_of_45;
mod set_equivalence;
mod splitting;
mod sums;
mod tiling;

use std::ops::ControlFlow;

pub use regions::{HouseSums, house_sums};

use crate::engine::killer::{Cage, Cages, digit_sum};
use crate::engine::{Candidate, Cell, CellSet, DigitSet};

use super::{Candidates, Sink, Technique};

/// Reports every instance of `technique` (a killer technique) in `grid` to `sink`; nothing on a
/// classic grid.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(cages) = grid.cages() else { return ControlFlow::Continue(()) };
    match technique {
        Technique::OneCellCage | Technique::CageLastCell => cage_singles::find(technique, grid, cages, sink),
        Technique::CageCombinations | Technique::CageInnerSubset => {
            combinations::find(technique, grid, cages, sink)
        }
        Technique::CagePointing | Technique::CageClaiming => cage_house::find(technique, grid, cages, sink),
        Technique::CageHouseSubset => cage_subsets::find(grid, cages, sink),
        Technique::Rule45Single
        | Technique::Rule45Cage
        | Technique::Rule45Wide
        | Technique::InnieOutieDifference => rule_of_45::find(technique, grid, cages, sink),
        Technique::MinMaxSum => min_max::find(grid, cages, sink),
        Technique::CageSplitting => splitting::find(grid, cages, sink),
        Technique::CageComparison => comparison::find(grid, cages, sink),
        Technique::KillerSubsets => killer_subsets::find(grid, cages, sink),
        Technique::HouseTiling => tiling::find(grid, cages, sink),
        Technique::BandTiling => band_tiling::find(grid, cages, sink),
        Technique::SetEquivalence => set_equivalence::find(grid, cages, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// A cage as the grid stands: its open cells, the digits placed in it, and what fits on the open
/// cells.
struct CageState<'a> {
    /// The cage.
    pub cage: &'a Cage,
    /// Its cells without a digit, in reading order.
    pub open: Vec<Cell>,
    /// The digits placed in it.
    pub placed: DigitSet,
    /// What the open cells must add up to: the sum less the placed digits.
    pub rest: u32,
    /// What fits on the open cells.
    pub fit: std::rc::Rc<sums::Fit>,
}

impl CageState<'_> {
    /// The candidates of the open cells that no fitting placement uses.
    pub fn unusable(&self, grid: &Candidates) -> Vec<Candidate> {
        unusable(grid, &self.open, &self.fit.usable)
    }

    /// The open cells as a set.
    pub fn open_set(&self) -> CellSet {
        self.open.iter().copied().collect()
    }

    /// What the remaining combinations allow on `cell`, one of the open cells (nothing on any
    /// other cell).
    pub fn usable_on(&self, cell: Cell) -> DigitSet {
        self.open.iter().position(|&o| o == cell).map_or(DigitSet::EMPTY, |i| self.fit.usable[i])
    }

    /// The digit sets the open cells `inside` (the part of the cage in a house) can hold, the other
    /// open cells being `outside` ([`parts::part_sets`] on their candidates).
    pub fn part_sets(
        &self,
        grid: &Candidates,
        inside: impl IntoIterator<Item = Cell>,
        outside: &[Cell],
    ) -> Vec<DigitSet> {
        let inside: Vec<DigitSet> = inside.into_iter().map(|c| grid.candidates(c)).collect();
        let beyond: Vec<DigitSet> = outside.iter().map(|&c| grid.candidates(c)).collect();
        parts::part_sets(&inside, &beyond, &self.fit.sets)
    }
}

/// The state of `cage` in `grid`; `None` when it has no open cell or its placed digits already
/// exceed its sum (a broken grid).
fn cage_state<'a>(grid: &Candidates, cage: &'a Cage) -> Option<CageState<'a>> {
    let open: Vec<Cell> = cage.cells().iter().filter(|&c| grid.value(c).is_none()).collect();
    if open.is_empty() {
        return None;
    }
    let placed: DigitSet = cage.cells().iter().filter_map(|c| grid.value(c)).collect();
    let rest = cage.sum().checked_sub(digit_sum(placed))?;
    let cands: Vec<DigitSet> = open.iter().map(|&c| grid.candidates(c)).collect();
    let fit = sums::fit_distinct(&cands, rest, placed, DigitSet::EMPTY);
    Some(CageState { cage, open, placed, rest, fit })
}

/// The states of every cage with an open cell.
fn cage_states<'a>(grid: &Candidates, cages: &'a Cages) -> Vec<CageState<'a>> {
    cages.as_slice().iter().filter_map(|cage| cage_state(grid, cage)).collect()
}

/// Per cell, the index in `states` of the cage it is an open cell of.
fn owners(states: &[CageState<'_>]) -> [Option<usize>; 81] {
    let mut owner = [None; 81];
    for (i, state) in states.iter().enumerate() {
        for &cell in &state.open {
            owner[cell.index()] = Some(i);
        }
    }
    owner
}

/// The candidates of `cell` that its cage still allows (all of them on a cell that is no cage's
/// open cell); `owner` is [`owners`] of `states`.
fn allowed(grid: &Candidates, states: &[CageState<'_>], owner: &[Option<usize>; 81], cell: Cell) -> DigitSet {
    match owner[cell.index()] {
        Some(at) => grid.candidates(cell) & states[at].usable_on(cell),
        None => grid.candidates(cell),
    }
}

/// The candidates of `cells` outside `usable` (one entry per cell).
fn unusable(grid: &Candidates, cells: &[Cell], usable: &[DigitSet]) -> Vec<Candidate> {
    let mut removed = Vec::new();
    for (&cell, &keep) in cells.iter().zip(usable) {
        for digit in grid.candidates(cell) - keep {
            removed.push(Candidate::new(cell, digit));
        }
    }
    removed
}

#[cfg(test)]
pub(super) mod fixtures {
    //! Hand-made killer positions for the technique tests.

    use std::sync::Arc;

    use crate::engine::killer::{Cage, Cages};
    use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, Grid};

    /// A cell by name, e.g. `"r1c1"`.
    pub fn cell(name: &str) -> Cell {
        name.parse().expect("a test cell")
    }

    /// A digit set by its digits, e.g. `"78"`.
    pub fn digits(text: &str) -> DigitSet {
        text.chars().filter_map(Digit::from_char).collect()
    }

    /// A cage of the named cells.
    pub fn cage(cells: &[&str], sum: u32) -> Cage {
        Cage::new(cells.iter().map(|&c| cell(c)).collect::<CellSet>(), sum)
    }

    /// The two cages most tests build row 1 from: 3 at r1c1-r1c2 and 12 at r1c3-r1c5.
    pub fn row_one_inside() -> Vec<Cage> {
        vec![cage(&["r1c1", "r1c2"], 3), cage(&["r1c3", "r1c4", "r1c5"], 12)]
    }

    /// An empty grid under `cages` in which each listed cell keeps only the listed digits.
    pub fn killer(cages: Vec<Cage>, kept: &[(&str, &str)]) -> Candidates {
        let layout = Cages::new(cages).expect("a valid test layout");
        let mut grid = Candidates::from_grid(&Grid::empty()).with_cages(Some(Arc::new(layout)));
        for &(name, digits) in kept {
            for digit in !self::digits(digits) {
                grid.eliminate(cell(name), digit);
            }
        }
        grid
    }

    /// Candidates `digits` in each of `cells`, sorted as steps keep them.
    pub fn each(digits: &str, cells: &[&str]) -> Vec<Candidate> {
        let mut all: Vec<Candidate> = cells
            .iter()
            .flat_map(|&c| {
                digits.chars().filter_map(Digit::from_char).map(move |d| Candidate::new(cell(c), d))
            })
            .collect();
        all.sort();
        all
    }
}
