//! Key names as a configuration writes them (`n`, `ctrl-z`, `shift-tab`, `space`, `f5`), parsed,
//! normalised and checked, and the default bindings of every action.
//!
//! This module knows actions only by their configuration names (`hint`, `digit_5`): the game maps them
//! onto its own action type. It never imports the terminal layer.

use std::fmt;

use serde::Deserialize;

use super::plain::shortened;
use serde::de::{self, Deserializer, SeqAccess, Visitor};

/// A key without modifiers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum KeyName {
    /// A character key (`n`, `?`, `!`; `' '` is Space).
    Char(char),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Tab.
    Tab,
    /// Shift-Tab.
    BackTab,
    /// Escape.
    Esc,
    /// Enter.
    Enter,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// A function key, F1 to F12.
    F(u8),
}

/// The named keys and their configuration names (the first name is the one written back).
const NAMED_KEYS: &[(&str, KeyName)] = &[
    ("up", KeyName::Up),
    ("down", KeyName::Down),
    ("left", KeyName::Left),
    ("right", KeyName::Right),
    ("tab", KeyName::Tab),
    ("backtab", KeyName::BackTab),
    ("esc", KeyName::Esc),
    ("escape", KeyName::Esc),
    ("enter", KeyName::Enter),
    ("return", KeyName::Enter),
    ("space", KeyName::Char(' ')),
    ("backspace", KeyName::Backspace),
    ("delete", KeyName::Delete),
    ("del", KeyName::Delete),
    ("home", KeyName::Home),
    ("end", KeyName::End),
    ("pageup", KeyName::PageUp),
    ("pagedown", KeyName::PageDown),
];

/// One key with modifiers, normalised so that two ways of writing the same key compare equal
/// (`S` and `shift-s`, `shift-tab` and `backtab`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct KeySpec {
    /// The Ctrl modifier.
    pub ctrl: bool,
    /// The Alt modifier.
    pub alt: bool,
    /// The Shift modifier (kept only for keys whose character does not already say it: digits and
    /// named keys).
    pub shift: bool,
    /// The key.
    pub key: KeyName,
}

impl KeySpec {
    /// Parses a key name: one character or a named key (`up`, `tab`, `esc`, `enter`, `space`,
    /// `backspace`, `delete`, `home`, `end`, `pageup`, `pagedown`, `f1`-`f12`), after any of the
    /// prefixes `ctrl-`, `alt-`, `shift-`.
    ///
    /// ```
    /// use termdoku::profile::keys::KeySpec;
    /// assert_eq!(KeySpec::parse("shift-s"), KeySpec::parse("S"));
    /// assert_eq!(KeySpec::parse("ctrl-z").map(|k| k.to_string()), Ok("ctrl-z".to_string()));
    /// assert!(KeySpec::parse("hyper-x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<KeySpec, String> {
        let mut spec = KeySpec { ctrl: false, alt: false, shift: false, key: KeyName::Char(' ') };
        let mut rest = text;
        loop {
            let lower = rest.to_ascii_lowercase();
            if rest.len() > 5 && lower.starts_with("ctrl-") {
                spec.ctrl = true;
                rest = &rest[5..];
            } else if rest.len() > 4 && lower.starts_with("alt-") {
                spec.alt = true;
                rest = &rest[4..];
            } else if rest.len() > 6 && lower.starts_with("shift-") {
                spec.shift = true;
                rest = &rest[6..];
            } else {
                break;
            }
        }
        spec.key = key_name(rest).ok_or_else(|| unknown_key_message(text))?;
        let spec = spec.normalised();
        match spec.never_sent() {
            Some(reason) => Err(format!("`{}` never reaches the game: {reason}", shortened(text))),
            None => Ok(spec),
        }
    }

    /// Why a terminal can never send this key, for the keys it sends as another one.
    fn never_sent(&self) -> Option<&'static str> {
        if !self.ctrl {
            return None;
        }
        match self.key {
            KeyName::Char('i') => Some("terminals send Ctrl-I as Tab (bind `tab` instead)"),
            KeyName::Char('m') => Some("terminals send Ctrl-M as Enter (bind `enter` instead)"),
            KeyName::Char('h') => Some("terminals send Ctrl-H as Backspace (bind `backspace` instead)"),
            KeyName::Char('[') => Some("terminals send Ctrl-[ as Esc (bind `esc` instead)"),
            KeyName::Char(c) if c.is_ascii_digit() => {
                Some("terminals send Ctrl with a digit as the digit alone or as another key")
            }
            _ => None,
        }
    }

    fn normalised(mut self) -> KeySpec {
        match self.key {
            // Terminals report Ctrl with a letter as the lower-case letter.
            KeyName::Char(c) if self.ctrl && c.is_ascii_alphabetic() => {
                self.key = KeyName::Char(c.to_ascii_lowercase());
                self.shift = false;
            }
            KeyName::Char(c) if !c.is_ascii_digit() => {
                if self.shift && c.is_ascii_lowercase() {
                    self.key = KeyName::Char(c.to_ascii_uppercase());
                }
                self.shift = false;
            }
            KeyName::Tab if self.shift => {
                self.key = KeyName::BackTab;
                self.shift = false;
            }
            KeyName::BackTab => self.shift = false,
            _ => {}
        }
        self
    }
}

fn unknown_key_message(text: &str) -> String {
    format!(
        "unknown key name `{}`: use one character (`n`, `?`), or up, down, left, right, tab, backtab, \
         esc, enter, space, backspace, delete, home, end, pageup, pagedown, f1-f12, with optional ctrl-, \
         alt-, shift- prefixes",
        shortened(text)
    )
}

fn key_name(name: &str) -> Option<KeyName> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return (!c.is_control()).then_some(KeyName::Char(c));
    }
    let lower = name.to_ascii_lowercase();
    if let Some((_, key)) = NAMED_KEYS.iter().find(|(n, _)| *n == lower) {
        return Some(*key);
    }
    let number: u8 = lower.strip_prefix('f')?.parse().ok()?;
    (1..=12).contains(&number).then_some(KeyName::F(number))
}

impl fmt::Display for KeySpec {
    /// The canonical configuration name, which [`KeySpec::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("ctrl-")?;
        }
        if self.alt {
            f.write_str("alt-")?;
        }
        if self.shift {
            f.write_str("shift-")?;
        }
        match self.key {
            KeyName::Char(' ') => f.write_str("space"),
            KeyName::Char(c) => write!(f, "{c}"),
            KeyName::F(n) => write!(f, "f{n}"),
            named => {
                let name = NAMED_KEYS.iter().find(|(_, k)| *k == named).map_or("?", |(n, _)| *n);
                f.write_str(name)
            }
        }
    }
}

impl<'de> Deserialize<'de> for KeySpec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<KeySpec, D::Error> {
        let text = String::deserialize(deserializer)?;
        KeySpec::parse(&text).map_err(de::Error::custom)
    }
}

/// The keys of one action: a configuration writes one key (`hint = "n"`) or a list
/// (`undo = ["u", "ctrl-z"]`; `[]` unbinds the action).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct KeyList(pub Vec<KeySpec>);

impl<'de> Deserialize<'de> for KeyList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<KeyList, D::Error> {
        struct KeyListVisitor;
        impl<'de> Visitor<'de> for KeyListVisitor {
            type Value = KeyList;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key name (\"n\") or a list of key names ([\"u\", \"ctrl-z\"])")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<KeyList, E> {
                KeySpec::parse(text).map(|key| KeyList(vec![key])).map_err(E::custom)
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<KeyList, A::Error> {
                let mut keys = Vec::new();
                while let Some(key) = seq.next_element::<KeySpec>()? {
                    keys.push(key);
                }
                Ok(KeyList(keys))
            }
        }
        deserializer.deserialize_any(KeyListVisitor)
    }
}

/// Every action a key can be bound to, by configuration name, with its default keys, in the order of
/// the help screen.
pub const DEFAULT_BINDINGS: &[(&str, &[&str])] = &[
    ("move_up", &["up", "k"]),
    ("move_down", &["down", "j"]),
    ("move_left", &["left", "h"]),
    ("move_right", &["right", "l"]),
    ("next_empty", &["tab"]),
    ("prev_empty", &["shift-tab"]),
    ("digit_1", &["1"]),
    ("digit_2", &["2"]),
    ("digit_3", &["3"]),
    ("digit_4", &["4"]),
    ("digit_5", &["5"]),
    ("digit_6", &["6"]),
    ("digit_7", &["7"]),
    ("digit_8", &["8"]),
    ("digit_9", &["9"]),
    ("mark_1", &["!", "shift-1", "alt-1"]),
    ("mark_2", &["@", "shift-2", "alt-2"]),
    ("mark_3", &["#", "shift-3", "alt-3"]),
    ("mark_4", &["$", "shift-4", "alt-4"]),
    ("mark_5", &["%", "shift-5", "alt-5"]),
    ("mark_6", &["^", "shift-6", "alt-6"]),
    ("mark_7", &["&", "shift-7", "alt-7"]),
    ("mark_8", &["*", "shift-8", "alt-8"]),
    ("mark_9", &["(", "shift-9", "alt-9"]),
    ("erase", &["0", "x", "backspace", "delete"]),
    ("toggle_pencil", &["p"]),
    ("toggle_mark_kind", &["m"]),
    ("cycle_colour", &["o"]),
    ("strike_combination", &["X"]),
    ("undo", &["u"]),
    ("redo", &["ctrl-r"]),
    ("fill_candidates", &["c"]),
    ("fill_all_candidates", &["F"]),
    ("check", &["v"]),
    ("hint", &["n"]),
    ("apply_hint", &["a"]),
    ("hint_page_down", &["pagedown", "]"]),
    ("hint_page_up", &["pageup", "["]),
    ("auto_solve", &["s"]),
    ("solve_all", &["S"]),
    ("new_game", &["N"]),
    ("continue_game", &["C"]),
    ("stats", &["t"]),
    ("show_puzzle_line", &["e"]),
    ("pause", &["space"]),
    ("help", &["?"]),
    ("quit", &["q", "ctrl-c"]),
    ("select_up", &["shift-up"]),
    ("select_down", &["shift-down"]),
    ("select_left", &["shift-left"]),
    ("select_right", &["shift-right"]),
    ("sum_prompt", &["w"]),
    ("rule_of_45", &["i"]),
];

/// The key table in force: every action of [`DEFAULT_BINDINGS`] with its keys, defaults overridden
/// by the user's configuration.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KeyBindings {
    bindings: Vec<(&'static str, Vec<KeySpec>)>,
}

impl Default for KeyBindings {
    fn default() -> KeyBindings {
        let bindings = DEFAULT_BINDINGS
            .iter()
            .map(|(action, keys)| {
                let keys = keys.iter().map(|k| KeySpec::parse(k).expect("default key names parse")).collect();
                (*action, keys)
            })
            .collect();
        KeyBindings { bindings }
    }
}

impl KeyBindings {
    /// Whether `action` is a known action name.
    pub fn is_action(action: &str) -> bool {
        DEFAULT_BINDINGS.iter().any(|(name, _)| *name == action)
    }

    /// Replaces the keys of `action`; an unknown action is an error.
    pub fn bind(&mut self, action: &str, keys: Vec<KeySpec>) -> Result<(), String> {
        let Some(entry) = self.bindings.iter_mut().find(|(name, _)| *name == action) else {
            return Err(format!("unknown action `{}`: {}", shortened(action), action_list()));
        };
        entry.1 = keys;
        Ok(())
    }

    /// The keys of `action` (empty when unknown or unbound).
    pub fn keys(&self, action: &str) -> &[KeySpec] {
        self.bindings.iter().find(|(name, _)| *name == action).map_or(&[], |(_, keys)| keys.as_slice())
    }

    /// Every action and its keys, in help order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &[KeySpec])> {
        self.bindings.iter().map(|(action, keys)| (*action, keys.as_slice()))
    }

    /// The first key bound to two actions, as `(key, first action, second action)`, in table order.
    pub fn first_conflict(&self) -> Option<(KeySpec, &'static str, &'static str)> {
        let mut seen: Vec<(KeySpec, &'static str)> = Vec::new();
        for (action, keys) in &self.bindings {
            for key in keys {
                if let Some((_, other)) = seen.iter().find(|(k, a)| k == key && a != action) {
                    return Some((*key, other, action));
                }
                seen.push((*key, action));
            }
        }
        None
    }
}

/// The known action names, for error messages.
fn action_list() -> String {
    let names: Vec<&str> = DEFAULT_BINDINGS.iter().map(|(name, _)| *name).collect();
    format!("known actions are {}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_names_parse_and_print_canonically() {
        for (text, canonical) in [
            ("n", "n"),
            ("N", "N"),
            ("shift-n", "N"),
            ("Ctrl-Z", "ctrl-z"),
            ("shift-tab", "backtab"),
            ("BackTab", "backtab"),
            ("space", "space"),
            (" ", "space"),
            ("shift-1", "shift-1"),
            ("alt-1", "alt-1"),
            ("F5", "f5"),
            ("escape", "esc"),
            ("-", "-"),
            ("ctrl--", "ctrl--"),
        ] {
            let key = KeySpec::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(key.to_string(), canonical, "{text}");
            assert_eq!(KeySpec::parse(canonical), Ok(key), "{canonical} reads back");
        }
    }

    #[test]
    fn bad_key_names_are_errors() {
        for bad in ["", "ctrl-", "hyper-x", "f13", "f0", "enterr", "\t"] {
            assert!(KeySpec::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn defaults_have_no_conflicts_and_conflicts_are_found() {
        let mut keys = KeyBindings::default();
        assert_eq!(keys.first_conflict(), None);
        keys.bind("hint", vec![KeySpec::parse("u").expect("u")]).expect("known");
        let (key, first, second) = keys.first_conflict().expect("conflict");
        assert_eq!((key.to_string().as_str(), first, second), ("u", "undo", "hint"));
        assert!(keys.bind("fly", vec![]).is_err());
    }
}
