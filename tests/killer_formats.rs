//! Killer formats against Solo's 336 shared puzzles (`../shared/data/killer/solo_killer.txt`): the
//! fourth field of every line, Solo's game id, decodes to the line's puzzle and our encoder writes
//! it back character for character; and the exact solver's time per puzzle.

use std::time::{Duration, Instant};

mod killer_support;

use killer_support::shared_lines;
use termdoku::engine::count_killer_solutions;
use termdoku::engine::text::{SoloLevel, parse_killer_line, parse_solo_id, solo_id};

#[test]
fn every_solo_id_decodes_to_its_line_and_encodes_back() {
    let lines = shared_lines();
    assert_eq!(lines.len(), 336);
    for fields in &lines {
        let [line, _solution, level, id] = &fields[..] else { panic!("{fields:?}: expected 4 fields") };
        let (givens, cages) = parse_killer_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let read = parse_solo_id(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(read.givens, givens, "{id}");
        assert_eq!(read.cages.as_ref(), Some(&cages), "{id}");
        let level = SoloLevel::from_name(level).unwrap_or_else(|| panic!("{level}: a Solo level"));
        let expected_code = (level != SoloLevel::Trivial).then_some(level);
        assert_eq!(read.level, expected_code, "{id}");
        assert_eq!(&solo_id(&givens, Some(&cages), Some(level)), id, "{line}");
    }
}

/// The exact solver counts the solutions (up to 2, as a uniqueness check does) of every shared
/// puzzle, single-threaded; each puzzle's time is the best of three runs, to keep other work on the
/// machine out of the figure. Targets: median under 1 ms, worst under 50 ms.
#[test]
fn the_exact_solver_is_fast_on_every_shared_puzzle() {
    let mut times: Vec<Duration> = Vec::new();
    for fields in shared_lines() {
        let (givens, cages) = parse_killer_line(&fields[0]).unwrap_or_else(|e| panic!("{}: {e}", fields[0]));
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let start = Instant::now();
            let count = count_killer_solutions(&givens, &cages, 2);
            best = best.min(start.elapsed());
            assert_eq!(count, 1, "{}", fields[0]);
        }
        times.push(best);
    }
    times.sort();
    let (median, worst) = (times[times.len() / 2], times[times.len() - 1]);
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    eprintln!(
        "killer solver over {} puzzles: median {median:?}, mean {mean:?}, worst {worst:?}",
        times.len()
    );
    assert!(median < Duration::from_millis(1), "median {median:?}");
    assert!(worst < Duration::from_millis(50), "worst {worst:?}");
}
