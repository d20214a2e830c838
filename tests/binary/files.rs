//! The real binary and the files it is given: what it saves to and how (a symlink
//! stays a link, a device or a pipe is refused, permission bits are kept), the lock
//! on an open game, resuming past files that hold no game. Each test works in a
//! scratch folder of its own, with the binary in a pseudo-terminal as in `e2e.rs`.

use std::ops::{Deref, DerefMut};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use crate::common;
use common::pty::Pty;
use common::{TempDir, saved_moves};

/// The binary in a pseudo-terminal, started in a scratch folder.
struct Session(Pty);

impl Deref for Session {
    type Target = Pty;

    fn deref(&self) -> &Pty {
        &self.0
    }
}

impl DerefMut for Session {
    fn deref_mut(&mut self) -> &mut Pty {
        &mut self.0
    }
}

impl Session {
    /// Starts the binary in `dir`, with `dir/data` as its data directory.
    fn start(dir: &Path, args: &[&str]) -> Session {
        Session(Pty::start(args, Some(dir), &[("HOTSEAT_DATA_DIR", &dir.join("data"))]))
    }

    /// The one line of error of a run refused before the terminal was touched.
    fn refusal(mut self) -> String {
        let status = self.wait_for_exit();
        let raw = self.raw();
        assert!(!status.success(), "refused: {raw}");
        assert!(!raw.contains("\x1b["), "the terminal was touched: {raw:?}");
        assert_eq!(raw.trim_end().lines().count(), 1, "one line: {raw}");
        raw.trim_end().to_owned()
    }
}

/// Runs the binary in `dir` with no terminal at all.
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .current_dir(dir)
        .env("HOTSEAT_DATA_DIR", dir.join("data"))
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn file_type(path: &Path) -> String {
    let out = Command::new("stat").args(["-c", "%F", path.to_str().expect("utf-8")]).output().expect("stat");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).expect("metadata").permissions().mode() & 0o7777
}

// ----- save targets -----

#[cfg(unix)]
#[test]
fn a_save_target_that_is_not_a_regular_file_is_refused_before_the_terminal_is_touched() {
    let dir = TempDir::new("files-not-a-file");
    let d = dir.path();
    assert!(Command::new("mkfifo").arg(d.join("fifo")).status().expect("mkfifo").success());
    std::fs::create_dir(d.join("folder")).expect("a directory");
    let _socket = std::os::unix::net::UnixListener::bind(d.join("socket")).expect("a socket");
    std::os::unix::fs::symlink("fifo", d.join("link-to-fifo")).expect("a symlink");
    let cases = [
        ("fifo", "it is a FIFO (named pipe), not a regular file", "fifo"),
        ("folder", "it is a directory, not a regular file", "directory"),
        ("socket", "it is a socket, not a regular file", "socket"),
        ("link-to-fifo", "it is a FIFO (named pipe), not a regular file", "fifo"),
    ];
    for (name, says, kind) in cases {
        let error = Session::start(d, &["--save", name]).refusal();
        assert_eq!(error, format!("hotseat: cannot save to {name}: {says}"));
        let real = if name == "link-to-fifo" { d.join("fifo") } else { d.join(name) };
        assert!(file_type(&real).contains(kind), "{name} is still a {kind}: {}", file_type(&real));
    }
    assert_eq!(std::fs::read_link(d.join("link-to-fifo")).expect("still a link"), Path::new("fifo"));
    assert_eq!(dir.names(), ["fifo", "folder", "link-to-fifo", "socket"], "nothing else is made");
}

/// A device like /dev/null, which a save used to replace with a regular file. Making
/// one takes root (`.ci/run` runs as root and runs this by name).
#[cfg(unix)]
#[test]
#[ignore = "needs root"]
fn a_save_target_that_is_a_device_is_refused_and_stays_a_device() {
    let dir = TempDir::new("files-device");
    let d = dir.path();
    let made = Command::new("mknod").args([d.join("null").to_str().expect("utf-8"), "c", "1", "3"]).status();
    assert!(made.expect("mknod runs").success(), "this test needs root, to make a device");
    let error = Session::start(d, &["--save", "null"]).refusal();
    assert_eq!(error, "hotseat: cannot save to null: it is a character device, not a regular file");
    assert!(file_type(&d.join("null")).contains("character special file"), "{}", file_type(&d.join("null")));
    assert_eq!(dir.names(), ["null"], "nothing else is made");
}

#[cfg(unix)]
#[test]
fn saving_through_a_symlink_writes_its_target_and_the_link_stays_a_link() {
    let dir = TempDir::new("files-symlink");
    let d = dir.path();
    std::fs::create_dir(d.join("games")).expect("a folder");
    std::os::unix::fs::symlink("games/real.pgn", d.join("link.pgn")).expect("a dangling symlink");

    // A dangling link: its target is created.
    let mut s = Session::start(d, &["--save", "link.pgn"]);
    s.wait_for("White to move");
    s.play("e4", "1. e4");
    s.quit();
    assert_eq!(std::fs::read_link(d.join("link.pgn")).expect("still a link"), Path::new("games/real.pgn"));
    assert_eq!(saved_moves(&d.join("games/real.pgn")), ["e4"]);

    // Continuing in place through the link writes the same file: the game is not forked.
    let mut s = Session::start(d, &["--pgn", "link.pgn", "--save", "link.pgn"]);
    s.wait_for("Loaded from link.pgn");
    s.play("e5", "White to move");
    s.quit();
    assert_eq!(std::fs::read_link(d.join("link.pgn")).expect("still a link"), Path::new("games/real.pgn"));
    assert_eq!(saved_moves(&d.join("games/real.pgn")), ["e4", "e5"]);
    assert_eq!(dir.names(), ["games", "link.pgn"]);
    assert_eq!(TempDir::names_of(&d.join("games")), ["real.pgn"], "no temporary file is left");
}

#[cfg(unix)]
#[test]
fn saving_keeps_the_permission_bits_of_the_file_written_over() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("files-mode");
    let d = dir.path();
    let private = d.join("private.pgn");
    std::fs::write(&private, "").expect("an empty file");
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let mut s = Session::start(d, &["--save", "private.pgn"]);
    s.wait_for("White to move");
    s.play("d4", "1. d4");
    s.quit();
    assert_eq!(saved_moves(&private), ["d4"]);
    assert_eq!(mode(&private), 0o600, "the file stays private");

    // A new file gets what the umask gives.
    let umask = Command::new("sh").args(["-c", "umask"]).output().expect("sh runs");
    let umask =
        u32::from_str_radix(String::from_utf8_lossy(&umask.stdout).trim(), 8).expect("an octal umask");
    let mut s = Session::start(d, &["--save", "new.pgn"]);
    s.wait_for("White to move");
    s.play("d4", "1. d4");
    s.quit();
    assert_eq!(mode(&d.join("new.pgn")), 0o666 & !umask);
}

// ----- the lock on an open game -----

/// Standard error of a run, which must have failed.
fn failure(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "must fail: {stderr}");
    stderr.trim_end().to_owned()
}

/// A run that passed every check on its files and played on in plain text (standard
/// input is not a terminal), to the end of its empty input.
fn played(out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "must be played: {stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("in plain text"), "{out:?}");
}

#[cfg(unix)]
#[test]
fn a_second_hotseat_on_an_open_game_file_is_refused_and_told_which_process_has_it() {
    let dir = TempDir::new("files-lock");
    let d = dir.path();
    let mut first = Session::start(d, &["--save", "same.pgn"]);
    first.wait_for("White to move");
    let pid = first.child.process_id().expect("a process id");
    std::os::unix::fs::symlink("same.pgn", d.join("alias.pgn")).expect("a symlink");
    for (args, name) in [
        (&["--save", "same.pgn"][..], "same.pgn"),
        (&["--pgn", "same.pgn", "--save", "same.pgn"][..], "same.pgn"),
        (&["--save", "alias.pgn"][..], "alias.pgn"),
    ] {
        let error = failure(&run(d, args));
        assert_eq!(error, format!("hotseat: {name} is open in another hotseat (process {pid})"), "{args:?}");
    }
    first.play("e4", "1. e4");
    first.quit();
    assert!(!d.join(".same.pgn.lock").exists(), "the lock file goes on the way out");
    // Free again: it is played (in plain text, with no input).
    played(&run(d, &["--pgn", "same.pgn", "--save", "same.pgn"]));
    assert_eq!(saved_moves(&d.join("same.pgn")), ["e4"]);
}

#[cfg(unix)]
#[test]
fn resume_leaves_a_game_open_elsewhere_alone_and_a_killed_holder_frees_it() {
    let dir = TempDir::new("files-lock-resume");
    let d = dir.path();
    let mut first = Session::start(d, &[]);
    first.wait_for("White to move");
    first.play("e4", "1. e4");
    // The save follows the frame that shows the move: wait for it to reach the file.
    let games = d.join("data/games");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !std::fs::read_dir(&games).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == "pgn") && saved_moves(&e.path()) == ["e4"])
    }) {
        assert!(std::time::Instant::now() < deadline, "the move never reached the file");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let pid = first.child.process_id().expect("a process id");
    let error = failure(&run(d, &["--resume"]));
    assert!(error.starts_with(&format!("hotseat: {}", d.join("data/games").display())), "{error}");
    assert!(error.ends_with(&format!(".pgn is open in another hotseat (process {pid})")), "{error}");

    let killed = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    assert!(killed.expect("kill runs").success());
    assert!(!first.wait_for_exit().success());
    // The system let go of the lock with the process; its lock file is taken over.
    played(&run(d, &["--resume"]));
    let mut second = Session::start(d, &["--resume"]);
    second.wait_for("Resumed the game saved in");
    second.play("e5", "White to move");
    second.quit();
    let games: Vec<String> = TempDir::names_of(&d.join("data/games"));
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(saved_moves(&d.join("data/games").join(&games[0])), ["e4", "e5"]);
}

// ----- games with no moves -----

#[cfg(unix)]
#[test]
fn resume_passes_over_newer_files_with_no_game_in_them_and_says_so() {
    let dir = TempDir::new("files-resume-skips");
    let d = dir.path();
    let mut first = Session::start(d, &[]);
    first.wait_for("White to move");
    first.play("e4", "1. e4");
    first.quit();
    let games = d.join("data/games");
    let real = games.join(&TempDir::names_of(&games)[0]);
    // Written an hour ago, as far as anyone can tell: the files after it are newer by
    // their time, without waiting for the clock (a file of the same second is named
    // with a suffix, `_2`, which sorts after it too).
    let an_hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
    let file = std::fs::File::options().write(true).open(&real).expect("the game file");
    file.set_modified(an_hour_ago).expect("its time set");
    drop(file);
    // A game killed before its first move leaves its file with no move in it.
    let mut killed = Session::start(d, &[]);
    killed.wait_for("White to move");
    let pid = killed.child.process_id().expect("a process id");
    assert!(Command::new("kill").args(["-KILL", &pid.to_string()]).status().expect("kill runs").success());
    killed.wait_for_exit();
    let mut names = TempDir::names_of(&games);
    names.retain(|n| Path::new(n).extension().is_some_and(|e| e == "pgn"));
    assert_eq!(names.len(), 2, "{names:?}");
    let empty_game = names[1].clone();
    std::fs::write(games.join("9999-12-31_23-59-59Z.pgn"), "").expect("an empty file");

    let mut s = Session::start(d, &["--resume"]);
    s.wait_for("Passed over 2 newer files (named when you leave); resumed the game saved in");
    s.play("e5", "White to move");
    s.quit();
    let raw = s.raw();
    let before_the_game = &raw[..raw.find("\x1b[?1049h").expect("the alternate screen")];
    assert!(
        before_the_game.contains(&format!("Passed over {empty_game}: no move was played in it.")),
        "{before_the_game:?}"
    );
    assert!(
        before_the_game.contains("Passed over 9999-12-31_23-59-59Z.pgn: it holds no game."),
        "{before_the_game:?}"
    );
    assert!(raw.contains(&format!("Game saved to {}", real.display())), "{raw:?}");
    assert_eq!(saved_moves(&real), ["e4", "e5"]);
}

#[test]
fn a_save_file_made_for_a_game_with_no_move_is_not_kept() {
    let dir = TempDir::new("files-save-no-move");
    let d = dir.path();
    let mut s = Session::start(d, &["--save", "tonight.pgn"]);
    s.wait_for("White to move");
    s.quit();
    assert!(s.raw().contains("No move was played, so no game was saved."), "{}", s.raw());
    assert_eq!(dir.names(), Vec::<String>::new(), "no file, and no lock file");
    // So the same command again is not refused.
    played(&run(d, &["--save", "tonight.pgn"]));
    assert_eq!(dir.names(), Vec::<String>::new(), "still no file");

    // A file that was there before is the players' and stays, even with no move in it.
    std::fs::write(d.join("kept.pgn"), "").expect("an empty file");
    let mut s = Session::start(d, &["--save", "kept.pgn"]);
    s.wait_for("White to move");
    s.quit();
    assert!(d.join("kept.pgn").exists());
}

// ----- records keep what they were given -----

#[test]
fn a_game_that_names_no_one_is_saved_in_place_with_unknown_names() {
    let dir = TempDir::new("files-unknown-names");
    let d = dir.path();
    std::fs::write(d.join("nobody.pgn"), "1. e4 *\n").expect("a game that names no one");
    let mut s = Session::start(d, &["--pgn", "nobody.pgn", "--save", "nobody.pgn"]);
    s.wait_for("Loaded from nobody.pgn");
    s.play("e5", "White to move");
    s.quit();
    let text = std::fs::read_to_string(d.join("nobody.pgn")).expect("the game");
    assert!(text.contains("[White \"?\"]\n[Black \"?\"]\n"), "{text}");

    // A name given, even the colour's own, is a name.
    let mut s = Session::start(d, &["--save", "named.pgn", "--white", "White"]);
    s.wait_for("White to move");
    s.play("d4", "1. d4");
    s.quit();
    let text = std::fs::read_to_string(d.join("named.pgn")).expect("the game");
    assert!(text.contains("[White \"White\"]\n[Black \"?\"]\n"), "{text}");
}

#[test]
fn the_game_list_asks_again_after_an_empty_answer() {
    let dir = TempDir::new("files-ask-again");
    let d = dir.path();
    std::fs::write(d.join("two.pgn"), "[Event \"One\"]\n\n1. e4 *\n\n[Event \"Two\"]\n\n1. d4 *\n")
        .expect("write");
    let mut s = Session::start(d, &["--pgn", "two.pgn"]);
    s.wait_for("Which game (1-2)?");
    s.send("\r");
    s.wait_for("Please answer with a number from 1 to 2.");
    s.send("2\r");
    s.wait_for("1. d4");
    s.quit();
}
