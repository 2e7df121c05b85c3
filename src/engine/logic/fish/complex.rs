//! Franken and Mutant fish: fish whose base and cover sets may be boxes as well as lines (HoDoKu's
//! definitions).
//!
//! On one digit, n *base* houses and n *cover* houses (none both): when every candidate of the base
//! houses lies in a cover house, each base house gets its digit in a different cover house, so the
//! cover houses get all their digits from the base houses and the digit goes from every cover cell
//! outside the base houses. A base candidate in two cover houses would fill two of them at once, so
//! it goes too (*cannibalism*). Base candidates outside the cover houses are *exo fins*; candidates in
//! two base houses are *endo fins* (they would fill two base houses at once). With fins, either a fin
//! holds the digit or the fish does: the digit goes only from the cells that see every fin.
//!
//! A fish is *Franken* when its base houses are rows and boxes and its cover houses columns and boxes
//! (or columns and boxes against rows and boxes), with a box among them; *Mutant* when it mixes
//! houses in any other way. Fish of rows against columns only are the basic fish of the parent module.
//!
//! Houses, each cell's houses and peers come from the position's layout: a jigsaw's regions take the
//! boxes' part (in Franken fish too), and the diagonals of a Sudoku X may be base or cover houses of
//! a Mutant fish.
//!
//! The search picks the base houses in increasing order, then covers the base candidates one at a
//! time: the first candidate not yet covered is either covered by one of its houses or made a fin.
//! Each cover set is reached once (a candidate is covered by the first of its houses in the set), and
//! a branch stops as soon as no cell sees every fin, or when the candidates left open include more
//! cells, no two sharing a house still allowed as cover, than covers and fins remain. Fins are bounded
//! more tightly than HoDoKu's defaults (five exo fins, two endo fins) for speed: three exo fins and
//! one endo fin, which every case of HoDoKu's regression library fits. Nothing here allocates until a
//! fish is found.
//!
//! A fish only uses the rule that each house holds its digit once, so everything it removes is a
//! candidate that no *template* of the digit uses (a way to place all nine, one in each row, column
//! and box: see the templates module). The search first finds those candidates and stops at once
//! when there are none (nearly always, at the positions where the solving path tries these fish);
//! otherwise every fin, and the endo fins of a base, must see one of them. On top1465's paths this
//! takes the Finned Franken Swordfish from 2.1 ms a search to 0.03 ms, with the same fish found (a
//! test compares).

use std::ops::ControlFlow;
use std::sync::LazyLock;

use super::super::templates::unused_by_templates;
use crate::engine::{Candidates, Cell, CellSet, Digit, House, Layout};

/// The most exo fins a fish may have.
const MAX_EXO_FINS: usize = 3;
/// The most endo fins a fish may have.
const MAX_ENDO_FINS: usize = 1;

/// The houses of each cell under a layout (row, column, region, and the diagonals of an X).
type CellHouses = [Houses; 81];

/// The houses of each cell on the classic layout, built once: the fish searches run at every position.
static CLASSIC_CELL_HOUSES: LazyLock<CellHouses> = LazyLock::new(|| build_cell_houses(Layout::classic_ref()));

/// The houses of each cell under `layout` (the classic table is shared, not rebuilt).
fn cell_houses(layout: &Layout) -> CellHouses {
    if layout.is_classic() { *CLASSIC_CELL_HOUSES } else { build_cell_houses(layout) }
}

/// The houses of each cell under `layout`, as sets.
fn build_cell_houses(layout: &Layout) -> CellHouses {
    std::array::from_fn(|i| {
        layout.houses_of(Cell::from_index(i)).iter().fold(Houses::default(), |acc, &h| acc.with(h))
    })
}

/// A set of houses as bits in [`House`] index order (rows, columns, boxes, diagonals, jigsaw
/// regions).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(super) struct Houses(u64);

impl Houses {
    /// The nine rows.
    const ROWS: Houses = Houses(0x1ff);
    /// The nine columns.
    const COLUMNS: Houses = Houses(0x1ff << 9);
    /// The nine regions: the boxes, or a jigsaw's regions (a layout has one or the other), which
    /// play the boxes' part in a Franken fish.
    const BOXES: Houses = Houses(0x1ff << 18 | 0x1ff << 29);
    /// Every house of every layout.
    const ALL: Houses = Houses((1 << House::COUNT) - 1);

    /// Whether `house` is in the set.
    pub(super) const fn contains(self, house: House) -> bool {
        self.0 & (1 << house.index()) != 0
    }

    /// The set with `house` added.
    const fn with(self, house: House) -> Houses {
        Houses(self.0 | 1 << house.index())
    }

    /// The houses in `self` or `other`.
    pub(super) const fn union(self, other: Houses) -> Houses {
        Houses(self.0 | other.0)
    }

    /// Whether every house of `self` is in `other`.
    const fn is_subset(self, other: Houses) -> bool {
        self.0 & !other.0 == 0
    }

    /// The number of houses.
    const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The houses in index order.
    pub(super) fn iter(self) -> impl Iterator<Item = House> {
        (0..House::COUNT).filter_map(House::from_index).filter(move |&h| self.contains(h))
    }
}

/// The fewest cover houses and fins that `open` needs when covers come from `allowed`: a lower
/// bound found greedily, counting cells no two of which share an allowed house (each needs a cover
/// house, or is a fin, of its own).
fn covers_needed(cell_houses: &CellHouses, open: CellSet, allowed: Houses) -> usize {
    let mut used = 0u64;
    let mut needed = 0;
    for cell in open.iter() {
        let houses = cell_houses[cell.index()].0 & allowed.0;
        if houses & used == 0 {
            needed += 1;
            used |= houses;
        }
    }
    needed
}

/// The family of a fish, from the kinds of its base and cover houses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Family {
    /// Rows against columns (or the reverse): the basic fish.
    Basic,
    /// Rows and boxes against columns and boxes (or the reverse), a box among them.
    Franken,
    /// Any other mix.
    Mutant,
}

impl Family {
    /// The family of a fish on `base` and `cover`.
    fn of(base: Houses, cover: Houses) -> Family {
        let (rows, columns, boxes) = (Houses::ROWS, Houses::COLUMNS, Houses::BOXES);
        let against = |b: Houses, c: Houses| base.is_subset(b) && cover.is_subset(c);
        if against(rows, columns) || against(columns, rows) {
            Family::Basic
        } else if against(rows.union(boxes), columns.union(boxes))
            || against(columns.union(boxes), rows.union(boxes))
        {
            Family::Franken
        } else {
            Family::Mutant
        }
    }

    /// The pairs (base houses allowed, cover houses allowed) a search for this family walks, so that
    /// every fish of the family is reached once.
    fn search_kinds(self) -> &'static [(Houses, Houses)] {
        const ROWS_BOXES: Houses = Houses(Houses::ROWS.0 | Houses::BOXES.0);
        const COLUMNS_BOXES: Houses = Houses(Houses::COLUMNS.0 | Houses::BOXES.0);
        const ALL: Houses = Houses::ALL;
        match self {
            Family::Basic => &[(Houses::ROWS, Houses::COLUMNS), (Houses::COLUMNS, Houses::ROWS)],
            Family::Franken => &[(ROWS_BOXES, COLUMNS_BOXES), (COLUMNS_BOXES, ROWS_BOXES)],
            Family::Mutant => &[(ALL, ALL)],
        }
    }
}

/// What a search looks for: the family, the size and whether fins are allowed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Wanted {
    /// Franken or Mutant.
    pub(super) family: Family,
    /// The number of base (and cover) houses.
    pub(super) size: usize,
    /// Finned fish (true) or fish without fins (false).
    pub(super) finned: bool,
}

/// A Franken or Mutant fish found on one digit.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct ComplexFish {
    /// The base houses.
    pub(super) base: Houses,
    /// The cover houses.
    pub(super) cover: Houses,
    /// The base candidates (cells holding the digit in a base house).
    pub(super) body: CellSet,
    /// Base candidates in no cover house.
    pub(super) exo_fins: CellSet,
    /// Base candidates in two base houses.
    pub(super) endo_fins: CellSet,
    /// The cells the digit goes from.
    pub(super) eliminations: CellSet,
}

/// One digit's candidate cells, house by house, under the position's layout.
struct DigitHouses<'a> {
    by_house: [CellSet; House::COUNT],
    /// The candidates a fish may remove: the fins' common peers must hold one.
    removable: CellSet,
    /// The layout's houses, in index order: the base houses are picked among them.
    houses: &'a [House],
    /// The layout, for peers.
    layout: &'a Layout,
    /// The houses of each cell under the layout.
    cell_houses: CellHouses,
}

impl DigitHouses<'_> {
    fn new(grid: &Candidates, digit: Digit, removable: CellSet) -> DigitHouses<'_> {
        let cells = grid.cells_with(digit);
        let layout = grid.layout();
        let by_house =
            std::array::from_fn(|i| House::from_index(i).map_or(CellSet::EMPTY, |h| layout.set(h)) & cells);
        DigitHouses { by_house, removable, houses: layout.houses(), layout, cell_houses: cell_houses(layout) }
    }

    fn of(&self, house: House) -> CellSet {
        self.by_house[house.index()]
    }
}

/// A set of base houses chosen, with what they imply.
#[derive(Clone, Copy)]
struct Base {
    houses: Houses,
    body: CellSet,
    endo_fins: CellSet,
}

/// Cover houses chosen so far for one base.
#[derive(Clone, Copy)]
struct Cover {
    houses: Houses,
    /// Digit cells in at least one cover house.
    cells: CellSet,
    /// Digit cells in at least two cover houses.
    twice: CellSet,
    /// Houses no longer allowed as cover (so that each cover set is reached once).
    barred: Houses,
    /// Base candidates made exo fins.
    exo_fins: CellSet,
    /// The cells that see every fin so far (all cells while there is none).
    fin_peers: CellSet,
}

/// The walk over base and cover sets for one digit, base and cover kinds.
struct Search<'a> {
    digit: &'a DigitHouses<'a>,
    wanted: Wanted,
    base_kinds: Houses,
    cover_kinds: Houses,
    max_exo_fins: usize,
    max_endo_fins: usize,
    found: Vec<ComplexFish>,
}

/// Calls `report` with every fish of `wanted` on `digit`, grouped by base sets: each call gets the
/// fish (at least one) on one set of base houses.
pub(super) fn search(
    grid: &Candidates,
    digit: Digit,
    wanted: Wanted,
    report: &mut dyn FnMut(&[ComplexFish]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let removable = unused_by_templates(grid.layout(), grid.cells_with(digit));
    search_removing(grid, digit, wanted, removable, report)
}

/// [`search`] for the fish that remove some of `removable`, a set holding every candidate of the
/// digit a fish can remove.
fn search_removing(
    grid: &Candidates,
    digit: Digit,
    wanted: Wanted,
    removable: CellSet,
    report: &mut dyn FnMut(&[ComplexFish]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if removable.is_empty() {
        return ControlFlow::Continue(());
    }
    let digit_houses = DigitHouses::new(grid, digit, removable);
    let (max_exo_fins, max_endo_fins) = if wanted.finned { (MAX_EXO_FINS, MAX_ENDO_FINS) } else { (0, 0) };
    for &(base_kinds, cover_kinds) in wanted.family.search_kinds() {
        let mut search = Search {
            digit: &digit_houses,
            wanted,
            base_kinds,
            cover_kinds,
            max_exo_fins,
            max_endo_fins,
            found: Vec::new(),
        };
        let empty = Base { houses: Houses::default(), body: CellSet::EMPTY, endo_fins: CellSet::EMPTY };
        search.bases(0, empty, report)?;
    }
    ControlFlow::Continue(())
}

impl Search<'_> {
    /// Extends `base` with houses from index `start` on until it has `size` houses, then looks for
    /// its covers.
    fn bases(
        &mut self,
        start: usize,
        base: Base,
        report: &mut dyn FnMut(&[ComplexFish]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let chosen = base.houses.len();
        if chosen == self.wanted.size {
            // What the fish removes must see every endo fin.
            let fin_peers = self.digit.layout.common_peers(base.endo_fins);
            if !fin_peers.intersects(self.digit.removable) {
                return ControlFlow::Continue(());
            }
            self.found.clear();
            let cover = Cover {
                houses: Houses::default(),
                cells: CellSet::EMPTY,
                twice: CellSet::EMPTY,
                barred: base.houses,
                exo_fins: CellSet::EMPTY,
                fin_peers,
            };
            self.covers(&base, cover);
            if !self.found.is_empty() {
                let found = std::mem::take(&mut self.found);
                report(&found)?;
            }
            return ControlFlow::Continue(());
        }
        let houses = self.digit.houses;
        let Some(last) = houses.len().checked_sub(self.wanted.size - chosen) else {
            return ControlFlow::Continue(());
        };
        for (position, house) in houses.iter().copied().enumerate().take(last + 1).skip(start) {
            let cells = self.digit.of(house);
            if !self.base_kinds.contains(house) || cells.is_empty() || cells.is_subset(base.body) {
                continue;
            }
            let endo_fins = base.endo_fins | (cells & base.body);
            if endo_fins.len() > self.max_endo_fins {
                continue;
            }
            let next = Base { houses: base.houses.with(house), body: base.body | cells, endo_fins };
            // Endo fins still to come may each spare one cover.
            let slack = self.wanted.size + self.max_exo_fins + self.max_endo_fins - endo_fins.len();
            let allowed = self.cover_allowed(next.houses);
            if covers_needed(&self.digit.cell_houses, next.body - endo_fins, allowed) > slack {
                continue;
            }
            self.bases(position + 1, next, report)?;
        }
        ControlFlow::Continue(())
    }

    /// The houses still allowed as cover when those of `barred` are not.
    fn cover_allowed(&self, barred: Houses) -> Houses {
        Houses(self.cover_kinds.0 & !barred.0)
    }

    /// Covers the base candidates of `base` one at a time, from the state `cover`.
    fn covers(&mut self, base: &Base, cover: Cover) {
        let open = base.body - base.endo_fins - cover.cells - cover.exo_fins;
        if cover.houses.len() == self.wanted.size {
            self.finish(base, cover, open);
            return;
        }
        // Base candidates all covered by fewer houses than base houses: only in a broken grid.
        let Some(first) = open.first() else { return };
        let covers_left = self.wanted.size - cover.houses.len();
        let spare = covers_left + self.max_exo_fins - cover.exo_fins.len();
        let mut allowed = self.cover_allowed(cover.barred);
        // A Franken fish needs a box among its houses: with none yet, the last cover is one.
        let no_box_yet = (base.houses.0 | cover.houses.0) & Houses::BOXES.0 == 0;
        if self.wanted.family == Family::Franken && covers_left == 1 && no_box_yet {
            allowed = Houses(allowed.0 & Houses::BOXES.0);
        }
        if covers_needed(&self.digit.cell_houses, open, allowed) > spare {
            return;
        }
        let mut barred = cover.barred;
        for &house in self.digit.layout.houses_of(first) {
            if !allowed.contains(house) || barred.contains(house) {
                continue;
            }
            let cells = self.digit.of(house);
            let next = Cover {
                houses: cover.houses.with(house),
                cells: cover.cells | cells,
                twice: cover.twice | (cover.cells & cells),
                barred,
                ..cover
            };
            self.covers(base, next);
            barred = barred.with(house);
        }
        let fin_peers = cover.fin_peers & self.digit.layout.peers(first);
        if cover.exo_fins.len() < self.max_exo_fins && fin_peers.intersects(self.digit.removable) {
            let barred = barred.union(self.digit.cell_houses[first.index()]);
            let exo_fins = cover.exo_fins | first.set();
            self.covers(base, Cover { barred, exo_fins, fin_peers, ..cover });
        }
    }

    /// With all cover houses chosen, the candidates still `open` are fins: records the fish if it is
    /// of the family and form wanted and removes something.
    fn finish(&mut self, base: &Base, cover: Cover, open: CellSet) {
        let exo_fins = cover.exo_fins | open;
        if exo_fins.len() > self.max_exo_fins {
            return;
        }
        let fins = exo_fins | base.endo_fins;
        if fins.is_empty() == self.wanted.finned
            || Family::of(base.houses, cover.houses) != self.wanted.family
        {
            return;
        }
        let fin_peers = open.iter().fold(cover.fin_peers, |acc, cell| acc & self.digit.layout.peers(cell));
        let cannibals = cover.twice & base.body;
        let eliminations = ((cover.cells - base.body) | cannibals) & fin_peers;
        if eliminations.is_empty() {
            return;
        }
        self.found.push(ComplexFish {
            base: base.houses,
            cover: cover.houses,
            body: base.body,
            exo_fins,
            endo_fins: base.endo_fins,
            eliminations,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reglib::Case;

    /// The fish `search` reports with every candidate of the digit allowed as a removal (no
    /// template filter) and with the filter, group by group.
    fn with_and_without_templates(
        grid: &Candidates,
        digit: Digit,
        wanted: Wanted,
    ) -> (Vec<Vec<ComplexFish>>, Vec<Vec<ComplexFish>>) {
        let collect = |removable: CellSet| {
            let mut groups = Vec::new();
            let _ = search_removing(grid, digit, wanted, removable, &mut |found| {
                groups.push(found.to_vec());
                ControlFlow::Continue(())
            });
            groups
        };
        (collect(grid.cells_with(digit)), collect(unused_by_templates(grid.layout(), grid.cells_with(digit))))
    }

    #[test]
    fn the_template_filter_loses_no_fish_in_the_library_positions() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/hodoku/reglib-1.4.txt");
        let text = std::fs::read_to_string(path).expect("the regression library is readable");
        let shapes = [
            Wanted { family: Family::Franken, size: 3, finned: true },
            Wanted { family: Family::Franken, size: 2, finned: true },
            Wanted { family: Family::Franken, size: 3, finned: false },
            Wanted { family: Family::Mutant, size: 2, finned: true },
        ];
        let (mut positions, mut fish) = (0, 0);
        for case in text.lines().filter_map(|line| Case::parse(line).ok()) {
            positions += 1;
            for digit in Digit::ALL {
                for wanted in shapes {
                    let (all, filtered) = with_and_without_templates(&case.position, digit, wanted);
                    assert_eq!(filtered, all, "{wanted:?} on {digit} in {}", case.position.to_grid());
                    fish += all.iter().map(Vec::len).sum::<usize>();
                }
            }
        }
        assert!(positions > 1000 && fish > 100, "{positions} positions, {fish} fish");
    }
}
