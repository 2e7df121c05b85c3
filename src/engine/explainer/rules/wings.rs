//! SE's XY-Wing (4.2) and XYZ-Wing (4.4). SE knows no other wing.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::{Candidate, Candidates, Cell, DigitSet};

/// SE's XY-Wing (`xyz` false: a bivalue pivot) or XYZ-Wing (`xyz` true: a trivalue pivot).
pub struct XyWing {
    /// Whether the pivot holds all three digits (XYZ-Wing).
    pub xyz: bool,
}

impl Producer for XyWing {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let pivot_size = if self.xyz { 3 } else { 2 };
        for pivot in Cell::ALL {
            let xy = grid.candidates(pivot);
            if xy.len() != pivot_size {
                continue;
            }
            for xz_cell in pivot.peers() {
                let xz = grid.candidates(xz_cell);
                if xz.len() != 2 || (xy - xz).len() != 1 {
                    continue;
                }
                for yz_cell in pivot.peers() {
                    let yz = grid.candidates(yz_cell);
                    if yz.len() == 2 && self.is_wing(xy, xz, yz) {
                        if let Some(step) = self.step(grid, pivot, xz_cell, yz_cell) {
                            return Some(step);
                        }
                    }
                }
            }
        }
        None
    }
}

impl XyWing {
    /// Whether the three candidate sets make the pattern: three digits in all, and none common to
    /// the three (XY-Wing) or exactly one, held by all (XYZ-Wing).
    fn is_wing(&self, xy: DigitSet, xz: DigitSet, yz: DigitSet) -> bool {
        let common = if self.xyz { 1 } else { 0 };
        (xy | xz | yz).len() == 3 && (xy & xz & yz).len() == common
    }

    /// The removal of the wings' common digit from the cells seeing both wings (and the pivot, for
    /// an XYZ-Wing).
    fn step(&self, grid: &Candidates, pivot: Cell, xz_cell: Cell, yz_cell: Cell) -> Option<SeStep> {
        let z = (grid.candidates(xz_cell) & grid.candidates(yz_cell)).first()?;
        let mut victims = xz_cell.peers() & yz_cell.peers();
        if self.xyz {
            victims &= pivot.peers();
        }
        victims.remove(pivot);
        let eliminations: Vec<Candidate> =
            victims.iter().filter(|&c| grid.has(c, z)).map(|c| Candidate::new(c, z)).collect();
        (!eliminations.is_empty()).then(|| SeStep {
            rule: if self.xyz { "XYZ-Wing" } else { "XY-Wing" },
            difficulty: Difficulty(if self.xyz { 44 } else { 42 }),
            placements: Vec::new(),
            eliminations,
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
