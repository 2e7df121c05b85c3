//! The link graph of a position: every candidate is a node, joined to each candidate it is linked
//! to. Built once per position; chain searches only read it.
//!
//! Two candidates are *weakly* linked when they cannot both be true (same cell, or same digit in
//! one house) and *strongly* linked when they cannot both be false (the only two candidates of a
//! cell, or the only two places of a digit in a house). A strong link is also a weak one.

use crate::engine::{Candidate, Candidates, Cell, Digit, DigitSet, House};

/// A candidate as a node of the graph (an index `cell * 9 + digit`, below [`Node::COUNT`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Node(u16);

impl Node {
    /// The number of possible nodes: 81 cells times 9 digits.
    pub(crate) const COUNT: usize = 729;

    /// The node of `digit` in `cell`.
    pub(crate) const fn new(cell: Cell, digit: Digit) -> Node {
        Node((cell.index() * 9 + digit.index()) as u16)
    }

    /// The node's index, below [`Node::COUNT`].
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell.
    pub(crate) const fn cell(self) -> Cell {
        Cell::from_index(self.index() / 9)
    }

    /// The digit.
    pub(crate) const fn digit(self) -> Digit {
        Digit::from_index(self.index() % 9)
    }

    /// The candidate the node stands for.
    pub(crate) const fn candidate(self) -> Candidate {
        Candidate::new(self.cell(), self.digit())
    }
}

/// A set of nodes (a 729-bit set).
#[derive(Clone, PartialEq, Eq, Default, Debug)]
pub(crate) struct NodeSet([u64; 12]);

impl NodeSet {
    /// No node.
    pub(crate) const EMPTY: NodeSet = NodeSet([0; 12]);

    /// Whether `node` is in the set.
    pub(crate) fn contains(&self, node: Node) -> bool {
        self.0[node.index() / 64] & (1 << (node.index() % 64)) != 0
    }

    /// Adds `node`; returns whether it was new.
    pub(crate) fn insert(&mut self, node: Node) -> bool {
        let word = &mut self.0[node.index() / 64];
        let bit = 1 << (node.index() % 64);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }
}

/// Where a link holds: inside one cell, or between two cells of a house.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Via {
    /// Two digits of the same cell.
    Cell,
    /// The same digit in two cells of this house (a strong link's house when it is strong).
    House(House),
}

/// A link from one candidate to another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Link {
    /// The candidate linked to.
    pub(crate) to: Node,
    /// Whether the link is strong (the two cannot both be false); it is weak in any case.
    pub(crate) strong: bool,
    /// Where the link holds.
    pub(crate) via: Via,
}

/// Every link between the candidates of a position, stored flat: the links of node `n` are
/// `links[first[n]..first[n + 1]]`.
pub(crate) struct LinkGraph {
    first: Vec<u32>,
    links: Vec<Link>,
}

impl LinkGraph {
    /// The links of `grid`'s candidates.
    pub(crate) fn new(grid: &Candidates) -> LinkGraph {
        let mut graph = LinkGraph { first: Vec::with_capacity(Node::COUNT + 1), links: Vec::new() };
        for cell in Cell::ALL {
            let digits = grid.candidates(cell);
            for digit in Digit::ALL {
                graph.first.push(graph.links.len() as u32);
                if digits.contains(digit) {
                    graph.push_cell_links(cell, digit, digits);
                    graph.push_house_links(grid, cell, digit);
                }
            }
        }
        graph.first.push(graph.links.len() as u32);
        graph
    }

    /// The links leaving `node`: first those inside its cell, then those to other cells in reading
    /// order.
    pub(crate) fn links(&self, node: Node) -> &[Link] {
        let from = self.first[node.index()] as usize;
        let to = self.first[node.index() + 1] as usize;
        &self.links[from..to]
    }

    fn push_cell_links(&mut self, cell: Cell, digit: Digit, digits: DigitSet) {
        let strong = digits.len() == 2;
        for other in digits.iter().filter(|&d| d != digit) {
            self.links.push(Link { to: Node::new(cell, other), strong, via: Via::Cell });
        }
    }

    fn push_house_links(&mut self, grid: &Candidates, cell: Cell, digit: Digit) {
        for peer in cell.peers() & grid.cells_with(digit) {
            let shared = cell.houses().into_iter().filter(|h| h.cell_set().contains(peer));
            let mut via = None;
            let mut strong = false;
            for house in shared {
                let conjugate = grid.house_cells_with(house, digit).len() == 2;
                if via.is_none() || (conjugate && !strong) {
                    via = Some(house);
                    strong = conjugate;
                }
            }
            if let Some(house) = via {
                self.links.push(Link { to: Node::new(peer, digit), strong, via: Via::House(house) });
            }
        }
    }
}

/// Which kinds of link an inference may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct LinkKinds {
    /// Links inside a cell.
    pub(crate) in_cell: bool,
    /// Links between cells of a house.
    pub(crate) in_house: bool,
}

impl LinkKinds {
    /// Only links inside a cell.
    pub(crate) const CELL: LinkKinds = LinkKinds { in_cell: true, in_house: false };
    /// Only links between cells of a house.
    pub(crate) const HOUSE: LinkKinds = LinkKinds { in_cell: false, in_house: true };

    fn allow(self, via: Via) -> bool {
        match via {
            Via::Cell => self.in_cell,
            Via::House(_) => self.in_house,
        }
    }
}

/// What a family of chains may walk through: which candidates, and which links for the strong
/// inferences (false => true) and for the weak ones (true => false).
#[derive(Clone, Debug)]
pub(crate) struct LinkRules {
    /// The candidates the chain may visit.
    pub(crate) nodes: NodeSet,
    /// The links a strong inference may use (they must be strong links).
    pub(crate) strong: LinkKinds,
    /// The links a weak inference may use (any link).
    pub(crate) weak: LinkKinds,
}

impl LinkRules {
    /// X-Chains: one digit, links between cells only.
    pub(crate) fn single_digit(grid: &Candidates, digit: Digit) -> LinkRules {
        let mut nodes = NodeSet::EMPTY;
        for cell in grid.cells_with(digit) {
            nodes.insert(Node::new(cell, digit));
        }
        LinkRules { nodes, strong: LinkKinds::HOUSE, weak: LinkKinds::HOUSE }
    }

    /// XY-Chains: bivalue cells only, strong inside a cell, weak between cells.
    pub(crate) fn bivalue(grid: &Candidates) -> LinkRules {
        LinkRules::bivalue_where(grid, |_| true)
    }

    /// Remote pairs: the bivalue cells holding exactly `pair`, strong inside, weak between cells.
    pub(crate) fn pair(grid: &Candidates, pair: DigitSet) -> LinkRules {
        LinkRules::bivalue_where(grid, |digits| digits == pair)
    }

    fn bivalue_where(grid: &Candidates, keep: impl Fn(DigitSet) -> bool) -> LinkRules {
        let mut nodes = NodeSet::EMPTY;
        for cell in grid.bivalue_cells() {
            let digits = grid.candidates(cell);
            if keep(digits) {
                for digit in digits {
                    nodes.insert(Node::new(cell, digit));
                }
            }
        }
        LinkRules { nodes, strong: LinkKinds::CELL, weak: LinkKinds::HOUSE }
    }

    /// Whether a chain may use `link` for a strong inference (`strong`) or a weak one.
    pub(crate) fn allows(&self, link: &Link, strong: bool) -> bool {
        if !self.nodes.contains(link.to) {
            return false;
        }
        if strong { link.strong && self.strong.allow(link.via) } else { self.weak.allow(link.via) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::test_support::position;

    const LINE: &str = ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5";

    fn node(row: usize, col: usize, digit: u8) -> Node {
        Node::new(Cell::at(row, col), Digit::new(digit).expect("digit"))
    }

    #[test]
    fn nodes_round_trip() {
        let n = node(8, 8, 9);
        assert_eq!(n.index(), 728);
        assert_eq!(n.candidate().to_string(), "r9c9=9");
    }

    #[test]
    fn strong_links_are_conjugate_pairs_and_bivalue_cells() {
        let grid = position(LINE);
        let graph = LinkGraph::new(&grid);
        for cell in grid.unsolved() {
            for digit in grid.candidates(cell) {
                let from = Node::new(cell, digit);
                for link in graph.links(from) {
                    let to = link.to.cell();
                    assert!(grid.has(to, link.to.digit()));
                    match link.via {
                        Via::Cell => {
                            assert_eq!(to, cell);
                            assert_eq!(link.strong, grid.candidates(cell).len() == 2);
                        }
                        Via::House(house) => {
                            assert_eq!(link.to.digit(), digit);
                            assert!(house.cell_set().contains(cell) && house.cell_set().contains(to));
                            let conjugate = |h: House| grid.house_cells_with(h, digit).len() == 2;
                            let shared = cell.houses().into_iter().filter(|h| h.cell_set().contains(to));
                            assert_eq!(link.strong, shared.clone().any(conjugate), "{from:?} -> {link:?}");
                            assert_eq!(link.strong, conjugate(house), "a strong link names its house");
                        }
                    }
                }
                let peers = (cell.peers() & grid.cells_with(digit)).len();
                let in_cell = grid.candidates(cell).len() - 1;
                assert_eq!(graph.links(from).len(), peers + in_cell);
            }
        }
    }
}
