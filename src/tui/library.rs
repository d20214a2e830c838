//! The library's loop, on the same terminal and events as the game's: the screen is
//! drawn, a key becomes an action, and the effects are carried out, until the player
//! leaves or chooses a game to open; and `hotseat games`, the library and the games
//! opened from it, one after another on one terminal ([`Screen::games`]).

use std::io;
use std::path::{Path, PathBuf};

use ratatui::Terminal;
use ratatui::backend::Backend;

use crossterm::event::Event;

use super::{LoopError, Screen, wipe};
use crate::app::{App, Message};
use crate::input::library::action_for_event;
use crate::library::{Action, Effect, Library, OpenAs, Shelves};
use crate::printable::printable;
use crate::session::{self, Polled, Recorder, Source, World};
use crate::ui::Look;
use crate::ui::library::{MIN_HEIGHT, MIN_WIDTH, list_rows, render};

/// How the library was left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Left {
    /// The player left (or the events ended: a signal, the terminal gone).
    Quit,
    /// The player chose this game to open, so.
    Open(PathBuf, OpenAs),
}

/// Runs the library until the player leaves it or chooses a game. `delete` carries
/// out a deletion the player confirmed and says what came of it, as actions (a
/// report, the folder read again). `folder` names the games folder on screen.
pub fn run<B, E>(
    terminal: &mut Terminal<B>,
    events: &mut E,
    library: &mut Library,
    folder: &str,
    look: &Look,
    mut delete: impl FnMut(&Path) -> Vec<Action>,
) -> Result<Left, LoopError<B::Error>>
where
    B: Backend,
    B::Error: std::error::Error,
    E: Source<Event>,
{
    let draw = |terminal: &mut Terminal<B>, library: &mut Library| {
        let area = terminal.draw(|frame| render(frame.area(), frame.buffer_mut(), library, folder, look));
        let area = area.map_err(LoopError::Draw)?.area;
        library.update(Action::Rows(list_rows(area)));
        Ok(area)
    };
    let mut area = draw(terminal, library)?;
    while !library.should_quit() {
        let event = match events.wait(None).map_err(LoopError::Events)? {
            Polled::Input(event) => event,
            Polled::TimedOut => continue,
            Polled::Closed => break,
            // No clock runs here: the stop is at once.
            Polled::Suspend => match events.suspend().map_err(LoopError::Events)? {
                Polled::Input(event) => event,
                Polled::TimedOut | Polled::Suspend => continue,
                Polled::Closed => break,
            },
        };
        if matches!(event, Event::Resize(..)) {
            wipe(terminal)?;
        }
        let fits = area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT;
        for action in action_for_event(&event, library.mode()) {
            // On a screen too small to show it, keys do nothing but leave.
            if !fits && !matches!(action, Action::Quit | Action::Cancel) {
                continue;
            }
            let action = if fits { action } else { Action::Quit };
            for effect in library.update(action) {
                match effect {
                    Effect::Open(path, how) => return Ok(Left::Open(path, how)),
                    Effect::Delete(path) => {
                        for outcome in delete(&path) {
                            library.update(outcome);
                        }
                    }
                }
            }
        }
        area = draw(terminal, library)?;
    }
    Ok(Left::Quit)
}

impl Screen {
    /// `hotseat games`: the library of `shelves` (the games folder, named `folder` on
    /// screen) and the games opened from it, until the player leaves the library or a
    /// signal ends the program ([`Screen::stopped_by`]). Leaving a game comes back to
    /// the library. Returns what each game left said, to print once the terminal is back.
    pub fn games(
        &mut self,
        shelves: &mut impl Shelves<Opened = (App, Recorder)>,
        folder: &str,
        look: &Look,
    ) -> Result<Vec<String>, LoopError<io::Error>> {
        let (shelf, trouble) = shelves.shelve();
        let mut library = Library::new(shelf);
        if let Some(trouble) = trouble {
            library.update(Action::Report(trouble));
        }
        let mut said = Vec::new();
        while self.stopped_by().is_none() {
            let left = self.library(&mut library, folder, look, |path| shelves.delete(path))?;
            let (path, how) = match left {
                Left::Quit => break,
                Left::Open(path, how) => (path, how),
            };
            let (mut app, mut recorder) = match shelves.open(&path, how) {
                Ok(opened) => opened,
                Err(why) => {
                    library.update(Action::Report(Message::error(why)));
                    continue;
                }
            };
            let read_only = how == OpenAs::Browse;
            let mut world = World::new(&mut recorder, read_only, shelves.engine());
            let result = self.run(&mut app, look, &mut world);
            // The engine, if one is reviewing the game, ends before the library comes back.
            drop(world);
            let farewell = if read_only {
                session::strings::closed_unsaved(&path)
            } else {
                recorder.finish(&app).to_string()
            };
            let farewell = printable(&farewell, usize::MAX).into_owned();
            said.push(farewell.clone());
            result?;
            let (shelf, trouble) = shelves.shelve();
            library = Library::new(shelf).with_message(trouble.unwrap_or_else(|| Message::info(farewell)));
        }
        Ok(said)
    }
}
