//! Helpers of the core's tests, and of the workspace's (`tests/common/mod.rs` includes
//! this file, so there is one copy): reading the perft suites in this crate's
//! `tests/data/`, a seeded random number generator, Chess960 start positions and the
//! proptest settings.

// Each test crate includes this module and uses only part of it.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

use hotseat_chess::Position;

/// One position of a perft suite with its known node counts.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The file and line the position was read from, for failure messages.
    pub origin: String,
    /// The record's `id`, or its line number for EPD files.
    pub id: String,
    /// The position, as written in the file.
    pub fen: String,
    /// `(depth, nodes)`, in the order the file lists them.
    pub depths: Vec<(u32, u64)>,
}

/// The path of a perft suite (`standard.epd`, `tricky.perft`...) in the core's
/// `tests/data/`, from the core's tests or the workspace's.
pub fn suite_path(name: &str) -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let core = manifest.join("crates").join("hotseat-chess");
    let core = if core.is_dir() { core } else { manifest.to_path_buf() };
    core.join("tests").join("data").join(name)
}

/// Reads a suite in the `id`/`epd`/`perft` line form (`*.perft`).
pub fn read_perft_file(path: &Path) -> Vec<PerftCase> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut cases: Vec<PerftCase> = Vec::new();
    let mut id = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let Some((key, rest)) = line.split_once(' ') else {
            assert!(line.is_empty(), "{name}:{}: cannot read {raw:?}", i + 1);
            continue;
        };
        let rest = rest.trim();
        match key {
            "id" => id = Some(rest.to_owned()),
            "epd" => cases.push(PerftCase {
                origin: format!("{name}:{}", i + 1),
                id: id.take().unwrap_or_else(|| format!("line {}", i + 1)),
                fen: rest.to_owned(),
                depths: Vec::new(),
            }),
            "perft" => {
                let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
                let case = cases.last_mut().expect("a perft line follows an epd line");
                case.depths.push((
                    depth.trim().parse().expect("depth is a number"),
                    nodes.trim().parse().expect("node count is a number"),
                ));
            }
            other => panic!("{name}:{}: unknown key {other:?}", i + 1),
        }
    }
    cases
}

/// Reads a suite in the EPD form `FEN ;D1 n ;D2 n ...` (`*.epd`).
pub fn read_epd_file(path: &Path) -> Vec<PerftCase> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().expect("a fen").trim().to_owned();
        let mut depths = Vec::new();
        for part in parts {
            let part = part.trim();
            let mut words = part.split_whitespace();
            let depth = words.next().and_then(|d| d.strip_prefix('D')).expect("a ;Dn entry");
            // Some records list a depth without a count (`;D4 ;D5 43238`): skip those.
            let Some(nodes) = words.next() else { continue };
            depths
                .push((depth.parse().expect("depth is a number"), nodes.parse().expect("count is a number")));
        }
        cases.push(PerftCase {
            origin: format!("{name}:{}", i + 1),
            id: format!("line {}", i + 1),
            fen,
            depths,
        });
    }
    cases
}

/// A small deterministic random number generator (`SplitMix64`), so failures can be
/// reproduced from a seed without the `rand` crate.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` must be positive).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// `true` about `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One of `items` (which must not be empty), each as likely as the others.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The FEN of Chess960 start position `index` (0 to 959), as the core numbers them.
pub fn chess960_fen(index: usize) -> String {
    Position::chess960(index as u16).expect("Chess960 positions are numbered 0 to 959").fen()
}

/// proptest settings: `cases` cases (`PROPTEST_CASES` overrides), and a fixed seed so
/// that every run checks the same games unless `PROPTEST_RNG_SEED` asks otherwise.
/// (proptest is built without its `std` feature, which would bring a regex engine and
/// cost 17 s of a cold `cargo test`; so these two variables are read here.)
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, RngSeed};
    let number = |name: &str| std::env::var(name).ok().and_then(|value| value.trim().parse::<u64>().ok());
    Config {
        cases: number("PROPTEST_CASES").and_then(|n| u32::try_from(n).ok()).unwrap_or(cases),
        rng_seed: RngSeed::Fixed(number("PROPTEST_RNG_SEED").unwrap_or(0x686f_7473_6561_7421)),
        ..Config::default()
    }
}
