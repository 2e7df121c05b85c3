//! Where things go on screen for a given terminal size, and the one place that says where each
//! cell's rectangle, its digit and its pencil-mark slots are drawn ([`BoardSize`]). Shared by the
//! board widget, the view and mouse clicks, so a click lands on the cell that was drawn there (and
//! later overlays, such as killer cages, can ask for the same rectangles).
//!
//! Eight boards, largest first; the plan takes the largest that fits beside a panel (the four
//! grown boards only beside a panel of [`ROOMY_PANEL_WIDTH`], so that a hint still reads):
//! - [`BoardSize::Giant`] (129x65, fits 240x70): cells 13x6, digits as 6x5 block figures, sums
//!   in the cell's top-left corner, marks in a 3x3 grid below them.
//! - [`BoardSize::Huge`] (111x56, fits 200x60): cells 11x5, the same block figures.
//! - [`BoardSize::Large`] (93x47, fits 160x50): cells 9x4, digits as 3x3 line figures.
//! - [`BoardSize::Wide`] (75x38, fits 120x40): cells 7x3, sums on the line above as on Full.
//! - [`BoardSize::Full`] (57x38): cells 5x3 with light lines between them, marks 3x3.
//! - [`BoardSize::Tight`] (57x32): the same cells and marks, light lines between columns only.
//! - [`BoardSize::TwoRow`] (57x23, fits 80x24): cells 5x2, marks in two rows of fixed slots
//!   (`12345` over `6789`).
//! - [`BoardSize::Compact`] (33x14, below 80x24): one character per cell, the cursor cell's
//!   marks in the panel.

use ratatui::layout::{Position, Rect};

use crate::engine::{Cell, Digit};

/// The smallest terminal the game draws in.
pub const MIN_SIZE: (u16, u16) = (40, 20);

/// The board sizes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardSize {
    /// Cells 13x6 with light lines between them: marks in a 3x3 grid in the middle, below the
    /// sum's corner, digits as large block figures.
    Giant,
    /// Cells 11x5 with light lines between them: as [`BoardSize::Giant`], closer together.
    Huge,
    /// Cells 9x4 with light lines between them: marks in a 3x3 grid below the sum's corner.
    Large,
    /// Cells 7x3 with light lines between them: marks 3x3, sums on the line above.
    Wide,
    /// Cells 5x3 with light lines between them: marks in a 3x3 layout.
    Full,
    /// Cells 5x3, light lines between columns, none between rows: marks in a 3x3 layout.
    Tight,
    /// Cells 5x2, light lines between columns: marks in two rows of fixed slots, 1-5 above, 6-9
    /// below.
    TwoRow,
    /// Cells 3x1, box lines only: marks of the cursor cell are shown in the panel.
    Compact,
}

/// Whether a board line is a box line (heavy) or a cell line (light).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineWeight {
    /// Between two cells of a box.
    Light,
    /// Between two boxes, or the frame.
    Heavy,
}

impl BoardSize {
    /// Every size, largest first (the order the plan tries them in).
    pub const ALL: [BoardSize; 8] = [
        BoardSize::Giant,
        BoardSize::Huge,
        BoardSize::Large,
        BoardSize::Wide,
        BoardSize::Full,
        BoardSize::Tight,
        BoardSize::TwoRow,
        BoardSize::Compact,
    ];

    /// Whether a light line runs between every two cells (rows and columns alike).
    pub const fn lined(self) -> bool {
        matches!(
            self,
            BoardSize::Giant | BoardSize::Huge | BoardSize::Large | BoardSize::Wide | BoardSize::Full
        )
    }

    /// Width and height of the board including its row and column labels.
    pub const fn footprint(self) -> (u16, u16) {
        let (width, height) = self.cell_size();
        match self {
            // 9 cells + 10 lines, plus 2 label columns; 9 cells + 10 lines, plus a label row.
            BoardSize::Giant | BoardSize::Huge | BoardSize::Large | BoardSize::Wide | BoardSize::Full => {
                (9 * width + 12, 9 * height + 11)
            }
            // 9 cells of 3 + 4 box lines, plus a label row.
            BoardSize::Tight => (57, 32),
            // 9 cells of 2 + 4 box lines, plus a label row.
            BoardSize::TwoRow => (57, 23),
            // 9 cells of 3 + 4 box lines, plus labels.
            BoardSize::Compact => (33, 14),
        }
    }

    /// Columns from the board's left edge (after labels) to the first character of column `col`.
    pub const fn cell_x(self, col: usize) -> u16 {
        match self {
            BoardSize::Compact => 1 + 3 * col as u16 + (col / 3) as u16,
            _ => 1 + (self.cell_size().0 + 1) * col as u16,
        }
    }

    /// Rows from the board's top edge (after labels) to the first row of row `row`.
    pub const fn cell_y(self, row: usize) -> u16 {
        let (_, height) = self.cell_size();
        if self.lined() { 1 + (height + 1) * row as u16 } else { 1 + height * row as u16 + (row / 3) as u16 }
    }

    /// Width and height of a cell's inside.
    pub const fn cell_size(self) -> (u16, u16) {
        match self {
            BoardSize::Giant => (13, 6),
            BoardSize::Huge => (11, 5),
            BoardSize::Large => (9, 4),
            BoardSize::Wide => (7, 3),
            BoardSize::Full | BoardSize::Tight => (5, 3),
            BoardSize::TwoRow => (5, 2),
            BoardSize::Compact => (3, 1),
        }
    }

    /// The inside of `cell`, relative to the board's top-left corner after the labels (add the
    /// board's origin, two columns right and one row down from the footprint's corner).
    pub const fn cell_rect(self, cell: Cell) -> Rect {
        let (width, height) = self.cell_size();
        Rect::new(self.cell_x(cell.col()), self.cell_y(cell.row()), width, height)
    }

    /// The row of a cell's inside that carries its digit and its row label.
    pub const fn anchor_row(self) -> u16 {
        (self.cell_size().1 - 1) / 2
    }

    /// Where the mark `digit` sits inside a cell (column, row), or `None` when this size draws no
    /// marks in the cells. On the boards of four rows and more the marks keep their 3x3 places
    /// below the cell's top row, which is the sum's.
    pub const fn mark_slot(self, digit: Digit) -> Option<(u16, u16)> {
        let i = digit.index() as u16;
        match self {
            BoardSize::Giant => Some((3 + 3 * (i % 3), 2 + i / 3)),
            BoardSize::Huge => Some((2 + 3 * (i % 3), 1 + i / 3)),
            BoardSize::Large => Some((1 + 3 * (i % 3), 1 + i / 3)),
            BoardSize::Wide => Some((1 + 2 * (i % 3), i / 3)),
            BoardSize::Full | BoardSize::Tight => Some((2 * (i % 3), i / 3)),
            BoardSize::TwoRow => Some((i % 5, i / 5)),
            BoardSize::Compact => None,
        }
    }

    /// Where the mark `digit` sits inside a cell of a board of `killer` cages: the classic slot, or
    /// on the boards whose cells have no line above them, a slot that leaves the top-left corner
    /// to the cage sum (Tight: a 3x3 block on the right, `123` beside the sum; TwoRow: ` 1234` over
    /// `56789`).
    pub const fn mark_slot_for(self, digit: Digit, killer: bool) -> Option<(u16, u16)> {
        let i = digit.index() as u16;
        match (self, killer) {
            (BoardSize::Tight, true) => Some((2 + i % 3, i / 3)),
            (BoardSize::TwoRow, true) => Some(if i < 4 { (1 + i, 0) } else { (i - 4, 1) }),
            _ => self.mark_slot(digit),
        }
    }

    /// Where a cage sum of `len` characters starts, relative to the inside of its first cell:
    /// in the cell's top-left corner (the boards of four rows and more, and Compact while the cell
    /// is empty), on the line above the cell (Full, Wide), or ending at the cell's top-left corner
    /// with a tens digit on the line to its left (Tight, TwoRow: five columns hold nine marks and
    /// no more, so the tens digit takes the line's top character; the line goes on below it).
    pub const fn sum_start(self, len: u16) -> (i32, i32) {
        match self {
            BoardSize::Giant | BoardSize::Huge | BoardSize::Large => (0, 0),
            BoardSize::Full | BoardSize::Wide => (0, -1),
            BoardSize::Tight | BoardSize::TwoRow => (1 - len as i32, 0),
            BoardSize::Compact => (0, 0),
        }
    }

    /// Whether sums are written in small (superscript) digits: on the boards where a sum shares a
    /// cell row with marks. Elsewhere it stands alone on a line or in its own corner.
    pub const fn superscript_sums(self) -> bool {
        matches!(self, BoardSize::Tight | BoardSize::TwoRow | BoardSize::Compact)
    }

    /// Whether a line is drawn between the cells of column `col - 1` and `col` (`col` in 1..9).
    pub const fn has_vertical_line(self, col: usize) -> bool {
        !matches!(self, BoardSize::Compact) || col % 3 == 0
    }

    /// Whether a line is drawn between the cells of row `row - 1` and `row` (`row` in 1..9).
    pub const fn has_horizontal_line(self, row: usize) -> bool {
        self.lined() || row % 3 == 0
    }

    /// The vertical lines: offset from the board's left edge (after labels) and weight.
    pub fn vertical_lines(self) -> Vec<(u16, LineWeight)> {
        match self {
            BoardSize::Compact => (0..=3).map(|i| (10 * i, LineWeight::Heavy)).collect(),
            _ => (0..=9).map(|i| ((self.cell_size().0 + 1) * i, weight_of(i))).collect(),
        }
    }

    /// The horizontal lines: offset from the board's top edge (after labels) and weight.
    pub fn horizontal_lines(self) -> Vec<(u16, LineWeight)> {
        if self.lined() {
            (0..=9).map(|i| ((self.cell_size().1 + 1) * i, weight_of(i))).collect()
        } else {
            let box_height = 3 * self.cell_size().1 + 1;
            (0..=3).map(|i| (box_height * i, LineWeight::Heavy)).collect()
        }
    }
}

/// Line `i` of ten (0..=9): heavy on box edges.
fn weight_of(i: u16) -> LineWeight {
    if i % 3 == 0 { LineWeight::Heavy } else { LineWeight::Light }
}

/// The screen plan for one terminal size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Screen {
    /// The game fits.
    Game {
        /// The board size.
        size: BoardSize,
        /// The board with its labels.
        board: Rect,
        /// The side (or bottom) panel.
        panel: Rect,
    },
    /// Below [`MIN_SIZE`].
    TooSmall,
}

/// The narrowest side panel beside a board that draws marks in its cells (the panel folds its
/// status into fewer lines at this width).
const PANEL_MIN_WIDTH: u16 = 22;
/// The narrowest side panel beside the compact board (it lists the cursor cell's marks).
const COMPACT_PANEL_MIN_WIDTH: u16 = 26;
/// The narrowest side panel beside a grown board (Wide and up): a board that takes the panel's
/// room would page every hint, so the plan keeps the 5x3 cells rather than narrow the panel.
pub const ROOMY_PANEL_WIDTH: u16 = 36;
const PANEL_MAX_WIDTH: u16 = 44;
const GAP: u16 = 2;

impl Screen {
    /// The plan for a terminal of `area`.
    pub fn plan(area: Rect) -> Screen {
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            return Screen::TooSmall;
        }
        for size in BoardSize::ALL {
            let (w, h) = size.footprint();
            let min_panel = match size {
                BoardSize::Compact => COMPACT_PANEL_MIN_WIDTH,
                BoardSize::Giant | BoardSize::Huge | BoardSize::Large | BoardSize::Wide => ROOMY_PANEL_WIDTH,
                BoardSize::Full | BoardSize::Tight | BoardSize::TwoRow => PANEL_MIN_WIDTH,
            };
            if area.width >= w + 1 + min_panel && area.height >= h {
                let gap = GAP.min(area.width - w - min_panel);
                let panel_width = (area.width - w - gap).min(PANEL_MAX_WIDTH);
                let left = area.x + (area.width - w - gap - panel_width) / 2;
                let top = area.y + (area.height - h) / 2;
                let board = Rect::new(left, top, w, h);
                let panel = Rect::new(left + w + gap, top, panel_width, area.bottom() - top);
                return Screen::Game { size, board, panel };
            }
        }
        // Compact board above, panel below.
        let (w, h) = BoardSize::Compact.footprint();
        let left = area.x + (area.width - w) / 2;
        let board = Rect::new(left, area.y, w, h);
        let panel = Rect::new(area.x, area.y + h, area.width, area.height - h);
        Screen::Game { size: BoardSize::Compact, board, panel }
    }

    /// The cell drawn at `position`, if any.
    pub fn cell_at(&self, position: Position) -> Option<Cell> {
        let Screen::Game { size, board, .. } = *self else { return None };
        let x = position.x.checked_sub(board.x + 2)?;
        let y = position.y.checked_sub(board.y + 1)?;
        Cell::ALL.into_iter().find(|&cell| size.cell_rect(cell).contains(Position::new(x, y)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size_at(width: u16, height: u16) -> Option<BoardSize> {
        match Screen::plan(Rect::new(0, 0, width, height)) {
            Screen::Game { size, .. } => Some(size),
            Screen::TooSmall => None,
        }
    }

    #[test]
    fn sizes_pick_the_right_board() {
        assert_eq!(size_at(240, 70), Some(BoardSize::Giant));
        assert_eq!(size_at(300, 100), Some(BoardSize::Giant));
        assert_eq!(size_at(240, 64), Some(BoardSize::Huge));
        assert_eq!(size_at(200, 60), Some(BoardSize::Huge));
        assert_eq!(size_at(160, 50), Some(BoardSize::Large));
        assert_eq!(size_at(200, 55), Some(BoardSize::Large));
        assert_eq!(size_at(120, 40), Some(BoardSize::Wide));
        assert_eq!(size_at(111, 40), Some(BoardSize::Full), "the panel would be too narrow");
        assert_eq!(size_at(100, 40), Some(BoardSize::Full));
        assert_eq!(size_at(120, 37), Some(BoardSize::Tight));
        assert_eq!(size_at(100, 30), Some(BoardSize::TwoRow));
        assert_eq!(size_at(80, 24), Some(BoardSize::TwoRow));
        assert_eq!(size_at(79, 24), Some(BoardSize::Compact));
        assert_eq!(size_at(80, 22), Some(BoardSize::Compact));
        assert_eq!(size_at(40, 20), Some(BoardSize::Compact));
        assert_eq!(size_at(39, 20), None);
        assert_eq!(size_at(60, 19), None);
    }

    #[test]
    fn every_board_and_panel_stay_on_screen() {
        for (w, h) in
            [(80, 24), (100, 30), (120, 37), (100, 40), (40, 20), (120, 40), (160, 50), (200, 60), (240, 70)]
        {
            let area = Rect::new(0, 0, w, h);
            let Screen::Game { size, board, panel } = Screen::plan(area) else { panic!("fits") };
            assert!(area.contains(board.as_position()) && board.right() <= w && board.bottom() <= h);
            assert!(panel.right() <= w && panel.bottom() <= h && !panel.intersects(board), "{w}x{h}");
            assert_eq!((board.width, board.height), size.footprint(), "{w}x{h}");
            if matches!(size, BoardSize::Giant | BoardSize::Huge | BoardSize::Large | BoardSize::Wide) {
                assert!(panel.width >= ROOMY_PANEL_WIDTH && panel.x > board.right(), "{w}x{h}: {panel:?}");
            }
        }
    }

    #[test]
    fn mark_slots_are_distinct_and_inside_the_cell() {
        for size in BoardSize::ALL.into_iter().filter(|&size| size != BoardSize::Compact) {
            let (width, height) = size.cell_size();
            for killer in [false, true] {
                let slots: Vec<(u16, u16)> =
                    Digit::ALL.iter().filter_map(|&d| size.mark_slot_for(d, killer)).collect();
                assert_eq!(slots.len(), 9);
                assert!(slots.iter().all(|&(x, y)| x < width && y < height));
                for (i, a) in slots.iter().enumerate() {
                    assert!(!slots[i + 1..].contains(a), "{size:?}");
                }
                // The marks keep their 3x3 places: 1 2 3 in a row, 1 4 7 in a column.
                if size.lined() {
                    for i in 0..9 {
                        let (x, y) = slots[i];
                        assert_eq!(x, slots[i % 3].0, "{size:?}: {} under {}", i + 1, i % 3 + 1);
                        assert_eq!(y, slots[3 * (i / 3)].1, "{size:?}: {} beside {}", i + 1, 3 * (i / 3) + 1);
                    }
                }
                // A sum in the cell's corner leaves its row to itself: no mark beside it.
                if killer && size.sum_start(2) == (0, 0) {
                    assert!(slots.iter().all(|&(_, y)| y > 0), "{size:?}");
                }
            }
        }
        let two_row = |n| BoardSize::TwoRow.mark_slot(Digit::new(n).expect("digit"));
        assert_eq!(two_row(5), Some((4, 0)));
        assert_eq!(two_row(6), Some((0, 1)));
    }

    #[test]
    fn cells_never_overlap_lines() {
        for size in BoardSize::ALL {
            let vertical = size.vertical_lines();
            let horizontal = size.horizontal_lines();
            for cell in Cell::ALL {
                let rect = size.cell_rect(cell);
                assert!(vertical.iter().all(|&(x, _)| x < rect.x || x >= rect.right()), "{size:?} {cell}");
                assert!(horizontal.iter().all(|&(y, _)| y < rect.y || y >= rect.bottom()), "{size:?} {cell}");
            }
            let (w, h) = size.footprint();
            assert_eq!(vertical.last().map(|&(x, _)| x + 3), Some(w), "{size:?}");
            assert_eq!(horizontal.last().map(|&(y, _)| y + 2), Some(h), "{size:?}");
        }
    }

    #[test]
    fn clicks_find_cells_and_miss_lines() {
        let sizes = [(240, 70), (200, 60), (160, 50), (120, 40), (100, 40), (80, 24), (40, 20)];
        for area in sizes.map(|(w, h)| Rect::new(0, 0, w, h)) {
            let screen = Screen::plan(area);
            let Screen::Game { size, board, .. } = screen else { panic!("fits") };
            for cell in [Cell::at(0, 0), Cell::at(4, 7), Cell::at(8, 8)] {
                let rect = size.cell_rect(cell);
                let p = Position::new(board.x + 2 + rect.right() - 1, board.y + 1 + rect.bottom() - 1);
                assert_eq!(screen.cell_at(p), Some(cell));
            }
            assert_eq!(screen.cell_at(Position::new(board.x + 2, board.y + 1)), None);
        }
    }
}
