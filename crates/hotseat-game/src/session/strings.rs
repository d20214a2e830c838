//! The sentences the session says to the players, in one place.

use std::path::Path;

use crate::app::Notation;

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

/// A line of chat with nobody elsewhere to read it.
pub(crate) const NOBODY_TO_TELL: &str = "Nobody else is in this game to read a line of chat.";

/// Leaving a game opened only to look through.
pub fn closed_unsaved(path: &Path) -> String {
    format!("Closed {}; nothing was saved.", path.display())
}
