//! The view: a pure function from `&App` to a frame. It picks the layout for the frame's size, builds
//! the board's highlights from the app state, and draws board (or the pause notice), panel and the
//! dialog showing, each widget given the data it draws.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::engine::logic::Step;
use crate::engine::{CellSet, Layout};

use super::action::Action;
use super::app::App;
use super::dialogs::paused::PausedNotice;
use super::dialogs::{Overlay, Surroundings};
use super::killer::stuck_cells;
use super::layout::{BoardSize, Screen};
use super::widgets::board::{BoardWidget, Highlights};
use super::widgets::panel::PanelWidget;
use super::widgets::too_small::TooSmall;

/// Draws `app` into `frame`.
pub fn draw(app: &App, frame: &mut Frame<'_>) {
    let area = frame.area();
    render(app, area, frame.buffer_mut());
}

/// Draws `app` into `area` of `buf` (used by [`draw`], tests and benchmarks).
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    match Screen::plan(area) {
        Screen::TooSmall => {
            TooSmall { quit_key: &app.keymap.key_label(Action::Quit), theme: &app.theme }.render(area, buf)
        }
        Screen::Game { size, board, panel } => {
            if app.overlay == Overlay::Paused {
                PausedNotice { keymap: &app.keymap, theme: &app.theme }.render(board, buf);
            } else {
                let highlights = highlights(app);
                BoardWidget {
                    game: &app.game,
                    cursor: app.cursor,
                    size,
                    highlights: &highlights,
                    theme: &app.theme,
                    large_digits: app.gameplay.large_digits,
                    cage_colours: app.gameplay.cage_colours,
                }
                .render(board, buf);
            }
            PanelWidget { facts: app.panel_facts(size) }.render(panel, buf);
            let around = Surroundings {
                game: &app.game,
                keymap: &app.keymap,
                theme: &app.theme,
                frame: app.frame,
                scroll: app.overlay_scroll,
                daily: &app.daily,
            };
            app.overlay.render(around, area, buf);
        }
    }
}

/// What the board emphasises for the current state: peers and same digit of the cursor, conflicts,
/// checked wrong digits, and the hint's pattern (rung 2) and result (rung 3).
pub fn highlights(app: &App) -> Highlights {
    let game = &app.game;
    let mut h = Highlights {
        peers: app.gameplay.highlight_peers,
        same_digit: if app.gameplay.highlight_same_digit { game.digit(app.cursor) } else { None },
        // A killer cage that no combination can complete any more is a conflict too.
        conflicts: if app.gameplay.show_conflicts {
            game.conflicts() | stuck_cells(game)
        } else {
            CellSet::EMPTY
        },
        wrong: game.checked_wrong,
        ..Highlights::default()
    };
    (h.selected, h.outies) =
        app.helpers.board_cells(app.cursor, game.puzzle().cages(), game.puzzle().layout());
    if let Some(cell) = app.mistake_cell() {
        h.hint_cells = cell.set();
    }
    if let Some(step) = &app.recent_step {
        h.hint_houses = pattern_houses(step, game.puzzle().layout());
        h.hint_cells = step.cells.iter().copied().collect();
    }
    if let Some((step, rung)) = app.shown_step() {
        if rung >= 2 {
            h.hint_houses = pattern_houses(step, game.puzzle().layout());
            h.hint_cells = step.cells.iter().copied().collect();
            h.drivers = step.drivers.clone();
            h.hint_cages = step.cages.iter().map(|cage| cage.cells()).collect();
        }
        if rung >= 3 {
            // Only a mark the player has is drawn as removed: a digit already gone from a marked
            // cell is not drawn back in red. A cell without marks shows what the step rules out
            // there, as it shows the candidates the pattern uses.
            h.eliminations = (step.eliminations.iter())
                .filter(|e| game.marks(e.cell).is_empty() || game.marks(e.cell).contains(e.digit))
                .copied()
                .collect();
            h.placements = step.placements.clone();
        }
    }
    h
}

/// The cells of the houses `step`'s pattern lies in (none for a pattern no few houses hold, such
/// as a chain: then only its cells are highlighted), and of the killer cages it uses.
fn pattern_houses(step: &Step, layout: &Layout) -> CellSet {
    let houses = step.pattern_houses().iter().fold(CellSet::EMPTY, |acc, house| acc | layout.set(*house));
    step.cages.iter().fold(houses, |acc, cage| acc | cage.cells())
}

/// Whether the layout of `area` is the compact board (for tests and the panel).
pub fn is_compact(area: Rect) -> bool {
    matches!(Screen::plan(area), Screen::Game { size: BoardSize::Compact, .. })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixtures::SOLO_FIRST_KILLER as KILLER;
    use crate::engine::text::parse_puzzle;
    use crate::engine::{Cell, Digit, Puzzle};

    #[test]
    fn a_cage_no_combination_completes_is_flagged_like_a_conflict() {
        let read = parse_puzzle(KILLER).expect("a killer line");
        let puzzle = Puzzle::new_killer(read.givens, read.cages.expect("cages")).expect("unique");
        let mut app = App::with_puzzle(puzzle, None);
        // A 5 in the two-cell cage of 5 at r3c1-r4c1: no digit is left for r4c1.
        let cell = Cell::at(2, 0);
        app.game.enter(cell, Digit::new(4).expect("4"));
        assert_eq!(highlights(&app).conflicts, CellSet::EMPTY, "4 and 1 make 5");
        app.game.enter(cell, Digit::new(5).expect("5"));
        assert_eq!(highlights(&app).conflicts, cell.set());
        app.gameplay.show_conflicts = false;
        assert_eq!(highlights(&app).conflicts, CellSet::EMPTY, "conflicts are not shown at all");
    }
}
