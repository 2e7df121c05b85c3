//! The exact solver for any houses and cages (killer, Sudoku X, jigsaw and their mixtures): forced
//! moves (naked and hidden singles in every house of the layout, and per cage, and per group of
//! innies or outies of a house, the digits that some filling of its remaining sum still allows),
//! then a branch on the cell with the fewest candidates.
//!
//! It must be right on every grid and layout, including ones with conflicts (they have no
//! solution). Counting stops at a limit, so uniqueness checks stay cheap. The classic layout
//! without cages has the faster band solver of [`super::board`].

use super::Uniqueness;
use crate::engine::killer::{Cages, combinations};
use crate::engine::{ByCell, Cell, CellSet, Digit, Grid, Layout};

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
    /// Each cage's cells and sum, followed by the groups of distinct cells whose sum the rule of 45
    /// gives ([`sum_groups`]): the same kind of constraint, read the same way.
    cages: Vec<(Vec<u8>, u32)>,
}

impl Rules {
    fn new(layout: &Layout, cages: Option<&Cages>) -> Rules {
        let mates = |cell: Cell| cages.map_or(CellSet::EMPTY, |c| c.cage_mates(cell));
        let unlike: Vec<CellSet> = Cell::ALL.iter().map(|&cell| layout.peers(cell) | mates(cell)).collect();
        let peers = unlike.iter().map(|set| set.iter().map(|c| c.index() as u8).collect()).collect();
        let houses =
            layout.houses().iter().map(|&house| layout.cells(house).map(|c| c.index() as u8)).collect();
        let cages = cages.map_or_else(Vec::new, |cages| sum_groups(layout, cages, &unlike));
        Rules { peers, houses, cages }
    }
}

/// The cages as lists of cells with their sums, then what the rule of 45 adds per house of the
/// layout: the cells of the house outside the cages wholly inside it (its innies), which sum to 45
/// less those cages; and, when the cages that meet the house cover it, their cells outside it (its
/// outies), which sum to those cages less 45, if they pairwise may not share a digit (`unlike`: each
/// cell's house peers and cage mates). The search reads each group as a cage, which settles far
/// more killers without a branch.
fn sum_groups(layout: &Layout, cages: &Cages, unlike: &[CellSet]) -> Vec<(Vec<u8>, u32)> {
    let indices = |cells: CellSet| cells.iter().map(|c| c.index() as u8).collect::<Vec<u8>>();
    let mut groups: Vec<(Vec<u8>, u32)> =
        cages.as_slice().iter().map(|cage| (indices(cage.cells()), cage.sum())).collect();
    for &house in layout.houses() {
        let cells: CellSet = layout.cells(house).iter().copied().collect();
        let (mut inside, mut inside_sum) = (CellSet::EMPTY, 0);
        let (mut meeting, mut meeting_sum) = (CellSet::EMPTY, 0);
        for cage in cages.as_slice() {
            if cage.cells().is_subset(cells) {
                inside |= cage.cells();
                inside_sum += cage.sum();
            }
            if !(cage.cells() & cells).is_empty() {
                meeting |= cage.cells();
                meeting_sum += cage.sum();
            }
        }
        let innies = cells - inside;
        if !inside.is_empty() && !innies.is_empty() && inside_sum < 45 {
            groups.push((indices(innies), 45 - inside_sum));
        }
        let outies = meeting - cells;
        let distinct =
            || outies.iter().all(|a| outies.iter().all(|b| a == b || unlike[a.index()].contains(b)));
        if cells.is_subset(meeting) && (1..=9).contains(&outies.len()) && meeting_sum > 45 && distinct() {
            groups.push((indices(outies), meeting_sum - 45));
        }
    }
    groups
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
    fn propagate(&mut self, rules: &Rules, settled: &mut [Settled]) -> bool {
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
            // The cages are read once the singles are done: they cost more.
            if changed {
                continue;
            }
            match self.cage_combinations(rules, settled) {
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

    /// Narrows each cage's open cells to the digits that some way of filling the cage allows: distinct
    /// digits, each among its cell's candidates, that make up what is left of the sum. `None` when a
    /// cage has no way left.
    fn cage_combinations(&mut self, rules: &Rules, settled: &mut [Settled]) -> Option<bool> {
        let mut changed = false;
        for ((cells, sum), settled) in rules.cages.iter().zip(settled) {
            let mut now = [u16::MAX; 9];
            for (slot, &c) in now.iter_mut().zip(cells) {
                let c = usize::from(c);
                *slot = if self.values[c] == 0 { self.cands[c] } else { 0x8000 | u16::from(self.values[c]) };
            }
            if *settled == now {
                continue;
            }
            let mut open = [0u8; 9];
            let mut count = 0;
            let mut rest = *sum;
            for &c in cells {
                let c = c as usize;
                match self.values[c] {
                    0 => {
                        open[count] = c as u8;
                        count += 1;
                    }
                    value => rest = rest.checked_sub(u32::from(value))?,
                }
            }
            if count == 0 {
                if rest != 0 {
                    return None;
                }
                continue;
            }
            let open = &open[..count];
            let cands = open.iter().map(|&c| self.cands[c as usize]);
            let support =
                if count <= GAC_MAX { fillings(cands, rest)? } else { by_combinations(cands, rest)? };
            for (&c, &allowed) in open.iter().zip(&support) {
                let c = c as usize;
                if self.cands[c] & !allowed != 0 {
                    self.cands[c] &= allowed;
                    changed = true;
                }
            }
            // Narrowed to what the fillings allow, the cage allows all that is left.
            for (slot, &c) in now.iter_mut().zip(cells) {
                let c = usize::from(c);
                if self.values[c] == 0 {
                    *slot = self.cands[c];
                }
            }
            *settled = now;
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

/// A cage's cells as last seen narrowed by its sum (a candidate mask per open cell, the digit with
/// the top bit set per placed one): while they are unchanged the cage has nothing new to say, in
/// whichever node of the search they are met.
type Settled = [u16; 9];

struct Search<'r> {
    rules: Rules,
    /// Per cage of `rules`, its cells as last settled.
    settled: Vec<Settled>,
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
        let settled = vec![[u16::MAX; 9]; rules.cages.len()];
        Search { rules, settled, limit, found: 0, first: None, nodes: 0, max_nodes, shuffle: None }
    }

    /// Whether the search is over: enough solutions, or out of nodes.
    fn done(&self) -> bool {
        self.found >= self.limit || self.nodes > self.max_nodes
    }

    fn run(&mut self, mut state: State) {
        self.nodes = self.nodes.saturating_add(1);
        if self.done() || !state.propagate(&self.rules, &mut self.settled) {
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

/// For open cells with candidates `cands` (at most nine) that must hold distinct digits summing to
/// `rest`, each cell's digits that belong to some such filling; `None` when there is none. A pass
/// forward over the sets of digits the first cells can take, then one back over those that can be
/// completed: at most 512 sets per cell.
fn fillings(cands: impl Iterator<Item = u16>, rest: u32) -> Option<[u16; 9]> {
    let mut cells = [0u16; 9];
    let mut count = 0;
    for (slot, c) in cells.iter_mut().zip(cands) {
        *slot = c;
        count += 1;
    }
    // reached[i]: the digit sets the first `i` cells can hold, distinct and within their candidates.
    let mut reached = [SetOfSets::EMPTY; 10];
    reached[0].insert(0);
    for i in 0..count {
        for set in reached[i].iter() {
            for digit in single_bits(cells[i] & !set) {
                reached[i + 1].insert(set | digit);
            }
        }
    }
    // good[i]: the sets reached by the first `i` cells that the others can complete to `rest`.
    let mut good = [SetOfSets::EMPTY; 10];
    for set in reached[count].iter() {
        if digit_total(set) == rest {
            good[count].insert(set);
        }
    }
    let mut support = [0u16; 9];
    for i in (0..count).rev() {
        for set in reached[i].iter() {
            for digit in single_bits(cells[i] & !set) {
                if good[i + 1].contains(set | digit) {
                    support[i] |= digit;
                    good[i].insert(set);
                }
            }
        }
    }
    good[0].contains(0).then_some(support)
}

/// The most open cells of a cage that [`fillings`] reads; a larger cage is read by
/// [`by_combinations`].
const GAC_MAX: usize = 3;

/// [`fillings`] more cheaply and less sharply, for cages with many open cells: each cell keeps the
/// digits of the combinations of distinct digits that make up `rest` and that the open cells
/// together can hold.
fn by_combinations(cands: impl Iterator<Item = u16> + Clone, rest: u32) -> Option<[u16; 9]> {
    let count = cands.clone().count();
    let open = cands.clone().fold(0, |all, c| all | c);
    let mut allowed = 0u16;
    for combo in combinations(count, rest) {
        let combo = combo.bits();
        if combo & !open == 0 {
            allowed |= combo;
        }
    }
    let mut support = [0u16; 9];
    for (slot, c) in support.iter_mut().zip(cands) {
        *slot = c & allowed;
        if *slot == 0 {
            return None;
        }
    }
    Some(support)
}

/// A set of digit sets (9-bit masks): one bit for each of the 512.
#[derive(Clone, Copy)]
struct SetOfSets([u64; 8]);

impl SetOfSets {
    const EMPTY: SetOfSets = SetOfSets([0; 8]);

    fn insert(&mut self, set: u16) {
        self.0[usize::from(set) / 64] |= 1 << (set % 64);
    }

    fn contains(&self, set: u16) -> bool {
        self.0[usize::from(set) / 64] & (1 << (set % 64)) != 0
    }

    /// The digit sets held, smallest mask first.
    fn iter(self) -> impl Iterator<Item = u16> {
        (0u16..8).flat_map(move |word| {
            let mut bits = self.0[usize::from(word)];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as u16;
                    bits &= bits - 1;
                    word * 64 + bit
                })
            })
        })
    }
}

/// The set bits of `mask`, each as a mask of its own, lowest first.
fn single_bits(mut mask: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask &= mask - 1;
            bit
        })
    })
}

const fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

fn digit_total(bits: u16) -> u32 {
    (1..=9u32).filter(|d| bits & (1 << (d - 1)) != 0).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::killer::Cage;

    #[test]
    fn fillings_keep_the_digits_of_some_filling_only() {
        // Two cells of 1-3 making 4: 1+3 only, so 2 goes from both.
        let support = fillings([0b111, 0b111].into_iter(), 4).expect("1+3");
        assert_eq!(support[..2], [0b101, 0b101]);
        // The first cell must be 1 (the second has no 1): then the second is 3.
        let support = fillings([0b111, 0b110].into_iter(), 4).expect("1+3");
        assert_eq!(support[..2], [0b001, 0b100]);
        // Three cells of 1-2 cannot hold distinct digits; and nothing of 1-3 makes 20.
        assert_eq!(fillings([0b11, 0b11, 0b11].into_iter(), 3), None);
        assert_eq!(fillings([0b111, 0b111].into_iter(), 20), None);
    }

    #[test]
    fn the_rule_of_45_adds_innies_and_outies() {
        let cells = |list: &[(usize, usize)]| list.iter().map(|&(r, c)| Cell::at(r, c)).collect::<CellSet>();
        // Row 0: cells 0-5 in two cages of 21 and 6 (inside), cells 6-8 with row 1's 6-8 in one of 33.
        let cages = Cages::new(vec![
            Cage::new(cells(&[(0, 0), (0, 1), (0, 2)]), 21),
            Cage::new(cells(&[(0, 3), (0, 4), (0, 5)]), 6),
            Cage::new(cells(&[(0, 6), (0, 7), (0, 8), (1, 6), (1, 7), (1, 8)]), 33),
        ])
        .expect("valid cages");
        let groups = Rules::new(Layout::classic_ref(), Some(&cages)).cages;
        let indices =
            |list: &[(usize, usize)]| list.iter().map(|&(r, c)| (r * 9 + c) as u8).collect::<Vec<u8>>();
        assert!(groups.contains(&(indices(&[(0, 6), (0, 7), (0, 8)]), 18)), "row 0's innies: 45 - 21 - 6");
        assert!(groups.contains(&(indices(&[(1, 6), (1, 7), (1, 8)]), 15)), "row 0's outies: 60 - 45");
        // The solver reads them: the innies and outies settle a count that is still right.
        assert_eq!(count_killer_solutions(&Grid::empty(), &cages, 2), 2);
    }
}
