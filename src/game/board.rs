//! [`BoardState`]: what the board holds apart from the givens at one moment: the player's digits and
//! pencil marks and the eliminations the hint engine made. The game keeps one per undo step (a whole
//! copy, a few hundred bytes); a save stores them as they are.
//!
//! A plain value: it knows nothing of the rules beyond placing a digit, nor of undo, files or drawing.

use crate::engine::{ByCell, Cell, CellSet, Digit, DigitSet, Grid};

/// What the board holds besides the givens at one moment (one undo step).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct BoardState {
    /// Digits placed by the player (or by hints); givens are not repeated.
    pub entries: Grid,
    /// Pencil marks.
    pub marks: ByCell<DigitSet>,
    /// Candidates removed by applied hints: facts the engine proved, kept for the next hint.
    pub eliminations: ByCell<DigitSet>,
}

impl BoardState {
    /// `givens` and these entries as one grid.
    pub fn grid(&self, givens: &Grid) -> Grid {
        Grid::from_cells(ByCell::from_fn(|c| givens.get(c).or(self.entries.get(c))))
    }

    /// Places `digit` in `cell` and, when asked, removes it from the marks of the cells that see
    /// it (`seen`: its peers, and on a killer its cage mates).
    pub fn place(&mut self, cell: Cell, digit: Digit, auto_remove_marks: bool, seen: CellSet) {
        self.entries.set(cell, Some(digit));
        if auto_remove_marks {
            for peer in seen {
                self.marks[peer].remove(digit);
            }
        }
    }
}
