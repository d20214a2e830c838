//! Practice on one's own mistakes, through the real binary with the fake engine: after
//! a review, `practice` goes through the moves the review marked as mistakes and
//! blunders; a move tried is judged (the engine's own at once, another by the engine);
//! `show`, `skip` and `stop`; the game itself unchanged.

use crate::common;

use super::computer::{saved_game, start};
use common::TempDir;
use common::fake_engine::{Answer, FakeScript, fake_engine};
use common::pty::Pty;

/// Légal's mate: 1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1?? 6. Bxf7+ Ke7
/// 7. Nd5#. The engine finds 5. d3 best, Black a piece up after 5. Nxe5 dxe5, and
/// Black mated after Bxd1;
/// every other position level.
fn legal_engine() -> FakeScript {
    FakeScript {
        default: Some(Answer::cp(0, "0000")),
        ..FakeScript::answering([
            (8, Answer::cp(50, "d2d3")),
            (9, Answer::cp(300, "d6e5")),
            (10, Answer::mate(2, "c4f7")),
            (11, Answer::mate(-1, "e8e7")),
            (12, Answer::mate(1, "c3d5")),
        ])
    }
}

const LEGAL: [&str; 13] =
    ["e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"];

fn reviewed_legal(dir: &TempDir, face: &[&str]) -> Pty {
    let engine = fake_engine(dir.path(), &legal_engine());
    let mut pty = start(dir, &engine, face);
    for san in LEGAL {
        pty.send(&format!("{san}\r"));
    }
    pty.wait_for("Checkmate");
    pty
}

#[test]
fn practice_after_reviewing_legals_mate_asks_for_a_better_move_than_bxd1() {
    let dir = TempDir::new("practice-legal");
    let mut pty = reviewed_legal(&dir, &["--plain", "--announce", "san"]);
    pty.send("practice\r");
    pty.wait_for("review the game first");
    pty.send("review\r");
    pty.wait_for("Review done.");
    pty.send("practice black\r");
    pty.wait_for("Practice 1 of 1: Black to move. Find a better move than 5… Bxd1");
    // Another move: the engine judges it (the fake one finds it mated in two).
    pty.send("Bh5\r");
    pty.wait_for("Bh5 is not good enough");
    pty.send("show\r");
    pty.wait_for("The engine's move: dxe5 (-3.00).");
    pty.send("dxe5\r");
    pty.wait_for("dxe5 is good: as good as the engine's best.");
    pty.send("skip\r");
    pty.wait_for("Practice done");
    // The game is as it was: no move of practice's in it.
    pty.send("pgn\r");
    pty.wait_for("7. Nd5#");
    pty.send("quit\r");
    assert!(pty.wait_for_exit().success());
    let saved = saved_game(dir.path());
    assert!(saved.contains("5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0"), "{saved}");
    assert!(!saved.contains("dxe5") && !saved.contains("Bh5"), "{saved}");
}

#[test]
fn practice_stops_on_stop_and_its_words_mean_nothing_outside_it() {
    let dir = TempDir::new("practice-stop");
    let mut pty = reviewed_legal(&dir, &["--plain", "--announce", "san"]);
    pty.send("review\r");
    pty.wait_for("Review done.");
    pty.send("practice white\r");
    // White's 5. Nxe5 threw away three pawns by the fake engine's count.
    pty.wait_for("Find a better move than 5. Nxe5");
    pty.send("stop\r");
    pty.wait_for("Practice stopped; back to the game.");
    pty.send("skip\r");
    pty.wait_for("Neither a move nor a command");
    pty.send("quit\r");
    assert!(pty.wait_for_exit().success());
}

#[test]
fn practice_on_the_board_with_f7() {
    let dir = TempDir::new("practice-board");
    let engine = fake_engine(dir.path(), &legal_engine());
    let mut pty = start(&dir, &engine, &[]);
    pty.wait_for("White to move");
    for san in LEGAL {
        pty.send(&format!("{san}\r"));
    }
    pty.wait_for("Checkmate");
    pty.send("\x05");
    pty.wait_for("Review done");
    // F7.
    pty.send("\x1b[18~");
    pty.wait_for("Find a better move than 5. Nxe5");
    pty.send("d3");
    pty.send("\r");
    pty.wait_for("d3 is good");
    pty.send("skip\r");
    pty.wait_for("Find a better move than 5… Bxd1");
    pty.send("\x1b[18~");
    pty.wait_for("Practice stopped");
    pty.quit();
}
