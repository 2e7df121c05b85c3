//! The puzzle library: a few ready puzzles per level in the profile directory (`library/<level>.txt`,
//! one 81-character line each), so a new game starts at once; the game refills it in the background.
//!
//! Every change rewrites the level's file atomically; within one process a lock keeps the game and its
//! background refill from losing each other's changes.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::atomic::write_atomically;
use super::files::{MAX_TEXT_BYTES, read_text_file};
use super::paths::ProfileDirs;
use crate::engine::logic::Level;
use crate::engine::{Grid, Puzzle};

/// Serialises the read-modify-write of library files within this process.
static LIBRARY_LOCK: Mutex<()> = Mutex::new(());

/// The ready puzzles of every level.
#[derive(Clone, Debug)]
pub struct Library {
    dir: PathBuf,
}

impl Library {
    /// The library of the profile directory of `dirs`.
    pub fn new(dirs: &ProfileDirs) -> Library {
        Library::at(dirs.library_dir())
    }

    /// A library in `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Library {
        Library { dir: dir.into() }
    }

    fn file(&self, level: Level) -> PathBuf {
        self.dir.join(format!("{}.txt", level.name()))
    }

    /// How many puzzles of `level` are ready.
    pub fn count(&self, level: Level) -> usize {
        read_lines(&self.file(level)).len()
    }

    /// How many puzzles `level` lacks to have `target` ready.
    pub fn missing(&self, level: Level, target: usize) -> usize {
        target.saturating_sub(self.count(level))
    }

    /// Adds `puzzle` to the ready puzzles of `level` (a puzzle already there is not added twice).
    pub fn add(&self, level: Level, puzzle: &Puzzle) -> io::Result<()> {
        let _guard = LIBRARY_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let path = self.file(level);
        let mut lines = read_lines(&path);
        let line = puzzle.givens().to_line();
        if !lines.contains(&line) {
            lines.push(line);
        }
        write_lines(&path, &lines)
    }

    /// Takes the oldest ready puzzle of `level` out of the library. Lines that are not valid puzzles
    /// are dropped on the way.
    pub fn take(&self, level: Level) -> io::Result<Option<Puzzle>> {
        let _guard = LIBRARY_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let path = self.file(level);
        let mut lines = read_lines(&path).into_iter();
        let mut taken = None;
        for line in lines.by_ref() {
            if let Some(puzzle) = line.parse::<Grid>().ok().and_then(|g| Puzzle::new(g).ok()) {
                taken = Some(puzzle);
                break;
            }
        }
        let rest: Vec<String> = lines.collect();
        if taken.is_some() || path.exists() {
            write_lines(&path, &rest)?;
        }
        Ok(taken)
    }
}

/// The puzzle lines of a level's file (none when it is missing or not a regular file: the library is
/// only a cache, refilled in the background, and a FIFO there must not stop the game).
fn read_lines(path: &Path) -> Vec<String> {
    let text = read_text_file(path, MAX_TEXT_BYTES).unwrap_or_default();
    text.lines()
        .map(|line| line.split_whitespace().next().unwrap_or("").to_string())
        .filter(|line| line.len() == 81)
        .collect()
}

fn write_lines(path: &Path, lines: &[String]) -> io::Result<()> {
    let mut text = lines.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    write_atomically(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::saves::tests::PUZZLE;

    #[test]
    fn puzzles_come_out_in_the_order_they_went_in() {
        let dir = tempfile::tempdir().expect("temp dir");
        let library = Library::at(dir.path());
        assert_eq!(library.take(Level::Easy).expect("empty take"), None);
        let first: Puzzle = PUZZLE.parse().expect("puzzle");
        let second: Puzzle = PUZZLE.replacen("53", "50", 1).parse().expect("puzzle");
        library.add(Level::Easy, &first).expect("add");
        library.add(Level::Easy, &first).expect("add again");
        library.add(Level::Easy, &second).expect("add");
        assert_eq!((library.count(Level::Easy), library.missing(Level::Easy, 3)), (2, 1));
        assert_eq!(library.count(Level::Hard), 0);
        assert_eq!(library.take(Level::Easy).expect("take"), Some(first));
        assert_eq!(library.take(Level::Easy).expect("take"), Some(second));
        assert_eq!(library.take(Level::Easy).expect("take"), None);
    }

    #[test]
    fn damaged_lines_are_skipped() {
        let dir = tempfile::tempdir().expect("temp dir");
        let library = Library::at(dir.path());
        let no_unique = ".".repeat(81);
        std::fs::write(dir.path().join("hard.txt"), format!("garbage\n{no_unique}\n{PUZZLE} 4.5\n"))
            .expect("write");
        assert_eq!(library.count(Level::Hard), 2);
        assert_eq!(library.take(Level::Hard).expect("take"), Some(PUZZLE.parse().expect("puzzle")));
        assert_eq!(library.count(Level::Hard), 0);
    }
}
