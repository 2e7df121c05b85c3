//! The arithmetic the killer techniques share: which digits a group of open cells can take so that
//! they add up to a known sum with distinct digits (a cage, or a cage derived on the way).
//!
//! The test is exact: a digit set fits the cells when each of its digits can go on a different
//! cell that still allows it. A dynamic programme over the 512 digit sets, forward over the cells
//! and back from the sets with the right sum, finds every fitting set and every candidate some
//! fitting placement uses, in a few thousand operations even for a nine-cell cage.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use crate::engine::killer::digit_sum;
use crate::engine::{Candidate, Cell, Digit, DigitSet};

/// What fits on a group of distinct cells: the digit sets that can be placed, and per cell the
/// digits some placement uses.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Fit {
    /// Every digit set (one digit per cell) that adds up to the sum and can be placed, smallest
    /// digits first (`1+9` before `2+8`).
    pub sets: Vec<DigitSet>,
    /// For each cell, in the order given, the digits used by some fitting placement.
    pub usable: Vec<DigitSet>,
}

impl Fit {
    /// The digits in every fitting set (empty when nothing fits).
    pub fn compulsory(&self) -> DigitSet {
        if self.sets.is_empty() {
            return DigitSet::EMPTY;
        }
        self.sets.iter().fold(DigitSet::ALL, |acc, &set| acc & set)
    }

    /// The digits some cell may take.
    pub fn digits(&self) -> DigitSet {
        self.usable.iter().fold(DigitSet::EMPTY, |acc, &set| acc | set)
    }
}

/// A set of the 512 digit sets, as bits.
#[derive(Clone, Copy)]
struct Sets([u64; 8]);

impl Sets {
    const EMPTY: Sets = Sets([0; 8]);

    fn insert(&mut self, set: u16) {
        self.0[usize::from(set >> 6)] |= 1 << (set & 63);
    }

    fn contains(&self, set: u16) -> bool {
        self.0[usize::from(set >> 6)] & 1 << (set & 63) != 0
    }

    /// The sets in increasing order, visiting only the words' set bits.
    fn iter(self) -> impl Iterator<Item = u16> {
        self.0.into_iter().enumerate().flat_map(|(word, mut bits)| {
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let low = bits.trailing_zeros() as u16;
                    bits &= bits - 1;
                    (word as u16) << 6 | low
                })
            })
        })
    }
}

/// The sum of the digits whose bits are set in `bits`.
fn bits_sum(bits: u16) -> u32 {
    digit_sum(DigitSet::from_bits(bits))
}

/// Whether `count` distinct digits of `digits` (as bits) can add up to `target`: it lies between
/// the sum of the `count` smallest and of the `count` largest of them.
fn reachable(digits: u16, count: usize, target: u32) -> bool {
    if (digits.count_ones() as usize) < count {
        return false;
    }
    let (mut low, mut high) = (digits, digits);
    let (mut least, mut most) = (0, 0);
    for _ in 0..count {
        least += low.trailing_zeros() + 1;
        low &= low - 1;
        let top = 15 - high.leading_zeros();
        most += top + 1;
        high &= !(1 << top);
    }
    (least..=most).contains(&target)
}

/// A question [`fit_distinct`] answered before, on at most nine cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Question {
    cands: [u16; 9],
    cells: u8,
    sum: u32,
    exclude: u16,
    required: u16,
}

/// The most answers kept per thread; the memo is emptied when it is full.
const MEMO_CAPACITY: usize = 1 << 15;

/// A multiply-and-rotate hasher for the memo's small keys of plain integers, much cheaper than the
/// default one; the keys are not chosen by anyone who could aim at collisions.
#[derive(Default)]
struct QuestionHasher(u64);

impl Hasher for QuestionHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }

    fn write_u16(&mut self, value: u16) {
        self.write_u64(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

thread_local! {
    /// Answers already worked out on this thread. Between two steps of a solving path most cages
    /// keep every candidate, so the techniques ask the same questions again and again.
    static MEMO: RefCell<HashMap<Question, Rc<Fit>, BuildHasherDefault<QuestionHasher>>> =
        RefCell::new(HashMap::default());
}

/// What fits on cells whose candidates are `cands` (one entry per cell): distinct digits adding up
/// to `sum`, none of them in `exclude`, every digit of `required` among them. Shared with the
/// memo, so that an answer asked for again costs no copy.
pub(super) fn fit_distinct(cands: &[DigitSet], sum: u32, exclude: DigitSet, required: DigitSet) -> Rc<Fit> {
    if cands.len() > 9 {
        return Rc::new(work_out(cands, sum, exclude, required));
    }
    let mut question = Question {
        cands: [0; 9],
        cells: cands.len() as u8,
        sum,
        exclude: exclude.bits(),
        required: required.bits(),
    };
    for (slot, set) in question.cands.iter_mut().zip(cands) {
        *slot = set.bits();
    }
    if let Some(fit) = MEMO.with_borrow(|memo| memo.get(&question).cloned()) {
        return fit;
    }
    let fit = Rc::new(work_out(cands, sum, exclude, required));
    MEMO.with_borrow_mut(|memo| {
        if memo.len() >= MEMO_CAPACITY {
            memo.clear();
        }
        memo.insert(question, Rc::clone(&fit));
    });
    fit
}

/// [`fit_distinct`] without the memo: a dynamic programme over the digit sets.
fn work_out(cands: &[DigitSet], sum: u32, exclude: DigitSet, required: DigitSet) -> Fit {
    let cells = cands.len();
    // The digits the cells from each index on allow: a partial set is kept only while the cells
    // left can still make up the rest of the sum with them.
    let mut later = vec![0u16; cells + 1];
    for i in (0..cells).rev() {
        later[i] = later[i + 1] | (cands[i] - exclude).bits();
    }
    let mut forward = vec![Sets::EMPTY; cells + 1];
    forward[0].insert(0);
    for (i, &allowed) in cands.iter().enumerate() {
        let allowed = (allowed - exclude).bits();
        let left = cells - i - 1;
        let (done, rest) = forward.split_at_mut(i + 1);
        for set in done[i].iter() {
            let mut fresh = allowed & !set;
            while fresh != 0 {
                let bit = fresh & fresh.wrapping_neg();
                fresh &= fresh - 1;
                let next = set | bit;
                let Some(room) = sum.checked_sub(bits_sum(next)) else { continue };
                if reachable(later[i + 1] & !next, left, room) {
                    rest[0].insert(next);
                }
            }
        }
    }
    let mut sets = Vec::new();
    let mut back = vec![Sets::EMPTY; cells + 1];
    for set in forward[cells].iter() {
        let digits = DigitSet::from_bits(set);
        if bits_sum(set) == sum && required.is_subset(digits) {
            sets.push(digits);
            back[cells].insert(set);
        }
    }
    smallest_first(&mut sets);
    let mut usable = vec![DigitSet::EMPTY; cells];
    for i in (0..cells).rev() {
        let allowed = cands[i] - exclude;
        for set in forward[i].iter() {
            for digit in allowed {
                let bit = DigitSet::from_digit(digit).bits();
                if set & bit == 0 && back[i + 1].contains(set | bit) {
                    back[i].insert(set);
                    usable[i].insert(digit);
                }
            }
        }
    }
    Fit { sets, usable }
}

/// Sorts digit sets smallest digits first: among sets of one size, the one holding the smallest
/// digit where they differ (the larger mask read with digit 1 as its highest bit), e.g. `1+9` before
/// `2+8`. The order combinations are listed and tried in.
pub(super) fn smallest_first(sets: &mut [DigitSet]) {
    sets.sort_unstable_by_key(|s| std::cmp::Reverse(s.bits().reverse_bits()));
}

/// A digit set written as a sum, e.g. `1+2+6`.
pub(super) fn plus_digits(set: DigitSet) -> String {
    set.iter().map(|d: Digit| d.to_string()).collect::<Vec<_>>().join("+")
}

/// Digit sets written as sums, e.g. `1+9, 3+7 or 4+6`.
pub(super) fn sets_text(sets: &[DigitSet]) -> String {
    super::super::join_or(sets.iter().map(|&s| plus_digits(s)).collect())
}

/// Why each candidate of `removed` whose digit is in some of `sets` (the combinations of the cage
/// of `cells`) cannot be placed: on two cells, `r5c6 cannot be 2 or 3, so r5c5 cannot be 5 or 4`;
/// on more, `r2c9 cannot be 3, as r1c8 and r1c9 cannot hold 7+9`. One clause per cell that loses
/// such a digit; a removed digit of no combination needs no reason beyond the combinations.
pub(super) fn placement_reasons(cells: &[Cell], sets: &[DigitSet], removed: &[Candidate]) -> Vec<String> {
    let union = sets.iter().fold(DigitSet::EMPTY, |acc, &s| acc | s);
    let mut clauses = Vec::new();
    for &cell in cells {
        let gone: DigitSet =
            removed.iter().filter(|r| r.cell == cell && union.contains(r.digit)).map(|r| r.digit).collect();
        if gone.is_empty() {
            continue;
        }
        let others: Vec<Cell> = cells.iter().copied().filter(|&c| c != cell).collect();
        let needs = |digit: Digit| -> Vec<DigitSet> {
            sets.iter().filter(|s| s.contains(digit)).map(|&s| s - DigitSet::from_digit(digit)).collect()
        };
        let digits = super::super::join_or(gone.iter().map(|d| d.to_string()).collect());
        if let [other] = others.as_slice() {
            let partners: Vec<String> = gone.iter().flat_map(needs).map(plus_digits).collect();
            clauses.push(format!(
                "{other} cannot be {}, so {cell} cannot be {digits}",
                super::super::join_or(partners)
            ));
            continue;
        }
        let others = super::super::cell_list(others);
        if let Some(digit) = gone.single() {
            clauses.push(format!(
                "{cell} cannot be {digit}, as {others} cannot hold {}",
                sets_text(&needs(digit))
            ));
        } else {
            let each: Vec<String> =
                gone.iter().map(|d| format!("{} (for {d})", sets_text(&needs(d)))).collect();
            clauses.push(format!(
                "{cell} cannot be {digits}, as {others} cannot hold {}",
                super::super::join_or(each)
            ));
        }
    }
    clauses
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::digits as set;
    use super::*;

    #[test]
    fn a_pair_keeps_the_sets_its_cells_can_take() {
        // 10 in two cells, the first without 1 and 9: 1+9 cannot be placed.
        let fit = fit_distinct(&[set("2345678"), set("123456789")], 10, DigitSet::EMPTY, DigitSet::EMPTY);
        assert_eq!(fit.sets.iter().map(|&s| plus_digits(s)).collect::<Vec<_>>(), ["2+8", "3+7", "4+6"]);
        assert_eq!(fit.usable, [set("234678"), set("234678")]);
    }

    #[test]
    fn each_digit_needs_its_own_cell() {
        // 6 in three cells: 1+2+3, but only the first cell allows 3 and only it allows 2.
        let fit = fit_distinct(&[set("23"), set("12"), set("1")], 6, DigitSet::EMPTY, DigitSet::EMPTY);
        assert_eq!(fit.sets, [set("123")]);
        assert_eq!(fit.usable, [set("3"), set("2"), set("1")]);
        assert_eq!(fit.compulsory(), set("123"));
    }

    #[test]
    fn excluded_and_required_digits() {
        let all = [DigitSet::ALL, DigitSet::ALL];
        let fit = fit_distinct(&all, 10, set("1"), set("4"));
        assert_eq!(fit.sets, [set("46")]);
        assert_eq!(fit.digits(), set("46"));
        assert!(fit_distinct(&all, 18, DigitSet::EMPTY, DigitSet::EMPTY).sets.is_empty());
        assert_eq!(sets_text(&fit_distinct(&all, 4, DigitSet::EMPTY, DigitSet::EMPTY).sets), "1+3");
    }
}
