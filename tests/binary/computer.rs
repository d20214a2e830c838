//! The engine at the board (`--computer`) through the real binary in a pseudo-terminal,
//! with the scripted fake engine of `tests/common/fake_engine.rs`: it answers on the
//! board and in plain text, the saved game names it, it keeps within its clock, it is
//! told of Chess960; a take-back takes its answer too; draw offers, resignations;
//! and its faults: missing, crashing, hanging, and never outliving hotseat.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::TempDir;
use common::fake_engine::{Answer, FakeScript, Hang, fake_engine, fake_pid, is_alive, log_file};
use common::pty::{PATIENCE, Pty};

/// The fake engine answering these positions so, with one line each: it offers
/// `MultiPV`, so the low levels choose among its lines (the one there is) rather
/// than play a random move now and then, as they would with an engine without it.
fn scripted(answers: impl IntoIterator<Item = (usize, Answer)>) -> FakeScript {
    FakeScript {
        options: vec!["option name MultiPV type spin default 1 min 1 max 500".into()],
        ..FakeScript::answering(answers)
    }
}

/// The fake engine answering 1. e4 with e5 and 2. Nf3 with Nc6.
fn replies() -> FakeScript {
    scripted([(1, Answer::cp(-20, "e7e5")), (3, Answer::cp(-30, "b8c6"))])
}

/// The real binary against the engine at `engine`, its games in `dir`.
pub(crate) fn start(dir: &TempDir, engine: &Path, args: &[&str]) -> Pty {
    let mut all = vec!["--engine", engine.to_str().expect("a UTF-8 path")];
    all.extend_from_slice(args);
    Pty::start(&all, None, &[("HOTSEAT_DATA_DIR", dir.path())])
}

/// The one game saved in the data directory `dir`.
pub(crate) fn saved_game(dir: &Path) -> String {
    let games: Vec<PathBuf> = std::fs::read_dir(dir.join("games"))
        .expect("the games folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "pgn"))
        .collect();
    assert_eq!(games.len(), 1, "{games:?}");
    std::fs::read_to_string(&games[0]).expect("the saved game")
}

/// Reads the terminal until the fake engine's log holds `text`.
fn wait_for_log(pty: &mut Pty, dir: &Path, text: &str) -> String {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let log = std::fs::read_to_string(log_file(dir)).unwrap_or_default();
        if log.contains(text) {
            return log;
        }
        assert!(Instant::now() < deadline, "the engine was never sent {text:?}:\n{log}");
        pty.read_for(Duration::from_millis(20));
    }
}

fn quit_plain(pty: &mut Pty) {
    pty.send("quit\r");
    assert!(pty.wait_for_exit().success(), "{}", pty.raw());
}

#[test]
fn the_engine_answers_on_the_board_and_the_saved_game_names_it() {
    let dir = TempDir::new("computer-board");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--computer", "black", "--white", "Ann"]);
    pty.wait_for("White to move");
    pty.play("e4", "1. e4");
    pty.wait_for("e5");
    pty.play("Nf3", "2. Nf3");
    pty.wait_for("Nc6");
    pty.quit();
    let saved = saved_game(dir.path());
    assert!(saved.contains("[White \"Ann\"]"), "{saved}");
    assert!(saved.contains("[Black \"Fake Engine, level 2\"]"), "{saved}");
    assert!(saved.contains("1. e4 e5 2. Nf3 Nc6"), "{saved}");
}

#[test]
fn a_line_typed_while_the_engine_thinks_waits_its_turn() {
    let dir = TempDir::new("computer-seat");
    let script = FakeScript { delay: Some(Duration::from_secs(3)), ..replies() };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("White: e4.");
    wait_for_log(&mut pty, dir.path(), "go movetime");
    // Black's move typed here while the engine thinks is never Black's: the line
    // waits until the engine has moved, and is then read as White's (which it is not).
    pty.send("d5\r");
    pty.wait_for("Black: e5.");
    pty.wait_for("did you mean d4?");
    assert!(!pty.contents().contains("Black: d5."), "{}", pty.contents());
    quit_plain(&mut pty);
}

#[test]
fn with_no_engine_one_clear_line_comes_before_the_terminal_is_touched() {
    let dir = TempDir::new("computer-none");
    let missing = dir.path().join("no-such-engine");
    let mut pty = start(&dir, &missing, &["--computer", "white"]);
    let status = pty.wait_for_exit();
    assert!(!status.success());
    let raw = pty.raw();
    assert!(raw.contains("No chess engine found"), "{raw}");
    assert!(raw.contains("apt-get install stockfish"), "{raw}");
    assert_eq!(raw.trim().lines().count(), 1, "one line: {raw}");
    assert!(!raw.contains('\u{1b}'), "the terminal was never touched: {raw:?}");
}

#[test]
fn an_elo_the_engine_cannot_keep_to_is_said_plainly() {
    let dir = TempDir::new("computer-elo");
    let script = FakeScript {
        options: vec![
            "option name MultiPV type spin default 1 min 1 max 500".into(),
            "option name UCI_LimitStrength type check default false".into(),
            "option name UCI_Elo type spin default 1350 min 1350 max 2850".into(),
        ],
        ..replies()
    };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--computer", "black", "--elo", "400"]);
    assert!(!pty.wait_for_exit().success());
    let raw = pty.raw();
    assert!(raw.contains("ask for 500 to 2850 Elo"), "{raw}");
    assert!(!raw.contains('\u{1b}'), "{raw:?}");
    // Within the range it is asked for, and named so.
    let mut pty = start(&dir, &engine, &["--plain", "--computer", "black", "--elo", "1800"]);
    pty.wait_for("against Fake Engine, 1800 Elo.");
    pty.send("e4\r");
    let log = wait_for_log(&mut pty, dir.path(), "go movetime");
    assert!(log.contains("setoption name UCI_LimitStrength value true"), "{log}");
    assert!(log.contains("setoption name UCI_Elo value 1800"), "{log}");
    quit_plain(&mut pty);
}

#[test]
fn undo_takes_back_the_engines_answer_with_the_move_and_redo_plays_both() {
    let dir = TempDir::new("computer-undo");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("Black: e5.");
    pty.send("undo\r");
    // The engine's answer goes with the move, and both are named.
    pty.wait_for("Taken back: 1. e4 e5.");
    pty.send("fen\r");
    pty.wait_for("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    pty.send("redo\r");
    pty.send("pgn\r");
    pty.wait_for("1. e4 e5 *");
    quit_plain(&mut pty);
}

#[test]
fn a_take_back_while_the_engine_thinks_stops_it_and_its_answer_is_never_played() {
    let dir = TempDir::new("computer-cancel");
    let script = FakeScript { delay: Some(Duration::from_millis(500)), ..replies() };
    let engine = fake_engine(dir.path(), &script);
    // On the board, where a key acts at once (lines of plain text wait for the engine).
    let mut pty = start(&dir, &engine, &["--computer", "black"]);
    pty.wait_for("White to move");
    pty.play("e4", "1. e4");
    wait_for_log(&mut pty, dir.path(), "go movetime");
    pty.send("\x1a");
    pty.wait_for("Taken back: 1. e4.");
    // The engine is told to stop, and its answer, when it comes, is dropped.
    wait_for_log(&mut pty, dir.path(), "stop");
    let answered = dir.path().join("answered-1");
    let deadline = Instant::now() + PATIENCE;
    while !answered.exists() {
        assert!(Instant::now() < deadline, "the engine never answered");
        pty.read_for(Duration::from_millis(20));
    }
    pty.play("d4", "1. d4");
    pty.wait_for("e5");
    pty.quit();
    // The move taken back is kept as a variation, as in any game.
    let saved = saved_game(dir.path());
    assert!(saved.contains("1. d4 (1. e4) 1... e5 *"), "{saved}");
}

#[test]
fn a_draw_offer_is_answered_from_the_engines_evaluation() {
    let dir = TempDir::new("computer-draw");
    // After 1. e4 the engine thinks it stands worse; after 1. d4, better.
    let script = scripted([(1, Answer::cp(-200, "e7e5")), (3, Answer::cp(-200, "b8c6"))]);
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    // The offer made with the move, before the engine's answer can come.
    pty.send("e4 draw\r");
    pty.wait_for("Fake Engine accepts the draw.");
    quit_plain(&mut pty);
    assert!(saved_game(dir.path()).contains("[Result \"1/2-1/2\"]"));

    let dir = TempDir::new("computer-draw-declined");
    let script = scripted([(1, Answer::cp(150, "e7e5")), (3, Answer::cp(150, "b8c6"))]);
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4 draw\r");
    pty.wait_for("Black: e5.");
    pty.wait_for("Fake Engine declines the draw.");
    quit_plain(&mut pty);
    assert!(saved_game(dir.path()).contains("[Result \"*\"]"));
}

#[test]
fn the_engine_resigns_a_hopeless_game_only_at_its_own_strength_from_level_5() {
    let hopeless = || scripted([(1, Answer::cp(-2000, "e7e5")), (3, Answer::cp(-2000, "b8c6"))]);
    for (level, resigns) in [("5", true), ("4", false)] {
        let dir = TempDir::new(&format!("computer-resign-{level}"));
        let engine = fake_engine(dir.path(), &hopeless());
        let args = ["--plain", "--announce", "san", "--computer", "black", "--level", level];
        let mut pty = start(&dir, &engine, &args);
        pty.wait_for("White to move.");
        pty.send("e4\r");
        pty.wait_for("Black: e5.");
        pty.send("Nf3\r");
        if resigns {
            pty.wait_for("Fake Engine resigns.");
        } else {
            pty.wait_for("Black: Nc6.");
        }
        quit_plain(&mut pty);
        let saved = saved_game(dir.path());
        assert_eq!(saved.contains("[Result \"1-0\"]"), resigns, "level {level}: {saved}");
    }
}

#[test]
fn the_engine_keeps_within_its_clock_and_is_told_of_chess960() {
    let dir = TempDir::new("computer-clock");
    // White's first move, as the fake engine knows position 518 (the usual set-up).
    let engine = fake_engine(dir.path(), &FakeScript::answering([(0, Answer::cp(20, "e2e4"))]));
    // Level 8 thinks a second a move, but six seconds on the clock allow a thirtieth.
    let args = ["--plain", "--announce", "san", "--computer", "white", "--level", "8", "--clock", "0.1+0"];
    let args = [&args[..], &["--clock-start", "white"]].concat();
    let mut pty = start(&dir, &engine, &[&args[..], &["--chess960", "518"]].concat());
    pty.wait_for("White: e4.");
    let log = wait_for_log(&mut pty, dir.path(), "go movetime");
    assert!(log.contains("setoption name UCI_Chess960 value true"), "{log}");
    let movetime: u64 = log
        .lines()
        .find_map(|line| line.strip_prefix("go movetime "))
        .and_then(|ms| ms.split_whitespace().next()?.parse().ok())
        .expect("a move time");
    assert!(movetime <= 200, "a thirtieth of six seconds at most, not a second: {log}");
    quit_plain(&mut pty);
}

#[test]
fn the_engine_plays_on_from_a_fen_and_from_a_saved_game() {
    let dir = TempDir::new("computer-fen");
    // Black to move after 1. e4, written as a position: ply 1.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let engine = fake_engine(dir.path(), &replies());
    let mut pty =
        start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black", "--fen", fen]);
    pty.wait_for("Black: e5.");
    quit_plain(&mut pty);

    let dir = TempDir::new("computer-pgn");
    let engine = fake_engine(dir.path(), &replies());
    let file = dir.path().join("opening.pgn");
    std::fs::write(&file, "[White \"Ann\"]\n[Black \"Bo\"]\n\n1. e4 *\n").expect("the game written");
    let file = file.to_str().expect("a UTF-8 path");
    let mut pty =
        start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black", "--pgn", file]);
    pty.wait_for("Black: e5.");
    quit_plain(&mut pty);
    let games: Vec<_> = std::fs::read_dir(dir.path().join("games")).expect("games").collect();
    let saved = std::fs::read_to_string(games[0].as_ref().expect("a game").path()).expect("saved");
    assert!(saved.contains("[Black \"Fake Engine, level 2\"]"), "the engine's name replaces Bo's: {saved}");
    assert!(saved.contains("[White \"Ann\"]"), "{saved}");
}

#[test]
fn an_engine_that_crashes_mid_game_hands_its_side_back_to_a_person() {
    let dir = TempDir::new("computer-crash");
    let script = FakeScript { crash_on_go: Some(2), ..replies() };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("Black: e5.");
    pty.send("Nf3\r");
    pty.wait_for(
        "Fake Engine stopped playing (The engine stopped unexpectedly.); its side is yours to play now.",
    );
    pty.send("Nc6\r");
    pty.wait_for("Black: Nc6.");
    // A new engine takes the side again when asked.
    pty.send("computer\r");
    pty.wait_for("Fake Engine (level 2) plays Black now");
    quit_plain(&mut pty);
    let saved = saved_game(dir.path());
    let flat = saved.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "2. Nf3 {Black played by a person from here} 2... Nc6 {Black played by Fake Engine, level 2 from here}"
        ),
        "{saved}"
    );
    assert!(saved.contains("[Black \"Fake Engine, level 2\"]"), "the players' tags untouched: {saved}");
}

#[test]
fn an_engine_that_hangs_mid_game_is_given_up_on_and_its_side_handed_back() {
    let dir = TempDir::new("computer-hang");
    let script = FakeScript { hang: Some(Hang::Go(1)), ..replies() };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    wait_for_log(&mut pty, dir.path(), "go movetime");
    let pid = fake_pid(dir.path()).expect("the engine's id");
    pty.wait_for("its side is yours to play now.");
    assert!(pty.contents().contains("did not answer in time"), "{}", pty.contents());
    assert!(!is_alive(pid), "the hung engine is killed");
    pty.send("e5\r");
    pty.wait_for("Black: e5.");
    quit_plain(&mut pty);
}

#[test]
fn no_engine_outlives_hotseat_quit_or_signalled_mid_thought() {
    // Each way out in a game of its own, all at once: each waits on hotseat's grace for
    // a stubborn engine, not on the others.
    std::thread::scope(|rounds| {
        for how in ["quit", "TERM", "HUP", "INT", "TERM HUP"] {
            rounds.spawn(move || no_engine_outlives_hotseat(how));
        }
    });
}

fn no_engine_outlives_hotseat(how: &str) {
    let dir = TempDir::new(&format!("computer-orphan-{}", how.replace(' ', "-")));
    let script = FakeScript { hang: Some(Hang::Go(1)), stubborn: true, ..replies() };
    let engine = common::fake_engine::wrapper(dir.path(), &fake_engine(dir.path(), &script));
    let mut pty = start(&dir, &engine, &["--plain", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    wait_for_log(&mut pty, dir.path(), "go movetime");
    let pid = fake_pid(dir.path()).expect("the engine's id");
    if how == "quit" {
        pty.send("quit\r");
    } else {
        // Two signals close together take the quick way out (engine::end_all).
        let binary = pty.child.process_id().expect("the binary's id");
        let script: Vec<String> = how.split(' ').map(|signal| format!("kill -{signal} $0")).collect();
        let sent =
            std::process::Command::new("sh").args(["-c", &script.join("; "), &binary.to_string()]).status();
        assert!(sent.expect("kill runs").success());
    }
    pty.wait_for_exit();
    let deadline = Instant::now() + PATIENCE;
    while is_alive(pid) {
        assert!(Instant::now() < deadline, "{how}: the engine ({pid}) outlived hotseat");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_side_is_handed_to_the_engine_mid_game_and_taken_back_in_plain_text() {
    let dir = TempDir::new("computer-hand-over");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san"]);
    pty.wait_for("White to move.");
    // Two people at first; then White's player hands Black to the engine.
    pty.send("computer\r");
    pty.wait_for("Fake Engine (level 2) plays Black now");
    pty.send("e4\r");
    pty.wait_for("Black: e5.");
    pty.send("computer\r");
    pty.wait_for("Both sides are yours to play now");
    pty.send("Nf3\r");
    pty.wait_for("White: Nf3.");
    pty.send("Nc6\r");
    pty.wait_for("Black: Nc6.");
    quit_plain(&mut pty);
}

#[test]
fn ctrl_b_hands_the_other_side_to_the_engine_on_the_board() {
    let dir = TempDir::new("computer-hand-over-board");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--level", "3"]);
    pty.wait_for("White to move");
    // Black's player leaves: White, to move, hands Black to the engine.
    pty.send("\x02");
    pty.wait_for("plays Black now");
    pty.play("e4", "1. e4");
    pty.wait_for("e5");
    pty.quit();
    assert!(saved_game(dir.path()).contains("1. e4 e5"));
}

#[test]
fn ctrl_b_never_holds_up_the_board_while_the_engine_starts() {
    let dir = TempDir::new("computer-hand-over-hung");
    // An engine that never greets: the board answers keys all the while, and when it is
    // given up on, the side stays with the person here.
    let script = FakeScript { hang: Some(Hang::Handshake), ..replies() };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &[]);
    pty.wait_for("White to move");
    pty.send("\x02");
    pty.wait_for("Starting the engine to play Black");
    wait_for_log(&mut pty, dir.path(), "uci");
    let pid = fake_pid(dir.path()).expect("the engine's id");
    // Typed while the engine is greeted (it never will be): drawn before it is given up on.
    pty.send("e4");
    pty.wait_for("Move: e4");
    assert!(
        !pty.contents().contains("Black stays yours"),
        "the key waited for the engine:\n{}",
        pty.contents()
    );
    pty.send("\r");
    pty.wait_for("1. e4");
    pty.wait_for("Black stays yours to play");
    assert!(!is_alive(pid), "the engine that never greeted is killed");
    pty.play("e5", "White to move");
    pty.quit();
    let saved = saved_game(dir.path());
    assert!(saved.contains("1. e4 e5"), "{saved}");
    assert!(!saved.contains("played by"), "no side changed hands: {saved}");
}

#[test]
fn an_engine_called_off_or_left_while_it_is_greeted_is_killed() {
    // Called off while it is greeted, and once more with hotseat left meanwhile: the
    // engine is killed either way, not left behind.
    std::thread::scope(|rounds| {
        rounds.spawn(|| called_off_while_greeted(false));
        rounds.spawn(|| called_off_while_greeted(true));
    });
}

fn called_off_while_greeted(leave: bool) {
    let script = FakeScript { hang: Some(Hang::Handshake), ..replies() };
    let dir = TempDir::new(&format!("computer-hand-over-hung-{leave}"));
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &[]);
    pty.wait_for("White to move");
    pty.send("\x02");
    wait_for_log(&mut pty, dir.path(), "uci");
    let pid = fake_pid(dir.path()).expect("the engine's id");
    if leave {
        pty.quit();
    } else {
        pty.send("\x02");
        pty.wait_for("No engine then");
    }
    // Killed and reaped before the message is drawn, or hotseat is gone.
    assert!(!is_alive(pid), "the engine outlived its start (left: {leave})");
    if !leave {
        pty.quit();
    }
}

#[test]
fn the_saved_game_says_where_a_side_went_to_the_engine_and_back() {
    let dir = TempDir::new("computer-hand-over-record");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("White: e4.");
    pty.send("e5\r");
    pty.wait_for("Black: e5.");
    // After 1... e5, with White to move, Black goes to the engine, and after its 2... Nc6 back.
    pty.send("computer\r");
    pty.wait_for("Fake Engine (level 2) plays Black now");
    pty.send("Nf3\r");
    pty.wait_for("Black: Nc6.");
    // Taken back with no move after it: saved all the same.
    pty.send("computer\r");
    pty.wait_for("Both sides are yours to play now");
    quit_plain(&mut pty);
    let saved = saved_game(dir.path());
    let flat = saved.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "1. e4 e5 {Black played by Fake Engine, level 2 from here} 2. Nf3 Nc6 {Black played by a person from here} *"
        ),
        "{saved}"
    );
    assert!(
        saved.contains("[White \"?\"]") && saved.contains("[Black \"?\"]"),
        "the players' tags untouched: {saved}"
    );
}

#[test]
fn watching_two_engines_the_sides_are_handed_back_from_here() {
    let dir = TempDir::new("computer-both-watched");
    // Two engine seats; the third search never ends, and meanwhile the one watching takes
    // both sides back and plays on.
    let script = FakeScript {
        hang: Some(Hang::From(2)),
        ..scripted([(0, Answer::cp(20, "e2e4")), (1, Answer::cp(-20, "e7e5"))])
    };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "both"]);
    pty.wait_for("Black: e5.");
    pty.send("e3\r");
    pty.send("computer\r");
    pty.wait_for("Both sides are yours to play now");
    pty.send("Nf3\r");
    pty.wait_for("White: Nf3.");
    quit_plain(&mut pty);
    let raw = pty.raw();
    assert!(!raw.contains("White: e3."), "a move from the one watching: {raw}");
}

#[test]
fn the_engine_claims_a_threefold_repetition_it_is_entitled_to() {
    let dir = TempDir::new("computer-claim");
    let there = |ply| (ply, Answer::cp(0, "g8f6"));
    let back = |ply| (ply, Answer::cp(0, "f6g8"));
    let engine = fake_engine(dir.path(), &scripted([there(1), back(3), there(5), back(7)]));
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    for (n, white) in ["Nf3", "Ng1", "Nf3", "Ng1"].iter().enumerate() {
        pty.send(&format!("{white}\r"));
        // The same answers come again: counted in all that was written.
        let answer = format!("Black: {}.", if n % 2 == 0 { "Nf6" } else { "Ng8" });
        let deadline = Instant::now() + PATIENCE;
        while pty.raw().matches(&answer).count() < n / 2 + 1 {
            assert!(Instant::now() < deadline, "never {answer} ({n}):\n{}", pty.contents());
            pty.read_for(Duration::from_millis(20));
        }
    }
    // The third time the position after 1. Nf3 comes, with the engine to move.
    pty.send("Nf3\r");
    pty.wait_for("1/2-1/2");
    quit_plain(&mut pty);
    let saved = saved_game(dir.path());
    assert!(saved.contains("[Result \"1/2-1/2\"]"), "{saved}");
    assert!(saved.contains("5. Nf3 1/2-1/2"), "claimed before its move: {saved}");
}

/// Rooks shuffled on the a-file from move `fullmove`, the engine (Black, level 8) finding
/// the position level each time; what was said.
fn rooks_shuffled_from_move(fullmove: u32) -> String {
    let dir = TempDir::new(&format!("computer-offers-{fullmove}"));
    let ply = 2 * (fullmove as usize - 1);
    let engine = fake_engine(
        dir.path(),
        &scripted([
            (ply + 1, Answer::cp(0, "a8a7")),
            (ply + 3, Answer::cp(5, "a7a8")),
            (ply + 5, Answer::cp(-10, "a8a7")),
            (ply + 7, Answer::cp(0, "a7a8")),
        ]),
    );
    let fen = format!("r3k3/8/8/8/8/8/8/R3K3 w - - 0 {fullmove}");
    let mut pty = start(
        &dir,
        &engine,
        &["--plain", "--announce", "san", "--computer", "black", "--level", "8", "--fen", &fen],
    );
    pty.wait_for("White to move.");
    for (n, (white, black)) in
        [("Ra2", "Ra7"), ("Ra1", "Ra8"), ("Ra2", "Ra7"), ("Ra1", "Ra8")].into_iter().enumerate()
    {
        pty.send(&format!("{white}\r"));
        let answer = format!("Black: {black}.");
        let deadline = Instant::now() + PATIENCE;
        while pty.raw().matches(&answer).count() < n / 2 + 1 {
            assert!(Instant::now() < deadline, "never {answer}:\n{}", pty.contents());
            pty.read_for(Duration::from_millis(20));
        }
    }
    quit_plain(&mut pty);
    pty.raw()
}

#[test]
fn the_engine_offers_a_draw_in_a_dead_level_position_late_in_the_game_once_a_while() {
    // Three level searches in a row, from move 30 on: an offer with the third move, and
    // none with the fourth (ten moves must pass).
    let said = rooks_shuffled_from_move(40);
    assert_eq!(said.matches("(Black) offers a draw").count(), 1, "{said}");
    let offer = said.find("(Black) offers a draw").expect("an offer");
    assert!(
        said[..offer].matches("Black: Ra7.").count() == 2 && said[..offer].contains("Black: Ra8."),
        "{said}"
    );
    // The same, early in the game: no offer.
    let said = rooks_shuffled_from_move(10);
    assert!(!said.contains("offers a draw"), "{said}");
}

// ----- the coach -----

#[test]
fn the_coach_judges_each_coached_move_and_gives_one_hint_a_move_counted_in_the_tags() {
    let dir = TempDir::new("coach-blunder");
    // The start: e4 is best, White a little better. After White's move (whichever), Black
    // stands three pawns better: a blunder, unless it was e4.
    let engine = fake_engine(
        dir.path(),
        &FakeScript::answering([(0, Answer::cp(30, "e2e4")), (1, Answer::cp(300, "e7e5"))]),
    );
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--coach", "white"]);
    pty.wait_for("White to move.");
    pty.send("hint\r");
    pty.wait_for("Hint (Fake Engine): e4.");
    pty.send("hint\r");
    pty.wait_for("One hint a move: the coach has given it.");
    pty.send("a3\r");
    pty.wait_for("Coach: 1. a3 was a blunder; better was e4.");
    // Black is not coached: no hint, no verdict.
    pty.send("hint\r");
    pty.wait_for("The coach does not help Black in this game");
    quit_plain(&mut pty);
    let saved = saved_game(dir.path());
    assert!(saved.contains("[Coach \"White\"]"), "{saved}");
    assert!(saved.contains("[CoachHints \"White 1, Black 0\"]"), "{saved}");
    assert!(!saved.contains("blunder") && !saved.contains("$4"), "verdicts stay out of the game: {saved}");

    let dir = TempDir::new("coach-best");
    let engine = fake_engine(
        dir.path(),
        &FakeScript::answering([(0, Answer::cp(30, "e2e4")), (1, Answer::cp(-30, "e7e5"))]),
    );
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--coach", "both"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("Coach: 1. e4 was the best move.");
    quit_plain(&mut pty);
}

#[test]
fn the_coach_never_holds_up_a_move_and_no_hint_without_one() {
    let dir = TempDir::new("coach-hung");
    // A coach that never answers after the first move: the moves go on all the same,
    // and once it is given up on, the game goes on without it.
    let script = FakeScript {
        hang: Some(Hang::From(1)),
        ..FakeScript::answering([(0, Answer::cp(30, "e2e4")), (1, Answer::cp(-30, "e7e5"))])
    };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--coach", "white"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("White: e4.");
    wait_for_log(&mut pty, dir.path(), "4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\ngo");
    for (line, shown) in [("e5", "Black: e5."), ("Nf3", "White: Nf3."), ("Nc6", "Black: Nc6.")] {
        pty.send(&format!("{line}\r"));
        pty.wait_for(shown);
    }
    pty.wait_for("The coach stopped (The engine did not answer in time");
    assert!(!pty.contents().contains("Coach:"), "{}", pty.contents());
    pty.send("Bb5\r");
    pty.wait_for("White: Bb5.");
    quit_plain(&mut pty);

    let dir = TempDir::new("coach-none");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--plain"]);
    pty.wait_for("White to move.");
    pty.send("hint\r");
    pty.wait_for("No coach in this game");
    quit_plain(&mut pty);
}

#[test]
fn the_coachs_verdict_and_hint_show_on_the_board() {
    let dir = TempDir::new("coach-board");
    let engine = fake_engine(
        dir.path(),
        &FakeScript::answering([(0, Answer::cp(30, "e2e4")), (1, Answer::cp(300, "e7e5"))]),
    );
    let mut pty = start(&dir, &engine, &["--coach", "white"]);
    pty.wait_for("White to move");
    pty.send("\x01");
    pty.wait_for("Hint (Fake Engine): e4.");
    pty.play("a3", "Black to move");
    pty.wait_for("Coach: 1. a3 was a blunder; better was e4.");
    pty.quit();
}

#[test]
fn the_coach_stays_on_for_a_new_game_and_its_tag_with_it() {
    let dir = TempDir::new("coach-new-game");
    let engine = fake_engine(
        dir.path(),
        &FakeScript::answering([(0, Answer::cp(30, "e2e4")), (1, Answer::cp(-30, "e7e5"))]),
    );
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--coach", "white"]);
    pty.wait_for("White to move.");
    pty.send("hint\r");
    pty.wait_for("Hint (Fake Engine): e4.");
    pty.send("e4\r");
    pty.wait_for("Coach: 1. e4 was the best move.");
    pty.send("new\r");
    pty.wait_for("Abandon this game");
    pty.send("y\r");
    pty.wait_for("New game");
    // The same move in the new game is judged again, and a hint is there again.
    pty.send("hint\r");
    let deadline = Instant::now() + PATIENCE;
    while pty.raw().matches("Hint (Fake Engine): e4.").count() < 2 {
        assert!(Instant::now() < deadline, "no hint in the new game:\n{}", pty.contents());
        pty.read_for(Duration::from_millis(20));
    }
    pty.send("e4\r");
    while pty.raw().matches("Coach: 1. e4 was the best move.").count() < 2 {
        assert!(Instant::now() < deadline, "no verdict in the new game:\n{}", pty.contents());
        pty.read_for(Duration::from_millis(20));
    }
    quit_plain(&mut pty);
    let games: Vec<String> = std::fs::read_dir(dir.path().join("games"))
        .expect("the games folder")
        .map(|entry| std::fs::read_to_string(entry.expect("an entry").path()).expect("a saved game"))
        .collect();
    assert_eq!(games.len(), 2, "{games:?}");
    for game in &games {
        assert!(game.contains("[Coach \"White\"]"), "{game}");
        assert!(game.contains("[CoachHints \"White 1, Black 0\"]"), "hints counted a game at a time: {game}");
    }
}

#[test]
fn the_coachs_verdict_stays_on_the_board_after_the_answer_until_the_side_moves_again() {
    let dir = TempDir::new("coach-board-stays");
    let engine = fake_engine(
        dir.path(),
        &FakeScript::answering([(0, Answer::cp(30, "e2e4")), (1, Answer::cp(300, "e7e5"))]),
    );
    let mut pty = start(&dir, &engine, &["--coach", "white"]);
    pty.wait_for("White to move");
    pty.play("a3", "Black to move");
    pty.wait_for("Coach: 1. a3 was a blunder; better was e4.");
    // The answer, played after the verdict came, does not hide it.
    pty.play("e5", "White to move");
    pty.wait_for("Coach: 1. a3 was a blunder; better was e4.");
    // White's next move does.
    pty.play("h3", "Black to move");
    assert!(!pty.contents().contains("1. a3 was a blunder"), "{}", pty.contents());
    pty.quit();
}

#[test]
fn the_coach_judges_the_persons_moves_not_the_engines() {
    let dir = TempDir::new("coach-not-the-engine");
    let engine =
        fake_engine(dir.path(), &scripted([(0, Answer::cp(30, "e2e4")), (1, Answer::cp(-30, "e7e5"))]));
    let mut pty =
        start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "white", "--coach", "both"]);
    pty.wait_for("White: e4.");
    pty.send("e5\r");
    pty.wait_for("Coach: 1… e5 was the best move.");
    quit_plain(&mut pty);
    assert!(!pty.raw().contains("Coach: 1. e4"), "the engine's move judged: {}", pty.raw());

    // Nor does it give the engine hints: asked on its move (which never comes), it says
    // so (on the board, where a key acts at once; a line of plain text waits its turn).
    let dir = TempDir::new("coach-no-hint-for-the-engine");
    let script = FakeScript { hang: Some(Hang::From(1)), ..scripted([(0, Answer::cp(30, "e2e4"))]) };
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--computer", "black", "--coach", "both"]);
    pty.wait_for("White to move");
    pty.play("e4", "1. e4");
    pty.send("\x01");
    pty.wait_for("Black is the engine's to play: the coach gives hints to people.");
    pty.quit();
    assert!(!pty.raw().contains("hint comes in a moment"), "{}", pty.raw());
}

// ----- honest strength, with the fake engine -----

/// Three lines after 1. e4: e5 and c5 about as good, f6 five pawns worse.
fn three_lines() -> Answer {
    Answer {
        infos: vec![
            "info depth 4 multipv 1 score cp 20 pv e7e5".into(),
            "info depth 4 multipv 2 score cp 10 pv c7c5".into(),
            "info depth 4 multipv 3 score cp -480 pv f7f6".into(),
        ],
        best: "e7e5".into(),
    }
}

#[test]
fn levels_set_the_engines_options_only_within_the_ranges_it_offers() {
    for (level, wanted, unwanted) in [
        ("1", "setoption name MultiPV value 3\n", "Skill Level"),
        ("5", "setoption name Skill Level value 0\n", "MultiPV value 3"),
    ] {
        let dir = TempDir::new(&format!("computer-options-{level}"));
        let script = FakeScript {
            options: vec![
                "option name MultiPV type spin default 1 min 1 max 3".into(),
                "option name Skill Level type spin default 10 min -10 max 10".into(),
            ],
            ..FakeScript::answering([(1, three_lines())])
        };
        let engine = fake_engine(dir.path(), &script);
        let mut pty = start(&dir, &engine, &["--plain", "--computer", "black", "--level", level]);
        pty.wait_for("White to move.");
        pty.send("e4\r");
        let log = wait_for_log(&mut pty, dir.path(), "go movetime");
        assert!(log.contains(wanted), "level {level}: {log}");
        assert!(!log.contains(unwanted), "level {level}: {log}");
        quit_plain(&mut pty);
    }
}

/// The move the engine answers 1. e4 with at level 1, with this seed.
fn answer_with_seed(seed: &str) -> String {
    let dir = TempDir::new(&format!("computer-seed-{seed}"));
    let engine = fake_engine(dir.path(), &scripted([(1, three_lines())]));
    let args = ["--engine", engine.to_str().expect("a UTF-8 path"), "--plain", "--announce", "san"];
    let args = [&args[..], &["--computer", "black", "--level", "1"]].concat();
    let env = [("HOTSEAT_DATA_DIR", dir.path()), ("HOTSEAT_SEED", Path::new(seed))];
    let mut pty = Pty::start(&args, None, &env);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    let deadline = Instant::now() + PATIENCE;
    let answer = loop {
        if let Some(line) =
            pty.contents().lines().find(|line| line.starts_with("Black: ") && line.ends_with('.'))
        {
            break line.to_owned();
        }
        assert!(Instant::now() < deadline, "no answer:\n{}", pty.contents());
        pty.read_for(Duration::from_millis(20));
    };
    quit_plain(&mut pty);
    answer
}

#[test]
fn level_1_chooses_the_same_for_a_seed() {
    // Level 1 plays a beginner's random move 4 times in 5 (since the ladder of issue 29),
    // else one of the engine's lines: any legal answer, the same for a seed.
    let answers: Vec<String> = (1..=8).map(|seed| answer_with_seed(&seed.to_string())).collect();
    assert_eq!(answer_with_seed("3"), answers[2], "the same seed, the same choice");
    assert!(answers.iter().any(|a| a != &answers[0]), "not always the best line: {answers:?}");
}

#[test]
fn a_game_against_the_engine_is_resumed_with_it() {
    let dir = TempDir::new("computer-resume");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("Black: e5.");
    quit_plain(&mut pty);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black", "--resume"]);
    pty.wait_for("White to move.");
    pty.send("Nf3\r");
    pty.wait_for("Black: Nc6.");
    quit_plain(&mut pty);
    let saved = saved_game(dir.path());
    assert!(saved.contains("1. e4 e5 2. Nf3 Nc6"), "{saved}");
    assert!(saved.contains("[Black \"Fake Engine, level 2\"]"), "{saved}");
}

#[test]
fn an_engine_that_hangs_with_its_clock_running_loses_on_time() {
    let dir = TempDir::new("computer-hang-clock");
    let script = FakeScript { hang: Some(Hang::Go(1)), ..scripted([(0, Answer::cp(20, "e2e4"))]) };
    let engine = fake_engine(dir.path(), &script);
    let args = ["--plain", "--computer", "white", "--clock", "0.05+0", "--clock-start", "white"];
    let mut pty = start(&dir, &engine, &args);
    pty.wait_for("White (Fake Engine, level 2) to move.");
    // Three seconds on its clock, and more than five before it would be given up on.
    pty.wait_for("Black wins on time 0-1.");
    // A game with no move is not kept, whatever ended it.
    quit_plain(&mut pty);
}

// ----- the engine as a seat like any other (issue 26) -----

/// The fake engine answering 1. e4 with e5, 2. Nf3 with Nc6 and 3. Bc4 with Nf6, a
/// little slowly, so that lines typed ahead come while it thinks.
fn three_replies() -> FakeScript {
    FakeScript {
        delay: Some(Duration::from_millis(300)),
        ..scripted([(1, Answer::cp(-20, "e7e5")), (3, Answer::cp(-30, "b8c6")), (5, Answer::cp(-30, "g8f6"))])
    }
}

/// Runs the binary with `args` and `input` on a pipe (no terminal at all), in the data
/// directory `dir`; its exit status and what it printed. Killed, and the test failed,
/// if it does not end in time.
fn piped(dir: &Path, args: &[&str], input: &str) -> (std::process::ExitStatus, String) {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .env("HOTSEAT_DATA_DIR", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("its input").write_all(input.as_bytes()).expect("the lines written");
    let deadline = Instant::now() + PATIENCE;
    loop {
        if child.try_wait().expect("its status").is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let out = child.wait_with_output().expect("its output");
            panic!("the binary did not end:\n{}", String::from_utf8_lossy(&out.stdout));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("its output");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status, format!("{text}{}", String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn scripted_lines_against_the_engine_are_played_in_turn_and_saved_with_every_answer() {
    let dir = TempDir::new("computer-script-pipe");
    let engine = fake_engine(dir.path(), &three_replies());
    let save = dir.path().join("x.pgn");
    let args = ["--engine", engine.to_str().expect("UTF-8"), "--computer", "black", "--announce", "san"];
    let args = [&args[..], &["--save", save.to_str().expect("UTF-8")]].concat();
    let (status, out) = piped(dir.path(), &args, "e4\nNf3\nBc4\n");
    assert!(status.success(), "{out}");
    // Each line waited for the engine's answer to the one before; the end of input
    // waited for its answer to the last.
    let told: Vec<&str> =
        out.lines().filter(|line| line.starts_with("White: ") || line.starts_with("Black: ")).collect();
    assert_eq!(
        told,
        ["White: e4.", "Black: e5.", "White: Nf3.", "Black: Nc6.", "White: Bc4.", "Black: Nf6."],
        "{out}"
    );
    let saved = std::fs::read_to_string(&save).expect("saved");
    assert!(saved.contains("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 *"), "{saved}");
}

#[test]
fn plain_lines_typed_ahead_in_a_terminal_wait_their_turn_and_the_end_waits_for_the_answer() {
    let dir = TempDir::new("computer-script-pty");
    let engine = fake_engine(dir.path(), &three_replies());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    // Three moves at once, then the end of input (Ctrl-D at the start of a line).
    pty.send("e4\rNf3\rBc4\r");
    pty.send("\x04");
    assert!(pty.wait_for_exit().success(), "{}", pty.raw());
    let raw = pty.raw();
    let at = |text: &str| raw.find(text).unwrap_or_else(|| panic!("never told {text:?}:\n{raw}"));
    assert!(at("White: e4.") < at("Black: e5.") && at("Black: e5.") < at("White: Nf3."), "{raw}");
    assert!(at("White: Nf3.") < at("Black: Nc6.") && at("Black: Nc6.") < at("White: Bc4."), "{raw}");
    assert!(at("White: Bc4.") < at("Black: Nf6.") && at("Black: Nf6.") < at("Game saved to"), "{raw}");
    assert!(saved_game(dir.path()).contains("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 *"));
}

#[test]
fn after_a_game_that_ends_on_the_engines_turn_every_later_line_is_answered() {
    // It mates (the fool's mate, White's moves typed ahead), it resigns (level 6, lost),
    // it accepts a draw offered with the move.
    let mates = scripted([(1, Answer::cp(100, "e7e5")), (3, Answer::mate(1, "d8h4"))]);
    let resigns = scripted([(1, Answer::cp(-2000, "e7e5")), (3, Answer::cp(-2000, "b8c6"))]);
    let draws = scripted([(1, Answer::cp(-200, "e7e5"))]);
    let cases = [
        ("mate", mates, "f3\ng4\n", "Checkmate", &[][..]),
        ("resign", resigns, "e4\nNf3\n", "Fake Engine resigns.", &["--level", "6"][..]),
        ("draw", draws, "e4 draw\n", "Fake Engine accepts the draw.", &[][..]),
    ];
    for (name, script, moves, ending, more) in cases {
        let dir = TempDir::new(&format!("computer-after-{name}"));
        let engine = fake_engine(dir.path(), &script);
        let args = ["--engine", engine.to_str().expect("UTF-8"), "--computer", "black", "--announce", "san"];
        let args = [&args[..], more].concat();
        // After the end: a move, a word that reads the game out, one unknown.
        let (status, out) = piped(dir.path(), &args, &format!("{moves}Nc3\nlast\nfoo\n"));
        assert!(status.success(), "{name}: {out}");
        let (_, after) =
            out.split_once(ending).unwrap_or_else(|| panic!("{name}: never told {ending:?}:\n{out}"));
        assert!(after.contains("The game is over"), "{name}: the move is answered:\n{out}");
        assert!(after.contains("Last move: "), "{name}: last is answered:\n{out}");
        assert!(after.contains("foo"), "{name}: an unknown word is answered:\n{out}");
    }
}

#[test]
fn a_signal_while_the_end_of_input_waits_for_the_engine_ends_the_game_at_once() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let dir = TempDir::new("computer-script-signal");
    // An engine that never answers: it would be given up on only after seconds.
    let engine = fake_engine(dir.path(), &FakeScript { hang: Some(Hang::Go(1)), ..replies() });
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["--engine", engine.to_str().expect("UTF-8"), "--computer", "black", "--announce", "san"])
        .env("HOTSEAT_DATA_DIR", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("its input").write_all(b"e4\n").expect("the line written");
    let deadline = Instant::now() + PATIENCE;
    while !std::fs::read_to_string(log_file(dir.path())).unwrap_or_default().contains("go movetime") {
        assert!(Instant::now() < deadline, "the engine was never asked to move");
        std::thread::sleep(Duration::from_millis(20));
    }
    let sent = std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    assert!(sent.expect("kill runs").success());
    let out = child.wait_with_output().expect("its output");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(143), "ended by the signal, not by the engine given up on: {text}");
    assert!(!text.contains("stopped playing"), "{text}");
    assert!(text.contains("White: e4.") && text.contains("Game saved to"), "{text}");
}

#[test]
fn undo_against_the_engine_names_both_plies_taken_back_on_both_faces() {
    let script = scripted([(1, Answer::cp(-20, "b7b6"))]);
    let dir = TempDir::new("computer-undo-plain");
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("Black: b6.");
    pty.send("undo\r");
    pty.wait_for("Taken back: 1. e4 b6.");
    quit_plain(&mut pty);

    let dir = TempDir::new("computer-undo-board");
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--computer", "black"]);
    pty.wait_for("White to move");
    pty.play("e4", "b6");
    pty.send("undo");
    pty.wait_for("Move: undo");
    pty.send("\r");
    pty.wait_for("Taken back: 1. e4 b6.");
    pty.quit();
}

/// The saved game's tag `name`, if it has one.
fn tag<'a>(saved: &'a str, name: &str) -> Option<&'a str> {
    let start = format!("[{name} \"");
    saved.lines().find_map(|line| line.strip_prefix(start.as_str())?.strip_suffix("\"]"))
}

/// The `MultiPV` values the fake engine in `dir` was set to, in order: how many lines
/// a level asks for (level 2: 8, level 3: 6).
fn lines_asked(dir: &Path) -> Vec<String> {
    let log = std::fs::read_to_string(log_file(dir)).unwrap_or_default();
    log.lines()
        .filter_map(|line| line.strip_prefix("setoption name MultiPV value "))
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_resumed_game_brings_back_the_engine_that_played_it_at_its_strength() {
    let dir = TempDir::new("computer-resume-back");
    let engine = fake_engine(dir.path(), &replies());
    let args = ["--plain", "--announce", "san", "--computer", "black", "--level", "3"];
    let mut pty = start(&dir, &engine, &args);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("Black: e5.");
    quit_plain(&mut pty);
    // The saved game says who played which side, and how strong the engine was.
    let saved = saved_game(dir.path());
    assert_eq!(tag(&saved, "WhiteType"), Some("human"), "{saved}");
    assert_eq!(tag(&saved, "BlackType"), Some("program"), "{saved}");
    assert_eq!(tag(&saved, "EngineStrength"), Some("level 3"), "{saved}");
    // Resumed on the board without --computer: the engine is back for Black, at level 3.
    let mut pty = start(&dir, &engine, &["--resume"]);
    pty.wait_for("Resumed the game");
    pty.play("Nf3", "Nc6");
    pty.quit();
    let saved = saved_game(dir.path());
    assert!(saved.contains("1. e4 e5 2. Nf3 Nc6 *"), "{saved}");
    assert_eq!(tag(&saved, "BlackType"), Some("program"), "{saved}");
    assert_eq!(lines_asked(dir.path()), ["6", "6"], "level 3 (6 lines) both times");
}

#[test]
fn a_side_handed_to_the_engine_mid_game_is_the_engines_again_when_resumed() {
    let dir = TempDir::new("computer-resume-handed");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san"]);
    pty.wait_for("White to move.");
    pty.send("computer\r");
    pty.wait_for("Fake Engine (level 2) plays Black now");
    pty.send("e4\r");
    pty.wait_for("Black: e5.");
    quit_plain(&mut pty);
    let saved = saved_game(dir.path());
    assert_eq!(tag(&saved, "BlackType"), Some("program"), "{saved}");
    assert_eq!(tag(&saved, "Black"), Some("?"), "the players' tags untouched: {saved}");
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--resume"]);
    pty.wait_for("White to move.");
    pty.send("Nf3\r");
    pty.wait_for("Black: Nc6.");
    // Taken back: a person's side from then on, and so when resumed again.
    pty.send("computer\r");
    pty.wait_for("Both sides are yours to play now");
    quit_plain(&mut pty);
    let saved = saved_game(dir.path());
    assert_eq!(tag(&saved, "BlackType"), Some("human"), "{saved}");
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--resume"]);
    pty.wait_for("White to move.");
    pty.send("Bc4\r");
    pty.wait_for("White: Bc4.");
    pty.send("Nf6\r");
    pty.wait_for("Black: Nf6.");
    quit_plain(&mut pty);
}

#[test]
fn a_resumed_engine_game_with_no_engine_to_start_says_in_one_line_it_is_two_players_now() {
    let dir = TempDir::new("computer-resume-none");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("Black: e5.");
    quit_plain(&mut pty);
    let missing = dir.path().join("no-such-engine");
    let mut pty = start(&dir, &missing, &["--plain", "--announce", "san", "--resume"]);
    pty.wait_for("White to move.");
    let raw = pty.raw();
    let said: Vec<&str> = raw.lines().filter(|line| line.contains("could not be started")).collect();
    assert_eq!(said.len(), 1, "{raw}");
    assert!(
        said[0].contains("The engine that played Black could not be started (No chess engine found")
            && said[0].contains("a two-player game now; Ctrl-B (computer in plain text) hands it a side."),
        "{raw}"
    );
    // Black is a person's to play now.
    pty.send("Nf3\r");
    pty.wait_for("White: Nf3.");
    pty.send("Nc6\r");
    pty.wait_for("Black: Nc6.");
    quit_plain(&mut pty);
    let saved = saved_game(dir.path());
    assert!(saved.contains("1. e4 e5 2. Nf3 Nc6 *"), "{saved}");
    assert_eq!(tag(&saved, "BlackType"), Some("human"), "the game says who plays now: {saved}");
}

#[test]
fn a_game_continued_from_the_library_brings_back_its_engine() {
    let dir = TempDir::new("computer-library");
    let engine = fake_engine(dir.path(), &replies());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("e4\r");
    pty.wait_for("Black: e5.");
    quit_plain(&mut pty);
    let engine = engine.to_str().expect("a UTF-8 path");
    let mut pty = Pty::start(&["games", "--engine", engine], None, &[("HOTSEAT_DATA_DIR", dir.path())]);
    pty.wait_for("1 saved game");
    pty.send("\r");
    pty.wait_for("Continuing the game");
    pty.play("Nf3", "Nc6");
    pty.send("\x11");
    pty.wait_for("1 saved game");
    pty.send("\x1b");
    assert!(pty.wait_for_exit().success(), "{}", pty.raw());
    let saved = saved_game(dir.path());
    assert!(saved.contains("1. e4 e5 2. Nf3 Nc6 *"), "{saved}");
}

// ----- the engine in a hosted game -----

#[test]
fn hosted_with_the_engine_in_the_other_seat_a_joiner_watches_its_moves() {
    let place = crate::remote::Place::new("computer-host");
    let engine_dir = TempDir::new("computer-host-engine");
    let engine = fake_engine(engine_dir.path(), &replies());
    let engine = engine.to_str().expect("a UTF-8 path");
    let mut host = place.host(&["--engine", engine, "--computer", "black"]);
    assert!(host.contents().contains("the engine plays Black; others watch"), "{}", host.contents());
    host.play("e4", "1. e4");
    host.wait_for("e5");
    // One who joins watches: the seat is the engine's.
    let mut view = place.view("join", "Joined");
    view.wait_for("as a spectator");
    view.wait_for("e5");
    host.play("Nf3", "2. Nf3");
    host.wait_for("Nc6");
    // The engine's move reaches the one watching.
    view.wait_for("Nc6");
    place.wait_saved(&["e4", "e5", "Nf3", "Nc6"]);
    host.quit();
    assert!(view.wait_for_exit().success(), "{}", view.raw());
}

#[test]
fn host_refuses_the_engine_in_both_seats_or_in_the_seat_played_here_with_a_line() {
    let place = crate::remote::Place::new("computer-host-refused");
    let engine_dir = TempDir::new("computer-host-refused-engine");
    let engine = fake_engine(engine_dir.path(), &replies());
    let engine = engine.to_str().expect("a UTF-8 path");
    for (args, said) in [
        (&["host", "--engine", engine, "--computer", "both"][..], "leaves no seat to join"),
        (
            &["host", "--as", "black", "--engine", engine, "--computer", "black"][..],
            "is the side played here",
        ),
    ] {
        let mut pty = Pty::start(args, None, &place.env());
        assert!(!pty.wait_for_exit().success(), "{args:?}");
        let raw = pty.raw();
        assert!(raw.contains(said), "{args:?}: {raw}");
        assert_eq!(raw.trim().lines().count(), 1, "one line: {raw}");
    }
}

#[test]
fn ctrl_b_in_a_hosted_game_seats_the_engine_in_the_seat_nobody_holds_and_a_joiner_then_watches() {
    let place = crate::remote::Place::new("computer-host-ctrl-b");
    let engine_dir = TempDir::new("computer-host-ctrl-b-engine");
    // The engine thinks as soon as it is seated (issue 29), and its move takes the
    // message line: it answers after a moment, so the line can be read first.
    let script = FakeScript { delay: Some(Duration::from_millis(500)), ..replies() };
    let engine = fake_engine(engine_dir.path(), &script);
    let mut host = place.host(&["--engine", engine.to_str().expect("a UTF-8 path")]);
    host.play("e4", "1. e4");
    // Nobody has joined: the engine takes Black, and moves at once, it being its turn.
    host.send("\x02");
    host.wait_for("plays Black now");
    host.wait_for("e5");
    let mut view = place.view("join", "Joined");
    view.wait_for("as a spectator");
    host.play("Nf3", "2. Nf3");
    view.wait_for("Nc6");
    place.wait_saved(&["e4", "e5", "Nf3", "Nc6"]);
    host.quit();
    assert!(view.wait_for_exit().success(), "{}", view.raw());
}

#[test]
fn ctrl_b_in_a_hosted_game_is_refused_while_a_person_holds_the_seat_and_taken_once_they_left() {
    let place = crate::remote::Place::new("computer-host-held");
    let engine_dir = TempDir::new("computer-host-held-engine");
    let engine = fake_engine(engine_dir.path(), &replies());
    let engine = engine.to_str().expect("a UTF-8 path");
    let mut host = place.host(&["--engine", engine, "--clock", "5+0", "--clock-start", "white"]);
    let mut view = place.view("join", "Joined");
    view.wait_for("as Black");
    host.wait_for("Black joined");
    host.play("e4", "1. e4");
    view.wait_for("1. e4");
    host.send("\x02");
    host.wait_for("Black is played from another terminal");
    // Nothing started: no engine was asked anything.
    assert!(!log_file(engine_dir.path()).exists(), "an engine was started for a seat a person holds");
    // The player leaves on its turn: the clocks stop; then the engine takes the seat,
    // its clock goes on, and it moves.
    view.quit();
    host.wait_for("Black left");
    host.wait_for("The clocks are stopped");
    host.send("\x02");
    host.wait_for("plays Black now");
    host.wait_for("e5");
    place.wait_saved(&["e4", "e5"]);
    host.quit();
}

// ----- a draw offered at human speed -----

/// The fake engine answering at once, as levels 1-3 of a real one do: after 1. e4 it
/// thinks it stands worse (it accepts a draw), after 1. d4 better (it declines).
fn quick_to_weigh() -> FakeScript {
    scripted([(1, Answer::cp(-200, "e7e5")), (3, Answer::cp(-200, "b8c6"))])
}

#[test]
fn a_draw_offered_with_the_move_on_the_board_is_weighed_by_a_fast_engine_after_the_move() {
    // Ctrl-O while the move is typed; `e4 draw` typed; `draw` typed on one's own turn.
    for (name, ways) in [
        ("ctrl-o", &["e4", "\x0f", "\r"][..]),
        ("typed-with-move", &["e4 draw", "\r"][..]),
        ("typed-first", &["draw", "\r", "e4", "\r"][..]),
    ] {
        let dir = TempDir::new(&format!("computer-offer-board-{name}"));
        let engine = fake_engine(dir.path(), &quick_to_weigh());
        let mut pty = start(&dir, &engine, &["--computer", "black"]);
        pty.wait_for("White to move");
        for keys in ways {
            pty.send(keys);
            if *keys == "\x0f" || *keys == "draw" {
                pty.read_for(Duration::from_millis(50));
            }
            if *keys == "\x0f" {
                // Said on screen: the offer goes with the move.
                pty.wait_for("offers a draw with the next move");
            }
        }
        pty.wait_for("Fake Engine accepts the draw.");
        pty.quit();
        let saved = saved_game(dir.path());
        assert!(saved.contains("1. e4 1/2-1/2"), "{name}: {saved}");
    }
}

#[test]
fn draw_typed_on_ones_own_turn_in_plain_text_goes_with_the_next_move() {
    let dir = TempDir::new("computer-offer-plain");
    let engine = fake_engine(dir.path(), &quick_to_weigh());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("draw\r");
    pty.wait_for("White offers a draw with the next move: play it, and the offer is made.");
    pty.send("e4\r");
    pty.wait_for("Fake Engine accepts the draw.");
    quit_plain(&mut pty);
    assert!(saved_game(dir.path()).contains("[Result \"1/2-1/2\"]"));

    // Declined: the engine's move answers it, and says so.
    let dir = TempDir::new("computer-offer-plain-declined");
    let engine = fake_engine(dir.path(), &scripted([(1, Answer::cp(150, "e7e5"))]));
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("draw\r");
    pty.wait_for("offers a draw with the next move");
    pty.send("e4\r");
    pty.wait_for("Black: e5.");
    pty.wait_for("Fake Engine declines the draw.");
    quit_plain(&mut pty);
    assert!(saved_game(dir.path()).contains("[Result \"*\"]"));
}

#[test]
fn an_offer_that_cannot_be_made_says_why_on_both_faces() {
    let dir = TempDir::new("computer-offer-refused-plain");
    let engine = fake_engine(dir.path(), &quick_to_weigh());
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black"]);
    pty.wait_for("White to move.");
    pty.send("draw\r");
    pty.wait_for("offers a draw with the next move");
    pty.send("draw\r");
    pty.wait_for("You offer a draw with your next move already: play the move.");
    pty.send("e4\r");
    pty.wait_for("Fake Engine accepts the draw.");
    // After the game, an offer is refused with why.
    pty.send("draw\r");
    pty.wait_for("The game is over: ");
    quit_plain(&mut pty);

    let dir = TempDir::new("computer-offer-refused-board");
    let engine = fake_engine(dir.path(), &quick_to_weigh());
    let mut pty = start(&dir, &engine, &["--computer", "black"]);
    pty.wait_for("White to move");
    pty.send("\x0f");
    pty.wait_for("offers a draw with the next move");
    pty.send("\x0f");
    pty.wait_for("You offer a draw with your next move already");
    pty.play("e4", "Fake Engine accepts the draw.");
    pty.send("\x0f");
    pty.wait_for("The game is over: ");
    pty.quit();
}

#[test]
fn a_hosted_game_resumed_gives_the_engine_back_its_seat_and_joiners_watch() {
    let place = crate::remote::Place::new("computer-host-resume");
    let engine_dir = TempDir::new("computer-host-resume-engine");
    let engine = fake_engine(engine_dir.path(), &replies());
    let engine = engine.to_str().expect("a UTF-8 path");
    let mut host = place.host(&["--engine", engine, "--computer", "black"]);
    host.play("e4", "1. e4");
    host.wait_for("e5");
    place.wait_saved(&["e4", "e5"]);
    host.quit();
    let mut host = place.host(&["--engine", engine, "--resume"]);
    assert!(host.contents().contains("the engine plays Black; others watch"), "{}", host.contents());
    let mut view = place.view("join", "Joined");
    view.wait_for("as a spectator");
    host.play("Nf3", "2. Nf3");
    view.wait_for("Nc6");
    place.wait_saved(&["e4", "e5", "Nf3", "Nc6"]);
    host.quit();
    assert!(view.wait_for_exit().success(), "{}", view.raw());
}
