//! Puzzle links of the killer community, read offline and written: f-puzzles
//! (`https://f-puzzles.com/?load=<payload>`) and SudokuPad (`https://sudokupad.app/<form><payload>`,
//! where the form is `fpuzzles` or `fpuz` for f-puzzles' JSON and `scl` or `ctc` for SudokuPad's
//! own). A payload is the puzzle's JSON compressed with lz-string into base64, sometimes
//! percent-encoded on the way.
//!
//! What a link holds is read as a puzzle of any of termdoku's variants: the givens, the killer
//! cages with their sums, the diagonals of Sudoku X and a jigsaw's regions (`fpuzzles.rs` reads
//! f-puzzles' JSON, `sudokupad.rs` SudokuPad's, `zipped.rs` undoes SudokuPad's minified JSON). A
//! constraint termdoku does not play (thermometers, arrows, a single diagonal, a cage without a
//! sum, a grid that is not 9x9...) refuses the link with its name; a short link, whose puzzle is on a server, is refused with what to do instead. Nothing
//! here touches the network.

mod fpuzzles;
mod sudokupad;
mod zipped;

use std::fmt;

use percent_encoding::percent_decode_str;
use serde_json::Value;
use thiserror::Error;

use crate::engine::killer::Cages;
use crate::engine::{Grid, Layout, PuzzleSetup};

/// The site a link belongs to, as its messages name it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Site {
    /// f-puzzles.com.
    FPuzzles,
    /// SudokuPad (sudokupad.app, and Cracking the Cryptic's app, which is SudokuPad).
    SudokuPad,
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Site::FPuzzles => "f-puzzles",
            Site::SudokuPad => "SudokuPad",
        })
    }
}

/// Why a link gives no puzzle: the site (when known) and the problem, in words.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum LinkError {
    /// A link to a site whose puzzles termdoku does not read.
    #[error("a link to {host}: termdoku reads f-puzzles and SudokuPad links")]
    OtherSite {
        /// The link's host.
        host: String,
    },
    /// A short link: the puzzle is on a server, and termdoku reads links offline.
    #[error(
        "{place}: a short link, whose puzzle is on a server; termdoku reads links without the network: \
         open it in a browser and paste the long address it leads to"
    )]
    Short {
        /// The site, or the link shortener's host.
        place: String,
    },
    /// A link of a site that does not hold a readable puzzle.
    #[error("{site} link: {problem}")]
    Puzzle {
        /// The site.
        site: Site,
        /// What is wrong.
        problem: String,
    },
    /// A link to a puzzle with rules termdoku does not play.
    #[error(
        "{site} link: termdoku does not play {} (it plays classic, Killer, X and jigsaw Sudoku)",
        .what.join(", ")
    )]
    Unsupported {
        /// The site.
        site: Site,
        /// The constraints, by the names the site gives them.
        what: Vec<String>,
    },
}

/// Hosts that shorten links: the puzzle behind them needs the network.
const SHORTENERS: [&str; 7] = ["tinyurl.com", "bit.ly", "tiny.cc", "is.gd", "goo.gl", "t.co", "shorturl.at"];

/// Whether `text` is meant as a link: it starts with `http://` or `https://`, or with the host of
/// f-puzzles or SudokuPad.
pub fn is_puzzle_link(text: &str) -> bool {
    let text = text.trim_start();
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://") || site_of(host_of(text).0).is_some()
}

/// The puzzle a link holds (see the module's documentation for the forms read).
pub fn parse_puzzle_link(text: &str) -> Result<PuzzleSetup, LinkError> {
    let (host, rest) = host_of(text.trim());
    let host = host.to_ascii_lowercase();
    let Some(site) = site_of(&host) else {
        let bare = host.strip_prefix("www.").unwrap_or(&host);
        if SHORTENERS.contains(&bare) {
            return Err(LinkError::Short { place: bare.to_string() });
        }
        return Err(LinkError::OtherSite { host: host.chars().take(40).collect() });
    };
    read_link(site, rest).map_err(|error| match error {
        Reading::Unsupported(what) => LinkError::Unsupported { site, what },
        Reading::Problem(problem) => LinkError::Puzzle { site, problem },
        Reading::Short => LinkError::Short { place: site.to_string() },
    })
}

/// The puzzle of a link of `site`, from `rest`, the link after its host.
fn read_link(site: Site, rest: &str) -> Result<PuzzleSetup, Reading> {
    match site {
        Site::FPuzzles => {
            let payload = query_value(rest, "load")
                .ok_or_else(|| Reading::Problem("no puzzle in it (expected ?load=...)".into()))?;
            fpuzzles::read(&decompress(&payload)?)
        }
        Site::SudokuPad => {
            let id = query_value(rest, "puzzleid").unwrap_or_else(|| {
                let path = rest.split(['?', '#']).next().unwrap_or("").trim_start_matches('/');
                let path = path.strip_prefix("sudoku/").unwrap_or(path);
                decode_percent(path)
            });
            match split_form(&id) {
                (Some(Form::FPuzzles), payload) => fpuzzles::read(&decompress(payload)?),
                (Some(Form::Scl), payload) => sudokupad::read(&decompress(payload)?),
                (None, _) if id.is_empty() => Err(Reading::Problem("no puzzle in it".into())),
                (None, _) => Err(Reading::Short),
            }
        }
    }
}

/// `givens` (with a killer's `cages`) as an f-puzzles link, which f-puzzles opens.
pub fn fpuzzles_link(givens: &Grid, cages: Option<&Cages>) -> String {
    fpuzzles_link_of(givens, Layout::classic_ref(), cages)
}

/// A puzzle of any variant as an f-puzzles link: as [`fpuzzles_link`], with both diagonals for
/// Sudoku X and the cells' regions for a jigsaw.
pub fn fpuzzles_link_of(givens: &Grid, layout: &Layout, cages: Option<&Cages>) -> String {
    format!("https://f-puzzles.com/?load={}", fpuzzles_payload(givens, layout, cages))
}

/// `givens` (with a killer's `cages`) as a SudokuPad link: SudokuPad opens f-puzzles' JSON under
/// its `fpuzzles` form, so the payload is the one of [`fpuzzles_link`].
pub fn sudokupad_link(givens: &Grid, cages: Option<&Cages>) -> String {
    sudokupad_link_of(givens, Layout::classic_ref(), cages)
}

/// A puzzle of any variant as a SudokuPad link, in f-puzzles' JSON as [`fpuzzles_link_of`] writes
/// it (SudokuPad draws its diagonals and regions).
pub fn sudokupad_link_of(givens: &Grid, layout: &Layout, cages: Option<&Cages>) -> String {
    format!("https://sudokupad.app/fpuzzles{}", fpuzzles_payload(givens, layout, cages))
}

/// f-puzzles' JSON of the puzzle, compressed with lz-string into base64: the payload of both links.
fn fpuzzles_payload(givens: &Grid, layout: &Layout, cages: Option<&Cages>) -> String {
    lz_str::compress_to_base64(fpuzzles::write(givens, layout, cages).as_str())
}

/// What reading a site's JSON found wrong, before the site is named.
enum Reading {
    /// Constraints termdoku does not play, by the names the site gives them.
    Unsupported(Vec<String>),
    /// Anything else, in words.
    Problem(String),
    /// A short link: the puzzle is on the site's server.
    Short,
}

impl From<String> for Reading {
    fn from(problem: String) -> Reading {
        Reading::Problem(problem)
    }
}

/// The payload forms a SudokuPad link names before its data.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Form {
    /// f-puzzles' JSON (`fpuzzles`, `fpuz`).
    FPuzzles,
    /// SudokuPad's own JSON, minified (`scl`, `ctc`).
    Scl,
}

/// The form named at the start of a SudokuPad puzzle id, and the payload after it.
fn split_form(id: &str) -> (Option<Form>, &str) {
    for (prefix, form) in
        [("fpuzzles", Form::FPuzzles), ("fpuz", Form::FPuzzles), ("scl", Form::Scl), ("ctc", Form::Scl)]
    {
        if let Some(payload) = id.strip_prefix(prefix) {
            return (Some(form), payload);
        }
    }
    (None, id)
}

/// The site of `host`.
fn site_of(host: &str) -> Option<Site> {
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    match host {
        "f-puzzles.com" => Some(Site::FPuzzles),
        "sudokupad.app" | "beta.sudokupad.app" | "app.crackingthecryptic.com" | "sudokupad.svencodes.com" => {
            Some(Site::SudokuPad)
        }
        _ => None,
    }
}

/// `text` without `http://` or `https://`.
fn without_scheme(text: &str) -> &str {
    for scheme in ["https://", "http://"] {
        if let Some(start) = text.get(..scheme.len())
            && start.eq_ignore_ascii_case(scheme)
        {
            return &text[scheme.len()..];
        }
    }
    text
}

/// The host at the start of `text` (a link without its scheme) and the rest.
fn host_of(text: &str) -> (&str, &str) {
    let text = without_scheme(text);
    let end = text.find(['/', '?', '#']).unwrap_or(text.len());
    text.split_at(end)
}

/// The percent-decoded value of query parameter `key` in `rest` (the link after its host).
/// A `+` stays a `+`: it belongs to the base64 payload, not a space.
fn query_value(rest: &str, key: &str) -> Option<String> {
    let query = rest.split_once('?')?.1;
    let query = query.split('#').next().unwrap_or(query);
    query.split('&').find_map(|pair| pair.strip_prefix(key)?.strip_prefix('=')).map(decode_percent)
}

/// `text` percent-decoded (left as it is where it is not valid UTF-8 after decoding).
fn decode_percent(text: &str) -> String {
    percent_decode_str(text).decode_utf8().map_or_else(|_| text.to_string(), |decoded| decoded.into_owned())
}

/// The JSON text of a payload: lz-string's base64 decompressed, or the JSON itself when it was not
/// compressed.
fn decompress(payload: &str) -> Result<String, Reading> {
    let payload = payload.trim();
    if payload.starts_with('{') {
        return Ok(payload.to_string());
    }
    let broken = || Reading::Problem("its puzzle data does not decompress (is the link cut short?)".into());
    let wide = lz_str::decompress_from_base64(payload).ok_or_else(broken)?;
    let text = String::from_utf16(&wide).map_err(|_| broken())?;
    if text.trim().is_empty() {
        return Err(broken());
    }
    Ok(text)
}

/// The names of the fields of `object` that hold something (not `false`, `null`, `0`, an empty
/// string, list or object) and are not in `known`.
fn unknown_fields(object: &serde_json::Map<String, Value>, known: &[&str]) -> Vec<String> {
    object
        .iter()
        .filter(|(key, value)| !known.contains(&key.as_str()) && holds_something(value))
        .map(|(key, _)| key.chars().take(24).collect())
        .collect()
}

/// Whether a JSON value holds something.
fn holds_something(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => false,
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::String(s) => !s.trim().is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(fields) => !fields.is_empty(),
        Value::Bool(true) => true,
    }
}

#[cfg(test)]
mod tests;
