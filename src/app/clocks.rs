//! The app's chess clocks: started, stopped, taken back and flagged along with the game.
//!
//! The app never reads the time itself. [`Action::Tick`](super::Action::Tick) brings the
//! time from the loop (before every other action, and whenever the shown time
//! changes); everything here happens at the last tick's instant, so the screen is a
//! function of the app alone and tests run on made-up instants.

use std::time::{Duration, Instant};

use super::{App, Change};
use crate::chess::{Color, Outcome, Reason};
use crate::clock::{ClockFace, Clocks};

/// The clocks and the time of the last tick.
#[derive(Clone, Debug)]
pub(super) struct Timing {
    clocks: Clocks,
    now: Instant,
}

impl App {
    /// Plays with `clocks`, as of `now`. A game that is already under way (loaded
    /// from a record) starts with the clocks paused, so nobody's time runs before the
    /// players are back at the board: a move or the pause key starts them.
    #[must_use]
    pub fn with_clocks(mut self, mut clocks: Clocks, now: Instant) -> App {
        if self.game.is_over() {
            clocks.stop(now);
        } else {
            clocks.start(now);
            if clocks.is_running() {
                clocks.pause(now);
                self.info("The clocks are paused: a move starts them again.");
            }
        }
        self.timing = Some(Timing { clocks, now });
        self
    }

    /// The clocks, if the game has them.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.timing.as_ref().map(|t| &t.clocks)
    }

    /// What the clock of `color` shows, as of the last tick.
    pub fn clock_face(&self, color: Color) -> Option<ClockFace> {
        self.timing.as_ref().map(|t| t.clocks.face(color, t.now))
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
    pub(super) fn tick(&mut self, now: Instant) {
        let Some(timing) = &mut self.timing else { return };
        timing.now = now;
        let Some(color) = timing.clocks.flagged(now) else { return };
        timing.clocks.stop(now);
        if self.game.is_over() {
            return;
        }
        self.game.flag(color);
        self.redo.clear();
        self.prompt = None;
        self.promotion = None;
        self.selection = None;
        self.press = None;
        self.message = None;
        if let Some(outcome) = self.game.outcome() {
            self.changes.push(Change::Recorded(outcome));
        }
    }

    /// [`Action::Pause`](super::Action::Pause): stops both clocks, or starts them again.
    pub(super) fn toggle_pause(&mut self) {
        let over = self.game.is_over();
        let Some(timing) = &mut self.timing else {
            self.error("This game has no clocks: start one with a time control, such as --clock 5+3.");
            return;
        };
        let (clocks, now) = (&mut timing.clocks, timing.now);
        if over {
            self.error("The game is over: the clocks have stopped.");
        } else if clocks.is_paused() {
            clocks.resume(now);
            self.info("The clocks are running again.");
        } else if clocks.is_running() {
            clocks.pause(now);
            self.info("The clocks are paused.");
        } else {
            self.info("Nothing to pause yet: the clocks start once both sides have made their first move.");
        }
    }

    /// A move was played: charge the mover's time and start the other clock, or bring
    /// back the times after a redone move. A move made while the clocks are paused
    /// starts them again.
    pub(super) fn clocks_moved(&mut self, redone: bool) {
        let over = self.game.is_over();
        let Some(Timing { clocks, now }) = &mut self.timing else { return };
        if redone && clocks.redo(*now) {
            // Redo brings back the game as it was, paused or not.
        } else {
            clocks.resume(*now);
            clocks.on_move(*now);
        }
        if over {
            clocks.stop(*now);
        }
    }

    /// The last move was taken back: both clocks show what they showed then.
    pub(super) fn clocks_move_taken_back(&mut self) {
        if let Some(Timing { clocks, now }) = &mut self.timing {
            clocks.undo(*now);
        }
    }

    /// A recorded result was taken back and the game goes on: the turn starts over,
    /// with the times shown when the position was reached.
    pub(super) fn clocks_result_taken_back(&mut self) {
        if let Some(Timing { clocks, now }) = &mut self.timing {
            clocks.restart_turn(*now);
        }
    }

    /// A result was recorded (or recorded again by redo): the clocks stop, a loss on
    /// time with the flag down.
    pub(super) fn clocks_result_recorded(&mut self, outcome: Outcome) {
        let turn = self.game.turn();
        let Some(Timing { clocks, now }) = &mut self.timing else { return };
        match outcome.reason {
            Reason::Timeout | Reason::TimeoutWithInsufficientMaterial => clocks.stop_flagged(turn),
            _ => clocks.stop(*now),
        }
    }

    /// Fresh clocks with the same time controls, for a new game.
    pub(super) fn fresh_timing(&self) -> Option<Timing> {
        let timing = self.timing.as_ref()?;
        let controls = timing.clocks.controls();
        let clocks = Clocks::new(controls.white, controls.black, self.game.start().turn());
        Some(Timing { clocks, now: timing.now })
    }
}
