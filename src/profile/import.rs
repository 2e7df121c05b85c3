//! Reading puzzles from text: an 81-character line, a 9-line grid, and the common files: SadMan
//! `.sdk` (a grid, `#` comment lines, optional `[Puzzle]` section), Simple Sudoku `.ss` (a grid with
//! `|` and `-` separators, `.` or `X` blanks) and `.sdm` (one puzzle per line, many puzzles).
//!
//! Pure parsing of text: the caller reads the file and picks a puzzle with [`pick_puzzle`].

use std::fmt;

use crate::engine::{Grid, parse_grid};

/// Why a text holds no usable puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ImportError {
    /// The 1-based line of the problem, when it is on one line.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ImportError {}

/// Whether `c` stands for a cell in a puzzle line.
fn is_cell(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '.' | 'X' | 'x' | '_' | '*')
}

/// The lines that carry cells, with their 1-based numbers: comments (`#`, `//`) and blank lines are
/// skipped; a `[Puzzle]` section is read and any other `[...]` section after it ends the puzzle.
fn content_lines(text: &str) -> Vec<(usize, &str)> {
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') {
            if line.eq_ignore_ascii_case("[puzzle]") {
                lines.clear();
                continue;
            }
            if lines.is_empty() {
                continue;
            }
            break;
        }
        lines.push((index + 1, line));
    }
    lines
}

/// Normalises the blanks some formats use (`X`, `_`, `*`) to `.`.
fn normalise_blanks(line: &str) -> String {
    line.chars().map(|c| if matches!(c, 'X' | 'x' | '_' | '*') { '.' } else { c }).collect()
}

/// Every puzzle of `text`: a list of 81-character lines (an `.sdm` file, or a single line; anything
/// after the first word of a line, such as a rating, is ignored), or one grid written on nine rows.
pub fn read_puzzles(text: &str) -> Result<Vec<Grid>, ImportError> {
    let lines = content_lines(text);
    if lines.is_empty() {
        return Err(ImportError { line: None, message: "no puzzle found".into() });
    }
    let is_line_puzzle = |line: &str| {
        let word = line.split_whitespace().next().unwrap_or("");
        word.chars().count() == 81 && word.chars().all(is_cell)
    };
    if lines.iter().all(|(_, line)| is_line_puzzle(line)) {
        return Ok(lines
            .iter()
            .filter_map(|(_, line)| parse_grid(&normalise_blanks(line.split_whitespace().next()?)).ok())
            .collect());
    }
    if lines.len() == 1 {
        let (number, line) = lines[0];
        let grid = parse_grid(&normalise_blanks(line))
            .map_err(|e| ImportError { line: Some(number), message: e.to_string() })?;
        return Ok(vec![grid]);
    }
    let joined: Vec<String> = lines.iter().map(|(_, line)| normalise_blanks(line)).collect();
    let grid =
        parse_grid(&joined.join("\n")).map_err(|e| ImportError { line: None, message: e.to_string() })?;
    Ok(vec![grid])
}

/// The puzzle at 1-based `index` of `text` (the first when `None`).
pub fn pick_puzzle(text: &str, index: Option<usize>) -> Result<Grid, ImportError> {
    let puzzles = read_puzzles(text)?;
    let count = puzzles.len();
    let wanted = index.unwrap_or(1);
    if wanted == 0 || wanted > count {
        let message =
            format!("there is no puzzle {wanted}: the text holds {count} (use --index 1 to {count})");
        return Err(ImportError { line: None, message });
    }
    Ok(puzzles[wanted - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    fn line_grid() -> Grid {
        parse_grid(LINE).expect("valid")
    }

    #[test]
    fn a_line_and_a_nine_line_grid() {
        assert_eq!(pick_puzzle(LINE, None), Ok(line_grid()));
        assert_eq!(pick_puzzle(&format!("  {LINE}  \n"), None), Ok(line_grid()));
        let rows: Vec<&str> = (0..9).map(|r| &LINE[r * 9..r * 9 + 9]).collect();
        assert_eq!(pick_puzzle(&rows.join("\n"), None), Ok(line_grid()));
    }

    #[test]
    fn sadman_sdk_with_comments_and_sections() {
        let rows: Vec<String> = (0..9).map(|r| LINE[r * 9..r * 9 + 9].replace('0', ".")).collect();
        let sdk = format!(
            "#A Author\n#D A description\n[Puzzle]\n{}\n[State]\n{}\n",
            rows.join("\n"),
            rows.join("\n")
        );
        assert_eq!(pick_puzzle(&sdk, None), Ok(line_grid()));
        assert_eq!(pick_puzzle(&format!("#Cmade by hand\n{}\n", rows.join("\n")), None), Ok(line_grid()));
    }

    #[test]
    fn simple_sudoku_ss_with_separators() {
        let row = |r: usize| {
            let cells: String = LINE[r * 9..r * 9 + 9].replace('0', "X");
            format!("{}|{}|{}", &cells[0..3], &cells[3..6], &cells[6..9])
        };
        let mut text = String::new();
        for r in 0..9 {
            if r == 3 || r == 6 {
                text.push_str("-----------\n");
            }
            text.push_str(&row(r));
            text.push('\n');
        }
        assert_eq!(pick_puzzle(&text, None), Ok(line_grid()));
    }

    #[test]
    fn sdm_files_hold_many_puzzles_picked_by_index() {
        let other = LINE.replacen('5', "0", 1);
        let sdm = format!("{LINE}\n{other} 3.4 rated\n\n");
        assert_eq!(read_puzzles(&sdm).map(|p| p.len()), Ok(2));
        assert_eq!(pick_puzzle(&sdm, Some(2)), Ok(parse_grid(&other).expect("valid")));
        let error = pick_puzzle(&sdm, Some(3)).expect_err("out of range");
        assert!(error.message.contains("use --index 1 to 2"), "{error}");
    }

    #[test]
    fn bad_text_is_an_error_with_a_place() {
        assert_eq!(read_puzzles("# nothing\n").map_err(|e| e.message), Err("no puzzle found".into()));
        let error = pick_puzzle(&format!("\n{}", &LINE[..80]), None).expect_err("short line");
        assert_eq!(error.line, Some(2));
        assert!(pick_puzzle("12345\n6789\n", None).is_err());
        let bad = format!("{}z{}", &LINE[..40], &LINE[41..]);
        assert!(pick_puzzle(&bad, None).expect_err("bad char").to_string().contains("bad character 'z'"));
    }
}
