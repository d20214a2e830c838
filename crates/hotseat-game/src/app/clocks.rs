//! The app's chess clocks: charged, set back, stopped and flagged along with the game.
//!
//! The app never reads the time itself. [`Action::Tick`](super::Action::Tick) brings the
//! time from the loop (before every other action, and whenever the shown time
//! changes); everything here happens at the last tick's instant, so the screen is a
//! function of the app alone and tests run on made-up instants. The clocks keep only
//! their running state: the times of every move are in the [`Timeline`](super::Timeline),
//! and the clocks are set from it on undo and redo.

use std::time::{Duration, Instant};

use super::timeline::{Ply, Timeline};
use super::{App, Focus, strings};
use crate::clock::{ClockFace, ClockStart, Clocks, MAX_CLOCK_TIME, TimeControl};
use hotseat_chess::{ByColor, Color, Outcome, Reason};

/// The bell rings as a clock falls under this.
pub const BELL_UNDER: Duration = Duration::from_secs(10);

impl App {
    /// Plays with clocks of these time controls, as of `now`, where `recorded[i]` is
    /// the mover's time after move `i` of a loaded game when the record says it (its
    /// `%clk` comments). A game that is already under way starts with the clocks
    /// paused, so nobody's time runs before the players are back at the board: a move
    /// or the pause key starts them.
    #[must_use]
    pub fn with_clocks(
        self,
        controls: ByColor<TimeControl>,
        recorded: &[Option<Duration>],
        now: Instant,
    ) -> App {
        self.with_clocks_starting(&controls, ClockStart::default(), recorded, now)
    }

    /// Plays with clocks as [`App::with_clocks`] does, started as `start` says. With
    /// [`ClockStart::White`], the first mover's clock runs from the start of a new game.
    #[must_use]
    pub fn with_clocks_starting(
        mut self,
        controls: &ByColor<TimeControl>,
        start: ClockStart,
        recorded: &[Option<Duration>],
        now: Instant,
    ) -> App {
        self.start_clocks(controls, start, recorded, now);
        let under_way = self.game().ply() > 0;
        if under_way && self.round.clocks.as_ref().is_some_and(Clocks::is_running) {
            if let Some(clocks) = &mut self.round.clocks {
                clocks.pause(now);
            }
            self.info(strings::CLOCKS_PAUSED_ON_LOAD);
        }
        self
    }

    /// The clocks running or paused as `paused` says, with nothing said about it: a
    /// copy of a game whose clocks are kept elsewhere (a view of a hosted game), where
    /// a game under way is not paused as on loading a file, but ticks as the host's does.
    #[must_use]
    pub fn with_clocks_paused(mut self, paused: bool, now: Instant) -> App {
        let over = self.round.timeline.game().is_over();
        if let Some(clocks) = &mut self.round.clocks
            && !over
        {
            if paused && clocks.is_running() && !clocks.is_paused() {
                clocks.pause(now);
            } else if !paused && clocks.is_paused() {
                clocks.resume(now);
            }
        }
        if self.round.message.as_ref().is_some_and(|m| m.text == strings::CLOCKS_PAUSED_ON_LOAD) {
            self.round.message = None;
        }
        self
    }

    /// The side to move's clock shows `left`: the game was saved in the middle of a
    /// turn, and the time that turn used is not given back. The clocks stay paused
    /// until a move or the pause key starts them.
    #[must_use]
    pub fn with_time_left(mut self, left: Duration) -> App {
        let (ply, turn) = (self.game().ply(), self.game().turn());
        let (Some(clocks), Some(now)) = (&mut self.round.clocks, self.now) else { return self };
        if !clocks.is_timing() || self.round.timeline.game().is_over() {
            return self;
        }
        let mut times = clocks.times();
        times[turn] = left;
        let paused = clocks.is_paused();
        clocks.set(times, ply, turn, now);
        if paused || clocks.is_running() {
            clocks.pause(now);
        }
        self
    }

    /// Gives the game in play fresh clocks of these time controls.
    pub(super) fn start_clocks(
        &mut self,
        controls: &ByColor<TimeControl>,
        clock_start: ClockStart,
        recorded: &[Option<Duration>],
        now: Instant,
    ) {
        self.now = Some(now);
        let start = ByColor { white: controls.white.base(), black: controls.black.base() };
        let timeline = &mut self.round.timeline;
        timeline.set_times(start, recorded, |color, n| controls[color].time_added_at(n));
        let ply = timeline.game().ply();
        let mut clocks =
            Clocks::new(controls.white, controls.black, timeline.game().start().turn()).starting(clock_start);
        let mut times = times_at(timeline, controls, ply).unwrap_or(start);
        if let Some(fallen) = timeline.game().outcome().and_then(|o| fallen_flag(o, timeline.game().turn())) {
            times[fallen] = Duration::ZERO;
        }
        clocks.set(times, ply, timeline.game().turn(), now);
        if timeline.game().is_over() {
            clocks.stop(now);
        }
        self.round.clocks = Some(clocks);
    }

    /// Both clocks as they stood when the position after `ply` half-moves was reached
    /// (with the time of any stage completed since the last time known); `None` for a
    /// game without clocks.
    pub fn clock_times_at(&self, ply: usize) -> Option<ByColor<Duration>> {
        times_at(&self.round.timeline, &self.clocks()?.controls(), ply)
    }

    /// The clocks, if the game has them.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.round.clocks.as_ref()
    }

    /// What the clock of `color` shows, as of the last tick.
    pub fn clock_face(&self, color: Color) -> Option<ClockFace> {
        Some(self.clocks()?.face(color, self.now?))
    }

    /// The time control, as typed (`3+2`), each side's when they differ, with the stage
    /// the side to move is in for a control of several (`40/90+30,30+30, stage 1 of 2`).
    pub fn time_control(&self) -> Option<String> {
        let clocks = self.clocks()?;
        let controls = clocks.controls();
        let stage = |color: Color| {
            let control = controls[color];
            let count = control.stages().len();
            let (at, _) = control.stage_after(clocks.moves_made(color));
            if count > 1 { format!("{control}, stage {} of {count}", at + 1) } else { control.to_string() }
        };
        let turn = clocks.to_move();
        Some(if controls.white == controls.black {
            stage(turn)
        } else {
            format!("White {}; Black {}", stage(Color::White), stage(Color::Black))
        })
    }

    /// Whether the clocks are paused.
    pub fn clocks_paused(&self) -> bool {
        self.clocks().is_some_and(Clocks::is_paused)
    }

    /// How long the loop may wait for a key before the shown time changes (or a flag
    /// falls); `None` when no clock runs, so it can block.
    pub fn until_next_tick(&self, now: Instant) -> Option<Duration> {
        self.clocks()?.until_next_tick(now)
    }

    /// [`Action::Tick`](super::Action::Tick): the time is `now`; a flag may have fallen.
    /// The bell rings (for players who want it) as the clock to move falls under
    /// [`BELL_UNDER`] and at a flag fall.
    pub(super) fn tick(&mut self, now: Instant) {
        let before = self.now.replace(now);
        let Some(clocks) = &mut self.round.clocks else { return };
        let turn = clocks.to_move();
        let fell_under = before.is_some_and(|before| {
            clocks.is_running()
                && clocks.remaining(turn, before) >= BELL_UNDER
                && clocks.remaining(turn, now) < BELL_UNDER
        });
        let flagged = clocks.flagged(now).filter(|_| !self.flags_called_elsewhere);
        if let Some(color) = flagged {
            clocks.stop(now);
            if !self.game().is_over() {
                self.decide(|game| game.flag(color));
            }
        }
        if fell_under || flagged.is_some() {
            self.ring();
        }
    }

    /// The referee elsewhere says `color`'s flag fell: the game is lost (or drawn) on
    /// time, as the referee's clock has it.
    pub fn flag(&mut self, color: Color) {
        if let (Some(clocks), Some(now)) = (&mut self.round.clocks, self.now) {
            clocks.stop(now);
        }
        if !self.game().is_over() {
            self.decide(|game| game.flag(color));
        }
    }

    /// The clocks show `left`, running for the side to move or paused, as the referee
    /// elsewhere has them.
    pub fn set_clocks(&mut self, left: ByColor<Duration>, paused: bool) {
        let (ply, turn, over) = (self.game().ply(), self.game().turn(), self.game().is_over());
        let (Some(clocks), Some(now)) = (&mut self.round.clocks, self.now) else { return };
        clocks.set(left, ply, turn, now);
        if over {
            clocks.stop(now);
        } else if paused && clocks.is_running() && !clocks.is_paused() {
            clocks.pause(now);
        } else if !paused && clocks.is_paused() {
            clocks.resume(now);
        }
    }

    /// The arbiter stops the clocks (`hold`: the player to move is away) or lets them
    /// go on; whether they changed.
    pub fn hold_clocks(&mut self, hold: bool) -> bool {
        let over = self.game().is_over();
        let (Some(clocks), Some(now)) = (&mut self.round.clocks, self.now) else { return false };
        if over {
            return false;
        }
        if hold && clocks.is_running() && !clocks.is_paused() {
            clocks.pause(now);
            return true;
        }
        if !hold && clocks.is_paused() {
            clocks.resume(now);
            return true;
        }
        false
    }

    /// [`Action::Suspend`](super::Action::Suspend): the program is stopped; running
    /// clocks are paused until a move or the pause key.
    pub(super) fn suspend(&mut self, now: Instant) {
        self.tick(now);
        let Some(clocks) = &mut self.round.clocks else { return };
        if clocks.is_running() {
            clocks.pause(now);
            self.info(strings::CLOCKS_PAUSED_WHILE_STOPPED);
        }
    }

    /// [`Command::Pause`](super::Command::Pause): stops both clocks, or starts them again.
    pub(super) fn toggle_pause(&mut self) {
        let over = self.game().is_over();
        let (Some(clocks), Some(now)) = (&mut self.round.clocks, self.now) else {
            self.error(strings::NO_CLOCKS);
            return;
        };
        let message = if over {
            Err(strings::CLOCKS_STOPPED)
        } else if clocks.is_paused() {
            clocks.resume(now);
            Ok(strings::CLOCKS_RUNNING)
        } else if clocks.is_running() {
            clocks.pause(now);
            Ok(strings::CLOCKS_PAUSED)
        } else {
            Ok(strings::CLOCKS_NOT_STARTED)
        };
        match message {
            Ok(text) => self.info(text),
            Err(text) => self.error(text),
        }
    }

    /// The side to move is moving: charges its time and starts the other clock (a move
    /// made while the clocks are paused starts them again). Returns both clocks as they
    /// stand after the move, for the game's history.
    pub(super) fn clocks_before_move(&mut self) -> Option<ByColor<Duration>> {
        let (clocks, now) = (self.round.clocks.as_mut()?, self.now?);
        clocks.resume(now);
        clocks.on_move(now);
        Some(clocks.times())
    }

    /// A move was played: a move that was taken back and played again brings back its
    /// times; a move that ended the game stops the clocks.
    pub(super) fn clocks_after_move(&mut self, redone: Option<Ply>) {
        if redone.is_some_and(|ply| ply.times.is_some()) {
            self.clocks_after_step();
        } else if self.game().is_over()
            && let (Some(clocks), Some(now)) = (&mut self.round.clocks, self.now)
        {
            clocks.stop(now);
        }
    }

    /// A move or a result was taken back, or a move redone: both clocks show what they
    /// showed when the position was reached, and the side to move's clock starts from
    /// there (stopped if the game is over).
    pub(super) fn clocks_after_step(&mut self) {
        let timeline = &self.round.timeline;
        let ply = timeline.game().ply();
        let Some(controls) = self.round.clocks.as_ref().map(Clocks::controls) else { return };
        let (Some(clocks), Some(now), Some(times)) =
            (&mut self.round.clocks, self.now, times_at(timeline, &controls, ply))
        else {
            return;
        };
        clocks.set(times, ply, timeline.game().turn(), now);
        if let Some(outcome) = timeline.game().outcome() {
            stop(clocks, outcome, timeline.game().turn(), now);
        }
    }

    /// A result was recorded (or recorded again by redo): the clocks stop, a loss on
    /// time with the flag down.
    pub(super) fn clocks_after_result(&mut self, outcome: Outcome) {
        let turn = self.game().turn();
        if let (Some(clocks), Some(now)) = (&mut self.round.clocks, self.now) {
            stop(clocks, outcome, turn, now);
        }
        if matches!(self.round.focus, Focus::Holding(_) | Focus::Promotion(_) | Focus::Question(_)) {
            self.round.focus = Focus::Idle;
        }
    }
}

/// Both clocks as they stood when the position after `ply` half-moves was reached:
/// the last times known (measured here or read from a record), with the time of every
/// stage completed since (a record without clock times, say, resumed in a later
/// Whose flag fell, when the game was lost (or drawn) on time: the side whose clock
/// ran out shows 0:00, whatever it showed after its last move. A flag falls on its
/// side's turn: a draw on time against a lone king is `turn`'s flag.
fn fallen_flag(outcome: Outcome, turn: Color) -> Option<Color> {
    match outcome.reason {
        Reason::Timeout => outcome.result.winner().map(|winner| !winner),
        Reason::TimeoutWithInsufficientMaterial => Some(turn),
        _ => None,
    }
}

/// stage).
fn times_at(timeline: &Timeline, controls: &ByColor<TimeControl>, ply: usize) -> Option<ByColor<Duration>> {
    let (known, mut times) = timeline.times_known_at(ply)?;
    let first = timeline.game().start().turn();
    let made = |color: Color, ply: usize| {
        let ply = u32::try_from(ply).unwrap_or(u32::MAX);
        if color == first { ply.div_ceil(2) } else { ply / 2 }
    };
    for color in [Color::White, Color::Black] {
        for n in made(color, known) + 1..=made(color, ply) {
            times[color] = times[color].saturating_add(controls[color].time_added_at(n)).min(MAX_CLOCK_TIME);
        }
    }
    Some(times)
}

fn stop(clocks: &mut Clocks, outcome: Outcome, turn: Color, now: Instant) {
    match outcome.reason {
        Reason::Timeout | Reason::TimeoutWithInsufficientMaterial => clocks.stop_flagged(turn),
        _ => clocks.stop(now),
    }
}
