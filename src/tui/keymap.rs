//! Keybindings as data: a table from keys to [`Action`]s, the default table, the dialogs' fixed keys,
//! the parser for key names (`ctrl-r`, `shift-tab`, `alt-1`, `?`) and for the key strings tests are
//! written in (`"<right><right>p35<esc>9"`).
//!
//! This is the one place where a key becomes a meaning: [`Keymap::read`] turns a terminal key event
//! into a [`KeyPress`], and nothing after it looks at key codes. Every text that names a key asks
//! [`Keymap::key_label`] or [`Keymap::dialog_label`], and the help overlay is generated from
//! [`Keymap::help_rows`], so they always show the keys in force.

use std::fmt;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers};

use super::action::{Action, DialogAction, KeyPress};
use crate::profile::keys::{DEFAULT_BINDINGS, KeyName, KeySpec};

/// One key with its modifiers, normalised so a binding matches however the terminal reports it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct KeyBinding {
    /// The key.
    pub code: KeyCode,
    /// Ctrl, Alt and (for non-character keys and digits) Shift.
    pub modifiers: KeyModifiers,
}

impl KeyBinding {
    /// A binding of `code` with `modifiers`, normalised.
    pub fn new(code: KeyCode, modifiers: KeyModifiers) -> KeyBinding {
        let mut modifiers = modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
        let code = match code {
            // The character already says whether Shift was held, except for digits under keyboard
            // protocols that report `shift-1` rather than `!`.
            KeyCode::Char(c) if !c.is_ascii_digit() => {
                let shifted = modifiers.contains(KeyModifiers::SHIFT);
                modifiers.remove(KeyModifiers::SHIFT);
                if shifted { KeyCode::Char(c.to_ascii_uppercase()) } else { code }
            }
            KeyCode::BackTab => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            KeyCode::Tab if modifiers.contains(KeyModifiers::SHIFT) => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            other => other,
        };
        KeyBinding { code, modifiers }
    }

    /// The binding a key event matches.
    pub fn from_event(event: &KeyEvent) -> KeyBinding {
        KeyBinding::new(event.code, event.modifiers)
    }

    /// Parses a key name as the configuration writes it: a character (`n`, `?`, `!`), a named key
    /// (`up`, `tab`, `esc`, `enter`, `space`, `backspace`, `delete`, `home`, `end`, `f1`), with `ctrl-`,
    /// `alt-` and `shift-` prefixes. The profile's parser ([`KeySpec::parse`]) reads it.
    pub fn parse(text: &str) -> Result<KeyBinding, String> {
        KeySpec::parse(text).map(KeyBinding::from)
    }

    /// A key event for this binding (a press), as tests feed the app.
    pub fn to_event(self) -> KeyEvent {
        KeyEvent {
            code: self.code,
            modifiers: self.modifiers,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        }
    }
}

impl From<KeySpec> for KeyBinding {
    /// The binding of a configured key.
    fn from(spec: KeySpec) -> KeyBinding {
        let code = match spec.key {
            KeyName::Char(c) => KeyCode::Char(c),
            KeyName::Up => KeyCode::Up,
            KeyName::Down => KeyCode::Down,
            KeyName::Left => KeyCode::Left,
            KeyName::Right => KeyCode::Right,
            KeyName::Tab => KeyCode::Tab,
            KeyName::BackTab => KeyCode::BackTab,
            KeyName::Esc => KeyCode::Esc,
            KeyName::Enter => KeyCode::Enter,
            KeyName::Backspace => KeyCode::Backspace,
            KeyName::Delete => KeyCode::Delete,
            KeyName::Home => KeyCode::Home,
            KeyName::End => KeyCode::End,
            KeyName::PageUp => KeyCode::PageUp,
            KeyName::PageDown => KeyCode::PageDown,
            KeyName::F(n) => KeyCode::F(n),
        };
        let mut modifiers = KeyModifiers::NONE;
        modifiers.set(KeyModifiers::CONTROL, spec.ctrl);
        modifiers.set(KeyModifiers::ALT, spec.alt);
        modifiers.set(KeyModifiers::SHIFT, spec.shift);
        KeyBinding::new(code, modifiers)
    }
}

impl fmt::Display for KeyBinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.modifiers.contains(KeyModifiers::CONTROL) {
            f.write_str("Ctrl-")?;
        }
        if self.modifiers.contains(KeyModifiers::ALT) {
            f.write_str("Alt-")?;
        }
        if self.modifiers.contains(KeyModifiers::SHIFT) {
            f.write_str("Shift-")?;
        }
        match self.code {
            KeyCode::Char(' ') => f.write_str("Space"),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::Up => f.write_str("↑"),
            KeyCode::Down => f.write_str("↓"),
            KeyCode::Left => f.write_str("←"),
            KeyCode::Right => f.write_str("→"),
            KeyCode::BackTab => f.write_str("Shift-Tab"),
            KeyCode::Backspace => f.write_str("Bksp"),
            KeyCode::Delete => f.write_str("Del"),
            KeyCode::PageDown => f.write_str("PgDn"),
            KeyCode::PageUp => f.write_str("PgUp"),
            other => write!(f, "{other}"),
        }
    }
}

/// Parses a key string: plain characters are keys, `<name>` is a named key or a binding with
/// modifiers (`<right>`, `<esc>`, `<C-r>`, `<A-1>`, `<S-tab>`, `<space>`).
pub fn parse_key_string(text: &str) -> Result<Vec<KeyEvent>, String> {
    let mut events = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '<' {
            events.push(KeyBinding::new(KeyCode::Char(c), KeyModifiers::NONE).to_event());
            continue;
        }
        let name: String = chars.by_ref().take_while(|&c| c != '>').collect();
        let long = match name.as_str() {
            "bs" => "backspace".to_string(),
            "ret" => "enter".to_string(),
            _ => name.replace("C-", "ctrl-").replace("A-", "alt-").replace("S-", "shift-"),
        };
        events.push(KeyBinding::parse(&long)?.to_event());
    }
    Ok(events)
}

/// The dialogs' own keys: fixed, read whatever modifiers are held (as the dialogs always did); the
/// first key of each is the one footers name.
const DIALOG_KEYS: [(DialogAction, &[KeyCode]); 6] = [
    (DialogAction::Confirm, &[KeyCode::Enter]),
    (DialogAction::Back, &[KeyCode::Esc]),
    (DialogAction::Yes, &[KeyCode::Char('y'), KeyCode::Char('Y')]),
    (DialogAction::Delete, &[KeyCode::Char('d'), KeyCode::Delete]),
    (DialogAction::Paste, &[KeyCode::Char('p')]),
    (DialogAction::EraseText, &[KeyCode::Backspace]),
];

/// The keymap: which keys trigger which action, in the order the help lists them.
#[derive(Clone, Debug)]
pub struct Keymap {
    bindings: Vec<(Action, Vec<KeyBinding>)>,
}

impl Default for Keymap {
    /// The profile's default bindings ([`DEFAULT_BINDINGS`], the table `config.example.toml` documents),
    /// in their order.
    fn default() -> Keymap {
        let bindings = DEFAULT_BINDINGS
            .iter()
            .map(|(name, keys)| {
                let action = Action::from_name(name).expect("every default binding names a game action");
                let keys =
                    keys.iter().map(|k| KeyBinding::parse(k).expect("default key names parse")).collect();
                (action, keys)
            })
            .collect();
        Keymap { bindings }
    }
}

impl Keymap {
    /// The action bound to `event`, if any.
    pub fn action_for(&self, event: &KeyEvent) -> Option<Action> {
        let key = KeyBinding::from_event(event);
        self.bindings.iter().find(|(_, keys)| keys.contains(&key)).map(|(action, _)| *action)
    }

    /// What `event` means: the action bound to it, the dialog key it is, the character it types.
    pub fn read(&self, event: &KeyEvent) -> KeyPress {
        let dialog =
            DIALOG_KEYS.iter().find(|(_, codes)| codes.contains(&event.code)).map(|(dialog, _)| *dialog);
        let text = match event.code {
            KeyCode::Char(c) if (event.modifiers - KeyModifiers::SHIFT).is_empty() => Some(c),
            _ => None,
        };
        KeyPress { action: self.action_for(event), dialog, text }
    }

    /// The first key of dialog key `dialog` as text, for footers (`Enter`, `Esc`, `y`).
    pub fn dialog_label(&self, dialog: DialogAction) -> String {
        let codes = DIALOG_KEYS.iter().find(|(d, _)| *d == dialog).map_or(&[][..], |(_, codes)| *codes);
        codes
            .first()
            .map_or_else(|| "-".to_string(), |&code| KeyBinding::new(code, KeyModifiers::NONE).to_string())
    }

    /// Replaces the keys of `action` (the profile's configuration uses this).
    pub fn bind(&mut self, action: Action, keys: Vec<KeyBinding>) {
        match self.bindings.iter_mut().find(|(a, _)| *a == action) {
            Some(entry) => entry.1 = keys,
            None => self.bindings.push((action, keys)),
        }
    }

    /// The keys of `action`.
    pub fn keys_for(&self, action: Action) -> &[KeyBinding] {
        self.bindings.iter().find(|(a, _)| *a == action).map(|(_, keys)| keys.as_slice()).unwrap_or(&[])
    }

    /// The first key of `action` as text, for legends (`-` when unbound).
    pub fn key_label(&self, action: Action) -> String {
        self.keys_for(action).first().map_or_else(|| "-".to_string(), ToString::to_string)
    }

    /// The keys of the nine digit actions as one label (`1-9`), for legends.
    pub fn digits_label(&self) -> String {
        fold_digit_keys(self, &Action::DIGITS)
    }

    /// The help table: one row per action (`keys`, `description`), the nine digit and nine mark
    /// actions folded into one row each.
    pub fn help_rows(&self) -> Vec<(String, &'static str)> {
        let mut rows = Vec::new();
        for (action, keys) in &self.bindings {
            if action.entered_digit().is_some_and(|d| d.get() != 1)
                || action.marked_digit().is_some_and(|d| d.get() != 1)
            {
                continue;
            }
            if matches!(action, Action::SelectDown | Action::SelectLeft | Action::SelectRight) {
                continue;
            }
            let label = if *action == Action::SelectUp {
                select_keys_label(self)
            } else if action.entered_digit().is_some() {
                fold_digit_keys(self, &Action::DIGITS)
            } else if action.marked_digit().is_some() {
                fold_digit_keys(self, &Action::MARKS)
            } else {
                keys.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
            };
            rows.push((label, action.description()));
        }
        rows
    }
}

/// The keys of the four selection actions as one help label (`Shift-↑ Shift-↓ Shift-← Shift-→`).
fn select_keys_label(keymap: &Keymap) -> String {
    [Action::SelectUp, Action::SelectDown, Action::SelectLeft, Action::SelectRight]
        .iter()
        .flat_map(|&a| keymap.keys_for(a).iter().map(ToString::to_string))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The keys of nine digit actions folded into one label: `1-9`, `!@#$%^&*(`, `Shift-1-9`, `Alt-1-9`.
fn fold_digit_keys(keymap: &Keymap, actions: &[Action; 9]) -> String {
    let per_digit: Vec<&[KeyBinding]> = actions.iter().map(|&a| keymap.keys_for(a)).collect();
    let slots = per_digit.iter().map(|keys| keys.len()).min().unwrap_or(0);
    (0..slots)
        .map(|slot| fold_slot(&per_digit.iter().map(|keys| keys[slot]).collect::<Vec<_>>()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One key of each of the nine digits, folded.
fn fold_slot(keys: &[KeyBinding]) -> String {
    let chars: Option<String> = keys
        .iter()
        .map(|k| match k.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        })
        .collect();
    let same_modifiers = keys.iter().all(|k| k.modifiers == keys[0].modifiers);
    match chars {
        Some(chars) if same_modifiers && chars == "123456789" => {
            let first = keys[0].to_string();
            format!("{}1-9", first.strip_suffix('1').unwrap_or(""))
        }
        Some(chars) if same_modifiers && keys[0].modifiers.is_empty() => chars,
        _ => format!("{}..{}", keys[0], keys[keys.len() - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(text: &str) -> KeyEvent {
        parse_key_string(text).expect("parses")[0]
    }

    #[test]
    fn default_keys_reach_their_actions() {
        let keymap = Keymap::default();
        assert_eq!(keymap.action_for(&press("n")), Some(Action::Hint));
        assert_eq!(keymap.action_for(&press("<C-r>")), Some(Action::Redo));
        assert_eq!(keymap.action_for(&press("!")), Some(Action::Mark1));
        assert_eq!(keymap.action_for(&press("<A-5>")), Some(Action::Mark5));
        assert_eq!(keymap.action_for(&press("<S-tab>")), Some(Action::PrevEmpty));
        assert_eq!(keymap.action_for(&press("S")), Some(Action::SolveAll));
        assert_eq!(keymap.action_for(&press("<space>")), Some(Action::Pause));
        assert_eq!(keymap.action_for(&press("z")), None);
    }

    #[test]
    fn terminals_reporting_shift_still_match() {
        let keymap = Keymap::default();
        let shifted_s = KeyEvent::new(KeyCode::Char('S'), KeyModifiers::SHIFT);
        assert_eq!(keymap.action_for(&shifted_s), Some(Action::SolveAll));
        let backtab = KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(keymap.action_for(&backtab), Some(Action::PrevEmpty));
        assert_eq!(KeyBinding::parse("shift-n"), KeyBinding::parse("N"));
        let shift_digit = KeyEvent::new(KeyCode::Char('3'), KeyModifiers::SHIFT);
        assert_eq!(keymap.action_for(&shift_digit), Some(Action::Mark3));
    }

    #[test]
    fn a_key_is_read_for_the_board_the_dialogs_and_text() {
        let keymap = Keymap::default();
        let y = keymap.read(&press("y"));
        assert_eq!(y, KeyPress { action: None, dialog: Some(DialogAction::Yes), text: Some('y') });
        let p = keymap.read(&press("p"));
        assert_eq!(
            (p.action, p.dialog, p.text),
            (Some(Action::TogglePencil), Some(DialogAction::Paste), Some('p'))
        );
        let ctrl_c = keymap.read(&press("<C-c>"));
        assert_eq!((ctrl_c.action, ctrl_c.dialog, ctrl_c.text), (Some(Action::Quit), None, None));
        assert_eq!(keymap.read(&press("<del>")).dialog, Some(DialogAction::Delete));
        assert_eq!(keymap.read(&press("<S-tab>")).text, None);
        assert_eq!(keymap.read(&press("S")).text, Some('S'));
    }

    #[test]
    fn dialog_keys_are_named_as_footers_always_named_them() {
        let keymap = Keymap::default();
        let labels = [
            DialogAction::Confirm,
            DialogAction::Back,
            DialogAction::Yes,
            DialogAction::Delete,
            DialogAction::Paste,
        ]
        .map(|d| keymap.dialog_label(d));
        assert_eq!(labels, ["Enter", "Esc", "y", "d", "p"]);
    }

    #[test]
    fn bad_key_names_are_errors() {
        assert!(KeyBinding::parse("ctrl-").is_err());
        assert!(KeyBinding::parse("hyper-x").is_err());
        assert!(parse_key_string("<nonsense>").is_err());
    }

    #[test]
    fn help_folds_digit_rows() {
        let rows = Keymap::default().help_rows();
        assert!(rows.iter().any(|(keys, _)| keys == "1-9"));
        assert!(rows.iter().any(|(keys, _)| keys == "!@#$%^&*( Shift-1-9 Alt-1-9"));
        assert_eq!(rows.iter().filter(|(_, d)| *d == "toggle mark").count(), 1);
    }
}
