//! The library screen as a state machine: the saved games listed, filtered by typing,
//! one chosen to continue or to browse, or deleted after a question.
//!
//! Like the game screen ([`crate::app`]), it is one state struct ([`Library`]), one
//! [`Action`] enum and one [`Library::update`] that returns the [`Effect`]s for the
//! world outside: opening a game and deleting a file are done by the loop, which
//! hands back what came of them ([`Action::Shelved`], [`Action::Report`]). It knows
//! no terminal and no file system.
//!
//! ```
//! use hotseat_game::library::{Action, Effect, Library, OpenAs};
//! use hotseat_game::records::shelf::{Content, Entry, Shelf, Summary};
//! use std::time::UNIX_EPOCH;
//!
//! let game = |name: &str, result: &str| Entry {
//!     path: name.into(),
//!     name: name.to_owned(),
//!     modified: UNIX_EPOCH,
//!     content: Content::Game(Summary { white: "Anna".into(), result: result.into(), ..Summary::default() }),
//! };
//! let shelf = Shelf { entries: vec![game("a.pgn", "*"), game("b.pgn", "1-0")], skipped: 0 };
//! let mut library = Library::new(shelf);
//! for c in "b.p".chars() {
//!     library.update(Action::Type(c));
//! }
//! assert_eq!(library.shown().count(), 1);
//! assert_eq!(library.update(Action::Open), [Effect::Open("b.pgn".into(), OpenAs::Browse)]);
//! ```

use std::path::{Path, PathBuf};

use crate::app::Message;
pub use crate::records::shelf::{Content, Entry, Shelf};

/// The games folder behind the library, as a face's loop needs it: the command line
/// provides it, and words what goes wrong.
pub trait Shelves {
    /// A game opened, ready to play on or to look through.
    type Opened;

    /// The folder read again: the games listed, and what went wrong reading it.
    fn shelve(&mut self) -> (Shelf, Option<Message>);

    /// Deletes a game the player confirmed deleting, and says so: the actions for the
    /// library (what came of it, and the folder read again).
    fn delete(&mut self, path: &Path) -> Vec<Action>;

    /// The game chosen, set up as `how` says, or why not, in a sentence for the
    /// message line.
    fn open(&mut self, path: &Path, how: OpenAs) -> Result<Self::Opened, String>;

    /// The engine that reviews an opened game, if one is named.
    fn engine(&self) -> Option<PathBuf>;
}

/// How a chosen game is opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenAs {
    /// Go on with an unfinished game, in its own file.
    Continue,
    /// Show a finished game; nothing is saved.
    Browse,
}

/// A move of the selection through the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// One line up.
    Up,
    /// One line down.
    Down,
    /// A screenful up.
    PageUp,
    /// A screenful down.
    PageDown,
    /// The first game listed.
    First,
    /// The last game listed.
    Last,
}

/// What the player, or the world outside, does to the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A character of the filter (or, while a question is open, an answer).
    Type(char),
    /// Delete the filter's last character.
    Backspace,
    /// Move the selection.
    Move(Motion),
    /// Open the selected game.
    Open,
    /// Ask to delete the selected game.
    Delete,
    /// Yes to the question.
    Yes,
    /// Esc: close the question, else clear the filter, else leave.
    Cancel,
    /// A key the open question does not take.
    Unbound,
    /// Leave the library.
    Quit,
    /// The list has this many lines on screen (for paging).
    Rows(usize),
    /// The games folder, read again.
    Shelved(Shelf),
    /// What came of an effect.
    Report(Message),
}

/// What the library asks of the world outside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Open this game file.
    Open(PathBuf, OpenAs),
    /// Delete this game file (the player said yes), then read the folder again.
    Delete(PathBuf),
}

/// Which keys apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The list: typing filters it.
    List,
    /// The question whether to delete a game.
    Asking,
}

/// The state of the library screen.
#[derive(Clone, Debug)]
pub struct Library {
    shelf: Shelf,
    filter: String,
    /// The entries that match the filter, as indices into the shelf, in order.
    shown: Vec<usize>,
    /// The selected line of `shown`.
    selected: usize,
    rows: usize,
    /// The file the delete question is about, while it is open.
    asking: Option<PathBuf>,
    message: Option<Message>,
    quit: bool,
}

impl Library {
    /// The library of `shelf`, with nothing typed and the first game selected.
    pub fn new(shelf: Shelf) -> Library {
        let mut library = Library {
            shelf,
            filter: String::new(),
            shown: Vec::new(),
            selected: 0,
            rows: 10,
            asking: None,
            message: None,
            quit: false,
        };
        library.refilter(None);
        library
    }

    /// Shows `message` (a game left, say) until the next key.
    #[must_use]
    pub fn with_message(mut self, message: Message) -> Library {
        self.message = Some(message);
        self
    }

    // ----- reading the state -----

    /// Everything in the folder.
    pub fn shelf(&self) -> &Shelf {
        &self.shelf
    }

    /// The entries that match the filter, in order.
    pub fn shown(&self) -> impl ExactSizeIterator<Item = &Entry> {
        self.shown.iter().map(|&i| &self.shelf.entries[i])
    }

    /// The line selected among [`Library::shown`], when anything is shown.
    pub fn selected(&self) -> Option<usize> {
        (!self.shown.is_empty()).then_some(self.selected)
    }

    /// The selected entry.
    pub fn selected_entry(&self) -> Option<&Entry> {
        self.shown.get(self.selected).map(|&i| &self.shelf.entries[i])
    }

    /// What has been typed.
    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// The file the delete question is about, while it is open.
    pub fn asking(&self) -> Option<&PathBuf> {
        self.asking.as_ref()
    }

    /// Which keys apply now.
    pub fn mode(&self) -> Mode {
        if self.asking.is_some() { Mode::Asking } else { Mode::List }
    }

    /// The message line.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// Whether the player has left.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    // ----- changing it -----

    /// Carries out `action`; returns what the world outside must do.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        if !matches!(action, Action::Rows(_) | Action::Report(_) | Action::Shelved(_)) {
            self.message = None;
        }
        if self.asking.is_some() {
            return self.answer(action);
        }
        match action {
            Action::Type(c) if !c.is_control() => {
                self.filter.push(c);
                self.refilter(None);
            }
            Action::Backspace => {
                self.filter.pop();
                self.refilter(None);
            }
            Action::Move(motion) => self.move_selection(motion),
            Action::Open => return self.open(),
            Action::Delete => self.ask_delete(),
            Action::Cancel if !self.filter.is_empty() => {
                self.filter.clear();
                self.refilter(None);
            }
            Action::Cancel | Action::Quit => self.quit = true,
            Action::Rows(rows) => self.rows = rows.max(1),
            Action::Shelved(shelf) => self.reshelve(shelf),
            Action::Report(message) => self.message = Some(message),
            Action::Type(_) | Action::Yes | Action::Unbound => {}
        }
        Vec::new()
    }

    /// The delete question is open: only `Y` deletes.
    fn answer(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Yes => self.asking.take().map(Effect::Delete).into_iter().collect(),
            Action::Cancel => {
                if let Some(path) = self.asking.take() {
                    self.message = Some(Message::info(format!("Kept {}.", self.name_of(&path))));
                }
                Vec::new()
            }
            Action::Quit => {
                self.asking = None;
                self.quit = true;
                Vec::new()
            }
            Action::Rows(rows) => {
                self.rows = rows.max(1);
                Vec::new()
            }
            Action::Shelved(shelf) => {
                self.reshelve(shelf);
                Vec::new()
            }
            Action::Report(message) => {
                self.message = Some(message);
                Vec::new()
            }
            _ => {
                self.message = Some(Message::error("Y deletes the game, Esc keeps it."));
                Vec::new()
            }
        }
    }

    fn move_selection(&mut self, motion: Motion) {
        let Some(last) = self.shown.len().checked_sub(1) else { return };
        let page = self.rows.saturating_sub(1).max(1);
        self.selected = match motion {
            Motion::Up => self.selected.saturating_sub(1),
            Motion::Down => self.selected.saturating_add(1),
            Motion::PageUp => self.selected.saturating_sub(page),
            Motion::PageDown => self.selected.saturating_add(page),
            Motion::First => 0,
            Motion::Last => last,
        }
        .min(last);
    }

    fn open(&mut self) -> Vec<Effect> {
        let Some(entry) = self.selected_entry() else {
            self.message = Some(Message::error("No game is selected."));
            return Vec::new();
        };
        let summary = match &entry.content {
            Content::Game(summary) => summary,
            Content::Unreadable(why) => {
                self.message = Some(Message::error(format!("{} cannot be opened: {why}.", entry.name)));
                return Vec::new();
            }
        };
        if summary.games > 1 {
            self.message = Some(Message::error(format!(
                "{} holds {} games: load one with hotseat --pgn FILE --game N.",
                entry.name, summary.games
            )));
            return Vec::new();
        }
        let how = if summary.is_unfinished() { OpenAs::Continue } else { OpenAs::Browse };
        vec![Effect::Open(entry.path.clone(), how)]
    }

    fn ask_delete(&mut self) {
        let Some(entry) = self.selected_entry() else { return };
        if entry.summary().is_some_and(|s| s.games == 1) {
            self.asking = Some(entry.path.clone());
        } else {
            self.message = Some(Message::error(format!(
                "{} is not a game hotseat wrote; it is left alone.",
                entry.name
            )));
        }
    }

    /// The folder read again: the same file stays selected when it is still there.
    fn reshelve(&mut self, shelf: Shelf) {
        let keep = self.selected_entry().map(|e| e.path.clone());
        self.shelf = shelf;
        if self.asking.as_ref().is_some_and(|path| !self.shelf.entries.iter().any(|e| &e.path == path)) {
            self.asking = None;
        }
        self.refilter(keep);
    }

    fn refilter(&mut self, keep: Option<PathBuf>) {
        let filter = &self.filter;
        self.shown = self
            .shelf
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.matches(filter))
            .map(|(i, _)| i)
            .collect();
        // The file kept selected, or the line it was on when it is gone.
        let selected = match keep {
            Some(path) => self.shown().position(|e| e.path == path).unwrap_or(self.selected),
            None => 0,
        };
        self.selected = selected.min(self.shown.len().saturating_sub(1));
    }

    fn name_of(&self, path: &PathBuf) -> String {
        self.shelf.entries.iter().find(|e| &e.path == path).map_or_else(String::new, |e| e.name.clone())
    }
}
