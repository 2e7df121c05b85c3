//! SE's "Forcing Chains & Cycles" producer: chains grown from one assumption with static links.
//!
//! From every candidate assumed on, SE walks breadth first, alternating on->off and off->on links:
//! - a *bidirectional cycle* comes back to the assumption; the candidates outside the cycle that see
//!   one of its on potentials and one of its off potentials of the same digit go;
//! - a *forcing chain* from the assumption (on, or off) reaches its conjugate: the assumption is
//!   false and goes (from on), or true and is placed (from off).
//!
//! It does this three times: with X-links only (a digit's last two places in a house: X-cycles 6.5,
//! forcing X-chains 6.6), with Y-links only (a cell's last two digits: Y-cycles 6.5, started only
//! from bivalue cells) and with both (cycles and forcing chains 7.0).

use std::collections::VecDeque;

use super::potential::{Board, CandSet, Graph, NodeId, OnCause, off_to_on, on_to_off};
use super::rank::{Best, length_increment};
use crate::engine::explainer::step::{Difficulty, Producer, SeStep};
use crate::engine::literal::Literal;
use crate::engine::{Candidate, Candidates, CellSet, DigitSet};

/// SE's "Forcing Chains & Cycles": bidirectional cycles (X, Y: 6.5; XY: 7.0) and forcing chains
/// (X: 6.6; XY: 7.0), plus the length increment.
pub struct ForcingChainsAndCycles;

impl Producer for ForcingChainsAndCycles {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let board = Board::new(grid);
        let mut search = UnarySearch::new(&board);
        let mut best = Best::default();
        for links in [Links::X, Links::Y, Links::XY] {
            if !best.beats(links.cycle_base(), 0, 0) {
                continue;
            }
            for cell in board.cells_with_candidates() {
                let cands = board.candidates(cell);
                if cands.len() < 2 || (cands.len() > 2 && !links.house) {
                    continue;
                }
                for digit in cands {
                    search.from(Candidate::new(cell, digit), links, &mut best);
                }
            }
        }
        best.into_step()
    }
}

/// Which links a unary search may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Links {
    /// Y-links: a cell's other digits go off with an on; its last digit turns on.
    cell: bool,
    /// X-links: the last place of a digit in a house turns on.
    house: bool,
}

impl Links {
    const X: Links = Links { cell: false, house: true };
    const Y: Links = Links { cell: true, house: false };
    const XY: Links = Links { cell: true, house: true };

    fn cycle_base(self) -> f64 {
        if self == Links::XY { 7.0 } else { 6.5 }
    }

    fn chain_base(self) -> f64 {
        if self == Links::XY { 7.0 } else { 6.6 }
    }

    /// SE's sort key among chains of equal difficulty and complexity.
    fn sort_key(self) -> u8 {
        match self {
            Links::XY => 4,
            Links::Y => 3,
            _ => 2,
        }
    }

    fn cycle_name(self, cells: usize) -> &'static str {
        match self {
            Links::XY => "Bidirectional Cycle",
            Links::Y => "Bidirectional Y-Cycle",
            _ if cells == 4 => "Generalized X-Wing",
            _ => "Bidirectional X-Cycle",
        }
    }

    fn chain_name(self, complexity: u32) -> &'static str {
        match self {
            Links::XY => "Forcing Chain",
            _ if complexity == 6 => "Turbot Fish",
            _ => "Forcing X-Chain",
        }
    }
}

/// The reusable state of one breadth-first walk.
struct UnarySearch<'b> {
    board: &'b Board,
    graph: Graph,
    seen_on: CandSet,
    seen_off: CandSet,
    pending_on: VecDeque<NodeId>,
    pending_off: VecDeque<NodeId>,
    offs: Vec<Candidate>,
    ons: Vec<(Candidate, OnCause)>,
}

impl<'b> UnarySearch<'b> {
    fn new(board: &'b Board) -> UnarySearch<'b> {
        UnarySearch {
            board,
            graph: Graph::default(),
            seen_on: CandSet::default(),
            seen_off: CandSet::default(),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            offs: Vec::new(),
            ons: Vec::new(),
        }
    }

    /// SE's `doUnaryChaining` from `start` on: its cycle, then its forcing chains from on and off.
    fn from(&mut self, start: Candidate, links: Links, best: &mut Best) {
        if let Some((node, removable)) = self.first_useful_cycle(start, links, best) {
            let complexity = self.graph.ancestor_count(node);
            let cells = self.cycle_cells(node).len();
            best.offer(links.cycle_base(), complexity, links.sort_key(), |difficulty| {
                Some(eliminating(links.cycle_name(cells), difficulty, &removable))
            });
        }
        if !links.house {
            return;
        }
        for source in [Literal::new(start, true), Literal::new(start, false)] {
            if let Some(target) = self.forcing_target(source, links, best) {
                let complexity = self.graph.ancestor_count(target);
                let board = self.board;
                best.offer(links.chain_base(), complexity, links.sort_key(), |difficulty| {
                    forcing_step(board, source, links.chain_name(complexity), difficulty)
                });
            }
        }
    }

    /// Starts a new walk from `source` alone.
    fn reset(&mut self, source: Literal) {
        self.graph.clear();
        self.seen_on = CandSet::default();
        self.seen_off = CandSet::default();
        self.pending_on.clear();
        self.pending_off.clear();
        let root = self.graph.add(source, &[]);
        if source.is_on() {
            self.seen_on.insert(source.candidate());
            self.pending_on.push_back(root);
        } else {
            self.seen_off.insert(source.candidate());
            self.pending_off.push_back(root);
        }
    }

    /// SE's `doCycles`: the first cycle back to `start` that removes something, if it can still beat
    /// `best`. Cycles come in order of length, so the first useful one is the best of this start.
    fn first_useful_cycle(
        &mut self,
        start: Candidate,
        links: Links,
        best: &Best,
    ) -> Option<(NodeId, Vec<Candidate>)> {
        self.reset(Literal::new(start, true));
        let mut depth = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            depth += 1;
            let mut offs = std::mem::take(&mut self.offs);
            while let Some(p) = self.pending_on.pop_front() {
                on_to_off(self.board, self.graph.potential(p).candidate(), links.cell, &mut offs);
                for &c in &offs {
                    // SE re-queues an off reached again, unless it is already on this path.
                    if self.seen_off.contains(c) && self.is_off_on_path(p, c) {
                        continue;
                    }
                    let node = self.graph.add(Literal::new(c, false), &[p]);
                    self.pending_off.push_back(node);
                    self.seen_off.insert(c);
                }
            }
            self.offs = offs;
            depth += 1;
            if !best.beats(links.cycle_base() + length_increment(depth), depth, links.sort_key()) {
                return None;
            }
            let mut ons = std::mem::take(&mut self.ons);
            while let Some(p) = self.pending_off.pop_front() {
                off_to_on(self.board, self.graph.potential(p).candidate(), links.cell, links.house, &mut ons);
                for &(c, _) in &ons {
                    if depth >= 4 && c == start {
                        let node = self.graph.add(Literal::new(c, true), &[p]);
                        let removable = self.cycle_removable(node);
                        if !removable.is_empty() {
                            self.ons = ons;
                            return Some((node, removable));
                        }
                    } else if self.seen_on.insert(c) {
                        let node = self.graph.add(Literal::new(c, true), &[p]);
                        self.pending_on.push_back(node);
                    }
                }
            }
            self.ons = ons;
        }
        None
    }

    /// Whether the off potential of `cand` is an ancestor of `node` along first parents.
    fn is_off_on_path(&self, node: NodeId, cand: Candidate) -> bool {
        let mut current = node;
        while let Some(parent) = self.graph.first_parent(current) {
            if self.graph.potential(parent) == Literal::new(cand, false) {
                return true;
            }
            current = parent;
        }
        false
    }

    /// The cells of the cycle ending at `end` (every node but the starting one, whose cell is `end`'s).
    fn cycle_cells(&self, end: NodeId) -> CellSet {
        let mut cells = CellSet::EMPTY;
        let mut current = end;
        while let Some(parent) = self.graph.first_parent(current) {
            cells.insert(self.graph.potential(current).candidate().cell);
            current = parent;
        }
        cells
    }

    /// SE's cycle eliminations: candidates outside the cycle's cells that see both an on and an off
    /// potential of their digit on the cycle.
    fn cycle_removable(&self, end: NodeId) -> Vec<Candidate> {
        let cells = self.cycle_cells(end);
        let (mut seen_by_on, mut seen_by_off) = (CandSet::default(), CandSet::default());
        let mut current = end;
        while let Some(parent) = self.graph.first_parent(current) {
            let p = self.graph.potential(current);
            let digit = p.candidate().digit;
            let seen = if p.is_on() { &mut seen_by_on } else { &mut seen_by_off };
            for cell in (p.candidate().cell.peers() & self.board.cells_with(digit)) - cells {
                seen.insert(Candidate::new(cell, digit));
            }
            current = parent;
        }
        let both = seen_by_on.and(&seen_by_off);
        let mut removable = Vec::new();
        if both.is_empty() {
            return removable;
        }
        for cell in self.board.cells_with_candidates() {
            for digit in self.board.candidates(cell) {
                let cand = Candidate::new(cell, digit);
                if both.contains(cand) {
                    removable.push(cand);
                }
            }
        }
        removable
    }

    /// SE's `doForcingChains`: the node where the walk from `source` first reaches its conjugate.
    fn forcing_target(&mut self, source: Literal, links: Links, best: &Best) -> Option<NodeId> {
        self.reset(source);
        let goal = source.negated();
        // The queues hold one layer each, so `depth` (links from the assumption) is that of the
        // potentials the phase under way creates; a phase with nothing queued creates none.
        let mut depth = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            if !self.pending_on.is_empty() {
                depth += 1;
            }
            if !self.can_still_beat(links, depth, best) {
                return None;
            }
            let mut offs = std::mem::take(&mut self.offs);
            while let Some(p) = self.pending_on.pop_front() {
                on_to_off(self.board, self.graph.potential(p).candidate(), links.cell, &mut offs);
                for &c in &offs {
                    if goal == Literal::new(c, false) {
                        self.offs = offs;
                        return Some(self.graph.add(goal, &[p]));
                    }
                    if self.seen_off.insert(c) {
                        let node = self.graph.add(Literal::new(c, false), &[p]);
                        self.pending_off.push_back(node);
                    }
                }
            }
            self.offs = offs;
            if self.pending_off.is_empty() {
                break;
            }
            depth += 1;
            if !self.can_still_beat(links, depth, best) {
                return None;
            }
            let mut ons = std::mem::take(&mut self.ons);
            while let Some(p) = self.pending_off.pop_front() {
                off_to_on(self.board, self.graph.potential(p).candidate(), links.cell, true, &mut ons);
                for &(c, _) in &ons {
                    if goal == Literal::new(c, true) {
                        self.ons = ons;
                        return Some(self.graph.add(goal, &[p]));
                    }
                    if self.seen_on.insert(c) {
                        let node = self.graph.add(Literal::new(c, true), &[p]);
                        self.pending_on.push_back(node);
                    }
                }
            }
            self.ons = ons;
        }
        None
    }

    /// Whether a forcing chain whose target lies `depth` links from the assumption (so resting on
    /// `depth + 1` potentials) could still beat `best`.
    fn can_still_beat(&self, links: Links, depth: u32, best: &Best) -> bool {
        let complexity = depth + 1;
        best.beats(links.chain_base() + length_increment(complexity), complexity, links.sort_key())
    }
}

/// A step that only eliminates.
pub(super) fn eliminating(rule: &'static str, difficulty: Difficulty, removable: &[Candidate]) -> SeStep {
    SeStep { rule, difficulty, placements: Vec::new(), eliminations: removable.to_vec() }
}

/// The step of a forcing chain from `source` to its conjugate: an assumed on is false (it goes), an
/// assumed off is true (it is placed, the cell's other digits go). `None` when that changes nothing.
fn forcing_step(
    board: &Board,
    source: Literal,
    rule: &'static str,
    difficulty: Difficulty,
) -> Option<SeStep> {
    if source.is_on() {
        return Some(eliminating(rule, difficulty, &[source.candidate()]));
    }
    placing(board, source.candidate(), rule, difficulty)
}

/// A step placing `cand`: the cell's other digits are SE's removable potentials; `None` when there are
/// none (SE's hint is then not worth applying).
pub(super) fn placing(
    board: &Board,
    cand: Candidate,
    rule: &'static str,
    difficulty: Difficulty,
) -> Option<SeStep> {
    let cell = cand.cell;
    let others = board.candidates(cell) - DigitSet::from_digit(cand.digit);
    if others.is_empty() {
        return None;
    }
    Some(SeStep {
        rule,
        difficulty,
        placements: vec![cand],
        eliminations: others.iter().map(|d| Candidate::new(cell, d)).collect(),
    })
}
