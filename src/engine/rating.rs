//! Difficulty grading: solve with the hint engine's catalogue in order and add up what it cost.
//!
//! The grade follows HoDoKu's rule so that it can be compared with the most trusted grader: the
//! logical path is [`logic::next_step`] applied until the grid is solved (the catalogue order is the
//! policy), the score is the sum of the scores of the steps taken ([`Step::score`]), the level is
//! the highest level among them, raised one level at a time while the score passes the level's
//! ceiling. A killer counts its techniques' levels in the killer tiers ([`Technique::killer_level`])
//! and its score raises it to expert at most ([`killer_level_for`]); a killer's score also charges
//! the classic reasoning it needs beside its easy cage techniques ([`classic_need`]). It reads only
//! the engine; it never guesses beyond what [`Technique::BruteForce`] names.

use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use super::logic::{self, Level, Step, Technique};
use super::{Candidates, Puzzle};

/// The difficulty of a puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Rating {
    /// The level: the highest technique level on the path, raised while the score passes its ceiling.
    pub level: Level,
    /// The sum of the scores of every step on the logical path; for a killer, plus
    /// [`CLASSIC_NEED_SCORE`] per tier of the classic reasoning it needs ([`classic_need`]).
    pub score: u32,
    /// The hardest technique used: the highest level on the path, and among the techniques of that
    /// level the one HoDoKu ranks hardest, i.e. the latest in its solving order (which tries the
    /// easiest first: [`Technique::ALL`]). Checked against HoDoKu's exemplars, where it names the
    /// heading more often than the last step of the level does (512 of 624 against 490). A puzzle
    /// with nothing left to solve reports [`Technique::FullHouse`].
    pub hardest: Technique,
    /// How many steps the logical path takes.
    pub steps: usize,
}

/// The highest score a puzzle of `level` may have before it counts as the next level (HoDoKu's
/// ceilings); `None` for [`Level::Extreme`], which has no ceiling.
pub const fn level_ceiling(level: Level) -> Option<u32> {
    match level {
        Level::Easy => Some(800),
        Level::Medium => Some(1000),
        Level::Hard => Some(1600),
        Level::Expert => Some(1800),
        Level::Extreme => None,
    }
}

/// The lowest score a generated puzzle of `level` may have: the ceiling of the level below (HoDoKu's
/// generator rejects a puzzle that scores under it), 0 for [`Level::Easy`]. It keeps a level's puzzles
/// clearly harder than the level below, not merely one technique of the level among easy steps.
pub const fn level_floor(level: Level) -> u32 {
    let below = match level {
        Level::Easy => return 0,
        Level::Medium => Level::Easy,
        Level::Hard => Level::Medium,
        Level::Expert => Level::Hard,
        Level::Extreme => Level::Expert,
    };
    match level_ceiling(below) {
        Some(ceiling) => ceiling,
        None => 0,
    }
}

/// The level of a path whose hardest technique has level `highest` and whose score is `score`:
/// `highest`, raised one level at a time while the score passes the ceiling.
pub fn level_for(highest: Level, score: u32) -> Level {
    let mut level = highest;
    while let Some(ceiling) = level_ceiling(level) {
        if score <= ceiling {
            break;
        }
        level = next_level(level);
    }
    level
}

/// The level of a killer's path whose hardest technique has (killer) level `highest` and whose
/// score is `score`: as [`level_for`], except that the score raises it to expert at most. A killer
/// is extreme only when it needs a technique of that tier (band tiling, a chain or a net): its long
/// path of cage steps would otherwise carry many puzzles there by their length alone.
pub fn killer_level_for(highest: Level, score: u32) -> Level {
    let raised = level_for(highest, score);
    if highest < Level::Extreme { raised.min(Level::Expert) } else { raised }
}

/// The level above `level` (`Extreme` stays `Extreme`).
fn next_level(level: Level) -> Level {
    match level {
        Level::Easy => Level::Medium,
        Level::Medium => Level::Hard,
        Level::Hard => Level::Expert,
        Level::Expert | Level::Extreme => Level::Extreme,
    }
}

/// Rates `puzzle`.
///
/// ```
/// use termdoku::engine::{Puzzle, rating::rate};
/// let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// let rating = rate(&solved.parse::<Puzzle>().unwrap());
/// assert_eq!((rating.score, rating.steps), (0, 0));
/// ```
pub fn rate(puzzle: &Puzzle) -> Rating {
    let never = AtomicBool::new(false);
    match grade(Candidates::from_puzzle(puzzle), &never, Level::Extreme) {
        Grade::Rated(rating) => rating,
        Grade::Cancelled | Grade::TooHard => unreachable!("an uncancelled, uncapped grading always finishes"),
    }
}

/// Rates `puzzle`, giving up with `None` as soon as `cancel` is set (it is checked between
/// techniques, so a cancel is honoured within one technique search).
pub fn rate_cancellable(puzzle: &Puzzle, cancel: &AtomicBool) -> Option<Rating> {
    match grade(Candidates::from_puzzle(puzzle), cancel, Level::Extreme) {
        Grade::Rated(rating) => Some(rating),
        Grade::Cancelled | Grade::TooHard => None,
    }
}

/// The outcome of a grading that may stop early.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Grade {
    /// The full rating, at most the cap.
    Rated(Rating),
    /// The puzzle is certainly above the cap; grading stopped there.
    TooHard,
    /// The cancel flag was set.
    Cancelled,
}

/// Running totals of a logical path.
struct Tally {
    /// Whether the puzzle is a killer, whose techniques' levels are [`Technique::killer_level`].
    killer: bool,
    score: u32,
    highest: Level,
    hardest: Option<Technique>,
    steps: usize,
}

impl Tally {
    fn new(killer: bool) -> Tally {
        Tally { killer, score: 0, highest: Level::Easy, hardest: None, steps: 0 }
    }

    /// The level of `technique` in this puzzle's variant.
    fn level_of(&self, technique: Technique) -> Level {
        if self.killer { technique.killer_level() } else { technique.level() }
    }

    /// Whether a step of `later` takes over as the hardest from an earlier `hardest`: a higher level
    /// does, and within the same level a technique HoDoKu tries later (or the same technique again).
    fn is_at_least_as_hard(&self, later: Technique, hardest: Technique) -> bool {
        (self.level_of(later), later) >= (self.level_of(hardest), hardest)
    }

    fn add(&mut self, technique: Technique, score: u32) {
        self.score = self.score.saturating_add(score);
        self.highest = self.highest.max(self.level_of(technique));
        self.steps += 1;
        if self.hardest.is_none_or(|h| self.is_at_least_as_hard(technique, h)) {
            self.hardest = Some(technique);
        }
    }

    fn level(&self) -> Level {
        if self.killer {
            killer_level_for(self.highest, self.score)
        } else {
            level_for(self.highest, self.score)
        }
    }

    /// Whether adding the largest [`classic_need`] charge to the score could change the level
    /// (the level only rises with the score, so the largest charge decides).
    fn charge_can_change_level(&self) -> bool {
        let most = self.score.saturating_add(CLASSIC_NEED_SCORE * MOST_CLASSIC_NEED);
        killer_level_for(self.highest, most) != self.level()
    }

    fn rating(&self) -> Rating {
        Rating {
            level: self.level(),
            score: self.score,
            hardest: self.hardest.unwrap_or(Technique::FullHouse),
            steps: self.steps,
        }
    }
}

/// Grades the puzzle whose start position is `grid` (its givens, with its cages for a killer; it
/// must have exactly one solution), stopping with [`Grade::TooHard`] once its level is sure to
/// exceed `cap`.
pub(crate) fn grade(grid: Candidates, cancel: &AtomicBool, cap: Level) -> Grade {
    grade_with(grid, cancel, cap, techniques_up_to(cap))
}

/// [`grade`] with `techniques` only (those the catalogue tries up to `cap`, less any the caller
/// rules out): a position where none of them fires is [`Grade::TooHard`]. Where every step of the
/// full path is one of them, the rating is the full one.
pub(crate) fn grade_with(
    grid: Candidates,
    cancel: &AtomicBool,
    cap: Level,
    techniques: &[Technique],
) -> Grade {
    walk(grid, cancel, cap, techniques, Scoring::Exact)
}

/// [`grade_with`] for a caller that reads only the level and the hardest technique of a
/// [`Grade::Rated`] (and whether it is one): a killer's [`classic_need`] walk is skipped when its
/// charge cannot change the level, and the score is then short of that charge. The outcome, the
/// level and the hardest technique are those of [`grade_with`].
pub(crate) fn grade_level_with(
    grid: Candidates,
    cancel: &AtomicBool,
    cap: Level,
    techniques: &[Technique],
) -> Grade {
    walk(grid, cancel, cap, techniques, Scoring::LevelOnly)
}

/// Whether a grading must give the exact score, or only the exact level.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scoring {
    Exact,
    LevelOnly,
}

/// The grading of [`grade_with`] and [`grade_level_with`].
fn walk(
    mut grid: Candidates,
    cancel: &AtomicBool,
    cap: Level,
    techniques: &[Technique],
    scoring: Scoring,
) -> Grade {
    let mut tally = Tally::new(grid.cages().is_some());
    let killer_start = tally.killer.then(|| grid.clone());
    while !grid.is_solved() {
        let Some(step) = next_step_cancellable(&grid, techniques, cancel) else {
            return Grade::Cancelled;
        };
        let Some(step) = step else {
            // Only techniques above the cap or ruled out are left (with the whole catalogue,
            // unreachable: brute force always fires).
            return Grade::TooHard;
        };
        step.apply_to(&mut grid);
        tally.add(step.technique, step.score());
        if tally.level() > cap {
            return Grade::TooHard;
        }
    }
    if let Some(start) = killer_start
        && (scoring == Scoring::Exact || tally.charge_can_change_level())
    {
        // The charge only raises the score, so the checks above stay exact.
        let Some(tier) = classic_need(start, cancel) else { return Grade::Cancelled };
        tally.score = tally.score.saturating_add(CLASSIC_NEED_SCORE * tier);
        if tally.level() > cap {
            return Grade::TooHard;
        }
    }
    Grade::Rated(tally.rating())
}

/// What a killer's score adds per tier of [`classic_need`]. Fitted with the killer techniques'
/// scores unchanged: 100 to 200 do about as well on either Solo file (README, "Killer levels").
pub const CLASSIC_NEED_SCORE: u32 = 150;

/// The highest tier [`classic_need`] gives: the tiers do not solve it.
const MOST_CLASSIC_NEED: u32 = CLASSIC_NEED_TIERS.len() as u32;

/// The techniques of each tier of [`classic_need`], in the order tried: the singles with the easy
/// cage techniques (one-cell cages, last cells, cage combinations, single innies), then the locked
/// candidates, then the locked sets and the naked and hidden pairs and triples.
const CLASSIC_NEED_TIERS: [&[Technique]; 3] = [
    &[
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::OneCellCage,
        Technique::CageLastCell,
        Technique::CageCombinations,
        Technique::HiddenSingle,
        Technique::Rule45Single,
    ],
    &[Technique::LockedCandidatesPointing, Technique::LockedCandidatesClaiming],
    &[
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
    ],
];

/// How much classic reasoning a killer needs beside its easy cage techniques: solving from `grid`
/// with the tiers of [`CLASSIC_NEED_TIERS`] only, each tried before the next, the highest tier
/// used (0 singles, 1 locked candidates, 2 small subsets), or 3 when they do not solve it. Solo's
/// levels measure this (its cage reasoning is fixed and weak, its level is the classic technique
/// its solver needs on top); our path takes the innie cages and the stronger cage techniques
/// first, which hides it. `None` when `cancel` is set.
pub fn classic_need(mut grid: Candidates, cancel: &AtomicBool) -> Option<u32> {
    let mut need = 0;
    while !grid.is_solved() {
        let mut found = None;
        'tiers: for (tier, techniques) in (0u32..).zip(CLASSIC_NEED_TIERS) {
            for &technique in techniques {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                if let Some(step) = logic::policy_step(technique, &grid) {
                    found = Some((tier, step));
                    break 'tiers;
                }
            }
        }
        let Some((tier, step)) = found else { return Some(MOST_CLASSIC_NEED) };
        need = need.max(tier);
        step.apply_to(&mut grid);
    }
    Some(need)
}

/// The catalogue up to its last technique whose level is at most `cap`. Everything after it is above
/// the cap, so when none of this prefix fires the step taken would raise the level past the cap;
/// when one fires it is the step [`logic::next_step`] takes. Grading with the prefix is therefore
/// exact below the cap, and skips searches that could only prove a puzzle too hard.
pub(crate) fn techniques_up_to(cap: Level) -> &'static [Technique] {
    let end = Technique::ALL.iter().rposition(|t| t.level() <= cap).map_or(0, |last| last + 1);
    &Technique::ALL[..end]
}

/// [`logic::next_step`] over `techniques`, checking `cancel` before each technique: `None` when
/// cancelled, else the step (`Some(None)` when no technique fires).
fn next_step_cancellable(
    grid: &Candidates,
    techniques: &[Technique],
    cancel: &AtomicBool,
) -> Option<Option<Step>> {
    for &technique in techniques.iter().filter(|t| t.in_hint_path()) {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(step) = logic::policy_step(technique, grid) {
            return Some(Some(step));
        }
    }
    Some(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixtures::SOLO_FIRST_KILLER as SOLO_FIRST;

    #[test]
    fn ceilings_raise_the_level() {
        assert_eq!(level_for(Level::Easy, 800), Level::Easy);
        assert_eq!(level_for(Level::Easy, 801), Level::Medium);
        assert_eq!(level_for(Level::Easy, 1001), Level::Hard);
        assert_eq!(level_for(Level::Medium, 1700), Level::Expert);
        assert_eq!(level_for(Level::Hard, 1801), Level::Extreme);
        assert_eq!(killer_level_for(Level::Hard, 1801), Level::Expert, "a killer's score stops at expert");
        assert_eq!(killer_level_for(Level::Easy, 5000), Level::Expert);
        assert_eq!(killer_level_for(Level::Medium, 1001), Level::Hard);
        assert_eq!(killer_level_for(Level::Extreme, 0), Level::Extreme);
        assert_eq!(
            killer_level_for(Level::Expert, 9000),
            Level::Expert,
            "only band tiling, a chain or a net is extreme"
        );
        assert_eq!(level_for(Level::Extreme, 0), Level::Extreme);
    }

    #[test]
    fn a_levels_floor_is_the_ceiling_below() {
        let floors = Level::ALL.map(level_floor);
        assert_eq!(floors, [0, 800, 1000, 1600, 1800]);
        for level in Level::ALL {
            assert!(level_for(level, level_floor(level)) == level, "{level}: its floor stays in the level");
        }
    }

    #[test]
    fn hardest_is_the_latest_in_the_order_among_the_highest_level() {
        let mut tally = Tally::new(false);
        for t in [Technique::HiddenSingle, Technique::XWing, Technique::NakedSingle, Technique::NakedPair] {
            tally.add(t, t.score());
        }
        let rating = tally.rating();
        assert_eq!(rating.hardest, Technique::XWing);
        assert_eq!(rating.score, 14 + 140 + 4 + 60);
        assert_eq!(rating.steps, 4);
        assert_eq!(rating.level, Level::Hard);
        tally.add(Technique::Skyscraper, Technique::Skyscraper.score());
        tally.add(Technique::HiddenSingle, Technique::HiddenSingle.score());
        assert_eq!(tally.rating().hardest, Technique::Skyscraper, "same level, tried later");
        tally.add(Technique::XWing, Technique::XWing.score());
        assert_eq!(tally.rating().hardest, Technique::Skyscraper, "same level, tried earlier");
        tally.add(Technique::XChain, Technique::XChain.score());
        tally.add(Technique::SimpleColorsTrap, Technique::SimpleColorsTrap.score());
        assert_eq!(tally.rating().hardest, Technique::XChain, "a higher level wins over the order");
    }

    #[test]
    fn among_singles_the_latest_in_the_order_is_the_hardest() {
        let mut tally = Tally::new(false);
        for t in
            [Technique::NakedSingle, Technique::HiddenSingle, Technique::NakedSingle, Technique::FullHouse]
        {
            tally.add(t, t.score());
        }
        assert_eq!(tally.rating().hardest, Technique::HiddenSingle);
        let mut tally = Tally::new(false);
        tally.add(Technique::FullHouse, Technique::FullHouse.score());
        assert_eq!(tally.rating().hardest, Technique::FullHouse);
        tally.add(Technique::NakedSingle, Technique::NakedSingle.score());
        tally.add(Technique::FullHouse, Technique::FullHouse.score());
        assert_eq!(tally.rating().hardest, Technique::NakedSingle);
    }

    #[test]
    fn the_path_is_the_hint_engines_path() {
        let puzzle: Puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("valid puzzle");
        let path = logic::logical_path(&Candidates::from_grid(puzzle.givens()));
        let rating = rate(&puzzle);
        assert_eq!(rating.steps, path.len());
        assert_eq!(rating.score, path.iter().map(Step::score).sum::<u32>());
        let highest = path.iter().map(|s| s.technique.level()).max().expect("non-empty path");
        assert_eq!(rating.level, level_for(highest, rating.score));
    }

    /// The killer of a killer line.
    fn killer(line: &str) -> Puzzle {
        let (givens, cages) = crate::engine::text::parse_killer_line(line).expect("a killer line");
        Puzzle::new_killer(givens, cages).expect("a proper killer")
    }

    #[test]
    fn a_killers_score_adds_the_charge_for_the_classic_reasoning_it_needs() {
        // Solo's first shared killer (Trivial there): our path is all cage steps and singles, but
        // with the easy cage techniques only it needs a locked pair or a naked or hidden subset.
        let puzzle = killer(SOLO_FIRST);
        let start = Candidates::from_puzzle(&puzzle);
        assert_eq!(classic_need(start.clone(), &AtomicBool::new(false)), Some(2));
        assert_eq!(classic_need(start.clone(), &AtomicBool::new(true)), None);
        let path = logic::logical_path(&start);
        let rating = rate(&puzzle);
        assert_eq!(rating.score, path.iter().map(Step::score).sum::<u32>() + 2 * CLASSIC_NEED_SCORE);
        let highest = path.iter().map(|s| s.technique.killer_level()).max().expect("non-empty path");
        assert_eq!(rating.level, killer_level_for(highest, rating.score));
    }

    #[test]
    fn grading_for_the_level_only_keeps_the_outcome_level_and_hardest() {
        // Solo's first shared killer: easy by its path, its classic-need charge (2 tiers) raises
        // its score; at every cap the level-only grading agrees on all the generator reads.
        let start = Candidates::from_puzzle(&killer(SOLO_FIRST));
        let never = AtomicBool::new(false);
        for cap in Level::ALL {
            let techniques = techniques_up_to(cap);
            let exact = grade_with(start.clone(), &never, cap, techniques);
            let level_only = grade_level_with(start.clone(), &never, cap, techniques);
            match (exact, level_only) {
                (Grade::Rated(a), Grade::Rated(b)) => {
                    assert_eq!((a.level, a.hardest, a.steps), (b.level, b.hardest, b.steps), "{cap}");
                    assert!(b.score <= a.score, "{cap}");
                }
                (a, b) => assert_eq!(a, b, "{cap}"),
            }
        }
    }

    #[test]
    fn the_classic_need_runs_from_singles_to_beyond_the_small_subsets() {
        // Offline killers (Solo's): the first needs locked candidates, singles do for the second,
        // and the third needs more than the small subsets beside the easy cage techniques.
        let lines = [
            (
                "................................................................................. aaabbbcdeffghhicdejkgllimmnjkoopqrnnjsstpqruuvwttxyyyzvwABxCCDzEEABFGGDHIIJJFKKKH 21,12,9,15,5,11,10,9,9,17,5,15,8,20,11,9,11,5,9,15,5,11,7,10,17,12,10,12,17,3,7,11,13,13,12,9,10",
                1,
            ),
            (
                "................................................................................. aabbcdeefghiicdjkfghllcmjknooppqmrsntuvwqrrsxtuvwyyzAxBBCCCDzAxEEEFDDGGHIIIFFJJJH 7,5,24,9,11,12,12,12,7,10,3,9,14,15,6,15,8,7,12,7,10,14,14,13,3,14,7,9,19,13,16,9,17,5,16,21",
                0,
            ),
            (
                "................................................................................. aabccddeefbbghijkefllghijkmnnogppjmmqqorstuuvwxyrstzzvwxyAsBBzCwDEAFFGCCDDEHHFGII 3,21,10,15,14,10,19,7,7,20,11,11,17,6,10,8,11,15,14,5,6,11,20,15,7,12,3,9,16,11,10,18,13,14,6",
                3,
            ),
        ];
        for (line, need) in lines {
            let start = Candidates::from_puzzle(&killer(line));
            assert_eq!(classic_need(start, &AtomicBool::new(false)), Some(need), "{line}");
        }
    }

    #[test]
    fn a_set_cancel_flag_stops_at_once() {
        let puzzle: Puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("valid puzzle");
        assert_eq!(rate_cancellable(&puzzle, &AtomicBool::new(true)), None);
        assert_eq!(rate_cancellable(&puzzle, &AtomicBool::new(false)), Some(rate(&puzzle)));
    }

    #[test]
    fn the_prefix_for_a_cap_ends_at_its_last_technique() {
        // The single innie of a killer is the last easy technique, right after the hidden single.
        assert_eq!(techniques_up_to(Level::Easy).last(), Some(&Technique::Rule45Single));
        assert_eq!(techniques_up_to(Level::Extreme), Technique::ALL);
        let expert = techniques_up_to(Level::Expert);
        assert!(!expert.contains(&Technique::BruteForce));
        assert!(expert.iter().all(|t| Technique::ALL.contains(t)));
    }

    #[test]
    fn grading_stops_once_above_the_cap() {
        let puzzle: Puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("valid puzzle");
        let full = rate(&puzzle);
        assert!(full.level > Level::Easy);
        let start = || Candidates::from_puzzle(&puzzle);
        assert_eq!(grade(start(), &AtomicBool::new(false), Level::Easy), Grade::TooHard);
        assert_eq!(grade(start(), &AtomicBool::new(false), full.level), Grade::Rated(full));
    }
}
