//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle, with HoDoKu's
//! Dual 2-String Kite and Dual Empty Rectangle.
//!
//! All of them look at one digit at a time and join two *conjugate pairs* (a house holding the digit in
//! exactly two cells: one of them is the digit) by a *weak link* (two cells that see each other, so at
//! most one is the digit). Following HoDoKu:
//! - a **Skyscraper** joins two pairs of parallel lines whose base ends share a cross line (both
//!   pairs' first cells, in reading order, or both their second ones: HoDoKu's search);
//! - a **2-String Kite** joins a row pair and a column pair whose inner ends share a box;
//! - a **Turbot Fish** is any other strong-weak-strong chain of the digit;
//! - an **Empty Rectangle** replaces one pair by a box whose candidates lie on one row and one column
//!   (the box may hold only two candidates), joined to a conjugate pair on a line;
//! - the **Dual** forms report two kites tied by the same box cells, or two empty rectangles of one
//!   box, as one step with the eliminations of both.
//!
//! In the chains one of the two outer ends holds the digit, so it leaves every cell that sees both.
//! This module only reads the candidate grid; it never changes it.

use std::ops::ControlFlow;

use super::step::grouped_removal_text;
use super::{Candidates, Sink, Step, Technique, join_and, removal_text};
use crate::engine::{Candidate, Cell, CellSet, Digit, House, HouseKind};

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if technique == Technique::DualTwoStringKite {
        return dual_kites(grid, sink);
    }
    if technique == Technique::Skyscraper {
        // HoDoKu's order, in which the hint path takes the first: rows before columns, then digits.
        let pairs = Digit::ALL.map(|digit| ConjugatePair::all(grid, digit));
        for kind in [HouseKind::Row, HouseKind::Column] {
            for (digit, pairs) in Digit::ALL.into_iter().zip(&pairs) {
                skyscrapers(grid, digit, kind, pairs, sink)?;
            }
        }
        return ControlFlow::Continue(());
    }
    for digit in Digit::ALL {
        let pairs = ConjugatePair::all(grid, digit);
        match technique {
            Technique::TwoStringKite => report(Kite::all(grid, digit, &pairs).iter().map(Kite::step), sink)?,
            Technique::TurbotFish => {
                let mut pairs = pairs;
                pairs.extend(diagonal_pairs(grid, digit, &pairs));
                turbot_fish(grid, digit, &pairs, sink)?
            }
            Technique::EmptyRectangle => {
                let found = EmptyRectangleStep::all(grid, digit, &pairs);
                report(found.iter().map(EmptyRectangleStep::step), sink)?
            }
            Technique::DualEmptyRectangle => dual_empty_rectangles(grid, digit, &pairs, sink)?,
            _ => return ControlFlow::Continue(()),
        }
    }
    ControlFlow::Continue(())
}

/// Hands `steps` to `sink` until it breaks.
fn report(steps: impl Iterator<Item = Step>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for step in steps {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// Two cells that hold a digit's only two candidates in some house: one of them is the digit (a
/// strong link). The same two cells may be the only ones in a line and in a box at once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct ConjugatePair {
    /// The two cells, in reading order.
    pub(super) ends: [Cell; 2],
    /// The row or column in which they are the only candidates, if any.
    pub(super) line: Option<House>,
    /// The box (a jigsaw's region) in which they are the only candidates, if any; for the Turbot
    /// Fish of a Sudoku X, also a diagonal (see [`diagonal_pairs`]).
    pub(super) block: Option<House>,
}

impl ConjugatePair {
    /// Every conjugate pair of `digit`, each pair of cells once (rows, then columns, then boxes).
    pub(super) fn all(grid: &Candidates, digit: Digit) -> Vec<ConjugatePair> {
        let mut pairs: Vec<ConjugatePair> = Vec::new();
        // A jigsaw's regions take the boxes' part; an X's diagonals are left out (the patterns
        // built on these pairs read a pair outside the lines as a box).
        let houses: &[House] = if grid.layout().is_jigsaw() { grid.houses() } else { &House::ALL };
        for &house in houses {
            let Some([a, b]) = conjugate_pair_in(grid, house, digit) else { continue };
            let is_line = house.is_line();
            if let Some(known) = pairs.iter_mut().find(|p| p.ends == [a, b]) {
                if is_line {
                    known.line = Some(house);
                } else {
                    known.block = Some(house);
                }
                continue;
            }
            let (line, block) = if is_line { (Some(house), None) } else { (None, Some(house)) };
            pairs.push(ConjugatePair { ends: [a, b], line, block });
        }
        pairs
    }

    /// The cells as a set.
    pub(super) fn cells(&self) -> CellSet {
        self.ends[0].set() | self.ends[1].set()
    }

    /// The line of `kind` in which the pair is conjugate, if any.
    fn line_of(&self, kind: HouseKind) -> Option<House> {
        self.line.filter(|l| l.kind() == kind)
    }

    /// The pair as (outer end, inner end), taking `inner` as the inner end.
    fn oriented(&self, inner: usize) -> (Cell, Cell) {
        (self.ends[1 - inner], self.ends[inner])
    }

    /// A house in which the pair is conjugate (the line if it has one).
    pub(super) fn house(&self) -> House {
        self.line.or(self.block).expect("a conjugate pair is conjugate in some house")
    }
}

/// The conjugate pairs of `digit` on the diagonals of a Sudoku X whose two cells are not already one
/// of `pairs` (none on other layouts): strong links for the Turbot Fish, which reads any house. They
/// are kept out of [`ConjugatePair::all`], whose other users read a pair outside the lines as a box.
fn diagonal_pairs(grid: &Candidates, digit: Digit, pairs: &[ConjugatePair]) -> Vec<ConjugatePair> {
    if !grid.layout().has_diagonals() {
        return Vec::new();
    }
    House::DIAGONALS
        .into_iter()
        .filter_map(|diagonal| {
            let ends = conjugate_pair_in(grid, diagonal, digit)?;
            let known = pairs.iter().any(|p| p.ends == ends);
            (!known).then_some(ConjugatePair { ends, line: None, block: Some(diagonal) })
        })
        .collect()
}

/// The two places of `digit` in `house`, in reading order, when it has exactly two there: a
/// conjugate pair (the Sudoku Explainer estimate's turbot fish and three strong links are made of
/// them too).
#[inline]
pub(crate) fn conjugate_pair_in(grid: &Candidates, house: House, digit: Digit) -> Option<[Cell; 2]> {
    let cells = grid.house_cells_with(house, digit);
    if cells.len() != 2 {
        return None;
    }
    let mut ends = cells.iter();
    Some([ends.next()?, ends.next()?])
}

/// A strong-weak-strong chain of one digit: `start` or `first_inner` is the digit, `first_inner` and
/// `second_inner` see each other, `second_inner` or `end` is the digit; so `start` or `end` is.
#[derive(Clone, Copy, Debug)]
struct Chain {
    start: Cell,
    first_inner: Cell,
    second_inner: Cell,
    end: Cell,
}

impl Chain {
    /// The chain through `first` (entered at its outer end) and `second`, joined at the given inner ends,
    /// when the four cells are distinct and the inner ends see each other.
    fn join(
        grid: &Candidates,
        first: &ConjugatePair,
        first_inner: usize,
        second: &ConjugatePair,
        second_inner: usize,
    ) -> Option<Chain> {
        let (start, a) = first.oriented(first_inner);
        let (end, b) = second.oriented(second_inner);
        let distinct = (first.cells() | second.cells()).len() == 4;
        (distinct && grid.layout().sees(a, b)).then_some(Chain {
            start,
            first_inner: a,
            second_inner: b,
            end,
        })
    }

    fn cells(&self) -> [Cell; 4] {
        [self.start, self.first_inner, self.second_inner, self.end]
    }

    /// The candidates of the chain, in chain order.
    fn drivers(&self, digit: Digit) -> impl Iterator<Item = Candidate> {
        self.cells().into_iter().map(move |c| Candidate::new(c, digit))
    }

    /// The step of `technique` on this chain of `digit`, drawn over `houses`.
    fn step(
        &self,
        technique: Technique,
        digit: Digit,
        houses: [House; 3],
        eliminations: Vec<Candidate>,
        explanation: String,
    ) -> Step {
        Step::new(technique)
            .with_houses(houses)
            .with_cells(self.cells())
            .with_drivers(self.drivers(digit))
            .with_eliminations(eliminations)
            .with_explanation(explanation)
    }

    /// The candidates of `digit` that see both outer ends.
    fn eliminations(&self, grid: &Candidates, digit: Digit) -> Vec<Candidate> {
        let victims = grid.cells_with(digit) & grid.peers(self.start) & grid.peers(self.end);
        victims.iter().map(|c| Candidate::new(c, digit)).collect()
    }
}

/// The cross line of `kind` through `cell` (its column for rows, its row for columns).
fn cross_line(cell: Cell, kind: HouseKind) -> House {
    match kind {
        HouseKind::Row => cell.col_house(),
        _ => cell.row_house(),
    }
}

/// `rows 2 and 6` or `columns 2 and 6`.
fn two_lines(a: House, b: House) -> String {
    format!("{}s {} and {}", a.kind().name(), a.index_in_kind() + 1, b.index_in_kind() + 1)
}

/// Whether two conjugate pairs in parallel lines of `kind`, joined as `chain`, form a skyscraper: the
/// inner ends share a cross line and the outer ends do not (else it is an X-Wing).
fn is_skyscraper(chain: &Chain, kind: HouseKind) -> bool {
    cross_line(chain.first_inner, kind) == cross_line(chain.second_inner, kind)
        && cross_line(chain.start, kind) != cross_line(chain.end, kind)
}

/// The Skyscrapers of `digit` on pairs of parallel lines of `kind`, in line order: the two pairs
/// meet at their first cells (in reading order), or else at their second ones, as HoDoKu looks for
/// them. Two pairs that meet first cell to second cell form a Turbot Fish (HoDoKu's name for them).
fn skyscrapers(
    grid: &Candidates,
    digit: Digit,
    kind: HouseKind,
    pairs: &[ConjugatePair],
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let lines: Vec<(House, &ConjugatePair)> =
        pairs.iter().filter_map(|p| p.line_of(kind).map(|l| (l, p))).collect();
    for (i, &(first_line, first)) in lines.iter().enumerate() {
        for &(second_line, second) in &lines[i + 1..] {
            for inner in [0, 1] {
                let Some(chain) = Chain::join(grid, first, inner, second, inner) else { continue };
                if !is_skyscraper(&chain, kind) {
                    continue;
                }
                let eliminations = chain.eliminations(grid, digit);
                if eliminations.is_empty() {
                    continue;
                }
                let base = cross_line(chain.first_inner, kind);
                let explanation = format!(
                    "Skyscraper: the {digit}s in {} form a skyscraper with base in {base} and roof {} and {}, so {}",
                    two_lines(first_line, second_line),
                    chain.start,
                    chain.end,
                    removal_text(&eliminations)
                );
                let houses = [first_line, second_line, base];
                sink(chain.step(Technique::Skyscraper, digit, houses, eliminations, explanation))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether a pair's two cells lie in different boxes (regions of a jigsaw).
fn spans_two_boxes(grid: &Candidates, pair: &ConjugatePair) -> bool {
    let layout = grid.layout();
    layout.region_index(pair.ends[0]) != layout.region_index(pair.ends[1])
}

/// Whether `chain`, made of `first` and `second`, is a 2-String Kite: a row pair and a column pair, each
/// spanning two boxes, whose inner ends share a box (a region of a jigsaw).
fn is_kite(grid: &Candidates, chain: &Chain, first: &ConjugatePair, second: &ConjugatePair) -> bool {
    let rows_and_columns = (first.line_of(HouseKind::Row).is_some()
        && second.line_of(HouseKind::Column).is_some())
        || (first.line_of(HouseKind::Column).is_some() && second.line_of(HouseKind::Row).is_some());
    rows_and_columns
        && spans_two_boxes(grid, first)
        && spans_two_boxes(grid, second)
        && grid.layout().region_index(chain.first_inner) == grid.layout().region_index(chain.second_inner)
}

/// A 2-String Kite: a row pair and a column pair of `digit` tied in a box.
#[derive(Clone, Debug)]
struct Kite {
    digit: Digit,
    row: House,
    column: House,
    /// The box (region of a jigsaw) that ties the two strings.
    knot: House,
    chain: Chain,
    eliminations: Vec<Candidate>,
}

impl Kite {
    /// Every kite of `digit` that removes something.
    fn all(grid: &Candidates, digit: Digit, pairs: &[ConjugatePair]) -> Vec<Kite> {
        let mut kites = Vec::new();
        let rows = pairs.iter().filter_map(|p| p.line_of(HouseKind::Row).map(|l| (l, p)));
        for (row, row_pair) in rows {
            let columns = pairs.iter().filter_map(|p| p.line_of(HouseKind::Column).map(|l| (l, p)));
            for (column, column_pair) in columns {
                for (ri, ci) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let Some(chain) = Chain::join(grid, row_pair, ri, column_pair, ci) else { continue };
                    if !is_kite(grid, &chain, row_pair, column_pair) {
                        continue;
                    }
                    let eliminations = chain.eliminations(grid, digit);
                    if !eliminations.is_empty() {
                        let knot = grid.layout().region_of(chain.first_inner);
                        kites.push(Kite { digit, row, column, knot, chain, eliminations });
                    }
                }
            }
        }
        kites
    }

    /// The box that ties the two strings.
    fn knot(&self) -> House {
        self.knot
    }

    /// The two cells of the knot box, as a set.
    fn knot_cells(&self) -> CellSet {
        self.chain.first_inner.set() | self.chain.second_inner.set()
    }

    fn step(&self) -> Step {
        let (digit, chain) = (self.digit, &self.chain);
        let explanation = format!(
            "2-String Kite: the {digit}s in {} ({} and {}) and {} ({} and {}) are tied in {} by {} and {}, so {} \
             or {} is {digit} and {}",
            self.row,
            chain.start,
            chain.first_inner,
            self.column,
            chain.second_inner,
            chain.end,
            self.knot(),
            chain.first_inner,
            chain.second_inner,
            chain.start,
            chain.end,
            removal_text(&self.eliminations)
        );
        let houses = [self.row, self.column, self.knot()];
        chain.step(Technique::TwoStringKite, digit, houses, self.eliminations.clone(), explanation)
    }
}

/// Two sets of eliminations of which neither contains the other.
fn both_add_something(a: &[Candidate], b: &[Candidate]) -> bool {
    a.iter().any(|x| !b.contains(x)) && b.iter().any(|x| !a.contains(x))
}

/// Two eliminations lists merged, sorted, without repeats.
fn merged(a: &[Candidate], b: &[Candidate]) -> Vec<Candidate> {
    let mut all: Vec<Candidate> = a.iter().chain(b).copied().collect();
    all.sort();
    all.dedup();
    all
}

/// Dual 2-String Kites: two kites tied by the same two cells of a box (for one digit, the row and
/// column ends swap roles; HoDoKu also pairs kites of different digits on the same cells), reported
/// together with the eliminations of both.
fn dual_kites(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let kites: Vec<Kite> =
        Digit::ALL.into_iter().flat_map(|d| Kite::all(grid, d, &ConjugatePair::all(grid, d))).collect();
    for (i, first) in kites.iter().enumerate() {
        for second in &kites[i + 1..] {
            if first.knot_cells() != second.knot_cells()
                || !both_add_something(&first.eliminations, &second.eliminations)
            {
                continue;
            }
            let eliminations = merged(&first.eliminations, &second.eliminations);
            let clause = |k: &Kite| {
                format!(
                    "the {}s in {} and {} ({} or {} is {})",
                    k.digit, k.row, k.column, k.chain.start, k.chain.end, k.digit
                )
            };
            let explanation = format!(
                "Dual 2-String Kite: {} and {} in {} tie two kites, {} and {}, so {}",
                first.chain.first_inner.min(first.chain.second_inner),
                first.chain.first_inner.max(first.chain.second_inner),
                first.knot(),
                clause(first),
                clause(second),
                grouped_removal_text(&eliminations)
            );
            let step = Step::new(Technique::DualTwoStringKite)
                .with_houses([first.knot(), first.row, first.column, second.row, second.column])
                .with_cells(
                    (first.chain.cells().into_iter().chain(second.chain.cells())).collect::<CellSet>(),
                )
                .with_drivers(first.chain.drivers(first.digit).chain(second.chain.drivers(second.digit)))
                .with_eliminations(eliminations)
                .with_explanation(explanation);
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Whether `chain` is reported under a more specific name: a Skyscraper, a 2-String Kite, or an
/// X-Wing (two parallel line pairs forming a rectangle). Parallel pairs meeting first cell to
/// second cell are no Skyscraper (see [`skyscrapers`]): they stay Turbot Fish.
fn has_own_name(grid: &Candidates, chain: &Chain, first: &ConjugatePair, second: &ConjugatePair) -> bool {
    let parallel = |kind| first.line_of(kind).is_some() && second.line_of(kind).is_some();
    let side = |pair: &ConjugatePair, cell| pair.ends.iter().position(|&end| end == cell);
    let same_side = side(first, chain.first_inner) == side(second, chain.second_inner);
    let fish_like = [HouseKind::Row, HouseKind::Column].into_iter().any(|kind| {
        parallel(kind)
            && same_side
            && cross_line(chain.first_inner, kind) == cross_line(chain.second_inner, kind)
    });
    fish_like || is_kite(grid, chain, first, second)
}

fn turbot_fish(
    grid: &Candidates,
    digit: Digit,
    pairs: &[ConjugatePair],
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for (i, first) in pairs.iter().enumerate() {
        for second in &pairs[i + 1..] {
            // The same two pairs may join at different inner ends with the same result: one step.
            let mut reported: Vec<Vec<Candidate>> = Vec::new();
            for (fi, si) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let Some(chain) = Chain::join(grid, first, fi, second, si) else { continue };
                if has_own_name(grid, &chain, first, second) {
                    continue;
                }
                let eliminations = chain.eliminations(grid, digit);
                if eliminations.is_empty() || reported.contains(&eliminations) {
                    continue;
                }
                reported.push(eliminations.clone());
                let layout = grid.layout();
                let weak = layout
                    .shared_house(chain.first_inner, chain.second_inner)
                    .unwrap_or(layout.region_of(chain.first_inner));
                let explanation = format!(
                    "Turbot Fish: {digit} is in {} or {} ({}) and in {} or {} ({}); {} and {} share {weak}, \
                     so {} or {} is {digit} and {}",
                    chain.start,
                    chain.first_inner,
                    first.house(),
                    chain.second_inner,
                    chain.end,
                    second.house(),
                    chain.first_inner,
                    chain.second_inner,
                    chain.start,
                    chain.end,
                    removal_text(&eliminations)
                );
                let houses = [first.house(), weak, second.house()];
                sink(chain.step(Technique::TurbotFish, digit, houses, eliminations, explanation))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A box whose candidates of a digit all lie on one row and one column of it, each arm holding a
/// candidate besides the crossing cell: the digit is in the row or in the column.
///
/// On a jigsaw the box is a region, and the row and column are any two lines that hold all of its
/// candidates, each with one besides their crossing cell; the crossing cell itself need not lie in
/// the region. The proof needs no 3x3 shape: the region's digit lies in the row or in the column.
#[derive(Clone, Copy, Debug)]
struct EmptyRectangle {
    block: House,
    row: House,
    column: House,
    cells: CellSet,
}

impl EmptyRectangle {
    /// Every empty rectangle of the digit whose candidates are `cells` in `block` (a box with two
    /// candidates in different rows and columns has two), by crossing cell in reading order. The
    /// crossing cells tried are those on a row and a column of `cells`: in a box, its own cells.
    fn in_block(block: House, cells: CellSet) -> impl Iterator<Item = EmptyRectangle> {
        let lines = |kind: fn(usize) -> House, mask: u16| {
            (0..9).filter(|i| mask & 1 << i != 0).fold(CellSet::EMPTY, |acc, i| acc | kind(i).cell_set())
        };
        let crossings = lines(House::row, cells.rows_mask()) & lines(House::column, cells.cols_mask());
        crossings.iter().filter_map(move |crossing| {
            let row = crossing.row_house();
            let column = crossing.col_house();
            let in_row = cells & row.cell_set();
            let in_column = cells & column.cell_set();
            let arms = !(in_row - crossing.set()).is_empty() && !(in_column - crossing.set()).is_empty();
            (arms && cells.is_subset(in_row | in_column)).then_some(EmptyRectangle {
                block,
                row,
                column,
                cells,
            })
        })
    }

    /// The line of the rectangle that is the cross line of `kind` to a pair in a line of `kind`
    /// (the row for a pair in a column), and the other one.
    fn lines_for(&self, kind: HouseKind) -> (House, House) {
        if kind == HouseKind::Column { (self.row, self.column) } else { (self.column, self.row) }
    }
}

/// An empty rectangle joined to a conjugate pair: `near` lies on one line of the rectangle, so
/// whether `near` or `far` holds the digit, `target` (on the rectangle's other line and the cross line
/// of `far`) cannot.
#[derive(Clone, Copy, Debug)]
struct EmptyRectangleStep {
    digit: Digit,
    rectangle: EmptyRectangle,
    line: House,
    near: Cell,
    far: Cell,
    target: Cell,
}

impl EmptyRectangleStep {
    /// Every empty rectangle of `digit` with a conjugate pair that removes something, in HoDoKu's
    /// order (the hint path takes the first): boxes in order; in a box, the rectangles by their
    /// crossing cell, last cell first; for each, the column pairs, then the row pairs, in order.
    /// A jigsaw's regions take the boxes' part.
    fn all(grid: &Candidates, digit: Digit, pairs: &[ConjugatePair]) -> Vec<EmptyRectangleStep> {
        let mut found = Vec::new();
        for block in grid.layout().regions() {
            let cells = grid.house_cells_with(block, digit);
            if cells.len() < 2 {
                continue;
            }
            let rectangles: Vec<EmptyRectangle> = EmptyRectangle::in_block(block, cells).collect();
            for &rectangle in rectangles.iter().rev() {
                for kind in [HouseKind::Column, HouseKind::Row] {
                    for pair in pairs {
                        let Some(line) = pair.line_of(kind) else { continue };
                        found.extend(EmptyRectangleStep::join(grid, digit, rectangle, pair, line));
                    }
                }
            }
        }
        found
    }

    /// `rectangle` with the conjugate pair `pair` in `line`, if they fit and remove something: one end
    /// of the pair on one of the rectangle's lines outside the box, the target (on the other end's
    /// cross line and the rectangle's other line) outside the box and apart from that end. In a box
    /// this is HoDoKu's rule: the other end lies outside the box's band (for a column pair) or stack
    /// (for a row pair). If the near end holds the digit, the box's digit is off the near end's
    /// line, so on the other line but not at the target; if the far end does, the target sees it.
    fn join(
        grid: &Candidates,
        digit: Digit,
        rectangle: EmptyRectangle,
        pair: &ConjugatePair,
        line: House,
    ) -> Option<EmptyRectangleStep> {
        let (meeting_line, target_line) = rectangle.lines_for(line.kind());
        let near_index = pair.ends.iter().position(|e| meeting_line.cell_set().contains(*e))?;
        let (far, near) = pair.oriented(near_index);
        let block = grid.house_set(rectangle.block);
        let target = (cross_line(far, line.kind()).cell_set() & target_line.cell_set()).single()?;
        if block.contains(near) || block.contains(target) || target == far {
            return None;
        }
        grid.has(target, digit).then_some(EmptyRectangleStep { digit, rectangle, line, near, far, target })
    }

    fn elimination(&self) -> Candidate {
        Candidate::new(self.target, self.digit)
    }

    /// The pattern candidates: the pair (far end first), then the box's.
    fn drivers(&self) -> impl Iterator<Item = Candidate> {
        let digit = self.digit;
        [self.far, self.near].into_iter().chain(self.rectangle.cells).map(move |c| Candidate::new(c, digit))
    }

    fn cells(&self) -> impl Iterator<Item = Cell> {
        self.rectangle.cells.iter().chain([self.near, self.far])
    }

    fn step(&self) -> Step {
        let eliminations = [self.elimination()];
        let explanation = format!(
            "Empty Rectangle: in {} the {}s lie only in {} and {}, and {} holds {} only in {} and {}, so {}",
            self.rectangle.block,
            self.digit,
            self.rectangle.row,
            self.rectangle.column,
            self.line,
            self.digit,
            self.near,
            self.far,
            removal_text(&eliminations)
        );
        let r = &self.rectangle;
        Step::new(Technique::EmptyRectangle)
            .with_houses([r.block, self.line, r.row, r.column])
            .with_cells(self.cells())
            .with_drivers(self.drivers())
            .with_eliminations(eliminations)
            .with_explanation(explanation)
    }
}

/// Dual Empty Rectangles: two empty rectangles of one digit in the same box, each with its own
/// conjugate pair, reported together with both eliminations.
fn dual_empty_rectangles(
    grid: &Candidates,
    digit: Digit,
    pairs: &[ConjugatePair],
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let found = EmptyRectangleStep::all(grid, digit, pairs);
    for (i, first) in found.iter().enumerate() {
        for second in &found[i + 1..] {
            if first.rectangle.block != second.rectangle.block || first.target == second.target {
                continue;
            }
            let eliminations = merged(&[first.elimination()], &[second.elimination()]);
            let (a, b) = (&first.rectangle, &second.rectangle);
            let shape = if (a.row, a.column) == (b.row, b.column) {
                format!("{} and {}", a.row, a.column)
            } else {
                join_and(a.cells.iter().map(|c| c.to_string()).collect())
            };
            let explanation = format!(
                "Dual Empty Rectangle: in {} the {digit}s lie only in {shape}; {} holds {digit} only in {} and {}, \
                 and {} only in {} and {}, so {}",
                a.block,
                first.line,
                first.near,
                first.far,
                second.line,
                second.near,
                second.far,
                removal_text(&eliminations)
            );
            let houses = [first.rectangle.block, first.line, second.line];
            let step = Step::new(Technique::DualEmptyRectangle)
                .with_houses(houses)
                .with_cells(first.cells().chain(second.cells()).collect::<CellSet>())
                .with_drivers(first.drivers().chain(second.drivers()))
                .with_eliminations(eliminations)
                .with_explanation(explanation);
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::logic::find_all;
    use crate::engine::logic::test_support::{assert_every_instance_sound, cands, drawn, jigsaw, position};
    use crate::engine::{Grid, Layout};

    /// The hard puzzles whose paths the soundness tests walk.
    pub(crate) const SAMPLE: [&str; 2] =
        ["tdoku/top1465.txt", "se_solutions/diabolical_puzzle_and_solution.txt"];

    /// An empty grid where digit 1 remains only in the cells marked `x` (one string per row); every
    /// other digit stays everywhere, so only digit 1 can form a pattern.
    fn ones(rows: [&str; 9]) -> Candidates {
        drawn(&Layout::classic(), 1, rows)
    }

    /// The steps of `technique` whose eliminations are exactly `expected`.
    fn steps_removing(technique: Technique, grid: &Candidates, expected: &str) -> Vec<Step> {
        let expected = cands(expected);
        find_all(technique, grid).into_iter().filter(|s| s.eliminations == expected).collect()
    }

    /// Applies the step of `technique` in the position of `line` that removes exactly `expected`,
    /// then asserts that the same pattern, now removing nothing, is not reported again.
    fn silent_once_applied(technique: Technique, line: &str, expected: &str) {
        let mut grid = position(line);
        let step = steps_removing(technique, &grid, expected).into_iter().next().expect("the library step");
        step.apply_to(&mut grid);
        let again: Vec<String> = find_all(technique, &grid)
            .into_iter()
            .filter(|s| s.drivers == step.drivers)
            .map(|s| s.explanation)
            .collect();
        assert!(again.is_empty(), "{again:?}");
    }

    const SKYSCRAPER: &str = ":0400:1:+6+9+7.....+2..19+72.6+3..+3..679.9+12...6.+737+4+2+6.95.+8+65+7.+9.+2414+8+6+93+2+757.9.24..+6..+68.+7..+9::117 118 134 135::";
    const KITE: &str = ":0401:3:+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32.........+3.7.5...49....487.1::381::";
    const EMPTY_RECTANGLE: &str = ":0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::";
    const TWO_CANDIDATE_ER: &str = ":0402-1:3:96...+758..4.8.+5.6.8.+5.+62+4+7..+9..8.72...8.7.9+4..74.5..+1..+8.3..+2+57.2.+5.6.3.+351+7+2+8+694:221 151 154 359 185:349::";
    const TURBOT: &str = ":0403:2:2+64+9+13587.3+1.+8+5..2.+58..6+3.+1+4+7+9+6+3..+5+8+12+6+8+54+739+3+8+5.9...659+3+1.+8..+4+84.5+6.+91+361.3+49+8.5::277::";

    #[test]
    fn skyscraper_fires_with_the_library_eliminations() {
        let grid = position(SKYSCRAPER);
        let steps = steps_removing(Technique::Skyscraper, &grid, "117 118 134 135");
        let step = steps.first().expect("the library skyscraper is found");
        assert_eq!(step.drivers.len(), 4);
        assert!(step.explanation.starts_with("Skyscraper: the 1s in "), "{}", step.explanation);
        assert!(
            step.explanation.ends_with("1 is removed from r1c7, r1c8, r3c4 and r3c5"),
            "{}",
            step.explanation
        );
    }

    /// Columns 1 and 4 hold 1 only in r1/r9 and r2/r9: a skyscraper with base in row 9, roof r1c1
    /// and r2c4.
    const SKYSCRAPER_DRAWN: [&str; 9] = [
        "xxx.xxxxx",
        ".xxxxxxxx",
        ".xx.xxxxx",
        ".xx.xxxxx",
        ".xx.xxxxx",
        ".xx.xxxxx",
        ".xx.xxxxx",
        ".xx.xxxxx",
        "xxxxxxxxx",
    ];

    #[test]
    fn skyscraper_in_a_drawn_position() {
        let grid = ones(SKYSCRAPER_DRAWN);
        let steps = find_all(Technique::Skyscraper, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, cands("115 116 122 123"));
        assert_eq!(
            steps[0].explanation,
            "Skyscraper: the 1s in columns 1 and 4 form a skyscraper with base in row 9 and roof r1c1 and r2c4, \
             so 1 is removed from r1c5, r1c6, r2c2 and r2c3"
        );
        // The same chain is not a Turbot Fish: it has its own name.
        assert!(find_all(Technique::TurbotFish, &grid).is_empty());
    }

    #[test]
    fn pairs_meeting_first_cell_to_second_are_a_turbot_fish_not_a_skyscraper() {
        // Column 4 holds 1 only in r1/r2, column 7 only in r2/r3: they meet in row 2 at column 4's
        // second cell and column 7's first, which HoDoKu's Skyscraper search never pairs; it finds
        // the chain r1c4=r2c4-r2c7=r3c7 as a Turbot Fish.
        let grid = ones([
            "xxxxxx.xx",
            "xxxxxxxxx",
            "xxx.xxxxx",
            "xxx.xx.xx",
            "xxx.xx.xx",
            "xxx.xx.xx",
            "xxx.xx.xx",
            "xxx.xx.xx",
            "xxx.xx.xx",
        ]);
        assert!(find_all(Technique::Skyscraper, &grid).is_empty());
        let turbots = steps_removing(Technique::TurbotFish, &grid, "118 119 135 136");
        assert_eq!(turbots.len(), 1, "{:?}", find_all(Technique::TurbotFish, &grid));
    }

    #[test]
    fn skyscrapers_are_found_rows_first_then_by_digit() {
        // A column skyscraper of 1 (the drawn one) and a row skyscraper of 2 (its transpose):
        // HoDoKu's search, whose first find the hint path takes, meets the rows first.
        let mut grid = ones(SKYSCRAPER_DRAWN);
        let two = Digit::ALL[1];
        for (r, row) in SKYSCRAPER_DRAWN.iter().enumerate() {
            for (c, mark) in row.chars().enumerate() {
                if mark != 'x' {
                    grid.eliminate(Cell::at(c, r), two);
                }
            }
        }
        let found: Vec<(Digit, HouseKind)> = find_all(Technique::Skyscraper, &grid)
            .iter()
            .map(|step| (step.drivers[0].digit, step.houses[0].kind()))
            .collect();
        assert_eq!(found, [(two, HouseKind::Row), (Digit::ALL[0], HouseKind::Column)]);
    }

    #[test]
    fn an_x_wing_is_no_skyscraper_nor_turbot_fish() {
        let grid = ones([
            "x..x.....",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "x..x.....",
        ]);
        assert!(find_all(Technique::Skyscraper, &grid).is_empty());
        assert!(find_all(Technique::TurbotFish, &grid).is_empty());
    }

    #[test]
    fn skyscraper_not_reported_once_applied() {
        silent_once_applied(Technique::Skyscraper, SKYSCRAPER, "117 118 134 135");
    }

    #[test]
    fn kite_fires_with_the_library_elimination() {
        let grid = position(KITE);
        let steps = steps_removing(Technique::TwoStringKite, &grid, "381");
        let step = steps.first().expect("the library kite is found");
        assert_eq!(
            step.explanation,
            "2-String Kite: the 3s in row 2 (r2c1 and r2c6) and column 5 (r3c5 and r8c5) are tied in box 2 by \
             r2c6 and r3c5, so r2c1 or r8c5 is 3 and 3 is removed from r8c1"
        );
        assert_eq!(step.cells, [Cell::at(1, 0), Cell::at(1, 5), Cell::at(2, 4), Cell::at(7, 4)]);
    }

    #[test]
    fn kite_in_a_drawn_position_and_its_near_miss() {
        // Row 1 holds 1 only in c2 and c8, column 1 only in r3 and r7; r1c2 and r3c1 share box 1.
        let kite = ones([
            ".x.....x.",
            ".xxxxxxxx",
            "xxxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
            "xxxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
        ]);
        let steps = find_all(Technique::TwoStringKite, &kite);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, cands("178"));
        // Column 1 moved to r4 and r7: the inner ends no longer share a box.
        let miss = ones([
            ".x.....x.",
            ".xxxxxxxx",
            ".xxxxxxxx",
            "xxxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
            "xxxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
        ]);
        assert!(find_all(Technique::TwoStringKite, &miss).is_empty());
    }

    #[test]
    fn turbot_fish_fires_with_the_library_elimination() {
        let grid = position(TURBOT);
        let steps = steps_removing(Technique::TurbotFish, &grid, "277");
        let step = steps.first().expect("the library turbot fish is found");
        assert_eq!(
            step.explanation,
            "Turbot Fish: 2 is in r4c7 or r4c6 (row 4) and in r8c6 or r7c5 (box 8); r4c6 and r8c6 share \
             column 6, so r4c7 or r7c5 is 2 and 2 is removed from r7c7"
        );
        assert_eq!(step.houses, [House::row(3), House::column(5), House::block(7)]);
    }

    #[test]
    fn turbot_fish_not_reported_once_applied() {
        silent_once_applied(Technique::TurbotFish, TURBOT, "277");
    }

    #[test]
    fn turbot_fish_reports_one_chain_once() {
        // Row 7 holds 1 only in r7c1 and r7c3, box 4 only in r4c1 and r6c1. r7c1 sees both box cells,
        // so the chain can run through either of them: the same four cells, the same eliminations
        // (r7c1, r8c1 and r9c1 see r7c3 and both box cells), one step.
        let grid = ones([
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "x..xxxxxx",
            "...xxxxxx",
            "x..xxxxxx",
            "x.x......",
            "xxxxxxxxx",
            "xxxxxxxxx",
        ]);
        let found = steps_removing(Technique::TurbotFish, &grid, "171 181 191");
        assert_eq!(found.len(), 1, "{:?}", found.iter().map(|s| &s.explanation).collect::<Vec<_>>());
    }

    #[test]
    fn empty_rectangle_fires_with_the_library_elimination() {
        let grid = position(EMPTY_RECTANGLE);
        let steps = steps_removing(Technique::EmptyRectangle, &grid, "986");
        let step = steps.first().expect("the library empty rectangle is found");
        assert_eq!(
            step.explanation,
            "Empty Rectangle: in box 5 the 9s lie only in row 4 and column 6, and column 2 holds 9 only in r4c2 \
             and r8c2, so 9 is removed from r8c6"
        );
    }

    #[test]
    fn empty_rectangle_with_two_candidates_in_the_box() {
        let grid = position(TWO_CANDIDATE_ER);
        let steps = steps_removing(Technique::EmptyRectangle, &grid, "349");
        assert!(!steps.is_empty(), "{:?}", find_all(Technique::EmptyRectangle, &grid));
    }

    #[test]
    fn dual_kite_fires_with_the_library_eliminations() {
        let line = ":0404:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168::";
        let grid = position(line);
        let steps = find_all(Technique::DualTwoStringKite, &grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, cands("149 168"));
        assert_eq!(
            steps[0].explanation,
            "Dual 2-String Kite: r1c3 and r3c1 in box 1 tie two kites, the 1s in row 1 and column 1 (r1c8 or \
             r6c1 is 1) and the 1s in row 3 and column 3 (r3c9 or r4c3 is 1), so 1 is removed from r4c9 and r6c8"
        );
    }

    #[test]
    fn a_single_kite_is_no_dual_kite() {
        assert_eq!(find_all(Technique::TwoStringKite, &position(KITE)).len(), 1);
        assert!(find_all(Technique::DualTwoStringKite, &position(KITE)).is_empty());
    }

    const DUAL_EMPTY_RECTANGLE: &str = ":0405:5:+4+5+7+2+86+9+13..+83..+6471+36+4+792+8+5.+127+94..+6..+3+1+6..+2+46.+4.+321.9..96..+4.+1.459...+68.+6+1.4..+9+2::568 594::";

    #[test]
    fn empty_rectangles_come_in_hodokus_order_column_pairs_first() {
        // The two rectangles of box 9 that make the library's Dual Empty Rectangle, one by one.
        let steps = find_all(Technique::EmptyRectangle, &position(DUAL_EMPTY_RECTANGLE));
        let lines: Vec<House> =
            steps.iter().filter(|s| s.houses[0] == House::BOXES[8]).map(|s| s.houses[1]).collect();
        assert_eq!(lines, [House::COLUMNS[3], House::ROWS[5]], "{steps:?}");
    }

    #[test]
    fn dual_empty_rectangle_fires_with_the_library_eliminations() {
        let steps = find_all(Technique::DualEmptyRectangle, &position(DUAL_EMPTY_RECTANGLE));
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, cands("568 594"));
        assert_eq!(
            steps[0].explanation,
            "Dual Empty Rectangle: in box 9 the 5s lie only in row 9 and column 8; column 4 holds 5 only in \
             r9c4 and r6c4, and row 6 only in r6c8 and r6c4, so 5 is removed from r6c8 and r9c4"
        );
    }

    #[test]
    fn empty_rectangles_in_different_boxes_are_no_dual() {
        // Boxes 4 and 8 each remove 2 from r9c3: two rectangles, but not in one box.
        let grid = position(EMPTY_RECTANGLE);
        assert!(steps_removing(Technique::EmptyRectangle, &grid, "293").len() >= 2);
        assert!(find_all(Technique::DualEmptyRectangle, &grid).is_empty());
    }

    #[test]
    fn a_box_with_its_candidates_on_one_line_is_no_empty_rectangle() {
        // Box 1 holds 1 only in r1c1 and r1c2; column 5 holds it only in r1c5 and r7c5.
        let grid = ones([
            "xx..x....",
            "...xxxxxx",
            "...xxxxxx",
            "xxxx.xxxx",
            "xxxx.xxxx",
            "xxxx.xxxx",
            "xxxxxxxxx",
            "xxxx.xxxx",
            "xxxx.xxxx",
        ]);
        assert!(find_all(Technique::EmptyRectangle, &grid).is_empty());
    }

    #[test]
    fn every_instance_is_sound_on_hard_puzzles() {
        let techniques = [
            Technique::Skyscraper,
            Technique::TwoStringKite,
            Technique::DualTwoStringKite,
            Technique::TurbotFish,
            Technique::EmptyRectangle,
            Technique::DualEmptyRectangle,
        ];
        let seen = assert_every_instance_sound(&SAMPLE, 120, &techniques);
        // The dual patterns are rare: they need not show up in the sample.
        assert!([0, 1, 3, 4].iter().all(|&i| seen[i] > 0), "every base technique is exercised: {seen:?}");
    }

    #[test]
    fn conjugate_pairs_merge_line_and_box() {
        // Row 1 and box 1 both hold 1 only in r1c1 and r1c2.
        let grid = ones([
            "xx.......",
            "...xxxxxx",
            "...xxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
            "xxxxxxxxx",
        ]);
        let pairs = ConjugatePair::all(&grid, Digit::ALL[0]);
        assert_eq!(
            pairs,
            [ConjugatePair {
                ends: [Cell::at(0, 0), Cell::at(0, 1)],
                line: Some(House::row(0)),
                block: Some(House::block(0))
            }]
        );
    }

    #[test]
    fn a_kite_tied_in_a_jigsaw_region_that_is_no_box() {
        // Row 1 holds 1 only in r1c4 and r1c9, column 1 only in r2c1 and r8c1; r1c4 and r2c1 share
        // region 1 (not box 1): r8c9 sees both outer ends.
        let rows = [
            "...x....x",
            "xxxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
            "xxxxxxxxx",
            ".xxxxxxxx",
        ];
        let steps = find_all(Technique::TwoStringKite, &drawn(&jigsaw(), 1, rows));
        let step = steps.iter().find(|s| s.eliminations == cands("189")).expect("the kite");
        assert!(step.explanation.contains("are tied in region 1 by r1c4 and r2c1"), "{}", step.explanation);
        let classic = find_all(Technique::TwoStringKite, &drawn(&Layout::classic(), 1, rows));
        assert!(classic.iter().all(|s| s.eliminations != cands("189")), "{classic:?}");
    }

    #[test]
    fn an_empty_rectangle_in_a_jigsaw_region_across_two_boxes() {
        // Region 2 holds 1 only in r1c5, r3c3 and r3c5 (row 3 and column 5; r3c3 lies in box 1);
        // column 1 holds it only in r3c1 and r7c1: r7c5 loses it.
        let rows = [
            ".xxxx.xxx",
            ".xx...xxx",
            "xxx.x.xxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
            "xxxxxxxxx",
            ".xxxxxxxx",
            ".xxxxxxxx",
        ];
        let steps = find_all(Technique::EmptyRectangle, &drawn(&jigsaw(), 1, rows));
        let step = steps.iter().find(|s| s.eliminations == cands("175")).expect("the empty rectangle");
        assert!(
            step.explanation
                .starts_with("Empty Rectangle: in region 2 the 1s lie only in row 3 and column 5"),
            "{}",
            step.explanation
        );
        let classic = find_all(Technique::EmptyRectangle, &drawn(&Layout::classic(), 1, rows));
        assert!(classic.iter().all(|s| s.eliminations != cands("175")), "{classic:?}");
    }

    #[test]
    fn a_jigsaw_empty_rectangle_whose_crossing_cell_lies_outside_its_region() {
        // Region 2 holds 1 only in r1c5 and r3c3: row 1 and column 3, crossing at r1c3 in region
        // 1; column 8 holds it only in r1c8 and r6c8: r6c3 loses it.
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
        let steps = find_all(Technique::EmptyRectangle, &drawn(&jigsaw(), 1, rows));
        let step = steps.iter().find(|s| s.eliminations == cands("163")).expect("the empty rectangle");
        assert!(step.explanation.contains("in region 2 the 1s lie only in row 1 and column 3"), "{step:?}");
        let classic = find_all(Technique::EmptyRectangle, &drawn(&Layout::classic(), 1, rows));
        assert!(classic.iter().all(|s| s.eliminations != cands("163")), "{classic:?}");
    }

    #[test]
    fn a_turbot_fish_through_a_diagonal_of_an_x() {
        // The main diagonal holds 1 only in r2c2 and r8c8, column 4 only in r3c4 and r8c4; r8c8
        // and r8c4 share row 8: r2c2 or r3c4 is 1.
        let mut grid = drawn(&Layout::x(), 1, ["xxxxxxxxx"; 9]);
        let one = Digit::ALL[0];
        for i in [0, 2, 3, 4, 5, 6, 8] {
            grid.eliminate(Cell::at(i, i), one);
        }
        for r in [0, 1, 3, 4, 5, 6, 8] {
            grid.eliminate(Cell::at(r, 3), one);
        }
        let steps = find_all(Technique::TurbotFish, &grid);
        let step =
            steps.iter().find(|s| s.eliminations == cands("125 126 131 132")).expect("the turbot fish");
        assert!(step.houses.contains(&House::diagonal(0)), "{step:?}");
        let mut classic = Candidates::from_grid(&Grid::empty());
        for cell in Cell::ALL {
            if !grid.has(cell, one) {
                classic.eliminate(cell, one);
            }
        }
        assert!(find_all(Technique::TurbotFish, &classic).is_empty());
    }
}
