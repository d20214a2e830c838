//! The sentences the engine's seat says to the players, in one place.

use hotseat_chess::Color;

/// `--elo` out of reach: below the weakest level, or above the engine's top (for an
/// engine with no `UCI_Elo`, above hotseat's own levels).
pub(crate) fn elo_out_of_range(engine: &str, elo: u32, min: u32, max: i64, engine_elo: bool) -> String {
    if engine_elo {
        format!(
            "--elo {elo} cannot be played: ask for {min} to {max} Elo ({engine} keeps to a rating from its own floor up, hotseat plays the ones below), or a --level from 1 to 8."
        )
    } else {
        format!(
            "--elo {elo} cannot be played: {engine} cannot be set to a rating (it has no UCI_Elo option), so only hotseat's own {min} to {max} Elo can be asked, or a --level from 1 to 8."
        )
    }
}

/// The strength of a seat below the engine's floor: hotseat's levels play it.
pub(crate) fn made_strength(label: &str) -> String {
    format!("{label} by hotseat's levels")
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
    "The engine stopped earlier in this game; Ctrl-B or computer starts a new one.";

/// The coach's verdict on a move: `label` (`12. Nf3`), how good it was, the better
/// move, and the mate in `mate` moves the mover had, if it had one.
pub(crate) fn verdict(label: &str, judged: &str, better: Option<&str>, mate: Option<u32>) -> String {
    let better_said = |better: &str| match mate {
        Some(1) => format!("{better} was mate"),
        Some(n) => format!("{better} led to mate in {n}"),
        None => format!("better was {better}"),
    };
    match (judged, better) {
        ("the best move", _) => format!("Coach: {label} was the best move."),
        ("good", Some(better)) if mate.is_some() => {
            format!("Coach: {label} was good; {}.", better_said(better))
        }
        ("good", Some(better)) => format!("Coach: {label} was good ({better} was best)."),
        (judged, Some(better)) => {
            format!("Coach: {label} was {} {judged}; {}.", article(judged), better_said(better))
        }
        (judged, None) => format!("Coach: {label} was {} {judged}.", article(judged)),
    }
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

/// The coach's hint.
pub(crate) fn hint(san: &str, engine: &str) -> String {
    format!("Hint ({engine}): {san}.")
}

/// A hint asked for before the coach has thought about the position.
pub(crate) const HINT_COMING: &str = "The coach is thinking; the hint comes in a moment.";

/// A second hint asked for in the same position.
pub(crate) const ONE_HINT_A_MOVE: &str = "One hint a move: the coach has given it.";

/// A hint asked for with the game over.
pub(crate) const NO_HINT_GAME_OVER: &str = "The game is over: no hint to give.";

/// A hint asked for by a side the coach does not help.
pub(crate) fn not_coached(side: Color) -> String {
    let side = if side == Color::White { "White" } else { "Black" };
    format!("The coach does not help {side} in this game (--coach white, black or both).")
}

/// A hint asked for on the move of a side the engine plays.
pub(crate) fn no_hint_for_the_engine(side: Color) -> String {
    format!("{} is the engine's to play: the coach gives hints to people.", side.name())
}

/// A hint asked for with no coach.
pub(crate) const NO_COACH: &str = "No coach in this game: start hotseat with --coach white, black or both.";

/// A hint asked for after the coach's engine was lost.
pub(crate) const COACH_GONE: &str = "The coach stopped earlier in this game.";

/// The coach's engine was lost.
pub(crate) fn coach_lost(why: &impl std::fmt::Display) -> String {
    format!("The coach stopped ({why}); the game goes on without it.")
}

/// The engine is being started to play `side`, after Ctrl-B or `computer`.
pub(crate) fn starting(side: Color) -> String {
    format!(
        "Starting the engine to play {}; play on meanwhile (Ctrl-B or computer again: no engine).",
        side.name()
    )
}

/// A hand-over taken back while the engine was still starting.
/// Ctrl-B for a seat a person plays from another terminal.
pub(crate) fn seat_held(side: Color) -> String {
    format!(
        "{side} is played from another terminal: the engine takes only a seat played here, or one nobody has taken."
    )
}

pub(crate) const START_CALLED_OFF: &str = "No engine then: both sides are yours to play.";

/// The engine could not be started mid-game.
pub(crate) fn not_started(side: Color, why: &str) -> String {
    format!("{} stays yours to play: {why}", side.name())
}

/// The comment the saved game gets where the engine takes a side mid-game.
pub(crate) fn played_by_engine_from_here(side: Color, seat_name: &str) -> String {
    format!("{} played by {seat_name} from here", side.name())
}

/// The comment the saved game gets where a side goes back to a person mid-game.
pub(crate) fn played_by_a_person_from_here(side: Color) -> String {
    format!("{} played by a person from here", side.name())
}

/// A game the engine played, resumed without it: why, and what now.
pub fn not_restored(sides: super::Sides, why: &str) -> String {
    let sides = match sides {
        super::Sides::White => "White",
        super::Sides::Black => "Black",
        super::Sides::Both => "both sides",
    };
    let why = why.trim_end_matches('.');
    format!(
        "The engine that played {sides} could not be started ({why}): a two-player game now; Ctrl-B (computer in plain text) hands it a side."
    )
}
