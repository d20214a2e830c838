//! Opening names, from the lichess chess-openings data set (CC0; `assets/openings/`).
//!
//! A game is named by its *position*, not its move order, as the data set intends: the
//! name is that of the last position of the game, walking back from the ply asked
//! about, that the table holds. So `1. Nf3 d5 2. d4` and `1. d4 d5 2. Nf3` are named
//! alike, and a game that has left the book keeps the name of the last named position.
//!
//! Positions are compared by [`Position::hash`], which covers exactly what the data set
//! compares: the pieces, the side to move, the castling rights and the en-passant
//! square only when a capture there is legal. The table (`openings/table.bin` and
//! `table.txt`, read by `openings/table.rs`) is generated from the data set by a test,
//! which fails when it is stale; it is compiled in as sorted arrays, so there is
//! nothing to build at start-up and a lookup is a binary search.
//!
//! ```
//! use hotseat_chess::Game;
//! use hotseat_game::openings;
//! let mut game = Game::new();
//! for san in ["e4", "d5"] {
//!     game.play_san(san).expect("legal move");
//! }
//! let opening = openings::classify(&game).expect("a named opening");
//! assert_eq!((opening.eco(), opening.name()), ("B01", "Scandinavian Defense"));
//! ```

mod table;

use std::fmt;

use hotseat_chess::{Game, Move, Position};

/// A named opening: its ECO code and its name.
#[derive(Clone, PartialEq, Eq)]
pub struct Opening {
    eco: [u8; 3],
    name: String,
}

impl Opening {
    /// The ECO code, `A00` to `E99`.
    pub fn eco(&self) -> &str {
        std::str::from_utf8(&self.eco).unwrap_or_default()
    }

    /// The name, `Family: Variation, Subvariation` (`Sicilian Defense: Najdorf Variation`).
    pub fn name(&self) -> &str {
        &self.name
    }

    fn from_row(row: u32) -> Opening {
        let eco = (row >> 16) as u16;
        let letter = b'A' + (eco / 100) as u8;
        let eco = [letter, b'0' + (eco / 10 % 10) as u8, b'0' + (eco % 10) as u8];
        let name = (row & 0xffff) as usize;
        let mut text = String::new();
        for (i, part) in table::name_parts(name).enumerate() {
            text.push_str(match i {
                0 => "",
                1 => ": ",
                _ => ", ",
            });
            text.push_str(table::part(part));
        }
        Opening { eco, name: text }
    }
}

/// `B01 Scandinavian Defense`.
impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.eco(), self.name)
    }
}

/// `Opening("B01", "Scandinavian Defense")`.
impl fmt::Debug for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Opening").field(&self.eco()).field(&self.name).finish()
    }
}

/// The opening the table names for exactly this position, if any.
pub fn lookup(position: &Position) -> Option<Opening> {
    let hash = position.hash();
    let (mut low, mut high) = (0, table::KEYS);
    while low < high {
        let middle = low + (high - low) / 2;
        match table::key(middle).cmp(&hash) {
            std::cmp::Ordering::Less => low = middle + 1,
            std::cmp::Ordering::Greater => high = middle,
            std::cmp::Ordering::Equal => return Some(Opening::from_row(table::row(middle))),
        }
    }
    None
}

/// The opening of `game` as it stands now: see [`classify_at`].
pub fn classify(game: &Game) -> Option<Opening> {
    classify_at(game, game.ply())
}

/// The opening of `game` at `ply` (0 for the start): the name of the last position at
/// or before `ply` that the table names. A Chess960 game has none.
pub fn classify_at(game: &Game, ply: usize) -> Option<Opening> {
    if game.start().is_chess960() {
        return None;
    }
    let last = ply.min(game.ply());
    (0..=last).rev().find_map(|ply| game.position_at(ply).and_then(lookup))
}

/// The opening of a variation: the name of the last position the table names along
/// `line` played from the position after `index` moves of `game`, or else the
/// opening of `game` at `index`. The line stops at its first illegal move.
pub fn classify_variation(
    game: &Game,
    index: usize,
    line: impl IntoIterator<Item = Move>,
) -> Option<Opening> {
    if game.start().is_chess960() {
        return None;
    }
    let mut position = game.position_at(index)?.clone();
    let mut named = None;
    for m in line {
        if !position.is_legal(m) {
            break;
        }
        position.play(m);
        named = lookup(&position).or(named);
    }
    named.or_else(|| classify_at(game, index))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sections_of_the_table_agree() {
        assert_eq!(table::KEYS, 3807, "the data set names 3,807 positions");
        assert!((1..table::KEYS).all(|i| table::key(i - 1) < table::key(i)), "keys ascend, each once");
        let (names, parts, _) = table::sizes();
        assert_eq!((0..names).map(|name| table::name_parts(name).count()).sum::<usize>(), parts);
        assert!((0..names).flat_map(table::name_parts).all(|part| part < table::sizes().2));
        assert_eq!(table::text_end(), table::TEXT.len());
        for row in (0..table::KEYS).map(table::row) {
            let opening = Opening::from_row(row);
            assert!(opening.eco().as_bytes()[0].is_ascii_uppercase() && !opening.name().is_empty());
        }
    }

    #[test]
    fn the_start_has_no_name() {
        assert_eq!(lookup(&Position::startpos()), None);
        assert_eq!(classify(&Game::new()), None);
    }
}
