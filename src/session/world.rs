//! The real world outside the game, for every face: the game saved as it is played
//! (the [`Recorder`]), the engine reviewing it (the [`Reviewer`]), and the bell and
//! the clipboard, both through the terminal's own bytes on standard output.

use std::io::Write;
use std::path::PathBuf;

use super::computer::{self, Chooser, Coach, Computer, DEFAULT_LEVEL, Sides, Strength};
use super::host::Host;
use super::recorder::Recorder;
use super::reviewer::Reviewer;
use super::seats::Seats;
use super::strings;
use crate::app::{Action, App, Effect, Message};
use crate::clipboard;
use crate::engine;
use crate::engine::Limit;
use hotseat_chess::{ByColor, Color};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// An engine being started for a side handed to it mid-game, on a thread of its own
/// (its greeting may take up to the handshake's deadline): the loop goes on meanwhile.
struct Starting {
    side: Color,
    started: Receiver<Result<Computer, String>>,
    /// Ends the engine if the start is called off or the game closed meanwhile, so no
    /// engine outlives the game (its thread would not be waited for).
    stopper: engine::Stopper,
}

/// The host of a real game: every effect the app asks for is carried out here.
pub struct World<'r> {
    recorder: &'r mut Recorder,
    /// A game opened to look through: nothing is saved, and the players are told so.
    read_only: bool,
    reviewer: Reviewer,
    /// The engine playing a seat, or both (`--computer`).
    computer: Option<Computer>,
    /// The engine named on the command line, and the strength asked for, for an
    /// engine started when a side is handed to it mid-game.
    engine: Option<PathBuf>,
    strength: Strength,
    /// The coach (`--coach`), if one is on.
    coach: Option<Coach>,
    /// An engine on its way to the board (Ctrl-B with none yet).
    starting: Option<Starting>,
}

impl<'r> World<'r> {
    /// The world of a game saved by `recorder` (never, when `read_only`), reviewed by
    /// the engine at `engine` when one is named (otherwise the first one found).
    pub fn new(recorder: &'r mut Recorder, read_only: bool, engine: Option<PathBuf>) -> World<'r> {
        World {
            recorder,
            read_only,
            reviewer: Reviewer::new(engine.clone(), Limit::default()),
            computer: None,
            engine,
            strength: Strength::Level(DEFAULT_LEVEL),
            coach: None,
            starting: None,
        }
    }

    /// The same world with an engine playing at the board.
    pub fn with_computer(mut self, computer: Option<Computer>) -> World<'r> {
        self.computer = computer;
        self
    }

    /// The same world with a coach.
    pub fn with_coach(mut self, coach: Option<Coach>) -> World<'r> {
        self.coach = coach;
        self
    }

    /// A hint asked for: the coach's, counted in the saved game's tags.
    fn hint(&mut self, app: &App) -> Message {
        let Some(coach) = &mut self.coach else { return Message::error(computer::NO_COACH) };
        let said = coach.hint(app);
        let hints = coach.hints();
        self.recorder.set_tag(computer::HINTS_TAG, &computer::hints_tag(hints));
        said
    }

    /// The same world with `strength` for an engine started mid-game.
    pub fn with_strength(mut self, strength: Strength) -> World<'r> {
        self.strength = strength;
        self
    }

    /// Hands the side not to move to the engine, or takes back the sides it plays.
    /// With no engine yet (or one lost earlier), one is started on a thread of its own and takes the side
    /// when it has greeted ([`World::arrivals`]); asked again meanwhile, it is called
    /// off. Never waits for the engine.
    fn hand_over(&mut self, app: &App) -> Message {
        // An engine lost earlier in the game is replaced by a new one.
        if self.computer.as_ref().is_some_and(Computer::is_gone) {
            self.computer = None;
        }
        if let Some(computer) = &mut self.computer {
            return computer.hand_over(app.game().turn());
        }
        if let Some(starting) = self.starting.take() {
            starting.stopper.stop();
            return Message::info(computer::strings::START_CALLED_OFF);
        }
        let side = !app.game().turn();
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
            let computer = engine::locate(engine.as_deref())
                .map_err(|err| crate::app::strings::engine_failed(&err))
                .and_then(|path| {
                    Computer::start_stoppable(&path, strength, sides, chess960, Chooser::random(), &stops)
                });
            // Called off meanwhile: the engine goes with `computer`, dropped here.
            let _ = send.send(computer);
        });
        match spawned {
            Ok(_) => {
                self.starting = Some(Starting { side, started, stopper });
                Message::info(computer::strings::starting(side))
            }
            Err(err) => Message::error(computer::strings::not_started(side, &err.to_string())),
        }
    }

    /// An engine started mid-game that has greeted (or failed to): it takes its side,
    /// and the players are told either way.
    fn arrivals(&mut self) -> Option<Action> {
        let starting = self.starting.as_ref()?;
        let side = starting.side;
        let arrived = match starting.started.try_recv() {
            Err(TryRecvError::Empty) => return None,
            Ok(arrived) => arrived,
            Err(TryRecvError::Disconnected) => {
                Err(crate::app::strings::engine_failed(&engine::EngineError::Exited))
            }
        };
        self.starting = None;
        Some(Action::Report(match arrived {
            Ok(computer) => {
                let said = computer.playing();
                self.computer = Some(computer);
                said
            }
            Err(why) => Message::error(computer::strings::not_started(side, &why)),
        }))
    }

    /// The sides the engine plays now.
    fn engine_sides(&self) -> ByColor<bool> {
        let plays = |color| self.computer.as_ref().is_some_and(|computer| computer.plays(color));
        ByColor { white: plays(Color::White), black: plays(Color::Black) }
    }

    /// Says in the saved game where a side changed hands since `before` (handed to the
    /// engine or back, or back because the engine stopped): the players' tags name who
    /// sat down at the start, the comments who played from where.
    /// Saved at once, as the moves are: what a failed save says, if anything.
    fn note_hand_overs(&mut self, app: &App, before: ByColor<bool>) -> Option<Message> {
        let after = self.engine_sides();
        if before == after {
            return None;
        }
        for color in [Color::White, Color::Black] {
            if before[color] == after[color] {
                continue;
            }
            let text = match (&self.computer, after[color]) {
                (Some(computer), true) => {
                    computer::strings::played_by_engine_from_here(color, &computer.seat_name())
                }
                _ => computer::strings::played_by_a_person_from_here(color),
            };
            self.recorder.note(app.game().ply(), text);
        }
        if self.read_only { None } else { self.recorder.carry_out(app, Effect::Save) }
    }

    /// The engine playing at the board, if one is.
    pub fn computer(&self) -> Option<&Computer> {
        self.computer.as_ref()
    }
}

impl Drop for World<'_> {
    fn drop(&mut self) {
        if let Some(starting) = self.starting.take() {
            starting.stopper.stop();
        }
    }
}

impl Host for World<'_> {
    fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message> {
        if matches!(effect, Effect::Analyse | Effect::StopAnalysis | Effect::AnalyseNext(_)) {
            return self.reviewer.carry_out(app, effect);
        }
        if effect == Effect::HandOver {
            let before = self.engine_sides();
            let said = self.hand_over(app);
            return Some(self.note_hand_overs(app, before).unwrap_or(said));
        }
        if effect == Effect::Hint {
            return Some(self.hint(app));
        }
        if effect == Effect::Bell {
            // BEL, between frames: the terminal rings, or flashes, as it is set to.
            let mut out = std::io::stdout();
            let _ = out.write_all(b"\x07").and_then(|()| out.flush());
            return None;
        }
        if self.read_only && matches!(effect, Effect::Save | Effect::NewGame) {
            return Some(Message::info(strings::ONLY_LOOKING));
        }
        if effect == Effect::NewGame
            && let Some(coach) = &mut self.coach
        {
            // The coach stays on for the new game (and its tag with it, kept by the
            // recorder), with its hints counted afresh.
            coach.new_game();
        }
        let Effect::Copy(notation) = effect else {
            return self.recorder.carry_out(app, effect);
        };
        let text = self.recorder.text(app, notation);
        Some(match clipboard::copy(&mut std::io::stdout(), &text) {
            Ok(()) => Message::info(strings::copied(notation)),
            Err(err) => Message::error(strings::not_copied(notation, &err)),
        })
    }

    fn pgn(&self, app: &App) -> Option<String> {
        Some(self.recorder.record(app).to_pgn())
    }

    fn busy(&self) -> bool {
        // An engine at the board is asked between frames whether it has moved.
        self.reviewer.busy() || self.computer.is_some() || self.coach.is_some() || self.starting.is_some()
    }

    fn next_look(&self, app: &App) -> Option<Duration> {
        if self.starting.is_some() {
            // An engine on its way takes its side as soon as it has greeted.
            return Some(computer::LOOK_EVERY);
        }
        self.computer.as_ref().filter(|computer| computer.is_due(app)).map(|_| computer::LOOK_EVERY)
    }

    fn seats(&self) -> Seats {
        self.computer.as_ref().map_or_else(Seats::shared, Computer::seats)
    }

    fn play(&mut self, app: &App, now: Instant) -> Vec<Action> {
        let before = self.engine_sides();
        let mut actions: Vec<Action> = self.arrivals().into_iter().collect();
        actions.extend(self.computer.as_mut().map(|computer| computer.play(app, now)).unwrap_or_default());
        actions.extend(self.note_hand_overs(app, before).map(Action::Report));
        let engine_sides = self.engine_sides();
        if let Some(coach) = &mut self.coach {
            coach.set_engine_sides(engine_sides);
            actions.extend(coach.play(app));
        }
        actions
    }

    fn expand(&self, app: &App, action: Action) -> Vec<Action> {
        match &self.computer {
            Some(computer) => computer.expand(app, action),
            None => vec![action],
        }
    }

    fn poll(&mut self) -> Vec<Action> {
        self.reviewer.poll()
    }
}
