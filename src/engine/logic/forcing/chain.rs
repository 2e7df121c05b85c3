//! Forcing chains: implications along single links, read from the grid as it stands.
//!
//! A true candidate makes false the other candidates of its cell and the other candidates of its
//! digit in its houses (weak links); a false candidate makes true the other candidate of a bivalue
//! cell, and the other place of a digit that has two places left in a house (strong links). Every
//! implication has a single premise, so whatever an assumption forces lies at the end of one chain
//! from it, which is what the explanation shows. Nothing here looks at singles that appear after
//! several eliminations: that is the forcing net's job ([`super::net`]).
//!
//! As in HoDoKu, chains also pass through *group nodes* ([`GroupLinks`]): the two or three places
//! of a digit where a box meets a row or column, taken together (on other layouts, the places
//! where any line meets a region: a jigsaw region and a row, a box and a diagonal). A true
//! candidate seeing all of them makes the group false; a false group makes true the only other
//! place of its digit in its region or line (and a false candidate there makes the group true); a
//! true group makes false every place of its digit that sees all its cells. Groups are links of
//! the chain, never conclusions.

use crate::engine::types::bit_indices;
use crate::engine::{Candidate, Candidates, CellSet, Digit, DigitSet};

use super::super::chains::graph::meetings;
use super::super::chains::search::compact;
use super::implication::{Clash, Engine, Implications, has_strong_link, shortest_clash};
use crate::engine::literal::{Literal, Numbered};

/// The group slots of one digit: one for each meeting of a line and a region of the layout
/// ([`meetings`], the 54 box-line intersections on the classic layout), in that order; a layout
/// with more meetings keeps groups in the first 64 (the slots are bits of a `u64`).
const SLOTS: usize = 64;
/// Every node a chain may pass through, true and false: the literals, then each group slot of
/// each digit.
const NODES: usize = Literal::COUNT + 9 * SLOTS * 2;

/// The forcing-chain engine: static single links only.
pub(super) struct Chains {
    /// For each digit and cell, the other place of the digit in the houses where it has two.
    conjugates: Box<[[CellSet; 81]; 9]>,
    /// The group nodes and their links.
    groups: GroupLinks,
}

/// One group node: two or more places of a digit where a line meets a region (a box-line
/// intersection on the classic layout).
#[derive(Clone, Copy, Default)]
struct Group {
    /// Its cells.
    cells: CellSet,
    /// The other places of its digit that see all its cells: false when the group is true.
    seen: CellSet,
    /// The only other place of its digit in its region or in its line: true when the group is
    /// false.
    sole: CellSet,
    /// The groups of the digit (as slot bits) that are false when this one is true.
    off_when_on: u64,
    /// The groups of the digit that are true when this one is false (the two fill a house).
    on_when_off: u64,
}

/// HoDoKu's group nodes of a position, with the links between them and the candidates.
pub(super) struct GroupLinks {
    /// For each digit and slot, the group (empty cells when the slot holds none).
    groups: Box<[[Group; SLOTS]; 9]>,
    /// For each digit and cell, the groups a true candidate there makes false.
    off_by_on: Box<[[u64; 81]; 9]>,
    /// For each digit and cell, the groups a false candidate there makes true.
    on_by_off: Box<[[u64; 81]; 9]>,
}

impl GroupLinks {
    /// The group nodes of `grid`.
    pub(super) fn new(grid: &Candidates) -> GroupLinks {
        let mut links = GroupLinks {
            groups: Box::new([[Group::default(); SLOTS]; 9]),
            off_by_on: Box::new([[0; 81]; 9]),
            on_by_off: Box::new([[0; 81]; 9]),
        };
        let meetings = meetings(grid.layout());
        for digit in Digit::ALL {
            let d = digit.index();
            let places = grid.cells_with(digit);
            // The groups of the digit: slot, cells, and the rest of its places in the region and
            // line.
            let mut present: Vec<(usize, CellSet, [CellSet; 2])> = Vec::new();
            for (slot, meeting) in meetings.iter().enumerate().take(SLOTS) {
                let (block, line) = (meeting.region, meeting.line);
                let cells = places & meeting.cells;
                if cells.len() < 2 {
                    continue;
                }
                let rests = [block, line].map(|house| grid.house_cells_with(house, digit) - cells);
                let sole =
                    rests.into_iter().filter(|rest| rest.len() == 1).fold(CellSet::EMPTY, |a, r| a | r);
                let seen = grid.layout().common_peers(cells) & places;
                links.groups[d][slot] = Group { cells, seen, sole, off_when_on: 0, on_when_off: 0 };
                for cell in seen {
                    links.off_by_on[d][cell.index()] |= 1 << slot;
                }
                for cell in sole {
                    links.on_by_off[d][cell.index()] |= 1 << slot;
                }
                present.push((slot, cells, rests));
            }
            for &(slot, cells, rests) in &present {
                let group = &mut links.groups[d][slot];
                for &(other, partner, _) in &present {
                    if other == slot || partner.intersects(cells) {
                        continue;
                    }
                    if partner.is_subset(group.seen) {
                        group.off_when_on |= 1 << other;
                    }
                    if rests.contains(&partner) {
                        group.on_when_off |= 1 << other;
                    }
                }
            }
        }
        links
    }

    /// The group in `slot` of `digit`.
    fn group(&self, digit: Digit, slot: usize) -> &Group {
        &self.groups[digit.index()][slot]
    }
}

impl Chains {
    /// The engine for `grid`, with its conjugate pairs and group nodes looked up once.
    pub(super) fn new(grid: &Candidates) -> Chains {
        let mut conjugates = Box::new([[CellSet::EMPTY; 81]; 9]);
        for digit in Digit::ALL {
            for &house in grid.houses() {
                let places = grid.house_cells_with(house, digit);
                if places.len() != 2 {
                    continue;
                }
                for cell in places {
                    conjugates[digit.index()][cell.index()] |= places - cell.set();
                }
            }
        }
        Chains { conjugates, groups: GroupLinks::new(grid) }
    }

    /// Every literal `premise` forces through single links, round by round (round `n` holds the
    /// literals `n` links away), so each is recorded at its shortest distance: the same distances as
    /// `follow_links` (the one-literal-at-a-time reference the tests compare it with), on whole
    /// sets at a time.
    pub(super) fn follow_in_rounds(
        &self,
        grid: &Candidates,
        premise: Literal,
        implications: &mut Implications,
    ) {
        let (mut on, mut off) = ([CellSet::EMPTY; 9], [CellSet::EMPTY; 9]);
        // Group nodes reached (as slot bits per digit), and those of the last round.
        let (mut groups_on, mut groups_off) = ([0u64; 9], [0u64; 9]);
        let (mut new_groups_on, mut new_groups_off) = ([0u64; 9], [0u64; 9]);
        implications.add(premise, 0);
        let sets = if premise.is_on() { &mut on } else { &mut off };
        sets[premise.digit().index()].insert(premise.cell());
        for depth in 1.. {
            let (mut next_on, mut next_off) = ([CellSet::EMPTY; 9], [CellSet::EMPTY; 9]);
            let (mut next_groups_on, mut next_groups_off) = ([0u64; 9], [0u64; 9]);
            for digit in Digit::ALL {
                let d = digit.index();
                for cell in on[d] {
                    next_off[d] |= grid.peers(cell) & grid.cells_with(digit);
                    for other in grid.candidates(cell) - DigitSet::from_digit(digit) {
                        next_off[other.index()].insert(cell);
                    }
                    next_groups_off[d] |= self.groups.off_by_on[d][cell.index()];
                }
                for cell in off[d] {
                    next_on[d] |= self.conjugates[d][cell.index()];
                    if let Some(other) = (grid.candidates(cell) - DigitSet::from_digit(digit)).single() {
                        next_on[other.index()].insert(cell);
                    }
                    next_groups_on[d] |= self.groups.on_by_off[d][cell.index()];
                }
                for slot in bit_indices(new_groups_on[d]) {
                    let group = self.groups.group(digit, slot);
                    next_off[d] |= group.seen;
                    next_groups_off[d] |= group.off_when_on;
                }
                for slot in bit_indices(new_groups_off[d]) {
                    let group = self.groups.group(digit, slot);
                    next_on[d] |= group.sole;
                    next_groups_on[d] |= group.on_when_off;
                }
            }
            let mut any = false;
            for digit in Digit::ALL {
                let d = digit.index();
                next_on[d] -= implications.on_cells(digit);
                next_off[d] -= implications.off_cells(digit);
                next_groups_on[d] &= !groups_on[d];
                next_groups_off[d] &= !groups_off[d];
                groups_on[d] |= next_groups_on[d];
                groups_off[d] |= next_groups_off[d];
                any |= !next_on[d].is_empty()
                    || !next_off[d].is_empty()
                    || next_groups_on[d] != 0
                    || next_groups_off[d] != 0;
                for cell in next_on[d] {
                    implications.add(Literal::on(cell, digit), depth);
                }
                for cell in next_off[d] {
                    implications.add(Literal::off(cell, digit), depth);
                }
            }
            if !any {
                break;
            }
            (on, off) = (next_on, next_off);
            (new_groups_on, new_groups_off) = (next_groups_on, next_groups_off);
        }
    }
}

impl Engine for Chains {
    fn follow(
        &self,
        grid: &Candidates,
        premise: Literal,
        implications: &mut Implications,
    ) -> Option<(Clash, u32)> {
        self.follow_in_rounds(grid, premise, implications);
        shortest_clash(grid, implications)
    }

    fn clash_proof(&self, grid: &Candidates, premise: Literal, clash: Clash) -> String {
        let parents = parents_from(grid, &self.groups, premise);
        let chains: Vec<String> = clash
            .literals(grid)
            .into_iter()
            .map(|target| chain_text(&parents, &self.groups, premise, target))
            .collect();
        format!("then {}, and {}", chains.join(" and "), clash.describe())
    }

    fn branch_proof(&self, grid: &Candidates, premise: Literal, target: Literal) -> String {
        chain_text(&parents_from(grid, &self.groups, premise), &self.groups, premise, target)
    }

    /// Besides a strong link, a group node that is the only other place of the digit in a house.
    fn forces_when_false(&self, grid: &Candidates, candidate: Candidate) -> bool {
        let Candidate { cell, digit } = candidate;
        has_strong_link(grid, candidate) || self.groups.on_by_off[digit.index()][cell.index()] != 0
    }
}

/// No parent recorded (the premise, or a node not reached).
const NO_PARENT: u16 = u16::MAX;

/// A node of a chain: a candidate, or the group node of a digit where a line meets a region (its
/// slot). Numbered candidates first, then each group slot of each digit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ChainNode {
    Candidate(Candidate),
    Group { digit: Digit, slot: usize },
}

impl Numbered for ChainNode {
    fn number(self) -> usize {
        match self {
            ChainNode::Candidate(candidate) => candidate.index(),
            ChainNode::Group { digit, slot } => Candidate::COUNT + digit.index() * SLOTS + slot,
        }
    }

    fn numbered(number: usize) -> ChainNode {
        match number.checked_sub(Candidate::COUNT) {
            None => ChainNode::Candidate(Candidate::from_index(number)),
            Some(group) => ChainNode::Group { digit: Digit::from_index(group / SLOTS), slot: group % SLOTS },
        }
    }
}

/// A node of a chain, true or false; a candidate's is a literal of the grid (below
/// [`Literal::COUNT`]).
type Step = Literal<ChainNode>;

/// The step of the candidate literal `literal`.
fn step(literal: Literal) -> Step {
    Literal::new(ChainNode::Candidate(literal.candidate()), literal.is_on())
}

/// The literal of a candidate's step (none for a group's).
fn candidate_literal(step: Step) -> Option<Literal> {
    match step.subject() {
        ChainNode::Candidate(candidate) => Some(Literal::new(candidate, step.is_on())),
        ChainNode::Group { .. } => None,
    }
}

/// `r1c2=5`, or for a group `r1c23<>5`.
fn step_text(step: Step, groups: &GroupLinks) -> String {
    match step.subject() {
        ChainNode::Candidate(candidate) => Literal::new(candidate, step.is_on()).to_string(),
        ChainNode::Group { digit, slot } => {
            let relation = if step.is_on() { "=" } else { "<>" };
            format!("{}{relation}{digit}", compact(groups.group(digit, slot).cells))
        }
    }
}

/// Every literal `premise` forces through single links (and group nodes), breadth first, so each
/// is recorded at its shortest distance. `parents`, when given, receives for each node reached the
/// one it came from.
#[cfg(test)]
pub(super) fn follow_links(
    grid: &Candidates,
    premise: Literal,
    implications: &mut Implications,
    parents: Option<&mut [u16; NODES]>,
) {
    follow_links_with(grid, &GroupLinks::new(grid), premise, implications, parents);
}

fn follow_links_with(
    grid: &Candidates,
    groups: &GroupLinks,
    premise: Literal,
    implications: &mut Implications,
    mut parents: Option<&mut [u16; NODES]>,
) {
    let mut queue = [0u16; NODES];
    let mut group_depth = [u32::MAX; NODES - Literal::COUNT];
    let (mut head, mut tail) = (0, 0);
    implications.add(premise, 0);
    queue[tail] = step(premise).index() as u16;
    tail += 1;
    while head < tail {
        let node = Step::from_index(usize::from(queue[head]));
        head += 1;
        let depth = match candidate_literal(node) {
            Some(literal) => implications.depth(literal).map_or(0, |d| d + 1),
            None => group_depth[node.index() - Literal::COUNT] + 1,
        };
        for_each_link(grid, groups, node, |next| {
            let fresh = match candidate_literal(next) {
                Some(literal) => implications.add(literal, depth),
                None => {
                    let seen = &mut group_depth[next.index() - Literal::COUNT];
                    let fresh = *seen == u32::MAX;
                    if fresh {
                        *seen = depth;
                    }
                    fresh
                }
            };
            if fresh {
                if let Some(parents) = parents.as_deref_mut() {
                    parents[next.index()] = node.index() as u16;
                }
                queue[tail] = next.index() as u16;
                tail += 1;
            }
        });
    }
}

/// Calls `visit` with each node `node` forces directly through one link.
fn for_each_link(grid: &Candidates, groups: &GroupLinks, node: Step, mut visit: impl FnMut(Step)) {
    let (cell, digit) = match node.subject() {
        ChainNode::Candidate(candidate) => (candidate.cell, candidate.digit),
        ChainNode::Group { digit, slot } => {
            let group = groups.group(digit, slot);
            let (cells, partners) =
                if node.is_on() { (group.seen, group.off_when_on) } else { (group.sole, group.on_when_off) };
            for cell in cells {
                visit(step(Literal::new(Candidate::new(cell, digit), !node.is_on())));
            }
            for slot in bit_indices(partners) {
                visit(Literal::new(ChainNode::Group { digit, slot }, !node.is_on()));
            }
            return;
        }
    };
    let d = digit.index();
    if node.is_on() {
        for other in grid.candidates(cell) - DigitSet::from_digit(digit) {
            visit(step(Literal::off(cell, other)));
        }
        for peer in grid.peers(cell) & grid.cells_with(digit) {
            visit(step(Literal::off(peer, digit)));
        }
        for slot in bit_indices(groups.off_by_on[d][cell.index()]) {
            visit(Literal::new(ChainNode::Group { digit, slot }, false));
        }
        return;
    }
    let others = grid.candidates(cell) - DigitSet::from_digit(digit);
    if let Some(other) = others.single() {
        visit(step(Literal::on(cell, other)));
    }
    for &house in grid.layout().houses_of(cell) {
        let places = grid.house_cells_with(house, digit);
        if places.len() != 2 {
            continue;
        }
        if let Some(other) = (places - cell.set()).single() {
            visit(step(Literal::on(other, digit)));
        }
    }
    for slot in bit_indices(groups.on_by_off[d][cell.index()]) {
        visit(Literal::new(ChainNode::Group { digit, slot }, true));
    }
}

/// The parent table of the links followed from `premise`.
fn parents_from(grid: &Candidates, groups: &GroupLinks, premise: Literal) -> Box<[u16; NODES]> {
    let mut parents = Box::new([NO_PARENT; NODES]);
    follow_links_with(grid, groups, premise, &mut Implications::new(), Some(&mut parents));
    parents
}

/// The chain from `premise` to `target`, e.g. `r1c2=5 -> r1c7<>5 -> r1c7=3`.
fn chain_text(parents: &[u16; NODES], groups: &GroupLinks, premise: Literal, target: Literal) -> String {
    let chain = chain_to(parents, premise, target);
    chain.iter().map(|&node| step_text(node, groups)).collect::<Vec<_>>().join(" -> ")
}

/// The nodes from `premise` to `target` along recorded parents.
fn chain_to(parents: &[u16; NODES], premise: Literal, target: Literal) -> Vec<Step> {
    let premise = step(premise);
    let mut chain = vec![step(target)];
    let mut at = chain[0];
    while at != premise && chain.len() <= NODES {
        let parent = parents[at.index()];
        if parent == NO_PARENT {
            break;
        }
        at = Step::from_index(usize::from(parent));
        chain.push(at);
    }
    chain.reverse();
    chain
}
