//! The new-game dialog: a classic level (items 0-4, the left column), a killer level (5-9, the right
//! column), or a pasted puzzle (10, under both). Up and down move within a column (past its end to the
//! paste item), left and right switch columns (the same level in the other variant), Enter or a
//! level's digit starts it, `p` opens the paste box, Esc (or the new-game or quit key) goes back.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::engine::Variant;
use crate::engine::logic::Level;
use crate::tui::action::{Action, DialogAction, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::popup::{menu_line, popup};

/// How wide each column of levels is drawn (`▶ 5 killer extreme` and a gap).
const COLUMN: usize = 20;

use super::{Command, Overlay, Reply};

/// The index of the new-game dialog's paste item, after the five classic and five killer levels.
pub const PASTE_ITEM: usize = 2 * Level::ALL.len();

/// The variant and level of new-game item `index` (`None` for the paste item).
pub fn new_game_item(index: usize) -> Option<(Variant, Level)> {
    let levels = Level::ALL.len();
    let variant = if index < levels { Variant::Classic } else { Variant::Killer };
    Level::ALL.get(index % levels).filter(|_| index < PASTE_ITEM).map(|&level| (variant, level))
}

/// The dialog, with item `selected` highlighted, reads `key`.
pub fn update(selected: usize, key: KeyPress) -> Reply {
    let items = PASTE_ITEM + 1;
    let stay = |selected| Reply::show(Overlay::NewGame { selected });
    if key.means(DialogAction::Back) || matches!(key.action, Some(Action::Quit | Action::NewGame)) {
        return Reply::show(Overlay::None);
    }
    if key.means(DialogAction::Confirm) {
        return choose(selected);
    }
    match key.action {
        Some(Action::MoveUp) => return stay(in_column(selected, false)),
        Some(Action::MoveDown) => return stay(in_column(selected, true)),
        Some(Action::PrevEmpty) => return stay((selected + items - 1) % items),
        Some(Action::NextEmpty) => return stay((selected + 1) % items),
        _ => {}
    }
    if key.means(DialogAction::Paste) {
        return choose(PASTE_ITEM);
    }
    match key.action {
        Some(Action::MoveLeft | Action::MoveRight) => {
            // The same level in the other variant.
            let levels = Level::ALL.len();
            let toggled = if selected < levels { selected + levels } else { selected % levels };
            stay(toggled.min(PASTE_ITEM - 1))
        }
        // 1-5 start that level in the variant highlighted.
        Some(action) => match action.entered_digit() {
            Some(d) if d.index() < Level::ALL.len() => {
                let killer = usize::from(selected >= Level::ALL.len() && selected < PASTE_ITEM);
                choose(d.index() + killer * Level::ALL.len())
            }
            _ => stay(selected),
        },
        None => stay(selected),
    }
}

/// The item above or below (`down`) `selected` in its column: past either end of a column is the
/// paste item, and from the paste item the classic column's first or last level.
fn in_column(selected: usize, down: bool) -> usize {
    let levels = Level::ALL.len();
    if selected >= PASTE_ITEM {
        return if down { 0 } else { levels - 1 };
    }
    let (column, row) = (selected / levels, selected % levels);
    match (down, row) {
        (true, row) if row + 1 == levels => PASTE_ITEM,
        (true, row) => column * levels + row + 1,
        (false, 0) => PASTE_ITEM,
        (false, row) => column * levels + row - 1,
    }
}

/// Item `index` chosen: a new puzzle of its level, or the paste box.
fn choose(index: usize) -> Reply {
    match new_game_item(index) {
        Some((variant, level)) => {
            Reply::with(Overlay::NewGame { selected: index }, Command::Generate(variant, level))
        }
        None => Reply::show(Overlay::Paste { input: String::new(), error: None }),
    }
}

/// The new-game dialog.
pub struct NewGameDialog<'a> {
    /// The highlighted item.
    pub selected: usize,
    /// The keys, for the items and the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for NewGameDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (selected, theme) = (self.selected, self.theme);
        let k = |action| self.keymap.key_label(action);
        let dialog = |key| self.keymap.dialog_label(key);
        let item = |index: usize, text: String| -> Vec<Span<'static>> {
            let line = menu_line(theme, index == selected, &text);
            let width = line.width();
            let mut spans = line.spans;
            spans.push(Span::raw(" ".repeat(COLUMN.saturating_sub(width))));
            spans
        };
        let header = format!("{:<COLUMN$}{}", "Classic", "Killer (cage sums)");
        let mut lines: Vec<Line> = vec![Line::styled(header, theme.title)];
        for (i, level) in Level::ALL.iter().enumerate() {
            let digit = k(Action::DIGITS[i]);
            let mut spans = item(i, format!("{digit} {level}"));
            spans.extend(item(i + Level::ALL.len(), format!("{digit} killer {level}")));
            lines.push(Line::from(spans));
        }
        let paste = format!("{} paste a puzzle", dialog(DialogAction::Paste));
        lines.push(menu_line(theme, selected == PASTE_ITEM, &paste));
        lines.push(Line::raw(""));
        let choose = format!(
            "{}{} choose · {}{} classic/killer",
            k(Action::MoveUp),
            k(Action::MoveDown),
            k(Action::MoveLeft),
            k(Action::MoveRight)
        );
        lines.push(Line::styled(choose, theme.dim));
        let start = format!("{} start · {} back", dialog(DialogAction::Confirm), dialog(DialogAction::Back));
        lines.push(Line::styled(start, theme.dim));
        popup(theme, area, buf, "New game", lines, 2 * COLUMN as u16 + 2);
    }
}
