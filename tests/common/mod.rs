//! Helpers shared by the integration tests: random games, temporary directories, and
//! (from the rules core's own test helpers, one copy for both crates) reading the
//! perft suites, a seeded random number generator, Chess960 start positions and the
//! proptest settings.

// Each test crate includes this module and uses only part of it.
#![allow(dead_code)]

pub mod fake_engine;
pub mod opponents;
pub mod pty;
#[path = "../../crates/hotseat-chess/tests/it/common.rs"]
mod rules_core;
pub mod screen;
pub mod svg;

#[allow(unused_imports)]
pub use rules_core::{
    PerftCase, Rng, chess960_fen, proptest_config, read_epd_file, read_perft_file, suite_path,
};

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use hotseat::chess::{Game, Move, Position};

/// The path of a file in `tests/data/` (games, reviews, kept fuzz inputs).
pub fn data_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data").join(name)
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

/// The processor time this thread has used so far (user and system), to bound the cost
/// of some work whatever else the machine is doing, which wall time cannot. Read from
/// `/proc/thread-self/stat`, in the kernel's clock ticks (a hundredth of a second).
pub fn thread_cpu_time() -> Duration {
    let stat = fs::read_to_string("/proc/thread-self/stat").expect("this thread's /proc stat");
    // The fields after the command name (in parentheses): utime and stime are the 12th
    // and 13th of them.
    let after_name = stat.rsplit_once(')').expect("the command name").1;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks: u64 = fields[11..13].iter().map(|f| f.parse::<u64>().expect("clock ticks")).sum();
    Duration::from_millis(ticks * 10)
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

/// A data directory of its own for one run of the binary (`HOTSEAT_DATA_DIR`),
/// removed afterwards.
pub struct DataDir(pub PathBuf);

impl DataDir {
    /// A fresh, empty data directory named after the test (`name`) and this process.
    pub fn new(name: &str) -> DataDir {
        let path = std::env::temp_dir().join(format!("hotseat-data-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("create the data directory");
        DataDir(path)
    }

    /// The environment that points the binary at it.
    pub fn env(&self) -> [(&'static str, &Path); 1] {
        [("HOTSEAT_DATA_DIR", self.0.as_path())]
    }

    /// The saved games, by name.
    pub fn games(&self) -> Vec<PathBuf> {
        let mut games: Vec<PathBuf> = fs::read_dir(self.0.join("games"))
            .map(|entries| entries.map(|e| e.expect("entry").path()).collect())
            .unwrap_or_default();
        games.retain(|p| p.extension().is_some_and(|e| e == "pgn"));
        games.sort();
        games
    }

    /// Waits until the one saved game holds `moves`.
    pub fn wait_for_saved_moves(&self, moves: &[&str]) {
        let deadline = Instant::now() + pty::PATIENCE;
        loop {
            let games = self.games();
            // Saving replaces the file whole, so a file that is there reads whole.
            let saved = match games.as_slice() {
                [game] => saved_moves(game),
                _ => Vec::new(),
            };
            if saved == moves {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the game was never saved with {moves:?}: {games:?} {saved:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The moves of the game saved in `path`, in SAN.
pub fn saved_moves(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).expect("the saved game");
    hotseat::records::pgn::read_game(&text).expect("the saved file parses").game.san_moves().to_vec()
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
