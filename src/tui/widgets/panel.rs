//! [`PanelWidget`]: the side panel: level, clock, counters, mode, the hint text, the marks of the
//! cursor cell (on the compact board) and a short key legend built from the keymap.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::layout::BoardSize;

/// The side panel of `app`.
pub struct PanelWidget<'a> {
    /// The app shown.
    pub app: &'a App,
    /// The board size next to it (the compact board lists the cursor cell's marks here).
    pub size: BoardSize,
}

/// `mm:ss`, or `h:mm:ss` past an hour.
pub fn clock(elapsed: std::time::Duration) -> String {
    let secs = elapsed.as_secs();
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{:02}:{:02}", secs / 60, secs % 60)
    }
}

impl Widget for PanelWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let theme = &app.theme;
        let game = &app.game;
        let level = game.level().map_or("custom".to_string(), |l| l.to_string());
        let mode = if app.pencil { "PENCIL (marks)" } else { "digits" };
        let short = area.height < 14;
        let mut lines = if short {
            vec![
                Line::from(vec![
                    Span::raw(level),
                    Span::styled("  time ", theme.dim),
                    Span::raw(clock(game.elapsed)),
                    Span::styled("  mistakes ", theme.dim),
                    Span::raw(game.mistakes.to_string()),
                    Span::styled("  hints ", theme.dim),
                    Span::raw(game.hints_used.to_string()),
                ]),
                Line::from(vec![Span::styled(mode, pencil_style(app)), Span::raw("  "), cursor_span(app)]),
            ]
        } else {
            vec![
                Line::from(vec![Span::styled("Level  ", theme.dim), Span::raw(level)]),
                Line::from(vec![Span::styled("Time   ", theme.dim), Span::raw(clock(game.elapsed))]),
                Line::from(vec![
                    Span::styled("Mistakes ", theme.dim),
                    Span::raw(game.mistakes.to_string()),
                    Span::styled("  Hints ", theme.dim),
                    Span::raw(game.hints_used.to_string()),
                ]),
                Line::from(vec![Span::styled("Mode   ", theme.dim), Span::styled(mode, pencil_style(app))]),
            ]
        };
        if self.size == BoardSize::Compact && !short {
            lines.push(Line::from(vec![Span::styled("Cell   ", theme.dim), cursor_span(app)]));
        }
        if !short {
            lines.push(Line::raw(""));
        }
        if game.is_won() {
            lines.push(Line::styled(format!("Solved in {}!", clock(game.elapsed)), theme.title));
        }
        if let Some(text) = app.hint_text() {
            if !short {
                lines.push(Line::styled("Hint", theme.title));
            }
            lines.push(Line::raw(text));
        }
        if let Some(message) = &app.message {
            lines.push(Line::styled(message.clone(), theme.alert));
        }
        if !short && (app.hint_text().is_some() || app.message.is_some()) {
            lines.push(Line::raw(""));
        }
        let used = lines.len() as u16 + 2;
        let legend = legend(app);
        if area.height > used + legend.len() as u16 {
            lines.push(Line::styled("Keys", theme.title));
            lines.extend(legend);
        } else if !short || lines.len() + 2 < usize::from(area.height) {
            let help = app.keymap.key_label(Action::Help);
            lines.push(Line::styled(format!("{help} help"), theme.dim));
        }
        let block = Block::new().borders(Borders::ALL).border_style(theme.border).title(" termdoku ");
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(block).render(area, buf);
    }
}

fn pencil_style(app: &App) -> ratatui::style::Style {
    if app.pencil { app.theme.title.add_modifier(ratatui::style::Modifier::REVERSED) } else { app.theme.dim }
}

/// `r4c7 marks 1 5 9` for the compact board.
fn cursor_span(app: &App) -> Span<'static> {
    let cell = app.cursor;
    let marks = app.game.marks(cell);
    let text = if app.game.digit(cell).is_some() {
        String::new()
    } else if marks.is_empty() {
        "no marks".to_string()
    } else {
        format!("marks {}", marks.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" "))
    };
    Span::raw(format!("{cell} {text}"))
}

/// A few key reminders, from the keymap.
fn legend(app: &App) -> Vec<Line<'static>> {
    let k = |a: Action| app.keymap.key_label(a);
    let pairs = [
        (
            format!(
                "{} {} {} {}",
                k(Action::MoveLeft),
                k(Action::MoveDown),
                k(Action::MoveUp),
                k(Action::MoveRight)
            ),
            "move",
        ),
        ("1-9".to_string(), "digit"),
        (k(Action::TogglePencil), "pencil mode"),
        (k(Action::Hint), "hint (again: more)"),
        (k(Action::ApplyHint), "apply hint"),
        (format!("{} {}", k(Action::Undo), k(Action::Redo)), "undo / redo"),
        (k(Action::FillCandidates), "fill candidates"),
        (k(Action::NewGame), "new game"),
        (k(Action::Help), "all keys"),
        (k(Action::Quit), "quit"),
    ];
    let width = pairs.iter().map(|(keys, _)| keys.chars().count()).max().unwrap_or(0);
    pairs
        .into_iter()
        .map(|(keys, what)| {
            Line::from(vec![Span::styled(format!("{keys:<width$}  "), app.theme.title), Span::raw(what)])
        })
        .collect()
}
