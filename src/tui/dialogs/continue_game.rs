//! The continue screen: the other saved games, most recent first. The arrows choose, Enter continues
//! the chosen one, `d` asks before deleting it, Esc (or the continue or quit key) goes back.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::tui::action::{Action, DialogAction, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::popup::{menu_line, popup};

use super::{Command, Overlay, Reply};

/// A saved game as the continue screen lists it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedSummary {
    /// The game's id.
    pub id: String,
    /// One line about it (level, time, cells left, when saved).
    pub label: String,
}

/// The list of `games`, with `selected` highlighted, reads `key`.
pub fn update(games: Vec<SavedSummary>, selected: usize, key: KeyPress) -> Reply {
    let count = games.len().max(1);
    if key.means(DialogAction::Confirm) {
        return match games.get(selected) {
            Some(game) => Reply::with(Overlay::None, Command::Resume(game.id.clone())),
            None => Reply::show(Overlay::None),
        };
    }
    if key.means(DialogAction::Back) || matches!(key.action, Some(Action::Quit | Action::ContinueGame)) {
        return Reply::show(Overlay::None);
    }
    if key.means(DialogAction::Delete) && selected < games.len() {
        return Reply::show(Overlay::ConfirmDelete { games, selected });
    }
    let selected = match key.action {
        Some(Action::MoveUp | Action::PrevEmpty) => (selected + count - 1) % count,
        Some(Action::MoveDown | Action::NextEmpty) => (selected + 1) % count,
        _ => selected,
    };
    Reply::show(Overlay::Continue { games, selected })
}

/// The continue screen.
pub struct ContinueDialog<'a> {
    /// The games.
    pub games: &'a [SavedSummary],
    /// The highlighted one.
    pub selected: usize,
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for ContinueDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (games, selected, theme) = (self.games, self.selected, self.theme);
        // As many games as fit above the footer, scrolled so the chosen one is among them.
        let fit = usize::from(area.height.saturating_sub(4)).max(1);
        let first = (selected + 1).saturating_sub(fit);
        let mut lines: Vec<Line> = (games.iter().enumerate().skip(first).take(fit))
            .map(|(i, g)| menu_line(theme, i == selected, &g.label))
            .collect();
        lines.push(Line::raw(""));
        let (k, dialog) = (|action| self.keymap.key_label(action), |key| self.keymap.dialog_label(key));
        let footer = format!(
            "{}{} choose · {} continue · {} delete · {} back",
            k(Action::MoveUp),
            k(Action::MoveDown),
            dialog(DialogAction::Confirm),
            dialog(DialogAction::Delete),
            dialog(DialogAction::Back)
        );
        lines.push(Line::styled(footer, theme.dim));
        let width = games.iter().map(|g| g.label.chars().count()).max().unwrap_or(0) as u16 + 6;
        popup(theme, area, buf, "Continue", lines, width.max(52).min(area.width));
    }
}
