//! Hostile peers, third round (issue 31): the seat belongs to its player, deadlines
//! hold, a flood cannot freeze the host, one host per name, failures say why, exit
//! statuses are true, and no engine outlives hotseat. Real processes meet where two
//! meet; hostile clients speak the protocol raw on the game's socket.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::common::TempDir;
use crate::common::fake_engine::{FakeScript, fake_engine, fake_pid, is_running};
use crate::common::pty::{PATIENCE, Pty};
use crate::remote::{Place, kill_hard, raw_client, type_move};

const BINARY: &str = env!("CARGO_BIN_EXE_hotseat");

/// A folder of sockets elsewhere, private as hotseat wants it, where the game's socket
/// is found through a link: a `hotseat join` from there has none of the player's
/// tokens, as one started by someone else would not.
fn elsewhere(place: &Place, name: &str) -> TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new(&format!("peers-elsewhere-{name}"));
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).expect("chmod");
    let socket = place.socket();
    std::os::unix::fs::symlink(&socket, dir.path().join(socket.file_name().expect("a name")))
        .expect("a link");
    dir
}

/// The lines a raw client reads, on a thread of its own, as they come.
struct Heard(std::sync::mpsc::Receiver<String>);

impl Heard {
    fn of(stream: &UnixStream) -> Heard {
        let reading = stream.try_clone().expect("a clone");
        let (send, lines) = std::sync::mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(reading).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Heard(lines)
    }

    /// Reads until a line that starts with `start`, and returns it.
    fn until(&self, start: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.0.recv_timeout(left).unwrap_or_else(|_| panic!("never heard {start:?}"));
            if line.starts_with(start) {
                return line;
            }
        }
    }
}

#[test]
fn clients_gone_after_their_hello_leave_the_seat_to_the_real_player_who_keeps_it_and_has_it_back() {
    let place = Place::new("vanish");
    let mut white = place.host(&["--clock", "5+0", "--clock-start", "white"]);
    // Each says it comes to play, and is gone at once: 200 times, at a pace the host
    // takes connections at.
    for _ in 0..200 {
        let mut client = UnixStream::connect(place.socket()).expect("the socket answers");
        let _ = client.write_all(b"hello hotseat 3 play\n");
        drop(client);
        thread::sleep(Duration::from_millis(25));
    }
    // The real player is seated, as Black.
    let mut black = place.view("join", "as Black");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    // It goes without a word: its seat is kept, its clock stopped.
    kill_hard(&mut black);
    white.wait_for("the seat is kept for them");
    white.wait_for("clocks paused");
    // Someone else comes to play meanwhile: it watches, and both screens say why.
    let other = elsewhere(&place, "vanish");
    let [data, _] = place.env();
    let mut stranger = Pty::start(&["join"], None, &[data, ("HOTSEAT_RUNTIME_DIR", other.path())]);
    stranger.wait_for("kept for its player");
    assert!(stranger.contents().contains("you watch"), "{}", stranger.contents());
    white.wait_for("Someone came to play Black");
    type_move(&mut stranger, "e5");
    stranger.wait_for("You are watching");
    // The player comes back from where it played: its seat again, and it plays on.
    let mut again = place.view("join", "as Black");
    again.wait_for("1. e4");
    type_move(&mut again, "e5");
    white.wait_for("e5");
    place.wait_saved(&["e4", "e5"]);
    white.quit();
    assert!(again.wait_for_exit().success());
    assert!(stranger.wait_for_exit().success());
    assert_eq!(place.saved_moves(), ["e4", "e5"]);
}

/// Connects, says `first` at once, then trickles `then` a byte every `every`: how long
/// until the host closed the connection, and the last line it said.
fn trickle(
    socket: PathBuf,
    first: &'static [u8],
    then: &'static [u8],
    every: Duration,
) -> (Duration, String) {
    let mut stream = UnixStream::connect(socket).expect("the socket answers");
    let start = Instant::now();
    let reading = stream.try_clone().expect("a clone");
    let (closed, gone) = std::sync::mpsc::channel();
    thread::spawn(move || {
        let said: Vec<String> = BufReader::new(reading).lines().map_while(Result::ok).collect();
        let _ = closed.send((start.elapsed(), said.last().cloned().unwrap_or_default()));
    });
    let _ = stream.write_all(first);
    for byte in then.iter().cycle() {
        if start.elapsed() > Duration::from_secs(60) || stream.write_all(&[*byte]).is_err() {
            break;
        }
        // The next byte after `every`, unless the host closes the connection first.
        if let Ok(ended) = gone.recv_timeout(every) {
            return ended;
        }
    }
    gone.recv().expect("read to the end")
}

/// Run from `main.rs`, so that it starts first (see there).
pub fn a_connection_trickling_a_byte_every_three_seconds_is_closed_within_twelve() {
    let place = Place::new("trickle");
    let mut white = place.host(&[]);
    let every = Duration::from_secs(3);
    // Before its hello, and after it in the middle of a line: both trickled at once.
    let before = {
        let socket = place.socket();
        thread::spawn(move || trickle(socket, b"", b"hello hotseat 3 watch\n", every))
    };
    let after = {
        let socket = place.socket();
        thread::spawn(move || trickle(socket, b"hello hotseat 3 watch\n", b"say is anyone there\n", every))
    };
    let (before, said_before) = before.join().expect("trickled");
    let (after, said_after) = after.join().expect("trickled");
    assert!(before < Duration::from_secs(12), "closed after {before:?}");
    assert!(said_before.contains("no hello in time"), "{said_before}");
    assert!(after < Duration::from_secs(12), "closed after {after:?}");
    assert!(said_after.contains("took too long"), "{said_after}");
    // Neither was let go before its deadline.
    assert!(before >= Duration::from_secs(9) && after >= Duration::from_secs(9), "{before:?} {after:?}");
    type_move(&mut white, "e4");
    white.wait_for("1. e4");
    white.quit();
}

#[test]
fn quiet_spectators_and_silent_connections_do_not_keep_the_player_out() {
    let place = Place::new("full");
    let mut white = place.host(&[]);
    // Sixteen say they watch, and say nothing more (nor read): fifteen are let in, the
    // sixteenth told there are too many; the player's place is kept.
    let watchers: Vec<UnixStream> = (0..16)
        .map(|_| {
            let mut stream = raw_client(&place);
            stream.write_all(b"hello hotseat 3 watch\n").expect("sent");
            stream
        })
        .collect();
    white.wait_for("15 spectators are watching");
    // Sixteen more connect and say nothing at all.
    let silent: Vec<UnixStream> = (0..16).map(|_| raw_client(&place)).collect();
    let mut black = place.view("join", "as Black");
    type_move(&mut white, "d4");
    black.wait_for("1. d4");
    type_move(&mut black, "d5");
    white.wait_for("d5");
    place.wait_saved(&["d4", "d5"]);
    drop((watchers, silent));
    white.quit();
    assert!(black.wait_for_exit().success());
}

/// A resident set size in kilobytes, from `/proc`.
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = status.lines().find_map(|line| line.strip_prefix("VmRSS:")).unwrap_or("0 kB");
    field.trim().trim_end_matches("kB").trim().parse().unwrap_or(0)
}

fn threads(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = status.lines().find_map(|line| line.strip_prefix("Threads:")).unwrap_or("0");
    field.trim().parse().unwrap_or(0)
}

#[test]
fn a_flood_of_short_connections_with_chat_neither_freezes_the_host_nor_stays_in_it() {
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    let place = Place::new("flood");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "as Black");
    let host = white.child.process_id().expect("a pid");
    let socket = place.socket();
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let made = std::sync::Arc::new(AtomicU32::new(0));
    let flooding = {
        let (stop, made) = (std::sync::Arc::clone(&stop), std::sync::Arc::clone(&made));
        thread::spawn(move || {
            while !stop.load(Ordering::SeqCst) {
                if let Ok(mut stream) = UnixStream::connect(&socket) {
                    let _ = stream.write_all(b"hello hotseat 3 watch\nsay flood flood flood\n");
                    made.fetch_add(1, Ordering::SeqCst);
                }
            }
        })
    };
    // The flood is well under way before the first move (however loaded the machine),
    // and goes on through the game.
    let deadline = Instant::now() + PATIENCE;
    while made.load(Ordering::SeqCst) < 1000 {
        assert!(Instant::now() < deadline, "only {} connections made", made.load(Ordering::SeqCst));
        thread::sleep(Duration::from_millis(20));
    }
    // The game goes on under it: every move typed is played and drawn on both boards.
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
    for (ply, san) in moves.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 { (&mut white, &mut black) } else { (&mut black, &mut white) };
        type_move(mover, san);
        let next = if ply % 2 == 0 { "Black to move" } else { "White to move" };
        mover.wait_for(next);
        other.wait_for(next);
        place.wait_saved(&moves[..=ply]);
    }
    let during = rss_kb(host);
    stop.store(true, Ordering::SeqCst);
    flooding.join().expect("flooded");
    // Nothing of the flood stays: its threads end within their deadlines.
    let deadline = Instant::now() + PATIENCE;
    while threads(host) > 16 {
        assert!(Instant::now() < deadline, "{} threads left", threads(host));
        thread::sleep(Duration::from_millis(100));
    }
    // A debug build is far larger than the release the manual measures.
    assert!(during < 96 * 1024, "{during} kB during the flood");
    white.quit();
    assert!(black.wait_for_exit().success());
}

#[test]
fn a_player_that_stops_reading_is_dropped_its_seat_kept_and_the_game_goes_on() {
    let place = Place::new("deaf-player");
    let dir = TempDir::new("peers-deaf-player");
    // A game of nearly the most that crosses the wire: each `sync` sends it whole.
    let game = dir.path().join("long.pgn");
    let comment = "a long thought ".repeat(60_000);
    std::fs::write(&game, format!("[Event \"long\"]\n\n1. e4 {{{comment}}} *\n")).expect("written");
    let game = game.to_string_lossy().into_owned();
    let mut white = place.host(&["--pgn", &game]);
    // Black says it is there, asks for the game again and again, and reads none of it.
    // Nothing is saved before a move, so the game is hosted under the name `game`.
    let mut deaf = UnixStream::connect(place.env()[1].1.join("game.sock")).expect("the socket answers");
    deaf.write_all(b"hello hotseat 3 play\nready\n").expect("sent");
    white.wait_for("Black joined");
    for _ in 0..6 {
        if deaf.write_all(b"sync\n").is_err() {
            break;
        }
        thread::sleep(Duration::from_millis(100));
    }
    // Dropped for not reading, as one that left: its seat kept, the players told.
    white.wait_for("the seat is kept for them");
    // The seat stays its player's: one who comes to play meanwhile, without its
    // token, watches.
    let mut black = place.view("join", "kept for its player");
    assert!(black.contents().contains("you watch"), "no token: it watches\n{}", black.contents());
    white.wait_for("Someone came to play Black");
    drop(deaf);
    white.quit();
    assert!(black.wait_for_exit().success());
}

#[test]
fn of_two_hosts_of_one_name_started_together_one_runs_and_the_other_is_told_the_name_is_taken() {
    for round in 0..4 {
        let place = Place::new(&format!("two-hosts-{round}"));
        let [data, run] = place.env();
        let start = |folder: &str| {
            let save = data.1.join(folder).join("friday.pgn");
            std::fs::create_dir_all(save.parent().expect("a folder")).expect("a folder");
            Command::new(BINARY)
                .args(["host", "--plain", "--save"])
                .arg(&save)
                .envs([data, run])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the binary starts")
        };
        let mut hosts = [start("a"), start("b")];
        // One is hosting (it says how to join); the other ended, saying why.
        let deadline = Instant::now() + PATIENCE;
        let ended = loop {
            let ended: Vec<usize> =
                (0..2).filter(|&i| hosts[i].try_wait().expect("its status").is_some()).collect();
            if !ended.is_empty() {
                break ended;
            }
            assert!(Instant::now() < deadline, "round {round}: both still run");
            thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(ended.len(), 1, "round {round}: both ended");
        let (gone, running) = if ended[0] == 0 { (0, 1) } else { (1, 0) };
        let mut said = String::new();
        hosts[gone].stderr.take().expect("its errors").read_to_string(&mut said).expect("read");
        assert!(said.contains("a game called friday is hosted already"), "round {round}: {said}");
        assert!(!hosts[gone].wait().expect("ended").success());
        let mut out = BufReader::new(hosts[running].stdout.take().expect("its output")).lines();
        assert!(
            out.by_ref().map_while(Result::ok).any(|line| line.contains("hotseat join friday")),
            "round {round}"
        );
        assert!(UnixStream::connect(run.1.join("friday.sock")).is_ok(), "round {round}: its socket answers");
        drop(hosts[running].stdin.take());
        assert!(hosts[running].wait().expect("ended").success(), "round {round}");
    }
}

/// `hotseat join ARGS` with `env`, standard input closed: its status and what it said
/// on standard error.
pub fn join_said(args: &[&str], env: &[(&str, &Path)]) -> (std::process::ExitStatus, String) {
    let out = Command::new(BINARY)
        .arg("join")
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    (out.status, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A stand-in for `ssh`, as `HOTSEAT_SSH`: it runs `body` with the words ssh was
/// given (`-T -- DESTINATION hotseat relay [NAME]`).
fn fake_ssh(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("fake-ssh");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("written");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

#[test]
fn join_ssh_says_why_the_link_ended_before_the_game_began() {
    let place = Place::new("ssh-why");
    let dir = TempDir::new("peers-ssh-why");
    let [data, run] = place.env();
    // No game hosted there: the host's own words, through `hotseat relay`.
    let relay = fake_ssh(
        dir.path(),
        &format!("while [ \"$1\" != -- ]; do shift; done; shift 3; exec {BINARY} \"$@\""),
    );
    let (status, said) = join_said(&["--ssh", "friend"], &[data, run, ("HOTSEAT_SSH", &relay)]);
    assert!(!status.success());
    assert!(said.contains("no game is hosted in"), "{said}");
    assert!(!said.contains("The host is gone"), "{said}");
    // ssh's own last line, when it fails to connect.
    let unknown = fake_ssh(
        dir.path(),
        "echo 'ssh: Could not resolve hostname nowhere.example: Name or service not known' >&2; exit 255",
    );
    let (status, said) = join_said(&["--ssh", "nowhere.example"], &[data, run, ("HOTSEAT_SSH", &unknown)]);
    assert!(!status.success());
    assert!(said.contains("Could not resolve hostname nowhere.example"), "{said}");
    // Nothing said at all: its exit status.
    let silent = fake_ssh(dir.path(), "exit 255");
    let (_, said) = join_said(&["--ssh", "friend"], &[data, run, ("HOTSEAT_SSH", &silent)]);
    assert!(said.contains("ssh exited with status 255"), "{said}");
}

#[test]
fn kill_9_of_hotseat_leaves_no_engine_behind_even_one_that_ignores_its_input() {
    let place = Place::new("orphan");
    let dir = TempDir::new("peers-orphan-engine");
    let engine = fake_engine(dir.path(), &FakeScript { stubborn: true, ..FakeScript::default() });
    let engine = engine.to_string_lossy().into_owned();
    let mut game = Pty::start(&["--computer", "black", "--engine", &engine], None, &place.env());
    game.wait_for("White to move");
    let deadline = Instant::now() + PATIENCE;
    let pid = loop {
        if let Some(pid) = fake_pid(dir.path()) {
            break pid;
        }
        assert!(Instant::now() < deadline, "the engine never started");
        thread::sleep(Duration::from_millis(20));
    };
    assert!(is_running(pid));
    kill_hard(&mut game);
    let deadline = Instant::now() + PATIENCE;
    while is_running(pid) {
        assert!(Instant::now() < deadline, "the engine {pid} outlived hotseat");
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_plain_game_whose_input_ends_right_after_sigterm_exits_143() {
    let data = TempDir::new("peers-term-eof");
    for round in 0..20 {
        let mut game = Command::new(BINARY)
            .arg("--plain")
            .env("HOTSEAT_DATA_DIR", data.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut out = BufReader::new(game.stdout.take().expect("its output"));
        let mut first = String::new();
        out.read_line(&mut first).expect("a first line");
        // What it says on the way out is read, so it never waits on a full pipe.
        let rest = thread::spawn(move || {
            let mut text = String::new();
            let _ = out.read_to_string(&mut text);
        });
        let sent = Command::new("kill").args(["-TERM", &game.id().to_string()]).status();
        assert!(sent.expect("kill runs").success());
        drop(game.stdin.take());
        let status = game.wait().expect("it ends");
        rest.join().expect("read");
        assert_eq!(status.code(), Some(143), "round {round}: {status:?}");
    }
}

#[test]
fn closing_a_plain_games_terminal_exits_129() {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    for controlling in [true, false] {
        let data = TempDir::new(&format!("peers-plain-hangup-{controlling}"));
        let pty = native_pty_system()
            .openpty(PtySize { rows: 32, cols: 100, pixel_width: 0, pixel_height: 0 })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(BINARY);
        command.args(["--plain"]);
        command.env("HOTSEAT_DATA_DIR", data.path());
        command.set_controlling_tty(controlling);
        let mut child = pty.slave.spawn_command(command).expect("the binary starts");
        drop(pty.slave);
        // Its first words read; no writer is ever taken, so nothing is typed (not the
        // end-of-file character a writer types as it goes): the terminal only closes.
        let mut reader = pty.master.try_clone_reader().expect("a reader");
        let mut seen = Vec::new();
        let deadline = Instant::now() + PATIENCE;
        while !String::from_utf8_lossy(&seen).contains("White to move") {
            assert!(Instant::now() < deadline, "never started: {}", String::from_utf8_lossy(&seen));
            let mut chunk = [0u8; 4096];
            let n = reader.read(&mut chunk).expect("read");
            seen.extend_from_slice(&chunk[..n]);
        }
        drop(reader);
        drop(pty.master);
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = child.try_wait().expect("its status") {
                break status;
            }
            assert!(Instant::now() < deadline, "it did not exit after the hangup");
            thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(status.exit_code(), 129, "controlling {controlling}: {status:?}");
    }
}

#[test]
fn a_peer_of_protocol_2_is_refused_in_one_line_and_the_seat_stays_open() {
    let place = Place::new("version-2");
    let mut white = place.host(&[]);
    let mut old = raw_client(&place);
    old.write_all(b"hello hotseat 2 play\n").expect("sent");
    let said = crate::remote::read_to_end(old);
    assert_eq!(
        said,
        ["end The connection is closed: protocol version 2, this is 3: update the older hotseat"],
        "one line, naming both"
    );
    let mut black = place.view("join", "as Black");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    white.quit();
    assert!(black.wait_for_exit().success());
}

#[test]
fn a_bare_player_is_told_the_real_reason_of_each_refusal_on_its_own_line() {
    let place = Place::new("reasons");
    let mut white = place.host(&[]);
    let mut black = raw_client(&place);
    black.write_all(b"hello hotseat 3 play\nready\n").expect("sent");
    let heard = Heard::of(&black);
    assert!(heard.until("welcome").starts_with("welcome hotseat 3 black "));
    white.wait_for("Black joined");
    type_move(&mut white, "f3");
    heard.until("did white move f2f3");
    // Nothing to claim: said to the one who claimed.
    black.write_all(b"claim\n").expect("sent");
    assert_eq!(heard.until("refused"), "refused no-draw-to-claim");
    // Its own offer waits: said so, not "answer their offer".
    black.write_all(b"move e7e5\noffer\noffer\n").expect("sent");
    assert_eq!(heard.until("refused"), "refused offer-stands");
    // The host has a question open (Black's offer): a claim is judged as it is (only
    // the side to move claims), not refused because the host's screen is busy.
    white.wait_for("offers a draw");
    black.write_all(b"claim\n").expect("sent");
    assert_eq!(heard.until("refused"), "refused not-your-move");
    // The host has its help open: the other side's deeds are judged as they are, not
    // refused because the host's screen is busy.
    type_move(&mut white, "g4");
    heard.until("did white move g2g4");
    white.send("\x1bOP");
    white.wait_for("Keys");
    black.write_all(b"claim\n").expect("sent");
    assert_eq!(heard.until("refused"), "refused no-draw-to-claim");
    black.write_all(b"move d8h4\n").expect("sent");
    heard.until("did black move d8h4");
    // After the mate, a move is refused because the game is over.
    black.write_all(b"move a7a6\n").expect("sent");
    assert_eq!(heard.until("refused"), "refused game-over");
    black.write_all(b"resign\n").expect("sent");
    assert_eq!(heard.until("refused"), "refused game-over");
    place.wait_saved(&["f3", "e5", "g4", "Qh4#"]);
    // A take-back of the mate is no refusal: it is asked of the host, as a move
    // taken back at one board is allowed after the end.
    white.send("\x1b");
    crate::remote::wait_gone(&mut white, "Keys");
    black.write_all(b"takeback\n").expect("sent");
    heard.until("did black takeback");
    white.wait_for("asks to take back their last move");
    white.quit();
}

#[test]
fn the_hosts_resign_dialog_offers_only_the_side_played_there() {
    let place = Place::new("resign-here");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "as Black");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    // Black to move; the host plays White: Ctrl-R names White, and Tab no other side.
    white.send("\x12");
    white.wait_for("White resigns");
    white.send("\t");
    white.wait_for("You may resign only for the side you play");
    white.send("Y");
    white.wait_for("Black wins");
    black.wait_for("Black wins");
    white.quit();
    assert!(black.wait_for_exit().success());
    let text = std::fs::read_to_string(place.save()).expect("saved");
    assert!(text.contains("0-1"), "{text}");
}

#[test]
fn a_hosts_bad_game_is_said_as_the_hosts() {
    use std::os::unix::fs::PermissionsExt;
    let place = Place::new("bad-host");
    let [data, run] = place.env();
    std::fs::create_dir_all(run.1).expect("a folder");
    std::fs::set_permissions(run.1, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    let listener = std::os::unix::net::UnixListener::bind(run.1.join("fake.sock")).expect("bound");
    let host = thread::spawn(move || {
        let (mut stream, _) = listener.accept().expect("a view");
        let mut hello = String::new();
        BufReader::new(stream.try_clone().expect("a clone")).read_line(&mut hello).expect("its hello");
        let welcome = "welcome hotseat 3 black 0123456789abcdef0123456789abcdef\ngame - 1. Ke2 *\n";
        stream.write_all(welcome.as_bytes()).expect("sent");
        // Open until the joiner has read it and gone (its end of the socket closed).
        let _ = std::io::copy(&mut stream, &mut std::io::sink());
    });
    let (status, said) = join_said(&["fake"], &[data, run]);
    host.join().expect("the fake host");
    assert!(!status.success());
    assert!(said.contains("The host's game could not be read"), "{said}");
}

#[test]
fn a_game_too_big_to_send_is_refused_at_host() {
    let place = Place::new("too-big");
    let dir = TempDir::new("peers-too-big");
    let big = dir.path().join("big.pgn");
    let comment = "a long thought ".repeat(80_000);
    std::fs::write(&big, format!("[Event \"big\"]\n\n1. e4 {{{comment}}} e5 *\n")).expect("written");
    let [data, run] = place.env();
    let out = Command::new(BINARY)
        .args(["host", "--plain", "--pgn"])
        .arg(&big)
        .envs([data, run])
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("too big to send"), "{said}");
    assert!(hotseat::remote::socket::hosted(run.1).is_empty(), "nothing hosted");
}

#[test]
fn a_runtime_folder_set_empty_or_relative_is_refused_with_a_line() {
    let place = Place::new("runtime-dir");
    let [data, _] = place.env();
    for (set, says) in [("", "is set but empty"), ("games", "must be an absolute folder")] {
        for command in [&["join"][..], &["host", "--plain"][..]] {
            let out = Command::new(BINARY)
                .args(command)
                .envs([data])
                .env("HOTSEAT_RUNTIME_DIR", set)
                .stdin(Stdio::null())
                .output()
                .expect("the binary runs");
            let said = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{command:?} {set:?}");
            assert!(said.contains(says) && said.lines().count() == 1, "{command:?} {set:?}: {said}");
        }
    }
}

#[test]
fn the_player_elsewhere_is_told_where_the_game_was_saved_without_the_hosts_home() {
    let place = Place::new("home");
    let [data, run] = place.env();
    // The games are in the host's home.
    let home = data.1.parent().expect("the place");
    let env = [data, run, ("HOME", home)];
    let mut white = Pty::start(&["host"], None, &env);
    white.wait_for("hotseat join");
    let mut black = place.view("join", "as Black");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    place.wait_saved(&["e4"]);
    white.quit();
    assert!(black.wait_for_exit().success());
    let told = black.raw().replace("\r\n", "");
    let saved = place.save();
    let relative = saved.strip_prefix(home).expect("under the home");
    assert!(told.contains(&format!("~/{}", relative.display())), "{told}");
    assert!(!told.contains(&saved.display().to_string()), "{told}");
    // The host's own screen names the whole path.
    assert!(white.raw().replace("\r\n", "").contains(&saved.display().to_string()), "{}", white.raw());
}

#[test]
fn an_engines_name_keeps_only_printable_text_in_the_saved_game() {
    use std::os::unix::fs::PermissionsExt;
    let place = Place::new("engine-name");
    let dir = TempDir::new("peers-engine-name");
    let engine = dir.path().join("evil-engine");
    std::fs::write(
        &engine,
        "#!/bin/sh\nwhile IFS= read -r line; do case \"$line\" in\n\
         uci) printf 'id name Evil\\033[31m\\007Fish\\tTwo\\n'; echo uciok ;;\n\
         isready) echo readyok ;;\n\
         go*) echo 'bestmove e7e5' ;;\n\
         quit) exit 0 ;;\n\
         esac; done\n",
    )
    .expect("written");
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let engine = engine.to_string_lossy().into_owned();
    let mut game = Pty::start(&["--computer", "black", "--engine", &engine], None, &place.env());
    game.wait_for("White to move");
    game.play("e4", "1. e4");
    // The engine answers (what, its level chooses).
    let deadline = Instant::now() + PATIENCE;
    while place.saved_moves().len() < 2 {
        assert!(Instant::now() < deadline, "the engine never answered");
        thread::sleep(Duration::from_millis(20));
    }
    game.quit();
    let text = std::fs::read_to_string(place.save()).expect("saved");
    let black = text.lines().find(|line| line.starts_with("[Black ")).expect("a Black tag");
    assert!(black.contains("Evil[31mFish Two"), "{black}");
    assert!(!black.contains('\u{fffd}') && !black.chars().any(char::is_control), "{black:?}");
}
