//! Batch input for the puzzle subcommands (`solve`, `rate`, ...): the `[PUZZLE ... | -]` argument
//! convention, read as a stream, and an order-keeping parallel map over it in bounded chunks.
//!
//! Convention: each command-line argument is one puzzle; with no argument, or for an argument `-`,
//! every line of standard input is one puzzle. Each entry carries its [`Place`] (`argument N` or
//! `line N`, 1-based) for error messages. Blank lines and comment lines are
//! [`Entry::Passthrough`]: not puzzles, but kept in the stream so that a command printing text can
//! echo them and keep its output lines aligned with its input lines. A puzzle is one line (its
//! first field is read: `<puzzle> <solution>`, tab-separated fields and trailing comments are
//! fine) or a grid of nine rows; the engine's [`crate::engine::text::parse_puzzle`] turns an
//! entry's text into a puzzle.
//!
//! Memory stays constant however long the input: [`for_each_ordered`] reads at most one chunk of
//! entries, maps it on a rayon pool, writes the results in input order, then reads the next chunk.
//!
//! ```no_run
//! # fn main() -> std::io::Result<()> {
//! use termdoku::cli::input::{Entry, for_each_ordered, entries};
//! let args: Vec<String> = vec![];
//! for_each_ordered(entries(&args), 4, |entry| match entry {
//!     Entry::Puzzle { text, .. } => text.len(),
//!     Entry::Passthrough(text) => text.len(),
//!     Entry::Unreadable { .. } => 0,
//! }, |length| { println!("{length}"); Ok(()) })?;
//! # Ok(())
//! # }
//! ```

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use rayon::prelude::*;

use super::OutputFormat;
use super::lines::{LineReader, MAX_LINE};
use crate::engine::text::{is_file_blank, is_puzzle_json, is_puzzle_link, is_rule_char};
use crate::engine::{ByCell, Digit, Grid};
use crate::profile::files::open_regular_file;

/// Where a puzzle came from, for messages: `argument 2`, `line 17`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    /// The N-th puzzle argument (1-based).
    Argument(usize),
    /// The N-th line of standard input (1-based).
    Line(usize),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Argument(n) => write!(f, "argument {n}"),
            Place::Line(n) => write!(f, "line {n}"),
        }
    }
}

/// One item of the input stream.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Entry {
    /// A puzzle to process: its text (not yet parsed) and where it came from.
    Puzzle {
        /// Where it came from.
        place: Place,
        /// The text, as read (line ending removed).
        text: String,
    },
    /// A blank line or a `#` comment line of standard input, as read (line ending removed).
    Passthrough(String),
    /// A line that cannot be a puzzle however it is read (one longer than [`MAX_LINE`] bytes): a
    /// bad puzzle, where it came from and why.
    Unreadable {
        /// Where it came from.
        place: Place,
        /// Why it is not read.
        reason: String,
    },
}

/// Why a line of `length` bytes, longer than [`MAX_LINE`], is not read.
fn too_long(length: usize) -> String {
    format!("the line is {length} bytes long; a puzzle line is read up to {MAX_LINE} bytes")
}

/// How many entries one parallel chunk holds: bounds memory, keeps all threads busy.
pub const CHUNK: usize = 4096;

/// The entries named by `args` under the `[PUZZLE ... | -]` convention, lazily: standard input is
/// read line by line as the stream is consumed. Input lines that are not UTF-8 are read lossily (a
/// bad byte becomes U+FFFD, which the grid parser then reports as a bad character).
pub fn entries(args: &[String]) -> impl Iterator<Item = io::Result<Entry>> + '_ {
    let sources: Vec<Option<(usize, &String)>> = if args.is_empty() {
        vec![None]
    } else {
        args.iter().enumerate().map(|(i, a)| (a != "-").then_some((i + 1, a))).collect()
    };
    sources.into_iter().flat_map(|source| -> Box<dyn Iterator<Item = io::Result<Entry>>> {
        match source {
            Some((n, text)) => {
                Box::new(std::iter::once(Ok(Entry::Puzzle { place: Place::Argument(n), text: text.clone() })))
            }
            None => Box::new(stdin_entries(io::stdin().lock())),
        }
    })
}

/// The entries of a batch command's arguments: a single argument naming a file (or looking like a
/// file name: a missing file is an error naming it, not a bad puzzle) is read like standard input;
/// otherwise the `[PUZZLE ... | -]` convention of [`entries`].
pub fn puzzle_entries(args: &[String]) -> anyhow::Result<Box<dyn Iterator<Item = io::Result<Entry>> + '_>> {
    match args {
        [only] if only != "-" && looks_like_a_file(only) => Ok(Box::new(file_entries(Path::new(only))?)),
        _ => Ok(Box::new(entries(args))),
    }
}

/// Whether a puzzle argument names a file rather than holding a puzzle: it exists, or it has a path
/// separator, or a file extension (`puzzles.txt`) after a name that is not a row of more than 16
/// digits and dots (a puzzle with a stray letter at its end is a bad puzzle, not a missing file);
/// a JSON object (a hint's explanation may hold a `/`) or a link (`https://f-puzzles.com/...`) is a
/// puzzle unless such a file exists.
pub fn looks_like_a_file(arg: &str) -> bool {
    let path = Path::new(arg);
    if is_puzzle_json(arg) || is_puzzle_link(arg) {
        return path.exists();
    }
    let puzzle_like = |name: &std::ffi::OsStr| {
        let name = name.to_string_lossy();
        name.len() > 16 && name.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    path.exists()
        || arg.contains(std::path::MAIN_SEPARATOR)
        || arg.contains('/')
        || (path
            .extension()
            .is_some_and(|e| !e.is_empty() && e.to_string_lossy().chars().all(|c| c.is_ascii_alphabetic()))
            && !path.file_stem().is_some_and(puzzle_like))
}

/// The entries of the puzzle file at `path` (a regular file; errors name the path).
pub fn file_entries(path: &Path) -> anyhow::Result<EntryReader<BufReader<File>>> {
    Ok(stdin_entries(open_puzzle_file(path)?))
}

/// The puzzle file at `path`, opened for reading (a regular file; errors name the path).
fn open_puzzle_file(path: &Path) -> anyhow::Result<BufReader<File>> {
    let file =
        open_regular_file(path, u64::MAX).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(BufReader::with_capacity(1 << 16, file))
}

/// The reader of a batch command's puzzles when they are the lines of standard input or of one
/// file, as [`puzzle_entries`] reads them; `None` when the arguments are the puzzles themselves.
pub fn puzzle_reader(args: &[String]) -> anyhow::Result<Option<EntryReader<Box<dyn BufRead>>>> {
    Ok(match args {
        [only] if only != "-" && looks_like_a_file(only) => {
            Some(stdin_entries(Box::new(open_puzzle_file(Path::new(only))?)))
        }
        [] => Some(stdin_entries(Box::new(io::stdin().lock()))),
        [only] if only == "-" => Some(stdin_entries(Box::new(io::stdin().lock()))),
        _ => None,
    })
}

/// Every puzzle of `reader` as an entry (`line N`), read lazily: a line holding a puzzle, or nine
/// grid rows (with or without separators such as `|`, `-`, `+`); lines end with `\n`, `\r\n` or `\r`,
/// and a byte-order mark at the start is skipped. A line too long to keep is
/// [`Entry::Unreadable`], with its length.
pub fn stdin_entries<R: BufRead>(reader: R) -> EntryReader<R> {
    EntryReader {
        lines: LineReader::new(reader),
        line: Vec::new(),
        read: 0,
        grid: GridRows::default(),
        waiting: None,
        skipping_section: false,
    }
}

/// The entries of a reader (see [`stdin_entries`]), one line at a time through one reused buffer.
/// As an iterator it gives every [`Entry`]; [`EntryReader::next_fast`] gives a classic puzzle's
/// 81-character line as its grid instead, read without the general reader.
pub struct EntryReader<R> {
    lines: LineReader<R>,
    /// The line being read.
    line: Vec<u8>,
    /// How many lines have been read.
    read: usize,
    /// The rows of a grid being read.
    grid: GridRows,
    /// An entry found while handing on a grid cut short, to give next.
    waiting: Option<Entry>,
    /// Inside a `.sdk` section other than `[Puzzle]`.
    skipping_section: bool,
}

/// An item of [`EntryReader::next_fast`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FastEntry {
    /// A line of exactly 81 cells (`1`-`9`, `.` or `0`) outside a grid and outside a `.sdk`
    /// section: a classic puzzle, read. The general reader takes such a line as the same grid.
    Classic {
        /// Where it came from.
        place: Place,
        /// Its givens.
        givens: Grid,
    },
    /// Any other entry, as the iterator gives it.
    Other(Entry),
}

impl<R: BufRead> EntryReader<R> {
    /// The next entry, a classic puzzle line already read as its grid; `None` at the end.
    pub fn next_fast(&mut self) -> Option<io::Result<FastEntry>> {
        if let Some(entry) = self.waiting.take() {
            return Some(Ok(FastEntry::Other(entry)));
        }
        loop {
            let length = match self.lines.read_into(&mut self.line) {
                Ok(Some(length)) => length,
                Ok(None) => return self.grid.take().map(|entry| Ok(FastEntry::Other(entry))),
                Err(error) => return Some(Err(error)),
            };
            self.read += 1;
            let place = Place::Line(self.read);
            if !self.grid.is_open()
                && !self.skipping_section
                && let Some(givens) = classic_line(&self.line)
            {
                return Some(Ok(FastEntry::Classic { place, givens }));
            }
            if let Some(entry) = self.sort(place, length) {
                return Some(Ok(FastEntry::Other(entry)));
            }
        }
    }

    /// Sorts the line just read (`length` bytes long in whole) at `place`: the entry it
    /// completes, if any (an entry found behind a grid cut short waits for the next call).
    fn sort(&mut self, place: Place, length: usize) -> Option<Entry> {
        if length > self.line.len() {
            let entry = Entry::Unreadable { place, reason: too_long(length) };
            return Some(match self.grid.take() {
                Some(cut_short) => {
                    self.waiting = Some(entry);
                    cut_short
                }
                None => entry,
            });
        }
        let line = String::from_utf8_lossy(&self.line).into_owned();
        let kind = LineKind::of(&line);
        // `.sdk` files: `[Puzzle]` starts the puzzle, any other `[section]` holds something else.
        if let LineKind::Section(name) = &kind {
            self.skipping_section = !name.eq_ignore_ascii_case("puzzle");
        }
        if self.skipping_section || matches!(kind, LineKind::Section(_)) {
            let finished = self.grid.take();
            return Some(finished.unwrap_or(Entry::Passthrough(line)));
        }
        match kind {
            LineKind::Row(cells) => self.grid.push(place, cells),
            LineKind::Rule if self.grid.is_open() => None,
            LineKind::Blank | LineKind::Rule if !self.grid.is_open() => Some(Entry::Passthrough(line)),
            LineKind::Blank | LineKind::Rule => None,
            LineKind::Other | LineKind::Section(_) => {
                let entry = Entry::Puzzle { place, text: line };
                match self.grid.take() {
                    Some(cut_short) => {
                        self.waiting = Some(entry);
                        Some(cut_short)
                    }
                    None => Some(entry),
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for EntryReader<R> {
    type Item = io::Result<Entry>;

    fn next(&mut self) -> Option<io::Result<Entry>> {
        if let Some(entry) = self.waiting.take() {
            return Some(Ok(entry));
        }
        loop {
            let length = match self.lines.read_into(&mut self.line) {
                Ok(Some(length)) => length,
                Ok(None) => return self.grid.take().map(Ok),
                Err(error) => return Some(Err(error)),
            };
            self.read += 1;
            if let Some(entry) = self.sort(Place::Line(self.read), length) {
                return Some(Ok(entry));
            }
        }
    }
}

/// The givens of a line of exactly 81 cells, each `1`-`9`, `.` or `0`; `None` for any other line.
fn classic_line(line: &[u8]) -> Option<Grid> {
    let line: &[u8; 81] = line.try_into().ok()?;
    let mut bad = false;
    let cells = line.map(|byte| {
        let value = byte.wrapping_sub(b'0');
        bad |= value > 9 && byte != b'.';
        // `0` and `.` are empty cells: no digit.
        Digit::new(value)
    });
    (!bad).then(|| Grid::from_cells(ByCell::from_array(cells)))
}

/// What one line of a puzzle stream is.
enum LineKind {
    /// Blank, or a comment (`#`, `//`).
    Blank,
    /// A `[section]` header.
    Section(String),
    /// A rule between the boxes of a grid (`------+------`).
    Rule,
    /// A row of a grid: its nine cells.
    Row(String),
    /// Anything else: a puzzle on one line (or a bad one).
    Other,
}

impl LineKind {
    fn of(line: &str) -> LineKind {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("//") {
            return LineKind::Blank;
        }
        if let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            return LineKind::Section(name.to_string());
        }
        if trimmed.chars().all(|c| is_rule_char(c) || c.is_whitespace()) && trimmed.chars().any(|c| c != '|')
        {
            return LineKind::Rule;
        }
        let cells: String = trimmed.chars().filter(|&c| !is_rule_char(c) && !c.is_whitespace()).collect();
        if cells.chars().count() == 9 && cells.chars().all(is_cell_char) {
            return LineKind::Row(cells);
        }
        LineKind::Other
    }
}

/// Characters that stand for a cell: a digit, or a blank (`.`, `0`, `X`, `_`, `*`).
fn is_cell_char(c: char) -> bool {
    c.is_ascii_digit() || c == '.' || is_file_blank(c)
}

/// The rows of a grid being read.
#[derive(Default)]
struct GridRows {
    first: Option<Place>,
    rows: Vec<String>,
}

impl GridRows {
    fn is_open(&self) -> bool {
        !self.rows.is_empty()
    }

    /// Adds a row; the ninth one completes the grid.
    fn push(&mut self, place: Place, cells: String) -> Option<Entry> {
        self.first.get_or_insert(place);
        self.rows.push(cells);
        if self.rows.len() == 9 { self.take() } else { None }
    }

    /// The grid read so far (a grid cut short is still handed on, for its error), if any.
    fn take(&mut self) -> Option<Entry> {
        let place = self.first.take()?;
        Some(Entry::Puzzle { place, text: std::mem::take(&mut self.rows).join("\n") })
    }
}

/// The puzzle at 1-based `index` (the first when `None`) of the entries of `reader`, counting every
/// puzzle entry, good or bad, so that a bad line before it does not shift the count.
pub fn pick_entry(
    entries: impl Iterator<Item = io::Result<Entry>>,
    index: Option<usize>,
) -> anyhow::Result<(Place, String)> {
    let wanted = index.unwrap_or(1);
    anyhow::ensure!(wanted > 0, "there is no puzzle 0: puzzles are counted from 1");
    let mut count = 0;
    for entry in entries {
        match entry? {
            Entry::Passthrough(_) => {}
            Entry::Puzzle { place, text } => {
                count += 1;
                if count == wanted {
                    return Ok((place, text));
                }
            }
            Entry::Unreadable { place, reason } => {
                count += 1;
                if count == wanted {
                    anyhow::bail!("{place}: {reason}");
                }
            }
        }
    }
    match count {
        0 => anyhow::bail!("no puzzle found"),
        _ => anyhow::bail!("there is no puzzle {wanted}: the text holds {count} (use --index 1 to {count})"),
    }
}

/// Maps `work` over `items` (entries, or any item a batch reads) on `threads` threads, in chunks
/// of [`CHUNK`], and hands the results to `emit` in input order. Stops at the first read error or
/// `emit` error. One thread maps each item as it is read, in this thread.
pub fn for_each_ordered<T: Send, R: Send>(
    items: impl Iterator<Item = io::Result<T>>,
    threads: usize,
    work: impl Fn(T) -> R + Sync,
    mut emit: impl FnMut(R) -> io::Result<()>,
) -> io::Result<()> {
    if threads <= 1 {
        for item in items {
            emit(work(item?))?;
        }
        return Ok(());
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(io::Error::other)?;
    let mut items = items.peekable();
    let mut chunk = Vec::with_capacity(CHUNK);
    while items.peek().is_some() {
        chunk.clear();
        for item in items.by_ref().take(CHUNK) {
            chunk.push(item?);
        }
        let results: Vec<R> = pool.install(|| chunk.par_drain(..).map(&work).collect());
        for result in results {
            emit(result)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Grid;
    use crate::engine::text::{PuzzleTextError, parse_grid, parse_puzzle};

    #[test]
    fn stdin_lines_are_numbered_and_classified() {
        let input = "123\n\n# note\r\n  x  \n";
        let entries: Vec<Entry> = stdin_entries(input.as_bytes()).map(|e| e.expect("in memory")).collect();
        assert_eq!(
            entries,
            vec![
                Entry::Puzzle { place: Place::Line(1), text: "123".into() },
                Entry::Passthrough(String::new()),
                Entry::Passthrough("# note".into()),
                Entry::Puzzle { place: Place::Line(4), text: "  x  ".into() },
            ]
        );
    }

    const LINE: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    fn puzzles(text: &str) -> Vec<Result<Grid, PuzzleTextError>> {
        stdin_entries(text.as_bytes())
            .filter_map(|e| match e.expect("in memory") {
                Entry::Puzzle { text, .. } => Some(givens_of(&text)),
                Entry::Passthrough(_) | Entry::Unreadable { .. } => None,
            })
            .collect()
    }

    /// The givens `text` holds.
    fn givens_of(text: &str) -> Result<Grid, PuzzleTextError> {
        parse_puzzle(text).map(|p| p.givens)
    }

    fn line_grid() -> Grid {
        parse_grid(LINE).expect("valid")
    }

    /// The nine rows of `LINE`, each drawn by `row`.
    fn rows(row: impl Fn(&str) -> String) -> Vec<String> {
        (0..9).map(|r| row(&LINE[r * 9..r * 9 + 9])).collect()
    }

    #[test]
    fn nine_line_grids_with_or_without_rules() {
        let plain = rows(str::to_string).join("\n");
        let ruled = rows(|r| format!("{}|{}|{}", &r[0..3], &r[3..6], &r[6..9]))
            .chunks(3)
            .map(|c| c.join("\n"))
            .collect::<Vec<_>>()
            .join("\n------+-------+------\n");
        let spaced = rows(|r| r.chars().map(|c| format!("{c} ")).collect::<String>().replace('0', "."));
        let framed = format!("+-------+\n{}\n+-------+\n", spaced.join("\n"));
        let crossed = rows(|r| r.replace('0', "X")).join("\n");
        for text in [plain, ruled, framed, crossed] {
            assert_eq!(puzzles(&text), [Ok(line_grid())], "{text}");
            assert_eq!(puzzles(&format!("{text}\n\n{text}\n")).len(), 2, "two grids: {text}");
        }
    }

    #[test]
    fn sadman_sections_and_comments() {
        let grid = rows(|r| r.replace('0', ".")).join("\n");
        let sdk = format!("#A Author\n// note\n[Puzzle]\n{grid}\n[State]\n{grid}\n");
        assert_eq!(puzzles(&sdk), [Ok(line_grid())]);
    }

    #[test]
    fn cr_only_and_crlf_files() {
        let other = LINE.replacen('5', "0", 1);
        for end in ["\r", "\r\n", "\n"] {
            let text = format!("{LINE}{end}# comment{end}{end}{other}{end}");
            assert_eq!(puzzles(&text).len(), 2, "{end:?}");
            let grid = rows(str::to_string).join(end);
            assert_eq!(puzzles(&grid), [Ok(line_grid())], "{end:?}");
        }
    }

    #[test]
    fn an_index_counts_bad_puzzles_too() {
        let other = LINE.replacen('5', "0", 1);
        let text = format!("{}\n{}z\n{other}\n", &LINE[..80], &LINE[..80]);
        let (place, picked) = pick_entry(stdin_entries(text.as_bytes()), Some(3)).expect("third");
        assert_eq!((place, givens_of(&picked)), (Place::Line(3), Ok(parse_grid(&other).expect("valid"))));
        let error = pick_entry(stdin_entries(text.as_bytes()), Some(4)).expect_err("no fourth");
        assert!(error.to_string().contains("use --index 1 to 3"), "{error}");
        assert!(pick_entry(stdin_entries("# nothing\n".as_bytes()), None).is_err());
    }

    #[test]
    fn a_grid_cut_short_is_one_bad_puzzle_with_its_line() {
        let text = format!("{}\n{LINE}\n", rows(str::to_string)[..4].join("\n"));
        let entries: Vec<Entry> = stdin_entries(text.as_bytes()).map(|e| e.expect("in memory")).collect();
        assert!(matches!(&entries[0], Entry::Puzzle { place: Place::Line(1), .. }), "{entries:?}");
        assert!(matches!(&entries[1], Entry::Puzzle { place: Place::Line(5), .. }), "{entries:?}");
        assert!(puzzles(&text)[0].is_err());
    }

    #[test]
    fn missing_files_and_folders_are_named_not_read_as_puzzles() {
        let dir = tempfile::tempdir().expect("temp dir");
        let missing = dir.path().join("puzzles.txt");
        let missing = missing.to_string_lossy().to_string();
        let folder = dir.path().to_string_lossy().to_string();
        assert!(
            looks_like_a_file(&missing) && looks_like_a_file("puzzles.sdm") && looks_like_a_file(&folder)
        );
        assert!(!looks_like_a_file(LINE) && !looks_like_a_file(&LINE.replace('0', ".")));
        // A puzzle with a stray letter after a dot is a bad puzzle, not a file; a numbered file is a file.
        assert!(!looks_like_a_file("..67...91..9....623....x") && looks_like_a_file("1465.txt"));
        let error = format!("{:#}", puzzle_entries(std::slice::from_ref(&missing)).err().expect("missing"));
        assert!(error.contains(&missing) && error.contains("no such file"), "{error}");
        let error = format!("{:#}", puzzle_entries(std::slice::from_ref(&folder)).err().expect("a folder"));
        assert!(error.contains(&folder) && error.contains("is a directory"), "{error}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_a_long_line_says_its_length() {
        assert_eq!(puzzles(&format!("\u{feff}{LINE}\n")), [Ok(line_grid())]);
        let grid = format!("\u{feff}{}\n", rows(str::to_string).join("\n"));
        assert_eq!(puzzles(&grid), [Ok(line_grid())]);
        let long = format!("{LINE}\n{}\n{LINE}\n", "1".repeat(10 << 20));
        let entries: Vec<Entry> = stdin_entries(long.as_bytes()).map(|e| e.expect("in memory")).collect();
        let reason =
            format!("the line is {} bytes long; a puzzle line is read up to 1048576 bytes", 10 << 20);
        assert_eq!(entries[1], Entry::Unreadable { place: Place::Line(2), reason: reason.clone() });
        assert!(matches!(&entries[2], Entry::Puzzle { place: Place::Line(3), .. }), "{:?}", entries[2]);
        let error = pick_entry(stdin_entries(long.as_bytes()), Some(2)).expect_err("too long");
        assert_eq!(error.to_string(), format!("line 2: {reason}"));
    }

    #[test]
    fn fast_entries_agree_with_the_general_reader() {
        let dotted = LINE.replace('0', ".");
        let grid = rows(str::to_string);
        let text = format!(
            "\u{feff}{LINE}\r\n{dotted}\n\n# {LINE}\n{}\n{dotted}\n{}\n[State]\n{LINE}\n[Puzzle]\n{}\n\
             {LINE}\n{} # note\n{}x\n{LINE}",
            grid[..4].join("\n"),
            grid.join("\n"),
            grid.join("\n"),
            &LINE[..80],
            &LINE[..80],
        );
        let general: Vec<Entry> = stdin_entries(text.as_bytes()).map(|e| e.expect("in memory")).collect();
        let mut reader = stdin_entries(text.as_bytes());
        let fast: Vec<FastEntry> =
            std::iter::from_fn(|| reader.next_fast()).map(|e| e.expect("in memory")).collect();
        assert_eq!(fast.len(), general.len());
        let mut classic = Vec::new();
        for (fast, general) in fast.into_iter().zip(general) {
            match (fast, general) {
                (FastEntry::Classic { place, givens }, Entry::Puzzle { place: at, text }) => {
                    assert_eq!((place, Ok(givens)), (at, givens_of(&text)));
                    classic.push(place);
                }
                (FastEntry::Other(fast), general) => assert_eq!(fast, general),
                (fast, general) => panic!("{fast:?} against {general:?}"),
            }
        }
        // Not inside a grid (line 9 ends the grid of lines 5-8 cut short), a `[State]` section,
        // nor a line with more than its 81 cells.
        let lines = [1, 2, 31, 34].map(Place::Line);
        assert_eq!(classic, lines);
    }

    #[test]
    fn a_json_puzzle_is_no_file_name() {
        assert!(!looks_like_a_file(r#"{"puzzle":"..","explanation":"r1c1/r1c2"}"#));
        assert!(
            !looks_like_a_file("https://f-puzzles.com/?load=N4Ig/x")
                && !looks_like_a_file("sudokupad.app/scl")
        );
    }

    #[test]
    fn arguments_are_numbered() {
        let args = vec!["a".to_string(), "b".to_string()];
        let entries: Vec<Entry> = entries(&args).map(|e| e.expect("no I/O")).collect();
        assert_eq!(entries[1], Entry::Puzzle { place: Place::Argument(2), text: "b".into() });
        assert_eq!(Place::Argument(2).to_string(), "argument 2");
        assert_eq!(Place::Line(7).to_string(), "line 7");
    }

    #[test]
    fn a_bad_puzzle_keeps_its_place_as_text_and_as_json() {
        let failed = || Answer::failed(Place::Line(4), "bad character '\"' at row 1, column 3");
        assert_eq!(failed().output(OutputFormat::Text), "-");
        assert_eq!(
            failed().output(OutputFormat::Json),
            r#"{"line":4,"error":"bad character '\"' at row 1, column 3"}"#
        );
        let failed = Answer::failed(Place::Argument(2), "no solution");
        assert_eq!(failed.output(OutputFormat::Json), r#"{"argument":2,"error":"no solution"}"#);
        assert_eq!(Answer::ok("x".into()).output(OutputFormat::Json), "x");
    }

    #[test]
    fn parallel_map_keeps_input_order_across_chunks() {
        let text: String = (0..(CHUNK * 2 + 17)).map(|i| format!("{i}\n")).collect();
        let mut out = Vec::new();
        for_each_ordered(
            stdin_entries(text.as_bytes()),
            3,
            |entry| match entry {
                Entry::Puzzle { text, .. } => text.parse::<usize>().expect("numbers"),
                Entry::Passthrough(_) | Entry::Unreadable { .. } => usize::MAX,
            },
            |n| {
                out.push(n);
                Ok(())
            },
        )
        .expect("in memory");
        assert_eq!(out, (0..(CHUNK * 2 + 17)).collect::<Vec<_>>());
    }
}

/// What one puzzle of a batch gives: its output, or why there is none.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Answer {
    /// The output line(s) of a good puzzle.
    Done(String),
    /// A bad puzzle: where it came from and why.
    Failed {
        /// Where the puzzle came from.
        place: Place,
        /// Why it has no output.
        reason: String,
    },
}

impl Answer {
    /// A good answer.
    pub fn ok(out: String) -> Answer {
        Answer::Done(out)
    }

    /// A bad puzzle at `place`, for `reason`.
    pub fn failed(place: Place, reason: impl fmt::Display) -> Answer {
        Answer::Failed { place, reason: reason.to_string() }
    }

    /// The standard output of this answer: its text, or for a bad puzzle a stand-in that keeps
    /// the output in step with the input: `-` as text, `{"line": N, "error": "..."}` (or
    /// `"argument": N`) as a JSON line.
    pub(super) fn output(self, format: OutputFormat) -> String {
        match (self, format) {
            (Answer::Done(out), _) => out,
            (Answer::Failed { .. }, OutputFormat::Text) => "-".into(),
            (Answer::Failed { place, reason }, OutputFormat::Json) => {
                let (argument, line) = match place {
                    Place::Argument(n) => (Some(n), None),
                    Place::Line(n) => (None, Some(n)),
                };
                let failed = FailedLine { argument, line, error: &reason };
                serde_json::to_string(&failed)
                    .unwrap_or_else(|_| serde_json::json!({ "error": reason }).to_string())
            }
        }
    }
}

/// The JSON line of a bad puzzle: where it came from and why.
#[derive(serde::Serialize)]
struct FailedLine<'a> {
    /// The puzzle argument it was (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    argument: Option<usize>,
    /// The input line it was (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// Why it has no output.
    error: &'a str,
}

/// What one item of a batch writes on standard output.
pub enum Reply {
    /// Nothing: a blank or comment line, left out of JSON lines.
    Skip,
    /// An answer: its text, or for a bad puzzle a stand-in and a message on standard error.
    Answer(Answer),
    /// A solution's 81 digits as one line, written as they are.
    Digits([u8; 81]),
    /// A short fixed line (a count of solutions).
    Word(&'static str),
}

/// The reply to `entry` in `format`: `work` for a puzzle, the stand-in of a line that cannot be
/// read, the line itself for a blank or comment line of text output.
pub fn entry_reply(entry: Entry, format: OutputFormat, work: impl Fn(Place, String) -> Answer) -> Reply {
    match entry {
        Entry::Puzzle { place, text } => Reply::Answer(work(place, text)),
        Entry::Unreadable { place, reason } => Reply::Answer(Answer::Failed { place, reason }),
        Entry::Passthrough(line) if format == OutputFormat::Text => Reply::Answer(Answer::Done(line)),
        Entry::Passthrough(_) => Reply::Skip,
    }
}

/// Runs a batch command: `work` on every puzzle on `threads` threads, answers printed in input
/// order (errors on standard error, kept in step with standard output). Blank and comment lines
/// are echoed as text, so that output lines stay aligned with input lines, and left out of JSON
/// lines, where every line is one JSON object. A reader that goes away (`| head`) stops it
/// quietly. The exit status is 1 when any puzzle failed, else 0.
pub fn run_batch(
    entries: impl Iterator<Item = io::Result<Entry>>,
    threads: usize,
    format: OutputFormat,
    work: impl Fn(Place, String) -> Answer + Sync,
) -> anyhow::Result<ExitCode> {
    run_replies(entries, threads, format, |entry| entry_reply(entry, format, &work))
}

/// Runs a batch as [`run_batch`] does, over any items: `work` gives each item's [`Reply`], which
/// is written into one buffered writer in input order.
pub fn run_replies<T: Send>(
    items: impl Iterator<Item = io::Result<T>>,
    threads: usize,
    format: OutputFormat,
    work: impl Fn(T) -> Reply + Sync,
) -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed = false;
    let result = for_each_ordered(items, threads, work, |reply| match reply {
        Reply::Skip => Ok(()),
        Reply::Digits(digits) => {
            out.write_all(&digits)?;
            out.write_all(b"\n")
        }
        Reply::Word(word) => {
            out.write_all(word.as_bytes())?;
            out.write_all(b"\n")
        }
        Reply::Answer(answer) => {
            if let Answer::Failed { place, reason } = &answer {
                failed = true;
                // Keep the two streams in step when both go to one terminal.
                out.flush()?;
                eprintln!("error: {place}: {reason}");
            }
            writeln!(out, "{}", answer.output(format))
        }
    })
    .and_then(|()| out.flush());
    match result {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {}
        other => other?,
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
