//! The engine's review of the game, as the app keeps it: the evaluations and marks the
//! engine reported (through [`Action::Engine`](super::Action::Engine)), and whether it
//! is still at work. The engine itself runs outside the app: starting and stopping it
//! are [`Effect`]s, and what it finds comes back as actions, so no frame waits on it.
//!
//! The review belongs to one game ([`Round`](super::Round)): a new game drops it. A
//! take-back or a different move after it keeps what still holds: the positions up to
//! the first move that changed keep their evaluations and marks, the rest are not
//! shown, and the review says it is out of date.

use std::time::Duration;

use super::{App, Effect, Question, strings};
use crate::review::{EngineError, Eval, Mark, Review, Written};
use hotseat_chess::{Color, Game, Move};

/// What the engine reports, already turned into the review's terms by the loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineReport {
    /// The position after `index` half-moves is worth `eval` (White's point of view),
    /// and the engine would play `best` there.
    Analysed {
        /// The position: 0 for the start.
        index: usize,
        /// Its evaluation.
        eval: Eval,
        /// The engine's move there, if it has one.
        best: Option<Move>,
    },
    /// The estimate of the time left changed.
    Progress {
        /// The estimate, once the engine has done enough to make one.
        eta: Option<Duration>,
    },
    /// Every position is analysed.
    Done,
    /// The engine could not go on (it was not found, crashed or talked nonsense), and
    /// why.
    Failed(EngineError),
    /// Practice: the position after `tried`, played after `ply` half-moves, is worth
    /// `eval` (White's point of view); none when the engine could not say.
    Judged {
        /// The position tried in.
        ply: usize,
        /// The move tried.
        tried: Move,
        /// Its evaluation.
        eval: Option<Eval>,
    },
}

/// Where the review stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewState {
    /// The engine is at work.
    Running {
        /// The estimate of the time left.
        eta: Option<Duration>,
    },
    /// Every position was analysed.
    Done,
    /// The players stopped it.
    Stopped,
    /// The engine failed, for this reason.
    Failed(EngineError),
}

/// The review of one game, with the moves it is of.
#[derive(Clone, Debug)]
pub struct Reviewing {
    review: Review,
    /// The game's moves when the review started.
    moves: Vec<Move>,
    /// How many of them the game still has: positions past this are not shown.
    same: usize,
    /// How many moves the game has now.
    live: usize,
    state: ReviewState,
}

impl Reviewing {
    fn new(game: &Game) -> Reviewing {
        let moves = game.moves();
        Reviewing {
            review: Review::of(game),
            moves: moves.to_vec(),
            same: moves.len(),
            live: moves.len(),
            state: ReviewState::Running { eta: None },
        }
    }

    /// The model, as the engine filled it: every position of the game it was started
    /// on, including any taken back since.
    pub fn review(&self) -> &Review {
        &self.review
    }

    /// Where the review stands.
    pub fn state(&self) -> &ReviewState {
        &self.state
    }

    /// Whether the engine is at work.
    pub fn is_running(&self) -> bool {
        matches!(self.state, ReviewState::Running { .. })
    }

    /// The estimate of the time left, while the engine is at work.
    pub fn eta(&self) -> Option<Duration> {
        match self.state {
            ReviewState::Running { eta } => eta,
            _ => None,
        }
    }

    /// Positions analysed, and positions in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.review.analysed(), self.review.len())
    }

    /// Whether the game's moves are still those reviewed, no more, no fewer.
    pub fn is_current(&self) -> bool {
        self.same == self.moves.len() && self.live == self.same
    }

    /// How many positions of the game now the review still speaks for.
    pub fn positions(&self) -> usize {
        self.same + 1
    }

    /// The evaluation of the position after `index` half-moves, if it still holds.
    pub fn eval(&self, index: usize) -> Option<Eval> {
        (index <= self.same).then(|| self.review.eval(index)).flatten()
    }

    /// White's winning chances (0 to 100) in the position after `index` half-moves,
    /// if its evaluation still holds.
    pub fn win_percent(&self, index: usize) -> Option<f64> {
        (index <= self.same).then(|| self.review.win_percent(index)).flatten()
    }

    /// The mark of the move from position `ply` to `ply + 1`, if it still holds.
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        (ply < self.same).then(|| self.review.mark(ply)).flatten()
    }

    /// The engine's move instead of the marked move `ply`.
    pub fn better(&self, ply: usize) -> Option<Move> {
        (ply < self.same).then(|| self.review.better(ply)).flatten()
    }

    /// Whether the review speaks for the whole game as it is: every position
    /// analysed, and the moves unchanged since.
    pub fn is_whole(&self) -> bool {
        self.is_current() && self.review.is_complete()
    }

    /// `color`'s accuracy (0 to 100), once the review [is whole](Self::is_whole).
    pub fn accuracy(&self, color: Color) -> Option<f64> {
        self.is_whole().then(|| self.review.accuracy(color)).flatten()
    }

    /// `color`'s inaccuracies, mistakes and blunders, once the review [is
    /// whole](Self::is_whole).
    pub fn counts(&self, color: Color) -> Option<[usize; 3]> {
        self.is_whole().then(|| self.review.counts(color))
    }

    /// The marked moves still standing, first to last.
    pub fn marked(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.same).filter(|&ply| self.mark(ply).is_some())
    }

    /// Follows the game's moves after a move or a take-back.
    fn follow(&mut self, moves: &[Move]) {
        self.same = self.moves.iter().zip(moves).take_while(|(a, b)| a == b).count();
        self.live = moves.len();
    }
}

impl App {
    /// The engine's review of this game, once one was asked for.
    pub fn reviewing(&self) -> Option<&Reviewing> {
        self.round.review.as_ref()
    }

    /// The position of the game on the board, for what the review says of it; none
    /// while a variation is on the board, which the review has no word on.
    pub fn reviewed_ply(&self) -> Option<usize> {
        self.variation().is_none().then(|| self.shown_ply())
    }

    /// Whether a marked move lies after (`forward`) or before the position shown.
    pub(super) fn has_mark(&self, forward: bool) -> bool {
        self.next_mark(forward).is_some()
    }

    /// The position to show for the next (or previous) marked move: the one after it.
    fn next_mark(&self, forward: bool) -> Option<usize> {
        // A variation stands in for the game's move at `index`: that move comes next.
        let shown = self.variation().map_or_else(|| self.shown_ply(), |view| view.index);
        let mut marked = self.reviewing()?.marked().map(|ply| ply + 1);
        if forward { marked.find(|&p| p > shown) } else { marked.filter(|&p| p < shown).last() }
    }

    /// The review key: starts a review of the game as it is, or stops the one at work.
    pub(super) fn toggle_review(&mut self) {
        if let Some(review) = self.round.review.as_mut().filter(|r| r.is_running()) {
            review.state = ReviewState::Stopped;
            let (done, all) = review.progress();
            self.effects.push(Effect::StopAnalysis);
            self.info(strings::review_stopped(done, all));
            return;
        }
        if self.game().ply() == 0 {
            self.error(strings::NOTHING_TO_REVIEW);
            return;
        }
        if self.reviewing().is_some_and(Reviewing::is_whole) {
            self.info(strings::ALREADY_REVIEWED);
            return;
        }
        // The engine's verdicts help whoever is to move: during a game being played
        // both players agree first; a finished game, or one only looked through, needs
        // no agreement.
        if self.game().is_over() || self.looking_through {
            self.start_review();
        } else {
            self.ask(Question::Review);
        }
    }

    /// Starts the review, keeping what still holds of an earlier one.
    pub(super) fn start_review(&mut self) {
        let mut fresh = Reviewing::new(self.game());
        // What still holds of an earlier review shows at once; the engine goes over it
        // again all the same, unless that is everything.
        if let Some(old) = &self.round.review {
            for index in 0..old.positions() {
                if let Some(eval) = old.eval(index) {
                    fresh.review.set(index, eval, old.review.best(index));
                }
            }
        }
        if fresh.review.is_complete() {
            // Every position is one the earlier review saw (moves were taken back).
            fresh.state = ReviewState::Done;
            self.info(strings::review_done(&fresh, &self.players));
            self.round.review = Some(fresh);
            return;
        }
        self.round.review = Some(fresh);
        self.effects.push(Effect::Analyse);
        self.info(strings::REVIEW_STARTED);
    }

    /// Jumps to the next or the previous marked move.
    pub(super) fn jump_to_mark(&mut self, forward: bool) {
        match (self.reviewing(), self.next_mark(forward)) {
            (None, _) => self.error(strings::NO_REVIEW),
            (Some(_), None) => {
                self.info(if forward { strings::NO_LATER_MARK } else { strings::NO_EARLIER_MARK });
            }
            (Some(_), Some(ply)) => {
                self.browse_to(Some(ply));
                if ply == self.game().ply() {
                    self.round.message = None;
                }
            }
        }
    }

    /// [`Action::Engine`](super::Action::Engine): what the engine found. Reports
    /// that come when no review is at work (the last ones of a review just stopped)
    /// are dropped.
    pub(super) fn engine_report(&mut self, report: EngineReport) {
        if self.practice_report(&report) {
            return;
        }
        let Some(review) = self.round.review.as_mut().filter(|r| r.is_running()) else { return };
        match report {
            EngineReport::Analysed { index, eval, best } => review.review.set(index, eval, best),
            EngineReport::Progress { eta } => review.state = ReviewState::Running { eta },
            EngineReport::Done => {
                review.state = ReviewState::Done;
                let summary = if review.is_current() {
                    strings::review_done(review, &self.players)
                } else {
                    strings::REVIEW_DONE_OUT_OF_DATE.to_owned()
                };
                self.info(summary);
            }
            EngineReport::Failed(why) => {
                let message = strings::review_failed(&why);
                review.state = ReviewState::Failed(why);
                self.error(message);
            }
            // Practice's, taken above.
            EngineReport::Judged { .. } => {}
        }
    }

    /// The players browse to the position after `ply` half-moves: if the engine at
    /// work has not reached it yet, it should take it next.
    pub(super) fn review_looks_at(&mut self, ply: usize) {
        if self
            .reviewing()
            .is_some_and(|r| r.is_running() && r.review().eval(ply).is_none() && r.is_current())
        {
            self.effects.push(Effect::AnalyseNext(ply));
        }
    }

    /// After a move or a take-back: the review keeps what still holds.
    pub(super) fn review_follows_the_game(&mut self) {
        let moves = self.round.timeline.game().moves();
        if let Some(review) = self.round.review.as_mut() {
            review.follow(moves);
        }
    }

    /// A new game: the review at work, if any, is stopped (the round that holds the
    /// review is replaced).
    pub(super) fn stop_review_for_new_game(&mut self) {
        if self.reviewing().is_some_and(Reviewing::is_running) {
            self.effects.push(Effect::StopAnalysis);
        }
    }
}

impl App {
    /// Writes the review into the game's record, through the same annotations a
    /// loaded record keeps ([`App::annotate`]), so the normal save writes it
    /// ([`Review::annotate`], as `hotseat analyse` does; one save for all). Only the
    /// moves the review still speaks for are written.
    pub(super) fn write_review(&mut self) {
        let Some(review) = self.round.review.take() else {
            self.error(strings::NO_REVIEW);
            return;
        };
        let mut written = Written::default();
        for ply in 0..review.positions().saturating_sub(1) {
            let Some(before) = self.game().position_at(ply).cloned() else { break };
            // Through the door every outside writer uses, held to the same rules.
            let _save =
                self.annotate(ply, |notes| written.add(review.review().annotate(ply, &before, notes)));
        }
        self.round.review = Some(review);
        if written.evals == 0 {
            self.error(strings::NOTHING_TO_WRITE);
            return;
        }
        self.info(strings::review_written(written));
        self.effects.push(Effect::Save);
    }
}
