//! The game's one history: every move with what comes back with it on undo (the
//! clocks as they stood after it), and one redo stack. Nothing else keeps a copy of
//! the past: the clocks keep only their running state, and are set from here.

use std::time::Duration;

use crate::chess::{ByColor, Color, Game, Move, Nag, Outcome, Undone};

/// What one move left behind besides the move itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ply {
    /// Both clocks just after the move, when the mover's time was measured here or
    /// read from the record; `None` for a move nobody timed.
    pub times: Option<ByColor<Duration>>,
    /// The annotation the player typed with the move (`!`, `?!`...).
    pub nag: Option<Nag>,
}

/// Something taken back that redo can restore.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Redo {
    Move(Move, Ply),
    Result(Outcome),
}

/// What an undo or a redo took back or brought back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A move: the move at this index of the game.
    Move(usize),
    /// A recorded result (a resignation, an agreed or claimed draw, a loss on time).
    Result(Outcome),
}

/// The game with its history and its redo stack.
#[derive(Clone, Debug)]
pub struct Timeline {
    game: Game,
    /// One entry for each move of `game`.
    plies: Vec<Ply>,
    redo: Vec<Redo>,
    /// The clocks before the first move of `game`, when the game has clocks.
    start_times: Option<ByColor<Duration>>,
}

impl Timeline {
    /// The history of `game`, whose moves nobody timed.
    pub fn new(game: Game) -> Timeline {
        let plies = vec![Ply::default(); game.ply()];
        Timeline { game, plies, redo: Vec::new(), start_times: None }
    }

    /// Gives the game clocks that showed `start` before its first move, with the
    /// mover's time after move `i` read from `recorded[i]` where the record has it.
    /// `added(color, n)` is the time `color`'s move `n` (from 1) adds by completing a
    /// stage, counted for a move the record gives no time for, so that the other
    /// side's time carried past it is right.
    pub fn set_times(
        &mut self,
        start: ByColor<Duration>,
        recorded: &[Option<Duration>],
        added: impl Fn(Color, u32) -> Duration,
    ) {
        self.start_times = Some(start);
        let mut times = start;
        let mut made = ByColor { white: 0u32, black: 0u32 };
        let mut mover = self.game.start().turn();
        for (i, ply) in self.plies.iter_mut().enumerate() {
            made[mover] = made[mover].saturating_add(1);
            let time = recorded.get(i).copied().flatten();
            times[mover] = time.unwrap_or_else(|| times[mover].saturating_add(added(mover, made[mover])));
            ply.times = time.map(|_| times);
            mover = !mover;
        }
    }

    /// The game, live.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// One entry for each move of the game.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The mover's clock after each move, where it was measured or read: what a
    /// record may say (a `%clk` comment) without inventing anything.
    pub fn move_times(&self) -> Vec<Option<Duration>> {
        let mut mover = self.game.start().turn();
        self.plies
            .iter()
            .map(|ply| {
                let time = ply.times.map(|times| times[mover]);
                mover = !mover;
                time
            })
            .collect()
    }

    /// The last times known at or before `ply` half-moves, with the ply they were
    /// known at (0 for the clocks' start); `None` for a game without clocks.
    pub fn times_known_at(&self, ply: usize) -> Option<(usize, ByColor<Duration>)> {
        let start = self.start_times?;
        let mut known = self.plies[..ply.min(self.plies.len())].iter().enumerate().rev();
        Some(known.find_map(|(i, p)| p.times.map(|times| (i + 1, times))).unwrap_or((0, start)))
    }

    /// The side to move after `ply` half-moves.
    pub fn turn_at(&self, ply: usize) -> Color {
        if ply.is_multiple_of(2) { self.game.start().turn() } else { !self.game.start().turn() }
    }

    /// Whether there is something to take back.
    pub fn can_undo(&self) -> bool {
        self.game.ply() > 0 || self.recorded().is_some()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The result the players (or a record) decided, if one was: it is taken back on
    /// its own, before any move.
    pub fn recorded(&self) -> Option<Outcome> {
        self.game.recorded()
    }

    /// Plays `m`, with the clocks as they stand after it (`None`: not timed) and the
    /// annotation typed with it. Playing the move that was last taken back keeps what
    /// else can be redone and brings its times back (returned), or takes `times` if
    /// it had none; any other move forgets what was taken back.
    pub fn play(&mut self, m: Move, times: Option<ByColor<Duration>>, nag: Option<Nag>) -> Option<Ply> {
        let redone = match self.redo.last() {
            Some(&Redo::Move(top, ply)) if top == m => {
                self.redo.pop();
                Some(ply)
            }
            _ => {
                self.redo.clear();
                None
            }
        };
        self.game.play(m);
        self.plies.push(match redone {
            Some(ply) => Ply { times: ply.times.or(times), nag: nag.or(ply.nag) },
            None => Ply { times, nag },
        });
        redone
    }

    /// Records a result decided by the players or the clocks (`decide` has the game
    /// record it: a resignation, a claim, a flag); nothing can be redone after it.
    /// Returns the result, when one was recorded.
    pub fn decide(&mut self, decide: impl FnOnce(&mut Game)) -> Option<Outcome> {
        decide(&mut self.game);
        self.redo.clear();
        self.recorded()
    }

    /// Takes back a recorded result on its own, or else the last move.
    pub fn undo(&mut self) -> Option<Step> {
        let index = self.game.ply().checked_sub(1);
        match self.game.undo()? {
            Undone::Result(outcome) => {
                self.redo.push(Redo::Result(outcome));
                Some(Step::Result(outcome))
            }
            Undone::Move(m) => {
                let ply = self.plies.pop().unwrap_or_default();
                self.redo.push(Redo::Move(m, ply));
                index.map(Step::Move)
            }
        }
    }

    /// Brings back what was last taken back.
    pub fn redo(&mut self) -> Option<Step> {
        match self.redo.pop()? {
            Redo::Move(m, ply) => {
                self.game.play(m);
                self.plies.push(ply);
                Some(Step::Move(self.game.ply() - 1))
            }
            Redo::Result(outcome) => {
                self.game.record(outcome);
                Some(Step::Result(outcome))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_untimed_move_played_again_after_a_take_back_keeps_the_times_measured_for_it() {
        // A move loaded from a record without clock times.
        let mut game = Game::new();
        game.play_san("e4").expect("legal");
        let mut timeline = Timeline::new(game);
        let e4 = timeline.game().moves()[0];
        timeline.undo();
        let measured = ByColor { white: Duration::from_secs(59), black: Duration::from_secs(60) };
        let redone = timeline.play(e4, Some(measured), None);
        assert_eq!(redone, Some(Ply::default()), "the move taken back is played again");
        assert_eq!(timeline.plies()[0].times, Some(measured));
        assert_eq!(timeline.move_times(), [Some(Duration::from_secs(59))]);
    }
}
