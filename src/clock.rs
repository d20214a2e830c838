//! Chess clocks: time controls with increment or delay, flag fall, pause and undo.
//!
//! The clock never reads the time itself: every method that needs "now" takes it as
//! an [`Instant`], so tests drive it with made-up instants and never sleep.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use crate::chess::{ByColor, Color};

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

/// A player's time control: base time and a per-move bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on the clock at the start.
    pub base: Duration,
    /// The per-move bonus.
    pub bonus: Bonus,
}

/// A time control that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid time control {text:?}: {reason}")]
pub struct TimeControlError {
    text: String,
    reason: &'static str,
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `MINUTES+SECONDS` as base minutes and a Fischer increment in seconds:
    /// `5+3`, `0.5+0`, `90+30`; a bare `10` means no increment.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let err = |reason| TimeControlError { text: text.to_owned(), reason };
        let (minutes, seconds) = match text.trim().split_once('+') {
            Some((m, s)) => (m, Some(s)),
            None => (text.trim(), None),
        };
        let base = parse_amount(minutes, 60.0).ok_or_else(|| err("expected minutes such as 5 or 0.5"))?;
        if base.is_zero() {
            return Err(err("the base time must be more than zero"));
        }
        let increment = match seconds {
            Some(s) => {
                parse_amount(s, 1.0).ok_or_else(|| err("expected an increment in seconds after '+'"))?
            }
            None => Duration::ZERO,
        };
        let bonus = if increment.is_zero() { Bonus::None } else { Bonus::Increment(increment) };
        Ok(TimeControl { base, bonus })
    }
}

/// Parses a non-negative decimal amount of `unit` seconds (at most a day).
fn parse_amount(text: &str, unit: f64) -> Option<Duration> {
    let value: f64 = text.trim().parse().ok()?;
    let seconds = value * unit;
    (value.is_finite() && (0.0..=86_400.0).contains(&seconds)).then(|| Duration::from_secs_f64(seconds))
}

impl TimeControl {
    /// The same base time with another bonus.
    pub fn with_bonus(self, bonus: Bonus) -> TimeControl {
        TimeControl { bonus, ..self }
    }

    /// The PGN `TimeControl` tag value: `300+3`, or `300` without an increment.
    /// Delays have no standard PGN form and are written as the base time alone.
    pub fn pgn(&self) -> String {
        let base = format_seconds(self.base);
        match self.bonus {
            Bonus::Increment(inc) => format!("{base}+{}", format_seconds(inc)),
            _ => base,
        }
    }
}

fn format_seconds(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if (secs - secs.round()).abs() < 1e-9 { format!("{}", secs.round() as u64) } else { format!("{secs}") }
}

impl fmt::Display for TimeControl {
    /// `5+3`, `0.5+0`, `5 d3` (simple delay), `5 b3` (Bronstein).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base.as_secs_f64() / 60.0;
        let secs = |d: Duration| format_seconds(d);
        match self.bonus {
            Bonus::None => write!(f, "{minutes}+0"),
            Bonus::Increment(d) => write!(f, "{minutes}+{}", secs(d)),
            Bonus::Delay(d) => write!(f, "{minutes} delay {}", secs(d)),
            Bonus::Bronstein(d) => write!(f, "{minutes} Bronstein {}", secs(d)),
        }
    }
}

/// Since when the side to move's clock has been running.
#[derive(Clone, Copy, Debug)]
struct Running {
    since: Instant,
}

/// Two chess clocks.
///
/// Neither side's first move is timed (as on lichess): the clocks start once Black
/// has made its first move, and from then on the clock of the side to move runs.
#[derive(Clone, Debug)]
pub struct Clocks {
    controls: ByColor<TimeControl>,
    /// Time left, as of the start of the current turn (or of the pause).
    remaining: ByColor<Duration>,
    /// The times at the start of each ply, for undo: `history[ply]`.
    history: Vec<ByColor<Duration>>,
    /// How much of the current turn's time was used before a pause.
    used_this_turn: Duration,
    running: Option<Running>,
    paused: bool,
    to_move: Color,
    ply: usize,
    /// The ply from which moves are timed: after each side's first move.
    first_timed_ply: usize,
}

impl Clocks {
    /// Fresh clocks for a game starting with `to_move` to play.
    pub fn new(white: TimeControl, black: TimeControl, to_move: Color) -> Clocks {
        let remaining = ByColor { white: white.base, black: black.base };
        Clocks {
            controls: ByColor { white, black },
            remaining,
            history: vec![remaining],
            used_this_turn: Duration::ZERO,
            running: None,
            paused: false,
            to_move,
            ply: 0,
            first_timed_ply: 2,
        }
    }

    /// Clocks for a game that is already `ply` half-moves in, with these times left
    /// (for a resumed game: the clocks run from the next move on).
    pub fn resumed(
        controls: ByColor<TimeControl>,
        remaining: ByColor<Duration>,
        to_move: Color,
        ply: usize,
    ) -> Clocks {
        let mut clocks = Clocks::new(controls.white, controls.black, to_move);
        clocks.remaining = remaining;
        clocks.history = vec![remaining; ply + 1];
        clocks.ply = ply;
        clocks.first_timed_ply = 2.min(ply);
        clocks
    }

    /// The time controls.
    pub fn controls(&self) -> ByColor<TimeControl> {
        self.controls
    }

    /// Starts the side to move's clock, if moves are being timed yet. Call this when
    /// play begins (for a resumed game) and after each move.
    fn start_turn(&mut self, now: Instant) {
        self.used_this_turn = Duration::ZERO;
        self.running = (self.ply >= self.first_timed_ply).then_some(Running { since: now });
    }

    /// Starts the clock of a resumed game (new games start by themselves once timed).
    pub fn start(&mut self, now: Instant) {
        if self.running.is_none() && !self.paused {
            self.start_turn(now);
        }
    }

    /// Time used so far on the current turn, before any delay is taken off.
    fn used(&self, now: Instant) -> Duration {
        self.used_this_turn + self.running.map_or(Duration::ZERO, |r| now.saturating_duration_since(r.since))
    }

    /// What the clock of `color` shows at `now`.
    pub fn remaining(&self, color: Color, now: Instant) -> Duration {
        let base = self.remaining[color];
        if color != self.to_move || !self.is_timing() {
            return base;
        }
        let used = self.used(now);
        let charged = match self.controls[color].bonus {
            Bonus::Delay(delay) => used.saturating_sub(delay),
            _ => used,
        };
        base.saturating_sub(charged)
    }

    /// Whether the side to move's time is being counted (timed moves, not paused).
    pub fn is_timing(&self) -> bool {
        self.running.is_some() || self.paused && self.ply >= self.first_timed_ply
    }

    /// Whether a clock is running right now (timed and not paused).
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Whether the clocks are paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        (self.is_running() && self.remaining(self.to_move, now).is_zero()).then_some(self.to_move)
    }

    /// How long until something visible changes: the next tenth of a second under
    /// ten seconds, otherwise the next second (for the redraw timer). `None` when no
    /// clock runs.
    pub fn until_next_tick(&self, now: Instant) -> Option<Duration> {
        if !self.is_running() {
            return None;
        }
        let left = self.remaining(self.to_move, now);
        let step = if left < Duration::from_secs(10) { 100_000_000 } else { 1_000_000_000 };
        let nanos = (left.as_nanos() % step) as u64;
        Some(Duration::from_nanos(if nanos == 0 { step as u64 } else { nanos }))
    }

    /// Records that the side to move has moved at `now`: charges the time used, adds
    /// the bonus and starts the opponent's clock. Returns the mover's time left (for a
    /// `%clk` comment).
    pub fn on_move(&mut self, now: Instant) -> Duration {
        let mover = self.to_move;
        if self.is_timing() {
            let used = self.used(now);
            let left = self.remaining(mover, now);
            self.remaining[mover] = match self.controls[mover].bonus {
                Bonus::Increment(inc) => left + inc,
                Bonus::Bronstein(delay) if !left.is_zero() => left + used.min(delay),
                Bonus::None | Bonus::Delay(_) | Bonus::Bronstein(_) => left,
            };
        }
        self.ply += 1;
        self.to_move = !mover;
        self.history.truncate(self.ply);
        self.history.push(self.remaining);
        if self.paused {
            self.used_this_turn = Duration::ZERO;
            self.running = None;
        } else {
            self.start_turn(now);
        }
        self.remaining[mover]
    }

    /// Stops both clocks.
    pub fn pause(&mut self, now: Instant) {
        if self.paused {
            return;
        }
        self.used_this_turn = self.used(now);
        self.running = None;
        self.paused = true;
    }

    /// Starts the clocks again after a pause.
    pub fn resume(&mut self, now: Instant) {
        if !self.paused {
            return;
        }
        self.paused = false;
        if self.ply >= self.first_timed_ply {
            self.running = Some(Running { since: now });
        }
    }

    /// Goes back one ply: both clocks show what they showed when that position was
    /// reached, and the side to move's clock starts again from there.
    pub fn undo(&mut self, now: Instant) {
        if self.ply == 0 {
            return;
        }
        self.ply -= 1;
        self.history.truncate(self.ply + 1);
        self.remaining = self.history[self.ply];
        self.to_move = !self.to_move;
        if self.paused {
            self.used_this_turn = Duration::ZERO;
        } else {
            self.start_turn(now);
        }
    }

    /// Stops the clocks for good (the game is over), keeping what they show.
    pub fn stop(&mut self, now: Instant) {
        if self.is_timing() {
            let left = self.remaining(self.to_move, now);
            self.remaining[self.to_move] = left;
        }
        self.running = None;
        self.paused = false;
        self.first_timed_ply = usize::MAX;
    }
}

/// Writes a clock time as `h:mm:ss` for PGN `%clk` comments (tenths are dropped).
pub fn format_clk(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Reads a `%clk` time: `h:mm:ss`, `mm:ss` or with fractional seconds.
pub fn parse_clk(text: &str) -> Option<Duration> {
    let mut seconds = 0.0;
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    for part in &parts {
        let value: f64 = part.parse().ok()?;
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        seconds = seconds * 60.0 + value;
    }
    (seconds <= 1e7).then(|| Duration::from_secs_f64(seconds))
}

/// A clock time for the screen: `4:59`, `1:02:03`, and tenths under ten seconds (`9.4`).
pub fn format_display(d: Duration) -> String {
    if d < Duration::from_secs(10) {
        let tenths = d.as_millis() / 100;
        format!("{}.{}", tenths / 10, tenths % 10)
    } else {
        let s = d.as_secs();
        if s >= 3600 {
            format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
        } else {
            format!("{}:{:02}", s / 60, s % 60)
        }
    }
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

    /// Plays the two untimed first moves, so the clocks run from `t0` on (White to move).
    fn timed(white: TimeControl, black: TimeControl, t0: Instant) -> Clocks {
        let mut clocks = Clocks::new(white, black, Color::White);
        clocks.on_move(t0);
        clocks.on_move(t0);
        clocks
    }

    #[test]
    fn time_controls_read_minutes_and_increment_seconds() {
        assert_eq!(tc("5+3"), TimeControl { base: secs(300.0), bonus: Bonus::Increment(secs(3.0)) });
        assert_eq!(tc("0.5+0"), TimeControl { base: secs(30.0), bonus: Bonus::None });
        assert_eq!(tc("10"), TimeControl { base: secs(600.0), bonus: Bonus::None });
        for bad in ["", "+3", "x+1", "5+y", "-1+0", "0+0", "5+3+1", "nan+1", "99999+0"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        assert_eq!(tc("5+3").pgn(), "300+3");
        assert_eq!(tc("0.05+0").pgn(), "3");
    }

    #[test]
    fn neither_first_move_is_timed() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(tc("1+0"), tc("1+0"), Color::White);
        assert!(!clocks.is_running());
        clocks.on_move(t0 + secs(30.0));
        assert!(!clocks.is_running());
        assert_eq!(clocks.remaining(Color::Black, t0 + secs(50.0)), secs(60.0));
        clocks.on_move(t0 + secs(55.0));
        assert!(clocks.is_running());
        assert_eq!(clocks.remaining(Color::Black, t0 + secs(60.0)), secs(60.0));
        assert_eq!(clocks.remaining(Color::White, t0 + secs(65.0)), secs(50.0));
    }

    #[test]
    fn increment_is_added_after_each_timed_move() {
        let t0 = Instant::now();
        let mut clocks = timed(tc("1+2"), tc("1+2"), t0);
        let left = clocks.on_move(t0 + secs(5.0));
        assert_eq!(left, secs(57.0));
        assert_eq!(clocks.remaining(Color::White, t0 + secs(100.0)), secs(57.0));
        assert_eq!(clocks.remaining(Color::Black, t0 + secs(6.0)), secs(59.0));
    }

    #[test]
    fn simple_delay_waits_before_the_clock_runs() {
        let t0 = Instant::now();
        let control = tc("1").with_bonus(Bonus::Delay(secs(3.0)));
        let mut clocks = timed(control, control, t0);
        assert_eq!(clocks.remaining(Color::White, t0 + secs(2.0)), secs(60.0));
        assert_eq!(clocks.remaining(Color::White, t0 + secs(5.0)), secs(58.0));
        assert_eq!(clocks.on_move(t0 + secs(2.5)), secs(60.0), "a move inside the delay costs nothing");
        assert_eq!(clocks.on_move(t0 + secs(12.5)), secs(53.0), "Black used 10 s, 3 s of them delay");
    }

    #[test]
    fn bronstein_delay_gives_back_the_time_used_up_to_the_delay() {
        let t0 = Instant::now();
        let control = tc("1").with_bonus(Bonus::Bronstein(secs(3.0)));
        let mut clocks = timed(control, control, t0);
        assert_eq!(
            clocks.remaining(Color::White, t0 + secs(2.0)),
            secs(58.0),
            "the clock runs during the delay"
        );
        assert_eq!(clocks.on_move(t0 + secs(2.0)), secs(60.0), "2 s used, 2 s given back");
        assert_eq!(clocks.on_move(t0 + secs(12.0)), secs(53.0), "10 s used, 3 s given back");
    }

    #[test]
    fn the_flag_falls_at_zero() {
        let t0 = Instant::now();
        let clocks = timed(tc("0.05+0"), tc("0.05+0"), t0);
        assert_eq!(clocks.flagged(t0 + secs(2.9)), None);
        assert_eq!(clocks.flagged(t0 + secs(3.0)), Some(Color::White));
        assert_eq!(clocks.remaining(Color::White, t0 + secs(10.0)), Duration::ZERO);
    }

    #[test]
    fn pause_stops_both_clocks() {
        let t0 = Instant::now();
        let mut clocks = timed(tc("1+0"), tc("1+0"), t0);
        clocks.pause(t0 + secs(10.0));
        assert!(!clocks.is_running());
        assert_eq!(clocks.remaining(Color::White, t0 + secs(500.0)), secs(50.0));
        assert_eq!(clocks.flagged(t0 + secs(500.0)), None);
        clocks.resume(t0 + secs(500.0));
        assert_eq!(clocks.remaining(Color::White, t0 + secs(505.0)), secs(45.0));
        assert_eq!(clocks.on_move(t0 + secs(505.0)), secs(45.0));
    }

    #[test]
    fn undo_restores_the_times_shown_at_that_position() {
        let t0 = Instant::now();
        let mut clocks = timed(tc("1+1"), tc("1+1"), t0);
        clocks.on_move(t0 + secs(10.0)); // White 51
        clocks.on_move(t0 + secs(30.0)); // Black 41
        clocks.undo(t0 + secs(40.0));
        assert_eq!(clocks.remaining(Color::White, t0 + secs(40.0)), secs(51.0));
        assert_eq!(
            clocks.remaining(Color::Black, t0 + secs(40.0)),
            secs(60.0),
            "Black's clock shows what it showed before its move"
        );
        assert_eq!(clocks.remaining(Color::Black, t0 + secs(45.0)), secs(55.0), "and runs again from there");
        clocks.undo(t0 + secs(45.0));
        assert_eq!(clocks.remaining(Color::White, t0 + secs(45.0)), secs(60.0));
        assert_eq!(clocks.remaining(Color::Black, t0 + secs(45.0)), secs(60.0));
    }

    #[test]
    fn clk_comments_round_trip() {
        for s in [0, 59, 61, 3599, 3600, 3661, 36_000] {
            let d = Duration::from_secs(s);
            assert_eq!(parse_clk(&format_clk(d)), Some(d), "{s}");
        }
        assert_eq!(format_clk(secs(3725.9)), "1:02:05");
        assert_eq!(parse_clk("0:00:09.5"), Some(secs(9.5)));
        assert_eq!(parse_clk("x:00"), None);
    }

    #[test]
    fn the_display_shows_tenths_under_ten_seconds() {
        assert_eq!(format_display(secs(299.0)), "4:59");
        assert_eq!(format_display(secs(9.46)), "9.4");
        assert_eq!(format_display(secs(3723.0)), "1:02:03");
        assert_eq!(format_display(Duration::ZERO), "0.0");
    }

    #[test]
    fn the_redraw_timer_follows_the_visible_digits() {
        let t0 = Instant::now();
        let clocks = timed(tc("1+0"), tc("1+0"), t0);
        assert_eq!(clocks.until_next_tick(t0 + secs(0.25)), Some(secs(0.75)));
        assert_eq!(clocks.until_next_tick(t0 + secs(55.05)), Some(secs(0.05)));
        let mut paused = clocks.clone();
        paused.pause(t0);
        assert_eq!(paused.until_next_tick(t0), None);
    }
}
