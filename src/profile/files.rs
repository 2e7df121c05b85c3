//! Reading the files a player names or the profile keeps (configuration, saves, journals, puzzle
//! files): only regular files are read (a FIFO or a device would block or never end; a symbolic link
//! is followed to what it names and judged by that), never more than a size limit, and problems are
//! said in words (`no such file`, `is a directory`), without the path: the caller names it.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// The largest configuration or puzzle file read.
pub const MAX_TEXT_BYTES: u64 = 16 << 20;

/// The bytes of the regular file at `path`, refusing anything else and anything over `limit` bytes.
pub fn read_regular_file(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let mut file = open_regular_file(path, limit)?;
    let mut bytes = Vec::new();
    file.by_ref().take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    Ok(bytes)
}

/// The text of the regular file at `path` (see [`read_regular_file`]); bytes that are not UTF-8 are
/// an error saying where.
pub fn read_text_file(path: &Path, limit: u64) -> io::Result<String> {
    String::from_utf8(read_regular_file(path, limit)?).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        io::Error::new(io::ErrorKind::InvalidData, format!("not text: invalid UTF-8 at byte {at}"))
    })
}

/// Opens the regular file at `path` for reading, without blocking on a FIFO.
pub fn open_regular_file(path: &Path, limit: u64) -> io::Result<File> {
    let kind = std::fs::metadata(path).map_err(worded)?;
    refuse_unless_regular(&kind, limit)?;
    // Non-blocking: if a FIFO took the file's place since, opening it must not wait for a writer.
    let nonblocking = i32::try_from(rustix::fs::OFlags::NONBLOCK.bits()).unwrap_or(0);
    let file = OpenOptions::new().read(true).custom_flags(nonblocking).open(path).map_err(worded)?;
    refuse_unless_regular(&file.metadata()?, limit)?;
    Ok(file)
}

fn refuse_unless_regular(kind: &std::fs::Metadata, limit: u64) -> io::Result<()> {
    if kind.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory, not a file"));
    }
    if !kind.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is not a regular file (a FIFO, socket or device): only regular files are read",
        ));
    }
    if kind.len() > limit {
        return Err(too_large(limit));
    }
    Ok(())
}

fn too_large(limit: u64) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("is too large: more than {limit} bytes"))
}

/// `error` in words a player reads: `no such file`, `permission denied`, else the system's words.
fn worded(error: io::Error) -> io::Error {
    let words = match error.kind() {
        io::ErrorKind::NotFound => "no such file",
        io::ErrorKind::PermissionDenied => "permission denied",
        _ => return error,
    };
    io::Error::new(error.kind(), words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("a.txt");
        std::fs::write(&file, "hello").expect("write");
        assert_eq!(read_text_file(&file, 100).expect("read"), "hello");
        assert!(read_text_file(&file, 3).expect_err("too large").to_string().contains("too large"));
        let missing = read_text_file(&dir.path().join("none"), 100).expect_err("missing");
        assert_eq!(missing.to_string(), "no such file");
        let folder = read_text_file(dir.path(), 100).expect_err("folder");
        assert!(folder.to_string().contains("is a directory"), "{folder}");
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&fifo, &link).expect("symlink");
        for special in [fifo.as_path(), link.as_path(), Path::new("/dev/zero")] {
            let error = read_text_file(special, 100).expect_err("not a regular file");
            assert!(error.to_string().contains("not a regular file"), "{}: {error}", special.display());
        }
        std::os::unix::fs::symlink(&file, dir.path().join("good")).expect("symlink");
        assert_eq!(read_text_file(&dir.path().join("good"), 100).expect("through a link"), "hello");
    }
}
