//! The elements of one printed page: the paper, each puzzle's caption and grid (thin cell lines,
//! heavy box lines, or for a jigsaw heavy walls between its regions; for Sudoku X the diagonal
//! cells tinted and two thin corner-to-corner lines, which mark them without colour), a killer's dashed cage outlines with their sums on a white ground in the
//! top-left corner, and the digits (the givens, and on a solution page the solved digits apart).
//! Where things go is [`super::layout`]'s; what the cages' outlines are is [`super::cages`]'s.

use std::fmt::Write as _;

use super::cages::{Corner, Offset, outline};
use super::layout::{PageLayout, Slot};
use crate::engine::killer::Cages;
use crate::engine::{Cell, Digit, Grid, House, Layout};

/// The fonts of every text, the first one installed winning.
const FONTS: &str = "Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

/// One puzzle as a page draws it.
#[derive(Clone, Copy, Debug)]
pub struct Drawn<'a> {
    /// The line above the grid.
    pub caption: &'a str,
    /// The givens.
    pub givens: &'a Grid,
    /// The houses: the boxes, a jigsaw's regions, and X's diagonals.
    pub layout: &'a Layout,
    /// A killer's cages.
    pub cages: Option<&'a Cages>,
    /// On a solution page, the solution (its digits that are not givens are drawn apart).
    pub solution: Option<&'a Grid>,
}

/// The `<svg>` element of one page holding `puzzles` in `layout`'s places (the first ones; there
/// are never more puzzles than places), with `footer` at its foot and `title` as its title.
pub fn page_svg(layout: &PageLayout, puzzles: &[Drawn<'_>], title: &str, footer: &str) -> String {
    let (width, height) = layout.paper.size_mm();
    let (width_attr, height_attr) = layout.paper.size_attributes();
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width_attr}" height="{height_attr}" viewBox="0 0 {} {}" font-family="{FONTS}">"#,
        num(width),
        num(height),
    );
    let _ = writeln!(svg, "<title>{}</title>", escape(title));
    // A browser printing the SVG itself takes its paper and margins from here: one page, edge to
    // edge (the page's own margins keep everything off the printer's edge).
    let _ = writeln!(svg, "<style>@page {{ size: {width_attr} {height_attr}; margin: 0 }}</style>");
    let _ = writeln!(
        svg,
        r##"<rect class="paper" width="{}" height="{}" fill="#fff"/>"##,
        num(width),
        num(height)
    );
    for (slot, puzzle) in layout.slots.iter().zip(puzzles) {
        write_puzzle(&mut svg, slot, puzzle);
    }
    let _ = writeln!(
        svg,
        r##"<text class="footer" x="{}" y="{}" font-size="2.8" text-anchor="middle" fill="#666">{}</text>"##,
        num(width / 2.0),
        num(layout.footer_y),
        escape(footer),
    );
    svg.push_str("</svg>\n");
    svg
}

/// One puzzle in its slot: caption, cages and sums, grid lines, digits.
fn write_puzzle(svg: &mut String, slot: &Slot, puzzle: &Drawn<'_>) {
    svg.push_str("<g class=\"puzzle\">\n");
    let _ = writeln!(
        svg,
        r#"<text class="caption" x="{}" y="{}" font-size="{}">{}</text>"#,
        num(slot.x),
        num(slot.y - slot.caption_size * 0.5),
        num(slot.caption_size),
        escape(puzzle.caption),
    );
    if puzzle.layout.has_diagonals() {
        write_diagonals(svg, slot, puzzle.layout);
    }
    if let Some(cages) = puzzle.cages {
        write_cages(svg, slot, cages);
    }
    if puzzle.layout.is_jigsaw() {
        write_region_lines(svg, slot, puzzle.layout, puzzle.cages.is_some());
    } else {
        write_lines(svg, slot, puzzle.cages.is_some());
    }
    write_digits(svg, slot, puzzle);
    svg.push_str("</g>\n");
}

/// The thin lines between cells, then the heavy lines of the boxes and the frame (four across,
/// four down, squared at their ends so the frame's corners close). A killer's thin lines are grey,
/// as printed killers draw them, so that the dashed cage outlines read apart from them.
fn write_lines(svg: &mut String, slot: &Slot, killer: bool) {
    let cell = slot.cell();
    let line = |svg: &mut String, i: usize| {
        let at = i as f64 * cell;
        let (x, y, end_x, end_y) = (slot.x + at, slot.y + at, slot.x + slot.side, slot.y + slot.side);
        let (sx, sy) = (num(slot.x), num(slot.y));
        let _ = writeln!(svg, r#"<line x1="{}" y1="{sy}" x2="{}" y2="{}"/>"#, num(x), num(x), num(end_y));
        let _ = writeln!(svg, r#"<line x1="{sx}" y1="{}" x2="{}" y2="{}"/>"#, num(y), num(end_x), num(y));
    };
    let _ = writeln!(
        svg,
        r##"<g class="thin" stroke="{}" stroke-width="{}">"##,
        if killer { "#999" } else { "#000" },
        num((cell * 0.015).max(0.18))
    );
    for i in (1..9).filter(|i| i % 3 != 0) {
        line(svg, i);
    }
    svg.push_str("</g>\n");
    let _ = writeln!(
        svg,
        r##"<g class="heavy" stroke="#000" stroke-width="{}" stroke-linecap="square">"##,
        num((cell * 0.045).max(0.5))
    );
    for i in [0, 3, 6, 9] {
        line(svg, i);
    }
    svg.push_str("</g>\n");
}

/// Sudoku X's diagonals: their cells tinted light grey, and a thin line from corner to corner
/// through each, so that they read on a printer without colour too.
fn write_diagonals(svg: &mut String, slot: &Slot, layout: &Layout) {
    let cell = slot.cell();
    svg.push_str("<g class=\"diagonal-cells\" fill=\"#e4e4e4\">\n");
    for at in layout.set(House::diagonal(0)) | layout.set(House::diagonal(1)) {
        let (x, y) = (slot.x + at.col() as f64 * cell, slot.y + at.row() as f64 * cell);
        let _ = writeln!(
            svg,
            r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
            num(x),
            num(y),
            num(cell),
            num(cell)
        );
    }
    svg.push_str("</g>\n");
    let (x0, y0, x1, y1) = (slot.x, slot.y, slot.x + slot.side, slot.y + slot.side);
    let _ = writeln!(
        svg,
        r##"<g class="diagonals" stroke="#555" stroke-width="{}" stroke-dasharray="{} {}">"##,
        num((cell * 0.012).max(0.15)),
        num(cell * 0.1),
        num(cell * 0.1)
    );
    let _ = writeln!(svg, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, num(x0), num(y0), num(x1), num(y1));
    let _ = writeln!(svg, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, num(x1), num(y0), num(x0), num(y1));
    svg.push_str("</g>\n");
}

/// A jigsaw's grid: thin lines between every two cells, then heavy walls between cells of two
/// regions and the frame (no box lines).
fn write_region_lines(svg: &mut String, slot: &Slot, layout: &Layout, killer: bool) {
    let cell = slot.cell();
    let segment = |svg: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64)| {
        let _ =
            writeln!(svg, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, num(x1), num(y1), num(x2), num(y2));
    };
    let at = |row: usize, col: usize| (slot.x + col as f64 * cell, slot.y + row as f64 * cell);
    let _ = writeln!(
        svg,
        r##"<g class="thin" stroke="{}" stroke-width="{}">"##,
        if killer { "#999" } else { "#000" },
        num((cell * 0.015).max(0.18))
    );
    for i in 1..9 {
        segment(svg, at(0, i), at(9, i));
        segment(svg, at(i, 0), at(i, 9));
    }
    svg.push_str("</g>\n");
    let _ = writeln!(
        svg,
        r##"<g class="heavy" stroke="#000" stroke-width="{}" stroke-linecap="square">"##,
        num((cell * 0.045).max(0.5))
    );
    for i in [0, 9] {
        segment(svg, at(0, i), at(9, i));
        segment(svg, at(i, 0), at(i, 9));
    }
    for row in 0..9 {
        for col in 0..9 {
            let here = layout.region_index(Cell::at(row, col));
            if col < 8 && layout.region_index(Cell::at(row, col + 1)) != here {
                segment(svg, at(row, col + 1), at(row + 1, col + 1));
            }
            if row < 8 && layout.region_index(Cell::at(row + 1, col)) != here {
                segment(svg, at(row + 1, col), at(row + 1, col + 1));
            }
        }
    }
    svg.push_str("</g>\n");
}

/// The dashed outline of every cage, one inset inside its cells, then each cage's sum in the
/// top-left corner of its first cell, on a white ground that breaks the outline there.
fn write_cages(svg: &mut String, slot: &Slot, cages: &Cages) {
    let cell = slot.cell();
    // Never closer than 0.8 mm to the cell lines, nor sums smaller than 1.9 mm (5.4 pt), however
    // many puzzles share the page.
    let inset = (cell * 0.08).max(0.8);
    let point = |offset: Offset, origin: f64| {
        origin + f64::from(offset.line) * cell + f64::from(offset.inset) * inset
    };
    let _ = writeln!(
        svg,
        r##"<g class="cages" fill="none" stroke="#000" stroke-width="{}" stroke-dasharray="{} {}">"##,
        num((cell * 0.012).max(0.15)),
        num(cell * 0.07),
        num(cell * 0.05),
    );
    for (_, cage) in cages.iter() {
        let mut path = String::new();
        for corners in outline(cage.cells()) {
            for (i, Corner { x, y }) in corners.into_iter().enumerate() {
                let command = if i == 0 { 'M' } else { 'L' };
                let _ = write!(path, "{command}{} {} ", num(point(x, slot.x)), num(point(y, slot.y)));
            }
            path.push('Z');
        }
        let _ = writeln!(svg, r#"<path class="cage" d="{path}"/>"#);
    }
    svg.push_str("</g>\n");
    let size = (cell * 0.22).max(1.9);
    let _ = writeln!(svg, r#"<g class="sums" font-size="{}">"#, num(size));
    for (_, cage) in cages.iter() {
        let Some(anchor) = cage.anchor() else { continue };
        let sum = cage.sum().to_string();
        let left = slot.x + anchor.col() as f64 * cell + inset * 0.4;
        let top = slot.y + anchor.row() as f64 * cell + inset * 0.4;
        let width = sum.len() as f64 * 0.6 * size + 0.3 * size;
        let _ = writeln!(
            svg,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#fff"/>"##,
            num(left),
            num(top),
            num(width),
            num(size * 1.05),
        );
        let _ = writeln!(
            svg,
            r#"<text class="sum" x="{}" y="{}">{sum}</text>"#,
            num(left + 0.15 * size),
            num(top + 0.85 * size),
        );
    }
    svg.push_str("</g>\n");
}

/// The givens, centred in their cells, and on a solution page the other digits of the solution, in
/// grey and a lighter weight so that the givens stand apart. A killer's digits are a little smaller,
/// to keep clear of the sums in the corners.
fn write_digits(svg: &mut String, slot: &Slot, puzzle: &Drawn<'_>) {
    let cell = slot.cell();
    let size = cell * if puzzle.cages.is_some() { 0.55 } else { 0.62 };
    let digit = |svg: &mut String, class: &str, at: Cell, digit: Digit| {
        let x = slot.x + (at.col() as f64 + 0.5) * cell;
        let y = slot.y + (at.row() as f64 + 0.5) * cell + 0.36 * size;
        let _ = writeln!(svg, r#"<text class="{class}" x="{}" y="{}">{digit}</text>"#, num(x), num(y));
    };
    let _ =
        writeln!(svg, r##"<g class="digits" font-size="{}" text-anchor="middle" fill="#000">"##, num(size));
    for at in Cell::ALL {
        if let Some(given) = puzzle.givens.get(at) {
            digit(svg, "given", at, given);
        }
    }
    if let Some(solution) = puzzle.solution {
        svg.push_str(r##"<g fill="#555" font-weight="300">"##);
        svg.push('\n');
        for at in Cell::ALL.into_iter().filter(|&at| puzzle.givens.get(at).is_none()) {
            if let Some(solved) = solution.get(at) {
                digit(svg, "solved", at, solved);
            }
        }
        svg.push_str("</g>\n");
    }
    svg.push_str("</g>\n");
}

/// A length in mm as the SVG writes it: two decimals at most, without trailing zeros.
fn num(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" { "0".to_string() } else { text.to_string() }
}

/// `text` with the characters XML gives a meaning escaped, to stand as an element's text or an
/// attribute's value.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            c if c.is_control() && c != '\n' && c != '\t' => escaped.push('\u{FFFD}'),
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(
            (num(12.0), num(12.346), num(0.1), num(-0.001)),
            ("12".into(), "12.35".into(), "0.1".into(), "0".into())
        );
        assert_eq!(escape("a<b & \"c\" 'd'>\u{7}"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;\u{FFFD}");
    }
}
