//! Saved games the profile's tests share: a classic puzzle, a killer line, and a game with some of
//! everything a save holds.

use std::time::Duration;

use super::model::SavedGame;
use crate::engine::logic::Level;
use crate::engine::{Cell, Digit, Layout, Puzzle};
use crate::game::BoardState;

/// A puzzle with a unique solution (the first of the HoDoKu examples).
pub(crate) const PUZZLE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

/// A classic game with some of everything: moves in its undo and redo history, an entry, marks, an
/// elimination, a moved cursor, time played, hints, a mistake and a digit counted as one.
pub(crate) fn sample_game() -> SavedGame {
    let puzzle: Puzzle = PUZZLE.parse().expect("valid puzzle");
    let mut game = SavedGame::new(puzzle, Some(Level::Easy));
    game.undo.push(game.board);
    game.board.entries.set(Cell::at(0, 2), Digit::new(4));
    game.undo.push(game.board);
    game.board.marks[Cell::at(0, 3)].insert(Digit::new(6).expect("6"));
    game.board.marks[Cell::at(0, 3)].insert(Digit::new(2).expect("2"));
    game.board.eliminations[Cell::at(8, 0)].insert(Digit::new(1).expect("1"));
    game.redo.push(BoardState::default());
    game.cursor = Cell::at(4, 7);
    game.elapsed = Duration::from_millis(123_456);
    game.hints_used = 2;
    game.mistakes = 1;
    game.counted.get_or_insert_default()[Cell::at(0, 5)].insert(Digit::new(3).expect("3"));
    game
}

/// The first shared Solo killer.
pub(crate) use crate::engine::fixtures::SOLO_FIRST_KILLER as KILLER;

/// The killer puzzle of [`KILLER`].
pub(crate) fn killer_puzzle() -> Puzzle {
    let (givens, cages) = crate::engine::text::parse_killer_line(KILLER).expect("valid");
    Puzzle::new_killer(givens, cages).expect("unique")
}

/// The killer of [`KILLER`] with the player's notes: corner marks, colours and a struck combination
/// of cage 10 at r1c3-r2c3 on the board, and one corner mark in its undo history.
pub(crate) fn noted_killer_game() -> SavedGame {
    let mut game = SavedGame::new(killer_puzzle(), None);
    let digit = |n| Digit::new(n).expect("digit");
    game.board.corners[Cell::at(4, 4)].insert(digit(7));
    game.undo.push(game.board);
    game.board.corners[Cell::at(4, 4)].insert(digit(1));
    game.board.corners[Cell::at(8, 8)].insert(digit(9));
    game.board.colours[Cell::at(0, 0)] = crate::game::Colour::new(3);
    game.board.colours[Cell::at(8, 8)] = crate::game::Colour::new(6);
    let combinations = crate::engine::killer::combinations(2, 10);
    let index = combinations.iter().position(|c| c.to_string() == "28").expect("28 makes 10");
    game.board.struck[Cell::at(0, 2)].toggle(index);
    game
}

/// A Sudoku X (20 givens, unique under the X rules), in our line form.
pub(crate) const X_GIVENS: &str =
    "......83...6.......1.8....94.3..9..5..82....4......39...5..2.7.............7....2";

/// A jigsaw's givens (18, unique under [`JIGSAW_REGIONS`]).
pub(crate) const JIGSAW_GIVENS: &str =
    ".....1....5.1.........4.........23.73........93.7...5...6..8....1.2...7.8........";

/// The jigsaw's regions, 1-9 per cell in reading order.
pub(crate) const JIGSAW_REGIONS: &str =
    "111225333141225533141225336141255336444256666474255669774888969778888999777788999";

/// The Sudoku X of [`X_GIVENS`].
pub(crate) fn x_puzzle() -> Puzzle {
    let givens = X_GIVENS.parse().expect("valid grid");
    Puzzle::with_rules(givens, std::sync::Arc::new(Layout::x()), None).expect("unique X")
}

/// The jigsaw of [`JIGSAW_GIVENS`] and [`JIGSAW_REGIONS`].
pub(crate) fn jigsaw_puzzle() -> Puzzle {
    let regions: [u8; 81] = std::array::from_fn(|i| JIGSAW_REGIONS.as_bytes()[i] - b'1');
    let layout = Layout::jigsaw(&regions).expect("valid regions");
    Puzzle::with_rules(JIGSAW_GIVENS.parse().expect("valid grid"), std::sync::Arc::new(layout), None)
        .expect("unique jigsaw")
}

/// `puzzle` with cages over its solution added (its givens alone make it unique): in every row the
/// cells of columns 1-2, 3-4, 5-6 and 7-9, each cage summing its solution digits.
pub(crate) fn with_row_cages(puzzle: &Puzzle) -> Puzzle {
    use crate::engine::killer::{Cage, Cages};
    let spans: [&[usize]; 4] = [&[0, 1], &[2, 3], &[4, 5], &[6, 7, 8]];
    let cages = (0..9)
        .flat_map(|row| spans.iter().map(move |cols| cols.iter().map(move |&c| Cell::at(row, c))))
        .map(|cells| {
            let cells: Vec<Cell> = cells.collect();
            let sum =
                cells.iter().filter_map(|&c| puzzle.solution().get(c)).map(|d| u32::from(d.get())).sum();
            Cage::new(cells.into_iter().collect(), sum)
        })
        .collect();
    let cages = Cages::new(cages).expect("valid cages");
    Puzzle::with_rules(*puzzle.givens(), puzzle.shared_layout(), Some(cages)).expect("unique killer variant")
}
