//! Attack tables, computed at compile time.
//!
//! One slow and obviously correct ray walker, [`slow_slider_attacks`], feeds every
//! table. Sliding pieces use "fancy" magic bitboards: the relevant blockers of a
//! square are multiplied by a magic number to index a shared table. The table holds
//! a byte per slot, the number of the attack set among the square's few distinct
//! ones, which sit in a second, small table: 158 KB in all instead of 861 KB, for
//! one more load from a table that stays in cache. When the crate is
//! compiled for a CPU with BMI2 (for example `RUSTFLAGS="-C target-cpu=native"`),
//! the index comes from the `pext` instruction instead; the table is laid out for
//! whichever index the build uses, so there is no run-time switch.

use super::{Bitboard, Color, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Walks each ray from `sq` until it leaves the board or hits a blocker (included).
///
/// This is the reference the fast tables are checked against. `rook` picks the
/// rook's four directions, otherwise the bishop's.
pub const fn slow_slider_attacks(sq: Square, occupied: u64, rook: bool) -> u64 {
    let dirs = if rook { ROOK_DIRS } else { BISHOP_DIRS };
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

/// The squares whose occupancy matters to a slider on `sq`: each ray without its last square.
const fn relevant_mask(sq: Square, rook: bool) -> u64 {
    let dirs = if rook { ROOK_DIRS } else { BISHOP_DIRS };
    let mut mask = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = sq.file() as i32 + df;
        let mut r = sq.rank() as i32 + dr;
        while 0 <= f + df && f + df < 8 && 0 <= r + dr && r + dr < 8 {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
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

/// How a slider's blocker set becomes an index into the slider tables.
#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
    /// Where the square's distinct attack sets start.
    sets: usize,
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

    /// The same index at compile time, for the `n`th subset of the mask in
    /// carry-rippler order (which is the order `pext` numbers them in).
    const fn const_index(&self, subset: u64, n: usize) -> usize {
        if cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
            self.offset + n
        } else {
            self.offset + (subset.wrapping_mul(self.factor) >> self.shift) as usize
        }
    }
}

// Found offline by a seeded random search; any numbers that map every blocker set
// of a square to a slot holding the right attacks would do.
const ROOK_FACTORS: [u64; 64] = [
    0x008000908064c000,
    0x0040200040001000,
    0x0180100080a0010a,
    0x8880041000800800,
    0x1200100201200804,
    0x0200020004011008,
    0x2180010000800600,
    0x0200005088210204,
    0x0400800040008021,
    0x0400400020005000,
    0x8240801000200080,
    0x8611001004200900,
    0x008180800c001800,
    0x0100800200800400,
    0x0a02000102000408,
    0x8020802300104280,
    0x0080004000402000,
    0xe010104000402000,
    0x0800808010002000,
    0xa280210008100100,
    0x0001818014000800,
    0xa002010100080400,
    0x0080240001020870,
    0x0001020004048845,
    0x0081826280004004,
    0x2020810900284000,
    0x0200100080802000,
    0x0200080080100080,
    0x8083080100100500,
    0x4406000901000400,
    0x0005020080800100,
    0x0090204200008114,
    0x0010400094800420,
    0x0900804000802002,
    0x0201001841002000,
    0x4100080080801000,
    0x4540040080800800,
    0x0002001004040020,
    0x0281195814001002,
    0x1240800040800100,
    0x0880042000524004,
    0x02c080410206002c,
    0x0801200241050010,
    0x8400080010008080,
    0x0008000500090010,
    0x0082009084020008,
    0x4012000108020004,
    0x9000104d08860004,
    0x2004204114800100,
    0x0148802112400300,
    0x0202842000100880,
    0x001b080080900080,
    0x001a002008100600,
    0x0004008004020080,
    0x5181000600040300,
    0x0000044401128a00,
    0x8044110480002441,
    0x2008110084402202,
    0x90806005090010c1,
    0x000420310a004a42,
    0x0023001004020801,
    0x0882001008040102,
    0x000230088118020c,
    0x0000019025040042,
];

const BISHOP_FACTORS: [u64; 64] = [
    0x0045010808008680,
    0x2002080204004898,
    0x0210009a10400006,
    0x0824050200810200,
    0x0006061105004090,
    0x00010108c0000000,
    0x0814040282104004,
    0x0012012201106800,
    0x10823014100c1040,
    0x0080c2088802808c,
    0x0281108410404000,
    0x0101212041826200,
    0x0020141028221058,
    0x2201020202200202,
    0x000082a801482000,
    0x0000008401411044,
    0x0007103014300404,
    0x0002091110010100,
    0x42140012040c0808,
    0x0800808802004020,
    0x90c4004210140000,
    0x0800200900a01000,
    0x00d0400201108810,
    0x80820183814412a0,
    0x00a01008202202b4,
    0x01c2021a09500402,
    0x0084440208042400,
    0x800400400c090100,
    0xba10040010802100,
    0xd182009006005000,
    0x5011021001009004,
    0x0020420200510400,
    0x0292104000468800,
    0x00043009091c0500,
    0x0280441000020025,
    0x0042820080080080,
    0x0440101010010040,
    0x1000900100808080,
    0x0108108120089800,
    0x0044010200012682,
    0xc002500420900400,
    0x0040482210710800,
    0x0002060024000200,
    0x0281020a44000800,
    0xa0021200a4000200,
    0x0001301000840840,
    0x2868500108444220,
    0x0004111041000200,
    0x8044020842080200,
    0x0000220104210200,
    0x0000021201044000,
    0x0000280884040028,
    0x4012114010858003,
    0x0000081004082b88,
    0x3892700508208002,
    0x00220a041b060400,
    0x0812020284014881,
    0x010434a282103100,
    0x0490400824020800,
    0x4a20002c00208800,
    0x000000a011020200,
    0x4002940a02482202,
    0x5100100202140406,
    0x02102000840540c1,
];

/// Rook tables first, then bishop tables; each square gets `2^bits` slots.
const SLIDER_TABLE_SIZE: usize = 102_400 + 5_248;

/// The distinct attack sets of a slider on one square, over every blocker set: as
/// many as there are ways to choose the first blocker (or the edge) on each ray.
const fn distinct_sets(sq: Square, rook: bool) -> usize {
    let dirs = if rook { ROOK_DIRS } else { BISHOP_DIRS };
    let mut count = 1;
    let mut d = 0;
    while d < 4 {
        let length = ray_length(sq, dirs[d]);
        if length > 1 {
            count *= length;
        }
        d += 1;
    }
    count
}

/// How many squares a ray from `sq` crosses before it leaves the board.
const fn ray_length(sq: Square, (df, dr): (i32, i32)) -> usize {
    let (mut f, mut r) = (sq.file() as i32 + df, sq.rank() as i32 + dr);
    let mut length = 0;
    while 0 <= f && f < 8 && 0 <= r && r < 8 {
        length += 1;
        f += df;
        r += dr;
    }
    length
}

/// One ray of a slider on one square, as the const evaluation walks it: its squares to
/// the edge, how many there are, and the step between two of them in square indices.
#[derive(Clone, Copy)]
struct Ray {
    squares: u64,
    length: usize,
    step: i32,
}

const fn rays_from(sq: Square, rook: bool) -> [Ray; 4] {
    let dirs = if rook { ROOK_DIRS } else { BISHOP_DIRS };
    let mut rays = [Ray { squares: 0, length: 0, step: 0 }; 4];
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let step = dr * 8 + df;
        let length = ray_length(sq, dirs[d]);
        let mut squares = 0;
        let mut k = 1;
        while k <= length {
            squares |= 1u64 << (sq.index() as i32 + k as i32 * step);
            k += 1;
        }
        rays[d] = Ray { squares, length, step };
        d += 1;
    }
    rays
}

/// The number of a slider's attack set among its square's distinct sets, for blockers
/// `subset` of its relevant mask: the distance to the first blocker on each ray (or to
/// the edge), in mixed radix, rays of one square or less left out. The first blocker
/// is found by bit scan rather than by walking, which keeps the const evaluation of
/// the 107,648 slots quick.
const fn set_number(sq: Square, subset: u64, rays: &[Ray; 4]) -> usize {
    let mut number = 0;
    let mut d = 0;
    while d < 4 {
        let ray = rays[d];
        if ray.length > 1 {
            let blockers = subset & ray.squares;
            let reach = if blockers == 0 {
                ray.length
            } else {
                let first =
                    if ray.step > 0 { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
                ((first as i32 - sq.index() as i32) / ray.step) as usize
            };
            number = number * ray.length + (reach - 1);
        }
        d += 1;
    }
    number
}

/// The attack set numbered `number` by [`set_number`]: each ray walked to its reach.
const fn numbered_set(sq: Square, number: usize, rays: &[Ray; 4]) -> u64 {
    let mut attacks = 0;
    let mut rest = number;
    let mut d = 4;
    while d > 0 {
        d -= 1;
        let ray = rays[d];
        let reach = if ray.length > 1 {
            let reach = rest % ray.length + 1;
            rest /= ray.length;
            reach
        } else {
            ray.length
        };
        let mut k = 1;
        while k <= reach {
            attacks |= 1u64 << (sq.index() as i32 + k as i32 * ray.step);
            k += 1;
        }
    }
    attacks
}

const fn magics(rook: bool, start: usize, first_set: usize) -> [Magic; 64] {
    let factors = if rook { ROOK_FACTORS } else { BISHOP_FACTORS };
    let mut out = [Magic { mask: 0, factor: 0, shift: 0, offset: 0, sets: 0 }; 64];
    let mut offset = start;
    let mut sets = first_set;
    let mut i = 0;
    while i < 64 {
        let sq = Square::new(i as u32);
        let mask = relevant_mask(sq, rook);
        let bits = mask.count_ones();
        out[i] = Magic { mask, factor: factors[i], shift: 64 - bits, offset, sets };
        offset += 1 << bits;
        sets += distinct_sets(sq, rook);
        i += 1;
    }
    out
}

/// The number of distinct rook attack sets over all squares, then the bishop's.
const ROOK_SETS: usize = count_sets(true);
const BISHOP_SETS: usize = count_sets(false);

const fn count_sets(rook: bool) -> usize {
    let mut total = 0;
    let mut i = 0;
    while i < 64 {
        total += distinct_sets(Square::new(i as u32), rook);
        i += 1;
    }
    total
}

static ROOK_MAGICS: [Magic; 64] = magics(true, 0, 0);
static BISHOP_MAGICS: [Magic; 64] = magics(false, 102_400, ROOK_SETS);

/// The two tables of the sliders: for each magic slot, the number of its attack set
/// among its square's distinct sets (at most 144, so a byte); and the distinct sets.
/// A slot of eight bytes per blocker set would take 861 KB; this takes 158 KB.
struct SliderTables {
    numbers: [u8; SLIDER_TABLE_SIZE],
    sets: [Bitboard; ROOK_SETS + BISHOP_SETS],
}

const fn fill_slider_tables(tables: &mut SliderTables, rook: bool) {
    let magics = if rook { magics(true, 0, 0) } else { magics(false, 102_400, ROOK_SETS) };
    let mut i = 0;
    while i < 64 {
        let m = magics[i];
        let sq = Square::new(i as u32);
        let rays = rays_from(sq, rook);
        let mut number = 0;
        while number < distinct_sets(sq, rook) {
            tables.sets[m.sets + number] = Bitboard(numbered_set(sq, number, &rays));
            number += 1;
        }
        // Carry-rippler: visit every subset of the mask.
        let mut subset: u64 = 0;
        let mut n = 0;
        loop {
            tables.numbers[m.const_index(subset, n)] = set_number(sq, subset, &rays) as u8;
            n += 1;
            subset = subset.wrapping_sub(m.mask) & m.mask;
            if subset == 0 {
                break;
            }
        }
        i += 1;
    }
}

// Filling the 107,648 slots takes the const evaluator about 9 s of each build of the crate
// (20 s when every slot walked its rays).
#[allow(long_running_const_eval)]
static SLIDERS: SliderTables = {
    let mut tables =
        SliderTables { numbers: [0; SLIDER_TABLE_SIZE], sets: [Bitboard::EMPTY; ROOK_SETS + BISHOP_SETS] };
    fill_slider_tables(&mut tables, true);
    fill_slider_tables(&mut tables, false);
    tables
};

impl Magic {
    /// The attack set for `occupied`.
    #[inline(always)]
    fn attacks(&self, occupied: u64) -> Bitboard {
        SLIDERS.sets[self.sets + usize::from(SLIDERS.numbers[self.index(occupied)])]
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
                let mask = relevant_mask(sq, rook);
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
