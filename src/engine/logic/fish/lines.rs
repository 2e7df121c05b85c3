//! One digit's candidates read line by line, as nine-bit masks: what the fish search enumerates.

use crate::engine::logic::join_and;
use crate::engine::{Candidates, Cell, CellSet, Digit, House};

/// A set of line indices (or of positions along a line), 0 to 8, as nine bits.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(crate) struct LineSet(u16);

impl LineSet {
    /// All nine lines (or positions).
    pub(super) const ALL: LineSet = LineSet(0x1ff);

    /// The three lines (or positions) of band (or stack) `third`, 0 to 2.
    pub(super) const fn third(third: usize) -> LineSet {
        LineSet(0b111 << (3 * third))
    }

    /// The number of lines.
    pub(super) const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no line.
    pub(super) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lines in `self` or `other`.
    pub(super) const fn union(self, other: LineSet) -> LineSet {
        LineSet(self.0 | other.0)
    }

    /// The lines in both.
    pub(super) const fn intersection(self, other: LineSet) -> LineSet {
        LineSet(self.0 & other.0)
    }

    /// The lines of `self` not in `other`.
    pub(super) const fn minus(self, other: LineSet) -> LineSet {
        LineSet(self.0 & !other.0)
    }

    /// The lines as a nine-bit mask (bit `i` for line `i`): ordering the masks of sets of one size
    /// numerically orders the sets colexicographically.
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    /// The indices in increasing order.
    pub(crate) fn iter(self) -> impl Iterator<Item = usize> {
        crate::engine::types::bit_indices(u64::from(self.0))
    }

    /// Every subset of `self` with `size` elements, the largest mask first (the order in which
    /// walking the submasks of `self` downwards meets them).
    pub(super) fn subsets_of_size(self, size: usize) -> impl Iterator<Item = LineSet> {
        let all = self.0;
        let masks: &[u16] = match size {
            0..=9 => &MASKS_BY_SIZE.masks[MASKS_BY_SIZE.start[size]..MASKS_BY_SIZE.start[size + 1]],
            _ => &[],
        };
        masks.iter().filter(move |&&mask| mask & all == mask).map(|&mask| LineSet(mask))
    }
}

/// The 512 nine-bit masks grouped by how many bits they have, each group in decreasing order:
/// group `n` is `masks[start[n]..start[n + 1]]`.
struct MasksBySize {
    masks: [u16; 512],
    start: [usize; 11],
}

const MASKS_BY_SIZE: MasksBySize = {
    let mut masks = [0u16; 512];
    let mut start = [0usize; 11];
    let mut next = 0;
    let mut size = 0;
    while size <= 9 {
        start[size] = next;
        let mut mask: usize = 512;
        while mask > 0 {
            mask -= 1;
            if mask.count_ones() as usize == size {
                masks[next] = mask as u16;
                next += 1;
            }
        }
        size += 1;
    }
    start[10] = next;
    MasksBySize { masks, start }
};

/// Which lines the fish is built on: the base lines are rows (cover lines columns) or the reverse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Orientation {
    /// Rows as base lines, columns as cover lines.
    Rows,
    /// Columns as base lines, rows as cover lines.
    Columns,
}

impl Orientation {
    /// The cell at `position` along base line `line`.
    pub(super) const fn cell(self, line: usize, position: usize) -> Cell {
        match self {
            Orientation::Rows => Cell::at(line, position),
            Orientation::Columns => Cell::at(position, line),
        }
    }

    /// Base line `line` as a house.
    pub(crate) fn base_house(self, line: usize) -> House {
        match self {
            Orientation::Rows => House::row(line),
            Orientation::Columns => House::column(line),
        }
    }

    /// Cover line `line` as a house.
    pub(super) fn cover_house(self, line: usize) -> House {
        match self {
            Orientation::Rows => House::column(line),
            Orientation::Columns => House::row(line),
        }
    }

    /// `rows 2 and 7` for base lines, or `columns 3, 5 and 8` for cover lines.
    pub(super) fn describe(self, lines: LineSet, base: bool) -> String {
        let kind = if (self == Orientation::Rows) == base { "rows" } else { "columns" };
        format!("{kind} {}", join_and(lines.iter().map(|i| (i + 1).to_string()).collect()))
    }
}

/// One digit's candidates read line by line in one orientation: `positions[line]` holds the
/// positions along base line `line` of the cells that still have the digit.
pub(super) struct DigitLines {
    /// The digit.
    pub(super) digit: Digit,
    /// Which lines are the base lines.
    pub(super) orientation: Orientation,
    /// The digit's positions along each base line.
    pub(super) positions: [LineSet; 9],
}

impl DigitLines {
    /// Reads `digit` in `grid` along the base lines of `orientation`.
    pub(super) fn new(grid: &Candidates, digit: Digit, orientation: Orientation) -> DigitLines {
        let mut positions = [LineSet::default(); 9];
        for cell in grid.cells_with(digit) {
            let (line, position) = match orientation {
                Orientation::Rows => (cell.row(), cell.col()),
                Orientation::Columns => (cell.col(), cell.row()),
            };
            positions[line].0 |= 1 << position;
        }
        DigitLines { digit, orientation, positions }
    }

    /// The lines that hold the digit at all.
    pub(super) fn occupied(&self) -> LineSet {
        LineSet((0..9).filter(|&i| !self.positions[i].is_empty()).fold(0, |m, i| m | 1 << i))
    }

    /// Hands `visit` every set of `size` lines holding the digit whose candidates lie in at most
    /// `limit` positions, depth-first from the lowest line: a set spread too wide is never
    /// extended, so most sets are never built.
    pub(super) fn bases_within(&self, size: usize, limit: usize, visit: &mut impl FnMut(LineSet)) {
        self.extend_base(LineSet::default(), LineSet::default(), 0, size, limit, visit);
    }

    /// Extends `base` (whose candidates lie in the positions `spread`) by lines from `from` on, one
    /// at a time, handing `visit` each set that reaches `size` lines within `limit` positions.
    fn extend_base(
        &self,
        base: LineSet,
        spread: LineSet,
        from: usize,
        size: usize,
        limit: usize,
        visit: &mut impl FnMut(LineSet),
    ) {
        for line in from..9 {
            let positions = self.positions[line];
            let wider = spread.union(positions);
            if positions.is_empty() || wider.len() > limit {
                continue;
            }
            let base = base.union(LineSet(1 << line));
            if base.len() == size {
                visit(base);
            } else {
                self.extend_base(base, wider, line + 1, size, limit, visit);
            }
        }
    }

    /// The union of the positions of `lines`.
    pub(super) fn union(&self, lines: LineSet) -> LineSet {
        lines.iter().fold(LineSet::default(), |acc, i| acc.union(self.positions[i]))
    }

    /// The cells of `lines` holding the digit at one of `positions`.
    pub(super) fn cells(&self, lines: LineSet, positions: LineSet) -> CellSet {
        let mut cells = CellSet::EMPTY;
        for line in lines.iter() {
            for position in self.positions[line].intersection(positions).iter() {
                cells.insert(self.orientation.cell(line, position));
            }
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The subsets by walking every submask downwards, the plain way.
    fn walked(all: u16, size: usize) -> Vec<LineSet> {
        let mut found = Vec::new();
        let mut current = all;
        loop {
            if current.count_ones() as usize == size {
                found.push(LineSet(current));
            }
            if current == 0 {
                return found;
            }
            current = (current - 1) & all;
        }
    }

    #[test]
    fn subsets_of_size_are_the_submasks_in_walking_order() {
        for all in 0..512u16 {
            for size in 0..=10 {
                let listed: Vec<LineSet> = LineSet(all).subsets_of_size(size).collect();
                assert_eq!(listed, walked(all, size), "{all:#011b}, size {size}");
            }
        }
    }

    #[test]
    fn bases_within_a_spread_are_the_subsets_that_fit_it() {
        // Positions from a small linear congruential generator: lines of every width, some empty.
        let mut state = 12345u32;
        for round in 0..300 {
            let positions = std::array::from_fn(|_| {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let bits = (state >> 16) as u16 & 0x1ff;
                LineSet(if state % 5 == 0 { 0 } else { bits & (bits >> (round % 4)) })
            });
            let lines = DigitLines { digit: Digit::from_index(0), orientation: Orientation::Rows, positions };
            for size in 2..=4 {
                for limit in size..=size + 3 {
                    let mut found = Vec::new();
                    lines.bases_within(size, limit, &mut |base| found.push(base));
                    let mut expected: Vec<LineSet> = lines
                        .occupied()
                        .subsets_of_size(size)
                        .filter(|&base| lines.union(base).len() <= limit)
                        .collect();
                    found.sort_by_key(|set| set.0);
                    expected.sort_by_key(|set| set.0);
                    assert_eq!(found, expected, "round {round}, size {size}, limit {limit}");
                }
            }
        }
    }
}
