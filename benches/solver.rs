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

/// Each side runs this many rounds (unless `TERMDOKU_BENCH_ROUNDS` says otherwise), alternating
/// with the other, and keeps its best round: on a shared machine the best round is the one least
/// disturbed by other load. With three rounds of half a second, eight runs on one virtual machine
/// gave se11 solve ratios from 1.34 to 1.59 (count: 1.18 to 1.62) for the same two binaries; with
/// ten rounds of a fifth of a second, 1.49 to 1.53 in quiet hours.
const ROUNDS: usize = 10;
/// Each round repeats the whole file until at least this much CPU time has passed.
const MIN_ROUND: Duration = Duration::from_millis(200);

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

/// A clock for one round: the CPU time of this thread, so that time spent waiting for a core on a
/// busy machine is not counted.
struct RoundClock(Duration);

impl RoundClock {
    fn start() -> RoundClock {
        RoundClock(thread_cpu_time())
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

/// Puzzles per second of one round of `run` over `count` puzzles, repeating until `MIN_ROUND`.
fn round(count: usize, run: &mut impl FnMut() -> usize) -> f64 {
    let clock = RoundClock::start();
    let mut solved = 0;
    let mut repeats = 0;
    while repeats == 0 || clock.elapsed() < MIN_ROUND {
        solved += black_box(run());
        repeats += 1;
    }
    assert_eq!(solved, count * repeats, "every puzzle must be solved");
    (count * repeats) as f64 / clock.elapsed().as_secs_f64()
}

/// The best puzzles-per-second of `ours` and of `theirs` over interleaved rounds.
fn compare(count: usize, mut ours: impl FnMut() -> usize, mut theirs: impl FnMut() -> usize) -> (f64, f64) {
    let rounds = env_number("TERMDOKU_BENCH_ROUNDS").unwrap_or(ROUNDS).max(1);
    let (mut best_ours, mut best_theirs) = (0.0f64, 0.0f64);
    for index in 0..rounds {
        // Each side goes first in every other round, so that a slow drift favours neither.
        if index % 2 == 0 {
            best_ours = best_ours.max(round(count, &mut ours));
            best_theirs = best_theirs.max(round(count, &mut theirs));
        } else {
            best_theirs = best_theirs.max(round(count, &mut theirs));
            best_ours = best_ours.max(round(count, &mut ours));
        }
    }
    (best_ours, best_theirs)
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

        let (ours_one, theirs_one) = compare(
            n,
            || ours.iter().filter(|g| solve(g).is_some()).count(),
            || theirs.iter().filter(|s| s.some_solution().is_some()).count(),
        );
        report(&file, "solve", ours_one, theirs_one);

        // Multi-solution files count 2; the rest count 1: compare the sums, not a fixed answer.
        let (ours_two, theirs_two) = compare(
            n,
            || ours.iter().filter(|g| count_solutions(g, 2) >= 1).count(),
            || theirs.iter().filter(|s| s.solutions_count_up_to(2) >= 1).count(),
        );
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
