//! The profile's configuration turned into the game's own types: key bindings into the [`Keymap`],
//! colours into the [`Theme`], gameplay switches into [`Gameplay`].

use std::time::Duration;

use ratatui::style::Color;

use crate::profile::colour::{Colour, NamedColour};
use crate::profile::config::{
    Config, GameplayConfig, HintPolicy as ConfigHintPolicy, MistakeChecking, ThemeConfig,
};
use crate::profile::keys::KeyBindings;

use super::action::Action;
use super::app::App;
use super::gameplay::{Gameplay, HintPolicy};
use super::keymap::{KeyBinding, Keymap};
use super::theme::Theme;

/// Applies `config` to `app`: keys, theme (monochrome when `no_color`) and gameplay.
pub fn apply(app: &mut App, config: &Config, no_color: bool) {
    app.keymap = keymap(&config.keys);
    app.theme = theme(&config.theme, no_color);
    app.gameplay = gameplay(&config.gameplay);
    app.game.auto_remove_marks = app.gameplay.auto_remove_marks;
    app.game.cage_candidates = app.gameplay.cage_candidates;
}

/// The keymap of `bindings`: every configured action gets exactly its configured keys.
pub fn keymap(bindings: &KeyBindings) -> Keymap {
    let mut keymap = Keymap::default();
    for (name, keys) in bindings.iter() {
        let Some(action) = Action::from_name(name) else { continue };
        let keys = keys.iter().map(|&key| KeyBinding::from(key)).collect();
        keymap.bind(action, keys);
    }
    keymap
}

/// The theme of `config`: the default styles with the configured colours, or monochrome.
pub fn theme(config: &ThemeConfig, no_color: bool) -> Theme {
    if no_color || config.monochrome {
        return Theme::monochrome();
    }
    let base = Theme::default();
    let c = |colour: Colour| color(colour);
    Theme {
        border: base.border.fg(c(config.border)),
        grid_line: base.grid_line.fg(c(config.grid_line)),
        given: base.given.fg(c(config.given)),
        entry: base.entry.fg(c(config.entry)),
        mark: base.mark.fg(c(config.mark)),
        peer: base.peer.bg(c(config.peer_background)),
        same_digit: base.same_digit.fg(c(config.same_digit)),
        conflict: base.conflict.fg(c(config.conflict)),
        wrong: base.wrong.fg(c(config.wrong)),
        hint_house: base.hint_house.bg(c(config.hint_house_background)),
        hint_cell: base.hint_cell.bg(c(config.hint_cell_background)),
        hint_elimination: base.hint_elimination.fg(c(config.hint_elimination)),
        hint_placement: base.hint_placement.fg(c(config.hint_placement)),
        label: base.label.fg(c(config.label)),
        title: base.title.fg(c(config.title)),
        dim: base.dim.fg(c(config.dim)),
        alert: base.alert.fg(c(config.alert)),
        ..base
    }
}

/// The terminal colour of a configured colour.
pub fn color(colour: Colour) -> Color {
    use NamedColour::*;
    match colour {
        Colour::Rgb(r, g, b) => Color::Rgb(r, g, b),
        Colour::Indexed(index) => Color::Indexed(index),
        Colour::Named(named) => match named {
            Reset => Color::Reset,
            Black => Color::Black,
            Red => Color::Red,
            Green => Color::Green,
            Yellow => Color::Yellow,
            Blue => Color::Blue,
            Magenta => Color::Magenta,
            Cyan => Color::Cyan,
            Gray => Color::Gray,
            DarkGray => Color::DarkGray,
            LightRed => Color::LightRed,
            LightGreen => Color::LightGreen,
            LightYellow => Color::LightYellow,
            LightBlue => Color::LightBlue,
            LightMagenta => Color::LightMagenta,
            LightCyan => Color::LightCyan,
            White => Color::White,
        },
    }
}

/// The gameplay switches of `config`.
pub fn gameplay(config: &GameplayConfig) -> Gameplay {
    Gameplay {
        auto_remove_marks: config.auto_remove_marks,
        highlight_peers: config.highlight_peers,
        highlight_same_digit: config.highlight_same_digit,
        show_conflicts: config.show_conflicts,
        large_digits: config.large_digits,
        cage_colours: config.cage_colours,
        cage_candidates: config.cage_candidates,
        immediate_mistakes: config.mistake_checking == MistakeChecking::Immediate,
        hint_policy: match config.hint_policy {
            ConfigHintPolicy::Ladder => HintPolicy::Ladder,
            ConfigHintPolicy::Direct => HintPolicy::Direct,
            ConfigHintPolicy::Off => HintPolicy::Off,
        },
        auto_solve_pace: Duration::from_millis(config.auto_solve_pace_ms),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::profile::keys::DEFAULT_BINDINGS;
    use crate::tui::keymap::parse_key_string;

    #[test]
    fn the_default_configuration_is_the_game_s_default() {
        let config = Config::default();
        assert_eq!(theme(&config.theme, false), Theme::default());
        assert_eq!(theme(&config.theme, true), Theme::monochrome());
        assert_eq!(gameplay(&config.gameplay), Gameplay::default());
        let configured = keymap(&config.keys);
        let default = Keymap::default();
        for (name, _) in DEFAULT_BINDINGS {
            let action = Action::from_name(name).unwrap_or_else(|| panic!("`{name}` is a game action"));
            assert_eq!(configured.keys_for(action), default.keys_for(action), "{name}");
        }
        assert_eq!(configured.help_rows(), default.help_rows());
    }

    #[test]
    fn configured_keys_colours_and_switches_reach_the_game() {
        let text = "[gameplay]\nhint_policy = \"direct\"\nmistake_checking = \"immediate\"\n\
                    [theme]\ngiven = \"#ff8000\"\n[keys]\nhint = \"H\"\nundo = [\"u\", \"ctrl-z\"]\n";
        let config = Config::parse(text, Path::new("t.toml")).expect("valid");
        let keys = keymap(&config.keys);
        let press = |k: &str| parse_key_string(k).expect("keys")[0];
        assert_eq!(keys.action_for(&press("H")), Some(Action::Hint));
        assert_eq!(keys.action_for(&press("n")), None);
        assert_eq!(keys.action_for(&press("<C-z>")), Some(Action::Undo));
        assert_eq!(theme(&config.theme, false).given.fg, Some(Color::Rgb(255, 128, 0)));
        let mono = Config::parse("[theme]\nmonochrome = true\n", Path::new("m.toml")).expect("valid");
        assert_eq!(theme(&mono.theme, false), Theme::monochrome());
        let play = gameplay(&config.gameplay);
        assert_eq!((play.hint_policy, play.immediate_mistakes), (HintPolicy::Direct, true));
    }
}
