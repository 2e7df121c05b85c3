use super::*;
use crate::engine::fixtures::SOLO_FIRST_KILLER as KILLER;
use crate::engine::text::{parse_grid, parse_killer_line, parse_puzzle};

const FIXTURES: &str = include_str!("../../../../tests/data/links/links.txt");
const CLASSIC: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

/// The fixture link called `name`.
fn fixture(name: &str) -> &'static str {
    FIXTURES
        .lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no fixture {name}"))
}

fn classic() -> PuzzleSetup {
    PuzzleSetup::classic(parse_grid(CLASSIC).expect("valid"))
}

fn killer() -> PuzzleSetup {
    let (givens, cages) = parse_killer_line(KILLER).expect("valid");
    PuzzleSetup::killer(givens, cages)
}

#[test]
fn links_made_by_another_encoder_give_their_puzzle() {
    for name in ["fpuzzles_classic", "sudokupad_ctc_classic", "sudokupad_puzzleid_classic"] {
        assert_eq!(parse_puzzle_link(fixture(name)), Ok(classic()), "{name}");
    }
    for name in [
        "fpuzzles_killer",
        "sudokupad_fpuzzles_killer",
        "sudokupad_fpuzzles_killer_percent",
        "sudokupad_scl_killer",
    ] {
        assert_eq!(parse_puzzle_link(fixture(name)), Ok(killer()), "{name}");
    }
}

#[test]
fn every_reader_takes_a_link() {
    assert!(is_puzzle_link(fixture("fpuzzles_killer")));
    assert!(is_puzzle_link("sudokupad.app/scl..."));
    assert!(!is_puzzle_link(CLASSIC));
    assert!(!is_puzzle_link(KILLER));
    assert_eq!(parse_puzzle(fixture("sudokupad_scl_killer")), Ok(killer()));
    assert_eq!(parse_puzzle(&format!("  {}  ", fixture("fpuzzles_classic"))), Ok(classic()));
}

#[test]
fn the_links_termdoku_writes_read_back() {
    for setup in [classic(), killer()] {
        for link in [
            fpuzzles_link(&setup.givens, setup.cages.as_ref()),
            sudokupad_link(&setup.givens, setup.cages.as_ref()),
        ] {
            assert_eq!(parse_puzzle_link(&link), Ok(setup.clone()), "{link}");
        }
    }
    let link = fpuzzles_link(&killer().givens, killer().cages.as_ref());
    assert!(link.starts_with("https://f-puzzles.com/?load=N4Ig"), "{link}");
    let json =
        fpuzzles::write(&killer().givens, crate::engine::Layout::classic_ref(), killer().cages.as_ref());
    assert!(json.contains(r#"{"cells":["R1C1","R1C2"],"value":"9"}"#), "{json}");
}

#[test]
fn constraints_termdoku_does_not_play_are_named() {
    let error = |name: &str| parse_puzzle_link(fixture(name)).expect_err(name).to_string();
    assert_eq!(
        error("fpuzzles_thermo_x"),
        "f-puzzles link: termdoku does not play thermometers, a single diagonal (diagonal+; Sudoku X has \
         both) (it plays classic, Killer, X and jigsaw Sudoku)"
    );
    assert!(error("fpuzzles_6x6").contains("does not play a 6x6 grid"), "{}", error("fpuzzles_6x6"));
    // r1c4 given to the first region and r1c3 to the second: the first falls apart.
    assert_eq!(
        error("fpuzzles_jigsaw"),
        "f-puzzles link: its regions: region 1 is not connected: r1c4 does not touch the rest of it"
    );
    assert!(error("fpuzzles_cage_without_sum").contains("does not play a killer cage without a sum"));
    assert!(
        error("sudokupad_scl_lines")
            .starts_with("SudokuPad link: termdoku does not play lines (thermometers")
    );
}

#[test]
fn short_links_and_other_sites_say_what_to_do() {
    let error = |link: &str| parse_puzzle_link(link).expect_err(link).to_string();
    assert!(
        error("https://sudokupad.app/psxczr0jpr")
            .starts_with("SudokuPad: a short link, whose puzzle is on a server")
    );
    assert!(error("https://tinyurl.com/2p8w7x3k").starts_with("tinyurl.com: a short link"));
    assert!(error("https://tinyurl.com/2p8w7x3k").contains("paste the long address it leads to"));
    assert_eq!(
        error("https://example.com/puzzle"),
        "a link to example.com: termdoku reads f-puzzles and SudokuPad links"
    );
    assert_eq!(error("https://f-puzzles.com/"), "f-puzzles link: no puzzle in it (expected ?load=...)");
    assert_eq!(error("https://sudokupad.app/"), "SudokuPad link: no puzzle in it");
}

#[test]
fn a_link_cut_short_or_broken_is_named_and_never_panics() {
    let whole = fixture("fpuzzles_killer");
    for end in [whole.len() - 1, whole.len() / 2, whole.find("load=").expect("a load") + 9] {
        let result = parse_puzzle_link(&whole[..end]);
        assert!(matches!(result, Err(LinkError::Puzzle { site: Site::FPuzzles, .. })), "{end}: {result:?}");
    }
    let garbage = [
        "https://f-puzzles.com/?load=%%%",
        "https://sudokupad.app/scl{ce:[[",
        "https://sudokupad.app/fpuzzles{\"size\":9}",
    ];
    for link in garbage {
        assert!(parse_puzzle_link(link).is_err(), "{link}");
    }
    // A killer cage that breaks the killer rules is named as the other readers name it.
    let overlap = r#"https://f-puzzles.com/?load={"size":9,"grid":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"2"}]}"#;
    let error = parse_puzzle_link(overlap).expect_err("2 in two cells").to_string();
    assert!(error.starts_with("f-puzzles link: cage") && error.contains("2 cells add up to 3-17"), "{error}");
}

#[test]
fn sudokupads_json_may_come_plain() {
    let cells = vec![vec![serde_json::json!({}); 9]; 9];
    let mut plain = serde_json::json!({"cells": cells, "cages": [], "regions": []});
    plain["cells"][0][0] = serde_json::json!({"value": 5});
    plain["cages"] =
        serde_json::json!([{"cells": [[0, 1], [0, 2]], "value": "3"}, {"value": "title: Plain"}]);
    let link = format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(plain.to_string().as_str()));
    let setup = parse_puzzle_link(&link).expect("a killer of one cage");
    assert_eq!(setup.givens.get(crate::engine::Cell::at(0, 0)).map(|d| d.get()), Some(5));
    assert_eq!(setup.cages.map(|c| c.len()), Some(1));
}

/// A jigsaw layout: the boxes, but r1c4 in the first region and r3c3 in the second.
fn traded() -> Layout {
    let mut regions: [u8; 81] = std::array::from_fn(|i| crate::engine::Cell::from_index(i).box_index() as u8);
    regions[3] = 0;
    regions[20] = 1;
    Layout::jigsaw(&regions).expect("connected regions")
}

#[test]
fn x_and_jigsaw_links_go_round() {
    let (givens, cages) = (classic().givens, killer().cages);
    for layout in [Layout::x(), traded()] {
        for cages in [None, cages.clone()] {
            let setup = PuzzleSetup::new(givens, layout.clone(), cages);
            for link in [
                fpuzzles_link_of(&setup.givens, &setup.layout, setup.cages.as_ref()),
                sudokupad_link_of(&setup.givens, &setup.layout, setup.cages.as_ref()),
            ] {
                assert_eq!(parse_puzzle_link(&link), Ok(setup.clone()), "{link}");
            }
        }
    }
    let json = fpuzzles::write(&givens, &traded(), None);
    assert!(!json.contains(r#""diagonal"#) && json.matches(r#""region""#).count() == 2, "{json}");
    assert!(json.contains(r#"{"region":0}"#) && json.contains(r#""region":1,"value":8"#), "{json}");
    let json = fpuzzles::write(&givens, &Layout::x(), None);
    assert!(json.contains(r#""diagonal+":true"#) && json.contains(r#""diagonal-":true"#), "{json}");
}

#[test]
fn sites_json_written_by_hand_gives_x_and_jigsaw() {
    // f-puzzles: both diagonals; a cell's region (0-8) where it is not its box's.
    let mut grid: Vec<Vec<serde_json::Value>> = vec![vec![serde_json::json!({}); 9]; 9];
    grid[0][0] = serde_json::json!({"value": 5, "given": true});
    let x = serde_json::json!({"size": 9, "grid": grid, "diagonal+": true, "diagonal-": true});
    let read = parse_puzzle_link(&format!("https://f-puzzles.com/?load={x}")).expect("an X");
    assert_eq!(read.variant(), crate::engine::Variant::X);
    grid[0][3] = serde_json::json!({"region": 0});
    grid[2][2] = serde_json::json!({"region": 1});
    let jigsaw = serde_json::json!({"size": 9, "grid": grid});
    let read = parse_puzzle_link(&format!("https://f-puzzles.com/?load={jigsaw}")).expect("a jigsaw");
    assert_eq!(*read.layout, traded());
    let both = serde_json::json!({"size": 9, "grid": grid, "diagonal+": true, "diagonal-": true});
    let error = parse_puzzle_link(&format!("https://f-puzzles.com/?load={both}")).expect_err("jigsaw X");
    assert!(error.to_string().contains("irregular regions with the diagonals (jigsaw X)"), "{error}");
    // SudokuPad: the regions as lists of [row, column] cells, 0-based.
    let layout = traded();
    let regions: Vec<Vec<[usize; 2]>> = layout
        .regions()
        .iter()
        .map(|&region| layout.cells(region).iter().map(|c| [c.row(), c.col()]).collect())
        .collect();
    let cells = vec![vec![serde_json::json!({}); 9]; 9];
    let scl = serde_json::json!({"cells": cells, "regions": regions});
    let read = parse_puzzle_link(&format!("https://sudokupad.app/scl{scl}")).expect("a jigsaw");
    assert_eq!(*read.layout, traded());
    let mut overlap = regions.clone();
    overlap[1].push([0, 0]);
    let scl = serde_json::json!({"cells": cells, "regions": overlap});
    let error = parse_puzzle_link(&format!("https://sudokupad.app/scl{scl}")).expect_err("overlap");
    assert_eq!(error.to_string(), "SudokuPad link: its regions: r1c1 lies in region 1 and in region 2");
}
