//! How the plain-text face says chess: moves, squares and the board, in SAN, in words,
//! or with NATO names for the files (`--announce`).

use std::fmt::Write as _;

use hotseat_chess::{CastlingSide, Color, File, Move, Piece, Position, Rank, Role, Square};

/// How moves and squares are spoken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Announce {
    /// As written in SAN: `Nxf3+`, squares as `f3`.
    San,
    /// In words, the square's letter and number apart: `knight takes f 3, check`.
    #[default]
    Words,
    /// In words, with NATO names for the files: `knight takes foxtrot 3, check`.
    Nato,
}

impl Announce {
    /// The names `--announce` takes.
    pub const NAMES: [&'static str; 3] = ["san", "words", "nato"];

    /// The style called `name`.
    pub fn named(name: &str) -> Option<Announce> {
        match name.to_ascii_lowercase().as_str() {
            "san" => Some(Announce::San),
            "words" => Some(Announce::Words),
            "nato" => Some(Announce::Nato),
            _ => None,
        }
    }

    /// A square: `f3`, `f 3` or `foxtrot 3`.
    pub fn square(self, sq: Square) -> String {
        match self {
            Announce::San => sq.to_string(),
            Announce::Words => format!("{} {}", sq.file(), sq.rank()),
            Announce::Nato => format!("{} {}", self.file(sq.file()), sq.rank()),
        }
    }

    /// A file: `e`, or `echo` in NATO.
    pub fn file(self, file: File) -> &'static str {
        let names = match self {
            Announce::San | Announce::Words => ["a", "b", "c", "d", "e", "f", "g", "h"],
            Announce::Nato => ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"],
        };
        names[file as usize]
    }

    /// The move `m`, played in `pos`: `Nxf3+`, or `knight takes pawn on f 3, check`.
    pub fn move_in(self, pos: &Position, m: Move) -> String {
        if self == Announce::San {
            return pos.san(m);
        }
        if m.is_castle() {
            return self.what_it_does(pos, m);
        }
        let role = pos.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
        format!("{role} {}", self.what_it_does(pos, m))
    }

    /// The move `m` of the piece on its square, in words even for SAN, since the piece
    /// is said before it: `to e 2`, `takes pawn on d 5, check`, `castles kingside`.
    pub fn what_it_does(self, pos: &Position, m: Move) -> String {
        let mut said = match m.castling_side() {
            Some(CastlingSide::KingSide) => "castles kingside".to_owned(),
            Some(CastlingSide::QueenSide) => "castles queenside".to_owned(),
            None if m.is_en_passant() => format!("takes pawn on {} en passant", self.square(m.to())),
            None => match pos.piece_at(m.to()) {
                Some(taken) if pos.is_capture(m) => {
                    format!("takes {} on {}", taken.role, self.square(m.to()))
                }
                _ => format!("to {}", self.square(m.to())),
            },
        };
        if let Some(role) = m.promotion_role() {
            let _ = write!(said, ", becomes a {role}");
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        if after.is_checkmate() {
            said.push_str(", checkmate");
        } else if after.is_check() {
            said.push_str(", check");
        }
        said
    }

    /// The legal moves of `pos`, a line for each piece that can move, king first:
    /// `Knight on b 1: to a 3; to c 3.` Two knights that reach the same square are
    /// told apart by where they stand.
    pub fn moves_by_piece(self, pos: &Position) -> Vec<String> {
        let color = pos.turn();
        let mut lines = Vec::new();
        for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
            for sq in pos.by_piece(role.of(color)) {
                let moves = pos.legal_moves_from(sq);
                if moves.is_empty() {
                    continue;
                }
                let said: Vec<String> = moves.iter().map(|m| self.what_it_does(pos, *m)).collect();
                lines.push(format!(
                    "{} on {}: {}.",
                    capitalised(role.name()),
                    self.square(sq),
                    said.join("; ")
                ));
            }
        }
        lines
    }

    /// The legal moves of `pos` that end on `to`, each with the piece that makes it:
    /// `knight on c 3 to b 5; knight on d 4 to b 5`.
    pub fn moves_to(self, pos: &Position, to: Square) -> Vec<String> {
        pos.legal_moves()
            .iter()
            .filter(|m| m.to() == to || m.is_castle() && m.destination() == to)
            .map(|m| self.move_from(pos, *m))
            .collect()
    }

    /// A move with the square it starts from: `knight on b 1 to d 2`.
    pub fn move_from(self, pos: &Position, m: Move) -> String {
        let role = pos.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
        format!("{role} on {} {}", self.square(m.from()), self.what_it_does(pos, m))
    }

    /// A sentence of the core's with each square in it said this way: `no knight can
    /// reach f 4`.
    pub fn squares_in(self, text: &str) -> String {
        if self == Announce::San {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len() + 8);
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            let word_start = out.chars().next_back().is_none_or(|p| !p.is_alphanumeric());
            let square = rest.get(..2).and_then(|two| two.parse::<Square>().ok());
            let word_end = rest[c.len_utf8()..].chars().nth(1).is_none_or(|n| !n.is_alphanumeric());
            match square {
                Some(sq) if word_start && word_end && c.is_ascii_lowercase() => {
                    out.push_str(&self.square(sq));
                    rest = &rest[2..];
                }
                _ => {
                    out.push(c);
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        out
    }

    /// A piece on a square: `white knight on f 3`.
    pub fn piece_on(self, piece: Piece, sq: Square) -> String {
        format!("{} {} on {}", colour_word(piece.color), piece.role, self.square(sq))
    }

    /// The pieces on `squares`, in order, or `empty`.
    pub fn squares(self, pos: &Position, squares: impl IntoIterator<Item = Square>) -> String {
        let said: Vec<String> = squares
            .into_iter()
            .filter_map(|sq| pos.piece_at(sq).map(|piece| self.piece_on(piece, sq)))
            .collect();
        if said.is_empty() { "empty".to_owned() } else { said.join(", ") }
    }

    /// One rank, from the a-file: `Rank 1: white rook on a 1, ...`.
    pub fn rank(self, pos: &Position, rank: Rank) -> String {
        format!("Rank {rank}: {}.", self.squares(pos, File::ALL.map(|file| Square::from_coords(file, rank))))
    }

    /// One file, from the first rank: `File e: white king on e 1, ...`.
    pub fn file_line(self, pos: &Position, file: File) -> String {
        let name = self.file(file);
        format!("File {name}: {}.", self.squares(pos, Rank::ALL.map(|rank| Square::from_coords(file, rank))))
    }

    /// A colour's pieces by kind, king first: `White: king on e 1; pawns on a 2, b 2`.
    pub fn pieces(self, pos: &Position, color: Color) -> String {
        let mut kinds = Vec::new();
        for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
            let squares: Vec<String> =
                pos.by_piece(role.of(color)).into_iter().map(|sq| self.square(sq)).collect();
            if squares.is_empty() {
                continue;
            }
            let plural = if squares.len() == 1 { "" } else { "s" };
            kinds.push(format!("{role}{plural} on {}", squares.join(", ")));
        }
        format!("{color}: {}.", kinds.join("; "))
    }
}

/// `white` or `black`, for a piece.
fn colour_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `Knight`, for the start of a sentence.
pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
