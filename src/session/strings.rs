//! The sentences the session says to the players, in one place.

use std::path::Path;

use crate::app::Notation;
use crate::engine::{ENGINE_VARIABLE, EngineError};

/// A save or a new game asked for in a game opened only to look through.
pub(crate) const ONLY_LOOKING: &str = "Only looking through this game: nothing is saved.";

/// The record or the position sent to the clipboard.
pub(crate) fn copied(notation: Notation) -> String {
    format!(
        "{} sent to the clipboard (through the terminal: OSC 52, which some terminals must allow).",
        notation.name()
    )
}

/// The clipboard could not be reached.
pub(crate) fn not_copied(notation: Notation, why: &impl std::fmt::Display) -> String {
    format!("Cannot copy the {}: {why}.", notation.name())
}

/// Leaving a game opened only to look through.
pub fn closed_unsaved(path: &Path) -> String {
    format!("Closed {}; nothing was saved.", path.display())
}

/// Why the engine cannot review, with what to do about it when there is none.
pub fn engine_failed(err: &EngineError) -> String {
    match err {
        EngineError::NotFound { .. } => format!(
            "{err} Install Stockfish (`apt-get install stockfish` on Debian and Ubuntu, `brew install stockfish` on macOS), or point to a UCI engine with --engine PATH or the {ENGINE_VARIABLE} variable."
        ),
        _ => err.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn with_no_engine_found_the_players_are_told_the_places_and_the_cures() {
        let err = EngineError::NotFound {
            tried: vec![PathBuf::from("stockfish"), PathBuf::from("/nowhere/stockfish")],
        };
        let text = engine_failed(&err);
        for needle in [
            "No chess engine found",
            "/nowhere/stockfish",
            "apt-get install stockfish",
            "brew install stockfish",
            "--engine PATH",
            "HOTSEAT_ENGINE",
        ] {
            assert!(text.contains(needle), "{text}");
        }
        assert!(!err.to_string().contains("--engine"), "the engine names no flag: {err}");
    }
}
