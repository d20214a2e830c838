//! Keystroke-to-frame latency of the real release binary, with saving on.
//!
//! Run with `cargo bench --bench keystroke`. The benchmark builds `hotseat` with
//! `cargo build --release`, starts it in a 100x32 pseudo-terminal with a fresh data
//! directory and `--save` (so every move and take-back is written and fsynced), and
//! times each key from the moment it is written to the terminal until the first byte
//! of the frame that answers it comes back. Keys are 30 ms apart, as a fast typist's.
//! A reader thread stamps each chunk of output as it arrives, so parsing the screen
//! never adds to a figure.
//!
//! Then it plays a whole game (Nepomniachtchi–Ding, 2023, game 1: 97 plies typed as
//! SAN with Enter, each saved) and reports the peak resident set (`VmHWM`).

#[path = "../common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "release.rs"]
mod release;

use std::path::{Path, PathBuf};
use std::sync::mpsc::RecvTimeoutError;
use std::thread;
use std::time::{Duration, Instant};

use pty::{COLS, PATIENCE, Pty, ROWS};
use release::release_binary;

const WARM_UP: usize = 20;
const RUNS: usize = 300;
/// Between a frame and the next key, as a fast typist types.
const GAP: Duration = Duration::from_millis(30);
/// A frame is complete once it shows what it should and nothing more comes for this long.
const QUIET: Duration = Duration::from_millis(20);
const GAME: &str = "tests/data/games/nepomniachtchi-liren-game1.pgn";

const BACKSPACE: &str = "\x7f";
const CTRL_Z: &str = "\x1a";
const CTRL_Q: &str = "\x11";

/// A directory of its own for one run, removed afterwards.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("hotseat-bench-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create the data directory");
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The release binary in the tests' pseudo-terminal, saving into `data`.
fn start(binary: &Path, data: &Path, args: &[&str]) -> Pty {
    Pty::start_program(
        binary.to_str().expect("a UTF-8 path"),
        args,
        None,
        &[("HOTSEAT_DATA_DIR", data)],
        true,
    )
}

/// Waits until a gap has passed since the last output, as a typist would.
fn pause(pty: &Pty) {
    if let Some(last) = pty.last_output {
        thread::sleep((last + GAP).saturating_duration_since(Instant::now()));
    }
}

/// Writes `keys` a gap after the last output; returns when they were written.
fn press(pty: &mut Pty, keys: &str) -> Instant {
    pause(pty);
    // Anything that came unasked would be taken for the answer.
    if let Ok(at) = pty.next_chunk(Duration::ZERO) {
        panic!("output nobody asked for at {at:?}:\n{}", pty.contents());
    }
    pty.send(keys)
}

/// Reads until the screen shows what `done` looks for and the output has gone quiet;
/// returns how long after `sent` the first byte arrived.
fn settle(pty: &mut Pty, sent: Instant, what: &str, done: impl Fn(&str) -> bool) -> Duration {
    let deadline = Instant::now() + PATIENCE;
    let mut first = None;
    loop {
        let wait = if done(&pty.contents()) { QUIET } else { Duration::from_millis(50) };
        match pty.next_chunk(wait) {
            Ok(at) => {
                first.get_or_insert(at);
            }
            Err(RecvTimeoutError::Timeout) if done(&pty.contents()) => break,
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => panic!("the binary exited:\n{}", pty.contents()),
        }
        assert!(Instant::now() < deadline, "the screen never showed {what}:\n{}", pty.contents());
    }
    first.expect("a frame").saturating_duration_since(sent)
}

/// Writes `keys` a gap after the last output, whatever came since (an engine's move);
/// returns when they were written.
fn press_anyway(pty: &mut Pty, keys: &str) -> Instant {
    pause(pty);
    while pty.next_chunk(Duration::ZERO).is_ok() {}
    pty.send(keys)
}

/// Presses `keys` and times the frame that answers them.
fn time(pty: &mut Pty, keys: &str, what: &str, done: impl Fn(&str) -> bool) -> Duration {
    let sent = press(pty, keys);
    settle(pty, sent, what, done)
}

/// The peak resident set so far, in kB.
fn peak_memory_kb(pty: &Pty) -> u64 {
    let pid = pty.child.process_id().expect("a process id");
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc/<pid>/status");
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("a VmHWM line");
    line.split_whitespace().nth(1).and_then(|kb| kb.parse().ok()).expect("VmHWM in kB")
}

fn quit(pty: &mut Pty) {
    let sent = press(pty, CTRL_Q);
    let deadline = sent + PATIENCE;
    while pty.child.try_wait().expect("child status").is_none() {
        assert!(Instant::now() < deadline, "Ctrl-Q did not quit:\n{}", pty.contents());
        thread::sleep(Duration::from_millis(10));
    }
}

/// Times in one row of the table.
#[derive(Default)]
struct Samples(Vec<Duration>);

impl Samples {
    fn row(&self, name: &str) -> String {
        let mut times: Vec<u128> = self.0.iter().map(Duration::as_micros).collect();
        times.sort_unstable();
        let at = |fraction: f64| times[((times.len() as f64 * fraction).ceil() as usize).max(1) - 1];
        format!("{name:<32} {:>10} {:>10} {:>10}", at(0.5), at(0.99), at(1.0))
    }
}

fn typing_shows(text: &str) -> impl Fn(&str) -> bool {
    let line = format!("Move: {text}█");
    move |screen| screen.contains(&line)
}

fn nothing_typed(screen: &str) -> bool {
    screen.contains("Move: █")
}

/// Latency of each kind of key, in one game saved to a file.
fn keystrokes(binary: &Path) -> [(&'static str, Samples); 4] {
    let data = TempDir::new("keys");
    let save = data.0.join("bench.pgn");
    let mut pty = start(binary, &data.0, &["--save", save.to_str().expect("a UTF-8 path")]);
    settle(&mut pty, Instant::now(), "the first frame", |s| s.contains("White to move") && nothing_typed(s));

    let (mut typed, mut erased) = (Samples::default(), Samples::default());
    for run in 0..WARM_UP + RUNS {
        let t = time(&mut pty, "e", "e typed", typing_shows("e"));
        let b = time(&mut pty, BACKSPACE, "e erased", nothing_typed);
        if run >= WARM_UP {
            typed.0.push(t);
            erased.0.push(b);
        }
    }

    let (mut entered, mut taken_back) = (Samples::default(), Samples::default());
    for run in 0..WARM_UP + RUNS {
        time(&mut pty, "e", "e typed", typing_shows("e"));
        time(&mut pty, "4", "e4 typed", typing_shows("e4"));
        let e = time(&mut pty, "\r", "1. e4 played", |s| s.contains("1. e4") && s.contains("Black to move"));
        let z = time(&mut pty, CTRL_Z, "1. e4 taken back", |s| {
            s.contains("Taken back: 1. e4.") && s.contains("White to move") && nothing_typed(s)
        });
        if run >= WARM_UP {
            entered.0.push(e);
            taken_back.0.push(z);
        }
    }
    quit(&mut pty);
    // Every move was taken back, so the file this run made is not kept.
    assert!(!save.exists(), "a game with no move is not kept: {}", save.display());
    [
        ("typed character (e)", typed),
        ("Backspace", erased),
        ("Enter on e4 (move, saved)", entered),
        ("Ctrl-Z (take back, saved)", taken_back),
    ]
}

/// The rank at the top of the board: 8, or 1 when it is flipped.
fn top_rank(screen: &str) -> Option<char> {
    screen.lines().find_map(|line| line.chars().next().filter(|c| ('1'..='8').contains(c)))
}

/// Latency of a key (Ctrl-F, turning the board) while the engine at the board thinks
/// (`--computer black --level 8`: a second a move on one of the two cores). White
/// plays e4, the engine thinks, the board is turned again and again; once it has
/// answered, Ctrl-Z takes both moves back and e4 starts it thinking again. A sample
/// during which the engine's answer came is dropped: its frame would be the first.
fn keys_while_the_engine_thinks(binary: &Path, engine: &Path) -> Samples {
    let data = TempDir::new("engine");
    let engine = engine.to_str().expect("a UTF-8 path");
    let mut pty = start(binary, &data.0, &["--computer", "black", "--level", "8", "--engine", engine]);
    settle(&mut pty, Instant::now(), "the first frame", |s| s.contains("White to move") && nothing_typed(s));
    let mut flips = Samples::default();
    let mut rank = '8';
    while flips.0.len() < RUNS {
        time(&mut pty, "e4\r", "1. e4 played", |s| s.contains("1. e4") && s.contains("Black to move"));
        loop {
            let next = if rank == '8' { '1' } else { '8' };
            let sent = press_anyway(&mut pty, "\x06");
            let took = settle(&mut pty, sent, "the board turned", |s| top_rank(s) == Some(next));
            rank = next;
            if pty.contents().contains("White to move") {
                break;
            }
            flips.0.push(took);
        }
        let sent = press_anyway(&mut pty, CTRL_Z);
        settle(&mut pty, sent, "both moves taken back", |s| {
            s.contains("Taken back: 1. e4.") && nothing_typed(s)
        });
    }
    quit(&mut pty);
    flips
}

/// Plays a whole game with autosave and returns the peak resident set in kB, the
/// number of plies and how long the game took.
fn whole_game(binary: &Path) -> (u64, usize, Duration) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME);
    let text = std::fs::read_to_string(&path).expect("the game file");
    let record = hotseat::records::pgn::read_game(&text).expect("the game parses");
    let moves = record.game.san_moves();

    let data = TempDir::new("game");
    let mut pty = start(binary, &data.0, &[]);
    settle(&mut pty, Instant::now(), "the first frame", |s| s.contains("White to move") && nothing_typed(s));
    let start = Instant::now();
    for (ply, san) in moves.iter().enumerate() {
        let next = if ply % 2 == 0 { "Black to move" } else { "White to move" };
        let keys = format!("{san}\r");
        time(&mut pty, &keys, &format!("{san} played"), |s| s.contains(next) && nothing_typed(s));
    }
    let took = start.elapsed();
    let peak = peak_memory_kb(&pty);
    quit(&mut pty);

    let games: Vec<PathBuf> = std::fs::read_dir(data.0.join("games"))
        .expect("the games folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    assert_eq!(games.len(), 1, "one saved game: {games:?}");
    let saved = std::fs::read_to_string(&games[0]).expect("the saved game");
    let saved = hotseat::records::pgn::read_game(&saved).expect("the saved game parses");
    assert_eq!(saved.game.san_moves(), moves, "the whole game was saved");
    (peak, moves.len(), took)
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` would run this without it.
    if !std::env::args().any(|a| a == "--bench") {
        println!("keystroke: a benchmark; run it with `cargo bench --bench keystroke`");
        return;
    }
    let binary = release_binary();
    let size = std::fs::metadata(&binary).expect("the binary").len();

    let rows = keystrokes(&binary);
    println!(
        "\nkeystroke to first byte of its frame: release binary in a {COLS}x{ROWS} pty, saving on,\n\
         {RUNS} runs each after {WARM_UP} to warm up, {} ms between keys\n",
        GAP.as_millis()
    );
    println!("{:<32} {:>10} {:>10} {:>10}", "key", "median µs", "p99 µs", "max µs");
    for (name, samples) in &rows {
        println!("{}", samples.row(name));
    }

    // The same with an engine thinking at the board, where one is installed.
    if let Ok(engine) = hotseat::engine::locate(None) {
        let flips = keys_while_the_engine_thinks(&binary, &engine);
        println!("{}", flips.row("Ctrl-F, the engine thinking"));
    }

    let (peak, plies, took) = whole_game(&binary);
    println!("\nbinary {}: {size} bytes", binary.display());
    println!(
        "peak resident set (VmHWM) over a {plies}-ply game with autosave: {peak} kB ({:.1} s to play)",
        took.as_secs_f64()
    );
}
