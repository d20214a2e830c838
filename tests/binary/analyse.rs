//! `hotseat analyse` through the real binary, with the scripted fake engine: the exact
//! annotated game and summary, refusals in one line, and no engine left behind when
//! the program is ended by a signal.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::TempDir;
use common::fake_engine::{
    Answer, FakeScript, Hang, fake_engine, fake_pid, fake_pids, is_alive, is_running, log_file, wait_gone,
    wrapper,
};

fn game_file(name: &str) -> PathBuf {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let review = data.join("review").join(name);
    if review.exists() { review } else { data.join("games").join(name) }
}

fn hotseat(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hotseat"));
    command.args(args).env_remove("HOTSEAT_ENGINE").stdin(Stdio::null());
    command
}

fn run(args: &[&str]) -> Output {
    hotseat(args).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Légal's mate, as the fake engine sees it.
fn legal_script() -> FakeScript {
    FakeScript::answering([
        (0, Answer::cp(30, "e2e4")),
        (1, Answer::cp(-30, "e7e5")),
        (2, Answer::cp(40, "g1f3")),
        (3, Answer::cp(-50, "b8c6")),
        (4, Answer::cp(50, "d2d4")),
        (5, Answer::cp(-60, "g8f6")),
        (6, Answer::cp(60, "h2h3")),
        (7, Answer::cp(-60, "g8f6")),  // 4... g6 instead
        (8, Answer::cp(190, "c3d5")),  // after 4... g6: +1.90
        (9, Answer::cp(-180, "d6e5")), // 5... dxe5 is best
        (10, Answer::mate(2, "c4f7")), // after 5... Bxd1: White mates in 2
        (11, Answer::mate(-1, "e8e7")),
        (12, Answer::mate(1, "c3d5")),
    ])
}

const LEGAL_ANNOTATED: &str = r#"[Event "Paris"]
[Site "Cafe de la Regence"]
[Date "1750.??.??"]
[Round "?"]
[White "Kermur Sire de Legal"]
[Black "Saint Brie"]
[Result "1-0"]
[ECO "C41"]
[Opening "Philidor Defense"]

1. e4 {[%eval 0.30]} 1... e5 {[%eval 0.40]} 2. Nf3 {[%eval 0.50]} 2... d6
{[%eval 0.50]} 3. Bc4 {[%eval 0.60]} 3... Bg4 {[%eval 0.60]} 4. Nc3
{[%eval 0.60]} 4... g6 $2 {[%eval 1.90]} (4... Nf6) 5. Nxe5 {[%eval 1.80]}
5... Bxd1 $4 {[%eval #2]} (5... dxe5) 6. Bxf7+ {[%eval #1]} 6... Ke7
{[%eval #1]} 7. Nd5# {[%eval #0]} 1-0
"#;

#[test]
fn a_game_is_annotated_move_by_move_and_summed_up() {
    let dir = TempDir::new("analyse-exact");
    let engine = fake_engine(dir.path(), &legal_script());
    let file = game_file("legal-saint-brie-1750.pgn");
    let out = run(&["analyse", file.to_str().expect("path"), "--engine", engine.to_str().expect("path")]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let stdout = text(&out.stdout);
    // The engine speaks for the side to move; the comments for White. 4... g6 loses
    // 11 points of Black's chances (a mistake), 5... Bxd1 walks into a mate.
    assert_eq!(stdout, LEGAL_ANNOTATED, "{stdout}");
    assert_eq!(
        stderr,
        "White (Kermur Sire de Legal): accuracy 100%, 0 inaccuracies, 0 mistakes, 0 blunders\n\
         Black (Saint Brie): accuracy 52%, 0 inaccuracies, 1 mistake, 1 blunder\n"
    );
    // Depth 18 by default, for every position but the mate at the end.
    let log = std::fs::read_to_string(log_file(dir.path())).expect("log");
    assert_eq!(log.matches("go depth 18\n").count(), 13, "{log}");
    assert_engines_in_parts(dir.path(), &log);
}

/// More than one engine on a machine of more than one core, and a new game (an empty
/// hash) for each part of the game's 14 positions.
fn assert_engines_in_parts(dir: &Path, log: &str) {
    let engines = fake_pids(dir).len();
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    assert_eq!(engines > 1, cores > 1, "{engines} engines on {cores} cores");
    assert_eq!(log.matches("ucinewgame\n").count(), 14_usize.div_ceil(hotseat::engine::PART_LEN), "{log}");
}

#[test]
fn out_takes_the_game_and_movetime_the_limit() {
    let dir = TempDir::new("analyse-out");
    let engine = fake_engine(dir.path(), &legal_script());
    let file = game_file("legal-saint-brie-1750.pgn");
    let target = dir.path().join("annotated.pgn");
    let out = run(&[
        "analyse",
        file.to_str().expect("path"),
        "--engine",
        engine.to_str().expect("path"),
        "--movetime",
        "50",
        "--out",
        target.to_str().expect("path"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let written = std::fs::read_to_string(&target).expect("written");
    assert!(written.contains("5... Bxd1 $4 {[%eval #2]} (5... dxe5)"), "{written}");
    let log = std::fs::read_to_string(log_file(dir.path())).expect("log");
    assert_eq!(log.matches("go movetime 50\n").count(), 13, "{log}");
}

#[test]
fn the_engine_comes_from_the_variable_too() {
    let dir = TempDir::new("analyse-variable");
    let engine = fake_engine(dir.path(), &FakeScript::default());
    let file = game_file("molinari-bordais-1979.pgn");
    let out = hotseat(&["analyse", file.to_str().expect("path"), "--depth", "3"])
        .env("HOTSEAT_ENGINE", &engine)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("1. e4 {[%eval 0.00]} 1... c5 {[%eval 0.00]}"));
    let log = std::fs::read_to_string(log_file(dir.path())).expect("log");
    assert!(log.contains("go depth 3\n"), "{log}");
}

/// The one line of a refusal.
fn refused(out: &Output) -> String {
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "must fail: {stderr}");
    assert!(out.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.starts_with("hotseat: "), "{stderr}");
    assert!(!stderr.contains('\x1b'));
    stderr
}

#[test]
fn no_engine_bad_files_and_several_games_are_refused_in_one_line() {
    let dir = TempDir::new("analyse-refusals");
    let file = game_file("legal-saint-brie-1750.pgn");
    let file = file.to_str().expect("path");
    let missing = dir.path().join("no-engine");
    let line = refused(&run(&["analyse", file, "--engine", missing.to_str().expect("path")]));
    for needle in [
        "No chess engine found",
        "no-engine",
        "apt-get install stockfish",
        "brew install stockfish",
        "--engine PATH",
        "HOTSEAT_ENGINE",
    ] {
        assert!(line.contains(needle), "{line}");
    }
    let line = refused(&hotseat(&["analyse", file]).env("HOTSEAT_ENGINE", &missing).output().expect("runs"));
    assert!(line.contains("No chess engine found"), "{line}");
    let line = refused(&run(&["analyse", dir.path().join("nothing.pgn").to_str().expect("path")]));
    assert!(line.contains("nothing.pgn"), "{line}");
    let bad = dir.path().join("bad.pgn");
    std::fs::write(&bad, "1. e4 e5 2. Ke3 Ke6 3. Qh5 Qxh5 4. Zz9\n").expect("write");
    let line =
        refused(&run(&["analyse", bad.to_str().expect("path"), "--engine", missing.to_str().expect("path")]));
    assert!(line.contains("bad.pgn"), "{line}");
    let several = game_file("kasparov-deep-blue-1997.pgn");
    let line = refused(&run(&["analyse", several.to_str().expect("path")]));
    assert!(line.contains("holds 6 games: choose one with --game N"), "{line}");
    let line = refused(&run(&["analyse", several.to_str().expect("path"), "--game", "7"]));
    assert!(line.contains('7'), "{line}");
    let line = refused(&run(&["analyse", file, "--depth", "5", "--movetime", "100"]));
    assert!(line.contains("--movetime"), "{line}");
}

#[test]
fn out_may_be_the_file_analysed_which_then_holds_the_annotated_game() {
    let dir = TempDir::new("analyse-in-place");
    let engine = fake_engine(dir.path(), &legal_script());
    let file = dir.path().join("g.pgn");
    std::fs::copy(game_file("legal-saint-brie-1750.pgn"), &file).expect("a copy");
    let file = file.to_str().expect("path");
    let out = run(&["analyse", file, "--engine", engine.to_str().expect("path"), "--out", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(file).expect("written");
    assert!(written.contains("5... Bxd1 $4 {[%eval #2]} (5... dxe5)"), "{written}");
}

#[test]
fn a_crashing_engine_stops_the_analysis_with_one_line() {
    let dir = TempDir::new("analyse-crash");
    let engine = fake_engine(dir.path(), &FakeScript { crash_at: Some(2), ..legal_script() });
    let file = game_file("legal-saint-brie-1750.pgn");
    let line =
        refused(&run(&["analyse", file.to_str().expect("path"), "--engine", engine.to_str().expect("path")]));
    assert_eq!(line, "hotseat: the analysis stopped: the engine stopped unexpectedly.\n");
}

#[test]
fn garbage_from_the_engine_never_reaches_the_terminal() {
    let dir = TempDir::new("analyse-garbage");
    let engine = fake_engine(dir.path(), &FakeScript { garbage: true, ..legal_script() });
    let file = game_file("legal-saint-brie-1750.pgn");
    let out = run(&["analyse", file.to_str().expect("path"), "--engine", engine.to_str().expect("path")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("5... Bxd1 $4 {[%eval #2]} (5... dxe5)"));
    for stream in [&out.stdout, &out.stderr] {
        assert!(
            !stream.iter().any(|b| *b == 0x1b || *b == 0x07 || *b >= 0x80),
            "{}",
            String::from_utf8_lossy(stream)
        );
    }
}

#[test]
fn sigterm_ends_the_engine_with_the_program() {
    let dir = TempDir::new("analyse-sigterm");
    // Each engine hangs on its third search, for longer than the test lasts.
    let engine = fake_engine(dir.path(), &FakeScript { hang: Some(Hang::Go(3)), ..legal_script() });
    let file = game_file("legal-saint-brie-1750.pgn");
    let mut child =
        hotseat(&["analyse", file.to_str().expect("path"), "--engine", engine.to_str().expect("path")])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(log_file(dir.path())).map_or(0, |log| log.matches("go ").count()) < 3 {
        assert!(Instant::now() < deadline, "the engine never got to its third search");
        std::thread::sleep(Duration::from_millis(20));
    }
    let pids = fake_pids(dir.path());
    assert!(!pids.is_empty() && pids.iter().all(|&pid| is_alive(pid)), "{pids:?}");
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("kill runs");
    assert!(killed.success());
    let status = child.wait().expect("the program ends");
    assert_eq!(status.code(), Some(128 + 15), "{status:?}");
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("piped"), &mut stderr).expect("read");
    assert_eq!(stderr, "hotseat: the analysis was stopped by a signal\n");
    // Killed with the program: nothing is left.
    for pid in pids {
        assert!(wait_gone(pid), "the engine {pid} outlived the program");
    }
}

#[test]
fn an_engine_ended_by_a_signal_that_would_end_the_program_stops_the_analysis_as_that_signal() {
    // The engines alone (a signal to every process of the user, which reached them
    // first), then the engines and the program at once: the same end either way.
    for (case, program_too) in [("engines", false), ("both", true)] {
        let dir = TempDir::new(&format!("analyse-engine-signalled-{case}"));
        // Every search hangs, so no engine ends by itself before the signal.
        let engine = fake_engine(dir.path(), &FakeScript { hang: Some(Hang::From(0)), ..legal_script() });
        let file = game_file("legal-saint-brie-1750.pgn");
        let mut child =
            hotseat(&["analyse", file.to_str().expect("path"), "--engine", engine.to_str().expect("path")])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("runs");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::fs::read_to_string(log_file(dir.path())).map_or(0, |log| log.matches("go ").count()) < 1 {
            assert!(Instant::now() < deadline, "the engine never got to its first search");
            std::thread::sleep(Duration::from_millis(20));
        }
        // One engine, then at once the program: the other engines are ended by the
        // program when the first is lost (so a signal sent to them may find them gone).
        let pid = |id: u32| rustix::process::Pid::from_raw(i32::try_from(id).expect("a pid")).expect("a pid");
        let first = fake_pid(dir.path()).expect("an engine");
        rustix::process::kill_process(pid(first), rustix::process::Signal::TERM)
            .expect("the engine signalled");
        if program_too {
            // It may be on its way out already, of the engine's end.
            let _ = rustix::process::kill_process(pid(child.id()), rustix::process::Signal::TERM);
        }
        let status = child.wait().expect("the program ends");
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().expect("piped"), &mut stderr).expect("read");
        assert_eq!(status.code(), Some(128 + 15), "{case}: {status:?} {stderr}");
        assert_eq!(stderr, "hotseat: the analysis was stopped by a signal\n", "{case}");
    }
}

#[test]
fn on_a_terminal_a_progress_bar_runs_and_is_cleared() {
    let dir = TempDir::new("analyse-bar");
    let script = FakeScript { delay: Some(Duration::from_millis(150)), ..legal_script() };
    let engine = fake_engine(dir.path(), &script);
    let file = game_file("legal-saint-brie-1750.pgn");
    let target = dir.path().join("out.pgn");
    let args = [
        "analyse",
        file.to_str().expect("path"),
        "--engine",
        engine.to_str().expect("path"),
        "--out",
        target.to_str().expect("path"),
    ];
    let mut pty = common::pty::Pty::start(&args, None, &[("HOTSEAT_DATA_DIR", dir.path())]);
    pty.wait_for("Analysing [");
    pty.wait_for("positions, about ");
    assert!(pty.wait_for_exit().success(), "{}", pty.raw());
    let screen = pty.contents();
    assert!(!screen.contains("Analysing"), "the bar is cleared:\n{screen}");
    assert!(screen.starts_with("White (Kermur Sire de Legal): accuracy 100%"), "{screen}");
    assert!(std::fs::read_to_string(&target).expect("written").contains("$4"));
}

#[test]
fn ctrl_c_on_the_terminal_ends_the_program_and_the_engine() {
    let dir = TempDir::new("analyse-ctrl-c");
    let engine = fake_engine(dir.path(), &FakeScript { hang: Some(Hang::From(1)), ..legal_script() });
    let file = game_file("legal-saint-brie-1750.pgn");
    let args = ["analyse", file.to_str().expect("path"), "--engine", engine.to_str().expect("path")];
    let mut pty = common::pty::Pty::start(&args, None, &[("HOTSEAT_DATA_DIR", dir.path())]);
    pty.wait_for("Analysing [");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(log_file(dir.path())).map_or(0, |log| log.matches("go ").count()) < 2 {
        assert!(Instant::now() < deadline, "the engine never got to its second search");
        std::thread::sleep(Duration::from_millis(20));
    }
    let pids = fake_pids(dir.path());
    pty.send("\x03");
    let status = pty.wait_for_exit();
    assert!(!status.success());
    assert!(pty.contents().contains("hotseat: the analysis was stopped by a signal"), "{}", pty.contents());
    for pid in pids {
        assert!(wait_gone(pid), "the engine {pid} outlived Ctrl-C");
    }
}

#[test]
fn an_analysed_game_analysed_again_is_the_same() {
    let dir = TempDir::new("analyse-twice");
    let engine = fake_engine(dir.path(), &legal_script());
    let once = dir.path().join("once.pgn");
    std::fs::write(&once, LEGAL_ANNOTATED).expect("write");
    let out = run(&["analyse", once.to_str().expect("path"), "--engine", engine.to_str().expect("path")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), LEGAL_ANNOTATED);
}

#[test]
fn an_engine_that_quits_on_end_of_input_outlives_no_sigkill() {
    // `kill -9` runs nothing of the program; its pipes close, and a UCI engine that
    // quits at the end of its input (Stockfish does; so does the fake) is gone too.
    let dir = TempDir::new("analyse-sigkill");
    let engine =
        fake_engine(dir.path(), &FakeScript { delay: Some(Duration::from_millis(200)), ..legal_script() });
    let file = game_file("legal-saint-brie-1750.pgn");
    let mut child =
        hotseat(&["analyse", file.to_str().expect("path"), "--engine", engine.to_str().expect("path")])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("runs");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(log_file(dir.path())).map_or(0, |log| log.matches("go ").count()) < 2 {
        assert!(Instant::now() < deadline, "the engine never got to its second search");
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = fake_pid(dir.path()).expect("the engine wrote its pid");
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    let deadline = Instant::now() + Duration::from_secs(5);
    while is_running(pid) {
        assert!(Instant::now() < deadline, "the engine {pid} outlived the program");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `hotseat analyse` on Légal's game with `engine` and these arguments, and gives
/// up (killing it) after 60 seconds.
fn analyse_within_a_minute(engine: &Path, more: &[&str]) -> Output {
    let file = game_file("legal-saint-brie-1750.pgn");
    let mut args = vec!["analyse", file.to_str().expect("path"), "--engine", engine.to_str().expect("path")];
    args.extend(more);
    let mut child = hotseat(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("runs");
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().expect("status").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("hotseat analyse still runs after a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("the output")
}

/// Waits up to five seconds for the process `pid` to be gone.
fn gone(pid: u32) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while is_running(pid) {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

#[test]
fn an_engine_that_never_answers_go_ends_the_analysis_with_one_line_and_no_engine_left() {
    let dir = TempDir::new("analyse-no-answer");
    let engine = fake_engine(dir.path(), &FakeScript { hang: Some(Hang::Go(1)), ..legal_script() });
    let out = analyse_within_a_minute(&engine, &["--depth", "1"]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("hotseat: ") && stderr.contains("did not answer in time"), "{stderr}");
    let pid = fake_pid(dir.path()).expect("the engine started");
    assert!(fake_pids(dir.path()).into_iter().all(gone), "the engine {pid} outlived the program");
}

#[test]
fn an_engine_behind_a_wrapper_script_that_ignores_quit_is_ended_with_the_analysis() {
    let dir = TempDir::new("analyse-wrapped");
    let engine = fake_engine(dir.path(), &FakeScript { stubborn: true, ..legal_script() });
    let wrapped = wrapper(dir.path(), &engine);
    let out = analyse_within_a_minute(&wrapped, &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pid = fake_pid(dir.path()).expect("the engine started");
    assert!(
        fake_pids(dir.path()).into_iter().all(gone),
        "the engine {pid} behind the wrapper outlived the program"
    );
}

#[test]
fn a_hung_engine_behind_a_wrapper_script_that_ignores_quit_is_ended_with_the_analysis() {
    let dir = TempDir::new("analyse-wrapped-hang");
    let engine =
        fake_engine(dir.path(), &FakeScript { stubborn: true, hang: Some(Hang::From(1)), ..legal_script() });
    let wrapped = wrapper(dir.path(), &engine);
    let out = analyse_within_a_minute(&wrapped, &["--depth", "1"]);
    assert!(!out.status.success());
    let pid = fake_pid(dir.path()).expect("the engine started");
    assert!(
        fake_pids(dir.path()).into_iter().all(gone),
        "the hung engine {pid} behind the wrapper outlived the program"
    );
}
