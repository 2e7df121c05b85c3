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
