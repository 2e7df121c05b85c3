//! ALS-Chain: almost locked sets `A1, A2, ..., An` joined one after another by restricted common
//! candidates `x1, x2, ...`, no two successive RCCs alike.
//!
//! If `A1` lacked a digit `z` (other than `x1`), it would be locked and hold `x1`; then `A2` lacks
//! `x1` and holds `x2`, and so on, until `An` lacks the last RCC and holds `z`. So `A1` or `An` holds
//! `z`, and `z` leaves every cell that sees all the `z`s of both ends.
//!
//! The search walks the RCC graph breadth first from each start set and first RCC, so each end is
//! reached by a shortest chain, up to [`MAX_SETS`] sets (chains of two and three sets are ALS-XZ
//! and ALS-XY-Wing). No set appears twice in a chain; sets may share cells (the argument above never
//! needs them apart). Each distinct set of eliminations is reported once, shortest chain first.

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::engine::{Candidate, CellSet, Digit, DigitSet};

use super::super::step::grouped_removal_text;
use super::super::{Candidates, Sink, Step, Technique};
use super::{AlsIndex, Link, Scope, removable, removed_digits};

/// The fewest sets of an ALS-Chain (fewer are ALS-XZ and ALS-XY-Wing).
const MIN_SETS: usize = 4;
/// The most sets of an ALS-Chain.
const MAX_SETS: usize = 7;
/// The most chain ends examined from one start set and first RCC, shortest chains first (a bound on
/// crowded positions).
const START_BUDGET: usize = 800;
/// The most chain ends examined in one position.
const NODE_BUDGET: usize = 60_000;

/// One set reached by the search: the set, the RCC it was entered by, and where it came from.
#[derive(Clone, Copy)]
struct Node {
    set: usize,
    entry: Digit,
    parent: Option<usize>,
    length: usize,
}

/// A chain found: its sets with the RCCs between them (`digits[i]` joins `sets[i]` and
/// `sets[i + 1]`).
struct Chain {
    sets: Vec<usize>,
    digits: Vec<Digit>,
}

/// Reports every ALS-Chain of `index` to `sink`.
pub(super) fn find(grid: &Candidates, index: &AlsIndex, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut found: HashMap<Vec<Candidate>, (usize, Chain)> = HashMap::new();
    let mut visited = vec![DigitSet::EMPTY; index.sets.len()];
    let mut budget = NODE_BUDGET;
    for start in 0..index.sets.len() {
        let first_digits = index.links[start].iter().fold(DigitSet::EMPTY, |acc, l| acc | l.digits);
        for first in first_digits {
            let mut targets = index.reach[start];
            targets.remove(first);
            if targets.is_empty() || budget == 0 {
                continue;
            }
            visited.fill(DigitSet::EMPTY);
            walk(grid, index, (start, first), &mut visited, &mut budget, &mut found);
        }
    }
    let mut chains: Vec<(Vec<Candidate>, (usize, Chain))> = found.into_iter().collect();
    chains.sort_by(|a, b| (a.1.0, &a.0).cmp(&(b.1.0, &b.0)));
    for (eliminations, (_, chain)) in chains {
        sink(step(grid, index, &chain, eliminations))?;
    }
    ControlFlow::Continue(())
}

/// Walks breadth first from `start` entering its neighbours by `first`, offering every chain end,
/// while the budget lasts.
fn walk(
    grid: &Candidates,
    index: &AlsIndex,
    (start, first): (usize, Digit),
    visited: &mut [DigitSet],
    budget: &mut usize,
    found: &mut HashMap<Vec<Candidate>, (usize, Chain)>,
) {
    let mut nodes: Vec<Node> = Vec::new();
    // On HoDoKu's path a chain only goes on to sets later in its list.
    let forward_only = index.scope == Scope::Path;
    let onward = |from: usize, link: &Link| !forward_only || link.other > from;
    for link in index.links[start].iter().filter(|l| l.digits.contains(first) && onward(start, l)) {
        visited[link.other].insert(first);
        nodes.push(Node { set: link.other, entry: first, parent: None, length: 2 });
    }
    let mut next = 0;
    while next < nodes.len() && next < START_BUDGET && *budget > 0 {
        *budget -= 1;
        let node = nodes[next];
        if node.length >= MIN_SETS {
            offer(grid, index, start, first, &nodes, next, found);
        }
        if node.length < MAX_SETS {
            for link in &index.links[node.set] {
                if link.other == start || !onward(node.set, link) {
                    continue;
                }
                for digit in link.digits.iter().filter(|&d| d != node.entry) {
                    if visited[link.other].contains(digit) {
                        continue;
                    }
                    visited[link.other].insert(digit);
                    nodes.push(Node {
                        set: link.other,
                        entry: digit,
                        parent: Some(next),
                        length: node.length + 1,
                    });
                }
            }
        }
        next += 1;
    }
}

/// Records the chain ending at `nodes[end]` if it removes something and no shorter chain removes
/// the same.
fn offer(
    grid: &Candidates,
    index: &AlsIndex,
    start: usize,
    first: Digit,
    nodes: &[Node],
    end: usize,
    found: &mut HashMap<Vec<Candidate>, (usize, Chain)>,
) {
    let (a, node) = (index.set(start), nodes[end]);
    let b = index.set(node.set);
    let mut shared = index.reach[start] & index.reach[node.set];
    shared.remove(first);
    shared.remove(node.entry);
    if shared.is_empty() {
        return;
    }
    let mut eliminations: Vec<Candidate> =
        shared.iter().flat_map(|z| removable(grid, z, a.seen_by(z) & b.seen_by(z))).collect();
    if eliminations.is_empty() {
        return;
    }
    eliminations.sort();
    if found.get(&eliminations).is_some_and(|(length, _)| *length <= node.length) {
        return;
    }
    let Some(chain) = trace(start, first, nodes, end) else { return };
    found.insert(eliminations, (node.length, chain));
}

/// The chain ending at `nodes[end]`, if no set appears in it twice.
fn trace(start: usize, first: Digit, nodes: &[Node], end: usize) -> Option<Chain> {
    let mut sets = Vec::new();
    let mut digits = Vec::new();
    let mut at = Some(end);
    while let Some(i) = at {
        sets.push(nodes[i].set);
        digits.push(nodes[i].entry);
        at = nodes[i].parent;
    }
    sets.push(start);
    sets.reverse();
    digits.reverse();
    debug_assert_eq!(digits.first(), Some(&first));
    let mut seen = sets.clone();
    seen.sort_unstable();
    seen.dedup();
    if seen.len() < sets.len() {
        return None;
    }
    Some(Chain { sets, digits })
}

fn step(grid: &Candidates, index: &AlsIndex, chain: &Chain, eliminations: Vec<Candidate>) -> Step {
    let names = ["A", "B", "C", "D", "E", "F", "G", "H"];
    let mut text = String::new();
    for (i, &set) in chain.sets.iter().enumerate() {
        if i > 0 {
            text.push_str(&format!(" -{}- ", chain.digits[i - 1]));
        }
        text.push_str(&format!("{} = {}", names[i % names.len()], index.set(set).describe()));
    }
    let last = names[(chain.sets.len() - 1) % names.len()];
    let explanation = format!(
        "ALS-Chain: {text} (each link a restricted common: never in both sets it links); a set that lacks \
         its entry link is locked and holds its exit link, so if A lacked a digit, {last} would hold it: A or \
         {last} holds {}, and {}",
        removed_digits(&eliminations),
        grouped_removal_text(&eliminations)
    );
    let sets: Vec<_> = chain.sets.iter().map(|&s| index.set(s)).collect();
    Step::new(Technique::AlsChain)
        .with_houses(sets.iter().map(|s| s.house))
        .with_cells(sets.iter().fold(CellSet::EMPTY, |acc, s| acc | s.cells))
        .with_drivers(sets.iter().flat_map(|s| s.candidates(grid)))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}
