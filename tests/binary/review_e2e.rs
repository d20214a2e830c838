//! The engine's review through the real binary in a pseudo-terminal, with the fake
//! engine of `tests/common/fake_engine.rs`: the progress shows while it works, then the
//! marks and the accuracy; a review can be stopped; quitting during one leaves no
//! engine behind; and with no engine to be found the game says how to get one and goes
//! on.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::TempDir;
use common::fake_engine::{Answer, FakeScript, Hang, fake_engine, fake_pid, fake_pids, is_alive};
use common::pty::{PATIENCE, Pty};

const CTRL_E: &str = "\x05";
const CTRL_Q: &str = "\x11";
const CTRL_W: &str = "\x17";
const F6: &str = "\x1b[17~";
const HOME: &str = "\x1b[H";

/// Fool's mate, as the fake engine sees it: White's g4 lets mate in one.
fn fools_mate_engine(dir: &Path, delay: Duration) -> std::path::PathBuf {
    let script = FakeScript {
        delay: Some(delay),
        ..FakeScript::answering([
            // The side to move's point of view, as UCI engines speak.
            (0, Answer::cp(30, "e2e4")),
            (1, Answer::cp(40, "e7e5")),
            (2, Answer::cp(-50, "d2d4")),
            (3, Answer::mate(1, "d8h4")),
        ])
    };
    fake_engine(dir, &script)
}

fn start(dir: &TempDir, engine: &Path) -> Pty {
    let engine = engine.to_str().expect("a UTF-8 path");
    Pty::start(&["--engine", engine], None, &[("HOTSEAT_DATA_DIR", dir.path())])
}

/// Ctrl-E during a game still being played: the players are asked first, since
/// both will see the engine's verdicts, and Y starts the review.
fn review_mid_game(pty: &mut Pty) {
    pty.send(CTRL_E);
    pty.wait_for("Both players will see");
    pty.send("y");
}

/// Waits until every engine whose id the fake wrote in `dir` is gone (a review runs one
/// for each part of the game).
fn wait_until_gone(dir: &Path) {
    let pids = fake_pids(dir);
    assert!(!pids.is_empty(), "the fake engine wrote its process id");
    let deadline = Instant::now() + PATIENCE;
    for pid in pids {
        while is_alive(pid) {
            assert!(Instant::now() < deadline, "the engine ({pid}) is still running");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn a_review_shows_its_progress_then_the_marks_and_accuracy_and_the_better_move() {
    let dir = TempDir::new("review-e2e-whole");
    let engine = fools_mate_engine(dir.path(), Duration::from_millis(400));
    let mut pty = start(&dir, &engine);
    pty.wait_for("White to move");
    for (san, shown) in [("f3", "Black to move"), ("e5", "White to move"), ("g4", "Black to move")] {
        pty.play(san, shown);
    }
    pty.play("Qh4#", "0-1");
    pty.wait_for("^E review");
    pty.send(CTRL_E);
    pty.wait_for("Engine ▕");
    pty.wait_for("/5");
    pty.wait_for("Reviewed: ^W writes it in the PGN");
    let screen = pty.contents();
    assert!(screen.contains("g4??"), "{screen}");
    assert!(screen.contains("White ") && screen.contains("%  ?! "), "{screen}");
    assert!(screen.contains("f3?!"), "{screen}");
    pty.send(HOME);
    pty.send(F6);
    pty.wait_for("1. f3?! best e4");
    pty.send(F6);
    pty.wait_for("2. g4?? best d4");
    // Written into the saved game only when asked.
    assert!(!saved_game(dir.path()).contains("%eval"));
    pty.send(CTRL_W);
    pty.wait_for("Review written into the game record");
    pty.send(CTRL_Q);
    assert!(pty.wait_for_exit().success());
    wait_until_gone(dir.path());
    let saved = saved_game(dir.path()).replace('\n', " ");
    assert!(saved.contains("2. g4 $4 {[%eval #-1]} (2. d4)"), "{saved}");
    // Five positions are one part of the game: one engine, as `hotseat analyse` has.
    assert_eq!(fake_pids(dir.path()).len(), 1);
}

/// The one game saved in the data directory `dir`.
fn saved_game(dir: &Path) -> String {
    let games: Vec<_> = std::fs::read_dir(dir.join("games"))
        .expect("the games folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "pgn"))
        .collect();
    assert_eq!(games.len(), 1, "{games:?}");
    std::fs::read_to_string(&games[0]).expect("the saved game")
}

#[test]
fn a_review_can_be_stopped_and_quitting_during_one_leaves_no_engine_behind() {
    let dir = TempDir::new("review-e2e-stop");
    let engine = fools_mate_engine(dir.path(), Duration::from_secs(30));
    let mut pty = start(&dir, &engine);
    pty.wait_for("White to move");
    pty.play("e4", "Black to move");
    review_mid_game(&mut pty);
    pty.wait_for("Engine ▕");
    // The engine is started on its own thread: wait for it to say who it is.
    let deadline = Instant::now() + PATIENCE;
    while fake_pid(dir.path()).is_none() {
        assert!(Instant::now() < deadline, "the engine never started");
        pty.read_for(Duration::from_millis(20));
    }
    pty.send(CTRL_E);
    pty.wait_for("Review stopped: 0 of 2 positions analysed.");
    wait_until_gone(dir.path());
    // The game goes on, and a second review is left running when the players quit.
    std::fs::remove_file(common::fake_engine::pid_file(dir.path())).expect("the old id removed");
    pty.play("e5", "White to move");
    review_mid_game(&mut pty);
    let deadline = Instant::now() + PATIENCE;
    while fake_pid(dir.path()).is_none() {
        assert!(Instant::now() < deadline, "the engine never started again");
        pty.read_for(Duration::from_millis(20));
    }
    pty.send(CTRL_Q);
    assert!(pty.wait_for_exit().success());
    wait_until_gone(dir.path());
}

#[test]
fn with_no_engine_the_game_says_how_to_get_one_and_goes_on() {
    let dir = TempDir::new("review-e2e-none");
    let missing = dir.path().join("no-such-engine");
    let mut pty = start(&dir, &missing);
    pty.wait_for("White to move");
    pty.play("e4", "Black to move");
    review_mid_game(&mut pty);
    pty.wait_for("No review, the game goes on: No chess engine found");
    pty.wait_for("apt-get install stockfish");
    pty.play("e5", "White to move");
    pty.send(CTRL_Q);
    assert!(pty.wait_for_exit().success());
}

#[test]
fn an_engine_that_crashes_mid_review_ends_the_review_and_the_game_goes_on() {
    let dir = TempDir::new("review-e2e-crash");
    // The position after 1. e4, whichever engine has it; how many others are done by
    // then depends on how many engines share the game.
    let script = FakeScript { crash_at: Some(1), ..FakeScript::default() };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine);
    pty.wait_for("White to move");
    pty.play("e4", "Black to move");
    pty.play("e5", "White to move");
    review_mid_game(&mut pty);
    pty.wait_for("No review, the game goes on:");
    pty.wait_for("Review failed at ");
    pty.play("Nf3", "Black to move");
    pty.send(CTRL_Q);
    assert!(pty.wait_for_exit().success());
    wait_until_gone(dir.path());
}

#[test]
fn an_engine_that_hangs_never_holds_up_the_game() {
    let dir = TempDir::new("review-e2e-hang");
    let script = FakeScript { hang: Some(Hang::Go(1)), ..FakeScript::default() };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine);
    pty.wait_for("White to move");
    pty.play("e4", "Black to move");
    review_mid_game(&mut pty);
    pty.wait_for("Engine ▕");
    // Once the engine is at work (it wrote its id and was asked to search: on a busy
    // machine the board can be quicker than the engine's start)...
    let deadline = Instant::now() + PATIENCE;
    while !std::fs::read_to_string(common::fake_engine::log_file(dir.path()))
        .is_ok_and(|log| log.contains("go "))
    {
        assert!(Instant::now() < deadline, "the engine was never asked to search");
        std::thread::sleep(Duration::from_millis(20));
    }
    // ...it thinks forever about its first position; the game goes on at once.
    for (san, shown) in [("e5", "White to move"), ("Nf3", "Black to move"), ("Nc6", "White to move")] {
        let asked = Instant::now();
        pty.play(san, shown);
        assert!(asked.elapsed() < Duration::from_secs(5), "{san} waited on the engine");
    }
    pty.wait_for("Out of date: the moves changed");
    pty.send(CTRL_Q);
    assert!(pty.wait_for_exit().success());
    wait_until_gone(dir.path());
}

/// Waits until the engine whose id the fake wrote in `dir` has ended: behind a
/// wrapper script it is not hotseat's child, and whoever adopts it may be slow to reap.
fn wait_until_ended(dir: &Path) {
    let pids = fake_pids(dir);
    assert!(!pids.is_empty(), "the fake engine wrote its process id");
    let deadline = Instant::now() + PATIENCE;
    for pid in pids {
        while common::fake_engine::is_running(pid) {
            assert!(Instant::now() < deadline, "the engine ({pid}) is still running");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The board reviewing fool's mate with `engine`, the review started.
fn reviewing_fools_mate(dir: &TempDir, engine: &Path) -> Pty {
    let mut pty = start(dir, engine);
    pty.wait_for("White to move");
    for (san, shown) in [("f3", "Black to move"), ("e5", "White to move"), ("g4", "Black to move")] {
        pty.play(san, shown);
    }
    pty.play("Qh4#", "0-1");
    // The game is over: the review starts at once.
    pty.send(CTRL_E);
    pty
}

#[test]
fn an_engine_behind_a_wrapper_script_that_ignores_quit_ends_with_the_review() {
    let dir = TempDir::new("review-e2e-wrapped");
    let script = FakeScript { stubborn: true, ..FakeScript::default() };
    let engine = common::fake_engine::wrapper(dir.path(), &fake_engine(dir.path(), &script));
    let mut pty = reviewing_fools_mate(&dir, &engine);
    pty.wait_for("Reviewed: ^W writes it in the PGN");
    wait_until_ended(dir.path());
    pty.send(CTRL_Q);
    assert!(pty.wait_for_exit().success());
}

#[test]
fn two_ending_signals_close_together_leave_no_engine_behind() {
    // Two ending signals close together (a session manager's SIGTERM and SIGHUP) are
    // one request: the game ends the orderly way, and the engine behind its wrapper
    // with it. Ten times over: the old fast way out, which this pair once took, left
    // the engine running about one time in three.
    for round in 0..10 {
        let dir = TempDir::new(&format!("review-e2e-two-signals-{round}"));
        let script = FakeScript { stubborn: true, hang: Some(Hang::Go(1)), ..FakeScript::default() };
        let engine = common::fake_engine::wrapper(dir.path(), &fake_engine(dir.path(), &script));
        let mut pty = reviewing_fools_mate(&dir, &engine);
        let deadline = Instant::now() + PATIENCE;
        let log = common::fake_engine::log_file(dir.path());
        while std::fs::read_to_string(&log).map_or(true, |log| !log.contains("go ")) {
            assert!(Instant::now() < deadline, "the engine never started searching");
            pty.read_for(Duration::from_millis(20));
        }
        // Two different signals, so the kernel cannot merge them into one.
        let pid = pty.child.process_id().expect("the binary's id");
        let sent = std::process::Command::new("sh")
            .args(["-c", "kill -TERM $0; kill -HUP $0", &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let status = pty.wait_for_exit();
        assert!(!status.success(), "{status:?}");
        wait_until_ended(dir.path());
    }
}
