//! Overlays drawn over the board: help (generated from the keymap), pause, win, the new-game dialog,
//! the paste box, the generation spinner and the solve confirmation, plus the "too small" message.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use crate::engine::logic::Level;
use crate::tui::app::App;
use crate::tui::dialogs::Overlay;
use crate::tui::dialogs::new_game::PASTE_ITEM;
use crate::tui::layout::MIN_SIZE;

use super::panel::clock;
use super::wrap::wrap_text;

/// The most rows of pasted text the paste box shows (the end of it).
const PASTE_INPUT_ROWS: usize = 3;

const SPINNER: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];

/// A rectangle of `width` x `height` centred in `area` (clipped to it).
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height)
}

/// Draws a framed popup with `title` and `lines`, centred in `area`.
fn popup(app: &App, area: Rect, buf: &mut Buffer, title: &str, lines: Vec<Line<'_>>, width: u16) {
    let height = lines.len() as u16 + 2;
    let rect = centred(area, width, height);
    Clear.render(rect, buf);
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(app.theme.title)
        .title(Span::styled(format!(" {title} "), app.theme.title));
    Paragraph::new(lines).wrap(Wrap { trim: false }).block(block).render(rect, buf);
}

/// Draws the overlay of `app`, if any, over `area` (the whole screen).
pub fn render_overlay(app: &App, area: Rect, buf: &mut Buffer) {
    match &app.overlay {
        Overlay::None | Overlay::Paused => {}
        Overlay::Help => render_help(app, area, buf),
        Overlay::Won => {
            let game = &app.game;
            let level = game.level().map_or("custom".to_string(), |l| l.to_string());
            let lines = vec![
                Line::styled(if game.revealed { "Solution revealed" } else { "Solved!" }, app.theme.title)
                    .alignment(Alignment::Center),
                Line::raw(""),
                Line::raw(format!("Time      {}", clock(game.elapsed))),
                Line::raw(format!("Level     {level}")),
                Line::raw(format!("Hints     {}", game.hints_used)),
                Line::raw(format!("Mistakes  {}", game.mistakes)),
                Line::raw(""),
                Line::styled("N new game · q quit · Esc close", app.theme.dim),
            ];
            let title = if game.revealed { "Revealed" } else { "Well done" };
            popup(app, area, buf, title, lines, 36);
        }
        Overlay::NewGame { selected } => {
            let mut lines: Vec<Line> = vec![Line::styled("Classic", app.theme.title)];
            for (i, level) in Level::ALL.iter().enumerate() {
                lines.push(menu_line(app, i == *selected, &format!("{} {level}", i + 1)));
                if i + 1 == Level::ALL.len() {
                    lines.push(Line::styled("Killer (cages with sums)", app.theme.title));
                }
            }
            for (i, level) in Level::ALL.iter().enumerate() {
                let index = i + Level::ALL.len();
                lines.push(menu_line(app, index == *selected, &format!("{} killer {level}", i + 1)));
            }
            lines.push(menu_line(app, *selected == PASTE_ITEM, "p paste a puzzle"));
            lines.push(Line::raw(""));
            lines.push(Line::styled("↑↓ choose · ←→ killer/classic", app.theme.dim));
            lines.push(Line::styled("Enter start · Esc back", app.theme.dim));
            popup(app, area, buf, "New game", lines, 38);
        }
        Overlay::Paste { input, error } => {
            let width = area.width.min(86);
            let inner = usize::from(width.saturating_sub(2));
            let wrapped = |text: &str, style: Style| {
                wrap_text(text, inner)
                    .into_iter()
                    .map(move |piece| Line::styled(piece, style))
                    .collect::<Vec<_>>()
            };
            let mut lines = wrapped("Paste or type 81 digits (0 or . for blanks):", Style::default());
            // Only the end of a long input, so the error and the keys below it stay in view.
            let typed = wrapped(&format!("{input}▏"), app.theme.title);
            lines.extend(typed.into_iter().rev().take(PASTE_INPUT_ROWS).rev());
            if let Some(error) = error {
                lines.extend(wrapped(error, app.theme.alert));
            }
            lines.extend(wrapped("Enter play · Esc back", app.theme.dim));
            popup(app, area, buf, "Paste a puzzle", lines, width);
        }
        Overlay::Generating { level, waited, .. } => {
            let spinner = SPINNER[(app.frame % SPINNER.len() as u64) as usize];
            let lines = vec![
                Line::raw(format!("{spinner} Making a {level} puzzle… {:.1}s", waited.as_secs_f32())),
                Line::styled("Esc cancels", app.theme.dim),
            ];
            popup(app, area, buf, "New game", lines, 36);
        }
        Overlay::Info { title, lines } => {
            let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
            let width = (longest + 4).max(24).min(area.width);
            let text: Vec<String> =
                lines.iter().flat_map(|l| wrap_text(l, usize::from(width.saturating_sub(2)))).collect();
            // As many lines as fit above the footer, scrolled by the arrows when there are more.
            let room = usize::from(area.height.saturating_sub(3)).max(1);
            let shown = room.min(text.len());
            let first = app.help_scroll.min(text.len() - shown);
            let mut visible: Vec<Line> = text[first..first + shown].iter().cloned().map(Line::raw).collect();
            let footer =
                if shown < text.len() { "↑↓ more · other keys close" } else { "any key closes" };
            visible.push(Line::styled(footer, app.theme.dim));
            popup(app, area, buf, title, visible, width);
        }
        Overlay::Continue { games, selected } => {
            // As many games as fit above the footer, scrolled so the chosen one is among them.
            let fit = usize::from(area.height.saturating_sub(4)).max(1);
            let first = (selected + 1).saturating_sub(fit);
            let mut lines: Vec<Line> = (games.iter().enumerate().skip(first).take(fit))
                .map(|(i, g)| menu_line(app, i == *selected, &g.label))
                .collect();
            lines.push(Line::raw(""));
            lines.push(Line::styled("↑↓ choose · Enter continue · d delete · Esc back", app.theme.dim));
            let width = games.iter().map(|g| g.label.chars().count()).max().unwrap_or(0) as u16 + 6;
            popup(app, area, buf, "Continue", lines, width.max(52).min(area.width));
        }
        Overlay::ConfirmDelete { games, selected } => {
            let label = games.get(*selected).map_or("", |g| g.label.as_str());
            let width = area.width.min(60);
            let mut lines: Vec<Line> =
                wrap_text("Delete this saved game for good?", usize::from(width.saturating_sub(2)))
                    .into_iter()
                    .map(Line::raw)
                    .collect();
            lines.extend(wrap_text(label, usize::from(width.saturating_sub(2))).into_iter().map(Line::raw));
            lines.push(Line::styled("y: delete · any other key: keep", app.theme.dim));
            popup(app, area, buf, "Delete", lines, width);
        }
        Overlay::ConfirmSolve => {
            let lines = vec![
                Line::raw("Fill in the whole solution?"),
                Line::styled("y / Enter: yes · any other key: no", app.theme.dim),
            ];
            popup(app, area, buf, "Solve", lines, 38);
        }
    }
}

fn menu_line<'a>(app: &App, selected: bool, text: &str) -> Line<'a> {
    if selected {
        Line::styled(format!("▶ {text}"), app.theme.cursor)
    } else {
        Line::raw(format!("  {text}"))
    }
}

/// The help screen: the keymap's table, in two columns when the screen is wide enough and too short
/// for one; when even that does not fit, one key a line, scrolled by [`App::help_scroll`].
/// What the help screen adds on a killer: how to read the cages, the panel and the checks.
pub const KILLER_HELP: [(&str, &str); 6] = [
    ("┆ ┄ ┇ ┅", "dashed: a cage wall (heavy on boxes)"),
    ("¹⁷", "cage sum, in the cage's first cell"),
    ("Cage", "panel: sum, cells, placed, left"),
    ("Ways", "combinations still possible"),
    ("!", "cage repeats or misses its sum"),
    ("N ←→", "new killer; c fills cage candidates"),
];

/// The rows of the help screen: the keymap, and on a killer how to read it.
pub fn help_rows(app: &App) -> Vec<(String, &'static str)> {
    let mut rows = app.keymap.help_rows();
    if app.game.puzzle().cages().is_some() {
        rows.extend(KILLER_HELP.iter().map(|&(keys, what)| (keys.to_string(), what)));
    }
    rows
}

fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    let rows = help_rows(app);
    let key_width = rows.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    let what_width = rows.iter().map(|(_, w)| w.chars().count()).max().unwrap_or(0);
    let column = key_width + 2 + what_width;
    let line = |(keys, what): &(String, &str), width: usize| {
        let keys_width = key_width.min(width / 2);
        let keys: String = keys.chars().take(keys_width).collect();
        let what: String = what.chars().take(width.saturating_sub(keys_width + 2)).collect();
        Line::from(vec![
            Span::styled(format!("{keys:>keys_width$}  "), app.theme.title),
            Span::raw(format!("{what:<0$}", width.saturating_sub(keys_width + 2))),
        ])
    };
    let room = usize::from(area.height.saturating_sub(3));
    let two_columns = room < rows.len() && usize::from(area.width) >= 2 * column + 4;
    if two_columns {
        let half = rows.len().div_ceil(2);
        let mut lines: Vec<Line> = (0..half)
            .map(|i| {
                let mut spans = line(&rows[i], column).spans;
                spans.push(Span::raw("  "));
                spans.extend(rows.get(i + half).map(|right| line(right, column).spans).unwrap_or_default());
                Line::from(spans)
            })
            .collect();
        lines.push(Line::styled("any key closes", app.theme.dim));
        popup(app, area, buf, "Keys", lines, (2 * column + 4) as u16);
        return;
    }
    let width = area.width.min(column as u16 + 2);
    let inner = usize::from(width.saturating_sub(2));
    let shown = room.max(1).min(rows.len());
    let first = app.help_scroll.min(rows.len() - shown);
    let mut lines: Vec<Line> = rows[first..first + shown].iter().map(|row| line(row, inner)).collect();
    let footer = if shown < rows.len() { "↑↓ more · other keys close" } else { "any key closes" };
    lines.push(Line::styled(footer.chars().take(inner).collect::<String>(), app.theme.dim));
    popup(app, area, buf, "Keys", lines, width);
}

/// The message shown when the terminal is below the minimum size.
pub fn render_too_small(app: &App, area: Rect, buf: &mut Buffer) {
    let lines = vec![
        Line::styled("Terminal too small", app.theme.alert),
        Line::raw(format!("{}x{}, need {}x{}", area.width, area.height, MIN_SIZE.0, MIN_SIZE.1)),
        Line::styled("Enlarge the window, or q to quit", app.theme.dim),
    ];
    // Narrow windows wrap the last line: leave it room.
    let rect = centred(area, area.width, area.height.min(5));
    Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true }).render(rect, buf);
}
