//! Killer solver benchmark (criterion): the exact killer solver over Solo's 336 shared killers
//! (`../shared/data/killer/solo_killer.txt`), counting solutions up to 2 (the uniqueness check) and
//! finding one solution, the whole file per iteration; then a per-puzzle median and worst, timed
//! once each, single-threaded.
//!
//! Run with `cargo bench --bench killer_solver`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use termdoku::engine::killer::Cages;
use termdoku::engine::text::parse_killer_line;
use termdoku::engine::{Grid, count_killer_solutions, solve_killer};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/killer/solo_killer.txt");

/// Every puzzle of the shared file.
fn shared_killers() -> Vec<(Grid, Cages)> {
    let text = std::fs::read_to_string(FILE).unwrap_or_else(|e| panic!("cannot read {FILE}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| parse_killer_line(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn whole_file(c: &mut Criterion) {
    let killers = shared_killers();
    let mut group = c.benchmark_group("killer solver, 336 Solo killers");
    group.sample_size(20);
    group.bench_function("count solutions up to 2", |b| {
        b.iter(|| {
            killers.iter().map(|(g, k)| count_killer_solutions(black_box(g), black_box(k), 2)).sum::<usize>()
        })
    });
    group.bench_function("solve", |b| {
        b.iter(|| killers.iter().filter_map(|(g, k)| solve_killer(black_box(g), black_box(k))).count())
    });
    group.finish();
}

/// The median and worst time of one uniqueness check, each puzzle timed on its own (best of 3).
fn per_puzzle(_: &mut Criterion) {
    let mut times: Vec<Duration> = shared_killers()
        .iter()
        .map(|(g, k)| {
            (0..3)
                .map(|_| {
                    let start = Instant::now();
                    black_box(count_killer_solutions(black_box(g), black_box(k), 2));
                    start.elapsed()
                })
                .min()
                .unwrap_or_default()
        })
        .collect();
    times.sort();
    println!(
        "killer solver per puzzle (count to 2, best of 3): median {:?}, worst {:?} over {} puzzles",
        times[times.len() / 2],
        times[times.len() - 1],
        times.len()
    );
}

criterion_group!(benches, whole_file, per_puzzle);
criterion_main!(benches);
