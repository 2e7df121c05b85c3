//! The new-game dialog: today's daily puzzle (items 11 and 12, at the top of each column), a classic
//! level (items 0-4, the left column), a killer level (5-9, the right column), or a pasted puzzle
//! (10, under both). Up and down move within a column (past its end to the paste item), left and
//! right switch columns (the same row in the other variant), Enter or a level's digit starts it, `p`
//! opens the paste box, Esc (or the new-game or quit key) goes back. Where the screen is wide enough
//! (see [`CALENDAR_FROM_WIDTH`]), this month's calendar of the highlighted variant's dailies and its
//! streak stand beside the levels.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::engine::Variant;
use crate::engine::daily::daily_level;
use crate::engine::logic::Level;
use crate::tui::action::{Action, DialogAction, KeyPress};
use crate::tui::daily::DailyBook;
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::calendar::{CALENDAR_HEIGHT, CALENDAR_WIDTH, Calendar};
use crate::tui::widgets::popup::{menu_line, popup};

/// How wide each column of levels is drawn (`▶ 5 killer extreme` and a gap).
const COLUMN: usize = 20;

use super::{Command, Overlay, Reply};

/// The index of the new-game dialog's paste item, after the five classic and five killer levels.
pub const PASTE_ITEM: usize = 2 * Level::ALL.len();

/// The index of the classic daily puzzle's item (drawn at the top of the classic column).
pub const TODAY_CLASSIC: usize = PASTE_ITEM + 1;

/// The index of the killer daily puzzle's item (drawn at the top of the killer column).
pub const TODAY_KILLER: usize = PASTE_ITEM + 2;

/// The items in the order Tab walks them: each column from its daily down, then the paste item.
const TAB_ORDER: [usize; 13] = [TODAY_CLASSIC, 0, 1, 2, 3, 4, TODAY_KILLER, 5, 6, 7, 8, 9, PASTE_ITEM];

/// The narrowest screen on which the calendar stands beside the levels (the levels' two columns,
/// a gap, the calendar, the frame); on a narrower one the picker shows the levels only.
pub const CALENDAR_FROM_WIDTH: u16 = 2 * COLUMN as u16 + 3 + CALENDAR_WIDTH + 2;

/// The variant of the daily item `index`, if it is one.
pub fn daily_item(index: usize) -> Option<Variant> {
    match index {
        TODAY_CLASSIC => Some(Variant::Classic),
        TODAY_KILLER => Some(Variant::Killer),
        _ => None,
    }
}

/// The variant of the column item `index` stands in (classic for the paste item).
fn variant_of(index: usize) -> Variant {
    if (Level::ALL.len()..PASTE_ITEM).contains(&index) || index == TODAY_KILLER {
        Variant::Killer
    } else {
        Variant::Classic
    }
}

/// The variant and level of new-game item `index` (`None` for the paste item).
pub fn new_game_item(index: usize) -> Option<(Variant, Level)> {
    let levels = Level::ALL.len();
    let variant = if index < levels { Variant::Classic } else { Variant::Killer };
    Level::ALL.get(index % levels).filter(|_| index < PASTE_ITEM).map(|&level| (variant, level))
}

/// The dialog, with item `selected` highlighted, reads `key`.
pub fn update(selected: usize, key: KeyPress) -> Reply {
    let stay = |selected| Reply::show(Overlay::NewGame { selected });
    let tab = |step: usize| {
        let at = TAB_ORDER.iter().position(|&i| i == selected).unwrap_or(0);
        TAB_ORDER[(at + step) % TAB_ORDER.len()]
    };
    if key.means(DialogAction::Back) || matches!(key.action, Some(Action::Quit | Action::NewGame)) {
        return Reply::show(Overlay::None);
    }
    if key.means(DialogAction::Confirm) {
        return choose(selected);
    }
    match key.action {
        Some(Action::MoveUp) => return stay(in_column(selected, false)),
        Some(Action::MoveDown) => return stay(in_column(selected, true)),
        Some(Action::PrevEmpty) => return stay(tab(TAB_ORDER.len() - 1)),
        Some(Action::NextEmpty) => return stay(tab(1)),
        _ => {}
    }
    if key.means(DialogAction::Paste) {
        return choose(PASTE_ITEM);
    }
    match key.action {
        Some(Action::MoveLeft | Action::MoveRight) => {
            // The same level (or today's puzzle) in the other variant.
            let levels = Level::ALL.len();
            let toggled = match selected {
                TODAY_CLASSIC => TODAY_KILLER,
                TODAY_KILLER => TODAY_CLASSIC,
                s if s < levels => s + levels,
                s => (s % levels).min(PASTE_ITEM - 1),
            };
            stay(toggled)
        }
        // 1-5 start that level in the variant highlighted.
        Some(action) => match action.entered_digit() {
            Some(d) if d.index() < Level::ALL.len() => {
                let killer = usize::from(variant_of(selected) == Variant::Killer);
                choose(d.index() + killer * Level::ALL.len())
            }
            _ => stay(selected),
        },
        None => stay(selected),
    }
}

/// The item above or below (`down`) `selected` in its column: each column is its daily, then its
/// levels; past either end of a column is the paste item, and from the paste item the classic
/// column's daily or last level.
fn in_column(selected: usize, down: bool) -> usize {
    let levels = Level::ALL.len();
    match (selected, down) {
        (PASTE_ITEM, true) => TODAY_CLASSIC,
        (PASTE_ITEM, false) => levels - 1,
        (TODAY_CLASSIC, true) => 0,
        (TODAY_KILLER, true) => levels,
        (TODAY_CLASSIC | TODAY_KILLER, false) => PASTE_ITEM,
        (level, true) if level % levels + 1 == levels => PASTE_ITEM,
        (level, true) => level + 1,
        (0, false) => TODAY_CLASSIC,
        (level, false) if level == levels => TODAY_KILLER,
        (level, false) => level - 1,
    }
}

/// Item `index` chosen: today's puzzle, a new puzzle of its level, or the paste box.
fn choose(index: usize) -> Reply {
    if let Some(variant) = daily_item(index) {
        return Reply::with(Overlay::NewGame { selected: index }, Command::PlayDaily(variant));
    }
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
    /// Today and the dailies finished: the daily items, the calendar and the streak.
    pub daily: &'a DailyBook,
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
        let today = self.daily.today;
        let daily = |index: usize, variant: Variant| {
            let mark = self.daily.record.mark(variant, today).map_or(' ', |m| m.symbol());
            item(index, format!("today {}{mark}", daily_level(variant, today)))
        };
        let mut spans = daily(TODAY_CLASSIC, Variant::Classic);
        spans.extend(daily(TODAY_KILLER, Variant::Killer));
        lines.push(Line::from(spans));
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
        let menu_width = 2 * COLUMN as u16 + 2;
        if area.width < CALENDAR_FROM_WIDTH {
            popup(theme, area, buf, "New game", lines, menu_width);
            return;
        }
        // The calendar of the highlighted column's variant, and its streak, right of the levels.
        let variant = variant_of(selected);
        let label = variant.title();
        let marks = self.daily.record.days(variant);
        let calendar = Calendar { label, month: today, today: Some(today), marks, theme }.lines();
        let streak = self.daily.record.streak(variant, today);
        let streak = Line::styled(format!("streak {} · best {}", streak.current, streak.best), theme.title);
        let rows = lines.len().max(usize::from(CALENDAR_HEIGHT) + 1);
        let right = calendar.into_iter().chain([streak]);
        let mut right: Vec<Line> = right.collect();
        right.resize(rows, Line::raw(""));
        lines.resize(rows, Line::raw(""));
        let joined = lines
            .into_iter()
            .zip(right)
            .map(|(left, right)| {
                let pad = " ".repeat((usize::from(menu_width) + 1).saturating_sub(left.width()));
                let mut spans = left.spans;
                spans.push(Span::raw(pad));
                spans.extend(right.spans);
                Line::from(spans)
            })
            .collect();
        popup(theme, area, buf, "New game", joined, CALENDAR_FROM_WIDTH);
    }
}
