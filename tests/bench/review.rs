//! Frames while an engine reviews the game: does the screen stay quick?
//!
//! Run with `cargo bench --bench review` (`HOTSEAT_BENCH_ENGINE=PATH` for another engine
//! than `/usr/games/stockfish`). It builds the release binary, starts it in a 100x32
//! pseudo-terminal, types the first 40 plies of a real game, starts the review (Ctrl-E)
//! and, while the engine works, times keys from the moment each is written until the
//! screen shows its answer in full (the engine's progress frames keep arriving
//! meanwhile, and are counted). Then it times drawing the whole screen in-process with
//! a review of a 97-ply game filled in, which is the work of every frame.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use hotseat::app::{Action, App, EngineReport};
use hotseat::review::Eval;
use hotseat::ui::{self, Look, View};
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const ROWS: u16 = 32;
const COLS: u16 = 100;
const PLIES: usize = 40;
const RUNS: usize = 60;
const GAP: Duration = Duration::from_millis(30);
const PATIENCE: Duration = Duration::from_secs(30);
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
    output: Receiver<Vec<u8>>,
    screen: vt100::Parser,
    /// Chunks of output read so far.
    chunks: usize,
}

impl Pty {
    fn start(binary: &Path, data: &Path, args: &[&str]) -> Pty {
        let pty = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(binary);
        cmd.args(args);
        cmd.env("HOTSEAT_DATA_DIR", data);
        cmd.env("TERM", "xterm-256color");
        cmd.env("COLORTERM", "truecolor");
        let child = pty.slave.spawn_command(cmd).expect("the binary starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a reader");
        let (send, output) = mpsc::channel();
        thread::spawn(move || {
            let mut chunk = [0; 4096];
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                if send.send(chunk[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let writer = pty.master.take_writer().expect("a writer");
        let screen = vt100::Parser::new(ROWS.try_into().expect("rows"), COLS.try_into().expect("cols"), 0);
        Pty { _master: pty.master, child, writer, output, screen, chunks: 0 }
    }

    fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    fn read_for(&mut self, wait: Duration) {
        match self.output.recv_timeout(wait) {
            Ok(bytes) => {
                self.chunks += 1;
                self.screen.process(&bytes);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => panic!("the binary exited:\n{}", self.contents()),
        }
    }

    /// Writes `keys` and waits until the screen satisfies `done`; how long that took.
    fn time(&mut self, keys: &[u8], what: &str, done: impl Fn(&str) -> bool) -> Duration {
        while self.output.try_recv().map(|bytes| self.screen.process(&bytes)).is_ok() {}
        let sent = Instant::now();
        self.writer.write_all(keys).expect("keys written");
        self.writer.flush().expect("keys sent");
        while !done(&self.contents()) {
            assert!(sent.elapsed() < PATIENCE, "the screen never showed {what}:\n{}", self.contents());
            self.read_for(Duration::from_millis(1));
        }
        let took = sent.elapsed();
        thread::sleep(GAP);
        took
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
    }
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
    let mut pty = Pty::start(binary, &data, &["--engine", engine]);
    let ready = |s: &str| s.contains("Move: █");
    pty.time(b"", "the first frame", |s| s.contains("White to move") && ready(s));
    for (ply, san) in moves().iter().take(PLIES).enumerate() {
        let next = if ply % 2 == 0 { "Black to move" } else { "White to move" };
        pty.time(format!("{san}\r").as_bytes(), san, |s| s.contains(next) && ready(s));
    }
    // Mid-game the board asks first: both players would see the engine's verdicts.
    pty.time(b"\x05", "the question", |s| s.contains("Y yes"));
    pty.time(b"y", "the review started", |s| s.contains("Engine ▕"));
    let chunks = pty.chunks;
    let (mut typing, mut browsing) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        typing.push(pty.time(b"e", "e typed", |s| s.contains("Move: e█")));
        typing.push(pty.time(b"\x7f", "e erased", ready));
        browsing.push(pty.time(b"\x1b[5~", "browsing", |s| s.contains("Viewing the position")));
        browsing.push(pty.time(b"\x1b[F", "live again", |s| !s.contains("Viewing the position")));
    }
    let still_running = pty.contents().contains("Engine ▕");
    let frames = pty.chunks - chunks;
    pty.writer.write_all(b"\x11").expect("quit");
    let _ = pty.writer.flush();
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
