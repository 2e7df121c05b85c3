//! Breadth-first search for alternating chains in a [`LinkGraph`].
//!
//! A chain starts from a candidate assumed false and alternates strong inferences (false => true,
//! along a strong link) and weak ones (true => false, along any link), so its candidates are
//! false, true, false, true, ... Every chain that ends on a strong inference proves "the first
//! candidate or the last one is true". The search visits chains in order of length, never enters
//! a cell twice (so every chain reads as a simple path), and stops at a bounded length. Keeping
//! one chain per candidate and truth value can hide a chain end behind a first chain that passes
//! through the cell it needs; keeping two ([`Explore::Shortest`]) avoids that in practice.
//!
//! [`ChainSearch::walk_loops`] also starts from a candidate assumed true, and lets a chain come
//! back to its start cell to close a nice loop. Group nodes follow their own rule: a group may
//! overlap the cell of a single candidate of the chain (it then stands for another digit there),
//! never another group. An almost locked set may overlap any cell of the chain, as in HoDoKu's
//! chains: each inference holds on its own, whatever the cells it shares; a chain enters a set by
//! a weak link and leaves it by the strong link inside to another of its digits (or to a candidate
//! the locked set forces).

use std::ops::ControlFlow;

use crate::engine::literal::Literal;
use crate::engine::{Candidate, Cell, CellSet, House};

use super::graph::{AlsSet, GroupTable, LinkGraph, LinkRules, Node, Via};

/// The longest chain the chain techniques search, in links (HoDoKu's limit: 20 candidates).
pub(super) const MAX_LINKS: usize = 19;

/// How much of the chain space the search covers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Explore {
    /// Each candidate is reached at most `chains_per_node` times as true and as many as false, by
    /// the shortest chains: enough when only a chain's two ends matter. Linear in the size of the
    /// graph.
    Shortest {
        /// How many chains may reach one candidate with one truth value.
        chains_per_node: u8,
    },
    /// Every simple chain, shortest first, until `budget` chain prefixes have been built: for
    /// patterns whose result depends on every cell of the chain (remote pairs).
    EverySimplePath {
        /// The most chain prefixes built from one start.
        budget: usize,
    },
}

/// One chain prefix of the search: its last node and that node's truth, and where it came from.
#[derive(Clone, Copy, Debug)]
struct Entry {
    literal: Literal<Node>,
    parent: Option<u32>,
    via: Via,
    links: u8,
    /// The cells of the chain's single candidates, which no other single candidate may enter.
    cells: CellSet,
    /// The cells of the chain's group nodes, which no other group may overlap. A group may
    /// overlap a single candidate's cell (it then holds the other digit's candidates there).
    group_cells: CellSet,
    /// Whether the chain has come back to its start cell (a loop), and ends here.
    closes_loop: bool,
}

/// Which chains a walk hands to its visitor.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Visit {
    /// Chains that end on a strong inference (their last candidate true); none comes back to the
    /// start cell.
    TrueEnds,
    /// The chains that come back to the start cell (which end there), and, from a start assumed
    /// false, those that end on a strong inference: the loops and the AICs.
    LoopsAndTrueEnds,
}

/// A breadth-first chain search over one graph with one set of rules; reusable across starts.
pub(crate) struct ChainSearch<'g> {
    graph: &'g LinkGraph,
    rules: &'g LinkRules,
    max_links: usize,
    explore: Explore,
    arena: Vec<Entry>,
    /// How many chains reached each node with each truth value (by [`Literal::index`]) in the
    /// current walk, valid where `stamp` holds the walk's number (so that a new walk clears nothing).
    reached: Vec<u8>,
    /// The walk that last wrote each entry of `reached`.
    stamp: Vec<u32>,
    /// The number of the current walk.
    walk: u32,
}

impl<'g> ChainSearch<'g> {
    /// A search of `graph` under `rules`, for chains of at most `max_links` links.
    pub(crate) fn new(
        graph: &'g LinkGraph,
        rules: &'g LinkRules,
        max_links: usize,
        explore: Explore,
    ) -> ChainSearch<'g> {
        ChainSearch {
            graph,
            rules,
            max_links: max_links.min(u8::MAX as usize),
            explore,
            arena: Vec::new(),
            reached: vec![0; 2 * graph.node_count()],
            stamp: vec![0; 2 * graph.node_count()],
            walk: 0,
        }
    }

    /// Walks the chains from `start` (assumed false), shortest first, handing `visit` each one
    /// that ends on a strong inference, i.e. whose last candidate is then true.
    pub(crate) fn walk(
        &mut self,
        start: Node,
        visit: &mut dyn FnMut(&Walk<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.run(Literal::new(start, false), Visit::TrueEnds, visit)
    }

    /// Walks the chains from `start` (a node assumed true or false), shortest first, and lets a
    /// chain come back to the start cell from another house ([`Walk::closes_loop`]), where it ends.
    /// Hands `visit` the chains that prove something: every loop, and from a start assumed false
    /// every chain ending on a strong inference (an AIC). The first link leaves the start cell.
    pub(crate) fn walk_loops(
        &mut self,
        start: Literal<Node>,
        visit: &mut dyn FnMut(&Walk<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.run(start, Visit::LoopsAndTrueEnds, visit)
    }

    fn run(
        &mut self,
        start: Literal<Node>,
        mode: Visit,
        visit: &mut dyn FnMut(&Walk<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.arena.clear();
        self.walk = match self.walk.checked_add(1) {
            Some(walk) => walk,
            None => {
                self.stamp.fill(0);
                1
            }
        };
        let (start_node, start_on) = (start.subject(), start.is_on());
        if !self.rules.nodes.contains(start_node) {
            return ControlFlow::Continue(());
        }
        let slot = start.index();
        (self.stamp[slot], self.reached[slot]) = (self.walk, u8::MAX);
        let start_cells = self.graph.cells(start_node);
        self.arena.push(Entry {
            literal: start,
            parent: None,
            via: Via::Cell,
            links: 0,
            cells: start_cells,
            group_cells: CellSet::EMPTY,
            closes_loop: false,
        });
        let loops = mode == Visit::LoopsAndTrueEnds;
        let mut head = 0;
        while head < self.arena.len() {
            let entry = self.arena[head];
            let index = head as u32;
            head += 1;
            if entry.closes_loop || entry.links as usize >= self.max_links {
                continue;
            }
            // From a false candidate only a strong link makes the next one true.
            let strong = !entry.literal.is_on();
            // Whether the chain came into this cell from another one (a link inside a cell keeps
            // the cell; every other link into a candidate changes it).
            let entered_here = entry.parent.is_none() || entry.via != Via::Cell;
            let from = entry.literal.subject();
            let links = if strong { self.graph.strong_links(from) } else { self.graph.links(from) };
            for link in links {
                if !self.rules.allows(link, strong) {
                    continue;
                }
                let to_cells = self.graph.cells(link.to);
                let closes_loop = loops
                    && entry.parent.is_some()
                    && to_cells == start_cells
                    && matches!(link.via, Via::House(_) | Via::Peers | Via::Forced)
                    && start_node.is_candidate();
                let fresh_cell = match link.via {
                    Via::Cell => entered_here,
                    _ if link.to.is_als() => true,
                    _ if link.to.is_group() => !entry.group_cells.intersects(to_cells),
                    _ => closes_loop || !entry.cells.intersects(to_cells),
                };
                if !fresh_cell {
                    continue;
                }
                let to = Literal::new(link.to, strong);
                if !closes_loop && !self.admit(to) {
                    if matches!(self.explore, Explore::EverySimplePath { .. }) {
                        return ControlFlow::Continue(());
                    }
                    continue;
                }
                let (cells, group_cells) = match link.to {
                    to if to.is_als() => (entry.cells, entry.group_cells),
                    to if to.is_group() => (entry.cells, entry.group_cells | to_cells),
                    _ => (entry.cells | to_cells, entry.group_cells),
                };
                self.arena.push(Entry {
                    literal: to,
                    parent: Some(index),
                    via: link.via,
                    links: entry.links + 1,
                    cells,
                    group_cells,
                    closes_loop,
                });
                // A chain from a true start proves something only as a loop; the walks of
                // `Visit::TrueEnds` always start false.
                if closes_loop || (strong && !start_on) {
                    let walk = Walk { graph: self.graph, arena: &self.arena, index: self.arena.len() - 1 };
                    visit(&walk)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the search may reach `literal`'s node with its truth once more (and counts it).
    fn admit(&mut self, literal: Literal<Node>) -> bool {
        match self.explore {
            Explore::Shortest { chains_per_node } => {
                let slot = literal.index();
                if self.stamp[slot] != self.walk {
                    (self.stamp[slot], self.reached[slot]) = (self.walk, 0);
                }
                let count = &mut self.reached[slot];
                if *count >= chains_per_node {
                    return false;
                }
                *count += 1;
                true
            }
            Explore::EverySimplePath { budget } => self.arena.len() < budget,
        }
    }
}

/// A chain found by the search, read in place; [`Walk::chain`] copies it out.
pub(crate) struct Walk<'a> {
    graph: &'a LinkGraph,
    arena: &'a [Entry],
    index: usize,
}

impl Walk<'_> {
    /// The first candidate.
    pub(crate) fn start(&self) -> Node {
        self.arena[0].literal.subject()
    }

    /// The last candidate.
    pub(crate) fn end(&self) -> Node {
        self.last().subject()
    }

    /// The last candidate with its truth (true when the chain ends on a strong inference).
    pub(crate) fn last(&self) -> Literal<Node> {
        self.arena[self.index].literal
    }

    /// Whether the chain came back to its start cell, and so forms a loop.
    pub(crate) fn closes_loop(&self) -> bool {
        self.arena[self.index].closes_loop
    }

    /// The number of links.
    pub(crate) fn links(&self) -> usize {
        usize::from(self.arena[self.index].links)
    }

    /// Whether some node of the chain is a group.
    pub(crate) fn uses_group(&self) -> bool {
        self.any_node(Node::is_group)
    }

    /// Whether the chain passes through an almost locked set.
    pub(crate) fn uses_als(&self) -> bool {
        self.any_node(Node::is_als)
    }

    fn any_node(&self, test: fn(Node) -> bool) -> bool {
        let mut at = Some(self.index as u32);
        while let Some(i) = at {
            let entry = &self.arena[i as usize];
            if test(entry.literal.subject()) {
                return true;
            }
            at = entry.parent;
        }
        false
    }

    /// The chain, first candidate first.
    pub(crate) fn chain(&self) -> Chain {
        let mut nodes = Vec::with_capacity(self.links() + 1);
        let mut vias = Vec::with_capacity(self.links());
        let mut at = Some(self.index as u32);
        let mut first_on = false;
        while let Some(i) = at {
            let entry = &self.arena[i as usize];
            nodes.push(entry.literal.subject());
            if entry.parent.is_some() {
                vias.push(entry.via);
            } else {
                first_on = entry.literal.is_on();
            }
            at = entry.parent;
        }
        nodes.reverse();
        vias.reverse();
        let cells = nodes.iter().map(|&n| self.graph.cells(n)).collect();
        let sets =
            nodes.iter().enumerate().filter_map(|(i, &n)| Some((i, *self.graph.als_set(n)?))).collect();
        Chain { nodes, vias, first_on, cells, sets }
    }
}

/// An alternating chain: candidates in order, the first assumed false (or true, for the chains
/// of [`ChainSearch::walk_loops`]); from a false candidate the inference to the next is strong
/// (false => true), from a true one weak (true => false).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Chain {
    nodes: Vec<Node>,
    vias: Vec<Via>,
    first_on: bool,
    /// Each node's cells ([`LinkGraph::cells`]).
    cells: Vec<CellSet>,
    /// The almost locked set of each ALS node, with the node's place in the chain (none for a
    /// chain without sets, the usual case: nothing to allocate).
    sets: Vec<(usize, AlsSet)>,
}

impl Chain {
    /// The chain through candidate and group `nodes` (no almost locked set), whose links hold as
    /// `vias` says, the first node assumed true when `first_on`; `groups` knows where the group
    /// nodes lie.
    pub(crate) fn from_nodes(nodes: Vec<Node>, vias: Vec<Via>, first_on: bool, groups: &GroupTable) -> Chain {
        debug_assert_eq!(vias.len() + 1, nodes.len());
        let cells = nodes.iter().map(|&n| groups.cells(n)).collect();
        Chain { nodes, vias, first_on, cells, sets: Vec::new() }
    }

    /// The candidates in order.
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// How each link holds, in order.
    pub(crate) fn vias(&self) -> &[Via] {
        &self.vias
    }

    /// Whether the first candidate is assumed true.
    pub(crate) fn first_on(&self) -> bool {
        self.first_on
    }

    /// Whether link `i` (from candidate `i` to `i + 1`) is a strong inference.
    pub(crate) fn is_strong(&self, i: usize) -> bool {
        (i % 2 == 0) != self.first_on
    }

    /// The first candidate (assumed false, or true when [`Chain::first_on`]).
    pub(crate) fn start(&self) -> Node {
        self.nodes[0]
    }

    /// The last candidate (then true, for a chain from a false start of odd length).
    pub(crate) fn end(&self) -> Node {
        self.nodes[self.nodes.len() - 1]
    }

    /// The number of links (HoDoKu's chain length).
    pub(crate) fn links(&self) -> usize {
        self.vias.len()
    }

    /// The cells of node `i`: its candidates' cells (for an ALS node, those of its set holding its
    /// digit).
    pub(crate) fn node_cells(&self, i: usize) -> CellSet {
        self.cells[i]
    }

    /// The almost locked set of node `i`, if it is an ALS node.
    pub(crate) fn set(&self, i: usize) -> Option<&AlsSet> {
        self.sets.iter().find(|(at, _)| *at == i).map(|(_, set)| set)
    }

    /// The almost locked sets the chain passes through, each once, in chain order.
    pub(crate) fn sets(&self) -> Vec<AlsSet> {
        let mut sets: Vec<AlsSet> = Vec::new();
        for (_, set) in &self.sets {
            if !sets.iter().any(|s| s.cells == set.cells) {
                sets.push(*set);
            }
        }
        sets
    }

    /// The candidates of every node, in chain order (an ALS node's: its digit in its set).
    pub(crate) fn candidates(&self) -> Vec<Candidate> {
        let mut candidates = Vec::new();
        for (node, cells) in self.nodes.iter().zip(&self.cells) {
            let digit = node.digit();
            candidates.extend(cells.iter().map(|cell| Candidate::new(cell, digit)));
        }
        candidates
    }

    /// The cells in chain order, each once (a group's cells in reading order, an almost locked
    /// set's all of them).
    pub(crate) fn cells(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = Vec::with_capacity(self.nodes.len());
        for (i, node_cells) in self.cells.iter().enumerate() {
            let all = self.set(i).map_or(*node_cells, |set| set.cells);
            for cell in all {
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
        }
        cells
    }

    /// The houses of the links between cells, in chain order, each once.
    pub(crate) fn houses(&self) -> Vec<House> {
        let mut houses = Vec::new();
        for via in &self.vias {
            if let Via::House(house) = via
                && !houses.contains(house)
            {
                houses.push(*house);
            }
        }
        houses
    }

    /// The chain in Eureka notation: `7r1c2=7r1c8-7r4c8=7r4c2`, with both digits of a cell
    /// written together as in `(4=7)r1c2-(7=3)r1c5`, and those of an almost locked set as in
    /// `(4=7)r1c23` (one digit of a set alone, when the set forces a candidate: `(4)r1c23`).
    pub(crate) fn notation(&self) -> String {
        let mut text = String::new();
        let mut i = 0;
        while i < self.nodes.len() {
            if i > 0 {
                text.push(self.link_sign(i - 1));
            }
            let node = self.nodes[i];
            let via = self.vias.get(i);
            if via == Some(&Via::Cell) || via == Some(&Via::Als) {
                let next = self.nodes[i + 1];
                let sign = self.link_sign(i);
                let place = match self.set(i) {
                    Some(set) => compact(set.cells),
                    None => node.cell().to_string(),
                };
                text.push_str(&format!("({}{sign}{}){place}", node.digit(), next.digit()));
                i += 2;
            } else if let Some(set) = self.set(i) {
                text.push_str(&format!("({}){}", node.digit(), compact(set.cells)));
                i += 1;
            } else {
                text.push_str(&self.node_text(i));
                i += 1;
            }
        }
        text
    }
}

/// Cells as Eureka notation writes a node's: `r1c23` in one row, `r12c3` in one column, else each
/// cell, as in `r1c2,r2c1`.
pub(crate) fn compact(cells: CellSet) -> String {
    let rows: Vec<usize> = cells.iter().map(|c| c.row() + 1).collect();
    let cols: Vec<usize> = cells.iter().map(|c| c.col() + 1).collect();
    let join = |numbers: &[usize]| numbers.iter().map(usize::to_string).collect::<String>();
    match (rows.first(), cols.first()) {
        (Some(&row), _) if rows.iter().all(|&r| r == row) => format!("r{row}c{}", join(&cols)),
        (_, Some(&col)) if cols.iter().all(|&c| c == col) => format!("r{}c{col}", join(&rows)),
        _ => cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(","),
    }
}

impl Chain {
    /// Node `i` in Eureka notation: `5r1c2`, a group as `5r1c23` or `5r12c3` (one on a diagonal
    /// with its cells listed, `5r1c1,r2c2`).
    pub(crate) fn node_text(&self, i: usize) -> String {
        let node = self.nodes[i];
        if node.is_group() { format!("{}{}", node.digit(), compact(self.cells[i])) } else { node.to_string() }
    }

    /// `=` for the strong inference `i`, `-` for a weak one.
    fn link_sign(&self, i: usize) -> char {
        if self.is_strong(i) { '=' } else { '-' }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Digit;
    use crate::engine::logic::test_support::position;

    // HoDoKu's X-Chain library case: 7r1c2=7r1c8-7r4c8=7r4c2-... removes 7 from r4c2.
    const X_CHAIN: &str = ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5";

    fn seven(row: usize, col: usize) -> Node {
        Node::new(Cell::at(row, col), Digit::new(7).expect("digit"))
    }

    fn chains_from(start: Node, explore: Explore) -> Vec<Chain> {
        let grid = position(X_CHAIN);
        let graph = LinkGraph::new(&grid);
        let rules = LinkRules::single_digit(&grid, start.digit());
        let mut search = ChainSearch::new(&graph, &rules, 19, explore);
        let mut found = Vec::new();
        let _ = search.walk(start, &mut |walk| {
            found.push(walk.chain());
            ControlFlow::Continue(())
        });
        found
    }

    #[test]
    fn chains_alternate_strong_and_weak_and_come_shortest_first() {
        let grid = position(X_CHAIN);
        let graph = LinkGraph::new(&grid);
        for start in grid.cells_with(Digit::new(7).expect("digit")).iter().map(|c| seven(c.row(), c.col())) {
            let chains = chains_from(start, Explore::Shortest { chains_per_node: 1 });
            assert!(chains.windows(2).all(|w| w[0].links() <= w[1].links()));
            for chain in &chains {
                assert_eq!(chain.links() % 2, 1, "ends on a strong inference");
                let cells = chain.cells();
                let distinct: CellSet = cells.iter().copied().collect();
                assert_eq!(distinct.len(), cells.len(), "no cell twice: {}", chain.notation());
                for (i, pair) in chain.nodes().windows(2).enumerate() {
                    let link = graph.links(pair[0]).iter().find(|l| l.to == pair[1]).expect("linked");
                    assert!(i % 2 == 1 || link.strong, "inference {i} of {} is strong", chain.notation());
                }
            }
        }
    }

    #[test]
    fn every_simple_path_finds_at_least_the_shortest_chains() {
        let start = seven(0, 1);
        let shortest = chains_from(start, Explore::Shortest { chains_per_node: 1 });
        let every = chains_from(start, Explore::EverySimplePath { budget: 100_000 });
        assert!(every.len() >= shortest.len());
        for chain in &shortest {
            let end = chain.nodes().last().copied();
            let best = every.iter().filter(|c| c.nodes().last().copied() == end).map(Chain::links).min();
            assert_eq!(best, Some(chain.links()));
        }
    }

    /// A position (along a top1465 path) where one chain per candidate hides two chain ends from
    /// 5r5c8: the first chain to reach a candidate passes through the cell the missing chains need.
    const HIDDEN_ENDS: &str = ":0701:5:+8+2+4+93..715.+74+12+8..+1.+3+7+6+8...2..6.+34+8+7.38+27.+1..+7.+6+8.+1+3...7+2+38..1+56..5.+72..+3..+1+2.+7..:538 938 939 942 962 982 992:::";

    #[test]
    fn two_chains_per_candidate_reach_every_end_a_full_search_reaches() {
        let grid = position(HIDDEN_ENDS);
        let graph = LinkGraph::new(&grid);
        let five = Digit::new(5).expect("digit");
        let rules = LinkRules::single_digit(&grid, five);
        let ends = |explore: Explore, start: Node| {
            let mut search = ChainSearch::new(&graph, &rules, 11, explore);
            let mut ends = std::collections::BTreeSet::new();
            let _ = search.walk(start, &mut |walk| {
                ends.insert(walk.end().cell());
                ControlFlow::Continue(())
            });
            ends
        };
        let start = Node::new(Cell::at(4, 7), five);
        let every = ends(Explore::EverySimplePath { budget: 1_000_000 }, start);
        let one = ends(Explore::Shortest { chains_per_node: 1 }, start);
        let hidden: Vec<String> = every.difference(&one).map(Cell::to_string).collect();
        assert_eq!(hidden, ["r1c6", "r3c7"]);
        for cell in grid.cells_with(five) {
            let start = Node::new(cell, five);
            let every = ends(Explore::EverySimplePath { budget: 1_000_000 }, start);
            assert_eq!(ends(Explore::Shortest { chains_per_node: 2 }, start), every, "from {cell}");
        }
    }

    #[test]
    fn finds_the_library_chain_with_its_notation() {
        let chains = chains_from(seven(0, 1), Explore::Shortest { chains_per_node: 1 });
        let to_r4c3 = chains.iter().find(|c| c.end() == seven(3, 2)).expect("a chain to r4c3");
        assert_eq!(to_r4c3.links(), 5);
        assert_eq!(to_r4c3.notation(), "7r1c2=7r1c9-7r2c8=7r7c8-7r7c3=7r4c3");
        assert_eq!(to_r4c3.cells().len(), 6);
        assert_eq!(to_r4c3.houses().len(), 5);
    }

    #[test]
    fn a_candidate_outside_the_rules_starts_nothing() {
        let six = Node::new(Cell::at(0, 1), Digit::new(6).expect("digit"));
        let grid = position(X_CHAIN);
        let graph = LinkGraph::new(&grid);
        let rules = LinkRules::single_digit(&grid, Digit::new(7).expect("digit"));
        let mut search = ChainSearch::new(&graph, &rules, 19, Explore::Shortest { chains_per_node: 1 });
        let mut count = 0;
        let _ = search.walk(six, &mut |_| {
            count += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(count, 0);
    }
}
