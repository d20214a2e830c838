//! Time controls: what a player gets (a base time, stages, a bonus per move), read from
//! the command line's forms and written back as they were typed.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// What a player gets for each move on top of the base time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bonus {
    /// No bonus: sudden death.
    #[default]
    None,
    /// Fischer increment: added to the clock after each move.
    Increment(Duration),
    /// Simple (US) delay: the clock waits this long each move before it starts to run.
    Delay(Duration),
    /// Bronstein delay: after each move, the time used is given back, up to this much.
    Bronstein(Duration),
}

/// One stage of a time control: so much time for so many moves (each side's own), or
/// for the rest of the game, with a per-move bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Stage {
    /// The moves the stage lasts, counted for each side; `None` for the rest of the game.
    pub moves: Option<u16>,
    /// The time the stage puts on the clock: the base time for the first stage, added
    /// at the end of the one before for the others.
    pub time: Duration,
    /// The per-move bonus during the stage.
    pub bonus: Bonus,
}

/// The most stages a time control has (FIDE's longest has three).
pub const MAX_STAGES: usize = 4;

/// A player's time control: one or more stages, the last for the rest of the game.
///
/// `5+3` has one stage; FIDE's classical control, 90 minutes for 40 moves then 30
/// minutes for the rest with 30 seconds a move from move 1, has two (`40/90+30,30+30`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The stages in order; those past `len` are `Stage::default()`, so that equal
    /// controls compare equal.
    stages: [Stage; MAX_STAGES],
    len: u8,
}

/// A time control that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid time control {text:?}: {reason}")]
pub struct TimeControlError {
    text: String,
    reason: &'static str,
}

/// The most moves a stage can last.
pub const MAX_STAGE_MOVES: u16 = 999;

/// Reads a stage's move count, `40` in `40/90`: from 1 to [`MAX_STAGE_MOVES`].
pub(crate) fn parse_stage_moves(text: &str) -> Option<u16> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 3 {
        return None;
    }
    text.parse().ok().filter(|&n| (1..=MAX_STAGE_MOVES).contains(&n))
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `MINUTES+SECONDS` as base minutes and a Fischer increment in seconds:
    /// `5+3`, `0.5+0`, `90+30`; a bare `10` means no increment. Stages are written
    /// `MOVES/MINUTES+SECONDS` and separated by commas, the last without a move count:
    /// `40/90+30,30+30`. The PGN `TimeControl` form in seconds, with colons between
    /// stages, is read too: `40/5400+30:1800+30`. The numbers are plain decimals (no
    /// sign, exponent, `inf` or `nan`), kept to the millisecond; each stage's time is
    /// from [`MIN_BASE_TIME`] to [`MAX_CLOCK_TIME`], the increment 0 or from
    /// [`MIN_BONUS`] to [`MAX_BONUS`], a stage's moves from 1 to [`MAX_STAGE_MOVES`].
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let err = |reason| TimeControlError { text: text.to_owned(), reason };
        let (separator, unit, what) = if text.contains(':') {
            (
                ':',
                Duration::from_secs(1),
                "expected seconds such as 300 (the PGN form, with ':' between stages)",
            )
        } else {
            (',', Duration::from_secs(60), "expected minutes such as 5 or 0.5")
        };
        let parts: Vec<&str> = text.split(separator).collect();
        if parts.len() > MAX_STAGES {
            return Err(err("at most four stages"));
        }
        let mut stages = Vec::with_capacity(parts.len());
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            let (moves, rest) = match part.split_once('/') {
                Some((moves, rest)) => {
                    let moves = parse_stage_moves(moves).ok_or_else(|| {
                        err("expected a number of moves from 1 to 999 before '/', such as 40")
                    })?;
                    (Some(moves), rest)
                }
                None => (None, *part),
            };
            if moves.is_some() == last {
                return Err(err(if last {
                    "the last stage is for the rest of the game: no move count, as in 40/90+30,30+30"
                } else {
                    "every stage but the last needs a number of moves, as in 40/90+30,30+30"
                }));
            }
            let (time, seconds) = match rest.trim().split_once('+') {
                Some((m, s)) => (m, Some(s)),
                None => (rest.trim(), None),
            };
            let time = parse_amount(time, unit).ok_or_else(|| err(what))?;
            let time = check_base(time).map_err(err)?;
            let increment = match seconds {
                Some(s) => parse_amount(s, Duration::from_secs(1))
                    .ok_or_else(|| err("expected an increment in seconds after '+', such as 3 or 0.5"))?,
                None => Duration::ZERO,
            };
            if !bonus_in_bounds(increment) {
                return Err(err("the increment must be 0, or from a tenth of a second to an hour"));
            }
            let bonus = if increment.is_zero() { Bonus::None } else { Bonus::Increment(increment) };
            stages.push(Stage { moves, time, bonus });
        }
        TimeControl::staged(&stages).map_err(err)
    }
}

/// The least base time: a second.
pub const MIN_BASE_TIME: Duration = Duration::from_secs(1);

/// The least increment or delay, other than none: a tenth of a second.
pub const MIN_BONUS: Duration = Duration::from_millis(100);

/// The most increment or delay: an hour.
pub const MAX_BONUS: Duration = Duration::from_secs(60 * 60);

/// A base time from [`MIN_BASE_TIME`] to [`MAX_CLOCK_TIME`], or why it is not.
pub(crate) fn check_base(base: Duration) -> Result<Duration, &'static str> {
    if base < MIN_BASE_TIME {
        Err("the base time must be at least a second")
    } else if base > MAX_CLOCK_TIME {
        Err("the base time must be at most a day")
    } else {
        Ok(base)
    }
}

/// Whether an increment or delay is none (zero) or from [`MIN_BONUS`] to [`MAX_BONUS`].
pub fn bonus_in_bounds(bonus: Duration) -> bool {
    bonus.is_zero() || (MIN_BONUS..=MAX_BONUS).contains(&bonus)
}

/// Reads a plain decimal number of `unit`s, such as `5`, `0.5` or `.5`, rounded to the
/// millisecond (what a `%clk` time holds); a number other than zero never rounds to
/// zero, so a lower bound sees it. A sign, an exponent, `inf` or `nan` is not a plain
/// number: `None`. A number too large to hold reads as [`Duration::MAX`], for the
/// caller's upper bound to refuse.
pub fn parse_amount(text: &str, unit: Duration) -> Option<Duration> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let is_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !is_digits(whole) || !is_digits(fraction) {
        return None;
    }
    let number = |digits: &str| {
        digits.bytes().fold(0u128, |n, digit| n.saturating_mul(10).saturating_add(u128::from(digit - b'0')))
    };
    let unit_ms = unit.as_millis();
    // Digits past the 18th cannot move the amount by a millisecond.
    let fraction = &fraction[..fraction.len().min(18)];
    let scale = 10u128.pow(fraction.len() as u32);
    let fraction_ms =
        number(fraction).saturating_mul(unit_ms).saturating_mul(2).saturating_add(scale) / (2 * scale);
    let mut ms = number(whole).saturating_mul(unit_ms).saturating_add(fraction_ms);
    if ms == 0 && text.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
        ms = 1;
    }
    Some(Duration::from_millis(u64::try_from(ms).unwrap_or(u64::MAX)))
}

impl TimeControl {
    /// Sudden death: `base` for the whole game, with `bonus` for each move.
    pub const fn new(base: Duration, bonus: Bonus) -> TimeControl {
        let mut stages = [Stage { moves: None, time: Duration::ZERO, bonus: Bonus::None }; MAX_STAGES];
        stages[0] = Stage { moves: None, time: base, bonus };
        TimeControl { stages, len: 1 }
    }

    /// A time control of these stages, in order: from one to [`MAX_STAGES`], each
    /// with a move count but the last, which is for the rest of the game.
    pub fn staged(stages: &[Stage]) -> Result<TimeControl, &'static str> {
        let Some((last, earlier)) = stages.split_last() else { return Err("no stages") };
        if stages.len() > MAX_STAGES {
            return Err("at most four stages");
        }
        if last.moves.is_some() {
            return Err("the last stage is for the rest of the game: no move count, as in 40/90+30,30+30");
        }
        if earlier.iter().any(|stage| stage.moves.is_none_or(|n| n == 0)) {
            return Err("every stage but the last needs a number of moves, as in 40/90+30,30+30");
        }
        let mut control = TimeControl::new(Duration::ZERO, Bonus::None);
        control.stages[..stages.len()].copy_from_slice(stages);
        control.len = stages.len() as u8;
        Ok(control)
    }

    /// The stages, in order.
    pub fn stages(&self) -> &[Stage] {
        &self.stages[..usize::from(self.len)]
    }

    /// The time on the clock at the start: the first stage's.
    pub fn base(&self) -> Duration {
        self.stages[0].time
    }

    /// Whether any stage has a Fischer increment.
    pub fn has_increment(&self) -> bool {
        self.stages().iter().any(|stage| matches!(stage.bonus, Bonus::Increment(_)))
    }

    /// The same stages and times with another bonus, in every stage.
    #[must_use]
    pub fn with_bonus(mut self, bonus: Bonus) -> TimeControl {
        let len = usize::from(self.len);
        for stage in &mut self.stages[..len] {
            stage.bonus = bonus;
        }
        self
    }

    /// The stage a side is in after making `made` moves (its index), and how many
    /// moves are left in it (`None` in the last stage).
    pub fn stage_after(&self, made: u32) -> (usize, Option<u32>) {
        let mut end = 0u32;
        for (i, stage) in self.stages().iter().enumerate() {
            let Some(moves) = stage.moves else { return (i, None) };
            end += u32::from(moves);
            if made < end {
                return (i, Some(end - made));
            }
        }
        (usize::from(self.len) - 1, None)
    }

    /// The time added to a side's clock when its move number `made` (from 1) completes
    /// a stage: the next stage's time; zero otherwise.
    pub fn time_added_at(&self, made: u32) -> Duration {
        let (before, _) = self.stage_after(made.saturating_sub(1));
        match self.stage_after(made) {
            (after, _) if after != before && made > 0 => self.stages[after].time,
            _ => Duration::ZERO,
        }
    }

    /// The bonus for a side's next move after making `made` moves.
    pub fn bonus_after(&self, made: u32) -> Bonus {
        self.stages[self.stage_after(made).0].bonus
    }
}

/// When the clocks start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ClockStart {
    /// Neither side's first move is timed (as on lichess): the clocks start once both
    /// sides have made their first move.
    #[default]
    AfterFirstMoves,
    /// Over-the-board rules: the first mover's clock (White's, in a game from the
    /// start) runs from the start of the game, and every move earns its bonus.
    White,
}

impl ClockStart {
    /// The name used on the command line and in the `ClockStart` PGN tag.
    pub fn name(self) -> &'static str {
        match self {
            ClockStart::AfterFirstMoves => "after-first-moves",
            ClockStart::White => "white",
        }
    }

    /// Reads a [`ClockStart::name`].
    pub fn from_name(name: &str) -> Option<ClockStart> {
        [ClockStart::AfterFirstMoves, ClockStart::White].into_iter().find(|start| start.name() == name.trim())
    }
}

/// Seconds as the PGN tags write them, to the millisecond: `300`, or `1.5` for a
/// fraction.
pub(crate) fn format_seconds(d: Duration) -> String {
    match d.subsec_millis() {
        0 => d.as_secs().to_string(),
        millis => format!("{}.{millis:03}", d.as_secs()).trim_end_matches('0').to_owned(),
    }
}

/// `numerator / denominator` as a decimal, with at most six digits after the point
/// and no trailing zeros: `0.5`, `1.333333`. (Integer arithmetic keeps floating-point
/// formatting, and its tables, out of the program.)
pub(super) fn decimal(numerator: u128, denominator: u128) -> String {
    const PLACES: u32 = 6;
    let scaled = (numerator * 10u128.pow(PLACES) + denominator / 2) / denominator.max(1);
    let (whole, fraction) = (scaled / 10u128.pow(PLACES), scaled % 10u128.pow(PLACES));
    if fraction == 0 {
        whole.to_string()
    } else {
        format!("{whole}.{fraction:06}").trim_end_matches('0').to_owned()
    }
}

impl fmt::Display for TimeControl {
    /// `5+3`, `0.5+0`, `5 delay 3` (simple delay), `5 Bronstein 3`; stages separated
    /// by commas, with their move counts: `40/90+30,30+30`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, stage) in self.stages().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if let Some(moves) = stage.moves {
                write!(f, "{moves}/")?;
            }
            let minutes = decimal(stage.time.as_millis(), 60_000);
            let secs = |d: Duration| format_seconds(d);
            match stage.bonus {
                Bonus::None => write!(f, "{minutes}+0"),
                Bonus::Increment(d) => write!(f, "{minutes}+{}", secs(d)),
                Bonus::Delay(d) => write!(f, "{minutes} delay {}", secs(d)),
                Bonus::Bronstein(d) => write!(f, "{minutes} Bronstein {}", secs(d)),
            }?;
        }
        Ok(())
    }
}

/// The most time a clock can show: a day. Base times, clock times read from a record
/// and clocks that gain from increments all stop here, so that no sum of times can
/// overflow, and a time that is shown can be saved and read back as it is.
pub const MAX_CLOCK_TIME: Duration = Duration::from_secs(24 * 60 * 60);
