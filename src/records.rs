//! Saved games, in one wing: the PGN format ([`pgn`]), the files on disk ([`store`]:
//! atomic saving, the autosave folder, the lock on an open game, finding the game to
//! resume) and the live session ([`Recorder`]: the game saved as it is played, and
//! opening a game to play).
//!
//! Nothing here talks to the player or names a command-line flag: the command line
//! asks its questions and words its errors at the edge (`cli`), and the app shows
//! what the recorder reports. Text that comes from a file is made safe to print with
//! [`printable`](crate::printable::printable) wherever it is quoted.

pub mod library;
mod opening_tags;
pub mod pgn;
mod reviewed;
mod session;
pub mod store;

pub use opening_tags::{ECO_TAG, OPENING_TAG};
pub use reviewed::{annotate, reviewed_pgn};

pub use session::{
    Destination, Farewell, OpenError, Recorder, Resumed, claim_save_file, clock_start, clocks, fresh_tags,
    load, loaded_line, player_names, read_games, refuse_losing_a_game, resume, turn_clock,
};
