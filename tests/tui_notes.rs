//! The player's notes on the real screen (issue 36 point 4): corner marks beside the centre marks,
//! cells painted by hand and struck cage combinations, at 80x24 and 120x40, in colour and under
//! NO_COLOR (text and a map of the styles); the strike prompt's labels at 80x24; the selection at the
//! grid's edge; innies and outies told apart without colour.

mod tui_support;

use insta::assert_snapshot;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use termdoku::tui::app::App;
use termdoku::tui::layout::Screen;
use termdoku::tui::paint::PAINT_RGB;
use termdoku::tui::theme::Theme;
use tui_support::*;

/// A killer game with notes of every kind, the cursor back on r1c1:
/// - r1c1 (the sum's cell of cage 9): centre marks 1 2, corner marks 5 7;
/// - r3c5: corner marks 1 to 6 (at 80x24 the one free place shows `+`; at 120x40 all six show);
/// - r5c5 painted red, r5c6 orange, r6c1-r6c3 (a selection) red;
/// - cage 15 of r5c1: its second combination (168) struck out.
fn noted() -> App {
    let mut app = killer_app();
    press(&mut app, "p12m57m");
    press(&mut app, "<down><down><right><right><right><right>m123456m");
    press(&mut app, "<down><down>o<right>oo");
    press(&mut app, "<down><left><left><left><left><left><S-right><S-right>o<esc>");
    press(&mut app, "<up><left><left>X2");
    press(&mut app, "<up><up><up><up>p");
    app
}

/// The screen at `width` x `height`, and under NO_COLOR the board's styles too.
fn snapshots(name: &str, app: &App, width: u16, height: u16) {
    assert_snapshot!(format!("{name}_{width}x{height}"), screen(app, width, height));
    if app.theme.peer.bg.is_none() {
        let Screen::Game { board, .. } = Screen::plan(Rect::new(0, 0, width, height)) else {
            panic!("{width}x{height} fits a game")
        };
        let styles = style_map(&render(app, width, height), board);
        assert_snapshot!(format!("{name}_{width}x{height}_styles"), styles);
    }
}

#[test]
fn notes_in_colour_at_80x24_and_120x40() {
    let app = noted();
    assert_eq!(app.game.colour(rc(5, 5)).map(|c| c.index()), Some(0));
    for (width, height) in [(80, 24), (120, 40)] {
        snapshots("notes", &app, width, height);
        let buf = render(&app, width, height);
        let bg = |row, col| {
            let p = cell_centre(width, height, rc(row, col));
            buf[(p.x + 1, p.y)].bg
        };
        let rgb = |(r, g, b): (u8, u8, u8)| Color::Rgb(r, g, b);
        // Painted cells keep their colour, also the selected ones once the selection is gone.
        assert_eq!(bg(5, 5), rgb(PAINT_RGB[0]), "{width}x{height}");
        assert_eq!(bg(5, 6), rgb(PAINT_RGB[1]), "{width}x{height}");
        // (r6c1 is a peer of the cursor's r1c1, so its colour is lightened.)
        assert_eq!((bg(6, 2), bg(6, 3)), (rgb(PAINT_RGB[0]), rgb(PAINT_RGB[0])), "{width}x{height}");
        assert_ne!(bg(6, 4), rgb(PAINT_RGB[0]), "{width}x{height}");
        // The struck combination is crossed out with its `~` in r5c1's cage panel.
        let mut moved = noted();
        press(&mut moved, "<down><down><down><down>");
        assert!(screen(&moved, width, height).contains("~168"), "{width}x{height}");
    }
}

#[test]
fn notes_without_colour_at_80x24_and_120x40() {
    let mut app = noted();
    app.theme = Theme::monochrome();
    for (width, height) in [(80, 24), (120, 40)] {
        snapshots("notes_no_colour", &app, width, height);
    }
    // At 120x40 the corner marks have places of their own in the cell, corners first: r3c5 shows
    // all six, bold.
    let text = screen(&app, 120, 40);
    let p = cell_centre(120, 40, rc(3, 5));
    let buf = render(&app, 120, 40);
    let row_of = |y: u16| text.lines().nth(usize::from(y)).unwrap_or("").to_string();
    let cell_rows: String = (p.y - 1..=p.y + 1).map(row_of).collect::<Vec<_>>().join("\n");
    for mark in ['1', '2', '3', '4', '5', '6'] {
        assert!(cell_rows.contains(mark), "{mark} in r3c5:\n{cell_rows}");
    }
    assert!(!cell_rows.contains('+'), "{cell_rows}");
    let bold_marks = (p.x - 3..=p.x + 3)
        .flat_map(|x| (p.y - 1..=p.y + 1).map(move |y| (x, y)))
        .filter(|&(x, y)| buf[(x, y)].symbol() != " " && buf[(x, y)].modifier.contains(Modifier::BOLD))
        .count();
    assert_eq!(bold_marks, 6, "r3c5's corner marks are bold: {bold_marks}\n{cell_rows}");
    // A painted cell reads without colour by its letter: r5c5 `R`, r5c6 `O`.
    for (col, letter) in [(5, "R"), (6, "O")] {
        let p = cell_centre(120, 40, rc(5, col));
        let found = (p.x - 3..=p.x + 3)
            .flat_map(|x| (p.y - 1..=p.y + 1).map(move |y| (x, y)))
            .any(|(x, y)| buf[(x, y)].symbol() == letter);
        assert!(found, "r5c{col} shows {letter}");
    }
}

#[test]
fn the_strike_prompt_at_80x24_labels_every_combination() {
    // Cage 15 of r5c1 has three cells and eight combinations: all eight are labelled, none counted
    // away as `+N` (the panel gives the combinations three rows otherwise, where labelled ones
    // need five).
    let mut app = killer_app();
    press(&mut app, "<down><down><down><down>X");
    let text = screen(&app, 80, 24);
    for label in ["1:159", "2:168", "3:249", "4:258", "5:267", "6:348", "7:357", "8:456"] {
        assert!(text.contains(label), "{label}\n{text}");
    }
    let panel: Vec<&str> = text.lines().map(|l| l.rsplit('│').nth(1).unwrap_or("")).collect();
    assert!(!panel.iter().any(|row| row.contains('+')), "{text}");
    press(&mut app, "8");
    assert_eq!(app.message.as_deref(), Some("Struck out ~456"));
}

#[test]
fn shift_arrows_stop_at_the_edge_of_the_grid() {
    let mut app = killer_app();
    press(&mut app, "<right><right><right><right><right><right><right><right><S-right><S-right>");
    assert_eq!(app.cursor, rc(1, 9));
    assert_eq!(app.helpers.selected.len(), 1, "only r1c9: nothing wrapped in from r1c1");
    press(&mut app, "<S-up><S-down>");
    assert_eq!((app.cursor, app.helpers.selected.len()), (rc(2, 9), 2));
    // A plain move still wraps.
    press(&mut app, "<right>");
    assert_eq!(app.cursor, rc(2, 1));
}

#[test]
fn without_colour_innies_and_outies_look_different() {
    let mut app = killer_app();
    app.theme = Theme::monochrome();
    // Row 3: r3c1 and r3c4 are innies, r1c5 and r2c5 outies.
    press(&mut app, "<down><down><right>i");
    for (width, height) in [(80, 24), (120, 40)] {
        let buf = render(&app, width, height);
        let style = |row, col| {
            let p = cell_centre(width, height, rc(row, col));
            buf[(p.x + 1, p.y)].modifier
        };
        let (innie, outie, other) = (style(3, 4), style(1, 5), style(9, 9));
        assert!(innie.contains(Modifier::REVERSED), "{width}x{height}");
        assert!(!outie.contains(Modifier::REVERSED), "{width}x{height}");
        assert!(outie.contains(Modifier::UNDERLINED | Modifier::BOLD), "{width}x{height}");
        assert!(!other.intersects(Modifier::REVERSED | Modifier::UNDERLINED), "{width}x{height}");
    }
}
