//! hotseat: chess for two people sharing one terminal.
//!
//! [`chess`] is the rules core and stands on its own as a library. [`app`] is the game
//! screen's state machine on top of it; it knows nothing of terminals either, nor do
//! [`records`] (saved games: the PGN format, the files, the game saved as it is
//! played) and [`clock`] (chess clocks). The other
//! modules put it on a terminal and exist only with the default `tui` feature.

pub mod app;
pub mod chess;
pub mod clock;
pub mod records;

#[cfg(feature = "tui")]
pub mod cli;
#[cfg(feature = "tui")]
pub mod clipboard;
#[cfg(feature = "tui")]
pub mod input;
#[cfg(feature = "tui")]
pub mod tui;
#[cfg(feature = "tui")]
pub mod ui;
