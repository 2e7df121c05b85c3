//! Templates (HoDoKu's Template Set and Template Delete): every way to place all nine copies of a digit.
//!
//! A digit's *template* is a set of nine cells, one in each row, column and box (region of a jigsaw,
//! and one on each diagonal of a Sudoku X: the houses come from the position's layout). The templates that
//! fit a position hold every cell where the digit is placed and otherwise only cells that still have
//! it as a candidate. Exactly one of them is the solution's, so a cell in every fitting template takes
//! the digit (Template Set), and a candidate in none of them goes (Template Delete).
//!
//! The fitting templates are enumerated row by row, each row taking a column and a box no earlier
//! row took, among the cells the digit may still occupy: at most 46,656 templates per digit (all of
//! them only on an empty grid), usually far fewer. Only their intersection and union are kept.

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::LazyLock;

use super::{Candidates, Sink, Step, Technique, cell_list, removal_text};
use crate::engine::{Candidate, Cell, CellSet, Digit, House, Layout};

/// Reports every step of `technique` in `grid` to `sink`: for each digit, the step its own templates
/// give, then the stronger steps given once templates that leave no room for another digit are
/// dropped, round after round (each round checks against the templates the previous one kept), each
/// new result once.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut templates: Vec<Vec<CellSet>> = Digit::ALL.into_iter().map(|d| templates_of(grid, d)).collect();
    let mut reported: Vec<(Digit, CellSet)> = Vec::new();
    for round in 0.. {
        if templates.iter().any(Vec::is_empty) {
            // A digit without a template: the grid is broken.
            break;
        }
        for (digit, own) in Digit::ALL.into_iter().zip(&templates) {
            let Some(summary) = Summary::of(grid, digit, own, round) else { continue };
            let step = match technique {
                Technique::TemplateSet => set_step(grid.layout(), digit, &summary),
                Technique::TemplateDelete => delete_step(grid, digit, &summary),
                _ => None,
            };
            let Some(step) = step else { continue };
            let changed = step.placements.iter().chain(&step.eliminations).map(|c| c.cell);
            let key = (digit, changed.collect::<CellSet>());
            if !reported.contains(&key) {
                reported.push(key);
                sink(step)?;
            }
        }
        let Some(fewer) = drop_crowding_templates(&templates) else { break };
        templates = fewer;
    }
    ControlFlow::Continue(())
}

/// One round: the templates of each digit that leave room for every other digit (a template that
/// overlaps every template of another digit cannot be the solution's). `None` when none is dropped.
fn drop_crowding_templates(all: &[Vec<CellSet>]) -> Option<Vec<Vec<CellSet>>> {
    let kept: Vec<Vec<CellSet>> = (0..9)
        .map(|digit| {
            let fits_beside = |t: CellSet| {
                (0..9).all(|other| other == digit || all[other].iter().any(|&u| !t.intersects(u)))
            };
            all[digit].iter().copied().filter(|&t| fits_beside(t)).collect()
        })
        .collect();
    (kept.iter().map(Vec::len).sum::<usize>() != all.iter().map(Vec::len).sum::<usize>()).then_some(kept)
}

/// Every template of `digit` that fits `grid`: it holds every cell where the digit is placed, and
/// otherwise only cells that still have it.
fn templates_of(grid: &Candidates, digit: Digit) -> Vec<CellSet> {
    let placed = placed_cells(grid, digit);
    let blocked = placed.iter().fold(CellSet::EMPTY, |acc, cell| acc | grid.peers(cell));
    let open = grid.cells_with(digit) - blocked;
    let rows: [CellSet; 9] = std::array::from_fn(|row| {
        let house = House::row(row).cell_set();
        let placed_here = placed & house;
        if placed_here.is_empty() { open & house } else { placed_here }
    });
    // A template takes a cell in all nine rows, so it fills every column and box; on an X it must
    // take one cell of each diagonal.
    let geometry = Geometry::of(grid.layout());
    let diagonals = if grid.layout().has_diagonals() { BOTH_DIAGONALS } else { 0 };
    let mut found = Vec::new();
    let mut visit = |chosen, used: Used| {
        if used == (Used { columns: ALL_NINE, regions: ALL_NINE, diagonals }) {
            found.push(chosen);
        }
        ControlFlow::Continue(())
    };
    let _ = walk_rows(&geometry, &rows, 0, CellSet::EMPTY, Used::default(), &mut visit);
    found
}

/// The cells of `cells`, one digit's candidates, that no template of the digit uses: every
/// candidate that reasoning about this digit alone (fish of every kind, single-digit chains) can
/// ever remove is among them. Depends on nothing but `cells`: the rows that hold some of them
/// each take one, in columns and boxes all different, and every column and box that holds some
/// of them gets one (in a grid without a conflict, the digit's placed cells fill the other rows,
/// columns and boxes; in a broken grid, where no such choice exists, every cell is unused). The
/// walk stops as soon as the templates found use every cell.
/// Under `layout`, whose houses the templates follow (each diagonal of a Sudoku X holding some of
/// `cells` gets exactly one: the placed digit's diagonals hold none of its candidates).
pub(super) fn unused_by_templates(layout: &Layout, cells: CellSet) -> CellSet {
    let geometry = Geometry::of(layout);
    let rows = std::array::from_fn(|row| cells & House::row(row).cell_set());
    let wanted = Used {
        columns: cells.cols_mask(),
        regions: cells.iter().fold(0, |m, c| m | 1 << geometry.regions[c.index()]),
        diagonals: cells.iter().fold(0, |m, c| m | geometry.diagonals[c.index()]),
    };
    let mut used = CellSet::EMPTY;
    let _ = walk_rows(&geometry, &rows, 0, CellSet::EMPTY, Used::default(), &mut |chosen, taken| {
        if taken == wanted {
            used |= chosen;
        }
        if used == cells { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    cells - used
}

/// All nine columns, or all nine regions, as a nine-bit mask.
const ALL_NINE: u16 = 0x1ff;

/// Both diagonals, as a two-bit mask.
const BOTH_DIAGONALS: u8 = 0b11;

/// What the template walk reads of a layout: each cell's region number (its box on the classic
/// layout) and the diagonals it lies on (bit 0 the main diagonal, bit 1 the anti-diagonal; none
/// without diagonals).
#[derive(Clone)]
struct Geometry {
    regions: [u8; 81],
    diagonals: [u8; 81],
}

/// The classic layout's geometry, built once: the fish searches ask for it at every position.
static CLASSIC_GEOMETRY: LazyLock<Geometry> = LazyLock::new(|| Geometry::build(Layout::classic_ref()));

impl Geometry {
    /// The geometry of `layout` (the classic one is shared, not rebuilt).
    fn of(layout: &Layout) -> Cow<'static, Geometry> {
        if layout.is_classic() {
            Cow::Borrowed(&CLASSIC_GEOMETRY)
        } else {
            Cow::Owned(Geometry::build(layout))
        }
    }

    fn build(layout: &Layout) -> Geometry {
        let diagonals = std::array::from_fn(|i| {
            let cell = Cell::from_index(i);
            let on = |d: usize| u8::from(layout.set(House::diagonal(d)).contains(cell)) << d;
            on(0) | on(1)
        });
        Geometry { regions: layout.region_numbers(), diagonals }
    }
}

/// The columns, regions and diagonals a partial template uses (nine-, nine- and two-bit masks).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
struct Used {
    columns: u16,
    regions: u16,
    diagonals: u8,
}

/// The row-by-row walk under both template searches: from `row` on, takes one cell in each of
/// `rows` that is not empty, in columns, regions and diagonals all different, given the cells
/// chosen so far and the houses they use; hands each complete choice, with its houses, to
/// `visit`, which may end the walk.
fn walk_rows(
    geometry: &Geometry,
    rows: &[CellSet; 9],
    row: usize,
    chosen: CellSet,
    used: Used,
    visit: &mut dyn FnMut(CellSet, Used) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(next) = (row..9).find(|&r| !rows[r].is_empty()) else {
        return visit(chosen, used);
    };
    for cell in rows[next].iter() {
        let column = 1 << cell.col();
        let region = 1 << geometry.regions[cell.index()];
        let diagonals = geometry.diagonals[cell.index()];
        if used.columns & column == 0 && used.regions & region == 0 && used.diagonals & diagonals == 0 {
            let taken = Used {
                columns: used.columns | column,
                regions: used.regions | region,
                diagonals: used.diagonals | diagonals,
            };
            walk_rows(geometry, rows, next + 1, chosen | cell.set(), taken, visit)?;
        }
    }
    ControlFlow::Continue(())
}

/// The cells where `digit` is placed.
fn placed_cells(grid: &Candidates, digit: Digit) -> CellSet {
    Cell::ALL.into_iter().filter(|&c| grid.value(c) == Some(digit)).collect()
}

/// What the fitting templates of one digit have in common.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Summary {
    /// How many templates fit.
    count: usize,
    /// How many rounds of dropping templates that crowd out another digit preceded.
    round: usize,
    /// The cells in every one of them.
    common: CellSet,
    /// The cells in at least one of them.
    any: CellSet,
    /// The cells already holding the digit.
    placed: CellSet,
}

impl Summary {
    /// The summary of `templates`; `None` when there is none or the digit is placed everywhere.
    fn of(grid: &Candidates, digit: Digit, templates: &[CellSet], round: usize) -> Option<Summary> {
        let placed = placed_cells(grid, digit);
        let (first, rest) = templates.split_first()?;
        if placed.len() == 9 {
            return None;
        }
        let (common, any) = rest.iter().fold((*first, *first), |(c, a), &t| (c & t, a | t));
        Some(Summary { count: templates.len(), round, common, any, placed })
    }
}

/// `row, column and box`: the houses a template has one cell in, under `layout`.
fn template_houses(layout: &Layout) -> &'static str {
    match (layout.is_jigsaw(), layout.has_diagonals()) {
        (false, false) => "row, column and box",
        (false, true) => "row, column, box and diagonal",
        (true, false) => "row, column and region",
        (true, true) => "row, column, region and diagonal",
    }
}

/// `of the 12 ways to place every 9`, shared by both explanations.
fn ways(layout: &Layout, digit: Digit, templates: &Summary) -> String {
    let ways = if templates.count == 1 { "way" } else { "ways" };
    let room = match templates.round {
        0 => String::new(),
        1 => " that leave room for every other digit".to_string(),
        n => format!(" that leave room for every other digit ({n} rounds)"),
    };
    format!(
        "{} {ways} to place all nine {digit}s (one per {}){room}",
        templates.count,
        template_houses(layout)
    )
}

/// Template Set: the digit goes in the unsolved cells every template uses.
fn set_step(layout: &Layout, digit: Digit, templates: &Summary) -> Option<Step> {
    let cells = templates.common - templates.placed;
    if cells.is_empty() {
        return None;
    }
    let explanation = format!(
        "{}: each of the {} in the remaining candidates uses {}, so {digit} goes there",
        Technique::TemplateSet,
        ways(layout, digit, templates),
        cell_list(cells.iter()),
    );
    Some(
        Step::new(Technique::TemplateSet)
            .with_cells(cells)
            .with_placements(cells.iter().map(|c| Candidate::new(c, digit)))
            .with_explanation(explanation),
    )
}

/// Template Delete: the digit goes from the cells no template uses.
fn delete_step(grid: &Candidates, digit: Digit, templates: &Summary) -> Option<Step> {
    let cells = grid.cells_with(digit) - templates.any;
    if cells.is_empty() {
        return None;
    }
    let eliminations: Vec<Candidate> = cells.iter().map(|c| Candidate::new(c, digit)).collect();
    let explanation = format!(
        "{}: none of the {} in the remaining candidates uses {}, so {}",
        Technique::TemplateDelete,
        ways(grid.layout(), digit, templates),
        cell_list(cells.iter()),
        removal_text(&eliminations),
    );
    Some(
        Step::new(Technique::TemplateDelete)
            .with_cells(templates.any - templates.placed)
            .with_drivers((templates.any - templates.placed).iter().map(|c| Candidate::new(c, digit)))
            .with_eliminations(eliminations)
            .with_explanation(explanation),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::find_all;
    use crate::engine::logic::test_support::{assert_library_cases_pass, cands, position};

    const SET: &str = ":1201:5:..2...7.5.534.79..9.732.6.........5.5...9...2.2.........5.492.8..86.359.7.9...1..:::536 564 595:";
    const DELETE: &str = ":1202:4:.62...5.....9752......6.849...8.26....4.5.9....16.4...295.1......3426.....6...12.::411 422 479 491 499::";

    #[test]
    fn template_set_places_the_cells_every_template_uses() {
        let steps = find_all(Technique::TemplateSet, &position(SET));
        let step = steps.iter().find(|s| s.placements == cands("536 564 595")).expect("a Template Set step");
        assert!(step.explanation.starts_with("Template Set: each of the "), "{}", step.explanation);
        assert!(
            step.explanation.ends_with("uses r3c6, r6c4 and r9c5, so 5 goes there"),
            "{}",
            step.explanation
        );
        assert_library_cases_pass(&[SET, DELETE]);
    }

    #[test]
    fn template_delete_removes_candidates_no_template_uses() {
        let steps = find_all(Technique::TemplateDelete, &position(DELETE));
        let step = steps.iter().find(|s| s.eliminations == cands("411 422 479 491 499")).expect("a step");
        assert!(step.placements.is_empty());
        assert!(step.explanation.contains("leave room for every other digit"), "{}", step.explanation);
    }

    #[test]
    fn the_unused_candidates_are_those_the_fitting_templates_leave_out() {
        // Every library position, every digit: the union walk agrees with the full enumeration.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/hodoku/reglib-1.4.txt");
        let text = std::fs::read_to_string(path).expect("the regression library is readable");
        let mut unused = 0;
        for case in text.lines().filter_map(|line| crate::engine::reglib::Case::parse(line).ok()) {
            let grid = &case.position;
            for digit in Digit::ALL {
                let cells = grid.cells_with(digit);
                let any = templates_of(grid, digit).into_iter().fold(CellSet::EMPTY, |acc, t| acc | t);
                assert_eq!(
                    unused_by_templates(grid.layout(), cells),
                    cells - any,
                    "{digit} in {}",
                    grid.to_grid()
                );
                unused += (cells - any).len();
            }
        }
        assert!(unused > 100, "only {unused} unused candidates met");
        // On the empty grid every cell is in some template.
        let classic = Layout::classic_ref();
        assert_eq!(unused_by_templates(classic, CellSet::ALL), CellSet::EMPTY);
        // Broken: three columns with the digit but only one row, so no template at all.
        let row: CellSet =
            ["r1c1", "r1c5", "r1c9"].iter().map(|c| c.parse::<Cell>().expect("a cell")).collect();
        assert_eq!(unused_by_templates(classic, row), row);
    }

    #[test]
    fn templates_find_nothing_on_an_empty_or_solved_grid() {
        let grid = Candidates::from_grid(&crate::engine::Grid::empty());
        for technique in [Technique::TemplateSet, Technique::TemplateDelete] {
            assert!(find_all(technique, &grid).is_empty(), "{technique}");
        }
    }

    #[test]
    fn templates_never_remove_a_solution_digit_in_the_library_positions() {
        let checked = crate::engine::logic::test_support::assert_sound_in_library(&[
            Technique::TemplateSet,
            Technique::TemplateDelete,
        ]);
        assert!(checked > 10, "only {checked} steps checked");
    }

    /// The fitting templates' union walk agrees with the full enumeration on `grid`, for every digit.
    fn walks_agree(grid: &Candidates) {
        for digit in Digit::ALL {
            let cells = grid.cells_with(digit);
            let any = templates_of(grid, digit).into_iter().fold(CellSet::EMPTY, |acc, t| acc | t);
            assert_eq!(unused_by_templates(grid.layout(), cells), cells - any, "{digit}");
        }
    }

    #[test]
    fn jigsaw_templates_take_one_cell_per_region() {
        use crate::engine::logic::test_support::{drawn, jigsaw};
        // Region 2 holds 1 only in r1c5 and r3c3, column 8 only in r1c8 and r6c8: an empty
        // rectangle removes 1 from r6c3, so no template uses it.
        let rows = [
            "xxxxx.xxx",
            "xxx...x.x",
            "xxx...x.x",
            "xxxxxxx.x",
            "xxxxxxx.x",
            "xxxxxxxxx",
            "xxxxxxx.x",
            "xxxxxxx.x",
            "xxxxxxx.x",
        ];
        let grid = drawn(&jigsaw(), 1, rows);
        walks_agree(&grid);
        let steps = find_all(Technique::TemplateDelete, &grid);
        let step = steps.first().expect("a Template Delete");
        assert!(step.eliminations.contains(&cands("163")[0]), "{step:?}");
        assert!(step.explanation.contains("(one per row, column and region)"), "{}", step.explanation);
        walks_agree(&drawn(&Layout::classic(), 1, rows));
    }

    #[test]
    fn x_templates_take_one_cell_per_diagonal() {
        use crate::engine::logic::test_support::drawn;
        // The main diagonal holds 1 only in r1c1 and r3c3, the anti-diagonal only in r1c9 and r3c7:
        // every template takes two of them, in rows 1 and 3, so the rest of those rows cannot.
        let rows = [
            "xxxxxxxxx",
            "x.xxxxx.x",
            "xxxxxxxxx",
            "xxx.x.xxx",
            "xxxx.xxxx",
            "xxx.x.xxx",
            "xx.xxx.xx",
            "x.xxxxx.x",
            ".xxxxxxx.",
        ];
        let grid = drawn(&Layout::x(), 1, rows);
        walks_agree(&grid);
        let steps = find_all(Technique::TemplateDelete, &grid);
        let step = steps.first().expect("a Template Delete");
        assert!(step.eliminations.contains(&cands("112")[0]) && step.eliminations.contains(&cands("139")[0]));
        assert!(step.explanation.contains("(one per row, column, box and diagonal)"), "{}", step.explanation);
        let classic = find_all(Technique::TemplateDelete, &drawn(&Layout::classic(), 1, rows));
        assert!(classic.iter().all(|s| !s.eliminations.contains(&cands("112")[0])), "{classic:?}");
    }
}
