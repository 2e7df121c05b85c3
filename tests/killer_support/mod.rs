//! The shared killer files for the killer tests: `../shared/data/killer/solo_killer.txt` and
//! the others beside it in the same form.

#![allow(dead_code)]

use std::path::PathBuf;

/// The path of the shared killer file.
pub fn shared_path() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/killer/solo_killer.txt"))
}

/// The shared file's text.
pub fn shared_text() -> String {
    let path = shared_path();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The puzzle lines of the shared file, as their TAB-separated fields (our line, the solution,
/// Solo's level, Solo's game id).
pub fn shared_lines() -> Vec<Vec<String>> {
    fields_of(&shared_text())
}

/// The puzzle lines of the shared killer file `name` (e.g. `solo_killer_more.txt`, in the same
/// form), as their TAB-separated fields.
pub fn lines_of(name: &str) -> Vec<Vec<String>> {
    let path = shared_path().with_file_name(name);
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    fields_of(&text)
}

/// The TAB-separated fields of the puzzle lines of `text` (not blank, not comments).
fn fields_of(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}
