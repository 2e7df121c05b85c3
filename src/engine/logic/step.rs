//! [`Step`]: one deduction, with everything needed to explain it and draw it.

use std::sync::Arc;

use serde::Serialize;

use crate::engine::killer::Cage;
use crate::engine::{Candidate, Candidates, Cell, CellSet, Digit, DigitSet, House, HouseKind, Layout};

use super::Technique;

/// One deduction of a technique: the pattern that proves it, what it places or removes, and a
/// sentence a player understands. Steps are plain data: the TUI highlights `houses` and `cells`,
/// marks `drivers`, and shows `explanation`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Step {
    /// The technique that found the step.
    pub technique: Technique,
    /// The houses that form the pattern (e.g. a fish's base and cover lines), most telling first.
    pub houses: Vec<House>,
    /// The cells that form the pattern.
    pub cells: Vec<Cell>,
    /// The killer cages the step uses, most telling first: cages of the puzzle, or cages derived on
    /// the way (an innie pair with its known sum). Empty for classic techniques.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<Cage>,
    /// The candidates that drive the deduction (in chain order for chains).
    pub drivers: Vec<Candidate>,
    /// The digits it places.
    pub placements: Vec<Candidate>,
    /// The candidates it removes.
    pub eliminations: Vec<Candidate>,
    /// One line a player understands, e.g. `Locked Candidates (Pointing): in box 1 the 3s lie only
    /// in row 2, so 3 is removed from r2c5 and r2c8`.
    pub explanation: String,
    /// The layout of houses the step was found under, when it is not the classic one: where the
    /// cells of its houses (a jigsaw region's) are read. `None` for the classic layout.
    #[serde(skip)]
    layout: Option<Arc<Layout>>,
}

impl Step {
    /// What the step adds to a puzzle's grade: its technique's score, for a killer step by the size
    /// of the cage it reads first ([`Technique::score_for_cage`]).
    pub fn score(&self) -> u32 {
        self.technique.score_for_cage(self.cages.first().map_or(0, Cage::size))
    }

    /// An empty step of `technique`, to be filled with the `with_*` methods.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            houses: Vec::new(),
            cells: Vec::new(),
            cages: Vec::new(),
            drivers: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            explanation: String::new(),
            layout: None,
        }
    }

    /// The same step found under `layout`: its houses' cells are read there (the classic layout
    /// is left implicit).
    pub fn under_layout(mut self, layout: &Arc<Layout>) -> Step {
        self.layout = (!layout.is_classic()).then(|| Arc::clone(layout));
        self
    }

    /// The layout the step was found under.
    pub fn layout(&self) -> &Layout {
        self.layout.as_deref().unwrap_or_else(|| Layout::classic_ref())
    }

    /// The cells of `house` under the step's layout.
    pub fn house_cells(&self, house: House) -> CellSet {
        self.layout().set(house)
    }

    /// Sets the pattern houses.
    pub fn with_houses(mut self, houses: impl IntoIterator<Item = House>) -> Step {
        self.houses = houses.into_iter().collect();
        self
    }

    /// Sets the pattern cells.
    pub fn with_cells(mut self, cells: impl IntoIterator<Item = Cell>) -> Step {
        self.cells = cells.into_iter().collect();
        self
    }

    /// Sets the cages the step uses.
    pub fn with_cages(mut self, cages: impl IntoIterator<Item = Cage>) -> Step {
        self.cages = cages.into_iter().collect();
        self
    }

    /// Sets the driving candidates.
    pub fn with_drivers(mut self, drivers: impl IntoIterator<Item = Candidate>) -> Step {
        self.drivers = drivers.into_iter().collect();
        self
    }

    /// Sets the placements.
    pub fn with_placements(mut self, placements: impl IntoIterator<Item = Candidate>) -> Step {
        self.placements = placements.into_iter().collect();
        self.placements.sort();
        self
    }

    /// Sets the eliminations (kept sorted, so equal steps compare equal).
    pub fn with_eliminations(mut self, eliminations: impl IntoIterator<Item = Candidate>) -> Step {
        self.eliminations = eliminations.into_iter().collect();
        self.eliminations.sort();
        self.eliminations.dedup();
        self
    }

    /// Sets the explanation.
    pub fn with_explanation(mut self, explanation: impl Into<String>) -> Step {
        self.explanation = explanation.into();
        self
    }

    /// Whether the step changes nothing (such steps are never reported).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }

    /// The first hint: the technique and a place that holds the whole pattern, e.g. `Hidden Single
    /// in box 5`, `Finned X-Wing in rows 2 and 7` (a fish names its base lines), `XY-Chain in
    /// boxes 1 and 4` (a pattern no house holds names every box it spans).
    ///
    /// A rule-of-45 step names the region it works on, `Min/Max Sum in rows 1 and 2`, though its
    /// outies lie outside it; a band tiling names its band, `Band Tiling in boxes 1 and 2`.
    pub fn summary(&self) -> String {
        let technique = self.title();
        if self.technique == Technique::SetEquivalence && !self.houses.is_empty() {
            return format!("{technique} on {}", set_pair_name(&self.houses));
        }
        if self.on_a_region() {
            return format!("{technique} in {}", house_list(&self.houses));
        }
        let cells = self.pattern();
        if cells.is_empty() {
            return technique;
        }
        match self.pattern_place() {
            Place::Whole(house) => format!("{technique} in {house}"),
            Place::Lines(houses) => format!("{technique} in {}", house_list(&houses)),
            Place::Boxes(boxes) => format!("{technique} in {}", house_list(&boxes)),
        }
    }

    /// The houses the pattern lies in, for a board to highlight: every house of the step that holds
    /// the whole pattern (a pointing pair's box and line), else the step's lines of one kind that
    /// hold it together (a fish's base lines); empty when no house of the step does (a chain: only
    /// its cells are highlighted).
    pub fn pattern_houses(&self) -> Vec<House> {
        if self.on_a_region() {
            return self.houses.clone();
        }
        let cells = self.pattern();
        let whole: Vec<House> =
            self.houses.iter().copied().filter(|h| cells.is_subset(self.house_cells(*h))).collect();
        if !whole.is_empty() || cells.is_empty() {
            return whole;
        }
        match self.pattern_place() {
            Place::Lines(houses) => houses,
            Place::Whole(_) | Place::Boxes(_) => Vec::new(),
        }
    }

    /// The technique's name as this step deserves it: the wide rule of 45 says whether it works
    /// on outies (`Rule of 45 (Outies)`, `Rule of 45 (Outies, Several Houses)`) or on the innies of
    /// several houses (`Rule of 45 (Innies, Several Houses)`); every other step, its technique's name.
    pub fn title(&self) -> String {
        if self.technique != Technique::Rule45Wide {
            return self.technique.name().to_string();
        }
        let region = self.houses.iter().fold(CellSet::EMPTY, |acc, h| acc | self.house_cells(*h));
        let outies = self.cells.iter().any(|&c| !region.contains(c));
        let title = match (outies, self.houses.len() > 1) {
            (true, false) => "Rule of 45 (Outies)",
            (true, true) => "Rule of 45 (Outies, Several Houses)",
            (false, _) => "Rule of 45 (Innies, Several Houses)",
        };
        title.to_string()
    }

    /// Whether the step works on a rule-of-45 region (its houses), which its first hint names and
    /// the board shades whole, outies or not; a band tiling's band is one too.
    fn on_a_region(&self) -> bool {
        let technique = self.technique;
        (technique == Technique::SetEquivalence
            || technique == Technique::BandTiling
            || Technique::RULE_OF_45.contains(&technique))
            && !self.houses.is_empty()
    }

    /// The cells the first hint must point at: the pattern, or (for a step without one) the cells
    /// it changes.
    fn pattern(&self) -> CellSet {
        if !self.cells.is_empty() {
            return self.cells.iter().copied().collect();
        }
        self.placements.iter().chain(&self.eliminations).map(|c| c.cell).collect()
    }

    /// Where the pattern lies: the step's first house holding all of it, else a few of its houses
    /// of one kind holding it together, else any house holding it, else the boxes it spans.
    fn pattern_place(&self) -> Place {
        let cells = self.pattern();
        if let Some(&house) = self.houses.iter().find(|h| cells.is_subset(self.house_cells(**h))) {
            return Place::Whole(house);
        }
        let mut kinds = Vec::new();
        for house in &self.houses {
            if !kinds.contains(&house.kind()) {
                kinds.push(house.kind());
            }
        }
        for kind in kinds {
            let group: Vec<House> = (self.houses.iter().copied())
                .filter(|h| h.kind() == kind && self.house_cells(*h).intersects(cells))
                .collect();
            let union = group.iter().fold(CellSet::EMPTY, |acc, h| acc | self.house_cells(*h));
            if group.len() <= 4 && cells.is_subset(union) {
                return Place::Lines(group);
            }
        }
        let layout = self.layout();
        if let Some(house) = layout.common_houses(cells).next() {
            return Place::Whole(house);
        }
        let regions = layout.regions();
        Place::Boxes(regions.into_iter().filter(|&r| layout.set(r).intersects(cells)).collect())
    }

    /// Applies the step: places its digits and removes its eliminations.
    pub fn apply_to(&self, grid: &mut Candidates) {
        for p in &self.placements {
            grid.place(p.cell, p.digit);
        }
        for e in &self.eliminations {
            grid.eliminate(e.cell, e.digit);
        }
    }
}

/// Where a step's pattern lies (see [`Step::summary`]).
enum Place {
    /// One house holds it all.
    Whole(House),
    /// Houses of one kind hold it together.
    Lines(Vec<House>),
    /// No house holds it: the boxes it spans.
    Boxes(Vec<House>),
}

/// Houses of one kind as `rows 2 and 7`, `boxes 1, 4 and 7` (one house as `row 2`).
pub(crate) fn house_list(houses: &[House]) -> String {
    match houses {
        [] => String::new(),
        [house] => house.to_string(),
        [first, ..] => {
            let kind = first.kind().name();
            let plural = if kind.ends_with('x') { format!("{kind}es") } else { format!("{kind}s") };
            let numbers = houses.iter().map(|h| (h.index_in_kind() + 1).to_string()).collect();
            format!("{plural} {}", join_and(numbers))
        }
    }
}

/// Houses of several kinds as `row 1 and columns 4 and 5`: rows, then columns, then boxes.
pub(crate) fn mixed_house_list(houses: &[House]) -> String {
    let groups: Vec<String> =
        [HouseKind::Row, HouseKind::Column, HouseKind::Box, HouseKind::Region, HouseKind::Diagonal]
            .iter()
            .map(|&kind| houses.iter().copied().filter(|h| h.kind() == kind).collect::<Vec<_>>())
            .filter(|group| !group.is_empty())
            .map(|group| house_list(&group))
            .collect();
    join_and(groups)
}

/// Two sets of houses a Set Equivalence step compares, as `row 1 and column 2 against boxes 1 and
/// 2`: lines against the boxes (or jigsaw regions) among `houses`, or (without one) rows against
/// columns.
pub(crate) fn set_pair_name(houses: &[House]) -> String {
    let region = houses.iter().map(|h| h.kind()).find(|&k| matches!(k, HouseKind::Box | HouseKind::Region));
    let against = region.unwrap_or(HouseKind::Column);
    let (second, first): (Vec<House>, Vec<House>) = houses.iter().partition(|h| h.kind() == against);
    format!("{} against {}", mixed_house_list(&first), mixed_house_list(&second))
}

/// Writes a list of cells as `r1c2, r3c4 and r5c6`.
pub fn cell_list(cells: impl IntoIterator<Item = Cell>) -> String {
    join_and(cells.into_iter().map(|c| c.to_string()).collect())
}

/// Writes digits as `4 and 8`, `2, 5 and 6`.
pub fn digit_list(digits: DigitSet) -> String {
    join_and(digits.iter().map(|d| d.to_string()).collect())
}

/// Joins words as `a`, `a and b`, `a, b and c`.
pub fn join_and(words: Vec<String>) -> String {
    join_with(words, "and")
}

/// Joins words as `a`, `a or b`, `a, b or c`.
pub fn join_or(words: Vec<String>) -> String {
    join_with(words, "or")
}

/// Joins words with commas and `conjunction` before the last one.
fn join_with(mut words: Vec<String>, conjunction: &str) -> String {
    match words.pop() {
        None => String::new(),
        Some(last) if words.is_empty() => last,
        Some(last) => format!("{} {conjunction} {last}", words.join(", ")),
    }
}

/// A digit with its indefinite article, as a sentence needs it: `a 5`, `an 8`.
pub(crate) fn a_digit(digit: Digit) -> String {
    let article = if digit.get() == 8 { "an" } else { "a" };
    format!("{article} {digit}")
}

/// The candidates of `digit` in `cells`, in reading order (e.g. what a pattern removes).
pub(crate) fn candidates_in(cells: CellSet, digit: Digit) -> Vec<Candidate> {
    cells.iter().map(|cell| Candidate::new(cell, digit)).collect()
}

/// Every candidate `grid` holds in `cells`, cell by cell in reading order (e.g. the drivers of a
/// pattern made of whole cells).
pub(crate) fn all_candidates_in(grid: &Candidates, cells: CellSet) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|cell| grid.candidates(cell).iter().map(move |digit| Candidate::new(cell, digit)))
        .collect()
}

/// Writes eliminations grouped by digit: `3 is removed from r2c5 and r2c8; 7 from r1c1`.
pub fn removal_text(eliminations: &[Candidate]) -> String {
    let mut parts = Vec::new();
    for digit in Digit::ALL {
        let cells: Vec<Cell> = eliminations.iter().filter(|e| e.digit == digit).map(|e| e.cell).collect();
        if !cells.is_empty() {
            let verb = if parts.is_empty() { " is removed from " } else { " from " };
            parts.push(format!("{digit}{verb}{}", cell_list(cells)));
        }
    }
    parts.join("; ")
}

/// Writes eliminations with the digits removed from the same cells grouped together:
/// `4 and 8 are removed from r2c1 and r2c9; 6 from r3c3`.
pub(crate) fn grouped_removal_text(eliminations: &[Candidate]) -> String {
    let mut groups: Vec<(Vec<Digit>, Vec<Cell>)> = Vec::new();
    for digit in Digit::ALL {
        let cells: Vec<Cell> = eliminations.iter().filter(|e| e.digit == digit).map(|e| e.cell).collect();
        if cells.is_empty() {
            continue;
        }
        match groups.iter_mut().find(|(_, group_cells)| *group_cells == cells) {
            Some((digits, _)) => digits.push(digit),
            None => groups.push((vec![digit], cells)),
        }
    }
    let mut parts = Vec::new();
    for (digits, cells) in groups {
        let verb = match (parts.is_empty(), digits.len()) {
            (false, _) => " from ",
            (true, 1) => " is removed from ",
            (true, _) => " are removed from ",
        };
        let digits = digit_list(digits.into_iter().collect());
        parts.push(format!("{digits}{verb}{}", cell_list(cells)));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digit(n: u8) -> Digit {
        Digit::new(n).expect("a digit")
    }

    #[test]
    fn lists_read_as_sentences() {
        assert_eq!(join_and(vec![]), "");
        assert_eq!(join_or(vec!["r1c1".into()]), "r1c1");
        assert_eq!(join_or(vec!["a".into(), "b".into(), "c".into()]), "a, b or c");
        assert_eq!(digit_list([2, 5, 6].into_iter().map(digit).collect()), "2, 5 and 6");
        assert_eq!(a_digit(digit(8)), "an 8");
        assert_eq!(a_digit(digit(5)), "a 5");
    }

    #[test]
    fn the_first_hint_names_a_place_holding_the_whole_pattern() {
        let cell = |name: &str| name.parse::<Cell>().expect("a cell");
        // A chain over boxes 1 and 4 whose first link house is box 1: not "in box 1".
        let chain = Step::new(Technique::XyChain)
            .with_houses([House::block(0), House::column(0)])
            .with_cells([cell("r1c2"), cell("r2c3"), cell("r5c1")]);
        assert_eq!(chain.summary(), "XY-Chain in boxes 1 and 4");
        assert!(chain.pattern_houses().is_empty(), "only the chain's cells are highlighted");
        // All in column 1, though no link names it.
        let column = chain.clone().with_cells([cell("r1c1"), cell("r5c1")]);
        assert_eq!(column.summary(), "XY-Chain in column 1");
        // A finned fish: its base rows, not its first house alone.
        let fish = Step::new(Technique::FinnedXWing)
            .with_houses([House::row(1), House::row(6), House::column(2), House::column(7)])
            .with_cells([cell("r2c3"), cell("r2c8"), cell("r2c9"), cell("r7c3"), cell("r7c8")]);
        assert_eq!(fish.summary(), "Finned X-Wing in rows 2 and 7");
        assert_eq!(fish.pattern_houses(), [House::row(1), House::row(6)]);
        // A pointing pair: its box, and both houses hold the pattern.
        let pointing = Step::new(Technique::LockedCandidatesPointing)
            .with_houses([House::block(0), House::row(1)])
            .with_cells([cell("r2c2"), cell("r2c3")]);
        assert_eq!(pointing.summary(), "Locked Candidates (Pointing) in box 1");
        assert_eq!(pointing.pattern_houses(), [House::block(0), House::row(1)]);
    }

    #[test]
    fn a_rule_of_45_step_names_its_region_and_whether_it_has_outies() {
        let cell = |name: &str| name.parse::<Cell>().expect("a cell");
        // Outies of columns 1 and 2 in column 3: the region, not the column the cells lie in.
        let outies = Step::new(Technique::Rule45Wide)
            .with_houses([House::column(0), House::column(1)])
            .with_cells([cell("r3c3"), cell("r4c3")]);
        assert_eq!(outies.summary(), "Rule of 45 (Outies, Several Houses) in columns 1 and 2");
        assert_eq!(outies.pattern_houses(), [House::column(0), House::column(1)]);
        // Innies of rows 1 and 2 lying in row 2: not "Outies", and not "in row 2".
        let innies = Step::new(Technique::Rule45Wide)
            .with_houses([House::row(0), House::row(1)])
            .with_cells([cell("r2c2"), cell("r2c5"), cell("r2c9")]);
        assert_eq!(innies.summary(), "Rule of 45 (Innies, Several Houses) in rows 1 and 2");
        // Outies of one box spanning two boxes: on box 4, not "in boxes 4 and 7".
        let min_max = Step::new(Technique::MinMaxSum)
            .with_houses([House::block(3)])
            .with_cells([cell("r6c1"), cell("r7c3")]);
        assert_eq!(min_max.summary(), "Min/Max Sum in box 4");
        let one_house =
            Step::new(Technique::Rule45Wide).with_houses([House::block(3)]).with_cells([cell("r7c3")]);
        assert_eq!(one_house.title(), "Rule of 45 (Outies)");
    }

    #[test]
    fn removals_group_digits_by_cells() {
        let at = |d: u8, cell: &str| Candidate::new(cell.parse().expect("a cell"), digit(d));
        let eliminations = [at(4, "r2c1"), at(4, "r2c9"), at(8, "r2c1"), at(8, "r2c9"), at(6, "r3c3")];
        assert_eq!(
            grouped_removal_text(&eliminations),
            "4 and 8 are removed from r2c1 and r2c9; 6 from r3c3"
        );
        assert_eq!(
            removal_text(&eliminations),
            "4 is removed from r2c1 and r2c9; 6 from r3c3; 8 from r2c1 and r2c9"
        );
    }
}
