//! SE's potentials (a candidate assumed true, "on", or false, "off": a [`Literal`]), the board the
//! implications are read from, and the implication graph: an arena of potentials, each with the
//! potentials it was deduced from, so SE's chain complexity (the number of distinct ancestors) can
//! be counted.

use crate::engine::literal::Literal;
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House};

/// A set of candidates (729 bits, by [`Candidate::index`]).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(super) struct CandSet([u64; 12]);

impl CandSet {
    /// Whether `cand` is in the set.
    pub(super) fn contains(&self, cand: Candidate) -> bool {
        self.0[cand.index() / 64] >> (cand.index() % 64) & 1 == 1
    }

    /// Adds `cand`; returns whether it was new.
    pub(super) fn insert(&mut self, cand: Candidate) -> bool {
        let (word, bit) = (cand.index() / 64, cand.index() % 64);
        let new = self.0[word] >> bit & 1 == 0;
        self.0[word] |= 1 << bit;
        new
    }

    /// The candidates in both sets.
    pub(super) fn and(&self, other: &CandSet) -> CandSet {
        let mut out = *self;
        for (word, o) in out.0.iter_mut().zip(other.0) {
            *word &= o;
        }
        out
    }

    /// Whether the set is empty.
    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// A set of potentials (1458 bits, by [`Literal::index`]).
#[derive(Clone, Copy)]
struct LiteralSet([u64; Literal::COUNT.div_ceil(64)]);

impl LiteralSet {
    fn insert(&mut self, literal: Literal) -> bool {
        let (word, bit) = (literal.index() / 64, literal.index() % 64);
        let new = self.0[word] >> bit & 1 == 0;
        self.0[word] |= 1 << bit;
        new
    }
}

/// The three houses of a cell in SE's order (block, row, column).
pub(super) fn houses_se_order(cell: Cell) -> [House; 3] {
    [cell.box_house(), cell.row_house(), cell.col_house()]
}

/// The pencil marks implications are read from: candidates per cell and cells per digit. Dynamic
/// chaining removes the potentials it has turned off from a working copy.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Board {
    cands: [DigitSet; 81],
    cells: [CellSet; 9],
    empty: CellSet,
    placed: [u8; 9],
}

impl Board {
    /// The board of `grid`'s candidates.
    pub(super) fn new(grid: &Candidates) -> Board {
        Board {
            cands: std::array::from_fn(|i| grid.candidates(Cell::from_index(i))),
            cells: std::array::from_fn(|d| grid.cells_with(Digit::from_index(d))),
            empty: grid.unsolved(),
            placed: std::array::from_fn(|d| {
                let digit = Digit::from_index(d);
                Cell::ALL.into_iter().filter(|&c| grid.value(c) == Some(digit)).count() as u8
            }),
        }
    }

    /// The cells without a placed digit.
    pub(super) fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// How many times `digit` is placed.
    pub(super) fn placed_count(&self, digit: Digit) -> usize {
        usize::from(self.placed[digit.index()])
    }

    /// The candidates of `cell`.
    pub(super) fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands[cell.index()]
    }

    /// Whether `cand` is still a candidate.
    pub(super) fn has(&self, cand: Candidate) -> bool {
        self.cells[cand.digit.index()].contains(cand.cell)
    }

    /// The cells where `digit` is a candidate.
    pub(super) fn cells_with(&self, digit: Digit) -> CellSet {
        self.cells[digit.index()]
    }

    /// The cells of `house` where `digit` is a candidate.
    pub(super) fn house_cells_with(&self, house: House, digit: Digit) -> CellSet {
        self.cells[digit.index()] & house.cell_set()
    }

    /// Removes `cand`.
    pub(super) fn remove(&mut self, cand: Candidate) {
        self.cands[cand.cell.index()].remove(cand.digit);
        self.cells[cand.digit.index()].remove(cand.cell);
    }

    /// The empty cells in reading order.
    pub(super) fn cells_with_candidates(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::ALL.into_iter().filter(|c| !self.cands[c.index()].is_empty())
    }
}

/// An index into a [`Graph`].
pub(super) type NodeId = u32;

/// One potential in the graph and where its parents are in the parent pool.
#[derive(Clone, Copy)]
struct Node {
    potential: Literal,
    parents_start: u32,
    parents_len: u32,
}

/// The implication graph of one propagation: potentials in the order they were deduced, each with
/// the potentials it follows from (one for a static link; more in dynamic chains, where a single
/// also rests on the candidates turned off before it).
#[derive(Default)]
pub(super) struct Graph {
    nodes: Vec<Node>,
    parents: Vec<NodeId>,
}

impl Graph {
    /// Adds `potential`, deduced from `parents`.
    pub(super) fn add(&mut self, potential: Literal, parents: &[NodeId]) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            potential,
            parents_start: self.parents.len() as u32,
            parents_len: parents.len() as u32,
        });
        self.parents.extend_from_slice(parents);
        id
    }

    /// Empties the graph, keeping its memory.
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
    }

    /// The potential of `node`.
    pub(super) fn potential(&self, node: NodeId) -> Literal {
        self.nodes[node as usize].potential
    }

    /// The parents of `node`.
    pub(super) fn parents(&self, node: NodeId) -> &[NodeId] {
        let n = self.nodes[node as usize];
        &self.parents[n.parents_start as usize..(n.parents_start + n.parents_len) as usize]
    }

    /// The first parent of `node` (the link it was deduced by), if any.
    pub(super) fn first_parent(&self, node: NodeId) -> Option<NodeId> {
        self.parents(node).first().copied()
    }

    /// SE's ancestor count: the distinct potentials `node` rests on, itself included.
    pub(super) fn ancestor_count(&self, node: NodeId) -> u32 {
        let mut seen = LiteralSet([0; Literal::COUNT.div_ceil(64)]);
        let mut stack = vec![node];
        let mut count = 0;
        while let Some(n) = stack.pop() {
            if seen.insert(self.potential(n)) {
                count += 1;
                stack.extend_from_slice(self.parents(n));
            }
        }
        count
    }

    /// The number of nodes.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }
}

/// The offs an "on" potential implies (SE's `getOnToOff`), in SE's order: the cell's other digits
/// (when `cell_links`), then the digit's other places in the block, row and column.
pub(super) fn on_to_off(board: &Board, cand: Candidate, cell_links: bool, out: &mut Vec<Candidate>) {
    out.clear();
    let Candidate { cell, digit } = cand;
    if cell_links {
        for d in board.candidates(cell) {
            if d != digit {
                out.push(Candidate::new(cell, d));
            }
        }
    }
    let mut seen = CellSet::EMPTY;
    for house in houses_se_order(cell) {
        for other in board.house_cells_with(house, digit) - cell.set() - seen {
            out.push(Candidate::new(other, digit));
        }
        seen |= house.cell_set();
    }
}

/// What makes an "off" potential imply an "on": the cell's last other digit, or the digit's last other
/// place in a house.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum OnCause {
    /// The cell has one other digit left.
    Cell,
    /// The house has one other place left for the digit.
    House(House),
}

/// The ons an "off" potential implies (SE's `getOffToOn`), in SE's order: the cell's other digit when
/// it has two (with `cell_links`), then the other place of the digit in the block, row, column when
/// `house_links` and the house has two.
pub(super) fn off_to_on(
    board: &Board,
    cand: Candidate,
    cell_links: bool,
    house_links: bool,
    out: &mut Vec<(Candidate, OnCause)>,
) {
    out.clear();
    let Candidate { cell, digit } = cand;
    if cell_links {
        let cands = board.candidates(cell);
        if cands.len() == 2
            && let Some(other) = (cands - DigitSet::from_digit(digit)).first()
        {
            out.push((Candidate::new(cell, other), OnCause::Cell));
        }
    }
    if house_links {
        let mut seen = CellSet::EMPTY;
        for house in houses_se_order(cell) {
            let places = board.house_cells_with(house, digit);
            if places.len() == 2
                && let Some(other) = (places - cell.set()).single()
                && !seen.contains(other)
            {
                seen.insert(other);
                out.push((Candidate::new(other, digit), OnCause::House(house)));
            }
        }
    }
}
