//! Tests of the ALS techniques: library positions where each fires with the exact eliminations, the
//! same positions with one candidate put back where it must not, and soundness of every instance.

use crate::engine::logic::test_support::{
    assert_every_instance_sound, assert_sound_in_library, cands, hodoku_recording, position,
    recorded_removals,
};
use crate::engine::logic::{Step, Technique, find_all};

const XZ: &str = ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::";
const XZ_DOUBLY: &str = ":0901-2:13679:....8.......4..+8.....12564.72......6..431....9......8.25.....3869...712........+6.:767 769 495 496 497 499:113 123 313 323 662 713 723 913 923 939::";
const XY_WING: &str = ":0902-1:7:+9...+3...8+2.3..865.+8.52..3+917+9.1.3....54.......+3......9+58.3...423+298741+6+5+4........:713 424 425 643 245 845 247 847 758 163 663 867 268 868 792 195:714::";
const XY_WING_OVERLAP: &str = ":0902-2:2:..1...34.4....697....23+4...9...5.8.....6.8.....8.9...1....45...+5728....4.84...5..:711 912 519 538 249 257 259 559 759 667 974 177 677 678 978 279 979 186 188 688 298 299:262::";
const CHAIN: &str = ":0903-1:69:..+1.3+7......2+1+8.577.....81.1.9+3+65....6..+74.3.....82.....87....44.....+78..37+8+415..:212 412 914 932 533 934 939 277 677 977 582 984 289 689 989:611 911 912 927::";
const BLOSSOM: &str = ":0904-1:1:186.+75.......3.1..+3....9..587....3.+163..8+7.52..9+3..+8672..7.....+7.3.9......+86+2+3714:423 826 828 928 929 433 234 434 435 443 466 472 572 972 573 476 679 879 582 884:184::";
const BLOSSOM_OVERLAP: &str = ":0904-2:3:.4..+6....1.54.2.6.+6+2+3.8.4.5+389.46.57+5+6+4......71+295+863+42.1+87..+4+6.5.6.43.2+4.+6....8.:717 817 819 919 996:314 316 329::";

/// The library line with the deleted candidate `restored` put back.
fn with_restored(line: &str, restored: &str) -> String {
    let mut fields: Vec<String> = line.split(':').map(str::to_string).collect();
    let kept: Vec<&str> = fields[4].split_whitespace().filter(|c| *c != restored).collect();
    assert_ne!(kept.len(), fields[4].split_whitespace().count(), "{restored} is deleted in the line");
    fields[4] = kept.join(" ");
    fields.join(":")
}

/// The expected eliminations of a library line.
fn expected(line: &str) -> Vec<crate::engine::Candidate> {
    cands(line.split(':').nth(5).expect("an eliminations field"))
}

/// The step of `technique` in the line's position with exactly the line's eliminations.
fn library_step(technique: Technique, line: &str) -> Step {
    let expected = expected(line);
    let found = find_all(technique, &position(line));
    found.into_iter().find(|s| s.eliminations == expected).unwrap_or_else(|| panic!("no {technique} step"))
}

/// Whether the line's eliminations are found once `restored` is put back.
fn fires_with_restored(technique: Technique, line: &str, restored: &str) -> Vec<Step> {
    find_all(technique, &position(&with_restored(line, restored)))
}

#[test]
fn als_xz_fires_with_the_library_eliminations() {
    let step = library_step(Technique::AlsXz, XZ);
    assert_eq!(step.eliminations, cands("327"));
    assert_eq!(
        step.explanation,
        "ALS-XZ: ALS A = r1c4,r1c6,r2c5 {1,3,5,8} and ALS B = r1c8,r1c9,r3c8 {3,5,8,9} are linked by 5 \
         (restricted common: never in both sets); the set without 5 is locked, so A or B holds 3, and 3 is \
         removed from r2c7"
    );
}

#[test]
fn doubly_linked_als_xz_locks_both_sets() {
    let step = library_step(Technique::AlsXz, XZ_DOUBLY);
    assert_eq!(step.eliminations.len(), 10);
    assert!(step.explanation.contains("each set holds one of the two"), "{}", step.explanation);
}

#[test]
fn als_xz_needs_its_restricted_common_candidate() {
    // With 3 back in r1c4, nothing links the two sets any more.
    assert!(fires_with_restored(Technique::AlsXz, XZ, "314").is_empty());
}

#[test]
fn als_xy_wing_fires_with_the_library_eliminations() {
    let step = library_step(Technique::AlsXyWing, XY_WING);
    assert_eq!(step.eliminations, cands("714"));
    assert!(step.explanation.starts_with("ALS-XY-Wing: pivot ALS C = "), "{}", step.explanation);
    library_step(Technique::AlsXyWing, XY_WING_OVERLAP);
}

#[test]
fn als_xy_wing_needs_both_links() {
    assert!(fires_with_restored(Technique::AlsXyWing, XY_WING, "424").is_empty());
}

#[test]
fn als_chain_fires_with_the_library_eliminations() {
    let step = library_step(Technique::AlsChain, CHAIN);
    assert_eq!(step.eliminations, cands("611 911 912 927"));
    assert!(step.explanation.starts_with("ALS-Chain: A = "), "{}", step.explanation);
    assert!(step.explanation.contains(" -"), "{}", step.explanation);
}

#[test]
fn als_chain_breaks_with_a_candidate_put_back() {
    let expected = expected(CHAIN);
    let found = fires_with_restored(Technique::AlsChain, CHAIN, "412");
    assert!(found.iter().all(|s| s.eliminations != expected), "{found:?}");
}

#[test]
fn death_blossom_fires_with_the_library_eliminations() {
    let step = library_step(Technique::DeathBlossom, BLOSSOM);
    assert_eq!(step.eliminations, cands("184"));
    assert_eq!(
        step.explanation,
        "Death Blossom: stem r7c7 {5,6,9} leads by 5 to ALS r7c5,r7c6,r8c6 {1,4,5,8}, 6 to ALS \
         r3c2,r3c3,r3c4,r3c7,r3c8 {1,2,4,6,7,8} and 9 to ALS r7c6,r7c8,r7c9 {1,3,8,9}; whatever the stem is, \
         the petal of that digit loses it and is locked on its other digits, so some petal holds 1, and 1 is \
         removed from r8c4"
    );
    library_step(Technique::DeathBlossom, BLOSSOM_OVERLAP);
}

#[test]
fn death_blossom_needs_a_petal_for_every_stem_candidate() {
    assert!(fires_with_restored(Technique::DeathBlossom, BLOSSOM, "476").is_empty());
}

#[test]
fn every_instance_is_sound_in_the_library() {
    let techniques = [Technique::AlsXz, Technique::AlsXyWing, Technique::AlsChain, Technique::DeathBlossom];
    assert!(assert_sound_in_library(&techniques) > 100);
}

#[test]
fn every_instance_is_sound_along_hard_paths() {
    let techniques = [Technique::AlsXz, Technique::AlsXyWing, Technique::AlsChain, Technique::DeathBlossom];
    let seen = assert_every_instance_sound(&["tdoku/top1465.txt"], 12, &techniques);
    assert!(seen.iter().all(|&n| n > 0), "every technique is exercised: {seen:?}");
}

#[test]
fn the_path_index_lists_the_sets_as_hodokus_solver_does() {
    use super::{AlsIndex, Scope};
    use crate::engine::HouseKind;
    for line in [XZ, XY_WING, CHAIN, BLOSSOM] {
        let grid = position(line);
        let path = AlsIndex::new(&grid, Scope::Path);
        let all = AlsIndex::new(&grid, Scope::All);
        // The same cell sets, each once, whichever house names them.
        let mut listed: Vec<_> = path.sets.iter().map(|s| s.cells).collect();
        let count = listed.len();
        listed.sort_by_key(|cells| cells.iter().map(|c| c.index()).collect::<Vec<_>>());
        listed.dedup();
        assert_eq!(listed.len(), count, "a set listed twice");
        assert_eq!(count, all.sets.len());
        // Rows, then columns, then boxes; within a house, depth first over its cells (a set before
        // its extensions), which is the order of the sets' cell lists.
        let kind = |k: HouseKind| match k {
            HouseKind::Row => 0,
            HouseKind::Column => 1,
            HouseKind::Box => 2,
            HouseKind::Diagonal | HouseKind::Region => 3,
        };
        let order = |i: usize| {
            let set = &path.sets[i];
            let cells: Vec<usize> = set.cells.iter().map(|c| c.index()).collect();
            (kind(set.house.kind()), set.house.index_in_kind(), cells)
        };
        assert!((1..count).all(|i| order(i - 1) < order(i)), "{line}");
        // No two overlapping sets linked; each set's links in list order.
        for (i, links) in path.links.iter().enumerate() {
            assert!(links.iter().all(|l| !path.sets[i].cells.intersects(path.sets[l.other].cells)));
            assert!(links.windows(2).all(|w| w[0].other < w[1].other));
        }
    }
}

#[test]
fn the_path_keeps_the_als_chains_hodoku_keeps_at_its_own_positions() {
    let positions = hodoku_recording("hodoku-2.2.4-als-chains.txt");
    assert_eq!(positions.len(), 261);
    let mut compared = 0;
    for (line, hodoku) in positions {
        let mut ours = Vec::new();
        let _ = super::find_on_path(Technique::AlsChain, &position(&line), &mut |step| {
            let mut removed = step.eliminations.clone();
            removed.sort_by_key(|c| (c.digit, c.cell));
            // One house names each set of the chain.
            ours.push(format!("{} {}", step.houses.len(), recorded_removals(&removed)));
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(ours, hodoku, "{line}");
        compared += hodoku.len();
    }
    assert!(compared > 300, "only {compared} chains recorded");
}

#[test]
fn an_als_xz_with_a_set_in_a_jigsaw_region_that_is_no_box() {
    use crate::engine::Layout;
    use crate::engine::logic::test_support::{jigsaw, keeping};
    // r1c4 {1,2} and r2c1 {1,3} are an ALS of region 1 (no house of the classic layout holds both);
    // r2c5 {2,3} sees r2c1 in row 2: 3 is restricted, so 2 leaves what sees r1c4 and r2c5.
    let cells = [("r1c4", "12"), ("r2c1", "13"), ("r2c5", "23")];
    let expected = cands("215 216 222 223 224 234");
    let steps = find_all(Technique::AlsXz, &keeping(&jigsaw(), &cells));
    assert!(steps.iter().any(|s| s.eliminations == expected), "{steps:?}");
    let classic = find_all(Technique::AlsXz, &keeping(&Layout::classic(), &cells));
    assert!(classic.iter().all(|s| s.eliminations != expected), "{classic:?}");
}

#[test]
fn an_als_on_a_diagonal_of_an_x() {
    use crate::engine::Layout;
    use crate::engine::logic::test_support::keeping;
    // r1c1 {1,2} and r9c9 {1,3} are an ALS of the main diagonal; r9c5 {2,3} sees r9c9 in row 9, so 3
    // is restricted and 2 leaves what sees r1c1 and r9c5: r1c5, r9c1 and r5c5 (on the main
    // diagonal with r1c1).
    let cells = [("r1c1", "12"), ("r9c9", "13"), ("r9c5", "23")];
    let expected = cands("215 255 291");
    let steps = find_all(Technique::AlsXz, &keeping(&Layout::x(), &cells));
    assert!(steps.iter().any(|s| s.eliminations == expected), "{steps:?}");
    let classic = find_all(Technique::AlsXz, &keeping(&Layout::classic(), &cells));
    assert!(classic.iter().all(|s| s.eliminations != expected), "{classic:?}");
}
