//! Keeping games on disk: atomic writes, the autosave directory, the lock on an open
//! game, and finding the game to resume.
//!
//! Every save goes through [`write_atomic`]: the new text is written to a temporary
//! file beside the target, flushed to disk, then renamed over the target, and the
//! directory is flushed too. A kill at any instant leaves either the previous
//! complete file or the new one, never a torn one. The target's symlinks are followed
//! and only a regular file (or a new name) is written; see [`save_target`]. A game
//! being played is saved through its [`GameFile`], which writes only to the file the
//! game started with, or to a name that is free.
//!
//! Every read goes through [`read_limited`], which stops at [`MAX_FILE_SIZE`] and reads
//! only regular files; no save writes more than that. A game being played is locked
//! with a [`GameLock`], so a second hotseat leaves it alone.
//!
//! ```
//! use std::time::SystemTime;
//! use hotseat_chess::Game;
//! use hotseat_game::records::pgn::PgnGame;
//! use hotseat_game::records::store::{GameStore, save_game};
//!
//! # let dir = std::env::temp_dir().join(format!("hotseat-doc-{}", std::process::id()));
//! let store = GameStore::new(&dir); // tests inject a directory; the CLI uses GameStore::from_env()
//! let path = store.create_game_file(SystemTime::now()).expect("writable directory");
//! let mut record = PgnGame::new(Game::new()).with_tag("White", "Anna").with_tag("Black", "Ben");
//! record.game.play_san("e4").expect("legal");
//! save_game(&path, &record).expect("saved");
//! let (resumed_path, resumed) = store.latest_unfinished().expect("readable").expect("a game to resume");
//! assert_eq!(resumed_path, path);
//! assert_eq!(resumed.game.san_moves(), ["e4"]);
//! # std::fs::remove_dir_all(&dir).expect("clean up");
//! ```

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::pgn::{PgnError, PgnFile, PgnGame, UtcTime};

mod game_file;
mod lock;
mod target;

pub use game_file::GameFile;
pub use lock::GameLock;
use target::Identity;
pub use target::{NotAFile, STALE_AFTER, remove_stale_temps};

/// The environment variable that overrides where hotseat keeps its data (saved games
/// go in its `games` folder). End-to-end tests set it so they never touch the
/// player's real data directory.
pub const DATA_DIR_ENV: &str = "HOTSEAT_DATA_DIR";

/// Why a game could not be saved or found.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Neither the override nor the platform's usual variables say where data goes.
    #[error("cannot find a data directory for saved games (set {DATA_DIR_ENV} or HOME)")]
    NoDataDir,
    /// Writing a file or creating a directory failed.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// Reading a file or listing a directory failed.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// Another hotseat has the game file open (holds its [`GameLock`]).
    #[error("{} is open in another hotseat ({})", path.display(), holder_text(*pid))]
    Locked {
        /// The game file, as named.
        path: PathBuf,
        /// The process that holds it, when it could be read.
        pid: Option<u32>,
    },
    /// A file to save to is not a regular file.
    #[error("cannot save to {}: it is {what}, not a regular file", path.display())]
    NotAFile {
        /// The file, as named (before symlinks are followed).
        path: PathBuf,
        /// What it is.
        what: NotAFile,
    },
    /// A file to read is larger than the limit, [`MAX_FILE_SIZE`] unless said (or it
    /// grew past it while read).
    #[error("{} is larger than {} MiB", path.display(), limit >> 20)]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit, in bytes.
        limit: u64,
    },
    /// A file to read is not a regular file (a pipe, a device, a folder, or a link
    /// where none is followed).
    #[error("cannot read {}: it is {what}, not a regular file", path.display())]
    NotReadable {
        /// The file, as named.
        path: PathBuf,
        /// What it is.
        what: NotAFile,
    },
    /// The game file was replaced since the game started (by a link, or by another
    /// file), or its name now leads elsewhere: a save there would write over what
    /// someone else put there.
    #[error("{} was replaced by another file since the game began", path.display())]
    Replaced {
        /// The game file, as named.
        path: PathBuf,
    },
    /// The lock on the game file is no longer this hotseat's: its lock file or its
    /// folder was removed or replaced, so another hotseat may have the game now.
    #[error("the lock on {} was lost (its lock file or its folder was removed or replaced)", path.display())]
    LockLost {
        /// The game file, as named.
        path: PathBuf,
    },
    /// The lock file beside a game is not one hotseat made: it is refused, never
    /// written (it could be a link to another file, or another user's).
    #[error("cannot lock {}: its lock file {} {why}; remove it if no hotseat is running", path.display(), sidecar.display())]
    LockRefused {
        /// The game file, as named.
        path: PathBuf,
        /// The lock file.
        sidecar: PathBuf,
        /// What is wrong with it: `is a symbolic link`...
        why: String,
    },
    /// A file is not PGN this program can read.
    #[error("{}: {source}", path.display())]
    Pgn {
        /// The file.
        path: PathBuf,
        /// Where in it, and what is wrong.
        source: PgnError,
    },
}

fn holder_text(pid: Option<u32>) -> String {
    pid.map_or_else(|| "its process id is not known yet".to_owned(), |pid| format!("process {pid}"))
}

/// Replaces the file at `path` with `contents`, atomically: see [`write_atomic_with`].
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |out| out.write_all(contents))
}

/// Replaces the file at `path` with what `write` writes, atomically.
///
/// `write` fills a temporary file in the same directory (so the rename cannot cross
/// file systems); the file is then flushed to disk (`fsync`), renamed over `path`,
/// and the directory is flushed so the rename itself survives a crash. If `write` or
/// any step fails, the temporary file is removed and `path` is untouched. The
/// directory must exist. No more than [`MAX_FILE_SIZE`] is written, as no more is read
/// back: more is an error of kind [`io::ErrorKind::FileTooLarge`].
///
/// A symlink at `path` is followed, a dangling one too, and the file it names is
/// written: the link stays a link (but not a link another user made in a shared
/// folder such as `/tmp`: [`io::ErrorKind::PermissionDenied`]). That file must be a
/// regular file or not exist yet; anything else (a directory, a device, a pipe, a
/// socket) is refused with [`io::ErrorKind::InvalidInput`] and left alone. The file
/// written over keeps its permission bits (and, where the system allows, its owner
/// and group); a new one gets what the umask gives. The temporary file's name is
/// unguessable (`.hotseat.PID-RANDOM.tmp`) and it is created only if nothing has that
/// name.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let target = target::resolve(path)?;
    let expected = target.existing.as_ref().map(Identity::of);
    replace(&target.path, expected, write).map(drop)
}

/// Renames a new file with what `write` writes over `real` (a path whose links are
/// followed already), as [`write_atomic_with`] says, when the name still leads to the
/// file `expected` (or to nothing, whatever was expected): checked once the new file
/// is written, just before the rename, so a file swapped in meanwhile is not
/// replaced. A rename replaces a name, never writes through a link. Returns the file
/// written, still open (so that, held, its inode cannot be given to another file).
fn replace(
    real: &Path,
    expected: Option<Identity>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<File> {
    if real.file_name().is_none() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "the path does not name a file"));
    }
    catch_file_size_signal();
    let dir = target::folder_of(real);
    let (temp, mut file) = target::create_temp(dir)?;
    let written = (|| {
        let existing = fs::symlink_metadata(real).ok();
        if let Some(existing) = existing.as_ref().filter(|meta| meta.is_file()) {
            keep_owner_and_mode(&file, existing)?;
        }
        let mut out = BufWriter::new(Limited { inner: &mut file, left: MAX_FILE_SIZE });
        write(&mut out)?;
        out.flush()?;
        drop(out);
        file.sync_all()?;
        match fs::symlink_metadata(real) {
            Ok(now) if !now.is_file() || Some(Identity::of(&now)) != expected => {
                return Err(io::Error::new(io::ErrorKind::AlreadyExists, "it was replaced meanwhile"));
            }
            Ok(_) => {}
            Err(err) if err.kind() == io::ErrorKind::NotFound => {}
            Err(err) => return Err(err),
        }
        fs::rename(&temp, real)?;
        Ok(file)
    })();
    match written {
        Ok(made) => sync_dir(dir).map(|()| made),
        Err(err) => {
            // The error worth reporting is the first one.
            let _ = fs::remove_file(&temp);
            Err(err)
        }
    }
}

/// A writer that takes at most `left` more bytes, and fails past that without
/// writing any of them.
struct Limited<W> {
    inner: W,
    left: u64,
}

impl<W: Write> Write for Limited<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.len() as u64 > self.left {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                format!("it would be larger than {} MiB, more than hotseat reads back", MAX_FILE_SIZE >> 20),
            ));
        }
        let written = self.inner.write(buf)?;
        self.left -= written as u64;
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Makes a write past the file-size limit (`ulimit -f`) fail with `EFBIG`, a save
/// failure like a full disk, instead of ending the program with SIGXFSZ: a handler
/// that does nothing is enough (and, unlike ignoring the signal, is not passed on to
/// an engine the program starts). Done once, before the first save.
fn catch_file_size_signal() {
    #[cfg(unix)]
    {
        static CAUGHT: std::sync::Once = std::sync::Once::new();
        CAUGHT.call_once(|| {
            let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let _ = signal_hook::flag::register(signal_hook::consts::signal::SIGXFSZ, flag);
        });
    }
}

/// Gives the new file the owner, group and permission bits of the one it replaces.
/// Changing the owner needs privileges, and the group membership of it, so a failure
/// there is no error: the file is then the saver's, as any file it makes.
#[cfg(unix)]
fn keep_owner_and_mode(file: &File, existing: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let ours = file.metadata()?;
    if (ours.uid(), ours.gid()) != (existing.uid(), existing.gid()) {
        let _ = std::os::unix::fs::fchown(file, Some(existing.uid()), Some(existing.gid()));
    }
    // After the owner: changing it clears the set-user-ID bits.
    file.set_permissions(existing.permissions())
}

/// Windows keeps no Unix mode; the read-only flag is all there is to keep.
#[cfg(not(unix))]
fn keep_owner_and_mode(file: &File, existing: &fs::Metadata) -> io::Result<()> {
    file.set_permissions(existing.permissions())
}

/// Removes the temporary files that saves to `path` (the file its symlinks lead to)
/// left when they were killed: see [`remove_stale_temps`].
pub fn remove_stale_temps_beside(path: &Path) {
    if let Ok(target) = target::resolve(path)
        && let Some(name) = target.path.file_name()
    {
        remove_stale_temps(target::folder_of(&target.path), Some(name));
    }
}

/// Checks that a save to `path` may go ahead: what it names, once symlinks are
/// followed, is a regular file or nothing yet. Returns that real file. Call it before
/// anything else touches the file (reading a FIFO would wait for a writer).
pub fn save_target(path: &Path) -> Result<PathBuf, StoreError> {
    target::resolve(path).map(|target| target.path).map_err(|err| save_refused(path, err))
}

/// The error for a save to `path` that [`target::resolve`] refused.
fn save_refused(path: &Path, err: io::Error) -> StoreError {
    match target::not_a_file(&err) {
        Some(what) => StoreError::NotAFile { path: path.to_owned(), what },
        None => StoreError::Write { path: path.to_owned(), source: err },
    }
}

/// Flushes a directory's entries to disk, so a rename in it survives a crash.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Windows has no portable way to flush a directory; the rename is journaled.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// Writes `record` as PGN to `path`, atomically. For `--save PATH`, call it when the
/// game starts, after every move and at the result.
pub fn save_game(path: &Path, record: &PgnGame) -> Result<(), StoreError> {
    save_text(path, &record.to_pgn())
}

/// Writes a game already written out as PGN text to `path`, atomically.
pub fn save_text(path: &Path, pgn: &str) -> Result<(), StoreError> {
    write_atomic(path, pgn.as_bytes()).map_err(|source| StoreError::Write { path: path.to_owned(), source })
}

/// The most this program reads of any file: far more than any game (a long game is a
/// few kilobytes, a big collection of games a few megabytes), and little enough that
/// a file made to exhaust memory, or an endless one such as `/dev/zero`, cannot.
pub const MAX_FILE_SIZE: u64 = 64 << 20;

/// The most of a file in the games folder that is read to list or resume it (the library
/// and `--resume`): a game hotseat writes is a few kilobytes, one of ten thousand moves
/// with clock times under half of this.
pub const READ_LIMIT: u64 = 1 << 20;

/// Whether a file to read may be reached through a symlink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// A file named by the player (`--pgn FILE`): a link is followed, as the player
    /// named it, unless another user made it in a shared folder (as for a save).
    Follow,
    /// A file found in a folder (the games folder): a link is not a game file.
    Refuse,
}

/// Reads a whole regular file of at most [`MAX_FILE_SIZE`] bytes: see [`read_at_most`].
pub fn read_limited(path: &Path) -> Result<Vec<u8>, StoreError> {
    read_at_most(path, MAX_FILE_SIZE, Links::Follow)
}

/// Reads a whole regular file of at most `limit` bytes. The file is opened without
/// waiting (a named pipe no one writes, a device) and, with [`Links::Refuse`], without
/// following a symlink; once open, it must be a regular file ([`StoreError::NotReadable`]),
/// whose size is checked before anything is read. A file that grows past the limit
/// while it is read is refused too.
pub fn read_at_most(path: &Path, limit: u64, links: Links) -> Result<Vec<u8>, StoreError> {
    let read_err = |source| StoreError::Read { path: path.to_owned(), source };
    let not_readable = |what| StoreError::NotReadable { path: path.to_owned(), what };
    // Links are followed here, not by the system, so that one planted in a shared
    // folder (to a file only this user may read, whose text an error would quote) is
    // refused; the file they lead to is then opened as a name that is no link.
    let real = match links {
        Links::Follow => match target::resolve(path) {
            Ok(target) => target.path,
            Err(err) => return Err(target::not_a_file(&err).map_or_else(|| read_err(err), not_readable)),
        },
        Links::Refuse => path.to_owned(),
    };
    let file = match open_to_read(&real, links) {
        Ok(file) => file,
        Err(err) if is_a_link(&err) => return Err(not_readable(NotAFile::Link)),
        Err(err) => return Err(read_err(err)),
    };
    let meta = file.metadata().map_err(read_err)?;
    if let Some(what) = NotAFile::of(&meta) {
        return Err(not_readable(what));
    }
    if meta.len() > limit {
        return Err(StoreError::TooLarge { path: path.to_owned(), limit });
    }
    // One byte past the limit tells a file at the limit from a longer one.
    let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(read_err)?;
    if bytes.len() as u64 > limit {
        return Err(StoreError::TooLarge { path: path.to_owned(), limit });
    }
    Ok(bytes)
}

/// Opens a file to read without waiting on a named pipe or a device, and without
/// following a symlink at its name when `links` says so.
#[cfg(unix)]
fn open_to_read(path: &Path, _links: Links) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW).open(path)
}

/// Elsewhere a link is checked for first.
#[cfg(not(unix))]
fn open_to_read(path: &Path, links: Links) -> io::Result<File> {
    if links == Links::Refuse && fs::symlink_metadata(path)?.file_type().is_symlink() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "a symbolic link"));
    }
    File::open(path)
}

/// Whether opening failed because the name is a symlink (`ELOOP` with `O_NOFOLLOW`).
fn is_a_link(err: &io::Error) -> bool {
    #[cfg(unix)]
    return err.raw_os_error() == Some(libc::ELOOP);
    #[cfg(not(unix))]
    return err.kind() == io::ErrorKind::InvalidInput;
}

/// Reads a PGN file and splits it into games (for `--pgn FILE`): list them with
/// [`PgnFile::games`], load one with [`GameEntry::load`](crate::records::pgn::GameEntry::load).
/// The file is read with [`read_limited`].
pub fn read_pgn_file(path: &Path) -> Result<PgnFile, StoreError> {
    read_pgn_file_with(path, MAX_FILE_SIZE, Links::Follow)
}

/// [`read_pgn_file`] with a limit and a rule for links, as [`read_at_most`] takes them.
pub fn read_pgn_file_with(path: &Path, limit: u64, links: Links) -> Result<PgnFile, StoreError> {
    let bytes = read_at_most(path, limit, links)?;
    PgnFile::from_owned_bytes(bytes).map_err(|source| StoreError::Pgn { path: path.to_owned(), source })
}

/// The operating systems whose data directories differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// Linux and other Unix-likes: the XDG base directories.
    Unix,
    /// macOS: `~/Library/Application Support`.
    MacOs,
    /// Windows: `%APPDATA%`.
    Windows,
}

impl Platform {
    /// The platform this program was built for.
    pub const fn current() -> Platform {
        if cfg!(windows) {
            Platform::Windows
        } else if cfg!(target_os = "macos") {
            Platform::MacOs
        } else {
            Platform::Unix
        }
    }
}

/// Where hotseat keeps its data on `platform`, given a way to read environment
/// variables: `$HOTSEAT_DATA_DIR` if set, else `$XDG_DATA_HOME/hotseat` or
/// `~/.local/share/hotseat` (Unix), `~/Library/Application Support/hotseat`
/// (macOS), `%APPDATA%\hotseat` (Windows).
///
/// ```
/// use std::path::PathBuf;
/// use hotseat_game::records::store::{Platform, data_dir};
/// let env = |name: &str| (name == "HOME").then(|| "/home/anna".into());
/// assert_eq!(data_dir(Platform::Unix, env), Some(PathBuf::from("/home/anna/.local/share/hotseat")));
/// ```
pub fn data_dir(platform: Platform, var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let non_empty = |name: &str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = non_empty(DATA_DIR_ENV) {
        return Some(dir);
    }
    let base = match platform {
        // The XDG spec says to ignore a relative XDG_DATA_HOME.
        Platform::Unix => non_empty("XDG_DATA_HOME")
            .filter(|p| p.is_absolute())
            .or_else(|| non_empty("HOME").map(|home| home.join(".local").join("share")))?,
        Platform::MacOs => non_empty("HOME")?.join("Library").join("Application Support"),
        Platform::Windows => non_empty("APPDATA")?,
    };
    Some(base.join("hotseat"))
}

/// Why a saved game file is not one to resume.
#[derive(Debug)]
pub enum Unresumable {
    /// Its game is over.
    Finished,
    /// It holds no game: it is empty, or blank.
    NoGame,
    /// No move was played in its game (a game left, or killed, before its first move).
    NoMoves,
    /// It holds several games; saving the one resumed would write over the others.
    SeveralGames(usize),
    /// It cannot be read, or is not a game this program can play.
    Unreadable(StoreError),
}

impl fmt::Display for Unresumable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unresumable::Finished => f.write_str("its game is over"),
            Unresumable::NoGame => f.write_str("it holds no game"),
            Unresumable::NoMoves => f.write_str("no move was played in it"),
            Unresumable::SeveralGames(count) => {
                write!(f, "it holds {count} games, which saving one would lose")
            }
            Unresumable::Unreadable(StoreError::Pgn { source, .. }) => {
                write!(f, "it cannot be played: {source}")
            }
            Unresumable::Unreadable(StoreError::TooLarge { limit, .. }) => {
                write!(f, "it is larger than {} MiB, far more than a saved game", limit >> 20)
            }
            Unresumable::Unreadable(StoreError::NotReadable { what, .. }) => {
                write!(f, "it is {what}, not a regular file")
            }
            Unresumable::Unreadable(err) => write!(f, "{err}"),
        }
    }
}

/// A saved game file newer than the game resumed, and why it was not that game.
#[derive(Debug)]
pub struct PassedOver {
    /// The file.
    pub path: PathBuf,
    /// Why it was passed over.
    pub why: Unresumable,
}

/// What [`GameStore::find_resumable`] found.
#[derive(Debug)]
pub struct ResumeSearch {
    /// The game to resume and its file, if there is one.
    pub found: Option<(PathBuf, PgnGame)>,
    /// The files newer than it that were passed over, newest first.
    pub passed_over: Vec<PassedOver>,
}

/// The game in the file at `path` when it is one to resume: the file holds one game,
/// unfinished, with at least one move played. The file is read as the library reads
/// one: not through a link, not waiting on a pipe, and no more than
/// [`READ_LIMIT`] of it, so a folder of huge files is
/// passed over quickly.
pub fn resumable_game(path: &Path) -> Result<PgnGame, Unresumable> {
    let file = read_pgn_file_with(path, READ_LIMIT, Links::Refuse).map_err(Unresumable::Unreadable)?;
    let entry = match file.games() {
        [] => return Err(Unresumable::NoGame),
        [entry] => entry,
        games => return Err(Unresumable::SeveralGames(games.len())),
    };
    if entry.result_text() != "*" {
        return Err(Unresumable::Finished);
    }
    let record = entry
        .load()
        .map_err(|source| Unresumable::Unreadable(StoreError::Pgn { path: path.to_owned(), source }))?;
    if record.is_finished() {
        Err(Unresumable::Finished)
    } else if record.game.ply() == 0 {
        Err(Unresumable::NoMoves)
    } else {
        Ok(record)
    }
}

/// A saved game file and when it was last written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The file.
    pub path: PathBuf,
    /// When it was last written.
    pub modified: SystemTime,
}

/// The autosave folder: one PGN file per game, named by the time the game started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStore {
    dir: PathBuf,
}

impl GameStore {
    /// The store inside the data directory `data_dir` (games go in its `games` folder).
    /// Nothing is created until a game is.
    pub fn new(data_dir: impl Into<PathBuf>) -> GameStore {
        GameStore { dir: data_dir.into().join("games") }
    }

    /// The store in this platform's data directory, or where `HOTSEAT_DATA_DIR` says.
    pub fn from_env() -> Result<GameStore, StoreError> {
        data_dir(Platform::current(), |name| std::env::var_os(name))
            .map(GameStore::new)
            .ok_or(StoreError::NoDataDir)
    }

    /// The folder the games are in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Creates the (empty) file for a new game started at `started`, creating the
    /// folder if needed, and returns its path: `2024-04-25_14-03-09Z.pgn` (UTC), with
    /// `_2`, `_3`... when games start within the same second. Save the game into it
    /// right away with [`save_game`]; an empty file is never offered for resuming.
    pub fn create_game_file(&self, started: SystemTime) -> Result<PathBuf, StoreError> {
        let write_err = |path: &Path| {
            let path = path.to_owned();
            move |source| StoreError::Write { path, source }
        };
        fs::create_dir_all(&self.dir).map_err(write_err(&self.dir))?;
        remove_stale_temps(&self.dir, None);
        let t = UtcTime::of(started);
        let stem = format!(
            "{:04}-{:02}-{:02}_{:02}-{:02}-{:02}Z",
            t.year, t.month, t.day, t.hour, t.minute, t.second
        );
        for n in 1u32.. {
            let name = if n == 1 { format!("{stem}.pgn") } else { format!("{stem}_{n}.pgn") };
            let path = self.dir.join(name);
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(_) => return Ok(path),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 10_000 => {}
                Err(e) => return Err(write_err(&path)(e)),
            }
        }
        unreachable!("the loop returns within 10,000 names")
    }

    /// The saved game files, most recently written first (ties by name, newest
    /// first). Hidden files, such as a temporary file left by a save that was killed,
    /// are not listed. A folder that does not exist yet holds no games.
    pub fn saved_games(&self) -> Result<Vec<SavedGame>, StoreError> {
        let read_err = |source| StoreError::Read { path: self.dir.clone(), source };
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(read_err(e)),
        };
        let mut games = Vec::new();
        for entry in entries {
            let entry = entry.map_err(read_err)?;
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') || !name.ends_with(".pgn") {
                continue;
            }
            let Ok(meta) = entry.metadata() else { continue };
            if !meta.is_file() {
                continue;
            }
            games.push(SavedGame { path, modified: meta.modified().unwrap_or(UNIX_EPOCH) });
        }
        games.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| b.path.cmp(&a.path)));
        Ok(games)
    }

    /// The most recently written game to resume, with its file: see
    /// [`GameStore::find_resumable`].
    pub fn latest_unfinished(&self) -> Result<Option<(PathBuf, PgnGame)>, StoreError> {
        Ok(self.find_resumable()?.found)
    }

    /// The most recently written game to resume ([`resumable_game`]: one game,
    /// unfinished, with a move played), with its file, for `--resume`: keep saving to
    /// that path. `None` when nothing is left to resume. With it, the newer files that
    /// were passed over for a reason worth telling, newest first: all but finished
    /// games, which are simply not to resume.
    pub fn find_resumable(&self) -> Result<ResumeSearch, StoreError> {
        remove_stale_temps(&self.dir, None);
        let mut passed_over = Vec::new();
        for saved in self.saved_games()? {
            match resumable_game(&saved.path) {
                Ok(record) => return Ok(ResumeSearch { found: Some((saved.path, record)), passed_over }),
                Err(Unresumable::Finished) => {}
                Err(why) => passed_over.push(PassedOver { path: saved.path, why }),
            }
        }
        Ok(ResumeSearch { found: None, passed_over })
    }
}
