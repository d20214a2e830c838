//! The parsers return an answer for any input, never a panic: random bytes, random
//! text, and valid FEN, SAN and UCI with characters inserted, deleted or replaced.
//! And a bad FEN field is named as the one at fault; and random movetext (variations,
//! comments, NAGs) that loads writes and reads back as the same tree.

use crate::common;

use common::{Rng, chess960_fen, random_walk, read_epd_file, read_perft_file, suite_path};
use hotseat::chess::{
    FenError, FenField, Game, MoveText, Position, ReadMoveError, STARTING_FEN, SanError, Strictness,
};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    common::proptest_config(if cfg!(debug_assertions) { 256 } else { 8192 })
}

/// Valid FENs to mutate: the start, Chess960 arrays and the perft suites' positions
/// (some of which only load leniently).
fn valid_fens() -> Vec<String> {
    let mut fens = vec![STARTING_FEN.to_owned(), chess960_fen(0), chess960_fen(959), chess960_fen(314)];
    fens.extend(read_epd_file(&suite_path("standard.epd")).into_iter().map(|c| c.fen));
    fens.extend(read_perft_file(&suite_path("tricky.perft")).into_iter().map(|c| c.fen));
    fens
}

/// Characters that mean something in FEN, SAN or UCI, and a few that never do.
const ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'w', '0',
    '1', '2', '3', '4', '5', '6', '7', '8', '9', '/', ' ', '-', '=', 'x', '+', '#', 'O', 'o', '(', ')', '.',
    '!', '?', ':', '\t', '\n', 'é', '♞', '\u{0}', 'Z',
];

/// One edit of a string: insert, delete or replace the character at a position.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let letter = prop_oneof![9 => prop::sample::select(ALPHABET), 1 => any::<char>()];
    prop_oneof![
        (any::<usize>(), letter.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), letter).prop_map(|(i, c)| Edit::Replace(i, c)),
    ]
}

/// Text of any characters, controls included (a superset of a regex's `\PC`), `len` of them.
fn text(len: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), len).prop_map(String::from_iter)
}

/// One to six letters from `i` to `z`, either case, or `@#%&*`: what a FEN field is not.
fn garbage() -> impl Strategy<Value = String> {
    let letters: Vec<char> = ('i'..='z').chain('I'..='Z').chain("@#%&*".chars()).collect();
    prop::collection::vec(prop::sample::select(letters), 1..7).prop_map(String::from_iter)
}

fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let len = chars.len();
        match *e {
            Edit::Insert(i, c) => chars.insert(i % (len + 1), c),
            Edit::Delete(i) if len > 0 => {
                chars.remove(i % len);
            }
            Edit::Replace(i, c) if len > 0 => chars[i % len] = c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Feeds `text` to every FEN entry point; anything but a panic is fine, but what
/// loads must write a FEN that loads again.
fn load_fen(text: &str) {
    for strictness in [Strictness::Strict, Strictness::Lenient] {
        match Position::from_fen_with(text, strictness) {
            Ok(pos) => {
                let again = Position::from_fen_with(&pos.fen(), strictness);
                assert!(again.is_ok(), "{text:?} loads but its FEN {} does not: {again:?}", pos.fen());
                // Whatever loads, the move generator and notation must cope with.
                for &m in pos.legal_moves().iter().take(8) {
                    let _ = pos.san(m);
                }
            }
            Err(err) => {
                let _ = err.to_string();
                let _ = err.fen_field();
            }
        }
    }
}

/// Feeds `text` to every move reader of `pos`.
fn read_move(pos: &Position, text: &str) {
    for result in [pos.parse_san(text), pos.parse_uci(text), pos.parse_move(text)] {
        match result {
            Ok(m) => assert!(pos.is_legal(m), "{text:?} read as the illegal {m:?} in {}", pos.fen()),
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
    for m in pos.moves_matching_prefix(text) {
        assert!(pos.is_legal(m));
    }
    // The hint while typing and Enter read the text the same way.
    let parsed = pos.parse_move(text);
    let context = format!("{text:?} in {}: {parsed:?}", pos.fen());
    match pos.read_move_text(text) {
        MoveText::Move { mv, .. } => assert_eq!(parsed, Ok(mv), "{context}"),
        MoveText::Promotion { from, to } => assert!(
            matches!(parsed, Err(ReadMoveError::San(SanError::MissingPromotion { from: f, to: t, .. })) if (f, t) == (from, to)),
            "{context}"
        ),
        MoveText::Ambiguous(moves) => {
            assert!(moves.len() > 1 && moves.iter().all(|&m| pos.is_legal(m)), "{context}");
            assert!(
                matches!(&parsed, Err(ReadMoveError::San(SanError::Ambiguous { candidates, .. })) if *candidates == moves),
                "{context}"
            );
        }
        MoveText::Illegal(why) => assert!(
            matches!(&parsed, Err(ReadMoveError::San(SanError::Illegal { reason, .. })) if *reason == why),
            "{context}"
        ),
        MoveText::Invalid(_) => assert!(matches!(parsed, Err(ReadMoveError::Syntax(_))), "{context}"),
        MoveText::Incomplete(moves) => {
            assert!(parsed.is_err(), "{context}");
            assert!(moves.iter().all(|&m| pos.is_legal(m)), "{context}");
        }
        MoveText::Empty => assert!(text.trim().is_empty(), "{context}"),
    }
    let _ = Game::from_position(pos.clone()).read_move_text(text);
    if let Some(m) = pos.suggest(text) {
        assert!(pos.is_legal(m));
    }
}

/// A position reached by a short random game from a varied start.
fn some_position(pick: usize, seed: u64) -> Position {
    let fens = valid_fens();
    let start = Position::from_fen_with(&fens[pick % fens.len()], Strictness::Lenient).expect("valid fen");
    let positions = random_walk(start, (seed % 40) as usize, &mut Rng::new(seed));
    positions.last().expect("at least the start").clone()
}

/// Movetext pieces: moves that are often legal, variations, comments and NAGs.
const MOVETEXT: &[&str] = &[
    "(",
    "(",
    ")",
    ")",
    "1.",
    "1...",
    "2.",
    "e4",
    "e5",
    "d4",
    "d5",
    "Nf3",
    "Nc6",
    "c5",
    "Bb5",
    "{a comment}",
    "{[%eval 0.3]}",
    ";line\n",
    "$1",
    "$14",
    "!?",
    "??",
    "*",
    "1-0",
    "--",
];

/// A PGN game that loads writes and reads back as the same tree, variations and all.
fn pgn_round_trip(text: &str) {
    let Ok(file) = hotseat::records::pgn::PgnFile::parse(text) else { return };
    for entry in file.games() {
        let Ok(record) = entry.load() else { continue };
        let written = record.to_pgn();
        let again = hotseat::records::pgn::read_game(&written)
            .unwrap_or_else(|e| panic!("{text:?} written as {written:?} does not read back: {e}"));
        assert_eq!(again.annotations, record.annotations, "{text:?} written as {written:?}");
        assert_eq!(again.trailing, record.trailing, "{text:?} written as {written:?}");
        assert_eq!(again.to_pgn(), written, "{text:?}");
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn pgn_with_variations_comments_and_nags_reads_and_writes_back_the_same(
        pieces in prop::collection::vec(prop::sample::select(MOVETEXT), 0..60)
    ) {
        pgn_round_trip(&pieces.join(" "));
    }

    #[test]
    fn fen_parsing_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        load_fen(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn fen_parsing_survives_random_text(text in text(0..100)) {
        load_fen(&text);
    }

    #[test]
    fn fen_parsing_survives_mutated_valid_fens(
        pick in any::<usize>(), edits in prop::collection::vec(edit(), 1..6),
    ) {
        let fens = valid_fens();
        load_fen(&mutate(&fens[pick % fens.len()], &edits));
    }

    #[test]
    fn move_parsing_survives_random_text(pick in any::<usize>(), seed in any::<u64>(), text in text(0..12)) {
        read_move(&some_position(pick, seed), &text);
    }

    #[test]
    fn move_parsing_survives_random_bytes(
        pick in any::<usize>(), seed in any::<u64>(), bytes in prop::collection::vec(any::<u8>(), 0..16),
    ) {
        read_move(&some_position(pick, seed), &String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn move_parsing_survives_mutated_san_and_uci(
        pick in any::<usize>(),
        seed in any::<u64>(),
        which in any::<usize>(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let pos = some_position(pick, seed);
        let moves = pos.legal_moves();
        if let Some(&m) = moves.get(which % moves.len().max(1)) {
            for text in [pos.san(m), pos.uci(m), pos.san_plain(m)] {
                read_move(&pos, &mutate(&text, &edits));
            }
        }
    }

    #[test]
    fn a_bad_field_in_a_valid_fen_is_named_as_the_one_at_fault(
        pick in any::<usize>(), field in 0..6usize, garbage in garbage(),
    ) {
        // Only positions that load strictly, with all six fields.
        let fens: Vec<String> = valid_fens()
            .into_iter()
            .filter(|f| f.split(' ').count() == 6 && Position::from_fen(f).is_ok())
            .collect();
        let fen = &fens[pick % fens.len()];
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let expected = match field {
            0 => FenField::Board,
            1 => FenField::Turn,
            2 => FenField::Castling,
            3 => FenField::EnPassant,
            4 => FenField::Halfmoves,
            _ => FenField::Fullmoves,
        };
        // Garbage letters from i onwards are never a square, a file, a side, a number
        // or a castling letter; but K, Q, k, q, w, b, n, p, r are meaningful in some
        // fields, so those fields get garbage that starts with a letter they refuse.
        let garbage = match expected {
            FenField::Board => format!("{garbage}/8/8/8/8/8/8/8"),
            FenField::Castling => format!("Z{garbage}"),
            _ => format!("z{garbage}"),
        };
        fields[field] = &garbage;
        let broken = fields.join(" ");
        let err = Position::from_fen(&broken).expect_err(&broken);
        prop_assert_eq!(err.fen_field(), Some(expected), "{}: {}", broken, err);
        prop_assert!(err.to_string().contains(&expected.to_string()), "{}: {}", broken, err);
    }
}

#[test]
fn fen_errors_name_the_field_for_each_kind_of_mistake() {
    // Mistakes beyond those in the core's own unit tests: wrong content in a field
    // that is otherwise well formed.
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", FenField::Board),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1 w KQkq - 0 1", FenField::Board),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FenField::Board),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1", FenField::Board),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", FenField::Turn),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - KQkq - 0 1", FenField::Turn),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", FenField::Castling),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", FenField::Castling),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w E - 0 1", FenField::Castling),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", FenField::EnPassant),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", FenField::EnPassant),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", FenField::Halfmoves),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", FenField::Fullmoves),
    ];
    for (fen, field) in cases {
        let err = Position::from_fen(fen).expect_err(fen);
        assert_eq!(err.fen_field(), Some(field), "{fen}: {err}");
    }
    // Errors about the whole position name no single field.
    let whole = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 b",
        "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
    ];
    for fen in whole {
        let err = Position::from_fen(fen).expect_err(fen);
        assert_eq!(err.fen_field(), None, "{fen}: {err}");
        assert!(matches!(err, FenError::FieldCount(_) | FenError::Impossible(_)), "{fen}: {err}");
    }
}
