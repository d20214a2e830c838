//! A UCI chess engine (Stockfish by default) reviewing a game, on its own thread.
//!
//! Above the rules core and the records, with the standard library only (a child
//! process, threads and channels): [`locate`] finds the engine, [`Analysis::start`] runs
//! it over every position of a game and [`Analysis::poll`] hands over what it said, never
//! blocking. Every wait on the engine has a deadline, a line it prints is bounded and
//! cleaned of control characters, and the process is killed and reaped when the
//! [`Analysis`] is dropped, whatever state it is in.
//!
//! ```no_run
//! use hotseat::chess::Game;
//! use hotseat::engine::{self, Analysis, Event, Limit};
//! let path = engine::locate(None).expect("an engine");
//! let mut analysis = Analysis::start(&path, &Game::new(), Limit::default());
//! loop {
//!     for event in analysis.wait(std::time::Duration::from_millis(100)) {
//!         match event {
//!             Event::Analysed { index, eval, .. } => println!("{index}: {eval}"),
//!             Event::Done => return,
//!             Event::Failed(err) => panic!("{err}"),
//!         }
//!     }
//! }
//! ```

mod locate;
mod process;
mod uci;
mod worker;

use std::collections::VecDeque;
use std::fmt;
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::time::{Duration, Instant};

use crate::chess::{Game, Move};
use crate::review::Eval;

pub use crate::review::{ENGINE_VARIABLE, EngineError};
pub use locate::{PACKAGE_PATHS, locate, locate_with};
pub use uci::{Info, Score, parse_bestmove, parse_info};

use process::Control;
use process::Killer;
pub use process::end_all;

/// How long the engine thinks about each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// To this depth in plies (`go depth N`).
    Depth(u32),
    /// For this long (`go movetime MS`).
    MoveTime(Duration),
}

impl Limit {
    /// The depth of [`Limit::default`].
    pub const DEFAULT_DEPTH: u32 = 18;
}

impl Default for Limit {
    /// Depth [`Limit::DEFAULT_DEPTH`].
    fn default() -> Limit {
        Limit::Depth(Limit::DEFAULT_DEPTH)
    }
}

/// How long to wait for the engine before giving up on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For `uciok` after `uci`.
    pub handshake: Duration,
    /// For `readyok` after `isready`.
    pub ready: Duration,
    /// For `bestmove` after `go depth N`: this much for each ply of depth, times a
    /// tenth of the depth (rounded up), since a search grows faster than its depth.
    pub depth_search: Duration,
    /// Added to the wait for `bestmove`: for `go movetime MS`, to three times the move
    /// time; for `go depth N`, to what the depth allows.
    pub movetime_margin: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            handshake: Duration::from_secs(10),
            ready: Duration::from_secs(30),
            // Depth 1: 3 s; depth 18 (the default): 108 s; depth 30: 270 s; a search
            // Stockfish finishes in well under a tenth of that on a slow machine.
            depth_search: Duration::from_secs(3),
            movetime_margin: Duration::from_secs(5),
        }
    }
}

impl Timeouts {
    /// The wait for `bestmove` under `limit`: a generous multiple of what the search
    /// was asked to take, so an engine that never answers is given up on in time.
    pub fn search(&self, limit: Limit) -> Duration {
        let bound = match limit {
            Limit::Depth(depth) => {
                let depth = depth.max(1);
                self.depth_search.saturating_mul(depth.saturating_mul(depth.div_ceil(10)))
            }
            Limit::MoveTime(time) => time.saturating_mul(3),
        };
        bound.saturating_add(self.movetime_margin)
    }
}

/// What an analysis is asked to do, beyond the engine and the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// How long to think about each position.
    pub limit: Limit,
    /// The positions to analyse first, by index (0 the start); the rest follow in order.
    /// Indexes past the game's end and repeats are ignored.
    pub first: Vec<usize>,
    /// The deadlines.
    pub timeouts: Timeouts,
}

/// What the engine may use of the machine: search threads and hash memory. Set through
/// the UCI options `Threads` and `Hash` when the engine offers them, within the largest
/// value it offers; an engine that offers neither is left as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resources {
    /// Search threads.
    pub threads: u64,
    /// The hash table, in MiB. One engine process reviews a whole game, so what it
    /// learns about one position is still there for the next.
    pub hash_mib: u64,
}

impl Resources {
    /// Every core but one, and at least one thread: the one left keeps the board quick
    /// and leaves room for whatever else runs. On a two-core machine that is one thread,
    /// which also keeps the marks the same from run to run (a second thread measured 50%
    /// more work for the same depth here, and changed marks between runs: README "How
    /// long it takes"). The hash grows with the threads that fill it, 16 MiB each (the
    /// usual default, so one thread reviews exactly as before), at most 256 MiB and an
    /// eighth of the free memory.
    pub fn of_machine() -> Resources {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
        Resources::for_machine(cores, free_memory_mib())
    }

    /// [`Resources::of_machine`] for `cores` cores and `free_mib` MiB of free memory.
    fn for_machine(cores: u64, free_mib: Option<u64>) -> Resources {
        let threads = cores.saturating_sub(1).max(1);
        let ceiling = free_mib.map_or(256, |free| (free / 8).clamp(16, 256));
        Resources { threads, hash_mib: (16 * threads).min(ceiling) }
    }

    /// The `setoption` commands for an engine that offered these spin options (name,
    /// largest value).
    fn commands(self, offered: &[(String, u64)]) -> Vec<String> {
        let mut commands = Vec::new();
        for (name, wanted) in [("Threads", self.threads), ("Hash", self.hash_mib)] {
            if let Some((_, max)) = offered.iter().find(|(offered, _)| offered == name) {
                commands.push(format!("setoption name {name} value {}", wanted.clamp(1, (*max).max(1))));
            }
        }
        commands
    }
}

/// The memory available to new programs, in MiB (Linux's `MemAvailable`).
fn free_memory_mib() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// What an analysis reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The engine's verdict on the position at `index` (0 the start).
    Analysed {
        /// The position's index: the number of moves played to reach it.
        index: usize,
        /// Its evaluation, from White's point of view.
        eval: Eval,
        /// The engine's move there (`None` when the game is over there).
        best: Option<Move>,
        /// The depth of the search that gave it (0 for a position with no moves).
        depth: u32,
    },
    /// Every position is analysed; the engine has been sent away.
    Done,
    /// The analysis stopped; the engine has been sent away.
    Failed(EngineError),
}

/// One game being analysed by an engine on its own thread. Dropping it ends the engine
/// at once: the process is killed and reaped, whatever it was doing.
pub struct Analysis {
    events: Receiver<Event>,
    control: SyncSender<Control>,
    killer: Killer,
    total: usize,
    done: usize,
    finished: bool,
    started: Instant,
}

impl Analysis {
    /// Starts analysing every position of `game` (its start, then after each move), in
    /// order, at `limit`, with the threads and hash of [`Resources::of_machine`]; one
    /// engine process, and so one hash, serves the whole game. Returns at once: the
    /// engine starts on the thread, and a failure to start arrives as [`Event::Failed`].
    /// A Chess960 game sets `UCI_Chess960`.
    pub fn start(engine: &Path, game: &Game, limit: Limit) -> Analysis {
        Analysis::start_with(engine, game, &Settings { limit, ..Settings::default() })
    }

    /// [`Analysis::start`] with the order and the deadlines chosen.
    pub fn start_with(engine: &Path, game: &Game, settings: &Settings) -> Analysis {
        let total = game.ply() + 1;
        let mut order: VecDeque<usize> = VecDeque::with_capacity(total);
        let mut queued = vec![false; total];
        for index in settings.first.iter().copied().chain(0..total) {
            if let Some(seen @ false) = queued.get_mut(index) {
                *seen = true;
                order.push_back(index);
            }
        }
        let (events_tx, events) = mpsc::channel();
        // One inbox for the engine's lines and the analysis's word, bounded so that an
        // engine printing without end cannot fill the memory.
        let (control, control_rx) = mpsc::sync_channel(256);
        let killer = Killer::default();
        worker::spawn(worker::Job {
            engine: engine.to_path_buf(),
            game: game.clone(),
            order,
            limit: settings.limit,
            timeouts: settings.timeouts,
            resources: Resources::of_machine(),
            events: events_tx,
            inbox_tx: control.clone(),
            inbox: control_rx,
            killer: killer.clone(),
        });
        Analysis { events, control, killer, total, done: 0, finished: false, started: Instant::now() }
    }

    /// Asks for the position at `index` next, when it is still waiting (the one shown,
    /// say); the position being analysed is finished first.
    pub fn prefer(&self, index: usize) {
        let _ = self.control.try_send(Control::Prefer(index));
    }

    /// What the engine has said since the last call; never blocks.
    pub fn poll(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        loop {
            match self.events.try_recv() {
                Ok(event) => self.note(event, &mut out),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.lost(&mut out);
                    break;
                }
            }
        }
        out
    }

    /// Like [`Analysis::poll`], but waits up to `timeout` for the first event (for a
    /// front end with nothing else to do).
    pub fn wait(&mut self, timeout: Duration) -> Vec<Event> {
        let mut out = Vec::new();
        if self.finished {
            return out;
        }
        match self.events.recv_timeout(timeout) {
            Ok(event) => self.note(event, &mut out),
            Err(RecvTimeoutError::Timeout) => return out,
            Err(RecvTimeoutError::Disconnected) => self.lost(&mut out),
        }
        out.extend(self.poll());
        out
    }

    /// (positions analysed, positions in all).
    pub fn progress(&self) -> (usize, usize) {
        (self.done, self.total)
    }

    /// The engine's process id while it runs (for a test that it is gone after).
    pub fn engine_id(&self) -> Option<u32> {
        self.killer.id()
    }

    /// Whether the analysis has ended, done or failed.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// An estimate of the time left, from the time taken so far (none before the first
    /// position is done, or after the end).
    pub fn eta(&self) -> Option<Duration> {
        if self.done == 0 || self.finished {
            return None;
        }
        let per = self.started.elapsed() / self.done as u32;
        Some(per.saturating_mul(self.total.saturating_sub(self.done) as u32))
    }

    fn note(&mut self, event: Event, out: &mut Vec<Event>) {
        if self.finished {
            return;
        }
        match &event {
            Event::Analysed { .. } => self.done = (self.done + 1).min(self.total),
            Event::Done | Event::Failed(_) => self.finished = true,
        }
        out.push(event);
    }

    /// The thread ended without a last word (it cannot, short of a bug): a failure.
    fn lost(&mut self, out: &mut Vec<Event>) {
        if !self.finished {
            self.finished = true;
            out.push(Event::Failed(EngineError::Exited));
        }
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        // The kill does the work; the word only wakes the thread sooner.
        let _ = self.control.try_send(Control::Stop);
        self.killer.kill();
    }
}

impl fmt::Debug for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Analysis")
            .field("done", &self.done)
            .field("total", &self.total)
            .field("finished", &self.finished)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_and_hash_are_set_only_when_offered_and_within_the_engine_s_limits() {
        let resources = Resources { threads: 8, hash_mib: 256 };
        let stockfish = [("Threads".to_owned(), 1024), ("Hash".to_owned(), 33_554_432)];
        assert_eq!(
            resources.commands(&stockfish),
            ["setoption name Threads value 8", "setoption name Hash value 256"]
        );
        let small = [("Hash".to_owned(), 64), ("Threads".to_owned(), 2)];
        assert_eq!(
            resources.commands(&small),
            ["setoption name Threads value 2", "setoption name Hash value 64"]
        );
        assert!(resources.commands(&[("Move Overhead".to_owned(), 5000)]).is_empty());
    }

    #[test]
    fn one_core_is_left_free_and_the_hash_grows_with_the_threads() {
        let of = |cores, free| Resources::for_machine(cores, free);
        assert_eq!(of(1, Some(8192)), Resources { threads: 1, hash_mib: 16 });
        assert_eq!(of(2, Some(8192)), Resources { threads: 1, hash_mib: 16 }, "as before on two cores");
        assert_eq!(of(8, Some(8192)), Resources { threads: 7, hash_mib: 112 });
        assert_eq!(of(64, None), Resources { threads: 63, hash_mib: 256 });
        assert_eq!(of(8, Some(256)), Resources { threads: 7, hash_mib: 32 }, "an eighth of the free memory");
        assert_eq!(of(8, Some(10)), Resources { threads: 7, hash_mib: 16 });
    }
}
