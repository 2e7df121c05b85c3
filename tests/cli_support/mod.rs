//! Running the real binary as a user does, for the command-line tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test, not started yet.
pub fn command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_termdoku"))
}

/// Runs `command` with `stdin` as its standard input, and waits for it.
pub fn feed(command: &mut Command, stdin: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("the binary finishes")
}

/// Runs the binary with `args`, feeding `stdin`.
pub fn termdoku(args: &[&str], stdin: &str) -> Output {
    feed(command().args(args), stdin)
}
