//! Our killer line, `<givens81> <cages81> <sums>` (see `../shared/data/killer/FORMATS.md`): reading
//! and writing it. Anything after a TAB is not part of the puzzle. Also the one line of a puzzle of
//! either variant, [`puzzle_line`]: the killer line for a killer, the classic line otherwise.

use thiserror::Error;

use super::grid::{ParseError, parse_grid};
use super::variant_field::{VariantFieldError, parse_variant_field, variant_field};
use crate::engine::killer::{Cage, CageError, Cages};
use crate::engine::{ByCell, Cell, CellSet, Grid, Layout, PuzzleSetup};

/// The cage symbols in cage order: `a`-`z`, `A`-`Z`, `0`-`9`.
const SYMBOLS: &[u8; 62] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// Why a text is not a killer line, with the place of the problem (1-based rows and columns).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum KillerLineError {
    /// Not three space-separated fields (or four, the last for Sudoku X or a jigsaw).
    #[error(
        "a killer line has 3 fields, <givens81> <cages81> <sums>, and a fourth for Killer X (`x`) or a jigsaw killer (81 region numbers); found {found}"
    )]
    FieldCount {
        /// How many fields were found.
        found: usize,
    },
    /// The givens field is not an 81-cell grid.
    #[error("givens: {0}")]
    Givens(ParseError),
    /// The cage field does not have 81 symbols.
    #[error("cages: expected 81 cage symbols, found {found}")]
    CageLength {
        /// How many characters it has.
        found: usize,
    },
    /// A character that is no cage symbol.
    #[error(
        "cages: bad cage symbol {ch:?} at row {row}, column {col} (use a-z, A-Z, 0-9, or '.' for no cage)"
    )]
    BadSymbol {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character found.
        ch: char,
    },
    /// A sum that is not a number.
    #[error("sums: {text:?} (sum number {position}) is not a number")]
    BadSum {
        /// 1-based position in the list.
        position: usize,
        /// What was found (shortened).
        text: String,
    },
    /// Fewer or more sums than cages.
    #[error("sums: {cages} cages but {sums} sums")]
    SumCount {
        /// Cages named in the cage field.
        cages: usize,
        /// Sums given.
        sums: usize,
    },
    /// The cages do not form a killer layout.
    #[error(transparent)]
    Cage(#[from] CageError),
    /// The fourth field names no layout.
    #[error("fourth field: {0}")]
    Variant(#[from] VariantFieldError),
}

/// Whether `text` (up to a TAB) is meant as a killer line, good or bad: its second field is 81
/// characters with a cage letter among them, or its third field (of three or four) is a comma-
/// separated list. A classic `<puzzle> <solution>` line is neither. Readers use it to tell a killer line from
/// a classic one before reading it, so that a bad killer line gets a killer line's error.
pub fn is_killer_line(text: &str) -> bool {
    let text = text.split('\t').next().unwrap_or("");
    let fields: Vec<&str> = text.split_whitespace().collect();
    match fields[..] {
        [_, cages, ..] if cages.chars().count() == 81 && cages.chars().any(|c| c.is_ascii_alphabetic()) => {
            true
        }
        [_, _, sums] | [_, _, sums, _] => sums.contains(','),
        _ => false,
    }
}

/// Reads a killer line: the givens and the validated cages (the puzzle's uniqueness is checked by
/// [`crate::engine::Puzzle::new_killer`]).
///
/// ```
/// use termdoku::engine::text::parse_killer_line;
/// let cages: String = (0..9).map(|r| ((b'a' + r) as char).to_string().repeat(9)).collect();
/// let line = format!("{} {cages} 45,45,45,45,45,45,45,45,45", ".".repeat(81));
/// let (givens, layout) = parse_killer_line(&line).unwrap();
/// assert_eq!((givens.filled_count(), layout.len()), (0, 9));
/// ```
pub fn parse_killer_line(text: &str) -> Result<(Grid, Cages), KillerLineError> {
    let text = text.split('\t').next().unwrap_or("");
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [givens, symbols, sums] = fields[..] else {
        return Err(KillerLineError::FieldCount { found: fields.len() });
    };
    read_fields(givens, symbols, sums)
}

/// Reads a killer line of any layout: `<givens81> <cages81> <sums>`, then `x` for Killer X or 81
/// region numbers 1-9 for a jigsaw killer.
pub fn parse_killer_setup(text: &str) -> Result<PuzzleSetup, KillerLineError> {
    let text = text.split('\t').next().unwrap_or("");
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (givens, cages, layout) = match fields[..] {
        [givens, symbols, sums] => {
            let (givens, cages) = read_fields(givens, symbols, sums)?;
            (givens, cages, Layout::classic())
        }
        [givens, symbols, sums, variant] => {
            let (givens, cages) = read_fields(givens, symbols, sums)?;
            (givens, cages, parse_variant_field(variant)?)
        }
        _ => return Err(KillerLineError::FieldCount { found: fields.len() }),
    };
    Ok(PuzzleSetup::new(givens, layout, Some(cages)))
}

/// The givens and cages of a killer line's three fields.
fn read_fields(givens: &str, symbols: &str, sums: &str) -> Result<(Grid, Cages), KillerLineError> {
    let givens = parse_grid(givens).map_err(KillerLineError::Givens)?;
    let symbols: Vec<char> = symbols.chars().collect();
    if symbols.len() != 81 {
        return Err(KillerLineError::CageLength { found: symbols.len() });
    }
    let sums: Vec<u32> = sums
        .split(',')
        .enumerate()
        .map(|(i, s)| {
            s.trim()
                .parse()
                .map_err(|_| KillerLineError::BadSum { position: i + 1, text: s.chars().take(12).collect() })
        })
        .collect::<Result<_, _>>()?;
    // Cells by symbol, in order of first appearance.
    let mut groups: Vec<(char, CellSet)> = Vec::new();
    for (cell, &ch) in Cell::ALL.iter().zip(&symbols) {
        if ch == '.' {
            continue;
        }
        if !ch.is_ascii_alphanumeric() {
            return Err(KillerLineError::BadSymbol { row: cell.row() + 1, col: cell.col() + 1, ch });
        }
        match groups.iter_mut().find(|(symbol, _)| *symbol == ch) {
            Some((_, cells)) => cells.insert(*cell),
            None => groups.push((ch, cell.set())),
        }
    }
    if groups.len() != sums.len() {
        return Err(KillerLineError::SumCount { cages: groups.len(), sums: sums.len() });
    }
    let cages = groups.into_iter().zip(sums).map(|((_, cells), sum)| Cage::new(cells, sum)).collect();
    Ok((givens, Cages::new(cages)?))
}

/// Writes `givens` and `cages` as a killer line, cages numbered in reading order of their first
/// cell (the symbols run out past 62 cages; the rest are written `.`, which no real layout needs).
pub fn killer_line(givens: &Grid, cages: &Cages) -> String {
    let symbol: ByCell<char> = ByCell::from_fn(|cell| {
        cages.cage_of(cell).and_then(|id| SYMBOLS.get(id.index())).map_or('.', |&b| b as char)
    });
    let sums: Vec<String> = cages.as_slice().iter().map(|c| c.sum().to_string()).collect();
    format!("{} {} {}", givens.to_line(), symbol.values().iter().collect::<String>(), sums.join(","))
}

/// `givens` with `layout` and `cages` as one line, as the readers take it back: our killer line for a
/// killer (`cages` given), the 81 characters of the grid for a classic puzzle; then, for Sudoku X,
/// the word `x`, and for a jigsaw the 81 region numbers 1-9 in reading order.
pub(crate) fn puzzle_line(givens: &Grid, layout: &Layout, cages: Option<&Cages>) -> String {
    let mut line = match cages {
        Some(cages) => killer_line(givens, cages),
        None => givens.to_line(),
    };
    if let Some(field) = variant_field(layout) {
        line.push(' ');
        line.push_str(&field);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixtures::SOLO_FIRST_KILLER as FIRST;

    #[test]
    fn the_first_shared_puzzle_goes_round() {
        let (givens, cages) = parse_killer_line(&format!("{FIRST}\tsolution\tTrivial")).expect("valid");
        assert_eq!(cages.len(), 36);
        assert!(cages.covers_grid());
        assert_eq!(cages.as_slice()[0].to_string(), "cage 9 at r1c1-r1c2");
        assert_eq!(killer_line(&givens, &cages), FIRST);
        assert!(is_killer_line(FIRST));
        assert!(!is_killer_line(&".".repeat(81)));
    }

    #[test]
    fn errors_name_the_place() {
        let err = |s: &str| parse_killer_line(s).expect_err("invalid").to_string();
        assert!(err("abc").contains("3 fields"));
        let bad_symbol = FIRST.replacen("aab", "a#b", 1);
        assert!(err(&bad_symbol).contains("bad cage symbol '#' at row 1, column 2"), "{}", err(&bad_symbol));
        let few_sums = FIRST.rsplit_once(',').map(|(head, _)| head.to_string()).expect("commas");
        assert!(err(&few_sums).contains("36 cages but 35 sums"));
        let bad_sum = FIRST.replacen(" 9,", " x9,", 1);
        assert!(err(&bad_sum).contains("\"x9\" (sum number 1) is not a number"));
    }
}
