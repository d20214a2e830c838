//! The game screen as the command line sets it up: the players, the clocks (the
//! record's own, going on where they stopped, or the command line's), the bell.

use std::time::Instant;

use anyhow::Result;

use super::GameOptions;
use crate::app::App;
use crate::records::{self, pgn::PgnGame};

/// The game screen for `record`, with its players and clocks: its own, going on where
/// they stopped (in the middle of a turn too), or the command line's.
pub fn game_screen(args: &GameOptions, record: PgnGame, notice: Option<String>) -> Result<App> {
    let (white, black) = records::player_names(&record.tags, args.white.as_deref(), args.black.as_deref());
    let controls = args.time_controls()?;
    let clocks = records::clocks(&record, controls).map(|(controls, times)| (controls, times.to_vec()));
    let left = records::turn_clock(&record).filter(|_| controls.is_none());
    // The command line's clocks start as it says; a record's own, as its tag says.
    let clock_start = if controls.is_some() { args.clock_start() } else { records::clock_start(&record) };
    let mut app = App::new(record.game)
        .with_annotations(record.annotations, record.trailing)
        .with_players(white, black)
        .with_auto_flip(args.auto_flip)
        .with_bell(args.bell)
        .with_random_chess960(args.chess960 == Some(super::Chess960::Random));
    if let Some((controls, times)) = clocks {
        app = app.with_clocks_starting(&controls, clock_start, &times, Instant::now());
        if let Some(left) = left {
            app = app.with_time_left(left);
        }
    }
    if let Some(notice) = notice {
        app.notify(notice);
    }
    Ok(app)
}
