//! `termdoku combos SUM SIZE` run as a user runs it: the combinations one a line, smallest digits
//! first, what they all hold and what none holds, the `--include`/`--exclude` filters, JSON, and
//! usage errors that name the argument (exit status 2).

mod cli_support;

use std::process::Output;

use cli_support::termdoku;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn combinations_come_one_a_line_with_what_they_share() {
    let output = termdoku(&["combos", "23", "4"], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "1 5 8 9\n1 6 7 9\n2 4 8 9\n2 5 7 9\n2 6 7 8\n3 4 7 9\n3 5 6 9\n3 5 7 8\n4 5 6 8\n\
         9 combinations of 4 distinct digits adding up to 23\n\
         must contain: none\ncan't contain: none\n"
    );
    let unique = stdout(&termdoku(&["combos", "23", "3"], ""));
    assert_eq!(
        unique,
        "6 8 9\n1 combination of 3 distinct digits adding up to 23\n\
         must contain: 6 8 9\ncan't contain: 1 2 3 4 5 7\n"
    );
    let pairs = stdout(&termdoku(&["combos", "10", "2"], ""));
    assert!(pairs.ends_with("must contain: none\ncan't contain: 5\n"), "{pairs}");
}

#[test]
fn include_and_exclude_filter() {
    let output = termdoku(&["combos", "23", "4", "--include", "9", "--exclude", "1"], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "2 4 8 9\n2 5 7 9\n3 4 7 9\n3 5 6 9\n\
         4 combinations of 4 distinct digits adding up to 23 with 9 without 1\n\
         must contain: 9\ncan't contain: 1\n"
    );
    let listed = stdout(&termdoku(&["combos", "23", "4", "--include", "8,9"], ""));
    assert!(listed.starts_with("1 5 8 9\n2 4 8 9\n"), "{listed}");
    let none = termdoku(&["combos", "10", "2", "--include", "5"], "");
    assert_eq!(none.status.code(), Some(0));
    assert_eq!(stdout(&none), "no combination of 2 distinct digits adding up to 10 with 5\n");
}

#[test]
fn json_is_one_object() {
    let output = termdoku(&["combos", "10", "2", "--exclude", "19", "--format", "json"], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(
        value,
        serde_json::json!({
            "sum": 10, "size": 2, "include": [], "exclude": [1, 9],
            "combinations": [[2, 8], [3, 7], [4, 6]],
            "must_contain": [], "cannot_contain": [1, 5, 9]
        })
    );
}

#[test]
fn bad_input_names_the_argument_and_exits_2() {
    let cases: [(&[&str], &str); 8] = [
        (&["combos", "50", "2"], "sum 50 cannot be made by 2 distinct digits: their sums run from 3 to 17"),
        (&["combos", "2", "2"], "sum 2 cannot be made by 2 distinct digits"),
        (&["combos", "10", "0"], "size 0 is not a number of cells from 1 to 9"),
        (&["combos", "45", "10"], "size 10 is not a number of cells from 1 to 9"),
        (&["combos", "ten", "2"], "invalid value 'ten' for '<SUM>'"),
        (&["combos", "10", "two"], "invalid value 'two' for '<SIZE>'"),
        (&["combos", "10", "2", "--include", "0"], "'--include <DIGITS>': `0` is not a digit from 1 to 9"),
        (&["combos", "10", "2", "--include", "3", "--exclude", "37"], "--include and --exclude both name 3"),
    ];
    for (args, message) in cases {
        let output = termdoku(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains(message), "{args:?}: {}", stderr(&output));
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}
