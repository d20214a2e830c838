//! Standard Algebraic Notation: exact output, forgiving input, and errors that say why.

use std::fmt;

use super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use super::movegen::CastlingObstacle;
use super::{Bitboard, CastlingSide, Color, File, Move, Position, Rank, Role, Square};

/// Why a typed move was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// The text is not written like a move at all.
    #[error("Not a move: {text:?} (try SAN like Nf3 or coordinates like e2e4)")]
    Syntax {
        /// What was typed.
        text: String,
    },
    /// The text names a move that the rules do not allow here.
    #[error("Illegal move: {text} ({reason})")]
    Illegal {
        /// What was typed.
        text: String,
        /// Why, for a chess player: `no knight can reach f3`.
        reason: String,
    },
    /// More than one legal move fits the text.
    #[error("Ambiguous: {}?", candidates.join(" or "))]
    Ambiguous {
        /// What was typed.
        text: String,
        /// The moves it could mean, in SAN.
        candidates: Vec<String>,
    },
    /// A pawn reaches the last rank but the text does not say what it becomes.
    #[error("{text}: choose a promotion piece (=Q, =R, =B or =N)")]
    MissingPromotion {
        /// What was typed.
        text: String,
        /// The pawn's square.
        from: Square,
        /// The promotion square.
        to: Square,
    },
}

/// A move written in SAN, parsed but not yet matched against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum San {
    /// `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// Any other move.
    Normal {
        /// The moving piece.
        role: Role,
        /// The origin file, if given.
        file: Option<File>,
        /// The origin rank, if given.
        rank: Option<Rank>,
        /// The destination.
        to: Square,
        /// The promotion piece, if given.
        promotion: Option<Role>,
    },
}

/// Strips annotations and decorations a player might add: `+`, `#`, `!`, `?`, `e.p.`.
fn strip_decorations(text: &str) -> &str {
    let mut s = text.trim();
    loop {
        let before = s;
        s = s.trim_end_matches(['+', '#', '!', '?', ' ']);
        for suffix in ["e.p.", "ep", "e.p", "E.P."] {
            if let Some(rest) = s.strip_suffix(suffix) {
                // Only as a suffix to a square, not "Rep" or similar.
                if rest.ends_with(|c: char| c.is_ascii_digit() || c == ' ') {
                    s = rest.trim_end();
                }
            }
        }
        if s == before {
            return s;
        }
    }
}

impl San {
    /// Reads the shape of a SAN move. `bishop_for_b` says how to read a lower-case
    /// `b` at the start: as the bishop, or as the b-file of a pawn capture.
    #[allow(clippy::many_single_char_names)] // f, r, b, c: files, ranks and bytes read best short
    pub(crate) fn parse(text: &str, bishop_for_b: bool) -> Option<San> {
        let s = strip_decorations(text);
        let castle: String = s.chars().filter(|c| *c != '-').map(|c| c.to_ascii_uppercase()).collect();
        match castle.replace('0', "O").as_str() {
            "OO" => return Some(San::Castle(CastlingSide::KingSide)),
            "OOO" => return Some(San::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        let mut b = s.as_bytes();
        if !b.is_ascii() || b.len() < 2 {
            return None;
        }
        // Promotion at the end: =Q, Q, q, (Q).
        let mut promotion = None;
        if let [rest @ .., b'(', p, b')'] = b {
            promotion = Some(Role::from_char(*p as char)?);
            b = rest;
        } else if let [rest @ .., last] = b
            && last.is_ascii_alphabetic()
        {
            let role = Role::from_char(*last as char)?;
            let rest = rest.strip_suffix(b"=").unwrap_or(rest);
            promotion = Some(role);
            b = rest;
        }
        if let Some(role) = promotion
            && matches!(role, Role::Pawn | Role::King)
        {
            return None;
        }
        let [rest @ .., f, r] = b else { return None };
        let to = Square::from_ascii(&[*f, *r])?;
        let mut rest = rest;
        let mut role = Role::Pawn;
        if let [first, tail @ ..] = rest {
            let piece = match first {
                b'N' | b'n' => Some(Role::Knight),
                b'B' => Some(Role::Bishop),
                b'b' if bishop_for_b => Some(Role::Bishop),
                b'R' | b'r' => Some(Role::Rook),
                b'Q' | b'q' => Some(Role::Queen),
                b'K' | b'k' => Some(Role::King),
                b'P' | b'p' => Some(Role::Pawn),
                _ => None,
            };
            if let Some(piece) = piece {
                role = piece;
                rest = tail;
            }
        }
        if let [head @ .., b'x' | b'X' | b'-' | b':'] = rest {
            rest = head;
        }
        let (mut file, mut rank) = (None, None);
        match rest {
            [] => {}
            [c] if c.is_ascii_digit() => rank = Some(Rank::from_char(*c as char)?),
            [c] => file = Some(File::from_char(*c as char)?),
            [f, r] => {
                file = Some(File::from_char(*f as char)?);
                rank = Some(Rank::from_char(*r as char)?);
            }
            _ => return None,
        }
        if promotion.is_some() && role != Role::Pawn {
            return None;
        }
        Some(San::Normal { role, file, rank, to, promotion })
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle(side) => f.write_str(side.san()),
            San::Normal { role, file, rank, to, promotion } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{file}")?;
                }
                if let Some(rank) = rank {
                    write!(f, "{rank}")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

impl Position {
    /// The move in SAN, with `+` or `#` when it gives check or mate.
    ///
    /// ```
    /// use hotseat::chess::{Position, Move, Square};
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

    /// The move in SAN without the check suffix.
    pub fn san_plain(&self, m: Move) -> String {
        if let Some(side) = m.castling_side() {
            return side.san().to_owned();
        }
        let from = m.from();
        let to = m.to();
        let role = self.piece_at(from).map_or(Role::Pawn, |p| p.role);
        let capture = self.occupied.contains(to) || m.is_en_passant();
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

    /// Reads a move written in SAN, forgivingly: `Nf3`, `N1f3`, `Ng1f3`, `Ng1-f3`,
    /// `Nxf3`, `exd5`, `exd6 e.p.`, `e8=Q`, `e8Q`, `e8q`, `O-O`, `0-0`, `o-o`, with
    /// any trailing `+ # ! ?`. Lower-case piece letters work where no pawn move is
    /// meant: `bc4` is a pawn capture if a b-pawn can take on c4, otherwise a bishop move.
    ///
    /// ```
    /// use hotseat::chess::{Position, MoveParseError};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.san(pos.parse_san("ng1-f3!?").expect("legal")), "Nf3");
    /// let err = pos.parse_san("Nf4").unwrap_err();
    /// assert_eq!(err.to_string(), "Illegal move: Nf4 (no knight can reach f4)");
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveParseError> {
        let syntax = || MoveParseError::Syntax { text: text.trim().to_owned() };
        let starts_with_b = strip_decorations(text).starts_with('b');
        let first = San::parse(text, false).ok_or_else(syntax)?;
        let result = self.match_san(text, first);
        if starts_with_b
            && !matches!(
                result,
                Ok(_) | Err(MoveParseError::Ambiguous { .. } | MoveParseError::MissingPromotion { .. })
            )
            && let Some(as_bishop) = San::parse(text, true)
        {
            let bishop = self.match_san(text, as_bishop);
            if matches!(bishop, Ok(_) | Err(MoveParseError::Ambiguous { .. })) {
                return bishop;
            }
            // The pawn reading is the one meant only if a b-pawn attacks that square;
            // otherwise explain the bishop move.
            if let San::Normal { to, .. } = first {
                let b_pawns = self.by_piece(Role::Pawn.of(self.turn)) & Bitboard::from_file(File::B);
                if !b_pawns.into_iter().any(|from| pawn_attacks(self.turn, from).contains(to)) {
                    return bishop;
                }
            }
        }
        result
    }

    /// Matches parsed SAN against the legal moves.
    pub fn match_san(&self, text: &str, san: San) -> Result<Move, MoveParseError> {
        let text = strip_decorations(text).to_owned();
        match san {
            San::Castle(side) => self.find_castle(&text, side),
            San::Normal { role, file, rank, to, promotion } => {
                let fits = |m: &Move| {
                    !m.is_castle()
                        && m.to() == to
                        && file.is_none_or(|f| m.from().file() == f)
                        && rank.is_none_or(|r| m.from().rank() == r)
                        && self.piece_at(m.from()).is_some_and(|p| p.role == role)
                        // A pawn changing files must capture, and SAN names its file.
                        && (role != Role::Pawn || m.from().file() == to.file() || file.is_some())
                };
                let moves = self.legal_moves();
                let mut candidates: Vec<Move> = moves.iter().copied().filter(fits).collect();
                if candidates.iter().any(|m| m.promotion_role().is_some()) {
                    let Some(p) = promotion else {
                        let m = candidates[0];
                        return Err(MoveParseError::MissingPromotion { text, from: m.from(), to: m.to() });
                    };
                    candidates.retain(|m| m.promotion_role() == Some(p));
                } else if promotion.is_some() && !candidates.is_empty() {
                    return Err(MoveParseError::Illegal {
                        text,
                        reason: "a pawn promotes only on the last rank".to_owned(),
                    });
                }
                match candidates.as_slice() {
                    [m] => Ok(*m),
                    [] => Err(MoveParseError::Illegal {
                        reason: self.explain_illegal(role, file, rank, to),
                        text,
                    }),
                    many => Err(MoveParseError::Ambiguous {
                        text,
                        candidates: many.iter().map(|m| self.san(*m)).collect(),
                    }),
                }
            }
        }
    }

    fn find_castle(&self, text: &str, side: CastlingSide) -> Result<Move, MoveParseError> {
        let illegal =
            |reason: &str| MoveParseError::Illegal { text: text.to_owned(), reason: reason.to_owned() };
        let us = self.turn;
        let king = self.king_of(us);
        let Some(rook) = self.castling_rook(us, side) else {
            return Err(illegal(match side {
                CastlingSide::KingSide => "you no longer have the right to castle king-side",
                CastlingSide::QueenSide => "you no longer have the right to castle queen-side",
            }));
        };
        if self.is_check() {
            return Err(illegal("you cannot castle out of check"));
        }
        match self.castling_obstacle(king, rook) {
            None => Ok(Move::castle(king, rook)),
            Some(CastlingObstacle::Blocked) => Err(illegal("pieces stand between the king and the rook")),
            Some(CastlingObstacle::ThroughCheck) => Err(illegal("the king would pass through check")),
            Some(CastlingObstacle::IntoCheck) => Err(illegal("the king would castle into check")),
        }
    }

    /// Why no legal move fits: nothing can reach the square, or every way leaves the
    /// king in check.
    pub(crate) fn explain_illegal(
        &self,
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
    ) -> String {
        let us = self.turn;
        if let Some(p) = self.piece_at(to).filter(|p| p.color == us) {
            return format!("{to} is occupied by your own {}", p.role);
        }
        let ours = self.by_piece(role.of(us))
            & file.map_or(Bitboard::FULL, Bitboard::from_file)
            & rank.map_or(Bitboard::FULL, Bitboard::from_rank);
        if self.by_piece(role.of(us)).is_empty() {
            return format!("you have no {role}");
        }
        let reachers = ours.into_iter().filter(|&from| self.pseudo_reaches(role, from, to)).count();
        if reachers == 0 {
            return match (file, rank) {
                (Some(f), Some(r)) => {
                    format!("the {role} on {} cannot reach {to}", Square::from_coords(f, r))
                }
                // There is only one king, so "no king" would read oddly.
                _ if role == Role::King => format!("your king cannot reach {to}"),
                _ => format!("no {role} can reach {to}"),
            };
        }
        if self.is_check() {
            "that does not get your king out of check".to_owned()
        } else {
            "that would leave your king in check".to_owned()
        }
    }

    /// Whether the piece on `from` could move to `to` if king safety were ignored.
    pub(crate) fn pseudo_reaches(&self, role: Role, from: Square, to: Square) -> bool {
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

    /// Reads a move typed by a player: coordinates (`e2e4`, `e7e8q`) or SAN.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        let t = strip_decorations(text);
        let b = t.as_bytes();
        let looks_like_uci = (b.len() == 4 || b.len() == 5)
            && Square::from_ascii(&b[0..2]).is_some()
            && Square::from_ascii(&b[2..4]).is_some();
        if looks_like_uci { self.parse_uci(t) } else { self.parse_san(t) }
    }

    /// The legal moves whose SAN or coordinates start with `prefix` (for hints while typing).
    pub fn moves_matching_prefix(&self, prefix: &str) -> Vec<Move> {
        let strip = |s: &str| s.replace(['x', '+', '#', '=', '-', ':', ' '], "");
        let typed = strip(prefix.trim());
        let moves = self.legal_moves();
        if typed.is_empty() {
            return moves.to_vec();
        }
        let lower = typed.to_ascii_lowercase();
        // A lower-case `b` starts a pawn move on the b-file, not a bishop move.
        let case_blind = !typed.starts_with('b');
        let by_san: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let san = strip(&self.san(m));
                san.starts_with(&typed)
                    || case_blind && san.to_ascii_lowercase().starts_with(&lower)
                    || m.is_castle() && san.replace('O', "0").starts_with(&typed)
            })
            .collect();
        // Coordinates (`g1f3`, or `Ng1f3` in long algebraic) once the text can no
        // longer be the start of SAN, so typing `d` does not offer a queen on d1.
        if !by_san.is_empty() && lower.len() < 3 {
            return by_san;
        }
        moves
            .iter()
            .copied()
            .filter(|&m| {
                let uci = self.uci(m);
                let long = match self.piece_at(m.from()).map(|p| p.role) {
                    Some(role) if role != Role::Pawn => format!("{}{uci}", role.char()),
                    _ => uci.clone(),
                };
                by_san.contains(&m) || uci.starts_with(&lower) || long.starts_with(&lower)
            })
            .collect()
    }

    /// The legal move closest to what was typed, if one is close (for "did you mean").
    pub fn suggest(&self, text: &str) -> Option<Move> {
        let typed = strip_decorations(text).replace(['x', '+', '#', '='], "").to_ascii_lowercase();
        if typed.is_empty() {
            return None;
        }
        let moves = self.legal_moves();
        let mut best: Option<(usize, Move)> = None;
        for &m in &moves {
            for form in [self.san_plain(m), self.uci(m)] {
                let form = form.replace(['x', '='], "").to_ascii_lowercase();
                let d = edit_distance(&typed, &form);
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, m));
                }
            }
        }
        best.filter(|(d, _)| *d <= 1 + typed.len() / 4).map(|(_, m)| m)
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

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid fen")
    }

    #[test]
    fn forgiving_san_forms_all_read_as_the_same_knight_move() {
        let p = Position::startpos();
        for text in ["Nf3", "N1f3", "Ng1f3", "Ng1-f3", "Ngf3", "nf3", "Nf3+", "Nf3!?", "Nf3#"] {
            let m = p.parse_san(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(m, Move::normal(Square::G1, Square::F3), "{text}");
        }
    }

    #[test]
    fn lower_case_b_is_a_pawn_capture_when_a_b_pawn_can_take() {
        let p = pos("4k3/8/8/8/2p5/1P6/8/B3K3 w - - 0 1");
        assert_eq!(p.parse_san("bc4").expect("legal"), Move::normal(Square::B3, Square::C4));
        let p = pos("4k3/8/8/8/2p5/8/1B6/4K3 w - - 0 1");
        assert_eq!(p.parse_san("bc3").expect("legal"), Move::normal(Square::B2, Square::C3));
    }

    #[test]
    fn a_refused_lower_case_b_move_is_explained_as_the_bishop_move_it_must_be() {
        let p = Position::startpos();
        assert_eq!(p.parse_san("bc4").unwrap_err().to_string(), "Illegal move: bc4 (no bishop can reach c4)");
        let p = pos("4k3/8/8/2p5/8/1P6/8/4K3 w - - 0 1");
        assert_eq!(
            p.parse_san("bc4").unwrap_err().to_string(),
            "Illegal move: bc4 (no pawn can reach c4)",
            "a b-pawn could take on c4 if something stood there"
        );
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
        ] {
            assert_eq!(p.parse_san(text).expect(text).promotion_role(), Some(role), "{text}");
        }
        assert!(matches!(p.parse_san("a8"), Err(MoveParseError::MissingPromotion { .. })));
        assert_eq!(p.san(Move::promotion(Square::A7, Square::A8, Role::Knight)), "a8=N");
    }

    #[test]
    fn errors_say_why() {
        let p = Position::startpos();
        assert_eq!(p.parse_san("Nf4").unwrap_err().to_string(), "Illegal move: Nf4 (no knight can reach f4)");
        assert_eq!(
            p.parse_san("Ke3").unwrap_err().to_string(),
            "Illegal move: Ke3 (your king cannot reach e3)"
        );
        assert_eq!(
            p.parse_san("Nd2").unwrap_err().to_string(),
            "Illegal move: Nd2 (d2 is occupied by your own pawn)"
        );
        assert!(matches!(p.parse_san("hello"), Err(MoveParseError::Syntax { .. })));
        let p = pos("4k3/8/8/8/8/5r2/8/4K3 w - - 0 1");
        assert_eq!(
            p.parse_san("Kf2").unwrap_err().to_string(),
            "Illegal move: Kf2 (that would leave your king in check)"
        );
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(
            pinned.parse_san("Nf4").unwrap_err().to_string(),
            "Illegal move: Nf4 (that would leave your king in check)"
        );
    }

    #[test]
    fn ambiguity_lists_the_candidates_and_disambiguation_resolves_it() {
        let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        assert_eq!(p.parse_san("Nd2").unwrap_err().to_string(), "Ambiguous: Nbd2 or Nfd2?");
        assert_eq!(p.parse_san("Nbd2").expect("legal").from(), Square::B1);
        let m = p.parse_san("Nfd2").expect("legal");
        assert_eq!(p.san(m), "Nfd2");
    }

    #[test]
    fn san_disambiguates_by_rank_and_by_square() {
        let p = pos("4k3/8/8/8/R7/8/R7/4K3 w - - 0 1");
        assert_eq!(p.san(Move::normal(Square::A4, Square::A3)), "R4a3");
        let p = pos("7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1");
        assert_eq!(p.san(Move::normal(Square::C4, Square::D3)), "Qc4d3");
    }

    #[test]
    fn castling_reads_in_every_spelling() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for text in ["O-O", "0-0", "o-o", "OO"] {
            assert_eq!(p.parse_san(text).expect(text), Move::castle(Square::E1, Square::H1));
        }
        assert_eq!(p.parse_san("O-O-O+").expect("legal"), Move::castle(Square::E1, Square::A1));
        assert_eq!(p.san(Move::castle(Square::E1, Square::A1)), "O-O-O");
    }

    #[test]
    fn en_passant_suffix_is_accepted() {
        let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert_eq!(p.parse_san("exd6 e.p.").expect("legal"), Move::en_passant(Square::E5, Square::D6));
        assert_eq!(p.parse_san("exd6ep").expect("legal"), Move::en_passant(Square::E5, Square::D6));
    }

    #[test]
    fn prefix_matching_prefers_san_and_falls_back_to_coordinates() {
        let p = Position::startpos();
        let sans = |prefix: &str| {
            let mut v: Vec<String> = p.moves_matching_prefix(prefix).iter().map(|&m| p.san(m)).collect();
            v.sort();
            v
        };
        assert_eq!(sans("N"), ["Na3", "Nc3", "Nf3", "Nh3"]);
        assert_eq!(sans("d"), ["d3", "d4"]);
        assert_eq!(sans("g1"), ["Nf3", "Nh3"], "no SAN starts with g1, so it is a square");
        assert_eq!(sans("Ng1-"), ["Nf3", "Nh3"]);
        assert_eq!(sans("e2e"), ["e3", "e4"]);
        assert_eq!(sans("nf"), ["Nf3"]);
        assert!(sans("Qd").is_empty());
    }

    #[test]
    fn suggestions_find_a_close_legal_move() {
        let p = Position::startpos();
        assert_eq!(p.suggest("Nf4").map(|m| p.san(m)), Some("Nf3".to_owned()));
    }
}
