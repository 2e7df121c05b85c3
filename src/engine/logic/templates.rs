//! Templates (HoDoKu's Template Set and Template Delete): every way to place all nine copies of a digit.
//!
//! A digit's *template* is a set of nine cells, one in each row, column and box. The templates that
//! fit a position hold every cell where the digit is placed and otherwise only cells that still have
//! it as a candidate. Exactly one of them is the solution's, so a cell in every fitting template takes
//! the digit (Template Set), and a candidate in none of them goes (Template Delete).
//!
//! The fitting templates are enumerated row by row, each row taking a column and a box no earlier
//! row took, among the cells the digit may still occupy: at most 46,656 templates per digit (all of
//! them only on an empty grid), usually far fewer. Only their intersection and union are kept.

use std::ops::ControlFlow;

use super::{Candidates, Sink, Step, Technique, cell_list, removal_text};
use crate::engine::{Candidate, Cell, CellSet, Digit, House};

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
                Technique::TemplateSet => set_step(digit, &summary),
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
    let blocked = placed.iter().fold(CellSet::EMPTY, |acc, cell| acc | cell.peers());
    let open = grid.cells_with(digit) - blocked;
    let rows: [CellSet; 9] = std::array::from_fn(|row| {
        let house = House::row(row).cell_set();
        let placed_here = placed & house;
        if placed_here.is_empty() { open & house } else { placed_here }
    });
    // A template takes a cell in all nine rows, so it fills every column and box.
    let mut found = Vec::new();
    let _ = walk_rows(&rows, 0, CellSet::EMPTY, 0, 0, &mut |chosen, columns, boxes| {
        if (columns, boxes) == (ALL_NINE, ALL_NINE) {
            found.push(chosen);
        }
        ControlFlow::Continue(())
    });
    found
}

/// The cells of `cells`, one digit's candidates, that no template of the digit uses: every
/// candidate that reasoning about this digit alone (fish of every kind, single-digit chains) can
/// ever remove is among them. Depends on nothing but `cells`: the rows that hold some of them
/// each take one, in columns and boxes all different, and every column and box that holds some
/// of them gets one (in a grid without a conflict, the digit's placed cells fill the other rows,
/// columns and boxes; in a broken grid, where no such choice exists, every cell is unused). The
/// walk stops as soon as the templates found use every cell.
pub(super) fn unused_by_templates(cells: CellSet) -> CellSet {
    let rows = std::array::from_fn(|row| cells & House::row(row).cell_set());
    let wanted = (cells.cols_mask(), cells.boxes_mask());
    let mut used = CellSet::EMPTY;
    let _ = walk_rows(&rows, 0, CellSet::EMPTY, 0, 0, &mut |chosen, columns, boxes| {
        if (columns, boxes) == wanted {
            used |= chosen;
        }
        if used == cells { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    cells - used
}

/// All nine columns, or all nine boxes, as a nine-bit mask.
const ALL_NINE: u16 = 0x1ff;

/// The row-by-row walk under both template searches: from `row` on, takes one cell in each of
/// `rows` that is not empty, in columns and boxes all different, given the cells chosen so far and
/// the columns and boxes they use (nine-bit masks); hands each complete choice, with its columns
/// and boxes, to `visit`, which may end the walk.
fn walk_rows(
    rows: &[CellSet; 9],
    row: usize,
    chosen: CellSet,
    columns: u16,
    boxes: u16,
    visit: &mut dyn FnMut(CellSet, u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(next) = (row..9).find(|&r| !rows[r].is_empty()) else {
        return visit(chosen, columns, boxes);
    };
    for cell in rows[next].iter() {
        let (column, block) = (1 << cell.col(), 1 << cell.box_index());
        if columns & column == 0 && boxes & block == 0 {
            walk_rows(rows, next + 1, chosen | cell.set(), columns | column, boxes | block, visit)?;
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

/// `of the 12 ways to place every 9`, shared by both explanations.
fn ways(digit: Digit, templates: &Summary) -> String {
    let ways = if templates.count == 1 { "way" } else { "ways" };
    let room = match templates.round {
        0 => String::new(),
        1 => " that leave room for every other digit".to_string(),
        n => format!(" that leave room for every other digit ({n} rounds)"),
    };
    format!("{} {ways} to place all nine {digit}s (one per row, column and box){room}", templates.count)
}

/// Template Set: the digit goes in the unsolved cells every template uses.
fn set_step(digit: Digit, templates: &Summary) -> Option<Step> {
    let cells = templates.common - templates.placed;
    if cells.is_empty() {
        return None;
    }
    let explanation = format!(
        "{}: each of the {} in the remaining candidates uses {}, so {digit} goes there",
        Technique::TemplateSet,
        ways(digit, templates),
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
        ways(digit, templates),
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
                assert_eq!(unused_by_templates(cells), cells - any, "{digit} in {}", grid.to_grid());
                unused += (cells - any).len();
            }
        }
        assert!(unused > 100, "only {unused} unused candidates met");
        // On the empty grid every cell is in some template.
        assert_eq!(unused_by_templates(CellSet::ALL), CellSet::EMPTY);
        // Broken: three columns with the digit but only one row, so no template at all.
        let row: CellSet =
            ["r1c1", "r1c5", "r1c9"].iter().map(|c| c.parse::<Cell>().expect("a cell")).collect();
        assert_eq!(unused_by_templates(row), row);
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
}
