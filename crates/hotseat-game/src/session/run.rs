//! The one loop, for every face and every screen: the board, plain text and the
//! library. The order of the steps is written once, here: the first tick, then for
//! each wake the tick and what the sources did, the input, presenting, telling those
//! elsewhere, the effects after that (presenting again when they brought news, and
//! telling what they brought); a stop, and the end of input. A face only reads its input and presents.

use std::collections::VecDeque;
use std::io;
use std::time::{Duration, Instant};

use super::playing::{Read, Session};
use super::source::Polled;

/// What the loop runs: a game ([`Session`]), or a screen of another kind (the library).
pub trait Runner {
    /// What a face hands in, read from its input.
    type Read;

    /// How long the loop may wait for input; `None` to wait for input alone.
    fn wait_limit(&self, now: Instant) -> Option<Duration>;

    /// What comes before any input: the time, and what the sources and the effects'
    /// work did since. Whether anything changed for the players.
    fn tick(&mut self, now: Instant) -> bool;

    /// Hands in what a face read; whether anything changed for the players.
    fn read(&mut self, read: Self::Read) -> bool;

    /// The program is about to stop (SIGTSTP): whatever must not run while it is
    /// away stops, at `now`.
    fn suspend(&mut self, now: Instant);

    /// Carries out the effects asked for, after the frame that shows what asked for
    /// them; whether they brought news for the players.
    fn carry_out(&mut self) -> bool;

    /// Whether the screen is to be drawn whole again (asked once).
    fn take_repaint(&mut self) -> bool;

    /// Tells those elsewhere what the step did.
    fn tell(&mut self);

    /// Whether the players are done (they quit, or the game ended for this terminal).
    fn done(&self) -> bool;

    /// Whether input that waits its turn waits now (an engine is to move).
    fn holds_input(&self) -> bool;
}

/// A face: how input is read, and how the runner's state is presented.
pub trait Face<R: Runner + ?Sized> {
    /// A piece of input: a terminal event, a line.
    type Input;

    /// Waits for the next input, at most `timeout` when there is one.
    fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Polled<Self::Input>>;

    /// The time now, for the clocks; a test face may make it up.
    fn now(&mut self) -> Instant;

    /// Carries out a stop the input announced ([`Polled::Suspend`]), once the runner
    /// has stopped what must not run meanwhile; what came after it.
    fn suspend(&mut self) -> io::Result<Polled<Self::Input>>;

    /// What a piece of input stands for, in the state as `runner` has it (a face that
    /// reads something out, a command that only shows, does so here).
    fn read(&mut self, input: Self::Input, runner: &R) -> io::Result<Vec<R::Read>>;

    /// Presents the state as it is now; `acted` when input was just handed in.
    fn present(&mut self, runner: &R, acted: bool) -> io::Result<()>;

    /// The whole screen is to be drawn afresh (the terminal may hold anything).
    fn wipe(&mut self) -> io::Result<()>;

    /// The input ended: what is left to say.
    fn closed(&mut self, _runner: &R) -> io::Result<()> {
        Ok(())
    }

    /// Whether input that comes while an engine is to move waits its turn, and the end
    /// of input waits for the engine's answer (lines from a script, which the player
    /// wrote as one game).
    fn takes_turns(&self) -> bool {
        false
    }

    /// Whether the input ended on a signal: then nothing is waited for.
    fn stopped(&self) -> bool {
        false
    }
}

/// How often the loop looks while it waits for an engine's answer after the input
/// ended.
const LOOK_AFTER_THE_END: Duration = Duration::from_millis(20);

/// Runs `runner` with `face` until the players are done or the input ends.
pub fn run<R: Runner + ?Sized, F: Face<R>>(runner: &mut R, face: &mut F) -> io::Result<()> {
    // The first tick: a flag that fell while the game was away, an engine to move.
    let now = face.now();
    runner.tick(now);
    if runner.carry_out() && runner.take_repaint() {
        face.wipe()?;
    }
    face.present(runner, false)?;
    let mut waiting: VecDeque<F::Input> = VecDeque::new();
    let mut ended = false;
    while !runner.done() {
        let now = face.now();
        // A line that waited its turn is read once the engine has answered, before
        // anything newer; after the end of input, the loop only looks for the
        // engine's answer (still through the face, which flushes what it told and
        // hears a signal), and ends once nothing waits.
        let turn_come = !runner.holds_input() && !waiting.is_empty();
        let polled = if turn_come {
            waiting.pop_front().map_or(Polled::TimedOut, Polled::Input)
        } else if ended && !runner.holds_input() {
            Polled::Closed
        } else if ended {
            face.wait(Some(
                runner
                    .wait_limit(now)
                    .unwrap_or(LOOK_AFTER_THE_END)
                    .clamp(Duration::from_millis(1), LOOK_AFTER_THE_END),
            ))?
        } else {
            face.wait(runner.wait_limit(now))?
        };
        let polled = match polled {
            Polled::Suspend => {
                runner.suspend(face.now());
                face.present(runner, false)?;
                face.suspend()?
            }
            polled => polled,
        };
        let input = match polled {
            // A line that comes while the engine is to move, or behind lines that
            // wait, waits too (never one whose turn has just come).
            Polled::Input(input)
                if !turn_come && face.takes_turns() && (runner.holds_input() || !waiting.is_empty()) =>
            {
                waiting.push_back(input);
                None
            }
            Polled::Input(input) => Some(input),
            Polled::TimedOut | Polled::Suspend => None,
            Polled::Closed => {
                if face.takes_turns() && !face.stopped() && (runner.holds_input() || !waiting.is_empty()) {
                    if ended {
                        // A source that says at once that it ended (a script): the
                        // engine is given a moment rather than a busy loop.
                        std::thread::sleep(LOOK_AFTER_THE_END);
                    }
                    ended = true;
                    None
                } else {
                    runner.tick(face.now());
                    runner.carry_out();
                    face.closed(runner)?;
                    runner.tell();
                    break;
                }
            }
        };
        // What came before the input counts first: a flag that fell, an engine's move,
        // another terminal's; shown before what the input does.
        let changed = runner.tick(face.now());
        let mut acted = false;
        if let Some(input) = input {
            if changed {
                face.present(runner, false)?;
            }
            for read in face.read(input, runner)? {
                acted |= runner.read(read);
            }
        }
        face.present(runner, acted)?;
        // Those elsewhere are told before the effects are carried out, so another
        // terminal's frame never waits on this one's disk (a save flushes its file);
        // what the effects bring is told after them.
        runner.tell();
        if runner.carry_out() {
            if runner.take_repaint() {
                face.wipe()?;
            }
            face.present(runner, false)?;
        }
        runner.tell();
    }
    Ok(())
}

impl Runner for Session<'_> {
    type Read = Read;

    fn wait_limit(&self, now: Instant) -> Option<Duration> {
        Session::wait_limit(self, now)
    }

    fn tick(&mut self, now: Instant) -> bool {
        Session::tick(self, now)
    }

    fn read(&mut self, read: Read) -> bool {
        Session::read(self, read)
    }

    fn suspend(&mut self, now: Instant) {
        Session::suspend(self, now);
    }

    fn carry_out(&mut self) -> bool {
        Session::carry_out(self)
    }

    fn take_repaint(&mut self) -> bool {
        Session::take_repaint(self)
    }

    fn tell(&mut self) {
        Session::tell(self);
    }

    fn done(&self) -> bool {
        self.app().should_quit()
    }

    fn holds_input(&self) -> bool {
        Session::holds_input(self)
    }
}
