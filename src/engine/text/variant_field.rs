//! The field of our one-line form that names the houses beyond rows, columns and boxes, after the
//! classic 81 characters or the killer line: `x` for Sudoku X (both long diagonals), or 81 region
//! numbers 1-9 in reading order for a jigsaw. Reading and writing it.
//!
//! A classic line may be followed by its solution (`<puzzle> <solution>`), which is 81 digits 1-9
//! as a region field is. They are told apart exactly: a solution holds 1-9 once in every row and
//! every column (a Latin square), and no region layout can: a region with one cell in every row
//! must be a column (its nine cells touch side by side only down one column), so a layout whose
//! every row holds each number once has the columns as its regions, and then a column repeats its
//! number. So an 81-digit field that is a Latin square is a solution, passed over; any other 81
//! characters of 1-9 are regions, checked, and a bad layout is an error naming region and cell.

use thiserror::Error;

use crate::engine::{Cell, Layout, LayoutError};

/// The word of Sudoku X.
pub(crate) const X_WORD: &str = "x";

/// Why the variant field does not name a layout: the place (row and column 1-based) and the
/// region, in words.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum VariantFieldError {
    /// A region field that is not 81 characters.
    #[error("regions: expected 81 region numbers 1-9, found {found}")]
    RegionLength {
        /// How many characters it has.
        found: usize,
    },
    /// A character that is no region number.
    #[error("regions: bad region number {ch:?} at row {row}, column {col} (use 1-9)")]
    BadRegion {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character found.
        ch: char,
    },
    /// The regions are not nine regions of nine connected cells.
    #[error("regions: {0}")]
    Layout(#[from] LayoutError),
    /// Neither `x` nor a region field.
    #[error("expected `x` (Sudoku X) or 81 region numbers 1-9 (a jigsaw), found {found:?}")]
    Unknown {
        /// What was found (shortened).
        found: String,
    },
}

/// Whether `field` holds 81 characters 1-9 that are not a Latin square: a jigsaw's regions, good or
/// bad, rather than a classic puzzle's solution (see the module documentation).
pub(crate) fn is_region_field(field: &str) -> bool {
    let bytes = field.as_bytes();
    bytes.len() == 81 && bytes.iter().all(|b| (b'1'..=b'9').contains(b)) && !is_latin_square(bytes)
}

/// Whether `field` (81 digits 1-9) holds each digit once in every row and every column.
fn is_latin_square(field: &[u8]) -> bool {
    (0..9).all(|line| {
        let row = (0..9).fold(0u16, |seen, col| seen | 1 << (field[line * 9 + col] - b'0'));
        let column = (0..9).fold(0u16, |seen, row| seen | 1 << (field[row * 9 + line] - b'0'));
        row == 0x3fe && column == 0x3fe
    })
}

/// Whether `field` is the X word.
pub(crate) fn is_x_word(field: &str) -> bool {
    field.eq_ignore_ascii_case(X_WORD)
}

/// The layout `field` names: `x` for Sudoku X, else 81 region numbers 1-9 for a jigsaw.
pub fn parse_variant_field(field: &str) -> Result<Layout, VariantFieldError> {
    if is_x_word(field) {
        return Ok(Layout::x());
    }
    let chars: Vec<char> = field.chars().collect();
    if chars.len() != 81 {
        if chars.iter().all(char::is_ascii_digit) {
            return Err(VariantFieldError::RegionLength { found: chars.len() });
        }
        return Err(VariantFieldError::Unknown { found: field.chars().take(12).collect() });
    }
    let mut numbers = [0u8; 81];
    for (cell, (&ch, number)) in Cell::ALL.iter().zip(chars.iter().zip(numbers.iter_mut())) {
        match ch.to_digit(10) {
            Some(n @ 1..=9) => *number = n as u8 - 1,
            _ => return Err(VariantFieldError::BadRegion { row: cell.row() + 1, col: cell.col() + 1, ch }),
        }
    }
    Ok(Layout::jigsaw(&numbers)?)
}

/// The field of `layout`: `x`, the region numbers 1-9 of a jigsaw, or `None` for the classic one.
pub(crate) fn variant_field(layout: &Layout) -> Option<String> {
    if layout.is_jigsaw() {
        Some(region_field(layout))
    } else if layout.has_diagonals() {
        Some(X_WORD.to_string())
    } else {
        None
    }
}

/// The 81 region numbers 1-9 of `layout` in reading order.
pub fn region_field(layout: &Layout) -> String {
    layout.region_numbers().iter().map(|&r| char::from(b'1' + r)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// The boxes, but r1c4 in region 1 and r3c3 in region 2.
    fn traded() -> String {
        let mut regions: Vec<u8> = (0..81).map(|i| b'1' + Cell::from_index(i).box_index() as u8).collect();
        regions[3] = b'1';
        regions[20] = b'2';
        String::from_utf8(regions).expect("ascii")
    }

    #[test]
    fn a_solution_is_never_read_as_regions() {
        assert!(!is_region_field(SOLUTION));
        assert!(is_region_field(&traded()));
        // The columns as regions: every row holds 1-9 once, the columns do not.
        let columns = "123456789".repeat(9);
        assert!(is_region_field(&columns));
        assert!(parse_variant_field(&columns).expect("nine connected columns").is_jigsaw());
        // A wrong solution (a row repeats) is read as regions, and its error names the region.
        let wrong = format!("{}{}", &SOLUTION[..80], '5');
        assert!(is_region_field(&wrong));
        assert_eq!(
            parse_variant_field(&wrong).expect_err("no region layout").to_string(),
            "regions: region 1 is not connected: r2c4 does not touch the rest of it"
        );
    }

    #[test]
    fn fields_are_read_and_written() {
        assert_eq!(parse_variant_field("x"), Ok(Layout::x()));
        assert_eq!(parse_variant_field("X"), Ok(Layout::x()));
        let jigsaw = parse_variant_field(&traded()).expect("valid");
        assert_eq!(variant_field(&jigsaw), Some(traded()));
        assert_eq!(variant_field(&Layout::x()).as_deref(), Some("x"));
        assert_eq!(variant_field(&Layout::classic()), None);
    }

    #[test]
    fn errors_name_the_region_and_the_cell() {
        let err = |s: &str| parse_variant_field(s).expect_err("invalid").to_string();
        assert_eq!(err("xx"), "expected `x` (Sudoku X) or 81 region numbers 1-9 (a jigsaw), found \"xx\"");
        assert_eq!(err(&traded()[..80]), "regions: expected 81 region numbers 1-9, found 80");
        let zero = traded().replacen('5', "0", 1);
        assert_eq!(err(&zero), "regions: bad region number '0' at row 4, column 4 (use 1-9)");
        let mut swapped = traded().into_bytes();
        swapped.swap(0, 80);
        let swapped = String::from_utf8(swapped).expect("ascii");
        assert_eq!(err(&swapped), "regions: region 1 is not connected: r9c9 does not touch the rest of it");
        let big = format!("{}1", &traded()[..80]);
        assert_eq!(err(&big), "regions: region 1 has 10 cells, not 9");
    }
}
