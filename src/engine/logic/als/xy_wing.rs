//! ALS-XY-Wing: a pivot almost locked set `C` joined to wing sets `A` by the restricted common
//! candidate `x` and `B` by `y` (`x` different from `y`).
//!
//! If neither wing held a digit `z` they share (other than `x` and `y`), both would be locked
//! without it: `A` would hold `x` and `B` would hold `y`, leaving `C` without both, one digit too
//! few for its cells. So `A` or `B` holds `z`, and `z` leaves every cell that sees all the `z`s of
//! both wings.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::engine::{Candidate, Digit};

use super::super::step::grouped_removal_text;
use super::super::{Candidates, Sink, Step, Technique};
use super::{Als, AlsIndex, Link, Scope, removed_between, removed_digits};

/// The most pairs of wings examined in one position (a bound on crowded early positions; far more
/// than a position late enough to need this technique has).
const PAIR_BUDGET: usize = 1_000_000;

/// Reports every ALS-XY-Wing of `index` to `sink`, each distinct set of eliminations once. On
/// HoDoKu's path ([`Scope::Path`]) the wings may not overlap, and the wings are reported in the
/// order HoDoKu's search meets them: by the pair of links to the pivot, each link placed by its
/// two sets' places in the list.
pub(super) fn find(grid: &Candidates, index: &AlsIndex, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let path = index.scope == Scope::Path;
    // On the path, the wings found with their place in HoDoKu's order; their steps (and the text
    // explaining them) are made only for those reported.
    let mut in_order: Vec<((Pair, Pair), Wing)> = Vec::new();
    let mut reported = HashSet::new();
    let mut budget = PAIR_BUDGET;
    'pivots: for (pivot, links) in index.links.iter().enumerate() {
        let wings: Vec<&Link> = links.iter().filter(|l| !index.reach[l.other].is_empty()).collect();
        for (n, first) in wings.iter().enumerate() {
            for second in &wings[n + 1..] {
                if budget == 0 {
                    break 'pivots;
                }
                budget -= 1;
                let reach = index.reach[first.other] & index.reach[second.other];
                if reach.is_empty() {
                    continue;
                }
                let (a, b) = (index.set(first.other), index.set(second.other));
                if path && a.cells.intersects(b.cells) {
                    continue;
                }
                for (x, y) in rcc_choices(first, second) {
                    let mut zs = reach;
                    zs.remove(x);
                    zs.remove(y);
                    if zs.is_empty() {
                        continue;
                    }
                    let eliminations = wing_eliminations(grid, a, b, x, y);
                    if eliminations.is_empty() {
                        continue;
                    }
                    if path {
                        let links = [pair(pivot, first.other), pair(pivot, second.other)];
                        let wing = Wing { sets: [pivot, first.other, second.other], x, y, eliminations };
                        in_order.push(((links[0].min(links[1]), links[0].max(links[1])), wing));
                    } else if reported.insert(eliminations.clone()) {
                        sink(step(grid, [index.set(pivot), a, b], x, y, eliminations))?;
                    }
                }
            }
        }
    }
    in_order.sort_by_key(|(order, _)| *order);
    for (_, Wing { sets: [pivot, a, b], x, y, eliminations }) in in_order {
        if reported.insert(eliminations.clone()) {
            sink(step(grid, [index.set(pivot), index.set(a), index.set(b)], x, y, eliminations))?;
        }
    }
    ControlFlow::Continue(())
}

/// An ALS-XY-Wing found: its pivot and wings (as places in the index), its RCCs and what it removes.
struct Wing {
    sets: [usize; 3],
    x: Digit,
    y: Digit,
    eliminations: Vec<Candidate>,
}

/// A link's place in HoDoKu's list of restricted commons: its two sets' places, smaller first.
type Pair = (usize, usize);

fn pair(a: usize, b: usize) -> Pair {
    (a.min(b), a.max(b))
}

/// Every choice of two different RCCs, one from each link.
pub(super) fn rcc_choices(first: &Link, second: &Link) -> impl Iterator<Item = (Digit, Digit)> {
    let seconds = second.digits;
    first.digits.iter().flat_map(move |x| seconds.iter().filter(move |&y| y != x).map(move |y| (x, y)))
}

/// The digits shared by the wings other than `x` and `y`, each removed from the cells that see all
/// its cells in both wings.
fn wing_eliminations(grid: &Candidates, a: &Als, b: &Als, x: Digit, y: Digit) -> Vec<Candidate> {
    let mut shared = a.digits & b.digits;
    shared.remove(x);
    shared.remove(y);
    let mut eliminations = removed_between(grid, a, b, shared);
    eliminations.sort();
    eliminations
}

fn step(grid: &Candidates, sets: [&Als; 3], x: Digit, y: Digit, eliminations: Vec<Candidate>) -> Step {
    let [pivot, a, b] = sets;
    let explanation = format!(
        "ALS-XY-Wing: pivot ALS C = {} is linked to ALS A = {} by {x} and to ALS B = {} by {y} (restricted \
         commons: never in both sets they link); C cannot lose both {x} and {y}, so A or B holds {}, and {}",
        pivot.describe(),
        a.describe(),
        b.describe(),
        removed_digits(&eliminations),
        grouped_removal_text(&eliminations)
    );
    Step::new(Technique::AlsXyWing)
        .with_houses([pivot.house, a.house, b.house])
        .with_cells(pivot.cells | a.cells | b.cells)
        .with_drivers(sets.iter().flat_map(|s| s.candidates(grid)))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}
