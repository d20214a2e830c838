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

/// The sides the engine plays now.
pub(crate) fn plays(sides: &[Color], engine: &str, strength: &str) -> String {
    let names: Vec<&str> =
        sides.iter().map(|&side| if side == Color::White { "White" } else { "Black" }).collect();
    format!("{engine} ({strength}) plays {} now; Ctrl-B or computer takes it back.", names.join(" and "))
}

/// The engine's sides taken back.
pub(crate) fn taken_back_from(engine: &str) -> String {
    format!(
        "Both sides are yours to play now; {engine} only watches (Ctrl-B or computer hands it the other side)."
    )
}

/// A hand-over asked for after the engine was lost.
pub(crate) const ENGINE_GONE: &str =
    "The engine stopped earlier in this game; start hotseat again to play against it.";
