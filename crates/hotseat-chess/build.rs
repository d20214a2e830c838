//! Fills the sliders' attack tables (`src/attacks.rs` includes them): for each magic slot,
//! the number of its attack set among its square's distinct sets, and the distinct sets.
//! Worked out here, natively, in milliseconds; the const evaluator took 9 to 20 s of
//! every build of the crate for the same 107,648 slots.

#[path = "src/attacks/sliders.rs"]
#[allow(dead_code)]
mod sliders;

use std::path::PathBuf;

use sliders::{BISHOP_SETS, Magic, ROOK_SETS, SLIDER_TABLE_SIZE, dirs, magics, ray_length};

/// The slot of the `n`th subset of the mask in carry-rippler order, which is the order
/// `pext` numbers them in: with `pext`, `n`; else by the magic factor.
fn slot(magic: &Magic, subset: u64, n: usize, pext: bool) -> usize {
    if pext {
        magic.offset + n
    } else {
        magic.offset + (subset.wrapping_mul(magic.factor) >> magic.shift) as usize
    }
}

/// A slider's attacks from `sq` for `occupied`, with their number among the square's
/// distinct sets: the distance to the first blocker (or the edge) on each ray, in mixed
/// radix, rays of one square or less left out.
fn numbered_attacks(sq: u32, occupied: u64, rook: bool) -> (u64, usize) {
    let mut attacks = 0;
    let mut number = 0;
    for (df, dr) in dirs(rook) {
        let length = ray_length(sq, (df, dr));
        let (mut f, mut r) = ((sq & 7) as i32 + df, (sq >> 3) as i32 + dr);
        let mut reach = 0;
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            reach += 1;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        if length > 1 {
            number = number * length + (reach - 1);
        }
    }
    (attacks, number)
}

fn main() {
    // The same test as the crate's `cfg(all(target_arch = "x86_64", target_feature = "bmi2"))`.
    let pext = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "x86_64")
        && std::env::var("CARGO_CFG_TARGET_FEATURE")
            .is_ok_and(|features| features.split(',').any(|f| f == "bmi2"));
    let mut numbers = vec![0u8; SLIDER_TABLE_SIZE];
    let mut sets = vec![0u64; ROOK_SETS + BISHOP_SETS];
    for rook in [true, false] {
        for (sq, magic) in (0u32..).zip(magics(rook)) {
            // Carry-rippler: every subset of the mask, the empty one first.
            let mut subset: u64 = 0;
            let mut n = 0;
            loop {
                let (attacks, number) = numbered_attacks(sq, subset, rook);
                numbers[slot(&magic, subset, n, pext)] =
                    u8::try_from(number).expect("at most 144 sets a square");
                sets[magic.sets + number] = attacks;
                n += 1;
                subset = subset.wrapping_sub(magic.mask) & magic.mask;
                if subset == 0 {
                    break;
                }
            }
        }
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("slider_numbers.bin"), &numbers).expect("write the slots");
    let sets: Vec<u8> = sets.iter().flat_map(|set| set.to_le_bytes()).collect();
    std::fs::write(out.join("slider_sets.bin"), sets).expect("write the sets");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/attacks/sliders.rs");
}
