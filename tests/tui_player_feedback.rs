//! Marks that follow the player and the small courtesies of the game screen: erasing gives back
//! the marks a digit took, filling candidates respects marks removed by hand, Esc closes a hint,
//! the clock stops when the game cannot be seen, and every refusal says why.

mod tui_support;

use std::time::Duration;

use termdoku::tui::app::App;
use termdoku::tui::dialogs::Overlay;
use termdoku::tui::dialogs::continue_game::SavedSummary;
use termdoku::tui::dialogs::new_game;
use termdoku::tui::effect::Effect;
use termdoku::tui::event::Event;
use tui_support::*;

fn has_mark(app: &App, row: usize, col: usize, n: u8) -> bool {
    app.game.marks(rc(row, col)).contains(d(n))
}

#[test]
fn erasing_a_wrong_digit_puts_back_the_marks_it_removed() {
    let mut app = app();
    press(&mut app, "c");
    // r1c3 and its peers r1c4 (row) and r2c2 (box) all have a 2 marked.
    assert!(has_mark(&app, 1, 4, 2) && has_mark(&app, 2, 2, 2));
    press(&mut app, "<right><right>2");
    assert!(!has_mark(&app, 1, 4, 2) && !has_mark(&app, 2, 2, 2), "auto-remove took them");
    press(&mut app, "x");
    assert!(has_mark(&app, 1, 4, 2) && has_mark(&app, 2, 2, 2), "erasing gave them back");
    assert_eq!(app.game.digit(rc(1, 3)), None);
}

#[test]
fn fill_candidates_keeps_marks_removed_by_hand_and_shift_f_fills_all() {
    let mut app = app();
    press(&mut app, "c<right><right>!"); // Fill, then remove the 1 of r1c3 by hand.
    assert!(!has_mark(&app, 1, 3, 1));
    press(&mut app, "c");
    assert!(!has_mark(&app, 1, 3, 1), "c leaves it out");
    assert!(app.message.as_deref().is_some_and(|m| m.contains("removed by hand") && m.contains('F')));
    press(&mut app, "F");
    assert!(has_mark(&app, 1, 3, 1), "F brings it back");
}

#[test]
fn esc_dismisses_the_hint_panel() {
    let mut app = app();
    press(&mut app, "n");
    assert!(app.hint_text().is_some());
    press(&mut app, "<esc>");
    assert!(app.hint_text().is_none());
    let text = screen(&app, 80, 24);
    assert!(!text.contains("Press n") && !text.contains("│Hint "), "{text}");
}

#[test]
fn a_revealed_solution_is_not_congratulated() {
    let mut app = app();
    press(&mut app, "S<enter>");
    assert_eq!(app.overlay, Overlay::Won);
    let text = screen(&app, 80, 24);
    assert!(text.contains("Revealed") && !text.contains("Well done"), "{text}");
}

#[test]
fn the_clock_stops_while_the_window_is_too_small_or_unfocused() {
    let mut app = app();
    app.update(Event::Resize(80, 24));
    app.update(Event::Tick(Duration::from_secs(1)));
    assert_eq!(app.game.elapsed, Duration::from_secs(1));
    app.update(Event::Resize(30, 10));
    assert_eq!(app.tick_interval(), None, "no ticks needed while too small");
    app.update(Event::Tick(Duration::from_secs(5)));
    app.update(Event::Resize(80, 24));
    app.update(Event::Focus(false));
    assert_eq!(app.tick_interval(), None);
    app.update(Event::Tick(Duration::from_secs(5)));
    assert_eq!(app.game.elapsed, Duration::from_secs(1), "stopped both times");
    app.update(Event::Focus(true));
    app.update(Event::Tick(Duration::from_secs(1)));
    assert_eq!(app.game.elapsed, Duration::from_secs(2));
}

#[test]
fn erasing_a_given_says_why_nothing_happened() {
    let mut app = app();
    press(&mut app, "x");
    assert_eq!(app.message.as_deref(), Some("r1c1 is a given: it cannot be erased"));
    assert!(screen(&app, 80, 24).contains("r1c1 is a given"));
}

#[test]
fn the_stats_and_help_screens_fit_80x24_and_scroll() {
    let mut app = app();
    app.update(Event::Resize(80, 24));
    let lines: Vec<String> = (0..40).map(|i| format!("line {i:02} of the statistics")).collect();
    app.update(Event::Info { title: "Statistics".into(), lines });
    let text = screen(&app, 80, 24);
    assert!(text.contains("line 00") && text.contains("↑↓ more"), "{text}");
    for _ in 0..60 {
        press(&mut app, "j");
    }
    let text = screen(&app, 80, 24);
    assert!(text.contains("line 39") && !text.contains("line 00"), "{text}");
    press(&mut app, "q");
    assert_eq!(app.overlay, Overlay::None, "another key closes it");
}

#[test]
fn a_saved_game_is_deleted_only_after_confirmation() {
    let mut app = app();
    let games: Vec<SavedSummary> =
        (0..3).map(|i| SavedSummary { id: format!("g{i}"), label: format!("game {i}") }).collect();
    app.update(Event::SavedGames(games));
    press(&mut app, "j"); // The second game.
    assert!(press(&mut app, "d").is_empty());
    assert!(screen(&app, 80, 24).contains("Delete this saved game"));
    assert!(press(&mut app, "n").is_empty(), "any other key keeps it");
    let Overlay::Continue { games, selected: 1 } = &app.overlay else { panic!("back on the list") };
    assert_eq!(games.len(), 3);
    press(&mut app, "d");
    let effects = press(&mut app, "y");
    assert_eq!(effects, [Effect::DeleteSaved { id: "g1".into() }]);
    let Overlay::Continue { games, .. } = &app.overlay else { panic!("still on the list") };
    assert_eq!(games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), ["g0", "g2"]);
}

#[test]
fn hint_and_dialog_texts_name_the_player_s_own_keys() {
    use termdoku::tui::action::Action;
    use termdoku::tui::keymap::KeyBinding;
    let rebound = || {
        let mut app = app();
        for (action, key) in [(Action::Hint, "H"), (Action::ApplyHint, "ctrl-a"), (Action::NewGame, "G")] {
            app.keymap.bind(action, vec![KeyBinding::parse(key).expect("a key")]);
        }
        app
    };
    let mut app = rebound();
    let id = request_id(&press_only(&mut app, "H"));
    app.update(Event::StepReady { id, step: Some(Box::new(pointing_step())) });
    assert_eq!(app.hint_text().as_deref(), Some("Locked Candidates (Pointing) in box 1. Press H for more."));
    assert!(screen(&app, 100, 40).contains("Press H for more."));
    press_only(&mut app, "H");
    assert!(app.hint_text().is_some_and(|t| t.ends_with("look at the highlighted cells. Press H for more.")));
    press_only(&mut app, "H");
    assert!(app.hint_text().is_some_and(|t| t.ends_with("Press Ctrl-a to apply.")), "{:?}", app.hint_text());
    assert!(!screen(&app, 100, 40).contains("Press a"));

    // A wrong digit in r1c3 (its solution is 4): the hint points at it, and names the apply key.
    let mut app = rebound();
    press(&mut app, "<right><right>1H");
    assert_eq!(
        app.hint_text().as_deref(),
        Some("A digit is wrong: look at r1c3. Press Ctrl-a to remove it.")
    );
    press(&mut app, "<C-a>");
    assert_eq!(app.game.digit(rc(1, 3)), None, "the rebound key applies");

    // The win screen names the new-game key.
    let mut app = rebound();
    press(&mut app, "S<enter>");
    let text = screen(&app, 80, 24);
    assert!(text.contains("G new game · q quit · Esc close"), "{text}");
}

#[test]
fn keys_behind_the_too_small_message_do_nothing_but_quit() {
    let mut app = app();
    app.update(Event::Resize(80, 24));
    press(&mut app, "ll");
    assert_eq!(app.cursor, rc(1, 3));
    app.update(Event::Resize(20, 10));
    press(&mut app, "7jp?n");
    app.update(Event::Resize(80, 24));
    assert_eq!(app.game.digit(rc(1, 3)), None, "the 7 typed behind the message was not entered");
    assert_eq!((app.cursor, app.overlay.clone()), (rc(1, 3), Overlay::None), "no move, no dialog");
    app.update(Event::Resize(20, 10));
    let effects = press(&mut app, "q");
    assert!(app.is_quitting() && effects.contains(&Effect::Quit), "{effects:?}");
}

#[test]
fn the_new_game_dialog_is_two_columns_and_the_arrows_move_as_they_look() {
    let mut app = app();
    press_only(&mut app, "N");
    let text = screen(&app, 80, 24);
    let row = text.lines().find(|l| l.contains("3 hard")).expect("a hard row");
    assert!(row.contains("3 killer hard"), "classic and killer side by side: {text}");
    // The game is easy: the dialog opens on classic easy; down stays in the column, right crosses.
    press_only(&mut app, "<down><down><right>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: 7 }, "killer hard");
    press_only(&mut app, "<down><down><down>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: 10 }, "past the column's end: paste");
    press_only(&mut app, "<up>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: 4 }, "back up to classic extreme");
    press_only(&mut app, "<right><up>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: 8 }, "killer expert");
    // Left from the classic column walks back through the variants: to the jigsaw killers.
    press_only(&mut app, "<left><left>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: 8 + 2 * new_game::ITEMS }, "jigsaw killer expert");
}

#[test]
fn the_pause_screen_says_the_quit_key_quits() {
    let mut app = app();
    press_only(&mut app, "<space>");
    let text = screen(&app, 80, 24);
    assert!(text.contains("any other key resumes") && text.contains("q saves and quits"), "{text}");
    press_only(&mut app, "q");
    assert!(app.is_quitting());
}

#[test]
fn the_counters_stay_on_their_line_at_80x24() {
    for (mistakes, hints) in [(0, 164), (12, 164), (3, 7)] {
        let mut app = app();
        app.game.mistakes = mistakes;
        app.game.hints_used = hints;
        let text = screen(&app, 80, 24);
        let panel: Vec<String> = text.lines().map(|l| l.chars().skip(58).collect()).collect();
        let line_of = |label: &str| panel.iter().find(|l| l.contains(label)).cloned().unwrap_or_default();
        let (m, h) = (line_of("Mistakes"), line_of("Hints"));
        assert!(m.contains(&format!("Mistakes {mistakes}")), "{mistakes}/{hints}:\n{}", panel.join("\n"));
        assert!(h.contains(&format!("Hints {hints}")) || h.contains(&format!("Hints    {hints}")), "{h}");
    }
}
