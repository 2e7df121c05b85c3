//! Fish (HoDoKu's definitions): X-Wing, Swordfish and Jellyfish, their finned and sashimi forms, and
//! Siamese fish; and, in [`complex`], Franken and Mutant fish, whose base and cover sets may be boxes.
//!
//! A fish of size n on one digit takes n *base* lines (rows, or columns) and n *cover* lines of the
//! other direction. When every candidate of the digit in the base lines lies in the cover lines, each
//! cover line gets its digit from a base line, so the digit goes from every other cell of the cover
//! lines. Base candidates outside the cover lines are *fins*; when they all lie in one box, either a
//! fin is true or the fish holds, so the digit goes from the cover cells (outside the base lines) that
//! see every fin, i.e. those in the fin box. A finned fish is *sashimi* when it would be degenerate
//! without its fins: some base line keeps at most one candidate once its fins are taken away. Two
//! finned fish on the same base lines with different cover lines, each removing something the other
//! does not, are shown together as a *Siamese* fish (sashimi when both are).
//!
//! The search enumerates base lines and cover lines as nine-bit masks per digit, without allocating
//! until a step is reported (Siamese fish first collect the finned fish of their base lines). Siamese
//! Franken and Mutant fish pair any two finned fish on the same base houses whose eliminations differ
//! (a looser rule, which HoDoKu's library cases call for). This module only finds fish; it never applies them.

mod complex;
pub(crate) mod lines;
mod patterns;
#[cfg(test)]
mod tests;

use std::ops::ControlFlow;
use std::rc::Rc;

use self::complex::{ComplexFish, Family, Wanted};
use self::lines::{DigitLines, LineSet, Orientation};
use self::patterns::{Fish, Form, basic_fish, finned_fish};
use super::memo::LastPosition;
use super::{Candidates, Sink, Step, Technique, join_and, removal_text};
use crate::engine::{Candidate, CellSet, Digit, House};

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if let Some((wanted, siamese)) = complex_shape(technique) {
        return find_complex(technique, wanted, siamese, grid, sink);
    }
    let Some(shape) = Shape::of(technique) else {
        return ControlFlow::Continue(());
    };
    if let Kind::Single(form @ (Form::Finned | Form::Sashimi)) = shape.kind {
        for found in finned_of(grid, shape.size).iter().filter(|found| found.fish.form == form) {
            let lines = DigitLines::new(grid, found.digit, found.orientation);
            sink(step(technique, &lines, &[&found.fish]))?;
        }
        return ControlFlow::Continue(());
    }
    for digit in Digit::ALL {
        for orientation in [Orientation::Rows, Orientation::Columns] {
            let lines = DigitLines::new(grid, digit, orientation);
            search(technique, shape, &lines, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// A finned or sashimi fish with the digit and orientation it was found for.
struct FoundFish {
    digit: Digit,
    orientation: Orientation,
    fish: Fish,
}

thread_local! {
    /// The finned and sashimi fish of the position and size searched last on this thread: the
    /// finned and the sashimi fish of a size come from one enumeration, and the hint engine asks
    /// for them one after the other on the same position.
    static LAST_FINNED: LastPosition<usize, Vec<FoundFish>> = const { LastPosition::new() };
}

/// Every finned and sashimi fish of `size` in `grid` ([`find_finned`]), found once per position.
fn finned_of(grid: &Candidates, size: usize) -> Rc<Vec<FoundFish>> {
    LAST_FINNED.with(|last| last.get_or_make(grid, size, || find_finned(grid, size)))
}

/// Every finned and sashimi fish of `size` in `grid`, in HoDoKu's order ([`hodoku_order`]).
fn find_finned(grid: &Candidates, size: usize) -> Vec<FoundFish> {
    let mut found = Vec::new();
    for digit in Digit::ALL {
        for orientation in [Orientation::Rows, Orientation::Columns] {
            let lines = DigitLines::new(grid, digit, orientation);
            // A finned fish's base candidates lie in its cover lines and the fin box's stack.
            lines.bases_within(size, size + 3, &mut |base| {
                let _ = finned_fish(&lines, base, &mut |fish| {
                    found.push(FoundFish { digit, orientation, fish });
                    ControlFlow::Continue(())
                });
            });
        }
    }
    found.sort_by_key(|f| hodoku_order(f.digit, f.orientation, &f.fish));
    found
}

/// Where HoDoKu's search meets a fish (which the hint policy takes first, as HoDoKu does): digit
/// by digit, rows before columns as base lines, then the base lines and the cover lines, each as
/// the list of their indices (fish compared here all have the same size, so the lists padded to
/// nine compare as the lists do).
fn hodoku_order(digit: Digit, orientation: Orientation, fish: &Fish) -> (usize, bool, [u8; 9], [u8; 9]) {
    let indices = |lines: LineSet| {
        let mut list = [0u8; 9];
        for (slot, line) in list.iter_mut().zip(lines.iter()) {
            *slot = line as u8;
        }
        list
    };
    let columns = orientation == Orientation::Columns;
    (digit.index(), columns, indices(fish.base), indices(fish.cover))
}

/// What a technique asks for: one fish of a form, or two finned fish shown together.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Single(Form),
    Siamese { sashimi: bool },
}

/// The fish a technique asks for: its size and kind.
#[derive(Clone, Copy, Debug)]
struct Shape {
    size: usize,
    kind: Kind,
}

impl Shape {
    fn of(technique: Technique) -> Option<Shape> {
        use Technique::*;
        let (size, kind) = match technique {
            XWing => (2, Kind::Single(Form::Basic)),
            Swordfish => (3, Kind::Single(Form::Basic)),
            Jellyfish => (4, Kind::Single(Form::Basic)),
            FinnedXWing => (2, Kind::Single(Form::Finned)),
            FinnedSwordfish => (3, Kind::Single(Form::Finned)),
            FinnedJellyfish => (4, Kind::Single(Form::Finned)),
            SashimiXWing => (2, Kind::Single(Form::Sashimi)),
            SashimiSwordfish => (3, Kind::Single(Form::Sashimi)),
            SashimiJellyfish => (4, Kind::Single(Form::Sashimi)),
            SiameseFinnedSwordfish => (3, Kind::Siamese { sashimi: false }),
            SiameseFinnedJellyfish => (4, Kind::Siamese { sashimi: false }),
            SiameseSashimiSwordfish => (3, Kind::Siamese { sashimi: true }),
            SiameseSashimiJellyfish => (4, Kind::Siamese { sashimi: true }),
            _ => return None,
        };
        Some(Shape { size, kind })
    }
}

/// Tries every set of `shape.size` base lines of one digit and orientation for a basic fish
/// (reported in HoDoKu's order) or a Siamese fish.
fn search(technique: Technique, shape: Shape, lines: &DigitLines, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match shape.kind {
        Kind::Single(Form::Basic) => {
            let mut found: Vec<Fish> = Vec::new();
            let _ = basic_fish_on(lines, shape.size, &mut |fish| {
                found.push(fish);
                ControlFlow::Continue(())
            });
            found.sort_by_key(|fish| hodoku_order(lines.digit, lines.orientation, fish));
            for fish in &found {
                sink(step(technique, lines, &[fish]))?;
            }
        }
        // Finned and sashimi fish are listed once for both forms by `finned_of`.
        Kind::Single(_) => {}
        Kind::Siamese { sashimi } => {
            for base in lines.occupied().subsets_of_size(shape.size) {
                siamese_fish(technique, sashimi, lines, base, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Every basic fish (no fins) of `size` lines of one digit and orientation that removes something,
/// handed to `visit`: its base lines from the largest mask down (see [`LineSet::subsets_of_size`]).
/// Its base lines need not hold two candidates each.
fn basic_fish_on(
    lines: &DigitLines,
    size: usize,
    visit: &mut impl FnMut(Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for base in lines.occupied().subsets_of_size(size) {
        if let Some(fish) = basic_fish(lines, base) {
            visit(fish)?;
        }
    }
    ControlFlow::Continue(())
}

/// Every basic fish of `size` lines of `digit` with base lines in `orientation` that removes
/// something, handed to `visit` in [`basic_fish_on`]'s order. The Sudoku Explainer estimate picks
/// its own first among them.
pub(crate) fn basic_fish_of(
    grid: &Candidates,
    digit: Digit,
    orientation: Orientation,
    size: usize,
    mut visit: impl FnMut(Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    basic_fish_on(&DigitLines::new(grid, digit, orientation), size, &mut visit)
}

/// Reports every pair of finned fish on `base` that makes a Siamese fish of the kind asked for.
fn siamese_fish(
    technique: Technique,
    sashimi: bool,
    lines: &DigitLines,
    base: LineSet,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let mut found = Vec::new();
    let _ = finned_fish(lines, base, &mut |fish| {
        found.push(fish);
        ControlFlow::Continue(())
    });
    for (i, first) in found.iter().enumerate() {
        for second in &found[i + 1..] {
            let both_sashimi = first.form == Form::Sashimi && second.form == Form::Sashimi;
            let combined = first.eliminations | second.eliminations;
            let each_adds = combined != first.eliminations && combined != second.eliminations;
            if both_sashimi == sashimi && each_adds {
                sink(step(technique, lines, &[first, second]))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step of a fish (or of the fish of a Siamese pair, all on the same base lines), with its
/// explanation.
fn step(technique: Technique, lines: &DigitLines, parts: &[&Fish]) -> Step {
    let (orientation, digit) = (lines.orientation, lines.digit);
    let base = parts.first().map_or(LineSet::default(), |fish| fish.base);
    let cover = parts.iter().fold(LineSet::default(), |acc, fish| acc.union(fish.cover));
    let removed = parts.iter().fold(CellSet::EMPTY, |acc, fish| acc | fish.eliminations);
    let pattern = lines.cells(base, LineSet::ALL);
    let eliminations: Vec<Candidate> = removed.iter().map(|c| Candidate::new(c, digit)).collect();
    let houses = base
        .iter()
        .map(|i| orientation.base_house(i))
        .chain(cover.iter().map(|i| orientation.cover_house(i)));
    let covers: Vec<String> = parts.iter().map(|fish| cover_text(orientation, fish)).collect();
    let explanation = format!(
        "{technique}: in {} the {digit}s lie only in {}, so {}",
        orientation.describe(base, true),
        covers.join(", and only in "),
        removal_text(&eliminations),
    );
    Step::new(technique)
        .with_houses(houses)
        .with_cells(pattern)
        .with_drivers(pattern.iter().map(|c| Candidate::new(c, digit)))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}

/// `columns 3 and 8`, or `columns 3 and 8 apart from fin r2c9 in box 3` for a finned fish.
fn cover_text(orientation: Orientation, fish: &Fish) -> String {
    let cover = orientation.describe(fish.cover, false);
    match fish.fins.first() {
        None => cover,
        Some(first) => {
            let noun = if fish.fins.len() == 1 { "fin" } else { "fins" };
            let cells = join_and(fish.fins.iter().map(|c| c.to_string()).collect());
            format!("{cover} apart from {noun} {cells} in {}", first.box_house())
        }
    }
}

/// The Franken or Mutant fish a technique asks for, and whether it asks for Siamese pairs of them.
fn complex_shape(technique: Technique) -> Option<(Wanted, bool)> {
    use Technique::*;
    let (family, size, finned, siamese) = match technique {
        FrankenXWing => (Family::Franken, 2, false, false),
        FrankenSwordfish => (Family::Franken, 3, false, false),
        FrankenJellyfish => (Family::Franken, 4, false, false),
        FinnedFrankenXWing => (Family::Franken, 2, true, false),
        FinnedFrankenSwordfish => (Family::Franken, 3, true, false),
        SiameseFinnedFrankenSwordfish => (Family::Franken, 3, true, true),
        FinnedFrankenJellyfish => (Family::Franken, 4, true, false),
        SiameseFinnedFrankenJellyfish => (Family::Franken, 4, true, true),
        MutantXWing => (Family::Mutant, 2, false, false),
        MutantSwordfish => (Family::Mutant, 3, false, false),
        MutantJellyfish => (Family::Mutant, 4, false, false),
        FinnedMutantXWing => (Family::Mutant, 2, true, false),
        FinnedMutantSwordfish => (Family::Mutant, 3, true, false),
        FinnedMutantJellyfish => (Family::Mutant, 4, true, false),
        SiameseFinnedMutantJellyfish => (Family::Mutant, 4, true, true),
        FinnedMutantSquirmbag => (Family::Mutant, 5, true, false),
        FinnedMutantWhale => (Family::Mutant, 6, true, false),
        _ => return None,
    };
    Some((Wanted { family, size, finned }, siamese))
}

/// Reports every Franken or Mutant fish of `wanted` (or every Siamese pair of them) in `grid`.
fn find_complex(
    technique: Technique,
    wanted: Wanted,
    siamese: bool,
    grid: &Candidates,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for digit in Digit::ALL {
        complex::search(grid, digit, wanted, &mut |found| {
            if siamese {
                for (i, first) in found.iter().enumerate() {
                    for second in &found[i + 1..] {
                        if first.eliminations != second.eliminations {
                            sink(complex_step(technique, digit, first, Some(second)))?;
                        }
                    }
                }
            } else {
                // HoDoKu tries the cover sets of a base set in the order of their houses' indices.
                let mut found = found.to_vec();
                found.sort_by_cached_key(|fish| fish.cover.iter().map(House::index).collect::<Vec<_>>());
                for fish in &found {
                    sink(complex_step(technique, digit, fish, None))?;
                }
            }
            ControlFlow::Continue(())
        })?;
    }
    ControlFlow::Continue(())
}

/// The step of a Franken or Mutant fish (with `siamese`, of a Siamese pair on the same base houses).
fn complex_step(
    technique: Technique,
    digit: Digit,
    first: &ComplexFish,
    siamese: Option<&ComplexFish>,
) -> Step {
    let parts: Vec<&ComplexFish> = std::iter::once(first).chain(siamese).collect();
    let covers = parts.iter().fold(first.cover, |acc, fish| acc.union(fish.cover));
    let removed = parts.iter().fold(CellSet::EMPTY, |acc, fish| acc | fish.eliminations);
    let eliminations: Vec<Candidate> = removed.iter().map(|c| Candidate::new(c, digit)).collect();
    let covers_text: Vec<String> = parts.iter().map(|fish| complex_cover_text(fish)).collect();
    let explanation = format!(
        "{technique}: in {} the {digit}s lie only in {}, so {}",
        house_list(first.base.iter()),
        covers_text.join(", and only in "),
        removal_text(&eliminations),
    );
    Step::new(technique)
        .with_houses(first.base.iter().chain(covers.iter().filter(|&h| !first.base.contains(h))))
        .with_cells(first.body)
        .with_drivers(first.body.iter().map(|c| Candidate::new(c, digit)))
        .with_eliminations(eliminations)
        .with_explanation(explanation)
}

/// `row 3, column 5 and box 9`.
fn house_list(houses: impl Iterator<Item = House>) -> String {
    join_and(houses.map(|h| h.to_string()).collect())
}

/// `column 2, column 4 and box 9 apart from fin r1c3 and endo fin r5c5`.
fn complex_cover_text(fish: &ComplexFish) -> String {
    let mut fins = Vec::new();
    for (cells, name) in [(fish.exo_fins, "fin"), (fish.endo_fins, "endo fin")] {
        if !cells.is_empty() {
            let plural = if cells.len() == 1 { "" } else { "s" };
            fins.push(format!("{name}{plural} {}", join_and(cells.iter().map(|c| c.to_string()).collect())));
        }
    }
    let covers = house_list(fish.cover.iter());
    if fins.is_empty() { covers } else { format!("{covers} apart from {}", join_and(fins)) }
}
