//! `termdoku export [GAME] --format line|grid|pencil|solo|json`: print a saved game (the latest
//! unfinished one by default; GAME is a game id or the start of one, as `termdoku play --list` shows
//! them); with `--puzzle PUZZLE|FILE|-`, convert puzzles in any form the readers take instead, one
//! output line per input line (per puzzle in JSON, whose lines are all JSON objects: see
//! [`super::input::run_batch`]).
//!
//! A game is exported as its puzzle (givens, and a killer's cages), never with the player's entries
//! among the givens, so that `rate`, `solve` and `play --puzzle` read back the puzzle. With
//! `--with-entries` the entries come too, apart: `line` adds ` # entries <81 characters>` (a
//! comment to every reader), `json` an `"entries"` field and the pencil marks of both kinds as
//! `"marks"` and `"corner_marks"` (passed over by every reader), `pencil` draws them in their cells
//! (it shows centre marks as `[26]` and corner marks as `{13}` with or without the flag); `grid` and `solo` have no place for them and refuse the flag.
//!
//! `solo` writes Solo's game id: `3x3k:<givens>,<walls>,<sums>` for a killer and Solo's classic
//! `3x3:<givens>` for a classic puzzle (Solo reads both). `json` writes one object a line: variant,
//! givens, the cages as lists of cells with their sums. `fpuzzles` and `sudokupad` write a link
//! those sites open (the givens, and a killer's cages with their sums).
//!
//! `svg` and `html` print sheets to put on paper ([`super::svg`]): `--per-page 1|2|4|6` puzzles a
//! page of `--paper a4|letter`, then with `--solution` the solutions' pages. An SVG holds one page:
//! a sheet of more pages is written one SVG file a page into `--output DIR`, or whole as `html`,
//! which a browser prints one page a sheet of paper. A sheet without GAME or `--puzzle` prints the
//! puzzles piped into standard input (`generate | export --format svg`), the current game when
//! standard input is a terminal or brings no puzzle.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::bail;
use clap::{Args, ValueEnum};

use super::OutputFormat;
use super::input::{Answer, Entry, entries, puzzle_entries, run_batch};
use super::svg::layout::{Paper, PerPage};
use super::svg::sheet::{
    SheetOptions, SheetPuzzle, caption, html_document, pages, read_puzzles, setup_page, svg_document,
};
use crate::engine::text::{fpuzzles_link_of, parse_puzzle, puzzle_json_of, solo_id_of, sudokupad_link_of};
use crate::engine::{PuzzleSetup, Variant};
use crate::profile::Overrides;
use crate::profile::atomic::write_atomically;
use crate::profile::export::{Entries, ExportFormat, export, with_marks};
use crate::profile::saves::SavedGame;

/// How to print the game.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum FormatArg {
    /// The puzzle's line: its 81 givens, a killer as its killer line, then `x` for Sudoku X or a
    /// jigsaw's 81 region numbers (with --with-entries, then ` # entries ` and the 81 cells of the
    /// entries).
    #[default]
    Line,
    /// The givens in nine rows with box separators (classic puzzles only: cages, diagonals or
    /// regions would be lost).
    Grid,
    /// Nine rows, empty cells showing their pencil marks (centre `[26]`, corner `{13}`; a saved
    /// classic game only; its entries with --with-entries).
    Pencil,
    /// Solo's game id (`3x3k:...` for a killer, `3x3:...` for a classic puzzle, `3x3x` for X, `9j`
    /// for a jigsaw): the givens, cages and regions, not the digits entered.
    Solo,
    /// One JSON object: variant, givens, cages (cells and sum each), `diagonals` (X), `regions`
    /// (jigsaw) and, for a game with
    /// --with-entries, `entries`, `marks` and `corner_marks` (81 strings each).
    Json,
    /// An f-puzzles link (`https://f-puzzles.com/?load=...`): the givens, a killer's cages, the
    /// diagonals and a jigsaw's regions.
    Fpuzzles,
    /// A SudokuPad link (`https://sudokupad.app/fpuzzles...`): as the f-puzzles link.
    Sudokupad,
    /// A printable sheet as SVG, one page (more pages: one file a page with --output DIR); without
    /// GAME or --puzzle, of the puzzles piped into standard input if any.
    Svg,
    /// A printable sheet as one HTML document, each page an SVG that a browser prints on its own
    /// sheet of paper.
    Html,
}

/// Arguments of `termdoku export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The game: its id or the start of it (default: the latest unfinished game).
    pub game: Option<String>,
    /// Convert puzzles instead of a saved game: a puzzle in any form `solve` reads (classic line or
    /// grid, killer line, Solo game id, JSON), a file of them, or `-` for standard input.
    #[arg(long, value_name = "PUZZLE|FILE|-", conflicts_with = "game")]
    pub puzzle: Option<String>,
    /// The output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: FormatArg,
    /// Write the game's entries too, apart from the puzzle's givens (line, json and pencil).
    #[arg(long, conflicts_with = "puzzle")]
    pub with_entries: bool,
    /// Sheets (svg, html): how many puzzles a page holds, one big, two one above the other, four
    /// 2x2 or six 2x3 [default: 1].
    #[arg(long, value_enum, value_name = "N")]
    pub per_page: Option<PerPage>,
    /// Sheets (svg, html): the paper [default: a4].
    #[arg(long, value_enum)]
    pub paper: Option<Paper>,
    /// Sheets (svg, html): add the solutions' pages after the puzzles' pages.
    #[arg(long)]
    pub solution: bool,
    /// Sheets (svg): write one SVG file a page into this folder (page-1.svg, page-2.svg, ...),
    /// printing their paths, instead of one page to standard output.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
}

impl ExportArgs {
    /// The sheet's options, or the first sheet option given to a format that takes none
    /// (`--output` only with svg, which alone writes files).
    fn sheet_options(&self) -> Result<Option<SheetOptions>, &'static str> {
        let sheet = matches!(self.format, FormatArg::Svg | FormatArg::Html);
        let misplaced = [
            (self.per_page.is_some() && !sheet, "--per-page"),
            (self.paper.is_some() && !sheet, "--paper"),
            (self.solution && !sheet, "--solution"),
            (self.output.is_some() && !matches!(self.format, FormatArg::Svg), "--output"),
        ];
        if let Some((_, flag)) = misplaced.iter().find(|(wrong, _)| *wrong) {
            return Err(flag);
        }
        Ok(sheet.then(|| SheetOptions {
            paper: self.paper.unwrap_or_default(),
            per_page: self.per_page.unwrap_or_default(),
            solutions: self.solution,
        }))
    }
}

/// Prints the game.
pub fn run(args: &ExportArgs, overrides: &Overrides) -> anyhow::Result<ExitCode> {
    let sheet_options = match args.sheet_options() {
        Ok(options) => options,
        Err("--output") => {
            bail!(
                "--output: only --format svg writes files (one a page); the others write to standard output"
            )
        }
        Err(flag) => bail!("{flag}: only printable sheets take it: use --format svg or html"),
    };
    if let (Some(_), true) = (sheet_options, args.with_entries) {
        bail!("--with-entries: a printable sheet holds the puzzle only: use line, json or pencil");
    }
    // `generate | termdoku export --format svg`: a sheet of what is piped in, the current game when
    // nothing is.
    if let Some(options) = sheet_options {
        if args.game.is_none() && args.puzzle.is_none() && !std::io::stdin().is_terminal() {
            match printable(entries(&[]))? {
                Err(code) => return Ok(code),
                Ok(puzzles) if !puzzles.is_empty() => return write_sheet(&puzzles, options, args),
                Ok(_) => {}
            }
        }
    }
    if let Some(puzzle) = &args.puzzle {
        return match sheet_options {
            Some(options) => print_puzzles(puzzle, options, args),
            None => convert(std::slice::from_ref(puzzle), args.format),
        };
    }
    let session = super::open_session(overrides)?;
    let store = session.saves();
    let unfinished = store.unfinished();
    let history = store.history();
    // Without the saves folder there is no game to pick; without the history, the unfinished games.
    let problems = super::listing::problems(&unfinished, store.saves_dir()).map_err(anyhow::Error::msg)?;
    let history_problems =
        super::listing::problems(&history, &session.dirs.history_dir()).unwrap_or_else(|folder| vec![folder]);
    for problem in problems.iter().chain(&history_problems) {
        eprintln!("warning: {problem}");
    }
    let game = pick(args.game.as_deref(), unfinished.games, history.games)?;
    let puzzle = &game.puzzle;
    if let Some(refusal) = classic_only(args.format, puzzle.variant()) {
        bail!("game {}: {refusal}", game.id);
    }
    let entries = if args.with_entries { Entries::Included } else { Entries::Left };
    let text = match (args.format, entries) {
        (
            FormatArg::Grid | FormatArg::Solo | FormatArg::Fpuzzles | FormatArg::Sudokupad,
            Entries::Included,
        ) => {
            bail!(
                "--with-entries: --format grid, solo, fpuzzles and sudokupad write the puzzle only: use line, json or pencil"
            )
        }
        (FormatArg::Line, _) => export(&game, ExportFormat::Line, entries),
        (FormatArg::Grid, _) => export(&game, ExportFormat::Grid, entries),
        (FormatArg::Pencil, _) => export(&game, ExportFormat::Pencil, entries),
        (FormatArg::Solo, _) => {
            format!("{}\n", solo_id_of(puzzle.givens(), puzzle.layout(), puzzle.cages(), None))
        }
        (FormatArg::Fpuzzles, _) => {
            format!("{}\n", fpuzzles_link_of(puzzle.givens(), puzzle.layout(), puzzle.cages()))
        }
        (FormatArg::Sudokupad, _) => {
            format!("{}\n", sudokupad_link_of(puzzle.givens(), puzzle.layout(), puzzle.cages()))
        }
        (FormatArg::Svg | FormatArg::Html, _) => {
            let sheet = [SheetPuzzle { puzzle: puzzle.clone(), caption: caption(None, puzzle, game.level) }];
            return write_sheet(&sheet, sheet_options.unwrap_or_default(), args);
        }
        (FormatArg::Json, _) => {
            let written = (entries == Entries::Included).then_some(&game.board.entries);
            let json = puzzle_json_of(puzzle.givens(), puzzle.layout(), puzzle.cages(), written);
            let json = if written.is_some() { with_marks(&json, &game) } else { json };
            format!("{json}\n")
        }
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// Writes every puzzle of `args` (the `[PUZZLE | FILE | -]` convention) in `format`, one answer
/// per input entry; unreadable puzzles are named on standard error (exit status 1).
fn convert(args: &[String], format: FormatArg) -> anyhow::Result<ExitCode> {
    if let FormatArg::Pencil = format {
        bail!("--format pencil shows a game's pencil marks: use it without --puzzle");
    }
    let output = if let FormatArg::Json = format { OutputFormat::Json } else { OutputFormat::Text };
    run_batch(puzzle_entries(args)?, 1, output, |place, text| match parse_puzzle(&text) {
        Ok(read) => match classic_only(format, read.variant()) {
            Some(refusal) => Answer::failed(place, refusal),
            None => Answer::ok(convert_one(&read, format)),
        },
        Err(error) => Answer::failed(place, error),
    })
}

/// Why `format` cannot write a puzzle of `variant`, if it cannot: a grid or pencil marks draw the
/// digits only, so a killer's cages, X's diagonals or a jigsaw's regions would be lost.
fn classic_only(format: FormatArg, variant: Variant) -> Option<String> {
    let name = match format {
        FormatArg::Grid => "grid",
        FormatArg::Pencil => "pencil",
        FormatArg::Line
        | FormatArg::Solo
        | FormatArg::Json
        | FormatArg::Fpuzzles
        | FormatArg::Sudokupad
        | FormatArg::Svg
        | FormatArg::Html => {
            return None;
        }
    };
    let lost = match variant {
        Variant::Classic => return None,
        Variant::Killer => "a killer's cages",
        Variant::X => "the diagonals of Sudoku X",
        Variant::Jigsaw => "a jigsaw's regions",
        Variant::KillerX => "the cages and diagonals of a Killer X",
        Variant::KillerJigsaw => "the cages and regions of a jigsaw killer",
    };
    Some(format!(
        "--format {name} draws the digits only, so {lost} would be lost ({} puzzle): use --format line, solo or json",
        variant.name()
    ))
}

/// One puzzle in `format` (pencil marks excepted), without a final newline.
pub(super) fn convert_one(read: &PuzzleSetup, format: FormatArg) -> String {
    match format {
        FormatArg::Line => read.to_line(),
        FormatArg::Grid | FormatArg::Pencil => read.givens.to_framed().trim_end().to_string(),
        FormatArg::Solo => solo_id_of(&read.givens, &read.layout, read.cages.as_ref(), None),
        FormatArg::Json => puzzle_json_of(&read.givens, &read.layout, read.cages.as_ref(), None),
        FormatArg::Fpuzzles => fpuzzles_link_of(&read.givens, &read.layout, read.cages.as_ref()),
        FormatArg::Sudokupad => sudokupad_link_of(&read.givens, &read.layout, read.cages.as_ref()),
        FormatArg::Svg => svg_document(&setup_page(read, Paper::default())),
        FormatArg::Html => html_document(&[setup_page(read, Paper::default())], Paper::default()),
    }
}

/// Prints the puzzles of `input` (the `PUZZLE | FILE | -` convention) as a sheet.
fn print_puzzles(input: &str, options: SheetOptions, args: &ExportArgs) -> anyhow::Result<ExitCode> {
    let puzzles = match printable(puzzle_entries(std::slice::from_ref(&input.to_string()))?)? {
        Ok(puzzles) => puzzles,
        Err(code) => return Ok(code),
    };
    if puzzles.is_empty() {
        bail!("no puzzle to print in {input}");
    }
    write_sheet(&puzzles, options, args)
}

/// The puzzles of `entries` for a sheet, or, after naming on standard error each one that cannot be
/// read or has not exactly one solution (with its line), the exit status: nothing is printed then.
fn printable(
    entries: impl Iterator<Item = std::io::Result<Entry>>,
) -> anyhow::Result<Result<Vec<SheetPuzzle>, ExitCode>> {
    match read_puzzles(entries)? {
        Ok(puzzles) => Ok(Ok(puzzles)),
        Err(problems) => {
            for problem in &problems {
                eprintln!("error: {problem}");
            }
            eprintln!("error: no sheet printed: {} puzzle(s) cannot be printed", problems.len());
            Ok(Err(ExitCode::FAILURE))
        }
    }
}

/// Writes the sheet of `puzzles`: as HTML to standard output, as one SVG page to standard output,
/// or one SVG file a page into `--output DIR` (their paths printed).
fn write_sheet(
    puzzles: &[SheetPuzzle],
    options: SheetOptions,
    args: &ExportArgs,
) -> anyhow::Result<ExitCode> {
    let pages = pages(puzzles, options);
    let text = match (args.format, &args.output) {
        (FormatArg::Svg, Some(dir)) => return write_pages(&pages, dir),
        (FormatArg::Svg, None) => match pages.as_slice() {
            [page] => svg_document(page),
            _ => bail!(
                "the sheet has {} pages, and an SVG holds one: write one file a page with --output DIR, or every page in one printable file with --format html",
                pages.len()
            ),
        },
        _ => html_document(&pages, options.paper),
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `pages` into `dir` as `page-1.svg`, `page-2.svg`, ... (numbers padded to sort in order
/// past nine pages), each atomically, and prints their paths.
fn write_pages(pages: &[String], dir: &Path) -> anyhow::Result<ExitCode> {
    let width = pages.len().to_string().len();
    let mut out = std::io::stdout().lock();
    for (i, page) in pages.iter().enumerate() {
        let path = dir.join(format!("page-{:0width$}.svg", i + 1));
        write_atomically(&path, svg_document(page).as_bytes())
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
        writeln!(out, "{}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The game named by `wanted` (an id or the start of one), or the latest unfinished one.
fn pick(
    wanted: Option<&str>,
    unfinished: Vec<SavedGame>,
    history: Vec<SavedGame>,
) -> anyhow::Result<SavedGame> {
    let Some(wanted) = wanted else {
        return match unfinished.into_iter().next() {
            Some(game) => Ok(game),
            None => bail!("no unfinished game: name one (see `termdoku play --list`)"),
        };
    };
    let mut matches: Vec<SavedGame> =
        unfinished.into_iter().chain(history).filter(|g| g.id.starts_with(wanted)).collect();
    match matches.len() {
        0 => bail!("no saved game `{wanted}` (see `termdoku play --list`)"),
        1 => Ok(matches.remove(0)),
        n => bail!("`{wanted}` matches {n} games: give more of the id"),
    }
}
