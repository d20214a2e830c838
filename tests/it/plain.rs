//! The plain-text face, in-process: scripts of input lines and the exact text printed,
//! with the time made up, through the real loop and the real app.

use crate::common;

use std::collections::VecDeque;
use std::io;
use std::time::{Duration, Instant, UNIX_EPOCH};

use common::driver;
use hotseat::app::words::WORDS;
use hotseat::app::{App, Effect, Message, Mode, Question};
use hotseat::chess::{ByColor, Game, MoveText, Position};
use hotseat::clock::TimeControl;
use hotseat::plain::{self, Announce, PLAIN_WORDS};
use hotseat::records::{Destination, fresh_tags};
use hotseat::session::Recorder;
use hotseat::session::{Effects, Input, Polled};

/// Input lines, and waits (`@wait SECONDS` in a script) that move the made-up time on.
struct Script {
    steps: VecDeque<String>,
    now: Instant,
}

impl Input<String> for Script {
    fn wait(&mut self, _timeout: Option<Duration>) -> io::Result<Polled<String>> {
        let Some(step) = self.steps.pop_front() else { return Ok(Polled::Closed) };
        match step.strip_prefix("@wait ") {
            Some(seconds) => {
                self.now += Duration::from_secs(seconds.parse().expect("seconds"));
                Ok(Polled::TimedOut)
            }
            None => Ok(Polled::Input(step)),
        }
    }

    fn now(&mut self) -> Instant {
        self.now
    }
}

/// The saving, kept in memory: it counts the saves and writes the PGN as the recorder
/// does; or, told to fail, fails every save as a full disk would.
struct Kept {
    recorder: Recorder,
    saves: usize,
    failing: bool,
}

impl Kept {
    fn new() -> Kept {
        Kept {
            recorder: Recorder::new(Destination::File("unused.pgn".into()), fresh_tags(UNIX_EPOCH)),
            saves: 0,
            failing: false,
        }
    }
}

impl Effects for Kept {
    fn carry_out(&mut self, _app: &App, effect: Effect) -> Option<Message> {
        if effect == Effect::Save {
            self.saves += 1;
        }
        self.failing.then(|| Message::error("The game is not saved: no space left on device"))
    }

    fn pgn(&self, app: &App) -> Option<String> {
        Some(self.recorder.record(app).to_pgn())
    }
}

/// Runs `script` (one input line per line) on `app` and returns what was printed.
fn transcript_of(app: &mut App, host: &mut Kept, announce: Announce, script: &str, start: Instant) -> String {
    let mut source =
        Script { steps: script.lines().map(|l| l.trim_start().to_owned()).collect(), now: start };
    let mut out = Vec::new();
    plain::run(app, &mut source, &mut out, host, announce).expect("the loop runs");
    String::from_utf8(out).expect("text")
}

fn transcript(app: &mut App, script: &str) -> String {
    transcript_of(app, &mut Kept::new(), Announce::Words, script, Instant::now())
}

fn from_fen(fen: &str) -> App {
    App::new(Game::from_position(Position::from_fen(fen).expect("valid fen")))
}

/// Compares a transcript with the one expected, line by line for a readable failure.
fn assert_transcript(got: &str, expected: &str) {
    let expected: String = expected.trim().lines().flat_map(|l| [l.trim_start(), "\n"]).collect();
    if got != expected {
        eprintln!("---- got ----\n{got}---- end ----");
    }
    // Indentation is the test's own layout, not the program's.
    let lines = |text: &str| text.lines().map(str::trim_start).map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(lines(got), lines(&expected));
}

const GREETING: &str =
    "hotseat, in plain text: White against Black.\nType a move, or help for the commands.\n";

/// The greeting, then `rest`.
fn greeted(rest: &str) -> String {
    format!("{GREETING}{}", rest.trim())
}

#[test]
fn a_whole_game_to_mate_is_told_move_by_move() {
    let mut app = App::new(Game::new());
    let mut host = Kept::new();
    let got = transcript_of(&mut app, &mut host, Announce::Words, "f3\ne5\ng4\nQh4\ne4", Instant::now());
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        White: pawn to f 3.
        Black to move.
        Black: pawn to e 5.
        White to move.
        White: pawn to g 4.
        Black to move.
        Black: queen to h 4, checkmate.
        Checkmate — Black wins 0-1.
        The game is over: Checkmate — Black wins 0-1.
    ",
        ),
    );
    assert_eq!(host.saves, 4);
    assert_eq!(driver::sans(&app), ["f3", "e5", "g4", "Qh4#"]);
}

#[test]
fn stalemate_is_told_in_san() {
    let mut app = from_fen("k7/8/8/1Q6/8/8/8/7K w - - 0 1");
    let got = transcript_of(&mut app, &mut Kept::new(), Announce::San, "Qb6\n\n", Instant::now());
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        White: Qb6.
        Stalemate — draw 1/2-1/2.
        Stalemate — draw 1/2-1/2. Type pgn for the record, or quit.
    ",
        ),
    );
}

#[test]
fn a_threefold_repetition_is_offered_and_claimed() {
    let mut app = App::new(Game::new());
    driver::play(&mut app, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let got = transcript(&mut app, "Ng8\nclaim");
    assert_transcript(
        &got,
        &greeted(
            "
        Black to move.
        Black: knight to g 8.
        White to move.
        A draw can be claimed (the same position has occurred three times): type claim.
        Draw by threefold repetition 1/2-1/2.
    ",
        ),
    );
}

#[test]
fn a_repetition_is_claimed_with_the_move_that_makes_it_and_a_claim_that_fails_plays_nothing() {
    let mut app = App::new(Game::new());
    driver::play(&mut app, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let got = transcript(&mut app, "claim Nc6\nclaim Ng8");
    assert_transcript(
        &got,
        &greeted(
            "
        Black to move.
        No draw to claim with Nc6 (not played): after it the position stands for the 1st time, not the 3rd.
        Black: knight to g 8.
        Draw by threefold repetition 1/2-1/2.
    ",
        ),
    );
    assert_eq!(app.game().san_moves().last().map(String::as_str), Some("Ng8"));
}

#[test]
fn a_claim_with_a_move_is_taken_while_a_draw_offer_stands_as_a_move_is() {
    let mut app = App::new(Game::new());
    driver::play(&mut app, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    // White offers; Black, to move, claims with the move that repeats instead: the
    // move declines the offer, as any move does, and the claim draws.
    let got = transcript(&mut app, "draw\nclaim Nc6\nclaim Ng8");
    assert_transcript(
        &got,
        &greeted(
            "
        Black to move.
        White offers a draw. Black, do you accept? A move declines it. Answer yes or no.
        No draw to claim with Nc6 (not played): after it the position stands for the 1st time, not the 3rd.
        Black: knight to g 8.
        Draw by threefold repetition 1/2-1/2.
    ",
        ),
    );
    assert_eq!(app.game().san_moves().last().map(String::as_str), Some("Ng8"));
    // A claim that fails plays nothing and leaves the offer standing, to accept.
    let mut app = App::new(Game::new());
    driver::play(&mut app, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let got = transcript(&mut app, "draw\nclaim Nc6\ny");
    assert!(got.lines().any(|line| line == "Draw by agreement 1/2-1/2."), "{got}");
    assert_eq!(app.game().ply(), 7, "nothing played");
}

#[test]
fn a_claim_with_more_than_one_move_says_how_a_claim_is_said() {
    let mut app = App::new(Game::new());
    driver::play(&mut app, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let got = transcript(&mut app, "claim Ng8 Nf3");
    assert_transcript(
        &got,
        &greeted(
            "
        Black to move.
        Say it as: claim, or claim and the one move that makes the draw (claim Ng8).
    ",
        ),
    );
    assert_eq!(app.game().ply(), 7, "nothing played");
}

#[test]
fn a_draw_offer_declined_then_one_declined_by_a_move_then_one_accepted() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "draw\nmaybe\nno\nd4\ndraw\nd5\nclaim\ndraw\ny");
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        Black offers a draw. White, do you accept? A move declines it. Answer yes or no.
        First answer the question. Black offers a draw. White, do you accept? A move declines it. Answer yes or no.
        White declines the draw.
        White to move.
        White: pawn to d 4.
        Black to move.
        White offers a draw. Black, do you accept? A move declines it. Answer yes or no.
        Black: pawn to d 5.
        Black plays on: White's draw offer is declined.
        White to move.
        No draw to claim: that needs a threefold repetition or 50 moves each without a capture or pawn move.
        Black offers a draw. White, do you accept? A move declines it. Answer yes or no.
        Draw by agreement 1/2-1/2.
    ",
        ),
    );
}

#[test]
fn resigning_says_who_and_asks_to_confirm() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "e4\nresign\nno\nresign\nwhite\n\nyes\nundo");
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        White: pawn to e 4.
        Black to move.
        Black resigns and loses the game. Are you sure? Answer yes or no (or white, if it is White who resigns).
        Black to move.
        Black resigns and loses the game. Are you sure? Answer yes or no (or white, if it is White who resigns).
        White resigns and loses the game. Are you sure? Answer yes or no (or black, if it is Black who resigns).
        White resigns and loses the game. Are you sure? Answer yes or no (or black, if it is Black who resigns).
        White resigns — Black wins 0-1.
        Taken back: White resigns — Black wins 0-1.
        Black to move.
    ",
        ),
    );
}

#[test]
fn undo_and_redo_take_moves_back_and_play_them_again() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "undo\ne4\nc5\nundo\nundo\nredo\nredo\nredo");
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        Nothing to take back: no move has been played.
        White: pawn to e 4.
        Black to move.
        Black: pawn to c 5.
        White to move.
        Taken back: 1… c5.
        Black to move.
        Taken back: 1. e4.
        White to move.
        White: pawn to e 4.
        Black to move.
        Black: pawn to c 5.
        White to move.
        Nothing to redo.
    ",
        ),
    );
}

#[test]
fn a_falling_clock_is_told_under_a_minute_30_and_10_seconds_and_the_flag_falls() {
    let t0 = Instant::now();
    let control: TimeControl = "1+0".parse().expect("valid time control");
    let mut app = App::new(Game::new()).with_clocks(ByColor { white: control, black: control }, &[], t0);
    let got = transcript_of(
        &mut app,
        &mut Kept::new(),
        Announce::Words,
        "e4\ne5\nclock\n@wait 2\n@wait 30\nclock\n@wait 20\n@wait 9",
        t0,
    );
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        White: pawn to e 4.
        Black to move.
        Black: pawn to e 5.
        White to move.
        White 1:00, Black 1:00; White's clock is running. Time control: 1+0.
        White's clock is under a minute: 0:58 left.
        White's clock is under 30 seconds: 0:28 left.
        White 0:28, Black 1:00; White's clock is running. Time control: 1+0.
        White's clock is under 10 seconds: 8.0 left.
        Black wins on time 0-1.
    ",
        ),
    );
}

#[test]
fn every_command_reads_the_game_out() {
    let mut app = App::new(Game::new());
    driver::play(&mut app, "e4 d5");
    let script = "board\npieces\npieces black\nrank 4\nfile e\nfile echo\nsquare d5\nsquare e5\nmoves e4\nmoves\nlast\nopening\nclock\nflip\nfen\npgn\nquit";
    let got = transcript_of(&mut app, &mut Kept::new(), Announce::Nato, script, Instant::now());
    assert_transcript(
        &got,
        &greeted(
            r#"
        White to move.
        Rank 8: black rook on alpha 8, black knight on bravo 8, black bishop on charlie 8, black queen on delta 8, black king on echo 8, black bishop on foxtrot 8, black knight on golf 8, black rook on hotel 8.
        Rank 7: black pawn on alpha 7, black pawn on bravo 7, black pawn on charlie 7, black pawn on echo 7, black pawn on foxtrot 7, black pawn on golf 7, black pawn on hotel 7.
        Rank 6: empty.
        Rank 5: black pawn on delta 5.
        Rank 4: white pawn on echo 4.
        Rank 3: empty.
        Rank 2: white pawn on alpha 2, white pawn on bravo 2, white pawn on charlie 2, white pawn on delta 2, white pawn on foxtrot 2, white pawn on golf 2, white pawn on hotel 2.
        Rank 1: white rook on alpha 1, white knight on bravo 1, white bishop on charlie 1, white queen on delta 1, white king on echo 1, white bishop on foxtrot 1, white knight on golf 1, white rook on hotel 1.
        Opening: B01 Scandinavian Defense.
        White: king on echo 1; queen on delta 1; rooks on alpha 1, hotel 1; bishops on charlie 1, foxtrot 1; knights on bravo 1, golf 1; pawns on alpha 2, bravo 2, charlie 2, delta 2, foxtrot 2, golf 2, hotel 2, echo 4.
        Black: king on echo 8; queen on delta 8; rooks on alpha 8, hotel 8; bishops on charlie 8, foxtrot 8; knights on bravo 8, golf 8; pawns on delta 5, alpha 7, bravo 7, charlie 7, echo 7, foxtrot 7, golf 7, hotel 7.
        Black: king on echo 8; queen on delta 8; rooks on alpha 8, hotel 8; bishops on charlie 8, foxtrot 8; knights on bravo 8, golf 8; pawns on delta 5, alpha 7, bravo 7, charlie 7, echo 7, foxtrot 7, golf 7, hotel 7.
        Rank 4: white pawn on echo 4.
        File echo: white king on echo 1, white pawn on echo 4, black pawn on echo 7, black king on echo 8.
        File echo: white king on echo 1, white pawn on echo 4, black pawn on echo 7, black king on echo 8.
        Black pawn on delta 5.
        Echo 5 is empty.
        White pawn on echo 4 (2): to echo 5; takes pawn on delta 5.
        Legal moves (31), by piece:
        King on echo 1: to echo 2.
        Queen on delta 1: to echo 2; to foxtrot 3; to golf 4; to hotel 5.
        Bishop on foxtrot 1: to echo 2; to delta 3; to charlie 4; to bravo 5, check; to alpha 6.
        Knight on bravo 1: to alpha 3; to charlie 3.
        Knight on golf 1: to echo 2; to foxtrot 3; to hotel 3.
        Pawn on alpha 2: to alpha 3; to alpha 4.
        Pawn on bravo 2: to bravo 3; to bravo 4.
        Pawn on charlie 2: to charlie 3; to charlie 4.
        Pawn on delta 2: to delta 3; to delta 4.
        Pawn on foxtrot 2: to foxtrot 3; to foxtrot 4.
        Pawn on golf 2: to golf 3; to golf 4.
        Pawn on hotel 2: to hotel 3; to hotel 4.
        Pawn on echo 4: to echo 5; takes pawn on delta 5.
        Last move: 1… Black: pawn to delta 5.
        Opening: B01 Scandinavian Defense.
        This game has no clocks: start one with a time control, such as --clock 5+3.
        There is no board on screen to turn here: board reads the position from rank 8 to rank 1.
        rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
        [Event "Casual game"]
        [Site "?"]
        [Date "1970.01.01"]
        [Round "-"]
        [White "?"]
        [Black "?"]
        [Result "*"]
        [ECO "B01"]
        [Opening "Scandinavian Defense"]
        
        1. e4 d5 *
    "#,
        ),
    );
}

#[test]
fn moves_are_said_in_san_words_or_nato() {
    let pos = Position::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").expect("valid fen");
    let said = |announce: Announce, uci: &str| {
        let m = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| pos.uci(*m) == uci)
            .unwrap_or_else(|| panic!("{uci} is not legal"));
        announce.move_in(&pos, m)
    };
    assert_eq!(said(Announce::San, "e5d6"), "exd6");
    assert_eq!(said(Announce::Words, "e5d6"), "pawn takes pawn on d 6 en passant");
    assert_eq!(said(Announce::Nato, "b7a8q"), "pawn takes rook on alpha 8, becomes a queen, check");
    assert_eq!(said(Announce::Words, "e1g1"), "castles kingside");
    assert_eq!(said(Announce::Words, "a1a8"), "rook takes rook on a 8, check");
}

#[test]
fn help_lists_every_command_and_the_commands_work_while_no_move_is_typed() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "help");
    for word in WORDS.iter().map(|w| w.name).chain(PLAIN_WORDS.iter().map(|w| w.name)) {
        assert!(
            got.lines().any(|line| line.starts_with(&format!("  {word}"))),
            "{word} is not in the help:\n{got}"
        );
    }
}

#[test]
fn bad_input_is_answered_and_changes_nothing() {
    let mut app = App::new(Game::new());
    let mut host = Kept::new();
    let script = "\nNf4\nNf4\nhello\n?e4\ne9\nrank 9\nsquare\nboard white\nmoves e7\nredo please\ne4\ndraw";
    let got = transcript_of(&mut app, &mut host, Announce::Words, script, Instant::now());
    assert_transcript(
        &got,
        &greeted(
            r#"
        White to move.
        White to move. Type a move, or help for the commands.
        Illegal move: Nf4 (no knight can reach f 4) — did you mean knight on g 1 to f 3?
        Illegal move: Nf4 (no knight can reach f 4) — did you mean knight on g 1 to f 3?
        Neither a move nor a command: "hello". Type help for the commands.
        Neither a move nor a command: "?e4". Type help for the commands.
        Not a move: "e9" (try SAN like Nf3 or coordinates like e2e4) — did you mean pawn on e 2 to e 3?
        Say it as: rank N.
        Say it as: square e4.
        board takes nothing after it.
        Black pawn on e 7: White is to move.
        redo takes nothing after it.
        White: pawn to e 4.
        Black to move.
        White offers a draw. Black, do you accept? A move declines it. Answer yes or no.
        The input ended with the question unanswered: the game is left as it stands.
    "#,
        ),
    );
    assert_eq!(host.saves, 1);
    assert_eq!(app.question(), Some(Question::DrawOffer { by: hotseat::chess::Color::White }));
}

#[test]
fn a_promotion_asks_for_the_piece() {
    let mut app = from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let got = transcript(&mut app, "a8\nzebra\ncancel\na8\nknight");
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        Which piece does the pawn become: queen, rook, bishop or knight? (cancel takes the move back)
        Which piece does the pawn become: queen, rook, bishop or knight? (cancel takes the move back)
        Promotion cancelled: the pawn has not moved.
        White to move.
        Which piece does the pawn become: queen, rook, bishop or knight? (cancel takes the move back)
        White: pawn to a 8, becomes a knight.
        Draw by insufficient material 1/2-1/2.
    ",
        ),
    );
}

#[test]
fn a_failed_save_is_told() {
    let mut app = App::new(Game::new());
    let mut host = Kept { failing: true, ..Kept::new() };
    let got = transcript_of(&mut app, &mut host, Announce::Words, "e4", Instant::now());
    // The save is carried out after the move is told, as the board draws the move before
    // it saves: the session's one order, for every face.
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        White: pawn to e 4.
        Black to move.
        The game is not saved: no space left on device
    ",
        ),
    );
}

#[test]
fn no_command_word_can_be_read_as_a_move() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/1P6/8/8/8/8/1p6/4K3 b - - 0 1",
    ];
    let words = WORDS
        .iter()
        .flat_map(|w| std::iter::once(w.name).chain(w.short.iter().copied()))
        .chain(PLAIN_WORDS.iter().flat_map(|w| std::iter::once(w.name).chain(w.short.iter().copied())));
    for word in words {
        for fen in fens {
            let pos = Position::from_fen(fen).expect("valid fen");
            for text in [word.to_owned(), word.to_uppercase()] {
                assert!(
                    matches!(pos.read_move_text(&text), MoveText::Invalid(_)),
                    "{text} reads as a move in {fen}"
                );
            }
        }
    }
}

#[test]
fn the_boards_move_line_takes_the_command_words_too() {
    let mut app = App::new(Game::new());
    driver::play(&mut app, "e4");
    driver::type_text(&mut app, "undo");
    assert_eq!(app.reading(), hotseat::app::Reading::Command(&WORDS[0]), "the hint says what Enter does");
    driver::press(&mut app, hotseat::input::Key::Enter);
    assert!(driver::sans(&app).is_empty());
    driver::type_move(&mut app, "Resign");
    assert_eq!(app.question(), Some(Question::Resign { by: Some(hotseat::chess::Color::White) }));
    driver::press(&mut app, hotseat::input::Key::Esc);
    driver::type_move(&mut app, "draw");
    assert_eq!(app.mode(), Mode::Question);
    driver::press(&mut app, hotseat::input::Key::Esc);
    driver::type_move(&mut app, "help");
    assert_eq!(app.mode(), Mode::Help);
}

#[test]
fn any_reader_will_do_and_windows_line_endings_are_read() {
    let mut app = App::new(Game::new());
    let mut out = Vec::new();
    let mut lines = plain::Reader(&b"e4\r\nc5\r\nquit\r\nNf3\r\n"[..]);
    plain::run(&mut app, &mut lines, &mut out, &mut Kept::new(), Announce::San).expect("the loop runs");
    assert_eq!(driver::sans(&app), ["e4", "c5"], "quit ends the game before Nf3");
    assert!(String::from_utf8(out).expect("text").ends_with("Black: c5.\nWhite to move.\n"));
}

#[test]
fn pause_stops_both_clocks_and_help_and_board_work_in_a_question_or_a_promotion() {
    let t0 = Instant::now();
    let control: TimeControl = "1+0".parse().expect("valid time control");
    let mut app = from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").with_clocks(
        ByColor { white: control, black: control },
        &[],
        t0,
    );
    let script = "pause\nKb1\nKg6\npause\n@wait 100\nclock\npause\na8\nrank 8\nhelp\nqueen\ndraw\nhelp\nno";
    let got = transcript_of(&mut app, &mut Kept::new(), Announce::Words, script, t0);
    let help: String = {
        let mut help = Vec::new();
        let mut source = Script { steps: ["help".to_owned()].into(), now: t0 };
        plain::run(&mut App::new(Game::new()), &mut source, &mut help, &mut Kept::new(), Announce::Words)
            .expect("runs");
        let help = String::from_utf8(help).expect("text");
        help.lines().skip(3).flat_map(|line| [line, "\n"]).collect()
    };
    let expected = greeted(&format!(
        "
        White to move.
        Nothing to pause yet: the clocks start once both sides have made their first move.
        White: king to b 1.
        Black to move.
        Black: king to g 6.
        White to move.
        The clocks are paused.
        White 1:00, Black 1:00; the clocks are paused. Time control: 1+0.
        The clocks are running again.
        Which piece does the pawn become: queen, rook, bishop or knight? (cancel takes the move back)
        Rank 8: empty.
        {help}White: pawn to a 8, becomes a queen.
        Black to move.
        White offers a draw. Black, do you accept? A move declines it. Answer yes or no.
        {help}Black declines the draw.
        Black to move.
    "
    ));
    assert_transcript(&got, &expected);
}

#[test]
fn the_opening_command_names_the_last_named_position_and_says_when_there_is_none() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "opening\nNf3\nd5\nd4\nh6\neco\nundo\nundo\nundo\nundo\nopening");
    let said: Vec<&str> = got.lines().filter(|l| l.contains("pening")).collect();
    assert_eq!(
        said,
        [
            "No opening name yet: no position of this game is in the opening table.",
            // 1. Nf3 d5 2. d4 is 1. d4 d5 2. Nf3 by another road; 2... h6 is not named.
            "Opening: D02 Queen's Pawn Game: Zukertort Variation.",
            "No opening name yet: no position of this game is in the opening table.",
        ]
    );
    let mut app = App::new(Game::from_position(Position::chess960(518).expect("the standard array")));
    let got = transcript(&mut app, "e4\ne5\nopening");
    assert!(got.contains("Chess960 games have no opening names."), "{got}");
}

/// Names from a file keep their bidi overrides in the record; the plain face prints
/// them without, so a screen reader or terminal never reads a line backwards.
#[test]
fn names_are_printed_without_bidi_overrides_or_controls() {
    let mut app = App::new(Game::new()).with_players("\u{202e}Anna", "Ben\u{2067}x\u{2069}");
    let out = transcript(&mut app, "e4\n");
    assert!(out.contains("Anna against Benx"), "{out}");
    assert!(!out.chars().any(|c| matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')), "{out:?}");
    assert_eq!(app.player(hotseat::chess::Color::White), "\u{202e}Anna", "the app keeps the name as given");
}

// ----- for a blind player (issue 18, section 5) -----

#[test]
fn moves_are_grouped_by_piece_so_two_knights_to_one_square_are_told_apart() {
    let mut app = App::new(Game::new());
    driver::play(&mut app, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6");
    let got = transcript(&mut app, "moves\nmoves b5\nmoves a5\nmoves c3");
    let lines: Vec<&str> = got.lines().collect();
    assert!(lines.contains(&"Legal moves (43), by piece:"), "{got}");
    let knights: Vec<&&str> = lines.iter().filter(|l| l.starts_with("Knight on ")).collect();
    assert_eq!(knights.len(), 2, "{got}");
    assert!(knights[0].starts_with("Knight on c 3: ") && knights[0].contains("to b 5"), "{got}");
    assert!(knights[1].starts_with("Knight on d 4: ") && knights[1].contains("to b 5"), "{got}");
    assert!(knights[1].contains("takes knight on c 6"), "a capture says what it takes: {got}");
    assert!(
        lines.contains(&"B 5 is empty; 3 moves end there: knight on c 3 to b 5; knight on d 4 to b 5; bishop on f 1 to b 5."),
        "{got}"
    );
    assert!(lines.contains(&"A 5 is empty; no move ends there."), "{got}");
    assert!(lines.iter().any(|l| l.starts_with("White knight on c 3 (")), "{got}");
}

#[test]
fn a_capture_says_what_was_taken() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "e4\nd5\nexd5\nQxd5\nNc3\nQa5\nNb5\nQxb5\nBxb5+");
    for line in [
        "White: pawn takes pawn on d 5.",
        "Black: queen takes pawn on d 5.",
        "Black: queen takes knight on b 5.",
        "White: bishop takes queen on b 5, check.",
    ] {
        assert!(got.lines().any(|l| l == line), "{line} is not said:\n{got}");
    }
}

#[test]
fn capitalised_squares_are_read_as_moves_and_a_capital_b_before_a_square_stays_a_bishop() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "E4\nE5\nBc4\nD6\nD2D4\nExd4");
    assert_eq!(driver::sans(&app), ["e4", "e5", "Bc4", "d6", "d4", "exd4"], "{got}");
}

#[test]
fn ambiguity_and_illegality_are_said_in_the_chosen_form() {
    let mut app = App::new(Game::new());
    driver::play(&mut app, "d4 d5 Nf3 Nf6");
    let got = transcript_of(&mut app, &mut Kept::new(), Announce::Nato, "Nd2\nNd5\nN", Instant::now());
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        Ambiguous: knight on bravo 1 to delta 2, or knight on foxtrot 3 to delta 2?
        Illegal move: Nd5 (no knight can reach delta 5) — did you mean knight on foxtrot 3 to echo 5?
        Not a whole move yet: N could become knight on bravo 1 to delta 2; knight on bravo 1 to alpha 3; knight on bravo 1 to charlie 3; knight on foxtrot 3 to golf 1; knight on foxtrot 3 to delta 2; knight on foxtrot 3 to hotel 4; and more.
    ",
        ),
    );
    assert_eq!(driver::sans(&app).len(), 4, "nothing was played");
}

#[test]
fn new_starts_a_new_game_after_asking() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "e4\nnew\nn\nnew\ny");
    assert_transcript(
        &got,
        &greeted(
            "
        White to move.
        White: pawn to e 4.
        Black to move.
        Abandon this game and start a new one? Answer yes or no.
        Black to move.
        Abandon this game and start a new one? Answer yes or no.
        White to move.
    ",
        ),
    );
    assert_eq!(app.game().ply(), 0);
}

#[test]
fn quit_does_not_say_the_last_refusal_again() {
    let mut app = App::new(Game::new());
    let got = transcript_of(&mut app, &mut Kept::new(), Announce::San, "e5\nxyz\nquit", Instant::now());
    assert_eq!(got.matches("Illegal move: e5").count(), 1, "{got}");
}
