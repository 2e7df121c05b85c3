//! Keybindings as data: a table from keys to [`Action`]s, the default table, the parser for key names
//! (`ctrl-r`, `shift-tab`, `alt-1`, `?`) and for the key strings tests are written in
//! (`"<right><right>p35<esc>9"`).
//!
//! The help overlay is generated from [`Keymap::help_rows`], so it always shows the keys in force.

use std::fmt;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers};

use super::action::Action;

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

    /// Parses a key name: a character (`n`, `?`, `!`), a named key (`up`, `tab`, `esc`, `enter`,
    /// `space`, `backspace`, `delete`, `home`, `end`, `f1`), with `ctrl-`, `alt-` and `shift-` prefixes.
    pub fn parse(text: &str) -> Result<KeyBinding, String> {
        let mut modifiers = KeyModifiers::NONE;
        let mut rest = text;
        loop {
            let lower = rest.to_ascii_lowercase();
            let prefix = [
                ("ctrl-", KeyModifiers::CONTROL),
                ("alt-", KeyModifiers::ALT),
                ("shift-", KeyModifiers::SHIFT),
            ]
            .into_iter()
            .find(|(p, _)| lower.starts_with(p) && rest.len() > p.len());
            match prefix {
                Some((p, m)) => {
                    modifiers |= m;
                    rest = &rest[p.len()..];
                }
                None => break,
            }
        }
        let code = named_key(rest).ok_or_else(|| format!("unknown key `{text}`"))?;
        Ok(KeyBinding::new(code, modifiers))
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

/// The key called `name`: one character, or a named key.
fn named_key(name: &str) -> Option<KeyCode> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(KeyCode::Char(c));
    }
    let code = match name.to_ascii_lowercase().as_str() {
        "up" => KeyCode::Up,
        "down" => KeyCode::Down,
        "left" => KeyCode::Left,
        "right" => KeyCode::Right,
        "tab" => KeyCode::Tab,
        "backtab" | "s-tab" => KeyCode::BackTab,
        "esc" | "escape" => KeyCode::Esc,
        "enter" | "ret" | "return" => KeyCode::Enter,
        "space" => KeyCode::Char(' '),
        "backspace" | "bs" => KeyCode::Backspace,
        "delete" | "del" => KeyCode::Delete,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        "pageup" => KeyCode::PageUp,
        "pagedown" => KeyCode::PageDown,
        f if f.starts_with('f') => KeyCode::F(f[1..].parse().ok()?),
        _ => return None,
    };
    Some(code)
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
        let long = name.replace("C-", "ctrl-").replace("A-", "alt-").replace("S-", "shift-");
        events.push(KeyBinding::parse(&long)?.to_event());
    }
    Ok(events)
}

/// The keymap: which keys trigger which action, in the order the help lists them.
#[derive(Clone, Debug)]
pub struct Keymap {
    bindings: Vec<(Action, Vec<KeyBinding>)>,
}

/// The default keys of every action, as key names.
const DEFAULT_KEYS: &[(Action, &[&str])] = &[
    (Action::MoveUp, &["up", "k"]),
    (Action::MoveDown, &["down", "j"]),
    (Action::MoveLeft, &["left", "h"]),
    (Action::MoveRight, &["right", "l"]),
    (Action::NextEmpty, &["tab"]),
    (Action::PrevEmpty, &["shift-tab"]),
    (Action::Digit1, &["1"]),
    (Action::Digit2, &["2"]),
    (Action::Digit3, &["3"]),
    (Action::Digit4, &["4"]),
    (Action::Digit5, &["5"]),
    (Action::Digit6, &["6"]),
    (Action::Digit7, &["7"]),
    (Action::Digit8, &["8"]),
    (Action::Digit9, &["9"]),
    (Action::Mark1, &["!", "shift-1", "alt-1"]),
    (Action::Mark2, &["@", "shift-2", "alt-2"]),
    (Action::Mark3, &["#", "shift-3", "alt-3"]),
    (Action::Mark4, &["$", "shift-4", "alt-4"]),
    (Action::Mark5, &["%", "shift-5", "alt-5"]),
    (Action::Mark6, &["^", "shift-6", "alt-6"]),
    (Action::Mark7, &["&", "shift-7", "alt-7"]),
    (Action::Mark8, &["*", "shift-8", "alt-8"]),
    (Action::Mark9, &["(", "shift-9", "alt-9"]),
    (Action::Erase, &["0", "x", "backspace", "delete"]),
    (Action::TogglePencil, &["p"]),
    (Action::Undo, &["u"]),
    (Action::Redo, &["ctrl-r"]),
    (Action::FillCandidates, &["c"]),
    (Action::Check, &["v"]),
    (Action::Hint, &["n"]),
    (Action::ApplyHint, &["a"]),
    (Action::AutoSolve, &["s"]),
    (Action::SolveAll, &["S"]),
    (Action::NewGame, &["N"]),
    (Action::ContinueGame, &["C"]),
    (Action::Stats, &["t"]),
    (Action::ShowPuzzleLine, &["e"]),
    (Action::Pause, &["space"]),
    (Action::Help, &["?"]),
    (Action::Quit, &["q", "ctrl-c"]),
];

impl Default for Keymap {
    fn default() -> Keymap {
        let bindings = DEFAULT_KEYS
            .iter()
            .map(|(action, keys)| {
                let keys =
                    keys.iter().map(|k| KeyBinding::parse(k).expect("default key names parse")).collect();
                (*action, keys)
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

    /// The first key of `action` as text, for legends (`?` when unbound).
    pub fn key_label(&self, action: Action) -> String {
        self.keys_for(action).first().map_or_else(|| "-".to_string(), ToString::to_string)
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
            let label = if action.entered_digit().is_some() {
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
