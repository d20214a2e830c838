//! Helpers shared by the integration tests: reading the perft data files, a seeded
//! random number generator, random games, Chess960 start positions, and temporary
//! directories.

// Each test crate includes this module and uses only part of it.
#![allow(dead_code)]

pub mod fake_engine;
pub mod pty;
pub mod screen;
pub mod svg;

use std::fs;
use std::path::{Path, PathBuf};

use hotseat::chess::{Game, Move, Position};

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

/// The path of a file in `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data").join(name)
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

/// Plays up to `plies` random legal moves from `start`, stopping early when the game
/// ends (checkmate, stalemate, a dead position, fivefold repetition or the
/// seventy-five-move rule). Returns the game.
pub fn random_game(start: Position, plies: usize, rng: &mut Rng) -> Game {
    let mut game = Game::from_position(start);
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let moves = game.position().legal_moves();
        let m: Move = moves[rng.below(moves.len())];
        game.play(m);
    }
    game
}

/// Every position of a random game from `start`, the start included: cheaper than
/// [`random_game`] because it skips the game's bookkeeping, and it stops only when no
/// legal move is left or `plies` moves are played.
pub fn random_walk(start: Position, plies: usize, rng: &mut Rng) -> Vec<Position> {
    let mut positions = vec![start];
    for _ in 0..plies {
        let pos = positions.last().expect("at least the start");
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut next = pos.clone();
        next.play(moves[rng.below(moves.len())]);
        positions.push(next);
    }
    positions
}

/// proptest settings: `cases` cases (`PROPTEST_CASES` overrides), and a fixed seed so
/// that every run checks the same games unless `PROPTEST_RNG_SEED` asks otherwise.
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, RngSeed};
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    if config.rng_seed == RngSeed::Random {
        config.rng_seed = RngSeed::Fixed(0x686f_7473_6561_7421);
    }
    config
}

/// A directory of its own for one test, removed afterwards.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A fresh, empty directory named after the test (`name`) and this process.
    pub fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("hotseat-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("create temp dir");
        TempDir(path)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The names of the files in the directory, sorted.
    pub fn names(&self) -> Vec<String> {
        TempDir::names_of(&self.0)
    }

    /// The names of the files in `dir`, sorted.
    pub fn names_of(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("list a directory")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Drives an [`App`](hotseat::app::App) as a player at the keyboard does: every key goes
/// through the real key table of the app's mode, and the effects each key asks for
/// are kept, oldest first, as the loop would carry them out.
pub mod driver {
    use hotseat::app::{Action, App, Effect, MessageKind};
    use hotseat::chess::{Game, Position};
    use hotseat::input::{self, Key};

    /// A game from `fen`, with nothing played.
    pub fn app_from(fen: &str) -> App {
        App::new(Game::from_position(Position::from_fen(fen).expect("valid fen")))
    }

    /// Presses one key through the key table of the app's current mode; returns the
    /// effects it asked for (nothing when the key means nothing there).
    pub fn press(app: &mut App, key: Key) -> Vec<Effect> {
        input::action_for_key(app.mode(), key).map(|action| app.update(action)).unwrap_or_default()
    }

    /// Presses keys one after the other; returns every effect asked for.
    pub fn press_all(app: &mut App, keys: &[Key]) -> Vec<Effect> {
        keys.iter().flat_map(|&key| press(app, key)).collect()
    }

    /// Types `text` key by key, without Enter.
    pub fn type_text(app: &mut App, text: &str) -> Vec<Effect> {
        text.chars().flat_map(|c| press(app, Key::Char(c))).collect()
    }

    /// Types `text` and presses Enter.
    pub fn type_move(app: &mut App, text: &str) -> Vec<Effect> {
        let mut effects = type_text(app, text);
        effects.extend(press(app, Key::Enter));
        effects
    }

    /// Plays moves typed as SAN, asserting each is played; returns every effect.
    pub fn play(app: &mut App, moves: &str) -> Vec<Effect> {
        let mut effects = Vec::new();
        for m in moves.split_whitespace() {
            let before = app.game().ply();
            effects.extend(type_move(app, m));
            assert_eq!(app.game().ply(), before + 1, "{m} was not played: {:?}", app.message());
        }
        effects
    }

    /// Sends an action straight to the app (a tick, a paste).
    pub fn send(app: &mut App, action: Action) -> Vec<Effect> {
        app.update(action)
    }

    /// The moves of the game, in SAN.
    pub fn sans(app: &App) -> Vec<&str> {
        app.game().san_moves().iter().map(String::as_str).collect()
    }

    /// The error on screen; fails when there is none.
    pub fn error(app: &App) -> String {
        let message = app.message().expect("a message");
        assert_eq!(message.kind, MessageKind::Error, "{message:?}");
        message.text.clone()
    }
}
