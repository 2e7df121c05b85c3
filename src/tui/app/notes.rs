//! The keys of the player's notes: the kind of mark a digit enters, colouring cells, striking a
//! cage combination (whose number the next key gives).

use crate::engine::CellSet;
use crate::game::MarkKind;

use super::App;
use crate::tui::action::{Action, KeyPress};
use crate::tui::strike;

impl App {
    /// The mark kind, colour and strike keys.
    pub(super) fn notes_key(&mut self, action: Action) {
        match action {
            Action::ToggleMarkKind => {
                self.mark_kind = match self.mark_kind {
                    MarkKind::Centre => MarkKind::Corner,
                    MarkKind::Corner => MarkKind::Centre,
                };
                let kind = if self.mark_kind == MarkKind::Corner { "corner" } else { "centre" };
                self.message = Some(format!("Marks go in the {kind}"));
            }
            Action::CycleColour => {
                let selected = self.helpers.selected;
                self.colour_cells(if selected.is_empty() { self.cursor.set() } else { selected });
            }
            Action::StrikeCombination => {
                let ways = strike::ways(&self.game, self.cursor).len();
                if ways == 0 {
                    self.message = Some(format!("{} is in no cage: nothing to strike", self.cursor));
                } else {
                    self.striking = true;
                    let last = strike::label(ways - 1).unwrap_or('1');
                    self.message = Some(format!("Strike which combination? 1-{last} (another key: none)"));
                }
            }
            _ => {}
        }
    }

    /// Paints `cells` with the next colour: the selection, or the cursor cell when nothing is
    /// selected.
    pub fn colour_cells(&mut self, cells: CellSet) {
        self.edited(|game| game.cycle_colour(cells));
    }

    /// The key after the strike key: the label of a combination of the cursor's cage strikes it
    /// out, or back in; any other key strikes nothing.
    pub(super) fn strike_key(&mut self, key: KeyPress) {
        let cell = self.cursor;
        let way = key.text.and_then(|c| strike::way_for_key(&self.game, cell, c));
        self.message = Some(match way {
            Some(way) => {
                self.edited(|game| game.toggle_strike(cell, way));
                let (text, struck) = strike::way_text(&self.game, cell, way, false);
                if struck { format!("Struck out {text}") } else { format!("{text} back in") }
            }
            None => "No combination struck".to_string(),
        });
    }
}
