//! [`App`]: the whole state of the game screen and [`App::update`], its only mutator (The Elm
//! Architecture). `update` takes an [`Event`] and returns the [`Effect`]s the event loop must carry
//! out (ask the worker for a hint, generate a puzzle, cancel, quit); it never blocks, spawns or draws,
//! so tests drive it with key strings and no threads. The view is a pure function of `&App`
//! ([`super::view`]).

use std::time::Duration;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use crate::engine::Variant;
use crate::engine::logic::{Level, Step};
use crate::engine::{Candidates, Cell, Digit, Puzzle, rate};
use crate::game::Game;

use super::action::Action;
use super::event::Event;
use super::keymap::Keymap;
use super::layout::Screen;
use super::puzzles::{NewPuzzle, puzzle_from_text};
use super::theme::Theme;

/// What the event loop must do after an update.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Ask the worker for the next logical step of `candidates`; it answers with
    /// [`Event::StepReady`] carrying `id`.
    FindStep {
        /// The request id.
        id: u64,
        /// The true candidates of the board.
        candidates: Box<Candidates>,
    },
    /// Ask the worker for a new puzzle; it answers with [`Event::Generated`] carrying `id`.
    Generate {
        /// The request id.
        id: u64,
        /// The level asked for.
        level: Level,
        /// The seed.
        seed: u64,
        /// Classic or killer.
        variant: Variant,
    },
    /// Cancel whatever the worker is doing.
    CancelWork,
    /// Show the statistics (the loop answers with [`Event::Info`]).
    ShowStats,
    /// List the saved games (the loop answers with [`Event::SavedGames`]).
    ListSavedGames,
    /// Load saved game `id` (the loop answers with [`Event::Resumed`] or [`Event::Info`]).
    Resume {
        /// The game's id.
        id: String,
    },
    /// Delete saved game `id` for good (the player confirmed it on the continue screen).
    DeleteSaved {
        /// The game's id.
        id: String,
    },
    /// Leave the game.
    Quit,
}

/// Gameplay switches (the profile's configuration sets them).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Gameplay {
    /// Placing a digit removes it from its peers' marks.
    pub auto_remove_marks: bool,
    /// Shade the cursor's row, column and box.
    pub highlight_peers: bool,
    /// Emphasise the cursor's digit everywhere (digits and marks).
    pub highlight_same_digit: bool,
    /// Show digits that clash with another in a house.
    pub show_conflicts: bool,
    /// Draw the full board's digits large (3x3 glyphs).
    pub large_digits: bool,
    /// Fill killer cages with muted backgrounds.
    pub cage_colours: bool,
    /// Filling candidates on a killer keeps only what the cage combinations allow.
    pub cage_candidates: bool,
    /// Point out a wrong digit as soon as it is entered (otherwise only on a check).
    pub immediate_mistakes: bool,
    /// How hints are given.
    pub hint_policy: HintPolicy,
    /// Time between two auto-solve steps.
    pub auto_solve_pace: Duration,
}

/// How hints are given.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum HintPolicy {
    /// A ladder: technique and where, then the pattern, then the result.
    #[default]
    Ladder,
    /// Everything at the first press.
    Direct,
    /// No hints (auto-solve still works).
    Off,
}

impl Default for Gameplay {
    fn default() -> Gameplay {
        Gameplay {
            auto_remove_marks: true,
            highlight_peers: true,
            highlight_same_digit: true,
            show_conflicts: true,
            large_digits: true,
            cage_colours: false,
            cage_candidates: true,
            immediate_mistakes: false,
            hint_policy: HintPolicy::Ladder,
            auto_solve_pace: Duration::from_millis(600),
        }
    }
}

/// Why the first hint points at a cell instead of naming a technique.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mistake {
    /// The player's digit there is not the solution's.
    WrongDigit(Cell),
    /// The cell's marks leave out the digit it needs.
    MissingMark(Cell),
}

/// The hint ladder.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    /// No hint shown.
    None,
    /// Waiting for the worker's step (request `id`).
    Waiting {
        /// The request id.
        id: u64,
        /// Apply the step as soon as it arrives (the player pressed apply without a hint).
        apply: bool,
        /// The rung to show on arrival (hint pressed again while waiting climbs it).
        rung: u8,
    },
    /// A step, shown up to `rung` (1: technique and place, 2: pattern on the board, 3: result).
    Step {
        /// The step.
        step: Box<Step>,
        /// How much is shown.
        rung: u8,
    },
    /// The board holds a mistake, shown instead of a technique.
    Mistake(Mistake),
    /// The engine found nothing (the board is solved or broken).
    Nothing,
}

/// What covers the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Overlay {
    /// Nothing: the game is played.
    None,
    /// The help screen.
    Help,
    /// Paused: board hidden, clock stopped.
    Paused,
    /// The puzzle is solved.
    Won,
    /// New game: pick a classic level (0-4), a killer level (5-9) or paste a puzzle (10).
    NewGame {
        /// The highlighted item.
        selected: usize,
    },
    /// New game from a pasted puzzle.
    Paste {
        /// The text typed or pasted so far.
        input: String,
        /// Why the last attempt was refused.
        error: Option<String>,
    },
    /// A puzzle is being generated.
    Generating {
        /// The request id.
        id: u64,
        /// The level asked for.
        level: Level,
        /// Time waited so far.
        waited: Duration,
    },
    /// Asks before filling the whole solution.
    ConfirmSolve,
    /// A text to read (statistics, the puzzle line, a problem); any key closes it.
    Info {
        /// The title.
        title: String,
        /// The lines.
        lines: Vec<String>,
    },
    /// The saved games, to pick one to continue.
    Continue {
        /// The games, most recent first.
        games: Vec<SavedSummary>,
        /// The highlighted one.
        selected: usize,
    },
    /// Asks before deleting the highlighted saved game of the continue screen.
    ConfirmDelete {
        /// The games, as the continue screen listed them.
        games: Vec<SavedSummary>,
        /// The one to delete.
        selected: usize,
    },
}

/// A saved game as the continue screen lists it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedSummary {
    /// The game's id.
    pub id: String,
    /// One line about it (level, time, cells left, when saved).
    pub label: String,
}

/// The index of the new-game dialog's paste item, after the five classic and five killer levels.
pub const PASTE_ITEM: usize = 2 * Level::ALL.len();

/// The variant and level of new-game item `index` (`None` for the paste item).
pub fn new_game_item(index: usize) -> Option<(Variant, Level)> {
    let levels = Level::ALL.len();
    let variant = if index < levels { Variant::Classic } else { Variant::Killer };
    Level::ALL.get(index % levels).filter(|_| index < PASTE_ITEM).map(|&level| (variant, level))
}

/// The state of the auto-solver.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AutoSolve {
    /// The request in flight, if any.
    pub waiting: Option<u64>,
    /// Time since the last step was applied.
    pub since_step: Duration,
}

/// The game screen.
#[derive(Clone, Debug)]
pub struct App {
    /// The game being played.
    pub game: Game,
    /// The selected cell.
    pub cursor: Cell,
    /// Whether digits go in as pencil marks.
    pub pencil: bool,
    /// The hint ladder.
    pub hint: Hint,
    /// The auto-solver, while it runs.
    pub auto_solve: Option<AutoSolve>,
    /// The step just applied (by auto-solve or apply), drawn until the next key.
    pub recent_step: Option<Box<Step>>,
    /// What covers the board.
    pub overlay: Overlay,
    /// A one-line message for the player (last action's outcome).
    pub message: Option<String>,
    /// The keys.
    pub keymap: Keymap,
    /// The styles.
    pub theme: Theme,
    /// Gameplay switches.
    pub gameplay: Gameplay,
    /// The terminal size, for mouse clicks.
    pub area: Rect,
    /// Spinner frame counter.
    pub frame: u64,
    /// How many lines the help or text overlay is scrolled down (when it does not fit).
    pub help_scroll: usize,
    /// The page of a long hint shown in the panel.
    pub hint_page: usize,
    /// Whether the terminal has the focus (the clock stops while it has not).
    pub focused: bool,
    next_id: u64,
    seed: u64,
    quitting: bool,
}

impl App {
    /// A new screen playing `game`; `seed` seeds the puzzles of later new games.
    pub fn new(game: Game, seed: u64) -> App {
        App {
            game,
            cursor: Cell::at(0, 0),
            pencil: false,
            hint: Hint::None,
            auto_solve: None,
            recent_step: None,
            overlay: Overlay::None,
            message: None,
            keymap: Keymap::default(),
            theme: Theme::default(),
            gameplay: Gameplay::default(),
            area: Rect::new(0, 0, 100, 40),
            frame: 0,
            help_scroll: 0,
            hint_page: 0,
            focused: true,
            next_id: 0,
            seed,
            quitting: false,
        }
    }

    /// A new screen playing `puzzle`.
    pub fn with_puzzle(puzzle: Puzzle, level: Option<Level>) -> App {
        App::new(Game::new(puzzle, level), 0)
    }

    /// Whether the app asked to quit.
    pub fn is_quitting(&self) -> bool {
        self.quitting
    }

    /// Whether the clock runs: a game on screen (the window big enough to show it, and focused),
    /// not paused, not solved, no dialog over it.
    pub fn clock_running(&self) -> bool {
        matches!(self.overlay, Overlay::None)
            && !self.game.is_won()
            && self.focused
            && Screen::plan(self.area) != Screen::TooSmall
    }

    /// How often the loop must send ticks, or `None` to sleep until an event.
    pub fn tick_interval(&self) -> Option<Duration> {
        if matches!(self.overlay, Overlay::Generating { .. }) || self.auto_solve.is_some() {
            Some(Duration::from_millis(100))
        } else if self.clock_running() {
            // Wake when the shown second changes, not before.
            let into_second = Duration::from_nanos(u64::from(self.game.elapsed.subsec_nanos()));
            Some((Duration::from_secs(1) - into_second).max(Duration::from_millis(20)))
        } else {
            None
        }
    }

    /// Asks for a new classic game at `level`: shows the spinner and returns the generation effect.
    pub fn request_new_game(&mut self, level: Level) -> Vec<Effect> {
        self.request_game(Variant::Classic, level)
    }

    /// Asks for a new game of `variant` at `level`.
    pub fn request_game(&mut self, variant: Variant, level: Level) -> Vec<Effect> {
        let id = self.new_id();
        let seed = self.seed;
        self.seed = self.seed.wrapping_add(1);
        self.overlay = Overlay::Generating { id, level, waited: Duration::ZERO };
        vec![Effect::Generate { id, level, seed, variant }]
    }

    /// The one mutator: reacts to `event` and returns what the loop must do.
    pub fn update(&mut self, event: Event) -> Vec<Effect> {
        match event {
            Event::Key(key) => self.on_key(key),
            Event::Mouse(mouse) => self.on_mouse(mouse),
            Event::Paste(text) => self.on_paste(&text),
            Event::Resize(width, height) => {
                self.area = Rect::new(0, 0, width, height);
                Vec::new()
            }
            Event::Tick(elapsed) => self.on_tick(elapsed),
            Event::Focus(focused) => {
                self.focused = focused;
                Vec::new()
            }
            // The event loop ends the game on it before the app sees it.
            Event::Stopped(_) => Vec::new(),
            Event::StepReady { id, step } => self.on_step(id, step),
            Event::Generated { id, puzzle } => self.on_generated(id, puzzle),
            Event::Info { title, lines } => {
                self.help_scroll = 0;
                self.overlay = Overlay::Info { title, lines };
                Vec::new()
            }
            Event::SavedGames(games) if games.is_empty() => {
                self.message = Some("No other saved game".into());
                Vec::new()
            }
            Event::SavedGames(games) => {
                self.overlay = Overlay::Continue { games, selected: 0 };
                Vec::new()
            }
            Event::Resumed { game, cursor } => {
                self.start(*game);
                self.cursor = cursor;
                Vec::new()
            }
        }
    }

    fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn on_tick(&mut self, elapsed: Duration) -> Vec<Effect> {
        self.frame = self.frame.wrapping_add(1);
        if self.clock_running() {
            self.game.elapsed += elapsed;
        }
        if let Overlay::Generating { waited, .. } = &mut self.overlay {
            *waited += elapsed;
        }
        let Some(auto) = &mut self.auto_solve else { return Vec::new() };
        auto.since_step += elapsed;
        if auto.waiting.is_some() || auto.since_step < self.gameplay.auto_solve_pace {
            return Vec::new();
        }
        let id = self.next_id + 1;
        auto.waiting = Some(id);
        self.next_id = id;
        vec![Effect::FindStep { id, candidates: Box::new(self.game.true_candidates()) }]
    }

    fn on_step(&mut self, id: u64, step: Option<Box<Step>>) -> Vec<Effect> {
        if let Some(auto) = self.auto_solve
            && auto.waiting == Some(id)
        {
            return self.auto_step(step);
        }
        let Hint::Waiting { id: waiting, apply, rung } = self.hint else { return Vec::new() };
        if waiting != id {
            return Vec::new();
        }
        match step {
            None => self.hint = Hint::Nothing,
            Some(step) if apply => {
                self.message = Some(step.explanation.clone());
                self.apply(&step);
            }
            Some(step) => {
                let rung = if self.gameplay.hint_policy == HintPolicy::Direct { 3 } else { rung };
                self.hint = Hint::Step { step, rung };
            }
        }
        Vec::new()
    }

    fn auto_step(&mut self, step: Option<Box<Step>>) -> Vec<Effect> {
        let Some(step) = step else {
            self.auto_solve = None;
            self.message = Some("Auto-solve stopped: no step found".into());
            return Vec::new();
        };
        self.message = Some(format!("Auto-solve: {}", step.explanation));
        self.game.revealed = true;
        self.apply(&step);
        if let Some(auto) = &mut self.auto_solve {
            auto.waiting = None;
            auto.since_step = Duration::ZERO;
        }
        Vec::new()
    }

    fn on_generated(&mut self, id: u64, puzzle: Option<Box<NewPuzzle>>) -> Vec<Effect> {
        let Overlay::Generating { id: waiting, level, .. } = self.overlay else { return Vec::new() };
        if waiting != id {
            return Vec::new();
        }
        match puzzle {
            Some(new) => self.start(Game::new(new.puzzle, Some(new.level))),
            None => {
                self.overlay = Overlay::None;
                self.message = Some(format!("No {level} puzzle could be made"));
            }
        }
        Vec::new()
    }

    /// Replaces the game, keeping keys, theme and settings.
    pub fn start(&mut self, mut game: Game) {
        game.auto_remove_marks = self.gameplay.auto_remove_marks;
        game.cage_candidates = self.gameplay.cage_candidates;
        self.game = game;
        self.cursor = Cell::at(0, 0);
        self.pencil = false;
        self.hint = Hint::None;
        self.auto_solve = None;
        self.recent_step = None;
        self.overlay = Overlay::None;
        self.message = None;
    }

    fn on_mouse(&mut self, mouse: MouseEvent) -> Vec<Effect> {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) || self.overlay != Overlay::None {
            return Vec::new();
        }
        if let Some(cell) = Screen::plan(self.area).cell_at(Position::new(mouse.column, mouse.row)) {
            self.cursor = cell;
        }
        Vec::new()
    }

    fn on_paste(&mut self, text: &str) -> Vec<Effect> {
        if let Overlay::Paste { input, error } = &mut self.overlay {
            // Whitespace runs become one space: a killer line keeps its fields apart, a classic
            // grid pasted in rows still reads as 81 cells.
            for c in text.chars() {
                if !c.is_whitespace() {
                    input.push(c);
                } else if !input.is_empty() && !input.ends_with(' ') {
                    input.push(' ');
                }
            }
            *error = None;
        }
        Vec::new()
    }

    fn on_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        self.recent_step = None;
        if self.auto_solve.take().is_some() {
            self.message = Some("Auto-solve stopped".into());
            return Vec::new();
        }
        let action = self.keymap.action_for(&key);
        match self.overlay.clone() {
            Overlay::None if action.is_none() && key.code == KeyCode::Esc => {
                self.dismiss_hint();
                Vec::new()
            }
            Overlay::None => action.map(|a| self.on_action(a)).unwrap_or_default(),
            Overlay::Help => {
                match action {
                    Some(Action::MoveDown) => {
                        let rows = super::widgets::overlay::help_rows(self).len();
                        self.help_scroll = (self.help_scroll + 1).min(rows)
                    }
                    Some(Action::MoveUp) => self.help_scroll = self.help_scroll.saturating_sub(1),
                    _ => self.overlay = Overlay::None,
                }
                Vec::new()
            }
            Overlay::Paused => {
                if action == Some(Action::Quit) {
                    return self.quit();
                }
                self.overlay = Overlay::None;
                Vec::new()
            }
            Overlay::Won => match action {
                Some(Action::Quit) => self.quit(),
                Some(Action::NewGame) => {
                    self.overlay = Overlay::NewGame { selected: self.level_index() };
                    Vec::new()
                }
                _ if matches!(key.code, KeyCode::Esc | KeyCode::Enter) => {
                    self.overlay = Overlay::None;
                    Vec::new()
                }
                _ => Vec::new(),
            },
            Overlay::NewGame { selected } => self.on_new_game_key(key, action, selected),
            Overlay::Paste { input, .. } => self.on_paste_key(key, input),
            Overlay::Generating { .. } => {
                if key.code == KeyCode::Esc || action == Some(Action::Quit) {
                    self.overlay = Overlay::None;
                    self.message = Some("New game cancelled".into());
                    return vec![Effect::CancelWork];
                }
                Vec::new()
            }
            Overlay::Info { .. } => {
                match action {
                    Some(Action::MoveDown) => self.help_scroll += 1,
                    Some(Action::MoveUp) => self.help_scroll = self.help_scroll.saturating_sub(1),
                    _ => self.overlay = Overlay::None,
                }
                Vec::new()
            }
            Overlay::Continue { games, selected } => self.on_continue_key(key, action, games, selected),
            Overlay::ConfirmDelete { mut games, selected } => {
                if !matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    self.overlay = Overlay::Continue { games, selected };
                    return Vec::new();
                }
                if selected >= games.len() {
                    self.overlay = Overlay::Continue { games, selected: 0 };
                    return Vec::new();
                }
                let gone = games.remove(selected);
                self.message = Some(format!("Deleted the saved game {}", gone.label));
                self.overlay = if games.is_empty() {
                    Overlay::None
                } else {
                    Overlay::Continue { selected: selected.min(games.len() - 1), games }
                };
                vec![Effect::DeleteSaved { id: gone.id }]
            }
            Overlay::ConfirmSolve => {
                self.overlay = Overlay::None;
                if matches!(key.code, KeyCode::Char('y' | 'Y') | KeyCode::Enter) {
                    self.edited(|game| game.fill_solution());
                }
                Vec::new()
            }
        }
    }

    fn level_index(&self) -> usize {
        let level = self.game.level().and_then(|l| Level::ALL.iter().position(|&x| x == l)).unwrap_or(1);
        match self.game.puzzle().variant() {
            Variant::Classic => level,
            Variant::Killer => level + Level::ALL.len(),
        }
    }

    fn on_new_game_key(&mut self, key: KeyEvent, action: Option<Action>, selected: usize) -> Vec<Effect> {
        let items = PASTE_ITEM + 1;
        let choose = |index: usize, app: &mut App| match new_game_item(index) {
            Some((variant, level)) => app.request_game(variant, level),
            None => {
                app.overlay = Overlay::Paste { input: String::new(), error: None };
                Vec::new()
            }
        };
        match (key.code, action) {
            (KeyCode::Esc, _) | (_, Some(Action::Quit | Action::NewGame)) => {
                self.overlay = Overlay::None;
                Vec::new()
            }
            (KeyCode::Enter, _) => choose(selected, self),
            (_, Some(Action::MoveUp | Action::PrevEmpty)) => {
                self.overlay = Overlay::NewGame { selected: (selected + items - 1) % items };
                Vec::new()
            }
            (_, Some(Action::MoveDown | Action::NextEmpty)) => {
                self.overlay = Overlay::NewGame { selected: (selected + 1) % items };
                Vec::new()
            }
            (KeyCode::Char('p'), _) => choose(PASTE_ITEM, self),
            (_, Some(Action::MoveLeft | Action::MoveRight)) => {
                // The same level in the other variant.
                let levels = Level::ALL.len();
                let toggled = if selected < levels { selected + levels } else { selected % levels };
                self.overlay = Overlay::NewGame { selected: toggled.min(PASTE_ITEM - 1) };
                Vec::new()
            }
            (_, Some(a)) => match a.entered_digit() {
                // 1-5 start that level in the variant highlighted.
                Some(d) if d.index() < Level::ALL.len() => {
                    let killer = usize::from(selected >= Level::ALL.len() && selected < PASTE_ITEM);
                    choose(d.index() + killer * Level::ALL.len(), self)
                }
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    fn on_continue_key(
        &mut self,
        key: KeyEvent,
        action: Option<Action>,
        games: Vec<SavedSummary>,
        selected: usize,
    ) -> Vec<Effect> {
        let count = games.len().max(1);
        let selected = match (key.code, action) {
            (KeyCode::Enter, _) => {
                self.overlay = Overlay::None;
                return games
                    .get(selected)
                    .map(|g| vec![Effect::Resume { id: g.id.clone() }])
                    .unwrap_or_default();
            }
            (KeyCode::Esc, _) | (_, Some(Action::Quit | Action::ContinueGame)) => {
                self.overlay = Overlay::None;
                return Vec::new();
            }
            (KeyCode::Char('d') | KeyCode::Delete, _) if selected < games.len() => {
                self.overlay = Overlay::ConfirmDelete { games, selected };
                return Vec::new();
            }
            (_, Some(Action::MoveUp | Action::PrevEmpty)) => (selected + count - 1) % count,
            (_, Some(Action::MoveDown | Action::NextEmpty)) => (selected + 1) % count,
            _ => selected,
        };
        self.overlay = Overlay::Continue { games, selected };
        Vec::new()
    }

    fn on_paste_key(&mut self, key: KeyEvent, mut input: String) -> Vec<Effect> {
        match key.code {
            KeyCode::Esc => {
                self.overlay = Overlay::NewGame { selected: PASTE_ITEM };
                return Vec::new();
            }
            KeyCode::Enter => {
                match puzzle_from_text(&input) {
                    Ok(puzzle) => {
                        let level = rate(&puzzle).level;
                        self.start(Game::new(puzzle, Some(level)))
                    }
                    Err(error) => self.overlay = Overlay::Paste { input, error: Some(error) },
                }
                return Vec::new();
            }
            KeyCode::Backspace => {
                input.pop();
            }
            KeyCode::Char(c) if (key.modifiers - KeyModifiers::SHIFT).is_empty() => input.push(c),
            _ => {}
        }
        self.overlay = Overlay::Paste { input, error: None };
        Vec::new()
    }

    fn quit(&mut self) -> Vec<Effect> {
        self.quitting = true;
        vec![Effect::CancelWork, Effect::Quit]
    }

    /// Runs `change` on the game; when the board changed, the hint is forgotten (a pending reply
    /// will be dropped) and a win is noticed.
    fn edited(&mut self, change: impl FnOnce(&mut Game) -> bool) -> bool {
        let changed = change(&mut self.game);
        if changed {
            self.hint = Hint::None;
            self.hint_page = 0;
            if self.game.is_won() {
                self.hint = Hint::None;
                self.auto_solve = None;
                self.overlay = Overlay::Won;
            }
        }
        changed
    }

    fn apply(&mut self, step: &Step) {
        self.edited(|game| game.apply_step(step));
        self.hint = Hint::None;
        self.recent_step = Some(Box::new(step.clone()));
        if let Some(first) = step.placements.first().or(step.eliminations.first()) {
            self.cursor = first.cell;
        }
    }

    fn on_action(&mut self, action: Action) -> Vec<Effect> {
        self.message = None;
        if let Some(digit) = action.entered_digit() {
            self.digit_key(digit, self.pencil);
            return Vec::new();
        }
        if let Some(digit) = action.marked_digit() {
            self.digit_key(digit, true);
            return Vec::new();
        }
        match action {
            Action::MoveUp => self.move_by(-1, 0),
            Action::MoveDown => self.move_by(1, 0),
            Action::MoveLeft => self.move_by(0, -1),
            Action::MoveRight => self.move_by(0, 1),
            Action::NextEmpty => self.jump_empty(true),
            Action::PrevEmpty => self.jump_empty(false),
            Action::Erase => {
                let cell = self.cursor;
                if self.game.is_given(cell) {
                    self.message = Some(format!("{cell} is a given: it cannot be erased"));
                } else if !self.edited(|game| game.erase(cell)) {
                    self.message = Some(format!("{cell} is already empty"));
                }
            }
            Action::TogglePencil => self.pencil = !self.pencil,
            Action::Undo if !self.edited(Game::undo) => self.message = Some("Nothing to undo".into()),
            Action::Redo if !self.edited(Game::redo) => self.message = Some("Nothing to redo".into()),
            Action::FillCandidates => {
                let kept_out = self.game.hand_removed_marks();
                self.edited(|game| game.fill_candidates(true));
                if kept_out > 0 {
                    let all = self.keymap.key_label(Action::FillAllCandidates);
                    self.message =
                        Some(format!("Left out {kept_out} marks you removed by hand ({all} fills them too)"));
                }
            }
            Action::FillAllCandidates => {
                self.edited(|game| game.fill_candidates(false));
            }
            Action::HintPageDown => {
                let last = super::widgets::panel::hint_pages(self, self.area).saturating_sub(1);
                self.hint_page = (self.hint_page + 1).min(last);
            }
            Action::HintPageUp => self.hint_page = self.hint_page.saturating_sub(1),
            Action::Check => {
                let wrong = self.game.check();
                self.message = Some(match wrong {
                    0 => "Check: no wrong digit so far".to_string(),
                    1 => "Check: 1 wrong digit (marked x)".to_string(),
                    n => format!("Check: {n} wrong digits (marked x)"),
                });
            }
            Action::Pause => self.overlay = Overlay::Paused,
            Action::Help => {
                self.help_scroll = 0;
                self.overlay = Overlay::Help;
            }
            Action::Hint => {
                self.hint_page = 0;
                return self.hint_key(false);
            }
            Action::ApplyHint => return self.apply_key(),
            Action::AutoSolve => return self.start_auto_solve(),
            Action::SolveAll => self.overlay = Overlay::ConfirmSolve,
            Action::NewGame => self.overlay = Overlay::NewGame { selected: self.level_index() },
            Action::ContinueGame => return vec![Effect::ListSavedGames],
            Action::Stats => return vec![Effect::ShowStats],
            Action::ShowPuzzleLine => {
                let puzzle = self.game.puzzle();
                let lines = vec![
                    "Puzzle (givens):".to_string(),
                    puzzle.to_line(),
                    "Board now:".to_string(),
                    puzzle.board_line(&self.game.grid()),
                ];
                self.help_scroll = 0;
                self.overlay = Overlay::Info { title: "Puzzle line".into(), lines };
            }
            Action::Quit => return self.quit(),
            _ => {}
        }
        Vec::new()
    }

    fn digit_key(&mut self, digit: Digit, as_mark: bool) {
        let cell = self.cursor;
        if self.game.is_given(cell) {
            self.message = Some(format!("{cell} is a given"));
            return;
        }
        if as_mark {
            self.edited(|game| game.toggle_mark(cell, digit));
        } else {
            self.edited(|game| game.enter(cell, digit));
            if self.gameplay.immediate_mistakes && self.game.check() > 0 {
                self.message = Some("Wrong digit (marked x)".into());
            }
        }
    }

    fn move_by(&mut self, rows: isize, cols: isize) {
        let row = (self.cursor.row() as isize + rows).rem_euclid(9) as usize;
        let col = (self.cursor.col() as isize + cols).rem_euclid(9) as usize;
        self.cursor = Cell::at(row, col);
    }

    fn jump_empty(&mut self, forward: bool) {
        let start = self.cursor.index();
        let found = (1..=81)
            .map(|step| if forward { (start + step) % 81 } else { (start + 81 * 2 - step) % 81 })
            .map(Cell::from_index)
            .find(|&c| self.game.digit(c).is_none());
        if let Some(cell) = found {
            self.cursor = cell;
        }
    }

    /// The mistake a hint must point at first, if any.
    fn mistake(&self) -> Option<Mistake> {
        self.game
            .first_wrong_digit()
            .map(Mistake::WrongDigit)
            .or_else(|| self.game.first_missing_mark().map(Mistake::MissingMark))
    }

    fn hint_key(&mut self, apply: bool) -> Vec<Effect> {
        if self.gameplay.hint_policy == HintPolicy::Off {
            self.message = Some("Hints are off".into());
            return Vec::new();
        }
        match &mut self.hint {
            Hint::Step { rung, .. } if *rung < 3 => {
                *rung += 1;
                return Vec::new();
            }
            Hint::Waiting { rung, .. } => {
                *rung = (*rung + 1).min(3);
                return Vec::new();
            }
            Hint::Step { .. } | Hint::Nothing => return Vec::new(),
            Hint::Mistake(_) | Hint::None => {}
        }
        if self.game.is_won() {
            self.hint = Hint::Nothing;
            return Vec::new();
        }
        if let Some(mistake) = self.mistake() {
            if self.hint != Hint::Mistake(mistake) {
                self.game.hints_used = self.game.hints_used.saturating_add(1);
            }
            self.hint = Hint::Mistake(mistake);
            return Vec::new();
        }
        self.game.hints_used = self.game.hints_used.saturating_add(1);
        let id = self.new_id();
        self.hint = Hint::Waiting { id, apply, rung: 1 };
        vec![Effect::FindStep { id, candidates: Box::new(self.game.true_candidates()) }]
    }

    fn apply_key(&mut self) -> Vec<Effect> {
        match self.hint.clone() {
            Hint::Step { step, .. } => {
                self.message = Some(step.explanation.clone());
                self.apply(&step);
                Vec::new()
            }
            Hint::Mistake(mistake) => {
                self.fix(mistake);
                Vec::new()
            }
            Hint::None => self.hint_key(true),
            Hint::Waiting { id, rung, .. } => {
                self.hint = Hint::Waiting { id, apply: true, rung };
                Vec::new()
            }
            Hint::Nothing => Vec::new(),
        }
    }

    /// Repairs a mistake a hint pointed at: removes the wrong digit, or gives the mark back.
    fn fix(&mut self, mistake: Mistake) {
        let solution = *self.game.puzzle().solution();
        match mistake {
            Mistake::WrongDigit(cell) => {
                self.edited(|game| game.erase(cell));
                self.message = Some(format!("Removed the wrong digit from {cell}"));
            }
            Mistake::MissingMark(cell) => {
                if let Some(digit) = solution.get(cell) {
                    self.edited(|game| game.toggle_mark(cell, digit));
                    self.message = Some(format!("Gave {cell} back the mark it needs"));
                }
            }
        }
        self.hint = Hint::None;
        self.cursor = match mistake {
            Mistake::WrongDigit(cell) | Mistake::MissingMark(cell) => cell,
        };
    }

    fn start_auto_solve(&mut self) -> Vec<Effect> {
        if let Some(mistake) = self.mistake() {
            self.hint = Hint::Mistake(mistake);
            self.message = Some("Auto-solve needs a board without mistakes".into());
            return Vec::new();
        }
        self.hint = Hint::None;
        self.auto_solve = Some(AutoSolve { waiting: None, since_step: self.gameplay.auto_solve_pace });
        self.message = Some("Auto-solve: any key stops".into());
        Vec::new()
    }

    /// Closes the hint (a pending reply will be dropped) and the last message.
    fn dismiss_hint(&mut self) {
        self.hint = Hint::None;
        self.hint_page = 0;
        self.message = None;
    }

    /// The text of the hint panel, by rung.
    pub fn hint_text(&self) -> Option<String> {
        match &self.hint {
            Hint::None => None,
            Hint::Waiting { .. } => Some("Thinking…".into()),
            Hint::Nothing => Some("No hint: the board is complete".into()),
            Hint::Mistake(Mistake::WrongDigit(cell)) => {
                Some(format!("A digit is wrong: look at {cell}. Press a to remove it."))
            }
            Hint::Mistake(Mistake::MissingMark(cell)) => {
                Some(format!("The marks of {cell} leave out the digit it needs. Press a to restore it."))
            }
            Hint::Step { step, rung: 1 } => Some(format!("{}. Press n for more.", step.summary())),
            Hint::Step { step, rung: 2 } => {
                Some(format!("{}: look at the highlighted cells. Press n for more.", step.summary()))
            }
            Hint::Step { step, .. } => Some(format!("{}. Press a to apply.", step.explanation)),
        }
    }

    /// The step drawn on the board, with its rung (2 and up draw the pattern).
    pub fn shown_step(&self) -> Option<(&Step, u8)> {
        match &self.hint {
            Hint::Step { step, rung } => Some((step, *rung)),
            _ => None,
        }
    }

    /// The cell a mistake hint points at.
    pub fn mistake_cell(&self) -> Option<Cell> {
        match self.hint {
            Hint::Mistake(Mistake::WrongDigit(cell) | Mistake::MissingMark(cell)) => Some(cell),
            _ => None,
        }
    }
}
