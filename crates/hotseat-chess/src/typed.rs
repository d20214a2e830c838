//! Reading a move as a player types it or a record writes it: one reading for the hint
//! while typing, for Enter, and for the moves of a PGN file.
//!
//! The text may be SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`), forgiving SAN (`nf3`, `0-0`,
//! `e8q`, `exd6 e.p.`, a lower-case `b` for a bishop where no pawn move is meant), long
//! algebraic (`Ng1f3`, `Ng1-f3`, `bd2xc3`), or coordinates (`g1f3`, `e7e8q`), followed
//! by any `+` or `#` and one annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`). In standard
//! chess the king may also castle by its own move: `Kg1`, `Kh1`, `e1g1`, `e1h1`.

use super::attacks::pawn_attacks;
use super::{
    Bitboard, CastlingSide, File, Game, Illegality, Move, ParseSanError, Position, ReadMoveError, Role,
    SanError, Square,
    illegality::{Attempt, takes_there},
};

mod form;

use form::{Form, could_become_a_move, decorations, parse_form, strip_en_passant};

/// The longest text, in characters, that is read as a move: anything longer is
/// [`MoveText::Invalid`], so reading costs the same whatever is passed in.
pub const MAX_MOVE_TEXT: usize = 32;

/// The annotations a move may carry when typed (`Nf3!?`), as they are written; what
/// they mean is for a game's records, which this crate does not keep.
pub const ANNOTATION_SUFFIXES: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// What typed text means in a position: the one reading behind the hint while typing
/// ([`Position::read_move_text`], [`Game::read_move_text`]) and behind Enter and PGN
/// files ([`Position::parse_move`], [`Game::play_san`]).
///
/// When this is `Move`, `Promotion`, `Ambiguous` or `Illegal`, `parse_move` gives that
/// move or the matching [`SanError`]. Text that is `Incomplete` may still be a complete
/// move that is illegal (`e2`, on the way to `e2e4`): `parse_move` then refuses it
/// with that reason, otherwise as a syntax error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// Nothing but white space.
    Empty,
    /// Exactly one legal move, with the annotation typed after it, if any.
    Move {
        /// The move.
        mv: Move,
        /// The annotation typed after it, one of [`ANNOTATION_SUFFIXES`], if any.
        suffix: Option<&'static str>,
    },
    /// A legal pawn move to the last rank that does not name the new piece.
    Promotion {
        /// The pawn's square.
        from: Square,
        /// The promotion square.
        to: Square,
    },
    /// A complete move that several legal moves fit (`Nd2` with knights on b1 and f1).
    Ambiguous(Vec<Move>),
    /// Not a complete move yet, but the start of these legal moves, SAN first and
    /// coordinates once the text can no longer be SAN; none if no legal move starts
    /// so, though one could be written that way.
    Incomplete(Vec<Move>),
    /// A complete move that is not legal here, and why.
    Illegal(Illegality),
    /// Neither a move nor the start of one.
    Invalid(ParseSanError),
}

/// What a complete move form comes to in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Move(Move),
    Promotion { from: Square, to: Square },
    Ambiguous(Vec<Move>),
    Illegal(Illegality),
}

impl Position {
    /// Reads typed text as a move here; see [`MoveText`]. Never panics, and looks at
    /// no more than [`MAX_MOVE_TEXT`] characters.
    ///
    /// A position does not know the last move, so an en-passant capture that would
    /// expose the king reads as unreachable; [`Game::read_move_text`] says why.
    ///
    /// ```
    /// use hotseat_chess::{Move, MoveText, Position, Square};
    /// let pos = Position::startpos();
    /// let nf3 = Move::normal(Square::G1, Square::F3);
    /// assert_eq!(pos.read_move_text("Nf"), MoveText::Incomplete(vec![nf3]));
    /// assert_eq!(pos.read_move_text("Nf3!?"), MoveText::Move { mv: nf3, suffix: Some("!?") });
    /// ```
    pub fn read_move_text(&self, text: &str) -> MoveText {
        self.read_text(text, None)
    }

    pub(crate) fn read_text(&self, text: &str, skipped: Option<Square>) -> MoveText {
        if text.chars().nth(MAX_MOVE_TEXT).is_some() {
            return MoveText::Invalid(ParseSanError);
        }
        if text.trim().is_empty() {
            return MoveText::Empty;
        }
        let Some(d) = decorations(text) else {
            return MoveText::Invalid(ParseSanError);
        };
        let verdict = self.read_body(d.body, skipped);
        match verdict {
            Some(Verdict::Move(mv)) => return MoveText::Move { mv, suffix: d.suffix },
            Some(Verdict::Promotion { from, to }) => return MoveText::Promotion { from, to },
            Some(Verdict::Ambiguous(moves)) => return MoveText::Ambiguous(moves),
            Some(Verdict::Illegal(_)) | None => {}
        }
        let typed = text.trim();
        if !d.marked {
            let moves = self.moves_starting(typed);
            if !moves.is_empty() {
                return MoveText::Incomplete(moves);
            }
        }
        match verdict {
            Some(Verdict::Illegal(why)) => MoveText::Illegal(why),
            _ if d.marked => MoveText::Invalid(ParseSanError),
            _ if could_become_a_move(typed) => MoveText::Incomplete(Vec::new()),
            _ => match strip_en_passant(typed, &["e.p", "e.", "e"]) {
                // `exd6 e.`: on the way to `exd6 e.p.`.
                Some(rest) if could_become_a_move(rest) => {
                    let mut moves = self.moves_starting(rest);
                    moves.retain(|m| m.is_en_passant());
                    MoveText::Incomplete(moves)
                }
                _ => MoveText::Invalid(ParseSanError),
            },
        }
    }

    /// Reads a move typed by a player or written in a record: SAN, forgiving SAN,
    /// long algebraic or coordinates, as [`MoveText`] describes.
    ///
    /// ```
    /// use hotseat_chess::Position;
    /// let pos = Position::startpos();
    /// assert_eq!(pos.san(pos.parse_move("ng1-f3!?").expect("legal")), "Nf3");
    /// let err = pos.parse_move("Nf4").unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move: no knight can reach f4");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ReadMoveError> {
        self.read_move(text, None)
    }

    /// The same as [`parse_move`](Position::parse_move): SAN is read forgivingly, and
    /// long algebraic and coordinates are accepted too.
    pub fn parse_san(&self, text: &str) -> Result<Move, ReadMoveError> {
        self.parse_move(text)
    }

    /// Reads a complete move, knowing (`skipped`) whether the last move was a pawn's
    /// double step.
    pub(crate) fn read_move(&self, text: &str, skipped: Option<Square>) -> Result<Move, ReadMoveError> {
        let syntax = || ReadMoveError::Syntax(ParseSanError);
        if text.chars().nth(MAX_MOVE_TEXT).is_some() {
            return Err(syntax());
        }
        let d = decorations(text).ok_or_else(syntax)?;
        let verdict = self.read_body(d.body, skipped).ok_or_else(syntax)?;
        Position::settle(verdict)
    }

    /// The move of a verdict, or the error that says why there is none.
    fn settle(verdict: Verdict) -> Result<Move, ReadMoveError> {
        Err(ReadMoveError::San(match verdict {
            Verdict::Move(m) => return Ok(m),
            Verdict::Promotion { from, to } => SanError::MissingPromotion { from, to },
            Verdict::Ambiguous(candidates) => SanError::Ambiguous { candidates },
            Verdict::Illegal(reason) => SanError::Illegal { reason },
        }))
    }

    /// Reads a move in coordinates only: `e2e4`, `e7e8q`. Castling may be written
    /// either way: king to its destination (`e1g1`) or king onto its rook (`e1h1`).
    ///
    /// ```
    /// use hotseat_chess::Position;
    /// let pos = Position::startpos();
    /// let m = pos.parse_uci("g1f3").expect("legal");
    /// assert_eq!(pos.san(m), "Nf3");
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, ReadMoveError> {
        let text = text.trim();
        let syntax = || ReadMoveError::Syntax(ParseSanError);
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
        let form =
            Form::Piece { role: None, file: Some(from.file()), rank: Some(from.rank()), to, promotion };
        Position::settle(self.resolve(form, None))
    }

    /// The verdict on a complete move form, or `None` if `body` is not one.
    fn read_body(&self, body: &str, skipped: Option<Square>) -> Option<Verdict> {
        let starts_with_b = body.starts_with('b');
        let Some(first) = parse_form(body, false) else {
            // `bd2xc3`: only the bishop reading is a move.
            return if starts_with_b {
                parse_form(body, true).map(|f| self.resolve(f, skipped))
            } else {
                None
            };
        };
        let verdict = self.resolve(first, skipped);
        if starts_with_b
            && !first.is_coordinates()
            && matches!(verdict, Verdict::Illegal(_))
            && let Some(bishop) = parse_form(body, true).filter(|b| *b != first)
        {
            let as_bishop = self.resolve(bishop, skipped);
            if !matches!(as_bishop, Verdict::Illegal(_)) {
                return Some(as_bishop);
            }
            // The pawn reading is the one meant only if a b-pawn attacks that
            // square; otherwise explain the bishop move.
            if let Form::Piece { to, .. } = first {
                let b_pawns = self.by_piece(Role::Pawn.of(self.turn)) & Bitboard::from_file(File::B);
                if !b_pawns.into_iter().any(|from| pawn_attacks(self.turn, from).contains(to)) {
                    return Some(as_bishop);
                }
            }
        }
        Some(verdict)
    }

    /// Matches a complete move form against the legal moves.
    fn resolve(&self, form: Form, skipped: Option<Square>) -> Verdict {
        let (role, file, rank, to, promotion) = match form {
            Form::Castle(side) => return self.resolve_castle(side),
            Form::Piece { role: None, file: Some(file), rank: Some(rank), to, promotion } => {
                return self.resolve_coordinates(Square::from_coords(file, rank), to, promotion, skipped);
            }
            Form::Piece { role, file, rank, to, promotion } => {
                (role.unwrap_or(Role::Pawn), file, rank, to, promotion)
            }
        };
        let fits_origin =
            |from: Square| file.is_none_or(|f| from.file() == f) && rank.is_none_or(|r| from.rank() == r);
        let moves = self.legal_moves();
        let mut candidates: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                !m.is_castle()
                    && m.to() == to
                    && fits_origin(m.from())
                    && self.piece_at(m.from()).is_some_and(|p| p.role == role)
                    // A pawn changing files must capture, and SAN names its file.
                    && (role != Role::Pawn || m.from().file() == to.file() || file.is_some())
            })
            .collect();
        // In standard chess the king may castle by its own move (`Kg1`, `Kh1`), when no
        // plain king move goes there.
        let mut castling = None;
        let king = self.king_of(self.turn);
        if role == Role::King
            && candidates.is_empty()
            && !self.chess960
            && fits_origin(king)
            && to.rank() == king.rank()
            && to.file().index().abs_diff(king.file().index()) >= 2
        {
            let side = if to.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            match self.resolve_castle(side) {
                Verdict::Move(m) if takes_there(m, to) => candidates.push(m),
                Verdict::Illegal(why) => castling = Some(why),
                _ => {}
            }
        }
        if candidates.iter().any(|m| m.promotion_role().is_some()) {
            let Some(p) = promotion else {
                return Verdict::Promotion { from: candidates[0].from(), to };
            };
            candidates.retain(|m| m.promotion_role() == Some(p));
        } else if promotion.is_some() && !candidates.is_empty() {
            return Verdict::Illegal(Illegality::PromotionOffLastRank);
        }
        match candidates.as_slice() {
            [m] => Verdict::Move(*m),
            [] => Verdict::Illegal(
                castling.unwrap_or_else(|| self.explain_attempt(Attempt { role, file, rank, to }, skipped)),
            ),
            _ => Verdict::Ambiguous(candidates),
        }
    }

    fn resolve_castle(&self, side: CastlingSide) -> Verdict {
        let king = self.king_of(self.turn);
        let castle = self.castling_rook(self.turn, side).map(|rook| Move::castle(king, rook));
        match castle {
            Some(m) if self.is_legal(m) => Verdict::Move(m),
            _ => Verdict::Illegal(self.castling_illegality(side).unwrap_or(Illegality::NotLegalHere)),
        }
    }

    /// Coordinates: whatever piece stands on `from`, to `to`; castling as the king onto
    /// its rook or to its destination.
    fn resolve_coordinates(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        skipped: Option<Square>,
    ) -> Verdict {
        let moves = self.legal_moves_from(from);
        let plain = |m: &&Move| !m.is_castle() && m.to() == to;
        if let Some(&m) = moves.iter().filter(plain).find(|m| m.promotion_role() == promotion) {
            return Verdict::Move(m);
        }
        if moves.iter().filter(plain).any(|m| m.promotion_role().is_some()) {
            return match promotion {
                None => Verdict::Promotion { from, to },
                Some(_) => Verdict::Illegal(Illegality::NotLegalHere),
            };
        }
        if let Some(&m) = moves.iter().find(|m| m.is_castle() && takes_there(**m, to)) {
            return Verdict::Move(m);
        }
        if promotion.is_some() && moves.iter().any(|m| plain(&m)) {
            return Verdict::Illegal(Illegality::PromotionOffLastRank);
        }
        Verdict::Illegal(self.explain_with(from, to, skipped).unwrap_or(Illegality::NotLegalHere))
    }

    /// The legal moves whose SAN, coordinates or long algebraic start with `typed`:
    /// SAN first, coordinates too once the text can no longer be the start of SAN (so
    /// `d` does not offer a queen on d1). Captures, checks, `=`, `-` and spaces are
    /// ignored; a lower-case letter also stands for the piece letter (`nf` for `Nf3`),
    /// except that a lower-case `b` starts a pawn move.
    fn moves_starting(&self, typed: &str) -> Vec<Move> {
        let strip = |s: &str| s.replace(['x', '+', '#', '=', '-', ':', ' '], "");
        let moves = self.legal_moves();
        let typed = strip(typed);
        if typed.is_empty() {
            return Vec::new();
        }
        let fold = !typed.starts_with('b');
        let starts = |form: &str| {
            form.len() >= typed.len()
                && form
                    .bytes()
                    .zip(typed.bytes())
                    .all(|(f, t)| f == t || fold && t.is_ascii_lowercase() && f == t.to_ascii_uppercase())
        };
        let by_san: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let san = strip(&self.san_plain(m));
                starts(&san)
                    || m.is_castle() && {
                        let king = format!("K{}", m.destination());
                        let onto_rook = format!("K{}", m.to());
                        starts(&san.replace('O', "0"))
                            || !self.chess960 && (starts(&king) || starts(&onto_rook))
                    }
            })
            .collect();
        if !by_san.is_empty() && typed.len() < 3 {
            return by_san;
        }
        moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut forms = vec![self.uci(m)];
                if m.is_castle() {
                    forms.push(format!("{}{}", m.from(), m.to()));
                }
                if let Some(role) = self.piece_at(m.from()).map(|p| p.role).filter(|r| *r != Role::Pawn) {
                    let long: Vec<String> =
                        forms.iter().map(|f| format!("{}{f}", role.upper_char())).collect();
                    forms.extend(long);
                }
                by_san.contains(&m) || forms.iter().any(|f| starts(f))
            })
            .collect()
    }

    /// The legal moves that fit typed text, for hints while typing: all of them for
    /// empty text, the move read, the four promotions of a pawn move without a piece,
    /// the candidates of an ambiguous or incomplete move, and none otherwise.
    pub fn moves_matching_prefix(&self, prefix: &str) -> Vec<Move> {
        match self.read_move_text(prefix) {
            MoveText::Empty => self.legal_moves().to_vec(),
            MoveText::Move { mv, .. } => vec![mv],
            MoveText::Promotion { from, to } => {
                self.legal_moves_from(from).iter().copied().filter(|m| m.to() == to).collect()
            }
            MoveText::Ambiguous(moves) | MoveText::Incomplete(moves) => moves,
            MoveText::Illegal(_) | MoveText::Invalid(_) => Vec::new(),
        }
    }

    /// The legal move closest to what was typed, if one is close (for "did you mean").
    pub fn suggest(&self, text: &str) -> Option<Move> {
        if text.chars().nth(MAX_MOVE_TEXT).is_some() {
            return None;
        }
        let body = decorations(text).map_or(text.trim(), |d| d.body);
        let typed = body.replace(['x', '+', '#', '='], "").to_ascii_lowercase();
        if typed.is_empty() {
            return None;
        }
        // Among moves as close in spelling, the one that lands nearest the square typed
        // (`e5` for White is `e4`, not `e3`): a slip of a finger, not of the plan.
        let aimed = typed
            .as_bytes()
            .windows(2)
            .rev()
            .find_map(|pair| std::str::from_utf8(pair).ok()?.parse::<Square>().ok());
        let off_by = |m: Move| {
            aimed.map_or(0, |sq| {
                let to = m.destination();
                let files = sq.file().index().abs_diff(to.file().index());
                let ranks = sq.rank().index().abs_diff(to.rank().index());
                (files + ranks) as usize
            })
        };
        // And the piece named before the square it was sent to (`Nf4` is `Nf3`, not `f4`).
        let named = match body.chars().next() {
            Some(c) if c.is_ascii_uppercase() => Role::from_char(c),
            Some('a'..='h') => Some(Role::Pawn),
            _ => None,
        };
        let other_piece = |m: Move| {
            let role = self.piece_at(m.from()).map(|p| p.role);
            usize::from(named.is_some_and(|named| role != Some(named)))
        };
        let moves = self.legal_moves();
        let mut best: Option<((usize, usize, usize), Move)> = None;
        for &m in &moves {
            for form in [self.san_plain(m), self.uci(m)] {
                let form = form.replace(['x', '='], "").to_ascii_lowercase();
                let key = (edit_distance(&typed, &form), other_piece(m), off_by(m));
                if best.is_none_or(|(best_key, _)| key < best_key) {
                    best = Some((key, m));
                }
            }
        }
        best.filter(|((d, _, _), _)| *d <= 1 + typed.len() / 4).map(|(_, m)| m)
    }
}

impl Game {
    /// Reads typed text as a move in the current position; see [`MoveText`]. Unlike
    /// [`Position::read_move_text`] it knows the last move, so an en-passant capture
    /// that would expose the king says so; and once the game is over, every complete
    /// move is [`Illegality::GameOver`] and nothing is the start of one.
    ///
    /// ```
    /// use hotseat_chess::{Game, Illegality, MoveText, Position};
    /// let start = Position::from_fen("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1").expect("valid fen");
    /// let mut game = Game::from_position(start);
    /// game.play_san("d5").expect("legal");
    /// assert_eq!(game.read_move_text("exd6"), MoveText::Illegal(Illegality::EnPassantExposesKing));
    /// ```
    pub fn read_move_text(&self, text: &str) -> MoveText {
        let reading = self.position().read_text(text, self.skipped());
        let Some(outcome) = self.outcome() else { return reading };
        match reading {
            MoveText::Move { .. }
            | MoveText::Promotion { .. }
            | MoveText::Ambiguous(_)
            | MoveText::Illegal(_) => MoveText::Illegal(Illegality::GameOver(outcome)),
            MoveText::Incomplete(_) => MoveText::Incomplete(Vec::new()),
            MoveText::Empty | MoveText::Invalid(_) => reading,
        }
    }

    /// Why the piece on `from` cannot go to `to` now, or `None` if a legal move takes
    /// it there; as [`Position::explain`], but knowing the last move (for an en-passant
    /// capture that would expose the king) and whether the game is over.
    pub fn explain(&self, from: Square, to: Square) -> Option<Illegality> {
        if let Some(outcome) = self.outcome() {
            return Some(Illegality::GameOver(outcome));
        }
        self.position().explain_with(from, to, self.skipped())
    }

    /// Reads a move as [`Position::parse_move`] does, without playing it; unlike it,
    /// refuses every move once the game is over and says when taking en passant would
    /// expose the king.
    pub fn parse_move(&self, text: &str) -> Result<Move, ReadMoveError> {
        if let Some(outcome) = self.outcome() {
            return Err(SanError::Illegal { reason: Illegality::GameOver(outcome) }.into());
        }
        self.position().read_move(text, self.skipped())
    }

    /// Reads a move as [`Game::parse_move`] does and plays it; on error nothing changes.
    ///
    /// ```
    /// use hotseat_chess::Game;
    /// let mut game = Game::new();
    /// game.play_san("e4").expect("legal");
    /// let err = game.play_san("Ke3").unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move: your king cannot reach e3");
    /// ```
    pub fn play_san(&mut self, text: &str) -> Result<Move, ReadMoveError> {
        let m = self.parse_move(text)?;
        self.push(m);
        Ok(m)
    }
}

/// Levenshtein distance over bytes; the inputs are a few characters long.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == cb { prev } else { 1 + prev.min(cur).min(row[j]) };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Outcome, Reason};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid fen")
    }

    fn mv(from: Square, to: Square) -> MoveText {
        MoveText::Move { mv: Move::normal(from, to), suffix: None }
    }

    /// The reason `text` is refused in `p`, worded with the text as a reader would.
    fn refusal(p: &Position, text: &str) -> String {
        worded(p, text, &p.parse_move(text).expect_err(text))
    }

    fn worded(p: &Position, text: &str, err: &ReadMoveError) -> String {
        match err {
            ReadMoveError::Syntax(_) => format!("not a move: {text}"),
            ReadMoveError::San(SanError::Illegal { reason }) => format!("illegal move {text}: {reason}"),
            ReadMoveError::San(SanError::Ambiguous { candidates }) => {
                let sans: Vec<String> = candidates.iter().map(|&m| p.san(m)).collect();
                format!("ambiguous move {text}: {}", sans.join(" or "))
            }
            ReadMoveError::San(SanError::MissingPromotion { .. }) => {
                format!("move {text} does not say what the pawn promotes to")
            }
        }
    }

    #[test]
    fn forgiving_san_forms_all_read_as_the_same_knight_move() {
        let p = Position::startpos();
        for text in
            ["Nf3", "N1f3", "Ng1f3", "Ng1-f3", "Ngf3", "nf3", "ng1f3", "g1f3", "Nf3+", "Nf3#", " Nf3 "]
        {
            assert_eq!(p.read_move_text(text), mv(Square::G1, Square::F3), "{text}");
            assert_eq!(p.parse_move(text), Ok(Move::normal(Square::G1, Square::F3)), "{text}");
        }
    }

    #[test]
    fn each_annotation_suffix_is_read_after_any_complete_form() {
        let p = pos("4k3/8/8/8/7N/8/8/4K2R w K - 0 1");
        let nf3 = Move::normal(Square::H4, Square::F3);
        for suffix in ANNOTATION_SUFFIXES {
            for form in ["Nf3", "Nf3+", "h4f3", "Nh4-f3", "nf3 "] {
                let text = format!("{form}{suffix}");
                assert_eq!(
                    p.read_move_text(&text),
                    MoveText::Move { mv: nf3, suffix: Some(suffix) },
                    "{text}"
                );
            }
            let castle = format!("O-O{suffix}");
            assert_eq!(
                p.read_move_text(&castle),
                MoveText::Move { mv: Move::castle(Square::E1, Square::H1), suffix: Some(suffix) }
            );
        }
        assert!(matches!(p.read_move_text("Nf3!!!"), MoveText::Invalid(_)));
        assert!(matches!(p.read_move_text("Nf3?!?"), MoveText::Invalid(_)));
    }

    #[test]
    fn nf3_with_a_speculative_mark_is_the_knight_move_with_its_suffix() {
        let p = Position::startpos();
        let nf3 = Move::normal(Square::G1, Square::F3);
        assert_eq!(p.read_move_text("Nf3!?"), MoveText::Move { mv: nf3, suffix: Some("!?") });
        assert_eq!(p.read_move_text("Nf"), MoveText::Incomplete(vec![nf3]));
    }

    #[test]
    fn two_knights_that_reach_d2_make_nd2_ambiguous() {
        let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        let (nbd2, nfd2) = (Move::normal(Square::B1, Square::D2), Move::normal(Square::F1, Square::D2));
        let MoveText::Ambiguous(mut both) = p.read_move_text("Nd2") else {
            panic!("Nd2 should be ambiguous")
        };
        both.sort_by_key(|m| m.from() as u8);
        assert_eq!(both, [nbd2, nfd2]);
        assert_eq!(refusal(&p, "Nd2"), "ambiguous move Nd2: Nbd2 or Nfd2");
        assert_eq!(p.read_move_text("Nbd2"), mv(Square::B1, Square::D2));
        assert_eq!(p.read_move_text("Nfd2!"), MoveText::Move { mv: nfd2, suffix: Some("!") });
        assert_eq!(p.san(nfd2), "Nfd2");
    }

    #[test]
    fn every_required_form_reads_as_its_move() {
        let cases: [(&str, &str, Move); 14] = [
            ("4k3/3n4/5P2/8/8/8/8/4K3 b - - 0 1", "Nd7xf6!", Move::normal(Square::D7, Square::F6)),
            ("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1", "Ng5!!", Move::normal(Square::F3, Square::G5)),
            ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8q", Move::promotion(Square::B7, Square::B8, Role::Queen)),
            ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=q", Move::promotion(Square::B7, Square::B8, Role::Queen)),
            (
                "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
                "b8=Q+",
                Move::promotion(Square::B7, Square::B8, Role::Queen),
            ),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", Move::en_passant(Square::E5, Square::D6)),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", Move::en_passant(Square::E5, Square::D6)),
            ("4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1", "bd2xc3", Move::normal(Square::D2, Square::C3)),
            (crate::STARTING_FEN, "e2e4", Move::normal(Square::E2, Square::E4)),
            (crate::STARTING_FEN, "Ng1f3", Move::normal(Square::G1, Square::F3)),
            (crate::STARTING_FEN, "Ng1-f3", Move::normal(Square::G1, Square::F3)),
            ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", Move::castle(Square::E1, Square::H1)),
            ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "0-0", Move::castle(Square::E1, Square::H1)),
            ("4k3/8/8/6N1/8/8/8/4K3 w - - 0 1", "Nf3", Move::normal(Square::G5, Square::F3)),
        ];
        for (fen, text, expected) in cases {
            let p = pos(fen);
            let MoveText::Move { mv, .. } = p.read_move_text(text) else {
                panic!("{text} in {fen}: {:?}", p.read_move_text(text));
            };
            assert_eq!(mv, expected, "{text} in {fen}");
            assert_eq!(p.parse_move(text), Ok(expected), "{text} in {fen}");
        }
        let check = pos("4k3/8/8/8/8/8/8/3QK1N1 w - - 0 1");
        assert_eq!(check.read_move_text("Nf3+"), mv(Square::G1, Square::F3));
        assert_eq!(check.read_move_text("Qd8+"), mv(Square::D1, Square::D8));
        let mut game = crate::Game::new();
        for san in ["f3", "e5", "g4"] {
            game.play_san(san).expect("legal");
        }
        assert_eq!(game.read_move_text("Qh4#"), mv(Square::D8, Square::H4));
    }

    #[test]
    fn lower_case_b_is_a_pawn_capture_when_a_b_pawn_can_take() {
        let p = pos("4k3/8/8/8/2p5/1P6/8/B3K3 w - - 0 1");
        assert_eq!(p.parse_move("bc4"), Ok(Move::normal(Square::B3, Square::C4)));
        let p = pos("4k3/8/8/8/2p5/8/1B6/4K3 w - - 0 1");
        assert_eq!(p.parse_move("bc3"), Ok(Move::normal(Square::B2, Square::C3)));
    }

    #[test]
    fn a_refused_lower_case_b_move_is_explained_as_the_bishop_move_it_must_be() {
        let p = Position::startpos();
        assert_eq!(refusal(&p, "bc4"), "illegal move bc4: no bishop can reach c4");
        let p = pos("4k3/8/8/2p5/8/1P6/8/4K3 w - - 0 1");
        assert_eq!(
            refusal(&p, "bc4"),
            "illegal move bc4: no pawn can reach c4",
            "a b-pawn could take on c4 if something stood there"
        );
        assert_eq!(refusal(&Position::startpos(), "b3b5"), "illegal move b3b5: there is no piece on b3");
    }

    #[test]
    fn promotion_forms_and_underpromotion() {
        let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        for (text, role) in [
            ("a8=Q", Role::Queen),
            ("a8Q", Role::Queen),
            ("a8q", Role::Queen),
            ("a8=N", Role::Knight),
            ("a8(R)", Role::Rook),
            ("a8b", Role::Bishop),
            ("a7a8n", Role::Knight),
            ("a7a8=R", Role::Rook),
        ] {
            assert_eq!(p.parse_move(text).expect(text).promotion_role(), Some(role), "{text}");
        }
        for text in ["a8", "a7a8", "a8+"] {
            assert_eq!(
                p.read_move_text(text),
                MoveText::Promotion { from: Square::A7, to: Square::A8 },
                "{text}"
            );
            assert!(matches!(
                p.parse_move(text),
                Err(ReadMoveError::San(SanError::MissingPromotion { from: Square::A7, to: Square::A8, .. }))
            ));
        }
        assert_eq!(p.moves_matching_prefix("a8").len(), 4);
        let p = pos("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        assert_eq!(p.read_move_text("a3=Q"), MoveText::Illegal(Illegality::PromotionOffLastRank));
        assert_eq!(p.read_move_text("a2a3q"), MoveText::Illegal(Illegality::PromotionOffLastRank));
    }

    #[test]
    fn errors_say_why() {
        let p = Position::startpos();
        assert_eq!(refusal(&p, "Nf4"), "illegal move Nf4: no knight can reach f4");
        assert_eq!(refusal(&p, "Ke3"), "illegal move Ke3: your king cannot reach e3");
        assert_eq!(refusal(&p, "Nd2"), "illegal move Nd2: d2 is occupied by your own pawn");
        assert_eq!(refusal(&p, "Ng2f4"), "illegal move Ng2f4: you have no knight on g2");
        assert_eq!(refusal(&p, "Ng8f6"), "illegal move Ng8f6: the knight on g8 is not yours");
        assert_eq!(refusal(&p, "hello"), "not a move: hello");
        assert!(matches!(p.parse_move("hello"), Err(ReadMoveError::Syntax(_))));
        let p = pos("4k3/8/8/8/8/5r2/8/4K3 w - - 0 1");
        assert_eq!(refusal(&p, "Kf2"), "illegal move Kf2: that would leave your king in check");
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(pinned.read_move_text("Nf4"), MoveText::Illegal(Illegality::ExposesKing));
        let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(p.read_move_text("Qd4"), MoveText::Illegal(Illegality::NoPiece(Role::Queen)));
    }

    #[test]
    fn castling_reads_in_every_spelling() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let short = Move::castle(Square::E1, Square::H1);
        let long = Move::castle(Square::E1, Square::A1);
        for text in ["O-O", "0-0", "o-o", "OO", "O-O+", "e1g1", "e1h1", "Kg1", "Kh1", "Ke1g1", "kg1"] {
            assert_eq!(p.parse_move(text), Ok(short), "{text}");
        }
        for text in ["O-O-O", "0-0-0", "O-O-O+", "e1c1", "e1a1", "Kc1", "Ka1"] {
            assert_eq!(p.parse_move(text), Ok(long), "{text}");
        }
        assert_eq!(p.san(long), "O-O-O");
        let black = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        for (text, rook) in
            [("Kg8", Square::H8), ("Kh8", Square::H8), ("Kc8", Square::A8), ("Ka8", Square::A8)]
        {
            assert_eq!(black.parse_move(text), Ok(Move::castle(Square::E8, rook)), "{text}");
        }
    }

    #[test]
    fn a_king_move_to_its_castling_square_is_explained_as_castling_when_castling_is_illegal() {
        let through = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert_eq!(through.read_move_text("Kg1"), MoveText::Illegal(Illegality::CastlingThroughCheck));
        assert_eq!(
            through.read_move_text("O-O"),
            MoveText::Incomplete(vec![Move::castle(Square::E1, Square::A1)]),
            "on the way to O-O-O"
        );
        assert_eq!(refusal(&through, "O-O"), "illegal move O-O: the king would pass through check");
        let no_right = pos("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1");
        assert_eq!(
            no_right.read_move_text("Kg1"),
            MoveText::Illegal(Illegality::NoCastlingRight(CastlingSide::KingSide))
        );
    }

    #[test]
    fn in_chess960_a_king_move_is_only_a_king_move() {
        // King on f1, rook on g1: `Kg1` names the rook's square, which holds the king's own rook.
        let p = pos("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
        assert!(p.is_chess960());
        assert_eq!(
            p.read_move_text("Kg1"),
            MoveText::Illegal(Illegality::OwnPiece { square: Square::G1, role: Role::Rook })
        );
        assert_eq!(p.parse_move("O-O"), Ok(Move::castle(Square::F1, Square::G1)));
        assert_eq!(p.parse_move("f1g1"), Ok(Move::castle(Square::F1, Square::G1)));
    }

    #[test]
    fn en_passant_suffix_is_accepted() {
        let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let ep = Move::en_passant(Square::E5, Square::D6);
        for text in
            ["exd6 e.p.", "exd6ep", "exd6 ep", "exd6e.p", "exd6 E.P.", "exd6 e.p.+", "exd6e.p.!", "e5d6"]
        {
            assert_eq!(p.parse_move(text), Ok(ep), "{text}");
        }
        for partial in ["exd6 e", "exd6 e.", "exd6 e.p"] {
            assert!(
                matches!(p.read_move_text(partial), MoveText::Incomplete(_) | MoveText::Move { .. }),
                "{partial}"
            );
        }
        assert_eq!(p.read_move_text("exd6 e."), MoveText::Incomplete(vec![ep]));
    }

    #[test]
    fn en_passant_that_would_expose_the_king_says_so_in_the_game_but_not_in_the_bare_position() {
        let start = pos("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1");
        let mut game = Game::from_position(start);
        game.play_san("d5").expect("legal");
        for typed in ["exd6", "e5d6", "exd6 e.p."] {
            assert_eq!(
                game.read_move_text(typed),
                MoveText::Illegal(Illegality::EnPassantExposesKing),
                "{typed}"
            );
            assert_eq!(
                worded(game.position(), typed, &game.parse_move(typed).expect_err(typed)),
                format!("illegal move {typed}: taking en passant would leave your king in check")
            );
        }
        assert_eq!(game.explain(Square::E5, Square::D6), Some(Illegality::EnPassantExposesKing));
        assert_eq!(
            game.position().read_move_text("exd6"),
            MoveText::Illegal(Illegality::CannotReach { role: Role::Pawn, from: None, to: Square::D6 })
        );
    }

    #[test]
    fn typing_the_start_of_a_move_lists_the_moves_it_could_become() {
        let p = Position::startpos();
        let sans = |prefix: &str| {
            let MoveText::Incomplete(moves) = p.read_move_text(prefix) else {
                panic!("{prefix}: {:?}", p.read_move_text(prefix));
            };
            let mut v: Vec<String> = moves.iter().map(|&m| p.san(m)).collect();
            v.sort();
            v
        };
        assert_eq!(sans("N"), ["Na3", "Nc3", "Nf3", "Nh3"]);
        assert_eq!(sans("d"), ["d3", "d4"]);
        assert_eq!(sans("g1"), ["Nf3", "Nh3"], "no SAN starts with g1, so it is a square");
        assert_eq!(sans("Ng1-"), ["Nf3", "Nh3"]);
        assert_eq!(sans("e2"), ["e3", "e4"], "on the way to e2e4, not a pawn move to e2");
        assert_eq!(sans("e2e"), ["e3", "e4"]);
        assert_eq!(sans("nf"), ["Nf3"]);
        assert_eq!(sans("Ng1f"), ["Nf3"]);
        assert!(sans("Qd").is_empty(), "a queen move could be written so, but none is legal");
        assert!(sans("B").is_empty(), "an upper-case B is a bishop, not the b-file");
        assert_eq!(sans("b"), ["b3", "b4"]);
        assert!(sans("x").is_empty());
        let castles = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(matches!(castles.read_move_text("O-"), MoveText::Incomplete(m) if m.len() == 2));
        assert!(
            matches!(castles.read_move_text("Kg"), MoveText::Incomplete(m) if m.contains(&Move::castle(Square::E1, Square::H1)))
        );
    }

    #[test]
    fn empty_and_hopeless_text_read_as_such() {
        let p = Position::startpos();
        assert_eq!(p.read_move_text(""), MoveText::Empty);
        assert_eq!(p.read_move_text("   "), MoveText::Empty);
        for text in ["hello", "e9", "N!", "Nf+", "♞f3", "Z"] {
            assert!(
                matches!(p.read_move_text(text), MoveText::Invalid(_)),
                "{text}: {:?}",
                p.read_move_text(text)
            );
        }
        assert_eq!(p.moves_matching_prefix("").len(), 20);
    }

    #[test]
    fn text_longer_than_the_limit_is_invalid_and_echoed_short() {
        let p = Position::startpos();
        let long = format!("Nf3{}", " ".repeat(40));
        assert!(matches!(p.read_move_text(&long), MoveText::Invalid(_)));
        let err = p.parse_move(&"e".repeat(1000)).expect_err("too long");
        assert!(err.to_string().chars().count() < 50, "{err}");
    }

    #[test]
    fn once_the_game_is_over_every_move_is_refused_and_nothing_is_offered() {
        let mut game = Game::new();
        game.resign(Color::White);
        let over = Illegality::GameOver(Outcome::win(Color::Black, Reason::Resignation));
        assert_eq!(game.read_move_text("e4"), MoveText::Illegal(over));
        assert_eq!(game.read_move_text("N"), MoveText::Incomplete(Vec::new()));
        assert_eq!(game.explain(Square::E2, Square::E4), Some(over));
        assert!(game.play_san("e4").is_err());
        assert_eq!(
            game.try_play(Move::normal(Square::E2, Square::E4)).expect_err("over").to_string(),
            "illegal move e2e4: the game is over (resignation, 0-1)",
            "a move that cannot be played is named in coordinates"
        );
    }

    #[test]
    fn the_hint_and_enter_agree_on_every_complete_reading() {
        let p = pos("r3k2r/1P6/8/3pP3/8/8/8/RN2KN1R w KQkq d6 0 1");
        for text in [
            "Nd2", "b8", "b8=Q", "bxa8=N", "exd6", "O-O", "O-O-O", "Kg1", "Nf4", "e1e3", "Ra3", "hello",
            "Rb1",
        ] {
            let read = p.read_move_text(text);
            let parsed = p.parse_move(text);
            match read {
                MoveText::Move { mv, .. } => assert_eq!(parsed, Ok(mv), "{text}"),
                MoveText::Promotion { from, to } => assert!(
                    matches!(parsed, Err(ReadMoveError::San(SanError::MissingPromotion { from: f, to: t, .. })) if f == from && t == to),
                    "{text}"
                ),
                MoveText::Ambiguous(moves) => assert!(
                    matches!(&parsed, Err(ReadMoveError::San(SanError::Ambiguous { candidates, .. })) if *candidates == moves),
                    "{text}"
                ),
                MoveText::Illegal(why) => assert!(
                    matches!(parsed, Err(ReadMoveError::San(SanError::Illegal { reason, .. })) if reason == why),
                    "{text}"
                ),
                MoveText::Invalid(_) => assert!(matches!(parsed, Err(ReadMoveError::Syntax(_))), "{text}"),
                MoveText::Incomplete(_) | MoveText::Empty => assert!(parsed.is_err(), "{text}"),
            }
        }
    }

    #[test]
    fn suggestions_find_a_close_legal_move() {
        let p = Position::startpos();
        assert_eq!(p.suggest("Nf4").map(|m| p.san(m)), Some("Nf3".to_owned()));
        assert_eq!(p.suggest("Nf4!?").map(|m| p.san(m)), Some("Nf3".to_owned()));
        assert_eq!(p.suggest(""), None);
    }

    #[test]
    fn a_suggestion_lands_nearest_the_square_typed() {
        let p = Position::startpos();
        assert_eq!(p.suggest("e5").map(|m| p.san(m)), Some("e4".to_owned()));
        assert_eq!(p.suggest("d6").map(|m| p.san(m)), Some("d4".to_owned()));
        let after_e4 = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(after_e4.suggest("e4").map(|m| after_e4.san(m)), Some("e5".to_owned()));
    }
}
