//! [`BoardState`]: what the board holds apart from the givens at one moment: the player's digits and
//! pencil marks of both kinds, the colours and struck cage combinations they noted by hand, and the
//! eliminations the hint engine made. The game keeps one per undo step (a whole
//! copy, a few hundred bytes); a save stores them as they are.
//!
//! A plain value: it knows nothing of the rules beyond placing a digit, nor of undo, files or drawing.

use crate::engine::{ByCell, Cell, CellSet, Digit, DigitSet, Grid};

use super::notes::{Colour, Strikes};

/// What the board holds besides the givens at one moment (one undo step).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct BoardState {
    /// Digits placed by the player (or by hints); givens are not repeated.
    pub entries: Grid,
    /// Pencil marks (the centre kind: the candidates hints, checks and the candidate fill work on).
    pub marks: ByCell<DigitSet>,
    /// Corner marks (SudokuPad's second kind): the player's own notes, which hints, checks and the
    /// candidate fill never read.
    pub corners: ByCell<DigitSet>,
    /// The colour the player painted each cell, if any.
    pub colours: ByCell<Option<Colour>>,
    /// For each cage, at its first cell, the combinations the player struck out.
    pub struck: ByCell<Strikes>,
    /// Candidates removed by applied hints: facts the engine proved, kept for the next hint.
    pub eliminations: ByCell<DigitSet>,
}

impl BoardState {
    /// `givens` and these entries as one grid.
    pub fn grid(&self, givens: &Grid) -> Grid {
        Grid::from_cells(ByCell::from_fn(|c| givens.get(c).or(self.entries.get(c))))
    }

    /// Places `digit` in `cell` and, when asked, removes it from the marks of both kinds of the
    /// cells that see it (`seen`: its peers, and on a killer its cage mates).
    pub fn place(&mut self, cell: Cell, digit: Digit, auto_remove_marks: bool, seen: CellSet) {
        self.entries.set(cell, Some(digit));
        if auto_remove_marks {
            for peer in seen {
                self.marks[peer].remove(digit);
                self.corners[peer].remove(digit);
            }
        }
    }
}
