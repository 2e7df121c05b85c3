//! Death Blossom: a stem cell whose every candidate `d` leads to a petal, an almost locked set
//! holding `d` only in cells that see the stem (so the stem is never in a petal).
//!
//! Whatever the stem holds, the petal of that digit loses it and is locked on its other digits. A
//! digit `z` that is not a candidate of the stem but is held by every petal is therefore in some
//! petal, and `z` leaves every cell that sees all the `z`s of all the petals. Petals may share cells
//! (as the sets of the family may, see the parent module): the argument only uses the locked petal.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet};

use super::super::step::grouped_removal_text;
use super::super::{Candidates, Sink, Step, Technique};
use super::{AlsIndex, removable, removed_digits};

/// The most petal combinations tried for one stem and digit `z` (a bound on rare, crowded
/// positions).
const COMBINATION_BUDGET: usize = 2_000;

/// Reports every Death Blossom of `index` to `sink`, each distinct set of eliminations once.
pub(super) fn find(grid: &Candidates, index: &AlsIndex, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut reported = HashSet::new();
    for stem in grid.unsolved() {
        let stem_digits = grid.candidates(stem);
        if stem_digits.len() < 2 {
            continue;
        }
        let Some(petals) = petals_by_digit(grid, index, stem, stem_digits) else { continue };
        for z in !stem_digits {
            let choices: Vec<Vec<usize>> = petals
                .iter()
                .map(|list| list.iter().copied().filter(|&p| index.reach[p].contains(z)).collect())
                .collect();
            let mut search =
                Blossoms { index, choices: &choices, z, budget: COMBINATION_BUDGET, found: Vec::new() };
            search.choose(0, &mut Vec::new(), grid.cells_with(z));
            for chosen in search.found {
                let eliminations = blossom_eliminations(grid, index, stem_digits, &chosen);
                if !reported.insert(eliminations.clone()) {
                    continue;
                }
                sink(step(grid, index, stem, stem_digits, &chosen, eliminations))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// For each candidate of the stem (in order), the sets that can be its petal; `None` when one has
/// none.
fn petals_by_digit(
    grid: &Candidates,
    index: &AlsIndex,
    stem: Cell,
    digits: DigitSet,
) -> Option<Vec<Vec<usize>>> {
    let sees_stem = grid.peers(stem);
    digits
        .iter()
        .map(|d| {
            let list: Vec<usize> = (0..index.sets.len())
                .filter(|&i| {
                    let set = index.set(i);
                    set.digits.contains(d) && set.cells_with(d).is_subset(sees_stem)
                })
                .collect();
            (!list.is_empty()).then_some(list)
        })
        .collect()
}

/// The search for petal combinations that all hold `z` and leave a cell seeing all their `z`s.
struct Blossoms<'a> {
    index: &'a AlsIndex,
    choices: &'a [Vec<usize>],
    z: Digit,
    budget: usize,
    found: Vec<Vec<usize>>,
}

impl Blossoms<'_> {
    /// Chooses a petal for stem digit number `at`, given the petals chosen so far and the cells that
    /// still see all their `z`s.
    fn choose(&mut self, at: usize, chosen: &mut Vec<usize>, targets: CellSet) {
        if targets.is_empty() || self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let Some(options) = self.choices.get(at) else {
            self.found.push(chosen.clone());
            return;
        };
        for &petal in options {
            let set = self.index.set(petal);
            chosen.push(petal);
            self.choose(at + 1, chosen, targets & set.seen_by(self.z));
            chosen.pop();
        }
    }
}

/// Every digit outside the stem held by all the petals, removed from the cells that see all its
/// cells in all the petals.
fn blossom_eliminations(
    grid: &Candidates,
    index: &AlsIndex,
    stem_digits: DigitSet,
    petals: &[usize],
) -> Vec<Candidate> {
    let common = petals.iter().fold(!stem_digits, |acc, &p| acc & index.set(p).digits);
    let mut eliminations: Vec<Candidate> = common
        .iter()
        .flat_map(|z| {
            let seeing = petals.iter().fold(CellSet::ALL, |acc, &p| acc & index.set(p).seen_by(z));
            removable(grid, z, seeing)
        })
        .collect();
    eliminations.sort();
    eliminations
}

fn step(
    grid: &Candidates,
    index: &AlsIndex,
    stem: Cell,
    stem_digits: DigitSet,
    petals: &[usize],
    eliminations: Vec<Candidate>,
) -> Step {
    let petal_text: Vec<String> = stem_digits
        .iter()
        .zip(petals)
        .map(|(d, &p)| format!("{d} to ALS {}", index.set(p).describe()))
        .collect();
    let explanation = format!(
        "Death Blossom: stem {stem} {} leads by {}; whatever the stem is, the petal of that digit loses it \
         and is locked on its other digits, so some petal holds {}, and {}",
        super::digits_in_braces(stem_digits),
        super::super::join_and(petal_text),
        removed_digits(&eliminations),
        grouped_removal_text(&eliminations)
    );
    let sets: Vec<_> = petals.iter().map(|&p| index.set(p)).collect();
    let drivers = stem_digits
        .iter()
        .map(|d| Candidate::new(stem, d))
        .chain(sets.iter().flat_map(|s| s.candidates(grid)));
    Step::new(Technique::DeathBlossom)
        .with_houses(sets.iter().map(|s| s.house))
        .with_cells(std::iter::once(stem).chain(sets.iter().flat_map(|s| s.cells.iter())))
        .with_drivers(drivers)
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}
