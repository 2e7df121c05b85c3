//! Signals while the game runs: SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1 and SIGUSR2 (each of which
//! would otherwise end the process at once) end the game the orderly way (the game is saved and the
//! terminal restored, as on quit) instead of killing the process under a raw-mode terminal. A thread of `signal-hook` receives them and tells the event loop with
//! [`Event::Stopped`]; the loop then ends with an [`Interrupted`] error naming the signal.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::Sender;
use std::thread::{self, JoinHandle};

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2};
use signal_hook::iterator::{Handle, Signals};

use super::event::Event;

/// The signals that end the game the orderly way.
const WATCHED: [i32; 6] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2];

/// The game ended because of a signal (the game was saved and the terminal restored first).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Interrupted {
    /// The signal's number.
    pub signal: i32,
}

impl Interrupted {
    /// The signal's name (`SIGTERM`).
    pub fn name(&self) -> &'static str {
        match self.signal {
            SIGTERM => "SIGTERM",
            SIGHUP => "SIGHUP",
            SIGINT => "SIGINT",
            SIGQUIT => "SIGQUIT",
            SIGUSR1 => "SIGUSR1",
            SIGUSR2 => "SIGUSR2",
            _ => "a signal",
        }
    }

    /// The exit status a shell expects of a process a signal ended: 128 + its number.
    pub fn exit_status(&self) -> u8 {
        u8::try_from(128 + self.signal).unwrap_or(1)
    }
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stopped by {}: the game was saved and the terminal restored", self.name())
    }
}

impl std::error::Error for Interrupted {}

/// Watches the signals while it lives; dropping it stops watching.
pub struct SignalWatch {
    handle: Handle,
    thread: Option<JoinHandle<()>>,
    received: Arc<AtomicI32>,
}

impl SignalWatch {
    /// Starts watching: each signal is sent to the loop as [`Event::Stopped`].
    pub fn start(sender: Sender<Event>) -> std::io::Result<SignalWatch> {
        let mut signals = Signals::new(WATCHED)?;
        let handle = signals.handle();
        let received = Arc::new(AtomicI32::new(0));
        let seen = Arc::clone(&received);
        let thread = thread::Builder::new().name("termdoku-signals".into()).spawn(move || {
            for signal in signals.forever() {
                seen.store(signal, Ordering::SeqCst);
                let name = Interrupted { signal }.name();
                if sender.send(Event::Stopped(format!("{name} received"))).is_err() {
                    return;
                }
            }
        })?;
        Ok(SignalWatch { handle, thread: Some(thread), received })
    }

    /// The signal received, if one was.
    pub fn received(&self) -> Option<Interrupted> {
        let signal = self.received.load(Ordering::SeqCst);
        (signal != 0).then_some(Interrupted { signal })
    }
}

impl Drop for SignalWatch {
    fn drop(&mut self) {
        self.handle.close();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signal_reaches_the_loop_as_a_stop_and_names_itself() {
        let (sender, receiver) = std::sync::mpsc::channel();
        let watch = SignalWatch::start(sender).expect("watching");
        signal_hook::low_level::raise(SIGHUP).expect("raised");
        let event = receiver.recv_timeout(std::time::Duration::from_secs(5)).expect("an event");
        assert!(matches!(event, Event::Stopped(ref reason) if reason == "SIGHUP received"), "{event:?}");
        let interrupted = watch.received().expect("received");
        assert_eq!((interrupted.name(), interrupted.exit_status()), ("SIGHUP", 129));
        assert!(interrupted.to_string().contains("the game was saved"));
    }
}
