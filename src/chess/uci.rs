//! Coordinate notation as used by UCI engines: `e2e4`, `e7e8q`.

use super::{Move, MoveParseError, Position, Role, Square};

impl Position {
    /// The move in coordinates. Castling is written as the king's two-square move in
    /// standard chess (`e1g1`) and as king-takes-rook in Chess960 (`e1h1`).
    pub fn uci(&self, m: Move) -> String {
        let to = if m.is_castle() && !self.chess960 { m.destination() } else { m.to() };
        let mut out = format!("{}{}", m.from(), to);
        if let Some(role) = m.promotion_role() {
            out.push(role.char());
        }
        out
    }

    /// Reads a move in coordinates. Castling may be written either way: king to its
    /// destination (`e1g1`) or king onto its rook (`e1h1`).
    ///
    /// ```
    /// use hotseat::chess::Position;
    /// let pos = Position::startpos();
    /// let m = pos.parse_uci("g1f3").expect("legal");
    /// assert_eq!(pos.san(m), "Nf3");
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveParseError> {
        let text = text.trim();
        let syntax = || MoveParseError::Syntax { text: text.to_owned() };
        let b = text.as_bytes();
        if !(b.len() == 4 || b.len() == 5) {
            return Err(syntax());
        }
        let from = Square::from_ascii(&b[0..2]).ok_or_else(syntax)?;
        let to = Square::from_ascii(&b[2..4]).ok_or_else(syntax)?;
        let promotion = match b.get(4) {
            None => None,
            Some(c) => match Role::from_char(*c as char) {
                Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(r),
                _ => return Err(syntax()),
            },
        };
        let illegal = |reason: String| MoveParseError::Illegal { text: text.to_owned(), reason };
        let Some(piece) = self.piece_at(from) else {
            return Err(illegal(format!("there is no piece on {from}")));
        };
        if piece.color != self.turn {
            return Err(illegal(format!("the {} on {from} is not yours", piece.role)));
        }
        let moves = self.legal_moves_from(from);
        let exact =
            moves.iter().copied().find(|m| !m.is_castle() && m.to() == to && m.promotion_role() == promotion);
        if let Some(m) = exact {
            return Ok(m);
        }
        if promotion.is_none() && moves.iter().any(|m| m.to() == to && m.promotion_role().is_some()) {
            return Err(MoveParseError::MissingPromotion { text: text.to_owned(), from, to });
        }
        let castle = moves.iter().copied().find(|m| {
            m.is_castle()
                && (m.to() == to
                    || (m.destination() == to && from.file().index().abs_diff(to.file().index()) >= 2))
        });
        if let Some(m) = castle {
            return Ok(m);
        }
        if piece.role == Role::King
            && from.rank() == to.rank()
            && from.file().index().abs_diff(to.file().index()) >= 2
        {
            let side = if to.file() > from.file() {
                super::CastlingSide::KingSide
            } else {
                super::CastlingSide::QueenSide
            };
            if let Err(MoveParseError::Illegal { reason, .. }) =
                self.match_san(side.san(), super::San::Castle(side))
            {
                return Err(illegal(reason));
            }
        }
        Err(illegal(self.explain_illegal(piece.role, Some(from.file()), Some(from.rank()), to)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_reads_both_ways_and_writes_by_variant() {
        let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid fen");
        let castle = Move::castle(Square::E1, Square::H1);
        assert_eq!(pos.parse_uci("e1g1").expect("legal"), castle);
        assert_eq!(pos.parse_uci("e1h1").expect("legal"), castle);
        assert_eq!(pos.uci(castle), "e1g1");
        pos.set_chess960(true);
        assert_eq!(pos.uci(castle), "e1h1");
    }

    #[test]
    fn promotions_need_a_piece() {
        let pos = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").expect("valid fen");
        assert_eq!(pos.parse_uci("a7a8n").expect("legal").promotion_role(), Some(Role::Knight));
        assert!(matches!(pos.parse_uci("a7a8"), Err(MoveParseError::MissingPromotion { .. })));
    }

    #[test]
    fn errors_name_the_square() {
        let pos = Position::startpos();
        assert_eq!(
            pos.parse_uci("e3e4").unwrap_err().to_string(),
            "Illegal move: e3e4 (there is no piece on e3)"
        );
        assert_eq!(
            pos.parse_uci("e7e5").unwrap_err().to_string(),
            "Illegal move: e7e5 (the pawn on e7 is not yours)"
        );
        assert_eq!(
            pos.parse_uci("g1g3").unwrap_err().to_string(),
            "Illegal move: g1g3 (the knight on g1 cannot reach g3)"
        );
    }
}
