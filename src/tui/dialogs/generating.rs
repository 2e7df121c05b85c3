//! While a new puzzle is made: a spinner with the time waited. Esc (or the quit key) cancels it.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::engine::logic::Level;
use crate::tui::action::{Action, DialogAction, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::popup::popup;

use super::{Command, Overlay, Reply};

const SPINNER: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];

/// The wait for request `id` (a `level` puzzle, `waited` so far) reads `key`: cancel, or wait on.
pub fn update(id: u64, level: Level, waited: Duration, key: KeyPress) -> Reply {
    if key.means(DialogAction::Back) || key.is(Action::Quit) {
        return Reply::with(Overlay::None, Command::CancelGeneration);
    }
    Reply::show(Overlay::Generating { id, level, waited })
}

/// The spinner.
pub struct GeneratingDialog<'a> {
    /// The level asked for.
    pub level: Level,
    /// Time waited so far.
    pub waited: Duration,
    /// The spinner's frame counter.
    pub frame: u64,
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for GeneratingDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let spinner = SPINNER[(self.frame % SPINNER.len() as u64) as usize];
        let (level, waited) = (self.level, self.waited.as_secs_f32());
        let cancel = format!("{} cancels", self.keymap.dialog_label(DialogAction::Back));
        let lines = vec![
            Line::raw(format!("{spinner} Making a {level} puzzle… {waited:.1}s")),
            Line::styled(cancel, self.theme.dim),
        ];
        popup(self.theme, area, buf, "New game", lines, 36);
    }
}
