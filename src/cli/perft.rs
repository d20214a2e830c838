//! `hotseat perft`: counting the positions a number of moves deep, to check the move
//! generator against the published counts.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result};

use hotseat_chess::{Position, perft, perft_divide};

/// Counts the positions `depth` half-moves deep from `fen` (or the start), each first
/// move's share too when `divide`, and says how fast on standard error.
pub fn run(depth: u32, fen: Option<&str>, divide: bool) -> Result<()> {
    let pos = match fen {
        Some(fen) => Position::from_fen(fen)
            .map_err(|err| anyhow::anyhow!("{}", err.in_fen(fen)))
            .with_context(|| format!("bad FEN {fen:?}"))?,
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
    // Integer arithmetic: no floating-point formatting in the program.
    let micros = start.elapsed().as_micros().max(1);
    let tenths = u128::from(total) * 10 / micros;
    eprintln!(
        "time: {}.{:03} s, {}.{} million nodes per second",
        micros / 1_000_000,
        micros / 1000 % 1000,
        tenths / 10,
        tenths % 10
    );
    Ok(())
}
