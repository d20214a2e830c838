//! Perft speed, side by side with the published Rust move generators.
//!
//! Run with `cargo bench -p perft-peers`. Every engine counts the
//! same tree single-threaded, with bulk counting at the last ply, no hashing. The runs are
//! paired: each round runs every engine once, in an order that rotates from round to
//! round, and a ratio is taken within the round, so a machine that slows down or speeds
//! up mid-run affects both sides of a ratio alike. The tables give the median time and the
//! median of the paired ratios. The node counts must agree, or the benchmark stops.
//!
//! Options: `--quick` runs one round of shallower trees (a smoke test); `--runs N` sets
//! the rounds (default 5); `--shipped PATH` adds the game's binary as built for release
//! (`PATH perft DEPTH --fen FEN`, timed by the time it reports, which leaves out the
//! process start); `--depths S K` sets the depths for the start position and Kiwipete
//! (default 6 and 5).

use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;
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

/// Runs the game's release binary once and returns its node count and the time it
/// reports for the search on standard error (`time: 0.301 s, ...`).
fn shipped_perft(binary: &PathBuf, fen: &str, depth: u32) -> (u64, Duration) {
    let out = Command::new(binary)
        .args(["perft", &depth.to_string(), "--fen", fen])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", binary.display()));
    assert!(out.status.success(), "{} perft failed", binary.display());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let nodes = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("the binary prints the node count");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let seconds: f64 = stderr
        .lines()
        .find_map(|l| l.strip_prefix("time: "))
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .expect("the binary reports its time");
    (nodes, Duration::from_secs_f64(seconds))
}

fn time_once(f: impl Fn() -> u64) -> (u64, Duration) {
    let start = Instant::now();
    let nodes = black_box(f());
    (nodes, start.elapsed())
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 { values[n / 2] } else { f64::midpoint(values[n / 2 - 1], values[n / 2]) }
}

fn option<'a>(args: &'a [String], name: &str) -> Option<&'a String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let runs: usize =
        option(&args, "--runs").and_then(|n| n.parse().ok()).unwrap_or(if quick { 1 } else { 5 });
    let shipped = option(&args, "--shipped").map(PathBuf::from);
    let depths: Option<(u32, u32)> = args
        .iter()
        .position(|a| a == "--depths")
        .and_then(|i| Some((args.get(i + 1)?.parse().ok()?, args.get(i + 2)?.parse().ok()?)));
    let (start_depth, kiwipete_depth) = depths.unwrap_or(if quick { (4, 3) } else { (6, 5) });
    let cases = [("start position", START, start_depth), ("Kiwipete", KIWIPETE, kiwipete_depth)];
    let mut names: Vec<&str> = ENGINES.iter().map(|(name, _)| *name).collect();
    if shipped.is_some() {
        names.push("shipped");
    }
    println!("perft, single thread, bulk counting, {runs} paired rounds, medians");
    for (name, fen, depth) in cases {
        // times[engine][round]
        let mut times = vec![Vec::new(); names.len()];
        let mut expected = None;
        for round in 0..runs {
            for k in 0..names.len() {
                let engine = (round + k) % names.len();
                let (nodes, time) = match ENGINES.get(engine) {
                    Some((_, perft)) => time_once(|| perft(black_box(fen), depth)),
                    None => shipped_perft(shipped.as_ref().expect("a shipped binary"), fen, depth),
                };
                assert_eq!(
                    *expected.get_or_insert(nodes),
                    nodes,
                    "{} disagrees on the node count",
                    names[engine]
                );
                times[engine].push(time.as_secs_f64());
            }
        }
        let nodes = expected.expect("at least one run");
        println!("\n{name}, depth {depth}, {nodes} nodes");
        print!("{:<12} {:>10} {:>9} {:>16}", "engine", "time ms", "Mnps", "hotseat speedup");
        if shipped.is_some() {
            print!(" {:>16}", "shipped speedup");
        }
        println!();
        let shipped_index = names.len() - 1;
        for (engine, name) in names.iter().enumerate() {
            let time = median(times[engine].clone());
            let paired = |ours: usize| median((0..runs).map(|r| times[engine][r] / times[ours][r]).collect());
            print!("{name:<12} {:>10.1} {:>9.1} {:>15.2}x", time * 1e3, nodes as f64 / time / 1e6, paired(0));
            if shipped.is_some() {
                print!(" {:>15.2}x", paired(shipped_index));
            }
            println!();
        }
    }
}
