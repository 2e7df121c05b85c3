//! The move journal: an append-only file beside a save (`<id>.journal`) that receives one line per
//! change of the game, written before the game draws the change, so that a kill at any moment loses at
//! most the move in flight. The save itself (`<id>.toml`) is a snapshot written atomically in the
//! background; it records the sequence number of the last journal line it includes, and loading a save
//! replays the journal lines after it (then compacts: writes a new snapshot and removes the journal).
//!
//! A line is either a change (`D`: the board after it, the lengths of the undo and redo histories,
//! the cursor, the clock, the counters, which entries were counted as mistakes and the pencil mode,
//! then the board's corner marks, colours and struck combinations;
//! the clock alone running on is such a line too, once a second) or a whole game
//! (`F`: the save text, for a new game's first move and any change a `D` line cannot express). Every
//! line ends with its checksum: a line cut short by a kill or a full disk ends the replay there.
//!
//! The game holds an exclusive lock on the journal while it plays, so a second termdoku opening the
//! same game learns it is in use (and shows it read-only until it takes it over, see
//! [`super::takeover`]), a save in use is not deleted, and a load never compacts the journal of a
//! game being played. The kernel drops the lock when the process ends, however it ends.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::cell_text::{parse_cell, read_digit_sets, write_digit_sets};
use super::codec::checksum;
use super::model::SavedGame;
use super::notes_text::NotesText;
use crate::engine::{ByCell, Cell, DigitSet, Grid, Puzzle};
use crate::game::BoardState;

/// How a journal line starts for a change.
const CHANGE: &str = "D";
/// How a journal line starts for a whole game.
const WHOLE: &str = "F";
/// A change line's counted mistakes when the game does not know them.
const UNKNOWN: &str = "-";

/// One change of a game as the journal keeps it: everything a move can change, as absolute values,
/// and the lengths of the undo and redo histories after it (which say how the histories moved).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Change {
    seq: u64,
    undo_len: usize,
    redo_len: usize,
    board: BoardState,
    cursor: Cell,
    elapsed: Duration,
    hints_used: u32,
    mistakes: u32,
    revealed: bool,
    /// The digits counted as mistakes, per cell; `None` from a line written before termdoku kept
    /// them (the game's own are then left as they are).
    counted: Option<ByCell<DigitSet>>,
    /// Whether digits went in as pencil marks (`false` from a line written before termdoku kept it).
    pencil: bool,
}

impl Change {
    fn of(game: &SavedGame, seq: u64) -> Change {
        Change {
            seq,
            undo_len: game.undo.len(),
            redo_len: game.redo.len(),
            board: game.board,
            cursor: game.cursor,
            elapsed: game.elapsed,
            hints_used: game.hints_used,
            mistakes: game.mistakes,
            revealed: game.revealed,
            counted: game.counted,
            pencil: game.pencil,
        }
    }
}

/// Applies a change to `game`; `false` (and `game` untouched) when the histories cannot move that way.
fn apply(game: &mut SavedGame, change: &Change) -> bool {
    let (undo, redo) = (game.undo.len(), game.redo.len());
    let (new_undo, new_redo) = (change.undo_len, change.redo_len);
    if new_undo == undo && new_redo == redo {
        // The board changed in place (or only the cursor, clock or counters).
    } else if new_undo == undo + 1 && new_redo == 0 {
        // A new move (it clears the redo history), or a redo of the last undone move.
        game.undo.push(game.board);
        game.redo.clear();
    } else if new_undo == undo + 1 && new_redo + 1 == redo {
        game.undo.push(game.board);
        game.redo.pop();
    } else if new_undo + 1 == undo && new_redo == redo + 1 {
        game.redo.push(game.board);
        game.undo.pop();
    } else {
        return false;
    }
    game.board = change.board;
    game.cursor = change.cursor;
    game.elapsed = change.elapsed;
    game.hints_used = change.hints_used;
    game.mistakes = change.mistakes;
    game.revealed = change.revealed;
    game.counted = change.counted.or(game.counted);
    game.pencil = change.pencil;
    game.journal_seq = change.seq;
    true
}

/// The journal line (without its line end) that takes `before` to `after`, numbered `seq`: a change
/// line when replaying it gives exactly `after`, else the whole game.
pub fn line_for(before: Option<&SavedGame>, after: &SavedGame, seq: u64) -> String {
    if let Some(before) =
        before.filter(|b| b.id == after.id && b.puzzle == after.puzzle && b.level == after.level)
    {
        let change = Change::of(after, seq);
        let mut replayed = before.clone();
        if apply(&mut replayed, &change) && replayed.undo == after.undo && replayed.redo == after.redo {
            return sealed(change_fields(&change, &after.puzzle));
        }
    }
    let mut whole = after.clone();
    whole.journal_seq = seq;
    sealed(format!("{WHOLE}\t{seq}\t{}", escape(&whole.to_toml())))
}

fn change_fields(change: &Change, puzzle: &Puzzle) -> String {
    let fields = format!(
        "{CHANGE}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        change.seq,
        change.undo_len,
        change.redo_len,
        change.cursor,
        u64::try_from(change.elapsed.as_millis()).unwrap_or(u64::MAX),
        change.hints_used,
        change.mistakes,
        u8::from(change.revealed),
        change.board.entries.to_line(),
        write_digit_sets(&change.board.marks),
        write_digit_sets(&change.board.eliminations),
    );
    // `-` for counted mistakes a game does not know (a save from before termdoku kept them).
    let counted = change.counted.as_ref().map_or_else(|| UNKNOWN.to_string(), write_digit_sets);
    // The notes last, `-` for none: a line without them (or from before termdoku kept them) has none.
    let notes = NotesText::of(&change.board, puzzle);
    let [corners, colours, struck] = [notes.corners, notes.colours, notes.struck]
        .map(|text| if text.is_empty() { UNKNOWN.into() } else { text });
    format!("{fields}\t{counted}\t{}\t{corners}\t{colours}\t{struck}", u8::from(change.pencil))
}

/// `body` with its checksum appended, as one line (without the line end).
fn sealed(body: String) -> String {
    let sum = checksum(&body);
    format!("{body}\t{sum:016x}")
}

/// The body of a line whose checksum matches.
fn unsealed(line: &str) -> Option<&str> {
    let (body, sum) = line.rsplit_once('\t')?;
    (u64::from_str_radix(sum, 16).ok()? == checksum(body)).then_some(body)
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\n', "\\n").replace('\t', "\\t")
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// What one whole line says.
enum Line {
    Change(Box<Change>),
    Whole(Box<SavedGame>),
}

impl Line {
    fn seq(&self) -> u64 {
        match self {
            Line::Change(change) => change.seq,
            Line::Whole(game) => game.journal_seq,
        }
    }
}

/// One line of the journal; `puzzle` is the game's the line applies to (a change line's struck
/// combinations are read against its cages).
fn parse_line(line: &str, journal: &Path, puzzle: Option<&Puzzle>) -> Option<Line> {
    let body = unsealed(line)?;
    let mut fields = body.split('\t');
    let kind = fields.next()?;
    let seq: u64 = fields.next()?.parse().ok()?;
    if kind == WHOLE {
        let game = SavedGame::from_toml(&unescape(fields.next()?), journal).ok()?;
        return (game.journal_seq == seq).then(|| Line::Whole(Box::new(game)));
    }
    if kind != CHANGE {
        return None;
    }
    let mut next = || fields.next();
    let mut change = Change {
        seq,
        undo_len: next()?.parse().ok()?,
        redo_len: next()?.parse().ok()?,
        cursor: parse_cell(next()?)?,
        elapsed: Duration::from_millis(next()?.parse().ok()?),
        hints_used: next()?.parse().ok()?,
        mistakes: next()?.parse().ok()?,
        revealed: next()? == "1",
        board: BoardState {
            entries: next()?.parse::<Grid>().ok()?,
            marks: read_digit_sets(next()?).ok()?,
            eliminations: read_digit_sets(next()?).ok()?,
            ..BoardState::default()
        },
        // The last fields, which lines written before termdoku kept them lack.
        counted: match next() {
            Some(field) if field != UNKNOWN => Some(read_digit_sets(field).ok()?),
            _ => None,
        },
        pencil: next() == Some("1"),
    };
    let mut note = || next().filter(|&field| field != UNKNOWN).unwrap_or_default().to_string();
    let notes = NotesText { corners: note(), colours: note(), struck: note() };
    if notes != NotesText::default() {
        notes.read_into(&mut change.board, puzzle?).ok()?;
    }
    Some(Line::Change(Box::new(change)))
}

/// Replays the journal text `text` onto `game` (the snapshot, or `None` when there is none): the
/// lines numbered after the game's `journal_seq`, in order, until a line is cut short, damaged or
/// out of sequence (what follows such a line cannot be placed). Returns how many lines it applied.
/// `journal` names the file in errors.
pub fn replay(game: &mut Option<SavedGame>, text: &str, journal: &Path) -> usize {
    let mut applied = 0;
    for line in text.lines() {
        let Some(parsed) = parse_line(line, journal, game.as_ref().map(|g| &g.puzzle)) else { break };
        let seq = parsed.seq();
        match (game.as_mut(), parsed) {
            (Some(current), _) if seq <= current.journal_seq => continue,
            (Some(current), _) if seq != current.journal_seq + 1 => break,
            (_, Line::Whole(whole)) => *game = Some(*whole),
            (Some(current), Line::Change(change)) => {
                if !apply(current, &change) {
                    break;
                }
            }
            (None, Line::Change(_)) => break,
        }
        applied += 1;
    }
    applied
}

/// The journal file of the game being played: lines are appended with one write each (a kill after
/// the write loses nothing: the kernel has the bytes), and the file is locked while the game plays.
#[derive(Debug)]
pub struct JournalWriter {
    file: File,
    path: PathBuf,
    len: u64,
    lines: usize,
}

/// Why a journal could not be opened.
#[derive(Debug)]
pub enum OpenError {
    /// Another termdoku holds the journal: it is playing this game.
    InUse,
    /// The file could not be created or opened.
    Io(io::Error),
}

impl JournalWriter {
    /// Opens (creating it and its directory if needed) and locks the journal at `path`.
    pub fn open(path: &Path) -> Result<JournalWriter, OpenError> {
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(OpenError::Io)?;
        }
        let file =
            OpenOptions::new().read(true).append(true).create(true).open(path).map_err(OpenError::Io)?;
        match rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => {}
            Err(rustix::io::Errno::WOULDBLOCK) => return Err(OpenError::InUse),
            Err(error) => return Err(OpenError::Io(error.into())),
        }
        let len = file.metadata().map_err(OpenError::Io)?.len();
        Ok(JournalWriter { file, path: path.to_path_buf(), len, lines: 0 })
    }

    /// Appends one line (a single write). On failure the file is cut back to what it was, so that a
    /// later line is not hidden behind a broken one.
    pub fn append(&mut self, line: &str) -> io::Result<()> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        match self.file.write_all(&bytes) {
            Ok(()) => {
                self.len += bytes.len() as u64;
                self.lines += 1;
                Ok(())
            }
            Err(error) => {
                let _ = self.file.set_len(self.len);
                Err(error)
            }
        }
    }

    /// How many lines this writer appended since it opened the file or last emptied it.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// Empties the journal (once a durable snapshot holds every line of it).
    pub fn clear(&mut self) -> io::Result<()> {
        self.file.set_len(0)?;
        self.len = 0;
        self.lines = 0;
        Ok(())
    }

    /// A second handle on the file, for syncing it on another thread.
    pub fn sync_handle(&self) -> io::Result<File> {
        self.file.try_clone()
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Removes the journal (once a durable snapshot holds every line of it) and releases it.
    pub fn remove(self) -> io::Result<()> {
        fs::remove_file(&self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Cell, Digit};
    use crate::profile::saves::fixtures::{
        jigsaw_puzzle, noted_killer_game, sample_game, with_row_cages, x_puzzle,
    };

    fn replayed(base: Option<&SavedGame>, lines: &[String]) -> (Option<SavedGame>, usize) {
        let mut game = base.cloned();
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let applied = replay(&mut game, &text, Path::new("g.journal"));
        (game, applied)
    }

    #[test]
    fn an_x_or_jigsaw_game_replays_with_its_layout() {
        for puzzle in [x_puzzle(), jigsaw_puzzle(), with_row_cages(&jigsaw_puzzle())] {
            let start = SavedGame::new(puzzle, None);
            let mut game = start.clone();
            let empty =
                Cell::ALL.into_iter().find(|&c| game.puzzle.givens().get(c).is_none()).expect("empty");
            game.undo.push(game.board);
            game.board.entries.set(empty, Digit::new(7));
            let lines = [line_for(None, &start, 1), line_for(Some(&start), &game, 2)];
            assert!(lines[1].starts_with(CHANGE), "a move is a change line: {}", lines[1]);
            let (back, applied) = replayed(None, &lines);
            game.journal_seq = 2;
            assert_eq!((back, applied), (Some(game), 2));
        }
    }

    #[test]
    fn moves_undos_and_redos_replay_to_the_same_game() {
        let start = sample_game();
        let mut games = vec![start.clone()];
        let mut game = start.clone();
        // A move, a mark, an undo, a redo, an undo and a new move (clearing the redo history).
        game.undo.push(game.board);
        game.redo.clear();
        game.board.entries.set(Cell::at(8, 6), Digit::new(3));
        games.push(game.clone());
        game.undo.push(game.board);
        game.board.marks[Cell::at(2, 2)] =
            game.board.marks[Cell::at(2, 2)] ^ Digit::new(5).expect("5").into();
        game.cursor = Cell::at(2, 2);
        games.push(game.clone());
        let undone = game.undo.pop().expect("undo");
        game.redo.push(std::mem::replace(&mut game.board, undone));
        games.push(game.clone());
        let redone = game.redo.pop().expect("redo");
        game.undo.push(std::mem::replace(&mut game.board, redone));
        games.push(game.clone());
        let undone = game.undo.pop().expect("undo");
        game.redo.push(std::mem::replace(&mut game.board, undone));
        game.undo.push(game.board);
        game.redo.clear();
        game.board.entries.set(Cell::at(8, 5), Digit::new(1));
        game.hints_used += 1;
        games.push(game.clone());
        // A check that counts a wrong digit.
        game.mistakes += 1;
        game.counted.get_or_insert_default()[Cell::at(8, 5)].insert(Digit::new(1).expect("1"));
        games.push(game.clone());
        // Pencil mode on, then only the clock runs on.
        game.pencil = true;
        games.push(game.clone());
        game.elapsed += Duration::from_secs(1);
        games.push(game.clone());
        let lines: Vec<String> = games
            .windows(2)
            .enumerate()
            .map(|(i, pair)| line_for(Some(&pair[0]), &pair[1], i as u64 + 1))
            .collect();
        assert!(lines.iter().all(|l| l.starts_with("D\t")), "{lines:?}");
        let (replayed_game, applied) = replayed(Some(&start), &lines);
        let mut expected = game.clone();
        expected.journal_seq = lines.len() as u64;
        assert_eq!((replayed_game, applied), (Some(expected), lines.len()));
    }

    #[test]
    fn a_change_line_without_counted_mistakes_leaves_the_games_own() {
        // A line as termdoku wrote it before it kept which entries were counted: no last field.
        let start = sample_game();
        let mut game = start.clone();
        game.undo.push(game.board);
        game.redo.clear();
        game.board.entries.set(Cell::at(8, 6), Digit::new(3));
        game.mistakes += 1;
        game.counted.get_or_insert_default()[Cell::at(8, 6)].insert(Digit::new(3).expect("3"));
        let line = line_for(Some(&start), &game, 1);
        assert!(line.starts_with("D\t"), "{line}");
        assert_eq!(
            replayed(Some(&start), std::slice::from_ref(&line)).0.map(|g| g.counted),
            Some(game.counted)
        );
        let body = unsealed(&line).expect("sealed");
        // The notes (none here) come last; a line before termdoku kept them ended at the pencil mode.
        let fields: Vec<&str> = body.rsplitn(4, '\t').collect();
        assert_eq!(fields[..3], ["-", "-", "-"], "{line}");
        let (with_counted, pencil) = fields[3].rsplit_once('\t').expect("a pencil field");
        assert_eq!(pencil, "0");
        let (older, counted) = with_counted.rsplit_once('\t').expect("a counted field");
        assert_eq!(counted, write_digit_sets(&game.counted.expect("counted")));
        let (replayed_game, applied) = replayed(Some(&start), &[sealed(older.to_string())]);
        let replayed_game = replayed_game.expect("replayed");
        assert_eq!((replayed_game.board, replayed_game.mistakes, applied), (game.board, game.mistakes, 1));
        assert_eq!(replayed_game.counted, start.counted);
    }

    #[test]
    fn corner_marks_colours_and_strikes_replay_from_change_lines() {
        let noted = noted_killer_game();
        let mut start = noted.clone();
        (start.board, start.undo) = (BoardState::default(), Vec::new());
        // The notes one step at a time: the undo step with its corner mark, then the board.
        let mut middle = start.clone();
        middle.board = noted.undo[0];
        let mut end = middle.clone();
        end.undo.push(end.board);
        end.board = noted.board;
        let lines = [line_for(Some(&start), &middle, 1), line_for(Some(&middle), &end, 2)];
        assert!(lines.iter().all(|line| line.starts_with("D\t")), "{lines:?}");
        assert!(lines[1].contains("\tr1c3:28\t"), "{}", lines[1]);
        let (replayed_game, applied) = replayed(Some(&start), &lines);
        assert_eq!(applied, 2);
        let replayed_game = replayed_game.expect("replayed");
        assert_eq!((replayed_game.board, &replayed_game.undo), (noted.board, &noted.undo));
    }

    #[test]
    fn a_first_line_holds_the_whole_game_and_a_cut_line_ends_the_replay() {
        let game = sample_game();
        let first = line_for(None, &game, 1);
        assert!(first.starts_with("F\t1\t"));
        let mut moved = game.clone();
        moved.undo.push(moved.board);
        moved.board.entries.set(Cell::at(8, 6), Digit::new(3));
        let second = line_for(Some(&game), &moved, 2);
        let cut = second[..second.len() / 2].to_string();
        let (replayed_game, applied) = replayed(None, &[first.clone(), cut]);
        assert_eq!(applied, 1);
        assert_eq!(replayed_game.map(|g| g.board), Some(game.board));
        let (replayed_game, applied) = replayed(None, &[first, second]);
        assert_eq!(applied, 2);
        assert_eq!(replayed_game.map(|g| g.board), Some(moved.board));
    }

    #[test]
    fn lines_the_snapshot_has_are_skipped_and_a_gap_stops() {
        let mut game = sample_game();
        let mut moved = game.clone();
        moved.undo.push(moved.board);
        moved.board.entries.set(Cell::at(8, 6), Digit::new(3));
        let line = line_for(Some(&game), &moved, 5);
        game.journal_seq = 5;
        assert_eq!(replayed(Some(&game), std::slice::from_ref(&line)).1, 0, "already in the snapshot");
        game.journal_seq = 3;
        assert_eq!(replayed(Some(&game), &[line]).1, 0, "line 4 is missing");
    }

    #[test]
    fn a_writer_appends_locks_and_clears() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("saves").join("g.journal");
        let mut writer = JournalWriter::open(&path).expect("open");
        assert!(matches!(JournalWriter::open(&path), Err(OpenError::InUse)));
        writer.append("one").expect("append");
        writer.append("two").expect("append");
        assert_eq!(fs::read_to_string(&path).expect("read"), "one\ntwo\n");
        writer.clear().expect("clear");
        writer.append("three").expect("append");
        assert_eq!(fs::read_to_string(&path).expect("read"), "three\n");
        writer.remove().expect("remove");
        assert!(!path.exists());
        assert!(JournalWriter::open(&path).is_ok(), "released");
    }
}
