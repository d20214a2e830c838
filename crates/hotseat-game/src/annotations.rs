//! What a game record says about its moves besides the moves: comments, NAGs
//! (`$1`, `!?`) and variations, the other lines a move could have been.
//!
//! The model follows PGN's movetext as a reader visits it: each move carries the
//! comments written before it, its NAGs, the comments after it, and its variations —
//! the lines that could have been played instead of it, from the position before it,
//! each with the same annotations on its own moves.
//!
//! ```
//! use hotseat_chess::Position;
//! use hotseat_game::annotations::{Annotations, Line, Nag, Node};
//!
//! let start = Position::startpos();
//! let mut notes = Annotations::default();
//! notes.nags.push(Nag::SPECULATIVE_MOVE);
//! notes.comments.push("[%eval 0.25] the main move".to_owned());
//! let d4 = start.parse_san("d4").expect("legal");
//! notes.variations.push(Line::of([Node::new(d4)]));
//! assert_eq!(notes.depth(), 1);
//! assert_eq!(notes.assessment(), Some(Nag::SPECULATIVE_MOVE));
//! ```

use hotseat_chess::{Move, Position};

mod nag;

pub use nag::Nag;

/// How deep variations may nest: a variation of a variation is depth 2. Deeper ones
/// are refused when read and never made, so that every walk over a tree (writing it,
/// comparing it, dropping it) has a bounded depth.
pub const MAX_VARIATION_DEPTH: usize = 100;

/// Everything a record says about one move besides the move itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    /// Comments written before the move: a game's opening comment before its first
    /// move, or a comment after a variation that ends before this move.
    pub before: Vec<String>,
    /// The move's NAGs, in the order written (`!?` is `$5`).
    pub nags: Vec<Nag>,
    /// Comments written after the move, commands such as `[%clk 0:05:00]` and
    /// `[%eval 0.25]` included, as written.
    pub comments: Vec<String>,
    /// Lines that could have been played instead of this move, from the position
    /// before it, in the order written.
    pub variations: Vec<Line>,
}

/// A line of moves: a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The moves, each with its annotations.
    pub moves: Vec<Node>,
    /// Comments at the end of the line after its last move's variations (or in a line
    /// with no moves), which no move follows.
    pub trailing: Vec<String>,
}

/// One move of a [`Line`], with its annotations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move, legal in the position the line reached before it.
    pub mv: Move,
    /// What is said about it.
    pub annotations: Annotations,
}

impl Node {
    /// A move with nothing said about it.
    pub fn new(mv: Move) -> Node {
        Node { mv, annotations: Annotations::default() }
    }
}

impl Line {
    /// A line of `moves` with no trailing comment.
    pub fn of(moves: impl IntoIterator<Item = Node>) -> Line {
        Line { moves: moves.into_iter().collect(), trailing: Vec::new() }
    }

    /// How deep its variations nest below it (0 when none of its moves has one).
    pub fn depth(&self) -> usize {
        self.moves.iter().map(|node| node.annotations.depth()).max().unwrap_or(0)
    }
}

impl Annotations {
    /// Whether nothing at all is said.
    pub fn is_empty(&self) -> bool {
        self.before.is_empty()
            && self.nags.is_empty()
            && self.comments.is_empty()
            && self.variations.is_empty()
    }

    /// How deep the variations nest: 0 without any, 1 with variations that have none
    /// of their own.
    pub fn depth(&self) -> usize {
        self.variations.iter().map(|line| 1 + line.depth()).max().unwrap_or(0)
    }

    /// The NAG that judges the move (`!`, `?`, `!!`, `??`, `!?`, `?!`: `$1` to `$6`),
    /// if one does.
    pub fn assessment(&self) -> Option<Nag> {
        self.nags.iter().copied().find(|nag| nag.suffix().is_some())
    }

    /// Sets the NAG that judges the move, replacing any other such NAG; `None` removes
    /// it. Other NAGs (`$14`, a position's evaluation) are kept.
    pub fn set_assessment(&mut self, nag: Option<Nag>) {
        self.nags.retain(|n| n.suffix().is_none());
        if let Some(nag) = nag {
            self.nags.insert(0, nag);
        }
    }

    /// The comments after the move as one text, joined by a space.
    pub fn comment(&self) -> String {
        self.comments.join(" ")
    }

    /// Replaces the comments after the move with `text`, none when it is blank.
    pub fn set_comment(&mut self, text: &str) {
        self.comments.clear();
        if !text.trim().is_empty() {
            self.comments.push(text.to_owned());
        }
    }

    /// What the comments after the move say in words: their text without the
    /// commands programs write in them (`[%clk 0:05:00]`, `[%eval 0.25]`), joined by a
    /// space.
    pub fn remark(&self) -> String {
        let words: Vec<String> =
            self.comments.iter().map(|c| split_commands(c).1).filter(|w| !w.is_empty()).collect();
        words.join(" ")
    }

    /// The commands in the comments after the move (`[%eval 0.25]`), in order.
    pub fn commands(&self) -> Vec<String> {
        self.comments.iter().flat_map(|c| split_commands(c).0).collect()
    }

    /// Replaces what the comments say in words with `text` (none when it is blank),
    /// keeping their commands (`[%clk …]`, `[%eval …]`) in a comment of their own.
    pub fn set_remark(&mut self, text: &str) {
        let commands = self.commands();
        self.comments.clear();
        if !commands.is_empty() {
            self.comments.push(commands.join(" "));
        }
        if !text.trim().is_empty() {
            self.comments.push(text.trim().to_owned());
        }
    }

    /// Cuts every variation at its first move that is not legal where it stands, the
    /// move these annotations are about being played from `before`: what others add
    /// (an engine's line) is checked as a file's variations are. Call it on
    /// annotations no deeper than [`MAX_VARIATION_DEPTH`] (see
    /// [`Annotations::limit_depth`]).
    pub fn drop_illegal(&mut self, before: &Position) {
        for line in &mut self.variations {
            let mut pos = before.clone();
            let mut legal = 0;
            for node in &mut line.moves {
                if !pos.is_legal(node.mv) {
                    break;
                }
                node.annotations.drop_illegal(&pos);
                pos.play_unchecked(node.mv);
                legal += 1;
            }
            line.moves.truncate(legal);
        }
    }

    /// Drops the variations that nest deeper than `max` below this move (`max` 0
    /// drops them all), so that no tree grows past [`MAX_VARIATION_DEPTH`].
    pub fn limit_depth(&mut self, max: usize) {
        if max == 0 {
            self.variations.clear();
            return;
        }
        for line in &mut self.variations {
            for node in &mut line.moves {
                node.annotations.limit_depth(max - 1);
            }
        }
    }
}

/// Splits a comment into its `[%name …]` commands and the words around them.
fn split_commands(comment: &str) -> (Vec<String>, String) {
    let mut commands = Vec::new();
    let mut words = String::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%") {
        let Some(len) = rest[start..].find(']') else { break };
        words.push_str(&rest[..start]);
        words.push(' ');
        commands.push(rest[start..=start + len].to_owned());
        rest = &rest[start + len + 1..];
    }
    words.push_str(rest);
    (commands, words.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(san: &str) -> Node {
        Node::new(Position::startpos().parse_san(san).expect("legal"))
    }

    #[test]
    fn the_assessment_is_replaced_and_other_nags_stay() {
        let mut notes = Annotations { nags: vec![Nag(14), Nag::MISTAKE], ..Annotations::default() };
        assert_eq!(notes.assessment(), Some(Nag::MISTAKE));
        notes.set_assessment(Some(Nag::BRILLIANT_MOVE));
        assert_eq!(notes.nags, [Nag::BRILLIANT_MOVE, Nag(14)]);
        notes.set_assessment(None);
        assert_eq!(notes.nags, [Nag(14)]);
        assert!(!notes.is_empty());
    }

    #[test]
    fn depth_counts_nesting_and_limit_depth_cuts_it() {
        let mut inner = node("d4");
        inner.annotations.variations.push(Line::of([node("c4")]));
        let mut notes = Annotations::default();
        notes.variations.push(Line::of([inner]));
        assert_eq!(notes.depth(), 2);
        notes.limit_depth(1);
        assert_eq!(notes.depth(), 1);
        notes.limit_depth(0);
        assert!(notes.is_empty());
    }

    #[test]
    fn a_remark_is_the_words_and_setting_it_keeps_the_commands() {
        let comments = vec!["(0.2 → -0.4) Inaccuracy.".to_owned(), "[%eval -0.4] [%clk 0:02:59]".to_owned()];
        let mut notes = Annotations { comments, ..Annotations::default() };
        assert_eq!(notes.remark(), "(0.2 → -0.4) Inaccuracy.");
        assert_eq!(notes.commands(), ["[%eval -0.4]", "[%clk 0:02:59]"]);
        notes.set_remark("a fine move");
        assert_eq!(notes.comments, ["[%eval -0.4] [%clk 0:02:59]", "a fine move"]);
        notes.set_remark("");
        assert_eq!(notes.comments, ["[%eval -0.4] [%clk 0:02:59]"]);
        assert_eq!(notes.remark(), "");
    }

    #[test]
    fn a_variation_is_cut_at_its_first_illegal_move() {
        let start = Position::startpos();
        let e4 = start.parse_san("e4").expect("legal");
        let mut notes = Annotations::default();
        notes.variations.push(Line::of([node("d4"), Node::new(e4), node("e4")]));
        notes.drop_illegal(&start);
        assert_eq!(notes.variations[0].moves.len(), 1, "1. d4, then a white move for Black");
    }

    #[test]
    fn a_blank_comment_removes_the_comments() {
        let mut notes = Annotations::default();
        notes.set_comment("a fine move");
        assert_eq!(notes.comment(), "a fine move");
        notes.set_comment("  ");
        assert!(notes.comments.is_empty());
    }
}
