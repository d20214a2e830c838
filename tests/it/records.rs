//! The game record while a game is played: saving after every change, a new file for
//! a new game, resuming, loading a game from a PGN file, the FEN/PGN overlay and its
//! copy keys. Every test works in its own temporary directory.

use std::fs;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use hotseat::app::{Action, App, Effect, Mode, Notation};
use hotseat::chess::{Color, Game, Reason};
use hotseat::cli;
use hotseat::input::Key;
use hotseat::records::pgn::{self, PgnGame, Tags};
use hotseat::records::store::{GameStore, save_game};
use hotseat::records::{self, Destination, OpenError, fresh_tags};
use hotseat::session::{Farewell, Recorder};

use crate::common;
use common::TempDir;
use common::driver::{self, press, press_all};

fn games_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/kasparov-deep-blue-1997.pgn")
}

/// Plays moves typed as SAN, handing the effects of each to the recorder as the game
/// loop does.
fn play_and_record(app: &mut App, recorder: &mut Recorder, moves: &str) {
    for m in moves.split_whitespace() {
        let effects = driver::play(app, m);
        carry_out(app, recorder, effects);
    }
}

/// Presses keys, handing their effects to the recorder as the game loop does.
fn press_and_record(app: &mut App, recorder: &mut Recorder, keys: &[Key]) {
    let effects = press_all(app, keys);
    carry_out(app, recorder, effects);
}

/// Carries out effects as the game loop does: what comes of them is shown.
fn carry_out(app: &mut App, recorder: &mut Recorder, effects: Vec<Effect>) {
    for effect in effects {
        if let Some(message) = recorder.carry_out(app, effect) {
            app.update(Action::Report(message));
        }
    }
}

/// Starts the recorder as the program does: what it has to say is shown.
fn start(app: &mut App, recorder: &mut Recorder) {
    if let Some(message) = recorder.start(app).expect("writable") {
        app.update(Action::Report(message));
    }
}

fn saved(path: &Path) -> PgnGame {
    pgn::read_game(&fs::read_to_string(path).expect("saved file")).expect("the saved file parses")
}

fn pgn_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| entries.map(|e| e.expect("entry").path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "pgn"));
    files.sort();
    files
}

#[test]
fn the_game_is_saved_when_it_starts_after_every_move_undo_and_result() {
    let dir = TempDir::new("records-every-change");
    let path = dir.path().join("game.pgn");
    let mut app = App::new(Game::new()).with_players("Anna", "Ben");
    let mut recorder = Recorder::new(Destination::File(path.clone()), fresh_tags(UNIX_EPOCH));
    start(&mut app, &mut recorder);
    let record = saved(&path);
    assert_eq!(record.game.ply(), 0);
    assert_eq!(record.tags.get("White"), Some("Anna"));
    assert_eq!(record.tags.get("Date"), Some("1970.01.01"));

    play_and_record(&mut app, &mut recorder, "e4 e5 Nf3");
    assert_eq!(saved(&path).game.san_moves(), ["e4", "e5", "Nf3"]);
    press_and_record(&mut app, &mut recorder, &[Key::Ctrl('z')]);
    assert_eq!(saved(&path).game.san_moves(), ["e4", "e5"]);
    // White is to move, so Ctrl-R names White.
    press_and_record(&mut app, &mut recorder, &[Key::Ctrl('r'), Key::Char('y')]);
    let record = saved(&path);
    assert_eq!(record.game.outcome().map(|o| o.reason), Some(Reason::Resignation));
    let text = fs::read_to_string(&path).expect("saved");
    assert!(text.contains("[Result \"0-1\"]"));
    assert_eq!(recorder.record(&app).to_pgn(), text, "the record screen shows what is saved");
    assert_eq!(recorder.finish(&app), Farewell::Saved(path.clone()));
    assert_eq!(Farewell::Saved(path.clone()).to_string(), format!("Game saved to {}", path.display()));
}

#[test]
fn autosave_makes_one_file_per_game_and_a_new_game_gets_a_new_file() {
    let dir = TempDir::new("records-autosave");
    let store = GameStore::new(dir.path());
    let mut app = App::new(Game::new());
    let mut recorder = Recorder::new(Destination::Store(store.clone()), fresh_tags(UNIX_EPOCH));
    start(&mut app, &mut recorder);
    play_and_record(&mut app, &mut recorder, "d4 d5");
    let first = recorder.path().expect("a file").to_owned();
    assert_eq!(pgn_files(store.dir()), std::slice::from_ref(&first));

    press_and_record(&mut app, &mut recorder, &[Key::Ctrl('n'), Key::Char('y')]);
    let second = recorder.path().expect("a file").to_owned();
    assert_ne!(first, second);
    assert!(app.message().is_some_and(|m| m.text.starts_with("New game, saved to")), "{:?}", app.message());
    play_and_record(&mut app, &mut recorder, "c4");
    assert_eq!(saved(&first).game.san_moves(), ["d4", "d5"], "the old game is kept");
    assert_eq!(saved(&second).game.san_moves(), ["c4"]);
    assert_eq!(saved(&second).tags.get("White"), Some("?"), "no one named White");

    // A third game left untouched is not kept; the way out names the game before it.
    press_and_record(&mut app, &mut recorder, &[Key::Ctrl('n'), Key::Char('y')]);
    let farewell = recorder.finish(&app);
    assert_eq!(farewell, Farewell::NothingPlayed { previous: Some(second.clone()) });
    assert!(farewell.to_string().ends_with(&format!("the game before is saved to {}", second.display())));
    assert_eq!(pgn_files(store.dir()), [first, second]);
}

#[test]
fn a_new_game_after_save_path_goes_beside_it() {
    let dir = TempDir::new("records-beside");
    let path = dir.path().join("match.pgn");
    let mut app = App::new(Game::new());
    let mut recorder = Recorder::new(Destination::File(path.clone()), fresh_tags(UNIX_EPOCH));
    start(&mut app, &mut recorder);
    play_and_record(&mut app, &mut recorder, "e4");
    press_and_record(&mut app, &mut recorder, &[Key::Ctrl('n'), Key::Char('y')]);
    play_and_record(&mut app, &mut recorder, "d4");
    assert_eq!(recorder.path(), Some(dir.path().join("match-2.pgn").as_path()));
    assert_eq!(saved(&path).game.san_moves(), ["e4"]);
    assert_eq!(saved(&dir.path().join("match-2.pgn")).game.san_moves(), ["d4"]);
}

#[test]
fn an_untouched_autosave_is_removed_on_the_way_out_so_resume_finds_the_game_before() {
    let dir = TempDir::new("records-untouched");
    let store = GameStore::new(dir.path());
    let mut app = App::new(Game::new());
    let mut recorder = Recorder::new(Destination::Store(store.clone()), fresh_tags(UNIX_EPOCH));
    start(&mut app, &mut recorder);
    play_and_record(&mut app, &mut recorder, "e4");
    recorder.finish(&app);

    let mut app = App::new(Game::new());
    let mut recorder = Recorder::new(Destination::Store(store.clone()), fresh_tags(UNIX_EPOCH));
    start(&mut app, &mut recorder);
    assert_eq!(pgn_files(store.dir()).len(), 2, "written when it starts");
    assert_eq!(recorder.finish(&app), Farewell::NothingPlayed { previous: None });
    assert_eq!(pgn_files(store.dir()).len(), 1);
    let resumed = records::resume(&store).expect("a game to resume");
    assert_eq!(resumed.record.game.san_moves(), ["e4"]);
}

#[test]
fn a_resumed_game_goes_on_in_the_same_file_with_its_names() {
    let dir = TempDir::new("records-resume");
    let store = GameStore::new(dir.path());
    assert!(matches!(records::resume(&store), Err(OpenError::NothingToResume { .. })));
    let path = store.create_game_file(UNIX_EPOCH).expect("file");
    let mut game = Game::new();
    game.play_san("e4").expect("legal");
    save_game(&path, &PgnGame::new(game).with_tag("White", "Anna").with_tag("Black", "Ben")).expect("saved");

    let records::Resumed { path: found, record, lock, passed_over } =
        records::resume(&store).expect("a game to resume");
    assert!(passed_over.is_empty(), "{passed_over:?}");
    assert_eq!(found, path);
    let err = records::resume(&store).expect_err("the game is open here");
    assert_eq!(
        err.to_string(),
        format!("{} is open in another hotseat (process {})", path.display(), std::process::id())
    );
    let (white, black) = records::player_names(&record.tags, None, Some("Bea"));
    assert_eq!((white.as_str(), black.as_str()), ("Anna", "Bea"));
    let mut app = App::new(record.game.clone()).with_players(white, black);
    let mut recorder = Recorder::resumed(found, store.clone(), record.tags).holding(lock);
    start(&mut app, &mut recorder);
    play_and_record(&mut app, &mut recorder, "c5");
    assert_eq!(pgn_files(store.dir()), std::slice::from_ref(&path));
    let record = saved(&path);
    assert_eq!(record.game.san_moves(), ["e4", "c5"]);
    assert_eq!(record.tags.get("Black"), Some("Bea"));
    assert_eq!(recorder.finish(&app), Farewell::Saved(path));
}

#[test]
fn a_save_error_is_shown_on_screen_and_the_game_goes_on() {
    let dir = TempDir::new("records-save-error");
    // A file where the store's folder should be: nothing can be created in it.
    fs::write(dir.path().join("games"), "not a folder").expect("write");
    let mut app = App::new(Game::new());
    let mut recorder = Recorder::new(Destination::Store(GameStore::new(dir.path())), fresh_tags(UNIX_EPOCH));
    let message = recorder.start(&app).expect("an autosave failure is not fatal").expect("a message");
    assert!(message.text.starts_with("The game is not saved: cannot write"), "{message:?}");
    app.update(Action::Report(message));
    play_and_record(&mut app, &mut recorder, "e4 e5");
    assert!(
        app.message().is_some_and(|m| m.text.starts_with("The game is not saved")),
        "{:?}",
        app.message()
    );
    match recorder.finish(&app) {
        Farewell::NotSaved { pgn, .. } => assert!(pgn.contains("1. e4 e5 *"), "{pgn}"),
        other => panic!("expected the game to be handed over by hand: {other:?}"),
    }

    let mut recorder =
        Recorder::new(Destination::File(dir.path().join("no/such/dir/game.pgn")), fresh_tags(UNIX_EPOCH));
    assert!(recorder.start(&App::new(Game::new())).is_err(), "--save PATH must be writable at the start");
}

#[test]
fn names_come_from_the_options_then_the_tags_then_the_colours() {
    let tags: Tags = [("White", "Kasparov"), ("Black", "?")].into_iter().collect();
    assert_eq!(records::player_names(&tags, None, None), ("Kasparov".to_owned(), "Black".to_owned()));
    assert_eq!(records::player_names(&tags, Some("Anna"), None).0, "Anna");
    assert_eq!(records::player_names(&Tags::new(), None, None), ("White".to_owned(), "Black".to_owned()));
}

#[test]
fn a_game_is_loaded_by_number_with_its_full_history() {
    let file = records::read_games(&games_file()).expect("the file splits into games");
    let record = records::load(&games_file(), &file, 6).expect("game 6 loads");
    assert_eq!(record.game.ply(), 37);
    assert_eq!(record.game.san_moves().last().map(String::as_str), Some("c4"));
    assert_eq!(record.tags.get("White"), Some("Deep Blue (Computer)"));
    assert!(record.game.is_over(), "1-0 with no mate is a resignation");
    let mut app = App::new(record.game);
    press_all(&mut app, &[Key::Ctrl('z'), Key::Ctrl('z')]);
    assert_eq!(app.game().ply(), 36, "the loaded moves can be taken back");

    let err = records::load(&games_file(), &file, 7).expect_err("no game 7");
    assert!(
        err.to_string().ends_with("kasparov-deep-blue-1997.pgn holds 6 games, so there is no game 7"),
        "{err}"
    );
}

#[test]
fn several_games_are_listed_and_asked_for_until_a_number_is_given() {
    let file = records::read_games(&games_file()).expect("the file splits into games");
    let mut out = Vec::new();
    let chosen = cli::choose_game(&games_file(), &file, &mut out, None).expect("listed");
    assert_eq!(chosen, None, "no way to ask");
    let listing = String::from_utf8(out).expect("utf-8");
    assert!(listing.contains("\n1. Garry Kasparov – Deep Blue (Computer), IBM Man-Machine"), "{listing}");
    assert!(listing.contains("\n6. Deep Blue (Computer) – Garry Kasparov"), "{listing}");

    // A wrong answer, an empty one and one out of range are asked again.
    let mut out = Vec::new();
    let mut answers = Cursor::new("seven\n\n9\n2\n");
    let chosen = cli::choose_game(&games_file(), &file, &mut out, Some(&mut answers)).expect("asked");
    assert_eq!(chosen, Some(2));
    let dialogue = String::from_utf8(out).expect("utf-8");
    assert_eq!(dialogue.matches("Which game (1-6)? ").count(), 4, "{dialogue}");
    assert_eq!(dialogue.matches("Please answer with a number from 1 to 6.").count(), 3, "{dialogue}");
    let record = records::load(&games_file(), &file, 2).expect("game 2 loads");
    assert_eq!(record.tags.get("Site"), Some("02"), "game 2 in this file");

    // Only the end of the answers gives up.
    let mut answers = Cursor::new("\n \n");
    let chosen = cli::choose_game(&games_file(), &file, &mut Vec::new(), Some(&mut answers)).expect("asked");
    assert_eq!(chosen, None);
}

#[test]
fn a_malformed_file_is_refused_with_the_line_and_column() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/malformed/illegal-move.pgn");
    let file = records::read_games(&path).expect("the file splits into games");
    let err = records::load(&path, &file, 1).expect_err("illegal move");
    assert!(
        err.to_string()
            .ends_with("illegal-move.pgn: line 9, col 23: illegal move Nf6 (no knight can reach f6)"),
        "{err}"
    );
}

#[test]
fn save_refuses_a_file_that_holds_a_game_or_anything_else_it_would_lose() {
    let dir = TempDir::new("records-refuse");
    let file = |name: &str, text: &str| {
        let path = dir.path().join(name);
        fs::write(&path, text).expect("write");
        path
    };
    assert!(records::refuse_losing_a_game(&dir.path().join("new.pgn"), None).is_ok(), "a new file");
    assert!(records::refuse_losing_a_game(&file("empty.pgn", ""), None).is_ok());
    assert!(records::refuse_losing_a_game(&file("blank.pgn", "\n \n"), None).is_ok());

    let one = file("one.pgn", "[White \"Anna\"]\n\n1. e4 e5 *\n");
    let err = records::refuse_losing_a_game(&one, None).expect_err("holds a game");
    assert_eq!(err.to_string(), format!("{} already holds a game", one.display()));
    let err = records::refuse_losing_a_game(&one, Some(&games_file())).expect_err("another game is loaded");
    assert!(matches!(err, OpenError::SaveHoldsAGame { .. }), "{err}");
    assert!(records::refuse_losing_a_game(&one, Some(&one)).is_ok(), "its own game goes on in place");

    let six = games_file();
    for source in [None, Some(six.as_path())] {
        let err = records::refuse_losing_a_game(&six, source).expect_err("six games");
        assert!(err.to_string().ends_with("holds 6 games, which saving would write over"), "{err}");
    }
    for text in ["1. e4 {a fine move} e5 *", "1. e4 e5 (1... c5) *", "1. e4! e5 *", "1. e4 $1 e5 *"] {
        let annotated = file("annotated.pgn", text);
        assert!(
            records::refuse_losing_a_game(&annotated, Some(&annotated)).is_ok(),
            "comments, NAGs and variations are kept: {text}"
        );
    }
    let clocks = file("clocks.pgn", "1. e4 {[%clk 0:05:00]} e5 { [%clk 0:04:59.5] } *");
    assert!(records::refuse_losing_a_game(&clocks, Some(&clocks)).is_ok(), "clock times are kept");

    let notes = file("notes.txt", "remember the milk\n");
    let err = records::refuse_losing_a_game(&notes, None).expect_err("not a game");
    assert!(
        err.to_string().ends_with("notes.txt already exists and is not a game hotseat can read"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&notes).expect("read"), "remember the milk\n", "left as it was");
}

#[test]
fn a_game_saved_with_save_path_is_never_overwritten_and_can_go_on_in_place() {
    let dir = TempDir::new("records-in-place");
    let path = dir.path().join("g.pgn");
    records::refuse_losing_a_game(&path, None).expect("a new file");
    let mut app = App::new(Game::new()).with_players("Anna", "Ben");
    let mut recorder = Recorder::new(Destination::File(path.clone()), fresh_tags(UNIX_EPOCH));
    start(&mut app, &mut recorder);
    play_and_record(&mut app, &mut recorder, "e4 e5");
    assert_eq!(recorder.finish(&app), Farewell::Saved(path.clone()));
    let first = fs::read_to_string(&path).expect("saved");

    // The same command again is refused before anything is written.
    assert!(matches!(records::refuse_losing_a_game(&path, None), Err(OpenError::SaveHoldsAGame { .. })));
    assert_eq!(fs::read_to_string(&path).expect("saved"), first, "the earlier game is untouched");

    // --pgn g.pgn --save g.pgn: the game goes on in its own file, with its history.
    records::refuse_losing_a_game(&path, Some(&path)).expect("its own game");
    let file = records::read_games(&path).expect("the file splits into games");
    let record = records::load(&path, &file, 1).expect("loads");
    let (white, black) = records::player_names(&record.tags, None, None);
    let mut app = App::new(record.game).with_players(white, black);
    let mut recorder = Recorder::new(Destination::File(path.clone()), record.tags);
    start(&mut app, &mut recorder);
    assert_eq!(fs::read_to_string(&path).expect("saved"), first, "nothing changes until a move is played");
    play_and_record(&mut app, &mut recorder, "Nf3");
    assert_eq!(recorder.finish(&app), Farewell::Saved(path.clone()));
    let record = saved(&path);
    assert_eq!(record.game.san_moves(), ["e4", "e5", "Nf3"]);
    assert_eq!((record.tags.get("White"), record.tags.get("Black")), (Some("Anna"), Some("Ben")));
    assert_eq!(record.tags.get("Date"), Some("1970.01.01"), "the game keeps its own tags");
    assert_eq!(pgn_files(dir.path()), [path], "no other file");
}

#[test]
fn the_loaded_line_counts_moves_in_words() {
    let source = Path::new("/games/two.pgn");
    let mut game = Game::new();
    assert_eq!(
        records::loaded_line(source, &game),
        "Loaded from two.pgn: no moves yet, the starting position on the board."
    );
    game.play_san("e4").expect("legal");
    assert_eq!(
        records::loaded_line(source, &game),
        "Loaded from two.pgn: 1 move, the last position on the board."
    );
    game.play_san("e5").expect("legal");
    assert_eq!(
        records::loaded_line(source, &game),
        "Loaded from two.pgn: 1 move, the last position on the board."
    );
    game.play_san("Nf3").expect("legal");
    assert_eq!(
        records::loaded_line(source, &game),
        "Loaded from two.pgn: 2 moves, the last position on the board."
    );
}

#[test]
fn the_record_overlay_opens_scrolls_copies_and_closes_without_typing_a_move() {
    let mut app = App::new(Game::new());
    driver::play(&mut app, "e4");
    press(&mut app, Key::F(2));
    assert_eq!(app.mode(), Mode::Record);
    let effects = press_all(&mut app, &[Key::Char('f'), Key::Char('P')]);
    assert_eq!(effects, [Effect::Copy(Notation::Fen), Effect::Copy(Notation::Pgn)]);
    press_all(&mut app, &[Key::Down, Key::Down]);
    assert_eq!(app.record_scroll(), 2);
    press(&mut app, Key::PageDown);
    assert_eq!(app.record_scroll(), 12);
    press(&mut app, Key::PageUp);
    assert_eq!(app.record_scroll(), 2);
    press(&mut app, Key::End);
    assert!(app.record_scroll() > 12, "the end: {}", app.record_scroll());
    press(&mut app, Key::Home);
    assert_eq!(app.record_scroll(), 0);
    assert!(!app.is_browsing(), "paging keys in the record do not browse the game");
    press(&mut app, Key::Char('e'));
    assert_eq!(app.input(), "", "letters in the overlay are not move text");
    press(&mut app, Key::Esc);
    assert_eq!(app.mode(), Mode::Play);
    press(&mut app, Key::Ctrl('g'));
    assert_eq!(app.mode(), Mode::Record);
    press(&mut app, Key::Ctrl('g'));
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.game().san_moves(), ["e4"]);

    let recorder =
        Recorder::new(Destination::File("unused.pgn".into()), fresh_tags(UNIX_EPOCH + Duration::ZERO));
    assert_eq!(
        recorder.text(&app, Notation::Fen),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let pgn = recorder.text(&app, Notation::Pgn);
    assert!(
        pgn.starts_with(
            "[Event \"Casual game\"]\n[Site \"?\"]\n[Date \"1970.01.01\"]\n[Round \"-\"]\n[White \"?\"]"
        ),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n1. e4 *\n"), "{pgn}");
}

#[test]
fn names_survive_a_new_game() {
    let mut app = App::new(Game::new()).with_players("Anna", "Ben");
    press(&mut app, Key::Ctrl('n'));
    assert_eq!(app.player(Color::White), "Anna");
    assert_eq!(app.player(Color::Black), "Ben");
}

#[test]
fn open_errors_state_facts_and_leave_the_options_to_the_command_line() {
    let path = PathBuf::from("g.pgn");
    for err in [
        OpenError::NoGame { path: path.clone() },
        OpenError::NoSuchGame { path: path.clone(), count: 2, number: 3 },
        OpenError::NothingToResume { dir: path.clone() },
        OpenError::SaveHoldsAGame { path: path.clone() },
        OpenError::SaveHoldsGames { path: path.clone(), count: 2 },
        OpenError::SaveHoldsSomethingElse { path: path.clone() },
    ] {
        let message = err.to_string();
        assert!(message.starts_with("g.pgn ") || message.ends_with(" g.pgn"), "{message}");
        assert!(!message.contains("--"), "no option named: {message}");
    }
}

#[test]
fn a_save_file_sweeps_the_leftovers_of_its_own_dead_saves_and_nothing_else() {
    let dir = TempDir::new("records-leftovers");
    let old = hotseat::records::store::STALE_AFTER + Duration::from_secs(60);
    let plant = |name: &str| {
        let path = dir.path().join(name);
        fs::write(&path, "half a ga").expect("write");
        let file = fs::File::options().write(true).open(&path).expect("open");
        file.set_modified(std::time::SystemTime::now() - old).expect("set mtime");
    };
    plant(".g.pgn.4000000-0123abcd0123abcd.tmp");
    plant(".other.pgn.4000000-0123abcd0123abcd.tmp");
    let app = App::new(Game::new());
    let mut recorder = Recorder::new(Destination::File(dir.path().join("g.pgn")), fresh_tags(UNIX_EPOCH));
    recorder.start(&app).expect("writable");
    assert_eq!(dir.names(), [".g.pgn.lock", ".other.pgn.4000000-0123abcd0123abcd.tmp", "g.pgn"]);
}

#[test]
fn players_no_one_named_stay_unknown_in_the_file() {
    let dir = TempDir::new("records-unknown-names");
    let path = dir.path().join("nobody.pgn");
    fs::write(&path, "1. e4 *\n").expect("a game that names no one");
    let file = records::read_games(&path).expect("the file splits into games");
    let record = records::load(&path, &file, 1).expect("loads");
    let (white, black) = records::player_names(&record.tags, None, None);
    assert_eq!((white.as_str(), black.as_str()), ("White", "Black"), "the screen's stand-ins");
    let mut app = App::new(record.game).with_players(white, black);
    let mut recorder = Recorder::new(Destination::File(path.clone()), record.tags);
    start(&mut app, &mut recorder);
    play_and_record(&mut app, &mut recorder, "e5");
    let text = fs::read_to_string(&path).expect("saved");
    assert!(text.contains("[White \"?\"]\n[Black \"?\"]"), "{text}");
    assert!(recorder.text(&app, Notation::Pgn).contains("[White \"?\"]"), "the PGN shown and copied too");

    // A name given is kept, and so is a name the file gives.
    let tags: Tags = [("White", "Anna")].into_iter().collect();
    let mut app = App::new(Game::new()).with_players("Anna", "Ben");
    let recorder = Recorder::new(Destination::File(path.clone()), tags);
    let pgn = recorder.text(&app, Notation::Pgn);
    assert!(pgn.contains("[White \"Anna\"]\n[Black \"Ben\"]"), "{pgn}");
    app = app.with_players("White", "Black");
    let tags: Tags = [("White", "White")].into_iter().collect();
    let pgn = Recorder::new(Destination::File(path), tags).text(&app, Notation::Pgn);
    assert!(pgn.contains("[White \"White\"]\n[Black \"?\"]"), "a player called White: {pgn}");
}

#[test]
fn the_manual_says_what_a_control_character_in_a_tag_and_a_stop_do() {
    let readme =
        fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/saving.md")).expect("the manual");
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    // A control character in a tag is read as a space: never drawn, never `�`.
    let game = pgn::read_game("[White \"Anna\u{1b}[31m\tRed\"]\n\n1. e4 *\n").expect("reads");
    assert_eq!(game.tags.get("White"), Some("Anna [31m Red"));
    assert!(readme.contains(
        "a control character (an escape sequence's ESC, a tab) in a tag or a comment is read as a space"
    ));
    assert!(!readme.contains("tags with control characters are shown with `�`"), "the library's paragraph");
    // A stop pauses the clocks (tests/e2e.rs shows it through the binary).
    assert!(readme.contains("`kill -TSTP` gives the terminal back before the game stops"));
    assert!(readme.contains("(the clocks are paused meanwhile, so the time away is nobody's"));
    assert!(!readme.contains("the clocks do not stop meanwhile"));
}
