//! The engine behind the review key: the loop's side of [`Effect::Analyse`] and
//! [`Effect::StopAnalysis`]. It finds the engine ([`engine::locate`]), starts an
//! [`Analysis`] on its own thread, and hands what the engine says back to the app as
//! [`Action::Engine`] reports, a batch at a time when the loop asks, so no frame ever
//! waits on the engine. Dropping it (a quit, a signal) ends the engine.

use std::path::PathBuf;
use std::time::Duration;

use crate::app::{Action, App, Effect, EngineReport, Message};
use crate::engine::{self, Analysis, EngineError, Event, Limit, Settings, Timeouts};
use hotseat_chess::{Move, Position};

/// Runs at most one review at a time for the loop.
#[derive(Debug, Default)]
pub struct Reviewer {
    /// The engine named on the command line (`--engine`), if one was.
    engine: Option<PathBuf>,
    limit: Limit,
    analysis: Option<Analysis>,
    /// A failure to report at the next poll (no engine found).
    failed: Option<EngineError>,
    /// The last estimate reported, to report only a change.
    eta: Option<Duration>,
    /// The engine that judges the moves tried in practice, started when first asked.
    judge: Option<engine::Player>,
    /// The move being judged: its search's number, the position it was tried in (its
    /// half-moves), the move, and the position after it.
    judging: Option<(u64, usize, Move, Position)>,
    next_id: u64,
    /// A judgement that could not be asked (no engine), to report at the next poll.
    unjudged: Option<(usize, Move)>,
}

/// How long the engine thinks about a move tried in practice.
const JUDGE_TIME: Duration = Duration::from_millis(500);

impl Reviewer {
    /// A reviewer using the engine at `engine` when given, and otherwise the first one
    /// [`engine::locate`] finds, thinking about each position as `limit` says.
    pub fn new(engine: Option<PathBuf>, limit: Limit) -> Reviewer {
        Reviewer {
            engine,
            limit,
            analysis: None,
            failed: None,
            eta: None,
            judge: None,
            judging: None,
            next_id: 0,
            unjudged: None,
        }
    }

    /// Carries out the review's effects; other effects are not its business (`None`).
    pub fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message> {
        match effect {
            Effect::Analyse => self.start(app),
            Effect::StopAnalysis => self.stop(),
            Effect::AnalyseNext(index) => self.prefer(index),
            Effect::Judge { ply, tried } => self.judge(app, ply, tried),
            _ => {}
        }
        None
    }

    fn start(&mut self, app: &App) {
        self.stop();
        match engine::locate(self.engine.as_deref()) {
            Ok(path) => {
                // The position on the board first, so the bar beside it fills at once.
                let settings =
                    Settings { limit: self.limit, first: vec![app.shown_ply()], ..Settings::default() };
                self.analysis = Some(Analysis::start_with(&path, app.game(), &settings));
            }
            Err(err) => self.failed = Some(err),
        }
    }

    /// Practice: asks the engine about the position after `tried` in the position
    /// after `ply` half-moves of the game.
    fn judge(&mut self, app: &App, ply: usize, tried: Move) {
        let mut game = app.game().clone();
        while game.ply() > ply {
            game.undo();
        }
        if game.try_play(tried).is_err() {
            self.unjudged = Some((ply, tried));
            return;
        }
        if self.judge.is_none() {
            self.judge = engine::locate(self.engine.as_deref())
                .ok()
                .and_then(|path| engine::Player::start(&path, Timeouts::default(), |_| Vec::new()).ok())
                .map(|(player, _)| player);
        }
        let Some(judge) = &self.judge else {
            self.unjudged = Some((ply, tried));
            return;
        };
        self.next_id += 1;
        judge.search(engine::Search {
            id: self.next_id,
            options: Vec::new(),
            position: engine::position_of(&game),
            movetime: JUDGE_TIME,
            depth: None,
        });
        self.judging = Some((self.next_id, ply, tried, game.position().clone()));
    }

    /// What the judge said, as a report.
    fn judged(&mut self) -> Option<EngineReport> {
        if let Some((ply, tried)) = self.unjudged.take() {
            return Some(EngineReport::Judged { ply, tried, eval: None });
        }
        let judge = self.judge.as_ref()?;
        for reply in judge.poll() {
            match reply {
                engine::Reply::Searched { id, lines, .. } => {
                    let Some((_, ply, tried, after)) = self.judging.take_if(|(judging, ..)| *judging == id)
                    else {
                        continue;
                    };
                    let eval = lines.first().map(|line| line.score.eval(&after));
                    return Some(EngineReport::Judged { ply, tried, eval });
                }
                engine::Reply::Failed(_) => {
                    self.judge = None;
                    let (_, ply, tried, _) = self.judging.take()?;
                    return Some(EngineReport::Judged { ply, tried, eval: None });
                }
            }
        }
        None
    }

    fn stop(&mut self) {
        // Dropping the analysis ends the engine.
        self.analysis = None;
        self.failed = None;
        self.eta = None;
    }

    /// Asks the engine for the position at `index` next (the one the players are
    /// looking at), if it is still waiting.
    pub fn prefer(&self, index: usize) {
        if let Some(analysis) = &self.analysis {
            analysis.prefer(index);
        }
    }

    /// Whether a review is under way (or has a failure to report).
    pub fn busy(&self) -> bool {
        self.analysis.is_some() || self.failed.is_some() || self.judging.is_some() || self.unjudged.is_some()
    }

    /// The engine's process id while it runs.
    pub fn engine_id(&self) -> Option<u32> {
        self.analysis.as_ref().and_then(Analysis::engine_id)
    }

    /// What the engine said since the last call, as actions for the app; never waits.
    pub fn poll(&mut self) -> Vec<Action> {
        let mut reports: Vec<EngineReport> = self.judged().into_iter().collect();
        if let Some(why) = self.failed.take() {
            reports.push(EngineReport::Failed(why));
        }
        let Some(analysis) = self.analysis.as_mut() else { return wrap(reports) };
        let mut ended = false;
        for event in analysis.poll() {
            reports.push(match event {
                Event::Analysed { index, eval, best, .. } => EngineReport::Analysed { index, eval, best },
                Event::Done => {
                    ended = true;
                    EngineReport::Done
                }
                Event::Failed(err) => {
                    ended = true;
                    EngineReport::Failed(err)
                }
            });
        }
        // Whole seconds: the screen shows no finer, so a finer change is no news.
        let eta = analysis.eta().map(|eta| Duration::from_secs(eta.as_secs()));
        if !ended && eta != self.eta {
            self.eta = eta;
            reports.push(EngineReport::Progress { eta });
        }
        if ended {
            self.stop();
        }
        wrap(reports)
    }
}

fn wrap(reports: Vec<EngineReport>) -> Vec<Action> {
    reports.into_iter().map(Action::Engine).collect()
}
