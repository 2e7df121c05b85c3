//! Every text form of a puzzle, in and out: the classic line and grid (`grid.rs`), our killer line
//! (`killer_line.rs`), Solo's game id (`solo.rs`) and a JSON object (`json.rs`), each read and
//! written by its own file; and [`parse_puzzle`], the one function that tells the forms apart,
//! which the command line and the game both call.
//!
//! Reading gives a [`PuzzleSetup`], nothing validated yet. Nothing here reads files or standard
//! input (the command line hands over one entry's text at a time) or solves anything.

mod grid;
mod json;
pub(crate) mod killer_line;
mod links;
mod solo;
mod variant_field;

pub use grid::{ParseError, is_file_blank, is_rule_char, parse_grid};
pub use json::{JsonError, is_puzzle_json, parse_puzzle_json, puzzle_json, puzzle_json_of};
pub use killer_line::{KillerLineError, is_killer_line, killer_line, parse_killer_line, parse_killer_setup};
pub use links::{
    LinkError, Site, fpuzzles_link, fpuzzles_link_of, is_puzzle_link, parse_puzzle_link, sudokupad_link,
    sudokupad_link_of,
};
pub use solo::{
    SoloIdError, SoloLevel, SoloPart, SoloPuzzle, is_solo_id, parse_solo_id, solo_id, solo_id_of,
};
pub use variant_field::{VariantFieldError, parse_variant_field, region_field};

use crate::engine::PuzzleSetup;
use variant_field::{is_region_field, is_x_word};

/// Why a text holds no puzzle, in the words of the form it was read as.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PuzzleTextError {
    /// A classic grid (one line or nine rows).
    #[error(transparent)]
    Grid(#[from] ParseError),
    /// The field after a classic line naming its houses: `x`, or a jigsaw's 81 region numbers.
    #[error("{0}")]
    Variant(#[from] VariantFieldError),
    /// Our killer line, `<givens81> <cages81> <sums>` (and `x` or regions).
    #[error("killer line: {0}")]
    KillerLine(#[from] KillerLineError),
    /// Solo's game id, `3x3k:<givens>,<walls>,<sums>` or `3x3:<givens>`.
    #[error("Solo game id: {0}")]
    Solo(#[from] SoloIdError),
    /// A JSON object as `export --format json` writes it (its message starts with `JSON: `).
    #[error(transparent)]
    Json(#[from] JsonError),
    /// An f-puzzles or SudokuPad link (its message names the site).
    #[error(transparent)]
    Link(#[from] LinkError),
}

/// The puzzle a text holds, whatever its form (this is the one place where text becomes a puzzle,
/// for the command line and the game alike: another format is added here):
/// - our killer line, `<givens81> <cages81> <sums>` (told by its 81 cage symbols or its comma-
///   separated sums), with a fourth field `x` for Killer X or 81 region numbers for a jigsaw killer;
/// - Solo's game id, `3x3k[dX]:<givens>,<walls>,<sums>` for a killer or `3x3:<givens>`;
/// - a classic line: its first field (`<puzzle> <solution>` and trailing fields are fine), or 81
///   cells with spaces or box rules between them; a second field `x` makes it Sudoku X, and a
///   second field of 81 region numbers 1-9 in reading order a jigsaw (a second field of 81 digits
///   holding 1-9 once in every row and column is a solution, passed over: no region layout can
///   be one);
/// - a JSON object as `export --format json` writes it (see [`puzzle_json`]);
/// - an f-puzzles or SudokuPad link, read without the network (see [`parse_puzzle_link`]);
/// - grid rows joined by newlines. Blanks are `.` or `0` (in grids also `X`, `_` or `*`).
///
/// On a line, a TAB and what follows it, and ` #` and what follows it, are not part of the puzzle.
pub fn parse_puzzle(text: &str) -> Result<PuzzleSetup, PuzzleTextError> {
    let text = text.trim();
    if is_puzzle_json(text) {
        return Ok(parse_puzzle_json(text)?);
    }
    if is_puzzle_link(text) {
        return Ok(parse_puzzle_link(text)?);
    }
    if text.lines().count() > 1 {
        // Grid files (Simple Sudoku's `.ss`) may write blanks as `X`, `_` or `*`.
        let blanks = |c: char| if is_file_blank(c) { '.' } else { c };
        let rows: Vec<String> = text.lines().map(|l| l.trim().chars().map(blanks).collect()).collect();
        return Ok(PuzzleSetup::classic(parse_grid(&rows.join("\n"))?));
    }
    let before_tab = text.split('\t').next().unwrap_or(text);
    let without_comment = before_tab.split(" #").next().unwrap_or(before_tab).trim();
    if is_solo_id(without_comment) {
        let read = parse_solo_id(without_comment)?;
        return Ok(PuzzleSetup::new(read.givens, read.layout, read.cages));
    }
    if is_killer_line(without_comment) {
        return Ok(parse_killer_setup(without_comment)?);
    }
    let mut fields = without_comment.split_whitespace();
    let first = fields.next().unwrap_or("");
    if first.chars().count() == 81 {
        let givens = parse_grid(first)?;
        return match fields.next() {
            Some(field) if is_x_word(field) || is_region_field(field) => {
                Ok(PuzzleSetup::new(givens, parse_variant_field(field)?, None))
            }
            _ => Ok(PuzzleSetup::classic(givens)),
        };
    }
    // 81 cells written with spaces or box rules between them, on one line.
    let cells: String = without_comment.chars().filter(|&c| !is_rule_char(c) && !c.is_whitespace()).collect();
    if cells.chars().count() == 81 {
        return Ok(PuzzleSetup::classic(parse_grid(&cells)?));
    }
    match parse_grid(first) {
        Err(ParseError::WrongLength { found }) if without_comment.len() > first.len() => {
            Err(ParseError::SpaceInside { found, position: found + 1 }.into())
        }
        read => Ok(PuzzleSetup::classic(read?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixtures::SOLO_FIRST_KILLER as KILLER;
    use crate::engine::fixtures::SOLO_FIRST_KILLER_ID as SOLO;
    use crate::engine::killer::Cages;
    use crate::engine::{Grid, Variant};

    const LINE: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    /// The givens `text` holds.
    fn givens_of(text: &str) -> Result<Grid, PuzzleTextError> {
        parse_puzzle(text).map(|p| p.givens)
    }

    fn line_grid() -> Grid {
        parse_grid(LINE).expect("valid")
    }

    #[test]
    fn a_line_with_what_other_commands_write_after_the_puzzle() {
        let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        for text in [
            LINE.to_string(),
            format!("  {LINE}  "),
            format!("{LINE} {solution}"),
            format!("{LINE}\teasy\t212\tnaked-single\t53"),
            format!("{LINE} # from the newspaper"),
            LINE.replace('0', "."),
        ] {
            assert_eq!(givens_of(&text), Ok(line_grid()), "{text}");
        }
        let spaced: String = LINE.chars().map(|c| format!("{c} ")).collect();
        assert_eq!(givens_of(&spaced), Ok(line_grid()));
    }

    #[test]
    fn a_space_inside_a_classic_line_is_named() {
        let broken = format!("{} {}", &LINE[..40], &LINE[41..]);
        let error = givens_of(&broken).expect_err("80 cells").to_string();
        assert!(error.starts_with("expected 81 cells, found 40 before the space at character 41"), "{error}");
        let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let error = givens_of(&format!("{} {solution}", &LINE[..80])).expect_err("80 cells").to_string();
        assert!(error.contains("found 80 before the space at character 81"), "{error}");
        // A bad character is named before the space.
        let letter = format!("{}x {}", &LINE[..20], &LINE[21..]);
        assert!(givens_of(&letter).expect_err("x").to_string().starts_with("bad character 'x'"));
        // One space among the 81 cells is read as separating them.
        assert_eq!(givens_of(&format!("{} {}", &LINE[..40], &LINE[40..])), Ok(line_grid()));
    }

    #[test]
    fn killer_lines_and_solo_ids_are_told_apart_from_classic_lines() {
        let killer = parse_puzzle(KILLER).expect("a killer line");
        assert_eq!((killer.variant(), killer.cages.as_ref().map(Cages::len)), (Variant::Killer, Some(36)));
        for text in [
            format!("{KILLER}\tsolution\tTrivial\t{SOLO}"),
            format!("  {KILLER} # a comment"),
            SOLO.to_string(),
            format!("{SOLO}\tTrivial"),
        ] {
            assert_eq!(parse_puzzle(&text).as_ref(), Ok(&killer), "{text}");
        }
        assert_eq!(killer.to_line(), KILLER);
        // A killer line cut short is read as one, for its error.
        let short = KILLER.replacen("aab", "ab", 1);
        assert!(
            matches!(parse_puzzle(&short), Err(PuzzleTextError::KillerLine(_))),
            "{:?}",
            parse_puzzle(&short)
        );
        let sums = KILLER.replacen(" 9,10,", " 9,x,", 1);
        assert!(parse_puzzle(&sums).expect_err("bad sum").to_string().starts_with("killer line: sums:"));
        assert!(parse_puzzle("3x3k#seed").expect_err("a seed").to_string().starts_with("Solo game id: "));
        // `<puzzle> <solution>` stays classic.
        let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        assert_eq!(parse_puzzle(&format!("{LINE} {solution}")).map(|p| p.variant()), Ok(Variant::Classic));
    }

    /// A jigsaw's regions: the boxes, but r1c4 in region 1 and r3c3 in region 2.
    const REGIONS: &str = "111122333111222333112222333444555666444555666444555666777888999777888999777888999";

    #[test]
    fn x_and_jigsaw_lines_go_round_in_every_form() {
        let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let killer = parse_puzzle(KILLER).expect("a killer");
        for (field, variant) in [("x", Variant::X), (REGIONS, Variant::Jigsaw)] {
            let line = format!("{LINE} {field}");
            let setup = parse_puzzle(&line).expect("valid");
            assert_eq!((setup.variant(), setup.givens), (variant, line_grid()), "{line}");
            assert_eq!(setup.to_line(), format!("{} {field}", LINE.replace('0', ".")));
            for text in [
                format!("{line} {solution}"),
                format!("{line}\teasy"),
                format!("  {line} # a comment"),
                format!("{} {field}", LINE.replace('0', ".")),
            ] {
                assert_eq!(parse_puzzle(&text).as_ref(), Ok(&setup), "{text}");
            }
            let killer_line = format!("{KILLER} {field}");
            let setup = parse_puzzle(&killer_line).expect("valid");
            assert_eq!(setup.variant(), variant.with_cages(true));
            assert_eq!((setup.to_line(), &setup.cages), (killer_line.clone(), &killer.cages));
            assert_eq!(parse_puzzle(&setup.to_line()).as_ref(), Ok(&setup));
            assert_eq!(parse_puzzle(&format!("{killer_line}\tsolution")), Ok(setup));
        }
        // `<puzzle> <solution>` stays classic, and so does a field that is no region layout's.
        assert_eq!(parse_puzzle(&format!("{LINE} {solution}")).map(|p| p.variant()), Ok(Variant::Classic));
        assert_eq!(parse_puzzle(&format!("{LINE} {}", LINE)).map(|p| p.variant()), Ok(Variant::Classic));
    }

    #[test]
    fn bad_regions_are_named_with_region_and_cell() {
        let err = |s: String| parse_puzzle(&s).expect_err("invalid").to_string();
        let mut swapped = REGIONS.as_bytes().to_vec();
        swapped.swap(0, 80);
        let swapped = String::from_utf8(swapped).expect("ascii");
        assert_eq!(
            err(format!("{LINE} {swapped}")),
            "regions: region 1 is not connected: r9c9 does not touch the rest of it"
        );
        assert_eq!(
            err(format!("{KILLER} {swapped}")),
            "killer line: fourth field: regions: region 1 is not connected: r9c9 does not touch the rest of it"
        );
        assert_eq!(
            err(format!("{KILLER} {}", &REGIONS[..80])),
            "killer line: fourth field: regions: expected 81 region numbers 1-9, found 80"
        );
        assert!(err(format!("{KILLER} y")).contains("fourth field: expected `x` (Sudoku X)"));
        assert!(err(format!("{KILLER} x x")).contains("found 5"), "{}", err(format!("{KILLER} x x")));
        let mut big = REGIONS.to_string();
        big.replace_range(80.., "1");
        assert_eq!(err(format!("{LINE} {big}")), "regions: region 1 has 10 cells, not 9");
    }
}
