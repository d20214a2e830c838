//! Chess clocks: time controls with increment or delay, flag fall, pause and undo.
//!
//! The clock never reads the time itself: every method that needs "now" takes it as
//! an [`Instant`], so tests drive it with made-up instants and never sleep.

use std::time::{Duration, Instant};

use hotseat_chess::{ByColor, Color};

mod control;

pub use control::{
    Bonus, ClockStart, MAX_BONUS, MAX_CLOCK_TIME, MAX_STAGE_MOVES, MAX_STAGES, MIN_BASE_TIME, MIN_BONUS,
    Stage, TimeControl, TimeControlError,
};
pub use control::{bonus_in_bounds, parse_amount};
pub(crate) use control::{format_seconds, parse_stage_moves};

/// Since when the side to move's clock has been running.
#[derive(Clone, Copy, Debug)]
struct Running {
    since: Instant,
}

/// What one clock shows at a given instant, for the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockFace {
    /// The time left.
    pub left: Duration,
    /// Whether this clock is running now.
    pub running: bool,
    /// Whether the time left is low: under a tenth of the base time, but at least
    /// 10 seconds and at most a minute.
    pub low: bool,
    /// The moves left in the stage, for a side in a stage with a move count.
    pub to_go: Option<u32>,
    /// What is left of a simple delay, while it counts down before the time runs.
    pub delay: Option<Duration>,
}

/// Two chess clocks.
///
/// By default neither side's first move is timed (as on lichess): the clocks start
/// once both sides have made their first move, and from then on the clock of the side
/// to move runs ([`ClockStart`] says otherwise). At the end of a stage, the move that
/// completes its move count adds the next stage's time to the mover's clock.
///
/// ```
/// use std::time::{Duration, Instant};
/// use hotseat_chess::Color;
/// use hotseat_game::clock::{Clocks, TimeControl};
///
/// let control: TimeControl = "1+2".parse().expect("valid time control");
/// let mut clocks = Clocks::new(control, control, Color::White);
/// let t0 = Instant::now();
/// clocks.on_move(t0); // 1. e4, not timed
/// clocks.on_move(t0); // 1... e5, not timed: White's clock starts
/// let left = clocks.on_move(t0 + Duration::from_secs(5)); // 2. Nf3 after 5 s
/// assert_eq!(left, Duration::from_secs(57)); // 60 - 5 + 2
/// assert_eq!(clocks.flagged(t0 + Duration::from_secs(65)), Some(Color::Black));
/// ```
#[derive(Clone, Debug)]
pub struct Clocks {
    controls: ByColor<TimeControl>,
    /// Time left, as of the start of the current turn (or of the pause).
    remaining: ByColor<Duration>,
    /// How much of the current turn's time was used before a pause.
    used_this_turn: Duration,
    running: Option<Running>,
    paused: bool,
    /// The game is over: nothing runs until a move or result is taken back.
    stopped: bool,
    to_move: Color,
    ply: usize,
    /// The side that moved first, from which the moves each side made are counted.
    first: Color,
    start: ClockStart,
}

impl Clocks {
    /// Fresh clocks for a game starting with `to_move` to play.
    pub fn new(white: TimeControl, black: TimeControl, to_move: Color) -> Clocks {
        let remaining = ByColor { white: white.base(), black: black.base() };
        Clocks {
            controls: ByColor { white, black },
            remaining,
            used_this_turn: Duration::ZERO,
            running: None,
            paused: false,
            stopped: false,
            to_move,
            ply: 0,
            first: to_move,
            start: ClockStart::default(),
        }
    }

    /// The same clocks, started as `start` says (before any move is made).
    #[must_use]
    pub fn starting(mut self, start: ClockStart) -> Clocks {
        self.start = start;
        self
    }

    /// The time controls.
    pub fn controls(&self) -> ByColor<TimeControl> {
        self.controls
    }

    /// The side whose turn the clocks are timing (or would be).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// When the clocks start.
    pub fn clock_start(&self) -> ClockStart {
        self.start
    }

    /// Whether this turn is timed: both sides have made their first move, or every
    /// move is timed.
    fn turn_is_timed(&self) -> bool {
        let first_timed_ply = match self.start {
            ClockStart::AfterFirstMoves => 2,
            ClockStart::White => 0,
        };
        self.ply >= first_timed_ply && !self.stopped
    }

    /// The moves `color` has made so far.
    pub fn moves_made(&self, color: Color) -> u32 {
        let ply = u32::try_from(self.ply).unwrap_or(u32::MAX);
        if color == self.first { ply.div_ceil(2) } else { ply / 2 }
    }

    /// The bonus `color` gets for its next move, in the stage it is in.
    fn bonus(&self, color: Color) -> Bonus {
        self.controls[color].bonus_after(self.moves_made(color))
    }

    /// Starts the side to move's clock afresh, if the turn is timed and the clocks are
    /// not paused.
    fn start_turn(&mut self, now: Instant) {
        self.used_this_turn = Duration::ZERO;
        self.running = (self.turn_is_timed() && !self.paused).then_some(Running { since: now });
    }

    /// Starts the clock of a resumed game (new games start by themselves once timed).
    pub fn start(&mut self, now: Instant) {
        if self.running.is_none() && !self.paused {
            self.start_turn(now);
        }
    }

    /// Time used so far on the current turn, before any delay is taken off.
    fn used(&self, now: Instant) -> Duration {
        let running = self.running.map_or(Duration::ZERO, |r| now.saturating_duration_since(r.since));
        self.used_this_turn.saturating_add(running)
    }

    /// What the clock of `color` shows at `now`.
    pub fn remaining(&self, color: Color, now: Instant) -> Duration {
        let base = self.remaining[color];
        if color != self.to_move || !self.is_timing() {
            return base;
        }
        let used = self.used(now);
        let charged = match self.bonus(color) {
            Bonus::Delay(delay) => used.saturating_sub(delay),
            _ => used,
        };
        base.saturating_sub(charged)
    }

    /// What the clock of `color` shows at `now`, with whether it runs and is low.
    pub fn face(&self, color: Color, now: Instant) -> ClockFace {
        let left = self.remaining(color, now);
        let threshold =
            (self.controls[color].base() / 10).clamp(Duration::from_secs(10), Duration::from_secs(60));
        let delay = match self.bonus(color) {
            Bonus::Delay(delay) if color == self.to_move && self.is_timing() => {
                Some(delay.saturating_sub(self.used(now))).filter(|d| !d.is_zero())
            }
            _ => None,
        };
        ClockFace {
            left,
            running: self.is_running() && color == self.to_move,
            low: left < threshold,
            to_go: self.controls[color].stage_after(self.moves_made(color)).1,
            delay,
        }
    }

    /// Whether the side to move's time is being counted (a timed turn, running or
    /// paused, in a game that is not over).
    pub fn is_timing(&self) -> bool {
        self.running.is_some() || self.paused && self.turn_is_timed()
    }

    /// Whether a clock is running right now (timed and not paused).
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Whether the clocks are paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether the clocks were stopped for good with [`Clocks::stop`].
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        (self.is_running() && self.remaining(self.to_move, now).is_zero()).then_some(self.to_move)
    }

    /// How long until something visible changes: the next tenth of a second from ten
    /// seconds down, otherwise the next second, and the flag's fall exactly (for the
    /// redraw timer). During a simple delay the clock stands still while the delay
    /// counts down in tenths. `None` when no clock runs.
    pub fn until_next_tick(&self, now: Instant) -> Option<Duration> {
        if !self.is_running() {
            return None;
        }
        let pending_delay = match self.bonus(self.to_move) {
            Bonus::Delay(delay) => delay.saturating_sub(self.used(now)),
            _ => Duration::ZERO,
        };
        if !pending_delay.is_zero() {
            let tenths = pending_delay.as_nanos() % 100_000_000;
            let until =
                if tenths == 0 { Duration::from_millis(100) } else { Duration::from_nanos(tenths as u64) };
            return Some(until.min(pending_delay));
        }
        let left = self.remaining(self.to_move, now);
        let step: u128 = if left <= Duration::from_secs(10) { 100_000_000 } else { 1_000_000_000 };
        let nanos = left.as_nanos() % step;
        let until_digit = Duration::from_nanos(if nanos == 0 { step } else { nanos } as u64);
        Some(pending_delay.saturating_add(until_digit.min(left.max(Duration::from_nanos(1)))))
    }

    /// Records that the side to move has moved at `now`: charges the time used, adds
    /// the bonus (and the next stage's time, for the move that completes a stage) and
    /// starts the opponent's clock. Returns the mover's time left (for a `%clk`
    /// comment). A bonus never lifts a clock past [`MAX_CLOCK_TIME`].
    ///
    /// A move made while the clocks are paused charges only the time used before the
    /// pause, and the clocks stay paused.
    pub fn on_move(&mut self, now: Instant) -> Duration {
        let mover = self.to_move;
        let made = self.moves_made(mover).saturating_add(1);
        if self.is_timing() {
            let used = self.used(now);
            let left = self.remaining(mover, now);
            let bonus = match self.bonus(mover) {
                Bonus::Increment(inc) => inc,
                Bonus::Bronstein(delay) if !left.is_zero() => used.min(delay),
                Bonus::None | Bonus::Delay(_) | Bonus::Bronstein(_) => Duration::ZERO,
            };
            self.remaining[mover] = left.saturating_add(bonus).min(MAX_CLOCK_TIME);
        }
        if !self.stopped {
            let next_stage = self.controls[mover].time_added_at(made);
            self.remaining[mover] = self.remaining[mover].saturating_add(next_stage).min(MAX_CLOCK_TIME);
        }
        self.ply = self.ply.saturating_add(1);
        self.to_move = !mover;
        self.start_turn(now);
        self.remaining[mover]
    }

    /// Stops both clocks.
    pub fn pause(&mut self, now: Instant) {
        if self.paused || self.stopped {
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
        if self.turn_is_timed() {
            self.running = Some(Running { since: now });
        }
    }

    /// Both clocks as of the start of the current turn (after a move: as they stand
    /// after it), for the game's history.
    pub fn times(&self) -> ByColor<Duration> {
        self.remaining
    }

    /// Sets both clocks to `times`, with `to_move` to play `ply` half-moves into the
    /// game, and starts that side's turn afresh (unless paused): for a move taken back
    /// or redone, or a result taken back, after which the game goes on.
    pub fn set(&mut self, times: ByColor<Duration>, ply: usize, to_move: Color, now: Instant) {
        self.remaining =
            ByColor { white: times.white.min(MAX_CLOCK_TIME), black: times.black.min(MAX_CLOCK_TIME) };
        self.ply = ply;
        self.to_move = to_move;
        self.stopped = false;
        self.start_turn(now);
    }

    /// Stops the clocks for good (the game is over), keeping what they show.
    pub fn stop(&mut self, now: Instant) {
        if self.is_timing() {
            let left = self.remaining(self.to_move, now);
            self.remaining[self.to_move] = left;
        }
        self.used_this_turn = Duration::ZERO;
        self.running = None;
        self.paused = false;
        self.stopped = true;
    }

    /// Stops the clocks for good with `color`'s time run out (a loss on time that is
    /// recorded again after being taken back).
    pub fn stop_flagged(&mut self, color: Color) {
        self.remaining[color] = Duration::ZERO;
        self.used_this_turn = Duration::ZERO;
        self.running = None;
        self.paused = false;
        self.stopped = true;
    }
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
    use super::control::decimal;
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
    fn time_controls_show_their_minutes_as_typed() {
        assert_eq!(tc("5+3").to_string(), "5+3");
        assert_eq!(tc("0.5+0").to_string(), "0.5+0");
        assert_eq!(tc("0.05+0").to_string(), "0.05+0");
        assert_eq!(tc("1.234+0").to_string(), "1.234+0");
        assert_eq!(decimal(1, 3), "0.333333");
    }

    #[test]
    fn time_controls_read_minutes_and_increment_seconds() {
        assert_eq!(tc("5+3"), TimeControl::new(secs(300.0), Bonus::Increment(secs(3.0))));
        assert_eq!(tc("0.5+0"), TimeControl::new(secs(30.0), Bonus::None));
        assert_eq!(tc("10"), TimeControl::new(secs(600.0), Bonus::None));
        for bad in ["", "+3", "x+1", "5+y", "-1+0", "0+0", "5+3+1", "nan+1", "99999+0"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    fn refusal(text: &str) -> String {
        text.parse::<TimeControl>().expect_err(text).to_string()
    }

    #[test]
    fn time_controls_are_plain_decimals() {
        for (text, reason) in [
            ("5++3", "expected an increment in seconds after '+'"),
            ("5+-1", "expected an increment"),
            ("5+1e1", "expected an increment"),
            ("5+inf", "expected an increment"),
            ("5+3+1", "expected an increment"),
            ("1e-10", "expected minutes such as 5 or 0.5"),
            ("1E2", "expected minutes"),
            ("+5", "expected minutes"),
            ("-0", "expected minutes"),
            ("inf", "expected minutes"),
            ("infinity+0", "expected minutes"),
            ("NaN", "expected minutes"),
            ("0x10", "expected minutes"),
            ("5,5", "every stage but the last needs a number of moves"),
            (".", "expected minutes"),
            ("1.2.3", "expected minutes"),
        ] {
            let err = refusal(text);
            assert!(err.starts_with(&format!("invalid time control {text:?}: {reason}")), "{text}: {err}");
        }
        assert_eq!(tc(" 5 + 3 "), tc("5+3"), "spaces around the numbers are fine");
        assert_eq!(tc(".5+0"), tc("0.5"));
        assert_eq!(tc("4.1").base(), Duration::from_secs(246), "exactly, not 245.999...");
    }

    #[test]
    fn time_controls_are_bounded_from_a_second_to_a_day_with_increments_up_to_an_hour() {
        assert_eq!(MAX_CLOCK_TIME, Duration::from_secs(1440 * 60), "the messages say a day");
        assert_eq!((MIN_BONUS, MAX_BONUS), (secs(0.1), secs(3600.0)), "the messages say so");
        assert_eq!(tc("1440+3600"), TimeControl::new(MAX_CLOCK_TIME, Bonus::Increment(MAX_BONUS)));
        assert_eq!(tc("0.02+0.1").stages()[0].bonus, Bonus::Increment(MIN_BONUS));
        assert_eq!(tc("0.02").base(), Duration::from_millis(1200));
        for (text, reason) in [
            ("0", "the base time must be at least a second"),
            ("0.01", "at least a second"),
            ("0.000000001", "at least a second"),
            ("1440.001", "the base time must be at most a day"),
            ("5124095576030431", "at most a day"),
            ("99999999999999999999999999999999999999999999+0", "at most a day"),
            ("5+0.05", "the increment must be 0, or from a tenth of a second to an hour"),
            ("5+0.0000001", "the increment must be 0"),
            ("5+3600.001", "the increment must be 0"),
            ("5+99999999999999999999999999999", "the increment must be 0"),
        ] {
            let err = refusal(text);
            assert!(err.contains(reason), "{text}: {err}");
        }
    }

    #[test]
    fn amounts_are_kept_to_the_millisecond_and_written_back_as_read() {
        let minute = Duration::from_secs(60);
        assert_eq!(parse_amount("1.00001", minute), Some(Duration::from_millis(60_001)), "60000.6 ms");
        assert_eq!(parse_amount("0.0004", Duration::from_secs(1)), Some(Duration::from_millis(1)));
        assert_eq!(parse_amount("0.000", Duration::from_secs(1)), Some(Duration::ZERO));
        assert_eq!(parse_amount("1.", Duration::from_secs(1)), Some(Duration::from_secs(1)));
        assert_eq!(parse_amount("9".repeat(60).as_str(), minute), Some(Duration::from_millis(u64::MAX)));
        for ms in
            (0..=MAX_CLOCK_TIME.as_millis() as u64).step_by(99_991).chain([1, 10, 100, 1500, 86_399_999])
        {
            let time = Duration::from_millis(ms);
            let text = format_seconds(time);
            assert_eq!(parse_amount(&text, Duration::from_secs(1)), Some(time), "{text}");
        }
        assert_eq!(format_seconds(secs(1.5)), "1.5");
        assert_eq!(format_seconds(Duration::from_millis(60_010)), "60.01");
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
    fn set_clocks_show_the_times_given_and_the_first_two_moves_stay_untimed() {
        let t0 = Instant::now();
        let mut clocks = timed(tc("1+1"), tc("1+1"), t0);
        clocks.on_move(t0 + secs(10.0));
        assert_eq!(clocks.times(), ByColor { white: secs(51.0), black: secs(60.0) });
        clocks.set(ByColor { white: secs(60.0), black: secs(60.0) }, 1, Color::Black, t0 + secs(20.0));
        assert!(!clocks.is_running(), "Black's first move is not timed");
        clocks.set(ByColor { white: secs(51.0), black: secs(60.0) }, 2, Color::White, t0 + secs(20.0));
        assert_eq!(clocks.remaining(Color::White, t0 + secs(25.0)), secs(46.0));
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

    #[test]
    fn the_redraw_timer_counts_a_simple_delay_down_in_tenths_and_the_clock_from_ten_seconds() {
        let t0 = Instant::now();
        let control = tc("1").with_bonus(Bonus::Delay(secs(3.0)));
        let clocks = timed(control, control, t0);
        assert_eq!(clocks.until_next_tick(t0 + secs(1.0)), Some(secs(0.1)), "the delay shows 2.0, then 1.9");
        assert_eq!(clocks.until_next_tick(t0 + secs(2.95)), Some(secs(0.05)), "the delay's end exactly");
        assert_eq!(clocks.until_next_tick(t0 + secs(3.0)), Some(secs(1.0)), "then 60 -> 59");
        let short = timed(tc("0.2+0"), tc("0.2+0"), t0);
        assert_eq!(short.until_next_tick(t0 + secs(2.0)), Some(secs(0.1)), "10.0 shows 9.9 next");
        assert_eq!(short.until_next_tick(t0 + secs(11.95)), Some(secs(0.05)), "the flag's fall exactly");
    }

    #[test]
    fn stopped_clocks_stand_still_until_a_move_or_result_is_taken_back() {
        let t0 = Instant::now();
        let mut clocks = timed(tc("1+0"), tc("1+0"), t0);
        clocks.on_move(t0 + secs(10.0)); // White 50, Black to move
        clocks.stop(t0 + secs(15.0));
        assert!(clocks.is_stopped() && !clocks.is_running());
        assert_eq!(clocks.remaining(Color::Black, t0 + secs(100.0)), secs(55.0));
        clocks.pause(t0 + secs(100.0));
        assert!(!clocks.is_paused(), "a finished game cannot be paused");
        let start_of_turn = ByColor { white: secs(50.0), black: secs(60.0) };
        clocks.set(start_of_turn, 3, Color::Black, t0 + secs(100.0));
        assert!(clocks.is_running(), "a result taken back: the game goes on");
        assert_eq!(clocks.remaining(Color::Black, t0 + secs(101.0)), secs(59.0), "from the turn's start");
        clocks.stop_flagged(Color::Black);
        assert_eq!(clocks.remaining(Color::Black, t0 + secs(200.0)), Duration::ZERO);
        clocks.set(ByColor { white: secs(60.0), black: secs(60.0) }, 2, Color::White, t0 + secs(200.0));
        assert!(clocks.is_running(), "a move taken back: the game goes on");
        assert_eq!(clocks.remaining(Color::White, t0 + secs(200.0)), secs(60.0));
    }

    #[test]
    fn a_move_while_paused_keeps_the_clocks_paused_and_pausing_before_the_start_is_harmless() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(tc("1+0"), tc("1+0"), Color::White);
        clocks.pause(t0);
        clocks.on_move(t0 + secs(5.0));
        clocks.on_move(t0 + secs(9.0));
        assert!(!clocks.is_running() && clocks.is_paused());
        clocks.resume(t0 + secs(20.0));
        assert_eq!(clocks.remaining(Color::White, t0 + secs(25.0)), secs(55.0));
    }

    #[test]
    fn no_time_on_the_clocks_can_overflow() {
        let t0 = Instant::now();
        let huge = Duration::MAX;
        for control in [
            TimeControl::new(huge, Bonus::Increment(huge)),
            TimeControl::new(huge, Bonus::Bronstein(huge)),
            TimeControl::new(huge, Bonus::Delay(huge)),
        ] {
            let mut clocks = Clocks::new(control, control, Color::White);
            clocks.set(ByColor { white: huge, black: huge }, 2, Color::White, t0);
            clocks.pause(t0 + secs(1e9));
            clocks.resume(t0 + secs(1e9));
            for ply in 0..4 {
                let left = clocks.on_move(t0 + secs(f64::from(ply)));
                assert!(left <= MAX_CLOCK_TIME, "{control:?}: {left:?}");
            }
            let _ = clocks.until_next_tick(t0);
            let _ = clocks.face(Color::White, t0);
            assert!(clocks.times().white <= MAX_CLOCK_TIME && clocks.times().black <= MAX_CLOCK_TIME);
        }
    }

    #[test]
    fn an_increment_never_lifts_a_clock_past_the_most_it_can_show() {
        let t0 = Instant::now();
        let day = tc("1440+60");
        let mut clocks = timed(day, day, t0);
        assert_eq!(clocks.on_move(t0 + secs(10.0)), MAX_CLOCK_TIME, "a day less 10 s, plus a minute");
        let bronstein = tc("1440").with_bonus(Bonus::Bronstein(secs(5.0)));
        let mut clocks = Clocks::new(bronstein, bronstein, Color::White);
        clocks.set(ByColor { white: MAX_CLOCK_TIME, black: MAX_CLOCK_TIME }, 2, Color::White, t0);
        assert_eq!(clocks.on_move(t0 + secs(3.0)), MAX_CLOCK_TIME, "3 s used, 3 s given back");
    }

    #[test]
    fn a_clock_is_low_under_a_tenth_of_its_base_time_between_ten_seconds_and_a_minute() {
        let t0 = Instant::now();
        let clocks = timed(tc("5+0"), tc("90+0"), t0);
        assert!(!clocks.face(Color::White, t0 + secs(269.0)).low);
        assert!(clocks.face(Color::White, t0 + secs(271.0)).low, "under 30 s of 5 min");
        assert!(clocks.face(Color::White, t0).running);
        assert!(!clocks.face(Color::Black, t0).running);
        let long = timed(tc("90+0"), tc("1+0"), t0);
        assert!(!long.face(Color::White, t0 + secs(5330.0)).low, "70 s left of 90 min");
        assert!(long.face(Color::White, t0 + secs(5350.0)).low);
        assert!(!long.face(Color::Black, t0).low, "a minute is low under 10 s");
    }

    #[test]
    fn stages_are_read_in_minutes_with_commas_or_in_pgn_seconds_with_colons() {
        let fide = tc("40/90+30,30+30");
        assert_eq!(tc("40/5400+30:1800+30"), fide);
        assert_eq!(
            fide.stages(),
            [
                Stage { moves: Some(40), time: secs(5400.0), bonus: Bonus::Increment(secs(30.0)) },
                Stage { moves: None, time: secs(1800.0), bonus: Bonus::Increment(secs(30.0)) },
            ]
        );
        assert_eq!(fide.to_string(), "40/90+30,30+30");
        assert_eq!(tc("40/120,20/60,15+30").to_string(), "40/120+0,20/60+0,15+30");
        assert_eq!(tc(fide.to_string().as_str()), fide, "what is shown reads back");
        for (text, reason) in [
            ("40/90", "the last stage is for the rest of the game"),
            ("90,30", "every stage but the last needs a number of moves"),
            ("0/90,30", "expected a number of moves from 1 to 999"),
            ("1000/90,30", "expected a number of moves"),
            ("x/90,30", "expected a number of moves"),
            ("40/0,30", "the base time must be at least a second"),
            ("40/90,0", "at least a second"),
            ("1/1,1/1,1/1,1/1,1", "at most four stages"),
            ("40/5400:x", "expected seconds such as 300"),
        ] {
            let err = refusal(text);
            assert!(err.contains(reason), "{text}: {err}");
        }
    }

    #[test]
    fn a_stage_counts_each_sides_own_moves_and_says_how_many_are_left() {
        let control = tc("2/1,3/1,1");
        assert_eq!(control.stage_after(0), (0, Some(2)));
        assert_eq!(control.stage_after(1), (0, Some(1)));
        assert_eq!(control.stage_after(2), (1, Some(3)));
        assert_eq!(control.stage_after(5), (2, None));
        assert_eq!(control.stage_after(500), (2, None));
        let added: Vec<u32> = (0..8).filter(|&n| !control.time_added_at(n).is_zero()).collect();
        assert_eq!(added, [2, 5], "the moves that complete a stage");
    }

    #[test]
    fn the_move_that_completes_a_stage_gets_the_next_stages_time() {
        let t0 = Instant::now();
        let control = tc("2/0.05+1,0.1+2"); // 2 moves in 3 s (+1 s each), then 6 s more (+2 s)
        let mut clocks = Clocks::new(control, control, Color::White);
        assert_eq!(clocks.face(Color::White, t0).to_go, Some(2));
        assert_eq!(clocks.on_move(t0), secs(3.0), "1. e4, not timed, so no increment");
        assert_eq!(clocks.on_move(t0), secs(3.0), "1... e5");
        assert_eq!(clocks.face(Color::White, t0).to_go, Some(1));
        assert_eq!(clocks.on_move(t0 + secs(1.0)), secs(9.0), "3 - 1 + 1, and the next 6 s");
        assert_eq!(clocks.face(Color::White, t0).to_go, None, "the last stage has no count");
        assert_eq!(clocks.face(Color::Black, t0).to_go, Some(1));
        assert_eq!(clocks.on_move(t0 + secs(3.0)), secs(8.0), "Black: 3 - 2 + 1 + 6");
        assert_eq!(clocks.on_move(t0 + secs(4.0)), secs(10.0), "the second stage's increment: 9 - 1 + 2");
    }

    #[test]
    fn a_flag_falls_in_every_stage() {
        let t0 = Instant::now();
        let control = tc("1/0.05,1/0.1,0.05");
        for stage in 0..3 {
            let mut clocks = Clocks::new(control, control, Color::White).starting(ClockStart::White);
            clocks.start(t0);
            for _ in 0..2 * stage {
                clocks.on_move(t0);
            }
            let left = clocks.remaining(Color::White, t0);
            assert_eq!(left, [secs(3.0), secs(9.0), secs(12.0)][stage], "stage {stage}");
            assert_eq!(clocks.flagged(t0 + left.saturating_sub(secs(0.001))), None, "stage {stage}");
            assert_eq!(clocks.flagged(t0 + left), Some(Color::White), "stage {stage}");
        }
    }

    #[test]
    fn clocks_started_by_white_time_every_move_and_add_the_increment_from_move_one() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(tc("1+2"), tc("1+2"), Color::White).starting(ClockStart::White);
        clocks.start(t0);
        assert!(clocks.is_running(), "White's clock runs from the start");
        assert_eq!(clocks.remaining(Color::White, t0 + secs(5.0)), secs(55.0));
        assert_eq!(clocks.on_move(t0 + secs(5.0)), secs(57.0), "1. e4 after 5 s: 60 - 5 + 2");
        assert_eq!(clocks.on_move(t0 + secs(8.0)), secs(59.0), "1... e5 after 3 s");
        assert_eq!(ClockStart::from_name("white"), Some(ClockStart::White));
        assert_eq!(
            ClockStart::from_name(ClockStart::AfterFirstMoves.name()),
            Some(ClockStart::AfterFirstMoves)
        );
    }

    #[test]
    fn a_simple_delay_counts_down_beside_the_clock_before_the_time_runs() {
        let t0 = Instant::now();
        let control = tc("1").with_bonus(Bonus::Delay(secs(3.0)));
        let clocks = timed(control, control, t0);
        let face = clocks.face(Color::White, t0 + secs(0.8));
        assert_eq!((face.left, face.delay), (secs(60.0), Some(secs(2.2))));
        assert_eq!(clocks.face(Color::White, t0 + secs(3.0)).delay, None, "the delay is used up");
        assert_eq!(clocks.face(Color::Black, t0).delay, None, "only the side to move's delay counts down");
        let untimed = Clocks::new(control, control, Color::White);
        assert_eq!(untimed.face(Color::White, t0).delay, None, "nor before the clocks start");
    }
}
