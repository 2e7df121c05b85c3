//! Which techniques hold on which layout of houses.
//!
//! Every technique was written, and proven, for the classic houses. On a Sudoku X the houses are the
//! classic ones plus the two diagonals: a deduction from the classic houses stays true when there
//! are more houses, so every technique holds there, reading the diagonals or not, except those that
//! lean on the solution being unique (a deadly pattern of the classic houses may be broken by a
//! diagonal, so it is no longer deadly). On a jigsaw the boxes are gone: only the techniques that
//! read their houses from the position's layout hold, and the box-bound ones are left out.

use crate::engine::Layout;

use super::Technique;

/// Whether `technique` is sound on `layout` as it is written. Always on the classic layout.
pub(crate) fn holds_on(technique: Technique, layout: &Layout) -> bool {
    if layout.is_classic() {
        return true;
    }
    if Technique::UNIQUENESS.contains(&technique) {
        return super::uniqueness::holds_on(technique, layout);
    }
    layout.has_boxes() || reads_the_layout(technique)
}

/// The techniques that take every house, cell set and peer from the position's layout, and so hold
/// on a jigsaw too.
fn reads_the_layout(technique: Technique) -> bool {
    use Technique::*;
    matches!(
        technique,
        FullHouse
            | NakedSingle
            | HiddenSingle
            | LockedPair
            | LockedTriple
            | LockedCandidatesPointing
            | LockedCandidatesClaiming
            | NakedPair
            | NakedTriple
            | NakedQuadruple
            | HiddenPair
            | HiddenTriple
            | HiddenQuadruple
            | BruteForce
    )
}
