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
    ) || reads_the_layout_chains(technique)
        || reads_the_layout_killer(technique)
        || reads_the_layout_families(technique)
}

/// The chains and forcing techniques: their links, peers and houses come from the layout, and
/// their group nodes are the places of a digit where a line meets a region (a jigsaw region and
/// a row, a box and a diagonal); their almost locked sets lie in the layout's houses.
fn reads_the_layout_chains(technique: Technique) -> bool {
    use Technique::*;
    matches!(
        technique,
        RemotePair
            | XChain
            | XyChain
            | ContinuousNiceLoop
            | DiscontinuousNiceLoop
            | Aic
            | GroupedContinuousNiceLoop
            | GroupedDiscontinuousNiceLoop
            | GroupedAic
            | ForcingChainContradiction
            | ForcingChainVerity
            | ForcingNetContradiction
            | ForcingNetVerity
            | ForcingNetPlus
            | NestedForcingNet
    )
}

/// The killer techniques: their rule-of-45 regions (every house of the layout, runs of adjacent
/// rows or columns, and two regions that touch), the houses their cages lie in and the peers their
/// cells see all come from the position's layout.
fn reads_the_layout_killer(technique: Technique) -> bool {
    use Technique::*;
    matches!(
        technique,
        OneCellCage
            | CageLastCell
            | CageCombinations
            | CageInnerSubset
            | CagePointing
            | CageClaiming
            | CageHouseSubset
            | Rule45Single
            | Rule45Cage
            | Rule45Wide
            | InnieOutieDifference
            | MinMaxSum
            | CageSplitting
            | CageComparison
            | KillerSubsets
            | HouseTiling
            | BandTiling
            | SetEquivalence
    )
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

    use crate::engine::killer::{Cage, Cages};
    use crate::engine::logic::find_all;
    use crate::engine::{Candidate, Candidates, Cell, Digit, Grid, House, Layout, Puzzle};

    use super::*;
    use crate::engine::logic::test_support::{jigsaw, keeping};

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
        let mut grid = keeping(&jigsaw(), &[]);
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
        let mut grid = keeping(&jigsaw(), &[]);
        confine(&mut grid, House::row(0), 7, &["r1c2", "r1c4"]);
        let steps = find_all(Technique::LockedCandidatesClaiming, &grid);
        let expected = ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2"];
        assert!(removed(&steps, 7, &expected), "{steps:?}");
    }

    #[test]
    fn an_x_box_points_along_the_main_diagonal() {
        // Box 1's 4s lie in r1c1 and r2c2: the main diagonal loses its other 4s.
        let mut grid = keeping(&Layout::x(), &[]);
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

    /// `layout` under the cages given as cell names and sums, each listed cell keeping only the
    /// listed digits.
    fn caged(layout: Layout, cages: &[(&[&str], u32)], cells: &[(&str, &str)]) -> Candidates {
        let list = cages
            .iter()
            .map(|&(names, sum)| {
                Cage::new(names.iter().map(|c| c.parse::<Cell>().expect("test cell")).collect(), sum)
            })
            .collect();
        keeping(&layout, cells).with_cages(Some(Arc::new(Cages::new(list).expect("valid cages"))))
    }

    /// Region 1 of [`jigsaw`] (box 1 with r1c4, without r3c3) caged but for r2c2: 3 + 24 + 12.
    const REGION_ONE_CAGES: [(&[&str], u32); 3] =
        [(&["r1c1", "r1c2"], 3), (&["r1c3", "r1c4", "r2c3"], 24), (&["r2c1", "r3c1", "r3c2"], 12)];

    #[test]
    fn a_jigsaw_region_adds_up_to_45_and_places_its_innie() {
        let places_innie = |grid: &Candidates| -> Vec<crate::engine::logic::Step> {
            let six = Candidate::new("r2c2".parse().expect("test cell"), Digit::new(6).expect("a digit"));
            find_all(Technique::Rule45Single, grid).into_iter().filter(|s| s.placements == [six]).collect()
        };
        let steps = places_innie(&caged(jigsaw(), &REGION_ONE_CAGES, &[]));
        let step = steps.first().expect("region 1 places its innie");
        assert_eq!(step.houses, [House::region(0)]);
        assert!(
            step.explanation.contains(
                "region 1: region 1 adds up to 45 and the cages covering it but for r2c2 add up to 39, so r2c2 = 6"
            ),
            "{}",
            step.explanation
        );
        // On the classic layout box 1 holds r3c3, not r1c4: its cage 24 sticks out and r3c3 is
        // open too, so no region has r2c2 as its only innie.
        assert!(places_innie(&caged(Layout::classic(), &REGION_ONE_CAGES, &[])).is_empty());
    }

    #[test]
    fn a_cage_points_into_the_jigsaw_region_holding_it() {
        // Cage 3 at r1c3-r1c4 holds 1 and 2, in row 1 and in region 1 (r1c4 is in region 1).
        let cages: [(&[&str], u32); 1] = [(&["r1c3", "r1c4"], 3)];
        let on = |layout: Layout| find_all(Technique::CagePointing, &caged(layout, &cages, &[]));
        let steps = on(jigsaw());
        let step = steps.iter().find(|s| s.drivers.iter().all(|d| d.digit.get() == 1)).expect("found");
        assert_eq!(step.houses, [House::row(0), House::region(0)]);
        let gone: Vec<String> = step.eliminations.iter().map(|c| c.cell.to_string()).collect();
        assert!(gone.contains(&"r2c2".to_string()) && gone.contains(&"r1c9".to_string()), "{gone:?}");
        assert!(!gone.contains(&"r3c3".to_string()), "{gone:?}");
        // Classic: r1c3 and r1c4 lie in different boxes and share only row 1.
        let classic = on(Layout::classic());
        assert!(classic.iter().all(|s| s.eliminations.iter().all(|c| c.cell.row() == 0)), "{classic:?}");
    }

    #[test]
    fn two_cages_of_a_jigsaw_region_lock_their_digits_in_it() {
        // Cages 5 at r1c3-r1c4 and 5 at r2c1-r2c2 (1+4 or 2+3 each) lie in region 1 together and
        // hold 1, 2, 3 and 4 between them: those leave the region's other cells.
        let cages: [(&[&str], u32); 2] = [(&["r1c3", "r1c4"], 5), (&["r2c1", "r2c2"], 5)];
        let steps = find_all(Technique::CageHouseSubset, &caged(jigsaw(), &cages, &[]));
        let step = steps.iter().find(|s| s.houses == [House::region(0)]).expect("found");
        let gone: Vec<String> = step.eliminations.iter().map(|c| format!("{}{}", c.cell, c.digit)).collect();
        for cell in ["r1c1", "r1c2", "r2c3", "r3c1", "r3c2"] {
            for digit in 1..=4 {
                assert!(gone.contains(&format!("{cell}{digit}")), "{cell} {digit}: {gone:?}");
            }
        }
        assert!(!gone.iter().any(|g| g.starts_with("r3c3")), "{gone:?}");
        // Classic: the two cages share no house.
        assert!(find_all(Technique::CageHouseSubset, &caged(Layout::classic(), &cages, &[])).is_empty());
    }

    #[test]
    fn an_x_cage_points_along_the_main_diagonal() {
        // Cage 6 at r1c1-r1c2-r2c2 holds 1, 2 and 3; r1c2 has no 3, so the cage's 3 lies in r1c1 or
        // r2c2, both on the main diagonal.
        let cages: [(&[&str], u32); 1] = [(&["r1c1", "r1c2", "r2c2"], 6)];
        let on = |layout: Layout| {
            let grid = caged(layout, &cages, &[("r1c2", "12")]);
            find_all(Technique::CagePointing, &grid)
                .into_iter()
                .flat_map(|s| s.eliminations)
                .filter(|c| c.digit.get() == 3)
                .map(|c| c.cell.to_string())
                .collect::<Vec<_>>()
        };
        let x = on(Layout::x());
        assert!(x.contains(&"r5c5".to_string()) && x.contains(&"r9c9".to_string()), "{x:?}");
        assert!(!on(Layout::classic()).contains(&"r5c5".to_string()));
    }

    #[test]
    fn killer_techniques_hold_on_a_jigsaw_and_read_its_regions() {
        // Every killer technique runs on a Jigsaw Killer and a Killer X position (none may ask a
        // jigsaw region's cells of the classic tables), and region 1's innie is found.
        let killer: Vec<Technique> =
            Technique::ALL.iter().copied().filter(|&t| reads_the_layout_killer(t)).collect();
        assert_eq!(killer.len(), 18);
        let mut found = 0;
        for layout in [jigsaw(), Layout::x()] {
            let grid = caged(layout.clone(), &REGION_ONE_CAGES, &[("r5c5", "12"), ("r5c6", "12")]);
            for &technique in &killer {
                assert!(holds_on(technique, &layout), "{technique}");
                found += find_all(technique, &grid).len();
            }
        }
        assert!(found > 0);
    }

    /// A Uniqueness Test 1 rectangle on rows 1 and 2 and the columns `c1`, `c2` (1-based), its
    /// last corner r2c`c2` with an extra 3.
    fn ur_grid(layout: Layout, c1: usize, c2: usize) -> Candidates {
        let cells = [format!("r1c{c1}"), format!("r1c{c2}"), format!("r2c{c1}"), format!("r2c{c2}")];
        keeping(&layout, &[(&cells[0], "12"), (&cells[1], "12"), (&cells[2], "12"), (&cells[3], "123")])
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
            assert!(find_all(off, &keeping(&jigsaw, &[])).is_empty());
        }
        assert!(holds_on(Technique::XWing, &jigsaw) && holds_on(Technique::HiddenSingle, &jigsaw));
        for on in [
            Technique::XChain,
            Technique::GroupedAic,
            Technique::ForcingNetVerity,
            Technique::NestedForcingNet,
        ] {
            assert!(holds_on(on, &jigsaw), "{on}");
        }
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

    /// Region 1's 5s lie in r1c4 and r3c1 (a strong link of the region, no box's) and column 7's
    /// in r3c7 and r9c7: 5r1c4=5r3c1-5r3c7=5r9c7.
    fn jigsaw_x_chain() -> Candidates {
        let mut grid = keeping(&jigsaw(), &[]);
        confine(&mut grid, House::region(0), 5, &["r1c4", "r3c1"]);
        confine(&mut grid, House::column(6), 5, &["r3c7", "r9c7"]);
        grid
    }

    #[test]
    fn a_jigsaw_x_chain_links_through_a_region() {
        let grid = jigsaw_x_chain();
        let steps = find_all(Technique::XChain, &grid);
        let step = steps.iter().find(|s| removed(std::slice::from_ref(*s), 5, &["r9c4"])).expect("the chain");
        assert!(step.houses.contains(&House::region(0)), "{:?}", step.houses);
        assert!(
            step.explanation.starts_with("X-Chain on 5 (3 links): 5r1c4=5r3c1-5r3c7=5r9c7:"),
            "{}",
            step.explanation
        );
        // Without the region, r1c4 and r3c1 share no house: no chain removes 5 from r9c4.
        let mut classic = keeping(&Layout::classic(), &[]);
        for cell in ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c2"] {
            classic.eliminate(cell.parse().expect("test cell"), Digit::new(5).expect("a digit"));
        }
        confine(&mut classic, House::column(6), 5, &["r3c7", "r9c7"]);
        assert!(!removed(&find_all(Technique::XChain, &classic), 5, &["r9c4"]));
        // The same chain as an AIC, and as the forcing chain from r9c4=5.
        assert!(removed(&find_all(Technique::Aic, &grid), 5, &["r9c4"]));
        let forcing = find_all(Technique::ForcingChainContradiction, &grid);
        let step = forcing
            .iter()
            .find(|s| removed(std::slice::from_ref(*s), 5, &["r9c4"]))
            .expect("a contradiction");
        assert!(step.explanation.contains("r3c1=5"), "{}", step.explanation);
    }

    #[test]
    fn a_jigsaw_xy_chain_passes_bivalue_cells_seeing_each_other_in_a_region() {
        // r1c4 and r3c1 see each other only in region 1.
        let grid = keeping(&jigsaw(), &[("r1c4", "12"), ("r3c1", "23"), ("r3c7", "13")]);
        let steps = find_all(Technique::XyChain, &grid);
        let step = steps.iter().find(|s| s.drivers.len() == 6).expect("the chain");
        assert!(step.houses.contains(&House::region(0)), "{:?}", step.houses);
        assert!(
            removed(std::slice::from_ref(step), 1, &["r1c7", "r1c8", "r1c9", "r3c2", "r3c4"]),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn an_x_chain_on_sudoku_x_links_along_a_diagonal() {
        // The main diagonal's 4s lie in r1c1 and r9c9, column 2's in r5c2 and r9c2:
        // 4r1c1=4r9c9-4r9c2=4r5c2.
        let mut grid = keeping(&Layout::x(), &[]);
        confine(&mut grid, House::diagonal(0), 4, &["r1c1", "r9c9"]);
        confine(&mut grid, House::column(1), 4, &["r5c2", "r9c2"]);
        let steps = find_all(Technique::XChain, &grid);
        let step = steps.iter().find(|s| s.houses.contains(&House::diagonal(0))).expect("a diagonal chain");
        assert!(removed(std::slice::from_ref(step), 4, &["r4c1", "r5c1", "r6c1"]), "{step:?}");
        // A forcing chain follows the diagonal too: r5c1=4 leaves the main diagonal without a 4... or
        // clashes on the way.
        let forcing = find_all(Technique::ForcingChainContradiction, &grid);
        assert!(removed(&forcing, 4, &["r5c1"]), "{forcing:?}");
    }

    #[test]
    fn a_jigsaw_grouped_aic_passes_where_a_row_meets_a_region() {
        // Region 1's 5s lie in r3c1 and, in row 1, r1c2 and r1c4 (a group of row 1 and the region,
        // in no box); column 8's in r1c8 and r9c8: 5r3c1=5r1c24-5r1c8=5r9c8.
        let mut grid = keeping(&jigsaw(), &[]);
        confine(&mut grid, House::region(0), 5, &["r3c1", "r1c2", "r1c4"]);
        confine(&mut grid, House::column(7), 5, &["r1c8", "r9c8"]);
        let steps = find_all(Technique::GroupedAic, &grid);
        let step = steps.iter().find(|s| removed(std::slice::from_ref(*s), 5, &["r9c1"])).expect("the chain");
        assert!(step.explanation.contains("5r3c1=5r1c24-5r1c8=5r9c8"), "{}", step.explanation);
        let forcing = find_all(Technique::ForcingChainContradiction, &grid);
        let step = forcing
            .iter()
            .find(|s| removed(std::slice::from_ref(*s), 5, &["r9c1"]))
            .expect("a contradiction");
        assert!(step.explanation.contains("r1c24=5"), "{}", step.explanation);
    }

    #[test]
    fn an_x_grouped_aic_passes_where_a_diagonal_meets_a_box() {
        // Box 1's 4s lie in r3c1 and, on the main diagonal, r1c1 and r2c2; row 9's in r9c5 and
        // r9c9: 4r3c1=4r1c1,r2c2-4r9c9=4r9c5, and r3c5 sees both ends.
        let mut grid = keeping(&Layout::x(), &[]);
        confine(&mut grid, House::block(0), 4, &["r3c1", "r1c1", "r2c2"]);
        confine(&mut grid, House::row(8), 4, &["r9c5", "r9c9"]);
        let steps = find_all(Technique::GroupedAic, &grid);
        let step = steps.iter().find(|s| removed(std::slice::from_ref(*s), 4, &["r3c5"])).expect("the chain");
        assert!(step.explanation.contains("4r3c1=4r1c1,r2c2-4r9c9=4r9c5"), "{}", step.explanation);
        assert!(step.houses.contains(&House::diagonal(0)), "{:?}", step.houses);
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
