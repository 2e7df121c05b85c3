//! The statistics screen with a hand-made history (several levels, both variants): snapshots at
//! 80x24 (a page per variant, then the daily puzzles' page) and 120x40 (both variants stacked, the
//! daily page next), without colour, and the keys that turn its pages and close it.

mod history_support;
mod tui_support;

use insta::assert_snapshot;
use ratatui::style::Color;
use termdoku::engine::logic::Level;
use termdoku::profile::saves::SavedGame;
use termdoku::profile::stats::Stats;
use termdoku::tui::app::App;
use termdoku::tui::dialogs::Overlay;
use termdoku::tui::event::Event;
use termdoku::tui::theme::Theme;
use tui_support::*;

/// The app showing the statistics of the hand-made history and one medium game still going.
fn stats_app() -> App {
    let mut app = app();
    let going = SavedGame::new(history_support::CLASSIC.parse().expect("puzzle"), Some(Level::Medium));
    let stats = Stats::compute(&history_support::history(), &[going]);
    feed(&mut app, Event::Stats { stats: Box::new(stats), problems: Vec::new() });
    app
}

#[test]
fn statistics_at_80x24_show_the_classic_page_with_its_charts() {
    let text = screen(&stats_app(), 80, 24);
    for part in ["Classic Sudoku", "med", "best", "3:00", "2:20", "last 20 (old → new)", "page 1 of 3", "▁"]
    {
        assert!(text.contains(part), "{part}:\n{text}");
    }
    assert_snapshot!(text);
}

#[test]
fn statistics_at_80x24_turn_to_the_killer_page() {
    let mut app = stats_app();
    // The keys turn the pages of the screen the game is on (which pages fit together depends on it).
    app.update(Event::Resize(80, 24));
    press(&mut app, "<right>");
    let text = screen(&app, 80, 24);
    assert!(text.contains("Killer Sudoku") && text.contains("page 2 of 3"), "{text}");
    assert_snapshot!(text);
    press(&mut app, "<right>");
    let daily = screen(&app, 80, 24);
    assert!(daily.contains("Daily puzzles") && daily.contains("page 3 of 3"), "{daily}");
    assert!(daily.contains("Classic Jan 1970") && daily.contains("Killer Jan 1970"), "{daily}");
    assert!(daily.contains("streak 0 · best 0"), "{daily}");
    press(&mut app, "<right>");
    assert!(screen(&app, 80, 24).contains("Classic Sudoku"), "the pages turn round");
    press(&mut app, "<down>");
    assert!(screen(&app, 80, 24).contains("Killer Sudoku"), "down turns the page too");
    press(&mut app, "<up><left>");
    assert!(screen(&app, 80, 24).contains("Daily puzzles"), "up and left turn back, round");
    press(&mut app, "x");
    assert_eq!(app.overlay, Overlay::None, "any other key closes the screen");
}

#[test]
fn statistics_at_120x40_stack_both_variants() {
    let mut app = stats_app();
    app.update(Event::Resize(120, 40));
    let text = screen(&app, 120, 40);
    assert!(text.contains("Classic Sudoku") && text.contains("Killer Sudoku"), "{text}");
    assert!(text.contains("Classic+Killer/Daily (page 1 of 2)"), "the pages that fit together: {text}");
    assert_snapshot!(text);
    press(&mut app, "<right>");
    assert!(screen(&app, 120, 40).contains("Daily puzzles"));
    // Where everything fits, everything is stacked and there are no pages.
    let tall = screen(&app, 160, 60);
    assert!(tall.contains("Killer Sudoku") && tall.contains("Daily puzzles"), "{tall}");
    assert!(tall.contains("any key closes"), "{tall}");
}

#[test]
fn statistics_without_colour_read_by_their_labels() {
    let mut app = stats_app();
    app.theme = Theme::monochrome();
    let buffer = render(&app, 80, 24);
    let uncoloured = |c: Option<Color>| matches!(c, None | Some(Color::Reset));
    let coloured: Vec<_> =
        buffer.content.iter().filter(|c| !uncoloured(Some(c.fg)) || !uncoloured(Some(c.bg))).collect();
    assert!(coloured.is_empty(), "no colour under NO_COLOR: {:?}", &coloured[..coloured.len().min(3)]);
    let text = screen(&app, 80, 24);
    assert!(text.contains("med = median") && text.contains("best = fastest"), "{text}");
    assert_snapshot!(text);
}

#[test]
fn median_and_best_bars_have_their_own_colours() {
    let buffer = render(&stats_app(), 80, 24);
    let full_in =
        |colour: Color| buffer.content.iter().filter(|c| c.symbol() == "█" && c.fg == colour).count();
    let (median, best) = (Theme::default().entry.fg, Theme::default().hint_placement.fg);
    assert!(full_in(median.expect("a colour")) > 10 && full_in(best.expect("a colour")) > 10);
}

#[test]
fn statistics_without_games_say_so() {
    let mut app = app();
    feed(
        &mut app,
        Event::Stats { stats: Box::default(), problems: vec!["history/x.toml: unreadable".into()] },
    );
    let text = screen(&app, 80, 24);
    assert!(text.contains("No games yet") && text.contains("! history/x.toml: unreadable"), "{text}");
}

#[test]
fn statistics_draw_at_every_size_without_spilling_over() {
    let problems: Vec<String> = (0..8).map(|i| format!("history/bad{i}.toml: unreadable")).collect();
    let mut app = stats_app();
    let Overlay::Stats { stats, .. } = app.overlay.clone() else { panic!("the statistics screen") };
    feed(&mut app, Event::Stats { stats, problems });
    for width in (40..=160).step_by(7) {
        for height in (20..=60).step_by(3) {
            let text = screen(&app, width, height);
            let lines: Vec<&str> = text.lines().collect();
            assert!(lines[0].starts_with("┌ Statistics"), "{width}x{height}:\n{text}");
            assert!(lines[lines.len() - 1].starts_with('└'), "the frame closes at {width}x{height}:\n{text}");
            assert!(text.contains("! history/bad0.toml"), "{width}x{height}:\n{text}");
            let footer = lines[lines.len() - 1];
            assert!(
                footer.contains("page ") || footer.contains("any key closes"),
                "the keys in sight: {footer}"
            );
        }
    }
}
