//! The board on large terminals: from 120x40 up the cells grow with the screen (7x3, 9x4, 11x5,
//! 13x6), with larger digits and sums, the panel beside the board. Snapshots of a classic and a
//! killer game at 160x50, 200x60 and 240x70 (and without colour at 200x60), the board each size
//! picks, mouse clicks on the grown cells, and the two-digit sums of the 80x24 board.

mod tui_support;

use insta::assert_snapshot;
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;
use termdoku::tui::app::App;
use termdoku::tui::event::Event;
use termdoku::tui::layout::{BoardSize, ROOMY_PANEL_WIDTH, Screen};
use termdoku::tui::theme::Theme;
use termdoku::tui::widgets::board::sum_text;
use tui_support::*;

/// The grown screens and the board each gets.
const GROWN: [((u16, u16), BoardSize); 4] = [
    ((120, 40), BoardSize::Wide),
    ((160, 50), BoardSize::Large),
    ((200, 60), BoardSize::Huge),
    ((240, 70), BoardSize::Giant),
];

/// A killer game with every candidate marked, one digit placed (r2c2) and a wrong one (r1c1), the
/// cursor on r3c3.
fn killer_played() -> App {
    let mut app = killer_app();
    press(&mut app, "c<down><right>5<up><left>4<down><down><right><right>");
    app
}

/// A classic game with candidates filled, a digit entered (r1c3 = 4), a conflict (r2c2 = 5, a 5 is
/// given in r1c1), the cursor on r5c5.
fn classic_played() -> App {
    let mut app = app();
    press(&mut app, "c<right><right>4<down><left>5<down><down><down><right><right><right>");
    app
}

fn board_size(width: u16, height: u16) -> BoardSize {
    match Screen::plan(Rect::new(0, 0, width, height)) {
        Screen::Game { size, .. } => size,
        Screen::TooSmall => panic!("the game fits {width}x{height}"),
    }
}

#[test]
fn classic_at_160x50() {
    assert_snapshot!(screen(&classic_played(), 160, 50));
}

#[test]
fn classic_at_200x60() {
    assert_snapshot!(screen(&classic_played(), 200, 60));
}

#[test]
fn classic_at_240x70() {
    assert_snapshot!(screen(&classic_played(), 240, 70));
}

#[test]
fn killer_at_160x50_large() {
    assert_snapshot!(screen(&killer_played(), 160, 50));
}

#[test]
fn killer_at_200x60() {
    assert_snapshot!(screen(&killer_played(), 200, 60));
}

#[test]
fn killer_at_240x70() {
    assert_snapshot!(screen(&killer_played(), 240, 70));
}

#[test]
fn killer_without_colour_at_200x60() {
    // A hint at its last rung on a killer with candidates: its pattern, eliminations and cages.
    let mut app = killer_app();
    app.theme = Theme::monochrome();
    press(&mut app, "c<down><down><down><down>nnn");
    assert_snapshot!("killer_without_colour_at_200x60", screen(&app, 200, 60));
    let Screen::Game { board, .. } = Screen::plan(Rect::new(0, 0, 200, 60)) else { panic!("fits") };
    let buf = render(&app, 200, 60);
    assert_snapshot!("killer_without_colour_at_200x60_styles", style_map(&buf, board));
    // Every sum is bold and reversed, never dim, in plain digits in its cell's corner.
    let cages = app.game.puzzle().cages().expect("a killer");
    for (_, cage) in cages.iter() {
        let anchor = cage.anchor().expect("a cell");
        let text = sum_text(BoardSize::Huge, cage.sum());
        let corner = BoardSize::Huge.cell_rect(anchor);
        for (i, digit) in text.chars().enumerate() {
            let cell = &buf[(board.x + 2 + corner.x + i as u16, board.y + 1 + corner.y)];
            assert_eq!(cell.symbol(), digit.to_string(), "{anchor}");
            let m = cell.modifier;
            assert!(
                m.contains(Modifier::BOLD | Modifier::REVERSED) && !m.contains(Modifier::DIM),
                "{anchor}"
            );
        }
    }
}

#[test]
fn each_size_picks_the_largest_board_that_fits_with_the_panel() {
    for ((width, height), size) in GROWN {
        assert_eq!(board_size(width, height), size, "{width}x{height}");
        let Screen::Game { board, panel, .. } = Screen::plan(Rect::new(0, 0, width, height)) else {
            panic!("fits")
        };
        assert!(panel.width >= ROOMY_PANEL_WIDTH && panel.left() > board.right(), "{width}x{height}");
        assert!(panel.right() <= width && board.bottom() <= height, "{width}x{height}");
        // Every larger board would not fit beside a panel of that width.
        let larger = BoardSize::ALL.iter().take_while(|&&s| s != size);
        for bigger in larger {
            let (w, h) = bigger.footprint();
            assert!(w + 1 + ROOMY_PANEL_WIDTH > width || h > height, "{bigger:?} fits {width}x{height}");
        }
    }
    // One size smaller keeps the smaller board; the cells grow in width and height together.
    assert_eq!(board_size(239, 70), BoardSize::Giant);
    assert_eq!(board_size(240, 64), BoardSize::Huge);
    assert_eq!(board_size(200, 55), BoardSize::Large);
    assert_eq!(board_size(160, 46), BoardSize::Wide);
    assert_eq!(board_size(120, 37), BoardSize::Tight);
    let cells: Vec<(u16, u16)> = GROWN.iter().map(|&(_, size)| size.cell_size()).collect();
    assert_eq!(cells, [(7, 3), (9, 4), (11, 5), (13, 6)]);
}

/// Where the labels of row `row` and column `col` (one-based) are drawn on `text`: the column
/// label's x and the row label's y, read from the screen.
fn label_position(text: &str, row: usize, col: usize) -> Position {
    let lines: Vec<&str> = text.lines().collect();
    // The first line holding the column labels 1..9, and the rows whose label starts the board.
    let (label_y, label_line) = lines
        .iter()
        .enumerate()
        .find(|(_, line)| {
            let words: Vec<&str> = line.split_whitespace().take(9).collect();
            words == ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
        })
        .expect("column labels");
    let x = label_line.chars().position(|c| c.to_string() == col.to_string()).expect("a column label");
    let board_x = lines[label_y + 1].chars().position(|c| c == '┏').expect("the frame");
    let y = (label_y + 1..lines.len())
        .find(|&y| lines[y].chars().nth(board_x - 2).map(|c| c.to_string()) == Some(row.to_string()))
        .expect("a row label");
    Position::new(x as u16, y as u16)
}

#[test]
fn clicks_at_200x60_land_on_the_cells_drawn_there() {
    let mut app = app();
    app.update(Event::Resize(200, 60));
    let text = screen(&app, 200, 60);
    for (row, col) in [(5, 5), (9, 9), (1, 1)] {
        // Under the column's label and beside the row's label: the middle of the cell.
        let middle = label_position(&text, row, col);
        app.update(Event::Click(middle));
        assert_eq!(app.cursor, rc(row, col), "{middle:?}");
        // The cell's corners, found by walking from the middle to the lines around it.
        let buf = render(&app, 200, 60);
        let is_line = |x: u16, y: u16| "│┃┆┇─━┄┅┼╂┿╋".contains(buf[(x, y)].symbol());
        let (mut left, mut right, mut top, mut bottom) = (middle.x, middle.x, middle.y, middle.y);
        while !is_line(left - 1, middle.y) {
            left -= 1;
        }
        while !is_line(right + 1, middle.y) {
            right += 1;
        }
        while !is_line(middle.x, top - 1) {
            top -= 1;
        }
        while !is_line(middle.x, bottom + 1) {
            bottom += 1;
        }
        assert_eq!((right - left + 1, bottom - top + 1), (11, 5), "the cells of the 200x60 board");
        for corner in [(left, top), (right, bottom), (left, bottom), (right, top)] {
            app.update(Event::Click(Position::new(corner.0, corner.1)));
            assert_eq!(app.cursor, rc(row, col), "{corner:?}");
        }
        // A click on the line around it moves nothing.
        app.update(Event::Click(Position::new(left - 1, middle.y)));
        assert_eq!(app.cursor, rc(row, col));
    }
}

#[test]
fn a_two_digit_sum_at_80x24_keeps_the_wall_under_it_and_covers_no_mark() {
    // At 80x24 a cell is five columns by two rows: nine marks and a sum of two digits do not fit,
    // so the tens digit takes the top character of the line on the cell's left; the wall goes
    // on below it, and every mark keeps its slot (the neighbour's and the cell's own).
    for monochrome in [false, true] {
        let mut app = killer_app();
        press(&mut app, "c");
        if monochrome {
            app.theme = Theme::monochrome();
        }
        let Screen::Game { size, board, .. } = Screen::plan(Rect::new(0, 0, 80, 24)) else { panic!("fits") };
        assert_eq!(size, BoardSize::TwoRow);
        let buf = render(&app, 80, 24);
        let cages = app.game.puzzle().cages().expect("a killer");
        let mut checked = 0;
        for (_, cage) in cages.iter().filter(|(_, cage)| cage.sum() >= 10) {
            let anchor = cage.anchor().expect("a cell");
            let rect = size.cell_rect(anchor);
            let (x, y) = (board.x + 2 + rect.x, board.y + 1 + rect.y);
            let at = format!("{anchor}, monochrome {monochrome}");
            // The sum reads whole, bold and alike in both digits.
            let (tens, units) = (&buf[(x - 1, y)], &buf[(x, y)]);
            assert_eq!(format!("{}{}", tens.symbol(), units.symbol()), sum_text(size, cage.sum()), "{at}");
            assert_eq!((tens.fg, tens.bg, tens.modifier), (units.fg, units.bg, units.modifier), "{at}");
            assert!(tens.modifier.contains(Modifier::BOLD) && !tens.modifier.contains(Modifier::DIM), "{at}");
            // The wall (a cage's dashed side, the frame or a box line) goes on right below.
            let wall = &buf[(x - 1, y + 1)];
            assert!(["┆", "┇", "┃", "┠", "┨", "╂"].contains(&wall.symbol()), "{at}: {:?}", wall.symbol());
            assert!(!wall.modifier.contains(Modifier::DIM), "{at}: {wall:?}");
            // No mark is covered: the cell's and its left neighbour's marks are all in their slots.
            let mut cells = vec![anchor];
            if anchor.col() > 0 {
                cells.push(termdoku::engine::Cell::at(anchor.row(), anchor.col() - 1));
            }
            for cell in cells {
                if app.game.digit(cell).is_some() {
                    continue;
                }
                let rect = size.cell_rect(cell);
                for digit in app.game.marks(cell) {
                    let (dx, dy) = size.mark_slot_for(digit, true).expect("a slot");
                    let p = (board.x + 2 + rect.x + dx, board.y + 1 + rect.y + dy);
                    assert_eq!(buf[p].symbol(), digit.to_string(), "{at}: mark {digit} of {cell}");
                }
            }
            checked += 1;
        }
        assert!(checked > 20, "the board has two-digit sums: {checked}");
    }
}
