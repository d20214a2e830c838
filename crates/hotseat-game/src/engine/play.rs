//! One engine process kept for a whole game, to play in it: started and greeted once
//! (its name and its options read from the greeting), then asked about one position at
//! a time on a thread of its own, so no frame and no key waits on it. A new question
//! while it thinks stops the old search first; every wait has a deadline; the process
//! is killed and reaped when the [`Player`] is dropped, or by [`end_all`](super::end_all).

use std::path::Path;
use std::process::ChildStdin;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use super::process::{self, Control, Killer};
use super::uci::{self, Score};
use super::{EngineError, Timeouts};
use crate::printable::printable;
use hotseat_chess::Game;

/// The most lines (`MultiPV`) kept from one search; an engine's larger numbers are
/// dropped.
pub const MAX_LINES: u32 = 64;

/// The longest engine name kept, in characters.
const MAX_NAME: usize = 60;

/// An engine's name as it said it, made fit for a tag and a screen: what a terminal
/// would act on (control characters, bidirectional overrides) and the replacement
/// character of bytes that were no text are dropped, not kept as replacement
/// characters; runs of spaces become one; at most [`MAX_NAME`] characters.
fn cleaned_name(said: &str) -> String {
    let kept: String = said
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| !crate::printable::acts_on_terminal(c) && c != '\u{fffd}')
        .collect();
    let words: Vec<&str> = kept.split_whitespace().collect();
    printable(&words.join(" "), MAX_NAME).into_owned()
}

/// How often the thread looks for a new question while the engine thinks in silence.
const LOOK_EVERY: Duration = Duration::from_millis(10);

/// The `position` command for the position `game` is in now (with the moves since its
/// last capture or pawn move, for the engine to see repetitions).
pub fn position_of(game: &Game) -> String {
    uci::position_command(game, game.ply())
}

/// An option the engine offers, as its greeting lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineOption {
    /// `type spin`: a number from `min` to `max`.
    Spin {
        /// Its name.
        name: String,
        /// Its value unless set.
        default: i64,
        /// Its smallest value.
        min: i64,
        /// Its largest value.
        max: i64,
    },
    /// `type check`: on or off.
    Check {
        /// Its name.
        name: String,
    },
}

impl EngineOption {
    /// The option's name.
    pub fn name(&self) -> &str {
        match self {
            EngineOption::Spin { name, .. } | EngineOption::Check { name } => name,
        }
    }
}

/// Reads an `option name NAME type spin|check ...` line; `None` for any other line, a
/// spin without a sensible range among them.
pub fn parse_option(line: &str) -> Option<EngineOption> {
    let rest = line.trim().strip_prefix("option name ")?;
    let (name, rest) = rest.split_once(" type ")?;
    let name = name.trim().to_owned();
    let mut tokens = rest.split_whitespace();
    match tokens.next()? {
        "check" => Some(EngineOption::Check { name }),
        "spin" => {
            let (mut default, mut min, mut max) = (None, None, None);
            while let Some(token) = tokens.next() {
                let value = || tokens.clone().next().and_then(|t| t.parse::<i64>().ok());
                match token {
                    "default" => default = value(),
                    "min" => min = value(),
                    "max" => max = value(),
                    _ => {}
                }
            }
            let (min, max) = (min?, max?);
            (min <= max).then(|| EngineOption::Spin {
                name,
                default: default.unwrap_or(min).clamp(min, max),
                min,
                max,
            })
        }
        _ => None,
    }
}

/// What the engine said when greeted: its name (`id name`, cleaned) and its options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Greeting {
    /// Its name, if it gave one.
    pub name: Option<String>,
    /// The options it offers (at most a few hundred are kept).
    pub options: Vec<EngineOption>,
}

impl Greeting {
    /// The option called `name` (as UCI has it, case-insensitively).
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options.iter().find(|option| option.name().eq_ignore_ascii_case(name))
    }

    /// The range of the spin option `name`, if the engine offers one.
    pub fn spin(&self, name: &str) -> Option<(i64, i64)> {
        match self.option(name)? {
            EngineOption::Spin { min, max, .. } => Some((*min, *max)),
            EngineOption::Check { .. } => None,
        }
    }
}

/// One question for the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// Its number, given back with the answer.
    pub id: u64,
    /// The `setoption` commands to send first (an option is only sent when it changes).
    pub options: Vec<(String, String)>,
    /// The `position ...` command.
    pub position: String,
    /// How long the engine may think.
    pub movetime: Duration,
    /// The most plies it may search, if limited.
    pub depth: Option<u32>,
}

/// One line of a search: its rank (1 the best), its score for the side to move, its
/// first move as the engine wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1 for the engine's first choice.
    pub rank: u32,
    /// From the side to move's point of view.
    pub score: Score,
    /// The line's first move, in coordinates, unchecked.
    pub first: String,
    /// The depth it was searched to.
    pub depth: u32,
}

/// What the engine answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The search with this number ended: its lines by rank, and its best move.
    Searched {
        /// The [`Search::id`].
        id: u64,
        /// The last exact score of each line, by rank.
        lines: Vec<Line>,
        /// The move of `bestmove`, unchecked.
        best: Option<String>,
    },
    /// The engine is lost (crashed, hung, talked nonsense): it has been killed.
    Failed(EngineError),
}

/// What the thread is asked.
enum Request {
    Search(Search),
    /// Stop thinking; nothing is answered for the search stopped.
    Cancel,
}

/// An engine kept for a game. Dropping it kills the engine.
pub struct Player {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
    killer: Killer,
    /// Called on the engine's thread once an answer is ready (see [`Player::wake_with`]).
    wake: Wake,
}

/// What the engine's thread calls when an answer is ready: wakes the loop waiting for
/// input, so the answer is shown when it comes rather than at the loop's next look.
pub type Wake = std::sync::Arc<std::sync::Mutex<Option<std::sync::Arc<dyn Fn() + Send + Sync>>>>;

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player").field("engine", &self.killer.id()).finish_non_exhaustive()
    }
}

/// Ends an engine being started on another thread ([`Player::start_stoppable`]), from
/// this one: the start fails at once, and the engine is killed and reaped, whether it
/// is still being greeted or has greeted already.
#[derive(Clone, Default)]
pub struct Stopper(Killer);

impl Stopper {
    /// Kills the engine, if it runs, and lets it start no more.
    pub fn stop(&self) {
        self.0.kill();
    }
}

impl std::fmt::Debug for Stopper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stopper").field("engine", &self.0.id()).finish()
    }
}

impl Player {
    /// Starts the engine at `path` and greets it, waiting for its `uciok` and `readyok`
    /// at most as `timeouts` say (before a game starts, so the players are told at
    /// once if it cannot be used); `setup` is sent before `isready` (`UCI_Chess960`).
    pub fn start(
        path: &Path,
        timeouts: Timeouts,
        setup: impl FnOnce(&Greeting) -> Vec<(String, String)>,
    ) -> Result<(Player, Greeting), EngineError> {
        Player::start_stoppable(path, timeouts, setup, &Stopper::default())
    }

    /// [`Player::start`], on a thread that may be told from another to give up with
    /// `stopper` (a start called off, or the program ending meanwhile).
    pub fn start_stoppable(
        path: &Path,
        timeouts: Timeouts,
        setup: impl FnOnce(&Greeting) -> Vec<(String, String)>,
        stopper: &Stopper,
    ) -> Result<(Player, Greeting), EngineError> {
        let killer = stopper.0.clone();
        let (lines_tx, lines) = mpsc::sync_channel(256);
        let Some(mut stdin) = killer.spawn(path, lines_tx)? else { return Err(EngineError::Exited) };
        let greeted = greet(&mut stdin, &lines, timeouts, setup);
        let greeting = match greeted {
            Ok(greeting) => greeting,
            Err(err) => {
                killer.kill();
                return Err(err);
            }
        };
        let (requests, requests_rx) = mpsc::channel();
        let (replies_tx, replies) = mpsc::channel();
        let thread_killer = killer.clone();
        let wake = Wake::default();
        let wakes = std::sync::Arc::clone(&wake);
        let spawned = thread::Builder::new().name("engine player".into()).spawn(move || {
            let mut talk = Talk {
                stdin,
                lines,
                requests: requests_rx,
                replies: replies_tx,
                timeouts,
                sent: Vec::new(),
                wake: wakes,
            };
            if let Err(err) = talk.serve() {
                thread_killer.kill();
                let _ = talk.replies.send(Reply::Failed(err));
                talk.wake();
            } else {
                let _ = process::send(&mut talk.stdin, "quit");
                thread_killer.end(Duration::from_millis(300));
            }
        });
        if let Err(err) = spawned {
            killer.kill();
            return Err(EngineError::Spawn { path: path.to_path_buf(), reason: err.to_string() });
        }
        Ok((Player { requests, replies, killer, wake }, greeting))
    }

    /// Has `wake` called on the engine's thread whenever an answer is ready (a move
    /// searched, the engine lost), so the loop need not look for it.
    pub fn wake_with(&self, wake: std::sync::Arc<dyn Fn() + Send + Sync>) {
        if let Ok(mut slot) = self.wake.lock() {
            *slot = Some(wake);
        }
    }

    /// Asks the engine about a position; an earlier search still going is stopped and
    /// never answered.
    pub fn search(&self, search: Search) {
        let _ = self.requests.send(Request::Search(search));
    }

    /// Stops the search going on, if any; it is never answered.
    pub fn cancel(&self) {
        let _ = self.requests.send(Request::Cancel);
    }

    /// What the engine answered since the last call; never waits.
    pub fn poll(&self) -> Vec<Reply> {
        let mut out = Vec::new();
        loop {
            match self.replies.try_recv() {
                Ok(reply) => out.push(reply),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    if self.killer.is_stopped() {
                        // Killed after a failure already reported, or by end_all.
                        break;
                    }
                    out.push(Reply::Failed(EngineError::Exited));
                    self.killer.kill();
                    break;
                }
            }
        }
        out
    }

    /// Waits up to `timeout` for the next answer (for tests and measurements).
    pub fn wait(&self, timeout: Duration) -> Option<Reply> {
        self.replies.recv_timeout(timeout).ok()
    }

    /// The engine's process id while it runs.
    pub fn engine_id(&self) -> Option<u32> {
        self.killer.id()
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        self.killer.kill();
    }
}

/// `uci` to `uciok` (the name and the options on the way), the setup, `isready` to
/// `readyok`.
fn greet(
    stdin: &mut ChildStdin,
    lines: &Receiver<Control>,
    timeouts: Timeouts,
    setup: impl FnOnce(&Greeting) -> Vec<(String, String)>,
) -> Result<Greeting, EngineError> {
    process::send(stdin, "uci")?;
    let mut greeting = Greeting::default();
    let deadline = Instant::now() + timeouts.handshake;
    loop {
        let line = next_line(lines, deadline, "its greeting, uciok")?;
        let line = line.trim();
        if line == "uciok" {
            break;
        }
        if let Some(name) = line.strip_prefix("id name ") {
            let name = cleaned_name(name);
            if !name.is_empty() {
                greeting.name = Some(name);
            }
        } else if let Some(option) = parse_option(line)
            && greeting.options.len() < 500
        {
            greeting.options.push(option);
        }
    }
    for (name, value) in setup(&greeting) {
        process::send(stdin, &format!("setoption name {name} value {value}"))?;
    }
    process::send(stdin, "ucinewgame")?;
    process::send(stdin, "isready")?;
    let deadline = Instant::now() + timeouts.ready;
    while next_line(lines, deadline, "readyok")?.trim() != "readyok" {}
    Ok(greeting)
}

fn next_line(
    lines: &Receiver<Control>,
    deadline: Instant,
    what: &'static str,
) -> Result<String, EngineError> {
    match lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(Control::Line(line)) => Ok(line),
        Ok(Control::Eof | Control::Stop | Control::Prefer(_)) | Err(RecvTimeoutError::Disconnected) => {
            Err(EngineError::Exited)
        }
        Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(what)),
    }
}

/// The thread's side: the engine's input and output, the questions and the answers.
struct Talk {
    stdin: ChildStdin,
    lines: Receiver<Control>,
    requests: Receiver<Request>,
    replies: Sender<Reply>,
    timeouts: Timeouts,
    /// The options set so far, to send only a change.
    sent: Vec<(String, String)>,
    wake: Wake,
}

/// How a search ended.
enum Ended {
    Answered(Vec<Line>, Option<String>),
    /// Stopped for this next request (`None`: just stopped).
    Interrupted(Option<Search>),
}

impl Talk {
    /// Wakes the loop, if it asked to be woken.
    fn wake(&self) {
        let wake = self.wake.lock().ok().and_then(|slot| slot.clone());
        if let Some(wake) = wake {
            wake();
        }
    }

    /// Answers questions until nobody asks any more.
    fn serve(&mut self) -> Result<(), EngineError> {
        let mut next: Option<Search> = None;
        loop {
            let search = match next.take() {
                Some(search) => search,
                None => match self.requests.recv() {
                    Ok(Request::Search(search)) => search,
                    Ok(Request::Cancel) => continue,
                    Err(_) => return Ok(()),
                },
            };
            match self.search(&search)? {
                Ended::Answered(lines, best) => {
                    if self.replies.send(Reply::Searched { id: search.id, lines, best }).is_err() {
                        return Ok(());
                    }
                    self.wake();
                }
                Ended::Interrupted(then) => next = then,
            }
        }
    }

    fn search(&mut self, search: &Search) -> Result<Ended, EngineError> {
        for (name, value) in &search.options {
            let known = self.sent.iter_mut().find(|(sent, _)| sent == name);
            if known.as_ref().is_some_and(|(_, sent)| sent == value) {
                continue;
            }
            process::send(&mut self.stdin, &format!("setoption name {name} value {value}"))?;
            match known {
                Some(known) => known.1.clone_from(value),
                None => self.sent.push((name.clone(), value.clone())),
            }
        }
        process::send(&mut self.stdin, &search.position)?;
        let mut go = format!("go movetime {}", search.movetime.as_millis().max(1));
        if let Some(depth) = search.depth {
            go = format!("{go} depth {}", depth.max(1));
        }
        process::send(&mut self.stdin, &go)?;
        let deadline = Instant::now() + self.timeouts.search(super::Limit::MoveTime(search.movetime));
        let mut lines: Vec<Line> = Vec::new();
        loop {
            // A new question, or a cancel, stops this search: its answer is read and
            // dropped, so the next search starts clean.
            match self.requests.try_recv() {
                Ok(request) => {
                    process::send(&mut self.stdin, "stop")?;
                    // An engine answers `stop` at once; one that does not is hung, and
                    // is given up on when the search would have been.
                    let deadline = deadline.min(Instant::now() + self.timeouts.ready);
                    while uci::parse_bestmove(&next_line(&self.lines, deadline, "its best move")?).is_none() {
                    }
                    return Ok(Ended::Interrupted(match request {
                        Request::Search(next) => Some(next),
                        Request::Cancel => None,
                    }));
                }
                Err(TryRecvError::Disconnected) => return Ok(Ended::Interrupted(None)),
                Err(TryRecvError::Empty) => {}
            }
            let line = match self.lines.recv_timeout(LOOK_EVERY) {
                Ok(Control::Line(line)) => line,
                Ok(_) | Err(RecvTimeoutError::Disconnected) => return Err(EngineError::Exited),
                Err(RecvTimeoutError::Timeout) => {
                    if Instant::now() >= deadline {
                        return Err(EngineError::Timeout("its best move"));
                    }
                    continue;
                }
            };
            if let Some(info) = uci::parse_info(&line) {
                note(&mut lines, info);
            } else if let Some(best) = uci::parse_bestmove(&line) {
                lines.sort_by_key(|line| line.rank);
                return Ok(Ended::Answered(lines, best.map(str::to_owned)));
            }
        }
    }
}

/// Keeps the latest exact score of each line, by rank.
fn note(lines: &mut Vec<Line>, info: uci::Info) {
    let (Some(score), Some(first)) = (info.score, info.pv_first) else { return };
    if info.bound || info.multipv == 0 || info.multipv > MAX_LINES {
        return;
    }
    let line = Line { rank: info.multipv, score, first, depth: info.depth.unwrap_or(0) };
    match lines.iter_mut().find(|kept| kept.rank == line.rank) {
        Some(kept) if kept.depth <= line.depth => *kept = line,
        Some(_) => {}
        None => lines.push(line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_name_keeps_only_printable_text() {
        assert_eq!(cleaned_name("Evil\u{1b}[2J\u{7}Fish\t 2\u{202e}"), "Evil[2JFish 2");
        assert_eq!(cleaned_name("  Stockfish   16.1 \u{fffd}"), "Stockfish 16.1");
        assert_eq!(cleaned_name(&"x".repeat(100)).chars().count(), MAX_NAME);
    }

    #[test]
    fn options_are_read_with_their_ranges() {
        assert_eq!(
            parse_option("option name Skill Level type spin default 20 min 0 max 20"),
            Some(EngineOption::Spin { name: "Skill Level".into(), default: 20, min: 0, max: 20 })
        );
        assert_eq!(
            parse_option("option name UCI_Elo type spin default 1350 min 1350 max 2850"),
            Some(EngineOption::Spin { name: "UCI_Elo".into(), default: 1350, min: 1350, max: 2850 })
        );
        assert_eq!(
            parse_option("option name UCI_LimitStrength type check default false"),
            Some(EngineOption::Check { name: "UCI_LimitStrength".into() })
        );
        assert_eq!(parse_option("option name Bad type spin default 3 min 9 max 1"), None);
        assert_eq!(parse_option("option name Bad type spin default 3"), None);
        assert_eq!(parse_option("option name Clear Hash type button"), None);
        assert_eq!(parse_option("id name Stockfish"), None);
    }

    #[test]
    fn each_line_keeps_its_deepest_exact_score() {
        let mut lines = Vec::new();
        for text in [
            "info depth 5 multipv 1 score cp 30 pv e2e4",
            "info depth 5 multipv 2 score cp 10 pv d2d4",
            "info depth 6 multipv 1 score cp 90 lowerbound pv g1f3",
            "info depth 6 multipv 1 score cp 25 pv e2e4",
            "info depth 6 multipv 999 score cp 25 pv a2a3",
            "info depth 3 multipv 2 score cp -500 pv h2h4",
        ] {
            note(&mut lines, uci::parse_info(text).expect("info"));
        }
        assert_eq!(
            lines,
            [
                Line { rank: 1, score: Score::Cp(25), first: "e2e4".into(), depth: 6 },
                Line { rank: 2, score: Score::Cp(10), first: "d2d4".into(), depth: 5 },
            ]
        );
    }
}
