//! `hotseat games`: the games folder behind the library ([`Games`]), opening the game
//! chosen, and the words for what came of it. The screen itself is
//! [`crate::library`]; the files, [`records::shelf`].

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};

use super::{GameOptions, LookOptions, Opened};
use crate::app::{App, Message};
use crate::library::{Action, OpenAs, Shelves};
use crate::printable::{QUOTE_LIMIT, printable};
use crate::records::pgn::PgnGame;
use crate::records::shelf::{self, Shelf};
use crate::records::store::GameStore;
use crate::records::{self, Destination};
use crate::session::Recorder;
use crate::session::computer::Computer;

/// `hotseat games`'s options: how the board looks, and what the games opened take.
#[derive(Clone, Debug, clap::Args)]
pub struct LibraryOptions {
    /// How the board looks.
    #[command(flatten)]
    pub look: LookOptions,

    /// Turn the board of a game opened after every move so the side to move sits at
    /// the bottom.
    #[arg(long)]
    pub auto_flip: bool,

    /// Ring the terminal bell in a game opened when a clock falls under 10 seconds,
    /// when a flag falls, and when a move is refused.
    #[arg(long)]
    pub bell: bool,

    /// The UCI chess engine that reviews a game opened (Ctrl-E) (default:
    /// `HOTSEAT_ENGINE`, else `stockfish` on the PATH or where packages put it).
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,
}

impl LibraryOptions {
    /// The options of a game opened from the library: these, and a game's defaults.
    fn game(&self) -> GameOptions {
        use clap::{Args, FromArgMatches};
        let command = GameOptions::augment_args(clap::Command::new("hotseat").no_binary_name(true));
        let defaults =
            command.try_get_matches_from(std::iter::empty::<String>()).expect("the defaults parse");
        let mut game = GameOptions::from_arg_matches(&defaults).expect("the defaults are a game's options");
        game.look = self.look.clone();
        game.auto_flip = self.auto_flip;
        game.bell = self.bell;
        game.engine.clone_from(&self.engine);
        game
    }
}

/// The games folder of `hotseat games`, for the board's library.
pub struct Games {
    store: GameStore,
    args: GameOptions,
}

impl Games {
    /// The games folder of the data directory; refused without a terminal, which the
    /// library needs.
    pub fn open(args: &LibraryOptions) -> Result<Games> {
        let store = GameStore::from_env()?;
        if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
            bail!(
                "the library needs a terminal (the saved games are the .pgn files in {})",
                printable(&store.dir().display().to_string(), usize::MAX)
            );
        }
        Ok(Games { store, args: args.game() })
    }

    /// The folder's name, ready to print.
    pub fn folder(&self) -> String {
        printable(&self.store.dir().display().to_string(), usize::MAX).into_owned()
    }
}

impl Shelves for Games {
    type Opened = (App, Recorder, Option<Computer>);

    fn shelve(&mut self) -> (Shelf, Option<Message>) {
        shelve(&self.store)
    }

    fn delete(&mut self, path: &Path) -> Vec<Action> {
        delete(&self.store, path)
    }

    fn open(&mut self, path: &Path, how: OpenAs) -> Result<Self::Opened, String> {
        let opened = open_chosen(&self.store, path, how).and_then(|mut opened| {
            // An unfinished game goes on with the engine that played it, as with
            // --resume (or says in a line that it cannot).
            let continued = how == OpenAs::Continue;
            let restored =
                super::restore_computer(&self.args, &opened.record, &mut opened.recorder, continued);
            let notice = restored.notice(opened.notice);
            let app =
                super::game_screen(&self.args, opened.record, notice)?.looking_through(how == OpenAs::Browse);
            let computer = match restored {
                super::Restored::Back(computer) => Some(*computer),
                _ => None,
            };
            Ok((app, opened.recorder, computer))
        });
        opened.map_err(|err| format!("Not opened: {}", printable(&super::one_line(&err), usize::MAX)))
    }

    fn engine(&self) -> Option<PathBuf> {
        self.args.engine.clone()
    }
}

/// Opens the game in `path`, chosen in the library of `store`: an unfinished game to
/// go on with in its own file, locked, exactly as `--resume` goes on with the newest;
/// a finished one to look through, with a recorder that is never asked to save.
pub fn open_chosen(store: &GameStore, path: &Path, how: OpenAs) -> Result<Opened> {
    let name = file_name(path);
    match how {
        OpenAs::Continue => {
            let resumed = shelf::continue_file(path).map_err(|err| anyhow!("{err}"))?;
            let notice = format!("Continuing the game saved in {}.", path.display());
            let recorder = Recorder::resumed(resumed.path, store.clone(), resumed.record.tags.clone())
                .holding(resumed.lock);
            Ok(Opened { record: resumed.record, recorder, notice: Some(notice) })
        }
        OpenAs::Browse => {
            let file = shelf::read_listed(path)?;
            let record: PgnGame = records::load(path, &file, 1)?;
            let notice = format!("Looking through {name}: PgUp/PgDn step through it; nothing is saved.");
            let recorder = Recorder::new(Destination::File(path.to_owned()), record.tags.clone());
            Ok(Opened { record, recorder, notice: Some(notice) })
        }
    }
}

/// The games folder read again for the library; a folder that cannot be read shows
/// as empty, with why on the message line.
pub fn shelve(store: &GameStore) -> (Shelf, Option<Message>) {
    match shelf::scan(store.dir()) {
        Ok(shelf) => (shelf, None),
        Err(err) => (Shelf::default(), Some(Message::error(printable(&err.to_string(), usize::MAX)))),
    }
}

/// Deletes a game the player confirmed deleting, and says so: the actions for the
/// library (what came of it, and the folder read again).
pub fn delete(store: &GameStore, path: &Path) -> Vec<Action> {
    let name = file_name(path);
    let report = match shelf::delete(store.dir(), path) {
        Ok(()) => Message::info(format!("Deleted {name}.")),
        Err(why) => Message::error(format!("{name} was not deleted: {why}.")),
    };
    let (shelf, trouble) = shelve(store);
    vec![Action::Shelved(shelf), Action::Report(trouble.unwrap_or(report))]
}

/// How many unfinished games the library lists besides the one in `path` and those
/// in `besides`.
pub fn other_unfinished(store: &GameStore, path: &Path, besides: &[&Path]) -> usize {
    shelf::scan(store.dir()).map_or(0, |shelf| {
        let other = |e: &&shelf::Entry| e.path != path && !besides.contains(&e.path.as_path());
        shelf.entries.iter().filter(|e| e.is_unfinished()).filter(other).count()
    })
}

/// The file's name, ready to print.
fn file_name(path: &Path) -> String {
    let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy();
    printable(&name, QUOTE_LIMIT).into_owned()
}
