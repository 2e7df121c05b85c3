//! The `sudoku` crate's solver as a command that reads and writes like `termdoku solve --threads 1`,
//! for whole-process timing beside it (`benches/vs_peers.sh`): one puzzle a line on standard input
//! (blank and `#` lines echoed), one 81-digit solution a line on standard output, `-` for a puzzle
//! it cannot read or that has no solution or several (the crate's `solution`, which proves the
//! solution unique, as `termdoku solve` does); with the argument `--count`, the number of solutions
//! (0, 1 or 2+); with `--first`, the first solution it finds (the crate's `some_solution`, as
//! `termdoku solve --first`).
//! Lines are read into one reused buffer and written through one buffered writer, so that the
//! process costs what the crate's solver costs and little more.

use std::io::{self, BufRead, BufWriter, Write};

fn main() -> io::Result<()> {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            break;
        }
        let text = line.trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() || text.starts_with('#') {
            writeln!(out, "{text}")?;
            continue;
        }
        let puzzle = sudoku::Sudoku::from_str_line(text).ok();
        if mode == "--count" {
            let answer = match puzzle.map(|p| p.solutions_count_up_to(2)) {
                Some(0) => "0",
                Some(1) => "1",
                Some(_) => "2+",
                None => "-",
            };
            writeln!(out, "{answer}")?;
        } else {
            let solve =
                if mode == "--first" { sudoku::Sudoku::some_solution } else { sudoku::Sudoku::solution };
            match puzzle.and_then(solve) {
                Some(solution) => writeln!(out, "{}", solution.to_str_line())?,
                None => writeln!(out, "-")?,
            }
        }
    }
    out.flush()
}
