//! hotseat: chess for two people sharing one terminal.
//!
//! [`chess`] is the rules core and stands on its own as a library. [`pgn`] (game
//! records) and [`store`] (atomic saving, autosave, resume) keep games on disk,
//! without terminal code either. The other modules build the terminal game on top
//! and exist only with the default `tui` feature.

pub mod chess;
pub mod pgn;
pub mod store;

#[cfg(feature = "tui")]
pub mod cli;
