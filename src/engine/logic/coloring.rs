//! Colouring: Simple Colors (trap and wrap) and Multi-Colors (types 1 and 2).
//!
//! For one digit, the houses where it has exactly two places (conjugate pairs) join cells into
//! clusters; along each pair the two cells take opposite colours, so in each cluster exactly one
//! colour holds the digit. A cell that sees both colours of a cluster cannot hold it (trap); a
//! colour with two cells in one house cannot be the true one (wrap). Multi-Colors relate two
//! clusters: when a colour of one sees a colour of the other, the two cannot both be true.
//!
//! Houses, peers and shared houses come from the position's layout, so the same reasoning holds on
//! a jigsaw (its regions in place of the boxes) and uses the diagonals of a Sudoku X.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::engine::{Candidate, Cell, CellSet, Digit, House};

use super::step::candidates_in;
use super::{Candidates, Sink, Step, Technique, removal_text};

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut reported = HashSet::new();
    for digit in Digit::ALL {
        let clusters = clusters(grid, digit);
        let steps = match technique {
            Technique::SimpleColorsTrap => clusters.iter().filter_map(|c| trap(grid, c)).collect(),
            Technique::SimpleColorsWrap => clusters.iter().flat_map(|c| wrap(grid, c)).collect(),
            Technique::MultiColors1 => multi_colors_1(grid, &clusters),
            Technique::MultiColors2 => multi_colors_2(grid, &clusters),
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
        format!("{} against {}", cells_text(self.colours[0]), cells_text(self.colours[1]))
    }
}

/// `r1c1, r2c3, r4c5`.
fn cells_text(cells: CellSet) -> String {
    cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}

/// The cells some cell of `cells` sees in `grid`'s layout.
fn seen_by(grid: &Candidates, cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::EMPTY, |acc, cell| acc | grid.peers(cell))
}

/// The colour clusters of `digit`, in reading order of their first cell.
fn clusters(grid: &Candidates, digit: Digit) -> Vec<Cluster> {
    let conjugate = |house: House| grid.house_cells_with(house, digit).len() == 2;
    let mut uncoloured: CellSet = grid
        .houses()
        .iter()
        .copied()
        .filter(|&h| conjugate(h))
        .map(|h| grid.house_cells_with(h, digit))
        .fold(CellSet::EMPTY, |acc, cells| acc | cells);
    let mut clusters = Vec::new();
    while let Some(first) = uncoloured.first() {
        let mut cluster = Cluster { digit, colours: [first.set(), CellSet::EMPTY], houses: Vec::new() };
        uncoloured.remove(first);
        let mut queue = vec![(first, 0usize)];
        while let Some((cell, colour)) = queue.pop() {
            for house in grid.layout().houses_of(cell).iter().copied().filter(|&h| conjugate(h)) {
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
    let targets =
        seen_by(grid, cluster.colours[0]) & seen_by(grid, cluster.colours[1]) & grid.cells_with(digit);
    if targets.is_empty() {
        return None;
    }
    let eliminations = candidates_in(targets, digit);
    let explanation = format!(
        "Simple Colors Trap on {digit}: the conjugate pairs of {digit} set {}; the {digit}s lie all on \
         one side, so {} (each sees both sides)",
        cluster.describe(),
        removal_text(&eliminations)
    );
    Some(cluster_step(Technique::SimpleColorsTrap, cluster, eliminations, explanation))
}

/// Simple Colors Wrap: a colour with two cells that see each other is false everywhere.
fn wrap(grid: &Candidates, cluster: &Cluster) -> Vec<Step> {
    let digit = cluster.digit;
    let mut steps = Vec::new();
    for &colour in &cluster.colours {
        let Some((a, b)) = clash(grid, colour, colour) else { continue };
        let eliminations = candidates_in(colour, digit);
        let explanation = format!(
            "Simple Colors Wrap on {digit}: the conjugate pairs of {digit} set {}; {a} and {b} are on the same \
             side and share {}, so that side cannot be {digit} and {}",
            cluster.describe(),
            grid.layout().shared_house(a, b).map(|h| h.to_string()).unwrap_or_default(),
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
        steps.extend(clusters[i + 1..].iter().filter_map(|second| multi_colors_1_pair(grid, first, second)));
    }
    steps
}

/// The Multi-Colors 1 of two clusters, if they make one.
fn multi_colors_1_pair(grid: &Candidates, first: &Cluster, second: &Cluster) -> Option<Step> {
    let digit = first.digit;
    let mut targets = CellSet::EMPTY;
    let mut reasons = Vec::new();
    for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let Some((x, y)) = clash(grid, first.colours[a], second.colours[b]) else { continue };
        let (other_a, other_b) = (first.colours[1 - a], second.colours[1 - b]);
        let found = seen_by(grid, other_a) & seen_by(grid, other_b) & grid.cells_with(digit);
        if !found.is_empty() {
            targets |= found;
            reasons.push(format!(
                "{x} sees {y}, so the {digit}s lie on the side {} or on the side {}",
                cells_text(other_a),
                cells_text(other_b)
            ));
        }
    }
    if targets.is_empty() {
        return None;
    }
    let eliminations = candidates_in(targets, digit);
    let explanation = format!(
        "Multi-Colors 1 on {digit}: the conjugate pairs of {digit} form two clusters, ({}) and ({}); {}; \
         so {} (each sees a cell of both sides of one of these pairs)",
        first.describe(),
        second.describe(),
        reasons.join("; "),
        removal_text(&eliminations)
    );
    Some(pair_step(Technique::MultiColors1, first, second, eliminations, explanation))
}

/// Multi-Colors 2: a colour that sees both colours of another cluster is false.
fn multi_colors_2(grid: &Candidates, clusters: &[Cluster]) -> Vec<Step> {
    let mut steps = Vec::new();
    for (i, first) in clusters.iter().enumerate() {
        for (j, second) in clusters.iter().enumerate() {
            if i != j {
                steps.extend(multi_colors_2_pair(grid, first, second));
            }
        }
    }
    steps
}

/// The Multi-Colors 2 of `first` against `second`: each colour of `first` that sees both colours
/// of `second`.
fn multi_colors_2_pair(grid: &Candidates, first: &Cluster, second: &Cluster) -> Vec<Step> {
    let mut steps = Vec::new();
    for &colour in &first.colours {
        let (Some((x, y)), Some((u, v))) =
            (clash(grid, colour, second.colours[0]), clash(grid, colour, second.colours[1]))
        else {
            continue;
        };
        let digit = first.digit;
        let eliminations = candidates_in(colour, digit);
        let explanation = format!(
            "Multi-Colors 2 on {digit}: the conjugate pairs of {digit} form two clusters, ({}) and ({}); \
             {x} sees {y} and {u} sees {v}, so the side {} would leave no {digit} to the other \
             cluster and {}",
            first.describe(),
            second.describe(),
            cells_text(colour),
            removal_text(&eliminations)
        );
        steps.push(pair_step(Technique::MultiColors2, first, second, eliminations, explanation));
    }
    steps
}

/// HoDoKu's step when its solving path comes to Simple Colors (`technique` is
/// [`Technique::SimpleColorsTrap`], the first of the two) or Multi-Colors
/// ([`Technique::MultiColors1`]): one search over both forms, whose first find it takes. It goes
/// digit by digit, through the clusters in reading order of their first cell; for Simple Colors,
/// a cluster's wrap before its trap; for Multi-Colors, every other cluster against each in turn, a
/// Multi-Colors 2 before the Multi-Colors 1 of the same two clusters.
pub(super) fn hodoku_first(technique: Technique, grid: &Candidates) -> Option<Step> {
    for digit in Digit::ALL {
        let clusters = clusters(grid, digit);
        for (i, first) in clusters.iter().enumerate() {
            if technique == Technique::SimpleColorsTrap {
                if let Some(step) = wrap(grid, first).into_iter().next().or_else(|| trap(grid, first)) {
                    return Some(step);
                }
                continue;
            }
            for (j, second) in clusters.iter().enumerate().filter(|&(j, _)| j != i) {
                if let Some(step) = multi_colors_2_pair(grid, first, second).into_iter().next() {
                    return Some(step);
                }
                // The Multi-Colors 1 of the same two clusters the other way round came first.
                if let Some(step) = (i < j).then(|| multi_colors_1_pair(grid, first, second)).flatten() {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Two cells, one of `a` and one of `b`, that see each other in `grid`'s layout.
fn clash(grid: &Candidates, a: CellSet, b: CellSet) -> Option<(Cell, Cell)> {
    a.iter().find_map(|x| (grid.peers(x) & b).first().map(|y| (x, y)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Layout;
    use crate::engine::logic::find_all;
    use crate::engine::logic::test_support::{cands, drawn, first_on_path, jigsaw, position};

    /// HoDoKu 2.2.4's path on this puzzle comes to Simple Colors where a trap removes 7 candidates
    /// and a wrap on 8 removes 10. It takes the wrap, the first it finds in its order (digit by
    /// digit, a cluster's wrap before its trap); trying the trap first, as a technique of its own,
    /// took the trap.
    #[test]
    fn the_path_takes_hodokus_first_simple_colors_step() {
        let puzzle = ".............3.6.52..1.5.4.....9.3...6.7..5...1...4..279.6.....5.....9811.2......";
        let wanted = [Technique::SimpleColorsTrap, Technique::SimpleColorsWrap];
        let (grid, step) = first_on_path(puzzle, &wanted);
        assert_eq!(step.technique, Technique::SimpleColorsWrap, "{}", step.explanation);
        assert_eq!(step.eliminations, cands("819 821 824 832 892 844 853 867 876 895"));
        assert!(find_all(Technique::SimpleColorsTrap, &grid).iter().any(|s| s.eliminations.len() == 7));
    }

    const TRAP: &str = ":0500:1:+23.7.+68+955972+8...+6+6..+9+3+5.+7.+3.+6.9.5.7+7+5.+36...+9+4.+9+5+7.+683+872.+5396.+94+5+6.7..+8+1638.+9+7+5.:439:127 128 132 133::";
    const NO_TRAP: &str = ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5";
    const WRAP: &str = ":0501:8:+6+5+9...+1+3...+1.3.6+252.+31+65.4+9.+2..9+63+1.+36.7..5+9.+91.+3.4.+6279.6..+2+5+35.+6...9811.2...+4+7+6:814 815 424 826 443 843 849 855 856 863 875 285 896:819 821 824 832 844 853 867 876 892 895::";
    const MULTI: &str = ":0502:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832 843 845 863 865::";
    /// A position with colour clusters but no wrap and no multi-colour elimination.
    const QUIET: &str = ":0500:3:21+4..+6.....+79.+2..4...4.7.....+1+87..32..+26+9.....48.21..642.+7.986+1..91+68...1+86+2+4...9:937 938 387 587 787 588 788 789:319 339 381::";

    fn eliminations(technique: Technique, line: &str) -> Vec<Vec<Candidate>> {
        find_all(technique, &position(line)).into_iter().map(|s| s.eliminations).collect()
    }

    #[test]
    fn trap_removes_what_sees_both_colours() {
        let found = eliminations(Technique::SimpleColorsTrap, TRAP);
        assert!(found.contains(&cands("127 128 132 133")), "{found:?}");
    }

    #[test]
    fn trap_does_not_fire_without_a_cell_seeing_both_colours() {
        assert!(eliminations(Technique::SimpleColorsTrap, NO_TRAP).is_empty());
    }

    #[test]
    fn wrap_removes_the_colour_that_sees_itself() {
        let steps = find_all(Technique::SimpleColorsWrap, &position(WRAP));
        let step = steps
            .iter()
            .find(|s| s.eliminations == cands("819 821 824 832 844 853 867 876 892 895"))
            .expect("the wrap on 8");
        assert!(step.explanation.starts_with("Simple Colors Wrap on 8:"), "{}", step.explanation);
        assert!(step.explanation.contains("share row 2"), "{}", step.explanation);
        assert_eq!(step.drivers.len(), step.cells.len());
    }

    #[test]
    fn wrap_does_not_fire_when_no_colour_sees_itself() {
        assert!(eliminations(Technique::SimpleColorsWrap, QUIET).is_empty());
    }

    #[test]
    fn multi_colors_1_removes_what_sees_both_opposite_colours() {
        let found = eliminations(Technique::MultiColors1, MULTI);
        assert!(found.contains(&cands("824 832 843 845 863 865")), "{found:?}");
    }

    #[test]
    fn multi_colors_2_removes_a_colour_seeing_both_colours_of_another_cluster() {
        let found = eliminations(Technique::MultiColors2, MULTI);
        assert!(found.contains(&cands("824 832")), "{found:?}");
    }

    #[test]
    fn multi_colors_do_not_fire_without_clusters_that_see_each_other() {
        assert!(eliminations(Technique::MultiColors1, QUIET).is_empty());
        assert!(eliminations(Technique::MultiColors2, QUIET).is_empty());
    }

    #[test]
    fn clusters_alternate_along_conjugate_pairs() {
        let grid = position(WRAP);
        let eight = Digit::new(8).expect("digit");
        for cluster in clusters(&grid, eight) {
            assert!(!cluster.colours[0].intersects(cluster.colours[1]));
            for house in &cluster.houses {
                let pair = grid.house_cells_with(*house, eight);
                assert_eq!(pair.len(), 2);
                assert!(pair.intersects(cluster.colours[0]) && pair.intersects(cluster.colours[1]));
            }
        }
    }

    #[test]
    fn colours_never_remove_a_solution_digit_in_the_library() {
        let checked = crate::engine::logic::test_support::assert_sound_in_library(&[
            Technique::SimpleColorsTrap,
            Technique::SimpleColorsWrap,
            Technique::MultiColors1,
            Technique::MultiColors2,
        ]);
        assert!(checked > 100, "{checked} steps checked");
    }

    #[test]
    fn a_trap_through_a_jigsaw_region_that_is_no_box() {
        // Region 1 holds 1 only in r1c4 and r2c1: r2c4 sees both (column 4 and row 2).
        let rows = [
            "...xxxxxx",
            "x..xxxxxx",
            "..xxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
        ];
        let steps = find_all(Technique::SimpleColorsTrap, &drawn(&jigsaw(), 1, rows));
        assert!(steps.iter().any(|s| s.eliminations == cands("124")), "{steps:?}");
        assert!(steps.iter().all(|s| s.houses.iter().all(|h| h.kind() != crate::engine::HouseKind::Box)));
        // With boxes, r1c4 is no longer in box 1: no such trap.
        let classic = find_all(Technique::SimpleColorsTrap, &drawn(&Layout::classic(), 1, rows));
        assert!(classic.iter().all(|s| !s.eliminations.contains(&cands("124")[0])), "{classic:?}");
    }

    #[test]
    fn a_trap_along_a_diagonal_of_an_x() {
        // The main diagonal holds 1 only in r1c1 and r9c9: r1c9 and r9c1 see both.
        let rows = [
            ".xxxxxxxx",
            "x.xxxxxxx",
            "xx.xxxxxx",
            "xxx.xxxxx",
            "xxxx.xxxx",
            "xxxxx.xxx",
            "xxxxxx.xx",
            "xxxxxxx.x",
            "xxxxxxxx.",
        ];
        let mut rows = rows;
        rows[0] = "xxxxxxxxx";
        rows[8] = "xxxxxxxxx";
        let steps = find_all(Technique::SimpleColorsTrap, &drawn(&Layout::x(), 1, rows));
        let step = steps.iter().find(|s| s.eliminations == cands("119 191")).expect("the diagonal trap");
        assert!(step.houses.contains(&House::diagonal(0)), "{step:?}");
        assert!(find_all(Technique::SimpleColorsTrap, &drawn(&Layout::classic(), 1, rows)).is_empty());
    }
}
