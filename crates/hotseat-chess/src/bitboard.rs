//! A set of squares packed in a `u64`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use super::{Color, File, Rank, Square};

/// A set of squares: bit `i` stands for the square with index `i` (`a1` = 0, `h8` = 63).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares.
    pub const LIGHT: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares.
    pub const DARK: Bitboard = Bitboard(!0x55aa_55aa_55aa_55aa);
    /// The first and eighth ranks.
    pub const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

    /// The set holding just `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// Every square of a file.
    pub const fn from_file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// Every square of a rank.
    pub const fn from_rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// A rank seen from `color`'s side (`Rank::First` is Black's eighth rank).
    pub const fn relative_rank(color: Color, rank: Rank) -> Bitboard {
        Bitboard::from_rank(rank.relative_to(color))
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u32) != 0
    }

    /// How many squares are in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has more than one square.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::new(self.0.trailing_zeros())) }
    }

    /// The highest square, if any.
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::new(self.0.ilog2())) }
    }

    /// The only square, if the set has exactly one.
    pub const fn single(self) -> Option<Square> {
        if self.more_than_one() { None } else { self.first() }
    }

    /// The set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The set with `sq` removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// The set with `sq` added if it was missing and removed if it was there.
    #[inline(always)]
    pub const fn toggled(self, sq: Square) -> Bitboard {
        Bitboard(self.0 ^ 1 << sq as u32)
    }

    /// Const-friendly union.
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// Const-friendly intersection.
    pub const fn intersect(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// Every square moved one rank towards `color`'s opponent; squares pushed off the board vanish.
    #[inline(always)]
    pub const fn shift_forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(self.0 << 8),
            Color::Black => Bitboard(self.0 >> 8),
        }
    }

    /// The set mirrored top to bottom.
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the board, eighth rank first, `X` for members and `.` for the rest.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let sq = Square::from_coords(file, *rank);
                f.write_str(if self.contains(sq) { "X" } else { "." })?;
                if file != File::H {
                    f.write_str(" ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tr<Square> for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Square) -> Bitboard {
                Bitboard(self.0 $op Bitboard::from_square(rhs).0)
            }
        }
        impl $atr for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $atr<Square> for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Square) {
                self.0 = self.0 $op Bitboard::from_square(rhs).0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Sub<Square> for Bitboard {
    type Output = Bitboard;
    /// The set without `rhs`.
    #[inline(always)]
    fn sub(self, rhs: Square) -> Bitboard {
        self.without(rhs)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Iterates over the squares of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct IntoIter(u64);

impl Iterator for IntoIter {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

/// Writes a [`Bitboard`] as an 8x8 grid, eighth rank first: `X` (or `1`) is a member, `.` is not.
///
/// ```
/// use hotseat_chess::{Bitboard, Square, bitboard};
/// let bb: Bitboard = bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . X . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
/// };
/// assert_eq!(bb, Bitboard::from_square(Square::E4));
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($cell:tt)*) => {{
        let cells: &[&str] = &[$(stringify!($cell)),*];
        assert_eq!(cells.len(), 64, "a bitboard grid has 64 cells");
        let mut bits = 0u64;
        for (i, cell) in cells.iter().enumerate() {
            if *cell == "X" || *cell == "1" {
                let (row, col) = (i / 8, i % 8);
                bits |= 1u64 << ((7 - row) * 8 + col);
            }
        }
        $crate::Bitboard(bits)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_yields_squares_lowest_first_and_collects_back() {
        let bb = Bitboard::from_square(Square::H8) | Square::A1 | Square::E4;
        let squares: Vec<Square> = bb.into_iter().collect();
        assert_eq!(squares, vec![Square::A1, Square::E4, Square::H8]);
        assert_eq!(squares.into_iter().collect::<Bitboard>(), bb);
    }

    #[test]
    fn debug_draws_the_grid() {
        let text = format!("{:?}", Bitboard::from_square(Square::A8) | Square::H1);
        let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(lines[0], "X . . . . . . .");
        assert_eq!(lines[7], ". . . . . . . X");
    }

    #[test]
    fn light_squares_match_square_colours() {
        for sq in Square::ALL {
            assert_eq!(Bitboard::LIGHT.contains(sq), sq.is_light(), "{sq}");
        }
    }

    #[test]
    fn grid_macro_reads_the_eighth_rank_first() {
        let bb = crate::bitboard! {
            X . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . X
        };
        assert_eq!(bb, Bitboard::from_square(Square::A8) | Square::H1);
    }
}
