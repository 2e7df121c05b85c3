//! HoDoKu's own search for nice loops and AICs (its `TablingSolver`), followed node for node, for
//! the hint path: which loops HoDoKu meets decides which step its path takes.
//!
//! HoDoKu builds a table for every candidate assumed true and assumed false: first the direct
//! implications (the other digits of a true candidate's cell and its digit in its houses are false;
//! a false candidate makes the other digit of its cell, or the other place of its digit in a
//! house, true; and the same for box-line group nodes), then it expands each table breadth first,
//! taking each node's direct implications in their order and keeping the first way it reaches
//! each node. So every node of a table has one chain back to the assumption, the first found
//! among the shortest. A table entry in the assumption's cell closes a nice loop; from a false
//! assumption, a true entry whose cell and digit fit makes an AIC. A chain that runs back into
//! itself (a lasso) is dropped, not replaced by another: our own search ([`super::nice_loops`])
//! finds every loop, HoDoKu only these.
//!
//! The results come in HoDoKu's order (loops from true assumptions, then from false ones, then
//! AICs, each table in the order of its candidates and entries), one per kind and set of
//! eliminations. Where a later chain of the same kind removes the same candidates with fewer
//! nodes, HoDoKu keeps both steps and its sort puts the shorter first; we keep the shorter chain in
//! the first one's place. The removals, and so the path, are the same; only the chain shown may
//! differ, in rare ties.

use crate::engine::literal::Literal;
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House};

use super::graph::{GroupTable, Intersection, Node, Via, meetings};
use super::search::Chain;
use super::shape::Shape;

/// The most entries a HoDoKu table holds (its `MAX_TABLE_ENTRY_LENGTH`); what comes later is
/// lost. No table along top1465's paths comes near it (the largest holds 275).
const MAX_TABLE_ENTRIES: usize = 1000;

/// The number of literals of the tables: every candidate and group node, true and false.
const LITERALS: usize = Node::COUNT * 2;

/// A group node as HoDoKu lists them: two or three places of a digit in a box-line intersection.
struct Group {
    /// The group as a node of our chains.
    node: Node,
    /// Its digit.
    digit: Digit,
    /// Its two or three cells.
    cells: CellSet,
    /// The row or column holding it.
    line: House,
    /// The box (the region, on a jigsaw; the box, for a diagonal) holding it.
    block: House,
    /// The cells that see every cell of the group.
    buddies: CellSet,
}

/// HoDoKu's group nodes of `grid` in its order: the rows, then the columns, each digit by digit,
/// then box by box along the line. On another layout, the meetings of its lines and regions
/// ([`super::graph::meetings`]) in the same order: line by line (the diagonals last), digit by
/// digit, region by region along the line.
fn groups(grid: &Candidates, table: &GroupTable) -> Vec<Group> {
    let mut groups = Vec::new();
    if !grid.layout().is_classic() {
        let nodes = table.nodes(grid);
        let meetings = meetings(grid.layout());
        let mut lines: Vec<House> = meetings.iter().map(|m| m.line).collect();
        lines.dedup();
        for line in lines {
            for digit in Digit::ALL {
                for group in nodes.iter().filter(|g| g.digit() == digit) {
                    let [group_line, region] = table.group_houses(*group);
                    if group_line != line {
                        continue;
                    }
                    let cells = table.cells(*group);
                    groups.push(Group {
                        node: *group,
                        digit,
                        cells,
                        line,
                        block: region,
                        buddies: grid.layout().common_peers(cells),
                    });
                }
            }
        }
        return groups;
    }
    // Intersections are numbered line by line (rows, then columns), three to a line.
    for line in 0..18u8 {
        for digit in Digit::ALL {
            for along in 0..3 {
                let intersection = Intersection::from_index(line * 3 + along);
                let cells = grid.cells_with(digit) & intersection.cell_set();
                if cells.len() < 2 {
                    continue;
                }
                let Some(node) = Node::group(intersection, digit, cells) else { continue };
                groups.push(Group {
                    node,
                    digit,
                    cells,
                    line: intersection.line(),
                    block: intersection.block(),
                    buddies: grid.layout().common_peers(cells),
                });
            }
        }
    }
    groups
}

/// The direct implications of every literal, in HoDoKu's order (its `fillTables` and
/// `fillTablesWithGroupNodes`), stored flat.
struct Links {
    /// Where each literal's implications begin in `targets` (one more entry closes the last).
    start: Vec<u32>,
    /// The implications, literal after literal.
    targets: Vec<Literal<Node>>,
}

/// The implications of each literal while they are gathered: each link as a (from, to) pair, in
/// the order found.
struct Lists(Vec<(Literal<Node>, Literal<Node>)>);

impl Lists {
    /// Adds `target` to the implications of `from`.
    fn push(&mut self, from: Literal<Node>, target: Literal<Node>) {
        self.0.push((from, target));
    }
}

impl Links {
    /// The direct implications of `literal`, in order.
    fn of(&self, literal: Literal<Node>) -> &[Literal<Node>] {
        let i = literal.index();
        &self.targets[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The direct implications in `grid`, through `groups` as well when there are any.
    fn new(grid: &Candidates, groups: &[Group]) -> Links {
        let mut lists = Lists(Vec::new());
        candidate_links(grid, &mut lists);
        for i in 0..groups.len() {
            group_links(grid, groups, i, &mut lists);
        }
        Links::from_pairs(&lists.0)
    }

    /// The links `pairs` grouped by the literal they start from, each literal's in the order found
    /// (a counting sort, which keeps that order). A literal's list records a candidate once; group
    /// nodes are not checked, as in HoDoKu (a second copy adds nothing to the search: its own
    /// implications are met already).
    fn from_pairs(pairs: &[(Literal<Node>, Literal<Node>)]) -> Links {
        let mut start = vec![0u32; LITERALS + 1];
        for (from, _) in pairs {
            start[from.index() + 1] += 1;
        }
        for i in 0..LITERALS {
            start[i + 1] += start[i];
        }
        let mut targets = vec![Literal::from_index(0); pairs.len()];
        let mut filled = start[..LITERALS].to_vec();
        for &(from, target) in pairs {
            let slot = &mut filled[from.index()];
            targets[*slot as usize] = target;
            *slot += 1;
        }
        // Drop repeated candidates, moving each list down over the gaps the lists before it left.
        let mut kept = 0;
        for i in 0..LITERALS {
            let (begin, end) = (start[i] as usize, start[i + 1] as usize);
            start[i] = kept as u32;
            let first = kept;
            for at in begin..end {
                let target = targets[at];
                if target.subject().is_group() || !targets[first..kept].contains(&target) {
                    targets[kept] = target;
                    kept += 1;
                }
            }
        }
        start[LITERALS] = kept as u32;
        targets.truncate(kept);
        Links { start, targets }
    }
}

/// The links between candidates (HoDoKu's `fillTables`): a true candidate makes the other digits
/// of its cell false, then the other places of its digit in its row, column and box; a false one
/// makes the other digit of a two-digit cell true, then the other place of its digit in a row,
/// column or box holding two.
fn candidate_links(grid: &Candidates, lists: &mut Lists) {
    for cell in grid.unsolved() {
        let digits = grid.candidates(cell);
        for digit in digits {
            let node = Node::new(cell, digit);
            let (on, off) = (Literal::new(node, true), Literal::new(node, false));
            for other in digits - DigitSet::from_digit(digit) {
                lists.push(on, Literal::new(Node::new(cell, other), false));
                if digits.len() == 2 {
                    lists.push(off, Literal::new(Node::new(cell, other), true));
                }
            }
            for &house in grid.layout().houses_of(cell) {
                let others = grid.house_cells_with(house, digit) - cell.set();
                for place in others {
                    lists.push(on, Literal::new(Node::new(place, digit), false));
                }
                if let Some(only) = others.single() {
                    lists.push(off, Literal::new(Node::new(only, digit), true));
                }
            }
        }
    }
}

/// The links of group `groups[i]` (HoDoKu's `fillTablesWithGroupNodes`): true, it makes false
/// every place of its digit that sees all its cells, and every other group of the digit apart
/// from it in its line or box; false, it makes true the only other place of its digit in its box
/// or line, and the only other group there when nothing else is left. Each candidate seeing the
/// group makes it false; the only other place in its box or line makes it true.
fn group_links(grid: &Candidates, groups: &[Group], i: usize, lists: &mut Lists) {
    let group = &groups[i];
    let (on, off) = (Literal::new(group.node, true), Literal::new(group.node, false));
    let seeing = grid.cells_with(group.digit) & group.buddies;
    for cell in seeing {
        lists.push(on, Literal::new(Node::new(cell, group.digit), false));
        lists.push(Literal::new(Node::new(cell, group.digit), true), off);
    }
    for house in [group.block, group.line] {
        if let Some(only) = (seeing & grid.house_set(house)).single() {
            lists.push(off, Literal::new(Node::new(only, group.digit), true));
            lists.push(Literal::new(Node::new(only, group.digit), false), on);
        }
    }
    // The other groups of the digit, apart from this one, in its line and in its box.
    let (mut in_line, mut in_block) = (Vec::new(), Vec::new());
    for (j, other) in groups.iter().enumerate() {
        if j == i || other.digit != group.digit || other.cells.intersects(group.cells) {
            continue;
        }
        if other.line == group.line {
            in_line.push(other);
            lists.push(on, Literal::new(other.node, false));
        }
        if other.block == group.block {
            in_block.push(other);
            lists.push(on, Literal::new(other.node, false));
        }
    }
    for (house, others) in [(group.line, in_line), (group.block, in_block)] {
        if let [other] = others[..]
            && (grid.house_cells_with(house, group.digit) - group.cells - other.cells).is_empty()
        {
            lists.push(off, Literal::new(other.node, true));
        }
    }
}

/// One table: every literal an assumption reaches, in the order reached, each with the literal it
/// was reached from. Reused from one assumption to the next.
struct Table {
    /// The literals reached, the assumption first.
    entries: Vec<Literal<Node>>,
    /// How many entries the assumption implies directly, itself included (entry 0).
    direct: usize,
    /// For each literal reached, the one it was reached from.
    parent: Vec<Literal<Node>>,
    /// For each literal, the number of the last fill that reached it.
    stamp: Vec<u32>,
    /// The number of the current fill.
    walk: u32,
}

impl Table {
    /// An empty table, with room for every literal.
    fn new() -> Table {
        Table {
            entries: Vec::new(),
            direct: 0,
            parent: vec![Literal::from_index(0); LITERALS],
            stamp: vec![0; LITERALS],
            walk: 0,
        }
    }

    /// Expands the table of `premise` breadth first (HoDoKu's `expandTables`), up to
    /// [`MAX_TABLE_ENTRIES`] entries.
    fn fill(&mut self, links: &Links, premise: Literal<Node>) {
        self.walk += 1;
        self.entries.clear();
        self.entries.push(premise);
        self.direct = 1;
        self.stamp[premise.index()] = self.walk;
        let mut at = 0;
        while at < self.entries.len() {
            let from = self.entries[at];
            for &to in links.of(from) {
                if self.entries.len() >= MAX_TABLE_ENTRIES {
                    break;
                }
                if self.stamp[to.index()] != self.walk {
                    self.stamp[to.index()] = self.walk;
                    self.parent[to.index()] = from;
                    self.entries.push(to);
                }
            }
            if at == 0 {
                self.direct = self.entries.len();
            }
            at += 1;
        }
    }

    /// The chain from the assumption to entry `index`, assumption first.
    fn chain_to(&self, index: usize) -> Vec<Literal<Node>> {
        let premise = self.entries[0];
        let mut chain = vec![self.entries[index]];
        while let Some(&last) = chain.last()
            && last != premise
        {
            chain.push(self.parent[last.index()]);
        }
        chain.reverse();
        chain
    }
}

/// The first cell of a node (HoDoKu's cell index of a group node).
fn first_cell(groups: &GroupTable, literal: Literal<Node>) -> Cell {
    let node = literal.subject();
    if node.is_candidate() {
        return node.cell();
    }
    groups.cells(node).first().expect("a group has cells")
}

/// HoDoKu's test against lassos (its `addChain` for a loop or an AIC), on a chain from its
/// assumption: no node may start on a cell that a node before the previous one holds (a group
/// holds all its cells; for a loop the start cell never counts).
fn lasso_free(groups: &GroupTable, chain: &[Literal<Node>], is_loop: bool) -> bool {
    let first = first_cell(groups, chain[0]);
    let mut seen = CellSet::EMPTY;
    let mut last: Option<Literal<Node>> = None;
    for &literal in chain {
        let cell = first_cell(groups, literal);
        if seen.contains(cell) {
            return false;
        }
        if let Some(last) = last {
            let last_cell = first_cell(groups, last);
            if last_cell != first || !is_loop {
                seen.insert(last_cell);
                seen |= groups.cells(last.subject());
            }
        }
        last = Some(literal);
    }
    true
}

/// The cells that see every cell of a node in `grid`'s layout.
fn buddies(grid: &Candidates, groups: &GroupTable, literal: Literal<Node>) -> CellSet {
    grid.layout().common_peers(groups.cells(literal.subject()))
}

/// What a nice loop from `chain[0]` back to its start cell removes, and whether it is continuous
/// (HoDoKu's `checkNiceLoop`); `chain_cells` are the cells of every node.
fn loop_eliminations(
    grid: &Candidates,
    groups: &GroupTable,
    chain: &[Literal<Node>],
    chain_cells: CellSet,
) -> (Vec<Candidate>, bool) {
    let (premise, end) = (chain[0], chain[chain.len() - 1]);
    let first_strong = !premise.is_on();
    let last_strong = end.is_on();
    let start = first_cell(groups, premise);
    let (x, y) = (premise.subject().digit(), end.subject().digit());
    let mut removed = Vec::new();
    if !first_strong && !last_strong && x == y {
        removed.push(Candidate::new(start, x));
    } else if first_strong && last_strong && x == y {
        removed.extend(
            (grid.candidates(start) - DigitSet::from_digit(x)).iter().map(|d| Candidate::new(start, d)),
        );
    } else if first_strong != last_strong && x != y {
        removed.push(Candidate::new(start, if first_strong { y } else { x }));
    } else if (!first_strong && !last_strong && grid.candidates(start).len() == 2 && x != y)
        || (first_strong && last_strong && x != y)
        || (first_strong != last_strong && x == y)
    {
        let last = chain.len() - 1;
        let strong = |i: usize| chain[i].is_on();
        let cell = |i: usize| first_cell(groups, chain[i]);
        for i in 0..=last {
            // A cell entered and left by strong links, with a weak link inside: it keeps only
            // the two digits.
            let locked_cell = (i == 0 && first_strong && last_strong)
                || (i > 0 && strong(i) && i + 2 <= last && cell(i - 1) != cell(i))
                    && (!strong(i + 1)
                        && cell(i) == cell(i + 1)
                        && strong(i + 2)
                        && cell(i + 1) != cell(i + 2));
            if locked_cell {
                let (a, b) = if i == 0 {
                    (x, y)
                } else {
                    (chain[i].subject().digit(), chain[i + 2].subject().digit())
                };
                let here = cell(i);
                removed.extend(
                    grid.candidates(here)
                        .iter()
                        .filter(|&d| d != a && d != b)
                        .map(|d| Candidate::new(here, d)),
                );
            }
            // A weak link between two cells: whatever sees both ends loses the digit.
            if i > 0 && !strong(i) && cell(i - 1) != cell(i) {
                let digit = chain[i].subject().digit();
                let seeing = buddies(grid, groups, chain[i - 1])
                    & buddies(grid, groups, chain[i])
                    & (grid.cells_with(digit) - chain_cells);
                removed.extend((seeing - start.set()).iter().map(|c| Candidate::new(c, digit)));
            }
        }
        return (removed, true);
    }
    (removed, false)
}

/// What an AIC from `premise` (false) to `end` (true) removes (HoDoKu's `checkAic`).
fn aic_eliminations(
    grid: &Candidates,
    groups: &GroupTable,
    premise: Literal<Node>,
    end: Literal<Node>,
) -> Vec<Candidate> {
    let (start, stop) = (first_cell(groups, premise), first_cell(groups, end));
    let (x, y) = (premise.subject().digit(), end.subject().digit());
    if x == y {
        let seeing = grid.peers(start) & grid.peers(stop) & grid.cells_with(x);
        if seeing.len() > 1 {
            return (seeing - start.set()).iter().map(|c| Candidate::new(c, x)).collect();
        }
        return Vec::new();
    }
    let mut removed = Vec::new();
    if grid.has(start, y) {
        removed.push(Candidate::new(start, y));
    }
    if grid.has(stop, x) {
        removed.push(Candidate::new(stop, x));
    }
    removed
}

/// Whether an AIC from `premise` may end at `end` at all (HoDoKu's `checkAics`): the same digit
/// with at least two candidates seeing both ends, or two digits in cells that see each other,
/// each holding the other's digit.
fn aic_may_end(grid: &Candidates, groups: &GroupTable, premise: Literal<Node>, end: Literal<Node>) -> bool {
    let (start, stop) = (first_cell(groups, premise), first_cell(groups, end));
    let (x, y) = (premise.subject().digit(), end.subject().digit());
    if x == y {
        (grid.peers(start) & grid.peers(stop) & grid.cells_with(x)).len() >= 2
    } else {
        grid.peers(start).contains(stop) && grid.has(stop, x) && grid.has(start, y)
    }
}

/// One chain HoDoKu's search keeps: its shape, whether it passes a group node, the chain (its
/// nodes from the assumption, which is true when `first_on`) and what it removes, sorted.
pub(super) struct Found {
    /// A continuous or discontinuous loop, or an AIC.
    pub shape: Shape,
    /// Whether it passes a group node (HoDoKu then names it grouped).
    pub grouped: bool,
    /// The chain's nodes, the assumption first.
    pub nodes: Vec<Node>,
    /// Whether the assumption is that the first node is true.
    pub first_on: bool,
    /// What it removes, by digit, then cell.
    pub eliminations: Vec<Candidate>,
}

impl Found {
    /// The chain, with how each link holds.
    pub(super) fn chain(&self, grid: &Candidates) -> Chain {
        let groups = GroupTable::new(grid);
        let vias = self
            .nodes
            .windows(2)
            .enumerate()
            .map(|(i, pair)| {
                let strong = (i % 2 == 0) != self.first_on;
                via(grid, &groups, pair[0], pair[1], strong)
            })
            .collect();
        Chain::from_nodes(self.nodes.clone(), vias, self.first_on, &groups)
    }
}

/// How the link from `from` to `to` holds: inside a cell, or in a house holding both (for a
/// strong link, the house where they are the only places of the digit).
fn via(grid: &Candidates, groups: &GroupTable, from: Node, to: Node, strong: bool) -> Via {
    let cells = groups.cells(from) | groups.cells(to);
    if cells.len() == 1 {
        return Via::Cell;
    }
    let mut first = None;
    for house in grid.layout().common_houses(cells) {
        if !strong || grid.house_cells_with(house, from.digit()).is_subset(cells) {
            return Via::House(house);
        }
        first.get_or_insert(house);
    }
    first.map_or(Via::Peers, Via::House)
}

/// Every nice loop and AIC HoDoKu's search keeps in `grid`, in its order; with `grouped`, through
/// group nodes as well (its Grouped Nice Loop step), where a chain without a group keeps its plain
/// kind.
pub(super) fn hodoku_loops(grid: &Candidates, grouped: bool) -> Vec<Found> {
    let group_table = GroupTable::new(grid);
    let links = Links::new(grid, &if grouped { groups(grid, &group_table) } else { Vec::new() });
    let groups = &group_table;
    let mut table = Table::new();
    let candidates: Vec<Node> = grid
        .unsolved()
        .iter()
        .flat_map(|cell| grid.candidates(cell).into_iter().map(move |d| Node::new(cell, d)))
        .collect();
    let (mut loops_on, mut loops_off, mut aics) = (Vec::new(), Vec::new(), Vec::new());
    for &node in &candidates {
        for on in [true, false] {
            table.fill(&links, Literal::new(node, on));
            let start = node.cell();
            let found = if on { &mut loops_on } else { &mut loops_off };
            for index in table.direct..table.entries.len() {
                let end = table.entries[index];
                if end.subject().is_candidate() && first_cell(groups, end) == start {
                    found.extend(nice_loop(grid, groups, &table, index));
                }
            }
            if on {
                continue;
            }
            for index in table.direct..table.entries.len() {
                let end = table.entries[index];
                if end.subject().is_candidate()
                    && end.is_on()
                    && first_cell(groups, end) != start
                    && aic_may_end(grid, groups, table.entries[0], end)
                {
                    aics.extend(aic(grid, groups, &table, index));
                }
            }
        }
    }
    let mut kept: Vec<Found> = Vec::new();
    for found in loops_on.into_iter().chain(loops_off).chain(aics) {
        match kept.iter_mut().find(|k| {
            k.shape == found.shape && k.grouped == found.grouped && k.eliminations == found.eliminations
        }) {
            Some(k) if k.nodes.len() > found.nodes.len() => *k = found,
            Some(_) => {}
            None => kept.push(found),
        }
    }
    kept
}

/// The nice loop closed by entry `index` of `table`, if HoDoKu keeps it.
fn nice_loop(grid: &Candidates, groups: &GroupTable, table: &Table, index: usize) -> Option<Found> {
    let chain = table.chain_to(index);
    let n = chain.len();
    // The last link may not stay in the start cell (a shorter loop does the same), nor the first.
    if first_cell(groups, chain[n - 1]) == first_cell(groups, chain[n - 2])
        || first_cell(groups, chain[0]) == first_cell(groups, chain[1])
    {
        return None;
    }
    if !lasso_free(groups, &chain, true) {
        return None;
    }
    let chain_cells = chain[..n - 1].iter().fold(CellSet::EMPTY, |s, &l| s | groups.cells(l.subject()));
    let (eliminations, continuous) = loop_eliminations(grid, groups, &chain, chain_cells);
    found(chain, if continuous { Shape::ContinuousLoop } else { Shape::DiscontinuousLoop }, eliminations)
}

/// The AIC to entry `index` of a false assumption's `table`, if HoDoKu keeps it.
fn aic(grid: &Candidates, groups: &GroupTable, table: &Table, index: usize) -> Option<Found> {
    let eliminations = aic_eliminations(grid, groups, table.entries[0], table.entries[index]);
    if eliminations.is_empty() {
        return None;
    }
    let chain = table.chain_to(index);
    if !lasso_free(groups, &chain, false) {
        return None;
    }
    found(chain, Shape::Aic, eliminations)
}

/// The chain `chain` of `shape` removing `eliminations` (sorted here, each once), if it removes
/// anything.
fn found(chain: Vec<Literal<Node>>, shape: Shape, mut eliminations: Vec<Candidate>) -> Option<Found> {
    eliminations.sort_by_key(|c| (c.digit, c.cell));
    eliminations.dedup();
    if eliminations.is_empty() {
        return None;
    }
    let nodes: Vec<Node> = chain.iter().map(|&l| l.subject()).collect();
    Some(Found {
        shape,
        grouped: nodes.iter().any(|n| n.is_group()),
        first_on: chain[0].is_on(),
        nodes,
        eliminations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::test_support::{hodoku_recording, position, recorded_removals};

    fn cell(name: &str) -> Cell {
        name.parse().expect("a cell")
    }

    fn digit(n: u8) -> Digit {
        Digit::new(n).expect("a digit")
    }

    fn candidate(name: &str, n: u8, on: bool) -> Literal<Node> {
        Literal::new(Node::new(cell(name), digit(n)), on)
    }

    #[test]
    fn hodokus_lasso_test_reads_a_chain_from_its_assumption() {
        // HoDoKu's loop 1r9c2 =3= r7c2 =5= r7c4 =1= r7c12 -1- r9c2: the group r7c12 begins at r7c1,
        // which the chain has not visited, and its r7c2 may overlap earlier nodes.
        let row7 = Intersection::all().find(|i| i.line() == House::row(6) && i.block() == House::block(6));
        let group =
            Node::group(row7.expect("an intersection"), digit(1), cell("r7c1").set() | cell("r7c2").set());
        let group = group.expect("a group node");
        let classic = GroupTable::new(&Candidates::from_grid(&crate::engine::Grid::empty()));
        let forward = [
            candidate("r9c2", 1, false),
            candidate("r9c2", 3, true),
            candidate("r7c2", 3, false),
            candidate("r7c2", 5, true),
            candidate("r7c4", 5, false),
            candidate("r7c4", 1, true),
            Literal::new(group, false),
            candidate("r9c2", 1, true),
        ];
        assert!(lasso_free(&classic, &forward, true));
        // Read the other way, the chain comes back to r7c2, which the group brought in.
        let backward: Vec<Literal<Node>> = forward.iter().rev().copied().collect();
        assert!(!lasso_free(&classic, &backward, true));
        // A chain may stay in a cell for two nodes, not three; a loop may come back to its start,
        // an AIC may not.
        let twice = [
            candidate("r1c1", 1, false),
            candidate("r1c5", 1, true),
            candidate("r1c5", 2, false),
            candidate("r5c5", 2, true),
        ];
        assert!(lasso_free(&classic, &twice, false));
        let thrice = [
            candidate("r1c1", 1, false),
            candidate("r1c5", 1, true),
            candidate("r1c5", 2, false),
            candidate("r1c5", 3, true),
        ];
        assert!(!lasso_free(&classic, &thrice, false));
        let back = [
            candidate("r1c1", 1, false),
            candidate("r1c5", 1, true),
            candidate("r5c5", 1, false),
            candidate("r1c1", 2, true),
        ];
        assert!(!lasso_free(&classic, &back, false));
        assert!(lasso_free(&classic, &back, true));
    }

    /// HoDoKu's short code for a found chain.
    fn code(found: &Found) -> &'static str {
        match (found.shape, found.grouped) {
            (Shape::ContinuousLoop, false) => "cnl",
            (Shape::DiscontinuousLoop, false) => "dnl",
            (Shape::Aic, false) => "aic",
            (Shape::ContinuousLoop, true) => "gcnl",
            (Shape::DiscontinuousLoop, true) => "gdnl",
            (Shape::Aic, true) => "gaic",
        }
    }

    #[test]
    fn the_loops_kept_are_hodokus_at_its_own_positions() {
        let positions = hodoku_recording("hodoku-2.2.4-nice-loops.txt");
        assert_eq!(positions.len(), 400);
        let mut compared = 0;
        for (heading, hodoku) in positions {
            let (search, line) = heading.split_once(' ').expect("the search, then the position");
            let grid = position(line);
            let ours: Vec<String> = hodoku_loops(&grid, search == "grouped")
                .iter()
                .map(|found| format!("{} {}", code(found), recorded_removals(&found.eliminations)))
                .collect();
            assert_eq!(ours, hodoku, "{heading}");
            compared += hodoku.len();
        }
        assert!(compared > 2_000, "only {compared} chains recorded");
    }
}
