//! `termdoku solve` run as a user would: the real binary on good, bad and mixed input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn termdoku(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_termdoku"))
        .arg("solve")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped stdin");
    let text = stdin.to_owned();
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("writer thread").expect("stdin accepted");
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}

fn conflicting() -> String {
    format!("5.......5{}", ".".repeat(72))
}

#[test]
fn good_puzzle_as_argument() {
    let out = termdoku(&[PUZZLE], "");
    assert_eq!(stdout(&out), format!("{SOLUTION}\n"));
    assert_eq!(stderr(&out), "");
    assert!(out.status.success());
}

/// Every line a JSON object, for scripts: the bad puzzle names its place and reason, and the input's
/// blank and comment lines are left out (they are not JSON).
#[test]
fn json_lines_stay_json_on_mixed_input() {
    let input = format!("{PUZZLE}\n\n# a comment\n123\n{PUZZLE}\n");
    let out = termdoku(&["--format", "json"], &input);
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line:?}: {e}")))
        .collect();
    assert_eq!(lines.len(), 3, "{}", stdout(&out));
    assert_eq!((&lines[0]["solution"], &lines[2]["solution"]), (&SOLUTION.into(), &SOLUTION.into()));
    assert_eq!(lines[1], serde_json::json!({"line": 4, "error": "expected 81 cells, found 3"}));
    assert_eq!(stderr(&out), "error: line 4: expected 81 cells, found 3\n");
    assert_eq!(out.status.code(), Some(1));
    // A whole path is one object too, so the steps of each puzzle stay together.
    let out = termdoku(&["--format", "json", "--steps"], &input);
    let paths: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line:?}: {e}")))
        .collect();
    assert_eq!(paths.len(), 3, "{}", stdout(&out));
    assert!(paths[0]["steps"].as_array().is_some_and(|steps| !steps.is_empty()), "{}", paths[0]);
    assert_eq!((&paths[0], &paths[1]["line"]), (&paths[2], &4.into()));
    let out = termdoku(&["--format", "json", "--count", "123", PUZZLE], "");
    assert_eq!(
        stdout(&out),
        format!(
            "{{\"argument\":1,\"error\":\"expected 81 cells, found 3\"}}\n\
             {{\"puzzle\":\"{PUZZLE}\",\"variant\":\"classic\",\"solutions\":\"1\"}}\n"
        )
    );
}

#[test]
fn bad_arguments_are_reported_in_place() {
    let empty = ".".repeat(81);
    let out = termdoku(&[PUZZLE, "123", &conflicting(), &empty, PUZZLE], "");
    assert_eq!(stdout(&out), format!("{SOLUTION}\n-\n-\n-\n{SOLUTION}\n"));
    assert_eq!(
        stderr(&out),
        "error: argument 2: expected 81 cells, found 3\n\
         error: argument 3: conflicting givens: digit 5 appears twice in row 1: r1c1 and r1c9\n\
         error: argument 4: more than one solution\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn mixed_stdin_keeps_lines_aligned() {
    let letter = format!("{}x{}", &PUZZLE[..40], &PUZZLE[41..]);
    let no_solution = format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62));
    let input = format!("{PUZZLE}\n\n# a comment\n{letter}\r\n{no_solution}\n{}\n{PUZZLE}\n", ".".repeat(80));
    let out = termdoku(&[], &input);
    assert_eq!(stdout(&out), format!("{SOLUTION}\n\n# a comment\n-\n-\n-\n{SOLUTION}\n"));
    assert_eq!(
        stderr(&out),
        "error: line 4: bad character 'x' at row 5, column 5 (use 1-9 for givens, '.' or '0' for blanks)\n\
         error: line 5: no solution\n\
         error: line 6: expected 81 cells, found 80\n"
    );
    assert_eq!(out.status.code(), Some(1));
    // `-` reads standard input too.
    assert_eq!(stdout(&termdoku(&["-"], &input)), stdout(&out));
}

#[test]
fn count_reports_zero_one_or_more() {
    let input = format!("{PUZZLE}\n{}\n{}\n{}\n", ".".repeat(81), conflicting(), "1".repeat(3));
    let out = termdoku(&["--count"], &input);
    assert_eq!(stdout(&out), "1\n2+\n0\n-\n");
    assert_eq!(stderr(&out), "error: line 4: expected 81 cells, found 3\n");
    assert_eq!(out.status.code(), Some(1));
    let good = termdoku(&["--count", PUZZLE], "");
    assert_eq!(stdout(&good), "1\n");
    assert!(good.status.success());
}

#[test]
fn threads_do_not_change_the_output() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/tdoku/top1465.txt");
    let mut input = std::fs::read_to_string(path).expect("top1465 readable");
    // Some bad lines in the middle, beyond the first chunk too.
    input.push_str("bad\n");
    input.push_str(&input.clone());
    let one = termdoku(&["--threads", "1"], &input);
    let all = termdoku(&[], &input);
    assert_eq!(stdout(&one), stdout(&all));
    assert_eq!(stderr(&one), stderr(&all));
    assert_eq!(stdout(&all).lines().count(), input.lines().count());
    assert_eq!(stderr(&all).lines().count(), 2);
    assert_eq!(all.status.code(), Some(1));
    for (line, answer) in input.lines().zip(stdout(&all).lines()) {
        if line.trim().is_empty() || line.starts_with('#') || line == "bad" {
            assert_eq!(answer, if line == "bad" { "-" } else { line });
            continue;
        }
        assert_eq!(answer.len(), 81, "{line}");
        assert!(line.chars().zip(answer.chars()).all(|(g, s)| g == '.' || g == s), "{line} -> {answer}");
    }
}

#[test]
fn zero_threads_is_a_usage_error() {
    let out = termdoku(&["--threads", "0", PUZZLE], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--threads"), "{}", stderr(&out));
}

#[test]
fn a_huge_thread_count_is_clamped_to_the_cores_with_a_note() {
    let out = termdoku(&["--threads", "18446744073709551615", PUZZLE], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("note: --threads 18446744073709551615 is more than the"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out).lines().count(), 1);
}

#[test]
fn a_single_file_argument_is_read_line_by_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("puzzles.txt");
    std::fs::write(&file, format!("{PUZZLE}\n# a comment\n{}\n", &PUZZLE[..80])).expect("file written");
    let out = termdoku(&[file.to_str().expect("UTF-8 path")], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), format!("{SOLUTION}\n# a comment\n-\n"));
    assert!(stderr(&out).contains("error: line 3: expected 81 cells, found 80"), "{}", stderr(&out));
}

/// Classic lines on standard input are answered by a shorter path than other lines: its answers
/// and messages are those of the general one, a line inside a grid or a `.sdk` section is still
/// read as such, and `--count` counts a conflict as no solution.
#[test]
fn classic_lines_on_stdin_answer_as_arguments_do() {
    let empty = ".".repeat(81);
    let rows: Vec<&str> = (0..9).map(|r| &PUZZLE[9 * r..9 * r + 9]).collect();
    let input = format!(
        "{PUZZLE}\n{}\n{empty}\n{}\n{PUZZLE}\n[State]\n{PUZZLE}\n[Puzzle]\n{}\n{}\n",
        conflicting(),
        rows[..3].join("\n"),
        rows.join("\n"),
        PUZZLE.replace('.', "0"),
    );
    let out = termdoku(&["--threads", "1"], &input);
    assert_eq!(
        stdout(&out),
        format!("{SOLUTION}\n-\n-\n-\n{SOLUTION}\n[State]\n{PUZZLE}\n[Puzzle]\n{SOLUTION}\n{SOLUTION}\n")
    );
    assert_eq!(
        stderr(&out),
        "error: line 2: conflicting givens: digit 5 appears twice in row 1: r1c1 and r1c9\n\
         error: line 3: more than one solution\n\
         error: line 4: expected 9 rows, found 3\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = termdoku(&["--count", "--threads", "1"], &input);
    assert_eq!(stdout(&out), "1\n0\n2+\n-\n1\n[State]\n81\n[Puzzle]\n1\n1\n".replace("81", PUZZLE));
    assert_eq!(stderr(&out), "error: line 4: expected 9 rows, found 3\n");
}

/// `--first`: the first solution found, not proven unique. A puzzle with several solutions gets a
/// valid one that keeps its givens (plain `solve` refuses it); a unique puzzle gets its solution;
/// conflicting givens and a killer go as with plain `solve`; on the fast path (standard input) and
/// the general one (an argument, JSON) alike.
#[test]
fn first_prints_a_solution_without_proving_it_unique() {
    // The shared puzzle without its last two givens (r9c8's 7 and r9c9's 9) has several solutions.
    let several = format!("{}..", &PUZZLE[..79]);
    assert_eq!(termdoku(&[&several], "").status.code(), Some(1), "plain solve: several solutions");
    let input = format!("{several}\n{PUZZLE}\n{}\n", conflicting());
    let out = termdoku(&["--first", "--threads", "1"], &input);
    let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    let solved = &lines[0];
    assert!(solved.len() == 81 && solved.bytes().all(|b| (b'1'..=b'9').contains(&b)), "{solved}");
    for (given, digit) in several.bytes().zip(solved.bytes()) {
        assert!(given == b'.' || given == digit, "{solved} keeps the givens of {several}");
    }
    let rows_ok = (0..9).all(|r| {
        let mut seen: Vec<u8> = solved.as_bytes()[r * 9..r * 9 + 9].to_vec();
        seen.sort_unstable();
        seen == b"123456789"
    });
    assert!(rows_ok, "{solved}");
    assert_eq!(lines[1], SOLUTION);
    assert_eq!(lines[2], "-");
    assert!(stderr(&out).contains("line 3: conflicting givens"), "{}", stderr(&out));
    // The general path: a JSON line for an argument, and a killer.
    let out = termdoku(&["--first", "--format", "json", &several], "");
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON line");
    assert_eq!(json["solution"].as_str().map(str::len), Some(81));
    let killer = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";
    assert_eq!(stdout(&termdoku(&["--first", killer], "")), stdout(&termdoku(&[killer], "")));
    // It asks for a solution: it cannot go with --count.
    assert_eq!(termdoku(&["--first", "--count", PUZZLE], "").status.code(), Some(2));
}
