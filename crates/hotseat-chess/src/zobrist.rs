//! Zobrist keys: one random 64-bit number per feature of a position.

use super::{Color, Role, Square};

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 64],
    en_passant: [u64; 8],
    black_to_move: u64,
}

static KEYS: Keys = {
    let mut state = 0x686f_7473_6561_7421; // any fixed seed gives the same guarantees
    let mut pieces = [[0; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            pieces[p][s] = splitmix(&mut state);
            s += 1;
        }
        p += 1;
    }
    let mut castling = [0; 64];
    let mut s = 0;
    while s < 64 {
        castling[s] = splitmix(&mut state);
        s += 1;
    }
    let mut en_passant = [0; 8];
    let mut f = 0;
    while f < 8 {
        en_passant[f] = splitmix(&mut state);
        f += 1;
    }
    Keys { pieces, castling, en_passant, black_to_move: splitmix(&mut state) }
};

/// The key of a piece of `color` and `role` standing on `sq`.
#[inline(always)]
pub(crate) fn piece(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.pieces[color as usize * 6 + role as usize][sq.index()]
}

/// The key of the castling right held by the rook on `sq`.
#[inline(always)]
pub(crate) fn castling(sq: Square) -> u64 {
    KEYS.castling[sq.index()]
}

/// The key of an en-passant capture being possible on the file of `sq`.
#[inline(always)]
pub(crate) fn en_passant(sq: Square) -> u64 {
    KEYS.en_passant[sq.file() as usize]
}

/// The key toggled when Black is to move.
#[inline(always)]
pub(crate) fn black_to_move() -> u64 {
    KEYS.black_to_move
}
