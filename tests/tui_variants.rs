//! Sudoku X and jigsaw in the game: the diagonals marked (a tint, and `╲` `╱` `╳` in an empty
//! cell without colour), a jigsaw's regions drawn with heavy walls at every board size, conflicts
//! on a diagonal and in a region, candidates that follow the layout, and the killer variants of
//! both (cages and regions together).

mod tui_support;

use insta::assert_snapshot;
use ratatui::layout::Rect;
use termdoku::tui::app::App;
use termdoku::tui::theme::Theme;
use tui_support::*;

/// `app` with candidates filled and the cursor moved off the corner.
fn with_candidates(mut app: App) -> App {
    press(&mut app, "c");
    press(&mut app, "<down><right>");
    app
}

#[test]
fn x_with_candidates_at_80x24() {
    assert_snapshot!(screen(&with_candidates(app_of(x_puzzle())), 80, 24));
}

#[test]
fn x_with_candidates_at_120x40() {
    assert_snapshot!(screen(&with_candidates(app_of(x_puzzle())), 120, 40));
}

#[test]
fn jigsaw_with_candidates_at_80x24() {
    assert_snapshot!(screen(&with_candidates(app_of(jigsaw_puzzle())), 80, 24));
}

#[test]
fn jigsaw_with_candidates_at_120x40() {
    assert_snapshot!(screen(&with_candidates(app_of(jigsaw_puzzle())), 120, 40));
}

#[test]
fn killer_x_at_80x24() {
    // Cages and diagonals together; the panel's title names the variant.
    let screen = screen(&app_of(with_row_cages(&x_puzzle())), 80, 24);
    assert!(screen.contains("Killer X"), "{screen}");
    assert_snapshot!(screen);
}

#[test]
fn jigsaw_killer_at_80x24() {
    // Cages and region walls together; the panel's title names the variant.
    let screen = screen(&app_of(with_row_cages(&jigsaw_puzzle())), 80, 24);
    assert!(screen.contains("Jigsaw Killer"), "{screen}");
    assert_snapshot!(screen);
}

#[test]
fn the_rule_of_45_view_reads_a_jigsaw_region_in_place_of_the_box() {
    // Row, column, then the cursor's region: region 1 (r1c1's), adding up to 45.
    let mut app = app_of(with_row_cages(&jigsaw_puzzle()));
    press(&mut app, "iii");
    let screen = screen(&app, 120, 40);
    assert!(screen.contains("Region 1  total 45"), "{screen}");
    assert!(!screen.contains("Box 1"), "{screen}");
    // Band and stack follow, then the view closes.
    press(&mut app, "iii");
    assert!(!app.helpers.showing());
}

#[test]
fn no_color_marks_the_diagonals_and_the_region_walls() {
    let mut x = app_of(x_puzzle());
    x.theme = Theme::monochrome();
    let board = screen(&x, 80, 24);
    let lines: Vec<&str> = board.lines().collect();
    // r1c1 is empty: its bottom-right corner holds `╲`; r1c9 `╱`; r5c5 `╳`.
    assert!(lines[3].starts_with("  ┃    ╲│") && lines[3].contains("╱┃"), "{board}");
    assert!(board.contains("╳"), "{board}");
    let buf = render(&x, 80, 24);
    // The mark is drawn in the dim line style; the cell has no background without colour.
    assert_eq!(buf[(7, 3)].symbol(), "╲");
    assert_eq!(buf[(7, 3)].bg, ratatui::style::Color::Reset);
    assert!(buf[(7, 3)].modifier.contains(ratatui::style::Modifier::DIM));
    // With colour the diagonal cells are tinted and the others are not.
    let coloured = render(&app_of(x_puzzle()), 80, 24);
    assert_ne!(coloured[(4, 2)].bg, coloured[(10, 2)].bg, "r1c1 tinted, r1c2 not");
    assert_snapshot!("x_no_color_style_map", style_map(&buf, Rect::new(0, 0, 57, 23)));

    // A jigsaw's wall between r1c2 and r2c2 (no row line at 80x24): r1c2's lower row underlined
    // and bold, with heavy stubs on the lines at both ends.
    let mut jigsaw = app_of(jigsaw_puzzle());
    jigsaw.theme = Theme::monochrome();
    let buf = render(&jigsaw, 80, 24);
    assert_eq!((buf[(8, 3)].symbol(), buf[(14, 3)].symbol()), ("┝", "┥"));
    let lower_row = &buf[(10, 3)];
    assert!(
        lower_row.modifier.contains(ratatui::style::Modifier::UNDERLINED | ratatui::style::Modifier::BOLD)
    );
    // No wall between r1c1 and r2c1 (one region): no underline there.
    assert!(!buf[(4, 3)].modifier.contains(ratatui::style::Modifier::UNDERLINED));
    assert_snapshot!("jigsaw_no_color_style_map", style_map(&buf, Rect::new(0, 0, 57, 23)));
}

#[test]
fn conflicts_on_a_diagonal_and_in_a_region_are_marked() {
    // r1c1 and r9c9 share only the main diagonal: the same digit in both conflicts on an X.
    let mut x = app_of(x_puzzle());
    let free =
        |app: &App, cells: &[termdoku::engine::Cell]| cells.iter().all(|&c| app.game.digit(c).is_none());
    // r2c2 and r8c8 share only the main diagonal.
    assert!(free(&x, &[rc(2, 2), rc(8, 8)]));
    assert!(!rc(2, 2).peers().contains(rc(8, 8)));
    let layout = x.game.puzzle().layout().clone();
    let digit = (1..=9)
        .find(|&n| {
            (layout.peers(rc(2, 2)) | layout.peers(rc(8, 8))).iter().all(|p| x.game.digit(p) != Some(d(n)))
        })
        .expect("a digit free for both");
    press(&mut x, &format!("<down><right>{digit}"));
    press(&mut x, &format!("{}{}{digit}", "<down>".repeat(6), "<right>".repeat(6)));
    assert!(x.game.conflicts().contains(rc(2, 2)) && x.game.conflicts().contains(rc(8, 8)));
    assert_eq!(x.game.mistakes, 1);
    let board = screen(&x, 80, 24);
    assert!(board.lines().nth(4).is_some_and(|l| l.contains(&format!("{digit} !"))), "{board}");
    // In the jigsaw, r3c2 and r5c3 share region 4 only (not a row, column or box).
    let mut jigsaw = app_of(jigsaw_puzzle());
    let layout = jigsaw.game.puzzle().layout().clone();
    assert_eq!(layout.region_index(rc(3, 2)), layout.region_index(rc(5, 3)));
    assert!(!rc(3, 2).peers().contains(rc(5, 3)));
    let digit = (1..=9).find(|&n| {
        layout
            .peers(rc(3, 2))
            .iter()
            .chain(layout.peers(rc(5, 3)).iter())
            .all(|p| jigsaw.game.digit(p) != Some(d(n)))
    });
    let digit = digit.expect("a digit free for both");
    jigsaw.game.enter(rc(3, 2), d(digit));
    jigsaw.game.enter(rc(5, 3), d(digit));
    assert!(jigsaw.game.conflicts().contains(rc(3, 2)) && jigsaw.game.conflicts().contains(rc(5, 3)));
}

#[test]
fn candidates_and_auto_removal_follow_the_diagonals() {
    let mut x = with_candidates(app_of(x_puzzle()));
    let layout = x.game.puzzle().layout().clone();
    // No candidate that a digit on a diagonal (or any other house) rules out.
    for cell in termdoku::engine::Cell::ALL.into_iter().filter(|&c| x.game.digit(c).is_none()) {
        for peer in layout.peers(cell) {
            if let Some(digit) = x.game.digit(peer) {
                assert!(!x.game.marks(cell).contains(digit), "{cell} keeps {digit} seen from {peer}");
            }
        }
    }
    // Two empty cells that share only a diagonal: placing one's digit removes it from the other's marks.
    let diagonal = (0..9).map(|i| rc(i + 1, i + 1));
    let (from, to, digit) = diagonal
        .clone()
        .flat_map(|a| diagonal.clone().map(move |b| (a, b)))
        .filter(|&(a, b)| a != b && !a.peers().contains(b))
        .filter(|&(a, b)| x.game.digit(a).is_none() && x.game.digit(b).is_none())
        .find_map(|(a, b)| {
            let digit = x.game.puzzle().solution().get(a)?;
            x.game.marks(b).contains(digit).then_some((a, b, digit))
        })
        .expect("a pair on the main diagonal");
    x.game.enter(from, digit);
    assert!(!x.game.marks(to).contains(digit), "auto-removal along the diagonal");
}

#[test]
fn the_picker_walks_the_six_variants() {
    use termdoku::engine::Variant;
    use termdoku::engine::logic::Level;
    use termdoku::tui::dialogs::Overlay;
    use termdoku::tui::dialogs::new_game::new_game_item;
    let mut app = tui_support::app();
    press(&mut app, "N");
    let chosen = |app: &App| match app.overlay {
        Overlay::NewGame { selected } => new_game_item(selected),
        _ => None,
    };
    // The game is easy: → walks easy through classic, killer, X, killer X, jigsaw, jigsaw killer.
    let mut seen = vec![chosen(&app)];
    for _ in 0..6 {
        press(&mut app, "<right>");
        seen.push(chosen(&app));
    }
    let walk = [
        Variant::Classic,
        Variant::Killer,
        Variant::X,
        Variant::KillerX,
        Variant::Jigsaw,
        Variant::KillerJigsaw,
        Variant::Classic,
    ];
    assert_eq!(seen, walk.map(|v| Some((v, Level::Easy))).to_vec());
    // ← goes back; on the X houses the picker says what they are and 3 starts a hard X.
    press(&mut app, "<left><left><left><left>");
    assert_eq!(chosen(&app), Some((Variant::X, Level::Easy)));
    let dialog = screen(&app, 80, 24);
    assert!(dialog.contains("Sudoku X") && dialog.contains("both diagonals hold 1-9"), "{dialog}");
    let effects = press(&mut app, "3");
    assert!(
        effects.iter().any(|e| matches!(
            e,
            termdoku::tui::effect::Effect::Generate { variant: Variant::X, level: Level::Hard, .. }
        )),
        "{effects:?}"
    );
    // Up from the first level under the X houses (no daily there) is the paste item, not a daily.
    let mut app = app_of(x_puzzle());
    press(&mut app, "N");
    assert_eq!(chosen(&app), Some((Variant::X, Level::Medium)), "the picker opens on the game's variant");
    press(&mut app, "<up><up>");
    assert_eq!(app.overlay, Overlay::NewGame { selected: termdoku::tui::dialogs::new_game::PASTE_ITEM });
}
