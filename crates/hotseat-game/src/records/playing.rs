//! A game to play, from the files: the tags of a game started here, the names and
//! clocks a record gives, and finding, reading and claiming the file a game is played
//! from and saved to. Plain data in, plain facts out: the session's recorder keeps the
//! game on disk as it is played.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::pgn::{self, PgnError, PgnFile, PgnGame, Tags, pgn_date};
use super::store::{self, GameLock, GameStore, PassedOver, StoreError};
use crate::clock::{ClockStart, TimeControl};
use hotseat_chess::{ByColor, Color, Game};

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
pub fn known_name(tags: &Tags, color: Color) -> Option<&str> {
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
    /// The lock on the file, for the [`Recorder`](crate::session::Recorder) to hold.
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
/// the lock to the session's recorder with
/// [`Recorder::holding`](crate::session::Recorder::holding).
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
