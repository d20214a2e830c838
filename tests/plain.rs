//! The plain-text face, in-process: scripts of input lines and the exact text printed,
//! with the time made up, through the real loop and the real app.

mod common;

use std::collections::VecDeque;
use std::io;
use std::time::{Duration, Instant, UNIX_EPOCH};

use common::driver;
use hotseat::app::words::WORDS;
use hotseat::app::{App, Effect, Message, Mode, Question};
use hotseat::chess::{ByColor, Game, MoveText, Position};
use hotseat::clock::TimeControl;
use hotseat::plain::{self, Announce, LineSource, PLAIN_WORDS, Polled};
use hotseat::records::{Destination, Recorder, fresh_tags};
use hotseat::tui::Host;

/// Input lines, and waits (`@wait SECONDS` in a script) that move the made-up time on.
struct Script {
    steps: VecDeque<String>,
    now: Instant,
}

impl LineSource for Script {
    fn next_line(&mut self, _timeout: Option<Duration>) -> io::Result<Polled> {
        let Some(step) = self.steps.pop_front() else { return Ok(Polled::Closed) };
        match step.strip_prefix("@wait ") {
            Some(seconds) => {
                self.now += Duration::from_secs(seconds.parse().expect("seconds"));
                Ok(Polled::TimedOut)
            }
            None => Ok(Polled::Line(step)),
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

impl Host for Kept {
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
    let expected: String = expected.trim().lines().map(|l| format!("{}\n", l.trim_start())).collect();
    if got != expected {
        eprintln!("---- got ----\n{got}---- end ----");
    }
    assert_eq!(got.lines().collect::<Vec<_>>(), expected.lines().collect::<Vec<_>>());
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
fn a_draw_offer_declined_then_one_that_lapses_then_one_accepted() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "draw\nmaybe\nno\nd4\ndraw\nd5\nclaim\ndraw\ny");
    assert_transcript(&got, &greeted("
        White to move.
        White offers a draw. Black, do you accept? A move declines it. Answer yes or no.
        First answer the question. White offers a draw. Black, do you accept? A move declines it. Answer yes or no.
        Black declines the draw.
        White to move.
        White: pawn to d 4.
        Black to move.
        Black offers a draw. White, do you accept? A move declines it. Answer yes or no.
        Black: pawn to d 5.
        Black's draw offer lapses: the game goes on.
        White to move.
        No draw to claim: that needs a threefold repetition or 50 moves each without a capture or pawn move.
        White offers a draw. Black, do you accept? A move declines it. Answer yes or no.
        Draw by agreement 1/2-1/2.
    "));
}

#[test]
fn resigning_says_who_and_asks_to_confirm() {
    let mut app = App::new(Game::new());
    let got = transcript(&mut app, "e4\nresign\nno\nresign\nwhite\n\nyes\nundo");
    assert_transcript(&got, &greeted("
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
    "));
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
        White 1:00, Black 1:00; White's clock is running.
        White's clock is under a minute: 0:58 left.
        White's clock is under 30 seconds: 0:28 left.
        White 0:28, Black 1:00; White's clock is running.
        White's clock is under 10 seconds: 8.0 left.
        Black wins on time 0-1.
    ",
        ),
    );
}
