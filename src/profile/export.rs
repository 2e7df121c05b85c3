//! Writing a game as text: the 81-character line (givens and entries), a framed 9-line grid, or a
//! pencil-mark grid where empty cells show their marks in brackets (so that a cell with one mark does
//! not read as a placed digit).

use std::fmt::Write as _;

use super::saves::SavedGame;
use crate::engine::{Cell, Digit};

/// How to write a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExportFormat {
    /// The 81-character line: givens and entered digits, `.` for empty cells; a killer as a
    /// killer line (those digits, then its cages and sums).
    Line,
    /// Nine rows with box separators.
    Grid,
    /// Nine rows where an empty cell shows its pencil marks in brackets (`[26]`, `[6]`; `.` when it
    /// has none).
    Pencil,
}

/// `game` in `format`, ending with a newline.
pub fn export(game: &SavedGame, format: ExportFormat) -> String {
    match format {
        ExportFormat::Line => format!("{}\n", game.puzzle.board_line(&game.grid())),
        ExportFormat::Grid => game.grid().to_framed(),
        ExportFormat::Pencil => pencil_grid(game),
    }
}

/// The text of each cell: its digit, or its marks in brackets.
fn cell_text(game: &SavedGame, cell: Cell) -> String {
    if let Some(digit) = game.grid().get(cell) {
        return Digit::to_char(digit).to_string();
    }
    let marks = game.board.marks[cell];
    if marks.is_empty() { ".".to_string() } else { format!("[{marks}]") }
}

fn pencil_grid(game: &SavedGame) -> String {
    let texts: Vec<String> = Cell::ALL.into_iter().map(|c| cell_text(game, c)).collect();
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
    fn a_killer_exports_as_a_killer_line_with_its_digits() {
        use crate::engine::text::parse_killer_line;
        use crate::profile::saves::fixtures::KILLER;
        let (givens, cages) = parse_killer_line(KILLER).expect("valid");
        let puzzle = crate::engine::Puzzle::new_killer(givens, cages.clone()).expect("unique");
        let mut game = SavedGame::new(puzzle, None);
        game.board.entries.set(Cell::at(0, 0), Digit::new(4));
        let line = export(&game, ExportFormat::Line);
        let (digits, back) = parse_killer_line(&line).expect("a killer line");
        assert_eq!((digits.get(Cell::at(0, 0)), back), (Digit::new(4), cages));
    }

    #[test]
    fn a_cell_with_one_mark_does_not_read_as_a_digit() {
        let mut game = sample_game();
        game.board.marks[Cell::at(0, 3)] = Digit::new(6).expect("6").into();
        let pencil = export(&game, ExportFormat::Pencil);
        let row = pencil.lines().nth(1).expect("row 1");
        assert!(row.starts_with("| 5 3 4 | [6] 7 . |"), "{pencil}");
    }

    #[test]
    fn line_grid_and_pencil() {
        let game = sample_game();
        let line = export(&game, ExportFormat::Line);
        assert!(line.starts_with("534.7....\n") || line.starts_with("534.7...."), "{line}");
        assert_eq!(line.len(), 82);
        assert!(export(&game, ExportFormat::Grid).starts_with("5 3 4 | . 7 . | . . .\n"));
        let pencil = export(&game, ExportFormat::Pencil);
        let lines: Vec<&str> = pencil.lines().collect();
        assert_eq!(lines.len(), 13);
        assert!(lines[1].starts_with("| 5 3 4 | [26] 7 . |"), "{pencil}");
        assert!(lines.iter().all(|l| l.chars().count() == lines[0].chars().count()), "{pencil}");
    }
}
