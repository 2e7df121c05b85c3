//! The killer generator (killer, Killer X and Jigsaw Killer): unique killer puzzles without givens
//! at a chosen level, reproducible from a seed and stoppable at once through a cancel flag.
//!
//! How a puzzle is made: the puzzle's houses (for a Jigsaw Killer, a random jigsaw layout drawn
//! first from the seed's stream); a random complete grid of them from a randomised solver (the
//! classic band solver for a plain killer); a cage layout grown from single cells, each smallest
//! cage merged with a random orthogonal neighbour whose digits it does not share, until no cage has
//! one cell (mostly pairs and triples: such a layout nearly always has one solution, which the
//! exact killer solver checks); its sums come from the grid. Then the layout is coarsened towards
//! the asked level one merge at a time: neighbouring cages are merged in random order, and each
//! merged layout is graded, capped at the target, with the target's techniques less those that
//! assume a unique solution. A layout they solve is unique and no harder than the target: one at
//! the target ends the search, one below is kept and the next merge follows; a merge they cannot
//! solve (too hard, or not unique: at expert and extreme the exact solver screens for a second
//! solution first, within a few hundred nodes) is passed up, and after [`MAX_REJECTIONS`] in a row
//! the attempt ends. The puzzle's final rating is graded again with every technique, as
//! [`crate::engine::rate`] grades it. Merged cages stay at six cells or fewer, except for at most
//! [`MAX_LARGE_CAGES`] of seven to nine. Everything random comes from one ChaCha8 stream seeded
//! with the seed and no decision depends on the clock, so the same level and seed give the same
//! puzzle on every machine.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::options::Generated;
use super::{houses_of, random_grid};
use crate::engine::killer::{Cage, Cages, combinations, digit_sum, orthogonal_neighbours};
use crate::engine::logic::{Level, Technique};
use crate::engine::rating::{Grade, Rating, grade_level_with, grade_with, techniques_up_to};
use crate::engine::solver::count_solutions_under_within;
use crate::engine::{Candidates, Cell, CellSet, DigitSet, Grid, Layout as Houses, Puzzle, Variant};

/// The most cages of seven to nine cells a generated puzzle has; the others have two to six.
pub const MAX_LARGE_CAGES: usize = 2;

/// The largest ordinary cage a merge may make.
const MAX_CAGE: usize = 6;

/// Graded attempts (a grid with a unique starting layout, coarsened) before the generator settles
/// for the closest puzzle it met: more at extreme, where a layout that needs band tiling or a chain
/// (and no net) is the narrowest window. Since band tiling ranks there, every seed of the survey
/// meets it within half a second; before, with chains alone, seed 12 first met it after about 50
/// attempts.
const fn max_attempts(level: Level) -> usize {
    match level {
        Level::Extreme => 60,
        _ => 8,
    }
}

/// After this many times the attempts of a level without one that the human techniques rate, the
/// first unique layout met is taken as it is and graded with guessing allowed. A safety net that
/// bounds the search: the human techniques rate the layouts of every variant (a Jigsaw Killer's
/// too, since the killer techniques read its regions), so no level of any variant meets it in
/// practice.
const GUESSED_AFTER: usize = 2;

/// Starting layouts tried per graded attempt at most, most of them failing the uniqueness check (in
/// practice about one in three is unique).
const LAYOUTS_PER_ATTEMPT: usize = 100;

/// The most search nodes a uniqueness check of the exact solver may take. A few layouts with large
/// cages take it seconds (millions of nodes) where nearly all take a few hundred; such a merge is
/// passed up as if it broke uniqueness, which only costs a chance. Counted in nodes, not time, so
/// the same seed still gives the same puzzle on every machine.
const UNIQUENESS_NODES: usize = 3000;

/// The most search nodes of the exact solver's screen of a merge at expert and extreme: most merges
/// that break uniqueness show two solutions within a few hundred.
const SCREEN_NODES: usize = 500;

/// Merges in a row graded above the target (or breaking uniqueness) before an attempt settles
/// for the layout it has: near the top of a level most merges overshoot, and each costs a grade.
const MAX_REJECTIONS: usize = 16;

/// Generates a unique killer puzzle without givens at `level`, reproducibly from `seed`. Returns
/// `None` only when `cancel` is set (it is checked before every uniqueness check and inside every
/// grading, so generation stops within milliseconds).
///
/// The puzzle is at `level` whenever one of its first [`max_attempts`] attempts reaches it;
/// otherwise (a level this kind of layout does not reach under the grader) it is the puzzle rated
/// closest to `level` among those met, and its rating says which level it has. An expert or
/// extreme puzzle needs a technique of its level, not only a long path. Its logical path never
/// needs a forcing chain, a forcing net or [`Technique::BruteForce`]: a puzzle that does is above
/// every level (see [`is_ruled_out`]), and the search goes on until it has one that does not. Its
/// rating is the one [`crate::engine::rate`] gives it.
pub fn generate_killer(level: Level, seed: u64, cancel: &AtomicBool) -> Option<Generated> {
    generate_killer_of(Variant::Killer, level, seed, cancel)
}

/// [`generate_killer`] for any variant with cages (killer, Killer X or Jigsaw Killer: its houses
/// are [`houses_of`] the variant, a jigsaw layout drawn first from the seed's stream).
pub(super) fn generate_killer_of(
    variant: Variant,
    level: Level,
    seed: u64,
    cancel: &AtomicBool,
) -> Option<Generated> {
    let mut search = Search::new(variant, level, seed, cancel);
    let mut closest: Option<(Layout, Rating)> = None;
    let mut too_hard: Vec<Layout> = Vec::new();
    // The first unique layout met that the human techniques could not solve: the answer, graded by
    // `rate` as it is (with a guess), when no attempt rates at all (see [`GUESSED_AFTER`]).
    let mut guessed: Option<Layout> = None;
    for attempt in 1.. {
        match search.attempt()? {
            Outcome::OnTarget(generated) => return Some(generated),
            Outcome::Missed(layout, rating) => {
                if closest.as_ref().is_none_or(|(_, c)| search.closer(&rating, c)) {
                    closest = Some((*layout, rating));
                }
            }
            Outcome::TooHard(layout) => {
                guessed.get_or_insert_with(|| (*layout).clone());
                too_hard.push(*layout);
            }
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
            if let Some(generated) =
                search.rated(&layout)?.and_then(|rating| layout.generated(&search.houses, rating))
            {
                return Some(generated);
            }
        }
        if attempt >= GUESSED_AFTER * max_attempts(level)
            && let Some(layout) = guessed.take()
            && let Some(puzzle) = layout.generated_puzzle(&search.houses)
        {
            let rating = crate::engine::rate_cancellable(&puzzle, cancel)?;
            return Some(Generated { puzzle, rating });
        }
    }
    closest.and_then(|(layout, rating)| layout.generated(&search.houses, rating))
}

/// What one attempt gave.
enum Outcome {
    /// A puzzle at the target level.
    OnTarget(Generated),
    /// A unique layout below the target that no further merge raised to it, with its rating.
    Missed(Box<Layout>, Rating),
    /// A starting layout already above the target.
    TooHard(Box<Layout>),
    /// No unique starting layout.
    Nothing,
}

/// The state of one generation: the random stream, the target, the cancel flag and the technique
/// lists its gradings use.
struct Search<'a> {
    rng: ChaCha8Rng,
    /// The puzzle's houses, beside its cages.
    houses: Arc<Houses>,
    target: Level,
    cancel: &'a AtomicBool,
    /// The unions of cages whose merge broke uniqueness or went past the target in this attempt. A
    /// later merge that makes a cage holding one of them is not tried: it gives up the same sums
    /// and nearly always fails the same way, and a skipped merge only costs a chance, never a wrong
    /// puzzle (every kept merge is still checked).
    doomed: Vec<CellSet>,
    /// The techniques of the search's gradings: those up to the target, less the ruled-out ones
    /// and every uniqueness technique ([`proof_techniques`]), so that a layout they solve is
    /// proved unique.
    proof: Vec<Technique>,
    /// The techniques of a puzzle's final rating: the whole catalogue less the ruled-out ones, so
    /// that a rating found is the one [`crate::engine::rate`] gives.
    rating: Vec<Technique>,
}

impl Search<'_> {
    fn new(variant: Variant, target: Level, seed: u64, cancel: &AtomicBool) -> Search<'_> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let houses = houses_of(variant, &mut rng);
        Search {
            rng,
            houses,
            target,
            cancel,
            doomed: Vec::new(),
            proof: proof_techniques(target),
            rating: Technique::ALL.iter().copied().filter(|&t| !is_ruled_out(t)).collect(),
        }
    }

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
    /// above on its path. (An extreme killer always has one of its own tier, band tiling or a
    /// chain: see [`crate::engine::rating::killer_level_for`].)
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

    /// One complete grid, a unique starting layout on it and its coarsening, one merge at a time,
    /// each graded at the target: a merge graded above it (or whose layout the target's techniques
    /// do not solve) is passed up, one that lands on it ends the attempt. `None` when cancelled.
    fn attempt(&mut self) -> Option<Outcome> {
        self.doomed.clear();
        let solution = random_grid(&self.houses, &mut self.rng);
        let Some((mut current, grade)) = self.unique_start(&solution)? else { return Some(Outcome::Nothing) };
        let Grade::Rated(mut rating) = grade else { return Some(Outcome::TooHard(Box::new(current))) };
        loop {
            if self.on_target(&rating) {
                match self.rated(&current)? {
                    Some(rating) if self.on_target(&rating) => {
                        return Some(
                            current
                                .generated(&self.houses, rating)
                                .map_or(Outcome::Nothing, Outcome::OnTarget),
                        );
                    }
                    // A uniqueness technique made the path easier: merge on.
                    _ => {}
                }
            }
            match self.merge_one(&current)? {
                Some((next, next_rating)) => (current, rating) = (next, next_rating),
                None => break,
            }
        }
        Some(
            self.rated(&current)?
                .map_or(Outcome::Nothing, |rating| Outcome::Missed(Box::new(current), rating)),
        )
    }

    /// A random layout without one-cell cages on `solution` whose sums have exactly one solution,
    /// with its grade at the target; `Some(None)` when [`LAYOUTS_PER_ATTEMPT`] tries found none;
    /// `None` when cancelled.
    fn unique_start(&mut self, solution: &Grid) -> Option<Option<(Layout, Grade)>> {
        for _ in 0..LAYOUTS_PER_ATTEMPT {
            let Some(layout) =
                Layout::without_single_cells(solution, self.target == Level::Easy, &mut self.rng)
            else {
                continue;
            };
            // Two solutions found: no grade can solve it. Otherwise solved by the proof techniques
            // means unique, and failing that the exact solver's count decides.
            let count = self.solution_count(&layout)?;
            if count == Some(2) {
                continue;
            }
            let grade = self.grade(&layout)?;
            if matches!(grade, Grade::Rated(_)) || count == Some(1) {
                return Some(Some((layout, grade)));
            }
        }
        Some(None)
    }

    /// `layout` with one more merge whose layout the target's techniques solve (so it is unique) at
    /// the target or below, with its rating; `Some(None)` when no merge is left that does, or
    /// [`MAX_REJECTIONS`] in a row did not; `None` when cancelled.
    fn merge_one(&mut self, layout: &Layout) -> Option<Option<(Layout, Rating)>> {
        let mut pairs = layout.mergeable_pairs();
        pairs.shuffle(&mut self.rng);
        let mut rejected = 0;
        for (a, b) in pairs {
            let union = layout.cages[a] | layout.cages[b];
            if self.doomed.iter().any(|d| d.is_subset(union)) {
                continue;
            }
            let next = layout.merged(a, b);
            if !self.has_two_solutions(&next)?
                && let Grade::Rated(rating) = self.grade(&next)?
            {
                return Some(Some((next, rating)));
            }
            self.doomed.push(union);
            rejected += 1;
            if rejected == MAX_REJECTIONS {
                break;
            }
        }
        Some(None)
    }

    /// Whether the exact solver finds two solutions to `layout`'s sums within [`SCREEN_NODES`]
    /// nodes, at expert and extreme, where a grade costs ten times as much as this screen and
    /// about half the merges passed up are not unique; `None` when cancelled.
    fn has_two_solutions(&self, layout: &Layout) -> Option<bool> {
        if self.cancelled() {
            return None;
        }
        if self.target < Level::Expert {
            return Some(false);
        }
        let cages = layout.cages();
        Some(cages.is_some_and(|cages| {
            count_solutions_under_within(&Grid::empty(), &self.houses, Some(&cages), 2, SCREEN_NODES)
                == Some(2)
        }))
    }

    /// The solutions of `layout`'s sums the exact solver counts up to two within
    /// [`UNIQUENESS_NODES`] nodes, `Some(None)` when it runs out first; `None` when cancelled.
    fn solution_count(&self, layout: &Layout) -> Option<Option<usize>> {
        if self.cancelled() {
            return None;
        }
        Some(layout.cages().and_then(|cages| {
            count_solutions_under_within(&Grid::empty(), &self.houses, Some(&cages), 2, UNIQUENESS_NODES)
        }))
    }

    /// Grades `layout` capped at the target with the proof techniques: [`Grade::Rated`] proves it
    /// unique (every step a sound deduction that assumes nothing about uniqueness, and no guess).
    /// Its level and hardest technique are exact, its score may be short of the classic-need
    /// charge ([`grade_level_with`]): the search reads only the level and the hardest technique.
    /// `None` when cancelled.
    fn grade(&self, layout: &Layout) -> Option<Grade> {
        let Some(start) = layout.start(&self.houses) else { return Some(Grade::TooHard) };
        match grade_level_with(start, self.cancel, self.target, &self.proof) {
            Grade::Cancelled => None,
            other => Some(other),
        }
    }

    /// The rating [`crate::engine::rate`] gives the unique `layout` (with every technique,
    /// uniqueness ones too, since it is unique), `Some(None)` when its path needs a forcing chain,
    /// a net or brute force; `None` when cancelled.
    fn rated(&self, layout: &Layout) -> Option<Option<Rating>> {
        let Some(start) = layout.start(&self.houses) else { return Some(None) };
        match grade_with(start, self.cancel, Level::Extreme, &self.rating) {
            Grade::Cancelled => None,
            Grade::Rated(rating) => Some(Some(rating)),
            Grade::TooHard => Some(None),
        }
    }
}

/// The techniques the generator grades with while it searches for `target`: the catalogue's up to
/// the target ([`techniques_up_to`]), less the ruled-out ones ([`is_ruled_out`]) and less every
/// technique that assumes the puzzle has one solution ([`assumes_uniqueness`]). A layout they solve
/// is therefore proved unique, which is the generator's uniqueness check for nearly every merge.
fn proof_techniques(target: Level) -> Vec<Technique> {
    techniques_up_to(target).iter().copied().filter(|&t| !is_ruled_out(t) && !assumes_uniqueness(t)).collect()
}

/// Whether the generator rules out layouts whose path needs `technique`: the forcing chains and
/// nets (trial and error by another name) and brute force. A layout that needs one is too hard at
/// every level: a player must be able to solve every generated killer by reasoning a person
/// follows, and an extreme killer is one that needs band tiling or a chain (see
/// [`Technique::killer_level`]).
/// Those searches are never run, which is most of what grading a layout on the edge would cost.
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

/// Whether `technique` assumes the puzzle has one solution (one of [`Technique::UNIQUENESS`]): a path
/// that uses one proves nothing about uniqueness.
fn assumes_uniqueness(technique: Technique) -> bool {
    Technique::UNIQUENESS.contains(&technique)
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

    /// The empty grid of `houses` with these cages, where every grading starts (`None` as for
    /// [`Layout::cages`]).
    fn start(&self, houses: &Arc<Houses>) -> Option<Candidates> {
        let cages = self.cages()?;
        let empty = Grid::empty();
        Some(Candidates::under_layout(Arc::clone(houses), &empty, &empty).with_cages(Some(Arc::new(cages))))
    }

    /// The puzzle of this unique layout of cages on `houses`, with `rating`.
    fn generated(&self, houses: &Arc<Houses>, rating: Rating) -> Option<Generated> {
        Some(Generated { puzzle: self.generated_puzzle(houses)?, rating })
    }

    /// The validated puzzle of this layout's cages on `houses`, if it is one.
    fn generated_puzzle(&self, houses: &Arc<Houses>) -> Option<Puzzle> {
        Puzzle::with_rules(Grid::empty(), Arc::clone(houses), Some(self.cages()?)).ok()
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
    fn the_search_proves_uniqueness_without_uniqueness_techniques() {
        // HoDoKu's uniqueness family: its codes 06xx.
        let uniqueness: Vec<Technique> =
            Technique::ALL.iter().copied().filter(|t| t.code().starts_with("06")).collect();
        assert_eq!(uniqueness.len(), Technique::UNIQUENESS.len(), "every uniqueness technique");
        assert!(uniqueness.iter().all(|&t| assumes_uniqueness(t)), "every uniqueness technique");
        for level in Level::ALL {
            let proof = proof_techniques(level);
            for technique in &uniqueness {
                assert!(!proof.contains(technique), "{level}: {technique:?} would prove nothing");
            }
            assert!(proof.iter().all(|&t| !is_ruled_out(t)), "{level}: no forcing chain, net or guess");
            let kept =
                techniques_up_to(level).iter().filter(|&&t| !assumes_uniqueness(t) && !is_ruled_out(t));
            assert!(kept.eq(proof.iter()), "{level}: every other technique up to the level, in order");
        }
        let never = AtomicBool::new(false);
        let search = Search::new(Variant::Killer, Level::Hard, 0, &never);
        assert!(uniqueness.iter().all(|t| search.rating.contains(t)), "the final rating is rate's");
    }

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
