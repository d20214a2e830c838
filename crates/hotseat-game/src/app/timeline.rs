//! The game's one history: every move with what comes back with it on undo (the
//! clocks as they stood after it, what is said about it: comments, NAGs,
//! variations), and one redo stack. Nothing else keeps a copy of
//! the past: the clocks keep only their running state, and are set from here.

use std::time::Duration;

use crate::annotations::{Annotations, Line, MAX_VARIATION_DEPTH, Nag, Node};
use hotseat_chess::{ByColor, Color, Game, Move, Outcome, Undone};

/// What one move left behind besides the move itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ply {
    /// Both clocks just after the move, when the mover's time was measured here or
    /// read from the record; `None` for a move nobody timed.
    pub times: Option<ByColor<Duration>>,
    /// What is said about the move: the NAG the player typed with it (`!`, `?!`...)
    /// or set later, comments, and the lines that could have been played instead.
    pub annotations: Annotations,
}

impl Ply {
    /// The NAG that judges the move (`!`, `?!`...), if one does.
    pub fn nag(&self) -> Option<Nag> {
        self.annotations.assessment()
    }
}

/// Something taken back that redo can restore.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Redo {
    Move(Move, Ply),
    Result(Outcome),
}

/// What an undo or a redo took back or brought back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A move: the move at this index of the game.
    Move(usize),
    /// A declared result (a resignation, an agreed or claimed draw, a loss on time).
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
    /// Comments after the last move's variations (or in a game with no move) that no
    /// move follows yet; the next move played takes them as its comments before.
    trailing: Vec<String>,
}

impl Timeline {
    /// The history of `game`, whose moves nobody timed.
    pub fn new(game: Game) -> Timeline {
        let plies = vec![Ply::default(); game.ply()];
        Timeline { game, plies, redo: Vec::new(), start_times: None, trailing: Vec::new() }
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

    /// Gives the moves what a record says about them (`annotations[i]` about move
    /// `i`; extra entries are ignored), and the comments at its end that no move
    /// follows.
    pub fn set_annotations(&mut self, annotations: Vec<Annotations>, trailing: Vec<String>) {
        for (ply, mut notes) in self.plies.iter_mut().zip(annotations) {
            notes.limit_depth(MAX_VARIATION_DEPTH);
            ply.annotations = notes;
        }
        self.trailing = trailing;
    }

    /// What is said about the move at `index` (0 is the first), to change it: set a
    /// comment or a NAG, add a variation (whose moves must be legal from the
    /// position before that move, and which may nest at most
    /// [`MAX_VARIATION_DEPTH`] deep: deeper ones are dropped when it is saved).
    /// `None` past the last move.
    pub fn annotations_mut(&mut self, index: usize) -> Option<&mut Annotations> {
        self.plies.get_mut(index).map(|ply| &mut ply.annotations)
    }

    /// What is said about the move at `index`, if there is such a move.
    pub fn annotations(&self, index: usize) -> Option<&Annotations> {
        self.plies.get(index).map(|ply| &ply.annotations)
    }

    /// What is said about every move, in order, as a record keeps it (variations cut
    /// at [`MAX_VARIATION_DEPTH`]).
    pub fn all_annotations(&self) -> Vec<Annotations> {
        self.plies
            .iter()
            .map(|ply| {
                let mut notes = ply.annotations.clone();
                notes.limit_depth(MAX_VARIATION_DEPTH);
                notes
            })
            .collect()
    }

    /// Comments at the end of the game that no move follows.
    pub fn trailing(&self) -> &[String] {
        &self.trailing
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
        self.game.ply() > 0 || self.declared().is_some()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// How many steps can be redone.
    pub fn redo_depth(&self) -> usize {
        self.redo.len()
    }

    /// The result the players (or a record) decided, if one was: it is taken back on
    /// its own, before any move.
    pub fn declared(&self) -> Option<Outcome> {
        self.game.declared()
    }

    /// Plays `m`, with the clocks as they stand after it (`None`: not timed) and the
    /// annotation typed with it. Playing the move that was last taken back keeps what
    /// else can be redone and brings its times and annotations back (returned), or
    /// takes `times` if it had none; any other move keeps the moves taken back as a
    /// variation of it (a line that could have been played instead), with theirs.
    pub fn play(&mut self, m: Move, times: Option<ByColor<Duration>>, nag: Option<Nag>) -> Option<Ply> {
        let redone = match self.redo.last() {
            Some(Redo::Move(top, _)) if *top == m => match self.redo.pop() {
                Some(Redo::Move(_, ply)) => Some(ply),
                _ => None,
            },
            _ => None,
        };
        let mut ply = if let Some(ply) = &redone {
            if ply.times.is_none() && times.is_some() {
                self.forget_redo_times();
            }
            Ply { times: ply.times.or(times), annotations: ply.annotations.clone() }
        } else {
            let mut annotations = Annotations::default();
            self.keep_taken_back_as_variation(&mut annotations);
            Ply { times, annotations }
        };
        if nag.is_some() {
            ply.annotations.set_assessment(nag);
        }
        ply.annotations.before.splice(0..0, std::mem::take(&mut self.trailing));
        self.game.play(m);
        self.plies.push(ply);
        redone
    }

    /// A move nobody timed is played again and timed now: the times kept with the
    /// moves that can still be redone after it were taken with it untimed, so they
    /// would bring back clocks from another history (a clock given back its time).
    /// They go; those moves are timed again when played again.
    fn forget_redo_times(&mut self) {
        for entry in &mut self.redo {
            if let Redo::Move(_, ply) = entry {
                ply.times = None;
            }
        }
    }

    /// Empties the redo stack, keeping the moves it holds (up to a result taken
    /// back) in `notes` as a variation, first, with the variations of its first
    /// move after it: all of them could have been played instead of the move `notes`
    /// will be about.
    fn keep_taken_back_as_variation(&mut self, notes: &mut Annotations) {
        let mut line = Line::default();
        while let Some(Redo::Move(m, ply)) = self.redo.pop() {
            line.moves.push(Node { mv: m, annotations: ply.annotations });
        }
        self.redo.clear();
        let Some(first) = line.moves.first_mut() else { return };
        let lifted = std::mem::take(&mut first.annotations.variations);
        let before = std::mem::take(&mut first.annotations.before);
        notes.before = before;
        notes.variations.push(line);
        notes.variations.extend(lifted);
        notes.limit_depth(MAX_VARIATION_DEPTH);
    }

    /// Declares a result decided by the players or the clocks (`decide` has the game
    /// declare it: a resignation, a claim, a flag); nothing can be redone after it.
    /// Returns the result, when one was declared.
    pub fn decide(&mut self, decide: impl FnOnce(&mut Game)) -> Option<Outcome> {
        decide(&mut self.game);
        self.redo.clear();
        self.declared()
    }

    /// Takes back a declared result on its own, or else the last move.
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
                self.game.declare(outcome);
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
        assert!(timeline.plies()[0].annotations.is_empty());
        assert_eq!(timeline.plies()[0].times, Some(measured));
        assert_eq!(timeline.move_times(), [Some(Duration::from_secs(59))]);
    }

    #[test]
    fn a_move_timed_when_played_again_drops_the_times_of_the_moves_after_it() {
        // Two moves loaded from a record without clock times, both taken back.
        let mut game = Game::new();
        game.play_san("e4").expect("legal");
        game.play_san("e5").expect("legal");
        let mut timeline = Timeline::new(game);
        let ten = ByColor { white: Duration::from_secs(10), black: Duration::from_secs(10) };
        timeline.set_times(ten, &[], |_, _| Duration::ZERO);
        let (e4, e5) = (timeline.game().moves()[0], timeline.game().moves()[1]);
        // e5 is played again and timed, while Black had all ten seconds; taken back.
        timeline.undo();
        timeline.play(
            e5,
            Some(ByColor { white: Duration::from_secs(10), black: Duration::from_secs(9) }),
            None,
        );
        timeline.undo();
        timeline.undo();
        // e4 is timed now: White has 7 s. e5's times, taken when e4 was not, go.
        let after_e4 = ByColor { white: Duration::from_secs(7), black: Duration::from_secs(10) };
        timeline.play(e4, Some(after_e4), None);
        let after_e5 = ByColor { white: Duration::from_secs(7), black: Duration::from_secs(8) };
        timeline.play(e5, Some(after_e5), None);
        assert_eq!(timeline.plies()[1].times, Some(after_e5), "White's 7 s stand: none given back");
    }

    fn played(sans: &[&str]) -> Timeline {
        let mut timeline = Timeline::new(Game::new());
        for san in sans {
            let m = timeline.game().position().parse_san(san).expect("legal");
            timeline.play(m, None, None);
        }
        timeline
    }

    #[test]
    fn undo_and_redo_keep_what_is_said_about_a_move() {
        let mut timeline = played(&["e4", "e5"]);
        let notes = timeline.annotations_mut(1).expect("a move");
        notes.set_comment("solid");
        notes.set_assessment(Some(Nag::GOOD_MOVE));
        timeline.undo();
        timeline.redo();
        assert_eq!(timeline.annotations(1).map(Annotations::comment).as_deref(), Some("solid"));
        timeline.undo();
        let e5 = timeline.game().position().parse_san("e5").expect("legal");
        timeline.play(e5, None, None);
        assert_eq!(timeline.plies()[1].nag(), Some(Nag::GOOD_MOVE), "played again, as redo");
        timeline.undo();
        timeline.play(e5, None, Some(Nag::MISTAKE));
        assert_eq!(timeline.plies()[1].annotations.nags, [Nag::MISTAKE], "a typed NAG replaces it");
    }

    #[test]
    fn moves_taken_back_and_replaced_are_kept_as_a_variation() {
        let mut timeline = played(&["e4", "e5", "Nf3", "Nc6"]);
        timeline.annotations_mut(2).expect("Nf3").set_comment("the usual");
        timeline.undo();
        timeline.undo();
        let bc4 = timeline.game().position().parse_san("Bc4").expect("legal");
        timeline.play(bc4, None, None);
        let notes = timeline.annotations(2).expect("Bc4");
        assert_eq!(notes.variations.len(), 1);
        let line = &notes.variations[0];
        assert_eq!(line.moves.len(), 2, "Nf3 and Nc6");
        assert_eq!(line.moves[0].annotations.comment(), "the usual");
        assert!(!timeline.can_redo());
        // Taken back again and replaced: both lines are kept, side by side.
        timeline.undo();
        let d4 = timeline.game().position().parse_san("d4").expect("legal");
        timeline.play(d4, None, None);
        assert_eq!(timeline.annotations(2).expect("d4").variations.len(), 2);
        assert_eq!(timeline.annotations(2).expect("d4").depth(), 1, "no deeper");
    }

    #[test]
    fn comments_after_the_last_move_go_before_the_next_one() {
        let mut timeline = Timeline::new(Game::new());
        timeline.set_annotations(Vec::new(), vec!["a game to remember".to_owned()]);
        let e4 = timeline.game().position().parse_san("e4").expect("legal");
        timeline.play(e4, None, None);
        assert_eq!(timeline.annotations(0).expect("e4").before, ["a game to remember"]);
        assert!(timeline.trailing().is_empty());
    }
}
