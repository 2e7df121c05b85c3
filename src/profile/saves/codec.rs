//! The save file codec: a [`SavedGame`] as TOML with a format version, ending with a line that
//! carries a checksum of everything before it, and back; errors name the key and the line. Also the
//! checksum the move journal shares (cells and digit sets per cell are [`super::cell_text`]'s). No
//! file I/O here: reading, writing and moving files is the store's.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use toml::de::DeTable;

use super::cell_text::{parse_cell, read_digit_sets, write_digit_sets};
use super::model::{Finish, Outcome, SavedGame};
use super::notes_text::NotesText;
use crate::engine::logic::Level;
use crate::engine::text::{killer_line, parse_killer_line};
use crate::engine::{Cell, Grid, Layout, Puzzle};
use crate::game::BoardState;
use crate::profile::plain::{plain, shortened};
use crate::profile::time::Timestamp;
use crate::profile::toml_span::{key_path_at, line_and_column, span_of};

/// The save format this termdoku writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// The prefix of the last line of a save; the checksum of everything before it follows.
const END_LINE: &str = "# end of save ";

impl SavedGame {
    /// The save text: TOML, ending with the checksum line.
    pub fn to_toml(&self) -> String {
        let file = SaveFile::of(self);
        let body = toml::to_string(&file).expect("a save always serialises");
        format!("{body}{END_LINE}{:016x}\n", checksum(&body))
    }

    /// Reads a save text; `file` names it in errors.
    pub fn from_toml(text: &str, file: &Path) -> Result<SavedGame, SaveError> {
        let error =
            |line: Option<usize>, message: String| SaveError { file: file.to_path_buf(), line, message };
        let body = checked_body(text).map_err(|message| error(None, message))?;
        let document = DeTable::parse(body).map_err(|e| {
            error(e.span().map(|s| line_and_column(body, s.start).0), e.message().trim().to_string())
        })?;
        let document = document.into_inner();
        let parsed: SaveFile = toml::from_str(body).map_err(|e| {
            let path = e.span().and_then(|s| key_path_at(&document, s.start));
            let line = e.span().map(|s| line_and_column(body, s.start).0);
            let message = plain(e.message(), None);
            error(line, path.map_or_else(|| message.clone(), |p| format!("`{}`: {message}", shortened(&p))))
        })?;
        parsed.into_saved_game().map_err(|(path, message)| {
            let keys: Vec<&str> = path.split('.').collect();
            let line = span_of(&document, &keys).map(|s| line_and_column(body, s.start).0);
            error(line, format!("`{path}`: {message}"))
        })
    }
}

/// FNV-1a, 64 bits: enough to notice a file cut short or changed by accident.
pub(super) fn checksum(text: &str) -> u64 {
    text.bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The text before the end line, once the end line is found and its checksum matches.
fn checked_body(text: &str) -> Result<&str, String> {
    let trimmed = text.strip_suffix('\n').unwrap_or(text);
    let Some(position) = trimmed.rfind(END_LINE) else {
        return Err("the file is cut short or is not a termdoku save (its end line is missing)".into());
    };
    let (body, end) = trimmed.split_at(position);
    let written = u64::from_str_radix(&end[END_LINE.len()..], 16)
        .map_err(|_| "the end line is damaged (the file may be cut short)".to_string())?;
    if written != checksum(body) || !(body.is_empty() || body.ends_with('\n')) {
        return Err("the checksum does not match: the file was cut short or changed".into());
    }
    Ok(body)
}

/// Why a save did not load: the file, the line when known, and what is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SaveError {
    /// The file.
    pub file: PathBuf,
    /// The 1-based line, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for SaveError {}

// ---- The file layout -------------------------------------------------------------------------------

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile {
    format: u32,
    id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    level: Option<Level>,
    givens: String,
    /// A killer's whole puzzle as a killer line (givens, cages, sums); absent for a classic game,
    /// so classic saves of earlier versions load unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    killer: Option<String>,
    /// A jigsaw's regions: each cell's region number 1-9, in reading order; absent when the
    /// regions are the 3x3 boxes (and in saves made before termdoku played jigsaws).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    regions: Option<String>,
    /// Whether the two long diagonals are houses (Sudoku X); absent when they are not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    diagonals: bool,
    cursor: String,
    /// Whether digits went in as pencil marks; absent when they did not (and in earlier saves).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pencil: bool,
    elapsed_ms: u64,
    hints_used: u32,
    mistakes: u32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    revealed: bool,
    /// The digits counted as mistakes, per cell, as [`BoardFile::marks`]; absent in saves made
    /// before termdoku kept them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    counted: Option<String>,
    started_at: u64,
    saved_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    finished_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    outcome: Option<Outcome>,
    #[serde(default, skip_serializing_if = "is_zero")]
    journal_seq: u64,
    /// The date (`2026-11-29`) of the daily puzzle this game is; absent for any other game (and in
    /// saves made before termdoku had daily puzzles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    daily: Option<String>,
    board: BoardFile,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    undo: Vec<BoardFile>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    redo: Vec<BoardFile>,
}

/// A board written as text: entries as an 81-character line, marks and eliminations as 81
/// space-separated digit groups (`-` for none), and the player's notes (corner marks, colours,
/// struck combinations) in the forms of [`NotesText`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    entries: String,
    marks: String,
    eliminations: String,
    /// Corner marks as `marks`; absent when there are none (and in saves made before termdoku
    /// kept them).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    corners: String,
    /// Colours painted by hand, 81 characters (`.` or 1 to 6); absent when there are none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    colours: String,
    /// Struck cage combinations (`r1c3:28,46`); absent when there are none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    struck: String,
}

impl SaveFile {
    fn of(game: &SavedGame) -> SaveFile {
        SaveFile {
            format: SAVE_FORMAT,
            id: game.id.clone(),
            level: game.level,
            givens: game.puzzle.givens().to_line(),
            killer: game.puzzle.cages().map(|cages| killer_line(game.puzzle.givens(), cages)),
            regions: game.puzzle.layout().is_jigsaw().then(|| region_line(game.puzzle.layout())),
            diagonals: game.puzzle.layout().has_diagonals(),
            cursor: game.cursor.to_string(),
            pencil: game.pencil,
            elapsed_ms: u64::try_from(game.elapsed.as_millis()).unwrap_or(u64::MAX),
            hints_used: game.hints_used,
            mistakes: game.mistakes,
            revealed: game.revealed,
            counted: game.counted.as_ref().map(write_digit_sets),
            started_at: game.started_at.0,
            saved_at: game.saved_at.0,
            finished_at: game.finished.map(|f| f.at.0),
            outcome: game.finished.map(|f| f.outcome),
            journal_seq: game.journal_seq,
            daily: game.daily.map(|date| date.to_string()),
            board: BoardFile::from_board(&game.board, &game.puzzle),
            undo: game.undo.iter().map(|b| BoardFile::from_board(b, &game.puzzle)).collect(),
            redo: game.redo.iter().map(|b| BoardFile::from_board(b, &game.puzzle)).collect(),
        }
    }

    /// Checks the content; errors name the key path.
    fn into_saved_game(self) -> Result<SavedGame, (String, String)> {
        if self.format != SAVE_FORMAT {
            let message =
                format!("format {} is not one this termdoku reads (it reads {SAVE_FORMAT})", self.format);
            return Err(("format".into(), message));
        }
        if self.id.is_empty() || !self.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(("id".into(), "bad game id".into()));
        }
        let givens: Grid = self.givens.parse().map_err(|e| ("givens".to_string(), format!("{e}")))?;
        let layout = self.layout()?;
        let puzzle = match &self.killer {
            None => Puzzle::with_rules(givens, layout, None)
                .map_err(|e| ("givens".to_string(), format!("{e}")))?,
            Some(line) => {
                let (killer_givens, cages) =
                    parse_killer_line(line).map_err(|e| ("killer".to_string(), format!("{e}")))?;
                if killer_givens != givens {
                    return Err(("killer".into(), "its givens differ from `givens`".into()));
                }
                Puzzle::with_rules(givens, layout, Some(cages))
                    .map_err(|e| ("killer".to_string(), format!("{e}")))?
            }
        };
        let cursor =
            parse_cell(&self.cursor).ok_or(("cursor".to_string(), "expected a cell like r1c1".into()))?;
        let finished = match (self.finished_at, self.outcome) {
            (Some(at), Some(outcome)) => Some(Finish { at: Timestamp(at), outcome }),
            (None, None) => None,
            _ => return Err(("outcome".into(), "`finished_at` and `outcome` go together".into())),
        };
        let daily =
            self.daily.as_deref().map(str::parse).transpose().map_err(|m| ("daily".to_string(), m))?;
        let board = self.board.to_board(&puzzle).map_err(|(key, m)| (format!("board.{key}"), m))?;
        let counted = self
            .counted
            .as_deref()
            .map(read_digit_sets)
            .transpose()
            .map_err(|m| ("counted".to_string(), m))?;
        let history = |boards: Vec<BoardFile>, name: &str| {
            boards
                .into_iter()
                .enumerate()
                .map(|(i, b)| {
                    b.to_board(&puzzle)
                        .map_err(|(key, m)| (name.to_string(), format!("entry {}: {key}: {m}", i + 1)))
                })
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(SavedGame {
            id: self.id,
            level: self.level,
            board,
            undo: history(self.undo, "undo")?,
            redo: history(self.redo, "redo")?,
            puzzle,
            cursor,
            pencil: self.pencil,
            elapsed: Duration::from_millis(self.elapsed_ms),
            hints_used: self.hints_used,
            mistakes: self.mistakes,
            revealed: self.revealed,
            counted,
            started_at: Timestamp(self.started_at),
            saved_at: Timestamp(self.saved_at),
            finished,
            journal_seq: self.journal_seq,
            daily,
        })
    }
}

impl SaveFile {
    /// The puzzle's houses from `regions` and `diagonals`: the classic layout when neither is there.
    fn layout(&self) -> Result<Arc<Layout>, (String, String)> {
        match (&self.regions, self.diagonals) {
            (None, false) => Ok(Layout::shared_classic()),
            (None, true) => Ok(Arc::new(Layout::x())),
            (Some(_), true) => {
                Err(("diagonals".into(), "a jigsaw with diagonals is not a variant termdoku plays".into()))
            }
            (Some(line), false) => {
                let error = |message: String| ("regions".to_string(), message);
                let mut numbers = [0u8; 81];
                let mut chars = line.chars();
                for (cell, slot) in Cell::ALL.into_iter().zip(numbers.iter_mut()) {
                    match chars.next() {
                        Some(c @ '1'..='9') => *slot = c as u8 - b'1',
                        Some(c) => return Err(error(format!("bad region `{c}` in {cell}: expected 1-9"))),
                        None => {
                            return Err(error(format!("{} region numbers, not 81", line.chars().count())));
                        }
                    }
                }
                if chars.next().is_some() {
                    return Err(error(format!("{} region numbers, not 81", line.chars().count())));
                }
                Layout::jigsaw(&numbers).map(Arc::new).map_err(|e| error(e.to_string()))
            }
        }
    }
}

/// A jigsaw layout's region numbers 1-9, one per cell in reading order.
fn region_line(layout: &Layout) -> String {
    layout.region_numbers().iter().map(|&r| char::from(b'1' + r)).collect()
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl BoardFile {
    fn from_board(board: &BoardState, puzzle: &Puzzle) -> BoardFile {
        let NotesText { corners, colours, struck } = NotesText::of(board, puzzle);
        BoardFile {
            entries: board.entries.to_line(),
            marks: write_digit_sets(&board.marks),
            eliminations: write_digit_sets(&board.eliminations),
            corners,
            colours,
            struck,
        }
    }

    fn to_board(&self, puzzle: &Puzzle) -> Result<BoardState, (&'static str, String)> {
        let entries: Grid = self.entries.parse().map_err(|e| ("entries", format!("{e}")))?;
        if let Some(cell) =
            Cell::ALL.into_iter().find(|&c| entries.get(c).is_some() && puzzle.givens().get(c).is_some())
        {
            return Err(("entries", format!("{cell} holds a given, not an entry")));
        }
        let marks = read_digit_sets(&self.marks).map_err(|m| ("marks", m))?;
        let eliminations = read_digit_sets(&self.eliminations).map_err(|m| ("eliminations", m))?;
        let mut board = BoardState { entries, marks, eliminations, ..BoardState::default() };
        let notes = NotesText {
            corners: self.corners.clone(),
            colours: self.colours.clone(),
            struck: self.struck.clone(),
        };
        notes.read_into(&mut board, puzzle)?;
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Digit;
    use crate::engine::Variant;
    use crate::engine::killer::Cages;
    use crate::profile::saves::fixtures::{
        JIGSAW_REGIONS, KILLER, jigsaw_puzzle, killer_puzzle, noted_killer_game, sample_game, with_row_cages,
        x_puzzle,
    };

    #[test]
    fn a_save_reads_back_equal() {
        let game = sample_game();
        let text = game.to_toml();
        assert!(text.starts_with("format = 1\n"), "{text}");
        assert_eq!(SavedGame::from_toml(&text, Path::new("g.toml")), Ok(game));
    }

    #[test]
    fn a_killer_save_keeps_its_cages() {
        let mut game = SavedGame::new(killer_puzzle(), Some(Level::Hard));
        game.board.entries.set(Cell::at(0, 0), Digit::new(4));
        let text = game.to_toml();
        assert!(text.contains(&format!("killer = \"{KILLER}\"")), "{text}");
        let back = SavedGame::from_toml(&text, Path::new("k.toml")).expect("loads");
        assert_eq!(back.puzzle.cages().map(Cages::len), Some(36));
        assert_eq!(back, game);
        // A killer line whose givens differ from the save's is refused with its key.
        let body = checked_body(&text).expect("valid").replacen("killer = \"..", "killer = \"1.", 1);
        let tampered = format!("{body}{END_LINE}{:016x}\n", checksum(&body));
        let error = SavedGame::from_toml(&tampered, Path::new("k.toml")).expect_err("differs");
        assert!(error.to_string().contains("`killer`"), "{error}");
    }

    #[test]
    fn x_jigsaw_and_their_killers_keep_their_layout() {
        let puzzles =
            [x_puzzle(), jigsaw_puzzle(), with_row_cages(&x_puzzle()), with_row_cages(&jigsaw_puzzle())];
        let variants = [Variant::X, Variant::Jigsaw, Variant::KillerX, Variant::KillerJigsaw];
        for (puzzle, variant) in puzzles.into_iter().zip(variants) {
            assert_eq!(puzzle.variant(), variant);
            let mut game = SavedGame::new(puzzle, Some(Level::Medium));
            let empty =
                Cell::ALL.into_iter().find(|&c| game.puzzle.givens().get(c).is_none()).expect("empty");
            game.board.entries.set(empty, game.puzzle.solution().get(empty));
            let text = game.to_toml();
            assert_eq!(text.contains("diagonals = true\n"), variant.has_diagonals(), "{text}");
            let regions = format!("regions = \"{JIGSAW_REGIONS}\"\n");
            assert_eq!(text.contains(&regions), variant.is_jigsaw(), "{text}");
            let back = SavedGame::from_toml(&text, Path::new("v.toml")).expect("loads");
            assert_eq!(back.puzzle.variant(), variant);
            assert_eq!(back, game);
        }
        // A classic save writes neither key.
        let text = sample_game().to_toml();
        assert!(!text.contains("regions") && !text.contains("diagonals"), "{text}");
    }

    #[test]
    fn bad_regions_or_diagonals_name_their_key() {
        let text = SavedGame::new(jigsaw_puzzle(), None).to_toml();
        let tamper = |from: &str, to: &str| {
            let body = checked_body(&text).expect("valid").replacen(from, to, 1);
            let text = format!("{body}{END_LINE}{:016x}\n", checksum(&body));
            SavedGame::from_toml(&text, Path::new("j.toml")).expect_err("refused").to_string()
        };
        let error = tamper("regions = \"1", "regions = \"0");
        assert!(error.contains("`regions`: bad region `0` in r1c1: expected 1-9"), "{error}");
        let error = tamper("regions = \"1", "regions = \"");
        assert!(error.contains("`regions`: 80 region numbers, not 81"), "{error}");
        let error = tamper("regions = \"1112", "regions = \"1111");
        assert!(error.contains("`regions`: region 1 has 10 cells, not 9"), "{error}");
        let error = tamper("regions = ", "diagonals = true\nregions = ");
        assert!(error.contains("`diagonals`: a jigsaw with diagonals"), "{error}");
        // Givens that repeat in a diagonal are refused under `givens`.
        let text = SavedGame::new(x_puzzle(), None).to_toml();
        let body = checked_body(&text).expect("valid").replacen("givens = \"..", "givens = \"2.", 1);
        let text = format!("{body}{END_LINE}{:016x}\n", checksum(&body));
        let error = SavedGame::from_toml(&text, Path::new("x.toml")).expect_err("repeats").to_string();
        assert!(
            error.contains("`givens`: conflicting givens: digit 2 appears twice in the main diagonal"),
            "{error}"
        );
    }

    #[test]
    fn a_classic_save_of_the_previous_version_still_loads() {
        // Written by termdoku before killer games (no `killer` key).
        let none = vec!["-"; 81].join(" ");
        let marks = format!("- - - 26 {}", vec!["-"; 77].join(" "));
        let body = format!(
            "format = 1\nid = \"20261120T101010Z-00ab\"\nlevel = \"easy\"\n\
             givens = \"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\"\n\
             cursor = \"r1c3\"\nelapsed_ms = 61000\nhints_used = 1\nmistakes = 0\n\
             started_at = 1763633410\nsaved_at = 1763633471\n\n[board]\n\
             entries = \"..4{}\"\nmarks = \"{marks}\"\neliminations = \"{none}\"\n",
            ".".repeat(78)
        );
        let text = format!("{body}{END_LINE}{:016x}\n", checksum(&body));
        let game = SavedGame::from_toml(&text, Path::new("old.toml")).expect("an old classic save loads");
        assert_eq!(game.puzzle.cages(), None);
        assert_eq!(game.board.entries.get(Cell::at(0, 2)), Digit::new(4));
        assert_eq!(game.level, Some(Level::Easy));
        // Written again, it has no `killer` key either.
        assert!(!game.to_toml().contains("killer"));
        // Nor does it say which entries were counted as mistakes.
        assert_eq!(game.counted, None);
        // It has no corner marks, colours or struck combinations, and its marks are centre marks.
        assert_eq!(game.board.marks[Cell::at(0, 3)].to_string(), "26");
        assert!(
            Cell::ALL
                .into_iter()
                .all(|c| game.board.corners[c].is_empty() && game.board.colours[c].is_none())
        );
        assert!(Cell::ALL.into_iter().all(|c| game.board.struck[c].is_empty()));
    }

    #[test]
    fn corner_marks_colours_and_struck_combinations_read_back_equal() {
        let game = noted_killer_game();
        let text = game.to_toml();
        assert!(text.contains("struck = \"r1c3:28\""), "{text}");
        assert!(text.contains(&format!("colours = \"3{}6\"", ".".repeat(79))), "{text}");
        assert!(text.contains("corners = \""), "{text}");
        assert_eq!(SavedGame::from_toml(&text, Path::new("k.toml")), Ok(game));
        // Without notes, a board writes none of the three keys (as saves did before them).
        assert!(!["corners", "colours", "struck"].iter().any(|key| sample_game().to_toml().contains(key)));
        // A bad one names its key and what is wrong.
        let tamper = |from: &str, to: &str| {
            let body = checked_body(&text).expect("valid").replacen(from, to, 1);
            format!("{body}{END_LINE}{:016x}\n", checksum(&body))
        };
        let error = SavedGame::from_toml(&tamper("r1c3:28", "r1c3:12"), Path::new("k.toml")).expect_err("12");
        assert!(error.to_string().contains("`board.struck`: `r1c3:12`: 12 is not a combination"), "{error}");
        let error = SavedGame::from_toml(&tamper("colours = \"3", "colours = \"7"), Path::new("k.toml"))
            .expect_err("colour 7");
        assert!(error.to_string().contains("`board.colours`: bad colour `7` in r1c1"), "{error}");
    }

    #[test]
    fn bad_content_names_the_key_and_line() {
        let text = sample_game().to_toml();
        let tamper = |from: &str, to: &str| {
            let body = checked_body(&text).expect("valid").replacen(from, to, 1);
            format!("{body}{END_LINE}{:016x}\n", checksum(&body))
        };
        let error =
            SavedGame::from_toml(&tamper("cursor = \"r5c8\"", "cursor = \"r0c8\""), Path::new("g.toml"))
                .expect_err("bad cursor");
        assert!(error.message.starts_with("`cursor`"), "{error}");
        assert_eq!(
            error.line,
            Some(text.lines().position(|l| l.starts_with("cursor")).map(|i| i + 1).expect("line"))
        );
        let error = SavedGame::from_toml(&tamper("format = 1", "format = 7"), Path::new("g.toml"))
            .expect_err("format");
        assert!(error.to_string().contains("format 7"), "{error}");
        let error =
            SavedGame::from_toml(&tamper("hints_used = 2", "hints_used = \"two\""), Path::new("g.toml"))
                .expect_err("type");
        assert!(error.to_string().contains("`hints_used`: the text `two` is not allowed here"), "{error}");
        assert!(!error.to_string().contains("u32"), "{error}");
        let error = SavedGame::from_toml(&tamper("entries = \"..4", "entries = \"..x"), Path::new("g.toml"))
            .expect_err("entries");
        assert!(error.to_string().contains("`board.entries`"), "{error}");
        let error = SavedGame::from_toml(&tamper("counted = \"", "counted = \"x"), Path::new("g.toml"))
            .expect_err("counted");
        assert!(error.to_string().contains("`counted`: bad digit `x` in r1c1"), "{error}");
    }

    #[test]
    fn a_daily_game_keeps_its_date_and_other_games_write_no_date() {
        let mut game = sample_game();
        game.daily = "2026-11-29".parse().ok();
        let text = game.to_toml();
        assert!(text.contains("daily = \"2026-11-29\"\n"), "{text}");
        let back = SavedGame::from_toml(&text, Path::new("d.toml")).expect("loads");
        assert_eq!(back.daily, game.daily);
        assert_eq!(back.to_game().daily, game.daily);
        assert!(!sample_game().to_toml().contains("daily"));
        let body = checked_body(&text).expect("valid").replacen("2026-11-29", "2026-11-31", 1);
        let tampered = format!("{body}{END_LINE}{:016x}\n", checksum(&body));
        let error = SavedGame::from_toml(&tampered, Path::new("d.toml")).expect_err("no such day");
        assert!(
            error.to_string().contains("`daily`: `2026-11-31` is not a date: month 11 of 2026 has 30 days"),
            "{error}"
        );
    }

    #[test]
    fn a_changed_or_cut_file_is_refused() {
        let text = sample_game().to_toml();
        let edited = text.replacen("hints_used = 2", "hints_used = 0", 1);
        assert!(SavedGame::from_toml(&edited, Path::new("g")).is_err());
        assert!(SavedGame::from_toml(&text[..text.len() / 2], Path::new("g")).is_err());
        assert!(SavedGame::from_toml(text.trim_end(), Path::new("g")).is_ok());
    }
}
