//! Killer puzzles on the command line, run as a user runs them: every form is read wherever a
//! puzzle is read (our killer line, Solo's game id, JSON), `solve`, `solve --count`, `solve --steps`,
//! `hint`, `rate` and `export --puzzle` answer in the shapes they use for classic puzzles, and bad
//! input is named with its place (exit status 1).

mod cli_support;
mod killer_support;

use std::process::Output;

use cli_support::termdoku;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn shared_file() -> String {
    killer_support::shared_path().to_string_lossy().into_owned()
}

/// The first shared puzzle's fields: our line, the solution, Solo's level and Solo's game id.
fn first() -> [String; 4] {
    let fields = killer_support::shared_lines().into_iter().next().expect("a puzzle line");
    fields.try_into().expect("4 fields")
}

/// Nine row cages of 45 and no givens: a killer with many solutions.
fn rows_killer() -> String {
    let cages: String = (b'a'..=b'i').map(|b| (b as char).to_string().repeat(9)).collect();
    format!("{} {cages} {}", ".".repeat(81), ["45"; 9].join(","))
}

#[test]
fn solve_reads_the_shared_file_as_it_is() {
    let file = shared_file();
    let output = termdoku(&["solve", &file], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = killer_support::shared_text();
    let out = stdout(&output);
    assert_eq!(out.lines().count(), text.lines().count(), "one output line per input line");
    for (input, answer) in text.lines().zip(out.lines()) {
        match input.split('\t').nth(1) {
            Some(solution) => assert_eq!(answer, solution, "{input}"),
            None => assert_eq!(answer, input, "header lines pass through"),
        }
    }
}

#[test]
fn every_form_solves_to_the_same_solution() {
    let [line, solution, _, id] = first();
    let json = stdout(&termdoku(&["export", "--puzzle", &line, "--format", "json"], ""));
    assert!(json.contains(r#""cages":[{"sum":9,"cells":["r1c1","r1c2"]}"#), "{json}");
    for form in [line.as_str(), id.as_str(), json.trim()] {
        let output = termdoku(&["solve", form], "");
        assert_eq!((output.status.code(), stdout(&output).trim()), (Some(0), solution.as_str()), "{form}");
    }
    let output = termdoku(&["solve", "--format", "json", &id], "");
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("a JSON line");
    assert_eq!((value["variant"].as_str(), value["puzzle"].as_str()), (Some("killer"), Some(line.as_str())));
    assert_eq!(value["solution"], solution.as_str());
}

#[test]
fn export_converts_between_the_forms() {
    let [line, _, _, id] = first();
    let to = |puzzle: &str, format: &str| {
        let output = termdoku(&["export", "--puzzle", puzzle, "--format", format], "");
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        stdout(&output).trim_end().to_string()
    };
    assert_eq!(to(&line, "solo"), id, "Trivial has no difficulty code");
    assert_eq!(to(&id, "line"), line);
    assert_eq!(to(&to(&id, "json"), "line"), line);
    assert_eq!(to(&to(&line, "json"), "solo"), id);
    // A classic puzzle's Solo id is Solo's classic one.
    let classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    assert_eq!(to(classic, "solo"), "3x3:5_3b7d6b1_9_5d9_8d6a8c6c3_4b8a3b1_7c2c6a6d2_8d4_1_9b5d8b7_9");
    assert_eq!(to(&to(classic, "solo"), "line"), classic);
    assert!(to(classic, "json").starts_with(r#"{"variant":"classic","givens":"53..7"#));
    // A file converts line by line, header lines passing through.
    let output = termdoku(&["export", "--puzzle", "-", "--format", "solo"], &format!("# header\n{line}\n"));
    assert_eq!(stdout(&output), format!("# header\n{id}\n"));
    let pencil = termdoku(&["export", "--puzzle", &line, "--format", "pencil"], "");
    assert!(!pencil.status.success() && stderr(&pencil).contains("pencil marks"), "{}", stderr(&pencil));
}

#[test]
fn count_and_several_solutions() {
    let [line, ..] = first();
    let killer = rows_killer();
    let output = termdoku(&["solve", "--count", &line, &killer], "");
    assert_eq!((output.status.code(), stdout(&output)), (Some(0), "1\n2+\n".to_string()));
    let output = termdoku(&["solve", &killer], "");
    assert_eq!((output.status.code(), stdout(&output)), (Some(1), "-\n".to_string()));
    assert_eq!(stderr(&output).trim(), "error: argument 1: more than one solution");
    let none = line.replacen("..", "11", 1);
    let output = termdoku(&["solve", "--count", &none], "");
    assert_eq!(stdout(&output), "0\n", "two 1s in a row: no solution");
}

#[test]
fn steps_hint_and_rate_take_the_cages() {
    let [line, solution, _, id] = first();
    let output = termdoku(&["solve", "--steps", "--format", "json", &id], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let path: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("one JSON path");
    assert_eq!((&path["puzzle"], &path["variant"]), (&line.as_str().into(), &"killer".into()));
    let steps = path["steps"].as_array().expect("a list of steps");
    assert!(!steps.is_empty());
    let hint = termdoku(&["hint", "--format", "json", &id], "");
    assert_eq!(hint.status.code(), Some(0), "{}", stderr(&hint));
    let step: serde_json::Value = serde_json::from_str(stdout(&hint).trim()).expect("a JSON step");
    assert_eq!(step["technique"], steps[0]["technique"], "hint gives the first step of the path");
    let rated = termdoku(&["rate", &id], "");
    assert_eq!(rated.status.code(), Some(0), "{}", stderr(&rated));
    let out = stdout(&rated);
    let fields: Vec<&str> = out.trim_end().split('\t').collect();
    assert_eq!((fields.len(), fields[0]), (5, line.as_str()), "the puzzle column is the killer line");
    // A full grid that keeps every cage is solved.
    let full = format!("{solution}{}", &line[81..]);
    let output = termdoku(&["rate", "--format", "json", &full], "");
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("a JSON line");
    assert_eq!(value["solved"], true);
}

#[test]
fn bad_killers_are_named_with_their_place() {
    let [line, _, _, id] = first();
    let cases = [
        (line.replacen("aab", "a#b", 1), "killer line: cages: bad cage symbol '#' at row 1, column 2"),
        (line.replacen("aab", "aaa", 1), "killer line: cage 13 at r2c3: 1 cells add up to 1-9, not 13"),
        (id.replacen(",9a10_", ",a9_10_", 1), "Solo game id: sums: the sum at r1c2 is not on the first cell"),
        (id.replacen("zzzc,", "zzz?,", 1), "Solo game id: givens: bad character '?' at character 4"),
        (r#"{"givens": "x"}"#.to_string(), "JSON: givens: bad character"),
    ];
    for (puzzle, expected) in cases {
        let output = termdoku(&["solve", "-"], &format!("# a comment\n{puzzle}\n"));
        assert_eq!(output.status.code(), Some(1), "{puzzle}");
        assert_eq!(stdout(&output), "# a comment\n-\n");
        let message = stderr(&output);
        assert!(message.starts_with("error: line 2: ") && message.contains(expected), "{message}");
        let output = termdoku(&["hint", &puzzle], "");
        assert_eq!(output.status.code(), Some(1), "{puzzle}");
        assert!(stderr(&output).contains(expected), "{}", stderr(&output));
    }
}
