//! Printable sheets as a player prints them: `export --format svg|html` of a saved game or of
//! `--puzzle PUZZLE|FILE|-`. Each SVG is parsed as XML and read back: the page size of A4 and
//! Letter, the grid (thin and heavy lines, the givens in their cells), a killer's dashed outlines
//! (one per cage, inside its cells, clear of the cell borders) and sums (one per cage, in the
//! top-left corner of its first cell), 1, 2, 4 or 6 grids inside a page, several pages one SVG file
//! each or in one HTML document, the solution pages, and bad input named by its line.

mod cli_support;

use std::path::Path;
use std::process::Output;

use roxmltree::{Document, Node};
use termdoku::engine::text::parse_puzzle;
use termdoku::engine::{Cell, Digit};
use termdoku::profile::paths::{ProfileDirs, ProfileName};
use termdoku::profile::saves::{SaveStore, SavedGame};

const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// A hard killer from the generator: no givens, 31 cages.
const KILLER: &str = "................................................................................. abbcdddefaghcddeefighjjdekkilllldmnnopqrmmmnnopqrsstuuvvwxxttyywwwzzztABCCDDEEtAB 8,13,9,39,19,13,5,15,13,9,6,20,21,21,7,14,4,5,11,26,9,10,24,10,11,13,12,13,7,13,5";

fn termdoku(args: &[&str], stdin: &str) -> Output {
    let data_dir = std::env::temp_dir().join("termdoku-cli-export-svg-unused");
    cli_support::feed(cli_support::command().args(args).env("TERMDOKU_DATA_DIR", data_dir), stdin)
}

fn out(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn err(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn parse(text: &str) -> Document<'_> {
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..roxmltree::ParsingOptions::default() };
    Document::parse_with_options(text, options).unwrap_or_else(|e| panic!("not XML: {e}\n{text}"))
}

fn has_class(node: &Node<'_, '_>, class: &str) -> bool {
    node.attribute("class").is_some_and(|c| c.split(' ').any(|c| c == class))
}

/// The descendants of `node` with element name `name` and class `class`.
fn find<'a, 'i>(node: Node<'a, 'i>, name: &str, class: &str) -> Vec<Node<'a, 'i>> {
    node.descendants().filter(|n| n.has_tag_name(name) && has_class(n, class)).collect()
}

fn number(node: &Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name} of {node:?}"))
}

/// A grid's left, top and side, from its heavy lines (checked to be 4 across and 4 down, evenly
/// spaced, framing a square).
fn grid_box(puzzle: Node<'_, '_>) -> (f64, f64, f64) {
    let heavy = find(puzzle, "g", "heavy");
    assert_eq!(heavy.len(), 1);
    let lines: Vec<_> = heavy[0].children().filter(|n| n.has_tag_name("line")).collect();
    let (down, across): (Vec<_>, Vec<_>) = lines.iter().partition(|l| number(l, "x1") == number(l, "x2"));
    assert_eq!((down.len(), across.len()), (4, 4), "4+4 heavy lines");
    let xs: Vec<f64> = down.iter().map(|l| number(l, "x1")).collect();
    let ys: Vec<f64> = across.iter().map(|l| number(l, "y1")).collect();
    let side = xs[3] - xs[0];
    assert!((ys[3] - ys[0] - side).abs() < 0.05, "a square: {xs:?} {ys:?}");
    for i in 0..4 {
        assert!((xs[i] - xs[0] - side * i as f64 / 3.0).abs() < 0.05, "box lines every third cell: {xs:?}");
        assert!((ys[i] - ys[0] - side * i as f64 / 3.0).abs() < 0.05, "box lines every third cell: {ys:?}");
    }
    let thin = find(puzzle, "g", "thin");
    assert_eq!(thin[0].children().filter(|n| n.has_tag_name("line")).count(), 12, "6+6 thin lines");
    (xs[0], ys[0], side)
}

/// The cell of a grid at (`left`, `top`, `side`) holding the point (`x`, `y`), and how far the
/// point is from the nearest cell border, in cells.
fn cell_at(grid: (f64, f64, f64), x: f64, y: f64) -> (Cell, f64) {
    let cell = grid.2 / 9.0;
    let (across, down) = ((x - grid.0) / cell, (y - grid.1) / cell);
    assert!((0.0..9.0).contains(&across) && (0.0..9.0).contains(&down), "({x}, {y}) off the grid {grid:?}");
    let clearance = [across.fract(), 1.0 - across.fract(), down.fract(), 1.0 - down.fract()]
        .into_iter()
        .fold(f64::MAX, f64::min);
    (Cell::at(down as usize, across as usize), clearance)
}

/// The digits drawn in a puzzle's grid, by cell, with their class.
fn digits(puzzle: Node<'_, '_>, grid: (f64, f64, f64)) -> Vec<(Cell, char, String)> {
    let mut found: Vec<(Cell, char, String)> = ["given", "solved"]
        .iter()
        .flat_map(|class| find(puzzle, "text", class).into_iter().map(move |t| (t, *class)))
        .map(|(text, class)| {
            let digit = text.text().and_then(|t| t.chars().next()).expect("a digit");
            let (cell, _) = cell_at(grid, number(&text, "x"), number(&text, "y"));
            (cell, digit, class.to_string())
        })
        .collect();
    found.sort_by_key(|(cell, _, _)| cell.index());
    found
}

fn view_box(svg: Node<'_, '_>) -> Vec<f64> {
    svg.attribute("viewBox").expect("a viewBox").split(' ').map(|v| v.parse().expect("a number")).collect()
}

#[test]
fn a_classic_sheet_has_its_grid_and_givens_on_an_a4_page() {
    let text = out(&termdoku(&["export", "--puzzle", EASY, "--format", "svg"], ""));
    let doc = parse(&text);
    let svg = doc.root_element();
    assert_eq!(svg.tag_name().name(), "svg");
    assert_eq!((svg.attribute("width"), svg.attribute("height")), (Some("210mm"), Some("297mm")));
    assert_eq!(view_box(svg), [0.0, 0.0, 210.0, 297.0]);
    let puzzles = find(svg, "g", "puzzle");
    assert_eq!(puzzles.len(), 1);
    let grid = grid_box(puzzles[0]);
    assert!(grid.2 > 170.0, "one puzzle a page is big: {grid:?}");
    let drawn = digits(puzzles[0], grid);
    let givens: Vec<(Cell, char, String)> = EASY
        .chars()
        .enumerate()
        .filter(|(_, c)| *c != '.')
        .map(|(i, c)| (Cell::from_index(i), c, "given".to_string()))
        .collect();
    assert_eq!(drawn, givens, "every given in its cell, nothing else");
    assert!(find(svg, "path", "cage").is_empty());
    let caption = find(svg, "text", "caption");
    assert_eq!(caption[0].text(), Some("No. 1 · Classic"));
}

#[test]
fn a_killer_sheet_has_one_inset_dashed_outline_and_one_sum_per_cage() {
    let cages = parse_puzzle(KILLER).expect("a killer").cages.expect("cages");
    let text = out(&termdoku(&["export", "--puzzle", "-", "--format", "svg"], &format!("{KILLER}\thard\n")));
    let doc = parse(&text);
    let puzzle = find(doc.root_element(), "g", "puzzle")[0];
    let grid = grid_box(puzzle);
    assert_eq!(
        find(puzzle, "text", "caption")[0].text(),
        Some("No. 1 · Killer · Hard"),
        "the level beside the line"
    );
    let group = find(puzzle, "g", "cages");
    assert!(group[0].attribute("stroke-dasharray").is_some(), "dashed");
    let paths = find(puzzle, "path", "cage");
    assert_eq!(paths.len(), cages.len());
    for ((_, cage), path) in cages.iter().zip(&paths) {
        let d = path.attribute("d").expect("d");
        let numbers: Vec<f64> =
            d.split(|c: char| c.is_ascii_alphabetic() || c == ' ').filter_map(|v| v.parse().ok()).collect();
        assert!(numbers.len() >= 8 && numbers.len() % 2 == 0, "{d}");
        for point in numbers.chunks(2) {
            let (cell, clearance) = cell_at(grid, point[0], point[1]);
            assert!(cage.cells().contains(cell), "{cage}: corner {point:?} in {cell}, outside the cage");
            assert!(clearance > 0.05, "{cage}: corner {point:?} on a cell border");
        }
    }
    let sums = find(puzzle, "text", "sum");
    assert_eq!(sums.len(), cages.len());
    for (_, cage) in cages.iter() {
        let anchor = cage.anchor().expect("a cell");
        let placed = sums.iter().any(|s| {
            let (cell, _) = cell_at(grid, number(s, "x"), number(s, "y"));
            let cell_size = grid.2 / 9.0;
            let in_corner = number(s, "x") < grid.0 + (anchor.col() as f64 + 0.4) * cell_size
                && number(s, "y") < grid.1 + (anchor.row() as f64 + 0.4) * cell_size;
            cell == anchor && in_corner && s.text() == Some(&cage.sum().to_string())
        });
        assert!(placed, "{cage}: its sum in the top-left corner of {anchor}");
    }
    assert!(digits(puzzle, grid).is_empty(), "no givens");
}

#[test]
fn a_killer_sheet_snapshot() {
    let text = out(&termdoku(&["export", "--puzzle", KILLER, "--format", "svg", "--paper", "letter"], ""));
    insta::assert_snapshot!(text);
}

#[test]
fn letter_paper_is_letter_sized() {
    let text = out(&termdoku(&["export", "--puzzle", EASY, "--format", "svg", "--paper", "letter"], ""));
    let doc = parse(&text);
    let svg = doc.root_element();
    assert_eq!((svg.attribute("width"), svg.attribute("height")), (Some("8.5in"), Some("11in")));
    assert_eq!(view_box(svg), [0.0, 0.0, 215.9, 279.4]);
    let style = svg.children().find(|n| n.has_tag_name("style")).and_then(|n| n.text());
    assert_eq!(
        style,
        Some("@page { size: 8.5in 11in; margin: 0 }"),
        "a browser prints it on one Letter page"
    );
    let (x, y, side) = grid_box(find(svg, "g", "puzzle")[0]);
    assert!(x > 0.0 && y > 0.0 && x + side < 215.9 && y + side < 279.4);
}

/// The grids of a page: each inside the page, none overlapping another.
fn page_grids(text: &str) -> Vec<(f64, f64, f64)> {
    let doc = parse(text);
    let svg = doc.root_element();
    let size = view_box(svg);
    let grids: Vec<_> = find(svg, "g", "puzzle").into_iter().map(grid_box).collect();
    for (i, a) in grids.iter().enumerate() {
        assert!(a.0 > 0.0 && a.1 > 0.0 && a.0 + a.2 < size[2] && a.1 + a.2 < size[3], "{a:?} off the page");
        for b in &grids[i + 1..] {
            let apart = a.0 + a.2 < b.0 || b.0 + b.2 < a.0 || a.1 + a.2 < b.1 || b.1 + b.2 < a.1;
            assert!(apart, "{a:?} overlaps {b:?}");
        }
    }
    grids
}

#[test]
fn per_page_lays_1_2_4_or_6_grids_on_each_page_in_svg_files() {
    let input: String = (0..7).map(|_| format!("{EASY}\n")).collect();
    for (per_page, pages, side_at_least) in [("1", 7, 170.0), ("2", 4, 110.0), ("4", 2, 80.0), ("6", 2, 70.0)]
    {
        let dir = tempfile::tempdir().expect("temp dir");
        let output = dir.path().join("sheet");
        let written = out(&termdoku(
            &["export", "--puzzle", "-", "--format", "svg", "--per-page", per_page, "--output"]
                .into_iter()
                .chain([output.to_str().expect("UTF-8 path")])
                .collect::<Vec<_>>(),
            &input,
        ));
        let files: Vec<&str> = written.lines().collect();
        assert_eq!(files.len(), pages, "--per-page {per_page}: {written}");
        let mut grids = 0;
        for file in &files {
            assert!(Path::new(file).starts_with(&output), "{file}");
            let page = page_grids(&std::fs::read_to_string(file).expect("the page"));
            assert!(page.len() <= per_page.parse().expect("a number"));
            assert!(page.iter().all(|g| g.2 >= side_at_least), "--per-page {per_page}: {page:?}");
            grids += page.len();
        }
        assert_eq!(grids, 7, "--per-page {per_page}: every puzzle once");
        let first = page_grids(&std::fs::read_to_string(files[0]).expect("the page"));
        assert_eq!(first.len(), per_page.parse::<usize>().expect("a number"));
    }
}

#[test]
fn generate_six_pipes_into_one_page_of_six() {
    let generated = out(&termdoku(&["generate", "--difficulty", "easy", "--count", "6", "--seed", "3"], ""));
    // As the issue writes it: no `--puzzle -`, the puzzles piped in are the sheet.
    let text = out(&termdoku(&["export", "--format", "svg", "--per-page", "6"], &generated));
    let grids = page_grids(&text);
    assert_eq!(grids.len(), 6);
    let doc = parse(&text);
    let captions: Vec<_> =
        find(doc.root_element(), "text", "caption").iter().filter_map(|c| c.text()).collect();
    assert_eq!(captions[5], "No. 6 · Classic · Easy");
    let mut rows: Vec<f64> = grids.iter().map(|g| g.1).collect();
    rows.dedup_by(|a, b| (*a - *b).abs() < 0.01);
    assert_eq!(rows.len(), 3, "two across, three down");
}

#[test]
fn the_solution_pages_hold_81_digits_a_puzzle_the_givens_apart() {
    let input = format!("{EASY}\n{KILLER}\n");
    let text = out(&termdoku(
        &["export", "--puzzle", "-", "--format", "html", "--per-page", "2", "--solution"],
        &input,
    ));
    let doc = parse(&text);
    let pages = find(doc.root_element(), "div", "page");
    assert_eq!(pages.len(), 2, "the puzzles' page, then the solutions' page");
    let solutions = find(pages[1], "g", "puzzle");
    assert_eq!(solutions.len(), 2);
    let classic = digits(solutions[0], grid_box(solutions[0]));
    assert_eq!(classic.len(), 81);
    for (cell, digit, class) in &classic {
        assert_eq!(*digit, SOLUTION.as_bytes()[cell.index()] as char, "{cell}");
        let given = EASY.as_bytes()[cell.index()] != b'.';
        assert_eq!(class, if given { "given" } else { "solved" }, "{cell}");
    }
    let killer = digits(solutions[1], grid_box(solutions[1]));
    assert_eq!(killer.len(), 81);
    let solved = *parse_puzzle(KILLER).expect("killer").into_puzzle().expect("unique").solution();
    for (cell, digit, _) in &killer {
        assert_eq!(Digit::from_char(*digit), solved.get(*cell), "{cell}");
    }
    assert_eq!(find(solutions[1], "path", "cage").len(), 31, "the cages drawn on the solution too");
    assert!(find(pages[0], "text", "solved").is_empty(), "no solution on the puzzles' page");
}

#[test]
fn several_pages_need_a_folder_or_html_and_html_prints_one_page_a_sheet() {
    let input = format!("{EASY}\n{EASY}\n");
    let output = termdoku(&["export", "--puzzle", "-", "--format", "svg"], &input);
    assert!(!output.status.success());
    assert!(output.stdout.is_empty());
    assert!(err(&output).contains("2 pages") && err(&output).contains("--output DIR"), "{}", err(&output));
    let html = out(&termdoku(&["export", "--puzzle", "-", "--format", "html", "--paper", "letter"], &input));
    assert!(html.contains("@page { size: letter portrait; margin: 0 }"), "{html}");
    let doc = parse(&html);
    let pages = find(doc.root_element(), "div", "page");
    assert_eq!(pages.len(), 2);
    for page in pages {
        let svg = page.children().find(|n| n.has_tag_name("svg")).expect("an svg a page");
        assert_eq!(svg.attribute("height"), Some("11in"));
    }
}

#[test]
fn bad_input_is_named_by_its_line_and_nothing_is_printed() {
    let input = format!("# three puzzles\n{EASY}\n{}x\n{}\n", &EASY[..80], ".".repeat(81));
    let output = termdoku(&["export", "--puzzle", "-", "--format", "svg", "--solution"], &input);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty(), "no half sheet");
    let errors = err(&output);
    assert!(errors.contains("line 3:"), "{errors}");
    assert!(errors.contains("line 4: more than one solution"), "{errors}");
    let flag = termdoku(&["export", "--puzzle", EASY, "--per-page", "4"], "");
    assert!(err(&flag).contains("--per-page: only printable sheets take it"), "{}", err(&flag));
    let output = termdoku(&["export", "--puzzle", EASY, "--format", "html", "--output", "unused"], "");
    assert!(output.stdout.is_empty() && err(&output).contains("--output: only --format svg writes files"));
}

#[test]
fn a_saved_game_prints_its_puzzle_with_its_level_and_without_the_entries() {
    // Nothing piped in (standard input is empty): the current game.
    let home = tempfile::tempdir().expect("temp home");
    let store = SaveStore::new(&ProfileDirs::new(home.path(), ProfileName::default()));
    let mut game = SavedGame::new(EASY.parse().expect("valid"), Some(termdoku::engine::logic::Level::Hard));
    game.board.entries.set(Cell::at(0, 2), Digit::new(4));
    store.save(&mut game).expect("save");
    let output = cli_support::feed(
        cli_support::command().args(["export", "--format", "svg"]).env("TERMDOKU_DATA_DIR", home.path()),
        "",
    );
    let text = out(&output);
    let doc = parse(&text);
    let puzzle = find(doc.root_element(), "g", "puzzle")[0];
    assert_eq!(find(puzzle, "text", "caption")[0].text(), Some("Classic · Hard"));
    assert_eq!(digits(puzzle, grid_box(puzzle)).len(), EASY.chars().filter(|c| *c != '.').count());
}
