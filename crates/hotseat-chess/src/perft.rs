//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator.

use super::{Move, Position};

/// The number of legal move sequences of exactly `depth` plies from `pos`.
///
/// The last ply is counted without playing the moves ("bulk counting"). On x86-64
/// CPUs with the `popcnt` instruction (detected at run time) a copy of the search
/// compiled to use it runs instead of the portable one; the counts are the same.
///
/// ```
/// use hotseat_chess::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // Counting moves is mostly population counts; without this the portable
            // build falls back to a slow bit-twiddling popcount. See the
            // measurements (docs/MEASUREMENTS.md) for the difference.
            #[allow(unsafe_code)]
            // Safety: `perft_popcnt` needs only the `popcnt` instruction, and the CPU
            // was just found to have it.
            return unsafe { perft_popcnt(pos, depth) };
        }
    }
    perft_portable(pos, depth)
}

/// Defines one copy of the perft recursion; the copies differ only in the CPU
/// features they are compiled for.
macro_rules! perft_search {
    ($(#[$attr:meta])* fn $name:ident) => {
        $(#[$attr])*
        fn $name(pos: &Position, depth: u32) -> u64 {
            match depth {
                0 => 1,
                1 => pos.count_legal_moves(),
                _ => {
                    let mut nodes = 0;
                    pos.for_each_legal_move(|m| {
                        let mut child = pos.clone();
                        child.play_for_perft(m);
                        nodes += $name(&child, depth - 1);
                    });
                    nodes
                }
            }
        }
    };
}

perft_search!(fn perft_portable);

perft_search!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn perft_popcnt
);

/// Perft split by first move: each legal move with the node count below it.
///
/// ```
/// use hotseat_chess::{Position, perft_divide};
/// let pos = Position::startpos();
/// let divided = perft_divide(&pos, 3);
/// assert_eq!(divided.len(), 20);
/// assert_eq!(divided.iter().map(|(_, nodes)| nodes).sum::<u64>(), 8_902);
/// ```
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_and_cpu_specific_searches_agree() {
        let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("valid fen");
        assert_eq!(perft_portable(&pos, 3), 97_862);
        assert_eq!(perft(&pos, 3), 97_862);
    }
}
