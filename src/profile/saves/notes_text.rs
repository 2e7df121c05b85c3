//! The text forms of the player's notes on a board, shared by the save file and the move journal:
//! corner marks (as the centre marks, 81 digit groups), colours (81 characters, `.` for none, `1`
//! to `6`), and struck cage combinations (`r1c3:28,46 r4c5:1289`: a cell of the cage, then its
//! struck combinations). Each form is empty when the board has none of them, so that a save without
//! them reads as it did before termdoku kept them.

use super::cell_text::{parse_cell, read_digit_sets, write_digit_sets};
use crate::engine::{ByCell, Cell, Digit, DigitSet, Puzzle};
use crate::game::{BoardState, Colour};

/// The corner marks, colours and strikes of a board as text, each empty when there are none.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct NotesText {
    /// The corner marks, as [`write_digit_sets`] writes them.
    pub corners: String,
    /// The colours: 81 characters.
    pub colours: String,
    /// The struck combinations, cage by cage.
    pub struck: String,
}

impl NotesText {
    /// The notes of `board` (a board of `puzzle`) as text.
    pub fn of(board: &BoardState, puzzle: &Puzzle) -> NotesText {
        let corners = Cell::ALL.into_iter().any(|c| !board.corners[c].is_empty());
        let colours = Cell::ALL.into_iter().any(|c| board.colours[c].is_some());
        NotesText {
            corners: if corners { write_digit_sets(&board.corners) } else { String::new() },
            colours: if colours { write_colours(&board.colours) } else { String::new() },
            struck: write_strikes(board, puzzle),
        }
    }

    /// Reads the notes into `board` (a board of `puzzle`); an error names the field (`corners`,
    /// `colours`, `struck`) and what is wrong with it.
    pub fn read_into(&self, board: &mut BoardState, puzzle: &Puzzle) -> Result<(), (&'static str, String)> {
        if !self.corners.is_empty() {
            board.corners = read_digit_sets(&self.corners).map_err(|m| ("corners", m))?;
        }
        if !self.colours.is_empty() {
            board.colours = read_colours(&self.colours).map_err(|m| ("colours", m))?;
        }
        if !self.struck.is_empty() {
            read_strikes(&self.struck, board, puzzle).map_err(|m| ("struck", m))?;
        }
        Ok(())
    }
}

fn write_colours(colours: &ByCell<Option<Colour>>) -> String {
    Cell::ALL
        .into_iter()
        .map(|c| colours[c].map_or('.', |colour| char::from(b'0' + colour.number())))
        .collect()
}

fn read_colours(text: &str) -> Result<ByCell<Option<Colour>>, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 81 {
        return Err(format!("expected 81 characters, found {}", chars.len()));
    }
    let mut colours = ByCell::default();
    for (cell, ch) in Cell::ALL.into_iter().zip(chars) {
        if ch == '.' {
            continue;
        }
        let colour = ch.to_digit(10).and_then(|n| Colour::new(n as u8));
        colours[cell] = Some(colour.ok_or_else(|| {
            format!("bad colour `{ch}` in {cell} (expected `.` or 1 to {})", Colour::COUNT)
        })?);
    }
    Ok(colours)
}

/// `r1c3:28,46 r4c5:1289`: for each cage with struck combinations, its first cell and them.
fn write_strikes(board: &BoardState, puzzle: &Puzzle) -> String {
    let Some(cages) = puzzle.cages() else { return String::new() };
    let mut groups = Vec::new();
    for (_, cage) in cages.iter() {
        let Some(anchor) = cage.cells().first() else { continue };
        let strikes = board.struck[anchor];
        if strikes.is_empty() {
            continue;
        }
        let combinations: Vec<String> = (cage.combinations().iter().enumerate())
            .filter(|(i, _)| strikes.contains(*i))
            .map(|(_, c)| c.to_string())
            .collect();
        groups.push(format!("{anchor}:{}", combinations.join(",")));
    }
    groups.join(" ")
}

/// Reads [`write_strikes`]'s text into `board`: each group names a cell of a cage (any cell) and
/// combinations of that cage.
fn read_strikes(text: &str, board: &mut BoardState, puzzle: &Puzzle) -> Result<(), String> {
    let Some(cages) = puzzle.cages() else {
        return Err("a classic game has no cages to strike combinations of".into());
    };
    for group in text.split_ascii_whitespace() {
        let (cell, combinations) = group
            .split_once(':')
            .ok_or_else(|| format!("`{group}`: expected a cell, `:` and combinations"))?;
        let cell = parse_cell(cell).ok_or_else(|| format!("`{group}`: expected a cell like r1c1"))?;
        let cage = cages.cage_at(cell).ok_or_else(|| format!("`{group}`: {cell} is in no cage"))?;
        let anchor = cage.cells().first().ok_or_else(|| format!("`{group}`: an empty cage"))?;
        for combination in combinations.split(',') {
            let digits = (combination.chars().map(Digit::from_char))
                .collect::<Option<DigitSet>>()
                .ok_or_else(|| format!("`{group}`: bad digits `{combination}`"))?;
            let index = (cage.combinations().iter().position(|&c| c == digits)).ok_or_else(|| {
                format!("`{group}`: {combination} is not a combination of the cage of {cell}")
            })?;
            if !board.struck[anchor].contains(index) {
                board.struck[anchor].toggle(index);
            }
        }
    }
    Ok(())
}
