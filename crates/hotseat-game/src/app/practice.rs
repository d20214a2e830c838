//! Practice on one's own mistakes, after a review: the moves the review marked as
//! mistakes and blunders, one after another, as the position before each, "find a
//! better move than 5...Bxd1". A move tried is read as the move line reads any typed
//! move, in that position, and judged by the engine: as good as its best within the
//! review's own margin ([`mark_move`] finds nothing to mark), or not. `show` gives the
//! engine's move, `skip` the next one, `stop` ends it.
//!
//! Practice is a mode over the game, never a move in it: it changes no game, so it
//! needs no seat; what it tries goes to the engine through [`Effect::Judge`] and comes
//! back as [`EngineReport::Judged`].

use super::typing::Reading;
use super::{App, Effect, EngineReport, strings};
use crate::review::{Eval, Mark, mark_move};
use hotseat_chess::{Color, Move};

/// Where practice stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Practice {
    /// The half-moves to find better than, first to last.
    plies: Vec<usize>,
    /// Which of them is asked now.
    at: usize,
    /// A move sent to the engine to be judged, not yet answered.
    judging: Option<Move>,
}

impl Practice {
    /// The half-move whose position is asked about now.
    pub fn ply(&self) -> Option<usize> {
        self.plies.get(self.at).copied()
    }

    /// Which one of how many.
    pub fn progress(&self) -> (usize, usize) {
        (self.at + 1, self.plies.len())
    }
}

/// What a typed line means in practice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeWord {
    /// `practice`, for these sides (none named: both).
    Start(Option<Color>),
    /// `show`: the engine's move.
    Show,
    /// `skip`: the next one.
    Skip,
    /// `stop`: practice ends.
    Stop,
}

/// The practice word `text` is, if any: `practice` (or `practise`) with an optional
/// side (`white`, `black`, `both`); `show`, `skip` and `stop` only while practising.
pub fn practice_word(text: &str, practising: bool) -> Option<PracticeWord> {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    match words[..] {
        ["practice" | "practise"] | ["practice" | "practise", "both"] => Some(PracticeWord::Start(None)),
        ["practice" | "practise", "white"] => Some(PracticeWord::Start(Some(Color::White))),
        ["practice" | "practise", "black"] => Some(PracticeWord::Start(Some(Color::Black))),
        ["show"] if practising => Some(PracticeWord::Show),
        ["skip"] if practising => Some(PracticeWord::Skip),
        ["stop"] if practising => Some(PracticeWord::Stop),
        _ => None,
    }
}

impl App {
    /// Practice, while it is on.
    pub fn practice(&self) -> Option<&Practice> {
        self.round.practice.as_ref()
    }

    /// Whether practice is on.
    pub fn practising(&self) -> bool {
        self.round.practice.is_some()
    }

    /// A practice word typed.
    pub(super) fn practice_command(&mut self, word: PracticeWord) {
        match word {
            PracticeWord::Start(side) => self.start_practice(side),
            PracticeWord::Show => self.practice_show(),
            PracticeWord::Skip => {
                if let Some(practice) = self.round.practice.as_mut() {
                    practice.at += 1;
                    practice.judging = None;
                }
                self.practice_ask();
            }
            PracticeWord::Stop => self.stop_practice(),
        }
    }

    /// The practice key: starts practice on both sides' mistakes, or stops it.
    pub(super) fn toggle_practice(&mut self) {
        if self.practising() {
            self.stop_practice();
        } else {
            self.start_practice(None);
        }
    }

    fn start_practice(&mut self, side: Option<Color>) {
        let Some(review) = self.reviewing() else {
            self.error(strings::PRACTICE_NEEDS_REVIEW);
            return;
        };
        if review.is_running() {
            self.error(strings::PRACTICE_REVIEW_RUNNING);
            return;
        }
        let plies: Vec<usize> = review
            .marked()
            .filter(|&ply| review.mark(ply).is_some_and(|mark| mark >= Mark::Mistake))
            .filter(|&ply| side.is_none_or(|side| review.review().turn(ply) == side))
            .filter(|&ply| review.review().best(ply).is_some())
            .collect();
        if plies.is_empty() {
            self.info(strings::nothing_to_practise(side));
            return;
        }
        self.round.practice = Some(Practice { plies, at: 0, judging: None });
        self.practice_ask();
    }

    fn stop_practice(&mut self) {
        if self.round.practice.take().is_some() {
            self.browse_to(Some(self.game().ply()));
            self.info(strings::PRACTICE_STOPPED);
        }
    }

    /// Shows the position asked about, and asks.
    fn practice_ask(&mut self) {
        let Some(practice) = &self.round.practice else { return };
        let Some(ply) = practice.ply() else {
            self.round.practice = None;
            self.browse_to(Some(self.game().ply()));
            self.info(strings::PRACTICE_DONE);
            return;
        };
        let (number, of) = practice.progress();
        let Some(label) = self.game().label(ply) else { return };
        self.browse_to(Some(ply));
        let turn = if ply % 2 == 0 { self.game().start().turn() } else { !self.game().start().turn() };
        self.info(strings::find_better(number, of, &label, turn));
    }

    /// `show`: the engine's move where the mistake was made.
    fn practice_show(&mut self) {
        let Some(ply) = self.practice().and_then(Practice::ply) else { return };
        let Some(review) = self.reviewing() else { return };
        let (Some(best), Some(eval)) = (review.review().best(ply), review.review().eval(ply)) else { return };
        let Some(before) = self.game().position_at(ply) else { return };
        let san = before.san(best);
        self.info(strings::engine_best(&san, eval));
    }

    /// A move typed in practice: read as the move line reads it, in the position asked
    /// about; the engine's own move is good at once, another goes to the engine.
    pub(super) fn practice_try(&mut self, text: &str) {
        let Some(ply) = self.practice().and_then(Practice::ply) else { return };
        let Some(before) = self.game().position_at(ply).cloned() else { return };
        let mut game = self.game().clone();
        while game.ply() > ply {
            game.undo();
        }
        let tried = match super::typing::read(&game, text) {
            Reading::Move(m, _) | Reading::Offering(m, _) => m,
            Reading::Refused(why) => {
                self.error(why.to_string());
                return;
            }
            _ => {
                self.error(strings::PRACTICE_ONE_MOVE);
                return;
            }
        };
        let best = self.reviewing().and_then(|review| review.review().best(ply));
        let san = before.san(tried);
        if best == Some(tried) {
            self.info(strings::practice_good(&san, true));
            return;
        }
        if let Some(practice) = self.round.practice.as_mut() {
            practice.judging = Some(tried);
        }
        self.effects.push(Effect::Judge { ply, tried });
        self.info(strings::practice_judging(&san));
    }

    /// The engine's evaluation of the position after a move tried in practice.
    pub(super) fn practice_judged(&mut self, ply: usize, tried: Move, after: Eval) {
        let asked = self.practice().is_some_and(|p| p.ply() == Some(ply) && p.judging == Some(tried));
        if !asked {
            return;
        }
        if let Some(practice) = self.round.practice.as_mut() {
            practice.judging = None;
        }
        let Some(before_eval) = self.reviewing().and_then(|review| review.review().eval(ply)) else { return };
        let Some(before) = self.game().position_at(ply) else { return };
        let san = before.san(tried);
        let mover = before.turn();
        let good = mark_move(mover, before_eval, after).is_none();
        self.info(strings::practice_good(&san, good));
    }

    /// What the engine reported for practice ([`EngineReport::Judged`]).
    pub(super) fn practice_report(&mut self, report: &EngineReport) -> bool {
        if let EngineReport::Judged { ply, tried, eval } = *report {
            if let Some(eval) = eval {
                self.practice_judged(ply, tried, eval);
            } else {
                if let Some(practice) = self.round.practice.as_mut() {
                    practice.judging = None;
                }
                self.error(strings::PRACTICE_NO_ENGINE);
            }
            return true;
        }
        false
    }
}
