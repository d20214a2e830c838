//! Opening names, from the lichess chess-openings data set (CC0; `assets/openings/`).
//!
//! A game is named by its *position*, not its move order, as the data set intends: the
//! name is that of the last position of the game, walking back from the ply asked
//! about, that the table holds. So `1. Nf3 d5 2. d4` and `1. d4 d5 2. Nf3` are named
//! alike, and a game that has left the book keeps the name of the last named position.
//!
//! Positions are compared by [`Position::hash`], which covers exactly what the data set
//! compares: the pieces, the side to move, the castling rights and the en-passant
//! square only when a capture there is legal. The table (`openings/table.rs`) is
//! generated from the data set by a test, which fails when it is stale; it is compiled
//! in as sorted arrays, so there is nothing to build at start-up and a lookup is a
//! binary search.
//!
//! ```
//! use hotseat::chess::Game;
//! use hotseat::openings;
//! let mut game = Game::new();
//! for san in ["e4", "d5"] {
//!     game.play_san(san).expect("legal move");
//! }
//! let opening = openings::classify(&game).expect("a named opening");
//! assert_eq!((opening.eco(), opening.name()), ("B01", "Scandinavian Defense"));
//! ```

#[rustfmt::skip]
mod table;

use std::fmt;

use crate::chess::{Game, Move, Position};

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
        let parts = &table::NAME_PARTS[usize::from(table::NAMES[name])..usize::from(table::NAMES[name + 1])];
        let mut text = String::new();
        for (i, &part) in parts.iter().enumerate() {
            text.push_str(match i {
                0 => "",
                1 => ": ",
                _ => ", ",
            });
            let part = usize::from(part);
            let start = if part == 0 { 0 } else { usize::from(table::PART_ENDS[part - 1]) };
            text.push_str(&table::TEXT[start..usize::from(table::PART_ENDS[part])]);
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
    let i = table::KEYS.binary_search(&position.hash()).ok()?;
    Some(Opening::from_row(table::ROWS[i]))
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
    fn the_arrays_of_the_table_agree() {
        assert_eq!(table::KEYS.len(), table::ROWS.len());
        assert!(table::KEYS.windows(2).all(|w| w[0] < w[1]), "keys ascend, each once");
        assert_eq!(usize::from(*table::NAMES.last().expect("names")), table::NAME_PARTS.len());
        assert_eq!(usize::from(*table::PART_ENDS.last().expect("parts")), table::TEXT.len());
        for &row in &table::ROWS {
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
