//! Writing a file so that a reader (or a crash) only ever sees the old content or the new one: write a
//! temporary file in the same directory, flush and fsync it, rename it over the target, fsync the
//! directory.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

/// The marker in the names of temporary files, which listings skip.
pub const TEMP_MARKER: &str = ".tmp-";

/// Replaces the file at `path` with `contents`, atomically. Creates the directory if needed.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let temp = temp_path(dir, path);
    let written = write_synced(&temp, contents).and_then(|()| fs::rename(&temp, path));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written?;
    sync_dir(dir);
    Ok(())
}

fn temp_path(dir: &Path, target: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = target.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy());
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    dir.join(format!(".{name}{TEMP_MARKER}{}-{count}", std::process::id()))
}

fn write_synced(temp: &Path, contents: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(temp)?;
    file.write_all(contents)?;
    file.flush()?;
    file.sync_all()
}

/// Makes the rename itself durable (best effort: not every platform can open a directory).
fn sync_dir(dir: &Path) {
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
}

/// Removes temporary files a killed process left in `dir` (older than a minute, so a write in progress
/// in another process is left alone).
pub fn remove_stale_temp_files(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let minute_ago = SystemTime::now() - Duration::from_secs(60);
    for entry in entries.flatten() {
        let is_temp = entry.file_name().to_string_lossy().contains(TEMP_MARKER);
        let old = entry.metadata().and_then(|m| m.modified()).is_ok_and(|t| t < minute_ago);
        if is_temp && old {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_content_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("sub").join("a.toml");
        write_atomically(&path, b"one").expect("first write");
        write_atomically(&path, b"two").expect("second write");
        assert_eq!(fs::read_to_string(&path).expect("read"), "two");
        let names: Vec<_> = fs::read_dir(path.parent().expect("dir")).expect("list").flatten().collect();
        assert_eq!(names.len(), 1);
    }
}
