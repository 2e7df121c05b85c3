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
    /// Cage backgrounds when cage colouring is on (none under monochrome: walls and sums remain).
    pub cage_fills: [Style; CAGE_FILLS],
    /// The same backgrounds a shade lighter, for every other cell of a board without lines between
    /// rows.
    pub cage_fills_alternate: [Style; CAGE_FILLS],
}

/// How many cage backgrounds the colouring has (no two touching cages share one).
pub const CAGE_FILLS: usize = 6;

/// The ground of a cage sum on the board (see [`Theme::sum_label`]).
pub const SUM_LABEL: Color = Color::Rgb(20, 20, 24);

/// The muted cage backgrounds, each with its lighter twin.
const CAGE_RGB: [(u8, u8, u8); CAGE_FILLS] =
    [(58, 40, 40), (38, 56, 40), (40, 46, 68), (60, 54, 32), (54, 38, 60), (32, 56, 58)];

fn cage_fill(lighter: u8) -> [Style; CAGE_FILLS] {
    CAGE_RGB.map(|(r, g, b)| Style::new().bg(Color::Rgb(r + lighter, g + lighter, b + lighter)))
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
            label: Style::new().fg(Color::DarkGray),
            title: Style::new().fg(Color::LightCyan).add_modifier(Modifier::BOLD),
            dim: Style::new().fg(Color::DarkGray),
            alert: Style::new().fg(Color::LightRed).add_modifier(Modifier::BOLD),
            cage_wall: Style::new().fg(Color::Rgb(200, 150, 90)),
            cage_cursor: Style::new().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
            hint_cage: Style::new().fg(Color::LightGreen).add_modifier(Modifier::BOLD),
            cage_sum: Style::new().fg(Color::Rgb(230, 170, 90)).add_modifier(Modifier::BOLD),
            cage_sum_cursor: Style::new()
                .fg(Color::LightYellow)
                .add_modifier(Modifier::BOLD | Modifier::REVERSED),
            sum_label: Style::new().bg(SUM_LABEL),
            cage_fills: cage_fill(0),
            cage_fills_alternate: cage_fill(10),
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
            cage_fills: [Style::new(); CAGE_FILLS],
            cage_fills_alternate: [Style::new(); CAGE_FILLS],
        }
    }

    /// The theme for this environment: monochrome when `no_color` (the `NO_COLOR` convention).
    pub fn for_environment(no_color: bool) -> Theme {
        if no_color { Theme::monochrome() } else { Theme::default() }
    }
}
