//! The command line: what can be asked for, parsed before the terminal is touched.

use clap::{Parser, Subcommand};

/// Chess for two people sharing one terminal.
#[derive(Debug, Parser)]
#[command(name = "hotseat", version, about, long_about = None)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Draw pieces as letters (for fonts and consoles without chess glyphs).
    #[arg(long)]
    pub ascii: bool,

    /// Board colours.
    #[arg(long, value_name = "NAME", default_value = "wood")]
    pub theme: String,

    /// Turn the board after every move so the side to move sits at the bottom.
    #[arg(long)]
    pub auto_flip: bool,

    /// Start from this position instead of the initial one.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["chess960"])]
    pub fen: Option<String>,

    /// Start a Chess960 game from position N (0-959), or a random one.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "random")]
    pub chess960: Option<String>,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (a move-generator test).
    Perft {
        /// How many plies deep to count.
        depth: u32,
        /// The position to count from (default: the initial position).
        #[arg(long, value_name = "FEN")]
        fen: Option<String>,
        /// Print the count below each legal move as `<uci>: <nodes>`.
        #[arg(long)]
        divide: bool,
    },
}

/// Parses the process arguments; on a bad argument clap prints one error and exits.
pub fn parse() -> Cli {
    Cli::parse()
}
