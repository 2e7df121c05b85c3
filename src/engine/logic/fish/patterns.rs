//! The fish patterns on a given set of base lines: the basic fish, and every finned or sashimi fish.

use std::ops::ControlFlow;

use super::lines::{DigitLines, LineSet};
use crate::engine::CellSet;

/// Whether a fish has fins, and which kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Form {
    /// No fins.
    Basic,
    /// Fins in one box; every base line keeps at least two candidates without them.
    Finned,
    /// Fins in one box; some base line keeps a single candidate without them.
    Sashimi,
}

/// A fish found: base and cover lines, its fins (empty for a basic fish) and the cells it removes
/// the digit from.
#[derive(Clone, Debug)]
pub(crate) struct Fish {
    pub(super) form: Form,
    /// The base lines.
    pub(crate) base: LineSet,
    /// The cover lines.
    pub(super) cover: LineSet,
    pub(super) fins: CellSet,
    /// The cells the digit goes from.
    pub(crate) eliminations: CellSet,
}

/// The basic fish on `base`, if its candidates lie in exactly as many cover lines and it removes
/// something.
pub(super) fn basic_fish(lines: &DigitLines, base: LineSet) -> Option<Fish> {
    let cover = lines.union(base);
    if cover.len() != base.len() {
        return None;
    }
    let eliminations = lines.cells(LineSet::ALL.minus(base), cover);
    (!eliminations.is_empty()).then_some(Fish {
        form: Form::Basic,
        base,
        cover,
        fins: CellSet::EMPTY,
        eliminations,
    })
}

/// The box that may hold a finned fish's fins: the three base-direction lines of its band and the
/// three positions of its stack along them.
#[derive(Clone, Copy)]
struct FinBox {
    band_lines: LineSet,
    stack_positions: LineSet,
}

/// Reports every finned or sashimi fish on `base` that removes something: for each box that could
/// hold the fins, the candidates outside it fix most of the cover lines, and the rest are chosen
/// among the positions the box holds.
pub(super) fn finned_fish(
    lines: &DigitLines,
    base: LineSet,
    report: &mut impl FnMut(Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let size = base.len();
    // The cover lines and the three positions of the fin box hold every candidate of the base.
    let spread = base.iter().fold(LineSet::default(), |acc, line| acc.union(lines.positions[line]));
    if spread.len() > size + 3 {
        return ControlFlow::Continue(());
    }
    for band in 0..3 {
        let band_lines = LineSet::third(band);
        if band_lines.intersection(base).is_empty() {
            continue;
        }
        // The base lines outside the fin box's band have no fins: all their positions are covers.
        let outside = lines.union(base.minus(band_lines));
        if outside.len() > size {
            continue;
        }
        let inside = lines.union(base.intersection(band_lines));
        for stack in 0..3 {
            let fin_box = FinBox { band_lines, stack_positions: LineSet::third(stack) };
            let required = outside.union(inside.minus(fin_box.stack_positions));
            if required.len() > size {
                continue;
            }
            let in_box = inside.intersection(fin_box.stack_positions);
            for extra in in_box.minus(required).subsets_of_size(size - required.len()) {
                if let Some(fish) = finned_with_cover(lines, base, required.union(extra), fin_box) {
                    report(fish)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The finned fish on `base` and `cover` whose fins lie in `fin_box`, if it has fins and removes
/// something.
fn finned_with_cover(lines: &DigitLines, base: LineSet, cover: LineSet, fin_box: FinBox) -> Option<Fish> {
    // What it would remove first: the cheapest test, and the one that fails most often.
    let eliminations =
        lines.cells(fin_box.band_lines.minus(base), cover.intersection(fin_box.stack_positions));
    if eliminations.is_empty() {
        return None;
    }
    let fins = lines.cells(base, LineSet::ALL.minus(cover));
    if fins.is_empty() {
        return None;
    }
    // The candidates a base line keeps without its fins: none means no fish, one a sashimi fish.
    let smallest_body = base.iter().map(|line| lines.positions[line].intersection(cover).len()).min()?;
    let form = match smallest_body {
        0 => return None,
        1 => Form::Sashimi,
        _ => Form::Finned,
    };
    Some(Fish { form, base, cover, fins, eliminations })
}
