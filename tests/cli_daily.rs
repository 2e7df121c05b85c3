//! `termdoku daily`: the day's puzzle is the same in two runs and differs between dates and
//! variants, its level follows the weekday, and a bad or future `--date` is refused by name.

mod cli_support;

use cli_support::termdoku;

/// The puzzle `daily --print` writes for `args`, from a process of its own.
fn printed(args: &[&str]) -> String {
    let mut all = vec!["daily", "--print"];
    all.extend_from_slice(args);
    let output = termdoku(&all, "");
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("utf-8")
}

/// The level `rate` gives `line`.
fn level_of(line: &str) -> String {
    let output = termdoku(&["rate"], line);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let rated = String::from_utf8(output.stdout).expect("utf-8");
    rated.split('\t').nth(1).expect("a level column").to_string()
}

#[test]
fn the_same_date_gives_the_same_puzzle_in_two_runs_and_other_dates_and_variants_others() {
    let first = printed(&["--date", "2026-11-24"]);
    let again = printed(&["--date", "2026-11-24"]);
    assert_eq!(first, again);
    assert_eq!(first.trim_end().len(), 81, "one classic line: {first}");
    assert_eq!(first.lines().count(), 1);
    // Today's and yesterday's differ, and so do the classic and killer puzzles of a day.
    assert_ne!(first, printed(&["--date", "2026-11-25"]));
    let killer = printed(&["--date", "2026-11-24", "--variant", "killer"]);
    assert_ne!(first, killer);
    assert_eq!(killer, printed(&["--variant", "killer", "--date", "2026-11-24"]));
    assert_eq!(killer.split_whitespace().count(), 3, "a killer line: {killer}");
    // JSON is what `export --format json` writes, readable by every reader.
    let json = printed(&["--date", "2026-11-24", "--format", "json"]);
    assert!(
        json.starts_with("{\"variant\":\"classic\",\"givens\":\"") && json.contains(first.trim_end()),
        "{json}"
    );
}

#[test]
fn the_level_follows_the_weekday() {
    // 2026-11-23 is a Monday, 2026-11-26 a Thursday, 2026-11-29 a Sunday.
    assert_eq!(level_of(&printed(&["--date", "2026-11-23"])), "easy");
    assert_eq!(level_of(&printed(&["--date", "2026-11-26"])), "hard");
    assert_eq!(level_of(&printed(&["--date", "2026-11-29"])), "extreme");
    assert_eq!(level_of(&printed(&["--date", "2026-11-29", "--variant", "killer"])), "expert");
}

#[test]
fn a_bad_or_future_date_is_refused_naming_it() {
    for (date, why) in [
        ("2026-02-30", "`2026-02-30` is not a date: month 2 of 2026 has 28 days"),
        ("29.11.2026", "`29.11.2026` is not a date: expected YYYY-MM-DD"),
        ("1969-12-31", "`1969-12-31` is not a date: the first date is 1970-01-01"),
        ("9999-12-31", "--date: 9999-12-31 is in the future"),
    ] {
        for print in [true, false] {
            let args: Vec<&str> =
                ["daily", "--date", date].into_iter().chain(print.then_some("--print")).collect();
            let output = termdoku(&args, "");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains(why), "{args:?}: {stderr}");
            assert!(output.stdout.is_empty());
        }
    }
    let output = termdoku(&["daily", "--variant", "jigsaw", "--print"], "");
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("no daily `jigsaw` puzzle: the daily puzzles are classic and killer")
    );
    let output = termdoku(&["daily", "--variant", "sudoku", "--print"], "");
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown variant `sudoku`"));
}
