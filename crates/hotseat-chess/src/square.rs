//! Files, ranks and squares.

use std::fmt;
use std::str::FromStr;

use super::Color;

/// A column of the board, `a` to `h`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A row of the board, `1` to `8`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// Every file, `a` first.
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with index 0 (`a`) to 7 (`h`); the index is taken modulo 8.
    pub const fn new(index: u32) -> File {
        File::ALL[(index & 7) as usize]
    }

    /// Parses `a`..`h` (lower case only: upper-case letters are pieces).
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::new(c as u32 - 'a' as u32)),
            _ => None,
        }
    }

    /// The lower-case letter.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The index, 0 for `a`.
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// The file `delta` steps away, if it is on the board.
    pub const fn offset(self, delta: i32) -> Option<File> {
        let i = self as i32 + delta;
        if 0 <= i && i < 8 { Some(File::new(i as u32)) } else { None }
    }
}

impl Rank {
    /// Every rank, the first first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index 0 (`1`) to 7 (`8`); the index is taken modulo 8.
    pub const fn new(index: u32) -> Rank {
        Rank::ALL[(index & 7) as usize]
    }

    /// Parses `1`..`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::new(c as u32 - '1' as u32)),
            _ => None,
        }
    }

    /// The digit.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The index, 0 for the first rank.
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// The same rank seen from `color`'s side: the first rank is Black's eighth.
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::new(7 - self as u32),
        }
    }
}

/// A square of the board, `a1` (0) to `h8` (63), rank by rank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
#[rustfmt::skip]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// Every square, `a1`, `b1`, ..., `h8`.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = [Square::A1, Square::B1, Square::C1, Square::D1, Square::E1, Square::F1, Square::G1, Square::H1, Square::A2, Square::B2, Square::C2, Square::D2, Square::E2, Square::F2, Square::G2, Square::H2, Square::A3, Square::B3, Square::C3, Square::D3, Square::E3, Square::F3, Square::G3, Square::H3, Square::A4, Square::B4, Square::C4, Square::D4, Square::E4, Square::F4, Square::G4, Square::H4, Square::A5, Square::B5, Square::C5, Square::D5, Square::E5, Square::F5, Square::G5, Square::H5, Square::A6, Square::B6, Square::C6, Square::D6, Square::E6, Square::F6, Square::G6, Square::H6, Square::A7, Square::B7, Square::C7, Square::D7, Square::E7, Square::F7, Square::G7, Square::H7, Square::A8, Square::B8, Square::C8, Square::D8, Square::E8, Square::F8, Square::G8, Square::H8];

    /// The square with index 0 (`a1`) to 63 (`h8`); the index is taken modulo 64.
    #[inline(always)]
    pub const fn new(index: u32) -> Square {
        Square::ALL[(index & 63) as usize]
    }

    /// The square at a file and rank.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new(file as u32 | (rank as u32) << 3)
    }

    /// The index, 0 for `a1` and 63 for `h8`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square's file.
    pub const fn file(self) -> File {
        File::new(self as u32 & 7)
    }

    /// The square's rank.
    pub const fn rank(self) -> Rank {
        Rank::new(self as u32 >> 3)
    }

    /// The square `df` files and `dr` ranks away, if that is on the board.
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = self.file() as i32 + df;
        let r = self.rank() as i32 + dr;
        if 0 <= f && f < 8 && 0 <= r && r < 8 { Some(Square::new((f + 8 * r) as u32)) } else { None }
    }

    /// The square mirrored top to bottom (`a1` becomes `a8`).
    pub const fn flip_vertical(self) -> Square {
        Square::new(self as u32 ^ 0b11_1000)
    }

    /// Whether the square is a light one (`h1` is light, `a1` dark).
    pub const fn is_light(self) -> bool {
        (self.file() as u32 + self.rank() as u32) % 2 == 1
    }

    /// The square seen from `color`'s side.
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }

    /// Parses a square name such as `e4` from the start of `bytes` (exactly two bytes).
    pub const fn from_ascii(bytes: &[u8]) -> Option<Square> {
        if bytes.len() != 2 {
            return None;
        }
        match (File::from_char(bytes[0] as char), Rank::from_char(bytes[1] as char)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }
}

/// The text was not a square name such as `e4`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid square name")]
pub struct ParseSquareError;

/// The text was not a file letter (`a`-`h`) or rank digit (`1`-`8`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {0} name")]
pub struct ParseCoordError(&'static str);

/// Reads text that must be exactly one character that `parse` accepts.
fn one_char<T>(s: &str, parse: fn(char) -> Option<T>, what: &'static str) -> Result<T, ParseCoordError> {
    let mut chars = s.chars();
    match (chars.next().and_then(parse), chars.next()) {
        (Some(value), None) => Ok(value),
        _ => Err(ParseCoordError(what)),
    }
}

impl FromStr for File {
    type Err = ParseCoordError;
    fn from_str(s: &str) -> Result<File, ParseCoordError> {
        one_char(s, File::from_char, "file")
    }
}

impl FromStr for Rank {
    type Err = ParseCoordError;
    fn from_str(s: &str) -> Result<Rank, ParseCoordError> {
        one_char(s, Rank::from_char, "rank")
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or(ParseSquareError)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Debug for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Debug for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_name_round_trips() {
        for sq in Square::ALL {
            let name = sq.to_string();
            assert_eq!(name.parse::<Square>(), Ok(sq));
            assert_eq!(Square::new(sq.index() as u32), sq);
        }
        assert_eq!(Square::E4.to_string(), "e4");
        assert_eq!(format!("{:?}", Square::H8), "h8");
    }

    #[test]
    fn files_and_ranks_round_trip_through_text() {
        for file in File::ALL {
            assert_eq!(file.to_string().parse::<File>(), Ok(file));
        }
        for rank in Rank::ALL {
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
        }
        assert!("i".parse::<File>().is_err());
        assert!("ab".parse::<File>().is_err());
        assert!("9".parse::<Rank>().is_err());
    }

    #[test]
    fn bad_square_names_are_refused() {
        for bad in ["", "e", "e9", "i1", "E4", "e44", "4e"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad}");
        }
    }

    #[test]
    fn square_colours_follow_the_board() {
        assert!(!Square::A1.is_light());
        assert!(Square::H1.is_light());
        assert!(Square::D1.is_light());
        assert!(!Square::E1.is_light());
    }
}
