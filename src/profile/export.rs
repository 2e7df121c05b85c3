//! Writing a game as text: the puzzle's line (a killer's with its cages), a framed 9-line grid of
//! the givens, or a pencil-mark grid where empty cells show their marks in brackets (so that a cell
//! with one mark does not read as a placed digit).
//!
//! What is written is the puzzle, so that every reader (`rate`, `solve`, `play --puzzle`) reads
//! the puzzle back: the player's entries are never written as givens. [`Entries::Included`] adds
//! them apart: after the line as ` # entries <81 characters>` (a comment to every reader), and in
//! the pencil grid as digits in the cells. The pencil grid always shows both kinds of marks (centre
//! `[26]`, corner `{13}`); JSON with the entries carries both as fields ([`with_marks`]).

use std::fmt::Write as _;

use super::saves::SavedGame;
use crate::engine::{Cell, Digit};

/// How to write a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExportFormat {
    /// The puzzle's line: its 81 givens, `.` for empty cells; a killer as a killer line (the
    /// givens, then its cages and sums).
    Line,
    /// The givens in nine rows with box separators (the entries cannot be told apart there, so
    /// they are never drawn).
    Grid,
    /// Nine rows where an empty cell shows its pencil marks in brackets (`[26]`, `[6]`; `.` when it
    /// has none), its corner marks in braces after them (`[26]{1}`, `{13}`).
    Pencil,
}

/// Whether a game's entries are written beside its puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entries {
    /// The puzzle only: its givens (and a killer's cages), as a puzzle file holds it.
    Left,
    /// The entries too, apart from the givens (`--with-entries`).
    Included,
}

/// The comment that carries a game's entries after its puzzle's line.
pub const ENTRIES_COMMENT: &str = " # entries ";

/// `game` in `format`, ending with a newline: the puzzle, with its entries apart when `entries`
/// says so (a grid has no place for them: it draws the givens).
pub fn export(game: &SavedGame, format: ExportFormat, entries: Entries) -> String {
    match (format, entries) {
        (ExportFormat::Line, Entries::Left) => format!("{}\n", game.puzzle.to_line()),
        (ExportFormat::Line, Entries::Included) => {
            format!("{}{ENTRIES_COMMENT}{}\n", game.puzzle.to_line(), game.board.entries.to_line())
        }
        (ExportFormat::Grid, _) => game.puzzle.givens().to_framed(),
        (ExportFormat::Pencil, _) => pencil_grid(game, entries),
    }
}

/// The text of each cell: its digit (an entry only when `entries` are included), or its marks in
/// brackets.
fn cell_text(game: &SavedGame, cell: Cell, entries: Entries) -> String {
    let entry = match entries {
        Entries::Included => game.board.entries.get(cell),
        Entries::Left => None,
    };
    if let Some(digit) = game.puzzle.givens().get(cell).or(entry) {
        return Digit::to_char(digit).to_string();
    }
    let (marks, corners) = (game.board.marks[cell], game.board.corners[cell]);
    match (marks.is_empty(), corners.is_empty()) {
        (true, true) => ".".to_string(),
        (false, true) => format!("[{marks}]"),
        (true, false) => format!("{{{corners}}}"),
        (false, false) => format!("[{marks}]{{{corners}}}"),
    }
}

/// The JSON object `json` (export's object for the puzzle) with the pencil marks of `game`'s empty
/// cells added: `marks` (the centre marks) and `corner_marks`, 81 strings each in reading order
/// (`"26"`, `""` for none). `json` comes back unchanged when it is not an object.
pub fn with_marks(json: &str, game: &SavedGame) -> String {
    let Ok(serde_json::Value::Object(mut object)) = serde_json::from_str::<serde_json::Value>(json) else {
        return json.to_string();
    };
    let grid = game.grid();
    let list = |sets: &crate::engine::ByCell<crate::engine::DigitSet>| {
        let texts = Cell::ALL.into_iter().map(|c| {
            let text =
                if grid.get(c).is_some() || sets[c].is_empty() { String::new() } else { sets[c].to_string() };
            serde_json::Value::String(text)
        });
        serde_json::Value::Array(texts.collect())
    };
    object.insert("marks".into(), list(&game.board.marks));
    object.insert("corner_marks".into(), list(&game.board.corners));
    serde_json::Value::Object(object).to_string()
}

fn pencil_grid(game: &SavedGame, entries: Entries) -> String {
    let texts: Vec<String> = Cell::ALL.into_iter().map(|c| cell_text(game, c, entries)).collect();
    let widths: Vec<usize> =
        (0..9).map(|col| (0..9).map(|row| texts[row * 9 + col].len()).max().unwrap_or(1)).collect();
    let band_width = |band: usize| widths[band * 3..band * 3 + 3].iter().sum::<usize>() + 4;
    let rule = format!(
        "+{}+{}+{}+\n",
        "-".repeat(band_width(0)),
        "-".repeat(band_width(1)),
        "-".repeat(band_width(2))
    );
    let mut out = rule.clone();
    for row in 0..9 {
        if row == 3 || row == 6 {
            out.push_str(&rule);
        }
        out.push('|');
        for col in 0..9 {
            let _ = write!(out, " {:<width$}", texts[row * 9 + col], width = widths[col]);
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&rule);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::saves::fixtures::sample_game;

    #[test]
    fn a_killer_exports_as_its_puzzle_with_the_entries_apart() {
        use crate::engine::text::{parse_killer_line, parse_puzzle};
        use crate::profile::saves::fixtures::KILLER;
        let (givens, cages) = parse_killer_line(KILLER).expect("valid");
        let puzzle = crate::engine::Puzzle::new_killer(givens, cages.clone()).expect("unique");
        let mut game = SavedGame::new(puzzle.clone(), None);
        game.board.entries.set(Cell::at(0, 0), Digit::new(4));
        let line = export(&game, ExportFormat::Line, Entries::Left);
        assert_eq!(line, format!("{}\n", puzzle.to_line()));
        let with = export(&game, ExportFormat::Line, Entries::Included);
        let entries = with.trim_end().split(ENTRIES_COMMENT).nth(1).expect("the entries");
        assert_eq!(entries, format!("4{}", ".".repeat(80)));
        let read = parse_puzzle(&with).expect("a killer line");
        assert_eq!((read.givens, read.cages), (givens, Some(cages)));
    }

    #[test]
    fn a_cell_with_one_mark_does_not_read_as_a_digit() {
        let mut game = sample_game();
        game.board.marks[Cell::at(0, 3)] = Digit::new(6).expect("6").into();
        let pencil = export(&game, ExportFormat::Pencil, Entries::Included);
        let row = pencil.lines().nth(1).expect("row 1");
        assert!(row.starts_with("| 5 3 4 | [6] 7 . |"), "{pencil}");
    }

    #[test]
    fn corner_marks_go_in_braces_in_the_pencil_grid_and_in_their_own_json_field() {
        let mut game = sample_game();
        game.board.corners[Cell::at(0, 3)] = Digit::new(1).expect("1").into();
        game.board.corners[Cell::at(0, 5)] = Digit::new(9).expect("9").into();
        let pencil = export(&game, ExportFormat::Pencil, Entries::Included);
        let row = pencil.lines().nth(1).expect("row 1");
        assert!(row.starts_with("| 5 3 4 | [26]{1} 7 {9} |"), "{pencil}");
        let json = with_marks(r#"{"variant":"classic"}"#, &game);
        let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(value["corner_marks"][3], "1");
        assert_eq!(value["corner_marks"][5], "9");
        assert_eq!(value["marks"][3], "26");
        assert_eq!(value["marks"][0], "");
        assert_eq!(value["corner_marks"].as_array().map(Vec::len), Some(81));
        assert_eq!(value["variant"], "classic");
    }

    #[test]
    fn line_grid_and_pencil() {
        let game = sample_game();
        // The sample game's entry 4 at r1c3 is not a given: only --with-entries writes it.
        let line = export(&game, ExportFormat::Line, Entries::Left);
        assert!(line.starts_with("53..7....\n") || line.starts_with("53..7...."), "{line}");
        assert_eq!(line.len(), 82);
        let with = export(&game, ExportFormat::Line, Entries::Included);
        assert!(with.starts_with(&format!("{}{ENTRIES_COMMENT}..4...", line.trim_end())), "{with}");
        for entries in [Entries::Left, Entries::Included] {
            let grid = export(&game, ExportFormat::Grid, entries);
            assert!(grid.starts_with("5 3 . | . 7 . | . . .\n"), "{grid}");
        }
        let pencil = export(&game, ExportFormat::Pencil, Entries::Included);
        let lines: Vec<&str> = pencil.lines().collect();
        assert_eq!(lines.len(), 13);
        assert!(lines[1].starts_with("| 5 3 4 | [26] 7 . |"), "{pencil}");
        assert!(lines.iter().all(|l| l.chars().count() == lines[0].chars().count()), "{pencil}");
        let pencil = export(&game, ExportFormat::Pencil, Entries::Left);
        assert!(pencil.lines().nth(1).is_some_and(|l| l.starts_with("| 5 3 . | [26] 7 . |")), "{pencil}");
    }
}
