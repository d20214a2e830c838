//! The `hotseat` binary: parse arguments, then play or run a subcommand.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use hotseat::app::{App, Effect, Message};
use hotseat::chess::{Position, perft, perft_divide};
use hotseat::cli::{self, Cli, Command};
use hotseat::engine::Limit;
use hotseat::records::{self, Farewell, Recorder};
use hotseat::tui::Reviewer;
use hotseat::{clipboard, plain, tui};

fn main() -> ExitCode {
    let args = cli::parse();
    let result = match &args.command {
        Some(Command::Perft { depth, fen, divide }) => {
            run_perft(*depth, fen.as_deref(), *divide).map(|()| ExitCode::SUCCESS)
        }
        Some(Command::Analyse(analyse)) => cli::analyse::run(analyse),
        Some(Command::Completions { shell }) => {
            cli::write_completions(*shell, &mut std::io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        None => play(&args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // Errors quote files and paths; whatever slipped through unquoted is made
            // harmless here, the last step before the terminal.
            eprintln!("hotseat: {}", records::printable(&one_line(&err), usize::MAX));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes on one line, leaving out a cause whose words the line
/// already holds (many errors name their cause in their own message).
fn one_line(err: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if !line.contains(&text) {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&text);
        }
    }
    line
}

/// Plays a game on the terminal; errors are reported after the terminal is restored.
/// A game ended by a signal (SIGTERM, say) exits with status 128 plus its number.
fn play(args: &Cli) -> Result<ExitCode> {
    let cli::Opened { record, mut recorder, notice } = cli::open_game(args)?;
    // Without a terminal on both sides, the game is played in lines of text.
    let plain = args.plain || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal();
    let look = args.look(|name| std::env::var(name).ok());
    let (white, black) = records::player_names(&record.tags, args.white.as_deref(), args.black.as_deref());
    let controls = args.time_controls()?;
    let clocks = records::clocks(&record, controls).map(|(controls, times)| (controls, times.to_vec()));
    // The record's own clocks go on where they stopped, in the middle of a turn too.
    let left = records::turn_clock(&record).filter(|_| controls.is_none());
    // The command line's clocks start as it says; a record's own, as its tag says.
    let clock_start = if controls.is_some() { args.clock_start() } else { records::clock_start(&record) };
    let mut app = App::new(record.game)
        .with_annotations(record.annotations, record.trailing)
        .with_players(white, black)
        .with_auto_flip(args.auto_flip)
        .with_bell(args.bell);
    if let Some((controls, times)) = clocks {
        app = app.with_clocks_starting(&controls, clock_start, &times, Instant::now());
        if let Some(left) = left {
            app = app.with_time_left(left);
        }
    }
    if let Some(notice) = notice {
        app.notify(notice);
    }
    if let Some(message) = recorder.start(&app)? {
        app.update(hotseat::app::Action::Report(message));
    }
    let (result, signal) = if plain {
        let mut lines = plain::StdinLines::start().context("cannot read standard input")?;
        let mut out = std::io::stdout().lock();
        let played = plain::run(
            &mut app,
            &mut lines,
            &mut out,
            &mut Outside {
                recorder: &mut recorder,
                reviewer: Reviewer::new(args.engine.clone(), Limit::default()),
            },
            args.announce,
        );
        (played.context("cannot play in plain text"), lines.stopped_by())
    } else {
        let mut session = tui::Session::start().context("cannot set up the terminal")?;
        let mut outside = Outside {
            recorder: &mut recorder,
            reviewer: Reviewer::new(args.engine.clone(), Limit::default()),
        };
        let result = session.run(&mut app, &look, &mut outside);
        // The engine, if one is reviewing the game, ends before the terminal is given back.
        drop(outside);
        let signal = session.stopped_by();
        drop(session);
        (result.map_err(anyhow::Error::from), signal)
    };
    let farewell = recorder.finish(&app);
    if let Farewell::NotSaved { pgn, .. } = &farewell {
        print!("{pgn}");
        result?;
        bail!("{farewell} (the game is printed above)");
    }
    // A hung-up terminal cannot show it; the game is saved all the same.
    // It names a file, whose name may come from a folder anyone can write to.
    let _ = writeln!(std::io::stdout(), "{}", records::printable(&farewell.to_string(), usize::MAX));
    result?;
    Ok(signal.map_or(ExitCode::SUCCESS, |signal| ExitCode::from((128 + signal) as u8)))
}

/// The world outside the game: the game saved as it is played, the clipboard, and the
/// engine reviewing the game.
struct Outside<'r> {
    recorder: &'r mut Recorder,
    reviewer: Reviewer,
}

impl tui::Host for Outside<'_> {
    fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message> {
        if matches!(effect, Effect::Analyse | Effect::StopAnalysis | Effect::AnalyseNext(_)) {
            return self.reviewer.carry_out(app, effect);
        }
        if effect == Effect::Bell {
            // BEL, between frames: the terminal rings, or flashes, as it is set to.
            let mut out = std::io::stdout();
            let _ = out.write_all(b"\x07").and_then(|()| out.flush());
            return None;
        }
        let Effect::Copy(notation) = effect else {
            return self.recorder.carry_out(app, effect);
        };
        let text = self.recorder.text(app, notation);
        Some(match clipboard::copy(&mut std::io::stdout(), &text) {
            Ok(()) => Message::info(format!(
                "{} sent to the clipboard (through the terminal: OSC 52, which some terminals must allow).",
                notation.name()
            )),
            Err(err) => Message::error(format!("Cannot copy the {}: {err}.", notation.name())),
        })
    }

    fn pgn(&self, app: &App) -> Option<String> {
        Some(self.recorder.record(app).to_pgn())
    }

    fn busy(&self) -> bool {
        self.reviewer.busy()
    }

    fn poll(&mut self) -> Vec<hotseat::app::Action> {
        self.reviewer.poll()
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
