//! Rendering speed of the game screen: a full 200x60 frame (and an 80x24 one) with every cell's
//! marks and a hint's pattern and result on the board, and a killer board with cages, sums, cage
//! colours and its cage panel at both sizes (budget: 2 ms), and from a key press to the
//! frame written out as terminal escape codes (budget: 5 ms), also with the profile keeping the game
//! (every key written to the move journal before the frame, as the game does).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use termdoku::engine::logic::Level;
use termdoku::profile::{Environment, Overrides, Session};
use termdoku::tui::app::App;
use termdoku::tui::event::Event;
use termdoku::tui::host::Host;
use termdoku::tui::keymap::parse_key_string;
use termdoku::tui::profile_host::ProfileHost;
use termdoku::tui::view;
use termdoku::tui::worker::{Job, run_job};

const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A busy board: every candidate as marks, a hint at its third rung.
fn busy_app() -> App {
    let mut app = App::with_puzzle(PUZZLE.parse().expect("valid puzzle"), Some(Level::Extreme));
    app.update(Event::Resize(200, 60));
    let keys = parse_key_string("c<right><down>n").expect("keys");
    for key in keys {
        for effect in app.update(Event::Key(app.keymap.read(&key))) {
            if let termdoku::tui::effect::Effect::FindStep { id, position } = effect {
                let reply =
                    run_job(Job::NextStep { id, position }, &std::sync::atomic::AtomicBool::new(false));
                app.update(reply);
            }
        }
    }
    for key in parse_key_string("nn").expect("keys") {
        app.update(Event::Key(app.keymap.read(&key)));
    }
    app
}

fn full_frame(c: &mut Criterion) {
    let app = busy_app();
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).expect("test terminal");
    c.bench_function("render full frame 200x60", |b| {
        b.iter(|| {
            // A fresh buffer each time: the whole frame is drawn, not a diff of nothing.
            terminal.clear().expect("clear");
            terminal.draw(|frame| view::draw(black_box(&app), frame)).expect("draw");
        })
    });
}

/// The same busy board at 80x24, where the two-row board draws every mark.
fn small_frame(c: &mut Criterion) {
    let mut app = busy_app();
    app.update(Event::Resize(80, 24));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    c.bench_function("render full frame 80x24", |b| {
        b.iter(|| {
            terminal.clear().expect("clear");
            terminal.draw(|frame| view::draw(black_box(&app), frame)).expect("draw");
        })
    });
}

/// A busy killer board: cage walls and sums, cage colouring on, every candidate the cages allow
/// as marks, the cursor in a cage (its panel of combinations showing).
fn killer_app() -> App {
    let (givens, cages) = termdoku::engine::text::parse_killer_line(KILLER).expect("valid killer");
    let puzzle = termdoku::engine::Puzzle::new_killer(givens, cages).expect("unique killer");
    let mut app = App::with_puzzle(puzzle, Some(Level::Hard));
    app.gameplay.cage_colours = true;
    app.update(Event::Resize(200, 60));
    for key in parse_key_string("c<right><down>").expect("keys") {
        app.update(Event::Key(app.keymap.read(&key)));
    }
    app
}

/// The first shared Solo killer.
const KILLER: &str = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";

fn killer_frames(c: &mut Criterion) {
    let mut app = killer_app();
    for (width, height) in [(200, 60), (80, 24)] {
        app.update(Event::Resize(width, height));
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
        c.bench_function(&format!("render killer frame {width}x{height}"), |b| {
            b.iter(|| {
                terminal.clear().expect("clear");
                terminal.draw(|frame| view::draw(black_box(&app), frame)).expect("draw");
            })
        });
    }
}

fn key_to_frame(c: &mut Criterion) {
    let mut app = busy_app();
    let options = TerminalOptions { viewport: Viewport::Fixed(Rect::new(0, 0, 200, 60)) };
    let mut terminal =
        Terminal::with_options(CrosstermBackend::new(std::io::sink()), options).expect("terminal");
    let keys = parse_key_string("l").expect("keys");
    c.bench_function("key to frame 200x60 (escape codes written)", |b| {
        b.iter(|| {
            for key in &keys {
                black_box(app.update(Event::Key(app.keymap.read(key))));
            }
            terminal.draw(|frame| view::draw(&app, frame)).expect("draw");
        })
    });
}

fn key_to_frame_with_the_journal(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let overrides = Overrides { config: None, profile_dir: Some(dir.path().to_path_buf()), profile: None };
    let env = Environment { config: Some(dir.path().join("absent.toml").into()), data_dir: None };
    let session = Session::open(&overrides, &env).expect("session");
    let mut host = ProfileHost::new(&session, None, 1);
    let mut app = busy_app();
    let options = TerminalOptions { viewport: Viewport::Fixed(Rect::new(0, 0, 200, 60)) };
    let mut terminal =
        Terminal::with_options(CrosstermBackend::new(std::io::sink()), options).expect("terminal");
    let keys = parse_key_string("l").expect("keys");
    c.bench_function("key to frame 200x60 with the move journal", |b| {
        b.iter(|| {
            for key in &keys {
                black_box(app.update(Event::Key(app.keymap.read(key))));
                host.observe(&app);
            }
            terminal.draw(|frame| view::draw(&app, frame)).expect("draw");
        })
    });
    host.exit(&app);
}

criterion_group!(
    benches,
    full_frame,
    small_frame,
    killer_frames,
    key_to_frame,
    key_to_frame_with_the_journal
);
criterion_main!(benches);
