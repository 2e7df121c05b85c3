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
mod rank;
mod unary;

use super::step::Producer;

pub use multiple::{DynamicChains, DynamicPlusChains, MultipleChains, NishioChains};
pub use rank::length_increment;
pub use unary::ForcingChainsAndCycles;

/// The producers of this module in SE's order (Aligned Triplet Exclusion, which belongs between the
/// first and the second, is not a chaining rule).
pub fn chaining_producers() -> &'static [&'static dyn Producer] {
    &[&ForcingChainsAndCycles, &NishioChains, &MultipleChains, &DynamicChains, &DynamicPlusChains]
}

#[cfg(test)]
mod tests;
