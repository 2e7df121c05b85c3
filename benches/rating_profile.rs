//! Where rating time goes: the grader's walk along the logical paths of `top1465.txt` (one thread),
//! with every technique search timed. Prints the rating time per puzzle (HoDoKu 2.2.4 takes about
//! 120 ms a puzzle on these machines; the target is a tenth of that) and, per technique, its share
//! of the time, how often it was searched and how often it fired, dearest first.
//!
//! `cargo bench --bench rating_profile`; `RATING_PROFILE_PUZZLES=N` takes the first N puzzles only.

use std::time::{Duration, Instant};

use termdoku::engine::logic::{Technique, policy_step};
use termdoku::engine::{Candidates, Puzzle};

/// HoDoKu's rating time per top1465 puzzle on these machines, in ms: HoDoKu 2.2.4 built from
/// source, default configuration, `sudoku.Main /bs top1465 /vp` on one thread (174.2 s for the
/// 1,465 puzzles by its own clock, measured 2026-11-25; issue 16 first gave 106 ms).
const HODOKU_MS: f64 = 118.9;

#[derive(Clone, Copy, Default)]
struct Tally {
    time: Duration,
    searches: u64,
    fired: u64,
}

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/tdoku/top1465.txt");
    let text = std::fs::read_to_string(path).expect("top1465.txt is readable");
    let limit: usize =
        std::env::var("RATING_PROFILE_PUZZLES").ok().and_then(|v| v.parse().ok()).unwrap_or(usize::MAX);
    let techniques: Vec<Technique> = Technique::ALL.iter().copied().filter(|t| t.in_hint_path()).collect();
    let mut tallies = vec![Tally::default(); techniques.len()];
    let mut puzzles = 0usize;
    let started = Instant::now();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(limit) {
        let Ok(puzzle) = line.trim().parse::<Puzzle>() else { continue };
        puzzles += 1;
        let mut grid = Candidates::from_puzzle(&puzzle);
        while !grid.is_solved() {
            let mut stepped = false;
            for (index, &technique) in techniques.iter().enumerate() {
                let start = Instant::now();
                let step = policy_step(technique, &grid);
                let tally = &mut tallies[index];
                tally.time += start.elapsed();
                tally.searches += 1;
                if let Some(step) = step {
                    tally.fired += 1;
                    step.apply_to(&mut grid);
                    stepped = true;
                    break;
                }
            }
            assert!(stepped, "no technique fired on a puzzle of top1465: {line}");
        }
    }
    let total = started.elapsed();
    let per_puzzle = total.as_secs_f64() * 1000.0 / puzzles.max(1) as f64;
    println!(
        "{puzzles} puzzles rated in {:.2} s: {per_puzzle:.2} ms a puzzle, {:.1} times faster than HoDoKu's {HODOKU_MS} ms",
        total.as_secs_f64(),
        HODOKU_MS / per_puzzle
    );
    let searched: Duration = tallies.iter().map(|t| t.time).sum();
    let mut order: Vec<usize> = (0..techniques.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(tallies[i].time));
    println!(
        "{:<40} {:>9} {:>7} {:>10} {:>9} {:>10}",
        "technique", "ms/puzzle", "share", "searches", "fired", "µs/search"
    );
    for i in order.into_iter().filter(|&i| tallies[i].searches > 0) {
        let tally = tallies[i];
        println!(
            "{:<40} {:>9.3} {:>6.1}% {:>10} {:>9} {:>10.1}",
            techniques[i].name(),
            tally.time.as_secs_f64() * 1000.0 / puzzles.max(1) as f64,
            100.0 * tally.time.as_secs_f64() / searched.as_secs_f64().max(f64::MIN_POSITIVE),
            tally.searches,
            tally.fired,
            tally.time.as_secs_f64() * 1e6 / tally.searches as f64,
        );
    }
}
