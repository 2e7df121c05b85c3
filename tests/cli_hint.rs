//! The `hint` and `techniques` subcommands, run as a user runs them.

use std::process::{Command, Output};

use termdoku::engine::Puzzle;
use termdoku::engine::logic::Technique;

fn termdoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_termdoku")).args(args).output().expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn techniques_lists_the_whole_catalogue_in_order() {
    let output = termdoku(&["techniques"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let header: Vec<&str> = text.lines().next().expect("a header").split_whitespace().collect();
    assert_eq!(header, ["ID", "NAME", "CODE", "LEVEL", "SCORE", "NOTE"], "issue 14 point 7: headed columns");
    let ids: Vec<&str> = text.lines().skip(1).filter_map(|l| l.split_whitespace().next()).collect();
    let expected: Vec<&str> = Technique::ALL.iter().map(|t| t.id()).collect();
    assert_eq!(ids, expected);
    assert!(text.lines().any(|l| l.starts_with("x-wing") && l.contains("X-Wing") && l.contains("0300")));
}

#[test]
fn techniques_json_lines_carry_every_field() {
    let output = termdoku(&["techniques", "--format", "json"]);
    assert!(output.status.success());
    let first: serde_json::Value =
        serde_json::from_str(stdout(&output).lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["id"], "full-house");
    assert_eq!(first["name"], "Full House");
    assert_eq!(first["code"], "0000");
    assert_eq!(first["level"], "easy");
    assert_eq!(first["score"], 4);
    assert_eq!(first["in_hint_path"], true);
    let templates = stdout(&output).lines().find(|l| l.contains("\"template-set\"")).map(str::to_string);
    let templates: serde_json::Value =
        serde_json::from_str(&templates.expect("template set listed")).expect("JSON");
    assert_eq!(templates["in_hint_path"], false, "templates are found on request only");
    let line = |id: &str| -> serde_json::Value {
        let found =
            stdout(&output).lines().find(|l| l.contains(&format!("\"id\":\"{id}\""))).map(str::to_string);
        serde_json::from_str(&found.expect("listed")).expect("JSON")
    };
    assert_eq!(first["killer_level"], "easy");
    assert_eq!(line("xy-chain")["level"], "expert");
    assert_eq!(line("xy-chain")["killer_level"], "extreme", "chains are the killer's top tier");
    assert_eq!(
        line("cage-combinations")["score_by_cage_size"],
        serde_json::json!([0, 2, 20, 85, 10, 10, 10, 10])
    );
    assert!(first.get("score_by_cage_size").is_none());
}

#[test]
fn hint_names_a_sound_step() {
    let output = termdoku(&["hint", EASY, "--format", "json"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let step: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    let solution: termdoku::engine::Puzzle = EASY.parse().expect("valid");
    let technique = step["technique"].as_str().expect("technique id");
    assert!(Technique::from_id(technique).is_some(), "unknown technique {technique}");
    assert!(!step["explanation"].as_str().expect("text").is_empty());
    for p in step["placements"].as_array().expect("list") {
        let cell: termdoku::engine::Cell = p["cell"].as_str().expect("cell").parse().expect("r<row>c<col>");
        assert_eq!(solution.solution().get(cell).map(|d| d.get() as u64), p["digit"].as_u64());
    }
    let text = stdout(&termdoku(&["hint", EASY]));
    assert!(text.lines().count() >= 2, "{text}");
}

#[test]
fn hint_rejects_bad_puzzles_with_a_clear_error() {
    for (puzzle, message) in [
        (&EASY[..80], "expected 81 cells, found 80"),
        (".".repeat(81).as_str(), "more than one solution"),
        (&format!("x{}", &EASY[1..]), "bad character 'x' at row 1, column 1"),
    ] {
        let output = termdoku(&["hint", puzzle]);
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{puzzle}: {stderr}");
    }
}

#[test]
fn solve_steps_prints_a_sound_path_that_ends_solved() {
    let output = termdoku(&["solve", "--steps", "--format", "json", EASY]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let puzzle: termdoku::engine::Puzzle = EASY.parse().expect("valid");
    let mut grid = *puzzle.givens();
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "one JSON object for the puzzle: {text}");
    let path: serde_json::Value = serde_json::from_str(lines[0]).expect("a JSON object");
    assert_eq!((&path["puzzle"], &path["variant"]), (&EASY.into(), &"classic".into()));
    for step in path["steps"].as_array().expect("a list of steps") {
        assert!(step["eliminations"].is_array() && step["explanation"].is_string());
        for p in step["placements"].as_array().expect("list") {
            let cell: termdoku::engine::Cell = p["cell"].as_str().expect("cell").parse().expect("cell");
            let digit = termdoku::engine::Digit::new(p["digit"].as_u64().expect("digit") as u8);
            assert_eq!(puzzle.solution().get(cell), digit, "{step}");
            grid.set(cell, digit);
        }
    }
    assert_eq!(&grid, puzzle.solution());
    // As text: a line per step, then a blank line closing the path.
    let text = stdout(&termdoku(&["solve", "--steps", EASY]));
    let steps = path["steps"].as_array().map_or(0, Vec::len);
    assert_eq!(text.lines().count(), steps + 1);
    assert!(text.ends_with("\n\n"), "{text}");
    assert!(text.lines().next().is_some_and(|l| l.contains(": ")), "{text}");
}

#[test]
fn solve_steps_reports_bad_puzzles_in_place() {
    let output = termdoku(&["solve", "--steps", &EASY[..80]]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "-\n");
    assert!(String::from_utf8_lossy(&output.stderr).contains("argument 1: expected 81 cells, found 80"));
}

/// Issue 14 point 7: `solve --format json` works without `--steps`, one object a line.
#[test]
fn solve_json_without_steps() {
    let output = termdoku(&["solve", "--format", "json", EASY]);
    assert_eq!(output.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("one JSON line");
    let solution = EASY.parse::<Puzzle>().expect("valid").solution().to_digits();
    assert_eq!(value["solution"], solution.as_str());
    assert_eq!((value["puzzle"].as_str(), value["variant"].as_str()), (Some(EASY), Some("classic")));
    let counted = termdoku(&["solve", "--count", "--format", "json", EASY]);
    let value: serde_json::Value = serde_json::from_str(stdout(&counted).trim()).expect("one JSON line");
    assert_eq!(value["solutions"], "1");
}
