//! The analysis thread: starts the engine, greets it, and asks about one position after
//! another, with a deadline on every wait.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::ChildStdin;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

use crate::review::Eval;
use hotseat_chess::{Game, Move};

use super::process::{self, Control, Killer};
use super::uci::{self, Verdict};
use super::{EngineError, Event, Limit, Resources, Timeouts, Waiting};

/// How long a finished engine has to leave after `quit` before it is killed.
const GRACE: Duration = Duration::from_millis(500);

/// Everything the thread needs.
pub(super) struct Job {
    pub(super) engine: PathBuf,
    pub(super) game: Game,
    /// The parts of the game no engine has taken yet.
    pub(super) waiting: Waiting,
    pub(super) limit: Limit,
    pub(super) timeouts: Timeouts,
    pub(super) resources: Resources,
    pub(super) events: Sender<Event>,
    pub(super) inbox_tx: SyncSender<Control>,
    pub(super) inbox: Receiver<Control>,
    pub(super) killer: Killer,
    /// The engines of the other parts of the game, ended when this one fails.
    pub(super) siblings: Vec<Killer>,
}

/// Why a session ended early.
enum Halt {
    /// The analysis was dropped: nobody listens.
    Stopped,
    Failed(EngineError),
}

impl From<EngineError> for Halt {
    fn from(err: EngineError) -> Halt {
        Halt::Failed(err)
    }
}

/// Runs `job` on a thread of its own.
pub(super) fn spawn(job: Job) {
    let events = job.events.clone();
    if let Err(err) = thread::Builder::new().name("engine".into()).spawn(move || run(job)) {
        let _ =
            events.send(Event::Failed(EngineError::Spawn { path: PathBuf::new(), reason: err.to_string() }));
    }
}

fn run(mut job: Job) {
    let mut stdin = None;
    let result = session(&mut job, &mut stdin);
    if let Some(mut stdin) = stdin {
        let _ = process::send(&mut stdin, "quit");
    }
    let stopped = job.killer.is_stopped();
    job.killer.end(GRACE);
    match result {
        Ok(()) => {
            let _ = job.events.send(Event::Done);
        }
        Err(Halt::Failed(err)) if !stopped => {
            // One part lost is the review lost: no other engine outlives the news.
            for sibling in &job.siblings {
                sibling.kill();
            }
            let _ = job.events.send(Event::Failed(err));
        }
        Err(_) => {}
    }
}

fn session(job: &mut Job, stdin_slot: &mut Option<ChildStdin>) -> Result<(), Halt> {
    let Some(stdin) = job.killer.spawn(&job.engine, job.inbox_tx.clone())? else {
        return Err(Halt::Stopped);
    };
    let stdin = stdin_slot.insert(stdin);
    let mut order = VecDeque::new();
    let mut talk = Talk { inbox: &job.inbox, order: &mut order };
    process::send(stdin, "uci")?;
    // The greeting lists the options the engine offers, before `uciok`.
    let mut offered = Vec::new();
    let deadline = Instant::now() + job.timeouts.handshake;
    loop {
        let line = talk.line(deadline, "its greeting, uciok")?;
        if line.trim() == "uciok" {
            break;
        }
        if let Some((name, max)) = uci::parse_spin_option(&line) {
            offered.push((name.to_owned(), max));
        }
    }
    for command in job.resources.commands(&offered) {
        process::send(stdin, &command)?;
    }
    if job.game.start().is_chess960() {
        process::send(stdin, "setoption name UCI_Chess960 value true")?;
    }
    while let Some(part) = take_part(&job.waiting) {
        // Each part from a new game, so its verdicts do not depend on which engine took
        // it, nor on what that engine did before.
        *talk.order = part;
        process::send(stdin, "ucinewgame")?;
        process::send(stdin, "isready")?;
        talk.wait_for(|line| line.trim() == "readyok", job.timeouts.ready, "readyok")?;
        analyse_part(job, stdin, &mut talk)?;
    }
    Ok(())
}

/// The next part no engine has taken, if any.
fn take_part(waiting: &Waiting) -> Option<VecDeque<usize>> {
    waiting.lock().unwrap_or_else(std::sync::PoisonError::into_inner).pop_front()
}

/// Analyses the positions of the part in `talk`'s order, reporting each.
fn analyse_part(job: &Job, stdin: &mut ChildStdin, talk: &mut Talk<'_>) -> Result<(), Halt> {
    while let Some(index) = talk.order.pop_front() {
        let Some(position) = job.game.position_at(index) else { continue };
        let event = if position.legal_moves().is_empty() {
            // The game is over there: nothing to ask.
            let eval = if position.is_check() { Eval::Mate(0) } else { Eval::Cp(0) };
            Event::Analysed { index, eval, best: None, depth: 0 }
        } else {
            process::send(stdin, &uci::position_command(&job.game, index))?;
            process::send(stdin, &uci::go_command(job.limit))?;
            let (verdict, best) = talk.search(job.timeouts.search(job.limit))?;
            let Some(score) = verdict.score else {
                return Err(Halt::Failed(EngineError::Garbage(format!(
                    "a best move without an evaluation, after {}",
                    index
                        .checked_sub(1)
                        .and_then(|ply| job.game.label(ply))
                        .unwrap_or_else(|| "the start".to_owned())
                ))));
            };
            // The move the engine names, or else the first of its line, if legal.
            let legal = |text: Option<&str>| text.and_then(|t| position.parse_uci(t).ok());
            let best: Option<Move> = legal(best.as_deref()).or_else(|| legal(verdict.pv_first.as_deref()));
            Event::Analysed { index, eval: score.eval(position), best, depth: verdict.depth }
        };
        if job.events.send(event).is_err() {
            return Err(Halt::Stopped);
        }
    }
    Ok(())
}

/// The conversation: lines in, with the analysis's word mixed in.
struct Talk<'a> {
    inbox: &'a Receiver<Control>,
    order: &'a mut VecDeque<usize>,
}

impl Talk<'_> {
    /// The next line before `deadline`.
    fn line(&mut self, deadline: Instant, what: &'static str) -> Result<String, Halt> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.inbox.recv_timeout(left) {
                Ok(Control::Line(line)) => return Ok(line),
                Ok(Control::Eof) => return Err(Halt::Failed(EngineError::Exited)),
                Ok(Control::Stop) | Err(RecvTimeoutError::Disconnected) => return Err(Halt::Stopped),
                Ok(Control::Prefer(index)) => {
                    if let Some(at) = self.order.iter().position(|&i| i == index) {
                        self.order.remove(at);
                        self.order.push_front(index);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Halt::Failed(EngineError::Timeout(what))),
            }
        }
    }

    /// Skips lines until one that `done` accepts, within `timeout`.
    fn wait_for(
        &mut self,
        done: impl Fn(&str) -> bool,
        timeout: Duration,
        what: &'static str,
    ) -> Result<(), Halt> {
        let deadline = Instant::now() + timeout;
        while !done(&self.line(deadline, what)?) {}
        Ok(())
    }

    /// Reads a search's `info` lines up to its `bestmove`, within `timeout`.
    fn search(&mut self, timeout: Duration) -> Result<(Verdict, Option<String>), Halt> {
        let deadline = Instant::now() + timeout;
        let mut verdict = Verdict::default();
        loop {
            let line = self.line(deadline, "its best move")?;
            if let Some(info) = uci::parse_info(&line) {
                verdict.note(info);
            } else if let Some(best) = uci::parse_bestmove(&line) {
                return Ok((verdict, best.map(str::to_owned)));
            }
            // Anything else is skipped: engines print what they like.
        }
    }
}
