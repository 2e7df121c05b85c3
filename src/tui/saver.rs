//! The saver thread: writes the snapshots of the game kept (of several saves of one game waiting, only
//! the newest is written), moves finished games to the history, and syncs the move journal to the disk
//! (so the screen never waits for the disk). It records each distinct problem once and says which
//! journal line the last snapshot on disk includes, so the journal can be emptied.

use std::fs::File;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::profile::saves::{Outcome, SaveStore, SavedGame};

/// What the saver is asked to do.
pub(super) enum SaveJob {
    /// Write this snapshot (unless a newer one of the same game waits behind it).
    Save(Box<SavedGame>),
    /// Move this game to the history, with this outcome.
    Finish(Box<SavedGame>, Outcome),
    /// Make what was written to this journal durable.
    Sync(File),
    /// Answer once everything before is done.
    Flush(Sender<()>),
}

/// What the saver thread shares with the game.
#[derive(Default)]
struct Shared {
    /// Each distinct problem, once.
    errors: Vec<String>,
    /// The game id and journal line of the last snapshot written.
    snapshot: Option<(String, u64)>,
}

/// The handle on the saver thread.
pub(super) struct Saver {
    jobs: Option<Sender<SaveJob>>,
    thread: Option<JoinHandle<()>>,
    shared: Arc<Mutex<Shared>>,
}

impl Saver {
    /// Starts the thread writing to `store`.
    pub(super) fn spawn(store: SaveStore) -> Saver {
        let (sender, receiver) = mpsc::channel();
        let shared = Arc::new(Mutex::new(Shared::default()));
        let thread_shared = Arc::clone(&shared);
        let thread = thread::Builder::new()
            .name("termdoku-saver".into())
            .spawn(move || save_loop(&store, &receiver, &thread_shared))
            .ok();
        Saver { jobs: Some(sender), thread, shared }
    }

    /// Queues `job`.
    pub(super) fn send(&self, job: SaveJob) {
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(job);
        }
    }

    /// Waits until everything sent so far is on disk.
    pub(super) fn flush(&self) {
        let (done, wait) = mpsc::channel();
        self.send(SaveJob::Flush(done));
        let _ = wait.recv_timeout(Duration::from_secs(10));
    }

    /// The problems met so far, each once.
    pub(super) fn errors(&self) -> Vec<String> {
        self.shared.lock().map(|s| s.errors.clone()).unwrap_or_default()
    }

    /// Records a problem met outside the thread (once).
    pub(super) fn note(&self, message: String) {
        note(&self.shared, message);
    }

    /// Whether the last snapshot written is of game `id` and includes journal line `seq`.
    pub(super) fn snapshot_includes(&self, id: &str, seq: u64) -> bool {
        self.shared.lock().is_ok_and(|s| s.snapshot.as_ref().is_some_and(|(i, n)| i == id && *n >= seq))
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn save_loop(store: &SaveStore, jobs: &Receiver<SaveJob>, shared: &Mutex<Shared>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        batch.extend(jobs.try_iter());
        for (index, job) in batch.iter().enumerate() {
            let later = &batch[index + 1..];
            match job {
                SaveJob::Save(game) => {
                    let superseded = later
                        .iter()
                        .any(|l| matches!(l, SaveJob::Save(g) | SaveJob::Finish(g, _) if g.id == game.id));
                    if superseded {
                        continue;
                    }
                    let mut game = game.clone();
                    match store.save(&mut game) {
                        Ok(()) => {
                            if let Ok(mut shared) = shared.lock() {
                                shared.snapshot = Some((game.id.clone(), game.journal_seq));
                            }
                        }
                        Err(error) => note(shared, could_not_save(store.saves_dir(), &error)),
                    }
                }
                SaveJob::Finish(game, outcome) => {
                    if let Err(error) = store.finish(game, *outcome) {
                        note(shared, format!("could not move the finished game to the history: {error}"));
                    }
                }
                SaveJob::Sync(file) => {
                    // One sync covers every line written before it.
                    if !later.iter().any(|l| matches!(l, SaveJob::Sync(_))) {
                        let _ = file.sync_data();
                    }
                }
                SaveJob::Flush(done) => {
                    let _ = done.send(());
                }
            }
        }
    }
}

/// `could not save the game in <folder>: <reason>`: the same words whether the move journal or the
/// game's file failed, so that one problem is shown once.
pub(super) fn could_not_save(saves_dir: &std::path::Path, error: &dyn std::fmt::Display) -> String {
    format!("could not save the game in {}: {error}", saves_dir.display())
}

/// Records `message` among the problems, once.
fn note(shared: &Mutex<Shared>, message: String) {
    if let Ok(mut shared) = shared.lock()
        && !shared.errors.contains(&message)
    {
        shared.errors.push(message);
    }
}
