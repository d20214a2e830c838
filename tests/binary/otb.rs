//! Over-the-board rules a player relies on, through the real binary in a
//! pseudo-terminal: a draw offered after one's own move (FIDE 9.1.2.2), and a draw
//! claimed with the move that makes it (FIDE 9.2.1.1, 9.3.1.1).

use crate::common;

use std::path::{Path, PathBuf};

use common::TempDir;
use common::pty::Pty;

const CTRL_D: &str = "\x04";
const CTRL_O: &str = "\x0f";
const CTRL_Q: &str = "\x11";

fn start(dir: &TempDir, args: &[&str]) -> Pty {
    let mut pty = Pty::start(args, None, &[("HOTSEAT_DATA_DIR", dir.path())]);
    pty.wait_for("White to move");
    pty
}

/// The one game saved in the data directory `dir`.
fn saved(dir: &Path) -> String {
    let games: Vec<PathBuf> = std::fs::read_dir(dir.join("games"))
        .expect("the games folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "pgn"))
        .collect();
    let [game] = games.as_slice() else { panic!("one saved game: {games:?}") };
    std::fs::read_to_string(game).expect("the saved game")
}

#[test]
fn a_draw_is_offered_by_the_player_who_just_moved_and_named() {
    let dir = TempDir::new("otb-offer");
    let mut pty = start(&dir, &["--white", "Anna", "--black", "Ben"]);
    pty.play("e4", "Black to move");
    // Anna has just moved: the offer is hers, and Ben, to move, answers.
    pty.send(CTRL_O);
    pty.wait_for("Anna (White) offers a draw.");
    pty.wait_for("Ben (Black), do you");
    // Ben declines by moving.
    pty.send("e5\r");
    pty.wait_for("Ben (Black) plays on: Anna (White)'s draw offer is declined.");
    pty.play("Nf3", "Black to move");
    pty.send(CTRL_O);
    pty.wait_for("Anna (White) offers a draw.");
    pty.send("y");
    pty.wait_for("Draw by agreement");
    pty.send(CTRL_Q);
    assert!(pty.wait_for_exit().success());
    let saved = saved(dir.path());
    assert!(saved.contains("1. e4 e5 2. Nf3 1/2-1/2"), "{saved}");
}

#[test]
fn a_repetition_is_claimed_with_the_move_that_makes_it_and_a_bad_claim_plays_nothing() {
    let dir = TempDir::new("otb-claim");
    let mut pty = start(&dir, &[]);
    for (san, shown) in [
        ("Nf3", "Black to move"),
        ("Nf6", "White to move"),
        ("Ng1", "Black to move"),
        ("Ng8", "White to move"),
        ("Nf3", "Black to move"),
        ("Nf6", "White to move"),
        ("Ng1", "Black to move"),
    ] {
        pty.play(san, shown);
    }
    // A claim with a move that repeats nothing: refused, nothing played.
    pty.send("Nc6");
    pty.wait_for("Move: Nc6");
    pty.send(CTRL_D);
    pty.wait_for("No draw to claim with Nc6 (not played): after it the position stands for the 1st time");
    assert!(!pty.contents().contains("Ng1     Nc6"), "{}", pty.contents());
    // Black writes Ng8 down and claims with it: played, and the draw recorded with it.
    pty.send("\x7f\x7f\x7fNg8");
    pty.wait_for("Move: Ng8");
    pty.send(CTRL_D);
    pty.wait_for("Draw by threefold repetition");
    pty.send(CTRL_Q);
    assert!(pty.wait_for_exit().success());
    let saved = saved(dir.path()).replace('\n', " ");
    assert!(saved.contains("4. Ng1 Ng8 1/2-1/2"), "{saved}");
}

#[test]
fn a_very_long_name_is_shortened_in_a_question_so_the_question_is_seen() {
    let dir = TempDir::new("otb-long-name");
    let long = "A".repeat(3000);
    let mut pty = start(&dir, &["--white", &long, "--black", "Ben"]);
    pty.play("e4", "Black to move");
    pty.send(CTRL_O);
    // At 100x32 the whole name would fill the question's box and push the question
    // itself out of sight.
    pty.wait_for(&format!("{}… (White)", "A".repeat(39)));
    pty.wait_for("offers a draw. Ben (Black), do you");
    pty.send("y");
    pty.wait_for("Draw by agreement");
    pty.send(CTRL_Q);
    assert!(pty.wait_for_exit().success());
    assert!(saved(dir.path()).contains(&format!("[White \"{long}\"]")), "the record keeps the whole name");
}
