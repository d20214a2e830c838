//! Files that change under a running game, in folders others can write, and files that
//! pile up (issue 19, items 1-8; issue 18, files that pile up). Each test runs the real
//! binary in a scratch folder of its own, with the links, pipes, limits and races it
//! needs; most play in plain text through pipes, where a line written is a move typed.
#![cfg(unix)]

use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::common;
use common::fake_engine::{Answer, FakeScript, fake_engine};
use common::pty::{PATIENCE, Pty};
use common::{TempDir, saved_moves};
use hotseat::records::store::MAX_FILE_SIZE;

/// The binary in plain text, its input a pipe the test writes lines to.
struct Plain {
    child: Child,
    input: Option<ChildStdin>,
    output: Receiver<u8>,
    errors: Option<std::thread::JoinHandle<String>>,
    seen: String,
}

impl Plain {
    /// Starts the binary in `dir` (data in `dir/data`), in plain text, through `sh -c`
    /// when `shell` wraps it (a `ulimit`, say: `ulimit -f 2; exec "$0" "$@"`).
    fn start(dir: &Path, args: &[&str], shell: Option<&str>) -> Plain {
        let bin = env!("CARGO_BIN_EXE_hotseat");
        let mut command = match shell {
            Some(script) => {
                let mut c = Command::new("bash");
                c.arg("-c").arg(script).arg(bin);
                c
            }
            None => Command::new(bin),
        };
        let mut child = command
            .args(args)
            .arg("--plain")
            .current_dir(dir)
            .env("HOTSEAT_DATA_DIR", dir.join("data"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdout = std::io::BufReader::new(child.stdout.take().expect("its output"));
        let mut stderr = child.stderr.take().expect("its errors");
        let (sender, output) = channel();
        std::thread::spawn(move || {
            for byte in stdout.bytes().map_while(Result::ok) {
                let _ = sender.send(byte);
            }
        });
        let errors = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        let input = child.stdin.take();
        Plain { child, input, output, errors: Some(errors), seen: String::new() }
    }

    /// Types `line` and Enter.
    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("input still open");
        input.write_all(format!("{line}\n").as_bytes()).expect("the game reads its input");
        input.flush().expect("flushed");
    }

    /// Waits until the standard output has shown `text` `count` times in all.
    fn wait_for_count(&mut self, text: &str, count: usize) {
        let deadline = Instant::now() + PATIENCE;
        while self.seen.matches(text).count() < count {
            let left = deadline.saturating_duration_since(Instant::now());
            let byte = self.output.recv_timeout(left).unwrap_or_else(|_| {
                panic!("waited for {text:?} ({count} times); the output was:\n{}", self.seen)
            });
            self.seen.push(byte as char);
        }
    }

    fn wait_for(&mut self, text: &str) {
        self.wait_for_count(text, 1);
    }

    /// Plays `san` and waits for the game to say it was played, `ply` being its
    /// number in the game from 1 (each move shows the side to move next).
    fn play(&mut self, san: &str, to_move: &str, ply: usize) {
        self.send(san);
        // The start shows "White to move." once, before any move.
        let count = if to_move == "White" { ply / 2 + 1 } else { ply.div_ceil(2) };
        self.wait_for_count(&format!("{to_move} to move."), count);
    }

    /// Ends the input and waits for the program to end: its status and all it said
    /// on its standard output, then on its standard error.
    fn finish(mut self) -> (ExitStatus, String, String) {
        drop(self.input.take());
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waits") {
                break status;
            }
            assert!(Instant::now() < deadline, "the game did not end:\n{}", self.seen);
            std::thread::sleep(Duration::from_millis(20));
        };
        // The readers end with the pipes.
        while let Ok(byte) = self.output.recv_timeout(PATIENCE) {
            self.seen.push(byte as char);
        }
        let errors = self.errors.take().expect("once").join().expect("read");
        (status, std::mem::take(&mut self.seen), errors)
    }
}

impl Drop for Plain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the binary in `dir` with `input` on its standard input, to the end.
fn run(dir: &Path, args: &[&str], input: &str) -> (ExitStatus, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .current_dir(dir)
        .env("HOTSEAT_DATA_DIR", dir.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("input");
    let input = input.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = wait_with_patience(child);
    let _ = writer.join();
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// How long a run may take before it counts as hung: some read and write 64 MiB files,
/// seconds of work that a machine busy with other builds stretches to a minute.
const HUNG_AFTER: Duration = Duration::from_secs(180);

/// Waits for `child` to end, killing it (and failing) when it takes longer than
/// [`HUNG_AFTER`]: a hang is a failure, not a test that never ends.
fn wait_with_patience(child: Child) -> std::process::Output {
    let pid = child.id();
    let (done, waited) = channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    if let Ok(out) = waited.recv_timeout(HUNG_AFTER) {
        return out.expect("waited");
    }
    let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    panic!("the program hung (killed after {HUNG_AFTER:?})");
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// A user who is not this one, to own planted files. Giving a file away takes root:
/// the tests that do are `#[ignore = "needs root"]`, and `.ci/run` (root in CI's
/// container) runs them by name.
const STRANGER: u32 = 65534;

fn give_away(path: &Path) {
    if let Err(err) = std::os::unix::fs::lchown(path, Some(STRANGER), Some(STRANGER)) {
        panic!("this test needs root, to give {} to another user: {err}", path.display());
    }
}

// ----- 1. the lock's sidecar -----

#[test]
fn a_link_or_a_hard_link_planted_at_the_lock_name_is_refused_and_its_target_left_alone() {
    let dir = TempDir::new("hostile-lock-link");
    let d = dir.path();
    fs::write(d.join("victim"), "forty-one bytes that must stay as they are\n").expect("victim");
    let before = fs::read(d.join("victim")).expect("victim");
    // A link to a file, a dangling one, and a second name of the file itself.
    symlink(d.join("victim"), d.join(".g.pgn.lock")).expect("a link");
    symlink(d.join("made"), d.join(".h.pgn.lock")).expect("a dangling link");
    fs::hard_link(d.join("victim"), d.join(".k.pgn.lock")).expect("a hard link");
    for (game, why) in
        [("g.pgn", "is a symbolic link"), ("h.pgn", "is a symbolic link"), ("k.pgn", "hard links")]
    {
        let (status, _, stderr) = run(d, &["--save", game, "--plain"], "e4\nquit\n");
        assert!(!status.success(), "{game}: {stderr}");
        assert!(stderr.starts_with(&format!("hotseat: cannot lock {game}: its lock file")), "{stderr}");
        assert!(stderr.contains(why), "{stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
        assert!(!d.join(game).exists(), "{game}: no game started");
    }
    // --resume takes the same lock, with the same care.
    let games = d.join("data/games");
    fs::create_dir_all(&games).expect("the games folder");
    fs::write(games.join("2025-01-01_10-00-00Z.pgn"), UNFINISHED).expect("a game");
    symlink(d.join("victim"), games.join(".2025-01-01_10-00-00Z.pgn.lock")).expect("a link");
    let (status, _, stderr) = run(d, &["--resume", "--plain"], "quit\n");
    assert!(!status.success());
    assert!(stderr.contains("is a symbolic link"), "{stderr}");
    assert_eq!(fs::read(d.join("victim")).expect("victim"), before, "the target is untouched");
    assert!(!d.join("made").exists(), "nothing is made where a dangling link points");
}

#[test]
#[ignore = "needs root"]
fn a_lock_file_owned_by_another_user_is_refused() {
    let dir = TempDir::new("hostile-lock-owner");
    let d = dir.path();
    fs::write(d.join(".g.pgn.lock"), "1\n").expect("a lock file");
    give_away(&d.join(".g.pgn.lock"));
    let (status, _, stderr) = run(d, &["--save", "g.pgn", "--plain"], "e4\nquit\n");
    assert!(!status.success());
    assert!(stderr.contains("its lock file ./.g.pgn.lock belongs to another user"), "{stderr}");
    assert_eq!(fs::read_to_string(d.join(".g.pgn.lock")).expect("kept"), "1\n");
}

// ----- 2. a game file swapped for a link mid-game -----

#[test]
fn a_game_file_swapped_for_a_link_mid_game_is_not_written_through_and_the_game_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("hostile-swap");
    let d = dir.path();
    fs::create_dir(d.join("swap")).expect("a folder");
    fs::write(d.join("important.conf"), "setting = 1\n").expect("important");
    fs::set_permissions(d.join("important.conf"), fs::Permissions::from_mode(0o600)).expect("mode");
    let mut game = Plain::start(d, &["--save", "swap/g.pgn"], None);
    game.play("e4", "Black", 1);
    fs::remove_file(d.join("swap/g.pgn")).expect("removed");
    symlink(d.join("important.conf"), d.join("swap/g.pgn")).expect("a link in its place");
    game.play("e5", "White", 2);
    game.wait_for("swap/g.pgn was replaced by another file since the game began");
    // Another file (not a link) in its place is not written over either.
    fs::remove_file(d.join("swap/g.pgn")).expect("removed");
    fs::write(d.join("swap/g.pgn"), "someone else's\n").expect("another file");
    game.play("Nf3", "Black", 3);
    let (status, said, _) = game.finish();
    assert_eq!(fs::read_to_string(d.join("important.conf")).expect("important"), "setting = 1\n");
    assert_eq!(fs::read_to_string(d.join("swap/g.pgn")).expect("theirs"), "someone else's\n");
    assert!(!status.success(), "the game could not be saved: {said}");
    assert!(said.contains("1. e4 e5 2. Nf3"), "the unsaved game is printed: {said}");
}

#[test]
#[ignore = "needs root"]
fn a_link_another_user_made_in_a_sticky_folder_is_not_followed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("hostile-sticky");
    let d = dir.path();
    let shared = d.join("shared");
    fs::create_dir(&shared).expect("a folder");
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o1777)).expect("sticky, anyone's");
    fs::write(d.join("victim"), "keep\n").expect("victim");
    symlink(d.join("victim"), shared.join("g.pgn")).expect("a link");
    give_away(&shared.join("g.pgn"));
    let (status, _, stderr) = run(d, &["--save", "shared/g.pgn", "--plain"], "e4\nquit\n");
    assert!(!status.success(), "{stderr}");
    assert!(stderr.contains("a link another user made in a shared folder"), "{stderr}");
    assert_eq!(fs::read_to_string(d.join("victim")).expect("victim"), "keep\n");
    // Nor read through: an error would quote the text of a file only this user reads.
    let (status, _, stderr) = run(d, &["--pgn", "shared/g.pgn", "--plain"], "quit\n");
    assert!(!status.success());
    assert_eq!(
        stderr,
        "hotseat: cannot read shared/g.pgn: it is a link another user made in a shared folder, \
         which hotseat does not follow\n"
    );
    // This user's own link there is followed, as the manual promises (docs/saving.md).
    fs::remove_file(shared.join("g.pgn")).expect("removed");
    symlink(d.join("mine.pgn"), shared.join("g.pgn")).expect("a link of ours");
    let (status, _, stderr) = run(d, &["--save", "shared/g.pgn", "--plain"], "e4\nquit\n");
    assert!(status.success(), "{stderr}");
    assert_eq!(saved_moves(&d.join("mine.pgn")), ["e4"]);
}

// ----- 3. the file-size limit -----

/// The moves of a long game (Kasparov - Deep Blue, game 2 of 1997), to play.
fn long_game() -> Vec<String> {
    let path = common::data_path("games/kasparov-deep-blue-1997.pgn");
    let text = fs::read_to_string(&path).expect("the data file");
    let games = hotseat::records::pgn::read_games(&text).expect("parses");
    games.into_iter().map(|g| g.game.san_moves().to_vec()).max_by_key(Vec::len).expect("a game")
}

#[test]
fn a_save_past_the_file_size_limit_is_a_save_failure_and_the_game_goes_on() {
    let dir = TempDir::new("hostile-ulimit");
    let d = dir.path();
    let moves = long_game();
    assert!(moves.len() >= 60, "{}", moves.len());
    // 1 KiB: a few dozen moves with their clock times.
    let mut game =
        Plain::start(d, &["--save", "fz.pgn", "--clock", "5+3"], Some("ulimit -f 1; exec \"$0\" \"$@\""));
    for (i, san) in moves.iter().take(60).enumerate() {
        let to_move = if i % 2 == 0 { "Black" } else { "White" };
        game.play(san, to_move, i + 1);
    }
    game.wait_for("The game is not saved");
    let (status, said, errors) = game.finish();
    assert_ne!(status.code(), Some(153), "not ended by SIGXFSZ: {said}");
    assert_eq!(status.signal_or_none(), None, "{said}");
    assert!(errors.contains("the game could not be saved"), "{errors}");
    let printed = &said[said.find("[Event ").expect("the game is printed")..];
    let printed = hotseat::records::pgn::read_game(printed).expect("the printed game reads");
    assert_eq!(printed.game.san_moves(), &moves[..60], "the whole game is printed");
    assert!(fs::metadata(d.join("fz.pgn")).expect("the last save that fit").len() <= 1024);
}

trait SignalOrNone {
    fn signal_or_none(&self) -> Option<i32>;
}

impl SignalOrNone for ExitStatus {
    fn signal_or_none(&self) -> Option<i32> {
        std::os::unix::process::ExitStatusExt::signal(self)
    }
}

// ----- 4. pipes where game files were -----

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().expect("mkfifo runs").success());
}

#[test]
fn pgn_refuses_a_named_pipe_at_once_in_one_line() {
    let dir = TempDir::new("hostile-pgn-fifo");
    let d = dir.path();
    mkfifo(&d.join("fifo.pgn"));
    let (status, stdout, stderr) = run(d, &["--pgn", "fifo.pgn", "--plain"], "");
    assert!(!status.success());
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(stderr, "hotseat: cannot read fifo.pgn: it is a FIFO (named pipe), not a regular file\n");
}

const FINISHED: &str = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n";

const UNFINISHED: &str = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";

#[test]
fn the_library_opens_a_game_swapped_for_a_pipe_without_waiting_on_it() {
    let dir = TempDir::new("hostile-library-fifo");
    let d = dir.path();
    let games = d.join("data/games");
    fs::create_dir_all(&games).expect("the games folder");
    // A finished game, opened to look through (an unfinished one is locked first,
    // which refused a pipe already).
    fs::write(games.join("fin.pgn"), FINISHED).expect("a game");
    let mut s = Pty::start(&["games"], Some(d), &[("HOTSEAT_DATA_DIR", &d.join("data"))]);
    s.wait_for("Anna – Ben");
    fs::remove_file(games.join("fin.pgn")).expect("removed");
    mkfifo(&games.join("fin.pgn"));
    s.send("\r");
    s.wait_for("Not opened: cannot read");
    // Delete, too, leaves it alone with why.
    s.send("\x04");
    s.wait_for("Delete");
    s.send("Y");
    s.wait_for("was not deleted");
    s.send("\x11");
    assert!(s.wait_for_exit().success());
    assert!(fs::symlink_metadata(games.join("fin.pgn")).expect("still there").file_type().is_fifo_like());
}

trait FifoLike {
    fn is_fifo_like(&self) -> bool;
}

impl FifoLike for fs::FileType {
    fn is_fifo_like(&self) -> bool {
        std::os::unix::fs::FileTypeExt::is_fifo(self)
    }
}

// ----- 5. the lock lost with its folder -----

#[test]
fn a_lock_lost_with_its_folder_is_said_and_the_next_hotseat_s_game_is_not_written_over() {
    let dir = TempDir::new("hostile-lock-lost");
    let d = dir.path();
    fs::create_dir(d.join("box")).expect("a folder");
    let mut first = Plain::start(d, &["--save", "box/g.pgn"], None);
    first.play("e4", "Black", 1);
    fs::remove_dir_all(d.join("box")).expect("removed");
    fs::create_dir(d.join("box")).expect("made again");
    // A second hotseat is let in on the name, and plays.
    let mut second = Plain::start(d, &["--save", "box/g.pgn"], None);
    second.play("d4", "Black", 1);
    first.play("e5", "White", 2);
    first.wait_for("the lock on box/g.pgn was lost");
    let (_, said, _) = first.finish();
    assert!(said.contains("1. e4 e5"), "the unsaved game is printed: {said}");
    assert_eq!(saved_moves(&d.join("box/g.pgn")), ["d4"], "the second game is kept");
    assert!(d.join("box/.g.pgn.lock").exists(), "the second hotseat's lock file is left alone");
    second.play("d5", "White", 2);
    let (status, _, stderr) = second.finish();
    assert!(status.success(), "{stderr}");
    assert_eq!(saved_moves(&d.join("box/g.pgn")), ["d4", "d5"]);
}

// ----- 6. analyse --out -----

#[test]
fn analyse_out_takes_the_care_save_takes() {
    let dir = TempDir::new("hostile-analyse-out");
    let d = dir.path();
    let script = FakeScript { default: Some(Answer::cp(0, "e2e4")), ..FakeScript::default() };
    let engine = fake_engine(d, &script);
    let engine = engine.to_str().expect("path");
    fs::write(d.join("g.pgn"), UNFINISHED).expect("the game");
    fs::write(d.join("other.pgn"), UNFINISHED).expect("another game");
    let several = format!("{UNFINISHED}\n{UNFINISHED}");
    fs::write(d.join("db.pgn"), &several).expect("a database");
    let analyse = |out: &str| run(d, &["analyse", "g.pgn", "--engine", engine, "--out", out], "");
    let (status, _, stderr) = analyse("other.pgn");
    assert!(!status.success());
    assert_eq!(stderr, "hotseat: --out other.pgn already holds a game; choose another file\n");
    let (status, _, stderr) = analyse("db.pgn");
    assert!(!status.success());
    assert!(stderr.contains("db.pgn already holds 2 games"), "{stderr}");
    assert_eq!(fs::read_to_string(d.join("db.pgn")).expect("kept"), several);
    assert_eq!(fs::read_to_string(d.join("other.pgn")).expect("kept"), UNFINISHED);
    // A game a hotseat is playing.
    let mut playing = Plain::start(d, &["--save", "live.pgn"], None);
    playing.play("e4", "Black", 1);
    let (status, _, stderr) = analyse("live.pgn");
    assert!(!status.success());
    assert!(stderr.contains("live.pgn is open in another hotseat (process"), "{stderr}");
    drop(playing);
    assert_eq!(saved_moves(&d.join("live.pgn")), ["e4"]);
    // A new name is written, ending with a newline.
    let (status, _, stderr) = analyse("new.pgn");
    assert!(status.success(), "{stderr}");
    let written = fs::read_to_string(d.join("new.pgn")).expect("written");
    assert!(written.contains("1. e4 {[%eval 0.00]}") && written.ends_with('\n'), "{written:?}");
}

// ----- 7. sizes at the limit -----

#[test]
fn a_save_name_near_the_system_limit_is_saved() {
    let dir = TempDir::new("hostile-long-name");
    let d = dir.path();
    let name = format!("{}.pgn", "g".repeat(246));
    let (status, _, stderr) = run(d, &["--save", &name, "--plain"], "e4\nquit\n");
    assert!(status.success(), "{stderr}");
    assert_eq!(saved_moves(&d.join(&name)), ["e4"]);
}

#[test]
fn no_save_is_larger_than_what_hotseat_reads_back() {
    let dir = TempDir::new("hostile-at-the-limit");
    let d = dir.path();
    game_at_the_limit(&d.join("big.pgn"));
    // Continued in a new file: the game goes on unsaved, and is printed at the end.
    let (status, stdout, stderr) =
        run(d, &["--pgn", "big.pgn", "--save", "copy.pgn", "--plain"], "e5\nNf3\nquit\n");
    assert!(stdout.contains("The game is not saved") && stdout.contains("larger than 64 MiB"), "{stderr}");
    assert!(stdout.contains("White: knight to f 3."), "the game goes on");
    assert!(stderr.contains("the game could not be saved"), "{stderr}");
    assert!(!status.success(), "the farewell says it was not saved");
    assert!(fs::metadata(d.join("copy.pgn")).map_or(true, |meta| meta.len() <= MAX_FILE_SIZE));
}

/// Writes a game with a comment that brings the file to a few bytes under the limit (any
/// move played makes it longer), and returns its bytes.
fn game_at_the_limit(path: &Path) -> Vec<u8> {
    let head = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"*\"]\n\n1. e4 {";
    let tail = "} *\n";
    let filler = MAX_FILE_SIZE as usize - head.len() - tail.len() - 8;
    let mut text = String::with_capacity(MAX_FILE_SIZE as usize);
    text.push_str(head);
    text.push_str(&"x".repeat(filler));
    text.push_str(tail);
    fs::write(path, &text).expect("a big game");
    drop(text);
    fs::read(path).expect("the big game")
}

#[test]
fn a_game_at_the_limit_continued_in_its_own_file_is_refused_before_it_starts() {
    let dir = TempDir::new("hostile-at-the-limit-own");
    let d = dir.path();
    let before = game_at_the_limit(&d.join("big.pgn"));
    // Continued in its own file: refused before the game starts, the file as it was.
    let (status, _, stderr) = run(d, &["--pgn", "big.pgn", "--save", "big.pgn", "--plain"], "e5\nquit\n");
    assert!(!status.success());
    assert_eq!(
        stderr,
        "hotseat: cannot write big.pgn: it would be larger than 64 MiB, more than hotseat reads back\n"
    );
    assert!(fs::read(d.join("big.pgn")).expect("kept") == before, "the file is as it was");
}

#[test]
fn resume_reads_no_more_of_a_file_than_the_library_does() {
    let dir = TempDir::new("hostile-resume-large");
    let d = dir.path();
    let games = d.join("data/games");
    fs::create_dir_all(&games).expect("the games folder");
    let older = games.join("2025-01-01_10-00-00Z.pgn");
    fs::write(&older, UNFINISHED).expect("a game");
    let file = fs::File::options().write(true).open(&older).expect("open");
    file.set_modified(std::time::SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000)).expect("older");
    drop(file);
    // Newer, and huge: 2 MiB of games (a sparse file would be all zeros; this one is
    // real PGN, which today's main reads and parses in full).
    let mut huge = String::new();
    while huge.len() < 2 << 20 {
        huge.push_str("[Result \"*\"]\n\n1. d4 d5 *\n\n");
    }
    fs::write(games.join("2025-06-01_10-00-00Z.pgn"), &huge).expect("a huge file");
    let (status, stdout, stderr) = run(d, &["--resume", "--plain"], "quit\n");
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("Passed over 2025-06-01_10-00-00Z.pgn: it is larger than 1 MiB"), "{stdout}");
    assert!(stdout.contains("resumed the game saved in"), "{stdout}");
}

// ----- 8. games with no move are never kept -----

#[test]
fn ctrl_n_leaves_no_empty_game_behind_and_the_farewell_names_the_game_played() {
    let dir = TempDir::new("hostile-ctrl-n");
    let d = dir.path();
    let mut s = Pty::start(&["--save", "g.pgn"], Some(d), &[("HOTSEAT_DATA_DIR", &d.join("data"))]);
    s.wait_for("White to move");
    s.play("e4", "1. e4");
    s.send("\x0e");
    s.wait_for("Abandon this game");
    s.send("Y");
    s.wait_for("New game, saved to g-2.pgn");
    assert!(names(d).contains(&"g-2.pgn".to_owned()), "the new game's file");
    // A game with no move is not asked about: Ctrl-N starts the next at once. (Keys
    // are taken in order, so the quit below comes after both.)
    for _ in 2..=3 {
        s.send("xyz\r");
        s.wait_for("Not a move");
        s.send("\x0e");
    }
    s.quit();
    assert_eq!(names(d), ["g.pgn"], "no empty game stays");
    assert!(s.raw().contains("the game before is saved to g.pgn"), "{}", s.raw());
    assert_eq!(saved_moves(&d.join("g.pgn")), ["e4"]);
}

#[test]
fn a_game_over_before_its_first_move_is_not_kept() {
    let dir = TempDir::new("hostile-mated");
    let d = dir.path();
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let (status, stdout, stderr) = run(d, &["--fen", mated, "--plain"], "quit\n");
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("No move was played, so no game was saved."), "{stdout}");
    assert!(names(&d.join("data/games")).is_empty(), "{:?}", names(&d.join("data/games")));
}

const TWO_GAMES: &str = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[White \"Chloe\"]\n[Black \"Dev\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";

#[test]
fn a_game_looked_at_with_pgn_makes_no_file_and_a_finished_one_opens_to_look_through() {
    let dir = TempDir::new("hostile-pgn-looks");
    let d = dir.path();
    fs::write(d.join("multi.pgn"), TWO_GAMES).expect("two games");
    for _ in 0..3 {
        let (status, stdout, stderr) = run(d, &["--pgn", "multi.pgn", "--game", "1", "--plain"], "quit\n");
        assert!(status.success(), "{stderr}");
        assert!(stdout.contains("Looking through multi.pgn"), "{stdout}");
        assert!(stdout.contains("nothing was saved"), "{stdout}");
        let (status, stdout, stderr) = run(d, &["--pgn", "multi.pgn", "--game", "2", "--plain"], "quit\n");
        assert!(status.success(), "{stderr}");
        assert!(stdout.contains("Loaded from multi.pgn"), "{stdout}");
    }
    assert!(names(&d.join("data/games")).is_empty(), "{:?}", names(&d.join("data/games")));
    // A move played is a new game to keep.
    let (status, stdout, stderr) = run(d, &["--pgn", "multi.pgn", "--game", "2", "--plain"], "c4\nquit\n");
    assert!(status.success(), "{stderr}");
    let kept = names(&d.join("data/games"));
    assert_eq!(kept.len(), 1, "{kept:?} {stdout}");
    assert_eq!(saved_moves(&d.join("data/games").join(&kept[0])), ["d4", "d5", "c4"]);
    assert_eq!(fs::read_to_string(d.join("multi.pgn")).expect("kept"), TWO_GAMES);
}

// ----- 13. records that keep what they were given -----

#[test]
fn a_date_in_another_form_is_kept_as_written_when_the_game_goes_on() {
    let dir = TempDir::new("hostile-date");
    let d = dir.path();
    let game =
        "[Event \"Club\"]\n[Date \"1992\"]\n[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"*\"]\n\n1. e4 *\n";
    fs::write(d.join("g.pgn"), game).expect("a game");
    let (status, _, stderr) = run(d, &["--pgn", "g.pgn", "--save", "g.pgn", "--plain"], "e5\nquit\n");
    assert!(status.success(), "{stderr}");
    let saved = fs::read_to_string(d.join("g.pgn")).expect("saved");
    assert!(saved.contains("[Date \"1992\"]"), "{saved}");
    assert!(saved.ends_with("1. e4 e5 *\n"), "a saved file ends with a newline: {saved:?}");
}

#[test]
fn a_move_sign_pgn_does_not_define_is_refused_with_its_line_and_column() {
    let dir = TempDir::new("hostile-glyph");
    let d = dir.path();
    fs::write(d.join("g.pgn"), "[White \"Anna\"]\n[Result \"*\"]\n\n1. e4 !!! e5 *\n").expect("a game");
    let (status, stdout, stderr) = run(d, &["--pgn", "g.pgn", "--plain"], "quit\n");
    assert!(!status.success(), "{stdout}");
    assert_eq!(
        stderr,
        "hotseat: g.pgn: line 4, col 7: !!! is not a sign PGN defines (! ? !! ?? !? ?!, or $0 to $255)\n"
    );
}

#[test]
fn a_game_continued_in_its_own_file_keeps_the_time_of_a_turn_under_way_with_no_move_played() {
    let dir = TempDir::new("hostile-in-place-clock");
    let d = dir.path();
    let game = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"*\"]\n[TimeControl \"300+0\"]\n\n\
                1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 0:05:00]} *\n";
    fs::write(d.join("g.pgn"), game).expect("a game");
    let (status, stdout, stderr) = run(d, &["--pgn", "g.pgn", "--save", "g.pgn", "--plain"], "quit\n");
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("Game saved to g.pgn"), "{stdout}");
    let saved = fs::read_to_string(d.join("g.pgn")).expect("saved");
    assert!(saved.contains("[TurnClock \""), "{saved}");
}
