//! Standard Algebraic Notation out, and the errors of reading a move: a syntax error
//! ([`ParseSanError`]) apart from a move the position refuses ([`SanError`]).

use super::{Illegality, Move, Position, Role, Square};

/// The longest typed text echoed back in an error; longer text is cut with `…`.
const ECHO_LEN: usize = 32;

/// Text that is not written like a move at all (`hello`, `e9`, `N`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a move: {text}")]
pub struct ParseSanError {
    text: String,
}

impl ParseSanError {
    /// The error for `text`, trimmed and shortened to at most 32 characters.
    pub fn new(text: &str) -> ParseSanError {
        ParseSanError { text: echo(text) }
    }

    /// What was typed, trimmed and shortened to at most 32 characters (the last one `…`).
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// The text as echoed in an error: trimmed, and cut to [`ECHO_LEN`] characters.
pub(crate) fn echo(text: &str) -> String {
    let text = text.trim();
    if text.chars().nth(ECHO_LEN).is_none() {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(ECHO_LEN - 1).collect();
    out.push('…');
    out
}

/// A move written correctly that the position does not allow as it stands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// No legal move fits the text: `illegal move Nf4: no knight can reach f4`.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// What was typed (trimmed).
        text: String,
        /// Why it is illegal.
        reason: Illegality,
    },
    /// More than one legal move fits: `ambiguous move Nd2: Nbd2 or Nfd2`.
    #[error("ambiguous move {text}: {}", sans.join(" or "))]
    Ambiguous {
        /// What was typed (trimmed).
        text: String,
        /// The legal moves it could mean.
        candidates: Vec<Move>,
        /// The same moves in SAN, in the same order.
        sans: Vec<String>,
    },
    /// A pawn reaches the last rank but the text does not say what it becomes.
    #[error("move {text} does not say what the pawn promotes to")]
    MissingPromotion {
        /// What was typed (trimmed).
        text: String,
        /// The pawn's square.
        from: Square,
        /// The promotion square.
        to: Square,
    },
}

impl SanError {
    /// What was typed (trimmed).
    pub fn text(&self) -> &str {
        match self {
            SanError::Illegal { text, .. }
            | SanError::Ambiguous { text, .. }
            | SanError::MissingPromotion { text, .. } => text,
        }
    }
}

/// Why typed text did not give a move: it is not written like one, or the position
/// refuses it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadMoveError {
    /// Not written like a move.
    #[error(transparent)]
    Syntax(#[from] ParseSanError),
    /// Written like a move, but not one that can be played here.
    #[error(transparent)]
    San(#[from] SanError),
}

impl Position {
    /// The move in SAN, with `+` or `#` when it gives check or mate.
    ///
    /// ```
    /// use hotseat_chess::{Position, Move, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.san(Move::normal(Square::G1, Square::F3)), "Nf3");
    /// ```
    pub fn san(&self, m: Move) -> String {
        let mut out = self.san_plain(m);
        let mut after = self.clone();
        after.play_unchecked(m);
        if after.is_check() {
            out.push(if after.count_legal_moves() == 0 { '#' } else { '+' });
        }
        out
    }

    /// Whether `m` takes a piece (en passant included; castling never does).
    pub fn is_capture(&self, m: Move) -> bool {
        !m.is_castle() && (self.occupied.contains(m.to()) || m.is_en_passant())
    }

    /// The move in SAN without the check suffix.
    pub fn san_plain(&self, m: Move) -> String {
        if let Some(side) = m.castling_side() {
            return side.san().to_owned();
        }
        let from = m.from();
        let to = m.to();
        let role = self.piece_at(from).map_or(Role::Pawn, |p| p.role);
        let capture = self.is_capture(m);
        let mut out = String::with_capacity(8);
        if role == Role::Pawn {
            if capture {
                out.push(from.file().char());
                out.push('x');
            }
        } else {
            out.push(role.upper_char());
            if role != Role::King {
                let others: Vec<Square> = self
                    .legal_moves()
                    .iter()
                    .filter(|o| o.to() == to && o.from() != from && !o.is_castle())
                    .filter(|o| self.piece_at(o.from()).is_some_and(|p| p.role == role))
                    .map(|o| o.from())
                    .collect();
                if !others.is_empty() {
                    if others.iter().all(|o| o.file() != from.file()) {
                        out.push(from.file().char());
                    } else if others.iter().all(|o| o.rank() != from.rank()) {
                        out.push(from.rank().char());
                    } else {
                        out.push_str(&from.to_string());
                    }
                }
            }
            if capture {
                out.push('x');
            }
        }
        out.push_str(&to.to_string());
        if let Some(p) = m.promotion_role() {
            out.push('=');
            out.push(p.upper_char());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid fen")
    }

    #[test]
    fn san_disambiguates_by_file_then_rank_then_square() {
        let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        assert_eq!(p.san(Move::normal(Square::F1, Square::D2)), "Nfd2");
        let p = pos("4k3/8/8/8/R7/8/R7/4K3 w - - 0 1");
        assert_eq!(p.san(Move::normal(Square::A4, Square::A3)), "R4a3");
        let p = pos("7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1");
        assert_eq!(p.san(Move::normal(Square::C4, Square::D3)), "Qc4d3");
    }

    #[test]
    fn san_writes_promotions_castling_and_check() {
        let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(p.san(Move::promotion(Square::A7, Square::A8, Role::Knight)), "a8=N");
        assert_eq!(p.san(Move::promotion(Square::A7, Square::A8, Role::Queen)), "a8=Q+");
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(p.san(Move::castle(Square::E1, Square::A1)), "O-O-O");
    }

    #[test]
    fn errors_read_in_lower_case_and_echo_at_most_32_characters() {
        let long = "x".repeat(100);
        let err = ParseSanError::new(&long);
        assert_eq!(err.text().chars().count(), 32);
        assert!(err.text().ends_with('…'));
        assert_eq!(ParseSanError::new(" e9 ").to_string(), "not a move: e9");
        let err = SanError::Illegal {
            text: "Nf4".to_owned(),
            reason: Illegality::CannotReach { role: Role::Knight, from: None, to: Square::F4 },
        };
        assert_eq!(err.to_string(), "illegal move Nf4: no knight can reach f4");
    }
}
