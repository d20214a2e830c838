//! A UCI chess engine (Stockfish by default) reviewing a game, on its own thread.
//!
//! Above the rules core and the records, with the standard library only (child
//! processes, threads and channels): [`locate`] finds the engine, [`Analysis::start`] runs
//! it over every position of a game, single-threaded engine processes taking the game's
//! parts in turn, and [`Analysis::poll`] hands over what they said, in the
//! order they said it, never blocking. Every wait on the engine has a deadline, a line it prints is bounded and
//! cleaned of control characters, and every process is killed and reaped when the
//! [`Analysis`] is dropped, whatever state it is in, or when one of them fails.
//!
//! ```no_run
//! use hotseat_chess::Game;
//! use hotseat_game::engine::{self, Analysis, Event, Limit};
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
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::review::Eval;
use hotseat_chess::{Game, Move};

pub use crate::review::{ENGINE_VARIABLE, EngineError};
pub use locate::{PACKAGE_PATHS, locate, locate_with};
pub use play::{
    EngineOption, Greeting, Line, MAX_LINES, Player, Reply, Search, Stopper, parse_option, position_of,
};
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
    /// [`Resources::of_machine`] says). Never more than there are parts.
    pub engines: Option<usize>,
    /// Positions in each part of the game (`None`: [`PART_LEN`]).
    pub part_len: Option<usize>,
}

/// Positions in a part of the game: each part is analysed by one engine from a new
/// game (an empty hash), from its last position back to its first, so the review is
/// the same whichever engine takes which part, on any machine. Eight balanced the two
/// engines of a two-core machine within a part's time, for 5% less work than one
/// engine going forward through the whole game (docs/MEASUREMENTS.md, "The review").
pub const PART_LEN: usize = 8;

/// What a review may use of the machine: engine processes, and for each its search
/// threads and hash memory. Threads and hash are set through the UCI options `Threads`
/// and `Hash` when the engine offers them, within the largest value it offers; an
/// engine that offers neither is left as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resources {
    /// Engine processes, each taking the next part of the game when done with one.
    pub engines: usize,
    /// Search threads of each engine.
    pub threads: u64,
    /// Each engine's hash table, in MiB. It is kept across the positions of a part,
    /// so what the engine learns about one position is still there for the one before.
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
    /// review is the same on every machine (docs/MEASUREMENTS.md, "The review").
    /// One core is left for the board on a larger machine; on two cores both go to the
    /// engines, since the board's thread sleeps between keys: with both engines at work
    /// a key was still drawn in 0.7 ms median, 12 ms at most (docs/MEASUREMENTS.md,
    /// "The review").
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
    engines: Vec<Engine>,
    parts: Vec<Range<usize>>,
    /// The parts no engine has taken yet, shared with the engines' threads.
    waiting: Waiting,
    /// Engines that found no part left to take.
    engines_done: usize,
    total: usize,
    done: usize,
    finished: bool,
    started: Instant,
}

/// One engine at work on the game.
struct Engine {
    control: SyncSender<Control>,
    killer: Killer,
}

/// The parts of the game no engine has taken yet, the next first; each is its
/// positions in the order to analyse them.
pub(crate) type Waiting = Arc<Mutex<VecDeque<VecDeque<usize>>>>;

/// `total` positions cut into contiguous parts of `len` (the last may be shorter; no
/// part empty unless there are no positions), in order.
pub fn parts(total: usize, len: usize) -> Vec<Range<usize>> {
    let len = len.max(1);
    if total == 0 {
        // One empty part, so there is always a part to give an engine.
        return std::iter::once(0..0).collect();
    }
    (0..total).step_by(len).map(|start| start..(start + len).min(total)).collect()
}

/// The order the parts are taken in, and each part's positions in the order they are
/// analysed: the parts holding a position asked for `first` come first, that position
/// first within its part; the rest from the start of the game, and within a part from
/// its end back, so the move played from each position has just been searched.
fn schedule(parts: &[Range<usize>], first: &[usize]) -> VecDeque<VecDeque<usize>> {
    let mut taken = vec![false; parts.len()];
    let mut order = VecDeque::with_capacity(parts.len());
    let part_of = |index: usize| parts.iter().position(|part| part.contains(&index));
    for n in first.iter().filter_map(|&i| part_of(i)).chain(0..parts.len()) {
        if std::mem::replace(&mut taken[n], true) {
            continue;
        }
        let mut positions: VecDeque<usize> = parts[n].clone().rev().collect();
        for &index in first.iter().rev() {
            if let Some(at) = positions.iter().position(|&i| i == index) {
                positions.remove(at);
                positions.push_front(index);
            }
        }
        order.push_back(positions);
    }
    order
}

impl Analysis {
    /// Starts analysing every position of `game` (its start, then after each move) at
    /// `limit`, with the engines, threads and hash of [`Resources::of_machine`]: the
    /// game is cut into contiguous [`parts`] of [`PART_LEN`] positions, and each engine
    /// takes the next part when done with one, analysing it from a new game, last
    /// position first. Returns at once: the engines start on their threads, and a
    /// failure to start arrives as [`Event::Failed`]. The engines report as they go, so
    /// the events come in no fixed order of index. A Chess960 game sets `UCI_Chess960`.
    pub fn start(engine: &Path, game: &Game, limit: Limit) -> Analysis {
        Analysis::start_with(engine, game, &Settings { limit, ..Settings::default() })
    }

    /// [`Analysis::start`] with the order and the deadlines chosen.
    pub fn start_with(engine: &Path, game: &Game, settings: &Settings) -> Analysis {
        let total = game.ply() + 1;
        let resources = Resources::of_machine();
        let parts = parts(total, settings.part_len.unwrap_or(PART_LEN));
        let waiting: Waiting = Arc::new(Mutex::new(schedule(&parts, &settings.first)));
        let count = settings.engines.unwrap_or(resources.engines).clamp(1, parts.len());
        let killers: Vec<Killer> = (0..count).map(|_| Killer::default()).collect();
        let (events_tx, events) = mpsc::channel();
        let mut engines = Vec::with_capacity(count);
        for n in 0..count {
            // One inbox for the engine's lines and the analysis's word, bounded so that
            // an engine printing without end cannot fill the memory.
            let (control, control_rx) = mpsc::sync_channel(256);
            let killer = killers[n].clone();
            let siblings =
                killers.iter().enumerate().filter(|&(i, _)| i != n).map(|(_, k)| k.clone()).collect();
            worker::spawn(worker::Job {
                engine: engine.to_path_buf(),
                game: game.clone(),
                waiting: Arc::clone(&waiting),
                limit: settings.limit,
                timeouts: settings.timeouts,
                resources,
                events: events_tx.clone(),
                inbox_tx: control.clone(),
                inbox: control_rx,
                killer: killer.clone(),
                siblings,
            });
            engines.push(Engine { control, killer });
        }
        Analysis {
            events,
            engines,
            parts,
            waiting,
            engines_done: 0,
            total,
            done: 0,
            finished: false,
            started: Instant::now(),
        }
    }

    /// Asks for the position at `index` next, when it is still waiting (the one shown,
    /// say): its part goes first among those no engine has taken, or, when an engine is
    /// at work on its part, that engine takes it next (the position in hand finished).
    pub fn prefer(&self, index: usize) {
        {
            let mut waiting = self.waiting.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(at) = waiting.iter().position(|part| part.contains(&index))
                && let Some(mut part) = waiting.remove(at)
            {
                part.retain(|&i| i != index);
                part.push_front(index);
                waiting.push_front(part);
                return;
            }
        }
        for engine in &self.engines {
            let _ = engine.control.try_send(Control::Prefer(index));
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
        self.engines.first().and_then(|engine| engine.killer.id())
    }

    /// The process ids of the engines running now.
    pub fn engine_ids(&self) -> Vec<u32> {
        self.engines.iter().filter_map(|engine| engine.killer.id()).collect()
    }

    /// How often an engine's program was found busy being written ("Text file busy")
    /// and tried again (for a test that the retry ran).
    pub fn busy_retries(&self) -> u32 {
        self.engines.iter().map(|engine| engine.killer.busy_retries()).sum()
    }

    /// The signal that ended an engine by itself (before it was asked to end), once
    /// the analysis has failed of it: a signal sent to this program's group of
    /// processes reaches its engines too, and may end one before this program has
    /// seen its own.
    pub fn ended_by_signal(&self) -> Option<i32> {
        self.engines.iter().find_map(|engine| engine.killer.ended_by())
    }

    /// How many engines share the game.
    pub fn engines(&self) -> usize {
        self.engines.len()
    }

    /// The parts of the game, in order.
    pub fn parts(&self) -> Vec<Range<usize>> {
        self.parts.clone()
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
                // One engine found no part left; the analysis is done when every
                // engine has.
                self.engines_done += 1;
                if self.engines_done < self.engines.len() {
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
        for engine in &self.engines {
            // The kill does the work; the word only wakes the thread sooner.
            let _ = engine.control.try_send(Control::Stop);
            engine.killer.kill();
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
            for len in 0..10 {
                let parts = parts(total, len);
                assert!(!parts.is_empty());
                let covered: Vec<usize> = parts.iter().flat_map(Clone::clone).collect();
                assert_eq!(covered, (0..total).collect::<Vec<_>>(), "{total} by {len}: {parts:?}");
                if total > 0 {
                    assert!(parts.iter().all(|part| !part.is_empty()), "{parts:?}");
                    let (last, whole) = parts.split_last().expect("a part");
                    assert!(whole.iter().all(|part| part.len() == len.max(1)), "{parts:?}");
                    assert!(last.len() <= len.max(1), "{parts:?}");
                }
            }
        }
        assert_eq!(parts(81, PART_LEN).len(), 11);
        assert_eq!(parts(20, 8), [0..8, 8..16, 16..20]);
    }

    #[test]
    fn parts_go_from_the_start_each_from_its_end_back_and_asked_for_positions_first() {
        let as_vecs = |order: VecDeque<VecDeque<usize>>| -> Vec<Vec<usize>> {
            order.into_iter().map(|part| part.into_iter().collect()).collect()
        };
        let parts = parts(10, 4);
        assert_eq!(as_vecs(schedule(&parts, &[])), [vec![3, 2, 1, 0], vec![7, 6, 5, 4], vec![9, 8]]);
        assert_eq!(
            as_vecs(schedule(&parts, &[5, 99, 9, 5, 6])),
            [vec![5, 6, 7, 4], vec![9, 8], vec![3, 2, 1, 0]],
            "the parts of 5 and 9 first, 5 and then 6 first in theirs; 99 is no position"
        );
    }
}
