//! The paste box: a puzzle typed or pasted (any text form the engine reads), played at once when it
//! is a proper puzzle, or refused with the reason. Esc goes back to the new-game dialog.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::engine::rate;
use crate::game::Game;
use crate::tui::action::{DialogAction, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::puzzles::puzzle_from_text;
use crate::tui::theme::Theme;
use crate::tui::widgets::popup::popup;
use crate::tui::widgets::wrap::wrap_text;

use super::new_game::PASTE_ITEM;
use super::{Command, Overlay, Reply};

/// What the paste box takes: every form `parse_puzzle` reads, as the README lists them.
const PROMPT: &str = "Paste or type a puzzle: 81 digits or 9 rows (0 or . for blanks), a killer line \
(givens, cages, sums), a Solo game id (3x3k:... or 3x3:...), export's JSON, or an f-puzzles or SudokuPad \
link:";

/// The most rows of pasted text the paste box shows (the end of it).
const PASTE_INPUT_ROWS: usize = 3;

/// The box, holding `input`, reads `key`: Enter plays the puzzle (rated, for its level) or says why
/// not, Backspace erases, a character is typed; any key clears the last refusal.
pub fn update(mut input: String, key: KeyPress) -> Reply {
    if key.means(DialogAction::Back) {
        return Reply::show(Overlay::NewGame { selected: PASTE_ITEM });
    }
    if key.means(DialogAction::Confirm) {
        return match puzzle_from_text(&input) {
            Ok(puzzle) => {
                let level = rate(&puzzle).level;
                let game = Game::new(puzzle, Some(level));
                Reply::with(Overlay::Paste { input, error: None }, Command::Play(Box::new(game)))
            }
            Err(error) => Reply::show(Overlay::Paste { input, error: Some(error) }),
        };
    }
    if key.means(DialogAction::EraseText) {
        input.pop();
    } else if let Some(c) = key.text {
        input.push(c);
    }
    Reply::show(Overlay::Paste { input, error: None })
}

/// Adds pasted `text` to `input`. Whitespace runs become one space: a killer line keeps its fields
/// apart, a classic grid pasted in rows still reads as 81 cells.
pub fn receive(input: &mut String, text: &str) {
    for c in text.chars() {
        if !c.is_whitespace() {
            input.push(c);
        } else if !input.is_empty() && !input.ends_with(' ') {
            input.push(' ');
        }
    }
}

/// The paste box.
pub struct PasteDialog<'a> {
    /// The text typed or pasted so far.
    pub input: &'a str,
    /// Why the last attempt was refused.
    pub error: Option<&'a str>,
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for PasteDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let width = area.width.min(86);
        let inner = usize::from(width.saturating_sub(2));
        let wrapped = |text: &str, style: Style| {
            wrap_text(text, inner)
                .into_iter()
                .map(move |piece| Line::styled(piece, style))
                .collect::<Vec<_>>()
        };
        let mut lines = wrapped(PROMPT, Style::default());
        // Only the end of a long input, so the error and the keys below it stay in view.
        let typed = wrapped(&format!("{}▏", self.input), theme.title);
        lines.extend(typed.into_iter().rev().take(PASTE_INPUT_ROWS).rev());
        if let Some(error) = self.error {
            lines.extend(wrapped(error, theme.alert));
        }
        let keys = format!(
            "{} play · {} back",
            self.keymap.dialog_label(DialogAction::Confirm),
            self.keymap.dialog_label(DialogAction::Back)
        );
        lines.extend(wrapped(&keys, theme.dim));
        popup(theme, area, buf, "Paste a puzzle", lines, width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The box's text at `width` columns, row by row.
    fn rendered(width: u16) -> String {
        let area = Rect::new(0, 0, width, 20);
        let mut buf = Buffer::empty(area);
        let (keymap, theme) = (Keymap::default(), Theme::default());
        PasteDialog { input: "", error: None, keymap: &keymap, theme: &theme }.render(area, &mut buf);
        (0..area.height)
            .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_prompt_names_every_form_the_box_takes() {
        let text = rendered(80);
        let words: String = text.split(['│', '\n']).collect::<Vec<_>>().join(" ");
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        for form in [
            "81 digits",
            "9 rows",
            "a killer line",
            "a Solo game id (3x3k:",
            "JSON",
            "f-puzzles or SudokuPad link",
        ] {
            assert!(words.contains(form), "{form} missing:\n{text}");
        }
    }
}
