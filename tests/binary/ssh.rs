//! Two terminals over a real OpenSSH server (issue 21): sshd runs unprivileged on a
//! free loopback port with its own host key and an `authorized_keys` holding the
//! forced command `hotseat join`; the client is `ssh -F` a config of its own. The
//! friend plays through `ssh -t` (the board drawn on the host), through `ssh` without
//! a terminal (plain text), and through `join --ssh` (the board drawn locally, the
//! protocol through `hotseat relay`).
//!
//! Each is `#[ignore = "needs sshd"]`: `.ci/run` installs OpenSSH and runs them by name
//! (`cargo test --test binary -- --ignored ssh::`).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::pty::{PATIENCE, Pty};
use crate::remote::Place;

const SSHD: &str = "/usr/sbin/sshd";

/// An sshd of the test's own, and a client config that reaches it.
pub struct Server {
    sshd: Child,
    /// The `ssh -F` config.
    pub config: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.sshd.kill();
        let _ = self.sshd.wait();
    }
}

/// Fails the test unless an sshd and an ssh client are there.
fn need_sshd() {
    let there = Path::new(SSHD).exists() && Command::new("ssh").arg("-V").output().is_ok();
    assert!(there, "this test needs {SSHD} and ssh: install openssh-server and openssh-client");
}

fn keygen(path: &Path) {
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(path)
        .stdout(Stdio::null())
        .status()
        .expect("ssh-keygen runs");
    assert!(made.success());
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("its address").port()
}

impl Server {
    /// Starts sshd for `place`: the forced command runs this build's `hotseat join`
    /// with the place's folders.
    pub fn start(place: &Place, dir: &Path) -> Server {
        let host_key = dir.join("host_key");
        let client_key = dir.join("client_key");
        keygen(&host_key);
        keygen(&client_key);
        let public = std::fs::read_to_string(client_key.with_extension("pub")).expect("the public key");
        let binary = env!("CARGO_BIN_EXE_hotseat");
        let [(_, data), (_, run)] = place.env();
        let forced = format!(
            "restrict,pty,command=\"env HOTSEAT_DATA_DIR={} HOTSEAT_RUNTIME_DIR={} {binary} join\" {}",
            data.display(),
            run.display(),
            public.trim()
        );
        let authorized = dir.join("authorized_keys");
        std::fs::write(&authorized, format!("{forced}\n")).expect("authorized_keys");
        let port = free_port();
        let user = String::from_utf8(Command::new("id").arg("-un").output().expect("id runs").stdout)
            .expect("a name")
            .trim()
            .to_owned();
        let sshd_config = dir.join("sshd_config");
        std::fs::write(
            &sshd_config,
            format!(
                "Port {port}\nListenAddress 127.0.0.1\nHostKey {}\nAuthorizedKeysFile {}\nStrictModes no\n\
                 PasswordAuthentication no\nKbdInteractiveAuthentication no\nPubkeyAuthentication yes\n\
                 PermitRootLogin prohibit-password\nUsePAM no\nPidFile {}\nAllowUsers {user}\n",
                host_key.display(),
                authorized.display(),
                dir.join("sshd.pid").display()
            ),
        )
        .expect("sshd_config");
        // sshd wants its privilege separation folder, which root may make.
        let _ = std::fs::create_dir_all("/run/sshd");
        let sshd = Command::new(SSHD)
            .arg("-D")
            .arg("-e")
            .arg("-f")
            .arg(&sshd_config)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("sshd.log")).expect("a log"))
            .spawn()
            .expect("sshd starts");
        let host_public = std::fs::read_to_string(host_key.with_extension("pub")).expect("the host key");
        let known = dir.join("known_hosts");
        std::fs::write(&known, format!("[127.0.0.1]:{port} {}", host_public.trim())).expect("known_hosts");
        let config = dir.join("ssh_config");
        std::fs::write(
            &config,
            format!(
                "Host friend\n  HostName 127.0.0.1\n  Port {port}\n  User {user}\n  IdentityFile {}\n  IdentitiesOnly yes\n  \
                 UserKnownHostsFile {}\n  StrictHostKeyChecking yes\n  BatchMode yes\n  LogLevel ERROR\n",
                client_key.display(),
                known.display()
            ),
        )
        .expect("ssh_config");
        let deadline = Instant::now() + PATIENCE;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "sshd never listened: {:?}",
                std::fs::read_to_string(dir.join("sshd.log"))
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Server { sshd, config }
    }

    /// The words of `ssh -F` this server's config.
    pub fn ssh(&self) -> String {
        format!("ssh -F {}", self.config.display())
    }
}

fn type_move(pty: &mut Pty, san: &str) {
    pty.send(san);
    pty.wait_for(&format!("Move: {san}"));
    pty.send("\r");
}

#[test]
#[ignore = "needs sshd"]
fn a_friend_plays_through_ssh_t_on_the_board_drawn_on_the_host() {
    need_sshd();
    let place = Place::new("ssh-t");
    let dir = crate::common::TempDir::new("ssh-t-keys");
    let server = Server::start(&place, dir.path());
    let mut white = place.host(&[]);
    let config = server.config.display().to_string();
    let mut friend = Pty::start_program("ssh", &["-F", &config, "-t", "friend"], None, &place.env(), true);
    friend.wait_for("Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    friend.wait_for("1. e4");
    type_move(&mut friend, "c5");
    white.wait_for("c5");
    white.quit();
    assert!(friend.wait_for_exit().success());
    assert!(friend.raw().contains("The host ended the game"), "{}", friend.raw());
    place.wait_saved(&["e4", "c5"]);
}

#[test]
#[ignore = "needs sshd"]
fn a_friend_without_a_terminal_plays_in_plain_text_and_nothing_else_runs() {
    need_sshd();
    let place = Place::new("ssh-plain");
    let dir = crate::common::TempDir::new("ssh-plain-keys");
    let server = Server::start(&place, dir.path());
    let mut white = place.host(&[]);

    // Any other command is refused: the forced command runs nothing else.
    let other =
        Command::new("ssh").args(["-F", &server.config.display().to_string(), "friend", "id"]).output();
    let other = other.expect("ssh runs");
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("only joins the game"), "{other:?}");
    assert!(!String::from_utf8_lossy(&other.stdout).contains("uid="), "{other:?}");

    let mut friend = Command::new("ssh")
        .args(["-F", &server.config.display().to_string(), "-T", "friend"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ssh runs");
    let mut said = BufReader::new(friend.stdout.take().expect("its output")).lines();
    let mut typed = friend.stdin.take().expect("its input");
    let mut wait_line = |text: &str| {
        let line = said.by_ref().map_while(Result::ok).find(|line| line.contains(text));
        assert!(line.is_some(), "never said {text:?}");
    };
    wait_line("in plain text");
    white.wait_for("Black joined");
    type_move(&mut white, "d4");
    wait_line("d 4");
    typed.write_all(b"Nf6\n").expect("typed");
    white.wait_for("Nf6");
    white.quit();
    wait_line("The host ended the game");
    drop(typed);
    assert!(friend.wait().expect("ssh ends").success());
    place.wait_saved(&["d4", "Nf6"]);
}

#[test]
#[ignore = "needs sshd"]
fn join_ssh_draws_the_board_here_through_the_relay() {
    need_sshd();
    let place = Place::new("ssh-relay");
    let dir = crate::common::TempDir::new("ssh-relay-keys");
    let server = Server::start(&place, dir.path());
    let mut white = place.host(&[]);
    let ssh = server.ssh();
    // HOTSEAT_SSH holds the command with its options, split like GIT_SSH_COMMAND.
    let [data, _] = place.env();
    let elsewhere = dir.path().join("elsewhere");
    let mut friend = Pty::start(
        &["join", "--ssh", "friend", "--ascii"],
        None,
        &[data, ("HOTSEAT_RUNTIME_DIR", elsewhere.as_path()), ("HOTSEAT_SSH", Path::new(&ssh))],
    );
    friend.wait_for("Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "c4");
    friend.wait_for("1. c4");
    type_move(&mut friend, "e5");
    white.wait_for("e5");
    white.quit();
    assert!(friend.wait_for_exit().success());
    assert!(friend.raw().contains("The host ended the game"), "{}", friend.raw());
    place.wait_saved(&["c4", "e5"]);
}

#[test]
#[ignore = "needs sshd"]
fn join_ssh_through_a_real_sshd_to_a_host_with_no_game_says_the_hosts_own_words() {
    need_sshd();
    let place = Place::new("ssh-none");
    let dir = crate::common::TempDir::new("peers-ssh-none-keys");
    let server = Server::start(&place, dir.path());
    let ssh = server.ssh();
    let [data, _] = place.env();
    let elsewhere = dir.path().join("elsewhere");
    let (status, said) = crate::peers::join_said(
        &["--ssh", "friend"],
        &[data, ("HOTSEAT_RUNTIME_DIR", &elsewhere), ("HOTSEAT_SSH", Path::new(&ssh))],
    );
    assert!(!status.success());
    assert!(said.contains("no game is hosted in"), "{said}");
}
