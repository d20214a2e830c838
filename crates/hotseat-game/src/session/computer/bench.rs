//! The engine's bench: the engine playing at the board (or none), one on its way to
//! the board, and how to start one when a side is handed to it mid-game (Ctrl-B). A
//! [`Source`] of the session: what the engine decides comes to the door as deeds.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use super::StartError;
use super::{Chooser, Computer, DEFAULT_LEVEL, LOOK_EVERY, Sides, Strength, strings};
use crate::app::{App, Message, Refusal};
use crate::engine;
use crate::session::sources::{Arrival, Source};
use crate::session::{Feeder, Waker};
use hotseat_chess::{ByColor, Color};

/// An engine being started for a side handed to it mid-game, on a thread of its own
/// (its greeting may take up to the handshake's deadline): the loop goes on meanwhile.
struct Starting {
    side: Color,
    started: Receiver<Result<Computer, StartError>>,
    /// Ends the engine if the start is called off or the game closed meanwhile, so no
    /// engine outlives the game (its thread would not be waited for).
    stopper: engine::Stopper,
}

/// The engine's seats.
pub struct Bench {
    computer: Option<Computer>,
    /// The engine named on the command line (else the first one found), and the
    /// strength asked for, for an engine started mid-game.
    engine: Option<PathBuf>,
    strength: Strength,
    starting: Option<Starting>,
    /// What wakes the loop when an engine's answer is ready.
    waker: Option<Waker>,
}

impl Default for Bench {
    fn default() -> Bench {
        Bench::new(None, Strength::Level(DEFAULT_LEVEL))
    }
}

impl Bench {
    /// No engine at the board yet; one started later is the one at `engine`, playing
    /// at `strength`.
    pub fn new(engine: Option<PathBuf>, strength: Strength) -> Bench {
        Bench { computer: None, engine, strength, starting: None, waker: None }
    }

    /// The same bench with `computer` at the board (none: as it was).
    #[must_use]
    pub fn with_computer(mut self, computer: Option<Computer>) -> Bench {
        if computer.is_some() {
            self.computer = computer;
            self.wake_computer();
        }
        self
    }

    /// Has `waker` woken the loop whenever an engine's answer is ready, this engine's
    /// and any started later.
    pub fn wake_with(&mut self, waker: Waker) {
        self.waker = Some(waker);
        self.wake_computer();
    }

    fn wake_computer(&self) {
        if let (Some(computer), Some(waker)) = (&self.computer, &self.waker) {
            computer.wake_with(waker.clone());
        }
    }

    /// A move was made: the engine, if it is its turn now, starts thinking at once.
    pub fn think(&mut self, app: &App, now: Instant) {
        if let Some(computer) = &mut self.computer {
            computer.think(app, now);
        }
    }

    /// The engine at the board, taken off the bench.
    pub fn take(&mut self) -> Option<Computer> {
        self.computer.take()
    }

    /// The engine at the board, if one is.
    pub fn computer(&self) -> Option<&Computer> {
        self.computer.as_ref()
    }

    /// The sides the engine plays now.
    pub fn sides(&self) -> ByColor<bool> {
        let plays = |color| self.computer.as_ref().is_some_and(|computer| computer.plays(color));
        ByColor { white: plays(Color::White), black: plays(Color::Black) }
    }

    /// Whether it is the engine's turn in the game as `app` has it.
    pub fn due(&self, app: &App) -> bool {
        self.computer.as_ref().is_some_and(|computer| computer.is_due(app))
    }

    /// How the saved game names the engine's seat, when an engine is at the board.
    pub fn seat_name(&self) -> Option<String> {
        self.computer.as_ref().map(Computer::seat_name)
    }

    /// Ctrl-B: takes back the sides the engine plays, or hands it `side` when that
    /// seat is `open` to it. With no engine yet (or one lost earlier), one is started
    /// on a thread of its own and takes the side when it has greeted; asked again
    /// meanwhile, the start is called off. Never waits for the engine.
    pub fn hand_over(&mut self, app: &App, side: Color, open: ByColor<bool>) -> Message {
        // An engine lost earlier in the game is replaced by a new one.
        if self.computer.as_ref().is_some_and(Computer::is_gone) {
            self.computer = None;
        }
        if let Some(computer) = &mut self.computer {
            if !computer.plays_any() && !open[side] {
                return Message::error(strings::seat_held(side));
            }
            return computer.hand_over(side);
        }
        if let Some(starting) = self.starting.take() {
            starting.stopper.stop();
            return Message::info(strings::START_CALLED_OFF);
        }
        if !open[side] {
            return Message::error(strings::seat_held(side));
        }
        let sides = match side {
            Color::White => Sides::White,
            Color::Black => Sides::Black,
        };
        let engine = self.engine.clone();
        let strength = self.strength;
        let chess960 = app.game().start().is_chess960();
        let (send, started) = mpsc::channel();
        let stopper = engine::Stopper::default();
        let stops = stopper.clone();
        let spawned = std::thread::Builder::new().name("engine-start".into()).spawn(move || {
            let computer = engine::locate(engine.as_deref()).map_err(StartError::from).and_then(|path| {
                Computer::start_stoppable(&path, strength, sides, chess960, Chooser::random(), &stops)
            });
            // Called off meanwhile: the engine goes with `computer`, dropped here.
            let _ = send.send(computer);
        });
        match spawned {
            Ok(_) => {
                self.starting = Some(Starting { side, started, stopper });
                Message::info(strings::starting(side))
            }
            Err(err) => Message::error(strings::not_started(side, &err.to_string())),
        }
    }

    /// An engine started mid-game that has greeted (or failed to): it takes its side,
    /// and the players are told either way.
    fn arrived(&mut self) -> Option<Arrival> {
        let starting = self.starting.as_ref()?;
        let side = starting.side;
        let arrived = match starting.started.try_recv() {
            Err(TryRecvError::Empty) => return None,
            Ok(arrived) => arrived,
            Err(TryRecvError::Disconnected) => Err(StartError::Engine(engine::EngineError::Exited)),
        };
        self.starting = None;
        Some(Arrival::News(match arrived {
            Ok(computer) => {
                let said = computer.playing();
                self.computer = Some(computer);
                self.wake_computer();
                said
            }
            Err(why) => Message::error(strings::not_started(side, &why.to_string())),
        }))
    }
}

impl Source for Bench {
    fn poll(&mut self, app: &App, now: Instant) -> Vec<Arrival> {
        let mut arrived: Vec<Arrival> = self.arrived().into_iter().collect();
        if let Some(computer) = &mut self.computer {
            arrived.extend(computer.play(app, now));
        }
        arrived
    }

    fn next_look(&self, app: &App) -> Option<Duration> {
        // An engine on its way takes its side as soon as it has greeted; an engine at
        // the board is asked often on its turn, so its move shows at once.
        if self.starting.is_some() || self.due(app) {
            Some(LOOK_EVERY)
        } else {
            self.computer.as_ref().map(|_| crate::session::POLL_EVERY)
        }
    }

    fn refused(&mut self, _app: &App, _feeder: Feeder, _refusal: Refusal) {
        // A program's deed refused (a question of the players' own was open): it is
        // decided again at its next turn.
    }
}

impl Drop for Bench {
    fn drop(&mut self) {
        if let Some(starting) = self.starting.take() {
            starting.stopper.stop();
        }
    }
}
