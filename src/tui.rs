//! The terminal: raw mode, the alternate screen and mouse capture going on and coming
//! off on every exit path, and the event loop.
//!
//! The loop is generic over the ratatui [`Backend`] and over the [`EventSource`], so
//! tests run the real loop on a `TestBackend` with scripted events.

mod review;

use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};
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

pub mod library;

pub use review::Reviewer;

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

    /// Carries out a stop the source announced with [`Polled::Suspend`] (the clocks
    /// are paused by then), and returns what came after it. Sources that never
    /// announce one need not say otherwise.
    fn suspend(&mut self) -> io::Result<Polled> {
        Ok(Polled::TimedOut)
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
    /// The program is asked to stop (SIGTSTP) while a clock runs: the loop pauses the
    /// clocks, so the time away is nobody's, then calls [`EventSource::suspend`].
    Suspend,
}

/// The real terminal, and the signals that would stop or end the program.
///
/// Two threads feed one channel, so the loop waits in one place: one reads the
/// terminal, the other waits for signals (on Unix). The loop blocks until something
/// happens, so an idle game costs no CPU; while a clock runs, it waits no longer than
/// the next visible change.
///
/// - A signal whose default action would kill the program ([`ending_signals`]:
///   SIGTERM, SIGHUP, SIGUSR1, SIGALRM...) ends the events, so the game ends as a
///   quit does: the terminal is put back and the players are told where the game is
///   saved.
/// - SIGTSTP (`kill -TSTP`; in raw mode Ctrl-Z is a key) gives the terminal back
///   ([`restore`]) and then stops the program, as the default action would have.
/// - SIGCONT takes the terminal again and reads as an [`Event::Resize`] to the
///   terminal's size, on which [`run`] draws the whole screen afresh.
///
/// The terminal is given back and taken again here, on the loop's thread, between
/// two frames, never in the middle of one.
pub struct TerminalEvents {
    incoming: Receiver<Incoming>,
    /// Kept until the first read, which starts the thread that reads the terminal (the
    /// terminal is in raw mode by then).
    reader: Option<Sender<Incoming>>,
    stopped_by: Option<i32>,
    /// The program stopped itself and took the terminal again: the SIGCONT that woke
    /// it needs no second redraw.
    resumed_here: bool,
}

/// What the threads hand over.
enum Incoming {
    Event(io::Result<Event>),
    /// A signal that ends the game.
    Signal(i32),
    /// SIGTSTP: give the terminal back and stop.
    Suspend,
    /// SIGCONT: the program goes on after a stop.
    Continued,
}

/// The signals that end the game as a quit does, instead of killing the program with
/// the terminal left raw (on Unix): every signal whose default action is to end the
/// program, except those that report a fault in the program itself (SIGSEGV, SIGBUS,
/// SIGILL, SIGFPE, SIGTRAP, SIGSYS, and SIGABRT from `abort`: a handler that returns
/// would only run into the fault again; the panic hook restores the terminal on the
/// way to most of them) and SIGPIPE, which Rust programs ignore so that writing to a
/// closed pipe is an error to report. Real-time signals are left alone too: their
/// numbers depend on the C library, which uses some itself.
#[cfg(unix)]
pub fn ending_signals() -> Vec<i32> {
    use signal_hook::consts::signal::{
        SIGALRM, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGXCPU, SIGXFSZ,
    };
    let mut signals = vec![
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    ];
    // SIGIO (SIGPOLL) ends a program on Linux; elsewhere it is ignored.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    signals.push(signal_hook::consts::signal::SIGIO);
    // SIGSTKFLT and SIGPWR, which signal-hook does not name, by their numbers on the
    // architectures that share the kernel's generic ones (not MIPS, SPARC, Alpha...).
    #[cfg(all(
        any(target_os = "linux", target_os = "android"),
        any(
            target_arch = "x86",
            target_arch = "x86_64",
            target_arch = "arm",
            target_arch = "aarch64",
            target_arch = "riscv32",
            target_arch = "riscv64",
            target_arch = "loongarch64",
            target_arch = "powerpc",
            target_arch = "powerpc64",
            target_arch = "s390x"
        )
    ))]
    signals.extend([16, 30]);
    signals
}

impl TerminalEvents {
    /// From now on, the [`ending_signals`] end the events instead of the program, and
    /// SIGTSTP and SIGCONT give the terminal back and take it again (on Unix). A second
    /// ending signal, or one that comes when nobody reads the events any more, puts the
    /// terminal back and exits at once with status 128 plus the signal's number, as a
    /// shell reports a program killed by a signal; a SIGTSTP then stops the program
    /// at once.
    pub fn start() -> io::Result<TerminalEvents> {
        let (sender, incoming) = mpsc::channel();
        #[cfg(unix)]
        {
            use signal_hook::consts::signal::{SIGCONT, SIGTSTP};
            let mut handled = ending_signals();
            handled.extend([SIGTSTP, SIGCONT]);
            let mut signals = signal_hook::iterator::Signals::new(handled)?;
            let sender = sender.clone();
            thread::Builder::new().name("signals".to_owned()).spawn(move || {
                let mut asked = false;
                for signal in signals.forever() {
                    match signal {
                        SIGCONT => {
                            let _ = sender.send(Incoming::Continued);
                        }
                        SIGTSTP => {
                            if sender.send(Incoming::Suspend).is_err() {
                                restore();
                                stop();
                            }
                        }
                        _ => {
                            if !asked && sender.send(Incoming::Signal(signal)).is_ok() {
                                asked = true;
                                continue;
                            }
                            restore();
                            // The destructors are skipped: the engines end here.
                            crate::engine::end_all();
                            std::process::exit(128 + signal);
                        }
                    }
                }
            })?;
        }
        Ok(TerminalEvents { incoming, reader: Some(sender), stopped_by: None, resumed_here: false })
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

    /// Waits for what the threads hand over, at most until `deadline` if there is one,
    /// and acts on signals: what it gives the loop is an event, the end of the events,
    /// or nothing in the time given.
    fn wait(&mut self, deadline: Option<Instant>) -> io::Result<Polled> {
        self.start_reading()?;
        loop {
            let incoming = match deadline {
                None => self.incoming.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(deadline) => {
                    self.incoming.recv_timeout(deadline.saturating_duration_since(Instant::now()))
                }
            };
            let incoming = match incoming {
                Ok(incoming) => incoming,
                Err(RecvTimeoutError::Timeout) => return Ok(Polled::TimedOut),
                Err(RecvTimeoutError::Disconnected) => return Ok(Polled::Closed),
            };
            match incoming {
                Incoming::Event(event) => return event.map(Polled::Event),
                Incoming::Signal(signal) => {
                    self.stopped_by = Some(signal);
                    return Ok(Polled::Closed);
                }
                // A clock runs (the loop waits with a deadline): the loop pauses the
                // clocks first, then calls `suspend`.
                Incoming::Suspend if deadline.is_some() => return Ok(Polled::Suspend),
                Incoming::Suspend => return self.suspend(),
                Incoming::Continued if self.resumed_here => self.resumed_here = false,
                // Stopped by SIGSTOP, say, which cannot be caught: the shell may have
                // put the terminal back meanwhile.
                Incoming::Continued => return taken_again(),
            }
        }
    }
}

/// Takes the terminal again after a stop and asks the loop to draw everything, as
/// after a resize.
fn taken_again() -> io::Result<Polled> {
    take()?;
    let (columns, rows) = terminal::size()?;
    Ok(Polled::Event(Event::Resize(columns, rows)))
}

/// Stops the program, as SIGTSTP does by default, until a SIGCONT.
pub(crate) fn stop() {
    #[cfg(unix)]
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::signal::SIGTSTP);
}

impl EventSource for TerminalEvents {
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        Ok(match self.wait(None)? {
            Polled::Event(event) => Some(event),
            Polled::TimedOut | Polled::Closed | Polled::Suspend => None,
        })
    }

    fn next_event_within(&mut self, timeout: Duration) -> io::Result<Polled> {
        // A deadline too far to count is no deadline.
        self.wait(Instant::now().checked_add(timeout))
    }

    fn suspend(&mut self) -> io::Result<Polled> {
        restore();
        stop();
        // Going on: a SIGCONT woke the program.
        self.resumed_here = true;
        taken_again()
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
/// app's effects (saving, copying, starting an engine) and to write the game as PGN
/// for the record screen; and, while work it started goes on (an engine reviewing
/// the game), what that work has brought since the loop last asked.
pub trait Host {
    /// Carries out an effect the app asked for; what came of it, if anything, for the
    /// players (a failed save, a copy done).
    fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message>;

    /// The game as PGN, for the record screen.
    fn pgn(&self, app: &App) -> Option<String>;

    /// Whether work goes on that the loop should ask about ([`Host::poll`]) every
    /// [`POLL_EVERY`] even with no key pressed.
    fn busy(&self) -> bool {
        false
    }

    /// What the work going on has brought since the last call, as actions for the app
    /// (an engine's findings); never waits.
    fn poll(&mut self) -> Vec<Action> {
        Vec::new()
    }
}

/// How often the loop asks a [busy](Host::busy) host what its work has brought: often
/// enough for a progress bar to move smoothly, seldom enough to cost nothing.
pub const POLL_EVERY: Duration = Duration::from_millis(100);

/// Hands what the host's work brought to the app; whether there was anything.
fn take_reports(app: &mut App, host: &mut impl Host) -> bool {
    let reports = host.poll();
    let any = !reports.is_empty();
    for report in reports {
        for effect in app.update(report) {
            if let Some(message) = host.carry_out(app, effect) {
                app.update(Action::Report(message));
            }
        }
    }
    any
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
        let busy = host.busy().then_some(POLL_EVERY);
        let polled =
            match app.until_next_tick(events.now()).map_or(busy, |t| Some(busy.map_or(t, |b| b.min(t)))) {
                Some(timeout) => events.next_event_within(timeout),
                None => events.next_event().map(|e| e.map_or(Polled::Closed, Polled::Event)),
            };
        let polled = match polled.map_err(LoopError::Events)? {
            Polled::Suspend => {
                // A flag that fell just before the stop is recorded and saved first.
                for effect in app.update(Action::Suspend(events.now())) {
                    if let Some(message) = host.carry_out(app, effect) {
                        app.update(Action::Report(message));
                    }
                }
                draw(terminal, app, look, host)?;
                events.suspend().map_err(LoopError::Events)?
            }
            polled => polled,
        };
        let event = match polled {
            Polled::Event(event) => Some(event),
            Polled::TimedOut | Polled::Suspend => None,
            Polled::Closed => break,
        };
        if matches!(event, Some(Event::Resize(..))) {
            // After a resize, or a stop and SIGCONT, the screen may hold anything.
            wipe(terminal)?;
        }
        let ticking = app.clocks().is_some_and(Clocks::is_running);
        // A flag that fell before the key is recorded first, and saved like a move.
        let mut effects = app.update(Action::Tick(events.now()));
        // What an engine found since the last frame goes in before the key.
        let found = take_reports(app, host);
        let action = event
            .as_ref()
            .and_then(|e| input::action_for_event(e, app.mode(), |x, y| ui::hit_test(area, app, x, y)))
            .filter(|action| ui::fits(area) || *action == Action::Quit);
        let acted = action.is_some() || !effects.is_empty() || found;
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
        let started = effects.contains(&Effect::Analyse);
        for effect in effects {
            if effect == Effect::Repaint {
                wipe(terminal)?;
                reported = true;
            } else if let Some(message) = host.carry_out(app, effect) {
                app.update(Action::Report(message));
                reported = true;
            }
        }
        // An engine that could not start says so at once.
        if started {
            reported |= take_reports(app, host);
        }
        if reported {
            area = draw(terminal, app, look, host)?;
        }
    }
    Ok(())
}

/// Clears the screen so the next frame draws all of it. (`Terminal::clear` would ask
/// the terminal where the cursor is and wait for the answer, racing the thread that
/// reads the keys.)
fn wipe<B>(terminal: &mut Terminal<B>) -> Result<(), LoopError<B::Error>>
where
    B: Backend,
    B::Error: std::error::Error,
{
    let size = terminal.size().map_err(LoopError::Draw)?;
    terminal.resize(Rect::new(0, 0, size.width, size.height)).map_err(LoopError::Draw)
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
    /// signals that would stop or end the program into events (see
    /// [`TerminalEvents`]), and [takes](take) the terminal.
    pub fn start() -> io::Result<Session> {
        install_panic_hook();
        let events = TerminalEvents::start()?;
        match take().and_then(|()| Terminal::new(CrosstermBackend::new(io::stdout()))) {
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

    /// Runs the library ([`library::run`]) on this terminal with its events, until
    /// the player leaves it or chooses a game.
    pub fn library(
        &mut self,
        shelf: &mut crate::library::Library,
        folder: &str,
        look: &Look,
        delete: impl FnMut(&std::path::Path) -> Vec<crate::library::Action>,
    ) -> Result<library::Left, LoopError<io::Error>> {
        library::run(&mut self.terminal, &mut self.events, shelf, folder, look, delete)
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

/// Whether the game has the terminal: [`take`] was called since the last [`restore`].
static TAKEN: AtomicBool = AtomicBool::new(false);

/// Takes the terminal for the game: raw mode, the alternate screen, mouse capture, the
/// screen cleared (the Linux console keeps old text otherwise) and the cursor hidden.
/// Raw mode is set afresh, as a shell may have put the terminal back while the
/// program was stopped.
pub fn take() -> io::Result<()> {
    // From the first change on, there is something for `restore` to undo.
    TAKEN.store(true, Ordering::SeqCst);
    let _ = terminal::disable_raw_mode();
    terminal::enable_raw_mode()?;
    execute!(
        io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste,
        Clear(ClearType::All),
        Hide
    )
}

/// Puts the terminal back as it was: mouse capture off, the main screen back, the
/// cursor shown, raw mode off. Does nothing unless the game has the terminal, so it is
/// safe to call more than once and from any thread (the panic hook, a signal);
/// errors are ignored because there is nothing better to do on the way out.
pub fn restore() {
    if !TAKEN.swap(false, Ordering::SeqCst) {
        return;
    }
    let _ = execute!(io::stdout(), DisableBracketedPaste, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = terminal::disable_raw_mode();
}

/// Restores the terminal before the default panic message is printed, so the message
/// is readable and the shell usable, and ends the engines (the release build aborts
/// on a panic: no destructor runs).
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        crate::engine::end_all();
        previous(info);
    }));
}
