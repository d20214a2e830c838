//! The `hotseat` binary: parse arguments, then play or run a subcommand.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use hotseat::chess::{Position, perft, perft_divide};
use hotseat::cli::{self, Command};

fn main() -> ExitCode {
    let args = cli::parse();
    let result = match args.command {
        Some(Command::Perft { depth, fen, divide }) => run_perft(depth, fen.as_deref(), divide),
        None => Err(anyhow::anyhow!("the game screen is not built yet")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("hotseat: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run_perft(depth: u32, fen: Option<&str>, divide: bool) -> Result<()> {
    let pos = match fen {
        Some(fen) => Position::from_fen(fen).with_context(|| format!("bad FEN {fen:?}"))?,
        None => Position::startpos(),
    };
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let total = if divide {
        let mut total = 0;
        for (m, nodes) in perft_divide(&pos, depth) {
            writeln!(out, "{}: {nodes}", pos.uci(m))?;
            total += nodes;
        }
        writeln!(out)?;
        total
    } else {
        perft(&pos, depth)
    };
    writeln!(out, "Nodes searched: {total}")?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!("time: {secs:.3} s, {:.1} million nodes per second", total as f64 / secs.max(1e-9) / 1e6);
    Ok(())
}
