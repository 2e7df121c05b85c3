//! Taking over a game another termdoku window is playing. The window playing a game holds the lock on
//! its move journal (see [`super::journal`]; the kernel drops it when the process ends, even by
//! SIGKILL, so a dead window never blocks). A second window asks for the game by writing a request
//! beside the save, `<id>.takeover`, holding its process id (written atomically); the playing window
//! checks for a request before each save and about once a second, and on one from a live process
//! other than itself it stops saving and lets go of the journal, which the second window then locks.
//! A request left by a process that has ended is ignored and removed.

use std::fs;
use std::io;
use std::path::Path;

use crate::profile::atomic::write_atomically;

/// Asks the window playing the game whose request file is `path` to let it go (to this process).
pub fn request(path: &Path) -> io::Result<()> {
    write_atomically(path, format!("{}\n", std::process::id()).as_bytes())
}

/// Whether the request at `path` was made by a live process other than this one (a request of an
/// ended process is removed).
pub fn requested_by_another(path: &Path) -> bool {
    let Ok(text) = fs::read_to_string(path) else { return false };
    let Some(pid) = text.trim().parse::<i32>().ok().filter(|&pid| pid > 0) else {
        // Unreadable: not a request this version wrote.
        let _ = fs::remove_file(path);
        return false;
    };
    if u32::try_from(pid).is_ok_and(|pid| pid == std::process::id()) {
        return false;
    }
    if alive(pid) {
        return true;
    }
    let _ = fs::remove_file(path);
    false
}

/// Removes the request at `path` (once the game is taken over, or given up).
pub fn withdraw(path: &Path) {
    let _ = fs::remove_file(path);
}

/// Whether process `pid` runs (a process of another user counts as running).
fn alive(pid: i32) -> bool {
    let Some(pid) = rustix::process::Pid::from_raw(pid) else { return false };
    match rustix::process::test_kill_process(pid) {
        Ok(()) => true,
        Err(error) => error == rustix::io::Errno::PERM,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_counts_only_from_another_live_process() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("g.takeover");
        assert!(!requested_by_another(&path), "no request");
        request(&path).expect("written");
        assert!(!requested_by_another(&path), "this process's own request");
        // The parent of the test runner is alive; a pid far past pid_max is not.
        fs::write(&path, format!("{}\n", std::os::unix::process::parent_id())).expect("write");
        assert!(requested_by_another(&path));
        fs::write(&path, "2147483000\n").expect("write");
        assert!(!requested_by_another(&path), "an ended process");
        assert!(!path.exists(), "its request is removed");
        request(&path).expect("written");
        withdraw(&path);
        assert!(!path.exists());
    }
}
