//! Band Tiling: House Tiling over two or three houses of one kind, the cages crossing between
//! them chosen together.
//!
//! Two or three disjoint houses of one kind (adjacent rows or columns, boxes in a line, jigsaw
//! regions that touch: every region of [`regions`] made of several houses, and three boxes in a
//! line) hold each digit once per house. Their open cells split into pieces as in one house: each
//! cage with two or more open cells in the band is a piece (the whole cage, or the part of it in
//! the band, drawn from one of its combinations such that the rest of the cage can be filled), and
//! the other open cells are loose. A piece's choice is a digit set together with the digits it puts
//! in each house of the band (its cells in each house must be able to take them). A joint choice
//! takes one choice per piece such that no house gets a digit twice or a digit placed in it, and
//! the loose cells of each house can take the house's other digits. A choice no joint choice uses
//! goes, and with it every candidate no joint choice puts on its cell.
//!
//! Each house alone sees a cage that crosses into the next house only as a part, free to hold any
//! digits of its combinations; the band sees that the cage's digits are shared between the houses,
//! so that two cages across rows 3 and 4 both holding a 1 leave no 1 for a third cage there. A
//! band is tried only when some piece crosses from one of its houses into another (else the houses
//! are independent and each house's own tiling says all), and a step is reported only when it
//! removes a candidate that the cell's own cage still allows. The search is bounded by
//! [`MAX_NODES`] tries per band; a piece with more than [`MAX_SPLITS`] choices is taken as loose
//! cells (weaker, still sound).
//!
//! It is a technique of its own, extreme: it plays up to 27 cells and every cage across them at
//! once, the heaviest reading a killer asks short of a chain. It comes after the finned fish and
//! Sue de Coq and before the chains, so a killer that the expert techniques solve never needs it.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::engine::killer::{Cages, digit_sum};
use crate::engine::{Candidate, Candidates, Cell, DigitSet, House, Layout};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique, cell_list, join_and, join_or};
use super::parts::{matches, subsets};
use super::regions::{PerLayout, Region, regions};
use super::sums::{fit_distinct, plus_digits, sets_text};
use super::{CageState, allowed, cage_states, owners};

/// The most choices tried in one band before it is given up.
const MAX_NODES: usize = 6000;

/// The most choices (digit sets with their split among the houses) a piece may have and still be
/// a piece (else its cells are loose).
const MAX_SPLITS: usize = 48;

/// The most houses in a band.
const MAX_HOUSES: usize = 3;

/// The bands of `layout`: its regions of two or three houses, then three boxes in a line.
fn bands(layout: &Layout) -> Arc<Vec<Region>> {
    static BANDS: PerLayout<Vec<Region>> = PerLayout::new();
    BANDS.get(layout, |layout| {
        let mut all: Vec<Region> = regions(layout).iter().filter(|r| r.houses.len() >= 2).cloned().collect();
        if layout.has_boxes() {
            for line in 0..3 {
                all.push(Region::new(layout, (0..3).map(|i| House::block(3 * line + i)).collect()));
                all.push(Region::new(layout, (0..3).map(|i| House::block(line + 3 * i)).collect()));
            }
        }
        all
    })
}

/// Reports every Band Tiling step to `sink`, bands in the order of [`bands`].
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let states = cage_states(grid, cages);
    let owner = owners(&states);
    for region in bands(grid.layout()).iter() {
        if let Some(step) = band(grid, &states, &owner, region) {
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// One choice of a piece: its digit set and the digits it puts in each house of the band.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Split {
    /// The digits of the piece.
    set: DigitSet,
    /// Per house of the band, those of them on its cells there.
    parts: [DigitSet; MAX_HOUSES],
}

/// Two or more open cells of one cage in the band.
struct Piece<'s, 'a> {
    /// The cage.
    state: &'s CageState<'a>,
    /// Per house of the band, its open cells there.
    cells: [Vec<Cell>; MAX_HOUSES],
    /// Whether they are all its open cells.
    whole: bool,
    /// The choices left to it.
    choices: Vec<Split>,
}

impl Piece<'_, '_> {
    /// Its open cells in the band.
    fn all_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells.iter().flatten().copied()
    }

    /// `cage 4 at r3c4-r4c4`, or `r3c5 and r4c5 of cage 14 at r3c5-r4c5-r5c5`.
    fn name(&self) -> String {
        if self.whole {
            self.state.cage.to_string()
        } else {
            let mut cells: Vec<Cell> = self.all_cells().collect();
            cells.sort();
            format!("{} of {}", cell_list(cells), self.state.cage)
        }
    }

    /// How many houses of the band it has cells in.
    fn spread(&self) -> usize {
        self.cells.iter().filter(|c| !c.is_empty()).count()
    }

    /// A choice as a person reads it: `1+2`, or `1 in row 3 with 2 in row 4`.
    fn choice_text(&self, split: &Split, houses: &[House]) -> String {
        if self.spread() == 1 {
            return plus_digits(split.set);
        }
        let parts: Vec<String> = (houses.iter().zip(&split.parts).zip(&self.cells))
            .filter(|(_, cells)| !cells.is_empty())
            .map(|((house, &part), _)| format!("{} in {house}", plus_digits(part)))
            .collect();
        parts.join(" with ")
    }
}

/// The piece of `state` in the band, if it has two or more open cells there and at most
/// [`MAX_SPLITS`] choices.
fn piece<'s, 'a>(
    grid: &Candidates,
    state: &'s CageState<'a>,
    houses: &[House],
    digits: &[DigitSet; MAX_HOUSES],
) -> Option<Piece<'s, 'a>> {
    let layout = grid.layout();
    let mut cells: [Vec<Cell>; MAX_HOUSES] = Default::default();
    let mut inside: Vec<Cell> = Vec::new();
    let mut outside: Vec<Cell> = Vec::new();
    for &cell in &state.open {
        match houses.iter().position(|&h| layout.set(h).contains(cell)) {
            Some(at) => {
                cells[at].push(cell);
                inside.push(cell);
            }
            None => outside.push(cell),
        }
    }
    if inside.len() < 2 {
        return None;
    }
    let whole = outside.is_empty();
    let sets = if whole { state.fit.sets.clone() } else { state.part_sets(grid, inside, &outside) };
    let cands: Vec<Vec<DigitSet>> =
        cells.iter().map(|cs| cs.iter().map(|&c| grid.candidates(c)).collect()).collect();
    let mut choices: Vec<Split> = Vec::new();
    for set in sets {
        let mut parts = [DigitSet::EMPTY; MAX_HOUSES];
        if !split(&cands, digits, set, 0, &mut parts, &mut choices) {
            return None;
        }
    }
    Some(Piece { state, cells, whole, choices })
}

/// Adds to `choices` every way to share `left` among the houses from `at` on, each house's part on
/// its cells; `false` when they grow past [`MAX_SPLITS`].
fn split(
    cands: &[Vec<DigitSet>],
    digits: &[DigitSet; MAX_HOUSES],
    left: DigitSet,
    at: usize,
    parts: &mut [DigitSet; MAX_HOUSES],
    choices: &mut Vec<Split>,
) -> bool {
    let Some(here) = cands.get(at) else {
        if choices.len() == MAX_SPLITS {
            return false;
        }
        let set = parts.iter().fold(DigitSet::EMPTY, |acc, &p| acc | p);
        choices.push(Split { set, parts: *parts });
        return true;
    };
    if here.is_empty() {
        parts[at] = DigitSet::EMPTY;
        return split(cands, digits, left, at + 1, parts, choices);
    }
    for part in subsets(left & digits[at], here.len()) {
        if matches(here, part) {
            parts[at] = part;
            if !split(cands, digits, left - part, at + 1, parts, choices) {
                return false;
            }
        }
    }
    true
}

/// The joint choices of one band, enumerated.
struct Search<'p, 's, 'a> {
    /// The pieces, fewest choices first.
    pieces: &'p [Piece<'s, 'a>],
    /// Per house, the digits its open cells hold.
    digits: [DigitSet; MAX_HOUSES],
    /// Per house, its loose cells' digits, cage by cage.
    loose: [Vec<DigitSet>; MAX_HOUSES],
    /// Choices tried so far.
    nodes: usize,
    /// The choice of each piece on the current branch.
    chosen: Vec<usize>,
    /// Per piece, per choice, whether some joint choice uses it.
    used: Vec<Vec<bool>>,
    /// Per house, whether its loose cells can take a digit set (memo).
    matchings: [Vec<(DigitSet, bool)>; MAX_HOUSES],
    /// Per house, the digit sets left to its loose cells by some joint choice.
    rests: [Vec<DigitSet>; MAX_HOUSES],
}

impl Search<'_, '_, '_> {
    /// Tries every choice of the pieces from `depth` on with `taken` already used in each house;
    /// `None` when the search grows too big, else whether some joint choice completes the branch.
    fn run(&mut self, depth: usize, taken: [DigitSet; MAX_HOUSES]) -> Option<bool> {
        let Some(piece) = self.pieces.get(depth) else { return Some(self.leaf(taken)) };
        let mut any = false;
        for (i, choice) in piece.choices.iter().enumerate() {
            self.nodes += 1;
            if self.nodes > MAX_NODES {
                return None;
            }
            if choice.parts.iter().zip(&taken).any(|(part, &t)| part.intersects(t)) {
                continue;
            }
            let mut next = taken;
            for (slot, &part) in next.iter_mut().zip(&choice.parts) {
                *slot |= part;
            }
            self.chosen[depth] = i;
            any |= self.run(depth + 1, next)?;
        }
        Some(any)
    }

    /// Whether the loose cells of every house can take the digits `taken` leaves it; records the
    /// choices if so.
    fn leaf(&mut self, taken: [DigitSet; MAX_HOUSES]) -> bool {
        let mut rests = [DigitSet::EMPTY; MAX_HOUSES];
        for (h, rest) in rests.iter_mut().enumerate() {
            *rest = self.digits[h] - taken[h];
            let fits = match self.matchings[h].iter().find(|(r, _)| r == rest) {
                Some(&(_, fits)) => fits,
                None => {
                    let fits = matches(&self.loose[h], *rest);
                    self.matchings[h].push((*rest, fits));
                    fits
                }
            };
            if !fits {
                return false;
            }
        }
        for (used, &at) in self.used.iter_mut().zip(&self.chosen) {
            used[at] = true;
        }
        for (kept, rest) in self.rests.iter_mut().zip(rests) {
            if !kept.contains(&rest) {
                kept.push(rest);
            }
        }
        true
    }
}

/// The Band Tiling step of `region`, if it removes a candidate its cage allows.
fn band(
    grid: &Candidates,
    states: &[CageState<'_>],
    owner: &[Option<usize>; 81],
    region: &Region,
) -> Option<Step> {
    let layout = grid.layout();
    let houses = region.houses.as_slice();
    if houses.len() > MAX_HOUSES {
        return None;
    }
    let mut digits = [DigitSet::EMPTY; MAX_HOUSES];
    let mut open: Vec<Cell> = Vec::new();
    for (slot, &house) in digits.iter_mut().zip(houses) {
        let cells = layout.cells(house);
        let placed: DigitSet = cells.iter().filter_map(|&c| grid.value(c)).collect();
        let before = open.len();
        open.extend(cells.iter().copied().filter(|&c| grid.value(c).is_none()));
        *slot = DigitSet::ALL - placed;
        if open.len() - before != slot.len() {
            return None;
        }
    }
    let mut seen: Vec<usize> = Vec::new();
    for &cell in &open {
        if let Some(at) = owner[cell.index()].filter(|at| !seen.contains(at)) {
            seen.push(at);
        }
    }
    // Cheap first: some cage must have open cells in two houses of the band.
    let crossing = |at: &usize| {
        let open = states[*at].open_set();
        houses.iter().filter(|&&h| open.intersects(layout.set(h))).count() > 1
    };
    if !seen.iter().any(crossing) {
        return None;
    }
    let mut pieces: Vec<Piece<'_, '_>> =
        seen.iter().filter_map(|&at| piece(grid, &states[at], houses, &digits)).collect();
    if !pieces.iter().any(|p| p.spread() > 1) {
        // Every piece within one house: the houses are independent.
        return None;
    }
    pieces.sort_by_key(|p| p.choices.len());
    let in_pieces: Vec<Cell> = pieces.iter().flat_map(|p| p.all_cells()).collect();
    let mut loose_cells: [Vec<Cell>; MAX_HOUSES] = Default::default();
    for (slot, &house) in loose_cells.iter_mut().zip(houses) {
        let cells = layout.cells(house).iter().copied();
        slot.extend(cells.filter(|&c| grid.value(c).is_none() && !in_pieces.contains(&c)));
    }
    let loose: [Vec<DigitSet>; MAX_HOUSES] =
        std::array::from_fn(|h| loose_cells[h].iter().map(|&c| allowed(grid, states, owner, c)).collect());
    let mut search = Search {
        pieces: &pieces,
        digits,
        loose,
        nodes: 0,
        chosen: vec![0; pieces.len()],
        used: pieces.iter().map(|p| vec![false; p.choices.len()]).collect(),
        matchings: Default::default(),
        rests: Default::default(),
    };
    if search.run(0, [DigitSet::EMPTY; MAX_HOUSES]) != Some(true) {
        // Too big a search, or a broken grid (nothing tiles the band).
        return None;
    }
    let mut removed: Vec<Candidate> = Vec::new();
    for (piece, used) in pieces.iter().zip(&search.used) {
        if used.iter().all(|&u| u) {
            continue;
        }
        for (h, cells) in piece.cells.iter().enumerate().filter(|(_, c)| !c.is_empty()) {
            let cands: Vec<DigitSet> = cells.iter().map(|&c| grid.candidates(c)).collect();
            let mut keep = vec![DigitSet::EMPTY; cells.len()];
            for (choice, _) in piece.choices.iter().zip(used).filter(|(_, u)| **u) {
                let part = choice.parts[h];
                let fit = fit_distinct(&cands, digit_sum(part), !part, part);
                for (slot, &digits) in keep.iter_mut().zip(&fit.usable) {
                    *slot |= digits;
                }
            }
            for (&cell, kept) in cells.iter().zip(keep) {
                removed.extend(
                    (allowed(grid, states, owner, cell) - kept).iter().map(|d| Candidate::new(cell, d)),
                );
            }
        }
    }
    let mut loose_lost: Vec<usize> = Vec::new();
    let per_house = loose_cells.iter().zip(&search.loose).zip(&search.rests).take(houses.len());
    for (h, ((cells, cands), rests)) in per_house.enumerate() {
        let mut kept = vec![DigitSet::EMPTY; cells.len()];
        for &rest in rests {
            let fit = fit_distinct(cands, digit_sum(rest), !rest, rest);
            for (slot, &digits) in kept.iter_mut().zip(&fit.usable) {
                *slot |= digits;
            }
        }
        let before = removed.len();
        for ((&cell, &was), now) in cells.iter().zip(cands).zip(kept) {
            removed.extend((was - now).iter().map(|d| Candidate::new(cell, d)));
        }
        if removed.len() > before {
            loose_lost.push(h);
        }
    }
    if removed.is_empty() {
        return None;
    }
    removed.sort();
    let explanation = explain(&search, region, &loose_cells, &loose_lost, &removed);
    let technique = Technique::BandTiling;
    Some(
        Step::new(technique)
            .with_houses(houses.iter().copied())
            .with_cells(open)
            .with_cages(pieces.iter().map(|p| *p.state.cage))
            .with_eliminations(removed)
            .with_explanation(format!("{technique}: {explanation}")),
    )
}

/// The explanation of a Band Tiling step (after the technique's name).
fn explain(
    search: &Search<'_, '_, '_>,
    region: &Region,
    loose: &[Vec<Cell>; MAX_HOUSES],
    loose_lost: &[usize],
    removed: &[Candidate],
) -> String {
    let houses = region.houses.as_slice();
    let pieces = search.pieces;
    let mut parts: Vec<String> = (pieces.iter())
        .map(|p| {
            let sets: Vec<DigitSet> = p.choices.iter().map(|c| c.set).fold(Vec::new(), |mut acc, s| {
                if !acc.contains(&s) {
                    acc.push(s);
                }
                acc
            });
            format!("{} ({})", p.name(), sets_text(&sets))
        })
        .collect();
    let mut loose_all: Vec<Cell> = loose.iter().flatten().copied().collect();
    loose_all.sort();
    if !loose_all.is_empty() {
        let cells = if loose_all.len() == 1 { "the cell" } else { "the cells" };
        parts.push(format!("{cells} {}", cell_list(loose_all.iter().copied())));
    }
    let kind = houses.first().map_or("house", |h| h.kind().name());
    let holds = if search.digits[..houses.len()].iter().all(|&d| d == DigitSet::ALL) {
        "each digit once"
    } else {
        "each of its missing digits once"
    };
    let mut text = format!("{} fill {}, each {kind} holding {holds}", join_and(parts), region.name);
    let mut dead: Vec<String> = Vec::new();
    let mut kept: Vec<String> = Vec::new();
    for (piece, used) in pieces.iter().zip(&search.used) {
        if !removed.iter().any(|r| piece.all_cells().any(|c| c == r.cell)) {
            continue;
        }
        let alive: Vec<&Split> =
            piece.choices.iter().zip(used).filter(|(_, u)| **u).map(|(c, _)| c).collect();
        let mut gone: Vec<DigitSet> = Vec::new();
        for choice in &piece.choices {
            if !alive.iter().any(|a| a.set == choice.set) && !gone.contains(&choice.set) {
                gone.push(choice.set);
            }
        }
        if !gone.is_empty() {
            dead.push(format!("{} in {}", sets_text(&gone), piece.name()));
        }
        let verb = if piece.whole { "holds" } else { "hold" };
        // Per digit set left, the set alone when every split of it is left, else its splits.
        let mut texts: Vec<String> = Vec::new();
        let mut done: Vec<DigitSet> = Vec::new();
        for a in &alive {
            if done.contains(&a.set) {
                continue;
            }
            done.push(a.set);
            let all = piece.choices.iter().filter(|c| c.set == a.set).all(|c| alive.contains(&c));
            if all {
                texts.push(plus_digits(a.set));
            } else {
                let of: Vec<String> =
                    alive.iter().filter(|c| c.set == a.set).map(|c| piece.choice_text(c, houses)).collect();
                texts.extend(of);
            }
        }
        kept.push(format!("{} {verb} {}", piece.name(), join_or(texts)));
    }
    if !dead.is_empty() {
        text.push_str(&format!("; no way to fill them together puts {}", join_or(dead)));
    }
    for &h in loose_lost {
        let cells = &loose[h];
        let verb = if cells.len() == 1 { "is" } else { "hold" };
        kept.push(format!("{} {verb} {}", cell_list(cells.iter().copied()), sets_text(&search.rests[h])));
    }
    format!("{text}; so {}: {}", join_and(kept), grouped_removal_text(removed))
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, each, killer};
    use crate::engine::Candidates;
    use crate::engine::logic::{Technique, find_all};

    /// Rows 3 and 4 crossed by three cages of two cells, 3 at r3c1-r4c1 (1+2), 4 at r3c4-r4c4
    /// (1+3) and 5 at r3c7-r4c7 (1+4 or 2+3); the rest of columns 1 and 4 without the first two
    /// cages' digits, so that no single house sees anything.
    fn three_crossing_cages() -> Candidates {
        let mut kept: Vec<(String, &str)> = Vec::new();
        for row in [1, 2, 5, 6, 7, 8, 9] {
            kept.push((format!("r{row}c1"), "3456789"));
            kept.push((format!("r{row}c4"), "2456789"));
        }
        let kept: Vec<(&str, &str)> = kept.iter().map(|(c, d)| (c.as_str(), *d)).collect();
        killer(
            vec![cage(&["r3c1", "r4c1"], 3), cage(&["r3c4", "r4c4"], 4), cage(&["r3c7", "r4c7"], 5)],
            &kept,
        )
    }

    #[test]
    fn two_cages_with_a_1_across_two_rows_leave_none_to_a_third() {
        let grid = three_crossing_cages();
        // No single house sees it.
        assert!(find_all(Technique::HouseTiling, &grid).is_empty());
        let found = find_all(Technique::BandTiling, &grid);
        assert!(!found.is_empty());
        let first = &found[0];
        assert_eq!(first.houses.iter().map(|h| h.to_string()).collect::<Vec<_>>(), ["row 3", "row 4"]);
        // The first hint names the band, and the board shades it whole.
        assert_eq!(first.summary(), "Band Tiling in rows 3 and 4");
        assert_eq!(first.pattern_houses(), first.houses);
        let mut expected = each("14", &["r3c7", "r4c7"]);
        let rest =
            ["r3c2", "r3c3", "r3c5", "r3c6", "r3c8", "r3c9", "r4c2", "r4c3", "r4c5", "r4c6", "r4c8", "r4c9"];
        expected.extend(each("123", &rest));
        expected.sort();
        assert_eq!(first.eliminations, expected);
        assert_eq!(
            first.explanation,
            "Band Tiling: cage 3 at r3c1-r4c1 (1+2), cage 4 at r3c4-r4c4 (1+3), cage 5 at r3c7-r4c7 (1+4 or 2+3) \
             and the cells r3c2, r3c3, r3c5, r3c6, r3c8, r3c9, r4c2, r4c3, r4c5, r4c6, r4c8 and r4c9 fill rows 3 \
             and 4, each row holding each digit once; no way to fill them together puts 1+4 in cage 5 at \
             r3c7-r4c7; so cage 5 at r3c7-r4c7 holds 2+3, r3c2, r3c3, r3c5, r3c6, r3c8 and r3c9 hold \
             4+5+6+7+8+9 and r4c2, r4c3, r4c5, r4c6, r4c8 and r4c9 hold 4+5+6+7+8+9: 1 is removed from r3c2, \
             r3c3, r3c5, r3c6, r3c7, r3c8, r3c9, r4c2, r4c3, r4c5, r4c6, r4c7, r4c8 and r4c9; 2 and 3 from r3c2, \
             r3c3, r3c5, r3c6, r3c8, r3c9, r4c2, r4c3, r4c5, r4c6, r4c8 and r4c9; 4 from r3c7 and r4c7"
        );
    }

    #[test]
    fn boxes_side_by_side_share_the_digits_of_the_cages_across_them() {
        // Cages 3 at r1c3-r1c4 (1+2), 4 at r2c3-r2c4 (1+3) and 5 at r3c3-r3c4 (1+4 or 2+3) cross
        // from box 1 into box 2; rows 1 and 2 have their cages' digits nowhere else. Boxes 1 and 2
        // hold two 1s, both in the first two cages, so cage 5 is 2+3.
        let mut kept: Vec<(String, &str)> = Vec::new();
        for column in [1, 2, 5, 6, 7, 8, 9] {
            kept.push((format!("r1c{column}"), "3456789"));
            kept.push((format!("r2c{column}"), "2456789"));
        }
        let kept: Vec<(&str, &str)> = kept.iter().map(|(c, d)| (c.as_str(), *d)).collect();
        let grid = killer(
            vec![cage(&["r1c3", "r1c4"], 3), cage(&["r2c3", "r2c4"], 4), cage(&["r3c3", "r3c4"], 5)],
            &kept,
        );
        assert!(find_all(Technique::HouseTiling, &grid).is_empty());
        let found = find_all(Technique::BandTiling, &grid);
        let names: Vec<String> =
            found.iter().map(|s| s.houses.iter().map(|h| h.to_string()).collect()).collect();
        // Columns 3 and 4 see it too (each cage puts one digit in each), as do the triples of
        // columns and of boxes around them.
        let expected_names = [
            "column 3column 4",
            "column 2column 3column 4",
            "column 3column 4column 5",
            "box 1box 2",
            "box 1box 2box 3",
        ];
        assert_eq!(names, expected_names);
        let boxes = &found[3];
        let mut expected = each("14", &["r3c3", "r3c4"]);
        expected.extend(each("2", &["r2c1", "r2c2", "r2c5", "r2c6"]));
        expected.extend(each("3", &["r1c1", "r1c2", "r1c5", "r1c6"]));
        expected.extend(each("123", &["r3c1", "r3c2", "r3c5", "r3c6"]));
        expected.sort();
        assert_eq!(boxes.eliminations, expected);
        assert!(boxes.explanation.contains(
            "fill boxes 1 and 2, each box holding each digit once; no way to fill them together puts 1+4 in \
             cage 5 at r3c3-r3c4; so cage 5 at r3c3-r3c4 holds 2+3"
        ));
    }

    #[test]
    fn nothing_when_every_choice_survives() {
        // Cages of two cells across rows 3 and 4 with every candidate.
        let grid = killer(vec![cage(&["r3c1", "r4c1"], 10), cage(&["r3c2", "r4c2"], 10)], &[]);
        assert!(find_all(Technique::BandTiling, &grid).is_empty());
    }
}
