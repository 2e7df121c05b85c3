//! Behaviour of the game driven by key strings through `App::update`, with no threads: worker jobs
//! asked for by the app run inline (see `tui_support::feed`).

mod tui_support;

use std::time::Duration;

use termdoku::engine::logic::Level;
use termdoku::engine::{Cell, DigitSet};
use termdoku::tui::app::App;
use termdoku::tui::dialogs::Overlay;
use termdoku::tui::effect::Effect;
use termdoku::tui::event::Event;
use termdoku::tui::hint::{Hint, Mistake};
use tui_support::*;

/// The board as 81 characters, `.` for empty.
fn board(app: &App) -> String {
    app.game.grid().to_line()
}

/// `PUZZLE` with `digit` written at `cell`s.
fn puzzle_with(entries: &[(Cell, char)]) -> String {
    let mut line: Vec<char> = PUZZLE.chars().collect();
    for &(cell, digit) in entries {
        line[cell.index()] = digit;
    }
    line.into_iter().collect()
}

fn marks(app: &App, cell: Cell) -> Vec<u8> {
    app.game.marks(cell).iter().map(|d| d.get()).collect()
}

#[test]
fn key_stories_leave_the_expected_board() {
    let cases: &[(&str, &[(Cell, char)])] = &[
        ("<right><right>4", &[(rc(1, 3), '4')]),
        ("<right><right>p35<esc>9", &[]),
        ("<right><right>p35p9", &[(rc(1, 3), '9')]),
        ("<right><right>44", &[]),
        ("<right><right>4x", &[]),
        ("<right><right>4<bs>", &[]),
        ("<right><right>4<del>", &[]),
        ("<right><right>40", &[]),
        ("<right><right>4u", &[]),
        ("<right><right>4u<C-r>", &[(rc(1, 3), '4')]),
        ("<left>2", &[(rc(1, 9), '2')]),
        ("<up>1", &[(rc(9, 1), '1')]),
        ("khhh3", &[(rc(9, 7), '3')]),
        ("<tab>4<tab>6", &[(rc(1, 3), '4'), (rc(1, 4), '6')]),
        ("<S-tab>5", &[(rc(9, 7), '5')]),
        ("7", &[]),
        ("jjj<right>4", &[(rc(4, 2), '4')]),
    ];
    for (keys, entries) in cases {
        let mut app = app();
        press(&mut app, keys);
        assert_eq!(board(&app), puzzle_with(entries), "after {keys}");
    }
}

#[test]
fn pencil_marks_toggle_in_both_ways() {
    let mut app = app();
    press(&mut app, "<right><right>p35<esc>9");
    assert_eq!(marks(&app, rc(1, 3)), vec![3, 5, 9]);
    press(&mut app, "5");
    assert_eq!(marks(&app, rc(1, 3)), vec![3, 9]);
    // Shifted symbols and Alt toggle marks outside pencil mode too.
    press(&mut app, "p!<A-2>");
    assert!(!app.pencil);
    assert_eq!(marks(&app, rc(1, 3)), vec![1, 2, 3, 9]);
    // A digit entered hides the marks; erasing it shows them again; erasing again clears them.
    press(&mut app, "4");
    assert_eq!(marks(&app, rc(1, 3)), Vec::<u8>::new());
    press(&mut app, "x");
    assert_eq!(marks(&app, rc(1, 3)), vec![1, 2, 3, 9]);
    press(&mut app, "x");
    assert_eq!(marks(&app, rc(1, 3)), Vec::<u8>::new());
}

#[test]
fn undo_and_redo_cover_marks_and_digits_without_limit() {
    let mut app = app();
    press(&mut app, "<right><right>p12p<right>6");
    press(&mut app, "uuu");
    assert_eq!(board(&app), PUZZLE);
    assert!(app.game.marks(rc(1, 3)).is_empty());
    press(&mut app, "<C-r><C-r>");
    assert_eq!(marks(&app, rc(1, 3)), vec![1, 2]);
    assert_eq!(board(&app), PUZZLE);
    press(&mut app, "<C-r>");
    assert_eq!(board(&app), puzzle_with(&[(rc(1, 4), '6')]));
    press(&mut app, "u<C-r><C-r>");
    assert_eq!(app.message.as_deref(), Some("Nothing to redo"));
}

#[test]
fn placing_a_digit_clears_it_from_peer_marks() {
    let mut app = app();
    press(&mut app, "c");
    assert!(app.game.marks(rc(1, 4)).contains(d(2)));
    press(&mut app, "<right><right><right>2");
    assert!(!app.game.marks(rc(1, 6)).contains(d(2)), "same row");
    assert!(!app.game.marks(rc(3, 4)).contains(d(2)), "same column");
    assert!(app.game.marks(rc(9, 6)).contains(d(2)), "elsewhere untouched");
}

#[test]
fn filling_candidates_uses_the_digits_on_the_board() {
    let mut app = app();
    press(&mut app, "c");
    assert_eq!(marks(&app, rc(5, 5)), vec![5]);
    assert_eq!(marks(&app, rc(1, 3)), vec![1, 2, 4]);
    assert_eq!(app.game.marks(rc(1, 1)), DigitSet::EMPTY, "a given has no marks");
}

#[test]
fn check_marks_wrong_digits_and_counts_mistakes() {
    let mut app = app();
    press(&mut app, "<right><right>1<right>6v");
    assert!(app.game.checked_wrong.contains(rc(1, 3)));
    assert!(!app.game.checked_wrong.contains(rc(1, 4)));
    assert_eq!(app.game.mistakes, 1);
    press(&mut app, "v");
    assert_eq!(app.game.mistakes, 1, "the same wrong digit counts once");
}

#[test]
fn the_hint_ladder_climbs_and_applies() {
    let mut app = app();
    let effects = press_only(&mut app, "n");
    let id = request_id(&effects);
    assert!(matches!(app.hint, Hint::Waiting { .. }));
    app.update(Event::StepReady { id, step: Some(Box::new(pointing_step())) });
    assert_eq!(app.hint_text().as_deref(), Some("Locked Candidates (Pointing) in box 1. Press n for more."));
    press_only(&mut app, "n");
    assert!(app.hint_text().is_some_and(|t| t.contains("look at the highlighted cells")));
    press_only(&mut app, "n");
    assert!(app.hint_text().is_some_and(|t| t.contains("7 is removed from r2c7 and r2c9")));
    press_only(&mut app, "n");
    assert!(matches!(app.hint, Hint::Step { rung: 3, .. }), "the ladder stops at the top");
    press_only(&mut app, "a");
    assert_eq!(app.hint, Hint::None);
    assert!(app.game.state().eliminations[rc(2, 7)].contains(d(7)));
    assert!(!app.game.true_candidates().has(rc(2, 9), d(7)), "the next hint builds on it");
    assert_eq!(app.game.hints_used, 1);
}

#[test]
fn a_stale_hint_reply_is_dropped() {
    let mut app = app();
    let effects = press_only(&mut app, "n");
    let id = request_id(&effects);
    press_only(&mut app, "<right><right>4");
    app.update(Event::StepReady { id, step: Some(Box::new(pointing_step())) });
    assert_eq!(app.hint, Hint::None, "the board changed: the reply is stale");
}

#[test]
fn the_real_engine_hints_and_applies_a_sound_step() {
    let mut app = app();
    press(&mut app, "n");
    let Hint::Step { step, .. } = app.hint.clone() else { panic!("a step, got {:?}", app.hint) };
    let solution: termdoku::engine::Grid = SOLUTION.parse().expect("grid");
    for p in &step.placements {
        assert_eq!(solution.get(p.cell), Some(p.digit));
    }
    for e in &step.eliminations {
        assert_ne!(solution.get(e.cell), Some(e.digit));
    }
    let before = *app.game.state();
    press(&mut app, "a");
    assert_ne!(*app.game.state(), before, "applying changes the board");
}

#[test]
fn apply_without_a_hint_shows_it_whole_and_applies_it_on_the_next_press() {
    let mut app = app();
    let before = *app.game.state();
    press(&mut app, "a");
    assert_eq!(*app.game.state(), before, "nothing is applied unseen");
    assert!(matches!(app.hint, Hint::Step { rung: 3, .. }), "{:?}", app.hint);
    let text = app.hint_text().expect("the hint is shown");
    assert!(text.ends_with("Press a to apply."), "{text}");
    assert_eq!(app.game.hints_used, 1, "a hint shown is a hint counted");
    press(&mut app, "a");
    assert_ne!(*app.game.state(), before);
    assert!(app.message.is_some(), "the applied step is explained");
    assert_eq!(app.game.hints_used, 1, "counted once");
}

#[test]
fn a_wrong_digit_is_pointed_at_before_any_technique() {
    let mut app = app();
    let effects = press(&mut app, "<right><right>1<right><right>n");
    assert!(!effects.iter().any(|e| matches!(e, Effect::FindStep { .. })), "no engine call");
    assert_eq!(app.hint, Hint::Mistake(Mistake::WrongDigit(rc(1, 3))));
    assert!(app.hint_text().is_some_and(|t| t.contains("r1c3")));
    press(&mut app, "a");
    assert_eq!(board(&app), PUZZLE, "apply removes the wrong digit");
    assert_eq!(app.cursor, rc(1, 3));
}

#[test]
fn a_removed_needed_mark_is_pointed_at() {
    let mut app = app();
    // r1c3 needs a 4; marking 1 and 2 only leaves it out.
    press(&mut app, "<right><right>p12pn");
    assert_eq!(app.hint, Hint::Mistake(Mistake::MissingMark(rc(1, 3))));
    press(&mut app, "a");
    assert_eq!(marks(&app, rc(1, 3)), vec![1, 2, 4]);
}

#[test]
fn auto_solve_steps_on_ticks_and_any_key_stops_it() {
    let mut app = app();
    press(&mut app, "s");
    assert!(app.auto_solve.is_some());
    let before = board(&app);
    feed(&mut app, Event::Tick(Duration::from_millis(700)));
    feed(&mut app, Event::Tick(Duration::from_millis(700)));
    assert_ne!(board(&app), before, "steps were applied");
    assert!(app.message.as_deref().is_some_and(|m| m.starts_with("Auto-solve: ")));
    press(&mut app, "z");
    assert!(app.auto_solve.is_none());
}

#[test]
fn auto_solve_runs_to_the_win() {
    let mut app = app();
    press(&mut app, "s");
    for _ in 0..400 {
        feed(&mut app, Event::Tick(Duration::from_secs(1)));
        if app.overlay == Overlay::Won {
            break;
        }
    }
    assert_eq!(app.overlay, Overlay::Won);
    assert_eq!(board(&app), SOLUTION);
}

#[test]
fn solve_all_asks_first() {
    let mut app = app();
    press(&mut app, "Sn");
    assert_eq!(board(&app), PUZZLE, "anything but yes cancels");
    press(&mut app, "S<enter>");
    assert_eq!(board(&app), SOLUTION);
    assert_eq!(app.overlay, Overlay::Won);
    assert!(app.game.revealed, "a revealed game is not a solved one");
}

#[test]
fn pause_stops_the_clock_and_help_opens_and_closes() {
    let mut app = app();
    app.update(Event::Tick(Duration::from_secs(3)));
    assert_eq!(app.game.elapsed, Duration::from_secs(3));
    press(&mut app, "<space>");
    assert_eq!(app.tick_interval(), None, "the loop sleeps while paused");
    app.update(Event::Tick(Duration::from_secs(3)));
    assert_eq!(app.game.elapsed, Duration::from_secs(3));
    press(&mut app, "<space>?");
    assert_eq!(app.overlay, Overlay::Help);
    press(&mut app, "q");
    assert_eq!(app.overlay, Overlay::None, "q closes the help rather than quitting");
    assert!(!app.is_quitting());
    let effects = press(&mut app, "q");
    assert!(effects.contains(&Effect::Quit));
}

#[test]
fn new_game_dialog_generates_and_esc_cancels() {
    let mut app = app();
    let effects = press_only(&mut app, "N<down><enter>");
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Generate { level: termdoku::engine::logic::Level::Medium, .. }))
    );
    assert!(matches!(app.overlay, Overlay::Generating { .. }));
    let effects = press_only(&mut app, "<esc>");
    assert_eq!(effects, vec![Effect::CancelWork]);
    assert_eq!(app.overlay, Overlay::None);
    // Picking a level by number, the worker answering inline.
    press(&mut app, "N1");
    assert_eq!(app.game.level(), Some(termdoku::engine::logic::Level::Easy));
    assert_ne!(board(&app), PUZZLE);
}

#[test]
fn a_pasted_puzzle_starts_a_game() {
    let mut app = app();
    press(&mut app, "Np");
    app.update(Event::Paste(SOLUTION.replacen('5', ".", 1)));
    press(&mut app, "<enter>");
    assert_eq!(app.overlay, Overlay::None);
    assert_eq!(board(&app), SOLUTION.replacen('5', ".", 1));
    assert_eq!(app.game.level(), Some(termdoku::engine::logic::Level::Easy), "a pasted puzzle is rated");
    press(&mut app, "Np12<C-c>3<enter>");
    assert!(matches!(&app.overlay, Overlay::Paste { input, error: Some(_) } if input == "123"));
}

#[test]
fn a_click_selects_the_cell_under_it() {
    let mut app = app();
    app.update(Event::Resize(100, 40));
    let target = cell_centre(100, 40, rc(5, 6));
    app.update(Event::Click(target));
    assert_eq!(app.cursor, rc(5, 6));
}

#[test]
fn the_win_screen_stays_until_dismissed_and_offers_a_new_game() {
    let mut app = app();
    press(&mut app, "S<enter>");
    assert_eq!(app.overlay, Overlay::Won);
    assert_eq!(app.tick_interval(), None, "the clock stops");
    press(&mut app, "a5<right>");
    assert_eq!(app.overlay, Overlay::Won, "stray keys do not hide the result");
    press(&mut app, "<esc>");
    assert_eq!(app.overlay, Overlay::None);
    press(&mut app, "N");
    assert!(matches!(app.overlay, Overlay::NewGame { .. }));
}

#[test]
fn hint_policies_direct_and_off() {
    use termdoku::tui::gameplay::HintPolicy;
    let mut app = app();
    app.gameplay.hint_policy = HintPolicy::Direct;
    let id = request_id(&press_only(&mut app, "n"));
    app.update(Event::StepReady { id, step: Some(Box::new(pointing_step())) });
    assert!(matches!(app.hint, Hint::Step { rung: 3, .. }), "everything at once");
    let mut app = tui_support::app();
    app.gameplay.hint_policy = HintPolicy::Off;
    assert!(press(&mut app, "n").is_empty());
    assert_eq!(app.hint, Hint::None);
}

#[test]
fn immediate_mistake_checking_marks_a_wrong_digit_at_once() {
    let mut app = app();
    app.gameplay.immediate_mistakes = true;
    press(&mut app, "<right><right>1");
    assert!(app.game.checked_wrong.contains(rc(1, 3)));
    assert_eq!(app.game.mistakes, 1);
    press(&mut app, "4");
    assert!(app.game.checked_wrong.is_empty(), "a right digit clears the mark");
}

#[test]
fn hint_presses_while_the_worker_thinks_are_not_lost() {
    let mut app = app();
    let id = request_id(&press_only(&mut app, "nn"));
    app.update(Event::StepReady { id, step: Some(Box::new(pointing_step())) });
    assert!(matches!(app.hint, Hint::Step { rung: 2, .. }));
}

#[test]
fn the_loop_wakes_only_when_the_clock_shows_a_new_second() {
    let mut app = app();
    app.update(Event::Tick(Duration::from_millis(1300)));
    assert_eq!(app.tick_interval(), Some(Duration::from_millis(700)));
}

#[test]
fn an_applied_step_stays_drawn_until_the_next_key() {
    let mut app = app();
    let id = request_id(&press_only(&mut app, "n"));
    app.update(Event::StepReady { id, step: Some(Box::new(pointing_step())) });
    press_only(&mut app, "a");
    assert_eq!(app.recent_step.as_deref(), Some(&pointing_step()));
    let h = termdoku::tui::view::highlights(&app);
    assert!(h.hint_cells.contains(rc(2, 2)));
    press_only(&mut app, "<right>");
    assert!(app.recent_step.is_none());
}

#[test]
fn new_games_use_the_seed_then_the_next_ones() {
    let mut app = App::new(app().game, 41);
    let seeds: Vec<u64> = [
        app.request_new_game(termdoku::engine::logic::Level::Hard),
        app.request_new_game(termdoku::engine::logic::Level::Hard),
    ]
    .concat()
    .into_iter()
    .filter_map(|e| match e {
        Effect::Generate { seed, .. } => Some(seed),
        _ => None,
    })
    .collect();
    assert_eq!(seeds, vec![41, 42]);
}

#[test]
fn a_hint_count_restored_at_its_limit_saturates() {
    let mut app = app();
    app.game.hints_used = u32::MAX;
    press(&mut app, "n");
    assert_eq!(app.game.hints_used, u32::MAX);
    press(&mut app, "<right><right>1n");
    assert!(matches!(app.hint, Hint::Mistake(_)), "{:?}", app.hint);
    assert_eq!(app.game.hints_used, u32::MAX);
}

#[test]
fn a_stale_auto_solve_reply_is_dropped() {
    let mut app = app();
    press_only(&mut app, "s");
    let first = request_id(&app.update(Event::Tick(Duration::from_millis(700))));
    // A key stops the solver while the worker still thinks; a new run asks again.
    press_only(&mut app, "z");
    press_only(&mut app, "s");
    let second = request_id(&app.update(Event::Tick(Duration::from_millis(700))));
    assert_ne!(first, second);
    let before = board(&app);
    app.update(Event::StepReady { id: first, step: Some(Box::new(pointing_step())) });
    assert_eq!(board(&app), before);
    assert_eq!(app.recent_step, None, "the old reply is not applied");
    assert_eq!(app.auto_solve.and_then(|a| a.waiting), Some(second), "the new request still waits");
}

/// A classic puzzle that needs more than singles (Sudoku Explainer rates it 3.4).
const NEEDS_ELIMINATIONS: &str =
    "080200400570000100002300000820090005000715000700020041000006700003000018007009050";

fn app_needing_eliminations() -> App {
    App::with_puzzle(NEEDS_ELIMINATIONS.parse().expect("valid puzzle"), Some(Level::Medium))
}

#[test]
fn hints_after_c_start_from_the_marks_and_count_only_what_they_change() {
    for mut app in [app(), app_needing_eliminations()] {
        let applied = solve_from_marks_with_hints(&mut app);
        assert_eq!(app.game.hints_used, applied);
    }
}

#[test]
fn a_true_candidate_removed_by_hand_is_the_first_hint() {
    // r1c3 is 4: after `c` and a hint, the player removes the 4 from its marks.
    let mut app = app();
    press(&mut app, "cnnna<esc>");
    removed_true_mark_is_the_first_hint(&mut app, rc(1, 3), d(4));
}

#[test]
fn a_step_whose_removals_the_player_made_by_hand_is_not_shown_again() {
    // Hints are applied up to the first that only removes marks; the player removes those marks by
    // hand instead: the next hint is another step, one that changes a mark the player still has.
    let mut app = app_needing_eliminations();
    press(&mut app, "c");
    let step = loop {
        press(&mut app, "nnn");
        let Some((step, _)) = app.shown_step() else { panic!("a step: {:?}", app.hint) };
        if step.placements.is_empty() {
            break step.clone();
        }
        press(&mut app, "a");
    };
    press(&mut app, "<esc>");
    for e in &step.eliminations {
        app.cursor = e.cell;
        press(&mut app, &format!("<A-{}>", e.digit));
    }
    let hints = app.game.hints_used;
    press(&mut app, "nnn");
    let Some((next, _)) = app.shown_step() else { panic!("a step: {:?}", app.hint) };
    assert_ne!(next.eliminations, step.eliminations, "{}", next.explanation);
    assert!(
        !next.placements.is_empty()
            || next.eliminations.iter().any(|e| app.game.marks(e.cell).contains(e.digit)),
        "{}",
        next.explanation
    );
    assert_eq!(app.game.hints_used, hints + 1);
}
