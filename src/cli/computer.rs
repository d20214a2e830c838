//! The engine at the board as the command line asks for it (`--computer`, `--level`,
//! `--elo`): found as the review finds it, started and greeted before the terminal is
//! touched, and named in the game unless the players named its side.

use anyhow::{Result, anyhow};
use hotseat_chess::Color;

use super::GameOptions;
use crate::app::App;
use crate::engine;
use crate::records::pgn::PgnGame;
use crate::session::Recorder;
use crate::session::computer::{self, Chooser, Coach, Computer, StartError};

/// The variable that seeds the low levels' choice among the engine's lines, so a
/// game can be played again the same (with the same engine and moves).
pub const SEED_VARIABLE: &str = "HOTSEAT_SEED";

/// Starts the engine `args` asks for, and names its seats in `app`; `None` without
/// `--computer`.
pub fn start_computer(args: &GameOptions, app: App) -> Result<(App, Option<Computer>)> {
    let Some(sides) = args.computer() else { return Ok((app, None)) };
    let path = engine::locate(args.engine.as_deref())
        .map_err(|err| anyhow!(crate::app::strings::engine_failed(&err)))?;
    let chess960 = app.game().start().is_chess960();
    let computer =
        Computer::start(&path, args.strength(), sides, chess960, chooser()).map_err(|why| anyhow!(why))?;
    let given = |color: Color| match color {
        Color::White => args.white.is_some(),
        Color::Black => args.black.is_some(),
    };
    let name = |color: Color| {
        if computer.plays(color) && !given(color) {
            computer.seat_name()
        } else {
            app.player(color).to_owned()
        }
    };
    let (white, black) = (name(Color::White), name(Color::Black));
    Ok((app.with_players(white, black), Some(computer)))
}

/// The engine of a resumed game, as its tags say it played ([`computer::played`]).
pub enum Restored {
    /// The engine played no side of it (or `--computer` says who plays now).
    Nothing,
    /// The engine is back for the sides it played, at the strength it played.
    Back(Box<Computer>),
    /// It could not be started: the line that says the game is two players' now.
    TwoPlayers(String),
}

impl Restored {
    /// The line for the players as the game opens: `notice` (where the game came
    /// from), after what became of the engine when it could not be started.
    pub fn notice(&self, notice: Option<String>) -> Option<String> {
        match (self, notice) {
            (Restored::TwoPlayers(line), Some(notice)) => Some(format!("{line} {notice}")),
            (Restored::TwoPlayers(line), None) => Some(line.clone()),
            (_, notice) => notice,
        }
    }
}

/// The engine that played the game `record` resumes (`--resume`, or continued from the
/// library), started again for the sides it played at the strength it played: the
/// one `--engine` names, else the one found. When none can be started, the saved game
/// says from now on that people play both sides, and the line for the players says
/// so and how to hand the engine a side. Nothing without `resumed`, or with
/// `--computer`, which says who plays now.
pub fn restore_computer(
    args: &GameOptions,
    record: &PgnGame,
    recorder: &mut Recorder,
    resumed: bool,
) -> Restored {
    if !resumed || args.computer().is_some() {
        return Restored::Nothing;
    }
    let Some((sides, strength)) = computer::played(&record.tags) else { return Restored::Nothing };
    let chess960 = record.game.start().is_chess960();
    let started = engine::locate(args.engine.as_deref())
        .map_err(StartError::from)
        .and_then(|path| Computer::start(&path, strength, sides, chess960, chooser()));
    match started {
        Ok(computer) => Restored::Back(Box::new(computer)),
        Err(why) => {
            for color in [Color::White, Color::Black] {
                recorder.set_tag(computer::TYPE_TAGS[color], computer::HUMAN);
            }
            Restored::TwoPlayers(computer::strings::not_restored(sides, &why.to_string()))
        }
    }
}

/// How the low levels choose among the engine's lines: as [`SEED_VARIABLE`] says,
/// else at random.
fn chooser() -> Chooser {
    std::env::var(SEED_VARIABLE)
        .ok()
        .and_then(|seed| seed.trim().parse().ok())
        .map_or_else(Chooser::random, Chooser::seeded)
}

/// Starts the coach `args` asks for (`--coach`), and tags the game as coached; `None`
/// without it.
pub fn start_coach(args: &GameOptions, app: &App, recorder: &mut Recorder) -> Result<Option<Coach>> {
    let Some(sides) = args.coach() else { return Ok(None) };
    let path = engine::locate(args.engine.as_deref())
        .map_err(|err| anyhow!(crate::app::strings::engine_failed(&err)))?;
    let chess960 = app.game().start().is_chess960();
    let coach = Coach::start(&path, sides.plays(), chess960).map_err(|why| anyhow!(why))?;
    recorder.set_lasting_tag(computer::COACH_TAG, sides.name());
    Ok(Some(coach))
}
