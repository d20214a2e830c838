//! The terminal itself: raw mode, the alternate screen and mouse capture going on and
//! coming off on every exit path (a quit, a signal, a panic, a hangup, a stop), and
//! its events, read beside the signals.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossterm::cursor::{Hide, Show};
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
};
use crossterm::execute;
use crossterm::terminal::{self, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::library;
use crate::session::{self, Feed, Input, Polled, Session, Tty, signals};
use crate::ui::Look;

/// The real terminal's events, and the signals that would stop or end the program,
/// through the session's [`Feed`] (see there): a signal that would end the program
/// ends the events, so the game ends as a quit does and the terminal is put back.
///
/// - SIGTSTP (`kill -TSTP`; in raw mode Ctrl-Z is a key) reads as [`Polled::Suspend`]:
///   the loop pauses the clocks, then [suspends](Input::suspend), which gives the
///   terminal back ([`restore`]) and stops the program, as the default action would
///   have.
/// - SIGCONT takes the terminal again and reads as an [`Event::Resize`] to the
///   terminal's size, on which [`run`] draws the whole screen afresh.
///
/// The terminal is given back and taken again here, on the loop's thread, between
/// two frames, never in the middle of one.
pub struct TerminalEvents {
    feed: Feed<Event>,
    /// The program stopped itself and took the terminal again: the SIGCONT that woke
    /// it needs no second redraw.
    resumed_here: bool,
}

impl TerminalEvents {
    /// From now on, the [ending signals](signals::ending) end the events instead of
    /// the program, and SIGTSTP and SIGCONT give the terminal back and take it again
    /// (on Unix); the terminal is read from the first wait on.
    pub fn start() -> io::Result<TerminalEvents> {
        let feed = Feed::start("terminal", || crossterm::event::read().map(Some), restore, true)?;
        Ok(TerminalEvents { feed, resumed_here: false })
    }

    /// The signal that ended the events, if one did.
    pub fn stopped_by(&self) -> Option<i32> {
        self.feed.stopped_by()
    }

    /// What wakes the loop reading these events from another thread.
    pub fn waker(&self) -> session::Waker {
        self.feed.waker()
    }
}

/// Takes the terminal again after a stop and asks the loop to draw everything, as
/// after a resize.
fn taken_again() -> io::Result<Polled<Event>> {
    take()?;
    let (columns, rows) = terminal::size()?;
    Ok(Polled::Input(Event::Resize(columns, rows)))
}

impl Input<Event> for TerminalEvents {
    fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Polled<Event>> {
        let resumed_here = &mut self.resumed_here;
        self.feed.wait(timeout, || {
            // Stopped by SIGSTOP, say, which cannot be caught: the shell may have put
            // the terminal back meanwhile.
            if std::mem::take(resumed_here) {
                return Ok(None);
            }
            match taken_again() {
                Ok(polled) => Ok(Some(polled)),
                // The terminal hung up meanwhile: the game ends as on a hangup.
                Err(err) if session::terminal_gone(&err) => Ok(Some(Polled::Closed)),
                Err(err) => Err(err),
            }
        })
    }

    fn suspend(&mut self) -> io::Result<Polled<Event>> {
        restore();
        signals::stop();
        // Going on: a SIGCONT woke the program.
        self.resumed_here = true;
        taken_again()
    }

    fn stopped_by(&self) -> Option<i32> {
        self.feed.stopped_by()
    }
}

/// The terminal in game mode: raw, on the alternate screen, with mouse capture. Dropping
/// it puts the terminal back.
pub struct Screen {
    terminal: Terminal<CrosstermBackend<Tty>>,
    events: TerminalEvents,
    /// The terminal went away under a loop, which ended as on a SIGHUP.
    hung_up: bool,
}

impl Screen {
    /// Takes over the terminal: installs the panic hook that restores it, turns the
    /// signals that would stop or end the program into events (see
    /// [`TerminalEvents`]), and [takes](take) the terminal.
    pub fn start() -> io::Result<Screen> {
        install_panic_hook();
        let events = TerminalEvents::start()?;
        match take().and_then(|()| Terminal::new(CrosstermBackend::new(Tty))) {
            Ok(terminal) => Ok(Screen { terminal, events, hung_up: false }),
            Err(err) => {
                restore();
                Err(err)
            }
        }
    }

    /// What wakes the game's loop from another thread (news from another terminal).
    pub fn waker(&self) -> session::Waker {
        self.events.waker()
    }

    /// The terminal to draw on.
    pub fn terminal(&mut self) -> &mut Terminal<CrosstermBackend<Tty>> {
        &mut self.terminal
    }

    /// Runs the game on this terminal with its events ([`super::play`]), until the
    /// players quit or a signal asks the program to stop.
    pub fn play(&mut self, session: &mut Session, look: &Look) -> io::Result<()> {
        let result = super::play(&mut self.terminal, &mut self.events, session, look);
        self.unless_hung_up(result, ())
    }

    /// `result`, unless it is an error because the terminal hung up (the window
    /// closed): then the loop ended as on a SIGHUP, with `ended`.
    fn unless_hung_up<T>(&mut self, result: io::Result<T>, ended: T) -> io::Result<T> {
        match result {
            Err(_) if Tty::gone() || signals::hung_up() => {
                self.hung_up = true;
                Ok(ended)
            }
            result => result,
        }
    }

    /// Runs the library ([`library::run`]) on this terminal with its events, until
    /// the player leaves it or chooses a game.
    pub fn library(
        &mut self,
        shelf: &mut crate::library::Library,
        folder: &str,
        look: &Look,
        delete: impl FnMut(&std::path::Path) -> Vec<crate::library::Action>,
    ) -> io::Result<library::Left> {
        let result = library::run(&mut self.terminal, &mut self.events, shelf, folder, look, delete);
        self.unless_hung_up(result, library::Left::Quit)
    }

    /// The signal that ended the game, if one did (SIGHUP when the terminal hung up
    /// without one): the program should exit with
    /// status 128 plus its number once the terminal is put back.
    pub fn stopped_by(&self) -> Option<i32> {
        self.events.stopped_by().or(self.hung_up.then_some(signals::SIGHUP))
    }
}

impl Drop for Screen {
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
    execute!(Tty, EnterAlternateScreen, EnableMouseCapture, EnableBracketedPaste, Clear(ClearType::All), Hide)
}

/// Puts the terminal back as it was: mouse capture off, the main screen back, the
/// cursor shown, raw mode off. Does nothing unless the game has the terminal, so it is
/// safe to call more than once and from any thread (the panic hook, a signal);
/// errors are ignored because there is nothing better to do on the way out.
pub fn restore() {
    if !TAKEN.swap(false, Ordering::SeqCst) {
        return;
    }
    let _ = execute!(Tty, DisableBracketedPaste, DisableMouseCapture, LeaveAlternateScreen, Show);
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
