//! Opening the game to play, at the command line's edge: the game from `--resume`,
//! `--pgn FILE [--game N]` or a new one, where it is saved (`--save PATH`), the list
//! of a file's games and the question which one, and every refusal worded with the
//! options that would do instead. `records` does the work and reports plain facts.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::{Result, anyhow};

use super::GameOptions;
use crate::printable::{QUOTE_LIMIT, printable};
use crate::records::pgn::{PgnFile, PgnGame, Tags};
use crate::records::store::{GameStore, PassedOver};
use crate::records::{self, Destination, OpenError};
use crate::session::Recorder;
use hotseat_chess::{Color, Game};

/// The game to play and where it goes.
#[derive(Debug)]
pub struct Opened {
    /// The game, with its tags and clock times.
    pub record: PgnGame,
    /// Where it is saved.
    pub recorder: Recorder,
    /// A line for the players about where the game came from, when it was not
    /// started here.
    pub notice: Option<String>,
}

/// Opens the game the options ask for. Any bad file is refused here, before the
/// terminal is touched; the games of a file are listed and the player asked on
/// standard output and input.
pub fn open_game(args: &GameOptions) -> Result<Opened> {
    open(args).map_err(worded)
}

fn open(args: &GameOptions) -> Result<Opened, Refusal> {
    if args.resume {
        let store = GameStore::from_env().map_err(OpenError::from)?;
        let records::Resumed { path, record, lock, passed_over } = records::resume(&store)?;
        // The files passed over are named before the game, so the lines are there on
        // the terminal when it is left; the notice on the game screen, one line cut
        // at its width, says how many first.
        for skipped in &passed_over {
            println!("{}", passed_over_line(skipped));
        }
        let mut notice = match passed_over.len() {
            0 => format!("Resumed the game saved in {}.", path.display()),
            count => format!(
                "Passed over {count} newer file{} (named when you leave); resumed the game saved in {}.",
                if count == 1 { "" } else { "s" },
                path.display()
            ),
        };
        // The other unfinished games (besides those passed over, named already) are a
        // command away: said on the terminal when the game is left, and on the game
        // screen first, as the line is cut at the screen's width, unless files passed
        // over come first.
        let skipped: Vec<&Path> = passed_over.iter().map(|p| p.path.as_path()).collect();
        let others = match super::games::other_unfinished(&store, &path, &skipped) {
            0 => String::new(),
            1 => "1 other unfinished game: hotseat games.".to_owned(),
            others => format!("{others} other unfinished games: hotseat games."),
        };
        if !others.is_empty() {
            println!("{others}");
            notice =
                if skipped.is_empty() { format!("{others} {notice}") } else { format!("{notice} {others}") };
        }
        let recorder =
            Recorder::resumed(path, store, with_given_names(args, record.tags.clone())).holding(lock);
        return Ok(Opened { record, recorder, notice: Some(notice) });
    }
    // The lock on the --save file comes first, before the file is checked or the
    // game it may hold is loaded, and is held until the game is left.
    let (destination, lock) = match &args.save {
        Some(path) => {
            let lock = records::claim_save_file(path, args.pgn.as_deref())?;
            (Destination::File(path.clone()), Some(lock))
        }
        None => (Destination::Store(GameStore::from_env().map_err(OpenError::from)?), None),
    };
    let recorder = |tags: Tags| {
        let recorder = Recorder::new(destination, with_given_names(args, tags));
        match lock {
            Some(lock) => recorder.holding(lock),
            None => recorder,
        }
    };
    let Some(source) = &args.pgn else {
        let record = PgnGame::new(Game::from_position(args.start_position()));
        let recorder = recorder(records::fresh_tags(SystemTime::now()));
        return Ok(Opened { record, recorder, notice: None });
    };
    let file = records::read_games(source)?;
    let number = match args.game {
        Some(number) => number,
        None if file.len() == 1 => 1,
        None => {
            let stdin = io::stdin();
            let mut answers = stdin.is_terminal().then(|| stdin.lock());
            let answers = answers.as_mut().map(|a| a as &mut dyn BufRead);
            choose_game(source, &file, &mut io::stdout(), answers)
                .map_err(Refusal::Ask)?
                .ok_or_else(|| Refusal::NotChosen { path: source.clone(), count: file.len() })?
        }
    };
    let record = records::load(source, &file, number)?;
    let notice = records::loaded_line(source, &record.game);
    // Nothing is written for it until it changes: looking at a game keeps no copy.
    let recorder = recorder(record.tags.clone()).loaded(&record.game);
    Ok(Opened { record, recorder, notice: Some(notice) })
}

/// `tags` with the players' names given on the command line. A name given is a name,
/// even `White`: in the tags, the record tells it from the screen's stand-in for a
/// player no one named, which is saved as PGN's unknown, `?`.
fn with_given_names(args: &GameOptions, mut tags: Tags) -> Tags {
    for (color, given) in [(Color::White, &args.white), (Color::Black, &args.black)] {
        if let Some(name) = given {
            tags.set(color.name(), name.as_str());
        }
    }
    tags
}

/// Lists the games of `file` (read from `path`) on `out` as `N. summary`, then, if
/// there is a way to ask (`answers`, the player's typing), asks which one until a
/// number from 1 to the count is given. `None` when there is no way to ask or the
/// answers end first; an empty answer asks again.
pub fn choose_game(
    path: &Path,
    file: &PgnFile,
    out: &mut dyn Write,
    answers: Option<&mut dyn BufRead>,
) -> io::Result<Option<usize>> {
    let count = file.len();
    let width = count.to_string().len();
    writeln!(out, "{} holds {count} games:", printable(&path.display().to_string(), usize::MAX))?;
    for entry in file.games() {
        writeln!(out, "{:>width$}. {}", entry.number(), entry.summary())?;
    }
    let Some(answers) = answers else { return Ok(None) };
    loop {
        write!(out, "Which game (1-{count})? ")?;
        out.flush()?;
        let mut line = String::new();
        if answers.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(None);
        }
        match line.trim().parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => return Ok(Some(n)),
            _ => writeln!(out, "Please answer with a number from 1 to {count}.")?,
        }
    }
}

/// A line about a newer file `--resume` did not resume, for the players who may have
/// expected it: `Passed over 2025-04-25_14-03-09Z.pgn: no move was played in it.`
fn passed_over_line(skipped: &PassedOver) -> String {
    let name = skipped.path.file_name().unwrap_or_else(|| skipped.path.as_os_str());
    let name = name.to_string_lossy();
    // A file name is anyone's text too.
    format!("Passed over {}: {}.", printable(&name, QUOTE_LIMIT), skipped.why)
}

/// Why the game was not opened: a refusal from `records`, or one of the command line's.
#[derive(Debug)]
enum Refusal {
    Open(OpenError),
    /// A file of several games, no `--game N`, and no answer to the question.
    NotChosen {
        path: PathBuf,
        count: usize,
    },
    /// Listing the games or reading the answer failed.
    Ask(io::Error),
}

impl From<OpenError> for Refusal {
    fn from(err: OpenError) -> Refusal {
        Refusal::Open(err)
    }
}

/// The refusal as the player reads it: what is wrong, and the options that would do
/// instead.
fn worded(refusal: Refusal) -> anyhow::Error {
    let err = match refusal {
        Refusal::Open(err) => err,
        Refusal::NotChosen { path, count } => {
            return anyhow!("{} holds {count} games: choose one with --game N", path.display());
        }
        Refusal::Ask(err) => return anyhow!("cannot ask which game to load: {err}"),
    };
    let advice = match &err {
        OpenError::SaveHoldsAGame { path } => {
            format!("continue it with --pgn {0} --save {0}, or choose another file", path.display())
        }
        OpenError::SaveHoldsGames { .. } | OpenError::SaveHoldsSomethingElse { .. } => {
            "choose another file for --save".to_owned()
        }
        _ => return err.into(),
    };
    anyhow!("{err}; {advice}")
}
