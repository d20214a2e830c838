//! Attack tables, computed at compile time: by the const evaluator, and for the sliders'
//! large tables by the build script ([`sliders`] is what both share).
//!
//! One slow and obviously correct ray walker, [`slow_slider_attacks`], is what every
//! table is checked against (the build script's walker is the same). Sliding pieces use "fancy" magic bitboards: the relevant blockers of a
//! square are multiplied by a magic number to index a shared table. The table holds
//! a byte per slot, the number of the attack set among the square's few distinct
//! ones, which sit in a second, small table: 158 KB in all instead of 861 KB, for
//! one more load from a table that stays in cache. When the crate is
//! compiled for a CPU with BMI2 (for example `RUSTFLAGS="-C target-cpu=native"`),
//! the index comes from the `pext` instruction instead; the table is laid out for
//! whichever index the build uses, so there is no run-time switch.

mod sliders;

use super::{Bitboard, Color, Square};
use sliders::{BISHOP_SETS, Magic, ROOK_SETS, SLIDER_TABLE_SIZE, magics};

/// Walks each ray from `sq` until it leaves the board or hits a blocker (included).
///
/// This is the reference the fast tables are checked against. `rook` picks the
/// rook's four directions, otherwise the bishop's.
pub const fn slow_slider_attacks(sq: Square, occupied: u64, rook: bool) -> u64 {
    let dirs = sliders::dirs(rook);
    let mut attacks = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = sq.file() as i32 + df;
        let mut r = sq.rank() as i32 + dr;
        while 0 <= f && f < 8 && 0 <= r && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    attacks
}

const fn step_attacks(sq: Square, steps: &[(i32, i32)]) -> u64 {
    let mut attacks = 0;
    let mut i = 0;
    while i < steps.len() {
        if let Some(to) = sq.offset(steps[i].0, steps[i].1) {
            attacks |= 1u64 << to as u32;
        }
        i += 1;
    }
    attacks
}

const fn step_table(steps: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = Bitboard(step_attacks(Square::new(i as u32), steps));
        i += 1;
    }
    table
}

const KNIGHT_STEPS: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

static KNIGHT_ATTACKS: [Bitboard; 64] = step_table(&KNIGHT_STEPS);
static KING_ATTACKS: [Bitboard; 64] = step_table(&KING_STEPS);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [step_table(&[(-1, 1), (1, 1)]), step_table(&[(-1, -1), (1, -1)])];

/// Where a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq.index()]
}

/// Where a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq.index()]
}

/// Where a pawn of `color` on `sq` attacks (its capture squares).
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color as usize][sq.index()]
}

impl Magic {
    /// The table index for `occupied`. With BMI2 at compile time this is `pext`.
    #[inline(always)]
    fn index(&self, occupied: u64) -> usize {
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        {
            #[allow(unsafe_code)]
            // Safety: this code is compiled only when the build targets CPUs with BMI2.
            let index = unsafe { std::arch::x86_64::_pext_u64(occupied, self.mask) };
            self.offset + index as usize
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
        {
            self.offset + ((occupied & self.mask).wrapping_mul(self.factor) >> self.shift) as usize
        }
    }
}

static ROOK_MAGICS: [Magic; 64] = magics(true);
static BISHOP_MAGICS: [Magic; 64] = magics(false);

/// The two tables of the sliders, filled by the build script: for each magic slot, the
/// number of its attack set among its square's distinct sets (at most 144, so a byte);
/// and the distinct sets. A slot of eight bytes per blocker set would take 861 KB; this
/// takes 158 KB.
static SLOT_NUMBERS: [u8; SLIDER_TABLE_SIZE] =
    *include_bytes!(concat!(env!("OUT_DIR"), "/slider_numbers.bin"));
static SETS: [Bitboard; ROOK_SETS + BISHOP_SETS] = {
    let bytes: &[u8; (ROOK_SETS + BISHOP_SETS) * 8] =
        include_bytes!(concat!(env!("OUT_DIR"), "/slider_sets.bin"));
    let mut sets = [Bitboard::EMPTY; ROOK_SETS + BISHOP_SETS];
    let mut i = 0;
    while i < sets.len() {
        let b = i * 8;
        sets[i] = Bitboard(u64::from_le_bytes([
            bytes[b],
            bytes[b + 1],
            bytes[b + 2],
            bytes[b + 3],
            bytes[b + 4],
            bytes[b + 5],
            bytes[b + 6],
            bytes[b + 7],
        ]));
        i += 1;
    }
    sets
};

impl Magic {
    /// The attack set for `occupied`.
    #[inline(always)]
    fn attacks(&self, occupied: u64) -> Bitboard {
        SETS[self.sets + usize::from(SLOT_NUMBERS[self.index(occupied)])]
    }
}

/// Where a rook on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    ROOK_MAGICS[sq.index()].attacks(occupied.0)
}

/// Where a bishop on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    BISHOP_MAGICS[sq.index()].attacks(occupied.0)
}

/// Where a queen on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Where a rook on `sq` would attack on an empty board.
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    RAYS[sq.index()].0
}

/// Where a bishop on `sq` would attack on an empty board.
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    RAYS[sq.index()].1
}

static RAYS: [(Bitboard, Bitboard); 64] = {
    let mut rays = [(Bitboard::EMPTY, Bitboard::EMPTY); 64];
    let mut i = 0;
    while i < 64 {
        let sq = Square::new(i as u32);
        rays[i] = (Bitboard(slow_slider_attacks(sq, 0, true)), Bitboard(slow_slider_attacks(sq, 0, false)));
        i += 1;
    }
    rays
};

/// For each pair of squares, the squares strictly between them, or an empty set when
/// they share no rank, file or diagonal. (The line through both is worked out from the
/// rays when asked for: it is needed only for pinned pieces, and a second table would
/// be 32 KB more of the binary.)
#[allow(long_running_const_eval)]
static BETWEEN: [[Bitboard; 64]; 64] = {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let sa = Square::new(a as u32);
        let mut b = 0;
        while b < 64 {
            let sb = Square::new(b as u32);
            let bit_b = 1u64 << b;
            let mut rook = true;
            let mut k = 0;
            while k < 2 {
                if a != b && slow_slider_attacks(sa, 0, rook) & bit_b != 0 {
                    let between =
                        slow_slider_attacks(sa, bit_b, rook) & slow_slider_attacks(sb, 1u64 << a, rook);
                    table[a][b] = Bitboard(between);
                }
                rook = false;
                k += 1;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// The squares strictly between `a` and `b` on a shared rank, file or diagonal (else empty).
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// The whole rank, file or diagonal through `a` and `b` (else empty).
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    let ends = Bitboard::from_square(a) | b;
    if rook_rays(a).contains(b) {
        (rook_rays(a) & rook_rays(b)) | ends
    } else if bishop_rays(a).contains(b) {
        (bishop_rays(a) & bishop_rays(b)) | ends
    } else {
        Bitboard::EMPTY
    }
}

/// Whether `a`, `b` and `c` lie on one rank, file or diagonal.
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of the relevant blockers for every square, plus irrelevant noise,
    /// against the slow walker.
    #[test]
    fn fast_slider_lookups_match_the_slow_walker_for_every_blocker_subset() {
        for sq in Square::ALL {
            for rook in [true, false] {
                let mask = sliders::relevant_mask(sq as u32, rook);
                let mut subset: u64 = 0;
                let mut seen = 0u32;
                loop {
                    let noise = (subset.wrapping_mul(0x9E37_79B9_7F4A_7C15)) & !mask;
                    let occ = Bitboard(subset | noise);
                    let fast = if rook { rook_attacks(sq, occ) } else { bishop_attacks(sq, occ) };
                    let slow = Bitboard(slow_slider_attacks(sq, occ.0, rook));
                    assert_eq!(
                        fast,
                        slow,
                        "{} on {sq} with blockers {occ:?}",
                        if rook { "rook" } else { "bishop" }
                    );
                    seen += 1;
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
                assert_eq!(seen, 1 << mask.count_ones());
            }
        }
    }

    #[test]
    fn step_tables_match_their_definitions() {
        assert_eq!(knight_attacks(Square::A1), Bitboard::from_square(Square::B3) | Square::C2);
        assert_eq!(king_attacks(Square::E1).count(), 5);
        assert_eq!(pawn_attacks(Color::White, Square::E4), Bitboard::from_square(Square::D5) | Square::F5);
        assert_eq!(pawn_attacks(Color::Black, Square::A7), Bitboard::from_square(Square::B6));
        assert_eq!(pawn_attacks(Color::White, Square::A8), Bitboard::EMPTY);
    }

    #[test]
    fn between_and_line_agree_with_geometry() {
        assert_eq!(between(Square::A1, Square::D4), Bitboard::from_square(Square::B2) | Square::C3);
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::E1, Square::E4), Bitboard::from_file(super::super::File::E));
        assert!(aligned(Square::A1, Square::H8, Square::D4));
        assert!(!aligned(Square::A1, Square::H8, Square::D5));
    }
}
