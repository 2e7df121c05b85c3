//! The player's notes on the board: cells painted by hand (their background, and a letter in a free
//! corner so that the colour reads without colour too) and corner marks, in the places of the cell
//! that the centre marks' slots and the cage sum leave free, corners first, then edges. Where the
//! cell has fewer free places than corner marks, the last place shows `+` (the panel lists them at
//! the sizes with little room).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use super::BoardWidget;
use crate::engine::{ByCell, Cell, Digit};
use crate::tui::layout::BoardSize;
use crate::tui::paint::{paint_fill, paint_letter};

impl BoardWidget<'_> {
    /// Whether the theme draws without colour (`NO_COLOR`).
    fn without_colour(&self) -> bool {
        self.theme.peer.bg.is_none()
    }

    /// The cell backgrounds with the painted cells' colours over the cage colours.
    pub(super) fn painted(&self, fills: ByCell<Option<Style>>) -> ByCell<Option<Style>> {
        let no_colour = self.without_colour();
        ByCell::from_fn(|cell| match self.game.colour(cell) {
            Some(colour) => paint_fill(colour, no_colour).or(fills[cell]),
            None => fills[cell],
        })
    }

    /// The colour letter and corner marks of `cell`, over what the cell drew (its background `fill`).
    pub(super) fn render_notes(&self, area: Rect, buf: &mut Buffer, cell: Cell, fill: Option<Style>) {
        let rect = self.cell_area(area, cell);
        let background = self.cell_background(cell, fill);
        let letter_style =
            background.patch(Style::new().add_modifier(Modifier::BOLD)).remove_modifier(Modifier::DIM);
        let colour = self.game.colour(cell);
        let placed = self.highlights.placements.iter().any(|p| p.cell == cell);
        if self.game.digit(cell).is_some() || placed {
            // A digit fills the middle (and a conflict's `!` the top right): the letter goes bottom left.
            if let Some(colour) = colour {
                let y = rect.y + rect.height - 1;
                buf.set_string(rect.x, y, paint_letter(colour).to_string(), letter_style);
            }
            return;
        }
        let mut free = self.free_places(cell);
        if let (Some(symbol), Some((dx, dy))) = (self.diagonal_symbol(cell), self.diagonal_place(cell)) {
            let style = background.patch(self.theme.grid_line);
            buf.set_string(rect.x + dx, rect.y + dy, symbol, style);
        }
        // With no place free (a cage sum's cell on the small sizes), the letter covers the last mark slot.
        if let Some(colour) = colour
            && let Some((dx, dy)) = free.pop().or(Some((rect.width - 1, rect.height - 1)))
        {
            buf.set_string(rect.x + dx, rect.y + dy, paint_letter(colour).to_string(), letter_style);
        }
        let corners = self.game.corner_marks(cell);
        if self.size == BoardSize::Compact || corners.is_empty() {
            return;
        }
        let fg = if self.without_colour() { Style::new() } else { Style::new().fg(Color::LightMagenta) };
        let style = background
            .patch(fg.add_modifier(Modifier::BOLD | Modifier::ITALIC))
            .remove_modifier(Modifier::DIM);
        let room = free.len();
        for (i, (digit, (dx, dy))) in corners.iter().zip(free).enumerate() {
            let more = i + 1 == room && corners.len() > room;
            let text = if more { "+".to_string() } else { digit.to_string() };
            buf.set_string(rect.x + dx, rect.y + dy, text, style);
        }
    }

    /// The mark of a Sudoku X's diagonal cell (`╲` on the main diagonal, `╱` on the other, `╳` in
    /// the middle, where they cross): the diagonals' cue without colour. `None` off the diagonals.
    pub(super) fn diagonal_symbol(&self, cell: Cell) -> Option<&'static str> {
        if !self.game.puzzle().layout().has_diagonals() {
            return None;
        }
        match (cell.row() == cell.col(), cell.row() + cell.col() == 8) {
            (true, true) => Some("╳"),
            (true, false) => Some("╲"),
            (false, true) => Some("╱"),
            (false, false) => None,
        }
    }

    /// Where an empty diagonal cell's mark goes: the free place nearest its bottom-right corner
    /// (corner marks and a painted cell's letter take the others).
    fn diagonal_place(&self, cell: Cell) -> Option<(u16, u16)> {
        self.diagonal_symbol(cell)?;
        let (width, height) = self.size.cell_size();
        let edges = |&(dx, dy): &(u16, u16)| u8::from(dx + 1 == width) + u8::from(dy + 1 == height);
        self.open_places(cell).into_iter().max_by_key(|place| (edges(place), place.1, place.0))
    }

    /// The places inside `cell` (column, row) that no centre mark slot, no cage sum and no
    /// diagonal mark uses, corners first, then the edges, then the inside, each row by row.
    fn free_places(&self, cell: Cell) -> Vec<(u16, u16)> {
        let mut free = self.open_places(cell);
        if let Some(place) = self.diagonal_place(cell) {
            free.retain(|&p| p != place);
        }
        free
    }

    /// The places inside `cell` that no centre mark slot and no cage sum uses, in the order of
    /// [`BoardWidget::free_places`].
    fn open_places(&self, cell: Cell) -> Vec<(u16, u16)> {
        if self.size == BoardSize::Compact {
            // `·`/`•` in the middle and a wall's bar on the right: only the left is free.
            return vec![(0, 0)];
        }
        let (width, height) = self.size.cell_size();
        let cages = self.game.puzzle().cages();
        let slots: Vec<(u16, u16)> =
            Digit::ALL.into_iter().filter_map(|d| self.size.mark_slot_for(d, cages.is_some())).collect();
        let sum_inside = self.size != BoardSize::Full
            && cages.and_then(|c| c.cage_at(cell)).and_then(|cage| cage.anchor()) == Some(cell);
        let mut free: Vec<(u16, u16)> = (0..height)
            .flat_map(|dy| (0..width).map(move |dx| (dx, dy)))
            .filter(|place| !(slots.contains(place) || (sum_inside && *place == (0, 0))))
            .collect();
        let rank = |&(dx, dy): &(u16, u16)| {
            let edges = u8::from(dx == 0 || dx + 1 == width) + u8::from(dy == 0 || dy + 1 == height);
            (2 - edges, dy, dx)
        };
        free.sort_by_key(rank);
        free
    }
}
