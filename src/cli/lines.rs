//! Lines of text from any reader, whatever ends them: `\n` (Unix), `\r\n` (Windows) or a lone `\r`
//! (old Mac files), read lazily; a UTF-8 byte-order mark at the start is skipped. A line longer than
//! [`MAX_LINE`] bytes is cut there (the rest of it is counted, not kept), so that one endless line
//! cannot fill the memory and its message can still say how long it is.

use std::io::{self, BufRead};

/// The longest line kept, in bytes.
pub const MAX_LINE: usize = 1 << 20;

/// The UTF-8 byte-order mark some editors put at the start of a text file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One line read: its bytes (at most [`MAX_LINE`]) and how long it really was.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    /// The bytes kept, without the line end.
    pub bytes: Vec<u8>,
    /// The length of the whole line in bytes, without the line end: more than `bytes.len()` when
    /// the line was cut.
    pub length: usize,
}

impl Line {
    /// Whether the line was longer than [`MAX_LINE`], so that `bytes` holds only its start.
    pub fn is_cut(&self) -> bool {
        self.length > self.bytes.len()
    }
}

/// The lines of `reader`, without their line ends (nor the byte-order mark of the first).
pub fn lines(reader: impl BufRead) -> impl Iterator<Item = io::Result<Line>> {
    let mut reader = reader;
    let mut after_cr = false;
    let mut first = true;
    std::iter::from_fn(move || {
        let mut line = next_line(&mut reader, &mut after_cr).transpose()?;
        if std::mem::take(&mut first)
            && let Ok(line) = &mut line
            && line.bytes.starts_with(BOM)
        {
            line.bytes.drain(..BOM.len());
            line.length -= BOM.len();
        }
        Some(line)
    })
}

/// The next line, or `None` at the end. `after_cr` says the last line ended with `\r`, so that a
/// `\n` right after it belongs to the same line end.
fn next_line(reader: &mut impl BufRead, after_cr: &mut bool) -> io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut length = 0;
    let mut started = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(started.then_some(Line { bytes: line, length }));
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
        length += taken;
        match end {
            Some(at) => {
                *after_cr = buffer[at] == b'\r';
                reader.consume(at + 1);
                return Ok(Some(Line { bytes: line, length }));
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
        lines(reader).map(|l| String::from_utf8(l.expect("in memory").bytes).expect("text")).collect()
    }

    #[test]
    fn every_kind_of_line_end_ends_a_line() {
        for text in ["a\nbb\n\nccc", "a\r\nbb\r\n\r\nccc", "a\rbb\r\rccc", "a\nbb\r\n\rccc\n"] {
            assert_eq!(split(text.as_bytes()), ["a", "bb", "", "ccc"], "{text:?}");
        }
        assert!(split(b"").is_empty());
        assert_eq!(split(b"\n"), [""]);
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped_and_only_there() {
        assert_eq!(split(b"\xEF\xBB\xBFa\nb"), ["a", "b"]);
        assert_eq!(split(b"\xEF\xBB\xBF"), [""]);
        assert_eq!(split("a\n\u{feff}b".as_bytes()), ["a", "\u{feff}b"]);
    }

    #[test]
    fn a_long_line_is_cut_but_its_length_is_counted() {
        let long = vec![b'1'; MAX_LINE * 3 + 5];
        let text = [&long[..], b"\nshort\n"].concat();
        let read: Vec<Line> = lines(io::BufReader::new(&text[..])).map(|l| l.expect("in memory")).collect();
        assert_eq!(
            (read[0].bytes.len(), read[0].length, read[0].is_cut()),
            (MAX_LINE, MAX_LINE * 3 + 5, true)
        );
        assert_eq!(read[1], Line { bytes: b"short".to_vec(), length: 5 });
    }
}
