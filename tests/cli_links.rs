//! f-puzzles and SudokuPad links are read wherever a puzzle is read: `solve`, `rate` and `hint`
//! take them as arguments and as lines of standard input, `export --puzzle` turns them into our
//! forms and ours into links (`--format fpuzzles|sudokupad`), and a link termdoku cannot play is
//! refused with the constraint's name and its place.

mod cli_support;

use std::process::Output;

const FIXTURES: &str = include_str!("data/links/links.txt");
const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn fixture(name: &str) -> &'static str {
    FIXTURES.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')).expect("a fixture")
}

fn termdoku(args: &[&str], stdin: &str) -> Output {
    let data_dir = std::env::temp_dir().join("termdoku-cli-links-unused");
    cli_support::feed(cli_support::command().args(args).env("TERMDOKU_DATA_DIR", data_dir), stdin)
}

fn out(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn err(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn solve_takes_a_link_as_an_argument_and_as_a_line() {
    let link = fixture("fpuzzles_classic");
    let by_argument = termdoku(&["solve", link], "");
    assert!(by_argument.status.success(), "{}", err(&by_argument));
    assert_eq!(out(&by_argument).trim(), SOLUTION);
    let by_line = termdoku(&["solve"], &format!("{link}\n{}\n", fixture("sudokupad_ctc_classic")));
    assert!(by_line.status.success(), "{}", err(&by_line));
    assert_eq!(out(&by_line), format!("{SOLUTION}\n{SOLUTION}\n"));
}

#[test]
fn a_killer_link_is_rated_and_exported_as_our_line() {
    let link = fixture("sudokupad_scl_killer");
    let rated = termdoku(&["rate", "--format", "json", link], "");
    assert!(rated.status.success(), "{}", err(&rated));
    assert!(out(&rated).contains("\"puzzle\":\"................................................................................. aab"), "{}", out(&rated));
    let exported = termdoku(&["export", "--puzzle", fixture("fpuzzles_killer")], "");
    assert!(exported.status.success(), "{}", err(&exported));
    let line = out(&exported);
    assert!(line.starts_with(&".".repeat(81)) && line.contains(" aabcdeefgh"), "{line}");
    let classic = termdoku(&["export", "--puzzle", fixture("sudokupad_puzzleid_classic")], "");
    assert_eq!(out(&classic).trim(), EASY);
}

#[test]
fn a_link_termdoku_cannot_play_is_named_with_its_place() {
    let stdin = format!("{EASY}\n{}\n", fixture("fpuzzles_thermo_x"));
    let solved = termdoku(&["solve"], &stdin);
    assert!(!solved.status.success());
    assert!(out(&solved).starts_with(SOLUTION), "the good line is still solved: {}", out(&solved));
    let message = err(&solved);
    assert!(message.contains("line 2"), "{message}");
    assert!(
        message.contains(
            "termdoku does not play thermometers, a single diagonal (diagonal+; Sudoku X has both)"
        ),
        "{message}"
    );
    let short = termdoku(&["rate", "https://sudokupad.app/psxczr0jpr"], "");
    assert!(!short.status.success());
    assert!(err(&short).contains("SudokuPad: a short link"), "{}", err(&short));
}

#[test]
fn export_writes_links_that_read_back() {
    let killer = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";
    for (format, start) in
        [("fpuzzles", "https://f-puzzles.com/?load="), ("sudokupad", "https://sudokupad.app/fpuzzles")]
    {
        for puzzle in [EASY, killer] {
            let link = termdoku(&["export", "--puzzle", puzzle, "--format", format], "");
            assert!(link.status.success(), "{}", err(&link));
            let link = out(&link);
            assert!(link.starts_with(start), "{link}");
            let back = termdoku(&["export", "--puzzle", link.trim()], "");
            assert_eq!(out(&back).trim(), puzzle, "{format}: {}", err(&back));
        }
    }
}
