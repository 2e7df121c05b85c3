//! The help dialog: the keymap's table (and on a killer, how to read the cages), in two columns when
//! the screen is wide enough and too short for one; when even that does not fit, one key a line,
//! scrolled by the arrows. Any other key closes it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::engine::Variant;
use crate::tui::action::{Action, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::popup::popup;

use super::{Overlay, Reply};

/// The rows of the help screen: the keymap's, on a Sudoku X or a jigsaw how to read its houses, and
/// on a killer how to read the cages, the panel and the checks (the keys named in them are the
/// player's).
pub fn rows(keymap: &Keymap, variant: Variant) -> Vec<(String, String)> {
    let killer = variant.has_cages();
    let mut rows: Vec<(String, String)> =
        keymap.help_rows().into_iter().map(|(keys, what)| (keys, what.to_string())).collect();
    rows.extend(notes_rows(keymap, killer));
    rows.extend(house_rows(keymap, variant));
    if killer {
        let k = |action| keymap.key_label(action);
        rows.extend([
            ("┆ ┄ ┇ ┅".to_string(), "dashed: a cage wall (heavy on boxes)".to_string()),
            ("¹⁷".to_string(), "cage sum, in the cage's first cell".to_string()),
            ("Cage".to_string(), "panel: sum, cells, placed, left".to_string()),
            ("Ways".to_string(), "combinations still possible".to_string()),
            ("!".to_string(), "cage repeats or misses its sum".to_string()),
            (
                format!("{} {}{}", k(Action::NewGame), k(Action::MoveLeft), k(Action::MoveRight)),
                format!("new killer; {} fills cage candidates", k(Action::FillCandidates)),
            ),
        ]);
    }
    rows
}

/// How a Sudoku X's diagonals and a jigsaw's regions read on the board, and how to pick them.
fn house_rows(keymap: &Keymap, variant: Variant) -> Vec<(String, String)> {
    let k = |action| keymap.key_label(action);
    let mut rows = Vec::new();
    if variant.has_diagonals() {
        rows.push(("╲ ╱ ╳".to_string(), "diagonal cell: 1-9 once on each diagonal".to_string()));
    }
    if variant.is_jigsaw() {
        rows.push(("┃ ━ ┣┫".to_string(), "heavy: a region wall (1-9 once each)".to_string()));
    }
    if !rows.is_empty() {
        let keys = format!("{} {}{}", k(Action::NewGame), k(Action::MoveLeft), k(Action::MoveRight));
        rows.push((keys, "new game: the variant".to_string()));
    }
    rows
}

/// What the player's notes look like on the board: corner marks, colour letters, struck combinations.
fn notes_rows(keymap: &Keymap, killer: bool) -> Vec<(String, String)> {
    let k = |action| keymap.key_label(action);
    let mut rows = vec![
        (
            "R O Y G B P".to_string(),
            format!("cell colours ({}), also without colour", k(Action::CycleColour)),
        ),
        (
            "corner marks".to_string(),
            format!("in the cell's free corners ({} switches)", k(Action::ToggleMarkKind)),
        ),
    ];
    if killer {
        rows.push((
            "~28".to_string(),
            format!("combination you struck ({} then its number)", k(Action::StrikeCombination)),
        ));
    }
    rows
}

/// The help reads `key`: the arrows scroll its `rows` lines, any other key closes it.
pub fn update(key: KeyPress, scroll: &mut usize, rows: usize) -> Reply {
    match key.action {
        Some(Action::MoveDown) => *scroll = (*scroll + 1).min(rows),
        Some(Action::MoveUp) => *scroll = scroll.saturating_sub(1),
        _ => return Reply::show(Overlay::None),
    }
    Reply::show(Overlay::Help)
}

/// The help screen.
pub struct HelpDialog<'a> {
    /// Its rows (keys, what they do).
    pub rows: &'a [(String, String)],
    /// How many rows it is scrolled down.
    pub scroll: usize,
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for HelpDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (rows, theme) = (self.rows, self.theme);
        let key_width = rows.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
        let what_width = rows.iter().map(|(_, w)| w.chars().count()).max().unwrap_or(0);
        let column = key_width + 2 + what_width;
        let line = |(keys, what): &(String, String), width: usize| {
            let keys_width = key_width.min(width / 2);
            let keys: String = keys.chars().take(keys_width).collect();
            let what: String = what.chars().take(width.saturating_sub(keys_width + 2)).collect();
            Line::from(vec![
                Span::styled(format!("{keys:>keys_width$}  "), theme.title),
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
                    spans.extend(
                        rows.get(i + half).map(|right| line(right, column).spans).unwrap_or_default(),
                    );
                    Line::from(spans)
                })
                .collect();
            lines.push(Line::styled("any key closes", theme.dim));
            popup(theme, area, buf, "Keys", lines, (2 * column + 4) as u16);
            return;
        }
        let width = area.width.min(column as u16 + 2);
        let inner = usize::from(width.saturating_sub(2));
        let shown = room.max(1).min(rows.len());
        let first = self.scroll.min(rows.len() - shown);
        let mut lines: Vec<Line> = rows[first..first + shown].iter().map(|row| line(row, inner)).collect();
        let footer = scroll_footer(self.keymap, shown < rows.len());
        lines.push(Line::styled(footer.chars().take(inner).collect::<String>(), theme.dim));
        popup(theme, area, buf, "Keys", lines, width);
    }
}

/// The footer of a text that may not fit: how to scroll it when it does not (`↑↓ more · other keys
/// close`), else that any key closes it.
pub fn scroll_footer(keymap: &Keymap, scrolls: bool) -> String {
    if scrolls {
        let (up, down) = (keymap.key_label(Action::MoveUp), keymap.key_label(Action::MoveDown));
        format!("{up}{down} more · other keys close")
    } else {
        "any key closes".to_string()
    }
}
