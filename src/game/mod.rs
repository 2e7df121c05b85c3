//! The game itself, without UI: [`Game`] is one puzzle being played: the player's digits, pencil
//! marks of both kinds (centre and corner), colours and struck cage combinations ([`BoardState`]), the eliminations the hint engine has made, unbounded undo/redo of all of
//! it, the clock and the counters, the mistakes and which entries were counted as mistakes, what the
//! history remembers about marks, and the conflicts on the board.
//!
//! Pure state over the engine: the TUI changes it and draws it, the profile saves it (from
//! [`Game::progress`], back with [`Game::restore`]). It imports only the engine: no terminal, no
//! files, no configuration, and nothing of the save format.

mod board;
mod hint_position;
mod mark_memory;
mod notes;

use std::time::Duration;

use crate::engine::daily::DailyDate;
use crate::engine::logic::{Level, Step};
use crate::engine::{ByCell, Candidates, Cell, CellSet, Digit, DigitSet, Grid, Puzzle};

pub use board::BoardState;
pub use hint_position::HintPosition;
pub use mark_memory::MarkKind;
pub use notes::{Colour, Strikes};

/// Everything of a game that outlives a session besides its puzzle and level: what a save keeps, to
/// rebuild the game with [`Game::restore`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The board now.
    pub state: BoardState,
    /// Earlier boards, oldest first.
    pub undo: Vec<BoardState>,
    /// Undone boards, the next redo last.
    pub redo: Vec<BoardState>,
    /// Time played.
    pub elapsed: Duration,
    /// Hints asked for.
    pub hints_used: u32,
    /// Mistakes counted.
    pub mistakes: u32,
    /// Whether the engine played some of it (see [`Game::revealed`]).
    pub revealed: bool,
    /// For each cell, the digits whose entry there has been counted as a mistake; `None` for a
    /// save that does not say (made before termdoku kept it).
    pub counted: Option<ByCell<DigitSet>>,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    puzzle: Puzzle,
    level: Option<Level>,
    state: BoardState,
    undo: Vec<BoardState>,
    redo: Vec<BoardState>,
    /// Cells the last check (`v`) found wrong; cleared when they change (by a move, undo or redo).
    pub checked_wrong: CellSet,
    /// For each cell, the digits whose entry there has been counted as a mistake (it made a
    /// conflict when entered, or a check found it wrong) since the player last entered them there.
    /// Undo and redo leave it alone: they bring back entries already made, not new ones, so a
    /// check after them does not count a digit twice. (It is kept by digit, not by entry: undoing
    /// back past a fresh entry of the same digit brings back an older entry as not counted.)
    counted: ByCell<DigitSet>,
    /// Time played (the clock runs only while the game is shown).
    pub elapsed: Duration,
    /// Hints asked for.
    pub hints_used: u32,
    /// Digits entered into a conflict, and wrong digits found by a check that were not counted
    /// before: a wrong digit counts once for each time it is entered in its cell.
    pub mistakes: u32,
    /// Whether marks of a placed digit's peers (and on a killer its cage mates) lose that digit.
    pub auto_remove_marks: bool,
    /// Whether filling candidates on a killer keeps only what the cage combinations allow (off:
    /// plain Sudoku candidates).
    pub cage_candidates: bool,
    /// Whether the player asked for the whole solution, or let auto-solve play (the game then ends
    /// revealed, not solved).
    pub revealed: bool,
    /// The date whose daily puzzle this is, when it is one (see [`crate::engine::daily`]).
    pub daily: Option<DailyDate>,
}

impl Game {
    /// A fresh game of `puzzle`, at `level` when known.
    pub fn new(puzzle: Puzzle, level: Option<Level>) -> Game {
        Game {
            puzzle,
            level,
            state: BoardState::default(),
            undo: Vec::new(),
            redo: Vec::new(),
            checked_wrong: CellSet::EMPTY,
            counted: ByCell::default(),
            elapsed: Duration::ZERO,
            hints_used: 0,
            mistakes: 0,
            auto_remove_marks: true,
            cage_candidates: true,
            revealed: false,
            daily: None,
        }
    }

    /// A game of `puzzle` resumed where `progress` left it. When the save does not say which
    /// entries were counted as mistakes (it was made before termdoku kept that), the entered digits
    /// in a conflict, on the board or on any board of the undo and redo history, are taken as
    /// counted.
    pub fn restore(puzzle: Puzzle, level: Option<Level>, progress: Progress) -> Game {
        let mut game = Game {
            state: progress.state,
            undo: progress.undo,
            redo: progress.redo,
            elapsed: progress.elapsed,
            hints_used: progress.hints_used,
            mistakes: progress.mistakes,
            revealed: progress.revealed,
            ..Game::new(puzzle, level)
        };
        match progress.counted {
            Some(counted) => game.counted = counted,
            None => {
                let boards = std::iter::once(&game.state).chain(&game.undo).chain(&game.redo);
                let counted = boards.fold(ByCell::<DigitSet>::default(), |mut counted, board| {
                    for cell in game.conflicts_on(board) {
                        if let Some(digit) = board.entries.get(cell) {
                            counted[cell].insert(digit);
                        }
                    }
                    counted
                });
                game.counted = counted;
            }
        }
        game
    }

    /// What a save keeps of this game.
    pub fn progress(&self) -> Progress {
        Progress {
            state: self.state,
            undo: self.undo.clone(),
            redo: self.redo.clone(),
            elapsed: self.elapsed,
            hints_used: self.hints_used,
            mistakes: self.mistakes,
            revealed: self.revealed,
            counted: Some(self.counted),
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The level, when the puzzle was generated or rated.
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// The current board state (entries, marks, engine eliminations).
    pub fn state(&self) -> &BoardState {
        &self.state
    }

    /// Whether `cell` holds a given.
    pub fn is_given(&self, cell: Cell) -> bool {
        self.puzzle.givens().get(cell).is_some()
    }

    /// The digit shown in `cell`: the given or the player's entry.
    pub fn digit(&self, cell: Cell) -> Option<Digit> {
        self.puzzle.givens().get(cell).or(self.state.entries.get(cell))
    }

    /// The pencil marks of `cell` (empty when a digit is there).
    pub fn marks(&self, cell: Cell) -> DigitSet {
        if self.digit(cell).is_some() { DigitSet::EMPTY } else { self.state.marks[cell] }
    }

    /// The whole board as a grid: givens and entries.
    pub fn grid(&self) -> Grid {
        self.state.grid(self.puzzle.givens())
    }

    /// The cells whose digit clashes with another digit of one of the puzzle's houses (a row, column,
    /// box or jigsaw region, or on Sudoku X a diagonal), and on a killer
    /// the cells of every cage with a repeated digit, digits above its sum, or a wrong total.
    pub fn conflicts(&self) -> CellSet {
        self.conflicts_on(&self.state)
    }

    /// [`Game::conflicts`] on `board` instead of the board now.
    fn conflicts_on(&self, board: &BoardState) -> CellSet {
        let grid = board.grid(self.puzzle.givens());
        let houses = self.puzzle.layout().conflicting_cells(&grid);
        match self.puzzle.cages() {
            Some(cages) => houses | cages.conflicting_cells(&grid),
            None => houses,
        }
    }

    /// Whether the board is complete and right.
    pub fn is_won(&self) -> bool {
        self.grid() == *self.puzzle.solution()
    }

    /// The first entered digit that differs from the solution.
    pub fn first_wrong_digit(&self) -> Option<Cell> {
        Cell::ALL.into_iter().find(|&c| {
            self.state.entries.get(c).is_some() && self.state.entries.get(c) != self.puzzle.solution().get(c)
        })
    }

    /// The first empty cell whose marks (when it has any) lack its solution digit.
    pub fn first_missing_mark(&self) -> Option<Cell> {
        Cell::ALL.into_iter().find(|&c| {
            let marks = self.marks(c);
            self.digit(c).is_none()
                && !marks.is_empty()
                && self.puzzle.solution().get(c).is_some_and(|d| !marks.contains(d))
        })
    }

    /// The true candidates of the position: from the givens and the placed digits, less the eliminations
    /// the engine made. The player's marks are never trusted.
    pub fn true_candidates(&self) -> Candidates {
        let mut candidates = Candidates::from_puzzle_and_placed(&self.puzzle, &self.state.entries);
        for cell in Cell::ALL {
            for digit in self.state.eliminations[cell] {
                candidates.eliminate(cell, digit);
            }
        }
        candidates
    }

    /// Where the next hint starts from: the player's board.
    ///
    /// On a board with pencil marks, a cell with marks offers the engine exactly its marks (less
    /// the digits its placed peers and cage mates rule out): the hint works on what the player
    /// sees, so it never removes a mark that is already gone, and a mark the player put back after
    /// a hint removed it is removed again with its reason. A cell without marks takes the engine's
    /// candidates ([`Game::true_candidates`]): the player has not written candidates there, so
    /// nothing there is theirs to trust or to contradict, and a step removing only such candidates
    /// is taken silently on the way to one that changes the board (see [`HintPosition`]).
    ///
    /// A board without marks is the engine's candidates, and every step is shown, as its
    /// eliminations are what a player without marks learns from a hint.
    ///
    /// The marks must hold the solution's digit (no [`Game::first_missing_mark`]) and the entries
    /// must be right (no [`Game::first_wrong_digit`]): hints point at those mistakes first.
    pub fn hint_position(&self) -> HintPosition {
        let marks = ByCell::from_fn(|cell| self.marks(cell));
        if Cell::ALL.into_iter().all(|c| marks[c].is_empty()) {
            return HintPosition::engine(self.true_candidates());
        }
        let mut candidates = Candidates::from_puzzle_and_placed(&self.puzzle, &self.state.entries);
        for cell in Cell::ALL {
            let out = if marks[cell].is_empty() {
                self.state.eliminations[cell]
            } else {
                DigitSet::from_bits(!marks[cell].bits() & DigitSet::ALL.bits())
            };
            for digit in out {
                candidates.eliminate(cell, digit);
            }
        }
        HintPosition { candidates, marks: Some(marks) }
    }

    /// Changes the board with `change`, recording one undo step if anything changed. Returns whether
    /// the board changed.
    fn edit(&mut self, change: impl FnOnce(&mut BoardState, &Puzzle, bool)) -> bool {
        let before = self.state;
        change(&mut self.state, &self.puzzle, self.auto_remove_marks);
        if self.state == before {
            return false;
        }
        self.undo.push(before);
        self.redo.clear();
        self.forget_changed_checks(&before);
        true
    }

    /// Drops from [`Game::checked_wrong`] the cells whose entry differs from `before`.
    fn forget_changed_checks(&mut self, before: &BoardState) {
        let changed: CellSet =
            Cell::ALL.into_iter().filter(|&c| self.state.entries.get(c) != before.entries.get(c)).collect();
        self.checked_wrong -= changed;
    }

    /// Enters `digit` in `cell` (a given cell is left alone; the same digit again clears it).
    pub fn enter(&mut self, cell: Cell, digit: Digit) -> bool {
        if self.is_given(cell) {
            return false;
        }
        let clears = self.state.entries.get(cell) == Some(digit);
        let seen = self.seen_from(cell);
        let changed = self.edit(|state, _, auto_remove| {
            if clears {
                state.entries.set(cell, None);
            } else {
                state.place(cell, digit, auto_remove, seen);
            }
        });
        if changed && !clears {
            // A new entry: whether the same digit was counted here before no longer matters.
            self.counted[cell].remove(digit);
            if self.conflicts().contains(cell) {
                self.mistakes = self.mistakes.saturating_add(1);
                self.counted[cell].insert(digit);
            }
        }
        changed
    }

    /// Toggles the mark `digit` in `cell` (only in an empty cell).
    pub fn toggle_mark(&mut self, cell: Cell, digit: Digit) -> bool {
        self.toggle_mark_of(MarkKind::Centre, cell, digit)
    }

    /// The cells that see `cell`: its peers, and on a killer its cage mates (a digit repeats in
    /// neither). Placing a digit removes it from their marks (auto-remove).
    fn seen_from(&self, cell: Cell) -> CellSet {
        self.puzzle.layout().peers(cell)
            | self.puzzle.cages().map_or(CellSet::EMPTY, |cages| cages.cage_mates(cell))
    }

    /// Erases the entry of `cell`, or its marks of both kinds when it has no entry (its colour
    /// stays). Erasing a digit whose placing removed it from the marks (of either kind) of the
    /// cells that see it (auto-remove) gives those marks back, where no other placed digit and (for
    /// centre marks) no engine elimination rules them out.
    pub fn erase(&mut self, cell: Cell) -> bool {
        if self.is_given(cell) {
            return false;
        }
        // The digit erased and the cells whose mark of it its placing removed.
        let restore = (self.state.entries.get(cell)).map(|digit| {
            let seen = self.seen_from(cell);
            let removed = |kind| {
                mark_memory::marks_removed_by_placing(&self.undo, &self.state, (cell, digit), seen, kind)
            };
            (digit, removed(MarkKind::Centre), removed(MarkKind::Corner))
        });
        let grid = self.grid();
        let seen_from = ByCell::from_fn(|c| self.seen_from(c));
        self.edit(|state, _, _| {
            if let Some((digit, centre, corner)) = restore {
                state.entries.set(cell, None);
                let back = |peer: Cell| {
                    let seen = (seen_from[peer].iter()).any(|p| p != cell && grid.get(p) == Some(digit));
                    grid.get(peer).is_none() && !seen
                };
                for peer in centre.iter().filter(|&p| back(p)) {
                    if !state.eliminations[peer].contains(digit) {
                        state.marks[peer].insert(digit);
                    }
                }
                for peer in corner.iter().filter(|&p| back(p)) {
                    state.corners[peer].insert(digit);
                }
            } else {
                state.marks[cell] = DigitSet::EMPTY;
                state.corners[cell] = DigitSet::EMPTY;
            }
        })
    }

    /// How many candidates [`Game::fill_candidates`] would leave out because the player removed
    /// them by hand.
    pub fn hand_removed_marks(&self) -> usize {
        let removed = mark_memory::removed_by_hand(&self.undo, &self.state);
        let candidates = self.candidate_marks();
        Cell::ALL.into_iter().map(|c| (removed[c].bits() & candidates[c].bits()).count_ones() as usize).sum()
    }

    /// Every empty cell's candidates: what the placed digits allow, less the engine's eliminations;
    /// on a killer (unless [`Game::cage_candidates`] is off) also only the digits of the cage
    /// combinations that still fit its placed digits.
    fn candidate_marks(&self) -> ByCell<DigitSet> {
        let grid = self.grid();
        let cages = self.puzzle.cages().filter(|_| self.cage_candidates);
        let layout = self.puzzle.layout();
        ByCell::from_fn(|cell| {
            if grid.get(cell).is_some() {
                return DigitSet::EMPTY;
            }
            let seen: DigitSet = layout.peers(cell).iter().filter_map(|p| grid.get(p)).collect();
            let allowed = cages
                .and_then(|cages| cages.cage_at(cell))
                .map_or(DigitSet::ALL, |cage| cage.allowed_digits(&grid));
            DigitSet::from_bits(allowed.bits() & !seen.bits() & !self.state.eliminations[cell].bits())
        })
    }

    /// Fills every empty cell's marks with its candidates (as the placed digits allow them, less the
    /// engine's eliminations); with `keep_hand_removals`, a candidate the player removed by hand
    /// stays out.
    pub fn fill_candidates(&mut self, keep_hand_removals: bool) -> bool {
        let grid = self.grid();
        let candidates = self.candidate_marks();
        let removed = if keep_hand_removals {
            mark_memory::removed_by_hand(&self.undo, &self.state)
        } else {
            ByCell::from_fn(|_| DigitSet::EMPTY)
        };
        self.edit(|state, _, _| {
            for cell in Cell::ALL {
                if grid.get(cell).is_none() {
                    state.marks[cell] = DigitSet::from_bits(candidates[cell].bits() & !removed[cell].bits());
                }
            }
        })
    }

    /// Applies a step of the hint engine: its placements as entries, its eliminations from the marks
    /// and into the engine's record. One undo step.
    pub fn apply_step(&mut self, step: &Step) -> bool {
        let seen: Vec<CellSet> = step.placements.iter().map(|p| self.seen_from(p.cell)).collect();
        self.edit(|state, _, auto_remove| {
            for (p, seen) in step.placements.iter().zip(seen) {
                state.place(p.cell, p.digit, auto_remove, seen);
            }
            for e in &step.eliminations {
                state.marks[e.cell].remove(e.digit);
                state.eliminations[e.cell].insert(e.digit);
            }
        })
    }

    /// Fills the whole solution and marks the game revealed. One undo step.
    pub fn fill_solution(&mut self) -> bool {
        let changed = self.edit(|state, puzzle, _| {
            for cell in Cell::ALL {
                if puzzle.givens().get(cell).is_none() {
                    state.entries.set(cell, puzzle.solution().get(cell));
                }
            }
        });
        self.revealed |= changed;
        changed
    }

    /// Marks the entered digits that differ from the solution; returns how many.
    pub fn check(&mut self) -> usize {
        let mut wrong = CellSet::EMPTY;
        let mut newly: u32 = 0;
        for cell in Cell::ALL {
            let Some(digit) = self.state.entries.get(cell) else { continue };
            if self.puzzle.solution().get(cell) != Some(digit) {
                wrong.insert(cell);
                if !self.counted[cell].contains(digit) {
                    self.counted[cell].insert(digit);
                    newly = newly.saturating_add(1);
                }
            }
        }
        self.mistakes = self.mistakes.saturating_add(newly);
        self.checked_wrong = wrong;
        wrong.len()
    }

    /// Undoes the last change; returns whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(previous) = self.undo.pop() else { return false };
        let before = std::mem::replace(&mut self.state, previous);
        self.forget_changed_checks(&before);
        self.redo.push(before);
        true
    }

    /// Redoes the last undone change; returns whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else { return false };
        let before = std::mem::replace(&mut self.state, next);
        self.forget_changed_checks(&before);
        self.undo.push(before);
        true
    }
}

/// For tests: the first empty cell of `g` and digit, among those `wanted` accepts, such that the
/// digit is wrong there but conflicts with nothing on the board.
#[cfg(test)]
pub(crate) fn wrong_digit_without_conflict(g: &Game, wanted: impl Fn(Cell, Digit) -> bool) -> (Cell, Digit) {
    Cell::ALL
        .into_iter()
        .filter(|&cell| g.digit(cell).is_none())
        .flat_map(|cell| Digit::ALL.into_iter().map(move |digit| (cell, digit)))
        .find(|&(cell, digit)| {
            wanted(cell, digit)
                && g.puzzle().solution().get(cell) != Some(digit)
                && g.puzzle().layout().peers(cell).iter().all(|p| g.digit(p) != Some(digit))
        })
        .expect("a wrong digit without a conflict")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn game() -> Game {
        Game::new(PUZZLE.parse().expect("valid puzzle"), Some(Level::Easy))
    }

    fn d(n: u8) -> Digit {
        Digit::new(n).expect("digit")
    }

    #[test]
    fn givens_cannot_be_changed() {
        let mut g = game();
        assert!(!g.enter(Cell::at(0, 0), d(1)));
        assert!(!g.erase(Cell::at(0, 0)));
        assert_eq!(g.digit(Cell::at(0, 0)), Some(d(5)));
    }

    #[test]
    fn placing_removes_marks_of_peers_and_undo_restores_them() {
        let mut g = game();
        g.toggle_mark(Cell::at(0, 3), d(4));
        g.enter(Cell::at(0, 2), d(4));
        assert!(!g.marks(Cell::at(0, 3)).contains(d(4)));
        g.undo();
        assert!(g.marks(Cell::at(0, 3)).contains(d(4)));
        g.redo();
        assert_eq!(g.digit(Cell::at(0, 2)), Some(d(4)));
    }

    #[test]
    fn conflicts_and_mistakes() {
        let mut g = game();
        g.enter(Cell::at(0, 2), d(5));
        assert!(g.conflicts().contains(Cell::at(0, 2)));
        assert!(g.conflicts().contains(Cell::at(0, 0)));
        assert_eq!(g.mistakes, 1);
        assert_eq!(g.first_wrong_digit(), Some(Cell::at(0, 2)));
    }

    #[test]
    fn a_wrong_digit_counted_when_entered_is_not_counted_again_by_a_check() {
        let mut g = game();
        // A conflict: one mistake, and a check that finds the digit wrong adds none, nor does one
        // after a resume.
        g.enter(Cell::at(0, 2), d(5));
        assert_eq!(g.mistakes, 1);
        assert_eq!(g.check(), 1);
        assert_eq!(g.mistakes, 1);
        let mut resumed = checked_after_resume(&g, g.progress(), 1);
        // So does a save that does not say which entries were counted (an older save).
        checked_after_resume(&g, Progress { counted: None, ..g.progress() }, 1);
        // Entering the conflicting digit again (after clearing it) is a new mistake.
        resumed.enter(Cell::at(0, 2), d(5));
        resumed.enter(Cell::at(0, 2), d(5));
        assert_eq!(resumed.mistakes, 2);
        // A wrong digit in no conflict counts once, at the first check that finds it.
        let (cell, digit) = wrong_digit_without_conflict(&g, |_, _| true);
        g.enter(cell, digit);
        assert_eq!(g.mistakes, 1);
        assert_eq!(g.check(), 2);
        assert_eq!(g.mistakes, 2);
        assert_eq!(g.check(), 2);
        assert_eq!(g.mistakes, 2);
        // Nor by a check after a resume: the save says it was counted.
        checked_after_resume(&g, g.progress(), 2);
    }

    #[test]
    fn an_older_save_takes_conflicts_in_its_history_as_counted() {
        // A conflicting 5 (one mistake) put right with a 4, saved without the record of counted
        // entries: undoing back to the 5 after the resume does not count it again.
        let mut g = game();
        g.enter(Cell::at(0, 2), d(5));
        g.enter(Cell::at(0, 2), d(4));
        let mut resumed = checked_after_resume(&g, Progress { counted: None, ..g.progress() }, 0);
        resumed.undo();
        assert_eq!(resumed.check(), 1);
        assert_eq!(resumed.mistakes, 1);
    }

    /// `g` resumed from `progress`, after a check that must find `wrong` wrong digits and count
    /// none of them again.
    fn checked_after_resume(g: &Game, progress: Progress, wrong: usize) -> Game {
        let mut resumed = Game::restore(g.puzzle().clone(), g.level(), progress);
        assert_eq!(resumed.check(), wrong);
        assert_eq!(resumed.mistakes, g.mistakes);
        resumed
    }

    #[test]
    fn undo_and_redo_bring_back_entries_without_counting_them_again() {
        let mut g = game();
        let cell = Cell::at(0, 2);
        // A conflicting 5 (one mistake), then the right 4 over it, then undo: the 5 is back, and a
        // check finds it wrong without counting it again.
        g.enter(cell, d(5));
        g.enter(cell, d(4));
        assert_eq!(g.mistakes, 1);
        g.undo();
        assert_eq!(g.digit(cell), Some(d(5)));
        assert_eq!(g.check(), 1);
        assert_eq!(g.mistakes, 1);
        assert!(g.checked_wrong.contains(cell));
        // Redo brings the 4 back: the cell is no longer shown as found wrong.
        g.redo();
        assert!(!g.checked_wrong.contains(cell));
        assert_eq!(g.check(), 0);
        // A wrong digit without a conflict, counted by a check, is not counted again after it is
        // undone and redone, nor after the cell is overwritten and that is undone.
        let (other, digit) = wrong_digit_without_conflict(&g, |_, _| true);
        g.enter(other, digit);
        assert_eq!(g.mistakes, 1);
        assert_eq!(g.check(), 1);
        assert_eq!(g.mistakes, 2);
        g.undo();
        assert_eq!(g.check(), 0);
        g.redo();
        assert_eq!(g.check(), 1);
        assert_eq!(g.mistakes, 2);
        let right = g.puzzle().solution().get(other).expect("a solution digit");
        g.enter(other, right);
        g.undo();
        assert_eq!(g.check(), 1);
        assert_eq!(g.mistakes, 2);
        // Entering the same wrong digit anew is a new mistake.
        g.erase(other);
        g.enter(other, digit);
        assert_eq!(g.check(), 1);
        assert_eq!(g.mistakes, 3);
    }

    #[test]
    fn solution_wins() {
        let mut g = game();
        assert!(!g.is_won());
        g.fill_solution();
        assert!(g.is_won());
        assert!(g.conflicts().is_empty());
    }

    #[test]
    fn progress_round_trips_through_restore() {
        let mut g = game();
        g.toggle_mark(Cell::at(0, 2), d(1));
        g.enter(Cell::at(0, 3), d(6));
        g.undo();
        g.elapsed = Duration::from_secs(42);
        let restored = Game::restore(g.puzzle().clone(), g.level(), g.progress());
        assert_eq!(restored.progress(), g.progress());
        let mut restored = restored;
        assert!(restored.redo());
        assert_eq!(restored.digit(Cell::at(0, 3)), Some(d(6)));
    }

    #[test]
    fn counters_restored_at_their_limit_saturate() {
        let progress = Progress { mistakes: u32::MAX, ..Progress::default() };
        let mut g = Game::restore(PUZZLE.parse().expect("valid puzzle"), None, progress);
        g.enter(Cell::at(0, 2), d(5));
        assert_eq!(g.mistakes, u32::MAX);
        g.enter(Cell::at(0, 3), d(1));
        assert!(g.check() > 0);
        assert_eq!(g.mistakes, u32::MAX);
    }

    #[test]
    fn erasing_a_digit_gives_back_the_marks_placing_it_removed() {
        let mut g = game();
        g.fill_candidates(true);
        let cell = Cell::at(0, 2);
        let peer = cell.peers().iter().find(|&p| g.marks(p).contains(d(4))).expect("a peer marked 4");
        g.toggle_mark(Cell::at(2, 0), d(2)); // Another edit between placing and erasing.
        g.enter(cell, d(4));
        assert!(!g.marks(peer).contains(d(4)));
        g.toggle_mark(Cell::at(2, 0), d(2));
        g.erase(cell);
        assert!(g.marks(peer).contains(d(4)), "the 4 is back in {peer}");
        assert_eq!(g.digit(cell), None);
        // A mark another placed 4 rules out stays out: r2c3 sees a 4 in r2c7 too.
        assert!(g.marks(Cell::at(1, 2)).contains(d(4)));
        g.enter(cell, d(4));
        g.enter(Cell::at(1, 6), d(4));
        g.erase(cell);
        assert!(!g.marks(Cell::at(1, 2)).contains(d(4)), "r2c3 still sees the 4 of r2c7");
    }

    #[test]
    fn fill_leaves_out_marks_removed_by_hand_unless_asked() {
        let mut g = game();
        g.fill_candidates(true);
        let cell = Cell::at(0, 2);
        assert!(g.marks(cell).contains(d(1)));
        g.toggle_mark(cell, d(1));
        assert_eq!(g.hand_removed_marks(), 1);
        g.fill_candidates(true);
        assert!(!g.marks(cell).contains(d(1)), "c keeps the player's removal");
        g.fill_candidates(false);
        assert!(g.marks(cell).contains(d(1)), "fill all brings it back");
        assert_eq!(g.hand_removed_marks(), 0);
    }

    #[test]
    fn a_board_without_marks_hints_from_the_engine() {
        let g = game();
        let position = g.hint_position();
        assert_eq!(position.marks, None);
        assert_eq!(position.candidates, g.true_candidates());
    }

    #[test]
    fn hints_start_from_the_marks_and_unmarked_cells_take_the_engine() {
        let mut g = game();
        g.fill_candidates(true);
        // r1c3 (a 4) marked only 1, 2 and 4; r1c4 without marks; a hint once removed 2 from r1c3.
        let (marked, unmarked) = (Cell::at(0, 2), Cell::at(0, 3));
        let step = Step::new(crate::engine::logic::Technique::NakedPair)
            .with_eliminations([crate::engine::Candidate::new(marked, d(2))]);
        g.apply_step(&step);
        g.toggle_mark(marked, d(2));
        for digit in g.marks(marked) {
            if ![d(1), d(2), d(4)].contains(&digit) {
                g.toggle_mark(marked, digit);
            }
        }
        g.erase(unmarked);
        let position = g.hint_position();
        // The player's 2, put back after the hint, is theirs to be shown wrong again.
        assert_eq!(position.candidates.candidates(marked), [d(1), d(2), d(4)].into_iter().collect());
        assert_eq!(position.candidates.candidates(unmarked), g.true_candidates().candidates(unmarked));
        let marks = position.marks.expect("the board has marks");
        assert!(marks[unmarked].is_empty() && marks[marked].contains(d(2)));
        // A step removing only the engine's candidates of the unmarked cell changes nothing shown.
        let hidden = Step::new(crate::engine::logic::Technique::NakedPair)
            .with_eliminations([crate::engine::Candidate::new(unmarked, d(1))]);
        assert!(!position.changes_board(&hidden));
        let shown = Step::new(crate::engine::logic::Technique::NakedPair)
            .with_eliminations([crate::engine::Candidate::new(marked, d(2))]);
        assert!(position.changes_board(&shown));
    }

    #[test]
    fn a_digit_placed_on_a_killer_leaves_the_marks_of_its_cage_mates_and_comes_back_on_erase() {
        let line = crate::engine::fixtures::SOLO_FIRST_KILLER;
        let (givens, cages) = crate::engine::text::parse_killer_line(line).expect("a killer line");
        let mut g = Game::new(Puzzle::new_killer(givens, cages).expect("unique"), None);
        g.fill_candidates(true);
        // Two cells of one cage that share no house: only the cage makes them see each other.
        let cages = g.puzzle().cages().expect("a killer").clone();
        let (cell, mate) = Cell::ALL
            .into_iter()
            .find_map(|c| (cages.cage_mates(c) - c.peers()).first().map(|m| (c, m)))
            .expect("a cage across houses");
        let digit = g.puzzle().solution().get(cell).expect("solved");
        if !g.marks(mate).contains(digit) {
            g.toggle_mark(mate, digit);
        }
        g.enter(cell, digit);
        assert!(!g.marks(mate).contains(digit), "{mate} loses the {digit} placed in {cell}");
        g.erase(cell);
        assert!(g.marks(mate).contains(digit), "erasing gives {mate} its {digit} back");
    }

    #[test]
    fn missing_mark_is_found() {
        let mut g = game();
        // r1c3's solution is 4; marking only 1 there leaves out the digit it needs.
        g.toggle_mark(Cell::at(0, 2), d(1));
        assert_eq!(g.first_missing_mark(), Some(Cell::at(0, 2)));
        g.toggle_mark(Cell::at(0, 2), d(4));
        assert_eq!(g.first_missing_mark(), None);
    }
}
