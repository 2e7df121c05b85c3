//! Random jigsaw layouts: nine regions of nine connected cells that admit a solution.
//!
//! How a layout is made: the nine boxes, then many random border exchanges. An exchange moves a
//! cell of one region into a neighbouring region and a cell of that region (one touching what is
//! left of the first) back, so both keep nine cells; it is kept only when both regions stay
//! connected. A layout so made is then filled by the exact solver (within a node budget); one it
//! cannot fill is dropped and the exchanges go on. Everything random comes from the caller's
//! stream, so a seeded stream gives the same layout on every machine.

use rand::RngExt;

use crate::engine::killer::orthogonal_neighbours;
use crate::engine::layout::flood;
use crate::engine::solver::count_solutions_under_within;
use crate::engine::{Cell, CellSet, Grid, Layout};

/// Exchanges kept before a layout is checked: enough that few cells stay in their box.
const EXCHANGES: usize = 250;

/// The most search nodes the check that a layout has a solution may take (nearly every layout
/// shows one within a few dozen; a layout that runs out is dropped, reproducibly).
const FILL_NODES: usize = 2000;

/// A random jigsaw layout: nine regions of nine cells that touch side by side, none of them a 3x3
/// box in general, with at least one complete grid (checked by the exact solver). Reproducible:
/// the same random stream gives the same layout. The layout carries no diagonals (jigsaw with
/// diagonals is not a variant).
///
/// ```
/// use rand::SeedableRng;
/// use termdoku::engine::generator::jigsaw_layout;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let layout = jigsaw_layout(&mut rng);
/// assert!(layout.is_jigsaw());
/// let mut again = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// assert_eq!(jigsaw_layout(&mut again), layout);
/// ```
pub fn jigsaw_layout(rng: &mut impl rand::Rng) -> Layout {
    let mut regions: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
    loop {
        let mut kept = 0;
        while kept < EXCHANGES {
            if exchange(&mut regions, rng) {
                kept += 1;
            }
        }
        let Ok(layout) = Layout::jigsaw(&regions) else { continue };
        if layout.is_jigsaw()
            && count_solutions_under_within(&Grid::empty(), &layout, None, 1, FILL_NODES) == Some(1)
        {
            return layout;
        }
    }
}

/// One random border exchange on `regions`: `true` when it was made (both regions stay
/// connected), `false` when the drawn cells did not allow one (nothing changed).
fn exchange(regions: &mut [u8; 81], rng: &mut impl rand::Rng) -> bool {
    let a = Cell::from_index(rng.random_range(0..81));
    let from = regions[a.index()];
    let targets: Vec<Cell> = orthogonal_neighbours(a).iter().filter(|n| regions[n.index()] != from).collect();
    if targets.is_empty() {
        return false;
    }
    let to = regions[targets[rng.random_range(0..targets.len())].index()];
    let source = region_cells(regions, from) - a.set();
    let target = region_cells(regions, to);
    // A cell of the target region that touches what is left of the source goes back.
    let touching = source.iter().fold(CellSet::EMPTY, |acc, c| acc | orthogonal_neighbours(c));
    let returns: Vec<Cell> = (target & touching).iter().collect();
    if returns.is_empty() {
        return false;
    }
    let b = returns[rng.random_range(0..returns.len())];
    let new_source = source | b.set();
    let new_target = (target - b.set()) | a.set();
    if !is_connected(new_source) || !is_connected(new_target) {
        return false;
    }
    regions[a.index()] = to;
    regions[b.index()] = from;
    true
}

/// The cells of region `region`.
fn region_cells(regions: &[u8; 81], region: u8) -> CellSet {
    Cell::ALL.into_iter().filter(|c| regions[c.index()] == region).collect()
}

/// Whether the cells of `set` touch side by side as one piece (the empty set counts as connected).
fn is_connected(set: CellSet) -> bool {
    flood(set) == set
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn layouts_are_varied_jigsaws_with_a_solution() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let first = jigsaw_layout(&mut rng);
        let second = jigsaw_layout(&mut rng);
        assert_ne!(first, second);
        for layout in [&first, &second] {
            assert!(layout.is_jigsaw() && !layout.has_diagonals());
            for region in layout.regions() {
                assert!(is_connected(layout.set(region)), "{region}");
                assert_eq!(layout.set(region).len(), 9, "{region}");
            }
            let boxes: Vec<CellSet> = crate::engine::House::BOXES.iter().map(|b| b.cell_set()).collect();
            let kept_boxes = layout.regions().iter().filter(|&&r| boxes.contains(&layout.set(r))).count();
            assert!(kept_boxes < 3, "{kept_boxes} regions are still boxes");
            assert_eq!(count_solutions_under_within(&Grid::empty(), layout, None, 1, FILL_NODES), Some(1));
        }
    }

    #[test]
    fn connectivity_sees_a_split() {
        let row: CellSet = (0..9).map(|c| Cell::at(0, c)).collect();
        assert!(is_connected(row));
        assert!(!is_connected(row - Cell::at(0, 4).set()));
        assert!(is_connected(CellSet::EMPTY));
    }
}
