//! Almost Locked Sets: ALS-XZ, ALS-XY-Wing, ALS-Chain and Death Blossom.
//!
//! An *almost locked set* (ALS) is `N` unsolved cells of one house holding `N + 1` digits between
//! them: take any one digit away and the rest are locked in the set. A digit `x` is a *restricted
//! common candidate* (RCC) of two ALSs when both hold it and every `x` of one sees every `x` of the
//! other, so at most one of the two holds `x`. Each technique of the family links ALSs by RCCs:
//!
//! - **ALS-XZ** ([`xz`]): two ALSs joined by an RCC `x`; one of them holds any other shared digit
//!   `z`. With two RCCs (doubly linked) both sets are locked.
//! - **ALS-XY-Wing** ([`xy_wing`]): a pivot ALS joined to two wing ALSs by different RCCs.
//! - **ALS-Chain** ([`chain`]): ALSs joined one after another by RCCs, no two successive alike.
//! - **Death Blossom** ([`death_blossom`]): a stem cell whose every candidate leads to a petal ALS.
//!
//! Houses, regions and peers come from the position's layout: the sets lie in any house of it (a
//! jigsaw's regions, the diagonals of a Sudoku X), and restricted commons see each other there.
//!
//! The sets are collected once per position ([`AlsIndex`], shared by the four techniques), with the
//! RCCs of every pair of sets. Sets may share cells (HoDoKu's "allow overlap" option, which its
//! library's `-2` cases need) as long as an RCC is not in a shared cell: none of the arguments
//! above needs the sets to be apart. The hint path sees the sets as HoDoKu's default solver does
//! instead ([`find_on_path`]): apart, listed in its order, chains going only forward in its list.
//! The searches are bounded (see each file), and each distinct set of eliminations is reported
//! once. Nothing here changes the candidate grid.

mod chain;
mod death_blossom;
mod xy_wing;
pub(crate) mod xz;

use std::ops::{ControlFlow, RangeInclusive};
use std::rc::Rc;

use crate::engine::{Candidate, Cell, CellSet, Digit, DigitSet, House};

use super::memo::LastPosition;
use super::subsets::cell_subsets;
use super::{Candidates, Sink, Technique};

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(search) = search_of(technique) else { return ControlFlow::Continue(()) };
    search(grid, &AlsIndex::cached(grid, Scope::All), sink)
}

/// Reports the instances of `technique` HoDoKu's solving path considers, in the order its search
/// meets them: its default configuration allows no overlapping sets, and takes an ALS-Chain's sets
/// in the order it lists them (each later in its list than the one before: its "forward only"
/// restricted commons). The sets are listed as HoDoKu lists them (see [`Scope::Path`]).
pub(super) fn find_on_path(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(search) = search_of(technique) else { return ControlFlow::Continue(()) };
    search(grid, &AlsIndex::cached(grid, Scope::Path), sink)
}

/// The search of one technique of the family.
type Search = fn(&Candidates, &AlsIndex, &mut Sink<'_>) -> ControlFlow<()>;

fn search_of(technique: Technique) -> Option<Search> {
    Some(match technique {
        Technique::AlsXz => xz::find,
        Technique::AlsXyWing => xy_wing::find,
        Technique::AlsChain => chain::find,
        Technique::DeathBlossom => death_blossom::find,
        _ => return None,
    })
}

/// Which sets and links an index holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Scope {
    /// Every set (a set inside a box-line intersection named by its box), sets may overlap, and an
    /// ALS-Chain may take them in any order: all instances, as HoDoKu's "find all steps" and its
    /// regression library see them.
    All,
    /// HoDoKu's solving path: the sets listed row by row, then column by column, then box by box,
    /// within a house as its depth-first search over the house's cells meets them (a set found
    /// twice keeps its first place); no two overlapping sets linked; an ALS-Chain goes only to
    /// later sets of the list.
    Path,
}

thread_local! {
    /// The index of the last position searched, for each scope: the techniques of the family run
    /// one after another on the same position, and share it.
    static LAST_INDEX: [LastPosition<(), AlsIndex>; 2] = const { [LastPosition::new(), LastPosition::new()] };
}

/// One almost locked set: `N` cells of a house with `N + 1` digits.
#[derive(Clone, Debug)]
pub(crate) struct Als {
    /// The house the cells were found in (a box first when they share one).
    pub house: House,
    /// The cells.
    pub cells: CellSet,
    /// The digits the cells hold between them (one more than there are cells).
    pub digits: DigitSet,
    /// For each digit, the cells of the set that hold it.
    pub cells_with: [CellSet; 9],
    /// For each digit, the cells outside the set that see every cell of the set holding it.
    pub seen_by: [CellSet; 9],
}

impl Als {
    /// The set on `cells` of `house`, which hold `digits` between them.
    pub(crate) fn new(grid: &Candidates, house: House, cells: CellSet, digits: DigitSet) -> Als {
        let mut cells_with = [CellSet::EMPTY; 9];
        let mut seen_by = [CellSet::EMPTY; 9];
        for digit in digits {
            let holding = cells & grid.cells_with(digit);
            cells_with[digit.index()] = holding;
            seen_by[digit.index()] = grid.layout().common_peers(holding);
        }
        Als { house, cells, digits, cells_with, seen_by }
    }

    /// The cells of the set holding `digit`.
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.cells_with[digit.index()]
    }

    /// The cells outside the set that see every cell of the set holding `digit` (all cells when the
    /// set does not hold it).
    pub fn seen_by(&self, digit: Digit) -> CellSet {
        if self.digits.contains(digit) { self.seen_by[digit.index()] } else { CellSet::ALL }
    }

    /// Every candidate of the set, cell by cell.
    pub fn candidates(&self, grid: &Candidates) -> Vec<Candidate> {
        super::step::all_candidates_in(grid, self.cells)
    }

    /// The set as a player reads it: `r1c2,r1c5 {3,5,7}`.
    pub fn describe(&self) -> String {
        format!("{} {}", self.cells, digits_in_braces(self.digits))
    }
}

/// Digits written `{3,5,7}`.
pub(super) fn digits_in_braces(digits: DigitSet) -> String {
    let digits: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    format!("{{{}}}", digits.join(","))
}

/// The digits a step removes, as the sentence naming who holds them reads: `7`, `each of 2 and 7`.
pub(super) fn removed_digits(eliminations: &[Candidate]) -> String {
    let digits: DigitSet = eliminations.iter().map(|e| e.digit).collect();
    let list = super::digit_list(digits);
    if digits.len() > 1 { format!("each of {list}") } else { list }
}

/// A link between two sets: the digits that are restricted common candidates of both.
#[derive(Clone, Copy, Debug)]
pub(super) struct Link {
    /// The index of the other set in [`AlsIndex::sets`].
    pub other: usize,
    /// The restricted common candidates (one or two in a valid position).
    pub digits: DigitSet,
}

/// Every ALS of a position, with the restricted common candidates between them.
pub(super) struct AlsIndex {
    /// Which sets and links it holds.
    pub scope: Scope,
    /// The sets, each cell set once.
    pub sets: Vec<Als>,
    /// For each set, its links to the sets it shares restricted common candidates with.
    pub links: Vec<Vec<Link>>,
    /// For each set, the digits some cell outside it could lose: a cell holding the digit sees all
    /// the set's cells holding it. Only these digits can be removed by a pattern ending in the set.
    pub reach: Vec<DigitSet>,
}

impl AlsIndex {
    /// The index of `grid` for `scope`, reused when the last position searched on this thread for
    /// that scope was the same.
    pub fn cached(grid: &Candidates, scope: Scope) -> Rc<AlsIndex> {
        LAST_INDEX.with(|last| last[scope as usize].get_or_make(grid, (), || AlsIndex::new(grid, scope)))
    }

    /// Collects the ALSs of `grid` for `scope` and links every pair of sets with restricted common
    /// candidates (each set's links ordered by the other set's place in the list).
    pub fn new(grid: &Candidates, scope: Scope) -> AlsIndex {
        let sets = match scope {
            Scope::All => collect_sets(grid, 1..=9),
            Scope::Path => collect_sets_in_hodoku_order(grid),
        };
        let mut links = link_sets(grid, &sets);
        if scope == Scope::Path {
            for (i, links) in links.iter_mut().enumerate() {
                links.retain(|l| !sets[i].cells.intersects(sets[l.other].cells));
            }
        }
        for links in &mut links {
            links.sort_by_key(|l| l.other);
        }
        let reach = sets
            .iter()
            .map(|set| {
                set.digits.iter().filter(|&d| !(set.seen_by(d) & grid.cells_with(d)).is_empty()).collect()
            })
            .collect();
        AlsIndex { scope, sets, links, reach }
    }

    /// The set at `index`.
    pub fn set(&self, index: usize) -> &Als {
        &self.sets[index]
    }
}

/// The links of every set. Two sets share a restricted common candidate `d` when every cell of one
/// holding `d` sees every cell of the other holding it (so neither holds `d` in a cell they share):
/// the other set's first `d` cell is then among the cells the first set's `d`s see, which is where
/// the candidates are looked up.
fn link_sets(grid: &Candidates, sets: &[Als]) -> Vec<Vec<Link>> {
    let by_first_cell = FirstCellIndex::new(sets);
    let mut links = vec![Vec::new(); sets.len()];
    let mut shared = vec![DigitSet::EMPTY; sets.len()];
    let mut touched = Vec::new();
    for (i, a) in sets.iter().enumerate() {
        for digit in a.digits {
            let seen = a.seen_by(digit);
            for cell in seen & grid.cells_with(digit) {
                for &j in by_first_cell.sets(digit, cell).iter().filter(|&&j| j > i) {
                    if sets[j].cells_with(digit).is_subset(seen) {
                        if shared[j].is_empty() {
                            touched.push(j);
                        }
                        shared[j].insert(digit);
                    }
                }
            }
        }
        for j in touched.drain(..) {
            let digits = std::mem::replace(&mut shared[j], DigitSet::EMPTY);
            links[i].push(Link { other: j, digits });
            links[j].push(Link { other: i, digits });
        }
    }
    links
}

/// The sets listed by their first cell holding each digit: one flat list, grouped by (digit, cell).
struct FirstCellIndex {
    /// Where the group of each (digit, cell) starts in `sets`; one more entry closes the last group.
    starts: Vec<usize>,
    /// The set indices, grouped.
    sets: Vec<usize>,
}

impl FirstCellIndex {
    fn new(sets: &[Als]) -> FirstCellIndex {
        let key = |digit: Digit, cell: Cell| digit.index() * 81 + cell.index();
        let mut starts = vec![0; 9 * 81 + 1];
        let firsts = || {
            sets.iter().enumerate().flat_map(|(i, set)| {
                set.digits.iter().filter_map(move |d| set.cells_with(d).first().map(|c| (key(d, c), i)))
            })
        };
        for (k, _) in firsts() {
            starts[k + 1] += 1;
        }
        for k in 0..9 * 81 {
            starts[k + 1] += starts[k];
        }
        let mut filled = starts.clone();
        let mut grouped = vec![0; starts[9 * 81]];
        for (k, i) in firsts() {
            grouped[filled[k]] = i;
            filled[k] += 1;
        }
        FirstCellIndex { starts, sets: grouped }
    }

    /// The sets whose first cell holding `digit` is `cell`, in index order.
    fn sets(&self, digit: Digit, cell: Cell) -> &[usize] {
        let k = digit.index() * 81 + cell.index();
        &self.sets[self.starts[k]..self.starts[k + 1]]
    }
}

/// Every ALS in `grid` of `size` cells, as [`collect_sets`] lists them. The Sudoku Explainer
/// estimate builds its WXYZ- and VWXYZ-Wings on them.
pub(crate) fn sets_of_size(grid: &Candidates, size: usize) -> Vec<Als> {
    collect_sets(grid, size..=size)
}

/// Every ALS in `grid` with a number of cells in `sizes`: each set of unsolved cells of a house
/// with one digit more than cells, each cell set once (boxes are searched first, so a set inside a
/// box-line intersection is named by its box). The houses are the layout's: a jigsaw's regions
/// take the boxes' part, and the diagonals of a Sudoku X come last.
fn collect_sets(grid: &Candidates, sizes: RangeInclusive<usize>) -> Vec<Als> {
    let mut sets: Vec<Als> = Vec::new();
    let layout = grid.layout();
    let diagonals = if layout.has_diagonals() { &House::DIAGONALS[..] } else { &[] };
    let houses = layout
        .regions()
        .into_iter()
        .chain(House::ROWS)
        .chain(House::COLUMNS)
        .chain(diagonals.iter().copied());
    for house in houses {
        let subsets = cell_subsets(grid, grid.house_set(house) & grid.unsolved());
        // The whole house (the last subset) is never almost locked: it holds as many digits as cells.
        for &(cells, digits) in subsets.iter().take(subsets.len().saturating_sub(1)) {
            if digits.len() != cells.len() + 1 || !sizes.contains(&cells.len()) {
                continue;
            }
            // A set inside a region was found there (a set of a line or diagonal lies in no other
            // line or diagonal, one cell apart, which lies in a region).
            let in_one_box =
                cells.first().is_some_and(|cell| cells.is_subset(layout.set(layout.region_of(cell))));
            if !layout.regions().contains(&house) && in_one_box {
                continue;
            }
            sets.push(Als::new(grid, house, cells, digits));
        }
    }
    sets
}

/// Every ALS in `grid` as HoDoKu's solver lists them: the sets of [`collect_sets`], each named by
/// the first house holding it in the order rows, columns, boxes, and listed house by house in that
/// order; within a house as a depth-first search over its cells meets them (a set before its
/// extensions: `{a}`, `{a,b}`, `{a,b,c}`, `{a,c}`, `{b}`), which is the order of the sets' lists of
/// cell indices.
fn collect_sets_in_hodoku_order(grid: &Candidates) -> Vec<Als> {
    let mut sets = collect_sets(grid, 1..=9);
    for set in &mut sets {
        let Some(first) = set.cells.first() else { continue };
        let lines = [first.row_house(), first.col_house()];
        set.house = lines.into_iter().find(|l| set.cells.is_subset(l.cell_set())).unwrap_or(set.house);
    }
    // The list of cell indices as a fixed array: it increases, so only its first entry may be 0,
    // and padding with 0 sorts a list before its extensions, as the list itself would.
    sets.sort_by_cached_key(|set| {
        let mut cells = [0u8; 9];
        for (slot, cell) in cells.iter_mut().zip(set.cells) {
            *slot = cell.index() as u8;
        }
        (set.house.index(), cells)
    });
    sets
}

/// The candidates of `digit` in `cells` that the grid still holds.
pub(super) fn removable(grid: &Candidates, digit: Digit, cells: CellSet) -> impl Iterator<Item = Candidate> {
    (cells & grid.cells_with(digit)).iter().map(move |c| Candidate::new(c, digit))
}

/// What sets `a` and `b` remove through `digits` (each one of the two must hold): every candidate
/// of such a digit that sees all its places in both sets, digit by digit.
pub(super) fn removed_between(grid: &Candidates, a: &Als, b: &Als, digits: DigitSet) -> Vec<Candidate> {
    digits.iter().flat_map(|z| removable(grid, z, a.seen_by(z) & b.seen_by(z))).collect()
}

#[cfg(test)]
mod tests;
