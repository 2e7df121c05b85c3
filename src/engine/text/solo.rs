//! Solo's game id (Simon Tatham's Portable Puzzle Collection), `<params>:<description>`, read and
//! written: `3x3k:<givens>,<walls>,<sums>` for a killer, `3x3:<givens>` for a classic puzzle, with an
//! optional difficulty code (`3x3kdb:`). `../shared/data/killer/FORMATS.md` defines the encoding:
//! Sudoku X adds `x` to the parameters (`3x3x:`, `3x3xk:`); a jigsaw is `9j` (Solo also reads
//! `3x3j`) with the regions' walls after the givens (`9j:<givens>,<blocks>`, and for a jigsaw killer
//! `9jk:<givens>,<blocks>,<walls>,<sums>`), encoded as the cage walls are.
//!
//! - givens and sums are 81-cell grids in run-length form: `a`-`z` are 1-26 empty cells, a decimal
//!   number is one cell holding it, `_` separates two adjacent numbers; a cage's sum stands on its
//!   first cell in reading order;
//! - walls are the 144 edges between neighbours (the 72 horizontal neighbour pairs in reading order,
//!   then the 72 vertical pairs column by column): `a`-`y` are 1-25 open edges then one wall, `_` is
//!   a wall, `z` is 26 open edges without a wall; a final wall past the last edge is always written.
//!
//! Solo writes the shortest form, and so does [`solo_id`]: decoding then encoding gives an id back
//! character for character.

use std::fmt;

use thiserror::Error;

use crate::engine::killer::{Cage, CageError, Cages};
use crate::engine::{ByCell, Cell, CellSet, Digit, Grid, Layout, LayoutError, layout_from_labels};

/// Solo's difficulty levels, as its game ids name them (`d` and the code letter).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum SoloLevel {
    /// `dt`, the default (written as no code at all).
    Trivial,
    /// `db`.
    Basic,
    /// `di`.
    Intermediate,
    /// `da`.
    Advanced,
    /// `de`.
    Extreme,
    /// `du`.
    Unreasonable,
}

impl SoloLevel {
    /// Every level, easiest first.
    pub const ALL: [SoloLevel; 6] = [
        SoloLevel::Trivial,
        SoloLevel::Basic,
        SoloLevel::Intermediate,
        SoloLevel::Advanced,
        SoloLevel::Extreme,
        SoloLevel::Unreasonable,
    ];

    /// The code letter after `d` in the parameters.
    pub const fn code(self) -> char {
        match self {
            SoloLevel::Trivial => 't',
            SoloLevel::Basic => 'b',
            SoloLevel::Intermediate => 'i',
            SoloLevel::Advanced => 'a',
            SoloLevel::Extreme => 'e',
            SoloLevel::Unreasonable => 'u',
        }
    }

    /// The name Solo shows: `Trivial`, `Basic`, ...
    pub const fn name(self) -> &'static str {
        match self {
            SoloLevel::Trivial => "Trivial",
            SoloLevel::Basic => "Basic",
            SoloLevel::Intermediate => "Intermediate",
            SoloLevel::Advanced => "Advanced",
            SoloLevel::Extreme => "Extreme",
            SoloLevel::Unreasonable => "Unreasonable",
        }
    }

    /// The level of code letter `code`, if any.
    pub fn from_code(code: char) -> Option<SoloLevel> {
        SoloLevel::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The level named `name` (case-insensitive), if any.
    pub fn from_name(name: &str) -> Option<SoloLevel> {
        SoloLevel::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for SoloLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The parts of a game id, for error messages.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SoloPart {
    /// Before the `:`.
    Params,
    /// The givens grid.
    Givens,
    /// The walls of a jigsaw's regions.
    Blocks,
    /// The cage walls.
    Walls,
    /// The cage sums grid.
    Sums,
}

impl fmt::Display for SoloPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SoloPart::Params => "params",
            SoloPart::Givens => "givens",
            SoloPart::Blocks => "blocks",
            SoloPart::Walls => "walls",
            SoloPart::Sums => "sums",
        })
    }
}

/// Why a text is not a Solo game id termdoku can play, naming the part and the place (character
/// positions count from 1 within the part; cells are written `r1c1`).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SoloIdError {
    /// No `<params>:` in front.
    #[error("not a Solo game id: expected <params>:<description>, such as 3x3k:<givens>,<walls>,<sums>")]
    NotAnId,
    /// A random-seed id (`3x3k#seed`), which only Solo's own generator can turn into a puzzle.
    #[error(
        "{params}#... is a random-seed id, not a game id: Solo shows the game id (with a ':') under Game > Specific"
    )]
    RandomSeed {
        /// The parameters before the `#`.
        params: String,
    },
    /// Parameters of another grid size or kind.
    #[error("params {params:?}: {reason}")]
    Unsupported {
        /// The parameters as written.
        params: String,
        /// What termdoku cannot play.
        reason: &'static str,
    },
    /// A difficulty code that Solo does not have.
    #[error("params: unknown difficulty code 'd{code}' (Solo's are dt, db, di, da, de, du)")]
    BadLevel {
        /// The letter after `d` (`' '` when it is missing).
        code: char,
    },
    /// Not as many comma-separated parts as the kind of puzzle needs.
    #[error("a {kind} id has {expected} after the ':'; found {found} part(s)")]
    PartCount {
        /// `Killer` or `classic`.
        kind: &'static str,
        /// What it needs, in words.
        expected: &'static str,
        /// How many parts were found.
        found: usize,
    },
    /// A character a part cannot hold.
    #[error("{part}: bad character {ch:?} at character {position}")]
    BadCharacter {
        /// The part.
        part: SoloPart,
        /// 1-based character position in the part.
        position: usize,
        /// The character.
        ch: char,
    },
    /// A grid part describing more than 81 cells.
    #[error("{part}: more than 81 cells (at character {position})")]
    TooManyCells {
        /// The part.
        part: SoloPart,
        /// 1-based character position in the part.
        position: usize,
    },
    /// A grid part describing fewer than 81 cells.
    #[error("{part}: {found} cells, expected 81")]
    TooFewCells {
        /// The part.
        part: SoloPart,
        /// How many cells it describes.
        found: usize,
    },
    /// A number out of range: a given that is no digit, a sum no cage can have.
    #[error("{part}: {value} at {cell} (character {position}) is not {allowed}")]
    BadNumber {
        /// The part.
        part: SoloPart,
        /// The cell it stands on.
        cell: Cell,
        /// 1-based character position in the part.
        position: usize,
        /// The number, as written (shortened).
        value: String,
        /// What is allowed there.
        allowed: &'static str,
    },
    /// More than the 144 edges and the final wall.
    #[error("{part}: more than 144 edges and the final wall (at character {position})")]
    TooManyEdges {
        /// The part (walls or blocks).
        part: SoloPart,
        /// 1-based character position in the part.
        position: usize,
    },
    /// Fewer than the 144 edges and the final wall.
    #[error("{part}: {found} edge positions, expected 145 (144 edges and the final wall)")]
    TooFewEdges {
        /// The part (walls or blocks).
        part: SoloPart,
        /// How many edge positions the part accounts for.
        found: usize,
    },
    /// A jigsaw's walls that do not make nine regions.
    #[error("blocks: the walls make {found} regions, expected 9")]
    RegionCount {
        /// How many regions they make.
        found: usize,
    },
    /// A jigsaw's regions that are not nine cells each.
    #[error("blocks: {0}")]
    Layout(#[from] LayoutError),
    /// A sum that does not stand on the first cell of its cage.
    #[error("sums: the sum at {cell} is not on the first cell of its cage, {first}")]
    SumNotOnFirstCell {
        /// Where the sum is.
        cell: Cell,
        /// The cage's first cell in reading order.
        first: Cell,
    },
    /// A cage of two or more cells without a sum.
    #[error("sums: the cage whose first cell is {first} has no sum")]
    MissingSum {
        /// The cage's first cell in reading order.
        first: Cell,
    },
    /// The cages are not a killer layout.
    #[error(transparent)]
    Cage(#[from] CageError),
}

/// What a game id holds: the givens, the houses (classic, X or jigsaw), the cages of a killer
/// (`None` otherwise) and the level its parameters name, if any.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SoloPuzzle {
    /// The givens.
    pub givens: Grid,
    /// The houses: classic, X (`x` in the parameters) or a jigsaw's regions.
    pub layout: Layout,
    /// The cages, for a killer id.
    pub cages: Option<Cages>,
    /// The difficulty code of the parameters (`None` when there is none, which Solo reads as
    /// Trivial).
    pub level: Option<SoloLevel>,
}

/// The number of edges between orthogonal neighbours.
const EDGES: usize = 144;

/// Whether `text` (its first whitespace-separated field) looks like a Solo id, good or bad: a grid
/// size such as `3x3`, more parameter letters and digits, then `:` or `#`. Readers use it to tell an
/// id from other puzzle forms before reading it.
pub fn is_solo_id(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    let Some(end) = first.find([':', '#']) else { return false };
    let params = &first[..end];
    let digits = params.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &params[digits..];
    let sized = rest.starts_with('j')
        || rest.strip_prefix('x').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    digits > 0 && sized && rest.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Reads a Solo game id (the first whitespace-separated field of `text`): a killer (`3x3k...:`), a
/// classic (`3x3...:`), an X (`3x3x...:`, `3x3xk...:`) or a jigsaw (`9j...:`, `9jk...:`) 9x9 puzzle.
/// Parameter letters other than the size, `x`, `j`, `k` and the difficulty code (symmetry, for
/// example) are ignored, as Solo does; an X-type jigsaw is refused (not a termdoku variant).
///
/// ```
/// use termdoku::engine::text::{SoloLevel, parse_solo_id, solo_id};
/// // Nine cages, one per row, each summing to 45: 72 open edges between row neighbours, then walls.
/// let id = format!("3x3kdb:zzzc,zzt{},{}", "_".repeat(72), "45h".repeat(9));
/// let read = parse_solo_id(&id).unwrap();
/// assert_eq!((read.cages.as_ref().map(|c| c.len()), read.level), (Some(9), Some(SoloLevel::Basic)));
/// assert_eq!(solo_id(&read.givens, read.cages.as_ref(), read.level), id);
/// assert_eq!(parse_solo_id("3x3dz:zzzc").unwrap_err().to_string(),
///     "params: unknown difficulty code 'dz' (Solo's are dt, db, di, da, de, du)");
/// /// ```
pub fn parse_solo_id(text: &str) -> Result<SoloPuzzle, SoloIdError> {
    let text = text.split_whitespace().next().unwrap_or("");
    if let Some((params, _)) = text.split_once('#')
        && !params.contains(':')
    {
        return Err(SoloIdError::RandomSeed { params: shortened(params) });
    }
    let Some((params, description)) = text.split_once(':') else { return Err(SoloIdError::NotAnId) };
    let Params { killer, x, jigsaw, level } = read_params(params)?;
    let parts: Vec<&str> = description.split(',').collect();
    let expected = match (jigsaw, killer) {
        (false, false) => ("classic", "1 part (givens)"),
        (true, false) => ("jigsaw", "2 parts (givens,blocks)"),
        (false, true) => ("Killer", "3 parts (givens,walls,sums)"),
        (true, true) => ("jigsaw Killer", "4 parts (givens,blocks,walls,sums)"),
    };
    let count_error =
        || SoloIdError::PartCount { kind: expected.0, expected: expected.1, found: parts.len() };
    let (givens, rest) = parts.split_first().ok_or_else(count_error)?;
    let givens = read_givens(givens)?;
    let (layout, rest) = if jigsaw {
        let (blocks, rest) = rest.split_first().ok_or_else(count_error)?;
        (read_blocks(blocks)?, rest)
    } else if x {
        (Layout::x(), rest)
    } else {
        (Layout::classic(), rest)
    };
    let cages = match (killer, rest) {
        (false, []) => None,
        (true, [walls, sums]) => {
            let regions = read_walls(SoloPart::Walls, walls)?;
            let sums = read_cells(SoloPart::Sums, sums, 1..=45, "a cage sum (1-45)")?;
            Some(cages_of(&regions, &sums)?)
        }
        _ => return Err(count_error()),
    };
    Ok(SoloPuzzle { givens, layout, cages, level })
}

/// What the parameters say.
struct Params {
    /// `k`: a killer.
    killer: bool,
    /// `x`: Sudoku X.
    x: bool,
    /// `9j` (or `3x3j`): a jigsaw.
    jigsaw: bool,
    /// The difficulty code.
    level: Option<SoloLevel>,
}

/// The parameters: the grid size (9x9 only: `3x3`, `3`, or `9j`, `3x3j` for a jigsaw), then
/// letters read as Solo reads them: `x`, `k`, `j` and the difficulty code; others (symmetry) are
/// passed over.
fn read_params(params: &str) -> Result<Params, SoloIdError> {
    let unsupported = |reason| SoloIdError::Unsupported { params: shortened(params), reason };
    let (Some(columns), rest) = number(params) else {
        return Err(unsupported("expected a grid size such as 3x3"));
    };
    let (mut rows, mut rest, mut seen_rows) = (columns, rest, false);
    if let Some(after) = rest.strip_prefix('x')
        && let (Some(r), after) = number(after)
    {
        (rows, rest, seen_rows) = (r, after, true);
    }
    let mut letters = rest.chars().peekable();
    let mut read = Params { killer: false, x: false, jigsaw: false, level: None };
    while let Some(letter) = letters.next() {
        match letter {
            'k' => read.killer = true,
            'x' => read.x = true,
            'j' => read.jigsaw = true,
            'd' => {
                let code = letters.next().unwrap_or(' ');
                read.level = Some(SoloLevel::from_code(code).ok_or(SoloIdError::BadLevel { code })?);
            }
            // Symmetry (`r2`, `m4`, `md4`, `a2`, ...) and anything else: not the puzzle's business.
            _ => {}
        }
    }
    // Solo's `j` makes one row of blocks as wide as the grid: `9j`, or `3x3j` read as 9 by 1.
    let nine = match (read.jigsaw, seen_rows) {
        (true, true) => columns * rows == 9,
        (true, false) => columns == 9,
        (false, _) => (columns, rows) == (3, 3),
    };
    if !nine {
        return Err(unsupported("termdoku plays 9x9 grids (3x3, or 9j for a jigsaw) only"));
    }
    if read.jigsaw && read.x {
        return Err(unsupported("X-type jigsaw (jigsaw regions and diagonals) is not a termdoku variant"));
    }
    Ok(read)
}

/// The decimal number `text` starts with, if any, and the rest.
fn number(text: &str) -> (Option<usize>, &str) {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    (text[..digits].parse::<usize>().ok(), &text[digits..])
}

/// The blocks part of a jigsaw: its nine regions.
fn read_blocks(text: &str) -> Result<Layout, SoloIdError> {
    let roots = read_walls(SoloPart::Blocks, text)?;
    let found = (0..81).filter(|&i| roots[i] == i).count();
    if found != 9 {
        return Err(SoloIdError::RegionCount { found });
    }
    Ok(layout_from_labels(&roots)?)
}

/// The givens part.
fn read_givens(text: &str) -> Result<Grid, SoloIdError> {
    let values = read_cells(SoloPart::Givens, text, 1..=9, "a digit 1-9")?;
    Ok(Grid::from_cells(ByCell::from_fn(|cell| Digit::new(values[cell.index()] as u8))))
}

/// A grid part in run-length form: the number on each cell, 0 for an empty one; numbers outside
/// `range` are refused as `allowed` says.
fn read_cells(
    part: SoloPart,
    text: &str,
    range: std::ops::RangeInclusive<u32>,
    allowed: &'static str,
) -> Result<[u32; 81], SoloIdError> {
    let mut values = [0; 81];
    let mut next = 0;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let (ch, position) = (chars[i], i + 1);
        match ch {
            'a'..='z' => {
                next += ch as usize - 'a' as usize + 1;
                if next > 81 {
                    return Err(SoloIdError::TooManyCells { part, position });
                }
                i += 1;
            }
            '_' => i += 1,
            '0'..='9' => {
                let length = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let digits: String = chars[i..i + length].iter().collect();
                let Some(cell) = Cell::new(next) else {
                    return Err(SoloIdError::TooManyCells { part, position });
                };
                match digits.parse::<u32>() {
                    Ok(value) if range.contains(&value) => values[next] = value,
                    _ => {
                        let value = digits.chars().take(6).collect();
                        return Err(SoloIdError::BadNumber { part, cell, position, value, allowed });
                    }
                }
                next += 1;
                i += length;
            }
            _ => return Err(SoloIdError::BadCharacter { part, position, ch }),
        }
    }
    if next < 81 {
        return Err(SoloIdError::TooFewCells { part, found: next });
    }
    Ok(values)
}

/// The two cells on either side of edge `index` (0-143; see the module documentation).
fn edge_cells(index: usize) -> (usize, usize) {
    if index < EDGES / 2 {
        let (row, col) = (index / 8, index % 8);
        (row * 9 + col, row * 9 + col + 1)
    } else {
        let (col, row) = (index / 8 - 9, index % 8);
        (row * 9 + col, (row + 1) * 9 + col)
    }
}

/// The walls part: the region (a representative cell index) of every cell, cells joined by an open
/// edge sharing one.
fn read_walls(part: SoloPart, text: &str) -> Result<[usize; 81], SoloIdError> {
    let mut region: [usize; 81] = std::array::from_fn(|i| i);
    fn root(region: &mut [usize; 81], mut cell: usize) -> usize {
        while region[cell] != cell {
            region[cell] = region[region[cell]];
            cell = region[cell];
        }
        cell
    }
    let mut position = 0;
    for (i, ch) in text.chars().enumerate() {
        let open = match ch {
            '_' => 0,
            'a'..='z' => ch as usize - 'a' as usize + 1,
            _ => return Err(SoloIdError::BadCharacter { part, position: i + 1, ch }),
        };
        let wall = usize::from(ch != 'z');
        if position + open + wall > EDGES + 1 || (wall == 0 && position + open > EDGES) {
            return Err(SoloIdError::TooManyEdges { part, position: i + 1 });
        }
        for edge in position..position + open {
            let (a, b) = edge_cells(edge);
            let (a, b) = (root(&mut region, a), root(&mut region, b));
            region[a.max(b)] = a.min(b);
        }
        position += open + wall;
    }
    if position != EDGES + 1 {
        return Err(SoloIdError::TooFewEdges { part, found: position });
    }
    Ok(std::array::from_fn(|cell| root(&mut region, cell)))
}

/// The cages of `regions` with the sums standing on their first cells; a lone cell without a sum is
/// outside every cage.
fn cages_of(regions: &[usize; 81], sums: &[u32; 81]) -> Result<Cages, SoloIdError> {
    let mut cells: ByCell<CellSet> = ByCell::from_fn(|_| CellSet::EMPTY);
    for cell in Cell::ALL {
        cells[Cell::from_index(regions[cell.index()])].insert(cell);
    }
    let first_of = |cell: Cell| cells[Cell::from_index(regions[cell.index()])].first().unwrap_or(cell);
    if let Some(cell) = Cell::ALL.into_iter().find(|&c| sums[c.index()] != 0 && first_of(c) != c) {
        return Err(SoloIdError::SumNotOnFirstCell { cell, first: first_of(cell) });
    }
    let mut cages = Vec::new();
    for cell in Cell::ALL.into_iter().filter(|&c| first_of(c) == c) {
        let region = cells[cell];
        match sums[cell.index()] {
            0 if region.len() > 1 => return Err(SoloIdError::MissingSum { first: cell }),
            0 => {}
            sum => cages.push(Cage::new(region, sum)),
        }
    }
    Ok(Cages::new(cages)?)
}

/// The game id of `givens` with `cages` (a killer; `None` writes a classic id) and an optional
/// difficulty code, in Solo's shortest form. Cells outside every cage are written as cages of one
/// cell without a sum, which [`parse_solo_id`] reads back as uncaged.
pub fn solo_id(givens: &Grid, cages: Option<&Cages>, level: Option<SoloLevel>) -> String {
    solo_id_of(givens, Layout::classic_ref(), cages, level)
}

/// The game id of a puzzle of any variant: as [`solo_id`], with `x` in the parameters for Sudoku
/// X, and `9j` and the regions' walls for a jigsaw.
pub fn solo_id_of(givens: &Grid, layout: &Layout, cages: Option<&Cages>, level: Option<SoloLevel>) -> String {
    let mut id = String::from(if layout.is_jigsaw() { "9j" } else { "3x3" });
    if layout.has_diagonals() {
        id.push('x');
    }
    if cages.is_some() {
        id.push('k');
    }
    if let Some(level) = level.filter(|&l| l != SoloLevel::Trivial) {
        id.push('d');
        id.push(level.code());
    }
    id.push(':');
    let digits: [u32; 81] =
        std::array::from_fn(|i| givens.get(Cell::from_index(i)).map_or(0, |d| u32::from(d.get())));
    write_cells(&mut id, &digits);
    if layout.is_jigsaw() {
        id.push(',');
        write_walls(&mut id, |cell| layout.region_index(cell));
    }
    if let Some(cages) = cages {
        id.push(',');
        write_walls(&mut id, |cell| cages.cage_of(cell).map_or(100 + cell.index(), |id| id.index()));
        id.push(',');
        let mut sums = [0; 81];
        for cage in cages.as_slice() {
            if let Some(first) = cage.anchor() {
                sums[first.index()] = cage.sum();
            }
        }
        write_cells(&mut id, &sums);
    }
    id
}

/// A grid part in run-length form (0 is an empty cell).
fn write_cells(out: &mut String, values: &[u32; 81]) {
    let mut run = 0;
    for (i, &value) in values.iter().enumerate() {
        if value == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            write_run(out, run);
            run = 0;
        } else if i > 0 {
            out.push('_');
        }
        out.push_str(&value.to_string());
    }
    write_run(out, run);
}

/// `run` empty cells: `z` (26) as often as needed, then one letter for the rest.
fn write_run(out: &mut String, mut run: usize) {
    while run > 0 {
        let step = run.min(26);
        out.push(letter(step));
        run -= step;
    }
}

/// The letter standing for `count` (1-26): `a`-`z`.
fn letter(count: usize) -> char {
    char::from(b'a' + (count - 1) as u8)
}

/// A walls part: a wall between neighbours whose `region` differs.
fn write_walls(out: &mut String, region: impl Fn(Cell) -> usize) {
    let region = |cell: usize| region(Cell::from_index(cell));
    let mut run = 0;
    for edge in 0..=EDGES {
        let wall = edge == EDGES || {
            let (a, b) = edge_cells(edge);
            region(a) != region(b)
        };
        if !wall {
            run += 1;
            continue;
        }
        while run > 25 {
            out.push('z');
            run -= 26;
        }
        out.push(if run == 0 { '_' } else { letter(run) });
        run = 0;
    }
}

/// At most 20 characters of `text`, for messages.
fn shortened(text: &str) -> String {
    let mut short: String = text.chars().take(20).collect();
    if text.chars().count() > 20 {
        short.push_str("...");
    }
    short
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixtures::SOLO_FIRST_KILLER as LINE;
    use crate::engine::fixtures::SOLO_FIRST_KILLER_ID as ID;
    use crate::engine::text::parse_killer_line;

    #[test]
    fn the_first_shared_puzzle_both_ways() {
        let (givens, cages) = parse_killer_line(LINE).expect("valid");
        let read = parse_solo_id(ID).expect("valid id");
        assert_eq!(
            read,
            SoloPuzzle { givens, layout: Layout::classic(), cages: Some(cages.clone()), level: None }
        );
        assert_eq!(solo_id(&givens, Some(&cages), None), ID);
        assert_eq!(solo_id(&givens, Some(&cages), Some(SoloLevel::Trivial)), ID);
        let basic = solo_id(&givens, Some(&cages), Some(SoloLevel::Basic));
        assert!(basic.starts_with("3x3kdb:zzzc,"), "{basic}");
        assert_eq!(parse_solo_id(&basic).expect("valid").level, Some(SoloLevel::Basic));
        // Symmetry letters are read past; trailing fields are not part of the id.
        assert_eq!(parse_solo_id(&ID.replacen("3x3k", "3x3kr2", 1)).expect("valid").cages, Some(cages));
        assert!(parse_solo_id(&format!("{ID}\tTrivial")).is_ok());
        assert!(is_solo_id(ID) && is_solo_id("3x3k#seed") && !is_solo_id(LINE) && !is_solo_id("x3:"));
    }

    #[test]
    fn classic_ids_go_round() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let givens: Grid = line.parse().expect("valid");
        let id = solo_id(&givens, None, None);
        assert_eq!(id, "3x3:5_3b7d6b1_9_5d9_8d6a8c6c3_4b8a3b1_7c2c6a6d2_8d4_1_9b5d8b7_9");
        assert_eq!(
            parse_solo_id(&id),
            Ok(SoloPuzzle { givens, layout: Layout::classic(), cages: None, level: None })
        );
    }

    #[test]
    fn uncaged_cells_go_round() {
        let pair = Cage::new([Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect(), 3);
        let cages = Cages::new(vec![pair]).expect("valid");
        let id = solo_id(&Grid::empty(), Some(&cages), None);
        assert_eq!(parse_solo_id(&id).expect("valid").cages, Some(cages));
    }

    #[test]
    fn errors_name_the_part_and_the_place() {
        let err = |s: &str| parse_solo_id(s).expect_err("invalid").to_string();
        assert!(err("zzzc").contains("not a Solo game id"));
        assert!(err("3x3k#12345").contains("random-seed id"));
        assert!(err("2x3k:zzzc").contains("9x9"));
        assert!(err("9jx:zzzc").contains("X-type jigsaw"), "{}", err("9jx:zzzc"));
        assert!(err("3j:zzzc").contains("9x9"), "{}", err("3j:zzzc"));
        assert!(err("3x3k:zzzc").contains("3 parts"));
        assert!(err("3x3:zzzc,a").contains("1 part"));
        assert_eq!(err("3x3:zz?c"), "givens: bad character '?' at character 3");
        assert_eq!(err("3x3:zzzd"), "givens: more than 81 cells (at character 4)");
        assert_eq!(err("3x3:zzzb"), "givens: 80 cells, expected 81");
        assert_eq!(err("3x3:12zzzb"), "givens: 12 at r1c1 (character 1) is not a digit 1-9");
        let walls = ID.replacen(",a___", ",a__", 1);
        assert_eq!(err(&walls), "walls: 144 edge positions, expected 145 (144 edges and the final wall)");
        let walls = ID.replacen(",a___", ",a____", 1);
        assert!(err(&walls).contains("walls: more than 144 edges"), "{}", err(&walls));
        let sums = ID.replacen(",9a10_", ",a9_10_", 1);
        assert_eq!(err(&sums), "sums: the sum at r1c2 is not on the first cell of its cage, r1c1");
        let sums = ID.replacen(",9a10_", ",b10_", 1);
        assert_eq!(err(&sums), "sums: the cage whose first cell is r1c1 has no sum");
        let sums = ID.replacen(",9a10_", ",46a10_", 1);
        assert!(err(&sums).contains("sums: 46 at r1c1 (character 1) is not a cage sum"), "{}", err(&sums));
        let sums = ID.replacen(",9a10_", ",8a10_", 1);
        assert!(err(&sums).contains("not 405"), "{}", err(&sums));
    }

    /// The blocks of a jigsaw: the boxes, but r1c4 in the first region and r3c3 in the second,
    /// worked out by hand from Solo's encoding (the 72 lines between row neighbours in reading
    /// order, then the 72 between column neighbours column by column; `a`-`y` open lines then a
    /// wall, `_` a wall at once, and the final wall).
    const BLOCKS: &str = "cadbccdbdbdbdbdbdbdbdbc_bbabdbdbdbdbdbb";

    fn traded() -> Layout {
        let mut regions: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
        regions[3] = 0;
        regions[20] = 1;
        Layout::jigsaw(&regions).expect("connected regions")
    }

    #[test]
    fn x_and_jigsaw_ids_as_solo_writes_them() {
        let (givens, cages) = parse_killer_line(LINE).expect("valid");
        let empty = Grid::empty();
        let cases = [
            (format!("9j:zzzc,{BLOCKS}"), traded(), None),
            (ID.replacen("3x3k:", "3x3xk:", 1), Layout::x(), Some(cages.clone())),
            (ID.replacen("3x3k:zzzc,", &format!("9jk:zzzc,{BLOCKS},"), 1), traded(), Some(cages.clone())),
            ("3x3x:zzzc".to_string(), Layout::x(), None),
        ];
        for (id, layout, cages) in cases {
            let read = parse_solo_id(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(
                read,
                SoloPuzzle { givens: empty, layout: layout.clone(), cages: cages.clone(), level: None }
            );
            assert_eq!(solo_id_of(&givens, &layout, cages.as_ref(), None), id);
            assert!(is_solo_id(&id), "{id}");
        }
        // Solo reads 3x3j as 9j, and the boxes given as blocks are the classic layout.
        assert_eq!(parse_solo_id(&format!("3x3j:zzzc,{BLOCKS}")).map(|p| p.layout), Ok(traded()));
        let boxes = format!("9j:zzzc,bb{}{}b", "db".repeat(8), "db".repeat(9));
        assert_eq!(parse_solo_id(&boxes).map(|p| p.layout), Ok(Layout::classic()));
        let level = solo_id_of(&givens, &Layout::x(), None, Some(SoloLevel::Advanced));
        assert!(level.starts_with("3x3xda:"), "{level}");
    }

    #[test]
    fn jigsaw_errors_name_the_part_the_region_and_the_cell() {
        let err = |s: &str| parse_solo_id(s).expect_err("invalid").to_string();
        assert_eq!(err("9j:zzzc"), "a jigsaw id has 2 parts (givens,blocks) after the ':'; found 1 part(s)");
        assert!(err(&format!("9jk:zzzc,{BLOCKS}")).contains("4 parts (givens,blocks,walls,sums)"));
        assert_eq!(err("9j:zzzc,cad?"), "blocks: bad character '?' at character 4");
        let short = &BLOCKS[..BLOCKS.len() - 1];
        assert_eq!(
            err(&format!("9j:zzzc,{short}")),
            "blocks: 142 edge positions, expected 145 (144 edges and the final wall)"
        );
        // One wall less between r1c4 and r1c5 joins regions 1 and 2: eight regions.
        let joined = BLOCKS.replacen("ca", "e", 1);
        assert_eq!(err(&format!("9j:zzzc,{joined}")), "blocks: the walls make 8 regions, expected 9");
        // Walls right of r1c1 and below it cut it off: ten regions.
        let cut = format!("_ba{}bab{}", &BLOCKS[2..18], &BLOCKS[20..]);
        assert_eq!(err(&format!("9j:zzzc,{cut}")), "blocks: the walls make 10 regions, expected 9");
    }
}
