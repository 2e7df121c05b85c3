//! The killer helpers on the real screen (issue 36 point 4): a selection made with Shift+arrows or
//! a mouse drag and its panel (count, placed sum, empty cells, the combinations for a typed sum),
//! the lookup of any sum and size, and the rule-of-45 view with its innies and outies highlighted,
//! at 80x24 and 120x40, in colour and under NO_COLOR.

mod tui_support;

use ratatui::style::{Color, Modifier};
use termdoku::tui::app::App;
use termdoku::tui::event::Event;
use termdoku::tui::theme::Theme;
use tui_support::*;

/// The panel's rows (right of the board) of a screen `width` x `height`, trimmed.
fn panel(app: &App, width: u16, height: u16) -> Vec<String> {
    let text = screen(app, width, height);
    text.lines().map(|line| line.rsplit('│').nth(1).unwrap_or("").trim().to_string()).collect()
}

fn has(rows: &[String], wanted: &str) -> bool {
    rows.iter().any(|row| row == wanted)
}

#[test]
fn shift_arrows_select_cells_and_the_panel_sums_them() {
    for (width, height) in [(80, 24), (120, 40)] {
        let mut app = killer_app();
        // r1c1 = 4, r1c2 = 5, then r1c3 joins: 3 cells, 9 placed, r1c3 empty.
        press(&mut app, "4<S-right>5<S-right>");
        assert_eq!(app.helpers.selected.len(), 3);
        let rows = panel(&app, width, height);
        for line in ["Selected 3  sum 9", "Placed 4 5", "Empty  r1c3"] {
            assert!(has(&rows, line), "{width}x{height}: {line}\n{rows:#?}");
        }
        // The cage panel gives way to the selection.
        assert!(!rows.iter().any(|r| r.starts_with("Cage")), "{rows:#?}");
        // A sum of 17 leaves 8 for r1c3: the only way, and the digits it must and can't hold.
        press(&mut app, "w17");
        assert!(has(&panel(&app, width, height), "Sum? 17_"));
        press(&mut app, "<ret>");
        let rows = panel(&app, width, height);
        for line in ["Sum 17: 8 in 1", "Ways   8", "Must   8", "Can't  12345679"] {
            assert!(has(&rows, line), "{width}x{height}: {line}\n{rows:#?}");
        }
        // A plain move clears the selection and its sum; the cage panel is back.
        press(&mut app, "<down>");
        assert!(app.helpers.selected.is_empty() && app.helpers.asked.is_none());
        assert!(panel(&app, width, height).iter().any(|r| r.starts_with("Cage")));
    }
}

#[test]
fn the_sum_of_cells_that_may_repeat_says_the_combinations_assume_distinct_digits() {
    let mut app = killer_app();
    // r1c1 and r2c2 share box 1; r1c1 and r3c4 share nothing: digits could repeat.
    press(&mut app, "<S-down><S-right><S-down><S-right><S-right>w30<ret>");
    let rows = panel(&app, 120, 40);
    assert!(has(&rows, "Selected 6  sum 0") && has(&rows, "Sum 30: 30 in 6"), "{rows:#?}");
    assert!(has(&rows, "(digits assumed distinct)"), "{rows:#?}");
    // Three cells of row 1 cannot repeat: no such note, and the placed 9 is left out.
    let mut app = killer_app();
    press(&mut app, "9<S-right><S-right>w20<ret>");
    let rows = panel(&app, 80, 24);
    assert!(has(&rows, "Sum 20: 11 in 2") && has(&rows, "Ways   38 47 56"), "{rows:#?}");
    assert!(!has(&rows, "(digits assumed distinct)"), "{rows:#?}");
}

#[test]
fn esc_clears_and_a_drag_selects_the_cells_it_passes() {
    let mut app = killer_app();
    app.update(Event::Resize(80, 24));
    feed(&mut app, Event::Click(cell_centre(80, 24, rc(2, 2))));
    for col in 3..=5 {
        feed(&mut app, Event::Drag(cell_centre(80, 24, rc(2, col))));
    }
    assert_eq!(app.cursor, rc(2, 5));
    let expected: Vec<_> = (2..=5).map(|c| rc(2, c)).collect();
    assert_eq!(app.helpers.selected.iter().collect::<Vec<_>>(), expected);
    assert!(has(&panel(&app, 80, 24), "Selected 4  sum 0"));
    press(&mut app, "<esc>");
    assert!(app.helpers.selected.is_empty());
    // A click starts afresh.
    feed(&mut app, Event::Click(cell_centre(80, 24, rc(2, 2))));
    feed(&mut app, Event::Drag(cell_centre(80, 24, rc(3, 2))));
    feed(&mut app, Event::Click(cell_centre(80, 24, rc(7, 7))));
    assert!(app.helpers.selected.is_empty());
}

#[test]
fn selected_cells_are_highlighted_apart_from_the_cursor_in_colour_and_without() {
    let mut app = killer_app();
    press(&mut app, "<down><down><down><down><S-right><S-right>");
    for (width, height) in [(80, 24), (120, 40)] {
        let buf = render(&app, width, height);
        let at = |col: usize| {
            let p = cell_centre(width, height, rc(5, col));
            buf[(p.x + 1, p.y)].clone()
        };
        let (selected, cursor, peer, plain) = (at(1), at(3), at(5), {
            let p = cell_centre(width, height, rc(9, 9));
            buf[(p.x + 1, p.y)].clone()
        });
        assert_eq!(selected.bg, Color::Rgb(112, 88, 16), "{width}x{height}");
        assert!(cursor.modifier.contains(Modifier::REVERSED) && cursor.bg != selected.bg);
        assert_ne!(peer.bg, selected.bg);
        assert_ne!(plain.bg, selected.bg);
    }
    // NO_COLOR: selected cells are reversed; the peers and other cells are not.
    app.theme = Theme::monochrome();
    for (width, height) in [(80, 24), (120, 40)] {
        let buf = render(&app, width, height);
        let reversed = |row: usize, col: usize| {
            let p = cell_centre(width, height, rc(row, col));
            buf[(p.x + 1, p.y)].modifier.contains(Modifier::REVERSED)
        };
        assert!(reversed(5, 1) && reversed(5, 2), "{width}x{height}");
        assert!(!reversed(5, 5) && !reversed(9, 9) && !reversed(4, 1), "{width}x{height}");
    }
}

#[test]
fn any_sum_and_size_is_looked_up_with_nothing_selected() {
    let mut app = killer_app();
    press(&mut app, "w23 4<ret>");
    let rows = panel(&app, 80, 24);
    assert!(has(&rows, "Combos 23 in 4"), "{rows:#?}");
    assert!(has(&rows, "Ways   1589 1679"), "{rows:#?}");
    assert!(has(&rows, "2678 3479 +3"), "three rows at most, the rest counted: {rows:#?}");
    let wide = panel(&app, 120, 40);
    assert!(wide.iter().any(|r| r.starts_with("Ways   1589 1679 2489 2579 2678")), "{wide:#?}");
    assert!(has(&wide, "Must   -") && !wide.iter().any(|r| r.contains('+')), "{wide:#?}");
    // A sum no size can make is named, and a missing size is asked for.
    press(&mut app, "w50 2<ret>");
    assert!(panel(&app, 80, 24).iter().any(|r| r.starts_with("sum 50 cannot")), "{:#?}", panel(&app, 80, 24));
    press(&mut app, "w23<ret>");
    assert_eq!(app.message.as_deref(), Some("type a sum and a size (`23 4`), then Enter"));
    press(&mut app, "<esc><esc>");
    assert!(!app.helpers.showing());
}

#[test]
fn the_rule_of_45_view_shows_the_house_its_cages_innies_and_outies() {
    let mut app = killer_app();
    // r3c1: row 3 holds cage 12 (r3c2-r3c3) whole; the rest stick out.
    press(&mut app, "<down><down>i");
    for (width, height) in [(80, 24), (120, 40)] {
        let rows = panel(&app, width, height);
        for line in ["Row 3  total 45", "Inside 12 = 12"] {
            assert!(has(&rows, line), "{width}x{height}: {line}\n{rows:#?}");
        }
        let text = rows.join(" ");
        assert!(text.contains("Innies r3c1 r3c4") && text.contains("= 33"), "{text}");
        assert!(text.contains("Outies r1c5 r2c5") && text.contains("= 30"), "{text}");
    }
    // Innies and outies are highlighted; the cells of the cage inside are not.
    let buf = render(&app, 120, 40);
    let bg = |row: usize, col: usize| {
        let p = cell_centre(120, 40, rc(row, col));
        buf[(p.x + 1, p.y)].bg
    };
    assert_eq!((bg(3, 4), bg(1, 5)), (Color::Rgb(112, 88, 16), Color::Rgb(24, 84, 120)));
    assert_ne!(bg(3, 2), Color::Rgb(112, 88, 16));
    // Again: column 1, box 1, rows 1-3, columns 1-3, then off.
    press(&mut app, "i");
    assert!(has(&panel(&app, 80, 24), "Column 1  total 45"));
    press(&mut app, "ii");
    assert!(has(&panel(&app, 80, 24), "Rows 1-3  total 135"), "{:#?}", panel(&app, 80, 24));
    press(&mut app, "ii");
    assert!(!app.helpers.showing());
}

#[test]
fn on_a_classic_game_the_rule_of_45_key_says_it_is_for_killers() {
    let mut app = tui_support::app();
    press(&mut app, "i");
    assert_eq!(app.message.as_deref(), Some("The rule of 45 view is for killer puzzles"));
    // The selection and the lookup work on a classic game too.
    press(&mut app, "<S-right>w8<ret>");
    let rows = panel(&app, 80, 24);
    assert!(has(&rows, "Selected 2  sum 8") && has(&rows, "Sum 8: made"), "{rows:#?}");
}
