//! Set Equivalence: two sets of the same number of houses hold the same digits, each house 1 to 9
//! once, so what one set covers beyond the other holds the same digits as what the other covers
//! beyond the first (the Set Equivalence Theory of killer and variant solvers).
//!
//! The pairs tried are one to three rows or columns against as many boxes (jigsaw regions on a
//! jigsaw), one or two rows against as many columns, and (with boxes) the Phistomefel ring: rows
//! 1, 2, 8 and 9 with columns 1, 2, 8 and 9 against the eight boxes around box 5, which leaves the four corner 2x2 squares on one side and the ring
//! of 16 cells around box 5 on the other. A cell counts on a side as many times as that side's
//! houses cover it more than the other side's: where a row and a column of the first set cross
//! outside the second, the cell counts twice, and its digit is in the first side's digits twice.
//! Cells both sets cover equally drop out.
//!
//! A pairing is used when each side has at most four open cells outside the cages lying whole in
//! it (placed cells are known digits), and gives:
//!
//! - a sum: both sides add up to the same, the whole cages by their sums, so the few cells left
//!   obey `innies - outies = value`: one cell is placed, cells of one house make a derived cage,
//!   others are bounded as by Min/Max Sum;
//! - digits: a digit appears as many times on one side as on the other, so a cell loses a digit
//!   when the other side has no room for as many of it as this side would then hold (its whole
//!   cages count by their combinations: a cage whose every combination holds the digit holds it
//!   once). Only removals that need a cage's combinations are reported: without one they are
//!   classic locked candidates, fish and full houses, which come earlier; nor a digit a cage's own
//!   combinations already rule out.
//!
//! The search is bounded: 3,700 pairings, each dropped after a few bit operations unless its
//! sides are small, and at most [`MOST_STEPS`] steps per search, smallest pairings first.
//!
//! The rule of 45 works on one band of adjacent houses; this is where it stops, so a step here
//! never repeats one of those techniques on the solving path (they come first in the order).

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::engine::killer::{Cage, Cages};
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House, Layout};

use super::super::step::{a_digit, grouped_removal_text, set_pair_name};
use super::super::{Sink, Step, Technique, cell_list, join_and};
use super::min_max::bound_removals;
use super::regions::{PerLayout, cell_vec, formula};
use super::rule_of_45::{derived, holds_text};
use super::{CageState, cage_state, sums};

/// The most open cells a side may have outside its whole cages.
const LOOSE: usize = 4;

/// The most steps one search reports, which keeps it fast on a grid with many open pairings (the
/// first pairings are the smallest, so the steps kept are the easiest to see).
const MOST_STEPS: usize = 8;

/// Two sets of as many houses, by how many more times the first covers each cell than the second.
struct Pairing {
    /// The first set's houses.
    first: Vec<House>,
    /// The second set's houses.
    second: Vec<House>,
    /// The cells the first set covers once more than the second.
    once: CellSet,
    /// The cells the first set covers twice more (a row and a column of it crossing outside the
    /// second).
    twice: CellSet,
    /// The cells the second set covers once more than the first.
    other: CellSet,
    /// How a player names it: `rows 1 and 2 against boxes 1 and 2`.
    name: String,
}

impl Pairing {
    /// The pairing of `first` against `second`; `None` when a cell is covered more times by the
    /// second set than once beyond the first, or more than twice by the first beyond the second
    /// (never so for the sets tried).
    fn new(layout: &Layout, first: Vec<House>, second: Vec<House>, name: String) -> Option<Pairing> {
        // The usual sets cover a cell at most twice on the first side and once on the second:
        // worked out on bit sets (this runs for tens of thousands of candidate pairings).
        let (a1, a2, a3) = coverage(layout, &first);
        let (b1, b2, _) = coverage(layout, &second);
        if a3.is_empty() && b2.is_empty() {
            let (only_a1, only_a2) = (a1 - a2, a2);
            let once = (only_a1 - b1) | (only_a2 & b1);
            let twice = only_a2 - b1;
            let other = b1 - a1;
            return Some(Pairing { first, second, once, twice, other, name });
        }
        let mut net = [0i32; 81];
        for house in &first {
            for cell in layout.set(*house) {
                net[cell.index()] += 1;
            }
        }
        for house in &second {
            for cell in layout.set(*house) {
                net[cell.index()] -= 1;
            }
        }
        let (mut once, mut twice, mut other) = (CellSet::EMPTY, CellSet::EMPTY, CellSet::EMPTY);
        for cell in CellSet::ALL {
            match net[cell.index()] {
                0 => {}
                1 => once.insert(cell),
                2 => twice.insert(cell),
                -1 => other.insert(cell),
                _ => return None,
            }
        }
        Some(Pairing { first, second, once, twice, other, name })
    }

    /// How many cells the first side counts (a cell counted twice, twice).
    fn weight(&self) -> usize {
        self.once.len() + 2 * self.twice.len()
    }

    /// Every house of both sets.
    fn houses(&self) -> impl Iterator<Item = House> + '_ {
        self.first.iter().chain(&self.second).copied()
    }
}

/// The cells `houses` cover at least once, at least twice and at least three times.
fn coverage(layout: &Layout, houses: &[House]) -> (CellSet, CellSet, CellSet) {
    let (mut one, mut two, mut three) = (CellSet::EMPTY, CellSet::EMPTY, CellSet::EMPTY);
    for house in houses {
        let cells = layout.set(*house);
        three |= two & cells;
        two |= one & cells;
        one |= cells;
    }
    (one, two, three)
}

/// Every `k`-element subset of `items`, in order.
fn subsets(items: &[House], k: usize) -> Vec<Vec<House>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (i, &item) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], k - 1) {
            rest.insert(0, item);
            all.push(rest);
        }
    }
    all
}

/// The pairings tried, each once (the same cover written another way, or mirrored, is dropped):
/// rows and columns against boxes whose sides have at most 12 cells each, rows against columns,
/// and the Phistomefel ring. A side holding a whole house is left out (both sides are then just
/// houses adding up to 45 each). On a jigsaw the layout's regions stand for the boxes and there is
/// no ring; each layout's pairings are worked out once.
fn pairings(layout: &Layout) -> Arc<Vec<Pairing>> {
    static PAIRINGS: PerLayout<Vec<Pairing>> = PerLayout::new();
    PAIRINGS.get(layout, build_pairings)
}

fn build_pairings(layout: &Layout) -> Vec<Pairing> {
    let regions = layout.regions();
    let lines: Vec<House> = House::ROWS.iter().chain(&House::COLUMNS).copied().collect();
    // Fewest houses first, so that a cover met again is named by its fewest houses.
    let mut candidates = Vec::new();
    for k in 1..=3 {
        for first in subsets(&House::ROWS, k.min(2)).into_iter().filter(|_| k <= 2) {
            for second in subsets(&House::COLUMNS, k) {
                candidates.push((first.clone(), second, 81));
            }
        }
        for first in subsets(&lines, k) {
            for second in subsets(&regions, k) {
                candidates.push((first.clone(), second, 12));
            }
        }
    }
    let mut all: Vec<Pairing> = Vec::new();
    let mut seen = HashSet::new();
    for (first, second, most) in candidates {
        // Named once kept: most of the tens of thousands of candidates are dropped.
        let Some(mut pairing) = Pairing::new(layout, first, second, String::new()) else { continue };
        let (one, two) = (pairing.once | pairing.twice, pairing.other);
        if one.is_empty() || pairing.weight() > most || two.len() > most {
            continue;
        }
        if layout.houses().iter().any(|&h| layout.set(h).is_subset(one) || layout.set(h).is_subset(two)) {
            continue;
        }
        let key = (pairing.once.bits(), pairing.twice.bits(), pairing.other.bits());
        let mirror = (pairing.other.bits(), 0, pairing.once.bits());
        if seen.contains(&key) || (pairing.twice.is_empty() && seen.contains(&mirror)) {
            continue;
        }
        seen.insert(key);
        pairing.name = set_pair_name(&pairing.houses().collect::<Vec<_>>());
        all.push(pairing);
    }
    if !layout.has_boxes() {
        return all;
    }
    let lines = [0, 1, 7, 8];
    let first = lines.iter().map(|&i| House::row(i)).chain(lines.iter().map(|&i| House::column(i))).collect();
    let second = (0..9).filter(|&b| b != 4).map(House::block).collect();
    let name = "rows 1, 2, 8 and 9 and columns 1, 2, 8 and 9 against the eight boxes around box 5 (the \
                    Phistomefel ring)";
    all.extend(Pairing::new(layout, first, second, name.to_string()));
    all
}

/// A cage's state with the digits every fitting combination holds and those some combination
/// holds, worked out once per search.
struct Known<'c> {
    /// The cage's state.
    state: CageState<'c>,
    /// The digits in every combination that fits.
    must: DigitSet,
    /// The digits some fitting placement uses.
    may: DigitSet,
}

impl<'c> Known<'c> {
    fn new(state: CageState<'c>) -> Known<'c> {
        let (must, may) = (state.fit.compulsory(), state.fit.digits());
        Known { state, must, may }
    }
}

/// What a search knows of the grid, worked out once: the cages' states, and for each digit the open
/// cells allowing it and the cells holding it.
struct Facts<'c> {
    /// The layout.
    cages: &'c Cages,
    /// The state of each cage with an open cell, by cage id.
    known: Vec<Option<Known<'c>>>,
    /// The open cells.
    open: CellSet,
    /// For each digit (by index), the open cells allowing it.
    allowing: [CellSet; 9],
    /// For each digit (by index), the cells holding it.
    holding: [CellSet; 9],
}

impl<'c> Facts<'c> {
    fn new(grid: &Candidates, cages: &'c Cages) -> Facts<'c> {
        let known = cages.as_slice().iter().map(|c| cage_state(grid, c).map(Known::new)).collect();
        let open = grid.unsolved();
        let mut holding = [CellSet::EMPTY; 9];
        for cell in CellSet::ALL - open {
            if let Some(digit) = grid.value(cell) {
                holding[digit.index()].insert(cell);
            }
        }
        let allowing = Digit::ALL.map(|d| grid.cells_with(d));
        Facts { cages, known, open, allowing, holding }
    }
}

/// The weight of each part of a side: its cells counted once, then those counted twice.
const WEIGHTS: [u32; 2] = [1, 2];

/// The indices of the set bits of `bits`, lowest first.
fn bit_indices(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let low = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            low
        })
    })
}

/// One side of a pairing as the grid stands.
struct Side<'c> {
    /// Its cells counted once, then those counted twice.
    parts: [CellSet; 2],
    /// The ids of the cages lying whole in each part with an open cell (bit `i` for cage `i`).
    whole: [u128; 2],
    /// Its open cells in no such cage, in each part.
    loose: [CellSet; 2],
    /// What the search knows of the grid.
    facts: &'c Facts<'c>,
}

impl<'c> Side<'c> {
    /// The side of `parts`; `None` when more than [`LOOSE`] of its open cells lie in no whole cage
    /// (or a whole cage cannot be filled).
    fn new(facts: &'c Facts<'c>, parts: [CellSet; 2]) -> Option<Side<'c>> {
        let mut whole = [0u128; 2];
        let mut loose = [CellSet::EMPTY; 2];
        let mut count = 0;
        for (i, &part) in parts.iter().enumerate() {
            for cell in part & facts.open {
                match facts.cages.cage_of(cell).map(|id| id.index()) {
                    Some(id) if facts.cages.as_slice()[id].cells().is_subset(part) => whole[i] |= 1 << id,
                    _ => {
                        loose[i].insert(cell);
                        count += 1;
                        if count > LOOSE {
                            return None;
                        }
                    }
                }
            }
        }
        if bit_indices(whole[0] | whole[1]).any(|id| facts.known[id].is_none()) {
            return None;
        }
        Some(Side { parts, whole, loose, facts })
    }

    /// The cages lying whole in it, with their weights.
    fn wholes(&self) -> impl Iterator<Item = (&'c Known<'c>, u32)> + '_ {
        (0..2).flat_map(move |i| {
            bit_indices(self.whole[i])
                .filter_map(move |id| self.facts.known[id].as_ref().map(|known| (known, WEIGHTS[i])))
        })
    }

    /// How many of `cells` it holds, by weight.
    fn weighted(&self, cells: CellSet) -> u32 {
        ((self.parts[0] & cells).len() + 2 * (self.parts[1] & cells).len()) as u32
    }

    /// Its placed cells.
    fn placed_cells(&self) -> CellSet {
        (self.parts[0] | self.parts[1]) - self.facts.open
    }

    /// What the side adds up to beyond its loose cells: its placed digits and its whole cages.
    fn known_sum(&self) -> u32 {
        let placed: u32 = Digit::ALL
            .iter()
            .map(|d| u32::from(d.get()) * self.weighted(self.facts.holding[d.index()]))
            .sum();
        placed + self.wholes().map(|(k, w)| w * k.state.rest).sum::<u32>()
    }

    /// The side's loose cells, when each counts once.
    fn loose_once(&self) -> Option<CellSet> {
        self.loose[1].is_empty().then_some(self.loose[0])
    }

    /// Its cells as a player reads them: `r1c7, r1c8 and r2c2 (twice)`.
    fn cells_text(&self) -> String {
        let mut words: Vec<(Cell, String)> = self.parts[0].iter().map(|c| (c, c.to_string())).collect();
        words.extend(self.parts[1].iter().map(|c| (c, format!("{c} (twice)"))));
        words.sort();
        join_and(words.into_iter().map(|(_, w)| w).collect())
    }

    /// How many times `digit` lies on the side at least and at most, by the whole cages'
    /// combinations; and at most without them (each open cell allowing it counting).
    fn bounds(&self, digit: Digit) -> (u32, u32, u32) {
        let allowing = self.facts.allowing[digit.index()];
        let known = self.weighted(self.facts.holding[digit.index()]);
        let (mut least, mut most) = (known, known);
        for (known, weight) in self.wholes() {
            least += if known.must.contains(digit) { weight } else { 0 };
            most += if known.may.contains(digit) { weight } else { 0 };
        }
        most += ((self.loose[0] & allowing).len() + 2 * (self.loose[1] & allowing).len()) as u32;
        (least, most, known + self.weighted(allowing))
    }
}

/// Reports every Set Equivalence step to `sink`.
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let facts = Facts::new(grid, cages);
    let mut seen: HashSet<Vec<Candidate>> = HashSet::new();
    // The sum equations met, each worked on once.
    let mut tried: HashSet<(CellSet, CellSet, i32)> = HashSet::new();
    for pairing in pairings(grid.layout()).iter() {
        if ((pairing.once | pairing.twice | pairing.other) & facts.open).is_empty() {
            continue;
        }
        let Some(first) = Side::new(&facts, [pairing.once, pairing.twice]) else { continue };
        let Some(second) = Side::new(&facts, [pairing.other, CellSet::EMPTY]) else { continue };
        let sums = equation(&first, &second)
            .filter(|&key| tried.insert(key))
            .and_then(|key| sum_step(grid, pairing, (&first, &second), key));
        let steps = [sums, digit_step(pairing, &first, &second)];
        for step in steps.into_iter().flatten() {
            let mut changes = step.placements.clone();
            changes.extend(step.eliminations.iter().copied());
            if seen.insert(changes) {
                sink(step)?;
                if seen.len() == MOST_STEPS {
                    return ControlFlow::Continue(());
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// `Set Equivalence on rows 1 and 2 against boxes 1 and 2: r1c7, ... hold the same digits as r3c1, ...`.
fn opening(pairing: &Pairing, first: &Side<'_>, second: &Side<'_>) -> String {
    format!(
        "{} on {}: {} hold the same digits as {}",
        Technique::SetEquivalence,
        pairing.name,
        first.cells_text(),
        second.cells_text()
    )
}

/// The sums of the two sides as `innies - outies = value` over their loose cells (the first
/// side's, then the second's); `None` when a loose cell counts twice or none is left.
fn equation(first: &Side<'_>, second: &Side<'_>) -> Option<(CellSet, CellSet, i32)> {
    let (innies, outies) = (first.loose_once()?, second.loose_once()?);
    if (innies | outies).is_empty() {
        return None;
    }
    Some((innies, outies, second.known_sum() as i32 - first.known_sum() as i32))
}

/// The step the sums of the two sides give, if any: `innies - outies = value` (see [`equation`]).
fn sum_step(
    grid: &Candidates,
    pairing: &Pairing,
    (first, second): (&Side<'_>, &Side<'_>),
    (innies, outies, value): (CellSet, CellSet, i32),
) -> Option<Step> {
    let cells = innies | outies;
    let wholes: Vec<(&Known<'_>, u32)> = first.wholes().chain(second.wholes()).collect();
    let mut used: Vec<Cage> = wholes.iter().map(|(k, _)| *k.state.cage).collect();
    let reason = || {
        let mut whole = String::new();
        if !wholes.is_empty() {
            let counted: Vec<String> = (wholes.iter())
                .map(
                    |(k, w)| {
                        if *w == 2 { format!("{} (twice)", k.state.cage) } else { k.state.cage.to_string() }
                    },
                )
                .collect();
            whole = format!(" with {} whole", join_and(counted));
        }
        let placed = first.placed_cells() | second.placed_cells();
        if !placed.is_empty() {
            whole += &format!(" and the placed {}", cell_list(placed));
        }
        let equation = formula(innies, outies, value);
        format!("{}, so they add up to the same:{whole}, {equation}", opening(pairing, first, second))
    };
    let step = Step::new(Technique::SetEquivalence).with_houses(pairing.houses()).with_cells(cells);

    if let Some(cell) = cells.single() {
        let value = if innies.is_empty() { -value } else { value };
        let digit = u8::try_from(value).ok().and_then(Digit::new)?;
        if !grid.has(cell, digit) || grid.candidates(cell).len() < 2 {
            return None;
        }
        let reason = reason();
        return Some(
            step.with_cages(used).with_placements([Candidate::new(cell, digit)]).with_explanation(reason),
        );
    }
    let one_sided = innies.is_empty() || outies.is_empty();
    if one_sided && grid.layout().common_houses(cells).next().is_some() && cells.len() <= 8 {
        let sum = u32::try_from(if outies.is_empty() { value } else { -value }).ok()?;
        let (cage, removed, fit) = derived(grid, cell_vec(cells), sum);
        if fit.sets.is_empty() || removed.is_empty() {
            return None;
        }
        let reason = reason();
        used.insert(0, cage);
        let holds = holds_text(grid.layout(), cells, sum, &fit.sets);
        return Some(step.with_cages(used).with_eliminations(removed.iter().copied()).with_explanation(
            format!("{reason}: a derived {cage} {holds}, so {}", grouped_removal_text(&removed)),
        ));
    }
    let (removed, clauses) = bound_removals(grid, innies, outies, value)?;
    let reason = reason();
    Some(
        step.with_cages(used)
            .with_eliminations(removed)
            .with_explanation(format!("{reason}; {}", clauses.join("; "))),
    )
}

/// How a side has room for a digit `most` times: `has no room for a 7`, `has room for 7 only
/// once`.
fn room_text(digit: Digit, most: u32) -> String {
    match most {
        0 => format!("has no room for {}", a_digit(digit)),
        1 => format!("has room for {digit} only once"),
        n => format!("has room for {digit} only {n} times"),
    }
}

/// The step the digits of the two sides give, if any: removals that need a whole cage.
fn digit_step(pairing: &Pairing, first: &Side<'_>, second: &Side<'_>) -> Option<Step> {
    if first.whole == [0, 0] && second.whole == [0, 0] {
        return None;
    }
    let facts = first.facts;
    let mut removed = Vec::new();
    let mut clauses = Vec::new();
    for digit in Digit::ALL {
        let bounds = [first.bounds(digit), second.bounds(digit)];
        for (side, this, that) in [(first, 0, 1), (second, 1, 0)] {
            let least = bounds[this].0;
            let known = side.weighted(facts.holding[digit.index()]);
            let (_, most, plain) = bounds[that];
            // A cell adds at most 2 to what the side must hold.
            if least + 2 <= most {
                continue;
            }
            let mut gone = CellSet::EMPTY;
            for (i, &part) in side.parts.iter().enumerate() {
                let weight = WEIGHTS[i];
                for cell in part & facts.allowing[digit.index()] {
                    let cage = facts.cages.cage_of(cell).map(|id| id.index());
                    let whole = cage.filter(|&id| side.whole[i] & 1 << id != 0);
                    let known_cage = whole.and_then(|id| facts.known[id].as_ref());
                    if known_cage.is_some_and(|k| !k.may.contains(digit)) {
                        // Its cage's combinations remove it already.
                        continue;
                    }
                    let own = known_cage.filter(|k| k.must.contains(digit)).map_or(0, |_| weight);
                    // With `cell` holding the digit, the side holds it at least this many times;
                    // without the cages' combinations the other side would still have room.
                    if weight + least - own > most && weight + known <= plain {
                        gone.insert(cell);
                    }
                }
            }
            if gone.is_empty() {
                continue;
            }
            let holders: Vec<String> = side
                .wholes()
                .filter(|(k, _)| k.must.contains(digit) && !gone.intersects(k.state.open_set()))
                .map(|(k, _)| k.state.cage.to_string())
                .collect();
            let mut clause = format!("the other side {}", room_text(digit, most));
            if !holders.is_empty() {
                let verb = if holders.len() == 1 { "holds" } else { "hold" };
                clause += &format!(" and {} already {verb} it", join_and(holders));
            }
            clauses.push(format!("{clause}, so {digit} leaves {}", cell_list(gone)));
            removed.extend(gone.iter().map(|c| Candidate::new(c, digit)));
        }
    }
    if removed.is_empty() {
        return None;
    }
    removed.sort();
    let wholes: Vec<(&Known<'_>, u32)> = first.wholes().chain(second.wholes()).collect();
    let facts_text: Vec<String> = (wholes.iter())
        .map(|(k, _)| format!("{} can only hold {}", k.state.cage, sums::sets_text(&k.state.fit.sets)))
        .collect();
    let cells = first.parts.iter().chain(&second.parts).fold(CellSet::EMPTY, |acc, &p| acc | p);
    Some(
        Step::new(Technique::SetEquivalence)
            .with_houses(pairing.houses())
            .with_cells(cells)
            .with_cages(wholes.iter().map(|(k, _)| *k.state.cage))
            .with_eliminations(removed.iter().copied())
            .with_explanation(format!(
                "{}; {}; {}: {}",
                opening(pairing, first, second),
                facts_text.join("; "),
                clauses.join("; "),
                grouped_removal_text(&removed)
            )),
    )
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, cell, each, killer};
    use crate::engine::killer::Cage;
    use crate::engine::logic::{Step, Technique, find_all};
    use crate::engine::{Candidate, Candidates, Digit, Grid, House};

    /// Row 1 against column 1: cage 20 at r1c1-r1c2-r2c1-r2c2 over their crossing, cages 6 and 30
    /// covering the rest of row 1 and cages 24 and 10 the rest of column 1.
    fn row_against_column() -> Vec<Cage> {
        vec![
            cage(&["r1c1", "r1c2", "r2c1", "r2c2"], 20),
            cage(&["r1c3", "r1c4", "r1c5"], 6),
            cage(&["r1c6", "r1c7", "r1c8", "r1c9"], 30),
            cage(&["r3c1", "r4c1", "r5c1"], 24),
            cage(&["r6c1", "r7c1", "r8c1", "r9c1"], 10),
        ]
    }

    /// What the rule-of-45 techniques remove in `grid`.
    fn rule_of_45_removals(grid: &Candidates) -> Vec<Candidate> {
        let steps: Vec<Step> = Technique::RULE_OF_45.iter().flat_map(|&t| find_all(t, grid)).collect();
        steps.iter().flat_map(|s| s.eliminations.iter().chain(&s.placements).copied()).collect()
    }

    #[test]
    fn a_row_against_its_box_gives_a_sum_the_rule_of_45_does_not() {
        // Row 1 against box 1: r1c4-r1c9 (cages 6 and 24) hold the same digits as the rest of box
        // 1 (cage 20 and the open r2c3 and r3c3), so r2c3 + r3c3 = 30 - 20 = 10 and neither is 5.
        // Row 1 and box 1 alone each leave r1c1-r1c3 open too: the rule of 45 sees 15 in three
        // cells and 25 in five, which rule out nothing.
        let cages = vec![
            cage(&["r1c4", "r1c5", "r1c6"], 6),
            cage(&["r1c7", "r1c8", "r1c9"], 24),
            cage(&["r2c1", "r2c2", "r3c1", "r3c2"], 20),
        ];
        let grid = killer(cages, &[]);
        let found = find_all(Technique::SetEquivalence, &grid);
        let step = found.iter().find(|s| s.cells == [cell("r2c3"), cell("r3c3")]).expect("the sum step");
        assert_eq!(step.eliminations, each("5", &["r2c3", "r3c3"]));
        assert_eq!(
            step.explanation,
            "Set Equivalence on row 1 against box 1: r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9 hold the same \
             digits as r2c1, r2c2, r2c3, r3c1, r3c2 and r3c3, so they add up to the same: with cage 6 at \
             r1c4-r1c5-r1c6, cage 24 at r1c7-r1c8-r1c9 and cage 20 at r2c1-r2c2-r3c1-r3c2 whole, r2c3 + \
             r3c3 = 10: a derived cage 10 at r2c3-r3c3 that can only hold 1+9, 2+8, 3+7 or 4+6, so 5 is \
             removed from r2c3 and r3c3"
        );
        assert_eq!(step.summary(), "Set Equivalence on row 1 against box 1");
        assert_eq!(step.pattern_houses(), [House::row(0), House::block(0)]);
        let before = rule_of_45_removals(&grid);
        assert!(step.eliminations.iter().all(|e| !before.contains(e)), "{before:?}");
        // The digits say more: row 1's side holds 1+2+3 and 7+8+9, so box 1's side has no 4, 5 or 6.
        let digits = found.iter().find(|s| s.cells.len() == 12).expect("the digit step");
        let cells = ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"];
        assert_eq!(digits.eliminations, each("456", &cells));
    }

    #[test]
    fn a_side_whose_cages_must_hold_a_digit_leaves_no_room_for_it_on_the_other() {
        // Row 1's cages hold 1+2+3 and 6+7+8+9, column 1's 7+8+9 and 1+2+3+4, each cell keeping
        // only its cage's digits: r1c2 and r2c1 are the only other cells. Column 1's side must hold
        // a 4 (cage 10) and row 1's side can hold one only at r1c2, so r2c1 is no 4; it must hold a
        // 9 (cage 24) and row 1's side has room for one only (cage 30), so r2c1 is no 9. Likewise
        // r1c2 is no 6 (cage 30 holds one, column 1's side has room for one only at r2c1), and no 1
        // (cage 6 holds one, and r2c1 has no 1).
        let kept = [
            ("r1c1", "2345678"),
            ("r1c2", "12345678"),
            ("r2c1", "23456789"),
            ("r1c3", "123"),
            ("r1c4", "123"),
            ("r1c5", "123"),
            ("r1c6", "6789"),
            ("r1c7", "6789"),
            ("r1c8", "6789"),
            ("r1c9", "6789"),
            ("r3c1", "789"),
            ("r4c1", "789"),
            ("r5c1", "789"),
            ("r6c1", "1234"),
            ("r7c1", "1234"),
            ("r8c1", "1234"),
            ("r9c1", "1234"),
        ];
        let grid = killer(row_against_column(), &kept);
        let found = find_all(Technique::SetEquivalence, &grid);
        let step = found.iter().find(|s| s.cells.len() == 16).expect("the digit step");
        let mut expected = each("16", &["r1c2"]);
        expected.extend(each("49", &["r2c1"]));
        expected.sort();
        assert_eq!(step.eliminations, expected, "{}", step.explanation);
        assert_eq!(
            step.explanation,
            "Set Equivalence on row 1 against column 1: r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9 \
             hold the same digits as r2c1, r3c1, r4c1, r5c1, r6c1, r7c1, r8c1 and r9c1; cage 6 at \
             r1c3-r1c4-r1c5 can only hold 1+2+3; cage 30 at r1c6-r1c7-r1c8-r1c9 can only hold 6+7+8+9; \
             cage 24 at r3c1-r4c1-r5c1 can only hold 7+8+9; cage 10 at r6c1-r7c1-r8c1-r9c1 can only hold \
             1+2+3+4; the other side has room for 1 only once and cage 6 at r1c3-r1c4-r1c5 already holds \
             it, so 1 leaves r1c2; the other side has room for 4 only once and cage 10 at \
             r6c1-r7c1-r8c1-r9c1 already holds it, so 4 leaves r2c1; the other side has room for 6 only \
             once and cage 30 at r1c6-r1c7-r1c8-r1c9 already holds it, so 6 leaves r1c2; the other side \
             has room for 9 only once and cage 24 at r3c1-r4c1-r5c1 already holds it, so 9 leaves r2c1: 1 \
             and 6 are removed from r1c2; 4 and 9 from r2c1"
        );
    }

    #[test]
    fn a_cell_two_houses_of_one_side_cover_counts_twice() {
        // Row 1 and column 1 against boxes 2 and 4 in a solved grid: r1c1 = 5 is on the first side
        // twice (both its houses are there, neither box is), so the other side holds two 5s: one
        // in cage 21 at box 4's columns 2 and 3 (whose cells keep only their digits), the other in
        // box 2's rows 2 and 3. Counted once, r1c1 would leave room for one 5 only, and the cage
        // there would wrongly lose its 5.
        let solution: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .expect("a solved grid");
        let caged = |cells: &[&str]| {
            let sum = cells.iter().filter_map(|&c| solution.get(cell(c))).map(|d| u32::from(d.get())).sum();
            cage(cells, sum)
        };
        let other_box = ["r4c2", "r4c3", "r5c2", "r5c3", "r6c2", "r6c3"];
        let cages = vec![
            caged(&["r1c2", "r1c3"]),
            caged(&["r1c7", "r1c8", "r1c9"]),
            caged(&["r2c1", "r3c1"]),
            caged(&["r7c1", "r8c1", "r9c1"]),
            caged(&["r2c4", "r2c5", "r2c6", "r3c4", "r3c5", "r3c6"]),
            caged(&other_box),
        ];
        let kept: Vec<(&str, String)> = other_box
            .iter()
            .map(|&c| (c, solution.get(cell(c)).map(|d| d.to_string()).unwrap_or_default()))
            .collect();
        let kept: Vec<(&str, &str)> = kept.iter().map(|(c, d)| (*c, d.as_str())).collect();
        let mut grid = killer(cages, &kept);
        let five = Digit::new(5).expect("a digit");
        grid.place(cell("r1c1"), five);
        let found = find_all(Technique::SetEquivalence, &grid);
        for step in &found {
            for e in &step.eliminations {
                assert_ne!(solution.get(e.cell), Some(e.digit), "unsound: {}", step.explanation);
            }
        }
        let p_box = ["r2c4", "r2c5", "r2c6", "r3c4", "r3c5", "r3c6"];
        assert!(
            found
                .iter()
                .flat_map(|s| &s.eliminations)
                .all(|e| !(e.digit == five && p_box.contains(&e.cell.to_string().as_str()))),
            "{found:?}"
        );
        // The pairing counts r1c1 twice.
        let all = super::pairings(crate::engine::Layout::classic_ref());
        assert_eq!(all.len(), 3700);
        let pairing =
            all.iter().find(|p| p.name == "row 1 and column 1 against boxes 2 and 4").expect("the pairing");
        assert_eq!(pairing.twice, cell("r1c1").set());
        assert_eq!(pairing.weight(), 12);
        assert_eq!(pairing.other.len(), 12);
    }

    /// The four corner 2x2 squares caged 10, 30, 10 and 30; the ring around box 5 caged 30 on row
    /// 3, 20 on row 7 and 6 down column 3, r4c7-r6c7 open.
    fn phistomefel() -> Vec<Cage> {
        vec![
            cage(&["r1c1", "r1c2", "r2c1", "r2c2"], 10),
            cage(&["r1c8", "r1c9", "r2c8", "r2c9"], 30),
            cage(&["r8c1", "r8c2", "r9c1", "r9c2"], 10),
            cage(&["r8c8", "r8c9", "r9c8", "r9c9"], 30),
            cage(&["r3c3", "r3c4", "r3c5", "r3c6", "r3c7"], 30),
            cage(&["r7c3", "r7c4", "r7c5", "r7c6", "r7c7"], 20),
            cage(&["r4c3", "r5c3", "r6c3"], 6),
        ]
    }

    #[test]
    fn the_phistomefel_ring_adds_up_to_its_corners() {
        // The corners add up to 80, so r4c7 + r5c7 + r6c7 = 80 - 30 - 20 - 6 = 24: 7+8+9.
        let grid = killer(phistomefel(), &[]);
        let found = find_all(Technique::SetEquivalence, &grid);
        let cells = [cell("r4c7"), cell("r5c7"), cell("r6c7")];
        let step = found.iter().find(|s| s.cells == cells).expect("the ring's sum");
        assert_eq!(step.eliminations, each("123456", &["r4c7", "r5c7", "r6c7"]));
        assert_eq!(step.cages[0], cage(&["r4c7", "r5c7", "r6c7"], 24));
        let before = rule_of_45_removals(&grid);
        assert!(step.eliminations.iter().all(|e| !before.contains(e)), "{before:?}");
        assert!(
            step.explanation.starts_with(
                "Set Equivalence on rows 1, 2, 8 and 9 and columns 1, 2, 8 and 9 against the eight boxes \
                 around box 5 (the Phistomefel ring): r1c1, r1c2, "
            ),
            "{}",
            step.explanation
        );
        assert!(
            step.explanation.ends_with(
                "whole, r4c7 + r5c7 + r6c7 = 24: a derived cage 24 at r4c7-r5c7-r6c7 that can only hold \
                 7+8+9, so 1, 2, 3, 4, 5 and 6 are removed from r4c7, r5c7 and r6c7"
            ),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn the_phistomefel_ring_holds_no_digit_its_corners_cannot() {
        // The corners' cages hold 1+2+3+4 and 6+7+8+9, twice: no 5, so the ring has none (cage 6
        // down column 3 rules it out by its own combination, 1+2+3, which is not this step's).
        let grid = killer(phistomefel(), &[]);
        let found = find_all(Technique::SetEquivalence, &grid);
        let ring = [
            "r3c3", "r3c4", "r3c5", "r3c6", "r3c7", "r4c7", "r5c7", "r6c7", "r7c3", "r7c4", "r7c5", "r7c6",
            "r7c7",
        ];
        let step = found.iter().find(|s| s.cells.len() == 32).expect("the ring's digits");
        let fives: Vec<Candidate> =
            step.eliminations.iter().filter(|e| e.digit.get() == 5).copied().collect();
        assert_eq!(fives, each("5", &ring));
        assert!(step.explanation.contains("the other side has no room for a 5, so 5 leaves r3c3"));
    }

    #[test]
    fn removals_that_need_no_cage_are_left_to_the_classic_techniques() {
        // Row 1 against column 1 with no cage: each side's digits are its cells' candidates only,
        // which is locked candidates or a fish; nothing is reported.
        let grid = killer(vec![cage(&["r9c9"], 5)], &[]);
        assert!(find_all(Technique::SetEquivalence, &grid).is_empty());
    }
}
