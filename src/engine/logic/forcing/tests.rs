//! Forcing chains and nets at positions taken from real logical paths (top1465 puzzles where the
//! rest of the catalogue is stuck), each result checked exactly and against the solution.

use super::chain::{Chains, follow_links};
use super::implication::Implications;
use crate::engine::literal::Literal;
use crate::engine::logic::test_support::{
    assert_every_instance_sound, assert_sound_in_library, assert_step_sound, cands, first_on_path,
    hodoku_recording, position,
};
use crate::engine::logic::{Technique, find_all, find_first};
use crate::engine::{Candidates, Grid, solve};

use Technique::*;

/// top1465 #1 after 26 steps: the catalogue is stuck, a chain contradiction removes 9 from r1c6.
const CHAIN_CONTRADICTION: &str = ":1301::4...3.......6..8..........1....5..9..8....6...7.2........1+927..5+13...+94+29+2+7.+4.+1..:513 913 523 923 533 933 643 444 446 447 449 153 253 453 459 163 463 663 466 678 878 679 879 894 696 896 398 598 399 599:916::";

/// The same puzzle a few steps on: no chain applies any more, a net removes 1 from r2c6.
const NET_CONTRADICTION: &str = ":1303::4...3.......6..8..........1....5..9..8....6...7.2........1+927..5+13...+94+29+2+7.+4.+1..:513 913 516 916 523 923 533 933 643 444 446 447 449 153 253 453 354 754 459 163 463 663 466 678 878 679 879 894 696 896 398 598 399 599:126::";

/// top1465 #2 after a few steps: nothing but a net verity applies (every place of 5 in row 2
/// removes 9 from r2c7).
const NET_VERITY: &str = ":1304::7.8...3.....2.1...5.........4.....263...8.......1...9+3.9.6....4....7.5...........:919 621 925 827 628 929 334 434 934 935 336 436 636 936 137 737 837 738 838 739 839 345 552 553 753 554 556 262 662 566 273 375 877 192 292 692 395 595 897:927::";

/// The solution of a library position (its placed digits solve uniquely).
fn solution_of(grid: &Candidates) -> Grid {
    solve(&grid.to_grid()).expect("fixture positions are solvable")
}

/// Asserts the first instance of `technique` at `line` has exactly the line's result, and that every
/// instance keeps the solution.
fn assert_first_is_the_library_result(technique: Technique, line: &str) -> String {
    let grid = position(line);
    let fields: Vec<&str> = line.split(':').collect();
    let step = find_first(technique, &grid).unwrap_or_else(|| panic!("{technique} fires"));
    assert_eq!(step.eliminations, cands(fields[5]), "{}", step.explanation);
    assert_eq!(step.placements, cands(fields[6]), "{}", step.explanation);
    let solution = solution_of(&grid);
    for step in find_all(technique, &grid) {
        assert_step_sound(&step, &solution, line);
    }
    step.explanation
}

#[test]
fn a_chain_contradiction_removes_the_assumed_digit() {
    // The first chain passes through the group node r13c4 (the 9s of column 4 in box 2).
    let explanation = assert_first_is_the_library_result(ForcingChainContradiction, CHAIN_CONTRADICTION);
    assert_eq!(
        explanation,
        "Forcing Chain Contradiction: if r1c6 were 9, then r1c6=9 -> r13c4<>9 -> r5c4=9 -> r5c4<>4 -> \
         r5c6=4 -> r2c6<>4 and r1c6=9 -> r1c9<>9 -> r2c9=9 -> r2c9<>4, and 4 would have no place left \
         in row 2; so 9 is removed from r1c6"
    );
}

#[test]
fn a_net_contradiction_needs_singles_with_several_premises() {
    let grid = position(NET_CONTRADICTION);
    assert!(find_first(ForcingChainContradiction, &grid).is_none(), "no chain applies here");
    assert!(find_first(ForcingChainVerity, &grid).is_none(), "no chain applies here");
    let explanation = assert_first_is_the_library_result(ForcingNetContradiction, NET_CONTRADICTION);
    assert_eq!(
        explanation,
        "Forcing Net Contradiction: if r2c6 were 1, singles would give r1c3=1, r2c3=2, r2c9=4, r2c2=9, \
         r4c1=1, r2c8=5 and r4c7=2, and r1c7 would have no candidate left; so 1 is removed from r2c6"
    );
}

#[test]
fn a_net_verity_holds_whichever_branch_is_true() {
    let grid = position(NET_VERITY);
    for technique in [ForcingChainContradiction, ForcingChainVerity, ForcingNetContradiction] {
        assert!(find_first(technique, &grid).is_none(), "{technique} does not apply here");
    }
    let explanation = assert_first_is_the_library_result(ForcingNetVerity, NET_VERITY);
    assert_eq!(
        explanation,
        "Forcing Net Verity: every place of 5 in row 2 (r2c5, r2c8 or r2c9) leads to r2c7<>9: \
         r2c5=5 gives r4c5=9 and r2c1=9, then r2c7<>9; r2c8=5 gives r2c9=8 and r2c7=7, then \
         r2c7<>9; r2c9=5 gives r2c8=8 and r2c7=7, then r2c7<>9; so 9 is removed from r2c7"
    );
}

#[test]
fn a_chain_verity_is_a_contradiction_read_backwards() {
    // Single links work both ways, so what every branch of a cell forces, its negation contradicts:
    // chain verities come after chain contradictions and show up only in `find_all`.
    let grid = position(CHAIN_CONTRADICTION);
    let solution = solution_of(&grid);
    let verities = find_all(ForcingChainVerity, &grid);
    assert!(!verities.is_empty());
    let contradictions = find_all(ForcingChainContradiction, &grid);
    for step in &verities {
        assert_step_sound(step, &solution, CHAIN_CONTRADICTION);
        let same = |c: &&crate::engine::logic::Step| {
            c.eliminations == step.eliminations && c.placements == step.placements
        };
        assert!(contradictions.iter().any(|c| same(&c)), "{}", step.explanation);
    }
    assert_eq!(verities[0].eliminations, cands("916"));
    assert_eq!(
        verities[0].explanation,
        "Forcing Chain Verity: every place of 4 in row 2 (r2c6 or r2c9) leads to r1c6<>9: r2c6=4 -> \
         r3c4<>4 -> r5c4=4 -> r5c4<>9 -> r13c4=9 -> r1c6<>9; r2c9=4 -> r2c9<>9 -> r1c9=9 -> r1c6<>9; so \
         9 is removed from r1c6"
    );
}

#[test]
fn instances_are_reported_once_and_shortest_first() {
    for line in [CHAIN_CONTRADICTION, NET_CONTRADICTION, NET_VERITY] {
        let grid = position(line);
        for technique in
            [ForcingChainContradiction, ForcingChainVerity, ForcingNetContradiction, ForcingNetVerity]
        {
            let steps = find_all(technique, &grid);
            let mut results: Vec<_> =
                steps.iter().map(|s| (s.placements.clone(), s.eliminations.clone())).collect();
            let count = results.len();
            results.sort();
            results.dedup();
            assert_eq!(results.len(), count, "{technique}: a result reported twice");
        }
    }
}

#[test]
fn nothing_fires_on_an_empty_or_broken_grid() {
    let empty = Candidates::from_grid(&Grid::empty());
    let mut broken = position(CHAIN_CONTRADICTION);
    let cell = broken.unsolved().first().expect("an empty cell");
    for digit in broken.candidates(cell) {
        broken.eliminate(cell, digit);
    }
    for grid in [empty, broken] {
        for technique in
            [ForcingChainContradiction, ForcingChainVerity, ForcingNetContradiction, ForcingNetVerity]
        {
            assert!(find_all(technique, &grid).is_empty(), "{technique}");
        }
    }
}

#[test]
fn chains_in_rounds_reach_what_the_traced_search_reaches_at_the_same_distance() {
    for line in [CHAIN_CONTRADICTION, NET_CONTRADICTION, NET_VERITY] {
        let grid = position(line);
        let chains = Chains::new(&grid);
        for cell in grid.unsolved() {
            for digit in grid.candidates(cell) {
                for premise in [Literal::on(cell, digit), Literal::off(cell, digit)] {
                    let (mut rounds, mut traced) = (Implications::new(), Implications::new());
                    chains.follow_in_rounds(&grid, premise, &mut rounds);
                    follow_links(&grid, premise, &mut traced, None);
                    assert!(rounds == traced, "{premise} in {line}");
                }
            }
        }
    }
}

#[test]
fn steps_name_the_premise_the_clash_and_the_result_for_highlighting() {
    use crate::engine::{Cell, House};
    let step = find_first(ForcingChainContradiction, &position(CHAIN_CONTRADICTION)).expect("fires");
    assert_eq!(step.houses, [House::row(1)]);
    assert_eq!(step.cells, [Cell::at(0, 5)]);
    let step = find_first(ForcingNetContradiction, &position(NET_CONTRADICTION)).expect("fires");
    assert_eq!(step.cells, [Cell::at(1, 5), Cell::at(0, 6)]);
    assert_eq!(step.drivers, cands("126"));
    let step = find_first(ForcingNetVerity, &position(NET_VERITY)).expect("fires");
    assert_eq!(step.houses, [House::row(1)]);
    assert_eq!(step.drivers, cands("525 528 529"));
}

#[test]
fn literals_name_their_candidate() {
    let grid = position(CHAIN_CONTRADICTION);
    let cell = grid.unsolved().first().expect("an empty cell");
    let digit = grid.candidates(cell).first().expect("a candidate");
    assert_eq!(Literal::on(cell, digit).to_string(), format!("{cell}={digit}"));
}

const ALL_FOUR: [Technique; 4] =
    [ForcingChainContradiction, ForcingChainVerity, ForcingNetContradiction, ForcingNetVerity];

#[test]
fn every_instance_is_sound_along_hard_paths() {
    let seen = assert_every_instance_sound(&["tdoku/top1465.txt"], 3, &ALL_FOUR);
    assert!(seen.iter().all(|&n| n > 0), "every technique fires on these paths: {seen:?}");
}

#[test]
fn every_instance_is_sound_in_the_library_positions() {
    assert!(assert_sound_in_library(&ALL_FOUR) > 0);
}

#[test]
#[ignore = "checks every instance along 200 hard paths (minutes); run with --ignored in release"]
fn every_instance_is_sound_along_many_hard_paths() {
    let files = ["tdoku/top1465.txt", "se_solutions/diabolical_puzzle_and_solution.txt"];
    let seen = assert_every_instance_sound(&files, 100, &ALL_FOUR);
    println!("instances checked: {seen:?}");
}

#[test]
fn chains_pass_through_group_nodes() {
    use super::implication::Engine;
    use crate::engine::logic::subsets::fixtures::digit_only_in;
    use crate::engine::logic::test_support::cells_keeping;
    use crate::engine::{Cell, Digit};
    // In box 1 the 5s lie only in r1c1, r1c2 (a group: where box 1 meets row 1) and r3c3.
    let box_one = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"];
    let mut grid = cells_keeping(&[]);
    digit_only_in(&mut grid, 5, &box_one, &["r1c1", "r1c2", "r3c3"]);
    let chains = Chains::new(&grid);
    let five = Digit::new(5).expect("a digit");
    let cell = |name: &str| -> Cell { name.parse().expect("a cell") };
    // How far `target` lies from `premise`, and the chain the explanation shows.
    let follow = |premise: Literal, target: Literal| {
        let mut implications = Implications::new();
        chains.follow_in_rounds(&grid, premise, &mut implications);
        (implications.depth(target), chains.branch_proof(&grid, premise, target))
    };
    // r3c3 not 5: the group is the only place left in the box, so it holds the 5, and the rest of
    // row 1 loses it, two links on. Without the group no single link leads there.
    let (depth, proof) = follow(Literal::off(cell("r3c3"), five), Literal::off(cell("r1c5"), five));
    assert_eq!((depth, proof.as_str()), (Some(2), "r3c3<>5 -> r1c12=5 -> r1c5<>5"));
    // r1c5 is 5: it sees the whole group, which loses the 5, so r3c3 is 5.
    let (depth, proof) = follow(Literal::on(cell("r1c5"), five), Literal::on(cell("r3c3"), five));
    assert_eq!((depth, proof.as_str()), (Some(2), "r1c5=5 -> r1c12<>5 -> r3c3=5"));
}

/// HoDoKu's order of the results of one forcing search: a placement before any removal, then the
/// lowest cell, then the lowest digit.
fn hodoku_order(step: &crate::engine::logic::Step) -> (bool, usize, u8) {
    let (placed, result) = match (step.placements.first(), step.eliminations.first()) {
        (Some(&c), _) => (true, c),
        (None, Some(&c)) => (false, c),
        (None, None) => panic!("a forcing step concludes something: {}", step.explanation),
    };
    (!placed, result.cell.index(), result.digit.get())
}

#[test]
fn the_path_takes_hodokus_choice_among_contradictions_and_verities() {
    let mut compared = 0;
    for line in [CHAIN_CONTRADICTION, NET_CONTRADICTION, NET_VERITY] {
        let grid = position(line);
        for (contradiction, verity) in
            [(ForcingChainContradiction, ForcingChainVerity), (ForcingNetContradiction, ForcingNetVerity)]
        {
            let both: Vec<_> =
                find_all(contradiction, &grid).into_iter().chain(find_all(verity, &grid)).collect();
            let chosen = super::hodoku_choice(contradiction, &grid);
            let Some(best) = both.iter().map(hodoku_order).min() else {
                assert!(chosen.is_none(), "{contradiction} in {line}");
                continue;
            };
            let chosen = chosen.unwrap_or_else(|| panic!("{contradiction} in {line}"));
            assert_eq!(hodoku_order(&chosen), best, "{}", chosen.explanation);
            // Named after a proof that reaches this result.
            assert!(
                both.iter().any(|s| s.technique == chosen.technique && hodoku_order(s) == best),
                "{}",
                chosen.explanation
            );
            compared += 1;
        }
    }
    assert!(compared >= 3, "only {compared} positions had a forcing step");
    // Only a net verity applies here: the net search reports it.
    let step = super::hodoku_choice(ForcingNetContradiction, &position(NET_VERITY)).expect("fires");
    assert_eq!(step.technique, ForcingNetVerity);
    // The verities are searched with their contradictions, not on their own.
    assert!(super::hodoku_choice(ForcingNetVerity, &position(NET_VERITY)).is_none());
}

/// Our forcing chain results as HoDoKu finds them ([`super::Table::hodoku_chain_results`]), written
/// as the recording writes them: one per kind and result, at its first place, with its shortest
/// length.
fn our_hodoku_chain_results(grid: &Candidates) -> Vec<String> {
    let table = super::Table::build(super::Kind::Chains, &Chains::new(grid), grid);
    let mut found: Vec<(&str, Literal, u32)> = Vec::new();
    for conclusion in table.hodoku_chain_results(grid) {
        let kind = match conclusion.proof {
            super::Proof::Contradiction { .. } => "contradiction",
            super::Proof::Verity { .. } => "verity",
        };
        match found.iter_mut().find(|(k, result, _)| *k == kind && *result == conclusion.result) {
            Some(kept) => kept.2 = kept.2.min(conclusion.length),
            None => found.push((kind, conclusion.result, conclusion.length)),
        }
    }
    found.into_iter().map(|(kind, result, length)| format!("{kind} {result} {length}")).collect()
}

#[test]
fn forcing_chain_results_are_hodokus_at_its_own_positions() {
    let positions = hodoku_recording("hodoku-2.2.4-forcing-chains.txt");
    assert_eq!(positions.len(), 500);
    let mut results = 0;
    for (line, hodoku) in &positions {
        assert_eq!(&our_hodoku_chain_results(&position(line)), hodoku, "at {line}");
        results += hodoku.len();
    }
    assert!(results > 2_500, "only {results} results recorded");
}

#[test]
fn hodoku_places_by_contradiction_even_where_a_verity_is_shorter() {
    // A top1465 puzzle: HoDoKu's first forcing chain places 4 in r5c6 by contradiction (39
    // nodes), though a verity proves it in 25.
    let puzzle = "..2..583.7...2...........4...12.7.........9...8.1.34...9.8.....6...5...8.3.7....6";
    let (grid, step) = first_on_path(puzzle, &[ForcingChainContradiction, ForcingChainVerity]);
    assert_eq!(step.technique, ForcingChainContradiction, "{}", step.explanation);
    assert_eq!(step.placements, cands("456"), "{}", step.explanation);
    let results = our_hodoku_chain_results(&grid);
    assert!(results.contains(&"contradiction r5c6=4 39".to_string()), "{results:?}");
    assert!(results.contains(&"verity r5c6=4 25".to_string()), "{results:?}");
}

#[test]
fn hodoku_sees_no_missing_place_where_an_earlier_step_removed_the_digit() {
    // An exemplar: the ALS-Chain earlier on the path removed 8 from r5c1, where no placed 8 sees
    // it. HoDoKu compares the removed places of row 5 with its cells no placed 8 sees, so it never
    // sees r3c5=8 leave 8 no place in row 5 (r5c2, r5c5 and r5c7 all lose it), and removes the 8
    // by the verity of row 5's places instead.
    let puzzle = "..67...91..9....623............3...4..72...1.4....1....31..8.75...9......65....3.";
    let (grid, step) = first_on_path(puzzle, &[ForcingChainVerity]);
    assert_eq!(step.eliminations, cands("835"), "{}", step.explanation);
    assert!(step.explanation.contains("every place of 8 in row 5"), "{}", step.explanation);
    let ours = find_all(ForcingChainContradiction, &grid);
    assert!(
        ours.iter()
            .any(|s| s.eliminations == cands("835") && s.explanation.contains("no place left in row 5")),
        "our own search proves it by contradiction"
    );
    let results = our_hodoku_chain_results(&grid);
    assert!(!results.iter().any(|r| r.starts_with("contradiction r3c5<>8")), "{results:?}");
}
