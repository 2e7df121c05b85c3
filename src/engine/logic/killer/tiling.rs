//! House Tiling: the cages of a house, and the parts of cages in it, chosen together.
//!
//! The open cells of a house hold the digits not yet placed in it, once each. Split them into
//! pieces: each cage with two or more open cells in the house is a piece (a whole cage when all its
//! open cells lie in the house, else the part of it that does), and the other open cells are loose.
//! A whole cage holds one of its remaining combinations; a part holds a set of digits drawn from one
//! combination of its cage such that the part and the rest of the cage can each be filled. A joint
//! choice takes one digit set per piece, the sets sharing no digit, and leaves the loose cells
//! exactly the house's other digits, which they must be able to take (one digit per cell, each on a
//! cell that allows it). A digit set of a piece used by no joint choice goes, and so does every
//! candidate no joint choice puts on its cell.
//!
//! Cage by cage, each combination is only checked against its own cells; here the cages are played
//! against each other and against the rest of the house (beside a cage 11 that can only be 2+9 or
//! 3+8, a cage 10 of the same row cannot be 2+8, and both leave the other cells of the row digits
//! they must hold). A step is reported only when it removes a candidate that the cell's own cage
//! still allows (what the cage-by-cage techniques would remove is not counted). The joint choices
//! are enumerated with pruning by shared digits; a house needing more than [`MAX_NODES`] tries is
//! skipped, so a hint stays fast.

use std::ops::ControlFlow;

use crate::engine::killer::{Cages, digit_sum};
use crate::engine::{Candidate, Candidates, Cell, DigitSet, House};

use super::super::step::grouped_removal_text;
use super::super::{Sink, Step, Technique, cell_list, digit_list, join_and};
use super::parts::matches;
use super::sums::{fit_distinct, plus_digits, sets_text, smallest_first};
use super::{CageState, allowed, cage_states, owners};

/// The most digit sets tried in one house before it is given up.
const MAX_NODES: usize = 4000;

/// Reports every House Tiling step to `sink`, houses in catalogue order.
pub(super) fn find(grid: &Candidates, cages: &Cages, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let states = cage_states(grid, cages);
    let owner = owners(&states);
    for &house in grid.houses() {
        if let Some(step) = tiling(grid, &states, &owner, house) {
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Two or more open cells of one cage in the house.
struct Piece<'s, 'a> {
    /// The cage.
    state: &'s CageState<'a>,
    /// Its open cells in the house, in reading order.
    cells: Vec<Cell>,
    /// Whether they are all its open cells.
    whole: bool,
    /// The digit sets they may hold.
    choices: Vec<DigitSet>,
}

impl Piece<'_, '_> {
    /// `cage 10 at r1c3-r1c4`, or `r1c5 and r1c6 of cage 14 at r1c5-r1c6-r2c6`.
    fn name(&self) -> String {
        if self.whole {
            self.state.cage.to_string()
        } else {
            format!("{} of {}", cell_list(self.cells.iter().copied()), self.state.cage)
        }
    }

    /// The digits the cage allows on each of the piece's cells, cage by cage.
    fn cage_usable(&self) -> Vec<DigitSet> {
        self.cells.iter().map(|&c| self.state.usable_on(c)).collect()
    }

    /// Per cell, the digits some placement of `digits` on the piece's cells puts there.
    fn usable(&self, grid: &Candidates, digits: DigitSet) -> Vec<DigitSet> {
        let cands: Vec<DigitSet> = self.cells.iter().map(|&c| grid.candidates(c) & digits).collect();
        fit_distinct(&cands, digit_sum(digits), DigitSet::EMPTY, digits).usable.clone()
    }
}

/// The piece of `state` in `house`, if it has two or more open cells there.
fn piece<'s, 'a>(grid: &Candidates, state: &'s CageState<'a>, house: House) -> Option<Piece<'s, 'a>> {
    let (cells, outside): (Vec<Cell>, Vec<Cell>) =
        state.open.iter().copied().partition(|&c| grid.house_set(house).contains(c));
    if cells.len() < 2 {
        return None;
    }
    if outside.is_empty() {
        return Some(Piece { state, cells, whole: true, choices: state.fit.sets.clone() });
    }
    let choices = state.part_sets(grid, cells.iter().copied(), &outside);
    Some(Piece { state, cells, whole: false, choices })
}

/// The joint choices of one house, enumerated.
struct Search<'p, 's, 'a> {
    /// The pieces, fewest choices first.
    pieces: &'p [Piece<'s, 'a>],
    /// The digits the house's open cells hold.
    digits: DigitSet,
    /// The loose cells' digits, cage by cage.
    loose: Vec<DigitSet>,
    /// Digit sets tried so far.
    nodes: usize,
    /// The choice of each piece on the current branch.
    chosen: Vec<usize>,
    /// Per piece, per choice, whether some joint choice uses it.
    used: Vec<Vec<bool>>,
    /// Whether the loose cells can take a digit set left to them (memo).
    matchings: Vec<(DigitSet, bool)>,
    /// The digit sets left to the loose cells by some joint choice.
    rests: Vec<DigitSet>,
}

impl Search<'_, '_, '_> {
    /// Tries every choice of the pieces from `depth` on with `taken` already used; `None` when the
    /// search grows too big, else whether some joint choice completes the branch.
    fn run(&mut self, depth: usize, taken: DigitSet) -> Option<bool> {
        let Some(piece) = self.pieces.get(depth) else { return Some(self.leaf(taken)) };
        let mut any = false;
        for (i, choice) in piece.choices.iter().enumerate() {
            self.nodes += 1;
            if self.nodes > MAX_NODES {
                return None;
            }
            if choice.intersects(taken) || !choice.is_subset(self.digits) {
                continue;
            }
            self.chosen[depth] = i;
            any |= self.run(depth + 1, taken | *choice)?;
        }
        Some(any)
    }

    /// Whether the loose cells can take the digits `taken` leaves; records the choices if so.
    fn leaf(&mut self, taken: DigitSet) -> bool {
        let rest = self.digits - taken;
        let fits = match self.matchings.iter().find(|(r, _)| *r == rest) {
            Some(&(_, fits)) => fits,
            None => {
                let fits = matches(&self.loose, rest);
                self.matchings.push((rest, fits));
                fits
            }
        };
        if !fits {
            return false;
        }
        for (used, &at) in self.used.iter_mut().zip(&self.chosen) {
            used[at] = true;
        }
        if !self.rests.contains(&rest) {
            self.rests.push(rest);
        }
        true
    }
}

/// The House Tiling step of `house`, if it removes a candidate.
fn tiling(
    grid: &Candidates,
    states: &[CageState<'_>],
    owner: &[Option<usize>; 81],
    house: House,
) -> Option<Step> {
    let open: Vec<Cell> =
        grid.layout().cells(house).iter().copied().filter(|&c| grid.value(c).is_none()).collect();
    let placed: DigitSet = grid.layout().cells(house).iter().filter_map(|&c| grid.value(c)).collect();
    let digits = DigitSet::ALL - placed;
    if open.len() != digits.len() {
        return None;
    }
    let mut seen: Vec<usize> = Vec::new();
    let mut pieces: Vec<Piece<'_, '_>> = Vec::new();
    for &cell in &open {
        let Some(at) = owner[cell.index()] else { continue };
        if seen.contains(&at) {
            continue;
        }
        seen.push(at);
        pieces.extend(piece(grid, &states[at], house));
    }
    if pieces.is_empty() {
        return None;
    }
    pieces.sort_by_key(|p| p.choices.len());
    let in_pieces: Vec<Cell> = pieces.iter().flat_map(|p| p.cells.iter().copied()).collect();
    let loose_cells: Vec<Cell> = open.iter().copied().filter(|c| !in_pieces.contains(c)).collect();
    let loose: Vec<DigitSet> = loose_cells.iter().map(|&c| allowed(grid, states, owner, c)).collect();
    let mut search = Search {
        pieces: &pieces,
        digits,
        loose,
        nodes: 0,
        chosen: vec![0; pieces.len()],
        used: pieces.iter().map(|p| vec![false; p.choices.len()]).collect(),
        matchings: Vec::new(),
        rests: Vec::new(),
    };
    if !search.run(0, DigitSet::EMPTY)? {
        // A broken grid: nothing tiles the house.
        return None;
    }
    smallest_first(&mut search.rests);
    let mut removed: Vec<Candidate> = Vec::new();
    for (piece, used) in pieces.iter().zip(&search.used) {
        let mut keep = vec![DigitSet::EMPTY; piece.cells.len()];
        if used.iter().all(|&u| u) {
            // Every digit set stays: each cell keeps what its cage allows.
            continue;
        }
        for (&choice, _) in piece.choices.iter().zip(used).filter(|(_, u)| **u) {
            for (slot, digits) in keep.iter_mut().zip(piece.usable(grid, choice)) {
                *slot |= digits;
            }
        }
        for ((&cell, &allowed), &kept) in piece.cells.iter().zip(&piece.cage_usable()).zip(&keep) {
            let gone = grid.candidates(cell) & (allowed - kept);
            removed.extend(gone.iter().map(|d| Candidate::new(cell, d)));
        }
    }
    let mut loose_kept = vec![DigitSet::EMPTY; loose_cells.len()];
    for &rest in &search.rests {
        let usable = &fit_distinct(&search.loose, digit_sum(rest), !rest, rest).usable;
        for (slot, digits) in loose_kept.iter_mut().zip(usable) {
            *slot |= *digits;
        }
    }
    let loose_lost: Vec<Cell> = (loose_cells.iter().zip(&search.loose).zip(&loose_kept))
        .filter(|&((_, &before), &after)| !(before - after).is_empty())
        .map(|((&c, _), _)| c)
        .collect();
    for ((&cell, &before), &after) in loose_cells.iter().zip(&search.loose).zip(&loose_kept) {
        removed.extend((before - after).iter().map(|d| Candidate::new(cell, d)));
    }
    if removed.is_empty() {
        return None;
    }
    removed.sort();
    let explanation = explain(&search, house, &loose_cells, !loose_lost.is_empty(), &removed);
    let technique = Technique::HouseTiling;
    Some(
        Step::new(technique)
            .with_houses([house])
            .with_cells(open)
            .with_cages(pieces.iter().map(|p| *p.state.cage))
            .with_eliminations(removed)
            .with_explanation(format!("{technique}: {explanation}")),
    )
}

/// The explanation of a tiling step (after the technique's name).
fn explain(
    search: &Search<'_, '_, '_>,
    house: House,
    loose: &[Cell],
    loose_lost: bool,
    removed: &[Candidate],
) -> String {
    let pieces = search.pieces;
    let mut parts: Vec<String> =
        (pieces.iter()).map(|p| format!("{} ({})", p.name(), sets_text(&p.choices))).collect();
    if !loose.is_empty() {
        let cells = if loose.len() == 1 { "the cell" } else { "the cells" };
        parts.push(format!("{cells} {}", cell_list(loose.iter().copied())));
    }
    let holds = if search.digits == DigitSet::ALL {
        "each digit once".to_string()
    } else {
        format!("{} once each", digit_list(search.digits))
    };
    let mut text = format!("{} fill {house} and hold {holds}", join_and(parts));
    let mut kept: Vec<String> = Vec::new();
    for (at, (piece, used)) in pieces.iter().zip(&search.used).enumerate() {
        let loses = removed.iter().any(|r| piece.cells.contains(&r.cell));
        if !loses {
            continue;
        }
        for (&choice, _) in piece.choices.iter().zip(used).filter(|(_, u)| !**u) {
            text.push_str(&format!("; {}", why_not(search, at, choice, loose)));
        }
        let alive: Vec<DigitSet> =
            piece.choices.iter().zip(used).filter(|(_, u)| **u).map(|(&c, _)| c).collect();
        let verb = if piece.whole { "holds" } else { "hold" };
        kept.push(format!("{} {verb} {}", piece.name(), sets_text(&alive)));
    }
    if loose_lost {
        let left = search.rests.iter().fold(DigitSet::EMPTY, |acc, &r| acc | r);
        let always = search.digits - left;
        if !always.is_empty() {
            let (hold, take) =
                if pieces.len() == 1 { ("it holds", "it takes") } else { ("they hold", "they take") };
            text.push_str(&format!("; whatever {hold}, {take} {}", digit_list(always)));
        }
        let verb = if loose.len() == 1 { "is" } else { "hold" };
        kept.push(format!("{} {verb} {}", cell_list(loose.iter().copied()), sets_text(&search.rests)));
    }
    format!("{text}; so {}: {}", join_and(kept), grouped_removal_text(removed))
}

/// Why `digits` in the piece at index `at` takes part in no joint choice.
fn why_not(search: &Search<'_, '_, '_>, at: usize, digits: DigitSet, loose: &[Cell]) -> String {
    let pieces = search.pieces;
    let head = format!("with {} in {}", plus_digits(digits), pieces[at].name());
    let mut narrowed: Vec<String> = Vec::new();
    // The digits of the other pieces when each is left one digit set, if they share none.
    let mut fixed = Some(digits);
    for other in pieces.iter().enumerate().filter(|&(i, _)| i != at).map(|(_, p)| p) {
        let left: Vec<DigitSet> = (other.choices.iter())
            .copied()
            .filter(|&d| !d.intersects(digits) && d.is_subset(search.digits))
            .collect();
        if left.is_empty() {
            return format!("{head}, {} would have nothing left", other.name());
        }
        fixed = match (fixed, left.as_slice()) {
            (Some(taken), &[only]) if !taken.intersects(only) => Some(taken | only),
            _ => None,
        };
        if left.len() < other.choices.len() {
            narrowed.push(format!("{} could only be {}", other.name(), sets_text(&left)));
        }
    }
    let cells = cell_list(loose.iter().copied());
    let them = if narrowed.is_empty() { "the other cages" } else { "them" };
    let tail = match fixed {
        Some(taken) if !loose.is_empty() => {
            let left = digit_list(search.digits - taken);
            match (narrowed.is_empty(), loose.len()) {
                (true, 1) => format!("{cells} would have to be {left}, which it cannot be"),
                (true, _) => format!("{cells} would be left {left}, which they cannot hold"),
                (false, 1) => format!(", which leaves {left} to {cells}, which cannot take it"),
                (false, _) => format!(", which leaves {left} to {cells}, which cannot hold them"),
            }
        }
        _ if loose.is_empty() => format!("and every choice of {them} repeats a digit"),
        _ => format!("and no choice of {them} leaves digits {cells} can take"),
    };
    if narrowed.is_empty() {
        format!("{head}, {}", tail.trim_start_matches("and "))
    } else {
        let space = if tail.starts_with(',') { "" } else { " " };
        format!("{head}, {}{space}{tail}", join_and(narrowed))
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{cage, each, killer};
    use crate::engine::Candidates;
    use crate::engine::logic::{Technique, find_all};

    /// The cheaper cage-by-cage and cage-against-cage techniques, none of which may see the
    /// tests' steps.
    const CHEAPER: [Technique; 7] = [
        Technique::CageCombinations,
        Technique::CageInnerSubset,
        Technique::CagePointing,
        Technique::CageClaiming,
        Technique::CageHouseSubset,
        Technique::CageComparison,
        Technique::KillerSubsets,
    ];

    fn assert_cheaper_silent(grid: &Candidates) {
        for technique in CHEAPER {
            assert!(
                find_all(technique, grid).is_empty(),
                "{technique} fires: {:?}",
                find_all(technique, grid)
            );
        }
    }

    #[test]
    fn two_cages_together_take_three_digits_from_the_rest_of_the_row() {
        // Cage 8 at r1c1-r1c2 is 1+7 or 2+6, cage 11 at r1c3-r1c5 is 1+3+7, 2+3+6 or 2+4+5. Each
        // may go without 1, 2 or 7, but the two side by side always hold 1, 2 and 7: 1+7 goes with
        // 2+3+6 or 2+4+5, 2+6 with 1+3+7. (Killer Subsets sees this in two steps, on 1 and 2 and on
        // 2 and 7; the tiling in one.)
        let grid = killer(
            vec![cage(&["r1c1", "r1c2"], 8), cage(&["r1c3", "r1c4", "r1c5"], 11)],
            &[
                ("r1c1", "127"),
                ("r1c2", "167"),
                ("r1c3", "1234"),
                ("r1c4", "567"),
                ("r1c5", "23"),
                ("r1c6", "13459"),
                ("r1c7", "34578"),
                ("r1c8", "34689"),
            ],
        );
        let found = find_all(Technique::HouseTiling, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        let mut expected = each("1", &["r1c6"]);
        expected.extend(each("7", &["r1c7"]));
        expected.extend(each("127", &["r1c9"]));
        expected.sort();
        assert_eq!(found[0].eliminations, expected);
        assert_eq!(
            found[0].explanation,
            "House Tiling: cage 8 at r1c1-r1c2 (1+7 or 2+6), cage 11 at r1c3-r1c4-r1c5 (1+3+7, 2+3+6 or 2+4+5) \
             and the cells r1c6, r1c7, r1c8 and r1c9 fill row 1 and hold each digit once; whatever they hold, they \
             take 1, 2 and 7; so r1c6, r1c7, r1c8 and r1c9 hold 3+6+8+9 or 4+5+8+9: 1 is removed from r1c6 \
             and r1c9; 2 from r1c9; 7 from r1c7 and r1c9"
        );
    }

    #[test]
    fn combinations_no_joint_choice_uses_go() {
        // Cage 16 at r1c1-r1c3 (1+6+9, 1+7+8 or 4+5+7) and cage 17 at r1c4-r1c6 beside r1c7-r1c9:
        // 1+7+8 leaves cage 17 2+6+9 or 3+5+9, and neither leaves r1c7-r1c9 digits they can take.
        let grid = killer(
            vec![cage(&["r1c1", "r1c2", "r1c3"], 16), cage(&["r1c4", "r1c5", "r1c6"], 17)],
            &[
                ("r1c1", "45678"),
                ("r1c2", "4789"),
                ("r1c3", "157"),
                ("r1c4", "2345678"),
                ("r1c5", "2456789"),
                ("r1c6", "2346789"),
                ("r1c7", "123689"),
                ("r1c8", "2356789"),
                ("r1c9", "125679"),
            ],
        );
        assert_cheaper_silent(&grid);
        let found = find_all(Technique::HouseTiling, &grid);
        assert_eq!(found.len(), 1, "{found:?}");
        let mut expected = each("8", &["r1c1", "r1c2"]);
        expected.extend(each("7", &["r1c4", "r1c5", "r1c6"]));
        expected.extend(each("6", &["r1c7"]));
        expected.extend(each("56", &["r1c8", "r1c9"]));
        expected.sort();
        assert_eq!(found[0].eliminations, expected);
        assert!(found[0].explanation.contains(
            "with 1+7+8 in cage 16 at r1c1-r1c2-r1c3, cage 17 at r1c4-r1c5-r1c6 could only be 2+6+9 or 3+5+9 and \
             no choice of them leaves digits r1c7, r1c8 and r1c9 can take; with 2+7+8 in cage 17 at \
             r1c4-r1c5-r1c6, cage 16 at r1c1-r1c2-r1c3 could only be 1+6+9, which leaves 3, 4 and 5 to r1c7, r1c8 \
             and r1c9, which cannot hold them;"
        ));
        assert!(
            found[0].explanation.contains("so cage 16 at r1c1-r1c2-r1c3 holds 1+6+9 or 4+5+7, cage 17 at")
        );
    }

    #[test]
    fn nothing_when_every_choice_survives() {
        // Two cages 10 in row 1 with every candidate: any two disjoint pairs of 1+9, 2+8, 3+7 and
        // 4+6 leave the other cells digits they can take.
        let grid = killer(vec![cage(&["r1c1", "r1c2"], 10), cage(&["r1c3", "r1c4"], 10)], &[]);
        assert!(find_all(Technique::HouseTiling, &grid).is_empty());
    }

    #[test]
    fn a_part_of_a_cage_holds_digits_of_one_combination() {
        // Cage 6 at r1c1-r1c2-r2c1 is 1+2+3 and r2c1 is 1 or 3, so its part in row 1, r1c1-r1c2,
        // holds 1+2 or 2+3: a 2 either way, which leaves the rest of row 1. Taken as two loose
        // cells of 1, 2 or 3, they would show nothing.
        let grid = killer(vec![cage(&["r1c1", "r1c2", "r2c1"], 6)], &[("r2c1", "13")]);
        let found: Vec<_> = find_all(Technique::HouseTiling, &grid)
            .into_iter()
            .filter(|s| s.houses[0].to_string() == "row 1")
            .collect();
        assert_eq!(found.len(), 1, "{found:?}");
        let rest = ["r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"];
        assert_eq!(found[0].eliminations, each("2", &rest));
        assert_eq!(
            found[0].explanation,
            "House Tiling: r1c1 and r1c2 of cage 6 at r1c1-r1c2-r2c1 (1+2 or 2+3) and the cells r1c3, r1c4, r1c5, \
             r1c6, r1c7, r1c8 and r1c9 fill row 1 and hold each digit once; whatever it holds, it takes 2; so r1c3, \
             r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9 hold 1+4+5+6+7+8+9 or 3+4+5+6+7+8+9: 2 is removed from r1c3, \
             r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9"
        );
    }
}
