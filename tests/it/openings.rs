//! Opening names: the table generated from `assets/openings/*.tsv` is up to date, every
//! row of the data set is named by its position, and hand-checked games are named as
//! the data set names them.

use crate::common;
#[path = "openings/generate.rs"]
mod generate;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use common::TempDir;
use common::driver;
use generate::Row;
use hotseat::app::{Action, Answer, App, Command, Effect};
use hotseat::chess::{Game, Position};
use hotseat::openings;
use hotseat::records::pgn::{self, PgnGame};
use hotseat::records::{Destination, fresh_tags};
use hotseat::session::Recorder;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn rows() -> Vec<Row> {
    ["a", "b", "c", "d", "e"]
        .iter()
        .flat_map(|volume| {
            let file = format!("{volume}.tsv");
            let path = root().join("assets/openings").join(&file);
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            generate::read_rows(&file, &text)
        })
        .collect()
}

#[test]
fn the_table_is_generated_from_the_data_set_as_shipped() {
    let rows = rows();
    assert_eq!(rows.len(), 3807, "the data set has 3,807 rows");
    let (table, shadowed) = generate::generate(&rows);
    assert!(shadowed.is_empty(), "rows that name a position another row names: {shadowed:#?}");
    let (bin, txt) = (
        root().join("crates/hotseat-game/src/openings/table.bin"),
        root().join("crates/hotseat-game/src/openings/table.txt"),
    );
    if std::env::var_os("OPENINGS_UPDATE").is_some() {
        fs::write(&bin, &table.bytes).expect("write the table");
        fs::write(&txt, &table.text).expect("write the names");
    }
    let fresh = fs::read(&bin).unwrap_or_default() == table.bytes
        && fs::read_to_string(&txt).unwrap_or_default() == table.text;
    assert!(
        fresh,
        "crates/hotseat-game/src/openings/table.bin or table.txt is stale: run `OPENINGS_UPDATE=1 cargo test --test it openings::`"
    );
}

#[test]
fn every_row_is_named_by_the_position_its_moves_reach() {
    for row in rows() {
        let game = generate::replay(&row);
        let opening =
            openings::lookup(game.position()).unwrap_or_else(|| panic!("{}: not in the table", row.origin));
        assert_eq!((opening.eco(), opening.name()), (row.eco.as_str(), row.name.as_str()), "{}", row.origin);
        assert_eq!(openings::classify(&game), Some(opening));
    }
}

/// The game after `moves` (SAN, move numbers allowed) from the standard start.
fn game(moves: &str) -> Game {
    let mut game = Game::new();
    for san in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    game
}

/// `B90 Sicilian Defense: Najdorf Variation`: the ECO code and name of the game after
/// `moves`, as the panel shows them; `-` for none.
fn named(moves: &str) -> String {
    openings::classify(&game(moves)).map_or_else(|| "-".to_owned(), |o| o.to_string())
}

fn name(eco: &str, name: &str) -> String {
    format!("{eco} {name}")
}

// Every name below was looked up by hand in assets/openings/*.tsv.

#[test]
fn first_moves_and_main_lines_are_named_as_the_data_set_names_them() {
    let cases = [
        ("1. e4", "B00", "King's Pawn Game"),
        ("1. d4", "A40", "Queen's Pawn Game"),
        ("1. Nf3", "A04", "Zukertort Opening"),
        ("1. c4", "A10", "English Opening"),
        ("1. d3", "A00", "Mieses Opening"),
        ("1. e4 e5", "C20", "King's Pawn Game"),
        ("1. e4 c5", "B20", "Sicilian Defense"),
        ("1. e4 c6", "B10", "Caro-Kann Defense"),
        ("1. e4 e6", "C00", "French Defense"),
        ("1. e4 d5", "B01", "Scandinavian Defense"),
        ("1. e4 c5 2. Nf3", "B27", "Sicilian Defense"),
        ("1. e4 c5 2. c3", "B22", "Sicilian Defense: Alapin Variation"),
        ("1. e4 e5 2. Nf3", "C40", "King's Knight Opening"),
        ("1. e4 e5 2. Nf3 Nc6", "C44", "King's Knight Opening: Normal Variation"),
        ("1. e4 e5 2. Nf3 Nf6", "C42", "Petrov's Defense"),
        ("1. e4 e5 2. Nf3 Nc6 3. d4", "C44", "Scotch Game"),
        ("1. e4 e5 2. Nf3 Nc6 3. Bc4", "C50", "Italian Game"),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5", "C60", "Ruy Lopez"),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "C70", "Ruy Lopez: Morphy Defense"),
        ("1. e4 e5 2. f4", "C30", "King's Gambit"),
        ("1. e4 e5 2. Ke2", "C20", "Bongcloud Attack"),
        ("1. d4 d5", "D00", "Queen's Pawn Game"),
        ("1. d4 d5 2. c4", "D06", "Queen's Gambit"),
        ("1. d4 d5 2. c4 e6", "D30", "Queen's Gambit Declined"),
        ("1. d4 d5 2. c4 c6", "D10", "Slav Defense"),
        ("1. d4 Nf6", "A45", "Indian Defense"),
        ("1. d4 Nf6 2. c4", "A50", "Indian Defense: Normal Variation"),
        ("1. d4 Nf6 2. c4 g6", "E60", "Indian Defense: West Indian Defense"),
        ("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4", "E20", "Nimzo-Indian Defense"),
        ("1. d4 c5", "A43", "Benoni Defense: Old Benoni"),
        ("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6", "B90", "Sicilian Defense: Najdorf Variation"),
        ("1. f3 e5 2. g4 Qh4#", "A00", "Barnes Opening: Fool's Mate"),
        (
            "1. e4 e5 2. Nc3 Nc6 3. f4 exf4 4. d4 Qh4+ 5. Ke2",
            "C25",
            "Vienna Gambit, with Max Lange Defense: Steinitz Gambit, Main Line",
        ),
    ];
    for (moves, eco, expected) in cases {
        assert_eq!(named(moves), name(eco, expected), "{moves}");
    }
}

#[test]
fn transpositions_are_named_by_the_position_not_the_move_order() {
    let zukertort = name("D02", "Queen's Pawn Game: Zukertort Variation");
    assert_eq!(named("1. d4 d5 2. Nf3"), zukertort);
    assert_eq!(named("1. Nf3 d5 2. d4"), zukertort, "no row has this order");
    let symmetrical = name("D02", "Queen's Pawn Game: Symmetrical Variation");
    assert_eq!(named("1. Nf3 d5 2. d4 Nf6"), symmetrical);
    assert_eq!(named("1. d4 Nf6 2. Nf3 d5"), symmetrical);
    assert_eq!(
        named("1. e4 c5 2. Nc3 d6 3. Nf3 Nf6 4. d4 cxd4 5. Nxd4 a6"),
        name("B90", "Sicilian Defense: Najdorf Variation")
    );
    assert_eq!(
        named("1. c4 g6 2. Nc3 Bg7 3. d4 Nf6 4. e4 d6"),
        name("E70", "King's Indian Defense: Normal Variation")
    );
    assert_eq!(named("1. e4 d5 2. Nc3 Nf6"), name("B02", "Alekhine Defense: Scandinavian Variation"));
    // Knights out and back: the position after 1. Nf3 Nf6 is the last one named.
    assert_eq!(named("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"), name("A05", "Zukertort Opening"));
}

#[test]
fn an_en_passant_square_counts_only_when_the_capture_is_legal() {
    // After 1. d4 d5 no pawn can take on d6: the same position as after 1. d3 d6 2. d4 d5.
    assert_eq!(named("1. d3 d6 2. d4 d5"), name("D00", "Queen's Pawn Game"));
    // After 1. d4 c5 2. d5 e5 the pawn on d5 may take on e6; arriving at e5 in two steps
    // it may not, and the position is another.
    let old_benoni = openings::lookup(game("1. d4 c5 2. d5 e5").position());
    assert_eq!(old_benoni.as_ref().map(|o| (o.eco(), o.name())), Some(("A44", "Benoni Defense: Old Benoni")));
    let slow = game("1. d3 c5 2. d4 e6 3. d5 e5");
    assert_eq!(
        slow.position().fen().split(' ').next(),
        game("1. d4 c5 2. d5 e5").position().fen().split(' ').next()
    );
    assert_ne!(openings::lookup(slow.position()), old_benoni);
}

#[test]
fn a_game_that_leaves_the_book_keeps_the_last_name_and_castling_rights_count() {
    let mut game = game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    let morphy = openings::classify(&game);
    for san in ["Ke2", "Ke7", "Ke1", "Ke8"] {
        game.play_san(san).expect("legal");
        assert_eq!(openings::classify(&game), morphy, "after {san}");
    }
    // The pieces stand as after 3... a6, but no side may castle: not the named position.
    assert_eq!(openings::lookup(game.position()), None);
    assert_eq!(morphy.map(|o| o.to_string()), Some("C70 Ruy Lopez: Morphy Defense".to_owned()));
}

#[test]
fn an_earlier_ply_has_the_name_it_had_then() {
    let najdorf = game("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6");
    let at = |ply| openings::classify_at(&najdorf, ply).map(|o| o.to_string());
    assert_eq!(at(0), None);
    assert_eq!(at(1), Some("B00 King's Pawn Game".to_owned()));
    assert_eq!(at(2), Some("B20 Sicilian Defense".to_owned()));
    assert_eq!(at(3), Some("B27 Sicilian Defense".to_owned()));
    assert_eq!(at(10), Some("B90 Sicilian Defense: Najdorf Variation".to_owned()));
    assert_eq!(at(1000), at(10), "a ply past the end is the end");
}

#[test]
fn chess960_games_have_no_opening_name() {
    for index in [0, 518, 959] {
        let mut game = Game::from_position(Position::chess960(index).expect("a Chess960 start"));
        for san in ["e4", "e5"] {
            game.play_san(san).expect("legal");
        }
        assert_eq!(openings::classify(&game), None, "start {index}");
    }
    assert!(
        openings::lookup(game("1. e4 e5").position()).is_some(),
        "the same moves from the standard start"
    );
}

#[test]
fn a_game_from_a_set_up_position_is_named_when_it_reaches_a_named_position() {
    let after_e4 = game("1. e4").position().fen();
    let mut game = Game::from_position(Position::from_fen(&after_e4).expect("valid fen"));
    game.play_san("c5").expect("legal");
    assert_eq!(openings::classify(&game).map(|o| o.to_string()), Some("B20 Sicilian Defense".to_owned()));
    let endgame =
        Game::from_position(Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").expect("valid fen"));
    assert_eq!(openings::classify(&endgame), None);
}

// ----- the ECO and Opening tags of saved games -----

/// Plays `moves` in `app`, saving after each as the game loop does.
fn play_and_save(app: &mut App, recorder: &mut Recorder, moves: &str) {
    for m in moves.split_whitespace() {
        for effect in driver::play(app, m) {
            recorder.carry_out(app, effect);
        }
    }
}

fn send_and_save(app: &mut App, recorder: &mut Recorder, action: Action) {
    for effect in app.update(action) {
        recorder.carry_out(app, effect);
    }
}

fn saved(path: &Path) -> PgnGame {
    pgn::read_game(&fs::read_to_string(path).expect("saved file")).expect("the saved file parses")
}

fn opening_tags(record: &PgnGame) -> (Option<&str>, Option<&str>) {
    (record.tags.get("ECO"), record.tags.get("Opening"))
}

#[test]
fn a_saved_game_carries_the_name_of_its_last_named_position_and_follows_undo() {
    let dir = TempDir::new("openings-tags");
    let path = dir.path().join("game.pgn");
    let mut app = App::new(Game::new());
    let mut recorder = Recorder::new(Destination::File(path.clone()), fresh_tags(UNIX_EPOCH));
    recorder.start(&app).expect("writable");
    assert_eq!(opening_tags(&saved(&path)), (None, None), "no move, no name");
    play_and_save(&mut app, &mut recorder, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 h4");
    let text = fs::read_to_string(&path).expect("saved");
    assert!(text.contains("[ECO \"B90\"]\n[Opening \"Sicilian Defense: Najdorf Variation\"]"), "{text}");
    for _ in 0..9 {
        send_and_save(&mut app, &mut recorder, Action::Command(Command::Undo));
    }
    assert_eq!(app.game().ply(), 2);
    assert_eq!(opening_tags(&saved(&path)), (Some("B20"), Some("Sicilian Defense")));
    for _ in 0..2 {
        send_and_save(&mut app, &mut recorder, Action::Command(Command::Undo));
    }
    assert_eq!(opening_tags(&saved(&path)), (None, None), "back at the start, the name goes");
}

#[test]
fn a_game_that_never_reaches_a_named_position_gets_no_tags() {
    let dir = TempDir::new("openings-no-tags");
    let path = dir.path().join("game.pgn");
    let mut app = driver::app_from("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    let mut recorder = Recorder::new(Destination::File(path.clone()), fresh_tags(UNIX_EPOCH));
    recorder.start(&app).expect("writable");
    play_and_save(&mut app, &mut recorder, "e4 Kd7 e5");
    assert_eq!(opening_tags(&saved(&path)), (None, None));
    let mut app = App::new(Game::from_position(Position::chess960(518).expect("the standard array")));
    let path = dir.path().join("chess960.pgn");
    let mut recorder = Recorder::new(Destination::File(path.clone()), fresh_tags(UNIX_EPOCH));
    recorder.start(&app).expect("writable");
    play_and_save(&mut app, &mut recorder, "e4 e5 Nf3");
    assert_eq!(opening_tags(&saved(&path)), (None, None), "a Chess960 game");
}

/// Loads `text` as `--pgn` does, plays `moves` and returns the saved file.
fn load_play_save(dir: &TempDir, text: &str, moves: &str) -> PgnGame {
    let record = pgn::read_game(text).expect("a game");
    let path = dir.path().join("saved.pgn");
    let mut app = App::new(record.game.clone());
    let mut recorder = Recorder::new(Destination::File(path.clone()), record.tags.clone());
    recorder.start(&app).expect("writable");
    play_and_save(&mut app, &mut recorder, moves);
    saved(&path)
}

#[test]
fn a_loaded_game_keeps_its_own_opening_tags() {
    let dir = TempDir::new("openings-own");
    let text = "[Event \"Club\"]\n[ECO \"C65\"]\n[Opening \"Spanish: Berlin\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 *\n";
    let record = load_play_save(&dir, text, "O-O Nxe4");
    assert_eq!(opening_tags(&record), (Some("C65"), Some("Spanish: Berlin")));
    let only_eco = "[ECO \"B20\"]\n\n1. e4 c5 *\n";
    let record = load_play_save(&dir, only_eco, "Nf3 d6 d4");
    assert_eq!(opening_tags(&record), (Some("B20"), None), "its own ECO, and no name added to it");
}

#[test]
fn a_game_saved_here_goes_on_being_named_when_loaded_again() {
    let dir = TempDir::new("openings-again");
    let text = "[ECO \"B00\"]\n[Opening \"King's Pawn Game\"]\n\n1. e4 *\n";
    let record = load_play_save(&dir, text, "c5");
    assert_eq!(opening_tags(&record), (Some("B20"), Some("Sicilian Defense")));
    let loaded = load_play_save(&dir, "1. e4 e5 *\n", "Nf3");
    assert_eq!(opening_tags(&loaded), (Some("C40"), Some("King's Knight Opening")), "a game without tags");
}

#[test]
fn a_new_game_started_on_the_game_screen_is_named_afresh() {
    let dir = TempDir::new("openings-new-game");
    let text = "[ECO \"C65\"]\n[Opening \"Spanish: Berlin\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 *\n";
    let record = pgn::read_game(text).expect("a game");
    let path = dir.path().join("saved.pgn");
    let mut app = App::new(record.game.clone());
    let mut recorder = Recorder::new(Destination::File(path.clone()), record.tags.clone());
    recorder.start(&app).expect("writable");
    let mut effects = app.update(Action::Command(Command::NewGame));
    effects.extend(app.update(Action::Answer(Answer::Yes)));
    assert!(effects.contains(&Effect::NewGame), "{effects:?}");
    for effect in effects {
        recorder.carry_out(&app, effect);
    }
    play_and_save(&mut app, &mut recorder, "d4");
    let new_file = recorder.path().expect("a file").to_path_buf();
    assert_ne!(new_file, path);
    assert_eq!(opening_tags(&saved(&new_file)), (Some("A40"), Some("Queen's Pawn Game")));
    assert_eq!(opening_tags(&saved(&path)), (Some("C65"), Some("Spanish: Berlin")), "the old game as it was");
}
