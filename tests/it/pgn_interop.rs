//! What we write, read by someone else: every game our PGN writer produces (the
//! sample games, games with clocks and time controls, Chess960, set-up positions,
//! every kind of ending, seeded random games) is read back by an independent reader,
//! niklasf's `pgn-reader` with `shakmaty`'s rules. It must read each file with no
//! error and find the same moves (in SAN and in UCI), the same result and the same
//! clock times.

use crate::common;

use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant, UNIX_EPOCH};

use common::driver::type_move;
use hotseat::app::{Action, App};
use hotseat::chess::{ByColor, Color, Game, Outcome, Position, Reason};
use hotseat::clock::{Bonus, TimeControl};
use hotseat::records::pgn::{PgnFile, PgnGame, write_games};
use hotseat::records::{Destination, fresh_tags};
use hotseat::session::Recorder;
use pgn_reader::{KnownOutcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

/// A game as the other reader read it.
#[derive(Debug, Default)]
struct Read {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    ucis: Vec<String>,
    /// The `%clk` time after each move, if one was written.
    clocks: Vec<Option<Duration>>,
    /// The result tokens in the movetext.
    results: Vec<String>,
    /// Whatever the reader or the rules refused.
    errors: Vec<String>,
    /// The position after the last move.
    end: Option<Chess>,
}

/// A visitor that plays each move on `shakmaty`'s board as it is read.
struct Collector;

impl Visitor for Collector {
    type Tags = Read;
    type Movetext = (Read, Chess, CastlingMode);
    type Output = Read;

    fn begin_tags(&mut self) -> ControlFlow<Read, Read> {
        ControlFlow::Continue(Read::default())
    }

    fn tag(&mut self, read: &mut Read, name: &[u8], value: RawTag<'_>) -> ControlFlow<Read> {
        match (std::str::from_utf8(name), value.decode_utf8()) {
            (Ok(name), Ok(value)) => read.tags.push((name.to_owned(), value.into_owned())),
            _ => read.errors.push(format!("a tag that is not UTF-8: {:?}", value.as_bytes())),
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, mut read: Read) -> ControlFlow<Read, (Read, Chess, CastlingMode)> {
        let tag = |name: &str| read.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
        let mode = if tag("Variant").is_some_and(|v| v == "Chess960") {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let start = match tag("FEN") {
            None => Ok(Chess::default()),
            Some(fen) => Fen::from_ascii(fen.as_bytes())
                .map_err(|e| format!("FEN {fen:?}: {e}"))
                .and_then(|fen| fen.into_position(mode).map_err(|e| format!("FEN position: {e}"))),
        };
        match start {
            Ok(pos) => ControlFlow::Continue((read, pos, mode)),
            Err(err) => {
                read.errors.push(err);
                ControlFlow::Break(read)
            }
        }
    }

    fn san(
        &mut self,
        (read, pos, mode): &mut (Read, Chess, CastlingMode),
        san: SanPlus,
    ) -> ControlFlow<Read> {
        match san.san.to_move(pos) {
            Ok(m) => {
                // What shakmaty itself writes for the move, check or mate included.
                read.sans.push(SanPlus::from_move(pos.clone(), m).to_string());
                read.ucis.push(m.to_uci(*mode).to_string());
                read.clocks.push(None);
                pos.play_unchecked(m);
            }
            Err(err) => read.errors.push(format!("move {} ({}): {err}", read.sans.len() + 1, san)),
        }
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        (read, ..): &mut (Read, Chess, CastlingMode),
        comment: RawComment<'_>,
    ) -> ControlFlow<Read> {
        let text = String::from_utf8_lossy(comment.as_bytes());
        match (read.clocks.last_mut(), clk(&text)) {
            (Some(slot @ None), Some(time)) => *slot = Some(time),
            _ => read.errors.push(format!("a comment that is not one clock time after a move: {{{text}}}")),
        }
        ControlFlow::Continue(())
    }

    fn nag(
        &mut self,
        (read, ..): &mut (Read, Chess, CastlingMode),
        nag: pgn_reader::Nag,
    ) -> ControlFlow<Read> {
        read.errors.push(format!("an annotation glyph we never write: {nag}"));
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        (read, ..): &mut (Read, Chess, CastlingMode),
    ) -> ControlFlow<Read, pgn_reader::Skip> {
        read.errors.push("a variation we never write".to_owned());
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn outcome(
        &mut self,
        (read, ..): &mut (Read, Chess, CastlingMode),
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Read> {
        read.results.push(match outcome {
            pgn_reader::Outcome::Known(KnownOutcome::Decisive { winner: shakmaty::Color::White }) => {
                "1-0".to_owned()
            }
            pgn_reader::Outcome::Known(KnownOutcome::Decisive { winner: shakmaty::Color::Black }) => {
                "0-1".to_owned()
            }
            pgn_reader::Outcome::Known(KnownOutcome::Draw) => "1/2-1/2".to_owned(),
            pgn_reader::Outcome::Unknown => "*".to_owned(),
        });
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, (mut read, pos, _): (Read, Chess, CastlingMode)) -> Read {
        read.end = Some(pos);
        read
    }
}

/// The time in a comment that is exactly `[%clk h:mm:ss]`, with at most a fraction of
/// a second, in the form both python-chess (`\[%clk\s(\d+):(\d+):(\d+(?:\.\d*)?)\]`)
/// and lichess (`^(\d+):(\d+):(\d+\.\d+)$` or `^(\d+):(\d+):(\d+)$`) read; `None` for
/// anything else.
fn clk(comment: &str) -> Option<Duration> {
    let time = comment.strip_prefix("[%clk ")?.strip_suffix(']')?;
    let mut parts = time.split(':');
    let (hours, minutes, seconds) = (parts.next()?, parts.next()?, parts.next()?);
    let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let well_formed = parts.next().is_none()
        && digits(hours)
        && minutes.len() == 2
        && digits(minutes)
        && whole.len() == 2
        && digits(whole)
        && (!seconds.contains('.') || (digits(fraction) && fraction.len() <= 3));
    if !well_formed {
        return None;
    }
    let number = |s: &str| s.parse::<u64>().ok();
    let (minutes, whole) = (number(minutes)?, number(whole)?);
    if minutes >= 60 || whole >= 60 {
        return None;
    }
    let millis = if fraction.is_empty() { 0 } else { number(&format!("{fraction:0<3}"))? };
    Some(Duration::from_secs(number(hours)? * 3600 + minutes * 60 + whole) + Duration::from_millis(millis))
}

/// Reads `text` with pgn-reader: every game in it.
fn read_all(text: &str) -> Vec<Read> {
    let mut reader = Reader::new(text.as_bytes());
    let mut games = Vec::new();
    while let Some(read) = reader.read_game(&mut Collector).expect("reading from memory cannot fail") {
        games.push(read);
    }
    games
}

/// Checks that pgn-reader reads `record` as written by us as the same game.
fn assert_read_alike(record: &PgnGame, what: &str) {
    let text = record.to_pgn();
    let games = read_all(&text);
    assert_eq!(games.len(), 1, "{what}: one game in\n{text}");
    assert_alike(record, &games[0], &text, what);
}

fn assert_alike(record: &PgnGame, read: &Read, text: &str, what: &str) {
    let game = &record.game;
    assert_eq!(read.errors, Vec::<String>::new(), "{what}: errors reading\n{text}");
    assert_eq!(read.sans, game.san_moves(), "{what}: SAN moves in\n{text}");
    let ucis: Vec<String> = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &m)| game.position_at(i).expect("a position").uci(m))
        .collect();
    assert_eq!(read.ucis, ucis, "{what}: UCI moves in\n{text}");
    let result = game.outcome().map_or("*", |o| o.result.pgn());
    assert_eq!(read.results, [result], "{what}: the result token in\n{text}");
    let tag = |name: &str| read.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    assert_eq!(tag("Result"), Some(result), "{what}: the Result tag in\n{text}");
    for (name, value) in record.tags.iter() {
        if !["Result", "SetUp", "FEN", "Variant", "Termination", "PlyCount", "Date"].contains(&name)
            && !value.trim().is_empty()
        {
            assert_eq!(tag(name), Some(value), "{what}: tag {name} in\n{text}");
        }
    }
    let ours: Vec<Option<Duration>> = (0..game.ply()).map(|ply| record.clock(ply)).collect();
    assert_eq!(read.clocks, ours, "{what}: clock times in\n{text}");
    let end = read.end.as_ref().expect("the game was read to its end");
    assert_eq!(end.is_checkmate(), game.position().is_checkmate(), "{what}: checkmate");
    assert_eq!(end.is_stalemate(), game.position().is_stalemate(), "{what}: stalemate");
    let reason = game.outcome().map(|o| o.reason);
    if reason == Some(Reason::InsufficientMaterial) {
        assert!(end.is_insufficient_material(), "{what}: a dead position for shakmaty too");
    }
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).expect("valid fen")
}

fn played(start: Position, sans: &str) -> Game {
    let mut game = Game::from_position(start);
    for san in sans.split_whitespace() {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    game
}

fn record(game: Game) -> PgnGame {
    PgnGame::new(game).with_tag("White", "Anna").with_tag("Black", "Ben").with_date(UNIX_EPOCH)
}

#[test]
fn every_sample_game_as_we_write_it_is_read_alike() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data/games")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    let mut count = 0;
    for path in files {
        let name = path.file_name().expect("a name").to_string_lossy().into_owned();
        let file = PgnFile::from_bytes(&std::fs::read(&path).expect("readable")).expect("splits");
        // The null move of anastasian-lewis.pgn is refused by our reader: nothing to write.
        // The moves, results and clocks: what is said about the moves besides is
        // compared whole, variations and all, in tests/annotations.rs.
        let records: Vec<PgnGame> = file
            .games()
            .iter()
            .filter_map(|entry| entry.load().ok())
            .map(|mut record| {
                record.annotations.clear();
                record.trailing.clear();
                record
            })
            .collect();
        for (i, record) in records.iter().enumerate() {
            assert_read_alike(record, &format!("{name} game {}", i + 1));
            count += 1;
        }
        // The whole file written back at once reads as as many games.
        let text = write_games(&records);
        let games = read_all(&text);
        assert_eq!(games.len(), records.len(), "{name}: games in the file written back");
        for (record, read) in records.iter().zip(&games) {
            assert_alike(record, read, &text, &name);
        }
    }
    assert_eq!(count, 17, "every sample game but the null-move one");
}

#[test]
fn every_kind_of_ending_is_read_with_its_result() {
    let knights = "Nf3 Nf6 Ng1 Ng8";
    let mut endings: Vec<(&str, Game)> = vec![
        ("unfinished", played(Position::startpos(), "e4 e5")),
        ("no move at all", Game::new()),
        ("checkmate", played(Position::startpos(), "f3 e5 g4 Qh4#")),
        ("stalemate", played(position("k7/8/1Q6/8/8/8/8/7K w - - 0 1"), "Qc7")),
        ("insufficient material", played(position("k7/8/8/8/8/8/1r6/K5N1 w - - 0 1"), "Kxb2")),
        ("fivefold repetition", played(Position::startpos(), &[knights; 4].join(" "))),
        ("seventy-five-move rule", played(position("k7/8/8/8/8/8/8/K6R w - - 149 80"), "Rh2")),
    ];
    let mut claimed = played(Position::startpos(), &[knights; 2].join(" "));
    assert!(claimed.claim_draw().is_some(), "threefold repetition can be claimed");
    endings.push(("threefold repetition, claimed", claimed));
    let mut claimed = played(position("k7/8/8/8/8/8/8/K6R w - - 99 60"), "Rh2");
    assert!(claimed.claim_draw().is_some(), "the fifty-move rule can be claimed");
    endings.push(("fifty-move rule, claimed", claimed));
    let mut agreed = played(Position::startpos(), "d4 d5");
    agreed.agree_draw();
    endings.push(("agreement", agreed));
    for color in Color::ALL {
        let mut resigned = played(Position::startpos(), "e4");
        resigned.resign(color);
        endings.push(("resignation", resigned));
        let mut flagged = played(Position::startpos(), "e4 e5");
        flagged.flag(color);
        endings.push(("loss on time", flagged));
    }
    let mut bare = played(position("k7/8/8/8/8/8/1r6/K7 b - - 0 1"), "Rb3");
    bare.flag(Color::Black);
    endings.push(("time out against a bare king", bare));
    for text in ["1. e4 e5 1-0", "1. e4 0-1", "1. d4 d5 1/2-1/2"] {
        let loaded = PgnFile::parse(text).expect("lexes").games()[0].load().expect("loads");
        endings.push(("a result with no reason", loaded.game));
    }

    let mut reasons = std::collections::BTreeSet::new();
    for (what, game) in endings {
        if let Some(Outcome { reason, .. }) = game.outcome() {
            reasons.insert(format!("{reason:?}"));
        }
        assert_read_alike(&record(game), what);
    }
    assert_eq!(reasons.len(), 12, "every reason a game can end for: {reasons:?}");
}

#[test]
fn set_up_positions_promotions_en_passant_and_castling_are_read_alike() {
    for (fen, sans) in [
        // Black to move first: the movetext starts `1...`.
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "c5 Nf3 d6"),
        ("8/P6k/8/8/8/8/6Kp/8 w - - 0 1", "a8=Q h1=N Kxh1 Kg6"),
        ("8/1P4k1/8/8/8/8/8/K7 w - - 0 1", "b8=R"),
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "O-O O-O-O"),
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6 Nxf6"),
        // Two knights that can reach the same square: disambiguated by file.
        ("k7/8/8/8/8/8/8/KN3N2 w - - 0 1", "Nbd2 Ka7 Ne3"),
    ] {
        assert_read_alike(&record(played(position(fen), sans)), fen);
    }
}

#[test]
fn chess960_games_with_castling_are_read_alike() {
    let mut rng = common::Rng::new(960);
    let mut starts = vec![0, 1, 105, 518, 600, 959];
    starts.extend((0..14).map(|_| rng.below(960)));
    for index in starts {
        let mut start = position(&common::chess960_fen(index));
        start.set_chess960(true);
        let mut game = Game::from_position(start);
        // Random moves, but castle whenever either side can, until both have.
        let mut castled = 0;
        for _ in 0..80 {
            if game.is_over() {
                break;
            }
            let moves = game.position().legal_moves();
            let castle = moves.iter().copied().find(|m| m.is_castle());
            let m = castle.unwrap_or_else(|| moves[rng.below(moves.len())]);
            castled += usize::from(m.is_castle());
            game.play(m);
        }
        assert_read_alike(&record(game), &format!("Chess960 position {index}, {castled} castlings"));
    }
}

#[test]
fn seeded_random_games_are_read_alike() {
    let mut rng = common::Rng::new(2024);
    for n in 0..60 {
        let game = common::random_game(Position::startpos(), 40 + rng.below(200), &mut rng);
        assert_read_alike(&record(game), &format!("random game {n}"));
    }
}

/// A game played with clocks through the app, with made-up instants, as saved.
fn clocked_game(white: TimeControl, black: TimeControl, moves: &[(f64, &str)]) -> (App, Instant) {
    let t0 = Instant::now();
    let mut app = App::new(Game::new()).with_clocks(ByColor { white, black }, &[], t0);
    for &(at, san) in moves {
        app.update(Action::Tick(t0 + Duration::from_secs_f64(at)));
        type_move(&mut app, san);
        assert_eq!(app.game().san_moves().last().map(String::as_str), Some(san), "{:?}", app.message());
    }
    (app, t0)
}

#[test]
fn games_with_clocks_and_time_controls_are_read_with_their_times() {
    let control = |text: &str| text.parse::<TimeControl>().expect("valid time control");
    let recorder = Recorder::new(Destination::File("unused.pgn".into()), fresh_tags(UNIX_EPOCH));
    let moves = [(0.0, "e4"), (1.0, "e5"), (11.5, "Nf3"), (21.25, "Nc6"), (22.001, "Bb5"), (50.0, "a6")];

    let (app, _) = clocked_game(control("5+3"), control("5+3"), &moves);
    let saved = recorder.record(&app);
    assert!(saved.to_pgn().contains("[TimeControl \"300+3\"]"));
    assert_read_alike(&saved, "5+3");

    let (app, _) = clocked_game(control("5+3"), control("3+2"), &moves);
    let saved = recorder.record(&app);
    assert!(saved.to_pgn().contains("[BlackTimeControl \"180+2\"]"));
    assert_read_alike(&saved, "time odds");

    let delay = control("1").with_bonus(Bonus::Delay(Duration::from_secs(2)));
    let (app, _) = clocked_game(delay, delay, &moves);
    let saved = recorder.record(&app);
    assert!(saved.to_pgn().contains("[TimeDelay \"simple 2\"]"));
    assert_read_alike(&saved, "delay");

    // A flag falls: a loss on time, with the clock times up to it.
    let (mut app, t0) = clocked_game(control("0.5+0"), control("0.5+0"), &moves[..4]);
    app.update(Action::Tick(t0 + Duration::from_secs(120)));
    let outcome = app.game().outcome().expect("the flag fell");
    assert_eq!(outcome.reason, Reason::Timeout);
    assert_read_alike(&recorder.record(&app), "flag fall");

    // Times written by hand: hours, a fraction to the millisecond, a move with none.
    let mut record = record(played(Position::startpos(), "d4 d5 c4 e6 Nc3"));
    record.tags.set("TimeControl", "5400+30");
    record.clocks = [Some(5_400_000), Some(5_399_900), Some(5_370_250), None, Some(61_025)]
        .into_iter()
        .map(|ms| ms.map(Duration::from_millis))
        .collect();
    let text = record.to_pgn();
    for expected in [
        "1. d4 {[%clk 1:30:00]} 1... d5 {[%clk 1:29:59.9]} 2. c4 {[%clk 1:29:30.25]}",
        "3. Nc3 {[%clk 0:01:01.025]} *",
    ] {
        assert!(text.contains(expected), "{expected} in\n{text}");
    }
    assert_read_alike(&record, "clock times by hand");
}
