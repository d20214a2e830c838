//! The 960 start positions of Chess960, by their standard numbers.

use super::{File, Position, Role, Square};

/// The two knights' places among the five squares left, for the last digit.
const KNIGHTS: [(usize, usize); 10] =
    [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

impl Position {
    /// The standard number of this position when it is a Chess960 start position (in
    /// Chess960 notation, before any move): the inverse of [`Position::chess960`].
    ///
    /// ```
    /// use hotseat_chess::Position;
    /// assert_eq!(Position::chess960(7).and_then(|p| p.chess960_number()), Some(7));
    /// assert_eq!(Position::startpos().chess960_number(), None, "not in Chess960 notation");
    /// ```
    pub fn chess960_number(&self) -> Option<u16> {
        if !self.is_chess960() {
            return None;
        }
        // Read the number off White's back rank (the numbering run backwards), then
        // check the whole position is that start: one position built, not 960.
        let mut rank = [None; 8];
        for (file, slot) in rank.iter_mut().enumerate() {
            *slot = self.piece_at(Square::new(file as u32)).map(|piece| piece.role);
        }
        let files_of = |rank: &[Option<Role>], role: Role| -> Vec<usize> {
            rank.iter().enumerate().filter(|(_, r)| **r == Some(role)).map(|(f, _)| f).collect()
        };
        let (light, dark) = match files_of(&rank, Role::Bishop)[..] {
            [a, b] if a % 2 == 1 && b % 2 == 0 => (a, b),
            [a, b] if a % 2 == 0 && b % 2 == 1 => (b, a),
            _ => return None,
        };
        // Each piece's place counted among the squares still empty when it is placed.
        let mut empty: Vec<usize> = (0..8).filter(|&f| f != light && f != dark).collect();
        let queen = empty.iter().position(|&f| rank[f] == Some(Role::Queen))?;
        empty.remove(queen);
        let knights: Vec<usize> = empty
            .iter()
            .enumerate()
            .filter(|(_, f)| rank[**f] == Some(Role::Knight))
            .map(|(i, _)| i)
            .collect();
        let [first, second] = knights[..] else { return None };
        let knights = KNIGHTS.iter().position(|&pair| pair == (first, second))?;
        let n = light / 2 + 4 * (dark / 2) + 16 * queen + 96 * knights;
        let n = u16::try_from(n).ok()?;
        Position::chess960(n).filter(|start| start == self).map(|_| n)
    }

    /// Chess960 start position `n` in the standard (Scharnagl) numbering, with Chess960
    /// notation switched on; `None` for `n` of 960 or more. Number 518 is the usual
    /// starting array.
    ///
    /// ```
    /// use hotseat_chess::Position;
    /// let pos = Position::chess960(518).expect("0 to 959");
    /// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// assert!(pos.is_chess960());
    /// assert_eq!(Position::chess960(960), None);
    /// ```
    pub fn chess960(n: u16) -> Option<Position> {
        if n >= 960 {
            return None;
        }
        let mut rank: [Option<Role>; 8] = [None; 8];
        let mut n = usize::from(n);
        // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
        rank[2 * (n % 4) + 1] = Some(Role::Bishop);
        n /= 4;
        rank[2 * (n % 4)] = Some(Role::Bishop);
        n /= 4;
        let mut place_on_empty = |index: usize, role: Role| {
            let file = (0..8).filter(|&f| rank[f].is_none()).nth(index).expect("enough empty squares");
            rank[file] = Some(role);
        };
        place_on_empty(n % 6, Role::Queen);
        n /= 6;
        let (first, second) = KNIGHTS[n];
        // Place the second knight first so the first one's index still counts the same squares.
        place_on_empty(second, Role::Knight);
        place_on_empty(first, Role::Knight);
        for role in [Role::Rook, Role::King, Role::Rook] {
            place_on_empty(0, role);
        }
        let white: String = rank.iter().map(|r| r.expect("every file filled").upper_char()).collect();
        let rooks: Vec<char> =
            (0..8).filter(|&f| rank[f] == Some(Role::Rook)).map(|f| File::new(f as u32).char()).collect();
        let castling: String =
            rooks.iter().rev().map(char::to_ascii_uppercase).chain(rooks.iter().rev().copied()).collect();
        let fen =
            format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1", white.to_ascii_lowercase());
        let mut pos = Position::from_fen(&fen).expect("every Chess960 start position is valid");
        pos.set_chess960(true);
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn back_rank(n: u16) -> String {
        let pos = Position::chess960(n).expect("0 to 959");
        pos.fen().split(['/', ' ']).nth(7).expect("eight ranks").to_owned()
    }

    /// The one check against the published table that does not go through the code
    /// under test: a few numbers and their arrays.
    #[test]
    fn chess960_numbering_follows_the_standard_table() {
        let fen = |n| Position::chess960(n).expect("0 to 959").fen();
        assert_eq!(fen(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
        assert_eq!(fen(0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
        assert_eq!(fen(959), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
        assert_eq!(Position::chess960(960), None);
        assert_eq!(Position::chess960(u16::MAX), None);
    }

    #[test]
    fn every_chess960_position_is_different_has_bishops_on_both_colours_and_the_king_between_the_rooks() {
        let mut seen: Vec<String> = (0..960).map(back_rank).collect();
        for (n, back) in seen.iter().enumerate() {
            let b: Vec<usize> = back.match_indices('B').map(|(i, _)| i).collect();
            assert_eq!(b.len(), 2, "{n}: {back}");
            assert_ne!(b[0] % 2, b[1] % 2, "{n}: {back}");
            let r: Vec<usize> = back.match_indices('R').map(|(i, _)| i).collect();
            let k = back.find('K').expect("king");
            assert!(r[0] < k && k < r[1], "{n}: {back}");
        }
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 960);
    }

    #[test]
    fn every_start_gives_back_its_number_and_nothing_else_has_one() {
        for n in 0..960 {
            let start = Position::chess960(n).expect("0 to 959");
            assert_eq!(start.chess960_number(), Some(n));
        }
        let not_a_start = [
            // Number 0's pieces with a pawn moved, with Black to move, with a right lost.
            "bbqnnrkr/pppppppp/8/8/4P3/8/PPPP1PPP/BBQNNRKR b HFhf - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR b HFhf - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w Hhf - 0 1",
            // Black's pieces not mirroring White's.
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQBNNRKR w HFhf - 0 1",
            // Both bishops on light squares.
            "nbqbnrkr/pppppppp/8/8/8/8/PPPPPPPP/NBQBNRKR w HFhf - 0 1",
        ];
        for fen in not_a_start {
            let mut pos = Position::from_fen(fen).expect("valid fen");
            pos.set_chess960(true);
            assert_eq!(pos.chess960_number(), None, "{fen}");
        }
    }
}
