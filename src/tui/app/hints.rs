//! How the app climbs the hint ladder and runs the auto-solver: the hint and apply keys, the worker's
//! steps (stale ones dropped), mistakes pointed at before any technique, and what the board and the
//! panel show of it. Part of [`App::update`], split from `app.rs` by concern; it changes nothing but
//! the app.

use std::time::Duration;

use crate::engine::Cell;
use crate::engine::logic::Step;

use super::{App, AutoSolve};
use crate::tui::effect::Effect;
use crate::tui::gameplay::HintPolicy;
use crate::tui::hint::{Hint, Mistake, hint_text};
use crate::tui::layout::Screen;

impl App {
    pub(super) fn on_step(&mut self, id: u64, step: Option<Box<Step>>) -> Vec<Effect> {
        if let Some(auto) = self.auto_solve
            && auto.waiting == Some(id)
        {
            return self.auto_step(step);
        }
        let Hint::Waiting { id: waiting, apply, rung } = self.hint else { return Vec::new() };
        if waiting != id {
            return Vec::new();
        }
        // A hint counts when it shows (or applies) a step: the worker sends only steps that change
        // the player's board, and nothing found costs nothing.
        if step.is_some() {
            self.game.hints_used = self.game.hints_used.saturating_add(1);
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

    pub(super) fn apply(&mut self, step: &Step) {
        self.edited(|game| game.apply_step(step));
        self.hint = Hint::None;
        self.recent_step = Some(Box::new(step.clone()));
        if let Some(first) = step.placements.first().or(step.eliminations.first()) {
            self.cursor = first.cell;
        }
    }

    /// The mistake a hint must point at first, if any.
    fn mistake(&self) -> Option<Mistake> {
        self.game
            .first_wrong_digit()
            .map(Mistake::WrongDigit)
            .or_else(|| self.game.first_missing_mark().map(Mistake::MissingMark))
    }

    pub(super) fn hint_key(&mut self) -> Vec<Effect> {
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
        let id = self.new_id();
        self.hint = Hint::Waiting { id, apply: false, rung: 1 };
        vec![Effect::FindStep { id, position: Box::new(self.game.hint_position()) }]
    }

    pub(super) fn apply_key(&mut self) -> Vec<Effect> {
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
            // Nothing shown yet: show the hint whole (what it places or removes), so that nothing
            // is applied unseen; the key applies it once it is on screen.
            Hint::None => {
                let effects = self.hint_key();
                if let Hint::Waiting { rung, .. } = &mut self.hint {
                    *rung = 3;
                }
                effects
            }
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

    pub(super) fn start_auto_solve(&mut self) -> Vec<Effect> {
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
    pub(super) fn dismiss_hint(&mut self) {
        self.hint = Hint::None;
        self.hint_page = 0;
        self.message = None;
    }

    /// The text of the hint panel, by rung, naming the player's keys.
    pub fn hint_text(&self) -> Option<String> {
        hint_text(&self.hint, &self.keymap)
    }

    /// How many pages the hint takes in the panel on screen (at least one).
    pub(super) fn hint_pages(&self) -> usize {
        match Screen::plan(self.area) {
            Screen::Game { size, panel, .. } => self.panel_facts(size).hint_pages(panel),
            Screen::TooSmall => 1,
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
