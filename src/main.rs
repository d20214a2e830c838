//! The `hotseat` binary: parse arguments, then play or run a subcommand.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use hotseat::app::App;
use hotseat::chess::{Game, Position, perft, perft_divide};
use hotseat::cli::{self, Cli, Command};
use hotseat::tui;

fn main() -> ExitCode {
    let args = cli::parse();
    let result = match &args.command {
        Some(Command::Perft { depth, fen, divide }) => run_perft(*depth, fen.as_deref(), *divide),
        None => play(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("hotseat: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Plays a game on the terminal; errors are reported after the terminal is restored.
fn play(args: &Cli) -> Result<()> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        bail!("the game needs a terminal: standard input and output must not be redirected");
    }
    let look = args.look(|name| std::env::var(name).ok());
    let mut app = App::new(Game::from_position(args.start_position())).with_auto_flip(args.auto_flip);
    let mut session = tui::Session::start().context("cannot set up the terminal")?;
    let result = tui::run(session.terminal(), &mut tui::TerminalEvents, &mut app, &look, |_, _| {});
    drop(session);
    result?;
    Ok(())
}

#[allow(clippy::cast_precision_loss)] // only for the speed shown
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
