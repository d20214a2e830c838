//! hotseat: chess for two people sharing one terminal.
//!
//! [`chess`] is the rules core and stands on its own as a library. The other
//! modules build the terminal game on top of it and exist only with the default
//! `tui` feature.

pub mod chess;

#[cfg(feature = "tui")]
pub mod cli;
