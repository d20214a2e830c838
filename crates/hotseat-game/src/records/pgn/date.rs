//! Calendar dates from system time, in UTC, with no time-zone database.

use std::time::{SystemTime, UNIX_EPOCH};

/// A moment in UTC, broken into calendar fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UtcTime {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
}

impl UtcTime {
    /// The calendar fields of `when`, in UTC.
    pub(crate) fn of(when: SystemTime) -> UtcTime {
        let secs = match when.duration_since(UNIX_EPOCH) {
            Ok(d) => d.as_secs() as i64,
            Err(before) => -(before.duration().as_secs_f64().ceil() as i64),
        };
        let days = secs.div_euclid(86_400);
        let of_day = secs.rem_euclid(86_400) as u32;
        let (year, month, day) = civil_from_days(days);
        UtcTime { year, month, day, hour: of_day / 3600, minute: of_day / 60 % 60, second: of_day % 60 }
    }
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The PGN `Date` value of `when` (its UTC day): `2024.04.25`.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use hotseat_game::records::pgn::pgn_date;
/// assert_eq!(pgn_date(UNIX_EPOCH + Duration::from_secs(1_714_000_000)), "2024.04.24");
/// ```
pub fn pgn_date(when: SystemTime) -> String {
    let t = UtcTime::of(when);
    format!("{:04}.{:02}.{:02}", t.year, t.month, t.day)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn known_days_convert_to_their_calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
    }

    #[test]
    fn time_of_day_is_split_into_fields() {
        let t = UtcTime::of(UNIX_EPOCH + Duration::from_secs(1_714_000_000));
        assert_eq!(t, UtcTime { year: 2024, month: 4, day: 24, hour: 23, minute: 6, second: 40 });
    }
}
