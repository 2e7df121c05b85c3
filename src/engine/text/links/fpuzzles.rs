//! f-puzzles' puzzle JSON, read and written: `{"size": 9, "grid": [[{"value": 5, "given": true},
//! {}, ...], ...], "killercage": [{"cells": ["R1C1", "R1C2"], "value": "12"}, ...]}`. The grid is
//! nine rows of nine cell objects; a cell's `value` with `"given": true` is a given (a value
//! without it is a solver's entry, passed over) and its `region` (0-8; a cell without one lies in
//! its box's) makes a jigsaw when the regions are not the boxes. `"diagonal+": true` and
//! `"diagonal-": true` together make Sudoku X (the anti-diagonal and the main diagonal). Every
//! other field that holds something is a constraint, which termdoku plays only if it is a killer
//! cage with a sum.

use serde_json::{Map, Value, json};

use super::{Reading, holds_something, unknown_fields};
use crate::engine::killer::{Cage, Cages};
use crate::engine::{Cell, CellSet, Digit, Grid, Layout, PuzzleSetup};

/// The fields that say nothing about the rules: the title, the author, the rules in words, the
/// solution, and f-puzzles' own solver settings.
const KNOWN: [&str; 13] = [
    "size",
    "diagonal+",
    "diagonal-",
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
    let (givens, labels) = read_grid(object.get("grid"), &mut unsupported)?;
    let diagonals = ["diagonal+", "diagonal-"].map(|key| object.get(key).is_some_and(holds_something));
    let layout = match diagonals {
        [true, true] => Layout::x(),
        [false, false] => Layout::classic(),
        [plus, _] => {
            let which = if plus { "diagonal+" } else { "diagonal-" };
            unsupported.push(format!("a single diagonal ({which}; Sudoku X has both)"));
            Layout::classic()
        }
    };
    let layout = match Layout::jigsaw(&labels) {
        Ok(regions) if regions.is_classic() => layout,
        Ok(_) if layout.has_diagonals() => {
            unsupported.push("irregular regions with the diagonals (jigsaw X)".into());
            layout
        }
        Ok(regions) => regions,
        Err(error) => return Err(Reading::Problem(format!("its regions: {error}"))),
    };
    let cages = match object.get("killercage") {
        Some(Value::Array(cages)) if !cages.is_empty() => Some(read_cages(cages, &mut unsupported)?),
        _ => None,
    };
    if !unsupported.is_empty() {
        unsupported.dedup();
        return Err(Reading::Unsupported(unsupported));
    }
    Ok(PuzzleSetup::new(givens, layout, cages))
}

/// The givens of `grid` and the region number 0-8 of every cell (its `region`, else its box's,
/// kept as f-puzzles numbers them), noting a
/// cell outside every region (`"region": null`) in `unsupported`.
fn read_grid(grid: Option<&Value>, unsupported: &mut Vec<String>) -> Result<(Grid, [u8; 81]), Reading> {
    let rows = grid.and_then(Value::as_array).ok_or_else(|| "its puzzle has no grid".to_string())?;
    if rows.len() != 9 || rows.iter().any(|row| row.as_array().is_none_or(|cells| cells.len() != 9)) {
        return Err(Reading::Unsupported(vec![format!("a grid of {} rows", rows.len())]));
    }
    let mut givens = Grid::empty();
    let mut labels: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
    for cell in Cell::ALL {
        let Some(object) = rows[cell.row()][cell.col()].as_object() else { continue };
        match object.get("region").map(Value::as_u64) {
            None => {}
            Some(Some(region)) if region < 9 => labels[cell.index()] = region as u8,
            Some(Some(region)) => {
                return Err(format!("the region of {cell}, {region}, is not a region 0-8").into());
            }
            Some(None) => unsupported.push("cells outside every region".into()),
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
    Ok((givens, labels))
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

/// f-puzzles' JSON of `givens`, `layout` (a jigsaw's regions on the cells whose region is not
/// their box's, and both diagonals for Sudoku X) and a killer's `cages`.
pub(super) fn write(givens: &Grid, layout: &Layout, cages: Option<&Cages>) -> String {
    let grid: Vec<Vec<Value>> = (0..9)
        .map(|row| {
            (0..9)
                .map(|col| {
                    let cell = Cell::at(row, col);
                    let mut object = match givens.get(cell) {
                        Some(digit) => json!({"value": digit.get(), "given": true}),
                        None => json!({}),
                    };
                    if layout.region_index(cell) != cell.box_index() {
                        object["region"] = json!(layout.region_index(cell));
                    }
                    object
                })
                .collect()
        })
        .collect();
    let mut object = json!({"size": 9, "grid": grid});
    if layout.has_diagonals() {
        object["diagonal+"] = json!(true);
        object["diagonal-"] = json!(true);
    }
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
