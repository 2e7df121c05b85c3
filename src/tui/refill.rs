//! Ready puzzles: a new game comes at once from the profile's library when it holds a puzzle of the
//! level asked for, and the library is refilled in the background, by a thread generating puzzles
//! until every level of both variants has its ready puzzles (stopped when the game ends).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};

use crate::engine::logic::Level;
use crate::engine::{GenerateOptions, Symmetry, Variant};
use crate::profile::library::Library;

use super::event::Event;
use super::puzzles::{NewPuzzle, new_puzzle};

/// The library's ready puzzles, and the thread refilling it.
pub struct ReadyPuzzles {
    library: Library,
    /// How many puzzles of each level the library keeps ready (0: none, never refilled).
    target: usize,
    symmetry: Symmetry,
    seed: u64,
    refill: Option<Refill>,
}

impl ReadyPuzzles {
    /// The ready puzzles of `library`, `target` of each level, refilled with puzzles of `symmetry`
    /// from `seed`.
    pub fn new(library: Library, target: usize, symmetry: Symmetry, seed: u64) -> ReadyPuzzles {
        ReadyPuzzles { library, target, symmetry, seed, refill: None }
    }

    /// Starts refilling the library in the background, if it is not already.
    pub fn refill(&mut self) {
        if self.target == 0 || self.refill.as_ref().is_some_and(|r| !r.is_finished()) {
            return;
        }
        self.seed = self.seed.wrapping_add(0x9e37_79b9);
        self.refill = Refill::spawn(self.library.clone(), self.target, self.symmetry, self.seed);
    }

    /// A ready puzzle of `variant` at `level`, as the answer to generation request `id`, if the
    /// library has one (and the refill starts again, to replace it).
    pub fn take(&mut self, id: u64, variant: Variant, level: Level) -> Option<Event> {
        let puzzle = self.library.take(variant, level).ok().flatten();
        self.refill();
        puzzle.map(|puzzle| Event::Generated { id, puzzle: Some(Box::new(NewPuzzle { puzzle, level })) })
    }

    /// Stops the refill, waiting for the puzzle being made to be dropped.
    pub fn stop(&mut self) {
        if let Some(refill) = self.refill.take() {
            refill.stop();
        }
    }
}

/// A background thread generating puzzles until every level has its ready puzzles.
struct Refill {
    cancel: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl Refill {
    fn spawn(library: Library, target: usize, symmetry: Symmetry, seed: u64) -> Option<Refill> {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let thread = thread::Builder::new()
            .name("termdoku-refill".into())
            .spawn(move || refill_loop(&library, target, symmetry, seed, &flag))
            .ok()?;
        Some(Refill { cancel, thread })
    }

    fn is_finished(&self) -> bool {
        self.thread.is_finished()
    }

    fn stop(self) {
        self.cancel.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
    }
}

/// Fills every level of every variant, in [`Variant::ALL`]'s order (classic and killer first); a
/// variant the generator does not make (its generation gives nothing, uncancelled) is passed over,
/// and the others are still filled.
fn refill_loop(library: &Library, target: usize, symmetry: Symmetry, seed: u64, cancel: &AtomicBool) {
    let mut seed = seed;
    'variants: for variant in Variant::ALL {
        for level in Level::ALL {
            // A bounded number of attempts: a source with few puzzles must not spin forever.
            for _ in 0..target * 4 {
                if cancel.load(Ordering::Relaxed) || library.missing(variant, level, target) == 0 {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let options = GenerateOptions { variant, level, symmetry, seed: seed >> 11 };
                let Some(made) = new_puzzle(&options, cancel) else {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    continue 'variants;
                };
                let _ = library.add(made.level, &made.puzzle);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{Environment, Overrides, Session};

    #[test]
    fn new_games_come_from_the_library_and_it_refills() {
        let dir = tempfile::tempdir().expect("temp dir");
        let overrides =
            Overrides { config: None, profile_dir: Some(dir.path().to_path_buf()), profile: None };
        let env = Environment { config: Some(dir.path().join("absent.toml").into()), data_dir: None };
        let session = Session::open(&overrides, &env).expect("session");
        let target = session.config.generator.ready_puzzles as usize;
        let mut ready = ReadyPuzzles::new(session.library(), target, session.config.generator.symmetry, 7);
        assert!(ready.take(1, Variant::Classic, Level::Hard).is_none(), "the library starts empty");
        if let Some(refill) = ready.refill.take() {
            refill.thread.join().expect("refill ends");
        }
        let library = session.library();
        let never = AtomicBool::new(false);
        for variant in Variant::ALL {
            // Whether the generator makes this variant (the four of X and jigsaw come with it).
            let options =
                GenerateOptions { variant, level: Level::Easy, symmetry: Symmetry::default(), seed: 1 };
            if new_puzzle(&options, &never).is_some() {
                let refilled = Level::ALL.iter().filter(|&&l| library.count(variant, l) > 0).count();
                assert_eq!(refilled, Level::ALL.len(), "every {variant} level was refilled");
            } else {
                assert!(Level::ALL.iter().all(|&l| library.count(variant, l) == 0), "{variant} passed over");
            }
        }
        assert!(
            [Variant::Classic, Variant::Killer]
                .iter()
                .all(|&v| Level::ALL.iter().all(|&l| library.count(v, l) > 0)),
            "classic and killer are always refilled"
        );
        let Some(Event::Generated { id: 2, puzzle: Some(new) }) =
            ready.take(2, Variant::Classic, Level::Hard)
        else {
            panic!("a ready puzzle")
        };
        assert_eq!(new.level, Level::Hard);
        let Some(Event::Generated { id: 3, puzzle: Some(new) }) = ready.take(3, Variant::Killer, Level::Hard)
        else {
            panic!("a ready killer")
        };
        assert_eq!((new.puzzle.variant(), new.level), (Variant::Killer, Level::Hard));
    }
}
