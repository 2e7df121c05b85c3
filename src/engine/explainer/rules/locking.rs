//! SE's intersections: pointing (2.6) and claiming (2.8), and their "direct" forms (1.7 and 1.9),
//! which count only when the removal leaves a hidden single in another house of the first kind.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::{Candidate, Candidates, Digit, House, HouseKind};

use super::{cells_at, positions, removals};

/// The pairs of house kinds SE crosses, in its order: a box with a column, a box with a row, a
/// column with a box, a row with a box. The first house holds all of a digit's places.
const CROSSINGS: [(HouseKind, HouseKind); 4] = [
    (HouseKind::Box, HouseKind::Column),
    (HouseKind::Box, HouseKind::Row),
    (HouseKind::Column, HouseKind::Box),
    (HouseKind::Row, HouseKind::Box),
];

/// SE's pointing and claiming; `direct` keeps only those that yield a hidden single at once.
pub struct Locking {
    /// Whether this is SE's "direct" variant.
    pub direct: bool,
}

impl Producer for Locking {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        for (kind1, kind2) in CROSSINGS {
            for base in House::of_kind(kind1) {
                for cover in House::of_kind(kind2) {
                    if !base.cell_set().intersects(cover.cell_set()) {
                        continue;
                    }
                    for digit in Digit::ALL {
                        if let Some(step) = self.locked(grid, base, cover, digit) {
                            return Some(step);
                        }
                    }
                }
            }
        }
        None
    }
}

impl Locking {
    /// The step when `digit`'s places in `base` (two or more) all lie in `cover`.
    fn locked(&self, grid: &Candidates, base: House, cover: House, digit: Digit) -> Option<SeStep> {
        let places = grid.house_cells_with(base, digit);
        if places.len() < 2 || !places.is_subset(cover.cell_set()) {
            return None;
        }
        let eliminations = removals(grid, cover.cell_set() - base.cell_set(), digit);
        let is_pointing = base.kind() == HouseKind::Box;
        if !self.direct {
            if eliminations.is_empty() {
                return None;
            }
            return Some(SeStep {
                rule: if is_pointing { "Pointing" } else { "Claiming" },
                difficulty: Difficulty(if is_pointing { 26 } else { 28 }),
                placements: Vec::new(),
                eliminations,
            });
        }
        let single = following_hidden_single(grid, base, cover, digit)?;
        Some(SeStep {
            rule: if is_pointing { "Direct Pointing" } else { "Direct Claiming" },
            difficulty: Difficulty(if is_pointing { 17 } else { 19 }),
            placements: vec![single],
            eliminations,
        })
    }
}

/// The first hidden single the removal of `digit` from `cover` outside `base` leaves in another
/// house of `base`'s kind crossing `cover`.
fn following_hidden_single(grid: &Candidates, base: House, cover: House, digit: Digit) -> Option<Candidate> {
    House::of_kind(base.kind())
        .into_iter()
        .filter(|&other| other != base && other.cell_set().intersects(cover.cell_set()))
        .find_map(|other| {
            let bits = positions(grid, other, digit);
            if bits.count_ones() < 2 {
                return None;
            }
            let left = cells_at(other, bits).filter(|&c| !cover.cell_set().contains(c));
            let mut left = left.collect::<Vec<_>>();
            (left.len() == 1).then(|| Candidate::new(left.remove(0), digit))
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
