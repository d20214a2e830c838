//! Nothing to use: this crate holds the benchmark `benches/perft_peers.rs`, which times the
//! rules core's perft beside the published Rust move generators. Run it with
//! `cargo bench -p perft-peers`.
