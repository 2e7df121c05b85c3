//! [`DigitSet`]: a set of digits in nine bits, used for a cell's candidates.

use std::fmt;

use super::Digit;

/// A set of digits as a bitset (bit `d - 1` for digit `d`). Copy, allocation-free, with the usual set
/// operators: `|` union, `&` intersection, `-` difference, `^` symmetric difference, `!` complement.
///
/// ```
/// use termdoku::engine::{Digit, DigitSet};
/// let d = |v| Digit::new(v).unwrap();
/// let a: DigitSet = [d(1), d(4), d(7)].into_iter().collect();
/// let b = DigitSet::from_digit(d(4)) | DigitSet::from_digit(d(5));
/// assert_eq!((a & b).single(), Some(d(4)));
/// assert_eq!((a | b).len(), 4);
/// assert_eq!((!a).len(), 6);
/// assert_eq!(a.to_string(), "147");
/// assert_eq!(a.iter().map(|x| x.get()).collect::<Vec<_>>(), vec![1, 4, 7]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set with the given raw bits (bit `d - 1` for digit `d`); bits above 8 are dropped.
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1ff)
    }

    /// The raw bits.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `digit`.
    pub const fn from_digit(digit: Digit) -> DigitSet {
        DigitSet(1 << digit.index())
    }

    /// Whether `digit` is in the set.
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << digit.index()) != 0
    }

    /// Adds `digit`.
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << digit.index();
    }

    /// Removes `digit`.
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << digit.index());
    }

    /// The number of digits.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit, if any.
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 { None } else { Some(Digit::from_index(self.0.trailing_zeros() as usize)) }
    }

    /// The one digit of a one-digit set, else `None`.
    pub const fn single(self) -> Option<Digit> {
        if self.0.count_ones() == 1 { self.first() } else { None }
    }

    /// Whether every digit of `self` is in `other`.
    pub const fn is_subset(self, other: DigitSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share a digit.
    pub const fn intersects(self, other: DigitSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The digits in increasing order.
    pub fn iter(self) -> DigitSetIter {
        DigitSetIter(self.0)
    }
}

/// Iterator over a [`DigitSet`] in increasing order.
#[derive(Clone, Debug)]
pub struct DigitSetIter(u16);

impl Iterator for DigitSetIter {
    type Item = Digit;

    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Digit::from_index(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitSetIter {}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitSetIter;

    fn into_iter(self) -> DigitSetIter {
        self.iter()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

impl From<Digit> for DigitSet {
    fn from(digit: Digit) -> DigitSet {
        DigitSet::from_digit(digit)
    }
}

super::impl_set_operators!(DigitSet, DigitSet::ALL.0);

impl fmt::Display for DigitSet {
    /// The digits run together, e.g. `147`; the empty set is `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for digit in self.iter() {
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}
