//! `termdoku stats --format json` on a temporary profile with a saved history: one JSON document
//! that scripts read, with every figure of the statistics screen (durations in seconds).

mod history_support;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// Runs the binary on the profile directory `data` (no configuration file, a temporary home).
fn termdoku(home: &Path, data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_termdoku"))
        .args(args)
        .env_remove("TERMDOKU_CONFIG")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env("TERMDOKU_DATA_DIR", data)
        .output()
        .expect("the binary runs")
}

/// The row of `variant` and `level` (`null` for unrated).
fn row<'a>(json: &'a Value, variant: &str, level: Value) -> &'a Value {
    json["levels"]
        .as_array()
        .expect("levels is a list")
        .iter()
        .find(|row| row["variant"] == variant && row["level"] == level)
        .unwrap_or_else(|| panic!("a row for {variant} {level}: {json:#}"))
}

fn seconds(values: &Value) -> Vec<f64> {
    values.as_array().expect("a list").iter().map(|v| v.as_f64().expect("seconds")).collect()
}

#[test]
fn stats_as_json_gives_every_figure_in_seconds() {
    let home = tempfile::tempdir().expect("temp home");
    let data = home.path().join("data");
    history_support::write_history(&data);
    let output = termdoku(home.path(), &data, &["stats", "--format", "json"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    let levels = json["levels"].as_array().expect("levels");
    assert_eq!(levels.len(), 7, "five classic rows (easy, medium, hard, expert, unrated), two killer rows");

    let easy = row(&json, "classic", "easy".into());
    assert_eq!(
        (easy["played"].as_u64(), easy["solved"].as_u64(), easy["revealed"].as_u64()),
        (Some(7), Some(6), Some(1))
    );
    assert_eq!(easy["best_time"].as_f64(), Some(140.0));
    // 140 151 168 192 220 245: the mean of the middle two.
    assert_eq!(easy["median_time"].as_f64(), Some(180.0));
    assert_eq!(seconds(&easy["recent_times"]), [192.0, 168.0, 245.0, 151.0, 220.0, 140.0]);
    assert_eq!(easy["current_streak"].as_u64(), Some(0), "the revealed game ended the streak");
    assert_eq!(easy["best_streak"].as_u64(), Some(6));

    let expert = row(&json, "classic", "expert".into());
    assert_eq!((expert["solved"].as_u64(), expert["best_time"].is_null()), (Some(0), true));
    assert!(expert["median_time"].is_null() && seconds(&expert["recent_times"]).is_empty());

    let unrated = row(&json, "classic", Value::Null);
    assert_eq!(unrated["median_time"].as_f64(), Some(165.0));

    let hard_killer = row(&json, "killer", "hard".into());
    assert_eq!(hard_killer["solved"].as_u64(), Some(22));
    let recent = seconds(&hard_killer["recent_times"]);
    let expected: Vec<f64> = (2..22u64).map(|n| (1800 - n * 30 + (n % 3) * 60) as f64).collect();
    assert_eq!(recent, expected, "the last 20 of 22, oldest first");
    let hints: u64 = levels.iter().map(|r| r["hints_used"].as_u64().expect("hints")).sum();
    let planned: u64 = (0..history_support::plan().len() as u64).map(|i| i % 3).sum();
    assert_eq!(hints, planned);
}

#[test]
fn stats_as_json_without_games_is_an_empty_list_and_no_daily() {
    let home = tempfile::tempdir().expect("temp home");
    let output = termdoku(home.path(), &home.path().join("data"), &["stats", "--format", "json"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    let no_daily = serde_json::json!({"current_streak": 0, "best_streak": 0, "days": {}});
    let daily = serde_json::json!({"classic": no_daily, "killer": no_daily});
    assert_eq!(json, serde_json::json!({"levels": [], "daily": daily}));
}

#[test]
fn the_help_of_stats_names_the_json_keys() {
    let home = tempfile::tempdir().expect("temp home");
    let output = termdoku(home.path(), &home.path().join("data"), &["stats", "--help"]);
    let help = String::from_utf8_lossy(&output.stdout);
    let keys = [
        "variant",
        "level",
        "best_time",
        "median_time",
        "recent_times",
        "current_streak",
        "seconds",
        "daily",
        "days",
    ];
    for key in keys {
        assert!(help.contains(key), "{key} in:\n{help}");
    }
}
