//! Forcing nets: an assumption followed with the full singles rules, on a copy of the grid.
//!
//! Unlike a chain, an implication here may need several premises: a naked single appears only once
//! every other candidate of its cell is gone, a hidden single once every other place of its digit in
//! the house is gone. The propagation runs in rounds (all singles of the current state, then the
//! next state), so a literal's distance is the round that produced it. The explanation names the
//! assumption, the placements the conclusion depends on, and the contradiction or the result.

use crate::engine::{Candidates, Cell, CellSet, Digit, DigitSet, House};

use super::implication::{Clash, Engine, Implications, houses_of};
use crate::engine::literal::Literal;

/// The forcing-net engine: dynamic propagation with naked and hidden singles.
pub(super) struct Nets;

impl Engine for Nets {
    fn follow(
        &self,
        grid: &Candidates,
        premise: Literal,
        implications: &mut Implications,
    ) -> Option<(Clash, u32)> {
        Propagation::new(grid, implications, false).run(premise)
    }

    fn clash_proof(&self, grid: &Candidates, premise: Literal, clash: Clash) -> String {
        let mut implications = Implications::new();
        let mut trace = Propagation::new(grid, &mut implications, true);
        let _ = trace.run(premise);
        let key = trace.key_placements(premise, &clash.literals(grid));
        match key.is_empty() {
            true => format!("at once {}", clash.describe()),
            false => format!("singles would give {}, and {}", placement_list(&key), clash.describe()),
        }
    }

    fn branch_proof(&self, grid: &Candidates, premise: Literal, target: Literal) -> String {
        let mut implications = Implications::new();
        let mut trace = Propagation::new(grid, &mut implications, true);
        let _ = trace.run(premise);
        let mut key = trace.key_placements(premise, &[target]);
        key.retain(|&l| l != target);
        match key.is_empty() {
            true => format!("{premise} gives {target} at once"),
            false => format!("{premise} gives {}, then {target}", placement_list(&key)),
        }
    }
}

/// `r3c7=4, r5c1=2 and r5c8=9`: every placement the conclusion depends on, so the whole net can
/// be followed (the game pages a long explanation rather than cutting it).
fn placement_list(placements: &[Literal]) -> String {
    super::super::join_and(placements.iter().map(Literal::to_string).collect())
}

/// Why a literal holds in a traced propagation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reason {
    /// Not reached.
    Unreached,
    /// The assumption itself.
    Premise,
    /// A candidate removed by this placement (in its cell or a peer).
    Placement(Literal),
    /// The last candidate of its cell.
    NakedSingle,
    /// The last place of its digit in this house.
    HiddenSingle(House),
}

/// One run of an assumption through the singles rules.
struct Propagation<'g, 'i> {
    original: &'g Candidates,
    grid: Candidates,
    placed: [CellSet; 9],
    unsolved: CellSet,
    /// The cells that lost each digit since the last search for singles.
    changed: [CellSet; 9],
    implications: &'i mut Implications,
    reasons: Option<Vec<Reason>>,
}

impl<'g, 'i> Propagation<'g, 'i> {
    /// A propagation on a copy of `grid`, recording into `implications`; `traced` also records why
    /// each literal holds.
    fn new(grid: &'g Candidates, implications: &'i mut Implications, traced: bool) -> Propagation<'g, 'i> {
        let mut placed = [CellSet::EMPTY; 9];
        let mut unsolved = CellSet::EMPTY;
        for cell in Cell::ALL {
            match grid.value(cell) {
                Some(digit) => placed[digit.index()].insert(cell),
                None => unsolved.insert(cell),
            }
        }
        Propagation {
            original: grid,
            grid: grid.clone(),
            placed,
            unsolved,
            changed: [CellSet::EMPTY; 9],
            implications,
            reasons: traced.then(|| vec![Reason::Unreached; Literal::COUNT]),
        }
    }

    /// Applies `premise`, then singles round after round until nothing new follows or the grid
    /// breaks; returns the clash and its total distance in the second case.
    fn run(&mut self, premise: Literal) -> Option<(Clash, u32)> {
        if premise.is_on() {
            self.place(premise.cell(), premise.digit(), 0, Reason::Premise);
        } else {
            self.remove(premise.cell(), premise.digit(), 0, Reason::Premise);
        }
        let mut round: u32 = 0;
        loop {
            let singles = match self.singles() {
                Ok(singles) => singles,
                Err(clash) => return self.impossible(clash),
            };
            if singles.is_empty() {
                return None;
            }
            round += 1;
            for (cell, digit, reason) in singles {
                if self.grid.value(cell) == Some(digit) {
                    continue;
                }
                if !self.grid.has(cell, digit) {
                    self.record(Literal::on(cell, digit), round, reason);
                    return self.impossible(Clash::Both(crate::engine::Candidate::new(cell, digit)));
                }
                self.place(cell, digit, round, reason);
            }
        }
    }

    /// The outcome of a propagation that ran into `clash`.
    fn impossible(&self, clash: Clash) -> Option<(Clash, u32)> {
        Some((clash, self.implications.total_depth(&clash.literals(self.original))))
    }

    /// Records `literal` at `depth` for `reason`; returns whether it is new.
    fn record(&mut self, literal: Literal, depth: u32, reason: Reason) -> bool {
        let new = self.implications.add(literal, depth);
        if let (true, Some(reasons)) = (new, self.reasons.as_mut()) {
            reasons[literal.index()] = reason;
        }
        new
    }

    /// Places `digit` in `cell`, recording the candidates it removes.
    fn place(&mut self, cell: Cell, digit: Digit, depth: u32, reason: Reason) {
        let placement = Literal::on(cell, digit);
        self.record(placement, depth, reason);
        for other in self.grid.candidates(cell) - DigitSet::from_digit(digit) {
            self.record(Literal::off(cell, other), depth, Reason::Placement(placement));
            self.changed[other.index()].insert(cell);
        }
        let peers = self.grid.peers(cell) & self.grid.cells_with(digit);
        for peer in peers {
            self.record(Literal::off(peer, digit), depth, Reason::Placement(placement));
        }
        self.changed[digit.index()] |= peers;
        self.grid.place(cell, digit);
        self.placed[digit.index()].insert(cell);
        self.unsolved.remove(cell);
    }

    /// Removes candidate `digit` from `cell`.
    fn remove(&mut self, cell: Cell, digit: Digit, depth: u32, reason: Reason) {
        self.record(Literal::off(cell, digit), depth, reason);
        self.grid.eliminate(cell, digit);
        self.changed[digit.index()].insert(cell);
    }

    /// The naked and hidden singles that the changes since the last call created, or the clash
    /// they cause. Only the cells and houses that lost a candidate are looked at: the grid before the
    /// assumption had no clash, and its singles are not consequences of the assumption.
    fn singles(&mut self) -> Result<Vec<(Cell, Digit, Reason)>, Clash> {
        let changed = std::mem::replace(&mut self.changed, [CellSet::EMPTY; 9]);
        let touched = changed.iter().fold(CellSet::EMPTY, |all, &cells| all | cells) & self.unsolved;
        let mut singles = Vec::new();
        let mut naked = CellSet::EMPTY;
        for cell in touched {
            let candidates = self.grid.candidates(cell);
            match candidates.single() {
                _ if candidates.is_empty() => return Err(Clash::EmptyCell(cell)),
                Some(digit) => {
                    naked.insert(cell);
                    singles.push((cell, digit, Reason::NakedSingle));
                }
                None => {}
            }
        }
        for digit in Digit::ALL {
            let lost = changed[digit.index()];
            if lost.is_empty() {
                continue;
            }
            let cells = self.grid.cells_with(digit);
            for house in houses_of(self.grid.layout(), lost) {
                let house_cells = self.grid.house_set(house);
                if self.placed[digit.index()].intersects(house_cells) {
                    continue;
                }
                let places = cells & house_cells;
                match places.single() {
                    _ if places.is_empty() => return Err(Clash::NoPlace(house, digit)),
                    Some(cell) if !naked.contains(cell) => {
                        singles.push((cell, digit, Reason::HiddenSingle(house)))
                    }
                    _ => {}
                }
            }
        }
        Ok(singles)
    }

    /// The literals `literal` rests on directly.
    fn parents(&self, literal: Literal, reason: Reason) -> Vec<Literal> {
        let (cell, digit) = (literal.cell(), literal.digit());
        match reason {
            Reason::Unreached | Reason::Premise => Vec::new(),
            Reason::Placement(placement) => vec![placement],
            Reason::NakedSingle => (self.original.candidates(cell) - DigitSet::from_digit(digit))
                .iter()
                .map(|other| Literal::off(cell, other))
                .collect(),
            Reason::HiddenSingle(house) => (self.original.house_cells_with(house, digit) - cell.set())
                .iter()
                .map(|other| Literal::off(other, digit))
                .collect(),
        }
    }

    /// The placements (other than the premise) that `targets` rest on, in the order they were made.
    fn key_placements(&self, premise: Literal, targets: &[Literal]) -> Vec<Literal> {
        let Some(reasons) = self.reasons.as_ref() else { return Vec::new() };
        let mut seen = vec![false; Literal::COUNT];
        let mut stack: Vec<Literal> = targets.to_vec();
        let mut placements = Vec::new();
        while let Some(literal) = stack.pop() {
            if std::mem::replace(&mut seen[literal.index()], true) {
                continue;
            }
            if literal.is_on() && literal != premise {
                placements.push(literal);
            }
            stack.extend(self.parents(literal, reasons[literal.index()]));
        }
        placements.sort_by_key(|&l| (self.implications.depth(l), l));
        placements
    }
}
