//! Perft suites from `tests/data/` (and, in an ignored test, the random suite from
//! `shared/perft/` beside the clone): every position, every listed depth, against known
//! node counts.
//!
//! The normal run checks each depth whose expected count is under a node limit, and
//! always at least the shallowest depth of every position, so it stays quick in a
//! debug build. The `#[ignore]`d tests run every listed depth:
//!
//! ```text
//! cargo test -p hotseat-chess --release --test it perft -- --ignored
//! ```
//!
//! The Chess960 and random suites are very deep (5e11 and 4e12 nodes), so the ignored
//! tests take `HOTSEAT_PERFT_NODE_LIMIT` from the environment to cap them when wanted.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::{PerftCase, read_epd_file, read_perft_file, suite_path};
use hotseat_chess::{FenError, Position, Strictness, perft, perft_divide};

/// The largest expected node count the normal run checks.
fn quick_node_limit() -> u64 {
    if cfg!(debug_assertions) { 1_000_000 } else { 20_000_000 }
}

/// The node limit of the `#[ignore]`d full runs: none, unless the environment sets one.
fn full_node_limit() -> u64 {
    match std::env::var("HOTSEAT_PERFT_NODE_LIMIT") {
        Ok(text) => text.trim().parse().expect("HOTSEAT_PERFT_NODE_LIMIT is a number"),
        Err(_) => u64::MAX,
    }
}

/// The positions of `tricky.perft` and `tricky-python-chess.perft` that cannot arise in
/// a game: checks no last move could have given, and too much material.
const IMPOSSIBLE_TRICKY: [&str; 10] = [
    "align-diag-1",
    "align-diag-2",
    "align-horizontal",
    "align-ep",
    "align-ep-pinned",
    "ep-unrelated-check",
    "two-pawn-checkers",
    "two-stepper-checkers",
    "two-knight-checkers",
    "max-legals-too-much-material",
];

/// The one impossible position of `standard.epd`: two white bishops checking along a8-h1.
const IMPOSSIBLE_STANDARD: &str = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";

/// Loads a suite position strictly, or leniently when the suite marks it impossible.
fn load(case: &PerftCase, impossible: bool) -> Position {
    let strictness = if impossible { Strictness::Lenient } else { Strictness::Strict };
    Position::from_fen_with(&case.fen, strictness)
        .unwrap_or_else(|e| panic!("{} ({}): {e}: {}", case.origin, case.id, case.fen))
}

/// Runs every depth of every case whose count is at most `limit` (and always the
/// shallowest depth), on all cores, and reports every mismatch at once.
fn check_suite(cases: &[PerftCase], limit: u64, impossible: impl Fn(&PerftCase) -> bool + Sync) {
    assert!(!cases.is_empty(), "the suite has no positions");
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let checked = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let pos = load(case, impossible(case));
                    let shallowest = case.depths.iter().map(|&(d, _)| d).min().expect("a listed depth");
                    for &(depth, expected) in &case.depths {
                        if expected > limit && depth != shallowest {
                            continue;
                        }
                        let nodes = perft(&pos, depth);
                        if nodes != expected {
                            failures.lock().expect("no panics while holding the lock").push(format!(
                                "{} ({}): perft {depth} = {nodes}, expected {expected}: {}",
                                case.origin, case.id, case.fen
                            ));
                        }
                    }
                    checked.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    let failures = failures.into_inner().expect("no panics while holding the lock");
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(checked.into_inner(), cases.len(), "every position was checked");
}

fn standard() -> Vec<PerftCase> {
    read_epd_file(&suite_path("standard.epd"))
}

fn standard_is_impossible(case: &PerftCase) -> bool {
    case.fen == IMPOSSIBLE_STANDARD
}

fn tricky(name: &str) -> Vec<PerftCase> {
    read_perft_file(&suite_path(name))
}

fn tricky_is_impossible(case: &PerftCase) -> bool {
    IMPOSSIBLE_TRICKY.contains(&case.id.as_str())
}

fn chess960() -> Vec<PerftCase> {
    read_perft_file(&suite_path("chess960.perft"))
}

/// `random.perft` is not copied into the project (see `tests/data/SOURCES.md`); it is
/// read from the shared folder beside the clone, which the test that needs it fails
/// without.
fn random() -> Vec<PerftCase> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/perft/random.perft");
    assert!(
        path.exists(),
        "this test needs {} (random.perft is not shipped with the project)",
        path.display()
    );
    read_perft_file(&path)
}

#[test]
fn the_suites_have_every_position_they_should() {
    assert_eq!(standard().len(), 128);
    assert_eq!(tricky("tricky.perft").len(), 26);
    assert_eq!(tricky("tricky-python-chess.perft").len(), 19);
    assert_eq!(chess960().len(), 960);
    assert_eq!(read_epd_file(&suite_path("fischer.epd")).len(), 960);
    for case in standard().iter().chain(&chess960()).chain(&tricky("tricky.perft")) {
        assert!(!case.depths.is_empty(), "{} lists no depth", case.origin);
    }
}

#[test]
fn standard_suite_agrees_at_shallow_depths() {
    check_suite(&standard(), quick_node_limit(), standard_is_impossible);
}

#[test]
fn tricky_suite_agrees_at_shallow_depths() {
    check_suite(&tricky("tricky.perft"), quick_node_limit(), tricky_is_impossible);
}

#[test]
fn python_chess_tricky_suite_agrees_at_shallow_depths() {
    check_suite(&tricky("tricky-python-chess.perft"), quick_node_limit(), tricky_is_impossible);
}

#[test]
fn chess960_suite_agrees_at_shallow_depths() {
    check_suite(&chess960(), quick_node_limit(), |_| false);
}

#[test]
#[ignore = "needs ../shared/perft/random.perft (not shipped with the project)"]
fn random_suite_agrees_at_shallow_depths() {
    check_suite(&random(), if cfg!(debug_assertions) { 10_000 } else { 1_000_000 }, |_| false);
}

#[test]
fn fischer_epd_lists_the_same_positions_and_counts_as_chess960_perft() {
    // So running one of the two files covers both.
    let fischer = read_epd_file(&suite_path("fischer.epd"));
    let chess960 = chess960();
    assert_eq!(fischer.len(), chess960.len());
    for (a, b) in fischer.iter().zip(&chess960) {
        assert_eq!((&a.fen, &a.depths), (&b.fen, &b.depths), "{} and {}", a.origin, b.origin);
    }
}

#[test]
fn strict_loading_refuses_exactly_the_impossible_tricky_positions() {
    for name in ["tricky.perft", "tricky-python-chess.perft"] {
        for case in tricky(name) {
            let strict = Position::from_fen(&case.fen);
            if tricky_is_impossible(&case) {
                assert!(
                    matches!(strict, Err(FenError::Impossible(_))),
                    "{} ({}) should be refused as impossible, got {strict:?}",
                    case.origin,
                    case.id
                );
                assert!(Position::from_fen_with(&case.fen, Strictness::Lenient).is_ok(), "{}", case.origin);
            } else {
                assert!(strict.is_ok(), "{} ({}): {strict:?}", case.origin, case.id);
            }
        }
    }
}

#[test]
fn strict_loading_refuses_only_the_impossible_standard_position() {
    let refused: Vec<String> = standard()
        .into_iter()
        .filter(|case| Position::from_fen(&case.fen).is_err())
        .map(|case| case.fen)
        .collect();
    assert_eq!(refused, [IMPOSSIBLE_STANDARD]);
    assert!(Position::from_fen_with(IMPOSSIBLE_STANDARD, Strictness::Lenient).is_ok());
}

#[test]
fn every_chess960_position_loads_strictly_and_writes_its_fen_back() {
    for case in chess960() {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.origin));
        assert_eq!(Position::from_fen(&pos.fen()).as_ref(), Ok(&pos), "{}", case.origin);
        // A Chess960 array whose only castling rooks stand on a and h with the king on
        // e reads as standard chess and is written with `KQkq`; the rest keep Shredder-FEN.
        if pos.is_chess960() {
            assert_eq!(pos.fen(), case.fen, "{}: Shredder-FEN castling is written back", case.origin);
        }
    }
}

#[test]
fn perft_divide_sums_to_perft() {
    let case = &standard()[1];
    let pos = load(case, false);
    let divided = perft_divide(&pos, 3);
    assert_eq!(divided.len(), 48);
    assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u64>(), perft(&pos, 3));
    assert_eq!(perft(&pos, 0), 1);
    assert!(perft_divide(&pos, 0).is_empty());
}

#[test]
#[ignore = "deep: run with cargo test --release -- --ignored"]
fn standard_suite_agrees_at_every_depth() {
    check_suite(&standard(), full_node_limit(), standard_is_impossible);
}

#[test]
#[ignore = "deep: run with cargo test --release -- --ignored"]
fn tricky_suites_agree_at_every_depth() {
    check_suite(&tricky("tricky.perft"), full_node_limit(), tricky_is_impossible);
    check_suite(&tricky("tricky-python-chess.perft"), full_node_limit(), tricky_is_impossible);
}

#[test]
#[ignore = "deep (5e11 nodes): run with cargo test --release -- --ignored, HOTSEAT_PERFT_NODE_LIMIT caps it"]
fn chess960_suite_agrees_at_every_depth() {
    check_suite(&chess960(), full_node_limit(), |_| false);
}

#[test]
#[ignore = "needs ../shared/perft/random.perft; deep (4e12 nodes): run in release, HOTSEAT_PERFT_NODE_LIMIT caps it"]
fn random_suite_agrees_at_every_depth() {
    check_suite(&random(), full_node_limit(), |_| false);
}
