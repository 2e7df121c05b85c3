//! [`Keeper`]: the move journal of the game kept, written on the game's own thread before each frame
//! is drawn (one small write per change, microseconds), so that what the player sees is on disk even
//! if the process is killed the next instant. The saver thread makes it durable (fsync) and writes the
//! snapshots; once a snapshot holds every journal line, the journal is emptied or removed.

use std::io;

use crate::profile::saves::journal::{self, JournalWriter, OpenError};
use crate::profile::saves::{SaveStore, SavedGame};

use super::saver::{SaveJob, Saver};

/// A journal holding this many lines is emptied once a snapshot holds them all.
const LINES_BEFORE_EMPTYING: usize = 64;

/// Why a game could not be taken over.
#[derive(Debug)]
pub(super) struct InUse;

/// The journal of the game kept and what it last recorded.
#[derive(Default)]
pub(super) struct Keeper {
    writer: Option<JournalWriter>,
    /// The game as the journal has it.
    recorded: Option<SavedGame>,
    /// The number of the last line written.
    seq: u64,
}

impl Keeper {
    /// Takes over the saved game `game` (loaded from disk): its journal is opened and locked now, so
    /// that another termdoku playing it is noticed at once.
    pub(super) fn adopt(&mut self, store: &SaveStore, game: &SavedGame) -> Result<(), InUse> {
        self.start_new();
        match JournalWriter::open(&store.journal_path(&game.id)) {
            Ok(writer) => self.writer = Some(writer),
            Err(OpenError::InUse) => return Err(InUse),
            // Not fatal here: the first move tries again and reports the problem.
            Err(OpenError::Io(_)) => {}
        }
        self.recorded = Some(game.clone());
        self.seq = game.journal_seq;
        Ok(())
    }

    /// Takes over the saved game `game`, whose journal `writer` holds (locked).
    pub(super) fn adopt_locked(&mut self, writer: JournalWriter, game: &SavedGame) {
        self.start_new();
        self.writer = Some(writer);
        self.recorded = Some(game.clone());
        self.seq = game.journal_seq;
    }

    /// Forgets the game kept (a new game starts: its first line will hold the whole game).
    pub(super) fn start_new(&mut self) {
        self.writer = None;
        self.recorded = None;
        self.seq = 0;
    }

    /// Records `game` in its journal (numbering it in `game.journal_seq`) and asks `saver` to make
    /// the line durable; empties the journal first when a snapshot already holds all of it.
    pub(super) fn record(
        &mut self,
        store: &SaveStore,
        game: &mut SavedGame,
        saver: &Saver,
    ) -> io::Result<()> {
        if self.writer.as_ref().is_some_and(|w| w.path() != store.journal_path(&game.id)) {
            self.start_new();
        }
        let writer = match &mut self.writer {
            Some(writer) => writer,
            None => match JournalWriter::open(&store.journal_path(&game.id)) {
                Ok(writer) => self.writer.insert(writer),
                Err(OpenError::InUse) => {
                    return Err(io::Error::other("another termdoku holds this game's journal"));
                }
                Err(OpenError::Io(error)) => return Err(error),
            },
        };
        if writer.lines() >= LINES_BEFORE_EMPTYING && saver.snapshot_includes(&game.id, self.seq) {
            writer.clear()?;
        }
        let seq = self.seq + 1;
        let line = journal::line_for(self.recorded.as_ref(), game, seq);
        writer.append(&line)?;
        game.journal_seq = seq;
        self.seq = seq;
        self.recorded = Some(game.clone());
        if let Ok(handle) = writer.sync_handle() {
            saver.send(SaveJob::Sync(handle));
        }
        Ok(())
    }

    /// The number of the last line written.
    pub(super) fn seq(&self) -> u64 {
        self.seq
    }

    /// Ends the keeping: the journal is removed when the snapshot on disk holds all of it (`done`),
    /// else left for the next load to replay.
    pub(super) fn close(&mut self, done: bool) {
        if let Some(writer) = self.writer.take()
            && done
        {
            let _ = writer.remove();
        }
        self.recorded = None;
    }
}
