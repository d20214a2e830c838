//! A UCI chess engine (Stockfish by default) reviewing a game, on its own thread.
//!
//! Above the rules core and the records, with the standard library only (child
//! processes, threads and channels): [`locate`] finds the engine, [`Analysis::start`] runs
//! it over every position of a game, one single-threaded engine process for each
//! contiguous part of the game, and [`Analysis::poll`] hands over what they said, in the
//! order they said it, never blocking. Every wait on the engine has a deadline, a line it prints is bounded and
//! cleaned of control characters, and every process is killed and reaped when the
//! [`Analysis`] is dropped, whatever state it is in, or when one of them fails.
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
mod play;
mod process;
mod uci;
mod worker;

use std::collections::VecDeque;
use std::fmt;
use std::ops::Range;
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::time::{Duration, Instant};

use crate::review::Eval;
use hotseat_chess::{Game, Move};

pub use crate::review::{ENGINE_VARIABLE, EngineError};
pub use locate::{PACKAGE_PATHS, locate, locate_with};
pub use play::{EngineOption, Greeting, Line, MAX_LINES, Player, Reply, Search, parse_option, position_of};
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
    /// How many engine processes share the game (`None`: as many as
    /// [`Resources::of_machine`] says). Never more than there are positions.
    pub engines: Option<usize>,
}

/// What a review may use of the machine: engine processes, and for each its search
/// threads and hash memory. Threads and hash are set through the UCI options `Threads`
/// and `Hash` when the engine offers them, within the largest value it offers; an
/// engine that offers neither is left as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resources {
    /// Engine processes, each reviewing a contiguous part of the game in order.
    pub engines: usize,
    /// Search threads of each engine.
    pub threads: u64,
    /// Each engine's hash table, in MiB. It is kept across the positions of its part,
    /// so what the engine learns about one position is still there for the next.
    pub hash_mib: u64,
}

impl Resources {
    /// One single-threaded engine per core but one, at least one, and two on two
    /// cores; 16 MiB of hash each (Stockfish's default), and no more engines than an
    /// eighth of the free memory holds.
    ///
    /// Single-threaded because a multi-threaded search depends on timing (the marks
    /// changed from run to run) and did half as much work again per depth; separate
    /// processes on separate parts of the game parallelise without either, so the
    /// review is the same for a given number of cores (README "How long it takes").
    /// One core is left for the board on a larger machine; on two cores both go to the
    /// engines, since the board's thread sleeps between keys: with both engines at work
    /// a key was still drawn in 0.7 ms median, 12 ms at most (README "How long it
    /// takes").
    pub fn of_machine() -> Resources {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Resources::for_machine(cores, free_memory_mib())
    }

    /// [`Resources::of_machine`] for `cores` cores and `free_mib` MiB of free memory.
    fn for_machine(cores: usize, free_mib: Option<u64>) -> Resources {
        const HASH_MIB: u64 = 16;
        let wanted = if cores == 2 { 2 } else { cores.saturating_sub(1).max(1) };
        let room = free_mib
            .map_or(usize::MAX, |free| usize::try_from(free / 8 / HASH_MIB).unwrap_or(usize::MAX).max(1));
        Resources { engines: wanted.min(room), threads: 1, hash_mib: HASH_MIB }
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

/// One game being analysed by engines, each on its own thread. Dropping it ends every
/// engine at once: the processes are killed and reaped, whatever they were doing.
pub struct Analysis {
    events: Receiver<Event>,
    parts: Vec<Part>,
    /// Parts whose engine has analysed all its positions.
    parts_done: usize,
    total: usize,
    done: usize,
    finished: bool,
    started: Instant,
}

/// One engine's share of the game.
struct Part {
    positions: Range<usize>,
    control: SyncSender<Control>,
    killer: Killer,
}

/// `total` positions cut into `count` contiguous parts of sizes differing by at most
/// one (no part empty unless there are no positions), in order.
pub fn parts(total: usize, count: usize) -> Vec<Range<usize>> {
    let count = count.clamp(1, total.max(1));
    (0..count).map(|i| i * total / count..(i + 1) * total / count).collect()
}

impl Analysis {
    /// Starts analysing every position of `game` (its start, then after each move) at
    /// `limit`, with the engines, threads and hash of [`Resources::of_machine`]: the
    /// game is cut into contiguous [`parts`], one engine each, which analyses its part
    /// in order with one hash. Returns at once: the engines start on their threads, and
    /// a failure to start arrives as [`Event::Failed`]. The parts report as they go, so
    /// the events come in no fixed order of index. A Chess960 game sets `UCI_Chess960`.
    pub fn start(engine: &Path, game: &Game, limit: Limit) -> Analysis {
        Analysis::start_with(engine, game, &Settings { limit, ..Settings::default() })
    }

    /// [`Analysis::start`] with the order and the deadlines chosen.
    pub fn start_with(engine: &Path, game: &Game, settings: &Settings) -> Analysis {
        let total = game.ply() + 1;
        let resources = Resources::of_machine();
        let ranges = parts(total, settings.engines.unwrap_or(resources.engines));
        let killers: Vec<Killer> = ranges.iter().map(|_| Killer::default()).collect();
        let (events_tx, events) = mpsc::channel();
        let mut parts = Vec::with_capacity(ranges.len());
        for (n, positions) in ranges.into_iter().enumerate() {
            // The positions asked for first, where they are in this part, then the rest.
            let mut order: VecDeque<usize> = VecDeque::with_capacity(positions.len());
            let mut queued = vec![false; positions.len()];
            for index in settings.first.iter().copied().chain(positions.clone()) {
                if let Some(seen @ false) = index.checked_sub(positions.start).and_then(|i| queued.get_mut(i))
                {
                    *seen = true;
                    order.push_back(index);
                }
            }
            // One inbox for the engine's lines and the analysis's word, bounded so that
            // an engine printing without end cannot fill the memory.
            let (control, control_rx) = mpsc::sync_channel(256);
            let killer = killers[n].clone();
            let siblings =
                killers.iter().enumerate().filter(|&(i, _)| i != n).map(|(_, k)| k.clone()).collect();
            worker::spawn(worker::Job {
                engine: engine.to_path_buf(),
                game: game.clone(),
                order,
                limit: settings.limit,
                timeouts: settings.timeouts,
                resources,
                events: events_tx.clone(),
                inbox_tx: control.clone(),
                inbox: control_rx,
                killer: killer.clone(),
                siblings,
            });
            parts.push(Part { positions, control, killer });
        }
        Analysis { events, parts, parts_done: 0, total, done: 0, finished: false, started: Instant::now() }
    }

    /// Asks for the position at `index` next, when it is still waiting (the one shown,
    /// say); the position its engine is analysing is finished first.
    pub fn prefer(&self, index: usize) {
        if let Some(part) = self.parts.iter().find(|part| part.positions.contains(&index)) {
            let _ = part.control.try_send(Control::Prefer(index));
        }
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

    /// The first engine's process id while it runs (for a test that it is gone after).
    pub fn engine_id(&self) -> Option<u32> {
        self.parts.first().and_then(|part| part.killer.id())
    }

    /// The process ids of the engines running now, by part.
    pub fn engine_ids(&self) -> Vec<u32> {
        self.parts.iter().filter_map(|part| part.killer.id()).collect()
    }

    /// The parts of the game, one engine each, in order.
    pub fn parts(&self) -> Vec<Range<usize>> {
        self.parts.iter().map(|part| part.positions.clone()).collect()
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
            Event::Done => {
                // One part is done; the analysis is when every part is.
                self.parts_done += 1;
                if self.parts_done < self.parts.len() {
                    return;
                }
                self.finished = true;
            }
            Event::Failed(_) => {
                // The failing part's thread ended the others before saying so; this
                // only makes sure.
                self.finished = true;
                self.end_engines();
            }
        }
        out.push(event);
    }

    fn end_engines(&self) {
        for part in &self.parts {
            // The kill does the work; the word only wakes the thread sooner.
            let _ = part.control.try_send(Control::Stop);
            part.killer.kill();
        }
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
        self.end_engines();
    }
}

impl fmt::Debug for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Analysis")
            .field("done", &self.done)
            .field("total", &self.total)
            .field("parts", &self.parts())
            .field("finished", &self.finished)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_and_hash_are_set_only_when_offered_and_within_the_engine_s_limits() {
        let resources = Resources { engines: 1, threads: 8, hash_mib: 256 };
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
    fn one_single_threaded_engine_per_core_but_one_and_two_on_two_cores() {
        let of = |cores, free| Resources::for_machine(cores, free).engines;
        assert_eq!(of(1, Some(8192)), 1);
        assert_eq!(of(2, Some(8192)), 2, "the board's thread sleeps while two engines work");
        assert_eq!(of(3, Some(8192)), 2);
        assert_eq!(of(8, Some(8192)), 7);
        assert_eq!(of(64, None), 63);
        assert_eq!(of(8, Some(256)), 2, "an eighth of the free memory, 16 MiB each");
        assert_eq!(of(8, Some(10)), 1, "at least one");
        let resources = Resources::for_machine(8, Some(8192));
        assert_eq!((resources.threads, resources.hash_mib), (1, 16), "each engine as one engine was");
    }

    #[test]
    fn the_parts_cover_every_position_once_in_order() {
        for total in 0..40 {
            for count in 0..8 {
                let parts = parts(total, count);
                assert!(!parts.is_empty());
                let covered: Vec<usize> = parts.iter().flat_map(Clone::clone).collect();
                assert_eq!(covered, (0..total).collect::<Vec<_>>(), "{total} in {count}: {parts:?}");
                assert!(parts.len() <= count.max(1));
                if total > 0 {
                    assert!(parts.iter().all(|part| !part.is_empty()), "{parts:?}");
                    let sizes: Vec<usize> = parts.iter().map(ExactSizeIterator::len).collect();
                    let (min, max) = (sizes.iter().min(), sizes.iter().max());
                    assert!(max.zip(min).is_some_and(|(max, min)| max - min <= 1), "{sizes:?}");
                }
            }
        }
        assert_eq!(parts(81, 2), [0..40, 40..81]);
    }
}
