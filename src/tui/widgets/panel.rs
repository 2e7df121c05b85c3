//! [`PanelWidget`]: the side panel drawn from its plan ([`crate::tui::panel_plan`]): the lines above
//! the hint, the hint's page in its box, and a short key legend built from the keymap in the rows
//! left.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use crate::engine::Variant;
use crate::tui::action::Action;
use crate::tui::keymap::Keymap;
use crate::tui::panel_plan::PanelFacts;
use crate::tui::theme::Theme;

use super::hint_text::HintTextWidget;

/// The side panel.
pub struct PanelWidget<'a> {
    /// What it shows.
    pub facts: PanelFacts<'a>,
}

impl Widget for PanelWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (keymap, theme) = (self.facts.keymap, self.facts.theme);
        let variant = self.facts.game.puzzle().variant();
        let block =
            Block::new().borders(Borders::ALL).border_style(theme.border).title(title(variant, area.width));
        let plan = self.facts.plan(area);
        block.render(area, buf);
        let (inner, short, top_rows) = (plan.inner, plan.short, plan.top_rows);
        Paragraph::new(plan.top).wrap(Wrap { trim: false }).render(Rect { height: top_rows, ..inner }, buf);
        let mut rest = Rect { y: inner.y + top_rows, height: inner.height - top_rows, ..inner };
        if let Some(hint) = plan.hint {
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
        let mut legend = legend(keymap, theme, inner.width);
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

/// The panel's title: ` termdoku `, followed by the variant beyond classic (` termdoku · Sudoku X `)
/// where the border has room for it, else the variant alone, so a player always sees which rules hold.
fn title(variant: Variant, width: u16) -> String {
    if variant == Variant::Classic {
        return " termdoku ".to_string();
    }
    let full = format!(" termdoku · {} ", variant.title());
    // The border keeps a corner at each end.
    if full.chars().count() + 2 <= usize::from(width) { full } else { format!(" {} ", variant.title()) }
}

/// A few key reminders, from `keymap`, cut to `width`.
fn legend(keymap: &Keymap, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    let k = |a: Action| keymap.key_label(a);
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
        (keymap.digits_label(), "digit", "digit"),
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
            Line::from(vec![Span::styled(keys, theme.title), Span::raw(what)])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_names_every_variant_beyond_classic_and_fits_the_border() {
        assert_eq!(title(Variant::Classic, 22), " termdoku ");
        assert_eq!(title(Variant::X, 40), " termdoku · Sudoku X ");
        assert_eq!(title(Variant::KillerJigsaw, 22), " Jigsaw Killer ");
        for variant in Variant::ALL {
            assert!(title(variant, 22).chars().count() + 2 <= 22, "{variant}");
        }
    }
}
