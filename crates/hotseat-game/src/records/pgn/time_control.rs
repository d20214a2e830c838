//! The PGN tags of a game's time control: the standard `TimeControl` tag, and two
//! tags of this program's own for what the standard cannot say (time odds, delays).

use std::time::Duration;

use crate::clock::{
    Bonus, ClockStart, MAX_BONUS, MAX_CLOCK_TIME, MAX_STAGES, Stage, TimeControl, format_seconds,
    parse_amount, parse_stage_moves,
};
use hotseat_chess::ByColor;

/// The PGN tag for Black's own time control, written only for time odds (the
/// standard `TimeControl` tag then holds White's).
pub const BLACK_TIME_CONTROL_TAG: &str = "BlackTimeControl";

/// The PGN tag for a delay, which the standard `TimeControl` tag cannot say:
/// `simple 3` or `Bronstein 3` (seconds, for both sides).
pub const TIME_DELAY_TAG: &str = "TimeDelay";

/// The PGN tag for when the clocks start, written only when it is not the default:
/// `white` (the first mover's clock runs from the start, and every move earns its
/// bonus, as over the board).
pub const CLOCK_START_TAG: &str = "ClockStart";

/// Reads a [`CLOCK_START_TAG`] value; the default for a value this program does not know.
pub fn read_clock_start(text: Option<&str>) -> ClockStart {
    text.and_then(ClockStart::from_name).unwrap_or_default()
}

/// The PGN tag for the time left on the clock of the side to move when a game was
/// saved in the middle of a turn (`0:00:51`, written as `%clk` is), so a game
/// continued later gives back none of the time that turn had used.
pub const TURN_CLOCK_TAG: &str = "TurnClock";

/// The [`TURN_CLOCK_TAG`] value for `left`.
pub fn turn_clock_tag(left: Duration) -> String {
    clock_text(left.min(MAX_CLOCK_TIME))
}

/// Reads a [`TURN_CLOCK_TAG`] value; a time past what a clock can show is cut to it.
pub fn read_turn_clock(text: &str) -> Option<Duration> {
    parse_clock(text).map(|left| left.min(MAX_CLOCK_TIME))
}

/// The PGN `TimeControl` tag value for `control`: `300+3`, or `300` without an
/// increment; stages separated by colons, each but the last with its move count:
/// `40/5400+30:1800+30`. Delays have no standard PGN form and are written as the
/// times alone.
pub fn time_control_tag(control: &TimeControl) -> String {
    let stage = |stage: &Stage| {
        let moves = stage.moves.map(|n| format!("{n}/")).unwrap_or_default();
        let time = format_seconds(stage.time);
        match stage.bonus {
            Bonus::Increment(inc) => format!("{moves}{time}+{}", format_seconds(inc)),
            _ => format!("{moves}{time}"),
        }
    };
    control.stages().iter().map(stage).collect::<Vec<_>>().join(":")
}

/// Reads a PGN `TimeControl` tag value: `300+3` or `300` (seconds, plain decimals
/// kept to the millisecond), or stages separated by colons, `40/5400+30:1800+30`.
/// `None` for `?`, `-`, a base time of `0` (no clock), the forms it cannot play
/// (`40/9000` alone, which repeats, `*180`) and times too large: a stage's time over
/// [`MAX_CLOCK_TIME`], an increment over [`MAX_BONUS`].
pub fn read_time_control(text: &str) -> Option<TimeControl> {
    time_control_in_tag(text).ok().flatten()
}

/// Reads a `TimeControl` tag value as [`read_time_control`] does, but a form this
/// program plays (`300+3`, `300`, `40/5400+30:1800+30`) with times past the command
/// line's upper bounds (a time over [`MAX_CLOCK_TIME`], an increment over
/// [`MAX_BONUS`]) is an error, with the reason. The lower bounds of `--clock` are for
/// players, not for records: engine matches are played at `10+0.05`.
pub(crate) fn time_control_in_tag(text: &str) -> Result<Option<TimeControl>, &'static str> {
    let seconds = |text| parse_amount(text, Duration::from_secs(1));
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.len() > MAX_STAGES {
        return Ok(None);
    }
    let mut stages = Vec::with_capacity(parts.len());
    for part in parts {
        let (moves, rest) = match part.split_once('/') {
            Some((moves, rest)) => match parse_stage_moves(moves) {
                Some(moves) => (Some(moves), rest),
                None => return Ok(None),
            },
            None => (None, part),
        };
        let (time, increment) = match rest.trim().split_once('+') {
            Some((t, i)) => (t, Some(i)),
            None => (rest.trim(), None),
        };
        let Some(time) = seconds(time).filter(|t| !t.is_zero()) else { return Ok(None) };
        let increment = match increment.map(seconds) {
            Some(Some(i)) => i,
            Some(None) => return Ok(None),
            None => Duration::ZERO,
        };
        if time > MAX_CLOCK_TIME {
            return Err("the base time must be at most a day");
        }
        if increment > MAX_BONUS {
            return Err("the increment must be at most an hour");
        }
        let bonus = if increment.is_zero() { Bonus::None } else { Bonus::Increment(increment) };
        stages.push(Stage { moves, time, bonus });
    }
    Ok(TimeControl::staged(&stages).ok())
}

/// A `TimeDelay` tag value (`simple 3`, `Bronstein 1.5`) with a delay over
/// [`MAX_BONUS`] is an error, with the reason; `Ok(None)` for other forms and a delay
/// of `0`.
pub(crate) fn delay_in_tag(text: &str) -> Result<Option<Bonus>, &'static str> {
    let Some((kind, seconds)) = text.trim().split_once(' ') else { return Ok(None) };
    let Some(delay) = parse_amount(seconds, Duration::from_secs(1)).filter(|d| !d.is_zero()) else {
        return Ok(None);
    };
    let bonus = match kind {
        "simple" => Bonus::Delay(delay),
        "Bronstein" => Bonus::Bronstein(delay),
        _ => return Ok(None),
    };
    if delay > MAX_BONUS {
        return Err("the delay must be at most an hour");
    }
    Ok(Some(bonus))
}

/// The first time-control tag (by `tag`'s lookup) whose times are too large, with the
/// reason: a game that asks for clocks this program cannot set is refused rather than
/// played without them.
pub(crate) fn time_control_tag_out_of_bounds<'t>(
    tag: impl Fn(&str) -> Option<&'t str>,
) -> Option<(&'static str, &'static str)> {
    let controls = ["TimeControl", BLACK_TIME_CONTROL_TAG].into_iter().map(|name| (name, tag(name)));
    for (name, value) in controls {
        if let Some(Err(reason)) = value.map(time_control_in_tag) {
            return Some((name, reason));
        }
    }
    match tag(TIME_DELAY_TAG).map(delay_in_tag) {
        Some(Err(reason)) => Some((TIME_DELAY_TAG, reason)),
        _ => None,
    }
}

/// The PGN tags that record `controls`: `TimeControl` (White's, in the standard
/// form), `BlackTimeControl` when Black's differs, and `TimeDelay` for a delay.
pub fn time_control_tags(controls: ByColor<TimeControl>) -> Vec<(&'static str, String)> {
    let mut tags = vec![("TimeControl", time_control_tag(&controls.white))];
    if time_control_tag(&controls.black) != time_control_tag(&controls.white) {
        tags.push((BLACK_TIME_CONTROL_TAG, time_control_tag(&controls.black)));
    }
    match controls.white.stages()[0].bonus {
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
    let delay = tag(TIME_DELAY_TAG).and_then(|text| delay_in_tag(text).ok().flatten());
    Some(match delay {
        Some(bonus) => ByColor { white: white.with_bonus(bonus), black: black.with_bonus(bonus) },
        None => ByColor { white, black },
    })
}

// ----- clock times, as `%clk` comments and the `TurnClock` tag write them -----

/// `h:mm:ss`, with a fraction of a second only when there is one: `0:00:07.3`.
pub(crate) fn clock_text(clock: Duration) -> String {
    let secs = clock.as_secs();
    let mut out = format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    let millis = clock.subsec_millis();
    if millis > 0 {
        let fraction = format!("{millis:03}");
        out.push('.');
        out.push_str(fraction.trim_end_matches('0'));
    }
    out
}

/// Reads `h:mm:ss`, `m:ss` or `ss`, each with an optional fraction of a second, to
/// the millisecond (further digits are cut). A time too large to hold saturates, for
/// the caller's bound to refuse.
pub(crate) fn parse_clock(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    let (last, units) = parts.split_last()?;
    let (whole, fraction) = last.split_once('.').unwrap_or((last, ""));
    let is_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let number = |s: &str| {
        (!s.is_empty() && is_digits(s))
            .then(|| s.bytes().fold(0u128, |n, d| n.saturating_mul(10).saturating_add(u128::from(d - b'0'))))
    };
    let mut seconds = number(whole)?;
    for (part, unit) in units.iter().rev().zip([60u128, 3600]) {
        seconds = seconds.saturating_add(number(part)?.saturating_mul(unit));
    }
    if !is_digits(fraction) {
        return None;
    }
    let millis = format!("{:0<3}", &fraction[..fraction.len().min(3)]);
    let millis = number(&millis)?;
    let total = seconds.saturating_mul(1000).saturating_add(millis);
    Some(Duration::from_millis(u64::try_from(total).unwrap_or(u64::MAX)))
}

/// A `[%clk 1:23:45]` command in a comment.
pub(crate) struct ClockCommand<'c> {
    /// The time as written.
    pub written: &'c str,
    /// Where it starts in the comment, in bytes.
    pub at: usize,
    /// The time as read.
    pub time: Duration,
}

/// The `[%clk 1:23:45]` command inside a comment, if it holds a time.
pub(crate) fn clock_in_comment(comment: &str) -> Option<ClockCommand<'_>> {
    let start = comment.find("[%clk")? + "[%clk".len();
    let rest = &comment[start..];
    let value = &rest[..rest.find(']')?];
    let written = value.trim();
    let at = start + (value.len() - value.trim_start().len());
    Some(ClockCommand { written, at, time: parse_clock(written)? })
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

    #[test]
    fn tag_times_are_plain_decimals_up_to_the_command_lines_upper_bounds() {
        assert_eq!(time_control_in_tag("86400+3600"), Ok(Some(tc("1440+3600"))));
        let engines = TimeControl::new(secs(10.0), Bonus::Increment(secs(0.05)));
        assert_eq!(time_control_in_tag("10+0.05"), Ok(Some(engines)), "smaller than --clock takes");
        for unplayable in
            ["0+3", "1e3", "inf", "300+nan", "300+-1", "300++3", "40/9000", "0/9000:300", "-300"]
        {
            assert_eq!(time_control_in_tag(unplayable), Ok(None), "{unplayable}");
        }
        for (text, reason) in [
            ("86400.001", "the base time must be at most a day"),
            ("18446744073709551615", "the base time must be at most a day"),
            ("300+3600.5", "the increment must be at most an hour"),
            ("300+99999999999999999999999999", "the increment must be at most an hour"),
        ] {
            assert_eq!(time_control_in_tag(text), Err(reason), "{text}");
            assert_eq!(read_time_control(text), None, "{text}");
        }
        assert_eq!(delay_in_tag("simple 0.05"), Ok(Some(Bonus::Delay(secs(0.05)))));
        assert_eq!(delay_in_tag("Bronstein 3600"), Ok(Some(Bonus::Bronstein(secs(3600.0)))));
        for ignored in ["simple 0", "fischer 3", "simple 1e1", "simple", "Bronstein inf"] {
            assert_eq!(delay_in_tag(ignored), Ok(None), "{ignored}");
        }
        for out in ["Bronstein 3600.5", "simple 99999999999999999999999"] {
            assert_eq!(delay_in_tag(out), Err("the delay must be at most an hour"), "{out}");
        }
    }

    #[test]
    fn the_clock_start_tag_reads_back_and_anything_else_is_the_default() {
        assert_eq!(read_clock_start(Some(ClockStart::White.name())), ClockStart::White);
        assert_eq!(read_clock_start(Some(" white ")), ClockStart::White);
        for other in [None, Some("black"), Some(""), Some("after-first-moves")] {
            assert_eq!(read_clock_start(other), ClockStart::AfterFirstMoves, "{other:?}");
        }
    }

    #[test]
    fn stages_are_written_and_read_in_the_standard_syntax() {
        let fide = tc("40/90+30,30+30");
        assert_eq!(time_control_tag(&fide), "40/5400+30:1800+30");
        assert_eq!(read_time_control("40/5400+30:1800+30"), Some(fide));
        let old = read_time_control("40/7200:3600").expect("another program's staged control");
        assert_eq!(old, tc("40/120,60"));
        assert_eq!(time_control_tag(&old), "40/7200:3600");
        let tags = time_control_tags(ByColor { white: fide, black: tc("40/60+30,30+30") });
        assert_eq!(tags[1], ("BlackTimeControl", "40/3600+30:1800+30".to_owned()));
        assert_eq!(time_control_in_tag("40/86401:60"), Err("the base time must be at most a day"));
        assert_eq!(read_time_control("1/1:1/1:1/1:1/1:1"), None, "more stages than a clock keeps");
    }
}
