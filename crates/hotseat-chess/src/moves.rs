//! Moves, and a list of them that lives on the stack.

use std::fmt;
use std::ops::Deref;

use super::{File, Role, Square};

/// Which way a king castles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CastlingSide {
    /// Towards the h-file: the king ends on g, the rook on f (`O-O`).
    KingSide,
    /// Towards the a-file: the king ends on c, the rook on d (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king ends on.
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook ends on.
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// `O-O` or `O-O-O`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }
}

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// Any move or capture that is not one of the others.
    Normal,
    /// A pawn capturing en passant; `to` is the empty square the pawn lands on.
    EnPassant,
    /// Castling, written as the king taking its own rook: `from` is the king, `to` the rook.
    Castle,
    /// A pawn reaching the last rank and becoming the given piece.
    Promotion(Role),
}

const FLAG_NORMAL: u16 = 0;
const FLAG_EN_PASSANT: u16 = 1;
const FLAG_CASTLE: u16 = 2;
const FLAG_PROMOTION: u16 = 4; // + role - 1: knight 4, bishop 5, rook 6, queen 7

/// A move, packed into 16 bits: origin, destination and kind.
///
/// Castling is stored as the king moving onto its own rook, which works the same for
/// standard chess and Chess960. A `Move` only makes sense together with the position
/// it was generated in.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// A plain move or capture.
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, FLAG_NORMAL)
    }

    /// A pawn's en-passant capture landing on `to`.
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, FLAG_EN_PASSANT)
    }

    /// Castling with the king on `king` and the rook on `rook`.
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, FLAG_CASTLE)
    }

    /// A pawn move to the last rank, promoting to `role` (knight, bishop, rook or queen).
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move::pack(from, to, FLAG_PROMOTION + role as u16 - 1)
    }

    const fn pack(from: Square, to: Square, flag: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | flag << 12)
    }

    /// The square the moving piece (the king, when castling) starts on.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u32)
    }

    /// The destination; for castling, the square of the rook.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u32)
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            FLAG_EN_PASSANT => MoveKind::EnPassant,
            FLAG_CASTLE => MoveKind::Castle,
            4 => MoveKind::Promotion(Role::Knight),
            5 => MoveKind::Promotion(Role::Bishop),
            6 => MoveKind::Promotion(Role::Rook),
            7 => MoveKind::Promotion(Role::Queen),
            _ => MoveKind::Normal,
        }
    }

    /// The promotion piece, if this is a promotion.
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// Whether this is castling.
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == FLAG_CASTLE
    }

    /// Whether this is an en-passant capture.
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == FLAG_EN_PASSANT
    }

    /// For castling, which side; otherwise `None`.
    pub const fn castling_side(self) -> Option<CastlingSide> {
        if !self.is_castle() {
            None
        } else if (self.to() as u8) > (self.from() as u8) {
            Some(CastlingSide::KingSide)
        } else {
            Some(CastlingSide::QueenSide)
        }
    }

    /// Where the king ends up after castling, or where the piece lands for other moves.
    pub const fn destination(self) -> Square {
        match self.castling_side() {
            Some(side) => Square::from_coords(side.king_to_file(), self.from().rank()),
            None => self.to(),
        }
    }
}

impl fmt::Debug for Move {
    /// Prints the move in king-takes-rook coordinate form, e.g. `e1h1` for castling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion_role() {
            write!(f, "{}", role.char())?;
        }
        if self.is_en_passant() {
            f.write_str("ep")?;
        }
        Ok(())
    }
}

/// A bound on the legal moves of any position [`Position::from_fen_with`] accepts, even
/// leniently with too much material (one suite position has 270 moves).
///
/// Reachable positions have at most 218. For any placement with one king each: with `k`
/// pieces of the side to move, each makes at most 27 moves (a queen), plus 2 castlings;
/// and each of the `64 - k` other squares is entered from at most 16 squares (the
/// nearest piece on each of 8 lines, and 8 knight squares), with 9 more for each
/// last-rank square that 3 pawns could promote on. So at most
/// `min(27k + 2, 16(64 - k) + 74)`, which never exceeds 682.
///
/// [`Position::from_fen_with`]: super::Position::from_fen_with
pub const MAX_MOVES: usize = 768;

/// A list of moves held on the stack, never more than [`MAX_MOVES`].
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList { moves: [Move(0); MAX_MOVES], len: 0 }
    }

    /// Appends a move. Panics if the list is full, which no legal position can cause.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Keeps only the moves for which `keep` returns true.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(self.moves[i]) {
                self.moves[kept] = self.moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_two_bytes() {
        assert_eq!(std::mem::size_of::<Move>(), 2);
        assert_eq!(std::mem::size_of::<Option<Move>>(), 4);
    }

    #[test]
    fn packing_keeps_every_field() {
        let m = Move::promotion(Square::B7, Square::A8, Role::Knight);
        assert_eq!((m.from(), m.to(), m.kind()), (Square::B7, Square::A8, MoveKind::Promotion(Role::Knight)));
        let c = Move::castle(Square::E8, Square::A8);
        assert_eq!(c.castling_side(), Some(CastlingSide::QueenSide));
        assert_eq!(c.destination(), Square::C8);
        assert_eq!(Move::en_passant(Square::E5, Square::D6).kind(), MoveKind::EnPassant);
        assert_eq!(Move::normal(Square::G1, Square::F3).kind(), MoveKind::Normal);
    }
}
