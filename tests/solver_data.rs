//! The exact solver against the shared puzzle corpora and the edge cases of the issue.
//!
//! The default run samples the two largest files (every 10th puzzle of `17_clue.txt` and
//! `forum_hardest_se11.txt`); `cargo test --release -- --ignored` runs them in full.

use std::path::PathBuf;

use termdoku::engine::{
    Grid, ParseError, Puzzle, PuzzleError, Uniqueness, check_unique, count_solutions, parse_grid, solve,
};

fn data(path: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data")).join(path)
}

/// The puzzle lines of a file (comments and blank lines skipped).
fn puzzle_lines(path: &str) -> Vec<String> {
    let path = data(path);
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_owned).collect()
}

fn grid(line: &str) -> Grid {
    parse_grid(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// Checks that the puzzle on `line` has exactly one solution, valid and keeping the givens.
fn assert_unique_and_valid(line: &str) -> Grid {
    let givens = grid(line);
    let Uniqueness::Unique(solution) = check_unique(&givens) else { panic!("{line}: not unique") };
    assert!(solution.is_solved(), "{line}: invalid solution {solution}");
    assert!(givens.is_consistent_with(&solution), "{line}: solution {solution} drops a given");
    assert_eq!(solve(&givens), Some(solution), "{line}: solve disagrees with check_unique");
    solution
}

/// Solves every `step`-th puzzle of a tdoku file.
fn tdoku_file(name: &str, step: usize) {
    let lines = puzzle_lines(&format!("tdoku/{name}"));
    assert!(!lines.is_empty(), "{name} is empty");
    for line in lines.iter().step_by(step) {
        assert_unique_and_valid(line);
    }
}

#[test]
fn se_solutions_are_found_exactly() {
    let dir = data("se_solutions");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("se_solutions exists").flatten().map(|e| e.path()).collect();
    files.sort();
    assert_eq!(files.len(), 6);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (puzzle, expected) = line.split_once(' ').expect("puzzle and solution");
            let solution = assert_unique_and_valid(puzzle);
            assert_eq!(solution, grid(expected.trim()), "{puzzle}");
            checked += 1;
        }
        assert_eq!(checked, 500, "{}", file.display());
    }
}

#[test]
fn top1465() {
    tdoku_file("top1465.txt", 1);
}

#[test]
fn forum_hardest_1106() {
    tdoku_file("forum_hardest_1106.txt", 1);
}

#[test]
fn seventeen_clue_sampled() {
    tdoku_file("17_clue.txt", 10);
}

#[test]
#[ignore = "full file: run with cargo test --release -- --ignored"]
fn seventeen_clue_full() {
    tdoku_file("17_clue.txt", 1);
}

#[test]
fn forum_hardest_se11_sampled() {
    tdoku_file("forum_hardest_se11.txt", 10);
}

#[test]
#[ignore = "full file: run with cargo test --release -- --ignored"]
fn forum_hardest_se11_full() {
    tdoku_file("forum_hardest_se11.txt", 1);
}

#[test]
fn multi_solution_puzzles_all_have_two_or_more() {
    let lines = puzzle_lines("tdoku/multi_solution_serg.txt");
    assert_eq!(lines.len(), 10_000);
    for line in &lines {
        let givens = grid(line);
        assert_eq!(check_unique(&givens), Uniqueness::Multiple, "{line}");
        assert_eq!(count_solutions(&givens, 2), 2, "{line}");
        let some = solve(&givens).unwrap_or_else(|| panic!("{line}: has solutions"));
        assert!(some.is_solved() && givens.is_consistent_with(&some), "{line}");
    }
}

#[test]
fn empty_grid_has_many_solutions() {
    let empty = Grid::empty();
    assert_eq!(count_solutions(&empty, 2), 2);
    assert_eq!(count_solutions(&empty, 100), 100);
    assert_eq!(count_solutions(&empty, 0), 0);
    assert_eq!(check_unique(&empty), Uniqueness::Multiple);
    assert!(solve(&empty).is_some_and(|g| g.is_solved()));
    assert_eq!(".".repeat(81).parse::<Puzzle>(), Err(PuzzleError::MultipleSolutions));
}

#[test]
fn one_given_grid_has_many_solutions() {
    let one = grid(&format!("....5{}", ".".repeat(76)));
    assert_eq!(check_unique(&one), Uniqueness::Multiple);
    let some = solve(&one).expect("solvable");
    assert!(some.is_solved() && one.is_consistent_with(&some));
}

#[test]
fn conflicting_givens_have_no_solution() {
    // Same row, same column, same box.
    for line in [
        format!("5.......5{}", ".".repeat(72)),
        format!("5{}5{}", ".".repeat(8), ".".repeat(71)),
        format!("5.........5{}", ".".repeat(70)),
    ] {
        let g = grid(&line);
        assert_eq!(check_unique(&g), Uniqueness::NoSolution, "{line}");
        assert_eq!(count_solutions(&g, 2), 0);
        assert_eq!(solve(&g), None);
        let Err(PuzzleError::Conflict(conflict)) = line.parse::<Puzzle>() else { panic!("{line}") };
        assert_eq!(conflict.digit.get(), 5);
    }
}

#[test]
fn givens_without_conflict_but_without_solution() {
    // r1c1 sees 1-8 in its row and 9 in its column: no digit is left for it.
    let line = format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62));
    let g = grid(&line);
    assert!(g.first_conflict().is_none());
    assert_eq!(check_unique(&g), Uniqueness::NoSolution);
    assert_eq!(line.parse::<Puzzle>(), Err(PuzzleError::NoSolution));
}

#[test]
fn wrong_lengths_and_letters_are_parse_errors() {
    assert_eq!(parse_grid(&".".repeat(80)), Err(ParseError::WrongLength { found: 80 }));
    assert_eq!(parse_grid(&".".repeat(82)), Err(ParseError::WrongLength { found: 82 }));
    let letter = format!("{}x{}", ".".repeat(20), ".".repeat(60));
    let error = parse_grid(&letter).expect_err("a letter is not a cell");
    assert_eq!(error, ParseError::BadCharacter { row: 3, col: 3, ch: 'x' });
    assert!(error.to_string().contains("row 3, column 3"), "{error}");
}

#[test]
fn solved_grid_is_its_own_unique_solution() {
    let line = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let g = grid(line);
    assert_eq!(check_unique(&g), Uniqueness::Unique(g));
    assert_eq!(solve(&g), Some(g));
    // A solved grid with one cell changed is inconsistent.
    let broken = grid(&format!("4{}", &line[1..]));
    assert_eq!(check_unique(&broken), Uniqueness::NoSolution);
}
