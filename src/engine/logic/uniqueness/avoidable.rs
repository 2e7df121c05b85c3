//! Avoidable Rectangles: rectangles where some corners already hold digits placed while solving (not
//! givens). Had the puzzle allowed the remaining corners to complete the pattern, its maker would
//! have had to give one of the digits.

use std::ops::ControlFlow;

use crate::engine::{Candidate, Candidates, Cell};

use super::super::{Sink, Step, Technique, cell_list, join_and, removal_text};
use super::rectangle::{DeadlyRectangle, avoidable_rectangles, corner_candidates};
use super::{cell_removal, or_list};

/// Reports every Avoidable Rectangle of type 1 or 2.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for ar in avoidable_rectangles(grid).iter() {
        let step = match technique {
            Technique::AvoidableRectangle1 => type1(grid, ar),
            Technique::AvoidableRectangle2 => type2(grid, ar),
            _ => None,
        };
        if let Some(step) = step {
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// `r1c1, r1c9 and r2c1 hold 9, 7 and 7 (placed, not given)`.
fn placed_text(grid: &Candidates, ar: &DeadlyRectangle) -> String {
    let placed: Vec<(Cell, String)> =
        ar.rect.corners().into_iter().filter_map(|c| grid.value(c).map(|d| (c, d.to_string()))).collect();
    let verb = if placed.len() == 1 { "holds" } else { "hold" };
    let cells = cell_list(placed.iter().map(|(c, _)| *c));
    let digits = join_and(placed.into_iter().map(|(_, d)| d).collect());
    format!("{cells} {verb} {digits} (placed, not given)")
}

/// Type 1: the only open corner with extra candidates must avoid the pair's digit that would complete
/// the pattern.
fn type1(grid: &Candidates, ar: &DeadlyRectangle) -> Option<Step> {
    let cell = ar.extra_cells.single()?;
    let eliminations = corner_candidates(grid, cell.set(), ar.pair);
    if eliminations.is_empty() {
        return None;
    }
    let (a, b) = ar.digits();
    let explanation = format!(
        "Avoidable Rectangle Type 1: {}; completing {} with {a} and {b} would allow swapping them {}, so {}",
        placed_text(grid, ar),
        cell_list(ar.rect.corners()),
        ar.two_solutions(grid),
        cell_removal(cell, &eliminations)
    );
    Some(ar.step(
        Technique::AvoidableRectangle1,
        ar.rect.boxes(),
        ar.pair_drivers(grid),
        eliminations,
        explanation,
    ))
}

/// Type 2: two open corners in a line with the same single extra digit; one of them must take it, so
/// it goes from every cell seeing both.
fn type2(grid: &Candidates, ar: &DeadlyRectangle) -> Option<Step> {
    let (first, second) = ar.extra_cells_in_line()?;
    let extra = (ar.extras(grid, first) | ar.extras(grid, second)).single()?;
    let both = first.set() | second.set();
    let eliminations: Vec<Candidate> =
        (both.common_peers() & grid.cells_with(extra)).iter().map(|c| Candidate::new(c, extra)).collect();
    if eliminations.is_empty() {
        return None;
    }
    let (a, b) = ar.digits();
    let mut drivers = ar.pair_drivers(grid);
    drivers.extend(both.iter().map(|c| Candidate::new(c, extra)));
    let explanation = format!(
        "Avoidable Rectangle Type 2: {}; completing {} with {a} and {b} would allow swapping them {} \
         unless {extra} goes in {}, so {}",
        placed_text(grid, ar),
        cell_list(ar.rect.corners()),
        ar.two_solutions(grid),
        or_list(both),
        removal_text(&eliminations)
    );
    Some(ar.step(Technique::AvoidableRectangle2, both.common_houses(), drivers, eliminations, explanation))
}

#[cfg(test)]
mod tests {
    use super::super::super::test_support::{cands, position};
    use super::super::test_util::eliminations;
    use super::*;
    use crate::engine::logic::find_all;

    // HoDoKu's example: r1c1 = 9, r1c9 = 7 and r2c1 = 7 were placed, so r2c9 cannot be 9.
    const TYPE1: &str = ":0607-1:79:+95+4+3..+1.+7+76+15.42..+2+38.71+4..4+1...36.8+6+2...+8+9.+189.1..7..3+4+6+8+1+9+5+7+2+5+8+92.7+31.+172.3+5+89.:639 565 368 568 469:929::";
    // The same with r1c1 given: the digits could not be swapped.
    const TYPE1_GIVEN: &str = ":0607-1:79:95+4+3..+1.+7+76+15.42..+2+38.71+4..4+1...36.8+6+2...+8+9.+189.1..7..3+4+6+8+1+9+5+7+2+5+8+92.7+31.+172.3+5+89.:639 565 368 568 469:929::";
    // r7c7 = 3 and r8c7 = 7 were placed; r7c3 = 79 and r8c3 = 39 share the extra 9.
    const TYPE2: &str = ":0608-1:37:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3.5+8..25.+7.+4....9.+2.1:474 494:943 972 982::";
    // The same with r7c7 given.
    const TYPE2_GIVEN: &str = ":0608-1:37:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....3.5+8..25.+7.+4....9.+2.1:474 494:943 972 982::";

    #[test]
    fn type1_keeps_the_last_corner_from_completing_the_pattern() {
        let steps = find_all(Technique::AvoidableRectangle1, &position(TYPE1));
        assert_eq!(steps.iter().map(|s| s.eliminations.clone()).collect::<Vec<_>>(), vec![cands("929")]);
        assert_eq!(
            steps[0].explanation,
            "Avoidable Rectangle Type 1: r1c1, r1c9 and r2c1 hold 9, 7 and 7 (placed, not given); completing \
             r1c1, r1c9, r2c1 and r2c9 with 7 and 9 would allow swapping them (two solutions), so 9 is \
             removed from r2c9"
        );
    }

    #[test]
    fn type1_needs_placed_digits_not_givens() {
        assert!(find_all(Technique::AvoidableRectangle1, &position(TYPE1_GIVEN)).is_empty());
    }

    #[test]
    fn type2_removes_the_shared_extra_digit() {
        assert!(
            eliminations(Technique::AvoidableRectangle2, &position(TYPE2)).contains(&cands("943 972 982"))
        );
    }

    #[test]
    fn type2_needs_placed_digits_not_givens() {
        assert!(
            !eliminations(Technique::AvoidableRectangle2, &position(TYPE2_GIVEN))
                .contains(&cands("943 972 982"))
        );
    }
}
