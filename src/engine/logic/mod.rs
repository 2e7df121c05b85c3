//! The human-style solver: techniques applied cheapest first, each in its own file.
//!
//! [`Technique::ALL`] is the policy: [`next_step`] returns the first step of the first technique that
//! fires (among those [`Technique::in_hint_path`]), which is what a hint shows, what the logical
//! solver applies and what the grader scores. Where HoDoKu finds several of our techniques in one
//! search (its Nice Loop steps, its Forcing Chain and Forcing Net steps), the step is HoDoKu's choice
//! among all of them ([`policy_step`]).
//! Every technique reports *every* instance it finds to a sink, which can stop the search at the
//! first one. Nothing here guesses silently: when the catalogue is exhausted, the step is named
//! [`Technique::BruteForce`].
//!
//! Some finders also hand out their patterns without building steps (singles, intersections,
//! subsets, basic fish, conjugate pairs, XY- and XYZ-Wings, almost locked sets and the ALS-XZ
//! removals): the Sudoku Explainer estimate (`engine::explainer`) takes them in its own order. The
//! hint path goes through the same code, so its steps and their order do not depend on that use.

pub(crate) mod als;
mod brute_force;
mod chains;
mod coloring;
pub(crate) mod fish;
mod forcing;
mod gate;
pub(crate) mod houses;
pub(crate) mod intersections;
mod killer;
mod memo;
pub(crate) mod single_digit;
pub(crate) mod singles;
mod step;
pub(crate) mod subsets;
mod sue_de_coq;
mod technique;
mod templates;
mod uniqueness;
pub(crate) mod wings;

use std::cmp::Reverse;
use std::ops::ControlFlow;

pub use killer::{HouseSums, house_sums};
pub use step::{Step, cell_list, digit_list, join_and, join_or, removal_text};
pub use technique::{Level, Technique, TechniqueInfo};

use super::Candidates;

/// Receives the steps a technique finds; returning `ControlFlow::Break(())` stops the search.
pub type Sink<'a> = dyn FnMut(Step) -> ControlFlow<()> + 'a;

/// Runs `technique` on `grid`, handing every instance found to `sink` until it breaks. A
/// technique not proven for the grid's layout of houses finds nothing there (see `gate`); on any
/// layout but the classic one every step found carries the layout, for its houses' cells.
pub fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if grid.layout().is_classic() {
        return find_under_layout(technique, grid, sink);
    }
    if !gate::holds_on(technique, grid.layout()) {
        return ControlFlow::Continue(());
    }
    let layout = grid.shared_layout();
    find_under_layout(technique, grid, &mut |step: Step| sink(step.under_layout(&layout)))
}

/// [`find`] without the gate: the technique's own finder.
fn find_under_layout(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    use Technique::*;
    match technique {
        FullHouse | NakedSingle | HiddenSingle => singles::find(technique, grid, sink),
        LockedPair | LockedTriple | LockedCandidatesPointing | LockedCandidatesClaiming => {
            intersections::find(technique, grid, sink)
        }
        NakedPair | NakedTriple | NakedQuadruple | HiddenPair | HiddenTriple | HiddenQuadruple => {
            subsets::find(technique, grid, sink)
        }
        XWing
        | Swordfish
        | Jellyfish
        | FinnedXWing
        | SashimiXWing
        | FinnedSwordfish
        | SiameseFinnedSwordfish
        | SashimiSwordfish
        | SiameseSashimiSwordfish
        | FinnedJellyfish
        | SiameseFinnedJellyfish
        | SashimiJellyfish
        | SiameseSashimiJellyfish
        | FrankenXWing
        | FrankenSwordfish
        | FrankenJellyfish
        | FinnedFrankenXWing
        | FinnedFrankenSwordfish
        | SiameseFinnedFrankenSwordfish
        | FinnedFrankenJellyfish
        | SiameseFinnedFrankenJellyfish
        | MutantXWing
        | MutantSwordfish
        | MutantJellyfish
        | FinnedMutantXWing
        | FinnedMutantSwordfish
        | FinnedMutantJellyfish
        | SiameseFinnedMutantJellyfish
        | FinnedMutantSquirmbag
        | FinnedMutantWhale => fish::find(technique, grid, sink),
        Skyscraper | TwoStringKite | DualTwoStringKite | TurbotFish | EmptyRectangle | DualEmptyRectangle => {
            single_digit::find(technique, grid, sink)
        }
        WWing | XyWing | XyzWing => wings::find(technique, grid, sink),
        UniquenessTest1 | UniquenessTest2 | UniquenessTest3 | UniquenessTest4 | UniquenessTest5
        | UniquenessTest6 | HiddenRectangle | AvoidableRectangle1 | AvoidableRectangle2 | BugPlusOne => {
            uniqueness::find(technique, grid, sink)
        }
        SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 => {
            coloring::find(technique, grid, sink)
        }
        RemotePair
        | XChain
        | XyChain
        | ContinuousNiceLoop
        | DiscontinuousNiceLoop
        | Aic
        | GroupedContinuousNiceLoop
        | GroupedDiscontinuousNiceLoop
        | GroupedAic => chains::find(technique, grid, sink),
        ForcingChainContradiction | ForcingChainVerity | ForcingNetContradiction | ForcingNetVerity => {
            forcing::find(technique, grid, sink)
        }
        ForcingNetPlus | NestedForcingNet => forcing::plus::find(technique, grid, sink),
        SueDeCoq => sue_de_coq::find(grid, sink),
        AlsXz | AlsXyWing | AlsChain | DeathBlossom => als::find(technique, grid, sink),
        TemplateSet | TemplateDelete => templates::find(technique, grid, sink),
        OneCellCage | CageLastCell | CageCombinations | CageInnerSubset | CagePointing | CageClaiming
        | Rule45Single | Rule45Cage | Rule45Wide | InnieOutieDifference | CageHouseSubset | MinMaxSum
        | CageSplitting | CageComparison | KillerSubsets | HouseTiling | BandTiling | SetEquivalence => {
            killer::find(technique, grid, sink)
        }
        BruteForce => brute_force::find(grid, sink),
    }
}

/// The first instance of `technique` in `grid`, if any.
pub fn find_first(technique: Technique, grid: &Candidates) -> Option<Step> {
    let mut found = None;
    let _ = find(technique, grid, &mut |step| {
        found = Some(step);
        ControlFlow::Break(())
    });
    found
}

/// Every instance of `technique` in `grid`.
pub fn find_all(technique: Technique, grid: &Candidates) -> Vec<Step> {
    let mut found = Vec::new();
    let _ = find(technique, grid, &mut |step| {
        found.push(step);
        ControlFlow::Continue(())
    });
    found
}

/// The step a strong human would take next: the [`policy_step`] of the first technique in catalogue
/// order that fires. `None` only when the grid is solved or has no solution.
///
/// The position must come from a puzzle with exactly one solution (a [`crate::engine::Puzzle`]),
/// with correct placed digits: the uniqueness techniques rely on it, and on a puzzle with several
/// solutions they may remove digits of some of them.
pub fn next_step(grid: &Candidates) -> Option<Step> {
    if grid.is_solved() {
        return None;
    }
    Technique::ALL.iter().filter(|t| t.in_hint_path()).find_map(|&t| policy_step(t, grid))
}

/// Techniques HoDoKu finds in one search, as one step of its solving order: its Simple Colors step
/// covers traps and wraps, its Multi-Colors step both types, its Nice Loop step continuous and
/// discontinuous nice loops and AICs, its Grouped Nice Loop step the grouped ones, its Forcing
/// Chain and Forcing Net steps the contradictions and the verities. Each family is contiguous in
/// [`Technique::ALL`], in the order HoDoKu meets their instances, which decides between steps it
/// ranks equal: it finds the loops before the AICs (and the contradictions before the verities),
/// and keeps a later chain with the same result only when it is shorter.
const ONE_SEARCH_FAMILIES: [&[Technique]; 6] = [
    &[Technique::SimpleColorsTrap, Technique::SimpleColorsWrap],
    &[Technique::MultiColors1, Technique::MultiColors2],
    &[Technique::ContinuousNiceLoop, Technique::DiscontinuousNiceLoop, Technique::Aic],
    &[Technique::GroupedContinuousNiceLoop, Technique::GroupedDiscontinuousNiceLoop, Technique::GroupedAic],
    &[Technique::ForcingChainContradiction, Technique::ForcingChainVerity],
    &[Technique::ForcingNetContradiction, Technique::ForcingNetVerity],
];

/// The step the hint policy takes when it comes to `technique`: the instance HoDoKu would choose
/// among all of them (`hodoku_preference`: the most placements, then the most removals, then its
/// weighted index sum of the removals), or the first found for the techniques where HoDoKu takes
/// its first (see `takes_the_best`). For a family HoDoKu searches as one step (its Simple Colors,
/// Multi-Colors, Nice Loop, Grouped Nice Loop, Forcing Chain and Forcing Net steps) the whole
/// family is searched when the policy reaches its first member, and the step taken is HoDoKu's
/// choice among all their instances; the later members then have nothing left to add. Each
/// technique is searched as HoDoKu's solving path sees it (`find_on_path`).
///
/// Taking the instance that removes the most follows HoDoKu's paths more closely than the first
/// found (its exemplars: 501 identical of 669 against 484) and shortens the paths (12% fewer
/// instructions rating top1465's first 60 puzzles). Taking the first where HoDoKu 2.2.4 takes its
/// first, in its search order, brought our whole path to that HoDoKu's on 567 of its 667 distinct
/// exemplar puzzles, against 441 (`tests/hodoku_path.rs` holds the current figures).
pub fn policy_step(technique: Technique, grid: &Candidates) -> Option<Step> {
    if grid.layout().is_classic() {
        return policy_step_under_layout(technique, grid);
    }
    if !gate::holds_on(technique, grid.layout()) {
        return None;
    }
    let layout = grid.shared_layout();
    policy_step_under_layout(technique, grid).map(|step| step.under_layout(&layout))
}

/// [`policy_step`] without the gate.
fn policy_step_under_layout(technique: Technique, grid: &Candidates) -> Option<Step> {
    match ONE_SEARCH_FAMILIES.iter().find(|family| family.contains(&technique)) {
        Some(family) if family[0] == technique => best_of_family(family, grid),
        Some(_) => None,
        None => {
            let mut found: Option<(Preference, Step)> = None;
            let take_best = takes_the_best(technique);
            let _ = find_on_path(technique, grid, &mut |step| {
                let preference = hodoku_preference(&step);
                if found.as_ref().is_none_or(|(kept, _)| preference < *kept) {
                    found = Some((preference, step));
                }
                if take_best { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
            });
            found.map(|(_, step)| step)
        }
    }
}

/// Runs `technique` on `grid` as HoDoKu's solving path does: the almost locked sets as its default
/// configuration sees them ([`als::find_on_path`]), every other technique as [`find`].
fn find_on_path(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match technique {
        Technique::AlsXz | Technique::AlsXyWing | Technique::AlsChain | Technique::DeathBlossom => {
            als::find_on_path(technique, grid, sink)
        }
        _ => find(technique, grid, sink),
    }
}

/// Whether the hint policy takes HoDoKu's choice among all instances of `technique` rather than
/// the first found: all but the singles (whose order changes nothing but the order of placements),
/// the intersections, subsets, Skyscraper, 2-String Kite, Empty Rectangle, basic, finned and
/// sashimi fish, the Finned Franken Swordfish, wings, ALS-XZ, ALS-XY-Wing, Sue de Coq, the
/// Uniqueness Tests and the Hidden Rectangle (HoDoKu takes the first it meets, and our finders
/// report them in its order: for subsets boxes, then rows, then columns; for Skyscrapers rows,
/// then columns, then digits; for Franken fish digit by digit, rows and boxes as base before
/// columns and boxes, base sets and then cover sets in the order of their houses; for
/// Sue de Coq rows, then columns, against the boxes; for the Unique Rectangles the order of its
/// scan from their two-candidate corners; for the ALS ones see [`als::find_on_path`]) and the
/// killer techniques
/// (whose scores were calibrated against Solo's levels on the first found).
fn takes_the_best(technique: Technique) -> bool {
    !matches!(
        technique,
        Technique::FullHouse
            | Technique::NakedSingle
            | Technique::HiddenSingle
            | Technique::LockedCandidatesPointing
            | Technique::LockedCandidatesClaiming
            | Technique::LockedPair
            | Technique::LockedTriple
            | Technique::NakedPair
            | Technique::NakedTriple
            | Technique::NakedQuadruple
            | Technique::HiddenPair
            | Technique::HiddenTriple
            | Technique::HiddenQuadruple
            | Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::EmptyRectangle
            | Technique::XWing
            | Technique::Swordfish
            | Technique::Jellyfish
            | Technique::FinnedXWing
            | Technique::SashimiXWing
            | Technique::FinnedSwordfish
            | Technique::SashimiSwordfish
            | Technique::FinnedJellyfish
            | Technique::SashimiJellyfish
            | Technique::FinnedFrankenSwordfish
            | Technique::XyWing
            | Technique::XyzWing
            | Technique::WWing
            | Technique::AlsXz
            | Technique::AlsXyWing
            | Technique::SueDeCoq
            | Technique::UniquenessTest1
            | Technique::UniquenessTest2
            | Technique::UniquenessTest3
            | Technique::UniquenessTest4
            | Technique::UniquenessTest5
            | Technique::UniquenessTest6
            | Technique::HiddenRectangle
    ) && !technique.code().starts_with('K')
}

/// The order [`hodoku_preference`] gives: smaller is better.
type Preference = (Reverse<usize>, Reverse<usize>, usize, usize);

/// How HoDoKu orders the instances of a step, best first (its `SolutionStep` order): the most
/// digits placed, then the most candidates removed, then the smallest *weighted* index sum of the
/// removals; then, our own last key, the smallest sum of the placements' cells (HoDoKu goes on to
/// chain lengths and digits); on a full tie the first found wins. HoDoKu's weighted sum takes the
/// removals in the order its search lists them, and weighs the cell index of the `i`-th by
/// `1 + 80i`, plus its digit, so the last removals count most. Its chain searches sort the removals
/// by digit, then cell, before comparing, and so does this for every technique: for the others it
/// is an approximation of their listing order. With a plain cell sum instead, our whole path was
/// HoDoKu 2.2.4's on 908 of top1465's puzzles; with this, on 969.
fn hodoku_preference(step: &Step) -> Preference {
    let mut removed: Vec<(u8, usize)> =
        step.eliminations.iter().map(|c| (c.digit.get(), c.cell.index())).collect();
    removed.sort_unstable();
    let weighted =
        removed.iter().enumerate().map(|(i, &(digit, cell))| cell * (1 + 80 * i) + usize::from(digit)).sum();
    let placed = step.placements.iter().map(|c| c.cell.index()).sum();
    (Reverse(step.placements.len()), Reverse(step.eliminations.len()), weighted, placed)
}

/// HoDoKu's choice among the instances of a family searched as one step. For the nice loops, the
/// chains its own search meets ([`chains::hodoku_loops`], through group nodes for its Grouped Nice
/// Loop step, never through almost locked sets: its default), by [`hodoku_preference`], the first
/// found on a full tie. For forcing chains and nets, its own order of their results
/// ([`forcing::hodoku_choice`]). For the colourings, the first it finds
/// ([`coloring::hodoku_first`]).
fn best_of_family(family: &[Technique], grid: &Candidates) -> Option<Step> {
    match family[0] {
        Technique::ForcingChainContradiction | Technique::ForcingNetContradiction => {
            forcing::hodoku_choice(family[0], grid)
        }
        Technique::SimpleColorsTrap | Technique::MultiColors1 => coloring::hodoku_first(family[0], grid),
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => {
            let grouped = family[0] == Technique::GroupedContinuousNiceLoop;
            chains::hodoku_loops(grid, grouped).into_iter().min_by_key(hodoku_preference)
        }
        _ => None,
    }
}

/// The whole logical path from `grid`: steps applied one after another until the grid is solved (or
/// no step is found, which happens only for a grid without solution). The same assumption as
/// [`next_step`]: the grid comes from a puzzle with exactly one solution.
pub fn logical_path(grid: &Candidates) -> Vec<Step> {
    let mut grid = grid.clone();
    let mut path = Vec::new();
    while let Some(step) = next_step(&grid) {
        step.apply_to(&mut grid);
        path.push(step);
    }
    path
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Helpers for technique unit tests: positions written in HoDoKu's library format.
    #![allow(dead_code)]

    use std::sync::Arc;

    use super::{Step, Technique, find_all, next_step};
    use crate::engine::reglib::Case;
    use crate::engine::{Candidate, Candidates, Cell, Digit, Grid, Layout, Puzzle};

    /// A jigsaw whose region 1 is box 1 with r1c4 and without r3c3 (which joins region 2), the
    /// rest the boxes.
    pub fn jigsaw() -> Layout {
        let mut regions: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
        regions[3] = 0;
        regions[20] = 1;
        Layout::jigsaw(&regions).expect("a jigsaw")
    }

    /// An empty position under `layout` where `digit` remains only in the cells marked `x` (one
    /// string per row); every other digit stays everywhere.
    pub fn drawn(layout: &Layout, digit: u8, rows: [&str; 9]) -> Candidates {
        let mut grid = Candidates::under_layout(Arc::new(layout.clone()), &Grid::empty(), &Grid::empty());
        let digit = Digit::new(digit).expect("a digit");
        for (r, row) in rows.iter().enumerate() {
            for (c, mark) in row.chars().enumerate() {
                if mark != 'x' {
                    grid.eliminate(Cell::at(r, c), digit);
                }
            }
        }
        grid
    }

    /// An empty position under `layout` in which each listed cell keeps only the listed digits.
    pub fn keeping(layout: &Layout, cells: &[(&str, &str)]) -> Candidates {
        let mut grid = Candidates::under_layout(Arc::new(layout.clone()), &Grid::empty(), &Grid::empty());
        for &(name, kept) in cells {
            let cell: Cell = name.parse().expect("test cell");
            for digit in Digit::ALL {
                if !kept.contains(char::from(b'0' + digit.get())) {
                    grid.eliminate(cell, digit);
                }
            }
        }
        grid
    }

    /// The position of a library line (`:<code>:<cands>:<givens>:<deleted>:...`).
    pub fn position(line: &str) -> Candidates {
        Case::parse(line).expect("test position parses").position
    }

    /// A recording of HoDoKu's searches in `tests/data/` (`file`): each position line (after `#`
    /// comment lines), followed by what HoDoKu found there, one item a line indented by two spaces.
    pub fn hodoku_recording(file: &str) -> Vec<(String, Vec<String>)> {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut positions: Vec<(String, Vec<String>)> = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            match line.strip_prefix("  ") {
                Some(item) => positions.last_mut().expect("a position comes first").1.push(item.to_string()),
                None => positions.push((line.to_string(), Vec::new())),
            }
        }
        positions
    }

    /// Removals as the recordings of HoDoKu's searches write them: `r1c2<>3`, space-separated, in
    /// the order given.
    pub fn recorded_removals(removals: &[Candidate]) -> String {
        removals.iter().map(|c| format!("{}<>{}", c.cell, c.digit)).collect::<Vec<_>>().join(" ")
    }

    /// Sorted candidates from HoDoKu's `<digit><row><col>` triples, e.g. `"436 257"`.
    pub fn cands(text: &str) -> Vec<Candidate> {
        crate::engine::reglib::parse_candidates(text).expect("test candidates parse")
    }

    /// The first step of the hint path from `puzzle` (a puzzle line) whose technique is one of
    /// `wanted`, with the position it is taken in.
    pub fn first_on_path(puzzle: &str, wanted: &[Technique]) -> (Candidates, Step) {
        let puzzle: Grid = puzzle.parse().expect("a valid puzzle");
        let mut grid = Candidates::from_grid(&puzzle);
        loop {
            let step = next_step(&grid).unwrap_or_else(|| panic!("the path never takes {wanted:?}"));
            if wanted.contains(&step.technique) {
                return (grid, step);
            }
            step.apply_to(&mut grid);
        }
    }

    /// An empty grid (no givens, every candidate) in which each listed cell keeps only the listed
    /// digits, e.g. `&[("r1c1", "48")]`: small hand-drawn patterns.
    pub fn cells_keeping(cells: &[(&str, &str)]) -> Candidates {
        let mut grid = Candidates::from_grid(&crate::engine::Grid::empty());
        for &(name, kept) in cells {
            let cell: crate::engine::Cell = name.parse().expect("test cell");
            let kept: crate::engine::DigitSet =
                kept.chars().map(|c| crate::engine::Digit::from_char(c).expect("test digit")).collect();
            for digit in !kept {
                grid.eliminate(cell, digit);
            }
        }
        grid
    }

    /// Asserts that `step` changes something, removes no digit of `solution` and places only its
    /// digits; `context` names the position in the message.
    pub fn assert_step_sound(step: &Step, solution: &Grid, context: &str) {
        assert!(!step.is_empty(), "{context}: {} reported an empty step", step.technique);
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "{context}: {}", step.explanation);
        }
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{context}: {}", step.explanation);
        }
    }

    /// Asserts that each library line passes as `termdoku regression` judges it.
    pub fn assert_library_cases_pass(lines: &[&str]) {
        for line in lines {
            let case = Case::parse(line).expect("a readable library case");
            assert!(matches!(case.check(), crate::engine::reglib::Outcome::Passed), "{line}");
        }
    }

    /// Walks the logical paths of the first `take` puzzles of each shared data file in `files`
    /// (e.g. `tdoku/top1465.txt`) and checks *every* instance of `techniques` found on the way, not
    /// only the step taken: none is empty, removes a solution digit or places a wrong one. Returns
    /// how many instances of each technique were checked.
    pub fn assert_every_instance_sound(files: &[&str], take: usize, techniques: &[Technique]) -> Vec<usize> {
        assert_every_instance_sound_with(files, take, techniques, |_| {})
    }

    /// [`assert_every_instance_sound`], handing each instance checked to `checked` as well.
    pub fn assert_every_instance_sound_with(
        files: &[&str],
        take: usize,
        techniques: &[Technique],
        mut checked: impl FnMut(&Step),
    ) -> Vec<usize> {
        let mut seen = vec![0; techniques.len()];
        for file in files {
            let path = format!("{}/../shared/data/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).expect("shared puzzles are readable");
            let lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(take);
            for line in lines {
                // The puzzle is the 81-character field (the SE bank's lines start with an id).
                let line = line.split_whitespace().find(|f| f.len() == 81).unwrap_or_default();
                let puzzle: Puzzle = line.parse().expect("a valid puzzle");
                let solution = puzzle.solution();
                let mut grid = Candidates::from_grid(puzzle.givens());
                while let Some(next) = next_step(&grid) {
                    for (count, &technique) in seen.iter_mut().zip(techniques) {
                        for step in find_all(technique, &grid) {
                            *count += 1;
                            assert_step_sound(&step, solution, line);
                            checked(&step);
                        }
                    }
                    next.apply_to(&mut grid);
                }
            }
        }
        seen
    }

    /// Checks every instance of `techniques` in the positions of HoDoKu's regression library whose
    /// placed digits solve to a grid that keeps all their candidates: none removes a solution digit
    /// or places a wrong one. Returns how many instances were checked.
    pub fn assert_sound_in_library(techniques: &[Technique]) -> usize {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/hodoku/reglib-1.4.txt");
        let text = std::fs::read_to_string(path).expect("the regression library is readable");
        let mut checked = 0;
        for line in text.lines() {
            let Ok(case) = Case::parse(line) else { continue };
            let grid = &case.position;
            let Some(solution) = crate::engine::solve(&grid.to_grid()) else { continue };
            if grid.unsolved().iter().any(|c| !solution.get(c).is_some_and(|d| grid.has(c, d))) {
                continue;
            }
            for &technique in techniques {
                for step in find_all(technique, grid) {
                    assert_step_sound(&step, &solution, line);
                    checked += 1;
                }
            }
        }
        checked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Candidate, Cell, Digit, Grid, Puzzle};

    const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn only_brute_force_fires_on_the_empty_grid() {
        let grid = Candidates::from_grid(&Grid::empty());
        for &technique in Technique::ALL {
            let found = find_all(technique, &grid);
            let expected = usize::from(technique == Technique::BruteForce);
            assert_eq!(found.len(), expected, "{technique}");
        }
    }

    #[test]
    fn nothing_fires_on_a_solved_grid() {
        let puzzle: Puzzle = PUZZLE.parse().expect("a valid puzzle");
        let grid = Candidates::from_grid(puzzle.solution());
        assert!(next_step(&grid).is_none());
        for &technique in Technique::ALL {
            assert!(find_all(technique, &grid).is_empty(), "{technique}");
        }
    }

    #[test]
    fn broken_grids_end_without_a_guess() {
        // Two 1s in row 1; and a cell left without candidates by an elimination.
        let mut clash = ".".repeat(81);
        clash.replace_range(0..2, "11");
        let clash = Candidates::from_grid(&clash.parse().expect("a grid"));
        let puzzle: Puzzle = PUZZLE.parse().expect("a valid puzzle");
        let mut emptied = Candidates::from_grid(puzzle.givens());
        let cell = emptied.unsolved().first().expect("an empty cell");
        for digit in emptied.candidates(cell) {
            emptied.eliminate(cell, digit);
        }
        assert!(emptied.is_broken());
        for grid in [clash, emptied] {
            for &technique in Technique::ALL {
                let _ = find_all(technique, &grid);
            }
            let path = logical_path(&grid);
            assert!(path.iter().all(|s| s.technique != Technique::BruteForce), "{path:?}");
        }
    }

    /// A step removing the candidates `(row, column, digit)` (1-based).
    fn removing(removals: &[(usize, usize, u8)]) -> Step {
        let candidate = |&(row, col, digit): &(usize, usize, u8)| {
            let cell = Cell::from_index(9 * (row - 1) + col - 1);
            Candidate::new(cell, Digit::new(digit).expect("a digit"))
        };
        Step::new(Technique::Aic).with_eliminations(removals.iter().map(candidate))
    }

    #[test]
    fn instances_are_ordered_by_hodokus_weighted_index_sum() {
        // Cells 10 and 50 against cells 30 and 31: a plain sum prefers the first (60 < 61), HoDoKu's
        // weighs the second removal by 81 and prefers the second (10 + 1 + 50 * 81 + 1 = 4062
        // against 30 + 1 + 31 * 81 + 1 = 2543).
        let spread = removing(&[(2, 2, 1), (6, 6, 1)]);
        let close = removing(&[(4, 4, 1), (4, 5, 1)]);
        assert!(hodoku_preference(&close) < hodoku_preference(&spread));
        // Removals go in digit order first: the cell-80 removal of digit 1 comes first, the cell-0
        // removal of digit 2 second (80 + 1 + 0 + 2 = 83), against 9 + 1 + 81 * 9 + 2 = 741.
        let by_digit = removing(&[(1, 1, 2), (9, 9, 1)]);
        let same_digit = removing(&[(2, 1, 1), (2, 1, 2)]);
        assert!(hodoku_preference(&by_digit) < hodoku_preference(&same_digit));
        // More removals always come first.
        let three = removing(&[(9, 7, 9), (9, 8, 9), (9, 9, 9)]);
        assert!(hodoku_preference(&three) < hodoku_preference(&close));
    }

    #[test]
    fn one_search_families_are_contiguous_and_on_the_hint_path() {
        // policy_step searches a family when it meets the first member: that member must come first
        // in catalogue order and be on the hint path, or the family would never be searched.
        for family in ONE_SEARCH_FAMILIES {
            let at: Vec<usize> = family
                .iter()
                .map(|t| Technique::ALL.iter().position(|a| a == t).expect("in the catalogue"))
                .collect();
            assert!(at.windows(2).all(|w| w[1] == w[0] + 1), "{family:?} at {at:?}");
            assert!(family.iter().all(|t| t.in_hint_path()), "{family:?}");
        }
    }

    #[test]
    fn the_nice_loop_step_takes_hodokus_choice_among_loops_and_aics() {
        // HoDoKu's exemplar of a Discontinuous Nice Loop: after the singles its Nice Loop step takes
        // a discontinuous loop removing 4 candidates, though an AIC (earlier in our catalogue, with
        // fewer removals) fires too.
        let puzzle: Puzzle =
            "1....58..4..2.......2...47......6..3....7.91.29.........4...2......48.5....1...8."
                .parse()
                .expect("a valid puzzle");
        let mut grid = Candidates::from_grid(puzzle.givens());
        let step = loop {
            let step = next_step(&grid).expect("unsolved");
            if step.technique > Technique::HiddenSingle {
                break step;
            }
            step.apply_to(&mut grid);
        };
        let family = [Technique::ContinuousNiceLoop, Technique::Aic, Technique::DiscontinuousNiceLoop];
        let most = family.iter().flat_map(|&t| find_all(t, &grid)).map(|s| s.eliminations.len()).max();
        assert!(find_first(Technique::ContinuousNiceLoop, &grid).is_none());
        assert!(find_first(Technique::Aic, &grid).is_some_and(|aic| aic.eliminations.len() < 4));
        assert_eq!(
            (step.technique, step.eliminations.len(), most),
            (Technique::DiscontinuousNiceLoop, 4, Some(4))
        );
        assert!(policy_step(Technique::Aic, &grid).is_none(), "searched with the family's first");
        assert!(policy_step(Technique::DiscontinuousNiceLoop, &grid).is_none());
        let single = policy_step(Technique::HiddenSingle, &Candidates::from_grid(puzzle.givens()));
        let first = find_first(Technique::HiddenSingle, &Candidates::from_grid(puzzle.givens()));
        assert_eq!(single.map(|s| s.placements), first.map(|s| s.placements), "other techniques: the first");
    }

    #[test]
    fn the_path_of_a_puzzle_ends_solved() {
        let puzzle: Puzzle = PUZZLE.parse().expect("a valid puzzle");
        let mut grid = Candidates::from_grid(puzzle.givens());
        for step in logical_path(&grid) {
            step.apply_to(&mut grid);
        }
        assert_eq!(grid.to_grid(), *puzzle.solution());
    }
}

#[cfg(test)]
mod path_soundness {
    //! Every instance (not only the step taken) of the fish, colouring and chain techniques along
    //! real puzzle paths keeps the solution: their own tests check only library positions.

    use super::Technique::*;
    use super::test_support::assert_every_instance_sound;

    #[test]
    fn fish_colours_and_chains_are_sound_along_hard_paths() {
        let techniques = [
            XWing,
            Swordfish,
            Jellyfish,
            FinnedXWing,
            SashimiXWing,
            FinnedSwordfish,
            SashimiSwordfish,
            SiameseFinnedSwordfish,
            SiameseSashimiSwordfish,
            FinnedJellyfish,
            SashimiJellyfish,
            SiameseFinnedJellyfish,
            SiameseSashimiJellyfish,
            SimpleColorsTrap,
            SimpleColorsWrap,
            MultiColors1,
            MultiColors2,
            RemotePair,
            XChain,
            XyChain,
        ];
        let seen = assert_every_instance_sound(&["tdoku/top1465.txt"], 60, &techniques);
        let silent: Vec<_> = techniques.iter().zip(&seen).filter(|&(_, &n)| n == 0).map(|(t, _)| t).collect();
        assert!(silent.is_empty(), "never fired on these paths: {silent:?}");
    }

    #[test]
    fn nice_loops_and_aics_are_sound_along_hard_paths() {
        let techniques = [
            ContinuousNiceLoop,
            DiscontinuousNiceLoop,
            Aic,
            GroupedContinuousNiceLoop,
            GroupedDiscontinuousNiceLoop,
            GroupedAic,
        ];
        let seen = assert_every_instance_sound(&["tdoku/top1465.txt"], 30, &techniques);
        let silent: Vec<_> = techniques.iter().zip(&seen).filter(|&(_, &n)| n == 0).map(|(t, _)| t).collect();
        assert!(silent.is_empty(), "never fired on these paths: {silent:?}");
    }

    /// The grouped loops and AICs, those through almost locked sets included, along the paths of
    /// the SE bank's hardest puzzles (top1465's are checked above).
    #[test]
    fn chains_through_almost_locked_sets_are_sound_along_se_bank_paths() {
        let techniques = [GroupedContinuousNiceLoop, GroupedDiscontinuousNiceLoop, GroupedAic];
        let files = ["se_bank/se_7.0.txt", "se_bank/se_8.0.txt", "se_bank/se_9.0.txt", "se_bank/se_9.3.txt"];
        let mut through_sets = [0; 3];
        let seen = super::test_support::assert_every_instance_sound_with(&files, 4, &techniques, |step| {
            if step.explanation.contains("almost locked set") {
                through_sets[techniques.iter().position(|&t| t == step.technique).unwrap_or(0)] += 1;
            }
        });
        assert!(through_sets.iter().all(|&n| n > 0), "{seen:?} {through_sets:?}");
    }
}
