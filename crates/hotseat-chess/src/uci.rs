//! Coordinate notation as used by UCI engines: `e2e4`, `e7e8q`. Reading it is
//! [`Position::parse_uci`], one of the readers of typed text.

use super::{Move, Position};

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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ReadMoveError, Role, SanError, Square};

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
        assert!(matches!(pos.parse_uci("a7a8"), Err(ReadMoveError::San(SanError::MissingPromotion { .. }))));
    }

    #[test]
    fn errors_name_the_square() {
        let pos = Position::startpos();
        assert_eq!(pos.parse_uci("e3e4").unwrap_err().to_string(), "illegal move: there is no piece on e3");
        assert_eq!(
            pos.parse_uci("e7e5").unwrap_err().to_string(),
            "illegal move: the pawn on e7 is not yours"
        );
        assert_eq!(
            pos.parse_uci("g1g3").unwrap_err().to_string(),
            "illegal move: the knight on g1 cannot reach g3"
        );
    }
}
