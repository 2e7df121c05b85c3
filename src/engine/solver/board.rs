//! The solver's board: for every digit, the cells where it may still go, stored band by band, and
//! the forced moves (naked and hidden singles) that shrink it.
//!
//! Layout, chosen for speed: the grid is cut into three bands of three rows; a band is 27 cells, so
//! one `u32` holds a digit's possible cells in one band (bit `9 * row_in_band + column`). A row of a
//! band is a 9-bit slice, a box a fixed 9-bit mask, a column the same three bits in every band. A
//! placed digit keeps its cell in its own mask (its only place in each of its houses) and leaves
//! every other digit's mask. The rules run on (band, digit) pairs and on a digit's three stacks
//! through small tables built at compile time. Every move reports the pairs it changed, and the
//! rules run again on exactly those. The whole board is `Copy` (160 bytes): the search copies it
//! at each branch instead of undoing moves, and nothing here allocates.

use crate::engine::{ByCell, Digit, Grid};

/// A set of cells inside one band: 27 bits, `9 * row_in_band + column`.
pub(super) type BandBits = u32;

/// All 27 cells of a band.
const BAND_ALL: BandBits = (1 << 27) - 1;
/// The nine cells of the first row of a band.
const ROW_BITS: BandBits = 0x1ff;
/// The nine cells of the first box of a band.
const BOX_BITS: BandBits = 0b111 | 0b111 << 9 | 0b111 << 18;

/// Position of a cell inside its band (0-26).
pub(super) type BandPos = usize;

/// For each position in a band, the other cells of the same band that see it (same row or box).
/// 32 entries (the last five empty), so that a position masked to five bits needs no bounds check.
const BAND_PEERS: [BandBits; 32] = {
    let mut table = [0; 32];
    let mut pos = 0;
    while pos < 27 {
        let row = ROW_BITS << (9 * (pos / 9));
        let block = BOX_BITS << (3 * ((pos % 9) / 3));
        table[pos] = (row | block) & !(1 << pos);
        pos += 1;
    }
    table
};

/// For each (band, digit) pair `9 * band + digit`, its band (32 entries, so that a pair masked
/// to five bits needs no bounds check).
const UNIT_BAND: [u8; 32] = {
    let mut table = [0; 32];
    let mut unit = 0;
    while unit < 27 {
        table[unit] = (unit / 9) as u8;
        unit += 1;
    }
    table
};

/// For each pattern of segments of one digit in a band or a stack (bit `3 * line + box`: which
/// row-and-box or band-and-column intersections may still hold it), the segments that belong to
/// at least one way of placing the digit once in every line and once in every box. Segments
/// outside every such way are empty in every solution: this is box/line locked candidates, and an
/// empty result means a row, column or box has no place left for the digit.
const MATCHED_SEGMENTS: [u16; 512] = {
    const WAYS: [[u16; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut table = [0u16; 512];
    let mut pattern: usize = 0;
    while pattern < 512 {
        let mut way = 0;
        while way < 6 {
            let w = WAYS[way];
            let bits: u16 = 1 << w[0] | 1 << (3 + w[1]) | 1 << (6 + w[2]);
            if pattern as u16 & bits == bits {
                table[pattern] |= bits;
            }
            way += 1;
        }
        pattern += 1;
    }
    table
};

/// The shape of a band's rows for one digit: `BAND_SHAPE[row][slice]` for row `row` (0-2) of a
/// band holding the 9-bit `slice` gives, in bits `3 * row` to `3 * row + 2`, the boxes the row has
/// cells in (its part of the segment pattern of [`MATCHED_SEGMENTS`]) and, from bit 9 on, the
/// row's cells that are alone in their segment, at their places in the band. The three rows of a
/// band combine with `|`, so one table look-up per row gives both.
const BAND_SHAPE: [[u64; 512]; 3] = {
    let mut table = [[0; 512]; 3];
    let mut row = 0;
    while row < 3 {
        let mut slice = 0;
        while slice < 512 {
            let mut block = 0;
            while block < 3 {
                let segment = slice & (0b111 << (3 * block));
                if segment != 0 {
                    table[row][slice] |= 1 << (3 * row + block);
                    if segment & (segment - 1) == 0 {
                        table[row][slice] |= (segment as u64) << (9 + 9 * row);
                    }
                }
                block += 1;
            }
            slice += 1;
        }
        row += 1;
    }
    table
};

/// The segment pattern (bits 0-8) and the cells alone in their segment (from bit 9) of a digit's
/// cells in a band.
#[inline]
fn band_shape(bits: BandBits) -> u64 {
    BAND_SHAPE[0][(bits & ROW_BITS) as usize]
        | BAND_SHAPE[1][((bits >> 9) & ROW_BITS) as usize]
        | BAND_SHAPE[2][((bits >> 18) & ROW_BITS) as usize]
}

/// The segments of a segment pattern (as in [`MATCHED_SEGMENTS`]) that are the only one of their
/// row.
const fn alone_in_row(pattern: usize) -> usize {
    let mut alone = 0;
    let mut row = 0;
    while row < 3 {
        let segments = (pattern >> (3 * row)) & 0b111;
        if segments & segments.wrapping_sub(1) == 0 {
            alone |= segments << (3 * row);
        }
        row += 1;
    }
    alone
}

/// Marks, in [`SEGMENT_SEEN`], a segment pattern with two segments in one row or one box.
const SEGMENT_CLASH: BandBits = 1 << 31;

/// For each segment pattern of a digit's cells in a band (as in [`MATCHED_SEGMENTS`]), the band
/// cells in the rows and boxes of its segments, or [`SEGMENT_CLASH`] when two segments share a row
/// or a box.
const SEGMENT_SEEN: [BandBits; 512] = {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        // Every segment of a row or a box that holds one of the pattern's segments.
        let mut houses = 0;
        let mut line = 0;
        while line < 3 {
            if (pattern >> (3 * line)) & 0b111 != 0 {
                houses |= 0b111 << (3 * line);
            }
            if (pattern >> line) & 0b001_001_001 != 0 {
                houses |= 0b001_001_001 << line;
            }
            line += 1;
        }
        let boxes = pattern & (pattern >> 3 | pattern >> 6) | pattern >> 3 & pattern >> 6;
        // A segment that is not alone in its row shares it with another.
        table[pattern] = if boxes & 0b111 != 0 || pattern & !alone_in_row(pattern) != 0 {
            SEGMENT_CLASH
        } else {
            SEGMENT_CELLS[houses]
        };
        pattern += 1;
    }
    table
};

/// For each set of segments (bit `3 * row + box`, as in [`MATCHED_SEGMENTS`]), the band cells in
/// them.
const SEGMENT_CELLS: [BandBits; 512] = {
    let mut table = [0; 512];
    let mut segments = 0;
    while segments < 512 {
        let mut segment = 0;
        while segment < 9 {
            if segments & (1 << segment) != 0 {
                table[segments] |= 0b111 << (9 * (segment / 3) + 3 * (segment % 3));
            }
            segment += 1;
        }
        segments += 1;
    }
    table
};

/// What settling a digit in a band needs from its segment pattern (as in [`MATCHED_SEGMENTS`]),
/// in one look-up:
/// - bits 0-26: the cells of the segments kept by matching, what the digit's cells shrink to by
///   box/line locking, or 0 on a dead end;
/// - from bit 32: the cells of the kept segments that are the only kept segment of their row.
///
/// A row is left with one cell by locking exactly when its only kept segment holds one cell, so
/// these cells, with the cells alone in their segment (from [`band_shape`]), are the row singles
/// after locking, whether or not locking removed anything.
const SETTLE: [u64; 512] = {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let matched = MATCHED_SEGMENTS[pattern] as usize;
        let lone = alone_in_row(matched);
        table[pattern] = SEGMENT_CELLS[matched] as u64 | (SEGMENT_CELLS[lone] as u64) << 32;
        pattern += 1;
    }
    table
};

/// For each 8-bit set, its bits spread one to a byte (bit `i` set: byte `i` is 1).
const SPREAD_BYTES: [u64; 256] = {
    let mut table = [0; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut bit = 0;
        while bit < 8 {
            if bits & (1 << bit) != 0 {
                table[bits] |= 1 << (8 * bit);
            }
            bit += 1;
        }
        bits += 1;
    }
    table
};

/// How many cells a 9-bit slice holds (a table: `count_ones` has no single instruction on the
/// baseline x86-64 target).
const SLICE_COUNT: [u8; 512] = {
    let mut table = [0; 512];
    let mut slice = 0;
    while slice < 512 {
        table[slice] = (slice as u32).count_ones() as u8;
        slice += 1;
    }
    table
};

/// How many cells a set of band cells holds.
#[inline]
fn cell_count(bits: BandBits) -> u32 {
    u32::from(SLICE_COUNT[(bits & ROW_BITS) as usize])
        + u32::from(SLICE_COUNT[((bits >> 9) & ROW_BITS) as usize])
        + u32::from(SLICE_COUNT[((bits >> 18) & ROW_BITS) as usize])
}

/// For each 9-bit row slice, its columns spread to one 4-bit counter each (column `c` at bit
/// `4 * c`), so that adding rows counts cells per column.
const COLUMN_COUNTERS: [u64; 512] = {
    let mut table = [0; 512];
    let mut slice = 0;
    while slice < 512 {
        let mut column = 0;
        while column < 9 {
            if slice & (1 << column) != 0 {
                table[slice] |= 1 << (4 * column);
            }
            column += 1;
        }
        slice += 1;
    }
    table
};

/// For each position in a band, where its column's counter starts in [`open_per_column`]. 32
/// entries (the last five unused), so that a position masked to five bits needs no bounds check.
const COUNTER_SHIFT: [u8; 32] = {
    let mut table = [0; 32];
    let mut pos = 0;
    while pos < 27 {
        table[pos] = 4 * (pos % 9) as u8;
        pos += 1;
    }
    table
};

/// How many of the given band cells lie in each column, as 4-bit counters (column `c` at bit
/// `4 * c`).
#[inline]
fn open_per_column(bits: BandBits) -> u64 {
    COLUMN_COUNTERS[(bits & ROW_BITS) as usize]
        + COLUMN_COUNTERS[((bits >> 9) & ROW_BITS) as usize]
        + COLUMN_COUNTERS[((bits >> 18) & ROW_BITS) as usize]
}

/// The columns (9 bits) in which a band has cells.
#[inline]
fn band_columns(bits: BandBits) -> BandBits {
    (bits | bits >> 9 | bits >> 18) & ROW_BITS
}

/// The cells of a band in the given columns (9 bits).
#[inline]
fn columns_in_band(columns: BandBits) -> BandBits {
    columns | columns << 9 | columns << 18
}

/// The cells of a band (27 values, 0 for empty) that hold a digit, 8 at a time: a byte is
/// non-zero when adding 0x7f to its low seven bits or its own top bit sets its top bit.
#[inline]
fn given_cells(values: &[u8; 27]) -> BandBits {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    /// Moves the top bit of byte `i` to bit `56 + i` (no two products meet, so nothing carries).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let word = |at: usize| {
        let mut bytes = [0; 8];
        let len = (27 - at).min(8);
        bytes[..len].copy_from_slice(&values[at..at + len]);
        u64::from_le_bytes(bytes)
    };
    [0, 8, 16, 24].into_iter().fold(0, |cells, at| {
        let word = word(at);
        let high = ((word & LOW7).wrapping_add(LOW7) | word) & !LOW7;
        cells | (((high >> 7).wrapping_mul(GATHER) >> 56) as BandBits) << at
    })
}

/// What the forced-move loop found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Outcome {
    /// Every cell holds a digit.
    Solved,
    /// Some cell or house has no place left for a digit: no solution from here.
    DeadEnd,
    /// No forced move is left; the search must branch. Holds the unplaced cells with exactly two
    /// possible digits, per band (found by the last naked-singles pass, for the branch choice).
    Stuck([BandBits; 3]),
}

/// The search state: possible cells per band and digit, and the placed cells per band.
#[derive(Clone, Copy)]
pub(super) struct Board {
    /// `possible[band][digit]`: where the digit may go in the band (its placed cells included).
    /// Band-major, so that removing placed cells from all nine digits of a band is one sweep over
    /// contiguous memory.
    possible: [[BandBits; 9]; 3],
    /// The cells that hold a digit, per band.
    placed: [BandBits; 3],
    /// Per digit, the columns it had in each band (9 bits per band) when its stacks were last
    /// locked: locking depends on nothing else, so an unchanged signature means nothing to do.
    locked_columns: [u32; 9],
    /// The (band, digit) pairs changed outside [`Board::propagate`] (by the givens or a branch
    /// placement) since it last ran, as bits `9 * band + digit`: where it starts.
    placed_units: u32,
}

impl Board {
    /// The board for `grid`, or `None` when two givens conflict.
    pub(super) fn new(grid: &Grid) -> Option<Board> {
        // Only the givens are visited (a 17-clue grid has 64 empty cells): per band and digit
        // value, the given cells, the cells they see in the band, and per value the columns.
        // Arrays of 16 per value, so that a value masked to 4 bits needs no bounds check.
        let mut own = [[0; 16]; 3];
        let mut seen = [[0; 16]; 3];
        let mut columns: [BandBits; 16] = [0; 16];
        let mut conflict = 0;
        let mut placed = [0; 3];
        for (band, cells) in grid.cells().values().chunks_exact(27).enumerate() {
            let values: [u8; 27] = std::array::from_fn(|pos| cells[pos].map_or(0, Digit::get));
            let mut givens = given_cells(&values);
            placed[band] = givens;
            let (own, seen) = (&mut own[band], &mut seen[band]);
            while givens != 0 {
                let pos = givens.trailing_zeros() as usize;
                givens &= givens - 1;
                let value = usize::from(values[pos] & 15);
                let column = 1 << (pos % 9);
                // A given of the same value already in the row, box or column.
                conflict |= seen[value] & (1 << pos) | columns[value] & column;
                own[value] |= 1 << pos;
                seen[value] |= BAND_PEERS[pos];
                columns[value] |= column;
            }
        }
        if conflict != 0 {
            return None;
        }
        let possible = std::array::from_fn(|band| {
            std::array::from_fn(|digit| {
                let (own, seen) = (own[band][digit + 1], seen[band][digit + 1]);
                own | (BAND_ALL & !seen & !columns_in_band(columns[digit + 1]) & !placed[band])
            })
        });
        // Every pair the givens changed is still to settle.
        let placed_units = possible
            .as_flattened()
            .iter()
            .enumerate()
            .fold(0, |units, (unit, &bits)| units | u32::from(bits != BAND_ALL) << unit);
        Some(Board { possible, placed, locked_columns: [BAND_ALL; 9], placed_units })
    }

    /// Places digit index `digit` at `pos` of `band`, a cell whose possible digits are `digits`
    /// (as [`Board::branch_cell`] gives them); `false` (a dead end) if it cannot go there.
    #[inline]
    pub(super) fn place(&mut self, band: usize, pos: BandPos, digit: usize, digits: u16) -> bool {
        let bit = 1 << pos;
        let own = self.possible[band][digit];
        if own & bit == 0 {
            return false;
        }
        debug_assert_eq!(digits, self.digits_at(band, pos));
        // One cell: its peers in the band from a table; its digits are known.
        let touched = self.commit::<false>(band, digit, bit, own & !BAND_PEERS[pos & 31]);
        self.placed_units |= touched | u32::from(digits) << (9 * band);
        true
    }

    /// Places `digit` on `cells` of `band` (cells where it may go): removes it from their peers and
    /// every other digit from them. Returns the pairs this changed, for cells that hold no other
    /// digit (naked singles, as [`Board::commit`] without `OTHERS`); `None` (a dead end) if two of
    /// the cells see each other.
    #[inline]
    fn place_cells(&mut self, band: usize, digit: usize, cells: BandBits) -> Option<u32> {
        // The rows and boxes of the cells from their segments: no loop over the cells.
        let shape = band_shape(cells);
        let seen = SEGMENT_SEEN[(shape & 0x1ff) as usize];
        // Two cells in one segment (a cell not alone in its segment), or two segments in one row
        // or one box.
        if (shape >> 9) as BandBits != cells || seen & SEGMENT_CLASH != 0 {
            return None;
        }
        Some(self.commit::<false>(band, digit, cells, self.possible[band][digit] & !seen | cells))
    }

    /// Places `digit` on `cells` of `band`, which leave it `own` in the band: every digit of the
    /// band leaves the cells, the digit leaves the cells' columns in every band, then it gets
    /// `own`. Returns the pairs this changed (bits `9 * band + digit`): in the band, the digits
    /// that had any of the cells (`digit` among them) when `OTHERS` is set, else only `digit` (for
    /// cells known to hold no other digit); in the other bands, `digit` if it had any of the cells'
    /// columns there. Most column clears find nothing to remove (63% on forum_hardest_se11), so
    /// reporting them exactly saves settling pairs that did not change.
    #[inline(always)]
    fn commit<const OTHERS: bool>(
        &mut self,
        band: usize,
        digit: usize,
        cells: BandBits,
        own: BandBits,
    ) -> u32 {
        let columns = columns_in_band(band_columns(cells));
        let mut had_cells = 0;
        for (index, bits) in self.possible[band].iter_mut().enumerate() {
            if OTHERS {
                had_cells |= u32::from(*bits & cells != 0) << index;
            }
            *bits &= !cells;
        }
        // The digit's own pair is always reported: the sweep has already taken the cells from it,
        // so whether it changed cannot be seen here.
        let mut had_columns = 1 << (9 * band);
        for (other, digits) in self.possible.iter_mut().enumerate() {
            had_columns |= u32::from(digits[digit] & columns != 0) << (9 * other);
            digits[digit] &= !columns;
        }
        self.possible[band][digit] = own;
        self.placed[band] |= cells;
        had_cells << (9 * band) | had_columns << digit
    }

    /// [`Board::column_signature`] of every digit, computed together (which the compiler partly
    /// vectorises).
    #[inline]
    fn column_signatures(&self) -> [u32; 9] {
        let [top, middle, bottom] = &self.possible;
        std::array::from_fn(|digit| {
            band_columns(top[digit]) | band_columns(middle[digit]) << 9 | band_columns(bottom[digit]) << 18
        })
    }

    /// The columns `digit` has in each band (9 bits per band, band 0 lowest): what stack locking
    /// looks at.
    #[inline]
    fn column_signature(&self, digit: usize) -> u32 {
        let [top, middle, bottom] = &self.possible;
        band_columns(top[digit]) | band_columns(middle[digit]) << 9 | band_columns(bottom[digit]) << 18
    }

    /// Whether every cell holds a digit.
    fn is_full(&self) -> bool {
        self.placed == [BAND_ALL; 3]
    }

    /// Applies forced moves until none is left. In passes over the changed bands and digits:
    /// box/line locked candidates of every pair of the pass, then the rows they left with one
    /// place, placed (hidden singles in rows); then naked singles;
    /// when none is left, for every changed digit, locked candidates between its bands and
    /// columns. Locking makes the hidden singles of boxes and columns show up as row singles: a box
    /// with one place for a digit locks its row to that box, and a column with one place locks its
    /// box to that column.
    pub(super) fn propagate(&mut self) -> Outcome {
        // The (band, digit) pairs settled since the last stack locking: only their digits' column
        // signatures can have changed (cells only ever leave, and every change is settled).
        let mut changed = 0;
        // The pairs to settle: each move below reports the pairs it changed. Tracking them costs
        // less than comparing all 27 masks with a copy after each pass, which also stalled: a wide
        // load right after the narrow stores of a move waits for them to reach the cache.
        let mut units = std::mem::take(&mut self.placed_units);
        // The row singles each pair of a pass left (indexed by pair, read only for the pairs in
        // `to_place`).
        let mut singles: [BandBits; 32] = [0; 32];
        loop {
            while units != 0 {
                changed |= units;
                // Every pair of the pass is locked before any row single is placed, so that
                // whether a pair has one is a bit in `to_place` rather than a branch, which went
                // either way about two times in five. This runs more instructions but is faster.
                // Settling pair by pair, placing as it went: forum_hardest_se11, 2,000 puzzles,
                // solve, 396.4M instructions and 3.04M simulated mispredicts (17-clue, 5,000
                // puzzles: 89.0M and 0.60M); in two phases, 432.2M and 2.58M (98.7M and 0.47M).
                // Benchmark ratios, four alternating runs each: se11 solve 1.53-1.59 before,
                // 1.71-1.77 after.
                let mut to_place = 0;
                while units != 0 {
                    let unit = units.trailing_zeros() as usize;
                    units &= units - 1;
                    match self.lock_pair(unit) {
                        Some(cells) => {
                            singles[unit & 31] = cells;
                            to_place |= u32::from(cells != 0) << unit;
                        }
                        None => return Outcome::DeadEnd,
                    }
                }
                // Pairs that these placements change are settled in the next pass.
                let mut next = 0;
                while to_place != 0 {
                    let unit = to_place.trailing_zeros() as usize;
                    to_place &= to_place - 1;
                    match self.place_locked_singles(unit, singles[unit & 31]) {
                        Some(touched) => next |= touched,
                        None => return Outcome::DeadEnd,
                    }
                }
                units = next;
            }
            let pairs = match self.naked_singles() {
                Step::DeadEnd => return Outcome::DeadEnd,
                Step::Progress { units: touched } => {
                    units = touched;
                    continue;
                }
                Step::Nothing { .. } if self.is_full() => return Outcome::Solved,
                Step::Nothing { pairs } => pairs,
            };
            let mut digits = (changed | changed >> 9 | changed >> 18) & ROW_BITS;
            changed = 0;
            // With (nearly) every digit to look at, computing all nine signatures at once is cheaper.
            let all = (SLICE_COUNT[digits as usize] >= 8).then(|| self.column_signatures());
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let signature = all.map_or_else(|| self.column_signature(digit), |all| all[digit]);
                if signature != self.locked_columns[digit] {
                    match self.lock_stacks(digit, signature) {
                        Some(changed) => units |= changed,
                        None => return Outcome::DeadEnd,
                    }
                }
            }
            // Unless locking removed a cell, nothing changed since the naked singles pass: its pairs
            // still hold.
            if units == 0 {
                return Outcome::Stuck(pairs);
            }
        }
    }

    /// Locked candidates of one digit inside one band (the pair `unit`, `9 * band + digit`): keeps
    /// the locked cells and returns the cells of the rows left with one place for the digit that
    /// are not placed yet (row singles); `None` on a dead end.
    #[inline]
    fn lock_pair(&mut self, unit: usize) -> Option<BandBits> {
        // The pair indexes the flattened masks directly: no division by nine on the common path.
        let band = usize::from(UNIT_BAND[unit & 31]);
        let bits = self.possible.as_flattened()[unit];
        let shape = band_shape(bits);
        let settle = SETTLE[(shape & 0x1ff) as usize];
        let keep = settle as BandBits;
        if keep == 0 {
            return None;
        }
        self.possible.as_flattened_mut()[unit] = bits & keep;
        // The row singles after locking, from the same two look-ups whether or not locking removed
        // cells (see SETTLE), and without a branch on it, which went either way about one time in
        // three (measured before passes were split in two: a second look-up of the locked cells'
        // rows when they changed, forum_hardest_se11, 2,000 puzzles, solve: 404.0M instructions
        // and 3.35M simulated mispredicts; with this, 396.4M and 3.04M).
        Some((settle >> 32) as BandBits & (shape >> 9) as BandBits & !self.placed[band])
    }

    /// Places the row singles `cells` that [`Board::lock_pair`] found for the pair `unit`, after
    /// the other placements of its pass. Returns the other pairs this changed (as
    /// [`Board::commit`] with `OTHERS`); `None` (a dead end) if those placements took one of the
    /// cells from the digit, whose row then has no place for it. Otherwise each cell is still
    /// alone in its row, since the digit's cells only shrink; matching has already cleared their
    /// rows and boxes of the digit (and two of them never share a box), so only their columns in
    /// the other bands and the other digits of the cells are left to clear, and the digit keeps
    /// its cells in the band as they are.
    #[inline]
    fn place_locked_singles(&mut self, unit: usize, cells: BandBits) -> Option<u32> {
        let band = usize::from(UNIT_BAND[unit & 31]);
        let own = self.possible.as_flattened()[unit];
        if cells & !own != 0 {
            return None;
        }
        let digit = unit - 9 * band;
        // Placing leaves this pair's cells as they are, so it needs no settle for that: every row
        // single among them is now placed. (If an earlier placement of the pass took cells from
        // it, that placement reported it.)
        Some(self.commit::<true>(band, digit, cells, own) & !(1 << unit))
    }

    /// Locked candidates of `digit` between bands and columns, in each of the three stacks.
    /// Returns the pairs it changed, `None` on a dead end (a column without a place for the digit).
    #[inline]
    fn lock_stacks(&mut self, digit: usize, signature: u32) -> Option<u32> {
        let columns = [signature & ROW_BITS, (signature >> 9) & ROW_BITS, signature >> 18];
        let mut keep = [0; 3];
        for stack in 0..3 {
            let shift = 3 * stack;
            let pattern = (columns[0] >> shift) & 7
                | ((columns[1] >> shift) & 7) << 3
                | ((columns[2] >> shift) & 7) << 6;
            let matched = BandBits::from(MATCHED_SEGMENTS[pattern as usize]);
            if matched == 0 {
                return None;
            }
            keep[0] |= (matched & 7) << shift;
            keep[1] |= ((matched >> 3) & 7) << shift;
            keep[2] |= (matched >> 6) << shift;
        }
        let mut changed = 0;
        for (band, columns) in keep.into_iter().enumerate() {
            let bits = &mut self.possible[band][digit];
            let locked = *bits & columns_in_band(columns);
            changed |= u32::from(locked != *bits) << (9 * band);
            *bits = locked;
        }
        self.locked_columns[digit] = signature & (keep[0] | keep[1] << 9 | keep[2] << 18);
        Some(changed << digit)
    }

    /// Places every unplaced cell that has one possible digit; a dead end if a cell has none.
    fn naked_singles(&mut self) -> Step {
        let mut pairs = [0; 3];
        let mut placed = 0;
        for (band, band_pairs) in pairs.iter_mut().enumerate() {
            let open = !self.placed[band] & BAND_ALL;
            if open == 0 {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for bits in self.possible[band] {
                thrice |= twice & bits;
                twice |= once & bits;
                once |= bits;
            }
            if once & open != open {
                return Step::DeadEnd;
            }
            let singles = open & !twice;
            if singles == 0 {
                *band_pairs = twice & !thrice & open;
                continue;
            }
            // One batch per digit: two singles of one digit that see each other are a dead end,
            // which placing them together detects.
            for digit in 0..9 {
                let cells = singles & self.possible[band][digit];
                if cells != 0 {
                    // What place_cells reports holds only for cells without another digit.
                    debug_assert!(
                        (0..9).all(|other| other == digit || self.possible[band][other] & cells == 0)
                    );
                    match self.place_cells(band, digit, cells) {
                        Some(touched) => placed |= touched,
                        None => return Step::DeadEnd,
                    }
                }
            }
        }
        if placed != 0 { Step::Progress { units: placed } } else { Step::Nothing { pairs } }
    }

    /// The unplaced cell with the fewest possible digits, as (band, position, digit mask), given
    /// the unplaced cells with two possible digits (from [`Outcome::Stuck`]); `None` when the board
    /// is full.
    pub(super) fn branch_cell(&self, pairs: [BandBits; 3]) -> Option<(usize, BandPos, u16)> {
        // A cell with two digits is the best there is (one would have been forced); without one,
        // a full scan.
        let open = self.placed.map(|placed| !placed & BAND_ALL);
        // The best pair cell so far as one key, 0 for none: its score (from bit 7), then its band
        // (bits 5-6) and 31 minus its position, so that on ties the first found (band 2 first,
        // then lower positions) wins and a branch-free maximum picks it.
        let mut best_pair = 0;
        if pairs != [0; 3] {
            // Among them, the one with the most open peers: in its band (row and box) by
            // counting, in its column outside the band from per-column counts.
            let column_counts = open.map(open_per_column);
            let all_columns: u64 = column_counts.iter().sum();
            for band in [2, 1, 0] {
                let other_columns = all_columns - column_counts[band];
                let mut rest = pairs[band];
                while rest != 0 {
                    let pos = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let score = cell_count(BAND_PEERS[pos & 31] & open[band])
                        + ((other_columns >> COUNTER_SHIFT[pos & 31]) & 0xf) as u32;
                    best_pair = best_pair.max(score << 7 | (band as u32) << 5 | (31 - pos as u32));
                }
            }
        }
        if best_pair != 0 {
            let (band, pos) = ((best_pair >> 5 & 3) as usize, 31 - (best_pair & 31) as usize);
            return Some((band, pos, self.digits_at(band, pos)));
        }
        let mut best: Option<(usize, BandPos, u16)> = None;
        for band in 0..3 {
            let mut open = !self.placed[band] & BAND_ALL;
            while open != 0 {
                let pos = open.trailing_zeros() as usize;
                open &= open - 1;
                let digits = self.digits_at(band, pos);
                if best.is_none_or(|(_, _, d)| digits.count_ones() < d.count_ones()) {
                    best = Some((band, pos, digits));
                }
            }
        }
        best
    }

    /// How many unplaced cells may still hold `digit`.
    #[inline]
    pub(super) fn open_places(&self, digit: usize) -> u32 {
        (0..3).map(|band| cell_count(self.possible[band][digit] & !self.placed[band])).sum()
    }

    /// The digits (bit `i` for digit index `i`) that may go at `pos` of `band`.
    fn digits_at(&self, band: usize, pos: BandPos) -> u16 {
        let mut digits = 0;
        for (digit, bits) in self.possible[band].iter().enumerate() {
            digits |= (((bits >> pos) & 1) as u16) << digit;
        }
        digits
    }

    /// The grid of placed digits.
    pub(super) fn grid(&self) -> Grid {
        let mut values = [0; 81];
        for (band, digits) in self.possible.iter().enumerate() {
            // Bit plane k: the placed cells whose digit value has bit k set.
            let mut planes: [BandBits; 4] = [0; 4];
            for (index, &bits) in digits.iter().enumerate() {
                let cells = bits & self.placed[band];
                for (bit, plane) in planes.iter_mut().enumerate() {
                    *plane |= cells & 0u32.wrapping_sub(((index + 1) >> bit) as u32 & 1);
                }
            }
            // The planes spread to one byte per cell, eight cells at a time.
            let mut bytes = [0; 32];
            for (chunk, out) in bytes.chunks_exact_mut(8).enumerate() {
                let word = planes.iter().enumerate().fold(0, |word, (bit, &plane)| {
                    word | SPREAD_BYTES[((plane >> (8 * chunk)) & 0xff) as usize] << bit
                });
                out.copy_from_slice(&u64::to_le_bytes(word));
            }
            values[27 * band..27 * band + 27].copy_from_slice(&bytes[..27]);
        }
        Grid::from_cells(ByCell::from_array(values.map(Digit::new)))
    }
}

/// The result of one pass of a forced-move rule.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Something was placed.
    Progress {
        /// The (band, digit) pairs the placements changed, as bits `9 * band + digit`.
        units: u32,
    },
    /// Nothing to do.
    Nothing {
        /// Per band, the unplaced cells with exactly two possible digits.
        pairs: [BandBits; 3],
    },
    /// A contradiction.
    DeadEnd,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: &str) -> Option<Board> {
        Board::new(&line.parse().expect("valid test grid"))
    }

    #[test]
    fn matching_keeps_only_segments_of_some_placement() {
        assert_eq!(MATCHED_SEGMENTS[0x1ff], 0x1ff);
        // Row 0 only in box 0 forces row 1 into box 1 and row 2 into box 2.
        let pattern = 0b001 | 0b011 << 3 | 0b110 << 6;
        assert_eq!(MATCHED_SEGMENTS[pattern], 0b001 | 0b010 << 3 | 0b100 << 6);
        // A row without any segment: no placement at all.
        assert_eq!(MATCHED_SEGMENTS[0x1ff & !(0b111 << 3)], 0);
        // Two rows confined to the same single box: no placement.
        assert_eq!(MATCHED_SEGMENTS[0b001 | 0b001 << 3 | 0b111 << 6], 0);
        // As cells: row 0 keeps box 0, row 1 box 1, row 2 box 2; a dead end keeps nothing.
        let kept = |pattern: usize| SETTLE[pattern] as BandBits;
        assert_eq!(kept(0x1ff), BAND_ALL);
        assert_eq!(kept(pattern), 0b111 | 0b111_000 << 9 | 0b111_000_000 << 18);
        assert_eq!(kept(0b001 | 0b001 << 3 | 0b111 << 6), 0);
        // Every row keeps one segment: all are their row's only one.
        assert_eq!(SETTLE[pattern] >> 32, u64::from(kept(pattern)));
        // Nothing locked: no row has a lone segment.
        assert_eq!(SETTLE[0x1ff] >> 32, 0);
    }

    #[test]
    fn row_shapes_name_boxes_and_cells_alone_in_their_segment() {
        assert_eq!(BAND_SHAPE[0][0b000_000_001], 0b001 | 0b1 << 9);
        assert_eq!(BAND_SHAPE[0][0b100_000_001], 0b101 | 0b100_000_001 << 9);
        assert_eq!(BAND_SHAPE[0][0b100_000_011], 0b101 | 0b100_000_000 << 9);
        assert_eq!(BAND_SHAPE[2][0b000_010_000], 0b010 << 6 | 0b10000 << (9 + 18));
        assert_eq!(BAND_SHAPE[1][0], 0);
    }

    /// The rows of `cells` (in a band) with exactly one cell, as cells.
    fn row_singles(cells: BandBits) -> BandBits {
        (0..3)
            .map(|row| cells & ROW_BITS << (9 * row))
            .filter(|slice| slice.count_ones() == 1)
            .fold(0, |singles, slice| singles | slice)
    }

    #[test]
    fn settling_finds_the_row_singles_after_locking_for_every_band() {
        // Every set of cells of one digit in a band, against counting the locked rows.
        for bits in 0..=BAND_ALL {
            let shape = band_shape(bits);
            let settle = SETTLE[(shape & 0x1ff) as usize];
            let keep = settle as BandBits;
            if keep != 0 {
                let found = (settle >> 32) as BandBits & (shape >> 9) as BandBits;
                assert_eq!(found, row_singles(bits & keep), "cells {bits:#029b}");
            }
        }
    }

    #[test]
    fn given_cells_finds_every_non_zero_value() {
        let mut values = [0; 27];
        for (pos, value) in [(0, 1), (7, 9), (8, 5), (15, 2), (23, 7), (26, 3)] {
            values[pos] = value;
        }
        assert_eq!(given_cells(&values), 1 | 1 << 7 | 1 << 8 | 1 << 15 | 1 << 23 | 1 << 26);
        assert_eq!(given_cells(&[0; 27]), 0);
        assert_eq!(given_cells(&[9; 27]), BAND_ALL);
    }

    #[test]
    fn segments_give_their_rows_and_boxes_or_a_clash() {
        // Row 0 in box 1: all of row 0 and all of box 1.
        assert_eq!(SEGMENT_SEEN[0b010], ROW_BITS | BOX_BITS << 3);
        // Row 0 in box 0 and row 2 in box 2: two rows and two boxes.
        assert_eq!(SEGMENT_SEEN[0b001 | 0b100 << 6], ROW_BITS | ROW_BITS << 18 | BOX_BITS | BOX_BITS << 6);
        // Rows 1 and 2 both in box 2, or rows 0 and 2 both in box 0: the cells see each other.
        assert_eq!(SEGMENT_SEEN[0b100 << 3 | 0b100 << 6], SEGMENT_CLASH);
        assert_eq!(SEGMENT_SEEN[0b001 | 0b001 << 6], SEGMENT_CLASH);
        // Row 1 in boxes 0 and 2: the cells see each other.
        assert_eq!(SEGMENT_SEEN[0b101 << 3], SEGMENT_CLASH);
        assert_eq!(SEGMENT_SEEN[0], 0);
    }

    #[test]
    fn a_row_single_that_an_earlier_placement_of_its_pass_took_is_a_dead_end() {
        // Row 1 holds 3-9 in c2-c8, and column 9 holds a 1 and a 2 lower down: r1c1 is the only
        // place for both 1 and 2 in row 1.
        let row = |cells: &str| format!("{cells:.<9}");
        let grid = [".3456789.", "", "", "........1", "........2", "", "", "", ""].map(row).concat();
        let start = board(&grid).expect("no conflict");
        let mut pass = start;
        assert_eq!((pass.lock_pair(0), pass.lock_pair(1)), (Some(1), Some(1)));
        assert!(pass.place_locked_singles(0, 1).is_some());
        assert_eq!(pass.place_locked_singles(1, 1), None);
        let mut whole = start;
        assert_eq!(whole.propagate(), Outcome::DeadEnd);
    }

    #[test]
    fn placing_two_cells_that_see_each_other_is_a_dead_end() {
        let mut empty = board(&".".repeat(81)).expect("no conflict");
        // r1c1 and r2c2 share box 1; r1c1 and r1c5 share row 1; r1c1 and r1c2 share both.
        assert!(empty.clone().place_cells(0, 0, 1 | 1 << 10).is_none());
        assert!(empty.clone().place_cells(0, 0, 1 | 1 << 4).is_none());
        assert!(empty.clone().place_cells(0, 0, 1 | 1 << 1).is_none());
        // r1c1 and r2c4 see each other in neither row nor box.
        assert!(empty.place_cells(0, 0, 1 | 1 << 12).is_some());
        assert_eq!(empty.possible[0][0], 1 | 1 << 12 | 0b111_000_000 << 18);
        assert_eq!(empty.possible[1][0] & (1 | 1 << 3), 0);
        assert_eq!(empty.possible[0][1] & (1 | 1 << 12), 0);
    }

    /// Boards met in a search: a hard puzzle after 0 to 39 random placements of possible digits
    /// (without propagation, so that every kind of partial board turns up).
    fn boards_in_search() -> Vec<Board> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
        let start = board(HARD).expect("no conflict");
        let mut boards = Vec::new();
        for _ in 0..200 {
            let mut next = start;
            for _ in 0..rng.random_range(0..40) {
                let open: Vec<usize> =
                    (0..81).filter(|&cell| next.placed[cell / 27] & 1 << (cell % 27) == 0).collect();
                if open.is_empty() {
                    break;
                }
                let cell = open[rng.random_range(0..open.len())];
                let digits: Vec<usize> =
                    (0..9).filter(|&d| next.digits_at(cell / 27, cell % 27) & 1 << d != 0).collect();
                if digits.is_empty() {
                    break;
                }
                assert!(next.place(
                    cell / 27,
                    cell % 27,
                    digits[rng.random_range(0..digits.len())],
                    next.digits_at(cell / 27, cell % 27)
                ));
            }
            boards.push(next);
        }
        boards
    }

    #[test]
    fn tracked_changes_reach_the_fixpoint_of_settling_everything() {
        use rand::{RngExt, SeedableRng};
        /// Every (band, digit) pair.
        const ALL_PAIRS: u32 = (1 << 27) - 1;
        const SEVENTEEN_CLUES: &str =
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
        let (mut checked, mut stuck) = (0, 0);
        let one_row = format!("1234567{}", ".".repeat(74));
        // Random walks down the search tree: at every step (the first from the givens), what
        // propagating the tracked changes leaves is also what propagating every pair and every
        // stack again leaves.
        for (start, walks) in [(HARD, 300), (SEVENTEEN_CLUES, 50), (one_row.as_str(), 50)] {
            for _ in 0..walks {
                let mut next = board(start).expect("no conflict");
                loop {
                    let mut tracked = next;
                    let outcome = tracked.propagate();
                    let mut full = tracked;
                    full.placed_units = ALL_PAIRS;
                    full.locked_columns = [BAND_ALL; 9];
                    if outcome != Outcome::DeadEnd {
                        assert_eq!(full.propagate(), outcome, "from {start}");
                        assert_eq!((full.possible, full.placed), (tracked.possible, tracked.placed));
                        checked += 1;
                    }
                    let Outcome::Stuck(pairs) = outcome else { break };
                    stuck += 1;
                    let (band, pos, digits) = tracked.branch_cell(pairs).expect("open cells");
                    let choices: Vec<usize> = (0..9).filter(|&d| digits & 1 << d != 0).collect();
                    next = tracked;
                    assert!(next.place(band, pos, choices[rng.random_range(0..choices.len())], digits));
                }
            }
        }
        assert!(checked > 1000 && stuck > 1000, "only {checked} boards checked, {stuck} stuck");
    }

    /// Asserts that `reported` (bits `9 * band + digit`) holds every pair whose possible cells
    /// differ between `before` and `after`.
    fn assert_reports_every_lost_pair(before: &Board, after: &Board, reported: u32) {
        for pair in 0..27 {
            let lost = after.possible.as_flattened()[pair] != before.possible.as_flattened()[pair];
            assert!(!lost || reported & (1 << pair) != 0, "pair {pair} lost cells unreported");
        }
    }

    const HARD: &str = "98.7.....6.....87...7.....5.4..3.5....65...9......2..1..86...5.....1.3.......4..2";

    #[test]
    fn placing_one_cell_clears_the_same_cells_as_the_general_placement() {
        for start in boards_in_search() {
            for cell in 0..81 {
                let (band, pos) = (cell / 27, cell % 27);
                for digit in 0..9 {
                    let (mut one, mut general) = (start, start);
                    one.placed_units = 0;
                    let placed = one.place(band, pos, digit, start.digits_at(band, pos));
                    let possible = start.possible[band][digit] & 1 << pos != 0;
                    assert_eq!(placed, possible);
                    if placed {
                        assert!(general.place_cells(band, digit, 1 << pos).is_some());
                        assert_eq!((one.possible, one.placed), (general.possible, general.placed));
                        assert_reports_every_lost_pair(&start, &one, one.placed_units);
                    }
                }
            }
        }
    }

    #[test]
    fn placing_row_singles_after_locking_clears_the_same_cells_as_the_general_placement() {
        let mut checked = 0;
        for start in boards_in_search() {
            for unit in 0..27 {
                let (band, digit) = (unit / 9, unit % 9);
                let mut locked = start;
                let bits = locked.possible[band][digit];
                let keep = SETTLE[(band_shape(bits) & 0x1ff) as usize] as BandBits;
                if keep == 0 {
                    continue;
                }
                locked.possible[band][digit] = bits & keep;
                let singles = row_singles(bits & keep) & !locked.placed[band];
                if singles == 0 {
                    continue;
                }
                let (mut rows, mut general) = (locked, locked);
                let touched = rows.place_locked_singles(unit, singles).expect("the singles are still there");
                assert!(general.place_cells(band, digit, singles).is_some());
                assert_eq!((rows.possible, rows.placed), (general.possible, general.placed));
                assert_reports_every_lost_pair(&locked, &rows, touched);
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} placements of row singles checked");
    }

    #[test]
    fn the_grid_holds_every_placed_digit_and_nothing_else() {
        let line = format!("123456789{}", ".".repeat(72));
        let given = board(&line).expect("no conflict");
        assert_eq!(given.grid(), line.parse().expect("valid line"));
    }

    #[test]
    fn singles_solve_an_easy_puzzle_without_branching() {
        let puzzle = "050703060007000800000816000000030000005000100730040086906000204840572093000409000";
        let solution = "158723469367954821294816375619238547485697132732145986976381254841572693523469718";
        let mut easy = board(puzzle).expect("no conflict");
        assert_eq!(easy.propagate(), Outcome::Solved);
        assert_eq!(easy.grid(), solution.parse().expect("valid solution"));
    }

    #[test]
    fn a_cell_without_candidates_is_a_dead_end() {
        // r1c1 sees 1-8 in its row and 9 in its column.
        let line = format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62));
        let mut stuck = board(&line).expect("no conflict");
        assert_eq!(stuck.propagate(), Outcome::DeadEnd);
    }

    #[test]
    fn conflicting_givens_are_refused() {
        assert!(board(&format!("1{}1{}", ".".repeat(17), ".".repeat(62))).is_none());
        assert!(board(&format!("1.........1{}", ".".repeat(70))).is_none());
        // Same column, different bands.
        assert!(board(&format!("1{}1{}", ".".repeat(26), ".".repeat(53))).is_none());
        // Same row, different boxes.
        assert!(board(&format!("1.....1..{}", ".".repeat(72))).is_none());
        assert!(board(&format!("1{}2{}", ".".repeat(26), ".".repeat(53))).is_some());
    }

    #[test]
    fn an_empty_board_is_stuck_and_branches_on_some_cell() {
        let mut empty = board(&".".repeat(81)).expect("no conflict");
        let Outcome::Stuck(pairs) = empty.propagate() else { panic!("the empty board is stuck") };
        assert_eq!(pairs, [0; 3]);
        let (_, _, digits) = empty.branch_cell(pairs).expect("open cells");
        assert_eq!(digits, 0x1ff);
    }

    #[test]
    fn branching_prefers_a_two_candidate_cell() {
        // Row 1 holds 1-7: r1c8 and r1c9 have candidates {8, 9} only.
        let mut pair = board(&format!("1234567..{}", ".".repeat(72))).expect("no conflict");
        let Outcome::Stuck(pairs) = pair.propagate() else { panic!("the board is stuck") };
        assert_eq!(pairs[0], 0b11 << 7);
        let (band, pos, digits) = pair.branch_cell(pairs).expect("open cells");
        assert_eq!(digits.count_ones(), 2);
        assert_eq!(pair.digits_at(band, pos), digits);
    }
}
