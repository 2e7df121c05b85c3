//! `termdoku completions bash|zsh|fish` and `termdoku man`: generated from the command line's own
//! definitions, so every subcommand is in them; the bash script is checked by `bash -n` (and the
//! zsh and fish scripts by their shells) where those shells are installed.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Every subcommand, as `termdoku --help` lists them.
const SUBCOMMANDS: [&str; 13] = [
    "play",
    "solve",
    "hint",
    "techniques",
    "regression",
    "rate",
    "generate",
    "config",
    "stats",
    "export",
    "combos",
    "completions",
    "man",
];

fn termdoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_termdoku")).args(args).output().expect("the binary runs")
}

fn stdout_of(args: &[&str]) -> String {
    let output = termdoku(args);
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Whether `shell` runs here.
fn installed(shell: &str) -> bool {
    Command::new(shell).arg("-c").arg("true").output().is_ok_and(|o| o.status.success())
}

/// Runs `shell` with `args` on `script` as standard input; its exit status and error output.
fn check_syntax(shell: &str, args: &[&str], script: &str) -> (bool, String) {
    let mut child = Command::new(shell)
        .args(args)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("the shell starts");
    child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("script written");
    let output = child.wait_with_output().expect("the shell ends");
    (output.status.success(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn each_completion_script_names_every_subcommand() {
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout_of(&["completions", shell]);
        for subcommand in SUBCOMMANDS {
            assert!(script.contains(subcommand), "{shell} completes {subcommand}:\n{script}");
        }
        for option in ["format", "profile-dir", "difficulty"] {
            // fish names a long option `-l NAME`, the others `--NAME`.
            let spelled = if shell == "fish" { format!("-l {option}") } else { format!("--{option}") };
            assert!(script.contains(&spelled), "{shell} completes {spelled}");
        }
    }
}

#[test]
fn an_unknown_shell_is_refused_with_the_known_ones() {
    let output = termdoku(&["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("bash") && said.contains("zsh") && said.contains("fish"), "{said}");
}

#[test]
fn the_bash_script_is_valid_bash() {
    if !installed("bash") {
        eprintln!("skipped: bash is not installed, so the script's syntax is not checked");
        return;
    }
    let script = stdout_of(&["completions", "bash"]);
    let (ok, said) = check_syntax("bash", &["-n"], &script);
    assert!(ok, "bash -n: {said}");
    // Loaded, it registers the completion function for termdoku.
    let loaded = format!("{script}\ncomplete -p termdoku\n");
    let (ok, said) = check_syntax("bash", &[], &loaded);
    assert!(ok, "bash loads the script: {said}");
}

#[test]
fn the_zsh_and_fish_scripts_parse_where_those_shells_are_installed() {
    for (shell, args) in [("zsh", &["-n"][..]), ("fish", &["--no-execute"][..])] {
        if !installed(shell) {
            eprintln!("skipped: {shell} is not installed, so its script's syntax is not checked");
            continue;
        }
        let (ok, said) = check_syntax(shell, args, &stdout_of(&["completions", shell]));
        assert!(ok, "{shell}: {said}");
    }
}

#[test]
fn the_man_page_has_its_sections_and_lists_the_subcommands() {
    let page = stdout_of(&["man"]);
    assert!(page.contains(".TH termdoku 1"), "{page}");
    let sections: Vec<&str> = page.lines().filter(|l| l.starts_with(".SH ")).collect();
    assert_eq!(
        sections,
        [
            ".SH NAME",
            ".SH SYNOPSIS",
            ".SH DESCRIPTION",
            ".SH OPTIONS",
            ".SH SUBCOMMANDS",
            ".SH ENVIRONMENT",
            ".SH VERSION"
        ]
    );
    assert!(page.contains("termdoku \\- "), "the NAME line: {page}");
    for subcommand in SUBCOMMANDS {
        assert!(page.contains(&format!("termdoku\\-{subcommand}(1)")), "{subcommand} listed:\n{page}");
    }
    assert!(page.contains("TERMDOKU_DATA_DIR") && page.contains("NO_COLOR"));
}

#[test]
fn a_subcommand_has_its_own_man_page() {
    let page = stdout_of(&["man", "stats"]);
    assert!(page.contains(".TH termdoku-stats 1") && page.contains("\\fB\\-\\-format\\fR"), "{page}");
    let output = termdoku(&["man", "nope"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("the subcommands are play, solve"));
}
