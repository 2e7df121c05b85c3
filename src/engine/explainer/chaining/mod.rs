//! Sudoku Explainer's chaining rules: the producers that decide SE ratings from 6.5 up.
//!
//! SE reasons on *potentials*: a candidate assumed "on" (the cell's digit) or "off". From an on, the
//! cell's other digits and the digit's other places in its houses go off; from an off, a cell left
//! with one other digit, or a house left with one other place for the digit, turns that on. Every
//! potential remembers the potentials it was deduced from, and a chain's difficulty is its rule's base
//! plus an increment that grows with the number of distinct potentials the conclusion rests on.
//!
//! The producers, in SE's order (Aligned Triplet Exclusion, not a chain, sits between the first two):
//! - [`ForcingChainsAndCycles`]: bidirectional X-, Y- and XY-cycles (6.5, 7.0) and forcing X-chains
//!   and chains (6.6, 7.0), built from one assumption with static links (`unary`);
//! - [`NishioChains`] (7.5): a digit assumed in a cell leads, by house links only, to a contradiction;
//! - [`MultipleChains`] (8.0): every digit of a cell, or every place of a digit in a house, leads to
//!   the same conclusion (`multiple`);
//! - [`DynamicChains`] (8.5): the same plus double and contradiction chains, with offs accumulating
//!   on a working copy of the grid so later singles see them (`propagation`);
//! - [`DynamicPlusChains`] (9.0): dynamic chains that also apply SE's basic rules inside the
//!   propagation (`advanced`).
//!
//! Each producer gathers every hint SE would, ranks them as SE sorts them (difficulty, then
//! complexity, then the rule's sort key, then discovery order) and returns the first.

mod advanced;
mod multiple;
mod potential;
mod propagation;
mod unary;

use super::{Difficulty, Producer, SeStep};

pub use multiple::{DynamicChains, DynamicPlusChains, MultipleChains, NishioChains};
pub use unary::ForcingChainsAndCycles;

/// SE's length increment: 0.1 each time `complexity - 2` passes a ceiling of 4, 6, 8, 12, 16, 24, 32,
/// ... (alternately times 3/2 and 4/3, rounded down). Computed as SE does, by repeated addition in
/// floating point, so ties and near-ties sort as they do in SE.
pub fn length_increment(complexity: u32) -> f64 {
    let length = i64::from(complexity) - 2;
    let mut ceiling: i64 = 4;
    let mut added = 0.0;
    let mut grow_by_half = true;
    while length > ceiling {
        added += 0.1;
        ceiling = if grow_by_half { ceiling * 3 / 2 } else { ceiling * 4 / 3 };
        grow_by_half = !grow_by_half;
    }
    added
}

/// The best hint seen so far by SE's ordering: lowest difficulty, then lowest complexity, then lowest
/// sort key; the first offered wins a tie (SE's sort is stable).
#[derive(Default)]
pub(super) struct Best {
    rank: Option<(f64, u32, u8)>,
    step: Option<SeStep>,
}

impl Best {
    /// Whether a hint of this rank would replace the current best.
    pub(super) fn beats(&self, difficulty: f64, complexity: u32, sort_key: u8) -> bool {
        match self.rank {
            None => true,
            Some((d, c, k)) => (difficulty, complexity, sort_key) < (d, c, k),
        }
    }

    /// Offers a hint of SE difficulty `base + length_increment(complexity)`; `step` builds it (with
    /// the difficulty filled in) only if it becomes the best.
    pub(super) fn offer(
        &mut self,
        base: f64,
        complexity: u32,
        sort_key: u8,
        step: impl FnOnce(Difficulty) -> Option<SeStep>,
    ) {
        let difficulty = base + length_increment(complexity);
        if !self.beats(difficulty, complexity, sort_key) {
            return;
        }
        if let Some(step) = step(to_tenths(difficulty)) {
            self.rank = Some((difficulty, complexity, sort_key));
            self.step = Some(step);
        }
    }

    /// The best hint.
    pub(super) fn into_step(self) -> Option<SeStep> {
        self.step
    }
}

/// An SE difficulty (a double such as 7.300000000000001) in tenths.
fn to_tenths(difficulty: f64) -> Difficulty {
    Difficulty((difficulty * 10.0).round() as u16)
}

/// The producers of this module in SE's order (Aligned Triplet Exclusion, which belongs between the
/// first and the second, is not a chaining rule).
pub fn chaining_producers() -> &'static [&'static dyn Producer] {
    &[&ForcingChainsAndCycles, &NishioChains, &MultipleChains, &DynamicChains, &DynamicPlusChains]
}

#[cfg(test)]
mod tests;
