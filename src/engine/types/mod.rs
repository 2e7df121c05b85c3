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
