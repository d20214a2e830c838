//! The sentences the engine's seat says to the players, in one place.

use hotseat_chess::Color;

/// `--elo` with an engine that has no `UCI_Elo`.
pub(crate) fn no_elo(engine: &str) -> String {
    format!(
        "{engine} cannot be set to an Elo rating (it has no UCI_Elo option); choose a --level from 1 to 8 instead."
    )
}

/// `--elo` outside the range the engine offers.
pub(crate) fn elo_out_of_range(engine: &str, elo: u32, min: i64, max: i64) -> String {
    format!(
        "{engine} plays only from {min} to {max} Elo, so --elo {elo} cannot be set; for a weaker opponent choose --level 1, 2 or 3, for a stronger one --level 8."
    )
}

/// What a saved game calls the engine's seat.
pub(crate) fn seat_name(engine: &str, strength: &str) -> String {
    format!("{engine}, {strength}")
}

/// The engine was lost in the middle of the game.
pub(crate) fn engine_lost(engine: &str, why: &impl std::fmt::Display) -> String {
    format!("{engine} stopped playing ({why}); its side is yours to play now.")
}

/// The engine resigns.
pub(crate) fn resigns(engine: &str) -> String {
    format!("{engine} resigns.")
}

/// The engine answered a draw offer.
pub(crate) fn draw_answer(engine: &str, accepted: bool) -> String {
    if accepted { format!("{engine} accepts the draw.") } else { format!("{engine} declines the draw.") }
}

/// A side handed to the engine, or back.
pub(crate) fn handed(side: Color, to_engine: bool, engine: &str) -> String {
    let side = if side == Color::White { "White" } else { "Black" };
    if to_engine { format!("{engine} plays {side} now.") } else { format!("{side} is yours to play now.") }
}
