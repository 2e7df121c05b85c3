//! The shared killer file for the killer tests: `../shared/data/killer/solo_killer.txt`.

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
    shared_text()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}
