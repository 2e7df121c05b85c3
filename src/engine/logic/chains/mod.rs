//! Chains: Remote Pair, X-Chain and XY-Chain, found by one breadth-first chain search over the
//! position's link graph; nice loops and AICs, plain and grouped, live in [`nice_loops`] on the
//! same graph and search.
//!
//! Every chain here starts from a candidate assumed false and ends on a candidate forced true, so
//! one of its two ends is true: whatever sees both ends loses that digit. The graph
//! ([`graph::LinkGraph`]) is built once per position; [`search::ChainSearch`] walks it shortest
//! chain first under the rules of each technique ([`graph::LinkRules`]). Each distinct set of
//! eliminations is reported once, from the shortest chain that proves it, shortest chains first.

pub(super) mod graph;
mod nice_loops;
pub(super) mod search;
mod shape;
mod shortest;
mod tabling;

use std::ops::ControlFlow;

use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet};

use super::step::{a_digit, candidates_in, grouped_removal_text};
use super::{Candidates, Sink, Step, Technique, removal_text};
use graph::{LinkGraph, LinkRules, Node};
use search::{Chain, ChainSearch, Explore, MAX_LINKS};
use shortest::Shortest;

/// The fewest links of an X-Chain (three: strong, weak, strong).
const X_CHAIN_MIN_LINKS: usize = 3;
/// The fewest links of an XY-Chain (three cells).
const XY_CHAIN_MIN_LINKS: usize = 5;
/// The fewest links of a Remote Pair (four cells).
const REMOTE_PAIR_MIN_LINKS: usize = 7;
/// How X- and XY-Chains are searched: two chains may reach each candidate, which finds every pair
/// of chain ends that an exhaustive search of simple chains finds (checked against one, up to 11
/// and 15 links, on the positions along 350 top1465 paths), at a fraction of its cost.
const SHORTEST: Explore = Explore::Shortest { chains_per_node: 2 };
/// The most chain prefixes a remote-pair search builds from one start cell.
const REMOTE_PAIR_BUDGET: usize = 4096;

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let found = match technique {
        Technique::RemotePair => remote_pairs(grid),
        Technique::XChain => x_chains(grid, &LinkGraph::shared(grid)),
        Technique::XyChain => xy_chains(grid, &LinkGraph::shared(grid)),
        _ => return nice_loops::find(technique, grid, sink),
    };
    // HoDoKu's Remote Pair step removes what the longest pair chain removes: the most first.
    let ordered = if technique == Technique::RemotePair {
        found.into_most_eliminations_first()
    } else {
        found.into_shortest_first()
    };
    for (eliminations, chain) in ordered {
        sink(step(technique, grid, chain, eliminations))?;
    }
    ControlFlow::Continue(())
}

/// The nice loops and AICs HoDoKu's own search keeps, as steps in its order: its Nice Loop step,
/// or with `grouped` its Grouped Nice Loop step.
pub(super) fn hodoku_loops(grid: &Candidates, grouped: bool) -> Vec<Step> {
    nice_loops::hodoku_steps(grid, grouped)
}

/// X-Chains: for each digit, chains of conjugate pairs joined by weak links.
fn x_chains(grid: &Candidates, graph: &LinkGraph) -> Shortest {
    let mut found = Shortest::default();
    for digit in Digit::ALL {
        let rules = LinkRules::single_digit(grid, digit);
        let mut search = ChainSearch::new(graph, &rules, MAX_LINKS, SHORTEST);
        for start in grid.cells_with(digit) {
            let seen_from_start = grid.peers(start) & grid.cells_with(digit);
            if seen_from_start.is_empty() {
                continue;
            }
            let _ = search.walk(Node::new(start, digit), &mut |walk| {
                if walk.links() >= X_CHAIN_MIN_LINKS {
                    let targets = seen_from_start & grid.peers(walk.end().cell());
                    found.offer(candidates_in(targets, digit), walk);
                }
                ControlFlow::Continue(())
            });
        }
    }
    found
}

/// XY-Chains: chains through bivalue cells that start and end on the same digit.
fn xy_chains(grid: &Candidates, graph: &LinkGraph) -> Shortest {
    let rules = LinkRules::bivalue(grid);
    let mut search = ChainSearch::new(graph, &rules, MAX_LINKS, SHORTEST);
    let mut found = Shortest::default();
    for start in grid.bivalue_cells() {
        for digit in grid.candidates(start) {
            let seen_from_start = grid.peers(start) & grid.cells_with(digit);
            if seen_from_start.is_empty() {
                continue;
            }
            let _ = search.walk(Node::new(start, digit), &mut |walk| {
                let end = walk.end();
                if walk.links() >= XY_CHAIN_MIN_LINKS && end.digit() == digit {
                    let targets = seen_from_start & grid.peers(end.cell());
                    found.offer(candidates_in(targets, digit), walk);
                }
                ControlFlow::Continue(())
            });
        }
    }
    found
}

/// Remote Pairs: chains of cells holding the same two digits. Every simple chain is walked,
/// since what it removes depends on all its cells. The link graph is only asked for when some pair
/// has enough cells for a chain (it seldom has).
fn remote_pairs(grid: &Candidates) -> Shortest {
    let mut found = Shortest::default();
    let bivalue = grid.bivalue_cells();
    let mut pairs: Vec<DigitSet> = bivalue.iter().map(|c| grid.candidates(c)).collect();
    pairs.sort_by_key(|p| p.bits());
    pairs.dedup();
    let mut shared = None;
    for pair in pairs {
        let cells: CellSet = bivalue.iter().filter(|&c| grid.candidates(c) == pair).collect();
        let Some(digit) = pair.first() else { continue };
        // Three cells of one house holding the same pair leave the position without solution; in
        // any other, each pair cell has at most three neighbours and the chains stay few.
        if cells.len() < 4 || grid.houses().iter().any(|&h| (grid.house_set(h) & cells).len() > 2) {
            continue;
        }
        let graph: &LinkGraph = shared.get_or_insert_with(|| LinkGraph::shared(grid));
        let rules = LinkRules::pair(grid, pair);
        let explore = Explore::EverySimplePath { budget: REMOTE_PAIR_BUDGET };
        let mut search = ChainSearch::new(graph, &rules, MAX_LINKS, explore);
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
            targets |= grid.peers(*a) & grid.peers(*b);
        }
    }
    let mut eliminations = Vec::new();
    for digit in pair {
        eliminations.extend(candidates_in(targets & grid.cells_with(digit), digit));
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
        "X-Chain on {digit} ({links} links): {notation}: if {s} is not {digit}, the chain makes {e} {a_digit}, \
         so one of the two ends is {digit} and {removed}",
        links = chain.links(),
        notation = chain.notation(),
        s = start.cell,
        e = end.cell,
        a_digit = a_digit(digit),
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
    let (a, b) = (digits.first().cloned().unwrap_or_default(), digits.last().cloned().unwrap_or_default());
    let cells = chain.cells();
    let path: Vec<String> = cells.iter().map(Cell::to_string).collect();
    let first = cells.first().map(Cell::to_string).unwrap_or_default();
    let last = cells.last().map(Cell::to_string).unwrap_or_default();
    format!(
        "Remote Pair on {a}/{b}: {path} each hold just {a} and {b} and each sees the next, so the digits \
         alternate along the chain; cells an odd number of steps apart, like {first} and {last}, hold one {a} \
         and one {b} between them, so {removed}",
        path = path.join("-"),
        removed = grouped_removal_text(eliminations),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::find_all;
    use crate::engine::logic::test_support::{cands, position};

    const X_CHAIN: &str = ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5";
    const XY_CHAIN: &str = ":0702:6:4+7+2+35+698153+1..+8.+2.+86+91.+2.53+158.2+7+34.+2+9+64+13+8+7+57+4+38.+5....+8...9....2..+8+1...+91..+3+4.68::675::7";
    const REMOTE_PAIR: &str = ":0703:58:..+1.+4+9+2+636+3.21+7+9+4.942+63..+7.2634.+17.98.+4.+9..2...+9.+6+2.+34..7..4.9.+4..9+7631..+9+6.+2.+4.7::577 579 594 596 877 879 894 896::7";
    /// A Simple Colors position without any chain of these kinds.
    const NO_CHAINS: &str = ":0500:3:21+4..+6.....+79.+2..4...4.7.....+1+87..32..+26+9.....48.21..642.+7.986+1..91+68...1+86+2+4...9:937 938 387 587 787 588 788 789:319 339 381::";
    /// An XY-Chain position without any X-Chain.
    const NO_X_CHAIN: &str = ":0702:7:76+2+8+1+3+59+4...+7+6+9+1+2+8.+9.42536+7.+765+9+82.+39..1+32......+67+4+8.9..+7+9+5643+1.49+38+1..2.1.+2+47+9+8.::758 787::19";

    fn step_removing(technique: Technique, line: &str, expected: &str) -> Step {
        let steps = find_all(technique, &position(line));
        let found: Vec<_> = steps.iter().map(|s| s.eliminations.clone()).collect();
        steps.into_iter().find(|s| s.eliminations == cands(expected)).unwrap_or_else(|| panic!("{found:?}"))
    }

    #[test]
    fn x_chain_removes_the_digit_seeing_both_ends() {
        let step = step_removing(Technique::XChain, X_CHAIN, "742");
        assert_eq!(step.drivers.len(), 6, "HoDoKu's chain of 5 links");
        assert_eq!(step.cells.len(), 6);
        assert!(
            step.explanation.starts_with("X-Chain on 7 (5 links): 7r1c2=7r1c9-7r2c8=7r7c8-7r7c3=7r4c3:"),
            "{}",
            step.explanation
        );
        assert!(step.explanation.ends_with("7 is removed from r4c2"), "{}", step.explanation);
    }

    #[test]
    fn x_chain_does_not_fire_without_a_chain() {
        assert!(find_all(Technique::XChain, &position(NO_X_CHAIN)).is_empty());
    }

    #[test]
    fn xy_chain_removes_the_end_digit_seeing_both_ends() {
        let step = step_removing(Technique::XyChain, XY_CHAIN, "675");
        assert_eq!(step.drivers.len(), 8, "HoDoKu's chain of 7 links");
        assert!(step.explanation.starts_with("XY-Chain (7 links): (6="), "{}", step.explanation);
        let ends = (step.drivers[0], step.drivers[7]);
        assert_eq!((ends.0.digit.get(), ends.1.digit.get()), (6, 6));
    }

    #[test]
    fn xy_chain_does_not_fire_without_a_chain() {
        assert!(find_all(Technique::XyChain, &position(NO_CHAINS)).is_empty());
    }

    #[test]
    fn remote_pair_removes_both_digits_seeing_opposite_cells() {
        let step = step_removing(Technique::RemotePair, REMOTE_PAIR, "577 579 594 596 877 879 894 896");
        assert_eq!(step.cells.len(), 4);
        assert!(step.explanation.starts_with("Remote Pair on 5/8:"), "{}", step.explanation);
        assert!(
            step.explanation.ends_with("5 and 8 are removed from r7c7, r7c9, r9c4 and r9c6"),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn remote_pair_does_not_fire_without_four_linked_pair_cells() {
        assert!(find_all(Technique::RemotePair, &position(NO_CHAINS)).is_empty());
    }

    #[test]
    fn each_elimination_set_is_reported_once_shortest_chain_first() {
        for (technique, line) in [
            (Technique::XChain, X_CHAIN),
            (Technique::XyChain, XY_CHAIN),
            (Technique::RemotePair, REMOTE_PAIR),
        ] {
            let steps = find_all(technique, &position(line));
            let sets: std::collections::HashSet<_> = steps.iter().map(|s| s.eliminations.clone()).collect();
            assert_eq!(sets.len(), steps.len());
            assert!(steps.windows(2).all(|w| w[0].drivers.len() <= w[1].drivers.len()));
        }
    }

    #[test]
    fn chains_never_remove_a_solution_digit_in_the_library() {
        let techniques = [Technique::RemotePair, Technique::XChain, Technique::XyChain];
        let checked = crate::engine::logic::test_support::assert_sound_in_library(&techniques);
        assert!(checked > 100, "{checked} steps checked");
    }
}
