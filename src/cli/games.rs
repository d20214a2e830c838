//! `hotseat games`: opening the game chosen in the library, and the words for what
//! came of it. The screen itself is [`crate::library`]; the files, [`records::library`].

use std::path::Path;

use anyhow::{Result, anyhow};

use super::Opened;
use crate::app::Message;
use crate::library::{Action, Opening};
use crate::records::library::{self, Shelf};
use crate::records::pgn::PgnGame;
use crate::records::store::GameStore;
use crate::records::{self, Destination, QUOTE_LIMIT, Recorder, printable};

/// Opens the game in `path`, chosen in the library of `store`: an unfinished game to
/// go on with in its own file, locked, exactly as `--resume` goes on with the newest;
/// a finished one to look through, with a recorder that is never asked to save.
pub fn open_chosen(store: &GameStore, path: &Path, how: Opening) -> Result<Opened> {
    let name = file_name(path);
    match how {
        Opening::Continue => {
            let resumed = library::continue_file(path).map_err(|err| anyhow!("{err}"))?;
            let notice = format!("Continuing the game saved in {}.", path.display());
            let recorder = Recorder::resumed(resumed.path, store.clone(), resumed.record.tags.clone())
                .holding(resumed.lock);
            Ok(Opened { record: resumed.record, recorder, notice: Some(notice) })
        }
        Opening::Browse => {
            let file = library::read_listed(path)?;
            let record: PgnGame = records::load(path, &file, 1)?;
            let notice = format!("Looking through {name}: PgUp/PgDn step through it; nothing is saved.");
            let recorder = Recorder::new(Destination::File(path.to_owned()), record.tags.clone());
            Ok(Opened { record, recorder, notice: Some(notice) })
        }
    }
}

/// The games folder read again for the library; a folder that cannot be read shows
/// as empty, with why on the message line.
pub fn shelf(store: &GameStore) -> (Shelf, Option<Message>) {
    match library::scan(store.dir()) {
        Ok(shelf) => (shelf, None),
        Err(err) => (Shelf::default(), Some(Message::error(printable(&err.to_string(), usize::MAX)))),
    }
}

/// Deletes a game the player confirmed deleting, and says so: the actions for the
/// library (what came of it, and the folder read again).
pub fn delete(store: &GameStore, path: &Path) -> Vec<Action> {
    let name = file_name(path);
    let report = match library::delete(store.dir(), path) {
        Ok(()) => Message::info(format!("Deleted {name}.")),
        Err(why) => Message::error(format!("{name} was not deleted: {why}.")),
    };
    let (shelf, trouble) = shelf(store);
    vec![Action::Shelved(shelf), Action::Report(trouble.unwrap_or(report))]
}

/// How many unfinished games the library lists besides the one in `path` and those
/// in `besides`.
pub fn other_unfinished(store: &GameStore, path: &Path, besides: &[&Path]) -> usize {
    library::scan(store.dir()).map_or(0, |shelf| {
        let other = |e: &&library::Entry| e.path != path && !besides.contains(&e.path.as_path());
        shelf.entries.iter().filter(|e| e.is_unfinished()).filter(other).count()
    })
}

/// The file's name, ready to print.
fn file_name(path: &Path) -> String {
    let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy();
    printable(&name, QUOTE_LIMIT).into_owned()
}
