//! Hidden Rectangle: a possible deadly rectangle buried under extra candidates, broken by strong links
//! of one digit around the corner opposite a corner without extras.

use std::ops::ControlFlow;

use crate::engine::{Candidates, Cell, DigitSet};

use super::super::step::a_digit;
use super::super::{Sink, Step, Technique};
use super::cell_removal;
use super::rectangle::{DeadlyRectangle, corner_candidates, unique_rectangles};

/// Reports every Hidden Rectangle.
pub(super) fn find(grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for ur in unique_rectangles(grid).iter() {
        if !matches!(ur.extra_cells.len(), 2 | 3) {
            continue;
        }
        for corner in ur.plain_cells() {
            for step in from_corner(grid, ur, corner) {
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The steps starting from `corner`, a corner without extra candidates: if a digit of the pair lies
/// only in the rectangle within both the row and the column of the opposite corner, that corner
/// cannot hold the other digit (else the digit would fill the two remaining corners, and `corner`,
/// seeing both, would complete the deadly pattern).
fn from_corner(grid: &Candidates, ur: &DeadlyRectangle, corner: Cell) -> Vec<Step> {
    let target = ur.rect.opposite(corner);
    let houses = [target.row_house(), target.col_house()];
    let mut steps = Vec::new();
    for digit in ur.pair {
        let linked = houses.iter().all(|&house| {
            let spots = grid.house_cells_with(house, digit);
            !spots.is_empty() && spots.is_subset(ur.rect.cells())
        });
        let other = ur.other(digit);
        if !linked || !grid.has(target, other) {
            continue;
        }
        let eliminations = corner_candidates(grid, target.set(), DigitSet::from_digit(other));
        let [row, column] = houses;
        let explanation = format!(
            "Hidden Rectangle: {}; in {row} and {column} the {digit}s lie only in the \
             rectangle, so {} in {target} would force the pattern and {}",
            ur.intro(grid),
            a_digit(other),
            cell_removal(target, &eliminations)
        );
        steps.push(ur.step(
            Technique::HiddenRectangle,
            houses,
            ur.pair_drivers(grid),
            eliminations,
            explanation,
        ));
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::super::super::test_support::{cands, position};
    use super::super::test_util::{cells_keeping, eliminations};
    use super::*;

    #[test]
    fn removes_the_other_digit_from_the_opposite_corner() {
        // HoDoKu's example: 4/5 in r2c29 and r3c29; from r3c2, the 4s of row 2 and column 9 lie only
        // in the rectangle, so r2c9 cannot be 5.
        let line = ":0606:5:.+9.+45.2..3.+27+8..+9.7..+29..1.9+3+51+2+8746.+7.+6.+9......5.+7..9+129+3+7+54+6+8+56+3+8+14+9..+48+7+9+623+51::529:";
        let grid = position(line);
        assert_eq!(eliminations(Technique::HiddenRectangle, &grid), vec![cands("529")]);
    }

    #[test]
    fn finds_a_rectangle_missing_candidates_removed_earlier() {
        let line = ":0606-2:23:....41+8.+7.7+4...5+1..+1..+7.+46.5+4+37..68+1+19+83+6+4+2+7+5...+1+5+8.4.4.1.8+7..+6.+8.2+1.7.+4...+4..+1.+8:218 221 321 921 924 626 926 329 231 233 336 398:339::";
        assert!(eliminations(Technique::HiddenRectangle, &position(line)).contains(&cands("339")));
    }

    #[test]
    fn stays_silent_when_the_digit_has_other_places() {
        // Library fail case: no Hidden Rectangle may be found here.
        let line = ":0606-x:34:.51.+8..4+2....2.3...........3..8.+29.....5.4......1.+9+4.....7+5+6+214.6.+29....2........:432 732 832 932 433 633 733 833 933 334 335 635 735 336 881 383 883 392 492 892 992 393 493 893 993 395:435::";
        assert!(find_all(Technique::HiddenRectangle, &position(line)).is_empty());
        let grid = cells_keeping(&[("r1c1", "12"), ("r1c4", "123"), ("r2c1", "124"), ("r2c4", "125")]);
        assert!(find_all(Technique::HiddenRectangle, &grid).is_empty());
    }

    use crate::engine::logic::find_all;
}
