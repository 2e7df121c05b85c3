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
pub(super) mod plus;

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

use crate::engine::{Candidate, Candidates, Cell, Digit, House};

use self::implication::{Clash, Engine, Implications, common_literals, hodoku_contradiction_length};
use super::memo::LastPosition;
use super::{Sink, Step, Technique, join_or, removal_text};
use crate::engine::literal::Literal;

/// Reports every instance of the forcing chain or net `technique` in `grid`, shortest first.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    use Technique::*;
    if grid.is_solved() || grid.is_broken() {
        return ControlFlow::Continue(());
    }
    let kind = match technique {
        ForcingChainContradiction | ForcingChainVerity => Kind::Chains,
        _ => Kind::Nets,
    };
    let engine = kind.engine(grid);
    let table = Table::for_grid(kind, engine.as_ref(), grid);
    let conclusions = match technique {
        ForcingChainContradiction | ForcingNetContradiction => table.contradictions(),
        _ => table.verities(grid),
    };
    for conclusion in shortest_first(conclusions) {
        sink(conclusion.step(technique, engine.as_ref(), grid))?;
    }
    ControlFlow::Continue(())
}

/// HoDoKu's step when its solving path comes to Forcing Chains (`technique` is
/// [`Technique::ForcingChainContradiction`]) or Forcing Nets ([`Technique::ForcingNetContradiction`]):
/// one search finds the contradictions and the verities together. Of each result it keeps the
/// shortest proof of each kind, the first found among equals (contradictions, then a candidate's
/// two branches, then cells, rows, columns and boxes), and it takes a placement before any
/// removal, then the lowest cell, then the lowest digit (its `TablingComparator`). The proof names
/// the technique.
///
/// Between a contradiction and a verity of one placement the contradiction is taken whatever their
/// lengths (the comparator never weighs the lengths of two steps of different kinds that place a
/// digit, and the contradictions come first); between two proofs of one removal the shorter is
/// taken, the contradiction among equals. For chains the proofs are found and measured as HoDoKu
/// finds and measures them ([`Table::hodoku_chain_results`]: a proof counts the nodes of its
/// chains); for nets, whose tables HoDoKu builds otherwise (a few rounds of singles), by our own
/// rules.
pub(super) fn hodoku_choice(technique: Technique, grid: &Candidates) -> Option<Step> {
    use Technique::*;
    let (kind, verity) = match technique {
        ForcingChainContradiction => (Kind::Chains, ForcingChainVerity),
        ForcingNetContradiction => (Kind::Nets, ForcingNetVerity),
        _ => return None,
    };
    if grid.is_solved() || grid.is_broken() {
        return None;
    }
    let engine = kind.engine(grid);
    let table = Table::for_grid(kind, engine.as_ref(), grid);
    let results = match kind {
        Kind::Chains => table.hodoku_chain_results(grid),
        Kind::Nets => {
            let mut verities = table.verities(grid);
            // A stable sort: the candidates' two branches first, cells and houses in their order.
            verities.sort_by_key(|c| !matches!(c.proof, Proof::Verity { source: Source::Candidate(_), .. }));
            let mut results = table.contradictions();
            results.extend(verities);
            results
        }
    };
    let best = results.into_iter().min_by_key(|c| {
        let Candidate { cell, digit } = c.result.candidate();
        let verity = u32::from(matches!(c.proof, Proof::Verity { .. }));
        let tie = if c.result.is_on() { (verity, c.length) } else { (c.length, verity) };
        (!c.result.is_on(), cell.index(), digit.get(), tie)
    })?;
    let technique = if matches!(best.proof, Proof::Contradiction { .. }) { technique } else { verity };
    Some(best.step(technique, engine.as_ref(), grid))
}

/// The two engines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// Forcing chains: single links.
    Chains,
    /// Forcing nets: singles.
    Nets,
}

impl Kind {
    /// The engine that follows implications this way in `grid`.
    fn engine(self, grid: &Candidates) -> Box<dyn Engine> {
        match self {
            Kind::Chains => Box::new(chain::Chains::new(grid)),
            Kind::Nets => Box::new(net::Nets),
        }
    }
}

thread_local! {
    /// The last table built by each engine, with its grid: the contradiction and the verity of an
    /// engine run one after the other on the same grid (the hint order), and share one table.
    static LAST_TABLES: [LastPosition<(), Table>; 2] = const { [LastPosition::new(), LastPosition::new()] };
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

/// An assumption that breaks the grid.
struct Impossible {
    /// The assumption.
    premise: Literal,
    /// The shortest clash it runs into.
    clash: Clash,
    /// The clash's total distance from the assumption.
    length: u32,
}

/// What every assumption of a grid (each candidate true, and false) leads to.
struct Table {
    /// For each literal, its place in `implications` (`u16::MAX`: not an assumption, or impossible
    /// for nets).
    slot: Vec<u16>,
    implications: Vec<Implications>,
    /// For each entry of `implications`, whether its premise breaks the grid. Only chains keep
    /// such entries: their implications are complete, and HoDoKu's verities use them.
    broken: Vec<bool>,
    /// The assumptions that break the grid.
    impossible: Vec<Impossible>,
}

impl Table {
    /// The table of `grid` for `kind` (whose engine is `engine`), from the cache when the same grid
    /// was just seen.
    fn for_grid(kind: Kind, engine: &dyn Engine, grid: &Candidates) -> Rc<Table> {
        LAST_TABLES
            .with(|tables| tables[kind as usize].get_or_make(grid, (), || Table::build(kind, engine, grid)))
    }

    /// Follows every assumption of `grid` with `engine`, of `kind`.
    fn build(kind: Kind, engine: &dyn Engine, grid: &Candidates) -> Table {
        // At most two assumptions a candidate; room for all at once spares copying the large
        // implication records as the list grows.
        let most = 2 * grid.unsolved().iter().map(|cell| grid.candidates(cell).len()).sum::<usize>();
        let mut table = Table {
            slot: vec![u16::MAX; Literal::COUNT],
            implications: Vec::with_capacity(most),
            broken: Vec::with_capacity(most),
            impossible: Vec::new(),
        };
        for candidate in candidates(grid) {
            for on in [true, false] {
                // Most false candidates force nothing.
                if !on && !engine.forces_when_false(grid, candidate) {
                    continue;
                }
                let premise = Literal::new(candidate, on);
                table.implications.push(Implications::new());
                let implications = table.implications.last_mut().expect("just pushed");
                let outcome = engine.follow(grid, premise, implications);
                if let Some((clash, length)) = outcome {
                    table.impossible.push(Impossible { premise, clash, length });
                    if kind == Kind::Nets {
                        table.implications.pop();
                        continue;
                    }
                }
                table.slot[premise.index()] = (table.implications.len() - 1) as u16;
                table.broken.push(outcome.is_some());
            }
        }
        table
    }

    /// What `premise` forces, if it does not break the grid.
    fn get(&self, premise: Literal) -> Option<&Implications> {
        let slot = usize::from(self.slot[premise.index()]);
        self.implications.get(slot).filter(|_| !self.broken[slot])
    }

    /// What `premise` forces, even if it breaks the grid (chains only).
    fn get_even_broken(&self, premise: Literal) -> Option<&Implications> {
        self.implications.get(usize::from(self.slot[premise.index()]))
    }

    /// Every assumption that breaks the grid: its opposite holds.
    fn contradictions(&self) -> Vec<Conclusion> {
        self.impossible
            .iter()
            .map(|i| Conclusion {
                result: i.premise.negated(),
                length: i.length,
                proof: Proof::Contradiction { premise: i.premise, clash: i.clash },
            })
            .collect()
    }

    /// The forcing chain results HoDoKu's search finds, in its order (contradictions; a
    /// candidate's two branches; cells; rows, columns and boxes), each with HoDoKu's length: the
    /// nodes of its chains ([`Implications::nodes`]). It differs from [`Table::contradictions`] and
    /// [`Table::verities`] as HoDoKu's `checkOneChain`, `checkTwoChains` and `checkEntryList` do:
    /// - contradictions are those [`hodoku_contradiction_length`] sees, with its length (the proof
    ///   shown stays our shortest clash, which may be one HoDoKu does not check: the result is the
    ///   same);
    /// - a verity may have a branch that breaks the grid;
    /// - a candidate's two branches never conclude in its own cell.
    ///
    /// HoDoKu's tables stop at 1,000 entries; ours do not, and no table along top1465's paths comes
    /// near (the largest holds 216).
    fn hodoku_chain_results(&self, grid: &Candidates) -> Vec<Conclusion> {
        let mut found: Vec<Conclusion> = self
            .impossible
            .iter()
            .filter_map(|i| {
                let length = hodoku_contradiction_length(grid, i.premise, self.get_even_broken(i.premise)?)?;
                Some(Conclusion {
                    result: i.premise.negated(),
                    length,
                    proof: Proof::Contradiction { premise: i.premise, clash: i.clash },
                })
            })
            .collect();
        let sources = candidate_sources(grid).chain(cell_sources(grid, 1)).chain(house_sources(grid, 1));
        for (source, branches) in sources {
            self.common_results(source, branches, Rules::HoDoKu, &mut found);
        }
        found
    }

    /// Every literal forced by all branches of a cell, of a digit in a house, or of a candidate.
    fn verities(&self, grid: &Candidates) -> Vec<Conclusion> {
        let mut found = Vec::new();
        let sources = cell_sources(grid, 2).chain(house_sources(grid, 2)).chain(candidate_sources(grid));
        for (source, branches) in sources {
            self.common_results(source, branches, Rules::Ours, &mut found);
        }
        found
    }

    /// The conclusions every one of `branches` leads to, by `rules`.
    fn common_results(
        &self,
        source: Source,
        branches: Vec<Literal>,
        rules: Rules,
        found: &mut Vec<Conclusion>,
    ) {
        let outcome = |b: &Literal| match rules {
            Rules::Ours => self.get(*b),
            Rules::HoDoKu => self.get_even_broken(*b),
        };
        let Some(outcomes) = branches.iter().map(outcome).collect::<Option<Vec<_>>>() else {
            return;
        };
        for (result, length) in common_literals(&outcomes) {
            let length = match rules {
                Rules::Ours => length,
                Rules::HoDoKu if matches!(source, Source::Candidate(c) if c.cell == result.cell()) => {
                    continue;
                }
                Rules::HoDoKu => length + branches.len() as u32,
            };
            let proof = Proof::Verity { source, branches: branches.clone() };
            found.push(Conclusion { result, length, proof });
        }
    }
}

/// How a verity is found and measured.
#[derive(Clone, Copy)]
enum Rules {
    /// Every branch possible; the length is the branches' total distance.
    Ours,
    /// HoDoKu's: a branch may break the grid, a candidate's two branches never conclude in its own
    /// cell, and the length counts the nodes of the branches' chains.
    HoDoKu,
}

/// Each candidate of `grid` as the source of a verity: assumed true, and false.
fn candidate_sources(grid: &Candidates) -> impl Iterator<Item = (Source, Vec<Literal>)> + '_ {
    candidates(grid).map(|candidate| {
        (Source::Candidate(candidate), vec![Literal::new(candidate, true), Literal::new(candidate, false)])
    })
}

/// Each unsolved cell of `grid` with at least `fewest` candidates, its candidates as branches.
fn cell_sources(grid: &Candidates, fewest: usize) -> impl Iterator<Item = (Source, Vec<Literal>)> + '_ {
    grid.unsolved().into_iter().filter(move |&cell| grid.candidates(cell).len() >= fewest).map(|cell| {
        (Source::Cell(cell), grid.candidates(cell).iter().map(|d| Literal::on(cell, d)).collect())
    })
}

/// Each digit of each house of the layout (rows, columns, regions, diagonals) with at least `fewest` places, its places as
/// branches.
fn house_sources(grid: &Candidates, fewest: usize) -> impl Iterator<Item = (Source, Vec<Literal>)> + '_ {
    grid.houses().iter().copied().flat_map(move |house| {
        Digit::ALL.into_iter().filter_map(move |digit| {
            let places = grid.house_cells_with(house, digit);
            (places.len() >= fewest).then(|| {
                (Source::House(house, digit), places.iter().map(|c| Literal::on(c, digit)).collect())
            })
        })
    })
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
        let result = self.result.candidate();
        let step = Step::new(technique);
        let step = if self.result.is_on() {
            step.with_placements([result])
        } else {
            step.with_eliminations([result])
        };
        let (premises, houses) = match &self.proof {
            Proof::Contradiction { premise, clash: Clash::NoPlace(house, _) } => {
                (vec![*premise], vec![*house])
            }
            Proof::Contradiction { premise, .. } => (vec![*premise], Vec::new()),
            Proof::Verity { source: Source::House(house, _), branches } => (branches.clone(), vec![*house]),
            Proof::Verity { branches, .. } => (branches.clone(), Vec::new()),
        };
        let mut pattern: Vec<Cell> = premises.iter().map(|p| p.cell()).collect();
        match self.proof {
            Proof::Contradiction { clash: Clash::Both(c), .. } => pattern.push(c.cell),
            Proof::Contradiction { clash: Clash::EmptyCell(cell), .. } => pattern.push(cell),
            _ => {}
        }
        pattern.push(result.cell);
        let mut cells = Vec::new();
        for cell in pattern {
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        step.with_houses(houses)
            .with_cells(cells)
            .with_drivers(premises.iter().map(|p| p.candidate()))
            .with_explanation(format!(
                "{technique}: {}; so {}",
                self.reasoning(engine, grid),
                self.outcome_text()
            ))
    }

    /// `r1c2 is 5`, or `5 is removed from r1c2`.
    fn outcome_text(&self) -> String {
        let Candidate { cell, digit } = self.result.candidate();
        match self.result.is_on() {
            true => format!("{cell} is {digit}"),
            false => removal_text(&[self.result.candidate()]),
        }
    }

    /// The proof in words.
    fn reasoning(&self, engine: &dyn Engine, grid: &Candidates) -> String {
        match &self.proof {
            Proof::Contradiction { premise, clash } => {
                let (cell, digit) = (premise.cell(), premise.digit());
                let assumption = match premise.is_on() {
                    true => format!("if {cell} were {digit}"),
                    false => format!("if {cell} were not {digit}"),
                };
                format!("{assumption}, {}", engine.clash_proof(grid, *premise, *clash))
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
