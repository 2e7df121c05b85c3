//! `termdoku regression FILE`: checks the hint engine against HoDoKu's regression library.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use crate::engine::reglib::{Case, Outcome, format_candidates};

/// Arguments of `termdoku regression`.
#[derive(Debug, Args)]
pub struct RegressionArgs {
    /// A file in HoDoKu's regression library format (e.g. reglib-1.4.txt).
    pub file: PathBuf,
    /// Only run cases whose technique code starts with this (e.g. `03` for all fish).
    #[arg(long)]
    pub only: Option<String>,
    /// Also list the skipped technique codes with their counts.
    #[arg(long, short)]
    pub verbose: bool,
}

/// Runs every case of the file, prints one line per failure and a closing count.
pub fn run(args: &RegressionArgs) -> anyhow::Result<ExitCode> {
    let file = File::open(&args.file).with_context(|| format!("cannot open {}", args.file.display()))?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    let mut skipped_codes: BTreeMap<String, usize> = BTreeMap::new();
    for (index, line) in BufReader::new(file).lines().enumerate() {
        let line_no = index + 1;
        let line = line.with_context(|| format!("{}: line {line_no}: cannot read", args.file.display()))?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let case = match Case::parse(line) {
            Ok(case) => case,
            Err(e) => {
                writeln!(out, "line {line_no}: unreadable case: {e}")?;
                failed += 1;
                continue;
            }
        };
        if args.only.as_ref().is_some_and(|p| !case.code.starts_with(p.as_str())) {
            continue;
        }
        match case.check() {
            Outcome::Passed => passed += 1,
            Outcome::Skipped => {
                skipped += 1;
                *skipped_codes.entry(case.code.clone()).or_default() += 1;
            }
            Outcome::Failed { technique, found } => {
                failed += 1;
                let expected = if case.is_fail_case() {
                    "nothing".to_string()
                } else if case.placements.is_empty() {
                    format!("eliminations {}", format_candidates(&case.eliminations))
                } else {
                    format!("placements {}", format_candidates(&case.placements))
                };
                let found_text = if found.is_empty() {
                    "nothing".to_string()
                } else {
                    found
                        .iter()
                        .take(4)
                        .map(|s| {
                            let mut all = s.eliminations.clone();
                            all.extend(s.placements.iter().copied());
                            format!("[{}]", format_candidates(&all))
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let more =
                    if found.len() > 4 { format!(" (+{} more)", found.len() - 4) } else { String::new() };
                writeln!(
                    out,
                    "line {line_no}: {} ({}{}): expected {expected}, found {found_text}{more}",
                    technique.name(),
                    case.code,
                    case.variant.as_ref().map(|v| format!("-{v}")).unwrap_or_default(),
                )?;
            }
        }
    }
    if args.verbose && !skipped_codes.is_empty() {
        let list: Vec<String> = skipped_codes.iter().map(|(c, n)| format!("{c} x{n}")).collect();
        writeln!(out, "skipped codes: {}", list.join(", "))?;
    }
    writeln!(out, "{passed} passed, {failed} failed, {skipped} skipped")?;
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
