//! SE's intersections: pointing (2.6) and claiming (2.8), and their "direct" forms (1.7 and 1.9),
//! which count only when the removal leaves a hidden single in another house of the first kind.
//!
//! The patterns are the hint engine's Locked Candidates ([`pointing_patterns`],
//! [`claiming_patterns`]); SE takes them in its own order (see [`se_order`]).

use std::ops::ControlFlow;

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::logic::intersections::{LockedCandidates, claiming_patterns, pointing_patterns};
use crate::engine::{Candidate, Candidates, House, HouseKind};

/// SE's pointing and claiming; `direct` keeps only those that yield a hidden single at once.
pub struct Locking {
    /// Whether this is SE's "direct" variant.
    pub direct: bool,
}

impl Producer for Locking {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let mut found: Vec<LockedCandidates> = Vec::new();
        let mut keep = |pattern| {
            found.push(pattern);
            ControlFlow::Continue(())
        };
        let _ = pointing_patterns(grid, &mut keep);
        let _ = claiming_patterns(grid, &mut keep);
        found.sort_unstable_by_key(se_order);
        found.iter().find_map(|pattern| self.step(grid, pattern))
    }
}

/// Where SE meets a pattern: it crosses a box with a column, a box with a row, a column with a box,
/// then a row with a box (the first house holding all of a digit's places), each first house in
/// order with each crossing house in order, and tries every digit there.
fn se_order(pattern: &LockedCandidates) -> (usize, usize, usize, usize) {
    let crossing = match (pattern.source.kind(), pattern.target.kind()) {
        (HouseKind::Box, HouseKind::Column) => 0,
        (HouseKind::Box, _) => 1,
        (HouseKind::Column, _) => 2,
        _ => 3,
    };
    (crossing, pattern.source.index_in_kind(), pattern.target.index_in_kind(), pattern.digit.index())
}

impl Locking {
    /// SE's step on `pattern`, if this variant takes it.
    fn step(&self, grid: &Candidates, pattern: &LockedCandidates) -> Option<SeStep> {
        let eliminations: Vec<Candidate> =
            pattern.removed.iter().map(|cell| Candidate::new(cell, pattern.digit)).collect();
        let is_pointing = pattern.source.kind() == HouseKind::Box;
        if !self.direct {
            return Some(SeStep {
                rule: if is_pointing { "Pointing" } else { "Claiming" },
                difficulty: Difficulty(if is_pointing { 26 } else { 28 }),
                placements: Vec::new(),
                eliminations,
            });
        }
        let single = following_hidden_single(grid, pattern)?;
        Some(SeStep {
            rule: if is_pointing { "Direct Pointing" } else { "Direct Claiming" },
            difficulty: Difficulty(if is_pointing { 17 } else { 19 }),
            placements: vec![single],
            eliminations,
        })
    }
}

/// The first hidden single the pattern's removal leaves in another house of its first house's kind
/// crossing the second.
fn following_hidden_single(grid: &Candidates, pattern: &LockedCandidates) -> Option<Candidate> {
    let (source, target, digit) = (pattern.source, pattern.target, pattern.digit);
    House::of_kind(source.kind())
        .into_iter()
        .filter(|&other| other != source && other.cell_set().intersects(target.cell_set()))
        .find_map(|other| {
            let places = grid.house_cells_with(other, digit);
            if places.len() < 2 {
                return None;
            }
            (places - target.cell_set()).single().map(|cell| Candidate::new(cell, digit))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{cand, grid, sorted};

    /// Box 1 filled but for column 1, so its 1s (and 8s, 9s) lie in column 1; with `box4`, box 4's 1s
    /// are left at r4c1 and r4c2 (r4c3 filled, rows 5 and 6 holding a 1).
    fn position(box4: bool) -> Candidates {
        let mut line = vec!['.'; 81];
        for (i, d) in [(1, '2'), (2, '3'), (10, '4'), (11, '5'), (19, '6'), (20, '7')] {
            line[i] = d;
        }
        if box4 {
            line[27 + 2] = '8'; // r4c3
            line[36 + 4] = '1'; // r5c5
            line[45 + 7] = '1'; // r6c8
        }
        grid(&line.iter().collect::<String>())
    }

    #[test]
    fn pointing_removes_the_digit_from_the_rest_of_the_column() {
        let step = Locking { direct: false }.find(&position(true)).expect("pointing");
        assert_eq!(step.rule, "Pointing");
        assert_eq!(step.difficulty, Difficulty(26));
        let expected = [4, 7, 8, 9].map(|r| cand(r, 1, 1)).to_vec();
        assert_eq!(sorted(step.eliminations), expected);
        assert!(step.placements.is_empty());
    }

    #[test]
    fn direct_pointing_places_the_hidden_single_it_leaves() {
        let step = Locking { direct: true }.find(&position(true)).expect("direct pointing");
        assert_eq!(step.rule, "Direct Pointing");
        assert_eq!(step.difficulty, Difficulty(17));
        assert_eq!(step.placements, [cand(4, 2, 1)]);
        assert_eq!(sorted(step.eliminations), [4, 7, 8, 9].map(|r| cand(r, 1, 1)).to_vec());
    }

    #[test]
    fn no_direct_pointing_without_a_following_single() {
        assert_eq!(Locking { direct: true }.find(&position(false)), None);
        assert!(Locking { direct: false }.find(&position(false)).is_some());
    }
}
