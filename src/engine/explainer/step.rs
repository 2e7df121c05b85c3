//! The vocabulary the Sudoku Explainer estimate is built from: a difficulty on SE's scale, one SE
//! step (a named rule with its difficulty and what it changes), and a rule producer.

use std::fmt;

use crate::engine::{Candidate, Candidates};

/// A difficulty on Sudoku Explainer's scale, held in tenths (SE rates to one decimal): `Difficulty(73)`
/// is SE 7.3.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// The difficulty as a number on SE's scale (7.3 for `Difficulty(73)`).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// One step on SE's path: the rule that fired, its difficulty, and what it changes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeStep {
    /// SE's name of the rule (`"Hidden Single"`, `"Forcing X-Chain"`, `"Dynamic Cell Forcing Chains"`).
    pub rule: &'static str,
    /// Its difficulty, length increments included.
    pub difficulty: Difficulty,
    /// The digits it places.
    pub placements: Vec<Candidate>,
    /// The candidates it removes.
    pub eliminations: Vec<Candidate>,
}

impl SeStep {
    /// Applies the step to `grid`: placements first (each only where its cell is empty and still has
    /// the digit), then eliminations. Returns whether `grid` changed.
    pub fn apply_to(&self, grid: &mut Candidates) -> bool {
        let mut changed = false;
        for p in &self.placements {
            if grid.value(p.cell).is_none() && grid.has(p.cell, p.digit) {
                grid.place(p.cell, p.digit);
                changed = true;
            }
        }
        for e in &self.eliminations {
            changed |= grid.eliminate(e.cell, e.digit);
        }
        changed
    }
}

/// One of SE's hint producers, in the order SE tries them. SE applies the first hint the first
/// producer yields; a producer that finds several returns the one SE would apply (for the chaining
/// producers: the easiest, then SE's tie order).
pub trait Producer: Sync {
    /// The step SE would take from this producer in `grid`, or `None` when it finds nothing.
    fn find(&self, grid: &Candidates) -> Option<SeStep>;
}
