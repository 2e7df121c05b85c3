//! Wall-clock timestamps as saves store them: whole seconds since the Unix epoch, written for people
//! as UTC (`2026-11-21 06:20`) and in file names as `20261121T062033Z`.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since 1970-01-01 00:00:00 UTC.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Timestamp(pub u64);

impl Timestamp {
    /// Now (the epoch if the clock is before it).
    pub fn now() -> Timestamp {
        Timestamp(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()))
    }

    /// Year, month, day, hour, minute, second (UTC).
    pub fn civil(self) -> (i64, u32, u32, u32, u32, u32) {
        let days = (self.0 / 86_400) as i64;
        let seconds = (self.0 % 86_400) as u32;
        let (year, month, day) = civil_from_days(days);
        (year, month, day, seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    /// A compact form for file names: `20261121T062033Z`.
    pub fn file_stamp(self) -> String {
        let (y, mo, d, h, mi, s) = self.civil();
        format!("{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z")
    }
}

impl fmt::Display for Timestamp {
    /// `2026-11-21 06:20 UTC`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, mo, d, h, mi, _) = self.civil();
        write!(f, "{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC")
    }
}

/// The proleptic Gregorian date of a day count since 1970-01-01, by eras of 400 years.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let shifted = days + 719_468; // days since 0000-03-01
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153; // March is 0
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(Timestamp(0).civil(), (1970, 1, 1, 0, 0, 0));
        assert_eq!(Timestamp(951_782_400).civil(), (2000, 2, 29, 0, 0, 0));
        assert_eq!(Timestamp(1_763_706_033).file_stamp(), "20251121T062033Z");
        assert_eq!(Timestamp(1_763_706_033).to_string(), "2025-11-21 06:20 UTC");
        assert_eq!(Timestamp(4_107_542_399).civil(), (2100, 2, 28, 23, 59, 59));
    }
}
