//! The review against the real Stockfish: a short real game with a known blunder
//! (Légal's mate, 5...Bxd1??) is marked so. Ignored by a plain `cargo test` (it needs
//! Stockfish): `.ci/run` installs the Debian package and runs it by name, as
//! `cargo test --test binary -- --ignored stockfish` does anywhere an engine is.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use hotseat::engine;

/// The engine to use; a test that asks for one fails without it (such tests are
/// `#[ignore = "needs Stockfish"]`, run by name where an engine is installed).
pub fn stockfish() -> PathBuf {
    engine::locate(None).unwrap_or_else(|err| panic!("this test needs a chess engine: {err}"))
}

#[test]
#[ignore = "needs Stockfish"]
fn stockfish_marks_the_blunder_of_legals_mate() {
    let engine = stockfish();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/review/legal-saint-brie-1750.pgn");
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["analyse", file.to_str().expect("path"), "--depth", "12", "--engine"])
        .arg(&engine)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // Taking the queen allows mate in two: a blunder, with the engine's better move.
    let movetext = stdout.split("\n\n").nth(1).expect("movetext").replace('\n', " ");
    assert!(movetext.contains("5... Bxd1 $4 {[%eval #2]} ("), "{movetext}");
    assert!(movetext.contains("7. Nd5# {[%eval #0]} 1-0"), "{movetext}");
    // Every move of the main line has its evaluation.
    assert_eq!(movetext.matches("[%eval ").count(), 13, "{movetext}");
    assert!(stderr.contains("Black (Saint Brie): accuracy "), "{stderr}");
    assert!(stderr.contains(" 1 blunder"), "{stderr}");
    assert!(
        stderr.lines().next().is_some_and(|l| l.ends_with(" 0 blunders")),
        "White blundered nothing: {stderr}"
    );
}
