//! The UCI client against a scripted fake engine (`common::fake_engine`): the
//! conversation, the order of the positions, a crash, hangs, garbage, and no process
//! left behind.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::{Duration, Instant};

use common::TempDir;
use common::fake_engine::{
    Answer, FakeScript, Hang, fake_engine, fake_pid, fake_pids, is_alive, log_file, wait_gone,
};
use hotseat::chess::{Color, Game, Move, Position, Square};
use hotseat::engine::{Analysis, EngineError, Event, Limit, Settings, Timeouts};
use hotseat::review::{Eval, Mark, Review};

/// Short deadlines, so a hang fails the test in seconds.
fn quick() -> Timeouts {
    Timeouts {
        handshake: Duration::from_millis(1500),
        ready: Duration::from_millis(1500),
        // Depth 10: a second, and the margin.
        depth_search: Duration::from_millis(100),
        movetime_margin: Duration::from_secs(1),
    }
}

fn game_of(sans: &[&str]) -> Game {
    let mut game = Game::new();
    for san in sans {
        game.play_san(san).expect("legal move");
    }
    game
}

fn start(engine: &Path, game: &Game, first: Vec<usize>) -> Analysis {
    Analysis::start_with(
        engine,
        game,
        &Settings { limit: Limit::Depth(10), first, timeouts: quick(), engines: Some(1), part_len: None },
    )
}

/// Every event until the end (or 20 seconds, which fails the test).
fn run_to_end(analysis: &mut Analysis) -> Vec<Event> {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut events = Vec::new();
    while !analysis.is_finished() {
        assert!(Instant::now() < deadline, "the analysis never ended: {events:?}");
        events.extend(analysis.wait(Duration::from_millis(50)));
    }
    events
}

fn review_from(game: &Game, events: &[Event]) -> Review {
    let mut review = Review::of(game);
    for event in events {
        if let Event::Analysed { index, eval, best, .. } = event {
            review.set(*index, *eval, *best);
        }
    }
    review
}

#[test]
fn every_position_is_analysed_and_scores_turn_to_whites_view() {
    let dir = TempDir::new("engine-every");
    // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#
    let game = game_of(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let script = FakeScript::answering([
        (0, Answer::cp(30, "e2e4")),
        (1, Answer::cp(-25, "e7e5")), // Black to move: -25 for Black is +25 for White
        (2, Answer::cp(30, "g1f3")),
        (3, Answer::cp(10, "b8c6")),
        (4, Answer::cp(40, "f1c4")),
        (5, Answer::cp(-20, "g7g6")),
        (6, Answer::mate(1, "h5f7")),
    ]);
    let engine = fake_engine(dir.path(), &script);
    let mut analysis = start(&engine, &game, Vec::new());
    assert_eq!(analysis.progress(), (0, 8));
    let events = run_to_end(&mut analysis);
    assert_eq!(events.last(), Some(&Event::Done), "{events:?}");
    assert_eq!(analysis.progress(), (8, 8));
    let indexes: Vec<usize> = events
        .iter()
        .filter_map(|e| if let Event::Analysed { index, .. } = e { Some(*index) } else { None })
        .collect();
    // One part (of eight), from its end back: the move played from each position has
    // just been searched when the engine comes to it.
    assert_eq!(indexes, (0..8).rev().collect::<Vec<_>>());
    let review = review_from(&game, &events);
    assert_eq!(review.eval(1), Some(Eval::Cp(25)));
    assert_eq!(review.eval(6), Some(Eval::Mate(1)));
    assert_eq!(review.eval(7), Some(Eval::Mate(0)), "the mated position is not asked");
    assert_eq!(review.best(5), Some(Move::normal(Square::G7, Square::G6)));
    assert_eq!(review.mark(5), Some(Mark::Blunder), "Nf6 allows mate");
    assert_eq!(review.better(5), Some(Move::normal(Square::G7, Square::G6)));
    assert_eq!(review.mark(6), None, "the mate itself");
    assert_eq!(review.counts(Color::Black), [0, 0, 1]);
    assert!(review.accuracy(Color::White).expect("complete") > 90.0);
    // The conversation, as the engine read it.
    let log = std::fs::read_to_string(log_file(dir.path())).expect("log");
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(&lines[..3], ["uci", "ucinewgame", "isready"], "{log}");
    assert!(!log.contains("UCI_Chess960"));
    // From the last capture or pawn move, with the moves since.
    let after_e5 = game.position_at(2).expect("ply 2").fen();
    assert!(log.contains(&format!("position fen {after_e5}\ngo depth 10\n")), "{log}");
    assert!(log.contains(&format!("position fen {after_e5} moves d1h5 b8c6\ngo depth 10\n")), "{log}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("go ")).count(), 7, "{log}");
    assert_eq!(lines.last(), Some(&"quit"));
}

#[test]
fn the_positions_asked_for_first_come_first() {
    let dir = TempDir::new("engine-order");
    let game = game_of(&["e4", "e5", "Nf3", "Nc6"]);
    let engine = fake_engine(dir.path(), &FakeScript::default());
    let mut analysis = start(&engine, &game, vec![3, 99, 3, 1]);
    let events = run_to_end(&mut analysis);
    let indexes: Vec<usize> = events
        .iter()
        .filter_map(|e| if let Event::Analysed { index, .. } = e { Some(*index) } else { None })
        .collect();
    assert_eq!(indexes, [3, 1, 4, 2, 0], "then the rest from the end back");
}

#[test]
fn a_preferred_position_jumps_the_queue() {
    let dir = TempDir::new("engine-prefer");
    let game = game_of(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    let script = FakeScript { delay: Some(Duration::from_millis(150)), ..FakeScript::default() };
    let engine = fake_engine(dir.path(), &script);
    let mut analysis = start(&engine, &game, Vec::new());
    // Once the engine is at work on the start position.
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::fs::read_to_string(log_file(dir.path())).map_or(true, |log| !log.contains("go depth")) {
        assert!(Instant::now() < deadline, "no search started");
        std::thread::sleep(Duration::from_millis(10));
    }
    analysis.prefer(1);
    let events = run_to_end(&mut analysis);
    let indexes: Vec<usize> = events
        .iter()
        .filter_map(|e| if let Event::Analysed { index, .. } = e { Some(*index) } else { None })
        .collect();
    assert_eq!(indexes[0], 6, "the position being analysed (the last: from the end back) is finished first");
    assert_eq!(indexes[1], 1, "{indexes:?}");
    assert_eq!(indexes.len(), 7);
}

#[test]
fn chess960_games_tell_the_engine() {
    let dir = TempDir::new("engine-960");
    let mut game = Game::from_position(Position::chess960(0).expect("position 0"));
    let moves = game.position().legal_moves();
    let first = *moves.iter().next().expect("a move");
    game.play(first);
    let engine = fake_engine(dir.path(), &FakeScript::default());
    let events = run_to_end(&mut start(&engine, &game, Vec::new()));
    assert_eq!(events.last(), Some(&Event::Done));
    let log = std::fs::read_to_string(log_file(dir.path())).expect("log");
    assert!(log.contains("setoption name UCI_Chess960 value true\n"), "{log}");
    let after = game.position().fen();
    assert!(
        log.contains(&format!("position fen {} moves ", game.start().fen())) || log.contains(&after),
        "{log}"
    );
}

#[test]
fn a_crash_mid_analysis_is_a_failure_and_no_more() {
    let dir = TempDir::new("engine-crash");
    let game = game_of(&["e4", "e5", "Nf3"]);
    let engine = fake_engine(dir.path(), &FakeScript { crash_on_go: Some(2), ..FakeScript::default() });
    let mut analysis = start(&engine, &game, Vec::new());
    let events = run_to_end(&mut analysis);
    assert_eq!(events.len(), 2, "{events:?}");
    assert!(matches!(events[0], Event::Analysed { index: 3, .. }), "from the end back");
    assert_eq!(events[1], Event::Failed(EngineError::Exited));
    assert_eq!(EngineError::Exited.to_string(), "The engine stopped unexpectedly.");
    assert_eq!(analysis.progress(), (1, 4));
    assert!(analysis.poll().is_empty(), "nothing after the end");
}

fn hang_fails_in_time(name: &str, hang: Hang, limit: Limit, what: &str) {
    let dir = TempDir::new(name);
    let game = game_of(&["e4"]);
    let engine = fake_engine(dir.path(), &FakeScript { hang: Some(hang), ..FakeScript::default() });
    let started = Instant::now();
    let mut analysis = Analysis::start_with(
        &engine,
        &game,
        &Settings { limit, first: Vec::new(), timeouts: quick(), engines: Some(1), part_len: None },
    );
    let events = run_to_end(&mut analysis);
    let took = started.elapsed();
    let Some(Event::Failed(EngineError::Timeout(waited))) = events.last() else { panic!("{events:?}") };
    assert!(waited.contains(what), "{waited}");
    assert!(took < Duration::from_secs(6), "{took:?}");
    let pid = fake_pid(dir.path()).expect("the engine started");
    assert!(wait_gone(pid), "the hung engine {pid} is still there");
}

#[test]
fn a_hang_on_the_handshake_times_out() {
    hang_fails_in_time("engine-hang-uci", Hang::Handshake, Limit::Depth(10), "uciok");
}

#[test]
fn a_hang_on_isready_times_out() {
    hang_fails_in_time("engine-hang-ready", Hang::Ready, Limit::Depth(10), "readyok");
}

#[test]
fn a_hang_on_go_times_out_for_a_depth_and_for_a_time() {
    hang_fails_in_time("engine-hang-go", Hang::Go(2), Limit::Depth(10), "best move");
    hang_fails_in_time(
        "engine-hang-movetime",
        Hang::Go(1),
        Limit::MoveTime(Duration::from_millis(200)),
        "best move",
    );
}

#[test]
fn a_movetime_search_may_take_its_time() {
    let dir = TempDir::new("engine-slow");
    let game = game_of(&["e4"]);
    // Answers after 1.2 s, longer than the depth deadline here but within the move time
    // plus its margin.
    let script = FakeScript { delay: Some(Duration::from_millis(1200)), ..FakeScript::default() };
    let engine = fake_engine(dir.path(), &script);
    let timeouts = Timeouts { depth_search: Duration::from_millis(10), ..quick() };
    let limit = Limit::MoveTime(Duration::from_secs(1));
    let mut analysis = Analysis::start_with(
        &engine,
        &game,
        &Settings { limit, first: Vec::new(), timeouts, engines: Some(1), part_len: None },
    );
    let events = run_to_end(&mut analysis);
    assert_eq!(events.last(), Some(&Event::Done), "{events:?}");
    let log = std::fs::read_to_string(log_file(dir.path())).expect("log");
    assert!(log.contains("go movetime 1000\n"), "{log}");
}

#[test]
fn garbage_is_skipped_and_the_answers_still_count() {
    let dir = TempDir::new("engine-garbage");
    let game = game_of(&["e4", "e5"]);
    let script = FakeScript {
        garbage: true,
        ..FakeScript::answering([
            (0, Answer::cp(20, "e2e4")),
            (1, Answer::cp(-30, "c7c5")),
            (2, Answer::cp(40, "g1f3")),
        ])
    };
    let engine = fake_engine(dir.path(), &script);
    let events = run_to_end(&mut start(&engine, &game, Vec::new()));
    assert_eq!(events.last(), Some(&Event::Done), "{events:?}");
    let review = review_from(&game, &events);
    assert_eq!(review.eval(0), Some(Eval::Cp(20)));
    assert_eq!(review.eval(1), Some(Eval::Cp(30)));
    assert_eq!(review.best(1), Some(Move::normal(Square::C7, Square::C5)));
}

#[test]
fn an_illegal_best_move_is_dropped_and_a_missing_score_is_an_error() {
    let dir = TempDir::new("engine-illegal");
    let game = game_of(&["e4", "e5"]);
    // From the end back: position 2 first, then 1.
    let script = FakeScript::answering([
        (2, Answer { infos: vec!["info depth 5 score cp 15 pv g1f4".into()], best: "g1f4".into() }),
        (1, Answer { infos: vec!["info depth 5 nodes 100".into()], best: "e7e5".into() }),
    ]);
    let engine = fake_engine(dir.path(), &script);
    let events = run_to_end(&mut start(&engine, &game, Vec::new()));
    assert_eq!(events[0], Event::Analysed { index: 2, eval: Eval::Cp(15), best: None, depth: 5 });
    let Some(Event::Failed(err @ EngineError::Garbage(_))) = events.last() else { panic!("{events:?}") };
    assert_eq!(
        err.to_string(),
        "The engine said something unexpected: a best move without an evaluation, after 1. e4."
    );
}

#[test]
fn an_engine_that_cannot_start_is_a_failure_event() {
    let dir = TempDir::new("engine-nostart");
    let missing = dir.path().join("no-such-engine");
    let mut analysis = start(&missing, &Game::new(), Vec::new());
    let events = run_to_end(&mut analysis);
    let [Event::Failed(err @ EngineError::Spawn { .. })] = events.as_slice() else { panic!("{events:?}") };
    assert!(err.to_string().starts_with("Cannot start the engine"), "{err}");
    // Not an engine at all: a program that exits at once.
    let engine = dir.path().join("true");
    std::fs::write(&engine, "#!/bin/sh\nexit 0\n").expect("write");
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let events = run_to_end(&mut start(&engine, &Game::new(), Vec::new()));
    assert_eq!(events, [Event::Failed(EngineError::Exited)]);
}

#[test]
fn dropping_an_analysis_kills_and_reaps_the_engine() {
    let dir = TempDir::new("engine-drop");
    let game = game_of(&["e4", "e5"]);
    let engine = fake_engine(dir.path(), &FakeScript { hang: Some(Hang::Go(1)), ..FakeScript::default() });
    let analysis = start(&engine, &game, Vec::new());
    let deadline = Instant::now() + Duration::from_secs(5);
    while analysis.engine_id().is_none() || fake_pid(dir.path()).is_none() {
        assert!(Instant::now() < deadline, "the engine never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    let pid = analysis.engine_id().expect("running");
    assert_eq!(fake_pid(dir.path()), Some(pid));
    assert!(is_alive(pid));
    let dropped = Instant::now();
    drop(analysis);
    // Killed and reaped by the drop itself: no zombie, no wait.
    assert!(!is_alive(pid), "the engine {pid} outlived its analysis");
    assert!(dropped.elapsed() < Duration::from_secs(1));
}

#[test]
fn a_finished_analysis_leaves_no_process() {
    let dir = TempDir::new("engine-finished");
    let engine = fake_engine(dir.path(), &FakeScript::default());
    let events = run_to_end(&mut start(&engine, &game_of(&["d4"]), Vec::new()));
    assert_eq!(events.last(), Some(&Event::Done));
    let pid = fake_pid(dir.path()).expect("started");
    assert!(!is_alive(pid), "the engine {pid} is still there after Done");
}

#[test]
fn an_analysis_dropped_at_once_starts_no_engine_after() {
    let dir = TempDir::new("engine-early-drop");
    let engine = fake_engine(dir.path(), &FakeScript::default());
    for _ in 0..20 {
        drop(start(&engine, &game_of(&["d4"]), Vec::new()));
    }
    // An engine started late would start within moments of the drop and then stay,
    // waiting for words: for a second, every engine that ever started is gone.
    let window = Instant::now() + Duration::from_secs(1);
    let mut looks = 0;
    while Instant::now() < window {
        for pid in fake_pids(dir.path()) {
            assert!(wait_gone(pid), "an engine {pid} started after its analysis was dropped");
        }
        looks += 1;
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(looks > 1, "looked {looks} times");
    for pid in fake_pids(dir.path()) {
        assert!(wait_gone(pid), "an engine {pid} started after its analysis was dropped");
    }
}

#[test]
fn the_estimate_appears_after_the_first_answer() {
    let dir = TempDir::new("engine-eta");
    let engine = fake_engine(
        dir.path(),
        &FakeScript { delay: Some(Duration::from_millis(100)), ..FakeScript::default() },
    );
    let mut analysis = start(&engine, &game_of(&["e4", "e5", "Nf3"]), Vec::new());
    assert_eq!(analysis.eta(), None);
    let deadline = Instant::now() + Duration::from_secs(10);
    while analysis.progress().0 == 0 {
        assert!(Instant::now() < deadline);
        analysis.wait(Duration::from_millis(50));
    }
    if !analysis.is_finished() {
        assert!(analysis.eta().is_some());
    }
    run_to_end(&mut analysis);
    assert_eq!(analysis.eta(), None);
}

#[test]
fn every_error_is_one_printable_sentence() {
    let hostile = std::path::PathBuf::from("/tmp/\x1b]0;pwned\x07/\u{202e}engine\nx");
    let errors = [
        EngineError::NotFound { tried: vec![hostile.clone(), "stockfish on PATH".into()] },
        EngineError::Spawn { path: hostile, reason: "Permission denied\x1b[2J".into() },
        EngineError::Timeout("readyok"),
        EngineError::Exited,
        EngineError::Garbage("a best move without an evaluation, after 3... Nf6".into()),
    ];
    for err in errors {
        let text = err.to_string();
        assert!(!text.chars().any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)), "{text:?}");
        assert!(text.ends_with('.'), "{text}");
        assert!(text.chars().next().is_some_and(char::is_uppercase), "{text}");
    }
}

#[test]
fn an_engine_program_busy_being_written_is_tried_again() {
    let dir = TempDir::new("engine-busy");
    let game = game_of(&["e4"]);
    let engine = fake_engine(dir.path(), &FakeScript::default());
    // Held open for writing, as a child forked by another thread holds a program just
    // written until it runs its own: running it fails with "Text file busy" meanwhile.
    let writing = std::fs::OpenOptions::new().write(true).open(&engine).expect("open for writing");
    let mut analysis = start(&engine, &game, Vec::new());
    // Held until the start has failed at least once, and been tried again.
    let deadline = Instant::now() + Duration::from_secs(20);
    while analysis.busy_retries() == 0 {
        assert!(Instant::now() < deadline, "the engine was never tried while busy");
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(writing);
    let events = run_to_end(&mut analysis);
    assert_eq!(events.last(), Some(&Event::Done), "{events:?}");
    assert!(analysis.busy_retries() >= 1);
}

#[test]
fn a_search_is_waited_for_a_generous_multiple_of_its_depth_or_time() {
    let timeouts = Timeouts::default();
    let depth = |d| timeouts.search(Limit::Depth(d));
    assert!(depth(1) <= Duration::from_secs(10), "{:?}", depth(1));
    assert!(depth(18) >= Duration::from_secs(60) && depth(18) < Duration::from_secs(180), "{:?}", depth(18));
    assert!(depth(30) > depth(18) * 2, "deeper searches take longer than their depth says");
    let time = timeouts.search(Limit::MoveTime(Duration::from_secs(10)));
    assert!(time >= Duration::from_secs(30), "{time:?}");
}

fn in_parts(engine: &Path, game: &Game, engines: usize, part_len: usize) -> Analysis {
    let settings = Settings {
        limit: Limit::Depth(10),
        timeouts: quick(),
        engines: Some(engines),
        part_len: Some(part_len),
        ..Settings::default()
    };
    Analysis::start_with(engine, game, &settings)
}

fn indexes_of(events: &[Event]) -> Vec<usize> {
    events
        .iter()
        .filter_map(|e| if let Event::Analysed { index, .. } = e { Some(*index) } else { None })
        .collect()
}

#[test]
fn engines_take_parts_in_turn_and_analyse_each_from_a_new_game_end_first() {
    let dir = TempDir::new("engine-parts");
    let game = game_of(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]);
    let engine = fake_engine(dir.path(), &FakeScript::default());
    let mut analysis = in_parts(&engine, &game, 2, 3);
    assert_eq!(analysis.parts(), [0..3, 3..6, 6..9, 9..11]);
    assert_eq!(analysis.engines(), 2);
    let events = run_to_end(&mut analysis);
    assert_eq!(events.last(), Some(&Event::Done), "{events:?}");
    assert_eq!(events.iter().filter(|e| **e == Event::Done).count(), 1, "one Done for the whole game");
    assert_eq!(analysis.progress(), (11, 11));
    let indexes = indexes_of(&events);
    let mut sorted = indexes.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..11).collect::<Vec<_>>(), "each position once: {indexes:?}");
    for part in analysis.parts() {
        let mine: Vec<usize> = indexes.iter().copied().filter(|i| part.contains(i)).collect();
        assert_eq!(mine, part.clone().rev().collect::<Vec<_>>(), "part {part:?} from its end back");
    }
    assert_eq!(fake_pids(dir.path()).len(), 2, "two engines for four parts");
    let log = std::fs::read_to_string(log_file(dir.path())).expect("log");
    assert_eq!(log.matches("go depth 10\n").count(), 11, "{log}");
    assert_eq!(log.matches("ucinewgame\n").count(), 4, "a new game, so an empty hash, a part: {log}");
}

#[test]
fn results_out_of_order_land_in_their_place() {
    let dir = TempDir::new("engine-out-of-order");
    let game = game_of(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let script = FakeScript {
        // The first part's first answer waits for the second part's last.
        answer_after: Some((3, 4)),
        ..FakeScript::answering([
            (0, Answer::cp(30, "e2e4")),
            (1, Answer::cp(-25, "e7e5")),
            (2, Answer::cp(30, "g1f3")),
            (3, Answer::cp(10, "b8c6")),
            (4, Answer::cp(40, "f1c4")),
            (5, Answer::cp(-20, "g7g6")),
            (6, Answer::mate(1, "h5f7")),
        ])
    };
    let engine = fake_engine(dir.path(), &script);
    let mut analysis = in_parts(&engine, &game, 2, 4);
    assert_eq!(analysis.parts(), [0..4, 4..8]);
    let events = run_to_end(&mut analysis);
    assert_eq!(events.last(), Some(&Event::Done), "{events:?}");
    // The engines answered 4 before 3 (the script holds the first part's answer until
    // the second part's last is given). The order the analysis hears them in is its
    // reader threads' (on a loaded machine 3 may be read first, one run in twenty):
    // what is checked is that every position is analysed and each result lands in its
    // place, whatever the order heard.
    let mut indexes = indexes_of(&events);
    indexes.sort_unstable();
    assert_eq!(indexes, (0..8).collect::<Vec<_>>(), "every position analysed once");
    let review = review_from(&game, &events);
    assert_eq!(review.eval(0), Some(Eval::Cp(30)));
    assert_eq!(review.eval(1), Some(Eval::Cp(25)));
    assert_eq!(review.eval(4), Some(Eval::Cp(40)));
    assert_eq!(review.eval(6), Some(Eval::Mate(1)));
    assert_eq!(review.eval(7), Some(Eval::Mate(0)));
    assert_eq!(review.mark(5), Some(Mark::Blunder), "Nf6 allows mate");
    assert_eq!(review.better(5), Some(Move::normal(Square::G7, Square::G6)));
    assert_eq!(review.counts(Color::Black), [0, 0, 1]);
}

#[test]
fn one_engine_dying_mid_review_fails_it_and_no_engine_outlives_it() {
    let dir = TempDir::new("engine-part-dies");
    let game = game_of(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    // Parts 0..4 and 4..8, each from its end back: the first engine hangs on its second
    // search (position 2), the second dies on its first (position 6).
    let script = FakeScript { hang: Some(Hang::Go(2)), crash_at: Some(6), ..FakeScript::default() };
    let engine = fake_engine(dir.path(), &script);
    let mut analysis = in_parts(&engine, &game, 2, 4);
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut events = Vec::new();
    while !analysis.is_finished() {
        assert!(Instant::now() < deadline, "the analysis never ended: {events:?}");
        events.extend(analysis.wait(Duration::from_millis(50)));
    }
    assert_eq!(events.last(), Some(&Event::Failed(EngineError::Exited)), "{events:?}");
    assert!(!events.contains(&Event::Done));
    // Ended and reaped before the failure was reported: no wait. The first engine may not
    // have written its pid yet when the second died (under load it did not, 2 runs in 6),
    // so the process table is searched too, for any process started from this engine.
    let pids = fake_pids(dir.path());
    assert!(!pids.is_empty(), "no engine started");
    for pid in pids {
        assert!(!is_alive(pid), "the engine {pid} outlived the failed review");
    }
    assert_eq!(running_from(dir.path()), Vec::<String>::new(), "an engine outlived the failed review");
    assert!(analysis.engine_ids().is_empty());
}

/// The command lines of the processes still running a program in `dir` (on Linux).
fn running_from(dir: &std::path::Path) -> Vec<String> {
    let dir = dir.to_string_lossy().into_owned();
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit()))
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|cmdline| String::from_utf8_lossy(&cmdline).replace('\0', " "))
        .filter(|cmdline| cmdline.contains(&dir))
        .collect()
}

// ----- the engine's deeds through the session's door (issue 26) -----

#[test]
fn a_deed_fed_as_the_engines_that_the_door_refuses_is_not_done_and_the_engine_still_moves() {
    use hotseat::app::{Action, App, Deed};
    use hotseat::session::computer::{Chooser, Computer, Sides, Strength};
    use hotseat::session::{Counting, Feeder, Session};

    let dir = TempDir::new("engine-door");
    let script = FakeScript {
        options: vec!["option name MultiPV type spin default 1 min 1 max 500".into()],
        delay: Some(Duration::from_millis(200)),
        ..FakeScript::answering([(1, Answer::cp(-20, "e7e5"))])
    };
    let engine = fake_engine(dir.path(), &script);
    let computer = Computer::start(&engine, Strength::Level(2), Sides::Black, false, Chooser::seeded(7))
        .expect("the fake engine starts");
    let mut app = App::new(Game::new());
    let mut effects = Counting::default();
    let mut session = Session::new(&mut app, &mut effects).with_computer(Some(computer));
    let e4 = Game::new().position().parse_uci("e2e4").expect("legal");
    // Deeds that come as the engine's but are not its to do: an answer with no offer
    // standing, a move of the side it does not play, White's resignation.
    for deed in [Deed::Answer(true), Deed::Move(e4, None), Deed::Resign(Color::White), Deed::Claim] {
        session.act(Feeder::Engine, Action::Do(deed));
        assert_eq!(session.app().game().ply(), 0, "{deed:?} was done");
        assert!(!session.app().game().is_over(), "{deed:?} was done");
        assert_eq!(session.app().message(), None, "the players here are told nothing of {deed:?}");
    }
    // White moves; while the engine thinks, an answer comes as the engine's with
    // nothing asked: refused, and the engine's turn goes on to its move.
    assert!(session.act(Feeder::Here, Action::Do(Deed::Move(e4, None))));
    session.tick(Instant::now());
    session.act(Feeder::Engine, Action::Do(Deed::Answer(false)));
    assert_eq!(session.app().game().ply(), 1);
    let deadline = Instant::now() + Duration::from_secs(20);
    while session.app().game().ply() < 2 {
        assert!(Instant::now() < deadline, "the engine never moved");
        session.tick(Instant::now());
        session.carry_out();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(session.app().game().san_moves(), ["e4", "e5"]);
    drop(session);
    assert!(effects.effects.contains(&hotseat::app::Effect::Save), "the moves are saved");
}
