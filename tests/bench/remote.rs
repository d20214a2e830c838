//! Two terminals: how long a move made on one terminal takes to be drawn on the other.
//!
//! Run with `cargo bench --bench remote`. It builds the release binary, hosts a game in
//! one 100x32 pseudo-terminal and joins it from another, and plays a whole game
//! (Nepomniachtchi–Ding, 2023, game 1: 97 plies), each move typed on the board of the
//! side to move. Each figure runs from Enter on the mover's terminal until the first
//! byte of the other terminal's output that completes the frame showing the move
//! (the other side to move, and the move in the list). Output is stamped as it is
//! read, so parsing the screen never adds to a figure. Then the same through
//! `join --ssh` over a real sshd on loopback (not measured where there is none): the move
//! goes through `ssh`, `sshd` and `hotseat relay`.

#[path = "../common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "release.rs"]
mod release;

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child as Process, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use pty::{PATIENCE, Pty};
use release::release_binary;

/// Between a frame and the next move, as a player's pause.
const GAP: Duration = Duration::from_millis(30);
const GAME: &str = "tests/data/games/nepomniachtchi-liren-game1.pgn";

/// The release binary in the tests' pseudo-terminal.
fn start(program: &Path, args: &[&str], env: &[(&str, &Path)]) -> Pty {
    Pty::start_program(program.to_str().expect("a UTF-8 path"), args, None, env, true)
}

/// Reads until the screen shows all of `texts`; when the chunk that did it came.
fn wait_for_all(pty: &mut Pty, texts: &[&str]) -> Instant {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let at = pty.next_chunk(left).unwrap_or_else(|_| {
            panic!("the screen never showed {texts:?}:\n{}", pty.contents());
        });
        let screen = pty.contents();
        if texts.iter().all(|t| screen.contains(t)) {
            return at;
        }
    }
}

/// Reads whatever comes until nothing has for `quiet`.
fn drain(pty: &mut Pty, quiet: Duration) {
    while pty.next_chunk(quiet).is_ok() {}
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
        wait_for_all(mover, &[&format!("Move: {san}")]);
        let sent = mover.send("\r");
        let next = if ply % 2 == 0 { "Black to move" } else { "White to move" };
        let drawn = wait_for_all(other, &[next, san.trim_end_matches(['+', '#'])]);
        figures.push(drawn.saturating_duration_since(sent));
        // The mover's own screen read up to its move, so it never shows an older turn.
        wait_for_all(mover, &[next]);
        drain(mover, Duration::from_millis(5));
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

    fn env(&self) -> Vec<(&'static str, PathBuf)> {
        vec![("HOTSEAT_DATA_DIR", self.0.join("data")), ("HOTSEAT_RUNTIME_DIR", self.0.join("run"))]
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn host(binary: &Path, place: &Place) -> Pty {
    let env = place.env();
    let env: Vec<(&str, &Path)> = env.iter().map(|(n, v)| (*n, v.as_path())).collect();
    let mut white = start(binary, &["host"], &env);
    white.wait_for("hotseat join");
    white
}

fn local(binary: &Path) {
    let place = Place::new("local");
    let mut white = host(binary, &place);
    let env = place.env();
    let env: Vec<(&str, &Path)> = env.iter().map(|(n, v)| (*n, v.as_path())).collect();
    let mut black = start(binary, &["join"], &env);
    black.wait_for("Joined");
    white.wait_for("Black joined");
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
        println!("through ssh: not measured, no /usr/sbin/sshd here");
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
        env[0].1.display(),
        env[1].1.display(),
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
    let ssh_command = PathBuf::from(format!("ssh -F {}/ssh_config", dir.display()));
    let elsewhere = place.0.join("elsewhere");
    let env = [
        ("HOTSEAT_DATA_DIR", elsewhere.as_path()),
        ("HOTSEAT_RUNTIME_DIR", elsewhere.as_path()),
        ("HOTSEAT_SSH", ssh_command.as_path()),
    ];
    let mut black = start(binary, &["join", "--ssh", "friend"], &env);
    black.wait_for("Joined");
    white.wait_for("Black joined");
    report("through ssh and hotseat relay (loopback sshd)", play(&mut white, &mut black));
}

fn main() {
    let binary = release_binary();
    local(&binary);
    ssh(&binary);
}
