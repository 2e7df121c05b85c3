//! The game: a ratatui front end to the engine.
//!
//! The pieces follow The Elm Architecture: [`app::App`] is the model and [`app::App::update`] its only
//! mutator, returning [`effect::Effect`]s; [`view`] draws a frame from `&App` with widgets that take
//! the data they draw; [`run`] owns the terminal and the event loop: one [`event::Event`] channel fed
//! by the input thread, the [`worker::Worker`] (slow engine calls, latest request wins) and the loop's
//! own ticks. Keys are data ([`keymap`]), read into typed [`action::KeyPress`]es before the app sees
//! them; each dialog is a component of its own ([`dialogs`]).
//! Nothing here is used by the engine, the profile or the command line: the binary hands a
//! [`crate::play::PlayRequest`] to [`launch`], which runs [`run_hosted`] with the profile as the
//! [`host::Host`] ([`run`] plays without one).

pub mod action;
pub mod app;
mod autosave;
pub mod daily;
pub mod dialogs;
pub mod effect;
pub mod event;
pub mod gameplay;
pub mod hint;
pub mod host;
mod keeper;
pub mod keymap;
pub mod killer;
pub mod launch;
pub mod layout;
pub mod paint;
pub mod panel_plan;
pub mod profile_host;
pub mod puzzles;
mod refill;
mod saver;
pub mod selection;
pub mod settings;
pub mod signals;
pub mod stats_lines;
mod status_mark;
pub mod strike;
pub mod theme;
pub mod view;
pub mod widgets;
pub mod worker;

mod terminal;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use app::App;
use effect::Effect;
use event::Event;
use host::{Host, NoHost};
use worker::{Job, Worker};

/// Runs the game on the real terminal until the player quits; `initial` effects (e.g. a first
/// generation request) are carried out before the first event. The terminal is restored on return,
/// on error and on panic.
pub fn run(app: App, initial: Vec<Effect>) -> anyhow::Result<()> {
    run_hosted(app, initial, &mut NoHost)
}

/// [`run`], with a [`Host`] that keeps the game (saves, statistics, saved games, ready puzzles). The
/// host is told the game ended (and saves it) even when the loop stops on an error.
pub fn run_hosted(mut app: App, initial: Vec<Effect>, host: &mut dyn Host) -> anyhow::Result<()> {
    let mut session = terminal::Session::start()?;
    let played = event_loop(&mut session, &mut app, initial, host);
    host.exit(&app);
    let restored = session.finish();
    played.and(restored)
}

/// Carries out effects, draws and waits for the next event until the app quits or the channel closes.
fn event_loop(
    session: &mut terminal::Session,
    app: &mut App,
    initial: Vec<Effect>,
    host: &mut dyn Host,
) -> anyhow::Result<()> {
    let (width, height) = session.size()?;
    app.update(Event::Resize(width, height));
    let (sender, receiver) = mpsc::channel();
    let _routed = terminal::route_background_panics(sender.clone());
    let worker = Worker::spawn(sender.clone())?;
    let signals = signals::SignalWatch::start(sender.clone())?;
    event::spawn_input_thread(sender, app.keymap.clone())?;
    let mut effects = initial;
    let mut last_tick: Option<Instant> = None;
    loop {
        let mut replies = Vec::new();
        for effect in effects.drain(..) {
            match effect {
                Effect::FindStep { id, position } => worker.submit(Job::NextStep { id, position }),
                Effect::Generate { id, level, seed, variant } => {
                    match host.ready_puzzle(id, variant, level) {
                        Some(reply) => replies.push(reply),
                        None => worker.submit(Job::Generate {
                            id,
                            level,
                            seed,
                            symmetry: host.symmetry(),
                            variant,
                        }),
                    }
                }
                Effect::Daily { id, variant, date } => match host.saved_daily(variant, date) {
                    Some(saved) => replies.extend(host.handle(&Effect::Resume { id: saved })),
                    None => worker.submit(Job::daily(id, variant, date)),
                },
                Effect::CancelWork => worker.cancel(),
                Effect::PrintLines(lines) => session.print_lines(&lines)?,
                Effect::ReturnToScreen => session.return_to_screen()?,
                Effect::Quit => {}
                other => replies.extend(host.handle(&other)),
            }
        }
        replies.extend(host.alert());
        for reply in replies {
            effects.extend(app.update(reply));
            host.observe(app);
        }
        if app.is_quitting() {
            break;
        }
        session.draw(app, host.status_mark().as_deref())?;
        let event = match app.tick_interval() {
            None => {
                last_tick = None;
                // Awake once a second even so, for the host's alerts (another window taking the
                // game over must find this one letting go at once, idle or not).
                match receiver.recv_timeout(Duration::from_secs(1)) {
                    Ok(event) => event,
                    Err(mpsc::RecvTimeoutError::Timeout) => continue,
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            Some(interval) => {
                let now = Instant::now();
                let since = *last_tick.get_or_insert(now);
                let wait = (since + interval).saturating_duration_since(now);
                match receiver.recv_timeout(wait) {
                    Ok(event) => event,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        let now = Instant::now();
                        last_tick = Some(now);
                        Event::Tick(now.duration_since(since).min(Duration::from_secs(5)))
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
        };
        if let Event::Stopped(reason) = event {
            if let Some(interrupted) = signals.received() {
                return Err(interrupted.into());
            }
            anyhow::bail!("the game stopped: {reason}");
        }
        effects = app.update(event);
        host.observe(app);
    }
    Ok(())
}
