//! The `hotseat` binary: parse arguments, then play or run a subcommand.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use hotseat::app::{App, Effect, Message};
use hotseat::chess::{Position, perft, perft_divide};
use hotseat::cli::{self, Cli, Command};
use hotseat::engine::Limit;
use hotseat::library::{Action as LibraryAction, Library, Opening};
use hotseat::records::store::GameStore;
use hotseat::records::{self, Farewell, Recorder};
use hotseat::tui::Reviewer;
use hotseat::tui::library::Left;
use hotseat::{clipboard, plain, tui};

fn main() -> ExitCode {
    let args = cli::parse();
    let result = match &args.command {
        Some(Command::Perft { depth, fen, divide }) => {
            run_perft(*depth, fen.as_deref(), *divide).map(|()| ExitCode::SUCCESS)
        }
        Some(Command::Games) => games(&args),
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
    let mut app = game_screen(args, record, notice)?;
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
            &mut Outside::new(&mut recorder, false, args),
            args.announce,
        );
        (played.context("cannot play in plain text"), lines.stopped_by())
    } else {
        let mut session = tui::Session::start().context("cannot set up the terminal")?;
        let mut outside = Outside::new(&mut recorder, false, args);
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
    Ok(exit_code(signal))
}

fn exit_code(signal: Option<i32>) -> ExitCode {
    signal.map_or(ExitCode::SUCCESS, |signal| ExitCode::from((128 + signal) as u8))
}

/// The game screen for `record`, with its players and clocks: its own, going on where
/// they stopped (in the middle of a turn too), or the command line's.
fn game_screen(args: &Cli, record: records::pgn::PgnGame, notice: Option<String>) -> Result<App> {
    let (white, black) = records::player_names(&record.tags, args.white.as_deref(), args.black.as_deref());
    let controls = args.time_controls()?;
    let clocks = records::clocks(&record, controls).map(|(controls, times)| (controls, times.to_vec()));
    let left = records::turn_clock(&record).filter(|_| controls.is_none());
    // The command line's clocks start as it says; a record's own, as its tag says.
    let clock_start = if controls.is_some() { args.clock_start() } else { records::clock_start(&record) };
    let mut app = App::new(record.game)
        .with_annotations(record.annotations, record.trailing)
        .with_players(white, black)
        .with_auto_flip(args.auto_flip)
        .with_bell(args.bell)
        .with_random_chess960(args.chess960 == Some(cli::Chess960::Random));
    if let Some((controls, times)) = clocks {
        app = app.with_clocks_starting(&controls, clock_start, &times, Instant::now());
        if let Some(left) = left {
            app = app.with_time_left(left);
        }
    }
    if let Some(notice) = notice {
        app.notify(notice);
    }
    Ok(app)
}

/// `hotseat games`: the library of saved games, and the games opened from it, on one
/// terminal. Leaving a game comes back to the library; what each game left says is
/// printed once the terminal is back.
fn games(args: &Cli) -> Result<ExitCode> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        bail!(
            "the library needs a terminal (the saved games are .pgn files in the games folder of the data directory)"
        );
    }
    let store = GameStore::from_env()?;
    let look = args.look(|name| std::env::var(name).ok());
    let folder = records::printable(&store.dir().display().to_string(), usize::MAX).into_owned();
    let mut session = tui::Session::start().context("cannot set up the terminal")?;
    let (shelf, trouble) = cli::games::shelf(&store);
    let mut library = Library::new(shelf);
    if let Some(trouble) = trouble {
        library.update(LibraryAction::Report(trouble));
    }
    let mut said = Vec::new();
    let mut signal = None;
    while signal.is_none() {
        let left = session.library(&mut library, &folder, &look, |path| cli::games::delete(&store, path));
        let (path, how) = match left.map_err(anyhow::Error::from)? {
            Left::Quit => break,
            Left::Open(path, how) => (path, how),
        };
        let opened = cli::games::open_chosen(&store, &path, how).and_then(|opened| {
            let app = game_screen(args, opened.record, opened.notice)?;
            Ok((app, opened.recorder))
        });
        let (mut app, mut recorder) = match opened {
            Ok(opened) => opened,
            Err(err) => {
                let why = records::printable(&one_line(&err), usize::MAX).into_owned();
                library.update(LibraryAction::Report(Message::error(format!("Not opened: {why}"))));
                continue;
            }
        };
        let read_only = how == Opening::Browse;
        let mut outside = Outside::new(&mut recorder, read_only, args);
        let result = session.run(&mut app, &look, &mut outside);
        // The engine, if one is reviewing the game, ends before the library comes back.
        drop(outside);
        signal = session.stopped_by();
        let farewell = if read_only {
            format!("Closed {}; nothing was saved.", path.display())
        } else {
            recorder.finish(&app).to_string()
        };
        let farewell = records::printable(&farewell, usize::MAX).into_owned();
        said.push(farewell.clone());
        result?;
        let (shelf, trouble) = cli::games::shelf(&store);
        library = Library::new(shelf).with_message(trouble.unwrap_or_else(|| Message::info(farewell)));
    }
    // The events end on a signal too (SIGTERM, a hang-up): that is no quit.
    let signal = signal.or_else(|| session.stopped_by());
    drop(session);
    for line in said {
        let _ = writeln!(std::io::stdout(), "{line}");
    }
    Ok(exit_code(signal))
}

/// The world outside the game: the game saved as it is played, the clipboard, and the
/// engine reviewing the game.
struct Outside<'r> {
    recorder: &'r mut Recorder,
    /// A game opened to look through: nothing is saved, and the players are told so.
    read_only: bool,
    reviewer: Reviewer,
}

impl<'r> Outside<'r> {
    fn new(recorder: &'r mut Recorder, read_only: bool, args: &Cli) -> Outside<'r> {
        Outside { recorder, read_only, reviewer: Reviewer::new(args.engine.clone(), Limit::default()) }
    }
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
        if self.read_only && matches!(effect, Effect::Save | Effect::NewGame) {
            return Some(Message::info("Only looking through this game: nothing is saved."));
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
