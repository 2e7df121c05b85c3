//! Lines of text from any reader, whatever ends them: `\n` (Unix), `\r\n` (Windows) or a lone `\r`
//! (old Mac files), read one at a time into a buffer the caller keeps, so that a long batch
//! allocates nothing per line; a UTF-8 byte-order mark at the start is skipped. A line longer than
//! [`MAX_LINE`] bytes is cut there (the rest of it is counted, not kept), so that one endless line
//! cannot fill the memory and its message can still say how long it is.

use std::io::{self, BufRead};

/// The longest line kept, in bytes.
pub const MAX_LINE: usize = 1 << 20;

/// The UTF-8 byte-order mark some editors put at the start of a text file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads the lines of a [`BufRead`], without their line ends (nor the byte-order mark of the
/// first), into a buffer of the caller's.
pub struct LineReader<R> {
    reader: R,
    /// The last line ended with `\r`, so that a `\n` right after it belongs to the same line end.
    after_cr: bool,
    /// No line has been read yet (a byte-order mark is skipped only there).
    first: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of the lines of `reader`.
    pub fn new(reader: R) -> LineReader<R> {
        LineReader { reader, after_cr: false, first: true }
    }

    /// Reads the next line into `line` (cleared first; at most [`MAX_LINE`] bytes are kept) and
    /// returns the length of the whole line in bytes, more than `line.len()` when it was cut;
    /// `None` at the end of the input.
    pub fn read_into(&mut self, line: &mut Vec<u8>) -> io::Result<Option<usize>> {
        line.clear();
        let length = self.next_line(line)?;
        if std::mem::take(&mut self.first) && length.is_some() && line.starts_with(BOM) {
            line.drain(..BOM.len());
            return Ok(length.map(|length| length - BOM.len()));
        }
        Ok(length)
    }

    /// Appends the next line to `line`; its whole length, or `None` at the end.
    fn next_line(&mut self, line: &mut Vec<u8>) -> io::Result<Option<usize>> {
        let mut length = 0;
        let mut started = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                return Ok(started.then_some(length));
            }
            if std::mem::take(&mut self.after_cr) && buffer[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            started = true;
            let end = line_end(buffer);
            let taken = end.unwrap_or(buffer.len());
            let room = MAX_LINE.saturating_sub(line.len());
            line.extend_from_slice(&buffer[..taken.min(room)]);
            length += taken;
            match end {
                Some(at) => {
                    self.after_cr = buffer[at] == b'\r';
                    self.reader.consume(at + 1);
                    return Ok(Some(length));
                }
                None => self.reader.consume(taken),
            }
        }
    }
}

/// Where the first `\n` or `\r` of `bytes` is, eight bytes at a time.
fn line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // Whether a byte of `word` is `byte`: the classic test for a zero byte, on `word ^ byte`s.
    let holds = |word: u64, byte: u8| {
        let x = word ^ (ONES * u64::from(byte));
        x.wrapping_sub(ONES) & !x & HIGH != 0
    };
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_ne_bytes(word);
        if holds(word, b'\n') || holds(word, b'\r') {
            break;
        }
        at += 8;
    }
    bytes[at..].iter().position(|&b| b == b'\n' || b == b'\r').map(|found| at + found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `reader`: its bytes and its whole length.
    fn read_all(reader: impl BufRead) -> Vec<(Vec<u8>, usize)> {
        let mut lines = LineReader::new(reader);
        let mut line = Vec::new();
        let mut read = Vec::new();
        while let Some(length) = lines.read_into(&mut line).expect("in memory") {
            read.push((line.clone(), length));
        }
        read
    }

    fn split(bytes: &[u8]) -> Vec<String> {
        // A tiny buffer, so that line ends fall across reads.
        let reader = io::BufReader::with_capacity(3, bytes);
        read_all(reader).into_iter().map(|(l, _)| String::from_utf8(l).expect("text")).collect()
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
    fn line_ends_are_found_in_every_byte_of_a_word() {
        for at in 0..20 {
            for end in [b'\n', b'\r'] {
                let mut text = vec![b'7'; 20];
                text[at] = end;
                assert_eq!(line_end(&text), Some(at), "{at} {end}");
                let lines = read_all(io::BufReader::new(&text[..]));
                assert_eq!(lines[0], (vec![b'7'; at], at), "{at} {end}");
            }
        }
        assert_eq!(line_end(&[b'7'; 20]), None);
        // Bytes next to the line ends are not taken for them.
        assert_eq!(line_end(&[0x0b, 0x0c, 0x0e, 0x09, 0x8a, 0x8d, 0xff, 0x00, 0x0a]), Some(8));
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
        let read = read_all(io::BufReader::new(&text[..]));
        assert_eq!((read[0].0.len(), read[0].1), (MAX_LINE, MAX_LINE * 3 + 5));
        assert_eq!(read[1], (b"short".to_vec(), 5));
    }
}
