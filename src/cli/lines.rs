//! Lines of text from any reader, whatever ends them: `\n` (Unix), `\r\n` (Windows) or a lone `\r`
//! (old Mac files), read lazily; a line longer than [`MAX_LINE`] bytes is cut there (the rest of it is
//! skipped), so that one endless line cannot fill the memory.

use std::io::{self, BufRead};

/// The longest line kept, in bytes.
pub const MAX_LINE: usize = 1 << 20;

/// The lines of `reader`, without their line ends.
pub fn lines(reader: impl BufRead) -> impl Iterator<Item = io::Result<Vec<u8>>> {
    let mut reader = reader;
    let mut after_cr = false;
    std::iter::from_fn(move || next_line(&mut reader, &mut after_cr).transpose())
}

/// The next line, or `None` at the end. `after_cr` says the last line ended with `\r`, so that a
/// `\n` right after it belongs to the same line end.
fn next_line(reader: &mut impl BufRead, after_cr: &mut bool) -> io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    let mut started = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(started.then_some(line));
        }
        if std::mem::take(after_cr) && buffer[0] == b'\n' {
            reader.consume(1);
            continue;
        }
        started = true;
        let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
        let taken = end.unwrap_or(buffer.len());
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&buffer[..taken.min(room)]);
        match end {
            Some(at) => {
                *after_cr = buffer[at] == b'\r';
                reader.consume(at + 1);
                return Ok(Some(line));
            }
            None => reader.consume(taken),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(bytes: &[u8]) -> Vec<String> {
        // A tiny buffer, so that line ends fall across reads.
        let reader = io::BufReader::with_capacity(3, bytes);
        lines(reader).map(|l| String::from_utf8(l.expect("in memory")).expect("text")).collect()
    }

    #[test]
    fn every_kind_of_line_end_ends_a_line() {
        for text in ["a\nbb\n\nccc", "a\r\nbb\r\n\r\nccc", "a\rbb\r\rccc", "a\nbb\r\n\rccc\n"] {
            assert_eq!(split(text.as_bytes()), ["a", "bb", "", "ccc"], "{text:?}");
        }
        assert!(split(b"").is_empty());
        assert_eq!(split(b"\n"), [""]);
    }
}
