//! What opening names cost: the first lookup in a fresh process, a lookup per move
//! through whole games, and, for comparison, building the table at run time instead.
//!
//! Run with `cargo bench --bench openings`. The table is compiled in as sorted arrays
//! (`src/openings/table.bin`, read by `src/openings/table.rs`), so nothing is built at
//! start-up; the first lookup pays only for reading the arrays' pages. A name is asked
//! for once per frame drawn, for the position shown: [`openings::classify_at`] walks
//! back from it, one binary search per position, so its cost grows with the game's
//! length; the figures are per call, at every ply of a real game and of a long random
//! one that left the book at once.

#[path = "../it/openings/generate.rs"]
mod generate;

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use hotseat::chess::Game;
use hotseat::openings;
use hotseat::records::pgn;

const RUNS: usize = 200;

fn per_call(mut f: impl FnMut()) -> Duration {
    // One warm-up, then the best of a few rounds of RUNS calls.
    f();
    (0..5)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..RUNS {
                f();
            }
            start.elapsed() / RUNS as u32
        })
        .min()
        .expect("rounds")
}

fn report_game(label: &str, game: &Game) {
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    for ply in 0..=game.ply() {
        let t = per_call(|| {
            black_box(openings::classify_at(black_box(game), ply));
        });
        worst = worst.max(t);
        total += t;
    }
    let mean = total / (game.ply() as u32 + 1);
    println!("{label} ({} plies): classify_at per call: mean {mean:?}, worst {worst:?}", game.ply());
}

/// A long game that leaves the book at once: random legal moves (a fixed seed), the
/// longest of a few tries, at most `plies`.
fn random_game(plies: usize) -> Game {
    let mut longest = Game::new();
    for seed in 1..50u64 {
        let mut state = seed;
        let mut game = Game::new();
        while game.ply() < plies && !game.is_over() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let moves = game.position().legal_moves();
            let pick = (state >> 33) as usize % moves.len();
            game.play(moves[pick]);
        }
        if game.ply() > longest.ply() {
            longest = game;
        }
        if longest.ply() >= plies {
            break;
        }
    }
    longest
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));

    let mut first = Game::new();
    first.play_san("e4").expect("legal");
    let start = Instant::now();
    let named = openings::classify(&first);
    let cold = start.elapsed();
    let named = named.map_or_else(|| "none".to_owned(), |o| o.to_string());
    println!("first lookup in this process (nothing is built before it): {cold:?} ({named})");

    let single = per_call(|| {
        black_box(openings::lookup(black_box(first.position())));
    });
    println!("lookup of one position: {single:?}");

    let text = std::fs::read_to_string(root.join("tests/data/games/nepomniachtchi-liren-game1.pgn"))
        .expect("the game file");
    let record = pgn::read_game(&text).expect("a game");
    report_game("Nepomniachtchi-Ding 2023, game 1", &record.game);
    report_game("a random game", &random_game(400));

    let rows: Vec<generate::Row> = ["a", "b", "c", "d", "e"]
        .iter()
        .flat_map(|v| {
            let file = format!("{v}.tsv");
            let text = std::fs::read_to_string(root.join("assets/openings").join(&file)).expect("tsv");
            generate::read_rows(&file, &text)
        })
        .collect();
    let start = Instant::now();
    let keys: Vec<u64> = rows.iter().map(|row| generate::replay(row).position().hash()).collect();
    println!(
        "for comparison, replaying all {} rows at run time (the lazily built design): {:?}",
        keys.len(),
        start.elapsed()
    );
}
