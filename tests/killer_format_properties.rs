//! Property tests for the puzzle readers: no text makes them panic (our killer line, Solo's game
//! id, JSON, and the input detection that picks one), and random valid killer layouts go round
//! line -> Solo id -> JSON -> line unchanged. Layouts come from the 336 shared Solo killers with
//! touching cages merged, some cages dropped (cells outside every cage) and some solution digits
//! given.

use std::sync::LazyLock;

mod killer_support;

use killer_support::shared_lines;
use proptest::prelude::*;
use termdoku::engine::killer::{Cage, Cages};
use termdoku::engine::text::{
    SoloLevel, killer_line, parse_killer_line, parse_puzzle, parse_puzzle_json, parse_solo_id, puzzle_json,
    solo_id,
};
use termdoku::engine::{Cell, Grid, PuzzleSetup};

/// The shared killers: givens, cages and solution.
static SHARED: LazyLock<Vec<(Grid, Cages, Grid)>> = LazyLock::new(|| {
    shared_lines()
        .iter()
        .map(|fields| {
            let (givens, cages) = parse_killer_line(&fields[0]).unwrap_or_else(|e| panic!("{fields:?}: {e}"));
            let solution = fields.get(1).and_then(|s| s.parse().ok()).expect("a solution");
            (givens, cages, solution)
        })
        .collect()
});

fn touching(a: &Cage, b: &Cage) -> bool {
    a.cells()
        .iter()
        .any(|x| b.cells().iter().any(|y| x.row().abs_diff(y.row()) + x.col().abs_diff(y.col()) == 1))
}

/// A layout made from shared puzzle `index`: `merges` picks (cage, neighbour) pairs to merge when
/// the result is still a layout, `drops` cages to remove, `given` the cells whose solution digit is
/// given.
fn layout(index: usize, merges: &[(usize, usize)], drops: &[usize], given: &[usize]) -> (Grid, Cages) {
    let (_, cages, solution) = &SHARED[index % SHARED.len()];
    let mut list: Vec<Cage> = cages.as_slice().to_vec();
    for &(a, b) in merges {
        let a = a % list.len();
        let neighbours: Vec<usize> =
            (0..list.len()).filter(|&j| j != a && touching(&list[a], &list[j])).collect();
        let Some(&b) = neighbours.get(b % neighbours.len().max(1)) else { continue };
        let merged = Cage::new(list[a].cells() | list[b].cells(), list[a].sum() + list[b].sum());
        let mut candidate: Vec<Cage> =
            list.iter().enumerate().filter(|&(i, _)| i != a && i != b).map(|(_, c)| *c).collect();
        candidate.push(merged);
        if Cages::new(candidate.clone()).is_ok() {
            list = candidate;
        }
    }
    for &drop in drops {
        if list.len() > 1 {
            list.remove(drop % list.len());
        }
    }
    let mut givens = Grid::empty();
    for &cell in given {
        let cell = Cell::from_index(cell % 81);
        givens.set(cell, solution.get(cell));
    }
    (givens, Cages::new(list).expect("merges and drops keep a layout"))
}

fn level() -> impl Strategy<Value = Option<SoloLevel>> {
    prop::option::of(prop::sample::select(SoloLevel::ALL.to_vec()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn layouts_go_round_every_form(
        index in 0usize..336,
        merges in prop::collection::vec((0usize..80, 0usize..8), 0..12),
        drops in prop::collection::vec(0usize..80, 0..4),
        given in prop::collection::vec(0usize..81, 0..10),
        level in level(),
    ) {
        let (givens, cages) = layout(index, &merges, &drops, &given);
        let expected = PuzzleSetup::killer(givens, cages.clone());
        let line = killer_line(&givens, &cages);
        prop_assert_eq!(parse_killer_line(&line), Ok((givens, cages.clone())));
        let id = solo_id(&givens, Some(&cages), level);
        let read = parse_solo_id(&id).expect("our own id reads back");
        prop_assert_eq!((&read.givens, read.cages.as_ref()), (&givens, Some(&cages)));
        prop_assert_eq!(read.level, level.filter(|&l| l != SoloLevel::Trivial));
        prop_assert_eq!(solo_id(&read.givens, read.cages.as_ref(), read.level), id.clone());
        let json = puzzle_json(&givens, Some(&cages), None);
        prop_assert_eq!(parse_puzzle_json(&json), Ok(expected.clone()));
        // The detection reads each form as the same puzzle, and a form written from another's
        // reading is the same text.
        for text in [&line, &id, &json] {
            let read = parse_puzzle(text).expect("detected and read");
            prop_assert_eq!(&read, &expected);
            prop_assert_eq!(read.to_line(), line.clone());
        }
    }

    #[test]
    fn no_text_makes_a_reader_panic(text in ".{0,300}") {
        let _ = parse_killer_line(&text);
        let _ = parse_solo_id(&text);
        let _ = parse_puzzle_json(&text);
        let _ = parse_puzzle(&text);
    }

    #[test]
    fn no_near_solo_id_makes_a_reader_panic(
        params in "3x3[kdxjtbiaeur0-9]{0,4}",
        body in "[a-z_0-9,:#]{0,400}",
    ) {
        let text = format!("{params}:{body}");
        let _ = parse_solo_id(&text);
        let _ = parse_puzzle(&text);
    }

    #[test]
    fn no_near_killer_line_makes_a_reader_panic(
        givens in "[.0-9]{79,83}",
        symbols in "[a-zA-Z0-9.#]{79,83}",
        sums in "[0-9,]{0,120}",
        tail in "(\t.{0,20})?",
    ) {
        let text = format!("{givens} {symbols} {sums}{tail}");
        let _ = parse_killer_line(&text);
        let _ = parse_puzzle(&text);
    }

    #[test]
    fn no_near_json_makes_a_reader_panic(
        sum in 0u32..100,
        cells in prop::collection::vec("r[0-9]{1,2}c[0-9]{1,2}", 0..12),
        givens in "[.1-9]{80,82}",
        variant in "(classic|killer|other)",
    ) {
        let cells: Vec<String> = cells.iter().map(|c| format!("{c:?}")).collect();
        let text = format!(
            r#"{{"variant":"{variant}","givens":"{givens}","cages":[{{"sum":{sum},"cells":[{}]}}]}}"#,
            cells.join(",")
        );
        let _ = parse_puzzle_json(&text);
        let _ = parse_puzzle(&text);
    }
}

/// The layouts the properties walk do merge cages, leave cells uncaged and give digits.
#[test]
fn layouts_merge_drop_and_give() {
    let (_, shared, _) = &SHARED[0];
    let (givens, cages) = layout(0, &[(0, 0), (5, 1), (9, 0)], &[3], &[0, 40]);
    assert_eq!(cages.len(), shared.len() - 4, "three merges and a drop");
    assert!(!cages.covers_grid());
    assert!(cages.as_slice().iter().any(|c| c.size() >= 3));
    assert_eq!(givens.filled_count(), 2);
}
