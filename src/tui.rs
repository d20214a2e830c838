//! The terminal: raw mode, the alternate screen and mouse capture going on and coming
//! off on every exit path, and the event loop.
//!
//! The loop is generic over the ratatui [`Backend`] and over the [`EventSource`], so
//! tests run the real loop on a `TestBackend` with scripted events.

use std::io::{self, Stdout};
use std::time::{Duration, Instant};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::terminal::{self, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};

use crate::app::{Action, App, Change};
use crate::clock::Clocks;
use crate::input;
use crate::ui::{self, Look};

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

/// The real terminal: blocks in a read until something happens, so an idle game
/// costs no CPU; while a clock runs, it waits no longer than the next visible change.
#[derive(Debug, Default)]
pub struct TerminalEvents;

impl EventSource for TerminalEvents {
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        crossterm::event::read().map(Some)
    }

    fn next_event_within(&mut self, timeout: Duration) -> io::Result<Polled> {
        if crossterm::event::poll(timeout)? {
            crossterm::event::read().map(Polled::Event)
        } else {
            Ok(Polled::TimedOut)
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

/// Runs the game until the players quit or the events run out.
///
/// The screen is drawn at the start and again after every event that changed
/// something (or resized the terminal), and while a clock runs, whenever the time it
/// shows changes: every second, every tenth under ten seconds. Otherwise the loop
/// blocks until the next event. Every event is preceded by an [`Action::Tick`] with
/// the time from the event source, so a flag that fell before a key press counts
/// first. After each change to the game record,
/// `on_change` is called with the app, for example to save the game; it may report
/// back to the players through [`App::notify`] or [`App::report_error`].
pub fn run<B, E>(
    terminal: &mut Terminal<B>,
    events: &mut E,
    app: &mut App,
    look: &Look,
    mut on_change: impl FnMut(&mut App, Change),
) -> Result<(), LoopError<B::Error>>
where
    B: Backend,
    B::Error: std::error::Error,
    E: EventSource,
{
    let mut area = terminal.draw(|frame| ui::render(frame, app, look)).map_err(LoopError::Draw)?.area;
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
        app.update(Action::Tick(events.now()));
        let action = event
            .as_ref()
            .and_then(|e| input::action_for_event(e, app.mode(), |x, y| ui::hit_test(area, app, x, y)));
        if let Some(action) = action {
            app.update(action);
        }
        for change in app.take_changes() {
            on_change(app, change);
        }
        if action.is_none() && !ticking && !matches!(event, Some(Event::Resize(..))) {
            continue;
        }
        if !app.should_quit() {
            area = terminal.draw(|frame| ui::render(frame, app, look)).map_err(LoopError::Draw)?.area;
        }
    }
    Ok(())
}

/// The terminal in game mode: raw, on the alternate screen, with mouse capture. Dropping
/// it puts the terminal back.
pub struct Session {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl Session {
    /// Takes over the terminal: installs the panic hook that restores it, switches to
    /// raw mode and the alternate screen, captures the mouse, clears the screen (the
    /// Linux console keeps old text otherwise) and hides the cursor.
    pub fn start() -> io::Result<Session> {
        install_panic_hook();
        terminal::enable_raw_mode()?;
        let mut stdout = io::stdout();
        let entered = execute!(stdout, EnterAlternateScreen, EnableMouseCapture, Clear(ClearType::All), Hide);
        match entered.and_then(|()| Terminal::new(CrosstermBackend::new(stdout))) {
            Ok(terminal) => Ok(Session { terminal }),
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
    let _ = execute!(io::stdout(), DisableMouseCapture, LeaveAlternateScreen, Show);
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
