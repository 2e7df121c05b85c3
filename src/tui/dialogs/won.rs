//! The end of a game: solved (or revealed), with its time, level, hints and mistakes, and for a
//! daily puzzle its date and the streak. It stays until dismissed; the new-game and quit keys work from it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::game::Game;
use crate::tui::action::{Action, DialogAction, KeyPress};
use crate::tui::daily::DailyBook;
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::clock::clock;
use crate::tui::widgets::popup::popup;

use super::{Command, Overlay, Reply};

/// The win screen reads `key`: quit, a new game, or Esc and Enter close it; stray keys do not.
pub fn update(key: KeyPress) -> Reply {
    match key.action {
        Some(Action::Quit) => Reply::with(Overlay::Won, Command::Quit),
        Some(Action::NewGame) => Reply::with(Overlay::Won, Command::ChooseNewGame),
        _ if key.means(DialogAction::Back) || key.means(DialogAction::Confirm) => Reply::show(Overlay::None),
        _ => Reply::show(Overlay::Won),
    }
}

/// The win screen.
pub struct WonDialog<'a> {
    /// The game just finished.
    pub game: &'a Game,
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
    /// The dailies finished: a daily's date and streak.
    pub daily: &'a DailyBook,
}

impl Widget for WonDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (game, theme) = (self.game, self.theme);
        let level = game.level().map_or("custom".to_string(), |l| l.to_string());
        let footer = format!(
            "{} new game · {} quit · {} close",
            self.keymap.key_label(Action::NewGame),
            self.keymap.key_label(Action::Quit),
            self.keymap.dialog_label(DialogAction::Back)
        );
        let mut lines = vec![
            Line::styled(if game.revealed { "Solution revealed" } else { "Solved!" }, theme.title)
                .alignment(Alignment::Center),
            Line::raw(""),
            Line::raw(format!("Time      {}", clock(game.elapsed))),
            Line::raw(format!("Level     {level}")),
            Line::raw(format!("Hints     {}", game.hints_used)),
            Line::raw(format!("Mistakes  {}", game.mistakes)),
        ];
        if let Some(date) = game.daily {
            let streak = self.daily.record.streak(game.puzzle().variant(), self.daily.today);
            lines.push(Line::raw(format!("Daily     {date}")));
            lines.push(Line::raw(format!("Streak    {} (best {})", streak.current, streak.best)));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(footer, theme.dim));
        let title = if game.revealed { "Revealed" } else { "Well done" };
        popup(theme, area, buf, title, lines, 36);
    }
}
