//! The engine at the board, measured: each level's time per move, and what levels do
//! against each other and against a random mover, with the real engine.
//!
//! Run with `cargo bench --bench levels` (Stockfish, or the engine `HOTSEAT_ENGINE`
//! names, must be installed). Every game starts from the usual position; the levels'
//! choices are seeded (game `n` with seed `n`), the random mover too, so a run on the
//! same engine and machine plays nearly the same games (an engine's search under a
//! time limit is not quite repeatable).

use std::path::Path;
use std::time::{Duration, Instant};

use hotseat::app::{Action, App, Deed};
use hotseat::chess::{Color, Game, GameResult};
use hotseat::session::Arrival;
use hotseat::session::computer::{Chooser, Computer, Sides, Strength};

/// Plies after which a game is given up as unfinished.
const MAX_PLIES: usize = 400;

/// Who plays one side.
#[derive(Clone, Copy)]
enum Player {
    Level(u8),
    Random,
}

impl Player {
    fn name(self) -> String {
        match self {
            Player::Level(level) => format!("level {level}"),
            Player::Random => "random mover".to_owned(),
        }
    }
}

/// Lets `computer` play until it has moved or ended the game; how long it took.
fn engine_turn(computer: &mut Computer, app: &mut App) -> Duration {
    let start = Instant::now();
    let ply = app.game().ply();
    loop {
        for arrival in computer.play(app, Instant::now()) {
            match arrival {
                Arrival::Deed(_, deed) => app.update(Action::Do(deed)),
                Arrival::News(message) => app.update(Action::Report(message)),
                other => panic!("an engine only does and says: {other:?}"),
            };
        }
        if app.game().ply() > ply || app.game().is_over() {
            return start.elapsed();
        }
        assert!(start.elapsed() < Duration::from_secs(60), "the engine never moved");
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// A small seeded generator for the random mover.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays one game; its result for White, and the engines' times per move.
fn game(
    engine: &Path,
    white: Player,
    black: Player,
    seed: u64,
    times: &mut Vec<Duration>,
) -> Option<GameResult> {
    let mut app = App::new(Game::new());
    let start = |player: Player, side: Sides| match player {
        Player::Level(level) => Some(
            Computer::start(engine, Strength::Level(level), side, false, Chooser::seeded(seed))
                .expect("the engine starts"),
        ),
        Player::Random => None,
    };
    let mut sides = [start(white, Sides::White), start(black, Sides::Black)];
    let mut rng = Rng(seed.wrapping_add(1));
    while !app.game().is_over() && app.game().ply() < MAX_PLIES {
        let index = usize::from(app.game().turn() == Color::Black);
        if let Some(computer) = &mut sides[index] {
            times.push(engine_turn(computer, &mut app));
        } else {
            let moves = app.game().position().legal_moves();
            app.update(Action::Do(Deed::Move(moves[rng.below(moves.len())], None)));
        }
    }
    app.game().outcome().map(|outcome| outcome.result)
}

/// Plays `games` games of `a` against `b`, colours alternating; `a`'s wins, draws,
/// losses and unfinished games.
fn matchup(engine: &Path, a: Player, b: Player, games: u64) -> [u32; 4] {
    let mut score = [0; 4];
    let mut times = Vec::new();
    for n in 0..games {
        let a_white = n % 2 == 0;
        let (white, black) = if a_white { (a, b) } else { (b, a) };
        let result = game(engine, white, black, n, &mut times);
        let slot = match result {
            None => 3,
            Some(result) => match result.winner() {
                None => 1,
                Some(color) if (color == Color::White) == a_white => 0,
                Some(_) => 2,
            },
        };
        score[slot] += 1;
        eprintln!("  game {}: {} (White) against {}: {result:?}", n + 1, white.name(), black.name());
    }
    score
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("levels: a benchmark; run it with `cargo bench --bench levels`");
        return;
    }
    let engine = hotseat::engine::locate(None).expect("an engine (Stockfish) to measure");
    println!("\ntime per move, level by level (a level against itself, 16 plies from the start):\n");
    println!("{:<8} {:>10} {:>10}", "level", "median ms", "max ms");
    for level in 1..=8 {
        let mut times = Vec::new();
        let mut app = App::new(Game::new());
        let mut computer =
            Computer::start(&engine, Strength::Level(level), Sides::Both, false, Chooser::seeded(1))
                .expect("the engine starts");
        while app.game().ply() < 16 && !app.game().is_over() {
            times.push(engine_turn(&mut computer, &mut app));
        }
        times.sort_unstable();
        let ms = |d: &Duration| d.as_millis();
        println!("{:<8} {:>10} {:>10}", level, ms(&times[times.len() / 2]), ms(times.last().expect("moves")));
    }
    println!("\nresults (wins, draws, losses, unfinished after {MAX_PLIES} plies), colours alternating:\n");
    for (a, b, games) in [
        (Player::Level(1), Player::Random, 10),
        (Player::Level(8), Player::Random, 4),
        (Player::Level(1), Player::Level(8), 4),
        (Player::Level(2), Player::Level(1), 6),
    ] {
        let [won, drawn, lost, unfinished] = matchup(&engine, a, b, games);
        println!(
            "{} against {}: +{won} ={drawn} -{lost}{}",
            a.name(),
            b.name(),
            if unfinished > 0 { format!(" ({unfinished} unfinished)") } else { String::new() }
        );
    }
}
