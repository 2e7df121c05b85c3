//! The game where most terminals open: 80x24, 100x30 and 120x37. Every candidate of every cell is
//! drawn in its fixed slot, a hint's pattern and eliminations show at every size, and a long hint is
//! paged rather than cut.

mod tui_support;

use insta::assert_snapshot;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;
use termdoku::engine::logic::{Step, Technique};
use termdoku::engine::{Candidate, Cell, Digit};
use termdoku::tui::app::App;
use termdoku::tui::event::Event;
use termdoku::tui::layout::Screen;
use termdoku::tui::theme::Theme;
use tui_support::*;

const SIZES: [(u16, u16); 3] = [(80, 24), (100, 30), (120, 37)];

/// Where the mark `digit` of `cell` is drawn on a `width` x `height` screen.
fn mark_position(width: u16, height: u16, cell: Cell, digit: Digit) -> Position {
    let Screen::Game { size, board, .. } = Screen::plan(Rect::new(0, 0, width, height)) else {
        panic!("the game fits {width}x{height}");
    };
    let rect = size.cell_rect(cell);
    let (dx, dy) = size.mark_slot(digit).expect("this size draws marks");
    Position::new(board.x + 2 + rect.x + dx, board.y + 1 + rect.y + dy)
}

/// The game with every candidate filled in and `step` shown up to rung 3.
fn marked_app_with_hint(step: Step, rungs: &str) -> App {
    let mut app = app();
    press(&mut app, "c");
    show_hint(&mut app, step, rungs);
    app
}

fn sized(mut app: App, width: u16, height: u16) -> App {
    app.update(Event::Resize(width, height));
    app
}

#[test]
fn marks_and_a_hint_at_80x24() {
    let app = sized(marked_app_with_hint(pointing_step(), "nn"), 80, 24);
    assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn marks_and_a_hint_at_100x30() {
    let app = sized(marked_app_with_hint(pointing_step(), "nn"), 100, 30);
    assert_snapshot!(screen(&app, 100, 30));
}

#[test]
fn marks_and_a_hint_at_120x37() {
    let app = sized(marked_app_with_hint(pointing_step(), "nn"), 120, 37);
    assert_snapshot!(screen(&app, 120, 37));
}

/// Every candidate of every empty cell is on screen, in its slot, as its digit.
fn all_marks_drawn(app: &App, buffer: &Buffer, width: u16, height: u16) {
    for cell in Cell::ALL {
        for digit in app.game.marks(cell) {
            let at = mark_position(width, height, cell, digit);
            assert_eq!(buffer[at].symbol(), digit.to_string(), "{cell} mark {digit} at {width}x{height}");
        }
    }
}

#[test]
fn every_candidate_is_in_its_slot_and_the_hint_marks_show_at_every_size() {
    for (width, height) in SIZES {
        let app = sized(marked_app_with_hint(pointing_step(), "nn"), width, height);
        let buffer = render(&app, width, height);
        all_marks_drawn(&app, &buffer, width, height);
        // The two 7s the hint removes are crossed out in their slots.
        for cell in [rc(2, 7), rc(2, 9)] {
            let seven = &buffer[mark_position(width, height, cell, d(7))];
            assert_eq!(seven.symbol(), "7");
            assert!(seven.modifier.contains(Modifier::CROSSED_OUT), "{cell} at {width}x{height}");
        }
        // The pattern cells are highlighted, their marks emphasised.
        let pattern = &buffer[mark_position(width, height, rc(2, 2), d(7))];
        assert_eq!(pattern.bg, Theme::default().hint_cell.bg.expect("coloured"), "{width}x{height}");
        assert!(pattern.modifier.contains(Modifier::BOLD));
        // The status stays on screen.
        let text = screen(&app, width, height);
        assert!(text.contains("Time") && text.contains("Mistakes"), "{width}x{height}:\n{text}");
        assert!(text.contains("Press a to"), "{width}x{height}:\n{text}");
    }
}

/// A forcing net whose explanation is far longer than a panel: nothing of it may be lost.
fn long_step() -> Step {
    let chain = "7r2c2=7r2c3-7r2c7=7r3c9-(7=4)r3c4-(4=2)r5c4-(2=9)r5c6-(9=1)r6c6-(1=8)r7c3";
    Step::new(Technique::XyChain)
        .with_cells([rc(2, 2), rc(2, 3), rc(3, 9), rc(3, 4), rc(5, 4), rc(5, 6), rc(6, 6), rc(7, 3)])
        .with_eliminations([Candidate::new(rc(2, 9), d(7))])
        .with_explanation(format!(
            "XY-Chain (9 links): {chain}: if r2c2 is not 7, each bivalue cell forces the next and r7c3 \
             becomes 7, so one of the two ends is 7; singles would then give r1c3=4, r4c2=2, r4c3=5, \
             r5c2=9, r5c3=1, r6c2=3, r6c3=8, r7c1=9, r8c1=2, r8c2=3, r9c1=3 and r9c2=4, and 7 is removed \
             from r2c9 THE END"
        ))
}

#[test]
fn a_long_hint_pages_and_every_word_can_be_read_at_80x24() {
    let mut app = sized(marked_app_with_hint(long_step(), "nn"), 80, 24);
    let first = screen(&app, 80, 24);
    assert_snapshot!(first);
    let mut read = String::new();
    for _ in 0..12 {
        let text = screen(&app, 80, 24);
        // The panel's column: right of the board.
        let panel: Vec<String> = text.lines().map(|l| l.chars().skip(58).collect::<String>()).collect();
        read.push_str(&panel.join("\n"));
        if text.contains("PgDn first") {
            break;
        }
        assert!(text.contains("PgDn more"), "{text}");
        press(&mut app, "<pagedown>");
    }
    assert!(read.contains("/21 PgDn first"), "the last page says where PgDn goes:\n{read}");
    // Past the last page, PgDn goes back to the first.
    press(&mut app, "<pagedown>");
    assert_eq!(screen(&app, 80, 24), first);
    press(&mut app, "<pagedown>");
    for piece in ["7r2c2=", "7r2c7=", "(7=4)r3c4-", "r9c2=4,", "THE END"] {
        assert!(read.contains(piece), "{piece} is readable on some page:\n{read}");
    }
    assert!(!read.contains(" more\n│r9c2") && !read.contains("and 3 more"), "nothing summarised");
    // Paging back reaches the first page again; Esc closes the hint.
    for _ in 0..12 {
        press(&mut app, "<pageup>");
    }
    assert_eq!(screen(&app, 80, 24), first);
    press(&mut app, "<esc>");
    assert!(app.hint_text().is_none());
    assert!(!screen(&app, 80, 24).contains("XY-Chain"));
}

#[test]
fn a_hint_on_a_board_without_marks_shows_the_cells_and_candidates_it_uses() {
    let step = pointing_step().with_drivers([Candidate::new(rc(2, 2), d(7)), Candidate::new(rc(2, 3), d(7))]);
    let mut app = app();
    show_hint(&mut app, step, "n");
    for (width, height) in SIZES {
        let app = sized(app.clone(), width, height);
        let buffer = render(&app, width, height);
        for cell in [rc(2, 2), rc(2, 3)] {
            let seven = &buffer[mark_position(width, height, cell, d(7))];
            assert_eq!(seven.symbol(), "7", "{cell} shows the 7 it uses at {width}x{height}");
            assert_eq!(seven.bg, Theme::default().hint_cell.bg.expect("coloured"));
        }
        // No other mark is drawn: the player has none.
        let other = mark_position(width, height, rc(2, 2), d(1));
        assert_eq!(buffer[other].symbol(), " ");
    }
}
