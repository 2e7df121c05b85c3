//! The givens generator (classic, Sudoku X and jigsaw): unique puzzles at a chosen level, with a
//! chosen symmetry, reproducible from a seed and stoppable at once through a cancel flag.
//!
//! How a puzzle is made: the puzzle's houses (for a jigsaw, a random layout drawn first from the
//! seed's stream); a random complete grid of them from a randomised solver; givens removed orbit by
//! orbit (an orbit is a cell with its symmetric partners) in random order while the solution stays
//! unique; then a few attempts to add one orbit back where that lets two or more others go. The
//! result is graded. A puzzle at the asked level that scores at least the level's floor (the ceiling
//! of the level below, as in HoDoKu's generator) ends an attempt. One that is too hard gets givens
//! back until it is not; one that is too easy, or at the level but under its floor, is climbed: an
//! orbit is exchanged for others and the change kept when the score does not drop, so the search
//! keeps its best candidate so far instead of retrying blindly. The highest-scoring of several
//! attempts is the puzzle. Every uniqueness check, grading and peer asks the layout, so the same
//! search serves every variant with givens; the classic layout keeps the band solver. Everything random comes from one ChaCha8 stream seeded with the seed, and no
//! decision depends on the clock, so the same options give the same puzzle on every machine.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::options::{GenerateOptions, Generated};
use super::{houses_of, random_grid};
use crate::engine::logic::Level;
use crate::engine::rating::{Grade, Rating, grade, level_floor};
use crate::engine::{ByCell, Candidates, CellSet, Grid, Layout, Puzzle, count_solutions_of};

/// Generates a puzzle with givens of `options.variant` (classic, X or jigsaw: its houses are
/// [`houses_of`] the variant) at `options.level` with `options.symmetry`, reproducibly from
/// `options.seed`.
/// Returns `None` only when `cancel` is set (it is checked in every inner loop, so generation stops
/// within milliseconds).
///
/// The puzzle sits well inside its level. Each attempt climbs towards the level's floor (the ceiling
/// of the level below, the least score HoDoKu's generator accepts) and the highest-scoring of several
/// attempts is kept, so the floor is reached whenever the budget allows: at seeds 0-19 (the generator
/// benchmark) all easy and extreme puzzles, 19 expert, 14 hard, but only 2 medium ones, whose floor
/// of 800 needs nearly every placement to be a hidden single; the others score below their floor
/// but still at their level.
pub(super) fn generate_givens(options: &GenerateOptions, cancel: &AtomicBool) -> Option<Generated> {
    let mut search = Search::new(options, cancel);
    let mut best: Option<Generated> = None;
    if !search.houses.is_classic() {
        return search.one_attempt_within(MAX_VARIANT_GRIDS);
    }
    for _ in 0..attempts_for(options.level) {
        let candidate = loop {
            if let Some(candidate) = search.attempt()? {
                break candidate;
            }
        };
        if best.as_ref().is_none_or(|b| candidate.rating.score > b.rating.score) {
            best = Some(candidate);
        }
    }
    best
}

/// How many attempts at `level` a classic generation makes before it keeps the highest-scoring one,
/// sized so that each level stays within its time target (the generator benchmark): easy has no
/// floor to reach; hard reaches its floor quickly; expert can afford more tries than its 500 ms
/// need. Sudoku X and jigsaw make one attempt at every level: their gradings cost more (an
/// attempt at expert takes about as long as the whole of a classic one), and one attempt keeps
/// each level within its time target; the puzzle is at its level, less often at the level's floor.
const fn attempts_for(level: Level) -> usize {
    match level {
        Level::Easy => 1,
        Level::Medium => 6,
        Level::Hard => 3,
        Level::Expert => 8,
        Level::Extreme => 2,
    }
}

/// The most complete grids a Sudoku X or jigsaw generation tries before it settles for the
/// highest-scoring puzzle below the level that it met: a level whose techniques a layout seldom
/// needs (on a jigsaw, where the techniques bound to boxes are off) would otherwise keep it
/// searching without end.
const MAX_VARIANT_GRIDS: usize = 24;

/// How many "add one orbit back, let two go" tries follow the first minimisation.
const REDUCE_TRIES: usize = 4;
/// How many random orbits a descent step grades before choosing.
const DESCENT_CHOICES: usize = 6;
/// How many random exchanges a climbing step grades before choosing.
const CLIMB_CHOICES: usize = 3;
/// How many climbing steps one complete grid gets.
const CLIMBS_PER_GRID: usize = 3;
/// How many moves one complete grid gets before the search starts again from a fresh grid.
const MOVES_PER_GRID: usize = 40;

/// The state of one generation: the random stream, the houses, the orbits, the target and the
/// cancel flag.
struct Search<'a> {
    rng: ChaCha8Rng,
    houses: Arc<Layout>,
    orbits: Vec<CellSet>,
    target: Level,
    cancel: &'a AtomicBool,
    /// The highest-scoring puzzle met below the target (its solution, givens and rating): what a
    /// Sudoku X or jigsaw generation gives when no grid reached the level.
    closest: Option<(Grid, CellSet, Rating)>,
}

impl<'a> Search<'a> {
    fn new(options: &GenerateOptions, cancel: &'a AtomicBool) -> Search<'a> {
        let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
        let houses = houses_of(options.variant, &mut rng);
        Search {
            rng,
            houses,
            orbits: options.symmetry.orbits(),
            target: options.level,
            cancel,
            closest: None,
        }
    }

    /// Whether `rating` is what the search is for: the target level, with at least the level's
    /// floor score.
    fn on_target(&self, rating: Rating) -> bool {
        self.at_level(rating) && rating.score >= level_floor(self.target)
    }

    /// Whether `rating` is at the target level. An expert or extreme puzzle must also *need* a
    /// technique of its level: a long path of easier steps passes a level's score ceiling too (HoDoKu's
    /// rule, which the rating keeps), but such puzzles feel like the level below, so the generator
    /// leaves them out and each level's puzzles form their own band of difficulty.
    fn at_level(&self, rating: Rating) -> bool {
        rating.level == self.target && (self.target < Level::Expert || rating.hardest.level() == self.target)
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// One complete grid and the moves it gets: `None` when cancelled, `Some(None)` when this grid
    /// gave nothing at the target level. A puzzle at the level that scores at least its floor ends the
    /// attempt at once; otherwise the attempt climbs on and, when its moves run out, returns the
    /// highest-scoring puzzle it met at the level.
    fn attempt(&mut self) -> Option<Option<Generated>> {
        let solution = random_grid(&self.houses, &mut self.rng);
        let start = self.minimise(&solution, CellSet::ALL)?;
        let mut current = self.reduce(&solution, start, REDUCE_TRIES)?;
        let mut grade_now = self.grade(&solution, current)?;
        let mut at_level: Option<(CellSet, Rating)> = None;
        let mut climbs = 0;
        for _ in 0..MOVES_PER_GRID {
            match grade_now {
                Grade::Rated(rating) if self.on_target(rating) => {
                    return Some(self.found(&solution, current, rating));
                }
                Grade::TooHard | Grade::Cancelled => {
                    (current, grade_now) = self.descend(&solution, current)?;
                }
                Grade::Rated(rating) => {
                    // Too easy (a lower level, or the level under its floor score): exchange an orbit
                    // and keep the change unless the score drops. Minimal puzzles climb slowly: after
                    // a few climbs a fresh grid is the better bet.
                    if self.at_level(rating) && at_level.is_none_or(|(_, best)| rating.score > best.score) {
                        at_level = Some((current, rating));
                    }
                    if self.closest.as_ref().is_none_or(|(_, _, best)| rating.score > best.score) {
                        self.closest = Some((solution, current, rating));
                    }
                    climbs += 1;
                    if climbs > CLIMBS_PER_GRID {
                        break;
                    }
                    if let Some((next, next_grade)) = self.climb(&solution, current, rating)? {
                        (current, grade_now) = (next, next_grade);
                    }
                }
            }
        }
        Some(at_level.and_then(|(givens, rating)| self.found(&solution, givens, rating)))
    }

    /// One attempt that reaches the target level within `grids` complete grids, else the
    /// highest-scoring puzzle met below it (the search goes on until it has met one); `None` when
    /// cancelled.
    fn one_attempt_within(&mut self, grids: usize) -> Option<Generated> {
        for tried in 1.. {
            if let Some(found) = self.attempt()? {
                return Some(found);
            }
            if tried >= grids
                && let Some((solution, givens, rating)) = self.closest
                && let Some(found) = self.found(&solution, givens, rating)
            {
                return Some(found);
            }
        }
        None
    }

    /// One step down from a puzzle that is too hard: one orbit added, chosen among a few random
    /// ones. One that lands on the target wins; else one that is still too hard, so that the descent
    /// stays gentle (adding one given often drops a puzzle by more than a level); else the hardest of
    /// those that fell below the target.
    fn descend(&mut self, solution: &Grid, givens: CellSet) -> Option<(CellSet, Grade)> {
        let mut empty: Vec<CellSet> = self.orbits.iter().copied().filter(|o| !o.intersects(givens)).collect();
        empty.shuffle(&mut self.rng);
        let mut fallback: Option<(CellSet, Grade)> = None;
        for orbit in empty.into_iter().take(DESCENT_CHOICES) {
            let next = givens | orbit;
            let grade_next = self.grade(solution, next)?;
            let better = match (grade_next, fallback.map(|(_, g)| g)) {
                (Grade::Rated(r), _) if self.on_target(r) => return Some((next, grade_next)),
                (_, None) => true,
                (Grade::TooHard, Some(Grade::Rated(_))) => true,
                (Grade::Rated(r), Some(Grade::Rated(f))) => r.score > f.score,
                _ => false,
            };
            if better {
                fallback = Some((next, grade_next));
            }
        }
        Some(fallback.unwrap_or((givens, Grade::TooHard)))
    }

    /// One step up from a puzzle that is too easy (rated `rating`): a few random exchanges, one at
    /// the target winning, else the highest-scoring one whose score does not drop. `Some(None)` when
    /// no exchange helps.
    fn climb(
        &mut self,
        solution: &Grid,
        givens: CellSet,
        rating: Rating,
    ) -> Option<Option<(CellSet, Grade)>> {
        let mut best: Option<(CellSet, Grade, u32)> = None;
        for _ in 0..CLIMB_CHOICES {
            let Some(candidate) = self.exchange(solution, givens, 1)? else { continue };
            let grade_next = self.grade(solution, candidate)?;
            if let Grade::Rated(next) = grade_next {
                if self.on_target(next) {
                    return Some(Some((candidate, grade_next)));
                }
                if next.score >= rating.score && best.is_none_or(|(_, _, s)| next.score > s) {
                    best = Some((candidate, grade_next, next.score));
                }
            }
        }
        Some(best.map(|(candidate, grade_next, _)| (candidate, grade_next)))
    }

    /// The result for `givens`, validated once more as a [`Puzzle`].
    fn found(&self, solution: &Grid, givens: CellSet, rating: Rating) -> Option<Generated> {
        let puzzle =
            Puzzle::with_rules(givens_grid(solution, givens), Arc::clone(&self.houses), None).ok()?;
        Some(Generated { puzzle, rating })
    }

    /// Grades the puzzle `givens` of `solution`, capped at the target; `None` when cancelled.
    fn grade(&self, solution: &Grid, givens: CellSet) -> Option<Grade> {
        let start = Candidates::under_layout(
            Arc::clone(&self.houses),
            &givens_grid(solution, givens),
            &Grid::empty(),
        );
        match grade(start, self.cancel, self.target) {
            Grade::Cancelled => None,
            other => Some(other),
        }
    }

    /// Whether the givens `givens` of `solution` have exactly one solution; `None` when cancelled.
    fn is_unique(&self, solution: &Grid, givens: CellSet) -> Option<bool> {
        if self.cancelled() {
            return None;
        }
        Some(count_solutions_of(&givens_grid(solution, givens), &self.houses, None, 2) == 1)
    }

    /// Whether `givens` may replace a larger set of givens during minimisation; `None` when
    /// cancelled. For an easy target the test is the grade itself: a puzzle that singles solve has
    /// exactly one solution, and removing orbits only while it stays easy lands on the target.
    fn may_remove(&self, solution: &Grid, givens: CellSet) -> Option<bool> {
        if self.target == Level::Easy {
            return Some(matches!(self.grade(solution, givens)?, Grade::Rated(_)));
        }
        self.is_unique(solution, givens)
    }

    /// The orbits lying wholly inside `givens`, in random order.
    fn shuffled_orbits_in(&mut self, givens: CellSet) -> Vec<CellSet> {
        let mut orbits: Vec<CellSet> = self.orbits.iter().copied().filter(|o| o.is_subset(givens)).collect();
        orbits.shuffle(&mut self.rng);
        orbits
    }

    /// Removes orbits of `givens` in random order while the solution stays unique (for an easy
    /// target: while the puzzle stays easy, which singles prove unique on the way).
    fn minimise(&mut self, solution: &Grid, givens: CellSet) -> Option<CellSet> {
        let mut givens = givens;
        for orbit in self.shuffled_orbits_in(givens) {
            if self.may_remove(solution, givens - orbit)? {
                givens -= orbit;
            }
        }
        Some(givens)
    }

    /// Up to `tries` times, adds one empty orbit back and keeps the change when that lets two or more
    /// other orbits go.
    fn reduce(&mut self, solution: &Grid, givens: CellSet, tries: usize) -> Option<CellSet> {
        let mut givens = givens;
        for _ in 0..tries {
            if let Some(smaller) = self.exchange(solution, givens, 2)? {
                givens = smaller;
            }
        }
        Some(givens)
    }

    /// Adds one random empty orbit to `givens`, then removes other orbits in random order while the
    /// solution stays unique; the result when at least `min_removed` orbits went, else `None`. Only
    /// orbits that share a house with the added one are tried: in a minimal puzzle the others could
    /// not go before and rarely can after, and every try costs a uniqueness check.
    fn exchange(&mut self, solution: &Grid, givens: CellSet, min_removed: usize) -> Option<Option<CellSet>> {
        let Some(added) = self.random_empty_orbit(givens) else { return Some(None) };
        let mut next = givens | added;
        let mut removed = 0;
        let near = added.iter().fold(CellSet::EMPTY, |acc, cell| acc | self.houses.peers(cell));
        for orbit in self.shuffled_orbits_in(givens).into_iter().filter(|o| o.intersects(near)) {
            if self.may_remove(solution, next - orbit)? {
                next -= orbit;
                removed += 1;
            }
        }
        Some((removed >= min_removed).then_some(next))
    }

    fn random_empty_orbit(&mut self, givens: CellSet) -> Option<CellSet> {
        let empty: Vec<CellSet> = self.orbits.iter().copied().filter(|o| !o.intersects(givens)).collect();
        if empty.is_empty() {
            return None;
        }
        Some(empty[self.rng.random_range(0..empty.len())])
    }
}

/// The grid holding `solution`'s digits in the cells of `givens`.
fn givens_grid(solution: &Grid, givens: CellSet) -> Grid {
    Grid::from_cells(ByCell::from_fn(|cell| if givens.contains(cell) { solution.get(cell) } else { None }))
}
