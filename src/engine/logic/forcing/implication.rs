//! The vocabulary both forcing engines share: what an [`Engine`] does, the [`Implications`] of one
//! assumption (every [`Literal`], a candidate true or false, that it forces, with how far it lies
//! from the assumption), the [`Clash`] an impossible assumption runs into, and the literals several
//! assumptions have in common.

use crate::engine::literal::Literal;
use crate::engine::types::bit_indices;
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, House, Layout};

/// A way of following implications: forcing chains or forcing nets.
pub(super) trait Engine {
    /// Follows `premise` in `grid`, recording what it forces in `implications` (empty on entry);
    /// returns the clash it runs into, if any, with the clash's total distance from the premise.
    fn follow(
        &self,
        grid: &Candidates,
        premise: Literal,
        implications: &mut Implications,
    ) -> Option<(Clash, u32)>;
    /// How `premise` leads to `clash`, in words (e.g. the chains that end in the clash).
    fn clash_proof(&self, grid: &Candidates, premise: Literal, clash: Clash) -> String;
    /// How `premise` leads to `target`, in words (e.g. `r1c2=5 -> r1c7<>5 -> r1c7=3`).
    fn branch_proof(&self, grid: &Candidates, premise: Literal, target: Literal) -> String;
    /// Whether `candidate`, assumed false, can force anything at all: by default, whether it is
    /// one of two in its cell or one of two places of its digit in a house.
    fn forces_when_false(&self, grid: &Candidates, candidate: Candidate) -> bool {
        has_strong_link(grid, candidate)
    }
}

/// Whether `candidate` is one of two in its cell, or one of two places of its digit in a house.
pub(super) fn has_strong_link(grid: &Candidates, candidate: Candidate) -> bool {
    let Candidate { cell, digit } = candidate;
    grid.candidates(cell).len() == 2
        || grid.layout().houses_of(cell).iter().any(|&h| grid.house_cells_with(h, digit).len() == 2)
}

/// Marks an unreached literal in a depth table (larger distances are recorded as one less).
const UNREACHED: u8 = u8::MAX;

/// Everything one assumption forces: the candidates it makes true and false, and for each its
/// distance from the assumption (links for a chain, rounds of singles for a net).
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Implications {
    on: [CellSet; 9],
    off: [CellSet; 9],
    depth: [u8; Literal::COUNT],
}

impl Implications {
    /// Nothing forced yet.
    pub fn new() -> Implications {
        Implications { on: [CellSet::EMPTY; 9], off: [CellSet::EMPTY; 9], depth: [UNREACHED; Literal::COUNT] }
    }

    /// Records `literal` at distance `depth`; returns whether it is new.
    pub fn add(&mut self, literal: Literal, depth: u32) -> bool {
        if self.depth[literal.index()] != UNREACHED {
            return false;
        }
        self.depth[literal.index()] = depth.min(u32::from(UNREACHED) - 1) as u8;
        let sets = if literal.is_on() { &mut self.on } else { &mut self.off };
        sets[literal.digit().index()].insert(literal.cell());
        true
    }

    /// The distance of `literal` from the assumption, if the assumption forces it.
    pub fn depth(&self, literal: Literal) -> Option<u32> {
        let depth = self.depth[literal.index()];
        (depth != UNREACHED).then_some(u32::from(depth))
    }

    /// The cells forced to hold `digit`.
    pub fn on_cells(&self, digit: Digit) -> CellSet {
        self.on[digit.index()]
    }

    /// The cells forced not to hold `digit`.
    pub fn off_cells(&self, digit: Digit) -> CellSet {
        self.off[digit.index()]
    }

    /// The total distance of `literals`, all of which must be forced.
    pub fn total_depth(&self, literals: &[Literal]) -> u32 {
        literals.iter().filter_map(|&l| self.depth(l)).sum()
    }

    /// How many nodes the chains to `literals` hold together, HoDoKu's measure (a chain of `n`
    /// links has `n + 1` nodes; the assumption on its own is a chain of one node), if all are
    /// forced.
    pub fn nodes(&self, literals: &[Literal]) -> Option<u32> {
        literals.iter().map(|&l| self.depth(l).map(|depth| depth + 1)).sum()
    }
}

/// What makes an assumption impossible.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Clash {
    /// The candidate would have to be both true and false.
    Both(Candidate),
    /// The cell would lose every candidate.
    EmptyCell(Cell),
    /// The digit would have no place left in the house.
    NoPlace(House, Digit),
}

impl Clash {
    /// The literals that together make the clash (each forced by the assumption).
    pub fn literals(self, grid: &Candidates) -> Vec<Literal> {
        match self {
            Clash::Both(c) => vec![Literal::on(c.cell, c.digit), Literal::off(c.cell, c.digit)],
            Clash::EmptyCell(cell) => grid.candidates(cell).iter().map(|d| Literal::off(cell, d)).collect(),
            Clash::NoPlace(house, digit) => {
                grid.house_cells_with(house, digit).iter().map(|c| Literal::off(c, digit)).collect()
            }
        }
    }

    /// The clash in words, as the consequence of an assumption: `r4c7 would have no candidate
    /// left`.
    pub fn describe(self) -> String {
        match self {
            Clash::Both(c) => format!("{} would both be and not be {}", c.cell, c.digit),
            Clash::EmptyCell(cell) => format!("{cell} would have no candidate left"),
            Clash::NoPlace(house, digit) => format!("{digit} would have no place left in {house}"),
        }
    }
}

/// The shortest clash among the literals `implications` forces in `grid`, with its total distance.
pub(super) fn shortest_clash(grid: &Candidates, implications: &Implications) -> Option<(Clash, u32)> {
    let mut best: Option<(Clash, u32)> = None;
    let mut consider = |clash: Clash| {
        let length = implications.total_depth(&clash.literals(grid));
        if best.is_none_or(|(_, shortest)| length < shortest) {
            best = Some((clash, length));
        }
    };
    let mut alive = CellSet::EMPTY;
    let mut any_off = false;
    for digit in Digit::ALL {
        let off = implications.off_cells(digit);
        any_off |= !off.is_empty();
        for cell in implications.on_cells(digit) & off {
            consider(Clash::Both(Candidate::new(cell, digit)));
        }
        alive |= grid.cells_with(digit) - off;
    }
    if !any_off {
        return best;
    }
    let with_candidates: CellSet = Digit::ALL.iter().fold(CellSet::EMPTY, |s, &d| s | grid.cells_with(d));
    for cell in with_candidates - alive {
        consider(Clash::EmptyCell(cell));
    }
    for digit in Digit::ALL {
        let off = implications.off_cells(digit);
        let remaining = grid.cells_with(digit) - off;
        // Only a house that lost a place can be left without one.
        for house in houses_of(grid.layout(), off) {
            let house_cells = grid.house_set(house);
            if grid.cells_with(digit).intersects(house_cells) && !remaining.intersects(house_cells) {
                consider(Clash::NoPlace(house, digit));
            }
        }
    }
    best
}

/// The length of the shortest contradiction HoDoKu's forcing chain search sees among the literals
/// `implications` forces in `grid`, or `None` if it sees none (its `checkOneChain`). Each chain of
/// a proof counts its nodes, its links plus one, and a proof counts all its chains. HoDoKu looks
/// for fewer clashes than [`shortest_clash`]:
/// - a candidate both true and false only in the lowest such cell of each digit;
/// - besides, two digits true in one cell (the lowest such cell of each pair of digits) and a digit
///   true twice in a house, each without the link that turns one of them false;
/// - a digit without a place in a house only where no earlier step removed it from the house: it
///   compares the removed places with the cells of the house that no placed digit sees.
pub(super) fn hodoku_contradiction_length(
    grid: &Candidates,
    premise: Literal,
    implications: &Implications,
) -> Option<u32> {
    let mut best: Option<u32> = None;
    let mut consider = |literals: &[Literal]| {
        if let Some(length) = implications.nodes(literals) {
            best = Some(best.map_or(length, |b| b.min(length)));
        }
    };
    // The assumption turned around: one chain.
    consider(&[premise.negated()]);
    for digit in Digit::ALL {
        let on = implications.on_cells(digit);
        if let Some(cell) = (on & implications.off_cells(digit)).first() {
            consider(&[Literal::on(cell, digit), Literal::off(cell, digit)]);
        }
        for other in Digit::ALL.into_iter().filter(|d| d.get() > digit.get()) {
            if let Some(cell) = (on & implications.on_cells(other)).first() {
                consider(&[Literal::on(cell, digit), Literal::on(cell, other)]);
            }
        }
    }
    for &house in grid.houses() {
        for digit in Digit::ALL {
            let twice = implications.on_cells(digit) & grid.house_set(house);
            if twice.len() > 1 {
                consider(&twice.iter().map(|c| Literal::on(c, digit)).collect::<Vec<_>>());
            }
        }
    }
    let placed = Digit::ALL.into_iter().fold(CellSet::EMPTY, |s, d| s | implications.on_cells(d));
    for cell in grid.unsolved() - placed {
        let candidates = grid.candidates(cell);
        if !candidates.is_empty() && candidates.iter().all(|d| implications.off_cells(d).contains(cell)) {
            consider(&candidates.iter().map(|d| Literal::off(cell, d)).collect::<Vec<_>>());
        }
    }
    for &house in grid.houses() {
        for digit in Digit::ALL {
            let places = grid.house_cells_with(house, digit);
            if places.is_empty() || !places.is_subset(implications.off_cells(digit)) {
                continue;
            }
            let unseen = (grid.house_set(house) & grid.unsolved())
                .iter()
                .filter(|&cell| {
                    grid.layout().houses_of(cell).iter().all(|&h| !grid.placed_in(h).contains(digit))
                })
                .count();
            if unseen == places.len() {
                consider(&places.iter().map(|c| Literal::off(c, digit)).collect::<Vec<_>>());
            }
        }
    }
    best
}

/// The houses of `layout` that hold a cell of `cells`, in house number order.
pub(super) fn houses_of(layout: &Layout, cells: CellSet) -> impl Iterator<Item = House> {
    let mask = if layout.is_classic() {
        cells
            .iter()
            .fold(0u64, |mask, c| mask | 1 << c.row() | 1 << (9 + c.col()) | 1 << (18 + c.box_index()))
    } else {
        let of_cell = |c| layout.houses_of(c).iter().fold(0u64, |mask, h| mask | 1 << h.index());
        cells.iter().fold(0u64, |mask, c| mask | of_cell(c))
    };
    bit_indices(mask).filter_map(House::from_index)
}

/// The literals every one of `branches` forces, each with its total distance over the branches.
pub(super) fn common_literals(branches: &[&Implications]) -> Vec<(Literal, u32)> {
    let Some((first, rest)) = branches.split_first() else { return Vec::new() };
    let mut common = Vec::new();
    for digit in Digit::ALL {
        for on in [true, false] {
            let cells_of = |imp: &Implications| if on { imp.on_cells(digit) } else { imp.off_cells(digit) };
            let cells = rest.iter().fold(cells_of(first), |acc, imp| acc & cells_of(imp));
            for cell in cells {
                let literal = Literal::new(Candidate::new(cell, digit), on);
                let total = branches.iter().filter_map(|imp| imp.depth(literal)).sum();
                common.push((literal, total));
            }
        }
    }
    common
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digit(n: u8) -> Digit {
        Digit::new(n).expect("a digit")
    }

    #[test]
    fn common_literals_keep_only_what_every_branch_forces() {
        let (a, b) = (Literal::on(Cell::at(0, 0), digit(1)), Literal::off(Cell::at(4, 4), digit(7)));
        let mut first = Implications::new();
        first.add(a, 1);
        first.add(b, 2);
        let mut second = Implications::new();
        second.add(b, 3);
        assert!(!second.add(b, 1), "a literal is recorded once");
        assert_eq!(common_literals(&[&first, &second]), vec![(b, 5)]);
    }
}
