//! The puzzle library: a few ready puzzles per variant and level in the profile directory, so a new
//! game starts at once; the game refills it in the background. Classic puzzles live in
//! `library/<level>.txt`, one 81-character line each; killers in `library/killer-<level>.txt`, one
//! killer line (`<givens81> <cages81> <sums>`) each.
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
use crate::engine::text::parse_puzzle;
use crate::engine::{Puzzle, PuzzleSetup, Variant};

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

    /// The file of `variant` at `level`: the file layout is the one thing here that names the
    /// variants (classic files kept the names they had before killers came).
    fn file(&self, variant: Variant, level: Level) -> PathBuf {
        match variant {
            Variant::Classic => self.dir.join(format!("{}.txt", level.name())),
            variant => self.dir.join(format!("{}-{}.txt", variant.name(), level.name())),
        }
    }

    /// How many puzzles of `variant` at `level` are ready.
    pub fn count(&self, variant: Variant, level: Level) -> usize {
        read_puzzles(&self.file(variant, level), variant).len()
    }

    /// How many puzzles of `variant` at `level` are lacking to have `target` ready.
    pub fn missing(&self, variant: Variant, level: Level, target: usize) -> usize {
        target.saturating_sub(self.count(variant, level))
    }

    /// Adds `puzzle` to the ready puzzles of its variant at `level` (a puzzle already there is not
    /// added twice).
    pub fn add(&self, level: Level, puzzle: &Puzzle) -> io::Result<()> {
        let _guard = LIBRARY_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let variant = puzzle.variant();
        let path = self.file(variant, level);
        let mut lines: Vec<String> = read_puzzles(&path, variant).iter().map(PuzzleSetup::to_line).collect();
        let line = puzzle.to_line();
        if !lines.contains(&line) {
            lines.push(line);
        }
        write_lines(&path, &lines)
    }

    /// Takes the oldest ready puzzle of `variant` at `level` out of the library. Lines that are not
    /// valid puzzles are dropped on the way.
    pub fn take(&self, variant: Variant, level: Level) -> io::Result<Option<Puzzle>> {
        let _guard = LIBRARY_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let path = self.file(variant, level);
        let mut puzzles = read_puzzles(&path, variant).into_iter();
        let mut taken = None;
        for setup in puzzles.by_ref() {
            if let Ok(puzzle) = setup.into_puzzle() {
                taken = Some(puzzle);
                break;
            }
        }
        let rest: Vec<String> = puzzles.map(|setup| setup.to_line()).collect();
        if taken.is_some() || path.exists() {
            write_lines(&path, &rest)?;
        }
        Ok(taken)
    }
}

/// The puzzles of `variant` in a level's file, in order and not yet validated (none when the file
/// is missing or not a regular file: the library is only a cache, refilled in the background, and a
/// FIFO there must not stop the game). A line is read as any puzzle text is (a classic line may have
/// more after its 81 characters); lines that hold no puzzle of `variant` are passed over.
fn read_puzzles(path: &Path, variant: Variant) -> Vec<PuzzleSetup> {
    let text = read_text_file(path, MAX_TEXT_BYTES).unwrap_or_default();
    text.lines()
        .filter_map(|line| parse_puzzle(line).ok())
        .filter(|setup| setup.variant() == variant)
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
    use crate::profile::saves::fixtures::PUZZLE;

    #[test]
    fn puzzles_come_out_in_the_order_they_went_in() {
        let dir = tempfile::tempdir().expect("temp dir");
        let library = Library::at(dir.path());
        assert_eq!(library.take(Variant::Classic, Level::Easy).expect("empty take"), None);
        let first: Puzzle = PUZZLE.parse().expect("puzzle");
        let second: Puzzle = PUZZLE.replacen("53", "50", 1).parse().expect("puzzle");
        library.add(Level::Easy, &first).expect("add");
        library.add(Level::Easy, &first).expect("add again");
        library.add(Level::Easy, &second).expect("add");
        assert_eq!(
            (library.count(Variant::Classic, Level::Easy), library.missing(Variant::Classic, Level::Easy, 3)),
            (2, 1)
        );
        assert_eq!(library.count(Variant::Classic, Level::Hard), 0);
        assert_eq!(library.take(Variant::Classic, Level::Easy).expect("take"), Some(first));
        assert_eq!(library.take(Variant::Classic, Level::Easy).expect("take"), Some(second));
        assert_eq!(library.take(Variant::Classic, Level::Easy).expect("take"), None);
    }

    #[test]
    fn damaged_lines_are_skipped() {
        let dir = tempfile::tempdir().expect("temp dir");
        let library = Library::at(dir.path());
        let no_unique = ".".repeat(81);
        std::fs::write(dir.path().join("hard.txt"), format!("garbage\n{no_unique}\n{PUZZLE} 4.5\n"))
            .expect("write");
        assert_eq!(library.count(Variant::Classic, Level::Hard), 2);
        assert_eq!(
            library.take(Variant::Classic, Level::Hard).expect("take"),
            Some(PUZZLE.parse().expect("puzzle"))
        );
        assert_eq!(library.count(Variant::Classic, Level::Hard), 0);
    }

    #[test]
    fn killers_are_kept_apart_from_classic_puzzles() {
        let dir = tempfile::tempdir().expect("temp dir");
        let library = Library::at(dir.path());
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/killers.txt"))
            .expect("the offline killers");
        let line = text.lines().find(|l| l.starts_with("hard ")).expect("a hard killer");
        let (givens, cages) =
            crate::engine::text::parse_killer_line(&line["hard ".len()..]).expect("a killer line");
        let killer = Puzzle::new_killer(givens, cages).expect("a valid killer");
        let classic: Puzzle = PUZZLE.parse().expect("puzzle");
        library.add(Level::Hard, &killer).expect("add");
        library.add(Level::Hard, &killer).expect("add again");
        library.add(Level::Hard, &classic).expect("add");
        assert_eq!(library.count(Variant::Killer, Level::Hard), 1);
        assert_eq!(library.count(Variant::Classic, Level::Hard), 1);
        assert!(dir.path().join("killer-hard.txt").exists());
        assert_eq!(library.take(Variant::Killer, Level::Hard).expect("take"), Some(killer));
        assert_eq!(library.take(Variant::Killer, Level::Hard).expect("take"), None);
        assert_eq!(library.take(Variant::Classic, Level::Hard).expect("take"), Some(classic));
    }

    #[test]
    fn damaged_killer_lines_are_skipped() {
        let dir = tempfile::tempdir().expect("temp dir");
        let library = Library::at(dir.path());
        let broken = format!("{} {} 1,2,3", ".".repeat(81), "a".repeat(81));
        std::fs::write(dir.path().join("killer-easy.txt"), format!("garbage\n{broken}\n")).expect("write");
        assert_eq!(library.take(Variant::Killer, Level::Easy).expect("take"), None);
        assert_eq!(library.count(Variant::Killer, Level::Easy), 0);
    }
}
