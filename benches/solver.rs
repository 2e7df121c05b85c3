//! Solver benchmark: termdoku's exact solver side by side with the `sudoku` crate (JCZSolve port)
//! on the shared puzzle files. Prints puzzles per second for both and the ratio ours/theirs, for
//! two tasks: finding one solution, and counting solutions up to 2 (the uniqueness check).
//!
//! Run with `cargo bench --bench solver`. `TERMDOKU_BENCH_LIMIT=N` caps the puzzles read per file;
//! `TERMDOKU_BENCH_ONLY=termdoku` (or `sudoku`) solves each file once with that solver only, for
//! instruction counts (`valgrind --tool=cachegrind`), which stay stable on a busy machine where
//! timings do not; `TERMDOKU_BENCH_REPEAT=N` then goes over each file N times (for timing one
//! solver with `perf stat`). `TERMDOKU_BENCH_FILE=top1465` keeps only the files whose name contains it;
//! `TERMDOKU_BENCH_ROUNDS=N` sets how many rounds each side runs.

use std::hint::black_box;
use std::time::Duration;

use termdoku::engine::{Grid, count_solutions, solve};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/tdoku");

/// The files and how many of their puzzles to solve (`None`: all).
const FILES: [(&str, Option<usize>); 4] = [
    ("17_clue.txt", None),
    ("top1465.txt", None),
    ("forum_hardest_1106.txt", None),
    ("forum_hardest_se11.txt", Some(10_000)),
];

/// Each side runs this many rounds (unless `TERMDOKU_BENCH_ROUNDS` says otherwise) over every chunk
/// of a file, alternating with the other side chunk by chunk, and keeps its best time for each
/// chunk: on a shared machine a disturbance of a few tenths of a second then costs one chunk's
/// round, not a whole round of the file. Six runs of each on one virtual machine within an hour
/// (three of each back to back, three alternating), against the earlier protocol (each side's
/// best of ten rounds of the whole file): se11 solve ratios 1.49 to 1.53 against 1.45 to 1.57,
/// and 17-clue solve 1.20 to 1.25 against 1.18 to 1.42.
const ROUNDS: usize = 10;
/// The number of chunks a file is cut into (fewer for files of fewer puzzles).
const CHUNKS: usize = 20;
/// Each side repeats a chunk until at least this much CPU time has passed, so that short chunks
/// are timed as precisely as long ones.
const MIN_CHUNK: Duration = Duration::from_millis(20);

/// The files to run, after the `TERMDOKU_BENCH_FILE` filter.
fn files() -> impl Iterator<Item = (&'static str, Option<usize>)> {
    let filter = std::env::var("TERMDOKU_BENCH_FILE").unwrap_or_default();
    FILES.into_iter().filter(move |(name, _)| name.contains(&filter))
}

/// The number in the environment variable `name`, if it is set to one.
fn env_number(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn read_puzzles(name: &str, limit: Option<usize>) -> Vec<String> {
    let path = format!("{DATA}/{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let env_limit = env_number("TERMDOKU_BENCH_LIMIT");
    let limit = match (limit, env_limit) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(usize::MAX),
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(limit)
        .map(str::to_owned)
        .collect()
}

/// A clock for one timing: the CPU time of this thread, so that time spent waiting for a core on
/// a busy machine is not counted.
struct CpuClock(Duration);

impl CpuClock {
    fn start() -> CpuClock {
        CpuClock(thread_cpu_time())
    }

    fn elapsed(&self) -> Duration {
        thread_cpu_time().saturating_sub(self.0)
    }
}

/// The CPU time of the calling thread, to the nanosecond (`/proc/thread-self/stat` counts in
/// steps of 10 ms, more than 1% of a round, and `schedstat` moves only at scheduler ticks).
fn thread_cpu_time() -> Duration {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(now.tv_sec.unsigned_abs(), now.tv_nsec.try_into().unwrap_or(0))
}

/// Seconds per puzzle of `solves` on `chunk`, repeating the chunk until `MIN_CHUNK`.
fn time_chunk<T>(chunk: &[T], solves: &impl Fn(&T) -> bool) -> f64 {
    let clock = CpuClock::start();
    let mut solved = 0;
    let mut repeats = 0;
    while repeats == 0 || clock.elapsed() < MIN_CHUNK {
        solved += black_box(chunk).iter().filter(|p| solves(p)).count();
        repeats += 1;
    }
    assert_eq!(solved, chunk.len() * repeats, "every puzzle must be solved");
    clock.elapsed().as_secs_f64() / (chunk.len() * repeats) as f64
}

/// Puzzles per second of `ours` on `our_puzzles` and of `theirs` on `their_puzzles` (the same
/// puzzles, each side's own type): for every chunk each side's best time over the rounds, the
/// sides alternating chunk by chunk; the rate is the puzzles over the sum of the best times.
fn compare<A, B>(
    our_puzzles: &[A],
    their_puzzles: &[B],
    ours: impl Fn(&A) -> bool,
    theirs: impl Fn(&B) -> bool,
) -> (f64, f64) {
    let rounds = env_number("TERMDOKU_BENCH_ROUNDS").unwrap_or(ROUNDS).max(1);
    let size = our_puzzles.len().div_ceil(CHUNKS).max(1);
    let chunks: Vec<(&[A], &[B])> = our_puzzles.chunks(size).zip(their_puzzles.chunks(size)).collect();
    let mut best = vec![(f64::INFINITY, f64::INFINITY); chunks.len()];
    for index in 0..rounds {
        for (number, ((mine, other), (best_ours, best_theirs))) in chunks.iter().zip(&mut best).enumerate() {
            // Each side goes first in every other chunk, so that a slow drift favours neither.
            if (index + number) % 2 == 0 {
                *best_ours = best_ours.min(time_chunk(mine, &ours));
                *best_theirs = best_theirs.min(time_chunk(other, &theirs));
            } else {
                *best_theirs = best_theirs.min(time_chunk(other, &theirs));
                *best_ours = best_ours.min(time_chunk(mine, &ours));
            }
        }
    }
    let total = |side: fn(&(f64, f64)) -> f64| {
        chunks.iter().zip(&best).map(|((chunk, _), times)| chunk.len() as f64 * side(times)).sum::<f64>()
    };
    let n = our_puzzles.len() as f64;
    (n / total(|t| t.0), n / total(|t| t.1))
}

fn report(file: &str, task: &str, ours: f64, theirs: f64) {
    println!("{file:<24} {task:<10} {ours:>12.0} {theirs:>12.0} {:>8.2}", ours / theirs);
}

fn main() {
    if let Ok(which) = std::env::var("TERMDOKU_BENCH_ONLY") {
        return only(&which);
    }
    println!("{:<24} {:<10} {:>12} {:>12} {:>8}", "file", "task", "termdoku/s", "sudoku/s", "ratio");
    for (name, limit) in files() {
        let lines = read_puzzles(name, limit);
        let ours: Vec<Grid> = lines.iter().map(|l| l.parse().expect("benchmark puzzles parse")).collect();
        let theirs: Vec<sudoku::Sudoku> =
            lines.iter().map(|l| sudoku::Sudoku::from_str_line(l).expect("the crate parses them")).collect();
        let n = lines.len();
        let file = format!("{name} ({n})");

        let (ours_one, theirs_one) =
            compare(&ours, &theirs, |g| solve(g).is_some(), |s| s.some_solution().is_some());
        report(&file, "solve", ours_one, theirs_one);

        // Multi-solution files count 2; the rest count 1: every puzzle has at least one.
        let (ours_two, theirs_two) =
            compare(&ours, &theirs, |g| count_solutions(g, 2) >= 1, |s| s.solutions_count_up_to(2) >= 1);
        report(&file, "count<=2", ours_two, theirs_two);
    }
}

/// Every file once with one solver (`termdoku` or `sudoku`): one solve and one count per puzzle,
/// or only one of them with `TERMDOKU_BENCH_TASK=solve` (or `count`).
fn only(which: &str) {
    let task = std::env::var("TERMDOKU_BENCH_TASK").unwrap_or_default();
    let (solving, counting) = (task != "count", task != "solve");
    let repeats: usize = env_number("TERMDOKU_BENCH_REPEAT").unwrap_or(1);
    for (name, limit) in files() {
        let lines = read_puzzles(name, limit);
        let lines: Vec<&String> = std::iter::repeat_n(&lines, repeats).flatten().collect();
        let solved = match which {
            "termdoku" => lines
                .iter()
                .map(|l| l.parse::<Grid>().expect("benchmark puzzles parse"))
                .filter(|g| (!solving || solve(g).is_some()) && (!counting || count_solutions(g, 2) >= 1))
                .count(),
            "sudoku" => lines
                .iter()
                .map(|l| sudoku::Sudoku::from_str_line(l).expect("the crate parses them"))
                .filter(|s| {
                    (!solving || s.some_solution().is_some())
                        && (!counting || s.solutions_count_up_to(2) >= 1)
                })
                .count(),
            other => panic!("TERMDOKU_BENCH_ONLY must be termdoku or sudoku, not {other}"),
        };
        println!("{name}: {solved} of {} solved by {which}", lines.len());
    }
}
