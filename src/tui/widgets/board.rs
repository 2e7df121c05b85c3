//! [`BoardWidget`]: the 9x9 board with heavy box lines and light cell lines, digits centred (as
//! figures of several characters where the cells have room), pencil marks in fixed slots (3x3, or
//! two rows at 80x24; the layout's [`BoardSize`] says where), and every cue (cursor, peers, same
//! digit, conflicts, wrong digits, hint pattern and result) drawn from the theme with its
//! non-colour twin.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use crate::engine::killer::Cages;
use crate::engine::{ByCell, Candidate, Cell, CellSet, Digit, DigitSet, Layout};

use crate::game::Game;
use crate::tui::killer::cage_colouring;
use crate::tui::layout::{BoardSize, LineWeight};
use crate::tui::theme::{CAGE_FILLS, PEER_LIFT, Theme, lighten};

mod notes;

/// What the board emphasises besides the digits.
#[derive(Clone, Debug, Default)]
pub struct Highlights {
    /// Shade the cursor's row, column and box.
    pub peers: bool,
    /// The digit to emphasise everywhere.
    pub same_digit: Option<Digit>,
    /// Cells whose digit clashes.
    pub conflicts: CellSet,
    /// Cells found wrong by a check.
    pub wrong: CellSet,
    /// Cells of the hint's houses.
    pub hint_houses: CellSet,
    /// Cells of the hint's pattern.
    pub hint_cells: CellSet,
    /// Candidates the hint's pattern uses (drawn in its cells even when the player has not marked
    /// them).
    pub drivers: Vec<Candidate>,
    /// Candidates the hint removes (drawn crossed out).
    pub eliminations: Vec<Candidate>,
    /// Digits the hint places.
    pub placements: Vec<Candidate>,
    /// The cells of each killer cage the hint uses (outlined).
    pub hint_cages: Vec<CellSet>,
    /// The cells the player selected, or the innies of the rule-of-45 view.
    pub selected: CellSet,
    /// The outies of the rule-of-45 view.
    pub outies: CellSet,
}

/// The board, ready to render into its footprint (labels included).
pub struct BoardWidget<'a> {
    /// The game drawn.
    pub game: &'a Game,
    /// The cursor cell.
    pub cursor: Cell,
    /// The board size (where each cell and mark slot is).
    pub size: BoardSize,
    /// What to emphasise.
    pub highlights: &'a Highlights,
    /// The styles.
    pub theme: &'a Theme,
    /// Draw digits large where the cells have room (3x3 line figures, or 6x5 blocks on the two
    /// largest boards) rather than as one character.
    pub large_digits: bool,
    /// Fill killer cages with muted backgrounds (no two touching cages share one).
    pub cage_colours: bool,
}

/// The large glyph of `digit`, three rows of three columns: heavy lines for givens, light lines for
/// the player's digits (the given/entry cue that needs no colour).
pub fn glyph(digit: Digit, heavy: bool) -> [&'static str; 3] {
    const HEAVY: [[&str; 3]; 9] = [
        [" ╻ ", " ┃ ", " ╹ "],
        ["╺━┓", "┏━┛", "┗━╸"],
        ["╺━┓", " ━┫", "╺━┛"],
        ["╻ ╻", "┗━┫", "  ╹"],
        ["┏━╸", "┗━┓", "╺━┛"],
        ["┏━╸", "┣━┓", "┗━┛"],
        ["╺━┓", "  ┃", "  ╹"],
        ["┏━┓", "┣━┫", "┗━┛"],
        ["┏━┓", "┗━┫", "╺━┛"],
    ];
    const LIGHT: [[&str; 3]; 9] = [
        [" ╷ ", " │ ", " ╵ "],
        ["╶─┐", "┌─┘", "└─╴"],
        ["╶─┐", " ─┤", "╶─┘"],
        ["╷ ╷", "└─┤", "  ╵"],
        ["┌─╴", "└─┐", "╶─┘"],
        ["┌─╴", "├─┐", "└─┘"],
        ["╶─┐", "  │", "  ╵"],
        ["┌─┐", "├─┤", "└─┘"],
        ["┌─┐", "└─┤", "╶─┘"],
    ];
    if heavy { HEAVY[digit.index()] } else { LIGHT[digit.index()] }
}

/// The figures of a placed digit drawn larger than one character.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Figure {
    /// [`glyph`]: 3x3 box-drawing lines.
    Lines,
    /// [`block_glyph`]: 6x5 blocks.
    Blocks,
}

/// The block figure of `digit`, five rows of six columns (a 3x5 pixel font, each pixel two
/// characters wide so that it is about square): solid blocks for givens, shaded ones for the
/// player's digits (the given/entry cue that needs no colour).
pub fn block_glyph(digit: Digit, given: bool) -> [String; 5] {
    const FONT: [[&str; 5]; 9] = [
        [" # ", "## ", " # ", " # ", "###"],
        ["###", "  #", "###", "#  ", "###"],
        ["###", "  #", "###", "  #", "###"],
        ["# #", "# #", "###", "  #", "  #"],
        ["###", "#  ", "###", "  #", "###"],
        ["###", "#  ", "###", "# #", "###"],
        ["###", "  #", "  #", "  #", "  #"],
        ["###", "# #", "###", "# #", "###"],
        ["###", "# #", "###", "  #", "###"],
    ];
    let pixel = if given { "██" } else { "▒▒" };
    FONT[digit.index()].map(|row| row.chars().map(|c| if c == '#' { pixel } else { "  " }).collect())
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (width, height) = self.size.footprint();
        if area.width < width || area.height < height {
            return;
        }
        self.render_labels(area, buf);
        self.render_lines(area, buf);
        if self.layout().is_jigsaw() {
            self.render_unlined_region_walls(area, buf);
        }
        let fills = self.painted(self.cage_fills());
        for cell in Cell::ALL {
            self.render_cell(area, buf, cell, fills[cell]);
            self.render_notes(area, buf, cell, fills[cell]);
        }
        if let Some(cages) = self.game.puzzle().cages() {
            self.render_cage_walls(area, buf, cages);
            self.render_cage_sums(area, buf, cages);
        }
    }
}

impl BoardWidget<'_> {
    fn origin(&self, area: Rect) -> (u16, u16) {
        (area.x + 2, area.y + 1)
    }

    /// The inside of `cell` on screen (the layout's rectangle moved to the board's origin).
    fn cell_area(&self, area: Rect, cell: Cell) -> Rect {
        let (ox, oy) = self.origin(area);
        let rect = self.size.cell_rect(cell);
        Rect::new(ox + rect.x, oy + rect.y, rect.width, rect.height)
    }

    fn render_labels(&self, area: Rect, buf: &mut Buffer) {
        for i in 0..9 {
            let label = char::from(b'1' + i as u8).to_string();
            let col_style = self.label_style(self.cursor.col() == i);
            let row_style = self.label_style(self.cursor.row() == i);
            let column = self.cell_area(area, Cell::at(0, i));
            let row = self.cell_area(area, Cell::at(i, 0));
            buf.set_string(column.x + column.width / 2, area.y, &label, col_style);
            buf.set_string(area.x, row.y + self.size.anchor_row(), &label, row_style);
        }
    }

    fn label_style(&self, on_cursor_line: bool) -> Style {
        if on_cursor_line && self.highlights.peers {
            self.theme.label.add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            self.theme.label
        }
    }

    /// The puzzle's houses.
    fn layout(&self) -> &Layout {
        self.game.puzzle().layout()
    }

    /// Whether a region wall runs between the neighbouring cells `a` and `b`: a box line, or the
    /// side of a jigsaw region.
    fn region_wall(&self, a: Cell, b: Cell) -> bool {
        self.layout().region_index(a) != self.layout().region_index(b)
    }

    /// The weight of the line between the neighbouring cells `a` and `b` (`None` for one off the
    /// board: the frame, which is heavy).
    fn line_weight(&self, a: Option<Cell>, b: Option<Cell>) -> LineWeight {
        match (a, b) {
            (Some(a), Some(b)) if !self.region_wall(a, b) => LineWeight::Light,
            _ => LineWeight::Heavy,
        }
    }

    /// The board's lines: heavy on the frame and between regions (the boxes, or a jigsaw's
    /// regions), light between cells of one region, each segment and junction weighed on its own.
    fn render_lines(&self, area: Rect, buf: &mut Buffer) {
        let (ox, oy) = self.origin(area);
        let (width, height) = self.size.footprint();
        // Which column boundary (0-9) each vertical line is, and which row boundary each
        // horizontal line is.
        let verticals = self.size.vertical_lines();
        let horizontals = self.size.horizontal_lines();
        let v_step = 9 / (verticals.len() - 1);
        let h_step = 9 / (horizontals.len() - 1);
        let cell = |row: usize, col: usize| (row < 9 && col < 9).then(|| Cell::at(row, col));
        // The segment of vertical boundary `b` beside row `row`, and of horizontal boundary `b`
        // above or below column `col`.
        let v_segment = |b: usize, row: usize| {
            self.line_weight(b.checked_sub(1).and_then(|c| cell(row, c)), cell(row, b))
        };
        let h_segment = |b: usize, col: usize| {
            self.line_weight(b.checked_sub(1).and_then(|r| cell(r, col)), cell(b, col))
        };
        let row_at = |dy: u16| {
            (0..9).find(|&r| self.size.cell_y(r) <= dy && dy < self.size.cell_y(r) + self.size.cell_size().1)
        };
        let col_at = |dx: u16| {
            (0..9).find(|&c| self.size.cell_x(c) <= dx && dx < self.size.cell_x(c) + self.size.cell_size().0)
        };
        for dy in 0..height - 1 {
            let horizontal = horizontals.iter().position(|&(pos, _)| pos == dy).map(|j| j * h_step);
            for dx in 0..width - 2 {
                let vertical = verticals.iter().position(|&(pos, _)| pos == dx).map(|i| i * v_step);
                let arms = match (vertical, horizontal) {
                    (Some(b), None) => {
                        let Some(row) = row_at(dy) else { continue };
                        let weight = Some(v_segment(b, row));
                        [weight, weight, None, None]
                    }
                    (None, Some(b)) => {
                        let Some(col) = col_at(dx) else { continue };
                        let weight = Some(h_segment(b, col));
                        [None, None, weight, weight]
                    }
                    (Some(bv), Some(bh)) => [
                        bh.checked_sub(1).map(|row| v_segment(bv, row)),
                        (bh < 9).then(|| v_segment(bv, bh)),
                        bv.checked_sub(1).map(|col| h_segment(bh, col)),
                        (bv < 9).then(|| h_segment(bh, bv)),
                    ],
                    (None, None) => continue,
                };
                let heavy = arms.contains(&Some(LineWeight::Heavy));
                let style = if heavy { self.theme.border } else { self.theme.grid_line };
                buf.set_string(ox + dx, oy + dy, line_symbol(arms).to_string(), style);
            }
        }
    }

    /// A jigsaw's region walls where the board draws no line between two cells (between the rows
    /// of a band on the boards without row lines, between the columns of a stack on the compact
    /// board): the upper cell's lower row underlined, bold, with a heavy stub on the line at each
    /// end; a heavy bar in the left cell's edge.
    fn render_unlined_region_walls(&self, area: Rect, buf: &mut Buffer) {
        let style = self.theme.border.add_modifier(Modifier::BOLD);
        for cell in Cell::ALL {
            let rect = self.cell_area(area, cell);
            let right = (cell.col() < 8).then(|| Cell::at(cell.row(), cell.col() + 1));
            if right.is_some_and(|r| self.region_wall(cell, r) && !self.size.has_vertical_line(r.col())) {
                buf.set_string(rect.right() - 1, rect.y, "┃", style);
            }
            let below = (cell.row() < 8).then(|| Cell::at(cell.row() + 1, cell.col()));
            if below.is_some_and(|b| self.region_wall(cell, b) && !self.size.has_horizontal_line(b.row())) {
                let y = rect.bottom() - 1;
                let underline = Style { underline_color: style.fg, ..Style::new() }
                    .add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
                buf.set_style(Rect { y, height: 1, ..rect }, underline);
                if self.size == BoardSize::Compact {
                    continue;
                }
                for (x, toward_left) in [(rect.x - 1, false), (rect.right(), true)] {
                    let Some(line) = buf.cell_mut((x, y)) else { continue };
                    if let Some(stub) = with_heavy_stub(line.symbol(), toward_left) {
                        line.set_symbol(stub).set_style(self.theme.border);
                    }
                }
            }
        }
    }

    /// The cage background of every cell, when cage colouring is on.
    fn cage_fills(&self) -> ByCell<Option<Style>> {
        let cages = self.game.puzzle().cages().filter(|_| self.cage_colours);
        let Some(cages) = cages else { return ByCell::from_fn(|_| None) };
        let colours = cage_colouring(cages, CAGE_FILLS);
        ByCell::from_fn(|cell| {
            let colour = colours[cages.cage_of(cell)?.index()];
            let alternate = self.checkered() && (cell.row() + cell.col()) % 2 == 1;
            let fills = if alternate { &self.theme.cage_fills_alternate } else { &self.theme.cage_fills };
            Some(fills[colour])
        })
    }

    /// The cells of the cursor's cage (none on a classic board).
    fn cursor_cage(&self) -> CellSet {
        self.game.puzzle().cages().map_or(CellSet::EMPTY, |cages| cages.cage_mates(self.cursor))
    }

    fn cell_background(&self, cell: Cell, fill: Option<Style>) -> Style {
        let h = self.highlights;
        if cell == self.cursor {
            self.theme.cursor
        } else if let Some(style) = self.picked_background(cell) {
            style
        } else if h.hint_cells.contains(cell) {
            self.theme.hint_cell
        } else if h.hint_houses.contains(cell) {
            self.theme.hint_house
        } else if h.peers && (self.layout().sees(cell, self.cursor) || self.cursor_cage().contains(cell)) {
            // On coloured cages the highlight lightens each cage's own colour.
            fill.map_or(self.theme.peer, |fill| lighten(fill, PEER_LIFT))
        } else if let Some(fill) = fill {
            fill
        } else if self.diagonal_symbol(cell).is_some() {
            self.theme.diagonal
        } else if self.checkered() && (cell.row() + cell.col()) % 2 == 1 {
            // Without light lines between rows, every other cell is shaded so that two cells above
            // each other read as two.
            self.theme.alternate_cell
        } else {
            Style::new()
        }
    }

    /// The background of a selected cell, or of an innie or outie of the rule-of-45 view.
    fn picked_background(&self, cell: Cell) -> Option<Style> {
        let h = self.highlights;
        if h.selected.contains(cell) {
            Some(self.theme.selected)
        } else if h.outies.contains(cell) {
            Some(self.theme.outie)
        } else {
            None
        }
    }

    /// Whether this size leaves out the light lines between rows (and so shades every other cell).
    fn checkered(&self) -> bool {
        matches!(self.size, BoardSize::Tight | BoardSize::TwoRow)
    }

    fn render_cell(&self, area: Rect, buf: &mut Buffer, cell: Cell, fill: Option<Style>) {
        let rect = self.cell_area(area, cell);
        let background = self.cell_background(cell, fill);
        buf.set_style(rect, background);
        for dy in 0..rect.height {
            buf.set_string(rect.x, rect.y + dy, " ".repeat(usize::from(rect.width)), background);
        }
        let h = self.highlights;
        // While a hint shows its houses, everything outside them is dimmed: the houses' cue
        // without colour.
        let background = match self.focus(cell) {
            Some(false) => background.add_modifier(Modifier::DIM),
            Some(true) => background.remove_modifier(Modifier::DIM),
            None => background,
        };
        let placement = h.placements.iter().find(|p| p.cell == cell).map(|p| p.digit);
        if let Some(digit) = self.game.digit(cell).or(placement) {
            let style = background.patch(self.digit_style(cell, digit, placement.is_some()));
            self.render_digit(buf, rect, digit, self.game.is_given(cell), style);
            let marker = if h.wrong.contains(cell) {
                Some(('x', self.theme.wrong))
            } else if h.conflicts.contains(cell) {
                Some(('!', self.theme.conflict))
            } else {
                None
            };
            if let Some((symbol, style)) = marker {
                buf.set_string(rect.right() - 1, rect.y, symbol.to_string(), background.patch(style));
            }
            return;
        }
        self.render_marks(buf, rect, cell, background);
    }

    /// Draws `digit` into `rect` (a cell's inside) in `style`: as a figure of several characters
    /// where the cell has room and large digits are on (3x3 lines, or 6x5 blocks on the two
    /// largest boards; heavy or solid for a given), at the bottom of the cell and centred across
    /// it, so the top-left corner stays the sum's; else as one character in the middle.
    fn render_digit(&self, buf: &mut Buffer, rect: Rect, digit: Digit, given: bool, style: Style) {
        let rows: Vec<String> = match self.figure() {
            Some(Figure::Lines) => glyph(digit, given).iter().map(|row| row.to_string()).collect(),
            Some(Figure::Blocks) => block_glyph(digit, given).to_vec(),
            None => {
                let (x, y) = (rect.x + rect.width / 2, rect.y + self.size.anchor_row());
                buf.set_string(x, y, digit.to_string(), style);
                return;
            }
        };
        let width = rows.first().map_or(0, |row| row.chars().count() as u16);
        let x = rect.x + rect.width.saturating_sub(width).div_ceil(2);
        let y = rect.y + rect.height.saturating_sub(rows.len() as u16);
        for (dy, row) in rows.iter().enumerate() {
            buf.set_string(x, y + dy as u16, row, style);
        }
    }

    /// The figure a placed digit is drawn as at this size (`None`: one character).
    fn figure(&self) -> Option<Figure> {
        if !self.large_digits {
            return None;
        }
        match self.size {
            BoardSize::Giant | BoardSize::Huge => Some(Figure::Blocks),
            BoardSize::Large | BoardSize::Wide | BoardSize::Full | BoardSize::Tight => Some(Figure::Lines),
            BoardSize::TwoRow | BoardSize::Compact => None,
        }
    }

    /// Draws the pencil marks of the empty `cell` into `rect` (its inside), each in its fixed slot
    /// (the layout's [`BoardSize::mark_slot_for`]), with a hint's drivers and eliminations; on the
    /// compact board one symbol says whether the cell has marks.
    fn render_marks(&self, buf: &mut Buffer, rect: Rect, cell: Cell, background: Style) {
        let h = self.highlights;
        let eliminated: DigitSet =
            h.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
        let in_pattern = h.hint_cells.contains(cell);
        // A pattern cell shows the candidates the step uses even when the player has not marked them,
        // so a hint on a board without marks still points at something.
        let driving: DigitSet = if in_pattern {
            h.drivers.iter().filter(|d| d.cell == cell).map(|d| d.digit).collect()
        } else {
            DigitSet::EMPTY
        };
        let marks = DigitSet::from_bits(self.game.marks(cell).bits() | eliminated.bits() | driving.bits());
        if self.size == BoardSize::Compact {
            let symbol = if in_pattern {
                "*"
            } else if marks.is_empty() {
                "·"
            } else {
                "•"
            };
            buf.set_string(rect.x + 1, rect.y, symbol, background.patch(self.theme.dim));
            return;
        }
        let killer = self.game.puzzle().cages().is_some();
        for digit in marks {
            let Some((dx, dy)) = self.size.mark_slot_for(digit, killer) else { continue };
            let mark = self.mark_style(digit, eliminated.contains(digit), in_pattern);
            let mut style = background.patch(mark);
            if self.focus(cell) == Some(true) {
                style = style.remove_modifier(Modifier::DIM);
            }
            buf.set_string(rect.x + dx, rect.y + dy, digit.to_string(), style);
        }
    }

    /// The cage walls: dashed lines on the lines between two cages (light between cells, heavy on
    /// box lines, so a wall never reads as a plain cell or box line), an underline where two cages
    /// meet without a line between them, a dashed bar in the cell's edge on the compact board. The
    /// cursor cage's walls are bold.
    fn render_cage_walls(&self, area: Rect, buf: &mut Buffer, cages: &Cages) {
        let cursor = cages.cage_of(self.cursor);
        self.draw_walls(area, buf, |a, b| {
            let (ca, cb) = (cages.cage_of(a), cages.cage_of(b));
            if ca == cb {
                None
            } else if cursor.is_some() && (ca == cursor || cb == cursor) {
                Some(self.theme.cage_cursor)
            } else {
                Some(self.theme.cage_wall)
            }
        });
        // The cages a hint uses (puzzle cages, or sets such as an innie's) drawn over them.
        for cells in &self.highlights.hint_cages {
            let outline =
                |a: Cell, b: Cell| (cells.contains(a) != cells.contains(b)).then_some(self.theme.hint_cage);
            self.draw_walls(area, buf, outline);
        }
    }

    /// Draws a wall, in the style `wall` gives, between every two neighbouring cells it gives one
    /// for: dashed on the line between them (heavy on a box line), where no line runs between two
    /// rows the upper cell's lower row underlined with a stub on the line at each end (a dashed
    /// line there, a cage's side, stays as it is), a dashed bar in the cell's edge where no line
    /// runs between two columns.
    fn draw_walls(&self, area: Rect, buf: &mut Buffer, wall: impl Fn(Cell, Cell) -> Option<Style>) {
        // A wall is never dim, though the line it is drawn over is (without colour).
        let wall = |a: Cell, b: Cell| wall(a, b).map(|style| style.remove_modifier(Modifier::DIM));
        for cell in Cell::ALL {
            let rect = self.cell_area(area, cell);
            let right = (cell.col() < 8).then(|| Cell::at(cell.row(), cell.col() + 1));
            if let Some((right, style)) = right.and_then(|r| wall(cell, r).map(|s| (r, s))) {
                if self.size.has_vertical_line(right.col()) {
                    let symbol = if self.region_wall(cell, right) { "┇" } else { "┆" };
                    for y in rect.y..rect.bottom() {
                        buf.set_string(rect.right(), y, symbol, style);
                    }
                } else {
                    buf.set_string(rect.right() - 1, rect.y, "┆", style);
                }
            }
            let below = (cell.row() < 8).then(|| Cell::at(cell.row() + 1, cell.col()));
            if let Some((below, style)) = below.and_then(|b| wall(cell, b).map(|s| (b, s))) {
                if self.size.has_horizontal_line(below.row()) {
                    let symbol = if self.region_wall(cell, below) { "┅" } else { "┄" };
                    for x in rect.x..rect.right() {
                        buf.set_string(x, rect.bottom(), symbol, style);
                    }
                } else {
                    let underline = Style { underline_color: style.fg, ..Style::new() }
                        .add_modifier(Modifier::UNDERLINED);
                    let y = rect.bottom() - 1;
                    buf.set_style(Rect { y, height: 1, ..rect }, underline);
                    // The lines at both ends of the underlined row sprout a stub toward it
                    // (`├56789┤`), so the wall still reads where underlines do not show.
                    // (Not on the compact board, whose cells have no lines between them.)
                    let ends = if self.size == BoardSize::Compact {
                        vec![]
                    } else {
                        vec![(rect.x - 1, false), (rect.right(), true)]
                    };
                    for (x, toward_left) in ends {
                        let Some(line) = buf.cell_mut((x, y)) else { continue };
                        if let Some(stub) = with_stub(line.symbol(), toward_left) {
                            line.set_symbol(stub).set_style(style);
                        }
                    }
                }
            }
        }
    }

    /// Each cage's sum, small, at its first cell's top-left corner (where the layout puts it: on
    /// the line above, or in the corner the killer mark slots leave free), bold on its own label
    /// (reversed without colour), never dim; the cursor cage's sum reversed. On the compact board a placed digit covers the sum (the panel shows it).
    fn render_cage_sums(&self, area: Rect, buf: &mut Buffer, cages: &Cages) {
        let cursor = cages.cage_of(self.cursor);
        for (id, cage) in cages.iter() {
            let Some(anchor) = cage.anchor() else { continue };
            if self.size == BoardSize::Compact && self.game.digit(anchor).is_some() {
                continue;
            }
            let rect = self.cell_area(area, anchor);
            // On a line the sum stands alone; in a cell it is written small (superscript), so
            // that it never reads as a mark beside it.
            let text = sum_text(self.size, cage.sum());
            let (dx, dy) = self.size.sum_start(text.chars().count() as u16);
            let (Some(x), Some(y)) =
                (rect.x.checked_add_signed(dx as i16), rect.y.checked_add_signed(dy as i16))
            else {
                continue;
            };
            let sum = if Some(id) == cursor { self.theme.cage_sum_cursor } else { self.theme.cage_sum };
            // Never dim (the line or the hint's focus under a digit must not fade it), and every
            // digit of it alike, whatever it covers.
            let style = self.theme.sum_label.patch(sum).remove_modifier(Modifier::DIM);
            for (i, digit) in text.chars().enumerate() {
                if let Some(cell) = buf.cell_mut((x + i as u16, y)) {
                    cell.reset();
                    cell.set_char(digit).set_style(style);
                }
            }
        }
    }

    /// Whether `cell` is inside the shown hint's houses (`None` when no hint shows houses).
    fn focus(&self, cell: Cell) -> Option<bool> {
        let h = self.highlights;
        if h.hint_houses.is_empty() {
            return None;
        }
        Some(h.hint_houses.contains(cell) || h.hint_cells.contains(cell))
    }

    fn digit_style(&self, cell: Cell, digit: Digit, hinted: bool) -> Style {
        let h = self.highlights;
        let mut style = if hinted {
            self.theme.hint_placement
        } else if self.game.is_given(cell) {
            self.theme.given
        } else {
            self.theme.entry
        };
        if h.same_digit == Some(digit) {
            style = style.patch(self.theme.same_digit);
        }
        if h.conflicts.contains(cell) {
            style = style.patch(self.theme.conflict);
        }
        if h.wrong.contains(cell) {
            style = style.patch(self.theme.wrong);
        }
        if h.hint_cells.contains(cell) {
            style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
        }
        style
    }

    fn mark_style(&self, digit: Digit, eliminated: bool, in_pattern: bool) -> Style {
        let mut style = self.theme.mark;
        if self.highlights.same_digit == Some(digit) {
            style = style.patch(self.theme.same_digit).remove_modifier(Modifier::DIM);
        }
        if in_pattern {
            style = style.add_modifier(Modifier::BOLD).remove_modifier(Modifier::DIM);
        }
        if eliminated {
            style = style.patch(self.theme.hint_elimination).remove_modifier(Modifier::DIM);
        }
        style
    }
}

/// The line character `symbol` with a stub toward the cell on its left (`toward_left`) or right,
/// where a row wall without a line meets it; `None` for anything that is not a plain line or a
/// line with stubs (a cage's dashed side, a sum's digit).
fn with_stub(symbol: &str, toward_left: bool) -> Option<&'static str> {
    Some(match (symbol, toward_left) {
        ("│", true) => "┤",
        ("│", false) => "├",
        ("├", true) | ("┤", false) => "┼",
        ("┃", true) => "┨",
        ("┃", false) => "┠",
        ("┠", true) | ("┨", false) => "╂",
        // Already there (a hint's outline drawn over the cage walls).
        ("┤", true) => "┤",
        ("├", false) => "├",
        ("┼", _) => "┼",
        ("┨", true) => "┨",
        ("┠", false) => "┠",
        ("╂", _) => "╂",
        _ => return None,
    })
}

/// A cage sum as the board of `size` writes it: small (`¹⁷`) where it shares a row with marks,
/// else in plain digits.
pub fn sum_text(size: BoardSize, sum: u32) -> String {
    if size.superscript_sums() { superscript(sum) } else { sum.to_string() }
}

/// `n` in superscript digits (`¹⁷`).
pub fn superscript(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string().bytes().map(|b| DIGITS[usize::from(b - b'0')]).collect()
}

/// The box-drawing character with the given arms (up, down, left, right), each absent, light or
/// heavy: every mix of light and heavy Unicode draws.
fn line_symbol(arms: [Option<LineWeight>; 4]) -> char {
    /// Indexed by the arms in base 3 (absent 0, light 1, heavy 2), up the most significant.
    const SYMBOLS: &str = "    ─╼ ╾━ ┌┍┐┬┮┑┭┯ ┎┏┒┰┲┓┱┳ └┕┘┴┶┙┵┷│├┝┤┼┾┥┽┿╽┟┢┧╁╆┪╅╈ ┖┗┚┸┺┛┹┻╿┞┡┦╀╄┩╃╇┃┠┣┨╂╊┫╉╋";
    let digit = |arm: Option<LineWeight>| match arm {
        None => 0,
        Some(LineWeight::Light) => 1,
        Some(LineWeight::Heavy) => 2,
    };
    let index = arms.iter().fold(0, |acc, &arm| acc * 3 + digit(arm));
    SYMBOLS.chars().nth(index).unwrap_or(' ')
}

/// The line character `symbol` with a heavy stub toward the cell on its left (`toward_left`) or
/// right, where a jigsaw region's wall without a line meets it; `None` for anything else.
fn with_heavy_stub(symbol: &str, toward_left: bool) -> Option<&'static str> {
    Some(match (symbol, toward_left) {
        ("│", true) => "┥",
        ("│", false) => "┝",
        ("┝", true) | ("┥", false) => "┿",
        ("┃", true) => "┫",
        ("┃", false) => "┣",
        ("┣", true) | ("┫", false) => "╋",
        _ => return None,
    })
}
