//! Helpers shared by the game's tests: a fixed puzzle, driving the app with key strings (worker jobs
//! run inline, so there are no threads), and rendering it to text on a `TestBackend`.
#![allow(dead_code)]

use std::sync::atomic::AtomicBool;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;
use termdoku::engine::logic::{Level, Step, Technique};
use termdoku::engine::text::parse_killer_line;
use termdoku::engine::{Candidate, Cell, Digit, House, Puzzle, Symmetry};
use termdoku::tui::app::App;
use termdoku::tui::effect::Effect;
use termdoku::tui::event::Event;
use termdoku::tui::keymap::parse_key_string;
use termdoku::tui::layout::Screen;
use termdoku::tui::view;
use termdoku::tui::worker::{Job, run_job};

/// The classic puzzle every game test plays.
pub const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Its solution.
pub const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A fresh game of [`PUZZLE`].
pub fn app() -> App {
    App::with_puzzle(PUZZLE.parse().expect("valid puzzle"), Some(Level::Easy))
}

/// The first shared Solo killer (no givens, 36 cages).
pub const KILLER: &str = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";

/// A fresh game of [`KILLER`].
pub fn killer_app() -> App {
    let (givens, cages) = parse_killer_line(KILLER).expect("valid killer line");
    App::with_puzzle(Puzzle::new_killer(givens, cages).expect("unique"), Some(Level::Hard))
}

/// Feeds `keys` to the app one by one; worker jobs asked for are run at once, inline, and their
/// replies fed back. Returns every effect seen.
pub fn press(app: &mut App, keys: &str) -> Vec<Effect> {
    let mut seen = Vec::new();
    for key in parse_key_string(keys).expect("key string parses") {
        let key = app.keymap.read(&key);
        seen.extend(feed(app, Event::Key(key)));
    }
    seen
}

/// Feeds one event and carries out the worker effects inline.
pub fn feed(app: &mut App, event: Event) -> Vec<Effect> {
    let mut seen = Vec::new();
    let mut queue = vec![event];
    while let Some(event) = queue.pop() {
        for effect in app.update(event) {
            let job = match &effect {
                Effect::FindStep { id, position } => {
                    Some(Job::NextStep { id: *id, position: position.clone() })
                }
                Effect::Generate { id, level, seed, variant } => Some(Job::Generate {
                    id: *id,
                    level: *level,
                    seed: *seed,
                    symmetry: Symmetry::default(),
                    variant: *variant,
                }),
                Effect::Daily { id, variant, date } => Some(Job::daily(*id, *variant, *date)),
                // Profile effects need a host; these tests run without one.
                Effect::CancelWork
                | Effect::Quit
                | Effect::ShowStats
                | Effect::ListSavedGames
                | Effect::Resume { .. }
                | Effect::DeleteSaved { .. }
                | Effect::PrintLines(_)
                | Effect::TakeOver
                | Effect::ReturnToScreen => None,
            };
            if let Some(job) = job {
                queue.push(run_job(job, &AtomicBool::new(false)));
            }
            seen.push(effect);
        }
    }
    seen
}

/// Feeds `keys` without running any worker job (replies can then be injected by hand).
pub fn press_only(app: &mut App, keys: &str) -> Vec<Effect> {
    parse_key_string(keys)
        .expect("key string parses")
        .into_iter()
        .flat_map(|k| {
            let key = app.keymap.read(&k);
            app.update(Event::Key(key))
        })
        .collect()
}

/// Renders the app on a `TestBackend` of `width` x `height`.
pub fn render(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(|frame| view::draw(app, frame)).expect("draws");
    terminal.backend().buffer().clone()
}

/// The screen as text, trailing spaces trimmed.
pub fn screen(app: &App, width: u16, height: u16) -> String {
    let buffer = render(app, width, height);
    let area = buffer.area;
    let mut lines = Vec::new();
    for y in 0..area.height {
        let line: String = (0..area.width).map(|x| buffer[(x, y)].symbol().to_string()).collect();
        lines.push(line.trim_end().to_string());
    }
    lines.join("\n")
}

/// Where the centre of `cell` is drawn on a screen of `width` x `height`.
pub fn cell_centre(width: u16, height: u16, cell: Cell) -> Position {
    let Screen::Game { size, board, .. } = Screen::plan(Rect::new(0, 0, width, height)) else {
        panic!("the game fits {width}x{height}");
    };
    let (cw, ch) = size.cell_size();
    Position::new(
        board.x + 2 + size.cell_x(cell.col()) + cw / 2,
        board.y + 1 + size.cell_y(cell.row()) + ch / 2,
    )
}

/// The middle character of the large glyph of `n` (what a cell's centre shows on the full board).
pub fn glyph_centre(n: u8, given: bool) -> String {
    termdoku::tui::widgets::board::glyph(d(n), given)[1].chars().nth(1).expect("3 wide").to_string()
}

/// A digit.
pub fn d(n: u8) -> Digit {
    Digit::new(n).expect("1-9")
}

/// The cell `r<row>c<col>`, one-based.
pub fn rc(row: usize, col: usize) -> Cell {
    Cell::at(row - 1, col - 1)
}

/// A true step of [`PUZZLE`]: in box 1 the 7s lie only in row 2, so 7 leaves r2c7 and r2c9.
pub fn pointing_step() -> Step {
    Step::new(Technique::LockedCandidatesPointing)
        .with_houses([House::block(0), House::row(1)])
        .with_cells([rc(2, 2), rc(2, 3)])
        .with_eliminations([Candidate::new(rc(2, 7), d(7)), Candidate::new(rc(2, 9), d(7))])
        .with_explanation(
            "Locked Candidates (Pointing): in box 1 the 7s lie only in row 2, so 7 is removed from r2c7 and r2c9",
        )
}

/// Asks for a hint and answers it with `step` (no worker), then presses `rungs` (more `n`s).
pub fn show_hint(app: &mut App, step: Step, rungs: &str) {
    let id = request_id(&press_only(app, "n"));
    app.update(Event::StepReady { id, step: Some(Box::new(step)) });
    press_only(app, rungs);
}

/// The id of the hint request among `effects`.
pub fn request_id(effects: &[Effect]) -> u64 {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::FindStep { id, .. } => Some(*id),
            _ => None,
        })
        .expect("a hint was requested")
}

/// Presses `c` (every cell's candidates as marks), then takes hints (to their third rung) and
/// applies them until the puzzle is solved. Checks that each hint drew as removed only marks the
/// player had, and that applying it changed the board: it placed a digit, or removed a mark the
/// player had. Returns how many hints it applied.
pub fn solve_from_marks_with_hints(app: &mut App) -> u32 {
    press(app, "c");
    let mut applied = 0;
    while !app.game.is_won() {
        assert!(applied < 500, "the hints do not solve the puzzle");
        press(app, "nnn");
        let Some((step, 3)) = app.shown_step() else { panic!("a step at its third rung: {:?}", app.hint) };
        let step = step.clone();
        let before = termdoku::engine::ByCell::from_fn(|cell| app.game.marks(cell));
        for e in view::highlights(app).eliminations {
            assert!(before[e.cell].contains(e.digit), "hint {}: {e} drawn removed, not marked", applied + 1);
        }
        let empty_before: Vec<bool> =
            step.placements.iter().map(|p| app.game.digit(p.cell).is_none()).collect();
        press(app, "a");
        applied += 1;
        let placed = (step.placements.iter().zip(empty_before))
            .any(|(p, empty)| empty && app.game.digit(p.cell) == Some(p.digit));
        let removed = (step.eliminations.iter())
            .any(|e| before[e.cell].contains(e.digit) && !app.game.marks(e.cell).contains(e.digit));
        assert!(placed || removed, "hint {applied} changed nothing on the board: {}", step.explanation);
    }
    applied
}

/// The player removes the mark `digit`, the solution of `cell`, by hand: the next hint points at
/// that mistake (and counts), and applying it gives the mark back.
pub fn removed_true_mark_is_the_first_hint(app: &mut App, cell: Cell, digit: Digit) {
    use termdoku::tui::hint::{Hint, Mistake};
    app.cursor = cell;
    assert!(app.game.marks(cell).contains(digit), "{cell} is marked {digit}");
    let hints = app.game.hints_used;
    press(app, &format!("<A-{digit}>n"));
    assert_eq!(app.hint, Hint::Mistake(Mistake::MissingMark(cell)), "{:?}", app.hint_text());
    assert_eq!(app.game.hints_used, hints + 1);
    press(app, "a");
    assert!(app.game.marks(cell).contains(digit), "the apply key gives the {digit} back");
}

/// Each character of `area` of `buf` by its style without colour: `R` reversed, `B` bold, `d`
/// dim, `i` italic, `u` underlined, `.` any other character, a space for a plain blank.
pub fn style_map(buf: &Buffer, area: Rect) -> String {
    (area.top()..area.bottom())
        .map(|y| {
            let line: String = (area.left()..area.right())
                .map(|x| {
                    let cell = &buf[(x, y)];
                    let m = cell.modifier;
                    if m.contains(Modifier::REVERSED) {
                        'R'
                    } else if m.contains(Modifier::BOLD) {
                        'B'
                    } else if m.contains(Modifier::DIM) {
                        'd'
                    } else if m.contains(Modifier::ITALIC) {
                        'i'
                    } else if m.contains(Modifier::UNDERLINED) {
                        'u'
                    } else if cell.symbol() == " " {
                        ' '
                    } else {
                        '.'
                    }
                })
                .collect();
            line.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A Sudoku X (20 givens, unique under the X rules).
pub const X_GIVENS: &str =
    "......83...6.......1.8....94.3..9..5..82....4......39...5..2.7.............7....2";

/// A jigsaw's givens (18, unique under [`JIGSAW_REGIONS`]).
pub const JIGSAW_GIVENS: &str =
    ".....1....5.1.........4.........23.73........93.7...5...6..8....1.2...7.8........";

/// The jigsaw's regions, 1-9 per cell in reading order.
pub const JIGSAW_REGIONS: &str =
    "111225333141225533141225336141255336444256666474255669774888969778888999777788999";

/// The Sudoku X of [`X_GIVENS`].
pub fn x_puzzle() -> Puzzle {
    let layout = std::sync::Arc::new(termdoku::engine::Layout::x());
    Puzzle::with_rules(X_GIVENS.parse().expect("grid"), layout, None).expect("unique X")
}

/// The jigsaw of [`JIGSAW_GIVENS`] in [`JIGSAW_REGIONS`].
pub fn jigsaw_puzzle() -> Puzzle {
    let regions: [u8; 81] = std::array::from_fn(|i| JIGSAW_REGIONS.as_bytes()[i] - b'1');
    let layout = std::sync::Arc::new(termdoku::engine::Layout::jigsaw(&regions).expect("regions"));
    Puzzle::with_rules(JIGSAW_GIVENS.parse().expect("grid"), layout, None).expect("unique jigsaw")
}

/// `puzzle` with cages over its solution added: in every row columns 1-2, 3-4, 5-6 and 7-9.
pub fn with_row_cages(puzzle: &Puzzle) -> Puzzle {
    use termdoku::engine::killer::{Cage, Cages};
    let spans: [&[usize]; 4] = [&[0, 1], &[2, 3], &[4, 5], &[6, 7, 8]];
    let cages = (0..9)
        .flat_map(|row| spans.iter().map(move |cols| cols.iter().map(move |&c| Cell::at(row, c))))
        .map(|cells| {
            let cells: Vec<Cell> = cells.collect();
            let sum =
                cells.iter().filter_map(|&c| puzzle.solution().get(c)).map(|d| u32::from(d.get())).sum();
            Cage::new(cells.into_iter().collect(), sum)
        })
        .collect();
    let cages = Cages::new(cages).expect("cages");
    Puzzle::with_rules(*puzzle.givens(), puzzle.shared_layout(), Some(cages)).expect("unique")
}

/// A fresh game of `puzzle` at medium.
pub fn app_of(puzzle: Puzzle) -> App {
    App::with_puzzle(puzzle, Some(Level::Medium))
}
