//! Where things go on screen for a given terminal size: the full board (pencil marks in 3x3 inside
//! each cell), the compact board (one character per cell) or "too small". Shared by the view and by
//! mouse clicks, so a click lands on the cell that was drawn there.

use ratatui::layout::{Position, Rect};

use crate::engine::Cell;

/// The smallest terminal the game draws in.
pub const MIN_SIZE: (u16, u16) = (40, 20);

/// The two board sizes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardSize {
    /// Cells 5x3 with light lines between them: marks in a 3x3 layout.
    Full,
    /// Cells 3x1, box lines only: marks of the cursor cell are shown in the panel.
    Compact,
}

impl BoardSize {
    /// Width and height of the board including its row and column labels.
    pub const fn footprint(self) -> (u16, u16) {
        match self {
            // 9 cells of 5 + 10 lines, plus 2 label columns; 9 cells of 3 + 10 lines, plus a label row.
            BoardSize::Full => (57, 38),
            // 9 cells of 3 + 4 box lines, plus labels.
            BoardSize::Compact => (33, 14),
        }
    }

    /// Columns from the board's left edge (after labels) to the first character of column `col`.
    pub const fn cell_x(self, col: usize) -> u16 {
        match self {
            BoardSize::Full => 1 + 6 * col as u16,
            BoardSize::Compact => 1 + 3 * col as u16 + (col / 3) as u16,
        }
    }

    /// Rows from the board's top edge (after labels) to the first row of row `row`.
    pub const fn cell_y(self, row: usize) -> u16 {
        match self {
            BoardSize::Full => 1 + 4 * row as u16,
            BoardSize::Compact => 1 + row as u16 + (row / 3) as u16,
        }
    }

    /// Width and height of a cell's inside.
    pub const fn cell_size(self) -> (u16, u16) {
        match self {
            BoardSize::Full => (5, 3),
            BoardSize::Compact => (3, 1),
        }
    }
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

const PANEL_MIN_WIDTH: u16 = 26;
const PANEL_MAX_WIDTH: u16 = 44;
const GAP: u16 = 2;

impl Screen {
    /// The plan for a terminal of `area`.
    pub fn plan(area: Rect) -> Screen {
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            return Screen::TooSmall;
        }
        for size in [BoardSize::Full, BoardSize::Compact] {
            let (w, h) = size.footprint();
            if area.width >= w + GAP + PANEL_MIN_WIDTH && area.height >= h {
                let panel_width = (area.width - w - GAP).min(PANEL_MAX_WIDTH);
                let left = area.x + (area.width - w - GAP - panel_width) / 2;
                let top = area.y + (area.height - h) / 2;
                let board = Rect::new(left, top, w, h);
                let panel = Rect::new(left + w + GAP, top, panel_width, area.bottom() - top);
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
        let (cw, ch) = size.cell_size();
        let x = position.x.checked_sub(board.x + 2)?;
        let y = position.y.checked_sub(board.y + 1)?;
        let col = (0..9).find(|&c| (size.cell_x(c)..size.cell_x(c) + cw).contains(&x))?;
        let row = (0..9).find(|&r| (size.cell_y(r)..size.cell_y(r) + ch).contains(&y))?;
        Some(Cell::at(row, col))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_pick_the_right_board() {
        assert!(matches!(Screen::plan(Rect::new(0, 0, 100, 40)), Screen::Game { size: BoardSize::Full, .. }));
        assert!(matches!(
            Screen::plan(Rect::new(0, 0, 80, 24)),
            Screen::Game { size: BoardSize::Compact, .. }
        ));
        assert!(matches!(
            Screen::plan(Rect::new(0, 0, 40, 20)),
            Screen::Game { size: BoardSize::Compact, .. }
        ));
        assert_eq!(Screen::plan(Rect::new(0, 0, 39, 20)), Screen::TooSmall);
        assert_eq!(Screen::plan(Rect::new(0, 0, 60, 19)), Screen::TooSmall);
    }

    #[test]
    fn clicks_find_cells_and_miss_lines() {
        for area in [Rect::new(0, 0, 100, 40), Rect::new(0, 0, 40, 20)] {
            let screen = Screen::plan(area);
            let Screen::Game { size, board, .. } = screen else { panic!("fits") };
            for cell in [Cell::at(0, 0), Cell::at(4, 7), Cell::at(8, 8)] {
                let p = Position::new(
                    board.x + 2 + size.cell_x(cell.col()),
                    board.y + 1 + size.cell_y(cell.row()),
                );
                assert_eq!(screen.cell_at(p), Some(cell));
            }
            assert_eq!(screen.cell_at(Position::new(board.x + 2, board.y + 1)), None);
        }
    }
}
