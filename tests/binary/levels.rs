//! The ladder through the real binary: a rating below the engine's floor played by
//! hotseat's own levels and said so, the coach that knows a mate, and (with the real
//! Stockfish) level 1 against the greedy grabber and the random mover, as the issue's
//! "done when" asks.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use super::computer::{saved_game, start};
use common::TempDir;
use common::fake_engine::{Answer, FakeScript, fake_engine, log_file};
use common::pty::{PATIENCE, Pty};

fn quit_plain(pty: &mut Pty) {
    pty.send("quit\r");
    assert!(pty.wait_for_exit().success(), "{}", pty.raw());
}

/// An engine that keeps to ratings from 1350, as Stockfish 15.1 does.
fn rated(answers: impl IntoIterator<Item = (usize, Answer)>) -> FakeScript {
    FakeScript {
        options: vec![
            "option name MultiPV type spin default 1 min 1 max 500".into(),
            "option name UCI_LimitStrength type check default false".into(),
            "option name UCI_Elo type spin default 1350 min 1350 max 2850".into(),
        ],
        ..FakeScript::answering(answers)
    }
}

#[test]
fn elo_800_plays_as_hotseats_own_levels_and_says_so() {
    let dir = TempDir::new("levels-elo-800");
    let engine = fake_engine(dir.path(), &rated([(1, Answer::cp(-20, "e7e5"))]));
    let mut pty =
        start(&dir, &engine, &["--plain", "--announce", "san", "--computer", "black", "--elo", "800"]);
    pty.wait_for("against Fake Engine, 800 Elo by hotseat's levels.");
    pty.send("e4\r");
    // The answer is the engine's line or, now and then, a beginner's random move.
    let deadline = Instant::now() + PATIENCE;
    while !pty.raw().contains("Black: ") {
        assert!(Instant::now() < deadline, "no answer:\n{}", pty.raw());
        pty.read_for(Duration::from_millis(20));
    }
    quit_plain(&mut pty);
    let log = std::fs::read_to_string(log_file(dir.path())).expect("the engine's log");
    assert!(!log.contains("UCI_Elo") && !log.contains("UCI_LimitStrength"), "below its floor: {log}");
    assert!(log.contains("setoption name MultiPV value"), "hotseat chooses among lines: {log}");
    let saved = saved_game(dir.path());
    assert!(saved.contains("[Black \"Fake Engine, 800 Elo by hotseat's levels\"]"), "{saved}");
    assert!(saved.contains("[EngineStrength \"800 Elo\"]"), "{saved}");
}

#[test]
fn a_rating_out_of_reach_is_refused_naming_what_can_be_asked() {
    let dir = TempDir::new("levels-elo-refused");
    let engine = fake_engine(dir.path(), &rated([]));
    for elo in ["499", "2851"] {
        let mut pty = start(&dir, &engine, &["--computer", "black", "--elo", elo]);
        assert!(!pty.wait_for_exit().success());
        let raw = pty.raw();
        assert!(raw.contains("ask for 500 to 2850 Elo") && raw.contains("--level"), "{raw}");
        assert_eq!(raw.trim().lines().count(), 1, "one line: {raw}");
    }
    // An engine with no UCI_Elo: hotseat's own range only.
    let bare = TempDir::new("levels-elo-bare");
    let engine = fake_engine(bare.path(), &FakeScript::default());
    let mut pty = start(&bare, &engine, &["--computer", "black", "--elo", "1800"]);
    assert!(!pty.wait_for_exit().success());
    let raw = pty.raw();
    assert!(raw.contains("500 to 1350 Elo") && raw.contains("no UCI_Elo"), "{raw}");
}

#[test]
fn the_coach_calls_a_missed_mate_a_blunder_and_names_the_mate() {
    // The issue's case: 25. g4# is on the board; 25. Qxh7+ gives the queen (Rxh7) and
    // leaves White only six pawns better, which by winning chances alone is nothing.
    let fen = "5B1r/7p/8/6pk/7n/5P2/6P1/1Q4K1 w - - 0 25";
    let dir = TempDir::new("levels-coach-mate");
    let script = FakeScript::answering([(48, Answer::mate(1, "g2g4")), (49, Answer::cp(-600, "h8h7"))]);
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--coach", "white", "--fen", fen]);
    pty.wait_for("White to move.");
    pty.send("Qxh7+\r");
    pty.wait_for("Coach: 25. Qxh7+ was a blunder; g4# was mate.");
    quit_plain(&mut pty);
}

#[test]
fn the_coach_calls_a_mate_allowed_a_blunder() {
    // 1. f3 e5 2. g4?? allows Qh4#.
    let dir = TempDir::new("levels-coach-allowed");
    let script = FakeScript::answering([(2, Answer::cp(-60, "b1c3")), (3, Answer::mate(1, "d8h4"))]);
    let engine = fake_engine(dir.path(), &script);
    let mut pty = start(&dir, &engine, &["--plain", "--announce", "san", "--coach", "white"]);
    pty.wait_for("White to move.");
    for line in ["f3\r", "e5\r", "g4\r"] {
        pty.send(line);
    }
    pty.wait_for("Coach: 2. g4 was a blunder; better was Nc3.");
    quit_plain(&mut pty);
}

// ----- with the real Stockfish: the issue's "done when" for level 1 -----

/// A seeded generator for the opponents' moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Plays one game in plain text against level 1 (Black when `engine_black`), the
/// other side's moves from `choose`; the opponent's score (1, 0.5, 0). A draw the
/// rules let a player claim, or 300 plies, is scored a draw.
fn game_against_level_1(
    engine_black: bool,
    seed: u64,
    choose: &dyn Fn(&hotseat::chess::Position, &mut Rng) -> hotseat::chess::Move,
) -> f64 {
    use hotseat::chess::{Color, Game};
    let dir = TempDir::new(&format!("levels-level-1-{seed}"));
    let side = if engine_black { "black" } else { "white" };
    let engine_color = if engine_black { Color::Black } else { Color::White };
    let args = ["--plain", "--announce", "san", "--computer", side, "--level", "1"];
    let seed_text = seed.to_string();
    let env = [("HOTSEAT_DATA_DIR", dir.path()), ("HOTSEAT_SEED", Path::new(&seed_text))];
    let mut pty = Pty::start(&args, None, &env);
    let mut rng = Rng(seed);
    let mut game = Game::new();
    let mover = if engine_black { "Black: " } else { "White: " };
    let score = |game: &Game| -> Option<f64> {
        if let Some(outcome) = game.outcome() {
            return Some(match outcome.result.winner() {
                None => 0.5,
                Some(color) if color == engine_color => 0.0,
                Some(_) => 1.0,
            });
        }
        (game.claimable_draw().is_some() || game.ply() >= 300).then_some(0.5)
    };
    pty.wait_for("to move.");
    loop {
        if let Some(result) = score(&game) {
            pty.send("quit\r");
            let _ = pty.wait_for_exit();
            return result;
        }
        if game.turn() == engine_color {
            // The engine's moves said so far: one more is its answer.
            let said = game.ply() / 2;
            let deadline = Instant::now() + PATIENCE;
            while pty.raw().matches(mover).count() <= said {
                assert!(Instant::now() < deadline, "no answer:\n{}", pty.raw());
                pty.read_for(Duration::from_millis(10));
            }
            let raw = pty.raw();
            let san =
                raw.rsplit(mover).next().and_then(|rest| rest.split(['\r', '\n']).next()).expect("a move");
            let san = san.trim().trim_end_matches('.');
            let m = game.position().parse_san(san).unwrap_or_else(|_| panic!("hotseat played {san:?}"));
            game.play(m);
        } else {
            let m = choose(game.position(), &mut rng);
            let san = game.position().san(m);
            game.play(m);
            // The echo of the move comes before the engine's answer.
            let echo = if engine_black { "White: " } else { "Black: " };
            // The other side's moves echoed so far, this one not yet.
            let said = (game.ply() - 1) / 2;
            pty.send(&format!("{san}\r"));
            let deadline = Instant::now() + PATIENCE;
            while pty.raw().matches(echo).count() <= said {
                assert!(Instant::now() < deadline, "{san} never taken:\n{}", pty.raw());
                pty.read_for(Duration::from_millis(10));
            }
        }
    }
}

/// The greedy grabber with this test's random numbers.
fn greedy(position: &hotseat::chess::Position, rng: &mut Rng) -> hotseat::chess::Move {
    common::opponents::greedy(position, &mut |n| rng.below(n))
}

fn random(position: &hotseat::chess::Position, rng: &mut Rng) -> hotseat::chess::Move {
    let moves = position.legal_moves();
    moves[rng.below(moves.len())]
}

#[test]
#[ignore = "needs stockfish"]
fn stockfish_level_1_loses_half_to_the_greedy_grabber_and_beats_the_random_mover() {
    let greedy_score: f64 = (0..12).map(|n| game_against_level_1(n % 2 == 0, 100 + n, &greedy)).sum();
    let random_score: f64 = (0..4).map(|n| game_against_level_1(n % 2 == 0, 200 + n, &random)).sum();
    assert!(greedy_score >= 6.0, "the greedy grabber scored {greedy_score} of 12");
    assert!(random_score <= 0.5, "the random mover scored {random_score} of 4");
}
