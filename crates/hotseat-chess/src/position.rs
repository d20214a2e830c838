//! A legal chess position and how moves change it.

use std::fmt;

use super::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_attacks, rook_rays,
};
use super::{
    Bitboard, ByColor, ByRole, CastlingSide, Color, File, Illegality, Move, MoveKind, Piece, Rank, Role,
    Square, zobrist,
};

/// A position: where the pieces stand, who moves, castling rights, the en-passant
/// square and the move counters.
///
/// A `Position` can only be built from a valid setup (see [`Position::from_fen`]), so
/// its methods never fail on structure: there is exactly one king per side, the side
/// not to move is not in check, and so on. It knows nothing of earlier positions;
/// repetitions and the game's outcome belong to [`Game`](super::Game).
///
/// ```
/// use hotseat_chess::Position;
/// let pos = Position::startpos();
/// assert_eq!(pos.legal_moves().len(), 20);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_role: ByRole<Bitboard>,
    pub(crate) by_color: ByColor<Bitboard>,
    pub(crate) occupied: Bitboard,
    /// 0 for empty, otherwise `1 + role + 8 * color`.
    pub(crate) mailbox: [u8; 64],
    pub(crate) turn: Color,
    /// The squares of the rooks that still carry a castling right.
    pub(crate) castling: Bitboard,
    /// Set only when an en-passant capture is actually legal.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) checkers: Bitboard,
    pub(crate) hash: u64,
    pub(crate) chess960: bool,
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_fen(super::fen::STARTING_FEN).expect("the starting position is valid")
    }

    /// An empty board, White to move, used while building a position.
    pub(crate) fn empty() -> Position {
        Position {
            by_role: ByRole::default(),
            by_color: ByColor::default(),
            occupied: Bitboard::EMPTY,
            mailbox: [0; 64],
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            checkers: Bitboard::EMPTY,
            hash: 0,
            chess960: false,
        }
    }

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.mailbox[sq.index()];
        if code == 0 {
            None
        } else {
            let code = code - 1;
            let color = if code >= 8 { Color::Black } else { Color::White };
            Some(Piece { color, role: Role::ALL[(code & 7) as usize] })
        }
    }

    #[inline(always)]
    fn role_at(&self, sq: Square) -> Option<Role> {
        let code = self.mailbox[sq.index()];
        if code == 0 { None } else { Some(Role::ALL[((code - 1) & 7) as usize]) }
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    /// The squares of pieces of `role`, both colours.
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role]
    }

    /// The squares of `piece`.
    #[inline(always)]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role[piece.role] & self.by_color[piece.color]
    }

    /// Where `color`'s king stands.
    #[inline(always)]
    pub fn king_of(&self, color: Color) -> Square {
        let kings = self.by_role[Role::King] & self.by_color[color];
        // A valid position has a king of each colour, so no test for an empty set (which
        // would give h8 here, never a panic or undefined behaviour).
        Square::new(kings.0.trailing_zeros())
    }

    /// The pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The en-passant target square, set only when an en-passant capture is legal.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule). It
    /// stops at [`MAX_HALFMOVES`](Position::MAX_HALFMOVES) (150), where the
    /// seventy-five-move rule has drawn the game.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and increased after each Black move.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The squares of rooks that still carry a castling right.
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }

    /// The rook `color` may still castle with on `side`, if any.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king_of(color);
        let rooks = self.castling & Bitboard::relative_rank(color, Rank::First);
        match side {
            CastlingSide::KingSide => rooks.into_iter().find(|r| r.file() > king.file()),
            CastlingSide::QueenSide => rooks.into_iter().find(|r| r.file() < king.file()),
        }
    }

    /// Whether the position uses Chess960 conventions for castling notation.
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Switches Chess960 notation on or off (`O-O` is the same either way; UCI and FEN differ).
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// The Zobrist hash of this position, kept up to date move by move.
    ///
    /// It covers the pieces, the side to move, castling rights and a *legal*
    /// en-passant capture, so two positions that are the same by FIDE's definition of
    /// repetition have the same hash.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Computes the hash from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied {
            let piece = self.piece_at(sq).expect("occupied square has a piece");
            h ^= zobrist::piece(piece.color, piece.role, sq);
        }
        for sq in self.castling {
            h ^= zobrist::castling(sq);
        }
        if let Some(ep) = self.ep_square {
            h ^= zobrist::en_passant(ep);
        }
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h
    }

    /// Puts a piece on an empty square (no hash update).
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, color: Color, role: Role) {
        self.by_role[role] ^= sq;
        self.by_color[color] ^= sq;
        self.occupied ^= sq;
        self.mailbox[sq.index()] = 1 + role as u8 + 8 * color as u8;
    }

    /// Removes a known piece from its square (no hash update).
    #[inline(always)]
    fn take(&mut self, sq: Square, color: Color, role: Role) {
        self.by_role[role] ^= sq;
        self.by_color[color] ^= sq;
        self.occupied ^= sq;
        self.mailbox[sq.index()] = 0;
    }

    /// Every piece of either colour attacking `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let r = &self.by_role;
        (pawn_attacks(Color::White, sq) & r[Role::Pawn] & self.by_color[Color::Black])
            | (pawn_attacks(Color::Black, sq) & r[Role::Pawn] & self.by_color[Color::White])
            | (knight_attacks(sq) & r[Role::Knight])
            | (king_attacks(sq) & r[Role::King])
            | (bishop_attacks(sq, occupied) & (r[Role::Bishop] | r[Role::Queen]))
            | (rook_attacks(sq, occupied) & (r[Role::Rook] | r[Role::Queen]))
    }

    /// Whether `by` attacks `sq` with `occupied` as the blockers.
    #[inline(always)]
    pub(crate) fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.by_color[by];
        let r = &self.by_role;
        (knight_attacks(sq) & r[Role::Knight] & them).any()
            || (pawn_attacks(!by, sq) & r[Role::Pawn] & them).any()
            || (king_attacks(sq) & r[Role::King] & them).any()
            || (bishop_attacks(sq, occupied) & (r[Role::Bishop] | r[Role::Queen]) & them).any()
            || (rook_attacks(sq, occupied) & (r[Role::Rook] | r[Role::Queen]) & them).any()
    }

    /// `color`'s pieces that are pinned to their own king.
    #[inline(always)]
    pub(crate) fn pinned(&self, color: Color, king: Square) -> Bitboard {
        let them = self.by_color[!color];
        let r = &self.by_role;
        let snipers = ((rook_rays(king) & (r[Role::Rook] | r[Role::Queen]))
            | (bishop_rays(king) & (r[Role::Bishop] | r[Role::Queen])))
            & them;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & self.occupied;
            if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        pinned & self.by_color[color]
    }

    /// Recomputes the pieces checking the side to move.
    ///
    /// Only their pieces can check, and never their king (a valid position has the kings
    /// apart); a slider is looked up only when one of theirs stands on a line through our
    /// king, which most of the time none does. This runs after every move (a tenth of
    /// perft's instructions before it was narrowed so).
    #[inline(always)]
    pub(crate) fn update_checkers(&mut self) {
        let us = self.turn;
        let king = self.king_of(us);
        let them = self.by_color[!us];
        let r = &self.by_role;
        let mut checkers =
            ((knight_attacks(king) & r[Role::Knight]) | (pawn_attacks(us, king) & r[Role::Pawn])) & them;
        let diagonal = (r[Role::Bishop] | r[Role::Queen]) & them;
        if (bishop_rays(king) & diagonal).any() {
            checkers |= bishop_attacks(king, self.occupied) & diagonal;
        }
        let straight = (r[Role::Rook] | r[Role::Queen]) & them;
        if (rook_rays(king) & straight).any() {
            checkers |= rook_attacks(king, self.occupied) & straight;
        }
        self.checkers = checkers;
    }

    /// Plays a move without checking that it is legal, as fast as possible.
    ///
    /// This is for move generators and perft, where every move comes from
    /// [`legal_moves`](Position::legal_moves). Playing a move that is not legal in this
    /// position leaves the position corrupt (it may later panic or give wrong answers),
    /// but it never causes undefined behaviour.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        // One copy per side, so that the colour is a constant in each.
        if self.turn == Color::White {
            self.play_for::<true, true>(m);
        } else {
            self.play_for::<false, true>(m);
        }
    }

    /// Plays a legal move for perft: the pieces, the side to move, castling rights, the
    /// en-passant square and the checkers, but neither the hash nor the move counters.
    ///
    /// Perft reads nothing else and throws the position away; skipping the Zobrist
    /// updates and the clocks saved 1.4 of its 30.5 instructions per leaf at the start
    /// position. The position it leaves has a stale hash and clocks, so it must never
    /// leave the crate.
    #[inline(always)]
    pub(crate) fn play_for_perft(&mut self, m: Move) {
        if self.turn == Color::White {
            self.play_for::<true, false>(m);
        } else {
            self.play_for::<false, false>(m);
        }
    }

    /// `BOOKKEEPING` is whether the hash and the move counters are kept up to date.
    #[inline(always)]
    fn play_for<const WHITE: bool, const BOOKKEEPING: bool>(&mut self, m: Move) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let from = m.from();
        let to = m.to();
        let mut hash = self.hash ^ zobrist::black_to_move();
        if let Some(ep) = self.ep_square.take() {
            hash ^= zobrist::en_passant(ep);
        }
        let old_castling = self.castling;
        if BOOKKEEPING {
            // The clock stops where the seventy-five-move rule has drawn the game, so every
            // position that play reaches writes a FEN that reads back.
            self.halfmoves = self.halfmoves.saturating_add(1).min(Position::MAX_HALFMOVES);
        }
        let mut ep_candidate = None;

        match m.kind() {
            MoveKind::Castle => {
                let side = m.castling_side().expect("castle has a side");
                let rank = from.rank();
                let king_to = Square::from_coords(side.king_to_file(), rank);
                let rook_to = Square::from_coords(side.rook_to_file(), rank);
                self.take(from, us, Role::King);
                self.take(to, us, Role::Rook);
                self.put(king_to, us, Role::King);
                self.put(rook_to, us, Role::Rook);
                hash ^= zobrist::piece(us, Role::King, from)
                    ^ zobrist::piece(us, Role::King, king_to)
                    ^ zobrist::piece(us, Role::Rook, to)
                    ^ zobrist::piece(us, Role::Rook, rook_to);
                self.castling = self.castling - Bitboard::relative_rank(us, Rank::First);
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.take(captured, them, Role::Pawn);
                self.take(from, us, Role::Pawn);
                self.put(to, us, Role::Pawn);
                hash ^= zobrist::piece(them, Role::Pawn, captured)
                    ^ zobrist::piece(us, Role::Pawn, from)
                    ^ zobrist::piece(us, Role::Pawn, to);
                if BOOKKEEPING {
                    self.halfmoves = 0;
                }
            }
            kind => {
                let role = self.role_at(from).expect("a move starts on a piece");
                if let Some(captured) = self.role_at(to) {
                    self.take(to, them, captured);
                    hash ^= zobrist::piece(them, captured, to);
                    if BOOKKEEPING {
                        self.halfmoves = 0;
                    }
                }
                self.take(from, us, role);
                hash ^= zobrist::piece(us, role, from);
                let placed = match kind {
                    MoveKind::Promotion(promoted) => promoted,
                    _ => role,
                };
                self.put(to, us, placed);
                hash ^= zobrist::piece(us, placed, to);
                match role {
                    Role::Pawn => {
                        if BOOKKEEPING {
                            self.halfmoves = 0;
                        }
                        if from.index() ^ to.index() == 16 {
                            let skipped = Square::new(u32::midpoint(from as u32, to as u32));
                            if (pawn_attacks(us, skipped) & self.by_role[Role::Pawn] & self.by_color[them])
                                .any()
                            {
                                ep_candidate = Some(skipped);
                            }
                        }
                    }
                    Role::King => {
                        self.castling = self.castling - Bitboard::relative_rank(us, Rank::First);
                    }
                    _ => {}
                }
                self.castling = self.castling.without(from).without(to);
            }
        }

        if BOOKKEEPING {
            for sq in old_castling ^ self.castling {
                hash ^= zobrist::castling(sq);
            }
            if us == Color::Black {
                self.fullmoves = self.fullmoves.saturating_add(1);
            }
        }
        self.turn = them;
        self.update_checkers();
        if let Some(ep) = ep_candidate
            && self.en_passant_is_legal(ep)
        {
            self.ep_square = Some(ep);
            hash ^= zobrist::en_passant(ep);
        }
        if BOOKKEEPING {
            self.hash = hash;
        }
    }

    /// Plays a legal move.
    ///
    /// # Panics
    ///
    /// Panics if `m` is not legal in this position. Use [`try_play`](Position::try_play)
    /// for moves that come from outside, or [`play_unchecked`](Position::play_unchecked)
    /// for speed when the move is known to be legal.
    pub fn play(&mut self, m: Move) {
        if let Err(err) = self.try_play(m) {
            panic!("{err}");
        }
    }

    /// Plays a move if it is legal; otherwise leaves the position unchanged and says so.
    ///
    /// ```
    /// use hotseat_chess::{Move, Position, Square};
    /// let mut pos = Position::startpos();
    /// assert!(pos.try_play(Move::normal(Square::E2, Square::E5)).is_err());
    /// assert_eq!(pos, Position::startpos());
    /// pos.try_play(Move::normal(Square::E2, Square::E4)).expect("legal");
    /// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    pub fn try_play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(PlayError::new(m, self.explain(m.from(), m.to()).unwrap_or(Illegality::NotLegalHere)))
        }
    }

    /// Whether `m` is one of the legal moves here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Whether the side to move has an en-passant capture onto `ep` that does not
    /// leave its king in check.
    pub(crate) fn en_passant_is_legal(&self, ep: Square) -> bool {
        self.en_passant_capturers(ep).any()
    }

    /// The pawns of the side to move that can legally capture en passant onto `ep`.
    pub(crate) fn en_passant_capturers(&self, ep: Square) -> Bitboard {
        let us = self.turn;
        let them = !us;
        let captured = Square::from_coords(ep.file(), Rank::Fifth.relative_to(us));
        let king = self.king_of(us);
        let candidates = pawn_attacks(them, ep) & self.by_role[Role::Pawn] & self.by_color[us];
        let mut legal = Bitboard::EMPTY;
        for from in candidates {
            let occupied = (self.occupied ^ from ^ captured) | ep;
            let attackers = self.attackers_to(king, occupied) & (self.by_color[them].without(captured));
            if attackers.is_empty() {
                legal |= from;
            }
        }
        legal
    }

    /// Whether neither side could ever checkmate: K v K, K and one minor piece v K,
    /// or only bishops besides the kings, all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// Whether `color` cannot checkmate by any series of legal moves, whatever the
    /// opponent does (the rule used when a flag falls).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color[color];
        let theirs = self.by_color[!color];
        let r = &self.by_role;
        if (ours & (r[Role::Pawn] | r[Role::Rook] | r[Role::Queen])).any() {
            return false;
        }
        let our_knights = ours & r[Role::Knight];
        let our_bishops = ours & r[Role::Bishop];
        if our_knights.any() {
            // A lone knight mates only with help from an opponent's piece in the corner.
            return our_knights.count() == 1 && our_bishops.is_empty() && (theirs - r[Role::King]).is_empty();
        }
        if our_bishops.is_empty() {
            return true;
        }
        // Bishops all on one colour cannot mate unless the opponent has something other
        // than bishops of that same colour to block its own king.
        let same_colour =
            (r[Role::Bishop] & Bitboard::LIGHT).is_empty() || (r[Role::Bishop] & Bitboard::DARK).is_empty();
        same_colour && (theirs - r[Role::King] - r[Role::Bishop]).is_empty()
    }

    /// The board as eight lines of FEN-style letters, eighth rank first (for debugging).
    fn board_text(&self) -> String {
        let mut out = String::new();
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                out.push(self.piece_at(Square::from_coords(file, *rank)).map_or('.', Piece::char));
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.board_text(), self.fen())
    }
}

impl fmt::Display for Position {
    /// Writes the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl std::str::FromStr for Position {
    type Err = super::FenError;

    /// Parses a FEN strictly, as [`Position::from_fen`].
    fn from_str(fen: &str) -> Result<Position, super::FenError> {
        Position::from_fen(fen)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

/// A move that cannot be played where it was asked ([`Position::try_play`],
/// [`Game::try_play`](crate::Game::try_play)), and why: the one error for both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv:?}: {reason}")]
pub struct PlayError {
    mv: Move,
    reason: Illegality,
}

impl PlayError {
    pub(crate) fn new(mv: Move, reason: Illegality) -> PlayError {
        PlayError { mv, reason }
    }

    /// The move that was refused.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// Why it was refused.
    pub fn reason(&self) -> Illegality {
        self.reason
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_illegal_move_is_refused_with_the_move_it_was() {
        let mut pos = Position::startpos();
        let m = Move::normal(Square::E2, Square::E5);
        let err = pos.try_play(m).expect_err("e2e5 is illegal");
        assert_eq!(err.mv(), m);
        assert_eq!(err.to_string(), "illegal move e2e5: the pawn on e2 cannot reach e5");
    }

    #[test]
    fn the_move_counters_stop_at_their_largest_value_instead_of_wrapping() {
        let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").expect("valid fen");
        pos.halfmoves = u32::MAX;
        pos.fullmoves = u32::MAX;
        for m in [Move::normal(Square::A1, Square::A2), Move::normal(Square::E8, Square::E7)] {
            pos.play(m);
        }
        assert_eq!((pos.halfmoves(), pos.fullmoves()), (Position::MAX_HALFMOVES, u32::MAX));
    }

    #[test]
    fn the_halfmove_clock_stops_at_150_so_the_fen_of_any_played_position_reads_back() {
        let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 90").expect("valid fen");
        for m in [Move::normal(Square::A1, Square::A2), Move::normal(Square::E8, Square::E7)] {
            pos.play(m);
        }
        assert_eq!(pos.halfmoves(), 150);
        assert_eq!(Position::from_fen(&pos.fen()), Ok(pos));
    }

    /// Perft's move making skips the hash and the clocks; everything else must match
    /// the full one, move for move, along a game that castles, captures en passant and
    /// promotes.
    #[test]
    fn perft_move_making_agrees_with_full_move_making_but_for_hash_and_clocks() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).expect("valid fen");
            for m in pos.legal_moves().iter().copied() {
                let mut full = pos.clone();
                full.play_unchecked(m);
                let mut fast = pos.clone();
                fast.play_for_perft(m);
                fast.hash = full.hash;
                fast.halfmoves = full.halfmoves;
                fast.fullmoves = full.fullmoves;
                assert_eq!(fast, full, "{fen}: {m:?}");
            }
        }
    }
}
