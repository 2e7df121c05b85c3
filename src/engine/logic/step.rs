//! [`Step`]: one deduction, with everything needed to explain it and draw it.

use serde::Serialize;

use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House};

use super::Technique;

/// One deduction of a technique: the pattern that proves it, what it places or removes, and a
/// sentence a player understands. Steps are plain data: the TUI highlights `houses` and `cells`,
/// marks `drivers`, and shows `explanation`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Step {
    /// The technique that found the step.
    pub technique: Technique,
    /// The houses that form the pattern (e.g. a fish's base and cover lines), most telling first.
    pub houses: Vec<House>,
    /// The cells that form the pattern.
    pub cells: Vec<Cell>,
    /// The candidates that drive the deduction (in chain order for chains).
    pub drivers: Vec<Candidate>,
    /// The digits it places.
    pub placements: Vec<Candidate>,
    /// The candidates it removes.
    pub eliminations: Vec<Candidate>,
    /// One line a player understands, e.g. `Locked Candidates (Pointing): in box 1 the 3s lie only
    /// in row 2, so 3 is removed from r2c5 and r2c8`.
    pub explanation: String,
}

impl Step {
    /// An empty step of `technique`, to be filled with the `with_*` methods.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            houses: Vec::new(),
            cells: Vec::new(),
            drivers: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            explanation: String::new(),
        }
    }

    /// Sets the pattern houses.
    pub fn with_houses(mut self, houses: impl IntoIterator<Item = House>) -> Step {
        self.houses = houses.into_iter().collect();
        self
    }

    /// Sets the pattern cells.
    pub fn with_cells(mut self, cells: impl IntoIterator<Item = Cell>) -> Step {
        self.cells = cells.into_iter().collect();
        self
    }

    /// Sets the driving candidates.
    pub fn with_drivers(mut self, drivers: impl IntoIterator<Item = Candidate>) -> Step {
        self.drivers = drivers.into_iter().collect();
        self
    }

    /// Sets the placements.
    pub fn with_placements(mut self, placements: impl IntoIterator<Item = Candidate>) -> Step {
        self.placements = placements.into_iter().collect();
        self.placements.sort();
        self
    }

    /// Sets the eliminations (kept sorted, so equal steps compare equal).
    pub fn with_eliminations(mut self, eliminations: impl IntoIterator<Item = Candidate>) -> Step {
        self.eliminations = eliminations.into_iter().collect();
        self.eliminations.sort();
        self.eliminations.dedup();
        self
    }

    /// Sets the explanation.
    pub fn with_explanation(mut self, explanation: impl Into<String>) -> Step {
        self.explanation = explanation.into();
        self
    }

    /// Whether the step changes nothing (such steps are never reported).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }

    /// The first hint: the technique and where to look, e.g. `Hidden Single in box 5`.
    pub fn summary(&self) -> String {
        match (self.houses.first(), self.cells.first()) {
            (Some(house), _) => format!("{} in {house}", self.technique),
            (None, Some(cell)) => format!("{} at {cell}", self.technique),
            (None, None) => self.technique.name().to_string(),
        }
    }

    /// Applies the step: places its digits and removes its eliminations.
    pub fn apply_to(&self, grid: &mut Candidates) {
        for p in &self.placements {
            grid.place(p.cell, p.digit);
        }
        for e in &self.eliminations {
            grid.eliminate(e.cell, e.digit);
        }
    }
}

/// Writes a list of cells as `r1c2, r3c4 and r5c6`.
pub fn cell_list(cells: impl IntoIterator<Item = Cell>) -> String {
    join_and(cells.into_iter().map(|c| c.to_string()).collect())
}

/// Writes digits as `4 and 8`, `2, 5 and 6`.
pub fn digit_list(digits: DigitSet) -> String {
    join_and(digits.iter().map(|d| d.to_string()).collect())
}

/// Joins words as `a`, `a and b`, `a, b and c`.
pub fn join_and(words: Vec<String>) -> String {
    join_with(words, "and")
}

/// Joins words as `a`, `a or b`, `a, b or c`.
pub fn join_or(words: Vec<String>) -> String {
    join_with(words, "or")
}

/// Joins words with commas and `conjunction` before the last one.
fn join_with(mut words: Vec<String>, conjunction: &str) -> String {
    match words.pop() {
        None => String::new(),
        Some(last) if words.is_empty() => last,
        Some(last) => format!("{} {conjunction} {last}", words.join(", ")),
    }
}

/// A digit with its indefinite article, as a sentence needs it: `a 5`, `an 8`.
pub(crate) fn a_digit(digit: Digit) -> String {
    let article = if digit.get() == 8 { "an" } else { "a" };
    format!("{article} {digit}")
}

/// The candidates of `digit` in `cells`, in reading order (e.g. what a pattern removes).
pub(crate) fn candidates_in(cells: CellSet, digit: Digit) -> Vec<Candidate> {
    cells.iter().map(|cell| Candidate::new(cell, digit)).collect()
}

/// Every candidate `grid` holds in `cells`, cell by cell in reading order (e.g. the drivers of a
/// pattern made of whole cells).
pub(crate) fn all_candidates_in(grid: &Candidates, cells: CellSet) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|cell| grid.candidates(cell).iter().map(move |digit| Candidate::new(cell, digit)))
        .collect()
}

/// Writes eliminations grouped by digit: `3 is removed from r2c5 and r2c8; 7 from r1c1`.
pub fn removal_text(eliminations: &[Candidate]) -> String {
    let mut parts = Vec::new();
    for digit in Digit::ALL {
        let cells: Vec<Cell> = eliminations.iter().filter(|e| e.digit == digit).map(|e| e.cell).collect();
        if !cells.is_empty() {
            let verb = if parts.is_empty() { " is removed from " } else { " from " };
            parts.push(format!("{digit}{verb}{}", cell_list(cells)));
        }
    }
    parts.join("; ")
}

/// Writes eliminations with the digits removed from the same cells grouped together:
/// `4 and 8 are removed from r2c1 and r2c9; 6 from r3c3`.
pub(crate) fn grouped_removal_text(eliminations: &[Candidate]) -> String {
    let mut groups: Vec<(Vec<Digit>, Vec<Cell>)> = Vec::new();
    for digit in Digit::ALL {
        let cells: Vec<Cell> = eliminations.iter().filter(|e| e.digit == digit).map(|e| e.cell).collect();
        if cells.is_empty() {
            continue;
        }
        match groups.iter_mut().find(|(_, group_cells)| *group_cells == cells) {
            Some((digits, _)) => digits.push(digit),
            None => groups.push((vec![digit], cells)),
        }
    }
    let mut parts = Vec::new();
    for (digits, cells) in groups {
        let verb = match (parts.is_empty(), digits.len()) {
            (false, _) => " from ",
            (true, 1) => " is removed from ",
            (true, _) => " are removed from ",
        };
        let digits = digit_list(digits.into_iter().collect());
        parts.push(format!("{digits}{verb}{}", cell_list(cells)));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digit(n: u8) -> Digit {
        Digit::new(n).expect("a digit")
    }

    #[test]
    fn lists_read_as_sentences() {
        assert_eq!(join_and(vec![]), "");
        assert_eq!(join_or(vec!["r1c1".into()]), "r1c1");
        assert_eq!(join_or(vec!["a".into(), "b".into(), "c".into()]), "a, b or c");
        assert_eq!(digit_list([2, 5, 6].into_iter().map(digit).collect()), "2, 5 and 6");
        assert_eq!(a_digit(digit(8)), "an 8");
        assert_eq!(a_digit(digit(5)), "a 5");
    }

    #[test]
    fn removals_group_digits_by_cells() {
        let at = |d: u8, cell: &str| Candidate::new(cell.parse().expect("a cell"), digit(d));
        let eliminations = [at(4, "r2c1"), at(4, "r2c9"), at(8, "r2c1"), at(8, "r2c9"), at(6, "r3c3")];
        assert_eq!(
            grouped_removal_text(&eliminations),
            "4 and 8 are removed from r2c1 and r2c9; 6 from r3c3"
        );
        assert_eq!(
            removal_text(&eliminations),
            "4 is removed from r2c1 and r2c9; 6 from r3c3; 8 from r2c1 and r2c9"
        );
    }
}
