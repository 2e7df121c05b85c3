//! A sheet: the puzzles to print (read from the `--puzzle` input with their captions, each checked
//! to have exactly one solution), cut into pages, written as SVG documents or as one HTML document
//! that prints each page on its own sheet of paper.

use std::fmt::Write as _;
use std::io;

use super::layout::{Paper, PerPage, page_layout};
use super::page::{Drawn, escape, page_svg};
use crate::cli::input::{Entry, Place};
use crate::engine::logic::Level;
use crate::engine::text::{is_puzzle_json, parse_puzzle};
use crate::engine::{Puzzle, PuzzleSetup};

/// One puzzle of a sheet and the caption printed above it.
#[derive(Clone, Debug)]
pub struct SheetPuzzle {
    /// The puzzle (validated: its solution is known).
    pub puzzle: Puzzle,
    /// The caption: its number in the input, variant and level when known.
    pub caption: String,
}

/// How a sheet is printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SheetOptions {
    /// The paper.
    pub paper: Paper,
    /// How many puzzles a page holds.
    pub per_page: PerPage,
    /// Whether the solution pages follow the puzzles' pages.
    pub solutions: bool,
}

/// The caption of a puzzle: `No. 3 · Killer · Hard` (its number when it came from a list, its
/// level when known).
pub fn caption(number: Option<usize>, puzzle: &Puzzle, level: Option<Level>) -> String {
    let mut parts = Vec::new();
    if let Some(number) = number {
        parts.push(format!("No. {number}"));
    }
    parts.push(puzzle.variant().title().to_string());
    if let Some(level) = level {
        parts.push(capitalised(level.name()));
    }
    parts.join(" · ")
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// The level a puzzle's line gives beside the puzzle, as `generate` and `rate` write them: the
/// second tab-separated field, or a JSON object's `level`.
fn level_in(text: &str) -> Option<Level> {
    if is_puzzle_json(text) {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        return Level::from_name(value.get("level")?.as_str()?);
    }
    Level::from_name(text.split('\t').nth(1)?.trim())
}

/// The puzzles of `entries` (blank and comment lines passed over), numbered in input order, or
/// every problem found, each naming its place: an unreadable puzzle, or one without exactly one
/// solution (a printed puzzle must have one, and its solution page shows it).
pub fn read_puzzles(
    entries: impl Iterator<Item = io::Result<Entry>>,
) -> io::Result<Result<Vec<SheetPuzzle>, Vec<String>>> {
    let mut puzzles = Vec::new();
    let mut problems = Vec::new();
    for entry in entries {
        let (place, text): (Place, String) = match entry? {
            Entry::Passthrough(_) => continue,
            Entry::Unreadable { place, reason } => {
                problems.push(format!("{place}: {reason}"));
                continue;
            }
            Entry::Puzzle { place, text } => (place, text),
        };
        let number = puzzles.len() + problems.len() + 1;
        match parse_puzzle(&text)
            .map_err(|e| e.to_string())
            .and_then(|setup| setup.into_puzzle().map_err(|e| e.to_string()))
        {
            Ok(puzzle) => {
                let caption = caption(Some(number), &puzzle, level_in(&text));
                puzzles.push(SheetPuzzle { puzzle, caption });
            }
            Err(reason) => problems.push(format!("{place}: {reason}")),
        }
    }
    Ok(if problems.is_empty() { Ok(puzzles) } else { Err(problems) })
}

/// The pages of the sheet, each an `<svg>` element: the puzzles' pages, then (with
/// [`SheetOptions::solutions`]) the solutions' pages, the puzzles in the same places.
pub fn pages(puzzles: &[SheetPuzzle], options: SheetOptions) -> Vec<String> {
    let layout = page_layout(options.paper, options.per_page);
    let chunks: Vec<&[SheetPuzzle]> = puzzles.chunks(options.per_page.count()).collect();
    let sides: &[bool] = if options.solutions { &[false, true] } else { &[false] };
    let total = chunks.len() * sides.len();
    let mut pages = Vec::with_capacity(total);
    for &solutions in sides {
        for chunk in &chunks {
            let captions: Vec<String> = chunk
                .iter()
                .map(|p| if solutions { format!("Solution · {}", p.caption) } else { p.caption.clone() })
                .collect();
            let drawn: Vec<Drawn<'_>> = chunk
                .iter()
                .zip(&captions)
                .map(|(p, caption)| Drawn {
                    caption,
                    givens: p.puzzle.givens(),
                    layout: p.puzzle.layout(),
                    cages: p.puzzle.cages(),
                    solution: solutions.then(|| p.puzzle.solution()),
                })
                .collect();
            let title = if solutions { "Solutions" } else { "Puzzles" };
            let footer = format!("termdoku · page {} of {total}", pages.len() + 1);
            pages.push(page_svg(&layout, &drawn, title, &footer));
        }
    }
    pages
}

/// The one-page sheet of `setup`, as it is (unchecked: no solution page).
pub fn setup_page(setup: &PuzzleSetup, paper: Paper) -> String {
    let caption = setup.variant().title().to_string();
    let drawn = Drawn {
        caption: &caption,
        givens: &setup.givens,
        layout: &setup.layout,
        cages: setup.cages.as_ref(),
        solution: None,
    };
    page_svg(&page_layout(paper, PerPage::One), &[drawn], "Puzzles", "termdoku · page 1 of 1")
}

/// One page as a standalone SVG file.
pub fn svg_document(page: &str) -> String {
    format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{page}")
}

/// Every page in one HTML document that a browser prints one page a sheet of `paper`, without
/// margins of its own (the pages have theirs); on screen the pages show as sheets on a grey desk.
pub fn html_document(pages: &[String], paper: Paper) -> String {
    let (width, height) = paper.size_attributes();
    let mut html = String::new();
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>\n\
         @page {{ size: {paper} portrait; margin: 0 }}\n\
         html, body {{ margin: 0; padding: 0 }}\n\
         .page {{ width: {width}; height: {height}; overflow: hidden; break-after: page; page-break-after: always }}\n\
         .page:last-child {{ break-after: auto; page-break-after: auto }}\n\
         .page svg {{ display: block }}\n\
         @media screen {{ body {{ background: #888 }} .page {{ margin: 8mm auto; background: #fff }} }}\n\
         </style>\n</head>\n<body>\n",
        escape(&format!("termdoku: {} page{}", pages.len(), if pages.len() == 1 { "" } else { "s" })),
        paper = paper.css_name(),
    );
    for page in pages {
        let _ = write!(html, "<div class=\"page\">\n{page}</div>\n");
    }
    html.push_str("</body>\n</html>\n");
    html
}
