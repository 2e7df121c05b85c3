//! The game is open in another window (which saves it): look at it here read-only (`r` or Esc),
//! start another game (`n`), take it over (`t`: the other window stops saving it and says so), or
//! quit. The same question comes back when a key would change a read-only game.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::tui::action::{Action, DialogAction, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::popup::popup;

use super::{Command, Overlay, Reply};

/// The question reads `key`.
pub fn update(key: KeyPress) -> Reply {
    if key.is(Action::Quit) {
        return Reply::with(Overlay::OpenElsewhere, Command::Quit);
    }
    match key.text {
        Some('t') => Reply::with(Overlay::None, Command::TakeOver),
        Some('n') => Reply::with(Overlay::None, Command::ChooseNewGame),
        Some('r') => Reply::show(Overlay::None),
        _ if key.means(DialogAction::Back) => Reply::show(Overlay::None),
        _ => Reply::show(Overlay::OpenElsewhere),
    }
}

/// The question about a game open in another window.
pub struct ElsewhereDialog<'a> {
    /// The keys, for the quit key.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for ElsewhereDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let quit = self.keymap.key_label(Action::Quit);
        let lines = vec![
            Line::raw("This game is open in another termdoku"),
            Line::raw("window, which saves its moves."),
            Line::raw(""),
            Line::raw("r  look at it here, read-only"),
            Line::raw("n  start another game"),
            Line::raw("t  take it over (the other window"),
            Line::raw("   stops saving it)"),
            Line::styled(format!("{quit}  quit"), theme.dim),
        ];
        popup(theme, area, buf, "Game open elsewhere", lines, 42);
    }
}
