//! Perft from the command line, for profiling the core as a crate using it builds it:
//!
//! ```text
//! cargo run -p hotseat-chess --release --example perft -- 5 [FEN]
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/perft 5
//! ```

use std::time::Instant;

use hotseat_chess::{Position, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).expect("usage: perft DEPTH [FEN]");
    let pos = match args.next() {
        Some(fen) => Position::from_fen(&fen).expect("valid fen"),
        None => Position::startpos(),
    };
    let start = Instant::now();
    let nodes = perft(&pos, depth);
    let time = start.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!("{time:.3} s, {:.1} million nodes per second", nodes as f64 / time / 1e6);
}
