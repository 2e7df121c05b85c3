//! Forcing Chains and Forcing Nets (HoDoKu 1301-1304): assume a candidate true or false, follow what
//! it forces, and conclude.
//!
//! - **Contradiction**: an assumption forces a candidate both true and false, empties a cell, or
//!   leaves a digit no place in a house, so the opposite of the assumption holds.
//! - **Verity**: every candidate of a cell, every place of a digit in a house, or a candidate and its
//!   negation, all force the same literal, so it holds.
//!
//! Two engines follow the implications: [`chain::Chains`] only along single links of the grid as it
//! stands (each conclusion rests on chains), [`net::Nets`] with the full singles rules on a copy of
//! the grid (implications with several premises). Every conclusion is one placement or one
//! elimination; each is reported once, with its shortest proof, shortest first.

mod chain;
mod implication;
mod net;

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::engine::{Candidate, Candidates, Cell, Digit, House};

use self::implication::{Clash, Implications, LITERALS, Literal, common_literals};
use super::{Sink, Step, Technique, join_or, removal_text};

/// What following one assumption gives.
enum Outcome {
    /// The assumption forces these literals and nothing breaks.
    Consistent(Box<Implications>),
    /// The assumption breaks the grid; `length` is the total distance of the literals that clash.
    Impossible {
        /// How the grid breaks.
        clash: Clash,
        /// The total distance of the clashing literals from the assumption.
        length: u32,
    },
}

/// A way of following implications: forcing chains or forcing nets.
trait Engine {
    /// Follows `premise` in `grid`.
    fn outcome(&self, grid: &Candidates, premise: Literal) -> Outcome;
    /// How `premise` leads to `clash`, in words (e.g. the chains that end in the clash).
    fn clash_proof(&self, grid: &Candidates, premise: Literal, clash: Clash) -> String;
    /// How `premise` leads to `target`, in words (e.g. `r1c2=5 -> r1c7<>5 -> r1c7=3`).
    fn branch_proof(&self, grid: &Candidates, premise: Literal, target: Literal) -> String;
}

/// Reports every instance of the forcing chain or net `technique` in `grid`, shortest first.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    use Technique::*;
    if grid.is_solved() || grid.is_broken() {
        return ControlFlow::Continue(());
    }
    let engine: &dyn Engine = match technique {
        ForcingChainContradiction | ForcingChainVerity => &chain::Chains,
        _ => &net::Nets,
    };
    let conclusions = match technique {
        ForcingChainContradiction | ForcingNetContradiction => contradictions(engine, grid),
        _ => verities(engine, grid),
    };
    for conclusion in shortest_first(conclusions) {
        sink(conclusion.step(technique, engine, grid))?;
    }
    ControlFlow::Continue(())
}

/// Where the branches of a verity come from.
#[derive(Clone, Copy, Debug)]
enum Source {
    /// A candidate, assumed true and false.
    Candidate(Candidate),
    /// Every candidate of a cell.
    Cell(Cell),
    /// Every place of a digit in a house.
    House(House, Digit),
}

/// Why a conclusion holds.
#[derive(Clone, Debug)]
enum Proof {
    /// The premise breaks the grid.
    Contradiction { premise: Literal, clash: Clash },
    /// Every branch forces the result.
    Verity { source: Source, branches: Vec<Literal> },
}

/// One placement or elimination with its proof.
#[derive(Clone, Debug)]
struct Conclusion {
    result: Literal,
    length: u32,
    proof: Proof,
}

/// The candidates of the unsolved cells.
fn candidates(grid: &Candidates) -> impl Iterator<Item = Candidate> + '_ {
    grid.unsolved()
        .into_iter()
        .flat_map(move |cell| grid.candidates(cell).into_iter().map(move |digit| Candidate::new(cell, digit)))
}

/// Every assumption (a candidate true, or false) that breaks the grid.
fn contradictions(engine: &dyn Engine, grid: &Candidates) -> Vec<Conclusion> {
    let mut found = Vec::new();
    for candidate in candidates(grid) {
        for on in [true, false] {
            let premise = Literal { candidate, on };
            if let Outcome::Impossible { clash, length } = engine.outcome(grid, premise) {
                let proof = Proof::Contradiction { premise, clash };
                found.push(Conclusion { result: premise.negated(), length, proof });
            }
        }
    }
    found
}

/// The consistent outcomes of every assumption, by literal.
struct Table {
    slot: Vec<u16>,
    implications: Vec<Implications>,
}

impl Table {
    /// Follows every assumption of `grid` with `engine`.
    fn build(engine: &dyn Engine, grid: &Candidates) -> Table {
        let mut table = Table { slot: vec![u16::MAX; LITERALS], implications: Vec::new() };
        for candidate in candidates(grid) {
            for on in [true, false] {
                let premise = Literal { candidate, on };
                if let Outcome::Consistent(implications) = engine.outcome(grid, premise) {
                    table.slot[premise.index()] = table.implications.len() as u16;
                    table.implications.push(*implications);
                }
            }
        }
        table
    }

    /// What `premise` forces, if it does not break the grid.
    fn get(&self, premise: Literal) -> Option<&Implications> {
        self.implications.get(usize::from(self.slot[premise.index()]))
    }

    /// The conclusions every one of `branches` leads to (none if a branch breaks the grid).
    fn verities(&self, source: Source, branches: Vec<Literal>, found: &mut Vec<Conclusion>) {
        let Some(outcomes) = branches.iter().map(|&b| self.get(b)).collect::<Option<Vec<_>>>() else {
            return;
        };
        for (result, length) in common_literals(&outcomes) {
            let proof = Proof::Verity { source, branches: branches.clone() };
            found.push(Conclusion { result, length, proof });
        }
    }
}

/// Every literal forced by all branches of a cell, of a digit in a house, or of a candidate.
fn verities(engine: &dyn Engine, grid: &Candidates) -> Vec<Conclusion> {
    let table = Table::build(engine, grid);
    let mut found = Vec::new();
    for cell in grid.unsolved() {
        let branches: Vec<Literal> = grid.candidates(cell).iter().map(|d| Literal::on(cell, d)).collect();
        if branches.len() >= 2 {
            table.verities(Source::Cell(cell), branches, &mut found);
        }
    }
    for house in House::ALL {
        for digit in Digit::ALL {
            let places = grid.house_cells_with(house, digit);
            if places.len() >= 2 {
                let branches = places.iter().map(|c| Literal::on(c, digit)).collect();
                table.verities(Source::House(house, digit), branches, &mut found);
            }
        }
    }
    for candidate in candidates(grid) {
        let branches = vec![Literal { candidate, on: true }, Literal { candidate, on: false }];
        table.verities(Source::Candidate(candidate), branches, &mut found);
    }
    found
}

/// One conclusion per result (the shortest proof, the first found among equals), shortest first.
fn shortest_first(conclusions: Vec<Conclusion>) -> Vec<Conclusion> {
    let mut best: HashMap<Literal, Conclusion> = HashMap::new();
    for conclusion in conclusions {
        match best.get(&conclusion.result) {
            Some(kept) if kept.length <= conclusion.length => {}
            _ => {
                best.insert(conclusion.result, conclusion);
            }
        }
    }
    let mut kept: Vec<Conclusion> = best.into_values().collect();
    kept.sort_by_key(|c| (c.length, c.result));
    kept
}

impl Conclusion {
    /// The step that reports this conclusion.
    fn step(&self, technique: Technique, engine: &dyn Engine, grid: &Candidates) -> Step {
        let result = self.result.candidate;
        let step = Step::new(technique);
        let step =
            if self.result.on { step.with_placements([result]) } else { step.with_eliminations([result]) };
        let (premises, houses) = match &self.proof {
            Proof::Contradiction { premise, clash: Clash::NoPlace(house, _) } => {
                (vec![*premise], vec![*house])
            }
            Proof::Contradiction { premise, .. } => (vec![*premise], Vec::new()),
            Proof::Verity { source: Source::House(house, _), branches } => (branches.clone(), vec![*house]),
            Proof::Verity { branches, .. } => (branches.clone(), Vec::new()),
        };
        let mut cells: Vec<Cell> = premises.iter().map(|p| p.cell()).collect();
        cells.push(result.cell);
        cells.dedup();
        step.with_houses(houses)
            .with_cells(cells)
            .with_drivers(premises.iter().map(|p| p.candidate))
            .with_explanation(format!(
                "{technique}: {}; so {}",
                self.reasoning(engine, grid),
                self.outcome_text()
            ))
    }

    /// `r1c2 is 5`, or `5 is removed from r1c2`.
    fn outcome_text(&self) -> String {
        let Candidate { cell, digit } = self.result.candidate;
        match self.result.on {
            true => format!("{cell} is {digit}"),
            false => removal_text(&[self.result.candidate]),
        }
    }

    /// The proof in words.
    fn reasoning(&self, engine: &dyn Engine, grid: &Candidates) -> String {
        match &self.proof {
            Proof::Contradiction { premise, clash } => {
                let (cell, digit) = (premise.cell(), premise.digit());
                let assumption = match premise.on {
                    true => format!("if {cell} were {digit}"),
                    false => format!("if {cell} were not {digit}"),
                };
                format!("{assumption}: {}", engine.clash_proof(grid, *premise, *clash))
            }
            Proof::Verity { source, branches } => {
                let lead = match *source {
                    Source::Candidate(c) => {
                        format!(
                            "both {} and {} lead",
                            Literal::on(c.cell, c.digit),
                            Literal::off(c.cell, c.digit)
                        )
                    }
                    Source::Cell(cell) => {
                        let digits = branches.iter().map(|b| b.digit().to_string()).collect();
                        format!("every candidate of {cell} ({}) leads", join_or(digits))
                    }
                    Source::House(house, digit) => {
                        let places = join_or(branches.iter().map(|b| b.cell().to_string()).collect());
                        format!("every place of {digit} in {house} ({places}) leads")
                    }
                };
                let proofs: Vec<String> =
                    branches.iter().map(|&b| engine.branch_proof(grid, b, self.result)).collect();
                format!("{lead} to {}: {}", self.result, proofs.join("; "))
            }
        }
    }
}
