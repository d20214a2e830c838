//! `hotseat host`, `join`, `watch` and `relay`: one game on two terminals, on this
//! machine through the game's socket, or over SSH through `hotseat relay`.

use std::io::{Read, Write};
use std::process::{Child, ExitCode, Stdio};

use anyhow::{Context, Result, bail};
use hotseat_chess::Color;

use super::face::Faced;
use super::{GameOptions, LookOptions, Restored};
use crate::app::Action;
use crate::plain::Announce;
use crate::printable::printable;
use crate::remote::client::{AttachError, Link, ViewEffects, Viewer};
use crate::remote::host::Referee;
use crate::remote::protocol::{Coming, MAX_GAME, Report};
use crate::remote::socket::{self, Hosted};
use crate::remote::{strings, tokens};
use crate::session::computer::{self, Computer, Sides};
use crate::session::{Effects, Session, World};

/// `hotseat host`'s arguments: every option of a game, and `--as`.
#[derive(Debug, clap::Args)]
pub struct HostArgs {
    /// The side played here: white or black; the other seat is open to one player
    /// joining.
    #[arg(long = "as", value_name = "SIDE", value_parser = parse_side)]
    pub side: Option<Color>,

    /// The options of a game, as `hotseat` takes them.
    #[command(flatten)]
    pub game: GameOptions,
}

/// `hotseat join` and `hotseat watch`'s arguments.
#[derive(Debug, clap::Args)]
pub struct JoinArgs {
    /// The game (its save file's name without `.pgn`); needed only when several are
    /// hosted.
    pub name: Option<String>,

    /// Join a game hosted on another machine, through `ssh -T [USER@]HOST hotseat
    /// relay` (the command in `HOTSEAT_SSH` instead of `ssh` when it is set).
    #[arg(long, value_name = "[USER@]HOST")]
    pub ssh: Option<String>,

    /// Play in lines of plain text (also when standard input or output is not a
    /// terminal).
    #[arg(long, overrides_with = "no_plain")]
    pub plain: bool,

    /// The board, when the config file says plain (on a terminal).
    #[arg(long, overrides_with = "plain", hide = true)]
    pub no_plain: bool,

    /// How the board looks here.
    #[command(flatten)]
    pub look: LookOptions,
}

fn parse_side(name: &str) -> Result<Color, String> {
    match name {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err("--as takes white or black".to_owned()),
    }
}

fn runtime_dir() -> Result<std::path::PathBuf> {
    Ok(socket::runtime_dir(|name| std::env::var_os(name))?)
}

/// `hotseat host`: the game as `hotseat` plays it, with the other seat open to a
/// player joining from another terminal, and to spectators; or, with `--computer
/// SIDE`, that seat the engine's, the others watching.
pub fn host(args: &HostArgs) -> Result<ExitCode> {
    let (asked, game_args) = (args.side, &args.game);
    let side = match (game_args.computer(), asked) {
        (None, side) => side.unwrap_or(Color::White),
        (Some(Sides::Both), _) => bail!("{}", strings::HOST_COMPUTER_BOTH),
        (Some(engine), side) => {
            let engine = if engine == Sides::White { Color::White } else { Color::Black };
            if side == Some(engine) {
                bail!("{}", strings::host_computer_here(engine.name()));
            }
            !engine
        }
    };
    let super::Opened { record, mut recorder, notice } = super::open_game(game_args)?;
    // A resumed game the engine played one seat of: the engine takes that seat again
    // (the side played here is the other one), unless --as names it.
    let engine_seat = match computer::played(&record.tags) {
        Some((Sides::White, _)) => Some(Color::White),
        Some((Sides::Black, _)) => Some(Color::Black),
        _ => None,
    }
    .filter(|&seat| game_args.resume && game_args.computer().is_none() && asked != Some(seat));
    let restored = super::restore_computer(game_args, &record, &mut recorder, engine_seat.is_some());
    let (back, said) = match restored {
        Restored::Back(computer) => (Some(*computer), None),
        Restored::TwoPlayers(line) => (None, Some(line)),
        Restored::Nothing => (None, None),
    };
    let side = match (&back, engine_seat) {
        (Some(_), Some(seat)) => !seat,
        _ => side,
    };
    let look = game_args.look(|name| std::env::var(name).ok());
    let app = super::game_screen(game_args, record, notice)?
        .with_flipped(side == Color::Black)
        .with_takeback_by_consent(true);
    // The engine at the board, and the coach, before the terminal is touched.
    let (mut app, computer) = match back {
        Some(computer) => (app, Some(computer)),
        None => super::start_computer(game_args, app)?,
    };
    let strength = computer.as_ref().map_or_else(|| game_args.strength(), Computer::strength);
    let coach = super::start_coach(game_args, &app, &mut recorder)?;
    if let Some(message) = recorder.start(&app)? {
        app.update(Action::Report(message));
    }
    let name = recorder.path().map_or_else(|| "game".to_owned(), socket::game_name);
    // A game too big to send to another terminal is refused before anyone comes.
    let too_big = {
        let world = World::new(&mut recorder, false, None);
        let game = Report::Game { asked: None, pgn: world.pgn(&app).unwrap_or_default() };
        Some(game.to_string().len()).filter(|&bytes| bytes > MAX_GAME)
    };
    let hosted = match too_big {
        Some(bytes) => Err(anyhow::anyhow!("{}", strings::game_too_big(bytes, MAX_GAME))),
        None => runtime_dir().and_then(|dir| Ok(Hosted::open(&dir, &name)?)),
    };
    let hosted = match hosted {
        Ok(hosted) => hosted,
        Err(err) => {
            // The game file made at the start goes, as for any game left unplayed.
            let _ = recorder.finish(&app);
            return Err(err);
        }
    };
    let how = if computer.is_some() {
        strings::how_to_watch(&name, (!side).name())
    } else {
        strings::how_to_join(&name, (!side).name())
    };
    // What became of the engine of a resumed game comes first.
    app.notify(match said {
        Some(said) => format!("{said} {how}"),
        None => how,
    });
    let mut face = Faced::start(game_args.plain)?;
    let mut referee = Referee::start(hosted, !side, face.waker())?;
    let mut world = World::new(&mut recorder, false, game_args.engine.clone());
    let mut session = Session::new(&mut app, &mut world)
        .with_engine(game_args.engine.clone(), strength)
        .with_computer(computer)
        .with_waker(face.waker())
        .with_coach(coach)
        .with_elsewhere(&mut referee);
    let result = face.play(&mut session, &look, game_args.announce);
    // The engines end before the terminal is given back.
    drop(session);
    drop(world);
    let farewells = referee.close();
    let signal = face.stopped_by();
    drop(face);
    let farewell = recorder.finish(&app);
    farewells.end(&without_home(&farewell.to_string(), std::env::var_os("HOME").as_deref()));
    super::say_farewell(&farewell, result, signal)
}

/// `hotseat join` (`coming` to play) and `hotseat watch`: a view of a hosted game,
/// here or over SSH.
pub fn join(args: &JoinArgs, coming: Coming) -> Result<ExitCode> {
    // Under a forced command in authorized_keys, `ssh HOST hotseat relay NAME` (what
    // `join --ssh` runs) relays; any other command is refused, never run.
    if let Some(asked) = std::env::var_os("SSH_ORIGINAL_COMMAND") {
        let asked = asked.to_string_lossy().into_owned();
        return match relay_asked(&asked) {
            Some(name) => relay(name.as_deref()),
            None => bail!("{}", strings::only_relay(&asked)),
        };
    }
    let dir = runtime_dir()?;
    let (link, child, key) = if let Some(destination) = &args.ssh {
        let (link, child) = ssh_link(destination, args.name.as_deref())?;
        (link, Some(child), tokens::over_ssh(destination, args.name.as_deref()))
    } else {
        let (stream, name) = socket::connect(&dir, args.name.as_deref())?;
        (socket_link(stream)?, None, tokens::here(&name))
    };
    // A player coming back presents the seat's token, to have its seat back.
    let token = if coming == Coming::Play { tokens::load(&dir, &key) } else { None };
    let attached = Viewer::attach(link, coming, token);
    let (mut viewer, mut app) = match attached {
        Ok(attached) => attached,
        Err(why) => {
            // The link ended before the game began: ssh says why, if it was ssh.
            let lost = why.is_link_lost();
            let said = child.map(|child| child.ended(why == AttachError::Gone)).filter(|_| lost);
            match said {
                Some(said) => bail!("{}", strings::ssh_ended(&said)),
                None => bail!("{why}"),
            }
        }
    };
    if let Some(token) = viewer.token() {
        // Kept first, so a player who is away is one who can come back.
        let _ = tokens::keep(&dir, &key, token);
    }
    viewer.ready();
    let name = args.name.clone().unwrap_or_else(|| "the game".to_owned());
    app.notify(strings::view_of(viewer.seat().map_or("a spectator", Color::name), &name));
    let look = args.look.to_look(|name| std::env::var(name).ok());
    let mut face = Faced::start(args.plain)?;
    viewer.wake_with(face.waker());
    let mut effects = ViewEffects;
    let mut session = Session::new(&mut app, &mut effects).with_elsewhere(&mut viewer);
    let announce = Announce::named("words").unwrap_or_default();
    let result = face.play(&mut session, &look, announce);
    drop(session);
    let signal = face.stopped_by();
    drop(face);
    if viewer.ended_by_host() {
        // The host ended the game: the token is no use any more.
        tokens::forget(&dir, &key);
    }
    let farewell = viewer.leave();
    if let Some(child) = child {
        child.end();
    }
    let _ = writeln!(std::io::stdout(), "{}", printable(&farewell, usize::MAX));
    result?;
    Ok(super::exit_code(signal))
}

/// The game named in a command `ssh` passed on: `hotseat relay [NAME]`, exactly.
pub fn relay_asked(command: &str) -> Option<Option<String>> {
    let words: Vec<&str> = command.split(' ').collect();
    match words[..] {
        ["hotseat", "relay"] => Some(None),
        ["hotseat", "relay", name] if socket::checked_name(name).is_ok() => Some(Some(name.to_owned())),
        _ => None,
    }
}

fn socket_link(stream: std::os::unix::net::UnixStream) -> Result<Link> {
    let write = stream.try_clone()?;
    let shut = stream.try_clone()?;
    Ok(Link {
        read: Box::new(stream),
        write: Box::new(write),
        shut: Box::new(move || {
            let _ = shut.shutdown(std::net::Shutdown::Both);
        }),
    })
}

/// The words of a command held in a variable, split as a shell would split plain
/// words and quoted ones (as git splits `GIT_SSH_COMMAND`); `None` when a quote is
/// left open.
pub fn split_command(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => word.push(c),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => word.push(chars.next()?),
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.push(chars.next()?);
            }
            c if c.is_whitespace() => {
                if std::mem::take(&mut in_word) {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

/// The `ssh` of `join --ssh`, and the last line it wrote on its standard error: what
/// it (or the host's `hotseat relay`) said when the link fails.
struct SshChild {
    child: Child,
    said: std::sync::Arc<std::sync::Mutex<Option<String>>>,
    reading: Option<std::thread::JoinHandle<()>>,
}

impl SshChild {
    /// How long ssh may take to end by itself once its link is lost.
    const ENDING: std::time::Duration = std::time::Duration::from_secs(5);

    /// Why ssh ended, in its own words: the last line it wrote, or its exit status;
    /// after waiting a moment for it to end by itself when `wait`.
    fn ended(mut self, wait: bool) -> String {
        let status =
            if wait { self.exit_within(SshChild::ENDING) } else { self.child.try_wait().ok().flatten() };
        if status.is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        if let Some(reading) = self.reading.take() {
            let _ = reading.join();
        }
        let said = self.said.lock().ok().and_then(|mut said| said.take());
        said.unwrap_or_else(|| {
            strings::ssh_status(
                status.and_then(|s| s.code()),
                status.and_then(|s| std::os::unix::process::ExitStatusExt::signal(&s)),
            )
        })
    }

    /// ssh's exit status if it ends within `time`: a thread watches for its end without
    /// reaping it (`waitid` with `WNOWAIT`), so that the child stays ours to kill after.
    fn exit_within(&mut self, time: std::time::Duration) -> Option<std::process::ExitStatus> {
        use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};
        if let Ok(Some(status)) = self.child.try_wait() {
            return Some(status);
        }
        let pid = Pid::from_raw(i32::try_from(self.child.id()).ok()?)?;
        let (ended, ending) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            while matches!(
                waitid(WaitId::Pid(pid), WaitIdOptions::EXITED | WaitIdOptions::NOWAIT),
                Err(rustix::io::Errno::INTR)
            ) {}
            let _ = ended.send(());
        });
        let _ = ending.recv_timeout(time);
        self.child.try_wait().ok().flatten()
    }

    /// Ends ssh, the game over.
    fn end(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads what ssh writes on its standard error, keeping its last line (bounded,
/// printable); the rest goes nowhere: the terminal is the game's.
fn keep_last_line(
    from: impl Read + Send + 'static,
    said: std::sync::Arc<std::sync::Mutex<Option<String>>>,
) -> Option<std::thread::JoinHandle<()>> {
    let reading = move || {
        let mut lines = std::io::BufReader::new(from);
        let mut line = Vec::new();
        loop {
            line.clear();
            match std::io::BufRead::read_until(&mut (&mut lines).take(4096), b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let text = String::from_utf8_lossy(&line);
            let text = printable(text.trim(), 300);
            if !text.is_empty()
                && let Ok(mut said) = said.lock()
            {
                *said = Some(text.into_owned());
            }
        }
    };
    std::thread::Builder::new().name("ssh-stderr".to_owned()).spawn(reading).ok()
}

/// `ssh -T DESTINATION hotseat relay [NAME]` as a child, its standard input and
/// output the link.
fn ssh_link(destination: &str, name: Option<&str>) -> Result<(Link, SshChild)> {
    if destination.starts_with('-') {
        bail!("{}", strings::bad_destination(destination));
    }
    if let Some(name) = name {
        socket::checked_name(name)?;
    }
    let ssh = std::env::var("HOTSEAT_SSH").ok().filter(|s| !s.trim().is_empty());
    let mut words = match ssh {
        Some(command) => {
            split_command(&command).filter(|w| !w.is_empty()).context("HOTSEAT_SSH: a quote is left open")?
        }
        None => vec!["ssh".to_owned()],
    };
    let program = words.remove(0);
    let mut command = std::process::Command::new(&program);
    command.args(words).arg("-T").arg("--").arg(destination).arg("hotseat").arg("relay");
    if let Some(name) = name {
        command.arg(name);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run {}", printable(&program, 60)))?;
    let (Some(write), Some(read), Some(errors)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        bail!("cannot talk to {}", printable(&program, 60));
    };
    let said = std::sync::Arc::new(std::sync::Mutex::new(None));
    let reading = keep_last_line(errors, std::sync::Arc::clone(&said));
    let pid = child.id();
    let link = Link {
        read: Box::new(read),
        write: Box::new(write),
        shut: Box::new(move || {
            if let Some(pid) = rustix::process::Pid::from_raw(pid.cast_signed()) {
                let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
            }
        }),
    };
    Ok((link, SshChild { child, said, reading }))
}

/// `text` with the user's home folder (`home`) written `~`: what the players elsewhere
/// are told of where the game was saved, without the host's home folder.
pub fn without_home(text: &str, home: Option<&std::ffi::OsStr>) -> String {
    let home = home.and_then(|home| home.to_str()).map(|home| home.trim_end_matches('/'));
    match home {
        Some(home) if home.starts_with('/') => text.replace(&format!("{home}/"), "~/"),
        _ => text.to_owned(),
    }
}

/// `hotseat relay [NAME]`: this process's standard input and output joined to the
/// hosted game's socket, for `join --ssh` at the other end of an SSH connection.
pub fn relay(name: Option<&str>) -> Result<ExitCode> {
    let (stream, _) = socket::connect(&runtime_dir()?, name)?;
    let mut to_game = stream.try_clone()?;
    let mut from_game = stream.try_clone()?;
    let ended = stream;
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut std::io::stdin().lock(), &mut to_game);
        let _ = to_game.shutdown(std::net::Shutdown::Write);
    });
    let mut out = std::io::stdout().lock();
    let copied = copy_flushing(&mut from_game, &mut out);
    let _ = ended.shutdown(std::net::Shutdown::Both);
    copied.context("the connection to the game broke")?;
    Ok(ExitCode::SUCCESS)
}

/// Copies until the end, flushing after every read: a line must not wait in a buffer.
fn copy_flushing(from: &mut impl Read, to: &mut impl Write) -> std::io::Result<()> {
    let mut buf = [0u8; 16 * 1024];
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        to.write_all(&buf[..n])?;
        to.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forced_command_relays_exactly_and_nothing_else() {
        assert_eq!(relay_asked("hotseat relay"), Some(None));
        assert_eq!(relay_asked("hotseat relay friday"), Some(Some("friday".to_owned())));
        for refused in [
            "",
            "bash",
            "hotseat relay friday; rm -rf ~",
            "hotseat relay ../x",
            "hotseat  relay",
            "hotseat relay a b",
            "hotseat join",
            "/usr/bin/hotseat relay",
            "hotseat relay $(id)",
        ] {
            assert_eq!(relay_asked(refused), None, "{refused:?}");
        }
    }

    #[test]
    fn hotseat_ssh_is_split_like_git_ssh_command() {
        assert_eq!(
            split_command("ssh -F '/tmp/my dir/config' -p 2222").expect("closed"),
            ["ssh", "-F", "/tmp/my dir/config", "-p", "2222"]
        );
        assert_eq!(split_command("\"a b\"\\ c").expect("closed"), ["a b c"]);
        assert_eq!(split_command("ssh 'open"), None);
    }

    #[test]
    fn the_players_elsewhere_are_told_where_the_game_is_without_the_hosts_home() {
        let home = Some(std::ffi::OsStr::new("/home/anna"));
        assert_eq!(
            without_home("Game saved to /home/anna/.local/share/hotseat/games/x.pgn", home),
            "Game saved to ~/.local/share/hotseat/games/x.pgn"
        );
        assert_eq!(
            without_home("Game saved to /home/annabel/x.pgn", home),
            "Game saved to /home/annabel/x.pgn"
        );
        assert_eq!(
            without_home("Game saved to /srv/x.pgn", Some(std::ffi::OsStr::new("/"))),
            "Game saved to /srv/x.pgn"
        );
        assert_eq!(without_home("Game saved to /srv/x.pgn", None), "Game saved to /srv/x.pgn");
    }
}
