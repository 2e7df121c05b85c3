//! Nice loops and alternating inference chains (AICs), plain and grouped (with box-line group
//! nodes), over every candidate of the position.
//!
//! One breadth-first walk from each candidate assumed true and one assumed false follows strong
//! and weak inferences through cells and houses. A walk that comes back to its start cell closes a
//! *nice loop*:
//! - *continuous* when the inferences keep alternating around it: each weak link of the loop then
//!   holds exactly one true end, so whatever sees both ends of a weak link between cells, or any
//!   third digit of a cell linked weakly inside, is removed;
//! - *discontinuous* when they do not: two weak inferences meeting at the start candidate prove it
//!   false, two strong ones prove it true (every other digit of its cell goes, as HoDoKu writes
//!   it), and a strong and a weak one on two digits of the start cell remove the weak one's digit.
//!
//! An *AIC* is a chain from a candidate assumed false to one made true: one of the two ends is
//! true. Ends of one digit remove it from every cell seeing both; ends of two digits in cells that
//! see each other remove each digit from the other end's cell.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::rc::Rc;

use crate::engine::{Candidate, Candidates, CellSet};

use super::graph::{LinkGraph, LinkRules, Node, Via, group_nodes};
use super::search::{Chain, ChainSearch, Explore};
use super::{MAX_LINKS, Shortest};
use crate::engine::logic::step::candidates_in;
use crate::engine::logic::{Sink, Step, Technique, removal_text};

/// The fewest links of a loop or an AIC here (shorter ones are singles, pairs or wings).
const MIN_LINKS: usize = 3;
/// One chain reaches each node with each truth value, as in HoDoKu's implication tables: every
/// loop and chain of HoDoKu's library is still found, at half the cost of two.
const SHORTEST: Explore = Explore::Shortest { chains_per_node: 1 };

/// What one of the six techniques looks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    /// A loop whose inferences alternate all the way round.
    ContinuousLoop,
    /// A loop with one break at its start cell.
    DiscontinuousLoop,
    /// A chain between two different cells.
    Aic,
}

/// The shape a technique looks for and whether it uses group nodes, or `None` for other
/// techniques.
fn shape_of(technique: Technique) -> Option<(Shape, bool)> {
    Some(match technique {
        Technique::ContinuousNiceLoop => (Shape::ContinuousLoop, false),
        Technique::DiscontinuousNiceLoop => (Shape::DiscontinuousLoop, false),
        Technique::Aic => (Shape::Aic, false),
        Technique::GroupedContinuousNiceLoop => (Shape::ContinuousLoop, true),
        Technique::GroupedDiscontinuousNiceLoop => (Shape::DiscontinuousLoop, true),
        Technique::GroupedAic => (Shape::Aic, true),
        _ => return None,
    })
}

/// Reports every instance of `technique` (one of the nice loops or AICs) in `grid` to `sink`,
/// shortest chain first, each set of eliminations once.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some((shape, grouped)) = shape_of(technique) else { return ControlFlow::Continue(()) };
    let findings = Findings::of(grid, grouped);
    for (eliminations, chain) in findings.of_shape(shape) {
        sink(step(technique, shape, grid, chain, eliminations.clone()))?;
    }
    ControlFlow::Continue(())
}

/// Everything the walks of one position find, by shape, shortest chain first.
struct Findings {
    grid: Candidates,
    grouped: bool,
    continuous: Vec<(Vec<Candidate>, Chain)>,
    discontinuous: Vec<(Vec<Candidate>, Chain)>,
    aic: Vec<(Vec<Candidate>, Chain)>,
}

thread_local! {
    /// The findings of the last position searched, plain and grouped: the three shapes come from
    /// the same walks, and the hint engine asks for them one after another on one position.
    static LAST_FINDINGS: RefCell<[Option<Rc<Findings>>; 2]> = const { RefCell::new([None, None]) };
}

impl Findings {
    /// The findings for `grid`, searched once per position.
    fn of(grid: &Candidates, grouped: bool) -> Rc<Findings> {
        let slot = usize::from(grouped);
        let known = LAST_FINDINGS.with(|last| last.borrow()[slot].clone());
        if let Some(known) = known.filter(|f| f.grouped == grouped && f.grid == *grid) {
            return known;
        }
        let found = Rc::new(Findings::search(grid, grouped));
        LAST_FINDINGS.with(|last| last.borrow_mut()[slot] = Some(Rc::clone(&found)));
        found
    }

    fn of_shape(&self, shape: Shape) -> &[(Vec<Candidate>, Chain)] {
        match shape {
            Shape::ContinuousLoop => &self.continuous,
            Shape::DiscontinuousLoop => &self.discontinuous,
            Shape::Aic => &self.aic,
        }
    }

    /// Walks from every candidate, assumed true and assumed false: the walks that come back to
    /// the start cell are loops, the others from a false start to a true end are AICs. Grouped
    /// findings keep only chains through at least one group node.
    fn search(grid: &Candidates, grouped: bool) -> Findings {
        let groups = if grouped { group_nodes(grid) } else { Vec::new() };
        let (mut continuous, mut discontinuous, mut aic) =
            (Shortest::default(), Shortest::default(), Shortest::default());
        if !grouped || !groups.is_empty() {
            let graph = if grouped { LinkGraph::grouped(grid) } else { LinkGraph::new(grid) };
            let rules = LinkRules::every_candidate(grid, &groups);
            let mut search = ChainSearch::new(&graph, &rules, MAX_LINKS, SHORTEST);
            for cell in grid.unsolved() {
                for digit in grid.candidates(cell) {
                    for on in [true, false] {
                        let _ = search.walk_loops(Node::new(cell, digit), on, &mut |walk| {
                            if walk.links() < MIN_LINKS {
                                return ControlFlow::Continue(());
                            }
                            let (start, end) = (walk.start(), walk.end());
                            let (found, eliminations) = if walk.closes_loop() {
                                match loop_kind(grid, start, on, end, walk.end_on()) {
                                    Some(LoopKind::Continuous) => {
                                        (&mut continuous, continuous_eliminations(grid, &walk.chain()))
                                    }
                                    Some(LoopKind::Discontinuous(result)) => (
                                        &mut discontinuous,
                                        discontinuous_eliminations(grid, start, end, result),
                                    ),
                                    None => return ControlFlow::Continue(()),
                                }
                            } else if !on && walk.end_on() {
                                (&mut aic, aic_eliminations(grid, start, end))
                            } else {
                                return ControlFlow::Continue(());
                            };
                            if !eliminations.is_empty() && (!grouped || walk.uses_group()) {
                                found.offer(sorted(eliminations), walk);
                            }
                            ControlFlow::Continue(())
                        });
                    }
                }
            }
        }
        Findings {
            grid: grid.clone(),
            grouped,
            continuous: continuous.into_shortest_first(),
            discontinuous: discontinuous.into_shortest_first(),
            aic: aic.into_shortest_first(),
        }
    }
}

/// `candidates` sorted, each once.
fn sorted(mut candidates: Vec<Candidate>) -> Vec<Candidate> {
    candidates.sort();
    candidates.dedup();
    candidates
}

/// What an AIC from `start` (false) to `end` (true) proves: one of its two ends is true.
fn aic_eliminations(grid: &Candidates, start: Node, end: Node) -> Vec<Candidate> {
    let (start_cells, end_cells) = (start.cells(), end.cells());
    if start_cells.intersects(end_cells) {
        return Vec::new();
    }
    if start.digit() == end.digit() {
        let seeing_both = (start_cells | end_cells).common_peers();
        return candidates_in(seeing_both & grid.cells_with(start.digit()), start.digit());
    }
    // Two digits: a cell seeing every cell of the other end cannot hold the other end's digit.
    let mut found = Vec::new();
    for (from, other) in [(start, end), (end, start)] {
        let cell = from.cell();
        if !from.is_group() && other.cells().is_subset(cell.peers()) && grid.has(cell, other.digit()) {
            found.push(Candidate::new(cell, other.digit()));
        }
    }
    found
}

/// How a loop closes at its start cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LoopKind {
    /// The inferences alternate all the way round.
    Continuous,
    /// They break at the start cell, with this result.
    Discontinuous(Break),
}

/// What a discontinuous loop proves at its start cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Break {
    /// Two strong inferences meet: the start candidate is true.
    StartTrue,
    /// Two weak inferences meet, or the start candidate (true) forces another digit of its cell:
    /// the start candidate is false.
    StartFalse,
    /// The start candidate (false) makes another digit of its cell false: that digit, true, would
    /// make the start candidate true too, so it is false.
    EndFalse,
}

/// How a loop from `start` (true when `start_on`) back to `end` in the same cell (true when
/// `end_on`) closes, if it is a nice loop.
fn loop_kind(grid: &Candidates, start: Node, start_on: bool, end: Node, end_on: bool) -> Option<LoopKind> {
    let same = start == end;
    Some(match (start_on, end_on, same) {
        // x true => ... => x false, and x false => ... => x true.
        (true, false, true) => LoopKind::Discontinuous(Break::StartFalse),
        (false, true, true) => LoopKind::Discontinuous(Break::StartTrue),
        // x true => ... => y true in the same cell.
        (true, true, false) => LoopKind::Discontinuous(Break::StartFalse),
        // x false => ... => y false: y true would force x true.
        (false, false, false) => LoopKind::Discontinuous(Break::EndFalse),
        // The loop comes back to the start candidate with the other inference.
        (true, true, true) | (false, false, true) => LoopKind::Continuous,
        // x true => ... => y false: the cell closes it only when it holds just x and y.
        (true, false, false) if grid.candidates(start.cell()).len() == 2 => LoopKind::Continuous,
        (true, false, false) => return None,
        // x false => ... => y true: x and y are linked weakly in the cell.
        (false, true, false) => LoopKind::Continuous,
    })
}

/// What a discontinuous loop from `start` to `end` removes at its start cell.
fn discontinuous_eliminations(grid: &Candidates, start: Node, end: Node, result: Break) -> Vec<Candidate> {
    match result {
        Break::StartFalse => vec![start.candidate()],
        Break::EndFalse => vec![end.candidate()],
        Break::StartTrue => {
            let cell = start.cell();
            let others = grid.candidates(cell).iter().filter(|&d| d != start.digit());
            others.map(|d| Candidate::new(cell, d)).collect()
        }
    }
}

/// What a continuous loop removes: each weak link holds exactly one true end, so a candidate of its
/// digit seeing both ends goes (outside the loop's cells, as HoDoKu counts it), and so do the other
/// digits of a cell linked weakly inside.
fn continuous_eliminations(grid: &Candidates, chain: &Chain) -> Vec<Candidate> {
    let nodes = chain.nodes();
    let loop_cells: CellSet = nodes.iter().fold(CellSet::EMPTY, |cells, n| cells | n.cells());
    let mut found = Vec::new();
    for (i, via) in chain.vias().iter().enumerate() {
        if !chain.is_strong(i) {
            found.extend(weak_link_eliminations(grid, nodes[i], nodes[i + 1], *via, loop_cells));
        }
    }
    // A loop from x false to y true in the start cell closes on the weak link y - x in that cell.
    let (start, end) = (chain.start(), chain.end());
    if !chain.first_on() && start != end {
        found.extend(weak_link_eliminations(grid, end, start, Via::Cell, loop_cells));
    }
    found
}

/// The candidates a weak link of a continuous loop removes (none in `loop_cells` for a link
/// between cells).
fn weak_link_eliminations(
    grid: &Candidates,
    from: Node,
    to: Node,
    via: Via,
    loop_cells: CellSet,
) -> Vec<Candidate> {
    match via {
        Via::Cell => {
            let cell = from.cell();
            let others = grid.candidates(cell).iter().filter(|&d| d != from.digit() && d != to.digit());
            others.map(|d| Candidate::new(cell, d)).collect()
        }
        Via::House(_) => {
            let digit = from.digit();
            let seeing_both = (from.cells() | to.cells()).common_peers() - loop_cells;
            candidates_in(seeing_both & grid.cells_with(digit), digit)
        }
    }
}

/// The step of one loop or chain.
fn step(
    technique: Technique,
    shape: Shape,
    grid: &Candidates,
    chain: &Chain,
    eliminations: Vec<Candidate>,
) -> Step {
    let explanation = match shape {
        Shape::ContinuousLoop => continuous_text(technique, chain, &eliminations),
        Shape::DiscontinuousLoop => discontinuous_text(technique, grid, chain, &eliminations),
        Shape::Aic => aic_text(technique, chain, &eliminations),
    };
    Step::new(technique)
        .with_houses(chain.houses())
        .with_cells(chain.cells())
        .with_drivers(chain.nodes().iter().flat_map(|n| n.candidates()))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}

fn continuous_text(technique: Technique, chain: &Chain, eliminations: &[Candidate]) -> String {
    format!(
        "{technique} ({links} links): {notation}: strong and weak inferences alternate all the way round, \
         so each weak link has exactly one true end and {removed}",
        links = loop_links(chain),
        notation = loop_notation(chain),
        removed = removal_text(eliminations),
    )
}

fn discontinuous_text(
    technique: Technique,
    grid: &Candidates,
    chain: &Chain,
    eliminations: &[Candidate],
) -> String {
    let (start, end) = (chain.start().candidate(), chain.end().candidate());
    let end_on = chain.is_strong(chain.links() - 1);
    let reason = match loop_kind(grid, chain.start(), chain.first_on(), chain.end(), end_on) {
        Some(LoopKind::Discontinuous(Break::StartTrue)) => format!(
            "if {cell} were not {d}, the chain would make it {d}, so {cell} is {d}",
            cell = start.cell,
            d = start.digit
        ),
        Some(LoopKind::Discontinuous(Break::EndFalse)) => format!(
            "if {cell} were not {x}, the chain would rule out {y} there too; so {y} would force {x}, \
             which it cannot",
            cell = start.cell,
            x = start.digit,
            y = end.digit
        ),
        _ if start.digit == end.digit => format!(
            "if {cell} were {d}, the chain would rule {d} out of it",
            cell = start.cell,
            d = start.digit
        ),
        _ => format!(
            "if {cell} were {x}, the chain would make it {y} as well",
            cell = start.cell,
            x = start.digit,
            y = end.digit
        ),
    };
    format!(
        "{technique} ({links} links): {notation}: {reason}, so {removed}",
        links = chain.links(),
        notation = chain.notation(),
        removed = removal_text(eliminations),
    )
}

fn aic_text(technique: Technique, chain: &Chain, eliminations: &[Candidate]) -> String {
    let (start, end) = (chain.start(), chain.end());
    format!(
        "{technique} ({links} links): {notation}: if {start} is false the chain makes {end} true, so one \
         of the two ends is true and {removed}",
        links = chain.links(),
        notation = chain.notation(),
        start = candidate_text(start),
        end = candidate_text(end),
        removed = removal_text(eliminations),
    )
}

/// A node in words: `5 in r1c2`, a group `5 in r1c23`.
fn candidate_text(node: Node) -> String {
    let text = node.to_string();
    let (digit, cells) = text.split_at(1);
    format!("{digit} in {cells}")
}

/// The links of a loop, counting the closing link when it is a separate link in the start cell.
fn loop_links(chain: &Chain) -> usize {
    chain.links() + usize::from(chain.start() != chain.end())
}

/// A loop in Eureka notation, closed back to its first candidate when the closing link is inside
/// the start cell.
fn loop_notation(chain: &Chain) -> String {
    let mut text = chain.notation();
    let (start, end) = (chain.start(), chain.end());
    if start != end {
        let sign = if chain.first_on() { '=' } else { '-' };
        text.push_str(&format!("{sign}{start}"));
    }
    text
}
