//! The engine at the board against the real Stockfish: whole games in plain text
//! through the binary (two level-1 engines; a level-8 engine mating a random mover);
//! a level-1 engine plays a move other than Stockfish's best in most of a fixed set of
//! positions; a level-8 engine mates a random mover in process too. Each is
//! `#[ignore = "needs Stockfish"]`: `.ci/run` installs the Debian package and runs them
//! by name (`cargo test --test binary -- --ignored stockfish`).

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::TempDir;
use common::pty::Pty;
use hotseat::app::{Action, App, Deed};
use hotseat::chess::{Color, Game, Move, Outcome, Position, Reason};
use hotseat::engine::{Player, Reply, Search, Timeouts};
use hotseat::session::Arrival;
use hotseat::session::computer::{Chooser, Computer, Sides, Strength};

use crate::stockfish::stockfish;

/// Lets `computer` play `app`'s side to move until it has moved (or ended the game);
/// its deeds go to the app as the session's door would let them through.
fn engine_moves(computer: &mut Computer, app: &mut App) -> Option<Move> {
    let deadline = Instant::now() + Duration::from_secs(60);
    let ply = app.game().ply();
    loop {
        for arrival in computer.play(app, Instant::now()) {
            let (played, action) = match arrival {
                Arrival::Deed(_, deed) => (matches!(deed, Deed::Move(..)).then_some(deed), Action::Do(deed)),
                Arrival::News(message) => (None, Action::Report(message)),
                other => panic!("an engine only does and says: {other:?}"),
            };
            app.update(action);
            if let Some(Deed::Move(m, _)) = played
                && app.game().ply() > ply
            {
                return Some(m);
            }
        }
        if app.game().is_over() {
            return None;
        }
        assert!(Instant::now() < deadline, "the engine never moved in {}", app.game().position().fen());
        // The session asks between frames; a test has no frames to draw.
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Middlegame positions from master games, each with a clear best move.
const POSITIONS: [&str; 10] = [
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    "r3k2r/ppp2ppp/2n1bn2/2bpp1q1/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w kq - 0 8",
    "rnb1kbnr/pp1ppppp/8/q1p5/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3",
    "r1b1kbnr/pppp1ppp/2n5/4p1q1/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 1 4",
    "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/5N2/PPPPBPPP/RNBQK2R w KQkq - 4 4",
    "r2qkbnr/ppp2ppp/2np4/4p3/2B1P1b1/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5",
];

/// Stockfish's own best move, thinking half a second at full strength.
fn best_move(path: &Path, position: &Position) -> Move {
    let (player, _) = Player::start(path, Timeouts::default(), |_| Vec::new()).expect("the engine starts");
    player.search(Search {
        id: 1,
        options: Vec::new(),
        position: format!("position fen {}", position.fen()),
        movetime: Duration::from_millis(500),
        depth: None,
    });
    let Some(Reply::Searched { best: Some(best), .. }) = player.wait(Duration::from_secs(30)) else {
        panic!("no answer for {}", position.fen())
    };
    position.parse_uci(&best).expect("a legal best move")
}

#[test]
#[ignore = "needs Stockfish"]
fn level_1_plays_a_move_other_than_stockfishs_best_in_most_positions() {
    let path = stockfish();
    let mut other = 0;
    for (n, fen) in POSITIONS.iter().enumerate() {
        let position = Position::from_fen(fen).expect("a valid fen");
        let best = best_move(&path, &position);
        let mut app = App::new(Game::from_position(position.clone()));
        let mut computer =
            Computer::start(&path, Strength::Level(1), Sides::White, false, Chooser::seeded(n as u64))
                .expect("the engine starts");
        let played = engine_moves(&mut computer, &mut app).expect("a move");
        if played != best {
            other += 1;
        }
    }
    assert!(other >= 6, "level 1 played Stockfish's best move in {} of 10 positions", 10 - other);
}

#[test]
#[ignore = "needs Stockfish"]
fn level_8_mates_a_random_mover() {
    let path = stockfish();
    let mut app = App::new(Game::new());
    let mut computer = Computer::start(&path, Strength::Level(8), Sides::White, false, Chooser::seeded(8))
        .expect("the engine starts");
    let mut random = common::Rng::new(22);
    while !app.game().is_over() && app.game().ply() < 300 {
        if app.game().turn() == Color::White {
            engine_moves(&mut computer, &mut app);
        } else {
            let moves = app.game().position().legal_moves();
            app.update(Action::Do(Deed::Move(moves[random.below(moves.len())], None)));
        }
    }
    assert_eq!(
        app.game().outcome(),
        Some(Outcome::win(Color::White, Reason::Checkmate)),
        "{}",
        app.game().san_moves().join(" ")
    );
}

#[test]
#[ignore = "needs Stockfish"]
fn a_whole_game_between_two_engines_in_plain_text() {
    let path = stockfish();
    let dir = TempDir::new("computer-stockfish-plain");
    let engine = path.to_str().expect("a UTF-8 path");
    let args = ["--plain", "--announce", "san", "--engine", engine, "--computer", "both", "--level", "1"];
    let mut pty = Pty::start(&args, None, &[("HOTSEAT_DATA_DIR", dir.path())]);
    pty.wait_for("Stockfish");
    // A game of beginners can be long: the draw rules end it within some hundreds of moves.
    let deadline = Instant::now() + Duration::from_secs(300);
    let ended = |raw: &str| ["1-0", "0-1", "1/2-1/2"].iter().any(|result| raw.contains(result));
    while !ended(&pty.raw()) {
        assert!(Instant::now() < deadline, "the game never ended:\n{}", pty.contents());
        pty.read_for(Duration::from_millis(100));
    }
    pty.send("quit\r");
    assert!(pty.wait_for_exit().success());
    let games: Vec<_> = std::fs::read_dir(dir.path().join("games")).expect("games").collect();
    let saved = std::fs::read_to_string(games[0].as_ref().expect("a game").path()).expect("saved");
    assert!(
        saved.contains("[White \"Stockfish 15.1, level 1\"]") || saved.contains(", level 1\"]"),
        "{saved}"
    );
    assert!(!saved.contains("[Result \"*\"]"), "{saved}");
}

#[test]
#[ignore = "needs Stockfish"]
fn level_8_mates_a_random_mover_in_plain_text_through_the_binary() {
    let path = stockfish();
    let dir = TempDir::new("computer-stockfish-level-8");
    let engine = path.to_str().expect("a UTF-8 path");
    let args = ["--plain", "--announce", "san", "--engine", engine, "--computer", "black", "--level", "8"];
    let mut pty = Pty::start(&args, None, &[("HOTSEAT_DATA_DIR", dir.path())]);
    pty.wait_for("White to move.");
    // The test keeps its own copy of the game, from what the binary says: White's
    // moves are a random mover's, Black's the engine's ("Black: Nf6.").
    let mut game = Game::new();
    let mut random = common::Rng::new(8);
    let mut told = 0;
    let deadline = Instant::now() + Duration::from_secs(600);
    while game.outcome().is_none() {
        assert!(Instant::now() < deadline, "the game never ended:\n{}", pty.contents());
        if game.turn() == Color::White {
            let moves = game.position().legal_moves();
            let san = game.position().san(moves[random.below(moves.len())]);
            game.play_san(&san).expect("legal");
            pty.send(&format!("{san}\r"));
            told += 1;
            continue;
        }
        pty.read_for(Duration::from_millis(100));
        let raw = pty.raw();
        let said: Vec<&str> = raw.lines().filter_map(|l| l.trim().strip_prefix("Black: ")).collect();
        if let Some(san) = said.get(game.ply() / 2) {
            game.play_san(san.trim_end_matches('.')).expect("the engine's move is legal");
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Black, Reason::Checkmate)),
        "after {told} random moves"
    );
    pty.wait_for("0-1");
    pty.send("quit\r");
    assert!(pty.wait_for_exit().success());
    let games: Vec<_> = std::fs::read_dir(dir.path().join("games")).expect("games").collect();
    let saved = std::fs::read_to_string(games[0].as_ref().expect("a game").path()).expect("saved");
    assert!(saved.contains(", level 8\"]") && saved.contains("[Result \"0-1\"]"), "{saved}");
}

/// The issue's own script (issue 26): `printf 'e4\nNf3\nBc4\n' | hotseat --computer
/// black --save x.pgn` saves the three moves and the real engine's three answers.
#[test]
#[ignore = "needs Stockfish"]
fn three_scripted_moves_against_stockfish_are_saved_with_its_three_answers() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let engine = crate::stockfish::stockfish();
    let dir = TempDir::new("stockfish-script");
    let save = dir.path().join("x.pgn");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["--computer", "black", "--save"])
        .arg(&save)
        .arg("--engine")
        .arg(&engine)
        .env("HOTSEAT_DATA_DIR", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("its input").write_all(b"e4\nNf3\nBc4\n").expect("written");
    let out = child.wait_with_output().expect("it ends");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let text = std::fs::read_to_string(&save).expect("saved");
    let game = hotseat::records::pgn::read_game(&text).expect("the saved game parses").game;
    let moves = game.san_moves();
    assert_eq!(moves.len(), 6, "{text}");
    // Bc4 may take a pawn there (1... c5 2... c4): Bxc4.
    assert_eq!([&moves[0], &moves[2]], ["e4", "Nf3"], "{text}");
    assert!(moves[4] == "Bc4" || moves[4] == "Bxc4", "{text}");
}
