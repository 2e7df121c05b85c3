//! Positions from the Sudoku Exchange bank, taken where SE's path first needs each chaining rule.

use super::*;
use crate::engine::Candidates;
use crate::engine::explainer::step::Difficulty;
use crate::engine::logic::test_support::{cands, position};

/// Rated 6.6: an X-cycle and a forcing X-chain are both on offer.
const X_CYCLE: &str = ":0000::.54.6+371....749.+5....+1.+5+4..+673+9+1+452+82+98+5+3+61+4714+5.+7.+396..63.19.+4...4.7..+14..+69...5:227 338 292 892 293 898::";
/// The same puzzle two steps later.
const X_CHAIN: &str = ":0000::.54.6+371....749.+5....+1.+5+4..+673+9+1+452+82+98+5+3+61+4714+5.+7.+396..63.19.+4...4.7..+14..+69...5:322 822 227 831 832 338 239 871 881 887 292 892 293 898::";
/// Rated 6.6: a Turbot Fish (a forcing X-chain of six potentials).
const TURBOT: &str = ":0000::.........56.....3223.+64+5.79..+2.6.+7...7.5+21.9...+57+98+2...53...92.+4+298+365+1+77...+5.+3.4:413 114 914 716 916 417 119 341 442 448 349 171 194::";
/// The same puzzle after it: a Y-cycle.
const Y_CYCLE: &str = ":0000::.........56.....3223.+64+5.79..+2.6.+7...7.5+21.9...+57+98+2...53...92.+4+298+365+1+77...+5.+3.4:413 114 914 716 916 417 119 341 442 448 349 659 171 194::";
/// Later on that path: a forcing chain with both kinds of links.
const XY_CHAIN: &str = ":0000::......+6.+556.....3223.+64+5.79..+2.6.+7+5..7.5+21.9...+57+98+2...53...92.+4+298+365+1+77...+5.+3.4:811 112 413 114 914 716 916 341 142 442 349 659 661 171 893 194::";
/// Rated 7.1: a bidirectional cycle with both kinds of links.
const XY_CYCLE: &str = ":0000::2.......1+146+3+2+957+883+9+71+5+264..3.9.7.+66.24+738.5..+8.+5.....+2.587+6...+6.1.2.+8+7.8.+9...5+2:961 471 378 978 481 491::";
/// Rated 7.6: no unary chain; a Nishio chain.
const NISHIO: &str = ":0000::..6..9..21.+9.....4.2..5.98...179+6..+3+6..5.8..+9+9...316...98.6..4.2+6..+1..+974+1.9..3..:312 314 815 333 334 434 452 453 257 258 268 577 386 295 598::";
/// The same puzzle after the Nishio step: a region forcing chain, no Nishio.
const REGION: &str = ":0000::..6..9..21.+9.....4.2..5.98...179+6..+3+6..5.8..+9+9...316...98.6..4.2+6..+1..+974+1.9..3..:711 312 314 815 333 334 434 452 453 257 258 268 577 386 295 598::";
/// One step later: a cell forcing chain.
const CELL: &str = ":0000::..6..9..21.+9.....4.2..5.98...179+6..+3+6..5.8..+9+9...316...98.6..4.2+6..+1..+974+1.9..3..:711 312 314 815 718 333 334 434 452 453 257 258 268 577 386 295 598::";
/// Rated 8.9: no static chain; a dynamic region forcing chain.
const DYNAMIC: &str = ":0000::7...4...6...759..+29..8+61..3...524.+3..3....+42.4.......75.1...2.8.8.....1.2.9...3.4:212 213 313 843 147 753 154 863 865 167 384 385 386 795 796::";
/// From top1465: no dynamic chain; a dynamic (+) region forcing chain.
const DYNAMIC_PLUS: &str = ":0000::7.8...3.....2.1...5.........4.....263...8.......1...9+3.9.6....4....7.5...........:919 621 925 827 927 628 929 933 334 434 934 935 336 436 636 936 137 437 737 837 738 838 739 839 345 552 553 753 554 556 262 662 566 273 375 877 192 292 692 395 595 197 897::";

/// Rated 6.7: a forcing X-chain from an assumed off, so the candidate is placed.
const X_CHAIN_PLACING: &str = ":0000::.6+38+24.1.2.8.+1+53.6.1.+3.+6.2.8.2..+36.1+1..657+2...3.+1+8+2.9.3...6+9+1.2...2.1...4+21+5+3+89+67:722 439 442 942 448 458 459 463 581 781 982 583 783 488 888 889::";
/// Rated 7.8: a Nishio chain from an assumed off, so the candidate is placed.
const NISHIO_PLACING: &str = ":0000::..97.38..27+5.8..31..+3...+4+7.5.+1+32+7..4..68+592+1+7.+2+76+41+3...5+2.3.+74...4...5....8...1..:618 619 631 134 934 636 239 539 185 288 289 294 994 296 696::";
/// Rated 8.5: every place of a digit in a house makes the same digit true elsewhere.
const REGION_PLACING: &str = ":0000::.19...62+48..2.6+5.1...+14.....7.....5.6.+57.4..9..3.1.7...5.+4+6+2.8....8+57......931..+5:836 937 147 347 349 257 857 181 988 293::";
/// Rated 8.9: a dynamic cell forcing chain.
const DYNAMIC_CELL: &str = ":0000::.6..1......5.....33...9.87...6.+52..4.34.+7.25.5..4+3.7...97.6...26.....1......8..9.:211 213 282 482 283 384 386 294::";
/// Rated 8.9: a dynamic contradiction chain.
const DYNAMIC_CONTRADICTION: &str = ":0000::....+7.3..6...231...7.1.5..99.4..7+5..58.....64...5..9.17..3.2.9..+3279+6.+15.+96.+5....:211 811 112 814 818 828 431 831 237 437 838 345 849 368 873 496 497 897 298 498 898 899::";
/// Rated 8.9: a dynamic double chain (both states of one candidate imply the same).
const DYNAMIC_DOUBLE: &str = ":0000::+2.7...9..51.....37+3.8...2....2.4.1.+3.3.....7..5.9.3.2.9+8.1.4..2.2.8.5.1.1...2...8:815 518 419 626 926 534 735 935 741 744 846 656 861 796 797::";

/// Checks that `producer` finds `rule` at `difficulty` (tenths) removing exactly `eliminations`.
fn assert_step(producer: &dyn Producer, line: &str, rule: &str, difficulty: u16, eliminations: &str) {
    assert_placing_step(producer, line, rule, difficulty, eliminations, "");
}

/// Checks that `producer` finds `rule` at `difficulty` (tenths) with exactly these eliminations and
/// placements.
fn assert_placing_step(
    producer: &dyn Producer,
    line: &str,
    rule: &str,
    difficulty: u16,
    eliminations: &str,
    placements: &str,
) {
    let step = producer.find(&position(line)).expect("the producer finds a step");
    let mut removed = step.eliminations.clone();
    removed.sort();
    let found = (step.rule, step.difficulty, removed, step.placements.clone());
    assert_eq!(found, (rule, Difficulty(difficulty), cands(eliminations), cands(placements)));
}

#[test]
fn length_increment_follows_ses_ceilings() {
    // Complexity minus two is compared with 4, 6, 8, 12, 16, 24, 32, 48, 64.
    let table = [
        (6, 0),
        (7, 1),
        (8, 1),
        (9, 2),
        (10, 2),
        (11, 3),
        (14, 3),
        (15, 4),
        (18, 4),
        (19, 5),
        (26, 5),
        (27, 6),
        (34, 6),
        (35, 7),
        (50, 7),
        (51, 8),
        (66, 8),
        (67, 9),
    ];
    for (complexity, tenths) in table {
        let added = length_increment(complexity);
        assert_eq!((complexity, (added * 10.0).round() as u16), (complexity, tenths));
    }
    assert_eq!(length_increment(0), 0.0);
}

#[test]
fn unary_chains_find_ses_cycles_and_forcing_chains() {
    let p = ForcingChainsAndCycles;
    assert_step(&p, X_CYCLE, "Bidirectional X-Cycle", 66, "831 832 887");
    assert_step(&p, X_CHAIN, "Forcing X-Chain", 67, "222");
    assert_step(&p, TURBOT, "Turbot Fish", 66, "659");
    assert_step(&p, Y_CYCLE, "Bidirectional Y-Cycle", 66, "112 142 618 893");
    assert_step(&p, XY_CHAIN, "Forcing Chain", 71, "813");
    assert_step(&p, XY_CYCLE, "Bidirectional Cycle", 71, "367 967");
}

#[test]
fn chains_from_an_assumed_off_place_the_candidate() {
    assert_placing_step(&ForcingChainsAndCycles, X_CHAIN_PLACING, "Forcing X-Chain", 67, "924", "724");
    assert_placing_step(&NishioChains, NISHIO_PLACING, "Nishio Forcing Chains", 78, "627", "927");
    assert_placing_step(&MultipleChains, REGION_PLACING, "Region Forcing Chains", 85, "337", "837");
}

#[test]
fn dynamic_chains_find_contradictions_doubles_and_cell_chains() {
    assert_step(&DynamicChains, DYNAMIC_CELL, "Dynamic Cell Forcing Chains", 89, "883");
    assert_step(&DynamicChains, DYNAMIC_CONTRADICTION, "Dynamic Contradiction Forcing Chains", 89, "268");
    assert_step(&DynamicChains, DYNAMIC_DOUBLE, "Dynamic Double Forcing Chains", 89, "492");
}

#[test]
fn unary_chains_find_nothing_where_se_needs_nishio() {
    assert_eq!(ForcingChainsAndCycles.find(&position(NISHIO)), None);
}

#[test]
fn nishio_finds_a_contradiction_by_house_links() {
    assert_step(&NishioChains, NISHIO, "Nishio Forcing Chains", 76, "711");
    assert_eq!(NishioChains.find(&position(REGION)), None);
}

#[test]
fn multiple_chains_find_region_and_cell_forcing_chains() {
    assert_step(&MultipleChains, REGION, "Region Forcing Chains", 82, "718");
    assert_step(&MultipleChains, CELL, "Cell Forcing Chains", 83, "726");
    assert_eq!(MultipleChains.find(&position(DYNAMIC)), None);
}

#[test]
fn dynamic_chains_find_what_static_ones_miss() {
    assert_step(&DynamicChains, DYNAMIC, "Dynamic Region Forcing Chains", 89, "141");
    assert_eq!(DynamicChains.find(&position(DYNAMIC_PLUS)), None);
}

#[test]
fn dynamic_plus_chains_apply_basic_rules_inside() {
    assert_step(&DynamicPlusChains, DYNAMIC_PLUS, "Dynamic Region Forcing Chains (+)", 93, "756");
}

#[test]
fn no_producer_fires_where_every_empty_cell_is_a_single() {
    // A solved grid with three cells emptied: each has one candidate, no chain starts anywhere.
    let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut text: Vec<char> = solved.chars().collect();
    for i in [0, 40, 80] {
        text[i] = '.';
    }
    let grid = crate::engine::parse_grid(&text.iter().collect::<String>()).expect("valid grid");
    let position = Candidates::from_grid(&grid);
    for producer in chaining_producers() {
        assert_eq!(producer.find(&position), None);
    }
}
