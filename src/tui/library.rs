//! The library on the terminal: the session's one loop runs it ([`run`]), with the
//! board's events read into the library's actions and its screen drawn, until the
//! player leaves or chooses a game to open; and `hotseat games`, the library and the
//! games opened from it, one after another on one terminal ([`Screen::games`]).

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::layout::Rect;

use crossterm::event::Event;

use super::{Screen, cannot_draw, wipe};
use crate::app::{App, Message};
use crate::input::library::action_for_event;
use crate::library::{Action, Effect, Library, OpenAs, Shelves};
use crate::printable::printable;
use crate::session::computer::{Computer, DEFAULT_LEVEL, Strength};
use crate::session::{self, Face, Input, Polled, Recorder, Runner, Session, World};
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

/// The library as the loop runs it: the state machine, and what carries out a
/// deletion the player confirmed.
struct Shelving<'a, D> {
    library: &'a mut Library,
    delete: D,
    left: Option<Left>,
}

impl<D: FnMut(&Path) -> Vec<Action>> Runner for Shelving<'_, D> {
    type Read = Action;

    fn wait_limit(&self, _now: Instant) -> Option<Duration> {
        None
    }

    fn tick(&mut self, _now: Instant) -> bool {
        false
    }

    fn read(&mut self, action: Action) -> bool {
        for effect in self.library.update(action) {
            match effect {
                Effect::Open(path, how) => self.left = Some(Left::Open(path, how)),
                Effect::Delete(path) => {
                    for outcome in (self.delete)(&path) {
                        self.library.update(outcome);
                    }
                }
            }
        }
        true
    }

    // No clock runs here: the stop is at once.
    fn suspend(&mut self, _now: Instant) {}

    fn carry_out(&mut self) -> bool {
        false
    }

    fn take_repaint(&mut self) -> bool {
        false
    }

    fn tell(&mut self) {}

    fn done(&self) -> bool {
        self.left.is_some() || self.library.should_quit()
    }

    fn holds_input(&self) -> bool {
        false
    }
}

/// The library's face: the terminal's events, the library drawn.
struct Shelf<'a, B: Backend, E> {
    terminal: &'a mut Terminal<B>,
    events: &'a mut E,
    folder: &'a str,
    look: &'a Look,
    area: Rect,
    /// The rows of the list the library was last told of.
    rows: Option<usize>,
}

impl<B, E, D> Face<Shelving<'_, D>> for Shelf<'_, B, E>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
    E: Input<Event>,
    D: FnMut(&Path) -> Vec<Action>,
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

    fn read(&mut self, event: Event, shelving: &Shelving<'_, D>) -> io::Result<Vec<Action>> {
        if matches!(event, Event::Resize(..)) {
            wipe(self.terminal)?;
        }
        let fits = self.area.width >= MIN_WIDTH && self.area.height >= MIN_HEIGHT;
        // The list's rows, for paging, as last drawn.
        let rows = list_rows(self.area);
        let told = (self.rows != Some(rows)).then_some(Action::Rows(rows));
        self.rows = Some(rows);
        // On a screen too small to show it, keys do nothing but leave.
        let keys = action_for_event(&event, shelving.library.mode())
            .into_iter()
            .filter(|action| fits || matches!(action, Action::Quit | Action::Cancel))
            .map(|action| if fits { action } else { Action::Quit });
        Ok(told.into_iter().chain(keys).collect())
    }

    fn present(&mut self, shelving: &Shelving<'_, D>, _acted: bool) -> io::Result<()> {
        if shelving.left.is_some() {
            return Ok(());
        }
        let (folder, look) = (self.folder, self.look);
        let frame = self
            .terminal
            .draw(|frame| render(frame.area(), frame.buffer_mut(), shelving.library, folder, look));
        // The rows the list has, for paging, are known once drawn: the library is told
        // with the next key (drawing reads it by shared reference).
        self.area = frame.map_err(cannot_draw)?.area;
        Ok(())
    }

    fn wipe(&mut self) -> io::Result<()> {
        wipe(self.terminal)
    }
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
    delete: impl FnMut(&Path) -> Vec<Action>,
) -> io::Result<Left>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
    E: Input<Event>,
{
    let mut shelving = Shelving { library, delete, left: None };
    let mut shelf = Shelf { terminal, events, folder, look, area: Rect::default(), rows: None };
    session::run(&mut shelving, &mut shelf)?;
    Ok(shelving.left.unwrap_or(Left::Quit))
}

impl Screen {
    /// `hotseat games`: the library of `shelves` (the games folder, named `folder` on
    /// screen) and the games opened from it, until the player leaves the library or a
    /// signal ends the program ([`Screen::stopped_by`]). Leaving a game comes back to
    /// the library. Returns what each game left said, to print once the terminal is back.
    pub fn games(
        &mut self,
        shelves: &mut impl Shelves<Opened = (App, Recorder, Option<Computer>)>,
        folder: &str,
        look: &Look,
    ) -> io::Result<Vec<String>> {
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
            let (mut app, mut recorder, computer) = match shelves.open(&path, how) {
                Ok(opened) => opened,
                Err(why) => {
                    library.update(Action::Report(Message::error(why)));
                    continue;
                }
            };
            let read_only = how == OpenAs::Browse;
            let mut world = World::new(&mut recorder, read_only, shelves.engine());
            // The engine that played the game continued, back at the board; a side
            // handed to an engine later is played at its strength.
            let strength = computer.as_ref().map_or(Strength::Level(DEFAULT_LEVEL), Computer::strength);
            let mut session = Session::new(&mut app, &mut world)
                .with_engine(shelves.engine(), strength)
                .with_computer(computer);
            let result = self.play(&mut session, look);
            // The engine, if one is reviewing the game, ends before the library comes back.
            drop(session);
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
