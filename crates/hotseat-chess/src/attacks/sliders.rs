//! What the sliders' tables are made of, shared by the crate and its build script
//! (`build.rs` includes this file): the magic factors, each square's relevant blockers,
//! where its slots and its distinct attack sets start. Plain integers (squares 0 to 63,
//! a1 = 0, h8 = 63), so that it compiles alone in the build script.
//!
//! The build script fills the tables themselves (107,648 slots) natively; the const
//! evaluator took 9 to 20 s of every build of the crate for them.

/// A slider's four directions (file, rank steps): the rook's.
pub const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The bishop's four directions.
pub const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

// Found offline by a seeded random search; any numbers that map every blocker set
// of a square to a slot holding the right attacks would do.
/// The rook's magic factors, square by square.
pub const ROOK_FACTORS: [u64; 64] = [
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

/// The bishop's.
pub const BISHOP_FACTORS: [u64; 64] = [
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
pub const SLIDER_TABLE_SIZE: usize = 102_400 + 5_248;

/// The four directions of a rook (`rook`) or a bishop.
pub const fn dirs(rook: bool) -> [(i32, i32); 4] {
    if rook { ROOK_DIRS } else { BISHOP_DIRS }
}

/// The squares whose occupancy matters to a slider on `sq`: each ray without its last square.
pub const fn relevant_mask(sq: u32, rook: bool) -> u64 {
    let dirs = dirs(rook);
    let mut mask = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq & 7) as i32 + df;
        let mut r = (sq >> 3) as i32 + dr;
        while 0 <= f + df && f + df < 8 && 0 <= r + dr && r + dr < 8 {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

/// How many squares a ray from `sq` crosses before it leaves the board.
pub const fn ray_length(sq: u32, (df, dr): (i32, i32)) -> usize {
    let (mut f, mut r) = ((sq & 7) as i32 + df, (sq >> 3) as i32 + dr);
    let mut length = 0;
    while 0 <= f && f < 8 && 0 <= r && r < 8 {
        length += 1;
        f += df;
        r += dr;
    }
    length
}

/// The distinct attack sets of a slider on one square, over every blocker set: as
/// many as there are ways to choose the first blocker (or the edge) on each ray.
pub const fn distinct_sets(sq: u32, rook: bool) -> usize {
    let dirs = dirs(rook);
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

const fn count_sets(rook: bool) -> usize {
    let mut total = 0;
    let mut sq = 0;
    while sq < 64 {
        total += distinct_sets(sq, rook);
        sq += 1;
    }
    total
}

/// The number of distinct rook attack sets over all squares.
pub const ROOK_SETS: usize = count_sets(true);
/// The same for the bishop; its sets follow the rook's.
pub const BISHOP_SETS: usize = count_sets(false);

/// How a slider's blocker set on one square becomes an index into the tables.
#[derive(Clone, Copy)]
pub struct Magic {
    /// The relevant blockers.
    pub mask: u64,
    /// The magic factor.
    pub factor: u64,
    /// 64 less the mask's number of squares.
    pub shift: u32,
    /// Where the square's slots start.
    pub offset: usize,
    /// Where the square's distinct attack sets start.
    pub sets: usize,
}

/// The 64 squares' magics of the rook (`rook`) or the bishop.
pub const fn magics(rook: bool) -> [Magic; 64] {
    let factors = if rook { ROOK_FACTORS } else { BISHOP_FACTORS };
    let mut out = [Magic { mask: 0, factor: 0, shift: 0, offset: 0, sets: 0 }; 64];
    let (mut offset, mut sets) = if rook { (0, 0) } else { (102_400, ROOK_SETS) };
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq as u32, rook);
        let bits = mask.count_ones();
        out[sq] = Magic { mask, factor: factors[sq], shift: 64 - bits, offset, sets };
        offset += 1 << bits;
        sets += distinct_sets(sq as u32, rook);
        sq += 1;
    }
    out
}
