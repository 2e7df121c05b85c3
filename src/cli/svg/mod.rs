//! Printable sheets (`export --format svg|html`): puzzles laid out 1, 2, 4 or 6 to a page of A4 or
//! Letter, as printed Sudoku and Killer Sudoku look (thin cell lines, heavy box lines, givens
//! centred, a killer's dashed cage outlines inset from the cell borders with the sums in the
//! top-left corners), then, if asked, the solution pages.
//!
//! An SVG holds one page: a sheet of several pages is written either one SVG file a page, or as one
//! HTML document holding every page's SVG with a page break after each, which a browser prints one
//! page a sheet of paper. The files here only lay out and write text: reading the puzzles is
//! [`sheet`]'s, writing files `export`'s.

pub mod cages;
pub mod layout;
pub mod page;
pub mod sheet;
