//! Killer generator benchmark (criterion): `generate_killer` per level, one thread; then a table of
//! the median and 95th percentile time per puzzle over seeds 0 to 19 (each the fastest of three
//! runs of the same deterministic generation), how many puzzles reached the level, and Solo's
//! generator figures from the header of `../shared/data/killer/solo_killer.txt` beside ours. Targets:
//! easy to hard under 50 ms, expert under 300 ms, extreme under 2 s.
//!
//! Run with `cargo bench --bench killer_generator`.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use termdoku::engine::generator::generate_killer;
use termdoku::engine::logic::Level;

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/killer/solo_killer.txt");

/// Seeds per level in the table.
const PUZZLES: u64 = 20;
/// Runs per puzzle in the table; the fastest counts.
const RUNS: usize = 3;

fn target(level: Level) -> Duration {
    match level {
        Level::Easy | Level::Medium | Level::Hard => Duration::from_millis(50),
        Level::Expert => Duration::from_millis(300),
        Level::Extreme => Duration::from_secs(2),
    }
}

/// Solo's levels set beside ours: the nearest in what their solvers need.
fn solo_levels(level: Level) -> &'static [&'static str] {
    match level {
        Level::Easy => &["Trivial"],
        Level::Medium => &["Basic"],
        Level::Hard => &["Intermediate"],
        Level::Expert => &["Advanced"],
        Level::Extreme => &["Extreme", "Unreasonable"],
    }
}

/// Solo's generator median and mean in ms for `solo_level`, from the shared file's header.
fn solo_figures(header: &str, solo_level: &str) -> Option<(f64, f64)> {
    let line = header.lines().find(|l| l.trim_start_matches(['#', ' ']).starts_with(solo_level))?;
    let figure = |name: &str| -> Option<f64> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == name)?;
        words.get(at + 1)?.parse::<f64>().ok().map(|s| s * 1000.0)
    };
    Some((figure("median")?, figure("mean")?))
}

fn per_level(c: &mut Criterion) {
    let never = AtomicBool::new(false);
    let mut group = c.benchmark_group("generate_killer");
    group.sample_size(10);
    for level in Level::ALL {
        let mut seed = 0u64;
        group.bench_function(level.name(), |b| {
            b.iter(|| {
                seed = (seed + 1) % PUZZLES;
                black_box(generate_killer(level, black_box(seed), &never))
            })
        });
    }
    group.finish();
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The table of medians per level, ours beside Solo's.
fn table(_: &mut Criterion) {
    let never = AtomicBool::new(false);
    let header = std::fs::read_to_string(FILE).unwrap_or_default();
    println!(
        "{:<8} {:>10} {:>8} {:>10} {:>4} {:>9}   Solo median / mean ms",
        "level", "median ms", "p95 ms", "target ms", "ok", "at level"
    );
    for level in Level::ALL {
        let mut at_level = 0;
        let mut times: Vec<Duration> = (0..PUZZLES)
            .map(|seed| {
                (0..RUNS)
                    .map(|_| {
                        let start = Instant::now();
                        let generated = generate_killer(level, seed, &never).expect("not cancelled");
                        let elapsed = start.elapsed();
                        at_level += usize::from(generated.rating.level == level);
                        elapsed
                    })
                    .min()
                    .unwrap_or_default()
            })
            .collect();
        times.sort();
        let median = times[times.len() / 2];
        let p95 = times[(times.len() * 95).div_ceil(100) - 1];
        let solo: Vec<String> = solo_levels(level)
            .iter()
            .map(|&name| match solo_figures(&header, name) {
                Some((median, mean)) => format!("{name} {median:.0} / {mean:.0}"),
                None => format!("{name} ?"),
            })
            .collect();
        println!(
            "{:<8} {:>10.1} {:>8.1} {:>10.0} {:>4} {:>9}   {}",
            level.name(),
            ms(median),
            ms(p95),
            ms(target(level)),
            if median < target(level) { "yes" } else { "NO" },
            format!("{}/{}", at_level / RUNS, PUZZLES),
            solo.join(", ")
        );
    }
}

criterion_group!(benches, per_level, table);
criterion_main!(benches);
