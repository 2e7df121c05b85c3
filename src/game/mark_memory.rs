//! What the board's history remembers about pencil marks, read back from the undo stack (which a
//! save keeps, so nothing new is stored): the marks a placed digit removed from its peers (given
//! back when the digit is erased), and the marks the player removed by hand (which filling the
//! candidates leaves out).
//!
//! A step of the history is a hand edit of marks when no digit and no engine elimination changed
//! and the marks of exactly one cell did (a toggled mark, or a cell's marks erased); filling the
//! candidates changes many cells at once, placing a digit changes an entry.

use crate::engine::{ByCell, Cell, CellSet, Digit, DigitSet};

use super::board::BoardState;

/// The two kinds of pencil marks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum MarkKind {
    /// Centre marks: the candidates (hints, checks and the candidate fill work on them).
    #[default]
    Centre,
    /// Corner marks: the player's own notes.
    Corner,
}

impl MarkKind {
    /// The marks of this kind on `board`.
    pub fn of(self, board: &BoardState) -> &ByCell<DigitSet> {
        match self {
            MarkKind::Centre => &board.marks,
            MarkKind::Corner => &board.corners,
        }
    }
}

/// The cells of `seen` (the cells that see `cell`) whose mark `digit` of `kind` was removed when
/// `digit` was last placed in `cell`, found in `history` (oldest first) followed by `current`;
/// empty when `current` does not hold `digit` in `cell` or the placing step is no longer in the
/// history.
pub fn marks_removed_by_placing(
    history: &[BoardState],
    current: &BoardState,
    (cell, digit): (Cell, Digit),
    seen: CellSet,
    kind: MarkKind,
) -> CellSet {
    if current.entries.get(cell) != Some(digit) {
        return CellSet::EMPTY;
    }
    let states: Vec<&BoardState> = history.iter().chain(std::iter::once(current)).collect();
    let placed = states.windows(2).rposition(|pair| {
        pair[0].entries.get(cell) != Some(digit) && pair[1].entries.get(cell) == Some(digit)
    });
    let Some(index) = placed else { return CellSet::EMPTY };
    let (before, after) = (states[index], states[index + 1]);
    seen.iter()
        .filter(|&peer| kind.of(before)[peer].contains(digit) && !kind.of(after)[peer].contains(digit))
        .collect()
}

/// The marks the player removed by hand and has not put back, by cell.
pub fn removed_by_hand(history: &[BoardState], current: &BoardState) -> ByCell<DigitSet> {
    let mut removed = ByCell::from_fn(|_| DigitSet::EMPTY);
    let states: Vec<&BoardState> = history.iter().chain(std::iter::once(current)).collect();
    for pair in states.windows(2) {
        let (before, after) = (pair[0], pair[1]);
        let changed: Vec<Cell> =
            Cell::ALL.into_iter().filter(|&c| before.marks[c] != after.marks[c]).collect();
        let by_hand = changed.len() == 1
            && before.entries == after.entries
            && before.eliminations == after.eliminations;
        for cell in changed {
            let gone = DigitSet::from_bits(before.marks[cell].bits() & !after.marks[cell].bits());
            let back = DigitSet::from_bits(after.marks[cell].bits() & !before.marks[cell].bits());
            let mut set = removed[cell];
            for digit in back {
                set.remove(digit);
            }
            if by_hand {
                for digit in gone {
                    set.insert(digit);
                }
            }
            removed[cell] = set;
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: u8) -> Digit {
        Digit::new(n).expect("digit")
    }

    #[test]
    fn a_placement_s_removals_are_found_and_only_its_own() {
        let (cell, peer, other) = (Cell::at(0, 0), Cell::at(0, 5), Cell::at(4, 4));
        let mut start = BoardState::default();
        start.marks[peer].insert(d(3));
        start.marks[other].insert(d(3));
        let mut placed = start;
        placed.entries.set(cell, Some(d(3)));
        placed.marks[peer].remove(d(3));
        assert_eq!(
            marks_removed_by_placing(&[start], &placed, (cell, d(3)), cell.peers(), MarkKind::Centre),
            peer.set()
        );
        assert_eq!(
            marks_removed_by_placing(&[start], &placed, (cell, d(4)), cell.peers(), MarkKind::Centre),
            CellSet::EMPTY
        );
        assert_eq!(
            marks_removed_by_placing(&[], &placed, (cell, d(3)), cell.peers(), MarkKind::Centre),
            CellSet::EMPTY
        );
    }

    #[test]
    fn hand_removals_count_and_fills_or_re_marks_do_not() {
        let (a, b) = (Cell::at(0, 2), Cell::at(1, 1));
        let mut filled = BoardState::default();
        filled.marks[a] = DigitSet::ALL;
        filled.marks[b] = DigitSet::ALL;
        let mut toggled = filled;
        toggled.marks[a].remove(d(4));
        assert!(removed_by_hand(&[BoardState::default(), filled], &toggled)[a].contains(d(4)));
        assert!(removed_by_hand(&[BoardState::default()], &filled)[a].is_empty(), "a fill is not by hand");
        let mut back = toggled;
        back.marks[a].insert(d(4));
        assert!(removed_by_hand(&[filled, toggled], &back)[a].is_empty(), "marked again");
    }
}
