//! The text forms of cells (`r5c7`) and of a digit set per cell that the save file, its move
//! journal and the players' notes share.

use crate::engine::{ByCell, Cell, Digit, DigitSet};

/// A cell written `r5c7` (rows and columns 1-9).
pub(super) fn parse_cell(text: &str) -> Option<Cell> {
    let rest = text.strip_prefix('r')?;
    let (row, col) = rest.split_once('c')?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    ((1..=9).contains(&row) && (1..=9).contains(&col)).then(|| Cell::at(row - 1, col - 1))
}

/// The 81 cells' digit sets as text: one group of digits a cell (`-` for none), in cell order,
/// separated by spaces.
pub(super) fn write_digit_sets(sets: &ByCell<DigitSet>) -> String {
    let groups: Vec<String> = Cell::ALL.into_iter().map(|c| sets[c].to_string()).collect();
    groups.join(" ")
}

/// The digit sets [`write_digit_sets`] wrote; the error names the cell of a bad digit, or the count
/// of groups when it is not 81.
pub(super) fn read_digit_sets(text: &str) -> Result<ByCell<DigitSet>, String> {
    let groups: Vec<&str> = text.split_ascii_whitespace().collect();
    if groups.len() != 81 {
        return Err(format!("expected 81 groups of digits, found {}", groups.len()));
    }
    let mut sets = ByCell::default();
    for (cell, group) in Cell::ALL.into_iter().zip(groups) {
        if group == "-" {
            continue;
        }
        for ch in group.chars() {
            let digit = Digit::from_char(ch).ok_or_else(|| format!("bad digit `{ch}` in {cell}"))?;
            let set: &mut DigitSet = &mut sets[cell];
            set.insert(digit);
        }
    }
    Ok(sets)
}
