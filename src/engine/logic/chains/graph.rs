//! The link graph of a position: every candidate is a node, joined to each candidate it is linked
//! to. Built once per position; chain searches only read it.
//!
//! Two candidates are *weakly* linked when they cannot both be true (same cell, or same digit in
//! one house) and *strongly* linked when they cannot both be false (the only two candidates of a
//! cell, or the only two places of a digit in a house). A strong link is also a weak one, except
//! those of almost locked sets (below).
//!
//! The grouped graph ([`LinkGraph::grouped`]) also has *group nodes*: the two or three candidates
//! of one digit in the cells where a box meets a row or column, true when the digit lies in one
//! of them. A group links to the candidates and groups of its digit that see all its cells, in the
//! box or the line, strongly when the two hold every place of the digit in that house.
//!
//! The graph with ALS nodes ([`LinkGraph::with_als`]) adds, for each almost locked set of two or
//! more cells ([`AlsSet`]) and each digit `d` of it, a node "`d` lies in the set": true when one
//! of the set's cells holding `d` is `d`. It is linked weakly to every candidate and group of `d`
//! seeing all those cells, and strongly to the set's node of every other digit: take one digit out
//! of the set and the rest are locked in it. A chain enters a set by a weak link (its digit `x` is
//! then out of the set) and leaves it, after the strong link inside, by a weak link on another
//! digit `z` (which the set now holds), as HoDoKu uses them.

use std::fmt;
use std::rc::Rc;

use crate::engine::literal::Numbered;
use crate::engine::logic::als::{AlsIndex, Scope};
use crate::engine::logic::memo::LastPosition;
use crate::engine::types::bit_indices;
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House, HouseKind, Layout};

/// The cells where a box meets a row or a column: line `line / 3` (rows 0-8, then columns),
/// its `line % 3`-th box along it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Intersection(u8);

impl Intersection {
    /// The 54 box-line intersections.
    pub(crate) const COUNT: usize = 54;

    /// Every intersection, in order.
    pub(crate) fn all() -> impl Iterator<Item = Intersection> {
        (0..Self::COUNT as u8).map(Intersection)
    }

    /// The row or column.
    pub(crate) fn line(self) -> House {
        let line = usize::from(self.0 / 3);
        if line < 9 { House::row(line) } else { House::column(line - 9) }
    }

    /// The box.
    pub(crate) fn block(self) -> House {
        let line = usize::from(self.0 / 3);
        let along = usize::from(self.0 % 3);
        if line < 9 { House::block(line / 3 * 3 + along) } else { House::block(along * 3 + (line - 9) / 3) }
    }

    /// Intersection number `index` (below [`Intersection::COUNT`]): rows first, each with its
    /// boxes left to right, then columns, each with its boxes top to bottom.
    pub(crate) fn from_index(index: u8) -> Intersection {
        debug_assert!(usize::from(index) < Self::COUNT);
        Intersection(index)
    }

    /// The three cells as a set.
    pub(crate) fn cell_set(self) -> CellSet {
        self.cells().into_iter().collect()
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

/// Where a line of a layout meets one of its other houses in two or more cells (but not all
/// nine): a row or column and a box or jigsaw region, or (Sudoku X) a diagonal and a box. The
/// digit's places there, taken together, make a group node of the chains that the layout allows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Meeting {
    /// The row, column or diagonal.
    pub(crate) line: House,
    /// The box or region.
    pub(crate) region: House,
    /// The cells the two share.
    pub(crate) cells: CellSet,
}

/// The classic layout's meetings: the box-line intersections in [`Intersection`] order.
static CLASSIC_MEETINGS: std::sync::LazyLock<Vec<Meeting>> = std::sync::LazyLock::new(|| {
    Intersection::all().map(|i| Meeting { line: i.line(), region: i.block(), cells: i.cell_set() }).collect()
});

/// Every meeting of `layout`'s lines with its regions: the rows, then the columns, then the
/// diagonals, each with the regions it crosses in the order it reaches them. On the classic
/// layout these are the box-line intersections, in [`Intersection`] order; on Sudoku X the
/// diagonals' three boxes each follow.
pub(crate) fn meetings(layout: &Layout) -> std::borrow::Cow<'static, [Meeting]> {
    if layout.is_classic() {
        return std::borrow::Cow::Borrowed(CLASSIC_MEETINGS.as_slice());
    }
    let mut found = Vec::new();
    for &line in
        layout.houses().iter().filter(|h| h.kind() != HouseKind::Box && h.kind() != HouseKind::Region)
    {
        let line_cells = layout.set(line);
        let mut crossed: Vec<House> = Vec::new();
        for &cell in layout.cells(line) {
            let region = layout.region_of(cell);
            if !crossed.contains(&region) {
                crossed.push(region);
            }
        }
        for region in crossed {
            let cells = line_cells & layout.set(region);
            if cells.len() >= 2 && cells != line_cells {
                found.push(Meeting { line, region, cells });
            }
        }
    }
    std::borrow::Cow::Owned(found)
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

/// A node of the graph: one candidate (numbered as the candidate, [`Candidate::index`], below
/// 729), a group of two or three candidates of one digit in a box-line intersection (the indices up
/// to [`Node::COUNT`]), or a digit of an almost locked set (`Node::COUNT + set * 9 + digit`, the set
/// numbered by the graph that holds it). A chain states that a node is true or false with a
/// [`Literal<Node>`](crate::engine::literal::Literal).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Node(u16);

impl Node {
    /// The number of candidate nodes: 81 cells times 9 digits.
    const CANDIDATES: usize = Candidate::COUNT;
    /// The number of candidate and group nodes; the nodes of almost locked sets follow.
    pub(crate) const COUNT: usize = Self::CANDIDATES + Intersection::COUNT * 9 * GROUP_MASKS.len();
    /// The most almost locked sets one graph numbers (the node index is 16 bits).
    const MAX_SETS: usize = (u16::MAX as usize + 1 - Self::COUNT) / 9;

    /// The node of `digit` in `cell`.
    pub(crate) const fn new(cell: Cell, digit: Digit) -> Node {
        Node(Candidate::new(cell, digit).index() as u16)
    }

    /// The group node of `digit` in `cells` of `intersection` (two or three of its cells).
    pub(crate) fn group(intersection: Intersection, digit: Digit, cells: CellSet) -> Option<Node> {
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

    /// The group node of `digit` at meeting number `meeting` (below [`MAX_MEETINGS`]) of a layout
    /// other than the classic one: the digit's places there, whichever they are in the position
    /// ([`GroupTable::cells`]). Numbered so that [`Node::digit`] reads its digit as a classic
    /// group's: four meetings share each block of the numbers, one digit after the other.
    fn meeting_group(meeting: usize, digit: Digit) -> Node {
        debug_assert!(meeting < MAX_MEETINGS);
        let (block, code) = (meeting / GROUP_MASKS.len(), meeting % GROUP_MASKS.len());
        let slot = (block * 9 + digit.index()) * GROUP_MASKS.len() + code;
        Node((Self::CANDIDATES + slot) as u16)
    }

    /// The meeting number of a group node of a layout other than the classic one.
    fn meeting(self) -> usize {
        let slot = self.index() - Self::CANDIDATES;
        slot / GROUP_MASKS.len() / 9 * GROUP_MASKS.len() + slot % GROUP_MASKS.len()
    }

    /// The node's index: below [`Node::COUNT`] for a candidate or a group node.
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The node numbered `index`: a candidate or group node below [`Node::COUNT`], the digit of an
    /// almost locked set above.
    pub(crate) const fn from_index(index: usize) -> Node {
        debug_assert!(index <= u16::MAX as usize, "a node's index fits 16 bits");
        Node(index as u16)
    }

    /// The node of `digit` in almost locked set number `set` of a graph.
    fn als(set: usize, digit: Digit) -> Node {
        Node((Self::COUNT + set * 9 + digit.index()) as u16)
    }

    /// Whether the node is a group of candidates where a line meets a region (a box-line
    /// intersection on the classic layout).
    pub(crate) const fn is_group(self) -> bool {
        self.index() >= Self::CANDIDATES && self.index() < Self::COUNT
    }

    /// Whether the node is a digit of an almost locked set.
    pub(crate) const fn is_als(self) -> bool {
        self.index() >= Self::COUNT
    }

    /// Whether the node is a single candidate.
    pub(crate) const fn is_candidate(self) -> bool {
        self.index() < Self::CANDIDATES
    }

    /// An ALS node's set number.
    fn als_set(self) -> usize {
        (self.index() - Self::COUNT) / 9
    }

    /// A group's intersection and digit.
    fn group_parts(self) -> (Intersection, usize) {
        let rest = (self.index() - Self::CANDIDATES) / GROUP_MASKS.len();
        (Intersection((rest / 9) as u8), rest % 9)
    }

    /// A candidate node's cell. Only for a candidate: the cells of a group or an ALS node are
    /// known to its position's tables ([`GroupTable::cells`], [`LinkGraph::cells`]).
    #[inline]
    pub(crate) fn cell(self) -> Cell {
        debug_assert!(self.is_candidate(), "a group's or a set's cells are its table's");
        Candidate::from_index(self.index().min(Self::CANDIDATES - 1)).cell
    }

    /// The cells as the classic layout numbers its groups: one for a candidate, the two or three
    /// of a group (none for an ALS node). [`GroupTable::cells`] reads them for any layout.
    fn classic_cells(self) -> CellSet {
        if self.is_candidate() {
            return Candidate::from_index(self.index()).cell.set();
        }
        if self.is_als() {
            return CellSet::EMPTY;
        }
        let slot = self.index() - Self::CANDIDATES;
        let (intersection, mask) = (slot / GROUP_MASKS.len() / 9, slot % GROUP_MASKS.len());
        GROUP_CELLS[intersection * GROUP_MASKS.len() + mask]
    }

    /// The digit.
    pub(crate) fn digit(self) -> Digit {
        if self.is_group() {
            Digit::from_index(self.group_parts().1)
        } else if self.is_als() {
            Digit::from_index((self.index() - Self::COUNT) % 9)
        } else {
            Candidate::from_index(self.index()).digit
        }
    }

    /// The candidate a candidate node stands for.
    #[inline]
    pub(crate) fn candidate(self) -> Candidate {
        Candidate::new(self.cell(), self.digit())
    }
}

/// The most meetings of a layout other than the classic one that carry group nodes (a digit's
/// groups are bits of a `u64`); meetings beyond get none.
const MAX_MEETINGS: usize = 64;

/// Where the group nodes of one position lie: on the classic layout in the box-line
/// intersections, each group node naming its cells; on another layout in the meetings of its
/// lines and regions ([`meetings`]), each group node being its digit's places at one meeting in
/// this position. Asked for the cells and houses of every node.
#[derive(Clone, Debug)]
pub(crate) struct GroupTable {
    /// The layout's meetings and each digit's places, for a layout other than the classic one.
    layout: Option<Box<LayoutGroups>>,
}

/// The group places of a layout other than the classic one.
#[derive(Clone, Debug)]
struct LayoutGroups {
    /// The layout, for the houses of a candidate.
    layout: std::sync::Arc<Layout>,
    /// Its meetings of lines and regions, a group node's meeting number indexing them.
    meetings: Vec<Meeting>,
    /// Each digit's places in the position.
    places: [CellSet; 9],
}

impl GroupTable {
    /// The table of `grid`.
    pub(crate) fn new(grid: &Candidates) -> GroupTable {
        if grid.layout().is_classic() {
            return GroupTable { layout: None };
        }
        let meetings = meetings(grid.layout()).iter().take(MAX_MEETINGS).copied().collect();
        let places = std::array::from_fn(|d| grid.cells_with(Digit::from_index(d)));
        GroupTable { layout: Some(Box::new(LayoutGroups { layout: grid.shared_layout(), meetings, places })) }
    }

    /// The group nodes: for each digit and meeting (box-line intersection) holding it in two or
    /// more cells, the group of those cells, in node order.
    pub(crate) fn nodes(&self, grid: &Candidates) -> Vec<Node> {
        let mut groups = Vec::new();
        match &self.layout {
            None => {
                for digit in Digit::ALL {
                    let places = grid.cells_with(digit);
                    for intersection in Intersection::all() {
                        let cells: CellSet =
                            intersection.cells().into_iter().filter(|&c| places.contains(c)).collect();
                        if cells.len() >= 2
                            && let Some(group) = Node::group(intersection, digit, cells)
                        {
                            groups.push(group);
                        }
                    }
                }
            }
            Some(layout) => {
                for digit in Digit::ALL {
                    for (m, meeting) in layout.meetings.iter().enumerate() {
                        if (meeting.cells & layout.places[digit.index()]).len() >= 2 {
                            groups.push(Node::meeting_group(m, digit));
                        }
                    }
                }
            }
        }
        groups.sort();
        groups
    }

    /// The cells of `node`: a candidate's one, a group's two or more (none for an ALS node,
    /// whose cells its graph knows: [`LinkGraph::cells`]).
    pub(crate) fn cells(&self, node: Node) -> CellSet {
        match &self.layout {
            Some(layout) if node.is_group() => {
                let meeting = layout.meetings.get(node.meeting()).map_or(CellSet::EMPTY, |m| m.cells);
                meeting & layout.places[node.digit().index()]
            }
            _ => node.classic_cells(),
        }
    }

    /// A group's line and region (its box on the classic layout).
    pub(crate) fn group_houses(&self, group: Node) -> [House; 2] {
        match &self.layout {
            Some(layout) => {
                let meeting = layout.meetings[group.meeting()];
                [meeting.line, meeting.region]
            }
            None => {
                let (intersection, _) = group.group_parts();
                [intersection.line(), intersection.block()]
            }
        }
    }

    /// The houses holding every cell of a candidate or group node: a candidate's houses of the
    /// layout (row, column, region, diagonals), a group's line and region.
    pub(crate) fn houses(&self, node: Node) -> impl Iterator<Item = House> + use<> {
        let mut houses = [None; 5];
        let mut fill = |from: &[House]| {
            for (slot, &house) in houses.iter_mut().zip(from) {
                *slot = Some(house);
            }
        };
        if node.is_group() {
            fill(&self.group_houses(node));
        } else {
            match &self.layout {
                Some(layout) => fill(layout.layout.houses_of(node.cell())),
                None => fill(&node.cell().houses()),
            }
        }
        houses.into_iter().flatten()
    }
}

/// Every node is numbered by its index, the nodes of almost locked sets too (a literal of a chain
/// may speak of one).
impl Numbered for Node {
    fn number(self) -> usize {
        self.index()
    }

    fn numbered(number: usize) -> Node {
        Node::from_index(number)
    }
}

/// Written as in Eureka notation: `5r1c2`; an ALS node, whose cells the graph knows, as its
/// digit and `ALS`, and a group, whose cells its position's table knows (a chain writes them:
/// [`super::search::Chain::node_text`]), as its digit and `group` with its number.
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_candidate() {
            return write!(f, "{}{}", self.digit(), self.cell());
        }
        if self.is_als() {
            return write!(f, "{}ALS", self.digit());
        }
        write!(f, "{}group{}", self.digit(), self.index())
    }
}

/// The group nodes of `grid`: for each digit and box-line intersection (on another layout, each
/// meeting of a line and a region) holding it in two or more cells, the group of those cells.
pub(crate) fn group_nodes(grid: &Candidates) -> Vec<Node> {
    GroupTable::new(grid).nodes(grid)
}

/// A set of candidate and group nodes (a bit per possible node); ALS nodes are not in it.
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
    /// The same digit in cells that all see each other but need not share one house: the weak
    /// link into or out of an almost locked set.
    Peers,
    /// Two digits of one almost locked set: without one of them the set is locked and holds the
    /// other. Strong only: the set may hold both.
    Als,
    /// A digit of an almost locked set and a candidate outside it: without the digit the set is
    /// locked and takes every other candidate from the candidate's cell. Strong only.
    Forced,
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
    /// The plain graph of the last position asked for on this thread.
    static LAST_GRAPH: LastPosition<(), LinkGraph> = const { LastPosition::new() };
}

/// An almost locked set of two or more cells, as a chain passes through it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct AlsSet {
    /// The cells.
    pub(crate) cells: CellSet,
    /// The digits they hold between them (one more than there are cells).
    pub(crate) digits: DigitSet,
    /// For each digit, the cells of the set holding it.
    cells_with: [CellSet; 9],
}

impl AlsSet {
    /// The cells of the set holding `digit`.
    pub(crate) fn cells_with(&self, digit: Digit) -> CellSet {
        self.cells_with[digit.index()]
    }
}

/// Every link between the candidates of a position, stored flat: the links of node `n` are
/// `links[first[n]..first[n + 1]]`; its strong links, in the same order, are also
/// `strong[first_strong[n]..first_strong[n + 1]]`, so that a strong inference, which may only use
/// them, does not pass over the weak ones. `sets` are the almost locked sets of the ALS nodes.
pub(crate) struct LinkGraph {
    first: Vec<u32>,
    links: Vec<Link>,
    first_strong: Vec<u32>,
    strong: Vec<Link>,
    sets: Vec<AlsSet>,
    groups: GroupTable,
}

impl LinkGraph {
    /// The links of `grid`'s candidates.
    pub(crate) fn new(grid: &Candidates) -> LinkGraph {
        LinkGraph::build(grid, None, &[], Vec::new())
    }

    /// [`LinkGraph::new`] shared: the remote-pair, X-Chain, XY-Chain and nice-loop searches of one
    /// position walk the same graph, which is built once for them (and the grouped graphs copy
    /// its links between candidates).
    pub(crate) fn shared(grid: &Candidates) -> Rc<LinkGraph> {
        LAST_GRAPH.with(|last| last.get_or_make(grid, (), || LinkGraph::new(grid)))
    }

    /// The links of `grid`'s candidates and of its group nodes ([`group_nodes`]). The links
    /// between candidates are those of [`LinkGraph::shared`], copied from it.
    pub(crate) fn grouped(grid: &Candidates) -> LinkGraph {
        LinkGraph::build(grid, Some(&LinkGraph::shared(grid)), &group_nodes(grid), Vec::new())
    }

    /// The links of `grid`'s candidates, its group nodes and the digits of its almost locked sets
    /// of two or more cells (see the module's notes). A set's digit gets a node only when some
    /// candidate outside sees all the set's cells holding it: no chain could enter or leave
    /// through it otherwise. The links between candidates are copied from [`LinkGraph::shared`].
    pub(crate) fn with_als(grid: &Candidates) -> LinkGraph {
        let index = AlsIndex::cached(grid, Scope::All);
        let sets = index
            .sets
            .iter()
            .zip(&index.reach)
            .filter(|(set, reach)| set.cells.len() >= 2 && reach.len() >= 2)
            .map(|(set, reach)| {
                let mut cells_with = [CellSet::EMPTY; 9];
                for digit in *reach {
                    cells_with[digit.index()] = set.cells_with(digit);
                }
                AlsSet { cells: set.cells, digits: set.digits, cells_with }
            })
            .take(Node::MAX_SETS)
            .collect();
        LinkGraph::build(grid, Some(&LinkGraph::shared(grid)), &group_nodes(grid), sets)
    }

    /// The graph of `grid`'s candidates, `groups` and `sets`; the links between candidates are
    /// copied from `plain`, the candidates' graph of the same grid, when it is given.
    fn build(grid: &Candidates, plain: Option<&LinkGraph>, groups: &[Node], sets: Vec<AlsSet>) -> LinkGraph {
        let nodes = Node::COUNT + 9 * sets.len();
        let mut graph = LinkGraph {
            first: Vec::with_capacity(nodes + 1),
            links: Vec::new(),
            first_strong: Vec::with_capacity(nodes + 1),
            strong: Vec::new(),
            sets,
            groups: GroupTable::new(grid),
        };
        let entries = graph.als_entries(grid, groups);
        // A node links only to groups of its own digit: each digit's groups, in their order.
        let mut groups_of: [DigitGroups; 9] = Default::default();
        for &group in groups {
            groups_of[group.digit().index()].push(&graph.groups, group);
        }
        for cell in Cell::ALL {
            let digits = grid.candidates(cell);
            for digit in Digit::ALL {
                graph.first.push(graph.links.len() as u32);
                if digits.contains(digit) {
                    let node = Node::new(cell, digit);
                    match plain {
                        Some(plain) => graph.links.extend_from_slice(plain.links(node)),
                        None => {
                            graph.push_cell_links(cell, digit, digits);
                            graph.push_house_links(grid, cell, digit);
                        }
                    }
                    graph.push_group_links(grid, node, &groups_of[digit.index()]);
                    graph.push_als_links(entries.entering(node));
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
                graph.push_group_links(grid, group, &groups_of[group.digit().index()]);
                graph.push_als_links(entries.entering(group));
            }
        }
        for set in 0..graph.sets.len() {
            for digit in Digit::ALL {
                graph.first.push(graph.links.len() as u32);
                let node = Node::als(set, digit);
                if !graph.cells(node).is_empty() {
                    graph.push_set_links(grid, node, groups, entries.out(node));
                }
            }
        }
        graph.first.push(graph.links.len() as u32);
        for node in 0..nodes {
            graph.first_strong.push(graph.strong.len() as u32);
            let (from, to) = (graph.first[node] as usize, graph.first[node + 1] as usize);
            graph.strong.extend(graph.links[from..to].iter().filter(|link| link.strong));
        }
        graph.first_strong.push(graph.strong.len() as u32);
        graph
    }

    /// The number of nodes the graph has room for: candidates, groups and ALS nodes.
    pub(crate) fn node_count(&self) -> usize {
        self.first.len() - 1
    }

    /// The cells of `node`: its candidates' cells, or for an ALS node the cells of its set holding
    /// its digit (none when the set's digit has no node).
    pub(crate) fn cells(&self, node: Node) -> CellSet {
        match self.als_set(node) {
            Some(set) => set.cells_with(node.digit()),
            None => self.groups.cells(node),
        }
    }

    /// The almost locked set of an ALS node.
    pub(crate) fn als_set(&self, node: Node) -> Option<&AlsSet> {
        if node.is_als() { self.sets.get(node.als_set()) } else { None }
    }

    /// The links leaving `node`: first those inside its cell, then those to other cells in reading
    /// order, then those to groups, then those to ALS nodes.
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
        let layout = grid.layout();
        for peer in layout.peers(cell) & grid.cells_with(digit) {
            let shared = layout.houses_of(cell).iter().copied().filter(|&h| layout.set(h).contains(peer));
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
        let cells = self.groups.cells(group);
        for house in self.groups.houses(group) {
            let places = grid.house_cells_with(house, digit);
            for peer in places - cells {
                let strong = places == cells | peer.set();
                self.links.push(Link { to: Node::new(peer, digit), strong, via: Via::House(house) });
            }
        }
    }

    /// The links from `from` (a candidate or a group) to the groups of its digit (`groups`) sharing
    /// a house with it and no cell, in the groups' order; each through the first of the group's
    /// houses (its line, then its box) that `from` is in.
    fn push_group_links(&mut self, grid: &Candidates, from: Node, groups: &DigitGroups) {
        let digit = from.digit();
        let cells = self.groups.cells(from);
        let (mut houses, mut near) = (0u64, 0u64);
        for house in self.groups.houses(from) {
            houses |= 1 << house.index();
            near |= groups.in_house[house.index()];
        }
        let overlapping = cells.iter().fold(0, |mask, cell| mask | groups.at_cell[cell.index()]);
        for slot in bit_indices(near & !overlapping) {
            let group = groups.nodes[slot];
            let Some(house) = self.groups.houses(group).find(|h| houses & 1 << h.index() != 0) else {
                continue;
            };
            let strong = grid.house_cells_with(house, digit) == cells | self.groups.cells(group);
            self.links.push(Link { to: group, strong, via: Via::House(house) });
        }
    }
}

/// One digit's group nodes in order, with where they lie as masks over that order (bit `i` for
/// the `i`-th group): a digit has at most one group per box-line intersection, 54 in all (per
/// meeting of a line and a region on another layout, at most [`MAX_MEETINGS`]).
struct DigitGroups {
    /// The groups, in the order they were added.
    nodes: Vec<Node>,
    /// The groups in each house.
    in_house: [u64; House::COUNT],
    /// The groups holding each cell.
    at_cell: [u64; 81],
}

impl Default for DigitGroups {
    fn default() -> DigitGroups {
        DigitGroups { nodes: Vec::new(), in_house: [0; House::COUNT], at_cell: [0; 81] }
    }
}

impl DigitGroups {
    /// Adds `group`, after the groups already added; `table` knows where it lies.
    fn push(&mut self, table: &GroupTable, group: Node) {
        debug_assert!(self.nodes.len() < 64, "at most 64 groups of a digit");
        let bit = 1u64 << self.nodes.len();
        self.nodes.push(group);
        for house in table.houses(group) {
            self.in_house[house.index()] |= bit;
        }
        for cell in table.cells(group) {
            self.at_cell[cell.index()] |= bit;
        }
    }
}

impl LinkGraph {
    /// The nodes of every set's digits, by digit.
    fn als_nodes(&self) -> [Vec<Node>; 9] {
        let mut by_digit: [Vec<Node>; 9] = Default::default();
        for set in 0..self.sets.len() {
            for digit in Digit::ALL {
                let node = Node::als(set, digit);
                if !self.cells(node).is_empty() {
                    by_digit[digit.index()].push(node);
                }
            }
        }
        by_digit
    }

    /// The links into and out of ALS nodes that the candidates, groups and other sets need:
    /// each candidate or group enters the nodes of its digit whose cells it all sees; a set's
    /// node links weakly to the nodes of its digit in other sets, apart from it, whose cells all
    /// see its own; and strongly to the candidates it forces.
    fn als_entries(&self, grid: &Candidates, groups: &[Node]) -> AlsEntries {
        if self.sets.is_empty() {
            return AlsEntries { into: Vec::new(), out: Vec::new() };
        }
        let by_digit = self.als_nodes();
        let mut entries =
            AlsEntries { into: vec![Vec::new(); Node::COUNT], out: vec![Vec::new(); 9 * self.sets.len()] };
        for (digit, nodes) in Digit::ALL.into_iter().zip(&by_digit) {
            for &node in nodes {
                let seeing = grid.layout().common_peers(self.cells(node));
                let weak = Link { to: node, strong: false, via: Via::Peers };
                for cell in seeing & grid.cells_with(digit) {
                    entries.into[Node::new(cell, digit).index()].push(weak);
                }
                let inside = |g: &&Node| g.digit() == digit && self.groups.cells(**g).is_subset(seeing);
                for group in groups.iter().filter(inside) {
                    entries.into[group.index()].push(weak);
                }
                let set = self.sets[node.als_set()].cells;
                let out = &mut entries.out[node.index() - Node::COUNT];
                for &other in nodes {
                    let apart = !self.sets[other.als_set()].cells.intersects(set);
                    if apart && self.cells(other).is_subset(seeing) {
                        out.push(Link { to: other, strong: false, via: Via::Peers });
                    }
                }
                for forced in self.forced_by(grid, node) {
                    entries.into[forced.index()].push(Link { to: node, strong: true, via: Via::Forced });
                    entries.out[node.index() - Node::COUNT].push(Link {
                        to: forced,
                        strong: true,
                        via: Via::Forced,
                    });
                }
            }
        }
        entries
    }

    /// The candidates a set forces when its node's digit is out of it: the set is then locked
    /// and removes each other digit from the cells seeing all its cells holding it; a cell left
    /// with one candidate this way holds it. (A cell losing one digit only is reached by the
    /// link of that digit, then the cell's own strong link.)
    fn forced_by(&self, grid: &Candidates, node: Node) -> Vec<Node> {
        let set = &self.sets[node.als_set()];
        let mut removed = [DigitSet::EMPTY; 81];
        let mut touched = CellSet::EMPTY;
        for digit in set.digits.iter().filter(|&d| d != node.digit()) {
            let holding = set.cells & grid.cells_with(digit);
            for cell in grid.layout().common_peers(holding) & grid.cells_with(digit) {
                removed[cell.index()].insert(digit);
                touched |= cell.set();
            }
        }
        let mut forced = Vec::new();
        for cell in touched {
            let left = grid.candidates(cell) - removed[cell.index()];
            if removed[cell.index()].len() >= 2 && left.len() == 1 {
                forced.extend(left.first().map(|digit| Node::new(cell, digit)));
            }
        }
        forced
    }

    /// The links from a candidate or group into ALS nodes.
    fn push_als_links(&mut self, links: &[Link]) {
        self.links.extend_from_slice(links);
    }

    /// An ALS node's links: weak to the candidates, then the groups, of its digit seeing all its
    /// cells, then `more` (to other sets, and strong to the candidates it forces); strong to the
    /// nodes of the set's other digits.
    fn push_set_links(&mut self, grid: &Candidates, node: Node, groups: &[Node], more: &[Link]) {
        let digit = node.digit();
        let seeing = grid.layout().common_peers(self.cells(node));
        for cell in seeing & grid.cells_with(digit) {
            self.links.push(Link { to: Node::new(cell, digit), strong: false, via: Via::Peers });
        }
        let inside = |g: &&Node| g.digit() == digit && self.groups.cells(**g).is_subset(seeing);
        for &group in groups.iter().filter(inside) {
            self.links.push(Link { to: group, strong: false, via: Via::Peers });
        }
        self.links.extend_from_slice(more);
        let set = node.als_set();
        for other in Digit::ALL.into_iter().filter(|&d| d != digit) {
            let to = Node::als(set, other);
            if !self.cells(to).is_empty() {
                self.links.push(Link { to, strong: true, via: Via::Als });
            }
        }
    }
}

/// The links into ALS nodes of each candidate and group node, and the links of each ALS node to
/// other sets and to the candidates it forces.
struct AlsEntries {
    into: Vec<Vec<Link>>,
    out: Vec<Vec<Link>>,
}

impl AlsEntries {
    /// The links of a candidate or group into ALS nodes (none in a graph without sets).
    fn entering(&self, node: Node) -> &[Link] {
        self.into.get(node.index()).map_or(&[], Vec::as_slice)
    }

    /// The links of an ALS node to other sets and forced candidates.
    fn out(&self, node: Node) -> &[Link] {
        &self.out[node.index() - Node::COUNT]
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
            Via::House(_) | Via::Peers | Via::Als | Via::Forced => self.in_house,
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
    /// Whether the chain may pass through almost locked sets.
    pub(crate) als: bool,
}

impl LinkRules {
    /// X-Chains: one digit, links between cells only.
    pub(crate) fn single_digit(grid: &Candidates, digit: Digit) -> LinkRules {
        let mut nodes = NodeSet::EMPTY;
        for cell in grid.cells_with(digit) {
            nodes.insert(Node::new(cell, digit));
        }
        LinkRules { nodes, strong: LinkKinds::HOUSE, weak: LinkKinds::HOUSE, als: false }
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
        LinkRules { nodes, strong: LinkKinds::ANY, weak: LinkKinds::ANY, als: false }
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
        LinkRules { nodes, strong: LinkKinds::CELL, weak: LinkKinds::HOUSE, als: false }
    }

    /// The same rules, with chains through almost locked sets.
    pub(crate) fn through_als(self) -> LinkRules {
        LinkRules { als: true, ..self }
    }

    /// Whether a chain may use `link` for a strong inference (`strong`) or a weak one.
    pub(crate) fn allows(&self, link: &Link, strong: bool) -> bool {
        let visitable = if link.to.is_als() { self.als } else { self.nodes.contains(link.to) };
        if !visitable {
            return false;
        }
        if strong {
            link.strong && self.strong.allow(link.via)
        } else {
            !matches!(link.via, Via::Als | Via::Forced) && self.weak.allow(link.via)
        }
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
                        Via::Peers | Via::Als | Via::Forced => {
                            panic!("the plain graph has no almost locked sets")
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
        let table = GroupTable::new(&grid);
        assert!(!groups.is_empty());
        assert!(groups.windows(2).all(|w| w[0] < w[1]), "sorted by index");
        for group in &groups {
            let cells = table.cells(*group);
            assert!(group.is_group() && (2..=3).contains(&cells.len()), "{group}");
            let houses: Vec<House> = table.houses(*group).collect();
            let [line, block] = houses[..] else { panic!("a line and a box") };
            assert!(line.is_line() && !block.is_line());
            let intersection = line.cell_set() & block.cell_set();
            assert_eq!(grid.cells_with(group.digit()) & intersection, cells, "{group}");
        }
        let eight = Digit::new(8).expect("digit");
        let r79c4 =
            groups.iter().find(|g| g.digit() == eight && table.cells(**g).first() == Some(Cell::at(6, 3)));
        let r79c4 = *r79c4.expect("8r79c4");
        assert_eq!(
            format!("{}{}", r79c4.digit(), super::super::search::compact(table.cells(r79c4))),
            "8r79c4"
        );
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
                let (a, b) = (graph.cells(from), graph.cells(link.to));
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

    #[test]
    fn grouped_graph_adds_to_each_candidate_the_groups_it_shares_a_house_with() {
        let grid = position(GROUPED);
        let (plain, grouped) = (LinkGraph::new(&grid), LinkGraph::grouped(&grid));
        let groups = group_nodes(&grid);
        let table = GroupTable::new(&grid);
        for cell in grid.unsolved() {
            for digit in grid.candidates(cell) {
                let node = Node::new(cell, digit);
                let (own, all) = (plain.links(node), grouped.links(node));
                assert_eq!(&all[..own.len()], own, "{node}: the candidate links come first, unchanged");
                // Every group of the digit, in order, apart from the cell and sharing a house with
                // it, through the first of its houses (line, then box) that holds the cell.
                let expected: Vec<Link> = groups
                    .iter()
                    .filter(|&&g| g.digit() == digit && !table.cells(g).contains(cell))
                    .filter_map(|&g| {
                        let house = table.houses(g).find(|h| h.cell_set().contains(cell))?;
                        let strong = grid.house_cells_with(house, digit) == table.cells(g) | cell.set();
                        Some(Link { to: g, strong, via: Via::House(house) })
                    })
                    .collect();
                assert_eq!(&all[own.len()..], &expected[..], "{node}");
            }
        }
    }

    /// HoDoKu's "with ALS" discontinuous loop case: its chain passes through a set that forces a
    /// cell (r7c1,r8c1,r9c1,r9c2 without 8 leave r7c2 only 6).
    const WITH_ALS: &str = ":0710-4:8:..7942...3..5...4.......9...82+73.+56167.+1+5.+83213+5+82+647+9..1.......5...8..4...4156..:519 339 976:838::12";

    #[test]
    fn als_nodes_link_weakly_to_what_sees_them_and_strongly_inside_their_set() {
        let grid = position(WITH_ALS);
        let graph = LinkGraph::with_als(&grid);
        assert_eq!(LinkGraph::grouped(&grid).node_count(), Node::COUNT, "no sets without asking");
        assert!(graph.node_count() > Node::COUNT);
        let rules = LinkRules::every_candidate(&grid, &group_nodes(&grid)).through_als();
        let (mut weak, mut inside, mut forcing) = (0, 0, 0);
        for index in 0..graph.node_count() {
            let from = Node(index as u16);
            for link in graph.links(from) {
                let (a, b) = (graph.cells(from), graph.cells(link.to));
                match link.via {
                    Via::Peers => {
                        assert!(from.is_als() || link.to.is_als());
                        assert!(!link.strong && from.digit() == link.to.digit());
                        assert!(b.is_subset(a.common_peers()), "every cell of one end sees the other's");
                        weak += 1;
                    }
                    Via::Als => {
                        let set = graph.als_set(from).expect("a set");
                        assert_eq!(graph.als_set(link.to), Some(set));
                        assert!(link.strong && from.digit() != link.to.digit());
                        assert!(a.is_subset(set.cells) && b.is_subset(set.cells));
                        assert!(!rules.allows(link, false), "both digits may be in the set");
                        inside += 1;
                    }
                    Via::Forced => {
                        let (set_node, cell_node) =
                            if from.is_als() { (from, link.to) } else { (link.to, from) };
                        let set = graph.als_set(set_node).expect("a set");
                        assert!(link.strong && cell_node.is_candidate());
                        let cell = cell_node.cell();
                        for other in grid.candidates(cell).iter().filter(|&d| d != cell_node.digit()) {
                            assert!(other != set_node.digit() && set.digits.contains(other));
                            let holding = set.cells & grid.cells_with(other);
                            assert!(holding.common_peers().contains(cell), "the locked set takes {other}");
                        }
                        assert!(
                            !rules.allows(link, false),
                            "the set may hold its digit and the cell its own"
                        );
                        forcing += 1;
                    }
                    _ => assert!(!from.is_als() && !link.to.is_als()),
                }
            }
        }
        assert!(weak > 100 && inside > 100 && forcing > 0, "{weak} {inside} {forcing}");
    }
}
