//! The file a game is saved to while it is played, held to the file it started with.
//!
//! A game's file sits in a folder others may write to (a shared folder, `/tmp`), and
//! it is saved again after every move, for as long as the game lasts. Whatever is put
//! at its name meanwhile (a symlink to another file, another file, a folder removed
//! and made again) is not written over: a save goes only to the file the game started
//! with (the same device and inode, followed from save to save) or to a name that is
//! free. Anything else is refused, and the game goes on unsaved.

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
    /// The folder `real` is in, as it was then.
    folder: Identity,
    /// The file at `real` as it was then, and after each save the file that save made:
    /// `None` while nothing is there.
    file: Option<Identity>,
}

impl GameFile {
    /// Takes the file at `path` for a game: follows its links now (once), and notes
    /// which file and folder they lead to. It must be a regular file or nothing yet.
    pub fn take(path: &Path) -> Result<GameFile, StoreError> {
        let target = target::resolve(path).map_err(|err| save_refused(path, err))?;
        let folder = folder_identity(&target.path).map_err(|source| write_err(path, source))?;
        Ok(GameFile {
            named: path.to_owned(),
            folder,
            file: target.existing.as_ref().map(Identity::of),
            real: target.path,
        })
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
        if folder_identity(&self.real).ok() != Some(self.folder) {
            return Err(StoreError::LockLost { path: self.named.clone() });
        }
        let there = now.existing.as_ref().map(Identity::of);
        if there.is_some() && there != self.file {
            return Err(replaced());
        }
        match super::replace(&self.real, there, |out| out.write_all(text)) {
            Ok(made) => {
                self.file = Some(made);
                Ok(())
            }
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => Err(replaced()),
            Err(err) => Err(write_err(&self.named, err)),
        }
    }

    /// Whether the name still leads to the file the last save made (or the game began
    /// with): the file to remove when no move was played in it.
    pub fn is_ours(&self) -> bool {
        let Some(file) = self.file else { return false };
        std::fs::symlink_metadata(&self.real)
            .is_ok_and(|meta| meta.is_file() && Identity::of(&meta) == file)
            && folder_identity(&self.real).ok() == Some(self.folder)
    }
}

fn write_err(path: &Path, source: io::Error) -> StoreError {
    StoreError::Write { path: path.to_owned(), source }
}

/// Which folder the file `real` is in.
fn folder_identity(real: &Path) -> io::Result<Identity> {
    std::fs::metadata(target::folder_of(real)).map(|meta| Identity::of(&meta))
}
