//! Where hosted games are found: a Unix-domain socket per game, named after the game,
//! in a folder private to the user. No port is opened: only the user's own processes
//! reach the socket (the folder is 0700, the socket 0600, and the peer's uid is
//! checked on every connection with `SO_PEERCRED`); other machines come through
//! OpenSSH, which logs in as the user first.

use std::ffi::OsString;
use std::fs::{self, DirBuilder, File, OpenOptions, TryLockError};
use std::io;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};

use super::strings;

/// The longest name of a game, in characters.
pub const MAX_NAME: usize = 64;

/// Why a game cannot be hosted or found.
#[derive(Debug, thiserror::Error)]
pub enum SocketError {
    /// The folder is not the user's, or others may enter it.
    #[error("{}", strings::unsafe_folder(.0))]
    UnsafeFolder(PathBuf),
    /// The folder, or the socket in it, could not be made or read.
    #[error("{}: {}", strings::no_folder(.0), .1)]
    Folder(PathBuf, io::Error),
    /// A game of that name is hosted already.
    #[error("{}", strings::already_hosted(.0))]
    AlreadyHosted(String),
    /// No game is hosted (by that name).
    #[error("{}", strings::none_hosted(.0.as_deref(), .1))]
    NoneHosted(Option<String>, PathBuf),
    /// Several games are hosted, and none was named.
    #[error("{}", strings::several_hosted(.0))]
    Several(Vec<String>),
    /// A name no game could have.
    #[error("{}", strings::bad_name(.0))]
    BadName(String),
    /// `HOTSEAT_RUNTIME_DIR` is set, but to no absolute folder.
    #[error("{}", strings::bad_runtime_dir(.0))]
    RuntimeDir(String),
}

/// The folder of the sockets: `$HOTSEAT_RUNTIME_DIR`, else `$XDG_RUNTIME_DIR/hotseat`,
/// else `/tmp/hotseat-UID`; `var` reads the environment. `HOTSEAT_RUNTIME_DIR` set
/// empty or to a relative path is refused (a game found or not depending on the
/// folder one stands in); `XDG_RUNTIME_DIR` so set is ignored, as its specification
/// says.
pub fn runtime_dir(var: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, SocketError> {
    if let Some(dir) = var("HOTSEAT_RUNTIME_DIR") {
        let dir = PathBuf::from(dir);
        if !dir.is_absolute() {
            return Err(SocketError::RuntimeDir(
                crate::printable::printable(&dir.to_string_lossy(), 60).into_owned(),
            ));
        }
        return Ok(dir);
    }
    let xdg = var("XDG_RUNTIME_DIR").map(PathBuf::from).filter(|dir| dir.is_absolute());
    Ok(xdg.map_or_else(
        || std::env::temp_dir().join(format!("hotseat-{}", rustix::process::geteuid().as_raw())),
        |dir| dir.join("hotseat"),
    ))
}

/// Makes `dir` (mode 0700) when it is missing, and checks it: a folder (not a link),
/// owned by the user, closed to everyone else.
pub fn prepare(dir: &Path) -> Result<(), SocketError> {
    let made = DirBuilder::new().recursive(true).mode(0o700).create(dir);
    made.map_err(|err| SocketError::Folder(dir.to_owned(), err))?;
    let meta = fs::symlink_metadata(dir).map_err(|err| SocketError::Folder(dir.to_owned(), err))?;
    let ours = meta.uid() == rustix::process::geteuid().as_raw();
    if !meta.is_dir() || !ours || meta.mode() & 0o077 != 0 {
        return Err(SocketError::UnsafeFolder(dir.to_owned()));
    }
    Ok(())
}

/// The name of a game from its save file's stem, made fit for a file name and a
/// command line: letters, digits, `.`, `_` and `-`, at most [`MAX_NAME`].
pub fn game_name(save: &Path) -> String {
    let stem = save.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '-' })
        .take(MAX_NAME)
        .collect();
    let name = name.trim_start_matches('.').to_owned();
    if name.is_empty() { "game".to_owned() } else { name }
}

/// Checks a name typed by a player: one [`game_name`] could have made.
pub fn checked_name(name: &str) -> Result<&str, SocketError> {
    let fits = !name.is_empty()
        && name.chars().count() <= MAX_NAME
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if fits {
        Ok(name)
    } else {
        Err(SocketError::BadName(crate::printable::printable(name, 40).into_owned()))
    }
}

fn socket_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.sock"))
}

/// A hosted game's socket, and the lock that makes its name this host's alone; both
/// removed when dropped.
pub struct Hosted {
    listener: UnixListener,
    path: PathBuf,
    /// `NAME.lock` beside the socket, locked for as long as the game is hosted (the
    /// system lets go of it however the host ends, `kill -9` too).
    lock: File,
    lock_path: PathBuf,
}

/// Takes the name whose lock file is `path`: the file, locked, or the name is taken.
fn take_name(path: &Path, name: &str) -> Result<File, SocketError> {
    let folder = |err| SocketError::Folder(path.parent().unwrap_or(path).to_owned(), err);
    loop {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(path)
            .map_err(folder)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Err(SocketError::AlreadyHosted(name.to_owned())),
            Err(TryLockError::Error(err)) => return Err(folder(err)),
        }
        // A host that ended meanwhile removes its lock file while it holds it: the name
        // is this host's only if the file still there is the one it locked.
        let locked = file.metadata().map_err(folder)?;
        let there = fs::symlink_metadata(path);
        if there.is_ok_and(|there| there.ino() == locked.ino() && there.dev() == locked.dev()) {
            return Ok(file);
        }
    }
}

impl Hosted {
    /// Opens the socket of the game `name` in `dir` (made and checked first). Taking
    /// the name is atomic: of two hosts started at once one has it, the other is
    /// told it is taken. A socket left by a game that ended badly is replaced.
    pub fn open(dir: &Path, name: &str) -> Result<Hosted, SocketError> {
        prepare(dir)?;
        let name = checked_name(name)?;
        let path = socket_path(dir, name);
        let lock_path = dir.join(format!("{name}.lock"));
        let lock = take_name(&lock_path, name)?;
        // A host of an older hotseat takes no lock, but answers.
        if UnixStream::connect(&path).is_ok() {
            return Err(SocketError::AlreadyHosted(name.to_owned()));
        }
        let stale = fs::symlink_metadata(&path).is_ok_and(|meta| {
            use std::os::unix::fs::FileTypeExt;
            meta.file_type().is_socket()
        });
        if stale {
            let _ = fs::remove_file(&path);
        }
        let folder = |err| SocketError::Folder(dir.to_owned(), err);
        let listener = UnixListener::bind(&path).map_err(folder)?;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).map_err(folder)?;
        Ok(Hosted { listener, path, lock, lock_path })
    }

    /// The listening socket.
    pub fn listener(&self) -> &UnixListener {
        &self.listener
    }

    /// Where the socket is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Hosted {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
        // Removed while still locked, so a host that opened it meanwhile sees it gone.
        let _ = fs::remove_file(&self.lock_path);
        let _ = self.lock.unlock();
    }
}

/// Whether the process at the other end of `stream` runs as this user (`SO_PEERCRED`).
pub fn is_ours(stream: &UnixStream) -> bool {
    rustix::net::sockopt::socket_peercred(stream).is_ok_and(|cred| cred.uid == rustix::process::geteuid())
}

/// The games hosted in `dir` that answer, by name.
pub fn hosted(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.strip_suffix(".sock").map(str::to_owned))
        .filter(|name| checked_name(name).is_ok() && UnixStream::connect(socket_path(dir, name)).is_ok())
        .collect();
    names.sort();
    names
}

/// Connects to the game `name` in `dir`, or to the only one hosted there.
pub fn connect(dir: &Path, name: Option<&str>) -> Result<(UnixStream, String), SocketError> {
    prepare(dir)?;
    let name = if let Some(name) = name {
        checked_name(name)?.to_owned()
    } else {
        let mut names = hosted(dir);
        match names.len() {
            0 => return Err(SocketError::NoneHosted(None, dir.to_owned())),
            1 => names.remove(0),
            _ => return Err(SocketError::Several(names)),
        }
    };
    match UnixStream::connect(socket_path(dir, &name)) {
        Ok(stream) => Ok((stream, name)),
        Err(_) => Err(SocketError::NoneHosted(Some(name), dir.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hotseat-socket-test-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_folder_is_chosen_from_the_environment() {
        const BAD: [&[(&str, &str)]; 3] = [
            &[("HOTSEAT_RUNTIME_DIR", "")],
            &[("HOTSEAT_RUNTIME_DIR", "games")],
            &[("HOTSEAT_RUNTIME_DIR", "../run")],
        ];
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| OsString::from(v))
        };
        let dir = |pairs| runtime_dir(env(pairs)).expect("a folder");
        assert_eq!(dir(&[("HOTSEAT_RUNTIME_DIR", "/a"), ("XDG_RUNTIME_DIR", "/b")]), Path::new("/a"));
        assert_eq!(dir(&[("XDG_RUNTIME_DIR", "/b")]), Path::new("/b/hotseat"));
        let uid = rustix::process::geteuid().as_raw();
        let default = std::env::temp_dir().join(format!("hotseat-{uid}"));
        assert_eq!(dir(&[("XDG_RUNTIME_DIR", "")]), default);
        assert_eq!(dir(&[("XDG_RUNTIME_DIR", "run/user")]), default);
        // Set to no absolute folder: refused, never the default nor the folder one is in.
        for bad in BAD {
            assert!(matches!(runtime_dir(env(bad)), Err(SocketError::RuntimeDir(_))), "{bad:?}");
        }
    }

    #[test]
    fn the_folder_is_made_private_and_refused_when_open_to_others() {
        let dir = temp("private");
        prepare(&dir).expect("made");
        assert_eq!(fs::metadata(&dir).expect("made").mode() & 0o777, 0o700);
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).expect("chmod");
        assert!(matches!(prepare(&dir), Err(SocketError::UnsafeFolder(_))));
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o700)).expect("chmod");
        let link = temp("link");
        std::os::unix::fs::symlink(&dir, &link).expect("symlink");
        assert!(matches!(prepare(&link), Err(SocketError::UnsafeFolder(_))));
        let _ = fs::remove_file(&link);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn names_come_from_the_save_file_and_typed_ones_are_checked() {
        assert_eq!(game_name(Path::new("/x/2026-11-26 10.00 game.pgn")), "2026-11-26-10.00-game");
        assert_eq!(game_name(Path::new("/x/.hidden.pgn")), "hidden");
        assert_eq!(game_name(Path::new("/")), "game");
        for bad in ["", "../x", "a/b", ".x", "a b", "x\u{1b}"] {
            assert!(checked_name(bad).is_err(), "{bad:?}");
        }
        assert_eq!(checked_name("friday-game").expect("fine"), "friday-game");
    }

    #[test]
    fn a_hosted_game_is_found_and_a_second_host_refused() {
        let dir = temp("hosted");
        let hosted_game = Hosted::open(&dir, "friday").expect("hosted");
        assert_eq!(fs::metadata(hosted_game.path()).expect("socket").mode() & 0o777, 0o600);
        assert!(matches!(Hosted::open(&dir, "friday"), Err(SocketError::AlreadyHosted(_))));
        let (stream, name) = connect(&dir, None).expect("the only one");
        assert_eq!(name, "friday");
        let (peer, _) = hosted_game.listener().accept().expect("accepted");
        assert!(is_ours(&peer));
        drop(stream);
        let other = Hosted::open(&dir, "saturday").expect("hosted");
        assert!(
            matches!(connect(&dir, None), Err(SocketError::Several(names)) if names == ["friday", "saturday"])
        );
        assert!(connect(&dir, Some("saturday")).is_ok());
        assert!(matches!(connect(&dir, Some("sunday")), Err(SocketError::NoneHosted(Some(_), _))));
        drop(other);
        drop(hosted_game);
        assert!(matches!(connect(&dir, None), Err(SocketError::NoneHosted(None, _))));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn of_hosts_opened_at_once_under_one_name_exactly_one_has_it() {
        let dir = temp("race");
        prepare(&dir).expect("made");
        for round in 0..50 {
            let name = format!("race-{round}");
            let start = std::sync::Arc::new(std::sync::Barrier::new(4));
            let hosts: Vec<_> = (0..4)
                .map(|_| {
                    let (dir, name, start) = (dir.clone(), name.clone(), std::sync::Arc::clone(&start));
                    std::thread::spawn(move || {
                        start.wait();
                        Hosted::open(&dir, &name)
                    })
                })
                .collect();
            let opened: Vec<_> = hosts.into_iter().map(|h| h.join().expect("no panic")).collect();
            let ran = opened.iter().filter(|o| o.is_ok()).count();
            assert_eq!(ran, 1, "round {round}: {ran} hosts ran");
            assert!(
                opened.iter().all(|o| o.is_ok() || matches!(o, Err(SocketError::AlreadyHosted(_)))),
                "the others are told the name is taken"
            );
            // The one that runs answers on its socket.
            assert!(connect(&dir, Some(&name)).is_ok(), "round {round}: no socket");
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_name_is_free_again_once_its_host_is_gone() {
        let dir = temp("again");
        let first = Hosted::open(&dir, "again").expect("hosted");
        assert!(matches!(Hosted::open(&dir, "again"), Err(SocketError::AlreadyHosted(_))));
        drop(first);
        assert!(!dir.join("again.lock").exists(), "the lock goes with its host");
        assert!(Hosted::open(&dir, "again").is_ok());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_socket_left_behind_is_replaced() {
        let dir = temp("stale");
        prepare(&dir).expect("made");
        // A host killed with -9 leaves its socket, where nothing answers, and its lock
        // file, which nobody holds any more.
        let path = socket_path(&dir, "left");
        UnixListener::bind(&path).map(drop).expect("a dead socket file");
        fs::write(dir.join("left.lock"), "").expect("a lock file left");
        assert!(path.exists());
        assert!(Hosted::open(&dir, "left").is_ok());
        let _ = fs::remove_dir_all(&dir);
    }
}
