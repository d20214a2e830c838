//! The board's face: it owns only how it reads input (the terminal's events, into
//! actions through the key tables) and how it presents the game (a frame drawn by
//! [`ui`]); the session's one loop ([`session::run`]) does the rest. The face is
//! generic over the ratatui [`Backend`] and over the event [`Input`], so tests run the
//! real loop on a `TestBackend` with scripted events; the terminal itself (its modes,
//! its events, its lifetime) is the [`Screen`], in `tui/terminal.rs`.

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::Event;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::layout::Rect;

use crate::app::{Action, App, Edit, Mode};
use crate::session::{self, Effects, Face, Input, Polled, Read, Session};
use crate::ui::{self, Look, View};

pub mod library;
mod terminal;

pub use terminal::{Screen, TerminalEvents, restore, take};

/// The board on a terminal, reading its events.
pub struct Board<'a, B: Backend, E> {
    terminal: &'a mut Terminal<B>,
    events: &'a mut E,
    look: &'a Look,
    /// Where the last frame was drawn: the mouse points into it.
    area: Rect,
}

impl<'a, B: Backend, E: Input<Event>> Board<'a, B, E>
where
    B::Error: std::error::Error + Send + Sync + 'static,
{
    /// The board drawn on `terminal` with `look`, reading `events`.
    pub fn new(terminal: &'a mut Terminal<B>, events: &'a mut E, look: &'a Look) -> Board<'a, B, E> {
        Board { terminal, events, look, area: Rect::default() }
    }
}

/// Runs a game at one keyboard until the players quit or the events run out: the
/// board face on the session's loop, both seats fed from here, the effects carried
/// out by `effects`.
///
/// The screen is drawn at the start and after every event, and while a clock runs,
/// whenever the time it shows changes: every second, every tenth under ten seconds.
/// Otherwise the loop blocks until the next event. The effects an action asks for are
/// carried out after the frame showing it is drawn, so no keystroke waits for a disk;
/// what came of them is shown on the next frame. While the terminal is too small for
/// the game, keys do nothing but quit.
pub fn run<B, E>(
    terminal: &mut Terminal<B>,
    events: &mut E,
    app: &mut App,
    look: &Look,
    effects: &mut dyn Effects,
) -> io::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
    E: Input<Event>,
{
    let mut session = Session::new(app, effects);
    play(terminal, events, &mut session, look)
}

/// Runs `session` with the board face until the players quit or the events run out.
pub fn play<B, E>(
    terminal: &mut Terminal<B>,
    events: &mut E,
    session: &mut Session,
    look: &Look,
) -> io::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
    E: Input<Event>,
{
    session::run(session, &mut Board::new(terminal, events, look))
}

impl<B, E> Face<Session<'_>> for Board<'_, B, E>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
    E: Input<Event>,
{
    type Input = Event;

    fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Polled<Event>> {
        self.events.wait(timeout)
    }

    fn now(&mut self) -> Instant {
        self.events.now()
    }

    fn suspend(&mut self) -> io::Result<Polled<Event>> {
        self.events.suspend()
    }

    fn read(&mut self, event: Event, session: &Session) -> io::Result<Vec<Read>> {
        if matches!(event, Event::Resize(..)) {
            // After a resize, or a stop and SIGCONT, the screen may hold anything.
            self.wipe()?;
            return Ok(Vec::new());
        }
        let app = session.app();
        let area = self.area;
        let action = self
            .look
            .keys
            .action_for_event(&event, app.mode(), |x, y| ui::hit_test(area, app, x, y))
            .filter(|action| ui::fits(area) || *action == Action::Quit);
        // A line typed after a quote (`"good luck`) is chat for the players elsewhere.
        if let (Some(Action::Edit(Edit::Submit)), Some(text)) = (&action, app.input().strip_prefix('"')) {
            return Ok(vec![Read::Say(text.to_owned())]);
        }
        Ok(action.map(Read::Act).into_iter().collect())
    }

    fn present(&mut self, session: &Session, _acted: bool) -> io::Result<()> {
        if session.app().should_quit() {
            return Ok(());
        }
        self.area = draw(self.terminal, session, self.look)?;
        Ok(())
    }

    fn wipe(&mut self) -> io::Result<()> {
        wipe(self.terminal)
    }
}

/// Clears the screen so the next frame draws all of it. (`Terminal::clear` would ask
/// the terminal where the cursor is and wait for the answer, racing the thread that
/// reads the keys.)
fn wipe<B>(terminal: &mut Terminal<B>) -> io::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let size = terminal.size().map_err(cannot_draw)?;
    terminal.resize(Rect::new(0, 0, size.width, size.height)).map_err(cannot_draw)
}

/// A drawing error, as the loop reports it.
fn cannot_draw<E: std::error::Error + Send + Sync + 'static>(err: E) -> io::Error {
    io::Error::other(DrawError(Box::new(err)))
}

/// The screen could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw the screen: {0}")]
struct DrawError(Box<dyn std::error::Error + Send + Sync>);

/// Draws a frame, with what the screen needs from outside the app: the game's PGN for
/// the record screen, and what this terminal may do, for the key bar and the help.
fn draw<B>(terminal: &mut Terminal<B>, session: &Session, look: &Look) -> io::Result<Rect>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let app = session.app();
    let pgn = (app.mode() == Mode::Record).then(|| session.pgn()).flatten();
    let may = |action: &Action| session.may(action);
    let view = View {
        pgn: pgn.as_deref(),
        may: Some(&may),
        company: session.has_company(),
        engine: session.computer().is_some_and(crate::session::computer::Computer::plays_any),
        coach: session.has_coach(),
    };
    Ok(terminal.draw(|frame| ui::render(frame, app, &view, look)).map_err(cannot_draw)?.area)
}
