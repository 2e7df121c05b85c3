//! Every text form carries Sudoku X, jigsaw, Killer X and jigsaw killer puzzles there and back:
//! our line, Solo's game id, JSON, f-puzzles and SudokuPad links. Random jigsaw layouts (the boxes
//! with random cells traded between neighbouring regions, kept connected, numbered in reading
//! order as Solo's ids number them), random givens and row-domino cages go round every form
//! unchanged, and each reader's errors name the region and the cell.

mod variant_support;

use proptest::prelude::*;
use termdoku::engine::killer::Cages;
use termdoku::engine::text::{
    fpuzzles_link_of, parse_puzzle, parse_solo_id, puzzle_json_of, solo_id_of, sudokupad_link_of,
};
use termdoku::engine::{Cell, Grid, Layout, PuzzleSetup, Variant, layout_from_labels};
use variant_support::{TRADED, WINDING, dominoes, jigsaw, puzzle};

/// A full grid, for the cages' sums.
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The side neighbours of cell index `i`.
fn neighbours(i: usize) -> Vec<usize> {
    let (r, c) = (i / 9, i % 9);
    let mut out = Vec::new();
    if r > 0 {
        out.push(i - 9);
    }
    if r < 8 {
        out.push(i + 9);
    }
    if c > 0 {
        out.push(i - 1);
    }
    if c < 8 {
        out.push(i + 1);
    }
    out
}

/// The boxes with cells traded between neighbouring regions at the picked places, each trade kept
/// when both regions stay connected; numbered by first appearance in reading order.
fn traded_layout(trades: &[(usize, usize, usize)]) -> Layout {
    let mut regions: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
    for &(a, pick_b, pick_d) in trades {
        let near = neighbours(a);
        let b = near[pick_b % near.len()];
        let (ra, rb) = (regions[a], regions[b]);
        if ra == rb {
            continue;
        }
        let candidates: Vec<usize> = (0..81)
            .filter(|&d| regions[d] == rb && d != b && neighbours(d).iter().any(|&e| regions[e] == ra))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let d = candidates[pick_d % candidates.len()];
        let mut next = regions;
        next[a] = rb;
        next[d] = ra;
        if Layout::jigsaw(&next).is_ok() {
            regions = next;
        }
    }
    layout_from_labels(&regions).expect("connected regions")
}

/// Every form's text of `setup`.
fn forms(setup: &PuzzleSetup) -> Vec<String> {
    let (givens, layout, cages) = (&setup.givens, &*setup.layout, setup.cages.as_ref());
    vec![
        setup.to_line(),
        solo_id_of(givens, layout, cages, None),
        puzzle_json_of(givens, layout, cages, None),
        fpuzzles_link_of(givens, layout, cages),
        sudokupad_link_of(givens, layout, cages),
    ]
}

fn setups() -> impl Strategy<Value = PuzzleSetup> {
    let trades = prop::collection::vec((0usize..81, 0usize..4, 0usize..81), 0..40);
    let givens = prop::collection::vec(prop::option::weighted(0.3, 1u8..=9), 81);
    (0usize..3, trades, givens, any::<bool>()).prop_map(|(kind, trades, digits, killer)| {
        let layout = match kind {
            0 => Layout::x(),
            1 => traded_layout(&trades),
            _ => Layout::classic(),
        };
        let mut givens = Grid::empty();
        for (cell, digit) in Cell::ALL.into_iter().zip(digits) {
            givens.set(cell, digit.and_then(termdoku::engine::Digit::new));
        }
        // Cages need sums a domino can have: take them from a full grid.
        let cages: Option<Cages> = killer.then(|| dominoes(&SOLUTION.parse().expect("a full grid")));
        PuzzleSetup::new(givens, layout, cages)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_form_goes_round(setup in setups()) {
        for text in forms(&setup) {
            let read = parse_puzzle(&text);
            prop_assert_eq!(read.as_ref(), Ok(&setup), "{}", text);
        }
    }
}

#[test]
fn valid_puzzles_of_every_variant_go_round_every_form() {
    for (layout, name) in
        [(Layout::x(), "x"), (jigsaw(TRADED), "jigsaw"), (jigsaw(WINDING), "winding jigsaw")]
    {
        for killer in [false, true] {
            let made = puzzle(&layout, killer, 40);
            let setup = PuzzleSetup::of_puzzle(&made);
            assert_eq!(setup.variant(), Variant::of(&layout, made.cages()), "{name}");
            for text in forms(&setup) {
                let read = parse_puzzle(&text).unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
                assert_eq!(read.into_puzzle().as_ref(), Ok(&made), "{name}: {text}");
            }
        }
    }
}

#[test]
fn a_solo_jigsaw_id_numbers_its_regions_in_reading_order() {
    let made = puzzle(&jigsaw(WINDING), false, 3);
    let id = solo_id_of(made.givens(), made.layout(), None, None);
    assert!(id.starts_with("9j:"), "{id}");
    let read = parse_solo_id(&id).expect("valid");
    assert_eq!(read.layout.region_numbers(), jigsaw(WINDING).region_numbers());
}

#[test]
fn region_errors_name_the_region_and_the_cell_in_every_form() {
    let made = puzzle(&jigsaw(TRADED), false, 5);
    let mut broken = TRADED.as_bytes().to_vec();
    broken.swap(0, 80);
    let broken = String::from_utf8(broken).expect("ascii");
    let line = format!("{} {broken}", made.givens().to_line());
    let expected = "region 1 is not connected: r9c9 does not touch the rest of it";
    assert_eq!(parse_puzzle(&line).expect_err("broken").to_string(), format!("regions: {expected}"));
    let json = format!(r#"{{"givens":"{}","regions":"{broken}"}}"#, made.givens().to_line());
    assert_eq!(parse_puzzle(&json).expect_err("broken").to_string(), format!("JSON: regions: {expected}"));
}
