//! The solver's board: for every digit, the cells where it may still go, stored band by band, and
//! the forced moves (naked and hidden singles) that shrink it.
//!
//! Layout, chosen for speed: the grid is cut into three bands of three rows; a band is 27 cells, so
//! one `u32` holds a digit's possible cells in one band (bit `9 * row_in_band + column`). A row of a
//! band is a 9-bit slice, a box a fixed 9-bit mask, a column the same three bits in every band. A
//! placed digit keeps its cell in its own mask (its only place in each of its houses) and leaves
//! every other digit's mask. The whole board is `Copy` (about 120 bytes): the search copies it at
//! each branch instead of undoing moves, and nothing here allocates.

use crate::engine::{Cell, Digit, Grid};

/// A set of cells inside one band: 27 bits, `9 * row_in_band + column`.
pub(super) type BandBits = u32;

/// All 27 cells of a band.
const BAND_ALL: BandBits = (1 << 27) - 1;
/// The nine cells of the first row of a band.
const ROW_BITS: BandBits = 0x1ff;
/// The nine cells of the first box of a band.
const BOX_BITS: BandBits = 0b111 | 0b111 << 9 | 0b111 << 18;
/// The three cells of column 0 inside a band.
const COLUMN_BITS: BandBits = 1 | 1 << 9 | 1 << 18;

/// Position of a cell inside its band (0-26).
pub(super) type BandPos = usize;

/// For each position in a band, the other cells of the same band that see it (same row or box).
const BAND_PEERS: [BandBits; 27] = {
    let mut table = [0; 27];
    let mut pos = 0;
    while pos < 27 {
        let row = ROW_BITS << (9 * (pos / 9));
        let block = BOX_BITS << (3 * ((pos % 9) / 3));
        table[pos] = (row | block) & !(1 << pos);
        pos += 1;
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

/// For each 9-bit row slice, the boxes of the band (3 bits) it has cells in.
const ROW_BOXES: [u16; 512] = {
    let mut table = [0; 512];
    let mut slice = 0;
    while slice < 512 {
        let mut block = 0;
        while block < 3 {
            if slice & (0b111 << (3 * block)) != 0 {
                table[slice] |= 1 << block;
            }
            block += 1;
        }
        slice += 1;
    }
    table
};

/// For each set of boxes (3 bits), the 9-bit row slice made of their cells.
const BOXES_ROW: [BandBits; 8] = {
    let mut table = [0; 8];
    let mut boxes = 0;
    while boxes < 8 {
        let mut block = 0;
        while block < 3 {
            if boxes & (1 << block) != 0 {
                table[boxes] |= 0b111 << (3 * block);
            }
            block += 1;
        }
        boxes += 1;
    }
    table
};

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

/// Whether `bits` holds exactly one cell.
#[inline]
fn is_single(bits: BandBits) -> bool {
    bits != 0 && bits & (bits - 1) == 0
}

/// A cell as (band, position in band).
fn locate(cell: Cell) -> (usize, BandPos) {
    (cell.index() / 27, cell.index() % 27)
}

/// What the forced-move loop found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Outcome {
    /// Every cell holds a digit.
    Solved,
    /// Some cell or house has no place left for a digit: no solution from here.
    DeadEnd,
    /// No forced move is left; the search must branch.
    Stuck,
}

/// The search state: possible cells per digit and band, and the placed cells per band.
#[derive(Clone, Copy)]
pub(super) struct Board {
    /// `possible[digit][band]`: where the digit may go (its placed cells included).
    possible: [[BandBits; 3]; 9],
    /// The cells that hold a digit, per band.
    placed: [BandBits; 3],
    /// The digits (bit per digit index) whose cells changed since their rules last ran.
    dirty: u16,
}

impl Board {
    /// The board for `grid`, or `None` when two givens conflict.
    pub(super) fn new(grid: &Grid) -> Option<Board> {
        let mut board = Board { possible: [[BAND_ALL; 3]; 9], placed: [0; 3], dirty: 0x1ff };
        for cell in Cell::ALL {
            if let Some(digit) = grid.get(cell) {
                let (band, pos) = locate(cell);
                if !board.place(band, pos, digit.index()) {
                    return None;
                }
            }
        }
        Some(board)
    }

    /// Places digit index `digit` at `pos` of `band`; `false` (a dead end) if it cannot go there.
    #[inline]
    pub(super) fn place(&mut self, band: usize, pos: BandPos, digit: usize) -> bool {
        let bit = 1 << pos;
        if self.possible[digit][band] & bit == 0 {
            return false;
        }
        let mut touched = 0;
        for (other, bands) in self.possible.iter_mut().enumerate() {
            touched |= (((bands[band] >> pos) & 1) as u16) << other;
            bands[band] &= !bit;
        }
        self.dirty |= touched;
        let column = COLUMN_BITS << (pos % 9);
        let own = &mut self.possible[digit];
        own[0] &= !column;
        own[1] &= !column;
        own[2] &= !column;
        own[band] |= bit;
        own[band] &= !BAND_PEERS[pos];
        self.placed[band] |= bit;
        true
    }

    /// Whether every cell holds a digit.
    fn is_full(&self) -> bool {
        self.placed == [BAND_ALL; 3]
    }

    /// Applies forced moves until none is left: for every changed digit, box/line locked
    /// candidates and hidden singles in its rows, columns and boxes; then naked singles.
    pub(super) fn propagate(&mut self) -> Outcome {
        loop {
            match self.naked_singles() {
                Step::DeadEnd => return Outcome::DeadEnd,
                Step::Progress => continue,
                Step::Nothing => {}
            }
            if self.dirty == 0 {
                return if self.is_full() { Outcome::Solved } else { Outcome::Stuck };
            }
            while self.dirty != 0 {
                let digit = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if self.settle_digit(digit) == Step::DeadEnd {
                    return Outcome::DeadEnd;
                }
            }
        }
    }

    /// Runs the one-digit rules on `digit`: locked candidates in its bands and stacks, then its
    /// hidden singles. Marks it dirty again if its cells changed.
    fn settle_digit(&mut self, digit: usize) -> Step {
        let before = self.possible[digit];
        for band in 0..3 {
            if !self.lock_band(digit, band) {
                return Step::DeadEnd;
            }
        }
        if !self.lock_stacks(digit) {
            return Step::DeadEnd;
        }
        if self.possible[digit] != before {
            self.dirty |= 1 << digit;
        }
        self.hidden_singles(digit)
    }

    /// Box/line locked candidates of `digit` inside `band`; `false` on a dead end.
    #[inline]
    fn lock_band(&mut self, digit: usize, band: usize) -> bool {
        let bits = self.possible[digit][band];
        let rows = [bits & ROW_BITS, (bits >> 9) & ROW_BITS, bits >> 18];
        let pattern =
            ROW_BOXES[rows[0] as usize] | ROW_BOXES[rows[1] as usize] << 3 | ROW_BOXES[rows[2] as usize] << 6;
        let matched = MATCHED_SEGMENTS[pattern as usize];
        let keep = BOXES_ROW[usize::from(matched & 7)]
            | BOXES_ROW[usize::from((matched >> 3) & 7)] << 9
            | BOXES_ROW[usize::from(matched >> 6)] << 18;
        self.possible[digit][band] = bits & keep;
        matched != 0
    }

    /// Box/line locked candidates of `digit` in the three stacks (bands and columns); `false` on a
    /// dead end.
    #[inline]
    fn lock_stacks(&mut self, digit: usize) -> bool {
        let columns = self.possible[digit].map(band_columns);
        let mut keep = [0; 3];
        for stack in 0..3 {
            let shift = 3 * stack;
            let pattern = (columns[0] >> shift) & 7
                | ((columns[1] >> shift) & 7) << 3
                | ((columns[2] >> shift) & 7) << 6;
            let matched = BandBits::from(MATCHED_SEGMENTS[pattern as usize]);
            if matched == 0 {
                return false;
            }
            keep[0] |= (matched & 7) << shift;
            keep[1] |= ((matched >> 3) & 7) << shift;
            keep[2] |= (matched >> 6) << shift;
        }
        for (bits, columns) in self.possible[digit].iter_mut().zip(keep) {
            *bits &= columns_in_band(columns);
        }
        true
    }

    /// Per band, the unplaced cells with at least one, and at least two, possible digits.
    #[inline]
    fn candidate_counts(&self, band: usize) -> (BandBits, BandBits) {
        let (mut once, mut twice) = (0, 0);
        for bands in &self.possible {
            let bits = bands[band];
            twice |= once & bits;
            once |= bits;
        }
        let open = !self.placed[band] & BAND_ALL;
        (once & open, twice & open)
    }

    /// Places every unplaced cell that has one possible digit; a dead end if a cell has none.
    fn naked_singles(&mut self) -> Step {
        let mut step = Step::Nothing;
        for band in 0..3 {
            let open = !self.placed[band] & BAND_ALL;
            let (once, twice) = self.candidate_counts(band);
            if once != open {
                return Step::DeadEnd;
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let pos = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let bit = 1 << pos;
                let Some(digit) = self.possible.iter().position(|bands| bands[band] & bit != 0) else {
                    return Step::DeadEnd;
                };
                if !self.place(band, pos, digit) {
                    return Step::DeadEnd;
                }
                step = Step::Progress;
            }
        }
        step
    }

    /// Places `digit` where one of its rows, columns or boxes has a single unplaced place for it.
    fn hidden_singles(&mut self, digit: usize) -> Step {
        let mut step = Step::Nothing;
        for band in 0..3 {
            for house in 0..6 {
                let mask = if house < 3 { ROW_BITS << (9 * house) } else { BOX_BITS << (3 * (house - 3)) };
                let bits = self.possible[digit][band] & mask;
                if is_single(bits) && bits & self.placed[band] == 0 {
                    if !self.place(band, bits.trailing_zeros() as usize, digit) {
                        return Step::DeadEnd;
                    }
                    step = Step::Progress;
                }
            }
        }
        let (mut once, mut twice) = (0, 0);
        for band in self.possible[digit] {
            for row in 0..3 {
                let bits = (band >> (9 * row)) & ROW_BITS;
                twice |= once & bits;
                once |= bits;
            }
        }
        if once != ROW_BITS {
            return Step::DeadEnd;
        }
        let mut singles = once & !twice;
        while singles != 0 {
            let column = COLUMN_BITS << singles.trailing_zeros();
            singles &= singles - 1;
            for band in 0..3 {
                let bits = self.possible[digit][band] & column;
                if bits != 0 && bits & self.placed[band] == 0 {
                    if !self.place(band, bits.trailing_zeros() as usize, digit) {
                        return Step::DeadEnd;
                    }
                    step = Step::Progress;
                }
            }
        }
        step
    }

    /// The unplaced cell with the fewest possible digits, as (band, position, digit mask); `None`
    /// when the board is full.
    pub(super) fn branch_cell(&self) -> Option<(usize, BandPos, u16)> {
        // A cell with two digits is the best there is (one would have been forced): look for one
        // with bit counting across the nine digit masks before falling back to a full scan.
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for bands in &self.possible {
                let bits = bands[band];
                thrice |= twice & bits;
                twice |= once & bits;
                once |= bits;
            }
            let pairs = twice & !thrice & !self.placed[band] & BAND_ALL;
            if pairs != 0 {
                let pos = pairs.trailing_zeros() as usize;
                return Some((band, pos, self.digits_at(band, pos)));
            }
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

    /// The digits (bit `i` for digit index `i`) that may go at `pos` of `band`.
    fn digits_at(&self, band: usize, pos: BandPos) -> u16 {
        let bit = 1 << pos;
        let mut digits = 0;
        for (digit, bands) in self.possible.iter().enumerate() {
            if bands[band] & bit != 0 {
                digits |= 1 << digit;
            }
        }
        digits
    }

    /// The grid of placed digits.
    pub(super) fn to_grid(self) -> Grid {
        let mut grid = Grid::empty();
        for (digit, bands) in self.possible.iter().enumerate() {
            for (band, &bits) in bands.iter().enumerate() {
                let mut placed = bits & self.placed[band];
                while placed != 0 {
                    let pos = placed.trailing_zeros() as usize;
                    placed &= placed - 1;
                    grid.set(Cell::from_index(27 * band + pos), Some(Digit::from_index(digit)));
                }
            }
        }
        grid
    }
}

/// The result of one pass of a forced-move rule.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Something was placed.
    Progress,
    /// Nothing to do.
    Nothing,
    /// A contradiction.
    DeadEnd,
}
