//! SE's multiple-assumption chaining producers: Nishio, multiple (cell and region) forcing chains,
//! dynamic forcing chains and dynamic forcing chains "+".
//!
//! For every cell SE propagates each of its digits assumed on (and, for the dynamic rules, off):
//! - a *contradiction* (Nishio, dynamic): an assumption that makes some potential both on and off is
//!   false;
//! - a *double* chain (dynamic, cells of three digits or more): what both "on" and "off" of one
//!   candidate imply holds;
//! - a *cell* chain: what every digit of the cell implies holds;
//! - a *region* chain: what every place of the digit in a house implies holds (from the house's first
//!   place only, so each house is seen once).
//!
//! The complexity of a hint is the sum of the ancestor counts of its branches' conclusions.

use super::potential::{Board, houses_se_order};
use super::propagation::{Mode, Propagation, propagate};
use super::rank::{Best, length_increment};
use super::unary::{eliminating, placing};
use crate::engine::explainer::step::{Difficulty, Producer, SeStep};
use crate::engine::literal::Literal;
use crate::engine::{Candidate, Candidates, Cell, Digit, House};

/// SE's Nishio Forcing Chains (7.5): a digit assumed in a cell (or assumed absent) leads, by house
/// links only and dynamically, to a contradiction.
pub struct NishioChains;

/// SE's Multiple Forcing Chains (8.0): static cell and region forcing chains.
pub struct MultipleChains;

/// SE's Dynamic Forcing Chains (8.5): contradiction, double, cell and region chains, dynamic.
pub struct DynamicChains;

/// SE's Dynamic Forcing Chains (+) (9.0): dynamic chains that apply SE's basic rules (locked
/// candidates, hidden and naked pairs, X-wings) inside the propagation.
pub struct DynamicPlusChains;

impl Producer for NishioChains {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        Rule::NISHIO.find(grid)
    }
}

impl Producer for MultipleChains {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        Rule::MULTIPLE.find(grid)
    }
}

impl Producer for DynamicChains {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        Rule::DYNAMIC.find(grid)
    }
}

impl Producer for DynamicPlusChains {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        Rule::DYNAMIC_PLUS.find(grid)
    }
}

/// One of SE's `Chaining(isMultiple, isDynamic, isNishio, level)` instances.
#[derive(Clone, Copy)]
struct Rule {
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    level: u8,
}

/// SE's sort keys among hints of equal difficulty and complexity.
const DOUBLE_KEY: u8 = 1;
const CELL_KEY: u8 = 5;
const REGION_KEY: u8 = 6;
const CONTRADICTION_KEY: u8 = 7;

impl Rule {
    const NISHIO: Rule = Rule { multiple: false, dynamic: true, nishio: true, level: 0 };
    const MULTIPLE: Rule = Rule { multiple: true, dynamic: false, nishio: false, level: 0 };
    const DYNAMIC: Rule = Rule { multiple: true, dynamic: true, nishio: false, level: 0 };
    const DYNAMIC_PLUS: Rule = Rule { multiple: true, dynamic: true, nishio: false, level: 1 };

    fn base(self) -> f64 {
        if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    fn mode(self) -> Mode {
        Mode { cell_links: !self.nishio, dynamic: self.dynamic, level: self.level }
    }

    fn name(self, kind: HintKind) -> &'static str {
        match (kind, self.nishio, self.level > 0, self.dynamic) {
            (_, true, _, _) => "Nishio Forcing Chains",
            (HintKind::Contradiction, _, true, _) => "Dynamic Contradiction Forcing Chains (+)",
            (HintKind::Double, _, true, _) => "Dynamic Double Forcing Chains (+)",
            (HintKind::Cell, _, true, _) => "Dynamic Cell Forcing Chains (+)",
            (HintKind::Region, _, true, _) => "Dynamic Region Forcing Chains (+)",
            (HintKind::Contradiction, _, _, _) => "Dynamic Contradiction Forcing Chains",
            (HintKind::Double, _, _, _) => "Dynamic Double Forcing Chains",
            (HintKind::Cell, _, _, true) => "Dynamic Cell Forcing Chains",
            (HintKind::Region, _, _, true) => "Dynamic Region Forcing Chains",
            (HintKind::Cell, _, _, false) => "Cell Forcing Chains",
            (HintKind::Region, _, _, false) => "Region Forcing Chains",
        }
    }

    /// SE's `getMultipleChainsHintList`, keeping the hint SE would apply.
    fn find(self, grid: &Candidates) -> Option<SeStep> {
        let board = Board::new(grid);
        let mut search = Search { rule: self, board: &board, made: Cache::new(), best: Best::default() };
        for cell in board.cells_with_candidates() {
            let count = board.candidates(cell).len();
            if count > 2 || (count > 1 && self.dynamic) {
                search.cell(cell);
            }
        }
        search.best.into_step()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum HintKind {
    Contradiction,
    Double,
    Cell,
    Region,
}

/// Propagations already made, by assumption ([`Literal::index`]; boxed: most are never made, and the
/// table is made afresh for every search).
struct Cache(Vec<Option<Box<Propagation>>>);

impl Cache {
    fn new() -> Cache {
        Cache((0..Literal::COUNT).map(|_| None).collect())
    }
}

struct Search<'b> {
    rule: Rule,
    board: &'b Board,
    made: Cache,
    best: Best,
}

impl Search<'_> {
    fn ensure(&mut self, potential: Literal) {
        let made = &mut self.made.0[potential.index()];
        if made.is_none() {
            *made = Some(Box::new(propagate(self.board, potential, self.rule.mode())));
        }
    }

    fn get(&mut self, potential: Literal) -> &mut Propagation {
        self.ensure(potential);
        self.made.0[potential.index()].as_mut().expect("the propagation was just made")
    }

    /// Whether a hint of `branches` branches could still beat the best (each branch rests on at least
    /// one potential).
    fn worth_counting(&self, branches: u32, key: u8) -> bool {
        let least = branches;
        self.best.beats(self.rule.base() + length_increment(least), least, key)
    }

    /// Everything SE does from one cell: binary and region chains per digit, then cell chains.
    fn cell(&mut self, cell: Cell) {
        let digits = self.board.candidates(cell);
        let count = digits.len();
        let double = count >= 3 && !self.rule.nishio && self.rule.dynamic;
        let contradiction = self.rule.dynamic || self.rule.nishio;
        for digit in digits {
            let cand = Candidate::new(cell, digit);
            self.binary(cand, double, contradiction);
            if !self.rule.nishio {
                self.regions(cell, digit);
            }
        }
        if !self.rule.nishio && (count == 2 || (self.rule.multiple && count > 2)) {
            self.cell_reductions(cell);
        }
    }

    /// SE's `doBinaryChaining` for `cand`: contradictions from on and from off, then double chains.
    fn binary(&mut self, cand: Candidate, double: bool, contradiction: bool) {
        let (on, off) = (Literal::new(cand, true), Literal::new(cand, false));
        self.ensure(on);
        if !(double || contradiction) {
            return;
        }
        self.ensure(off);
        if contradiction {
            for source in [on, off] {
                self.contradiction(source);
            }
        }
        if double {
            self.doubles(cand);
        }
    }

    /// The hint of a contradiction reached from `source`, if any: `source` is false.
    fn contradiction(&mut self, source: Literal) {
        let Some((on_node, off_node)) = self.get(source).contradiction else {
            return;
        };
        if !self.worth_counting(1, CONTRADICTION_KEY) {
            return;
        }
        let prop = self.get(source);
        let complexity = prop.ancestor_count(on_node) + prop.ancestor_count(off_node);
        let (rule, board) = (self.rule, self.board);
        let name = rule.name(HintKind::Contradiction);
        self.best.offer(rule.base(), complexity, CONTRADICTION_KEY, |difficulty| {
            conclusion_step(board, source.negated(), name, difficulty)
        });
    }

    /// Double chains: what both `cand` on and `cand` off imply.
    fn doubles(&mut self, cand: Candidate) {
        let branches = [Literal::new(cand, true), Literal::new(cand, false)];
        self.reductions(HintKind::Double, DOUBLE_KEY, &branches);
    }

    /// The ancestor count of `target` in the propagation from `source`.
    fn branch_complexity(&mut self, source: Literal, target: Literal) -> u32 {
        let prop = self.get(source);
        prop.node(target).map_or(0, |n| prop.ancestor_count(n))
    }

    fn offer(&mut self, kind: HintKind, complexity: u32, key: u8, target: Literal) {
        let (rule, board) = (self.rule, self.board);
        self.best.offer(rule.base(), complexity, key, |difficulty| {
            conclusion_step(board, target, rule.name(kind), difficulty)
        });
    }

    /// SE's `doRegionChainings`: houses of `cell` whose first place for `digit` is `cell`.
    fn regions(&mut self, cell: Cell, digit: Digit) {
        for house in houses_se_order(cell) {
            let places = self.board.house_cells_with(house, digit);
            let count = places.len();
            if (count == 2 || (self.rule.multiple && count > 2)) && places.first() == Some(cell) {
                self.region(house, digit);
            }
        }
    }

    fn region(&mut self, house: House, digit: Digit) {
        let places: Vec<Literal> = self
            .board
            .house_cells_with(house, digit)
            .iter()
            .map(|c| Literal::new(Candidate::new(c, digit), true))
            .collect();
        self.reductions(HintKind::Region, REGION_KEY, &places);
    }

    /// SE's cell reductions: what every digit of `cell` implies.
    fn cell_reductions(&mut self, cell: Cell) {
        let branches: Vec<Literal> =
            self.board.candidates(cell).iter().map(|d| Literal::new(Candidate::new(cell, d), true)).collect();
        self.reductions(HintKind::Cell, CELL_KEY, &branches);
    }

    /// Offers, in SE's order, the conclusions common to all `branches` (one of which holds), each
    /// resting on the sum of its ancestor counts in the branches.
    fn reductions(&mut self, kind: HintKind, key: u8, branches: &[Literal]) {
        let count = branches.len() as u32;
        for target in self.common_conclusions(branches) {
            if !self.worth_counting(count, key) {
                return;
            }
            let complexity: u32 = branches.iter().map(|&b| self.branch_complexity(b, target)).sum();
            self.offer(kind, complexity, key, target);
        }
    }

    /// The potentials every one of `branches` implies, in SE's order: as the first branch found
    /// them, its ons before its offs.
    fn common_conclusions(&mut self, branches: &[Literal]) -> Vec<Literal> {
        let Some((&first, rest)) = branches.split_first() else {
            return Vec::new();
        };
        let (mut common_on, mut common_off) = (self.get(first).on_set, self.get(first).off_set);
        for &branch in rest {
            let prop = self.get(branch);
            common_on = common_on.and(&prop.on_set);
            common_off = common_off.and(&prop.off_set);
        }
        if common_on.is_empty() && common_off.is_empty() {
            return Vec::new();
        }
        let prop = self.get(first);
        let ons = prop
            .on_order
            .iter()
            .map(|&n| prop.graph.potential(n))
            .filter(|p| common_on.contains(p.candidate()));
        let offs = prop
            .off_order
            .iter()
            .map(|&n| prop.graph.potential(n))
            .filter(|p| common_off.contains(p.candidate()));
        ons.chain(offs).collect()
    }
}

/// The step of a chain concluding `target`: an on is placed (the cell's other digits go), an off goes.
fn conclusion_step(
    board: &Board,
    target: Literal,
    rule: &'static str,
    difficulty: Difficulty,
) -> Option<SeStep> {
    if target.is_on() {
        placing(board, target.candidate(), rule, difficulty)
    } else {
        Some(eliminating(rule, difficulty, &[target.candidate()]))
    }
}
