//! The side panel as data: what it says above the hint (level, clock, counters, mode, the outcome of
//! a finished game, the last message, the cursor's cage), where the hint's box goes and which page of
//! the hint shows in it. It is planned from plain facts ([`PanelFacts`]), never from the app: the
//! panel widget draws the plan, and `App::update` asks it how many pages a long hint takes, so paging
//! stops at the last. Nothing here draws into a buffer.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders};

use crate::engine::{Cell, Digit, DigitSet};

use super::action::Action;
use super::hint::{Hint, HintPage, hint_text, page_of};
use super::keymap::Keymap;
use super::killer::cage_status;
use super::layout::BoardSize;
use super::selection::{HelperView, Helpers};
use super::strike::way_text;
use super::theme::Theme;
use super::widgets::clock::clock;
use super::widgets::wrap::wrap_text;
use crate::game::{Game, MarkKind};

/// What the panel shows, as plain data.
#[derive(Clone, Copy)]
pub struct PanelFacts<'a> {
    /// The game being played.
    pub game: &'a Game,
    /// The selected cell.
    pub cursor: Cell,
    /// Whether digits go in as pencil marks.
    pub pencil: bool,
    /// Which kind of pencil mark a digit enters.
    pub mark_kind: MarkKind,
    /// Whether the next key names a combination to strike (the combinations show their numbers).
    pub striking: bool,
    /// The last message for the player.
    pub message: Option<&'a str>,
    /// The hint ladder.
    pub hint: &'a Hint,
    /// The page of a long hint asked for.
    pub hint_page: usize,
    /// The killer helpers (selection, sum prompt, rule-of-45 view), shown instead of the cage.
    pub helpers: &'a Helpers,
    /// The keys (the hint's text and its page footer name them).
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
    /// The board size next to the panel (the compact board lists the cursor cell's marks here).
    pub size: BoardSize,
}

/// The panel planned for its area: the lines above the hint, and the hint's box below them; the key
/// legend takes the rows left.
pub struct PanelPlan {
    /// The panel's inside, within its border.
    pub inner: Rect,
    /// A short panel (under a compact board): status on one line, one legend line.
    pub short: bool,
    /// The lines above the hint.
    pub top: Vec<Line<'static>>,
    /// The rows they take, wrapped.
    pub top_rows: u16,
    /// The hint's box, when there is a hint.
    pub hint: Option<HintBox>,
}

/// Where the hint's text goes in the panel and which page of it shows.
pub struct HintBox {
    /// A "Hint" title row above the text.
    pub titled: bool,
    /// Rows for the text (its last row is the page footer when the text does not fit).
    pub rows: u16,
    /// The page shown.
    pub page: HintPage,
}

impl PanelFacts<'_> {
    /// The plan of a panel drawn in `panel` (its border included).
    pub fn plan(&self, panel: Rect) -> PanelPlan {
        let inner = Block::new().borders(Borders::ALL).inner(panel);
        let short = panel.height < 14;
        let top = self.top_lines(inner.width, short);
        let top_rows = height_of(&top, inner.width).min(inner.height);
        let hint = self.hint_box(inner, top_rows, short);
        PanelPlan { inner, short, top, top_rows, hint }
    }

    /// How many pages the hint takes in a panel drawn in `panel` (at least one).
    pub fn hint_pages(&self, panel: Rect) -> usize {
        self.plan(panel).hint.map_or(1, |hint| hint.page.pages)
    }

    /// The hint's box in a panel whose inside is `inner`, below `top_rows` of status: all the rows
    /// the text needs, leaving a few for the key legend.
    fn hint_box(&self, inner: Rect, top_rows: u16, short: bool) -> Option<HintBox> {
        let text = hint_text(self.hint, self.keymap)?;
        let free = inner.height.saturating_sub(top_rows);
        let titled = !short && free > 4;
        // Two legend rows (the "help" key and one more) stay when there is room, and a blank line.
        let keep = if short { 1 } else { 3 };
        let room = free.saturating_sub(u16::from(titled)).saturating_sub(keep).max(free.min(1));
        let needed = u16::try_from(wrap_text(&text, usize::from(inner.width)).len()).unwrap_or(u16::MAX);
        let rows = needed.min(room);
        let keys = self.keymap.key_label(Action::HintPageDown);
        let page = page_of(&text, inner.width, rows, self.hint_page, &keys);
        Some(HintBox { titled, rows, page })
    }
}

impl PanelFacts<'_> {
    /// What the panel shows above the hint: the status, the outcome of a finished game, the last
    /// message, and (under a compact board) the mode and cursor cell.
    fn top_lines(&self, width: u16, short: bool) -> Vec<Line<'static>> {
        let theme = self.theme;
        let mut top = if short { self.short_status() } else { self.status(width) };
        if self.game.is_won() {
            let verb = if self.game.revealed { "Revealed after" } else { "Solved in" };
            top.push(Line::styled(format!("{verb} {}", clock(self.game.elapsed)), theme.title));
        }
        if let Some(message) = self.message {
            top.extend(wrapped(message, width, theme.title));
        }
        if short {
            top.push(Line::from(vec![
                Span::styled(self.mode(), self.pencil_style()),
                Span::raw("  "),
                self.cursor_span(),
            ]));
            if self.helpers.showing() {
                top.extend(self.helper_lines(width));
            } else {
                top.extend(self.cage_line_short());
            }
        }
        top
    }

    fn level(&self) -> String {
        self.game.level().map_or("custom".to_string(), |l| l.to_string())
    }

    fn mode(&self) -> &'static str {
        match (self.pencil, self.mark_kind) {
            (true, MarkKind::Centre) => "PENCIL (marks)",
            (true, MarkKind::Corner) => "PENCIL corner",
            (false, MarkKind::Centre) => "digits",
            (false, MarkKind::Corner) => "digits (corner)",
        }
    }

    /// The mode in at most `width - 7` columns (after its `Mode   ` label).
    fn mode_within(&self, width: u16) -> &'static str {
        match (self.pencil, self.mark_kind, width < 7 + 15) {
            (true, MarkKind::Centre, true) => "PENCIL",
            (true, MarkKind::Corner, true) => "CORNER",
            _ => self.mode(),
        }
    }

    /// Level, clock, counters and mode, one per line.
    fn status(&self, width: u16) -> Vec<Line<'static>> {
        let (theme, game) = (self.theme, self.game);
        let mut lines = vec![
            Line::from(vec![Span::styled("Level  ", theme.dim), Span::raw(self.level())]),
            Line::from(vec![Span::styled("Time   ", theme.dim), Span::raw(clock(game.elapsed))]),
        ];
        lines.extend(self.counters(width));
        lines.extend([
            Line::from(vec![
                Span::styled("Mode   ", theme.dim),
                Span::styled(self.mode_within(width), self.pencil_style()),
            ]),
            self.digits_left(width),
        ]);
        if self.helpers.showing() {
            lines.extend(self.helper_lines(width));
        } else {
            lines.extend(self.cage_lines(width, self.way_rows()));
        }
        if self.size == BoardSize::Compact {
            lines.push(Line::from(vec![Span::styled("Cell   ", theme.dim), self.cursor_span()]));
        }
        lines.extend(self.corner_line());
        lines.push(Line::raw(""));
        lines
    }

    /// The helpers' lines (see [`Helpers::lines`]).
    fn helper_lines(&self, width: u16) -> Vec<Line<'static>> {
        let grid = self.game.grid();
        let view = HelperView {
            grid: &grid,
            cages: self.game.puzzle().cages(),
            layout: self.game.puzzle().layout(),
            cursor: self.cursor,
            theme: self.theme,
        };
        self.helpers.lines(view, width)
    }

    /// The mistakes and hints counted, on one line when they fit in `width` (closer together if need
    /// be), else on two: a line the panel wrapped would split a number from its label.
    fn counters(&self, width: u16) -> Vec<Line<'static>> {
        let (theme, game) = (self.theme, self.game);
        let (mistakes, hints) = (game.mistakes.to_string(), game.hints_used.to_string());
        let width = usize::from(width);
        for gap in ["  ", " "] {
            let hints_label = format!("{gap}Hints ");
            if "Mistakes ".len() + mistakes.len() + hints_label.len() + hints.len() <= width {
                return vec![Line::from(vec![
                    Span::styled("Mistakes ", theme.dim),
                    Span::raw(mistakes),
                    Span::styled(hints_label, theme.dim),
                    Span::raw(hints),
                ])];
            }
        }
        vec![
            Line::from(vec![Span::styled("Mistakes ", theme.dim), Span::raw(mistakes)]),
            Line::from(vec![Span::styled("Hints    ", theme.dim), Span::raw(hints)]),
        ]
    }

    /// The cursor's cage in one line, for the short panel: `cage 10 in 2, left 10: 19 28 37 46`
    /// (only the combinations that still fit).
    fn cage_line_short(&self) -> Option<Line<'static>> {
        let theme = self.theme;
        let cages = self.game.puzzle().cages()?;
        let grid = self.game.grid();
        let status = cage_status(cages, self.cursor, &grid, |cell| self.options(cell, &grid))?;
        let ways: Vec<String> = status.combinations.iter().filter(|c| c.1).map(|c| digits_of(c.0)).collect();
        let mut spans = vec![
            Span::styled("cage ", theme.dim),
            Span::styled(status.cage.sum().to_string(), theme.cage_sum),
            Span::styled(format!(" in {}, left {}", status.cage.size(), status.left), theme.dim),
        ];
        if !status.repeated.is_empty() {
            spans.push(Span::styled(format!(", {} twice", spaced(status.repeated)), theme.alert));
        }
        spans.push(Span::styled(": ", theme.dim));
        spans.push(Span::raw(if ways.is_empty() { "none fits".to_string() } else { ways.join(" ") }));
        Some(Line::from(spans))
    }

    /// The digits an empty cell may hold for the cage panel: its marks, or what its peers leave.
    fn options(&self, cell: Cell, grid: &crate::engine::Grid) -> DigitSet {
        let marks = self.game.marks(cell);
        if marks.is_empty() {
            let seen: DigitSet =
                self.game.puzzle().layout().peers(cell).iter().filter_map(|p| grid.get(p)).collect();
            DigitSet::ALL - seen
        } else {
            marks
        }
    }

    /// The cursor's cage on a killer: its sum and size, the digits placed (apart: `1 4`) and what
    /// they leave to reach the sum (each digit counted once: a repeated one is shown in the alert
    /// style and named on a line of its own, `Repeat 5 counts once`), then up to `rows` rows of the
    /// combinations that can still make it (given the placed digits and the marks, or the peers'
    /// digits in an unmarked cell), those that cannot crossed out and dimmed after them; when none
    /// can, `none fits` comes first, so that it is never split across rows.
    fn cage_lines(&self, width: u16, rows: usize) -> Vec<Line<'static>> {
        let theme = self.theme;
        let Some(cages) = self.game.puzzle().cages() else { return Vec::new() };
        let grid = self.game.grid();
        let options = |cell: Cell| self.options(cell, &grid);
        let Some(status) = cage_status(cages, self.cursor, &grid, options) else { return Vec::new() };
        let size = status.cage.size();
        let mut placed: Vec<Span<'static>> = vec![Span::styled("Placed ", theme.dim)];
        for (i, digit) in status.each.iter().enumerate() {
            let style = if status.repeated.contains(*digit) { theme.alert } else { Style::new() };
            placed.push(Span::raw(if i == 0 { "" } else { " " }));
            placed.push(Span::styled(digit.to_string(), style));
        }
        if status.each.is_empty() {
            placed.push(Span::raw("-"));
        }
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
            Line::from([placed, vec![Span::styled(format!("  {left}"), theme.dim)]].concat()),
        ];
        if !status.repeated.is_empty() {
            let repeat = format!("Repeat {} counts once", spaced(status.repeated));
            lines.push(Line::styled(repeat, theme.alert));
        }
        let possible: Vec<DigitSet> = status.combinations.iter().filter(|c| c.1).map(|c| c.0).collect();
        let impossible = status.combinations.iter().filter(|c| !c.1).map(|c| c.0);
        let struck = theme.dim.add_modifier(Modifier::CROSSED_OUT | Modifier::DIM);
        let none = possible.is_empty().then(|| ("none fits".to_string(), theme.alert));
        let combos = (none.iter().cloned())
            .chain(possible.iter().map(|&c| self.way(c, Style::new())))
            .chain(impossible.map(|c| self.way(c, struck)));
        let heading = lines.len();
        let mut row: Vec<Span<'static>> = vec![Span::styled("Ways   ", theme.dim)];
        let mut used = 7;
        let total = status.combinations.len() + usize::from(none.is_some());
        for (shown, (text, style)) in combos.enumerate() {
            let len = text.len() + 1;
            // Leave room for a "+N" at the end of the last row.
            let reserve = if lines.len() + 1 == heading + rows && shown + 1 < total { 4 } else { 0 };
            if used + len + reserve > usize::from(width) && used > 7 {
                if lines.len() + 1 == heading + rows {
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
        lines.push(Line::from(row));
        lines
    }

    /// The rows the cage's combinations may take: three, and every row they need while the player
    /// picks one to strike (each must show its label; a cage has at most 12 combinations, and the
    /// key legend below gives way).
    fn way_rows(&self) -> usize {
        if self.striking { 12 } else { 3 }
    }

    /// A combination of the cursor's cage in `style`: crossed out and dimmed, with a `~`, when the
    /// player struck it; with its label while they pick one to strike.
    fn way(&self, combo: DigitSet, style: Style) -> (String, Style) {
        let (text, struck) = way_text(self.game, self.cursor, combo, self.striking);
        let style =
            if struck { self.theme.dim.add_modifier(Modifier::CROSSED_OUT | Modifier::DIM) } else { style };
        (text, style)
    }

    /// `Corner 2 8`: the cursor cell's corner marks, where the board has no room for them (the two
    /// smallest sizes).
    fn corner_line(&self) -> Option<Line<'static>> {
        let corners = self.game.corner_marks(self.cursor);
        let small = matches!(self.size, BoardSize::TwoRow | BoardSize::Compact);
        (small && !corners.is_empty())
            .then(|| Line::from(vec![Span::styled("Corner ", self.theme.dim), Span::raw(spaced(corners))]))
    }

    /// The nine digits; those placed nine times are crossed out and dimmed.
    fn digits_left(&self, width: u16) -> Line<'static> {
        // Spaced out where the panel has room, side by side where it is narrow.
        let spaced = width >= 7 + 18;
        let theme = self.theme;
        let grid = self.game.grid();
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
        let (theme, game) = (self.theme, self.game);
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

    fn pencil_style(&self) -> Style {
        if self.pencil { self.theme.title.add_modifier(Modifier::REVERSED) } else { self.theme.dim }
    }

    /// `r4c7 marks 1 5 9` for the compact board.
    fn cursor_span(&self) -> Span<'static> {
        let cell = self.cursor;
        let marks = self.game.marks(cell);
        let text = if self.game.digit(cell).is_some() {
            String::new()
        } else if marks.is_empty() {
            "no marks".to_string()
        } else {
            format!("marks {}", marks.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" "))
        };
        Span::raw(format!("{cell} {text}"))
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

/// The digits of `set` apart (`1 4`), as the panel lists placed digits.
fn spaced(set: DigitSet) -> String {
    set.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ")
}

/// `text` wrapped to `width` (chains broken between links), one styled line per row.
fn wrapped(text: &str, width: u16, style: Style) -> Vec<Line<'static>> {
    wrap_text(text, usize::from(width)).into_iter().map(|line| Line::styled(line, style)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Puzzle;
    use crate::engine::fixtures::SOLO_FIRST_KILLER as KILLER;
    use crate::engine::text::parse_puzzle;

    /// The killer with `entries` (row, column, digit; 1-based) entered.
    fn game(entries: &[(usize, usize, u8)]) -> Game {
        let read = parse_puzzle(KILLER).expect("a killer line");
        let puzzle = Puzzle::new_killer(read.givens, read.cages.expect("cages")).expect("unique");
        let mut game = Game::new(puzzle, None);
        for &(row, col, digit) in entries {
            game.enter(Cell::at(row - 1, col - 1), Digit::new(digit).expect("digit"));
        }
        game
    }

    /// The cage lines for the cursor at `cursor` (1-based), as text, in a panel `width` wide.
    fn cage_text(game: &Game, cursor: (usize, usize), width: u16, short: bool) -> Vec<String> {
        let (keymap, theme, hint) = (Keymap::default(), Theme::default(), Hint::None);
        let helpers = Helpers::default();
        let facts = PanelFacts {
            game,
            cursor: Cell::at(cursor.0 - 1, cursor.1 - 1),
            pencil: false,
            mark_kind: MarkKind::Centre,
            striking: false,
            message: None,
            hint: &hint,
            hint_page: 0,
            helpers: &helpers,
            keymap: &keymap,
            theme: &theme,
            size: BoardSize::Full,
        };
        let lines =
            if short { facts.cage_line_short().into_iter().collect() } else { facts.cage_lines(width, 3) };
        lines.iter().map(|line| line.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
    }

    #[test]
    fn placed_digits_stand_apart() {
        // Cage 12 at r1c5-r2c5-r3c5: a 1 and a 4 leave 7.
        let game = game(&[(1, 5, 4), (2, 5, 1)]);
        let lines = cage_text(&game, (3, 5), 30, false);
        assert_eq!(lines[..2], ["Cage   12 in 3 cells", "Placed 1 4  left 7"], "{lines:?}");
        // Cage 17 at r1c8-r2c8: a 9 and an 8 fill it.
        let over = self::game(&[(1, 8, 9), (2, 8, 8)]);
        assert_eq!(cage_text(&over, (1, 8), 30, false)[1], "Placed 8 9  left 0");
    }

    #[test]
    fn none_fits_is_never_split_across_rows() {
        // A 5 in the two-cell cage of 5 at r3c1-r4c1: at 20 columns "none fits" leads its row.
        let game = game(&[(3, 1, 5)]);
        let lines = cage_text(&game, (3, 1), 20, false);
        assert_eq!(lines[1..], ["Placed 5  left 0", "Ways   none fits 14 ", "       23 "], "{lines:?}");
    }

    #[test]
    fn a_repeated_digit_is_counted_once_and_named() {
        // Two 5s in cage 12: left counts the 5 once (7, not 2), and the repeat is named.
        let game = game(&[(1, 5, 5), (2, 5, 5)]);
        let lines = cage_text(&game, (3, 5), 30, false);
        assert_eq!(lines[1..3], ["Placed 5 5  left 7", "Repeat 5 counts once"], "{lines:?}");
        assert!(lines[3].starts_with("Ways   none fits "), "{lines:?}");
        let short = cage_text(&game, (3, 5), 60, true);
        assert_eq!(short, ["cage 12 in 3, left 7, 5 twice: none fits"]);
    }
}
