//! The killer board: cages and sums at every layout (snapshots at 80x24, 100x30 and 160x50, large
//! digits and cage colouring on and off), cage conflicts, the cage panel, and killer candidates.

mod tui_support;

use insta::assert_snapshot;
use termdoku::engine::logic::Level;
use termdoku::tui::app::App;
use termdoku::tui::hint::Hint;
use tui_support::*;

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

#[test]
fn the_picker_offers_killers_at_every_level() {
    use termdoku::engine::Variant;
    let mut app = tui_support::app();
    press(&mut app, "N");
    let dialog = screen(&app, 80, 24);
    assert!(dialog.contains("Killer") && dialog.contains("5 killer extreme"), "{dialog}");
    // → moves to the same level's killer (the game is easy); Enter starts it.
    press(&mut app, "<right><enter>");
    assert_eq!(app.game.puzzle().variant(), Variant::Killer);
    assert_eq!(app.game.level(), Some(Level::Easy));
    // On a killer the picker opens on the killer levels; 3 starts a hard killer.
    press(&mut app, "N3");
    assert_eq!((app.game.puzzle().variant(), app.game.level()), (Variant::Killer, Some(Level::Hard)));
    press(&mut app, "N<left>2");
    assert_eq!((app.game.puzzle().variant(), app.game.level()), (Variant::Classic, Some(Level::Medium)));
}

#[test]
fn cage_conflicts_are_marked_and_killer_candidates_follow_the_cages() {
    let mut app = killer_app();
    // Cage a is r1c1 r1c2 = 9: 4 and 4 repeat, 4 and 6 overshoot.
    press(&mut app, "4<right>6");
    let board = screen(&app, 80, 24);
    assert!(board.contains("4 !") || board.contains("!"), "{board}");
    assert!(app.game.conflicts().contains(rc(1, 1)) && app.game.conflicts().contains(rc(1, 2)));
    press(&mut app, "<bs>5");
    assert!(app.game.conflicts().is_empty());
    // Filled candidates of r1c3 (cage b: r1c3 r2c3 = 10) leave out 5 (10 = 5 + 5).
    press(&mut app, "c");
    assert!(!app.game.marks(rc(1, 3)).contains(d(5)));
    assert!(app.game.marks(rc(1, 3)).contains(d(1)));
}

#[test]
fn a_hint_on_a_killer_names_a_killer_step_and_applies() {
    let mut app = killer_app();
    press(&mut app, "n");
    let text = app.hint_text().expect("a hint");
    assert!(text.starts_with("Cage Combinations"), "{text}");
    press(&mut app, "nn");
    let text = app.hint_text().expect("a hint");
    assert!(
        text.contains("cage 9 at r1c1-r1c2") && text.contains("9 is removed from r1c1 and r1c2"),
        "{text}"
    );
    press(&mut app, "a");
    let candidates = app.game.true_candidates();
    for cell in [rc(1, 1), rc(1, 2)] {
        assert!(!candidates.has(cell, d(9)) && candidates.has(cell, d(1)), "{cell}: the step removed 9");
    }
    assert!(candidates.has(rc(1, 3), d(9)), "r1c3 keeps 9");
    assert_eq!(app.game.hints_used, 1);
}

#[test]
fn hints_after_c_start_from_the_marks_and_count_only_what_they_change() {
    // A Trivial Solo killer: after `c` the marks already follow the cage combinations, so no hint
    // may spend itself removing what is gone (once, the first 37 did, and each counted).
    let mut app = killer_app();
    let applied = solve_from_marks_with_hints(&mut app);
    assert_eq!(app.game.hints_used, applied);
}

#[test]
fn a_true_candidate_removed_by_hand_on_a_killer_is_the_first_hint() {
    // r1c1 (cage 9 with r1c2) is 7: after `c` and a hint, the player removes the 7.
    let mut app = killer_app();
    press(&mut app, "cnna<esc>");
    removed_true_mark_is_the_first_hint(&mut app, rc(1, 1), d(7));
    press(&mut app, "n");
    assert!(matches!(app.hint, Hint::Step { .. }), "then the hints go on: {:?}", app.hint);
}

#[test]
fn killer_at_160x50_with_small_digits() {
    let mut app = played();
    press(&mut app, "<left>5<down>");
    app.gameplay.large_digits = false;
    assert_snapshot!(screen(&app, 160, 50));
}

#[test]
fn killer_at_160x50_with_large_digits_and_a_digit() {
    let mut app = played();
    press(&mut app, "<left>5<down>");
    assert_snapshot!(screen(&app, 160, 50));
}

#[test]
fn killer_tight_and_compact_layouts() {
    let mut app = played();
    press(&mut app, "<left>5<down>");
    assert_snapshot!("killer_at_120x37", screen(&app, 120, 37));
    assert_snapshot!("killer_at_60x20", screen(&app, 60, 20));
}

#[test]
fn cage_colours_differ_between_touching_cages_and_monochrome_keeps_walls_and_sums() {
    use ratatui::style::Modifier;
    use termdoku::tui::theme::Theme;
    let mut app = killer_app();
    app.gameplay.cage_colours = true;
    app.gameplay.highlight_peers = false;
    press(&mut app, "<down><down><down><down>");
    // At 160x50 the board has lines between rows, so no cell is shaded a lighter twin.
    let buf = render(&app, 160, 50);
    // r1c1 and r1c2 share cage a; r1c3 is cage b, r1c1's neighbour below (r2c1) is cage 13.
    let bg = |row: usize, col: usize| {
        let p = cell_centre(160, 50, rc(row, col));
        buf[(p.x, p.y)].bg
    };
    assert_eq!(bg(1, 1), bg(1, 2), "one cage, one colour");
    assert_ne!(bg(1, 2), bg(1, 3), "touching cages differ");
    assert_ne!(bg(1, 1), bg(2, 1), "touching cages differ");
    // Monochrome: no fills, the walls and sums are still drawn, the cursor cage's walls bold.
    app.theme = Theme::monochrome();
    let mono = render(&app, 80, 24);
    let text = screen(&app, 80, 24);
    assert!(text.contains("⁹") && text.contains('┆') && text.contains('┅'), "{text}");
    let p = cell_centre(80, 24, rc(1, 1));
    assert_eq!(mono[(p.x, p.y)].bg, ratatui::style::Color::Reset);
    let cursor = cell_centre(80, 24, rc(5, 1));
    // The cursor is on r5c1, first cell of cage 15 (r5c1..): its sum is reversed.
    let sum = &mono[(cursor.x - 3, cursor.y - 1)];
    assert_eq!(sum.symbol(), "¹");
    assert!(sum.modifier.contains(Modifier::REVERSED), "{sum:?}");
}

#[test]
fn help_on_a_killer_explains_the_cages() {
    let mut app = killer_app();
    press(&mut app, "?");
    assert_snapshot!("killer_help_at_100x40", screen(&app, 100, 40));
    // The killer's legend comes after the keys: the arrows (here `j`) scroll down to it.
    press(&mut app, &"j".repeat(20));
    let help = screen(&app, 100, 40);
    assert!(help.contains("cage sum") && help.contains("combinations still possible"), "{help}");
}

#[test]
fn killer_at_the_minimum_size() {
    assert_snapshot!(screen(&played(), 40, 20));
}

#[test]
fn a_hint_outlines_the_cages_it_uses() {
    use ratatui::style::Modifier;
    use termdoku::engine::Candidate;
    use termdoku::engine::killer::Cage;
    use termdoku::engine::logic::{Step, Technique};
    let mut app = killer_app();
    // A made-up step that uses cage a (r1c1 r1c2, 9) and a derived two-cell set r2c1 r3c1.
    let cage_a = *app.game.puzzle().cages().expect("cages").cage_at(rc(1, 1)).expect("cage a");
    let derived = Cage::new([rc(2, 1), rc(3, 1)].into_iter().collect(), 18);
    let step = Step::new(Technique::NakedSingle)
        .with_cells([rc(1, 1)])
        .with_placements([Candidate::new(rc(1, 1), d(4))])
        .with_cages([cage_a, derived])
        .with_explanation("made up");
    show_hint(&mut app, step, "n");
    let buf = render(&app, 160, 50);
    // The line right of a cell's centre, on the 9x4 cells of 160x50.
    let right_line = |p: ratatui::layout::Position| (p.x + 5, p.y);
    // The line between r1c2 and r1c3 (cage a's right wall) is in the hint's outline style.
    let centre = cell_centre(160, 50, rc(1, 2));
    let wall = &buf[right_line(centre)];
    assert_eq!(wall.symbol(), "┆");
    assert!(wall.modifier.contains(Modifier::BOLD) && wall.fg == app.theme.hint_cage.fg.expect("a colour"));
    // The derived set's right side, between r2c1 and r2c2, is outlined too.
    let between = cell_centre(160, 50, rc(2, 1));
    let side = &buf[right_line(between)];
    assert_eq!((side.symbol(), side.fg), ("┆", wall.fg));
    // Without the hint, that wall is a plain cage wall.
    press(&mut app, "<esc>");
    let plain = render(&app, 160, 50);
    assert_ne!(plain[right_line(centre)].fg, wall.fg);
}

/// Where each cage's sum is drawn on a screen of `width` x `height`: the sum's text and the
/// positions of its characters.
fn sum_positions(app: &App, width: u16, height: u16) -> Vec<(String, Vec<ratatui::layout::Position>)> {
    use ratatui::layout::{Position, Rect};
    use termdoku::tui::layout::Screen;
    use termdoku::tui::widgets::board::sum_text;
    let Screen::Game { size, board, .. } = Screen::plan(Rect::new(0, 0, width, height)) else {
        panic!("the game fits {width}x{height}");
    };
    let cages = app.game.puzzle().cages().expect("a killer");
    cages
        .iter()
        .filter_map(|(_, cage)| {
            let anchor = cage.anchor()?;
            let text = sum_text(size, cage.sum());
            let len = text.chars().count() as u16;
            let (dx, dy) = size.sum_start(len);
            let rect = size.cell_rect(anchor);
            let x = (i32::from(board.x + 2 + rect.x) + dx) as u16;
            let y = (i32::from(board.y + 1 + rect.y) + dy) as u16;
            Some((text, (0..len).map(|i| Position::new(x + i, y)).collect()))
        })
        .collect()
}

#[test]
fn sums_are_bold_never_dim_and_alike_in_every_digit_with_and_without_colour() {
    use ratatui::style::{Color, Modifier};
    use termdoku::tui::theme::{SUM_LABEL, Theme};
    for monochrome in [false, true] {
        let mut app = played();
        if monochrome {
            app.theme = Theme::monochrome();
        }
        // 80x24 (sums in the cells' corners, a tens digit on the line), 120x40 (on the lines) and
        // 200x60 (in the cells' corners, in plain digits).
        for (width, height) in [(80, 24), (120, 40), (200, 60)] {
            let buf = render(&app, width, height);
            let sums = sum_positions(&app, width, height);
            assert_eq!(sums.len(), 36);
            let mut two_digit = 0;
            for (text, positions) in sums {
                let drawn: String = positions.iter().map(|&p| buf[p].symbol().to_string()).collect();
                assert_eq!(drawn, text, "{width}x{height}");
                let first = &buf[positions[0]];
                let at = format!("{text} at {width}x{height}, monochrome {monochrome}");
                for &p in &positions {
                    let cell = &buf[p];
                    assert!(!cell.modifier.contains(Modifier::DIM), "{at}: {cell:?}");
                    assert!(cell.modifier.contains(Modifier::BOLD), "{at}: {cell:?}");
                    assert_eq!(
                        (cell.fg, cell.bg, cell.modifier),
                        (first.fg, first.bg, first.modifier),
                        "{at}"
                    );
                    if monochrome {
                        // Marks are dim and never reversed: a sum is reversed.
                        assert!(cell.modifier.contains(Modifier::REVERSED), "{at}: {cell:?}");
                        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{at}");
                    } else if !cell.modifier.contains(Modifier::REVERSED) {
                        assert_eq!(cell.bg, SUM_LABEL, "{at}: {cell:?}");
                        assert_ne!(Some(cell.fg), app.theme.mark.fg, "{at}");
                    }
                }
                two_digit += usize::from(positions.len() == 2);
            }
            assert!(two_digit > 20, "the board has two-digit sums: {two_digit}");
        }
    }
}

#[test]
fn cage_colours_survive_the_cursors_highlight() {
    use ratatui::style::Color;
    use termdoku::tui::theme::{PEER_LIFT, lighten};
    let mut app = killer_app();
    app.gameplay.cage_colours = true;
    assert!(app.gameplay.highlight_peers);
    // The cursor on r5c5: row 5 runs through several cages.
    press(&mut app, "<down><down><down><down><right><right><right><right>");
    let cages = app.game.puzzle().cages().expect("a killer").clone();
    for (width, height) in [(160, 50), (80, 24)] {
        let buf = render(&app, width, height);
        let bg = |cell| {
            let p = cell_centre(width, height, cell);
            buf[(p.x, p.y)].bg
        };
        let at = format!("{width}x{height}");
        // r1c1 and r1c2 (cage a) are outside the highlight; r5c1 is in the cursor's row.
        assert_ne!(
            bg(rc(5, 1)),
            app.theme.peer.bg.expect("a colour"),
            "{at}: the peers keep their cages' colours"
        );
        for col in 1..9 {
            let (a, b) = (rc(5, col), rc(5, col + 1));
            if cages.cage_of(a) != cages.cage_of(b) {
                assert_ne!(bg(a), bg(b), "{at}: {a} and {b} are in the cursor's row and in two cages");
            }
        }
        // At 160x50 (no lighter every other cell): one cage's colour, lighter in the cursor's
        // row than in its cells outside the highlight.
        if width == 160 {
            let cursor = rc(5, 5);
            let outside_highlight = |c: termdoku::engine::Cell| {
                !c.peers().contains(cursor) && c != cursor && !cages.cage_mates(cursor).contains(c)
            };
            let (inside, outside) = (1..=9)
                .map(|col| rc(5, col))
                .filter(|&c| !cages.cage_mates(cursor).contains(c))
                .find_map(|c| cages.cage_mates(c).into_iter().find(|&m| outside_highlight(m)).map(|m| (c, m)))
                .expect("a cage crossing row 5 and leaving the highlight");
            let plain = ratatui::style::Style::new().bg(bg(outside));
            assert_eq!(Some(bg(inside)), lighten(plain, PEER_LIFT).bg, "{inside} and {outside}");
        }
        assert!(matches!(bg(rc(5, 1)), Color::Rgb(..)), "{at}");
    }
}

#[test]
fn row_walls_without_a_line_read_with_and_without_underline_at_80x24() {
    use ratatui::layout::{Position, Rect};
    use ratatui::style::Modifier;
    use termdoku::tui::layout::Screen;
    use termdoku::tui::theme::Theme;
    let Screen::Game { size, board, .. } = Screen::plan(Rect::new(0, 0, 80, 24)) else { panic!("fits") };
    for monochrome in [false, true] {
        let mut app = played();
        if monochrome {
            app.theme = Theme::monochrome();
        }
        let cages = app.game.puzzle().cages().expect("a killer").clone();
        let buf = render(&app, 80, 24);
        let mut walls = 0;
        for cell in termdoku::engine::Cell::ALL {
            if cell.row() % 3 == 2 {
                continue; // a box line runs below
            }
            let below = termdoku::engine::Cell::at(cell.row() + 1, cell.col());
            let rect = size.cell_rect(cell);
            let (x0, y) = (board.x + 2 + rect.x, board.y + 1 + rect.bottom() - 1);
            let underlined =
                (x0..x0 + rect.width).all(|x| buf[(x, y)].modifier.contains(Modifier::UNDERLINED));
            let at = format!("{cell} over {below}, monochrome {monochrome}");
            if cages.cage_of(cell) == cages.cage_of(below) {
                assert!(!underlined, "{at}: no wall inside a cage");
                continue;
            }
            walls += 1;
            // With underline: the upper cell's lower row, its marks still there.
            assert!(underlined, "{at}");
            let marks: String = (x0..x0 + rect.width).map(|x| buf[(x, y)].symbol().to_string()).collect();
            assert!(marks.chars().all(|c| c == ' ' || c.is_ascii_digit()), "{at}: {marks:?}");
            // Without underline: the line at each end has a stub toward the cell, or is the
            // cage's dashed side.
            let left = buf[Position::new(x0 - 1, y)].symbol();
            let right = buf[Position::new(x0 + rect.width, y)].symbol();
            for end in [Position::new(x0 - 1, y), Position::new(x0 + rect.width, y)] {
                assert!(!buf[end].modifier.contains(Modifier::DIM), "{at}: {:?}", buf[end]);
            }
            assert!(["├", "┼", "┠", "╂", "┆", "┇"].contains(&left), "{at}: left end {left:?}");
            assert!(["┤", "┼", "┨", "╂", "┆", "┇"].contains(&right), "{at}: right end {right:?}");
        }
        assert!(walls > 10, "the board has row walls inside boxes: {walls}");
    }
}
