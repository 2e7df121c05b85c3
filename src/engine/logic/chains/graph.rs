//! The link graph of a position: every candidate is a node, joined to each candidate it is linked
//! to. Built once per position; chain searches only read it.
//!
//! Two candidates are *weakly* linked when they cannot both be true (same cell, or same digit in
//! one house) and *strongly* linked when they cannot both be false (the only two candidates of a
//! cell, or the only two places of a digit in a house). A strong link is also a weak one.
//!
//! The grouped graph ([`LinkGraph::grouped`]) also has *group nodes*: the two or three candidates
//! of one digit in the cells where a box meets a row or column, true when the digit lies in one
//! of them. A group links to the candidates and groups of its digit that see all its cells, in the
//! box or the line, strongly when the two hold every place of the digit in that house.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House};

/// The cells where a box meets a row or a column: line `line / 3` (rows 0-8, then columns),
/// its `line % 3`-th box along it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Intersection(u8);

impl Intersection {
    /// The 54 box-line intersections.
    const COUNT: usize = 54;

    fn all() -> impl Iterator<Item = Intersection> {
        (0..Self::COUNT as u8).map(Intersection)
    }

    /// The row or column.
    fn line(self) -> House {
        let line = usize::from(self.0 / 3);
        if line < 9 { House::row(line) } else { House::column(line - 9) }
    }

    /// The box.
    fn block(self) -> House {
        let line = usize::from(self.0 / 3);
        let along = usize::from(self.0 % 3);
        if line < 9 { House::block(line / 3 * 3 + along) } else { House::block(along * 3 + (line - 9) / 3) }
    }

    /// The three cells, in reading order.
    fn cells(self) -> [Cell; 3] {
        let line = usize::from(self.0 / 3);
        let along = usize::from(self.0 % 3);
        if line < 9 {
            [0, 1, 2].map(|i| Cell::at(line, along * 3 + i))
        } else {
            [0, 1, 2].map(|i| Cell::at(along * 3 + i, line - 9))
        }
    }
}

/// The masks of two or more of an intersection's three cells, in group-node order.
const GROUP_MASKS: [u8; 4] = [0b011, 0b101, 0b110, 0b111];

/// The cells of every group shape: intersection `i` with mask `GROUP_MASKS[m]` at `i * 4 + m`.
static GROUP_CELLS: [CellSet; Intersection::COUNT * GROUP_MASKS.len()] = {
    let mut table = [CellSet::EMPTY; Intersection::COUNT * GROUP_MASKS.len()];
    let mut i = 0;
    while i < table.len() {
        let (line, along, mask) = (i / 4 / 3, i / 4 % 3, GROUP_MASKS[i % 4]);
        let mut bits = 0u128;
        let mut k = 0;
        while k < 3 {
            if mask & 1 << k != 0 {
                let index = if line < 9 { line * 9 + along * 3 + k } else { (along * 3 + k) * 9 + line - 9 };
                bits |= 1 << index;
            }
            k += 1;
        }
        table[i] = CellSet::from_bits(bits);
        i += 1;
    }
    table
};

/// A node of the graph: one candidate (an index `cell * 9 + digit`, below 729), or a group of
/// two or three candidates of one digit in a box-line intersection (the indices above).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Node(u16);

impl Node {
    /// The number of candidate nodes: 81 cells times 9 digits.
    const CANDIDATES: usize = 729;
    /// The number of possible nodes, groups included.
    pub(crate) const COUNT: usize = Self::CANDIDATES + Intersection::COUNT * 9 * GROUP_MASKS.len();

    /// The node of `digit` in `cell`.
    pub(crate) const fn new(cell: Cell, digit: Digit) -> Node {
        Node((cell.index() * 9 + digit.index()) as u16)
    }

    /// The group node of `digit` in `cells` of `intersection` (two or three of its cells).
    fn group(intersection: Intersection, digit: Digit, cells: CellSet) -> Option<Node> {
        let mask = intersection
            .cells()
            .iter()
            .enumerate()
            .filter(|(_, c)| cells.contains(**c))
            .fold(0u8, |mask, (i, _)| mask | 1 << i);
        let code = GROUP_MASKS.iter().position(|&m| m == mask)?;
        let slot = (usize::from(intersection.0) * 9 + digit.index()) * GROUP_MASKS.len() + code;
        Some(Node((Self::CANDIDATES + slot) as u16))
    }

    /// The node's index, below [`Node::COUNT`].
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the node is a group of candidates rather than one.
    pub(crate) const fn is_group(self) -> bool {
        self.index() >= Self::CANDIDATES
    }

    /// A group's intersection and digit.
    fn group_parts(self) -> (Intersection, usize) {
        let rest = (self.index() - Self::CANDIDATES) / GROUP_MASKS.len();
        (Intersection((rest / 9) as u8), rest % 9)
    }

    /// The cell (for a group, its first cell).
    pub(crate) fn cell(self) -> Cell {
        if self.is_group() {
            self.cells().first().expect("a group has cells")
        } else {
            Cell::from_index(self.index() / 9)
        }
    }

    /// The cells: one, or the two or three of a group.
    pub(crate) fn cells(self) -> CellSet {
        if !self.is_group() {
            return Cell::from_index(self.index() / 9).set();
        }
        let slot = self.index() - Self::CANDIDATES;
        let (intersection, mask) = (slot / GROUP_MASKS.len() / 9, slot % GROUP_MASKS.len());
        GROUP_CELLS[intersection * GROUP_MASKS.len() + mask]
    }

    /// The digit.
    pub(crate) fn digit(self) -> Digit {
        if self.is_group() {
            Digit::from_index(self.group_parts().1)
        } else {
            Digit::from_index(self.index() % 9)
        }
    }

    /// The candidate the node stands for (for a group, the one in its first cell).
    pub(crate) fn candidate(self) -> Candidate {
        Candidate::new(self.cell(), self.digit())
    }

    /// Every candidate of the node.
    pub(crate) fn candidates(self) -> impl Iterator<Item = Candidate> {
        let digit = self.digit();
        self.cells().iter().map(move |cell| Candidate::new(cell, digit))
    }

    /// The houses holding every cell of the node: a candidate's three, a group's line and box.
    pub(crate) fn houses(self) -> Vec<House> {
        if self.is_group() {
            let (intersection, _) = self.group_parts();
            vec![intersection.line(), intersection.block()]
        } else {
            self.cell().houses().to_vec()
        }
    }
}

/// Written as in Eureka notation: `5r1c2`, a group as `5r1c23` or `5r12c3`.
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.is_group() {
            return write!(f, "{}{}", self.digit(), self.cell());
        }
        let cells = self.cells();
        let rows: String = cells.iter().map(|c| (c.row() + 1).to_string()).collect();
        let cols: String = cells.iter().map(|c| (c.col() + 1).to_string()).collect();
        let (intersection, _) = self.group_parts();
        if intersection.line().index() < 9 {
            write!(f, "{}r{}c{}", self.digit(), &rows[..1], cols)
        } else {
            write!(f, "{}r{}c{}", self.digit(), rows, &cols[..1])
        }
    }
}

/// The group nodes of `grid`: for each digit and box-line intersection holding it in two or three
/// cells, the group of those cells.
pub(crate) fn group_nodes(grid: &Candidates) -> Vec<Node> {
    let mut groups = Vec::new();
    for digit in Digit::ALL {
        let places = grid.cells_with(digit);
        for intersection in Intersection::all() {
            let cells: CellSet = intersection.cells().into_iter().filter(|&c| places.contains(c)).collect();
            if cells.len() >= 2
                && let Some(group) = Node::group(intersection, digit, cells)
            {
                groups.push(group);
            }
        }
    }
    groups.sort();
    groups
}

/// A set of nodes (a bit per possible node).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct NodeSet([u64; NodeSet::WORDS]);

impl NodeSet {
    const WORDS: usize = Node::COUNT.div_ceil(64);
    /// No node.
    pub(crate) const EMPTY: NodeSet = NodeSet([0; NodeSet::WORDS]);

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

thread_local! {
    /// The position whose plain graph was built last on this thread, with that graph.
    static LAST_GRAPH: RefCell<Option<(Candidates, Rc<LinkGraph>)>> = const { RefCell::new(None) };
}

/// Every link between the candidates of a position, stored flat: the links of node `n` are
/// `links[first[n]..first[n + 1]]`; its strong links, in the same order, are also
/// `strong[first_strong[n]..first_strong[n + 1]]`, so that a strong inference, which may only use
/// them, does not pass over the weak ones.
pub(crate) struct LinkGraph {
    first: Vec<u32>,
    links: Vec<Link>,
    first_strong: Vec<u32>,
    strong: Vec<Link>,
}

impl LinkGraph {
    /// The links of `grid`'s candidates.
    pub(crate) fn new(grid: &Candidates) -> LinkGraph {
        LinkGraph::build(grid, &[])
    }

    /// [`LinkGraph::new`] shared: the remote-pair, X-Chain, XY-Chain and nice-loop searches of one
    /// position walk the same graph, which is built once for them.
    pub(crate) fn shared(grid: &Candidates) -> Rc<LinkGraph> {
        LAST_GRAPH.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some((known, graph)) if known == grid => Rc::clone(graph),
                _ => {
                    let graph = Rc::new(LinkGraph::new(grid));
                    *last = Some((grid.clone(), Rc::clone(&graph)));
                    graph
                }
            }
        })
    }

    /// The links of `grid`'s candidates and of its group nodes ([`group_nodes`]).
    pub(crate) fn grouped(grid: &Candidates) -> LinkGraph {
        LinkGraph::build(grid, &group_nodes(grid))
    }

    fn build(grid: &Candidates, groups: &[Node]) -> LinkGraph {
        let mut graph = LinkGraph {
            first: Vec::with_capacity(Node::COUNT + 1),
            links: Vec::new(),
            first_strong: Vec::with_capacity(Node::COUNT + 1),
            strong: Vec::new(),
        };
        for cell in Cell::ALL {
            let digits = grid.candidates(cell);
            for digit in Digit::ALL {
                graph.first.push(graph.links.len() as u32);
                if digits.contains(digit) {
                    graph.push_cell_links(cell, digit, digits);
                    graph.push_house_links(grid, cell, digit);
                    graph.push_group_links(grid, Node::new(cell, digit), groups);
                }
            }
        }
        // Group nodes follow the candidates in index order; `groups` is sorted by index.
        let mut groups_left = groups.iter().peekable();
        for index in graph.first.len()..Node::COUNT {
            graph.first.push(graph.links.len() as u32);
            if let Some(&&group) = groups_left.peek()
                && group.index() == index
            {
                groups_left.next();
                graph.push_group_house_links(grid, group);
                graph.push_group_links(grid, group, groups);
            }
        }
        graph.first.push(graph.links.len() as u32);
        for node in 0..Node::COUNT {
            graph.first_strong.push(graph.strong.len() as u32);
            let (from, to) = (graph.first[node] as usize, graph.first[node + 1] as usize);
            graph.strong.extend(graph.links[from..to].iter().filter(|link| link.strong));
        }
        graph.first_strong.push(graph.strong.len() as u32);
        graph
    }

    /// The links leaving `node`: first those inside its cell, then those to other cells in reading
    /// order, then those to groups.
    pub(crate) fn links(&self, node: Node) -> &[Link] {
        let from = self.first[node.index()] as usize;
        let to = self.first[node.index() + 1] as usize;
        &self.links[from..to]
    }

    /// The strong links leaving `node`, in the order of [`LinkGraph::links`].
    pub(crate) fn strong_links(&self, node: Node) -> &[Link] {
        let from = self.first_strong[node.index()] as usize;
        let to = self.first_strong[node.index() + 1] as usize;
        &self.strong[from..to]
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

    /// A group's links to the single candidates of its digit in its line and its box.
    fn push_group_house_links(&mut self, grid: &Candidates, group: Node) {
        let digit = group.digit();
        let cells = group.cells();
        for house in group.houses() {
            let places = grid.house_cells_with(house, digit);
            for peer in places - cells {
                let strong = places == cells | peer.set();
                self.links.push(Link { to: Node::new(peer, digit), strong, via: Via::House(house) });
            }
        }
    }

    /// The links from `from` (a candidate or a group) to the groups of its digit sharing a house
    /// with it and no cell.
    fn push_group_links(&mut self, grid: &Candidates, from: Node, groups: &[Node]) {
        let digit = from.digit();
        let cells = from.cells();
        let houses = from.houses();
        for &group in groups.iter().filter(|g| g.digit() == digit && !g.cells().intersects(cells)) {
            let Some(&house) = group.houses().iter().find(|h| houses.contains(h)) else { continue };
            let strong = grid.house_cells_with(house, digit) == cells | group.cells();
            self.links.push(Link { to: group, strong, via: Via::House(house) });
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
    /// Links of both kinds.
    pub(crate) const ANY: LinkKinds = LinkKinds { in_cell: true, in_house: true };

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

    /// Alternating inference chains: every candidate, and every group node in `groups`; strong
    /// and weak inferences along links of both kinds.
    pub(crate) fn every_candidate(grid: &Candidates, groups: &[Node]) -> LinkRules {
        let mut nodes = NodeSet::EMPTY;
        for cell in grid.unsolved() {
            for digit in grid.candidates(cell) {
                nodes.insert(Node::new(cell, digit));
            }
        }
        for &group in groups {
            nodes.insert(group);
        }
        LinkRules { nodes, strong: LinkKinds::ANY, weak: LinkKinds::ANY }
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

    /// HoDoKu's grouped AIC case: 6r1c4 = 8r79c4 ... uses groups of two cells in a column.
    const GROUPED: &str = ":0711-1:6:3.2....1.+1..97........+1....5..+18.6....15...7..8.+74.+1..9....1.27.1.4.......5..79.+1::612 616 619 626 634 636::7";

    #[test]
    fn group_nodes_are_the_digit_in_a_box_line_intersection() {
        let grid = position(GROUPED);
        let groups = group_nodes(&grid);
        assert!(!groups.is_empty());
        assert!(groups.windows(2).all(|w| w[0] < w[1]), "sorted by index");
        for group in &groups {
            let cells = group.cells();
            assert!(group.is_group() && (2..=3).contains(&cells.len()), "{group}");
            let [line, block] = group.houses()[..] else { panic!("a line and a box") };
            assert!(line.is_line() && !block.is_line());
            let intersection = line.cell_set() & block.cell_set();
            assert_eq!(grid.cells_with(group.digit()) & intersection, cells, "{group}");
            assert_eq!(group.candidates().count(), cells.len());
        }
        let eight = Digit::new(8).expect("digit");
        let r79c4 = groups.iter().find(|g| g.digit() == eight && g.cell() == Cell::at(6, 3)).expect("8r79c4");
        assert_eq!(r79c4.to_string(), "8r79c4");
    }

    #[test]
    fn group_links_are_strong_when_the_two_ends_fill_the_house() {
        let grid = position(GROUPED);
        let graph = LinkGraph::grouped(&grid);
        let groups = group_nodes(&grid);
        let mut seen = 0;
        let singles =
            grid.unsolved().iter().flat_map(|c| grid.candidates(c).iter().map(move |d| Node::new(c, d)));
        for from in singles.chain(groups.iter().copied()) {
            for link in graph.links(from).iter().filter(|l| from.is_group() || l.to.is_group()) {
                let Via::House(house) = link.via else { panic!("a group links only through a house") };
                let (a, b) = (from.cells(), link.to.cells());
                assert!(!a.intersects(b) && (a | b).is_subset(house.cell_set()));
                assert_eq!(from.digit(), link.to.digit());
                assert_eq!(
                    link.strong,
                    grid.house_cells_with(house, from.digit()) == a | b,
                    "{from} {}",
                    link.to
                );
                seen += 1;
            }
        }
        assert!(seen > 50, "{seen} group links");
        assert!(LinkGraph::new(&grid).links(groups[0]).is_empty(), "the plain graph has no groups");
    }
}
