//! The two questions asked before something that cannot be undone: deleting a saved game (only `y`
//! deletes, any other key goes back to the list) and filling in the whole solution (`y` or Enter
//! fills it, any other key does not).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::tui::action::{DialogAction, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::popup::popup;
use crate::tui::widgets::wrap::wrap_text;

use super::continue_game::SavedSummary;
use super::{Command, Overlay, Reply};

/// The question about deleting `games[selected]` (the continue screen's list) reads `key`.
pub fn update_delete(mut games: Vec<SavedSummary>, selected: usize, key: KeyPress) -> Reply {
    if !key.means(DialogAction::Yes) {
        return Reply::show(Overlay::Continue { games, selected });
    }
    if selected >= games.len() {
        return Reply::show(Overlay::Continue { games, selected: 0 });
    }
    let gone = games.remove(selected);
    let next = if games.is_empty() {
        Overlay::None
    } else {
        Overlay::Continue { selected: selected.min(games.len() - 1), games }
    };
    Reply::with(next, Command::Delete(gone))
}

/// The question about filling the solution reads `key`.
pub fn update_solve(key: KeyPress) -> Reply {
    if key.means(DialogAction::Yes) || key.means(DialogAction::Confirm) {
        return Reply::with(Overlay::None, Command::FillSolution);
    }
    Reply::show(Overlay::None)
}

/// Asks before deleting a saved game.
pub struct ConfirmDeleteDialog<'a> {
    /// The game's line, as the continue screen showed it.
    pub label: &'a str,
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for ConfirmDeleteDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let width = area.width.min(60);
        let inner = usize::from(width.saturating_sub(2));
        let mut lines: Vec<Line> =
            wrap_text("Delete this saved game for good?", inner).into_iter().map(Line::raw).collect();
        lines.extend(wrap_text(self.label, inner).into_iter().map(Line::raw));
        let yes = self.keymap.dialog_label(DialogAction::Yes);
        lines.push(Line::styled(format!("{yes}: delete · any other key: keep"), self.theme.dim));
        popup(self.theme, area, buf, "Delete", lines, width);
    }
}

/// Asks before filling in the whole solution.
pub struct ConfirmSolveDialog<'a> {
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for ConfirmSolveDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let yes = self.keymap.dialog_label(DialogAction::Yes);
        let enter = self.keymap.dialog_label(DialogAction::Confirm);
        let lines = vec![
            Line::raw("Fill in the whole solution?"),
            Line::styled(format!("{yes} / {enter}: yes · any other key: no"), self.theme.dim),
        ];
        popup(self.theme, area, buf, "Solve", lines, 38);
    }
}
