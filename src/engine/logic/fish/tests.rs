//! Unit tests of the fish techniques, on positions from HoDoKu's regression library.

use super::*;
use crate::engine::Cell;
use crate::engine::logic::find_all;
use crate::engine::logic::test_support::{cands, position};

const X_WING: &str = ":0300:5:+59..+83746.4......18...6.9.....5......548.........391......2.3...8...7....65....7.::526 528 588 589::";
const SWORDFISH: &str = ":0301:9:+931+2+46+7+856+8+5+3+17..+4+4+7+259+8+1+3+68+5+31....27+1......3+24...38..12763...+8+3.+4..1...+5.84..3..::956 957 958 968 987 988 996 998::";
const JELLYFISH: &str = ":0302:7:2.......3.8..3..5...34.21....12.54......9......93.86....25.69...9..2..7.4.......1::712 715 721 729 751 752 759 792 795::";
const FINNED_X_WING: &str = ":0310:9:.8+3.49+26..7...+2...2....+35.......6....57.3+1+6.26..27+5...+7+6+5+328+14939.1.4.....1..+7...::948 958::";
const SASHIMI_X_WING: &str = ":0320:8:4..5.769....+3....2.68+1...3.65.2.4..9...+73.4.....9.......+68........+6.3..73894+7....::859 869::";
const FINNED_SWORDFISH: &str = ":0311:5:.+6.4+1+7.+83+3+1+4+98..+7.8+7..+6+39147+43.29..+8..+8+3+4+6.2+7..6.+7.34+96..+75+4+8+314+3+1.+9.7..58+7631+4+9+2::557::";
const SASHIMI_SWORDFISH: &str = ":0321:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49..:331 373 678 679 699:638::";
const FINNED_JELLYFISH: &str = ":0312:8:+64+12+5.7.3+3826+7..+1+5....+31+6...9+3+1.+6..+74+1+6.27+3.......3.61.+2.+7+65+13.+765+31....+13...+2+576:934 938 939 979 986 993:879::";
const SASHIMI_JELLYFISH: &str = ":0322:8:..+34+16+2..2+6...+3+1.41.+4....36.463+7+15.+2.+2184......7+62.+41...5.3..41..+2+1.+4...+4+1.5+6732.:536 936 976:871 872 881 882::";

/// The step of `technique` in the position of `line` removing exactly `expected`, if any.
fn step_removing(technique: Technique, grid: &Candidates, expected: &str) -> Option<Step> {
    let expected = cands(expected);
    find_all(technique, grid).into_iter().find(|s| s.eliminations == expected)
}

/// The step of `technique` removing exactly `expected` in the position of `line`; panics if none.
fn fires(technique: Technique, line: &str, expected: &str) -> Step {
    let step = step_removing(technique, &position(line), expected);
    step.unwrap_or_else(|| panic!("{technique} should remove {expected}"))
}

/// Once `step` is applied in the position of `line`, its pattern removes nothing more, so it is
/// not reported again.
fn not_repeated(line: &str, step: &Step) {
    let mut grid = position(line);
    step.apply_to(&mut grid);
    let again = find_all(step.technique, &grid);
    assert!(again.iter().all(|s| s.houses != step.houses), "{} reported twice", step.explanation);
}

#[test]
fn x_wing_with_columns_as_base() {
    let step = fires(Technique::XWing, X_WING, "526 528 588 589");
    assert_eq!(
        step.explanation,
        "X-Wing: in columns 5 and 7 the 5s lie only in rows 2 and 8, so 5 is removed from r2c6, r2c8, r8c8 \
         and r8c9"
    );
    let houses: Vec<String> = step.houses.iter().map(|h| h.to_string()).collect();
    assert_eq!(houses, ["column 5", "column 7", "row 2", "row 8"]);
    assert_eq!(step.cells, [Cell::at(1, 4), Cell::at(1, 6), Cell::at(7, 4), Cell::at(7, 6)]);
    assert!(step.drivers.iter().all(|d| d.digit.get() == 5) && step.drivers.len() == 4);
    assert!(step.placements.is_empty());
    not_repeated(X_WING, &step);
}

#[test]
fn swordfish_fires_and_is_not_repeated() {
    let step = fires(Technique::Swordfish, SWORDFISH, "956 957 958 968 987 988 996 998");
    assert_eq!(step.houses.len(), 6);
    not_repeated(SWORDFISH, &step);
}

#[test]
fn jellyfish_fires_and_is_not_repeated() {
    let step = fires(Technique::Jellyfish, JELLYFISH, "712 715 721 729 751 752 759 792 795");
    assert_eq!(step.houses.len(), 8);
    not_repeated(JELLYFISH, &step);
}

#[test]
fn finned_x_wing_removes_only_in_the_fin_box() {
    let step = fires(Technique::FinnedXWing, FINNED_X_WING, "948 958");
    assert_eq!(
        step.explanation,
        "Finned X-Wing: in rows 3 and 6 the 9s lie only in columns 3 and 8 apart from fin r6c7 in box 6, \
         so 9 is removed from r4c8 and r5c8"
    );
    not_repeated(FINNED_X_WING, &step);
}

#[test]
fn sashimi_x_wing_is_not_a_finned_x_wing() {
    let step = fires(Technique::SashimiXWing, SASHIMI_X_WING, "859 869");
    assert_eq!(
        step.explanation,
        "Sashimi X-Wing: in rows 1 and 4 the 8s lie only in columns 5 and 9 apart from fins r4c7 and r4c8 \
         in box 6, so 8 is removed from r5c9 and r6c9"
    );
    assert!(step_removing(Technique::FinnedXWing, &position(SASHIMI_X_WING), "859 869").is_none());
    assert!(step_removing(Technique::SashimiXWing, &position(FINNED_X_WING), "948 958").is_none());
    not_repeated(SASHIMI_X_WING, &step);
}

#[test]
fn finned_and_sashimi_swordfish() {
    let finned = fires(Technique::FinnedSwordfish, FINNED_SWORDFISH, "557");
    assert_eq!(
        finned.explanation,
        "Finned Swordfish: in rows 1, 3 and 4 the 5s lie only in columns 3, 4 and 7 apart from fin r4c8 \
         in box 6, so 5 is removed from r5c7"
    );
    let sashimi = fires(Technique::SashimiSwordfish, SASHIMI_SWORDFISH, "638");
    assert_eq!(
        sashimi.explanation,
        "Sashimi Swordfish: in rows 1, 6 and 9 the 6s lie only in columns 1, 5 and 8 apart from fin r1c9 \
         in box 3, so 6 is removed from r3c8"
    );
    assert!(step_removing(Technique::FinnedSwordfish, &position(SASHIMI_SWORDFISH), "638").is_none());
    not_repeated(FINNED_SWORDFISH, &finned);
    not_repeated(SASHIMI_SWORDFISH, &sashimi);
}

#[test]
fn finned_and_sashimi_jellyfish() {
    let finned = fires(Technique::FinnedJellyfish, FINNED_JELLYFISH, "879");
    assert_eq!(
        finned.explanation,
        "Finned Jellyfish: in rows 1, 3, 5 and 8 the 8s lie only in columns 4, 6, 8 and 9 apart from fin \
         r8c7 in box 9, so 8 is removed from r7c9"
    );
    let sashimi = fires(Technique::SashimiJellyfish, SASHIMI_JELLYFISH, "871 872 881 882");
    assert_eq!(
        sashimi.explanation,
        "Sashimi Jellyfish: in rows 1, 4, 6 and 9 the 8s lie only in columns 1, 2, 8 and 9 apart from fin \
         r9c3 in box 7, so 8 is removed from r7c1, r7c2, r8c1 and r8c2"
    );
    assert!(step_removing(Technique::SashimiJellyfish, &position(FINNED_JELLYFISH), "879").is_none());
    not_repeated(FINNED_JELLYFISH, &finned);
    not_repeated(SASHIMI_JELLYFISH, &sashimi);
}

const FISH: [Technique; 13] = [
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
    Technique::FinnedSwordfish,
    Technique::SashimiSwordfish,
    Technique::FinnedJellyfish,
    Technique::SashimiJellyfish,
    Technique::SiameseFinnedSwordfish,
    Technique::SiameseSashimiSwordfish,
    Technique::SiameseFinnedJellyfish,
    Technique::SiameseSashimiJellyfish,
];

#[test]
fn no_fish_in_an_empty_grid() {
    let grid = Candidates::from_grid(&crate::engine::Grid::empty());
    for technique in FISH {
        assert!(find_all(technique, &grid).is_empty(), "{technique}");
    }
}

#[test]
fn fish_never_remove_a_solution_digit_in_the_library_positions() {
    let checked = crate::engine::logic::test_support::assert_sound_in_library(&FISH);
    assert!(checked > 1000, "only {checked} fish steps checked");
}

const SIAMESE_FINNED_SWORDFISH: &str = ":03111:5:6...219...12..8..........+1+2.9+7+26413.24.+1.....+1......+2.+7+295+3684+13.+1.472..+4.5.1+2+3.7:812 813 924 832 934 662 862 864 964:521 531 562::";
const SIAMESE_SASHIMI_SWORDFISH: &str = ":03211:1:...1.7......9.5.....3.8.5...9.....7...52.64..1.......87.......9..6.4.3...2.....1.:431 432 632 438 239 439 639 841 843 345 355 365 375 395:146 175::";
const SIAMESE_FINNED_JELLYFISH: &str = ":03121:9:...5.1.3.6.1...4523.54..7.1547....1323.1745..1.8.35247...21.3.5.5.84.1...1..5...4:811 812 213 722 924 826 926 235 835 636 936 645 945 646 946 847 971 872 676 678 683 983 693 993 694 994 396 796:917 958::";
const SIAMESE_SASHIMI_JELLYFISH: &str = ":03221:7:+2.3.+186+5.41+6+75+39+8+2.+5+8.+26.1.84.3+6+2.9+5+62.+8.543.5+3.1+4.+8+2+6.+6+52...+4+83.+4+58.26..+8+2+6.45+7.::737 759::";

#[test]
fn siamese_finned_swordfish_combines_a_finned_and_a_sashimi_fish() {
    let step = fires(Technique::SiameseFinnedSwordfish, SIAMESE_FINNED_SWORDFISH, "521 531 562");
    assert_eq!(
        step.explanation,
        "Siamese Finned Swordfish: in rows 1, 4 and 8 the 5s lie only in columns 1, 8 and 9 apart from fin \
         r1c2 in box 1, and only in columns 2, 8 and 9 apart from fin r4c1 in box 4, so 5 is removed from \
         r2c1, r3c1 and r6c2"
    );
    assert!(
        step_removing(Technique::SiameseSashimiSwordfish, &position(SIAMESE_FINNED_SWORDFISH), "521 531 562")
            .is_none()
    );
    not_repeated(SIAMESE_FINNED_SWORDFISH, &step);
}

#[test]
fn siamese_sashimi_swordfish_combines_two_sashimi_fish() {
    let step = fires(Technique::SiameseSashimiSwordfish, SIAMESE_SASHIMI_SWORDFISH, "146 175");
    assert_eq!(
        step.explanation,
        "Siamese Sashimi Swordfish: in rows 3, 5 and 8 the 1s lie only in columns 2, 6 and 9 apart from fin \
         r5c5 in box 5, and only in columns 2, 5 and 9 apart from fin r8c6 in box 8, so 1 is removed from \
         r4c6 and r7c5"
    );
    not_repeated(SIAMESE_SASHIMI_SWORDFISH, &step);
}

#[test]
fn siamese_jellyfish() {
    let finned = fires(Technique::SiameseFinnedJellyfish, SIAMESE_FINNED_JELLYFISH, "917 958");
    assert_eq!(
        finned.explanation,
        "Siamese Finned Jellyfish: in rows 2, 3, 4 and 6 the 9s lie only in columns 2, 4, 5 and 7 apart \
         from fin r3c8 in box 3, and only in columns 2, 4, 5 and 8 apart from fin r4c7 in box 6, so 9 is \
         removed from r1c7 and r5c8"
    );
    let sashimi = fires(Technique::SiameseSashimiJellyfish, SIAMESE_SASHIMI_JELLYFISH, "737 759");
    assert_eq!(
        sashimi.explanation,
        "Siamese Sashimi Jellyfish: in rows 1, 4, 6 and 8 the 7s lie only in columns 2, 3, 6 and 7 apart \
         from fin r1c9 in box 3, and only in columns 2, 3, 6 and 9 apart from fin r4c7 in box 6, so 7 is \
         removed from r3c7 and r5c9"
    );
    not_repeated(SIAMESE_FINNED_JELLYFISH, &finned);
    not_repeated(SIAMESE_SASHIMI_JELLYFISH, &sashimi);
}

#[test]
fn no_siamese_fish_from_a_lone_finned_fish() {
    for (line, technique) in [
        (FINNED_SWORDFISH, Technique::SiameseFinnedSwordfish),
        (SASHIMI_SWORDFISH, Technique::SiameseSashimiSwordfish),
        (FINNED_JELLYFISH, Technique::SiameseFinnedJellyfish),
        (SASHIMI_JELLYFISH, Technique::SiameseSashimiJellyfish),
    ] {
        let found: Vec<String> =
            find_all(technique, &position(line)).into_iter().map(|s| s.explanation).collect();
        assert!(found.is_empty(), "{found:?}");
    }
}

/// Why the hint engine skips the basic Siamese fish: each half of a Siamese pair removes
/// candidates on its own, and a Siamese finned fish has a half that is not sashimi, a Siamese sashimi
/// fish two sashimi halves. So wherever a Siamese fish fires, the finned (or sashimi) fish of its
/// size, which comes earlier in the catalogue, fires as well, and the Siamese search would never be
/// reached.
#[test]
fn where_a_siamese_fish_fires_its_finned_or_sashimi_fish_fires_first() {
    use crate::engine::logic::find_first;
    for (line, siamese, plain) in [
        (SIAMESE_FINNED_SWORDFISH, Technique::SiameseFinnedSwordfish, Technique::FinnedSwordfish),
        (SIAMESE_SASHIMI_SWORDFISH, Technique::SiameseSashimiSwordfish, Technique::SashimiSwordfish),
        (SIAMESE_FINNED_JELLYFISH, Technique::SiameseFinnedJellyfish, Technique::FinnedJellyfish),
        (SIAMESE_SASHIMI_JELLYFISH, Technique::SiameseSashimiJellyfish, Technique::SashimiJellyfish),
    ] {
        let grid = position(line);
        assert!(find_first(siamese, &grid).is_some(), "{siamese} fires here");
        assert!(find_first(plain, &grid).is_some(), "{plain} fires where {siamese} does");
        assert!(plain < siamese, "{plain} comes before {siamese}");
        assert!(plain.in_hint_path() && !siamese.in_hint_path());
    }
}

/// An empty grid where, in rows 1 and 5, the 1s remain only in the listed cells.
fn ones_in_rows_one_and_five(kept: &[&str]) -> Candidates {
    use crate::engine::logic::subsets::fixtures::{cells_keeping, digit_only_in, row_cells};
    let mut grid = cells_keeping(&[]);
    for row in [1, 5] {
        let cells = row_cells(row);
        let among: Vec<&str> = cells.iter().map(String::as_str).collect();
        digit_only_in(&mut grid, 1, &among, kept);
    }
    grid
}

#[test]
fn x_wing_on_two_rows_and_its_finned_near_miss() {
    let grid = ones_in_rows_one_and_five(&["r1c1", "r1c5", "r5c1", "r5c5"]);
    let found = find_all(Technique::XWing, &grid);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].eliminations.len(), 14, "columns 1 and 5 outside rows 1 and 5");
    // A fin in box 3 spoils the X-Wing, and no cover cell lies in box 3: nothing fires.
    let grid = ones_in_rows_one_and_five(&["r1c1", "r1c5", "r1c9", "r5c1", "r5c5"]);
    for technique in [Technique::XWing, Technique::FinnedXWing, Technique::SashimiXWing] {
        let found: Vec<String> = find_all(technique, &grid).into_iter().map(|s| s.explanation).collect();
        assert!(found.is_empty(), "{technique}: {found:?}");
    }
}

const FRANKEN_SWORDFISH: &str = ":0331:9:.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946:415 136 442 144 952 474 184 484:913::";
const FINNED_FRANKEN_X_WING: &str = ":0340:6:3.465..8....1.32.41..4.7.39.4.9763..9.3241..8.1753894..8.7.4..34..3.582..3186.4.5:712 728 233 533 671:682::";
const CANNIBAL_FINNED_FRANKEN_JELLYFISH: &str = ":0342:1:4.392..5659...6...6..85..4.1.5.9846.9.426.5...6.5.4...25...9683849632715..6.85294:328 829 759 367 867 269 769:129::";
const FINNED_MUTANT_JELLYFISH: &str = ":0362:4:....27.3+9+3.164+9+2...9+2..+5..+6+13.9...28+9.8..+26+1..+25..13+9...+9+2.8.5+3.....39622.+3.+9...1:447 772 781 782 792 892:417::";

#[test]
fn franken_and_mutant_fish_fire_with_the_library_eliminations() {
    let franken = fires(Technique::FrankenSwordfish, FRANKEN_SWORDFISH, "913");
    assert!(
        franken.houses.iter().any(|h| h.kind() == crate::engine::HouseKind::Box),
        "{}",
        franken.explanation
    );
    let finned = fires(Technique::FinnedFrankenXWing, FINNED_FRANKEN_X_WING, "682");
    assert!(finned.explanation.contains("apart from fin"), "{}", finned.explanation);
    fires(Technique::FinnedFrankenJellyfish, CANNIBAL_FINNED_FRANKEN_JELLYFISH, "129");
    let mutant = fires(Technique::FinnedMutantJellyfish, FINNED_MUTANT_JELLYFISH, "417");
    assert!(mutant.explanation.starts_with("Finned Mutant Jellyfish: in "), "{}", mutant.explanation);
    for (line, step) in [(FRANKEN_SWORDFISH, &franken), (FINNED_MUTANT_JELLYFISH, &mutant)] {
        not_repeated(line, step);
    }
}

#[test]
fn franken_and_mutant_fish_are_told_apart() {
    // The Franken Swordfish is no basic fish; the finned Mutant Jellyfish no Franken one.
    assert!(step_removing(Technique::Swordfish, &position(FRANKEN_SWORDFISH), "913").is_none());
    assert!(
        step_removing(Technique::FinnedFrankenJellyfish, &position(FINNED_MUTANT_JELLYFISH), "417").is_none()
    );
    // No fish at all in an empty grid, nor without fins where only a finned one fits.
    let grid = Candidates::from_grid(&crate::engine::Grid::empty());
    for technique in
        [Technique::FrankenSwordfish, Technique::FinnedFrankenSwordfish, Technique::MutantSwordfish]
    {
        assert!(find_all(technique, &grid).is_empty(), "{technique}");
    }
    assert!(step_removing(Technique::FrankenXWing, &position(FINNED_FRANKEN_X_WING), "682").is_none());
}

#[test]
fn franken_and_mutant_fish_never_remove_a_solution_digit_in_the_library_positions() {
    let checked = crate::engine::logic::test_support::assert_sound_in_library(&[
        Technique::FrankenXWing,
        Technique::FrankenSwordfish,
        Technique::FinnedFrankenXWing,
        Technique::FinnedFrankenSwordfish,
        Technique::SiameseFinnedFrankenSwordfish,
        Technique::MutantXWing,
        Technique::MutantSwordfish,
        Technique::FinnedMutantXWing,
    ]);
    assert!(checked > 100, "only {checked} steps checked");
}

#[test]
fn franken_and_mutant_fish_are_sound_along_real_paths() {
    use crate::engine::logic::test_support::assert_every_instance_sound;
    let techniques = [
        Technique::FrankenXWing,
        Technique::FrankenSwordfish,
        Technique::FinnedFrankenXWing,
        Technique::FinnedFrankenSwordfish,
        Technique::FinnedMutantXWing,
        Technique::TemplateDelete,
    ];
    let seen = assert_every_instance_sound(&["tdoku/top1465.txt"], 4, &techniques);
    assert!(seen.iter().sum::<usize>() > 0, "nothing fired on these paths: {seen:?}");
}

#[test]
fn the_hint_path_takes_the_finned_franken_swordfish_hodoku_meets_first() {
    // HoDoKu 2.2.4's path of this exemplar takes two Finned Franken Swordfish on 8 one after the
    // other: first the one on column 3, column 4 and box 3 (fin r2c7, 8 goes from r6c7), which its
    // search meets first, not the one on box 6 whose removal (r3c7) has the smaller index.
    use crate::engine::logic::{find_all, test_support::first_on_path};
    const PUZZLE: &str = "..67...91..9....623............3...4..72...1.4....1....31..8.75...9......65....3.";
    let (grid, step) = first_on_path(PUZZLE, &[Technique::FinnedFrankenSwordfish]);
    assert_eq!(step.eliminations, cands("867"), "{}", step.explanation);
    let all = find_all(Technique::FinnedFrankenSwordfish, &grid);
    assert!(all.iter().any(|s| s.eliminations == cands("837")), "both fish are there");
}

mod layouts {
    use super::*;
    use crate::engine::Layout;
    use crate::engine::logic::test_support::{drawn, jigsaw};

    #[test]
    fn a_franken_x_wing_on_a_jigsaw_region_that_is_no_box() {
        // Region 1 holds 1 only in r1c4 and r2c1, row 5 only in r5c1 and r5c4: columns 1 and 4
        // lose their other 1s.
        let rows = [
            "...xxxxxx",
            "x..xxxxxx",
            "..xxxxxxx",
            "xxxxxxxxx",
            "x..x.....",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
        ];
        let grid = drawn(&jigsaw(), 1, rows);
        let steps = find_all(Technique::FrankenXWing, &grid);
        let step = steps
            .iter()
            .find(|s| {
                s.explanation.contains("in row 5 and region 1 the 1s lie only in column 1 and column 4")
            })
            .unwrap_or_else(|| panic!("{steps:?}"));
        let expected = cands("141 161 171 181 191 124 134 144 164 174 184 194");
        let mut removed = step.eliminations.clone();
        removed.sort();
        let mut wanted = expected.clone();
        wanted.sort();
        assert_eq!(removed, wanted);
        let classic = find_all(Technique::FrankenXWing, &drawn(&Layout::classic(), 1, rows));
        assert!(classic.iter().all(|s| !s.eliminations.contains(&expected[0])), "{classic:?}");
    }

    #[test]
    fn a_mutant_x_wing_on_the_diagonals_of_an_x() {
        // The main diagonal holds 1 only in r1c1 and r3c3, the anti-diagonal only in r1c9 and r3c7:
        // rows 1 and 3 lose their other 1s.
        let rows = [
            "xxxxxxxxx",
            "x.xxxxx.x",
            "xxxxxxxxx",
            "xxx.x.xxx",
            "xxxx.xxxx",
            "xxx.x.xxx",
            "xx.xxx.xx",
            "x.xxxxx.x",
            ".xxxxxxx.",
        ];
        let grid = drawn(&Layout::x(), 1, rows);
        let steps = find_all(Technique::MutantXWing, &grid);
        let row_ends = cands("112 113 114 115 116 117 118 131 132 134 135 136 138 139");
        let step = steps.iter().find(|s| s.eliminations == row_ends).unwrap_or_else(|| panic!("{steps:?}"));
        assert!(step.houses.contains(&House::diagonal(0)) && step.houses.contains(&House::diagonal(1)));
        assert!(find_all(Technique::MutantXWing, &drawn(&Layout::classic(), 1, rows)).is_empty());
    }
}
