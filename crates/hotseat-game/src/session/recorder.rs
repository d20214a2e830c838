//! The game on disk while it is played: opening a game (`--resume`, `--pgn FILE
//! [--game N]`), saving it after every change (`--save PATH`, or one autosave file per
//! game), and saying where it is on the way out.
//!
//! The [`Recorder`] keeps the tags of the game and the file it goes to; the [`App`]
//! keeps the game, its history and the players' names. [`Recorder::record`] puts the
//! two together into the one [`PgnGame`] that is saved, shown and copied (with a player
//! no one named kept as PGN's unknown, `?`). The app asks for a save with an
//! [`Effect`]; [`Recorder::carry_out`] does it, after the frame is drawn, and says what
//! came of it as a [`Message`] for the app.
//!
//! ```
//! use hotseat_game::app::{Action, App, Edit};
//! use hotseat_chess::Game;
//! use hotseat_game::records::{Destination, fresh_tags};
//! use hotseat_game::session::Recorder;
//!
//! # let dir = std::env::temp_dir().join(format!("hotseat-records-doc-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir).expect("temp dir");
//! let path = dir.join("game.pgn");
//! let mut app = App::new(Game::new()).with_players("Anna", "Ben");
//! let mut recorder = Recorder::new(Destination::File(path.clone()), fresh_tags(std::time::SystemTime::now()));
//! recorder.start(&app).expect("writable");
//! for c in "e4".chars() {
//!     app.update(Action::Edit(Edit::Type(c)));
//! }
//! for effect in app.update(Action::Edit(Edit::Submit)) {
//!     recorder.carry_out(&app, effect);
//! }
//! let saved = std::fs::read_to_string(&path).expect("saved");
//! assert!(saved.contains("[White \"Anna\"]") && saved.contains("1. e4 *"));
//! # std::fs::remove_dir_all(&dir).expect("clean up");
//! ```

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::annotations::Annotations;
use crate::app::{App, Effect, Message, Notation};
use crate::clock::ClockStart;
use crate::records::pgn::{self, PgnGame, Tags};
use crate::records::store::{self, GameFile, GameLock, GameStore, StoreError};
use crate::records::{Destination, OpeningTags, fresh_tags, known_name};
use hotseat_chess::{Color, Game, Move, Outcome};

/// What the clock of the side to move shows, as of the app's last tick, while a timed
/// turn is under way (running or paused) in a game that goes on.
fn turn_time_left(app: &App) -> Option<Duration> {
    let clocks = app.clocks()?;
    let turn = app.game().turn();
    (clocks.is_timing() && !app.game().is_over())
        .then(|| app.clock_face(turn))
        .flatten()
        .map(|face| face.left)
}

/// Keeps the game on disk: saves it when it starts and after every change, starts a
/// new file for a new game, and says on the way out where it is.
#[derive(Debug)]
pub struct Recorder {
    destination: Destination,
    /// The file the game goes to; `None` until it is made (or while making it fails).
    path: Option<PathBuf>,
    /// The game's tags other than the players' names and what the PGN writer derives
    /// from the game (result, set-up, variant, termination).
    tags: Tags,
    /// The file this run made for the game (its real path, symlinks followed), so the
    /// file of a game in which nothing happened can go.
    made: Option<PathBuf>,
    /// Whether nothing has been saved to `path` yet.
    fresh: bool,
    /// The file of the game played before a new game was started here.
    previous: Option<PathBuf>,
    /// Why the last save failed, while it has not succeeded since.
    failure: Option<StoreError>,
    /// The lock on the file the game goes to, once it is taken.
    lock: Option<GameLock>,
    /// The file the game goes to, held to the one it started with, once it is taken.
    file: Option<GameFile>,
    /// A game loaded from a file, as loaded (its moves and result): until it changes,
    /// no file is made for it, as it is in a file already.
    loaded: Option<(Vec<Move>, Option<Outcome>)>,
    /// Whether the game last saved was one to keep: a move played in it, and
    /// something new since it was loaded.
    worth_keeping: bool,
    /// Whether the `ECO` and `Opening` tags are the game's own or the opening table's.
    opening: OpeningTags,
    /// Tags that hold for every game of this run, a new one too (a coach was on).
    lasting: Vec<(String, String)>,
    /// What happened to the game at a ply (its number of moves then), not in the
    /// app's game: a side handed to the engine, or back. Said as comments there.
    happenings: Vec<(usize, String)>,
}

/// The most happenings a game keeps (Ctrl-B pressed again and again).
const MAX_HAPPENINGS: usize = 256;

impl Recorder {
    /// A recorder for a game with `tags` (a new game's [`fresh_tags`], or a loaded
    /// game's own), saving to `destination`. Nothing is written until [`Recorder::start`].
    pub fn new(destination: Destination, tags: Tags) -> Recorder {
        Recorder {
            opening: OpeningTags::of(&tags),
            destination,
            path: None,
            tags,
            made: None,
            fresh: true,
            previous: None,
            failure: None,
            lock: None,
            file: None,
            loaded: None,
            worth_keeping: false,
            lasting: Vec::new(),
            happenings: Vec::new(),
        }
    }

    /// A recorder for `game`, loaded from a file: no file is made for it (nor is the
    /// `--save` file written) until it changes, so looking at a game, finished or not,
    /// leaves nothing behind.
    #[must_use]
    pub fn loaded(mut self, game: &Game) -> Recorder {
        self.loaded = Some((game.moves().to_vec(), game.declared()));
        self
    }

    /// Whether the game goes to a file that holds something already (`--pgn g.pgn
    /// --save g.pgn`): saving there makes no copy, and keeps the time a turn under way
    /// has used.
    fn saves_in_place(&self) -> bool {
        matches!(&self.destination, Destination::File(path) if std::fs::metadata(path).is_ok_and(|m| m.len() > 0))
    }

    /// Whether the game is one to keep: a move was played in it, and it is not just as
    /// it was loaded. A game with no move is never kept, whatever ended it.
    fn is_worth_keeping(&self, game: &Game) -> bool {
        let as_loaded = self
            .loaded
            .as_ref()
            .is_some_and(|(moves, outcome)| game.moves() == moves.as_slice() && game.declared() == *outcome);
        game.ply() > 0 && !as_loaded
    }

    /// A recorder that goes on saving a resumed game to its file in `store`.
    pub fn resumed(path: PathBuf, store: GameStore, tags: Tags) -> Recorder {
        Recorder { path: Some(path), ..Recorder::new(Destination::Store(store), tags) }
    }

    /// Holds `lock`, the lock on the file the game goes to, taken before the file was
    /// checked ([`claim_save_file`](crate::records::claim_save_file), [`resume`](crate::records::resume)). Without one, the lock is taken at the
    /// first save.
    #[must_use]
    pub fn holding(mut self, lock: GameLock) -> Recorder {
        self.lock = Some(lock);
        self
    }

    /// The game as it is saved, shown and copied: the app's game and players with
    /// this recorder's tags. A player whose name no one gave (not the tags, not the
    /// command line) is left as PGN's unknown, `?`, rather than the `White` or `Black`
    /// the screen shows.
    ///
    /// This is the one place the record is put together: whatever else belongs in the
    /// saved game (clock times, a `TimeControl` tag) is added here.
    pub fn record(&self, app: &App) -> PgnGame {
        let mut record = PgnGame::new(app.game().clone());
        record.tags = self.tags.clone();
        record.annotations = app.timeline().all_annotations();
        record.trailing = app.timeline().trailing().to_vec();
        let moves = app.game().ply();
        for (ply, text) in &self.happenings {
            match *ply {
                // Before the first move, or in a game with none yet.
                0 if moves == 0 => record.trailing.push(text.clone()),
                0 => {
                    if record.annotations.is_empty() {
                        record.annotations.push(Annotations::default());
                    }
                    record.annotations[0].before.push(text.clone());
                }
                // A move taken back since: nothing to say it on (until it is played again).
                ply if ply > moves => {}
                ply => {
                    if record.annotations.len() < ply {
                        record.annotations.resize_with(ply, Annotations::default);
                    }
                    record.annotations[ply - 1].comments.push(text.clone());
                }
            }
        }
        for color in [Color::White, Color::Black] {
            let unknown = known_name(&self.tags, color).is_none() && app.player(color) == color.name();
            record.tags.set(color.name(), if unknown { "?" } else { app.player(color) });
        }
        if let Some(clocks) = app.clocks() {
            for name in
                ["TimeControl", pgn::BLACK_TIME_CONTROL_TAG, pgn::TIME_DELAY_TAG, pgn::CLOCK_START_TAG]
            {
                record.tags.remove(name);
            }
            for (name, value) in pgn::time_control_tags(clocks.controls()) {
                record.tags.set(name, value);
            }
            if clocks.clock_start() != ClockStart::default() {
                record.tags.set(pgn::CLOCK_START_TAG, clocks.clock_start().name());
            }
            // Only the times measured here or read from the record: nothing invented.
            record.clocks = app.timeline().move_times();
        }
        self.opening.write(&mut record.tags, app.game());
        // A turn under way keeps the time it has used: see `TURN_CLOCK_TAG`.
        record.tags.remove(pgn::TURN_CLOCK_TAG);
        if let Some(left) = turn_time_left(app) {
            record.tags.set(pgn::TURN_CLOCK_TAG, pgn::turn_clock_tag(left));
        }
        record
    }

    /// Sets a tag of the saved game (one the app does not know of: that a coach was
    /// on), from the next save on.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        self.tags.set(name, value);
    }

    /// Says in the saved game, as a comment on the last of `ply` moves (before the
    /// first with none), something that happened there which the game's moves do not
    /// show: a side handed to the engine, or back.
    pub fn note(&mut self, ply: usize, text: String) {
        if self.happenings.len() < MAX_HAPPENINGS {
            self.happenings.push((ply, text));
        }
    }

    /// Sets the tag `name` for this game and every new game after it (what a run
    /// brings to each of its games, as a coach does).
    pub fn set_lasting_tag(&mut self, name: &str, value: &str) {
        self.set_tag(name, value);
        self.lasting.retain(|(kept, _)| kept != name);
        self.lasting.push((name.to_owned(), value.to_owned()));
    }

    /// The file the game is saved to, once there is one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The text to copy for `notation`: the FEN of the position on the board, or the
    /// game's PGN.
    pub fn text(&self, app: &App, notation: Notation) -> String {
        match notation {
            Notation::Fen => app.shown_position().fen(),
            Notation::Pgn => self.record(app).to_pgn(),
        }
    }

    /// Saves the game as it starts. A file named with `--save` that cannot be written
    /// is an error, to report before the game begins; an autosave that fails is a
    /// message for the screen, and the game goes on.
    pub fn start(&mut self, app: &App) -> Result<Option<Message>, StoreError> {
        self.opening = self.opening.settle(&self.tags, app.game());
        let message = self.save(app);
        match (&self.destination, self.failure.take()) {
            (Destination::File(_), Some(err)) => Err(err),
            (_, failure) => {
                self.failure = failure;
                Ok(message)
            }
        }
    }

    /// Carries out what the app asked: saves the game after a change to it, or starts
    /// a new file for a new game. Returns what to tell the players, if anything (a
    /// failed save, or a save that works again after failing). Copying is left to the
    /// caller.
    pub fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message> {
        match effect {
            Effect::Copy(_)
            | Effect::Repaint
            | Effect::Bell
            | Effect::Analyse
            | Effect::StopAnalysis
            | Effect::AnalyseNext(_)
            | Effect::HandOver
            | Effect::Hint
            | Effect::Judge { .. } => None,
            Effect::NewGame => {
                self.tags = fresh_tags(SystemTime::now());
                for (name, value) in &self.lasting {
                    self.tags.set(name, value);
                }
                self.happenings.clear();
                self.opening = OpeningTags::Table;
                // The game before is kept only when it was one to keep; else its file
                // goes, if this run made it, and the one before it stays the last.
                if self.worth_keeping {
                    self.previous = if self.failure.is_none() { self.path.take() } else { None };
                } else {
                    self.remove_made();
                    self.path = None;
                }
                self.loaded = None;
                self.file = None;
                // The game before is done with; its file is free for others now.
                self.lock = None;
                self.path = match &self.destination {
                    Destination::File(path) => Some(beside(path)),
                    Destination::Store(_) => None,
                };
                self.made = None;
                self.fresh = true;
                let failed = self.save(app);
                match (&self.failure, &self.path) {
                    (None, Some(path)) => {
                        Some(Message::info(format!("New game, saved to {}.", path.display())))
                    }
                    _ => failed,
                }
            }
            Effect::Save => self.save(app),
        }
    }

    /// Saves the game: one serialisation, one atomic write. A loaded game that is as
    /// it was loaded is not written anywhere.
    fn save(&mut self, app: &App) -> Option<Message> {
        self.worth_keeping = self.is_worth_keeping(app.game());
        if self.loaded.is_some() && self.path.is_none() && !self.worth_keeping && !self.saves_in_place() {
            return None;
        }
        let text = self.record(app).to_pgn();
        match self.write(&text) {
            Ok(path) => {
                self.failure.take().map(|_| Message::info(format!("Saved again, to {}.", path.display())))
            }
            Err(err) => {
                let message = Message::error(format!("The game is not saved: {err}"));
                self.failure = Some(err);
                Some(message)
            }
        }
    }

    /// Writes `text` to the game's file, when the lock on it still holds and it is
    /// still the file the game began with (see [`GameFile`]).
    fn write(&mut self, text: &str) -> Result<PathBuf, StoreError> {
        let path = self.ensure_path()?;
        if let Some(lock) = &self.lock {
            lock.check(&path)?;
        }
        if let Some(file) = &mut self.file {
            file.save(text.as_bytes())?;
        }
        Ok(path)
    }

    /// Removes the file this run made for the game, if it is still the file the last
    /// save wrote (never one put at its name since). Whether it went.
    fn remove_made(&mut self) -> bool {
        let ours = self.file.as_ref().is_some_and(GameFile::is_ours);
        let removed = ours && self.made.take().is_some_and(|made| std::fs::remove_file(made).is_ok());
        if removed {
            self.file = None;
        }
        removed
    }

    /// The file to save to, made now if there is none yet, and locked.
    fn ensure_path(&mut self) -> Result<PathBuf, StoreError> {
        let path = match (&self.path, &self.destination) {
            (Some(path), _) => path.clone(),
            (None, Destination::File(path)) => {
                store::remove_stale_temps_beside(path);
                path.clone()
            }
            (None, Destination::Store(store)) => {
                let path = store.create_game_file(SystemTime::now())?;
                self.made = Some(path.clone());
                path
            }
        };
        self.path = Some(path.clone());
        if self.lock.is_none() {
            self.lock = Some(GameLock::acquire(&path)?);
        }
        if self.file.is_none() {
            // Under the lock, so no other hotseat makes it in between.
            let file = GameFile::take(&path)?;
            if std::mem::take(&mut self.fresh) && file.real().symlink_metadata().is_err() {
                self.made = Some(file.real().to_owned());
            }
            self.file = Some(file);
        }
        Ok(path)
    }

    /// What to tell the players on the way out. A last save is tried if the previous
    /// one failed; a file this run made (an autosave file, or a new file to save to)
    /// for a game in which nothing happened is removed: a game with no move is not
    /// kept, the same command can be given again, and `--resume` finds the game before.
    ///
    /// The lock on the file is released: nothing is saved after this.
    pub fn finish(&mut self, app: &App) -> Farewell {
        let farewell = self.farewell(app);
        self.lock = None;
        farewell
    }

    fn farewell(&mut self, app: &App) -> Farewell {
        if !self.is_worth_keeping(app.game()) {
            if self.remove_made() {
                return Farewell::NothingPlayed { previous: self.previous.clone() };
            }
            if self.loaded.is_some() && self.path.is_none() {
                return Farewell::Unchanged;
            }
        }
        // Again if the last save failed, and so that a turn under way keeps the time
        // it used up to now.
        if self.failure.is_some() || turn_time_left(app).is_some() {
            self.save(app);
        }
        match (&self.failure, &self.path) {
            (None, Some(path)) => Farewell::Saved(path.clone()),
            (failure, _) => Farewell::NotSaved {
                error: failure.as_ref().map_or_else(|| "no file to save to".to_owned(), ToString::to_string),
                pgn: self.record(app).to_pgn(),
            },
        }
    }
}

/// What happened to the game, for the players leaving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Farewell {
    /// The game is in this file.
    Saved(PathBuf),
    /// Not a move was played, so no file was kept.
    NothingPlayed {
        /// The file of the game played before, when a new game was started.
        previous: Option<PathBuf>,
    },
    /// A game loaded from a file was left as it was loaded, so nothing was written.
    Unchanged,
    /// The game could not be saved; here it is, to keep by hand.
    NotSaved {
        /// Why.
        error: String,
        /// The game.
        pgn: String,
    },
}

impl fmt::Display for Farewell {
    /// The line to print: `Game saved to /path/to/file.pgn`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Farewell::Saved(path) => write!(f, "Game saved to {}", path.display()),
            Farewell::NothingPlayed { previous: None } => {
                f.write_str("No move was played, so no game was saved.")
            }
            Farewell::NothingPlayed { previous: Some(path) } => write!(
                f,
                "No move was played in the new game, so it was not kept; the game before is saved to {}",
                path.display()
            ),
            Farewell::Unchanged => f.write_str("No move was played, so nothing was saved."),
            Farewell::NotSaved { error, .. } => write!(f, "the game could not be saved: {error}"),
        }
    }
}

/// Finds a free file beside `path` for the next game: `game-2.pgn`, `game-3.pgn`...
fn beside(path: &Path) -> PathBuf {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    (2..10_000)
        .map(|n| path.with_file_name(format!("{stem}-{n}{ext}")))
        // A dangling symlink is taken too: saving there would write where it points.
        .find(|candidate| candidate.symlink_metadata().is_err())
        .unwrap_or_else(|| path.with_file_name(format!("{stem}-new{ext}")))
}
