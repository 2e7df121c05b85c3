//! The exact killer solver: forced moves (naked and hidden singles, and per cage the digits that
//! some combination still allows, with a cage's compulsory digit placed where only one cell can take
//! it), then a branch on the cell with the fewest candidates.
//!
//! It must be right on every grid and layout, including ones with conflicts (they have no
//! solution). Counting stops at a limit, so uniqueness checks stay cheap.

use super::Uniqueness;
use crate::engine::killer::{Cages, combinations};
use crate::engine::{ByCell, Cell, Digit, Grid, House};

/// Counts the solutions of `grid` under `cages`, stopping at `limit`.
///
/// ```
/// use termdoku::engine::{Cell, Grid, count_killer_solutions, killer::{Cage, Cages}};
/// // Nine row cages of 45 say nothing new: the empty grid still has many solutions.
/// let rows = (0..9).map(|r| Cage::new((0..9).map(|c| Cell::at(r, c)).collect(), 45)).collect();
/// assert_eq!(count_killer_solutions(&Grid::empty(), &Cages::new(rows).unwrap(), 2), 2);
/// ```
pub fn count_killer_solutions(grid: &Grid, cages: &Cages, limit: usize) -> usize {
    let Some(state) = State::new(grid, cages) else { return 0 };
    let mut search = Search::new(cages, limit, usize::MAX);
    search.run(state);
    search.found
}

/// [`count_killer_solutions`], giving up with `None` after `max_nodes` nodes of the search. A caller
/// that can do without the answer (the generator, which then only passes up one candidate merge)
/// bounds its time this way, and reproducibly: the count of nodes does not depend on the machine.
pub fn count_killer_solutions_within(
    grid: &Grid,
    cages: &Cages,
    limit: usize,
    max_nodes: usize,
) -> Option<usize> {
    let Some(state) = State::new(grid, cages) else { return Some(0) };
    let mut search = Search::new(cages, limit, max_nodes);
    search.run(state);
    (search.nodes <= max_nodes).then_some(search.found)
}

/// A solution of `grid` under `cages`, if it has one.
pub fn solve_killer(grid: &Grid, cages: &Cages) -> Option<Grid> {
    let state = State::new(grid, cages)?;
    let mut search = Search::new(cages, 1, usize::MAX);
    search.run(state);
    search.first
}

/// Whether `grid` under `cages` has no solution, exactly one, or more.
pub fn check_unique_killer(grid: &Grid, cages: &Cages) -> Uniqueness {
    let Some(state) = State::new(grid, cages) else { return Uniqueness::NoSolution };
    let mut search = Search::new(cages, 2, usize::MAX);
    search.run(state);
    match (search.found, search.first) {
        (1, Some(solution)) => Uniqueness::Unique(solution),
        (0, _) | (_, None) => Uniqueness::NoSolution,
        _ => Uniqueness::Multiple,
    }
}

/// The fixed part of the problem: for every cell the cells that may not share its digit, and the
/// cages as lists of cells.
struct Layout {
    /// Row, column and box peers plus cage mates, per cell.
    peers: Vec<Vec<u8>>,
    /// Each cage's cells and sum.
    cages: Vec<(Vec<u8>, u32)>,
}

impl Layout {
    fn new(cages: &Cages) -> Layout {
        let peers = Cell::ALL
            .iter()
            .map(|&cell| (cell.peers() | cages.cage_mates(cell)).iter().map(|c| c.index() as u8).collect())
            .collect();
        let cages = cages
            .as_slice()
            .iter()
            .map(|cage| (cage.cells().iter().map(|c| c.index() as u8).collect(), cage.sum()))
            .collect();
        Layout { peers, cages }
    }
}

/// One node of the search: digits placed so far and the candidates of the empty cells.
#[derive(Clone)]
struct State {
    values: [u8; 81],
    cands: [u16; 81],
}

const ALL: u16 = 0x1ff;

impl State {
    /// The start state, or `None` when a cell's digit conflicts with another's.
    fn new(grid: &Grid, cages: &Cages) -> Option<State> {
        let mut state = State { values: [0; 81], cands: [ALL; 81] };
        let layout_peers: ByCell<_> = ByCell::from_fn(|cell| cell.peers() | cages.cage_mates(cell));
        for cell in Cell::ALL {
            if let Some(digit) = grid.get(cell) {
                if layout_peers[cell].iter().any(|peer| grid.get(peer) == Some(digit)) {
                    return None;
                }
                state.values[cell.index()] = digit.get();
                state.cands[cell.index()] = 0;
            }
        }
        for cell in Cell::ALL {
            if let Some(digit) = grid.get(cell) {
                for peer in layout_peers[cell] {
                    state.cands[peer.index()] &= !bit(digit.get());
                }
            }
        }
        Some(state)
    }

    fn place(&mut self, layout: &Layout, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        for &peer in &layout.peers[cell] {
            self.cands[peer as usize] &= !bit(digit);
        }
    }

    /// Applies forced moves until none is left; `false` on a contradiction.
    fn propagate(&mut self, layout: &Layout) -> bool {
        loop {
            let mut changed = false;
            for cell in 0..81 {
                if self.values[cell] != 0 {
                    continue;
                }
                match self.cands[cell].count_ones() {
                    0 => return false,
                    1 => {
                        self.place(layout, cell, self.cands[cell].trailing_zeros() as u8 + 1);
                        changed = true;
                    }
                    _ => {}
                }
            }
            match self.hidden_singles(layout) {
                None => return false,
                Some(true) => changed = true,
                Some(false) => {}
            }
            match self.cage_combinations(layout) {
                None => return false,
                Some(true) => changed = true,
                Some(false) => {}
            }
            if !changed {
                return true;
            }
        }
    }

    /// Places every digit that has one cell left in a house; `None` when a digit has none.
    fn hidden_singles(&mut self, layout: &Layout) -> Option<bool> {
        let mut changed = false;
        for house in House::ALL {
            let mut placed = 0u16;
            let mut once = 0u16;
            let mut twice = 0u16;
            for &cell in house.cells() {
                let i = cell.index();
                if self.values[i] != 0 {
                    placed |= bit(self.values[i]);
                }
                twice |= once & self.cands[i];
                once |= self.cands[i];
            }
            if (placed | once) != ALL {
                return None;
            }
            let mut singles = once & !twice & !placed;
            while singles != 0 {
                let digit = singles.trailing_zeros() as u8 + 1;
                singles &= singles - 1;
                let cell =
                    house.cells().iter().map(|c| c.index()).find(|&i| self.cands[i] & bit(digit) != 0)?;
                self.place(layout, cell, digit);
                changed = true;
            }
        }
        Some(changed)
    }

    /// Narrows each cage's open cells to the digits of the combinations that still fit, and places
    /// a digit every combination needs where only one open cell can take it.
    fn cage_combinations(&mut self, layout: &Layout) -> Option<bool> {
        let mut changed = false;
        for (cells, sum) in &layout.cages {
            let mut placed = 0u16;
            let mut open = 0u16;
            for &c in cells {
                let c = c as usize;
                if self.values[c] != 0 {
                    placed |= bit(self.values[c]);
                } else {
                    open |= self.cands[c];
                }
            }
            if placed.count_ones() as usize == cells.len() {
                if digit_total(placed) != *sum {
                    return None;
                }
                continue;
            }
            let mut allowed = 0u16;
            let mut needed = ALL;
            for combo in combinations(cells.len(), *sum) {
                let combo = combo.bits();
                if combo & placed == placed && (combo & !placed) & !open == 0 {
                    allowed |= combo & !placed;
                    needed &= combo & !placed;
                }
            }
            if allowed == 0 {
                return None;
            }
            for &c in cells {
                let c = c as usize;
                if self.values[c] == 0 && self.cands[c] & !allowed != 0 {
                    self.cands[c] &= allowed;
                    changed = true;
                }
            }
            while needed != 0 {
                let digit = needed.trailing_zeros() as u8 + 1;
                needed &= needed - 1;
                let mut places =
                    cells.iter().map(|&c| c as usize).filter(|&c| self.cands[c] & bit(digit) != 0);
                match (places.next(), places.next()) {
                    (None, _) => return None,
                    (Some(cell), None) => {
                        self.place(layout, cell, digit);
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        Some(changed)
    }

    /// The empty cell with the fewest candidates, or `None` when the grid is full.
    fn branch_cell(&self) -> Option<usize> {
        (0..81).filter(|&c| self.values[c] == 0).min_by_key(|&c| self.cands[c].count_ones())
    }

    fn to_grid(&self) -> Grid {
        Grid::from_cells(ByCell::from_fn(|cell| Digit::new(self.values[cell.index()])))
    }
}

struct Search {
    layout: Layout,
    limit: usize,
    found: usize,
    first: Option<Grid>,
    /// Nodes entered so far; past `max_nodes` the search stops.
    nodes: usize,
    max_nodes: usize,
}

impl Search {
    fn new(cages: &Cages, limit: usize, max_nodes: usize) -> Search {
        Search { layout: Layout::new(cages), limit, found: 0, first: None, nodes: 0, max_nodes }
    }

    /// Whether the search is over: enough solutions, or out of nodes.
    fn done(&self) -> bool {
        self.found >= self.limit || self.nodes > self.max_nodes
    }

    fn run(&mut self, mut state: State) {
        self.nodes = self.nodes.saturating_add(1);
        if self.done() || !state.propagate(&self.layout) {
            return;
        }
        let Some(cell) = state.branch_cell() else {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(state.to_grid());
            }
            return;
        };
        let mut digits = state.cands[cell];
        while digits != 0 && !self.done() {
            let digit = digits.trailing_zeros() as u8 + 1;
            digits &= digits - 1;
            let mut next = state.clone();
            next.place(&self.layout, cell, digit);
            self.run(next);
        }
    }
}

const fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

fn digit_total(bits: u16) -> u32 {
    (1..=9u32).filter(|d| bits & (1 << (d - 1)) != 0).sum()
}
