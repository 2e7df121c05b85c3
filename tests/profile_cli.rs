//! The profile as a user meets it on the command line: where files go (environment variables, flags
//! and the `profile_dir` key), `config --check` and `--print-default`, `stats`, `export`.
//! Every run gets a fresh temporary home, so no test touches the real one.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use termdoku::engine::Puzzle;
use termdoku::engine::logic::Level;
use termdoku::profile::config::{Config, EXAMPLE_CONFIG};
use termdoku::profile::paths::{ProfileDirs, ProfileName};
use termdoku::profile::saves::{Outcome, SaveStore, SavedGame};

const PUZZLE: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

/// Runs the binary with HOME and the XDG directories inside `home`, and the given extra environment.
fn termdoku(home: &Path, env: &[(&str, &Path)], args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_termdoku"));
    command
        .args(args)
        .env_remove("TERMDOKU_CONFIG")
        .env_remove("TERMDOKU_DATA_DIR")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"));
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Saves one unfinished game and one solved game for the default player under `root`.
fn save_games(root: &Path) -> SavedGame {
    let store = SaveStore::new(&ProfileDirs::new(root, ProfileName::default()));
    let puzzle: Puzzle = PUZZLE.parse().expect("valid puzzle");
    let mut done = SavedGame::new(puzzle.clone(), Some(Level::Easy));
    done.id = "done".into();
    done.elapsed = std::time::Duration::from_secs(200);
    store.finish(&done, Outcome::Solved).expect("finish");
    let mut going = SavedGame::new(puzzle, Some(Level::Hard));
    going.id = "going".into();
    going.board.entries.set(termdoku::engine::Cell::at(0, 2), termdoku::engine::Digit::new(4));
    going.board.marks[termdoku::engine::Cell::at(0, 3)] =
        "26".chars().filter_map(termdoku::engine::Digit::from_char).collect();
    store.save(&mut going).expect("save");
    going
}

#[test]
fn the_platform_directories_are_used_by_default() {
    let home = tempfile::tempdir().expect("temp home");
    let output = termdoku(home.path(), &[], &["config"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let config = home.path().join(".config/termdoku/config.toml");
    let data = home.path().join(".local/share/termdoku");
    assert!(text.contains(&format!("configuration: {} (not there", config.display())), "{text}");
    assert!(text.contains(&format!("profile directory: {}", data.display())), "{text}");
}

#[test]
fn environment_flags_and_the_config_key_move_the_files() {
    let home = tempfile::tempdir().expect("temp home");
    let h = home.path();
    let config = h.join("my.toml");
    fs::write(&config, "profile_dir = \"from-key\"\n").expect("write config");
    let env_dir = h.join("from-env");
    let env_config: &[(&str, &Path)] = &[("TERMDOKU_CONFIG", &config)];
    let text = stdout(&termdoku(h, env_config, &["config"]));
    assert!(text.contains(&format!("configuration: {}\n", config.display())), "{text}");
    assert!(text.contains(&format!("profile directory: {}", h.join("from-key").display())), "{text}");
    let both: &[(&str, &Path)] = &[("TERMDOKU_CONFIG", &config), ("TERMDOKU_DATA_DIR", &env_dir)];
    let text = stdout(&termdoku(h, both, &["config"]));
    assert!(text.contains(&format!("profile directory: {}", env_dir.display())), "{text}");
    let flag_dir = h.join("from-flag");
    let flag = flag_dir.to_string_lossy();
    let text = stdout(&termdoku(h, both, &["--profile-dir", &flag, "--profile", "ann", "config"]));
    assert!(text.contains(&format!("profile directory: {}", flag_dir.display())), "{text}");
    assert!(text.contains(&format!("player: ann ({})", flag_dir.join("players/ann").display())), "{text}");
    let other = h.join("other.toml");
    fs::write(&other, "").expect("write");
    let text = stdout(&termdoku(h, both, &["--config", &other.to_string_lossy(), "config"]));
    assert!(text.contains(&format!("configuration: {}\n", other.display())), "{text}");
}

#[test]
fn a_broken_config_names_file_line_and_key() {
    let home = tempfile::tempdir().expect("temp home");
    let config = home.path().join("config.toml");
    fs::write(&config, "[gameplay]\nshow_conflicts = true\nhint_policy = \"always\"\n").expect("write");
    let output = termdoku(home.path(), &[], &["config", "--check", &config.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.contains(&format!("{}:3:", config.display())), "{message}");
    assert!(message.contains("`gameplay.hint_policy`"), "{message}");
    assert!(message.contains("unknown value `always`: use ladder, direct or off"), "{message}");
    // Any command that needs the configuration refuses it the same way.
    let output = termdoku(home.path(), &[("TERMDOKU_CONFIG", &config)], &["stats"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("`gameplay.hint_policy`"), "{}", stderr(&output));
    fs::write(&config, "[keys]\nhint = \"n\"\n").expect("write");
    let output = termdoku(home.path(), &[], &["config", "--check", &config.to_string_lossy()]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), format!("{}: ok\n", config.display()));
}

#[test]
fn print_default_is_the_example_file_and_parses_to_the_defaults() {
    let home = tempfile::tempdir().expect("temp home");
    let printed = stdout(&termdoku(home.path(), &[], &["config", "--print-default"]));
    let example =
        fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.example.toml")).expect("read");
    assert_eq!(printed, example);
    assert_eq!(printed, EXAMPLE_CONFIG);
    assert_eq!(Config::parse(&printed, Path::new("printed")), Ok(Config::default()));
}

#[test]
fn stats_and_export_read_the_saved_games() {
    let home = tempfile::tempdir().expect("temp home");
    let root = home.path().join("data");
    save_games(&root);
    let env: &[(&str, &Path)] = &[("TERMDOKU_DATA_DIR", &root)];
    let stats = stdout(&termdoku(home.path(), env, &["stats"]));
    let easy = stats.lines().find(|l| l.starts_with("easy")).expect("easy row");
    assert_eq!(
        easy.split_whitespace().collect::<Vec<_>>(),
        ["easy", "1", "1", "0", "3:20", "3:20", "0", "1", "1"]
    );
    assert!(
        stats.lines().any(|l| l.starts_with("hard ") && l.split_whitespace().nth(2) == Some("0")),
        "{stats}"
    );
    // The puzzle, not the entry 4 at r1c3; --with-entries writes it apart.
    let line = stdout(&termdoku(home.path(), env, &["export"]));
    assert_eq!(line, format!("{}\n", PUZZLE.replace('0', ".")));
    let with = stdout(&termdoku(home.path(), env, &["export", "--with-entries"]));
    assert_eq!(with, format!("{} # entries ..4{}\n", PUZZLE.replace('0', "."), ".".repeat(78)));
    let pencil = stdout(&termdoku(home.path(), env, &["export", "go", "--format", "pencil"]));
    assert!(pencil.lines().nth(1).is_some_and(|l| l.starts_with("| 5 3 . | [26] 7 . |")), "{pencil}");
    let pencil =
        stdout(&termdoku(home.path(), env, &["export", "go", "--format", "pencil", "--with-entries"]));
    assert!(pencil.lines().nth(1).is_some_and(|l| l.starts_with("| 5 3 4 | [26] 7 . |")), "{pencil}");
    let grid = stdout(&termdoku(home.path(), env, &["export", "done", "--format", "grid"]));
    assert!(grid.starts_with("5 3 . | . 7 . | . . .\n"), "{grid}");
    let missing = termdoku(home.path(), env, &["export", "nope"]);
    assert!(stderr(&missing).contains("no saved game `nope`"), "{}", stderr(&missing));
    let list = stdout(&termdoku(home.path(), env, &["play", "--list"]));
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 1, "only the unfinished game: {list}");
    assert!(
        lines[0].starts_with("going ") && lines[0].contains("hard") && lines[0].contains("50 empty"),
        "{list}"
    );
    let other_player = stdout(&termdoku(home.path(), env, &["--profile", "bob", "stats"]));
    assert!(other_player.starts_with("No games yet"), "{other_player}");
}

#[test]
fn play_without_a_terminal_says_so_and_writes_nothing() {
    let home = tempfile::tempdir().expect("temp home");
    let data = home.path().join("data");
    let output = termdoku(home.path(), &[("TERMDOKU_DATA_DIR", &data)], &["play", "--puzzle", PUZZLE]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("needs a terminal"), "{}", stderr(&output));
    assert!(stdout(&output).is_empty(), "{}", stdout(&output));
}

#[test]
fn stats_names_a_saves_folder_that_is_a_file_and_saves_it_cannot_read() {
    let home = tempfile::tempdir().expect("temp home");
    let data = home.path().join("data");
    let dirs = ProfileDirs::new(&data, ProfileName::default());
    fs::create_dir_all(dirs.history_dir()).expect("history");
    fs::write(dirs.saves_dir(), "not a folder").expect("a file in the way");
    let fifo = dirs.history_dir().join("stuck.toml");
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
    let output = termdoku(home.path(), &[("TERMDOKU_DATA_DIR", &data)], &["stats"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let said = stderr(&output);
    let saves = dirs.saves_dir();
    assert!(said.contains(&*saves.to_string_lossy()) && said.contains("is a file, not a folder"), "{said}");
    assert!(said.contains(&*fifo.to_string_lossy()) && said.contains("not a regular file"), "{said}");
}

#[test]
fn a_configuration_in_plain_words_and_a_fifo_refused() {
    let home = tempfile::tempdir().expect("temp home");
    let config = home.path().join("config.toml");
    fs::write(&config, "gameplay = 3\n").expect("write");
    let output = termdoku(home.path(), &[], &["config", "--check", &config.to_string_lossy()]);
    let said = stderr(&output);
    assert_ne!(output.status.code(), Some(0));
    assert!(said.contains("config.toml:1:") && said.contains("`gameplay`"), "{said}");
    assert!(!said.contains("struct") && !said.contains("GameplayConfig"), "{said}");
    fs::remove_file(&config).expect("removed");
    assert!(Command::new("mkfifo").arg(&config).status().expect("mkfifo").success());
    let output = termdoku(home.path(), &[("TERMDOKU_CONFIG", &config)], &["stats"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("not a regular file"), "{}", stderr(&output));
}

#[test]
fn config_check_names_a_profile_dir_that_cannot_be_created_or_written() {
    let home = tempfile::tempdir().expect("temp home");
    let file = home.path().join("taken");
    fs::write(&file, "").expect("a file where the folder would go");
    let config = home.path().join("config.toml");
    let check = |profile_dir: &str| {
        fs::write(&config, format!("profile_dir = {profile_dir:?}\n")).expect("write config");
        termdoku(home.path(), &[], &["config", "--check", &config.to_string_lossy()])
    };
    let output = check("taken/games");
    assert_eq!(output.status.code(), Some(1));
    let wanted = format!(
        "error: {}: `profile_dir`: {} cannot be created: {} is a file, not a folder",
        config.display(),
        home.path().join("taken/games").display(),
        file.display()
    );
    assert!(stderr(&output).contains(&wanted), "{}", stderr(&output));
    let output = check(&file.to_string_lossy());
    assert!(
        stderr(&output).contains(&format!("{} is a file, not a folder", file.display())),
        "{}",
        stderr(&output)
    );
    // A folder the system refuses to write in, even to its administrator.
    if cfg!(target_os = "linux") {
        let output = check("/proc/self");
        assert_eq!(output.status.code(), Some(1));
        assert!(stderr(&output).contains("/proc/self cannot be written: "), "{}", stderr(&output));
    }
    // A folder that can be created is fine, and the check creates nothing.
    let output = check("games/mine");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!home.path().join("games").exists());
}

#[test]
fn a_missing_termdoku_config_is_an_error_as_with_the_flag() {
    let home = tempfile::tempdir().expect("temp home");
    let missing = home.path().join("missing.toml");
    let data = home.path().join("data");
    for args in [&["stats"][..], &["config"], &["export"]] {
        let output =
            termdoku(home.path(), &[("TERMDOKU_CONFIG", &missing), ("TERMDOKU_DATA_DIR", &data)], args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let said = stderr(&output);
        assert!(
            said.contains(&format!(
                "TERMDOKU_CONFIG names the configuration {}, which does not exist",
                missing.display()
            )),
            "{args:?}: {said}"
        );
        let flag = termdoku(
            home.path(),
            &[("TERMDOKU_DATA_DIR", &data)],
            &[&["--config", &missing.to_string_lossy()][..], args].concat(),
        );
        assert_eq!(flag.status.code(), Some(2), "{args:?}");
        assert!(stderr(&flag).contains(&*missing.to_string_lossy()), "{args:?}: {}", stderr(&flag));
    }
    // `--config` names the file to read: the environment's is not looked at.
    let present = home.path().join("present.toml");
    fs::write(&present, "").expect("write");
    let output = termdoku(
        home.path(),
        &[("TERMDOKU_CONFIG", &missing)],
        &["--config", &present.to_string_lossy(), "config"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn a_saves_folder_that_cannot_be_read_is_named_not_called_damaged() {
    let home = tempfile::tempdir().expect("temp home");
    let data = home.path().join("data");
    let dirs = ProfileDirs::new(&data, ProfileName::default());
    fs::create_dir_all(dirs.player_dir()).expect("player");
    fs::write(dirs.saves_dir(), "not a folder").expect("a file in the way");
    let saves = dirs.saves_dir();
    for args in [&["play", "--puzzle", PUZZLE][..], &["play", "--list"], &["export"]] {
        let output = termdoku(home.path(), &[("TERMDOKU_DATA_DIR", &data)], args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let said = stderr(&output);
        let wanted =
            format!("error: the saved games cannot be read: {}: is a file, not a folder", saves.display());
        assert!(said.contains(&wanted), "{args:?}: {said}");
        assert!(
            !said.to_lowercase().contains("damaged") && !said.contains("unreadable save"),
            "{args:?}: {said}"
        );
    }
}

/// A killer with no givens (36 cages), one solution.
const KILLER: &str = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";

#[test]
fn an_exported_killer_game_rates_and_solves_as_its_puzzle_with_or_without_its_entries() {
    use termdoku::engine::{Cell, Digit};
    let home = tempfile::tempdir().expect("temp home");
    let root = home.path().join("data");
    let store = SaveStore::new(&ProfileDirs::new(&root, ProfileName::default()));
    let puzzle = termdoku::engine::text::parse_puzzle(KILLER).expect("a killer line");
    let puzzle = Puzzle::new_killer(puzzle.givens, puzzle.cages.expect("cages")).expect("unique");
    let mut game = SavedGame::new(puzzle.clone(), Some(Level::Easy));
    game.id = "killer".into();
    // A wrong entry at r9c9: as a given it would break its cage and the puzzle.
    let last = Cell::at(8, 8);
    let right = puzzle.solution().get(last).expect("solved").get();
    game.board.entries.set(last, Digit::new(right % 9 + 1));
    game.board.entries.set(Cell::at(0, 0), puzzle.solution().get(Cell::at(0, 0)));
    store.save(&mut game).expect("save");
    let env: &[(&str, &Path)] = &[("TERMDOKU_DATA_DIR", &root)];
    let rated = stdout(&termdoku(home.path(), env, &["rate", KILLER]));
    let solved = stdout(&termdoku(home.path(), env, &["solve", KILLER]));
    assert!(rated.starts_with(KILLER), "{rated}");
    for args in [
        &["export"][..],
        &["export", "--with-entries"],
        &["export", "--format", "json"],
        &["export", "--format", "json", "--with-entries"],
        &["export", "--format", "solo"],
    ] {
        let exported = termdoku(home.path(), env, args);
        assert!(exported.status.success(), "{args:?}: {}", stderr(&exported));
        let exported = stdout(&exported);
        assert_eq!(exported.lines().count(), 1, "{args:?}: {exported}");
        let exported = exported.trim_end();
        let rate = termdoku(home.path(), env, &["rate", exported]);
        assert_eq!((stdout(&rate), stderr(&rate)), (rated.clone(), String::new()), "{args:?}: {exported}");
        let solve = termdoku(home.path(), env, &["solve", exported]);
        assert_eq!((stdout(&solve), stderr(&solve)), (solved.clone(), String::new()), "{args:?}: {exported}");
    }
    // The entries are written apart: after the line, or in their own JSON field.
    let entries = format!("{}{}{}", right_digit(&puzzle, Cell::at(0, 0)), ".".repeat(79), right % 9 + 1);
    let line = stdout(&termdoku(home.path(), env, &["export", "--with-entries"]));
    assert_eq!(line, format!("{KILLER} # entries {entries}\n"));
    let json = stdout(&termdoku(home.path(), env, &["export", "--format", "json", "--with-entries"]));
    assert!(json.contains(&format!(r#""entries":"{entries}""#)), "{json}");
    assert!(!stdout(&termdoku(home.path(), env, &["export", "--format", "json"])).contains("entries"));
    let solo = termdoku(home.path(), env, &["export", "--format", "solo", "--with-entries"]);
    assert!(
        stderr(&solo)
            .contains("--with-entries: --format grid, solo, fpuzzles and sudokupad write the puzzle only"),
        "{}",
        stderr(&solo)
    );
    assert_eq!(solo.status.code(), Some(2));
}

/// The digit of `puzzle`'s solution at `cell`, as a character.
fn right_digit(puzzle: &Puzzle, cell: termdoku::engine::Cell) -> char {
    puzzle.solution().get(cell).map_or('.', termdoku::engine::Digit::to_char)
}
