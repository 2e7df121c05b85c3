//! `termdoku daily [--variant classic|killer] [--date YYYY-MM-DD] [--print [--format text|json]]`:
//! the daily puzzle, the same for a date and variant on every machine (see
//! [`crate::engine::daily`]). Without `--print` it is played (an unfinished game of it is
//! continued); with `--print` its line is written for scripts (the text `export` writes: the
//! 81-character line, a killer line, or with `--format json` the JSON object) and nothing else.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, bail};
use clap::Args;

use super::generate::parse_variant;
use super::{OutputFormat, Run};
use crate::engine::daily::{DAILY_VARIANTS, DailyDate, daily_options};
use crate::engine::text::puzzle_json;
use crate::engine::{Variant, generate};
use crate::play::{FirstGame, PlayRequest};
use crate::profile::Overrides;
use crate::profile::time::Timestamp;

/// Arguments of `termdoku daily`.
#[derive(Debug, Args)]
pub struct DailyArgs {
    /// Classic (the default) or killer.
    #[arg(long, value_name = "VARIANT", default_value_t = Variant::Classic, value_parser = parse_daily_variant)]
    pub variant: Variant,
    /// The day whose puzzle to play or print (default: today, UTC); no later than today.
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub date: Option<String>,
    /// Print the puzzle as one line and exit instead of playing it.
    #[arg(long)]
    pub print: bool,
    /// With --print: `text` (the puzzle line, or a killer line) or `json`.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text, requires = "print")]
    pub format: OutputFormat,
}

/// Runs `termdoku daily`: prints the day's puzzle, or the game to play.
pub fn run(args: &DailyArgs, overrides: &Overrides) -> anyhow::Result<Run> {
    let date = chosen_date(args.date.as_deref(), Timestamp::now().date())?;
    if args.print {
        return print(args.variant, date, args.format).map(Run::Done);
    }
    let session = super::open_session(overrides)?;
    if !std::io::stdout().is_terminal() {
        bail!("the game needs a terminal, but standard output is not one (to write the puzzle, use --print)");
    }
    let listing = session.saves().unfinished();
    let damaged =
        super::listing::problems(&listing, session.saves().saves_dir()).map_err(anyhow::Error::msg)?;
    for problem in &damaged {
        eprintln!("warning: {problem}");
    }
    let saved =
        listing.games.into_iter().find(|g| g.daily == Some(date) && g.puzzle.variant() == args.variant);
    let first = match saved {
        Some(saved) => FirstGame::Resume(Box::new(saved)),
        None => FirstGame::Daily { variant: args.variant, date },
    };
    // The seed of the games started after the daily, as `play` seeds them.
    let seed = super::play::clock_seed();
    Ok(Run::Play(Box::new(PlayRequest { session, first, seed, damaged })))
}

/// The date `--date` names (today when absent): a real date, from 1970-01-01 to `today`.
fn chosen_date(text: Option<&str>, today: DailyDate) -> anyhow::Result<DailyDate> {
    let Some(text) = text else { return Ok(today) };
    let date: DailyDate = text.parse().map_err(|e: String| anyhow::anyhow!("--date: {e}"))?;
    if date > today {
        bail!("--date: {date} is in the future (today is {today}, UTC): its puzzle is not out yet");
    }
    Ok(date)
}

/// A variant that has a daily puzzle, named on the command line.
fn parse_daily_variant(name: &str) -> Result<Variant, String> {
    let variant = parse_variant(name)?;
    if DAILY_VARIANTS.contains(&variant) {
        Ok(variant)
    } else {
        Err(format!("no daily `{name}` puzzle: the daily puzzles are classic and killer"))
    }
}

/// Writes the daily puzzle of `variant` on `date` in `format`.
fn print(variant: Variant, date: DailyDate, format: OutputFormat) -> anyhow::Result<ExitCode> {
    let never = AtomicBool::new(false);
    let generated =
        generate(&daily_options(variant, date), &never).context("the generator gave no puzzle")?;
    let puzzle = generated.puzzle;
    let line = match format {
        OutputFormat::Text => puzzle.to_line(),
        OutputFormat::Json => puzzle_json(puzzle.givens(), puzzle.cages(), None),
    };
    writeln!(std::io::stdout().lock(), "{line}")?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_after_today_or_not_a_date_is_refused_by_name() {
        let today: DailyDate = "2026-11-29".parse().expect("a date");
        assert_eq!(chosen_date(None, today).ok(), Some(today));
        assert_eq!(chosen_date(Some("2026-11-29"), today).ok(), Some(today));
        let error = chosen_date(Some("2026-11-30"), today).expect_err("tomorrow").to_string();
        assert_eq!(
            error,
            "--date: 2026-11-30 is in the future (today is 2026-11-29, UTC): its puzzle is not out yet"
        );
        let error = chosen_date(Some("2026-02-30"), today).expect_err("no such day").to_string();
        assert!(error.starts_with("--date: `2026-02-30` is not a date"), "{error}");
    }
}
