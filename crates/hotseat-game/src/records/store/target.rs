//! What a save may write to, and the temporary files beside it.
//!
//! A save renames a new file over its target, which replaces whatever the name
//! pointed to: a symlink would become a regular file (and the file it pointed to
//! would keep the old game), a device such as `/dev/null` would be replaced for the
//! whole system. So a target's symlinks are followed to the real file first, and
//! anything that is neither a regular file nor a missing name is refused.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::{self, File, Metadata, OpenOptions};
use std::hash::{BuildHasher, RandomState};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// What stands at a save target that is not a regular file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAFile {
    /// A directory.
    Directory,
    /// A FIFO (named pipe).
    Fifo,
    /// A Unix domain socket.
    Socket,
    /// A character device, such as `/dev/null`.
    CharDevice,
    /// A block device, such as a disk.
    BlockDevice,
    /// A symbolic link, where none is followed.
    Link,
    /// Anything else that is not a regular file.
    Other,
}

impl fmt::Display for NotAFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotAFile::Directory => "a directory",
            NotAFile::Fifo => "a FIFO (named pipe)",
            NotAFile::Socket => "a socket",
            NotAFile::CharDevice => "a character device",
            NotAFile::BlockDevice => "a block device",
            NotAFile::Link => "a symbolic link",
            NotAFile::Other => "something",
        })
    }
}

impl NotAFile {
    /// What `meta` describes, or `None` for a regular file.
    pub(crate) fn of(meta: &Metadata) -> Option<NotAFile> {
        let kind = meta.file_type();
        if kind.is_file() {
            return None;
        }
        if kind.is_dir() {
            return Some(NotAFile::Directory);
        }
        if kind.is_symlink() {
            return Some(NotAFile::Link);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_fifo() {
                return Some(NotAFile::Fifo);
            }
            if kind.is_socket() {
                return Some(NotAFile::Socket);
            }
            if kind.is_char_device() {
                return Some(NotAFile::CharDevice);
            }
            if kind.is_block_device() {
                return Some(NotAFile::BlockDevice);
            }
        }
        Some(NotAFile::Other)
    }
}

/// The real file a save to `path` writes, and what is there now.
#[derive(Debug)]
pub(crate) struct Target {
    /// `path` with its symlinks followed, up to a name that is not a link.
    pub path: PathBuf,
    /// The regular file there, or `None` when there is nothing yet.
    pub existing: Option<Metadata>,
}

/// How many symlinks in a row are followed, as Linux does (`ELOOP` after 40).
const MAX_LINKS: usize = 40;

/// Follows `path`'s symlinks, dangling ones too, to the name a save writes, and checks
/// that it is a regular file or nothing. The error for anything else is
/// [`io::ErrorKind::InvalidInput`] with `NotAFile` inside. A link that another user
/// made in a folder anyone may write to (sticky, as `/tmp`) is not followed, as the
/// kernel's `protected_symlinks` would refuse it: [`io::ErrorKind::PermissionDenied`]
/// with [`SharedLink`] inside.
pub(crate) fn resolve(path: &Path) -> io::Result<Target> {
    let mut path = path.to_owned();
    for _ in 0..MAX_LINKS {
        let meta = match fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Target { path, existing: None }),
            Err(err) => return Err(err),
        };
        if meta.file_type().is_symlink() {
            if planted(&path, &meta) {
                return Err(io::Error::new(io::ErrorKind::PermissionDenied, SharedLink));
            }
            // A relative link is relative to the folder it is in; joining an absolute
            // one replaces the path.
            let target = fs::read_link(&path)?;
            path = match path.parent() {
                Some(parent) => parent.join(target),
                None => target,
            };
            continue;
        }
        return match NotAFile::of(&meta) {
            None => Ok(Target { path, existing: Some(meta) }),
            Some(what) => Err(io::Error::new(io::ErrorKind::InvalidInput, NotAFileError(what))),
        };
    }
    Err(io::Error::new(io::ErrorKind::InvalidInput, "too many levels of symbolic links"))
}

/// Whether the link at `path` (with metadata `link`) is one the kernel's
/// `protected_symlinks` would not follow: in a sticky folder that others may write
/// to, made by someone who is neither this process's user nor the folder's owner.
/// Following it would let that someone choose which file a save replaces.
#[cfg(unix)]
fn planted(path: &Path, link: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(folder) = fs::metadata(folder_of(path)) else { return true };
    let shared = folder.mode() & 0o1002 == 0o1002;
    shared && link.uid() != user() && link.uid() != folder.uid()
}

/// Elsewhere there is no sticky bit to go by.
#[cfg(not(unix))]
fn planted(_path: &Path, _link: &Metadata) -> bool {
    false
}

/// The user this process acts as: the owner of what it creates.
#[cfg(unix)]
pub(crate) fn user() -> u32 {
    rustix::process::geteuid().as_raw()
}

/// A link another user made in a shared folder, as the message of an [`io::Error`].
#[derive(Debug)]
pub(crate) struct SharedLink;

impl fmt::Display for SharedLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("it is a link another user made in a shared folder, which hotseat does not follow")
    }
}

impl std::error::Error for SharedLink {}

/// Which file a name leads to: its device and inode. Two names with the same identity
/// are one file; a file replaced under a name (by a save's rename, or by anyone) has a
/// new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Identity {
    device: u64,
    inode: u64,
}

impl Identity {
    #[cfg(unix)]
    pub(crate) fn of(meta: &Metadata) -> Identity {
        use std::os::unix::fs::MetadataExt;
        Identity { device: meta.dev(), inode: meta.ino() }
    }

    /// Windows's file index is not in stable Rust: every file looks the same there, so
    /// the checks that compare identities pass.
    #[cfg(not(unix))]
    pub(crate) fn of(_meta: &Metadata) -> Identity {
        Identity { device: 0, inode: 0 }
    }
}

/// [`NotAFile`] as the message of an [`io::Error`].
#[derive(Debug)]
pub(crate) struct NotAFileError(pub NotAFile);

impl fmt::Display for NotAFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "it is {}, not a regular file", self.0)
    }
}

impl std::error::Error for NotAFileError {}

/// What a save to `path` would find there, when it is not a regular file.
pub(crate) fn not_a_file(err: &io::Error) -> Option<NotAFile> {
    err.get_ref()?.downcast_ref::<NotAFileError>().map(|e| e.0)
}

/// The folder a file named by `path` is in (`.` for a bare name).
pub(crate) fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// A new temporary file in `dir`, created so that it cannot already exist:
/// `.hotseat.PID-RANDOM.tmp`. The random part is what keeps another user of the folder
/// from planting a file or link there first. The name is short whatever the game's
/// is, so a save name near the system's limit (255 bytes) still has room beside it.
pub(crate) fn create_temp(dir: &Path) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut last_err = None;
    // A clash is all but impossible; a few tries make a planted name harmless.
    for _ in 0..8 {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
        let count = COUNTER.fetch_add(1, Ordering::Relaxed);
        // RandomState's keys are random per process (and per call, from a seeded
        // counter): the name cannot be guessed from the pid, the time or the count.
        let random = RandomState::new().hash_one((std::process::id(), now, count));
        let path = dir.join(temp_name(std::process::id(), random));
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => last_err = Some(err),
            Err(err) => return Err(err),
        }
    }
    Err(last_err.expect("the loop tried"))
}

/// What the temporary files are called in place of the game's name.
const TEMP_STEM: &str = "hotseat";

fn temp_name(pid: u32, random: u64) -> OsString {
    OsString::from(format!(".{TEMP_STEM}.{pid}-{random:016x}.tmp"))
}

/// How old a temporary file must be before another process takes it for a leftover:
/// a save is over in well under a second, even on a slow disk.
pub const STALE_AFTER: Duration = Duration::from_secs(60);

/// Removes temporary files that a save killed halfway left in `dir`
/// (`.hotseat.PID-RANDOM.tmp`, and the `.NAME.PID-RANDOM.tmp` of older saves: only
/// those beside the file `target` when given, else every one), when they are older
/// than [`STALE_AFTER`] and not this process's. Best effort: a file that cannot
/// be listed or removed is left, as it harms nothing but space.
pub fn remove_stale_temps(dir: &Path, target: Option<&OsStr>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = temp_owner(&name.to_string_lossy(), target.map(OsStr::to_string_lossy).as_deref())
        else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        let Ok(meta) = entry.metadata() else { continue };
        let age = meta.modified().ok().and_then(|t| now.duration_since(t).ok()).unwrap_or_default();
        if meta.is_file() && age > STALE_AFTER {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The pid in a temporary file's name `.hotseat.PID-RANDOM.tmp`, or in an older save's
/// `.NAME.PID-RANDOM.tmp` (with NAME `target`, when given), or `None` for any other
/// name. Saves before random names wrote a counter for RANDOM; those match too.
fn temp_owner(name: &str, target: Option<&str>) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (stem, tag) = rest.rsplit_once('.')?;
    if stem.is_empty() || stem != TEMP_STEM && target.is_some_and(|target| target != stem) {
        return None;
    }
    let (pid, random) = tag.split_once('-')?;
    let all = |s: &str, f: fn(&u8) -> bool| !s.is_empty() && s.as_bytes().iter().all(f);
    if !all(pid, u8::is_ascii_digit) || !all(random, u8::is_ascii_hexdigit) {
        return None;
    }
    pid.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_recognised_and_nothing_else() {
        assert_eq!(temp_owner(".g.pgn.123-00ff00ff00ff00ff.tmp", Some("g.pgn")), Some(123));
        assert_eq!(temp_owner(".g.pgn.123-00ff00ff00ff00ff.tmp", None), Some(123));
        assert_eq!(temp_owner(".g.pgn.123-7.tmp", Some("g.pgn")), Some(123), "the older names");
        assert_eq!(temp_owner(".g.pgn.123-00ff.tmp", Some("h.pgn")), None);
        assert_eq!(temp_owner(".g.pgn.tmp", None), None);
        assert_eq!(temp_owner(".notes.tmp", None), None);
        assert_eq!(temp_owner("g.pgn.123-00ff.tmp", None), None);
        assert_eq!(temp_owner(".g.pgn.12a-00ff.tmp", None), None);
        assert_eq!(temp_owner("..1-1.tmp", None), None);
        assert_eq!(temp_owner(".hotseat.123-00ff00ff00ff00ff.tmp", Some("g.pgn")), Some(123), "today's");
    }

    #[test]
    fn a_temporary_name_is_short_whatever_the_game_is_called() {
        assert!(temp_name(u32::MAX, u64::MAX).len() <= 40);
    }

    #[test]
    fn temporary_names_differ_each_time() {
        let dir = std::env::temp_dir().join(format!("hotseat-temp-names-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("a folder");
        let (a, _) = create_temp(&dir).expect("a temporary file");
        let (b, _) = create_temp(&dir).expect("another");
        assert_ne!(a, b);
        let random = |p: &Path| p.to_string_lossy().rsplit_once('-').expect("a dash").1.to_owned();
        assert_ne!(random(&a), random(&b));
        fs::remove_dir_all(&dir).expect("clean up");
    }
}
