//! The part of a cage that lies in a house: which digit sets its cells can hold together.
//!
//! A cage sticking out of a house splits its open cells in two: those in the house (the part) and
//! those outside. Whatever combination the cage takes, the part holds some of its digits and the
//! cells outside the rest, and each side must be able to take its digits, one per cell, each on a
//! cell that allows it (a perfect matching). The digit sets the part can hold are those splits'
//! inside halves. Only candidates and the cage's own rule (distinct digits, the sum) are used: the
//! houses the outside cells share with other cells are not, so the list may hold a set the whole
//! grid rules out, never miss one the solution uses. This module only computes; it reports no step.

use crate::engine::DigitSet;

use super::sums::smallest_first;

/// The digit sets the part of a cage can hold, smallest digits first: for each combination of
/// `sets` (the cage's remaining combinations on its open cells), each split of it into a set for
/// the part's cells (candidates `inside`) and the rest for the cage's open cells outside
/// (candidates `beyond`) that both sides can take.
pub(super) fn part_sets(inside: &[DigitSet], beyond: &[DigitSet], sets: &[DigitSet]) -> Vec<DigitSet> {
    let mut found: Vec<DigitSet> = Vec::new();
    for &set in sets {
        for part in subsets(set, inside.len()) {
            if !found.contains(&part) && matches(inside, part) && matches(beyond, set - part) {
                found.push(part);
            }
        }
    }
    smallest_first(&mut found);
    found
}

/// Whether the cells whose candidates are `cands` can take the digits of `digits`, one each (a
/// perfect matching, grown by augmenting paths).
pub(super) fn matches(cands: &[DigitSet], digits: DigitSet) -> bool {
    if cands.len() != digits.len() || cands.len() > 9 {
        return false;
    }
    // The cell holding each digit (by index) so far.
    let mut holder = [usize::MAX; 9];
    (0..cands.len()).all(|cell| {
        let mut tried = DigitSet::EMPTY;
        augment(cands, digits, cell, &mut tried, &mut holder)
    })
}

/// Finds `cell` a digit of `digits`, moving the holders of digits already given along an
/// alternating path; `tried` keeps the digits visited on this search.
fn augment(
    cands: &[DigitSet],
    digits: DigitSet,
    cell: usize,
    tried: &mut DigitSet,
    holder: &mut [usize; 9],
) -> bool {
    for digit in cands[cell] & (digits - *tried) {
        tried.insert(digit);
        let at = holder[digit.index()];
        if at == usize::MAX || augment(cands, digits, at, tried, holder) {
            holder[digit.index()] = cell;
            return true;
        }
    }
    false
}

/// The subsets of `set` with `size` digits.
pub(super) fn subsets(set: DigitSet, size: usize) -> impl Iterator<Item = DigitSet> {
    let bits = set.bits();
    let mut sub = bits;
    let mut done = false;
    std::iter::from_fn(move || {
        while !done {
            let current = sub;
            if sub == 0 {
                done = true;
            } else {
                sub = (sub - 1) & bits;
            }
            if current.count_ones() as usize == size {
                return Some(DigitSet::from_bits(current));
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::digits as set;
    use super::*;

    #[test]
    fn the_cells_outside_decide_what_the_part_holds() {
        // A cage of 5+8+9 or 6+7+9 with two cells in the house and one outside that can only be 5, 6
        // or 9: the outside cell takes 5 or 9 from the first, 6 or 9 from the second.
        let inside = [DigitSet::ALL, DigitSet::ALL];
        let sets = [set("589"), set("679")];
        let parts = part_sets(&inside, &[set("569")], &sets);
        assert_eq!(parts, [set("58"), set("67"), set("79"), set("89")]);
        // Outside, 8 too: the part may then hold 5+9.
        let parts = part_sets(&inside, &[set("5689")], &sets);
        assert_eq!(parts, [set("58"), set("59"), set("67"), set("79"), set("89")]);
    }

    #[test]
    fn a_matching_gives_each_digit_its_own_cell() {
        assert!(matches(&[set("12"), set("1")], set("12")));
        assert!(!matches(&[set("1"), set("1")], set("12")));
        assert!(!matches(&[set("12")], set("12")));
        assert_eq!(subsets(set("123"), 2).collect::<Vec<_>>(), [set("23"), set("13"), set("12")]);
    }
}
