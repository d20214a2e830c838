//! PGN in and out: round-trips of real game records, the reader's forgiveness, the
//! writer's exact format, and located errors (never a panic) for malformed input.

use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use hotseat::chess::{Color, Game, GameResult, Outcome, Position, Reason};
use hotseat::records::pgn::{
    GameEntry, PgnError, PgnErrorKind, PgnFile, PgnGame, read_game, read_games, write_games,
};
use proptest::prelude::*;

const GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games");

fn sample_path(name: &str) -> PathBuf {
    Path::new(GAMES).join(name)
}

fn sample(name: &str) -> String {
    std::fs::read_to_string(sample_path(name)).expect("sample file is readable UTF-8")
}

fn sample_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(GAMES)
        .expect("tests/data/games exists")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

fn parse(text: &str) -> PgnFile {
    PgnFile::parse(text).unwrap_or_else(|e| panic!("pgn should split into games: {e}"))
}

fn load_only(text: &str) -> PgnGame {
    read_game(text).unwrap_or_else(|e| panic!("pgn should load: {e}"))
}

fn load_err(text: &str) -> PgnError {
    match PgnFile::parse(text) {
        Err(e) => e,
        Ok(file) => {
            let results: Vec<_> = file.games().iter().map(GameEntry::load).collect();
            results.into_iter().find_map(Result::err).expect("some game should be refused")
        }
    }
}

fn sans(record: &PgnGame) -> Vec<&str> {
    record.game.san_moves().iter().map(String::as_str).collect()
}

fn outcome(record: &PgnGame) -> Option<Outcome> {
    record.game.outcome()
}

/// Tags the writer derives from the game rather than copying.
const DERIVED: [&str; 6] = ["Result", "SetUp", "FEN", "Variant", "Termination", "PlyCount"];

/// Asserts that `second` (read back from what `first` wrote) is the same game.
fn assert_same_game(first: &PgnGame, second: &PgnGame, what: &str) {
    assert_eq!(sans(first), sans(second), "{what}: moves");
    assert_eq!(first.game.moves(), second.game.moves(), "{what}: moves");
    assert_eq!(outcome(first), outcome(second), "{what}: outcome");
    assert_eq!(first.game.start().fen(), second.game.start().fen(), "{what}: start position");
    assert_eq!(first.game.start().is_chess960(), second.game.start().is_chess960(), "{what}: chess960");
    for (name, value) in first.tags.iter() {
        if !DERIVED.contains(&name) {
            assert_eq!(second.tags.get(name), Some(value), "{what}: tag {name}");
        }
    }
    for name in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
        assert!(second.tags.get(name).is_some(), "{what}: roster tag {name} written");
    }
    let written_result = second.tags.get("Result").expect("Result tag");
    assert_eq!(written_result, first.result().map_or("*", GameResult::pgn), "{what}: Result tag");
    if first.tags.get("PlyCount").is_some() {
        assert_eq!(second.tags.get("PlyCount"), Some(first.game.ply().to_string().as_str()), "{what}");
    }
    let clocks = |r: &PgnGame| (0..r.game.ply()).map(|i| r.clock(i)).collect::<Vec<_>>();
    assert_eq!(clocks(first), clocks(second), "{what}: clocks");
}

/// Asserts that an error points inside the text.
fn assert_located(text: &str, err: &PgnError) {
    let lines = text.matches('\n').count() + text.matches('\r').count() + 1;
    assert!(err.line >= 1 && err.line <= lines, "line {} outside 1..={lines}: {err}", err.line);
    assert!(err.column >= 1 && err.column <= text.chars().count() + 1, "column out of range: {err}");
    assert!(err.to_string().starts_with(&format!("line {}, col {}: ", err.line, err.column)), "{err}");
}

// --- Round-trips of real game records -------------------------------------------------

#[test]
fn every_sample_game_survives_read_write_read() {
    let mut games = 0;
    for path in sample_files() {
        let name = path.file_name().expect("file name").to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).expect("readable");
        let file = PgnFile::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!file.is_empty(), "{name} holds games");
        for entry in file.games() {
            let what = format!("{name} game {}", entry.number());
            let first = match entry.load() {
                Ok(first) => first,
                Err(e) if name == "anastasian-lewis.pgn" => {
                    assert!(matches!(e.kind, PgnErrorKind::NullMove(_)), "{what}: {e}");
                    continue;
                }
                Err(e) => panic!("{what}: {e}"),
            };
            let text = first.to_pgn();
            let second = read_game(&text).unwrap_or_else(|e| panic!("{what} as written:\n{text}\n{e}"));
            assert_same_game(&first, &second, &what);
            assert_eq!(second.to_pgn(), text, "{what}: writing is a fixed point");
            games += 1;
        }
    }
    assert_eq!(games, 1 + 4 + 6 + 1 + 1 + 1 + 1 + 2, "every game except the null-move one");
}

#[test]
fn a_whole_file_written_back_reads_as_the_same_games() {
    let games = read_games(&sample("kasparov-deep-blue-1997.pgn")).expect("six games");
    let again = read_games(&write_games(&games)).expect("written file reads");
    assert_eq!(again.len(), 6);
    for (a, b) in games.iter().zip(&again) {
        assert_same_game(a, b, "kasparov");
    }
}

#[test]
fn the_null_move_is_refused_with_its_line_and_column() {
    let file = PgnFile::parse(&sample("anastasian-lewis.pgn")).expect("the file splits");
    assert_eq!(file.len(), 1);
    let err = file.games()[0].load().expect_err("Z0 is a null move");
    assert_eq!(
        err.to_string(),
        "line 20, col 15: null move Z0 is not supported (a player cannot pass a turn)"
    );
    assert_eq!(
        load_err("1. e4 -- 2. d4 *").to_string(),
        "line 1, col 7: null move -- is not supported (a player cannot pass a turn)"
    );
}

/// What a file holds is kept or refused with where it stands, never passed over: a NAG
/// that judges no move, a NAG past `$255` and a result inside a variation have nowhere
/// to be kept, so the file is refused.
#[test]
fn what_has_nowhere_to_be_kept_is_refused_where_it_stands_not_dropped() {
    let cases = [
        ("[Event \"x\"]\n\n$1 1. e4 e5 *", "line 3, col 1: a NAG must follow the move it judges"),
        ("1. e4 (1. d4) $3 e5 *", ""),
        ("1. e4 ($4 1. d4) e5 *", "line 1, col 8: a NAG must follow the move it judges"),
        ("1. e4 $300 e5 *", "line 1, col 7: $300 is not a NAG (they go from $0 to $255)"),
        (
            "1. e4 e5 (1... c5 1-0) 2. Nf3 *",
            "line 1, col 19: a result inside a variation (only the game itself has one)",
        ),
    ];
    for (text, refusal) in cases {
        if refusal.is_empty() {
            // After a variation, a NAG judges the move the variation follows.
            let game = load_only(text);
            assert_eq!(game.annotations[0].nags.len(), 1, "{text}");
            continue;
        }
        assert_eq!(load_err(text).to_string(), refusal, "{text}");
    }
    // `$255` is the last NAG, and kept.
    assert_eq!(write_games(&[load_only("1. e4 $255 *")]).matches("$255").count(), 1);
}

#[test]
fn a_byte_order_mark_and_games_without_moves_are_fine() {
    let bytes = std::fs::read(sample_path("utf8-bom.pgn")).expect("readable");
    assert!(bytes.starts_with(&[0xef, 0xbb, 0xbf]), "the sample really has a BOM");
    let file = PgnFile::from_bytes(&bytes).expect("reads");
    assert_eq!(file.len(), 2);
    for (entry, event) in file.games().iter().zip(["A", "B"]) {
        assert_eq!(entry.tags().get("Event"), Some(event), "the BOM is not part of the first tag");
        let record = entry.load().expect("loads");
        assert_eq!(record.game.ply(), 0);
        assert!(!record.is_finished());
        assert!(record.to_pgn().ends_with("\n\n*\n"));
    }
    assert_eq!(file.games()[0].summary(), "White vs 1...c5 – ?, A, 2024.04.25, *, 0 moves");
}

#[test]
fn a_blank_line_inside_the_tags_keeps_every_tag() {
    let file = parse(&sample("chessbase-empty-line.pgn"));
    assert_eq!(file.len(), 1, "the blank line does not split the game");
    let record = file.games()[0].load().expect("loads");
    assert_eq!(record.tags.get("Event"), Some("AlphaZero vs. Stockfish"));
    assert_eq!(record.tags.get("BlackFideId"), Some("deepmind"));
    assert_eq!(record.tags.len(), 11);
    assert_eq!(record.game.ply(), 134);
    assert_eq!(sans(&record).last(), Some(&"Bd6"));
    assert_eq!(outcome(&record), Some(Outcome::win(Color::Black, Reason::Unspecified)));
}

#[test]
fn moves_in_coordinates_are_read_and_written_in_san() {
    let record = load_only(&sample("uci-moves.pgn"));
    assert_eq!(sans(&record)[..6], ["Nf3", "c5", "e4", "d6", "d4", "cxd4"]);
    assert!(sans(&record).contains(&"O-O-O"), "e1c1 is castling");
    assert_eq!(outcome(&record), Some(Outcome::draw(Reason::Unspecified)));
    let text = record.to_pgn();
    assert!(text.contains("1. Nf3 c5 2. e4 d6"), "{text}");
    assert!(!text.contains("g1f3"));
}

#[test]
fn chess960_games_load_with_their_castling_and_are_written_as_chess960() {
    let file = parse(&sample("cutechess-fischerrandom.pgn"));
    assert_eq!(file.len(), 4);
    for entry in file.games() {
        let record = entry.load().unwrap_or_else(|e| panic!("game {}: {e}", entry.number()));
        assert!(record.game.start().is_chess960());
        assert!(record.game.position().is_chess960(), "the flag carries through the moves");
        assert_eq!(outcome(&record).map(|o| o.reason), Some(Reason::Checkmate));
        let text = record.to_pgn();
        assert!(text.contains("[Variant \"Chess960\"]\n"), "{text}");
        assert!(text.contains("[SetUp \"1\"]\n"));
        assert!(text.contains(&format!("[FEN \"{}\"]\n", entry.tags().get("FEN").expect("FEN tag"))));
    }
    let first = file.games()[0].load().expect("loads");
    assert!(sans(&first).contains(&"O-O"), "black castles king-side with the rook on g8");
    assert!(sans(&first).contains(&"O-O-O"), "white castles queen-side with the rook on d1");
}

#[test]
fn six_games_in_one_file_keep_their_results() {
    let file = parse(&sample("kasparov-deep-blue-1997.pgn"));
    let results: Vec<&str> = file.games().iter().map(GameEntry::result_text).collect();
    assert_eq!(results, ["1-0", "1-0", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1-0"]);
    assert_eq!(file.game(6).expect("game 6").tags().get("Site"), Some("06"));
    assert!(file.game(0).is_none() && file.game(7).is_none());
    let first = file.games()[0].load().expect("loads");
    assert_eq!(outcome(&first), Some(Outcome::win(Color::White, Reason::Unspecified)));
    let third = file.games()[2].load().expect("loads");
    assert_eq!(outcome(&third).map(|o| o.result), Some(GameResult::Draw));
    assert_eq!(
        file.games()[0].summary(),
        "Garry Kasparov – Deep Blue (Computer), IBM Man-Machine, New York USA, 01, 1997.??.??, 1-0, 45 moves"
    );
}

#[test]
fn a_game_ending_in_mate_keeps_the_mate() {
    let record = load_only(&sample("molinari-bordais-1979.pgn"));
    assert_eq!(outcome(&record), Some(Outcome::win(Color::Black, Reason::Checkmate)));
    assert!(record.to_pgn().ends_with("5. g3 Nd3# 0-1\n"));
    assert!(!record.to_pgn().contains("Termination"), "mate needs no Termination tag");
}

#[test]
fn engine_comments_are_skipped_and_a_termination_tag_is_kept() {
    let record = load_only(&sample("stockfish-learning.pgn"));
    assert_eq!(record.game.ply(), 154);
    assert_eq!(record.tags.get("Termination"), Some("adjudication"));
    assert_eq!(outcome(&record), Some(Outcome::win(Color::White, Reason::Unspecified)));
    assert!(record.to_pgn().contains("[Termination \"adjudication\"]"));
    let nepo = load_only(&sample("nepomniachtchi-liren-game1.pgn"));
    assert!(nepo.to_pgn().contains("[TimeControl \"40/7200:20/3600:900+30\"]"));
}

#[test]
fn written_sans_are_what_an_independent_implementation_writes() {
    use shakmaty::fen::Fen;
    use shakmaty::san::SanPlus;
    use shakmaty::{CastlingMode, Chess, Position as _};

    for path in sample_files() {
        let Ok(games) = read_games(&String::from_utf8_lossy(&std::fs::read(&path).expect("readable"))) else {
            continue; // the null-move file
        };
        for mut record in games {
            // The main line's moves only: annotations are compared whole in
            // tests/annotations.rs.
            record.annotations.clear();
            record.trailing.clear();
            let text = record.to_pgn();
            let mode = if text.contains("[Variant \"Chess960\"]") {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            let mut pos: Chess = match text.lines().find_map(|l| l.strip_prefix("[FEN \"")) {
                Some(fen) => fen
                    .trim_end_matches("\"]")
                    .parse::<Fen>()
                    .expect("shakmaty reads our FEN")
                    .into_position(mode)
                    .expect("shakmaty accepts our position"),
                None => Chess::default(),
            };
            let movetext = text.split("\n\n").nth(1).expect("movetext after the tags");
            let tokens = movetext
                .split_whitespace()
                .filter(|t| !t.ends_with('.') && !t.starts_with('{'))
                .filter(|t| !["1-0", "0-1", "1/2-1/2", "*"].contains(t));
            for san in tokens {
                let parsed: SanPlus = san.parse().unwrap_or_else(|e| panic!("{san}: {e:?}"));
                let m =
                    parsed.san.to_move(&pos).unwrap_or_else(|e| panic!("{}: {san}: {e:?}", path.display()));
                assert_eq!(SanPlus::from_move(pos.clone(), m).to_string(), san, "{}", path.display());
                pos.play_unchecked(m);
            }
            let written = text.trim_end().rsplit(' ').next().expect("result token");
            if pos.is_checkmate() {
                assert_eq!(written, if pos.turn().is_white() { "0-1" } else { "1-0" });
            }
        }
    }
}

// --- The reader's forgiveness ------------------------------------------------------------

#[test]
fn comments_nags_suffixes_variations_and_escapes_are_all_skipped() {
    let text = "% an escape line, ignored\n\
        [Event \"Test\"]\n\
        ; a line comment\n\
        [White \"A\"] [Black \"B\"]\n\
        \n\
        1. e4! {a comment with [brackets] and (parens)} e5?! $1 2. Nf3 $14 (2. f4 exf4 (2... d5) 3. Nf3) \n\
        2... Nc6 ; to the end of the line 3. Bb5\n\
        3. Bb5 a6!? 4. Ba4 !! Nf6 ?? 5. O-O +- Be7 = 1/2-1/2\n";
    let record = load_only(text);
    assert_eq!(sans(&record), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]);
    assert_eq!(record.tags.get("White"), Some("A"));
    assert_eq!(outcome(&record), Some(Outcome::draw(Reason::Unspecified)));
}

#[test]
fn crlf_and_bare_cr_line_ends_are_read_and_counted() {
    let text = "[Event \"E\"]\r\n\r\n1. e4 e5\r\n2. Nf3 Nf6 3. Nxe5 *\r\n";
    assert_eq!(sans(&load_only(text)), ["e4", "e5", "Nf3", "Nf6", "Nxe5"]);
    let err = load_err("[Event \"E\"]\r\n\r\n1. e4 e5\r\n2. Nf6 *\r\n");
    assert_eq!(err.to_string(), "line 4, col 4: illegal move Nf6 (no knight can reach f6)");
    let err = load_err("[Event \"E\"]\r\r1. e4 e5\r2. Nf6 *\r");
    assert_eq!((err.line, err.column), (4, 4));
}

#[test]
fn move_numbers_come_in_every_form() {
    let record = load_only("1.e4 1...e5 2 Nf3 2... Nc6 3.Bb5 3 ... a6 4. Ba4 4…Nf6 *");
    assert_eq!(sans(&record), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]);
}

#[test]
fn missing_tags_and_a_missing_result_make_an_unfinished_game() {
    let record = load_only("1. d4 d5 2. c4");
    assert!(record.tags.is_empty());
    assert!(!record.is_finished());
    assert_eq!(
        record.to_pgn(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n\
         [Result \"*\"]\n\n1. d4 d5 2. c4 *\n"
    );
}

#[test]
fn the_result_tag_stands_in_for_a_missing_result_token() {
    let record = load_only("[Result \"0-1\"]\n\n1. e4 e5 2. Ke2\n");
    assert_eq!(outcome(&record), Some(Outcome::win(Color::Black, Reason::Unspecified)));
}

#[test]
fn games_split_at_results_and_at_tags() {
    let file = parse(
        "1. e4 e5 1-0 1. d4 d5 0-1\n[Event \"Third\"]\n1. c4\n[Event \"Fourth\"]\n\n[Event \"Fifth\"]\n1. f4 *",
    );
    let events: Vec<Option<&str>> = file.games().iter().map(|g| g.tags().get("Event")).collect();
    assert_eq!(events, [None, None, Some("Third"), Some("Fourth"), Some("Fifth")]);
    let plies: Vec<usize> = file.games().iter().map(GameEntry::plies).collect();
    assert_eq!(plies, [2, 2, 1, 0, 1]);
    let numbers: Vec<usize> = file.games().iter().map(GameEntry::number).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5]);
    assert_eq!(file.games()[2].line(), 2);
}

#[test]
fn set_up_positions_may_start_with_black_to_move() {
    let text = "[SetUp \"1\"]\n[FEN \"r1bqkbnr/pppp1ppp/8/4p3/3nP3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12\"]\n\n12... Nxf3+ 13. gxf3 *\n";
    let record = load_only(text);
    assert_eq!(sans(&record), ["Nxf3+", "gxf3"]);
    assert!(record.to_pgn().contains("\n\n12... Nxf3+ 13. gxf3 *\n"));
}

#[test]
fn shredder_castling_in_a_fen_means_chess960_even_without_a_variant_tag() {
    let text = "[FEN \"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 2 3\"]\n\n3. O-O *";
    let record = load_only(text);
    assert!(record.game.start().is_chess960());
    assert_eq!(sans(&record), ["O-O"]);
    let text = record.to_pgn();
    assert!(text.contains("[Variant \"Chess960\"]"), "{text}");
    assert!(text.contains("w KQ - 2 3\"]"), "outermost rooks are written X-FEN style: {text}");
    assert_same_game(&record, &load_only(&text), "chess960 from a Shredder FEN");
}

#[test]
fn an_inner_castling_rook_is_written_by_its_file() {
    // White may castle with the rook on f1, not the outer one on h1.
    let pos = "4k3/8/8/8/8/8/8/R3KR1R w F - 0 1";
    let mut start = Position::from_fen(pos).expect("valid fen");
    start.set_chess960(true);
    let text = PgnGame::new(Game::from_position(start)).to_pgn();
    assert!(text.contains("[FEN \"4k3/8/8/8/8/8/8/R3KR1R w F - 0 1\"]"), "{text}");
    let again = load_only(&text);
    assert_eq!(again.game.start().castling_rooks().into_iter().collect::<Vec<_>>().len(), 1);
}

#[test]
fn latin1_files_are_read_as_latin1() {
    let mut bytes = b"[White \"M".to_vec();
    bytes.push(0xfc); // ü in Latin-1
    bytes.extend_from_slice(b"ller\"]\n\n1. e4 *\n");
    let file = PgnFile::from_bytes(&bytes).expect("reads");
    assert_eq!(file.games()[0].tags().get("White"), Some("Müller"));
}

#[test]
fn utf16_files_are_refused_with_advice() {
    let err = PgnFile::from_bytes(&[0xff, 0xfe, b'[', 0]).expect_err("utf-16");
    assert_eq!(err.to_string(), "line 1, col 1: unexpected UTF-16 text (save the file as UTF-8)");
}

#[test]
fn tag_values_with_quotes_and_backslashes_survive() {
    let record = PgnGame::new(Game::new()).with_tag("White", "Anna \"the Rook\" K\\L");
    let text = record.to_pgn();
    assert!(text.contains("[White \"Anna \\\"the Rook\\\" K\\\\L\"]"), "{text}");
    assert_eq!(load_only(&text).tags.get("White"), Some("Anna \"the Rook\" K\\L"));
    // Some programs forget to escape; the line still ends the tag with "].
    let sloppy = load_only("[Event \"The \"Big\" Game\"]\n\n*");
    assert_eq!(sloppy.tags.get("Event"), Some("The \"Big\" Game"));
}

#[test]
fn tag_names_that_would_not_read_back_are_cleaned() {
    let record = PgnGame::new(Game::new()).with_tag("My Club", "x").with_tag("[]", "dropped");
    let text = record.to_pgn();
    assert!(text.contains("[MyClub \"x\"]\n"), "{text}");
    assert!(!text.contains("dropped"));
    assert_eq!(load_only(&text).tags.get("MyClub"), Some("x"));
}

#[test]
fn an_en_passant_remark_after_the_move_is_skipped() {
    let text = "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n1. exd6 e.p. Kd7 2. Kd2 *";
    assert_eq!(sans(&load_only(text)), ["exd6", "Kd7", "Kd2"]);
    let text = "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n1. exd6 ep Kd7 *";
    assert_eq!(sans(&load_only(text)), ["exd6", "Kd7"]);
}

#[test]
fn figurine_notation_is_read() {
    assert_eq!(sans(&load_only("1. e4 e5 2. ♘f3 ♞c6 *")), ["e4", "e5", "Nf3", "Nc6"]);
}

// --- Results and how games ended ----------------------------------------------------------

#[test]
fn termination_time_forfeit_is_a_loss_on_time() {
    let record = load_only("[Termination \"time forfeit\"]\n1. e4 e5 0-1");
    assert_eq!(outcome(&record), Some(Outcome::win(Color::Black, Reason::Timeout)));
    let chesscom = load_only("[Termination \"Black won on time\"]\n1. e4 e5 0-1");
    assert_eq!(outcome(&chesscom), Some(Outcome::win(Color::Black, Reason::Timeout)));
    let drawn = load_only("[Termination \"time forfeit\"]\n1. e4 e5 1/2-1/2");
    assert_eq!(outcome(&drawn), Some(Outcome::draw(Reason::TimeoutWithInsufficientMaterial)));
}

#[test]
fn a_draw_in_a_repeated_position_is_a_claim() {
    let record = load_only("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2");
    assert_eq!(outcome(&record), Some(Outcome::draw(Reason::ThreefoldRepetition)));
    let text = record.to_pgn();
    assert!(text.contains("[Termination \"normal\"]"), "{text}");
    assert_eq!(outcome(&load_only(&text)), outcome(&record));
}

#[test]
fn the_moves_win_over_a_contradictory_result() {
    let record = load_only("1. f3 e5 2. g4 Qh4# 1-0");
    assert_eq!(outcome(&record), Some(Outcome::win(Color::Black, Reason::Checkmate)));
    assert!(record.to_pgn().contains("[Result \"0-1\"]"));
}

// --- The writer's format ----------------------------------------------------------------------

#[test]
fn a_finished_game_is_written_exactly() {
    let mut game = Game::new();
    for san in ["f3", "e5", "g4", "Qh4#"] {
        game.play_san(san).expect("legal");
    }
    let record = PgnGame::new(game)
        .with_tag("White", "Anna")
        .with_tag("Black", "Ben")
        .with_tag("Event", "Casual game")
        .with_date(UNIX_EPOCH + Duration::from_secs(1_714_000_000));
    assert_eq!(
        record.to_pgn(),
        "[Event \"Casual game\"]\n[Site \"?\"]\n[Date \"2024.04.24\"]\n[Round \"?\"]\n[White \"Anna\"]\n\
         [Black \"Ben\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
    );
}

#[test]
fn endings_by_decision_write_a_termination_tag() {
    let ended = |end: fn(&mut Game)| {
        let mut game = Game::new();
        game.play_san("e4").expect("legal");
        end(&mut game);
        PgnGame::new(game).to_pgn()
    };
    let resigned = ended(|g| g.resign(Color::Black));
    assert!(resigned.contains("[Result \"1-0\"]\n[Termination \"normal\"]\n"), "{resigned}");
    assert!(resigned.ends_with("1. e4 1-0\n"));
    let flagged = ended(|g| g.flag(Color::Black));
    assert!(flagged.contains("[Termination \"time forfeit\"]"), "{flagged}");
    assert_eq!(outcome(&load_only(&flagged)), Some(Outcome::win(Color::White, Reason::Timeout)));
    let agreed = ended(Game::agree_draw);
    assert!(agreed.contains("[Termination \"normal\"]"));
    assert_eq!(outcome(&load_only(&agreed)), Some(Outcome::draw(Reason::Agreement)));
    let unfinished = ended(|_| {});
    assert!(!unfinished.contains("Termination"));
    assert!(unfinished.ends_with("1. e4 *\n"));
}

#[test]
fn a_stale_termination_tag_is_replaced() {
    let mut record = load_only("[Termination \"time forfeit\"]\n1. e4 e5 2. Nf3 0-1");
    record.game.undo();
    assert!(!record.to_pgn().contains("Termination"), "an unfinished game has no termination");
    record.game.resign(Color::Black);
    assert!(record.to_pgn().contains("[Termination \"normal\"]"));
}

#[test]
fn clock_times_are_written_as_clk_comments_and_read_back() {
    let mut game = Game::new();
    for san in ["e4", "e5", "Nf3"] {
        game.play_san(san).expect("legal");
    }
    let mut record = PgnGame::new(game).with_tag("TimeControl", "300+2");
    record.clocks = vec![Some(Duration::from_secs(299)), None, Some(Duration::from_millis(297_500))];
    let text = record.to_pgn();
    assert!(text.contains("[TimeControl \"300+2\"]"));
    assert!(text.ends_with("\n\n1. e4 {[%clk 0:04:59]} 1... e5 2. Nf3 {[%clk 0:04:57.5]} *\n"), "{text}");
    let again = load_only(&text);
    assert_eq!(again.clocks, record.clocks);
    let lichess = load_only("1. e4 { [%eval 0.2] [%clk 1:30:00] } 1... e5 { [%clk 1:29:58] } *");
    assert_eq!(lichess.clock(0), Some(Duration::from_secs(5400)));
    assert_eq!(lichess.clock(1), Some(Duration::from_secs(5398)));
}

#[test]
fn movetext_lines_never_pass_eighty_columns() {
    for path in sample_files() {
        let Ok(games) = read_games(&String::from_utf8_lossy(&std::fs::read(&path).expect("readable"))) else {
            continue;
        };
        for record in games {
            for line in record.to_pgn().lines().filter(|l| !l.starts_with('[')) {
                assert!(line.chars().count() <= 80, "{}: {line:?}", path.display());
            }
        }
    }
}

// --- Malformed input: located errors, never a panic ---------------------------------------------

#[test]
fn an_illegal_move_names_its_line_column_and_reason() {
    let tags: String = (1..=12).fold(String::new(), |tags, i| tags + &format!("[Tag{i} \"v\"]\n"));
    let text = format!("{tags}\n1.e4 e5 Nf6 *\n");
    assert_eq!(load_err(&text).to_string(), "line 14, col 9: illegal move Nf6 (no knight can reach f6)");
    let err = load_err("[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. Nd2 *");
    assert_eq!(err.to_string(), "line 2, col 4: ambiguous move Nd2 (could be Nbd2 or Nfd2)");
    let err = load_err("[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n1. a8 *");
    assert_eq!(err.to_string(), "line 2, col 4: move a8 does not say what the pawn promotes to");
    let err = load_err("1. e4 e5 2. Kf3 *");
    assert_eq!(err.to_string(), "line 1, col 13: illegal move Kf3 (your king cannot reach f3)");
    let err = load_err("1. e4 e5 2. e2e4 *");
    assert_eq!(err.to_string(), "line 1, col 13: illegal move e2e4 (there is no piece on e2)");
    let err = load_err("1. f3 e5 2. g4 Qh4# 3. a3 0-1");
    assert_eq!(
        err.to_string(),
        "line 1, col 24: move a3 comes after the game has ended (Checkmate — Black wins 0-1)"
    );
    assert_eq!(load_err("1. e4 hello *").to_string(), "line 1, col 7: not a move: hello");
}

#[test]
fn an_en_passant_capture_that_would_expose_the_king_is_explained_as_in_play() {
    let err = load_err("[FEN \"4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1\"]\n1... d5 2. exd6 *");
    assert_eq!(
        err.to_string(),
        "line 2, col 12: illegal move exd6 (taking en passant would leave your king in check)"
    );
}

#[test]
fn truncated_files_say_where_they_break_off() {
    let cases = [
        ("[Event \"World Ch", "line 1, col 8: the value of tag Event is not closed (missing \")"),
        ("[Event \"World\"\n1. e4", "line 1, col 1: tag Event is not closed (missing ])"),
        (
            "[Event \"E\"]\n\n1. e4 {a comment that never",
            "line 3, col 7: comment is never closed (missing })",
        ),
        ("1. e4 e5 (1... c5 2. Nf3", "line 1, col 10: variation is never closed (missing ))"),
        ("1. e4 e5 2. N", "line 1, col 13: not a move: N"),
        ("1. e4 e5 2. Nf3 $", "line 1, col 17: unexpected $"),
    ];
    for (text, message) in cases {
        assert_eq!(load_err(text).to_string(), message, "{text:?}");
    }
}

#[test]
fn every_truncation_of_a_real_file_is_read_or_refused_with_a_location() {
    let text = sample("nepomniachtchi-liren-game1.pgn") + &sample("cutechess-fischerrandom.pgn")[..1500];
    let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).step_by(7).collect();
    for end in ends {
        let cut = &text[..end];
        match PgnFile::parse(cut) {
            Err(e) => assert_located(cut, &e),
            Ok(file) => {
                for entry in file.games() {
                    if let Err(e) = entry.load() {
                        assert_located(cut, &e);
                    }
                }
            }
        }
    }
}

#[test]
fn garbage_tags_are_refused_with_a_location() {
    let cases = [
        ("[Event \"x\" garbage]\n*", "line 1, col 1: tag Event is not closed (missing ])"),
        ("[]\n*", "line 1, col 2: expected a tag name after ["),
        ("[ \"x\"]\n*", "line 1, col 3: expected a tag name after ["),
        ("[Event x]\n*", "line 1, col 8: the value of tag Event must be in double quotes"),
        ("[Event]\n*", "line 1, col 7: the value of tag Event must be in double quotes"),
        ("[Event \"x\"]]\n*", "line 1, col 12: unexpected ]"),
        ("[Event \"x\"]\n\u{7}", "line 2, col 1: unexpected character '\\u{7}'"),
    ];
    for (text, message) in cases {
        assert_eq!(load_err(text).to_string(), message, "{text:?}");
    }
}

#[test]
fn stray_closing_brackets_are_refused() {
    assert_eq!(load_err("1. e4 ) e5 *").to_string(), "line 1, col 7: unexpected )");
    assert_eq!(load_err("1. e4 } e5 *").to_string(), "line 1, col 7: unexpected }");
    let err = load_err("1. e4 (1. d4\n[Event \"next\"]\n*");
    assert_eq!(err.to_string(), "line 1, col 7: variation is never closed (missing ))");
}

#[test]
fn a_bad_set_up_is_refused_at_the_tag() {
    let err = load_err("[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*");
    assert_eq!((err.line, err.column), (2, 6));
    assert!(err.to_string().starts_with("line 2, col 6: invalid FEN: "), "{err}");
    let err = load_err("[Variant \"crazyhouse\"]\n\n1. e4 *");
    assert_eq!(
        err.to_string(),
        "line 1, col 10: variant \"crazyhouse\" is not supported (only standard chess and Chess960)"
    );
}

#[test]
fn malformed_sample_files_are_refused_with_a_location() {
    let dir = Path::new(GAMES).join("malformed");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("malformed samples exist") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("utf-8");
        let expected = text
            .lines()
            .find_map(|l| l.strip_prefix("% expect: "))
            .unwrap_or_else(|| panic!("{} names its error", path.display()));
        assert_eq!(load_err(&text).to_string(), expected, "{}", path.display());
        count += 1;
    }
    assert!(count >= 4);
}

/// Pieces of PGN, good and bad, to shuffle into inputs that reach past the lexer.
const PIECES: &[&str] = &[
    "[Event \"x\"]",
    "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]",
    "[Variant \"chess960\"]",
    "[Result \"1-0\"]",
    "[SetUp \"1\"]",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]",
    "1.",
    "2...",
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "O-O",
    "Kf1",
    "Rh8",
    "e2e4",
    "g1f3",
    "Z0",
    "--",
    "{",
    "}",
    "{c}",
    "(",
    ")",
    ";",
    "\n",
    "%",
    "$1",
    "!?",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "[",
    "]",
    "\"",
    "\r\n",
    "Qxf7#",
    "exd6",
    "e8=Q",
    "½-½",
    "@@@@",
    "♘f3",
    "…",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic_and_errors_have_a_location(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text: String = match std::str::from_utf8(&bytes) {
            Ok(t) => t.to_owned(),
            Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
        };
        match PgnFile::from_bytes(&bytes) {
            Err(e) => assert_located(&text, &e),
            Ok(file) => for entry in file.games() {
                if let Err(e) = entry.load() { assert_located(&text, &e); }
            },
        }
    }

    #[test]
    fn shuffled_pgn_pieces_never_panic(picks in proptest::collection::vec(0..PIECES.len(), 0..40)) {
        let text = picks.iter().map(|&i| PIECES[i]).collect::<Vec<_>>().join(" ");
        match PgnFile::parse(&text) {
            Err(e) => assert_located(&text, &e),
            Ok(file) => for entry in file.games() {
                match entry.load() {
                    Err(e) => assert_located(&text, &e),
                    Ok(record) => {
                        let again = read_game(&record.to_pgn()).expect("what we write we read");
                        prop_assert_eq!(again.game.moves(), record.game.moves());
                    }
                }
            },
        }
    }

    #[test]
    fn a_real_file_with_one_character_changed_never_panics(at in 0usize..900, c in any::<char>()) {
        let original = sample("nepomniachtchi-liren-game1.pgn");
        let at = at.min(original.len());
        let at = (0..=at).rev().find(|&i| original.is_char_boundary(i)).unwrap_or(0);
        let mut text = original.clone();
        text.insert(at, c);
        for edited in [text, format!("{}{}", &original[..at], &original[at..].chars().skip(1).collect::<String>())] {
            match PgnFile::parse(&edited) {
                Err(e) => assert_located(&edited, &e),
                Ok(file) => for entry in file.games() {
                    if let Err(e) = entry.load() { assert_located(&edited, &e); }
                },
            }
        }
    }
}

#[test]
fn a_result_without_a_termination_tag_keeps_its_reason_unspecified() {
    let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1-0\n";
    let record = load_only(text);
    assert_eq!(outcome(&record), Some(Outcome::win(Color::White, Reason::Unspecified)));
    assert_eq!(record.game.outcome().expect("decided").to_string(), "White wins 1-0");
    let written = record.to_pgn();
    assert!(!written.contains("Termination"), "no reason is invented on the way out:\n{written}");
    assert_eq!(outcome(&load_only(&written)), Some(Outcome::win(Color::White, Reason::Unspecified)));
}

#[test]
fn a_large_fullmove_number_reads_the_same_in_the_fen_the_pgn_and_the_move_labels() {
    let start = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 100000").expect("valid fen");
    let mut game = Game::from_position(start);
    for san in ["Kd7", "Ra2", "Kd6"] {
        game.play_san(san).expect("legal");
    }
    assert_eq!(game.label(1).as_deref(), Some("100001. Ra2"));
    assert_eq!(game.position().fullmoves(), 100_002);
    let text = PgnGame::new(game).to_pgn();
    assert!(text.contains("100000... Kd7 100001. Ra2 Kd6"), "{text}");
    let again = load_only(&text);
    assert_eq!(again.game.start().fullmoves(), 100_000);
    assert_eq!(again.game.label(2).as_deref(), Some("100001… Kd6"));
}

#[test]
fn a_fen_tag_with_a_move_counter_no_game_can_reach_is_refused() {
    let err = load_err("[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 4294967295\"]\n\n1. Ra2 *");
    assert_eq!(
        err.to_string(),
        "line 1, col 6: invalid FEN: invalid fullmove number: 4294967295 is more than 100000"
    );
    let err = load_err("[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 4294967295 1\"]\n\n1. Ra2 *");
    assert!(err.to_string().ends_with("invalid halfmove clock: 4294967295 is more than 150"), "{err}");
}
