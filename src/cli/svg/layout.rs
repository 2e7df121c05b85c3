//! Where things go on a printed sheet: the paper's size, and the place and size of each puzzle's
//! grid and caption for 1, 2, 4 or 6 puzzles a page. Geometry only, in millimetres (the SVG's user
//! unit): nothing here writes an element.

use clap::ValueEnum;

/// The paper a sheet is printed on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, ValueEnum)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// The width and height in millimetres.
    pub const fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    /// The width and height as the SVG's `width` and `height` attributes, in the paper's own unit.
    pub const fn size_attributes(self) -> (&'static str, &'static str) {
        match self {
            Paper::A4 => ("210mm", "297mm"),
            Paper::Letter => ("8.5in", "11in"),
        }
    }

    /// The name CSS's `@page { size }` takes.
    pub const fn css_name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }
}

/// How many puzzles a page holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, ValueEnum)]
pub enum PerPage {
    /// One big grid.
    #[default]
    #[value(name = "1")]
    One,
    /// Two, one above the other.
    #[value(name = "2")]
    Two,
    /// Four, two by two.
    #[value(name = "4")]
    Four,
    /// Six, two across and three down.
    #[value(name = "6")]
    Six,
}

impl PerPage {
    /// How many puzzles a page holds.
    pub const fn count(self) -> usize {
        let (columns, rows) = self.columns_rows();
        columns * rows
    }

    /// The columns and rows of grids on a page.
    const fn columns_rows(self) -> (usize, usize) {
        match self {
            PerPage::One => (1, 1),
            PerPage::Two => (1, 2),
            PerPage::Four => (2, 2),
            PerPage::Six => (2, 3),
        }
    }
}

/// The blank border around everything printed, in mm (inside every printer's unprintable edge).
const MARGIN: f64 = 12.0;
/// The room at the foot of a page for its footer line, in mm.
const FOOTER: f64 = 6.0;
/// The space between two grids, in mm.
const GAP: f64 = 8.0;

/// The place of one puzzle on a page, in mm from the page's top-left corner.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Slot {
    /// The grid's left edge.
    pub x: f64,
    /// The grid's top edge.
    pub y: f64,
    /// The grid's side (it is square).
    pub side: f64,
    /// The caption's font size; its baseline is a little above the grid, from its left edge.
    pub caption_size: f64,
}

impl Slot {
    /// The side of one cell.
    pub fn cell(&self) -> f64 {
        self.side / 9.0
    }
}

/// The page's geometry: its size, the places of its grids, and its footer's baseline.
#[derive(Clone, PartialEq, Debug)]
pub struct PageLayout {
    /// The paper.
    pub paper: Paper,
    /// The places of the grids, in reading order (left to right, then down).
    pub slots: Vec<Slot>,
    /// The footer's baseline, in mm from the top (its text is centred on the page).
    pub footer_y: f64,
}

/// The layout of a page of `per_page` puzzles on `paper`: the printable area inside the margins
/// (less the footer) cut into equal cells, each holding a caption above the largest square grid
/// that fits, centred.
///
/// ```
/// use termdoku::cli::svg::layout::{PageLayout, Paper, PerPage, page_layout};
/// let page = page_layout(Paper::A4, PerPage::Four);
/// assert_eq!(page.slots.len(), 4);
/// assert!(page.slots.iter().all(|s| s.x >= 0.0 && s.x + s.side <= 210.0 && s.y + s.side <= 297.0));
/// ```
pub fn page_layout(paper: Paper, per_page: PerPage) -> PageLayout {
    let (width, height) = paper.size_mm();
    let (columns, rows) = per_page.columns_rows();
    let area_width = width - 2.0 * MARGIN;
    let area_height = height - 2.0 * MARGIN - FOOTER;
    let slot_width = area_width / columns as f64;
    let slot_height = area_height / rows as f64;
    let caption_size = (slot_height * 0.035).clamp(3.2, 4.5);
    let caption_room = caption_size * 1.6;
    let side = (slot_width - GAP).min(slot_height - GAP - caption_room);
    let mut slots = Vec::with_capacity(per_page.count());
    for row in 0..rows {
        for column in 0..columns {
            let left = MARGIN + column as f64 * slot_width;
            let top = MARGIN + row as f64 * slot_height;
            let x = left + (slot_width - side) / 2.0;
            let y = top + caption_room + (slot_height - caption_room - side) / 2.0;
            slots.push(Slot { x, y, side, caption_size });
        }
    }
    PageLayout { paper, slots, footer_y: height - MARGIN }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_stay_inside_the_margins_and_apart() {
        for paper in [Paper::A4, Paper::Letter] {
            let (width, height) = paper.size_mm();
            for per_page in [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six] {
                let page = page_layout(paper, per_page);
                assert_eq!(page.slots.len(), per_page.count());
                assert!(page.footer_y < height - 10.0, "{paper:?}: the footer stays off the printer's edge");
                for (i, a) in page.slots.iter().enumerate() {
                    assert!(a.x >= MARGIN && a.x + a.side <= width - MARGIN, "{paper:?} {per_page:?} {a:?}");
                    assert!(a.y - a.caption_size * 1.6 >= MARGIN - 1e-9, "{paper:?} {per_page:?} {a:?}");
                    assert!(a.y + a.side <= page.footer_y - FOOTER + 1e-9, "{paper:?} {per_page:?} {a:?}");
                    for b in &page.slots[i + 1..] {
                        let apart_x = a.x + a.side + GAP <= b.x + 1e-9 || b.x + b.side + GAP <= a.x + 1e-9;
                        let apart_y = a.y + a.side + GAP <= b.y + 1e-9 || b.y + b.side + GAP <= a.y + 1e-9;
                        assert!(apart_x || apart_y, "{paper:?} {per_page:?} {a:?} {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn one_a_page_is_big_and_six_still_leave_writing_room() {
        assert!(page_layout(Paper::A4, PerPage::One).slots[0].side >= 175.0);
        assert!(page_layout(Paper::Letter, PerPage::Six).slots[0].cell() >= 7.5);
    }
}
