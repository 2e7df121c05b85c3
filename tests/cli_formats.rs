//! Our own formats go round: every subcommand reads what another writes (`generate | rate`,
//! `generate | solve`, `solve` into `hint`, every JSON line into every reader), and puzzle files in
//! the forms people keep them (lines with a solution, comments or tab-separated fields after the
//! puzzle; nine-line grids with or without rules; CR-only and CRLF line ends; a byte-order mark). A
//! missing file or a folder is named as such; so are a bad line `hint` was pointed at, a line too
//! long to read (with its length) and a space inside a classic line; a killer is not drawn as a
//! classic grid.

mod cli_support;

use std::process::Output;

const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn termdoku(args: &[&str], stdin: &str) -> Output {
    let data_dir = std::env::temp_dir().join("termdoku-cli-formats-unused");
    cli_support::feed(cli_support::command().args(args).env("TERMDOKU_DATA_DIR", data_dir), stdin)
}

fn out(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn err(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn generated() -> String {
    let output = termdoku(&["generate", "--count", "3", "--seed", "11", "--difficulty", "easy"], "");
    assert!(output.status.success(), "{}", err(&output));
    out(&output)
}

#[test]
fn rate_and_solve_read_what_generate_writes() {
    let puzzles = generated();
    assert!(puzzles.lines().all(|l| l.contains('\t')), "generate writes tab-separated fields: {puzzles}");
    let rated = termdoku(&["rate"], &puzzles);
    assert!(rated.status.success(), "{}", err(&rated));
    assert_eq!(out(&rated).lines().count(), 3);
    let solved = termdoku(&["solve"], &puzzles);
    assert!(solved.status.success(), "{}", err(&solved));
    assert!(out(&solved).lines().all(|l| l.len() == 81 && l.chars().all(|c| c.is_ascii_digit())));
    let hint = termdoku(&["hint", "-"], &puzzles);
    assert!(hint.status.success(), "{}", err(&hint));
}

/// `--format json` writes JSON lines whatever the input holds: a puzzle file's comments and blank
/// lines are left out, and a bad puzzle is an object naming its line and the reason (also on
/// standard error), so that `rate`, `solve` and `export` feed a JSON reader line by line.
#[test]
fn json_output_is_json_lines_on_files_with_comments_and_bad_lines() {
    let input = format!("# from a collection\n{EASY}\n\n{}x\n{EASY} # rated before\n", &EASY[..80]);
    for args in [
        &["rate", "--format", "json"][..],
        &["solve", "--format", "json"],
        &["export", "--puzzle", "-", "--format", "json"],
    ] {
        let output = termdoku(args, &input);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {}", err(&output));
        let lines: Vec<serde_json::Value> = out(&output)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: not JSON: {l:?}: {e}")))
            .collect();
        assert_eq!(lines.len(), 3, "{args:?}: {}", out(&output));
        assert_eq!(lines[1]["line"], 4, "{args:?}");
        assert!(
            lines[1]["error"].as_str().is_some_and(|e| e.contains("row 9, column 9")),
            "{args:?}: {}",
            lines[1]
        );
        assert!(lines[0].get("error").is_none() && lines[2].get("error").is_none(), "{args:?}");
        assert!(err(&output).starts_with("error: line 4: "), "{args:?}: {}", err(&output));
    }
    // As text, the same input keeps one output line per input line.
    let output = termdoku(&["solve"], &input);
    assert_eq!(out(&output), format!("# from a collection\n{SOLUTION}\n\n-\n{SOLUTION}\n"));
}

#[test]
fn hint_reads_what_solve_writes() {
    let solution = out(&termdoku(&["solve", EASY], ""));
    let hint = termdoku(&["hint", "-"], &solution);
    assert!(hint.status.success(), "{}", err(&hint));
    assert_eq!(out(&hint), "The puzzle is already solved.\n");
    // The first step of `solve --steps` is the hint for the puzzle.
    let steps = out(&termdoku(&["solve", "--steps", EASY], ""));
    let first = out(&termdoku(&["hint", EASY], ""));
    assert_eq!(first.lines().nth(1).map(str::trim), steps.lines().next(), "{first}\n{steps}");
    // Steps hold no puzzle: hint says so, in words, rather than stumbling on a character.
    let hint = termdoku(&["hint", "-"], &steps);
    assert_eq!(hint.status.code(), Some(2));
    assert!(err(&hint).contains("standard input holds no puzzle"), "{}", err(&hint));
    // A puzzle line, then the steps `solve --steps` printed for it: hint finds the puzzle.
    let hint = termdoku(&["hint", "-"], &format!("{EASY}\n{steps}"));
    assert_eq!(out(&hint), first);
}

/// The JSON lines `generate` prints, classic and killer.
fn generated_json() -> String {
    let mut lines = String::new();
    for variant in ["classic", "killer"] {
        let args = [
            "generate",
            "--variant",
            variant,
            "--count",
            "2",
            "--seed",
            "5",
            "-d",
            "easy",
            "--format",
            "json",
        ];
        let output = termdoku(&args, "");
        assert!(output.status.success(), "{variant}: {}", err(&output));
        lines.push_str(&out(&output));
    }
    lines
}

/// The `puzzle` field of each JSON line of `text`.
fn puzzles_of(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            let value: serde_json::Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"));
            value["puzzle"].as_str().unwrap_or_else(|| panic!("no puzzle: {l}")).to_string()
        })
        .collect()
}

#[test]
fn every_json_line_feeds_every_reader() {
    let generated = generated_json();
    let puzzles = puzzles_of(&generated);
    assert_eq!(puzzles.len(), 4);
    assert!(puzzles[2].contains(' '), "the third is a killer line: {}", puzzles[2]);
    // generate --format json | rate, | solve, | solve --count, | export --puzzle -
    let mut printed = vec![generated.clone()];
    for args in [
        &["rate", "--format", "json"][..],
        &["solve", "--format", "json"],
        &["solve", "--count", "--format", "json"],
        &["solve", "--steps", "--format", "json"],
        &["export", "--puzzle", "-", "--format", "json"],
    ] {
        let output = termdoku(args, &generated);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {}", err(&output));
        printed.push(out(&output));
    }
    assert_eq!(puzzles_of(&printed[1]), puzzles, "rate keeps the puzzles");
    // solve --format json | hint -, and hint's own JSON read back by solve.
    for (index, puzzle) in puzzles.iter().enumerate() {
        let line = printed[2].lines().nth(index).expect("one line a puzzle");
        let hint = termdoku(&["hint", "-", "--format", "json"], line);
        assert_eq!(hint.status.code(), Some(0), "{line}: {}", err(&hint));
        assert_eq!(puzzles_of(&out(&hint)), std::slice::from_ref(puzzle), "hint names its puzzle");
        printed.push(out(&hint));
    }
    // Every line printed, fed to every reader, is the puzzle it came from (export's JSON has no
    // `puzzle` field: it is compared through `export --format line`).
    for text in &printed {
        for args in
            [&["solve", "--count", "--format", "json"][..], &["export", "--puzzle", "-", "--format", "line"]]
        {
            let output = termdoku(args, text);
            assert_eq!(output.status.code(), Some(0), "{args:?} reading {text}: {}", err(&output));
        }
        let lines = out(&termdoku(&["export", "--puzzle", "-", "--format", "line"], text));
        for (line, read) in text.lines().zip(lines.lines()) {
            assert!(puzzles.iter().any(|p| p == read), "{line} read as {read}");
        }
        let rated = termdoku(&["rate"], text);
        assert_eq!(rated.status.code(), Some(0), "rate reading {text}: {}", err(&rated));
    }
    // A misspelt field is named, not passed over.
    let misspelt = r#"{"givens":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79","cage":[]}"#;
    let output = termdoku(&["rate"], misspelt);
    assert_eq!(output.status.code(), Some(1));
    assert!(err(&output).contains("line 1: JSON: unknown field `cage`"), "{}", err(&output));
}

#[test]
fn export_refuses_to_draw_a_killer_as_a_classic_grid() {
    let killer = puzzles_of(&generated_json()).remove(2);
    for format in ["grid", "pencil"] {
        let output = termdoku(&["export", "--puzzle", &killer, "--format", format], "");
        assert_eq!(output.status.code(), Some(if format == "grid" { 1 } else { 2 }), "{format}");
        assert!(out(&output).trim() == "-" || out(&output).is_empty(), "{format}: {}", out(&output));
        assert!(err(&output).contains(&format!("--format {format}")), "{format}: {}", err(&output));
    }
    let output = termdoku(&["export", "--puzzle", &killer, "--format", "grid"], "");
    assert!(err(&output).contains("a killer's cages would be lost"), "{}", err(&output));
    // A classic puzzle is still drawn.
    let output = termdoku(&["export", "--puzzle", EASY, "--format", "grid"], "");
    assert_eq!(output.status.code(), Some(0));
    assert!(out(&output).starts_with("5 3 . | . 7 ."), "{}", out(&output));
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bom.txt");
    std::fs::write(&path, format!("\u{feff}{EASY}\r\n{EASY}\r\n")).expect("written");
    let path = path.to_string_lossy().to_string();
    for args in [&["solve", &path][..], &["solve", "-"], &["hint", &path], &["hint", "-"]] {
        // Standard input only for `-` (a command reading a file may be gone before it is written).
        let stdin = if args[1] == "-" { format!("\u{feff}{EASY}\n") } else { String::new() };
        let output = termdoku(args, &stdin);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {}", err(&output));
    }
    assert_eq!(out(&termdoku(&["solve", &path], "")), format!("{SOLUTION}\n{SOLUTION}\n"));
}

#[test]
fn hint_names_a_bad_line_instead_of_answering_for_the_next() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("two.txt");
    std::fs::write(&path, format!("# two puzzles\n{}\n{EASY}\n", &EASY[..80])).expect("written");
    let path = path.to_string_lossy().to_string();
    let output = termdoku(&["hint", &path], "");
    assert_ne!(output.status.code(), Some(0));
    assert!(out(&output).is_empty(), "no hint for the next puzzle: {}", out(&output));
    assert!(
        err(&output).contains(&format!("{path}, line 2: expected 81 cells, found 80")),
        "{}",
        err(&output)
    );
    assert!(err(&output).contains("--index 2"), "{}", err(&output));
    let output = termdoku(&["hint", &path, "--index", "2"], "");
    assert_eq!(output.status.code(), Some(0), "{}", err(&output));
    assert_eq!(out(&output), out(&termdoku(&["hint", EASY], "")));
}

#[test]
fn a_line_too_long_says_how_long_it_is() {
    let long = format!("{EASY}\n{}\n{EASY}\n", "1".repeat(10 << 20));
    let output = termdoku(&["solve"], &long);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(out(&output), format!("{SOLUTION}\n-\n{SOLUTION}\n"));
    assert!(
        err(&output).contains(
            "error: line 2: the line is 10485760 bytes long; a puzzle line is read up to 1048576 bytes"
        ),
        "{}",
        err(&output)
    );
}

#[test]
fn a_space_inside_a_classic_line_is_named() {
    let broken = format!("{} {}", &EASY[..30], &EASY[31..]);
    for args in [&["solve", &broken][..], &["rate", &broken], &["hint", &broken]] {
        let output = termdoku(args, "");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert!(
            err(&output).contains("expected 81 cells, found 30 before the space at character 31"),
            "{args:?}: {}",
            err(&output)
        );
    }
}

#[test]
fn puzzle_files_in_the_forms_people_keep_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rows: Vec<&str> = (0..9).map(|r| &EASY[r * 9..r * 9 + 9]).collect();
    let ruled: Vec<String> = rows.iter().map(|r| format!("{}|{}|{}", &r[0..3], &r[3..6], &r[6..9])).collect();
    let ruled = format!(
        "{}\n------+-------+------\n{}\n------+-------+------\n{}\n",
        ruled[0..3].join("\n"),
        ruled[3..6].join("\n"),
        ruled[6..9].join("\n")
    );
    let files = [
        ("solution.txt", format!("{EASY} {SOLUTION}\n")),
        ("fields.tsv", format!("# made by generate\n{EASY}\teasy\t212\tnaked-single\t53\n")),
        ("comment.txt", format!("{EASY} # from the paper\n")),
        ("grid.txt", rows.join("\n")),
        ("ruled.ss", ruled),
        ("crlf.sdm", format!("{EASY}\r\n{EASY}\r\n")),
        ("cr.sdm", format!("{EASY}\r{EASY}\r")),
        ("cr-grid.txt", rows.join("\r")),
    ];
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("written");
        let path = path.to_string_lossy().to_string();
        let solved = termdoku(&["solve", &path], "");
        assert!(solved.status.success(), "{name}: {}", err(&solved));
        assert!(
            out(&solved).lines().filter(|l| !l.starts_with('#')).all(|l| l == SOLUTION),
            "{name}: {}",
            out(&solved)
        );
        let hint = termdoku(&["hint", &path], "");
        assert!(hint.status.success(), "{name}: {}", err(&hint));
    }
}

#[test]
fn a_missing_file_or_a_folder_is_named_as_such() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("puzzles.txt").to_string_lossy().to_string();
    let folder = dir.path().to_string_lossy().to_string();
    for command in ["solve", "rate", "hint"] {
        let output = termdoku(&[command, &missing], "");
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(
            err(&output).contains(&missing) && err(&output).contains("no such file"),
            "{command}: {}",
            err(&output)
        );
        assert!(!err(&output).contains("bad character"), "{command}: {}", err(&output));
        let output = termdoku(&[command, &folder], "");
        assert!(
            err(&output).contains(&folder) && err(&output).contains("is a directory"),
            "{command}: {}",
            err(&output)
        );
    }
}
