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
//!
//! HoDoKu's solving path searches otherwise, depth first, and the chains it meets decide the step
//! it takes; on that path ([`Scope::Path`]) the search is its own ([`hodoku_chains`]).

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::engine::{Candidate, CellSet, Digit, DigitSet};

use super::super::step::grouped_removal_text;
use super::super::{Candidates, Sink, Step, Technique};
use super::{AlsIndex, Link, Scope, removed_between, removed_digits};

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

/// Reports every ALS-Chain of `index` to `sink`: on HoDoKu's path ([`Scope::Path`]) those its own
/// search keeps, in its order ([`hodoku_chains`]); otherwise every one our breadth-first walk finds.
pub(super) fn find(grid: &Candidates, index: &AlsIndex, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if index.scope == Scope::Path {
        for (eliminations, chain) in hodoku_chains(grid, index) {
            sink(step(grid, index, &chain, eliminations))?;
        }
        return ControlFlow::Continue(());
    }
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
    let mut eliminations = removed_between(grid, a, b, shared);
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

/// The most restricted commons in one chain of HoDoKu's search (its `MAX_RC`).
const HODOKU_MAX_LINKS: usize = 50;
/// The most chain prefixes HoDoKu's search may build in one position here: a guard against a
/// runaway depth-first search, which HoDoKu lacks. Along top1465's paths the largest search builds
/// 923,621 (the mean is about 4,000); along the exemplars' paths, 103,778.
const HODOKU_BUDGET: usize = 2_000_000;

/// A restricted common of HoDoKu's list, from one set to a later one: its first digit and, when
/// the two sets share more than one, its last (HoDoKu keeps two, overwriting the second).
#[derive(Clone, Copy)]
struct Restricted {
    to: usize,
    first: Digit,
    second: Option<Digit>,
}

/// Which digits of a restricted common a chain uses (HoDoKu's `actualRC`): the first, the second,
/// or both.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Uses {
    First,
    Second,
    Both,
}

impl Restricted {
    /// The digits `uses` takes.
    fn digits(self, uses: Uses) -> DigitSet {
        let first = DigitSet::from_digit(self.first);
        let second = self.second.map_or(DigitSet::EMPTY, DigitSet::from_digit);
        match uses {
            Uses::First => first,
            Uses::Second => second,
            Uses::Both => first | second,
        }
    }

    /// The digit shown for the link.
    fn shown(self, uses: Uses) -> Digit {
        match (uses, self.second) {
            (Uses::Second, Some(second)) => second,
            _ => self.first,
        }
    }

    /// Which digits the chain may use after `last` (HoDoKu's `checkRC`): none that `last` used.
    /// Where `last` used both of its digits, HoDoKu compares only its first (its code passes the
    /// first digit twice), and so does this.
    fn after(self, last: Restricted, last_uses: Uses) -> Option<Uses> {
        let used = if last_uses == Uses::Second { last.second.unwrap_or(last.first) } else { last.first };
        match self.second {
            None => (used != self.first).then_some(Uses::First),
            Some(second) if used == second => Some(Uses::First),
            Some(_) if used == self.first => Some(Uses::Second),
            Some(_) => Some(Uses::Both),
        }
    }
}

/// HoDoKu's depth-first ALS-Chain search on its path (its `getAlsXYChain`): from each set in
/// turn, along the restricted commons to later sets (its forward-only list), no set twice, never
/// using a digit the link before used; a chain of four sets or more whose two ends share a digit
/// other than the first and last links' removes it from every cell seeing all its places in both
/// ends. A start link with two digits is tried with each. One chain per set of removals, the
/// first found unless a later one covers fewer cells; in the order found.
fn hodoku_chains(grid: &Candidates, index: &AlsIndex) -> Vec<(Vec<Candidate>, Chain)> {
    let links: Vec<Vec<Restricted>> = (0..index.sets.len())
        .map(|from| {
            index.links[from]
                .iter()
                .filter(|l| l.other > from)
                .map(|l| {
                    let mut digits = l.digits.iter();
                    let first = digits.next().expect("a link has a digit");
                    Restricted { to: l.other, first, second: digits.last() }
                })
                .collect()
        })
        .collect();
    let mut search = HodokuSearch {
        grid,
        index,
        links: &links,
        in_chain: vec![false; index.sets.len()],
        chain: Vec::new(),
        start: 0,
        budget: HODOKU_BUDGET,
        found: Vec::new(),
    };
    for start in 0..index.sets.len() {
        search.start = start;
        search.in_chain[start] = true;
        search.extend(start);
        search.in_chain[start] = false;
    }
    search.found.into_iter().map(|(eliminations, _, chain)| (eliminations, chain)).collect()
}

/// The state of [`hodoku_chains`].
struct HodokuSearch<'a> {
    grid: &'a Candidates,
    index: &'a AlsIndex,
    /// Each set's restricted commons with later sets, in the order of those sets.
    links: &'a [Vec<Restricted>],
    /// Whether each set is in the chain.
    in_chain: Vec<bool>,
    /// The links of the chain, with the digits each uses.
    chain: Vec<(Restricted, Uses)>,
    /// The first set.
    start: usize,
    /// How many more chain prefixes may be built.
    budget: usize,
    /// The chains kept: removals, the number of cells of their sets, the chain.
    found: Vec<(Vec<Candidate>, usize, Chain)>,
}

impl HodokuSearch<'_> {
    /// Extends the chain from set `from` by every link the rules allow.
    fn extend(&mut self, from: usize) {
        if self.chain.len() >= HODOKU_MAX_LINKS {
            return;
        }
        for &link in &self.links[from] {
            // The first link is tried with each of its digits; a later one takes what it may.
            let choices = match self.chain.last() {
                None => [Some(Uses::First), link.second.map(|_| Uses::Second)],
                Some(&(last, last_uses)) => [link.after(last, last_uses), None],
            };
            for uses in choices.into_iter().flatten() {
                if self.in_chain[link.to] || self.budget == 0 {
                    continue;
                }
                self.budget -= 1;
                self.chain.push((link, uses));
                self.in_chain[link.to] = true;
                if self.chain.len() >= 3 {
                    self.offer();
                }
                self.extend(link.to);
                self.in_chain[link.to] = false;
                self.chain.pop();
            }
        }
    }

    /// Keeps the current chain if it removes something (HoDoKu's `checkCandidatesToDelete`).
    fn offer(&mut self) {
        let (first, first_uses) = self.chain[0];
        let (last, last_uses) = self.chain[self.chain.len() - 1];
        let (a, b) = (self.index.set(self.start), self.index.set(last.to));
        let shared = (a.digits & b.digits) - first.digits(first_uses) - last.digits(last_uses);
        let mut eliminations = removed_between(self.grid, a, b, shared);
        if eliminations.is_empty() {
            return;
        }
        eliminations.sort_by_key(|c| (c.digit, c.cell));
        let mut sets = vec![self.start];
        sets.extend(self.chain.iter().map(|(link, _)| link.to));
        let cells = sets.iter().map(|&s| self.index.set(s).cells.len()).sum();
        let digits = self.chain.iter().map(|&(link, uses)| link.shown(uses)).collect();
        let chain = Chain { sets, digits };
        match self.found.iter_mut().find(|(kept, _, _)| *kept == eliminations) {
            Some(kept) if kept.1 > cells => *kept = (eliminations, cells, chain),
            Some(_) => {}
            None => self.found.push((eliminations, cells, chain)),
        }
    }
}
