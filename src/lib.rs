//! hotseat: chess for two people sharing one terminal.
//!
//! The layers, from the bottom; each uses only those below it:
//!
//! - [`chess`]: the rules core, the crate `hotseat-chess` of this workspace (no terminal,
//!   no files, no time), re-exported here so that `hotseat::chess::...` names it.
//! - [`clock`]: chess clocks, on time handed in.
//! - [`openings`]: opening names, looked up by position in a table built into the crate.
//! - [`app`]: the game screen as a state machine: where the player is, the game's one
//!   history, and the effects it asks of the world outside (saving, copying).
//! - [`records`]: saved games: the PGN format, the files on disk, and the session that
//!   saves the game as it is played and opens one to play.
//! - [`library`]: the library screen as a state machine: the saved games listed
//!   (read by [`records::library`]), filtered, opened or deleted.
//! - [`review`]: the review of a game (evaluations, marked moves, accuracy), a pure model
//!   over the core; [`engine`]: the UCI engine that fills it, a child process on its own
//!   thread, above the records.
//!
//! With the default `tui` feature, two faces over the same `App`: the board, where
//! [`input`] turns keys into actions through one table per mode, [`ui`] draws an
//! `&App` and [`tui`] owns the terminal and runs the loop (with [`clipboard`] copying
//! through the terminal); and [`plain`], the same game in lines of plain text (screen
//! readers, braille displays, scripts). [`cli`] reads the command line, opens the game
//! and words its errors. Without the feature, the crate is the core and the floors above
//! it that know no terminal.

pub use hotseat_chess as chess;

pub mod app;
pub mod clock;
pub mod engine;
pub mod library;
pub mod openings;
pub mod records;
pub mod review;

#[cfg(feature = "tui")]
pub mod cli;
#[cfg(feature = "tui")]
pub mod clipboard;
#[cfg(feature = "tui")]
pub mod input;
#[cfg(feature = "tui")]
pub mod plain;
#[cfg(feature = "tui")]
pub mod tui;
#[cfg(feature = "tui")]
pub mod ui;
