//! The exact solver for any houses and cages (killer, Sudoku X, jigsaw and their mixtures): forced
//! moves (naked and hidden singles in every house of the layout, and per cage the digits that some
//! combination still allows, with a cage's compulsory digit placed where only one cell can take it),
//! then a branch on the cell with the fewest candidates.
//!
//! It must be right on every grid and layout, including ones with conflicts (they have no
//! solution). Counting stops at a limit, so uniqueness checks stay cheap. The classic layout
//! without cages has the faster band solver of [`super::board`].

use super::Uniqueness;
use crate::engine::killer::{Cages, combinations};
use crate::engine::{ByCell, Cell, Digit, Grid, Layout};

/// Counts the solutions of `grid` under `cages`, stopping at `limit`.
///
/// ```
/// use termdoku::engine::{Cell, Grid, count_killer_solutions, killer::{Cage, Cages}};
/// // Nine row cages of 45 say nothing new: the empty grid still has many solutions.
/// let rows = (0..9).map(|r| Cage::new((0..9).map(|c| Cell::at(r, c)).collect(), 45)).collect();
/// assert_eq!(count_killer_solutions(&Grid::empty(), &Cages::new(rows).unwrap(), 2), 2);
/// ```
pub fn count_killer_solutions(grid: &Grid, cages: &Cages, limit: usize) -> usize {
    count_solutions_under(grid, Layout::classic_ref(), Some(cages), limit)
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
    count_solutions_under_within(grid, Layout::classic_ref(), Some(cages), limit, max_nodes)
}

/// A solution of `grid` under `cages`, if it has one.
pub fn solve_killer(grid: &Grid, cages: &Cages) -> Option<Grid> {
    solve_under(grid, Layout::classic_ref(), Some(cages))
}

/// Whether `grid` under `cages` has no solution, exactly one, or more.
pub fn check_unique_killer(grid: &Grid, cages: &Cages) -> Uniqueness {
    check_unique_under(grid, Layout::classic_ref(), Some(cages))
}

/// Counts the solutions of `grid` under the houses of `layout` and `cages` (if any), stopping at
/// `limit`.
///
/// ```
/// use termdoku::engine::{Cell, Digit, Grid, Layout, count_solutions_under};
/// let mut grid = Grid::empty();
/// grid.set(Cell::at(0, 0), Digit::new(1));
/// grid.set(Cell::at(8, 8), Digit::new(1));
/// assert_eq!(count_solutions_under(&grid, Layout::classic_ref(), None, 2), 2);
/// assert_eq!(count_solutions_under(&grid, &Layout::x(), None, 2), 0);
/// ```
pub fn count_solutions_under(grid: &Grid, layout: &Layout, cages: Option<&Cages>, limit: usize) -> usize {
    count_solutions_under_within(grid, layout, cages, limit, usize::MAX).unwrap_or(limit)
}

/// [`count_solutions_under`], giving up with `None` after `max_nodes` nodes of the search.
pub fn count_solutions_under_within(
    grid: &Grid,
    layout: &Layout,
    cages: Option<&Cages>,
    limit: usize,
    max_nodes: usize,
) -> Option<usize> {
    let rules = Rules::new(layout, cages);
    let Some(state) = State::new(grid, &rules) else { return Some(0) };
    let mut search = Search::new(rules, limit, max_nodes);
    search.run(state);
    (search.nodes <= max_nodes).then_some(search.found)
}

/// A solution of `grid` under the houses of `layout` and `cages` (if any), if it has one.
pub fn solve_under(grid: &Grid, layout: &Layout, cages: Option<&Cages>) -> Option<Grid> {
    let rules = Rules::new(layout, cages);
    let state = State::new(grid, &rules)?;
    let mut search = Search::new(rules, 1, usize::MAX);
    search.run(state);
    search.first
}

/// A random solution of `grid` under the houses of `layout` and `cages` (if any): at every branch
/// the digits are tried in an order shuffled by `rng`, so from the empty grid this gives a random
/// complete grid of the layout. `None` if there is no solution.
///
/// ```
/// use rand::SeedableRng;
/// use termdoku::engine::{Grid, Layout, random_solution_under};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let x = Layout::x();
/// let full = random_solution_under(&Grid::empty(), &x, None, &mut rng).expect("X grids exist");
/// assert!(x.is_solved(&full));
/// ```
pub fn random_solution_under(
    grid: &Grid,
    layout: &Layout,
    cages: Option<&Cages>,
    rng: &mut impl rand::Rng,
) -> Option<Grid> {
    random_solution_under_within(grid, layout, cages, rng, usize::MAX).flatten()
}

/// [`random_solution_under`], giving up with `None` after `max_nodes` nodes of the search;
/// `Some(None)` when there is no solution. The generator bounds the rare slow fill of a jigsaw
/// layout this way, reproducibly: the count of nodes does not depend on the machine.
pub fn random_solution_under_within(
    grid: &Grid,
    layout: &Layout,
    cages: Option<&Cages>,
    rng: &mut impl rand::Rng,
    max_nodes: usize,
) -> Option<Option<Grid>> {
    let rules = Rules::new(layout, cages);
    let Some(state) = State::new(grid, &rules) else { return Some(None) };
    let mut search = Search::new(rules, 1, max_nodes);
    search.shuffle = Some(rng);
    search.run(state);
    (search.first.is_some() || search.nodes <= max_nodes).then_some(search.first)
}

/// Whether `grid` under the houses of `layout` and `cages` (if any) has no solution, exactly one,
/// or more.
pub fn check_unique_under(grid: &Grid, layout: &Layout, cages: Option<&Cages>) -> Uniqueness {
    let rules = Rules::new(layout, cages);
    let Some(state) = State::new(grid, &rules) else { return Uniqueness::NoSolution };
    let mut search = Search::new(rules, 2, usize::MAX);
    search.run(state);
    match (search.found, search.first) {
        (1, Some(solution)) => Uniqueness::Unique(solution),
        (0, _) | (_, None) => Uniqueness::NoSolution,
        _ => Uniqueness::Multiple,
    }
}

/// The fixed part of the problem: for every cell the cells that may not share its digit, the houses
/// as lists of cells, and the cages as lists of cells with their sums.
struct Rules {
    /// House peers plus cage mates, per cell.
    peers: Vec<Vec<u8>>,
    /// The cells of each house of the layout.
    houses: Vec<[u8; 9]>,
    /// Each cage's cells and sum.
    cages: Vec<(Vec<u8>, u32)>,
}

impl Rules {
    fn new(layout: &Layout, cages: Option<&Cages>) -> Rules {
        let mates = |cell: Cell| cages.map_or(crate::engine::CellSet::EMPTY, |c| c.cage_mates(cell));
        let peers = Cell::ALL
            .iter()
            .map(|&cell| (layout.peers(cell) | mates(cell)).iter().map(|c| c.index() as u8).collect())
            .collect();
        let houses =
            layout.houses().iter().map(|&house| layout.cells(house).map(|c| c.index() as u8)).collect();
        let cages = cages
            .map(|cages| cages.as_slice())
            .unwrap_or_default()
            .iter()
            .map(|cage| (cage.cells().iter().map(|c| c.index() as u8).collect(), cage.sum()))
            .collect();
        Rules { peers, houses, cages }
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
    fn new(grid: &Grid, rules: &Rules) -> Option<State> {
        let mut state = State { values: [0; 81], cands: [ALL; 81] };
        for cell in Cell::ALL {
            if let Some(digit) = grid.get(cell) {
                if rules.peers[cell.index()]
                    .iter()
                    .any(|&peer| grid.get(Cell::from_index(peer.into())) == Some(digit))
                {
                    return None;
                }
                state.values[cell.index()] = digit.get();
                state.cands[cell.index()] = 0;
            }
        }
        for cell in Cell::ALL {
            if let Some(digit) = grid.get(cell) {
                for &peer in &rules.peers[cell.index()] {
                    state.cands[usize::from(peer)] &= !bit(digit.get());
                }
            }
        }
        Some(state)
    }

    fn place(&mut self, rules: &Rules, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        for &peer in &rules.peers[cell] {
            self.cands[peer as usize] &= !bit(digit);
        }
    }

    /// Applies forced moves until none is left; `false` on a contradiction.
    fn propagate(&mut self, rules: &Rules) -> bool {
        loop {
            let mut changed = false;
            for cell in 0..81 {
                if self.values[cell] != 0 {
                    continue;
                }
                match self.cands[cell].count_ones() {
                    0 => return false,
                    1 => {
                        self.place(rules, cell, self.cands[cell].trailing_zeros() as u8 + 1);
                        changed = true;
                    }
                    _ => {}
                }
            }
            match self.hidden_singles(rules) {
                None => return false,
                Some(true) => changed = true,
                Some(false) => {}
            }
            match self.cage_combinations(rules) {
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
    fn hidden_singles(&mut self, rules: &Rules) -> Option<bool> {
        let mut changed = false;
        for house in &rules.houses {
            let mut placed = 0u16;
            let mut once = 0u16;
            let mut twice = 0u16;
            for &cell in house {
                let i = usize::from(cell);
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
                    house.iter().map(|&c| usize::from(c)).find(|&i| self.cands[i] & bit(digit) != 0)?;
                self.place(rules, cell, digit);
                changed = true;
            }
        }
        Some(changed)
    }

    /// Narrows each cage's open cells to the digits of the combinations that still fit, and places
    /// a digit every combination needs where only one open cell can take it.
    fn cage_combinations(&mut self, rules: &Rules) -> Option<bool> {
        let mut changed = false;
        for (cells, sum) in &rules.cages {
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
                        self.place(rules, cell, digit);
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

struct Search<'r> {
    rules: Rules,
    limit: usize,
    found: usize,
    first: Option<Grid>,
    /// Nodes entered so far; past `max_nodes` the search stops.
    nodes: usize,
    max_nodes: usize,
    /// When set, the digits of each branch are tried in an order shuffled by it.
    shuffle: Option<&'r mut dyn rand::Rng>,
}

impl<'r> Search<'r> {
    fn new(rules: Rules, limit: usize, max_nodes: usize) -> Search<'r> {
        Search { rules, limit, found: 0, first: None, nodes: 0, max_nodes, shuffle: None }
    }

    /// Whether the search is over: enough solutions, or out of nodes.
    fn done(&self) -> bool {
        self.found >= self.limit || self.nodes > self.max_nodes
    }

    fn run(&mut self, mut state: State) {
        self.nodes = self.nodes.saturating_add(1);
        if self.done() || !state.propagate(&self.rules) {
            return;
        }
        let Some(cell) = state.branch_cell() else {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(state.to_grid());
            }
            return;
        };
        let mut digits: Vec<u8> = (1..=9).filter(|&d| state.cands[cell] & bit(d) != 0).collect();
        if let Some(rng) = self.shuffle.as_deref_mut() {
            use rand::seq::SliceRandom;
            digits.shuffle(rng);
        }
        for digit in digits {
            if self.done() {
                break;
            }
            let mut next = state.clone();
            next.place(&self.rules, cell, digit);
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
