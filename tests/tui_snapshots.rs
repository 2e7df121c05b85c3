//! Snapshots of the whole game screen on a `TestBackend`, and style checks on chosen cells (colours
//! and modifiers are not in the text snapshots, so they are checked in the buffer directly).

mod tui_support;

use insta::assert_snapshot;
use ratatui::style::{Color, Modifier};
use termdoku::tui::event::Event;
use termdoku::tui::theme::Theme;
use tui_support::*;

#[test]
fn fresh_board() {
    assert_snapshot!(screen(&app(), 100, 40));
}

#[test]
fn pencil_marks_in_their_places() {
    let mut app = app();
    // r1c3: marks 1 2 4 via pencil mode; r1c4 marks 2 6 9 via shifted digits.
    press(&mut app, "<right><right>p124<esc>p<right>@^(");
    assert_snapshot!(screen(&app, 100, 40));
}

#[test]
fn conflict() {
    let mut app = app();
    press(&mut app, "<right><right>5");
    assert_snapshot!(screen(&app, 100, 40));
}

fn hint_app(rungs: &str) -> termdoku::tui::app::App {
    let mut app = app();
    press(&mut app, "c");
    show_hint(&mut app, pointing_step(), rungs);
    app
}

#[test]
fn hint_rung_1_names_the_technique_and_the_place() {
    assert_snapshot!(screen(&hint_app(""), 100, 40));
}

#[test]
fn hint_rung_2_shows_the_pattern() {
    assert_snapshot!(screen(&hint_app("n"), 100, 40));
}

#[test]
fn hint_rung_3_shows_the_result() {
    assert_snapshot!(screen(&hint_app("nn"), 100, 40));
}

#[test]
fn hint_points_at_a_wrong_digit_first() {
    let mut app = app();
    press(&mut app, "<right><right>1n");
    assert_snapshot!(screen(&app, 100, 40));
}

#[test]
fn pause_hides_the_board() {
    let mut app = app();
    press(&mut app, "<space>");
    assert_snapshot!(screen(&app, 100, 40));
}

#[test]
fn help_lists_the_keymap() {
    let mut app = app();
    press(&mut app, "?");
    assert_snapshot!(screen(&app, 100, 40));
}

#[test]
fn win_screen() {
    let mut app = app();
    // Type the solution into every empty cell, Tab jumping to the next one.
    let keys: String = PUZZLE
        .chars()
        .zip(SOLUTION.chars())
        .filter(|(given, _)| *given == '.')
        .map(|(_, digit)| format!("<tab>{digit}"))
        .collect();
    press(&mut app, &keys);
    assert!(!app.game.revealed);
    assert_snapshot!(screen(&app, 100, 40));
}

#[test]
fn two_row_layout_at_80x24() {
    let mut app = app();
    press(&mut app, "<right><right>p12<esc>");
    assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn compact_layout_at_the_minimum_size() {
    let mut app = app();
    press(&mut app, "<right><right>p12<esc>");
    assert_snapshot!(screen(&app, 40, 20));
}

#[test]
fn too_small() {
    assert_snapshot!(screen(&app(), 39, 12));
}

#[test]
fn new_game_dialog() {
    let mut app = app();
    press_only(&mut app, "N<down>");
    assert_snapshot!(screen(&app, 100, 40));
}

#[test]
fn tiny_and_odd_sizes_never_panic() {
    let app = app();
    for (w, h) in [(0, 0), (1, 1), (10, 3), (40, 19), (39, 20), (57, 38), (300, 100)] {
        let _ = render(&app, w, h);
    }
}

#[test]
fn cursor_peers_and_same_digit_are_styled() {
    let mut app = app();
    press(&mut app, "<down>"); // r2c1 holds the given 6.
    let buffer = render(&app, 100, 40);
    let cursor = &buffer[cell_centre(100, 40, rc(2, 1))];
    assert!(cursor.modifier.contains(Modifier::REVERSED), "cursor is reversed");
    let peer = &buffer[cell_centre(100, 40, rc(2, 5))];
    assert_ne!(peer.bg, Color::Reset, "a cell of the cursor's row is shaded");
    let far = &buffer[cell_centre(100, 40, rc(9, 9))];
    assert_eq!(far.bg, Color::Reset, "a cell outside the cursor's houses is not");
    // The other 6s (r3c8, r5c5? no: r4c5 holds 6) are underlined as the same digit.
    let same = &buffer[cell_centre(100, 40, rc(4, 5))];
    assert_eq!(same.symbol(), glyph_centre(6, true));
    assert!(same.modifier.contains(Modifier::UNDERLINED));
    // The cursor's row and column labels are reversed: the peer cue without colour.
    let row_label = &buffer[(cell_centre(100, 40, rc(2, 1)).x - 5, cell_centre(100, 40, rc(2, 1)).y)];
    assert_eq!(row_label.symbol(), "2");
    assert!(row_label.modifier.contains(Modifier::REVERSED));
}

#[test]
fn conflicts_are_styled_with_colour_and_a_twin() {
    for theme in [Theme::default(), Theme::monochrome()] {
        let mut app = app();
        app.theme = theme;
        press(&mut app, "<right><right>5<right>");
        let buffer = render(&app, 100, 40);
        let centre = cell_centre(100, 40, rc(1, 3));
        let digit = &buffer[centre];
        assert_eq!(digit.symbol(), glyph_centre(5, false));
        assert!(digit.modifier.contains(Modifier::UNDERLINED), "underlined in every theme");
        assert_eq!(buffer[(centre.x + 2, centre.y - 1)].symbol(), "!", "marked with !");
        assert_eq!(buffer[(centre.x - 1, centre.y - 1)].symbol(), "┌", "an entry is drawn with light lines");
        let given = &buffer[cell_centre(100, 40, rc(1, 1))];
        assert!(given.modifier.contains(Modifier::UNDERLINED), "the clashing given too");
        if theme == Theme::monochrome() {
            assert_eq!(digit.fg, Color::Reset, "no colour under NO_COLOR");
        } else {
            assert_eq!(digit.fg, Color::LightRed);
        }
    }
}

#[test]
fn hint_pattern_and_eliminations_are_styled() {
    let app = hint_app("nn");
    let buffer = render(&app, 100, 40);
    let pattern = &buffer[cell_centre(100, 40, rc(2, 2))];
    assert_eq!(pattern.bg, Theme::default().hint_cell.bg.expect("coloured"));
    let house = &buffer[cell_centre(100, 40, rc(2, 6))];
    assert_eq!(house.bg, Theme::default().hint_house.bg.expect("coloured"));
    // The 7 of r2c7 sits bottom-left in its cell, crossed out.
    let centre = cell_centre(100, 40, rc(2, 7));
    let seven = &buffer[(centre.x - 2, centre.y + 1)];
    assert_eq!(seven.symbol(), "7");
    assert!(seven.modifier.contains(Modifier::CROSSED_OUT));
}

#[test]
fn completed_digits_are_crossed_out_in_the_panel() {
    let mut app = app();
    press(&mut app, "S<enter><esc>u"); // Undo the solution: only the givens are left.
    press(&mut app, "<S-tab>"); // A cell to fill is selected either way.
    let find_digits = |buffer: &ratatui::buffer::Buffer| {
        let area = buffer.area;
        (0..area.height)
            .flat_map(|y| (0..area.width - 6).map(move |x| (x, y)))
            .find(|&(x, y)| {
                (0..6).map(|i| buffer[(x + i, y)].symbol().to_string()).collect::<String>() == "Digits"
            })
            .expect("the digits line")
    };
    let buffer = render(&app, 100, 40);
    let (x, y) = find_digits(&buffer);
    assert!(!buffer[(x + 7, y)].modifier.contains(Modifier::CROSSED_OUT), "1 is not complete");
    press(&mut app, "<C-r>");
    let buffer = render(&app, 100, 40);
    assert!(buffer[(x + 7, y)].modifier.contains(Modifier::CROSSED_OUT), "1 is complete once solved");
}

#[test]
fn without_colour_a_hint_dims_everything_outside_its_houses() {
    let mut app = hint_app("n");
    app.theme = Theme::monochrome();
    let buffer = render(&app, 100, 40);
    let inside = &buffer[cell_centre(100, 40, rc(2, 6))];
    let outside = &buffer[cell_centre(100, 40, rc(9, 5))];
    assert_eq!(outside.symbol(), glyph_centre(8, true));
    assert!(outside.modifier.contains(Modifier::DIM), "outside the houses: dimmed");
    assert!(!inside.modifier.contains(Modifier::DIM), "inside: not dimmed");
    assert_eq!(inside.bg, Color::Reset, "and no colour at all");
}

#[test]
fn a_refused_paste_shows_its_error_however_long_the_input() {
    let long_garbage = format!("{}x", PUZZLE.repeat(20));
    for (input, width) in
        [(format!("{}x", &PUZZLE[..80]), 80), (PUZZLE.replacen('.', "x", 1), 60), (long_garbage, 100)]
    {
        let mut app = app();
        press(&mut app, "Np");
        app.update(Event::Paste(input.clone()));
        press(&mut app, "<enter>");
        let text = screen(&app, width, 30);
        assert!(
            text.contains("bad character") || text.contains("expected 81"),
            "{width} cols, {input}:\n{text}"
        );
        assert!(text.contains("Enter play · Esc back"), "{width} cols:\n{text}");
    }
}

#[test]
fn every_overlay_at_every_small_size_never_panics() {
    use termdoku::tui::dialogs::Overlay;
    use termdoku::tui::dialogs::continue_game::SavedSummary;
    let long = "a long line of statistics that goes on and on ".repeat(4);
    let overlays = [
        Overlay::Help,
        Overlay::Paused,
        Overlay::Won,
        Overlay::NewGame { selected: termdoku::tui::dialogs::new_game::PASTE_ITEM },
        Overlay::Paste { input: "1".repeat(500), error: Some(long.clone()) },
        Overlay::Generating {
            id: 1,
            level: termdoku::engine::logic::Level::Hard,
            waited: Default::default(),
        },
        Overlay::ConfirmSolve,
        Overlay::Info { title: long.clone(), lines: vec![long.clone(); 40] },
        Overlay::Continue {
            games: (0..40).map(|i| SavedSummary { id: format!("g{i}"), label: long.clone() }).collect(),
            selected: 39,
        },
    ];
    for overlay in overlays {
        let mut app = hint_app("nn");
        app.overlay = overlay;
        for w in 0..=110 {
            for h in (0..=45).step_by(3) {
                let _ = render(&app, w, h);
            }
        }
    }
}

#[test]
fn the_continue_screen_keeps_the_chosen_game_in_view() {
    use termdoku::tui::dialogs::Overlay;
    use termdoku::tui::dialogs::continue_game::SavedSummary;
    let mut app = app();
    let games: Vec<SavedSummary> =
        (0..60).map(|i| SavedSummary { id: format!("g{i}"), label: format!("game number {i}") }).collect();
    for selected in [0, 30, 59] {
        app.overlay = Overlay::Continue { games: games.clone(), selected };
        for (w, h) in [(100, 40), (40, 20)] {
            let text = screen(&app, w, h);
            assert!(text.contains(&format!("▶ game number {selected}")), "{selected} at {w}x{h}:\n{text}");
            assert!(text.contains("Enter continue"), "{selected} at {w}x{h}:\n{text}");
        }
    }
}

#[test]
fn help_at_small_sizes_keeps_one_key_a_line_and_scrolls_to_quit() {
    for (w, h) in [(40, 20), (60, 24), (80, 24)] {
        let mut app = app();
        app.update(Event::Resize(w, h));
        press(&mut app, "?");
        let text = screen(&app, w, h);
        assert!(text.contains("↑ k  move up"), "{w}x{h}:\n{text}");
        assert!(text.contains("move down") && text.contains("move right"), "{w}x{h}:\n{text}");
        assert!(!text.contains("│mode") && !text.contains("│right"), "no wrapped halves at {w}x{h}:\n{text}");
        for _ in 0..40 {
            press(&mut app, "j");
        }
        let text = screen(&app, w, h);
        assert!(text.contains("q Ctrl-c  quit"), "{w}x{h} scrolled:\n{text}");
        assert!(text.contains("close"), "{w}x{h} scrolled:\n{text}");
        press(&mut app, "x");
        assert_eq!(app.overlay, termdoku::tui::dialogs::Overlay::None);
    }
}
