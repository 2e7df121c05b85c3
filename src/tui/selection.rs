//! The killer player's arithmetic helpers, as data and panel lines: a selection of several cells
//! (its count, the digits placed in it and their sum, the cells still empty, and for a sum the
//! player types the combinations its empty cells can hold), the combination lookup for any sum
//! and size (`SUM SIZE` typed with nothing selected), and the rule-of-45 view of the cursor's
//! house, band or stack (its total, the cages inside, the innies and outies with their sums).
//! The combinations are the engine's [`ComboLookup`], the rule of 45 the engine's [`house_sums`].
//! The app changes [`Helpers`] on keys; the panel and the board read them through here.

use ratatui::text::{Line, Span};

use crate::engine::killer::{Cages, ComboLookup};
use crate::engine::logic::{HouseSums, house_sums};
use crate::engine::{Cell, CellSet, Digit, DigitSet, Grid, House, Layout};

use super::theme::Theme;

/// The region the rule-of-45 view reads around the cursor; each press of its key takes the next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Region {
    /// The cursor's row.
    Row,
    /// The cursor's column.
    Column,
    /// The cursor's box (on a jigsaw, its region).
    Box,
    /// The three rows of the cursor's band.
    Band,
    /// The three columns of the cursor's stack.
    Stack,
}

impl Region {
    /// The region after this one, `None` after the last (the view closes).
    pub fn next(self) -> Option<Region> {
        match self {
            Region::Row => Some(Region::Column),
            Region::Column => Some(Region::Box),
            Region::Box => Some(Region::Band),
            Region::Band => Some(Region::Stack),
            Region::Stack => None,
        }
    }

    /// The houses of this region around `cell` under `layout`.
    pub fn houses(self, cell: Cell, layout: &Layout) -> Vec<House> {
        match self {
            Region::Row => vec![cell.row_house()],
            Region::Column => vec![cell.col_house()],
            Region::Box => vec![layout.region_of(cell)],
            Region::Band => (0..3).map(|i| House::row(cell.row() / 3 * 3 + i)).collect(),
            Region::Stack => (0..3).map(|i| House::column(cell.col() / 3 * 3 + i)).collect(),
        }
    }
}

/// A sum typed at the prompt.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Asked {
    /// The sum of the selected cells.
    Sum(u32),
    /// A sum and a number of cells, looked up on their own.
    SumAndSize(u32, usize),
}

/// What the helpers show: the selection, the sum prompt being typed, the sum typed, the region of
/// the rule-of-45 view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Helpers {
    /// The selected cells.
    pub selected: CellSet,
    /// The text typed at the sum prompt while it is open.
    pub prompt: Option<String>,
    /// The sum typed last.
    pub asked: Option<Asked>,
    /// The rule-of-45 view's region, while it shows.
    pub region: Option<Region>,
}

impl Helpers {
    /// Extends the selection from `from` (selected first when nothing is) to `to`.
    pub fn extend(&mut self, from: Cell, to: Cell) {
        if self.selected.is_empty() {
            self.selected.insert(from);
        }
        self.selected.insert(to);
    }

    /// Clears the selection and the sum typed for it.
    pub fn clear_selection(&mut self) {
        self.selected = CellSet::EMPTY;
        self.asked = None;
    }

    /// Whether anything shows (a selection, a prompt, a looked-up sum, the rule-of-45 view).
    pub fn showing(&self) -> bool {
        !self.selected.is_empty() || self.prompt.is_some() || self.asked.is_some() || self.region.is_some()
    }

    /// The cells the board highlights: the selection (or the innies of the rule-of-45 view), and
    /// the outies.
    pub fn board_cells(&self, cursor: Cell, cages: Option<&Cages>, layout: &Layout) -> (CellSet, CellSet) {
        match (self.region, cages) {
            (Some(region), Some(cages)) => {
                let sums = house_sums(cages, layout, &region.houses(cursor, layout));
                (sums.innies, sums.outies)
            }
            _ => (self.selected, CellSet::EMPTY),
        }
    }

    /// The panel's lines for what shows, in `width` columns (none when nothing shows).
    pub fn lines(&self, view: HelperView<'_>, width: u16) -> Vec<Line<'static>> {
        let theme = view.theme;
        let mut lines = Vec::new();
        if let Some(region) = self.region
            && let Some(cages) = view.cages
        {
            lines.extend(rule45_lines(
                &house_sums(cages, view.layout, &region.houses(view.cursor, view.layout)),
                theme,
            ));
        }
        if !self.selected.is_empty() {
            let sums = SelectionSums::of(self.selected, view.grid, view.cages, view.layout);
            lines.extend(sums.lines(theme));
            if let Some(Asked::Sum(sum)) = self.asked {
                lines.extend(sums.lookup_lines(sum, theme, width));
            }
        } else if let Some(Asked::SumAndSize(sum, size)) = self.asked {
            lines.push(Line::from(vec![
                Span::styled("Combos ", theme.dim),
                Span::raw(format!("{sum} in {size}")),
            ]));
            lines.extend(lookup_lines(
                ComboLookup::new(size, sum, DigitSet::EMPTY, DigitSet::EMPTY),
                theme,
                width,
            ));
        }
        if let Some(text) = &self.prompt {
            let what = if self.selected.is_empty() { "Sum size? " } else { "Sum? " };
            lines.push(Line::from(vec![Span::styled(what, theme.title), Span::raw(format!("{text}_"))]));
        }
        lines
    }
}

/// What the helper lines read besides [`Helpers`].
#[derive(Clone, Copy)]
pub struct HelperView<'a> {
    /// The board's digits.
    pub grid: &'a Grid,
    /// The cages of a killer.
    pub cages: Option<&'a Cages>,
    /// The puzzle's houses.
    pub layout: &'a Layout,
    /// The cursor.
    pub cursor: Cell,
    /// The styles.
    pub theme: &'a Theme,
}

/// Reads the prompt's text: `23` (a sum for the selection) or `23 4` (a sum and a size).
pub fn parse_prompt(text: &str, selection: bool) -> Result<Asked, String> {
    let numbers: Vec<&str> = text.split_whitespace().collect();
    let number =
        |word: &str, what: &str| word.parse::<u32>().map_err(|_| format!("{what} `{word}` is not a number"));
    match (numbers.as_slice(), selection) {
        ([sum], true) => Ok(Asked::Sum(number(sum, "sum")?)),
        ([sum, size], _) => {
            let size = number(size, "size")?;
            Ok(Asked::SumAndSize(number(sum, "sum")?, usize::try_from(size).unwrap_or(usize::MAX)))
        }
        (_, true) => Err("type a sum, then Enter".to_string()),
        (_, false) => Err("type a sum and a size (`23 4`), then Enter".to_string()),
    }
}

/// The selection's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectionSums {
    /// The selected cells.
    pub cells: CellSet,
    /// The digits placed in them, smallest first, a repeated one as often as it is placed.
    pub placed: Vec<Digit>,
    /// Their sum.
    pub placed_sum: u32,
    /// The selected cells still empty.
    pub empty: CellSet,
    /// Whether the cells cannot repeat a digit (all in one house or one cage).
    pub distinct: bool,
}

impl SelectionSums {
    /// The figures of `cells` on `grid` (with `cages`, to know whether they are one cage).
    pub fn of(cells: CellSet, grid: &Grid, cages: Option<&Cages>, layout: &Layout) -> SelectionSums {
        let mut placed: Vec<Digit> = cells.iter().filter_map(|c| grid.get(c)).collect();
        placed.sort_by_key(|d| d.get());
        let placed_sum = placed.iter().map(|d| u32::from(d.get())).sum();
        let empty = cells.iter().filter(|&c| grid.get(c).is_none()).collect();
        let one_cage = cages.is_some_and(|cages| {
            let first = cells.iter().next().and_then(|c| cages.cage_of(c));
            first.is_some() && cells.iter().all(|c| cages.cage_of(c) == first)
        });
        let distinct = one_cage || layout.common_houses(cells).next().is_some();
        SelectionSums { cells, placed, placed_sum, empty, distinct }
    }

    /// `Selected 3  sum 9`, `Placed 4 5`, `Empty  r1c8 r1c9`.
    pub fn lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let count = self.cells.len();
        let mut lines = vec![Line::from(vec![
            Span::styled("Selected ", theme.dim),
            Span::raw(count.to_string()),
            Span::styled("  sum ", theme.dim),
            Span::raw(self.placed_sum.to_string()),
        ])];
        if !self.placed.is_empty() {
            let placed: Vec<String> = self.placed.iter().map(|d| d.to_string()).collect();
            lines.push(Line::from(vec![Span::styled("Placed ", theme.dim), Span::raw(placed.join(" "))]));
        }
        let empty = match self.empty.len() {
            0 => "none".to_string(),
            1..=4 => self.empty.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "),
            n => format!("{n} cells"),
        };
        lines.push(Line::from(vec![Span::styled("Empty  ", theme.dim), Span::raw(empty)]));
        lines
    }

    /// The combinations the empty cells can hold when the selection adds up to `sum`: distinct
    /// digits adding up to what the placed digits leave, without the placed digits where the cells
    /// cannot repeat one (said otherwise).
    pub fn lookup_lines(&self, sum: u32, theme: &Theme, width: u16) -> Vec<Line<'static>> {
        let size = self.empty.len();
        let mut lines = Vec::new();
        let Some(left) = sum.checked_sub(self.placed_sum).filter(|_| size > 0) else {
            let verdict = if size == 0 && sum == self.placed_sum { "made" } else { "cannot be made" };
            lines.push(Line::from(vec![
                Span::styled(format!("Sum {sum}: "), theme.dim),
                Span::styled(verdict.to_string(), if verdict == "made" { theme.title } else { theme.alert }),
            ]));
            return lines;
        };
        lines.push(Line::from(vec![
            Span::styled(format!("Sum {sum}: "), theme.dim),
            Span::raw(format!("{left} in {size}")),
        ]));
        let exclude = if self.distinct { self.placed.iter().copied().collect() } else { DigitSet::EMPTY };
        lines.extend(lookup_lines(ComboLookup::new(size, left, DigitSet::EMPTY, exclude), theme, width));
        if !self.distinct {
            lines.push(Line::styled("(digits assumed distinct)", theme.dim));
        }
        lines
    }
}

/// The combinations of a lookup, at most three rows of `width` (`+N` for the rest), then what
/// they must and can't contain; or why there are none.
fn lookup_lines(
    lookup: Result<ComboLookup, crate::engine::killer::LookupError>,
    theme: &Theme,
    width: u16,
) -> Vec<Line<'static>> {
    let lookup = match lookup {
        Ok(lookup) => lookup,
        Err(error) => return vec![Line::styled(error.to_string(), theme.alert)],
    };
    if lookup.sets.is_empty() {
        return vec![Line::from(vec![Span::styled("Ways   ", theme.dim), Span::styled("none", theme.alert)])];
    }
    let width = usize::from(width).max(12);
    let mut rows: Vec<String> = vec![String::new()];
    for (shown, set) in lookup.sets.iter().enumerate() {
        let text = set.to_string();
        let last = rows.len() == 3;
        let room = width - 7 - if last && shown + 1 < lookup.sets.len() { 4 } else { 0 };
        let row = rows.last_mut().expect("a row");
        if !row.is_empty() && row.len() + 1 + text.len() > room {
            if last {
                row.push_str(&format!(" +{}", lookup.sets.len() - shown));
                break;
            }
            rows.push(text);
        } else {
            if !row.is_empty() {
                row.push(' ');
            }
            row.push_str(&text);
        }
    }
    let mut lines: Vec<Line<'static>> = rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            Line::from(vec![
                Span::styled(if i == 0 { "Ways   " } else { "       " }, theme.dim),
                Span::raw(row),
            ])
        })
        .collect();
    lines.push(Line::from(vec![Span::styled("Must   ", theme.dim), Span::raw(lookup.always().to_string())]));
    lines.push(Line::from(vec![Span::styled("Can't  ", theme.dim), Span::raw(lookup.never().to_string())]));
    lines
}

/// A band or stack named by its first and last line (`rows 1-3` for `rows 1, 2 and 3`), so that its
/// heading fits the narrow panel at 80x24; any other name as it is.
fn short_name(name: &str) -> String {
    let Some((kind, numbers)) = name.split_once(' ') else { return name.to_string() };
    let numbers: Option<Vec<u32>> =
        numbers.replace(" and ", ", ").split(", ").map(|n| n.trim().parse().ok()).collect();
    match numbers.as_deref() {
        Some([first, .., last])
            if numbers.as_ref().is_some_and(|n| n.windows(2).all(|w| w[1] == w[0] + 1)) =>
        {
            format!("{kind} {first}-{last}")
        }
        _ => name.to_string(),
    }
}

/// The rule-of-45 view: `Row 3  total 45`, the cages inside with their sum, the innies and outies
/// with theirs.
pub fn rule45_lines(sums: &HouseSums, theme: &Theme) -> Vec<Line<'static>> {
    let cells = |set: CellSet| set.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let mut name = short_name(&sums.name);
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    let inside: Vec<String> = sums.inside.iter().map(|c| c.sum().to_string()).collect();
    let mut lines = vec![
        Line::from(vec![
            Span::styled(name, theme.title),
            Span::styled("  total ", theme.dim),
            Span::raw(sums.total.to_string()),
        ]),
        Line::from(vec![
            Span::styled("Inside ", theme.dim),
            Span::raw(if inside.is_empty() {
                "no cage".to_string()
            } else {
                format!("{} = {}", inside.join("+"), sums.inside_sum)
            }),
        ]),
    ];
    if sums.innies.is_empty() {
        lines.push(Line::from(vec![Span::styled("Innies ", theme.dim), Span::raw("none")]));
    } else {
        lines.push(Line::from(vec![
            Span::styled("Innies ", theme.dim),
            Span::raw(format!("{} = {}", cells(sums.innies), sums.innie_sum)),
        ]));
    }
    if !sums.outies.is_empty() {
        let sum = sums.outie_sum.map_or("?".to_string(), |s| s.to_string());
        lines.push(Line::from(vec![
            Span::styled("Outies ", theme.dim),
            Span::raw(format!("{} = {sum}", cells(sums.outies))),
        ]));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::short_name;

    #[test]
    fn a_band_is_named_by_its_first_and_last_line() {
        assert_eq!(short_name("rows 1, 2 and 3"), "rows 1-3");
        assert_eq!(short_name("columns 7, 8 and 9"), "columns 7-9");
        assert_eq!(short_name("row 4"), "row 4");
        assert_eq!(short_name("box 5"), "box 5");
        assert_eq!(short_name("rows 1, 3 and 5"), "rows 1, 3 and 5");
    }
}
