//! [`ProfileHost`]: the profile keeping the game. It saves the game after every change and at exit
//! ([`Autosave`]), hands out ready puzzles from the library and refills it in the background
//! ([`ReadyPuzzles`]), and answers the statistics and continue screens from the saves.

use crate::engine::daily::DailyDate;
use crate::engine::logic::Level;
use crate::engine::{Symmetry, Variant};
use crate::play::saved_game_line;
use crate::profile::Session;
use crate::profile::saves::journal::{JournalWriter, OpenError};
use crate::profile::saves::{SaveStore, SavedGame};
use crate::profile::stats::Stats;

use super::app::App;
use super::autosave::{Autosave, ExitReport};
use super::dialogs::continue_game::SavedSummary;
use super::effect::Effect;
use super::event::Event;
use super::host::Host;
use super::refill::ReadyPuzzles;

/// The profile as the game's [`Host`].
pub struct ProfileHost {
    store: SaveStore,
    autosave: Autosave,
    ready: ReadyPuzzles,
    symmetry: Symmetry,
}

impl ProfileHost {
    /// A host keeping games in `session`'s profile; `resumed` is the saved game the app starts with.
    pub fn new(session: &Session, resumed: Option<&SavedGame>, seed: u64) -> ProfileHost {
        let store = session.saves();
        let generator = &session.config.generator;
        ProfileHost {
            autosave: Autosave::new(store.clone(), resumed),
            store,
            ready: ReadyPuzzles::new(
                session.library(),
                generator.ready_puzzles as usize,
                generator.symmetry,
                seed,
            ),
            symmetry: generator.symmetry,
        }
    }

    /// Whether the game's latest moves are not on disk (saves are failing); the reason.
    pub fn not_saved(&self) -> Option<&str> {
        self.autosave.not_saved()
    }

    /// What became of the game's moves at exit when they could not be saved (`None`: all saved).
    pub fn exit_report(&self) -> Option<&ExitReport> {
        self.autosave.exit_report()
    }

    /// Problems met while saving, each once (shown after the terminal is restored).
    pub fn errors(&self) -> Vec<String> {
        self.autosave.errors()
    }

    /// Starts refilling the library in the background, if it is not already.
    pub fn refill_library(&mut self) {
        self.ready.refill();
    }

    /// Whether the game kept is open in another window (it is then read-only here).
    pub fn open_elsewhere(&self) -> bool {
        self.autosave.open_elsewhere()
    }

    /// The id of the game the host keeps now (for tests and the continue list).
    pub fn kept_id(&self) -> Option<&str> {
        self.autosave.kept_id()
    }
}

impl Host for ProfileHost {
    fn observe(&mut self, app: &App) {
        self.autosave.observe(app);
    }

    fn handle(&mut self, effect: &Effect) -> Option<Event> {
        match effect {
            Effect::ShowStats => {
                self.autosave.flush();
                let (history, unfinished) = (self.store.history(), self.store.unfinished());
                let stats = Box::new(Stats::compute(&history.games, &unfinished.games));
                let problems = history.problems().into_iter().chain(unfinished.problems()).collect();
                Some(Event::Stats { stats, problems })
            }
            Effect::ListSavedGames => {
                self.autosave.flush();
                let current = self.autosave.kept_id().map(str::to_string);
                let games = self.store.unfinished().games;
                let summaries =
                    games.iter().filter(|g| Some(&g.id) != current.as_ref()).map(summary).collect();
                Some(Event::SavedGames(summaries))
            }
            Effect::Resume { id } => {
                self.autosave.save_clock_that_ran_on();
                self.autosave.flush();
                match self.store.load(id) {
                    Ok(saved) => {
                        self.autosave.adopt(&saved);
                        Some(resumed(&saved, self.autosave.open_elsewhere()))
                    }
                    Err(damaged) => {
                        Some(Event::Info { title: "Damaged save".into(), lines: vec![damaged.to_string()] })
                    }
                }
            }
            Effect::TakeOver => {
                self.autosave.flush();
                Some(match self.autosave.take_over() {
                    Ok(saved) => resumed(&saved, false),
                    Err(why) => Event::Info { title: "Not taken over".into(), lines: vec![why] },
                })
            }
            Effect::DeleteSaved { id } => {
                self.autosave.flush();
                // Holding the game's journal while deleting it: a game another window plays is
                // refused (that window holds it).
                let _held = match JournalWriter::open(&self.store.journal_path(id)) {
                    Err(OpenError::InUse) => {
                        return Some(Event::Info {
                            title: "Not deleted".into(),
                            lines: vec![format!(
                                "The saved game {id} is open in another termdoku window: quit it there first."
                            )],
                        });
                    }
                    held => held.ok(),
                };
                let deleted = self.store.discard(id);
                deleted.err().map(|error| Event::Info {
                    title: "Not deleted".into(),
                    lines: vec![format!("The saved game {id} could not be deleted: {error}")],
                })
            }
            _ => None,
        }
    }

    fn saved_daily(&mut self, variant: Variant, date: DailyDate) -> Option<String> {
        self.autosave.flush();
        let kept = self.autosave.kept_id().map(str::to_string);
        let games = self.store.unfinished().games;
        games
            .into_iter()
            .find(|g| g.daily == Some(date) && g.puzzle.variant() == variant && Some(&g.id) != kept.as_ref())
            .map(|g| g.id)
    }

    fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    fn alert(&mut self) -> Option<Event> {
        self.autosave.alert()
    }

    fn ready_puzzle(&mut self, id: u64, variant: Variant, level: Level) -> Option<Event> {
        self.ready.take(id, variant, level)
    }

    fn exit(&mut self, app: &App) {
        self.autosave.last_save(app);
        self.ready.stop();
        self.autosave.close(app);
    }

    fn status_mark(&self) -> Option<String> {
        self.autosave.status_mark()
    }
}

/// The game `saved`, loaded, for the app; `elsewhere` when another window plays it.
fn resumed(saved: &SavedGame, elsewhere: bool) -> Event {
    Event::Resumed { game: Box::new(saved.to_game()), cursor: saved.cursor, pencil: saved.pencil, elsewhere }
}

/// A saved game as the continue screen lists it.
fn summary(game: &SavedGame) -> SavedSummary {
    SavedSummary { id: game.id.clone(), label: saved_game_line(game) }
}

#[cfg(test)]
mod tests;
