//! Forsyth–Edwards Notation in and out, with validation at the boundary.
//!
//! Castling rights are read as `KQkq`, Shredder-FEN (`HAha`, the rooks' files) or
//! X-FEN (`K`/`Q` for the outermost rook, a file letter for an inner one), so Chess960
//! positions load. Output uses `KQkq` for standard chess and Shredder-FEN file
//! letters for Chess960.

use std::fmt::{self, Write as _};

use super::attacks::line;
use super::{Bitboard, CastlingSide, Color, File, Piece, Position, Rank, Role, Square};

/// The standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A part of a FEN string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The piece placement (first field).
    Board,
    /// The side to move.
    Turn,
    /// The castling rights.
    Castling,
    /// The en-passant square.
    EnPassant,
    /// The halfmove clock.
    Halfmoves,
    /// The fullmove number.
    Fullmoves,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::Turn => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en-passant square",
            FenField::Halfmoves => "halfmove clock",
            FenField::Fullmoves => "fullmove number",
        })
    }
}

/// Why a FEN string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text has too few or too many fields.
    #[error("expected 4 to 6 fields, found {0}")]
    FieldCount(usize),
    /// One field could not be read.
    #[error("invalid {field}: {reason}")]
    Field {
        /// Which field.
        field: FenField,
        /// What is wrong with it.
        reason: FenReason,
    },
    /// The fields parse, but describe a position that cannot occur.
    #[error("impossible position: {0}")]
    Impossible(Impossibility),
}

/// What is wrong with one field of a FEN. Where the field's own text would say it
/// (`expected w or b, found "x"`), the reason does not hold it: [`FenError::in_fen`]
/// quotes it from the FEN it was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenReason {
    /// The board is not 8 ranks separated by `/`.
    #[error("expected 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A character that is neither a piece nor a count of empty squares.
    #[error("unexpected {found:?} in rank {}", .rank.char())]
    UnexpectedInRank {
        /// The character.
        found: char,
        /// The rank it is in.
        rank: Rank,
    },
    /// A rank that describes more than 8 squares.
    #[error("rank {} has more than 8 squares", .0.char())]
    RankTooLong(Rank),
    /// A rank that describes fewer than 8 squares.
    #[error("rank {} has only {squares} squares", .rank.char())]
    RankTooShort {
        /// The rank.
        rank: Rank,
        /// How many squares it describes.
        squares: u32,
    },
    /// A side without exactly one king.
    #[error("{} has {kings} kings, expected exactly one", .color.name())]
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        kings: u32,
    },
    /// A pawn on the first or the last rank.
    #[error("pawn on the back rank at {0}")]
    PawnOnBackRank(Square),
    /// The side to move is neither `w` nor `b`.
    #[error("expected w or b")]
    NotASide,
    /// A castling right for a king that is not on its back rank.
    #[error("{right:?} but the {} king is not on its back rank", .color.name().to_lowercase())]
    KingNotOnBackRank {
        /// The right as written.
        right: char,
        /// The king's side.
        color: Color,
    },
    /// A character that names no castling right.
    #[error("unexpected {0:?}")]
    UnexpectedRight(char),
    /// A castling right with no rook to castle with.
    #[error("{right:?} but there is no {} rook to castle with", .color.name().to_lowercase())]
    NoRook {
        /// The right as written.
        right: char,
        /// The side.
        color: Color,
    },
    /// A castling right written twice.
    #[error("{0:?} repeats a right")]
    RepeatedRight(char),
    /// Two castling rights of one side on the same wing.
    #[error("two {} castling rights on one side", .0.name().to_lowercase())]
    TwoRightsOnOneSide(Color),
    /// The en-passant field is neither a square nor `-`.
    #[error("expected a square or '-'")]
    NotASquare,
    /// An en-passant square off the rank a double step passes over.
    #[error("{square} is not on the {} rank", if *.to_move == Color::White { "sixth" } else { "third" })]
    EnPassantRank {
        /// The square.
        square: Square,
        /// The side to move.
        to_move: Color,
    },
    /// An en-passant square no pawn can just have passed over.
    #[error("no pawn can just have passed over {0}")]
    NoPawnPassed(Square),
    /// A move counter that is not a number.
    #[error("expected a number")]
    NotANumber,
    /// A move counter past the most a game can reach.
    #[error("more than {0}")]
    TooLarge(u32),
}

/// Why a position that parses cannot occur in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Impossibility {
    /// The side not to move is in check: its opponent could take the king.
    #[error("{} is to move but {} is in check", (!*.in_check).name(), .in_check.name())]
    OppositeCheck {
        /// The side in check, the one not to move.
        in_check: Color,
    },
    /// A check that the double pawn push the en-passant square records could not
    /// have given.
    #[error("a check that the double pawn push over {en_passant} could not have given")]
    CheckAfterDoublePush {
        /// The square the pawn passed over.
        en_passant: Square,
    },
    /// More than two pieces give check at once.
    #[error("{0} pieces give check at once")]
    TooManyCheckers(u32),
    /// Two checkers that no single move could have uncovered together.
    #[error("a double check that no move could have given")]
    DoubleCheck,
    /// A side has more pieces than its pawns' promotions allow.
    #[error("{} has more pieces than promotions allow", .0.name())]
    TooMuchMaterial(Color),
}

impl FenError {
    fn field(field: FenField, reason: FenReason) -> FenError {
        FenError::Field { field, reason }
    }

    /// The error worded with the text of the field at fault, taken from `fen`, the
    /// text it was read from: `invalid side to move: expected w or b, found "x"`.
    ///
    /// ```
    /// use hotseat_chess::Position;
    /// let fen = "4k3/8/8/8/8/8/8/4K3 x - - 0 1";
    /// let err = Position::from_fen(fen).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid side to move: expected w or b");
    /// assert_eq!(err.in_fen(fen).to_string(), "invalid side to move: expected w or b, found \"x\"");
    /// ```
    pub fn in_fen<'a>(&'a self, fen: &'a str) -> impl fmt::Display + 'a {
        InFen { err: self, fen }
    }

    /// The field at fault, when there is one.
    pub fn fen_field(&self) -> Option<FenField> {
        match self {
            FenError::Field { field, .. } => Some(*field),
            _ => None,
        }
    }
}

/// A [`FenError`] with the text it was read from, to quote.
struct InFen<'a> {
    err: &'a FenError,
    fen: &'a str,
}

impl fmt::Display for InFen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let FenError::Field { field, reason } = self.err else { return write!(f, "{}", self.err) };
        let index = match field {
            FenField::Board => 0,
            FenField::Turn => 1,
            FenField::Castling => 2,
            FenField::EnPassant => 3,
            FenField::Halfmoves => 4,
            FenField::Fullmoves => 5,
        };
        let text = self.fen.split_ascii_whitespace().nth(index).unwrap_or_default();
        match reason {
            FenReason::NotASide | FenReason::NotASquare | FenReason::NotANumber => {
                write!(f, "invalid {field}: {reason}, found {text:?}")
            }
            FenReason::TooLarge(max) => write!(f, "invalid {field}: {text} is more than {max}"),
            _ => write!(f, "{}", self.err),
        }
    }
}

/// How strictly [`Position::from_fen_with`] validates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strictness {
    /// Refuse anything that cannot arise in a game (the default).
    #[default]
    Strict,
    /// Also accept checks no last move could have given and more material than
    /// promotions allow (some perft suites use such positions). Everything the move
    /// generator relies on (one king each, side not to move not in check, sound
    /// castling rights) is still required.
    Lenient,
}

impl Position {
    /// The largest halfmove clock a FEN may give: at 150 (75 moves by each side
    /// without a capture or pawn move) the game is already drawn, so no larger
    /// clock can come from play.
    pub const MAX_HALFMOVES: u32 = 150;

    /// The largest fullmove number a FEN may give, far beyond any real game, so that
    /// the number after any game from there still fits and reads the same in the FEN,
    /// the PGN and on screen. (A game started near the limit can pass it; the FEN of
    /// such a late position is then refused.)
    pub const MAX_FULLMOVES: u32 = 100_000;

    /// Parses a FEN with full validation. Four fields are enough: the clocks then
    /// default to `0 1`. A halfmove clock above [`MAX_HALFMOVES`](Position::MAX_HALFMOVES)
    /// or a fullmove number above [`MAX_FULLMOVES`](Position::MAX_FULLMOVES) is refused
    /// (leniently too); a fullmove number of 0 reads as 1.
    ///
    /// ```
    /// use hotseat_chess::{FenField, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").expect("valid fen");
    /// assert_eq!(pos.legal_moves().len(), 15);
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K2R x K - 0 1").unwrap_err();
    /// assert_eq!(err.fen_field(), Some(FenField::Turn));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, Strictness::Strict)
    }

    /// Parses a FEN with the given strictness.
    pub fn from_fen_with(fen: &str, strictness: Strictness) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty();
        parse_board(&mut pos, fields[0])?;
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => {
                return Err(FenError::field(FenField::Turn, FenReason::NotASide));
            }
        };
        validate_kings_and_pawns(&pos)?;
        parse_castling(&mut pos, fields[2])?;
        let ep = parse_ep(&pos, fields[3])?;
        if let Some(n) = fields.get(4) {
            pos.halfmoves = parse_counter(n, FenField::Halfmoves, Position::MAX_HALFMOVES)?;
        }
        if let Some(n) = fields.get(5) {
            // Some writers emit 0; treat it as the first move.
            pos.fullmoves = parse_counter(n, FenField::Fullmoves, Position::MAX_FULLMOVES)?.max(1);
        }

        let them = !pos.turn;
        if pos.attackers_to(pos.king_of(them), pos.occupied).intersect(pos.by_color[pos.turn]).any() {
            return Err(FenError::Impossible(Impossibility::OppositeCheck { in_check: them }));
        }
        pos.update_checkers();
        if strictness == Strictness::Strict {
            validate_checkers(&pos, ep)?;
            validate_material(&pos)?;
        }
        if let Some(ep) = ep
            && pos.en_passant_is_legal(ep)
        {
            pos.ep_square = Some(ep);
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Writes the FEN of this position.
    ///
    /// The en-passant square is written only when a legal en-passant capture exists.
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if *rank != Rank::First {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        out.push_str(&self.castling_fen());
        out.push(' ');
        match self.ep_square {
            Some(sq) => out.push_str(&sq.to_string()),
            None => out.push('-'),
        }
        let _ = write!(out, " {} {}", self.halfmoves, self.fullmoves);
        out
    }

    /// The castling field: `KQkq` in standard chess, the rooks' files (Shredder-FEN) in
    /// Chess960, `-` for none.
    fn castling_fen(&self) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(rook) = self.castling_rook(color, side) else { continue };
                let letter = if self.chess960 {
                    rook.file().char()
                } else {
                    match side {
                        CastlingSide::KingSide => 'k',
                        CastlingSide::QueenSide => 'q',
                    }
                };
                out.push(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
        if out.is_empty() { "-".to_owned() } else { out }
    }
}

/// A move counter no greater than `max`.
fn parse_counter(text: &str, field: FenField, max: u32) -> Result<u32, FenError> {
    if !text.bytes().all(|b| b.is_ascii_digit()) || text.is_empty() {
        return Err(FenError::field(field, FenReason::NotANumber));
    }
    match text.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(FenError::field(field, FenReason::TooLarge(max))),
    }
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::field(FenField::Board, FenReason::RankCount(ranks.len())));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - i as u32);
        let mut file = 0u32;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    pos.put(Square::from_coords(File::new(file), rank), piece.color, piece.role);
                }
                file += 1;
            } else {
                return Err(FenError::field(FenField::Board, FenReason::UnexpectedInRank { found: c, rank }));
            }
            if file > 8 {
                return Err(FenError::field(FenField::Board, FenReason::RankTooLong(rank)));
            }
        }
        if file < 8 {
            return Err(FenError::field(FenField::Board, FenReason::RankTooShort { rank, squares: file }));
        }
    }
    Ok(())
}

fn validate_kings_and_pawns(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let kings = pos.by_piece(Role::King.of(color)).count();
        if kings != 1 {
            return Err(FenError::field(FenField::Board, FenReason::KingCount { color, kings }));
        }
    }
    if let Some(sq) = (pos.by_role(Role::Pawn) & Bitboard::BACK_RANKS).first() {
        return Err(FenError::field(FenField::Board, FenReason::PawnOnBackRank(sq)));
    }
    Ok(())
}

fn parse_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back_rank = Rank::First.relative_to(color);
        let king = pos.king_of(color);
        if king.rank() != back_rank {
            return Err(FenError::field(
                FenField::Castling,
                FenReason::KingNotOnBackRank { right: c, color },
            ));
        }
        let rooks = pos.by_piece(Role::Rook.of(color)) & Bitboard::from_rank(back_rank);
        let rook = match c.to_ascii_lowercase() {
            'k' => rooks.into_iter().filter(|r| r.file() > king.file()).last(),
            'q' => rooks.into_iter().find(|r| r.file() < king.file()),
            'a'..='h' => {
                let file = File::from_char(c.to_ascii_lowercase()).expect("a to h");
                Some(Square::from_coords(file, back_rank))
                    .filter(|sq| rooks.contains(*sq) && file != king.file())
            }
            _ => return Err(FenError::field(FenField::Castling, FenReason::UnexpectedRight(c))),
        };
        let Some(rook) = rook else {
            return Err(FenError::field(FenField::Castling, FenReason::NoRook { right: c, color }));
        };
        if pos.castling.contains(rook) {
            return Err(FenError::field(FenField::Castling, FenReason::RepeatedRight(c)));
        }
        let side = if rook.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
        if pos.castling_rook(color, side).is_some() {
            return Err(FenError::field(FenField::Castling, FenReason::TwoRightsOnOneSide(color)));
        }
        pos.castling |= rook;
    }
    // Standard chess has the king on e and castling rooks on a and h; anything else
    // is Chess960 and is written with file letters.
    let standard = pos.castling.into_iter().all(|rook| {
        let color = if rook.rank() == Rank::First { Color::White } else { Color::Black };
        pos.king_of(color).file() == File::E && matches!(rook.file(), File::A | File::H)
    });
    pos.chess960 = !standard;
    Ok(())
}

fn parse_ep(pos: &Position, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let sq: Square =
        field.parse().map_err(|_| FenError::field(FenField::EnPassant, FenReason::NotASquare))?;
    let us = pos.turn;
    let them = !us;
    if sq.rank() != Rank::Sixth.relative_to(us) {
        return Err(FenError::field(
            FenField::EnPassant,
            FenReason::EnPassantRank { square: sq, to_move: us },
        ));
    }
    let pushed = Square::from_coords(sq.file(), Rank::Fifth.relative_to(us));
    let origin = Square::from_coords(sq.file(), Rank::Seventh.relative_to(us));
    if pos.occupied.contains(sq)
        || pos.occupied.contains(origin)
        || !pos.by_piece(Role::Pawn.of(them)).contains(pushed)
    {
        return Err(FenError::field(FenField::EnPassant, FenReason::NoPawnPassed(sq)));
    }
    Ok(Some(sq))
}

/// Checks that could follow some last move: at most two checkers, and two only when
/// one of them was uncovered by the other. After a double pawn push (`ep` given), the
/// only possible check is from the pushed pawn or uncovered by it.
fn validate_checkers(pos: &Position, ep: Option<Square>) -> Result<(), FenError> {
    let checkers = pos.checkers;
    let king = pos.king_of(pos.turn);
    if let (Some(ep), Some(checker)) = (ep, checkers.first()) {
        let pushed_to = Square::from_coords(ep.file(), Rank::Fifth.relative_to(pos.turn));
        let pushed_from = Square::from_coords(ep.file(), Rank::Seventh.relative_to(pos.turn));
        let before = pos.occupied.without(pushed_to).with(pushed_from);
        let checked_before = (pos.attackers_to(king, before) & pos.by_color[!pos.turn]).any();
        if checkers.more_than_one() || (checker != pushed_to && checked_before) {
            return Err(FenError::Impossible(Impossibility::CheckAfterDoublePush { en_passant: ep }));
        }
    }
    if checkers.count() > 2 {
        return Err(FenError::Impossible(Impossibility::TooManyCheckers(checkers.count())));
    }
    if checkers.count() == 2 {
        let mut it = checkers.into_iter();
        let (a, b) = (it.next().expect("two"), it.next().expect("two"));
        let role = |sq| pos.piece_at(sq).expect("checker").role;
        let sliders = |r: Role| matches!(r, Role::Bishop | Role::Rook | Role::Queen);
        // Two checkers on one line through the king stand on opposite sides of it.
        let impossible = (!sliders(role(a)) && !sliders(role(b))) || line(king, a).contains(b);
        if impossible {
            return Err(FenError::Impossible(Impossibility::DoubleCheck));
        }
    }
    Ok(())
}

/// No side has more pieces than a game can produce.
fn validate_material(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let count = |role: Role| pos.by_piece(role.of(color)).count();
        let pawns = count(Role::Pawn);
        let promoted = count(Role::Knight).saturating_sub(2)
            + count(Role::Bishop).saturating_sub(2)
            + count(Role::Rook).saturating_sub(2)
            + count(Role::Queen).saturating_sub(1);
        if pos.by_color(color).count() > 16 || pawns + promoted > 8 {
            return Err(FenError::Impossible(Impossibility::TooMuchMaterial(color)));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starting_fen_round_trips() {
        let pos = Position::from_fen(STARTING_FEN).expect("valid fen");
        assert_eq!(pos.fen(), STARTING_FEN);
        assert!(!pos.is_chess960());
    }

    #[test]
    fn four_fields_default_the_clocks() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").expect("valid fen");
        assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn each_bad_field_is_named() {
        let cases = [
            ("8/8/8/8/8/8/8/8 w - - 0 1", Some(FenField::Board)),
            ("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", Some(FenField::Board)),
            ("4k3/9/8/8/8/8/8/4K3 w - - 0 1", Some(FenField::Board)),
            ("4k3/8/8/8/8/8/8/4K2X w - - 0 1", Some(FenField::Board)),
            ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", Some(FenField::Board)),
            ("4k3/8/8/8/8/8/8/4K3 white - - 0 1", Some(FenField::Turn)),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", Some(FenField::Castling)),
            ("4k3/8/8/8/8/8/8/4K2R w KK - 0 1", Some(FenField::Castling)),
            ("4k3/8/8/8/8/8/8/R3K2R w Z - 0 1", Some(FenField::Castling)),
            ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", Some(FenField::EnPassant)),
            ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", Some(FenField::EnPassant)),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", Some(FenField::Halfmoves)),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 y", Some(FenField::Fullmoves)),
            ("4k3/8/8/8/8/8/8/4K3 w", None),
            ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", None),
        ];
        for (fen, field) in cases {
            let err = Position::from_fen(fen).expect_err(fen);
            assert_eq!(err.fen_field(), field, "{fen}: {err}");
        }
    }

    #[test]
    fn move_counters_beyond_any_playable_game_are_refused() {
        let fen = |clocks: &str| format!("4k3/8/8/8/8/8/8/4K2R w K - {clocks}");
        for strictness in [Strictness::Strict, Strictness::Lenient] {
            let read = |clocks: &str| Position::from_fen_with(&fen(clocks), strictness);
            assert_eq!(read("150 1").map(|p| p.halfmoves()), Ok(150));
            assert_eq!(read("0 100000").map(|p| p.fullmoves()), Ok(100_000));
            assert_eq!(read("0 0").map(|p| p.fullmoves()), Ok(1));
            for (clocks, field) in [
                ("151 1", FenField::Halfmoves),
                ("4294967295 1", FenField::Halfmoves),
                ("99999999999 1", FenField::Halfmoves),
                ("0 100001", FenField::Fullmoves),
                ("0 4294967295", FenField::Fullmoves),
                ("0 +5", FenField::Fullmoves),
            ] {
                let err = read(clocks).expect_err(clocks);
                assert_eq!(err.fen_field(), Some(field), "{clocks}: {err}");
            }
        }
        let err = Position::from_fen(&fen("151 1")).expect_err("too many halfmoves");
        assert_eq!(err.in_fen(&fen("151 1")).to_string(), "invalid halfmove clock: 151 is more than 150");
        let err = Position::from_fen(&fen("0 100001")).expect_err("too many moves");
        assert_eq!(
            err.in_fen(&fen("0 100001")).to_string(),
            "invalid fullmove number: 100001 is more than 100000"
        );
    }

    #[test]
    fn shredder_and_x_fen_castling_load_chess960() {
        let shredder = Position::from_fen("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1")
            .expect("valid fen");
        let xfen = Position::from_fen("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1")
            .expect("valid fen");
        assert_eq!(shredder.castling_rooks(), xfen.castling_rooks());
        assert!(shredder.is_chess960());
        assert_eq!(shredder.fen(), "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1");
    }

    #[test]
    fn impossible_checks_need_the_lenient_mode() {
        let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
        assert_eq!(Position::from_fen(fen), Err(FenError::Impossible(Impossibility::DoubleCheck)));
        assert!(Position::from_fen_with(fen, Strictness::Lenient).is_ok());
    }

    #[test]
    fn each_impossible_position_says_which_impossibility_in_the_words_it_always_had() {
        let cases = [
            (
                "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
                Impossibility::OppositeCheck { in_check: Color::Black },
                "White is to move but Black is in check",
            ),
            (
                "R3k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
                Impossibility::CheckAfterDoublePush { en_passant: Square::D3 },
                "a check that the double pawn push over d3 could not have given",
            ),
            (
                "7k/8/2n5/4p3/3K4/8/8/3r4 w - - 0 1",
                Impossibility::TooManyCheckers(3),
                "3 pieces give check at once",
            ),
            (
                "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
                Impossibility::DoubleCheck,
                "a double check that no move could have given",
            ),
            (
                "4k3/8/8/8/8/Q7/PPPPPPPP/QQ2K3 b - - 0 1",
                Impossibility::TooMuchMaterial(Color::White),
                "White has more pieces than promotions allow",
            ),
        ];
        for (fen, impossibility, words) in cases {
            assert_eq!(Position::from_fen(fen), Err(FenError::Impossible(impossibility)), "{fen}");
            assert_eq!(impossibility.to_string(), words);
            assert_eq!(
                FenError::Impossible(impossibility).to_string(),
                format!("impossible position: {words}")
            );
        }
    }

    #[test]
    fn an_en_passant_square_without_a_legal_capture_is_dropped() {
        let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .expect("valid fen");
        assert_eq!(pos.ep_square(), None);
        let pos = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .expect("valid fen");
        assert_eq!(pos.ep_square(), Some(Square::E3));
    }
}
