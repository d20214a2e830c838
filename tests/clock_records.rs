//! Clock times in saved games say only what happened: a `%clk` comment for a time a
//! clock measured here or a record gave, and nothing for a move nobody timed.

mod common;

use std::time::{Duration, Instant};

use common::driver::{play, press};
use hotseat::app::{Action, App};
use hotseat::chess::ByColor;
use hotseat::clock::TimeControl;
use hotseat::input::Key;
use hotseat::records::pgn::{PgnGame, read_game};
use hotseat::records::{self, Destination, Recorder};

fn controls(text: &str) -> ByColor<TimeControl> {
    let control: TimeControl = text.parse().expect("valid time control");
    ByColor { white: control, black: control }
}

/// The app for a recorded game, with the clocks it records or those given, as the
/// binary builds it.
fn app_for(record: &PgnGame, given: Option<ByColor<TimeControl>>, t0: Instant) -> App {
    let app = App::new(record.game.clone());
    match records::clocks(record, given) {
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
    let mut app = app_for(&record, Some(controls("5+0")), t0);
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
