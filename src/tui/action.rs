//! What a key can mean: [`Action`], everything a key can ask the game to do (bound to keys by the
//! keymap, data, and the help overlay is generated from the same table, so the two never disagree);
//! [`DialogAction`], what the dialogs' own fixed keys do; and [`KeyPress`], a key as the keymap reads
//! it, with all three meanings, which is all `App::update` and the dialogs ever see of a key.
//!
//! Actions are plain unit variants with `snake_case` serde names (`hint`, `undo`, `digit_5`, `mark_5`),
//! ready to be the keys of a `[keys]` table in a user configuration.

use serde::de::IntoDeserializer;
use serde::de::value::{Error as ValueError, StrDeserializer};
use serde::{Deserialize, Serialize};

use crate::engine::Digit;

/// A command the player can bind to keys.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Move the cursor up (wrapping).
    MoveUp,
    /// Move the cursor down (wrapping).
    MoveDown,
    /// Move the cursor left (wrapping).
    MoveLeft,
    /// Move the cursor right (wrapping).
    MoveRight,
    /// Jump to the next empty cell.
    NextEmpty,
    /// Jump to the previous empty cell.
    PrevEmpty,
    /// Enter 1 (toggle the mark in pencil mode).
    #[serde(rename = "digit_1")]
    Digit1,
    /// Enter 2 (toggle the mark in pencil mode).
    #[serde(rename = "digit_2")]
    Digit2,
    /// Enter 3 (toggle the mark in pencil mode).
    #[serde(rename = "digit_3")]
    Digit3,
    /// Enter 4 (toggle the mark in pencil mode).
    #[serde(rename = "digit_4")]
    Digit4,
    /// Enter 5 (toggle the mark in pencil mode).
    #[serde(rename = "digit_5")]
    Digit5,
    /// Enter 6 (toggle the mark in pencil mode).
    #[serde(rename = "digit_6")]
    Digit6,
    /// Enter 7 (toggle the mark in pencil mode).
    #[serde(rename = "digit_7")]
    Digit7,
    /// Enter 8 (toggle the mark in pencil mode).
    #[serde(rename = "digit_8")]
    Digit8,
    /// Enter 9 (toggle the mark in pencil mode).
    #[serde(rename = "digit_9")]
    Digit9,
    /// Toggle the pencil mark 1 in either mode.
    #[serde(rename = "mark_1")]
    Mark1,
    /// Toggle the pencil mark 2 in either mode.
    #[serde(rename = "mark_2")]
    Mark2,
    /// Toggle the pencil mark 3 in either mode.
    #[serde(rename = "mark_3")]
    Mark3,
    /// Toggle the pencil mark 4 in either mode.
    #[serde(rename = "mark_4")]
    Mark4,
    /// Toggle the pencil mark 5 in either mode.
    #[serde(rename = "mark_5")]
    Mark5,
    /// Toggle the pencil mark 6 in either mode.
    #[serde(rename = "mark_6")]
    Mark6,
    /// Toggle the pencil mark 7 in either mode.
    #[serde(rename = "mark_7")]
    Mark7,
    /// Toggle the pencil mark 8 in either mode.
    #[serde(rename = "mark_8")]
    Mark8,
    /// Toggle the pencil mark 9 in either mode.
    #[serde(rename = "mark_9")]
    Mark9,
    /// Erase the digit (or the marks) of the cell.
    Erase,
    /// Switch between entering digits and pencil marks.
    TogglePencil,
    /// Switch the kind of pencil mark a digit enters: centre or corner.
    ToggleMarkKind,
    /// Paint the cursor cell with the next colour (six, then none).
    CycleColour,
    /// Strike out (or back in) a combination of the cursor's cage: the next key names it.
    StrikeCombination,
    /// Undo the last change.
    Undo,
    /// Redo what was undone.
    Redo,
    /// Fill every empty cell's candidates as marks, leaving out those the player removed by hand.
    FillCandidates,
    /// Fill every empty cell's candidates as marks, those removed by hand too.
    FillAllCandidates,
    /// Check the board against the solution and mark wrong digits.
    Check,
    /// Pause: hide the board and stop the timer.
    Pause,
    /// Show or hide the help.
    Help,
    /// Hint: each press goes one rung further (technique, pattern, result).
    Hint,
    /// Apply the hint shown.
    ApplyHint,
    /// Show the next page of a long hint.
    HintPageDown,
    /// Show the previous page of a long hint.
    HintPageUp,
    /// Solve step by step, one logical step at a time.
    AutoSolve,
    /// Fill the whole solution (asks first).
    SolveAll,
    /// Start a new game.
    NewGame,
    /// Pick a saved game to continue.
    ContinueGame,
    /// Show the statistics.
    Stats,
    /// Show the puzzle as an 81-character line (to copy or share).
    ShowPuzzleLine,
    /// Quit the game.
    Quit,
    /// Extend the selection up (moving the cursor).
    SelectUp,
    /// Extend the selection down (moving the cursor).
    SelectDown,
    /// Extend the selection left (moving the cursor).
    SelectLeft,
    /// Extend the selection right (moving the cursor).
    SelectRight,
    /// Type a sum: the combinations of the selection's empty cells, or of a sum and size.
    SumPrompt,
    /// Show the rule of 45 of the cursor's row (again: column, box, band, stack, off).
    #[serde(rename = "rule_of_45")]
    RuleOf45,
}

impl Action {
    /// The action a configuration name stands for (`hint`, `digit_5`): its serde name.
    pub fn from_name(name: &str) -> Option<Action> {
        let deserializer: StrDeserializer<'_, ValueError> = name.into_deserializer();
        Action::deserialize(deserializer).ok()
    }

    /// The digit actions, 1 to 9.
    pub const DIGITS: [Action; 9] = [
        Action::Digit1,
        Action::Digit2,
        Action::Digit3,
        Action::Digit4,
        Action::Digit5,
        Action::Digit6,
        Action::Digit7,
        Action::Digit8,
        Action::Digit9,
    ];

    /// The mark actions, 1 to 9.
    pub const MARKS: [Action; 9] = [
        Action::Mark1,
        Action::Mark2,
        Action::Mark3,
        Action::Mark4,
        Action::Mark5,
        Action::Mark6,
        Action::Mark7,
        Action::Mark8,
        Action::Mark9,
    ];

    /// The digit of a `digit_N` action.
    pub fn entered_digit(self) -> Option<Digit> {
        Action::DIGITS.iter().position(|&a| a == self).map(Digit::from_index)
    }

    /// The digit of a `mark_N` action.
    pub fn marked_digit(self) -> Option<Digit> {
        Action::MARKS.iter().position(|&a| a == self).map(Digit::from_index)
    }

    /// The serde name, as a configuration file writes it (`hint`, `digit_5`).
    pub fn name(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    }

    /// A few words for the help overlay.
    pub fn description(self) -> &'static str {
        use Action::*;
        match self {
            MoveUp => "move up",
            MoveDown => "move down",
            MoveLeft => "move left",
            MoveRight => "move right",
            NextEmpty => "next empty cell",
            PrevEmpty => "previous empty cell",
            Digit1 | Digit2 | Digit3 | Digit4 | Digit5 | Digit6 | Digit7 | Digit8 | Digit9 => {
                "enter digit (mark in pencil mode)"
            }
            Mark1 | Mark2 | Mark3 | Mark4 | Mark5 | Mark6 | Mark7 | Mark8 | Mark9 => "toggle mark",
            Erase => "erase",
            TogglePencil => "pencil mode on/off",
            ToggleMarkKind => "centre or corner marks",
            CycleColour => "colour the cell (6 colours, none)",
            StrikeCombination => "strike a cage combination (then its number)",
            Undo => "undo",
            Redo => "redo",
            FillCandidates => "fill candidates (not those you removed)",
            FillAllCandidates => "fill candidates, removed ones too",
            Check => "check against solution",
            Pause => "pause",
            Help => "this help",
            Hint => "hint (again: more)",
            ApplyHint => "apply the hint",
            HintPageDown => "next page of a long hint",
            HintPageUp => "previous page of a long hint",
            AutoSolve => "solve step by step",
            SolveAll => "fill the solution",
            NewGame => "new game",
            ContinueGame => "continue a saved game",
            Stats => "statistics",
            ShowPuzzleLine => "show the puzzle line",
            Quit => "quit",
            SelectUp | SelectDown | SelectLeft | SelectRight => "select cells (drag with the mouse too)",
            SumPrompt => "combinations for a sum (SUM, or SUM SIZE)",
            RuleOf45 => "rule of 45: innies, outies (again: next house)",
        }
    }
}

/// What a dialog's own key does. These keys are fixed (a configuration does not rebind them), and the
/// keymap names them in the dialogs' footers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DialogAction {
    /// Take the highlighted item, or the text typed (Enter).
    Confirm,
    /// Close the dialog, or go back to the one before (Esc).
    Back,
    /// Answer yes to a question (`y`).
    Yes,
    /// Delete the highlighted item (`d`, Delete).
    Delete,
    /// Paste a puzzle, in the new-game dialog (`p`).
    Paste,
    /// Erase the last character typed (Backspace).
    EraseText,
}

/// A key press as the keymap reads it: every meaning it has, for whatever has the focus to pick from
/// (the board reads the action, a dialog its own keys first, a text box the character).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct KeyPress {
    /// The game action the key is bound to.
    pub action: Option<Action>,
    /// What the key does in a dialog.
    pub dialog: Option<DialogAction>,
    /// The character the key types into a text box (a character key with no modifier but Shift).
    pub text: Option<char>,
}

impl KeyPress {
    /// Whether the key is bound to `action`.
    pub fn is(self, action: Action) -> bool {
        self.action == Some(action)
    }

    /// Whether the key is the dialog key for `dialog`.
    pub fn means(self, dialog: DialogAction) -> bool {
        self.dialog == Some(dialog)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_snake_case_and_digits_round_trip() {
        assert_eq!(Action::ApplyHint.name(), "apply_hint");
        assert_eq!(Action::Digit5.name(), "digit_5");
        assert_eq!(Action::Mark9.name(), "mark_9");
        assert_eq!(Action::Digit5.entered_digit(), Digit::new(5));
        assert_eq!(Action::Mark2.marked_digit(), Digit::new(2));
        assert_eq!(Action::Hint.entered_digit(), None);
    }
}
