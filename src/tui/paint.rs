//! How the colours a player paints cells with look: six backgrounds (red, orange, yellow, green,
//! blue, purple), each a clear distance from the board's shadings and the cage colours and dark
//! enough for every digit and mark to read on it, and a letter for each (`R O Y G B P`) drawn in a
//! free corner of the cell, so that a colour reads without colour (`NO_COLOR`) too.

use ratatui::style::{Color, Style};

use crate::game::Colour;

/// The painted backgrounds, by colour number - 1.
pub const PAINT_RGB: [(u8, u8, u8); Colour::COUNT] =
    [(120, 28, 28), (124, 74, 0), (80, 80, 0), (20, 96, 28), (24, 52, 140), (100, 30, 124)];

/// The letters that name the colours on the board.
pub const PAINT_LETTERS: [char; Colour::COUNT] = ['R', 'O', 'Y', 'G', 'B', 'P'];

/// The background of a cell painted `colour`; none without colour (`no_colour`), where the letter
/// alone tells it.
pub fn paint_fill(colour: Colour, no_colour: bool) -> Option<Style> {
    let (r, g, b) = PAINT_RGB[colour.index()];
    (!no_colour).then(|| Style::new().bg(Color::Rgb(r, g, b)))
}

/// The letter of `colour`.
pub fn paint_letter(colour: Colour) -> char {
    PAINT_LETTERS[colour.index()]
}
