//! Two terminals: how long a move made on one terminal takes to be drawn on the other.
//!
//! Run with `cargo bench --bench remote`. It builds the release binary, hosts a game in
//! one 100x32 pseudo-terminal and joins it from another, and plays a whole game
//! (Nepomniachtchi–Ding, 2023, game 1: 97 plies), each move typed on the board of the
//! side to move. Each figure runs from Enter on the mover's terminal until the first
//! byte of the other terminal's output that completes the frame showing the move
//! (the other side to move, and the move in the list). Output is stamped as it is
//! read, so parsing the screen never adds to a figure. Then the same through
//! `join --ssh` over a real sshd on loopback (skipped where there is none): the move
//! goes through `ssh`, `sshd` and `hotseat relay`.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child as Process, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

const ROWS: u16 = 32;
const COLS: u16 = 100;
const PATIENCE: Duration = Duration::from_secs(20);
/// Between a frame and the next move, as a player's pause.
const GAP: Duration = Duration::from_millis(30);
const GAME: &str = "tests/data/games/nepomniachtchi-liren-game1.pgn";

fn release_binary() -> PathBuf {
    let built = Command::new(env!("CARGO"))
        .args(["build", "--release", "--bin", "hotseat"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("cargo runs");
    assert!(built.success(), "cargo build --release failed");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"), PathBuf::from);
    target.join("release").join("hotseat")
}

struct Pty {
    _master: Box<dyn MasterPty + Send>,
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Receiver<(Instant, Vec<u8>)>,
    screen: vt100::Parser,
}

impl Pty {
    fn start(program: &Path, args: &[&str], env: &[(&str, &str)]) -> Pty {
        let pty = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(program);
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("COLORTERM", "truecolor");
        for (name, value) in env {
            cmd.env(name, value);
        }
        let child = pty.slave.spawn_command(cmd).expect("the binary starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a reader");
        let (send, output) = mpsc::channel();
        thread::spawn(move || {
            let mut chunk = [0; 4096];
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                if send.send((Instant::now(), chunk[..n].to_vec())).is_err() {
                    break;
                }
            }
        });
        let writer = pty.master.take_writer().expect("a writer");
        let screen = vt100::Parser::new(ROWS.try_into().expect("rows"), COLS.try_into().expect("cols"), 0);
        Pty { _master: pty.master, child, writer, output, screen }
    }

    fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    fn send(&mut self, keys: &str) -> Instant {
        let sent = Instant::now();
        self.writer.write_all(keys.as_bytes()).expect("keys written");
        self.writer.flush().expect("keys sent");
        sent
    }

    /// Reads until the screen shows all of `texts`; when the chunk that did it came.
    fn wait_for(&mut self, texts: &[&str]) -> Instant {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (at, bytes) = self.output.recv_timeout(left).unwrap_or_else(|_| {
                panic!("the screen never showed {texts:?}:\n{}", self.contents());
            });
            self.screen.process(&bytes);
            let screen = self.contents();
            if texts.iter().all(|t| screen.contains(t)) {
                return at;
            }
        }
    }

    /// Reads whatever comes for `quiet`.
    fn drain(&mut self, quiet: Duration) {
        while let Ok((_, bytes)) = self.output.recv_timeout(quiet) {
            self.screen.process(&bytes);
        }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

fn sans() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME)).expect("the game");
    hotseat::records::pgn::read_game(&text).expect("it parses").game.san_moves().to_vec()
}

/// Plays the game between `white` (the host) and `black` (the view): each figure is
/// a move typed on one terminal until the other shows it.
fn play(white: &mut Pty, black: &mut Pty) -> Vec<Duration> {
    let mut figures = Vec::new();
    for (ply, san) in sans().iter().enumerate() {
        let (mover, other) =
            if ply % 2 == 0 { (&mut *white, &mut *black) } else { (&mut *black, &mut *white) };
        thread::sleep(GAP);
        mover.send(san);
        mover.wait_for(&[&format!("Move: {san}")]);
        let sent = mover.send("\r");
        let next = if ply % 2 == 0 { "Black to move" } else { "White to move" };
        let drawn = other.wait_for(&[next, san.trim_end_matches(['+', '#'])]);
        figures.push(drawn.saturating_duration_since(sent));
        // The mover's own screen read up to its move, so it never shows an older turn.
        mover.wait_for(&[next]);
        mover.drain(Duration::from_millis(5));
    }
    figures
}

fn report(what: &str, mut figures: Vec<Duration>) {
    figures.sort();
    let at = |q: f64| figures[((figures.len() - 1) as f64 * q).round() as usize];
    println!(
        "{what}: {} moves, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        figures.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        figures[figures.len() - 1].as_secs_f64() * 1e3
    );
}

struct Place(PathBuf);

impl Place {
    fn new(name: &str) -> Place {
        let path = std::env::temp_dir().join(format!("hotseat-bench-remote-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a folder");
        Place(path)
    }

    fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("HOTSEAT_DATA_DIR", self.0.join("data").display().to_string()),
            ("HOTSEAT_RUNTIME_DIR", self.0.join("run").display().to_string()),
        ]
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn host(binary: &Path, place: &Place) -> Pty {
    let env = place.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let mut white = Pty::start(binary, &["host"], &env);
    white.wait_for(&["hotseat join"]);
    white
}

fn local(binary: &Path) {
    let place = Place::new("local");
    let mut white = host(binary, &place);
    let env = place.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let mut black = Pty::start(binary, &["join"], &env);
    black.wait_for(&["Joined"]);
    white.wait_for(&["Black joined"]);
    report("on this machine (the game's socket)", play(&mut white, &mut black));
}

/// An sshd on a free loopback port whose one key runs `binary join`.
struct Sshd(Process);

impl Drop for Sshd {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn keygen(path: &Path) {
    let made = Command::new("ssh-keygen").args(["-q", "-t", "ed25519", "-N", "", "-f"]).arg(path).status();
    assert!(made.expect("ssh-keygen runs").success());
}

fn ssh(binary: &Path) {
    if !Path::new("/usr/sbin/sshd").exists() {
        println!("through ssh: skipped, no /usr/sbin/sshd");
        return;
    }
    let place = Place::new("ssh");
    let dir = place.0.join("ssh");
    std::fs::create_dir_all(&dir).expect("a folder");
    keygen(&dir.join("host_key"));
    keygen(&dir.join("client_key"));
    let public = std::fs::read_to_string(dir.join("client_key.pub")).expect("a key");
    let env = place.env();
    let forced = format!(
        "restrict,command=\"env HOTSEAT_DATA_DIR={} HOTSEAT_RUNTIME_DIR={} {} join\" {}\n",
        env[0].1,
        env[1].1,
        binary.display(),
        public.trim()
    );
    std::fs::write(dir.join("authorized_keys"), forced).expect("written");
    let port = TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("an address").port();
    let user = String::from_utf8(Command::new("id").arg("-un").output().expect("id").stdout).expect("a name");
    let user = user.trim();
    std::fs::write(
        dir.join("sshd_config"),
        format!(
            "Port {port}\nListenAddress 127.0.0.1\nHostKey {d}/host_key\nAuthorizedKeysFile {d}/authorized_keys\n\
             StrictModes no\nPasswordAuthentication no\nPermitRootLogin prohibit-password\nUsePAM no\n\
             PidFile {d}/sshd.pid\nAllowUsers {user}\n",
            d = dir.display()
        ),
    )
    .expect("written");
    let _ = std::fs::create_dir_all("/run/sshd");
    let _sshd = Sshd(
        Command::new("/usr/sbin/sshd")
            .arg("-D")
            .arg("-f")
            .arg(dir.join("sshd_config"))
            .stderr(Stdio::null())
            .spawn()
            .expect("sshd starts"),
    );
    let host_key = std::fs::read_to_string(dir.join("host_key.pub")).expect("a key");
    std::fs::write(dir.join("known_hosts"), format!("[127.0.0.1]:{port} {}", host_key.trim()))
        .expect("written");
    std::fs::write(
        dir.join("ssh_config"),
        format!(
            "Host friend\n  HostName 127.0.0.1\n  Port {port}\n  User {user}\n  IdentityFile {d}/client_key\n  \
             IdentitiesOnly yes\n  UserKnownHostsFile {d}/known_hosts\n  BatchMode yes\n  LogLevel ERROR\n",
            d = dir.display()
        ),
    )
    .expect("written");
    let deadline = Instant::now() + PATIENCE;
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "sshd never listened");
        thread::sleep(Duration::from_millis(20));
    }
    let mut white = host(binary, &place);
    let ssh_command = format!("ssh -F {}/ssh_config", dir.display());
    let elsewhere = place.0.join("elsewhere").display().to_string();
    let env = [
        ("HOTSEAT_DATA_DIR", elsewhere.as_str()),
        ("HOTSEAT_RUNTIME_DIR", elsewhere.as_str()),
        ("HOTSEAT_SSH", ssh_command.as_str()),
    ];
    let mut black = Pty::start(binary, &["join", "--ssh", "friend"], &env);
    black.wait_for(&["Joined"]);
    white.wait_for(&["Black joined"]);
    report("through ssh and hotseat relay (loopback sshd)", play(&mut white, &mut black));
}

fn main() {
    let binary = release_binary();
    local(&binary);
    ssh(&binary);
}
