//! The daily puzzle in the game: the picker's Today items (at 80x24, with this month's calendar
//! and the streak), starting today's daily through the worker as any new game, the game marked as
//! the day's, and its win marked in the calendar.

mod tui_support;

use termdoku::engine::Variant;
use termdoku::engine::daily::{DailyDate, daily_options};
use termdoku::profile::daily::DayMark;
use termdoku::tui::dialogs::Overlay;
use termdoku::tui::dialogs::new_game::{TODAY_CLASSIC, TODAY_KILLER};
use termdoku::tui::effect::Effect;
use tui_support::*;

fn day(text: &str) -> DailyDate {
    text.parse().expect("a date")
}

/// The test app, on 2026-11-29 (a Sunday), with the classic dailies of the 27th and 28th solved.
fn app_on_sunday() -> termdoku::tui::app::App {
    let mut app = app();
    app.daily.today = day("2026-11-29");
    for date in ["2026-11-27", "2026-11-28"] {
        app.daily.record.finish(Variant::Classic, day(date), day(date), false);
    }
    app
}

#[test]
fn the_picker_shows_today_the_calendar_and_the_streak_at_80x24() {
    let mut app = app_on_sunday();
    press(&mut app, "N<up>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: TODAY_CLASSIC }, "up from easy: today's classic");
    let text = screen(&app, 80, 24);
    insta::assert_snapshot!("picker_with_today_at_80x24", text);
    assert!(text.contains("▶ today extreme") && text.contains("today expert"), "{text}");
    assert!(text.contains("Classic Nov 2026") && text.contains("26 27*28*29"), "{text}");
    assert!(text.contains("streak 2 · best 2"), "{text}");
    // On the killer side, the killer calendar (nothing solved) and streak.
    press(&mut app, "<right>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: TODAY_KILLER });
    let text = screen(&app, 80, 24);
    assert!(text.contains("Killer Nov 2026") && text.contains("streak 0 · best 0"), "{text}");
    // Too narrow for the calendar, the picker keeps its levels and today's items.
    let narrow = screen(&app, 60, 24);
    assert!(narrow.contains("today expert") && !narrow.contains("Nov 2026"), "{narrow}");
}

#[test]
fn the_arrows_and_tab_reach_the_today_items() {
    let mut app = app_on_sunday();
    press(&mut app, "N<up><up>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: termdoku::tui::dialogs::new_game::PASTE_ITEM });
    press(&mut app, "<down>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: TODAY_CLASSIC }, "from paste, down to the top");
    press(&mut app, "<down>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: 0 }, "then classic easy");
    press(&mut app, "<right><up>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: TODAY_KILLER }, "killer easy, up: today's killer");
    press(&mut app, "<tab>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: 5 }, "tab walks the killer column");
}

#[test]
fn today_starts_the_days_puzzle_through_the_worker_and_its_win_is_marked() {
    let mut app = app_on_sunday();
    let effects = press(&mut app, "N<up><enter>");
    let today = day("2026-11-29");
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Daily { variant: Variant::Classic, date, .. } if *date == today)),
        "{effects:?}"
    );
    assert_eq!(app.game.daily, Some(today));
    assert_eq!(app.message.as_deref(), Some("The classic daily puzzle of 2026-11-29 (Sunday)"));
    let expected = termdoku::engine::generate(&daily_options(Variant::Classic, today), &Default::default())
        .expect("a puzzle");
    assert_eq!(app.game.puzzle(), &expected.puzzle, "the day's puzzle, as `daily --print` gives it");
    // The picker opens on it, and choosing it again while it is played keeps the game.
    press(&mut app, "5");
    let before = app.game.progress();
    press(&mut app, "N");
    assert_eq!(app.overlay, Overlay::NewGame { selected: TODAY_CLASSIC });
    press(&mut app, "<enter>");
    assert_eq!(app.overlay, Overlay::None);
    assert_eq!(app.game.progress(), before);
    assert!(app.message.as_deref().is_some_and(|m| m.contains("today's classic daily")), "{:?}", app.message);
    // Solved: the calendar marks today and the streak grows.
    press(&mut app, "<esc>");
    let solution = expected.puzzle.solution().to_line();
    for (index, digit) in solution.chars().enumerate() {
        let cell = termdoku::engine::Cell::from_index(index);
        if app.game.puzzle().givens().get(cell).is_none() {
            app.cursor = cell;
            press(&mut app, &digit.to_string());
        }
    }
    assert!(app.game.is_won());
    let text = screen(&app, 80, 24);
    assert!(text.contains("Daily     2026-11-29") && text.contains("Streak    3 (best 3)"), "{text}");
    assert_eq!(app.daily.record.mark(Variant::Classic, today), Some(DayMark::Solved));
    assert_eq!(app.daily.record.streak(Variant::Classic, today).current, 3);
}

#[test]
fn a_daily_solved_by_the_engine_is_marked_revealed() {
    let mut app = app_on_sunday();
    press(&mut app, "N<up><enter>");
    press(&mut app, "<esc>");
    // The whole solution, asked for and confirmed.
    press(&mut app, "S");
    press(&mut app, "y");
    assert!(app.game.is_won() && app.game.revealed);
    // A past day's daily does not open the picker on today's item.
    app.game.daily = Some(day("2026-11-22"));
    press(&mut app, "<esc>N");
    assert_eq!(app.overlay, Overlay::NewGame { selected: 4 }, "its level, extreme");
    press(&mut app, "<esc>");
    let today = day("2026-11-29");
    assert_eq!(app.daily.record.mark(Variant::Classic, today), Some(DayMark::Revealed));
    // Today's daily can no longer count: the run that led to it is over.
    let streak = app.daily.record.streak(Variant::Classic, today);
    assert_eq!((streak.current, streak.best), (0, 2), "the run ends; the best stays");
}
