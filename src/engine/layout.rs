//! [`Layout`]: which houses a puzzle has, as data. Rows and columns always; then either the nine 3x3
//! boxes or nine jigsaw regions; and, for Sudoku X, the two long diagonals. Killer cages are kept
//! beside the layout ([`crate::engine::killer::Cages`]) and combine with any of them.
//!
//! Everything that asks "which cells share a house with this one" asks the layout, so one engine
//! serves every variant. A layout is checked when it is made ([`LayoutError`] names the problem) and
//! is then immutable; puzzles and positions share it behind an [`Arc`]. It must not know about
//! digits, givens or text forms.

use std::sync::{Arc, LazyLock};

use thiserror::Error;

use super::grid::Conflict;
use super::killer::orthogonal_neighbours;
use super::{ByCell, Cell, CellSet, Grid, House, HouseKind};

/// A puzzle's houses: rows, columns, its nine regions (the boxes, or jigsaw regions) and, for
/// Sudoku X, the two long diagonals. Built once, with the tables every technique reads: each
/// house's cells, each cell's houses and each cell's peers.
///
/// ```
/// use termdoku::engine::{Cell, House, Layout};
/// let x = Layout::x();
/// assert_eq!(x.houses().len(), 29);
/// assert!(x.houses_of(Cell::at(4, 4)).contains(&House::diagonal(1)));
/// assert_eq!(x.peers(Cell::at(0, 0)).len(), 26);
/// assert_eq!(Layout::classic().peers(Cell::at(0, 0)), Cell::at(0, 0).peers());
/// ```
#[derive(Clone, Debug)]
pub struct Layout {
    /// The region (0-8) of every cell: its box, or its jigsaw region.
    regions: ByCell<u8>,
    /// Whether the regions are jigsaw regions rather than the boxes.
    jigsaw: bool,
    /// Whether the two long diagonals are houses.
    diagonals: bool,
    /// The houses in force, rows first, then columns, regions and diagonals.
    houses: Vec<House>,
    /// The cells of every house number (empty for a house not in force).
    sets: [CellSet; House::COUNT],
    /// The cells of every house number in reading order (unused for a house not in force).
    cells: [[Cell; 9]; House::COUNT],
    /// The houses of each cell: row, column, region, then the diagonals it lies on.
    houses_of: ByCell<Vec<House>>,
    /// The cells sharing a house with each cell.
    peers: ByCell<CellSet>,
}

/// Why nine regions (or a whole layout) cannot be a Sudoku layout. Cells are named `r<row>c<col>`
/// and regions by their 1-based number.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum LayoutError {
    /// A region number outside 1-9 was given for a cell.
    #[error("{cell}: region {region} is not a region number 1-9")]
    BadRegion {
        /// The cell.
        cell: Cell,
        /// The region number it was given (1-based).
        region: usize,
    },
    /// A region does not hold exactly nine cells.
    #[error("region {region} has {size} cells, not 9")]
    WrongSize {
        /// The region (1-based).
        region: usize,
        /// How many cells it has.
        size: usize,
    },
    /// A region's cells fall apart into pieces that do not touch side by side.
    #[error("region {region} is not connected: {cell} does not touch the rest of it")]
    NotConnected {
        /// The region (1-based).
        region: usize,
        /// A cell cut off from the region's first cell.
        cell: Cell,
    },
    /// A cell lies in two regions.
    #[error("{cell} lies in region {first} and in region {second}")]
    Overlap {
        /// The cell.
        cell: Cell,
        /// One region holding it (1-based).
        first: usize,
        /// The other (1-based).
        second: usize,
    },
    /// A cell lies in no region.
    #[error("{cell} lies in no region")]
    Uncovered {
        /// The cell.
        cell: Cell,
    },
}

/// The classic layout, shared by every classic and killer puzzle.
static CLASSIC: LazyLock<Arc<Layout>> =
    LazyLock::new(|| Arc::new(Layout::build(box_regions(), false, false)));

/// The box of every cell, as region numbers 0-8.
fn box_regions() -> ByCell<u8> {
    ByCell::from_fn(|cell| cell.box_index() as u8)
}

impl Layout {
    /// Classic Sudoku: rows, columns and boxes.
    pub fn classic() -> Layout {
        Layout::clone(&CLASSIC)
    }

    /// The classic layout, borrowed: no allocation.
    pub fn classic_ref() -> &'static Layout {
        &CLASSIC
    }

    /// The classic layout as the handle puzzles and positions share: no allocation.
    pub fn shared_classic() -> Arc<Layout> {
        Arc::clone(&CLASSIC)
    }

    /// Sudoku X: the classic houses plus the two long diagonals.
    pub fn x() -> Layout {
        Layout::build(box_regions(), false, true)
    }

    /// A jigsaw layout: rows, columns and the nine regions given as each cell's region number 0-8,
    /// in reading order. Every region must be nine cells that touch side by side. Regions that are
    /// exactly the boxes make the classic layout.
    ///
    /// ```
    /// use termdoku::engine::{Cell, Layout, LayoutError};
    /// let mut regions: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
    /// assert_eq!(Layout::jigsaw(&regions), Ok(Layout::classic()));
    /// regions[3] = 0; // r1c4 joins the first region
    /// regions[20] = 1; // and r3c3 the second: both stay connected
    /// assert!(Layout::jigsaw(&regions).unwrap().is_jigsaw());
    /// regions.swap(0, 4); // r1c1 goes to region 2, far from the rest of it
    /// assert!(matches!(Layout::jigsaw(&regions), Err(LayoutError::NotConnected { .. })));
    /// ```
    pub fn jigsaw(regions: &[u8; 81]) -> Result<Layout, LayoutError> {
        let regions = check_regions(regions)?;
        let jigsaw = regions != box_regions();
        Ok(Layout::build(regions, jigsaw, false))
    }

    /// Builds the tables of checked `regions`.
    fn build(regions: ByCell<u8>, jigsaw: bool, diagonals: bool) -> Layout {
        let mut houses: Vec<House> = House::ROWS.into_iter().chain(House::COLUMNS).collect();
        houses.extend(if jigsaw { House::REGIONS } else { House::BOXES });
        if diagonals {
            houses.extend(House::DIAGONALS);
        }
        let mut sets = [CellSet::EMPTY; House::COUNT];
        let mut cells = [[Cell::from_index(0); 9]; House::COUNT];
        for &house in &houses {
            let set = if house.kind() == HouseKind::Region {
                Cell::ALL.into_iter().filter(|&c| usize::from(regions[c]) == house.index_in_kind()).collect()
            } else {
                house.cell_set()
            };
            sets[house.index()] = set;
            for (slot, cell) in cells[house.index()].iter_mut().zip(set) {
                *slot = cell;
            }
        }
        let houses_of = ByCell::from_fn(|cell| {
            houses.iter().copied().filter(|h| sets[h.index()].contains(cell)).collect()
        });
        let peers = ByCell::from_fn(|cell: Cell| {
            let all: &Vec<House> = &houses_of[cell];
            all.iter().fold(CellSet::EMPTY, |acc, h| acc | sets[h.index()]) - cell.set()
        });
        Layout { regions, jigsaw, diagonals, houses, sets, cells, houses_of, peers }
    }

    /// Whether this is the classic layout (rows, columns, boxes and nothing more).
    pub fn is_classic(&self) -> bool {
        !self.jigsaw && !self.diagonals
    }

    /// Whether the regions are jigsaw regions rather than the boxes.
    pub fn is_jigsaw(&self) -> bool {
        self.jigsaw
    }

    /// Whether the two long diagonals are houses (Sudoku X).
    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    /// Whether the regions are the 3x3 boxes, so that box-based reasoning holds.
    pub fn has_boxes(&self) -> bool {
        !self.jigsaw
    }

    /// The houses in force: rows, columns, the nine regions (boxes or jigsaw regions), then the
    /// diagonals if any.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The nine regions: the boxes, or the jigsaw regions.
    pub fn regions(&self) -> [House; 9] {
        if self.jigsaw { House::REGIONS } else { House::BOXES }
    }

    /// Whether `house` is one of this layout's houses.
    pub fn has(&self, house: House) -> bool {
        !self.sets[house.index()].is_empty()
    }

    /// The cells of `house` (empty if the layout does not have it).
    pub fn set(&self, house: House) -> CellSet {
        self.sets[house.index()]
    }

    /// The nine cells of `house` in reading order. Only meaningful for a house the layout has.
    pub fn cells(&self, house: House) -> &[Cell; 9] {
        &self.cells[house.index()]
    }

    /// The region (box or jigsaw region) holding `cell`.
    pub fn region_of(&self, cell: Cell) -> House {
        self.regions()[usize::from(self.regions[cell])]
    }

    /// The zero-based number of the region holding `cell`.
    pub fn region_index(&self, cell: Cell) -> usize {
        usize::from(self.regions[cell])
    }

    /// The houses of `cell`: its row, column and region, then each diagonal it lies on.
    pub fn houses_of(&self, cell: Cell) -> &[House] {
        &self.houses_of[cell]
    }

    /// The other cells that share a house with `cell`.
    pub fn peers(&self, cell: Cell) -> CellSet {
        self.peers[cell]
    }

    /// Whether `a` and `b` are different cells sharing a house.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.peers[a].contains(b)
    }

    /// The cells that see every cell of `cells` (their own cells left out); all cells for none.
    pub fn common_peers(&self, cells: CellSet) -> CellSet {
        cells.iter().fold(CellSet::ALL, |acc, cell| acc & self.peers[cell])
    }

    /// The houses holding every cell of `cells` (none for the empty set), in house order.
    pub fn common_houses(&self, cells: CellSet) -> impl Iterator<Item = House> + '_ {
        let first = cells.first();
        first
            .into_iter()
            .flat_map(move |cell| self.houses_of[cell].iter().copied())
            .filter(move |&h| cells.is_subset(self.sets[h.index()]))
    }

    /// The first house (in [`Layout::houses_of`] order) holding both cells, if they share one.
    pub fn shared_house(&self, a: Cell, b: Cell) -> Option<House> {
        self.houses_of[a].iter().copied().find(|h| self.sets[h.index()].contains(b))
    }

    /// The region number (0-8) of every cell in reading order: the jigsaw line's second part.
    pub fn region_numbers(&self) -> [u8; 81] {
        *self.regions.values()
    }

    /// Every pair of cells of one house holding the same digit in `grid`, house by house.
    pub fn conflicts(&self, grid: &Grid) -> Vec<Conflict> {
        let mut found = Vec::new();
        for &house in &self.houses {
            let mut seen: [Option<Cell>; 9] = [None; 9];
            for &cell in self.cells(house) {
                if let Some(digit) = grid.get(cell) {
                    match seen[digit.index()] {
                        Some(first) => found.push(Conflict { digit, house, first, second: cell }),
                        None => seen[digit.index()] = Some(cell),
                    }
                }
            }
        }
        found
    }

    /// The first conflict of `grid` in house order, if any.
    pub fn first_conflict(&self, grid: &Grid) -> Option<Conflict> {
        if self.is_classic() {
            return grid.first_conflict();
        }
        self.conflicts(grid).into_iter().next()
    }

    /// The cells of `grid` whose digit another cell of one of their houses holds too.
    pub fn conflicting_cells(&self, grid: &Grid) -> CellSet {
        self.conflicts(grid).iter().fold(CellSet::EMPTY, |acc, c| acc | c.first.set() | c.second.set())
    }

    /// Whether `grid` is full and breaks no house of this layout.
    pub fn is_solved(&self, grid: &Grid) -> bool {
        grid.is_full() && self.first_conflict(grid).is_none()
    }
}

/// Two layouts are equal when their regions and diagonals are: the tables follow from those.
impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.diagonals == other.diagonals && self.regions == other.regions
    }
}

impl Eq for Layout {}

impl std::hash::Hash for Layout {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.regions.hash(state);
        self.diagonals.hash(state);
    }
}

impl Default for Layout {
    fn default() -> Layout {
        Layout::classic()
    }
}

/// Checks region numbers 0-8 for a jigsaw: nine regions of nine connected cells each.
fn check_regions(numbers: &[u8; 81]) -> Result<ByCell<u8>, LayoutError> {
    for (i, &region) in numbers.iter().enumerate() {
        if region > 8 {
            return Err(LayoutError::BadRegion {
                cell: Cell::from_index(i),
                region: usize::from(region) + 1,
            });
        }
    }
    let regions = ByCell::from_array(*numbers);
    for region in 0..9u8 {
        let members: CellSet = Cell::ALL.into_iter().filter(|&c| regions[c] == region).collect();
        if members.len() != 9 {
            return Err(LayoutError::WrongSize { region: usize::from(region) + 1, size: members.len() });
        }
        let reached = flood(members);
        if let Some(cell) = (members - reached).first() {
            return Err(LayoutError::NotConnected { region: usize::from(region) + 1, cell });
        }
    }
    Ok(regions)
}

/// The cells of `members` reachable from its first cell by steps to a side neighbour in `members`
/// (none for the empty set).
pub(crate) fn flood(members: CellSet) -> CellSet {
    let Some(start) = members.first() else { return CellSet::EMPTY };
    let mut reached = start.set();
    let mut frontier = start.set();
    while !frontier.is_empty() {
        let next = frontier.iter().fold(CellSet::EMPTY, |acc, c| acc | orthogonal_neighbours(c)) & members;
        frontier = next - reached;
        reached |= next;
    }
    reached
}

/// Checks region labels given as one per cell (as any text form carries them) and makes the layout:
/// `labels[i]` is cell `i`'s region label, any value; nine distinct labels are numbered in order of
/// first appearance. Cells with a label not among the first nine make an error naming the cell.
pub fn layout_from_labels<T: PartialEq + Copy>(labels: &[T; 81]) -> Result<Layout, LayoutError> {
    let mut seen: Vec<T> = Vec::with_capacity(9);
    let mut numbers = [0u8; 81];
    for (i, label) in labels.iter().enumerate() {
        let number = match seen.iter().position(|l| l == label) {
            Some(n) => n,
            None => {
                seen.push(*label);
                seen.len() - 1
            }
        };
        if number > 8 {
            return Err(LayoutError::BadRegion { cell: Cell::from_index(i), region: number + 1 });
        }
        numbers[i] = number as u8;
    }
    Layout::jigsaw(&numbers)
}

/// Makes a jigsaw layout from each region's list of cells, as forms that list regions rather than
/// label cells give them (f-puzzles): a cell in two lists is [`LayoutError::Overlap`], a cell in
/// none [`LayoutError::Uncovered`], a tenth list [`LayoutError::BadRegion`].
pub fn layout_from_region_lists(regions: &[Vec<Cell>]) -> Result<Layout, LayoutError> {
    let mut numbers: [Option<u8>; 81] = [None; 81];
    for (r, cells) in regions.iter().enumerate() {
        if r > 8 {
            let cell = cells.first().copied().unwrap_or(Cell::from_index(0));
            return Err(LayoutError::BadRegion { cell, region: r + 1 });
        }
        for &cell in cells {
            if let Some(first) = numbers[cell.index()] {
                return Err(LayoutError::Overlap { cell, first: usize::from(first) + 1, second: r + 1 });
            }
            numbers[cell.index()] = Some(r as u8);
        }
    }
    let mut checked = [0u8; 81];
    for (i, n) in numbers.iter().enumerate() {
        match n {
            Some(n) => checked[i] = *n,
            None => return Err(LayoutError::Uncovered { cell: Cell::from_index(i) }),
        }
    }
    Layout::jigsaw(&checked)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A jigsaw layout: the boxes, but r1c4 belongs to the first region and r3c3 to the second.
    fn traded() -> [u8; 81] {
        let mut regions: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
        regions[Cell::at(0, 3).index()] = 0;
        regions[Cell::at(2, 2).index()] = 1;
        regions
    }

    #[test]
    fn classic_layout_matches_the_fixed_tables() {
        let classic = Layout::classic();
        assert!(classic.is_classic() && classic.has_boxes());
        assert_eq!(classic.houses(), &House::ALL);
        for cell in Cell::ALL {
            assert_eq!(classic.peers(cell), cell.peers());
            assert_eq!(classic.houses_of(cell), &cell.houses());
            assert_eq!(classic.region_of(cell), cell.box_house());
        }
        for house in House::ALL {
            assert_eq!(classic.cells(house), house.cells());
        }
    }

    #[test]
    fn x_adds_the_diagonals() {
        let x = Layout::x();
        assert_eq!(x.cells(House::diagonal(0))[8], Cell::at(8, 8));
        assert_eq!(x.cells(House::diagonal(1))[0], Cell::at(0, 8));
        assert_eq!(x.houses_of(Cell::at(4, 4)).len(), 5);
        assert_eq!(x.houses_of(Cell::at(0, 1)).len(), 3);
        assert!(x.sees(Cell::at(0, 0), Cell::at(8, 8)));
        assert!(!Layout::classic().sees(Cell::at(0, 0), Cell::at(8, 8)));
        assert_eq!(x.shared_house(Cell::at(0, 0), Cell::at(8, 8)), Some(House::diagonal(0)));
        assert_eq!(x.common_houses(Cell::at(1, 1).set() | Cell::at(2, 2).set()).count(), 2);
    }

    #[test]
    fn jigsaw_regions_are_houses() {
        let layout = Layout::jigsaw(&traded()).expect("connected regions");
        assert!(layout.is_jigsaw() && !layout.has_boxes());
        assert_eq!(layout.region_of(Cell::at(2, 2)), House::region(1));
        assert!(layout.set(House::region(0)).contains(Cell::at(0, 3)));
        assert!(!layout.has(House::block(0)));
        assert!(layout.sees(Cell::at(0, 3), Cell::at(2, 0)));
        assert!(!layout.sees(Cell::at(2, 2), Cell::at(0, 0)));
        assert_eq!(layout.region_numbers(), traded());
    }

    #[test]
    fn bad_regions_are_named() {
        let mut regions = traded();
        regions[0] = 9;
        assert_eq!(
            Layout::jigsaw(&regions),
            Err(LayoutError::BadRegion { cell: Cell::at(0, 0), region: 10 })
        );
        let mut regions = traded();
        regions[80] = 0;
        assert_eq!(Layout::jigsaw(&regions), Err(LayoutError::WrongSize { region: 1, size: 10 }));
        let err = Layout::jigsaw(&{
            let mut r = traded();
            r.swap(0, 80);
            r
        })
        .expect_err("r1c1 and r9c9 swapped regions");
        assert_eq!(err.to_string(), "region 1 is not connected: r9c9 does not touch the rest of it");
        let lists: Vec<Vec<Cell>> =
            (0..9).map(|b| House::block(b).cells().to_vec()).chain([vec![Cell::at(0, 0)]]).collect();
        assert!(matches!(layout_from_region_lists(&lists), Err(LayoutError::BadRegion { region: 10, .. })));
        let mut lists: Vec<Vec<Cell>> = (0..9).map(|b| House::block(b).cells().to_vec()).collect();
        lists[1].push(Cell::at(0, 0));
        assert_eq!(
            layout_from_region_lists(&lists),
            Err(LayoutError::Overlap { cell: Cell::at(0, 0), first: 1, second: 2 })
        );
        lists[1].pop();
        lists[0].remove(0);
        assert_eq!(layout_from_region_lists(&lists), Err(LayoutError::Uncovered { cell: Cell::at(0, 0) }));
    }

    #[test]
    fn labels_number_regions_in_order_of_appearance() {
        let labels: [char; 81] =
            std::array::from_fn(|i| (b'a' + Cell::from_index(i).box_index() as u8) as char);
        assert_eq!(layout_from_labels(&labels), Ok(Layout::classic()));
        let mut ten = labels;
        ten[80] = 'z';
        assert!(matches!(layout_from_labels(&ten), Err(LayoutError::BadRegion { region: 10, .. })));
    }

    #[test]
    fn conflicts_use_every_house() {
        let mut grid = Grid::empty();
        grid.set(Cell::at(0, 0), crate::engine::Digit::new(5));
        grid.set(Cell::at(8, 8), crate::engine::Digit::new(5));
        assert!(Layout::classic().first_conflict(&grid).is_none());
        let conflict = Layout::x().first_conflict(&grid).expect("the main diagonal repeats 5");
        assert_eq!(conflict.house, House::diagonal(0));
        assert_eq!(conflict.to_string(), "digit 5 appears twice in the main diagonal: r1c1 and r9c9");
        assert_eq!(Layout::x().conflicting_cells(&grid).len(), 2);
    }
}
