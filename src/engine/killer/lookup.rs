//! The combination lookup players do by hand: the sets of distinct digits of a size adding up to a
//! sum ([`super::combinations`]'s table), narrowed to those holding some digits and missing others,
//! with the digits every remaining set holds ("must contain") and those none holds ("can't
//! contain"). `termdoku combos` and the game's sum prompt both read it.

use std::fmt;

use crate::engine::DigitSet;

use super::combinations::{combinations, sum_range};

/// The combinations of one size and sum, filtered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComboLookup {
    /// How many digits.
    pub size: usize,
    /// What they add up to.
    pub sum: u32,
    /// Digits every combination kept must hold.
    pub include: DigitSet,
    /// Digits no combination kept may hold.
    pub exclude: DigitSet,
    /// The combinations kept, smallest digits first (`19 28 37 46`).
    pub sets: Vec<DigitSet>,
}

/// Why a lookup cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LookupError {
    /// The size is outside 1-9.
    Size(usize),
    /// No set of `size` distinct digits adds up to `sum` (it lies outside `min..=max`).
    Sum {
        /// The sum asked for.
        sum: u32,
        /// The size asked for.
        size: usize,
        /// The smallest sum of that many distinct digits.
        min: u32,
        /// The largest.
        max: u32,
    },
    /// A digit is both required and excluded.
    Both(DigitSet),
}

impl fmt::Display for LookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LookupError::Size(size) => write!(f, "size {size} is not a number of cells from 1 to 9"),
            LookupError::Sum { sum, size, min, max } => {
                write!(
                    f,
                    "sum {sum} cannot be made by {size} distinct digits: their sums run from {min} to {max}"
                )
            }
            LookupError::Both(digits) if digits.len() == 1 => {
                write!(f, "digit {digits} is both required and excluded")
            }
            LookupError::Both(digits) => write!(f, "digits {digits} are both required and excluded"),
        }
    }
}

impl std::error::Error for LookupError {}

impl ComboLookup {
    /// The combinations of `size` distinct digits adding up to `sum` that hold every digit of
    /// `include` and none of `exclude`.
    pub fn new(
        size: usize,
        sum: u32,
        include: DigitSet,
        exclude: DigitSet,
    ) -> Result<ComboLookup, LookupError> {
        let (min, max) = sum_range(size).ok_or(LookupError::Size(size))?;
        if !(min..=max).contains(&sum) {
            return Err(LookupError::Sum { sum, size, min, max });
        }
        if include.intersects(exclude) {
            return Err(LookupError::Both(DigitSet::from_bits(include.bits() & exclude.bits())));
        }
        let mut sets: Vec<DigitSet> = combinations(size, sum)
            .iter()
            .copied()
            .filter(|set| include.is_subset(*set) && !set.intersects(exclude))
            .collect();
        sets.sort_by_key(|set| set.iter().map(|d| d.get()).collect::<Vec<u8>>());
        Ok(ComboLookup { size, sum, include, exclude, sets })
    }

    /// The digits every kept combination holds (none when no combination is kept).
    pub fn always(&self) -> DigitSet {
        match self.sets.split_first() {
            Some((first, rest)) => {
                rest.iter().fold(*first, |acc, set| DigitSet::from_bits(acc.bits() & set.bits()))
            }
            None => DigitSet::EMPTY,
        }
    }

    /// The digits no kept combination holds (every digit when none is kept).
    pub fn never(&self) -> DigitSet {
        DigitSet::ALL - self.sets.iter().fold(DigitSet::EMPTY, |acc, &set| acc | set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Digit;

    fn digits(text: &str) -> DigitSet {
        text.chars().filter_map(Digit::from_char).collect()
    }

    fn texts(lookup: &ComboLookup) -> Vec<String> {
        lookup.sets.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn sets_come_smallest_digits_first_with_what_they_share() {
        let lookup = ComboLookup::new(2, 10, DigitSet::EMPTY, DigitSet::EMPTY).expect("valid");
        assert_eq!(texts(&lookup), ["19", "28", "37", "46"]);
        assert_eq!((lookup.always(), lookup.never()), (DigitSet::EMPTY, digits("5")));
        let lookup = ComboLookup::new(4, 23, DigitSet::EMPTY, DigitSet::EMPTY).expect("valid");
        assert_eq!(lookup.sets.len(), 9);
        assert_eq!(texts(&lookup)[0], "1589");
        let lookup = ComboLookup::new(3, 23, DigitSet::EMPTY, DigitSet::EMPTY).expect("valid");
        assert_eq!((lookup.always(), lookup.never()), (digits("689"), digits("123457")));
    }

    #[test]
    fn include_and_exclude_narrow_the_sets() {
        let lookup = ComboLookup::new(4, 23, digits("9"), digits("1")).expect("valid");
        assert!(
            lookup.sets.iter().all(|s| s.contains(Digit::from_index(8)) && !s.contains(Digit::from_index(0)))
        );
        // 1589 and 1679 hold the 1.
        assert_eq!(texts(&lookup), ["2489", "2579", "3479", "3569"]);
        let none = ComboLookup::new(2, 10, digits("5"), DigitSet::EMPTY).expect("valid");
        assert!(none.sets.is_empty());
        assert_eq!((none.always(), none.never()), (DigitSet::EMPTY, DigitSet::ALL));
    }

    #[test]
    fn impossible_requests_say_why() {
        assert_eq!(ComboLookup::new(0, 5, DigitSet::EMPTY, DigitSet::EMPTY), Err(LookupError::Size(0)));
        assert_eq!(ComboLookup::new(10, 45, DigitSet::EMPTY, DigitSet::EMPTY), Err(LookupError::Size(10)));
        let error = ComboLookup::new(2, 50, DigitSet::EMPTY, DigitSet::EMPTY).expect_err("too large");
        assert_eq!(
            error.to_string(),
            "sum 50 cannot be made by 2 distinct digits: their sums run from 3 to 17"
        );
        assert!(matches!(ComboLookup::new(2, 10, digits("3"), digits("3")), Err(LookupError::Both(_))));
    }
}
