//! One hotseat per game file: an advisory lock, taken before the file is checked or
//! written and held until the game is left.
//!
//! The lock is on a sidecar file beside the game, `.NAME.lock`, not on the game file
//! itself: every save replaces the game file with a new one (see
//! [`write_atomic`](super::write_atomic)), and a lock on the old one would be lost
//! with it. The holder writes its process id into the sidecar, so a second hotseat
//! can say which process has the game. The operating system releases the lock when
//! the holder's file is closed, on every exit including `kill -9`; on a normal exit
//! the sidecar is removed as well, and one left by a killed process is simply taken
//! over by the next.
//!
//! The sidecar sits in the game's folder, which others may write to. So it is opened
//! without following a link and without waiting, and it is written only when it is a
//! regular file with one link that this process's user owns: a link or a hard link
//! planted at its name, to a file someone wants truncated, is refused and left alone.
//! Before each save the lock is checked again ([`GameLock::check`]): its name must
//! still lead to the file locked.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

use super::StoreError;
use super::target;

/// A held lock on a game file; released when dropped.
#[derive(Debug)]
pub struct GameLock {
    /// The open sidecar file, which holds the lock.
    file: File,
    /// Where the sidecar is.
    sidecar: PathBuf,
}

impl GameLock {
    /// Takes the lock on the game file at `game` (the file its symlinks lead to, so a
    /// link and its target share one lock), or says which process holds it:
    /// [`StoreError::Locked`]. Never waits.
    pub fn acquire(game: &Path) -> Result<GameLock, StoreError> {
        let io_err = |source| StoreError::Write { path: game.to_owned(), source };
        let real = target::resolve(game).map_err(io_err)?.path;
        let sidecar = sidecar_of(&real).ok_or_else(|| {
            io_err(io::Error::new(io::ErrorKind::InvalidInput, "the path does not name a file"))
        })?;
        // Named by the game: a folder that is missing or not writable is the game's
        // problem, which its first save would meet as well.
        let lock_err = io_err;
        // A holder that is leaving removes the sidecar while it still holds the lock;
        // a file opened just before that is locked in vain, as no one else will find
        // it. So after locking, check that the name still leads to the locked file.
        for _ in 0..8 {
            let mut file = open_sidecar(&sidecar).map_err(|err| match err {
                Sidecar::Io(err) => lock_err(err),
                Sidecar::Refused(why) => StoreError::LockRefused {
                    path: game.to_owned(),
                    sidecar: sidecar.clone(),
                    why: why.to_owned(),
                },
            })?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    return Err(StoreError::Locked { path: game.to_owned(), pid: holder(&mut file) });
                }
                Err(TryLockError::Error(source)) => return Err(lock_err(source)),
            }
            if !still_named(&file, &sidecar) {
                continue;
            }
            let pid = format!("{}\n", std::process::id());
            file.set_len(0).and_then(|()| (&file).write_all(pid.as_bytes())).map_err(lock_err)?;
            return Ok(GameLock { file, sidecar });
        }
        Err(lock_err(io::Error::other("the lock file keeps being replaced")))
    }

    /// The sidecar file that holds the lock.
    pub fn sidecar(&self) -> &Path {
        &self.sidecar
    }

    /// Checks that the lock still holds: the sidecar's name still leads to the file
    /// locked. When its folder was removed and made again, or the sidecar removed or
    /// replaced, another hotseat can take the game: [`StoreError::LockLost`], naming
    /// `game`, the game file.
    pub fn check(&self, game: &Path) -> Result<(), StoreError> {
        if still_named(&self.file, &self.sidecar) {
            Ok(())
        } else {
            Err(StoreError::LockLost { path: game.to_owned() })
        }
    }
}

/// Why the sidecar could not be opened.
enum Sidecar {
    Io(io::Error),
    /// It is not one hotseat made: what it is instead.
    Refused(&'static str),
}

/// Opens the sidecar at `path`, made now when missing, to lock and write: only a
/// regular file with one link, owned by this process's user (see the module's doc).
#[cfg(unix)]
fn open_sidecar(path: &Path) -> Result<File, Sidecar> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .mode(0o600)
        .open(path)
        .map_err(|err| {
            if err.raw_os_error() == Some(libc::ELOOP) {
                Sidecar::Refused("is a symbolic link")
            } else {
                Sidecar::Io(err)
            }
        })?;
    let meta = file.metadata().map_err(Sidecar::Io)?;
    if !meta.is_file() {
        return Err(Sidecar::Refused("is not a regular file"));
    }
    if meta.nlink() != 1 {
        return Err(Sidecar::Refused("has other names (hard links)"));
    }
    if meta.uid() != target::user() {
        return Err(Sidecar::Refused("belongs to another user"));
    }
    Ok(file)
}

/// Elsewhere there are no links to plant in a shared folder.
#[cfg(not(unix))]
fn open_sidecar(path: &Path) -> Result<File, Sidecar> {
    OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path).map_err(Sidecar::Io)
}

impl Drop for GameLock {
    fn drop(&mut self) {
        // Removed while still locked (the file closes after this), so no one can lock
        // a file under this name that is about to go.
        // Only while the name still leads to it: a lock lost (its folder made again)
        // leaves the next holder's file alone.
        if cfg!(unix) && still_named(&self.file, &self.sidecar) {
            let _ = fs::remove_file(&self.sidecar);
        }
        let _ = self.file.unlock();
    }
}

/// `.NAME.lock` beside the game file `game`; for a name too long to take 6 bytes more
/// (a file name has at most 255), its start and a hash of the whole name instead, the
/// same in every process.
fn sidecar_of(game: &Path) -> Option<PathBuf> {
    const MOST: usize = 255;
    let game_name = game.file_name()?;
    let mut name = OsString::from(".");
    if game_name.len() + ".lock".len() < MOST {
        name.push(game_name);
    } else {
        // FNV-1a: stable from run to run, as a lock name must be.
        let hash = game_name
            .as_encoded_bytes()
            .iter()
            .fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        let lossy = game_name.to_string_lossy();
        let start: String = lossy
            .chars()
            .scan(0, |len, c| {
                *len += c.len_utf8();
                (*len <= 200).then_some(c)
            })
            .collect();
        name.push(format!("{start}-{hash:016x}"));
    }
    name.push(".lock");
    Some(target::folder_of(game).join(name))
}

/// The process id the holder wrote into the sidecar, if it can be read yet.
fn holder(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.rewind().ok()?;
    file.take(32).read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Whether `path` still names the open `file`.
#[cfg(unix)]
fn still_named(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(open), Ok(named)) => (open.dev(), open.ino()) == (named.dev(), named.ino()),
        _ => false,
    }
}

/// Elsewhere the sidecar is never removed (an open file cannot be, on Windows), so
/// the name always leads to it.
#[cfg(not(unix))]
fn still_named(_file: &File, _path: &Path) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_name_is_never_longer_than_a_file_name_may_be() {
        let long = format!("{}.pgn", "g".repeat(251));
        let sidecar = sidecar_of(Path::new(&long)).expect("a name");
        let name = sidecar.file_name().expect("a name").len();
        assert!(name <= 255, "{name}");
        assert_eq!(sidecar, sidecar_of(Path::new(&long)).expect("a name"), "the same each time");
        assert_ne!(sidecar, sidecar_of(Path::new(&long.replace(".pgn", ".pgm"))).expect("a name"));
        assert_eq!(sidecar_of(Path::new("g.pgn")), Some(PathBuf::from("./.g.pgn.lock")));
    }
}
