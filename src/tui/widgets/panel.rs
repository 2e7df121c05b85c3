//! [`PanelWidget`]: the side panel: level, clock, counters, mode, the hint text, the marks of the
//! cursor cell (on the compact board) and a short key legend built from the keymap. The hint gets
//! the rows it needs, a page at a time ([`super::hint_text`]); the legend takes what is left.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use crate::engine::{Cell, Digit, DigitSet};
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::killer::cage_status;
use crate::tui::layout::{BoardSize, Screen};

use super::clock::clock;
use super::hint_text::{HintPage, HintTextWidget, page_of};
use super::wrap::wrap_text;

/// The side panel of `app`.
pub struct PanelWidget<'a> {
    /// The app shown.
    pub app: &'a App,
    /// The board size next to it (the compact board lists the cursor cell's marks here).
    pub size: BoardSize,
}

impl Widget for PanelWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let theme = &app.theme;
        let block = Block::new().borders(Borders::ALL).border_style(theme.border).title(" termdoku ");
        let inner = block.inner(area);
        block.render(area, buf);
        let short = area.height < 14;
        let top = self.top_lines(inner.width, short);
        let top_rows = height_of(&top, inner.width).min(inner.height);
        Paragraph::new(top).wrap(Wrap { trim: false }).render(Rect { height: top_rows, ..inner }, buf);
        let mut rest = Rect { y: inner.y + top_rows, height: inner.height - top_rows, ..inner };
        if let Some(hint) = hint_box(app, inner, top_rows, short) {
            if hint.titled {
                buf.set_stringn(rest.x, rest.y, "Hint", usize::from(rest.width), theme.title);
            }
            let text_area = Rect { y: rest.y + u16::from(hint.titled), height: hint.rows, ..rest };
            HintTextWidget { page: &hint.page, style: Style::new(), footer_style: theme.dim }
                .render(text_area, buf);
            let used = hint.rows + u16::from(hint.titled) + u16::from(!short);
            rest =
                Rect { y: rest.y + used.min(rest.height), height: rest.height.saturating_sub(used), ..rest };
        }
        let mut legend = legend(app, inner.width);
        if short {
            legend.truncate(1);
        } else if usize::from(rest.height) > legend.len() {
            legend.insert(0, Line::styled("Keys", theme.title));
        }
        for (y, line) in (rest.y..rest.bottom()).zip(legend) {
            buf.set_line(rest.x, y, &line, rest.width);
        }
    }
}

/// Where the hint's text goes in the panel and which page of it shows.
struct HintBox {
    /// A "Hint" title row above the text.
    titled: bool,
    /// Rows for the text (its last row is the page footer when the text does not fit).
    rows: u16,
    /// The page shown.
    page: HintPage,
}

/// The hint's box in a panel whose inside is `inner`, below `top_rows` of status: all the rows the
/// text needs, leaving a few for the key legend.
fn hint_box(app: &App, inner: Rect, top_rows: u16, short: bool) -> Option<HintBox> {
    let text = app.hint_text()?;
    let free = inner.height.saturating_sub(top_rows);
    let titled = !short && free > 4;
    // Two legend rows (the "help" key and one more) stay when there is room, and a blank line.
    let keep = if short { 1 } else { 3 };
    let room = free.saturating_sub(u16::from(titled)).saturating_sub(keep).max(free.min(1));
    let needed = u16::try_from(wrap_text(&text, usize::from(inner.width)).len()).unwrap_or(u16::MAX);
    let rows = needed.min(room);
    let keys = app.keymap.key_label(Action::HintPageDown);
    let page = page_of(&text, inner.width, rows, app.hint_page, &keys);
    Some(HintBox { titled, rows, page })
}

/// How many pages the hint text of `app` takes in the panel of a terminal of `area` (at least
/// one), so the app can stop paging at the last.
pub fn hint_pages(app: &App, area: Rect) -> usize {
    let Screen::Game { size, panel, .. } = Screen::plan(area) else { return 1 };
    let inner = Block::new().borders(Borders::ALL).inner(panel);
    let short = panel.height < 14;
    let widget = PanelWidget { app, size };
    let top_rows = height_of(&widget.top_lines(inner.width, short), inner.width).min(inner.height);
    hint_box(app, inner, top_rows, short).map_or(1, |hint| hint.page.pages)
}

impl PanelWidget<'_> {
    /// What the panel shows above the hint: the status, the outcome of a finished game, the last
    /// message, and (under a compact board) the mode and cursor cell.
    fn top_lines(&self, width: u16, short: bool) -> Vec<Line<'static>> {
        let (app, theme) = (self.app, &self.app.theme);
        let mut top = if short { self.short_status() } else { self.status(width) };
        if app.game.is_won() {
            let verb = if app.game.revealed { "Revealed after" } else { "Solved in" };
            top.push(Line::styled(format!("{verb} {}", clock(app.game.elapsed)), theme.title));
        }
        if let Some(message) = &app.message {
            top.extend(wrapped(message, width, theme.title));
        }
        if short {
            top.push(Line::from(vec![
                Span::styled(self.mode(), pencil_style(app)),
                Span::raw("  "),
                cursor_span(app),
            ]));
            top.extend(self.cage_line_short());
        }
        top
    }

    fn level(&self) -> String {
        self.app.game.level().map_or("custom".to_string(), |l| l.to_string())
    }

    fn mode(&self) -> &'static str {
        if self.app.pencil { "PENCIL (marks)" } else { "digits" }
    }

    /// The mode in at most `width - 7` columns (after its `Mode   ` label).
    fn mode_within(&self, width: u16) -> &'static str {
        match (self.app.pencil, width < 7 + 14) {
            (true, true) => "PENCIL",
            _ => self.mode(),
        }
    }

    /// Level, clock, counters and mode, one per line.
    fn status(&self, width: u16) -> Vec<Line<'static>> {
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
                Span::styled(self.mode_within(width), pencil_style(app)),
            ]),
            self.digits_left(width),
        ];
        lines.extend(self.cage_lines(width, 3));
        if self.size == BoardSize::Compact {
            lines.push(Line::from(vec![Span::styled("Cell   ", theme.dim), cursor_span(app)]));
        }
        lines.push(Line::raw(""));
        lines
    }

    /// The cursor's cage in one line, for the short panel: `cage 10 in 2, left 10: 19 28 37 46`
    /// (only the combinations that still fit).
    fn cage_line_short(&self) -> Option<Line<'static>> {
        let (app, theme) = (self.app, &self.app.theme);
        let cages = app.game.puzzle().cages()?;
        let grid = app.game.grid();
        let status = cage_status(cages, app.cursor, &grid, |cell| self.options(cell, &grid))?;
        let ways: Vec<String> = status.combinations.iter().filter(|c| c.1).map(|c| digits_of(c.0)).collect();
        Some(Line::from(vec![
            Span::styled("cage ", theme.dim),
            Span::styled(status.cage.sum().to_string(), theme.cage_sum),
            Span::styled(format!(" in {}, left {}: ", status.cage.size(), status.left), theme.dim),
            Span::raw(if ways.is_empty() { "none fits".to_string() } else { ways.join(" ") }),
        ]))
    }

    /// The digits an empty cell may hold for the cage panel: its marks, or what its peers leave.
    fn options(&self, cell: Cell, grid: &crate::engine::Grid) -> DigitSet {
        let marks = self.app.game.marks(cell);
        if marks.is_empty() {
            let seen: DigitSet = cell.peers().iter().filter_map(|p| grid.get(p)).collect();
            DigitSet::ALL - seen
        } else {
            marks
        }
    }

    /// The cursor's cage on a killer: its sum and size, the digits placed and what they leave to
    /// reach the sum, then up to `rows` rows of the combinations that can still make it (given the
    /// placed digits and the marks, or the peers' digits in an unmarked cell), those that cannot
    /// crossed out and dimmed after them.
    fn cage_lines(&self, width: u16, rows: usize) -> Vec<Line<'static>> {
        let (app, theme) = (self.app, &self.app.theme);
        let Some(cages) = app.game.puzzle().cages() else { return Vec::new() };
        let grid = app.game.grid();
        let options = |cell: Cell| self.options(cell, &grid);
        let Some(status) = cage_status(cages, app.cursor, &grid, options) else { return Vec::new() };
        let size = status.cage.size();
        let placed = if status.placed.is_empty() { "-".to_string() } else { digits_of(status.placed) };
        let left = if status.left < 0 {
            format!("over by {}", -status.left)
        } else {
            format!("left {}", status.left)
        };
        let mut lines = vec![
            Line::from(vec![
                Span::styled("Cage   ", theme.dim),
                Span::styled(status.cage.sum().to_string(), theme.cage_sum),
                Span::raw(format!(" in {size} cell{}", if size == 1 { "" } else { "s" })),
            ]),
            Line::from(vec![
                Span::styled("Placed ", theme.dim),
                Span::raw(placed),
                Span::styled(format!("  {left}"), theme.dim),
            ]),
        ];
        let possible: Vec<DigitSet> = status.combinations.iter().filter(|c| c.1).map(|c| c.0).collect();
        let impossible = status.combinations.iter().filter(|c| !c.1).map(|c| c.0);
        let struck = theme.dim.add_modifier(Modifier::CROSSED_OUT | Modifier::DIM);
        let combos = possible
            .iter()
            .map(|&c| (digits_of(c), Style::new()))
            .chain(impossible.map(|c| (digits_of(c), struck)));
        let mut row: Vec<Span<'static>> = vec![Span::styled("Ways   ", theme.dim)];
        let mut used = 7;
        let total = status.combinations.len();
        for (shown, (text, style)) in combos.enumerate() {
            let len = text.len() + 1;
            // Leave room for a "+N" at the end of the last row.
            let reserve = if lines.len() + 1 == 2 + rows && shown + 1 < total { 4 } else { 0 };
            if used + len + reserve > usize::from(width) && used > 7 {
                if lines.len() + 1 == 2 + rows {
                    row.push(Span::styled(format!("+{}", total - shown), theme.dim));
                    break;
                }
                lines.push(Line::from(std::mem::take(&mut row)));
                row.push(Span::raw("       "));
                used = 7;
            }
            row.push(Span::styled(text, style));
            row.push(Span::raw(" "));
            used += len;
        }
        if possible.is_empty() {
            row.push(Span::styled("none fits", theme.alert));
        }
        lines.push(Line::from(row));
        lines
    }

    /// The nine digits; those placed nine times are crossed out and dimmed.
    fn digits_left(&self, width: u16) -> Line<'static> {
        // Spaced out where the panel has room, side by side where it is narrow.
        let spaced = width >= 7 + 18;
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
            if spaced {
                spans.push(Span::raw(" "));
            }
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

/// The digits of `set` side by side (`189`).
fn digits_of(set: DigitSet) -> String {
    set.iter().map(|d| d.to_string()).collect()
}

/// `text` wrapped to `width` (chains broken between links), one styled line per row.
fn wrapped(text: &str, width: u16, style: Style) -> Vec<Line<'static>> {
    wrap_text(text, usize::from(width)).into_iter().map(|line| Line::styled(line, style)).collect()
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

/// A few key reminders, from the keymap, cut to `width`.
fn legend(app: &App, width: u16) -> Vec<Line<'static>> {
    let k = |a: Action| app.keymap.key_label(a);
    // Each reminder in full, and in a few letters for a narrow panel.
    let pairs = [
        (k(Action::Help), "all keys", "all keys"),
        (
            format!(
                "{} {} {} {}",
                k(Action::MoveLeft),
                k(Action::MoveDown),
                k(Action::MoveUp),
                k(Action::MoveRight)
            ),
            "move",
            "move",
        ),
        ("1-9".to_string(), "digit", "digit"),
        (k(Action::TogglePencil), "pencil mode", "pencil"),
        (k(Action::Hint), "hint (again: more)", "hint, more"),
        (k(Action::ApplyHint), "apply hint", "apply hint"),
        (format!("{} {}", k(Action::HintPageDown), k(Action::HintPageUp)), "page a long hint", "page hint"),
        (format!("{} {}", k(Action::Undo), k(Action::Redo)), "undo / redo", "undo/redo"),
        (k(Action::FillCandidates), "fill candidates", "candidates"),
        (k(Action::NewGame), "new game", "new game"),
        (k(Action::Quit), "quit", "quit"),
    ];
    let keys_width = pairs.iter().map(|(keys, _, _)| keys.chars().count()).max().unwrap_or(0);
    let narrow = usize::from(width) < keys_width + 2 + 16;
    let gap = if narrow { 1 } else { 2 };
    let what_width = usize::from(width).saturating_sub(keys_width + gap);
    pairs
        .into_iter()
        .map(|(keys, long, short)| {
            let what: String = (if narrow { short } else { long }).chars().take(what_width).collect();
            let keys = format!("{keys:<keys_width$}{}", " ".repeat(gap));
            Line::from(vec![Span::styled(keys, app.theme.title), Span::raw(what)])
        })
        .collect()
}
