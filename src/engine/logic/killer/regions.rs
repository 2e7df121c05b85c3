//! Regions for the rule of 45 and the sums they give.
//!
//! A region is one house of the position's layout (a diagonal of an X too), two or three adjacent
//! rows or columns, or two regions that touch (boxes side by side, or jigsaw regions sharing an
//! edge): k whole houses, so its digits add up to 45k. Take the cages wholly inside it and any of the cages that stick out of it:
//! the region's cells outside those cages (the innies) and the cells of those cages outside the
//! region (the outies) then satisfy `innies - outies = 45k - (sum of the cages taken)`. An
//! [`Equation`] is one such choice, written over the open innies and outies (placed digits are
//! moved to the known side).

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::engine::killer::{Cage, Cages, orthogonal_neighbours};
use crate::engine::{Candidates, Cell, CellSet, House, HouseKind, Layout};

use super::super::{cell_list, join_and};

/// One house, or two or three adjacent rows or columns, or two regions (boxes or jigsaw regions)
/// side by side.
#[derive(Clone)]
pub(super) struct Region {
    /// Its cells.
    pub cells: CellSet,
    /// Its houses.
    pub houses: Vec<House>,
    /// How a player names it: `row 3`, `rows 1 and 2`, `boxes 1 and 4`, `regions 2 and 3`.
    pub name: String,
}

impl Region {
    /// The region of `houses` (disjoint houses of one kind) under `layout`.
    pub fn new(layout: &Layout, houses: Vec<House>) -> Region {
        let cells = houses.iter().fold(CellSet::EMPTY, |acc, &h| acc | layout.set(h));
        let name = match houses.as_slice() {
            [house] => house.to_string(),
            _ => {
                let kind = houses.first().map_or(HouseKind::Row, |h| h.kind()).name();
                let plural = if kind.ends_with('x') { format!("{kind}es") } else { format!("{kind}s") };
                let numbers = houses.iter().map(|h| (h.index_in_kind() + 1).to_string()).collect();
                format!("{plural} {}", join_and(numbers))
            }
        };
        Region { cells, houses, name }
    }

    /// What its digits add up to: 45 per house.
    pub fn total(&self) -> u32 {
        45 * self.houses.len() as u32
    }
}

/// The layouts kept by a [`PerLayout`] table besides the classic one: a generator or a grader
/// works on one layout at a time, a test run on a few.
const KEPT_LAYOUTS: usize = 8;

/// A value worked out once per layout of houses: the classic layout's apart, read without a lock,
/// and the last few other layouts' in a small table (the oldest dropped first).
pub(super) struct PerLayout<T> {
    classic: OnceLock<Arc<T>>,
    others: Mutex<Vec<(Layout, Arc<T>)>>,
}

impl<T> PerLayout<T> {
    /// An empty table.
    pub const fn new() -> PerLayout<T> {
        PerLayout { classic: OnceLock::new(), others: Mutex::new(Vec::new()) }
    }

    /// The value for `layout`, made by `build` the first time it is asked for.
    pub fn get(&self, layout: &Layout, build: impl FnOnce(&Layout) -> T) -> Arc<T> {
        if layout.is_classic() {
            return Arc::clone(self.classic.get_or_init(|| Arc::new(build(layout))));
        }
        let mut table = self.others.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, value)) = table.iter().find(|(kept, _)| kept == layout) {
            return Arc::clone(value);
        }
        let value = Arc::new(build(layout));
        if table.len() >= KEPT_LAYOUTS {
            table.remove(0);
        }
        table.push((layout.clone(), Arc::clone(&value)));
        value
    }
}

/// Every region of `layout`: its houses (rows, columns, regions, then the diagonals of an X, each
/// adding up to 45), then pairs and triples of adjacent rows and of adjacent columns, then pairs
/// of regions that touch: boxes side by side (a row or column of three boxes is already three
/// lines), or jigsaw regions sharing an edge.
pub(super) fn regions(layout: &Layout) -> Arc<Vec<Region>> {
    static REGIONS: PerLayout<Vec<Region>> = PerLayout::new();
    REGIONS.get(layout, build_regions)
}

fn build_regions(layout: &Layout) -> Vec<Region> {
    let mut all: Vec<Region> = layout.houses().iter().map(|&h| Region::new(layout, vec![h])).collect();
    for line in [House::row as fn(usize) -> House, House::column] {
        for width in [2, 3] {
            for first in 0..=9 - width {
                all.push(Region::new(layout, (first..first + width).map(line).collect()));
            }
        }
    }
    if layout.has_boxes() {
        for b in 0..9 {
            if b % 3 != 2 {
                all.push(Region::new(layout, vec![House::block(b), House::block(b + 1)]));
            }
            if b < 6 {
                all.push(Region::new(layout, vec![House::block(b), House::block(b + 3)]));
            }
        }
    } else {
        let regions = layout.regions();
        for (i, &a) in regions.iter().enumerate() {
            let touching = layout.set(a).iter().fold(CellSet::EMPTY, |acc, c| acc | orthogonal_neighbours(c));
            for &b in &regions[i + 1..] {
                if touching.intersects(layout.set(b)) {
                    all.push(Region::new(layout, vec![a, b]));
                }
            }
        }
    }
    all
}

/// A cage that sticks out of a region, split at its edge.
struct Crossing<'a> {
    cage: &'a Cage,
    inside: CellSet,
    in_open: CellSet,
    in_placed: u32,
    out_open: CellSet,
    out_placed: u32,
}

/// The rule of 45 on one region: `innies - outies = value` over open cells.
pub(super) struct Equation<'r> {
    /// The region.
    pub region: &'r Region,
    /// The open innies.
    pub innies: CellSet,
    /// The open outies.
    pub outies: CellSet,
    /// The sum of the open innies less the sum of the open outies.
    pub value: i32,
    /// The sum of the cages taken whole.
    covering: u32,
    /// Every innie and outie cell, placed ones included.
    all_innies: CellSet,
    all_outies: CellSet,
    /// The cages sticking out whose cells are open innies or outies.
    pub sticking: Vec<Cage>,
}

impl Equation<'_> {
    /// The open innies and outies.
    pub fn cells(&self) -> CellSet {
        self.innies | self.outies
    }

    /// The equation as a person writes it (see [`formula`]).
    pub fn formula(&self) -> String {
        formula(self.innies, self.outies, self.value)
    }

    /// Why the equation holds, e.g. `Rule of 45 on row 3: row 3 adds up to 45 and the cages
    /// covering it but for r3c5 add up to 38, so r3c5 = 7`.
    pub fn reason(&self) -> String {
        format!("Rule of 45 on {}", self.statement())
    }

    /// [`Equation::reason`] after `Rule of 45 on `, for a technique whose name says it already:
    /// `row 3: row 3 adds up to 45 and ...`.
    pub fn statement(&self) -> String {
        let region = self.region;
        let (verb, pronoun) = if region.houses.len() == 1 { ("adds", "it") } else { ("add", "them") };
        let mut cages = format!("the cages covering {pronoun}");
        if !self.all_innies.is_empty() {
            cages += &format!(" but for {}", cell_list(self.all_innies));
        }
        if !self.all_outies.is_empty() {
            cages += &format!(" (and {} outside)", cell_list(self.all_outies));
        }
        let placed = (self.all_innies | self.all_outies) - self.cells();
        let placed = if placed.is_empty() {
            String::new()
        } else {
            format!(" (taking off the placed {})", cell_list(placed))
        };
        format!(
            "{}: {} {verb} up to {} and {cages} add up to {}, so {}{placed}",
            region.name,
            region.name,
            region.total(),
            self.covering,
            self.formula()
        )
    }
}

/// `innies - outies = value` as a person writes it, with no negative number: `r4c5 + r4c6 = 11`
/// (innies alone, or outies alone), `r2c4 + r2c5 = r3c4 + 6` (innies and outies: the side that is
/// larger by the known amount first), and for one innie and one outie `r7c3 is 4 more than r6c1`
/// or `r3c9 and r1c6 are equal`.
pub(super) fn formula(innies: CellSet, outies: CellSet, value: i32) -> String {
    let plus = |cells: CellSet| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" + ");
    if let (Some(innie), Some(outie)) = (innies.single(), outies.single()) {
        return match value {
            0 => format!("{innie} and {outie} are equal"),
            v if v > 0 => format!("{innie} is {v} more than {outie}"),
            v => format!("{outie} is {} more than {innie}", -v),
        };
    }
    match (innies.is_empty(), outies.is_empty()) {
        (true, _) => format!("{} = {}", plus(outies), -value),
        (false, true) => format!("{} = {value}", plus(innies)),
        (false, false) => match value {
            0 => format!("{} = {}", plus(innies), plus(outies)),
            v if v > 0 => format!("{} = {} + {v}", plus(innies), plus(outies)),
            v => format!("{} = {} + {}", plus(outies), plus(innies), -v),
        },
    }
}

/// The cut of every cage sticking out of `region`, and the uncaged cells inside it.
struct Setup<'a> {
    region: &'a Region,
    inside_sum: u32,
    loose_open: CellSet,
    loose_all: CellSet,
    loose_placed: u32,
    crossing: Vec<Crossing<'a>>,
}

fn placed_sum(grid: &Candidates, cells: CellSet) -> u32 {
    (cells - grid.unsolved()).iter().filter_map(|c| grid.value(c)).map(|d| u32::from(d.get())).sum()
}

fn open(grid: &Candidates, cells: CellSet) -> CellSet {
    cells & grid.unsolved()
}

impl<'a> Setup<'a> {
    fn new(grid: &Candidates, cages: &'a Cages, region: &'a Region) -> Setup<'a> {
        let mut inside_sum = 0;
        let mut crossing = Vec::new();
        let mut covered = CellSet::EMPTY;
        for cage in cages.as_slice() {
            let cells = cage.cells();
            if !cells.intersects(region.cells) {
                continue;
            }
            covered |= cells & region.cells;
            if cells.is_subset(region.cells) {
                inside_sum += cage.sum();
                continue;
            }
            let (inside, outside) = (cells & region.cells, cells - region.cells);
            crossing.push(Crossing {
                cage,
                inside,
                in_open: open(grid, inside),
                in_placed: placed_sum(grid, inside),
                out_open: open(grid, outside),
                out_placed: placed_sum(grid, outside),
            });
        }
        let loose_all = region.cells - covered;
        Setup {
            region,
            inside_sum,
            loose_open: open(grid, loose_all),
            loose_all,
            loose_placed: placed_sum(grid, loose_all),
            crossing,
        }
    }

    /// The equation taking whole the crossing cages marked `true` in `taken`.
    fn equation(&self, taken: &[bool]) -> Equation<'a> {
        let mut covering = self.inside_sum;
        let (mut innies, mut all_innies, mut in_placed) =
            (self.loose_open, self.loose_all, self.loose_placed);
        let (mut outies, mut all_outies, mut out_placed) = (CellSet::EMPTY, CellSet::EMPTY, 0);
        let mut sticking = Vec::new();
        for (part, &take) in self.crossing.iter().zip(taken) {
            if take {
                covering += part.cage.sum();
                outies |= part.out_open;
                all_outies |= part.cage.cells() - self.region.cells;
                out_placed += part.out_placed;
                if !part.out_open.is_empty() {
                    sticking.push(*part.cage);
                }
            } else {
                innies |= part.in_open;
                all_innies |= part.inside;
                in_placed += part.in_placed;
                if !part.in_open.is_empty() {
                    sticking.push(*part.cage);
                }
            }
        }
        let value = self.region.total() as i32 - covering as i32 - in_placed as i32 + out_placed as i32;
        Equation { region: self.region, innies, outies, value, covering, all_innies, all_outies, sticking }
    }

    /// The choice for a crossing cage when one side costs nothing: `Some(false)` (leave it out)
    /// when its part inside is placed, `Some(true)` (take it) when its part outside is.
    fn forced(part: &Crossing<'_>) -> Option<bool> {
        if part.in_open.is_empty() {
            Some(false)
        } else if part.out_open.is_empty() {
            Some(true)
        } else {
            None
        }
    }
}

/// Every equation of `region` with between 1 and `limit` open innies and outies, found by trying
/// each crossing cage both ways (a cage one side of which is placed is taken the free way).
pub(super) fn equations<'r>(
    grid: &Candidates,
    cages: &'r Cages,
    region: &'r Region,
    limit: usize,
    visit: &mut dyn FnMut(Equation<'r>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let setup = Setup::new(grid, cages, region);
    // The least each remaining crossing cage adds, for pruning.
    let mut least = vec![0; setup.crossing.len() + 1];
    for (i, part) in setup.crossing.iter().enumerate().rev() {
        let cost = match Setup::forced(part) {
            Some(_) => 0,
            None => part.in_open.len().min(part.out_open.len()),
        };
        least[i] = least[i + 1] + cost;
    }
    let mut taken = Vec::with_capacity(setup.crossing.len());
    search(&setup, &least, limit, setup.loose_open.len(), &mut taken, visit)
}

fn search<'r>(
    setup: &Setup<'r>,
    least: &[usize],
    limit: usize,
    cost: usize,
    taken: &mut Vec<bool>,
    visit: &mut dyn FnMut(Equation<'r>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if cost + least[taken.len()] > limit {
        return ControlFlow::Continue(());
    }
    let Some(part) = setup.crossing.get(taken.len()) else {
        return if cost >= 1 { visit(setup.equation(taken)) } else { ControlFlow::Continue(()) };
    };
    let choices: &[bool] = match Setup::forced(part) {
        Some(false) => &[false],
        Some(true) => &[true],
        None => &[false, true],
    };
    for &take in choices {
        let added = if take { part.out_open.len() } else { part.in_open.len() };
        taken.push(take);
        let flow = search(setup, least, limit, cost + added, taken, visit);
        taken.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

/// The two one-sided equations of `region`, when they have open cells: innies only (every cage
/// sticking out left out, unless its outside part is placed) and outies only (every cage sticking
/// out taken, unless its inside part is placed; only when the region's uncaged cells are placed).
pub(super) fn one_sided<'r>(grid: &Candidates, cages: &'r Cages, region: &'r Region) -> Vec<Equation<'r>> {
    let setup = Setup::new(grid, cages, region);
    let mut found = Vec::new();
    let innies_only: Vec<bool> = setup.crossing.iter().map(|p| p.out_open.is_empty()).collect();
    let equation = setup.equation(&innies_only);
    if !equation.innies.is_empty() && equation.outies.is_empty() {
        found.push(equation);
    }
    if setup.loose_open.is_empty() {
        let outies_only: Vec<bool> = setup.crossing.iter().map(|p| !p.in_open.is_empty()).collect();
        let equation = setup.equation(&outies_only);
        if !equation.outies.is_empty() && equation.innies.is_empty() {
            found.push(equation);
        }
    }
    found
}

/// The rule of 45 on a region of whole houses as a player reads it off the cages alone (placed
/// digits aside): what the region adds up to, the cages wholly inside it, the innies (its cells
/// outside those cages) and the outies (the cells beyond it of the cages that stick out of it),
/// with the sums they must make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HouseSums {
    /// How a player names the region: `row 3`, `rows 1, 2 and 3`.
    pub name: String,
    /// What its digits add up to: 45 per house.
    pub total: u32,
    /// The cages wholly inside it.
    pub inside: Vec<Cage>,
    /// Their sum.
    pub inside_sum: u32,
    /// Its cells in no cage wholly inside it: those of the cages sticking out, and uncaged ones.
    pub innies: CellSet,
    /// What the innies add up to: the total less the cages inside.
    pub innie_sum: u32,
    /// The cages sticking out of it.
    pub crossing: Vec<Cage>,
    /// Their cells outside it.
    pub outies: CellSet,
    /// What the outies add up to (the cages inside and sticking out less the total), when every
    /// cell of the region is caged (an uncaged cell would stay an innie of unknown value).
    pub outie_sum: Option<u32>,
}

/// [`HouseSums`] of the region made of `houses` (one house of `layout`, or adjacent rows, columns
/// or regions) under `cages`.
pub fn house_sums(cages: &Cages, layout: &Layout, houses: &[House]) -> HouseSums {
    let region = Region::new(layout, houses.to_vec());
    let grid = Candidates::from_grid(&crate::engine::Grid::default());
    let setup = Setup::new(&grid, cages, &region);
    let innies = setup.equation(&vec![false; setup.crossing.len()]);
    let outies = setup.equation(&vec![true; setup.crossing.len()]);
    let inside = cages.as_slice().iter().filter(|c| c.cells().is_subset(region.cells)).copied().collect();
    HouseSums {
        name: region.name.clone(),
        total: region.total(),
        inside,
        inside_sum: setup.inside_sum,
        innies: innies.innies,
        innie_sum: u32::try_from(innies.value).unwrap_or(0),
        crossing: setup.crossing.iter().map(|part| *part.cage).collect(),
        outies: outies.outies,
        outie_sum: (setup.loose_all.is_empty()).then(|| u32::try_from(-outies.value).unwrap_or(0)),
    }
}

/// The cells of `cells` as a list of [`Cell`]s.
pub(super) fn cell_vec(cells: CellSet) -> Vec<Cell> {
    cells.iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_nine_regions() {
        let all = regions(Layout::classic_ref());
        assert_eq!(all.len(), 27 + 2 * (8 + 7) + 12);
        assert_eq!(all[27].name, "rows 1 and 2");
        assert!(all.iter().any(|r| r.name == "columns 7, 8 and 9" && r.total() == 135));
        assert!(all.iter().any(|r| r.name == "boxes 1 and 4" && r.cells.len() == 18));
        assert!(all.iter().any(|r| r.name == "box 5"));
    }

    #[test]
    fn each_layout_has_its_regions() {
        // X: the diagonals are houses, adding up to 45 like any other.
        let x = regions(&Layout::x());
        assert_eq!(x.len(), 29 + 2 * (8 + 7) + 12);
        assert!(x.iter().any(|r| r.name == "the anti-diagonal" && r.total() == 45 && r.cells.len() == 9));
        // A jigsaw: region 1 is box 1 with r1c4 and without r3c3, which joins region 2; region 2
        // then touches region 4 too. No box is a region; touching regions pair up.
        let mut numbers: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
        numbers[3] = 0;
        numbers[20] = 1;
        let jigsaw = Layout::jigsaw(&numbers).expect("a jigsaw");
        let all = regions(&jigsaw);
        assert_eq!(all.len(), 27 + 2 * (8 + 7) + 13);
        assert!(all.iter().all(|r| r.houses.iter().all(|h| h.kind() != HouseKind::Box)));
        let pair = all.iter().find(|r| r.name == "regions 2 and 4").expect("touching regions");
        assert_eq!((pair.total(), pair.cells.len()), (90, 18));
        assert!(pair.cells.contains(Cell::at(2, 2)) && !pair.cells.contains(Cell::at(0, 3)));
        assert!(!all.iter().any(|r| r.name == "regions 1 and 5"));
        // Worked out once per layout.
        assert!(Arc::ptr_eq(&all, &regions(&jigsaw)));
        assert!(Arc::ptr_eq(&regions(Layout::classic_ref()), &regions(&Layout::classic())));
    }

    #[test]
    fn house_sums_read_innies_and_outies_off_the_cages() {
        use crate::engine::killer::Cage;
        let cage = |cells: &[(usize, usize)], sum| {
            Cage::new(cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(), sum)
        };
        // Row 1: 3 + 12 + 17 inside; cages 10 at r1c8-r2c8 and 9 at r1c9-r2c9 stick out.
        let list = vec![
            cage(&[(0, 0), (0, 1)], 3),
            cage(&[(0, 2), (0, 3), (0, 4)], 12),
            cage(&[(0, 5), (0, 6)], 17),
            cage(&[(0, 7), (1, 7)], 10),
            cage(&[(0, 8), (1, 8)], 9),
        ];
        // The rest of the grid is left uncaged.
        let cages = Cages::new(list).expect("valid cages");
        let sums = house_sums(&cages, Layout::classic_ref(), &[House::row(0)]);
        assert_eq!(
            (sums.name.as_str(), sums.total, sums.inside.len(), sums.inside_sum),
            ("row 1", 45, 3, 32)
        );
        assert_eq!((sums.innies, sums.innie_sum), (Cell::at(0, 7).set() | Cell::at(0, 8).set(), 13));
        assert_eq!((sums.outies, sums.outie_sum), (Cell::at(1, 7).set() | Cell::at(1, 8).set(), Some(6)));
        // Rows 1-3 keep every cage inside; their uncaged cells are innies, so no outie sum.
        let band = house_sums(&cages, Layout::classic_ref(), &[House::row(0), House::row(1), House::row(2)]);
        assert_eq!((band.name.as_str(), band.total, band.inside.len()), ("rows 1, 2 and 3", 135, 5));
        assert_eq!((band.innies.len(), band.innie_sum, band.outie_sum), (27 - 11, 135 - 51, None));
    }
}
