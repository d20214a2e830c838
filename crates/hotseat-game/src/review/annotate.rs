//! A review written into a move's annotations, the one way both the board (saving a
//! review into the game) and `hotseat analyse` write it.

use crate::annotations::{Annotations, Line, Nag, Node};
use hotseat_chess::Position;

use super::Review;

/// What writing a review into annotations did: counts of moves, so that the writes
/// for a whole game add up ([`Written::add`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Moves given the evaluation of the position they led to.
    pub evals: usize,
    /// Moves given the review's mark.
    pub marks: usize,
    /// Marked moves that kept the players' own judging glyph instead.
    pub kept: usize,
    /// Better moves added as variations.
    pub lines: usize,
}

impl Written {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: Written) {
        self.evals += other.evals;
        self.marks += other.marks;
        self.kept += other.kept;
        self.lines += other.lines;
    }
}

impl Review {
    /// Writes what the review says about the move at `ply` (played from `before`) into
    /// its annotations: the evaluation of the position after it as `[%eval 0.35]` (in
    /// place of the value of an earlier `[%eval]`, or else as a comment of its own,
    /// first); its mark as the NAG `$6`, `$2` or `$4`, unless the move already has a
    /// judging glyph (`!`, `?`, `!?`...), which is kept; and the engine's better move as
    /// a one-move variation, unless a variation already starts with it. Writing twice
    /// changes nothing more.
    pub fn annotate(&self, ply: usize, before: &Position, notes: &mut Annotations) -> Written {
        let mut written = Written::default();
        if let Some(eval) = ply.checked_add(1).and_then(|after| self.eval(after)) {
            set_eval(&mut notes.comments, &eval.pgn());
            written.evals = 1;
        }
        if let Some(mark) = self.mark(ply) {
            let nag = Nag(mark.nag());
            match notes.assessment() {
                None => {
                    notes.set_assessment(Some(nag));
                    written.marks = 1;
                }
                Some(own) if own != nag => written.kept = 1,
                Some(_) => {}
            }
        }
        if let Some(better) = self.better(ply).filter(|m| before.is_legal(*m))
            && !notes.variations.iter().any(|line| line.moves.first().is_some_and(|node| node.mv == better))
        {
            notes.variations.push(Line::of([Node::new(better)]));
            written.lines = 1;
        }
        written
    }
}

/// Puts `[%eval TEXT]` in the comments: in place of the value of the first `[%eval]`
/// command there is, or else as a comment of its own, first.
fn set_eval(comments: &mut Vec<String>, text: &str) {
    const COMMAND: &str = "[%eval";
    let found = comments.iter_mut().find_map(|c| {
        let start = c.find(COMMAND)? + COMMAND.len();
        let end = start + c[start..].find(']')?;
        Some((c, start, end))
    });
    match found {
        Some((c, start, end)) => c.replace_range(start..end, &format!(" {text}")),
        None => comments.insert(0, format!("{COMMAND} {text}]")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::Eval;
    use hotseat_chess::{Move, Square};

    fn blunder_review() -> Review {
        let mut review = Review::new(1);
        review.set(0, Eval::Cp(20), Some(Move::normal(Square::D2, Square::D4)));
        review.set(1, Eval::Cp(-500), None);
        review
    }

    #[test]
    fn eval_mark_and_better_move_are_written_once() {
        let review = blunder_review();
        let start = Position::startpos();
        let mut notes = Annotations::default();
        let first = review.annotate(0, &start, &mut notes);
        assert_eq!(first, Written { evals: 1, marks: 1, kept: 0, lines: 1 });
        assert_eq!(notes.comments, ["[%eval -5.00]"]);
        assert_eq!(notes.nags, [Nag::BLUNDER]);
        assert_eq!(notes.variations, [Line::of([Node::new(Move::normal(Square::D2, Square::D4))])]);
        let again = notes.clone();
        let second = review.annotate(0, &start, &mut notes);
        assert_eq!(notes, again);
        assert_eq!(second, Written { evals: 1, ..Written::default() });
    }

    #[test]
    fn the_players_own_glyph_and_words_are_kept() {
        let review = blunder_review();
        let mut notes = Annotations {
            nags: vec![Nag::SPECULATIVE_MOVE],
            comments: vec!["bold [%eval 0.10] [%clk 0:01:00]".to_owned()],
            ..Annotations::default()
        };
        let written = review.annotate(0, &Position::startpos(), &mut notes);
        assert_eq!((written.kept, written.marks), (1, 0));
        assert_eq!(notes.nags, [Nag::SPECULATIVE_MOVE]);
        assert_eq!(notes.comments, ["bold [%eval -5.00] [%clk 0:01:00]"]);
    }

    #[test]
    fn an_unevaluated_move_is_left_alone() {
        let review = Review::new(1);
        let mut notes = Annotations::default();
        assert_eq!(review.annotate(0, &Position::startpos(), &mut notes), Written::default());
        assert_eq!(review.annotate(usize::MAX, &Position::startpos(), &mut notes), Written::default());
        assert!(notes.is_empty());
    }
}
