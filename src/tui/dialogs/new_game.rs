//! The new-game dialog: today's daily puzzle (items 11 and 12, at the top of each column), a classic
//! level (items 0-4, the left column), a killer level (5-9, the right column), or a pasted puzzle
//! (10, under both). The two columns are one set of houses without and with cages: plain (classic,
//! killer), X (Sudoku X, killer X) or jigsaw (jigsaw, jigsaw killer); the houses shown are part of
//! the item's index ([`join`]: the item plus [`ITEMS`] times the houses' number), and only the plain
//! houses have daily items. Up and down move within a column (past its end to the paste item), left
//! and right walk the six variants (the same row in the next column, after the killer column the
//! next houses' first column), Enter or a level's digit starts it, `p`
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

/// How many items one set of houses has (five levels in each of two columns, the paste item and
/// two daily items): the index of an item under the X houses is the item plus `ITEMS`, under the
/// jigsaw houses plus `2 * ITEMS`.
pub const ITEMS: usize = TODAY_KILLER + 1;

/// The houses the picker's two columns play: each is a variant without cages (left column) and
/// with them (right column).
const HOUSES: [(Variant, Variant); 3] = [
    (Variant::Classic, Variant::Killer),
    (Variant::X, Variant::KillerX),
    (Variant::Jigsaw, Variant::KillerJigsaw),
];

/// The item and the houses' number (0 plain, 1 X, 2 jigsaw) of the index `selected`.
fn split(selected: usize) -> (usize, usize) {
    (selected % ITEMS, (selected / ITEMS).min(HOUSES.len() - 1))
}

/// The index of `item` under houses number `houses` (the paste item has no houses).
pub fn join(item: usize, houses: usize) -> usize {
    if item == PASTE_ITEM { PASTE_ITEM } else { item + houses * ITEMS }
}

/// The picker's index of `level` of `variant` (its column's level item under its houses).
pub fn level_item(variant: Variant, level: usize) -> usize {
    let houses = HOUSES.iter().position(|&(plain, caged)| plain == variant || caged == variant).unwrap_or(0);
    join(level + usize::from(variant.has_cages()) * Level::ALL.len(), houses)
}

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
    let (item, houses) = split(index);
    let (plain, caged) = HOUSES[houses];
    if (Level::ALL.len()..PASTE_ITEM).contains(&item) || item == TODAY_KILLER { caged } else { plain }
}

/// The variant and level of new-game item `index` (`None` for the paste item and the dailies).
pub fn new_game_item(index: usize) -> Option<(Variant, Level)> {
    let (item, _) = split(index);
    let levels = Level::ALL.len();
    Level::ALL.get(item % levels).filter(|_| item < PASTE_ITEM).map(|&level| (variant_of(index), level))
}

/// The dialog, with item `selected` highlighted, reads `key`.
pub fn update(selected: usize, key: KeyPress) -> Reply {
    let (selected, houses) = split(selected);
    // The item `item` of these houses shown (under the X and jigsaw houses, which have no daily
    // items, the paste item instead of a daily).
    let stay = |item: usize| {
        let item = if houses > 0 && daily_item(item).is_some() { PASTE_ITEM } else { item };
        Reply::show(Overlay::NewGame { selected: join(item, houses) })
    };
    let tab = |step: usize| {
        let at = TAB_ORDER.iter().position(|&i| i == selected).unwrap_or(0);
        TAB_ORDER[(at + step) % TAB_ORDER.len()]
    };
    if key.means(DialogAction::Back) || matches!(key.action, Some(Action::Quit | Action::NewGame)) {
        return Reply::show(Overlay::None);
    }
    if key.means(DialogAction::Confirm) {
        return choose(join(selected, houses));
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
        Some(action @ (Action::MoveLeft | Action::MoveRight)) => {
            // The same level (or today's puzzle) in the next variant: the other column, and past
            // the killer column (or before the plain one) the next (previous) houses.
            let levels = Level::ALL.len();
            let right = action == Action::MoveRight;
            let caged = (levels..PASTE_ITEM).contains(&selected) || selected == TODAY_KILLER;
            let toggled = match selected {
                TODAY_CLASSIC => TODAY_KILLER,
                TODAY_KILLER => TODAY_CLASSIC,
                s if s < levels => s + levels,
                s => (s % levels).min(PASTE_ITEM - 1),
            };
            let count = HOUSES.len();
            let next_houses = match (right, caged) {
                (true, true) => (houses + 1) % count,
                (false, false) => (houses + count - 1) % count,
                _ => houses,
            };
            // Only the plain houses have daily items: elsewhere the same column's first level.
            let toggled = if next_houses > 0 && daily_item(toggled).is_some() {
                if toggled == TODAY_KILLER { levels } else { 0 }
            } else {
                toggled
            };
            Reply::show(Overlay::NewGame { selected: join(toggled, next_houses) })
        }
        // 1-5 start that level in the variant highlighted.
        Some(action) => match action.entered_digit() {
            Some(d) if d.index() < Level::ALL.len() => {
                let killer = usize::from(variant_of(join(selected, houses)).has_cages());
                choose(join(d.index() + killer * Level::ALL.len(), houses))
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
        let (_, houses) = split(selected);
        let (plain, caged) = HOUSES[houses];
        let header = if houses == 0 {
            format!("{:<COLUMN$}{}", "Classic", "Killer (cage sums)")
        } else {
            format!("{:<COLUMN$}{}", plain.title(), caged.title())
        };
        let mut lines: Vec<Line> = vec![Line::styled(header, theme.title)];
        let today = self.daily.today;
        if houses == 0 {
            let daily = |index: usize, variant: Variant| {
                let mark = self.daily.record.mark(variant, today).map_or(' ', |m| m.symbol());
                item(index, format!("today {}{mark}", daily_level(variant, today)))
            };
            let mut spans = daily(TODAY_CLASSIC, Variant::Classic);
            spans.extend(daily(TODAY_KILLER, Variant::Killer));
            lines.push(Line::from(spans));
        } else {
            let rules =
                if plain.has_diagonals() { "both diagonals hold 1-9" } else { "nine irregular regions" };
            lines.push(Line::styled(rules, theme.dim));
        }
        for (i, level) in Level::ALL.iter().enumerate() {
            let digit = k(Action::DIGITS[i]);
            let mut spans = item(join(i, houses), format!("{digit} {level}"));
            let caged_text =
                if houses == 0 { format!("{digit} killer {level}") } else { format!("{digit} {level}") };
            spans.extend(item(join(i + Level::ALL.len(), houses), caged_text));
            lines.push(Line::from(spans));
        }
        let paste = format!("{} paste a puzzle", dialog(DialogAction::Paste));
        lines.push(menu_line(theme, selected == PASTE_ITEM, &paste));
        lines.push(Line::raw(""));
        let choose = format!(
            "{}{} choose · {}{} next variant",
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
