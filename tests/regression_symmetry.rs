//! HoDoKu's regression library moved by random symmetries of the board (digits relabelled, rows and
//! columns permuted within bands and stacks, bands and stacks permuted, transposed): results must not
//! depend on the board's orientation, and every case passes in every orientation.

use std::process::Command;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const LIBRARY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/hodoku/reglib-1.4.txt");

/// How many random orientations of the library are checked.
const ROUNDS: u64 = 16;

/// A symmetry of the Sudoku board: where each row, column and digit goes, and whether the board is
/// transposed afterwards.
struct Symmetry {
    rows: [usize; 9],
    cols: [usize; 9],
    digits: [u8; 9],
    transpose: bool,
}

/// A permutation of 0..9 that keeps each band (or stack) of three together.
fn band_preserving(rng: &mut ChaCha8Rng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    bands.shuffle(rng);
    let mut out = [0; 9];
    for (to_band, &from_band) in bands.iter().enumerate() {
        let mut inner = [0, 1, 2];
        inner.shuffle(rng);
        for (to, &from) in inner.iter().enumerate() {
            out[from_band * 3 + from] = to_band * 3 + to;
        }
    }
    out
}

impl Symmetry {
    fn random(rng: &mut ChaCha8Rng) -> Symmetry {
        let rows = band_preserving(rng);
        let cols = band_preserving(rng);
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        digits.shuffle(rng);
        Symmetry { rows, cols, digits, transpose: rng.random_bool(0.5) }
    }

    /// Where the cell at 0-based `(row, col)` goes.
    fn cell(&self, row: usize, col: usize) -> (usize, usize) {
        let (r, c) = (self.rows[row], self.cols[col]);
        if self.transpose { (c, r) } else { (r, c) }
    }

    /// A digit character `'1'..='9'` relabelled.
    fn digit(&self, digit: char) -> char {
        let index = digit.to_digit(10).expect("a digit") as usize - 1;
        char::from(b'0' + self.digits[index])
    }

    /// A list of `<digit><row><col>` triples moved.
    fn candidates(&self, field: &str) -> String {
        let moved: Vec<String> = field
            .split_whitespace()
            .map(|triple| {
                let chars: Vec<char> = triple.chars().collect();
                assert_eq!(chars.len(), 3, "a candidate triple: {triple}");
                let row = chars[1].to_digit(10).expect("a row") as usize - 1;
                let col = chars[2].to_digit(10).expect("a column") as usize - 1;
                let (r, c) = self.cell(row, col);
                format!("{}{}{}", self.digit(chars[0]), r + 1, c + 1)
            })
            .collect();
        moved.join(" ")
    }

    /// An 81-cell givens string (digits, `.` or `0`, each optionally prefixed by `+`) moved.
    fn givens(&self, field: &str) -> String {
        let mut tokens = Vec::new();
        let mut placed = false;
        for ch in field.chars() {
            if ch == '+' {
                placed = true;
                continue;
            }
            let value = if ch.is_ascii_digit() && ch != '0' { self.digit(ch) } else { ch };
            tokens.push(if placed { format!("+{value}") } else { value.to_string() });
            placed = false;
        }
        assert_eq!(tokens.len(), 81, "81 givens: {field}");
        let mut out = vec![String::new(); 81];
        for (index, token) in tokens.into_iter().enumerate() {
            let (r, c) = self.cell(index / 9, index % 9);
            out[r * 9 + c] = token;
        }
        out.concat()
    }

    /// A library line moved (comment and blank lines are kept as they are).
    fn line(&self, line: &str) -> String {
        if line.trim().is_empty() || line.starts_with('#') {
            return line.to_string();
        }
        let mut fields: Vec<String> = line.split(':').map(str::to_string).collect();
        assert!(fields.len() >= 7, "a library case: {line}");
        fields[2] = fields[2]
            .chars()
            .map(|d| if d.is_ascii_digit() && d != '0' { self.digit(d) } else { d })
            .collect();
        fields[3] = self.givens(&fields[3]);
        for field in &mut fields[4..7] {
            *field = self.candidates(field);
        }
        fields.join(":")
    }
}

#[test]
fn the_library_passes_under_random_symmetries() {
    let text = std::fs::read_to_string(LIBRARY).expect("the regression library is readable");
    let dir = std::env::temp_dir().join(format!("termdoku-reglib-symmetry-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    for round in 0..ROUNDS {
        let symmetry = Symmetry::random(&mut rng);
        let moved: Vec<String> = text.lines().map(|l| symmetry.line(l)).collect();
        let path = dir.join(format!("reglib-{round}.txt"));
        std::fs::write(&path, moved.join("\n")).expect("the moved library is written");
        let output = Command::new(env!("CARGO_BIN_EXE_termdoku"))
            .arg("regression")
            .arg(&path)
            .output()
            .expect("the binary runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let failures: Vec<&str> = stdout.lines().filter(|l| l.starts_with("line ")).collect();
        assert!(failures.is_empty(), "round {round}:\n{}", failures.join("\n"));
        let last = stdout.lines().last().unwrap_or_default();
        eprintln!("round {round}: {last}");
        assert_eq!(last, "1112 passed, 0 failed, 0 skipped", "round {round}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
