//! Why a move is not allowed: one explanation for a typed move and for a piece picked
//! up and put down.

use std::fmt;

use super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use super::movegen::CastlingObstacle;
use super::{Bitboard, CastlingSide, Color, File, Move, Outcome, Piece, Position, Rank, Role, Square};

/// Why a move is illegal, as data; [`Display`](fmt::Display) gives the reason for a
/// player in lower case: `no knight can reach f4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegality {
    /// The game is over: no move may be played.
    GameOver(Outcome),
    /// The move starts on an empty square.
    EmptySquare(Square),
    /// The piece on the square belongs to the side not to move.
    NotYours {
        /// Where the piece stands.
        square: Square,
        /// The opponent's piece there.
        piece: Piece,
    },
    /// The side to move has no piece of this kind at all.
    NoPiece(Role),
    /// The square named as the origin does not hold a piece of the kind named.
    NotOn {
        /// The kind of piece named.
        role: Role,
        /// The origin named.
        square: Square,
    },
    /// No piece of the kind (or the piece on `from`) can move to `to`, even ignoring checks.
    CannotReach {
        /// The kind of piece.
        role: Role,
        /// The origin, when it was named in full.
        from: Option<Square>,
        /// The destination.
        to: Square,
    },
    /// The destination holds one of the mover's own pieces.
    OwnPiece {
        /// The destination.
        square: Square,
        /// The piece of the mover's standing there.
        role: Role,
    },
    /// The move would put or leave the mover's king in check (the king was not in check).
    ExposesKing,
    /// The king is in check and the move does not get it out.
    StaysInCheck,
    /// An en-passant capture that would uncover a check on the mover's own king. (A
    /// position drops such an en-passant square, so only a [`Game`](super::Game),
    /// which knows the last move, can tell this apart from [`CannotReach`](Illegality::CannotReach).)
    EnPassantExposesKing,
    /// The king or that rook has moved: no castling on this side.
    NoCastlingRight(CastlingSide),
    /// Castling while in check.
    CastlingOutOfCheck,
    /// The king would cross a square the opponent attacks.
    CastlingThroughCheck,
    /// The king would land in check.
    CastlingIntoCheck,
    /// Pieces stand between the king and the rook or on their destinations.
    CastlingBlocked,
    /// A promotion piece was named for a move that does not reach the last rank.
    PromotionOffLastRank,
    /// The move is not one of the legal moves here, though a legal move goes from its
    /// origin to its destination (a hand-built [`Move`] of the wrong kind).
    NotLegalHere,
}

impl fmt::Display for Illegality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegality::GameOver(outcome) => {
                write!(f, "the game is over ({}, {})", outcome.reason.describe(), outcome.result.pgn())
            }
            Illegality::EmptySquare(square) => write!(f, "there is no piece on {square}"),
            Illegality::NotYours { square, piece } => {
                write!(f, "the {} on {square} is not yours", piece.role)
            }
            Illegality::NoPiece(role) => write!(f, "you have no {role}"),
            Illegality::NotOn { role, square } => write!(f, "you have no {role} on {square}"),
            Illegality::CannotReach { role, from: Some(from), to } => {
                write!(f, "the {role} on {from} cannot reach {to}")
            }
            // There is only one king, so "no king" would read oddly.
            Illegality::CannotReach { role: Role::King, from: None, to } => {
                write!(f, "your king cannot reach {to}")
            }
            Illegality::CannotReach { role, from: None, to } => write!(f, "no {role} can reach {to}"),
            Illegality::OwnPiece { square, role } => write!(f, "{square} is occupied by your own {role}"),
            Illegality::ExposesKing => f.write_str("that would leave your king in check"),
            Illegality::StaysInCheck => f.write_str("that does not get your king out of check"),
            Illegality::EnPassantExposesKing => {
                f.write_str("taking en passant would leave your king in check")
            }
            Illegality::NoCastlingRight(CastlingSide::KingSide) => {
                f.write_str("you no longer have the right to castle king-side")
            }
            Illegality::NoCastlingRight(CastlingSide::QueenSide) => {
                f.write_str("you no longer have the right to castle queen-side")
            }
            Illegality::CastlingOutOfCheck => f.write_str("you cannot castle out of check"),
            Illegality::CastlingThroughCheck => f.write_str("the king would pass through check"),
            Illegality::CastlingIntoCheck => f.write_str("the king would castle into check"),
            Illegality::CastlingBlocked => f.write_str("pieces stand between the king and the rook"),
            Illegality::PromotionOffLastRank => f.write_str("a pawn promotes only on the last rank"),
            Illegality::NotLegalHere => f.write_str("not a legal move here"),
        }
    }
}

/// What a piece of the given kind, standing where the text says, was asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Attempt {
    pub role: Role,
    pub file: Option<File>,
    pub rank: Option<Rank>,
    pub to: Square,
}

impl Position {
    /// Why the piece on `from` cannot be put down on `to` (picked up and put down with
    /// a cursor or a mouse), or `None` when a legal move does that: a plain move, a
    /// promotion (whatever the piece), or castling with the king put on its rook or,
    /// two or more files away, on its destination.
    ///
    /// A position does not know the last move, so an en-passant capture that would
    /// expose the king reads as [`Illegality::CannotReach`]; [`Game::explain`]
    /// tells them apart.
    ///
    /// ```
    /// use hotseat_chess::{Illegality, Position, Role, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.explain(Square::G1, Square::F3), None);
    /// assert_eq!(
    ///     pos.explain(Square::E2, Square::E5),
    ///     Some(Illegality::CannotReach { role: Role::Pawn, from: Some(Square::E2), to: Square::E5 })
    /// );
    /// assert_eq!(pos.explain(Square::E2, Square::E5).expect("illegal").to_string(), "the pawn on e2 cannot reach e5");
    /// ```
    ///
    /// [`Game::explain`]: super::Game::explain
    pub fn explain(&self, from: Square, to: Square) -> Option<Illegality> {
        self.explain_with(from, to, None)
    }

    /// [`explain`](Position::explain), knowing that the last move was a pawn's double
    /// step over `skipped`.
    pub(crate) fn explain_with(
        &self,
        from: Square,
        to: Square,
        skipped: Option<Square>,
    ) -> Option<Illegality> {
        let Some(piece) = self.piece_at(from) else {
            return Some(Illegality::EmptySquare(from));
        };
        if piece.color != self.turn {
            return Some(Illegality::NotYours { square: from, piece });
        }
        if self.legal_moves_from(from).iter().any(|&m| takes_there(m, to)) {
            return None;
        }
        if piece.role == Role::King
            && from.rank() == to.rank()
            && from.file().index().abs_diff(to.file().index()) >= 2
        {
            let side = if to.file() > from.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            if let Some(why) = self.castling_illegality(side) {
                return Some(why);
            }
        }
        let attempt = Attempt { role: piece.role, file: Some(from.file()), rank: Some(from.rank()), to };
        Some(self.explain_attempt(attempt, skipped))
    }

    /// Why castling on `side` is not legal now, or `None` if it is.
    pub(crate) fn castling_illegality(&self, side: CastlingSide) -> Option<Illegality> {
        let Some(rook) = self.castling_rook(self.turn, side) else {
            return Some(Illegality::NoCastlingRight(side));
        };
        if self.is_check() {
            return Some(Illegality::CastlingOutOfCheck);
        }
        self.castling_obstacle(self.king_of(self.turn), rook).map(|obstacle| match obstacle {
            CastlingObstacle::Blocked => Illegality::CastlingBlocked,
            CastlingObstacle::ThroughCheck => Illegality::CastlingThroughCheck,
            CastlingObstacle::IntoCheck => Illegality::CastlingIntoCheck,
        })
    }

    /// Why no legal move fits the attempt: the piece is not there, nothing can reach
    /// the square, or every way leaves the king in check.
    pub(crate) fn explain_attempt(&self, attempt: Attempt, skipped: Option<Square>) -> Illegality {
        let Attempt { role, file, rank, to } = attempt;
        let us = self.turn;
        if let (Some(file), Some(rank)) = (file, rank) {
            let from = Square::from_coords(file, rank);
            match self.piece_at(from) {
                None => return Illegality::EmptySquare(from),
                Some(piece) if piece.color != us => return Illegality::NotYours { square: from, piece },
                Some(piece) if piece.role != role => return Illegality::NotOn { role, square: from },
                Some(_) => {}
            }
        }
        if let Some(p) = self.piece_at(to).filter(|p| p.color == us) {
            return Illegality::OwnPiece { square: to, role: p.role };
        }
        if self.by_piece(role.of(us)).is_empty() {
            return Illegality::NoPiece(role);
        }
        let ours = self.by_piece(role.of(us))
            & file.map_or(Bitboard::FULL, Bitboard::from_file)
            & rank.map_or(Bitboard::FULL, Bitboard::from_rank);
        if role == Role::Pawn
            && Some(to) == skipped
            && ours.into_iter().any(|from| pawn_attacks(us, from).contains(to))
        {
            return Illegality::EnPassantExposesKing;
        }
        if !ours.into_iter().any(|from| self.pseudo_reaches(role, from, to)) {
            let from = file.zip(rank).map(|(f, r)| Square::from_coords(f, r));
            return Illegality::CannotReach { role, from, to };
        }
        if self.is_check() { Illegality::StaysInCheck } else { Illegality::ExposesKing }
    }

    /// Whether the piece on `from` could move to `to` if king safety were ignored.
    fn pseudo_reaches(&self, role: Role, from: Square, to: Square) -> bool {
        let occ = self.occupied;
        let us = self.turn;
        if self.by_color[us].contains(to) {
            return false;
        }
        match role {
            Role::Knight => knight_attacks(from).contains(to),
            Role::Bishop => bishop_attacks(from, occ).contains(to),
            Role::Rook => rook_attacks(from, occ).contains(to),
            Role::Queen => queen_attacks(from, occ).contains(to),
            Role::King => king_attacks(from).contains(to),
            Role::Pawn => {
                let enemy = self.by_color[!us];
                let ep_target = self.ep_square.map_or(Bitboard::EMPTY, Bitboard::from_square);
                if pawn_attacks(us, from).contains(to) {
                    return (enemy | ep_target).contains(to);
                }
                let up: i32 = if us == Color::White { 1 } else { -1 };
                let one = from.offset(0, up);
                if one == Some(to) {
                    return !occ.contains(to);
                }
                let two = from.offset(0, 2 * up);
                two == Some(to)
                    && from.rank() == Rank::Second.relative_to(us)
                    && one.is_some_and(|s| !occ.contains(s))
                    && !occ.contains(to)
            }
        }
    }
}

/// Whether `m` puts its piece on `to` (as pointed at, or typed as coordinates): its
/// destination, or for castling the rook's square or, two or more files from the
/// king, the king's destination.
pub(crate) fn takes_there(m: Move, to: Square) -> bool {
    if m.is_castle() {
        m.to() == to || (m.destination() == to && m.from().file().index().abs_diff(to.file().index()) >= 2)
    } else {
        m.to() == to
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid fen")
    }

    #[test]
    fn a_pointed_move_names_the_square_the_piece_or_the_path_at_fault() {
        let p = Position::startpos();
        assert_eq!(p.explain(Square::E3, Square::E4), Some(Illegality::EmptySquare(Square::E3)));
        assert_eq!(
            p.explain(Square::E7, Square::E5).map(|why| why.to_string()).as_deref(),
            Some("the pawn on e7 is not yours")
        );
        assert_eq!(
            p.explain(Square::G1, Square::G3).map(|why| why.to_string()).as_deref(),
            Some("the knight on g1 cannot reach g3")
        );
        assert_eq!(
            p.explain(Square::D1, Square::D2),
            Some(Illegality::OwnPiece { square: Square::D2, role: Role::Pawn })
        );
        assert_eq!(p.explain(Square::E2, Square::E4), None);
    }

    #[test]
    fn a_pointed_king_move_of_two_squares_is_explained_as_castling() {
        let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert_eq!(p.explain(Square::E1, Square::G1), Some(Illegality::CastlingThroughCheck));
        assert_eq!(p.explain(Square::E1, Square::H1), Some(Illegality::CastlingThroughCheck));
        assert_eq!(p.explain(Square::E1, Square::C1), None);
        assert_eq!(p.explain(Square::E1, Square::A1), None);
        let p = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
        assert_eq!(p.explain(Square::E1, Square::C1), Some(Illegality::CastlingBlocked));
        let p = pos("4k3/8/8/8/8/8/8/R3K2R w K - 0 1");
        assert_eq!(
            p.explain(Square::E1, Square::C1),
            Some(Illegality::NoCastlingRight(CastlingSide::QueenSide))
        );
    }

    #[test]
    fn pinned_pieces_and_ignored_checks_say_the_king_would_be_in_check() {
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(pinned.explain(Square::E2, Square::F4), Some(Illegality::ExposesKing));
        let checked = pos("4k3/4r3/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(checked.explain(Square::A1, Square::A2), Some(Illegality::StaysInCheck));
        assert_eq!(Illegality::StaysInCheck.to_string(), "that does not get your king out of check");
    }

    #[test]
    fn every_reason_reads_in_lower_case() {
        let reasons = [
            Illegality::GameOver(Outcome::draw(super::super::Reason::Stalemate)),
            Illegality::EmptySquare(Square::E3),
            Illegality::NoPiece(Role::Queen),
            Illegality::NotOn { role: Role::Knight, square: Square::G2 },
            Illegality::CannotReach { role: Role::King, from: None, to: Square::E3 },
            Illegality::ExposesKing,
            Illegality::EnPassantExposesKing,
            Illegality::NoCastlingRight(CastlingSide::KingSide),
            Illegality::CastlingOutOfCheck,
            Illegality::CastlingThroughCheck,
            Illegality::CastlingIntoCheck,
            Illegality::CastlingBlocked,
            Illegality::PromotionOffLastRank,
            Illegality::NotLegalHere,
        ];
        for why in reasons {
            let text = why.to_string();
            assert!(text.starts_with(|c: char| c.is_ascii_lowercase()), "{why:?}: {text}");
        }
        assert_eq!(
            Illegality::CannotReach { role: Role::King, from: None, to: Square::E3 }.to_string(),
            "your king cannot reach e3"
        );
        assert_eq!(
            Illegality::GameOver(Outcome::draw(super::super::Reason::Stalemate)).to_string(),
            "the game is over (stalemate, 1/2-1/2)"
        );
    }
}
