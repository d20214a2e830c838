//! The `hotseat` binary: parse the arguments, open the game, pick a face, say where
//! the game is on the way out; or run a subcommand.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};
use hotseat::app::Action;
use hotseat::cli::{self, Command, GameOptions};
use hotseat::printable::printable;
use hotseat::session::computer::Computer;
use hotseat::session::{Session, World};
use hotseat::tui;

fn main() -> ExitCode {
    let args = cli::parse();
    let result = match &args.command {
        Some(Command::Perft { depth, fen, divide }) => {
            cli::perft::run(*depth, fen.as_deref(), *divide).map(|()| ExitCode::SUCCESS)
        }
        Some(Command::Games(library)) => games(library),
        Some(Command::Analyse(analyse)) => cli::analyse::run(analyse),
        Some(Command::Completions { shell }) => {
            cli::write_completions(*shell, &mut std::io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Man { command }) => cli::man::run(command.as_deref(), &mut std::io::stdout()),
        Some(Command::Config(config)) => cli::config::run(config, &mut std::io::stdout()),
        #[cfg(unix)]
        Some(Command::Host(host)) => cli::remote::host(host),
        #[cfg(unix)]
        Some(Command::Join(join)) => cli::remote::join(join, hotseat::remote::protocol::Coming::Play),
        #[cfg(unix)]
        Some(Command::Watch(watch)) => cli::remote::join(watch, hotseat::remote::protocol::Coming::Watch),
        #[cfg(unix)]
        Some(Command::Relay { name }) => cli::remote::relay(name.as_deref()),
        None => play(&args.game),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // Errors quote files and paths; whatever slipped through unquoted is made
            // harmless here, the last step before the terminal.
            // Never a panic, even with the terminal gone.
            let _ = writeln!(std::io::stderr(), "hotseat: {}", printable(&cli::one_line(&err), usize::MAX));
            ExitCode::FAILURE
        }
    }
}

/// Plays a game on the terminal; errors are reported after the terminal is restored.
/// A game ended by a signal (SIGTERM, say) exits with status 128 plus its number.
fn play(args: &GameOptions) -> Result<ExitCode> {
    let cli::Opened { record, mut recorder, notice } = cli::open_game(args)?;
    let look = args.look(|name| std::env::var(name).ok());
    // The engine that played a resumed game, back for its sides, or the line that says
    // it is not; else the engine at the board if one is asked for: all before the
    // terminal is touched.
    let restored = cli::restore_computer(args, &record, &mut recorder, args.resume);
    let notice = restored.notice(notice);
    let app = cli::game_screen(args, record, notice)?;
    let (mut app, computer) = match restored {
        cli::Restored::Back(computer) => (app, Some(*computer)),
        _ => cli::start_computer(args, app)?,
    };
    // A side handed to the engine later is played at the strength of the one here.
    let strength = computer.as_ref().map_or_else(|| args.strength(), Computer::strength);
    let coach = cli::start_coach(args, &app, &mut recorder)?;
    if let Some(message) = recorder.start(&app)? {
        app.update(Action::Report(message));
    }
    let mut face = cli::face::Faced::start(args.plain)?;
    let mut world = World::new(&mut recorder, false, args.engine.clone());
    let mut session = Session::new(&mut app, &mut world)
        .with_engine(args.engine.clone(), strength)
        .with_computer(computer)
        .with_waker(face.waker())
        .with_coach(coach);
    let result = face.play(&mut session, &look, args.announce);
    // The engines end before the terminal is given back.
    drop(session);
    drop(world);
    let signal = face.stopped_by();
    drop(face);
    let farewell = recorder.finish(&app);
    cli::say_farewell(&farewell, result, signal)
}

/// `hotseat games`: the library of saved games, and the games opened from it, on one
/// terminal; what each game left says is printed once the terminal is back.
fn games(args: &cli::games::LibraryOptions) -> Result<ExitCode> {
    let mut games = cli::games::Games::open(args)?;
    let look = args.look.to_look(|name| std::env::var(name).ok());
    let mut screen = tui::Screen::start().context("cannot set up the terminal")?;
    let folder = games.folder();
    let said = screen.games(&mut games, &folder, &look);
    // The events end on a signal too (SIGTERM, a hang-up): that is no quit.
    let signal = screen.stopped_by();
    drop(screen);
    for line in said? {
        let _ = writeln!(std::io::stdout(), "{line}");
    }
    Ok(cli::exit_code(signal))
}
