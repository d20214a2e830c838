//! The PGN tags of a game's time control: the standard `TimeControl` tag, and two
//! tags of this program's own for what the standard cannot say (time odds, delays).

use std::time::Duration;

use crate::chess::ByColor;
use crate::clock::{Bonus, TimeControl, format_seconds, parse_amount};

/// The PGN tag for Black's own time control, written only for time odds (the
/// standard `TimeControl` tag then holds White's).
pub const BLACK_TIME_CONTROL_TAG: &str = "BlackTimeControl";

/// The PGN tag for a delay, which the standard `TimeControl` tag cannot say:
/// `simple 3` or `Bronstein 3` (seconds, for both sides).
pub const TIME_DELAY_TAG: &str = "TimeDelay";

/// The PGN `TimeControl` tag value for `control`: `300+3`, or `300` without an
/// increment. Delays have no standard PGN form and are written as the base time alone.
pub fn time_control_tag(control: &TimeControl) -> String {
    let base = format_seconds(control.base);
    match control.bonus {
        Bonus::Increment(inc) => format!("{base}+{}", format_seconds(inc)),
        _ => base,
    }
}

/// Reads a PGN `TimeControl` tag value in the forms this program writes: `300+3`
/// or `300` (seconds). `None` for `?`, `-` and the forms it cannot play
/// (`40/9000`, `*180`).
pub fn read_time_control(text: &str) -> Option<TimeControl> {
    let (base, increment) = match text.trim().split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (text.trim(), None),
    };
    let base = parse_amount(base, 1.0).filter(|b| !b.is_zero())?;
    let increment = match increment {
        Some(i) => parse_amount(i, 1.0)?,
        None => Duration::ZERO,
    };
    let bonus = if increment.is_zero() { Bonus::None } else { Bonus::Increment(increment) };
    Some(TimeControl { base, bonus })
}

/// The PGN tags that record `controls`: `TimeControl` (White's, in the standard
/// form), `BlackTimeControl` when Black's differs, and `TimeDelay` for a delay.
pub fn time_control_tags(controls: ByColor<TimeControl>) -> Vec<(&'static str, String)> {
    let mut tags = vec![("TimeControl", time_control_tag(&controls.white))];
    if time_control_tag(&controls.black) != time_control_tag(&controls.white) {
        tags.push((BLACK_TIME_CONTROL_TAG, time_control_tag(&controls.black)));
    }
    match controls.white.bonus {
        Bonus::Delay(d) => tags.push((TIME_DELAY_TAG, format!("simple {}", format_seconds(d)))),
        Bonus::Bronstein(d) => tags.push((TIME_DELAY_TAG, format!("Bronstein {}", format_seconds(d)))),
        Bonus::None | Bonus::Increment(_) => {}
    }
    tags
}

/// Reads the time controls back from the tags [`time_control_tags`] writes (`tag` looks one up
/// by name). `None` when there is no `TimeControl` tag this program can play.
pub fn controls_from_tags<'t>(tag: impl Fn(&str) -> Option<&'t str>) -> Option<ByColor<TimeControl>> {
    let white = read_time_control(tag("TimeControl")?)?;
    let black = tag(BLACK_TIME_CONTROL_TAG).and_then(read_time_control).unwrap_or(white);
    let delay = tag(TIME_DELAY_TAG).and_then(|text| {
        let (kind, seconds) = text.trim().split_once(' ')?;
        let d = parse_amount(seconds, 1.0).filter(|d| !d.is_zero())?;
        match kind {
            "simple" => Some(Bonus::Delay(d)),
            "Bronstein" => Some(Bonus::Bronstein(d)),
            _ => None,
        }
    });
    Some(match delay {
        Some(bonus) => ByColor { white: white.with_bonus(bonus), black: black.with_bonus(bonus) },
        None => ByColor { white, black },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    fn tc(text: &str) -> TimeControl {
        text.parse().expect("valid time control")
    }

    #[test]
    fn the_tag_value_is_in_seconds() {
        assert_eq!(time_control_tag(&tc("5+3")), "300+3");
        assert_eq!(time_control_tag(&tc("0.05+0")), "3");
    }

    #[test]
    fn pgn_tags_round_trip_increments_delays_and_time_odds() {
        for (white, black) in [
            (tc("5+3"), tc("5+3")),
            (tc("5+3"), tc("3+2")),
            (tc("0.5+0"), tc("0.5+0")),
            (tc("5").with_bonus(Bonus::Delay(secs(2.0))), tc("3").with_bonus(Bonus::Delay(secs(2.0)))),
            (
                tc("1").with_bonus(Bonus::Bronstein(secs(1.5))),
                tc("1").with_bonus(Bonus::Bronstein(secs(1.5))),
            ),
        ] {
            let controls = ByColor { white, black };
            let tags = time_control_tags(controls);
            let read =
                controls_from_tags(|name| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str()));
            assert_eq!(read, Some(controls), "{tags:?}");
        }
        assert_eq!(
            time_control_tags(ByColor { white: tc("5+3"), black: tc("3+2") })[1],
            ("BlackTimeControl", "180+2".to_owned())
        );
        assert_eq!(read_time_control("180+2"), Some(tc("3+2")));
        for unplayable in ["?", "-", "40/9000", "*180", "0", ""] {
            assert_eq!(read_time_control(unplayable), None, "{unplayable}");
        }
    }
}
