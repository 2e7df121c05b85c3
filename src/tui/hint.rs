//! The hint ladder as data: [`Hint`] (what the panel's hint holds: a request in flight, a step shown
//! up to a rung, a mistake, nothing to say), its text in the player's own keys ([`hint_text`]), and
//! how a long text is cut into pages ([`page_of`]): wrapped with [`wrap_text`] (chains break between
//! links), a long explanation (a chain, a forcing net) is never cut, only paged. The app climbs the
//! ladder and pages; the panel draws the page. Nothing here draws or knows the app.

use crate::engine::Cell;
use crate::engine::logic::Step;

use super::action::Action;
use super::keymap::Keymap;
use super::widgets::wrap::wrap_text;

/// Why the first hint points at a cell instead of naming a technique.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mistake {
    /// The player's digit there is not the solution's.
    WrongDigit(Cell),
    /// The cell's marks leave out the digit it needs.
    MissingMark(Cell),
}

/// The hint ladder.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    /// No hint shown.
    None,
    /// Waiting for the worker's step (request `id`).
    Waiting {
        /// The request id.
        id: u64,
        /// Apply the step as soon as it arrives (the player pressed apply while waiting for a hint).
        apply: bool,
        /// The rung to show on arrival (hint pressed again while waiting climbs it).
        rung: u8,
    },
    /// A step, shown up to `rung` (1: technique and place, 2: pattern on the board, 3: result).
    Step {
        /// The step.
        step: Box<Step>,
        /// How much is shown.
        rung: u8,
    },
    /// The board holds a mistake, shown instead of a technique.
    Mistake(Mistake),
    /// The engine found nothing (the board is solved or broken).
    Nothing,
}

/// The text of the hint panel for `hint`, by rung, naming the keys of `keymap` (`Press n for more.`).
pub fn hint_text(hint: &Hint, keymap: &Keymap) -> Option<String> {
    let more = || keymap.key_label(Action::Hint);
    let apply = || keymap.key_label(Action::ApplyHint);
    match hint {
        Hint::None => None,
        Hint::Waiting { .. } => Some("Thinking…".into()),
        Hint::Nothing => Some("No hint: the board is complete".into()),
        Hint::Mistake(Mistake::WrongDigit(cell)) => {
            Some(format!("A digit is wrong: look at {cell}. Press {} to remove it.", apply()))
        }
        Hint::Mistake(Mistake::MissingMark(cell)) => Some(format!(
            "The marks of {cell} leave out the digit it needs. Press {} to restore it.",
            apply()
        )),
        Hint::Step { step, rung: 1 } => Some(format!("{}. Press {} for more.", step.summary(), more())),
        Hint::Step { step, rung: 2 } => {
            Some(format!("{}: look at the highlighted cells. Press {} for more.", step.summary(), more()))
        }
        Hint::Step { step, .. } => Some(format!("{}. Press {} to apply.", step.explanation, apply())),
    }
}

/// One page of a wrapped hint text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintPage {
    /// The text's lines shown on this page.
    pub lines: Vec<String>,
    /// The footer (`5-8/14 PgDn more`) when the text does not fit, else `None`.
    pub footer: Option<String>,
    /// How many pages the whole text takes.
    pub pages: usize,
}

/// Page `page` (clamped to the last) of `text` in a box of `width` x `rows`; `keys` names the
/// paging key for the footer (`PgDn more`, on the last page `PgDn first`).
pub fn page_of(text: &str, width: u16, rows: u16, page: usize, keys: &str) -> HintPage {
    let all = wrap_text(text, usize::from(width));
    let rows = usize::from(rows);
    if all.len() <= rows || rows == 0 {
        return HintPage { lines: all.into_iter().take(rows).collect(), footer: None, pages: 1 };
    }
    // A one-row box pages line by line with no room for a footer.
    let per_page = rows.saturating_sub(1).max(1);
    let pages = all.len().div_ceil(per_page);
    let page = page.min(pages - 1);
    let first = page * per_page;
    let last = (first + per_page).min(all.len());
    // The paging key past the last page goes back to the first.
    let more = if page + 1 < pages { "more" } else { "first" };
    let footer = (rows > 1).then(|| format!("{}-{}/{} {keys} {more}", first + 1, last, all.len()));
    HintPage { lines: all[first..last].to_vec(), footer, pages }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NET: &str = "Forcing Net: if r1c1 is 5, singles would give r1c2=3, r2c2=4, r3c3=9, r4c4=1, \
                       r5c5=2, r6c6=7, r7c7=8, r8c8=6, r9c9=5 and r9c1=4, and r9c2 has no candidate left";

    #[test]
    fn every_line_of_a_long_text_is_on_some_page() {
        let (width, rows) = (20, 5);
        let pages = page_of(NET, width, rows, 0, "PgDn").pages;
        assert!(pages > 1);
        let shown: Vec<String> =
            (0..pages).flat_map(|p| page_of(NET, width, rows, p, "PgDn").lines).collect();
        assert_eq!(shown, wrap_text(NET, 20));
        let text = shown.join(" ");
        assert!(text.contains("r9c1=4") && text.contains("no candidate left"));
        let last = page_of(NET, width, rows, 99, "PgDn");
        assert_eq!(last, page_of(NET, width, rows, pages - 1, "PgDn"), "pages past the end clamp");
    }

    #[test]
    fn a_text_that_fits_has_no_footer() {
        let page = page_of("Hidden Single in box 5", 30, 3, 0, "PgDn");
        assert_eq!(page.lines, ["Hidden Single in box 5"]);
        assert_eq!(page.footer, None);
        assert_eq!(page.pages, 1);
    }

    #[test]
    fn a_one_row_box_pages_line_by_line() {
        let lines = wrap_text(NET, 20);
        let first = page_of(NET, 20, 1, 0, "PgDn");
        assert_eq!((first.pages, first.footer), (lines.len(), None));
        let last = page_of(NET, 20, 1, lines.len() - 1, "PgDn");
        assert_eq!(last.lines, [lines[lines.len() - 1].clone()]);
    }

    #[test]
    fn the_footer_counts_lines() {
        let page = page_of(NET, 20, 5, 0, "PgDn");
        assert_eq!(page.lines.len(), 4);
        assert!(page.footer.as_deref().is_some_and(|f| f.starts_with("1-4/")), "{page:?}");
    }
}
