//! The engine's vocabulary: digits, cells, houses, and bitsets of digits and cells.
//!
//! Everything here is `Copy`, allocation-free and valid by construction, so technique code never
//! juggles bare indices.

mod by_cell;
mod cell;
mod cell_set;
mod digit;
mod digit_set;
mod house;
mod tables;

pub use by_cell::ByCell;
pub use cell::Cell;
pub use cell_set::{CellSet, CellSetIter};
pub use digit::Digit;
pub use digit_set::{DigitSet, DigitSetIter};
pub use house::{House, HouseKind};

/// The indices of the set bits of `mask`, lowest first: the walk over a bare mask (of fish lines,
/// of a digit's group nodes) that the bitset types' own iterators make over cells and digits.
pub(crate) fn bit_indices(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let index = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(index)
    })
}

/// Implements `| & - ^ !` and their assigning forms for a bitset newtype over an integer.
macro_rules! impl_set_operators {
    ($set:ident, $all:expr) => {
        impl std::ops::BitOr for $set {
            type Output = $set;
            fn bitor(self, rhs: $set) -> $set {
                $set(self.0 | rhs.0)
            }
        }
        impl std::ops::BitAnd for $set {
            type Output = $set;
            fn bitand(self, rhs: $set) -> $set {
                $set(self.0 & rhs.0)
            }
        }
        impl std::ops::Sub for $set {
            type Output = $set;
            fn sub(self, rhs: $set) -> $set {
                $set(self.0 & !rhs.0)
            }
        }
        impl std::ops::BitXor for $set {
            type Output = $set;
            fn bitxor(self, rhs: $set) -> $set {
                $set(self.0 ^ rhs.0)
            }
        }
        impl std::ops::Not for $set {
            type Output = $set;
            fn not(self) -> $set {
                $set(!self.0 & $all)
            }
        }
        impl std::ops::BitOrAssign for $set {
            fn bitor_assign(&mut self, rhs: $set) {
                self.0 |= rhs.0;
            }
        }
        impl std::ops::BitAndAssign for $set {
            fn bitand_assign(&mut self, rhs: $set) {
                self.0 &= rhs.0;
            }
        }
        impl std::ops::SubAssign for $set {
            fn sub_assign(&mut self, rhs: $set) {
                self.0 &= !rhs.0;
            }
        }
    };
}
pub(crate) use impl_set_operators;

#[cfg(test)]
mod tests {
    use super::bit_indices;

    #[test]
    fn bit_indices_walk_the_set_bits_lowest_first() {
        assert_eq!(bit_indices(0).count(), 0);
        assert_eq!(bit_indices(0b1011_0001).collect::<Vec<_>>(), [0, 4, 5, 7]);
        assert_eq!(bit_indices(1 << 63 | 1).collect::<Vec<_>>(), [0, 63]);
        assert_eq!(bit_indices(u64::MAX).count(), 64);
    }
}
