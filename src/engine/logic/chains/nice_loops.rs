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
//!
//! The grouped techniques also pass through almost locked sets (ALS nodes) when every instance is
//! asked for ([`find`]), as HoDoKu's all-steps search and its regression library do; its solving
//! path leaves them out (its default). A continuous loop through a set locks it: each of the set's
//! digits other than the two the loop uses is removed from every cell seeing all the set's cells
//! holding it.
//!
//! This search finds every loop and AIC its walks meet, for hints and listings. The solving path
//! takes its loops from HoDoKu's own search instead ([`hodoku_steps`], [`super::tabling`]), which
//! meets fewer: which of them HoDoKu meets decides the step its path takes.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::rc::Rc;

use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet};

use super::graph::{AlsSet, LinkGraph, LinkRules, Node, Via, group_nodes};
use super::search::{Chain, ChainSearch, Explore, MAX_LINKS, Walk};
use super::shape::{Shape, shape_of, technique_of};
use super::shortest::Shortest;
use super::tabling;
use crate::engine::literal::Literal;
use crate::engine::logic::als::digits_in_braces;
use crate::engine::logic::memo::LastPosition;
use crate::engine::logic::step::{a_digit, candidates_in, join_and};
use crate::engine::logic::{Sink, Step, Technique, digit_list, removal_text};

/// The fewest links of a loop or an AIC here (shorter ones are singles, pairs or wings).
const MIN_LINKS: usize = 3;
/// One chain reaches each node with each truth value in the grouped searches, as in HoDoKu's
/// implication tables: every loop and chain of HoDoKu's library is still found, in every
/// orientation of the board, at half the cost of two.
const SHORTEST: Explore = Explore::Shortest { chains_per_node: 1 };
/// Two chains reach each candidate in the plain search: with one, which chain reaches a candidate
/// first depends on the board's orientation, and a continuous loop of HoDoKu's library (0706) is
/// missed in some orientations; with two it is found in all (`tests/regression_symmetry.rs`), for
/// 4% more work in rating.
const SHORTEST_PLAIN: Explore = Explore::Shortest { chains_per_node: 2 };

/// Reports every instance of `technique` (one of the nice loops or AICs) in `grid` to `sink`,
/// shortest chain first, each set of eliminations once; for the grouped techniques, the chains
/// through group nodes first, then those through almost locked sets that remove something else.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    report(technique, grid, sink)?;
    let Some((shape, true)) = shape_of(technique) else { return ControlFlow::Continue(()) };
    let grouped = Findings::of(grid, Nodes::Grouped);
    let known: HashSet<&Vec<Candidate>> = grouped.of_shape(shape).iter().map(|(e, _)| e).collect();
    let findings = Findings::of(grid, Nodes::Als);
    for (eliminations, chain) in findings.of_shape(shape).iter().filter(|(e, _)| !known.contains(e)) {
        sink(step(technique, shape, grid, chain, eliminations.clone()))?;
    }
    ControlFlow::Continue(())
}

/// The nice loops and AICs HoDoKu's own search keeps, as steps in its order
/// ([`tabling::hodoku_loops`]): with `grouped`, its Grouped Nice Loop step, whose chains without a
/// group node keep their plain technique.
pub(super) fn hodoku_steps(grid: &Candidates, grouped: bool) -> Vec<Step> {
    tabling::hodoku_loops(grid, grouped)
        .into_iter()
        .map(|found| {
            let technique = technique_of(found.shape, found.grouped);
            step(technique, found.shape, grid, &found.chain(grid), found.eliminations)
        })
        .collect()
}

/// Reports the chains through candidates, and for the grouped techniques through group nodes.
fn report(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some((shape, grouped)) = shape_of(technique) else { return ControlFlow::Continue(()) };
    let findings = Findings::of(grid, if grouped { Nodes::Grouped } else { Nodes::Candidates });
    for (eliminations, chain) in findings.of_shape(shape) {
        sink(step(technique, shape, grid, chain, eliminations.clone()))?;
    }
    ControlFlow::Continue(())
}

/// Which nodes a chain may pass through besides candidates; each kind of search keeps only the
/// chains that use its own kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Nodes {
    /// Candidates only.
    Candidates,
    /// Candidates and box-line groups, each chain through a group.
    Grouped,
    /// Candidates, groups and almost locked sets, each chain through a set.
    Als,
}

/// Everything the walks of one position find, by shape, shortest chain first.
struct Findings {
    continuous: Vec<(Vec<Candidate>, Chain)>,
    discontinuous: Vec<(Vec<Candidate>, Chain)>,
    aic: Vec<(Vec<Candidate>, Chain)>,
}

thread_local! {
    /// The findings of the last position searched, by kind of node: the three shapes come from
    /// the same walks, and the hint engine asks for them one after another on one position.
    static LAST_FINDINGS: [LastPosition<(), Findings>; 3] =
        const { [LastPosition::new(), LastPosition::new(), LastPosition::new()] };
}

impl Findings {
    /// The findings for `grid`, searched once per position.
    fn of(grid: &Candidates, nodes: Nodes) -> Rc<Findings> {
        LAST_FINDINGS
            .with(|last| last[nodes as usize].get_or_make(grid, (), || Findings::search(grid, nodes)))
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
    /// findings keep only chains through at least one group node, ALS findings only chains
    /// through at least one almost locked set.
    fn search(grid: &Candidates, nodes: Nodes) -> Findings {
        let groups = if nodes == Nodes::Candidates { Vec::new() } else { group_nodes(grid) };
        let (mut continuous, mut discontinuous, mut aic) =
            (Shortest::default(), Shortest::default(), Shortest::default());
        let graph = match nodes {
            Nodes::Candidates => Some(LinkGraph::shared(grid)),
            Nodes::Grouped if groups.is_empty() => None,
            Nodes::Grouped => Some(Rc::new(LinkGraph::grouped(grid))),
            Nodes::Als => Some(Rc::new(LinkGraph::with_als(grid))),
        };
        let kept = |walk: &Walk<'_>| match nodes {
            Nodes::Candidates => true,
            Nodes::Grouped => walk.uses_group(),
            Nodes::Als => walk.uses_als(),
        };
        if let Some(graph) = graph {
            let rules = LinkRules::every_candidate(grid, &groups);
            let rules = if nodes == Nodes::Als { rules.through_als() } else { rules };
            let explore = if nodes == Nodes::Candidates { SHORTEST_PLAIN } else { SHORTEST };
            let mut search = ChainSearch::new(&graph, &rules, MAX_LINKS, explore);
            for cell in grid.unsolved() {
                for digit in grid.candidates(cell) {
                    for on in [true, false] {
                        let premise = Literal::new(Node::new(cell, digit), on);
                        let _ = search.walk_loops(premise, &mut |walk| {
                            // A chain ends on a candidate or a group, never inside a set.
                            if walk.links() < MIN_LINKS || walk.end().is_als() {
                                return ControlFlow::Continue(());
                            }
                            let (start, end) = (walk.start(), walk.end());
                            let (found, eliminations) = if walk.closes_loop() {
                                match loop_kind(grid, premise, walk.last()) {
                                    Some(LoopKind::Continuous) => {
                                        (&mut continuous, continuous_eliminations(grid, &walk.chain()))
                                    }
                                    Some(LoopKind::Discontinuous(result)) => (
                                        &mut discontinuous,
                                        discontinuous_eliminations(grid, start, end, result),
                                    ),
                                    None => return ControlFlow::Continue(()),
                                }
                            } else {
                                // Not a loop: the walk hands over only AICs then.
                                debug_assert!(
                                    !on && walk.last().is_on(),
                                    "an AIC starts false and ends true"
                                );
                                (&mut aic, aic_eliminations(grid, &graph, start, end))
                            };
                            if !eliminations.is_empty() && kept(walk) {
                                found.offer(sorted(eliminations), walk);
                            }
                            ControlFlow::Continue(())
                        });
                    }
                }
            }
        }
        Findings {
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

/// What an AIC from `start` (false) to `end` (true) in `graph` proves: one of its two ends is
/// true.
fn aic_eliminations(grid: &Candidates, graph: &LinkGraph, start: Node, end: Node) -> Vec<Candidate> {
    let (start_cells, end_cells) = (graph.cells(start), graph.cells(end));
    if start_cells.intersects(end_cells) {
        return Vec::new();
    }
    if start.digit() == end.digit() {
        let seeing_both = grid.layout().common_peers(start_cells | end_cells);
        return candidates_in(seeing_both & grid.cells_with(start.digit()), start.digit());
    }
    // Two digits: a cell seeing every cell of the other end cannot hold the other end's digit.
    let mut found = Vec::new();
    for ((from, _), (other, other_cells)) in
        [((start, start_cells), (end, end_cells)), ((end, end_cells), (start, start_cells))]
    {
        if from.is_group() {
            continue;
        }
        let cell = from.cell();
        if other_cells.is_subset(grid.peers(cell)) && grid.has(cell, other.digit()) {
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

/// How a loop from `start` back to `end` in the same cell closes, if it is a nice loop.
fn loop_kind(grid: &Candidates, start: Literal<Node>, end: Literal<Node>) -> Option<LoopKind> {
    let same = start.subject() == end.subject();
    Some(match (start.is_on(), end.is_on(), same) {
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
        (true, false, false) if grid.candidates(start.subject().cell()).len() == 2 => LoopKind::Continuous,
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
/// digits of a cell linked weakly inside. An almost locked set the loop passes through holds
/// exactly one of its two loop digits, so its other digits are locked in it.
fn continuous_eliminations(grid: &Candidates, chain: &Chain) -> Vec<Candidate> {
    let nodes = chain.nodes();
    let loop_cells: CellSet = (0..nodes.len()).fold(CellSet::EMPTY, |cells, i| cells | chain.node_cells(i));
    let mut found = Vec::new();
    for (i, via) in chain.vias().iter().enumerate() {
        if !chain.is_strong(i) {
            let (from, to) = ((nodes[i], chain.node_cells(i)), (nodes[i + 1], chain.node_cells(i + 1)));
            found.extend(weak_link_eliminations(grid, from, to, *via, loop_cells));
        } else if let (Via::Als, Some(set)) = (via, chain.set(i)) {
            let used = [nodes[i].digit(), nodes[i + 1].digit()];
            found.extend(locked_set_eliminations(grid, set, |d| used.contains(&d), None));
        } else if *via == Via::Forced {
            // The set's node and the candidate it forces, whichever comes first.
            let (set, entry, forced) = match (chain.set(i), chain.set(i + 1)) {
                (Some(set), _) => (set, nodes[i], nodes[i + 1]),
                (_, Some(set)) => (set, nodes[i + 1], nodes[i]),
                _ => continue,
            };
            let cell = forced.cell();
            let mut exits = grid.candidates(cell);
            exits.remove(forced.digit());
            let skip = |d| d == entry.digit() || exits.contains(d);
            found.extend(locked_set_eliminations(grid, set, skip, None));
            for digit in set.digits.iter().filter(|&d| exits.contains(d)) {
                found.extend(locked_set_eliminations(grid, set, |d| d != digit, Some(cell)));
            }
        }
    }
    // A loop from x false to y true in the start cell closes on the weak link y - x in that cell.
    let (start, end) = (chain.start(), chain.end());
    if !chain.first_on() && start != end {
        let closing = ((end, chain.node_cells(nodes.len() - 1)), (start, chain.node_cells(0)));
        found.extend(weak_link_eliminations(grid, closing.0, closing.1, Via::Cell, loop_cells));
    }
    found
}

/// What a locked set removes in a continuous loop: each digit of `set` but those `skip`s, from the
/// cells outside seeing all the set's cells holding it (and `also`, when given: the digit is then
/// in the set or in that cell).
fn locked_set_eliminations(
    grid: &Candidates,
    set: &AlsSet,
    skip: impl Fn(Digit) -> bool,
    also: Option<Cell>,
) -> Vec<Candidate> {
    let mut found = Vec::new();
    for digit in set.digits.iter().filter(|&d| !skip(d)) {
        let holders = (set.cells & grid.cells_with(digit)) | also.map_or(CellSet::EMPTY, Cell::set);
        found.extend(candidates_in(grid.layout().common_peers(holders) & grid.cells_with(digit), digit));
    }
    found
}

/// The candidates a weak link of a continuous loop between two nodes, each with its cells,
/// removes (none in `loop_cells` for a link between cells).
fn weak_link_eliminations(
    grid: &Candidates,
    (from, from_cells): (Node, CellSet),
    (to, to_cells): (Node, CellSet),
    via: Via,
    loop_cells: CellSet,
) -> Vec<Candidate> {
    match via {
        Via::Cell => {
            let cell = from.cell();
            let others = grid.candidates(cell).iter().filter(|&d| d != from.digit() && d != to.digit());
            others.map(|d| Candidate::new(cell, d)).collect()
        }
        Via::House(_) | Via::Peers | Via::Als | Via::Forced => {
            let digit = from.digit();
            let seeing_both = grid.layout().common_peers(from_cells | to_cells) - loop_cells;
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
    let mut explanation = match shape {
        Shape::ContinuousLoop => continuous_text(technique, chain, &eliminations),
        Shape::DiscontinuousLoop => discontinuous_text(technique, grid, chain, &eliminations),
        Shape::Aic => aic_text(technique, chain, &eliminations),
    };
    explanation.push_str(&sets_text(&chain.sets()));
    Step::new(technique)
        .with_houses(chain.houses())
        .with_cells(chain.cells())
        .with_drivers(chain.candidates())
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
    let (cell, x, y) = (start.cell, start.digit, end.digit);
    let first = Literal::new(chain.start(), chain.first_on());
    let last = Literal::new(chain.end(), chain.is_strong(chain.links() - 1));
    let conclusion = match loop_kind(grid, first, last) {
        Some(LoopKind::Discontinuous(Break::StartTrue)) => {
            let others: DigitSet = eliminations.iter().map(|e| e.digit).collect();
            format!(
                "if {cell} were not {x}, the chain would make it {x}, so {cell} is {x} and {others} {verb} \
                 removed from it",
                others = digit_list(others),
                verb = if others.len() == 1 { "is" } else { "are" },
            )
        }
        Some(LoopKind::Discontinuous(Break::EndFalse)) => format!(
            "if {cell} were not {x}, the chain would rule out {y} there too, so {a_y} in {cell} would make it \
                 {x} as well: {removed}",
            a_y = a_digit(y),
            removed = removal_text(eliminations),
        ),
        _ if x == y => format!(
            "if {cell} were {x}, the chain would rule {x} out of it, so {removed}",
            removed = removal_text(eliminations),
        ),
        _ => format!(
            "if {cell} were {x}, the chain would make it {y} as well, so {removed}",
            removed = removal_text(eliminations),
        ),
    };
    format!(
        "{technique} ({links} links): {notation}: {conclusion}",
        links = chain.links(),
        notation = chain.notation()
    )
}

fn aic_text(technique: Technique, chain: &Chain, eliminations: &[Candidate]) -> String {
    format!(
        "{technique} ({links} links): {notation}: if {start} is false the chain makes {end} true, so one \
         of the two ends is true and {removed}",
        links = chain.links(),
        notation = chain.notation(),
        start = candidate_text(chain, 0),
        end = candidate_text(chain, chain.nodes().len() - 1),
        removed = removal_text(eliminations),
    )
}

/// The sentence naming the almost locked sets a chain passes through, if any: `(r1c2,r1c3 {3,8,9}
/// is an almost locked set: without one of its digits, the others are locked in it)`.
fn sets_text(sets: &[AlsSet]) -> String {
    if sets.is_empty() {
        return String::new();
    }
    let named = sets.iter().map(|set| format!("{} {}", set.cells, digits_in_braces(set.digits))).collect();
    let (verb, noun, place) = if sets.len() == 1 {
        ("is", "an almost locked set", "it")
    } else {
        ("are", "almost locked sets", "each")
    };
    format!(
        " ({} {verb} {noun}: without one of its digits, the others are locked in {place})",
        join_and(named)
    )
}

/// Node `i` of `chain` in words: `5 in r1c2`, a group `5 in r1c23`.
fn candidate_text(chain: &Chain, i: usize) -> String {
    let text = chain.node_text(i);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::find_all;
    use crate::engine::logic::test_support::{assert_library_cases_pass, cands, position};

    const CONTINUOUS: &str = ":0706:1279:548..+3...+63....8..1+2.+8....3+972.+386..+4.....3..+3...47..9+71+43+8+5+92+62569+7..+3+8+8+9+3.6.7..::118 156 256 718 925 935::7";
    const DISCONTINUOUS_PLACING: &str = ":0707-1:1589:1..+4.58..4..2.+7.....2...47......6..3....7.91.29.........4...2...+2..48.5....1...8+4::145 545 845 945::7";
    const DISCONTINUOUS_REMOVING: &str = ":0707-2:7:....8.2....5....4..2...5...+9+6+2+8+37.....+321+4+6971+74+5..+83+2..+1......+6973+4+852+1+2+48+75136+9::718::8";
    const AIC_ONE_DIGIT: &str = ":0708-1:5:+2......69+98..2.13+7+71.....+24..+9....+5..4...9.7.+5671+329+4+8+6.1....8+33......+9+6+4+9867+32+15::513 523 533 572 582::9";
    const AIC_TWO_DIGITS: &str = ":0708-2:38:..+2....5...+4+52.1..+5.38..+2..+3+9+86+5+7+4+122+5+74+18+6934+61.+9.+7851+3+9...+5..+8+26+1359+47745.....+1::397 817::7";
    const GROUPED_CONTINUOUS: &str = ":0709-1:1289:....3.94+66.....+57....6..1+2...95..+4+12+4+82+173+69515+6+942+3+8+7.+6..5.+7+3..43...8+5....+3..26.:211:122 222 831 833 836 936::7";
    const GROUPED_DISCONTINUOUS_PLACING: &str = ":0710-1:89:.+7.+9+4.15..5.7.1.+4.+4..+3+5.+79.3+2+5+89+7+61+4..76+24+5...4651+3.+2778..3+92+6+5+5.............54..:811 821 183 383 983 184 286 393:851 951::7";
    const GROUPED_DISCONTINUOUS_REMOVING: &str = ":0710-2:9:+3+4512+8+9..+97+6...+28+1+28+1...345.......+1.+1..6...3.4.2.81+5.9+7.+4...+128+8+19.4.6+5+3.+2+38+1.7+94::942::12";
    const GROUPED_AIC_ONE_DIGIT: &str = ":0711-1:6:3.2....1.+1..97........+1....5..+18.6....15...7..8.+74.+1..9....1.27.1.4.......5..79.+1::612 616 619 626 634 636::7";
    const GROUPED_AIC_TWO_DIGITS: &str = ":0711-2:56:4+8..+12.391+953..28......+9+4...+1.4..9.886+4.+9+1....79...1+4..+5123.+8.4..+89........1.8...:248 269 369:564 669::5";
    /// HoDoKu's library cases "with ALS": each needs a chain through an almost locked set.
    const ALS_CONTINUOUS: &str = ":0709-2:236:.4..892...652+4...+9..9.+1...44..9.5...95.+4...17...1.8+4+956.+4...9...+9...174...789+4.3.:331 242 342 243 245 345 574 775 584 689:291 314 649::9";
    const ALS_DISCONTINUOUS_PLACING: &str = ":0710-3:14:81+6+3..7..+9+2415+7+83+6+57+38.....489.1.2.+3........9.....3...+2.5..+1...+197538+64+2..+82...1.::137 437::9";
    const ALS_DISCONTINUOUS_FORCING: &str = ":0710-4:8:..7942...3..5...4.......9...82+73.+56167.+1+5.+83213+5+82+647+9..1.......5...8..4...4156..:519 339 976:838::12";
    const ALS_AIC_ONE_DIGIT: &str = ":0711-3:1:.........+8..3.5.466..2.851.2..9....3..9...7..7....6..4+3458.1.+7298.7.3+4.+1+1........:312 313 917 918 552 255 455 555 568:164 165::13";
    const ALS_AIC_TWO_DIGITS: &str = ":0711-4:46:.594....33.75+961.+8...+7..9.+5.....43...1..7..9+4..46.......2....+3...13.25.96....741+2:811 217 218 831 232 432 835 836 638 541 245 248 561 262 962 265 565 166 366 866 268 471 974 175 575 875 885:485 675::16";
    /// A Jellyfish position without any loop or AIC, grouped or not.
    const NO_CHAINS: &str = ":0302:9:.............1.....123.456.+1.........23...78..47.6.12...........318.764..58...23.:444 544 944 445 545 945 546 946 459 566 966:911 914 915 916 919 921 924 926 929 949 971 974 975 976 979::";
    /// A Simple Colors position with discontinuous loops and AICs but no continuous loop.
    const NO_CONTINUOUS_LOOP: &str = ":0500:3:21+4..+6.....+79.+2..4...4.7.....+1+87..32..+26+9.....48.21..642.+7.986+1..91+68...1+86+2+4...9:937 938 387 587 787 588 788 789:319 339 381::";

    const TECHNIQUES: [Technique; 6] = [
        Technique::ContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop,
        Technique::Aic,
        Technique::GroupedContinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
        Technique::GroupedAic,
    ];

    fn step_removing(technique: Technique, line: &str, expected: &str) -> Step {
        let steps = find_all(technique, &position(line));
        let found: Vec<_> = steps.iter().map(|s| s.eliminations.clone()).collect();
        steps.into_iter().find(|s| s.eliminations == cands(expected)).unwrap_or_else(|| panic!("{found:?}"))
    }

    #[test]
    fn continuous_loop_removes_around_every_weak_link() {
        let step = step_removing(Technique::ContinuousNiceLoop, CONTINUOUS, "118 156 256 718 925 935");
        assert!(step.placements.is_empty());
        assert_eq!(
            step.explanation,
            "Continuous Nice Loop (8 links): 6r1c8=6r1c4-6r3c6=(6-9)r5c6=9r5c5-9r1c5=9r1c8-6r1c8: strong and \
             weak inferences alternate all the way round, so each weak link has exactly one true end and 1 is \
             removed from r1c8 and r5c6; 2 from r5c6; 7 from r1c8; 9 from r2c5 and r3c5"
        );
    }

    #[test]
    fn discontinuous_loop_with_two_strong_links_leaves_the_start_digit() {
        let step = step_removing(Technique::DiscontinuousNiceLoop, DISCONTINUOUS_PLACING, "145 545 845 945");
        assert_eq!(
            step.explanation,
            "Discontinuous Nice Loop (7 links): 2r4c5=(2-4)r4c8=4r4c2-4r5c2=(4-2)r5c6=2r4c5: if r4c5 were not \
             2, the chain would make it 2, so r4c5 is 2 and 1, 5, 8 and 9 are removed from it"
        );
    }

    #[test]
    fn discontinuous_loop_removes_the_digit_of_its_weak_end() {
        let step = step_removing(Technique::DiscontinuousNiceLoop, DISCONTINUOUS_REMOVING, "718");
        assert!(
            step.explanation.starts_with("Discontinuous Nice Loop (8 links): 5r1c8=5r1c9-"),
            "{}",
            step.explanation
        );
        assert!(step.explanation.ends_with("so a 7 in r1c8 would make it 5 as well: 7 is removed from r1c8"));
    }

    #[test]
    fn aic_with_one_digit_removes_it_where_both_ends_are_seen() {
        let step = step_removing(Technique::Aic, AIC_ONE_DIGIT, "513 523 533 572 582");
        assert_eq!(step.drivers.len(), 10, "a chain of 9 links");
        assert!(step.explanation.starts_with("AIC (9 links): (5=3)r1c2-3r1c4="), "{}", step.explanation);
    }

    #[test]
    fn aic_with_two_digits_removes_each_from_the_other_end() {
        let step = step_removing(Technique::Aic, AIC_TWO_DIGITS, "397 817");
        assert!(
            step.explanation
                .ends_with("so one of the two ends is true and 3 is removed from r9c7; 8 from r1c7"),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn grouped_loops_and_chains_pass_through_a_group() {
        let cases = [
            (Technique::GroupedContinuousNiceLoop, GROUPED_CONTINUOUS, "122 222 831 833 836 936", "9r2c56"),
            (Technique::GroupedDiscontinuousNiceLoop, GROUPED_DISCONTINUOUS_PLACING, "851 951", "6r12c1"),
            (Technique::GroupedDiscontinuousNiceLoop, GROUPED_DISCONTINUOUS_REMOVING, "942", "7r45c5"),
            (Technique::GroupedAic, GROUPED_AIC_ONE_DIGIT, "612 616 619 626 634 636", "8r79c4"),
            (Technique::GroupedAic, GROUPED_AIC_TWO_DIGITS, "564 669", "6r13c4"),
        ];
        for (technique, line, expected, group) in cases {
            let step = step_removing(technique, line, expected);
            assert!(step.explanation.contains(group), "{}", step.explanation);
            assert!(step.explanation.starts_with(technique.name()), "{}", step.explanation);
        }
    }

    #[test]
    fn the_library_cases_pass() {
        assert_library_cases_pass(&[
            CONTINUOUS,
            DISCONTINUOUS_PLACING,
            DISCONTINUOUS_REMOVING,
            AIC_ONE_DIGIT,
            AIC_TWO_DIGITS,
            GROUPED_CONTINUOUS,
            GROUPED_DISCONTINUOUS_PLACING,
            GROUPED_DISCONTINUOUS_REMOVING,
            GROUPED_AIC_ONE_DIGIT,
            GROUPED_AIC_TWO_DIGITS,
        ]);
    }

    #[test]
    fn nothing_fires_without_a_chain() {
        for technique in TECHNIQUES {
            assert!(find_all(technique, &position(NO_CHAINS)).is_empty(), "{technique}");
        }
        let grid = position(NO_CONTINUOUS_LOOP);
        assert!(find_all(Technique::ContinuousNiceLoop, &grid).is_empty());
        assert!(find_all(Technique::GroupedContinuousNiceLoop, &grid).is_empty());
        assert!(!find_all(Technique::DiscontinuousNiceLoop, &grid).is_empty());
    }

    #[test]
    fn grouped_findings_all_use_a_group_and_each_result_comes_once() {
        for line in
            [GROUPED_CONTINUOUS, GROUPED_DISCONTINUOUS_REMOVING, GROUPED_AIC_TWO_DIGITS, ALS_AIC_ONE_DIGIT]
        {
            let grid = position(line);
            for technique in TECHNIQUES {
                let steps = find_all(technique, &grid);
                let sets: std::collections::HashSet<_> =
                    steps.iter().map(|s| s.eliminations.clone()).collect();
                assert_eq!(sets.len(), steps.len(), "{technique}");
                assert!(steps.iter().all(|s| !s.is_empty() && s.explanation.starts_with(technique.name())));
                let grouped = technique.name().starts_with("Grouped");
                assert!(steps.iter().all(|s| uses_group_notation(s) == grouped), "{technique}");
            }
        }
    }

    /// Whether a step's chain, as written, has a group node (`5r1c23` or `5r12c3`) or an almost
    /// locked set (`(5=7)r1c2,r2c1`).
    fn uses_group_notation(step: &Step) -> bool {
        let notation = step.explanation.split(": ").nth(1).unwrap_or_default();
        notation.split(|c: char| "=-()".contains(c)).any(|node| {
            let cells = node.trim_start_matches(|c: char| c.is_ascii_digit());
            let Some((rows, cols)) = cells.split_once('c') else { return false };
            rows.len() > 2 || cols.len() > 1
        })
    }

    /// The steps HoDoKu's solving path would consider ([`hodoku_steps`]): no chain through an
    /// almost locked set.
    fn path_steps(technique: Technique, grid: &Candidates) -> Vec<Step> {
        let grouped = shape_of(technique).is_some_and(|(_, grouped)| grouped);
        hodoku_steps(grid, grouped)
    }

    #[test]
    fn chains_through_almost_locked_sets_pass_the_library_cases_that_need_them() {
        let cases = [
            (Technique::GroupedContinuousNiceLoop, ALS_CONTINUOUS, "291 314 649"),
            (Technique::GroupedDiscontinuousNiceLoop, ALS_DISCONTINUOUS_PLACING, "137 437"),
            (Technique::GroupedDiscontinuousNiceLoop, ALS_DISCONTINUOUS_FORCING, "838"),
            (Technique::GroupedAic, ALS_AIC_ONE_DIGIT, "164 165"),
            (Technique::GroupedAic, ALS_AIC_TWO_DIGITS, "485 675"),
        ];
        for (technique, line, expected) in cases {
            let step = step_removing(technique, line, expected);
            assert!(step.explanation.contains("almost locked set"), "{}", step.explanation);
            let on_path = path_steps(technique, &position(line));
            assert!(on_path.iter().all(|s| s.eliminations != cands(expected)), "{line} needs no set");
            assert!(on_path.iter().all(|s| !s.explanation.contains("almost locked")), "{line}");
        }
        assert_library_cases_pass(&cases.map(|(_, line, _)| line));
    }

    #[test]
    fn a_continuous_loop_locks_the_sets_it_passes_through() {
        let step = step_removing(Technique::GroupedContinuousNiceLoop, ALS_CONTINUOUS, "291 314 649");
        // The set r5c1,r6c1 {2,3,6}: the loop uses 6 and 3 (or 2); its third digit is locked in it.
        assert!(step.explanation.contains("almost locked set"), "{}", step.explanation);
        let pair = step.explanation.split(": ").nth(1).unwrap_or_default();
        assert!(pair.contains('(') && pair.contains("=") && pair.contains(")r"), "{pair}");
    }

    #[test]
    fn a_set_that_forces_a_cell_links_strongly_to_its_last_candidate() {
        let step = step_removing(Technique::GroupedDiscontinuousNiceLoop, ALS_DISCONTINUOUS_FORCING, "838");
        assert!(step.explanation.contains("-(8)r7c1,r8c1,r9c1,r9c2=6r7c2-"), "{}", step.explanation);
        assert!(step.explanation.ends_with(
            "(r7c1,r8c1,r9c1,r9c2 {2,4,7,8,9} and r1c7,r1c8,r1c9,r2c9,r3c9 {1,3,5,6,7,8} are almost locked sets: \
             without one of its digits, the others are locked in each)"
        ), "{}", step.explanation);
    }

    #[test]
    fn loops_and_chains_never_remove_a_solution_digit_in_the_library() {
        let checked = crate::engine::logic::test_support::assert_sound_in_library(&TECHNIQUES);
        assert!(checked > 1000, "{checked} steps checked");
    }
}
