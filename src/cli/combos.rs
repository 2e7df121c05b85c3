//! `termdoku combos SUM SIZE`: the sets of SIZE distinct digits adding up to SUM, as a killer
//! player looks them up, one a line (`3 5 6 9`), narrowed by `--include` and `--exclude`, then the
//! digits every set holds ("must contain") and those none holds ("can't contain"). The engine's
//! [`ComboLookup`] does the work; this file reads the arguments and prints.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::format::OutputFormat;
use crate::engine::killer::ComboLookup;
use crate::engine::{Digit, DigitSet};

/// Arguments of `termdoku combos`.
#[derive(Debug, Args)]
pub struct CombosArgs {
    /// What the digits add up to.
    pub sum: u32,
    /// How many digits (cells), 1 to 9.
    pub size: usize,
    /// Keep only the combinations holding every one of these digits (`--include 19`).
    #[arg(long, value_name = "DIGITS", value_parser = parse_digits)]
    pub include: Option<DigitSet>,
    /// Keep only the combinations holding none of these digits (`--exclude 5`).
    #[arg(long, value_name = "DIGITS", value_parser = parse_digits)]
    pub exclude: Option<DigitSet>,
    /// Text (one combination a line, then what they share) or one JSON object.
    #[arg(long, value_enum, default_value_t)]
    pub format: OutputFormat,
}

/// Reads a digit list: `19`, `1,9` or `1 9`.
fn parse_digits(text: &str) -> Result<DigitSet, String> {
    let mut digits = DigitSet::EMPTY;
    for c in text.chars().filter(|c| !matches!(c, ',' | ' ')) {
        digits.insert(
            Digit::from_char(c)
                .filter(|_| c != '0')
                .ok_or_else(|| format!("`{c}` is not a digit from 1 to 9"))?,
        );
    }
    if digits.is_empty() {
        return Err("no digit given".to_string());
    }
    Ok(digits)
}

/// The lookup as one JSON object.
#[derive(Serialize)]
struct CombosJson {
    sum: u32,
    size: usize,
    include: Vec<u8>,
    exclude: Vec<u8>,
    /// Each combination, its digits smallest first.
    combinations: Vec<Vec<u8>>,
    /// The digits in every combination.
    must_contain: Vec<u8>,
    /// The digits in none.
    cannot_contain: Vec<u8>,
}

fn numbers(set: DigitSet) -> Vec<u8> {
    set.iter().map(Digit::get).collect()
}

/// `3 5 6 9`; `none` for no digit.
fn spaced(set: DigitSet) -> String {
    if set.is_empty() {
        return "none".to_string();
    }
    set.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ")
}

/// Prints the combinations of `args.size` distinct digits adding up to `args.sum`.
pub fn run(args: &CombosArgs) -> anyhow::Result<ExitCode> {
    let include = args.include.unwrap_or(DigitSet::EMPTY);
    let exclude = args.exclude.unwrap_or(DigitSet::EMPTY);
    let both = DigitSet::from_bits(include.bits() & exclude.bits());
    if !both.is_empty() {
        anyhow::bail!("--include and --exclude both name {}", spaced(both));
    }
    let lookup = ComboLookup::new(args.size, args.sum, include, exclude)
        .with_context(|| format!("combos {} {}", args.sum, args.size))?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match args.format {
        OutputFormat::Json => {
            let json = CombosJson {
                sum: lookup.sum,
                size: lookup.size,
                include: numbers(include),
                exclude: numbers(exclude),
                combinations: lookup.sets.iter().map(|&set| numbers(set)).collect(),
                must_contain: numbers(lookup.always()),
                cannot_contain: numbers(lookup.never()),
            };
            writeln!(out, "{}", serde_json::to_string(&json)?)?;
        }
        OutputFormat::Text => {
            for &set in &lookup.sets {
                writeln!(out, "{}", spaced(set))?;
            }
            let count = match lookup.sets.len() {
                0 => "no combination".to_string(),
                1 => "1 combination".to_string(),
                n => format!("{n} combinations"),
            };
            let mut filters = String::new();
            if !include.is_empty() {
                filters += &format!(" with {}", spaced(include));
            }
            if !exclude.is_empty() {
                filters += &format!(" without {}", spaced(exclude));
            }
            writeln!(out, "{count} of {} distinct digits adding up to {}{filters}", lookup.size, lookup.sum)?;
            if !lookup.sets.is_empty() {
                writeln!(out, "must contain: {}", spaced(lookup.always()))?;
                writeln!(out, "can't contain: {}", spaced(lookup.never()))?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
