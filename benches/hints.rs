//! Hint speed: `next_step` on positions along the logical paths of `top1465.txt`, and whole paths.
//!
//! Prints the distribution (median, p90, p99, max) of one hint, and of one full path, in release mode.
//! Targets: one hint p99 under 20 ms; a full path median under 50 ms.

use std::time::{Duration, Instant};

use termdoku::engine::logic::next_step;
use termdoku::engine::{Candidates, Puzzle};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{name:<22} n={:<6} median {:>8.3} ms  p90 {:>8.3} ms  p99 {:>8.3} ms  max {:>8.3} ms",
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.9)),
        ms(percentile(&times, 0.99)),
        ms(percentile(&times, 1.0)),
    );
}

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/tdoku/top1465.txt");
    let text = std::fs::read_to_string(path).expect("top1465.txt is readable");
    let limit: usize = std::env::var("HINT_BENCH_PUZZLES").ok().and_then(|v| v.parse().ok()).unwrap_or(1465);
    let mut step_times = Vec::new();
    let mut path_times = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(limit) {
        let Ok(puzzle) = line.trim().parse::<Puzzle>() else { continue };
        let mut grid = Candidates::from_grid(puzzle.givens());
        let mut path_time = Duration::ZERO;
        loop {
            let start = Instant::now();
            let step = next_step(&grid);
            let elapsed = start.elapsed();
            path_time += elapsed;
            let Some(step) = step else { break };
            step_times.push(elapsed);
            step.apply_to(&mut grid);
        }
        path_times.push(path_time);
    }
    println!("termdoku hint engine on top1465.txt ({} puzzles)", path_times.len());
    report("next_step", step_times);
    report("full logical path", path_times);
}
