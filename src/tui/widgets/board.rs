//! [`BoardWidget`]: the 9x9 board with heavy box lines and light cell lines, digits centred, pencil
//! marks in a fixed 3x3 layout, and every cue (cursor, peers, same digit, conflicts, wrong digits,
//! hint pattern and result) drawn from the theme with its non-colour twin.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet};

use crate::tui::game::Game;
use crate::tui::layout::BoardSize;
use crate::tui::theme::Theme;

/// What the board emphasises besides the digits.
#[derive(Clone, Debug, Default)]
pub struct Highlights {
    /// Shade the cursor's row, column and box.
    pub peers: bool,
    /// The digit to emphasise everywhere.
    pub same_digit: Option<Digit>,
    /// Cells whose digit clashes.
    pub conflicts: CellSet,
    /// Cells found wrong by a check.
    pub wrong: CellSet,
    /// Cells of the hint's houses.
    pub hint_houses: CellSet,
    /// Cells of the hint's pattern.
    pub hint_cells: CellSet,
    /// Candidates the hint removes (drawn crossed out).
    pub eliminations: Vec<Candidate>,
    /// Digits the hint places.
    pub placements: Vec<Candidate>,
}

/// The board, ready to render into its footprint (labels included).
pub struct BoardWidget<'a> {
    /// The game drawn.
    pub game: &'a Game,
    /// The cursor cell.
    pub cursor: Cell,
    /// Full or compact.
    pub size: BoardSize,
    /// What to emphasise.
    pub highlights: &'a Highlights,
    /// The styles.
    pub theme: &'a Theme,
    /// Draw digits of the full board large (3x3 segment glyphs) rather than as one character.
    pub large_digits: bool,
}

/// The large glyph of `digit`, three rows of three columns: heavy lines for givens, light lines for
/// the player's digits (the given/entry cue that needs no colour).
pub fn glyph(digit: Digit, heavy: bool) -> [&'static str; 3] {
    const HEAVY: [[&str; 3]; 9] = [
        [" ╻ ", " ┃ ", " ╹ "],
        ["╺━┓", "┏━┛", "┗━╸"],
        ["╺━┓", " ━┫", "╺━┛"],
        ["╻ ╻", "┗━┫", "  ╹"],
        ["┏━╸", "┗━┓", "╺━┛"],
        ["┏━╸", "┣━┓", "┗━┛"],
        ["╺━┓", "  ┃", "  ╹"],
        ["┏━┓", "┣━┫", "┗━┛"],
        ["┏━┓", "┗━┫", "╺━┛"],
    ];
    const LIGHT: [[&str; 3]; 9] = [
        [" ╷ ", " │ ", " ╵ "],
        ["╶─┐", "┌─┘", "└─╴"],
        ["╶─┐", " ─┤", "╶─┘"],
        ["╷ ╷", "└─┤", "  ╵"],
        ["┌─╴", "└─┐", "╶─┘"],
        ["┌─╴", "├─┐", "└─┘"],
        ["╶─┐", "  │", "  ╵"],
        ["┌─┐", "├─┤", "└─┘"],
        ["┌─┐", "└─┤", "╶─┘"],
    ];
    if heavy { HEAVY[digit.index()] } else { LIGHT[digit.index()] }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Weight {
    Light,
    Heavy,
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (width, height) = self.size.footprint();
        if area.width < width || area.height < height {
            return;
        }
        self.render_labels(area, buf);
        self.render_lines(area, buf);
        for cell in Cell::ALL {
            self.render_cell(area, buf, cell);
        }
    }
}

impl BoardWidget<'_> {
    fn origin(&self, area: Rect) -> (u16, u16) {
        (area.x + 2, area.y + 1)
    }

    fn render_labels(&self, area: Rect, buf: &mut Buffer) {
        let (ox, oy) = self.origin(area);
        let (cw, ch) = self.size.cell_size();
        for i in 0..9 {
            let label = char::from(b'1' + i as u8).to_string();
            let col_style = self.label_style(self.cursor.col() == i);
            let row_style = self.label_style(self.cursor.row() == i);
            buf.set_string(ox + self.size.cell_x(i) + cw / 2, area.y, &label, col_style);
            buf.set_string(area.x, oy + self.size.cell_y(i) + ch / 2, &label, row_style);
        }
    }

    fn label_style(&self, on_cursor_line: bool) -> Style {
        if on_cursor_line && self.highlights.peers {
            self.theme.label.add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            self.theme.label
        }
    }

    fn render_lines(&self, area: Rect, buf: &mut Buffer) {
        let (ox, oy) = self.origin(area);
        let (width, height) = self.size.footprint();
        let lines = self.line_positions();
        for dy in 0..height - 1 {
            for dx in 0..width - 2 {
                let vertical = lines.iter().position(|&(pos, _)| pos == dx);
                let horizontal = lines.iter().position(|&(_, pos)| pos == dy);
                let symbol = match (vertical, horizontal) {
                    (None, None) => continue,
                    (Some(i), None) => vertical_line(self.weight(i)),
                    (None, Some(j)) => horizontal_line(self.weight(j)),
                    (Some(i), Some(j)) => junction(i, j, self.weight(i), self.weight(j), lines.len() - 1),
                };
                let heavy = vertical.is_some_and(|i| self.weight(i) == Weight::Heavy)
                    || horizontal.is_some_and(|j| self.weight(j) == Weight::Heavy);
                let style = if heavy { self.theme.border } else { self.theme.grid_line };
                buf.set_string(ox + dx, oy + dy, symbol.to_string(), style);
            }
        }
    }

    /// Offsets of the vertical (x) and horizontal (y) lines, as pairs by index.
    fn line_positions(&self) -> Vec<(u16, u16)> {
        match self.size {
            BoardSize::Full => (0..=9).map(|i| (6 * i, 4 * i)).collect(),
            BoardSize::Compact => (0..=3).map(|i| (10 * i, 4 * i)).collect(),
        }
    }

    fn weight(&self, index: usize) -> Weight {
        match self.size {
            BoardSize::Full if index % 3 != 0 => Weight::Light,
            _ => Weight::Heavy,
        }
    }

    fn cell_background(&self, cell: Cell) -> Style {
        let h = self.highlights;
        if cell == self.cursor {
            self.theme.cursor
        } else if h.hint_cells.contains(cell) {
            self.theme.hint_cell
        } else if h.hint_houses.contains(cell) {
            self.theme.hint_house
        } else if h.peers && (cell.peers().contains(self.cursor)) {
            self.theme.peer
        } else {
            Style::new()
        }
    }

    fn render_cell(&self, area: Rect, buf: &mut Buffer, cell: Cell) {
        let (ox, oy) = self.origin(area);
        let (cw, ch) = self.size.cell_size();
        let x = ox + self.size.cell_x(cell.col());
        let y = oy + self.size.cell_y(cell.row());
        let background = self.cell_background(cell);
        buf.set_style(Rect::new(x, y, cw, ch), background);
        for dy in 0..ch {
            buf.set_string(x, y + dy, " ".repeat(usize::from(cw)), background);
        }
        let h = self.highlights;
        // While a hint shows its houses, everything outside them is dimmed: the houses' cue
        // without colour.
        let background = match self.focus(cell) {
            Some(false) => background.add_modifier(Modifier::DIM),
            Some(true) => background.remove_modifier(Modifier::DIM),
            None => background,
        };
        let placement = h.placements.iter().find(|p| p.cell == cell).map(|p| p.digit);
        if let Some(digit) = self.game.digit(cell).or(placement) {
            let style = background.patch(self.digit_style(cell, digit, placement.is_some()));
            if self.size == BoardSize::Full && self.large_digits {
                for (dy, row) in glyph(digit, self.game.is_given(cell)).iter().enumerate() {
                    buf.set_string(x + 1, y + dy as u16, row, style);
                }
            } else {
                buf.set_string(x + cw / 2, y + ch / 2, digit.to_string(), style);
            }
            let marker = if h.wrong.contains(cell) {
                Some(('x', self.theme.wrong))
            } else if h.conflicts.contains(cell) {
                Some(('!', self.theme.conflict))
            } else {
                None
            };
            if let Some((symbol, style)) = marker {
                buf.set_string(x + cw - 1, y, symbol.to_string(), background.patch(style));
            }
            return;
        }
        let eliminated: DigitSet =
            h.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
        let marks = DigitSet::from_bits(self.game.marks(cell).bits() | eliminated.bits());
        match self.size {
            BoardSize::Full => {
                for digit in marks {
                    let i = digit.index() as u16;
                    let mark =
                        self.mark_style(digit, eliminated.contains(digit), h.hint_cells.contains(cell));
                    let mut style = background.patch(mark);
                    if self.focus(cell) == Some(true) {
                        style = style.remove_modifier(Modifier::DIM);
                    }
                    buf.set_string(x + 2 * (i % 3), y + i / 3, digit.to_string(), style);
                }
            }
            BoardSize::Compact => {
                let symbol = if h.hint_cells.contains(cell) {
                    "*"
                } else if marks.is_empty() {
                    "·"
                } else {
                    "•"
                };
                buf.set_string(x + 1, y, symbol, background.patch(self.theme.dim));
            }
        }
    }

    /// Whether `cell` is inside the shown hint's houses (`None` when no hint shows houses).
    fn focus(&self, cell: Cell) -> Option<bool> {
        let h = self.highlights;
        if h.hint_houses.is_empty() {
            return None;
        }
        Some(h.hint_houses.contains(cell) || h.hint_cells.contains(cell))
    }

    fn digit_style(&self, cell: Cell, digit: Digit, hinted: bool) -> Style {
        let h = self.highlights;
        let mut style = if hinted {
            self.theme.hint_placement
        } else if self.game.is_given(cell) {
            self.theme.given
        } else {
            self.theme.entry
        };
        if h.same_digit == Some(digit) {
            style = style.patch(self.theme.same_digit);
        }
        if h.conflicts.contains(cell) {
            style = style.patch(self.theme.conflict);
        }
        if h.wrong.contains(cell) {
            style = style.patch(self.theme.wrong);
        }
        if h.hint_cells.contains(cell) {
            style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
        }
        style
    }

    fn mark_style(&self, digit: Digit, eliminated: bool, in_pattern: bool) -> Style {
        let mut style = self.theme.mark;
        if self.highlights.same_digit == Some(digit) {
            style = style.patch(self.theme.same_digit).remove_modifier(Modifier::DIM);
        }
        if in_pattern {
            style = style.add_modifier(Modifier::BOLD).remove_modifier(Modifier::DIM);
        }
        if eliminated {
            style = style.patch(self.theme.hint_elimination).remove_modifier(Modifier::DIM);
        }
        style
    }
}

fn vertical_line(weight: Weight) -> char {
    if weight == Weight::Heavy { '┃' } else { '│' }
}

fn horizontal_line(weight: Weight) -> char {
    if weight == Weight::Heavy { '━' } else { '─' }
}

/// The junction of vertical line `i` and horizontal line `j` (both `0..=last`).
fn junction(i: usize, j: usize, vertical: Weight, horizontal: Weight, last: usize) -> char {
    use Weight::{Heavy, Light};
    match (i == 0, i == last, j == 0, j == last) {
        (true, _, true, _) => '┏',
        (_, true, true, _) => '┓',
        (true, _, _, true) => '┗',
        (_, true, _, true) => '┛',
        (_, _, true, _) => {
            if vertical == Heavy {
                '┳'
            } else {
                '┯'
            }
        }
        (_, _, _, true) => {
            if vertical == Heavy {
                '┻'
            } else {
                '┷'
            }
        }
        (true, _, _, _) => {
            if horizontal == Heavy {
                '┣'
            } else {
                '┠'
            }
        }
        (_, true, _, _) => {
            if horizontal == Heavy {
                '┫'
            } else {
                '┨'
            }
        }
        _ => match (vertical, horizontal) {
            (Heavy, Heavy) => '╋',
            (Heavy, Light) => '╂',
            (Light, Heavy) => '┿',
            (Light, Light) => '┼',
        },
    }
}
