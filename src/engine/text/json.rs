//! A puzzle as one JSON object, written by `export --format json` and read wherever a puzzle is
//! read: `{"variant": "killer", "givens": "<81 characters>", "cages": [{"sum": 9, "cells":
//! ["r1c1", "r1c2"]}, ...]}`; a classic puzzle has `"variant": "classic"` and no `cages`. Sudoku X
//! (`"variant": "x"` or `"killer-x"`) adds `"diagonals": true`; a jigsaw (`"jigsaw"`,
//! `"killer-jigsaw"`) adds `"regions"`, its 81 region numbers 1-9 in reading order. An exported
//! game adds `"entries"` (the digits entered), which reading passes over.
//!
//! Every JSON line termdoku prints about a puzzle reads back as that puzzle: the other commands
//! (`generate`, `rate`, `solve`, `hint`) write it in one field, `"puzzle"`, in its one-line form
//! (classic line, killer line), next to what they say about it (level, solution, steps, a hint's
//! step), which reading passes over ([`SAID_ABOUT_IT`]). A field that none of them writes is an
//! error naming it, so that a misspelt `"cages"` cannot turn a killer into a classic puzzle; so is
//! the error line of a puzzle a command could not read (`{"line": 4, "error": "..."}`).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use thiserror::Error;

use super::grid::parse_grid;
use super::variant_field::{is_x_word, parse_variant_field, region_field};
use crate::engine::killer::{Cage, Cages};
use crate::engine::{Cell, CellSet, Grid, Layout, PuzzleSetup, Variant};

/// Why a text is not a JSON puzzle: the field, and the cage by its position (1-based), in words.
/// It says `JSON: ` first, as every reader's message names the form it was read as.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("JSON: {0}")]
pub struct JsonError(String);

/// The JSON object of a puzzle as `export --format json` writes it.
#[derive(Serialize)]
struct PuzzleJson {
    /// `classic`, `killer`, `x`, `jigsaw`, `killer-x` or `killer-jigsaw`.
    variant: Variant,
    /// The givens, 81 characters, `.` for an empty cell.
    givens: String,
    /// `true` for Sudoku X: the two long diagonals are houses.
    #[serde(skip_serializing_if = "Option::is_none")]
    diagonals: Option<bool>,
    /// A jigsaw's region numbers 1-9 in reading order.
    #[serde(skip_serializing_if = "Option::is_none")]
    regions: Option<String>,
    /// A game's entries (the digits the player entered, `.` elsewhere); not read back as givens.
    #[serde(skip_serializing_if = "Option::is_none")]
    entries: Option<String>,
    /// The cages of a killer.
    #[serde(skip_serializing_if = "Option::is_none")]
    cages: Option<Vec<CageJson>>,
}

/// The fields that hold the puzzle: `puzzle` (its one-line form), or `givens` with `cages`,
/// `diagonals` and `regions`, and `variant`, which must agree with it.
const PUZZLE_FIELDS: [&str; 6] = ["puzzle", "givens", "cages", "diagonals", "regions", "variant"];

/// The fields termdoku's commands write about a puzzle beside it, passed over on reading: a game's
/// `entries` and its pencil marks of both kinds, `marks` and `corner_marks` (`export --with-entries`;
/// `grid`, givens and entries, from older exports), the rating
/// (`generate`, `rate`, with `rate --se`'s note where SE is not available), the solution or the path (`solve`), and a hint's step (`hint`).
pub const SAID_ABOUT_IT: [&str; 21] = [
    "entries",
    "marks",
    "corner_marks",
    "grid",
    "level",
    "score",
    "hardest",
    "steps",
    "se",
    "se_lower_bound",
    "se_note",
    "solved",
    "solution",
    "solutions",
    "technique",
    "houses",
    "cells",
    "drivers",
    "placements",
    "eliminations",
    "explanation",
];

/// One cage: its sum and its cells (`r1c1` ... `r9c9`).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CageJson {
    sum: u32,
    cells: Vec<String>,
}

/// `givens` (with `cages` for a killer, and a game's `entries` when given, in their own field) as
/// one JSON line.
pub fn puzzle_json(givens: &Grid, cages: Option<&Cages>, entries: Option<&Grid>) -> String {
    puzzle_json_of(givens, Layout::classic_ref(), cages, entries)
}

/// A puzzle of any variant as one JSON line: as [`puzzle_json`], with `"diagonals": true` for
/// Sudoku X and `"regions"` for a jigsaw.
pub fn puzzle_json_of(
    givens: &Grid,
    layout: &Layout,
    cages: Option<&Cages>,
    entries: Option<&Grid>,
) -> String {
    let json = PuzzleJson {
        variant: Variant::of(layout, cages),
        givens: givens.to_line(),
        diagonals: layout.has_diagonals().then_some(true),
        regions: layout.is_jigsaw().then(|| region_field(layout)),
        entries: entries.map(Grid::to_line),
        cages: cages.map(|cages| {
            cages
                .as_slice()
                .iter()
                .map(|cage| CageJson {
                    sum: cage.sum(),
                    cells: cage.cells().iter().map(|c| c.to_string()).collect(),
                })
                .collect()
        }),
    };
    // Strings and numbers only: serialising cannot fail.
    serde_json::to_string(&json).unwrap_or_default()
}

/// Whether `text` is meant as a JSON puzzle (it starts with `{`).
pub fn is_puzzle_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Reads a JSON puzzle: from `puzzle` (any one-line form but JSON) or from `givens` with `cages`,
/// `diagonals` and `regions`; `variant`, when given, must agree (`"variant": "x"` alone makes the
/// diagonals houses); the fields of [`SAID_ABOUT_IT`] are passed over (with `puzzle`, so are
/// `cages`, `diagonals` and `regions`: a killer hint's step names the cages it uses). Errors name
/// the field, the cage by its position (1-based), and a region and cell.
pub fn parse_puzzle_json(text: &str) -> Result<PuzzleSetup, JsonError> {
    let object: Map<String, Value> =
        serde_json::from_str(text.trim()).map_err(|e| JsonError(e.to_string()))?;
    if let Some(error) = object.get("error") {
        let place =
            ["line", "argument"].iter().find_map(|key| Some(format!("{key} {}: ", object.get(*key)?)));
        return Err(JsonError(format!(
            "no puzzle: the line of a puzzle that could not be read ({}{})",
            place.unwrap_or_default(),
            error.as_str().map_or_else(|| error.to_string(), str::to_string)
        )));
    }
    if let Some(unknown) =
        object.keys().find(|k| !PUZZLE_FIELDS.contains(&k.as_str()) && !SAID_ABOUT_IT.contains(&k.as_str()))
    {
        let unknown: String = unknown.chars().take(24).collect();
        return Err(JsonError(format!(
            "unknown field `{unknown}` (the puzzle is read from `puzzle`, or from `givens` and `cages`)"
        )));
    }
    let variant: Option<Variant> = field(&object, "variant")?;
    let setup = match (object.get("puzzle"), object.get("givens")) {
        (Some(_), Some(_)) => {
            return Err(JsonError("both `puzzle` and `givens`: give the puzzle once".into()));
        }
        (Some(_), None) => {
            let line: String = field(&object, "puzzle")?.unwrap_or_default();
            if is_puzzle_json(&line) {
                return Err(JsonError("puzzle: a puzzle's line, not JSON inside JSON".into()));
            }
            super::parse_puzzle(&line).map_err(|e| JsonError(format!("puzzle: {e}")))?
        }
        (None, Some(_)) => {
            let givens: String = field(&object, "givens")?.unwrap_or_default();
            let givens = parse_grid(&givens).map_err(|e| JsonError(format!("givens: {e}")))?;
            let cages = match (variant, field::<Vec<CageJson>>(&object, "cages")?) {
                (Some(Variant::Classic), Some(_)) => {
                    return Err(JsonError(
                        "a classic puzzle has no cages (or say \"variant\": \"killer\")".into(),
                    ));
                }
                (_, None) => None,
                (_, Some(cages)) => Some(read_cages(cages)?),
            };
            PuzzleSetup::new(givens, read_layout(&object, variant)?, cages)
        }
        (None, None) => {
            return Err(JsonError(
                "no puzzle: it is read from `puzzle`, or from `givens` and `cages`".into(),
            ));
        }
    };
    match variant {
        Some(variant) if variant.has_cages() && setup.cages.is_none() && !object.contains_key("puzzle") => {
            Err(JsonError(format!("a {} puzzle needs its \"cages\"", variant.name())))
        }
        Some(variant) if variant != setup.variant() => Err(JsonError(format!(
            "\"variant\": \"{}\", but the puzzle is {}",
            variant.name(),
            setup.variant().name()
        ))),
        _ => Ok(setup),
    }
}

/// The houses of a puzzle read from `givens`: a jigsaw's `regions`, or the diagonals when
/// `diagonals` is `true` or `variant` names Sudoku X.
fn read_layout(object: &Map<String, Value>, variant: Option<Variant>) -> Result<Layout, JsonError> {
    let diagonals: Option<bool> = field(object, "diagonals")?;
    let regions: Option<String> = field(object, "regions")?;
    match (regions, diagonals) {
        (Some(_), Some(true)) => Err(JsonError(
            "a jigsaw has no diagonals: give `regions` or `\"diagonals\": true`, not both".into(),
        )),
        (Some(regions), _) if is_x_word(&regions) => {
            Err(JsonError("regions: expected 81 region numbers 1-9, found \"x\"".into()))
        }
        (Some(regions), _) => parse_variant_field(&regions).map_err(|e| JsonError(e.to_string())),
        (None, _) if variant.is_some_and(Variant::is_jigsaw) => {
            Err(JsonError("a jigsaw needs its \"regions\" (81 region numbers 1-9)".into()))
        }
        (None, Some(true)) => Ok(Layout::x()),
        (None, None) if variant.is_some_and(Variant::has_diagonals) => Ok(Layout::x()),
        (None, _) => Ok(Layout::classic()),
    }
}

/// The value of field `key` of `object`, if there; an error names the field.
fn field<T: serde::de::DeserializeOwned>(
    object: &Map<String, Value>,
    key: &str,
) -> Result<Option<T>, JsonError> {
    object
        .get(key)
        .map(|value| T::deserialize(value).map_err(|e| JsonError(format!("{key}: {e}"))))
        .transpose()
}

/// The validated cages of the JSON list.
fn read_cages(cages: Vec<CageJson>) -> Result<Cages, JsonError> {
    let mut read = Vec::with_capacity(cages.len());
    for (index, cage) in cages.into_iter().enumerate() {
        let mut cells = CellSet::EMPTY;
        for name in &cage.cells {
            let cell: Cell = name.parse().map_err(|_| {
                let name: String = name.chars().take(12).collect();
                JsonError(format!("cage {}: {name:?} is not a cell (write r1c1 to r9c9)", index + 1))
            })?;
            if cells.contains(cell) {
                return Err(JsonError(format!("cage {}: {cell} is listed twice", index + 1)));
            }
            cells.insert(cell);
        }
        read.push(Cage::new(cells, cage.sum));
    }
    Cages::new(read).map_err(|e| JsonError(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixtures::SOLO_FIRST_KILLER as LINE;
    use crate::engine::text::parse_killer_line;

    #[test]
    fn a_killer_goes_round() {
        let (givens, cages) = parse_killer_line(LINE).expect("valid");
        let json = puzzle_json(&givens, Some(&cages), None);
        assert!(json.starts_with(r#"{"variant":"killer","givens":"...."#), "{json}");
        assert!(json.contains(r#"{"sum":9,"cells":["r1c1","r1c2"]}"#), "{json}");
        assert_eq!(parse_puzzle_json(&json), Ok(PuzzleSetup::killer(givens, cages)));
        let classic = puzzle_json(&givens, None, Some(&givens));
        assert_eq!(parse_puzzle_json(&classic), Ok(PuzzleSetup::classic(givens)));
    }

    #[test]
    fn a_games_entries_are_a_field_of_their_own_read_as_no_givens() {
        let (givens, cages) = parse_killer_line(LINE).expect("valid");
        let mut entries = Grid::default();
        entries.set(Cell::at(8, 8), crate::engine::Digit::new(3));
        let json = puzzle_json(&givens, Some(&cages), Some(&entries));
        assert!(json.contains(&format!(r#""entries":"{}3""#, ".".repeat(80))), "{json}");
        assert_eq!(parse_puzzle_json(&json), Ok(PuzzleSetup::killer(givens, cages)));
    }

    #[test]
    fn errors_name_the_field_and_the_cage() {
        let err = |s: &str| parse_puzzle_json(s).expect_err("invalid").to_string();
        let dots = ".".repeat(81);
        assert!(err("{").contains("JSON: EOF"), "{}", err("{"));
        assert!(err(r#"{"givens": "1"}"#).contains("givens: expected 81 cells, found 1"));
        let bad_cell =
            format!(r#"{{"givens": "{dots}", "cages": [{{"sum": 3, "cells": ["r1c1", "r0c2"]}}]}}"#);
        assert!(err(&bad_cell).contains(r#"cage 1: "r0c2" is not a cell"#), "{}", err(&bad_cell));
        let twice = format!(r#"{{"givens": "{dots}", "cages": [{{"sum": 3, "cells": ["r1c1", "r1c1"]}}]}}"#);
        assert!(err(&twice).contains("cage 1: r1c1 is listed twice"), "{}", err(&twice));
        let sum = format!(r#"{{"givens": "{dots}", "cages": [{{"sum": 2, "cells": ["r1c1", "r1c2"]}}]}}"#);
        assert!(err(&sum).contains("cage 2 at r1c1-r1c2: 2 cells add up to 3-17"), "{}", err(&sum));
        let killer = format!(r#"{{"variant": "killer", "givens": "{dots}"}}"#);
        assert!(err(&killer).contains("needs its \"cages\""));
        assert!(err(r#"{"givens": "", "extra": 1}"#).contains("unknown field `extra`"));
        let classic = format!(r#"{{"puzzle": "{dots}", "variant": "killer"}}"#);
        assert_eq!(err(&classic), "JSON: \"variant\": \"killer\", but the puzzle is classic");
        let both = format!(r#"{{"puzzle": "{dots}", "givens": "{dots}"}}"#);
        assert_eq!(err(&both), "JSON: both `puzzle` and `givens`: give the puzzle once");
        let nested = r#"{"puzzle": "{\"puzzle\": 1}"}"#;
        assert_eq!(err(nested), "JSON: puzzle: a puzzle's line, not JSON inside JSON");
        assert_eq!(
            err(r#"{"level": "easy"}"#),
            "JSON: no puzzle: it is read from `puzzle`, or from `givens` and `cages`"
        );
    }

    #[test]
    fn what_the_commands_say_about_a_puzzle_is_passed_over() {
        let line = format!(
            r#"{{"puzzle":"{LINE}","level":"easy","score":433,"hardest":"rule-of-45-single","steps":138}}"#
        );
        let (givens, cages) = parse_killer_line(LINE).expect("valid");
        assert_eq!(parse_puzzle_json(&line), Ok(PuzzleSetup::killer(givens, cages)));
        // A killer hint's step names the cages it uses: with `puzzle`, they are not the puzzle's.
        let hint = format!(
            r#"{{"puzzle":"{LINE}","variant":"killer","technique":"cage-combinations","cages":[{{"sum":3,"cells":["r1c1","r1c2"]}}]}}"#
        );
        assert_eq!(parse_puzzle_json(&hint).map(|p| p.to_line()), Ok(LINE.to_string()));
    }

    #[test]
    fn x_and_jigsaw_carry_their_variant_diagonals_and_regions() {
        let regions = "111122333111222333112222333444555666444555666444555666777888999777888999777888999";
        let (givens, cages) = parse_killer_line(LINE).expect("valid");
        let jigsaw = crate::engine::text::parse_variant_field(regions).expect("valid");
        for layout in [Layout::x(), jigsaw] {
            for cages in [None, Some(&cages)] {
                let json = puzzle_json_of(&givens, &layout, cages, None);
                let setup = PuzzleSetup::new(givens, layout.clone(), cages.cloned());
                assert!(json.contains(&format!(r#""variant":"{}""#, setup.variant().name())), "{json}");
                assert_eq!(json.contains(r#""diagonals":true"#), layout.has_diagonals(), "{json}");
                assert_eq!(json.contains(&format!(r#""regions":"{regions}""#)), layout.is_jigsaw(), "{json}");
                assert_eq!(parse_puzzle_json(&json), Ok(setup.clone()));
                let line = format!(r#"{{"puzzle":"{}","level":"hard"}}"#, setup.to_line());
                assert_eq!(parse_puzzle_json(&line), Ok(setup));
            }
        }
        let dots = ".".repeat(81);
        let x = format!(r#"{{"variant": "x", "givens": "{dots}"}}"#);
        assert_eq!(parse_puzzle_json(&x).map(|p| p.variant()), Ok(Variant::X));
        let err = |s: &str| parse_puzzle_json(s).expect_err("invalid").to_string();
        let needs = format!(r#"{{"variant": "jigsaw", "givens": "{dots}"}}"#);
        assert_eq!(err(&needs), "JSON: a jigsaw needs its \"regions\" (81 region numbers 1-9)");
        let bad = format!(r#"{{"givens": "{dots}", "regions": "{}1"}}"#, &regions[..80]);
        assert_eq!(err(&bad), "JSON: regions: region 1 has 10 cells, not 9");
        let both = format!(r#"{{"givens": "{dots}", "regions": "{regions}", "diagonals": true}}"#);
        assert!(err(&both).contains("a jigsaw has no diagonals"), "{}", err(&both));
        let disagree = format!(r#"{{"variant": "x", "givens": "{dots}", "diagonals": false}}"#);
        assert_eq!(err(&disagree), "JSON: \"variant\": \"x\", but the puzzle is classic");
    }
}
