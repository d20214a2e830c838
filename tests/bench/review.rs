//! Frames while an engine reviews the game: does the screen stay quick?
//!
//! Run with `cargo bench --bench review` (`HOTSEAT_BENCH_ENGINE=PATH` for another engine
//! than `/usr/games/stockfish`). It builds the release binary, starts it in a 100x32
//! pseudo-terminal, types the first 40 plies of a real game, starts the review (Ctrl-E)
//! and, while the engine works, times keys from the moment each is written until the
//! screen shows its answer in full (the engine's progress frames keep arriving
//! meanwhile, and are counted). Then it times drawing the whole screen in-process with
//! a review of a 97-ply game filled in, which is the work of every frame.

#[path = "../common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "release.rs"]
mod release;

use std::path::{Path, PathBuf};
use std::sync::mpsc::RecvTimeoutError;
use std::thread;
use std::time::{Duration, Instant};

use hotseat::app::{Action, App, EngineReport};
use hotseat::review::Eval;
use hotseat::ui::{self, Look, View};
use pty::{COLS, Pty, ROWS};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use release::release_binary;

const PLIES: usize = 40;
const RUNS: usize = 60;
const GAP: Duration = Duration::from_millis(30);
const PATIENCE: Duration = Duration::from_secs(30);
const GAME: &str = "tests/data/games/nepomniachtchi-liren-game1.pgn";

/// Writes `keys` and waits until the screen satisfies `done`; how long that took.
fn time(pty: &mut Pty, keys: &str, what: &str, done: impl Fn(&str) -> bool) -> Duration {
    while pty.next_chunk(Duration::ZERO).is_ok() {}
    let sent = pty.send(keys);
    while !done(&pty.contents()) {
        assert!(sent.elapsed() < PATIENCE, "the screen never showed {what}:\n{}", pty.contents());
        if let Err(RecvTimeoutError::Disconnected) = pty.next_chunk(Duration::from_millis(1)) {
            panic!("the binary exited:\n{}", pty.contents());
        }
    }
    let took = sent.elapsed();
    thread::sleep(GAP);
    took
}

fn percentiles(name: &str, samples: &mut [Duration]) -> String {
    samples.sort_unstable();
    let at = |f: f64| samples[((samples.len() as f64 * f).ceil() as usize).max(1) - 1].as_secs_f64() * 1000.0;
    format!("{name:<40} {:>8.2} {:>8.2} {:>8.2}", at(0.5), at(0.99), at(1.0))
}

fn moves() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME);
    let text = std::fs::read_to_string(path).expect("the game file");
    hotseat::records::pgn::read_game(&text).expect("the game parses").game.san_moves().to_vec()
}

/// Keys answered while the engine works.
fn during_review(binary: &Path, engine: &Path) -> (Vec<Duration>, Vec<Duration>, usize, bool) {
    let data = std::env::temp_dir().join(format!("hotseat-bench-review-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).expect("a data directory");
    let engine = engine.to_str().expect("a UTF-8 path");
    let mut pty = Pty::start_program(
        binary.to_str().expect("a UTF-8 path"),
        &["--engine", engine],
        None,
        &[("HOTSEAT_DATA_DIR", &data)],
        true,
    );
    let ready = |s: &str| s.contains("Move: █");
    time(&mut pty, "", "the first frame", |s| s.contains("White to move") && ready(s));
    for (ply, san) in moves().iter().take(PLIES).enumerate() {
        let next = if ply % 2 == 0 { "Black to move" } else { "White to move" };
        time(&mut pty, &format!("{san}\r"), san, |s| s.contains(next) && ready(s));
    }
    // Mid-game the board asks first: both players would see the engine's verdicts.
    time(&mut pty, "\x05", "the question", |s| s.contains("Y yes"));
    time(&mut pty, "y", "the review started", |s| s.contains("Engine ▕"));
    let chunks = pty.chunks;
    let (mut typing, mut browsing) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        typing.push(time(&mut pty, "e", "e typed", |s| s.contains("Move: e█")));
        typing.push(time(&mut pty, "\x7f", "e erased", ready));
        browsing.push(time(&mut pty, "\x1b[5~", "browsing", |s| s.contains("Viewing the position")));
        browsing.push(time(&mut pty, "\x1b[F", "live again", |s| !s.contains("Viewing the position")));
    }
    let still_running = pty.contents().contains("Engine ▕");
    let frames = pty.chunks - chunks;
    pty.send("\x11");
    let deadline = Instant::now() + PATIENCE;
    while pty.child.try_wait().expect("status").is_none() && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    let _ = std::fs::remove_dir_all(&data);
    (typing, browsing, frames, still_running)
}

/// Drawing the whole screen, in-process, with a whole game reviewed.
fn draw_times() -> Vec<Duration> {
    let mut game = hotseat::chess::Game::new();
    for san in moves() {
        game.play_san(&san).expect("legal");
    }
    let plies = game.ply();
    let mut app = App::new(game);
    app.update(Action::Command(hotseat::app::Command::Review));
    for index in 0..=plies {
        let eval = Eval::Cp(((index * 37) % 400) as i32 - 200);
        app.update(Action::Engine(EngineReport::Analysed { index, eval, best: None }));
    }
    app.update(Action::Engine(EngineReport::Done));
    let mut terminal = Terminal::new(TestBackend::new(COLS, ROWS)).expect("a test terminal");
    let look = Look::default();
    (0..500)
        .map(|i| {
            if i % 2 == 0 {
                app.update(Action::Browse(hotseat::app::Browse::Back));
            }
            let start = Instant::now();
            terminal.draw(|frame| ui::render(frame, &app, &View::default(), &look)).expect("draws");
            start.elapsed()
        })
        .collect()
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("review: a benchmark; run it with `cargo bench --bench review`");
        return;
    }
    let engine = std::env::var_os("HOTSEAT_BENCH_ENGINE")
        .map_or_else(|| PathBuf::from("/usr/games/stockfish"), PathBuf::from);
    let binary = release_binary();
    let (mut typing, mut browsing, frames, still_running) = during_review(&binary, &engine);
    let mut draws = draw_times();
    println!("\nwhile {} reviews a {PLIES}-ply game, in a {COLS}x{ROWS} pty:", engine.display());
    println!("{:<40} {:>8} {:>8} {:>8}", "key to its frame shown in full", "median", "p99", "max ms");
    println!("{}", percentiles("typed character / Backspace", &mut typing));
    println!("{}", percentiles("PgUp / End (browse, eval bar, graph)", &mut browsing));
    println!("{frames} chunks of output meanwhile; the engine was still at work at the end: {still_running}");
    println!("\ndrawing the whole screen with a 97-ply game reviewed, in-process (500 frames):");
    println!("{}", percentiles("frame (render into a buffer)", &mut draws));
}
