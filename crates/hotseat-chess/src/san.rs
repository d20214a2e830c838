//! Standard Algebraic Notation out, and the errors of reading a move: a syntax error
//! ([`ParseSanError`]) apart from a move the position refuses ([`SanError`]).

use super::{Illegality, Move, Position, Role, Square};

/// Text that is not written like a move at all (`hello`, `e9`, `N`). It does not hold
/// the text: whoever read it has it, and words the error with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a move")]
pub struct ParseSanError;

/// A move written correctly that the position does not allow as it stands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// No legal move fits the text: `illegal move: no knight can reach f4`.
    #[error("illegal move: {reason}")]
    Illegal {
        /// Why it is illegal.
        reason: Illegality,
    },
    /// More than one legal move fits (`Nd2` with knights on b1 and f1).
    #[error("ambiguous move: {} legal moves fit", .candidates.len())]
    Ambiguous {
        /// The legal moves it could mean.
        candidates: Vec<Move>,
    },
    /// A pawn reaches the last rank but the text does not say what it becomes.
    #[error("move does not say what the pawn promotes to")]
    MissingPromotion {
        /// The pawn's square.
        from: Square,
        /// The promotion square.
        to: Square,
    },
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
    fn errors_read_in_lower_case() {
        assert_eq!(ParseSanError.to_string(), "not a move");
        let err = SanError::Illegal {
            reason: Illegality::CannotReach { role: Role::Knight, from: None, to: Square::F4 },
        };
        assert_eq!(err.to_string(), "illegal move: no knight can reach f4");
    }
}
