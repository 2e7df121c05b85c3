//! Forcing chains: implications along single links, read from the grid as it stands.
//!
//! A true candidate makes false the other candidates of its cell and the other candidates of its
//! digit in its houses (weak links); a false candidate makes true the other candidate of a bivalue
//! cell, and the other place of a digit that has two places left in a house (strong links). Every
//! implication has a single premise, so whatever an assumption forces lies at the end of one chain
//! from it, which is what the explanation shows. Nothing here looks at singles that appear after
//! several eliminations: that is the forcing net's job ([`super::net`]).

use crate::engine::{Candidates, CellSet, Digit, DigitSet, House};

use super::Engine;
use super::implication::{Clash, Implications, LITERALS, Literal, shortest_clash};

/// The forcing-chain engine: static single links only.
pub(super) struct Chains {
    /// For each digit and cell, the other place of the digit in the houses where it has two.
    conjugates: Box<[[CellSet; 81]; 9]>,
}

impl Chains {
    /// The engine for `grid`, with its conjugate pairs looked up once.
    pub(super) fn new(grid: &Candidates) -> Chains {
        let mut conjugates = Box::new([[CellSet::EMPTY; 81]; 9]);
        for digit in Digit::ALL {
            for house in House::ALL {
                let places = grid.house_cells_with(house, digit);
                if places.len() != 2 {
                    continue;
                }
                for cell in places {
                    conjugates[digit.index()][cell.index()] |= places - cell.set();
                }
            }
        }
        Chains { conjugates }
    }

    /// Every literal `premise` forces through single links, round by round (round `n` holds the
    /// literals `n` links away), so each is recorded at its shortest distance: the same distances as
    /// [`follow_links`], on whole sets at a time.
    pub(super) fn follow_in_rounds(
        &self,
        grid: &Candidates,
        premise: Literal,
        implications: &mut Implications,
    ) {
        let (mut on, mut off) = ([CellSet::EMPTY; 9], [CellSet::EMPTY; 9]);
        implications.add(premise, 0);
        let sets = if premise.on { &mut on } else { &mut off };
        sets[premise.digit().index()].insert(premise.cell());
        for depth in 1.. {
            let (mut next_on, mut next_off) = ([CellSet::EMPTY; 9], [CellSet::EMPTY; 9]);
            for digit in Digit::ALL {
                let d = digit.index();
                for cell in on[d] {
                    next_off[d] |= cell.peers() & grid.cells_with(digit);
                    for other in grid.candidates(cell) - DigitSet::from_digit(digit) {
                        next_off[other.index()].insert(cell);
                    }
                }
                for cell in off[d] {
                    next_on[d] |= self.conjugates[d][cell.index()];
                    if let Some(other) = (grid.candidates(cell) - DigitSet::from_digit(digit)).single() {
                        next_on[other.index()].insert(cell);
                    }
                }
            }
            let mut any = false;
            for digit in Digit::ALL {
                let d = digit.index();
                next_on[d] -= implications.on_cells(digit);
                next_off[d] -= implications.off_cells(digit);
                any |= !next_on[d].is_empty() || !next_off[d].is_empty();
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
        let parents = parents_from(grid, premise);
        let chains: Vec<String> =
            clash.literals(grid).into_iter().map(|target| chain_text(&parents, premise, target)).collect();
        format!("then {}, and {}", chains.join(" and "), clash.describe())
    }

    fn branch_proof(&self, grid: &Candidates, premise: Literal, target: Literal) -> String {
        chain_text(&parents_from(grid, premise), premise, target)
    }
}

/// No parent recorded (the premise, or a literal not reached).
const NO_PARENT: u16 = u16::MAX;

/// Every literal `premise` forces through single links, breadth first, so each is recorded at its
/// shortest distance. `parents`, when given, receives for each literal reached the one it came from.
pub(super) fn follow_links(
    grid: &Candidates,
    premise: Literal,
    implications: &mut Implications,
    mut parents: Option<&mut [u16; LITERALS]>,
) {
    let mut queue = [0u16; LITERALS];
    let (mut head, mut tail) = (0, 0);
    implications.add(premise, 0);
    queue[tail] = premise.index() as u16;
    tail += 1;
    while head < tail {
        let literal = Literal::from_index(usize::from(queue[head]));
        head += 1;
        let depth = implications.depth(literal).map_or(0, |d| d + 1);
        for_each_link(grid, literal, |next| {
            if implications.add(next, depth) {
                if let Some(parents) = parents.as_deref_mut() {
                    parents[next.index()] = literal.index() as u16;
                }
                queue[tail] = next.index() as u16;
                tail += 1;
            }
        });
    }
}

/// Calls `visit` with each literal `literal` forces directly through one link.
fn for_each_link(grid: &Candidates, literal: Literal, mut visit: impl FnMut(Literal)) {
    let (cell, digit) = (literal.cell(), literal.digit());
    if literal.on {
        for other in grid.candidates(cell) - DigitSet::from_digit(digit) {
            visit(Literal::off(cell, other));
        }
        for peer in cell.peers() & grid.cells_with(digit) {
            visit(Literal::off(peer, digit));
        }
        return;
    }
    let others = grid.candidates(cell) - DigitSet::from_digit(digit);
    if let Some(other) = others.single() {
        visit(Literal::on(cell, other));
    }
    for house in cell.houses() {
        let places = grid.house_cells_with(house, digit);
        if places.len() != 2 {
            continue;
        }
        if let Some(other) = (places - cell.set()).single() {
            visit(Literal::on(other, digit));
        }
    }
}

/// The parent table of the links followed from `premise`.
fn parents_from(grid: &Candidates, premise: Literal) -> Box<[u16; LITERALS]> {
    let mut parents = Box::new([NO_PARENT; LITERALS]);
    follow_links(grid, premise, &mut Implications::new(), Some(&mut parents));
    parents
}

/// The chain from `premise` to `target`, e.g. `r1c2=5 -> r1c7<>5 -> r1c7=3`.
fn chain_text(parents: &[u16; LITERALS], premise: Literal, target: Literal) -> String {
    let chain = chain_to(parents, premise, target);
    chain.iter().map(Literal::to_string).collect::<Vec<_>>().join(" -> ")
}

/// The literals from `premise` to `target` along recorded parents.
pub(super) fn chain_to(parents: &[u16; LITERALS], premise: Literal, target: Literal) -> Vec<Literal> {
    let mut chain = vec![target];
    let mut at = target;
    while at != premise && chain.len() <= LITERALS {
        let parent = parents[at.index()];
        if parent == NO_PARENT {
            break;
        }
        at = Literal::from_index(usize::from(parent));
        chain.push(at);
    }
    chain.reverse();
    chain
}
