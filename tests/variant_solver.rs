//! The exact solver on Sudoku X, jigsaw, Killer X and Jigsaw Killer: its count of solutions (none,
//! one, two or more) agrees with an independent count on generated puzzles, on those puzzles with
//! a given removed or a digit changed, and on hand-made ones (a conflicting given in a diagonal or
//! a region, an impossible cage, an empty grid). The independent count is a plain backtracking
//! search written here: it builds its own houses from the layout's region numbers and diagonals,
//! and its own cage check, sharing no code with the solver.
//!
//! Speed: `cargo test --test variant_solver -- --ignored --nocapture` prints the median time of a
//! uniqueness check per variant.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use termdoku::engine::killer::{Cage, Cages};
use termdoku::engine::logic::Level;
use termdoku::engine::{
    Cell, Digit, GenerateOptions, Grid, Layout, Puzzle, Symmetry, Uniqueness, Variant, check_unique_of,
    count_solutions_of, generate, solve_of,
};

/// The four variants this test is about.
const VARIANTS: [Variant; 4] = [Variant::X, Variant::Jigsaw, Variant::KillerX, Variant::KillerJigsaw];

/// The independent counter's view of the rules: every cell's peers, and the cages as cell lists
/// with sums.
struct Plain {
    peers: Vec<Vec<usize>>,
    cages: Vec<(Vec<usize>, u32)>,
    cage_of: Vec<Option<usize>>,
}

impl Plain {
    fn new(layout: &Layout, cages: Option<&Cages>) -> Plain {
        let regions = layout.region_numbers();
        let mut houses: Vec<Vec<usize>> = Vec::new();
        for i in 0..9 {
            houses.push((0..9).map(|c| i * 9 + c).collect());
            houses.push((0..9).map(|r| r * 9 + i).collect());
            houses.push((0..81).filter(|&cell| usize::from(regions[cell]) == i).collect());
        }
        if layout.has_diagonals() {
            houses.push((0..9).map(|i| i * 9 + i).collect());
            houses.push((0..9).map(|i| i * 9 + 8 - i).collect());
        }
        let mut peers = vec![Vec::new(); 81];
        for house in &houses {
            assert_eq!(house.len(), 9, "every house has nine cells");
            for &a in house {
                for &b in house {
                    if a != b && !peers[a].contains(&b) {
                        peers[a].push(b);
                    }
                }
            }
        }
        let cages: Vec<(Vec<usize>, u32)> = cages
            .map(|c| {
                c.as_slice()
                    .iter()
                    .map(|cage| (cage.cells().iter().map(Cell::index).collect(), cage.sum()))
                    .collect()
            })
            .unwrap_or_default();
        let mut cage_of = vec![None; 81];
        for (index, (cells, _)) in cages.iter().enumerate() {
            for &cell in cells {
                cage_of[cell] = Some(index);
            }
        }
        Plain { peers, cages, cage_of }
    }

    /// Whether `digit` may go in `cell` of `values`: no peer or cage mate holds it, and the cage
    /// can still reach its sum with distinct digits in its other open cells.
    fn allows(&self, values: &[u8; 81], cell: usize, digit: u8) -> bool {
        if self.peers[cell].iter().any(|&p| values[p] == digit) {
            return false;
        }
        let Some(cage) = self.cage_of[cell] else { return true };
        let (cells, sum) = &self.cages[cage];
        let mut used = 1u16 << digit;
        let mut total = u32::from(digit);
        let mut open = 0;
        for &c in cells {
            if c == cell {
                continue;
            }
            match values[c] {
                0 => open += 1,
                v if used & (1 << v) != 0 => return false,
                v => {
                    used |= 1 << v;
                    total += u32::from(v);
                }
            }
        }
        if total > *sum {
            return false;
        }
        // Some `open` distinct unused digits must make up the rest.
        let rest = sum - total;
        let free: Vec<u32> = (1..=9u32).filter(|&d| used & (1 << d) == 0).collect();
        if free.len() < open {
            return false;
        }
        let low: u32 = free.iter().take(open).sum();
        let high: u32 = free.iter().rev().take(open).sum();
        low <= rest && rest <= high && (open > 0 || rest == 0)
    }

    /// The solutions of `values`, counted up to `limit`: the empty cell with the fewest digits
    /// allowed is tried with each of them.
    fn count(&self, values: &mut [u8; 81], limit: usize) -> usize {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for cell in 0..81 {
            if values[cell] != 0 {
                continue;
            }
            let digits: Vec<u8> = (1..=9).filter(|&d| self.allows(values, cell, d)).collect();
            if best.as_ref().is_none_or(|(_, b)| digits.len() < b.len()) {
                let done = digits.is_empty();
                best = Some((cell, digits));
                if done {
                    break;
                }
            }
        }
        let Some((cell, digits)) = best else { return 1 };
        let mut found = 0;
        for digit in digits {
            values[cell] = digit;
            found += self.count(values, limit - found);
            values[cell] = 0;
            if found >= limit {
                break;
            }
        }
        found
    }

    /// The independent count of `grid`'s solutions up to `limit` (0 when two givens clash).
    fn count_grid(&self, grid: &Grid, limit: usize) -> usize {
        let mut values = [0u8; 81];
        for cell in Cell::ALL {
            values[cell.index()] = grid.get(cell).map_or(0, Digit::get);
        }
        for cell in 0..81 {
            let digit = values[cell];
            if digit != 0 {
                values[cell] = 0;
                let ok = self.allows(&values, cell, digit);
                values[cell] = digit;
                if !ok {
                    return 0;
                }
            }
        }
        self.count(&mut values, limit)
    }
}

/// Checks the solver against the plain count on `grid` under `layout` and `cages`, returning the
/// count (capped at 2).
fn agree(what: &str, grid: &Grid, layout: &Layout, cages: Option<&Cages>) -> usize {
    let plain = Plain::new(layout, cages).count_grid(grid, 2);
    let count = count_solutions_of(grid, layout, cages, 2);
    assert_eq!(count, plain, "{what}: the solver counts {count}, the plain search {plain}");
    match check_unique_of(grid, layout, cages) {
        Uniqueness::NoSolution => assert_eq!(plain, 0, "{what}"),
        Uniqueness::Unique(solution) => {
            assert_eq!(plain, 1, "{what}");
            assert!(layout.is_solved(&solution) && grid.is_consistent_with(&solution), "{what}");
        }
        Uniqueness::Multiple => assert_eq!(plain, 2, "{what}"),
    }
    assert_eq!(solve_of(grid, layout, cages).is_some(), plain > 0, "{what}");
    plain
}

fn generated(variant: Variant, level: Level, seed: u64) -> Puzzle {
    let options = GenerateOptions { variant, level, symmetry: Symmetry::None, seed };
    generate(&options, &AtomicBool::new(false)).expect("not cancelled").puzzle
}

#[test]
fn generated_puzzles_and_their_neighbours_agree_with_a_plain_count() {
    let mut counts = [0usize; 3];
    for variant in VARIANTS {
        for seed in 0..6 {
            let level = [Level::Easy, Level::Medium, Level::Hard][seed as usize % 3];
            let puzzle = generated(variant, level, seed);
            assert_eq!(puzzle.variant(), variant);
            let (layout, cages) = (puzzle.layout(), puzzle.cages());
            let what = format!("{variant} seed {seed}");
            assert_eq!(
                agree(&what, puzzle.givens(), layout, cages),
                1,
                "{what}: a generated puzzle is unique"
            );
            counts[1] += 1;
            // A given removed (a killer has none: a unit of sum moved below instead).
            let mut fewer = *puzzle.givens();
            if let Some(cell) = fewer.filled().iter().next() {
                fewer.set(cell, None);
                counts[agree(&format!("{what} less a given"), &fewer, layout, cages)] += 1;
            }
            // A wrong digit in an empty cell that clashes with no given: most often no solution.
            let solution = puzzle.solution();
            let wrong = Cell::ALL.iter().find_map(|&cell| {
                if puzzle.givens().get(cell).is_some() {
                    return None;
                }
                let right = solution.get(cell)?;
                Digit::ALL.into_iter().filter(|&d| d != right).find_map(|d| {
                    let mut grid = *puzzle.givens();
                    grid.set(cell, Some(d));
                    layout.first_conflict(&grid).is_none().then_some(grid)
                })
            });
            let wrong = wrong.expect("some wrong digit clashes with nothing");
            counts[agree(&format!("{what} with a wrong digit"), &wrong, layout, cages)] += 1;
            if let Some(cages) = cages {
                let moved = with_a_sum_moved(cages);
                let what = format!("{what} with a sum moved");
                counts[agree(&what, puzzle.givens(), layout, Some(&moved))] += 1;
            }
        }
    }
    assert!(counts.iter().all(|&n| n > 0), "every outcome met: {counts:?}");
}

/// `cages` with one unit of sum moved from one cage to another (the total stays 405), the first
/// such move that keeps every sum in its range.
fn with_a_sum_moved(cages: &Cages) -> Cages {
    let list = cages.as_slice();
    (0..list.len())
        .flat_map(|from| (0..list.len()).map(move |to| (from, to)))
        .filter(|(from, to)| from != to)
        .find_map(|(from, to)| {
            let moved = list
                .iter()
                .enumerate()
                .map(|(i, cage)| {
                    let sum = if i == from {
                        cage.sum() - 1
                    } else if i == to {
                        cage.sum() + 1
                    } else {
                        cage.sum()
                    };
                    Cage::new(cage.cells(), sum)
                })
                .collect();
            Cages::new(moved).ok()
        })
        .expect("some sum can move")
}

fn grid_with(digits: &[(usize, usize, u8)]) -> Grid {
    let mut grid = Grid::empty();
    for &(row, col, digit) in digits {
        grid.set(Cell::at(row, col), Digit::new(digit));
    }
    grid
}

#[test]
fn a_conflict_in_a_diagonal_has_no_solution_though_rows_columns_and_boxes_allow_it() {
    let x = Layout::x();
    let grid = grid_with(&[(0, 0, 5), (4, 4, 5)]);
    assert_eq!(agree("5 twice in the main diagonal", &grid, &x, None), 0);
    assert_eq!(agree("the same under classic rules", &grid, Layout::classic_ref(), None), 2);
    let grid = grid_with(&[(0, 8, 3), (8, 0, 3)]);
    assert_eq!(agree("3 twice in the anti-diagonal", &grid, &x, None), 0);
    assert_eq!(agree("the empty X grid", &Grid::empty(), &x, None), 2);
    // No clash, but the diagonal's eight givens leave the centre no digit but one the column has.
    let grid = grid_with(&[
        (0, 0, 1),
        (1, 1, 2),
        (2, 2, 3),
        (3, 3, 4),
        (5, 5, 6),
        (6, 6, 7),
        (7, 7, 8),
        (8, 8, 9),
        (0, 4, 5),
    ]);
    assert_eq!(agree("the centre's only digit is in its column", &grid, &x, None), 0);
}

#[test]
fn a_conflict_in_a_jigsaw_region_has_no_solution() {
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(4);
    let layout = termdoku::engine::generator::jigsaw_layout(&mut rng);
    // Two cells of one region in different rows, columns and boxes.
    let region = layout.regions()[0];
    let cells: Vec<Cell> = layout.set(region).iter().collect();
    let (a, b) = cells
        .iter()
        .flat_map(|&a| cells.iter().map(move |&b| (a, b)))
        .find(|(a, b)| a.row() != b.row() && a.col() != b.col() && a.box_index() != b.box_index())
        .expect("a region spread over rows and columns");
    let mut grid = Grid::empty();
    grid.set(a, Digit::new(7));
    grid.set(b, Digit::new(7));
    assert_eq!(agree("7 twice in a region", &grid, &layout, None), 0);
    assert_eq!(agree("the same under classic rules", &grid, Layout::classic_ref(), None), 2);
    assert_eq!(agree("the empty jigsaw grid", &Grid::empty(), &layout, None), 2);
}

#[test]
fn an_impossible_cage_has_no_solution() {
    let x = Layout::x();
    // A two-cell cage of 3 on the main diagonal with a 1 given elsewhere on it: 1+2 cannot fit.
    let pair = Cage::new([Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect(), 3);
    let lone = Cages::new(vec![pair]).expect("one cage");
    let grid = grid_with(&[(4, 4, 1), (2, 1, 2)]);
    assert_eq!(agree("a cage of 3 with neither 1 nor 2 free", &grid, &x, Some(&lone)), 0);
    assert_eq!(agree("the same cage without the givens", &Grid::empty(), &x, Some(&lone)), 2);
    // A two-cell cage of 17 (8 + 9) in a column, with a 9 given in both its rows.
    let pair = Cage::new([Cell::at(0, 0), Cell::at(1, 0)].into_iter().collect(), 17);
    let lone = Cages::new(vec![pair]).expect("one cage");
    let grid = grid_with(&[(0, 5, 9), (1, 6, 9)]);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(8);
    let jigsaw = termdoku::engine::generator::jigsaw_layout(&mut rng);
    for layout in [&x, &jigsaw] {
        if layout.first_conflict(&grid).is_none() {
            assert_eq!(agree("a cage of 17 with no 9 free", &grid, layout, Some(&lone)), 0);
        }
    }
}

fn median_micros(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The median time of a uniqueness check (count up to 2) per variant, over generated puzzles of
/// every level. The machine may be shared: each figure is the best of a few runs per puzzle.
#[test]
#[ignore = "a timing survey, not a check: run with --ignored --nocapture"]
fn solver_speed() {
    for variant in [Variant::Classic, Variant::Killer].into_iter().chain(VARIANTS) {
        let mut times = Vec::new();
        for seed in 0..20 {
            let level = Level::ALL[seed as usize % 5];
            let puzzle = generated(variant, level, seed);
            let (grid, layout, cages) = (puzzle.givens(), puzzle.layout(), puzzle.cages());
            let best = (0..5)
                .map(|_| {
                    let start = Instant::now();
                    assert_eq!(count_solutions_of(grid, layout, cages, 2), 1);
                    start.elapsed().as_secs_f64() * 1e6
                })
                .fold(f64::INFINITY, f64::min);
            times.push(best);
        }
        let max = times.iter().copied().fold(0.0, f64::max);
        println!(
            "{variant:>14}: median {:8.1} µs, max {:8.1} µs over {} puzzles",
            median_micros(times),
            max,
            20
        );
    }
}
