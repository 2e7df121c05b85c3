//! The killer generator: unique killer puzzles without givens at a chosen level, reproducible from a
//! seed and stoppable at once through a cancel flag.
//!
//! How a puzzle is made: a random complete grid from the randomised classic solver; a cage layout
//! grown from single cells, each smallest cage merged with a random orthogonal neighbour whose
//! digits it does not share, until no cage has one cell (mostly pairs and triples: such a layout
//! nearly always has one solution, which the exact killer solver checks); its sums come from the
//! grid. Then the layout is coarsened towards the asked level: neighbouring cages are merged in
//! random order, each merge kept only while the solution stays unique (shown by solving it with
//! the target's techniques, or by the exact solver within a node budget), a few merges at a time;
//! after each batch the puzzle is graded (capped at the target). A batch that lands on the target
//! ends the search, one that stays below is kept and the next batch follows, one that goes past the
//! target is undone and retried with fewer merges. Merged cages stay at six cells or fewer, except
//! for at most [`MAX_LARGE_CAGES`] of seven to nine. Everything random comes from one ChaCha8 stream
//! seeded with the seed and no decision depends on the clock, so the same level and seed give the
//! same puzzle on every machine.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::options::Generated;
use crate::engine::killer::{Cage, Cages, combinations, digit_sum, orthogonal_neighbours};
use crate::engine::logic::{Level, Technique};
use crate::engine::rating::{Grade, Rating, grade_with, techniques_up_to};
use crate::engine::{
    Candidates, Cell, CellSet, DigitSet, Grid, Puzzle, count_killer_solutions_within, random_solution,
};

/// The most cages of seven to nine cells a generated puzzle has; the others have two to six.
pub const MAX_LARGE_CAGES: usize = 2;

/// The largest ordinary cage a merge may make.
const MAX_CAGE: usize = 6;

/// Graded attempts (a grid with a unique starting layout, coarsened) before the generator settles
/// for the closest puzzle it met: more at extreme, where a layout that needs a chain (and no net)
/// is the narrowest window, met by about one attempt in ten.
const fn max_attempts(level: Level) -> usize {
    match level {
        Level::Extreme => 40,
        _ => 8,
    }
}

/// Starting layouts tried per graded attempt at most, most of them failing the uniqueness check (in
/// practice about one in three is unique).
const LAYOUTS_PER_ATTEMPT: usize = 100;

/// The most search nodes a uniqueness check of the exact solver may take. A few layouts with large
/// cages take it seconds (millions of nodes) where nearly all take a few hundred; such a merge is
/// passed up as if it broke uniqueness, which only costs a chance. Counted in nodes, not time, so
/// the same seed still gives the same puzzle on every machine.
const UNIQUENESS_NODES: usize = 3000;

/// Batches graded as too hard, after the batch size reached one, before an attempt gives up.
const MAX_OVERSHOOTS: usize = 4;

/// Generates a unique killer puzzle without givens at `level`, reproducibly from `seed`. Returns
/// `None` only when `cancel` is set (it is checked before every uniqueness check and inside every
/// grading, so generation stops within milliseconds).
///
/// The puzzle is at `level` whenever one of its first [`max_attempts`] attempts reaches it;
/// otherwise (a level this kind of layout does not reach under the grader) it is the puzzle rated
/// closest to `level` among those met, and its rating says which level it has. An expert or
/// extreme puzzle needs a technique of its level, not only a long path. Its logical path never
/// needs a forcing chain, a forcing net or [`Technique::BruteForce`]: a puzzle that does is above
/// every level (see [`Search::grade_capped`]), and the search goes on until it has one that does
/// not.
pub fn generate_killer(level: Level, seed: u64, cancel: &AtomicBool) -> Option<Generated> {
    let mut search =
        Search { rng: ChaCha8Rng::seed_from_u64(seed), target: level, cancel, doomed: Vec::new() };
    let mut closest: Option<Generated> = None;
    let mut too_hard: Vec<Layout> = Vec::new();
    for attempt in 1.. {
        match search.attempt()? {
            Outcome::OnTarget(generated) => return Some(generated),
            Outcome::Missed(generated) => {
                if closest.as_ref().is_none_or(|c| search.closer(&generated.rating, &c.rating)) {
                    closest = Some(generated);
                }
            }
            Outcome::TooHard(layout) => too_hard.push(*layout),
            Outcome::Nothing => {}
        }
        if attempt < max_attempts(level) {
            continue;
        }
        if closest.is_some() {
            break;
        }
        // Only layouts above the target so far: the first that solves without guessing will do.
        for layout in too_hard.drain(..) {
            if let Some(generated) = search.rated_fully(&layout)? {
                return Some(generated);
            }
        }
    }
    closest
}

/// What one attempt gave.
enum Outcome {
    /// A puzzle at the target level.
    OnTarget(Generated),
    /// A puzzle below the target that no further merge raised to it.
    Missed(Generated),
    /// A starting layout already above the target.
    TooHard(Box<Layout>),
    /// No unique starting layout.
    Nothing,
}

/// The state of one generation: the random stream, the target and the cancel flag.
struct Search<'a> {
    rng: ChaCha8Rng,
    target: Level,
    cancel: &'a AtomicBool,
    /// The unions of cages whose merge broke uniqueness in this attempt. A later merge that makes a
    /// cage holding one of them is not tried: it gives up the same sums and nearly always fails the
    /// same way, and a skipped merge only costs a chance, never a wrong puzzle (every kept merge is
    /// still checked).
    doomed: Vec<CellSet>,
}

impl Search<'_> {
    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Whether `rating` is what was asked: the target level, and at expert and extreme a technique of
    /// the expert tier or above on the path (a long path of easier steps raises the level by its score, which
    /// makes it longer, not harder to see: such a puzzle counts as one level short).
    fn on_target(&self, rating: &Rating) -> bool {
        rating.level == self.target && !self.lacks_tier(rating)
    }

    /// Whether `rating` is at an expert or extreme target with no technique of the expert tier or
    /// above on its path. (An extreme killer always has one of its own tier, a chain: see
    /// [`crate::engine::rating::killer_level_for`].)
    fn lacks_tier(&self, rating: &Rating) -> bool {
        self.target >= Level::Expert
            && rating.level == self.target
            && rating.hardest.killer_level() < Level::Expert
    }

    /// Whether `a` is closer to the target than `b`: a smaller level distance (a level reached by
    /// score alone where a technique of it is wanted counts one short), then (below the target) the
    /// higher score, (above it) the lower.
    fn closer(&self, a: &Rating, b: &Rating) -> bool {
        let distance =
            |r: &Rating| (r.level as i32 - self.target as i32).abs() + i32::from(self.lacks_tier(r));
        match distance(a).cmp(&distance(b)) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal if a.level < self.target => a.score > b.score,
            std::cmp::Ordering::Equal => a.score < b.score,
        }
    }

    /// One complete grid, a unique starting layout on it and its coarsening: `None` when cancelled.
    fn attempt(&mut self) -> Option<Outcome> {
        self.doomed.clear();
        let solution = random_solution(&Grid::empty(), &mut self.rng).expect("the empty grid has solutions");
        let Some(mut current) = self.unique_start(&solution)? else { return Some(Outcome::Nothing) };
        let mut rating = match self.grade(&current)? {
            Grade::Rated(rating) if self.on_target(&rating) => {
                return Some(current.generated(rating).map_or(Outcome::Nothing, Outcome::OnTarget));
            }
            Grade::Rated(rating) => rating,
            Grade::TooHard | Grade::Cancelled => return Some(Outcome::TooHard(Box::new(current))),
        };
        let mut batch = batch_size(self.target);
        let mut overshoots = 0;
        while overshoots < MAX_OVERSHOOTS {
            let (trial, merged) = self.merge_batch(&current, batch)?;
            if merged == 0 {
                break;
            }
            match self.grade(&trial)? {
                Grade::Rated(next) if self.on_target(&next) => {
                    return Some(trial.generated(next).map_or(Outcome::Nothing, Outcome::OnTarget));
                }
                Grade::Rated(next) => (current, rating) = (trial, next),
                Grade::TooHard | Grade::Cancelled => {
                    if batch > 1 {
                        batch = batch.div_ceil(2);
                    } else {
                        overshoots += 1;
                    }
                }
            }
        }
        Some(current.generated(rating).map_or(Outcome::Nothing, Outcome::Missed))
    }

    /// A random layout without one-cell cages on `solution` whose sums have exactly one solution,
    /// `Some(None)` when [`LAYOUTS_PER_ATTEMPT`] tries found none; `None` when cancelled.
    fn unique_start(&mut self, solution: &Grid) -> Option<Option<Layout>> {
        for _ in 0..LAYOUTS_PER_ATTEMPT {
            if let Some(layout) =
                Layout::without_single_cells(solution, self.target == Level::Easy, &mut self.rng)
                && self.is_unique(&layout)?
            {
                return Some(Some(layout));
            }
        }
        Some(None)
    }

    /// The puzzle of the unique `layout` with its full rating, `Some(None)` when its path needs
    /// brute force; `None` when cancelled.
    fn rated_fully(&self, layout: &Layout) -> Option<Option<Generated>> {
        match self.grade_capped(layout, Level::Extreme)? {
            Grade::Rated(rating) => Some(layout.generated(rating)),
            Grade::TooHard | Grade::Cancelled => Some(None),
        }
    }

    /// `layout` with up to `count` more merges, each keeping the solution unique, and how many were
    /// made (fewer when no merge is left that keeps it unique); `None` when cancelled.
    fn merge_batch(&mut self, layout: &Layout, count: usize) -> Option<(Layout, usize)> {
        let mut trial = layout.clone();
        let mut merged = 0;
        while merged < count {
            let mut pairs = trial.mergeable_pairs();
            pairs.shuffle(&mut self.rng);
            let mut progressed = false;
            for (a, b) in pairs {
                let union = trial.cages[a] | trial.cages[b];
                if self.doomed.iter().any(|d| d.is_subset(union)) {
                    continue;
                }
                let next = trial.merged(a, b);
                if self.is_unique(&next)? {
                    trial = next;
                    merged += 1;
                    progressed = true;
                    break;
                }
                self.doomed.push(union);
            }
            if !progressed {
                break;
            }
        }
        Some((trial, merged))
    }

    /// Whether `layout`'s sums are known to have exactly one solution: at hard and above, first by
    /// solving it with the techniques of the target (what the grade does anyway), else by the exact
    /// solver within [`UNIQUENESS_NODES`] nodes (a check that runs out counts as no); `None` when
    /// cancelled.
    fn is_unique(&self, layout: &Layout) -> Option<bool> {
        if self.cancelled() {
            return None;
        }
        if self.target >= Level::Hard && matches!(self.grade(layout)?, Grade::Rated(_)) {
            // Solved by sound deductions alone (no uniqueness technique is used on a killer, and no
            // guess): the solution is the only one.
            return Some(true);
        }
        let cages = layout.cages();
        Some(cages.is_some_and(|cages| {
            count_killer_solutions_within(&Grid::empty(), &cages, 2, UNIQUENESS_NODES) == Some(1)
        }))
    }

    /// Grades the unique `layout` capped at the target; `None` when cancelled.
    fn grade(&self, layout: &Layout) -> Option<Grade> {
        self.grade_capped(layout, self.target)
    }

    /// Grades the unique `layout` capped at `cap`; `None` when cancelled. A layout whose logical
    /// path needs a forcing chain, a forcing net or [`Technique::BruteForce`] is too hard at every
    /// level: a player must be able to solve every generated killer by reasoning a person follows,
    /// and an extreme killer is one that needs a chain (see [`Technique::killer_level`]). Those
    /// searches are never run, which is most of what grading a layout on the edge would cost.
    fn grade_capped(&self, layout: &Layout, cap: Level) -> Option<Grade> {
        let Some(cages) = layout.cages() else { return Some(Grade::TooHard) };
        let start = Candidates::from_grid(&Grid::empty()).with_cages(Some(Arc::new(cages)));
        let techniques: Vec<Technique> =
            techniques_up_to(cap).iter().copied().filter(|&t| !is_ruled_out(t)).collect();
        match grade_with(start, self.cancel, cap, &techniques) {
            Grade::Cancelled => None,
            other => Some(other),
        }
    }
}

/// Whether the generator rules out layouts whose path needs `technique`: the forcing chains and
/// nets (trial and error by another name) and brute force.
const fn is_ruled_out(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::ForcingChainContradiction
            | Technique::ForcingChainVerity
            | Technique::ForcingNetContradiction
            | Technique::ForcingNetVerity
            | Technique::ForcingNetPlus
            | Technique::NestedForcingNet
            | Technique::BruteForce
    )
}

/// How many merges one batch makes at first for `level`: the harder the level, the further from the
/// starting layout it lies, so the bigger the steps.
const fn batch_size(level: Level) -> usize {
    match level {
        Level::Easy => 1,
        Level::Medium => 2,
        Level::Hard => 3,
        Level::Expert | Level::Extreme => 4,
    }
}

/// A partition of the grid into cages, with the solution that gives their sums.
#[derive(Clone)]
struct Layout {
    solution: Grid,
    /// Each cell's cage, an index into `cages`.
    owner: [u8; 81],
    /// The cages by index; a cage merged into another is left empty.
    cages: Vec<CellSet>,
    /// The solution's digits in each cage, as bits.
    digits: Vec<u16>,
}

impl Layout {
    /// Every cell its own cage.
    fn singles(solution: &Grid) -> Layout {
        let mut owner = [0u8; 81];
        for (index, slot) in owner.iter_mut().enumerate() {
            *slot = index as u8;
        }
        let cages = Cell::ALL.iter().map(|&cell| cell.set()).collect();
        let digits = Cell::ALL.iter().map(|&cell| digit_bit(solution, cell)).collect();
        Layout { solution: *solution, owner, cages, digits }
    }

    /// A random layout without one-cell cages: each lone cell is merged with a random neighbouring
    /// cage it shares no digit with, the smallest such cage (a random one among equals). When
    /// `telling` (for easy puzzles), the merge that leaves the fewest digit sets for its sum wins
    /// among equally small ones, so that the cages give their digits away (`3 = 1+2`, `17 = 8+9`).
    /// `None` in the rare dead end where a lone cell has no such neighbour small enough.
    fn without_single_cells(solution: &Grid, telling: bool, rng: &mut ChaCha8Rng) -> Option<Layout> {
        let mut layout = Layout::singles(solution);
        let mut order: Vec<usize> = (0..81).collect();
        order.shuffle(rng);
        for index in order {
            let cell = Cell::from_index(index);
            let own = layout.owner[index] as usize;
            if layout.cages[own].len() > 1 {
                continue;
            }
            let mut partners: Vec<usize> = orthogonal_neighbours(cell)
                .iter()
                .map(|n| layout.owner[n.index()] as usize)
                .filter(|&other| layout.can_merge(own, other, MAX_CAGE))
                .collect();
            partners.sort_unstable();
            partners.dedup();
            let key = |p: usize| {
                let union = layout.digits[own] | layout.digits[p];
                let size = union.count_ones() as usize;
                let ways =
                    if telling { combinations(size, digit_sum(DigitSet::from_bits(union))).len() } else { 0 };
                (size, ways)
            };
            let best = partners.iter().map(|&p| key(p)).min()?;
            partners.retain(|&p| key(p) == best);
            let partner = partners[rng.random_range(0..partners.len())];
            layout.merge(own, partner);
        }
        Some(layout)
    }

    /// Whether cages `a` and `b` may merge into one of at most `max` cells: distinct, and no digit
    /// of the solution in both.
    fn can_merge(&self, a: usize, b: usize, max: usize) -> bool {
        a != b && self.digits[a] & self.digits[b] == 0 && self.cages[a].len() + self.cages[b].len() <= max
    }

    /// The neighbouring cage pairs that may merge (lower index first), in a fixed order: unions of
    /// at most [`MAX_CAGE`] cells, or up to nine while fewer than [`MAX_LARGE_CAGES`] are larger.
    fn mergeable_pairs(&self) -> Vec<(usize, usize)> {
        let large = self.cages.iter().filter(|c| c.len() > MAX_CAGE).count();
        let max = if large < MAX_LARGE_CAGES { 9 } else { MAX_CAGE };
        let mut pairs = Vec::new();
        for cell in Cell::ALL {
            let a = self.owner[cell.index()] as usize;
            for neighbour in orthogonal_neighbours(cell) {
                let b = self.owner[neighbour.index()] as usize;
                if a < b && self.can_merge(a, b, max) {
                    pairs.push((a, b));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    /// Merges cage `b` into cage `a`.
    fn merge(&mut self, a: usize, b: usize) {
        for cell in self.cages[b].iter() {
            self.owner[cell.index()] = a as u8;
        }
        let (cells, digits) = (self.cages[b], self.digits[b]);
        self.cages[a] |= cells;
        self.digits[a] |= digits;
        self.cages[b] = CellSet::EMPTY;
        self.digits[b] = 0;
    }

    /// A copy with cages `a` and `b` merged.
    fn merged(&self, a: usize, b: usize) -> Layout {
        let mut next = self.clone();
        next.merge(a, b);
        next
    }

    /// The cages with their sums from the solution (`None` never happens for a layout built here:
    /// every cage is connected, has distinct digits and at most nine cells).
    fn cages(&self) -> Option<Cages> {
        let cages = self
            .cages
            .iter()
            .filter(|cells| !cells.is_empty())
            .map(|&cells| {
                let sum =
                    cells.iter().filter_map(|cell| self.solution.get(cell)).map(|d| u32::from(d.get())).sum();
                Cage::new(cells, sum)
            })
            .collect();
        Cages::new(cages).ok()
    }

    /// The puzzle of this unique layout with `rating`.
    fn generated(&self, rating: Rating) -> Option<Generated> {
        let puzzle = Puzzle::new_killer(Grid::empty(), self.cages()?).ok()?;
        Some(Generated { puzzle, rating })
    }
}

/// The bit of `cell`'s digit in `solution` (0 for an empty cell, which a solution does not have).
fn digit_bit(solution: &Grid, cell: Cell) -> u16 {
    solution.get(cell).map_or(0, |digit| 1 << digit.index())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_cancel_flag_returns_none() {
        assert!(generate_killer(Level::Extreme, 0, &AtomicBool::new(true)).is_none());
    }

    /// Prints the level reached, the cage count and the time per puzzle: `cargo test --release --lib
    /// generator::killer::tests::survey -- --ignored --nocapture`.
    #[test]
    #[ignore = "a survey for tuning, not a check"]
    fn survey() {
        let never = AtomicBool::new(false);
        for level in Level::ALL {
            let mut times = Vec::new();
            let mut levels = Vec::new();
            for seed in 0..10 {
                let start = std::time::Instant::now();
                let generated = generate_killer(level, seed, &never).expect("not cancelled");
                times.push(start.elapsed().as_secs_f64() * 1000.0);
                let cages = generated.puzzle.cages().map_or(0, Cages::len);
                levels.push(format!(
                    "{}:{}:{}",
                    generated.rating.level.name(),
                    generated.rating.score,
                    cages
                ));
            }
            times.sort_by(f64::total_cmp);
            println!(
                "{level}: median {:.1} ms, max {:.1} ms; {}",
                times[times.len() / 2],
                times[times.len() - 1],
                levels.join(" ")
            );
        }
    }
}
