//! How the plain-text face says chess: moves, squares and the board, in SAN, in words,
//! or with NATO names for the files (`--announce`).

use std::fmt::Write as _;

use crate::chess::{CastlingSide, Color, File, Move, Piece, Position, Rank, Role, Square};

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

    /// The move `m`, played in `pos`: `Nxf3+`, or `knight takes f 3, check`.
    pub fn move_in(self, pos: &Position, m: Move) -> String {
        if self == Announce::San {
            return pos.san(m);
        }
        let mut said = match m.castling_side() {
            Some(CastlingSide::KingSide) => "castles kingside".to_owned(),
            Some(CastlingSide::QueenSide) => "castles queenside".to_owned(),
            None => {
                let role = pos.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
                let verb = if pos.is_capture(m) { "takes" } else { "to" };
                format!("{role} {verb} {}", self.square(m.to()))
            }
        };
        if m.is_en_passant() {
            said.push_str(" en passant");
        }
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
