//! [`DailyDate`]: a calendar day (proleptic Gregorian, UTC), as the daily puzzle names it: a count of
//! days since 1970-01-01, read from and written as `YYYY-MM-DD`, with its weekday and its month.
//! Pure arithmetic: nothing here reads the clock (callers pass the seconds they read).

use std::fmt;

/// Seconds in a day.
const DAY_SECONDS: u64 = 86_400;

/// The last day a date may be: 9999-12-31 (four-digit years only).
const LAST_DAY: i64 = 2_932_896;

/// A calendar day from 1970-01-01 to 9999-12-31.
///
/// ```
/// use termdoku::engine::daily::{DailyDate, Weekday};
/// let date: DailyDate = "2026-11-29".parse().expect("a date");
/// assert_eq!(date.weekday(), Weekday::Sunday);
/// assert_eq!(date.to_string(), "2026-11-29");
/// assert_eq!(DailyDate::from_unix_seconds(0).to_string(), "1970-01-01");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct DailyDate {
    /// Days since 1970-01-01.
    days: i64,
}

/// A day of the week.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Weekday {
    /// Monday, the first day of a calendar's week here.
    Monday,
    /// Tuesday.
    Tuesday,
    /// Wednesday.
    Wednesday,
    /// Thursday.
    Thursday,
    /// Friday.
    Friday,
    /// Saturday.
    Saturday,
    /// Sunday.
    Sunday,
}

impl Weekday {
    /// The seven days, Monday first.
    pub const ALL: [Weekday; 7] = [
        Weekday::Monday,
        Weekday::Tuesday,
        Weekday::Wednesday,
        Weekday::Thursday,
        Weekday::Friday,
        Weekday::Saturday,
        Weekday::Sunday,
    ];

    /// The English name: `Monday` ... `Sunday`.
    pub const fn name(self) -> &'static str {
        match self {
            Weekday::Monday => "Monday",
            Weekday::Tuesday => "Tuesday",
            Weekday::Wednesday => "Wednesday",
            Weekday::Thursday => "Thursday",
            Weekday::Friday => "Friday",
            Weekday::Saturday => "Saturday",
            Weekday::Sunday => "Sunday",
        }
    }

    /// Days since the Monday of its week (Monday 0, Sunday 6).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl DailyDate {
    /// 1970-01-01, the first date.
    pub const EPOCH: DailyDate = DailyDate { days: 0 };

    /// The date `days` days after 1970-01-01, if it is no later than 9999-12-31.
    pub const fn from_days(days: i64) -> Option<DailyDate> {
        if days >= 0 && days <= LAST_DAY { Some(DailyDate { days }) } else { None }
    }

    /// The UTC date of the instant `seconds` after 1970-01-01 00:00 UTC (9999-12-31 past it).
    pub fn from_unix_seconds(seconds: u64) -> DailyDate {
        let days = i64::try_from(seconds / DAY_SECONDS).unwrap_or(LAST_DAY).min(LAST_DAY);
        DailyDate { days }
    }

    /// The date of `year`-`month`-`day`, if it exists and lies in 1970-01-01 ..= 9999-12-31.
    pub fn from_ymd(year: i64, month: u32, day: u32) -> Option<DailyDate> {
        let real = (1970..=9999).contains(&year)
            && (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(year, month);
        if real { DailyDate::from_days(days_from_civil(year, month, day)) } else { None }
    }

    /// Days since 1970-01-01.
    pub const fn days_since_epoch(self) -> i64 {
        self.days
    }

    /// Year, month (1-12), day (1-31).
    pub fn ymd(self) -> (i64, u32, u32) {
        civil_from_days(self.days)
    }

    /// The day of the week (1970-01-01 was a Thursday).
    pub fn weekday(self) -> Weekday {
        Weekday::ALL[(self.days + 3).rem_euclid(7) as usize]
    }

    /// The day before (`None` before 1970-01-01).
    pub const fn previous(self) -> Option<DailyDate> {
        DailyDate::from_days(self.days - 1)
    }

    /// The day after (`None` after 9999-12-31).
    pub const fn next(self) -> Option<DailyDate> {
        DailyDate::from_days(self.days + 1)
    }

    /// The first day of this date's month.
    pub fn first_of_month(self) -> DailyDate {
        let (_, _, day) = self.ymd();
        DailyDate { days: self.days - i64::from(day) + 1 }
    }

    /// How many days this date's month has.
    pub fn month_length(self) -> u32 {
        let (year, month, _) = self.ymd();
        days_in_month(year, month)
    }
}

impl fmt::Display for DailyDate {
    /// `2026-11-29`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (year, month, day) = self.ymd();
        write!(f, "{year:04}-{month:02}-{day:02}")
    }
}

impl std::str::FromStr for DailyDate {
    type Err = String;

    /// Reads `YYYY-MM-DD` (four, two and two digits); the error names the text and what is wrong.
    fn from_str(text: &str) -> Result<DailyDate, String> {
        let bad = |why: &str| format!("`{text}` is not a date: {why}");
        let parts: Vec<&str> = text.split('-').collect();
        let [year, month, day] = parts.as_slice() else {
            return Err(bad("expected YYYY-MM-DD, for example 2026-11-29"));
        };
        let digits =
            |part: &str, width: usize| part.len() == width && part.bytes().all(|b| b.is_ascii_digit());
        if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
            return Err(bad("expected YYYY-MM-DD, for example 2026-11-29"));
        }
        let (year, month, day): (i64, u32, u32) = match (year.parse(), month.parse(), day.parse()) {
            (Ok(y), Ok(m), Ok(d)) => (y, m, d),
            _ => return Err(bad("expected YYYY-MM-DD, for example 2026-11-29")),
        };
        if !(1..=12).contains(&month) {
            return Err(bad(&format!("there is no month {month}")));
        }
        if day == 0 || day > days_in_month(year, month) {
            return Err(bad(&format!("month {month} of {year} has {} days", days_in_month(year, month))));
        }
        DailyDate::from_ymd(year, month, day).ok_or_else(|| bad("the first date is 1970-01-01"))
    }
}

/// Whether `year` is a leap year (Gregorian).
const fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// The days of `month` (1-12) in `year`.
pub const fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// The day count since 1970-01-01 of a proleptic Gregorian date, by eras of 400 years (the inverse
/// of [`civil_from_days`]).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let month_index = i64::from(if month > 2 { month - 3 } else { month + 9 }); // March is 0
    let day_of_year = (153 * month_index + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The proleptic Gregorian date of a day count since 1970-01-01, by eras of 400 years.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
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
    fn days_and_dates_agree_both_ways() {
        for days in (0..LAST_DAY).step_by(97).chain([0, 59, 60, 11_016, LAST_DAY]) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
        }
        assert_eq!(DailyDate::from_ymd(2000, 2, 29).map(|d| d.days_since_epoch()), Some(11_016));
        assert_eq!(DailyDate::from_ymd(9999, 12, 31).map(|d| d.days_since_epoch()), Some(LAST_DAY));
        assert_eq!(DailyDate::from_days(LAST_DAY + 1), None);
        assert_eq!(DailyDate::EPOCH.previous(), None);
    }

    #[test]
    fn weekdays_and_months() {
        let date: DailyDate = "2026-11-29".parse().expect("a date");
        assert_eq!(date.weekday(), Weekday::Sunday);
        assert_eq!(DailyDate::EPOCH.weekday(), Weekday::Thursday);
        assert_eq!(date.first_of_month().to_string(), "2026-11-01");
        assert_eq!(date.first_of_month().weekday(), Weekday::Sunday);
        assert_eq!(date.month_length(), 30);
        let leap: DailyDate = "2028-02-10".parse().expect("a date");
        assert_eq!(leap.month_length(), 29);
        assert_eq!(DailyDate::from_unix_seconds(1_764_374_400 + 86_399).to_string(), "2025-11-29");
    }

    #[test]
    fn bad_dates_name_the_text_and_the_problem() {
        let error = |text: &str| text.parse::<DailyDate>().expect_err(text);
        assert_eq!(error("2026-13-01"), "`2026-13-01` is not a date: there is no month 13");
        assert_eq!(error("2026-02-29"), "`2026-02-29` is not a date: month 2 of 2026 has 28 days");
        assert!(error("29/11/2026").contains("expected YYYY-MM-DD"));
        assert!(error("2026-1-01").contains("expected YYYY-MM-DD"));
        assert!(error("+026-11-01").contains("expected YYYY-MM-DD"));
        assert!(error("").contains("expected YYYY-MM-DD"));
        assert_eq!(error("1969-12-31"), "`1969-12-31` is not a date: the first date is 1970-01-01");
        assert!("2000-02-29".parse::<DailyDate>().is_ok());
    }
}
