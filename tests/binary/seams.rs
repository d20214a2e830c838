//! Where the features meet: the engine's review, the annotations (comments, NAGs,
//! variations browsed with F4), the opening names and the library, each tested alone
//! elsewhere, tested here together: what the screen says while a variation is on the
//! board and a review is there, what a hostile engine's words become in a record.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::TempDir;
use common::driver::{press, send};
use common::fake_engine::{Answer, FakeScript, Hang, fake_engine, fake_pids, is_alive};
use common::pty::{PATIENCE, Pty};
use hotseat::app::{Action, App, EngineReport};
use hotseat::chess::{Move, Square};
use hotseat::input::Key;
use hotseat::records::pgn::read_game;
use hotseat::review::Eval;
use hotseat::ui::Look;

/// An Italian game whose third move has the Spanish as a variation.
const ITALIAN_WITH_SPANISH: &str = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 (3. Bb5 a6) 3... Bc5 *\n";

fn app_of(pgn: &str) -> App {
    let record = read_game(pgn).expect("a game");
    App::new(record.game).with_annotations(record.annotations, record.trailing)
}

fn screen(app: &App, width: u16, height: u16) -> String {
    common::screen::text(&common::screen::draw(app, &Look::default(), width, height))
}

/// The app browsed to 3. Bc4 (the position after five plies), its variation 3. Bb5
/// on the board.
fn in_the_spanish_variation() -> App {
    let mut app = app_of(ITALIAN_WITH_SPANISH);
    press(&mut app, Key::PageUp);
    assert_eq!(app.shown_ply(), 5);
    press(&mut app, Key::F(4));
    assert!(app.variation().is_some(), "{:?}", app.message());
    app
}

#[test]
fn in_a_variation_the_opening_named_is_the_one_on_the_board() {
    let mut app = in_the_spanish_variation();
    let shown = screen(&app, 100, 32);
    assert!(shown.contains("C60 Ruy Lopez"), "the board shows 3. Bb5:\n{shown}");
    assert!(!shown.contains("Italian"), "{shown}");
    press(&mut app, Key::PageDown);
    let shown = screen(&app, 100, 32);
    assert!(shown.contains("Ruy Lopez: Morphy Defense"), "after 3... a6:\n{shown}");
    press(&mut app, Key::Esc);
    let shown = screen(&app, 100, 32);
    assert!(shown.contains("C50 Italian Game"), "back in the game:\n{shown}");
}

#[test]
fn in_a_variation_the_review_says_nothing_of_the_games_position() {
    let mut app = reviewed_italian();
    press(&mut app, Key::Home);
    for _ in 0..5 {
        press(&mut app, Key::PageDown);
    }
    let game = screen(&app, 100, 32);
    assert!(game.contains("-6.00  3. Bc4?? best Nc3"), "on the game's move:\n{game}");
    press(&mut app, Key::F(4));
    assert!(app.variation().is_some());
    let variation = screen(&app, 100, 32);
    assert!(!variation.contains("-6.00"), "the variation's position is not evaluated:\n{variation}");
    assert!(!variation.contains("best Nc3"), "{variation}");
}

#[test]
fn an_engine_saying_mate_in_zero_where_there_are_moves_is_not_believed() {
    let dir = TempDir::new("seams-mate-zero");
    let file = dir.path().join("game.pgn");
    std::fs::write(&file, "[Event \"?\"]\n\n1. e4 e5 *\n").expect("write the game");
    let liar = Answer {
        infos: vec![
            "info depth 10 score cp 25 pv e7e5".to_owned(),
            "info depth 12 score mate -0 pv e7e5".to_owned(),
        ],
        best: "e7e5".to_owned(),
    };
    let engine =
        fake_engine(&dir.path().join("engine"), &FakeScript { default: Some(liar), ..FakeScript::default() });
    let out = analyse(&[file.to_str().expect("a UTF-8 path")], &engine);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(!text.contains("#0"), "no position of this game is mated:\n{text}");
    assert!(text.contains("[%eval 0.25]") || text.contains("[%eval -0.25]"), "{text}");
}

fn analyse(args: &[&str], engine: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("analyse")
        .args(args)
        .arg("--engine")
        .arg(engine)
        .env_remove("HOTSEAT_ENGINE")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

#[test]
fn a_marked_move_that_was_the_engines_own_gets_no_variation_of_itself() {
    let dir = TempDir::new("seams-same-move");
    let file = dir.path().join("game.pgn");
    std::fs::write(&file, "[Event \"?\"]\n\n1. e4 e5 *\n").expect("write the game");
    // A shallow engine: e4 is its move at the start, and a ply later it finds White lost.
    let script = FakeScript::answering([
        (0, Answer::cp(30, "e2e4")),
        (1, Answer::cp(500, "e7e5")),
        (2, Answer::cp(-500, "g1f3")),
    ]);
    let engine = fake_engine(&dir.path().join("engine"), &script);
    let out = analyse(&[file.to_str().expect("a UTF-8 path")], &engine);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("1. e4 $4 {[%eval -5.00]}"), "the fall is still marked:\n{text}");
    assert!(!text.contains("(1. e4)"), "the move played is not its own better move:\n{text}");
}

/// A finished game of the players', with their comments, signs and a variation.
const ANNOTATED_FINISHED: &str = "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"0-1\"]\n\n\
    1. f3?! {too slow} (1. e4 e5) 1... e5 2. g4?? {[%eval -99.00]} Qh4# {mate} 0-1\n";

#[test]
fn a_finished_game_from_the_library_reviewed_then_left_keeps_its_file_and_no_engine() {
    let dir = TempDir::new("seams-library-review");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games folder");
    let file = games.join("done.pgn");
    std::fs::write(&file, ANNOTATED_FINISHED).expect("write the game");
    // The engine answers its first search, then thinks forever: the review is at work
    // when the players leave (each engine, however many share the game).
    let script =
        FakeScript { hang: Some(Hang::Go(2)), ..FakeScript::answering([(0, Answer::cp(30, "e2e4"))]) };
    let engine_dir = dir.path().join("engine");
    let engine = fake_engine(&engine_dir, &script);
    let mut pty =
        Pty::start(&["games"], None, &[("HOTSEAT_DATA_DIR", dir.path()), ("HOTSEAT_ENGINE", &engine)]);
    pty.wait_for("1 saved game");
    pty.send("\r");
    pty.wait_for("^E review");
    pty.send("\x05");
    // The mate (not asked) and one position are analysed; the engine thinks on.
    pty.wait_for("2/5");
    // A comment, then the review written: neither is saved.
    pty.send("\x0b");
    pty.wait_for("comment: mate");
    pty.send(" in two\r");
    pty.wait_for("Only looking through this game");
    pty.send("\x17");
    pty.send("\x11");
    pty.wait_for("1 saved game");
    let pids = fake_pids(&engine_dir);
    assert!(!pids.is_empty(), "the engine was started");
    let deadline = Instant::now() + PATIENCE;
    for pid in pids {
        while is_alive(pid) {
            assert!(Instant::now() < deadline, "the engine ({pid}) outlived the game");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    assert_eq!(std::fs::read_to_string(&file).expect("read"), ANNOTATED_FINISHED, "the file is untouched");
    pty.send("\x1b");
    assert!(pty.wait_for_exit().success(), "{}", pty.raw());
}

/// The Italian game reviewed: 3. Bc4 (the fifth ply) marked a blunder, Nc3 the better
/// move; the game's position after it is worth -6.00.
fn reviewed_italian() -> App {
    reviewed(ITALIAN_WITH_SPANISH)
}

/// `pgn`, a game of six plies, reviewed as the Italian game is.
fn reviewed(pgn: &str) -> App {
    let mut app = app_of(pgn);
    press(&mut app, Key::Ctrl('e'));
    // The game is still being played: both players agree first.
    press(&mut app, Key::Char('y'));
    for (index, cp) in [20, 20, 20, 20, 20, -600, -600].into_iter().enumerate() {
        let best = (index == 4).then(|| Move::normal(Square::B1, Square::C3));
        send(&mut app, Action::Engine(EngineReport::Analysed { index, eval: Eval::Cp(cp), best }));
    }
    send(&mut app, Action::Engine(EngineReport::Done));
    app
}

#[test]
fn from_a_variation_the_next_mark_is_the_games_move_it_stands_in_for() {
    let mut app = reviewed_italian();
    press(&mut app, Key::PageUp);
    press(&mut app, Key::F(4));
    assert!(app.variation().is_some());
    press(&mut app, Key::F(6));
    assert!(app.variation().is_none(), "{:?}", app.message());
    assert_eq!(app.shown_ply(), 5, "the position after 3. Bc4??");
    press(&mut app, Key::F(4));
    press(&mut app, Key::F(5));
    assert!(app.variation().is_some(), "no marked move before 3. Bc4: the variation stays");
    assert_eq!(app.message().expect("a message").text, "No marked move before this one.");
}

#[test]
fn the_move_list_shows_the_players_own_sign_over_the_reviews_mark_as_the_record_keeps_it() {
    let mut app = reviewed(&ITALIAN_WITH_SPANISH.replace("3. Bc4 (", "3. Bc4!? ("));
    let shown = screen(&app, 100, 32);
    assert!(shown.contains("3. Bc4!?"), "the players' sign:\n{shown}");
    assert!(!shown.contains("Bc4??"), "{shown}");
    let untouched = reviewed(ITALIAN_WITH_SPANISH);
    assert!(screen(&untouched, 100, 32).contains("3. Bc4??"), "a move with no sign shows the review's mark");
    // What the screen says is what Ctrl-W writes.
    press(&mut app, Key::Ctrl('w'));
    let written = app.timeline().annotations(4).expect("3. Bc4's notes").clone();
    assert_eq!(written.assessment().and_then(hotseat::annotations::Nag::suffix), Some("!?"));
}

#[test]
fn the_plain_face_tells_the_last_moves_sign_and_comment_of_a_loaded_game() {
    let dir = TempDir::new("seams-plain-notes");
    let file = dir.path().join("game.pgn");
    std::fs::write(&file, "[Event \"?\"]\n\n1. e4 e5 2. Qh5?! {Nf3 was best. [%eval -0.4]} *\n")
        .expect("write");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["--plain", "--announce", "san", "--pgn"])
        .arg(&file)
        .env("HOTSEAT_DATA_DIR", dir.path())
        .env_remove("HOTSEAT_ENGINE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), b"last\nundo\nlast\nquit\n")
        .expect("typed");
    let out = child.wait_with_output().expect("it ends");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("Last move: 2. White: Qh5.\nNoted: ?! Nf3 was best.\n"), "{text}");
    assert!(text.contains("Last move: 1… Black: e5.\n"), "{text}");
    assert!(!text.contains("e5.\nNoted"), "a move with nothing said has no note: {text}");
}

#[test]
fn the_comment_editor_opened_and_closed_leaves_a_loaded_moves_notes_as_they_were() {
    let mut app = app_of("[Event \"?\"]\n\n1. e4 e5 2. Nf3 $14 $1 {a fine [%eval 0.3] move} *\n");
    let before = app.timeline().annotations(2).expect("2. Nf3's notes").clone();
    press(&mut app, Key::Ctrl('k'));
    assert!(app.draft().is_some());
    let effects = press(&mut app, Key::Enter);
    assert!(effects.is_empty(), "nothing to save: {effects:?}");
    assert_eq!(app.timeline().annotations(2), Some(&before));
    assert_eq!(app.message().expect("a message").text, "2. Nf3: nothing changed.");
}
