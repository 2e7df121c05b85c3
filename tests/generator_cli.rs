//! `termdoku generate` as a user runs it: N lines in the `rate` format, reproducible from a seed.

use std::process::{Command, Output};

use termdoku::engine::{Puzzle, Symmetry, explainer_rating, rate};

fn generate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_termdoku")).arg("generate").args(args).output().expect("the binary runs")
}

#[test]
fn prints_count_puzzles_at_the_level_in_the_rate_format() {
    let output = generate(&["--difficulty", "medium", "--count", "5", "--seed", "9", "--symmetry", "mirror"]);
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "silent when standard error is not a terminal");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    assert_eq!(stdout.lines().count(), 5);
    for line in stdout.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 5, "{line}");
        let puzzle: Puzzle = fields[0].parse().expect("a proper puzzle");
        assert!(Symmetry::Mirror.is_respected_by(puzzle.givens()));
        let rating = rate(&puzzle);
        assert_eq!(fields[1], "medium");
        assert_eq!(fields[1], rating.level.name());
        assert_eq!(fields[2], rating.score.to_string());
        assert_eq!(fields[3], rating.hardest.id());
        assert_eq!(fields[4], rating.steps.to_string());
    }
}

#[test]
fn the_same_seed_gives_the_same_output_whatever_the_threads() {
    let one = generate(&["--difficulty", "hard", "--count", "4", "--seed", "5", "--threads", "1"]);
    let two = generate(&["--difficulty", "hard", "--count", "4", "--seed", "5", "--threads", "2"]);
    assert!(one.status.success() && two.status.success());
    assert_eq!(one.stdout, two.stdout);
    let other = generate(&["--difficulty", "hard", "--count", "4", "--seed", "6", "--threads", "1"]);
    assert_ne!(one.stdout, other.stdout);
}

#[test]
fn se_adds_the_sudoku_explainer_estimate_of_each_puzzle() {
    let plain = generate(&["--difficulty", "hard", "--count", "3", "--seed", "11"]);
    let with_se = generate(&["--difficulty", "hard", "--count", "3", "--seed", "11", "--se"]);
    assert!(plain.status.success() && with_se.status.success());
    let plain = String::from_utf8(plain.stdout).expect("utf-8");
    let with_se = String::from_utf8(with_se.stdout).expect("utf-8");
    assert_eq!(with_se.lines().count(), 3);
    for (without, with) in plain.lines().zip(with_se.lines()) {
        let (head, se) = with.rsplit_once('\t').expect("a sixth column");
        assert_eq!(head, without, "the same puzzles and rate columns");
        let puzzle: Puzzle = head.split('\t').next().unwrap_or_default().parse().expect("a proper puzzle");
        assert_eq!(se, explainer_rating(&puzzle).difficulty.to_string());
    }
}

#[test]
fn an_unknown_level_is_an_error() {
    let output = generate(&["--difficulty", "impossible"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("impossible"));
}
