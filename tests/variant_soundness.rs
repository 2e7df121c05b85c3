//! The hint engine on every variant beyond classic: Sudoku X, jigsaw, Killer X and Jigsaw Killer.
//! For each, puzzles are made here from fixed seeds (a random full grid of the layout; jigsaw
//! layouts grown from the boxes by swapping border cells; killer cages grown over the solution
//! with their sums; givens removed while the puzzle stays unique), and the hint path
//! ([`next_step`], what the `hint` command, the game and the grader take) is walked to the end:
//! every placement must be the solution's digit and no elimination may remove it; on a killer, no
//! instance of House Tiling or Band Tiling met on the way may remove it either. The counts per
//! variant (puzzles, steps, steps per technique family, brute-force steps, and the grader's levels)
//! are printed (`cargo test --release --test variant_soundness -- --nocapture`).
//!
//! `VARIANT_PUZZLES` sets the number of puzzles per variant (25 unless set, which keeps the suite
//! quick; `VARIANT_PUZZLES=200` is the full check).

use std::collections::BTreeMap;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use termdoku::engine::killer::{Cage, Cages};
use termdoku::engine::logic::{Level, Technique, find_all, next_step};
use termdoku::engine::{
    Candidates, Cell, CellSet, Grid, Layout, Puzzle, count_solutions_under, random_solution_under_within,
    rate,
};

/// How many puzzles of each variant the walk checks.
fn puzzles_per_variant() -> usize {
    std::env::var("VARIANT_PUZZLES").ok().and_then(|n| n.parse().ok()).unwrap_or(25)
}

/// Two hand-drawn jigsaw layouts (region numbers 1-9 in reading order).
const HAND_JIGSAWS: [&str; 2] = [
    "111113333114233233144222223142256666444555566455558669477788699778889999777788899",
    "112222233111223333111125333444525666447555696447755996447858996777888996778888996",
];

/// A jigsaw layout: a hand-drawn one for the first seeds, then layouts grown from the boxes by
/// swapping the regions of side-by-side cells wherever both regions stay connected.
fn jigsaw_layout(rng: &mut ChaCha8Rng, index: usize) -> Layout {
    if let Some(text) = HAND_JIGSAWS.get(index % 4) {
        let numbers: [u8; 81] = std::array::from_fn(|i| text.as_bytes()[i] - b'1');
        return Layout::jigsaw(&numbers).expect("a hand-drawn jigsaw layout is valid");
    }
    let mut numbers: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
    let mut swaps = 0;
    while swaps < 12 {
        let a = rng.random_range(0..81);
        let b = match rng.random_range(0..2) {
            0 if a % 9 < 8 => a + 1,
            _ if a < 72 => a + 9,
            _ => continue,
        };
        // Swap the regions of two cells that border each other across a region wall, and of a
        // second such pair, so that both regions keep nine cells.
        if numbers[a] == numbers[b] {
            continue;
        }
        let (ra, rb) = (numbers[a], numbers[b]);
        let mut trial = numbers;
        trial[a] = rb;
        let partner = (0..81).filter(|&c| trial[c] == rb && c != a).find(|&c| {
            let mut t = trial;
            t[c] = ra;
            Layout::jigsaw(&t).is_ok()
        });
        if let Some(c) = partner {
            trial[c] = ra;
            numbers = trial;
            swaps += 1;
        }
    }
    Layout::jigsaw(&numbers).expect("every swap kept the layout valid")
}

/// Killer cages grown at random over `solution`: cages of one to five cells, connected, with no
/// repeated digit, covering the grid, each with its sum.
fn random_cages(solution: &Grid, rng: &mut ChaCha8Rng) -> Cages {
    let mut free = CellSet::ALL;
    let mut cages = Vec::new();
    let mut order: Vec<Cell> = Cell::ALL.to_vec();
    order.shuffle(rng);
    for start in order {
        if !free.contains(start) {
            continue;
        }
        let target = rng.random_range(1..=5);
        let mut cells = start.set();
        free.remove(start);
        let digit_of = |c: Cell| solution.get(c).expect("a full grid");
        let mut digits = vec![digit_of(start)];
        while cells.len() < target {
            let options: Vec<Cell> = cells
                .iter()
                .flat_map(side_neighbours)
                .filter(|&n| free.contains(n) && !digits.contains(&digit_of(n)))
                .collect();
            let Some(&next) = options.get(rng.random_range(0..options.len().max(1))) else { break };
            cells.insert(next);
            free.remove(next);
            digits.push(digit_of(next));
        }
        let sum = digits.iter().map(|d| u32::from(d.get())).sum();
        cages.push(Cage::new(cells, sum));
    }
    Cages::new(cages).expect("grown cages are valid")
}

/// The cells that share a side with `cell`.
fn side_neighbours(cell: Cell) -> Vec<Cell> {
    let (r, c) = (cell.row(), cell.col());
    let mut out = Vec::new();
    if r > 0 {
        out.push(Cell::at(r - 1, c));
    }
    if r < 8 {
        out.push(Cell::at(r + 1, c));
    }
    if c > 0 {
        out.push(Cell::at(r, c - 1));
    }
    if c < 8 {
        out.push(Cell::at(r, c + 1));
    }
    out
}

/// Nodes the random fill of a layout may search before the layout is passed over: a jigsaw
/// layout drawn at random may have no solution, and proving that takes an exhaustive search.
const FILL_NODES: usize = 20_000;

/// A unique puzzle of `layout` (with cages grown over the solution when `killer`): the givens of
/// a random full grid, removed in random order while the puzzle keeps one solution. `None` when
/// the layout is not filled within [`FILL_NODES`].
fn make_puzzle(layout: &Arc<Layout>, killer: bool, rng: &mut ChaCha8Rng) -> Option<Puzzle> {
    let solution = random_solution_under_within(&Grid::empty(), layout, None, rng, FILL_NODES).flatten()?;
    let cages = killer.then(|| random_cages(&solution, rng));
    let mut givens = solution;
    let mut order: Vec<Cell> = Cell::ALL.to_vec();
    order.shuffle(rng);
    for cell in order {
        let digit = givens.get(cell);
        givens.set(cell, None);
        if count_solutions_under(&givens, layout, cages.as_ref(), 2) != 1 {
            givens.set(cell, digit);
        }
    }
    let puzzle = Puzzle::with_rules(givens, Arc::clone(layout), cages).expect("a unique puzzle");
    assert_eq!(puzzle.solution(), &solution);
    Some(puzzle)
}

/// The family a technique's steps are counted under.
fn family(technique: Technique) -> &'static str {
    use Technique::*;
    match technique {
        FullHouse | NakedSingle | HiddenSingle => "singles",
        LockedPair | LockedTriple | LockedCandidatesPointing | LockedCandidatesClaiming => "intersections",
        NakedPair | NakedTriple | NakedQuadruple | HiddenPair | HiddenTriple | HiddenQuadruple => "subsets",
        BruteForce => "brute force",
        t if Technique::UNIQUENESS.contains(&t) => "uniqueness",
        t if t.code().starts_with('K') => "killer",
        t => match t.level() {
            Level::Easy | Level::Medium | Level::Hard => "fish, wings, single-digit, colours",
            Level::Expert => "chains, ALS, finned fish",
            Level::Extreme => "forcing, templates",
        },
    }
}

/// What the walk over one variant saw.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    steps: usize,
    families: BTreeMap<&'static str, usize>,
    with_brute_force: usize,
    levels: BTreeMap<Level, usize>,
    /// House Tiling (`false`) and Band Tiling (`true`) instances met on the paths.
    tilings: BTreeMap<bool, usize>,
}

impl Tally {
    /// The two tallies added up.
    fn merged(mut self, other: Tally) -> Tally {
        self.puzzles += other.puzzles;
        self.steps += other.steps;
        self.with_brute_force += other.with_brute_force;
        for (family, n) in other.families {
            *self.families.entry(family).or_default() += n;
        }
        for (level, n) in other.levels {
            *self.levels.entry(level).or_default() += n;
        }
        for (band, n) in other.tilings {
            *self.tilings.entry(band).or_default() += n;
        }
        self
    }
}

/// Walks the hint path of `puzzle` to the end, checking every step against the solution.
fn walk(puzzle: &Puzzle, tally: &mut Tally, context: &str) {
    let solution = puzzle.solution();
    let mut grid = Candidates::from_puzzle(puzzle);
    let mut brute = false;
    while !grid.is_solved() {
        let step = next_step(&grid).unwrap_or_else(|| panic!("{context}: the path stops unsolved"));
        // On a killer, every House Tiling and Band Tiling instance keeps the solution too, not
        // only the steps taken.
        if grid.cages().is_some() {
            for technique in [Technique::HouseTiling, Technique::BandTiling] {
                for instance in find_all(technique, &grid) {
                    for e in &instance.eliminations {
                        assert_ne!(
                            solution.get(e.cell),
                            Some(e.digit),
                            "{context}: {}",
                            instance.explanation
                        );
                    }
                    *tally.tilings.entry(technique == Technique::BandTiling).or_default() += 1;
                }
            }
        }
        assert!(!step.is_empty(), "{context}: an empty {} step", step.technique);
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{context}: {}", step.explanation);
        }
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "{context}: {}", step.explanation);
        }
        // Every house the step names is one of the puzzle's, and its summary reads its cells there.
        assert!(step.houses.iter().all(|&h| puzzle.layout().has(h)), "{context}: {step:?}");
        let _ = step.summary();
        let _ = step.pattern_houses();
        brute |= step.technique == Technique::BruteForce;
        *tally.families.entry(family(step.technique)).or_default() += 1;
        tally.steps += 1;
        step.apply_to(&mut grid);
    }
    assert_eq!(&grid.to_grid(), solution, "{context}");
    tally.puzzles += 1;
    tally.with_brute_force += usize::from(brute);
    *tally.levels.entry(rate(puzzle).level).or_default() += 1;
}

/// Makes and walks the puzzles of one variant; `layout_of` gives each puzzle's layout.
fn check_variant(
    name: &str,
    seed: u64,
    killer: bool,
    mut layout_of: impl FnMut(&mut ChaCha8Rng, usize) -> Layout,
) {
    // The puzzles are made in turn from one seed, so that each run checks the same ones, and then
    // walked in parallel.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut puzzles = Vec::new();
    let mut index = 0;
    while puzzles.len() < puzzles_per_variant() {
        let layout = Arc::new(layout_of(&mut rng, index));
        index += 1;
        if let Some(puzzle) = make_puzzle(&layout, killer, &mut rng) {
            puzzles.push((index, puzzle));
        }
    }
    let tally = puzzles
        .par_iter()
        .map(|(index, puzzle)| {
            let mut tally = Tally::default();
            walk(puzzle, &mut tally, &format!("{name} #{index}: {}", puzzle.to_line()));
            tally
        })
        .reduce(Tally::default, Tally::merged);
    let families: Vec<String> = tally.families.iter().map(|(f, n)| format!("{f} {n}")).collect();
    let levels: Vec<String> =
        Level::ALL.iter().map(|l| format!("{l} {}", tally.levels.get(l).copied().unwrap_or(0))).collect();
    println!(
        "{name}: {} puzzles, {} steps, all sound; by family: {}; {} needed brute force; levels: {}; \
         tiling instances on the paths, all sound: {} of House Tiling, {} of Band Tiling",
        tally.puzzles,
        tally.steps,
        families.join(", "),
        tally.with_brute_force,
        levels.join(", "),
        tally.tilings.get(&false).copied().unwrap_or(0),
        tally.tilings.get(&true).copied().unwrap_or(0)
    );
}

#[test]
fn every_hint_step_is_sound_on_sudoku_x() {
    check_variant("x", 4001, false, |_, _| Layout::x());
}

#[test]
fn every_hint_step_is_sound_on_jigsaw() {
    check_variant("jigsaw", 4002, false, jigsaw_layout);
}

#[test]
fn every_hint_step_is_sound_on_killer_x() {
    check_variant("killer-x", 4003, true, |_, _| Layout::x());
}

#[test]
fn every_hint_step_is_sound_on_jigsaw_killer() {
    check_variant("killer-jigsaw", 4004, true, jigsaw_layout);
}
