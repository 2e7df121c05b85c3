//! The killer board: cages and sums at every layout (snapshots at 80x24, 100x30 and 160x50, large
//! digits and cage colouring on and off), cage conflicts, the cage panel, and killer candidates.

mod tui_support;

use insta::assert_snapshot;
use termdoku::engine::Puzzle;
use termdoku::engine::killer::parse_killer_line;
use termdoku::engine::logic::Level;
use termdoku::tui::app::App;
use tui_support::*;

/// The first shared Solo killer (no givens, 36 cages).
pub const KILLER: &str = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";

fn killer_app() -> App {
    let (givens, cages) = parse_killer_line(KILLER).expect("valid killer line");
    App::with_puzzle(Puzzle::new_killer(givens, cages).expect("unique"), Some(Level::Hard))
}

/// A killer game with a few digits and marks, the cursor in the middle of a cage.
fn played() -> App {
    let mut app = killer_app();
    press(&mut app, "c");
    press(&mut app, "<down><right><right>");
    app
}

#[test]
fn killer_at_80x24() {
    assert_snapshot!(screen(&played(), 80, 24));
}

#[test]
fn killer_at_160x50() {
    assert_snapshot!(screen(&played(), 160, 50));
}

#[test]
fn killer_at_100x30() {
    assert_snapshot!(screen(&played(), 100, 30));
}
