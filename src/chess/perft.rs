//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator.

use super::{Move, Position};

/// The number of legal move sequences of exactly `depth` plies from `pos`.
///
/// The last ply is counted without playing the moves ("bulk counting").
///
/// ```
/// use hotseat::chess::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for &m in &pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the node count below it.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
