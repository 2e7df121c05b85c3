//! The daily puzzle: for each date and variant, one puzzle, the same on every machine and every run,
//! derived from the date alone. This module says which level a date has ([`daily_level`]) and what
//! the generator is asked for ([`daily_options`]); the generator (reproducible per seed with ChaCha8)
//! does the rest. Nothing here reads the clock: callers pass the date.
//!
//! The rule, documented for players in the README:
//! - the seed is `DAILY_SEED ^ (variant << 32) ^ days`, where `days` counts the days since
//!   1970-01-01 and `variant` is 0 for classic, 1 for killer (plain integer arithmetic, no hash of
//!   the platform or the library);
//! - the level follows the weekday: Monday easy, Tuesday and Wednesday medium, Thursday and Friday
//!   hard, Saturday expert, Sunday extreme; a Sunday killer is expert, as an extreme killer takes
//!   the generator seconds to tens of seconds;
//! - a classic daily has rotational symmetry, whatever the player's setting for new games.

mod date;

pub use date::{DailyDate, Weekday, civil_from_days, days_in_month};

use crate::engine::logic::Level;
use crate::engine::{GenerateOptions, Symmetry, Variant};

/// The variants that have a daily puzzle: one classic and one killer a day.
pub const DAILY_VARIANTS: [Variant; 2] = [Variant::Classic, Variant::Killer];

/// The constant the daily seeds start from (`daily!` in ASCII, then two zero bytes; the day count
/// and the variant shifted 32 bits up are XORed into it, so each date and variant has its own
/// seed): only its value matters, and it must never change, or every daily puzzle would.
pub const DAILY_SEED: u64 = 0x6461_696c_7921_0000;

/// The level of the daily puzzle of `variant` on `date`: easy on Monday rising to extreme on
/// Sunday (expert for a killer).
///
/// ```
/// use termdoku::engine::Variant;
/// use termdoku::engine::daily::{DailyDate, daily_level};
/// use termdoku::engine::logic::Level;
/// let sunday: DailyDate = "2026-11-29".parse().expect("a date");
/// assert_eq!(daily_level(Variant::Classic, sunday), Level::Extreme);
/// assert_eq!(daily_level(Variant::Killer, sunday), Level::Expert);
/// ```
pub fn daily_level(variant: Variant, date: DailyDate) -> Level {
    weekday_level(variant, date.weekday())
}

/// The level of `variant`'s daily puzzle on `weekday`.
pub const fn weekday_level(variant: Variant, weekday: Weekday) -> Level {
    match (weekday, variant) {
        (Weekday::Monday, _) => Level::Easy,
        (Weekday::Tuesday | Weekday::Wednesday, _) => Level::Medium,
        (Weekday::Thursday | Weekday::Friday, _) => Level::Hard,
        (Weekday::Saturday, _) => Level::Expert,
        (Weekday::Sunday, variant) if variant.has_cages() => Level::Expert,
        (Weekday::Sunday, _) => Level::Extreme,
    }
}

/// The generator's seed for the daily puzzle of `variant` on `date` (see the module's rule).
pub const fn daily_seed(variant: Variant, date: DailyDate) -> u64 {
    let variant = variant.index() as u64;
    // Dates are 0 ..= 2_932_896 days, so the cast keeps every bit.
    DAILY_SEED ^ (variant << 32) ^ (date.days_since_epoch() as u64)
}

/// What the generator is asked for to make the daily puzzle of `variant` on `date`.
pub fn daily_options(variant: Variant, date: DailyDate) -> GenerateOptions {
    GenerateOptions {
        variant,
        level: daily_level(variant, date),
        symmetry: Symmetry::Rotational,
        seed: daily_seed(variant, date),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_follows_the_weekday() {
        // 2026-11-23 is a Monday.
        let monday: DailyDate = "2026-11-23".parse().expect("a date");
        let days: Vec<DailyDate> =
            (0..14).map(|i| DailyDate::from_days(monday.days_since_epoch() + i).expect("a date")).collect();
        let names = |variant| days.iter().map(|&d| daily_level(variant, d).name()).collect::<Vec<_>>();
        let week = ["easy", "medium", "medium", "hard", "hard", "expert"];
        assert_eq!(names(Variant::Classic)[..6], week);
        assert_eq!(names(Variant::Classic)[6], "extreme");
        assert_eq!(names(Variant::Killer)[..6], week);
        assert_eq!(names(Variant::Killer)[6], "expert");
        // The next week repeats it.
        assert_eq!(names(Variant::Classic)[..7], names(Variant::Classic)[7..]);
        assert_eq!(daily_options(Variant::Killer, days[6]).level, Level::Expert);
    }

    #[test]
    fn seeds_differ_between_dates_and_variants_and_never_change() {
        let date: DailyDate = "2026-11-29".parse().expect("a date");
        let next = date.next().expect("a date");
        assert_ne!(daily_seed(Variant::Classic, date), daily_seed(Variant::Classic, next));
        assert_ne!(daily_seed(Variant::Classic, date), daily_seed(Variant::Killer, date));
        // Written out, so that a change of the rule cannot go unnoticed.
        assert_eq!(daily_seed(Variant::Classic, date), 0x6461_696c_7921_5132);
        assert_eq!(daily_seed(Variant::Killer, date), 0x6461_696d_7921_5132);
        assert_eq!(daily_options(Variant::Classic, date).symmetry, Symmetry::Rotational);
    }
}
