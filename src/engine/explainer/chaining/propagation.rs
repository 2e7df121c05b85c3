//! SE's `doChaining`: everything one assumption implies, for the multiple, Nishio and dynamic rules.
//!
//! Ons are taken before offs, one at a time. In a *static* propagation the links are read from the
//! grid as it is. In a *dynamic* one every off, once taken, is struck from a working copy of the grid,
//! so a later cell or house left with one place sees it; the on so deduced then rests on those struck
//! candidates too (SE's "hidden parents"), which counts in the chain's complexity. With the "+"
//! level, when nothing is pending SE's basic rules run on the working copy and their eliminations
//! continue the propagation (`advanced`). Nishio propagation uses house links only.

use std::collections::VecDeque;

use super::advanced;
use super::potential::{Board, CandSet, Graph, NodeId, OnCause, off_to_on, on_to_off};
use crate::engine::Candidate;
use crate::engine::literal::Literal;

/// How a propagation reads the grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Mode {
    /// Y-links (a cell's other digits, its last digit) besides house links; off for Nishio.
    pub(super) cell_links: bool,
    /// Offs are struck from a working copy as they are taken.
    pub(super) dynamic: bool,
    /// SE's nesting level: 1 applies the basic rules inside the propagation.
    pub(super) level: u8,
}

/// No node.
const NONE: NodeId = NodeId::MAX;

/// What one assumption implies: the graph, the ons and offs in the order SE found them, and the first
/// contradiction (a potential both on and off), where SE stops.
pub(super) struct Propagation {
    pub(super) graph: Graph,
    /// For each potential (by [`Literal::index`]), the node where it was found, or [`NONE`].
    nodes: Vec<NodeId>,
    /// The ons in the order they were deduced (the assumption first when it is an on).
    pub(super) on_order: Vec<NodeId>,
    /// The offs in the order they were deduced.
    pub(super) off_order: Vec<NodeId>,
    /// The candidates found on.
    pub(super) on_set: CandSet,
    /// The candidates found off.
    pub(super) off_set: CandSet,
    /// The first potential found both on and off: (its on node, its off node).
    pub(super) contradiction: Option<(NodeId, NodeId)>,
    ancestors: Vec<u32>,
}

impl Propagation {
    /// The node where `potential` was found.
    pub(super) fn node(&self, potential: Literal) -> Option<NodeId> {
        let node = self.nodes[potential.index()];
        (node != NONE).then_some(node)
    }

    /// SE's ancestor count of `node`, remembered.
    pub(super) fn ancestor_count(&mut self, node: NodeId) -> u32 {
        let i = node as usize;
        if self.ancestors.len() < self.graph.len() {
            self.ancestors.resize(self.graph.len(), 0);
        }
        if self.ancestors[i] == 0 {
            self.ancestors[i] = self.graph.ancestor_count(node);
        }
        self.ancestors[i]
    }

    fn new() -> Propagation {
        Propagation {
            graph: Graph::default(),
            nodes: vec![NONE; Literal::COUNT],
            on_order: Vec::new(),
            off_order: Vec::new(),
            on_set: CandSet::default(),
            off_set: CandSet::default(),
            contradiction: None,
            ancestors: Vec::new(),
        }
    }

    fn record(&mut self, node: NodeId) {
        let p = self.graph.potential(node);
        self.nodes[p.index()] = node;
        if p.is_on() {
            self.on_order.push(node);
            self.on_set.insert(p.candidate());
        } else {
            self.off_order.push(node);
            self.off_set.insert(p.candidate());
        }
    }
}

/// Propagates the assumption `source` on `board` (SE's `doChaining` from one potential).
pub(super) fn propagate(board: &Board, source: Literal, mode: Mode) -> Propagation {
    let mut out = Propagation::new();
    let mut work = board.clone();
    let mut pending_on = VecDeque::new();
    let mut pending_off = VecDeque::new();
    let root = out.graph.add(source, &[]);
    out.record(root);
    if source.is_on() {
        pending_on.push_back(root);
    } else {
        pending_off.push_back(root);
    }
    let mut offs = Vec::new();
    let mut ons = Vec::new();
    let mut parents = Vec::new();
    while !pending_on.is_empty() || !pending_off.is_empty() {
        if let Some(p) = pending_on.pop_front() {
            on_to_off(&work, out.graph.potential(p).candidate(), mode.cell_links, &mut offs);
            for &c in &offs {
                if out.on_set.contains(c) {
                    let off = out.graph.add(Literal::new(c, false), &[p]);
                    out.contradiction = Some((out.nodes[Literal::new(c, true).index()], off));
                    return out;
                }
                if !out.off_set.contains(c) {
                    let node = out.graph.add(Literal::new(c, false), &[p]);
                    out.record(node);
                    pending_off.push_back(node);
                }
            }
        } else if let Some(p) = pending_off.pop_front() {
            let cand = out.graph.potential(p).candidate();
            off_to_on(&work, cand, mode.cell_links, true, &mut ons);
            for &(c, cause) in &ons {
                let conflict = out.off_set.contains(c);
                if !conflict && out.on_set.contains(c) {
                    continue;
                }
                parents.clear();
                parents.push(p);
                if mode.dynamic {
                    hidden_parents(board, &work, c, cause, &out, &mut parents);
                }
                let node = out.graph.add(Literal::new(c, true), &parents);
                if conflict {
                    out.contradiction = Some((node, out.nodes[Literal::new(c, false).index()]));
                    return out;
                }
                out.record(node);
                pending_on.push_back(node);
            }
            if mode.dynamic {
                work.remove(cand);
            }
        }
        if pending_on.is_empty() && pending_off.is_empty() && mode.level > 0 {
            for (removable, rule_parents) in advanced::deductions(board, &work) {
                parents.clear();
                parents.extend(rule_parents.iter().filter_map(|&c| out.node(Literal::new(c, false))));
                for c in removable {
                    if !out.off_set.contains(c) {
                        let node = out.graph.add(Literal::new(c, false), &parents);
                        out.record(node);
                        pending_off.push_back(node);
                    }
                }
            }
        }
    }
    out
}

/// SE's hidden parents of an on deduced in a dynamic propagation: the candidates of its cell (single
/// in the cell) or of its house (single in the house) struck out so far.
fn hidden_parents(
    board: &Board,
    work: &Board,
    cand: Candidate,
    cause: OnCause,
    out: &Propagation,
    parents: &mut Vec<NodeId>,
) {
    let struck = |c: Candidate| board.has(c) && !work.has(c);
    match cause {
        OnCause::Cell => {
            let cell = cand.cell;
            for digit in board.candidates(cell) - work.candidates(cell) {
                parents.extend(out.node(Literal::new(Candidate::new(cell, digit), false)));
            }
        }
        OnCause::House(house) => {
            let digit = cand.digit;
            for &cell in house.cells() {
                let c = Candidate::new(cell, digit);
                if struck(c) {
                    parents.extend(out.node(Literal::new(c, false)));
                }
            }
        }
    }
}
