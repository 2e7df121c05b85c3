//! A classic grid's text forms, read: the 81-character line and the multi-line framed form (a
//! [`Grid`] writes them itself, [`Grid::to_line`] and [`Grid::to_framed`]); and the characters that
//! grid files use for rules and blanks, which the readers of puzzle files share.

use thiserror::Error;

use crate::engine::{ByCell, Cell, Digit, Grid};

/// Why a text is not a grid, with the place of the problem (rows and columns are 1-based).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ParseError {
    /// The input has no cells at all.
    #[error("empty puzzle: expected 81 cells")]
    Empty,
    /// A one-line puzzle whose length is not 81.
    #[error("expected 81 cells, found {found}")]
    WrongLength {
        /// How many characters the line has.
        found: usize,
    },
    /// A one-line puzzle cut short by a space: a space may separate every cell, or the puzzle from
    /// what follows it (`<puzzle> <solution>`), but not split the cells into two runs.
    #[error(
        "expected 81 cells, found {found} before the space at character {position} (a classic line has no space inside, unless one separates every cell)"
    )]
    SpaceInside {
        /// How many cells come before the space.
        found: usize,
        /// The 1-based character position of the space on the line.
        position: usize,
    },
    /// A character that is neither a digit nor a blank.
    #[error("bad character {ch:?} at row {row}, column {col} (use 1-9 for givens, '.' or '0' for blanks)")]
    BadCharacter {
        /// 1-based row of the character.
        row: usize,
        /// 1-based column of the character.
        col: usize,
        /// The character found.
        ch: char,
    },
    /// A row of the multi-line form without exactly nine cells.
    #[error("row {row} has {found} cells, expected 9")]
    WrongRowLength {
        /// 1-based row.
        row: usize,
        /// How many cells it has.
        found: usize,
    },
    /// A multi-line grid without exactly nine rows.
    #[error("expected 9 rows, found {found}")]
    WrongRowCount {
        /// How many rows of cells were found.
        found: usize,
    },
}

/// Whether `c` draws the lines of a grid (`|`, `-`, `+`, `=` and their box-drawing forms): grid
/// files put them between boxes, and a grid written on one line may keep them.
pub fn is_rule_char(c: char) -> bool {
    matches!(c, '|' | '-' | '+' | '=' | '─' | '│' | '┼' | '┃' | '━' | '╋')
}

/// Whether `c` is a blank as grid files write one besides `.` and `0`: `X` (Simple Sudoku's `.ss`),
/// `_` or `*`.
pub fn is_file_blank(c: char) -> bool {
    matches!(c, 'X' | 'x' | '_' | '*')
}

/// Whether `c` fills a cell: a digit, or a blank (`.`, `0`).
fn is_cell_char(c: char) -> bool {
    matches!(c, '0'..='9' | '.')
}

/// Characters that separate boxes in the framed form and carry no cell.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '-' | '+' | '=' | '*')
}

fn cell_value(c: char, row: usize, col: usize) -> Result<Option<Digit>, ParseError> {
    match c {
        '.' | '0' => Ok(None),
        _ => Digit::from_char(c).map(Some).ok_or(ParseError::BadCharacter {
            row: row + 1,
            col: col + 1,
            ch: c,
        }),
    }
}

/// Reads a grid: one line of 81 characters (`1`-`9` givens, `.` or `0` blanks, surrounding spaces
/// ignored), or nine rows of nine cells separated by any of `| - + =` spaces and blank lines.
///
/// ```
/// use termdoku::engine::{parse_grid, ParseError};
/// let line = format!("53..7....{}", ".".repeat(72));
/// assert_eq!(parse_grid(&line).unwrap().filled_count(), 3);
/// assert_eq!(parse_grid("123"), Err(ParseError::WrongLength { found: 3 }));
/// let bad = format!("{}x{}", ".".repeat(10), ".".repeat(70));
/// assert_eq!(parse_grid(&bad), Err(ParseError::BadCharacter { row: 2, col: 2, ch: 'x' }));
/// ```
pub fn parse_grid(text: &str) -> Result<Grid, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::Empty);
    }
    if text.lines().count() == 1 { parse_line(text) } else { parse_framed(text) }
}

fn parse_line(line: &str) -> Result<Grid, ParseError> {
    let mut cells = ByCell::default();
    // A bad character among the first 81 says more about what went wrong than a wrong length.
    for (cell, c) in Cell::ALL.into_iter().zip(line.chars()) {
        cells[cell] = cell_value(c, cell.row(), cell.col())?;
    }
    let found = line.chars().count();
    if found != 81 {
        return Err(ParseError::WrongLength { found });
    }
    Ok(Grid::from_cells(cells))
}

fn parse_framed(text: &str) -> Result<Grid, ParseError> {
    let mut cells = ByCell::default();
    let mut row = 0;
    for line in text.lines() {
        let cell_chars: Vec<char> = line.chars().filter(|&c| !is_separator(c)).collect();
        if cell_chars.is_empty() {
            continue;
        }
        if row < 9 {
            for (col, &c) in cell_chars.iter().enumerate() {
                if !is_cell_char(c) {
                    return Err(ParseError::BadCharacter { row: row + 1, col: col + 1, ch: c });
                }
                if let Some(cell) = Cell::try_at(row, col) {
                    cells[cell] = cell_value(c, row, col)?;
                }
            }
            if cell_chars.len() != 9 {
                return Err(ParseError::WrongRowLength { row: row + 1, found: cell_chars.len() });
            }
        }
        row += 1;
    }
    if row != 9 {
        return Err(ParseError::WrongRowCount { found: row });
    }
    Ok(Grid::from_cells(cells))
}

impl std::str::FromStr for Grid {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Grid, ParseError> {
        parse_grid(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_forms() {
        let dots = ".".repeat(81);
        assert_eq!(parse_grid(&dots), Ok(Grid::empty()));
        assert_eq!(parse_grid(&"0".repeat(81)), Ok(Grid::empty()));
        assert_eq!(parse_grid(&format!("  {dots}\n")), Ok(Grid::empty()));
        assert_eq!(parse_grid(&".".repeat(80)), Err(ParseError::WrongLength { found: 80 }));
        assert_eq!(parse_grid(&".".repeat(82)), Err(ParseError::WrongLength { found: 82 }));
        assert_eq!(parse_grid(""), Err(ParseError::Empty));
        let letter = format!("{}a{}", ".".repeat(40), ".".repeat(40));
        assert_eq!(parse_grid(&letter), Err(ParseError::BadCharacter { row: 5, col: 5, ch: 'a' }));
    }

    #[test]
    fn control_characters_are_escaped_in_messages() {
        let bell = format!("\u{7}{}", ".".repeat(80));
        let message = parse_grid(&bell).expect_err("a control character is no cell").to_string();
        assert_eq!(
            message,
            "bad character '\\u{7}' at row 1, column 1 (use 1-9 for givens, '.' or '0' for blanks)"
        );
    }

    #[test]
    fn framed_form_round_trips() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid = parse_grid(line).expect("valid line");
        assert_eq!(parse_grid(&grid.to_framed()), Ok(grid));
        let spaced = "5 3 . . 7 . . . .\n\n6 . . 1 9 5 . . .\n. 9 8 . . . . 6 .\n8 . . . 6 . . . 3\n4 . . 8 . 3 . . 1\n7 . . . 2 . . . 6\n. 6 . . . . 2 8 .\n. . . 4 1 9 . . 5\n. . . . 8 . . 7 9\n";
        assert_eq!(parse_grid(spaced), Ok(grid));
    }

    #[test]
    fn framed_errors_name_the_place() {
        let mut rows: Vec<String> = (0..9).map(|_| ".........".to_string()).collect();
        rows[3] = "....x....".into();
        assert_eq!(parse_grid(&rows.join("\n")), Err(ParseError::BadCharacter { row: 4, col: 5, ch: 'x' }));
        rows[3] = "........".into();
        assert_eq!(parse_grid(&rows.join("\n")), Err(ParseError::WrongRowLength { row: 4, found: 8 }));
        assert_eq!(parse_grid(&rows[..2].join("\n")), Err(ParseError::WrongRowCount { found: 2 }));
    }
}
