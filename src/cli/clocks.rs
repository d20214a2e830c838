//! The clock options: `--clock`, `--black-clock`, `--delay` and `--bronstein`, and
//! the checks across them that clap cannot express.

use std::time::Duration;

use super::GameOptions;
use crate::clock::{Bonus, ClockStart, MIN_BONUS, TimeControl, bonus_in_bounds, parse_amount};
use hotseat_chess::ByColor;

/// Clock options that make no sense together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockOptionError {
    /// An option that only changes the clocks, without `--clock` to have them.
    #[error("{0} needs --clock, such as --clock 5+3")]
    NeedsClock(&'static str),
    /// A delay was asked for on top of an increment.
    #[error("{option} is used instead of an increment, but {side} {control} has one: write it as {base}")]
    DelayWithIncrement {
        /// `--delay` or `--bronstein`.
        option: &'static str,
        /// `--clock` or `--black-clock`.
        side: &'static str,
        /// The time control as given.
        control: String,
        /// Its base time in minutes.
        base: String,
    },
}

impl GameOptions {
    /// The time controls for White and Black, from `--clock`, `--black-clock` and a
    /// delay (which applies to both sides); `None` without `--clock`.
    pub fn time_controls(&self) -> Result<Option<ByColor<TimeControl>>, ClockOptionError> {
        let Some(white) = self.clock else {
            let given = [
                ("--black-clock", self.black_clock.is_some()),
                ("--clock-start", self.clock_start.is_some()),
                ("--delay", self.delay.is_some()),
                ("--bronstein", self.bronstein.is_some()),
            ];
            return match given.iter().find(|(_, given)| *given) {
                Some((option, _)) => Err(ClockOptionError::NeedsClock(option)),
                None => Ok(None),
            };
        };
        let black = self.black_clock.unwrap_or(white);
        let delay = match (self.delay, self.bronstein) {
            (Some(d), _) => Some(("--delay", Bonus::Delay(d))),
            (None, Some(d)) => Some(("--bronstein", Bonus::Bronstein(d))),
            (None, None) => None,
        };
        let Some((option, bonus)) = delay else { return Ok(Some(ByColor { white, black })) };
        for (side, control) in [("--clock", white), ("--black-clock", black)] {
            if control.has_increment() {
                let base = control.with_bonus(Bonus::None).to_string();
                return Err(ClockOptionError::DelayWithIncrement {
                    option,
                    side,
                    control: control.to_string(),
                    base,
                });
            }
        }
        Ok(Some(ByColor { white: white.with_bonus(bonus), black: black.with_bonus(bonus) }))
    }

    /// When the clocks start, as `--clock-start` says (by default, after each side's
    /// first move).
    pub fn clock_start(&self) -> ClockStart {
        self.clock_start.unwrap_or_default()
    }
}

/// Reads `--clock` and `--black-clock`: `5+3`, `0.5+0`, `10`.
pub(super) fn parse_time_control(text: &str) -> Result<TimeControl, String> {
    text.parse::<TimeControl>().map_err(|err| err.to_string())
}

/// Reads `--clock-start`: `white` or `after-first-moves`.
pub(super) fn parse_clock_start(text: &str) -> Result<ClockStart, String> {
    ClockStart::from_name(text).ok_or_else(|| format!("expected white or after-first-moves, not {text:?}"))
}

/// Reads the seconds of `--delay` and `--bronstein`: `2`, `0.5`; a plain decimal
/// from a tenth of a second to an hour, kept to the millisecond.
pub(super) fn parse_delay(text: &str) -> Result<Duration, String> {
    match parse_amount(text, Duration::from_secs(1)) {
        None => Err(format!("expected a delay in seconds, such as 2 or 0.5, not {text:?}")),
        Some(delay) if delay >= MIN_BONUS && bonus_in_bounds(delay) => Ok(delay),
        Some(_) => Err(format!("a delay must be from 0.1 to 3600 seconds, not {text:?}")),
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::super::Cli;
    use super::*;

    fn controls(args: &[&str]) -> Result<Option<ByColor<TimeControl>>, String> {
        let cli = Cli::try_parse_from(std::iter::once("hotseat").chain(args.iter().copied()))
            .and_then(Cli::checked)
            .map_err(|err| err.to_string())?;
        Ok(cli.game.time_controls().expect("checked"))
    }

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn clock_options_give_each_side_its_time_control() {
        assert_eq!(controls(&[]), Ok(None));
        let five_three = TimeControl::new(secs(300.0), Bonus::Increment(secs(3.0)));
        assert_eq!(controls(&["--clock", "5+3"]), Ok(Some(ByColor { white: five_three, black: five_three })));
        let odds = controls(&["--clock", "5+3", "--black-clock", "3+2"]).expect("valid").expect("clocks");
        assert_eq!(odds.black, TimeControl::new(secs(180.0), Bonus::Increment(secs(2.0))));
        let delayed = controls(&["--clock", "0.5", "--black-clock", "1+0", "--delay", "2"]).expect("valid");
        let delayed = delayed.expect("clocks");
        assert_eq!(delayed.white, TimeControl::new(secs(30.0), Bonus::Delay(secs(2.0))));
        assert_eq!(delayed.black, TimeControl::new(secs(60.0), Bonus::Delay(secs(2.0))));
        let bronstein = controls(&["--clock", "3", "--bronstein", "1.5"]).expect("valid").expect("clocks");
        assert_eq!(bronstein.black.stages()[0].bonus, Bonus::Bronstein(secs(1.5)));
    }

    #[test]
    fn clock_options_take_stages_in_minutes_or_in_the_pgn_form() {
        let fide = controls(&["--clock", "40/90+30,30+30"]).expect("valid").expect("clocks");
        assert_eq!(fide.white.stages().len(), 2);
        let pgn = controls(&["--clock", "40/5400+30:1800+30"]).expect("valid").expect("clocks");
        assert_eq!(pgn, fide);
        let odds =
            controls(&["--clock", "40/90+30,30+30", "--black-clock", "40/60+30,30+30"]).expect("valid");
        assert_eq!(odds.expect("clocks").black.base(), secs(3600.0));
        let delayed = controls(&["--clock", "40/90,30", "--delay", "5"]).expect("valid").expect("clocks");
        assert!(delayed.white.stages().iter().all(|stage| stage.bonus == Bonus::Delay(secs(5.0))));
        let cli = Cli::try_parse_from(["hotseat", "--clock", "5", "--clock-start", "white"]).expect("valid");
        assert_eq!(cli.game.clock_start(), ClockStart::White);
    }

    #[test]
    fn clock_options_take_plain_decimals_within_bounds() {
        for (args, expected) in [
            (&["--clock", "5++3"][..], "invalid time control \"5++3\": expected an increment in seconds"),
            (&["--clock", "1e-10"][..], "invalid time control \"1e-10\": expected minutes"),
            (&["--clock", "inf"][..], "expected minutes"),
            (&["--clock", "nan+1"][..], "expected minutes"),
            (&["--clock", "0.001"][..], "the base time must be at least a second"),
            (&["--clock", "1441"][..], "the base time must be at most a day"),
            (&["--clock", "5+0.01"][..], "the increment must be 0, or from a tenth of a second to an hour"),
            (&["--clock", "5", "--black-clock", "5+7200"][..], "the increment must be 0"),
            (&["--clock", "5", "--delay", "1e-300"][..], "expected a delay in seconds, such as 2 or 0.5"),
            (&["--clock", "5", "--delay=-2"][..], "expected a delay in seconds"),
            (&["--clock", "5", "--delay", "inf"][..], "expected a delay in seconds"),
            (&["--clock", "5", "--bronstein", "NaN"][..], "expected a delay in seconds"),
            (&["--clock", "5", "--delay", "0.05"][..], "a delay must be from 0.1 to 3600 seconds"),
            (&["--clock", "5", "--bronstein", "3600.5"][..], "a delay must be from 0.1 to 3600 seconds"),
        ] {
            let err = controls(args).expect_err("refused");
            assert!(err.contains(expected), "{args:?}: {err}");
        }
        let edges = controls(&["--clock", "1440", "--black-clock", "0.02", "--delay", "0.1"]);
        let edges = edges.expect("valid").expect("clocks");
        assert_eq!(edges.white, TimeControl::new(secs(86_400.0), Bonus::Delay(secs(0.1))));
        assert_eq!(edges.black.base(), secs(1.2));
        let bronstein = controls(&["--clock", "5", "--bronstein", "3600"]).expect("valid").expect("clocks");
        assert_eq!(bronstein.white.stages()[0].bonus, Bonus::Bronstein(secs(3600.0)));
    }

    #[test]
    fn clock_options_that_make_no_sense_are_refused_with_the_reason() {
        for (args, expected) in [
            (
                &["--clock", "5+3", "--delay", "2"][..],
                "--delay is used instead of an increment, but --clock 5+3 has one: write it as 5+0",
            ),
            (&["--clock", "5", "--black-clock", "3+2", "--bronstein", "2"][..], "--black-clock 3+2 has one"),
            (&["--black-clock", "3+2"][..], "--black-clock needs --clock, such as --clock 5+3"),
            (&["--delay", "2"][..], "--delay needs --clock"),
            (&["--bronstein", "2"][..], "--bronstein needs --clock"),
            (&["--clock-start", "white"][..], "--clock-start needs --clock"),
            (&["--clock", "5", "--clock-start", "black"][..], "expected white or after-first-moves"),
            (
                &["--clock", "40/90+30,30+30", "--delay", "2"][..],
                "--clock 40/90+30,30+30 has one: write it as 40/90+0,30+0",
            ),
            (&["--clock", "5", "--delay", "2", "--bronstein", "2"][..], "cannot be used with"),
            (&["--clock", "five"][..], "invalid time control \"five\""),
            (&["--clock", "0+3"][..], "the base time must be at least a second"),
            (&["--clock", "5", "--delay", "0"][..], "a delay must be from 0.1 to 3600 seconds, not \"0\""),
            (&["--clock", "5", "--delay", "x"][..], "expected a delay in seconds"),
        ] {
            let err = controls(args).expect_err("refused");
            assert!(err.contains(expected), "{args:?}: {err}");
        }
    }
}
