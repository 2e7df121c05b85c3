//! [`PanelWidget`]: the side panel: level, clock, counters, mode, the hint text, the marks of the
//! cursor cell (on the compact board) and a short key legend built from the keymap.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use crate::engine::{Cell, Digit};
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
        let block = Block::new().borders(Borders::ALL).border_style(theme.border).title(" termdoku ");
        let inner = block.inner(area);
        let short = area.height < 14;
        let mut lines = if short { self.short_status() } else { self.status() };
        let mut news = Vec::new();
        if app.game.is_won() {
            let verb = if app.game.revealed { "Revealed after" } else { "Solved in" };
            news.push(Line::styled(format!("{verb} {}", clock(app.game.elapsed)), theme.title));
        }
        if let Some(text) = app.hint_text() {
            if !short {
                news.push(Line::styled("Hint", theme.title));
            }
            news.push(Line::raw(text));
        }
        if let Some(message) = &app.message {
            news.push(Line::styled(message.clone(), theme.title));
        }
        if !short && !news.is_empty() {
            news.push(Line::raw(""));
        }
        lines.extend(news);
        if short {
            let cursor = Line::from(vec![
                Span::styled(self.mode(), pencil_style(app)),
                Span::raw("  "),
                cursor_span(app),
            ]);
            push_if_room(&mut lines, cursor, inner);
        }
        let mut legend = legend(app);
        if !short && height_of(&lines, inner.width) + 2 <= inner.height {
            lines.push(Line::styled("Keys", theme.title));
        }
        if short {
            legend.truncate(1);
        }
        for line in legend {
            push_if_room(&mut lines, line, inner);
        }
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(block).render(area, buf);
    }
}

impl PanelWidget<'_> {
    fn level(&self) -> String {
        self.app.game.level().map_or("custom".to_string(), |l| l.to_string())
    }

    fn mode(&self) -> &'static str {
        if self.app.pencil { "PENCIL (marks)" } else { "digits" }
    }

    /// Level, clock, counters and mode, one per line.
    fn status(&self) -> Vec<Line<'static>> {
        let (app, theme, game) = (self.app, &self.app.theme, &self.app.game);
        let mut lines = vec![
            Line::from(vec![Span::styled("Level  ", theme.dim), Span::raw(self.level())]),
            Line::from(vec![Span::styled("Time   ", theme.dim), Span::raw(clock(game.elapsed))]),
            Line::from(vec![
                Span::styled("Mistakes ", theme.dim),
                Span::raw(game.mistakes.to_string()),
                Span::styled("  Hints ", theme.dim),
                Span::raw(game.hints_used.to_string()),
            ]),
            Line::from(vec![
                Span::styled("Mode   ", theme.dim),
                Span::styled(self.mode(), pencil_style(app)),
            ]),
            self.digits_left(),
        ];
        if self.size == BoardSize::Compact {
            lines.push(Line::from(vec![Span::styled("Cell   ", theme.dim), cursor_span(app)]));
        }
        lines.push(Line::raw(""));
        lines
    }

    /// The nine digits; those placed nine times are crossed out and dimmed.
    fn digits_left(&self) -> Line<'static> {
        let theme = &self.app.theme;
        let grid = self.app.game.grid();
        let mut spans = vec![Span::styled("Digits ", theme.dim)];
        for digit in Digit::ALL {
            let placed = Cell::ALL.into_iter().filter(|&c| grid.get(c) == Some(digit)).count();
            let style = if placed >= 9 {
                theme.dim.add_modifier(Modifier::CROSSED_OUT | Modifier::DIM)
            } else {
                Style::new()
            };
            spans.push(Span::styled(digit.to_string(), style));
            spans.push(Span::raw(" "));
        }
        Line::from(spans)
    }

    /// Level, clock and counters on one line, for a panel under a compact board.
    fn short_status(&self) -> Vec<Line<'static>> {
        let (theme, game) = (&self.app.theme, &self.app.game);
        vec![Line::from(vec![
            Span::raw(self.level()),
            Span::raw("  "),
            Span::raw(clock(game.elapsed)),
            Span::styled("  mistakes ", theme.dim),
            Span::raw(game.mistakes.to_string()),
            Span::styled("  hints ", theme.dim),
            Span::raw(game.hints_used.to_string()),
        ])]
    }
}

/// Rows `lines` take when wrapped to `width`.
fn height_of(lines: &[Line<'_>], width: u16) -> u16 {
    let width = usize::from(width.max(1));
    let rows: usize = lines.iter().map(|line| line.width().div_ceil(width).max(1)).sum();
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// Adds `line` when it still fits in `inner`.
fn push_if_room(lines: &mut Vec<Line<'static>>, line: Line<'static>, inner: Rect) {
    if height_of(lines, inner.width) + height_of(std::slice::from_ref(&line), inner.width) <= inner.height {
        lines.push(line);
    }
}

fn pencil_style(app: &App) -> Style {
    if app.pencil { app.theme.title.add_modifier(Modifier::REVERSED) } else { app.theme.dim }
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
        (k(Action::Help), "all keys"),
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
