//! The player's notes beside the centre marks: corner marks (SudokuPad's second kind of pencil mark),
//! cells coloured by hand, and cage combinations struck out by hand. They live in the
//! [`super::BoardState`], so each change is one undo step and a save keeps them with the board; the
//! engine never reads them (hints, checks and the candidate fill work on the centre marks).

use std::fmt;

use crate::engine::{Cell, CellSet, Digit, DigitSet};

use super::{Game, MarkKind};

/// One of the six colours a cell can be painted with by hand (how it looks is the TUI's business).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Colour(u8);

impl Colour {
    /// How many colours there are.
    pub const COUNT: usize = 6;

    /// Colour `number`, 1 to [`Colour::COUNT`].
    pub fn new(number: u8) -> Option<Colour> {
        (1..=Colour::COUNT as u8).contains(&number).then_some(Colour(number))
    }

    /// Its number, 1 to [`Colour::COUNT`].
    pub fn number(self) -> u8 {
        self.0
    }

    /// Its index, 0 to [`Colour::COUNT`] - 1.
    pub fn index(self) -> usize {
        usize::from(self.0 - 1)
    }

    /// The colour after `colour` in the cycle none, 1, 2, ..., 6, none.
    pub fn after(colour: Option<Colour>) -> Option<Colour> {
        Colour::new(colour.map_or(1, |c| c.0 + 1))
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The combinations of one cage the player struck out: one bit per combination, in the order of the
/// engine's list of the cage's combinations (at most 12 for any size and sum).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Strikes(u16);

impl Strikes {
    /// None struck.
    pub const NONE: Strikes = Strikes(0);

    /// Whether combination `index` is struck.
    pub fn contains(self, index: usize) -> bool {
        index < 16 && self.0 & (1 << index) != 0
    }

    /// Strikes combination `index`, or un-strikes it when it is struck (an index past 15 is ignored).
    pub fn toggle(&mut self, index: usize) {
        if index < 16 {
            self.0 ^= 1 << index;
        }
    }

    /// Whether none is struck.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl Game {
    /// The corner marks of `cell` (empty when a digit is there, as with [`Game::marks`]).
    pub fn corner_marks(&self, cell: Cell) -> DigitSet {
        if self.digit(cell).is_some() { DigitSet::EMPTY } else { self.state.corners[cell] }
    }

    /// Toggles the corner mark `digit` in `cell` (only in an empty cell).
    pub fn toggle_corner_mark(&mut self, cell: Cell, digit: Digit) -> bool {
        self.toggle_mark_of(MarkKind::Corner, cell, digit)
    }

    /// Toggles the mark `digit` of `kind` in `cell` (only in an empty cell).
    pub fn toggle_mark_of(&mut self, kind: MarkKind, cell: Cell, digit: Digit) -> bool {
        if self.digit(cell).is_some() {
            return false;
        }
        self.edit(|state, _, _| {
            let marks = match kind {
                MarkKind::Centre => &mut state.marks[cell],
                MarkKind::Corner => &mut state.corners[cell],
            };
            if marks.contains(digit) { marks.remove(digit) } else { marks.insert(digit) }
        })
    }

    /// The colour `cell` was painted with, if any.
    pub fn colour(&self, cell: Cell) -> Option<Colour> {
        self.state.colours[cell]
    }

    /// Paints `cells` with the colour after the first cell's in the cycle none, 1, ..., 6, none
    /// (so one cell steps through the colours, and a selection takes one colour together). One undo
    /// step; `false` when `cells` is empty.
    pub fn cycle_colour(&mut self, cells: CellSet) -> bool {
        let Some(first) = cells.first() else { return false };
        let next = Colour::after(self.state.colours[first]);
        self.edit(|state, _, _| {
            for cell in cells {
                state.colours[cell] = next;
            }
        })
    }

    /// The combinations of the cage of `cell` the player struck out (none on a classic game).
    pub fn struck(&self, cell: Cell) -> Vec<DigitSet> {
        let Some((anchor, combinations)) = self.cage_combinations(cell) else { return Vec::new() };
        let strikes = self.state.struck[anchor];
        combinations.iter().enumerate().filter(|(i, _)| strikes.contains(*i)).map(|(_, &c)| c).collect()
    }

    /// Strikes out `combination` of the cage of `cell`, or un-strikes it when it is struck. One undo
    /// step; `false` when `cell` has no cage or `combination` is not one of its combinations.
    pub fn toggle_strike(&mut self, cell: Cell, combination: DigitSet) -> bool {
        let Some((anchor, combinations)) = self.cage_combinations(cell) else { return false };
        let Some(index) = combinations.iter().position(|&c| c == combination) else { return false };
        self.edit(|state, _, _| state.struck[anchor].toggle(index))
    }

    /// The first cell of the cage of `cell` (where its strikes are kept) and the cage's combinations.
    fn cage_combinations(&self, cell: Cell) -> Option<(Cell, &'static [DigitSet])> {
        let cage = self.puzzle.cages()?.cage_at(cell)?;
        Some((cage.cells().first()?, cage.combinations()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Puzzle;
    use crate::engine::fixtures::SOLO_FIRST_KILLER as KILLER;
    use crate::engine::logic::Level;
    use crate::game::Progress;

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn game() -> Game {
        Game::new(PUZZLE.parse().expect("valid puzzle"), Some(Level::Easy))
    }

    fn killer() -> Game {
        let (givens, cages) = crate::engine::text::parse_killer_line(KILLER).expect("a killer line");
        Game::new(Puzzle::new_killer(givens, cages).expect("unique"), None)
    }

    fn d(n: u8) -> Digit {
        Digit::new(n).expect("digit")
    }

    fn set(digits: &[u8]) -> DigitSet {
        digits.iter().map(|&n| d(n)).collect()
    }

    #[test]
    fn corner_marks_are_a_second_set_apart_from_the_centre_marks_and_undo_like_them() {
        let mut g = game();
        let cell = Cell::at(0, 2);
        assert!(g.toggle_mark_of(MarkKind::Corner, cell, d(1)));
        assert!(g.toggle_mark_of(MarkKind::Centre, cell, d(2)));
        assert_eq!((g.corner_marks(cell), g.marks(cell)), (set(&[1]), set(&[2])));
        assert!(g.undo());
        assert_eq!((g.corner_marks(cell), g.marks(cell)), (set(&[1]), DigitSet::EMPTY));
        assert!(g.undo());
        assert_eq!(g.corner_marks(cell), DigitSet::EMPTY);
        assert!(g.redo());
        assert_eq!(g.corner_marks(cell), set(&[1]));
        assert!(g.toggle_corner_mark(cell, d(1)), "toggling again removes it");
        assert_eq!(g.corner_marks(cell), DigitSet::EMPTY);
        // A given takes no corner mark.
        assert!(!g.toggle_corner_mark(Cell::at(0, 0), d(1)));
        // Hints and the first missing mark read the centre marks only.
        g.toggle_corner_mark(cell, d(9));
        assert_eq!(g.first_missing_mark(), None);
        assert_eq!(g.hint_position().marks, None);
    }

    #[test]
    fn placing_hides_both_kinds_removes_the_digit_from_the_peers_and_erasing_gives_it_back() {
        let mut g = game();
        // r1c7 sees no 4 but the one placed in r1c3.
        let (cell, peer) = (Cell::at(0, 2), Cell::at(0, 6));
        g.toggle_corner_mark(cell, d(1));
        g.toggle_mark(cell, d(2));
        g.toggle_corner_mark(peer, d(4));
        g.toggle_mark(peer, d(4));
        g.enter(cell, d(4));
        assert_eq!((g.corner_marks(cell), g.marks(cell)), (DigitSet::EMPTY, DigitSet::EMPTY));
        assert!(!g.corner_marks(peer).contains(d(4)), "auto-remove takes the corner mark too");
        assert!(!g.marks(peer).contains(d(4)));
        g.erase(cell);
        assert!(g.corner_marks(peer).contains(d(4)) && g.marks(peer).contains(d(4)));
        assert_eq!(g.corner_marks(cell), set(&[1]));
        // Erasing an empty cell clears its marks of both kinds in one step.
        assert!(g.erase(cell));
        assert_eq!((g.corner_marks(cell), g.marks(cell)), (DigitSet::EMPTY, DigitSet::EMPTY));
        g.undo();
        assert_eq!((g.corner_marks(cell), g.marks(cell)), (set(&[1]), set(&[2])));
        // The candidate fill leaves corner marks alone.
        g.fill_candidates(false);
        assert_eq!(g.corner_marks(cell), set(&[1]));
    }

    #[test]
    fn colours_cycle_through_six_and_none_for_a_set_of_cells_and_undo() {
        let mut g = game();
        let (a, b) = (Cell::at(0, 0), Cell::at(4, 4));
        assert!(!g.cycle_colour(CellSet::EMPTY));
        for n in 1..=6 {
            assert!(g.cycle_colour(a.set()));
            assert_eq!(g.colour(a), Colour::new(n));
        }
        assert!(g.cycle_colour(a.set()));
        assert_eq!(g.colour(a), None, "after the sixth, none");
        g.cycle_colour(a.set());
        // A set of cells takes the colour after its first cell's, together, in one step.
        assert!(g.cycle_colour(a.set() | b.set()));
        assert_eq!((g.colour(a), g.colour(b)), (Colour::new(2), Colour::new(2)));
        g.undo();
        assert_eq!((g.colour(a), g.colour(b)), (Colour::new(1), None));
        // Placing and erasing leave the colour.
        g.cycle_colour(Cell::at(0, 2).set());
        g.enter(Cell::at(0, 2), d(4));
        g.erase(Cell::at(0, 2));
        g.erase(Cell::at(0, 2));
        assert_eq!(g.colour(Cell::at(0, 2)), Colour::new(1));
    }

    #[test]
    fn a_combination_is_struck_per_cage_and_un_struck() {
        let mut g = killer();
        // Cage 10 at r1c3 and r2c3 (1-based); its combinations are 19 28 37 46.
        let (cell, mate) = (Cell::at(0, 2), Cell::at(1, 2));
        assert!(g.toggle_strike(cell, set(&[2, 8])));
        assert_eq!(g.struck(mate), vec![set(&[2, 8])], "the cage's strikes, from any of its cells");
        assert!(g.struck(Cell::at(0, 0)).is_empty(), "another cage has none");
        assert!(!g.toggle_strike(cell, set(&[1, 2])), "not a combination of 10 in 2");
        assert!(g.toggle_strike(mate, set(&[4, 6])));
        let struck = g.struck(cell);
        assert!(struck.len() == 2 && struck.contains(&set(&[2, 8])) && struck.contains(&set(&[4, 6])));
        assert!(g.toggle_strike(cell, set(&[2, 8])));
        assert_eq!(g.struck(cell), vec![set(&[4, 6])]);
        g.undo();
        assert_eq!(g.struck(cell).len(), 2);
        // The candidate fill still offers what the combinations allow.
        g.fill_candidates(true);
        assert!(g.marks(cell).contains(d(4)) && g.marks(cell).contains(d(2)));
        // A classic game has no cages to strike.
        assert!(!game().toggle_strike(cell, set(&[2, 8])));
        // All three survive a save's round trip.
        g.toggle_corner_mark(Cell::at(8, 8), d(7));
        g.cycle_colour(Cell::at(8, 8).set());
        let restored = Game::restore(g.puzzle().clone(), None, g.progress());
        assert_eq!(restored.progress(), g.progress());
        assert_eq!(Progress::default().state.struck[cell], Strikes::NONE);
    }
}
