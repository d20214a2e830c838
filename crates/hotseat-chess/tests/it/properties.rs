//! Property tests over random games: the move generator against a slow brute-force
//! one written here from the rules, notation round trips, the incremental hash and FEN.
//!
//! Each case is a start position (the standard one, a Chess960 array, or a position of
//! the perft suites) and a seed for a random game from it; every position of the game
//! is checked.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use crate::common::{Rng, chess960_fen, read_epd_file, read_perft_file, suite_path};
use hotseat_chess::{
    CastlingSide, Color, File, Move, MoveKind, Piece, Position, Rank, Role, STARTING_FEN, Square, Strictness,
};
use proptest::prelude::*;

/// A board as 64 squares, for the brute-force generator.
type Board = [Option<Piece>; 64];

fn board_of(pos: &Position) -> Board {
    Square::ALL.map(|sq| pos.piece_at(sq))
}

const KNIGHT_STEPS: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn forward(color: Color) -> i32 {
    if color == Color::White { 1 } else { -1 }
}

/// Whether any piece of `by` attacks `sq`, found by walking out from `sq`.
fn attacked(board: &Board, sq: Square, by: Color) -> bool {
    let holds = |s: Option<Square>, roles: &[Role]| {
        s.and_then(|s| board[s.index()]).is_some_and(|p| p.color == by && roles.contains(&p.role))
    };
    if KNIGHT_STEPS.iter().any(|&(df, dr)| holds(sq.offset(df, dr), &[Role::Knight])) {
        return true;
    }
    if KING_STEPS.iter().any(|&(df, dr)| holds(sq.offset(df, dr), &[Role::King])) {
        return true;
    }
    // A pawn of `by` attacks `sq` from one rank behind it, seen from `by`'s side.
    if [-1, 1].iter().any(|&df| holds(sq.offset(df, -forward(by)), &[Role::Pawn])) {
        return true;
    }
    let slides = |directions: &[(i32, i32)], roles: &[Role]| {
        directions.iter().any(|&(df, dr)| {
            let mut s = sq.offset(df, dr);
            while let Some(here) = s {
                if let Some(p) = board[here.index()] {
                    return p.color == by && roles.contains(&p.role);
                }
                s = here.offset(df, dr);
            }
            false
        })
    };
    slides(&ROOK_DIRECTIONS, &[Role::Rook, Role::Queen])
        || slides(&BISHOP_DIRECTIONS, &[Role::Bishop, Role::Queen])
}

fn king_square(board: &Board, color: Color) -> Square {
    Square::ALL
        .into_iter()
        .find(|sq| board[sq.index()] == Some(Role::King.of(color)))
        .expect("a king of each colour")
}

/// The board after `m`, applied square by square from the rules.
fn apply(board: &Board, m: Move) -> Board {
    let mut next = *board;
    let (from, to) = (m.from(), m.to());
    let piece = board[from.index()].expect("a move starts on a piece");
    match m.kind() {
        MoveKind::Castle => {
            let side = if to.file() > from.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            next[from.index()] = None;
            next[to.index()] = None;
            next[Square::from_coords(side.king_to_file(), from.rank()).index()] = Some(piece);
            next[Square::from_coords(side.rook_to_file(), from.rank()).index()] =
                Some(Role::Rook.of(piece.color));
        }
        MoveKind::EnPassant => {
            next[from.index()] = None;
            next[Square::from_coords(to.file(), from.rank()).index()] = None;
            next[to.index()] = Some(piece);
        }
        MoveKind::Promotion(role) => {
            next[from.index()] = None;
            next[to.index()] = Some(role.of(piece.color));
        }
        MoveKind::Normal => {
            next[from.index()] = None;
            next[to.index()] = Some(piece);
        }
    }
    next
}

/// Every legal move, by brute force: each piece's geometric moves, then those that
/// leave the mover's king unattacked. `ep` is the square a double push just skipped.
fn brute_force_legal_moves(pos: &Position, ep: Option<Square>) -> BTreeSet<String> {
    let board = board_of(pos);
    let us = pos.turn();
    let mut moves = Vec::new();
    for from in Square::ALL {
        let Some(piece) = board[from.index()].filter(|p| p.color == us) else { continue };
        let free_or_enemy = |s: Square| board[s.index()].is_none_or(|p| p.color != us);
        let steps = |offsets: &[(i32, i32)], moves: &mut Vec<Move>| {
            for &(df, dr) in offsets {
                if let Some(to) = from.offset(df, dr).filter(|&s| free_or_enemy(s)) {
                    moves.push(Move::normal(from, to));
                }
            }
        };
        let slide = |directions: &[(i32, i32)], moves: &mut Vec<Move>| {
            for &(df, dr) in directions {
                let mut s = from.offset(df, dr);
                while let Some(to) = s {
                    if free_or_enemy(to) {
                        moves.push(Move::normal(from, to));
                    }
                    if board[to.index()].is_some() {
                        break;
                    }
                    s = to.offset(df, dr);
                }
            }
        };
        match piece.role {
            Role::Knight => steps(&KNIGHT_STEPS, &mut moves),
            Role::King => steps(&KING_STEPS, &mut moves),
            Role::Rook => slide(&ROOK_DIRECTIONS, &mut moves),
            Role::Bishop => slide(&BISHOP_DIRECTIONS, &mut moves),
            Role::Queen => {
                slide(&ROOK_DIRECTIONS, &mut moves);
                slide(&BISHOP_DIRECTIONS, &mut moves);
            }
            Role::Pawn => pawn_moves(&board, from, us, ep, &mut moves),
        }
    }
    castling_moves(pos, &board, &mut moves);
    let them = !us;
    moves
        .into_iter()
        .filter(|&m| {
            let after = apply(&board, m);
            !attacked(&after, king_square(&after, us), them)
        })
        .map(|m| format!("{m:?}"))
        .collect()
}

fn pawn_moves(board: &Board, from: Square, us: Color, ep: Option<Square>, moves: &mut Vec<Move>) {
    let up = forward(us);
    let push = |to: Square, moves: &mut Vec<Move>| {
        if to.rank() == Rank::Eighth.relative_to(us) {
            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                moves.push(Move::promotion(from, to, role));
            }
        } else {
            moves.push(Move::normal(from, to));
        }
    };
    if let Some(one) = from.offset(0, up).filter(|s| board[s.index()].is_none()) {
        push(one, moves);
        if from.rank() == Rank::Second.relative_to(us)
            && let Some(two) = one.offset(0, up).filter(|s| board[s.index()].is_none())
        {
            moves.push(Move::normal(from, two));
        }
    }
    for df in [-1, 1] {
        let Some(to) = from.offset(df, up) else { continue };
        if board[to.index()].is_some_and(|p| p.color != us) {
            push(to, moves);
        } else if ep == Some(to) {
            moves.push(Move::en_passant(from, to));
        }
    }
}

/// Castling as FIDE's Chess960 rules put it (standard chess is the special case).
fn castling_moves(pos: &Position, board: &Board, moves: &mut Vec<Move>) {
    let us = pos.turn();
    let them = !us;
    let king = king_square(board, us);
    if attacked(board, king, them) {
        return;
    }
    let back_rank = Rank::First.relative_to(us);
    for rook in pos.castling_rooks() {
        if rook.rank() != back_rank || king.rank() != back_rank {
            continue;
        }
        assert_eq!(board[rook.index()], Some(Role::Rook.of(us)), "a castling right needs its rook on {rook}");
        let side = if rook.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
        let king_to = Square::from_coords(side.king_to_file(), back_rank);
        let rook_to = Square::from_coords(side.rook_to_file(), back_rank);
        let span = |a: Square, b: Square| {
            let (lo, hi) = if a.file() <= b.file() { (a.file(), b.file()) } else { (b.file(), a.file()) };
            (lo.index()..=hi.index()).map(move |f| Square::from_coords(File::new(f), back_rank))
        };
        let blocked = span(king, king_to)
            .chain(span(rook, rook_to))
            .any(|s| s != king && s != rook && board[s.index()].is_some());
        let through_check = span(king, king_to).any(|s| s != king && attacked(board, s, them));
        if !blocked && !through_check {
            moves.push(Move::castle(king, rook));
        }
    }
}

/// The square a double pawn push over it just left open to en passant, if `m` is one.
fn double_push_skipped(before: &Position, m: Move) -> Option<Square> {
    let piece = before.piece_at(m.from())?;
    let (from, to) = (m.from(), m.to());
    (piece.role == Role::Pawn
        && from.file() == to.file()
        && from.rank().index().abs_diff(to.rank().index()) == 2)
        .then(|| Square::from_coords(from.file(), Rank::Third.relative_to(piece.color)))
}

/// Start positions: the standard one, every Chess960 array, and the perft suites'
/// positions (loaded leniently: some are deliberately impossible).
fn starts() -> &'static [Position] {
    static STARTS: OnceLock<Vec<Position>> = OnceLock::new();
    STARTS.get_or_init(|| {
        let mut fens = vec![STARTING_FEN.to_owned()];
        fens.extend((0..960).map(chess960_fen));
        fens.extend(read_epd_file(&suite_path("standard.epd")).into_iter().map(|c| c.fen));
        fens.extend(read_perft_file(&suite_path("tricky.perft")).into_iter().map(|c| c.fen));
        fens.iter().map(|fen| Position::from_fen_with(fen, Strictness::Lenient).expect("valid fen")).collect()
    })
}

/// A start chosen by `pick`: mostly the standard start and the suites' positions,
/// which hold more special cases than the Chess960 arrays.
fn start(pick: usize) -> Position {
    let starts = starts();
    let pick = pick % (2 * starts.len());
    if pick >= starts.len() {
        // The second half maps onto the standard start and the suites only.
        let special = starts.len() - 960;
        let i = pick % special;
        if i == 0 { starts[0].clone() } else { starts[960 + i].clone() }
    } else {
        starts[pick].clone()
    }
}

/// Plays a random game and calls `check` on every position, with the square a double
/// push has just skipped (for the brute-force en passant).
fn walk(
    start: Position,
    seed: u64,
    plies: usize,
    mut check: impl FnMut(&Position, Option<Square>) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let mut pos = start;
    // The start's own en-passant square, if it has a legal capture, comes from its FEN.
    let mut ep = pos.ep_square();
    for _ in 0..=plies {
        check(&pos, ep)?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        ep = double_push_skipped(&pos, m);
        pos.play(m);
    }
    Ok(())
}

fn config() -> ProptestConfig {
    crate::common::proptest_config(if cfg!(debug_assertions) { 128 } else { 1024 })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_generated_move_is_legal_and_every_legal_move_is_generated(
        pick in any::<usize>(), seed in any::<u64>(), plies in 0..120usize,
    ) {
        walk(start(pick), seed, plies, |pos, ep| {
            let generated: BTreeSet<String> = pos.legal_moves().iter().map(|m| format!("{m:?}")).collect();
            prop_assert_eq!(generated.len(), pos.legal_moves().len(), "a move is listed twice in {}", pos.fen());
            let expected = brute_force_legal_moves(pos, ep);
            prop_assert_eq!(&generated, &expected, "in {}", pos.fen());
            prop_assert_eq!(pos.count_legal_moves(), expected.len() as u64);
            let board = board_of(pos);
            for &m in &pos.legal_moves() {
                let mut after = pos.clone();
                after.play_unchecked(m);
                // The move lands the pieces where the rules say, and the mover's king is safe.
                prop_assert_eq!(board_of(&after), apply(&board, m), "{:?} from {}", m, pos.fen());
                let king = after.king_of(pos.turn());
                prop_assert!(after.attackers_to(king, after.occupied()).intersect(after.by_color(after.turn())).is_empty());
                prop_assert!(pos.is_legal(m));
            }
            Ok(())
        })?;
    }

    #[test]
    fn san_uci_and_typed_moves_round_trip(
        pick in any::<usize>(), seed in any::<u64>(), plies in 0..120usize,
    ) {
        walk(start(pick), seed, plies, |pos, _| {
            for &m in &pos.legal_moves() {
                let san = pos.san(m);
                let uci = pos.uci(m);
                prop_assert_eq!(pos.parse_san(&san), Ok(m), "SAN {} in {}", san, pos.fen());
                prop_assert_eq!(pos.parse_uci(&uci), Ok(m), "UCI {} in {}", uci, pos.fen());
                prop_assert_eq!(pos.parse_move(&san), Ok(m), "typed {} in {}", san, pos.fen());
                prop_assert_eq!(pos.parse_move(&uci), Ok(m), "typed {} in {}", uci, pos.fen());
                prop_assert!(pos.moves_matching_prefix(&san).contains(&m), "prefix {} in {}", san, pos.fen());
            }
            Ok(())
        })?;
    }

    #[test]
    fn the_incremental_hash_equals_the_full_recompute_after_every_move(
        pick in any::<usize>(), seed in any::<u64>(), plies in 0..200usize,
    ) {
        walk(start(pick), seed, plies, |pos, _| {
            prop_assert_eq!(pos.hash(), pos.compute_hash(), "in {}", pos.fen());
            Ok(())
        })?;
    }

    #[test]
    fn fen_round_trips(pick in any::<usize>(), seed in any::<u64>(), plies in 0..200usize) {
        walk(start(pick), seed, plies, |pos, _| {
            let fen = pos.fen();
            let mut reread = Position::from_fen_with(&fen, Strictness::Lenient).expect("own fen reads back");
            // FEN cannot say that standard-looking castling rights came from a Chess960 game.
            reread.set_chess960(pos.is_chess960());
            prop_assert_eq!(&reread, pos);
            prop_assert_eq!(reread.fen(), fen);
            Ok(())
        })?;
    }
}
