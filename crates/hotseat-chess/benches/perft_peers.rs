//! Perft speed, side by side with the published Rust move generators.
//!
//! Run with `cargo bench --bench perft_peers`. Every engine counts the same tree
//! single-threaded, with bulk counting at the last ply, no hashing; each run is
//! repeated and the best time kept. The node counts must agree, or the benchmark
//! stops.
//!
//! Options: `--quick` runs one repetition of shallower trees (a smoke test);
//! `--runs N` sets the repetitions (default 5).

use std::hint::black_box;
use std::time::{Duration, Instant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

type Engine = (&'static str, fn(&str, u32) -> u64);

fn hotseat_perft(fen: &str, depth: u32) -> u64 {
    let pos = hotseat_chess::Position::from_fen(fen).expect("valid fen");
    hotseat_chess::perft(&pos, depth)
}

fn shakmaty_perft(fen: &str, depth: u32) -> u64 {
    use shakmaty::{CastlingMode, Chess, fen::Fen};
    let pos: Chess =
        fen.parse::<Fen>().expect("valid fen").into_position(CastlingMode::Standard).expect("legal position");
    shakmaty::perft(&pos, depth)
}

fn cozy_perft(fen: &str, depth: u32) -> u64 {
    fn go(board: &cozy_chess::Board, depth: u32) -> u64 {
        let mut nodes = 0;
        if depth == 1 {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        } else {
            board.generate_moves(|moves| {
                for m in moves {
                    let mut child = board.clone();
                    child.play_unchecked(m);
                    nodes += go(&child, depth - 1);
                }
                false
            });
        }
        nodes
    }
    go(&fen.parse().expect("valid fen"), depth)
}

fn chess_crate_perft(fen: &str, depth: u32) -> u64 {
    use std::str::FromStr;
    let board = chess::Board::from_str(fen).expect("valid fen");
    chess::MoveGen::movegen_perft_test(&board, depth as usize) as u64
}

const ENGINES: [Engine; 4] = [
    ("hotseat", hotseat_perft),
    ("chess", chess_crate_perft),
    ("cozy-chess", cozy_perft),
    ("shakmaty", shakmaty_perft),
];

fn best_of(runs: u32, f: impl Fn() -> u64) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        nodes = black_box(f());
        best = best.min(start.elapsed());
    }
    (nodes, best)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let runs = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(if quick { 1 } else { 5 });
    let cases = [
        ("start position", START, if quick { 4 } else { 6 }),
        ("Kiwipete", KIWIPETE, if quick { 3 } else { 5 }),
    ];
    println!("perft, single thread, bulk counting, best of {runs} runs");
    for (name, fen, depth) in cases {
        println!("\n{name}, depth {depth}");
        println!(
            "{:<12} {:>12} {:>10} {:>9} {:>16}",
            "engine", "nodes", "time ms", "Mnps", "hotseat speedup"
        );
        let mut hotseat_time = Duration::ZERO;
        let mut expected = None;
        for (engine, perft) in ENGINES {
            let (nodes, time) = best_of(runs, || perft(black_box(fen), depth));
            assert_eq!(*expected.get_or_insert(nodes), nodes, "{engine} disagrees on the node count");
            if engine == "hotseat" {
                hotseat_time = time;
            }
            let mnps = nodes as f64 / time.as_secs_f64() / 1e6;
            let speedup = time.as_secs_f64() / hotseat_time.as_secs_f64();
            println!(
                "{engine:<12} {nodes:>12} {:>10.1} {mnps:>9.1} {speedup:>15.2}x",
                time.as_secs_f64() * 1e3
            );
        }
    }
}
