//! What the generator is asked for and what it gives back: [`GenerateOptions`] (variant, level,
//! symmetry, seed), [`Symmetry`] with its orbits, and [`Generated`]. Both generators read these;
//! nothing here generates.

use std::fmt;

use crate::engine::logic::Level;
use crate::engine::rating::Rating;
use crate::engine::{Cell, CellSet, Grid, Puzzle, Variant};

/// The symmetry of the givens' pattern.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symmetry {
    /// Any pattern.
    None,
    /// Unchanged by a half turn about the centre (the classic newspaper symmetry).
    #[default]
    Rotational,
    /// Unchanged by a left-right mirror about the middle column.
    Mirror,
    /// Unchanged by a reflection in the main diagonal (top-left to bottom-right).
    Diagonal,
}

impl Symmetry {
    /// The four symmetries.
    pub const ALL: [Symmetry; 4] =
        [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror, Symmetry::Diagonal];

    /// The lower-case name: `none`, `rotational`, `mirror`, `diagonal`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The symmetry named `name` (case-insensitive).
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The cell that `cell` maps to.
    ///
    /// ```
    /// use termdoku::engine::{Cell, generator::Symmetry};
    /// assert_eq!(Symmetry::Rotational.image(Cell::at(0, 1)), Cell::at(8, 7));
    /// assert_eq!(Symmetry::Mirror.image(Cell::at(2, 1)), Cell::at(2, 7));
    /// assert_eq!(Symmetry::Diagonal.image(Cell::at(2, 1)), Cell::at(1, 2));
    /// assert_eq!(Symmetry::None.image(Cell::at(2, 1)), Cell::at(2, 1));
    /// ```
    pub const fn image(self, cell: Cell) -> Cell {
        let (row, col) = (cell.row(), cell.col());
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => Cell::at(8 - row, 8 - col),
            Symmetry::Mirror => Cell::at(row, 8 - col),
            Symmetry::Diagonal => Cell::at(col, row),
        }
    }

    /// The orbits: each cell with its image, every cell in exactly one orbit, in cell order.
    pub fn orbits(self) -> Vec<CellSet> {
        let mut orbits = Vec::new();
        let mut covered = CellSet::EMPTY;
        for cell in Cell::ALL {
            if !covered.contains(cell) {
                let orbit = CellSet::from(cell) | CellSet::from(self.image(cell));
                covered |= orbit;
                orbits.push(orbit);
            }
        }
        orbits
    }

    /// Whether the filled cells of `grid` form a pattern with this symmetry.
    pub fn is_respected_by(self, grid: &Grid) -> bool {
        let filled = grid.filled();
        filled.iter().all(|cell| filled.contains(self.image(cell)))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Symmetry {
    type Err = String;

    fn from_str(s: &str) -> Result<Symmetry, String> {
        Symmetry::from_name(s)
            .ok_or_else(|| format!("unknown symmetry `{s}`: expected none, rotational, mirror or diagonal"))
    }
}

/// What to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GenerateOptions {
    /// The rules of the puzzle: classic, Sudoku X, jigsaw (a random layout, drawn from the seed), or
    /// one of the killer variants (cages with sums, no givens).
    pub variant: Variant,
    /// The level the puzzle must rate at.
    pub level: Level,
    /// The symmetry of the givens' pattern (a killer has no givens, and no symmetry to keep; a
    /// jigsaw's givens keep it, its regions do not).
    pub symmetry: Symmetry,
    /// The seed: the same options give the same puzzle.
    pub seed: u64,
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            variant: Variant::Classic,
            level: Level::Medium,
            symmetry: Symmetry::default(),
            seed: 0,
        }
    }
}

/// A generated puzzle with its rating.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Generated {
    /// The puzzle: unique, of the asked variant (one with givens with the asked symmetry).
    pub puzzle: Puzzle,
    /// Its rating: at the asked level, unless none of a killer's attempts reached it (then the
    /// closest met).
    pub rating: Rating,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for symmetry in Symmetry::ALL {
            let orbits = symmetry.orbits();
            let union = orbits.iter().fold(CellSet::EMPTY, |acc, &o| acc | o);
            assert_eq!(union, CellSet::ALL);
            assert_eq!(orbits.iter().map(|o| o.len()).sum::<usize>(), 81, "{symmetry}");
        }
        assert_eq!(Symmetry::None.orbits().len(), 81);
        assert_eq!(Symmetry::Rotational.orbits().len(), 41);
        assert_eq!(Symmetry::Mirror.orbits().len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits().len(), 45);
    }

    #[test]
    fn symmetry_names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
        }
        assert!("sideways".parse::<Symmetry>().is_err());
    }
}
