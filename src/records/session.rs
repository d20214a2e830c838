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
//! use hotseat::app::{Action, App, Edit};
//! use hotseat::chess::Game;
//! use hotseat::records::{Destination, Recorder, fresh_tags};
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
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::opening_tags::OpeningTags;
use super::pgn::{self, PgnError, PgnFile, PgnGame, Tags, pgn_date};
use super::store::{self, GameFile, GameLock, GameStore, PassedOver, StoreError};
use crate::app::{App, Effect, Message, Notation};
use crate::chess::{ByColor, Color, Game, Move, Outcome};
use crate::clock::{ClockStart, TimeControl};

/// Where the game is saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// `--save PATH`: this file, replaced on every save (claim it first with
    /// [`claim_save_file`], which locks it and checks it holds no other game). A new game started from
    /// the game screen goes beside it (`PATH-2.pgn`, `PATH-3.pgn`...), so no game is lost.
    File(PathBuf),
    /// One autosave file per game in the store.
    Store(GameStore),
}

/// The tags of a game started here: `Event "Casual game"`, the `Date` of `started`,
/// `Site "?"` and `Round "-"`. The players' names come from the app.
pub fn fresh_tags(started: SystemTime) -> Tags {
    [
        ("Event", "Casual game".to_owned()),
        ("Site", "?".to_owned()),
        ("Date", pgn_date(started)),
        ("Round", "-".to_owned()),
    ]
    .into_iter()
    .collect()
}

/// The players' names: `--white`/`--black` when given, else the names in the game's
/// tags when they are known, else `White` and `Black`.
pub fn player_names(tags: &Tags, white: Option<&str>, black: Option<&str>) -> (String, String) {
    let name = |color: Color, given: Option<&str>| {
        given.or_else(|| known_name(tags, color)).unwrap_or(color.name()).to_owned()
    };
    (name(Color::White, white), name(Color::Black, black))
}

/// The name `tags` give `color`'s player, unless it is PGN's unknown (`?`) or blank.
fn known_name(tags: &Tags, color: Color) -> Option<&str> {
    tags.get(color.name()).map(str::trim).filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?'))
}

/// The time controls to play `record` on, with the mover's time after each move where
/// the record says it: its own time control (its `TimeControl` tags) with the times
/// of its `%clk` comments; or, when `controls` are given (from the command line),
/// those, fresh from the position reached. `None` when neither gives a time control
/// this program can play.
pub fn clocks(
    record: &PgnGame,
    controls: Option<ByColor<TimeControl>>,
) -> Option<(ByColor<TimeControl>, &[Option<Duration>])> {
    match controls {
        Some(given) => Some((given, &[])),
        None => Some((pgn::controls_from_tags(|name| record.tags.get(name))?, &record.clocks)),
    }
}

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

/// When the clocks of `record` start, as its `ClockStart` tag says (by default,
/// after each side's first move).
pub fn clock_start(record: &PgnGame) -> ClockStart {
    pgn::read_clock_start(record.tags.get(pgn::CLOCK_START_TAG))
}

/// The time left on the clock of the side to move when `record` was saved in the
/// middle of a turn, for a game continued with its own clocks.
pub fn turn_clock(record: &PgnGame) -> Option<Duration> {
    record.tags.get(pgn::TURN_CLOCK_TAG).and_then(pgn::read_turn_clock)
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
}

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
        }
    }

    /// A recorder for `game`, loaded from a file: no file is made for it (nor is the
    /// `--save` file written) until it changes, so looking at a game, finished or not,
    /// leaves nothing behind.
    #[must_use]
    pub fn loaded(mut self, game: &Game) -> Recorder {
        self.loaded = Some((game.moves().to_vec(), game.recorded()));
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
            .is_some_and(|(moves, outcome)| game.moves() == moves.as_slice() && game.recorded() == *outcome);
        game.ply() > 0 && !as_loaded
    }

    /// A recorder that goes on saving a resumed game to its file in `store`.
    pub fn resumed(path: PathBuf, store: GameStore, tags: Tags) -> Recorder {
        Recorder { path: Some(path), ..Recorder::new(Destination::Store(store), tags) }
    }

    /// Holds `lock`, the lock on the file the game goes to, taken before the file was
    /// checked ([`claim_save_file`], [`resume`]). Without one, the lock is taken at the
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
            | Effect::AnalyseNext(_) => None,
            Effect::NewGame => {
                self.tags = fresh_tags(SystemTime::now());
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

/// Why a game could not be opened. The messages state what is wrong with which file;
/// what to type instead is for the command line to say.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Reading the file or the saved games failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A game in the file cannot be played.
    #[error("{}: {source}", path.display())]
    Pgn {
        /// The file.
        path: PathBuf,
        /// Where, and what is wrong.
        source: PgnError,
    },
    /// The file holds no game at all.
    #[error("{} holds no game", path.display())]
    NoGame {
        /// The file.
        path: PathBuf,
    },
    /// A game number the file does not have.
    #[error("{} holds {count} game{}, so there is no game {number}", path.display(), if *count == 1 { "" } else { "s" })]
    NoSuchGame {
        /// The file.
        path: PathBuf,
        /// How many games it holds.
        count: usize,
        /// The number asked for.
        number: usize,
    },
    /// Nothing to resume.
    #[error("no unfinished game to resume in {}", dir.display())]
    NothingToResume {
        /// Where the saved games are.
        dir: PathBuf,
    },
    /// The game chosen to continue is over.
    #[error("the game in {} is over", path.display())]
    GameOver {
        /// The file.
        path: PathBuf,
    },
    /// The file to save to already holds a game, which saving would write over.
    #[error("{} already holds a game", path.display())]
    SaveHoldsAGame {
        /// The file.
        path: PathBuf,
    },
    /// The file to save to holds several games; saving one game would lose the others.
    #[error("{} already holds {count} games, which saving would write over", path.display())]
    SaveHoldsGames {
        /// The file.
        path: PathBuf,
        /// How many games it holds.
        count: usize,
    },
    /// The file to save to holds something other than a game this program can play.
    #[error("{} already exists and is not a game hotseat can read", path.display())]
    SaveHoldsSomethingElse {
        /// The file.
        path: PathBuf,
    },
}

/// A game to resume, its file, and the lock on it.
#[derive(Debug)]
pub struct Resumed {
    /// The file the game is in, and goes on being saved to.
    pub path: PathBuf,
    /// The game.
    pub record: PgnGame,
    /// The lock on the file, for the [`Recorder`] to hold.
    pub lock: GameLock,
    /// Newer files that were not resumed, and why, newest first (finished games are
    /// not listed): the players may have expected one of them.
    pub passed_over: Vec<PassedOver>,
}

/// The most recently saved game to resume in `store` ([`store::resumable_game`]: one
/// game, unfinished, with a move played), with its file, locked.
///
/// The file is locked first and then read again, so what is resumed is what the file
/// holds once no other hotseat can write it. A game that another hotseat has open is
/// not resumed: [`StoreError::Locked`] names the process.
pub fn resume(store: &GameStore) -> Result<Resumed, OpenError> {
    // A game found, then finished by its holder before the lock was taken, is passed
    // over at the next look; a few looks are plenty.
    for _ in 0..4 {
        let store::ResumeSearch { found: Some((path, _)), passed_over } = store.find_resumable()? else {
            break;
        };
        let lock = GameLock::acquire(&path)?;
        if let Ok(record) = store::resumable_game(&path) {
            return Ok(Resumed { path, record, lock, passed_over });
        }
    }
    Err(OpenError::NothingToResume { dir: store.dir().to_owned() })
}

/// Takes the lock on the file a game is to be saved to, then refuses the file if
/// saving would lose anything there ([`refuse_losing_a_game`]): in that order, so no
/// other hotseat can start a game in it between the check and the first save. Hand
/// the lock to the [`Recorder`] with [`Recorder::holding`].
pub fn claim_save_file(save: &Path, source: Option<&Path>) -> Result<GameLock, OpenError> {
    // What it is comes before the lock, so no lock file is made beside a folder or a
    // device.
    store::save_target(save)?;
    let lock = GameLock::acquire(save)?;
    refuse_losing_a_game(save, source)?;
    Ok(lock)
}

/// Refuses a `--save` file that holds anything saving would lose; call it before the
/// game starts, with the `--pgn` file the game is loaded from, if any.
///
/// A file that does not exist, is empty or holds only blank space is fine. So is the
/// `--pgn` file itself when it holds that one game: the game goes on in its own
/// file, with its whole history, comments, NAGs and variations included. Anything else is refused, with what to do instead.
pub fn refuse_losing_a_game(save: &Path, source: Option<&Path>) -> Result<(), OpenError> {
    let path = save.to_owned();
    // First what it is: reading a FIFO would wait for a writer, and a device or a
    // folder is never a place to save.
    let real = store::save_target(save)?;
    let bytes = match store::read_limited(&real) {
        Ok(bytes) => bytes,
        // Nothing there to lose; a folder or a file that cannot be written to is
        // reported by the first save, before the game starts.
        Err(StoreError::Read { source, .. })
            if matches!(source.kind(), io::ErrorKind::NotFound | io::ErrorKind::IsADirectory) =>
        {
            return Ok(());
        }
        Err(err) => return Err(err.into()),
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    let Ok(file) = PgnFile::from_bytes(&bytes) else {
        return Err(OpenError::SaveHoldsSomethingElse { path });
    };
    match file.games() {
        [_] if source.is_some_and(|source| same_file(save, source)) => Ok(()),
        [game] if game.load().is_ok() => Err(OpenError::SaveHoldsAGame { path }),
        [] | [_] => Err(OpenError::SaveHoldsSomethingElse { path }),
        games => Err(OpenError::SaveHoldsGames { path, count: games.len() }),
    }
}

/// Whether two paths name the same file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The line telling the players where a loaded game came from:
/// `Loaded from games.pgn: 1 move, the last position on the board.` A finished game
/// is there to look through, as the library opens one: nothing is saved of it unless
/// it changes (a move taken back).
pub fn loaded_line(source: &Path, game: &Game) -> String {
    let name =
        source.file_name().map_or_else(|| source.display().to_string(), |n| n.to_string_lossy().into_owned());
    if game.is_over() {
        return format!(
            "Looking through {name}: the game is over, and nothing is saved unless you take a move back."
        );
    }
    match game.ply().div_ceil(2) {
        0 => format!("Loaded from {name}: no moves yet, the starting position on the board."),
        1 => format!("Loaded from {name}: 1 move, the last position on the board."),
        moves => format!("Loaded from {name}: {moves} moves, the last position on the board."),
    }
}

/// Reads the PGN file at `path` and splits it into games, to list them or load one.
/// A file with no game in it is an error.
pub fn read_games(path: &Path) -> Result<PgnFile, OpenError> {
    let file = store::read_pgn_file(path)?;
    if file.is_empty() {
        return Err(OpenError::NoGame { path: path.to_owned() });
    }
    Ok(file)
}

/// Loads game `number` (from 1) of `file`, read from `path`, with its full history.
pub fn load(path: &Path, file: &PgnFile, number: usize) -> Result<PgnGame, OpenError> {
    let entry = file.game(number).ok_or_else(|| OpenError::NoSuchGame {
        path: path.to_owned(),
        count: file.len(),
        number,
    })?;
    entry.load().map_err(|source| OpenError::Pgn { path: path.to_owned(), source })
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
