//! [`Digit`]: a Sudoku digit, 1 to 9.

use std::fmt;
use std::num::NonZeroU8;

/// A Sudoku digit from 1 to 9. It can only be built valid, so code that holds one never re-checks it.
///
/// ```
/// use termdoku::engine::Digit;
/// let d = Digit::new(7).unwrap();
/// assert_eq!(d.get(), 7);
/// assert_eq!(d.index(), 6);
/// assert_eq!(Digit::new(0), None);
/// assert_eq!(Digit::from_char('9'), Some(Digit::new(9).unwrap()));
/// ```
///
/// Stored as a non-zero byte, so that an empty-or-digit `Option<Digit>` is one byte too.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The nine digits in increasing order.
    pub const ALL: [Digit; 9] = {
        let mut all = [Digit::from_index(0); 9];
        let mut i = 0;
        while i < 9 {
            all[i] = Digit::from_index(i);
            i += 1;
        }
        all
    };

    /// The digit `value`, or `None` unless `1 <= value <= 9`.
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 { Some(Digit::from_index(value as usize - 1)) } else { None }
    }

    /// The digit whose zero-based index is `index` (0 gives 1). Panics if `index >= 9`: only for
    /// indices the program computed itself, never for user input.
    pub const fn from_index(index: usize) -> Digit {
        assert!(index < 9, "digit index out of range");
        Digit(NonZeroU8::MIN.saturating_add(index as u8))
    }

    /// The digit written as `c` (`'1'` to `'9'`), or `None`.
    pub const fn from_char(c: char) -> Option<Digit> {
        match c {
            '1'..='9' => Some(Digit::from_index((c as u8 - b'1') as usize)),
            _ => None,
        }
    }

    /// The value, 1 to 9.
    pub const fn get(self) -> u8 {
        self.0.get()
    }

    /// The zero-based index, 0 to 8, for arrays of nine.
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// The digit as a character, `'1'` to `'9'`.
    pub const fn to_char(self) -> char {
        (b'0' + self.0.get()) as char
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.get())
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.get())
    }
}

impl serde::Serialize for Digit {
    /// Serialised as a number, 1 to 9.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0.get())
    }
}
