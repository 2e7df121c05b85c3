//! HoDoKu's regression library format: one technique test case a line.
//!
//! `:<code>[-<variant>]:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`, where
//! givens prefixed by `+` were placed rather than given, and candidates are `<digit><row><col>`
//! triples separated by spaces. A variant `x` marks a case where the technique must find nothing.
//! This module only reads text and checks cases; reading files is the caller's business.

use thiserror::Error;

use super::logic::{Step, Technique, find_all};
use super::{ByCell, Candidate, Candidates, Cell, Digit, Grid};

/// Why a library line could not be read.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum CaseError {
    /// Fewer than the six `:`-separated fields (the seventh, extra, is optional).
    #[error("expected at least 6 fields separated by ':', found {0}")]
    Fields(usize),
    /// The givens field does not describe 81 cells.
    #[error("givens: expected 81 cells, found {0}")]
    Givens(usize),
    /// A character in the givens that is not a digit, `.`, `0` or `+`.
    #[error("givens: bad character {0:?}")]
    GivensCharacter(char),
    /// A candidate that is not three digits `<digit><row><col>` from 1 to 9.
    #[error("bad candidate `{0}`: expected <digit><row><column>, e.g. 436")]
    Candidate(String),
}

/// One test case of the library.
#[derive(Clone, Debug)]
pub struct Case {
    /// HoDoKu's technique code, e.g. `0300`.
    pub code: String,
    /// The variant after the dash (`1`, `2`, `x`), if any.
    pub variant: Option<String>,
    /// The position: givens, placed digits, and the deleted candidates removed.
    pub position: Candidates,
    /// The candidates the case expects the technique to remove, sorted.
    pub eliminations: Vec<Candidate>,
    /// The digits the case expects the technique to place, sorted.
    pub placements: Vec<Candidate>,
}

/// The result of checking one case against the engine.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The engine found an instance with exactly the expected result (or none, for a fail case).
    Passed,
    /// It did not; these are the instances it found.
    Failed {
        /// The technique the case tests.
        technique: Technique,
        /// Every instance the engine found.
        found: Vec<Step>,
    },
    /// The engine does not implement the technique.
    Skipped,
}

/// Reads candidates written as `<digit><row><col>` triples separated by spaces (e.g. `436 257`).
pub fn parse_candidates(text: &str) -> Result<Vec<Candidate>, CaseError> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let bad = || CaseError::Candidate(word.to_string());
        let b = word.as_bytes();
        if b.len() != 3 {
            return Err(bad());
        }
        let digit = Digit::from_char(b[0] as char).ok_or_else(bad)?;
        let row = Digit::from_char(b[1] as char).ok_or_else(bad)?;
        let col = Digit::from_char(b[2] as char).ok_or_else(bad)?;
        out.push(Candidate::new(Cell::at(row.index(), col.index()), digit));
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Reads the givens field: 81 cells, a `+` before a digit marks it as placed rather than given.
fn parse_givens(text: &str) -> Result<(Grid, Grid), CaseError> {
    let mut givens = ByCell::default();
    let mut placed = ByCell::default();
    let mut index = 0;
    let mut plus = false;
    for c in text.chars() {
        match c {
            '+' => plus = true,
            '.' | '0' | '1'..='9' => {
                if let Some(cell) = Cell::new(index) {
                    let digit = Digit::from_char(c);
                    if plus { placed[cell] = digit } else { givens[cell] = digit }
                }
                plus = false;
                index += 1;
            }
            _ => return Err(CaseError::GivensCharacter(c)),
        }
    }
    if index != 81 {
        return Err(CaseError::Givens(index));
    }
    Ok((Grid::from_cells(givens), Grid::from_cells(placed)))
}

impl Case {
    /// Reads one library line (comment lines are the caller's to skip).
    pub fn parse(line: &str) -> Result<Case, CaseError> {
        // The trailing `:<extra>` field is often left out, so six fields after the leading ':' suffice.
        let fields: Vec<&str> = line.trim().split(':').collect();
        if fields.len() < 7 {
            return Err(CaseError::Fields(fields.len().saturating_sub(1)));
        }
        let (code, variant) = match fields[1].split_once('-') {
            Some((code, variant)) => (code.to_string(), Some(variant.to_string())),
            None => (fields[1].to_string(), None),
        };
        let (givens, placed) = parse_givens(fields[3])?;
        let mut position = Candidates::from_givens_and_placed(&givens, &placed);
        for deleted in parse_candidates(fields[4])? {
            position.eliminate(deleted.cell, deleted.digit);
        }
        Ok(Case {
            code,
            variant,
            position,
            eliminations: parse_candidates(fields[5])?,
            placements: parse_candidates(fields[6])?,
        })
    }

    /// Whether the technique must find nothing here (variant `x`).
    pub fn is_fail_case(&self) -> bool {
        self.variant.as_deref() == Some("x")
    }

    /// The engine's technique for this case's code, if it implements it.
    pub fn technique(&self) -> Option<Technique> {
        Technique::from_code(&self.code)
    }

    /// Runs the technique on the position and compares with what the case expects.
    pub fn check(&self) -> Outcome {
        let Some(technique) = self.technique() else { return Outcome::Skipped };
        let found = find_all(technique, &self.position);
        let passed = if self.is_fail_case() {
            found.is_empty()
        } else {
            found.iter().any(|s| s.eliminations == self.eliminations && s.placements == self.placements)
        };
        if passed { Outcome::Passed } else { Outcome::Failed { technique, found } }
    }
}

/// Writes candidates back in the library's `<digit><row><col>` form.
pub fn format_candidates(cands: &[Candidate]) -> String {
    cands
        .iter()
        .map(|c| format!("{}{}{}", c.digit, c.cell.row() + 1, c.cell.col() + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_documented_example() {
        let line = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";
        let case = Case::parse(line).expect("parses");
        assert_eq!(case.code, "0603");
        assert_eq!(case.variant, None);
        assert_eq!(format_candidates(&case.eliminations), "364 365");
        assert!(case.placements.is_empty());
        let r1c3 = Cell::at(0, 2);
        assert_eq!(case.position.value(r1c3), Digit::new(8));
        assert!(!case.position.givens().contains(r1c3));
        assert!(case.position.givens().contains(Cell::at(0, 0)));
        assert!(!case.position.has(Cell::at(1, 3), Digit::new(2).expect("digit")));
    }

    #[test]
    fn rejects_malformed_lines() {
        assert_eq!(Case::parse(":0300:1:...").err(), Some(CaseError::Fields(3)));
        let without_extra = format!(":0610-x::{}:::", ".".repeat(81));
        assert!(Case::parse(&without_extra).expect("six fields suffice").is_fail_case());
        assert!(matches!(parse_candidates("43"), Err(CaseError::Candidate(_))));
        assert!(matches!(parse_candidates("406"), Err(CaseError::Candidate(_))));
    }
}
