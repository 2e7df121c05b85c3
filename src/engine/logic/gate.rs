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
/// on a jigsaw too. The basic fish read only rows and columns (their finned forms read the fin's
/// box, and stay off); the wings read peers and, for the W-Wing, conjugate pairs in the layout's
/// houses.
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
            | XWing
            | Swordfish
            | Jellyfish
            | XyWing
            | XyzWing
            | WWing
            | BruteForce
    ) || reads_the_layout_families(technique)
}

/// The families ported to the layout in issue 40's second part (colouring, single-digit patterns,
/// complex fish, ALS, Sue de Coq, templates): they take houses, regions and peers from the
/// position's layout.
fn reads_the_layout_families(technique: Technique) -> bool {
    use Technique::*;
    matches!(
        technique,
        // Colouring: conjugate pairs in every house of the layout, peers from the layout.
        SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2
            // Single-digit patterns: a kite's knot and an empty rectangle are a region of the layout.
            | Skyscraper
            | TwoStringKite
            | DualTwoStringKite
            | TurbotFish
            | EmptyRectangle
            | DualEmptyRectangle
            // Franken and Mutant fish: base and cover sets among the layout's houses (a jigsaw's
            // regions in the boxes' part; an X's diagonals in Mutant fish), fins seen via its peers.
            | FrankenXWing
            | FrankenSwordfish
            | FrankenJellyfish
            | FinnedFrankenXWing
            | FinnedFrankenSwordfish
            | SiameseFinnedFrankenSwordfish
            | FinnedFrankenJellyfish
            | SiameseFinnedFrankenJellyfish
            | MutantXWing
            | MutantSwordfish
            | MutantJellyfish
            | FinnedMutantXWing
            | FinnedMutantSwordfish
            | FinnedMutantJellyfish
            | SiameseFinnedMutantJellyfish
            | FinnedMutantSquirmbag
            | FinnedMutantWhale
            // Almost locked sets in every house of the layout, restricted commons via its peers.
            | AlsXz
            | AlsXyWing
            | AlsChain
            | DeathBlossom
            // Sue de Coq on every line-region intersection of two or more cells.
            | SueDeCoq
            // Templates: one cell per row, column and region (and diagonal on an X).
            | TemplateSet
            | TemplateDelete
    )
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rand::SeedableRng;

    use crate::engine::logic::find_all;
    use crate::engine::{Candidate, Candidates, Cell, Digit, Grid, House, Layout, Puzzle};

    use super::*;

    /// An empty position under `layout` in which each listed cell keeps only the listed digits.
    fn keeping(layout: Layout, cells: &[(&str, &str)]) -> Candidates {
        let mut grid = Candidates::under_layout(Arc::new(layout), &Grid::empty(), &Grid::empty());
        for &(name, kept) in cells {
            let cell: Cell = name.parse().expect("test cell");
            for digit in Digit::ALL {
                if !kept.contains(char::from(b'0' + digit.get())) {
                    grid.eliminate(cell, digit);
                }
            }
        }
        grid
    }

    /// Region 1 is box 1 with r1c4 and without r3c3 (which joins region 2).
    fn jigsaw() -> Layout {
        let mut regions: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
        regions[3] = 0;
        regions[20] = 1;
        Layout::jigsaw(&regions).expect("a jigsaw")
    }

    /// Removes `digit` from every cell of `house` but `kept`.
    fn confine(grid: &mut Candidates, house: House, digit: u8, kept: &[&str]) {
        let digit = Digit::new(digit).expect("a digit");
        let kept: Vec<Cell> = kept.iter().map(|c| c.parse().expect("test cell")).collect();
        for cell in grid.house_set(house) {
            if !kept.contains(&cell) {
                grid.eliminate(cell, digit);
            }
        }
    }

    fn removed(steps: &[crate::engine::logic::Step], digit: u8, cells: &[&str]) -> bool {
        let digit = Digit::new(digit).expect("a digit");
        let wanted: Vec<Candidate> =
            cells.iter().map(|c| Candidate::new(c.parse().expect("test cell"), digit)).collect();
        steps.iter().any(|s| s.eliminations == wanted)
    }

    #[test]
    fn a_jigsaw_region_points_along_a_row_it_shares_four_cells_with() {
        // Region 1's 5s lie in r1c1 and r1c4: both in row 1, but not in one box.
        let mut grid = keeping(jigsaw(), &[]);
        confine(&mut grid, House::region(0), 5, &["r1c1", "r1c4"]);
        let steps = find_all(Technique::LockedCandidatesPointing, &grid);
        assert!(removed(&steps, 5, &["r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]), "{steps:?}");
        let step = steps.iter().find(|s| s.houses == [House::region(0), House::row(0)]).expect("found");
        assert_eq!(step.summary(), "Locked Candidates (Pointing) in region 1");
        assert!(step.explanation.contains("in region 1 the 5s lie only in row 1"), "{}", step.explanation);
        // No box is a house of the jigsaw: nothing points from box 1 or claims into it.
        assert!(
            find_all(Technique::LockedCandidatesClaiming, &grid)
                .iter()
                .all(|s| !s.houses.contains(&House::block(0)))
        );
    }

    #[test]
    fn a_jigsaw_line_claims_into_the_region_holding_its_candidates() {
        // Row 1's 7s lie in r1c2 and r1c4, both in region 1 (r1c4 is not in box 1).
        let mut grid = keeping(jigsaw(), &[]);
        confine(&mut grid, House::row(0), 7, &["r1c2", "r1c4"]);
        let steps = find_all(Technique::LockedCandidatesClaiming, &grid);
        let expected = ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2"];
        assert!(removed(&steps, 7, &expected), "{steps:?}");
    }

    #[test]
    fn an_x_box_points_along_the_main_diagonal() {
        // Box 1's 4s lie in r1c1 and r2c2: the main diagonal loses its other 4s.
        let mut grid = keeping(Layout::x(), &[]);
        confine(&mut grid, House::block(0), 4, &["r1c1", "r2c2"]);
        let steps = find_all(Technique::LockedCandidatesPointing, &grid);
        assert!(removed(&steps, 4, &["r4c4", "r5c5", "r6c6", "r7c7", "r8c8", "r9c9"]), "{steps:?}");
        let step = steps.iter().find(|s| s.houses.contains(&House::diagonal(0))).expect("found");
        assert!(
            step.explanation.contains("in box 1 the 4s lie only in the main diagonal"),
            "{}",
            step.explanation
        );
    }

    /// A Uniqueness Test 1 rectangle on rows 1 and 2 and the columns `c1`, `c2` (1-based), its
    /// last corner r2c`c2` with an extra 3.
    fn ur_grid(layout: Layout, c1: usize, c2: usize) -> Candidates {
        let cells = [format!("r1c{c1}"), format!("r1c{c2}"), format!("r2c{c1}"), format!("r2c{c2}")];
        keeping(layout, &[(&cells[0], "12"), (&cells[1], "12"), (&cells[2], "12"), (&cells[3], "123")])
    }

    #[test]
    fn a_unique_rectangle_is_used_only_where_its_swap_keeps_every_house() {
        let ur = |grid: &Candidates| find_all(Technique::UniquenessTest1, grid);
        // Classic: r1c1, r1c4, r2c1, r2c4 lie in boxes 1 and 2, a deadly pattern.
        assert_eq!(ur(&ur_grid(Layout::classic(), 1, 4)).len(), 1);
        // X: r1c1 and r2c2-free corners c3/c4 differ: r1c1 lies on the main diagonal, whose other
        // cells a swap would clash with; the rectangle on columns 3 and 4 touches no diagonal.
        assert!(ur(&ur_grid(Layout::x(), 1, 4)).is_empty());
        assert_eq!(ur(&ur_grid(Layout::x(), 3, 4)).len(), 1);
        // Jigsaw: r1c3, r1c4, r2c3, r2c4 lie in region 1 (r1c3, r1c4, r2c3) and region 2 (r2c4): a
        // region holding three corners; no rectangle is used on a jigsaw.
        assert_eq!(ur(&ur_grid(Layout::classic(), 3, 4)).len(), 1);
        assert!(ur(&ur_grid(jigsaw(), 3, 4)).is_empty());
        assert!(!holds_on(Technique::UniquenessTest1, &jigsaw()));
        assert!(!holds_on(Technique::BugPlusOne, &Layout::x()));
        assert!(holds_on(Technique::BugPlusOne, &Layout::classic()));
    }

    #[test]
    fn box_bound_techniques_are_off_on_a_jigsaw_and_on_elsewhere() {
        let jigsaw = jigsaw();
        for &technique in Technique::ALL {
            assert!(holds_on(technique, &Layout::classic()));
            if !Technique::UNIQUENESS.contains(&technique) {
                assert!(holds_on(technique, &Layout::x()), "{technique}");
            }
        }
        for off in [Technique::FinnedXWing, Technique::SashimiSwordfish, Technique::SiameseFinnedSwordfish] {
            assert!(!holds_on(off, &jigsaw), "{off}");
            // Gated off: nothing is found even where the box-bound finder would see a pattern.
            assert!(find_all(off, &keeping(jigsaw.clone(), &[])).is_empty());
        }
        assert!(holds_on(Technique::XWing, &jigsaw) && holds_on(Technique::HiddenSingle, &jigsaw));
        // The families that read the layout: colouring, single-digit patterns, complex fish, ALS,
        // Sue de Coq and templates.
        for on in [
            Technique::SimpleColorsTrap,
            Technique::MultiColors2,
            Technique::Skyscraper,
            Technique::EmptyRectangle,
            Technique::FinnedFrankenXWing,
            Technique::FinnedMutantWhale,
            Technique::AlsXz,
            Technique::DeathBlossom,
            Technique::SueDeCoq,
            Technique::TemplateSet,
            Technique::TemplateDelete,
        ] {
            assert!(holds_on(on, &jigsaw), "{on}");
        }
    }

    #[test]
    fn the_explainer_gives_no_number_beyond_the_classic_layout() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let x = Layout::x();
        let full = crate::engine::random_solution_under(&Grid::empty(), &x, None, &mut rng).expect("a grid");
        let puzzle = Puzzle::with_rules(full, Arc::new(x), None).expect("a full grid is unique");
        let rating = crate::engine::explainer_rating(&puzzle);
        assert_eq!(rating.hardest, crate::engine::explainer::NOT_FOR_VARIANT);
        assert!(!rating.solved && rating.steps == 0);
        assert!(!crate::engine::explainer::explainer_available(&puzzle));
    }
}
