//! Three strong links (the bank rater's "3 strong-linked fishes", after hidden quads): a chain of
//! three conjugate pairs of one digit, each joined to the next through a house holding one end of
//! each; the digit goes from the cells seeing both free ends (outside every house of the pattern).
//! Three parallel lines rate 5.4, lines of both directions 5.6, a box with lines of one direction
//! 5.5, and a box link that is an empty rectangle 5.7. All instances are collected and the easiest
//! applied, the one removing most first.
//!
//! The hint engine has no such search (its X-Chains meet these chains among all others, without the
//! rater's house kinds and filters): the rule is SE's alone, built on the engine's conjugate pairs
//! ([`conjugate_pair_in`]) and the turbot fish's empty rectangle heart.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::logic::single_digit::conjugate_pair_in;
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, House, HouseKind};

use super::EasiestStep;
use super::turbot::empty_rectangle_heart;

/// The kinds of the three link houses, in the rater's order.
const KINDS: [[HouseKind; 3]; 10] = {
    use HouseKind::{Box as B, Column as C, Row as R};
    [
        [R, R, R],
        [C, C, C],
        [B, B, B],
        [B, B, R],
        [B, B, C],
        [B, R, R],
        [B, C, C],
        [B, R, C],
        [R, R, C],
        [R, C, C],
    ]
};

/// Chains of three strong links.
pub struct ThreeStrongLinks;

/// One strong link: its house and its two ends (both the heart for an empty rectangle).
#[derive(Clone, Copy)]
struct Link {
    house: House,
    ends: [Cell; 2],
    rectangle: bool,
}

impl Producer for ThreeStrongLinks {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        let mut best = EasiestStep::default();
        for kinds in KINDS {
            for digit in Digit::ALL {
                search(grid, digit, kinds, &mut best);
            }
        }
        best.into_step()
    }
}

/// The strong link of `digit` in `house`: two places (not in one line, for a box), or, in a box,
/// three to five places around an empty rectangle.
fn link(grid: &Candidates, house: House, digit: Digit) -> Option<Link> {
    match conjugate_pair_in(grid, house, digit) {
        Some(ends) => {
            let in_line = ends[0].row() == ends[1].row() || ends[0].col() == ends[1].col();
            (house.kind() != HouseKind::Box || !in_line).then_some(Link { house, ends, rectangle: false })
        }
        None => {
            let heart = empty_rectangle_heart(grid, house, digit)?;
            Some(Link { house, ends: [heart, heart], rectangle: true })
        }
    }
}

fn search(grid: &Candidates, digit: Digit, kinds: [HouseKind; 3], best: &mut EasiestStep) {
    let houses = kinds.map(House::of_kind);
    for i1 in 0..9 {
        let Some(l1) = link(grid, houses[0][i1], digit) else { continue };
        let from2 = if kinds[0] == kinds[1] { i1 + 1 } else { 0 };
        for i2 in from2..9 {
            let Some(l2) = link(grid, houses[1][i2], digit) else { continue };
            let from3 = if kinds[1] == kinds[2] {
                i2 + 1
            } else if kinds[0] == kinds[2] {
                i1 + 1
            } else {
                0
            };
            for &house3 in &houses[2][from3.min(9)..] {
                let Some(l3) = link(grid, house3, digit) else { continue };
                if !distinct(&[l1, l2, l3]) || !rectangles_apart(&[l1, l2, l3]) {
                    continue;
                }
                for (a, b, c) in [(l1, l2, l3), (l1, l3, l2), (l2, l1, l3)] {
                    offer_chains(grid, digit, [a, b, c], best);
                }
            }
        }
    }
}

/// Whether the links' distinct ends are six different cells (an empty rectangle counts once).
fn distinct(links: &[Link; 3]) -> bool {
    let ends: Vec<Cell> =
        links.iter().flat_map(|l| if l.rectangle { vec![l.ends[0]] } else { l.ends.to_vec() }).collect();
    let set: CellSet = ends.iter().copied().collect();
    set.len() == ends.len()
}

/// Whether every empty rectangle's box holds no end of the other links.
fn rectangles_apart(links: &[Link; 3]) -> bool {
    links.iter().enumerate().filter(|(_, l)| l.rectangle).all(|(i, l)| {
        let boxed = l.ends[0].box_index();
        links
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .all(|(_, o)| o.ends.iter().all(|c| c.box_index() != boxed))
    })
}

/// Every way through the links in this order: start at one end of the first, cross to an end of
/// the second through a house, leave by its other end to an end of the third.
fn offer_chains(grid: &Candidates, digit: Digit, links: [Link; 3], best: &mut EasiestStep) {
    let pattern: Vec<House> = links.iter().map(|l| l.house).collect();
    let ends = |l: &Link| {
        if l.rectangle {
            vec![(l.ends[0], l.ends[0])]
        } else {
            vec![(l.ends[0], l.ends[1]), (l.ends[1], l.ends[0])]
        }
    };
    for (start, bridge11) in ends(&links[0]) {
        for (bridge12, bridge21) in ends(&links[1]) {
            for (bridge22, end) in ends(&links[2]) {
                let (Some(shared1), Some(shared2)) =
                    (bridge11.shared_house(bridge12), bridge21.shared_house(bridge22))
                else {
                    continue;
                };
                if pattern.contains(&shared1) || pattern.contains(&shared2) {
                    continue;
                }
                let mut spared = shared1.cell_set() | shared2.cell_set();
                for house in &pattern {
                    spared |= house.cell_set();
                }
                let victims = (start.peers() & end.peers()) - start.set() - end.set() - spared;
                let eliminations: Vec<Candidate> =
                    (victims & grid.cells_with(digit)).iter().map(|c| Candidate::new(c, digit)).collect();
                if eliminations.is_empty() {
                    continue;
                }
                let (rule, tenths) = rating(&links);
                let step =
                    SeStep { rule, difficulty: Difficulty(tenths), placements: Vec::new(), eliminations };
                best.offer(step);
            }
        }
    }
}

/// The name and difficulty by the kinds of the link houses.
fn rating(links: &[Link; 3]) -> (&'static str, u16) {
    if links.iter().any(|l| l.rectangle) {
        return ("3 Strong Links (with Empty Rectangle)", 57);
    }
    let has = |kind: HouseKind| links.iter().any(|l| l.house.kind() == kind);
    if links.iter().all(|l| l.house.kind() == links[0].house.kind())
        && links[0].house.kind() != HouseKind::Box
    {
        ("3 Skyscrapers", 54)
    } else if has(HouseKind::Row) && has(HouseKind::Column) {
        ("3-String Kite", 56)
    } else {
        ("3-Turbot Fish", 55)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{found, grid};
    use crate::engine::logic::test_support::cands;

    #[test]
    fn nothing_without_conjugate_pairs() {
        assert_eq!(ThreeStrongLinks.find(&grid(&".".repeat(81))), None);
    }

    #[test]
    fn three_skyscrapers_from_a_bank_path() {
        let line = ":0000:x:1.3.7..+52+5......4..9...5..1.2.1..5.3.+17.+5.2.+44.5..2+16.2..8...3+5.5.....+2.8..+52.7+19:945 946 954 356 956:738 769::";
        assert_eq!(
            found(&ThreeStrongLinks, line),
            ("3 Skyscrapers".to_string(), Difficulty(54), cands("738 769"), vec![])
        );
    }

    #[test]
    fn a_three_link_turbot_from_a_bank_path() {
        let line = ":0000:x:52.+61..+97+18+6+94+7+532+9.75+2.1+6.+6.....7+2.41+8+76+2+359+7.2....+1+6+8.9.+362+7.36.+27.+98.2+7+1+85+9+643:346 846 366 866:446::";
        assert_eq!(
            found(&ThreeStrongLinks, line),
            ("3-Turbot Fish".to_string(), Difficulty(55), cands("446"), vec![])
        );
    }

    #[test]
    fn a_three_string_kite_from_a_bank_path() {
        let line = ":0000:x:8...+1...2..75+891....+1324....+14.3.8.+763.....51...1.2.....+64.1...1..293..64...6..+19:612 617 717 618 718 648 853 961 765 571 379 892 893:367::";
        assert_eq!(
            found(&ThreeStrongLinks, line),
            ("3-String Kite".to_string(), Difficulty(56), cands("367"), vec![])
        );
    }

    #[test]
    fn three_links_through_an_empty_rectangle_from_a_bank_path() {
        let line = ":0000:x:.8.+5+3..4.6+4+391+82+575.+1..43.+8+8.5..9...+43..7.+58....8+5.4....71+8+5.+343.4.92+8.5.5+8....2.:911 232 642 742 244 644 147 648 149 961 162 262 662 963 666 168 768 969 972 688 694 794 997:656::";
        let (rule, difficulty, eliminations, _) = found(&ThreeStrongLinks, line);
        assert_eq!((rule.as_str(), difficulty), ("3 Strong Links (with Empty Rectangle)", Difficulty(57)));
        assert_eq!(eliminations, cands("656"));
    }
}
