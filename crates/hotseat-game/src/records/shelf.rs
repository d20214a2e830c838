//! The games folder as the library shows it (its shelf): what is in the folder, read quickly.
//!
//! [`scan`] lists the folder and reads, of each game file, only its tag section and a
//! count of its moves (the text is split into tokens, no move is played), so a
//! thousand games list in a few milliseconds. Nothing in the folder is trusted:
//!
//! - only regular files named `*.pgn` are read; a symlink, a folder, a named pipe or
//!   a device is counted as skipped and never opened (on Unix the file is opened with
//!   `O_NOFOLLOW | O_NONBLOCK` and checked again once open, so one swapped in between
//!   the listing and the opening does not block or lead out of the folder);
//! - at most [`READ_LIMIT`] bytes of a file are read; a larger one is listed as too
//!   large to read, as is junk that is not PGN, with why;
//! - a name that is not UTF-8 is listed with `�` where it cannot be read.
//!
//! [`delete`] removes a game file, but only one hotseat could have written: a regular
//! file (not a link) right in the games folder that holds one game.

use std::cmp::Reverse;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::pgn::{PgnFile, UtcTime};
use super::store::{self, GameLock, READ_LIMIT, StoreError};
use super::{OpenError, Resumed};
use crate::printable::printable;

/// The longest a value read from a file is shown.
const VALUE_LIMIT: usize = 60;

/// The words of the result column, matched whole by the filter.
const RESULT_WORDS: [&str; 6] = ["1-0", "0-1", "1/2-1/2", "*", "unfinished", "unreadable"];

/// The games folder, as the library lists it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shelf {
    /// The game files, unfinished games first, each group newest first; files that
    /// cannot be read last.
    pub entries: Vec<Entry>,
    /// Entries named like games that are not regular files (links, folders, pipes,
    /// devices), which are never opened.
    pub skipped: usize,
}

/// One file of the games folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The file.
    pub path: PathBuf,
    /// Its name, ready to print.
    pub name: String,
    /// When it was last written.
    pub modified: SystemTime,
    /// What it holds.
    pub content: Content,
}

/// What a game file holds, as far as the library reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// A game (the first, when the file holds several).
    Game(Summary),
    /// Something that cannot be read as a game, and why.
    Unreadable(String),
}

/// A game as the library lists it. Every text is ready to print: control
/// characters are replaced and long values cut.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// White's name, `?` when unknown.
    pub white: String,
    /// Black's name, `?` when unknown.
    pub black: String,
    /// `*` for a game that goes on, else `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The moves played, counted as the move numbers go (a move is White's and
    /// Black's half-moves).
    pub moves: usize,
    /// The `ECO` tag, empty when absent.
    pub eco: String,
    /// The `Opening` tag (with its `Variation`), empty when absent.
    pub opening: String,
    /// The `Date` tag as written, empty when unknown.
    pub date: String,
    /// How many games the file holds.
    pub games: usize,
}

impl Summary {
    /// Whether the game goes on.
    pub fn is_unfinished(&self) -> bool {
        self.result == "*"
    }

    /// `Anna – Ben`.
    pub fn players(&self) -> String {
        format!("{} – {}", self.white, self.black)
    }

    /// `C50 Italian Game`, or whichever half is known.
    pub fn opening_line(&self) -> String {
        match (self.eco.is_empty(), self.opening.is_empty()) {
            (false, false) => format!("{} {}", self.eco, self.opening),
            (false, true) => self.eco.clone(),
            _ => self.opening.clone(),
        }
    }
}

impl Entry {
    /// The game, when the file holds one.
    pub fn summary(&self) -> Option<&Summary> {
        match &self.content {
            Content::Game(summary) => Some(summary),
            Content::Unreadable(_) => None,
        }
    }

    /// Whether the file holds a game that goes on.
    pub fn is_unfinished(&self) -> bool {
        self.summary().is_some_and(Summary::is_unfinished)
    }

    /// When the file was last written, in UTC: `2025-04-25 14:03`.
    pub fn saved_at(&self) -> String {
        let t = UtcTime::of(self.modified);
        format!("{:04}-{:02}-{:02} {:02}:{:02}", t.year, t.month, t.day, t.hour, t.minute)
    }

    /// Whether every word of `filter` is found, ignoring case, in the players, the
    /// opening, the dates or the file's name; a result (`1-0`, `unfinished`) is matched
    /// whole against the result column, so `1-0` is not found in `2021-01-05`. An
    /// empty filter matches everything.
    pub fn matches(&self, filter: &str) -> bool {
        let mut haystack = format!("{} {}", self.name, self.saved_at());
        if let Some(s) = self.summary() {
            for part in [&s.white, &s.black, &s.eco, &s.opening, &s.date] {
                haystack.push(' ');
                haystack.push_str(part);
            }
        }
        let haystack = haystack.to_lowercase();
        let result = self.result_column();
        filter.split_whitespace().all(|word| {
            let word = word.to_lowercase();
            let word = if word == "½-½" { "1/2-1/2".to_owned() } else { word };
            if RESULT_WORDS.contains(&word.as_str()) {
                word == result
            } else {
                haystack.contains(&word) || result.starts_with(&word)
            }
        })
    }

    /// What the library's result column says: `1-0`, `1/2-1/2`, `unfinished` or
    /// `unreadable`.
    pub fn result_column(&self) -> &str {
        match &self.content {
            Content::Game(s) if s.is_unfinished() => "unfinished",
            Content::Game(s) => &s.result,
            Content::Unreadable(_) => "unreadable",
        }
    }

    /// Where the entry goes in the list: unfinished games, then finished ones, then
    /// files that cannot be read; newest first in each; then by name.
    fn order(&self) -> (u8, Reverse<SystemTime>, Reverse<&str>) {
        let group = match &self.content {
            Content::Game(s) if s.is_unfinished() => 0,
            Content::Game(_) => 1,
            Content::Unreadable(_) => 2,
        };
        (group, Reverse(self.modified), Reverse(self.name.as_str()))
    }
}

/// Lists the games folder `dir`. A folder that does not exist holds no games; one
/// that cannot be listed is an error. Hidden files (a save's temporary file, a lock)
/// and files not named `*.pgn` are not games and are left out without a word.
pub fn scan(dir: &Path) -> Result<Shelf, StoreError> {
    let read_err = |source| StoreError::Read { path: dir.to_owned(), source };
    let listing = match fs::read_dir(dir) {
        Ok(listing) => listing,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Shelf::default()),
        Err(err) => return Err(read_err(err)),
    };
    let mut shelf = Shelf::default();
    for item in listing {
        let item = item.map_err(read_err)?;
        let file_name = item.file_name();
        let path = item.path();
        if file_name.as_encoded_bytes().starts_with(b".") || path.extension().is_none_or(|e| e != "pgn") {
            continue;
        }
        // The entry's own type: a symlink is not followed.
        if !item.file_type().is_ok_and(|t| t.is_file()) {
            shelf.skipped += 1;
            continue;
        }
        let name = printable(&file_name.to_string_lossy(), VALUE_LIMIT).into_owned();
        let (modified, content) = match read_entry(&path) {
            Ok((modified, content)) => (modified, content),
            Err(Opened::NotAFile) => {
                shelf.skipped += 1;
                continue;
            }
            Err(Opened::Failed(err)) => (UNIX_EPOCH, Content::Unreadable(err.to_string())),
        };
        shelf.entries.push(Entry { path, name, modified, content });
    }
    shelf.entries.sort_by(|a, b| a.order().cmp(&b.order()));
    Ok(shelf)
}

/// Why a file was not read.
enum Opened {
    /// It is not a regular file (any more).
    NotAFile,
    /// Opening or reading it failed.
    Failed(io::Error),
}

/// Reads what the library shows of the file at `path`, and when it was written.
fn read_entry(path: &Path) -> Result<(SystemTime, Content), Opened> {
    let file = open_regular(path)?;
    let meta = file.metadata().map_err(Opened::Failed)?;
    if !meta.is_file() {
        return Err(Opened::NotAFile);
    }
    let modified = meta.modified().unwrap_or(UNIX_EPOCH);
    if meta.len() > READ_LIMIT {
        let why = format!("too large to list ({} KiB; a saved game is a few)", meta.len() >> 10);
        return Ok((modified, Content::Unreadable(why)));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
    file.take(READ_LIMIT + 1).read_to_end(&mut bytes).map_err(Opened::Failed)?;
    if bytes.len() as u64 > READ_LIMIT {
        return Ok((modified, Content::Unreadable("too large to list (it grew while read)".to_owned())));
    }
    Ok((modified, summarize(&bytes)))
}

/// Opens a file to read without following a symlink and without waiting on a named
/// pipe or a device.
#[cfg(unix)]
fn open_regular(path: &Path) -> Result<File, Opened> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK).open(path).map_err(
        |err| {
            // ELOOP: the name is a symlink now.
            if err.raw_os_error() == Some(libc::ELOOP) { Opened::NotAFile } else { Opened::Failed(err) }
        },
    )
}

/// Elsewhere the listing's check stands alone.
#[cfg(not(unix))]
fn open_regular(path: &Path) -> Result<File, Opened> {
    OpenOptions::new().read(true).open(path).map_err(Opened::Failed)
}

/// What the library shows of a file's text: the first game's tags, result and move
/// count, or why it is not a game. No move is played.
pub fn summarize(bytes: &[u8]) -> Content {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Content::Unreadable("empty".to_owned());
    }
    let file = match PgnFile::from_bytes(bytes) {
        Ok(file) => file,
        Err(err) => return Content::Unreadable(format!("not a game: {err}")),
    };
    let Some(first) = file.games().first() else {
        return Content::Unreadable("holds no game".to_owned());
    };
    let tags = first.tags();
    let value = |name: &str| {
        let text = tags.get(name).map(str::trim).unwrap_or_default();
        printable(text, VALUE_LIMIT).into_owned()
    };
    let known =
        |name: &str| Some(value(name)).filter(|v| !v.is_empty() && !v.chars().all(|c| "?.".contains(c)));
    let mut opening = value("Opening");
    let variation = value("Variation");
    if !opening.is_empty() && !variation.is_empty() {
        opening = format!("{opening}: {variation}");
    }
    // A game set up with Black to move starts in the middle of a move.
    let black_first = tags.get("FEN").and_then(|fen| fen.split_whitespace().nth(1)) == Some("b");
    let plies = first.plies();
    let moves = if black_first && plies > 0 { (plies + 1).div_ceil(2) } else { plies.div_ceil(2) };
    Content::Game(Summary {
        white: known("White").unwrap_or_else(|| "?".to_owned()),
        black: known("Black").unwrap_or_else(|| "?".to_owned()),
        result: first.result_text().to_owned(),
        moves,
        eco: value("ECO"),
        opening,
        date: known("Date").unwrap_or_default(),
        games: file.len(),
    })
}

/// Why a game file was not deleted.
#[derive(Debug)]
pub enum DeleteRefused {
    /// It is not a file right in the games folder.
    NotInFolder,
    /// It is not a regular file (a link, say), or it is gone.
    NotAFile,
    /// It is not one game hotseat could have written (junk, or several games).
    NotAGame,
    /// Another hotseat has it open, or it could not be locked.
    Locked(StoreError),
    /// Removing it failed.
    Failed(io::Error),
}

impl fmt::Display for DeleteRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeleteRefused::NotInFolder => f.write_str("it is not in the games folder"),
            DeleteRefused::NotAFile => f.write_str("it is not a regular file"),
            DeleteRefused::NotAGame => f.write_str("it is not a game hotseat wrote"),
            DeleteRefused::Locked(StoreError::Locked { pid, .. }) => match pid {
                Some(pid) => write!(f, "it is open in another hotseat (process {pid})"),
                None => f.write_str("it is open in another hotseat"),
            },
            DeleteRefused::Locked(err) => write!(f, "it cannot be locked: {err}"),
            DeleteRefused::Failed(err) => write!(f, "{err}"),
        }
    }
}

/// Deletes the game file `path` from the games folder `dir`: only a regular file
/// (not a symlink) directly in `dir`, holding one game, that no other hotseat has
/// open. The file is locked while it is checked and removed.
pub fn delete(dir: &Path, path: &Path) -> Result<(), DeleteRefused> {
    if path.parent() != Some(dir) || path.file_name().is_none() {
        return Err(DeleteRefused::NotInFolder);
    }
    if !fs::symlink_metadata(path).is_ok_and(|meta| meta.is_file()) {
        return Err(DeleteRefused::NotAFile);
    }
    let lock = GameLock::acquire(path).map_err(DeleteRefused::Locked)?;
    let content = match read_entry(path) {
        Ok((_, content)) => content,
        Err(Opened::NotAFile) => return Err(DeleteRefused::NotAFile),
        Err(Opened::Failed(err)) => return Err(DeleteRefused::Failed(err)),
    };
    if !matches!(content, Content::Game(Summary { games: 1, .. })) {
        return Err(DeleteRefused::NotAGame);
    }
    fs::remove_file(path).map_err(DeleteRefused::Failed)?;
    drop(lock);
    Ok(())
}

/// The games of a file the library lists, read again to open one: as [`scan`] reads
/// it, not through a link (one swapped in since is refused) and not waiting on a pipe,
/// up to [`MAX_FILE_SIZE`](super::store::MAX_FILE_SIZE).
pub fn read_listed(path: &Path) -> Result<PgnFile, OpenError> {
    let file = store::read_pgn_file_with(path, store::MAX_FILE_SIZE, store::Links::Refuse)?;
    if file.is_empty() {
        return Err(OpenError::NoGame { path: path.to_owned() });
    }
    Ok(file)
}

/// The game in the file at `path` (one the library lists), to go on with in that
/// file as [`resume`](super::resume) goes on with the newest: the file is locked first, then read,
/// and refused when it holds anything but one unfinished game. Its comments, NAGs and
/// variations are kept, as `--pgn FILE --save FILE` keeps them.
pub fn continue_file(path: &Path) -> Result<Resumed, OpenError> {
    let lock = GameLock::acquire(path)?;
    let file = read_listed(path)?;
    let [entry] = file.games() else {
        return Err(OpenError::SaveHoldsGames { path: path.to_owned(), count: file.len() });
    };
    let record = entry.load().map_err(|source| OpenError::Pgn { path: path.to_owned(), source })?;
    if record.is_finished() {
        return Err(OpenError::GameOver { path: path.to_owned() });
    }
    Ok(Resumed { path: path.to_owned(), record, lock, passed_over: Vec::new() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Summary {
        match summarize(text.as_bytes()) {
            Content::Game(summary) => summary,
            Content::Unreadable(why) => panic!("unreadable: {why}"),
        }
    }

    #[test]
    fn a_summary_reads_the_tags_and_counts_the_moves() {
        let s = game(
            "[White \"Anna\"]\n[Black \"?\"]\n[ECO \"C50\"]\n[Opening \"Italian Game\"]\n\n1. e4 e5 2. Nf3 *\n",
        );
        assert_eq!((s.white.as_str(), s.black.as_str(), s.moves), ("Anna", "?", 2));
        assert!(s.is_unfinished());
        assert_eq!(s.opening_line(), "C50 Italian Game");
        assert_eq!(game("1. e4 e5 1-0").result, "1-0");
        assert_eq!(game("[FEN \"8/8/8/8/8/8/k7/K7 b - - 0 1\"]\n\n1... Ka3 2. Kb1 *").moves, 2);
    }

    #[test]
    fn junk_and_control_characters_are_never_shown_as_they_are() {
        assert!(matches!(summarize(b"\x00\x01\xff{"), Content::Unreadable(_)));
        assert!(matches!(summarize(b"  \n"), Content::Unreadable(_)));
        let s = game("[White \"\x1b[31mEve\"]\n\n*");
        assert!(!s.white.contains('\x1b'), "{:?}", s.white);
    }
}
