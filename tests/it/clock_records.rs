//! Clock times in saved games say only what happened: a `%clk` comment for a time a
//! clock measured here or a record gave, and nothing for a move nobody timed.

use crate::common;

use std::time::{Duration, Instant};

use common::driver::{play, press};
use hotseat::app::{Action, App};
use hotseat::chess::{ByColor, Color};
use hotseat::clock::TimeControl;
use hotseat::input::Key;
use hotseat::records::pgn::{PgnGame, read_game};
use hotseat::records::{self, Destination};
use hotseat::session::Recorder;

fn controls(text: &str) -> ByColor<TimeControl> {
    let control: TimeControl = text.parse().expect("valid time control");
    ByColor { white: control, black: control }
}

/// The app for a recorded game, with the clocks it records or those given, as the
/// binary builds it.
fn app_for(record: &PgnGame, given: Option<&ByColor<TimeControl>>, t0: Instant) -> App {
    let app = App::new(record.game.clone());
    match records::clocks(record, given.copied()) {
        Some((controls, times)) => app.with_clocks(controls, times, t0),
        None => app,
    }
}

fn saved(app: &App, record: &PgnGame) -> PgnGame {
    let recorder = Recorder::new(Destination::File("unused.pgn".into()), record.tags.clone());
    read_game(&recorder.record(app).to_pgn()).expect("what is saved reads back")
}

#[test]
fn a_loaded_game_with_a_time_control_and_no_clock_times_gains_none() {
    let record = read_game("[TimeControl \"300+0\"]\n\n1. e4 e5 2. Nf3 Nc6 *").expect("a game");
    let t0 = Instant::now();
    let mut app = app_for(&record, None, t0);
    app.update(Action::Tick(t0 + Duration::from_secs(7)));
    play(&mut app, "Bb5");
    let back = saved(&app, &record);
    assert_eq!(back.clocks[..4], [None, None, None, None], "no time was measured or read for them");
    assert_eq!(back.clocks.get(4).copied().flatten(), Some(Duration::from_secs(300)), "the move played here");
    let text =
        Recorder::new(Destination::File("unused.pgn".into()), record.tags.clone()).record(&app).to_pgn();
    assert_eq!(text.matches("%clk").count(), 1, "{text}");
}

#[test]
fn an_untimed_game_resumed_with_a_clock_has_no_times_before_the_clock_started() {
    let record = read_game("1. d4 d5 2. c4 *").expect("a game");
    let t0 = Instant::now();
    let mut app = app_for(&record, Some(&controls("5+0")), t0);
    press(&mut app, Key::Ctrl('p'));
    app.update(Action::Tick(t0 + Duration::from_secs(4)));
    play(&mut app, "e6");
    let back = saved(&app, &record);
    assert_eq!(back.clocks[..3], [None, None, None]);
    assert_eq!(back.clocks.get(3).copied().flatten(), Some(Duration::from_secs(296)));
}

#[test]
fn times_read_from_a_record_are_written_back_as_they_were() {
    let text =
        "[TimeControl \"60+1\"]\n\n1. e4 {[%clk 0:01:00]} e5 {[%clk 0:00:58]} 2. Nf3 Nc6 {[%clk 0:00:41]} *";
    let record = read_game(text).expect("a game");
    let app = app_for(&record, None, Instant::now());
    let back = saved(&app, &record);
    let secs = |s| Some(Duration::from_secs(s));
    assert_eq!(back.clocks, [secs(60), secs(58), None, secs(41)]);
}

#[test]
fn a_turn_under_way_keeps_the_time_it_used_through_a_save_and_a_resume() {
    let t0 = Instant::now();
    let mut app = App::new(hotseat::chess::Game::new()).with_clocks(controls("1+0"), &[], t0);
    play(&mut app, "e4 e5");
    app.update(Action::Tick(t0 + Duration::from_secs(2)));
    play(&mut app, "Nf3");
    app.update(Action::Tick(t0 + Duration::from_secs(11)));
    let record = saved(&app, &PgnGame::new(hotseat::chess::Game::new()));
    assert_eq!(record.tags.get("TurnClock"), Some("0:00:51"), "Black used 9 s of the turn");
    let left = records::turn_clock(&record).expect("the time left");
    let t1 = t0 + Duration::from_secs(500);
    let resumed = app_for(&record, None, t1).with_time_left(left);
    let black = resumed.clock_face(hotseat::chess::Color::Black).expect("clocks");
    assert_eq!(black.left, Duration::from_secs(51), "none of the turn's time is given back");
    assert!(!black.running, "a resumed game waits for the players");
    assert_eq!(
        resumed.clock_face(hotseat::chess::Color::White).map(|f| f.left),
        Some(Duration::from_secs(58))
    );
}

#[test]
fn a_finished_or_untimed_turn_writes_no_turn_clock() {
    let t0 = Instant::now();
    let mut app = App::new(hotseat::chess::Game::new()).with_clocks(controls("1+0"), &[], t0);
    play(&mut app, "e4");
    let record = saved(&app, &PgnGame::new(hotseat::chess::Game::new()));
    assert_eq!(record.tags.get("TurnClock"), None, "Black's first move is not timed");
    play(&mut app, "e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
    let record = saved(&app, &PgnGame::new(hotseat::chess::Game::new()));
    assert_eq!(record.tags.get("TurnClock"), None, "the game is over");
}

/// A game lost on time, opened again, shows the fallen flag at 0:00, not the time the
/// loser had after their last move: the flag fell after it.
#[test]
fn a_game_lost_on_time_shows_the_fallen_flag_at_zero_when_opened_again() {
    let text = "[TimeControl \"60+0\"]\n[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n\
                1. e4 {[%clk 0:00:50]} e5 {[%clk 0:00:20]} 2. Nf3 {[%clk 0:00:45]} 1-0";
    let record = read_game(text).expect("a game");
    let t0 = Instant::now();
    let mut app = app_for(&record, None, t0);
    app.update(Action::Tick(t0 + Duration::from_secs(5)));
    let shown = |app: &App, color| app.clock_face(color).map(|face| face.left);
    assert_eq!(shown(&app, Color::Black), Some(Duration::ZERO), "Black's flag fell");
    assert_eq!(shown(&app, Color::White), Some(Duration::from_secs(45)), "White's time is as recorded");
    let back = saved(&app, &record);
    assert_eq!(back.clocks.len(), 3, "no time is invented for a move nobody made");
}
