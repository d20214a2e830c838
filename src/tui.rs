//! The terminal: raw mode, the alternate screen and mouse capture going on and coming
//! off on every exit path, and the event loop.
//!
//! The loop is generic over the ratatui [`Backend`] and over the [`EventSource`], so
//! tests run the real loop on a `TestBackend` with scripted events.

use std::io::{self, Stdout};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
};
use crossterm::execute;
use crossterm::terminal::{self, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::layout::Rect;

use crate::app::{Action, App, Effect, Message, Mode};
use crate::clock::Clocks;
use crate::input;
use crate::ui::{self, Look, View};

/// Where terminal events, and the time, come from.
pub trait EventSource {
    /// Waits for the next event; `None` when there will be no more.
    fn next_event(&mut self) -> io::Result<Option<Event>>;

    /// Waits at most `timeout` for the next event (while a clock runs). Sources that
    /// never time out, such as a script of events, need not say otherwise.
    fn next_event_within(&mut self, timeout: Duration) -> io::Result<Polled> {
        let _ = timeout;
        Ok(self.next_event()?.map_or(Polled::Closed, Polled::Event))
    }

    /// The time now, for the clocks; a test source may make it up.
    fn now(&mut self) -> Instant {
        Instant::now()
    }
}

/// What waiting a limited time for an event brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Polled {
    /// An event.
    Event(Event),
    /// Nothing, in the time given.
    TimedOut,
    /// There will be no more events.
    Closed,
}

/// The real terminal, and the signals that ask a program to stop.
///
/// Two threads feed one channel, so the loop waits in one place: one reads the
/// terminal, the other waits for SIGTERM, SIGHUP, SIGINT and SIGQUIT. A signal ends
/// the events, so the game ends as a quit does: the terminal is put back and the
/// players are told where the game is saved. The loop blocks until something
/// happens, so an idle game costs no CPU; while a clock runs, it waits no longer than
/// the next visible change.
pub struct TerminalEvents {
    incoming: Receiver<Incoming>,
    /// Kept until the first read, which starts the thread that reads the terminal (the
    /// terminal is in raw mode by then).
    reader: Option<Sender<Incoming>>,
    stopped_by: Option<i32>,
}

/// What the threads hand over.
enum Incoming {
    Event(io::Result<Event>),
    Signal(i32),
}

impl TerminalEvents {
    /// From now on, SIGTERM, SIGHUP, SIGINT and SIGQUIT end the events instead of the
    /// program (on Unix). A second signal, or one that comes when nobody reads the
    /// events any more, puts the terminal back and exits at once with status 128 plus
    /// the signal's number, as a shell reports a program killed by a signal.
    pub fn start() -> io::Result<TerminalEvents> {
        let (sender, incoming) = mpsc::channel();
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
            let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])?;
            let sender = sender.clone();
            thread::Builder::new().name("signals".to_owned()).spawn(move || {
                let mut asked = false;
                for signal in signals.forever() {
                    if !asked && sender.send(Incoming::Signal(signal)).is_ok() {
                        asked = true;
                        continue;
                    }
                    restore();
                    std::process::exit(128 + signal);
                }
            })?;
        }
        Ok(TerminalEvents { incoming, reader: Some(sender), stopped_by: None })
    }

    /// The signal that ended the events, if one did.
    pub fn stopped_by(&self) -> Option<i32> {
        self.stopped_by
    }

    fn start_reading(&mut self) -> io::Result<()> {
        let Some(sender) = self.reader.take() else { return Ok(()) };
        thread::Builder::new().name("terminal".to_owned()).spawn(move || {
            loop {
                let event = crossterm::event::read();
                let failed = event.is_err();
                if sender.send(Incoming::Event(event)).is_err() || failed {
                    break;
                }
            }
        })?;
        Ok(())
    }

    fn polled(&mut self, incoming: Incoming) -> io::Result<Polled> {
        match incoming {
            Incoming::Event(event) => event.map(Polled::Event),
            Incoming::Signal(signal) => {
                self.stopped_by = Some(signal);
                Ok(Polled::Closed)
            }
        }
    }
}

impl EventSource for TerminalEvents {
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        self.start_reading()?;
        let Ok(incoming) = self.incoming.recv() else { return Ok(None) };
        Ok(match self.polled(incoming)? {
            Polled::Event(event) => Some(event),
            Polled::TimedOut | Polled::Closed => None,
        })
    }

    fn next_event_within(&mut self, timeout: Duration) -> io::Result<Polled> {
        self.start_reading()?;
        match self.incoming.recv_timeout(timeout) {
            Ok(incoming) => self.polled(incoming),
            Err(RecvTimeoutError::Timeout) => Ok(Polled::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Ok(Polled::Closed),
        }
    }
}

/// Scripted events, for tests: any iterator of events.
impl<I: Iterator<Item = Event>> EventSource for I {
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        Ok(self.next())
    }
}

/// Why the loop stopped early.
#[derive(Debug, thiserror::Error)]
pub enum LoopError<E: std::error::Error> {
    /// The screen could not be drawn.
    #[error("cannot draw the screen: {0}")]
    Draw(E),
    /// Terminal events could not be read.
    #[error("cannot read from the terminal: {0}")]
    Events(io::Error),
}

/// What the loop needs from the world outside the app: someone to carry out the
/// app's effects (saving, copying) and to write the game as PGN for the record screen.
pub trait Host {
    /// Carries out an effect the app asked for; what came of it, if anything, for the
    /// players (a failed save, a copy done).
    fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message>;

    /// The game as PGN, for the record screen.
    fn pgn(&self, app: &App) -> Option<String>;
}

/// A host that keeps nothing and copies nothing, for tests and for a game that is not
/// recorded: it counts the effects it was asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counting {
    /// The effects asked for, oldest first.
    pub effects: Vec<Effect>,
}

impl Host for Counting {
    fn carry_out(&mut self, _app: &App, effect: Effect) -> Option<Message> {
        self.effects.push(effect);
        None
    }

    fn pgn(&self, _app: &App) -> Option<String> {
        None
    }
}

/// Runs the game until the players quit or the events run out.
///
/// The screen is drawn at the start and again after every event that changed
/// something (or resized the terminal), and while a clock runs, whenever the time it
/// shows changes: every second, every tenth under ten seconds. Otherwise the loop
/// blocks until the next event. Every event is preceded by an [`Action::Tick`] with
/// the time from the event source, so a flag that fell before a key press counts
/// first. The effects an action asks for are carried out by `host` after the frame
/// showing it is drawn, so no keystroke waits for a disk; what came of them is shown
/// on the next frame. While the terminal is too small for the game, keys do nothing
/// but quit.
pub fn run<B, E>(
    terminal: &mut Terminal<B>,
    events: &mut E,
    app: &mut App,
    look: &Look,
    host: &mut impl Host,
) -> Result<(), LoopError<B::Error>>
where
    B: Backend,
    B::Error: std::error::Error,
    E: EventSource,
{
    let mut area = draw(terminal, app, look, host)?;
    while !app.should_quit() {
        let polled = match app.until_next_tick(events.now()) {
            Some(timeout) => events.next_event_within(timeout),
            None => events.next_event().map(|e| e.map_or(Polled::Closed, Polled::Event)),
        };
        let event = match polled.map_err(LoopError::Events)? {
            Polled::Event(event) => Some(event),
            Polled::TimedOut => None,
            Polled::Closed => break,
        };
        let ticking = app.clocks().is_some_and(Clocks::is_running);
        // A flag that fell before the key is recorded first, and saved like a move.
        let mut effects = app.update(Action::Tick(events.now()));
        let action = event
            .as_ref()
            .and_then(|e| input::action_for_event(e, app.mode(), |x, y| ui::hit_test(area, app, x, y)))
            .filter(|action| ui::fits(area) || *action == Action::Quit);
        let acted = action.is_some() || !effects.is_empty();
        if let Some(action) = action {
            for effect in app.update(action) {
                if !effects.contains(&effect) || effect != Effect::Save {
                    effects.push(effect);
                }
            }
        }
        if app.should_quit() {
            break;
        }
        if acted || ticking || matches!(event, Some(Event::Resize(..))) {
            area = draw(terminal, app, look, host)?;
        }
        let mut reported = false;
        for effect in effects {
            if effect == Effect::Repaint {
                terminal.clear().map_err(LoopError::Draw)?;
                reported = true;
            } else if let Some(message) = host.carry_out(app, effect) {
                app.update(Action::Report(message));
                reported = true;
            }
        }
        if reported {
            area = draw(terminal, app, look, host)?;
        }
    }
    Ok(())
}

/// Draws a frame, with what the screen needs from outside the app.
fn draw<B>(
    terminal: &mut Terminal<B>,
    app: &App,
    look: &Look,
    host: &impl Host,
) -> Result<Rect, LoopError<B::Error>>
where
    B: Backend,
    B::Error: std::error::Error,
{
    let pgn = (app.mode() == Mode::Record).then(|| host.pgn(app)).flatten();
    let view = View { pgn: pgn.as_deref() };
    Ok(terminal.draw(|frame| ui::render(frame, app, &view, look)).map_err(LoopError::Draw)?.area)
}

/// The terminal in game mode: raw, on the alternate screen, with mouse capture. Dropping
/// it puts the terminal back.
pub struct Session {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    events: TerminalEvents,
}

impl Session {
    /// Takes over the terminal: installs the panic hook that restores it, turns the
    /// signals that ask the program to stop into the end of the events (see
    /// [`TerminalEvents`]), switches to raw mode and the alternate screen, captures the
    /// mouse, clears the screen (the Linux console keeps old text otherwise) and hides
    /// the cursor.
    pub fn start() -> io::Result<Session> {
        install_panic_hook();
        let events = TerminalEvents::start()?;
        terminal::enable_raw_mode()?;
        let mut stdout = io::stdout();
        let entered = execute!(
            stdout,
            EnterAlternateScreen,
            EnableMouseCapture,
            EnableBracketedPaste,
            Clear(ClearType::All),
            Hide
        );
        match entered.and_then(|()| Terminal::new(CrosstermBackend::new(stdout))) {
            Ok(terminal) => Ok(Session { terminal, events }),
            Err(err) => {
                restore();
                Err(err)
            }
        }
    }

    /// The terminal to draw on.
    pub fn terminal(&mut self) -> &mut Terminal<CrosstermBackend<Stdout>> {
        &mut self.terminal
    }

    /// Runs the game ([`run`]) on this terminal with its events, until the players
    /// quit or a signal asks the program to stop.
    pub fn run(
        &mut self,
        app: &mut App,
        look: &Look,
        host: &mut impl Host,
    ) -> Result<(), LoopError<io::Error>> {
        run(&mut self.terminal, &mut self.events, app, look, host)
    }

    /// The signal that ended the game, if one did: the program should exit with
    /// status 128 plus its number once the terminal is put back.
    pub fn stopped_by(&self) -> Option<i32> {
        self.events.stopped_by()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal back as it was: mouse capture off, the main screen back, the
/// cursor shown, raw mode off. Safe to call more than once; errors are ignored because
/// there is nothing better to do on the way out.
pub fn restore() {
    let _ = execute!(io::stdout(), DisableBracketedPaste, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = terminal::disable_raw_mode();
}

/// Restores the terminal before the default panic message is printed, so the message
/// is readable and the shell usable.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}
