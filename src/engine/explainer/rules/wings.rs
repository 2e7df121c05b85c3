//! SE's XY-Wing (4.2) and XYZ-Wing (4.4). SE knows no other wing.
//!
//! The wings are the hint engine's ([`xy_wing_patterns`], [`xyz_wing_patterns`]). SE meets them
//! pivot by pivot in cell order, trying either pincer first, so it takes the wing with the first
//! pivot, then the first pincer, then the first other pincer.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::logic::wings::{Wing, xy_wing_patterns, xyz_wing_patterns};
use crate::engine::{Candidate, Candidates};

/// SE's XY-Wing (`xyz` false: a bivalue pivot) or XYZ-Wing (`xyz` true: a trivalue pivot).
pub struct XyWing {
    /// Whether the pivot holds all three digits (XYZ-Wing).
    pub xyz: bool,
}

impl Producer for XyWing {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let mut first: Option<((usize, usize, usize), Wing)> = None;
        let mut keep = |wing: Wing| {
            let [a, b] = wing.pincers.map(|c| c.index());
            let key = (wing.pivot.index(), a.min(b), a.max(b));
            if first.as_ref().is_none_or(|(kept, _)| key < *kept) {
                first = Some((key, wing));
            }
        };
        if self.xyz {
            xyz_wing_patterns(grid, &mut keep);
        } else {
            xy_wing_patterns(grid, &mut keep);
        }
        first.map(|(_, wing)| SeStep {
            rule: if self.xyz { "XYZ-Wing" } else { "XY-Wing" },
            difficulty: Difficulty(if self.xyz { 44 } else { 42 }),
            placements: Vec::new(),
            eliminations: wing.removed.iter().map(|cell| Candidate::new(cell, wing.z)).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{cand, narrowed};

    #[test]
    fn an_xy_wing_clears_the_cells_seeing_both_wings() {
        // Pivot r1c1 {1,2}, wings r1c5 {1,3} and r5c1 {2,3}: r5c5 sees both wings and loses 3.
        let g = narrowed(&[((1, 1), &[1, 2]), ((1, 5), &[1, 3]), ((5, 1), &[2, 3])]);
        let step = XyWing { xyz: false }.find(&g).expect("xy-wing");
        assert_eq!(step.eliminations, [cand(5, 5, 3)]);
        assert_eq!(step.difficulty, Difficulty(42));
        assert_eq!(XyWing { xyz: true }.find(&g), None);
    }

    #[test]
    fn an_xyz_wing_clears_the_cells_seeing_all_three() {
        // Pivot r1c1 {1,2,3}, wings r1c2 {1,3} (box and row) and r5c1 {2,3}: r2c1 and r3c1 see all.
        let g = narrowed(&[((1, 1), &[1, 2, 3]), ((1, 2), &[1, 3]), ((5, 1), &[2, 3])]);
        let step = XyWing { xyz: true }.find(&g).expect("xyz-wing");
        assert_eq!(step.eliminations, [cand(2, 1, 3), cand(3, 1, 3)]);
        assert_eq!(step.difficulty, Difficulty(44));
        assert_eq!(XyWing { xyz: false }.find(&g), None);
    }
}
