//! f-puzzles' puzzle JSON, read and written: `{"size": 9, "grid": [[{"value": 5, "given": true},
//! {}, ...], ...], "killercage": [{"cells": ["R1C1", "R1C2"], "value": "12"}, ...]}`. The grid is
//! nine rows of nine cell objects; a cell's `value` with `"given": true` is a given (a value
//! without it is a solver's entry, passed over) and a `region` other than its box makes the grid
//! irregular. Every other field that holds something is a constraint, which termdoku plays only if
//! it is a killer cage with a sum.

use serde_json::{Map, Value, json};

use super::{Reading, holds_something, unknown_fields};
use crate::engine::killer::{Cage, Cages};
use crate::engine::{Cell, CellSet, Digit, Grid, PuzzleSetup};

/// The fields that say nothing about the rules: the title, the author, the rules in words, the
/// solution, and f-puzzles' own solver settings.
const KNOWN: [&str; 11] = [
    "size",
    "grid",
    "killercage",
    "cage",
    "title",
    "author",
    "ruleset",
    "solution",
    "metadata",
    "disabledlogic",
    "truecandidatesoptions",
];

/// The puzzle of f-puzzles' JSON `text`.
pub(super) fn read(text: &str) -> Result<PuzzleSetup, Reading> {
    let object: Map<String, Value> =
        serde_json::from_str(text).map_err(|e| format!("its puzzle is not f-puzzles' JSON ({e})"))?;
    let size = object.get("size").and_then(Value::as_u64).unwrap_or(9);
    if size != 9 {
        return Err(Reading::Unsupported(vec![format!("a {size}x{size} grid")]));
    }
    let mut unsupported: Vec<String> = unknown_fields(&object, &KNOWN).iter().map(|key| named(key)).collect();
    if let Some(Value::Array(cages)) = object.get("cage")
        && !cages.iter().all(is_metadata)
    {
        unsupported.push(named("cage"));
    }
    let givens = read_grid(object.get("grid"), &mut unsupported)?;
    let cages = match object.get("killercage") {
        Some(Value::Array(cages)) if !cages.is_empty() => Some(read_cages(cages, &mut unsupported)?),
        _ => None,
    };
    if !unsupported.is_empty() {
        unsupported.dedup();
        return Err(Reading::Unsupported(unsupported));
    }
    Ok(PuzzleSetup::new(givens, crate::engine::Layout::classic(), cages))
}

/// The givens of `grid`, noting an irregular region in `unsupported`.
fn read_grid(grid: Option<&Value>, unsupported: &mut Vec<String>) -> Result<Grid, Reading> {
    let rows = grid.and_then(Value::as_array).ok_or_else(|| "its puzzle has no grid".to_string())?;
    if rows.len() != 9 || rows.iter().any(|row| row.as_array().is_none_or(|cells| cells.len() != 9)) {
        return Err(Reading::Unsupported(vec![format!("a grid of {} rows", rows.len())]));
    }
    let mut givens = Grid::empty();
    for cell in Cell::ALL {
        let Some(object) = rows[cell.row()][cell.col()].as_object() else { continue };
        // A region other than the cell's box, or none (`null`).
        if let Some(region) = object.get("region")
            && region.as_u64() != Some(cell.box_index() as u64)
        {
            unsupported.push("irregular regions (jigsaw)".into());
        }
        if object.get("given").and_then(Value::as_bool) != Some(true) {
            continue;
        }
        let digit = object
            .get("value")
            .and_then(number)
            .and_then(|n| u8::try_from(n).ok())
            .and_then(Digit::new)
            .ok_or_else(|| format!("the given at {cell} is not a digit 1-9"))?;
        givens.set(cell, Some(digit));
    }
    Ok(givens)
}

/// The killer cages of the `killercage` list; a cage without a sum is noted in `unsupported`.
fn read_cages(list: &[Value], unsupported: &mut Vec<String>) -> Result<Cages, Reading> {
    let mut cages = Vec::with_capacity(list.len());
    for (index, cage) in list.iter().enumerate() {
        let place = || format!("killer cage {}", index + 1);
        let mut cells = CellSet::EMPTY;
        for name in cage.get("cells").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
            let cell: Cell = name
                .as_str()
                .and_then(|name| name.parse().ok())
                .ok_or_else(|| format!("{}: {name} is not a cell R1C1-R9C9", place()))?;
            cells.insert(cell);
        }
        match cage.get("value") {
            Some(value) if holds_something(value) => {
                let sum =
                    number(value).ok_or_else(|| format!("{}: its sum {value} is not a number", place()))?;
                let sum =
                    u32::try_from(sum).map_err(|_| format!("{}: its sum {sum} is too large", place()))?;
                cages.push(Cage::new(cells, sum));
            }
            _ => unsupported.push("a killer cage without a sum".into()),
        }
    }
    Cages::new(cages).map_err(|e| Reading::Problem(e.to_string()))
}

/// Whether an entry of f-puzzles' `cage` list is the puzzle's metadata, not a constraint: a value
/// `name: text` (the title, the author, the rules...) and no cells.
fn is_metadata(cage: &Value) -> bool {
    let value = cage.get("value").and_then(Value::as_str).unwrap_or("");
    let named = value
        .split_once(':')
        .is_some_and(|(name, text)| !name.is_empty() && !name.contains(' ') && !text.trim().is_empty());
    let cells = cage.get("cells").and_then(Value::as_array).is_some_and(|cells| !cells.is_empty());
    named && !cells
}

/// A number written as a JSON number or as a string of digits.
pub(super) fn number(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A constraint by the name players know, from f-puzzles' field name.
fn named(field: &str) -> String {
    match field {
        "diagonal+" | "diagonal-" => "the diagonals of Sudoku X".into(),
        "thermometer" => "thermometers".into(),
        "arrow" => "arrows".into(),
        "littlekillersum" => "little killer sums".into(),
        "antiknight" => "anti-knight".into(),
        "antiking" => "anti-king".into(),
        "nonconsecutive" => "non-consecutive".into(),
        "extraregion" => "extra regions".into(),
        "cage" => "cages without a killer sum".into(),
        other => other.into(),
    }
}

/// f-puzzles' JSON of `givens` and a killer's `cages`.
pub(super) fn write(givens: &Grid, cages: Option<&Cages>) -> String {
    let grid: Vec<Vec<Value>> = (0..9)
        .map(|row| {
            (0..9)
                .map(|col| match givens.get(Cell::at(row, col)) {
                    Some(digit) => json!({"value": digit.get(), "given": true}),
                    None => json!({}),
                })
                .collect()
        })
        .collect();
    let mut object = json!({"size": 9, "grid": grid});
    if let Some(cages) = cages {
        let list: Vec<Value> = cages
            .as_slice()
            .iter()
            .map(|cage| {
                let cells: Vec<String> =
                    cage.cells().iter().map(|c| format!("R{}C{}", c.row() + 1, c.col() + 1)).collect();
                json!({"cells": cells, "value": cage.sum().to_string()})
            })
            .collect();
        object["killercage"] = Value::Array(list);
    }
    object.to_string()
}
