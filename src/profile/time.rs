//! Wall-clock timestamps as saves store them: whole seconds since the Unix epoch, written for people
//! as UTC (`2026-11-21 06:20`) and in file names as `20261121T062033Z`.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::engine::daily::{DailyDate, civil_from_days};

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

    /// The UTC date of this instant (the day a daily puzzle belongs to).
    pub fn date(self) -> DailyDate {
        DailyDate::from_unix_seconds(self.0)
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
