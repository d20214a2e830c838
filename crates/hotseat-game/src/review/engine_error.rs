//! Why an engine could not review a game, as a value: the engine's wing produces it,
//! the app keeps it in the review's state, and the edge words it. It stands here, below
//! both, so that the app can hold it without knowing the engine.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::printable::printable;

/// The environment variable naming the engine to use. Beside the error because the
/// advice for a missing engine names it too.
pub const ENGINE_VARIABLE: &str = "HOTSEAT_ENGINE";

/// Why an engine cannot be used; [`fmt::Display`] gives a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// No engine where one was looked for (the places, in order).
    NotFound {
        /// The places looked in, in order.
        tried: Vec<PathBuf>,
    },
    /// The engine could not be started.
    Spawn {
        /// The program.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// The engine did not answer in time: what was waited for.
    Timeout(&'static str),
    /// The engine ended before it was asked to.
    Exited,
    /// The engine said something that makes no sense (cleaned for printing).
    Garbage(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::NotFound { tried } => {
                let tried: Vec<String> = tried.iter().map(|p| quoted(p)).collect();
                // What to do about it (install one, name one) is for the edge to say.
                write!(f, "No chess engine found")?;
                if !tried.is_empty() {
                    write!(f, " (looked for {})", tried.join(", "))?;
                }
                f.write_str(".")
            }
            EngineError::Spawn { path, reason } => {
                write!(f, "Cannot start the engine {}: {}.", quoted(path), printable(reason, 200))
            }
            EngineError::Timeout(what) => {
                write!(f, "The engine did not answer in time (waiting for {what}).")
            }
            EngineError::Exited => write!(f, "The engine stopped unexpectedly."),
            EngineError::Garbage(line) => write!(f, "The engine said something unexpected: {line}."),
        }
    }
}

impl std::error::Error for EngineError {}

fn quoted(path: &Path) -> String {
    format!("{:?}", printable(&path.to_string_lossy(), 200))
}
