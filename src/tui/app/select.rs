//! How the app runs the killer helpers ([`crate::tui::selection`]): Shift+arrows and a mouse drag
//! extend the selection, a plain move or Esc clears it, the sum prompt reads a sum (or a sum and
//! a size), the rule-of-45 key cycles the view's region. Part of [`App::update`]; it changes
//! nothing but the app's helpers, cursor and message.

use ratatui::layout::Position;

use super::App;
use crate::engine::Cell;
use crate::tui::action::{DialogAction, KeyPress};
use crate::tui::layout::Screen;
use crate::tui::selection::{Region, parse_prompt};

impl App {
    /// Moves the cursor by `rows` and `cols`, adding the cells to the selection. Unlike a plain
    /// move it stops at the edge of the grid: a selection is a group of cells side by side, and a
    /// wrap would add a cell on the far side.
    pub(super) fn extend_selection(&mut self, rows: isize, cols: isize) {
        let from = self.cursor;
        let row = (from.row() as isize + rows).clamp(0, 8) as usize;
        let col = (from.col() as isize + cols).clamp(0, 8) as usize;
        self.cursor = Cell::at(row, col);
        self.helpers.extend(from, self.cursor);
    }

    /// A left click: the cursor goes there and a new selection may start (a drag extends it).
    pub(super) fn click_at(&mut self, at: Position) {
        if let Some(cell) = Screen::plan(self.area).cell_at(at) {
            self.cursor = cell;
            self.helpers.clear_selection();
        }
    }

    /// A drag with the left button: the cell under it joins the selection and takes the cursor.
    pub(super) fn drag_to(&mut self, at: Position) {
        let Some(cell) = Screen::plan(self.area).cell_at(at) else { return };
        if cell != self.cursor || self.helpers.selected.is_empty() {
            self.helpers.extend(self.cursor, cell);
            self.cursor = cell;
        }
    }

    /// Opens the sum prompt.
    pub(super) fn open_sum_prompt(&mut self) {
        self.helpers.prompt = Some(String::new());
    }

    /// A key while the sum prompt is open: digits and spaces type, Backspace erases, Enter reads
    /// the text, Esc closes it.
    pub(super) fn prompt_key(&mut self, key: KeyPress) {
        let Some(text) = &mut self.helpers.prompt else { return };
        if key.means(DialogAction::Back) {
            self.helpers.prompt = None;
        } else if key.means(DialogAction::EraseText) {
            text.pop();
        } else if key.means(DialogAction::Confirm) {
            let selection = !self.helpers.selected.is_empty();
            match parse_prompt(text, selection) {
                Ok(asked) => {
                    self.helpers.asked = Some(asked);
                    self.helpers.prompt = None;
                }
                Err(problem) => self.message = Some(problem),
            }
        } else if let Some(c) = key.text.filter(|c| c.is_ascii_digit() || *c == ' ')
            && text.len() < 8
        {
            text.push(c);
        }
    }

    /// The rule-of-45 key: shows the view on the cursor's row, then its column, box (a jigsaw's
    /// region), band and stack, then closes it; on a classic game it says what it is for.
    pub(super) fn rule45_key(&mut self) {
        if self.game.puzzle().cages().is_none() {
            self.message = Some("The rule of 45 view is for killer puzzles".into());
            return;
        }
        self.helpers.region = match self.helpers.region {
            None => Some(Region::Row),
            Some(region) => region.next(),
        };
    }
}
