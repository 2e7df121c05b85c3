//! Forcing Net Plus: an assumption followed not only through singles (a [`net`](super::net)) but
//! through every basic technique a player applies on paper, until the grid breaks.
//!
//! Assume a candidate true, then apply, on a copy of the grid and one step at a time, the cheapest
//! technique of [`PROPAGATION`] that fires (singles, locked candidates, naked and hidden pairs and
//! triples, X-Wings). When a cell is left without a candidate, or a digit without a place in a
//! house, the assumption was false. Each step of the way is a named technique the player knows, so
//! the whole proof can be followed on paper; it is what SE calls a dynamic forcing chain with
//! extensions ("Dynamic Forcing Chains (+)"). It is the last logical technique of the catalogue: it
//! finishes the hardest known puzzles (Easter Monster among them) where the nets of singles stall.
//!
//! A [`Technique::NestedForcingNet`] follows the assumption with the same techniques and, inside
//! it, Forcing Chain Contradictions: each nested chain is written out in full, so even the hardest
//! puzzles known (Easter Monster, Platinum Blonde) are solved by steps a player can check.
//!
//! Every candidate is assumed; the instances are reported shortest proof first.

use std::ops::ControlFlow;

use crate::engine::{Candidate, Candidates, Cell, Digit, House};

use super::super::{Sink, Step, Technique, find_first, removal_text};

/// The techniques an assumption is followed with, cheapest first.
const PROPAGATION: &[Technique] = &[
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::HiddenTriple,
    Technique::XWing,
];

/// What a nested net adds to [`PROPAGATION`].
const NESTED: &[Technique] = &[Technique::ForcingChainContradiction];

/// How many propagation steps an assumption may take before it is given up (a proof longer than
/// this is not one a player would follow, and a position never needs it in practice).
const MAX_STEPS: usize = 120;

/// Reports every candidate whose assumption breaks the grid, shortest proof first: through the
/// basic techniques for [`Technique::ForcingNetPlus`], with forcing chains inside for
/// [`Technique::NestedForcingNet`].
pub(in crate::engine::logic) fn find(
    technique: Technique,
    grid: &Candidates,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    if grid.is_solved() || grid.is_broken() {
        return ControlFlow::Continue(());
    }
    let nested: Vec<Technique> = PROPAGATION.iter().chain(NESTED).copied().collect();
    let techniques = match technique {
        Technique::NestedForcingNet => &nested[..],
        _ => PROPAGATION,
    };
    let mut found: Vec<(Candidate, Proof)> = Vec::new();
    for cell in grid.unsolved() {
        for digit in grid.candidates(cell) {
            let premise = Candidate::new(cell, digit);
            if let Some(proof) = follow(grid, premise, techniques) {
                found.push((premise, proof));
            }
        }
    }
    found.sort_by_key(|(premise, proof)| (proof.steps.len(), *premise));
    for (premise, proof) in found {
        sink(proof.step(technique, premise))?;
    }
    ControlFlow::Continue(())
}

/// How an assumption breaks the grid: the steps it forces, then the clash.
struct Proof {
    steps: Vec<Step>,
    clash: Clash,
}

/// What is left impossible at the end of a proof.
#[derive(Clone, Copy)]
enum Clash {
    /// A cell with no candidate left.
    EmptyCell(Cell),
    /// A digit with no place left in a house.
    NoPlace(House, Digit),
}

/// Follows `premise` (assumed true) through `techniques`, cheapest first; `Some` with the proof when
/// the grid breaks, `None` when the propagation stalls or solves the grid.
fn follow(grid: &Candidates, premise: Candidate, techniques: &[Technique]) -> Option<Proof> {
    let mut copy = grid.clone();
    copy.place(premise.cell, premise.digit);
    let mut steps = Vec::new();
    loop {
        if let Some(clash) = clash_in(&copy) {
            return Some(Proof { steps, clash });
        }
        if copy.is_solved() || steps.len() >= MAX_STEPS {
            return None;
        }
        let step = techniques.iter().find_map(|&t| find_first(t, &copy))?;
        step.apply_to(&mut copy);
        steps.push(step);
    }
}

/// The first impossibility in `grid`, if it has one.
fn clash_in(grid: &Candidates) -> Option<Clash> {
    if let Some(cell) = grid.unsolved().iter().find(|&c| grid.candidates(c).is_empty()) {
        return Some(Clash::EmptyCell(cell));
    }
    grid.houses().iter().copied().find_map(|house| {
        let placed = grid.placed_in(house);
        Digit::ALL
            .into_iter()
            .find(|&d| !placed.contains(d) && grid.house_cells_with(house, d).is_empty())
            .map(|digit| Clash::NoPlace(house, digit))
    })
}

impl Proof {
    /// The `technique` step removing `premise`, with the whole proof in its explanation.
    fn step(&self, technique: Technique, premise: Candidate) -> Step {
        let (mut cells, houses) = match self.clash {
            Clash::EmptyCell(cell) => (vec![premise.cell, cell], Vec::new()),
            Clash::NoPlace(house, _) => (vec![premise.cell], vec![house]),
        };
        cells.dedup();
        let clash = match self.clash {
            Clash::EmptyCell(cell) => format!("{cell} would have no candidate left"),
            Clash::NoPlace(house, digit) => format!("{digit} would have no place left in {house}"),
        };
        let Candidate { cell, digit } = premise;
        let forced: Vec<String> = self.steps.iter().map(step_in_brief).collect();
        let reasoning = match forced.is_empty() {
            true => format!("if {cell} were {digit}, at once {clash}"),
            false => format!("if {cell} were {digit}, then {}; and {clash}", forced.join("; ")),
        };
        Step::new(technique)
            .with_houses(houses)
            .with_cells(cells)
            .with_drivers([premise])
            .with_eliminations([premise])
            .with_explanation(format!("{technique}: {reasoning}; so {}", removal_text(&[premise])))
    }
}

/// One propagation step in a few words: `Hidden Single gives r1c8=4`, `Naked Pair in row 3 removes
/// 6 from r3c1 and r3c2`; a nested forcing chain in full, in brackets, so that it can be checked.
fn step_in_brief(step: &Step) -> String {
    if NESTED.contains(&step.technique) {
        return format!("({})", step.explanation);
    }
    let placements: Vec<String> = step.placements.iter().map(|p| format!("{}={}", p.cell, p.digit)).collect();
    match placements.is_empty() {
        false => format!("{} gives {}", step.technique, super::super::join_and(placements)),
        true => {
            let removals: Vec<String> = Digit::ALL
                .into_iter()
                .filter_map(|digit| {
                    let cells: Vec<Cell> =
                        step.eliminations.iter().filter(|e| e.digit == digit).map(|e| e.cell).collect();
                    (!cells.is_empty()).then(|| format!("{digit} from {}", super::super::cell_list(cells)))
                })
                .collect();
            format!("{} removes {}", step.summary(), removals.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Puzzle;
    use crate::engine::logic::test_support::assert_step_sound;
    use crate::engine::logic::{find_all, next_step};

    /// The three top1465 puzzles where every other technique of the catalogue stalls at some point
    /// (the second is Easter Monster's relative from the same family).
    const STALLING: [&str; 3] = [
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
    ];

    #[test]
    fn the_hardest_top1465_puzzles_need_no_brute_force() {
        for line in STALLING {
            let puzzle: Puzzle = line.parse().expect("a valid puzzle");
            let mut grid = Candidates::from_puzzle(&puzzle);
            let mut used = 0;
            while let Some(step) = next_step(&grid) {
                assert_ne!(step.technique, Technique::BruteForce, "{line}");
                if step.technique == Technique::ForcingNetPlus {
                    used += 1;
                    for instance in find_all(Technique::ForcingNetPlus, &grid) {
                        assert_step_sound(&instance, puzzle.solution(), line);
                    }
                }
                step.apply_to(&mut grid);
            }
            assert_eq!(grid.to_grid(), *puzzle.solution(), "{line}");
            assert!(used > 0, "{line}: the other techniques were enough");
        }
    }

    #[test]
    fn easter_monster_is_solved_with_nested_nets_and_no_brute_force() {
        let line = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
        let puzzle: Puzzle = line.parse().expect("a valid puzzle");
        let mut grid = Candidates::from_puzzle(&puzzle);
        let mut nested = 0;
        while let Some(step) = next_step(&grid) {
            assert_ne!(step.technique, Technique::BruteForce);
            if step.technique == Technique::NestedForcingNet {
                nested += 1;
                assert_step_sound(&step, puzzle.solution(), line);
                assert!(
                    step.explanation.contains("(Forcing Chain Contradiction: if "),
                    "{}",
                    step.explanation
                );
            }
            step.apply_to(&mut grid);
        }
        assert_eq!(grid.to_grid(), *puzzle.solution());
        assert!(nested > 0, "plain nets were enough");
    }

    #[test]
    fn the_explanation_names_the_assumption_every_step_and_the_clash() {
        // An empty grid but for one cell limited to 1 and 2, and its row's other cells without 2:
        // assuming r1c1=1 leaves 2 no place in row 1.
        let grid = crate::engine::logic::test_support::cells_keeping(&[
            ("r1c1", "12"),
            ("r1c2", "13456789"),
            ("r1c3", "13456789"),
            ("r1c4", "13456789"),
            ("r1c5", "13456789"),
            ("r1c6", "13456789"),
            ("r1c7", "13456789"),
            ("r1c8", "13456789"),
            ("r1c9", "13456789"),
        ]);
        let one = Candidate::new(Cell::at(0, 0), Digit::new(1).expect("a digit"));
        let proof = follow(&grid, one, PROPAGATION).expect("a contradiction");
        assert!(proof.steps.is_empty());
        let step = proof.step(Technique::ForcingNetPlus, one);
        assert_eq!(step.eliminations, [one]);
        assert_eq!(
            step.explanation,
            "Forcing Net Plus: if r1c1 were 1, at once 2 would have no place left in row 1; so 1 is \
             removed from r1c1"
        );
        assert!(
            step_in_brief(&Step::new(Technique::HiddenSingle).with_placements([one])).ends_with("r1c1=1")
        );
    }
}
