//! A variation written as PGN writes it, for the screen: its moves numbered, each
//! with its sign, and the variations inside it in brackets where they stand
//! (`3. Bb5 a6 (3… Nf6 4. O-O) 4. Ba4`). Only as much is written as a screen can
//! hold, however deep or long the tree a file gave.

use std::fmt::Write as _;

use crate::annotations::{Line, Nag};
use hotseat_chess::{Color, Position};

/// A word of a written line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// What is drawn: a numbered move, with `(` before it or `)` after it where a
    /// variation inside opens or closes.
    pub text: String,
    /// The index in the line of the move it writes; `None` for the moves of a
    /// variation inside.
    pub step: Option<usize>,
}

/// The words of `line` from `start`, stopping once they would take more than
/// `columns` columns (with a space between words).
pub fn words(start: &Position, line: &Line, columns: usize) -> Vec<Word> {
    let mut writer = Writer { out: Vec::new(), used: 0, columns };
    writer.line(start, line, true);
    writer.out
}

struct Writer {
    out: Vec<Word>,
    used: usize,
    columns: usize,
}

impl Writer {
    fn full(&self) -> bool {
        self.used > self.columns
    }

    fn push(&mut self, text: String, step: Option<usize>) {
        self.used += super::text::width(&text) + usize::from(!self.out.is_empty());
        self.out.push(Word { text, step });
    }

    /// Writes `line` from `start`; `top` when it is the line itself, not one inside.
    fn line(&mut self, start: &Position, line: &Line, top: bool) {
        let mut pos = start.clone();
        // After a bracket (or at the start), a move of Black's is numbered again.
        let mut numbered = true;
        for (i, node) in line.moves.iter().enumerate() {
            if self.full() {
                return;
            }
            let san = pos.san(node.mv);
            let mut text = String::new();
            match pos.turn() {
                Color::White => {
                    let _ = write!(text, "{}. {san}", pos.fullmoves());
                }
                Color::Black if numbered => {
                    let _ = write!(text, "{}… {san}", pos.fullmoves());
                }
                Color::Black => text.push_str(&san),
            }
            if let Some(sign) = node.annotations.assessment().and_then(Nag::suffix) {
                text.push_str(sign);
            }
            self.push(text, top.then_some(i));
            numbered = false;
            for inner in &node.annotations.variations {
                if self.full() {
                    return;
                }
                let first = self.out.len();
                self.line(&pos, inner, false);
                match self.out.get_mut(first) {
                    Some(word) => word.text.insert(0, '('),
                    None => self.push("(".to_owned(), None),
                }
                self.used += 1;
                if let Some(word) = self.out.last_mut() {
                    word.text.push(')');
                }
                self.used += 1;
                numbered = true;
            }
            pos.play(node.mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::annotations::{Annotations, Node};

    fn node(pos: &Position, san: &str, variations: Vec<Line>) -> Node {
        let mv = pos.parse_san(san).expect("legal");
        Node { mv, annotations: Annotations { variations, ..Annotations::default() } }
    }

    fn line(start: &Position, sans: &[&str]) -> Line {
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for san in sans {
            let n = node(&pos, san, Vec::new());
            pos.play(n.mv);
            moves.push(n);
        }
        Line { moves, ..Line::default() }
    }

    #[test]
    fn variations_inside_are_written_in_brackets_where_they_stand() {
        let mut pos = Position::default();
        for san in ["e4", "e5", "Nf3", "Nc6"] {
            let m = pos.parse_san(san).expect("legal");
            pos.play(m);
        }
        let mut outer = line(&pos, &["Bb5", "a6", "Ba4"]);
        let mut after_bb5 = pos.clone();
        after_bb5.play(outer.moves[0].mv);
        outer.moves[1].annotations.variations.push(line(&after_bb5, &["Nf6", "O-O"]));
        let all = words(&pos, &outer, 1000);
        let text: Vec<_> = all.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(text.join(" "), "3. Bb5 a6 (3… Nf6 4. O-O) 4. Ba4");
        let steps: Vec<_> = all.iter().map(|w| w.step).collect();
        assert_eq!(steps, [Some(0), Some(1), None, None, Some(2)]);
        assert_eq!(words(&pos, &outer, 5).len(), 1, "cut once the room is taken");
    }

    #[test]
    fn a_deep_tree_is_written_only_as_far_as_the_room() {
        let start = Position::default();
        let mut inner = line(&start, &["d4"]);
        for _ in 0..100 {
            let mut outer = line(&start, &["e4"]);
            outer.moves[0].annotations.variations.push(inner);
            inner = outer;
        }
        let all = words(&start, &inner, 40);
        let used: usize = all.iter().map(|w| w.text.chars().count() + 1).sum();
        assert!(used < 60, "{used}");
    }
}
