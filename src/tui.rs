//! The board's face: it owns only how it reads input (the terminal's events) and how
//! it presents the game (a frame drawn by [`ui`]); the session carries out the rest.
//! The loop is generic over the ratatui [`Backend`] and over the event [`Source`], so
//! tests run the real loop on a `TestBackend` with scripted events; the terminal itself
//! (its modes, its events, its lifetime) is the [`Screen`], in `tui/terminal.rs`.

use std::io;

use crossterm::event::Event;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::layout::Rect;

use crate::app::{Action, App, Edit, Effect, Mode};
use crate::clock::Clocks;
use crate::session::{self, Effects, Host, Polled, Source};
use crate::ui::{self, Look, View};

pub mod library;
mod terminal;

pub use terminal::{Screen, TerminalEvents, restore, take};

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
    E: Source<Event>,
{
    let mut area = draw(terminal, app, look, host)?;
    while !app.should_quit() {
        let timeout = session::wait_limit(app, host, events.now());
        let polled = match events.wait(timeout).map_err(LoopError::Events)? {
            Polled::Suspend => {
                session::suspend(app, host, events.now(), Effects::default());
                draw(terminal, app, look, host)?;
                events.suspend().map_err(LoopError::Events)?
            }
            polled => polled,
        };
        let event = match polled {
            Polled::Input(event) => Some(event),
            Polled::TimedOut | Polled::Suspend => None,
            Polled::Closed => break,
        };
        if matches!(event, Some(Event::Resize(..))) {
            // After a resize, or a stop and SIGCONT, the screen may hold anything.
            wipe(terminal)?;
        }
        let ticking = app.clocks().is_some_and(Clocks::is_running);
        // A flag that fell before the key is recorded first, and what an engine found
        // since the last frame goes in before the key.
        let (mut effects, found) = session::tick(app, host, events.now());
        // What another terminal sent goes in before the key, as it came first.
        let found = session::arrivals(app, host, &mut effects) | found;
        let action = event
            .as_ref()
            .and_then(|e| look.keys.action_for_event(e, app.mode(), |x, y| ui::hit_test(area, app, x, y)))
            .filter(|action| ui::fits(area) || *action == Action::Quit);
        // A line typed after a quote (`"good luck`) is chat for the players elsewhere.
        let chat = match (&action, app.input().strip_prefix('"')) {
            (Some(Action::Edit(Edit::Submit)), Some(text)) => host.say(app, text),
            _ => None,
        };
        let chatted = chat.is_some();
        let action = if let Some(said) = chat {
            app.update(Action::Cancel);
            app.update(Action::Report(said));
            None
        } else {
            action
        };
        // The seats say whether a key here may act, and what it stands for.
        let acted = action.is_some_and(|action| session::act(app, host, action, &mut effects))
            || !effects.is_empty()
            || found
            || chatted;
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
            } else {
                reported |= session::carry_out_one(app, host, effect);
            }
        }
        // An engine that could not start says so at once.
        if started {
            let mut more = Effects::default();
            reported |= session::reports(app, host, &mut more);
            reported |= session::carry_out(app, host, more);
        }
        if reported {
            area = draw(terminal, app, look, host)?;
        }
        host.shown(app);
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
