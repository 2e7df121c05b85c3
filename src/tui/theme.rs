//! [`Theme`]: the styles of every board cue. Each cue that uses colour also carries a non-colour twin
//! (bold, reverse, underline, crossed-out, or a marker drawn by the board), so [`Theme::monochrome`],
//! used under `NO_COLOR`, still tells everything apart.

use ratatui::style::{Color, Modifier, Style};

/// The styles the widgets draw with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Box borders and frame.
    pub border: Style,
    /// Light lines between cells.
    pub grid_line: Style,
    /// Given digits (bold).
    pub given: Style,
    /// Digits the player entered.
    pub entry: Style,
    /// Pencil marks.
    pub mark: Style,
    /// The cursor cell (reversed).
    pub cursor: Style,
    /// Row, column and box of the cursor (background; the row and column labels are reversed too).
    pub peer: Style,
    /// The digit under the cursor, wherever it appears (digits and marks; underlined).
    pub same_digit: Style,
    /// A digit in conflict (underlined, marked `!`).
    pub conflict: Style,
    /// A digit found wrong by a check (crossed out, marked `x`).
    pub wrong: Style,
    /// Houses of a hint's pattern (background).
    pub hint_house: Style,
    /// Cells of a hint's pattern (marked `*`).
    pub hint_cell: Style,
    /// A candidate the hint removes (crossed out).
    pub hint_elimination: Style,
    /// A digit the hint places (bold, underlined).
    pub hint_placement: Style,
    /// Every other cell of a board without light lines between rows (background), so two cells
    /// above each other read as two; without colour the row labels beside each cell's first line
    /// tell them apart.
    pub alternate_cell: Style,
    /// The cells of a Sudoku X's diagonals (background; without colour the board marks an empty
    /// one `╲`, `╱` or `╳`).
    pub diagonal: Style,
    /// Axis labels.
    pub label: Style,
    /// Titles and emphasis in the panel.
    pub title: Style,
    /// Secondary text in the panel.
    pub dim: Style,
    /// Error and warning text.
    pub alert: Style,
    /// Killer cage walls (dashed lines; the line's weight still tells box from cell).
    pub cage_wall: Style,
    /// The walls of the cursor's cage (bold).
    pub cage_cursor: Style,
    /// The outline of a cage a hint uses (bold).
    pub hint_cage: Style,
    /// Cage sums (bold).
    pub cage_sum: Style,
    /// The sum of the cursor's cage (bold, reversed; underlined too without colour).
    pub cage_sum_cursor: Style,
    /// What a sum on the board stands on, over [`Theme::cage_sum`]: a dark label of its own in
    /// colour, so that the sum reads alike on dark and light terminals and over any fill; reversed
    /// without colour, so that it never reads as a (dim) mark or a line.
    pub sum_label: Style,
    /// Cells the player selected, and the innies of the rule-of-45 view (background; reversed
    /// without colour).
    pub selected: Style,
    /// The outies of the rule-of-45 view (background; without colour underlined and bold, so that
    /// they differ from the innies, which are reversed).
    pub outie: Style,
    /// Cage backgrounds when cage colouring is on (none under monochrome: walls and sums remain).
    pub cage_fills: [Style; CAGE_FILLS],
    /// The same backgrounds a shade lighter, for every other cell of a board without lines between
    /// rows.
    pub cage_fills_alternate: [Style; CAGE_FILLS],
}

/// How many cage backgrounds the colouring has (no two touching cages share one).
pub const CAGE_FILLS: usize = 6;

/// The colour of cage walls, and those of the cursor's cage and of a hint's cages. Each is of a
/// middle lightness, at least 3:1 in contrast against both a black and a white background, so
/// the walls read on dark and light terminals alike.
pub const CAGE_WALL: Color = Color::Rgb(190, 120, 60);
/// See [`CAGE_WALL`].
pub const CURSOR_CAGE: Color = Color::Rgb(30, 144, 210);
/// See [`CAGE_WALL`].
pub const HINT_CAGE: Color = Color::Rgb(40, 160, 60);

/// The ground of a cage sum on the board (see [`Theme::sum_label`]).
pub const SUM_LABEL: Color = Color::Rgb(20, 20, 24);

/// The muted cage backgrounds (red, orange, olive, blue, purple, teal). Each lies at least
/// [`CLEAR_DISTANCE`] from every shading colour, a shade lighter or highlighted too, so that a
/// cage never reads as the cursor's peers or a hint's houses.
const CAGE_RGB: [(u8, u8, u8); CAGE_FILLS] =
    [(72, 34, 44), (76, 48, 24), (56, 62, 24), (34, 46, 88), (60, 36, 76), (24, 62, 66)];

/// How much lighter (on each of red, green and blue) a cage's background is on every other cell
/// of a board without lines between rows.
pub const ALTERNATE_LIFT: u8 = 10;

/// How much lighter a cage's background is in the cursor's row, column, box and cage: the
/// highlight blends into the cage colour instead of repainting it.
pub const PEER_LIFT: u8 = 16;

/// The least distance (Euclidean, in RGB) between a cage background, in any of its shades, and a
/// shading colour (peers, hint houses and cells, the alternate cells).
pub const CLEAR_DISTANCE: f64 = 20.0;

fn cage_fill(lift: u8) -> [Style; CAGE_FILLS] {
    CAGE_RGB.map(|(r, g, b)| lighten(Style::new().bg(Color::Rgb(r, g, b)), lift))
}

/// `style` with its RGB background `by` lighter on each channel (any other background as it is).
pub fn lighten(style: Style, by: u8) -> Style {
    match style.bg {
        Some(Color::Rgb(r, g, b)) => {
            style.bg(Color::Rgb(r.saturating_add(by), g.saturating_add(by), b.saturating_add(by)))
        }
        _ => style,
    }
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            border: Style::new().fg(Color::Gray),
            grid_line: Style::new().fg(Color::DarkGray),
            given: Style::new().fg(Color::White).add_modifier(Modifier::BOLD),
            entry: Style::new().fg(Color::LightCyan),
            mark: Style::new().fg(Color::Gray),
            cursor: Style::new().add_modifier(Modifier::REVERSED),
            peer: Style::new().bg(Color::Rgb(38, 42, 58)),
            same_digit: Style::new().fg(Color::LightYellow).add_modifier(Modifier::UNDERLINED),
            conflict: Style::new().fg(Color::LightRed).add_modifier(Modifier::UNDERLINED),
            wrong: Style::new().fg(Color::Red).add_modifier(Modifier::CROSSED_OUT),
            hint_house: Style::new().bg(Color::Rgb(30, 58, 40)),
            hint_cell: Style::new().bg(Color::Rgb(20, 90, 60)).add_modifier(Modifier::BOLD),
            hint_elimination: Style::new().fg(Color::LightRed).add_modifier(Modifier::CROSSED_OUT),
            hint_placement: Style::new()
                .fg(Color::LightGreen)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            alternate_cell: Style::new().bg(Color::Rgb(30, 30, 36)),
            diagonal: Style::new().bg(Color::Rgb(46, 34, 56)),
            label: Style::new().fg(Color::DarkGray),
            title: Style::new().fg(Color::LightCyan).add_modifier(Modifier::BOLD),
            dim: Style::new().fg(Color::DarkGray),
            alert: Style::new().fg(Color::LightRed).add_modifier(Modifier::BOLD),
            cage_wall: Style::new().fg(CAGE_WALL),
            cage_cursor: Style::new().fg(CURSOR_CAGE).add_modifier(Modifier::BOLD),
            hint_cage: Style::new().fg(HINT_CAGE).add_modifier(Modifier::BOLD),
            cage_sum: Style::new().fg(Color::Rgb(230, 170, 90)).add_modifier(Modifier::BOLD),
            cage_sum_cursor: Style::new().fg(CURSOR_CAGE).add_modifier(Modifier::BOLD | Modifier::REVERSED),
            sum_label: Style::new().bg(SUM_LABEL),
            selected: Style::new().bg(Color::Rgb(112, 88, 16)),
            outie: Style::new().bg(Color::Rgb(24, 84, 120)),
            cage_fills: cage_fill(0),
            cage_fills_alternate: cage_fill(ALTERNATE_LIFT),
        }
    }
}

impl Theme {
    /// The same cues without any colour: what `NO_COLOR` and monochrome terminals get.
    pub fn monochrome() -> Theme {
        let strip = |style: Style| Style { fg: None, bg: None, underline_color: None, ..style };
        let base = Theme::default();
        Theme {
            border: strip(base.border),
            grid_line: strip(base.grid_line).add_modifier(Modifier::DIM),
            given: strip(base.given),
            entry: strip(base.entry).add_modifier(Modifier::ITALIC),
            mark: strip(base.mark).add_modifier(Modifier::DIM),
            cursor: strip(base.cursor),
            peer: strip(base.peer),
            same_digit: strip(base.same_digit).add_modifier(Modifier::BOLD),
            conflict: strip(base.conflict),
            wrong: strip(base.wrong),
            hint_house: strip(base.hint_house),
            hint_cell: strip(base.hint_cell),
            hint_elimination: strip(base.hint_elimination),
            hint_placement: strip(base.hint_placement),
            alternate_cell: strip(base.alternate_cell),
            diagonal: strip(base.diagonal),
            label: strip(base.label),
            title: strip(base.title),
            dim: strip(base.dim),
            alert: strip(base.alert),
            cage_wall: strip(base.cage_wall),
            cage_cursor: strip(base.cage_cursor),
            hint_cage: strip(base.hint_cage),
            cage_sum: strip(base.cage_sum),
            cage_sum_cursor: strip(base.cage_sum_cursor).add_modifier(Modifier::UNDERLINED),
            sum_label: Style::new().add_modifier(Modifier::REVERSED),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            outie: Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            cage_fills: [Style::new(); CAGE_FILLS],
            cage_fills_alternate: [Style::new(); CAGE_FILLS],
        }
    }

    /// The theme for this environment: monochrome when `no_color` (the `NO_COLOR` convention).
    pub fn for_environment(no_color: bool) -> Theme {
        if no_color { Theme::monochrome() } else { Theme::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(colour: Option<Color>) -> (u8, u8, u8) {
        match colour {
            Some(Color::Rgb(r, g, b)) => (r, g, b),
            // The named colours the board draws over fills, as xterm's palette has them.
            Some(Color::White) => (255, 255, 255),
            Some(Color::Gray) => (229, 229, 229),
            Some(Color::LightCyan) => (0, 255, 255),
            Some(Color::LightYellow) => (255, 255, 0),
            other => panic!("no RGB for {other:?}"),
        }
    }

    fn distance(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let d = |x: u8, y: u8| (f64::from(x) - f64::from(y)).powi(2);
        (d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)).sqrt()
    }

    /// WCAG's contrast ratio (1 to 21).
    fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let channel = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.039_28 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
        };
        let luminance =
            |(r, g, b): (u8, u8, u8)| 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// Every shade a cage background is drawn in: plain, a shade lighter, and either under the
    /// cursor's highlight.
    fn cage_shades(theme: &Theme) -> Vec<(u8, u8, u8)> {
        (theme.cage_fills.iter().chain(&theme.cage_fills_alternate))
            .flat_map(|&fill| [fill, lighten(fill, PEER_LIFT)])
            .map(|fill| rgb(fill.bg))
            .collect()
    }

    #[test]
    fn cage_colours_keep_a_clear_distance_from_the_shading_and_from_each_other() {
        let theme = Theme::default();
        let shading = [theme.peer, theme.hint_house, theme.hint_cell, theme.alternate_cell];
        for fill in cage_shades(&theme) {
            for shade in shading {
                let d = distance(fill, rgb(shade.bg));
                assert!(d >= CLEAR_DISTANCE, "cage {fill:?} is {d:.1} from shading {:?}", shade.bg);
            }
        }
        for (i, a) in theme.cage_fills.iter().enumerate() {
            for b in &theme.cage_fills[i + 1..] {
                assert!(distance(rgb(a.bg), rgb(b.bg)) >= CLEAR_DISTANCE, "{a:?} {b:?}");
            }
            // The highlight changes the colour, and keeps it apart from the peers' plain shading.
            let highlighted = rgb(lighten(*a, PEER_LIFT).bg);
            assert!(distance(highlighted, rgb(a.bg)) >= CLEAR_DISTANCE, "{a:?}");
        }
    }

    #[test]
    fn painted_colours_keep_a_clear_distance_and_contrast() {
        use crate::tui::paint::PAINT_RGB;
        let theme = Theme::default();
        let shading =
            [theme.peer, theme.hint_house, theme.hint_cell, theme.alternate_cell].map(|s| rgb(s.bg));
        let others: Vec<(u8, u8, u8)> = shading.into_iter().chain(cage_shades(&theme)).collect();
        let lift = |(r, g, b): (u8, u8, u8), by: u8| {
            (r.saturating_add(by), g.saturating_add(by), b.saturating_add(by))
        };
        for (i, &paint) in PAINT_RGB.iter().enumerate() {
            // Plain and under the cursor's highlight: apart from every shading and cage colour in
            // every shade, and from each other.
            for shade in [paint, lift(paint, PEER_LIFT)] {
                for &other in &others {
                    let d = distance(shade, other);
                    assert!(d >= CLEAR_DISTANCE, "paint {shade:?} is {d:.1} from {other:?}");
                }
                for text in [theme.given, theme.entry, theme.mark, theme.same_digit] {
                    let ratio = contrast(rgb(text.fg), shade);
                    assert!(ratio >= 4.5, "{:?} on paint {shade:?}: {ratio:.2}", text.fg);
                }
            }
            for &other in &PAINT_RGB[i + 1..] {
                assert!(distance(paint, other) >= 2.0 * CLEAR_DISTANCE, "{paint:?} {other:?}");
            }
        }
    }

    #[test]
    fn cage_colours_walls_and_sums_contrast_on_dark_and_light_terminals() {
        let theme = Theme::default();
        // The digits and marks drawn over a cage background: 4.5:1 (WCAG's ratio for text) in
        // every shade. The backgrounds are the game's own, so the terminal's theme does not
        // change this.
        for fill in cage_shades(&theme) {
            for text in [theme.given, theme.entry, theme.mark, theme.same_digit] {
                let ratio = contrast(rgb(text.fg), fill);
                assert!(ratio >= 4.5, "{:?} on {fill:?}: {ratio:.2}", text.fg);
            }
        }
        // Walls are drawn on the terminal's own background: 3:1 (WCAG's ratio for graphics) on
        // black and on white.
        for wall in [theme.cage_wall, theme.cage_cursor, theme.hint_cage] {
            for ground in [(0, 0, 0), (255, 255, 255)] {
                let ratio = contrast(rgb(wall.fg), ground);
                assert!(ratio >= 3.0, "wall {:?} on {ground:?}: {ratio:.2}", wall.fg);
            }
        }
        // A sum stands on its own label (the cursor cage's reversed): 4.5:1 whatever the terminal.
        let label = rgb(theme.sum_label.bg);
        for sum in [theme.cage_sum, theme.cage_sum_cursor] {
            let ratio = contrast(rgb(sum.fg), label);
            assert!(ratio >= 4.5, "sum {:?} on its label: {ratio:.2}", sum.fg);
        }
    }
}
