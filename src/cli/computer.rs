//! The engine at the board as the command line asks for it (`--computer`, `--level`,
//! `--elo`): found as the review finds it, started and greeted before the terminal is
//! touched, and named in the game unless the players named its side.

use anyhow::{Result, anyhow};
use hotseat_chess::Color;

use super::GameOptions;
use crate::app::App;
use crate::engine;
use crate::session::Recorder;
use crate::session::computer::{self, Chooser, Coach, Computer};

/// The variable that seeds the low levels' choice among the engine's lines, so a
/// game can be played again the same (with the same engine and moves).
pub const SEED_VARIABLE: &str = "HOTSEAT_SEED";

/// Starts the engine `args` asks for, and names its seats in `app`; `None` without
/// `--computer`.
pub fn start_computer(args: &GameOptions, app: App) -> Result<(App, Option<Computer>)> {
    let Some(sides) = args.computer() else { return Ok((app, None)) };
    let path = engine::locate(args.engine.as_deref())
        .map_err(|err| anyhow!(crate::app::strings::engine_failed(&err)))?;
    let chooser = std::env::var(SEED_VARIABLE)
        .ok()
        .and_then(|seed| seed.trim().parse().ok())
        .map_or_else(Chooser::random, Chooser::seeded);
    let chess960 = app.game().start().is_chess960();
    let computer =
        Computer::start(&path, args.strength(), sides, chess960, chooser).map_err(|why| anyhow!(why))?;
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
