//! The `ECO` and `Opening` tags of a saved game: the opening table's name for the
//! game, unless the game came with a name of its own.

use super::pgn::Tags;
use crate::openings;
use hotseat_chess::Game;

/// The tag of the ECO code (`B90`).
pub const ECO_TAG: &str = "ECO";
/// The tag of the opening's name (`Sicilian Defense: Najdorf Variation`).
pub const OPENING_TAG: &str = "Opening";

/// Whose the opening tags of a game are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpeningTags {
    /// The game came with an `ECO` or `Opening` tag that the table did not give it
    /// (another naming, another author): they are kept as they are.
    Own,
    /// The tags are the table's name for the game, rewritten as it goes on: a new game,
    /// or a loaded one whose tags say what the table says (as a game saved here does).
    Table,
}

impl OpeningTags {
    /// Whose the tags of a game starting with `tags` are, before its moves are known:
    /// the game's own if it has any.
    pub(crate) fn of(tags: &Tags) -> OpeningTags {
        if tags.get(ECO_TAG).is_some() || tags.get(OPENING_TAG).is_some() {
            OpeningTags::Own
        } else {
            OpeningTags::Table
        }
    }

    /// Whose the tags of `game`, as loaded with `tags`, are: the table's when they
    /// say just what the table says of the game.
    #[must_use]
    pub(crate) fn settle(self, tags: &Tags, game: &Game) -> OpeningTags {
        let table = openings::classify(game);
        let agree = tags.get(ECO_TAG) == table.as_ref().map(openings::Opening::eco)
            && tags.get(OPENING_TAG) == table.as_ref().map(openings::Opening::name);
        if agree { OpeningTags::Table } else { self }
    }

    /// Writes the table's name for `game` into `tags` (or takes away a name it no
    /// longer has, after an undo), unless the tags are the game's own.
    pub(crate) fn write(self, tags: &mut Tags, game: &Game) {
        if self == OpeningTags::Own {
            return;
        }
        if let Some(opening) = openings::classify(game) {
            tags.set(ECO_TAG, opening.eco());
            tags.set(OPENING_TAG, opening.name());
        } else {
            tags.remove(ECO_TAG);
            tags.remove(OPENING_TAG);
        }
    }
}
