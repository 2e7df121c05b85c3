//! The profile end to end, with the real binary in a pseudo-terminal and a temporary profile: play,
//! quit, start again and find the game as it was; the same after SIGKILL in the middle of rapid moves
//! (and after SIGKILL while only the clock runs: it comes back to the second last shown, in the mode
//! the game was in); a terminal that cannot draw the game is refused;
//! keys from the configuration reach the game; a broken configuration is refused with its place.
#![cfg(unix)]

mod pty_support;

use std::thread;
use std::time::Duration;

use pty_support::{COLS, Pty};
use termdoku::profile::paths::{ProfileDirs, ProfileName};
use termdoku::profile::saves::SaveStore;

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SMALL_DIGITS: &str = "[gameplay]\nlarge_digits = false\n";

fn row(screen: &vt100::Screen, label: char) -> String {
    screen.rows(0, COLS).find(|r| r.starts_with(&format!("{label} ┃"))).unwrap_or_default()
}

#[test]
fn play_quit_and_start_again_finds_the_game_as_it_was() {
    let home = tempfile::tempdir().expect("temp home");
    // Small digits (a gameplay switch of the configuration) keep the rows easy to read.
    std::fs::write(home.path().join("config.toml"), SMALL_DIGITS).expect("write config");
    let mut game = Pty::start(home.path(), &["play", "--puzzle", PUZZLE]);
    game.wait_for("the board", |s| s.contents().contains("Mistakes"));
    // r1c3 gets a 4, r1c4 the marks 3 and 5, the cursor ends on r2c4.
    game.send("\x1b[C\x1b[C4\x1b[Cp35p\x1b[B");
    game.wait_for("4 and marks in row 1", |s| row(s, '1').contains("5  │  3  │  4  ┃  5  │"));
    game.settle();
    let before = game.parser.screen().contents();
    game.send("q");
    assert!(game.wait_exit());

    let mut again = Pty::start(home.path(), &[]);
    again.wait_for("the resumed board", |s| row(s, '1').contains("5  │  3  │  4  ┃  5  │"));
    again.settle();
    let after = again.parser.screen().contents();
    let board = |text: &str| {
        text.lines().take(38).map(|l| l.chars().take(56).collect::<String>()).collect::<Vec<_>>()
    };
    assert_eq!(board(&after), board(&before), "the board, marks and cursor are as they were");
    // Undo still knows the history: the marks go, then the 4.
    again.send("uuu");
    again.wait_for("undone", |s| row(s, '1').contains("5  │  3  │     ┃     │"));
    again.send("q");
    assert!(again.wait_exit());
}

#[test]
fn sigkill_during_rapid_moves_leaves_a_save_that_loads() {
    let home = tempfile::tempdir().expect("temp home");
    let store = SaveStore::new(&ProfileDirs::new(home.path().join("data"), ProfileName::default()));
    for round in 0..5 {
        let mut game = Pty::start(home.path(), &["play", "--puzzle", PUZZLE]);
        game.wait_for("the board", |s| s.contents().contains("Mistakes"));
        // Marks toggled all over the board as fast as the pty takes them.
        for i in 0..40 {
            game.send(&format!("{}\x1b[C", ['!', '@', '#', '$'][i % 4]));
        }
        thread::sleep(Duration::from_millis(30 * round));
        game.sigkill();
        let listing = store.unfinished();
        assert!(listing.damaged.is_empty(), "round {round}: {:?}", listing.damaged);
    }
    assert!(!store.unfinished().games.is_empty(), "some game was saved before a kill");
}

#[test]
fn configured_keys_reach_the_game_and_a_broken_config_is_refused() {
    let home = tempfile::tempdir().expect("temp home");
    let config = home.path().join("config.toml");
    std::fs::write(&config, "[keys]\nhelp = \"F1\"\nquit = \"Q\"\n").expect("write");
    let mut game = Pty::start(home.path(), &["play", "--puzzle", PUZZLE]);
    game.wait_for("the board", |s| s.contents().contains("Mistakes"));
    game.send("?q");
    game.send("\x1bOP");
    game.wait_for("help on F1", |s| s.contents().contains("any key closes"));
    assert!(game.parser.screen().contents().contains("F1  this help"));
    game.send("x");
    game.send("Q");
    assert!(game.wait_exit());

    std::fs::write(&config, "[keys]\nhelp = \"F1\"\nquit = \"F1\"\n").expect("write");
    let mut broken = Pty::start(home.path(), &[]);
    assert!(!broken.wait_exit(), "a broken configuration is an error");
    let text = broken.parser.screen().contents();
    assert!(text.contains("config.toml:3:1: `keys.quit`: `f1` is also bound to `help`"), "{text}");
}

#[test]
fn a_damaged_save_is_reported_moved_aside_and_a_game_starts() {
    let home = tempfile::tempdir().expect("temp home");
    let saves = home.path().join("data/players/default/saves");
    std::fs::create_dir_all(&saves).expect("saves dir");
    std::fs::write(saves.join("broken.toml"), "format = 1\nid = \"broken\"\ngivens = \"53..").expect("write");
    let mut game = Pty::start(home.path(), &[]);
    // Wait for the whole report: a frame may arrive in several reads, title first.
    game.wait_for("the report naming the file and the damage", |s| {
        let text = s.contents();
        text.contains("Save not loaded")
            && text.contains("damaged save")
            && text.contains("broken.toml")
            && text.contains("cut short")
    });
    game.send("x");
    game.wait_for("the board", |s| {
        !s.contents().contains("Save not loaded") && s.contents().contains("Mistakes")
    });
    game.send("q");
    assert!(game.wait_exit());
    let names: Vec<String> = std::fs::read_dir(&saves)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().any(|n| n.starts_with("broken.toml.corrupt-")), "{names:?}");
    assert!(!names.contains(&"broken.toml".to_string()), "{names:?}");
}

#[test]
fn every_signal_that_ends_the_game_saves_it_and_restores_the_terminal() {
    let signals = [("TERM", 15), ("HUP", 1), ("INT", 2), ("QUIT", 3), ("USR1", 10), ("USR2", 12)];
    for (signal, number) in signals {
        let home = tempfile::tempdir().expect("temp home");
        std::fs::write(home.path().join("config.toml"), SMALL_DIGITS).expect("write config");
        let mut game = Pty::start(home.path(), &["play", "--puzzle", PUZZLE]);
        game.wait_for("the board", |s| s.contents().contains("Mistakes"));
        game.send("\x1b[C\x1b[C4");
        game.wait_for("4 in row 1", |s| row(s, '1').contains("5  │  3  │  4  ┃"));
        game.signal(signal);
        let status = game.wait_exit_status();
        assert_eq!(status.exit_code(), 128 + number, "SIG{signal}: {status:?}");
        game.assert_terminal_restored();
        let said = game.screen().contents();
        assert!(said.contains(&format!("stopped by SIG{signal}: the game was saved")), "SIG{signal}: {said}");
        let store = SaveStore::new(&ProfileDirs::new(home.path().join("data"), ProfileName::default()));
        let files: Vec<String> = std::fs::read_dir(store.saves_dir())
            .expect("the saves")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            files.iter().all(|f| f.ends_with(".toml")),
            "SIG{signal}: an orderly end leaves the save whole, no journal to replay: {files:?}"
        );
        let (saved, damaged) = store.latest_unfinished();
        assert!(damaged.is_empty(), "{damaged:?}");
        let saved = saved.unwrap_or_else(|| panic!("SIG{signal}: the game was saved"));
        assert_eq!(saved.board.entries.to_line().chars().nth(2), Some('4'), "SIG{signal}: the move is kept");
    }
}

/// Whether this test may mount file systems in a mount namespace of its own (it runs as root).
fn can_mount() -> bool {
    std::process::Command::new("unshare")
        .args(["-m", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn a_full_or_read_only_disk_marks_the_game_not_saved_and_quitting_says_where_it_went() {
    if !can_mount() {
        eprintln!("skipped: mounting a tiny file system needs root (the library test covers the rest)");
        return;
    }
    // A read-only file system, and a full one (a tiny tmpfs filled up), in a private mount namespace.
    let setups = [
        ("read-only", "mount -t tmpfs -o size=64k tmpfs \"$1\" && mount -o remount,ro \"$1\""),
        (
            "full",
            "mount -t tmpfs -o size=64k tmpfs \"$1\" && (head -c 1000000 /dev/zero > \"$1/filler\" || true)",
        ),
    ];
    for (what, setup) in setups {
        let home = tempfile::tempdir().expect("temp home");
        let data = home.path().join("data");
        std::fs::create_dir(&data).expect("data dir");
        let script = format!("{setup} && shift && exec \"$@\"");
        let mut game = Pty::start_program(
            home.path(),
            &[
                "unshare",
                "-m",
                "sh",
                "-c",
                &script,
                "sh",
                &data.to_string_lossy(),
                env!("CARGO_BIN_EXE_termdoku"),
                "play",
                "--puzzle",
                PUZZLE,
            ],
        );
        game.wait_for("the board", |s| s.contents().contains("Mistakes"));
        game.send("\x1b[C\x1b[C4");
        game.wait_for("the not-saved mark", |s| s.contents().contains("NOT SAVED"));
        game.wait_for_text("Game not saved");
        // The first key closes the notice; the mark stays while saves fail.
        game.send("x");
        game.wait_for("the notice closed", |s| !s.contents().contains("Game not saved"));
        assert!(game.screen().contents().contains("NOT SAVED"), "{what}: the mark stays");
        game.send("q");
        let status = game.wait_exit_status();
        assert_eq!(status.exit_code(), 3, "{what}: the exit status says the game was not saved");
        game.assert_terminal_restored();
        let said = game.screen().contents().replace('\n', "");
        assert!(said.contains("the game could not be saved in"), "{what}: {said}");
        let rescued: Vec<_> = std::fs::read_dir(home.path())
            .expect("home")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("termdoku-unsaved-")))
            .collect();
        let [rescued] = rescued.as_slice() else { panic!("{what}: one rescued game in {said}") };
        assert!(said.contains(&*rescued.to_string_lossy()), "{what}: the message names {rescued:?}: {said}");
        eprintln!("{what}: {said}");
        let text = std::fs::read_to_string(rescued).expect("the rescued game");
        let game = termdoku::profile::saves::SavedGame::from_toml(&text, rescued).expect("it loads");
        assert_eq!(game.board.entries.to_line().chars().nth(2), Some('4'), "{what}: the move is in it");
    }
}

/// The clock the panel shows (`00:07`), as seconds.
fn clock_on(screen: &vt100::Screen) -> Option<u64> {
    let text = screen.contents();
    let at = text.find("Time")?;
    let shown = text[at + 4..].split_whitespace().next()?;
    let (minutes, seconds) = shown.split_once(':')?;
    Some(minutes.parse::<u64>().ok()? * 60 + seconds.parse::<u64>().ok()?)
}

#[test]
fn after_sigkill_the_clock_resumes_from_the_last_second_shown_in_pencil_mode() {
    let home = tempfile::tempdir().expect("temp home");
    std::fs::write(home.path().join("config.toml"), SMALL_DIGITS).expect("write config");
    let mut game = Pty::start(home.path(), &["play", "--puzzle", PUZZLE]);
    game.wait_for("the board", |s| s.contents().contains("Mistakes"));
    // A move (so the game is saved), then pencil mode, then only the clock runs.
    game.send("\x1b[C\x1b[C4p");
    game.wait_for("pencil mode", |s| s.contents().contains("PENCIL"));
    game.wait_for("the clock at 4 seconds", |s| clock_on(s).is_some_and(|t| t >= 4));
    game.settle();
    let shown = clock_on(game.screen()).expect("a clock");
    game.sigkill();

    let mut again = Pty::start(home.path(), &[]);
    again.wait_for("the resumed board", |s| row(s, '1').contains("5  │  3  │  4  ┃"));
    again.settle();
    let resumed = clock_on(again.screen()).expect("a clock");
    assert!(resumed >= shown, "the clock showed {shown} s before the kill and resumed at {resumed} s");
    assert!(again.screen().contents().contains("PENCIL"), "pencil mode came back");
    again.send("q");
    assert!(again.wait_exit());
}

#[test]
fn a_dumb_terminal_is_refused_with_a_reason_and_no_escape_sequences() {
    let home = tempfile::tempdir().expect("temp home");
    let bin = env!("CARGO_BIN_EXE_termdoku");
    let mut game = Pty::start_program(home.path(), &["env", "TERM=dumb", bin, "play", "--puzzle", PUZZLE]);
    let status = game.wait_exit_status();
    assert!(!status.success(), "{status:?}");
    let screen = game.screen();
    assert!(!screen.alternate_screen() && !screen.hide_cursor(), "no screen was drawn");
    let said = screen.contents();
    assert!(said.contains("TERM is `dumb`"), "{said}");
    assert!(!said.contains("Mistakes"), "{said}");
}

/// The names of the files in the saves folder of the profile in `home`.
fn save_files(home: &std::path::Path) -> Vec<String> {
    let store = SaveStore::new(&ProfileDirs::new(home.join("data"), ProfileName::default()));
    let mut names: Vec<String> = std::fs::read_dir(store.saves_dir())
        .map(|dir| dir.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn one_game_in_two_windows_is_read_only_in_the_second_until_it_takes_it_over() {
    let home = tempfile::tempdir().expect("temp home");
    std::fs::write(home.path().join("config.toml"), SMALL_DIGITS).expect("write config");
    let mut first = Pty::start(home.path(), &["play", "--puzzle", PUZZLE]);
    first.wait_for("the board", |s| s.contents().contains("Mistakes"));
    first.send("\x1b[C\x1b[C4");
    first.wait_for("4 in row 1", |s| row(s, '1').contains("5  │  3  │  4  ┃"));
    first.settle();
    let saves = save_files(home.path());

    // Plain `termdoku` in a second window resumes the same game: it asks instead of copying it.
    let mut second = Pty::start(home.path(), &[]);
    second.wait_for_text("Game open elsewhere");
    second.send("r");
    second.wait_for("the board, read-only", |s| {
        s.contents().contains("READ-ONLY") && row(s, '1').contains("5  │  3  │  4  ┃")
    });
    second.send("9");
    second.wait_for_text("Game open elsewhere");
    second.settle();
    assert_eq!(save_files(home.path()), saves, "opening it twice made no save of its own");

    // Taken over: the first window stops saving and says so; the second plays the same save.
    second.send("t");
    second.wait_for("the board, saved here", |s| {
        let text = s.contents();
        !text.contains("Game open elsewhere") && !text.contains("READ-ONLY") && text.contains("Mistakes")
    });
    first.wait_for_text("Game taken over");
    second.send("\x1b[C6");
    second.wait_for("6 in r1c4", |s| row(s, '1').contains("5  │  3  │  4  ┃  6  │"));
    first.send("x");
    first.send("\x1b[B8");
    first.wait_for_text("Game open elsewhere");
    first.send("q");
    assert!(first.wait_exit());
    second.send("q");
    assert!(second.wait_exit());

    let store = SaveStore::new(&ProfileDirs::new(home.path().join("data"), ProfileName::default()));
    let games = store.unfinished().games;
    assert_eq!(games.len(), 1, "one game, counted once: {:?}", save_files(home.path()));
    let line = games[0].board.entries.to_line();
    assert_eq!(&line[2..4], "46", "the moves of both windows, in the one save: {line}");
    let stats = termdoku::profile::stats::Stats::compute(&store.history().games, &games);
    assert_eq!(stats.levels.values().map(|l| l.played).sum::<u32>(), 1);
    assert!(save_files(home.path()).iter().all(|f| f.ends_with(".toml")), "{:?}", save_files(home.path()));
}
