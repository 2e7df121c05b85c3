//! `termdoku rate` as a user runs it: formats, errors in place, exit status.

mod cli_support;

use std::process::Output;

const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const HARD: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn rate(args: &[&str], stdin: &str) -> Output {
    cli_support::feed(cli_support::command().arg("rate").args(args), stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8 output")
}

#[test]
fn prints_one_tab_separated_line_per_puzzle_in_order() {
    let output = rate(&[EASY, HARD], "");
    assert!(output.stderr.is_empty());
    assert!(output.status.success());
    let stdout = text(&output.stdout);
    let lines: Vec<Vec<&str>> = stdout.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0][0], EASY);
    assert_eq!(lines[0][1], "easy");
    assert_eq!(lines[1][0], HARD);
    for fields in &lines {
        assert_eq!(fields.len(), 5);
        assert!(fields[2].parse::<u32>().is_ok() && fields[4].parse::<usize>().is_ok());
    }
}

#[test]
fn bad_puzzles_get_an_error_and_a_dash_in_place() {
    let input = format!("{EASY}\n{}\n\n{HARD}\n", ".".repeat(81));
    let output = rate(&["--threads", "2"], &input);
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    // The blank line passes through, so output lines stay aligned with input lines.
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[1], "-");
    assert_eq!(lines[2], "");
    assert!(lines[0].starts_with(EASY) && lines[3].starts_with(HARD));
    assert_eq!(text(&output.stderr).trim(), "error: line 2: more than one solution");
}

#[test]
fn json_lines_carry_the_same_fields() {
    let output = rate(&["--format", "json", "-"], &format!("{EASY}\n"));
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).expect("JSON");
    assert_eq!(value["puzzle"], EASY);
    assert_eq!(value["level"], "easy");
    let rating = termdoku::engine::rate(&EASY.parse().expect("proper puzzle"));
    assert_eq!(value["hardest"], rating.hardest.id());
    assert_eq!(value["score"], rating.score);
    assert_eq!(value["steps"], rating.steps);
}

#[test]
fn a_file_argument_is_read_line_by_line() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("puzzles.txt");
    std::fs::write(&path, format!("{EASY}\n{HARD}\n")).expect("write puzzles");
    let output = rate(&[path.to_str().expect("utf-8 path")], "");
    assert!(output.status.success());
    let stdout = text(&output.stdout);
    let firsts: Vec<&str> = stdout.lines().map(|l| l.split('\t').next().unwrap_or_default()).collect();
    assert_eq!(firsts, [EASY, HARD]);
}

#[test]
fn bad_arguments_are_named_by_position() {
    let output = rate(&[EASY, "12345"], "");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout).lines().nth(1), Some("-"));
    assert!(text(&output.stderr).starts_with("error: argument 2: "), "{}", text(&output.stderr));
}

#[test]
fn se_adds_the_sudoku_explainer_estimate_as_a_sixth_column() {
    let plain = rate(&[EASY, HARD], "");
    let with_se = rate(&["--se", EASY, HARD], "");
    assert!(with_se.status.success());
    let plain = text(&plain.stdout);
    let with_se = text(&with_se.stdout);
    for (without, with) in plain.lines().zip(with_se.lines()) {
        let (head, se) = with.rsplit_once('\t').expect("a sixth column");
        assert_eq!(head, without, "the first five columns are unchanged");
        let value: f64 = se.parse().expect("a number such as 7.3");
        assert!((1.0..=9.4).contains(&value), "{se}");
        assert_eq!(se.split_once('.').map(|(_, tenths)| tenths.len()), Some(1), "{se}");
    }
    // The easy puzzle needs singles only: SE rates it below 2.5.
    let easy_se: f64 =
        with_se.lines().next().and_then(|l| l.rsplit('\t').next()).and_then(|s| s.parse().ok()).expect("se");
    assert!(easy_se < 2.5, "{easy_se}");
}

#[test]
fn se_in_json_is_a_number_field() {
    let output = rate(&["--se", "--format", "json", "-"], &format!("{EASY}\n"));
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).expect("JSON");
    let puzzle = EASY.parse().expect("proper puzzle");
    let expected = termdoku::engine::explainer_rating(&puzzle).difficulty.value();
    assert_eq!(value["se"].as_f64(), Some(expected));
    // Without --se there is no such field.
    let output = rate(&["--format", "json", "-"], &format!("{EASY}\n"));
    let value: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).expect("JSON");
    assert!(value.get("se").is_none());
}

/// One of the hardest known puzzles (forum_hardest_1106): SE needs nested forcing chains for it.
const NESTED: &str = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn se_beyond_the_implemented_chains_is_a_lower_bound() {
    let output = rate(&["--se", NESTED], "");
    assert!(output.status.success());
    assert_eq!(text(&output.stdout).trim_end().rsplit('\t').next(), Some("9.5+"));
    let output = rate(&["--se", "--format", "json", NESTED], "");
    let value: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).expect("JSON");
    assert_eq!((value["se"].as_f64(), value["se_lower_bound"].as_bool()), (Some(9.5), Some(true)));
    // An exact estimate carries no flag.
    let output = rate(&["--se", "--format", "json", HARD], "");
    let value: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).expect("JSON");
    assert!(value.get("se_lower_bound").is_none());
}

#[test]
fn se_with_bad_input_keeps_the_dash_and_the_error() {
    let output = rate(&["--se", EASY, "12345", &".".repeat(81)], "");
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].split('\t').count(), 6);
    assert_eq!(&lines[1..], ["-", "-"]);
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("argument 2: ") && stderr.contains("argument 3: more than one solution"),
        "{stderr}"
    );
}

/// Issue 14 point 7: a full grid is reported as solved, neither an error nor a rating of nothing.
#[test]
fn a_solved_grid_says_it_is_solved() {
    let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let output = rate(&[solved], "");
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
    assert_eq!(text(&output.stdout), format!("{solved}\tsolved: every cell is filled, nothing to rate\n"));
    let output = rate(&["--format", "json", solved], "");
    let value: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).expect("a JSON line");
    assert_eq!((value["puzzle"].as_str(), value["solved"].as_bool()), (Some(solved), Some(true)));
}
