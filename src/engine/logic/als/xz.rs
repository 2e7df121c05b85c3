//! ALS-XZ: two almost locked sets `A` and `B` joined by a restricted common candidate `x`.
//!
//! At most one of the sets holds `x`, so at least one of them is locked without it: for any other
//! digit `z` both hold, one of them holds `z`, and `z` leaves every cell that sees all the `z`s of
//! both. When the sets share two restricted common candidates (doubly linked), each set holds exactly
//! one of the two and is locked on the rest of its digits: each RCC leaves the cells that see all its
//! cells in both sets, and every other digit of a set leaves the cells that see all its cells in
//! that set.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::engine::{Candidate, CellSet, DigitSet};

use super::super::digit_list;
use super::super::step::grouped_removal_text;
use super::super::{Candidates, Sink, Step, Technique};
use super::{Als, AlsIndex, removable, removed_between, removed_digits};

/// Reports every ALS-XZ of `index` to `sink`, one step for each linked pair of sets.
pub(super) fn find(grid: &Candidates, index: &AlsIndex, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut reported = HashSet::new();
    for (i, links) in index.links.iter().enumerate() {
        for link in links.iter().filter(|l| l.other > i) {
            let (a, b) = (index.set(i), index.set(link.other));
            let mut eliminations = if link.digits.len() >= 2 {
                doubly_linked(grid, a, b, link.digits)
            } else if (index.reach[i] & index.reach[link.other]) - link.digits == DigitSet::EMPTY {
                continue;
            } else {
                singly_linked(grid, a, b, link.digits)
            };
            eliminations.sort();
            eliminations.dedup();
            if eliminations.is_empty() || !reported.insert(eliminations.clone()) {
                continue;
            }
            sink(step(grid, a, b, link.digits, eliminations))?;
        }
    }
    ControlFlow::Continue(())
}

/// What one RCC `rcc` proves: every other shared digit leaves the cells that see all its cells in
/// both sets.
pub(crate) fn singly_linked(grid: &Candidates, a: &Als, b: &Als, rcc: DigitSet) -> Vec<Candidate> {
    removed_between(grid, a, b, (a.digits & b.digits) - rcc)
}

/// What two RCCs prove: each RCC leaves the cells that see all its cells in both sets, and each
/// set is locked on its other digits.
pub(crate) fn doubly_linked(grid: &Candidates, a: &Als, b: &Als, rccs: DigitSet) -> Vec<Candidate> {
    let both = a.cells | b.cells;
    let mut eliminations = removed_between(grid, a, b, rccs);
    for set in [a, b] {
        for z in set.digits - rccs {
            eliminations.extend(removable(grid, z, set.seen_by(z) - both));
        }
    }
    eliminations
}

fn step(grid: &Candidates, a: &Als, b: &Als, rccs: DigitSet, eliminations: Vec<Candidate>) -> Step {
    let (link, reason) = if rccs.len() >= 2 {
        (
            format!("doubly linked by {} (restricted commons: each never in both sets)", digit_list(rccs)),
            "each set holds one of the two and is locked on all its other digits".to_string(),
        )
    } else {
        (
            format!("linked by {rccs} (restricted common: never in both sets)"),
            format!("the set without {rccs} is locked, so A or B holds {}", removed_digits(&eliminations)),
        )
    };
    let explanation = format!(
        "ALS-XZ: ALS A = {} and ALS B = {} are {link}; {reason}, and {}",
        a.describe(),
        b.describe(),
        grouped_removal_text(&eliminations)
    );
    let cells: CellSet = a.cells | b.cells;
    Step::new(Technique::AlsXz)
        .with_houses([a.house, b.house])
        .with_cells(cells)
        .with_drivers(a.candidates(grid).into_iter().chain(b.candidates(grid)))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}
