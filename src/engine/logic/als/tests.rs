//! Tests of the ALS techniques: drawn and library positions, and soundness along real paths.

#[cfg(test)]
mod explore {
    use super::super::*;
    use crate::engine::logic::test_support::position;

    fn rcc_overlap(a: &Als, b: &Als) -> DigitSet {
        let overlap = a.cells & b.cells;
        (a.digits & b.digits)
            .iter()
            .filter(|&d| {
                !(a.cells_with(d) | b.cells_with(d)).intersects(overlap)
                    && (a.cells_with(d) - overlap).is_subset(b.seen_by(d) | overlap)
            })
            .collect()
    }

    #[test]
    #[ignore]
    fn explore_xy() {
        let line = std::env::var("LINE").unwrap();
        let grid = position(&line);
        let index = AlsIndex::new(&grid);
        let n = index.sets.len();
        eprintln!("{n} sets");
        let target: Vec<Candidate> = crate::engine::logic::test_support::cands(&std::env::var("T").unwrap());
        for c in 0..n {
            for a in 0..n {
                for b in a + 1..n {
                    let (sc, sa, sb) = (index.set(c), index.set(a), index.set(b));
                    let ra = rcc_overlap(sc, sa);
                    let rb = rcc_overlap(sc, sb);
                    for x in ra {
                        for y in rb {
                            if x == y { continue; }
                            let mut sh = sa.digits & sb.digits;
                            sh.remove(x);
                            sh.remove(y);
                            for z in sh {
                                let e: Vec<Candidate> = removable(&grid, z, sa.seen_by(z) & sb.seen_by(z)).collect();
                                if e.iter().any(|c| target.contains(c)) {
                                    eprintln!("C={} A={} B={} x={x} y={y} z={z} elims={e:?}", sc.describe(), sa.describe(), sb.describe());
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod timing {
    use crate::engine::logic::{Technique, find_all, find_first, next_step};
    use crate::engine::{Candidates, Puzzle};
    use std::time::{Duration, Instant};

    #[test]
    #[ignore]
    fn als_timing() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/tdoku/top1465.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let take: usize = std::env::var("TAKE").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
        let techs = [Technique::SueDeCoq, Technique::AlsXz, Technique::AlsXyWing, Technique::AlsChain, Technique::DeathBlossom];
        let mut first = vec![Vec::new(); techs.len()];
        let mut all = vec![Vec::new(); techs.len()];
        let mut counts = vec![0usize; techs.len()];
        let mut checked = 0;
        let mut steps = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')).take(take) {
            let puzzle: Puzzle = line.trim().parse().unwrap();
            let solution = puzzle.solution();
            let mut grid = Candidates::from_grid(puzzle.givens());
            loop {
                let s = Instant::now();
                let Some(step) = next_step(&grid) else { break };
                steps.push(s.elapsed());
                for (i, &t) in techs.iter().enumerate() {
                    let s = Instant::now();
                    let _ = find_first(t, &grid);
                    first[i].push(s.elapsed());
                    let s = Instant::now();
                    let found = if std::env::var("ALL").is_ok() { find_all(t, &grid) } else { Vec::new() };
                    all[i].push(s.elapsed());
                    counts[i] += found.len();
                    for f in &found {
                        crate::engine::logic::test_support::assert_step_sound(f, solution, line);
                        checked += 1;
                    }
                }
                step.apply_to(&mut grid);
            }
        }
        eprintln!("checked {checked}");
        steps.sort();
        eprintln!("next_step med {:?} p99 {:?} max {:?}", steps[steps.len() / 2], steps[steps.len() * 99 / 100], steps[steps.len() - 1]);
        for (i, t) in techs.iter().enumerate() {
            let stat = |v: &mut Vec<Duration>| {
                v.sort();
                let n = v.len();
                format!("med {:?} p99 {:?} max {:?}", v[n / 2], v[n * 99 / 100], v[n - 1])
            };
            eprintln!("{t}: first {} | all {} | found {}", stat(&mut first[i]), stat(&mut all[i]), counts[i]);
        }
    }
}
