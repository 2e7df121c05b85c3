//! Chains: Remote Pair, X-Chain and XY-Chain, found by one breadth-first chain search over the
//! position's link graph.
//!
//! Every chain here starts from a candidate assumed false and ends on a candidate forced true, so
//! one of its two ends is true: whatever sees both ends loses that digit. The graph
//! ([`graph::LinkGraph`]) is built once per position; [`search::ChainSearch`] walks it shortest
//! chain first under the rules of each technique ([`graph::LinkRules`]). Each distinct set of
//! eliminations is reported once, from the shortest chain that proves it, shortest chains first.

mod graph;
mod search;

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet};

use super::{Candidates, Sink, Step, Technique, removal_text};
use graph::{LinkGraph, LinkRules, Node};
use search::{Chain, ChainSearch, Explore, Walk};

/// The longest chain searched, in links (HoDoKu's limit: 20 candidates).
const MAX_LINKS: usize = 19;
/// The fewest links of an X-Chain (three: strong, weak, strong).
const X_CHAIN_MIN_LINKS: usize = 3;
/// The fewest links of an XY-Chain (three cells).
const XY_CHAIN_MIN_LINKS: usize = 5;
/// The fewest links of a Remote Pair (four cells).
const REMOTE_PAIR_MIN_LINKS: usize = 7;
/// The most chain prefixes a remote-pair search builds from one start cell.
const REMOTE_PAIR_BUDGET: usize = 20_000;

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let found = match technique {
        Technique::RemotePair => remote_pairs(grid),
        Technique::XChain => x_chains(grid),
        Technique::XyChain => xy_chains(grid),
        _ => return ControlFlow::Continue(()),
    };
    for (eliminations, chain) in found.into_shortest_first() {
        sink(step(technique, grid, chain, eliminations))?;
    }
    ControlFlow::Continue(())
}

/// The shortest chain found for each distinct set of eliminations.
#[derive(Default)]
struct Shortest(HashMap<Vec<Candidate>, Chain>);

impl Shortest {
    /// Keeps `walk` for `eliminations` unless a chain as short already proves them.
    fn offer(&mut self, eliminations: Vec<Candidate>, walk: &Walk<'_>) {
        if eliminations.is_empty() {
            return;
        }
        match self.0.get(&eliminations) {
            Some(known) if known.links() <= walk.links() => {}
            _ => {
                self.0.insert(eliminations, walk.chain());
            }
        }
    }

    /// The findings, shortest chain first, then most eliminations first.
    fn into_shortest_first(self) -> Vec<(Vec<Candidate>, Chain)> {
        let mut found: Vec<_> = self.0.into_iter().collect();
        found.sort_by(|(ea, ca), (eb, cb)| {
            (ca.links(), std::cmp::Reverse(ea.len()), ea).cmp(&(cb.links(), std::cmp::Reverse(eb.len()), eb))
        });
        found
    }
}

/// `digit` in the cells of `cells`.
fn candidates_of(cells: CellSet, digit: Digit) -> Vec<Candidate> {
    cells.iter().map(|cell| Candidate::new(cell, digit)).collect()
}

/// X-Chains: for each digit, chains of conjugate pairs joined by weak links.
fn x_chains(grid: &Candidates) -> Shortest {
    let graph = LinkGraph::new(grid);
    let mut found = Shortest::default();
    for digit in Digit::ALL {
        let rules = LinkRules::single_digit(grid, digit);
        let mut search = ChainSearch::new(&graph, &rules, MAX_LINKS, Explore::ShortestPerNode);
        for start in grid.cells_with(digit) {
            let seen_from_start = start.peers() & grid.cells_with(digit);
            if seen_from_start.is_empty() {
                continue;
            }
            let _ = search.walk(Node::new(start, digit), &mut |walk| {
                if walk.links() >= X_CHAIN_MIN_LINKS {
                    let targets = seen_from_start & walk.end().cell().peers();
                    found.offer(candidates_of(targets, digit), walk);
                }
                ControlFlow::Continue(())
            });
        }
    }
    found
}

/// XY-Chains: chains through bivalue cells that start and end on the same digit.
fn xy_chains(grid: &Candidates) -> Shortest {
    let graph = LinkGraph::new(grid);
    let rules = LinkRules::bivalue(grid);
    let mut search = ChainSearch::new(&graph, &rules, MAX_LINKS, Explore::ShortestPerNode);
    let mut found = Shortest::default();
    for start in grid.bivalue_cells() {
        for digit in grid.candidates(start) {
            let seen_from_start = start.peers() & grid.cells_with(digit);
            if seen_from_start.is_empty() {
                continue;
            }
            let _ = search.walk(Node::new(start, digit), &mut |walk| {
                let end = walk.end();
                if walk.links() >= XY_CHAIN_MIN_LINKS && end.digit() == digit {
                    let targets = seen_from_start & end.cell().peers();
                    found.offer(candidates_of(targets, digit), walk);
                }
                ControlFlow::Continue(())
            });
        }
    }
    found
}

/// Remote Pairs: chains of cells holding the same two digits. Every simple chain is walked,
/// since what it removes depends on all its cells.
fn remote_pairs(grid: &Candidates) -> Shortest {
    let graph = LinkGraph::new(grid);
    let mut found = Shortest::default();
    let bivalue = grid.bivalue_cells();
    let mut pairs: Vec<DigitSet> = bivalue.iter().map(|c| grid.candidates(c)).collect();
    pairs.sort_by_key(|p| p.bits());
    pairs.dedup();
    for pair in pairs {
        let cells: CellSet = bivalue.iter().filter(|&c| grid.candidates(c) == pair).collect();
        let Some(digit) = pair.first() else { continue };
        if cells.len() < 4 {
            continue;
        }
        let rules = LinkRules::pair(grid, pair);
        let explore = Explore::EverySimplePath { budget: REMOTE_PAIR_BUDGET };
        let mut search = ChainSearch::new(&graph, &rules, MAX_LINKS, explore);
        for start in cells {
            let _ = search.walk(Node::new(start, digit), &mut |walk| {
                if walk.links() >= REMOTE_PAIR_MIN_LINKS && walk.end().digit() == digit {
                    let chain_cells = walk.chain().cells();
                    found.offer(remote_pair_eliminations(grid, pair, &chain_cells), walk);
                }
                ControlFlow::Continue(())
            });
        }
    }
    found
}

/// What a remote-pair chain removes: both digits from every cell that sees two chain cells an
/// odd number of links apart (at least three), since those two hold one digit each.
fn remote_pair_eliminations(grid: &Candidates, pair: DigitSet, cells: &[Cell]) -> Vec<Candidate> {
    let mut targets = CellSet::EMPTY;
    for (i, a) in cells.iter().enumerate() {
        for b in cells.iter().skip(i + 3).step_by(2) {
            targets |= a.peers() & b.peers();
        }
    }
    let mut eliminations = Vec::new();
    for digit in pair {
        eliminations.extend(candidates_of(targets & grid.cells_with(digit), digit));
    }
    eliminations.sort();
    eliminations
}

/// The step of one chain.
fn step(technique: Technique, grid: &Candidates, chain: Chain, eliminations: Vec<Candidate>) -> Step {
    let explanation = match technique {
        Technique::RemotePair => remote_pair_text(grid, &chain, &eliminations),
        Technique::XChain => x_chain_text(&chain, &eliminations),
        _ => xy_chain_text(&chain, &eliminations),
    };
    Step::new(technique)
        .with_houses(chain.houses())
        .with_cells(chain.cells())
        .with_drivers(chain.nodes().iter().map(|n| n.candidate()))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}

/// The two ends of a chain: the first candidate and the last.
fn ends(chain: &Chain) -> (Candidate, Candidate) {
    (chain.start().candidate(), chain.end().candidate())
}

fn x_chain_text(chain: &Chain, eliminations: &[Candidate]) -> String {
    let (start, end) = ends(chain);
    let digit = start.digit;
    format!(
        "X-Chain on {digit} ({links} links): {notation}: if {s} is not {digit}, the chain makes {e} a {digit}, \
         so one of the two ends is {digit} and {removed}",
        links = chain.links(),
        notation = chain.notation(),
        s = start.cell,
        e = end.cell,
        removed = removal_text(eliminations),
    )
}

fn xy_chain_text(chain: &Chain, eliminations: &[Candidate]) -> String {
    let (start, end) = ends(chain);
    let digit = start.digit;
    format!(
        "XY-Chain ({links} links): {notation}: if {s} is not {digit}, each bivalue cell forces the next \
         and {e} becomes {digit}, so one of the two ends is {digit} and {removed}",
        links = chain.links(),
        notation = chain.notation(),
        s = start.cell,
        e = end.cell,
        removed = removal_text(eliminations),
    )
}

fn remote_pair_text(grid: &Candidates, chain: &Chain, eliminations: &[Candidate]) -> String {
    let pair = grid.candidates(chain.start().cell());
    let digits: Vec<String> = pair.iter().map(|d| d.to_string()).collect();
    let path: Vec<String> = chain.cells().iter().map(Cell::to_string).collect();
    format!(
        "Remote Pair on {both}: the cells {path} all hold just {both} and each sees the next, so their \
         digits alternate along the chain and two cells an odd number of links apart hold one {a} and \
         one {b}; whatever sees both cells of such a pair loses both digits: {removed}",
        both = digits.join("/"),
        path = path.join("-"),
        a = digits.first().map_or("", String::as_str),
        b = digits.last().map_or("", String::as_str),
        removed = removal_text(eliminations),
    )
}
