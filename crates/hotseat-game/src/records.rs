//! Saved games, in one wing: the PGN format ([`pgn`]), the files on disk ([`store`]:
//! atomic saving, the autosave folder, the lock on an open game, finding the game to
//! resume), the games folder read for the library ([`shelf`]), and a game to play
//! from them ([`resume`], [`load`], [`claim_save_file`]...). It knows the rules core and
//! the clocks, never the game screen: the session's recorder (`session::Recorder`)
//! turns the app's game into a record and hands it here to be written.
//!
//! Nothing here talks to the player or names a command-line flag: the command line
//! asks its questions and words its errors at the edge (`cli`), and the app shows
//! what the recorder reports. Text that comes from a file is made safe to print with
//! [`printable`](crate::printable::printable) wherever it is quoted.

mod opening_tags;
pub mod pgn;
mod playing;
mod reviewed;
pub mod shelf;
pub mod store;

pub(crate) use opening_tags::OpeningTags;
pub use opening_tags::{ECO_TAG, OPENING_TAG};
pub use reviewed::{annotate, reviewed_pgn};

pub use playing::{
    Destination, OpenError, Resumed, claim_save_file, clock_start, clocks, fresh_tags, known_name, load,
    loaded_line, player_names, read_games, refuse_losing_a_game, resume, turn_clock,
};
