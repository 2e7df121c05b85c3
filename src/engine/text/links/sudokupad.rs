//! SudokuPad's own puzzle JSON (the `scl` form), read: `{"cells": [[{"value": 5}, {}, ...], ...],
//! "regions": [[[0, 0], [0, 1], ...], ...], "cages": [{"cells": [[0, 0], [0, 1]], "value": 12},
//! ...]}` with 0-based rows and columns, after [`super::zipped`] has made it plain JSON. A cell's
//! `value` is a given; `regions` other than the nine boxes make a jigsaw (the format has no field
//! for the diagonals of Sudoku X, which SudokuPad draws as lines); a cage with cells and a sum is a
//! killer cage, and one whose value is `name: text` without cells is the puzzle's title, author, rules or
//! solution. Lines, arrows, overlays, underlays and every other field that holds something are
//! constraints termdoku does not play.

use serde_json::{Map, Value};

use super::fpuzzles::number;
use super::zipped::{long_keys, unzip};
use super::{Reading, holds_something, unknown_fields};
use crate::engine::killer::{Cage, Cages};
use crate::engine::{Cell, CellSet, Digit, Grid, Layout, PuzzleSetup, layout_from_region_lists};

/// The fields that say nothing about the rules.
const KNOWN: [&str; 11] = [
    "id", "cells", "regions", "cages", "metadata", "settings", "cellSize", "title", "author", "rules",
    "solution",
];

/// The puzzle of SudokuPad's JSON `text` (minified or plain).
pub(super) fn read(text: &str) -> Result<PuzzleSetup, Reading> {
    let not_json = |detail: String| format!("its puzzle is not SudokuPad's JSON ({detail})");
    let value: Value = match serde_json::from_str(text) {
        Ok(plain) => plain,
        Err(_) => {
            let plain = unzip(text).ok_or_else(|| not_json("a string is not closed".into()))?;
            serde_json::from_str(&plain).map_err(|e| not_json(e.to_string()))?
        }
    };
    let Value::Object(object) = long_keys(value) else { return Err(not_json("not an object".into()).into()) };
    let mut unsupported: Vec<String> = unknown_fields(&object, &KNOWN).iter().map(|key| named(key)).collect();
    let givens = read_cells(object.get("cells"))?;
    let layout = match object.get("regions") {
        Some(Value::Array(regions)) if !regions.is_empty() && !are_the_boxes(regions) => {
            read_regions(regions)?
        }
        _ => Layout::classic(),
    };
    let cages = match object.get("cages") {
        Some(Value::Array(cages)) => read_cages(cages, &mut unsupported)?,
        _ => None,
    };
    if !unsupported.is_empty() {
        unsupported.dedup();
        return Err(Reading::Unsupported(unsupported));
    }
    Ok(PuzzleSetup::new(givens, layout, cages))
}

/// The jigsaw layout of a `regions` list; an error names the region and the cell.
fn read_regions(regions: &[Value]) -> Result<Layout, Reading> {
    let lists = regions
        .iter()
        .enumerate()
        .map(|(index, region)| {
            cells_of(region)
                .map(|cells| cells.iter().collect::<Vec<Cell>>())
                .map_err(|e| format!("region {}: {e}", index + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    layout_from_region_lists(&lists).map_err(|e| Reading::Problem(format!("its regions: {e}")))
}

/// The givens of the `cells` rows.
fn read_cells(cells: Option<&Value>) -> Result<Grid, Reading> {
    let rows = cells.and_then(Value::as_array).ok_or_else(|| "its puzzle has no cells".to_string())?;
    let widths: Vec<usize> = rows.iter().map(|row| row.as_array().map_or(0, Vec::len)).collect();
    if rows.len() != 9 || widths.iter().any(|&w| w != 9) {
        let width = widths.iter().copied().max().unwrap_or(0);
        return Err(Reading::Unsupported(vec![format!("a {}x{width} grid", rows.len())]));
    }
    let mut givens = Grid::empty();
    for cell in Cell::ALL {
        let Some(value) = rows[cell.row()][cell.col()].get("value").filter(|v| holds_something(v)) else {
            continue;
        };
        let digit = number(value)
            .and_then(|n| u8::try_from(n).ok())
            .and_then(Digit::new)
            .ok_or_else(|| format!("the given at {cell} is not a digit 1-9"))?;
        givens.set(cell, Some(digit));
    }
    Ok(givens)
}

/// Whether `regions` are the nine 3x3 boxes, in any order.
fn are_the_boxes(regions: &[Value]) -> bool {
    let mut boxes = [false; 9];
    for region in regions {
        let Ok(cells) = cells_of(region) else { return false };
        let Some(first) = cells.first() else { return false };
        let index = first.box_index();
        if cells != first.box_house().cell_set() || boxes[index] {
            return false;
        }
        boxes[index] = true;
    }
    boxes.iter().all(|&b| b)
}

/// The killer cages of the `cages` list (`None` when it has none), passing over the puzzle's
/// metadata and noting in `unsupported` the cages termdoku does not play.
fn read_cages(list: &[Value], unsupported: &mut Vec<String>) -> Result<Option<Cages>, Reading> {
    let mut cages = Vec::new();
    for (index, cage) in list.iter().enumerate() {
        let Some(fields) = cage.as_object() else { continue };
        let cells = match fields.get("cells") {
            Some(cells) => cells_of(cells).map_err(|e| format!("cage {}: {e}", index + 1))?,
            None => CellSet::EMPTY,
        };
        let value = fields.get("value").or_else(|| fields.get("sum")).filter(|v| holds_something(v));
        if cells.is_empty() {
            // The title, author, rules or solution, written as a cage without cells.
            continue;
        }
        if let Some(what) = unplayed(fields) {
            unsupported.push(what);
            continue;
        }
        match value.map(|value| (value, number(value))) {
            Some((_, Some(sum))) => {
                let sum = u32::try_from(sum)
                    .map_err(|_| format!("cage {}: its sum {sum} is too large", index + 1))?;
                cages.push(Cage::new(cells, sum));
            }
            Some((value, None)) => {
                return Err(format!("cage {}: its sum {value} is not a number", index + 1).into());
            }
            None => unsupported.push("a killer cage without a sum".into()),
        }
    }
    if cages.is_empty() {
        return Ok(None);
    }
    Cages::new(cages).map(Some).map_err(|e| Reading::Problem(e.to_string()))
}

/// What a cage with cells is when it is not a killer cage: an extra region, a cell outside every
/// region (SudokuPad's hidden cage), or a cage in another style.
fn unplayed(fields: &Map<String, Value>) -> Option<String> {
    if fields.get("hidden").and_then(Value::as_bool) == Some(true) {
        return Some("cells outside every region".into());
    }
    match fields.get("style").and_then(Value::as_str) {
        None | Some("killer") => None,
        Some("extraregion") => Some("extra regions".into()),
        Some(style) => Some(format!("cages of style {}", style.chars().take(24).collect::<String>())),
    }
}

/// The cells of a list of `[row, column]` pairs (0-based) or of `R1C1` names.
fn cells_of(list: &Value) -> Result<CellSet, String> {
    let items = list.as_array().ok_or_else(|| "its cells are not a list".to_string())?;
    let mut cells = CellSet::EMPTY;
    for item in items {
        let cell = match item {
            Value::Array(pair) => match pair.as_slice() {
                [row, col] => row
                    .as_u64()
                    .zip(col.as_u64())
                    .filter(|&(r, c)| r < 9 && c < 9)
                    .map(|(r, c)| Cell::at(r as usize, c as usize)),
                _ => None,
            },
            Value::String(name) => name.parse().ok(),
            _ => None,
        };
        cells.insert(cell.ok_or_else(|| format!("{item} is not a cell of the grid"))?);
    }
    Ok(cells)
}

/// A constraint by the name players know, from SudokuPad's field name.
fn named(field: &str) -> String {
    match field {
        "lines" => "lines (thermometers, arrows, renban...)".into(),
        "arrows" => "arrows".into(),
        "overlays" => "overlays (circles, dots, clues outside the grid...)".into(),
        "underlays" => "underlays (shaded cells, thermometer bulbs...)".into(),
        "global" => "global constraints (anti-knight, anti-king, non-consecutive)".into(),
        other => other.into(),
    }
}
