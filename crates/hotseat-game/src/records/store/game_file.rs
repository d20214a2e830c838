//! The file a game is saved to while it is played, held to the file it started with.
//!
//! A game's file sits in a folder others may write to (a shared folder, `/tmp`), and
//! it is saved again after every move, for as long as the game lasts. Whatever is put
//! at its name meanwhile (a symlink to another file, another file, a folder removed
//! and made again) is not written over: a save goes only to the file the game started
//! with (the same device and inode, followed from save to save) or to a name that is
//! free. Anything else is refused, and the game goes on unsaved.
//!
//! The file and the folder are held open meanwhile: a file removed while it is open
//! keeps its inode, so no file made since can have the number the game's had.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use super::target::{self, Identity};
use super::{StoreError, save_refused};

/// The file a game is saved to: see the module's doc.
#[derive(Debug)]
pub struct GameFile {
    /// The file as named (`--save PATH`, or an autosave file).
    named: PathBuf,
    /// The file the name led to when the game began, its links followed.
    real: PathBuf,
    /// The folder `real` is in, as it was then, held open.
    folder: (File, Identity),
    /// The file at `real` as it was then, and after each save the file that save made,
    /// held open: `None` while nothing is there.
    file: Option<(File, Identity)>,
}

impl GameFile {
    /// Takes the file at `path` for a game: follows its links now (once), and notes
    /// which file and folder they lead to. It must be a regular file or nothing yet.
    pub fn take(path: &Path) -> Result<GameFile, StoreError> {
        let target = target::resolve(path).map_err(|err| save_refused(path, err))?;
        let folder = hold(target::folder_of(&target.path)).map_err(|source| write_err(path, source))?;
        let file = match &target.existing {
            // Held as what was looked at: a file swapped in since is refused.
            Some(seen) => match hold(&target.path) {
                Ok(held) if held.1 == Identity::of(seen) => Some(held),
                Ok(_) => return Err(StoreError::Replaced { path: path.to_owned() }),
                Err(source) => return Err(write_err(path, source)),
            },
            None => None,
        };
        Ok(GameFile { named: path.to_owned(), folder, file, real: target.path })
    }

    /// The file as named.
    pub fn path(&self) -> &Path {
        &self.named
    }

    /// The file its name led to when the game began.
    pub fn real(&self) -> &Path {
        &self.real
    }

    /// Saves `text`, atomically, when the name still leads to the file the game began
    /// with, in the same folder, or to nothing: else [`StoreError::Replaced`] (a file
    /// or a link put there since) or [`StoreError::LockLost`] (the folder removed or
    /// replaced), and nothing is written.
    pub fn save(&mut self, text: &[u8]) -> Result<(), StoreError> {
        let replaced = || StoreError::Replaced { path: self.named.clone() };
        let now = target::resolve(&self.named).map_err(|err| save_refused(&self.named, err))?;
        if now.path != self.real {
            return Err(replaced());
        }
        if !self.in_its_folder() {
            return Err(StoreError::LockLost { path: self.named.clone() });
        }
        let there = now.existing.as_ref().map(Identity::of);
        if there.is_some() && there != self.file.as_ref().map(|held| held.1) {
            return Err(replaced());
        }
        match super::replace(&self.real, there, |out| out.write_all(text)) {
            Ok(made) => {
                let identity = made.metadata().map(|meta| Identity::of(&meta));
                self.file = identity.ok().map(|identity| (made, identity));
                Ok(())
            }
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => Err(replaced()),
            Err(err) => Err(write_err(&self.named, err)),
        }
    }

    /// Whether the name still leads to the file the last save made (or the game began
    /// with): the file to remove when no move was played in it.
    pub fn is_ours(&self) -> bool {
        let Some((_, file)) = &self.file else { return false };
        std::fs::symlink_metadata(&self.real).is_ok_and(|meta| meta.is_file() && Identity::of(&meta) == *file)
            && self.in_its_folder()
    }

    /// Whether the folder of the file is still the one the game began in.
    fn in_its_folder(&self) -> bool {
        std::fs::metadata(target::folder_of(&self.real))
            .is_ok_and(|meta| Identity::of(&meta) == self.folder.1)
    }
}

fn write_err(path: &Path, source: io::Error) -> StoreError {
    StoreError::Write { path: path.to_owned(), source }
}

/// Opens what is at `path` (a file or a folder) to hold it, without following a link
/// or waiting on a pipe, and says which it is.
fn hold(path: &Path) -> io::Result<(File, Identity)> {
    let file = open_to_hold(path)?;
    let identity = Identity::of(&file.metadata()?);
    Ok((file, identity))
}

#[cfg(unix)]
fn open_to_hold(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK).open(path)
}

/// Windows opens a folder only with backup semantics.
#[cfg(not(unix))]
fn open_to_hold(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(windows)]
    {
        use std::os::windows::fs::OpenOptionsExt;
        const FILE_FLAG_BACKUP_SEMANTICS: u32 = 0x0200_0000;
        options.custom_flags(FILE_FLAG_BACKUP_SEMANTICS);
    }
    options.open(path)
}
