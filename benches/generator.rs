//! Generator speed: one thread, 20 puzzles per level (seeds 0 to 19, rotational symmetry), the
//! median and the 95th percentile time per puzzle (each the fastest of three runs), against the
//! targets: easy to hard under 50 ms, expert under 500 ms, extreme under 2 s, and p95 no more than 4
//! times the median. It also prints how many of the puzzles reach the level's floor score (the
//! ceiling of the level below, which the generator aims for within its budget) and their median score.
//!
//! `cargo bench --bench generator` prints the table; with `GENERATOR_BENCH_TIMES` set it also prints
//! every sorted time.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use termdoku::engine::logic::Level;
use termdoku::engine::{GenerateOptions, Symmetry, Variant, generate, level_floor};

const PUZZLES: u64 = 20;
/// Runs per puzzle; the fastest counts.
const RUNS: usize = 3;

fn target(level: Level) -> Duration {
    match level {
        Level::Easy | Level::Medium | Level::Hard => Duration::from_millis(50),
        Level::Expert => Duration::from_millis(500),
        Level::Extreme => Duration::from_secs(2),
    }
}

/// The times of `PUZZLES` generations at `level`, sorted, and their scores, sorted.
fn times(level: Level) -> (Vec<Duration>, Vec<u32>) {
    let never = AtomicBool::new(false);
    let (mut times, mut scores): (Vec<Duration>, Vec<u32>) = (0..PUZZLES)
        .map(|seed| {
            let options =
                GenerateOptions { variant: Variant::Classic, level, symmetry: Symmetry::Rotational, seed };
            // The fastest of a few runs of the same (deterministic) generation: the work it takes,
            // without the scheduler's noise on a shared machine.
            let mut score = 0;
            let fastest = (0..RUNS)
                .map(|_| {
                    let start = Instant::now();
                    let generated = generate(&options, &never).expect("not cancelled");
                    let elapsed = start.elapsed();
                    assert_eq!(generated.rating.level, level);
                    score = generated.rating.score;
                    elapsed
                })
                .min()
                .unwrap_or_default();
            (fastest, score)
        })
        .unzip();
    times.sort();
    scores.sort();
    if std::env::var_os("GENERATOR_BENCH_TIMES").is_some() {
        let shown: Vec<String> = times.iter().map(|t| format!("{:.1}", ms(*t))).collect();
        println!("{}: {}", level.name(), shown.join(" "));
    }
    (times, scores)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    // `cargo test --benches` runs benches with `--bench` absent: stay quick then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    println!(
        "{:<8} {:>11} {:>11} {:>9} {:>11} {:>6} {:>9} {:>12}",
        "level", "median ms", "p95 ms", "p95/med", "target ms", "ok", "at floor", "median score"
    );
    let mut all_ok = true;
    for level in Level::ALL {
        let (times, scores) = times(level);
        let at_floor = scores.iter().filter(|&&s| s >= level_floor(level)).count();
        let median = times[times.len() / 2];
        let p95 = times[(times.len() * 95).div_ceil(100) - 1];
        let ratio = p95.as_secs_f64() / median.as_secs_f64().max(1e-9);
        let ok = median < target(level) && ratio <= 4.0;
        all_ok &= ok;
        println!(
            "{:<8} {:>11.2} {:>11.2} {:>9.2} {:>11.0} {:>6} {:>9} {:>12}",
            level.name(),
            ms(median),
            ms(p95),
            ratio,
            ms(target(level)),
            if ok { "yes" } else { "NO" },
            format!("{at_floor}/{}", scores.len()),
            scores[scores.len() / 2]
        );
    }
    println!("{}", if all_ok { "all targets met" } else { "some targets missed" });
}
