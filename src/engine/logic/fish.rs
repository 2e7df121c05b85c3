//! Basic fish: X-Wing, Swordfish and Jellyfish, and their finned and sashimi forms (HoDoKu's
//! definitions).
//!
//! A fish of size n on one digit takes n *base* lines (rows, or columns) and n *cover* lines of the
//! other direction. When every candidate of the digit in the base lines lies in the cover lines, each
//! cover line gets its digit from a base line, so the digit goes from every other cell of the cover
//! lines. Base candidates outside the cover lines are *fins*; when they all lie in one box, either a
//! fin is true or the fish holds, so the digit goes from the cover cells (outside the base lines) that
//! see every fin, i.e. those in the fin box. A finned fish is *sashimi* when it would be degenerate
//! without its fins: some base line keeps at most one candidate once its fins are taken away.
//!
//! The search enumerates base lines and cover lines as nine-bit masks per digit, without allocating
//! until a step is reported. This module only finds fish; it never applies them.

use std::ops::ControlFlow;

use super::{Candidates, Sink, Step, Technique, join_and, removal_text};
use crate::engine::{Candidate, Cell, CellSet, Digit, House};

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(shape) = Shape::of(technique) else {
        return ControlFlow::Continue(());
    };
    for digit in Digit::ALL {
        for orientation in [Orientation::Rows, Orientation::Columns] {
            let lines = DigitLines::new(grid, digit, orientation);
            search(technique, shape, &lines, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// A set of line indices (or of positions along a line), 0 to 8, as nine bits.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
struct LineSet(u16);

impl LineSet {
    const ALL: LineSet = LineSet(0x1ff);

    /// The three lines (or positions) of band (or stack) `third`, 0 to 2.
    const fn third(third: usize) -> LineSet {
        LineSet(0b111 << (3 * third))
    }

    const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    const fn is_empty(self) -> bool {
        self.0 == 0
    }

    const fn contains(self, index: usize) -> bool {
        self.0 & (1 << index) != 0
    }

    const fn union(self, other: LineSet) -> LineSet {
        LineSet(self.0 | other.0)
    }

    const fn intersection(self, other: LineSet) -> LineSet {
        LineSet(self.0 & other.0)
    }

    const fn minus(self, other: LineSet) -> LineSet {
        LineSet(self.0 & !other.0)
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        (0..9).filter(move |&i| self.contains(i))
    }

    /// Every subset of `self` with `size` elements (walking the submasks of `self` only).
    fn subsets_of_size(self, size: usize) -> impl Iterator<Item = LineSet> {
        let all = self.0;
        let mut next = Some(all);
        std::iter::from_fn(move || {
            let current = next?;
            next = if current == 0 { None } else { Some((current - 1) & all) };
            Some(LineSet(current))
        })
        .filter(move |s| s.len() == size)
    }
}

/// Which lines the fish is built on: the base lines are rows (cover lines columns) or the reverse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Orientation {
    Rows,
    Columns,
}

impl Orientation {
    /// The cell at `position` along base line `line`.
    const fn cell(self, line: usize, position: usize) -> Cell {
        match self {
            Orientation::Rows => Cell::at(line, position),
            Orientation::Columns => Cell::at(position, line),
        }
    }

    fn base_house(self, line: usize) -> House {
        match self {
            Orientation::Rows => House::row(line),
            Orientation::Columns => House::column(line),
        }
    }

    fn cover_house(self, line: usize) -> House {
        match self {
            Orientation::Rows => House::column(line),
            Orientation::Columns => House::row(line),
        }
    }

    /// `rows 2 and 7` for base lines, or `columns 3, 5 and 8` for cover lines.
    fn describe(self, lines: LineSet, base: bool) -> String {
        let kind = if (self == Orientation::Rows) == base { "rows" } else { "columns" };
        format!("{kind} {}", join_and(lines.iter().map(|i| (i + 1).to_string()).collect()))
    }
}

/// Whether the fish asked for has fins, and which kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Form {
    Basic,
    Finned,
    Sashimi,
}

/// The fish a technique asks for: its size and form.
#[derive(Clone, Copy, Debug)]
struct Shape {
    size: usize,
    form: Form,
}

impl Shape {
    fn of(technique: Technique) -> Option<Shape> {
        use Technique::*;
        let (size, form) = match technique {
            XWing => (2, Form::Basic),
            Swordfish => (3, Form::Basic),
            Jellyfish => (4, Form::Basic),
            FinnedXWing => (2, Form::Finned),
            FinnedSwordfish => (3, Form::Finned),
            FinnedJellyfish => (4, Form::Finned),
            SashimiXWing => (2, Form::Sashimi),
            SashimiSwordfish => (3, Form::Sashimi),
            SashimiJellyfish => (4, Form::Sashimi),
            _ => return None,
        };
        Some(Shape { size, form })
    }
}

/// One digit's candidates read line by line in one orientation: `positions[line]` holds the
/// positions along base line `line` of the cells that still have the digit.
struct DigitLines {
    digit: Digit,
    orientation: Orientation,
    positions: [LineSet; 9],
}

impl DigitLines {
    fn new(grid: &Candidates, digit: Digit, orientation: Orientation) -> DigitLines {
        let mut positions = [LineSet::default(); 9];
        for cell in grid.cells_with(digit) {
            let (line, position) = match orientation {
                Orientation::Rows => (cell.row(), cell.col()),
                Orientation::Columns => (cell.col(), cell.row()),
            };
            positions[line].0 |= 1 << position;
        }
        DigitLines { digit, orientation, positions }
    }

    /// The lines that hold the digit at all.
    fn occupied(&self) -> LineSet {
        LineSet((0..9).filter(|&i| !self.positions[i].is_empty()).fold(0, |m, i| m | 1 << i))
    }

    /// The union of the positions of `lines`.
    fn union(&self, lines: LineSet) -> LineSet {
        lines.iter().fold(LineSet::default(), |acc, i| acc.union(self.positions[i]))
    }

    /// The cells of `lines` holding the digit at one of `positions`.
    fn cells(&self, lines: LineSet, positions: LineSet) -> CellSet {
        let mut cells = CellSet::EMPTY;
        for line in lines.iter() {
            for position in self.positions[line].intersection(positions).iter() {
                cells.insert(self.orientation.cell(line, position));
            }
        }
        cells
    }
}

/// A fish found: base and cover lines, its fins (empty for a basic fish) and what it removes.
struct Fish {
    base: LineSet,
    cover: LineSet,
    fins: CellSet,
    eliminations: CellSet,
}

/// Tries every set of `shape.size` base lines of one digit and orientation.
fn search(technique: Technique, shape: Shape, lines: &DigitLines, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let occupied = lines.occupied();
    for base in occupied.subsets_of_size(shape.size) {
        let mut report = |fish: Fish| sink(step(technique, lines, &fish));
        match shape.form {
            Form::Basic => {
                if let Some(fish) = basic_fish(lines, base, shape.size) {
                    report(fish)?;
                }
            }
            Form::Finned | Form::Sashimi => {
                finned_fish(lines, base, shape, &mut report)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The basic fish on `base`, if its candidates lie in exactly `size` cover lines and it removes
/// something.
fn basic_fish(lines: &DigitLines, base: LineSet, size: usize) -> Option<Fish> {
    let cover = lines.union(base);
    if cover.len() != size {
        return None;
    }
    let eliminations = lines.cells(LineSet::ALL.minus(base), cover);
    (!eliminations.is_empty()).then_some(Fish { base, cover, fins: CellSet::EMPTY, eliminations })
}

/// The box that may hold a finned fish's fins: the three base-direction lines of its band and the
/// three positions of its stack along them.
#[derive(Clone, Copy)]
struct FinBox {
    band_lines: LineSet,
    stack_positions: LineSet,
}

/// Reports every finned fish of the form asked on `base`: for each box that could hold the fins,
/// the candidates outside it fix most of the cover lines, and the rest are chosen among the
/// positions the box holds.
fn finned_fish(
    lines: &DigitLines,
    base: LineSet,
    shape: Shape,
    report: &mut impl FnMut(Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for band in 0..3 {
        let band_lines = LineSet::third(band);
        if band_lines.intersection(base).is_empty() {
            continue;
        }
        for stack in 0..3 {
            let fin_box = FinBox { band_lines, stack_positions: LineSet::third(stack) };
            let (mut required, mut in_box) = (LineSet::default(), LineSet::default());
            for line in base.iter() {
                let positions = lines.positions[line];
                if band_lines.contains(line) {
                    required = required.union(positions.minus(fin_box.stack_positions));
                    in_box = in_box.union(positions.intersection(fin_box.stack_positions));
                } else {
                    required = required.union(positions);
                }
            }
            if required.len() > shape.size {
                continue;
            }
            for extra in in_box.minus(required).subsets_of_size(shape.size - required.len()) {
                if let Some(fish) = finned_with_cover(lines, base, required.union(extra), fin_box, shape.form)
                {
                    report(fish)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The finned fish on `base` and `cover` whose fins lie in `fin_box`, if it has fins, is of `form`
/// and removes something.
fn finned_with_cover(
    lines: &DigitLines,
    base: LineSet,
    cover: LineSet,
    fin_box: FinBox,
    form: Form,
) -> Option<Fish> {
    let fins = lines.cells(base, LineSet::ALL.minus(cover));
    if fins.is_empty() {
        return None;
    }
    // The candidates a base line keeps without its fins: none means no fish, one a sashimi fish.
    let smallest_body = base.iter().map(|line| lines.positions[line].intersection(cover).len()).min()?;
    let found = match smallest_body {
        0 => return None,
        1 => Form::Sashimi,
        _ => Form::Finned,
    };
    if found != form {
        return None;
    }
    let eliminations =
        lines.cells(fin_box.band_lines.minus(base), cover.intersection(fin_box.stack_positions));
    (!eliminations.is_empty()).then_some(Fish { base, cover, fins, eliminations })
}

/// The step of a fish, with its explanation.
fn step(technique: Technique, lines: &DigitLines, fish: &Fish) -> Step {
    let orientation = lines.orientation;
    let digit = lines.digit;
    let pattern = lines.cells(fish.base, LineSet::ALL);
    let eliminations: Vec<Candidate> = fish.eliminations.iter().map(|c| Candidate::new(c, digit)).collect();
    let houses = fish
        .base
        .iter()
        .map(|i| orientation.base_house(i))
        .chain(fish.cover.iter().map(|i| orientation.cover_house(i)));
    let fin_text = match fish.fins.first() {
        None => String::new(),
        Some(first) => {
            let noun = if fish.fins.len() == 1 { "fin" } else { "fins" };
            let cells = join_and(fish.fins.iter().map(|c| c.to_string()).collect());
            format!(" apart from {noun} {cells} in {}", first.box_house())
        }
    };
    let explanation = format!(
        "{technique}: in {} the {digit}s lie only in {}{fin_text}, so {}",
        orientation.describe(fish.base, true),
        orientation.describe(fish.cover, false),
        removal_text(&eliminations),
    );
    Step::new(technique)
        .with_houses(houses)
        .with_cells(pattern)
        .with_drivers(pattern.iter().map(|c| Candidate::new(c, digit)))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::find_all;
    use crate::engine::logic::test_support::{cands, position};

    const X_WING: &str = ":0300:5:+59..+83746.4......18...6.9.....5......548.........391......2.3...8...7....65....7.::526 528 588 589::";
    const SWORDFISH: &str = ":0301:9:+931+2+46+7+856+8+5+3+17..+4+4+7+259+8+1+3+68+5+31....27+1......3+24...38..12763...+8+3.+4..1...+5.84..3..::956 957 958 968 987 988 996 998::";
    const JELLYFISH: &str = ":0302:7:2.......3.8..3..5...34.21....12.54......9......93.86....25.69...9..2..7.4.......1::712 715 721 729 751 752 759 792 795::";
    const FINNED_X_WING: &str = ":0310:9:.8+3.49+26..7...+2...2....+35.......6....57.3+1+6.26..27+5...+7+6+5+328+14939.1.4.....1..+7...::948 958::";
    const SASHIMI_X_WING: &str = ":0320:8:4..5.769....+3....2.68+1...3.65.2.4..9...+73.4.....9.......+68........+6.3..73894+7....::859 869::";
    const FINNED_SWORDFISH: &str = ":0311:5:.+6.4+1+7.+83+3+1+4+98..+7.8+7..+6+39147+43.29..+8..+8+3+4+6.2+7..6.+7.34+96..+75+4+8+314+3+1.+9.7..58+7631+4+9+2::557::";
    const SASHIMI_SWORDFISH: &str = ":0321:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49..:331 373 678 679 699:638::";
    const FINNED_JELLYFISH: &str = ":0312:8:+64+12+5.7.3+3826+7..+1+5....+31+6...9+3+1.+6..+74+1+6.27+3.......3.61.+2.+7+65+13.+765+31....+13...+2+576:934 938 939 979 986 993:879::";
    const SASHIMI_JELLYFISH: &str = ":0322:8:..+34+16+2..2+6...+3+1.41.+4....36.463+7+15.+2.+2184......7+62.+41...5.3..41..+2+1.+4...+4+1.5+6732.:536 936 976:871 872 881 882::";

    /// The step of `technique` in the position of `line` removing exactly `expected`, if any.
    fn step_removing(technique: Technique, grid: &Candidates, expected: &str) -> Option<Step> {
        let expected = cands(expected);
        find_all(technique, grid).into_iter().find(|s| s.eliminations == expected)
    }

    /// The step of `technique` removing exactly `expected` in the position of `line`; panics if none.
    fn fires(technique: Technique, line: &str, expected: &str) -> Step {
        let step = step_removing(technique, &position(line), expected);
        step.unwrap_or_else(|| panic!("{technique} should remove {expected}"))
    }

    /// Once `step` is applied in the position of `line`, its pattern removes nothing more, so it is
    /// not reported again.
    fn not_repeated(line: &str, step: &Step) {
        let mut grid = position(line);
        step.apply_to(&mut grid);
        let again = find_all(step.technique, &grid);
        assert!(again.iter().all(|s| s.houses != step.houses), "{} reported twice", step.explanation);
    }

    #[test]
    fn x_wing_with_columns_as_base() {
        let step = fires(Technique::XWing, X_WING, "526 528 588 589");
        assert_eq!(
            step.explanation,
            "X-Wing: in columns 5 and 7 the 5s lie only in rows 2 and 8, so 5 is removed from r2c6, r2c8, r8c8 \
             and r8c9"
        );
        let houses: Vec<String> = step.houses.iter().map(|h| h.to_string()).collect();
        assert_eq!(houses, ["column 5", "column 7", "row 2", "row 8"]);
        assert_eq!(step.cells, [Cell::at(1, 4), Cell::at(1, 6), Cell::at(7, 4), Cell::at(7, 6)]);
        assert!(step.drivers.iter().all(|d| d.digit.get() == 5) && step.drivers.len() == 4);
        assert!(step.placements.is_empty());
        not_repeated(X_WING, &step);
    }

    #[test]
    fn swordfish_fires_and_is_not_repeated() {
        let step = fires(Technique::Swordfish, SWORDFISH, "956 957 958 968 987 988 996 998");
        assert_eq!(step.houses.len(), 6);
        not_repeated(SWORDFISH, &step);
    }

    #[test]
    fn jellyfish_fires_and_is_not_repeated() {
        let step = fires(Technique::Jellyfish, JELLYFISH, "712 715 721 729 751 752 759 792 795");
        assert_eq!(step.houses.len(), 8);
        not_repeated(JELLYFISH, &step);
    }

    #[test]
    fn finned_x_wing_removes_only_in_the_fin_box() {
        let step = fires(Technique::FinnedXWing, FINNED_X_WING, "948 958");
        assert_eq!(
            step.explanation,
            "Finned X-Wing: in rows 3 and 6 the 9s lie only in columns 3 and 8 apart from fin r6c7 in box 6, \
             so 9 is removed from r4c8 and r5c8"
        );
        not_repeated(FINNED_X_WING, &step);
    }

    #[test]
    fn sashimi_x_wing_is_not_a_finned_x_wing() {
        let step = fires(Technique::SashimiXWing, SASHIMI_X_WING, "859 869");
        assert_eq!(
            step.explanation,
            "Sashimi X-Wing: in rows 1 and 4 the 8s lie only in columns 5 and 9 apart from fins r4c7 and r4c8 \
             in box 6, so 8 is removed from r5c9 and r6c9"
        );
        assert!(step_removing(Technique::FinnedXWing, &position(SASHIMI_X_WING), "859 869").is_none());
        assert!(step_removing(Technique::SashimiXWing, &position(FINNED_X_WING), "948 958").is_none());
        not_repeated(SASHIMI_X_WING, &step);
    }

    #[test]
    fn finned_and_sashimi_swordfish() {
        let finned = fires(Technique::FinnedSwordfish, FINNED_SWORDFISH, "557");
        assert_eq!(
            finned.explanation,
            "Finned Swordfish: in rows 1, 3 and 4 the 5s lie only in columns 3, 4 and 7 apart from fin r4c8 \
             in box 6, so 5 is removed from r5c7"
        );
        let sashimi = fires(Technique::SashimiSwordfish, SASHIMI_SWORDFISH, "638");
        assert_eq!(
            sashimi.explanation,
            "Sashimi Swordfish: in rows 1, 6 and 9 the 6s lie only in columns 1, 5 and 8 apart from fin r1c9 \
             in box 3, so 6 is removed from r3c8"
        );
        assert!(step_removing(Technique::FinnedSwordfish, &position(SASHIMI_SWORDFISH), "638").is_none());
        not_repeated(FINNED_SWORDFISH, &finned);
        not_repeated(SASHIMI_SWORDFISH, &sashimi);
    }

    #[test]
    fn finned_and_sashimi_jellyfish() {
        let finned = fires(Technique::FinnedJellyfish, FINNED_JELLYFISH, "879");
        assert_eq!(
            finned.explanation,
            "Finned Jellyfish: in rows 1, 3, 5 and 8 the 8s lie only in columns 4, 6, 8 and 9 apart from fin \
             r8c7 in box 9, so 8 is removed from r7c9"
        );
        let sashimi = fires(Technique::SashimiJellyfish, SASHIMI_JELLYFISH, "871 872 881 882");
        assert_eq!(
            sashimi.explanation,
            "Sashimi Jellyfish: in rows 1, 4, 6 and 9 the 8s lie only in columns 1, 2, 8 and 9 apart from fin \
             r9c3 in box 7, so 8 is removed from r7c1, r7c2, r8c1 and r8c2"
        );
        assert!(step_removing(Technique::SashimiJellyfish, &position(FINNED_JELLYFISH), "879").is_none());
        not_repeated(FINNED_JELLYFISH, &finned);
        not_repeated(SASHIMI_JELLYFISH, &sashimi);
    }

    const FISH: [Technique; 9] = [
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
    ];

    #[test]
    fn no_fish_in_an_empty_grid() {
        let grid = Candidates::from_grid(&crate::engine::Grid::empty());
        for technique in FISH {
            assert!(find_all(technique, &grid).is_empty(), "{technique}");
        }
    }

    #[test]
    fn fish_never_remove_a_solution_digit_in_the_library_positions() {
        let library = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/hodoku/reglib-1.4.txt");
        let text = std::fs::read_to_string(library).expect("the regression library is readable");
        let mut checked = 0;
        for case in text.lines().filter_map(|line| crate::engine::reglib::Case::parse(line).ok()) {
            let Some(solution) = crate::engine::solve(&case.position.to_grid()) else { continue };
            for technique in FISH {
                for step in find_all(technique, &case.position) {
                    for e in &step.eliminations {
                        assert_ne!(solution.get(e.cell), Some(e.digit), "{}", step.explanation);
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "only {checked} fish steps checked");
    }
}
