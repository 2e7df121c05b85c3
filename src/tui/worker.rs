//! The worker thread: runs slow engine calls (hints, generation) off the UI thread. Latest request
//! wins: it keeps only the newest job, a new job cancels the running one, and every reply carries the
//! request id so the app can drop stale answers.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;

use crate::engine::Variant;
use crate::engine::daily::{DailyDate, daily_options};

use crate::engine::logic::Level;
use crate::engine::{GenerateOptions, Symmetry};
use crate::game::HintPosition;

use super::event::Event;
use super::puzzles::new_puzzle;

/// A job for the worker.
#[derive(Clone, Debug)]
pub enum Job {
    /// Find the next logical step of a position.
    NextStep {
        /// The request id.
        id: u64,
        /// Where the hint starts: the player's board.
        position: Box<HintPosition>,
    },
    /// Make a new puzzle.
    Generate {
        /// The request id.
        id: u64,
        /// The level asked for.
        level: Level,
        /// The seed.
        seed: u64,
        /// The symmetry of the givens.
        symmetry: Symmetry,
        /// Classic or killer.
        variant: Variant,
    },
}

impl Job {
    /// The job making the daily puzzle of `variant` on `date` (its level, seed and symmetry are the
    /// date's, whatever the player's settings), answered with request id `id`.
    pub fn daily(id: u64, variant: Variant, date: DailyDate) -> Job {
        let GenerateOptions { level, symmetry, seed, .. } = daily_options(variant, date);
        Job::Generate { id, level, seed, symmetry, variant }
    }
}

#[derive(Default)]
struct Slot {
    pending: Option<Job>,
    running_cancel: Option<Arc<AtomicBool>>,
    shutdown: bool,
}

type Shared = Arc<(Mutex<Slot>, Condvar)>;

/// The handle to the worker thread; dropping it cancels the running job and lets the thread end
/// without waiting for it (a hint search cannot be interrupted, and quitting must not wait).
pub struct Worker {
    shared: Shared,
}

impl Worker {
    /// Starts the worker; its replies go to `sender`.
    pub fn spawn(sender: Sender<Event>) -> std::io::Result<Worker> {
        let shared: Shared = Arc::default();
        let thread_shared = Arc::clone(&shared);
        thread::Builder::new()
            .name("termdoku-worker".into())
            .spawn(move || run_jobs(&thread_shared, &sender))?;
        Ok(Worker { shared })
    }

    /// Queues `job`, replacing any queued job and cancelling the running one.
    pub fn submit(&self, job: Job) {
        let mut slot = lock(&self.shared);
        cancel_running(&mut slot);
        slot.pending = Some(job);
        self.shared.1.notify_one();
    }

    /// Cancels the running job and forgets the queued one.
    pub fn cancel(&self) {
        let mut slot = lock(&self.shared);
        cancel_running(&mut slot);
        slot.pending = None;
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let mut slot = lock(&self.shared);
        cancel_running(&mut slot);
        slot.shutdown = true;
        self.shared.1.notify_one();
    }
}

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Slot> {
    shared.0.lock().unwrap_or_else(PoisonError::into_inner)
}

fn cancel_running(slot: &mut Slot) {
    if let Some(cancel) = slot.running_cancel.take() {
        cancel.store(true, Ordering::Relaxed);
    }
}

/// The worker loop: wait for a job, run it, send the reply unless it was cancelled meanwhile.
fn run_jobs(shared: &Shared, sender: &Sender<Event>) {
    loop {
        let (job, cancel) = {
            let mut slot = lock(shared);
            while slot.pending.is_none() && !slot.shutdown {
                slot = shared.1.wait(slot).unwrap_or_else(PoisonError::into_inner);
            }
            if slot.shutdown {
                return;
            }
            let Some(job) = slot.pending.take() else { continue };
            let cancel = Arc::new(AtomicBool::new(false));
            slot.running_cancel = Some(Arc::clone(&cancel));
            (job, cancel)
        };
        let reply = run_job(job, &cancel);
        if cancel.load(Ordering::Relaxed) {
            continue;
        }
        if sender.send(reply).is_err() {
            return;
        }
    }
}

/// Runs one job and builds its reply.
pub fn run_job(job: Job, cancel: &AtomicBool) -> Event {
    match job {
        Job::NextStep { id, position } => Event::StepReady { id, step: position.next_step().map(Box::new) },
        Job::Generate { id, level, seed, symmetry, variant } => Event::Generated {
            id,
            puzzle: new_puzzle(&GenerateOptions { variant, level, symmetry, seed }, cancel).map(Box::new),
        },
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;

    #[test]
    fn replies_carry_the_request_id() {
        let (tx, rx) = mpsc::channel();
        let worker = Worker::spawn(tx).expect("spawns");
        worker.submit(Job::Generate {
            id: 7,
            level: Level::Easy,
            seed: 3,
            symmetry: Symmetry::Mirror,
            variant: Variant::Classic,
        });
        let reply = rx.recv_timeout(Duration::from_secs(10)).expect("a reply");
        assert!(matches!(reply, Event::Generated { id: 7, puzzle: Some(_) }));
    }

    #[test]
    fn the_latest_job_wins() {
        let (tx, rx) = mpsc::channel();
        let worker = Worker::spawn(tx).expect("spawns");
        for id in 1..=20 {
            worker.submit(Job::Generate {
                id,
                level: Level::Medium,
                seed: id,
                symmetry: Symmetry::None,
                variant: Variant::Classic,
            });
        }
        // Older jobs may answer (one finished before the next came) or not; the newest always does,
        // and nothing comes after it. The deadline is generous: the machine may be busy.
        loop {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(Event::Generated { id: 20, .. }) => break,
                Ok(Event::Generated { .. }) => {}
                other => panic!("expected replies to the jobs, got {other:?}"),
            }
        }
        assert!(rx.recv_timeout(Duration::from_millis(300)).is_err(), "no reply after the newest");
        drop(worker);
    }

    #[test]
    fn a_cancelled_generation_gives_no_puzzle() {
        let cancel = AtomicBool::new(true);
        let reply = run_job(
            Job::Generate {
                id: 1,
                level: Level::Easy,
                seed: 0,
                symmetry: Symmetry::Rotational,
                variant: Variant::Classic,
            },
            &cancel,
        );
        assert!(matches!(reply, Event::Generated { id: 1, puzzle: None }));
    }
}
