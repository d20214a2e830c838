//! Legal move generation, legal by construction.
//!
//! Checkers are known from the last move; pinned pieces are found once per call.
//! In check, every non-king move must land on the evasion mask (the checker or a
//! square between it and the king); in double check only the king moves. Pinned
//! pieces stay on their pin ray, and the king's destinations are tested with the king
//! itself lifted off the board, so it cannot hide behind its own shadow. En passant
//! and castling, which move two pieces, are checked square by square.
//!
//! One generator drives two sinks: one that collects moves and one that only counts
//! them (for perft's last ply), so both always agree.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::{Bitboard, CastlingSide, Color, File, Move, MoveList, Position, Rank, Role, Square};

/// Receives generated moves.
trait Sink {
    /// Whether the order of the moves matters. Lists keep it, because seeded games
    /// elsewhere pick moves by their place in the list; a counter lets the generator
    /// visit the pieces in whatever order costs least.
    const KEEPS_ORDER: bool;

    /// Ordinary moves of the piece on `from` to each of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Ordinary pawn moves landing on `targets`, each from `to - delta`.
    fn pawns(&mut self, targets: Bitboard, delta: i32);
    /// Pawn moves to the last rank, each from `to - delta`: four promotions each.
    fn promotions(&mut self, targets: Bitboard, delta: i32);
    /// One fully formed move.
    fn one(&mut self, m: Move);
}

/// Hands each move to a closure, so callers need no list at all.
struct Each<F>(F);

impl<F: FnMut(Move)> Sink for Each<F> {
    const KEEPS_ORDER: bool = true;

    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            (self.0)(Move::normal(from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            (self.0)(Move::normal(Square::new((to as i32 - delta) as u32), to));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = Square::new((to as i32 - delta) as u32);
            for role in Role::PROMOTIONS {
                (self.0)(Move::promotion(from, to, role));
            }
        }
    }

    #[inline(always)]
    fn one(&mut self, m: Move) {
        (self.0)(m);
    }
}

/// Counts moves without making them.
struct Counter(u64);

impl Sink for Counter {
    const KEEPS_ORDER: bool = false;

    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += 4 * u64::from(targets.count());
    }

    #[inline(always)]
    fn one(&mut self, _m: Move) {
        self.0 += 1;
    }
}

#[inline(always)]
const fn shift(bb: Bitboard, delta: i32) -> Bitboard {
    if delta > 0 { Bitboard(bb.0 << delta) } else { Bitboard(bb.0 >> -delta) }
}

impl Position {
    /// Every legal move in this position.
    ///
    /// ```
    /// use hotseat_chess::{Move, Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").expect("valid fen");
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 15); // 5 king moves, 9 rook moves, castling
    /// assert!(moves.contains(&Move::castle(Square::E1, Square::H1)));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut Each(|m| list.push(m)));
        list
    }

    /// How many legal moves there are, counted without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Calls `f` with every legal move, without building a list.
    #[inline]
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        self.generate(&mut Each(f));
    }

    /// The legal moves of the piece on `from` (empty if it is not the mover's piece).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from() == from);
        list
    }

    /// Whether the side to move has no legal move and is in check.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }

    /// Whether the side to move has no legal move and is not in check.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal_moves() == 0
    }

    #[inline(always)]
    fn generate<S: Sink>(&self, sink: &mut S) {
        // One copy of the generator per side: with the colour a constant, which way pawns
        // go, which rank is whose and whose pieces are whose all fold away.
        if self.turn == Color::White {
            self.generate_for::<S, true>(sink);
        } else {
            self.generate_for::<S, false>(sink);
        }
    }

    #[inline(always)]
    fn generate_for<S: Sink, const WHITE: bool>(&self, sink: &mut S) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let ours = self.by_color[us];
        let occupied = self.occupied;
        let king = self.king_of(us);

        // The king's squares are tested with the king lifted off the board, so it cannot
        // hide behind its own shadow. With few squares to test, each is tested alone;
        // with more (castling adds its path), one map of every attacked square is cheaper.
        let without_king = occupied ^ king;
        let king_moves = king_attacks(king) - ours;
        let mut castle_rooks = Bitboard::EMPTY;
        if self.checkers.is_empty() {
            for rook in self.castling & Bitboard::relative_rank(us, Rank::First) {
                if self.castling_path_is_clear(king, rook) {
                    castle_rooks |= rook;
                }
            }
        }
        let danger = if castle_rooks.any() || king_moves.count() > 3 {
            Some(self.attacked_squares(them, without_king))
        } else {
            None
        };
        let king_targets = if let Some(danger) = danger {
            king_moves - danger
        } else {
            let mut safe = Bitboard::EMPTY;
            for to in king_moves {
                if !self.is_attacked(to, them, without_king) {
                    safe |= to;
                }
            }
            safe
        };
        sink.piece(king, king_targets);

        let checkers = self.checkers;
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            Some(checker) => between(king, checker) | checker,
            None => Bitboard::FULL,
        } - ours;
        let pinned = self.pinned(us, king);
        // A pinned piece can never answer a check: it would have to leave its ray.
        let movable = if checkers.any() { ours - pinned } else { ours };
        let r = &self.by_role;

        for from in r[Role::Knight] & (movable - pinned) {
            sink.piece(from, knight_attacks(from) & target);
        }
        let diagonal = r[Role::Bishop] | r[Role::Queen];
        let straight = r[Role::Rook] | r[Role::Queen];
        if S::KEEPS_ORDER {
            for from in diagonal & movable {
                let mut t = bishop_attacks(from, occupied) & target;
                if pinned.contains(from) {
                    t &= line(king, from);
                }
                sink.piece(from, t);
            }
            for from in straight & movable {
                let mut t = rook_attacks(from, occupied) & target;
                if pinned.contains(from) {
                    t &= line(king, from);
                }
                sink.piece(from, t);
            }
        } else {
            // The free sliders without a pin test each, then the few pinned ones, each
            // along its pin line (a diagonal pin leaves a rook's move nowhere, and so on).
            for from in diagonal & (movable - pinned) {
                sink.piece(from, bishop_attacks(from, occupied) & target);
            }
            for from in straight & (movable - pinned) {
                sink.piece(from, rook_attacks(from, occupied) & target);
            }
            for from in (diagonal | straight) & movable & pinned {
                let mut t = Bitboard::EMPTY;
                if diagonal.contains(from) {
                    t |= bishop_attacks(from, occupied);
                }
                if straight.contains(from) {
                    t |= rook_attacks(from, occupied);
                }
                sink.piece(from, t & target & line(king, from));
            }
        }

        self.generate_pawns(sink, us, movable & r[Role::Pawn], pinned, target, king);

        if let Some(ep) = self.ep_square {
            for from in self.en_passant_capturers(ep) {
                sink.one(Move::en_passant(from, ep));
            }
        }

        if let Some(danger) = danger {
            for rook in castle_rooks {
                if self.castling_is_safe(us, king, rook, danger) {
                    sink.one(Move::castle(king, rook));
                }
            }
        }
    }

    #[inline(always)]
    fn generate_pawns<S: Sink>(
        &self,
        sink: &mut S,
        us: Color,
        pawns: Bitboard,
        pinned: Bitboard,
        target: Bitboard,
        king: Square,
    ) {
        let theirs = self.by_color[!us];
        let empty = !self.occupied;
        let last = Bitboard::relative_rank(us, Rank::Eighth);
        let third = Bitboard::relative_rank(us, Rank::Third);
        let up: i32 = if us == Color::White { 8 } else { -8 };
        let (west, east) = if us == Color::White { (7, 9) } else { (-9, -7) };
        let not_a = !Bitboard::from_file(File::A);
        let not_h = !Bitboard::from_file(File::H);

        let free = pawns - pinned;
        let single = shift(free, up) & empty;
        let double = shift(single & third, up) & empty & target;
        let single = single & target;
        sink.pawns(single - last, up);
        sink.promotions(single & last, up);
        sink.pawns(double, 2 * up);

        let victims = theirs & target;
        let west_caps = shift(free & not_a, west) & victims;
        let east_caps = shift(free & not_h, east) & victims;
        sink.pawns(west_caps - last, west);
        sink.promotions(west_caps & last, west);
        sink.pawns(east_caps - last, east);
        sink.promotions(east_caps & last, east);

        // Pinned pawns (never when in check: `pawns` excludes them then) move along the pin.
        for from in pawns & pinned {
            let ray = line(king, from);
            let mut targets = pawn_attacks(us, from) & victims;
            let one = shift(Bitboard::from_square(from), up) & empty;
            targets |= one;
            targets |= shift(one & third, up) & empty;
            for to in targets & ray & target {
                if last.contains(to) {
                    for role in Role::PROMOTIONS {
                        sink.one(Move::promotion(from, to, role));
                    }
                } else {
                    sink.one(Move::normal(from, to));
                }
            }
        }
    }

    /// Every square `by` attacks, with `occupied` as the blockers.
    #[inline(always)]
    fn attacked_squares(&self, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color[by];
        let r = &self.by_role;
        let pawns = r[Role::Pawn] & them;
        let (west, east) = if by == Color::White { (7, 9) } else { (-9, -7) };
        let mut attacked = shift(pawns - Bitboard::from_file(File::A), west)
            | shift(pawns - Bitboard::from_file(File::H), east)
            | king_attacks(self.king_of(by));
        for sq in r[Role::Knight] & them {
            attacked |= knight_attacks(sq);
        }
        for sq in (r[Role::Bishop] | r[Role::Queen]) & them {
            attacked |= bishop_attacks(sq, occupied);
        }
        for sq in (r[Role::Rook] | r[Role::Queen]) & them {
            attacked |= rook_attacks(sq, occupied);
        }
        attacked
    }

    /// Whether nothing but the castling king and rook stands on their paths and destinations.
    #[inline(always)]
    fn castling_path_is_clear(&self, king: Square, rook: Square) -> bool {
        (CASTLING_PATHS.must_be_empty.on_rank_of(king, rook) & self.occupied).is_empty()
    }

    /// Castling legality given the map of attacked squares (`danger`, computed with the
    /// king lifted off the board). The side to move is not in check.
    #[inline(always)]
    fn castling_is_safe(&self, us: Color, king: Square, rook: Square, danger: Bitboard) -> bool {
        if (CASTLING_PATHS.king_path.on_rank_of(king, rook) & danger).any() {
            return false;
        }
        // A Chess960 rook standing between an enemy rook or queen and the king's
        // destination shields it until it moves; only a corner rook cannot.
        matches!(rook.file(), File::A | File::H) || {
            let (king_to, rook_to) = castling_destinations(king, rook);
            let after = (self.occupied ^ king ^ rook) | king_to | rook_to;
            !self.is_attacked(king_to, !us, after)
        }
    }

    /// Why castling is not possible, if it is not (rights and check are the caller's).
    pub(crate) fn castling_obstacle(&self, king: Square, rook: Square) -> Option<CastlingObstacle> {
        let them = !self.turn;
        if !self.castling_path_is_clear(king, rook) {
            return Some(CastlingObstacle::Blocked);
        }
        let (king_to, rook_to) = castling_destinations(king, rook);
        if between(king, king_to).into_iter().any(|sq| self.is_attacked(sq, them, self.occupied)) {
            return Some(CastlingObstacle::ThroughCheck);
        }
        let after = (self.occupied ^ king ^ rook) | king_to | rook_to;
        if self.is_attacked(king_to, them, after) {
            return Some(CastlingObstacle::IntoCheck);
        }
        None
    }
}

/// Where the king and the rook land when the king on `king` castles with the rook on `rook`.
#[inline(always)]
fn castling_destinations(king: Square, rook: Square) -> (Square, Square) {
    let side = if rook.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
    let rank = king.rank();
    (Square::from_coords(side.king_to_file(), rank), Square::from_coords(side.rook_to_file(), rank))
}

/// For each file of the king and of the rook, a set of squares of the first rank;
/// shifted to the back rank they stand on.
struct BackRankTable([[u64; 8]; 8]);

impl BackRankTable {
    /// The set for the king on `king` and the rook on `rook`, on their rank.
    #[inline(always)]
    fn on_rank_of(&self, king: Square, rook: Square) -> Bitboard {
        let set = self.0[king.index() & 7][rook.index() & 7];
        // The index of the rank's first square, masked out of the king's square: the
        // same as the rank times eight, which measured 0.5 instructions per perft leaf
        // more (through the `Rank` enum).
        Bitboard(set << (king.index() & 0o70))
    }
}

/// The squares castling needs, by the files of the king and the rook: looked up rather
/// than built from `between` at every node, where castling rights stand at most nodes
/// of a perft from the start position.
struct CastlingPaths {
    /// Every square the king and the rook pass over or land on, but their own.
    must_be_empty: BackRankTable,
    /// The squares the king passes over and lands on, which must not be attacked.
    king_path: BackRankTable,
}

/// The squares of the first rank from file `a` to file `b`, both included.
const fn first_rank_span(a: usize, b: usize) -> u64 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    (u64::MAX >> (63 - high)) & (u64::MAX << low)
}

static CASTLING_PATHS: CastlingPaths = {
    let mut must_be_empty = [[0; 8]; 8];
    let mut king_path = [[0; 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            let side = if rook > king { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            let king_to = side.king_to_file().index() as usize;
            let rook_to = side.rook_to_file().index() as usize;
            let own = (1 << king) | (1 << rook);
            must_be_empty[king][rook] =
                (first_rank_span(king, king_to) | first_rank_span(rook, rook_to)) & !own;
            king_path[king][rook] = (first_rank_span(king, king_to) & !(1 << king)) | (1 << king_to);
            rook += 1;
        }
        king += 1;
    }
    CastlingPaths { must_be_empty: BackRankTable(must_be_empty), king_path: BackRankTable(king_path) }
};

/// Why a castling move with rights intact is still not possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CastlingObstacle {
    /// A piece stands between the king and rook or on their destinations.
    Blocked,
    /// The king would pass over an attacked square.
    ThroughCheck,
    /// The king would land in check.
    IntoCheck,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The explanation path (`castling_obstacle`) and the generator must agree on
    /// every castling move with rights intact.
    #[test]
    fn castling_explanations_agree_with_generation() {
        let fens = [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/RN2K1nR w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1",
            "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQ1R1KR1 w GDge - 0 1",
            "3k4/8/8/8/8/8/8/rRK1R3 w BE - 0 1",
            "4k3/8/8/8/8/8/8/1R3KRr w GB - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).expect("valid fen");
            let moves = pos.legal_moves();
            let king = pos.king_of(pos.turn());
            for rook in pos.castling_rooks() & Bitboard::relative_rank(pos.turn(), Rank::First) {
                let generated = moves.contains(&Move::castle(king, rook));
                let explained_legal = !pos.is_check() && pos.castling_obstacle(king, rook).is_none();
                assert_eq!(generated, explained_legal, "{fen}: castling with {rook}");
            }
        }
    }

    /// The tables of castling paths against the definition by `between`, for every
    /// king and rook file on both back ranks.
    #[test]
    fn castling_path_tables_match_the_squares_between() {
        for rank in [Rank::First, Rank::Eighth] {
            for king in File::ALL {
                for rook in File::ALL {
                    if king == rook {
                        continue;
                    }
                    let (king_sq, rook_sq) =
                        (Square::from_coords(king, rank), Square::from_coords(rook, rank));
                    let (king_to, rook_to) = castling_destinations(king_sq, rook_sq);
                    let must_be_empty =
                        (between(king_sq, king_to) | king_to | between(rook_sq, rook_to) | rook_to)
                            - king_sq
                            - rook_sq;
                    let king_path = between(king_sq, king_to) | king_to;
                    assert_eq!(CASTLING_PATHS.must_be_empty.on_rank_of(king_sq, rook_sq), must_be_empty);
                    assert_eq!(CASTLING_PATHS.king_path.on_rank_of(king_sq, rook_sq), king_path);
                }
            }
        }
    }

    /// The counter visits pinned sliders apart from the free ones; it must still count
    /// exactly the listed moves, pinned queens on either kind of line included.
    #[test]
    fn counting_agrees_with_listing_when_sliders_are_pinned() {
        let fens = [
            "4r1k1/8/8/b7/4R3/2Q5/8/4K3 w - - 0 1",
            "4k3/4r3/8/8/b7/8/2B1Q3/3K4 w - - 0 1",
            "3k4/3q4/8/3R4/8/8/8/3K4 b - - 0 1",
            "3k4/8/1q6/B7/8/8/8/4K3 b - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).expect("valid fen");
            assert_eq!(pos.count_legal_moves(), pos.legal_moves().len() as u64, "{fen}");
        }
    }

    #[test]
    fn the_start_position_has_twenty_moves() {
        let pos = Position::startpos();
        assert_eq!(pos.legal_moves().len(), 20);
        assert_eq!(pos.count_legal_moves(), 20);
    }
}
