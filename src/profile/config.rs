//! The configuration: defaults compiled in, a user's `config.toml` overriding only the keys it names.
//!
//! Sections: `[gameplay]`, `[theme]`, `[keys]`, `[generator]`, and the top-level `profile_dir`. Unknown
//! keys, bad values and conflicting key bindings are errors that name the file, the line and the key
//! path (`keys.hint`). `config.example.toml` at the top of the repository documents every key with its
//! default; it is compiled in ([`EXAMPLE_CONFIG`]) and tested to parse to exactly [`Config::default`].

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::de::DeTable;

use super::colour::{Colour, NamedColour};
use super::files::{MAX_TEXT_BYTES, read_text_file};
use super::keys::{KeyBindings, KeyList};
use super::plain::{plain, shortened};
use super::toml_span::{key_path_at, line_and_column, span_of};
use crate::engine::Symmetry;

/// The documented default configuration, as `termdoku config --print-default` prints it.
pub const EXAMPLE_CONFIG: &str = include_str!("../../config.example.toml");

/// The whole configuration in force.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Config {
    /// Where the profile directory is (`None`: the platform data directory).
    pub profile_dir: Option<PathBuf>,
    /// Gameplay switches.
    pub gameplay: GameplayConfig,
    /// Colours.
    pub theme: ThemeConfig,
    /// Keys of every action.
    pub keys: KeyBindings,
    /// Puzzle generation.
    pub generator: GeneratorConfig,
}

/// When the game tells the player a digit is wrong.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MistakeChecking {
    /// Only when the player asks for a check (`v`).
    #[default]
    OnRequest,
    /// As soon as a digit that differs from the solution is entered.
    Immediate,
}

/// How hints are given.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HintPolicy {
    /// A ladder: the technique and where, then the pattern, then the result.
    #[default]
    Ladder,
    /// Everything at the first press.
    Direct,
    /// No hints.
    Off,
}

/// `[gameplay]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameplayConfig {
    /// Placing a digit removes it from the marks of its peers.
    pub auto_remove_marks: bool,
    /// Shade the cursor's row, column and box.
    pub highlight_peers: bool,
    /// Emphasise the digit under the cursor everywhere.
    pub highlight_same_digit: bool,
    /// Show digits that clash with another in a house.
    pub show_conflicts: bool,
    /// Draw placed digits large where the cells have room (3x3 line figures; 6x5 blocks on the
    /// largest boards).
    pub large_digits: bool,
    /// Fill killer cages with muted background colours (no two touching cages share one).
    pub cage_colours: bool,
    /// Filling candidates on a killer keeps only the digits the cage combinations allow (false:
    /// plain Sudoku candidates).
    pub cage_candidates: bool,
    /// When wrong digits are pointed out.
    pub mistake_checking: MistakeChecking,
    /// How hints are given.
    pub hint_policy: HintPolicy,
    /// Milliseconds between two steps of the step-by-step solver (50 to 10000).
    pub auto_solve_pace_ms: u64,
}

impl Default for GameplayConfig {
    fn default() -> GameplayConfig {
        GameplayConfig {
            auto_remove_marks: true,
            highlight_peers: true,
            highlight_same_digit: true,
            show_conflicts: true,
            large_digits: true,
            cage_colours: false,
            cage_candidates: true,
            mistake_checking: MistakeChecking::OnRequest,
            hint_policy: HintPolicy::Ladder,
            auto_solve_pace_ms: 600,
        }
    }
}

/// `[theme]`: a colour for every cue (every cue also has a non-colour twin, so `monochrome` keeps them
/// apart without any colour).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ThemeConfig {
    /// Draw without colours (also forced by the `NO_COLOR` environment variable).
    pub monochrome: bool,
    /// Box borders and frame.
    pub border: Colour,
    /// Light lines between cells.
    pub grid_line: Colour,
    /// Given digits.
    pub given: Colour,
    /// Digits the player entered.
    pub entry: Colour,
    /// Pencil marks.
    pub mark: Colour,
    /// Background of the cursor's row, column and box.
    pub peer_background: Colour,
    /// The digit under the cursor, wherever it appears.
    pub same_digit: Colour,
    /// Digits in conflict.
    pub conflict: Colour,
    /// Digits found wrong by a check.
    pub wrong: Colour,
    /// Background of a hint's houses.
    pub hint_house_background: Colour,
    /// Background of a hint's cells.
    pub hint_cell_background: Colour,
    /// Candidates a hint removes.
    pub hint_elimination: Colour,
    /// Digits a hint places.
    pub hint_placement: Colour,
    /// Row and column labels.
    pub label: Colour,
    /// Titles in the panel.
    pub title: Colour,
    /// Secondary text.
    pub dim: Colour,
    /// Errors and warnings.
    pub alert: Colour,
}

impl Default for ThemeConfig {
    fn default() -> ThemeConfig {
        use NamedColour::*;
        let named = Colour::Named;
        ThemeConfig {
            monochrome: false,
            border: named(Gray),
            grid_line: named(DarkGray),
            given: named(White),
            entry: named(LightCyan),
            mark: named(Gray),
            peer_background: Colour::Rgb(0x26, 0x2a, 0x3a),
            same_digit: named(LightYellow),
            conflict: named(LightRed),
            wrong: named(Red),
            hint_house_background: Colour::Rgb(0x1e, 0x3a, 0x28),
            hint_cell_background: Colour::Rgb(0x14, 0x5a, 0x3c),
            hint_elimination: named(LightRed),
            hint_placement: named(LightGreen),
            label: named(DarkGray),
            title: named(LightCyan),
            dim: named(DarkGray),
            alert: named(LightRed),
        }
    }
}

/// `[generator]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GeneratorConfig {
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// How many puzzles to keep ready per level (0 to 20).
    pub ready_puzzles: u32,
}

impl Default for GeneratorConfig {
    fn default() -> GeneratorConfig {
        GeneratorConfig { symmetry: Symmetry::Rotational, ready_puzzles: 3 }
    }
}

/// The file as written: every section optional, keys overriding the defaults.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct UserFile {
    profile_dir: Option<PathBuf>,
    gameplay: GameplayConfig,
    theme: ThemeConfig,
    keys: BTreeMap<String, KeyList>,
    generator: GeneratorConfig,
}

/// A configuration problem, with where it is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConfigError {
    /// The file (or a name like `<default>` for text not from a file).
    pub file: PathBuf,
    /// 1-based line and column, when known.
    pub position: Option<(usize, usize)>,
    /// The key path (`keys.hint`, `theme.given`), when the problem is at a key.
    pub key_path: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some((line, column)) = self.position {
            write!(f, ":{line}:{column}")?;
        }
        if let Some(path) = &self.key_path {
            write!(f, ": `{path}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Reads the configuration text of `file` (the name is used in errors only).
    pub fn parse(text: &str, file: &Path) -> Result<Config, ConfigError> {
        let located = |span: Option<Range<usize>>, key_path: Option<String>, message: String| ConfigError {
            file: file.to_path_buf(),
            position: span.map(|s| line_and_column(text, s.start)),
            key_path: key_path.map(|p| p.split('.').map(shortened).collect::<Vec<_>>().join(".")),
            message,
        };
        let document = DeTable::parse(text)
            .map_err(|e| located(e.span(), None, e.message().trim().to_string()))?
            .into_inner();
        let user: UserFile = toml::from_str(text).map_err(|e| {
            let path = e.span().and_then(|span| key_path_at(&document, span.start));
            let message = plain(e.message(), path.as_deref().and_then(allowed));
            located(e.span(), path, message)
        })?;
        user.into_config().map_err(|(path, message)| {
            let keys: Vec<&str> = path.split('.').collect();
            located(span_of(&document, &keys), Some(path), message)
        })
    }

    /// Reads the configuration file at `path` (a regular file, at most [`MAX_TEXT_BYTES`]); a missing
    /// file gives the defaults unless `required`.
    pub fn load(path: &Path, required: bool) -> anyhow::Result<Config> {
        match read_text_file(path, MAX_TEXT_BYTES) {
            Ok(text) => Ok(Config::parse(&text, path)?),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => Ok(Config::default()),
            Err(e) => Err(anyhow::anyhow!("cannot read the configuration {}: {e}", path.display())),
        }
    }
}

/// What the key at `path` takes, in words, for messages.
fn allowed(path: &str) -> Option<&'static str> {
    Some(match path {
        "profile_dir" => "a folder path in quotes",
        "gameplay" | "theme" | "keys" | "generator" => {
            "a table: the section's name in brackets, then its keys"
        }
        "gameplay.auto_solve_pace_ms" => "a whole number of milliseconds from 50 to 10000",
        "gameplay.mistake_checking" => "on_request or immediate",
        "gameplay.hint_policy" => "ladder, direct or off",
        "generator.ready_puzzles" => "a whole number from 0 to 20",
        "generator.symmetry" => "none, rotational, mirror or diagonal",
        "theme.monochrome" => "true or false",
        _ if path.starts_with("gameplay.") => "true or false",
        _ if path.starts_with("theme.") => "a colour in quotes: \"#rrggbb\", a number 0-255 or a colour name",
        _ if path.starts_with("keys.") => "a key name (\"n\") or a list of key names ([\"u\", \"ctrl-z\"])",
        _ => return None,
    })
}

impl UserFile {
    /// Checks what serde cannot and merges the key bindings, or names the key path that is wrong.
    fn into_config(self) -> Result<Config, (String, String)> {
        let pace = self.gameplay.auto_solve_pace_ms;
        if !(50..=10_000).contains(&pace) {
            let message = format!("{pace} is out of range: use 50 to 10000 milliseconds");
            return Err(("gameplay.auto_solve_pace_ms".into(), message));
        }
        let ready = self.generator.ready_puzzles;
        if ready > 20 {
            return Err(("generator.ready_puzzles".into(), format!("{ready} is out of range: use 0 to 20")));
        }
        let mut keys = KeyBindings::default();
        for (action, list) in &self.keys {
            keys.bind(action, list.0.clone()).map_err(|message| (format!("keys.{action}"), message))?;
        }
        if keys.keys("quit").is_empty() {
            let message = "no key is left to quit the game: bind at least one key (the default is \"q\")";
            return Err(("keys.quit".into(), message.into()));
        }
        if let Some((key, first, second)) = keys.first_conflict() {
            let user_named = |a: &str| self.keys.contains_key(a);
            // Point at the binding the user wrote; say when the other one is a default.
            let (at, other) = if user_named(second) { (second, first) } else { (first, second) };
            let default_note = if user_named(other) { "" } else { " (by default; rebind it too)" };
            let message = format!("`{key}` is also bound to `{other}`{default_note}");
            return Err((format!("keys.{at}"), message));
        }
        Ok(Config {
            profile_dir: self.profile_dir,
            gameplay: self.gameplay,
            theme: self.theme,
            keys,
            generator: self.generator,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::keys::KeySpec;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(text, Path::new("config.toml"))
    }

    fn error(text: &str) -> ConfigError {
        parse(text).expect_err("the configuration is wrong")
    }

    #[test]
    fn the_example_parses_to_exactly_the_defaults() {
        let example = Config::parse(EXAMPLE_CONFIG, Path::new("config.example.toml"));
        assert_eq!(example, Ok(Config::default()));
    }

    #[test]
    fn the_example_names_every_key_of_the_defaults() {
        for (action, keys) in KeyBindings::default().iter() {
            let written: Vec<String> = keys.iter().map(|k| format!("\"{k}\"")).collect();
            let line = if written.len() == 1 {
                format!("{action} = {}", written[0])
            } else {
                format!("{action} = [{}]", written.join(", "))
            };
            assert!(EXAMPLE_CONFIG.lines().any(|l| l == line), "missing `{line}`");
        }
    }

    #[test]
    fn an_empty_file_is_the_defaults_and_a_partial_file_overrides_only_its_keys() {
        assert_eq!(parse(""), Ok(Config::default()));
        let config = parse(
            "[gameplay]\nshow_conflicts = false\n[theme]\ngiven = \"#ff8000\"\n\
             [keys]\nhint = \"H\"\nundo = [\"u\", \"ctrl-z\"]\n",
        )
        .expect("valid");
        assert!(!config.gameplay.show_conflicts);
        assert!(config.gameplay.highlight_peers);
        assert_eq!(config.theme.given, Colour::Rgb(255, 128, 0));
        assert_eq!(config.theme.entry, ThemeConfig::default().entry);
        let keys = |a| config.keys.keys(a).iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(keys("hint"), ["H"]);
        assert_eq!(keys("undo"), ["u", "ctrl-z"]);
        assert_eq!(keys("redo"), ["ctrl-r"]);
    }

    #[test]
    fn an_unknown_key_names_the_key_path_and_line() {
        let e = error("[gameplay]\nshow_conflicts = true\nshow_conflict = false\n");
        assert_eq!(e.position.map(|p| p.0), Some(3));
        assert_eq!(e.key_path.as_deref(), Some("gameplay.show_conflict"));
        assert!(e.message.contains("unknown key `show_conflict`: the keys here are"), "{e}");
        let e = error("colour = 3\n");
        assert_eq!(e.key_path.as_deref(), Some("colour"));
    }

    #[test]
    fn a_bad_value_names_the_key_path_and_line() {
        let e = error("\n[gameplay]\nhint_policy = \"sometimes\"\n");
        assert_eq!(e.position.map(|p| p.0), Some(3));
        assert_eq!(e.key_path.as_deref(), Some("gameplay.hint_policy"));
        let e = error("[theme]\nborder = \"mauve\"\n");
        assert_eq!(e.key_path.as_deref(), Some("theme.border"));
        assert!(e.message.contains("unknown colour `mauve`"), "{e}");
        let e = error("[gameplay]\nhighlight_peers = \"yes\"\n");
        assert_eq!(e.key_path.as_deref(), Some("gameplay.highlight_peers"));
        let e = error("[generator]\nready_puzzles = 99\n");
        assert_eq!(
            (e.position.map(|p| p.0), e.key_path.as_deref()),
            (Some(2), Some("generator.ready_puzzles"))
        );
        let text = error("[gameplay]\nauto_solve_pace_ms = 1\n").to_string();
        assert!(text.starts_with("config.toml:2:"), "{text}");
        assert!(text.contains("`gameplay.auto_solve_pace_ms`"), "{text}");
    }

    #[test]
    fn bad_keys_unknown_actions_and_conflicts_are_errors() {
        let e = error("[keys]\nhint = \"hyper-n\"\n");
        assert_eq!((e.position.map(|p| p.0), e.key_path.as_deref()), (Some(2), Some("keys.hint")));
        assert!(e.message.contains("unknown key name `hyper-n`"), "{e}");
        let e = error("[keys]\nundo = [\"u\", \"ctrl-zz\"]\n");
        assert_eq!(e.key_path.as_deref(), Some("keys.undo"));
        let e = error("[keys]\nfly = \"f\"\n");
        assert_eq!((e.position.map(|p| p.0), e.key_path.as_deref()), (Some(2), Some("keys.fly")));
        let e = error("[keys]\n\nhint = \"u\"\n");
        assert_eq!((e.position.map(|p| p.0), e.key_path.as_deref()), (Some(3), Some("keys.hint")));
        assert!(e.message.contains("`u` is also bound to `undo` (by default"), "{e}");
        let e = error("[keys]\nhint = \"z\"\nundo = \"z\"\n");
        assert!(e.message.contains("`z` is also bound to"), "{e}");
        // The game cannot tell Shift-Space from Space, so neither can the check.
        let e = error("[keys]\nhint = \"shift-space\"\n");
        assert!(e.message.contains("`space` is also bound to `pause`"), "{e}");
        // Moving a key away from its default action is fine.
        let config = parse("[keys]\nhint = \"u\"\nundo = \"z\"\n").expect("swap");
        assert_eq!(config.keys.keys("undo"), [KeySpec::parse("z").expect("z")]);
    }

    #[test]
    fn no_rust_words_reach_the_player_and_each_error_says_what_is_allowed() {
        for (text, path, allowed) in [
            ("gameplay = 3\n", "gameplay", "a table"),
            ("[gameplay]\nauto_solve_pace_ms = -1\n", "gameplay.auto_solve_pace_ms", "from 50 to 10000"),
            (
                "[gameplay]\nauto_solve_pace_ms = 99999999999999999999\n",
                "gameplay.auto_solve_pace_ms",
                "50 to",
            ),
            ("[gameplay]\nhighlight_peers = \"yes\"\n", "gameplay.highlight_peers", "true or false"),
            ("[generator]\nready_puzzles = -3\n", "generator.ready_puzzles", "0 to 20"),
            ("[generator]\nsymmetry = \"x\"\n", "generator.symmetry", "rotational"),
            ("profile_dir = 3\n", "profile_dir", "a folder path"),
            ("[theme]\nborder = 5\n", "theme.border", "#rrggbb"),
            ("keys = \"x\"\n", "keys", "a table"),
            ("[keys]\nhint = [\"a\", 3]\n", "keys.hint", "key name"),
        ] {
            let e = error(text);
            let shown = e.to_string();
            assert_eq!(e.key_path.as_deref(), Some(path), "{shown}");
            assert!(e.position.is_some(), "{shown}");
            assert!(shown.contains(allowed), "{shown}");
            for rust in
                ["struct", "i128", "u64", "u32", "invalid type", "variant", "field", "map", "path string"]
            {
                assert!(!shown.contains(rust), "`{rust}` in {shown}");
            }
        }
    }

    #[test]
    fn a_configuration_that_leaves_no_way_to_quit_is_refused() {
        let e = error("[keys]\nquit = []\n");
        assert_eq!((e.position.map(|p| p.0), e.key_path.as_deref()), (Some(2), Some("keys.quit")));
        assert!(e.message.contains("no key is left to quit"), "{e}");
    }

    #[test]
    fn keys_a_terminal_never_sends_are_refused_with_the_reason() {
        for (key, reason) in [
            ("ctrl-i", "Tab"),
            ("ctrl-m", "Enter"),
            ("ctrl-h", "Backspace"),
            ("ctrl-[", "Esc"),
            ("ctrl-5", "digit"),
            ("ctrl-alt-i", "Tab"),
        ] {
            let e = error(&format!("[keys]\nhint = \"{key}\"\n"));
            assert_eq!(e.key_path.as_deref(), Some("keys.hint"));
            assert!(e.message.contains("never reaches the game") && e.message.contains(reason), "{key}: {e}");
        }
    }

    #[test]
    fn long_names_and_values_are_shortened_in_errors() {
        let long = "x".repeat(500);
        for text in [
            format!("[keys]\nhint = \"{long}\"\n"),
            format!("[keys]\n{long} = \"n\"\n"),
            format!("[gameplay]\n{long} = true\n"),
            format!("[theme]\nborder = \"{long}\"\n"),
        ] {
            let shown = error(&text).to_string();
            assert!(!shown.contains(&"x".repeat(crate::profile::plain::ECHO_LIMIT)), "{shown}");
        }
    }

    #[test]
    fn only_a_regular_file_is_read_as_the_configuration() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("config.toml");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
        let e = Config::load(&fifo, false).expect_err("a FIFO is refused, not waited on").to_string();
        assert!(e.contains("not a regular file") && e.contains("config.toml"), "{e}");
        let e = Config::load(Path::new("/dev/zero"), true).expect_err("a device").to_string();
        assert!(e.contains("not a regular file"), "{e}");
        let e = Config::load(dir.path(), true).expect_err("a folder").to_string();
        assert!(e.contains("is a directory"), "{e}");
        assert_eq!(Config::load(&dir.path().join("none.toml"), false).ok(), Some(Config::default()));
    }

    #[test]
    fn syntax_errors_have_a_line() {
        let e = error("[gameplay]\nshow_conflicts = \n");
        assert_eq!(e.position.map(|p| p.0), Some(2));
    }
}
