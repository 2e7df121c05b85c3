//! [`App`]: the whole state of the game screen and [`App::update`], its only mutator (The Elm
//! Architecture). `update` takes an [`Event`] (a key already read by the keymap, a click, a tick, a
//! worker's or the host's reply) and returns the [`Effect`]s the event loop must carry out (ask the
//! worker for a hint, generate a puzzle, cancel, quit); it never blocks, spawns or draws, so tests
//! drive it with key strings and no threads. The board's keys are handled here, the hint ladder and
//! the auto-solver in `app/hints.rs`, a dialog's keys by the dialog ([`super::dialogs`]), which answers
//! with a [`Command`] the app carries out. The view is a pure function of `&App` ([`super::view`]).

use std::time::Duration;

use ratatui::layout::{Position, Rect};

use crate::engine::Variant;
use crate::engine::daily::{DailyDate, daily_level};
use crate::engine::logic::{Level, Step};
use crate::engine::{Cell, Digit, Puzzle};
use crate::game::{Game, MarkKind};

use super::action::{Action, DialogAction, KeyPress};
use super::daily::DailyBook;
use super::dialogs::new_game::{TODAY_CLASSIC, TODAY_KILLER, level_item};
use super::dialogs::{Command, Overlay};
use super::effect::Effect;
use super::event::Event;
use super::gameplay::Gameplay;
use super::hint::Hint;
use super::keymap::Keymap;
use super::layout::{BoardSize, Screen};
use super::panel_plan::PanelFacts;
use super::puzzles::NewPuzzle;
use super::selection::Helpers;
use super::theme::Theme;

mod hints;
mod notes;
mod select;

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
    /// Which kind of pencil mark a digit enters (centre or corner).
    pub mark_kind: MarkKind,
    /// Whether the next key names a combination of the cursor's cage to strike out or back in.
    pub striking: bool,
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
    pub overlay_scroll: usize,
    /// The page of a long hint shown in the panel.
    pub hint_page: usize,
    /// Whether the terminal has the focus (the clock stops while it has not).
    pub focused: bool,
    /// Whether the game is another window's (open there, or taken over by it): keys that would
    /// change it ask what to do instead.
    pub read_only: bool,
    /// The killer helpers: the selection, the sum prompt, the rule-of-45 view.
    pub helpers: Helpers,
    /// Today and the daily puzzles finished (the new-game picker shows them).
    pub daily: DailyBook,
    /// The generation request for a daily puzzle in flight, and its date.
    pending_daily: Option<(u64, DailyDate)>,
    next_id: u64,
    seed: u64,
    quitting: bool,
}

impl App {
    /// A new screen playing `game`; `seed` seeds the puzzles of later new games.
    pub fn new(game: Game, seed: u64) -> App {
        let mut app = App {
            game,
            cursor: Cell::at(0, 0),
            pencil: false,
            mark_kind: MarkKind::Centre,
            striking: false,
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
            overlay_scroll: 0,
            hint_page: 0,
            focused: true,
            read_only: false,
            helpers: Helpers::default(),
            daily: DailyBook::default(),
            pending_daily: None,
            next_id: 0,
            seed,
            quitting: false,
        };
        app.full_from_the_start();
        app.announce_daily();
        app
    }

    /// Says which day's daily puzzle the game is, when it is one.
    fn announce_daily(&mut self) {
        if let Some(date) = self.game.daily {
            let variant = self.game.puzzle().variant().name();
            self.message = Some(format!("The {variant} daily puzzle of {date} ({})", date.weekday().name()));
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
            && !self.read_only
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
        self.pending_daily = None;
        self.overlay = Overlay::Generating { id, level, waited: Duration::ZERO };
        vec![Effect::Generate { id, level, seed, variant }]
    }

    /// Asks for the daily puzzle of `variant` on `date` (the saved game of it, or a new one made
    /// with the spinner showing, as any new game).
    pub fn request_daily(&mut self, variant: Variant, date: DailyDate) -> Vec<Effect> {
        let id = self.new_id();
        self.pending_daily = Some((id, date));
        let level = daily_level(variant, date);
        self.overlay = Overlay::Generating { id, level, waited: Duration::ZERO };
        vec![Effect::Daily { id, variant, date }]
    }

    /// Today's daily of `variant` chosen in the picker: it is asked for, unless it is the game
    /// being played.
    fn play_daily(&mut self, variant: Variant) -> Vec<Effect> {
        let today = self.daily.today;
        let game = &self.game;
        if game.daily == Some(today) && game.puzzle().variant() == variant && !game.is_won() {
            self.overlay = Overlay::None;
            self.message = Some(format!("This is today's {} daily puzzle", variant.name()));
            return Vec::new();
        }
        self.request_daily(variant, today)
    }

    /// The one mutator: reacts to `event` and returns what the loop must do.
    pub fn update(&mut self, event: Event) -> Vec<Effect> {
        match event {
            Event::Key(key) => self.on_key(key),
            Event::Click(at) => self.on_click(at),
            Event::Drag(at) if self.overlay == Overlay::None => {
                self.drag_to(at);
                Vec::new()
            }
            Event::Drag(_) => Vec::new(),
            Event::Paste(_) if Screen::plan(self.area) == Screen::TooSmall => Vec::new(),
            Event::Paste(text) => {
                self.overlay.paste(&text);
                Vec::new()
            }
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
                self.overlay_scroll = 0;
                self.overlay = Overlay::Info { title, lines };
                Vec::new()
            }
            Event::Stats { stats, problems } => {
                // The daily page shows today: the game may have been open past midnight.
                self.daily.refresh_today();
                self.overlay = Overlay::Stats { stats, problems, page: 0 };
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
            Event::Resumed { game, cursor, pencil, elsewhere } => {
                self.start(*game);
                self.cursor = cursor;
                self.pencil = pencil;
                if elsewhere {
                    self.read_only = true;
                    self.overlay = Overlay::OpenElsewhere;
                }
                Vec::new()
            }
            Event::LostGame => {
                self.read_only = true;
                self.auto_solve = None;
                self.overlay_scroll = 0;
                self.overlay = Overlay::Info {
                    title: "Game taken over".into(),
                    lines: vec![
                        "Another termdoku window took this game over: this window no longer saves it.".into(),
                        format!(
                            "Close this notice with any key; then {} starts another game and {} quits.",
                            self.keymap.key_label(Action::NewGame),
                            self.keymap.key_label(Action::Quit)
                        ),
                    ],
                };
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
        vec![Effect::FindStep { id, position: Box::new(self.game.hint_position()) }]
    }

    fn on_generated(&mut self, id: u64, puzzle: Option<Box<NewPuzzle>>) -> Vec<Effect> {
        let Overlay::Generating { id: waiting, level, .. } = self.overlay else { return Vec::new() };
        if waiting != id {
            return Vec::new();
        }
        let daily = self.pending_daily.take().filter(|(pending, _)| *pending == id).map(|(_, date)| date);
        match puzzle {
            Some(new) => {
                let mut game = Game::new(new.puzzle, Some(new.level));
                game.daily = daily;
                self.start(game);
            }
            None => {
                self.overlay = Overlay::None;
                self.message = Some(format!("No {level} puzzle could be made"));
            }
        }
        Vec::new()
    }

    /// The message for a game that is full before any move (a solved grid given as the puzzle).
    fn full_from_the_start(&mut self) {
        if self.game.is_won() && self.game.progress().undo.is_empty() {
            self.message =
                Some("This puzzle is already full: there is nothing to play, and it is not counted".into());
        }
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
        self.read_only = false;
        self.helpers = Helpers::default();
        self.full_from_the_start();
        self.announce_daily();
    }

    fn on_click(&mut self, at: Position) -> Vec<Effect> {
        if self.overlay != Overlay::None {
            return Vec::new();
        }
        self.click_at(at);
        Vec::new()
    }

    fn on_key(&mut self, key: KeyPress) -> Vec<Effect> {
        if Screen::plan(self.area) == Screen::TooSmall {
            // Only the "too small" message is on screen: a key must not act on a board or a dialog
            // the player cannot see. Quitting (as the message says) still works.
            return if key.is(Action::Quit) { self.quit() } else { Vec::new() };
        }
        self.recent_step = None;
        if self.auto_solve.take().is_some() {
            self.message = Some("Auto-solve stopped".into());
            return Vec::new();
        }
        if self.overlay == Overlay::None && self.helpers.prompt.is_some() {
            self.prompt_key(key);
            return Vec::new();
        }
        if self.overlay == Overlay::None && std::mem::take(&mut self.striking) {
            self.strike_key(key);
            return Vec::new();
        }
        if self.overlay == Overlay::None {
            return match key.action {
                Some(action) => self.on_action(action),
                None if key.means(DialogAction::Back) => {
                    self.helpers = Helpers::default();
                    self.dismiss_hint();
                    Vec::new()
                }
                None => Vec::new(),
            };
        }
        let variant = self.game.puzzle().variant();
        let overlay = std::mem::replace(&mut self.overlay, Overlay::None);
        let reply = overlay.update(key, &self.keymap, variant, &mut self.overlay_scroll, self.area);
        self.overlay = reply.next;
        reply.command.map(|command| self.carry_out(command)).unwrap_or_default()
    }

    /// Does what a dialog asked for.
    fn carry_out(&mut self, command: Command) -> Vec<Effect> {
        match command {
            Command::Quit => return self.quit(),
            Command::ChooseNewGame => {
                self.daily.refresh_today();
                self.overlay = Overlay::NewGame { selected: self.level_index() };
            }
            Command::Generate(variant, level) => return self.request_game(variant, level),
            Command::PlayDaily(variant) => return self.play_daily(variant),
            Command::Play(game) => self.start(*game),
            Command::CancelGeneration => {
                self.message = Some("New game cancelled".into());
                return vec![Effect::CancelWork];
            }
            Command::Resume(id) => return vec![Effect::Resume { id }],
            Command::Delete(gone) => {
                self.message = Some(format!("Deleted the saved game {}", gone.label));
                return vec![Effect::DeleteSaved { id: gone.id }];
            }
            Command::FillSolution => {
                self.edited(|game| game.fill_solution());
            }
            Command::ReturnToScreen => return vec![Effect::ReturnToScreen],
            Command::TakeOver => return vec![Effect::TakeOver],
        }
        Vec::new()
    }

    /// The picker's item of the game played: its level in its variant, or its Today item for
    /// today's daily.
    fn level_index(&self) -> usize {
        if self.game.daily.is_some_and(|date| date == self.daily.today) {
            return match self.game.puzzle().variant() {
                Variant::Killer => TODAY_KILLER,
                _ => TODAY_CLASSIC,
            };
        }
        let level = self.game.level().and_then(|l| Level::ALL.iter().position(|&x| x == l)).unwrap_or(1);
        level_item(self.game.puzzle().variant(), level)
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
                self.daily.note_won(&self.game);
            }
        }
        changed
    }

    fn on_action(&mut self, action: Action) -> Vec<Effect> {
        self.message = None;
        if self.read_only && changes_the_game(action) {
            self.overlay = Overlay::OpenElsewhere;
            return Vec::new();
        }
        if let Some(digit) = action.entered_digit() {
            self.digit_key(digit, self.pencil);
            return Vec::new();
        }
        if let Some(digit) = action.marked_digit() {
            self.digit_key(digit, true);
            return Vec::new();
        }
        if matches!(action, Action::MoveUp | Action::MoveDown | Action::MoveLeft | Action::MoveRight) {
            self.helpers.clear_selection();
        }
        match action {
            Action::SelectUp => self.extend_selection(-1, 0),
            Action::SelectDown => self.extend_selection(1, 0),
            Action::SelectLeft => self.extend_selection(0, -1),
            Action::SelectRight => self.extend_selection(0, 1),
            Action::SumPrompt => self.open_sum_prompt(),
            Action::RuleOf45 => self.rule45_key(),
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
            Action::ToggleMarkKind | Action::CycleColour | Action::StrikeCombination => {
                self.notes_key(action)
            }
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
            // Past the last page, back to the first (as its footer says).
            Action::HintPageDown => self.hint_page = (self.hint_page + 1) % self.hint_pages().max(1),
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
                self.overlay_scroll = 0;
                self.overlay = Overlay::Help;
            }
            Action::Hint => {
                self.hint_page = 0;
                return self.hint_key();
            }
            Action::ApplyHint => return self.apply_key(),
            Action::AutoSolve => return self.start_auto_solve(),
            Action::SolveAll => self.overlay = Overlay::ConfirmSolve,
            Action::NewGame => {
                self.daily.refresh_today();
                self.overlay = Overlay::NewGame { selected: self.level_index() };
            }
            Action::ContinueGame => return vec![Effect::ListSavedGames],
            Action::Stats => return vec![Effect::ShowStats],
            Action::ShowPuzzleLine => {
                // Printed on the terminal's own screen: a line wider than the window wraps there as
                // one line and copies whole (in a box it would be cut into rows).
                let puzzle = self.game.puzzle();
                let lines = vec![
                    "Puzzle (givens):".to_string(),
                    puzzle.to_line(),
                    "Board now:".to_string(),
                    puzzle.board_line(&self.game.grid()),
                    String::new(),
                    "Press any key to return to the game.".to_string(),
                ];
                self.overlay = Overlay::Printed;
                return vec![Effect::PrintLines(lines)];
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
            let kind = self.mark_kind;
            self.edited(|game| game.toggle_mark_of(kind, cell, digit));
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

    /// What the side panel shows next to a board of `size`.
    pub fn panel_facts(&self, size: BoardSize) -> PanelFacts<'_> {
        PanelFacts {
            game: &self.game,
            cursor: self.cursor,
            pencil: self.pencil,
            mark_kind: self.mark_kind,
            striking: self.striking,
            message: self.message.as_deref(),
            hint: &self.hint,
            hint_page: self.hint_page,
            helpers: &self.helpers,
            keymap: &self.keymap,
            theme: &self.theme,
            size,
        }
    }
}

/// Whether `action` changes the game (a read-only game refuses it): digits, marks, erasing, undo and
/// redo, candidates, checks, hints and the solvers.
fn changes_the_game(action: Action) -> bool {
    action.entered_digit().is_some()
        || action.marked_digit().is_some()
        || matches!(
            action,
            Action::Erase
                | Action::CycleColour
                | Action::StrikeCombination
                | Action::Undo
                | Action::Redo
                | Action::FillCandidates
                | Action::FillAllCandidates
                | Action::Check
                | Action::Hint
                | Action::ApplyHint
                | Action::AutoSolve
                | Action::SolveAll
        )
}
