//! `termdoku regression` over HoDoKu's whole regression library: every case passes, none is
//! skipped.

use std::process::Command;

const LIBRARY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/hodoku/reglib-1.4.txt");

/// The cases of the library.
const CASES: usize = 1112;

#[test]
fn the_whole_library_passes_and_nothing_is_skipped() {
    let output = Command::new(env!("CARGO_BIN_EXE_termdoku"))
        .args(["regression", LIBRARY, "--verbose"])
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let last = text.lines().last().unwrap_or_default();
    assert!(output.status.success(), "failures:\n{text}");
    let counts: Vec<usize> =
        last.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
    let [passed, failed, skipped] = counts[..] else { panic!("unexpected closing line: {last}") };
    assert_eq!((passed, failed, skipped), (CASES, 0, 0), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("skipped codes: ")), "{text}");
}
