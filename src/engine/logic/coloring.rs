//! Colouring: Simple Colors (trap and wrap) and Multi-Colors (types 1 and 2).
//!
//! For one digit, the houses where it has exactly two places (conjugate pairs) join cells into
//! clusters; along each pair the two cells take opposite colours, so in each cluster exactly one
//! colour holds the digit. A cell that sees both colours of a cluster cannot hold it (trap); a
//! colour with two cells in one house cannot be the true one (wrap). Multi-Colors relate two
//! clusters: when a colour of one sees a colour of the other, the two cannot both be true.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::engine::{Candidate, Cell, CellSet, Digit, House};

use super::{Candidates, Sink, Step, Technique, cell_list, removal_text};

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut reported = HashSet::new();
    for digit in Digit::ALL {
        let clusters = clusters(grid, digit);
        let steps = match technique {
            Technique::SimpleColorsTrap => clusters.iter().filter_map(|c| trap(grid, c)).collect(),
            Technique::SimpleColorsWrap => clusters.iter().flat_map(wrap).collect(),
            Technique::MultiColors1 => multi_colors_1(grid, &clusters),
            Technique::MultiColors2 => multi_colors_2(&clusters),
            _ => Vec::new(),
        };
        for step in steps {
            if !step.is_empty() && reported.insert(step.eliminations.clone()) {
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The two sides of one cluster, as they are named in explanations.
const SIDES: [&str; 2] = ["one way", "the other"];

/// Cells of one digit joined by conjugate pairs, split into two colours: exactly one colour
/// holds the digit.
#[derive(Clone, Debug)]
struct Cluster {
    digit: Digit,
    colours: [CellSet; 2],
    /// The houses of the conjugate pairs that coloured the cluster.
    houses: Vec<House>,
}

impl Cluster {
    fn cells(&self) -> CellSet {
        self.colours[0] | self.colours[1]
    }

    /// The colour's candidates, then the other colour's: the pattern's drivers.
    fn drivers(&self) -> Vec<Candidate> {
        self.colours.iter().flat_map(|c| c.iter()).map(|cell| Candidate::new(cell, self.digit)).collect()
    }

    /// `r1c1 and r2c3` one way, `r4c5` the other.
    fn describe(&self) -> String {
        format!("{} {} and {} {}", cell_list(self.colours[0]), SIDES[0], cell_list(self.colours[1]), SIDES[1])
    }
}

/// The cells some cell of `cells` sees.
fn seen_by(cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::EMPTY, |acc, cell| acc | cell.peers())
}

/// `digit` in the cells of `cells`.
fn candidates_of(cells: CellSet, digit: Digit) -> Vec<Candidate> {
    cells.iter().map(|cell| Candidate::new(cell, digit)).collect()
}

/// The colour clusters of `digit`, in reading order of their first cell.
fn clusters(grid: &Candidates, digit: Digit) -> Vec<Cluster> {
    let conjugate = |house: House| grid.house_cells_with(house, digit).len() == 2;
    let mut uncoloured: CellSet = House::ALL
        .into_iter()
        .filter(|&h| conjugate(h))
        .map(|h| grid.house_cells_with(h, digit))
        .fold(CellSet::EMPTY, |acc, cells| acc | cells);
    let mut clusters = Vec::new();
    while let Some(first) = uncoloured.first() {
        let mut cluster = Cluster { digit, colours: [first.set(), CellSet::EMPTY], houses: Vec::new() };
        uncoloured.remove(first);
        let mut queue = vec![(first, 0usize)];
        while let Some((cell, colour)) = queue.pop() {
            for house in cell.houses().into_iter().filter(|&h| conjugate(h)) {
                let Some(partner) = (grid.house_cells_with(house, digit) - cell.set()).single() else {
                    continue;
                };
                if uncoloured.contains(partner) {
                    uncoloured.remove(partner);
                    cluster.colours[1 - colour].insert(partner);
                    cluster.houses.push(house);
                    queue.push((partner, 1 - colour));
                }
            }
        }
        clusters.push(cluster);
    }
    clusters
}

/// Simple Colors Trap: the digit leaves every cell that sees both colours of the cluster.
fn trap(grid: &Candidates, cluster: &Cluster) -> Option<Step> {
    let digit = cluster.digit;
    let targets = seen_by(cluster.colours[0]) & seen_by(cluster.colours[1]) & grid.cells_with(digit);
    if targets.is_empty() {
        return None;
    }
    let eliminations = candidates_of(targets, digit);
    let explanation = format!(
        "Simple Colors Trap on {digit}: the conjugate pairs of {digit} link {}; all the cells of one side \
         are {digit}, so {} (each sees both sides)",
        cluster.describe(),
        removal_text(&eliminations)
    );
    Some(cluster_step(Technique::SimpleColorsTrap, cluster, eliminations, explanation))
}

/// Simple Colors Wrap: a colour with two cells that see each other is false everywhere.
fn wrap(cluster: &Cluster) -> Vec<Step> {
    let digit = cluster.digit;
    let mut steps = Vec::new();
    for (side, &colour) in cluster.colours.iter().enumerate() {
        let Some((a, b)) = clash(colour, colour) else { continue };
        let eliminations = candidates_of(colour, digit);
        let explanation = format!(
            "Simple Colors Wrap on {digit}: the conjugate pairs of {digit} link {}; {a} and {b}, both linked \
             {}, share {}, so that side cannot be {digit} and {}",
            cluster.describe(),
            SIDES[side],
            shared_house(a, b),
            removal_text(&eliminations)
        );
        steps.push(cluster_step(Technique::SimpleColorsWrap, cluster, eliminations, explanation));
    }
    steps
}

/// Multi-Colors 1: when a colour of one cluster sees a colour of another, the two are not both
/// true, so one of their opposite colours is: what sees both opposite colours loses the digit. One
/// step per pair of clusters, with the eliminations of every such pair of colours.
fn multi_colors_1(grid: &Candidates, clusters: &[Cluster]) -> Vec<Step> {
    let mut steps = Vec::new();
    for (i, first) in clusters.iter().enumerate() {
        for second in &clusters[i + 1..] {
            let digit = first.digit;
            let mut targets = CellSet::EMPTY;
            let mut reasons = Vec::new();
            for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let Some((x, y)) = clash(first.colours[a], second.colours[b]) else { continue };
                let (other_a, other_b) = (first.colours[1 - a], second.colours[1 - b]);
                let found = seen_by(other_a) & seen_by(other_b) & grid.cells_with(digit);
                if !found.is_empty() {
                    targets |= found;
                    reasons.push(format!(
                        "{x} sees {y}, so {} or {} is {digit}",
                        cell_list(other_a),
                        cell_list(other_b)
                    ));
                }
            }
            if targets.is_empty() {
                continue;
            }
            let eliminations = candidates_of(targets, digit);
            let explanation = format!(
                "Multi-Colors 1 on {digit}: the conjugate pairs of {digit} form two clusters, {} and {}; {}; \
                 {} (each sees both)",
                first.describe(),
                second.describe(),
                reasons.join("; "),
                removal_text(&eliminations)
            );
            steps.push(pair_step(Technique::MultiColors1, first, second, eliminations, explanation));
        }
    }
    steps
}

/// Multi-Colors 2: a colour that sees both colours of another cluster is false.
fn multi_colors_2(clusters: &[Cluster]) -> Vec<Step> {
    let mut steps = Vec::new();
    for (i, first) in clusters.iter().enumerate() {
        for (j, second) in clusters.iter().enumerate() {
            if i == j {
                continue;
            }
            for &colour in &first.colours {
                let (Some((x, y)), Some((u, v))) =
                    (clash(colour, second.colours[0]), clash(colour, second.colours[1]))
                else {
                    continue;
                };
                let digit = first.digit;
                let eliminations = candidates_of(colour, digit);
                let explanation = format!(
                    "Multi-Colors 2 on {digit}: the conjugate pairs of {digit} form two clusters, {} and {}; \
                     {x} sees {y} and {u} sees {v}, so if {} held the {digit}s neither side of the other \
                     cluster could: {}",
                    first.describe(),
                    second.describe(),
                    cell_list(colour),
                    removal_text(&eliminations)
                );
                steps.push(pair_step(Technique::MultiColors2, first, second, eliminations, explanation));
            }
        }
    }
    steps
}

/// Two cells, one of `a` and one of `b`, that see each other.
fn clash(a: CellSet, b: CellSet) -> Option<(Cell, Cell)> {
    a.iter().find_map(|x| (x.peers() & b).first().map(|y| (x, y)))
}

/// The house two cells that see each other share (a line before the box).
fn shared_house(a: Cell, b: Cell) -> String {
    a.houses().into_iter().find(|h| h.cell_set().contains(b)).map(|h| h.to_string()).unwrap_or_default()
}

fn cluster_step(
    technique: Technique,
    cluster: &Cluster,
    eliminations: Vec<Candidate>,
    explanation: String,
) -> Step {
    Step::new(technique)
        .with_houses(cluster.houses.iter().copied())
        .with_cells(cluster.cells())
        .with_drivers(cluster.drivers())
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}

fn pair_step(
    technique: Technique,
    first: &Cluster,
    second: &Cluster,
    eliminations: Vec<Candidate>,
    explanation: String,
) -> Step {
    let mut houses = first.houses.clone();
    houses.extend(second.houses.iter().filter(|h| !first.houses.contains(h)));
    let mut drivers = first.drivers();
    drivers.extend(second.drivers());
    Step::new(technique)
        .with_houses(houses)
        .with_cells(first.cells() | second.cells())
        .with_drivers(drivers)
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}
